//! The speeds below which the engine treats motion as settled. They are
//! tolerances of the event-driven method, not properties of a table, so
//! they live apart from the parameters ([`super::Physics`]); every part of
//! the engine (collisions, predictions, clusters) reads them from here.

/// A body slower than this after an impulse is at rest, m/s. It would slide
/// at most 3.4 nm on the default table before friction stopped it.
pub const STOP_SPEED: f64 = 1e-4;

/// Touching bodies (or a body and a cushion) closing no faster than this are
/// in *resting* contact, not colliding, m/s. Without it a disc wedged between
/// a neighbour and a cushion receives an endless geometric series of ever
/// smaller impulses (ending in rounding noise). The interpenetration it
/// allows is at most this speed times a slide's duration: under 1 µm for the
/// longest slide the table permits (about 5.4 s at 8 m/s).
pub const RESTING_SPEED: f64 = 1e-7;

/// Touching bodies still closing on each other slower than this once an
/// instant is resolved are left to drift, m/s: at most a few picometres
/// over the longest slide of the default table. Anything faster, down to
/// this, is taken out by the inelastic projection of the cluster, so that
/// no pair creeps into another, or a body into a cushion, by more than the
/// contact tolerance. It lies far above the rounding of a velocity (about
/// 10⁻¹⁵ m/s) and far below [`RESTING_SPEED`].
pub const DRIFT_SPEED: f64 = 1e-12;
