//! Property tests of the referee: random legal strokes from random
//! positions, in every profile and format, one stroke at a time and whole
//! sets played out.
//!
//! The generators make only legal strokes (the striker inside the player's
//! edge zone, clear of every disc, aimed within the cue's legal range), so
//! any refusal is a failure, not a skipped case. Positions range from the
//! opening line-up to a last disc or two per side, with touching clusters,
//! discs against cushions, random debts and blind-miss counts, so sets end,
//! discs leave the table and debts are paid.

use crate::referee_common::*;

use novuss_core::physics::stroke::Stroke;
use novuss_core::rules::placement::is_free;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, Opening, SeatIndex, SetParts, SetState};
use novuss_core::rules::verdict::{English, Turn, Verdict, Words};
use novuss_core::rules::zone::SeatFrame;
use novuss_core::DVec2;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Where the striker goes, as fractions of the legal ranges in the frame of
/// the seat to play: along the cushion and in depth.
#[derive(Clone, Copy, Debug)]
struct Spot {
    along: f64,
    depth: f64,
}

/// The striker's centre for `spot`, strictly inside the edge zone of the
/// seat to play (`000` 1.6; `002` 3.1): the hole clear of every zone line.
fn striker_at(s: &SetParts, spot: Spot) -> DVec2 {
    let t = s.table;
    let seat = s.seats[s.to_play.index()];
    let clear = t.line_offset + t.line_width / 2.0 + t.striker.hole_radius + 1e-6;
    let (lo, hi) = (clear, t.size - clear);
    let (dlo, dhi) = (
        t.striker.radius,
        t.line_offset - t.line_width / 2.0 - t.striker.hole_radius - 1e-6,
    );
    SeatFrame::new(&t, seat).world(lo + spot.along * (hi - lo), dlo + spot.depth * (dhi - dlo))
}

/// A legal direction from `striker`: the cue, followed back, meets the near
/// cushion strictly between the corners (`000` 1.15; `002` 3.4). `f` in
/// [0, 1] sweeps the whole legal range.
fn direction(s: &SetParts, striker: DVec2, f: f64) -> DVec2 {
    let frame = SeatFrame::new(&s.table, s.seats[s.to_play.index()]);
    let (along, depth) = (frame.along(striker), frame.depth(striker));
    let lo = ((along - s.table.size) / depth).atan();
    let hi = (along / depth).atan();
    let a = lo + (hi - lo) * (0.01 + 0.98 * f);
    frame.inward() * a.cos() + frame.rightward() * a.sin()
}

/// A random position. Each disc is on the table with probability `keep` at a
/// random free spot (some against a cushion, some touching the disc placed
/// before), else pocketed; at least one disc per side stays unless the side
/// is to have cleared. Nothing is placed where the striker will stand.
fn position(rng: &mut ChaCha8Rng, profile: ProfileId, format: Format) -> (SetParts, DVec2) {
    let mut s = empty(profile, format);
    s.to_play = SeatIndex(rng.random_range(0..s.seats.len()));
    let striker = striker_at(
        &s,
        Spot {
            along: rng.random(),
            depth: rng.random(),
        },
    );
    let t = s.table;
    let r = t.disc.radius;
    let keep: f64 = rng.random_range(0.03..0.6);
    let reach = t.striker.radius + r + 1e-3;
    let mut placed: Vec<DVec2> = vec![];
    for k in 0..s.discs.len() {
        let side = s.discs[k].side;
        let first_of_side = !s.discs.iter().any(|d| d.side == side && d.at.is_some());
        if !rng.random_bool(keep) && !first_of_side {
            continue;
        }
        let p = match rng.random_range(0..4) {
            // Against a random cushion.
            0 => {
                let along = rng.random_range(r..t.size - r);
                match rng.random_range(0..4) {
                    0 => v(along, r),
                    1 => v(along, t.size - r),
                    2 => v(r, along),
                    _ => v(t.size - r, along),
                }
            }
            // Touching the disc placed last: a cluster.
            1 if !placed.is_empty() => {
                let a: f64 = rng.random_range(0.0..std::f64::consts::TAU);
                placed[placed.len() - 1] + DVec2::from_angle(a) * 2.0 * r
            }
            _ => v(
                rng.random_range(r..t.size - r),
                rng.random_range(r..t.size - r),
            ),
        };
        if t.within_cushions(p, r) && is_free(&t, &placed, p) && (p - striker).length() > reach {
            s.discs[k].at = Some(p);
            placed.push(p);
        }
    }
    for info in &mut s.sides {
        if rng.random_bool(0.2) {
            info.debt = rng.random_range(1..3);
            info.debt_seat = Some(info.seats[0]);
        }
        info.blind_misses = rng.random_range(0..3);
    }
    s.opening = Opening::Over;
    (s, striker)
}

