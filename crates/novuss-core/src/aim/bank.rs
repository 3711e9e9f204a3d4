//! Banks off one cushion: the striker sent off a cushion to a point or
//! into a disc (the cushion's geometry is in `rebound.rs`).

use glam::DVec2;

use super::planner::{finite, segment_distance, Planner};
use super::rebound::Rebound;
use super::shot::{Cut, DiscWay, Shot};
use super::ShotError;
use crate::physics::stroke::{unit, Stroke};
use crate::table::{Corner, Cushion};

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

impl Planner {
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
