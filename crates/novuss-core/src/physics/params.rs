//! The physical constants of the engine. Every value is configurable; the
//! defaults are documented with their origin in `docs/physics.md`.

use serde::{Deserialize, Serialize};

/// Dynamic parameters of the table surface and the bodies.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Physics {
    /// Coefficient of sliding (Coulomb) friction between a body and the
    /// surface. A body slides with constant deceleration `friction * gravity`.
    /// 0.15 is a well-powdered federation table; a "slow" or "fast" table is
    /// just another value. Range (0, 2]; with `gravity`, a deceleration in
    /// [1e-9, 200] m/s² (see `physics::limits`).
    pub friction: f64,
    /// Gravitational acceleration, m/s². Range (0, 100].
    pub gravity: f64,
    /// Coefficient of restitution between two playing discs. Range [0, 1].
    pub restitution_disc_disc: f64,
    /// Coefficient of restitution between the striker and a playing disc.
    /// Range [0, 1].
    pub restitution_striker_disc: f64,
    /// Coefficient of restitution between any body and a cushion (hard wood,
    /// `000` 7.1.4). Range [0, 1].
    pub restitution_cushion: f64,
    /// The fastest stroke accepted, m/s. Range (0, 20].
    pub max_stroke_speed: f64,
    /// A body that meets a cushion with a normal speed above this leaves the
    /// table over it, m/s. The rules count such a body "out" (`000` 1.20,
    /// `002` 3.9); the engine reports over which cushion or corner. Range
    /// (0, 100].
    pub off_table_speed: f64,
    /// A body whose centre is over a pocket falls in unless it is moving
    /// faster than this, m/s: a fast body "jumps the pocket" (`000`, playing
    /// hints). Derived in `docs/physics.md` from the time a body needs to tip
    /// over the rim. Range [0, 100]; at 0 a body falls only when it stops
    /// over a hole.
    pub pocket_jump_speed: f64,
    /// Contacts closing slower than this are treated as perfectly inelastic,
    /// m/s. This is how touching clusters settle in finitely many events
    /// instead of an endless series of ever smaller bounces. Range
    /// [1e-6, 0.1].
    pub rest_speed: f64,
    /// Two bodies are in contact when their gap is at most this, m; bodies
    /// pressed together in the opening rows are "in contact" at distance 0.
    /// Range [1e-12, 1e-4]: no two bodies ever overlap by more, nor does
    /// any body reach past a cushion by more.
    pub contact_tolerance: f64,
    /// A stroke stops being simulated after this many events and impulses
    /// (including impulses inside touching clusters that are not logged
    /// separately, and projections of clusters) and is reported as truncated
    /// (a guard against pathological input, never reached with the default
    /// physics by the opening break, random play or the stress positions of
    /// the test-suite). Range [1, [`MAX_EVENTS`](super::MAX_EVENTS)].
    pub max_events: usize,
}

impl Default for Physics {
    fn default() -> Self {
        Physics {
            friction: 0.15,
            gravity: 9.81,
            restitution_disc_disc: 0.8,
            restitution_striker_disc: 0.8,
            restitution_cushion: 0.7,
            max_stroke_speed: 8.0,
            off_table_speed: 7.5,
            pocket_jump_speed: 2.0,
            rest_speed: 1e-3,
            contact_tolerance: 1e-9,
            max_events: 10_000,
        }
    }
}

impl Physics {
    /// Deceleration of a sliding body, m/s².
    pub fn deceleration(&self) -> f64 {
        self.friction * self.gravity
    }
}
