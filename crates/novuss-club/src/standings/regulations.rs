//! What standings are computed from: the participants with their
//! histories and ratings, and the competition's regulations (points,
//! the tie-breaks in order, how the pairings were made).

use serde::{Deserialize, Serialize};

use crate::results::{Entrant, History};
use crate::swiss::PointSystem;

use super::tiebreak::TieBreak;

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
