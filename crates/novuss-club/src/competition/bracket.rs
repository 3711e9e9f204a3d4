//! A bracket as it stands: the matches of a knock-out, a double
//! elimination or the knock-out after groups, each side found from the
//! results entered so far. The systems draw a [`Plan`] (which match
//! feeds which, in which round of the competition); this module resolves
//! it against the rounds paired, draws the next round from it and shows
//! it. Nothing of it is stored: the set-up, the entrants and the results
//! make it again, so a result corrected before the next round is paired
//! moves the winner on in its place.
//!
//! A side of a match is known once the match it comes from is decided.
//! A match is decided by its result (a forfeit too: a withdrawn entrant's
//! match is lost without play, as in a round robin), or without play
//! when only one side can be there: an opponent who will never come
//! because both sides of the match before were absent. Who breaks first
//! is tossed at the table in a knock-out (`../shared/seeds/000`,
//! "Starting a game"), so the first side named is only the better seed.

use serde::Serialize;

use crate::knockout::double::Part;
use crate::knockout::Source;
use crate::results::{Bye, Entrant, Side};

use super::{Competition, Outcome, Paired, Refusal, Rest, System};

/// A side of a match in the bracket as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Slot {
    /// The entrant who plays it.
    Entrant {
        /// Who.
        entrant: Entrant,
    },
    /// Not known yet: the winner (or loser) of a match not decided.
    Awaits {
        /// Where the side comes from.
        source: Source,
    },
    /// Nobody will come: both sides of the match it comes from were
    /// absent (or, for a grand final's reset, the winners' champion won
    /// the first final). The other side goes on without playing.
    Nobody,
}

/// One match of the bracket as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TieView {
    /// Its number in the bracket, from 1.
    pub number: u32,
    /// The competition's round it is played in.
    pub round: u32,
    /// Its part: the winners' bracket (a single knock-out is all of it),
    /// the losers' bracket, or the grand final and its reset.
    pub part: Part,
    /// Its round within its part, from 1: the column it is drawn in.
    pub column: u32,
    /// Whether it is the match for third place.
    pub third_place: bool,
    /// One side (the better seed, once both are known).
    pub a: Slot,
    /// The other.
    pub b: Slot,
    /// Its board in its round, once paired there.
    pub board: Option<u32>,
    /// Who went on, once decided (`None` also when nobody did).
    pub winner: Option<Entrant>,
}

/// A bracket as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BracketView {
    /// Its places: the smallest power of two that holds its field.
    pub places: u32,
    /// The columns of its winners' bracket; the last is the final's (for
    /// a double elimination, the winners' bracket's final).
    pub rounds: u32,
    /// The entrants by seed: the first is seed 1. After groups, the
    /// qualifiers in the order of the first knock-out round's matches.
    pub seeds: Vec<Entrant>,
    /// The seeds that go through the first round without playing.
    pub byes: Vec<u32>,
    /// The matches, in an order they can be played in.
    pub ties: Vec<TieView>,
}

/// One match as a system draws it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct PlanTie {
    pub number: u32,
    /// The competition's round it is played in.
    pub round: u32,
    pub part: Part,
    pub column: u32,
    pub a: Source,
    pub b: Source,
}

/// A bracket as a system draws it over its seeds.
#[derive(Clone, Debug)]
pub(super) struct Plan {
    pub places: u32,
    pub seeds: Vec<Entrant>,
    /// Seeds through the first round without playing.
    pub byes: Vec<u32>,
    /// Who rests with a pairing-allocated bye, and in which round: a
    /// bye of the bracket.
    pub rests: Vec<(u32, Source)>,
    pub ties: Vec<PlanTie>,
    pub third_place: Option<u32>,
    /// A grand final's reset: its side `b` is the first final's loser
    /// only if that loser is the winners' champion (the final's side
    /// `a`); otherwise nobody, and the reset is not played.
    pub reset: Option<(u32, u32)>,
}

/// What stands in a side: known to be somebody, known to be nobody, or
/// not known yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Known {
    Is(Entrant),
    Nobody,
    Unknown,
}

