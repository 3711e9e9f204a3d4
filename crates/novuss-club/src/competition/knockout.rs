//! A knock-out competition: its bracket drawn over the seeds
//! (`crate::knockout::bracket`), resolved from the results as every
//! bracket is (`bracket.rs`), and the places by how far each entrant
//! went.
//!
//! The bracket is drawn for the field entered before the first round,
//! seeded by the competition's ranking (rating, then order of entry): seed
//! `s` is the `s`-th of them.

use crate::knockout::double::Part;
use crate::knockout::{bracket, Source};
use crate::results::Entrant;
use crate::standings::{Standing, Standings};

use super::bracket::{Known, Plan, PlanTie, Resolved};
use super::Competition;

impl Competition {
    /// The seeds of a bracket: the field entered for its first round in
    /// ranking order.
    /// Those who withdrew before it was drawn are not in it.
    pub(super) fn seeds(&self) -> Vec<Entrant> {
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

    /// A single knock-out's plan: the bracket's rounds are the
    /// competition's, its first-round byes rest in round 1.
    pub(super) fn knockout_plan(&self, third_place: bool) -> Option<Plan> {
        let seeds = self.seeds();
        let b = bracket(seeds.len() as u32, third_place).ok()?;
        Some(Plan {
            places: b.places,
            rests: b.byes.iter().map(|&s| (1, Source::Seed(s))).collect(),
            byes: b.byes,
            seeds,
            ties: b
                .ties
                .iter()
                .map(|t| PlanTie {
                    number: t.number,
                    round: t.round,
                    part: Part::Winners,
                    column: t.round,
                    a: t.a,
                    b: t.b,
                })
                .collect(),
            third_place: b.third_place,
            reset: None,
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
        let Some(r) = self.resolved() else {
            return self.placed_by(&vec![0; self.entrants.len()], &vec![0; self.entrants.len()]);
        };
        let mut points = vec![0u64; self.entrants.len()];
        let reach = self.knockout_reach(&r, &mut points);
        self.placed_by(&reach, &points)
    }

    /// How far each entrant went in a single-elimination plan, as a
    /// number that orders them (0 for those not in it), adding the match
    /// points won there to `points`: eight steps a column, so that within
    /// the last two columns the final's and the third-place match's
    /// outcomes fit between. (A seed with a bye is a side of a later
    /// match from the start, so every entrant in the bracket is on some
    /// match.)
    pub(super) fn knockout_reach(&self, r: &Resolved, points: &mut [u64]) -> Vec<u64> {
        let p = self.setup.points;
        let at = |e: Entrant| (e.0 - 1) as usize;
        for &(_, s) in &r.plan.rests {
            if let Known::Is(e) = r.known(s) {
                points[at(e)] += u64::from(p.win);
            }
        }
        let last = r.plan.ties.iter().map(|t| t.column).max().unwrap_or(1);
        let mut reach = vec![0u64; self.entrants.len()];
        for (i, tie) in r.plan.ties.iter().enumerate() {
            let third = r.plan.third_place == Some(tie.number);
            let (a, b) = r.sides[i];
            for k in [a, b] {
                let Known::Is(e) = k else { continue };
                let base = 8 * u64::from(if third { last - 1 } else { tie.column });
                let v = match r.decided[i] {
                    None if third => base + 2,
                    None => base + 4,
                    Some((Known::Is(w), _)) if w == e => {
                        points[at(e)] += u64::from(p.win);
                        match (third, tie.column == last) {
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
        reach
    }

    /// The standings of a system that places by how far each entrant
    /// went: the higher `reach`, the better; equal reaches share a place,
    /// listed in ranking order. No tie-breaks: there is nothing to break.
    pub(super) fn placed_by(&self, reach: &[u64], points: &[u64]) -> Standings {
        let at = |e: Entrant| (e.0 - 1) as usize;
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
