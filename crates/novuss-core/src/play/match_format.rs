//! How many sets a match between two sides has, when it ends, and what
//! its result is worth: the formats competitions play (issue 32).
//!
//! The rule books know the best of one, three or five (`000` 1.1). Clubs
//! and leagues also play a fixed number of sets, where a level score at the
//! end is a draw: six sets in singles (4:0, 4:1 and 4:2 win, 3:3 is a
//! draw), four in doubles (3:0 and 3:1 win, 2:2 is a draw); and first to
//! K sets. A match ends as soon as its result cannot change: a side with
//! more than half of a fixed number of sets has won, so the rest are not
//! played, as a table protocol records it.
//!
//! [`MatchFormat::check`] says whether a score, as a table protocol or an
//! organiser writes it, is the end of a match of that format, and why not:
//! 5:0 or 4:3 in a six-set match is refused with the reason a referee at
//! the table would give. A score counts the sets each side won; a drawn
//! set (`000` 4.5) counts for neither.
//!
//! [`MatchPoints`] turns the result into match points for a standings
//! table (2/1/0 by default; 3/1/0 and others as the competition says).

use std::fmt;

use serde::{Deserialize, Serialize};

/// The most sets a format may have (or need): no Novuss match is longer,
/// and the bound keeps every count small.
pub const MAX_SETS: u32 = 99;

/// How many sets, and when the match ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "sets", rename_all = "snake_case")]
pub enum MatchFormat {
    /// Best of `N` (odd): the first side to win `(N + 1) / 2` sets wins;
    /// no draws (`000` 1.1).
    BestOf(u32),
    /// A fixed number of sets `N`: a side that wins more than half of them
    /// has won (the rest are not played); with `N` even, `N/2 : N/2` is a
    /// draw.
    Sets(u32),
    /// The first side to win `K` sets wins; no draws.
    FirstTo(u32),
}

/// How a match of two sides ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MatchResult {
    /// The first side won.
    First,
    /// The second side won.
    Second,
    /// A draw.
    Drawn,
}

/// Why a format or a score cannot be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// A format of no sets, more than [`MAX_SETS`], or a best of an even
    /// number.
    Format(MatchFormat),
    /// The match was over before this score: the winner's last set was not
    /// played (5:0 in six sets ends at 4:0).
    PastTheEnd {
        /// The score.
        score: (u32, u32),
        /// Sets the winner needed.
        needed: u32,
    },
    /// More sets than the format has (4:3 in six sets).
    TooManySets {
        /// The score.
        score: (u32, u32),
        /// Sets in the format.
        sets: u32,
    },
    /// The match is not over at this score.
    NotOver {
        /// The score.
        score: (u32, u32),
    },
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FormatError::Format(MatchFormat::BestOf(n)) => {
                write!(f, "a best of {n} cannot be played: a best of is of an odd number of sets, 1 to {MAX_SETS}")
            }
            FormatError::Format(MatchFormat::Sets(n)) => {
                write!(
                    f,
                    "a match of {n} sets cannot be played: 1 to {MAX_SETS} sets"
                )
            }
            FormatError::Format(MatchFormat::FirstTo(k)) => {
                write!(
                    f,
                    "a match to {k} sets cannot be played: 1 to {} sets won",
                    MAX_SETS.div_ceil(2)
                )
            }
            FormatError::PastTheEnd {
                score: (a, b),
                needed,
            } => write!(
                f,
                "{a}:{b} cannot be a result: the match ends when a side has won {needed} sets"
            ),
            FormatError::TooManySets {
                score: (a, b),
                sets,
            } => write!(
                f,
                "{a}:{b} cannot be a result: it is {} sets, and the match has {sets}",
                a + b
            ),
            FormatError::NotOver { score: (a, b) } => {
                write!(f, "{a}:{b} is not a result: the match is not over")
            }
        }
    }
}

impl std::error::Error for FormatError {}

impl MatchFormat {
    /// The format, if it can be played.
    pub fn checked(self) -> Result<MatchFormat, FormatError> {
        let ok = match self {
            MatchFormat::BestOf(n) => (1..=MAX_SETS).contains(&n) && n % 2 == 1,
            MatchFormat::Sets(n) => (1..=MAX_SETS).contains(&n),
            MatchFormat::FirstTo(k) => (1..=MAX_SETS.div_ceil(2)).contains(&k),
        };
        if ok {
            Ok(self)
        } else {
            Err(FormatError::Format(self))
        }
    }

