//! Speeds from friction and from the impulse law.
//!
//! Between events a body slides straight and slows at the constant rate
//! `a = μ g` ([`Physics::deceleration`]), so over a distance `d` its squared
//! speed drops by `2 a d`: `v₀² = v² + 2 a d` (`docs/physics.md` §3). A
//! contact between a moving body and a resting one follows Newton's
//! restitution law along the line of centres (`docs/physics.md` §5).

use glam::DVec2;

use crate::physics::Physics;
use crate::table::Table;

/// The deceleration of a sliding body, if it is a usable number: a body
/// that does not slow down (or slows infinitely fast) has no finite answer.
fn deceleration(physics: &Physics) -> Option<f64> {
    let a = physics.deceleration();
    (a.is_finite() && a > 0.0).then_some(a)
}

/// Whether `x` is a finite, non-negative number (distances and speeds).
fn non_negative(x: f64) -> bool {
    x.is_finite() && x >= 0.0
}

/// The speed a body must be launched at to slide `distance` metres and
/// arrive there at speed `arrive`: `√(arrive² + 2 μ g distance)`.
///
/// `None` for a negative or non-finite distance or speed, or a deceleration
/// that is not a positive finite number.
pub fn launch_speed(physics: &Physics, distance: f64, arrive: f64) -> Option<f64> {
    let a = deceleration(physics)?;
    if !(non_negative(distance) && non_negative(arrive)) {
        return None;
    }
    let v = (arrive * arrive + 2.0 * a * distance).sqrt();
    v.is_finite().then_some(v)
}

/// The speed left after a body launched at `launch` has slid `distance`
/// metres: `√(launch² − 2 μ g distance)`. `None` if it stops before (exactly
/// at the distance it arrives at speed 0), or for invalid input as in
/// [`launch_speed`].
pub fn arrival_speed(physics: &Physics, launch: f64, distance: f64) -> Option<f64> {
    let a = deceleration(physics)?;
    if !(non_negative(distance) && non_negative(launch)) {
        return None;
    }
    let v2 = launch * launch - 2.0 * a * distance;
    (v2 >= 0.0 && v2.is_finite()).then(|| v2.sqrt())
}

/// How far a body launched at `speed` slides before it stops:
/// `speed² / (2 μ g)`. `None` for invalid input as in [`launch_speed`].
pub fn stopping_distance(physics: &Physics, speed: f64) -> Option<f64> {
    let a = deceleration(physics)?;
    if !non_negative(speed) {
        return None;
    }
    let d = speed * speed / (2.0 * a);
    d.is_finite().then_some(d)
}

/// Newton's restitution law for a moving body meeting a resting one
/// (`docs/physics.md` §5). The impulse acts along the line of centres only
/// (smooth bodies, no spin), so a contact at a *cut angle* `θ` (between the
/// moving body's velocity and the line of centres) transmits only the normal
/// part `cos θ` of its speed; the tangential part stays with the moving body.
///
/// The engine treats contacts closing slower than [`Physics::rest_speed`]
/// (1 mm/s by default) as perfectly inelastic; this law does not, so it is
/// exact for every contact faster than that.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Impact {
    moving: f64,
    resting: f64,
    restitution: f64,
}

impl Impact {
    /// The law for a body of mass `moving_mass` meeting one of mass
    /// `resting_mass` with coefficient of restitution `restitution`. `None`
    /// unless both masses are positive finite numbers and the restitution
    /// lies in `[0, 1]`, the ranges the engine accepts.
    pub fn new(moving_mass: f64, resting_mass: f64, restitution: f64) -> Option<Impact> {
        let mass = |m: f64| m.is_finite() && m > 0.0;
        let ok = mass(moving_mass)
            && mass(resting_mass)
            && (0.0..=1.0).contains(&restitution)
            && (moving_mass + resting_mass).is_finite();
        ok.then_some(Impact {
            moving: moving_mass,
            resting: resting_mass,
            restitution,
        })
    }

    /// The striker meeting a resting playing disc
    /// ([`Physics::restitution_striker_disc`]).
    pub fn striker_on_disc(table: &Table, physics: &Physics) -> Option<Impact> {
        Impact::new(
            table.striker.mass,
            table.disc.mass,
            physics.restitution_striker_disc,
        )
    }

    /// A playing disc meeting another, resting one
    /// ([`Physics::restitution_disc_disc`]).
    pub fn disc_on_disc(table: &Table, physics: &Physics) -> Option<Impact> {
        Impact::new(
            table.disc.mass,
            table.disc.mass,
            physics.restitution_disc_disc,
        )
    }

    /// The struck body's speed per unit of the moving body's normal speed in
    /// a head-on contact: `(1 + e) m₁ / (m₁ + m₂)` (1.330 for the striker on
    /// a disc).
    pub fn transfer(&self) -> f64 {
        (1.0 + self.restitution) * self.moving / (self.moving + self.resting)
    }

