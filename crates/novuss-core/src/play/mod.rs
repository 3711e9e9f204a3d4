//! Play: sets strung into a match, and the record of it.
//!
//! Above the [`rules`](crate::rules), which judge one set: a
//! [`match_play::Match`] says who sits where in each set and who has won,
//! a [`game::Game`] keeps the match, the set in play, the engine and the
//! record in step (what a server keeps per game), and [`record`] writes and
//! replays whole matches. [`match_format`] says when a match of a
//! competition's format (a fixed number of sets with draws, best of,
//! first to) is over and what its result is worth.

pub mod game;
pub mod match_format;
pub mod match_play;
pub mod record;
