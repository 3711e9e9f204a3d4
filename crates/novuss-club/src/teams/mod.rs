//! The federation's team championship (issue 32, "Teams"): teams of
//! players in board order, team matches board against board, a match
//! ended as soon as one team has passed half of the board points, and
//! team standings.
//!
//! - [`Team`] and [`TeamRules`] (`team.rs`): a team's roster in board
//!   order, reserves after the boards; boards per match, board points and
//!   team match points (2/1/0 each by default).
//! - [`LineUp`] (`line_up.rs`): who plays a match, in roster order, board
//!   `b` against board `b`, the first-named team breaking first on the
//!   odd boards.
//! - [`TeamMatch`] (`team_match.rs`): the boards' results as they come
//!   in, and the match's result from them.
//! - [`team_standings`] (`standings.rs`, `direct.rs`): match points, board
//!   points, the direct encounter, a shared place.
//! - [`swiss_field`] and [`berger_round`] (`pairing.rs`): teams paired by
//!   the Berger tables and by the Dutch system on team match points.
//!
//! Pure, as the rest of the crate: the server stores a team competition
//! as the line-ups and results it was given, and rebuilds it from them.

mod direct;
mod error;
mod limits;
mod line_up;
mod pairing;
mod standings;
mod team;
mod team_match;

pub use error::TeamError;
pub use limits::{MAX_BOARDS, MAX_ROSTER, MAX_TEAMS};
pub use line_up::{boards, breaks_first, Board, LineUp, LineUpProblem, RosterPlace, TeamSide};
pub use pairing::{berger_round, swiss_field, swiss_round, team_points};
pub use standings::{team_standings, Meeting, MeetingResult, TeamRound, TeamRow};
pub use team::{check_teams, ByeScore, Team, TeamRules};
pub use team_match::{BoardResult, BoardStatus, TeamMatch, TeamMatchScore, TeamOutcome};
