//! Where the referee puts discs back: the exact nearest free spot (`002`
//! 4.5) and several penalty discs laid symmetrically (`000` 3.1), checked
//! through the public API against hand-computed geometry and, at random,
//! against dense sampling.

use novuss_core::physics::stroke::check_layout;
use novuss_core::rules::placement::{
    is_clear, is_free, nearest_free_spot, penalty_spot, symmetric_penalty_spots, PenaltyLayout,
};
use novuss_core::rules::zone::{SeatFrame, CONTACT_TOLERANCE};
use novuss_core::seat::Seat;
use novuss_core::table::{Corner, Table};
use novuss_core::DVec2;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Hand-computed answers are checked to this (m).
const EPS: f64 = 1e-12;
/// The disc radius of the default table.
const R: f64 = 0.015;
/// The gap the referee asks for when a disc must not touch another: 1 µm.
const APART: f64 = 1e-6;

fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

#[track_caller]
fn assert_at(got: Option<DVec2>, want: DVec2) {
    let got = got.expect("a spot");
    assert!((got - want).length() < EPS, "got {got:?}, want {want:?}");
}

/// Exactly free with the full distances: on the surface without tolerance,
/// `2r + gap` from every disc, clear of every pocket hole.
fn exactly_free(table: &Table, discs: &[DVec2], p: DVec2, gap: f64) -> bool {
    let r = table.disc.radius;
    table.within_cushions(p, r)
        && discs.iter().all(|&d| (p - d).length() >= 2.0 * r + gap)
        && Corner::ALL
            .iter()
            .all(|&c| (p - table.pocket_centre(c)).length() >= table.pocket_radius + r)
}

/// Everything the contract of `nearest_free_spot` promises about an answer
/// `p`, given that `discs` are a legal layout on their own.
#[track_caller]
fn assert_acceptable(table: &Table, discs: &[DVec2], p: DVec2, gap: f64) {
    let r = table.disc.radius;
    assert!(table.within_cushions(p, r), "{p:?} off the surface");
    let slack = CONTACT_TOLERANCE / 2.0;
    for &d in discs {
        let dist = (p - d).length();
        assert!(dist >= 2.0 * r + gap - slack, "{p:?} {dist} from {d:?}");
    }
    assert!(is_clear(table, discs, p, gap), "{p:?} not clear");
    assert!(is_free(table, discs, p), "{p:?} not free");
    let bodies: Vec<(DVec2, f64)> = discs.iter().chain([&p]).map(|&q| (q, r)).collect();
    assert_eq!(check_layout(table, CONTACT_TOLERANCE, &bodies), Ok(()));
}

// ---- the nearest free spot (`002` 4.5) -------------------------------------

/// On an empty table a wanted point on the surface is its own answer,
/// bit for bit, whatever the gap.
#[test]
fn nearest_free_spot_on_an_empty_table_is_the_wanted_point() {
    let table = Table::default();
    for wanted in [v(0.5, 0.5), v(0.3, 0.7), v(R, 0.5), v(0.2, 0.985)] {
        for gap in [0.0, APART, 0.01] {
            assert_eq!(nearest_free_spot(&table, &[], wanted, gap), Some(wanted));
        }
    }
}

/// A wanted point not covered (touching allowed without a gap) is kept;
/// with a gap the same point is too near and moves out by the gap.
#[test]
fn nearest_free_spot_keeps_a_touching_point_only_without_a_gap() {
    let table = Table::default();
    let d = v(0.5, 0.5);
    let wanted = v(0.53, 0.5);
    assert_eq!(nearest_free_spot(&table, &[d], wanted, 0.0), Some(wanted));
    assert_at(
        nearest_free_spot(&table, &[d], wanted, APART),
        v(0.53 + APART, 0.5),
    );
}

