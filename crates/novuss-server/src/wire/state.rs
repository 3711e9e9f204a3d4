//! The state of a game as a client draws it (docs/protocol.md, "The
//! state"): everything after an event, with what the rules say about the
//! next stroke already worked out, so the client needs no rules of its
//! own. `game/view.rs` builds it from a game.

use novuss_core::physics::Physics;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{DiscId, Format, SetResult, Side};
use novuss_core::seat::Seat;
use novuss_core::table::Table;
use novuss_core::DVec2;
use novuss_core::{ContenderId, MatchFormat, PlayerId};
use serde::Serialize;

use crate::people::seats::SeatView;
use crate::policy::May;

/// A game's whole state.
#[derive(Clone, Debug, Serialize)]
pub struct State {
    /// The game's id.
    pub id: String,
    /// The event it is the state after.
    pub event: u64,
    /// When the game was created, seconds since 1970.
    pub created: i64,
    /// Whether strokes may be taken back.
    pub casual: bool,
    /// Whether the match moves its players' ratings.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Seconds a player has for each stroke, if the game has a clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stroke_clock: Option<u32>,
    /// The players, in seating order.
    pub players: Vec<PlayerView>,
    /// Singles, doubles or four players.
    pub format: Format,
    /// The rule profile.
    pub profile: ProfileId,
    /// The table.
    pub table: Table,
    /// The game's physics: the page's aiming sums use its friction and
    /// restitutions rather than copies of the defaults.
    pub physics: Physics,
    /// The fastest stroke, m/s.
    pub max_speed: f64,
    /// The match.
    #[serde(rename = "match")]
    pub progress: MatchView,
    /// The set in play (or just finished).
    pub set: SetView,
    /// Who is to play, if anyone.
    pub turn: Option<TurnView>,
    /// Whether a set is over and the match goes on.
    pub between_sets: bool,
    /// Whether a take-back would be accepted.
    pub can_take_back: bool,
    /// Whether the match may still be called off (nobody has a result to
    /// lose yet: not every side has stroked in the first set).
    pub can_abort: bool,
    /// Who holds each player's seat and whether they are connected, by
    /// player (none in a replay's states).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seats: Vec<SeatView>,
    /// Whether the game was abandoned (nobody touched it for the
    /// server's abandonment period): nothing more is played in it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
    /// What each client may do now, by player and for a watcher
    /// ([`crate::policy::may`]; none in a replay's states).
    #[serde(skip_serializing_if = "May::is_empty")]
    pub may: May,
}

/// A player as clients see them.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    /// `None` for a player nobody named: the client names them.
    pub name: Option<String>,
    /// A person or the computer.
    pub kind: Kind,
    /// The computer's level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<LevelName>,
    /// Where they sit in the set shown.
    pub seat: Option<Seat>,
    /// Their side in it.
    pub side: Option<Side>,
}

/// The match.
#[derive(Clone, Debug, Serialize)]
pub struct MatchView {
    /// Sets in the match: the number its format is called by.
    pub sets: u32,
    /// How many sets and when the match ends: a best of, a fixed number
    /// (an even one may end drawn), or first to K.
    pub format: MatchFormat,
    /// Sets a contender needs to win it.
    pub needed: u32,
    /// The set shown.
    pub set_number: u32,
    /// Sets won per contender.
    pub score: Vec<u32>,
    /// Whether it is over.
    pub over: bool,
    /// Who won it.
    pub winner: Option<ContenderId>,
    /// Whether it ended level, a drawn match (3:3 in six sets).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    /// The player who resigned the match, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resigned: Option<PlayerId>,
    /// Whether the match was called off without a result.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// Each set's result so far.
    pub results: Vec<SetResult>,
}

/// The set shown.
#[derive(Clone, Debug, Serialize)]
pub struct SetView {
    /// The seats in the order of play.
    pub seats: Vec<Seat>,
    /// Strokes played in it.
    pub strokes: u32,
    /// Whether it is over.
    pub over: bool,
    /// Its result, once over.
    pub result: Option<SetResult>,
    /// Each side's standing.
    pub sides: Vec<SideView>,
    /// Every disc.
    pub discs: Vec<DiscView>,
}

/// One side of the set.
#[derive(Clone, Debug, Serialize)]
pub struct SideView {
    /// The side.
    pub side: Side,
    /// Its players.
    pub players: Vec<usize>,
    /// Its seats.
    pub seats: Vec<Seat>,
    /// Its discs on the table.
    pub on_table: usize,
    /// Its discs pocketed.
    pub pocketed: usize,
    /// Penalty discs it owes.
    pub debt: u32,
}

/// One disc.
#[derive(Clone, Debug, Serialize)]
pub struct DiscView {
    /// Its id.
    pub id: DiscId,
    /// Its side.
    pub side: Side,
    /// Where it lies; `None` once pocketed.
    pub at: Option<DVec2>,
    /// Whether it is a penalty disc.
    pub penalty: bool,
    /// Whether it lies in the dark zone of the seat to play.
    pub dark: bool,
}

/// Who is to play.
#[derive(Clone, Debug, Serialize)]
pub struct TurnView {
    /// The seat.
    pub seat: Seat,
    /// Its side.
    pub side: Side,
    /// The player there.
    pub player: Option<PlayerId>,
    /// A person or the computer.
    pub kind: Kind,
    /// Where the striker may stand.
    pub region: Option<RegionView>,
}

/// Where the striker's centre may stand: the rectangle less a circle of
/// radius `clear` round every disc.
#[derive(Clone, Debug, Serialize)]
pub struct RegionView {
    /// The rectangle's corner nearest the origin.
    pub min: DVec2,
    /// Its opposite corner.
    pub max: DVec2,
    /// The radius kept clear round each disc.
    pub clear: f64,
}

/// Who plays a seat, as clients are told.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A person.
    Human,
    /// The computer.
    Computer,
}

/// A computer level, sent by its name (`club`, `expert`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelName(pub novuss_ai::Level);

impl Serialize for LevelName {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0.name())
    }
}
