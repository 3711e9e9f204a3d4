//! Instantaneous collisions.
//!
//! Bodies are smooth (no friction between edges, no spin), so an impulse
//! acts only along the line of centres, or along a cushion's normal. Newton's
//! restitution law sets the separating normal speed to `e` times the closing
//! one; momentum along the normal is conserved and, since `e ≤ 1`, kinetic
//! energy never increases.

use glam::DVec2;

use super::tolerance::{RESTING_SPEED, STOP_SPEED};

/// Result of a body–body contact: the new velocities and the closing speed.
pub(crate) struct PairImpulse {
    pub va: DVec2,
    pub vb: DVec2,
    pub closing: f64,
}

/// `v`, or rest if it is slower than [`STOP_SPEED`]: static friction holds
/// a body that would slide less than a few nanometres.
pub(crate) fn settled(v: DVec2) -> DVec2 {
    if v.length_squared() < STOP_SPEED * STOP_SPEED {
        DVec2::ZERO
    } else {
        v
    }
}

/// Velocities after bodies `a` and `b` (masses `ma`, `mb`) touch with unit
/// normal `n` pointing from `a` to `b`.
///
/// * Closing faster than `rest_speed`: restitution `e`.
/// * Closing slower: perfectly inelastic (`e = 0`), so that clusters of
///   touching bodies settle in finitely many events.
/// * Not closing faster than [`RESTING_SPEED`] and `pressed` together (a
///   contact found at second order, where the two bodies' different
///   decelerations push them into each other): they are given their common
///   centre-of-mass velocity, i.e. they slide on together. This conserves
///   momentum and loses energy, and they can never meet again before
///   something else touches one of them.
/// * Not closing faster than [`RESTING_SPEED`] and not pressed (a graze:
///   their relative tangential motion carries them apart): only the
///   inelastic normal impulse, which leaves the tangential velocities as
///   they were. Sharing them would let a body grazing a resting one drag it
///   along.
///
/// A velocity the impulse leaves slower than [`STOP_SPEED`] is rest
/// ([`settled`]). If that leaves the other body still closing on the one at
/// rest, static friction holds the resting one like a wall for the rest of
/// the impulse: the other loses its remaining normal approach. Without this
/// the pair would be struck again and again at the same instant, each time
/// stopping the same body (a grazed disc would be pushed and stopped until
/// the closing speed fell below [`RESTING_SPEED`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn pair(
    ma: f64,
    va: DVec2,
    mb: f64,
    vb: DVec2,
    n: DVec2,
    e: f64,
    rest_speed: f64,
    pressed: bool,
) -> PairImpulse {
    let closing = (va - vb).dot(n);
    if closing <= RESTING_SPEED && pressed {
        let v = settled((va * ma + vb * mb) / (ma + mb));
        return PairImpulse {
            va: v,
            vb: v,
            closing: closing.max(0.0),
        };
    }
    let e = if closing < rest_speed { 0.0 } else { e };
    // Impulse magnitude J along n with reduced mass m = ma·mb/(ma+mb).
    let j = (1.0 + e) * closing.max(0.0) * (ma * mb / (ma + mb));
    let (mut va, mut vb) = (settled(va - n * (j / ma)), settled(vb + n * (j / mb)));
    let after = (va - vb).dot(n);
    if after > 0.0 {
        if va == DVec2::ZERO && vb != DVec2::ZERO {
            vb = settled(vb + n * after);
        } else if vb == DVec2::ZERO && va != DVec2::ZERO {
            va = settled(va - n * after);
        }
    }
    PairImpulse {
        va,
        vb,
        closing: closing.max(0.0),
    }
}

/// Velocity after meeting a cushion with outward unit normal `n` at normal
/// speed `vn = v·n > 0`.
pub(crate) fn cushion(v: DVec2, n: DVec2, e: f64, rest_speed: f64) -> DVec2 {
    let vn = v.dot(n);
    let e = if vn < rest_speed { 0.0 } else { e };
    v - n * ((1.0 + e) * vn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn head_on_equal_masses_follow_the_restitution_law() {
        let n = DVec2::X;
        let r = pair(
            1.0,
            DVec2::new(2.0, 0.0),
            1.0,
            DVec2::ZERO,
            n,
            0.8,
            1e-3,
            false,
        );
        // v₁' = v(1−e)/2, v₂' = v(1+e)/2
        assert!((r.va.x - 0.2).abs() < 1e-15);
        assert!((r.vb.x - 1.8).abs() < 1e-15);
    }

    #[test]
    fn slow_contacts_are_inelastic() {
        let r = pair(
            1.0,
            DVec2::new(1e-4, 0.0),
            1.0,
            DVec2::ZERO,
            DVec2::X,
            0.8,
            1e-3,
            false,
        );
        assert_eq!(r.va, r.vb);
    }

    #[test]
    fn a_graze_keeps_the_tangential_velocities() {
        // The striker slides north past a resting disc it touches, closing on
        // it at 1e-8 m/s: not pressed, so only the normal impulse acts.
        let n = DVec2::new(1.0, 1e-8 / 2.0).normalize();
        let r = pair(
            0.017,
            DVec2::new(0.0, 2.0),
            0.006,
            DVec2::ZERO,
            n,
            0.8,
            1e-3,
            false,
        );
        assert_eq!(r.vb, DVec2::ZERO, "the disc stays put");
        assert!((r.va - DVec2::new(0.0, 2.0)).length() < 1e-7);
        assert!(r.va.dot(n) <= 0.0, "no longer closing");
        // Pressed together, the pair slides on as one.
        let r = pair(
            0.017,
            DVec2::new(0.0, 2.0),
            0.006,
            DVec2::ZERO,
            n,
            0.8,
            1e-3,
            true,
        );
        assert_eq!(r.va, r.vb);
    }

    #[test]
    fn a_body_held_by_friction_is_a_wall_for_the_other() {
        // The impulse would leave the disc slower than STOP_SPEED: it stays,
        // and the striker loses all of its approach instead of pushing it
        // again and again.
        let n = DVec2::new(1.0, 1e-4).normalize();
        let va = DVec2::new(0.0, 1.0);
        let r = pair(0.017, va, 0.006, DVec2::ZERO, n, 0.8, 1e-3, false);
        assert_eq!(r.vb, DVec2::ZERO);
        assert!(r.va.dot(n).abs() < 1e-15);
        assert!((r.va.length() - 1.0).abs() < 1e-7);
    }
}
