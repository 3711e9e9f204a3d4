//! When will the next event of a body, or of a pair of bodies, happen?
//!
//! Every prediction is exact: body paths are straight lines with a quadratic
//! distance-time law (see [`super::motion`]), so cushion and pocket times
//! are roots of quadratics and contact times are roots of a quartic
//! ([`super::roots`]). Each prediction is only valid until one of the bodies
//! involved changes its motion; the engine then predicts again.

use glam::DVec2;

use super::motion::{time_to_slide, Kin, Track};
use super::roots::{first_closing, first_descent, Closing, Poly};
use super::tolerance::RESTING_SPEED;
use crate::table::{Corner, Cushion, Table};

/// A single-body event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Solo {
    Cushion(Cushion),
    /// The centre crosses into a pocket's hole.
    Enter(Corner),
    /// The centre leaves the hole it was over without falling.
    Exit(Corner),
    /// The body has slowed enough over the hole to fall.
    Fall(Corner),
    Stop,
}

impl Solo {
    /// Order among events at the same instant (see [`super::EventKind::rank`]).
    pub fn rank(self) -> u8 {
        match self {
            Solo::Cushion(_) => 1,
            Solo::Exit(_) => 2,
            Solo::Enter(_) | Solo::Fall(_) => 3,
            Solo::Stop => 5,
        }
    }
}

/// The first instant at or after `now` at which two bodies, in states `a`
/// and `b` at `now`, come into contact, if before either stops.
pub(crate) fn contact(a: &Kin, ra: f64, b: &Kin, rb: f64, now: f64, tolerance: f64) -> Option<f64> {
    if !a.moving && !b.moving {
        return None;
    }
    let rel = b.p - a.p;
    let d = ra + rb;
    // Broad phase: even sliding straight at each other they cannot close the gap.
    let lim = d + a.reach + b.reach;
    let dist2 = rel.length_squared();
    if dist2 > lim * lim {
        return None;
    }
    let bv = b.v - a.v;
    let approach = rel.dot(bv);
    let dist = dist2.sqrt();
    if dist - d <= tolerance {
        let closing = -approach / dist;
        if closing > RESTING_SPEED {
            return Some(now);
        }
        if closing >= -RESTING_SPEED {
            return touching(a, b, d, now);
        }
        // Clearly separating: the general search below finds any return.
    }
    if !a.moving || !b.moving {
        // One body rests: the other's centre runs along a straight line, so
        // contact is where that line meets the circle of radius `d`.
        let (m, rel) = if a.moving { (a, rel) } else { (b, -rel) };
        let u = m.v / m.speed;
        // |−rel + u s|² = d²  ⇔  s² − 2(u·rel)s + (dist² − d²) = 0
        let half_b = -u.dot(rel);
        if half_b >= 0.0 {
            return None; // moving away from the resting body
        }
        let k = dist2 - d * d;
        let disc = half_b * half_b - k;
        if disc < 0.0 {
            return None;
        }
        let s = (k / (-half_b + disc.sqrt())).max(0.0);
        return if s <= m.reach {
            m.time_to(s).map(|tau| now + tau)
        } else {
            None
        };
    }
    let horizon = a.stop.min(b.stop) - now;
    // Broad phase: the two paths, as segments over the horizon, must come
    // within `d` of each other.
    let ends = |k: &Kin| k.p + k.v * horizon + k.acc * (horizon * horizon);
    // (Give or take the rounding of the distance itself: only a pair
    // clearly apart may be skipped.)
    if segment_distance(a.p, ends(a), b.p, ends(b)) > d + tolerance + SEGMENT_ROUNDING {
        return None;
    }
    first_descent(&gap_poly(a, b, d), 0.0, horizon).map(|tau| now + tau)
}

/// `|rel + bv τ + cv τ²|² − d²` for the relative motion of `b` seen from
/// `a` (both moving), lowest degree first: negative while they overlap.
fn gap_poly(a: &Kin, b: &Kin, d: f64) -> Poly {
    let (rel, bv, cv) = (b.p - a.p, b.v - a.v, b.acc - a.acc);
    [
        rel.length_squared() - d * d,
        2.0 * rel.dot(bv),
        bv.length_squared() + 2.0 * rel.dot(cv),
        2.0 * bv.dot(cv),
        cv.length_squared(),
    ]
}

