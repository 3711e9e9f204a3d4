//! Property tests of the referee: random legal strokes from random
//! positions, in every profile and format.

mod referee_common;
use referee_common::*;

use novuss_core::placement::is_free;
use novuss_core::profile::ProfileId;
use novuss_core::referee;
use novuss_core::set::{Format, SetState};
use novuss_core::stroke::Stroke;
use novuss_core::verdict::Turn;
use novuss_core::zone::SeatFrame;
use novuss_core::DVec2;
use proptest::prelude::*;

/// A random position: each disc is on the table with probability `keep`
/// (at least one per side) at a random free spot, else pocketed; a random
/// debt for sides with nothing pocketed... is not allowed (see below).
fn position(
    profile: ProfileId,
    format: Format,
    seed: &[(f64, f64, bool)],
    to_play: usize,
) -> SetState {
    let mut s = empty(profile, format);
    s.to_play = to_play % s.seats.len();
    let t = s.table;
    let mut placed: Vec<DVec2> = vec![];
    for (k, &(x, y, keep)) in seed.iter().enumerate().take(s.discs.len()) {
        let side = s.discs[k].side;
        let first_of_side = !s.discs.iter().any(|d| d.side == side && d.at.is_some());
        if !keep && !first_of_side {
            continue;
        }
        let p = v(0.015 + x * 0.97, 0.015 + y * 0.97);
        if is_free(&t, &placed, p) {
            s.discs[k].at = Some(p);
            placed.push(p);
        }
    }
    s
}

fn total(s: &SetState, side: usize) -> usize {
    s.on_table(side) + s.pocketed(side)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, .. ProptestConfig::default() })]

    #[test]
    fn random_legal_strokes_keep_the_books_straight(
        profile in prop::sample::select(ProfileId::ALL.to_vec()),
        format in prop::sample::select(vec![Format::Singles, Format::Doubles, Format::FourPlayer]),
        seed in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0, prop::bool::weighted(0.3)), 32),
        to_play in 0usize..4,
        along in 0.14f64..0.86,
        depth in 0.023f64..0.12,
        angle in -1.2f64..1.2,
        speed in 0.2f64..8.0,
    ) {
        let s = position(profile, format, &seed, to_play);
        prop_assume!(s.validate().is_ok());
        prop_assume!((0..s.sides.len()).all(|k| s.on_table(k) > 0));
        let frame = SeatFrame::new(&s.table, s.seat_to_play());
        let striker = frame.world(along, depth);
        let direction = frame.inward() * angle.cos() + frame.rightward() * angle.sin();
        let stroke = Stroke { striker, direction, speed };
        let Ok((n, vd)) = referee::play(&s, &stroke, &mut engine(&s)) else {
            // Illegal placement or aim: refused, nothing to check.
            return Ok(());
        };
        // Every side's discs add up: on the table + pocketed = 8 (16 for a
        // doubles team), always. A debt is *not* part of that sum: a side
        // with all its discs on the table that commits a foul owes a disc
        // it cannot put out (`000` 3.2), so "on table + pocketed + debt = 8"
        // cannot hold literally; instead a debt stands only while the side
        // has nothing pocketed when a turn ends.
        for k in 0..n.sides.len() {
            prop_assert_eq!(total(&n, k), format.discs_per_side());
            if vd.turn != Turn::Continues && n.sides[k].debt > 0 && n.result.is_none() {
                prop_assert_eq!(n.pocketed(k), 0, "side {} owes {} with discs pocketed", k, n.sides[k].debt);
            }
        }
        // A foul always ends the turn.
        if !vd.fouls.is_empty() {
            prop_assert_ne!(vd.turn, Turn::Continues);
            prop_assert!(vd.penalty.is_some());
        }
        // Restored discs are exactly where they were, unless another disc
        // now lies there (then clear of every disc).
        for r in &vd.restored {
            let before = at(&s, r.disc).expect("restored discs were on the table");
            prop_assert_eq!(at(&n, r.disc), Some(r.at));
            if r.at != before {
                let others: Vec<DVec2> = n.discs.iter().filter(|d| d.id != r.disc).filter_map(|d| d.at).collect();
                prop_assert!(others.iter().any(|&o| (o - before).length() < 0.03 - 1e-9));
            }
        }
        // No two discs overlap, and the state is valid.
        prop_assert!(n.validate().is_ok(), "{:?}", n.validate());
        // Every placed disc is on a free spot.
        for p in vd.penalty.iter().flat_map(|p| p.placed.iter()).chain(&vd.debt_paid).chain(&vd.off_table) {
            let others: Vec<DVec2> = n.discs.iter().filter(|d| d.id != p.disc).filter_map(|d| d.at).collect();
            prop_assert!(is_free(&n.table, &others, p.at), "{:?}", p);
        }
        // Every verdict explains itself, and the turn matches the state.
        prop_assert!(!vd.reasons.is_empty());
        prop_assert!(vd.reasons.iter().all(|r| !r.rules.is_empty() && !r.text.is_empty()));
        match vd.turn {
            Turn::Continues => prop_assert_eq!(n.to_play, s.to_play),
            Turn::Passes { to } => prop_assert_eq!(n.seat_to_play(), to),
            Turn::SetOver => prop_assert!(n.result.is_some()),
        }
        prop_assert_eq!(n.strokes, s.strokes + 1);
    }
}
