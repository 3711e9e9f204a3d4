//! Discs that left the table: to the centre circle and its cross (`000`
//! 1.20; `002` 3.9; `003` "remis en jeu au milieu du cercle central").

use glam::DVec2;

use super::{free_stops, is_free};
use crate::physics::Exit;
use crate::rules::zone::clockwise_next;
use crate::table::{Corner, Cushion, Table};

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
    use crate::rules::placement::test_support::*;

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
}
