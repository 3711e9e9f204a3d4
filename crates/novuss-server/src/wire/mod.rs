//! The protocol's types, in one place: everything a client sends or is
//! sent, as plain data (docs/protocol.md; docs/architecture.md, "Where a
//! message goes"). The features build these values and read them; this
//! module decides nothing and depends only on leaves (ids, error codes,
//! offers, the policy's answer, the seats as shown) and on the core's and
//! the AI's types, never on the hub, a game's room, the store or the
//! network's edge.
//!
//! - [`ws_in`]: the requests a client sends on a game's WebSocket;
//! - [`ws_out`]: the messages the server sends there, as two types: the
//!   events, numbered, kept for clients that reconnect
//!   ([`ws_out::Event`]), and everything else ([`ws_out::Notice`]); the
//!   chat's own two are in [`chat`];
//! - [`state`]: the state of a game, as the state message, every event and
//!   `GET /api/games/{id}` carry it;
//! - [`motion`] and [`timers`]: a stroke's motion and the clocks, parts of
//!   those messages;
//! - [`http`]: the HTTP routes' request and answer bodies, by feature.
//!
//! An error's body is [`crate::error::Failure`] itself (`{code, detail,
//! error_id?}`), on HTTP as an answer and on the WebSocket inside
//! [`ws_out::Notice::Error`]. `src/golden.rs` writes one real example of
//! every message, request and body to `tests/golden/protocol.json`, which
//! the page's types are checked against.

pub mod chat;
pub mod http;
pub mod motion;
pub mod pick;
pub mod state;
pub mod timers;
pub mod ws_in;
pub mod ws_out;
