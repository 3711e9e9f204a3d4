//! The next round's pairing, as the competition's system makes it: the
//! Berger table's round for a round robin (C.05 Annex 1), the Dutch
//! system for a Swiss (C.04.3), the bracket's round for a knock-out
//! (`knockout.rs`); then the tables (`tables.rs`). What comes
//! out is a [`Change::Pair`], which the server stores as it is.

use std::collections::HashMap;

use super::{Change, Competition, Paired, Refusal, Rest, System};
use crate::results::{Bye, Entrant, History};
use crate::round_robin::berger;
use crate::swiss::{pair_dutch, Competitor, Field};

/// A round as a system draws it: the pairs, the top board first, and who
/// rests.
pub(super) type Drawn = (Vec<(Entrant, Entrant)>, Vec<Rest>);

impl Competition {
    /// The pairing numbers: every entrant in the order the systems rank
    /// them (the first is number 1): the organiser's seeds by hand in
    /// their order, if they gave them ([`Change::Seed`]); then rating,
    /// higher first, an unrated entrant after the rated, then the order
    /// of entry (FIDE C.04.2: starting rank by rating, then as the
    /// regulations say).
    pub fn ranking(&self) -> Vec<Entrant> {
        let mut order: Vec<Entrant> = self.entrants.iter().map(|l| l.entrant).collect();
        order.sort_by_cached_key(|&e| self.rank_key(e));
        order
    }

    /// Where `e` stands in [`Competition::ranking`], as a key that sorts
    /// the best first: the organiser's seeds first, in their order;
    /// everyone else (all, without a seeding; a late entrant, after one)
    /// by rating, then order of entry.
    pub(super) fn rank_key(&self, e: Entrant) -> (usize, std::cmp::Reverse<Option<u32>>, Entrant) {
        let seed = self.seeding.iter().position(|&s| s == e);
        let rating =
            e.0.checked_sub(1)
                .and_then(|i| self.entrants.get(i as usize))
                .and_then(|l| l.entry.rating);
        (seed.unwrap_or(usize::MAX), std::cmp::Reverse(rating), e)
    }

    /// The organiser's seeding by hand, seed 1 first; empty when the
    /// ranking is by rating.
    pub fn seeding(&self) -> &[Entrant] {
        &self.seeding
    }

    /// Each entrant's pairing number: their place in [`Competition::ranking`],
    /// from 1, as the Dutch engine and a TRF file number them.
    pub fn pairing_numbers(&self) -> HashMap<Entrant, Entrant> {
        self.ranking()
            .iter()
            .enumerate()
            .map(|(i, &e)| (e, Entrant(i as u32 + 1)))
            .collect()
    }

    /// The next round's pairing, or why it cannot be made now.
    pub fn pair_next(&self) -> Result<Change, Refusal> {
        let round = self.rounds.len() as u32 + 1;
        if let Some(last) = self.rounds.last() {
            if !last.complete() {
                return Err(Refusal::RoundOpen { round: last.number });
            }
        }
        if self.entrants.len() < 2 {
            return Err(Refusal::TooFew);
        }
        self.groups_drawable()?;
        if round > self.round_count() {
            return Err(Refusal::Finished);
        }
        let (pairs, rests) = match self.setup.system {
            System::RoundRobin { cycles } => self.berger_round(round, cycles)?,
            System::Swiss { .. } => self.dutch_round(round)?,
            System::Knockout { .. } | System::DoubleElimination { .. } => {
                self.bracket_round(round)?
            }
            System::GroupsThenKnockout { .. } => self.drawn_round(round)?,
        };
        let boards = self.seated(&pairs);
        Ok(Change::Pair {
            round,
            boards,
            rests,
        })
    }

    /// Round `round` of a system drawn exactly: a bracket's round, or a
    /// groups' round then the knock-out's after them.
    pub(super) fn drawn_round(&self, round: u32) -> Result<Drawn, Refusal> {
        match self.setup.system {
            System::GroupsThenKnockout { groups, cycles, .. } => {
                self.group_field(groups)?;
                if round <= self.group_stage_rounds(groups, cycles) {
                    self.group_round(groups, cycles, round)
                } else {
                    self.bracket_round(round)
                }
            }
            _ => self.bracket_round(round),
        }
    }

