//! The Dutch system (C.04.3, 2026 rules): the same pairings as
//! bbpPairings 6.0.0 on every round of tournaments its generator made
//! (half-point and zero-point byes, forfeits, retirements and absences),
//! round 1 by the rules by hand, the same file giving the same round, and
//! valid pairings on random histories.

use std::collections::HashSet;

use novuss_club::trf::{self, Trf};
use novuss_club::{
    pair_dutch, Bye, Competitor, Entrant, Field, History, Pairings, PointSystem, RoundResult,
    Score, Side, SwissError,
};
use proptest::prelude::*;

use super::trf::fixture;

/// The tournament as it stood before round `r` (from 1) was paired: the
/// rounds before it, and the byes asked for round `r`.
fn before(whole: &Trf, r: usize, rounds: u32) -> Trf {
    let mut t = whole.clone();
    t.rounds = Some(rounds);
    t.initial = Some(whole.initial_colour());
    for p in &mut t.players {
        let mut kept: Vec<_> = p.rounds.iter().take(r - 1).copied().collect();
        if let Some(Some(RoundResult::Bye(b))) = p.rounds.get(r - 1) {
            if *b != Bye::PairingAllocated {
                kept.push(Some(RoundResult::Bye(*b)));
            }
        }
        p.points = kept
            .iter()
            .flatten()
            .map(|x| novuss_club::swiss::round_points(x, &t.points))
            .sum();
        p.rounds = kept;
    }
    t
}

/// bbpPairings' output: the number of pairs, then `white black`, a bye `n 0`.
fn read_pairs(text: &str) -> Pairings {
    let mut lines = text.lines();
    let count: usize = lines.next().unwrap().trim().parse().unwrap();
    let mut out = Pairings {
        pairs: Vec::new(),
        bye: None,
    };
    for l in lines {
        let (a, b) = l.split_once(' ').unwrap();
        let (a, b): (u32, u32) = (a.parse().unwrap(), b.trim().parse().unwrap());
        if b == 0 {
            out.bye = Some(Entrant(a));
        } else {
            out.pairs.push((Entrant(a), Entrant(b)));
        }
    }
    assert_eq!(count, out.pairs.len() + out.bye.is_some() as usize);
    out
}

/// Every round of the seven generated tournaments against bbpPairings'
/// pairing of it: as generated (`-rR.pairs`), and with every half-point
/// bye made a full-point one (`-F-rR.pairs`; the generator makes none).
/// Returns the rounds compared and those that differ.
fn compare_with_bbp(full_point_byes: bool) -> (usize, Vec<String>) {
    let mut compared = 0;
    let mut differ = Vec::new();
    for (seed, players, rounds) in [
        (1, 21, 7),
        (2, 21, 7),
        (3, 21, 7),
        (4, 21, 7),
        (5, 40, 9),
        (6, 40, 9),
        (7, 14, 11),
    ] {
        let name = format!("s{seed}-p{players}");
        let mut whole =
            trf::parse(&std::fs::read_to_string(fixture(&format!("{name}.trf"))).unwrap()).unwrap();
        let variant = if full_point_byes {
            for p in &mut whole.players {
                for r in p.rounds.iter_mut().flatten() {
                    if *r == RoundResult::Bye(Bye::Half) {
                        *r = RoundResult::Bye(Bye::Full);
                    }
                }
            }
            "-F"
        } else {
            ""
        };
        for r in 1..=rounds {
            let expected = read_pairs(
                &std::fs::read_to_string(fixture(&format!("{name}{variant}-r{r}.pairs"))).unwrap(),
            );
            let cut = before(&whole, r, rounds as u32);
            // The cut file goes through its text, as the command line reads it.
            let again = trf::parse(&trf::write(&cut)).unwrap();
            let ours = pair_dutch(&again.field().unwrap()).unwrap();
            compared += 1;
            if ours != expected {
                differ.push(format!(
                    "{name}{variant} round {r}: {ours:?} vs {expected:?}"
                ));
            }
        }
    }
    (compared, differ)
}

#[test]
fn every_round_is_paired_as_bbp_pairings_pairs_it() {
    let (compared, differ) = compare_with_bbp(false);
    assert_eq!(compared, 4 * 7 + 2 * 9 + 11);
    assert!(differ.is_empty(), "rounds that differ: {differ:#?}");
}

#[test]
fn full_point_byes_are_paired_as_bbp_pairings_pairs_them() {
    let (compared, differ) = compare_with_bbp(true);
    assert_eq!(compared, 57);
    assert!(differ.is_empty(), "rounds that differ: {differ:#?}");
}

fn fresh(n: u32, rounds: u32) -> Field {
    Field {
        competitors: (1..=n)
            .map(|i| Competitor {
                entrant: Entrant(i),
                history: History::default(),
                absent: false,
            })
            .collect(),
        played: 0,
        rounds,
        initial: Side::First,
        points: PointSystem::default(),
    }
}

fn numbers(p: &Pairings) -> (Vec<(u32, u32)>, Option<u32>) {
    (
        p.pairs.iter().map(|(a, b)| (a.0, b.0)).collect(),
        p.bye.map(|b| b.0),
    )
}

