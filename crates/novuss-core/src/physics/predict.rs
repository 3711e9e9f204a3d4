//! When will the next event of a body, or of a pair of bodies, happen?
//!
//! Every prediction is exact: body paths are straight lines with a quadratic
//! distance-time law (see [`super::motion`]), so cushion and pocket times
//! are roots of quadratics and contact times are roots of a quartic
//! ([`super::roots`]). Each prediction is only valid until one of the bodies
//! involved changes its motion; the engine then predicts again.

use glam::DVec2;

use super::engine::RESTING_SPEED;
use super::motion::Track;
use super::roots::{first_descent, Poly};
use crate::table::{Corner, Side, Table};

/// A single-body event.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Solo {
    Cushion(Side),
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

/// The first instant at or after `now` at which two bodies come into
/// contact, if before either stops. `None` if they never do.
pub(crate) fn contact(
    a: &Track,
    ra: f64,
    b: &Track,
    rb: f64,
    now: f64,
    tolerance: f64,
) -> Option<f64> {
    let (ma, mb) = (
        a.moving() && a.stop_time() > now,
        b.moving() && b.stop_time() > now,
    );
    if !ma && !mb {
        return None;
    }
    let rel = b.position(now) - a.position(now);
    let d = ra + rb;
    // Broad phase: even sliding straight at each other they cannot close the gap.
    let reach = |m: bool, t: &Track| {
        if m {
            let v = t.speed_at(now);
            v * v / (2.0 * t.decel)
        } else {
            0.0
        }
    };
    let lim = d + reach(ma, a) + reach(mb, b);
    let dist2 = rel.length_squared();
    if dist2 > lim * lim {
        return None;
    }
    let vel = |m: bool, t: &Track| if m { t.velocity(now) } else { DVec2::ZERO };
    let acc = |m: bool, t: &Track| {
        if m {
            t.u * (-0.5 * t.decel)
        } else {
            DVec2::ZERO
        }
    };
    let bv = vel(mb, b) - vel(ma, a);
    let cv = acc(mb, b) - acc(ma, a);
    let approach = rel.dot(bv);
    let dist = dist2.sqrt();
    if dist - d <= tolerance && -approach / dist > RESTING_SPEED {
        return Some(now);
    }
    let horizon = match (ma, mb) {
        (true, true) => a.stop_time().min(b.stop_time()),
        (true, false) => a.stop_time(),
        _ => b.stop_time(),
    } - now;
    // |rel + bv τ + cv τ²|² − d², lowest degree first.
    let poly: Poly = [
        dist2 - d * d,
        2.0 * approach,
        bv.length_squared() + 2.0 * rel.dot(cv),
        2.0 * bv.dot(cv),
        cv.length_squared(),
    ];
    first_descent(&poly, 0.0, horizon).map(|tau| now + tau)
}

/// The body's next cushion contact: time and side. Sides are tried in
/// [`Side::ALL`] order, so an exact corner hit reports the first of the two
/// (the other follows at the same instant).
pub(crate) fn cushion(t: &Track, radius: f64, table: &Table, now: f64) -> Option<(f64, Side)> {
    if !t.moving() {
        return None;
    }
    let p = t.position(now);
    let travelled = (p - t.p0).length();
    let mut best: Option<(f64, Side)> = None;
    for side in Side::ALL {
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
    let total = travelled + s;
    let disc = t.speed * t.speed - 2.0 * t.decel * total;
    if disc < 0.0 {
        return None;
    }
    Some((t.t0 + 2.0 * total / (t.speed + disc.sqrt())).max(now))
}

/// Half-chord below which a path only grazes a pocket's rim, m.
const GRAZE: f64 = 1e-9;

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
        let fall = if speed <= jump_speed {
            now
        } else {
            now + (speed - jump_speed) / t.decel
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
        // A path that only grazes the rim (a chord of at most 2 nm) never has
        // the centre over the hole; counting it would let rounding alternate
        // entering and leaving at one instant.
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
