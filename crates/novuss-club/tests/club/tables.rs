//! Tables: the top boards take the low tables, the rest wait in board
//! order, and nobody plays at the same table twice running when another
//! assignment avoids it.

use std::collections::HashMap;

use novuss_club::tables::assign;

#[test]
fn a_first_round_plays_board_by_board_and_the_rest_wait() {
    let pairings = [[1, 2], [3, 4], [5, 6], [7, 8]];
    let s = assign(&pairings, 3, &HashMap::new());
    assert_eq!(s.tables, [1, 2, 3]);
    assert_eq!(s.waiting, [3]);
    assert!(s.repeats.is_empty());
}

#[test]
fn nobody_plays_at_the_same_table_twice_running_when_it_can_be_avoided() {
    // Entrant 1 was at table 1 and 3 at table 2: the top board moves.
    let previous = HashMap::from([(1, 1), (3, 2), (6, 3)]);
    let s = assign(&[[1, 2], [3, 4], [5, 6]], 3, &previous);
    for (board, &t) in s.tables.iter().enumerate() {
        let pair = [[1, 2], [3, 4], [5, 6]][board];
        assert!(pair.iter().all(|e| previous.get(e) != Some(&t)));
    }
    assert_eq!(s.tables, [2, 3, 1]);
    assert!(s.repeats.is_empty());
}

#[test]
fn a_repeat_that_cannot_be_avoided_is_said() {
    // One table, and an entrant of the only board played at it.
    let s = assign(&[[1, 2]], 1, &HashMap::from([(2, 1)]));
    assert_eq!((s.tables, s.repeats), (vec![1], vec![0]));
    // Two boards whose four entrants were at tables 1 and 2 between them
    // on both: both boards repeat, the top board at table 1.
    let previous = HashMap::from([(1, 1), (2, 2), (3, 1), (4, 2)]);
    let s = assign(&[[1, 2], [3, 4]], 2, &previous);
    assert_eq!(s.tables, [1, 2]);
    assert_eq!(s.repeats, [0, 1]);
}

#[test]
fn every_table_is_used_once_and_no_pairing_is_lost() {
    for tables in 0..8u32 {
        let pairings: Vec<[u32; 2]> = (0..6).map(|k| [2 * k + 1, 2 * k + 2]).collect();
        let previous: HashMap<u32, u32> = (1..=12).map(|e| (e, e % 5 + 1)).collect();
        let s = assign(&pairings, tables, &previous);
        let mut used = s.tables.clone();
        used.sort_unstable();
        used.dedup();
        assert_eq!(used.len(), s.tables.len());
        assert!(used.iter().all(|&t| (1..=tables).contains(&t)));
        assert_eq!(s.tables.len() + s.waiting.len(), pairings.len());
    }
}
