//! Standings after any number of results: match points, then the
//! tie-breaks in the order the organiser chose, computed as FIDE's
//! *Play-off and Tie-Break Regulations* define them (Handbook C.07, the
//! edition applied from 1 August 2024; `docs/standings.md` says how each
//! reads and which worked examples check it).
//!
//! The 2024 edition is the one followed: the 2026 edition (applied from
//! 1 March 2026) caps the dummy opponent's score, but its text could not
//! be read here, so it is not offered.
//!
//! - `check`: the histories checked against each other (bad input is a
//!   [`StandingsError`], never a panic);
//! - `scores`: points, adjusted scores and the rounds that count against
//!   an opponent or a dummy (Article 16);
//! - `opponents`: Buchholz, Sonneborn-Berger and their cuts (8, 9, 14,
//!   16.5), and the progressive score (7.5);
//! - `encounter`: direct encounter (6), for any number tied;
//! - `counts`: wins, wins over the table, set ratio;
//! - `order`: the ranking and the shared places.
//!
//! Every value is an integer in the competition's point units: there are
//! no floats, and the set ratio is compared by cross-multiplying.

use std::ops::RangeInclusive;

use serde::{Deserialize, Serialize};

use crate::results::{Entrant, History};
use crate::swiss::PointSystem;

mod check;
mod counts;
mod encounter;
mod opponents;
mod order;
mod scores;
mod tiebreak;

pub use check::StandingsError;
pub use tiebreak::{TieBreak, TieBreakValue};

/// How the pairings were made, which decides how a forfeit counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PairingMethod {
    /// Fixed before the competition (a round robin): a forfeit counts as
    /// a match against the scheduled opponent, and a rest round counts
    /// for nothing in the opponents' tie-breaks.
    Predetermined,
    /// Round by round from the results (a Swiss): a forfeit is an
    /// unplayed round, played against a dummy opponent (C.07 16.4).
    Swiss,
}

/// One entrant, as the standings read them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Participant {
    /// The starting number, which the opponents' rounds name.
    pub entrant: Entrant,
    /// Every round so far, first first; all participants have the same
    /// number of rounds (an absence is a zero-point bye).
    pub history: History,
    /// The rating, if the entrant has one (the rating tie-break).
    pub rating: Option<u32>,
}

/// What the competition's regulations say about ranking.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regulations {
    /// The points each kind of result is worth.
    pub points: PointSystem,
    /// The tie-breaks after match points, first first.
    pub tiebreaks: Vec<TieBreak>,
    /// Whether the pairings were fixed beforehand.
    pub pairing: PairingMethod,
}

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

/// The standings of `participants` under `regulations`, or why the
/// histories do not make a competition.
pub fn standings(
    participants: &[Participant],
    regulations: &Regulations,
) -> Result<Standings, StandingsError> {
    let field = check::checked(participants)?;
    let table = scores::Table::new(participants, &field, regulations);
    order::rank(&table, &regulations.tiebreaks)
}
