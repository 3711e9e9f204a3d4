//! The core of novuss: the table, its bodies, the physics and the rules of
//! Novuss, the Latvian table game. Pure: no I/O, no async, no clock.
//!
//! Data flows one way: a [`stroke::Stroke`] is simulated by the
//! [`physics::Engine`] into an event log, which the referee judges into a new
//! game state.

#![warn(missing_docs)]

pub mod aim;
pub mod game;
pub mod layout;
pub mod match_play;
pub mod physics;
pub mod placement;
pub mod profile;
pub mod record;
pub mod referee;
pub mod seat;
pub mod set;
pub mod stroke;
pub mod table;
pub mod verdict;
pub mod zone;

pub use glam::DVec2;