/// A change of a gap smaller than this is rounding, m: positions near 1 m
/// carry errors of about 10⁻¹⁶ m, and contact tolerances are at least
/// 10⁻¹² m.
const GAP_ROUNDING: f64 = 1e-14;

/// How two touching bodies (contact distance `d`), neither closing nor
/// separating faster than [`RESTING_SPEED`], next close on each other, if
/// before the first of them stops (see [`first_closing`]). The gap
/// polynomial is exact for a body at rest too (no velocity, no
/// deceleration).
fn touching_closing(a: &Kin, b: &Kin, d: f64, now: f64) -> Option<Closing> {
    let stop = |k: &Kin| if k.moving { k.stop } else { f64::INFINITY };
    let horizon = stop(a).min(stop(b)) - now;
    first_closing(&gap_poly(a, b, d), 0.0, horizon, 2.0 * d * GAP_ROUNDING)
}

/// Whether two touching bodies, both moving and not closing faster than
/// [`RESTING_SPEED`], are being pushed into each other right now. Friction
/// decelerates each body along its own path, so two bodies moving in
/// different directions can be pressed together at second order; their
/// relative tangential motion carries them apart (the `|bv|²` term of the
/// gap), and when it wins they merely graze. A body at rest never presses:
/// the other runs straight, and a straight path that touches a circle
/// without closing on it only leaves it.
///
/// "Right now" is as [`touching`] would predict it: a press that starts
/// within rounding of now starts now.
pub(crate) fn pressed(a: &Kin, b: &Kin, d: f64, now: f64) -> bool {
    a.moving
        && b.moving
        && matches!(touching_closing(a, b, d, now), Some(Closing::Press(tau)) if now + tau <= now)
}

/// The next contact of two touching bodies that are not closing or
/// separating faster than [`RESTING_SPEED`]: when the gap, having opened,
/// closes again, or when they start pressing into each other (now, if they
/// already do). A touching contact that merely persists is not found
/// again.
fn touching(a: &Kin, b: &Kin, d: f64, now: f64) -> Option<f64> {
    touching_closing(a, b, d, now).map(|c| match c {
        Closing::Approach(tau) | Closing::Press(tau) => now + tau,
    })
}

/// Margin on the broad phase's segment distance for its rounding, m.
const SEGMENT_ROUNDING: f64 = 1e-12;

