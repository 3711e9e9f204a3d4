//! The free spot nearest a wanted point, anywhere on the surface: where a
//! disc put back goes when its old spot is now covered (`002` 4.5).
//!
//! # Why a few candidates are enough
//! The free region is the square of centres wholly on the surface, less an
//! open disk around each disc (radius `2r + gap`) and around each pocket
//! (radius `pocket_radius + r`). It is closed, so when the wanted point is
//! not in it, the nearest free point lies on its boundary, which is made of
//! arcs of those circles and pieces of the square's sides. Either that point
//! is inside one arc or piece — then no point of the whole circle or side is
//! nearer, so it is the wanted point's projection onto it — or it is an end
//! of one, where two circles, a circle and a side, or two sides meet. The
//! nearest free point among the wanted point, its projections onto every
//! circle and side, and every such meeting point is therefore the answer:
//! O(n²) candidates for n discs, each checked in O(n), nearest first.
//!
//! A circle centred exactly on the wanted point has every point equally
//! near; its projection is taken towards the table's centre, which is the
//! point the tie-break below prefers, and if that point is not free the
//! preferred free points of the circle are ends of its free arcs, which are
//! candidates anyway.

use glam::DVec2;

use super::{blockers, surface_bounds, Blocker};
use crate::rules::zone::CONTACT_TOLERANCE;
use crate::table::Table;

/// How far (m) a candidate may lie inside a circle it was computed to lie
/// on and still count as free. Points computed on a circle land within
/// about 1e-16 m of it, or up to a few 1e-10 m along it where a circle
/// barely reaches a side or another circle (the square root of a rounding
/// error); half the [`CONTACT_TOLERANCE`] covers both and leaves the other
/// half as a margin, so checks made with the full tolerance (the referee's
/// [`super::is_clear`], [`crate::physics::stroke::check_layout`]) accept the answer
/// despite their own rounding.
const ON_BOUNDARY: f64 = CONTACT_TOLERANCE / 2.0;

/// Candidates whose distances (m) differ by no more than this are equally
/// near: the same point, or symmetric points, computed two ways.
const SAME_DISTANCE: f64 = 1e-12;

/// The point nearest `wanted` (in straight-line distance) at which a playing
/// disc lies wholly on the surface (touching a cushion allowed), overlaps no
/// pocket hole, and keeps at least `gap` (m) from every one of `discs` (`002`
/// 4.5: the disc goes back to its old spot, "not touching other moved
/// discs", or as near to it as possible). Exact: no stepped search.
///
/// # Contract
/// * `gap` is the clearance to the other discs; pockets and cushions get
///   none (a disc may touch a cushion and a pocket's rim). For "not
///   touching" pass a gap well above [`CONTACT_TOLERANCE`]; the referee uses
///   1 µm. With a gap of 0 the answer may touch other discs, as for
///   [`super::is_free`].
/// * The answer `p` satisfies [`Table::within_cushions`] exactly, lies at
///   least `pocket_radius + r − 5e-10` from every pocket centre and at least
///   `2r + gap − 5e-10` from every one of `discs` (half the contact
///   tolerance, for rounding). So [`super::is_clear`] with the same gap
///   accepts it, and [`crate::physics::stroke::check_layout`] with tolerance 1e-9
///   accepts it together with `discs` (if they were accepted without it).
///   Callers should test with those, not with a strict `> 2r + gap`.
/// * It is `wanted` itself when `wanted` passes those same tests.
/// * No point that keeps the full distances is nearer to `wanted` than the
///   answer, beyond rounding (about 1e-16 m).
/// * Equally near points (within 1e-12 m) are decided for the one nearer the
///   table's centre, then the one with the smaller `x`, then the smaller `y`.
/// * `None` only when no point of the surface is free, or when an input is
///   not a number: `wanted`, a disc, the table's size, disc radius or pocket
///   geometry not finite, the radius negative, or `gap` negative or not
///   finite. Never panics.
///
/// Cost: O(n²) candidates for n discs (pockets included), each checked
/// against every disc, nearest first until one is free: about 10 µs for 32
/// discs crowded round a covered spot (release build), and nothing beyond
/// one check when the wanted point is free.
pub fn nearest_free_spot(table: &Table, discs: &[DVec2], wanted: DVec2, gap: f64) -> Option<DVec2> {
    if !(wanted.is_finite() && gap.is_finite() && gap >= 0.0) {
        return None;
    }
    let (lo, hi) = surface_bounds(table)?;
    let circles = blockers(table, discs, gap);
    if circles
        .iter()
        .any(|c| !(c.centre.is_finite() && c.reach.is_finite()))
    {
        return None;
    }
    let free = |p: DVec2| {
        circles
            .iter()
            .all(|c| (p - c.centre).length() >= c.reach - ON_BOUNDARY)
    };
    let on_surface = |p: DVec2| p.x >= lo && p.x <= hi && p.y >= lo && p.y <= hi;
    if on_surface(wanted) && free(wanted) {
        return Some(wanted);
    }
    let centre = table.centre();
    let mut ranked: Vec<(f64, DVec2)> = candidates(&circles, (lo, hi), wanted, centre)
        .into_iter()
        .filter(|p| p.is_finite())
        // Onto the square: undoes rounding past a side, and a point pulled in
        // from farther out is still a point that may be checked.
        .map(|p| DVec2::new(p.x.max(lo).min(hi), p.y.max(lo).min(hi)))
        .map(|p| ((p - wanted).length(), p))
        .collect();
    // Stable, on a fixed candidate order: the same input gives the same answer.
    ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut best: Option<(f64, DVec2)> = None;
    for (d, p) in ranked {
        if best.is_some_and(|(d0, _)| d > d0 + SAME_DISTANCE) {
            break;
        }
        if !free(p) {
            continue;
        }
        best = match best {
            Some((d0, q)) if !preferred(p, q, centre) => Some((d0, q)),
            Some((d0, _)) => Some((d0, p)),
            None => Some((d, p)),
        };
    }
    best.map(|(_, p)| p)
}

