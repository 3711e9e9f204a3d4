//! Penalty discs: on the middle line of the cushion opposite the offender,
//! or as near it as possible (`000` 3.1; `001` "Penalty disc"; `002` 5.2;
//! `003` "Pion de pénalité").

use glam::DVec2;
use serde::{Deserialize, Serialize};

use super::{free_stops, is_free, settle, EQUAL_DISTANCE};
use crate::rules::zone::SeatFrame;
use crate::seat::Seat;
use crate::table::Table;

/// The line along the receiving cushion on which penalty discs lie,
/// touching that cushion, seen from the receiving seat.
struct CushionLine<'t> {
    table: &'t Table,
    frame: SeatFrame,
    /// The disc radius: the line's distance from the cushion, and the least
    /// `along` of a disc on the surface.
    r: f64,
    /// `along` of the middle line.
    mid: f64,
}

impl<'t> CushionLine<'t> {
    /// The line for penalty discs of the player seated at `offender`.
    fn new(table: &'t Table, offender: Seat) -> Self {
        CushionLine {
            table,
            frame: SeatFrame::new(table, offender.opposite()),
            r: table.disc.radius,
            mid: table.size / 2.0,
        }
    }

    /// The disc centre at `along`, touching the cushion exactly.
    fn spot(&self, along: f64) -> DVec2 {
        settle(self.table, self.frame.world(along, self.r))
    }

    /// The free `along` nearest the middle line on the left half (at most
    /// `mid`) and on the right half (at least `mid`) of the receiving frame.
    fn nearest_each_side(&self, discs: &[DVec2]) -> (Option<f64>, Option<f64>) {
        let origin = self.frame.world(0.0, self.r);
        let range = (self.r, self.table.size - self.r);
        let stops = free_stops(
            self.table,
            discs,
            origin,
            self.frame.rightward(),
            range,
            &[self.mid],
        );
        let left = stops.iter().copied().rev().find(|&a| a <= self.mid);
        let right = stops.iter().copied().find(|&a| a >= self.mid);
        (left, right)
    }
}

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
    let line = CushionLine::new(table, offender);
    let (left, right) = line.nearest_each_side(discs);
    let along = match (left, right) {
        (None, None) => return None,
        (Some(a), None) | (None, Some(a)) => a,
        (Some(l), Some(r)) => {
            let (dl, dr) = (line.mid - l, r - line.mid);
            if dl < dr - EQUAL_DISTANCE {
                l
            } else if dr < dl - EQUAL_DISTANCE {
                r
            } else if l == line.mid || r == line.mid {
                line.mid
            } else {
                let pen = halves(line.frame, line.mid, discs, |i| {
                    penalty.get(i).copied().unwrap_or(false)
                });
                let all = halves(line.frame, line.mid, discs, |_| true);
                let from = line.frame.along(struck_from);
                let go_left = if pen[0] != pen[1] {
                    pen[0] < pen[1]
                } else if all[0] != all[1] {
                    all[0] < all[1]
                } else {
                    // The receiving frame's left is the offender's right.
                    from <= line.mid
                };
                if go_left {
                    l
                } else {
                    r
                }
            }
        }
    };
    Some(line.spot(along))
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
    // Not `with_capacity(count)`: a huge count must not abort; the loop
    // stops when the cushion is full.
    let mut placed = Vec::new();
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

/// How several penalty discs put out at once are laid along the cushion: the
/// rule books differ (`002` 5.2 against `000` 3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PenaltyLayout {
    /// `002` 5.2 ("the first one the central line, but the others, as
    /// previously mentioned"; `001` and `003` place one at a time the same
    /// way): [`penalty_spots`]. The `lnf-2017` and `koroona` profiles.
    OnTheLine,
    /// `000` 3.1 ("placed symmetrically either side of the centre line or as
    /// close as possible to the centre line without moving any discs"):
    /// [`symmetric_penalty_spots`]. The `australia-1992` profile.
    Symmetric,
}

