//! The tie-breaks an organiser can put in order, by their stable codes
//! (the names the server and the command line use) and FIDE's acronyms,
//! and the typed value each gives an entrant.

use std::cmp::Ordering;

use serde::{Deserialize, Serialize};

use crate::results::Sets;

/// A tie-break, after match points, in the organiser's order.
///
/// The serde names are stable codes; [`TieBreak::acronym`] gives FIDE's
/// (Handbook C.07, 2024 edition) where FIDE defines the tie-break.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreak {
    /// Buchholz (C.07 8.1): the opponents' adjusted scores.
    #[serde(rename = "bh")]
    Buchholz,
    /// Buchholz without the least significant value (8.1 with 14.1).
    #[serde(rename = "bh_c1")]
    BuchholzCut1,
    /// Buchholz without the least and the most significant values (8.1
    /// with 14.3).
    #[serde(rename = "bh_m1")]
    BuchholzMedian1,
    /// Sonneborn-Berger (9.1): each opponent's adjusted score times the
    /// points scored against them.
    #[serde(rename = "sb")]
    SonnebornBerger,
    /// Sonneborn-Berger without the least significant value (9.1 with
    /// 14.1).
    #[serde(rename = "sb_c1")]
    SonnebornBergerCut1,
    /// The sum of the scores after each round (7.5).
    #[serde(rename = "ps")]
    Progressive,
    /// The progressive score without the first round's term (7.5 with
    /// 14.1).
    #[serde(rename = "ps_c1")]
    ProgressiveCut1,
    /// Direct encounter (6): the points scored among those still tied.
    #[serde(rename = "de")]
    DirectEncounter,
    /// Rounds scored as a win, with or without play (7.1).
    #[serde(rename = "win")]
    Wins,
    /// Matches won over the table (7.2).
    #[serde(rename = "won")]
    WonOverTheTable,
    /// Sets won against sets lost (self-defined for Novuss, 4.1).
    #[serde(rename = "set_ratio")]
    SetRatio,
    /// The entrant's own rating, higher first (self-defined, 4.1).
    #[serde(rename = "rating")]
    Rating,
}

impl TieBreak {
    /// Every tie-break, in the order the documentation lists them.
    pub const ALL: [TieBreak; 12] = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::BuchholzMedian1,
        TieBreak::SonnebornBerger,
        TieBreak::SonnebornBergerCut1,
        TieBreak::Progressive,
        TieBreak::ProgressiveCut1,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
        TieBreak::WonOverTheTable,
        TieBreak::SetRatio,
        TieBreak::Rating,
    ];

    /// The stable code, as serde writes it (`"bh_c1"`).
    pub fn code(self) -> &'static str {
        match self {
            TieBreak::Buchholz => "bh",
            TieBreak::BuchholzCut1 => "bh_c1",
            TieBreak::BuchholzMedian1 => "bh_m1",
            TieBreak::SonnebornBerger => "sb",
            TieBreak::SonnebornBergerCut1 => "sb_c1",
            TieBreak::Progressive => "ps",
            TieBreak::ProgressiveCut1 => "ps_c1",
            TieBreak::DirectEncounter => "de",
            TieBreak::Wins => "win",
            TieBreak::WonOverTheTable => "won",
            TieBreak::SetRatio => "set_ratio",
            TieBreak::Rating => "rating",
        }
    }

    /// The tie-break with this code, if there is one.
    pub fn from_code(code: &str) -> Option<TieBreak> {
        TieBreak::ALL.into_iter().find(|t| t.code() == code)
    }

    /// FIDE's acronym (C.07 2024, with the modifiers of Article 14 after
    /// a hyphen), or `None` for the tie-breaks Novuss defines itself.
    pub fn acronym(self) -> Option<&'static str> {
        Some(match self {
            TieBreak::Buchholz => "BH",
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::BuchholzMedian1 => "BH-M1",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::SonnebornBergerCut1 => "SB-C1",
            TieBreak::Progressive => "PS",
            TieBreak::ProgressiveCut1 => "PS-C1",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
            TieBreak::WonOverTheTable => "WON",
            TieBreak::SetRatio | TieBreak::Rating => return None,
        })
    }
}