/// `002` 4.5: the old spot covered by one disc 10 mm and 20 mm away along
/// a slanted line: the answer is on the line of centres, `2r + gap` from
/// that disc.
#[test]
fn nearest_free_spot_past_one_disc_along_the_line_of_centres_002_4_5() {
    let table = Table::default();
    let d = v(0.4, 0.6);
    let wanted = v(0.41, 0.62);
    let u = (wanted - d).normalize();
    for gap in [0.0, APART, 0.005] {
        let got = nearest_free_spot(&table, &[d], wanted, gap).unwrap();
        assert!((got - (d + u * (2.0 * R + gap))).length() < EPS, "{got:?}");
        assert!(((got - d).length() - (2.0 * R + gap)).abs() < EPS);
        assert_acceptable(&table, &[d], got, gap);
    }
}

/// Wedged between two discs 40 mm apart, the wanted point midway: the
/// nearest free points are where the two circles of radius `2r + gap`
/// cross, (0.3, 0.3 ± h) with h = √((2r + gap)² − 0.02²). Equally near;
/// the one nearer the table's centre is taken (+h), and for the mirror
/// image above the centre, −h.
#[test]
fn nearest_free_spot_wedged_between_two_discs_002_4_5() {
    let table = Table::default();
    let reach = 2.0 * R + APART;
    let h = (reach * reach - 0.02 * 0.02).sqrt();
    let discs = [v(0.28, 0.3), v(0.32, 0.3)];
    let got = nearest_free_spot(&table, &discs, v(0.3, 0.3), APART);
    assert_at(got, v(0.3, 0.3 + h));
    assert_acceptable(&table, &discs, got.unwrap(), APART);
    let mirror = [v(0.28, 0.7), v(0.32, 0.7)];
    assert_at(
        nearest_free_spot(&table, &mirror, v(0.3, 0.7), APART),
        v(0.3, 0.7 - h),
    );
}

/// Three discs around the wanted point: the projection onto each circle
/// and one crossing are covered; the answer is the other crossing of the
/// two discs that leave it free, checked exactly.
#[test]
fn nearest_free_spot_among_three_discs() {
    let table = Table::default();
    let discs = [v(0.48, 0.5), v(0.52, 0.5), v(0.5, 0.465)];
    let h = (0.03f64 * 0.03 - 0.02 * 0.02).sqrt();
    // (0.5, 0.5 − h) is 0.0126 from the third disc: covered.
    assert!((v(0.5, 0.5 - h) - discs[2]).length() < 0.03);
    let got = nearest_free_spot(&table, &discs, v(0.5, 0.5), 0.0);
    assert_at(got, v(0.5, 0.5 + h));
    assert_acceptable(&table, &discs, got.unwrap(), 0.0);
}

/// Against the west cushion: a disc at x = 0.04 covers the wanted point
/// (0.02, 0.5), and the line of centres leads off the surface, so the disc
/// goes where its circle meets the line x = r: (r, 0.5 ± √(reach² −
/// 0.025²)); equally near and equally near the centre, so the smaller y.
#[test]
fn nearest_free_spot_against_a_cushion() {
    let table = Table::default();
    let d = v(0.04, 0.5);
    let reach = 2.0 * R + APART;
    let h = (reach * reach - 0.025 * 0.025).sqrt();
    let got = nearest_free_spot(&table, &[d], v(0.02, 0.5), APART);
    assert_at(got, v(R, 0.5 - h));
    assert_acceptable(&table, &[d], got.unwrap(), APART);
    // A wanted point off the surface comes back onto it, and exactly onto
    // the far cushion's line.
    assert_at(nearest_free_spot(&table, &[], v(-0.3, 0.5), 0.0), v(R, 0.5));
    let far = nearest_free_spot(&table, &[], v(1.3, 0.5), 0.0).unwrap();
    assert!(table.within_cushions(far, R) && (far.x - 0.985).abs() < EPS);
}

/// Near a pocket: no part of the disc over the hole (centre 65 mm from both
/// cushions, 50 mm radius). Inside the pocket's reach on the diagonal the
/// disc goes out along it to 65 mm from the pocket's centre; beside the
/// cushion it goes to the slot between pocket and cushion, x = 65 mm −
/// √(65² − 50²) mm.
#[test]
fn nearest_free_spot_near_a_pocket() {
    let table = Table::default();
    let pocket = table.pocket_centre(Corner::SouthWest);
    let out = pocket + DVec2::ONE.normalize() * 0.065;
    assert_at(nearest_free_spot(&table, &[], v(0.1, 0.1), 0.0), out);
    // At the pocket's very centre: towards the table's centre, the same.
    assert_at(nearest_free_spot(&table, &[], pocket, 0.0), out);
    let slot = 0.065 - (0.065f64 * 0.065 - 0.05 * 0.05).sqrt();
    let got = nearest_free_spot(&table, &[], v(0.03, R), 0.0);
    assert_at(got, v(slot, R));
    assert_acceptable(&table, &[], got.unwrap(), 0.0);
}

