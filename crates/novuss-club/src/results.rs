//! What each entrant did in each round: the facts that a Swiss pairing
//! (who has met whom, who broke first, who floated, who had a bye) and a
//! standings table (points, tie-breaks) both read.
//!
//! The shape follows what FIDE's Tournament Report File records per
//! player and round (opponent, colour, result; TRF-16 field 001, columns
//! 92 onwards) and what FIDE's tie-break regulations tell apart: a game
//! played over the table, a game won or lost without play (a forfeit),
//! and the byes (pairing-allocated, requested full- or half-point, and
//! zero-point). A Novuss match also has a set score, which the set ratio
//! tie-break reads.
//!
//! "White" in chess's terms is [`Side::First`] here: the entrant who
//! breaks first in the first set.

use serde::{Deserialize, Serialize};

/// An entrant by starting number, from 1 (TRF's "starting rank").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Entrant(pub u32);

/// Which side of a pairing an entrant had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Broke first in the first set (chess's white).
    First,
    /// The other (chess's black).
    Second,
}

impl Side {
    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }
}

/// A result from one entrant's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Score {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

impl Score {
    /// The opponent's view of the same result.
    pub fn other(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

/// Sets won by each side of a match, this entrant's first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Sets {
    /// Sets this entrant won.
    pub won: u32,
    /// Sets the opponent won.
    pub lost: u32,
}

/// A bye: a round without an opponent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Bye {
    /// Given by the pairing to the entrant left over (TRF `U`); worth a
    /// win's points unless the competition says otherwise (C.04.1 c).
    PairingAllocated,
    /// A requested round off worth a win's points (TRF `F`).
    Full,
    /// A requested round off worth a draw's points (TRF `H`).
    Half,
    /// A round off worth nothing: requested, or absent and not paired
    /// (TRF `Z`, or `-` against nobody).
    Zero,
}

/// One entrant's round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Round {
    /// Played over the table (TRF `1`, `=`, `0`, or unrated `W`, `D`, `L`).
    Played {
        /// Who the entrant met.
        opponent: Entrant,
        /// The entrant's side.
        side: Side,
        /// How it ended for the entrant.
        score: Score,
        /// The set score, when it is known (a TRF file has none).
        sets: Option<Sets>,
    },
    /// Paired, but one side did not play (TRF `+` and `-` against an
    /// opponent): a game that was not played, so the pair has not met and
    /// may be paired again, gives neither side a colour (the Dutch system
    /// as bbpPairings and JaVaFo apply C.04.1, which [`crate::swiss`]
    /// follows), and the tie-breaks treat the round as unplayed.
    Forfeit {
        /// Who the entrant was paired with.
        opponent: Entrant,
        /// The entrant's side in the pairing.
        side: Side,
        /// Whether the entrant won it (the opponent did not appear).
        won: bool,
    },
    /// No opponent this round.
    Bye(Bye),
    /// Not yet played: the round is paired but its result is not in.
    Pending {
        /// Who the entrant meets.
        opponent: Entrant,
        /// The entrant's side.
        side: Side,
    },
}

impl Round {
    /// The opponent the entrant was paired with, if any.
    pub fn opponent(&self) -> Option<Entrant> {
        match *self {
            Round::Played { opponent, .. }
            | Round::Forfeit { opponent, .. }
            | Round::Pending { opponent, .. } => Some(opponent),
            Round::Bye(_) => None,
        }
    }

    /// The entrant's side, if they were paired.
    pub fn side(&self) -> Option<Side> {
        match *self {
            Round::Played { side, .. }
            | Round::Forfeit { side, .. }
            | Round::Pending { side, .. } => Some(side),
            Round::Bye(_) => None,
        }
    }

    /// The same round with its opponent renamed by `rename` (a field
    /// renumbered, as the pairing numbers of a Swiss are).
    pub fn with_opponent(self, rename: impl Fn(Entrant) -> Entrant) -> Round {
        match self {
            Round::Played {
                opponent,
                side,
                score,
                sets,
            } => Round::Played {
                opponent: rename(opponent),
                side,
                score,
                sets,
            },
            Round::Forfeit {
                opponent,
                side,
                won,
            } => Round::Forfeit {
                opponent: rename(opponent),
                side,
                won,
            },
            Round::Pending { opponent, side } => Round::Pending {
                opponent: rename(opponent),
                side,
            },
            Round::Bye(b) => Round::Bye(b),
        }
    }

    /// Whether the round was played over the table (C.04.1: only played
    /// games give a colour and count as having met for most tie-breaks).
    pub fn played(&self) -> bool {
        matches!(self, Round::Played { .. })
    }
}

/// An entrant's whole competition so far: one [`Round`] per round, the
/// first round first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct History {
    /// Round by round.
    pub rounds: Vec<Round>,
}
