//! Double elimination: the structure is a DAG of sources every match can
//! be played from, byes go to the top seeds, and played out with the
//! better seed always winning, seed 1 wins and everyone else loses twice.

use std::collections::HashMap;

use novuss_club::{double_bracket, DoubleBracket, KnockoutError, Part, Source};
use proptest::prelude::*;

/// Plays the bracket with the better seed winning every match: who won
/// and lost each match, and each seed's losses. The reset is played only
/// if the losers' bracket's champion won the grand final.
fn play(b: &DoubleBracket) -> (HashMap<u32, (u32, u32)>, HashMap<u32, u32>) {
    let mut results: HashMap<u32, (u32, u32)> = HashMap::new();
    let mut losses: HashMap<u32, u32> = HashMap::new();
    for t in &b.ties {
        let who = |s: Source| match s {
            Source::Seed(x) => x,
            Source::WinnerOf(m) => results[&m].0,
            Source::LoserOf(m) => results[&m].1,
        };
        let (a, c) = (who(t.a), who(t.b));
        if Some(t.number) == b.reset {
            let champion = who(b.ties[b.grand_final as usize - 1].a);
            if results[&b.grand_final].0 == champion {
                continue;
            }
        }
        results.insert(t.number, (a.min(c), a.max(c)));
        *losses.entry(a.max(c)).or_default() += 1;
    }
    (results, losses)
}

#[test]
fn four_entrants_play_six_matches_and_the_reset() {
    let b = double_bracket(4, true).unwrap();
    let parts: Vec<(Part, u32)> = b.ties.iter().map(|t| (t.part, t.round)).collect();
    assert_eq!(
        parts,
        [
            (Part::Winners, 1),
            (Part::Winners, 1),
            (Part::Losers, 1),
            (Part::Winners, 2),
            (Part::Losers, 2),
            (Part::Final, 1),
            (Part::Final, 2)
        ]
    );
    assert_eq!(
        (b.ties[2].a, b.ties[2].b),
        (Source::LoserOf(1), Source::LoserOf(2))
    );
    // The winners' final's loser meets the losers' bracket's survivor.
    assert_eq!(
        (b.ties[4].a, b.ties[4].b),
        (Source::LoserOf(4), Source::WinnerOf(3))
    );
    assert_eq!((b.grand_final, b.reset), (6, Some(7)));
    let no_reset = double_bracket(4, false).unwrap();
    assert_eq!((no_reset.ties.len(), no_reset.reset), (6, None));
}

#[test]
fn the_second_round_losers_drop_in_reversed_to_avoid_rematches() {
    // Eight: the winners' semi-finals are matches 7 (top half) and 8
    // (bottom half); their losers drop in reversed, so the top half's
    // loser meets the survivor of the bottom half's first-round losers
    // (match 6), whom they have not met.
    let b = double_bracket(8, true).unwrap();
    let drop: Vec<_> = b
        .ties
        .iter()
        .filter(|t| t.part == Part::Losers && t.round == 2)
        .map(|t| (t.a, t.b))
        .collect();
    assert_eq!(
        drop,
        [
            (Source::LoserOf(8), Source::WinnerOf(5)),
            (Source::LoserOf(7), Source::WinnerOf(6))
        ]
    );
    for n in [8, 16, 32, 64, 128] {
        no_early_rematch(&double_bracket(n, true).unwrap());
    }
}

/// With the better seed always winning, nobody meets the same opponent
/// twice before the losers' final.
fn no_early_rematch(b: &DoubleBracket) {
    let (results, _) = play(b);
    // (In the losers' final the winners' final's loser meets the one survivor, whom they
    // may have beaten: no placement avoids that).
    let last = b
        .ties
        .iter()
        .filter(|t| t.part == Part::Losers)
        .map(|t| t.round)
        .max();
    let mut met = std::collections::HashSet::new();
    for t in b.ties.iter().filter(|t| {
        t.part != Part::Final && Some(t.round) != last.filter(|_| t.part == Part::Losers)
    }) {
        let (w, l) = results[&t.number];
        assert!(
            met.insert((w, l)),
            "{w} and {l} meet again in match {}",
            t.number
        );
    }
}

#[test]
fn byes_go_to_the_top_seeds_and_small_fields_work() {
    let b = double_bracket(5, true).unwrap();
    assert_eq!(b.byes, [1, 2, 3]);
    assert_eq!(
        double_bracket(2, true).unwrap().ties.len(),
        3,
        "final, grand final, reset"
    );
    assert_eq!(double_bracket(1, true), Err(KnockoutError::TooFew(1)));
    assert!(double_bracket(5000, false).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(150))]

    #[test]
    fn a_valid_dag_where_seed_one_wins_and_everyone_else_loses_twice(n in 2u32..=400, reset in any::<bool>()) {
        let b = double_bracket(n, reset).unwrap();
        prop_assert_eq!(b.byes.clone(), (1..=b.places - n).collect::<Vec<_>>());
        // Every source is an earlier match or a seed, each used once.
        let mut used = std::collections::HashSet::new();
        for (k, t) in b.ties.iter().enumerate() {
            prop_assert_eq!(t.number as usize, k + 1);
            for s in [t.a, t.b] {
                match s {
                    Source::Seed(x) => prop_assert!((1..=n).contains(&x)),
                    Source::WinnerOf(m) | Source::LoserOf(m) => prop_assert!(m < t.number),
                }
                let key = match s {
                    Source::Seed(x) => (0, x),
                    Source::WinnerOf(m) => (1, m),
                    Source::LoserOf(m) => (2, m),
                };
                prop_assert!(used.insert(key), "{:?} used twice", s);
            }
        }
        let (results, losses) = play(&b);
        prop_assert_eq!(results[&b.grand_final].0, 1, "seed 1 wins");
        prop_assert!(!losses.contains_key(&1));
        for s in 2..=n {
            prop_assert_eq!(losses.get(&s).copied(), Some(2), "seed {} of {}", s, n);
        }
        prop_assert_eq!(results[&b.grand_final].1, 2, "seed 2 is the runner-up");
        prop_assert_eq!(b.ties.len() as u32, 2 * (n - 1) + u32::from(reset));
    }
}
