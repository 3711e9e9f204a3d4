//! The tie-breaks summed over a participant's rounds: Buchholz (C.07
//! 8.1) and Sonneborn-Berger (9.1) with the cuts of Article 14 and the
//! exception of 16.5.1, and the progressive score (7.5).
//!
//! The *least significant value* (14) is the round against the lowest
//! opponent score; of rounds against equal scores, the lower
//! contribution goes first. So Sonneborn-Berger's cut removes the round
//! against the weakest opponent, not the smallest product (Held's
//! exercise 13).

use super::scores::{round_points, Line, Table};

/// Which cut a sum takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cut {
    /// Every round.
    None,
    /// Without the least significant value (14.1).
    Low,
    /// Without the least and the most significant values (14.3).
    Median,
}

/// A round's contribution to Buchholz: the opponent's score.
pub(super) fn buchholz(l: &Line) -> u64 {
    l.opponent_score
}

/// A round's contribution to Sonneborn-Berger: the opponent's score
/// times the points scored against them.
pub(super) fn sonneborn_berger(l: &Line) -> u64 {
    l.opponent_score.saturating_mul(l.points)
}

/// The sum of `value` over `lines`, with `cut` applied.
pub(super) fn sum(lines: &[Line], value: fn(&Line) -> u64, cut: Cut) -> u64 {
    let mut kept: Vec<&Line> = lines.iter().collect();
    if cut != Cut::None {
        if let Some(i) = low_cut(&kept, value) {
            kept.remove(i);
        }
    }
    if cut == Cut::Median {
        // The high cut has no VUR exception: the strongest opponent,
        // the higher contribution first among equals.
        let high = (0..kept.len()).max_by_key(|&i| (kept[i].opponent_score, value(kept[i])));
        if let Some(i) = high {
            kept.remove(i);
        }
    }
    kept.iter().fold(0u64, |s, l| s.saturating_add(value(l)))
}

/// Which line the low cut removes (14.1 with 16.5.1): the VUR of lowest
/// contribution if there is one, unless it is worth less than the
/// ordinary least significant value, which is then cut instead; so a VUR
/// never makes the cut smaller.
fn low_cut(lines: &[&Line], value: fn(&Line) -> u64) -> Option<usize> {
    let ordinary = (0..lines.len()).min_by_key(|&i| (lines[i].opponent_score, value(lines[i])))?;
    let vur = (0..lines.len())
        .filter(|&i| lines[i].voluntary)
        .min_by_key(|&i| value(lines[i]));
    Some(match vur {
        Some(v) if value(lines[v]) >= value(lines[ordinary]) => v,
        _ => ordinary,
    })
}

/// The progressive score (7.5): the score after each round, summed over
/// the rounds with a result; with the cut, without round 1's term.
pub(super) fn progressive(table: &Table, i: usize, cut: bool) -> u64 {
    let mut running = 0u64;
    let mut total = 0u64;
    for (r, round) in table.participants[i].history.rounds.iter().enumerate() {
        if matches!(round, crate::results::Round::Pending { .. }) {
            continue;
        }
        running = running.saturating_add(round_points(round, &table.points));
        if !(cut && r == 0) {
            total = total.saturating_add(running);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(opponent_score: u64, points: u64, voluntary: bool) -> Line {
        Line {
            opponent_score,
            points,
            voluntary,
        }
    }

    #[test]
    fn a_vur_is_cut_unless_it_is_worth_less_than_the_weakest_opponent() {
        // Player 4 of Held's Swiss in tenths: the half-point bye (35) is
        // cut, not the weakest opponent (15).
        let four = [
            line(30, 10, false),
            line(35, 5, true),
            line(15, 10, false),
            line(35, 5, false),
            line(35, 5, false),
        ];
        assert_eq!(sum(&four, buchholz, Cut::None), 150);
        assert_eq!(sum(&four, buchholz, Cut::Low), 115);
        // Player 14's SB: the VURs are worth 0, less than the win over
        // the weakest opponent (15 × 10), which is cut instead.
        let fourteen = [
            line(30, 10, false),
            line(25, 0, false),
            line(20, 0, true),
            line(20, 0, true),
            line(15, 10, false),
        ];
        assert_eq!(sum(&fourteen, sonneborn_berger, Cut::None), 450);
        assert_eq!(sum(&fourteen, sonneborn_berger, Cut::Low), 300);
    }

    #[test]
    fn the_median_cuts_both_ends_and_short_lists_to_nothing() {
        let ls = [line(1, 0, false), line(5, 0, false), line(3, 0, false)];
        assert_eq!(sum(&ls, buchholz, Cut::Median), 3);
        assert_eq!(sum(&ls[..1], buchholz, Cut::Median), 0);
        assert_eq!(sum(&[], buchholz, Cut::Low), 0);
    }
}
