//! A game's routes: a new game (`POST /api/games`) and its answer, taking
//! an invited seat (`POST /api/games/{id}/join`) and new links
//! (`POST /api/games/{id}/invites`). `game/setup.rs` checks a new game.

use novuss_ai::Level;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::Format;
use novuss_core::{MatchFormat, PlayerId};
use serde::{Deserialize, Serialize};

use crate::ids::{GameId, PersonId};
use crate::wire::pick::Pick;
use crate::wire::state::State;

/// A new game, as `POST /api/games` takes it (docs/protocol.md).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `singles`, `doubles` or `four_player`.
    pub format: Pick<Format>,
    /// A rule profile's name.
    pub profile: Pick<ProfileId>,
    /// 1, 3 or 5: a best of that many sets. May be left out when
    /// `match_format` is given; otherwise it must be the number of sets
    /// the format is called by.
    #[serde(default)]
    pub sets: Option<u32>,
    /// How many sets and when the match ends (issue 32): a best of, a
    /// fixed number of sets (an even one can end drawn), or first to K;
    /// the shape competitions use (`{"kind": "sets", "sets": 6}`). Absent:
    /// a best of `sets`.
    #[serde(default)]
    pub match_format: Option<MatchFormat>,
    /// The players in seating order.
    pub players: Vec<PlayerSpec>,
    /// Whether strokes may be taken back.
    #[serde(default = "yes")]
    pub casual: bool,
    /// Whether the game is listed for everyone to watch; otherwise only
    /// its players and those they give its link see it.
    #[serde(default)]
    pub public: bool,
    /// Whether the match moves its players' ratings: only between
    /// people, each seat but the creator's taken by invitation, and
    /// never with take-backs (`casual` must be false).
    #[serde(default)]
    pub rated: bool,
    /// Seconds a player has for each stroke (15, 30 or 60), or none.
    #[serde(default)]
    pub stroke_clock: Option<u32>,
}

fn yes() -> bool {
    true
}

/// One player of a new game.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlayerSpec {
    /// A person: at this screen, or at another one with an invitation
    /// (`invite`), in which case the seat waits for whoever opens its
    /// link first.
    Human {
        /// Their name.
        #[serde(default)]
        name: Option<String>,
        /// Whether the seat is for a person at another screen.
        #[serde(default)]
        invite: bool,
    },
    /// The computer.
    Computer {
        /// Its level's name.
        level: Pick<Level>,
        /// Its name.
        #[serde(default)]
        name: Option<String>,
    },
}

/// A new game: its state, and the invitations to its seats for people at
/// other screens (shown to its creator once: only their hashes are kept).
#[derive(Debug, Serialize)]
pub struct Created {
    /// The game's id (in its state too).
    #[serde(skip)]
    pub id: GameId,
    /// The game.
    #[serde(flatten)]
    pub state: State,
    /// One per invited seat (none: no field).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub invites: Vec<Invite>,
}

/// An invitation to a seat.
#[derive(Debug, Serialize)]
pub struct Invite {
    /// The player whose seat it is, from 0.
    pub player: u32,
    /// The secret that takes the seat (`POST /api/games/{id}/join`).
    pub invite: String,
}

/// What `POST /api/games/{id}/invites` answers: new links for the seats
/// still waiting.
#[derive(Debug, Serialize)]
pub struct Invites {
    /// One per open seat.
    pub invites: Vec<Invite>,
}

/// What `POST /api/games/{id}/join` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The invitation's secret, from the link.
    pub invite: String,
}

/// What `POST /api/games/{id}/join` answers: the seat taken.
#[derive(Debug, Serialize)]
pub struct Joined {
    /// The game.
    pub game: GameId,
    /// The player whose seat it is.
    pub player: PlayerId,
    /// The person who holds it now.
    pub person: PersonId,
}

/// One game in the list of games.
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    pub id: GameId,
    pub created: i64,
    pub updated: i64,
    pub format: novuss_core::rules::set::Format,
    pub profile: novuss_core::rules::profile::ProfileId,
    pub sets: u32,
    /// How many sets and when the match ends.
    pub match_format: MatchFormat,
    pub players: Vec<Option<String>>,
    pub who: Vec<Who>,
    pub origin: GameOrigin,
    pub over: bool,
    pub score: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<novuss_core::ContenderId>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// Whether the match ended level (3:3 in six sets).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    pub event: u64,
    pub strokes: u32,
}
/// Who plays as player `k` of a listed game.
#[derive(Clone, Debug, Serialize)]
pub struct Who {
    pub name: Option<String>,
    pub kind: crate::wire::state::Kind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<crate::wire::state::LevelName>,
    /// The seat's holder was forgotten at their request: no name, and the
    /// page says "a deleted player" (docs/privacy.md).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forgotten: bool,
}

/// Where a game came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameOrigin {
    /// Played on this server.
    #[default]
    Played,
    /// Made from an uploaded game record.
    Uploaded,
    /// A board of a competition played on this server: its result is the
    /// board's, so neither player may call it off (a match called off has
    /// none; a player who must leave resigns).
    Competition,
}