    /// Sets a side must win to win the match.
    pub fn needed(self) -> u32 {
        match self {
            MatchFormat::BestOf(n) => n.div_ceil(2),
            MatchFormat::Sets(n) => n / 2 + 1,
            MatchFormat::FirstTo(k) => k,
        }
    }

    /// The most sets a match of this format can have been won in (a fixed
    /// number of sets), or `None` when there is no such bound (drawn sets
    /// add sets to a best of, `match_play`'s "Winning, draws").
    pub fn sets(self) -> Option<u32> {
        match self {
            MatchFormat::Sets(n) => Some(n),
            MatchFormat::BestOf(_) | MatchFormat::FirstTo(_) => None,
        }
    }

    /// The number of sets the match is called by: `N` for a best of `N`
    /// and for `N` sets, `2K - 1` for a first to `K` (the most sets it
    /// takes when no set is drawn).
    pub fn nominal_sets(self) -> u32 {
        match self {
            MatchFormat::BestOf(n) | MatchFormat::Sets(n) => n,
            MatchFormat::FirstTo(k) => (2 * k).saturating_sub(1),
        }
    }

    /// Whether a drawn match is possible: a fixed even number of sets.
    pub fn draws(self) -> bool {
        matches!(self, MatchFormat::Sets(n) if n % 2 == 0)
    }

    /// How the match stands at `score` (sets won by each side): its result
    /// once over, `None` while it goes on; an error for a score it cannot
    /// reach.
    pub fn standing(self, score: (u32, u32)) -> Result<Option<MatchResult>, FormatError> {
        let format = self.checked()?;
        let (a, b) = score;
        let needed = format.needed();
        if let Some(sets) = format.sets() {
            if a.saturating_add(b) > sets {
                return Err(FormatError::TooManySets { score, sets });
            }
        }
        if a > needed || b > needed || (a == needed && b == needed) {
            return Err(FormatError::PastTheEnd { score, needed });
        }
        Ok(if a == needed {
            Some(MatchResult::First)
        } else if b == needed {
            Some(MatchResult::Second)
        } else if format.draws() && format.sets() == Some(a + b) {
            Some(MatchResult::Drawn)
        } else {
            None
        })
    }

    /// The result of a match that ended at `score`, or why `score` is not
    /// the end of a match of this format.
    pub fn check(self, score: (u32, u32)) -> Result<MatchResult, FormatError> {
        self.standing(score)?.ok_or(FormatError::NotOver { score })
    }
}

/// What a match's result is worth in a standings table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchPoints {
    /// For a win.
    pub win: u32,
    /// For a draw.
    pub draw: u32,
    /// For a loss.
    pub loss: u32,
}

impl Default for MatchPoints {
    /// 2 for a win, 1 for a draw, 0 for a loss: Novuss leagues' usual
    /// count.
    fn default() -> MatchPoints {
        MatchPoints {
            win: 2,
            draw: 1,
            loss: 0,
        }
    }
}

