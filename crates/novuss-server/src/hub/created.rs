//! What creating a game answers its creator: the game, and the
//! invitations to its seats for people at other screens. A leaf of the
//! hub: creating a game (`people.rs`) and making a challenge (the lobby)
//! both answer it.

use serde::Serialize;

use crate::game::view::State;
use crate::ids::GameId;

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