/// The plan resolved from the results: each match's sides and, once
/// decided, who went on and who went out.
pub(super) struct Resolved {
    pub plan: Plan,
    /// Per match: its sides, the better seed first.
    pub sides: Vec<(Known, Known)>,
    /// Per match: who went on and who went out, once decided.
    pub decided: Vec<Option<(Known, Known)>>,
    /// Per match: its board in its round, once paired.
    pub boards: Vec<Option<u32>>,
    /// Per match: whether it was played (a result in, not a walkover).
    pub played: Vec<bool>,
}

impl Resolved {
    pub(super) fn known(&self, s: Source) -> Known {
        match s {
            Source::Seed(k) => Known::Is(self.plan.seeds[(k - 1) as usize]),
            Source::WinnerOf(m) => self.decided[(m - 1) as usize].map_or(Known::Unknown, |d| d.0),
            Source::LoserOf(m) => self.decided[(m - 1) as usize].map_or(Known::Unknown, |d| d.1),
        }
    }
}

impl Competition {
    /// Whether the system's rounds are drawn by a bracket (and groups),
    /// so that each round is paired exactly as drawn.
    pub(super) fn drawn_exactly(&self) -> bool {
        matches!(
            self.setup.system,
            System::Knockout { .. }
                | System::DoubleElimination { .. }
                | System::GroupsThenKnockout { .. }
        )
    }

    /// The system's plan of its bracket, once it can be drawn.
    fn plan(&self) -> Option<Plan> {
        match self.setup.system {
            System::Knockout { third_place } => self.knockout_plan(third_place),
            System::DoubleElimination { reset } => self.double_plan(reset),
            System::GroupsThenKnockout {
                groups,
                cycles,
                third_place,
            } => self.groups_plan(groups, cycles, third_place),
            _ => None,
        }
    }

    pub(super) fn resolved(&self) -> Option<Resolved> {
        let plan = self.plan()?;
        let n = plan.ties.len();
        let mut r = Resolved {
            plan,
            sides: Vec::with_capacity(n),
            decided: Vec::with_capacity(n),
            boards: Vec::with_capacity(n),
            played: Vec::with_capacity(n),
        };
        for i in 0..n {
            let tie = r.plan.ties[i];
            let mut raw_b = r.known(tie.b);
            if let Some((final_tie, reset)) = r.plan.reset {
                if reset == tie.number {
                    // The reset is played only if the winners' champion
                    // lost the first final.
                    let f = &r.plan.ties[(final_tie - 1) as usize];
                    let champion = r.known(f.a);
                    if let Some((w, _)) = r.decided[(final_tie - 1) as usize] {
                        if w == champion {
                            raw_b = Known::Nobody;
                        }
                    }
                }
            }
            let (a, b) = self.better_first(r.known(tie.a), raw_b);
            let (outcome, board) = match (a, b) {
                (Known::Is(x), Known::Is(y)) => self.played(tie.round, x, y),
                _ => (None, None),
            };
            let result = match (a, b) {
                (Known::Unknown, _) | (_, Known::Unknown) => None,
                // Only one side can come: it goes on without playing.
                (Known::Is(x), Known::Nobody) | (Known::Nobody, Known::Is(x)) => {
                    Some((Known::Is(x), Known::Nobody))
                }
                (Known::Nobody, Known::Nobody) => Some((Known::Nobody, Known::Nobody)),
                (Known::Is(x), Known::Is(y)) => outcome.map(|(first, o)| {
                    let (f, s) = if first == x { (x, y) } else { (y, x) };
                    match self.winner(o) {
                        Some(Side::First) => (Known::Is(f), Known::Is(s)),
                        Some(Side::Second) => (Known::Is(s), Known::Is(f)),
                        // Both absent: neither goes on, both are out.
                        None => (Known::Nobody, Known::Nobody),
                    }
                }),
            };
            r.played.push(outcome.is_some());
            r.sides.push((a, b));
            r.decided.push(result);
            r.boards.push(board);
        }
        Some(r)
    }

