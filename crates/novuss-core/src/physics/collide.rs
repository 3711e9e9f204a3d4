//! Instantaneous collisions.
//!
//! Bodies are smooth (no friction between edges, no spin), so an impulse
//! acts only along the line of centres, or along a cushion's normal. Newton's
//! restitution law sets the separating normal speed to `e` times the closing
//! one; momentum along the normal is conserved and, since `e ≤ 1`, kinetic
//! energy never increases.

use glam::DVec2;

/// Result of a body–body contact: the new velocities and the closing speed.
pub(crate) struct PairImpulse {
    pub va: DVec2,
    pub vb: DVec2,
    pub closing: f64,
}

/// Velocities after bodies `a` and `b` (masses `ma`, `mb`) touch with unit
/// normal `n` pointing from `a` to `b`.
///
/// * Closing faster than `rest_speed`: restitution `e`.
/// * Closing slower: perfectly inelastic (`e = 0`), so that clusters of
///   touching bodies settle in finitely many events.
/// * Not closing faster than [`super::RESTING_SPEED`] (a contact found at
///   second order, where the two bodies' different decelerations press them
///   together): they are given
///   their common centre-of-mass velocity, i.e. they slide on together. This
///   conserves momentum and loses energy, and they can never meet again
///   before something else touches one of them.
pub(crate) fn pair(
    ma: f64,
    va: DVec2,
    mb: f64,
    vb: DVec2,
    n: DVec2,
    e: f64,
    rest_speed: f64,
) -> PairImpulse {
    let closing = (va - vb).dot(n);
    if closing <= super::RESTING_SPEED {
        let v = (va * ma + vb * mb) / (ma + mb);
        return PairImpulse {
            va: v,
            vb: v,
            closing: closing.max(0.0),
        };
    }
    let e = if closing < rest_speed { 0.0 } else { e };
    // Impulse magnitude J along n with reduced mass m = ma·mb/(ma+mb).
    let j = (1.0 + e) * closing * (ma * mb / (ma + mb));
    PairImpulse {
        va: va - n * (j / ma),
        vb: vb + n * (j / mb),
        closing,
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
        let r = pair(1.0, DVec2::new(2.0, 0.0), 1.0, DVec2::ZERO, n, 0.8, 1e-3);
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
        );
        assert_eq!(r.va, r.vb);
    }
}
