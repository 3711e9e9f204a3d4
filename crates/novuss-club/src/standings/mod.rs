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
//! - `regulations`: what the standings are computed from;
//! - `check`: the histories checked against each other (bad input is a
//!   [`StandingsError`], never a panic);
//! - `scores`: points, adjusted scores and the rounds that count against
//!   an opponent or a dummy (Article 16);
//! - `opponents`: Buchholz, Sonneborn-Berger and their cuts (8, 9, 14,
//!   16.5), and the progressive score (7.5);
//! - `encounter`: direct encounter (6), for any number tied;
//! - `counts`: wins, wins over the table, set ratio;
//! - `order`: the ranking and the shared places, the standings.
//!
//! Every value is an integer in the competition's point units: there are
//! no floats, and the set ratio is compared by cross-multiplying.

mod check;
mod counts;
mod encounter;
mod opponents;
mod order;
mod regulations;
mod scores;
mod tiebreak;

pub use check::StandingsError;
pub use order::{Standing, Standings};
pub use regulations::{PairingMethod, Participant, Regulations};
pub use tiebreak::{TieBreak, TieBreakValue};

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
