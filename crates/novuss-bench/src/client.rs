//! Clients of a running novuss server, as a browser would talk to it: the
//! HTTP requests ([`http`]) and a person at a game over its WebSocket
//! ([`player`]). The server benchmark and the load tool both play through
//! them, so that what they measure is the path a real person's requests
//! take.

pub mod http;
pub mod player;