impl PenaltyLayout {
    /// Where `count` penalty discs for `offender` go under this layout:
    /// [`penalty_spots`] or [`symmetric_penalty_spots`], same arguments.
    pub fn spots(
        self,
        table: &Table,
        offender: Seat,
        discs: &[DVec2],
        penalty: &[bool],
        struck_from: DVec2,
        count: usize,
    ) -> Vec<DVec2> {
        let place = match self {
            PenaltyLayout::OnTheLine => penalty_spots,
            PenaltyLayout::Symmetric => symmetric_penalty_spots,
        };
        place(table, offender, discs, penalty, struck_from, count)
    }
}

/// Where `count` penalty discs placed at once for `offender` go under `000`
/// 3.1: "symmetrically either side of the centre line or as close as
/// possible to the centre line without moving any discs".
///
/// * Symmetric spots: the discs touch the receiving cushion and one another,
///   centred on the middle line — two at `mid ± r`, three at `mid` and
///   `mid ± 2r`, four at `mid ± r` and `mid ± 3r`, and so on (`r` the disc
///   radius). Every one of those spots that is free with the discs already
///   on the table is used.
/// * A disc whose symmetric spot is taken goes, innermost first, to the free
///   spot along the cushion nearest the middle line on its own half (its
///   centre on the middle line or on that side of it), with every disc
///   placed so far in the way; if that half is full, to the other half's
///   free spot nearest the middle line. The middle disc of an odd number has no half:
///   it goes where [`penalty_spot`] would put a single disc, with its
///   tie-breaks for equidistant spots (`000` 3.1 "the side with least number
///   of discs", filled in by `002` 5.2). This is the reading of "as close as
///   possible to the centre line": symmetry is kept wherever it is free, no
///   disc is moved, and each displaced disc stays as near the line as it can
///   on the side it was meant for.
///
/// The spots come in the order of the symmetric spots they were meant for,
/// innermost first, the offender's right (the receiving frame's left)
/// before the left in each pair. They are free ([`is_free`]) of `discs` and
/// of each other, and touch the cushion exactly. Shorter
/// than `count` when the cushion fills up: the rest stay a debt (`000` 3.2).
/// One disc is placed exactly as [`penalty_spot`] places it. `penalty` marks
/// `discs`' penalty discs as for [`penalty_spot`].
pub fn symmetric_penalty_spots(
    table: &Table,
    offender: Seat,
    discs: &[DVec2],
    penalty: &[bool],
    struck_from: DVec2,
    count: usize,
) -> Vec<DVec2> {
    let line = CushionLine::new(table, offender);
    let count = count.min(most_along(table));
    // Offsets from the middle line in units of r: 2k − (count − 1),
    // innermost first, the left of each pair before the right.
    let mut offsets: Vec<i64> = (0..count as i64)
        .map(|k| 2 * k - (count as i64 - 1))
        .collect();
    offsets.sort_by_key(|&o| (o.abs(), o));
    let mut on_table = discs.to_vec();
    let mut flags: Vec<bool> = (0..discs.len())
        .map(|i| penalty.get(i).copied().unwrap_or(false))
        .collect();
    let mut spots: Vec<Option<DVec2>> = vec![None; offsets.len()];
    for (spot, &o) in spots.iter_mut().zip(&offsets) {
        // Checked before settling: settling would pull a spot past the end of
        // the cushion back onto the surface.
        let exact = line.frame.world(line.mid + o as f64 * line.r, line.r);
        if is_free(table, &on_table, exact) {
            let p = settle(table, exact);
            *spot = Some(p);
            on_table.push(p);
            flags.push(true);
        }
    }
    for (spot, &o) in spots.iter_mut().zip(&offsets) {
        if spot.is_some() {
            continue;
        }
        let p = if o == 0 {
            penalty_spot(table, offender, &on_table, &flags, struck_from)
        } else {
            let (left, right) = line.nearest_each_side(&on_table);
            let (own, other) = if o < 0 { (left, right) } else { (right, left) };
            own.or(other).map(|a| line.spot(a))
        };
        let Some(p) = p else {
            // The cushion is full: later discs find no room either.
            break;
        };
        *spot = Some(p);
        on_table.push(p);
        flags.push(true);
    }
    spots.into_iter().flatten().collect()
}

