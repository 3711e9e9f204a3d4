//! Groups then knock-out run change by change: the snake's groups
//! played side by side by the Berger tables, group tables by the
//! tie-breaks, the top two crossed into a knock-out drawn once the
//! groups are complete, refusals that change nothing, and the places.

use novuss_club::competition::Outcome;
use novuss_club::{Change, Competition, Cycles, Entrant, Refusal, Setup, System};
use novuss_core::MatchFormat;
use proptest::prelude::*;

fn setup(groups: u32, third_place: bool, format: MatchFormat) -> Setup {
    let system = System::GroupsThenKnockout {
        groups,
        cycles: Cycles::Single,
        third_place,
    };
    crate::support::setup("Groups", system, format, 6)
}

/// `n` entrants rated 2000, 1990, … (entrant `k` is seed `k`), best of 3.
fn event(n: u32, groups: u32, third_place: bool) -> Competition {
    crate::support::seeded(setup(groups, third_place, MatchFormat::BestOf(3)), n)
}

/// Pairs the next round; its boards as sorted pairs.
fn pair(c: &mut Competition) -> Vec<(u32, u32)> {
    let change = c.pair_next().unwrap();
    c.apply(&change).unwrap();
    boards(c)
}

fn boards(c: &Competition) -> Vec<(u32, u32)> {
    let mut b: Vec<(u32, u32)> = c
        .rounds()
        .last()
        .unwrap()
        .boards
        .iter()
        .map(|b| {
            (
                b.paired.first.0.min(b.paired.second.0),
                b.paired.first.0.max(b.paired.second.0),
            )
        })
        .collect();
    b.sort_unstable();
    b
}

/// The result change where `winner` beats their opponent of round
/// `round` by `won`:`lost` sets.
fn beat(c: &Competition, round: u32, winner: u32, won: u32, lost: u32) -> Change {
    let r = &c.rounds()[(round - 1) as usize];
    let (i, b) = r
        .boards
        .iter()
        .enumerate()
        .find(|(_, b)| b.paired.first.0 == winner || b.paired.second.0 == winner)
        .unwrap();
    let (first, second) = if b.paired.first.0 == winner {
        (won, lost)
    } else {
        (lost, won)
    };
    Change::Result {
        round,
        board: i as u32 + 1,
        outcome: Outcome::Sets { first, second },
    }
}

/// Enters the last round's results: each board won 2:1 by whoever
/// `winner` picks of its two.
fn play(c: &mut Competition, mut winner: impl FnMut(u32, u32) -> u32) {
    let round = c.rounds().len() as u32;
    for (a, b) in boards(c) {
        let change = beat(c, round, winner(a, b), 2, 1);
        c.apply(&change).unwrap();
    }
}

fn places(c: &Competition) -> Vec<(u32, u32, u32)> {
    c.standings()
        .unwrap()
        .rows
        .iter()
        .map(|r| (*r.place.start(), *r.place.end(), r.entrant.0))
        .collect()
}

fn group_order(c: &Competition, g: usize) -> Vec<u32> {
    c.groups().unwrap()[g]
        .standings
        .rows
        .iter()
        .map(|r| r.entrant.0)
        .collect()
}

#[test]
fn groups_that_cannot_be_drawn_or_a_format_with_draws_are_refused() {
    assert_eq!(
        Competition::new(setup(2, false, MatchFormat::Sets(6))),
        Err(Refusal::DrawsInKnockout {
            format: MatchFormat::Sets(6)
        })
    );
    assert_eq!(
        Competition::new(setup(0, false, MatchFormat::BestOf(3))),
        Err(Refusal::GroupSizes {
            groups: 0,
            entrants: 0
        })
    );
    assert!(Competition::new(setup(65, false, MatchFormat::BestOf(3))).is_err());
    // Eight entrants cannot make three groups of three.
    let mut c = event(8, 3, false);
    let before = c.clone();
    assert_eq!(
        c.pair_next(),
        Err(Refusal::GroupSizes {
            groups: 3,
            entrants: 8
        })
    );
    assert_eq!(
        c.apply(&Change::Pair {
            round: 1,
            boards: vec![],
            rests: vec![]
        }),
        Err(Refusal::GroupSizes {
            groups: 3,
            entrants: 8
        })
    );
    assert_eq!(c, before);
    assert!(c.groups().is_none());
    // Groups rank by tie-breaks: the round robin's unless named.
    assert_eq!(
        c.setup().tiebreaks,
        Setup::default_tiebreaks(System::RoundRobin {
            cycles: Cycles::Single
        })
    );
}