    /// The two sides, the better seed (the earlier in the ranking) first.
    fn better_first(&self, a: Known, b: Known) -> (Known, Known) {
        match (a, b) {
            (Known::Is(x), Known::Is(y)) if self.rank_key(y) < self.rank_key(x) => (b, a),
            (Known::Nobody | Known::Unknown, Known::Is(_)) => (b, a),
            _ => (a, b),
        }
    }

    /// The board of round `round` where `x` meets `y`, its first-named
    /// entrant and its result once in.
    fn played(
        &self,
        round: u32,
        x: Entrant,
        y: Entrant,
    ) -> (Option<(Entrant, Outcome)>, Option<u32>) {
        let Some(r) = self.rounds.get((round - 1) as usize) else {
            return (None, None);
        };
        let found = r.boards.iter().enumerate().find(|(_, b)| {
            let (f, s) = (b.paired.first, b.paired.second);
            (f == x && s == y) || (f == y && s == x)
        });
        match found {
            Some((i, b)) => (b.outcome.map(|o| (b.paired.first, o)), Some(i as u32 + 1)),
            None => (None, None),
        }
    }

    /// Which side an outcome sends on; `None` when both were absent.
    pub(super) fn winner(&self, outcome: Outcome) -> Option<Side> {
        match outcome {
            Outcome::Sets { first, second } => match self.setup.format.check((first, second)) {
                Ok(novuss_core::MatchResult::First) => Some(Side::First),
                Ok(novuss_core::MatchResult::Second) => Some(Side::Second),
                // A bracket's format cannot end level (`Setup::checked`)
                // and every stored score was checked against it.
                _ => None,
            },
            Outcome::Forfeit { winner } => Some(winner),
            // A bracket's format cannot end level: a draw is refused.
            Outcome::Decided { winner } => winner,
            Outcome::BothAbsent => None,
            // Teams play no bracket (`Setup::checked`); were one read,
            // the board points would say who goes on.
            Outcome::Team { first, second } => match first.cmp(&second) {
                std::cmp::Ordering::Greater => Some(Side::First),
                std::cmp::Ordering::Less => Some(Side::Second),
                std::cmp::Ordering::Equal => None,
            },
        }
    }

    /// Round `round` as the bracket draws it: a board per match of the
    /// round whose two sides are entrants (in the plan's order: the top
    /// of the bracket first, the final before the match for third
    /// place), a rest per entrant with a bye of the bracket or a missing
    /// opponent. A reset that is not needed is not played, and nobody
    /// rests for it.
    pub(super) fn bracket_round(&self, round: u32) -> Result<super::pairing::Drawn, Refusal> {
        let r = self.resolved().ok_or(Refusal::TooFew)?;
        let mut pairs = Vec::new();
        let mut rests = Vec::new();
        for &(at, source) in &r.plan.rests {
            if at == round {
                if let Known::Is(entrant) = r.known(source) {
                    rests.push(Rest {
                        entrant,
                        bye: Bye::PairingAllocated,
                    });
                }
            }
        }
        let reset = r.plan.reset.map(|(_, t)| t);
        for (i, tie) in r.plan.ties.iter().enumerate() {
            if tie.round != round {
                continue;
            }
            match r.sides[i] {
                (Known::Is(a), Known::Is(b)) => pairs.push((a, b)),
                (Known::Is(_), Known::Nobody) if reset == Some(tie.number) => {}
                (Known::Is(a), Known::Nobody) => rests.push(Rest {
                    entrant: a,
                    bye: Bye::PairingAllocated,
                }),
                (Known::Nobody, Known::Nobody) => {}
                // The rounds before are complete when this one is drawn.
                _ => return Err(Refusal::RoundOpen { round: round - 1 }),
            }
        }
        rests.sort_by_key(|r| r.entrant);
        Ok((pairs, rests))
    }