/// Of two equally near points, whether `p` is taken before `q`: nearer the
/// table's `centre`, then smaller `x`, then smaller `y`, each difference
/// within [`SAME_DISTANCE`] counting as none.
fn preferred(p: DVec2, q: DVec2, centre: DVec2) -> bool {
    let (dp, dq) = ((p - centre).length(), (q - centre).length());
    if (dp - dq).abs() > SAME_DISTANCE {
        dp < dq
    } else if (p.x - q.x).abs() > SAME_DISTANCE {
        p.x < q.x
    } else {
        p.y < q.y
    }
}

/// Every point that can be the nearest free one (see the module docs), in a
/// fixed order; not yet pulled onto the square nor checked.
fn candidates(
    circles: &[Blocker],
    (lo, hi): (f64, f64),
    wanted: DVec2,
    centre: DVec2,
) -> Vec<DVec2> {
    // The wanted point (pulled onto the square by the caller: its projection
    // onto the square), its projections onto the four sides, the corners.
    let mut out = vec![
        wanted,
        DVec2::new(lo, wanted.y),
        DVec2::new(hi, wanted.y),
        DVec2::new(wanted.x, lo),
        DVec2::new(wanted.x, hi),
        DVec2::new(lo, lo),
        DVec2::new(lo, hi),
        DVec2::new(hi, lo),
        DVec2::new(hi, hi),
    ];
    for (i, c) in circles.iter().enumerate() {
        let dir = (wanted - c.centre)
            .try_normalize()
            .or_else(|| (centre - c.centre).try_normalize())
            .unwrap_or(DVec2::NEG_X);
        out.push(c.centre + dir * c.reach);
        for side in [lo, hi] {
            for (along, across) in [(DVec2::Y, DVec2::X), (DVec2::X, DVec2::Y)] {
                // The side is the line {p : p·across = side}.
                let off = side - c.centre.dot(across);
                if let Some(h) = half_chord(c.reach, off.abs()) {
                    let foot = c.centre + across * off;
                    out.push(foot - along * h);
                    out.push(foot + along * h);
                }
            }
        }
        for other in &circles[i + 1..] {
            crossings(c, other, &mut out);
        }
    }
    out
}

/// Half the chord a line at distance `off` from a circle's centre cuts from
/// a circle of radius `reach`; `Some(0)` for a line that misses it by no
/// more than [`ON_BOUNDARY`] (a tangent, up to rounding), `None` beyond.
fn half_chord(reach: f64, off: f64) -> Option<f64> {
    (off <= reach + ON_BOUNDARY).then(|| (reach * reach - off * off).max(0.0).sqrt())
}

