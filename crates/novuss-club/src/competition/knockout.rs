//! A knock-out competition: its bracket drawn over the seeds
//! (`crate::knockout::bracket`), each match's sides found from the results
//! entered so far, the next round drawn from them, and the places by how
//! far each entrant went.
//!
//! The bracket is drawn for the field entered before the first round,
//! seeded by the competition's ranking (rating, then order of entry): seed
//! `s` is the `s`-th of them. It is never stored: the set-up, the
//! entrants and the results make it again, so a result corrected before
//! the next round is paired moves the winner on in its place.
//!
//! A side of a match is known once the match it comes from is decided.
//! A match is decided by its result (a forfeit too: a withdrawn entrant's
//! match is lost without play, as in a round robin), or without play
//! when only one side can be there: a bye of the bracket's first round,
//! or an opponent who will never come because both sides of the match
//! before were absent. Who breaks first is tossed at the table in a
//! knock-out (`../shared/seeds/000`, "Starting a game"), so the first
//! side named is only the better seed.

use serde::Serialize;

use crate::knockout::{bracket, Bracket, Source};
use crate::results::{Bye, Entrant, Side};
use crate::standings::{Standing, Standings};

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
    /// absent. The other side goes on without playing.
    Nobody,
}

/// One match of the bracket as it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TieView {
    /// Its number in the bracket, from 1.
    pub number: u32,
    /// Its round.
    pub round: u32,
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

/// A knock-out's bracket as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BracketView {
    /// Its places: the smallest power of two that holds the field.
    pub places: u32,
    /// Its rounds; the last is the final's.
    pub rounds: u32,
    /// The entrants by seed: the first is seed 1.
    pub seeds: Vec<Entrant>,
    /// The seeds that go through the first round without playing.
    pub byes: Vec<u32>,
    /// The matches, round by round.
    pub ties: Vec<TieView>,
}

/// What stands in a side: known to be somebody, known to be nobody, or
/// not known yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Is(Entrant),
    Nobody,
    Unknown,
}

/// The bracket resolved from the results: each match's sides and,
/// once decided, who went on and who went out.
struct Resolved {
    bracket: Bracket,
    seeds: Vec<Entrant>,
    sides: Vec<(Known, Known)>,
    /// Per match: who went on and who went out, once decided.
    decided: Vec<Option<(Known, Known)>>,
    /// Per match: its board in its round, once paired.
    boards: Vec<Option<u32>>,
}

impl Competition {
    /// The seeds of a knock-out: the field entered for its first round in
    /// ranking order.
    /// Those who withdrew before it was drawn are not in it.
    fn seeds(&self) -> Vec<Entrant> {
        self.ranking()
            .into_iter()
            .filter(|&e| {
                let l = &self.entrants[(e.0 - 1) as usize];
                l.entered_for == 1 && l.withdrawn_from != Some(1)
            })
            .collect()
    }

    /// The rounds of the bracket for the field (none for fewer than two).
    pub(super) fn knockout_rounds(&self) -> u32 {
        let n = self.seeds().len() as u32;
        if n < 2 {
            return 0;
        }
        n.next_power_of_two().trailing_zeros()
    }

    fn resolved(&self) -> Option<Resolved> {
        let System::Knockout { third_place } = self.setup.system else {
            return None;
        };
        let seeds = self.seeds();
        let bracket = bracket(seeds.len() as u32, third_place).ok()?;
        let n = bracket.ties.len();
        let mut sides = Vec::with_capacity(n);
        let mut decided: Vec<Option<(Known, Known)>> = Vec::with_capacity(n);
        let mut boards = Vec::with_capacity(n);
        for tie in &bracket.ties {
            let side = |s: Source| match s {
                Source::Seed(k) => Known::Is(seeds[(k - 1) as usize]),
                Source::WinnerOf(m) => decided[(m - 1) as usize].map_or(Known::Unknown, |d| d.0),
                Source::LoserOf(m) => decided[(m - 1) as usize].map_or(Known::Unknown, |d| d.1),
            };
            let (a, b) = self.better_first(side(tie.a), side(tie.b));
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
            sides.push((a, b));
            decided.push(result);
            boards.push(board);
        }
        Some(Resolved {
            bracket,
            seeds,
            sides,
            decided,
            boards,
        })
    }

