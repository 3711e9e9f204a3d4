//! The lobby (docs/protocol.md, "The lobby"): open challenges anyone may
//! accept, the public games being played with how many watch them, and
//! "play someone now", which pairs a visitor with the waiting challenge
//! nearest their rating or makes one for others to accept.
//!
//! It is a feature of its own over the hub and the store: the hub knows
//! nothing of it. In layers, each using only those above it:
//! - `terms.rs`: what a challenge asks, how long it is listed, whether a
//!   rating is in its range;
//! - `view.rs`: the [`Lobby`] itself, the lobby as everyone sees it kept a
//!   moment, and each viewer's own view of it;
//! - `actions.rs`: making, accepting and withdrawing challenges, and "play
//!   someone now";
//! - `live.rs`: the lobby followed live ([`Live`]), with one refresh shared
//!   by every follower.

mod actions;
mod live;
mod terms;
mod view;

pub use live::{Live, Said};
pub use view::Lobby;
