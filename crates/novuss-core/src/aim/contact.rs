//! The aim guide's first contact: which disc the striker meets first along
//! a straight line, and how both leave.
//!
//! Pure geometry: the striker's centre runs along `from + s u`; it touches
//! the disc at `c` when `|from + s u − c| = R_s + r_d`, which is the
//! smaller root of `s² − 2 (u·rel) s + (|rel|² − R²) = 0` with
//! `rel = c − from`, taken in the cancellation-free form
//! `s = (|rel|² − R²) / (u·rel + √((u·rel)² − |rel|² + R²))` as the engine
//! does. Velocities after the contact follow the impulse law
//! ([`Impact::after`](super::Impact::after)).

use glam::DVec2;

use super::planner::Planner;
use crate::physics::stroke::unit;
use crate::table::{Cushion, Table};

/// The first disc the striker touches and how the two leave the contact.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct FirstContact {
    /// Index of the disc in the list given.
    pub disc: usize,
    /// How far the striker's centre slides to the contact, m.
    pub distance: f64,
    /// The striker's centre at the contact.
    pub striker_at: DVec2,
    /// Where the two edges touch.
    pub point: DVec2,
    /// The cut angle at the contact, radians in `[0, π/2)`.
    pub cut: f64,
    /// The disc's direction after the contact: the unit line of centres.
    pub disc_direction: DVec2,
    /// The disc's speed after the contact per unit of the striker's speed
    /// arriving: `transfer · cos(cut)`.
    pub disc_share: f64,
    /// The striker's direction after the contact (a unit vector); `None` if
    /// it is left at rest (a head-on contact with `follow` exactly 0).
    pub striker_direction: Option<DVec2>,
    /// The striker's speed after the contact per unit of its speed arriving.
    pub striker_share: f64,
}

impl Planner {
    /// The first of `discs` that the striker, at `from` and moving along
    /// `direction` (any length), touches within `reach` metres of travel
    /// (`f64::INFINITY` for no limit), ignoring cushions and pockets; the
    /// speeds are given per unit of the striker's speed, so none is needed.
    /// Discs it touches and moves away from, or only grazes (closing speed
    /// zero), are not contacts; non-finite disc positions are ignored. Ties
    /// go to the lower index. The directions are those just after the
    /// contact, before any body touching the disc reacts; contacts closing
    /// slower than [`Physics::rest_speed`](crate::physics::Physics::rest_speed)
    /// are inelastic in the engine and are not modelled here.
    ///
    /// To stop where the engine's striker would, pass as `reach` the lesser
    /// of its stopping distance ([`stopping_distance`](super::stopping_distance))
    /// and the distance to the first cushion ([`cushion_ahead`]).
    ///
    /// `None` if nothing is touched, or `from`, `direction` or `reach` is
    /// not usable (not finite, zero, negative or NaN).
    pub fn first_contact(
        &self,
        from: DVec2,
        direction: DVec2,
        discs: &[DVec2],
        reach: f64,
    ) -> Option<FirstContact> {
        let u = unit(direction);
        if !from.is_finite()
            || !direction.is_finite()
            || u == DVec2::ZERO
            || reach.is_nan()
            || reach < 0.0
        {
            return None;
        }
        let touch = self.table.striker.radius + self.table.disc.radius;
        let mut best: Option<(usize, f64)> = None;
        for (i, &c) in discs.iter().enumerate() {
            let Some(s) = entry(from, u, c, touch) else {
                continue;
            };
            if s <= reach && best.is_none_or(|(_, b)| s < b) {
                best = Some((i, s));
            }
        }
        let (disc, distance) = best?;
        let striker_at = from + u * distance;
        let normal = unit(discs[disc] - striker_at);
        let (moving, struck) = self.impact.after(u, normal)?;
        let striker_share = moving.length();
        Some(FirstContact {
            disc,
            distance,
            striker_at,
            point: striker_at + normal * self.table.striker.radius,
            cut: u.perp_dot(normal).abs().atan2(u.dot(normal)),
            disc_direction: normal,
            disc_share: struck.length(),
            striker_direction: (striker_share > 0.0).then(|| moving / striker_share),
            striker_share,
        })
    }
}

/// How far along the unit direction `u` from `from` a centre comes within
/// `touch` of `c` while closing on it (0 if already touching), if it does.
fn entry(from: DVec2, u: DVec2, c: DVec2, touch: f64) -> Option<f64> {
    if !c.is_finite() {
        return None;
    }
    let rel = c - from;
    let m = u.dot(rel);
    if m.is_nan() || m <= 0.0 {
        return None; // moving away, or square across: never closing
    }
    let k = rel.length_squared() - touch * touch;
    let root2 = m * m - k;
    if root2.is_nan() || root2 <= 0.0 {
        return None; // passes by, or only grazes
    }
    Some((k / (m + root2.sqrt())).max(0.0))
}

/// How far a body of `radius` centred at `from` and moving along `direction`
/// (any length) slides before it touches a cushion, and which; an exact
/// corner gives the first of its cushions in [`Cushion::ALL`] order, as the
/// engine does. `None` if the input is not finite or the direction zero.
pub fn cushion_ahead(
    table: &Table,
    radius: f64,
    from: DVec2,
    direction: DVec2,
) -> Option<(f64, Cushion)> {
    let u = unit(direction);
    if !from.is_finite() || !direction.is_finite() || !radius.is_finite() || u == DVec2::ZERO {
        return None;
    }
    let mut best: Option<(f64, Cushion)> = None;
    for side in Cushion::ALL {
        let towards = u.dot(side.outward());
        if towards > 0.0 {
            let gap = (table.distance_to_cushion(from, side) - radius).max(0.0);
            let s = gap / towards;
            if best.is_none_or(|(b, _)| s < b) {
                best = Some((s, side));
            }
        }
    }
    best
}