    /// The two sides, the better seed (the earlier in the ranking) first.
    fn better_first(&self, a: Known, b: Known) -> (Known, Known) {
        match (a, b) {
            (Known::Is(x), Known::Is(y)) if self.rank_of(y) < self.rank_of(x) => (b, a),
            (Known::Nobody | Known::Unknown, Known::Is(_)) => (b, a),
            _ => (a, b),
        }
    }

    fn rank_of(&self, e: Entrant) -> (std::cmp::Reverse<Option<u32>>, Entrant) {
        let l = &self.entrants[(e.0 - 1) as usize];
        (std::cmp::Reverse(l.entry.rating), e)
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
    fn winner(&self, outcome: Outcome) -> Option<Side> {
        match outcome {
            Outcome::Sets { first, second } => match self.setup.format.check((first, second)) {
                Ok(novuss_core::MatchResult::First) => Some(Side::First),
                Ok(novuss_core::MatchResult::Second) => Some(Side::Second),
                // A knock-out's format cannot end level (`Setup::checked`)
                // and every stored score was checked against it.
                _ => None,
            },
            Outcome::Forfeit { winner } => Some(winner),
            Outcome::BothAbsent => None,
        }
    }

    /// Round `round` of a knock-out as the bracket draws it: a board per
    /// match whose two sides are entrants (the final before the match for
    /// third place, the top of the bracket first), a rest per entrant
    /// who goes on without playing (a bye of the first round, or a
    /// missing opponent).
    pub(super) fn knockout_round(&self, round: u32) -> Result<super::pairing::Drawn, Refusal> {
        let r = self.resolved().ok_or(Refusal::TooFew)?;
        let mut pairs = Vec::new();
        let mut rests = Vec::new();
        if round == 1 {
            for &s in &r.bracket.byes {
                rests.push(Rest {
                    entrant: r.seeds[(s - 1) as usize],
                    bye: Bye::PairingAllocated,
                });
            }
        }
        for (i, tie) in r.bracket.ties.iter().enumerate() {
            if tie.round != round {
                continue;
            }
            match r.sides[i] {
                (Known::Is(a), Known::Is(b)) => pairs.push((a, b)),
                (Known::Is(a), Known::Nobody) => rests.push(Rest {
                    entrant: a,
                    bye: Bye::PairingAllocated,
                }),
                (Known::Nobody, Known::Nobody) => {}
                // The round before is complete when this one is drawn.
                _ => return Err(Refusal::RoundOpen { round: round - 1 }),
            }
        }
        rests.sort_by_key(|r| r.entrant);
        Ok((pairs, rests))
    }

    /// Whether `boards` and `rests` are round `round` as the bracket
    /// draws it (in any order, either side named first).
    pub(super) fn check_knockout_pairing(
        &self,
        round: u32,
        boards: &[Paired],
        rests: &[Rest],
    ) -> Result<(), Refusal> {
        let (pairs, expected_rests) = self.knockout_round(round)?;
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
        if want != got || got_rests != expected_rests {
            return Err(Refusal::NotTheBracket { round });
        }
        Ok(())
    }

    /// Whether a result `outcome` for board `board` of round `round` may
    /// stand: in a knock-out, once a later round is paired, only if it
    /// sends on the same entrant as before.
    pub(super) fn check_knockout_result(
        &self,
        round: u32,
        board: u32,
        outcome: Outcome,
    ) -> Result<(), Refusal> {
        if !matches!(self.setup.system, System::Knockout { .. })
            || self.rounds.len() as u32 <= round
        {
            return Ok(());
        }
        let b = &self.rounds[(round - 1) as usize].boards[(board - 1) as usize];
        let side = |o: Option<Outcome>| o.map(|o| self.winner(o));
        if side(b.outcome) != side(Some(outcome)) {
            return Err(Refusal::DecidesLaterRound { round: round + 1 });
        }
        Ok(())
    }

    /// A knock-out's bracket as it stands; `None` for other systems and
    /// before two entrants are in.
    pub fn bracket(&self) -> Option<BracketView> {
        let r = self.resolved()?;
        let slot = |k: Known, source: Source| match k {
            Known::Is(entrant) => Slot::Entrant { entrant },
            Known::Nobody => Slot::Nobody,
            Known::Unknown => Slot::Awaits { source },
        };
        let ties =
            r.bracket
                .ties
                .iter()
                .enumerate()
                .map(|(i, t)| {
                    let (a, b) = r.sides[i];
                    // Sides not known yet stay in the bracket's own order.
                    let (sa, sb) = match (a, b) {
                        (Known::Unknown, _) | (_, Known::Unknown) => {
                            let side = |s: Source| {
                                let k =
                                    match s {
                                        Source::Seed(k) => Known::Is(r.seeds[(k - 1) as usize]),
                                        Source::WinnerOf(m) => r.decided[(m - 1) as usize]
                                            .map_or(Known::Unknown, |d| d.0),
                                        Source::LoserOf(m) => r.decided[(m - 1) as usize]
                                            .map_or(Known::Unknown, |d| d.1),
                                    };
                                slot(k, s)
                            };
                            (side(t.a), side(t.b))
                        }
                        _ => (slot(a, t.a), slot(b, t.b)),
                    };
                    TieView {
                        number: t.number,
                        round: t.round,
                        third_place: r.bracket.third_place == Some(t.number),
                        a: sa,
                        b: sb,
                        board: r.boards[i],
                        winner: match r.decided[i] {
                            Some((Known::Is(w), _)) => Some(w),
                            _ => None,
                        },
                    }
                })
                .collect();
        Some(BracketView {
            places: r.bracket.places,
            rounds: r.bracket.places.trailing_zeros(),
            seeds: r.seeds,
            byes: r.bracket.byes.clone(),
            ties,
        })
    }

    /// A knock-out's places: the final's winner first, its loser second,
    /// then the match for third place's winner and loser (without one,
    /// the semi-finals' losers share third), then those out in each
    /// earlier round, later rounds first, sharing a place. Entrants still
    /// in share the places their round leads to. Points are shown, not
    /// ranked by: a match won (without play too) or a first-round bye is
    /// worth a win, a match lost a loss.
    pub(super) fn knockout_standings(&self) -> Standings {
        let p = self.setup.points;
        let Some(r) = self.resolved() else {
            let everyone = 1..=self.entrants.len() as u32;
            return Standings {
                tiebreaks: Vec::new(),
                rows: self
                    .ranking()
                    .into_iter()
                    .map(|entrant| Standing {
                        place: everyone.clone(),
                        entrant,
                        points: 0,
                        values: Vec::new(),
                    })
                    .collect(),
            };
        };
        let last = r.bracket.places.trailing_zeros();
        let at = |e: Entrant| (e.0 - 1) as usize;
        let mut points = vec![0u64; self.entrants.len()];
        for &s in &r.bracket.byes {
            points[at(r.seeds[(s - 1) as usize])] += u64::from(p.win);
        }
        // How far each entrant went, as a number that orders them: eight
        // steps a round, so that within the last two rounds the final's
        // and the third-place match's outcomes fit between. (A seed with a
        // first-round bye is a side of a second-round match from the
        // start, so every entrant in the bracket is on some match.)
        let mut reach = vec![0u32; self.entrants.len()];
        for (i, tie) in r.bracket.ties.iter().enumerate() {
            let third = r.bracket.third_place == Some(tie.number);
            let (a, b) = r.sides[i];
            for k in [a, b] {
                let Known::Is(e) = k else { continue };
                let base = if third { 8 * (last - 1) } else { 8 * tie.round };
                let v = match r.decided[i] {
                    None if third => base + 2,
                    None => base + 4,
                    Some((Known::Is(w), _)) if w == e => {
                        points[at(e)] += u64::from(p.win);
                        match (third, tie.round == last) {
                            (true, _) => base + 3,
                            (false, true) => base + 8,
                            // Through to the next round, where a later
                            // match places them (or none yet: still in).
                            (false, false) => base + 4,
                        }
                    }
                    Some(_) => {
                        points[at(e)] += u64::from(p.loss);
                        if third {
                            base + 1
                        } else {
                            base
                        }
                    }
                };
                reach[at(e)] = reach[at(e)].max(v);
            }
        }
        let mut order: Vec<Entrant> = self.ranking();
        order.sort_by_key(|&e| std::cmp::Reverse(reach[at(e)]));
        let mut rows = Vec::with_capacity(order.len());
        let mut i = 0;
        while i < order.len() {
            let v = reach[at(order[i])];
            let j = order[i..]
                .iter()
                .position(|&e| reach[at(e)] != v)
                .map_or(order.len(), |k| i + k);
            for &e in &order[i..j] {
                rows.push(Standing {
                    place: i as u32 + 1..=j as u32,
                    entrant: e,
                    points: points[at(e)],
                    values: Vec::new(),
                });
            }
            i = j;
        }
        Standings {
            tiebreaks: Vec::new(),
            rows,
        }
    }
}
