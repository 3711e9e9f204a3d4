//! The ranking: match points first, then each tie-break in turn splits
//! the groups still tied (C.07 4.2), and whoever is still tied at the end
//! shares a place, listed by starting number.

use std::cmp::Ordering;
use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::results::Entrant;

use super::check::StandingsError;
use super::opponents::{buchholz, progressive, sonneborn_berger, sum, Cut};
use super::scores::Table;
use super::tiebreak::{TieBreak, TieBreakValue};
use super::{counts, encounter};

/// The standings: every participant once, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// The tie-breaks, in the order each row's values follow.
    pub tiebreaks: Vec<TieBreak>,
    /// The rows, best first; those sharing a place by starting number.
    pub rows: Vec<Standing>,
}

/// One participant's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    /// The place, from 1; a shared place is the range of the places
    /// shared (`3..=4`), a place of one's own is `n..=n`.
    pub place: RangeInclusive<u32>,
    /// Who.
    pub entrant: Entrant,
    /// Match points, in the point system's units.
    pub points: u64,
    /// One value per tie-break, in the order of [`Standings::tiebreaks`].
    pub values: Vec<TieBreakValue>,
}

/// Ranks the table by `tiebreaks`.
pub(super) fn rank(table: &Table, tiebreaks: &[TieBreak]) -> Result<Standings, StandingsError> {
    let n = table.participants.len();
    let mut values: Vec<Vec<TieBreakValue>> = (0..n)
        .map(|i| {
            let lines = table.lines(i);
            tiebreaks
                .iter()
                .map(|&t| value(table, i, t, &lines))
                .collect()
        })
        .collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| table.score[b].cmp(&table.score[a]));
    let mut groups: Vec<Vec<usize>> = order
        .chunk_by(|&a, &b| table.score[a] == table.score[b])
        .map(<[usize]>::to_vec)
        .collect();
    for (k, &t) in tiebreaks.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for mut g in groups {
            if t == TieBreak::DirectEncounter {
                let tiers = encounter::tiers(table, &g)?;
                let mut place = 1u32;
                for tier in &tiers {
                    for &i in tier {
                        values[i][k] = TieBreakValue::Rank(place);
                    }
                    place = place.saturating_add(tier.len() as u32);
                }
                next.extend(tiers);
                continue;
            }
            let cmp = |a: &usize, b: &usize| {
                values[*b][k]
                    .compare(&values[*a][k])
                    .unwrap_or(Ordering::Equal)
            };
            g.sort_by(cmp);
            next.extend(
                g.chunk_by(|a, b| cmp(a, b) == Ordering::Equal)
                    .map(<[usize]>::to_vec),
            );
        }
        groups = next;
    }
    let mut rows = Vec::with_capacity(n);
    let mut first = 1u32;
    for mut g in groups {
        g.sort_by_key(|&i| table.participants[i].entrant);
        let last = first.saturating_add(g.len() as u32 - 1);
        for i in g {
            rows.push(Standing {
                place: first..=last,
                entrant: table.participants[i].entrant,
                points: table.score[i],
                values: std::mem::take(&mut values[i]),
            });
        }
        first = last.saturating_add(1);
    }
    Ok(Standings {
        tiebreaks: tiebreaks.to_vec(),
        rows,
    })
}

/// Participant `i`'s value for `t`; direct encounter's is set by the
/// ranking, as it depends on who is tied.
fn value(table: &Table, i: usize, t: TieBreak, lines: &[super::scores::Line]) -> TieBreakValue {
    use TieBreakValue::{Count, PointProducts, Points};
    match t {
        TieBreak::Buchholz => Points(sum(lines, buchholz, Cut::None)),
        TieBreak::BuchholzCut1 => Points(sum(lines, buchholz, Cut::Low)),
        TieBreak::BuchholzMedian1 => Points(sum(lines, buchholz, Cut::Median)),
        TieBreak::SonnebornBerger => PointProducts(sum(lines, sonneborn_berger, Cut::None)),
        TieBreak::SonnebornBergerCut1 => PointProducts(sum(lines, sonneborn_berger, Cut::Low)),
        TieBreak::Progressive => Points(progressive(table, i, false)),
        TieBreak::ProgressiveCut1 => Points(progressive(table, i, true)),
        TieBreak::DirectEncounter => TieBreakValue::Rank(1),
        TieBreak::Wins => Count(counts::wins(table, i)),
        TieBreak::WonOverTheTable => Count(counts::won(table, i)),
        TieBreak::SetRatio => TieBreakValue::SetRatio(counts::sets(table, i)),
        TieBreak::Rating => TieBreakValue::Rating(table.participants[i].rating),
    }
}