    /// Round `round` of the Berger table drawn over the entrants in
    /// ranking order (the round robin's field is closed at its first
    /// round).
    fn berger_round(
        &self,
        round: u32,
        cycles: crate::round_robin::Cycles,
    ) -> Result<Drawn, Refusal> {
        let field: Vec<Entrant> = self
            .ranking()
            .into_iter()
            .filter(|&e| self.entrants[(e.0 - 1) as usize].entered_for == 1)
            .collect();
        let table = berger(field.len() as u32, cycles).map_err(|_| Refusal::TooFew)?;
        let drawn = table.get((round - 1) as usize).ok_or(Refusal::Finished)?;
        let at = |n: u32| field[(n - 1) as usize];
        let pairs = drawn
            .pairings
            .iter()
            .map(|p| (at(p.first), at(p.second)))
            .collect();
        let rests = drawn
            .rests
            .map(|n| Rest {
                entrant: at(n),
                bye: Bye::Zero,
            })
            .into_iter()
            .collect();
        Ok((pairs, rests))
    }

    /// Round `round` by the Dutch system, over the entrants renumbered by
    /// ranking (the engine ranks by number), those absent this round with
    /// the byes they asked for.
    fn dutch_round(&self, round: u32) -> Result<Drawn, Refusal> {
        let ranking = self.ranking();
        let number = self.pairing_numbers();
        let histories = self.histories();
        let renumbered = |h: &History| History {
            rounds: h
                .rounds
                .iter()
                .map(|r| r.with_opponent(|o| number[&o]))
                .collect(),
        };
        let asked = |e: Entrant| {
            self.requested
                .iter()
                .find(|r| r.entrant == e && r.round == round)
                .map(|r| r.bye)
        };
        let mut rests = Vec::new();
        let competitors = ranking
            .iter()
            .map(|&e| {
                let absent = !self.available(e, round) || asked(e).is_some();
                if let Some(bye) = asked(e).filter(|_| self.available(e, round)) {
                    rests.push(Rest { entrant: e, bye });
                }
                Competitor {
                    entrant: number[&e],
                    history: renumbered(&histories[(e.0 - 1) as usize]),
                    absent,
                }
            })
            .collect();
        let field = Field {
            competitors,
            played: round - 1,
            rounds: self.round_count(),
            initial: crate::results::Side::First,
            points: self.point_system(),
        };
        // The histories are the competition's own, every opponent one of
        // its entrants; what else the engine can refuse is a field it
        // cannot pair.
        let made = pair_dutch(&field).map_err(|_| Refusal::NoPairing)?;
        let back = |n: Entrant| ranking[(n.0 - 1) as usize];
        if let Some(b) = made.bye {
            rests.push(Rest {
                entrant: back(b),
                bye: Bye::PairingAllocated,
            });
        }
        rests.sort_by_key(|r| r.entrant);
        let pairs = made
            .pairs
            .iter()
            .map(|&(w, b)| (back(w), back(b)))
            .collect();
        Ok((pairs, rests))
    }

    /// The boards of `pairs` (top first) at tables: nobody at the table
    /// they had last round when it can be avoided (`tables::assign`).
    fn seated(&self, pairs: &[(Entrant, Entrant)]) -> Vec<Paired> {
        // A team match takes a block of tables, one per board: the blocks
        // are seated as single tables are, each named by its first table.
        let span = self.setup.teams.map_or(1, |r| r.boards).max(1);
        let blocks = (self.setup.tables / span).max(1);
        let mut previous = HashMap::new();
        if let Some(last) = self.rounds.last() {
            for b in &last.boards {
                if let Some(t) = b.paired.table {
                    let block = (t - 1) / span + 1;
                    previous.insert(b.paired.first.0, block);
                    previous.insert(b.paired.second.0, block);
                }
            }
        }
        let list: Vec<[u32; 2]> = pairs.iter().map(|&(a, b)| [a.0, b.0]).collect();
        let seating = crate::tables::assign(&list, blocks, &previous);
        pairs
            .iter()
            .enumerate()
            .map(|(i, &(first, second))| Paired {
                first,
                second,
                table: seating.tables.get(i).map(|&block| (block - 1) * span + 1),
            })
            .collect()
    }
}