/// Every invariant of one judged stroke from `s` to `n`.
fn check(s: &SetParts, n: &SetParts, vd: &Verdict) -> Result<(), TestCaseError> {
    let (st, nt) = (state(s), state(n));
    for k in 0..n.sides.len() {
        let sd = side(k as u8);
        // Every side's discs add up, always.
        prop_assert_eq!(nt.on_table(sd) + nt.pocketed(sd), s.format.discs_per_side());
        prop_assert!(n.sides[k].debt <= s.sides[k].debt + 1);
    }
    // A foul always ends the turn and costs exactly one penalty disc (`000`
    // 3.4), placed with any older debt or owed.
    if !vd.fouls.is_empty() {
        prop_assert_ne!(vd.turn, Turn::Continues);
        let p = vd.penalty.as_ref().expect("a penalty for a foul");
        let owed = s.sides[vd.side.index()].debt as usize + 1;
        prop_assert!(p.placed.len() <= owed);
        prop_assert_eq!(p.placed.len() as u32 + p.debt, owed as u32);
    }
    // Restored discs are exactly where they were, unless another disc now
    // lies there.
    for r in &vd.restored {
        let before = at(s, r.disc.0).expect("restored discs were on the table");
        prop_assert_eq!(at(n, r.disc.0), Some(r.at));
        if r.at != before {
            let others: Vec<DVec2> = n
                .discs
                .iter()
                .filter(|d| d.id != r.disc)
                .filter_map(|d| d.at)
                .collect();
            prop_assert!(others.iter().any(|&o| (o - before).length() < 0.03 - 1e-9));
        }
    }
    // Every placed disc is on a free spot.
    for p in vd
        .penalty
        .iter()
        .flat_map(|p| p.placed.iter())
        .chain(&vd.debt_paid)
        .chain(&vd.off_table)
    {
        let others: Vec<DVec2> = n
            .discs
            .iter()
            .filter(|d| d.id != p.disc)
            .filter_map(|d| d.at)
            .collect();
        prop_assert!(is_free(&n.table, &others, p.at), "{:?}", p);
    }
    // A set that is over shows no disc placed by the referee after its end.
    if vd.set_result.is_some() {
        prop_assert!(vd.debt_paid.is_empty(), "{:?}", vd);
        prop_assert!(vd.penalty.as_ref().is_none_or(|p| p.placed.is_empty()));
    }
    // Every verdict explains itself, and the turn matches the state.
    prop_assert!(!vd.reasons.is_empty());
    for r in &vd.reasons {
        prop_assert!(!r.rules().is_empty());
        prop_assert!(!English.reason(r).is_empty());
    }
    match vd.turn {
        Turn::Continues => prop_assert_eq!(n.to_play, s.to_play),
        Turn::Passes { to } => prop_assert_eq!(nt.seat_to_play(), to),
        Turn::SetOver => prop_assert!(nt.is_over()),
    }
    prop_assert_eq!(nt.result(), vd.set_result);
    prop_assert_eq!(n.strokes, st.strokes() + 1);
    Ok(())
}

