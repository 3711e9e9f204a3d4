//! People: who sent a request (identities and sessions), optional
//! accounts, and who holds each game's seats.

pub mod identity;
pub mod seats;
