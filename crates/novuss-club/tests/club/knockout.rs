//! Seeded knock-out brackets: the bracket order of seeds as organisers draw
//! it (1 meets the lowest seed, the top two only in the final), byes to the
//! top seeds when the field is not a power of two, the match for third
//! place between the semi-finals' losers; and, played out for any field
//! with the better seed always winning, the top seeds reach the rounds
//! their seeding promises and every entrant but the winner loses once.

use std::collections::HashMap;

use novuss_club::{bracket, seed_order, Bracket, KnockoutError, Source, MAX_KNOCKOUT};
use proptest::prelude::*;

#[test]
fn the_seeds_are_placed_so_that_the_best_meet_last() {
    assert_eq!(seed_order(2), [1, 2]);
    assert_eq!(seed_order(4), [1, 4, 2, 3]);
    assert_eq!(seed_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
    assert_eq!(
        seed_order(16),
        [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    );
}

#[test]
fn eight_entrants_play_quarter_finals_semi_finals_a_final_and_for_third_place() {
    let b = bracket(8, true).unwrap();
    assert_eq!(b.places, 8);
    assert!(b.byes.is_empty());
    let first: Vec<(Source, Source)> = b
        .ties
        .iter()
        .filter(|t| t.round == 1)
        .map(|t| (t.a, t.b))
        .collect();
    assert_eq!(
        first,
        [(1, 8), (4, 5), (2, 7), (3, 6)].map(|(a, b)| (Source::Seed(a), Source::Seed(b)))
    );
    assert_eq!(b.ties.len(), 8, "4 + 2 + the final + third place");
    assert_eq!(b.final_tie, 7);
    assert_eq!(b.third_place, Some(8));
    let third = b.ties[7];
    assert_eq!((third.a, third.b), (Source::LoserOf(5), Source::LoserOf(6)));
    assert_eq!(third.round, b.ties[6].round, "played with the final");
}

#[test]
fn a_field_of_five_gives_byes_to_the_top_three_seeds() {
    let b = bracket(5, false).unwrap();
    assert_eq!(b.places, 8);
    assert_eq!(b.byes, [1, 2, 3]);
    let first: Vec<_> = b.ties.iter().filter(|t| t.round == 1).collect();
    assert_eq!(first.len(), 1);
    assert_eq!((first[0].a, first[0].b), (Source::Seed(4), Source::Seed(5)));
    // Seed 1 meets the winner of 4 and 5 in the semi-final.
    assert_eq!(
        (b.ties[1].a, b.ties[1].b),
        (Source::Seed(1), Source::WinnerOf(1))
    );
    assert_eq!(b.third_place, None);
}

#[test]
fn two_and_three_entrants_have_no_match_for_third_place() {
    let two = bracket(2, true).unwrap();
    assert_eq!(two.ties.len(), 1);
    assert_eq!(
        (two.ties[0].a, two.ties[0].b),
        (Source::Seed(1), Source::Seed(2))
    );
    assert_eq!((two.final_tie, two.third_place), (1, None));
    let three = bracket(3, true).unwrap();
    assert_eq!(three.byes, [1]);
    assert_eq!(three.ties.len(), 2);
    assert_eq!(
        three.third_place, None,
        "seed 1 reached the final on a bye: nobody else lost a semi-final"
    );
    let four = bracket(4, true).unwrap();
    assert_eq!(four.third_place, Some(4));
}

#[test]
fn too_few_or_too_many_are_refused() {
    assert_eq!(bracket(1, false), Err(KnockoutError::TooFew(1)));
    assert_eq!(
        bracket(MAX_KNOCKOUT + 1, false),
        Err(KnockoutError::TooMany(MAX_KNOCKOUT + 1))
    );
    assert_eq!(
        bracket(0, true).unwrap_err().to_string(),
        "a knock-out needs at least 2 entrants, not 0"
    );
}

/// Plays the bracket with the better (lower) seed always winning: each
/// seed's last round, and who won and lost each match.
fn play(b: &Bracket) -> (HashMap<u32, u32>, HashMap<u32, (u32, u32)>) {
    let mut reached = HashMap::new();
    let mut results: HashMap<u32, (u32, u32)> = HashMap::new();
    let third = b.third_place;
    for t in &b.ties {
        let who = |s: Source| match s {
            Source::Seed(x) => x,
            Source::WinnerOf(m) => results[&m].0,
            Source::LoserOf(m) => results[&m].1,
        };
        let (a, b) = (who(t.a), who(t.b));
        // The match for third place is no round reached.
        if Some(t.number) != third {
            for x in [a, b] {
                reached.insert(x, t.round);
            }
        }
        results.insert(t.number, (a.min(b), a.max(b)));
    }
    (reached, results)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn the_better_seeds_go_as_far_as_their_seeding_promises(n in 2u32..=300, third in any::<bool>()) {
        let b = bracket(n, third).unwrap();
        prop_assert!(b.places.is_power_of_two() && b.places >= n && b.places < 2 * n);
        prop_assert_eq!(b.byes.clone(), (1..=b.places - n).collect::<Vec<_>>(), "the top seeds get the byes");
        let rounds = b.places.trailing_zeros();
        let played = b.ties.len() as u32 - u32::from(b.third_place.is_some());
        prop_assert_eq!(played, n - 1, "every entrant but the winner loses once");
        let (reached, results) = play(&b);
        prop_assert_eq!(results[&b.final_tie].0, 1, "seed 1 wins");
        prop_assert_eq!(results[&b.final_tie].1, 2, "seed 2 is the runner-up");
        for s in 1..=n {
            prop_assert!(reached.contains_key(&s), "seed {} plays", s);
        }
        // The top 2^k seeds reach the last 2^k: the top two the final
        // (round `rounds`), the top four the semi-finals, and so on.
        for k in 1..=rounds {
            for s in 1..=(1u32 << k).min(n) {
                prop_assert!(reached[&s] > rounds - k, "seed {} of {} reached only round {}", s, n, reached[&s]);
            }
        }
        if let Some(t) = b.third_place {
            prop_assert_eq!(results[&t].0, 3, "seed 3 is third");
            prop_assert!(n >= 4);
        } else {
            prop_assert!(!third || n == 3 || n == 2);
        }
        let numbers: Vec<u32> = b.ties.iter().map(|t| t.number).collect();
        prop_assert_eq!(numbers, (1..=b.ties.len() as u32).collect::<Vec<_>>());
    }
}
