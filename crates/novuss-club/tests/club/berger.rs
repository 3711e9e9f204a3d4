//! Berger tables (FIDE Handbook C.05, Annex 1) as FIDE publishes them for
//! 3 to 12 entrants, table by table, first-named first; and for any
//! number of entrants, what a round robin must be: everyone meets everyone
//! once (twice in a double round robin, first-named once each way),
//! nobody plays twice in a round, everybody rests once in an odd field,
//! and nobody breaks first (or second) three rounds running.

use novuss_club::{berger, Cycles, Pairing, Round, RoundRobinError, MAX_ENTRANTS};
use proptest::prelude::*;

/// FIDE's tables, written as published: a round per line, `white-black`.
const FIDE: &[(u32, &str)] = &[
    (
        4,
        "1-4 2-3
         4-3 1-2
         2-4 3-1",
    ),
    (
        6,
        "1-6 2-5 3-4
         6-4 5-3 1-2
         2-6 3-1 4-5
         6-5 1-4 2-3
         3-6 4-2 5-1",
    ),
    (
        8,
        "1-8 2-7 3-6 4-5
         8-5 6-4 7-3 1-2
         2-8 3-1 4-7 5-6
         8-6 7-5 1-4 2-3
         3-8 4-2 5-1 6-7
         8-7 1-6 2-5 3-4
         4-8 5-3 6-2 7-1",
    ),
    (
        10,
        "1-10 2-9 3-8 4-7 5-6
          10-6 7-5 8-4 9-3 1-2
          2-10 3-1 4-9 5-8 6-7
          10-7 8-6 9-5 1-4 2-3
          3-10 4-2 5-1 6-9 7-8
          10-8 9-7 1-6 2-5 3-4
          4-10 5-3 6-2 7-1 8-9
          10-9 1-8 2-7 3-6 4-5
          5-10 6-4 7-3 8-2 9-1",
    ),
    (
        12,
        "1-12 2-11 3-10 4-9 5-8 6-7
          12-7 8-6 9-5 10-4 11-3 1-2
          2-12 3-1 4-11 5-10 6-9 7-8
          12-8 9-7 10-6 11-5 1-4 2-3
          3-12 4-2 5-1 6-11 7-10 8-9
          12-9 10-8 11-7 1-6 2-5 3-4
          4-12 5-3 6-2 7-1 8-11 9-10
          12-10 11-9 1-8 2-7 3-6 4-5
          5-12 6-4 7-3 8-2 9-1 10-11
          12-11 1-10 2-9 3-8 4-7 5-6
          6-12 7-5 8-4 9-3 10-2 11-1",
    ),
];

fn published(text: &str) -> Vec<Vec<Pairing>> {
    text.lines()
        .map(|line| {
            line.split_whitespace()
                .map(|p| {
                    let (a, b) = p.split_once('-').unwrap();
                    Pairing {
                        first: a.parse().unwrap(),
                        second: b.parse().unwrap(),
                    }
                })
                .collect()
        })
        .collect()
}

fn tables(rounds: &[Round]) -> Vec<Vec<Pairing>> {
    rounds.iter().map(|r| r.pairings.clone()).collect()
}

#[test]
fn the_tables_are_those_fide_publishes_for_an_even_field() {
    for &(n, text) in FIDE {
        let rounds = berger(n, Cycles::Single).unwrap();
        assert_eq!(tables(&rounds), published(text), "{n} entrants");
        assert!(rounds.iter().all(|r| r.rests.is_none()));
        let numbers: Vec<u32> = rounds.iter().map(|r| r.number).collect();
        assert_eq!(numbers, (1..n).collect::<Vec<_>>());
    }
}

#[test]
fn an_odd_field_plays_the_next_even_table_the_highest_number_resting_its_opponent() {
    for &(n, text) in FIDE {
        let odd = n - 1;
        let rounds = berger(odd, Cycles::Single).unwrap();
        let full = published(text);
        assert_eq!(
            rounds.len(),
            full.len(),
            "{odd} entrants: as many rounds as {n}"
        );
        for (round, tables) in rounds.iter().zip(&full) {
            // The first table is the one with the highest number: its
            // other entrant rests; the others play as published.
            let first = tables[0];
            let resting = if first.first == n {
                first.second
            } else {
                first.first
            };
            assert_eq!(
                round.rests,
                Some(resting),
                "{odd} entrants, round {}",
                round.number
            );
            assert_eq!(
                round.pairings,
                tables[1..],
                "{odd} entrants, round {}",
                round.number
            );
        }
    }
}