/// Surface corners are free (the pocket leaves them clear) and are
/// answers when the wanted point is beyond them.
#[test]
fn nearest_free_spot_in_a_surface_corner() {
    let table = Table::default();
    assert_at(nearest_free_spot(&table, &[], v(-1.0, -1.0), 0.0), v(R, R));
    let got = nearest_free_spot(&table, &[], v(2.0, 2.0), APART).unwrap();
    assert!((got - v(0.985, 0.985)).length() < EPS && table.within_cushions(got, R));
}

/// `None`, never a panic, for input that is not a number, a negative gap or
/// a table with no room.
#[test]
fn nearest_free_spot_refuses_nonsense() {
    let table = Table::default();
    let ok = v(0.5, 0.5);
    for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert_eq!(nearest_free_spot(&table, &[], v(bad, 0.5), 0.0), None);
        assert_eq!(nearest_free_spot(&table, &[], v(0.5, bad), 0.0), None);
        assert_eq!(nearest_free_spot(&table, &[], ok, bad), None);
        assert_eq!(nearest_free_spot(&table, &[v(bad, 0.2)], ok, 0.0), None);
        for field in 0..4 {
            let mut odd = table;
            match field {
                0 => odd.size = bad,
                1 => odd.disc.radius = bad,
                2 => odd.pocket_radius = bad,
                _ => odd.pocket_inset = bad,
            }
            assert_eq!(nearest_free_spot(&odd, &[], ok, 0.0), None, "{field}");
        }
    }
    assert_eq!(nearest_free_spot(&table, &[], ok, -1e-6), None);
    let mut tiny = table;
    tiny.size = 0.02;
    assert_eq!(nearest_free_spot(&tiny, &[], v(0.01, 0.01), 0.0), None);
}

/// `None` only when the whole surface is taken: a square lattice of discs
/// 30 mm apart (1089 of them) leaves no free point even with touching
/// allowed; take one away and its spot is the answer wherever the wanted
/// point is.
#[test]
fn nearest_free_spot_none_only_when_the_surface_is_full() {
    let table = Table::default();
    let lattice: Vec<DVec2> = (0..33)
        .flat_map(|i| (0..33).map(move |j| v(R + 0.03 * i as f64, R + 0.03 * j as f64)))
        .collect();
    assert_eq!(nearest_free_spot(&table, &lattice, v(0.5, 0.5), 0.0), None);
    let hole = v(R + 0.03 * 20.0, R + 0.03 * 7.0);
    let rest: Vec<DVec2> = lattice.into_iter().filter(|&p| p != hole).collect();
    let got = nearest_free_spot(&table, &rest, v(0.1, 0.9), 0.0);
    assert_at(got, hole);
}

/// Random crowded tables: up to 32 discs packed into a box (20 mm to 400 mm
/// a side) around the wanted point, which is sometimes a disc's centre; a
/// gap of none, 1 µm or up to 20 mm; a seed for the sampling.
fn crowded() -> impl Strategy<Value = (Vec<DVec2>, DVec2, f64, u64)> {
    (
        (0.0f64..1.0, 0.0f64..1.0),
        0.02f64..0.4,
        prop::collection::vec((-1.0f64..1.0, -1.0f64..1.0), 0..200),
        (-1.0f64..1.0, -1.0f64..1.0),
        prop_oneof![Just(0.0), Just(APART), 0.0f64..0.02],
        any::<u64>(),
        any::<bool>(),
    )
        .prop_map(|((cx, cy), half, raw, (wx, wy), gap, seed, on_disc)| {
            let table = Table::default();
            let centre = v(cx, cy);
            let mut discs: Vec<DVec2> = vec![];
            for (x, y) in raw {
                let p = centre + v(x, y) * half;
                if discs.len() < 32 && is_free(&table, &discs, p) && table.within_cushions(p, R) {
                    discs.push(p);
                }
            }
            // Now and then exactly on a disc's centre (every direction is
            // equally near there).
            let wanted = match discs.first() {
                Some(&d) if on_disc => d,
                _ => centre + v(wx, wy) * half,
            };
            (discs, wanted, gap, seed)
        })
}

