//! Points, and what each round is worth to the tie-breaks that read
//! opponents (C.07 Article 16, the 2024 edition):
//!
//! - a *voluntary unplayed round* (VUR, 16.1) is a requested bye (half-
//!   or zero-point; every round after a withdrawal is one) or a forfeit
//!   loss; a full-point or pairing-allocated bye is not;
//! - as someone's opponent, a participant counts with the *adjusted
//!   score* (16.3): every round at its points, except a requested bye
//!   followed only by VURs, or in the last round (category 5 of 16.2),
//!   which counts as a draw;
//! - a participant's own unplayed round counts as a game against a dummy
//!   opponent whose score is the participant's own final score (16.4,
//!   with no cap in this edition).
//!
//! A pending round (paired, result not in) is left out of everything,
//! and is not a VUR: a requested bye before one is category 3.

use std::collections::HashMap;

use crate::results::{Bye, Entrant, Round};
use crate::swiss::PointSystem;

use super::check::Field;
use super::regulations::{PairingMethod, Participant, Regulations};

/// The points a round is worth under `p`; nothing while pending. The
/// Dutch system's own reckoning (`swiss::round_points`), widened for the
/// sums the tie-breaks make.
pub(super) fn round_points(round: &Round, p: &PointSystem) -> u64 {
    u64::from(crate::swiss::round_points(round, p))
}

/// Whether a round is a voluntary unplayed round (16.1).
pub(super) fn voluntary(round: &Round) -> bool {
    matches!(
        round,
        Round::Bye(Bye::Half | Bye::Zero) | Round::Forfeit { won: false, .. }
    )
}

/// Whether round `at` is a requested bye followed only by VURs, or in
/// the last round (category 5 of 16.2): a draw to the opponents.
fn counts_as_draw(rounds: &[Round], at: usize) -> bool {
    matches!(rounds[at], Round::Bye(Bye::Half | Bye::Zero))
        && rounds[at + 1..].iter().all(voluntary)
}

/// One round as an opponent-based tie-break reads it: the opponent's
/// score (a real opponent's adjusted score, or the dummy's), the points
/// the participant scored, and whether it was a VUR.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Line {
    pub opponent_score: u64,
    pub points: u64,
    pub voluntary: bool,
}

/// Everything the tie-breaks read, computed once.
pub(super) struct Table<'a> {
    pub participants: &'a [Participant],
    pub index: HashMap<Entrant, usize>,
    pub rounds: usize,
    pub points: PointSystem,
    pub pairing: PairingMethod,
    /// Each participant's score, by position in `participants`.
    pub score: Vec<u64>,
    /// Each participant's adjusted score (16.3).
    pub adjusted: Vec<u64>,
}

impl<'a> Table<'a> {
    pub fn new(participants: &'a [Participant], field: &Field, regulations: &Regulations) -> Self {
        let p = regulations.points;
        let score = participants
            .iter()
            .map(|x| {
                x.history
                    .rounds
                    .iter()
                    .fold(0u64, |s, r| s.saturating_add(round_points(r, &p)))
            })
            .collect();
        let adjusted = participants
            .iter()
            .map(|x| {
                let rounds = &x.history.rounds;
                (0..rounds.len()).fold(0u64, |s, at| {
                    let worth = if counts_as_draw(rounds, at) {
                        u64::from(p.draw)
                    } else {
                        round_points(&rounds[at], &p)
                    };
                    s.saturating_add(worth)
                })
            })
            .collect();
        Table {
            participants,
            index: field.index.clone(),
            rounds: field.rounds,
            points: p,
            pairing: regulations.pairing,
            score,
            adjusted,
        }
    }

    /// The position of an opponent (checked to exist).
    pub fn at(&self, e: Entrant) -> Option<usize> {
        self.index.get(&e).copied()
    }

    /// Participant `i`'s rounds as Buchholz and Sonneborn-Berger read
    /// them. In a Swiss every unplayed round (byes, forfeits) is against
    /// the dummy; with pre-determined pairings a forfeit is against the
    /// scheduled opponent and a rest round gives no line at all.
    pub fn lines(&self, i: usize) -> Vec<Line> {
        let own = self.score[i];
        let dummy = |r: &Round| Line {
            opponent_score: own,
            points: round_points(r, &self.points),
            voluntary: voluntary(r),
        };
        let mut out = Vec::with_capacity(self.rounds);
        for r in &self.participants[i].history.rounds {
            let line = match *r {
                Round::Pending { .. } => None,
                Round::Played { opponent, .. } => self.against(opponent, r),
                Round::Forfeit { opponent, .. } => match self.pairing {
                    PairingMethod::Predetermined => self.against(opponent, r),
                    PairingMethod::Swiss => Some(dummy(r)),
                },
                Round::Bye(_) => match self.pairing {
                    PairingMethod::Predetermined => None,
                    PairingMethod::Swiss => Some(dummy(r)),
                },
            };
            out.extend(line);
        }
        out
    }

    fn against(&self, opponent: Entrant, r: &Round) -> Option<Line> {
        let o = self.at(opponent)?;
        Some(Line {
            opponent_score: self.adjusted[o],
            points: round_points(r, &self.points),
            voluntary: false,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::results::{Score, Side};

    fn played(score: Score) -> Round {
        Round::Played {
            opponent: Entrant(9),
            side: Side::First,
            score,
            sets: None,
        }
    }

    #[test]
    fn a_requested_bye_is_a_draw_to_opponents_only_when_nothing_but_vurs_follow() {
        let zero = Round::Bye(Bye::Zero);
        let lost = Round::Forfeit {
            opponent: Entrant(9),
            side: Side::First,
            won: false,
        };
        let pending = Round::Pending {
            opponent: Entrant(9),
            side: Side::First,
        };
        // Withdrew: every bye to the end is category 5.
        let withdrew = [played(Score::Win), zero, lost, zero];
        assert!(!counts_as_draw(&withdrew, 0));
        assert!(counts_as_draw(&withdrew, 1));
        assert!(counts_as_draw(&withdrew, 3));
        // Came back: category 3, its own points.
        assert!(!counts_as_draw(&[zero, played(Score::Loss)], 0));
        // A pending round is not a VUR.
        assert!(!counts_as_draw(&[zero, pending], 0));
        // A full-point bye is never a requested bye of category 5.
        assert!(!counts_as_draw(&[Round::Bye(Bye::Full)], 0));
    }
}