impl MatchPoints {
    /// The points each side gets for `result`.
    pub fn of(self, result: MatchResult) -> (u32, u32) {
        match result {
            MatchResult::First => (self.win, self.loss),
            MatchResult::Second => (self.loss, self.win),
            MatchResult::Drawn => (self.draw, self.draw),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every final score of a format with at most `top` sets a side, as
    /// `check` accepts them.
    fn finals(format: MatchFormat, top: u32) -> Vec<(u32, u32)> {
        let mut out = Vec::new();
        for a in 0..=top {
            for b in 0..=top {
                if format.check((a, b)).is_ok() {
                    out.push((a, b));
                }
            }
        }
        out
    }

    #[test]
    fn six_sets_end_at_four_won_or_three_all() {
        let six = MatchFormat::Sets(6);
        assert_eq!(six.needed(), 4);
        assert_eq!(
            finals(six, 8),
            [(0, 4), (1, 4), (2, 4), (3, 3), (4, 0), (4, 1), (4, 2)]
        );
        assert_eq!(six.check((4, 2)), Ok(MatchResult::First));
        assert_eq!(six.check((1, 4)), Ok(MatchResult::Second));
        assert_eq!(six.check((3, 3)), Ok(MatchResult::Drawn));
        assert_eq!(
            six.check((5, 0)).unwrap_err().to_string(),
            "5:0 cannot be a result: the match ends when a side has won 4 sets"
        );
        assert_eq!(
            six.check((4, 3)).unwrap_err().to_string(),
            "4:3 cannot be a result: it is 7 sets, and the match has 6"
        );
        assert_eq!(
            six.check((3, 2)).unwrap_err().to_string(),
            "3:2 is not a result: the match is not over"
        );
        assert_eq!(six.standing((3, 2)), Ok(None));
    }

    #[test]
    fn a_format_is_called_by_its_number_of_sets() {
        assert_eq!(MatchFormat::BestOf(5).nominal_sets(), 5);
        assert_eq!(MatchFormat::Sets(6).nominal_sets(), 6);
        assert_eq!(MatchFormat::FirstTo(3).nominal_sets(), 5);
        assert_eq!(MatchFormat::FirstTo(0).nominal_sets(), 0);
    }

    #[test]
    fn four_sets_in_doubles_end_at_three_won_or_two_all() {
        assert_eq!(
            finals(MatchFormat::Sets(4), 6),
            [(0, 3), (1, 3), (2, 2), (3, 0), (3, 1)]
        );
    }

    #[test]
    fn a_best_of_and_a_first_to_have_no_draws_and_no_bound_on_sets() {
        assert_eq!(
            finals(MatchFormat::BestOf(3), 5),
            [(0, 2), (1, 2), (2, 0), (2, 1)]
        );
        assert_eq!(
            finals(MatchFormat::BestOf(3), 5),
            finals(MatchFormat::FirstTo(2), 5)
        );
        assert_eq!(MatchFormat::BestOf(1).check((1, 0)), Ok(MatchResult::First));
        assert_eq!(
            MatchFormat::FirstTo(2).check((2, 2)),
            Err(FormatError::PastTheEnd {
                score: (2, 2),
                needed: 2
            })
        );
        // An odd fixed number of sets cannot be drawn.
        assert!(!MatchFormat::Sets(5).draws());
        assert_eq!(
            finals(MatchFormat::Sets(5), 6),
            finals(MatchFormat::BestOf(5), 6)
        );
    }

    #[test]
    fn formats_that_cannot_be_played_are_refused() {
        for bad in [
            MatchFormat::BestOf(0),
            MatchFormat::BestOf(4),
            MatchFormat::BestOf(MAX_SETS + 2),
            MatchFormat::Sets(0),
            MatchFormat::Sets(MAX_SETS + 1),
            MatchFormat::FirstTo(0),
            MatchFormat::FirstTo(51),
        ] {
            assert_eq!(bad.check((1, 0)), Err(FormatError::Format(bad)), "{bad:?}");
        }
        assert_eq!(
            MatchFormat::BestOf(4).checked().unwrap_err().to_string(),
            "a best of 4 cannot be played: a best of is of an odd number of sets, 1 to 99"
        );
        // Scores as large as a u32 holds are refused, not overflowed.
        assert!(MatchFormat::Sets(6).check((u32::MAX, u32::MAX)).is_err());
    }

    #[test]
    fn match_points_are_two_one_nothing_unless_the_competition_says() {
        let usual = MatchPoints::default();
        assert_eq!(usual.of(MatchResult::First), (2, 0));
        assert_eq!(usual.of(MatchResult::Drawn), (1, 1));
        let three = MatchPoints {
            win: 3,
            draw: 1,
            loss: 0,
        };
        assert_eq!(three.of(MatchResult::Second), (0, 3));
    }

    #[test]
    fn a_format_is_written_as_its_kind_and_sets() {
        let json = serde_json::to_string(&MatchFormat::Sets(6)).unwrap();
        assert_eq!(json, r#"{"kind":"sets","sets":6}"#);
        let back: MatchFormat = serde_json::from_str(r#"{"kind":"first_to","sets":3}"#).unwrap();
        assert_eq!(back, MatchFormat::FirstTo(3));
    }
}