/// A legal stroke for the player to stroke in `s`, at a random free spot of
/// the edge zone (searched from `spot` outward on a fixed grid when the
/// random spot is taken; the line-up leaves plenty of room).
fn legal_stroke(rng: &mut ChaCha8Rng, s: &SetParts, speed: f64) -> Stroke {
    let st = state(s);
    for _ in 0..64 {
        let spot = Spot {
            along: rng.random(),
            depth: rng.random(),
        };
        let striker = striker_at(s, spot);
        let stroke = Stroke {
            striker,
            direction: direction(s, striker, rng.random()),
            speed,
        };
        if st.check(&stroke).is_ok() {
            return stroke;
        }
    }
    panic!("no free spot for the striker in 64 tries: {s:?}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, .. ProptestConfig::default() })]

    /// One legal stroke from a random position: never refused, and every
    /// invariant holds.
    #[test]
    fn random_legal_strokes_keep_the_books_straight(
        profile in prop::sample::select(ProfileId::ALL.to_vec()),
        format in prop::sample::select(Format::ALL.to_vec()),
        seed in any::<u64>(),
        angle in 0.0f64..1.0,
        speed in 0.2f64..8.0,
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (s, striker) = position(&mut rng, profile, format);
        let stroke = Stroke { striker, direction: direction(&s, striker, angle), speed };
        let (n, vd) = match try_play(&s, stroke) {
            Ok(r) => r,
            Err(e) => return Err(TestCaseError::fail(format!("refused: {e}"))),
        };
        check(&s, &n, &vd)?;
        // The fast path for searches gives the same, whatever its buffers
        // held before (here: another set's stroke).
        let other = SetState::new(ProfileId::Koroona, Format::FourPlayer, novuss_core::seat::Seat::West);
        let mut eng = engine(&s);
        let break_stroke = legal_stroke(&mut rng, &other.to_parts(), 6.0);
        let j = other.preview(&break_stroke, &mut eng).expect("a legal break");
        let (mut next, mut verdict, mut out) = (j.next, j.verdict, j.outcome);
        state(&s).preview_reusing(&stroke, &mut eng, &mut out, &mut next, &mut verdict).expect("legal");
        prop_assert_eq!(next.to_parts(), n);
        prop_assert_eq!(verdict, vd);
    }
}

/// Whole sets played out with random legal strokes, from the line-up and
/// from random positions: every stroke is accepted, every state valid, and
/// sets end in every way the generator can reach.
#[test]
fn random_sets_play_out_to_their_end() {
    let mut ended = 0;
    let mut off_table = 0;
    let mut debts_paid = 0;
    let mut strokes = 0;
    for seed in 0..240u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let profile = ProfileId::ALL[seed as usize % 3];
        let format = Format::ALL[(seed as usize / 3) % 3];
        let mut s = if seed % 4 == 0 {
            SetState::new(profile, format, novuss_core::seat::Seat::South).to_parts()
        } else {
            position(&mut rng, profile, format).0
        };
        for _ in 0..100 {
            if s.result.is_some() {
                ended += 1;
                break;
            }
            let speed = rng.random_range(0.3..8.0);
            let stroke = legal_stroke(&mut rng, &s, speed);
            let (n, vd) = try_play(&s, stroke).unwrap_or_else(|e| panic!("refused: {e}"));
            if let Err(e) = check(&s, &n, &vd) {
                panic!("seed {seed}: {e}");
            }
            off_table += vd.off_table.len();
            debts_paid += vd.debt_paid.len();
            strokes += 1;
            s = n;
        }
    }
    eprintln!("{strokes} strokes, {ended} sets ended, {off_table} discs off the table, {debts_paid} debts paid");
    assert!(ended >= 30, "only {ended} of 240 sets ended");
    assert!(off_table > 0 && debts_paid > 0);
}
