//! Straight hits and cuts: the striker sent straight at a disc so that the
//! disc leaves towards a target.
//!
//! The striker touches the disc when their centres are `R = R_s + r_d`
//! apart. For the disc to leave along the unit vector `n` (towards the
//! target) the line of centres at the contact must be `n`, so the striker's
//! centre must then be at the *contact point* (the "ghost" position)
//! `disc − R n`, and the stroke is aimed through it. The cut angle is the
//! angle between the striker's direction `u` and `n`; for `u·n > 0` (a cut
//! under 90°) the ghost position is the first point of the striker's line
//! within `R` of the disc, so nothing earlier touches it.

use glam::DVec2;

use super::planner::{finite, Planner};
use super::rebound::{Legs, Rebound};
use super::ShotError;
use crate::physics::stroke::{unit, Stroke};
use crate::table::Corner;

/// The geometry of a cut: where the striker must touch the disc and how it
/// is aimed, without speeds. A straight (head-on) hit is a cut of angle 0.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Cut {
    /// Where the striker's centre starts.
    pub from: DVec2,
    /// Where the striker's centre is when it touches the disc (the ghost
    /// position): `R_s + r_d` from the disc's centre, opposite the target.
    pub contact: DVec2,
    /// The striker's direction, a unit vector from `from` through `contact`.
    pub direction: DVec2,
    /// How far the striker slides to the contact, m.
    pub distance: f64,
    /// The cut angle between `direction` and `disc_direction`, radians,
    /// from 0 (head-on) to below [`Planner::max_cut`].
    pub angle: f64,
    /// The direction the disc leaves in: a unit vector along the line of
    /// centres, from the disc towards the target.
    pub disc_direction: DVec2,
}

/// A planned stroke that sends a disc to a target: the stroke itself and
/// what the model predicts along the way.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct Shot {
    /// The stroke to play: the striker's position, a unit direction and the
    /// launch speed.
    pub stroke: Stroke,
    /// Where the striker rebounds on its way to the disc, for a bank.
    pub striker_cushion: Option<Rebound>,
    /// Where the striker's centre is when it touches the disc.
    pub contact: DVec2,
    /// The striker's speed at the contact, m/s.
    pub contact_speed: f64,
    /// The cut angle at the contact, radians in `[0, π/2)`.
    pub cut: f64,
    /// The direction the disc leaves in (a unit vector).
    pub disc_direction: DVec2,
    /// The disc's speed leaving the contact, m/s.
    pub disc_speed: f64,
    /// Where the disc rebounds on its way to the target, for a disc bank.
    pub disc_cushion: Option<Rebound>,
    /// Where the disc's centre is sent.
    pub target: DVec2,
    /// The speed it arrives there with, m/s.
    pub arrive: f64,
}

/// The disc's way from the contact to its target, as planned.
#[derive(Clone, Copy, Debug)]
pub(super) struct DiscWay {
    /// Its speed leaving the contact, m/s.
    pub speed: f64,
    /// Where it rebounds, for a disc bank.
    pub cushion: Option<Rebound>,
    /// Where its centre is sent.
    pub target: DVec2,
    /// Its speed there, m/s.
    pub arrive: f64,
}

impl Planner {
    /// The disc's straight way from `disc` to `target`, arriving at
    /// `arrive`, clear of the holes on the way.
    pub(super) fn straight_way(
        &self,
        disc: DVec2,
        target: DVec2,
        arrive: f64,
    ) -> Result<DiscWay, ShotError> {
        self.check_holes(disc, target, self.table.pocket_at(target))?;
        Ok(DiscWay {
            speed: self.launch((target - disc).length(), arrive),
            cushion: None,
            target,
            arrive,
        })
    }