#[test]
fn a_double_round_robin_swaps_the_first_cycles_last_two_rounds_and_reverses_the_second() {
    let single = berger(6, Cycles::Single).unwrap();
    let double = berger(6, Cycles::Double).unwrap();
    assert_eq!(double.len(), 10);
    let swapped = [0, 1, 2, 4, 3];
    for (k, &from) in swapped.iter().enumerate() {
        assert_eq!(double[k].pairings, single[from].pairings, "round {}", k + 1);
        let reversed: Vec<Pairing> = single[from]
            .pairings
            .iter()
            .map(|p| Pairing {
                first: p.second,
                second: p.first,
            })
            .collect();
        assert_eq!(double[k + 5].pairings, reversed, "round {}", k + 6);
    }
    let numbers: Vec<u32> = double.iter().map(|r| r.number).collect();
    assert_eq!(numbers, (1..=10).collect::<Vec<_>>());
    // Two entrants: one round each way.
    let two = berger(2, Cycles::Double).unwrap();
    assert_eq!(
        tables(&two),
        vec![
            vec![Pairing {
                first: 1,
                second: 2
            }],
            vec![Pairing {
                first: 2,
                second: 1
            }]
        ]
    );
}

#[test]
fn too_few_or_too_many_entrants_are_refused() {
    assert_eq!(berger(0, Cycles::Single), Err(RoundRobinError::TooFew(0)));
    assert_eq!(berger(1, Cycles::Double), Err(RoundRobinError::TooFew(1)));
    assert_eq!(
        berger(MAX_ENTRANTS + 1, Cycles::Single),
        Err(RoundRobinError::TooMany(MAX_ENTRANTS + 1))
    );
    assert!(berger(MAX_ENTRANTS, Cycles::Single).is_ok());
    assert_eq!(
        berger(1, Cycles::Single).unwrap_err().to_string(),
        "a round robin needs at least 2 entrants, not 1"
    );
}

/// Each entrant's roles, round by round: `Some(true)` first-named,
/// `Some(false)` second, `None` resting.
fn roles(n: u32, rounds: &[Round]) -> Vec<Vec<Option<bool>>> {
    (1..=n)
        .map(|e| {
            rounds
                .iter()
                .map(|r| {
                    r.pairings.iter().find_map(|p| {
                        (p.first == e)
                            .then_some(true)
                            .or((p.second == e).then_some(false))
                    })
                })
                .collect()
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(120))]

    #[test]
    fn every_pair_meets_once_and_nobody_twice_in_a_round(n in 2u32..=80) {
        let rounds = berger(n, Cycles::Single).unwrap();
        let even = n + n % 2;
        prop_assert_eq!(rounds.len() as u32, even - 1);
        let mut met = vec![vec![0u32; n as usize + 1]; n as usize + 1];
        let mut rested = vec![0u32; n as usize + 1];
        for r in &rounds {
            let mut seen = vec![false; n as usize + 1];
            for p in &r.pairings {
                prop_assert!(p.first != p.second);
                for e in [p.first, p.second] {
                    prop_assert!((1..=n).contains(&e));
                    prop_assert!(!seen[e as usize], "{} twice in round {}", e, r.number);
                    seen[e as usize] = true;
                }
                met[p.first as usize][p.second as usize] += 1;
                met[p.second as usize][p.first as usize] += 1;
            }
            if let Some(e) = r.rests {
                prop_assert!(!seen[e as usize]);
                rested[e as usize] += 1;
                seen[e as usize] = true;
            }
            prop_assert!(seen[1..].iter().all(|&s| s), "everyone plays or rests in round {}", r.number);
        }
        for (a, row) in met.iter().enumerate().skip(1) {
            for (b, &count) in row.iter().enumerate().skip(1) {
                prop_assert_eq!(count, u32::from(a != b), "{} and {}", a, b);
            }
            prop_assert_eq!(rested[a], n % 2, "{} rests", a);
        }
    }

    #[test]
    fn in_a_double_round_robin_each_pair_meets_once_each_way_and_no_role_comes_three_times_running(n in 2u32..=60) {
        let rounds = berger(n, Cycles::Double).unwrap();
        let even = n + n % 2;
        prop_assert_eq!(rounds.len() as u32, 2 * (even - 1));
        let mut first = vec![vec![0u32; n as usize + 1]; n as usize + 1];
        for r in &rounds {
            for p in &r.pairings {
                first[p.first as usize][p.second as usize] += 1;
            }
        }
        for (a, row) in first.iter().enumerate().skip(1) {
            for (b, &count) in row.iter().enumerate().skip(1) {
                prop_assert_eq!(count, u32::from(a != b), "{} first against {}", a, b);
            }
        }
        if n % 2 == 0 && n > 4 {
            for (e, line) in roles(n, &rounds).iter().enumerate() {
                for w in line.windows(3) {
                    prop_assert!(!(w[0].is_some() && w[0] == w[1] && w[1] == w[2]), "entrant {} has one role three rounds running: {:?}", e + 1, line);
                }
            }
        }
    }
}
