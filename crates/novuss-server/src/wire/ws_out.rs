//! Every message the server sends on a game's WebSocket, as two types:
//! the events, numbered, which move the game on and are kept for clients
//! that reconnect ([`Event`]), and everything else ([`Notice`]). The `type`
//! field is the variant's name; docs/protocol.md ("From the server")
//! describes each. The chat's own two messages are in [`super::chat`];
//! tests/golden/protocol.json has an example of each. The room, the hub
//! and the socket make them.

use std::sync::Arc;

use novuss_core::physics::stroke::Stroke;
use novuss_core::rules::verdict::{RuleRef, Verdict};
use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::Serialize;

use crate::error::Code;
use crate::offers::{Offer, OfferKind};
use crate::people::seats::SeatView;
use crate::policy::May;
use crate::wire::motion::{By, Motion};
use crate::wire::state::{LevelName, State};
use crate::wire::timers::{Call, Timers};

/// An event: what moves a game on. Each carries its number (`event`) and
/// the game after it; a room keeps the last of them for clients that
/// reconnect (docs/protocol.md, "Events").
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event<'a> {
    /// An event: a stroke, with its motion and verdict.
    Stroke {
        /// Its event number.
        event: u64,
        /// The seat that played.
        seat: Seat,
        /// The player who played, read before the stroke.
        player: Option<PlayerId>,
        /// A person or the computer.
        by: By,
        /// The stroke as played.
        stroke: &'a Stroke,
        /// What moved, and how.
        motion: &'a Motion,
        /// The referee's verdict.
        verdict: &'a Verdict,
        /// The clauses of each of the verdict's reasons.
        rules: Vec<&'static [RuleRef]>,
        /// The game after it.
        state: State,
    },
    /// An event: strokes taken back.
    TakenBack {
        /// Its event number.
        event: u64,
        /// How many strokes were taken back.
        strokes: usize,
        /// The game after it.
        state: State,
    },
    /// An event: the next set started.
    SetStarted {
        /// Its event number.
        event: u64,
        /// The set now in play.
        set_number: u32,
        /// The game after it.
        state: State,
    },
    /// An event: the player at `seat` resigned; the match is over.
    Resigned {
        /// Its event number.
        event: u64,
        /// The seat that resigned.
        seat: Seat,
        /// The player who resigned.
        player: PlayerId,
        /// The game after it.
        state: State,
    },
    /// An event: the player at `seat` called the match off; it is over
    /// with no result.
    Aborted {
        /// Its event number.
        event: u64,
        /// The seat that aborted.
        seat: Seat,
        /// The game after it.
        state: State,
    },
    /// An event: a call of the referee's (the stroke clock ran out) or
    /// of the server's (a claim against an absent player, an abandoned
    /// game).
    Called {
        /// Its event number.
        event: u64,
        /// What was called.
        call: Call,
        /// The seat called: the one timed out, or away.
        seat: Seat,
        /// The claimant's seat.
        #[serde(skip_serializing_if = "Option::is_none")]
        by: Option<Seat>,
        /// The player at `seat`.
        #[serde(skip_serializing_if = "Option::is_none")]
        player: Option<PlayerId>,
        /// The referee's verdict, for a time-out or a claimed set.
        #[serde(skip_serializing_if = "Option::is_none")]
        verdict: Option<&'a Verdict>,
        /// The clauses of each of the verdict's reasons.
        #[serde(skip_serializing_if = "Option::is_none")]
        rules: Option<Vec<&'static [RuleRef]>>,
        /// The game after it.
        state: State,
    },
}

/// A message that is not an event: it moves nothing on, is sent once to
/// whoever is connected, and is never replayed (the whole state, who is
/// connected, clocks, offers, the computer thinking, a hint, a refusal).
// A notice is made and serialised at once, never kept: the size of its
// largest variant (the whole state) costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Notice<'a> {
    /// The whole game, for a client that (re)connects or fell behind.
    State {
        /// The game's last event.
        event: u64,
        /// The game.
        state: State,
    },
    /// The computer is choosing its stroke (not an event).
    Thinking {
        /// The event it plays after.
        event: u64,
        /// Its seat.
        seat: Seat,
        /// The player it plays for.
        player: PlayerId,
    },
    /// The computer's suggestion for the player to stroke.
    Hint {
        /// The event it is for.
        event: u64,
        /// The seat to stroke.
        seat: Seat,
        /// The level that chose it.
        level: LevelName,
        /// The stroke it would play.
        best: &'a novuss_ai::Choice,
        /// Other good strokes.
        alternatives: &'a [novuss_ai::Choice],
    },
    /// A player offers the other side a take-back or a rematch. Not an
    /// event.
    Offer {
        /// The offer.
        #[serde(flatten)]
        offer: Offer,
        /// What each client may do with the offer waiting.
        may: May,
    },
    /// The other side answered the offer (a take-back accepted comes as
    /// its event, a rematch accepted as `rematch`). Not an event.
    Answered {
        /// What was offered.
        kind: OfferKind,
        /// Whether it was accepted.
        accepted: bool,
        /// What each client may do now.
        may: May,
    },
    /// The rematch the players agreed on: the new game's id.
    Rematch {
        /// The new game.
        id: &'a str,
    },
    /// The game's clocks: the stroke clock of the player to stroke, and
    /// a player away on their turn. Not an event.
    Timers {
        /// The clocks.
        #[serde(flatten)]
        timers: Timers,
    },
    /// Who holds each seat and who is connected, when that changed (a
    /// person took an invited seat, a player came or went). Not an event.
    Seats {
        /// By player.
        seats: Vec<SeatView>,
        /// What each client may do now: who holds the seats decides it.
        may: May,
    },
    /// The game's last event is a stroke made `elapsed_ms` ago, which may
    /// still be moving on the screens of those who saw it made: a client
    /// that connects and is sent it among the events it missed shows the
    /// rest of it. Sent before them. Not an event.
    Moving {
        /// The stroke's event.
        event: u64,
        /// Milliseconds since it was made.
        elapsed_ms: u64,
    },
    /// How many watch the game: sockets open on it that are not its
    /// players', when that changed (and on connecting, if any do). Not an
    /// event.
    Watchers {
        /// The sockets open on the game that are not its players'.
        count: usize,
    },
    /// A request refused; nothing changed.
    Error {
        /// Why.
        code: Code,
        /// The event the request named, if it could be read.
        #[serde(skip_serializing_if = "Option::is_none")]
        event: Option<u64>,
        /// In English, for logs.
        detail: &'a str,
        /// For a failure of the server's own: where its cause is logged.
        #[serde(skip_serializing_if = "Option::is_none")]
        error_id: Option<&'a str>,
    },
}

impl Event<'_> {
    /// The message as the text of a WebSocket frame.
    pub fn text(&self) -> Arc<str> {
        // Every message is made of the server's own types, which always
        // serialise; an empty message would be a bug, not a crash.
        serde_json::to_string(self).unwrap_or_default().into()
    }
}

impl Notice<'_> {
    /// The message as the text of a WebSocket frame.
    pub fn text(&self) -> Arc<str> {
        serde_json::to_string(self).unwrap_or_default().into()
    }
}