    /// The moving body's normal speed after a head-on contact, per unit of
    /// its normal speed before: `(m₁ − e m₂) / (m₁ + m₂)` (0.530 for the
    /// striker on a disc; negative when it bounces back).
    pub fn follow(&self) -> f64 {
        (self.moving - self.restitution * self.resting) / (self.moving + self.resting)
    }

    /// The speed the struck body leaves with when the moving body meets it
    /// at `speed` with cut angle `cut` (radians, in `[0, π/2)`):
    /// `transfer · cos(cut) · speed`. `None` for a negative or non-finite
    /// speed or a cut outside that range (at 90° the bodies only graze).
    pub fn struck_speed(&self, speed: f64, cut: f64) -> Option<f64> {
        let c = normal_share(cut)?;
        if !non_negative(speed) {
            return None;
        }
        let v = self.transfer() * c * speed;
        v.is_finite().then_some(v)
    }

    /// The inverse of [`Impact::struck_speed`]: the speed the moving body
    /// must have at the contact for the struck one to leave at `struck`.
    pub fn speed_for(&self, struck: f64, cut: f64) -> Option<f64> {
        let c = normal_share(cut)?;
        if !non_negative(struck) {
            return None;
        }
        let v = struck / (self.transfer() * c);
        v.is_finite().then_some(v)
    }

    /// Velocities of (moving, struck) body just after the moving body, at
    /// `velocity`, meets the resting one along `normal` (from the moving
    /// body's centre to the struck one's, any length). `None` if the inputs
    /// are not finite, the normal is zero, or the bodies are not closing.
    pub fn after(&self, velocity: DVec2, normal: DVec2) -> Option<(DVec2, DVec2)> {
        if !velocity.is_finite() {
            return None;
        }
        let n = crate::physics::stroke::unit(normal);
        let closing = velocity.dot(n);
        if n == DVec2::ZERO || closing.is_nan() || closing <= 0.0 {
            return None;
        }
        let struck = n * (self.transfer() * closing);
        // Only the normal part changes: it becomes `follow` times itself.
        let moving = velocity + n * ((self.follow() - 1.0) * closing);
        (moving.is_finite() && struck.is_finite()).then_some((moving, struck))
    }
}

/// `cos(cut)` for a cut angle in `[0, π/2)`.
fn normal_share(cut: f64) -> Option<f64> {
    (0.0..std::f64::consts::FRAC_PI_2)
        .contains(&cut)
        .then(|| cut.cos())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_on_figures_of_the_physics_document() {
        let i = Impact::striker_on_disc(&Table::default(), &Physics::default()).unwrap();
        // docs/physics.md §5: v_s' = 0.530 v, v_d' = 1.330 v.
        assert!((i.transfer() - 1.8 * 17.0 / 23.0).abs() < 1e-15);
        assert!((i.follow() - (17.0 - 0.8 * 6.0) / 23.0).abs() < 1e-15);
        let d = Impact::disc_on_disc(&Table::default(), &Physics::default()).unwrap();
        assert!((d.transfer() - 0.9).abs() < 1e-15);
        assert!((d.follow() - 0.1).abs() < 1e-15);
    }

    #[test]
    fn speeds_invert_each_other() {
        let p = Physics::default();
        let v0 = launch_speed(&p, 0.3, 0.7).unwrap();
        assert!((arrival_speed(&p, v0, 0.3).unwrap() - 0.7).abs() < 1e-12);
        let v = launch_speed(&p, 0.34, 0.0).unwrap();
        assert!((stopping_distance(&p, v).unwrap() - 0.34).abs() < 1e-12);
        assert_eq!(arrival_speed(&p, 0.1, 1.0), None);
        let i = Impact::striker_on_disc(&Table::default(), &p).unwrap();
        let s = i.speed_for(1.2, 0.4).unwrap();
        assert!((i.struck_speed(s, 0.4).unwrap() - 1.2).abs() < 1e-12);
    }

    #[test]
    fn nonsense_gives_none() {
        let p = Physics::default();
        assert_eq!(launch_speed(&p, f64::NAN, 0.0), None);
        assert_eq!(launch_speed(&p, -1.0, 0.0), None);
        assert_eq!(launch_speed(&p, 1.0, f64::INFINITY), None);
        let frozen = Physics { friction: 0.0, ..p };
        assert_eq!(launch_speed(&frozen, 1.0, 0.0), None);
        let i = Impact::striker_on_disc(&Table::default(), &p).unwrap();
        assert_eq!(i.speed_for(1.0, std::f64::consts::FRAC_PI_2), None);
        assert_eq!(i.speed_for(1.0, f64::NAN), None);
        assert_eq!(i.after(DVec2::X, DVec2::ZERO), None);
        assert_eq!(i.after(DVec2::X, -DVec2::X), None);
        assert_eq!(Impact::new(1.0, 0.0, 0.5), None);
        assert_eq!(Impact::new(1.0, 1.0, 1.5), None);
    }
}