/// Pushes the points where the circles of `a` and `b` cross (one point,
/// twice, where they touch, up to [`ON_BOUNDARY`]); nothing when they miss,
/// one lies inside the other, or they are concentric.
fn crossings(a: &Blocker, b: &Blocker, out: &mut Vec<DVec2>) {
    let between = b.centre - a.centre;
    let d = between.length();
    if d <= 0.0
        || d > a.reach + b.reach + ON_BOUNDARY
        || d < (a.reach - b.reach).abs() - ON_BOUNDARY
    {
        return;
    }
    let u = between / d;
    // The foot of the common chord, at distance `x` from `a` along `u`.
    let x = (d * d + a.reach * a.reach - b.reach * b.reach) / (2.0 * d);
    let h = (a.reach * a.reach - x * x).max(0.0).sqrt();
    let foot = a.centre + u * x;
    out.push(foot - u.perp() * h);
    out.push(foot + u.perp() * h);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::placement::test_support::*;

    fn circle(x: f64, y: f64, reach: f64) -> Blocker {
        Blocker {
            centre: DVec2::new(x, y),
            reach,
        }
    }

    fn crossing_points(a: Blocker, b: Blocker) -> Vec<DVec2> {
        let mut out = vec![];
        crossings(&a, &b, &mut out);
        out
    }

    /// Radii 5 and 5 at distance 8 (a 3-4-5 triangle) cross at (4, ±3).
    #[test]
    fn crossing_circles_meet_exactly() {
        let got = crossing_points(circle(0.0, 0.0, 5.0), circle(8.0, 0.0, 5.0));
        assert_eq!(got.len(), 2);
        assert!(close(got[0], DVec2::new(4.0, -3.0)), "{got:?}");
        assert!(close(got[1], DVec2::new(4.0, 3.0)), "{got:?}");
    }

    /// Touching circles (outside or inside) give their touching point;
    /// circles that miss, nest or share a centre give nothing.
    #[test]
    fn touching_missing_and_nested_circles() {
        let out = crossing_points(circle(0.0, 0.0, 0.03), circle(0.06, 0.0, 0.03));
        assert!(
            out.iter().all(|&p| close(p, DVec2::new(0.03, 0.0))),
            "{out:?}"
        );
        let inner = crossing_points(circle(0.0, 0.0, 0.05), circle(0.02, 0.0, 0.03));
        assert!(
            inner.iter().all(|&p| close(p, DVec2::new(0.05, 0.0))),
            "{inner:?}"
        );
        assert!(crossing_points(circle(0.0, 0.0, 0.03), circle(0.07, 0.0, 0.03)).is_empty());
        assert!(crossing_points(circle(0.0, 0.0, 0.05), circle(0.01, 0.0, 0.03)).is_empty());
        assert!(crossing_points(circle(0.0, 0.0, 0.03), circle(0.0, 0.0, 0.03)).is_empty());
    }

    /// A line through, tangent to (up to rounding) or missing a circle.
    #[test]
    fn half_chords() {
        assert_eq!(half_chord(5.0, 3.0), Some(4.0));
        assert_eq!(half_chord(0.03, 0.03 + 1e-12), Some(0.0));
        assert_eq!(half_chord(0.03, 0.031), None);
        assert_eq!(half_chord(0.03, f64::INFINITY), None);
    }

    /// Nearer the centre first; then smaller x, then smaller y, rounding
    /// differences ignored.
    #[test]
    fn equally_near_points_in_a_fixed_order() {
        let c = DVec2::splat(0.5);
        assert!(preferred(DVec2::new(0.4, 0.5), DVec2::new(0.3, 0.5), c));
        assert!(preferred(DVec2::new(0.4, 0.5), DVec2::new(0.6, 0.5), c));
        assert!(preferred(DVec2::new(0.5, 0.4), DVec2::new(0.5, 0.6), c));
        let nudged = DVec2::new(0.4 + 1e-15, 0.5 - 1e-15);
        assert!(preferred(nudged, DVec2::new(0.4, 0.5 + 1e-13), c));
        assert!(!preferred(DVec2::new(0.6, 0.5), DVec2::new(0.4, 0.5), c));
    }

    /// A disc centred exactly on the wanted point: every point at 2r + gap
    /// is as near; the one towards the table's centre is taken, and at the
    /// table's centre itself the one to the west (smaller x).
    #[test]
    fn wanted_point_at_a_disc_centre_goes_towards_the_table_centre() {
        let table = t();
        let d = DVec2::new(0.2, 0.5);
        assert_at(
            nearest_free_spot(&table, &[d], d, 0.0),
            DVec2::new(0.23, 0.5),
        );
        let c = table.centre();
        assert_at(
            nearest_free_spot(&table, &[c], c, 0.0),
            DVec2::new(0.47, 0.5),
        );
    }

    /// The wanted point at a disc centre beside a second disc that covers
    /// the spot towards the table's centre: the answer is the end of the
    /// free arc nearest the table's centre, where the two circles cross.
    #[test]
    fn wanted_point_at_a_disc_centre_with_the_preferred_side_taken() {
        let table = t();
        let d = DVec2::new(0.2, 0.5);
        let e = DVec2::new(0.24, 0.5);
        let got = nearest_free_spot(&table, &[d, e], d, 0.0).unwrap();
        // Both circles have radius 0.03, centres 0.04 apart: they cross at
        // x = 0.22, y = 0.5 ± √(0.03² − 0.02²); equally near the centre,
        // so the smaller y.
        let h = (0.03f64 * 0.03 - 0.02 * 0.02).sqrt();
        assert!(close(got, DVec2::new(0.22, 0.5 - h)), "{got:?}");
    }
}
