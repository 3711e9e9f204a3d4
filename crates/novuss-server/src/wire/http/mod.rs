//! The HTTP routes' bodies, by feature (docs/protocol.md, "HTTP"): what a
//! route reads (`…Request`, a new game) and what it answers. An answer
//! that is a game's state is [`super::state::State`]; an error is
//! [`crate::error::Failure`]. The replay, the analysis and the aiming
//! tool's answers are made by `game/replay.rs`, `game/analysis.rs` and the
//! AI's planner, the list of games by `game/listing.rs` (`Listed`), and
//! the lobby's bodies by the lobby; each is in the golden file all the same.

pub mod accounts;
pub mod clubs;
pub mod competitions;
pub mod games;
pub mod lobby;
pub mod moderation;
pub mod my_data;
pub mod people;
pub mod player_competitions;
pub mod ratings;
pub mod server;
pub mod tables;
