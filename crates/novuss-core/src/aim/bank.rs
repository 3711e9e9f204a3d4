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

use super::planner::{finite, segment_distance, Planner};
use super::shot::{Cut, DiscWay, Shot};
use super::ShotError;
use crate::stroke::{unit, Stroke};
use crate::table::{Corner, Cushion};

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

/// The striker banked off one cushion to a point.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Bank {
    /// The stroke to play (unit direction, launch speed).
    pub stroke: Stroke,
    /// Where and how the striker rebounds.
    pub rebound: Rebound,
    /// The point its centre is sent to.
    pub to: DVec2,
    /// Its speed there, m/s.
    pub arrive: f64,
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

    /// The striker from `from` off cushion `side` to the point `to`, its
    /// centre arriving there at `arrive` (0 to stop there). Nothing on the
    /// way is looked at.
    ///
    /// Errors: [`ShotError::NotFinite`], [`ShotError::OffSurface`] (the
    /// striker cannot lie at `from` or `to`), [`ShotError::NoRebound`],
    /// [`ShotError::CushionSpeed`], [`ShotError::TooFast`].
    pub fn bank(
        &self,
        from: DVec2,
        side: Cushion,
        to: DVec2,
        arrive: f64,
    ) -> Result<Bank, ShotError> {
        finite(&[from, to], &[arrive])?;
        let legs = self.legs(self.table.striker.radius, from, side, to)?;
        let rebound = self.rebound(&legs, arrive)?;
        let speed = self.launch(legs.first, rebound.speed_in);
        self.check_stroke(speed)?;
        Ok(Bank {
            stroke: Stroke {
                striker: from,
                direction: legs.d_in,
                speed,
            },
            rebound,
            to,
            arrive,
        })
    }

    /// The striker from `from` off cushion `side` onto the disc at `disc`,
    /// sending it straight to `target`, arriving at `arrive`: a bank, then a
    /// head-on hit or a cut.
    ///
    /// Errors: those of [`Planner::cut`] (with the cut measured on the
    /// striker's way from the cushion) and [`Planner::bank`], and
    /// [`ShotError::Blocked`] when the striker would touch the disc on its
    /// way to the cushion, [`ShotError::OverPocket`] as in
    /// [`Planner::direct`].
    pub fn bank_onto(
        &self,
        from: DVec2,
        side: Cushion,
        disc: DVec2,
        target: DVec2,
        arrive: f64,
    ) -> Result<Shot, ShotError> {
        finite(&[from, disc, target], &[arrive])?;
        self.disc_fits(target)?;
        let n = unit(target - disc);
        if n == DVec2::ZERO {
            return Err(ShotError::NoLine);
        }
        let reach = self.table.striker.radius + self.table.disc.radius;
        let touching = reach + self.physics.contact_tolerance;
        if (from - disc).length() <= touching {
            return Err(ShotError::Overlap);
        }
        let contact = disc - n * reach;
        if !self.striker_fits(contact) {
            return Err(ShotError::ContactOffSurface);
        }
        let legs = self.legs(self.table.striker.radius, from, side, contact)?;
        let angle = legs.d_out.perp_dot(n).abs().atan2(legs.d_out.dot(n));
        if angle.is_nan() || angle >= self.max_cut {
            return Err(ShotError::CutTooThin { angle });
        }
        // With the cushion point clear of the disc and a cut under 90°, the
        // contact point is the first touch of the second leg (module docs
        // of the straight shots); the first leg must stay clear too.
        if segment_distance(from, legs.hit, disc) <= touching {
            return Err(ShotError::Blocked);
        }
        let way = self.straight_way(disc, target, arrive)?;
        let last = Cut {
            from: legs.hit,
            contact,
            direction: legs.d_out,
            distance: legs.second,
            angle,
            disc_direction: n,
        };
        self.finish(from, Some(legs), &last, way)
    }

    /// The striker from `from` straight onto the disc at `disc`, which
    /// rebounds off cushion `side` into the pocket at `corner`, its centre
    /// arriving at the pocket's centre at `arrive` (below
    /// [`Planner::max_pocket_arrival`] for it to fall).
    ///
    /// Errors: those of [`Planner::direct`] for the hit that sends the disc
    /// to the cushion, [`ShotError::NoRebound`] and
    /// [`ShotError::CushionSpeed`] for the disc's rebound, and
    /// [`ShotError::OverPocket`] if the disc's way crosses another hole (or
    /// the target's hole before the cushion).
    pub fn disc_bank(
        &self,
        from: DVec2,
        disc: DVec2,
        side: Cushion,
        corner: Corner,
        arrive: f64,
    ) -> Result<Shot, ShotError> {
        finite(&[from, disc], &[arrive])?;
        let target = self.table.pocket_centre(corner);
        let legs = self.legs(self.table.disc.radius, disc, side, target)?;
        self.check_holes(disc, legs.hit, None)?;
        self.check_holes(legs.hit, target, Some(corner))?;
        let rebound = self.rebound(&legs, arrive)?;
        let way = DiscWay {
            speed: self.launch(legs.first, rebound.speed_in),
            cushion: Some(rebound),
            target,
            arrive,
        };
        let cut = self.cut(from, disc, legs.hit)?;
        self.finish(from, None, &cut, way)
    }
}

/// The coordinate of `p` along cushion `side`.
fn along(side: Cushion, p: DVec2) -> f64 {
    match side {
        Cushion::South | Cushion::North => p.x,
        Cushion::West | Cushion::East => p.y,
    }
}
