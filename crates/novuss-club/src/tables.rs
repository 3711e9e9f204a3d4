//! Tables: which table each pairing of a round plays at.
//!
//! Issue 32: "each pairing gets a table, the top boards first, and nobody
//! plays at the same table twice in a row when it can be avoided". The
//! pairings come in board order (the top board first). When there are
//! fewer tables than pairings, the top boards play and the rest wait, in
//! board order, for a table to come free. The playing boards take tables
//! 1, 2, … in board order, except where that would put an entrant at the
//! table they played at in the last round: then the tables are matched to
//! the boards so that as many boards as possible avoid a repeat (a
//! maximum matching, tried in board order with the lowest tables first,
//! so the top boards keep the low tables), and only the boards left over
//! play at a table one of their entrants had.

use std::collections::HashMap;

use serde::Serialize;

/// Where each board of a round plays.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Seating {
    /// The table of each board that plays now, in board order (tables
    /// from 1).
    pub tables: Vec<u32>,
    /// The boards that wait for a table, by their place in board order
    /// (from 0), top board first.
    pub waiting: Vec<usize>,
    /// The boards that play at a table one of their entrants played at in
    /// the last round because no other assignment avoids it.
    pub repeats: Vec<usize>,
}

/// The tables for `pairings` (entrants by number, top board first) on
/// `tables` tables, given each entrant's table in the last round.
pub fn assign(pairings: &[[u32; 2]], tables: u32, previous: &HashMap<u32, u32>) -> Seating {
    let playing = pairings.len().min(tables as usize);
    let had = |board: usize, table: u32| {
        pairings[board]
            .iter()
            .any(|e| previous.get(e) == Some(&table))
    };
    // owner[t] = the board at table t + 1.
    let mut owner: Vec<Option<usize>> = vec![None; tables as usize];
    for board in 0..playing {
        let mut seen = vec![false; tables as usize];
        augment(board, &had, &mut owner, &mut seen);
    }
    let mut table_of: Vec<Option<u32>> = vec![None; playing];
    for (t, board) in owner.iter().enumerate() {
        if let Some(b) = board {
            table_of[*b] = Some(t as u32 + 1);
        }
    }
    // Boards that could not avoid a repeat take the lowest tables left.
    let mut free = (1..=tables).filter(|&t| owner[t as usize - 1].is_none());
    let mut repeats = Vec::new();
    for (board, table) in table_of.iter_mut().enumerate() {
        if table.is_none() {
            *table = free.next();
            repeats.push(board);
        }
    }
    Seating {
        tables: table_of.into_iter().flatten().collect(),
        waiting: (playing..pairings.len()).collect(),
        repeats,
    }
}

/// Kuhn's augmenting path from `board`: the lowest free table it may
/// take, or else a table whose board can move on to another (boards above
/// move only when that lets one more board avoid a repeat).
fn augment(
    board: usize,
    had: &impl Fn(usize, u32) -> bool,
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    if let Some(t) = (0..owner.len()).find(|&t| owner[t].is_none() && !had(board, t as u32 + 1)) {
        owner[t] = Some(board);
        return true;
    }
    for t in 0..owner.len() {
        if seen[t] || had(board, t as u32 + 1) {
            continue;
        }
        seen[t] = true;
        if owner[t].is_none_or(|other| augment(other, had, owner, seen)) {
            owner[t] = Some(board);
            return true;
        }
    }
    false
}
