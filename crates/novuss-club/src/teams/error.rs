//! Why a team competition refuses what it is given: one typed reason
//! each, with a stable code that clients word in their reader's
//! language, and an English sentence for the command line and the logs.

use std::fmt;

use novuss_core::MatchPoints;
use serde::Serialize;

use super::limits::{MAX_BOARDS, MAX_ROSTER, MAX_TEAMS};
use super::line_up::{LineUpProblem, RosterPlace, TeamSide};
use crate::results::Entrant;

/// Why teams, rules, a match or a round cannot be taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum TeamError {
    /// Not 1 to [`MAX_BOARDS`] boards.
    Boards {
        /// The number asked for.
        boards: u32,
    },
    /// Board points where a win is not worth more than a draw, a draw
    /// less than a loss, or a board's two results together more than a
    /// win (a lost board worth something, or a draw over half a win):
    /// then passing half of the points on offer would not decide a match.
    BoardPoints {
        /// The points asked for.
        points: MatchPoints,
    },
    /// Match points where a win is not worth more than a draw, or a draw
    /// less than a loss.
    MatchPoints {
        /// The points asked for.
        points: MatchPoints,
    },
    /// Board points for a pairing-allocated bye over the points on offer.
    ByeBoardPoints {
        /// The points asked for.
        board_points: u32,
    },
    /// A team without a name.
    NoName {
        /// The team, from 1.
        team: u32,
    },
    /// A team's name or club over 80 characters or holding a control
    /// character.
    Text {
        /// The team, from 1.
        team: u32,
        /// Which: `name` or `club`.
        field: &'static str,
    },
    /// Two teams of the same name.
    SameName {
        /// The later team, from 1.
        team: u32,
        /// The earlier one.
        earlier: u32,
    },
    /// A team with nobody on its roster, or more than
    /// [`MAX_ROSTER`].
    Roster {
        /// The team, from 1.
        team: u32,
        /// The roster's length.
        players: usize,
    },
    /// The same person twice on one roster, or on two teams' (the same
    /// licence, or the same name and birth year).
    PlayerTwice {
        /// The team where they appear again, from 1.
        team: u32,
        /// Their place there.
        place: RosterPlace,
        /// The team where they appear first.
        earlier_team: u32,
        /// Their place there.
        earlier_place: RosterPlace,
    },
    /// More teams than [`MAX_TEAMS`].
    TooManyTeams {
        /// Teams given.
        teams: u32,
    },
    /// A line-up that cannot be fielded.
    LineUp {
        /// Whose.
        side: TeamSide,
        /// What is wrong with it.
        problem: LineUpProblem,
    },
    /// No such board in the match.
    NoBoard {
        /// The board named.
        board: u32,
    },
    /// A board that a line-up left empty: its result (lost by the side
    /// that fielded nobody) follows from the line-up.
    EmptyBoard {
        /// The board.
        board: u32,
    },
    /// A match or bye that names a team not in the competition.
    UnknownTeam {
        /// The number named.
        team: Entrant,
    },
    /// A team paired against itself.
    MeetsItself {
        /// The team.
        team: Entrant,
    },
    /// A team in a round twice (in two matches, or a match and the bye).
    TwiceInRound {
        /// The round, from 1.
        round: u32,
        /// The team.
        team: Entrant,
    },
    /// A round with a match still running, before the next is paired.
    RoundOpen {
        /// The round, from 1.
        round: u32,
    },
}

impl fmt::Display for TeamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TeamError::Boards { boards } => write!(
                f,
                "a team match has 1 to {} boards, not {boards}",
                MAX_BOARDS
            ),
            TeamError::BoardPoints { points } => write!(
                f,
                "board points {}/{}/{} cannot decide a match by passing half",
                points.win, points.draw, points.loss
            ),
            TeamError::MatchPoints { points } => write!(
                f,
                "match points {}/{}/{} do not rank a win over a draw over a loss",
                points.win, points.draw, points.loss
            ),
            TeamError::ByeBoardPoints { board_points } => write!(
                f,
                "a bye cannot be worth {board_points} board points, more than a match offers"
            ),
            TeamError::NoName { team } => write!(f, "team {team} has no name"),
            TeamError::Text { team, field } => write!(
                f,
                "team {team}'s {field} is over 80 characters or holds a control character"
            ),
            TeamError::SameName { team, earlier } => {
                write!(f, "team {team} has the name of team {earlier}")
            }
            TeamError::Roster { team, players } => write!(
                f,
                "team {team} has {players} players: a roster has 1 to {}",
                MAX_ROSTER
            ),
            TeamError::PlayerTwice {
                team,
                place,
                earlier_team,
                earlier_place,
            } => write!(
                f,
                "player {} of team {team} is player {} of team {earlier_team} already",
                place.0, earlier_place.0
            ),
            TeamError::TooManyTeams { teams } => {
                write!(f, "{teams} teams: a competition has at most {}", MAX_TEAMS)
            }
            TeamError::LineUp { side, problem } => {
                let whose = match side {
                    TeamSide::First => "the first-named team",
                    TeamSide::Second => "the second-named team",
                };
                write!(f, "{whose}'s line-up: {problem}")
            }
            TeamError::NoBoard { board } => write!(f, "the match has no board {board}"),
            TeamError::EmptyBoard { board } => write!(
                f,
                "board {board} was left empty by a line-up: its result is already known"
            ),
            TeamError::UnknownTeam { team } => write!(f, "there is no team {}", team.0),
            TeamError::MeetsItself { team } => {
                write!(f, "team {} cannot meet itself", team.0)
            }
            TeamError::TwiceInRound { round, team } => {
                write!(f, "team {} is in round {round} twice", team.0)
            }
            TeamError::RoundOpen { round } => {
                write!(f, "round {round} has a match still running")
            }
        }
    }
}

impl std::error::Error for TeamError {}
