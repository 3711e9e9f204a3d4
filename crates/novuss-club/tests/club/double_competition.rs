//! A double-elimination competition run change by change: the winners'
//! and losers' brackets side by side in the competition's rounds, the
//! grand final and its reset, upsets, refusals that change nothing, and
//! the places.

use novuss_club::competition::{Outcome, Rest};
use novuss_club::{Bye, Change, Competition, Entrant, Part, Refusal, Setup, Side, System};
use novuss_core::MatchFormat;
use proptest::prelude::*;

fn setup(reset: bool, format: MatchFormat) -> Setup {
    crate::support::setup("Double", System::DoubleElimination { reset }, format, 4)
}

/// `n` entrants rated 2000, 1990, … (entrant `k` is seed `k`), best of 3.
fn double(n: u32, reset: bool) -> Competition {
    crate::support::seeded(setup(reset, MatchFormat::BestOf(3)), n)
}

/// Pairs the next round; its boards as (first, second) and its rests.
fn pair(c: &mut Competition) -> (Vec<(u32, u32)>, Vec<u32>) {
    let change = c.pair_next().unwrap();
    c.apply(&change).unwrap();
    let Change::Pair { boards, rests, .. } = change else {
        panic!("not a pairing: {change:?}")
    };
    let mut boards: Vec<(u32, u32)> = boards
        .iter()
        .map(|b| (b.first.0.min(b.second.0), b.first.0.max(b.second.0)))
        .collect();
    boards.sort_unstable();
    (boards, rests.iter().map(|r| r.entrant.0).collect())
}

/// The change that has `winner` win their board of the last round 2:1.
fn win(c: &Competition, winner: u32) -> Change {
    let round = c.rounds().last().unwrap();
    let (i, b) = round
        .boards
        .iter()
        .enumerate()
        .find(|(_, b)| b.paired.first.0 == winner || b.paired.second.0 == winner)
        .unwrap();
    let (first, second) = if b.paired.first.0 == winner {
        (2, 1)
    } else {
        (1, 2)
    };
    Change::Result {
        round: round.number,
        board: i as u32 + 1,
        outcome: Outcome::Sets { first, second },
    }
}

fn wins(c: &mut Competition, winners: &[u32]) {
    for &w in winners {
        let change = win(c, w);
        c.apply(&change).unwrap();
    }
}

/// The standings as (first place, last place, entrant) rows.
fn places(c: &Competition) -> Vec<(u32, u32, u32)> {
    c.standings()
        .unwrap()
        .rows
        .iter()
        .map(|r| (*r.place.start(), *r.place.end(), r.entrant.0))
        .collect()
}

