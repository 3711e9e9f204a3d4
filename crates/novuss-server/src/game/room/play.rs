//! A change a player asks of the game, as one value: what the policy is
//! asked about it, then the room's own check of it (`change.rs`). A leaf
//! of the room: it knows the request and the policy's actions only.

use novuss_core::seat::Seat;

use crate::policy::Action;
use crate::wire::ws_in::StrokeRequest;

/// A change a player asks of the game (the WebSocket's `stroke`,
/// `take_back`, `next_set`, `resign` and `abort`): what the policy is asked
/// about it, then the room's own check of it against the game.
#[derive(Clone, Debug)]
pub enum Play {
    /// A stroke, for the seat it names.
    Stroke(StrokeRequest),
    /// Take back the last human stroke.
    TakeBack {
        /// The event the client saw.
        event: u64,
    },
    /// Start the next set.
    NextSet {
        /// The event the client saw.
        event: u64,
    },
    /// The player at `seat` resigns the match.
    Resign {
        /// The event the client saw.
        event: u64,
        /// Whose resignation.
        seat: Seat,
    },
    /// The player at `seat` calls the match off.
    Abort {
        /// The event the client saw.
        event: u64,
        /// Who calls it off.
        seat: Seat,
    },
}

impl Play {
    /// The event the client saw when it asked.
    pub fn event(&self) -> u64 {
        match self {
            Play::Stroke(r) => r.event,
            Play::TakeBack { event }
            | Play::NextSet { event }
            | Play::Resign { event, .. }
            | Play::Abort { event, .. } => *event,
        }
    }

    /// What the policy is asked: the seat in question (`None`: the whole
    /// game's) and the action.
    pub(super) fn asked(&self) -> (Option<Seat>, Action) {
        match self {
            Play::Stroke(r) => (Some(r.seat), Action::Stroke),
            Play::TakeBack { .. } => (None, Action::TakeBack),
            Play::NextSet { .. } => (None, Action::NextSet),
            Play::Resign { seat, .. } => (Some(*seat), Action::Resign),
            Play::Abort { seat, .. } => (Some(*seat), Action::Abort),
        }
    }
}
