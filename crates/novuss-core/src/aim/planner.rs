//! The planner: one table and one set of physics, checked once.

use glam::DVec2;

use super::error::ShotError;
use super::speed::Impact;
use crate::physics::stroke::check_parameters;
use crate::physics::Physics;
use crate::table::{Corner, Table};

/// The most oblique cut a [`Planner`] plans by default: 85°. A cut passes
/// only `cos θ` of the striker's speed to the disc (8.7 % at 85°), and near
/// 90° the striker merely grazes the disc, so the smallest error of aim
/// decides whether they touch at all.
pub const DEFAULT_MAX_CUT: f64 = 85.0 * std::f64::consts::PI / 180.0;

/// Plans strokes on one table with one set of physics: straight hits and
/// cuts ([`Planner::direct`], [`Planner::pocket`]), banks off one cushion
/// ([`Planner::bank`], [`Planner::bank_onto`], [`Planner::disc_bank`]) and
/// the aim guide's first contact ([`Planner::first_contact`]).
///
/// Every plan follows the engine's model exactly (`docs/physics.md`): bodies
/// slide straight at the deceleration `μ g`, contacts follow the impulse
/// law, cushions keep the tangential speed and scale the normal one by their
/// restitution. Plans look only at the bodies named: other discs in the
/// way ([`Planner::first_contact`]), the striker crossing a pocket hole,
/// and whether the placement and aim are legal for a seat
/// ([`StrikerRegion`](super::StrikerRegion), [`AimRange`](super::AimRange))
/// are for the caller to check. After the contact the striker goes on: a
/// fast, thin cut can send it round the cushions into the disc again before
/// the disc arrives, which only the engine can tell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Planner {
    pub(super) table: Table,
    pub(super) physics: Physics,
    pub(super) decel: f64,
    pub(super) impact: Impact,
    pub(super) max_cut: f64,
}

impl Planner {
    /// A planner for `table` and `physics`, which must pass the engine's
    /// parameter checks (`docs/physics.md` §11).
    pub fn new(table: Table, physics: Physics) -> Result<Planner, ShotError> {
        check_parameters(&table, &physics).map_err(ShotError::Parameters)?;
        // The masses passed the parameter checks, so this cannot fail.
        let impact = Impact::striker_on_disc(&table, &physics).ok_or(ShotError::NotFinite)?;
        Ok(Planner {
            table,
            physics,
            decel: physics.deceleration(),
            impact,
            max_cut: DEFAULT_MAX_CUT,
        })
    }

    /// The same planner with another limit on the cut angle (radians, in
    /// `(0, π/2]`); `None` outside that range.
    pub fn with_max_cut(self, max_cut: f64) -> Option<Planner> {
        (max_cut > 0.0 && max_cut <= std::f64::consts::FRAC_PI_2)
            .then_some(Planner { max_cut, ..self })
    }

    /// The table planned on.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The physics planned with.
    pub fn physics(&self) -> &Physics {
        &self.physics
    }

    /// The striker-on-disc impulse law used.
    pub fn impact(&self) -> Impact {
        self.impact
    }

    /// The most oblique cut planned, radians.
    pub fn max_cut(&self) -> f64 {
        self.max_cut
    }

    /// The fastest a disc may arrive at a pocket's centre, heading straight
    /// for it, and still fall: `√(jump² + 2 μ g R)` with `jump` the
    /// [`Physics::pocket_jump_speed`] and `R` the pocket radius (2.04 m/s on
    /// the default table). A disc falls once it is over the hole no faster
    /// than `jump` (`docs/physics.md` §6); heading for the centre, it is over
    /// the hole for `R` past it, where its speed is `√(v² − 2 μ g R)`.
    /// Arrive strictly slower than this.
    pub fn max_pocket_arrival(&self) -> f64 {
        let jump = self.physics.pocket_jump_speed;
        (jump * jump + 2.0 * self.decel * self.table.pocket_radius).sqrt()
    }

    /// `√(arrive² + 2 a d)` with the checked deceleration.
    pub(super) fn launch(&self, distance: f64, arrive: f64) -> f64 {
        (arrive * arrive + 2.0 * self.decel * distance).sqrt()
    }

    /// The stroke speed must be one the engine accepts.
    pub(super) fn check_stroke(&self, speed: f64) -> Result<(), ShotError> {
        let max = self.physics.max_stroke_speed;
        if speed > 0.0 && speed <= max {
            Ok(())
        } else {
            Err(ShotError::TooFast { speed, max })
        }
    }

    /// A body meeting a cushion at normal speed `speed` must rebound with
    /// the restitution: neither leave the table nor meet it inelastically.
    pub(super) fn check_cushion(&self, speed: f64) -> Result<(), ShotError> {
        if speed >= self.physics.rest_speed && speed <= self.physics.off_table_speed {
            Ok(())
        } else {
            Err(ShotError::CushionSpeed { speed })
        }
    }

    /// A disc sliding from `a` to `b` must not pass over a pocket hole other
    /// than `except`. A centre exactly on the rim does not enter it.
    pub(super) fn check_holes(
        &self,
        a: DVec2,
        b: DVec2,
        except: Option<Corner>,
    ) -> Result<(), ShotError> {
        let r = self.table.pocket_radius;
        match Corner::ALL
            .into_iter()
            .find(|&c| Some(c) != except && segment_distance(a, b, self.table.pocket_centre(c)) < r)
        {
            Some(corner) => Err(ShotError::OverPocket { corner }),
            None => Ok(()),
        }
    }

    /// A disc must be able to lie at its target: wholly on the surface.
    pub(super) fn disc_fits(&self, target: DVec2) -> Result<(), ShotError> {
        if self.table.within_cushions(target, self.table.disc.radius) {
            Ok(())
        } else {
            Err(ShotError::OffSurface)
        }
    }

    /// Whether the striker could lie with its centre at `p`: wholly on the
    /// surface, touching a cushion at most.
    pub(super) fn striker_fits(&self, p: DVec2) -> bool {
        self.table.within_cushions(p, self.table.striker.radius)
    }
}

/// Shortest distance from `p` to the segment `ab` (to `a` when `a == b`):
/// whether a body sliding from `a` to `b` passes within reach of a point,
/// for checking that a stroke's way is clear.
pub fn segment_distance(a: DVec2, b: DVec2, p: DVec2) -> f64 {
    let ab = b - a;
    let len2 = ab.length_squared();
    let s = if len2 > 0.0 {
        ((p - a).dot(ab) / len2).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (a + ab * s - p).length()
}

/// Every position given must be finite, every speed finite and not
/// negative.
pub(super) fn finite(points: &[DVec2], numbers: &[f64]) -> Result<(), ShotError> {
    if points.iter().all(|p| p.is_finite()) && numbers.iter().all(|x| x.is_finite() && *x >= 0.0) {
        Ok(())
    } else {
        Err(ShotError::NotFinite)
    }
}