#[test]
fn a_double_elimination_that_can_end_level_or_names_tie_breaks_is_refused() {
    assert_eq!(
        Competition::new(setup(true, MatchFormat::Sets(4))),
        Err(Refusal::DrawsInKnockout {
            format: MatchFormat::Sets(4)
        })
    );
    let mut s = setup(true, MatchFormat::BestOf(3));
    s.tiebreaks = vec![novuss_club::standings::TieBreak::Wins];
    assert_eq!(Competition::new(s), Err(Refusal::TieBreaksInKnockout));
    // The reset is on unless the set-up says not.
    let read: System = serde_json::from_str(r#"{"kind":"double_elimination"}"#).unwrap();
    assert_eq!(read, System::DoubleElimination { reset: true });
}

/// Six entrants on a bracket of eight (seeds 1 and 2 through the first
/// round), played with upsets in both brackets: the losers' bracket runs
/// beside the winners', the seed who lost the winners' final comes back
/// through the losers' final, wins the grand final and its reset.
#[test]
fn six_entrants_play_both_brackets_the_grand_final_and_its_reset() {
    let mut c = double(6, true);
    // 1: 4–5, 3–6; 2: the winners' semi-finals; 3: the losers' second
    // round beside the winners' final; 4, 5: the losers' bracket to its
    // final; 6: the grand final; 7: its reset.
    assert_eq!(c.round_count(), 7);
    assert_eq!(pair(&mut c), (vec![(3, 6), (4, 5)], vec![1, 2]));
    wins(&mut c, &[5, 3]);
    // The first round's losers wait: their first losers' opponents are
    // the second round's losers (the bracket's byes pass them on).
    assert_eq!(pair(&mut c), (vec![(1, 5), (2, 3)], vec![]));
    wins(&mut c, &[1, 3]);
    // The two unbeaten share the top places, above the losers' bracket.
    assert_eq!(places(&c)[..2], [(1, 2, 1), (1, 2, 3)]);
    // The second round's losers drop crossed: 2 (lost in the bottom
    // half) meets 4 (from the top half), 5 meets 6.
    assert_eq!(pair(&mut c), (vec![(1, 3), (2, 4), (5, 6)], vec![]));
    wins(&mut c, &[3, 4, 5]);
    let b = c.bracket().unwrap();
    let winners_final = b
        .ties
        .iter()
        .find(|t| t.part == Part::Winners && t.column == 3)
        .unwrap();
    assert_eq!(winners_final.winner, Some(Entrant(3)));
    assert_eq!(pair(&mut c), (vec![(4, 5)], vec![]));
    wins(&mut c, &[4]);
    // The losers' final: the winners' final's loser against the losers'
    // bracket's survivor.
    assert_eq!(pair(&mut c), (vec![(1, 4)], vec![]));
    wins(&mut c, &[1]);
    assert_eq!(pair(&mut c), (vec![(1, 3)], vec![]));
    wins(&mut c, &[1]);
    // Both have lost once: the final is played again.
    assert!(!c.finished());
    assert_eq!(c.round_count(), 7);
    assert_eq!(pair(&mut c), (vec![(1, 3)], vec![]));
    wins(&mut c, &[1]);
    assert!(c.finished());
    assert_eq!(c.pair_next(), Err(Refusal::Finished));
    assert_eq!(
        places(&c),
        vec![
            (1, 1, 1),
            (2, 2, 3),
            (3, 3, 4),
            (4, 4, 5),
            (5, 6, 2),
            (5, 6, 6)
        ]
    );
    let points: Vec<u64> = c
        .standings()
        .unwrap()
        .rows
        .iter()
        .map(|r| r.points)
        .collect();
    // 1: a bye, four wins and the winners' final lost; 3: three wins
    // and the two finals lost (a win is worth 2).
    assert_eq!(points[0], 10);
    assert_eq!(points[1], 6);
    let view = c.bracket().unwrap();
    assert_eq!(
        view.ties.iter().filter(|t| t.part == Part::Final).count(),
        2
    );
    assert!(view.ties.iter().any(|t| t.part == Part::Losers));
}

/// When the winners' champion wins the grand final, the reset is not
/// played: the competition ends a round early.
#[test]
fn the_reset_is_not_played_when_the_winners_champion_wins_the_final() {
    // 1: 1–4, 2–3; 2: the winners' final beside the losers' first
    // round; 3: the losers' final; 4: the grand final; 5: its reset.
    let mut c = double(4, true);
    assert_eq!(c.round_count(), 5);
    for _ in 0..4 {
        pair(&mut c);
        let favourites: Vec<u32> = c
            .rounds()
            .last()
            .unwrap()
            .boards
            .iter()
            .map(|b| b.paired.first.0.min(b.paired.second.0))
            .collect();
        wins(&mut c, &favourites);
    }
    assert_eq!(c.round_count(), 4);
    assert!(c.finished());
    assert_eq!(c.pair_next(), Err(Refusal::Finished));
    assert_eq!(places(&c), vec![(1, 1, 1), (2, 2, 2), (3, 3, 3), (4, 4, 4)]);
    // Without a reset, the grand final decides whoever wins it.
    let mut c = double(4, false);
    assert_eq!(c.round_count(), 4);
    for _ in 0..4 {
        pair(&mut c);
        // The underdog of each board wins.
        let underdogs: Vec<u32> = c
            .rounds()
            .last()
            .unwrap()
            .boards
            .iter()
            .map(|b| b.paired.first.0.max(b.paired.second.0))
            .collect();
        wins(&mut c, &underdogs);
    }
    assert!(c.finished());
    // The underdogs: 4 beat 1, 3 beat 2, 4 beat 3 in the winners' final;
    // 2 beat 1, then 3 beat 2 in the losers' final; 4 beat 3 in the
    // grand final, which decides it without a reset.
    assert_eq!(places(&c), vec![(1, 1, 4), (2, 2, 3), (3, 3, 2), (4, 4, 1)]);
}

/// A pairing other than the bracket's, and a corrected result that would
/// change a round already paired, are refused and change nothing; a
/// correction that changes no paired round is taken, even after a later
/// round is paired.
#[test]
fn pairings_and_corrections_that_break_the_bracket_are_refused() {
    let mut c = double(6, true);
    let before = c.clone();
    let wrong = Change::Pair {
        round: 1,
        boards: vec![
            novuss_club::competition::Paired {
                first: Entrant(3),
                second: Entrant(5),
                table: None,
            },
            novuss_club::competition::Paired {
                first: Entrant(4),
                second: Entrant(6),
                table: None,
            },
        ],
        rests: vec![
            Rest {
                entrant: Entrant(1),
                bye: Bye::PairingAllocated,
            },
            Rest {
                entrant: Entrant(2),
                bye: Bye::PairingAllocated,
            },
        ],
    };
    assert_eq!(c.apply(&wrong), Err(Refusal::NotTheBracket { round: 1 }));
    assert_eq!(c, before);
    pair(&mut c);
    wins(&mut c, &[5, 3]);
    pair(&mut c);
    // 4 winning the first round instead would change round 2.
    let held = c.clone();
    // Board of 4–5 in round 1.
    let r1 = &c.rounds()[0];
    let board = r1
        .boards
        .iter()
        .position(|b| b.paired.first.0 == 4 || b.paired.second.0 == 4)
        .unwrap() as u32
        + 1;
    let four_first = r1.boards[(board - 1) as usize].paired.first.0 == 4;
    let flipped = Change::Result {
        round: 1,
        board,
        outcome: Outcome::Forfeit {
            winner: if four_first {
                Side::First
            } else {
                Side::Second
            },
        },
    };
    assert_eq!(
        c.apply(&flipped),
        Err(Refusal::DecidesLaterRound { round: 2 })
    );
    assert_eq!(c, held);
    wins(&mut c, &[1, 3]);
    pair(&mut c);
    wins(&mut c, &[3, 4, 5]);
    pair(&mut c); // round 4: 4–5 in the losers' bracket
                  // The winners' final (round 3) sends 1 or 3 to round 5, not 4: its
                  // correction changes no paired round and is taken.
    let r3 = &c.rounds()[2];
    let board = r3
        .boards
        .iter()
        .position(|b| {
            (b.paired.first.0, b.paired.second.0) == (1, 3)
                || (b.paired.first.0, b.paired.second.0) == (3, 1)
        })
        .unwrap() as u32
        + 1;
    let one_first = r3.boards[(board - 1) as usize].paired.first.0 == 1;
    let (first, second) = if one_first { (2, 0) } else { (0, 2) };
    c.apply(&Change::Result {
        round: 3,
        board,
        outcome: Outcome::Sets { first, second },
    })
    .unwrap();
    let b = c.bracket().unwrap();
    let winners_final = b
        .ties
        .iter()
        .find(|t| t.part == Part::Winners && t.column == 3)
        .unwrap();
    assert_eq!(winners_final.winner, Some(Entrant(1)));
    // Bad input for a board that does not exist changes nothing.
    let held = c.clone();
    assert_eq!(
        c.apply(&Change::Result {
            round: 4,
            board: 9,
            outcome: Outcome::Sets {
                first: 2,
                second: 0
            }
        }),
        Err(Refusal::NoSuchBoard { round: 4, board: 9 })
    );
    assert_eq!(c, held);
}

proptest! {
    /// Any field of 2 to 40, any winners, with or without the reset: the
    /// competition ends within its rounds; with the reset everyone but
    /// the champion lost exactly twice and the champion at most once;
    /// places are a partition with first and second alone (and third,
    /// with three entrants or more).
    #[test]
    fn any_field_plays_through_to_a_champion(n in 2u32..40, picks in proptest::collection::vec(any::<bool>(), 64), reset in any::<bool>()) {
        let mut c = double(n, reset);
        let planned = c.round_count();
        let mut pick = picks.into_iter().cycle();
        while !c.finished() {
            prop_assert!((c.rounds().len() as u32) < planned);
            pair(&mut c);
            let boards: Vec<(u32, u32)> = c.rounds().last().unwrap().boards.iter().map(|b| (b.paired.first.0, b.paired.second.0)).collect();
            for (a, b) in boards {
                wins(&mut c, &[if pick.next().unwrap() { a } else { b }]);
            }
        }
        let mut losses = vec![0u32; n as usize + 1];
        for r in c.rounds() {
            for b in &r.boards {
                let Some(Outcome::Sets { first, second }) = b.outcome else { continue };
                let loser = if first > second { b.paired.second } else { b.paired.first };
                losses[loser.0 as usize] += 1;
            }
        }
        let p = places(&c);
        prop_assert_eq!(p.len() as u32, n);
        prop_assert_eq!((p[0].0, p[0].1), (1, 1));
        prop_assert_eq!((p[1].0, p[1].1), (2, 2));
        if n >= 3 {
            prop_assert_eq!((p[2].0, p[2].1), (3, 3));
        }
        let champion = p[0].2;
        for e in 1..=n {
            if e == champion {
                prop_assert!(losses[e as usize] <= 1);
            } else if reset {
                prop_assert_eq!(losses[e as usize], 2);
            } else {
                prop_assert!((1..=2).contains(&losses[e as usize]));
            }
        }
        let mut i = 0;
        while i < p.len() {
            let (a, b, _) = p[i];
            prop_assert_eq!(a as usize, i + 1);
            prop_assert!(p[i..(b as usize)].iter().all(|r| (r.0, r.1) == (a, b)));
            i = b as usize;
        }
    }
}
