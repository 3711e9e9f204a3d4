//! The computer players' tests, one binary (one link step) of modules:
//! the ladder of levels, the players against each other and alone, and
//! the aiming tool's planner.

mod ladder;
mod players;
mod target;
