//! The direct encounter between tied teams (FIDE Handbook C.07, Article 6,
//! as docs/standings.md reads it), on team match points.
//!
//! Each tied team scores the match points it took from the others still
//! tied; a pair that met more than once counts the average per meeting.
//! Every finished match counts, a walkover too: it is the result the
//! competition gave that pairing, as a forfeit is in a round robin.
//! If every pair of the group met, the scores rank them, and equal
//! scores are ranked again by their encounters among themselves alone.
//! If not every pair met (a Swiss), a team is placed first only when its
//! score beats the best any other could have reached had it won every
//! encounter it did not play; it is taken out and the rest ranked again
//! the same way. Whoever cannot be told apart shares a place.
//!
//! The standings module for individuals will have its own; this one reads
//! team matches and is kept here so that neither waits for the other.

use std::collections::HashMap;

use crate::results::Entrant;

/// One finished match between two teams: the match points each took.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Encounter {
    pub first: Entrant,
    pub second: Entrant,
    pub first_points: u32,
    pub second_points: u32,
}

/// Per ordered pair (team, opponent): meetings and points taken.
type Tally = HashMap<(Entrant, Entrant), (u64, u64)>;

/// Ranks `group` by direct encounter: tiers best first, a tier of more
/// than one sharing its place. `win` is a won match's points, what an
/// unplayed encounter could at best have given.
pub(crate) fn rank(group: &[Entrant], encounters: &[Encounter], win: u32) -> Vec<Vec<Entrant>> {
    let mut tally: Tally = HashMap::new();
    for e in encounters {
        for (t, o, p) in [
            (e.first, e.second, e.first_points),
            (e.second, e.first, e.second_points),
        ] {
            let slot = tally.entry((t, o)).or_insert((0, 0));
            slot.0 += 1;
            slot.1 += u64::from(p);
        }
    }
    let mut out = Vec::new();
    order(group, &tally, u64::from(win), &mut out);
    out
}

fn lcm(a: u128, b: u128) -> Option<u128> {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    (a / x).checked_mul(b)
}

/// Appends `group`'s tiers to `out`.
fn order(group: &[Entrant], tally: &Tally, win: u64, out: &mut Vec<Vec<Entrant>>) {
    if group.len() < 2 {
        if !group.is_empty() {
            out.push(group.to_vec());
        }
        return;
    }
    // Scores as numerators over the least common multiple of the numbers
    // of meetings, so that averages compare exactly.
    let mut denominator: u128 = 1;
    let mut all_met = true;
    for &t in group {
        for &o in group {
            if t == o {
                continue;
            }
            match tally.get(&(t, o)) {
                Some(&(n, _)) => match lcm(denominator, u128::from(n)) {
                    Some(l) => denominator = l,
                    // Beyond any real competition: no telling apart.
                    None => return out.push(group.to_vec()),
                },
                None => all_met = false,
            }
        }
    }
    let score = |t: Entrant| -> (u128, u128) {
        let mut got: u128 = 0;
        let mut best: u128 = 0;
        for &o in group {
            if o == t {
                continue;
            }
            match tally.get(&(t, o)) {
                Some(&(n, p)) => {
                    // Saturating: only absurd inputs come near the edge.
                    let share = u128::from(p).saturating_mul(denominator / u128::from(n));
                    got = got.saturating_add(share);
                    best = best.saturating_add(share);
                }
                None => best = best.saturating_add(u128::from(win).saturating_mul(denominator)),
            }
        }
        (got, best)
    };
    let scores: Vec<(Entrant, u128, u128)> = group
        .iter()
        .map(|&t| {
            let (got, best) = score(t);
            (t, got, best)
        })
        .collect();
    if all_met {
        let mut sorted = scores;
        sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if sorted.first().map(|s| s.1) == sorted.last().map(|s| s.1) {
            out.push(group.to_vec());
            return;
        }
        let mut i = 0;
        while i < sorted.len() {
            let tier: Vec<Entrant> = sorted[i..]
                .iter()
                .take_while(|s| s.1 == sorted[i].1)
                .map(|s| s.0)
                .collect();
            i += tier.len();
            order(&tier, tally, win, out);
        }
        return;
    }
    let leader = scores
        .iter()
        .find(|&&(t, got, _)| scores.iter().all(|&(o, _, best)| o == t || got > best));
    match leader {
        Some(&(t, _, _)) => {
            out.push(vec![t]);
            let rest: Vec<Entrant> = group.iter().copied().filter(|&o| o != t).collect();
            order(&rest, tally, win, out);
        }
        None => out.push(group.to_vec()),
    }
}
