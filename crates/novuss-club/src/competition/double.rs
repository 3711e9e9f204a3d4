//! A double-elimination competition: the double bracket
//! (`crate::knockout::double`) over the seeds, resolved from the results
//! as every bracket is (`bracket.rs`), and the places.
//!
//! Rounds. Each round of the competition holds every match whose sides
//! can be known once the round before is complete: a winners' bracket
//! match in its own round (as in a single knock-out, so the winners'
//! bracket keeps its pace and its byes stay in round 1), a losers'
//! bracket match in the round after the later of the two matches it is
//! fed from. So a winners' round and a losers' round are played side by
//! side, and the competition has as few rounds as the bracket allows
//! (its longest chain of matches: eight entrants play in seven rounds
//! with the reset, six without). The winners' bracket's champion waits
//! while the losers' bracket finishes.

use crate::knockout::double::{double_bracket, Part};
use crate::knockout::Source;
use crate::results::Entrant;
use crate::standings::Standings;

use super::bracket::{Known, Plan, PlanTie};
use super::Competition;

impl Competition {
    /// A double elimination's plan, with each match in the competition's
    /// round of the module's documentation.
    pub(super) fn double_plan(&self, reset: bool) -> Option<Plan> {
        let seeds = self.seeds();
        let b = double_bracket(seeds.len() as u32, reset).ok()?;
        let mut rounds: Vec<u32> = Vec::with_capacity(b.ties.len());
        let mut ties = Vec::with_capacity(b.ties.len());
        for t in &b.ties {
            let after = |s: Source| match s {
                Source::Seed(_) => 0,
                Source::WinnerOf(m) | Source::LoserOf(m) => rounds[(m - 1) as usize],
            };
            let fed = 1 + after(t.a).max(after(t.b));
            let round = if t.part == Part::Winners {
                fed.max(t.round)
            } else {
                fed
            };
            rounds.push(round);
            ties.push(PlanTie {
                number: t.number,
                round,
                part: t.part,
                column: t.round,
                a: t.a,
                b: t.b,
            });
        }
        Some(Plan {
            places: b.places,
            rests: b.byes.iter().map(|&s| (1, Source::Seed(s))).collect(),
            byes: b.byes,
            seeds,
            ties,
            third_place: None,
            reset: b.reset.map(|r| (b.grand_final, r)),
        })
    }

    /// A double elimination's places: the grand final's winner (its
    /// reset's, when played) first, its loser second, the losers'
    /// bracket final's loser third, then those out in each earlier
    /// losers' round, later rounds first, sharing a place. Entrants still
    /// in share the places their round leads to. Points as in a
    /// knock-out: a match won (without play too) or a first-round bye is
    /// worth a win, a match lost a loss; a reset not needed is no match.
    pub(super) fn double_standings(&self) -> Standings {
        let n = self.entrants.len();
        let Some(r) = self.resolved() else {
            return self.placed_by(&vec![0; n], &vec![0; n]);
        };
        let p = self.setup.points;
        let at = |e: Entrant| (e.0 - 1) as usize;
        let mut points = vec![0u64; n];
        for &(_, s) in &r.plan.rests {
            if let Known::Is(e) = r.known(s) {
                points[at(e)] += u64::from(p.win);
            }
        }
        let last_losers = r
            .plan
            .ties
            .iter()
            .filter(|t| t.part == Part::Losers)
            .map(|t| u64::from(t.column))
            .max()
            .unwrap_or(0);
        // Four steps a losers' round (out there, or still in); the final
        // part above them all.
        let (second, first) = (4 * last_losers + 10, 4 * last_losers + 12);
        let (grand_final, reset) = r.plan.reset.unwrap_or((0, 0));
        let champion_side = r
            .plan
            .ties
            .iter()
            .find(|t| t.part == Part::Final && t.column == 1)
            .map(|t| r.known(t.a));
        // Who has lost in the winners' bracket: until then an entrant is
        // above everyone in the losers' bracket.
        let mut dropped = vec![false; n];
        for (i, tie) in r.plan.ties.iter().enumerate() {
            if let (Part::Winners, Some((_, Known::Is(loser)))) = (tie.part, r.decided[i]) {
                dropped[at(loser)] = true;
            }
        }
        let unbeaten = 4 * last_losers + 4;
        let mut reach = vec![0u64; n];
        for (i, tie) in r.plan.ties.iter().enumerate() {
            let (a, b) = r.sides[i];
            let not_needed = tie.number == reset && b == Known::Nobody;
            let winner = match r.decided[i] {
                Some((Known::Is(w), _)) => Some(w),
                _ => None,
            };
            for k in [a, b] {
                let Known::Is(e) = k else { continue };
                if let Some(d) = r.decided[i] {
                    if !not_needed {
                        let won = d.0 == k;
                        points[at(e)] += u64::from(if won { p.win } else { p.loss });
                    }
                }
                let column = u64::from(tie.column);
                let v = match tie.part {
                    // Unbeaten: above the losers' bracket, below the
                    // grand final (a loss there is placed by the
                    // losers' match it leads to).
                    Part::Winners if dropped[at(e)] => 1,
                    Part::Winners => unbeaten,
                    Part::Losers => match r.decided[i] {
                        Some(_) if winner != Some(e) => 4 * column,
                        _ => 4 * column + 2,
                    },
                    Part::Final => {
                        // The first final decides only when the winners'
                        // champion wins it, or when there is no reset.
                        let decisive = tie.number != grand_final
                            || reset == 0
                            || winner.is_some() && champion_side == winner.map(Known::Is);
                        match winner {
                            Some(w) if w == e && decisive => first,
                            _ => second,
                        }
                    }
                };
                reach[at(e)] = reach[at(e)].max(v);
            }
        }
        self.placed_by(&reach, &points)
    }
}
