//! The network's side: listening and the front door's checks, the limits
//! per address, request bodies, the HTTP routes and the WebSocket, the
//! heavy requests' share of the machine, and the embedded page.

pub mod body;
pub mod guard;
pub mod held;
pub mod http;
pub mod limits;
pub mod listen;
pub mod web;
pub mod work;
pub mod ws;
