//! Groups then knock-out: the snake seeding, each group's Berger rounds
//! on its own seeds, and the cross that keeps a group's winner from its
//! own runner-up in the first knock-out round.

use std::collections::HashSet;

use novuss_club::groups::{cross, group_rounds, snake, GroupsError, Qualifier};
use novuss_club::Cycles;

#[test]
fn the_snake_deals_the_seeds_there_and_back() {
    assert_eq!(
        snake(12, 4).unwrap(),
        [
            vec![1, 8, 9],
            vec![2, 7, 10],
            vec![3, 6, 11],
            vec![4, 5, 12]
        ]
    );
    // An uneven field: the last row fills from where the snake turned.
    assert_eq!(
        snake(7, 3).unwrap(),
        [vec![1, 6, 7], vec![2, 5], vec![3, 4]]
    );
    assert_eq!(
        snake(3, 2),
        Err(GroupsError::TooFewPerGroup {
            entrants: 3,
            groups: 2
        })
    );
    assert!(snake(4, 0).is_err());
}

#[test]
fn every_group_plays_all_play_all_on_its_own_seeds() {
    for (entrants, groups) in [(12, 4), (7, 3), (30, 6), (9, 2)] {
        let all = snake(entrants, groups).unwrap();
        let dealt: HashSet<u32> = all.iter().flatten().copied().collect();
        assert_eq!(dealt, (1..=entrants).collect());
        for seeds in &all {
            let rounds = group_rounds(seeds, Cycles::Single).unwrap();
            let mut met = HashSet::new();
            for r in &rounds {
                for p in &r.pairings {
                    assert!(seeds.contains(&p.first) && seeds.contains(&p.second));
                    assert!(met.insert((p.first.min(p.second), p.first.max(p.second))));
                }
            }
            let n = seeds.len();
            assert_eq!(met.len(), n * (n - 1) / 2);
        }
    }
    // The group's best seed draws 1: in four, 1 meets the group's last
    // seed at table 1 of round 1 (FIDE: 1-4, 2-3).
    let r = group_rounds(&[2, 7, 10, 15], Cycles::Single).unwrap();
    assert_eq!((r[0].pairings[0].first, r[0].pairings[0].second), (2, 15));
}

#[test]
fn winners_cross_to_runners_up_of_another_group() {
    let q = |group, place| Qualifier { group, place };
    assert_eq!(cross(2), [(q(0, 1), q(1, 2)), (q(1, 1), q(0, 2))]);
    assert_eq!(
        cross(4),
        [
            (q(0, 1), q(1, 2)),
            (q(1, 1), q(0, 2)),
            (q(2, 1), q(3, 2)),
            (q(3, 1), q(2, 2))
        ]
    );
    assert_eq!(
        cross(3),
        [(q(0, 1), q(1, 2)), (q(1, 1), q(2, 2)), (q(2, 1), q(0, 2))]
    );
    for g in 2..=16 {
        let ties = cross(g);
        assert_eq!(ties.len() as u32, g);
        let mut seen = HashSet::new();
        for (w, r) in ties {
            assert_eq!((w.place, r.place), (1, 2));
            assert_ne!(w.group, r.group, "{g} groups");
            assert!(seen.insert(w) && seen.insert(r));
        }
    }
    assert_eq!(cross(1), [(q(0, 1), q(0, 2))]);
}
