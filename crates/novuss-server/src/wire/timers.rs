//! The clocks as clients are shown them (the `timers` message), and what
//! the referee or the server called (the `called` event). The deadlines
//! themselves are worked out in `game/clock.rs` and the room.

use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::Serialize;

/// What the referee or the server called, in a `called` event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Call {
    /// The stroke clock ran out: a refused stroke (`000` 3.6.15).
    TimeOut,
    /// The opponent of an absent player claimed the set.
    ClaimedSet,
    /// The opponent of an absent player claimed the match.
    ClaimedMatch,
    /// Nobody touched the game for the abandonment period.
    Abandoned,
}

/// The clocks of a game now, for its clients (the `timers` message). The
/// times are relative, in milliseconds from when it was sent, so that a
/// client's own clock being wrong does not matter.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Timers {
    /// The game's event when this was sent.
    pub event: u64,
    /// The stroke clock of the player to stroke, if it runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stroke: Option<StrokeTimer>,
    /// The player to stroke who is away, and when their opponent may
    /// claim.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub absent: Option<AbsentTimer>,
}

/// The stroke clock of the player to stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct StrokeTimer {
    /// Their seat.
    pub seat: Seat,
    /// Milliseconds left (0: run out, the time-out is being recorded; it
    /// waits while no player has the game open).
    pub left_ms: i64,
}

/// A player away on their turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct AbsentTimer {
    /// Their seat.
    pub seat: Seat,
    /// The player.
    pub player: PlayerId,
    /// Milliseconds until their opponent may claim (0: now).
    pub claim_in_ms: i64,
    /// Whether their page said goodbye.
    pub bye: bool,
}
