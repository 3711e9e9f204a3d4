//! People: who sent a request (identities and sessions), optional
//! accounts, who holds each game's seats, and the competitions a person
//! is entered in.

pub mod competitions;
pub mod data;
pub mod identity;
pub mod seats;