    /// The geometry of sending the disc at `disc` towards `target` with the
    /// striker from `from`: the contact point, the aim and the cut angle.
    ///
    /// Errors: [`ShotError::NotFinite`], [`ShotError::OffSurface`] (the
    /// striker not wholly on the surface at `from`), [`ShotError::NoLine`]
    /// (target at the disc), [`ShotError::Overlap`] (the striker already within
    /// touching distance), [`ShotError::CutTooThin`] (the cut is not below
    /// [`Planner::max_cut`]; the angle is reported), and
    /// [`ShotError::ContactOffSurface`].
    pub fn cut(&self, from: DVec2, disc: DVec2, target: DVec2) -> Result<Cut, ShotError> {
        finite(&[from, disc, target], &[])?;
        if !self.striker_fits(from) {
            return Err(ShotError::OffSurface);
        }
        let n = unit(target - disc);
        if n == DVec2::ZERO {
            return Err(ShotError::NoLine);
        }
        let reach = self.table.striker.radius + self.table.disc.radius;
        if (from - disc).length() <= reach + self.physics.contact_tolerance {
            return Err(ShotError::Overlap);
        }
        let contact = disc - n * reach;
        let direction = unit(contact - from);
        let angle = direction.perp_dot(n).abs().atan2(direction.dot(n));
        if angle.is_nan() || angle >= self.max_cut {
            return Err(ShotError::CutTooThin { angle });
        }
        if !self.striker_fits(contact) {
            return Err(ShotError::ContactOffSurface);
        }
        Ok(Cut {
            from,
            contact,
            direction,
            distance: (contact - from).length(),
            angle,
            disc_direction: n,
        })
    }

    /// The stroke from `from` that sends the disc at `disc` straight to
    /// `target`, its centre arriving there at speed `arrive` (0 to stop on
    /// it): a head-on hit or a cut.
    ///
    /// Besides the errors of [`Planner::cut`]: [`ShotError::OffSurface`] if
    /// the disc cannot lie at `target`, [`ShotError::OverPocket`] if
    /// the disc would cross a pocket hole other than the one containing the
    /// target, and [`ShotError::TooFast`].
    pub fn direct(
        &self,
        from: DVec2,
        disc: DVec2,
        target: DVec2,
        arrive: f64,
    ) -> Result<Shot, ShotError> {
        finite(&[], &[arrive])?;
        let cut = self.cut(from, disc, target)?;
        self.disc_fits(target)?;
        let way = self.straight_way(disc, target, arrive)?;
        self.finish(from, None, &cut, way)
    }

    /// [`Planner::direct`] into the pocket at `corner`: the disc is sent to
    /// the pocket's centre, arriving at `arrive`, which should be below
    /// [`Planner::max_pocket_arrival`] for it to fall.
    pub fn pocket(
        &self,
        from: DVec2,
        disc: DVec2,
        corner: Corner,
        arrive: f64,
    ) -> Result<Shot, ShotError> {
        self.direct(from, disc, self.table.pocket_centre(corner), arrive)
    }

    /// Completes a shot whose disc must go `disc`'s way: the striker's
    /// speed at the contact, then back along its way to the launch speed.
    /// `last` is the striker's last straight leg, into the contact; for a
    /// bank, `legs` are both legs and `last` starts at the cushion.
    pub(super) fn finish(
        &self,
        from: DVec2,
        legs: Option<Legs>,
        last: &Cut,
        disc: DiscWay,
    ) -> Result<Shot, ShotError> {
        let contact_speed = self
            .impact
            .speed_for(disc.speed, last.angle)
            .ok_or(ShotError::CutTooThin { angle: last.angle })?;
        let (speed, direction, striker_cushion) = match legs {
            None => (
                self.launch(last.distance, contact_speed),
                last.direction,
                None,
            ),
            Some(legs) => {
                let rebound = self.rebound(&legs, contact_speed)?;
                let speed = self.launch(legs.first, rebound.speed_in);
                (speed, legs.d_in, Some(rebound))
            }
        };
        self.check_stroke(speed)?;
        Ok(Shot {
            stroke: Stroke {
                striker: from,
                direction,
                speed,
            },
            striker_cushion,
            contact: last.contact,
            contact_speed,
            cut: last.angle,
            disc_direction: last.disc_direction,
            disc_speed: disc.speed,
            disc_cushion: disc.cushion,
            target: disc.target,
            arrive: disc.arrive,
        })
    }
}
