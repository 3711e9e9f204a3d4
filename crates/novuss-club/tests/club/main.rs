//! The club crate from outside, one binary of modules:
//!
//! - `berger`: the round robin tables against FIDE's published ones, and
//!   what every table must be for any number of entrants;
//! - `knockout`: seeded brackets, byes and the match for third place.

mod berger;
mod double;
mod groups;
mod knockout;
mod tables;
