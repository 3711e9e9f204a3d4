//! Where returned discs go: penalty discs brought back into play, and discs
//! that left the table. Pure geometry for the referee.
//!
//! Every function takes the table and the centres of the discs currently on
//! it (the striker is off the table while discs are placed) and returns
//! positions; existing discs are never moved (`000` 3.1, `001` "Penalty
//! disc", `002` 5.2, `003` "sans déplacer les autres pions"). A spot is
//! *free* when a disc placed there ([`is_free`]) lies on the surface, overlaps
//! no disc by more than [`CONTACT_TOLERANCE`] (touching is allowed) and does
//! not hang over a pocket hole.
//!
//! Spots are found exactly, never by a stepped search. Along a line on which
//! a disc must be placed, each disc (and pocket) blocks an open interval
//! computed from the geometry, and the answer is the wanted point itself or
//! an end of one of those intervals. Anywhere on the surface
//! ([`nearest_free_spot`]), the answer is the wanted point or one of the few
//! points where the boundary of the free region can be nearest to it.
//!
//! The module is split by what is placed: penalty discs (`penalty`), discs
//! that left the table (`off_table`) and discs put back near their old spot
//! (`nearest`); the free-spot geometry they share is here.
//!
//! Discs that end a stroke on top of one another (`000` 1.19) cannot occur in
//! the physics, which never stacks discs, so there is nothing to place.
//!
//! # Interpretations
//! Where the books leave a choice open, this module decides as follows (each
//! is repeated on the function it concerns):
//!
//! * **Penalty spot past the corner lines.** The books only say "as close to
//!   the middle line as possible". Spots are ordered by distance from the
//!   middle line, and the edge zone is symmetric about it, so a free spot
//!   wholly between the adjacent zone lines is always nearer than any spot
//!   entering a corner square: corner squares are used only when the whole
//!   zone is full. There a disc may not overlap a pocket hole at all (a
//!   referee would not hang a disc over a pocket, although the physics would
//!   only drop it once its centre is over the hole).
//! * **"Cushion" in the penalty tie-breaks** (`002` 5.2, `000` 3.1) is a half of
//!   the whole table, split by the middle line perpendicular to the receiving
//!   cushion: the third tie-break, "the side which the shot was made from",
//!   only makes sense so, because the stroke is made from the far cushion.
//!   Discs whose centre is exactly on the middle line count for neither half.
//!   Penalty discs are those the caller marks (the referee knows which discs
//!   were brought back and are still on the table); penalty discs placed by
//!   the same call count too. If even the stroke was made exactly on the
//!   middle line, the disc goes to the offender's right-hand half (an
//!   arbitrary but fixed choice). Distances within [`EQUAL_DISTANCE`] are
//!   equal.
//! * **Several penalty discs "symmetrically"** (`000` 3.1, the
//!   [`PenaltyLayout::Symmetric`] layout): the discs are laid touching one
//!   another, centred on the middle line. Each of those spots that is free is
//!   used as it is; a disc whose spot is taken goes to the free spot on its
//!   own half of the cushion nearest the middle line ("as close as possible
//!   to the centre line without moving any discs"), or, with that half full,
//!   to the other half's; the middle disc of an odd number goes where a
//!   single penalty disc would, with its tie-breaks.
//! * **"As near as possible"** to a disc's old spot (`002` 4.5, restored
//!   discs): the nearest point, in straight-line distance, at which the disc
//!   lies wholly on the surface, over no pocket hole, and clear of every
//!   other disc by the caller's gap. Equally near points (within rounding)
//!   are decided for the one nearer the table's centre, then the smaller
//!   `x`, then the smaller `y`.
//! * **Off-table disc over a corner** (`002` 3.9): the diagonal point is used
//!   when the centre is taken; if it is taken too, the four cross points are
//!   tried clockwise starting from the side met first turning clockwise from
//!   that diagonal (north-east → east), and the same side leads the later
//!   steps.
//! * **"Next to the disc in the centre"** (`000` 1.20) / "on the lines of the
//!   cross, between the previous discs" (`002` 3.9): on the exit side's cross
//!   line, the free point nearest the centre (touching the disc there), but
//!   still wholly inside the circle; if that arm is full, the next arm
//!   clockwise. When the whole cross inside the circle is full (which the
//!   books do not foresee) the search continues outward along the same cross
//!   lines up to the cushions, in the same order; only if that fails too is
//!   there no spot.