/// Shortest distance between segments `p0p1` and `q0q1`.
fn segment_distance(p0: DVec2, p1: DVec2, q0: DVec2, q1: DVec2) -> f64 {
    let (d1, d2, r) = (p1 - p0, q1 - q0, p0 - q0);
    let (a, e, f) = (d1.length_squared(), d2.length_squared(), d2.dot(r));
    // Only a segment of no length at all is a point: a body creeping to a
    // stop moves nanometres, and its squared length can be far below
    // machine epsilon while it still meets another body.
    let (s, t) = if a == 0.0 && e == 0.0 {
        (0.0, 0.0)
    } else if a == 0.0 {
        (0.0, (f / e).clamp(0.0, 1.0))
    } else {
        let c = d1.dot(r);
        if e == 0.0 {
            ((-c / a).clamp(0.0, 1.0), 0.0)
        } else {
            let b = d1.dot(d2);
            let denom = a * e - b * b;
            let mut s = if denom > 0.0 {
                ((b * f - c * e) / denom).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let mut t = (b * s + f) / e;
            if t < 0.0 {
                t = 0.0;
                s = (-c / a).clamp(0.0, 1.0);
            } else if t > 1.0 {
                t = 1.0;
                s = ((b - c) / a).clamp(0.0, 1.0);
            }
            (s, t)
        }
    };
    ((p0 + d1 * s) - (q0 + d2 * t)).length()
}

/// The body's next cushion contact: time and side. Sides are tried in
/// [`Cushion::ALL`] order, so an exact corner hit reports the first of the two
/// (the other follows at the same instant).
pub(crate) fn cushion(t: &Track, radius: f64, table: &Table, now: f64) -> Option<(f64, Cushion)> {
    if !t.moving() {
        return None;
    }
    let p = t.position(now);
    let travelled = (p - t.p0).length();
    let mut best: Option<(f64, Cushion)> = None;
    for side in Cushion::ALL {
        let un = t.u.dot(side.outward());
        if un <= 0.0 {
            continue;
        }
        let gap = table.distance_to_cushion(p, side) - radius;
        if gap <= 0.0 && un * t.speed_at(now) <= RESTING_SPEED {
            continue; // sliding along the cushion it rests against
        }
        let s = (gap / un).max(0.0);
        if let Some(at) = time_along(t, travelled, s, now) {
            if best.is_none_or(|(bt, _)| at < bt) {
                best = Some((at, side));
            }
        }
    }
    best
}

/// Time at which the track has gone `s` further metres from where it is at
/// `now` (`travelled` metres from its start), if it gets that far.
fn time_along(t: &Track, travelled: f64, s: f64, now: f64) -> Option<f64> {
    if s == 0.0 {
        return Some(now);
    }
    time_to_slide(t.speed, t.decel, travelled + s).map(|tau| (t.t0 + tau).max(now))
}

/// Half-chord below which a path only grazes a pocket's rim, m. With the
/// federation's sizes a disc sliding along a cushion has its centre exactly
/// on the rim of the corner pockets (65 − 50 = 15 mm = its radius), so
/// rounding alone would decide whether it falls (`0.985 − 0.935` is not
/// exactly `0.05`); a 1 µm half-chord means the centre must pass 10 pm
/// inside the rim, far below any physical meaning and far above rounding.
const GRAZE: f64 = 1e-6;

/// The body's next pocket event. `over` is the pocket whose hole the centre
/// is over, if any; `jump_speed` the speed above which it passes over.
pub(crate) fn pocket(
    t: &Track,
    table: &Table,
    over: Option<Corner>,
    jump_speed: f64,
    now: f64,
) -> Option<(f64, Solo)> {
    if !t.moving() {
        return None;
    }
    let p = t.position(now);
    let travelled = (p - t.p0).length();
    let r2 = table.pocket_radius * table.pocket_radius;
    if let Some(c) = over {
        let speed = t.speed_at(now);
        // It falls when it has slowed to the jump speed, and at the latest
        // when it stops: with a jump speed of zero the two are the same
        // instant, and rounding must not let the stop come first.
        let fall = if speed <= jump_speed {
            now
        } else {
            (now + (speed - jump_speed) / t.decel).min(t.stop_time().max(now))
        };
        let rel = p - table.pocket_centre(c);
        let b = t.u.dot(rel);
        let disc = (b * b - (rel.length_squared() - r2)).max(0.0);
        let exit = time_along(t, travelled, (-b + disc.sqrt()).max(0.0), now);
        return Some(match exit {
            Some(x) if x < fall => (x, Solo::Exit(c)),
            _ => (fall, Solo::Fall(c)),
        });
    }
    let mut best: Option<(f64, Solo)> = None;
    for c in Corner::ALL {
        let rel = p - table.pocket_centre(c);
        let b = t.u.dot(rel);
        if b >= 0.0 {
            continue; // moving away from this pocket's centre
        }
        let k = rel.length_squared() - r2;
        let disc = b * b - k;
        // A path that only grazes the rim never has the centre over the hole;
        // counting it would let rounding decide, or alternate entering and
        // leaving at one instant.
        if disc <= GRAZE * GRAZE {
            continue;
        }
        // First crossing of the circle, in the cancellation-free form.
        let s = (k / (-b + disc.sqrt())).max(0.0);
        if let Some(at) = time_along(t, travelled, s, now) {
            if best.is_none_or(|(bt, _)| at < bt) {
                best = Some((at, Solo::Enter(c)));
            }
        }
    }
    best
}
