//! Every request a client sends on a game's WebSocket (docs/protocol.md,
//! "From the client"): a JSON object whose `type` is the variant's name.
//! The socket (`net/ws.rs`) reads one and asks the hub; a request that is
//! not one of these is `bad_message`.

use novuss_ai::Level;
use novuss_core::seat::Seat;
use serde::Deserialize;

use crate::offers::OfferKind;
use crate::wire::chat::{Preset, Room};
use crate::wire::pick::Pick;

/// A request.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    /// The client follows the game: from event `since` on, or from its
    /// whole state.
    Hello {
        /// The last event the client saw.
        #[serde(default)]
        since: Option<u64>,
    },
    /// A stroke for the person at `seat`.
    Stroke(StrokeRequest),
    /// Take the last strokes back (a casual game of one person).
    TakeBack {
        /// The event the client's picture is at.
        event: u64,
    },
    /// Start the next set.
    NextSet {
        /// The event the client's picture is at.
        event: u64,
    },
    /// The player at `seat` resigns the match.
    Resign {
        /// The event the client's picture is at.
        event: u64,
        /// Their seat.
        seat: Seat,
    },
    /// The player at `seat` calls the match off.
    Abort {
        /// The event the client's picture is at.
        event: u64,
        /// Their seat.
        seat: Seat,
    },
    /// The computer's suggestion for the player to stroke.
    Hint {
        /// The event the client's picture is at.
        event: u64,
        /// The level that chooses (`expert` when absent); a name that is
        /// no level is refused with the event it named.
        #[serde(default)]
        level: Option<Pick<Level>>,
    },
    /// The player at `seat` claims the set or the match from the absent
    /// player at `absent`.
    Claim {
        /// The event the client's picture is at.
        event: u64,
        /// The claimant's seat.
        seat: Seat,
        /// The absent player's seat.
        absent: Seat,
        /// The set or the match.
        what: Claimed,
    },
    /// The page is being closed: the player is going, not cut off.
    Bye,
    /// The player at `seat` offers the other side a take-back or a
    /// rematch.
    Offer {
        /// The event the client's picture is at.
        event: u64,
        /// The offerer's seat.
        seat: Seat,
        /// What is offered.
        kind: OfferKind,
    },
    /// The other side answers the waiting offer.
    Answer {
        /// What was offered.
        kind: OfferKind,
        /// Yes or no.
        accept: bool,
    },
    /// A chat line: a preset phrase or free text.
    Chat {
        /// A preset phrase.
        #[serde(default)]
        preset: Option<Preset>,
        /// Free text.
        #[serde(default)]
        text: Option<String>,
        /// The room meant (the writer's own).
        #[serde(default)]
        room: Option<Room>,
    },
    /// The creator allows or forbids free text.
    ChatSettings {
        /// Whether free text is allowed.
        free_text: bool,
    },
}

/// A stroke as a client asks for it (the `stroke` request, without its
/// `type`).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrokeRequest {
    /// The event the client's picture is at.
    pub event: u64,
    /// The seat it plays for.
    pub seat: Seat,
    /// The striker's centre.
    pub striker: [f64; 2],
    /// The push's direction.
    pub direction: [f64; 2],
    /// The speed, m/s.
    pub speed: f64,
}

/// What an absent player's opponent claims.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Claimed {
    /// The set in play: the absent side forfeits it, as the organiser
    /// forfeits a side (`000` 1.28); none in a four-player game.
    Set,
    /// The match: it ends as if the absent player resigned.
    Match,
}