use glam::DVec2;

use crate::rules::zone::CONTACT_TOLERANCE;
use crate::table::{Corner, Cushion, Table};

mod nearest;
mod off_table;
mod penalty;

pub use nearest::nearest_free_spot;
pub use off_table::{
    circle_point_distance, cross_point, diagonal_point, off_table_spot, off_table_spots,
};
pub use penalty::{penalty_spot, penalty_spots, symmetric_penalty_spots, PenaltyLayout};

/// Two candidate spots whose distances from the middle line differ by no
/// more than this (m) are equidistant for the tie-breaks of `002` 5.2.
pub const EQUAL_DISTANCE: f64 = 1e-9;

/// Something a placed disc must not overlap: a disc centre with the least
/// distance between the centres (`reach`), or a pocket hole.
#[derive(Clone, Copy, Debug)]
struct Blocker {
    centre: DVec2,
    reach: f64,
}

/// The discs, kept `gap` further apart than touching, then the pockets.
fn blockers(table: &Table, discs: &[DVec2], gap: f64) -> Vec<Blocker> {
    let r = table.disc.radius;
    discs
        .iter()
        .map(|&centre| Blocker {
            centre,
            reach: 2.0 * r + gap,
        })
        .chain(Corner::ALL.into_iter().map(|c| Blocker {
            centre: table.pocket_centre(c),
            reach: table.pocket_radius + r,
        }))
        .collect()
}

/// Whether a playing disc centred at `p` would be free: wholly on the
/// surface (touching a cushion allowed), overlapping none of `discs` by more
/// than [`CONTACT_TOLERANCE`] and not overlapping any pocket hole.
///
/// The same as [`is_clear`] with no gap.
pub fn is_free(table: &Table, discs: &[DVec2], p: DVec2) -> bool {
    is_clear(table, discs, p, 0.0)
}

/// Whether a playing disc centred at `p` would be wholly on the surface
/// (touching a cushion allowed), not overlapping any pocket hole, and at
/// least `gap` (m) clear of every one of `discs`, all give or take
/// [`CONTACT_TOLERANCE`]: its centre at least `2r + gap − CONTACT_TOLERANCE`
/// from theirs. `false` for a negative or non-finite `gap` or `p`.
///
/// With a gap clearly above the tolerance (the referee's 1 µm) a disc that
/// passes is *not touching* any of `discs` in the referee's sense; with no
/// gap it is [`is_free`].
pub fn is_clear(table: &Table, discs: &[DVec2], p: DVec2, gap: f64) -> bool {
    let r = table.disc.radius;
    p.is_finite()
        && gap.is_finite()
        && gap >= 0.0
        && Cushion::ALL
            .into_iter()
            .all(|s| table.distance_to_cushion(p, s) >= r - CONTACT_TOLERANCE)
        && blockers(table, discs, gap)
            .iter()
            .all(|b| (p - b.centre).length() >= b.reach - CONTACT_TOLERANCE)
}

/// The free parameters `s` in `[lo, hi]` of the points `origin + s·dir`
/// (`dir` a unit vector) among the only ones that can be nearest to a wanted
/// point: the range's ends, the `wanted` values and the ends of the open
/// interval each blocker blocks. Sorted ascending.
fn free_stops(
    table: &Table,
    discs: &[DVec2],
    origin: DVec2,
    dir: DVec2,
    (lo, hi): (f64, f64),
    wanted: &[f64],
) -> Vec<f64> {
    let mut stops = vec![lo, hi];
    stops.extend_from_slice(wanted);
    for b in blockers(table, discs, 0.0) {
        // |origin + s·dir − c|² < reach²  ⇔  (s − m)² < reach² − e²,
        // with m the foot of the perpendicular from c and e its distance.
        let rel = b.centre - origin;
        let m = rel.dot(dir);
        let e2 = rel.length_squared() - m * m;
        let h2 = b.reach * b.reach - e2;
        if h2 > 0.0 {
            let h = h2.sqrt();
            stops.push(m - h);
            stops.push(m + h);
        }
    }
    stops.retain(|&s| s >= lo && s <= hi && is_free(table, discs, origin + dir * s));
    stops.sort_by(f64::total_cmp);
    stops.dedup();
    stops
}