/// The nearest free spot keeps its contract, is the wanted point when that
/// is free, and no point sampled densely around the wanted point (many near
/// the answer's distance, where the candidates lie) is exactly free and
/// nearer by more than 1e-9 m; with no answer, no sampled point is free.
fn nearest_against_sampling(
    discs: &[DVec2],
    wanted: DVec2,
    gap: f64,
    seed: u64,
) -> Result<(), TestCaseError> {
    let table = Table::default();
    let got = nearest_free_spot(&table, discs, wanted, gap);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    match got {
        Some(p) => {
            assert_acceptable(&table, discs, p, gap);
            if exactly_free(&table, discs, wanted, gap) {
                prop_assert_eq!(p, wanted);
            }
            let best = (p - wanted).length();
            // Uniform in the disk of radius `best` around the wanted
            // point, denser near its rim, where the candidates lie.
            for k in 0..20_000 {
                let a = rng.random::<f64>() * std::f64::consts::TAU;
                let s: f64 = if k % 2 == 0 {
                    rng.random::<f64>().sqrt()
                } else {
                    1.0 - rng.random::<f64>() * 1e-3
                };
                let q = wanted + DVec2::from_angle(a) * (best * s);
                if exactly_free(&table, discs, q, gap) {
                    prop_assert!(
                        (q - wanted).length() >= best - 1e-9,
                        "{q:?} is free and nearer than {p:?}"
                    );
                }
            }
        }
        None => {
            for _ in 0..20_000 {
                let q = v(rng.random::<f64>(), rng.random::<f64>());
                prop_assert!(!exactly_free(&table, discs, q, gap), "{q:?} is free");
            }
        }
    }
    Ok(())
}

