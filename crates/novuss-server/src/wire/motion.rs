//! A stroke as clients are shown it: who played it, and its motion (the
//! engine's exact paths and fates, and its audible moments). The trace is
//! also what is stored with the stroke (`game/event.rs`), so that a replay
//! shows exactly what the players saw; `game/trace.rs` makes it from the
//! engine's outcome and compares a fresh simulation with it.

use std::sync::Arc;

use novuss_core::physics::Fate;
use novuss_core::rules::set::DiscId;
use serde::{Deserialize, Serialize};

/// Who played a stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// A person.
    Human,
    /// The computer.
    Computer,
}

/// A stroke's motion as clients get it: what each body is, and its trace.
#[derive(Serialize)]
pub struct Motion {
    /// `None` the striker, otherwise a disc id.
    pub bodies: Vec<Option<DiscId>>,
    /// The paths, fates, duration and contacts.
    #[serde(flatten)]
    pub trace: Arc<Trace>,
}

/// What a stroke looked like.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trace {
    /// For each body (the striker first, then the discs on the table in
    /// the set's order) its segments `[t, x, y, vx, vy, a]`.
    pub paths: Vec<Vec<[f64; 6]>>,
    /// Where each body ended.
    pub fates: Vec<Fate>,
    /// When the last body stopped or left, s.
    pub duration: f64,
    /// The moments a player hears, in time order.
    pub contacts: Vec<Contact>,
}

/// A moment a player hears.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    /// When, s after the push.
    pub t: f64,
    /// What.
    pub kind: Sound,
    /// The closing speed (bodies) or the normal speed (cushions), m/s; 0
    /// for a pocket.
    pub speed: f64,
}

/// The kinds of contact a client has a sound for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sound {
    /// Two bodies met (the striker included).
    Disc,
    /// A body came off a cushion.
    Cushion,
    /// A body fell into a pocket.
    Pocket,
}
