//! Direct encounter (C.07 Article 6), for any number tied.
//!
//! Each tied participant's score is the points they scored against the
//! others still tied; a pair that met more than once counts the average
//! per opponent. In a Swiss only matches played over the table count;
//! with pre-determined pairings a forfeit counts as the match.
//!
//! - If everyone met everyone, the scores rank them; equal scores stay
//!   tied, and the rule is applied again inside each smaller tied group.
//! - If not, a participant is placed first only when their score beats
//!   the most any other could have reached, every encounter not played
//!   counted as a win; they leave the group and the rest is ranked the
//!   same way. Once nobody can be placed so, the rest share the place.
//!
//! The averages are compared exactly: every score is scaled by the least
//! common multiple of the numbers of meetings.

use crate::results::Round;

use super::check::StandingsError;
use super::regulations::PairingMethod;
use super::scores::{round_points, Table};

/// `group` (positions in the table) in tiers, best first: those in one
/// tier share their place.
pub(super) fn tiers(table: &Table, group: &[usize]) -> Result<Vec<Vec<usize>>, StandingsError> {
    if group.len() < 2 {
        return Ok(vec![group.to_vec()]);
    }
    let (scores, unmet, l) = scores(table, group)?;
    let mut out = Vec::new();
    if unmet.iter().all(|&u| u == 0) {
        let mut order: Vec<usize> = (0..group.len()).collect();
        order.sort_by(|&a, &b| scores[b].cmp(&scores[a]));
        let parts: Vec<Vec<usize>> = order
            .chunk_by(|&a, &b| scores[a] == scores[b])
            .map(|c| c.iter().map(|&k| group[k]).collect())
            .collect();
        if parts.len() == 1 {
            return Ok(parts);
        }
        for part in parts {
            out.extend(tiers(table, &part)?);
        }
        return Ok(out);
    }
    let win = u128::from(table.points.win)
        .checked_mul(l)
        .ok_or(StandingsError::TooLarge)?;
    let mut potential = Vec::with_capacity(group.len());
    for k in 0..group.len() {
        let extra = win
            .checked_mul(unmet[k] as u128)
            .ok_or(StandingsError::TooLarge)?;
        potential.push(
            scores[k]
                .checked_add(extra)
                .ok_or(StandingsError::TooLarge)?,
        );
    }
    let first = (0..group.len()).find(|&k| {
        (0..group.len())
            .filter(|&j| j != k)
            .all(|j| scores[k] > potential[j])
    });
    match first {
        Some(k) => {
            out.push(vec![group[k]]);
            let rest: Vec<usize> = group
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != k)
                .map(|(_, &g)| g)
                .collect();
            out.extend(tiers(table, &rest)?);
            Ok(out)
        }
        None => Ok(vec![group.to_vec()]),
    }
}

/// Direct-encounter scores, the numbers of others not met, and the scale.
type Scores = (Vec<u128>, Vec<usize>, u128);

/// For each member of `group`: the points scored against the others,
/// scaled by the returned least common multiple of the numbers of
/// meetings, and how many of the others they have not met.
fn scores(table: &Table, group: &[usize]) -> Result<Scores, StandingsError> {
    let meetings = meetings(table, group);
    let l = scale(&meetings)?;
    let mut scores = Vec::with_capacity(group.len());
    let mut unmet = Vec::with_capacity(group.len());
    for row in &meetings {
        let mut s = 0u128;
        let mut missing = 0;
        for &(points, count) in row {
            if count == 0 {
                missing += 1;
                continue;
            }
            let part = u128::from(points)
                .checked_mul(l / u128::from(count))
                .ok_or(StandingsError::TooLarge)?;
            s = s.checked_add(part).ok_or(StandingsError::TooLarge)?;
        }
        scores.push(s);
        // The participant's own cell is always empty.
        unmet.push(missing - 1);
    }
    Ok((scores, unmet, l))
}