/// Touching discs in rows, the case with the most coincidences (circles
/// through other discs' centres, tangent to the cushion lines): a square or
/// hexagonal lattice 30 mm apart from a random origin (sometimes against a
/// cushion), some sites left empty, and a wanted point on a site or between.
fn touching_rows() -> impl Strategy<Value = (Vec<DVec2>, DVec2, f64, u64)> {
    (
        (0.0f64..0.9, 0.0f64..0.9, any::<bool>()),
        any::<bool>(),
        prop::collection::vec(any::<bool>(), 36),
        (0usize..36, any::<bool>(), (0.0f64..0.03, 0.0f64..0.03)),
        prop_oneof![Just(0.0), Just(APART)],
        any::<u64>(),
    )
        .prop_map(
            |((ox, oy, flush), hex, keep, (site, on_site, (dx, dy)), gap, seed)| {
                let table = Table::default();
                let origin = if flush {
                    v(R, oy.max(R))
                } else {
                    v(ox.max(R), oy.max(R))
                };
                let sites: Vec<DVec2> = (0..36)
                    .map(|k| {
                        let (i, j) = ((k % 6) as f64, (k / 6) as f64);
                        if hex {
                            let shift = if (k / 6) % 2 == 1 { R } else { 0.0 };
                            origin + v(0.03 * i + shift, 0.03 * j * 3f64.sqrt() / 2.0)
                        } else {
                            origin + v(0.03 * i, 0.03 * j)
                        }
                    })
                    .collect();
                let mut discs: Vec<DVec2> = vec![];
                for (&p, &k) in sites.iter().zip(&keep) {
                    if k && table.within_cushions(p, R) && is_free(&table, &discs, p) {
                        discs.push(p);
                    }
                }
                let wanted = if on_site {
                    sites[site]
                } else {
                    sites[site] + v(dx, dy)
                };
                (discs, wanted, gap, seed)
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn nearest_free_spot_is_free_and_nearest((discs, wanted, gap, seed) in crowded()) {
        nearest_against_sampling(&discs, wanted, gap, seed)?;
    }

    #[test]
    fn nearest_free_spot_among_touching_rows((discs, wanted, gap, seed) in touching_rows()) {
        nearest_against_sampling(&discs, wanted, gap, seed)?;
    }
    /// No input makes it panic: any bit patterns for the wanted point, the
    /// gap and a disc.
    #[test]
    fn nearest_free_spot_never_panics(
        wx in any::<f64>(), wy in any::<f64>(), gap in any::<f64>(),
        dx in any::<f64>(), dy in any::<f64>(),
    ) {
        let table = Table::default();
        let got = nearest_free_spot(&table, &[v(dx, dy)], v(wx, wy), gap);
        if let Some(p) = got {
            prop_assert!(p.is_finite() && table.within_cushions(p, R));
        }
    }
}

// ---- several penalty discs at once, symmetrically (`000` 3.1) --------------

/// A stroke made from the offender's own half, anywhere: these layouts do
/// not depend on it unless a middle disc must move.
fn from(table: &Table, offender: Seat) -> DVec2 {
    SeatFrame::new(table, offender).world(0.3, 0.05)
}

/// The `along` positions (receiving frame) of spots that all touch the
/// receiving cushion and are free of `discs` and of each other, sorted.
#[track_caller]
fn alongs(table: &Table, offender: Seat, discs: &[DVec2], spots: &[DVec2]) -> Vec<f64> {
    let recv = SeatFrame::new(table, offender.opposite());
    let mut all = discs.to_vec();
    let mut out = vec![];
    for &p in spots {
        assert!(
            (recv.depth(p) - R).abs() < EPS,
            "{p:?} not touching the cushion"
        );
        assert!(table.within_cushions(p, R), "{p:?} off the surface");
        assert!(is_free(table, &all, p), "{p:?} not free");
        all.push(p);
        out.push(recv.along(p));
    }
    let bodies: Vec<(DVec2, f64)> = all.iter().map(|&q| (q, R)).collect();
    assert_eq!(check_layout(table, CONTACT_TOLERANCE, &bodies), Ok(()));
    out.sort_by(f64::total_cmp);
    out
}

#[track_caller]
fn assert_alongs(got: &[f64], want: &[f64]) {
    assert_eq!(got.len(), want.len(), "got {got:?}, want {want:?}");
    for (g, w) in got.iter().zip(want) {
        assert!((g - w).abs() < EPS, "got {got:?}, want {want:?}");
    }
}

/// `000` 3.1, every seat: two at ±r, three at 0 and ±2r, four at ±r and
/// ±3r from the middle line, touching the opposite cushion and each other.
#[test]
fn symmetric_penalty_discs_every_seat_000_3_1() {
    let table = Table::default();
    for offender in Seat::ALL {
        let f = from(&table, offender);
        let place = |n| symmetric_penalty_spots(&table, offender, &[], &[], f, n);
        let at = |n| alongs(&table, offender, &[], &place(n));
        assert_alongs(&at(2), &[0.5 - R, 0.5 + R]);
        assert_alongs(&at(3), &[0.5 - 2.0 * R, 0.5, 0.5 + 2.0 * R]);
        assert_alongs(&at(4), &[0.5 - 3.0 * R, 0.5 - R, 0.5 + R, 0.5 + 3.0 * R]);
        assert_alongs(&at(5), &[0.44, 0.47, 0.5, 0.53, 0.56]);
        assert_eq!(
            PenaltyLayout::Symmetric.spots(&table, offender, &[], &[], f, 4),
            place(4)
        );
    }
}

/// One symmetric spot taken, every seat: a disc sits on the cushion 5 mm
/// outside the spot at −r. The other spot stays; the displaced disc goes to
/// the free spot on its own half nearest the middle line, touching the
/// blocker: along 0.5 − r − 5 mm − 2r = 0.45.
#[test]
fn symmetric_pair_with_one_spot_taken_every_seat_000_3_1() {
    let table = Table::default();
    for offender in Seat::ALL {
        let recv = SeatFrame::new(&table, offender.opposite());
        let blocker = recv.world(0.48, R);
        let f = from(&table, offender);
        let got = symmetric_penalty_spots(&table, offender, &[blocker], &[], f, 2);
        assert_alongs(&alongs(&table, offender, &[blocker], &got), &[0.45, 0.515]);
    }
}

/// Three and four with a symmetric spot taken by a disc off the cushion,
/// exact: a disc 20 mm in from the cushion at along 0.53 blocks the
/// cushion line for |a − 0.53| < √(30² − 20²) mm = √500 mm. Three: 0.53 is
/// taken; 0.5 and 0.47 stay; the east disc goes to 0.53 + √500 mm. Four:
/// 0.515 and 0.545 are taken; the east two go to 0.53 + √500 mm and 30 mm
/// beyond.
#[test]
fn symmetric_three_and_four_with_a_spot_taken_exactly_000_3_1() {
    let table = Table::default();
    let offender = Seat::West;
    let recv = SeatFrame::new(&table, offender.opposite());
    let blocker = recv.world(0.53, R + 0.02);
    let f = from(&table, offender);
    let s = 0.0005f64.sqrt();
    let three = symmetric_penalty_spots(&table, offender, &[blocker], &[], f, 3);
    assert_alongs(
        &alongs(&table, offender, &[blocker], &three),
        &[0.47, 0.5, 0.53 + s],
    );
    let four = symmetric_penalty_spots(&table, offender, &[blocker], &[], f, 4);
    assert_alongs(
        &alongs(&table, offender, &[blocker], &four),
        &[0.455, 0.485, 0.53 + s, 0.53 + s + 0.03],
    );
}

/// The middle of three taken by a disc on the middle line: the pair stays
/// at ±2r and the middle disc goes where `penalty_spot` sends one disc —
/// to the half with fewer discs (`000` 3.1), here the one without an extra
/// disc far out on the other side.
#[test]
fn symmetric_middle_disc_uses_the_penalty_tie_breaks_000_3_1() {
    let table = Table::default();
    let offender = Seat::South;
    let recv = SeatFrame::new(&table, offender.opposite());
    let mid = recv.world(0.5, R);
    let extra = recv.world(0.9, 0.5); // on the receiving frame's right half
    let discs = [mid, extra];
    let f = from(&table, offender);
    let got = symmetric_penalty_spots(&table, offender, &discs, &[], f, 3);
    assert_alongs(&alongs(&table, offender, &discs, &got), &[0.44, 0.47, 0.53]);
    // The middle disc alone, with the pair placed, goes the same way.
    let pair = [recv.world(0.47, R), recv.world(0.53, R)];
    let mut with_pair = discs.to_vec();
    with_pair.extend(pair);
    let single = penalty_spot(&table, offender, &with_pair, &[false, false, true, true], f);
    assert!(got.iter().any(|&p| Some(p) == single), "{got:?} {single:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Random discs near the receiving cushion: every spot returned touches
    /// it and is free of the discs and of the spots before it; with nothing
    /// in the way the spots are the symmetric ones.
    #[test]
    fn symmetric_penalty_spots_are_free_and_touch_the_cushion(
        seat in 0usize..4,
        raw in prop::collection::vec((0.015f64..0.985, 0.015f64..0.2), 0..24),
        n in 0usize..9,
    ) {
        let table = Table::default();
        let offender = Seat::ALL[seat];
        let recv = SeatFrame::new(&table, offender.opposite());
        let mut discs: Vec<DVec2> = vec![];
        for (a, d) in raw {
            let p = recv.world(a, d);
            if is_free(&table, &discs, p) {
                discs.push(p);
            }
        }
        let f = from(&table, offender);
        let got = symmetric_penalty_spots(&table, offender, &discs, &[], f, n);
        prop_assert!(got.len() <= n);
        let at = alongs(&table, offender, &discs, &got);
        let ideal: Vec<f64> = (0..n).map(|k| 0.5 + (2.0 * k as f64 - (n as f64 - 1.0)) * R).collect();
        let clear = ideal.iter().all(|&a| is_free(&table, &discs, recv.world(a, R)));
        if clear {
            assert_alongs(&at, &ideal);
        }
    }
}