/// Ten entrants in three groups (A 1 6 7, B 2 5 8, C 3 4 9 10 by the
/// snake), three group rounds side by side, a three-way tie in group A
/// broken by the set ratio, upsets in B and C; then the cross (A1–B2,
/// B1–C2, C1–A2), the first cross match's winner through a round with a
/// bye, the final; the places follow the knock-out, then group places.
#[test]
fn ten_entrants_in_three_groups_play_through_to_the_final() {
    let mut c = event(10, 3, true);
    // Three group rounds, the cross, the semi-final, the final.
    assert_eq!(c.round_count(), 6);
    let groups: Vec<Vec<u32>> = c
        .groups()
        .unwrap()
        .iter()
        .map(|g| g.entrants.iter().map(|e| e.0).collect())
        .collect();
    assert_eq!(
        groups,
        vec![vec![1, 6, 7], vec![2, 5, 8], vec![3, 4, 9, 10]]
    );
    // Group A: 1 beats 6 2:0, 6 beats 7 2:0, 7 beats 1 2:1 — one win
    // each, the direct encounter all level; sets 3:2, 2:2, 2:3.
    // Group B: 5 beats 2 and 8, 2 beats 8. Group C: 9 beats all, 3 beats
    // 4 and 10, 4 beats 10.
    let wins_over: &[(u32, u32)] = &[
        (5, 2),
        (5, 8),
        (2, 8),
        (9, 3),
        (9, 4),
        (9, 10),
        (3, 4),
        (3, 10),
        (4, 10),
    ];
    for round in 1..=3 {
        let b = pair(&mut c);
        // Nobody meets across groups.
        for &(x, y) in &b {
            assert!(groups.iter().any(|g| g.contains(&x) && g.contains(&y)));
        }
        for (x, y) in b {
            let change = match (x, y) {
                (1, 6) => beat(&c, round, 1, 2, 0),
                (6, 7) => beat(&c, round, 6, 2, 0),
                (1, 7) => beat(&c, round, 7, 2, 1),
                _ => {
                    let w = if wins_over.contains(&(x, y)) { x } else { y };
                    beat(&c, round, w, 2, 1)
                }
            };
            c.apply(&change).unwrap();
        }
        if round < 3 {
            // No bracket before the groups are complete.
            assert!(c.bracket().is_none());
        }
    }
    assert_eq!(group_order(&c, 0), vec![1, 6, 7]);
    assert_eq!(group_order(&c, 1), vec![5, 2, 8]);
    assert_eq!(group_order(&c, 2), vec![9, 3, 4, 10]);
    let a = &c.groups().unwrap()[0].standings;
    assert!(a.rows.iter().all(|r| r.points == 2));
    // The knock-out is drawn: its six share the top places, the groups'
    // thirds the next, group C's fourth is last.
    let p = places(&c);
    assert_eq!(
        p[..6],
        [
            (1, 6, 1),
            (1, 6, 2),
            (1, 6, 3),
            (1, 6, 5),
            (1, 6, 6),
            (1, 6, 9)
        ]
    );
    assert_eq!(p[6..], [(7, 9, 4), (7, 9, 7), (7, 9, 8), (10, 10, 10)]);
    // The cross: A1–B2, B1–C2, C1–A2.
    assert_eq!(pair(&mut c), vec![(1, 2), (3, 5), (6, 9)]);
    let bracket = c.bracket().unwrap();
    let seeds: Vec<u32> = bracket.seeds.iter().map(|e| e.0).collect();
    assert_eq!(seeds, vec![1, 2, 5, 3, 9, 6]);
    // Three groups: the semi-finals are not in one round, so no match
    // for third place.
    assert!(bracket.ties.iter().all(|t| !t.third_place));
    play(&mut c, |a, b| if a == 3 { a } else { a.min(b) });
    // 1 (the first cross match's winner) waits with a bye; 3 meets 6.
    let change = c.pair_next().unwrap();
    let Change::Pair { rests, .. } = &change else {
        panic!()
    };
    assert_eq!(
        rests.iter().map(|r| r.entrant.0).collect::<Vec<_>>(),
        vec![1]
    );
    c.apply(&change).unwrap();
    assert_eq!(boards(&c), vec![(3, 6)]);
    play(&mut c, |_, b| b);
    assert_eq!(pair(&mut c), vec![(1, 6)]);
    play(&mut c, |_, b| b);
    assert!(c.finished());
    assert_eq!(c.pair_next(), Err(Refusal::Finished));
    let p = places(&c);
    assert_eq!(p[0], (1, 1, 6));
    assert_eq!(p[1], (2, 2, 1));
    assert_eq!(p[2], (3, 3, 3));
    // Out in the cross: 2, 5 (the first cross, lost by 2; the second,
    // by 5) and 9 share 4th–6th.
    assert_eq!(p[3..6], [(4, 6, 2), (4, 6, 5), (4, 6, 9)]);
    // Then the groups' thirds, then the fourth of group C.
    assert_eq!(p[6..9], [(7, 9, 4), (7, 9, 7), (7, 9, 8)]);
    assert_eq!(p[9], (10, 10, 10));
}

