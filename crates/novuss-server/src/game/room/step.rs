//! What a change of a game is, before it is stored: the event it adds
//! (its body, as stored) and the step that moves the room on once it is
//! ([`super::Room::commit`]). A leaf of the room: it knows the game's
//! events, not the room.

use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::{Game, Prepared};
use novuss_core::seat::Seat;
use novuss_core::PlayerId;

use crate::error::Failure;
use crate::game::event::{Act, Happened};
use crate::game::view::Summary;
use crate::wire::motion::{By, Motion};
use crate::wire::timers::Call;

/// A checked change, not yet stored.
pub struct Change {
    pub(super) happened: Happened,
    /// The game's summary after it.
    pub(super) summary: Summary,
    /// Whether the match is over after it.
    pub(super) over: bool,
    pub(super) step: Step,
}

/// What a change does to the room.
pub(super) enum Step {
    /// A stroke, judged but not yet applied.
    Stroke {
        /// The seat that played.
        seat: Seat,
        /// Who.
        by: By,
        /// The stroke.
        stroke: Stroke,
        /// Whether the motion is the one stored with it.
        stored: bool,
        /// The player who made it, read before it (a stroke that ends a
        /// set moves the match on to the next set's seating).
        player: Option<PlayerId>,
        prepared: Box<Prepared>,
        motion: Motion,
    },
    /// A take-back: the game as it is after it, and how many actions stay.
    Rewind { game: Box<Game>, keep: usize },
    /// The next set.
    NextSet,
    /// A resignation.
    Resign { seat: Seat, player: PlayerId },
    /// An abort.
    Abort { seat: Seat },
    /// A call of the referee's or the server's: the game as it is after
    /// it, worked out on a copy.
    Called {
        game: Box<Game>,
        act: Act,
        call: Call,
        /// The seat called: the one timed out, the absent one.
        seat: Seat,
        /// The claimant's seat.
        by: Option<Seat>,
        player: Option<PlayerId>,
        verdict: Option<Box<novuss_core::rules::verdict::Verdict>>,
    },
}

impl Change {
    /// The event as it is stored.
    pub fn body(&self) -> Result<String, Failure> {
        serde_json::to_string(&self.happened)
            .map_err(|e| Failure::internal("an event could not be written", &e))
    }

    /// The event as stored, without a stroke's motion: for a stroke a
    /// fresh simulation plays bit for bit as it was played (an uploaded
    /// record, checked so before it is stored), the motion is simulated
    /// again when it is shown, as for events stored before motions were
    /// kept. A motion is most of a stroke's event: kept, it made an
    /// uploaded record cost several times its own size.
    pub fn body_without_motion(&self) -> Result<String, Failure> {
        let mut happened = self.happened.clone();
        if let Happened::Stroke { trace, .. } = &mut happened {
            *trace = None;
        }
        serde_json::to_string(&happened)
            .map_err(|e| Failure::internal("an event could not be written", &e))
    }

    /// Whether the match is over after it.
    pub fn over(&self) -> bool {
        self.over
    }

    /// The game's summary after it.
    pub fn summary(&self) -> Result<String, Failure> {
        self.summary.json()
    }
}