#[test]
fn round_one_pairs_the_top_half_with_the_bottom_half() {
    // C.04.3 B.2 and E.5: S1 = 1..4 meets S2 = 5..8 in order; the top
    // player gets the initial colour and the colours alternate down S1.
    let p = pair_dutch(&fresh(8, 5)).unwrap();
    assert_eq!(numbers(&p), (vec![(1, 5), (6, 2), (3, 7), (8, 4)], None));

    // Black first: all reversed.
    let mut f = fresh(8, 5);
    f.initial = Side::Second;
    let p = pair_dutch(&f).unwrap();
    assert_eq!(numbers(&p), (vec![(5, 1), (2, 6), (7, 3), (4, 8)], None));

    // Odd: the lowest-ranked player gets the pairing-allocated bye (C.04.1 c, C.5).
    let p = pair_dutch(&fresh(7, 5)).unwrap();
    assert_eq!(numbers(&p), (vec![(1, 4), (5, 2), (3, 6)], Some(7)));

    // A requested bye leaves the player out; the rest pair as usual.
    let mut f = fresh(9, 5);
    f.competitors[8].absent = true;
    let p = pair_dutch(&f).unwrap();
    assert_eq!(numbers(&p), (vec![(1, 5), (6, 2), (3, 7), (8, 4)], None));

    // Two players: one pair; one player alone: a bye.
    assert_eq!(
        numbers(&pair_dutch(&fresh(2, 1)).unwrap()),
        (vec![(1, 2)], None)
    );
    assert_eq!(
        numbers(&pair_dutch(&fresh(1, 1)).unwrap()),
        (vec![], Some(1))
    );
}

#[test]
fn a_round_that_cannot_be_paired_is_refused() {
    // Two players who have met, in a second round: no pairing, no bye.
    let mut f = fresh(2, 2);
    f.played = 1;
    for (i, side) in [(0, Side::First), (1, Side::Second)] {
        f.competitors[i].history.rounds.push(RoundResult::Played {
            opponent: Entrant(2 - i as u32),
            side,
            score: Score::Draw,
            sets: None,
        });
    }
    assert_eq!(pair_dutch(&f), Err(SwissError::NoPairing));
    f.played = 2;
    assert_eq!(pair_dutch(&f), Err(SwissError::Finished(2)));
}

#[test]
fn the_same_file_gives_the_same_round() {
    let whole = trf::parse(&std::fs::read_to_string(fixture("s5-p40.trf")).unwrap()).unwrap();
    let field = before(&whole, 6, 9).field().unwrap();
    let first = pair_dutch(&field).unwrap();
    for _ in 0..3 {
        assert_eq!(pair_dutch(&field).unwrap(), first);
    }
}

/// Plays a random tournament: each round paired, results drawn from
/// `rolls`, some players asking for byes; checks every round.
fn play(n: u32, rounds: u32, rolls: &[u8]) -> Result<(), TestCaseError> {
    let mut f = fresh(n, rounds);
    let mut roll = rolls.iter().cycle();
    let mut byes_had: Vec<u32> = vec![0; n as usize];
    for r in 0..rounds {
        f.played = r;
        for c in &mut f.competitors {
            c.absent = roll.next().unwrap() % 13 == 0;
        }
        let p = match pair_dutch(&f) {
            Ok(p) => p,
            // Late rounds of small fields may have no legal pairing.
            Err(SwissError::NoPairing) => return Ok(()),
            Err(e) => return Err(TestCaseError::fail(e.to_string())),
        };
        let present: HashSet<u32> = f
            .competitors
            .iter()
            .filter(|c| !c.absent)
            .map(|c| c.entrant.0)
            .collect();
        let mut seen = HashSet::new();
        for &(a, b) in &p.pairs {
            prop_assert!(seen.insert(a.0) && seen.insert(b.0), "someone paired twice");
            let met = f.competitors[a.0 as usize - 1]
                .history
                .rounds
                .iter()
                .any(|x| matches!(x, RoundResult::Played { opponent, .. } if *opponent == b));
            prop_assert!(!met, "{} and {} meet again", a.0, b.0);
        }
        if let Some(b) = p.bye {
            prop_assert!(seen.insert(b.0));
            prop_assert_eq!(present.len() % 2, 1);
            byes_had[b.0 as usize - 1] += 1;
            prop_assert!(byes_had[b.0 as usize - 1] == 1, "a second bye for {}", b.0);
        } else {
            prop_assert_eq!(present.len() % 2, 0);
        }
        prop_assert_eq!(&seen, &present);
        // Results: win, draw or loss by the roll; one pair in ten a forfeit.
        for c in &mut f.competitors {
            if c.absent {
                c.history.rounds.push(RoundResult::Bye(Bye::Half));
            }
        }
        if let Some(b) = p.bye {
            f.competitors[b.0 as usize - 1]
                .history
                .rounds
                .push(RoundResult::Bye(Bye::PairingAllocated));
        }
        for &(w, b) in &p.pairs {
            let x = *roll.next().unwrap();
            let (rw, rb) = if x % 10 == 0 {
                (
                    RoundResult::Forfeit {
                        opponent: b,
                        side: Side::First,
                        won: true,
                    },
                    RoundResult::Forfeit {
                        opponent: w,
                        side: Side::Second,
                        won: false,
                    },
                )
            } else {
                let s = [Score::Win, Score::Draw, Score::Loss][x as usize % 3];
                (
                    RoundResult::Played {
                        opponent: b,
                        side: Side::First,
                        score: s,
                        sets: None,
                    },
                    RoundResult::Played {
                        opponent: w,
                        side: Side::Second,
                        score: s.other(),
                        sets: None,
                    },
                )
            };
            f.competitors[w.0 as usize - 1].history.rounds.push(rw);
            f.competitors[b.0 as usize - 1].history.rounds.push(rb);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn pairings_are_always_valid(
        n in 2u32..=24,
        rounds in 1u32..=7,
        rolls in proptest::collection::vec(any::<u8>(), 16..64),
    ) {
        play(n, rounds, &rolls)?;
    }
}