/// The least common multiple of the numbers of meetings.
fn scale(meetings: &[Vec<(u64, u32)>]) -> Result<u128, StandingsError> {
    let mut l = 1u128;
    for row in meetings {
        for &(_, count) in row {
            if count > 1 {
                let c = u128::from(count);
                l = (l / gcd(l, c))
                    .checked_mul(c)
                    .ok_or(StandingsError::TooLarge)?;
            }
        }
    }
    Ok(l)
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// For each member of `group`, against each member: the points scored
/// and the number of matches that count.
fn meetings(table: &Table, group: &[usize]) -> Vec<Vec<(u64, u32)>> {
    let mut out = vec![vec![(0u64, 0u32); group.len()]; group.len()];
    for (a, &i) in group.iter().enumerate() {
        for r in &table.participants[i].history.rounds {
            let counts = match r {
                Round::Played { .. } => true,
                Round::Forfeit { .. } => table.pairing == PairingMethod::Predetermined,
                Round::Bye(_) | Round::Pending { .. } => false,
            };
            let Some(o) = r.opponent().and_then(|e| table.at(e)) else {
                continue;
            };
            let Some(b) = group.iter().position(|&g| g == o) else {
                continue;
            };
            if counts {
                let cell = &mut out[a][b];
                cell.0 = cell.0.saturating_add(round_points(r, &table.points));
                cell.1 = cell.1.saturating_add(1);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::{Bye, Entrant, History, Score, Side};
    use crate::standings::{check, Participant, Regulations};
    use crate::swiss::PointSystem;

    /// Participants 1..=n from the rounds' matches `(a, b, a's score)`;
    /// whoever has no match in a round has a zero-point bye.
    fn field(n: u32, rounds: &[&[(u32, u32, Score)]]) -> Vec<Participant> {
        let mut out: Vec<Participant> = (1..=n)
            .map(|e| Participant {
                entrant: Entrant(e),
                history: History::default(),
                rating: None,
            })
            .collect();
        for matches in rounds {
            for p in out.iter_mut() {
                p.history.rounds.push(Round::Bye(Bye::Zero));
            }
            for &(a, b, score) in *matches {
                let r = out[0].history.rounds.len() - 1;
                out[(a - 1) as usize].history.rounds[r] = Round::Played {
                    opponent: Entrant(b),
                    side: Side::First,
                    score,
                    sets: None,
                };
                out[(b - 1) as usize].history.rounds[r] = Round::Played {
                    opponent: Entrant(a),
                    side: Side::Second,
                    score: score.other(),
                    sets: None,
                };
            }
        }
        out
    }

    /// The tiers of everyone, as starting numbers.
    fn tiers_of(players: &[Participant]) -> Vec<Vec<u32>> {
        let regulations = Regulations {
            points: PointSystem {
                win: 2,
                draw: 1,
                ..PointSystem::default()
            },
            tiebreaks: vec![],
            pairing: PairingMethod::Swiss,
        };
        let f = check::checked(players).unwrap();
        let table = Table::new(players, &f, &regulations);
        let all: Vec<usize> = (0..players.len()).collect();
        tiers(&table, &all)
            .unwrap()
            .into_iter()
            .map(|t| t.into_iter().map(|i| i as u32 + 1).collect())
            .collect()
    }

    #[test]
    fn a_pair_that_met_twice_counts_the_average() {
        // 1 beat 2 twice and lost to 3; 2 drew with 3. By averages 3 has
        // 1.5 (a win and a draw), 1 has 1, 2 has 0.5; by sums 1 would
        // have 2 and lead.
        let p = field(
            3,
            &[
                &[(1, 2, Score::Win)],
                &[(1, 2, Score::Win)],
                &[(1, 3, Score::Loss)],
                &[(2, 3, Score::Draw)],
            ],
        );
        assert_eq!(tiers_of(&p), [vec![3], vec![1], vec![2]]);
        // A win and a draw against the same opponent average ¾ of a
        // chess point.
        let p = field(
            3,
            &[
                &[(1, 2, Score::Win)],
                &[(1, 2, Score::Draw)],
                &[(1, 3, Score::Draw)],
                &[(2, 3, Score::Loss)],
            ],
        );
        // In chess points 1: 0.75 + 0.5 = 1.25; 2: 0.25 + 0 = 0.25;
        // 3: 0.5 + 1 = 1.5.
        assert_eq!(tiers_of(&p), [vec![3], vec![1], vec![2]]);
    }

    #[test]
    fn equal_scores_are_compared_again_among_themselves() {
        // 1 beats 3 and 4 and draws with 2 (2.5); 2 beats 3, loses to 4
        // (1.5); 3 and 4 have 1 each, and 3 beat 4.
        let p = field(
            4,
            &[
                &[(1, 3, Score::Win), (2, 4, Score::Loss)],
                &[(1, 4, Score::Win), (2, 3, Score::Win)],
                &[(1, 2, Score::Draw), (3, 4, Score::Win)],
            ],
        );
        assert_eq!(tiers_of(&p), [vec![1], vec![2], vec![3], vec![4]]);
        // A cycle stays tied.
        let p = field(
            3,
            &[
                &[(1, 2, Score::Win)],
                &[(2, 3, Score::Win)],
                &[(3, 1, Score::Win)],
            ],
        );
        assert_eq!(tiers_of(&p), [vec![1, 2, 3]]);
    }

    #[test]
    fn when_not_all_met_only_a_score_out_of_reach_is_placed() {
        // 1 beat 2 and 3, who did not meet: 1's 2 is above the 1 either
        // could reach; 2 and 3 then share.
        let p = field(3, &[&[(1, 2, Score::Win)], &[(1, 3, Score::Win)]]);
        assert_eq!(tiers_of(&p), [vec![1], vec![2, 3]]);
        // 1 beat 2 only: 3 could still have beaten both.
        let p = field(3, &[&[(1, 2, Score::Win)]]);
        assert_eq!(tiers_of(&p), [vec![1, 2, 3]]);
    }
}
