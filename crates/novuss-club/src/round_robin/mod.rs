//! All play all: every entrant meets every other once (or twice), by
//! FIDE's Berger tables (Handbook C.05, Annex 1).

mod berger;

pub use berger::{berger, Cycles, Pairing, Round, RoundRobinError, MAX_ENTRANTS};
