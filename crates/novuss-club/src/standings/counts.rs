//! Tie-breaks that count a participant's own rounds: wins with or
//! without play (C.07 7.1), wins over the table (7.2), and Novuss's set
//! ratio.

use crate::results::{Round, Score, Sets};

use super::scores::{round_points, Table};

/// WIN (7.1): the rounds in which the participant got as many points as
/// a win gives, with or without play (forfeit wins, win-valued byes).
pub(super) fn wins(table: &Table, i: usize) -> u32 {
    let win = u64::from(table.points.win);
    table.participants[i]
        .history
        .rounds
        .iter()
        .filter(|r| !matches!(r, Round::Pending { .. }))
        .filter(|r| round_points(r, &table.points) == win)
        .count() as u32
}

/// WON (7.2): the matches won over the table.
pub(super) fn won(table: &Table, i: usize) -> u32 {
    table.participants[i]
        .history
        .rounds
        .iter()
        .filter(|r| {
            matches!(
                r,
                Round::Played {
                    score: Score::Win,
                    ..
                }
            )
        })
        .count() as u32
}

/// Sets won and lost over the matches played with a known set score
/// (forfeits and byes have none).
pub(super) fn sets(table: &Table, i: usize) -> Sets {
    table.participants[i]
        .history
        .rounds
        .iter()
        .fold(Sets { won: 0, lost: 0 }, |t, r| match r {
            Round::Played { sets: Some(s), .. } => Sets {
                won: t.won.saturating_add(s.won),
                lost: t.lost.saturating_add(s.lost),
            },
            _ => t,
        })
}