/// At least as many discs as can lie along one cushion without overlapping,
/// so a count beyond it changes nothing; 0 for a radius that is not
/// positive and finite (no disc can be placed then). Never above
/// [`MOST_AT_ONCE`], so that an absurdly small radius cannot make the
/// slots' list huge.
fn most_along(table: &Table) -> usize {
    let (size, r) = (table.size, table.disc.radius);
    if !(r > 0.0 && r.is_finite() && size.is_finite()) {
        return 0;
    }
    // A saturating cast: a negative size gives 0, a huge ratio usize::MAX.
    ((size / (2.0 * r)).floor() as usize)
        .saturating_add(1)
        .min(MOST_AT_ONCE)
}

/// The most penalty discs placed in one call: far more than a set holds
/// (8 a side) and than fit along a federation cushion (33).
const MOST_AT_ONCE: usize = 1024;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::placement::test_support::*;
    use crate::table::Corner;
    use proptest::prelude::*;

    /// The penalty spot for an offender at South: the north cushion's middle
    /// line, touching the cushion: (0.5, 1 − 0.015).
    const NORTH_MID: DVec2 = DVec2::new(0.5, 0.985);
    /// A stroke from the south-west half and one from the south-east half.
    const FROM_WEST: DVec2 = DVec2::new(0.3, 0.05);
    const FROM_EAST: DVec2 = DVec2::new(0.7, 0.05);

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

    // ---- several at once, symmetrically (`000` 3.1) ------------------------

    /// `x` of the spots on the north cushion, sorted.
    fn xs(spots: &[DVec2]) -> Vec<f64> {
        let mut x: Vec<f64> = spots
            .iter()
            .map(|p| {
                assert!((p.y - 0.985).abs() < EPS, "{p:?} is not at the cushion");
                p.x
            })
            .collect();
        x.sort_by(f64::total_cmp);
        x
    }

    #[track_caller]
    fn assert_xs(got: &[DVec2], want: &[f64]) {
        let x = xs(got);
        assert_eq!(x.len(), want.len(), "{got:?}");
        for (g, w) in x.iter().zip(want) {
            assert!((g - w).abs() < EPS, "got {x:?}, want {want:?}");
        }
    }

    /// `000` 3.1: two, three and four discs touching one another, centred
    /// on the middle line: ±r; 0 and ±2r; ±r and ±3r.
    #[test]
    fn symmetric_penalty_discs_on_an_empty_cushion_000_3_1() {
        let table = t();
        let spots = |n| symmetric_penalty_spots(&table, Seat::South, &[], &[], FROM_WEST, n);
        assert_xs(&spots(1), &[0.5]);
        assert_xs(&spots(2), &[0.485, 0.515]);
        assert_xs(&spots(3), &[0.47, 0.5, 0.53]);
        assert_xs(&spots(4), &[0.455, 0.485, 0.515, 0.545]);
        assert!(spots(0).is_empty());
        // Innermost first, the offender's right (east, for South) first.
        let four = spots(4);
        assert!(close(four[0], DVec2::new(0.515, 0.985)), "{four:?}");
        assert!(close(four[3], DVec2::new(0.455, 0.985)), "{four:?}");
    }

    /// One disc is placed exactly as `penalty_spot` places it, taken middle
    /// included.
    #[test]
    fn one_symmetric_penalty_disc_is_a_penalty_spot() {
        let table = t();
        for discs in [vec![], vec![NORTH_MID], vec![DVec2::new(0.51, 0.985)]] {
            let one = symmetric_penalty_spots(&table, Seat::South, &discs, &[], FROM_EAST, 1);
            let single = penalty_spot(&table, Seat::South, &discs, &[], FROM_EAST);
            assert_eq!(one.first().copied(), single);
        }
    }

    /// A disc 5 mm west of the west spot of two (at 0.48) takes it: the west
    /// disc goes to the free spot on its half nearest the middle, 0.45
    /// (touching the blocker); the east disc keeps 0.515.
    #[test]
    fn symmetric_pair_with_one_spot_taken_000_3_1() {
        let table = t();
        let blocker = DVec2::new(0.48, 0.985);
        let got = symmetric_penalty_spots(&table, Seat::South, &[blocker], &[], FROM_WEST, 2);
        assert_xs(&got, &[0.45, 0.515]);
    }

    /// Three with the middle taken: the outer two keep ±2r (touching the
    /// disc in the middle); the middle one goes where a single disc would,
    /// next to them, 60 mm out — equidistant both ways, one disc each half
    /// (the placed pair), so the stroke side decides: east.
    #[test]
    fn symmetric_three_with_the_middle_taken_000_3_1() {
        let table = t();
        let got = symmetric_penalty_spots(&table, Seat::South, &[NORTH_MID], &[], FROM_EAST, 3);
        assert_xs(&got, &[0.47, 0.53, 0.56]);
        let got = symmetric_penalty_spots(&table, Seat::South, &[NORTH_MID], &[], FROM_WEST, 3);
        assert_xs(&got, &[0.44, 0.47, 0.53]);
    }

    /// Four with a disc at 0.53: the east spots 0.515 and 0.545 are taken
    /// (15 mm from it), the west pair stays. With it placed, the east half
    /// (x ≥ 0.5) is blocked from the middle line to 0.56, so the east discs
    /// go to 0.56 (touching the blocker), then 0.59.
    #[test]
    fn symmetric_four_with_inner_spot_taken_000_3_1() {
        let table = t();
        let blocker = DVec2::new(0.53, 0.985);
        let got = symmetric_penalty_spots(&table, Seat::South, &[blocker], &[], FROM_WEST, 4);
        assert_xs(&got, &[0.455, 0.485, 0.56, 0.59]);
    }

    /// A half full from the cushion's end to the middle line: the discs
    /// meant for it go to the other half, nearest the middle.
    #[test]
    fn symmetric_discs_cross_to_the_other_half_when_theirs_is_full() {
        let table = t();
        // West half full: touching discs from 0.015 to 0.495, whose edge is
        // 10 mm past the middle line.
        let discs: Vec<DVec2> = (0..17)
            .map(|k| DVec2::new(0.015 + 0.03 * k as f64, 0.985))
            .collect();
        let got = symmetric_penalty_spots(&table, Seat::South, &discs, &[], FROM_WEST, 2);
        // Both spots are taken (0.515 is 20 mm from 0.495). The east disc
        // goes to the east half's nearest free spot, 0.525; the west one,
        // its half full, to the next on the east half, 0.555.
        assert_xs(&got, &[0.525, 0.555]);
    }

    /// The cushion fills up: the rest stay a debt; a huge count does not
    /// abort; a table with a nonsense disc radius places nothing.
    #[test]
    fn symmetric_penalty_discs_when_the_cushion_fills() {
        let table = t();
        let mut discs: Vec<DVec2> = (0..33)
            .map(|k| DVec2::new(0.015 + 0.03 * k as f64, 0.985))
            .collect();
        discs.remove(16); // frees x = 0.495 exactly
        let got = symmetric_penalty_spots(&table, Seat::South, &discs, &[], FROM_WEST, 3);
        assert_xs(&got, &[0.495]);
        let many = symmetric_penalty_spots(&table, Seat::South, &[], &[], FROM_WEST, usize::MAX);
        assert!(many.len() <= 33, "{}", many.len());
        for (k, &p) in many.iter().enumerate() {
            assert!(is_free(&table, &many[..k], p));
        }
        let mut odd = t();
        odd.disc.radius = f64::NAN;
        assert!(symmetric_penalty_spots(&odd, Seat::South, &[], &[], FROM_WEST, 2).is_empty());
        odd.disc.radius = 1e-300;
        let specks = symmetric_penalty_spots(&odd, Seat::South, &[], &[], FROM_WEST, usize::MAX);
        assert_eq!(specks.len(), MOST_AT_ONCE);
        assert!(penalty_spots(&table, Seat::South, &[], &[], FROM_WEST, usize::MAX).len() <= 33);
    }

    /// The layout enum dispatches to the two procedures.
    #[test]
    fn penalty_layout_chooses_the_procedure() {
        let table = t();
        let on_line = PenaltyLayout::OnTheLine.spots(&table, Seat::South, &[], &[], FROM_WEST, 2);
        assert_eq!(
            on_line,
            penalty_spots(&table, Seat::South, &[], &[], FROM_WEST, 2)
        );
        assert_xs(&on_line, &[0.47, 0.5]);
        let sym = PenaltyLayout::Symmetric.spots(&table, Seat::South, &[], &[], FROM_WEST, 2);
        assert_xs(&sym, &[0.485, 0.515]);
    }
}
