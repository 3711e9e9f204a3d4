//! Seeds by hand (issue 32: "seeds (by rating or by hand)"): the
//! organiser's order takes the place of the ranking by rating before the
//! first round, in a knock-out's bracket and a Swiss's pairing numbers;
//! a late entrant follows the seeds; an empty seeding goes back to the
//! ratings; a seeding that misses, repeats or invents an entrant, or comes
//! after the draw, is refused and changes nothing.

use novuss_club::{Change, Competition, Entrant, Refusal, System};
use novuss_core::MatchFormat;

use crate::support::{seeded, setup};

fn seed(c: &mut Competition, order: &[u32]) -> Result<(), Refusal> {
    c.apply(&Change::Seed {
        order: order.iter().map(|&e| Entrant(e)).collect(),
    })
}

/// The first round's pairs as (first, second) entrant numbers.
fn round_one(c: &mut Competition) -> Vec<(u32, u32)> {
    let pair = c.pair_next().unwrap();
    c.apply(&pair).unwrap();
    c.rounds()[0]
        .boards
        .iter()
        .map(|b| (b.paired.first.0, b.paired.second.0))
        .collect()
}

#[test]
fn a_knockout_is_drawn_over_the_seeds_by_hand() {
    let ko = setup(
        "Cup",
        System::Knockout { third_place: false },
        MatchFormat::BestOf(3),
        4,
    );
    // By rating, entrant k is seed k: 1 meets 8, 4 meets 5, …
    let mut by_rating = seeded(ko.clone(), 8);
    let rated = round_one(&mut by_rating);
    assert!(rated.contains(&(1, 8)), "{rated:?}");
    // The organiser seeds them the other way round: entrant 8 is seed 1
    // and meets seed 8, entrant 1.
    let mut c = seeded(ko, 8);
    seed(&mut c, &[8, 7, 6, 5, 4, 3, 2, 1]).unwrap();
    assert_eq!(c.ranking()[0], Entrant(8));
    let by_hand = round_one(&mut c);
    assert!(by_hand.contains(&(8, 1)), "{by_hand:?}");
    assert!(by_hand.contains(&(5, 4)), "{by_hand:?}");
    // The draw is made: no seeding now, and nothing changes.
    let before = c.clone();
    assert_eq!(
        seed(&mut c, &[1, 2, 3, 4, 5, 6, 7, 8]),
        Err(Refusal::SeedingClosed)
    );
    assert_eq!(c, before);
}

#[test]
fn a_seeding_names_every_entrant_once() {
    let swiss = setup("Open", System::Swiss { rounds: 5 }, MatchFormat::Sets(6), 4);
    let mut c = seeded(swiss, 6);
    let before = c.clone();
    for bad in [
        &[1, 2, 3, 4, 5][..],
        &[1, 2, 3, 4, 5, 5],
        &[1, 2, 3, 4, 5, 7],
        &[0, 1, 2, 3, 4, 5],
        &[1, 2, 3, 4, 5, 6, 1],
    ] {
        assert_eq!(
            seed(&mut c, bad),
            Err(Refusal::Seeding { entrants: 6 }),
            "{bad:?}"
        );
        assert_eq!(c, before, "{bad:?} changed nothing");
    }
    // Seeded by hand: the pairing numbers follow, and round 1 pairs the
    // top half (by hand) against the bottom half.
    seed(&mut c, &[3, 1, 2, 6, 5, 4]).unwrap();
    assert_eq!(
        c.seeding(),
        &[
            Entrant(3),
            Entrant(1),
            Entrant(2),
            Entrant(6),
            Entrant(5),
            Entrant(4)
        ]
    );
    let numbers = c.pairing_numbers();
    assert_eq!(numbers[&Entrant(3)], Entrant(1));
    assert_eq!(numbers[&Entrant(4)], Entrant(6));
    // A late entrant, rated above everyone, still follows the seeds.
    c.apply(&Change::Enter {
        entry: novuss_club::Entry {
            rating: Some(2500),
            ..novuss_club::Entry::named("Late Star")
        },
    })
    .unwrap();
    assert_eq!(c.ranking().last(), Some(&Entrant(7)));
    // Back to the ratings: the star is seed 1.
    seed(&mut c, &[]).unwrap();
    assert!(c.seeding().is_empty());
    assert_eq!(c.ranking()[0], Entrant(7));
    seed(&mut c, &[3, 1, 2, 6, 5, 4, 7]).unwrap();
    let pairs = round_one(&mut c);
    // Seven: the lowest seed (entrant 7) rests; seed 1 (entrant 3)
    // meets seed 4 (entrant 6).
    assert!(
        pairs
            .iter()
            .any(|&(a, b)| (a, b) == (3, 6) || (a, b) == (6, 3)),
        "{pairs:?}"
    );
    assert_eq!(c.rounds()[0].rests[0].entrant, Entrant(7));
}
