//! What a Swiss round is paired from, and what comes out: the competitors
//! with their histories, the competition's settings, the pairings, and
//! why a round cannot be paired.

use serde::Serialize;

use crate::results::{Entrant, History, Side};

/// Points for each kind of result, in tenths of a point (FIDE's TRF
/// writes scores with one decimal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSystem {
    /// A win over the table, a forfeit win and a full-point bye.
    pub win: u32,
    /// A draw, and a half-point bye.
    pub draw: u32,
    /// A loss over the table.
    pub loss: u32,
    /// A forfeit loss.
    pub forfeit_loss: u32,
    /// A zero-point bye (or an absence).
    pub zero_bye: u32,
    /// The pairing-allocated bye.
    pub pairing_bye: u32,
}

impl Default for PointSystem {
    /// Chess's 1, ½, 0, the pairing-allocated bye worth a win.
    fn default() -> Self {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            forfeit_loss: 0,
            zero_bye: 0,
            pairing_bye: 10,
        }
    }
}

/// One competitor of a Swiss.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Competitor {
    /// The starting number.
    pub entrant: Entrant,
    /// The rounds already paired, first first (shorter when the competitor
    /// entered late: the missing rounds count as zero-point byes).
    pub history: History,
    /// Not to be paired this round (a requested bye or an absence).
    pub absent: bool,
}

/// Everything a Swiss round is paired from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The competitors, by starting number.
    pub competitors: Vec<Competitor>,
    /// The number of rounds already paired.
    pub played: u32,
    /// The number of rounds the competition will have.
    pub rounds: u32,
    /// The colour of the first-ranked player in round 1 (XXC `white1`).
    pub initial: Side,
    /// The points each result is worth.
    pub points: PointSystem,
}

/// A round's pairings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pairings {
    /// Each pair as (white, black): the first breaks first in set 1.
    pub pairs: Vec<(Entrant, Entrant)>,
    /// The pairing-allocated bye, if the number to pair is odd.
    pub bye: Option<Entrant>,
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwissError {
    /// No pairing satisfies the absolute criteria (C.1–C.3).
    NoPairing,
    /// So many players and score groups that the criteria do not fit the
    /// widest weight.
    TooLarge,
    /// A history names an opponent who is not a competitor.
    UnknownOpponent(Entrant, Entrant),
    /// The field is already complete.
    Finished(u32),
}

impl std::fmt::Display for SwissError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwissError::NoPairing => write!(f, "no pairing satisfies the absolute criteria"),
            SwissError::TooLarge => write!(f, "too many players and score groups to pair"),
            SwissError::UnknownOpponent(a, b) => {
                write!(f, "player {} met player {}, who is not entered", a.0, b.0)
            }
            SwissError::Finished(r) => write!(f, "all {r} rounds are already paired"),
        }
    }
}

impl std::error::Error for SwissError {}