/// What a tie-break gives one entrant.
///
/// Points are in the competition's own units ([`crate::PointSystem`]):
/// with 2/1/0 every value is an integer, Buchholz twice chess's and
/// Sonneborn-Berger four times; with chess's tenths (TRF), Buchholz is in
/// tenths and Sonneborn-Berger in hundredths of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieBreakValue {
    /// A sum of points (Buchholz and its cuts, progressive scores).
    Points(u64),
    /// A sum of points times points (Sonneborn-Berger and its cut).
    PointProducts(u64),
    /// A number of rounds (WIN, WON).
    Count(u32),
    /// The place from 1 among those still tied when direct encounter was
    /// applied (equal places share the number).
    Rank(u32),
    /// Sets won and lost over the matches with a known set score.
    SetRatio(Sets),
    /// The entrant's rating, if rated.
    Rating(Option<u32>),
}

impl TieBreakValue {
    /// How `self` compares with `other` as a tie-break: `Greater` when
    /// `self` ranks higher, `Equal` when it breaks no tie, `None` when the
    /// two are of different kinds.
    pub fn compare(&self, other: &TieBreakValue) -> Option<Ordering> {
        use TieBreakValue::*;
        Some(match (self, other) {
            (Points(a), Points(b)) | (PointProducts(a), PointProducts(b)) => a.cmp(b),
            (Count(a), Count(b)) => a.cmp(b),
            (Rank(a), Rank(b)) => b.cmp(a),
            (SetRatio(a), SetRatio(b)) => compare_ratios(*a, *b),
            // An unrated entrant comes after every rated one.
            (Rating(a), Rating(b)) => a.cmp(b),
            _ => return None,
        })
    }
}

/// Two set ratios compared exactly: won ÷ lost, by cross-multiplying.
/// 0:0 is even (1:1); won with none lost is above every finite ratio,
/// and among those more sets won is better.
fn compare_ratios(a: Sets, b: Sets) -> Ordering {
    let even = |s: Sets| {
        if s.won == 0 && s.lost == 0 {
            Sets { won: 1, lost: 1 }
        } else {
            s
        }
    };
    let (a, b) = (even(a), even(b));
    match (a.lost, b.lost) {
        (0, 0) => a.won.cmp(&b.won),
        (0, _) => Ordering::Greater,
        (_, 0) => Ordering::Less,
        _ => (u64::from(a.won) * u64::from(b.lost)).cmp(&(u64::from(b.won) * u64::from(a.lost))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(won: u32, lost: u32) -> TieBreakValue {
        TieBreakValue::SetRatio(Sets { won, lost })
    }

    #[test]
    fn set_ratios_compare_as_fractions_with_infinity_on_top() {
        assert_eq!(r(4, 2).compare(&r(2, 1)), Some(Ordering::Equal));
        assert_eq!(r(7, 3).compare(&r(9, 4)), Some(Ordering::Greater));
        assert_eq!(r(0, 0).compare(&r(3, 3)), Some(Ordering::Equal));
        assert_eq!(r(0, 0).compare(&r(0, 1)), Some(Ordering::Greater));
        assert_eq!(r(1, 0).compare(&r(100, 1)), Some(Ordering::Greater));
        assert_eq!(r(5, 0).compare(&r(4, 0)), Some(Ordering::Greater));
        assert_eq!(
            r(u32::MAX, u32::MAX - 1).compare(&r(u32::MAX - 1, u32::MAX - 2)),
            Some(Ordering::Less)
        );
    }

    #[test]
    fn an_unrated_entrant_comes_last_and_a_rank_is_better_lower() {
        let rated = TieBreakValue::Rating(Some(1200));
        assert_eq!(
            rated.compare(&TieBreakValue::Rating(None)),
            Some(Ordering::Greater)
        );
        assert_eq!(
            TieBreakValue::Rank(1).compare(&TieBreakValue::Rank(2)),
            Some(Ordering::Greater)
        );
        assert_eq!(rated.compare(&TieBreakValue::Count(3)), None);
    }

    #[test]
    fn codes_round_trip_and_match_serde() {
        for t in TieBreak::ALL {
            assert_eq!(TieBreak::from_code(t.code()), Some(t));
            let json = serde_json::to_string(&t).unwrap();
            assert_eq!(json, format!("\"{}\"", t.code()));
        }
        assert_eq!(TieBreak::from_code("bh-c1"), None);
    }
}
