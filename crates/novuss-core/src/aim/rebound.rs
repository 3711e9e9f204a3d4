//! The way of a body off one cushion: the two legs and the speeds at the
//! cushion, shared by single shots (a disc sent off a cushion) and banks
//! (the striker sent off one).
//!
//! Banks off one cushion.
//!
//! A body meeting a cushion keeps its tangential speed and leaves with its
//! normal speed scaled by the restitution `e` (`docs/physics.md` §5). In
//! coordinates along the cushion (`t`) and away from the line its centre
//! follows when touching it (`n`), a body from `(t₁, a)` that meets the
//! line at `t_h` and then passes through `(t₂, b)` has slopes `a / (t_h − t₁)`
//! in and `e a / (t_h − t₁)` out, so `(t₂ − t_h) = b (t_h − t₁) / (e a)`:
//!
//! ```text
//! t_h = (b t₁ + e a t₂) / (e a + b)
//! ```
//!
//! For `e = 1` this is the mirror image. For `e < 1` the body leaves at a
//! flatter angle to the cushion than it came, so the rebound point lies
//! nearer the start than the mirror's: aiming at the mirror image would
//! overshoot. The speed leaving is `√(t² + e² n²)` times the speed arriving
//! (unit direction `(t, n)` arriving).

use glam::DVec2;

use super::planner::Planner;
use super::ShotError;
use crate::physics::stroke::unit;
use crate::table::Cushion;

/// Where a body meets a cushion and how it rebounds.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Rebound {
    /// The cushion.
    pub side: Cushion,
    /// The body's centre when it touches the cushion.
    pub at: DVec2,
    /// Its speed arriving, m/s.
    pub speed_in: f64,
    /// Its normal speed arriving (what the engine compares with
    /// `off_table_speed`), m/s.
    pub normal_speed: f64,
    /// Its speed leaving, m/s.
    pub speed_out: f64,
    /// The direction it leaves in, a unit vector.
    pub direction_out: DVec2,
}

/// The two straight legs of a body's way off one cushion.
#[derive(Clone, Copy, Debug)]
pub(super) struct Legs {
    /// The cushion.
    pub side: Cushion,
    /// The body's centre when it touches the cushion.
    pub hit: DVec2,
    /// Unit direction in.
    pub d_in: DVec2,
    /// Unit direction out.
    pub d_out: DVec2,
    /// Speed out per unit of speed in.
    pub factor: f64,
    /// Length of the leg to the cushion, m.
    pub first: f64,
    /// Length of the leg from it, m.
    pub second: f64,
}

impl Planner {
    /// The legs of a body of `radius` from `from` off `side` to `to`.
    pub(super) fn legs(
        &self,
        radius: f64,
        from: DVec2,
        side: Cushion,
        to: DVec2,
    ) -> Result<Legs, ShotError> {
        let (t, e) = (&self.table, self.physics.restitution_cushion);
        if !(t.within_cushions(from, radius) && t.within_cushions(to, radius)) {
            return Err(ShotError::OffSurface);
        }
        let a = t.distance_to_cushion(from, side) - radius;
        let b = t.distance_to_cushion(to, side) - radius;
        if !(a > 0.0 && b > 0.0 && e > 0.0) {
            return Err(ShotError::NoRebound);
        }
        let (t1, t2) = (along(side, from), along(side, to));
        let th = (b * t1 + e * a * t2) / (e * a + b);
        // Strictly between the ends, or the body meets the next cushion too.
        if !(th > radius && th < t.size - radius) {
            return Err(ShotError::NoRebound);
        }
        let line = match side {
            Cushion::South | Cushion::West => radius,
            Cushion::North | Cushion::East => t.size - radius,
        };
        let hit = match side {
            Cushion::South | Cushion::North => DVec2::new(th, line),
            Cushion::West | Cushion::East => DVec2::new(line, th),
        };
        let d_in = unit(hit - from);
        let normal = side.outward();
        let out = d_in - normal * ((1.0 + e) * d_in.dot(normal));
        let factor = out.length();
        Ok(Legs {
            side,
            hit,
            d_in,
            d_out: out / factor,
            factor,
            first: (hit - from).length(),
            second: (to - hit).length(),
        })
    }

    /// The speeds at the cushion of a body that must arrive at the end of
    /// `legs` at `arrive`.
    pub(super) fn rebound(&self, legs: &Legs, arrive: f64) -> Result<Rebound, ShotError> {
        let speed_out = self.launch(legs.second, arrive);
        let speed_in = speed_out / legs.factor;
        let normal_speed = speed_in * legs.d_in.dot(legs.side.outward());
        self.check_cushion(normal_speed)?;
        Ok(Rebound {
            side: legs.side,
            at: legs.hit,
            speed_in,
            normal_speed,
            speed_out,
            direction_out: legs.d_out,
        })
    }
}

/// The coordinate of `p` along cushion `side`.
fn along(side: Cushion, p: DVec2) -> f64 {
    match side {
        Cushion::South | Cushion::North => p.x,
        Cushion::West | Cushion::East => p.y,
    }
}
