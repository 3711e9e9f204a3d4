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
//! Spots are found exactly: along the line on which a disc must be placed,
//! each disc (and pocket) blocks an open interval computed from the geometry,
//! and the answer is the wanted point itself or an end of one of those
//! intervals — never a stepped search.
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

use crate::physics::Exit;
use crate::seat::Seat;
use crate::table::{Corner, Cushion, Table};
use crate::zone::{clockwise_next, SeatFrame, CONTACT_TOLERANCE};

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

fn blockers(table: &Table, discs: &[DVec2]) -> Vec<Blocker> {
    let r = table.disc.radius;
    discs
        .iter()
        .map(|&centre| Blocker {
            centre,
            reach: 2.0 * r,
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
pub fn is_free(table: &Table, discs: &[DVec2], p: DVec2) -> bool {
    let r = table.disc.radius;
    p.is_finite()
        && Cushion::ALL
            .into_iter()
            .all(|s| table.distance_to_cushion(p, s) >= r - CONTACT_TOLERANCE)
        && blockers(table, discs)
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
    for b in blockers(table, discs) {
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

// ---- penalty discs --------------------------------------------------------

/// Counts of discs in the two halves of the table split by the receiving
/// frame's middle line: `[left, right]` in that frame.
fn halves(frame: SeatFrame, mid: f64, discs: &[DVec2], keep: impl Fn(usize) -> bool) -> [usize; 2] {
    let mut count = [0, 0];
    for (i, &d) in discs.iter().enumerate() {
        if !keep(i) {
            continue;
        }
        let a = frame.along(d);
        if a < mid {
            count[0] += 1;
        } else if a > mid {
            count[1] += 1;
        }
    }
    count
}

/// Where one penalty disc for the player seated at `offender` goes (`000`
/// 3.1, 5.6; `001` "Penalty disc"; `002` 5.2; `003` "Pion de pénalité").
///
/// * On the middle line of the edge zone of the cushion opposite the
///   offender, touching that cushion.
/// * If that spot is taken, the free spot along the cushion (still touching
///   it) nearest the middle line, without moving any disc. Corner squares are
///   reached only when the zone between the adjacent lines is full, and a
///   disc never overlaps a pocket hole (see the module's interpretations).
/// * If the nearest free spots either side are equidistant (`002` 5.2): the
///   half of the table with fewer penalty discs (`penalty[i]` marks disc `i`
///   as one; missing entries are `false`), then the half with fewer discs
///   overall, then the half the stroke was made from (`struck_from`, where the
///   striker stood), and if the stroke was made exactly on the middle line,
///   the offender's right. `000` 3.1 has only "the side with least number of
///   discs".
///
/// `None` when no spot along the cushion is free; the referee then keeps the
/// disc as a debt (`000` 3.2; `002` 5.3–5.4; `003` "pion de dette").
pub fn penalty_spot(
    table: &Table,
    offender: Seat,
    discs: &[DVec2],
    penalty: &[bool],
    struck_from: DVec2,
) -> Option<DVec2> {
    let frame = SeatFrame::new(table, offender.opposite());
    let r = table.disc.radius;
    let mid = table.size / 2.0;
    let origin = frame.world(0.0, r);
    let dir = frame.rightward();
    let stops = free_stops(table, discs, origin, dir, (r, table.size - r), &[mid]);
    let left = stops.iter().copied().rev().find(|&a| a <= mid);
    let right = stops.iter().copied().find(|&a| a >= mid);
    let along = match (left, right) {
        (None, None) => return None,
        (Some(a), None) | (None, Some(a)) => a,
        (Some(l), Some(r)) => {
            let (dl, dr) = (mid - l, r - mid);
            if dl < dr - EQUAL_DISTANCE {
                l
            } else if dr < dl - EQUAL_DISTANCE {
                r
            } else if l == mid || r == mid {
                mid
            } else {
                let pen = halves(frame, mid, discs, |i| {
                    penalty.get(i).copied().unwrap_or(false)
                });
                let all = halves(frame, mid, discs, |_| true);
                let from = frame.along(struck_from);
                let go_left = if pen[0] != pen[1] {
                    pen[0] < pen[1]
                } else if all[0] != all[1] {
                    all[0] < all[1]
                } else {
                    // The receiving frame's left is the offender's right.
                    from <= mid
                };
                if go_left {
                    l
                } else {
                    r
                }
            }
        }
    };
    Some(settle(table, frame.world(along, r)))
}

/// Moves a disc centre by at most a rounding error so that it passes
/// [`Table::within_cushions`] exactly, which the physics checks without
/// tolerance (`1 − (1 − r)` may round below `r`).
fn settle(table: &Table, p: DVec2) -> DVec2 {
    let r = table.disc.radius;
    let mut hi = table.size - r;
    for _ in 0..8 {
        if table.size - hi >= r {
            break;
        }
        hi -= table.size * f64::EPSILON;
    }
    DVec2::new(p.x.clamp(r, hi), p.y.clamp(r, hi))
}

/// Where `count` penalty discs placed at once for `offender` go, in order:
/// the first as [`penalty_spot`] (on the middle line if free), each next one
/// by the same rule with the earlier ones on the table and counted as penalty
/// discs, which spreads them alternately either side (`002` 5.2; `000` 3.1
/// "symmetrically either side of the centre line"; `002` 5.4 "all ... at
/// once"). Shorter than `count` when the cushion fills up: the rest stay a
/// debt (`002` 5.4).
pub fn penalty_spots(
    table: &Table,
    offender: Seat,
    discs: &[DVec2],
    penalty: &[bool],
    struck_from: DVec2,
    count: usize,
) -> Vec<DVec2> {
    let mut on_table = discs.to_vec();
    let mut flags: Vec<bool> = (0..discs.len())
        .map(|i| penalty.get(i).copied().unwrap_or(false))
        .collect();
    let mut placed = Vec::with_capacity(count);
    for _ in 0..count {
        let Some(p) = penalty_spot(table, offender, &on_table, &flags, struck_from) else {
            break;
        };
        placed.push(p);
        on_table.push(p);
        flags.push(true);
    }
    placed
}

// ---- discs that left the table ---------------------------------------------

/// Distance from the centre to the centre of a disc on a cross line whose
/// outer edge touches the inside edge of the circle line:
/// `circle_radius − line_width / 2 − disc.radius` (109.5 mm).
pub fn circle_point_distance(table: &Table) -> f64 {
    table.circle_radius - table.line_width / 2.0 - table.disc.radius
}

/// The point on the circle's cross line towards cushion `side` where a disc
/// touches the inside edge of the circle line (`002` 3.9).
pub fn cross_point(table: &Table, side: Cushion) -> DVec2 {
    table.centre() + side.outward() * circle_point_distance(table)
}

/// The point on the imagined diagonal towards `corner` where a disc touches
/// the inside edge of the circle line (`002` 3.9).
pub fn diagonal_point(table: &Table, corner: Corner) -> DVec2 {
    table.centre() + diagonal(corner) * circle_point_distance(table)
}

fn diagonal(corner: Corner) -> DVec2 {
    let (a, b) = corner.sides();
    (a.outward() + b.outward()).normalize()
}

/// Of a corner's two cushions, the one met first turning clockwise from the
/// diagonal: north-east → east, south-east → south, south-west → west,
/// north-west → north.
fn clockwise_after(corner: Corner) -> Cushion {
    let (a, b) = corner.sides();
    if clockwise_next(a) == b {
        b
    } else {
        a
    }
}

/// The four cross arms clockwise, starting with `first`.
fn arms_from(first: Cushion) -> [Cushion; 4] {
    let second = clockwise_next(first);
    let third = clockwise_next(second);
    [first, second, third, clockwise_next(third)]
}

/// Where a disc that left the table over `exit` is put back (`000` 1.20,
/// 2.6 note, 3.6.10; `002` 3.9; `003` "remis en jeu au milieu du cercle
/// central"):
///
/// 1. the centre of the circle, the cross seen through its hole;
/// 2. if taken: on the cross line towards the cushion it left over, its outer
///    edge touching the inside edge of the circle line ([`cross_point`]); for
///    a disc that left over a corner, on the diagonal towards that corner
///    instead ([`diagonal_point`], `002` 3.9);
/// 3. if taken: the next of the four cross points clockwise, north → east →
///    south → west (`000` 1.20; `002` 3.9 only says "one of the other
///    places"); after a corner exit, from the side clockwise after the
///    diagonal;
/// 4. if all are taken: on the exit side's cross line beside the disc in the
///    centre, touching it, i.e. the free point of that arm nearest the centre
///    while wholly inside the circle (`000` 1.20 "next to the disc in the
///    centre ... on the side where it left"; `002` 3.9 "between the previous
///    discs, firstly on the side where the disc went off"); then the other
///    arms clockwise;
/// 5. if the cross is full inside the circle, further out along the same
///    arms in the same order (not in the books).
///
/// `None` only when even the whole cross is full.
pub fn off_table_spot(table: &Table, discs: &[DVec2], exit: Exit) -> Option<DVec2> {
    let centre = table.centre();
    let free = |p: DVec2| is_free(table, discs, p);
    if free(centre) {
        return Some(centre);
    }
    let first = match exit {
        Exit::Cushion(side) => side,
        Exit::Corner(corner) => {
            let p = diagonal_point(table, corner);
            if free(p) {
                return Some(p);
            }
            clockwise_after(corner)
        }
    };
    let arms = arms_from(first);
    if let Some(p) = arms
        .iter()
        .map(|&s| cross_point(table, s))
        .find(|&p| free(p))
    {
        return Some(p);
    }
    let inside = circle_point_distance(table);
    let to_cushion = table.size / 2.0 - table.disc.radius;
    for reach in [inside, to_cushion] {
        for side in arms {
            let dir = side.outward();
            if let Some(&s) = free_stops(table, discs, centre, dir, (0.0, reach), &[]).first() {
                return Some(centre + dir * s);
            }
        }
    }
    None
}

/// Where several discs that left the table in one stroke go, in the order
/// given: the caller lists first the disc the striker struck first, which
/// takes the centre, and the rest follow by the same rules with the earlier
/// ones already placed (`002` 3.9). Entry `k` is `None` if disc `k` found no
/// spot (see [`off_table_spot`]).
pub fn off_table_spots(table: &Table, discs: &[DVec2], exits: &[Exit]) -> Vec<Option<DVec2>> {
    let mut on_table = discs.to_vec();
    exits
        .iter()
        .map(|&exit| {
            let spot = off_table_spot(table, &on_table, exit);
            on_table.extend(spot);
            spot
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const EPS: f64 = 1e-12;

    fn t() -> Table {
        Table::default()
    }

    fn close(a: DVec2, b: DVec2) -> bool {
        (a - b).length() < EPS
    }

    #[track_caller]
    fn assert_at(got: Option<DVec2>, want: DVec2) {
        let got = got.expect("a spot");
        assert!(close(got, want), "got {got:?}, want {want:?}");
    }

    /// The penalty spot for an offender at South: the north cushion's middle
    /// line, touching the cushion: (0.5, 1 − 0.015).
    const NORTH_MID: DVec2 = DVec2::new(0.5, 0.985);
    /// A stroke from the south-west half and one from the south-east half.
    const FROM_WEST: DVec2 = DVec2::new(0.3, 0.05);
    const FROM_EAST: DVec2 = DVec2::new(0.7, 0.05);

    // ---- penalty discs -----------------------------------------------------

    /// `000` 3.1, 5.6; `001` "Penalty disc"; `002` 5.2; `003`: on the middle
    /// line of the opposite edge zone, touching the cushion, for every seat.
    #[test]
    fn penalty_disc_on_the_opposite_middle_line_every_seat_002_5_2() {
        let table = t();
        let expected = [
            (Seat::South, DVec2::new(0.5, 0.985)),
            (Seat::North, DVec2::new(0.5, 0.015)),
            (Seat::East, DVec2::new(0.015, 0.5)),
            (Seat::West, DVec2::new(0.985, 0.5)),
        ];
        for (offender, spot) in expected {
            assert_at(
                penalty_spot(&table, offender, &[], &[], table.centre()),
                spot,
            );
        }
    }

    /// `001` "Penalty disc", `002` 5.2: the middle spot taken by a disc 10 mm
    /// east of it blocks x ∈ (0.48, 0.54); the nearest free spot is 0.48
    /// (20 mm from the middle) in the west, touching that disc.
    #[test]
    fn penalty_disc_shifted_west_to_the_nearer_free_spot_001_penalty_disc() {
        let table = t();
        let blocker = DVec2::new(0.51, 0.985);
        let got = penalty_spot(&table, Seat::South, &[blocker], &[], FROM_EAST);
        assert_at(got, DVec2::new(0.48, 0.985));
        assert!((got.unwrap() - blocker).length() - 0.03 < 1e-12);
    }

    /// Mirror: a disc 10 mm west of the middle sends the disc to x = 0.52.
    #[test]
    fn penalty_disc_shifted_east_to_the_nearer_free_spot_002_5_2() {
        let table = t();
        let got = penalty_spot(
            &table,
            Seat::South,
            &[DVec2::new(0.49, 0.985)],
            &[],
            FROM_WEST,
        );
        assert_at(got, DVec2::new(0.52, 0.985));
    }

    /// Exact geometry with a blocker that does not touch the cushion: centre
    /// 20 mm further from the cushion than the spot, so the spot slides
    /// √(30² − 20²) = √500 mm ≈ 22.36 mm along the cushion. Equidistant both
    /// ways; the blocker is on the middle line (counts for neither half), so
    /// the stroke side decides: west.
    #[test]
    fn penalty_disc_slides_past_an_off_cushion_blocker_exactly_002_5_2() {
        let table = t();
        let blocker = DVec2::new(0.5, 0.965);
        let shift = 0.0005f64.sqrt();
        let got = penalty_spot(&table, Seat::South, &[blocker], &[], FROM_WEST);
        assert_at(got, DVec2::new(0.5 - shift, 0.985));
    }

    /// A gap narrower than a disc is skipped: discs against the cushion at
    /// 0.48 and 0.52 leave 10 mm between them and together block
    /// (0.45, 0.55); the spots are 0.45 and 0.55.
    #[test]
    fn penalty_disc_skips_a_gap_too_narrow_002_5_2() {
        let table = t();
        let discs = [DVec2::new(0.48, 0.985), DVec2::new(0.52, 0.985)];
        let got = penalty_spot(&table, Seat::South, &discs, &[], FROM_EAST);
        // Equidistant; one disc each half, no penalty discs: stroke side east.
        assert_at(got, DVec2::new(0.55, 0.985));
    }

    /// `002` 5.2 first tie-break: the half with fewer penalty discs. The
    /// middle is taken by a disc on the line; the east half holds a penalty
    /// disc, the west two ordinary discs and the stroke came from the east —
    /// the penalty count alone sends the disc west, to 0.47.
    #[test]
    fn penalty_tie_break_fewer_penalty_discs_002_5_2() {
        let table = t();
        let discs = [
            NORTH_MID,
            DVec2::new(0.8, 0.5),
            DVec2::new(0.2, 0.5),
            DVec2::new(0.3, 0.5),
        ];
        let penalty = [false, true, false, false];
        let got = penalty_spot(&table, Seat::South, &discs, &penalty, FROM_EAST);
        assert_at(got, DVec2::new(0.47, 0.985));
    }

    /// `002` 5.2 second tie-break (and `000` 3.1's only one): equal penalty
    /// discs (one each side), the east half has one disc more overall, the
    /// stroke came from the east — the disc goes west.
    #[test]
    fn penalty_tie_break_fewer_discs_overall_000_3_1_002_5_2() {
        let table = t();
        let discs = [
            NORTH_MID,
            DVec2::new(0.2, 0.5),
            DVec2::new(0.8, 0.5),
            DVec2::new(0.7, 0.6),
        ];
        let penalty = [false, true, true, false];
        let got = penalty_spot(&table, Seat::South, &discs, &penalty, FROM_EAST);
        assert_at(got, DVec2::new(0.47, 0.985));
    }

    /// `002` 5.2 third tie-break: everything equal, the side the stroke was
    /// made from — west from the west, east from the east.
    #[test]
    fn penalty_tie_break_side_the_stroke_was_made_from_002_5_2() {
        let table = t();
        let discs = [NORTH_MID, DVec2::new(0.2, 0.5), DVec2::new(0.8, 0.5)];
        let penalty = [false, true, true];
        let west = penalty_spot(&table, Seat::South, &discs, &penalty, FROM_WEST);
        assert_at(west, DVec2::new(0.47, 0.985));
        let east = penalty_spot(&table, Seat::South, &discs, &penalty, FROM_EAST);
        assert_at(east, DVec2::new(0.53, 0.985));
    }

    /// Not in the books: a stroke made exactly on the middle line leaves the
    /// tie open; the disc goes to the offender's right (South's right is east;
    /// East's right is north, so on the west cushion at y = 0.53).
    #[test]
    fn penalty_tie_break_fallback_is_the_offenders_right() {
        let table = t();
        let got = penalty_spot(
            &table,
            Seat::South,
            &[NORTH_MID],
            &[],
            DVec2::new(0.5, 0.05),
        );
        assert_at(got, DVec2::new(0.53, 0.985));
        let west_mid = DVec2::new(0.015, 0.5);
        let got = penalty_spot(&table, Seat::East, &[west_mid], &[], DVec2::new(0.95, 0.5));
        assert_at(got, DVec2::new(0.015, 0.53));
    }

    /// `002` 5.2 ("the first one on the central line, the others as
    /// previously mentioned"), `000` 3.1 ("symmetrically either side"): four
    /// at once after a stroke from the west: middle, west (stroke side),
    /// east (fewer penalty discs), west again (all equal, stroke side).
    #[test]
    fn several_penalty_discs_at_once_spread_symmetrically_002_5_2_000_3_1() {
        let table = t();
        let got = penalty_spots(&table, Seat::South, &[], &[], FROM_WEST, 4);
        let want = [0.5, 0.47, 0.53, 0.44].map(|x| DVec2::new(x, 0.985));
        assert_eq!(got.len(), 4);
        for (g, w) in got.iter().zip(want) {
            assert!(close(*g, w), "got {got:?}");
        }
        // Each one is free of the ones placed before it (touching allowed).
        for (k, &p) in got.iter().enumerate() {
            assert!(is_free(&table, &got[..k], p));
        }
    }

    /// `002` 5.4: if the cushion is full no spot is returned — no panic —
    /// and the discs stay a debt. 33 touching discs from x = 0.015 to 0.975
    /// leave only 10 mm free at the east end.
    #[test]
    fn penalty_disc_none_when_the_cushion_is_full_002_5_4() {
        let table = t();
        let discs: Vec<DVec2> = (0..33)
            .map(|k| DVec2::new(0.015 + 0.03 * k as f64, 0.985))
            .collect();
        assert_eq!(
            penalty_spot(&table, Seat::South, &discs, &[], FROM_WEST),
            None
        );
        assert!(penalty_spots(&table, Seat::South, &discs, &[], FROM_WEST, 3).is_empty());
    }

    /// `002` 5.4 ("as many as are allowed"): with room for one only, one of
    /// three is placed.
    #[test]
    fn several_penalty_discs_partly_placed_002_5_4() {
        let table = t();
        let mut discs: Vec<DVec2> = (0..33)
            .map(|k| DVec2::new(0.015 + 0.03 * k as f64, 0.985))
            .collect();
        discs.remove(16); // frees x = 0.495 exactly
        let got = penalty_spots(&table, Seat::South, &discs, &[], FROM_WEST, 3);
        assert_eq!(got.len(), 1);
        assert!(close(got[0], DVec2::new(0.495, 0.985)));
    }

    /// Corner squares only when the zone is full (interpretation): 24
    /// touching discs from x = 0.145 to 0.835 fill the zone but for the east
    /// end; the nearest free spots are 0.115 (385 mm off the middle) and
    /// 0.865 (365 mm), both past a corner line; east is nearer.
    #[test]
    fn penalty_disc_enters_a_corner_square_only_when_the_zone_is_full() {
        let table = t();
        let discs: Vec<DVec2> = (0..24)
            .map(|k| DVec2::new(0.145 + 0.03 * k as f64, 0.985))
            .collect();
        let got = penalty_spot(&table, Seat::South, &discs, &[], FROM_WEST);
        assert_at(got, DVec2::new(0.865, 0.985));
        // One disc fewer at the east end (last at 0.805): 0.835 is free and
        // wholly between the lines (edge at 0.85 < 0.87), so it is chosen.
        let got = penalty_spot(&table, Seat::South, &discs[..23], &[], FROM_WEST);
        assert_at(got, DVec2::new(0.835, 0.985));
    }

    /// Corner squares: a disc never hangs over a pocket hole (interpretation).
    /// With the zone and the squares' inner parts full (discs 0.115 … 0.865),
    /// the spots touching those rows, 0.085 and 0.895, would overlap the
    /// pockets (centres 65 mm from both cushions, holes 50 mm): the free spots
    /// are the slots between pocket and side cushion, 65 mm ± √(65² − 50²) mm
    /// from the pockets' along-positions: 0.0234669… and 0.9765330…, exactly
    /// equidistant. Halves hold 13 discs each, so the stroke side decides.
    #[test]
    fn penalty_disc_avoids_pocket_holes_in_corner_squares() {
        let table = t();
        let discs: Vec<DVec2> = (0..26)
            .map(|k| DVec2::new(0.115 + 0.03 * k as f64, 0.985))
            .collect();
        let slot = (0.065f64.powi(2) - 0.05f64.powi(2)).sqrt();
        let west = penalty_spot(&table, Seat::South, &discs, &[], FROM_WEST).unwrap();
        assert!(
            (west - DVec2::new(0.065 - slot, 0.985)).length() < 1e-12,
            "{west:?}"
        );
        let east = penalty_spot(&table, Seat::South, &discs, &[], FROM_EAST).unwrap();
        assert!(
            (east - DVec2::new(0.935 + slot, 0.985)).length() < 1e-12,
            "{east:?}"
        );
        let pocket = table.pocket_centre(Corner::NorthWest);
        assert!((west - pocket).length() >= 0.065 - 1e-9);
    }

    /// Every seat: with the middle spot taken and a stroke from the offender's
    /// left-hand half, the disc goes 30 mm to that half.
    #[test]
    fn penalty_disc_shift_every_seat_002_5_2() {
        let table = t();
        for offender in Seat::ALL {
            let recv = SeatFrame::new(&table, offender.opposite());
            let own = SeatFrame::new(&table, offender);
            let mid = recv.world(0.5, 0.015);
            let from_left = own.world(0.3, 0.05);
            let got = penalty_spot(&table, offender, &[mid], &[], from_left);
            // The offender's left is the receiving frame's right: along 0.53.
            assert_at(got, recv.world(0.53, 0.015));
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// The returned spot touches the receiving cushion, is free, and no
        /// sampled spot along the cushion nearer the middle line is free;
        /// when none is returned, no sampled spot is free.
        #[test]
        fn penalty_spot_is_the_nearest_free_spot(
            seat in 0usize..4,
            raw in prop::collection::vec((0.015f64..0.985, 0.015f64..0.2), 0..24),
            sx in 0.0f64..1.0,
        ) {
            let table = t();
            let offender = Seat::ALL[seat];
            let recv = SeatFrame::new(&table, offender.opposite());
            let discs: Vec<DVec2> = raw.iter().map(|&(a, d)| recv.world(a, d)).collect();
            let from = SeatFrame::new(&table, offender).world(sx, 0.05);
            let got = penalty_spot(&table, offender, &discs, &[], from);
            let best = got.map(|p| {
                prop_assert!((recv.depth(p) - 0.015).abs() < 1e-12);
                prop_assert!(is_free(&table, &discs, p));
                Ok((recv.along(p) - 0.5).abs())
            }).transpose()?;
            for k in 0..=9700 {
                let a = 0.015 + k as f64 * 1e-4;
                let nearer = best.is_none_or(|b| (a - 0.5).abs() < b - 1e-9);
                if nearer {
                    prop_assert!(!is_free(&table, &discs, recv.world(a, 0.015)), "free at {a}");
                }
            }
        }
    }

    // ---- discs off the table -------------------------------------------

    /// 109.5 mm: circle radius 125 mm − half the 1 mm line − the 15 mm disc radius.
    const S: f64 = 0.1095;
    const C: DVec2 = DVec2::new(0.5, 0.5);

    /// `000` 1.20, `002` 3.9, `003`: to the centre of the circle, the cross
    /// visible through the hole.
    #[test]
    fn off_table_disc_to_the_centre_000_1_20() {
        let table = t();
        for exit in [
            Exit::Cushion(Cushion::North),
            Exit::Corner(Corner::SouthWest),
        ] {
            assert_at(off_table_spot(&table, &[DVec2::new(0.2, 0.2)], exit), C);
        }
        assert!((circle_point_distance(&table) - S).abs() < EPS);
    }

    /// `000` 1.20, `002` 3.9: the centre taken, on the cross line of the side
    /// it left over, the outer edge touching the circle line's inside edge.
    #[test]
    fn off_table_disc_to_the_cross_point_of_its_side_002_3_9() {
        let table = t();
        let expected = [
            (Cushion::North, DVec2::new(0.5, 0.5 + S)),
            (Cushion::East, DVec2::new(0.5 + S, 0.5)),
            (Cushion::South, DVec2::new(0.5, 0.5 - S)),
            (Cushion::West, DVec2::new(0.5 - S, 0.5)),
        ];
        for (side, spot) in expected {
            let got = off_table_spot(&table, &[C], Exit::Cushion(side));
            assert_at(got, spot);
            // Outer edge on the line's inner edge: 109.5 + 15 = 124.5 mm.
            assert!(((got.unwrap() - C).length() + 0.015 - 0.1245).abs() < EPS);
        }
    }

    /// `000` 1.20: that point taken too, the next point clockwise (north →
    /// east → south → west): left over the north with centre and north
    /// taken → east; left over the west with west and north taken → east.
    #[test]
    fn off_table_disc_to_the_next_cross_point_clockwise_000_1_20() {
        let table = t();
        let north = cross_point(&table, Cushion::North);
        let west = cross_point(&table, Cushion::West);
        assert_at(
            off_table_spot(&table, &[C, north], Exit::Cushion(Cushion::North)),
            DVec2::new(0.5 + S, 0.5),
        );
        assert_at(
            off_table_spot(&table, &[C, west, north], Exit::Cushion(Cushion::West)),
            DVec2::new(0.5 + S, 0.5),
        );
        // Left over the south with south and west taken: wraps to north.
        let south = cross_point(&table, Cushion::South);
        assert_at(
            off_table_spot(&table, &[C, south, west], Exit::Cushion(Cushion::South)),
            DVec2::new(0.5, 0.5 + S),
        );
    }

    fn five_taken(table: &Table) -> Vec<DVec2> {
        let mut v = vec![C];
        v.extend(Cushion::ALL.map(|s| cross_point(table, s)));
        v
    }

    /// `000` 1.20 ("next to the disc in the centre ... on the side where it
    /// left"), `002` 3.9 ("between the previous discs, firstly on the side
    /// where the disc went off"): all five taken, left over the east → on the
    /// east arm touching the centre disc, 30 mm east of the centre.
    #[test]
    fn off_table_disc_beside_the_centre_disc_on_its_side_000_1_20() {
        let table = t();
        let discs = five_taken(&table);
        for (side, spot) in [
            (Cushion::East, DVec2::new(0.53, 0.5)),
            (Cushion::North, DVec2::new(0.5, 0.53)),
            (Cushion::West, DVec2::new(0.47, 0.5)),
            (Cushion::South, DVec2::new(0.5, 0.47)),
        ] {
            assert_at(off_table_spot(&table, &discs, Exit::Cushion(side)), spot);
        }
    }

    /// Interpretation of "between the previous discs": the exit arm first,
    /// nearest the centre, touching. With 0.53 taken the next is 0.56; with
    /// 0.56 taken too the east arm is full (0.59 would overlap the cross-point
    /// disc at 0.6095), so the next arm clockwise, south: (0.5, 0.47).
    #[test]
    fn off_table_disc_fills_its_arm_then_the_next_clockwise_002_3_9() {
        let table = t();
        let mut discs = five_taken(&table);
        discs.push(DVec2::new(0.53, 0.5));
        assert_at(
            off_table_spot(&table, &discs, Exit::Cushion(Cushion::East)),
            DVec2::new(0.56, 0.5),
        );
        discs.push(DVec2::new(0.56, 0.5));
        assert_at(
            off_table_spot(&table, &discs, Exit::Cushion(Cushion::East)),
            DVec2::new(0.5, 0.47),
        );
    }

    /// "Touching the disc in the centre" is exact when that disc is off
    /// centre: centre disc at (0.5, 0.51), the east arm's first free point is
    /// where |(s, −0.01)| = 0.03, s = √0.0008 ≈ 28.28 mm.
    #[test]
    fn off_table_disc_touches_an_off_centre_centre_disc_exactly() {
        let table = t();
        let mut discs = five_taken(&table);
        discs[0] = DVec2::new(0.5, 0.51);
        let got = off_table_spot(&table, &discs, Exit::Cushion(Cushion::East)).unwrap();
        assert!(
            (got - DVec2::new(0.5 + 0.0008f64.sqrt(), 0.5)).length() < EPS,
            "{got:?}"
        );
        assert!(((got - discs[0]).length() - 0.03).abs() < EPS);
    }

    /// `002` 3.9: over a corner with the centre taken, on the diagonal towards
    /// that corner, touching the circle line's inside edge: 109.5 mm / √2 in x
    /// and y.
    #[test]
    fn off_table_disc_over_a_corner_goes_on_the_diagonal_002_3_9() {
        let table = t();
        let k = S / 2f64.sqrt();
        for (corner, spot) in [
            (Corner::NorthEast, DVec2::new(0.5 + k, 0.5 + k)),
            (Corner::SouthEast, DVec2::new(0.5 + k, 0.5 - k)),
            (Corner::SouthWest, DVec2::new(0.5 - k, 0.5 - k)),
            (Corner::NorthWest, DVec2::new(0.5 - k, 0.5 + k)),
        ] {
            assert_at(off_table_spot(&table, &[C], Exit::Corner(corner)), spot);
        }
    }

    /// Interpretation: the diagonal point taken as well, the cross points
    /// clockwise from the side after the diagonal (north-east → east; north-
    /// west → north); with every point taken, beside the centre disc on that
    /// side's arm.
    #[test]
    fn off_table_disc_over_a_corner_then_clockwise() {
        let table = t();
        let ne = diagonal_point(&table, Corner::NorthEast);
        assert_at(
            off_table_spot(&table, &[C, ne], Exit::Corner(Corner::NorthEast)),
            DVec2::new(0.5 + S, 0.5),
        );
        let nw = diagonal_point(&table, Corner::NorthWest);
        assert_at(
            off_table_spot(&table, &[C, nw], Exit::Corner(Corner::NorthWest)),
            DVec2::new(0.5, 0.5 + S),
        );
        let mut discs = five_taken(&table);
        discs.push(diagonal_point(&table, Corner::SouthWest));
        assert_at(
            off_table_spot(&table, &discs, Exit::Corner(Corner::SouthWest)),
            DVec2::new(0.47, 0.5),
        );
    }

    /// `002` 3.9: several at once — the first struck takes the centre, the
    /// rest follow: two over the north (centre, north point), one over the
    /// north again (north taken → east), one over a corner (diagonal).
    #[test]
    fn several_off_table_discs_at_once_002_3_9() {
        let table = t();
        let got = off_table_spots(
            &table,
            &[DVec2::new(0.1, 0.5)],
            &[
                Exit::Cushion(Cushion::North),
                Exit::Cushion(Cushion::North),
                Exit::Cushion(Cushion::North),
                Exit::Corner(Corner::SouthWest),
            ],
        );
        let k = S / 2f64.sqrt();
        let want = [
            C,
            DVec2::new(0.5, 0.5 + S),
            DVec2::new(0.5 + S, 0.5),
            DVec2::new(0.5 - k, 0.5 - k),
        ];
        assert_eq!(got.len(), 4);
        for (g, w) in got.iter().zip(want) {
            assert_at(*g, w);
        }
    }

    /// Not in the books: the cross full inside the circle (centre, 0.53,
    /// 0.56 and the cross point on every arm), the disc goes outward on its
    /// own arm, touching the cross-point disc: 0.6095 + 0.03 = 0.6395.
    #[test]
    fn off_table_disc_beyond_the_circle_when_the_cross_is_full() {
        let table = t();
        let mut discs = five_taken(&table);
        for side in Cushion::ALL {
            for s in [0.03, 0.06] {
                discs.push(C + side.outward() * s);
            }
        }
        let got = off_table_spot(&table, &discs, Exit::Cushion(Cushion::East)).unwrap();
        assert!(
            (got - DVec2::new(0.5 + S + 0.03, 0.5)).length() < EPS,
            "{got:?}"
        );
    }

    /// No panic and `None` when the whole cross, to the cushions, is full.
    #[test]
    fn off_table_disc_none_when_the_cross_is_full_to_the_cushions() {
        let table = t();
        let mut discs = vec![C];
        for side in Cushion::ALL {
            for k in 1..=16 {
                discs.push(C + side.outward() * (0.03 * k as f64));
            }
        }
        for corner in Corner::ALL {
            discs.push(diagonal_point(&table, corner));
        }
        assert_eq!(
            off_table_spot(&table, &discs, Exit::Cushion(Cushion::West)),
            None
        );
        assert_eq!(
            off_table_spot(&table, &discs, Exit::Corner(Corner::NorthEast)),
            None
        );
        assert_eq!(
            off_table_spots(&table, &discs, &[Exit::Cushion(Cushion::North)]),
            vec![None]
        );
    }

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
}
