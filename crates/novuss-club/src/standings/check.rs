//! The histories checked against each other before anything is counted:
//! every opponent entered, every pairing told the same way by both sides,
//! one pairing-allocated bye a round at most. What is wrong is a typed
//! [`StandingsError`]; nothing here panics on any input.

use std::collections::HashMap;

use crate::results::{Bye, Entrant, Round};

use super::regulations::Participant;

/// Why histories cannot be ranked. Rounds are numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StandingsError {
    /// Two participants have the same starting number.
    Repeated(Entrant),
    /// A history has another number of rounds than the first one's.
    UnevenRounds {
        /// Whose.
        entrant: Entrant,
        /// How many rounds it has.
        rounds: usize,
        /// How many the first history has.
        expected: usize,
    },
    /// A participant is paired with themself.
    OwnOpponent {
        /// Who.
        entrant: Entrant,
        /// In which round.
        round: u32,
    },
    /// A participant is paired with someone who is not a participant.
    UnknownOpponent {
        /// Who.
        entrant: Entrant,
        /// In which round.
        round: u32,
        /// The opponent named.
        opponent: Entrant,
    },
    /// The opponent's round names someone else, or nobody.
    NotMutual {
        /// Who.
        entrant: Entrant,
        /// In which round.
        round: u32,
        /// The opponent named.
        opponent: Entrant,
    },
    /// Both sides name each other but tell the match differently (the
    /// same side, results that do not mirror, a set score on one side
    /// only, or one side's result still pending).
    Disagrees {
        /// Who.
        entrant: Entrant,
        /// In which round.
        round: u32,
        /// The opponent.
        opponent: Entrant,
    },
    /// The pairing-allocated bye given to more than one participant in
    /// one round (a pairing leaves at most one over).
    ByeTwice {
        /// The round.
        round: u32,
    },
    /// Pairs met so many times that direct encounter's exact average
    /// does not fit in 128 bits.
    TooLarge,
}

impl std::fmt::Display for StandingsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            StandingsError::Repeated(e) => write!(f, "starting number {} is given twice", e.0),
            StandingsError::UnevenRounds {
                entrant,
                rounds,
                expected,
            } => write!(
                f,
                "player {} has {rounds} rounds, the others {expected}",
                entrant.0
            ),
            StandingsError::OwnOpponent { entrant, round } => {
                write!(f, "player {} meets themself in round {round}", entrant.0)
            }
            StandingsError::UnknownOpponent {
                entrant,
                round,
                opponent,
            } => write!(
                f,
                "player {} meets player {} in round {round}, who is not entered",
                entrant.0, opponent.0
            ),
            StandingsError::NotMutual {
                entrant,
                round,
                opponent,
            } => write!(
                f,
                "player {} meets player {} in round {round}, who does not meet them",
                entrant.0, opponent.0
            ),
            StandingsError::Disagrees {
                entrant,
                round,
                opponent,
            } => write!(
                f,
                "players {} and {} tell their round {round} differently",
                entrant.0, opponent.0
            ),
            StandingsError::ByeTwice { round } => write!(
                f,
                "more than one player has the pairing-allocated bye in round {round}"
            ),
            StandingsError::TooLarge => write!(f, "pairs met too many times to compare"),
        }
    }
}

impl std::error::Error for StandingsError {}

/// The participants, checked: where each starting number is, and the
/// number of rounds.
pub(super) struct Field {
    pub index: HashMap<Entrant, usize>,
    pub rounds: usize,
}

/// Checks `participants` against each other.
pub(super) fn checked(participants: &[Participant]) -> Result<Field, StandingsError> {
    let mut index = HashMap::with_capacity(participants.len());
    for (i, p) in participants.iter().enumerate() {
        if index.insert(p.entrant, i).is_some() {
            return Err(StandingsError::Repeated(p.entrant));
        }
    }
    let rounds = participants.first().map_or(0, |p| p.history.rounds.len());
    for p in participants {
        if p.history.rounds.len() != rounds {
            return Err(StandingsError::UnevenRounds {
                entrant: p.entrant,
                rounds: p.history.rounds.len(),
                expected: rounds,
            });
        }
    }
    for r in 0..rounds {
        let number = r as u32 + 1;
        let mut allocated = 0;
        for p in participants {
            let mine = &p.history.rounds[r];
            if matches!(mine, Round::Bye(Bye::PairingAllocated)) {
                allocated += 1;
                if allocated > 1 {
                    return Err(StandingsError::ByeTwice { round: number });
                }
            }
            let Some(opponent) = mine.opponent() else {
                continue;
            };
            let (entrant, round) = (p.entrant, number);
            if opponent == entrant {
                return Err(StandingsError::OwnOpponent { entrant, round });
            }
            let &o = index
                .get(&opponent)
                .ok_or(StandingsError::UnknownOpponent {
                    entrant,
                    round,
                    opponent,
                })?;
            let theirs = &participants[o].history.rounds[r];
            if theirs.opponent() != Some(entrant) {
                return Err(StandingsError::NotMutual {
                    entrant,
                    round,
                    opponent,
                });
            }
            if !mirrored(mine, theirs) {
                return Err(StandingsError::Disagrees {
                    entrant,
                    round,
                    opponent,
                });
            }
        }
    }
    Ok(Field { index, rounds })
}

/// Whether two rounds that name each other tell the same match. A
/// forfeit's sides are not compared: a match not played gives no colour,
/// and a TRF file may write none.
fn mirrored(a: &Round, b: &Round) -> bool {
    let forfeit = matches!(a, Round::Forfeit { .. });
    if !forfeit && a.side().map(|s| s.other()) != b.side() {
        return false;
    }
    match (*a, *b) {
        (
            Round::Played {
                score: sa,
                sets: ta,
                ..
            },
            Round::Played {
                score: sb,
                sets: tb,
                ..
            },
        ) => {
            sa.other() == sb
                && match (ta, tb) {
                    (None, None) => true,
                    (Some(x), Some(y)) => x.won == y.lost && x.lost == y.won,
                    _ => false,
                }
        }
        // Both may have lost (neither appeared); both cannot have won.
        (Round::Forfeit { won: wa, .. }, Round::Forfeit { won: wb, .. }) => !(wa && wb),
        (Round::Pending { .. }, Round::Pending { .. }) => true,
        _ => false,
    }
}