/// Four groups: quarter-finals by the cross, semi-finals, the final and
/// the match for third place. A corrected group result that changes who
/// goes through is refused once the knock-out is paired; one that does
/// not is taken. A pairing other than the groups' tables is refused.
#[test]
fn four_groups_cross_into_quarter_finals_and_corrections_are_checked() {
    let mut c = event(12, 4, true);
    assert_eq!(c.round_count(), 3 + 3);
    let before = c.clone();
    let wrong = Change::Pair {
        round: 1,
        boards: vec![novuss_club::competition::Paired {
            first: Entrant(1),
            second: Entrant(2),
            table: None,
        }],
        rests: vec![],
    };
    assert_eq!(c.apply(&wrong), Err(Refusal::NotTheBracket { round: 1 }));
    assert_eq!(c, before);
    for _ in 0..3 {
        pair(&mut c);
        play(&mut c, |a, b| a.min(b));
    }
    // Groups A 1 8 9, B 2 7 10, C 3 6 11, D 4 5 12: A1–B2, B1–A2, C1–D2,
    // D1–C2.
    assert_eq!(pair(&mut c), vec![(1, 7), (2, 8), (3, 5), (4, 6)]);
    // 9 beating 8 in group A would put 9 through instead: refused.
    let held = c.clone();
    let r = (1..=3)
        .find(|&r| {
            c.rounds()[r - 1].boards.iter().any(|b| {
                [b.paired.first.0, b.paired.second.0] == [8, 9]
                    || [b.paired.first.0, b.paired.second.0] == [9, 8]
            })
        })
        .unwrap() as u32;
    let change = beat(&c, r, 9, 2, 0);
    assert_eq!(
        c.apply(&change),
        Err(Refusal::DecidesLaterRound { round: 4 })
    );
    assert_eq!(c, held);
    // 1 beating 8 2:0 instead of 2:1 changes nobody's place: taken.
    let r = (1..=3)
        .find(|&r| {
            c.rounds()[r - 1].boards.iter().any(|b| {
                [b.paired.first.0, b.paired.second.0] == [1, 8]
                    || [b.paired.first.0, b.paired.second.0] == [8, 1]
            })
        })
        .unwrap() as u32;
    let change = beat(&c, r, 1, 2, 0);
    c.apply(&change).unwrap();
    play(&mut c, |a, b| a.max(b));
    assert_eq!(pair(&mut c), vec![(5, 8), (6, 7)]);
    play(&mut c, |a, b| a.min(b));
    // The final, then the match for third place.
    let change = c.pair_next().unwrap();
    let Change::Pair { boards: b, .. } = &change else {
        panic!()
    };
    assert_eq!(
        (
            b[0].first.0.min(b[0].second.0),
            b[0].first.0.max(b[0].second.0)
        ),
        (5, 6)
    );
    c.apply(&change).unwrap();
    play(&mut c, |a, b| a.min(b));
    assert!(c.finished());
    let p = places(&c);
    assert_eq!(p[..4], [(1, 1, 5), (2, 2, 6), (3, 3, 7), (4, 4, 8)]);
    // The quarter-finals' losers share 5th–8th, the groups' thirds
    // 9th–12th.
    assert!(p[4..8].iter().all(|r| (r.0, r.1) == (5, 8)));
    assert!(p[8..].iter().all(|r| (r.0, r.1) == (9, 12)));
}

proptest! {
    /// Any field of 6 to 40 in any number of groups it can make, any
    /// winners: the competition ends in its rounds, exactly the groups'
    /// top two reach the knock-out, and the places are a partition with
    /// the final's winner first, alone.
    #[test]
    fn any_groups_play_through(n in 6u32..40, g in 1u32..8, picks in proptest::collection::vec(any::<bool>(), 64), third in any::<bool>()) {
        prop_assume!(n >= 3 * g);
        let mut c = event(n, g, third);
        let planned = c.round_count();
        let mut pick = picks.into_iter().cycle();
        let mut stage = 0;
        while !c.finished() {
            prop_assert!((c.rounds().len() as u32) < planned);
            if c.bracket().is_some() && stage == 0 {
                stage = c.rounds().len();
                let tables = c.groups().unwrap();
                let mut top2: Vec<u32> = tables.iter().flat_map(|t| t.standings.rows[..2].iter().map(|r| r.entrant.0)).collect();
                let mut seeds: Vec<u32> = c.bracket().unwrap().seeds.iter().map(|e| e.0).collect();
                top2.sort_unstable();
                seeds.sort_unstable();
                prop_assert_eq!(top2, seeds);
            }
            pair(&mut c);
            play(&mut c, |a, b| if pick.next().unwrap() { a } else { b });
        }
        prop_assert_eq!(c.rounds().len() as u32, planned);
        let p = places(&c);
        prop_assert_eq!(p.len() as u32, n);
        prop_assert_eq!((p[0].0, p[0].1), (1, 1));
        let mut i = 0;
        while i < p.len() {
            let (a, b, _) = p[i];
            prop_assert_eq!(a as usize, i + 1);
            prop_assert!(p[i..(b as usize)].iter().all(|r| (r.0, r.1) == (a, b)));
            i = b as usize;
        }
    }
}