/// The least and greatest coordinate of a disc centre wholly on the surface,
/// such that [`Table::within_cushions`] holds exactly for every centre
/// between them, which the physics checks without tolerance (`1 − (1 − r)`
/// may round below `r`, so the top end is lowered by a few rounding steps).
/// `None` when the table's size or disc radius is not finite, the radius is
/// negative, or no disc fits.
fn surface_bounds(table: &Table) -> Option<(f64, f64)> {
    let (size, r) = (table.size, table.disc.radius);
    if !(size.is_finite() && r.is_finite() && r >= 0.0) {
        return None;
    }
    let mut hi = size - r;
    for _ in 0..8 {
        if size - hi >= r {
            break;
        }
        hi -= size.abs() * f64::EPSILON;
    }
    (size - hi >= r && r <= hi).then_some((r, hi))
}

/// Moves a disc centre by at most a rounding error so that it passes
/// [`Table::within_cushions`] exactly (see [`surface_bounds`]). Centres
/// farther out are only ever passed in by mistake; they are clamped too.
fn settle(table: &Table, p: DVec2) -> DVec2 {
    match surface_bounds(table) {
        // `max`/`min`, not `clamp`: no panic on a NaN coordinate.
        Some((lo, hi)) => DVec2::new(p.x.max(lo).min(hi), p.y.max(lo).min(hi)),
        None => p,
    }
}

/// Helpers shared by the submodules' tests.
#[cfg(test)]
mod test_support {
    use super::*;

    /// Exact answers are checked to this (m).
    pub const EPS: f64 = 1e-12;

    /// The federation's table.
    pub fn t() -> Table {
        Table::default()
    }

    /// Equal to within [`EPS`].
    pub fn close(a: DVec2, b: DVec2) -> bool {
        (a - b).length() < EPS
    }

    /// A spot was found, within [`EPS`] of `want`.
    #[track_caller]
    pub fn assert_at(got: Option<DVec2>, want: DVec2) {
        let got = got.expect("a spot");
        assert!(close(got, want), "got {got:?}, want {want:?}");
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::*;
    use super::*;

    /// Touching is allowed within the tolerance; overlapping is not; a pocket
    /// hole or a cushion makes a spot unusable.
    #[test]
    fn free_spots_allow_touching_only() {
        let table = t();
        let d = [DVec2::new(0.5, 0.5)];
        assert!(is_free(&table, &d, DVec2::new(0.53, 0.5)));
        assert!(is_free(&table, &d, DVec2::new(0.53 - 0.5e-9, 0.5)));
        assert!(!is_free(&table, &d, DVec2::new(0.53 - 2e-9, 0.5)));
        assert!(!is_free(&table, &[], DVec2::new(0.1, 0.1)));
        assert!(!is_free(&table, &[], DVec2::new(0.01, 0.5)));
        assert!(is_free(&table, &[], DVec2::new(0.015, 0.5)));
    }

    /// A gap keeps a disc that far clear (within the tolerance); nonsense
    /// gaps are never clear.
    #[test]
    fn clear_spots_keep_the_gap() {
        let table = t();
        let d = [DVec2::new(0.5, 0.5)];
        assert!(is_clear(&table, &d, DVec2::new(0.531, 0.5), 1e-3));
        assert!(is_clear(&table, &d, DVec2::new(0.531 - 0.5e-9, 0.5), 1e-3));
        assert!(!is_clear(&table, &d, DVec2::new(0.531 - 2e-9, 0.5), 1e-3));
        for gap in [-1e-6, f64::NAN, f64::INFINITY] {
            assert!(!is_clear(&table, &d, DVec2::new(0.8, 0.8), gap));
        }
        assert!(!is_clear(&table, &d, DVec2::new(f64::NAN, 0.8), 0.0));
    }

    /// The top bound passes `within_cushions` exactly; nonsense tables have
    /// none, and `settle` does not panic on them.
    #[test]
    fn surface_bounds_are_exact() {
        let table = t();
        let (lo, hi) = surface_bounds(&table).unwrap();
        assert_eq!(lo, 0.015);
        assert!(table.within_cushions(DVec2::new(hi, hi), 0.015));
        assert!(0.985 - hi < 1e-15);
        for (size, r) in [
            (f64::NAN, 0.015),
            (1.0, f64::INFINITY),
            (1.0, -0.1),
            (0.02, 0.015),
        ] {
            let mut odd = t();
            odd.size = size;
            odd.disc.radius = r;
            assert_eq!(surface_bounds(&odd), None);
            let _ = settle(&odd, DVec2::NAN);
        }
    }
}
