//! The lobby's bodies (docs/protocol.md, "Lobby"): a challenge's terms as
//! asked, the lobby as one visitor sees it (`GET /api/lobby`, and the
//! `lobby` event of `GET /api/lobby/live`), what "play someone now" did,
//! and the `accepted` event. The lobby (`crate::lobby`) builds them.

use novuss_core::rules::set::Format;
use serde::{Deserialize, Serialize};

use super::games::Listed;
use novuss_core::{MatchFormat, PlayerId};

use crate::ids::{GameId, PersonId};

/// A new challenge, as `POST /api/lobby/challenges` takes it: the game's
/// terms, and whom it is for.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewChallenge {
    /// `singles`, `doubles` or `four_player`.
    pub format: String,
    /// A rule profile's name.
    pub profile: String,
    /// 1, 3 or 5, a best of; may be left out when `match_format` is
    /// given (as in a new game).
    #[serde(default)]
    pub sets: Option<u32>,
    /// How many sets and when the match ends, as a new game takes it.
    #[serde(default)]
    pub match_format: Option<MatchFormat>,
    /// Whether it moves ratings (then with no take-backs).
    #[serde(default)]
    pub rated: bool,
    /// Seconds a stroke, if the game has a clock.
    #[serde(default)]
    pub stroke_clock: Option<u32>,
    /// The acceptor's rating at least.
    #[serde(default)]
    pub min_rating: Option<i64>,
    /// The acceptor's rating at most.
    #[serde(default)]
    pub max_rating: Option<i64>,
}

/// The lobby as `GET /api/lobby` answers it, and as its live stream sends
/// it (the `lobby` event).
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// Open challenges, newest first.
    pub challenges: Vec<Challenge>,
    /// Public games being played, the most watched first.
    pub live: Vec<LiveGame>,
}
/// An open challenge.
#[derive(Clone, Debug, Serialize)]
pub struct Challenge {
    /// Its game.
    pub id: GameId,
    /// When it was made, seconds since 1970.
    pub created: i64,
    /// Who made it: their public id, name and rating in the format.
    pub creator: PersonId,
    /// Their display name, if they chose one.
    pub name: Option<String>,
    /// Their rating in the game's format.
    pub rating: i64,
    /// Whether their rating is still provisional.
    pub provisional: bool,
    /// `singles`, `doubles` or `four_player`.
    pub format: Format,
    /// The rule profile.
    pub profile: novuss_core::rules::profile::ProfileId,
    /// Sets: the number its format is called by.
    pub sets: u32,
    /// How many sets and when the match ends.
    pub match_format: MatchFormat,
    /// Whether it is rated.
    pub rated: bool,
    /// Seconds a stroke, if it has a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stroke_clock: Option<u32>,
    /// The rating range asked of the acceptor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min_rating: Option<i64>,
    /// The rating range asked of the acceptor.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_rating: Option<i64>,
    /// Seats still open.
    pub open: u32,
    /// Whether the visitor may accept it (not theirs, in their range).
    pub acceptable: bool,
}
/// A public game being played.
#[derive(Clone, Debug, Serialize)]
pub struct LiveGame {
    /// The game, as the list of games shows it.
    #[serde(flatten)]
    pub game: Listed,
    /// Sockets open on it that are not its players'.
    pub watchers: usize,
}
/// What "play someone now" did.
#[derive(Debug, Serialize)]
pub struct Quick {
    /// The game to open.
    pub id: String,
    /// The player the visitor plays, if they took a seat of a waiting
    /// challenge; none when a new challenge waits for someone else.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<u32>,
    /// Whether the game waits for an opponent.
    pub waiting: bool,
}

/// The `accepted` event of `GET /api/lobby/live`: the challenge the
/// visitor waits on has every seat taken; the game to open.
#[derive(Clone, Debug, Serialize)]
pub struct Accepted {
    /// The game.
    pub id: GameId,
}

/// What `POST /api/lobby/challenges/{id}/accept` answers: the seat the
/// visitor took.
#[derive(Clone, Debug, Serialize)]
pub struct Seated {
    /// The game.
    pub id: GameId,
    /// The player whose seat it is.
    pub player: PlayerId,
    /// The person who holds it now.
    pub person: PersonId,
}