    /// Whether `boards` and `rests` are round `round` as the bracket (or
    /// the groups' tables) draw it, in any order, either side named first.
    pub(super) fn check_drawn_pairing(
        &self,
        round: u32,
        boards: &[Paired],
        rests: &[Rest],
    ) -> Result<(), Refusal> {
        let (pairs, mut expected_rests) = self.drawn_round(round)?;
        let unordered = |a: Entrant, b: Entrant| if a < b { (a, b) } else { (b, a) };
        let mut want: Vec<_> = pairs.iter().map(|&(a, b)| unordered(a, b)).collect();
        let mut got: Vec<_> = boards
            .iter()
            .map(|b| unordered(b.first, b.second))
            .collect();
        want.sort_unstable();
        got.sort_unstable();
        let mut got_rests = rests.to_vec();
        got_rests.sort_by_key(|r| r.entrant);
        expected_rests.sort_by_key(|r| r.entrant);
        if want != got || got_rests != expected_rests {
            return Err(Refusal::NotTheBracket { round });
        }
        Ok(())
    }

    /// Whether a result `outcome` for board `board` of round `round` may
    /// stand: in a system drawn from results, once a later round is
    /// paired, only if every later round paired is still the one its
    /// results draw (the same winner goes on, the same loser drops to the
    /// losers' bracket, the same entrants come out of the groups).
    pub(super) fn check_later_rounds(
        &self,
        round: u32,
        board: u32,
        outcome: Outcome,
    ) -> Result<(), Refusal> {
        if !self.drawn_exactly() || self.rounds.len() as u32 <= round {
            return Ok(());
        }
        let mut next = self.clone();
        next.rounds[(round - 1) as usize].boards[(board - 1) as usize].outcome = Some(outcome);
        for later in round + 1..=self.rounds.len() as u32 {
            let r = &self.rounds[(later - 1) as usize];
            let boards: Vec<Paired> = r.boards.iter().map(|b| b.paired).collect();
            if next.check_drawn_pairing(later, &boards, &r.rests).is_err() {
                return Err(Refusal::DecidesLaterRound { round: later });
            }
        }
        Ok(())
    }

    /// The bracket as it stands: a knock-out's, a double elimination's,
    /// or the knock-out after groups once the groups are complete; `None`
    /// for other systems and before two entrants are in.
    pub fn bracket(&self) -> Option<BracketView> {
        let r = self.resolved()?;
        let slot = |k: Known, source: Source| match k {
            Known::Is(entrant) => Slot::Entrant { entrant },
            Known::Nobody => Slot::Nobody,
            Known::Unknown => Slot::Awaits { source },
        };
        let ties = r
            .plan
            .ties
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let (a, b) = r.sides[i];
                // Sides not known yet stay in the bracket's own order.
                let (sa, sb) = match (a, b) {
                    (Known::Unknown, _) | (_, Known::Unknown) => {
                        (slot(r.known(t.a), t.a), slot(r.known(t.b), t.b))
                    }
                    _ => (slot(a, t.a), slot(b, t.b)),
                };
                TieView {
                    number: t.number,
                    round: t.round,
                    part: t.part,
                    column: t.column,
                    third_place: r.plan.third_place == Some(t.number),
                    a: sa,
                    b: sb,
                    board: r.boards[i],
                    winner: match r.decided[i] {
                        Some((Known::Is(w), _)) => Some(w),
                        _ => None,
                    },
                }
            })
            .collect::<Vec<_>>();
        let rounds = ties
            .iter()
            .filter(|t| t.part == Part::Winners)
            .map(|t| t.column)
            .max()
            .unwrap_or(0);
        Some(BracketView {
            places: r.plan.places,
            rounds,
            seeds: r.plan.seeds,
            byes: r.plan.byes,
            ties,
        })
    }

    /// The last round a plan's matches are played in, the reset left out
    /// once it is known not to be needed.
    pub(super) fn bracket_last_round(&self) -> Option<u32> {
        let r = self.resolved()?;
        let skip = r.plan.reset.and_then(|(_, t)| {
            let i = (t - 1) as usize;
            matches!(r.sides[i], (Known::Is(_), Known::Nobody)).then_some(t)
        });
        r.plan
            .ties
            .iter()
            .filter(|t| Some(t.number) != skip)
            .map(|t| t.round)
            .max()
    }
}
