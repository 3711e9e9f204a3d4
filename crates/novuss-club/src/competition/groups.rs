//! Groups then knock-out, run as a competition: the field seeded into
//! groups by the snake (`crate::groups::snake`), each group a round robin
//! by the Berger tables, played side by side (every group's round `r` is
//! the competition's round `r`); then the top two of each group crossed
//! into a knock-out (`crate::groups::cross`), drawn once every group
//! match has its result.
//!
//! Two go through from each group, as the cross is drawn for: the
//! number is not a setting. A group's places are its round robin's
//! standings with the competition's tie-breaks (the direct encounter
//! first by default); a tie they leave is broken by the ranking (the
//! earlier pairing number goes through).
//!
//! The knock-out after the groups: its first round is the cross (each
//! group's winner against another group's runner-up), then a bracket
//! over the cross's winners (`crate::knockout::bracket`, the first
//! cross match's winner as its seed 1, and so on); with a number of
//! groups that is not a power of two, the top of that bracket waits a
//! round with a bye. The match for third place is played when both
//! semi-finals are in the same round.
//!
//! A format that can end level is refused (`Setup::checked`): the groups
//! could use one, but the knock-out cannot, and one format is set for
//! the whole competition.

use serde::Serialize;

use crate::groups::{cross, group_rounds, snake};
use crate::knockout::double::Part;
use crate::knockout::{bracket, Source};
use crate::results::{Bye, Entrant, History, Round};
use crate::round_robin::{Cycles, MAX_ENTRANTS};
use crate::standings::{standings, PairingMethod, Participant, Regulations, Standings};

use super::bracket::{Plan, PlanTie};
use super::{Competition, Refusal, Rest};

/// The fewest entrants a group has: with two, the group's one match
/// would decide both places and the cross would re-match them.
pub const MIN_GROUP: u32 = 3;
/// The most groups a competition has.
pub const MAX_GROUPS: u32 = 64;

/// A group as everyone sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GroupView {
    /// Its place in the order of the groups, from 0 (group A).
    pub group: u32,
    /// Its entrants, best seed first.
    pub entrants: Vec<Entrant>,
    /// Its table after the group matches so far.
    pub standings: Standings,
}

impl Competition {
    /// The entrants of each group, best seed first; why not, when the
    /// field cannot make `groups` groups of 3 to the Berger maximum.
    pub(super) fn group_field(&self, groups: u32) -> Result<Vec<Vec<Entrant>>, Refusal> {
        let seeds = self.seeds();
        let n = seeds.len() as u32;
        let refused = Refusal::GroupSizes {
            groups,
            entrants: n,
        };
        if groups == 0 || n < MIN_GROUP * groups || n.div_ceil(groups) > MAX_ENTRANTS {
            return Err(refused);
        }
        let drawn = snake(n, groups).map_err(|_| refused)?;
        Ok(drawn
            .into_iter()
            .map(|g| g.into_iter().map(|s| seeds[(s - 1) as usize]).collect())
            .collect())
    }

    /// Whether the groups can be drawn for the field (always, for other
    /// systems): said before a round is paired, rather than "finished".
    pub(super) fn groups_drawable(&self) -> Result<(), Refusal> {
        match self.setup.system {
            super::System::GroupsThenKnockout { groups, .. } => {
                self.group_field(groups).map(|_| ())
            }
            _ => Ok(()),
        }
    }

    /// The group stage's rounds: the longest group's Berger table.
    pub(super) fn group_stage_rounds(&self, groups: u32, cycles: Cycles) -> u32 {
        let Ok(field) = self.group_field(groups) else {
            return 0;
        };
        let per_cycle = |n: u32| n + n % 2 - 1;
        let longest = field
            .iter()
            .map(|g| per_cycle(g.len() as u32))
            .max()
            .unwrap_or(0);
        match cycles {
            Cycles::Single => longest,
            Cycles::Double => 2 * longest,
        }
    }

    /// How many of a groups-then-knock-out competition's rounds are the
    /// group stage's (those before the knock-out's first); `None` for
    /// other systems, and before the groups can be drawn.
    pub fn group_stage(&self) -> Option<u32> {
        let super::System::GroupsThenKnockout { groups, cycles, .. } = self.setup.system else {
            return None;
        };
        Some(self.group_stage_rounds(groups, cycles)).filter(|&n| n > 0)
    }

    /// Every round of the competition: the group stage's, then the
    /// knock-out's (the cross, then its bracket's rounds).
    pub(super) fn groups_round_count(&self, groups: u32, cycles: Cycles) -> u32 {
        let stage = self.group_stage_rounds(groups, cycles);
        if stage == 0 {
            return 0;
        }
        stage + 1 + groups.next_power_of_two().trailing_zeros()
    }

    /// Round `round` of the group stage: each group's Berger round over
    /// its seeds, the groups in order; a group's rest has no bye (as in a
    /// round robin), and a group that has played all its rounds sits out.
    pub(super) fn group_round(
        &self,
        groups: u32,
        cycles: Cycles,
        round: u32,
    ) -> Result<super::pairing::Drawn, Refusal> {
        let field = self.group_field(groups)?;
        let mut pairs = Vec::new();
        let mut rests = Vec::new();
        for members in &field {
            // Draw numbers are places in the group's list, best seed 1.
            let numbers: Vec<u32> = (1..=members.len() as u32).collect();
            let table = group_rounds(&numbers, cycles).map_err(|_| Refusal::GroupSizes {
                groups,
                entrants: self.seeds().len() as u32,
            })?;
            let Some(drawn) = table.get((round - 1) as usize) else {
                continue;
            };
            let at = |n: u32| members[(n - 1) as usize];
            pairs.extend(drawn.pairings.iter().map(|p| (at(p.first), at(p.second))));
            rests.extend(drawn.rests.map(|n| Rest {
                entrant: at(n),
                bye: Bye::Zero,
            }));
        }
        rests.sort_by_key(|r| r.entrant);
        Ok((pairs, rests))
    }

    /// Each group's table after the group rounds played so far; `None`
    /// before the groups can be drawn.
    pub fn groups(&self) -> Option<Vec<GroupView>> {
        let super::System::GroupsThenKnockout { groups, cycles, .. } = self.setup.system else {
            return None;
        };
        let field = self.group_field(groups).ok()?;
        let stage = self.group_stage_rounds(groups, cycles) as usize;
        let played = stage.min(self.rounds.len());
        let histories = self.histories();
        let regulations = Regulations {
            points: self.point_system(),
            tiebreaks: self.setup.tiebreaks.clone(),
            pairing: PairingMethod::Predetermined,
        };
        field
            .into_iter()
            .enumerate()
            .map(|(g, members)| {
                let participants: Vec<Participant> = members
                    .iter()
                    .map(|&e| {
                        let h = &histories[(e.0 - 1) as usize];
                        Participant {
                            entrant: e,
                            history: History {
                                rounds: h.rounds[..played].to_vec(),
                            },
                            rating: self.entrants[(e.0 - 1) as usize].entry.rating,
                        }
                    })
                    .collect();
                // A group's histories name only its own members (the
                // group rounds pair nobody across groups), so the
                // standings module accepts them.
                let table = standings(&participants, &regulations).ok()?;
                Some(GroupView {
                    group: g as u32,
                    entrants: members,
                    standings: table,
                })
            })
            .collect()
    }

    /// Whether every group round is paired and has its results.
    fn group_stage_complete(&self, groups: u32, cycles: Cycles) -> bool {
        let stage = self.group_stage_rounds(groups, cycles) as usize;
        stage > 0 && self.rounds.len() >= stage && self.rounds[..stage].iter().all(|r| r.complete())
    }

    /// The knock-out after the groups, once the group stage is complete:
    /// seeds are the qualifiers in the order of the cross's matches.
    pub(super) fn groups_plan(
        &self,
        groups: u32,
        cycles: Cycles,
        third_place: bool,
    ) -> Option<Plan> {
        if !self.group_stage_complete(groups, cycles) {
            return None;
        }
        let stage = self.group_stage_rounds(groups, cycles);
        let tables = self.groups()?;
        let qualifier = |group: u32, place: u32| -> Option<Entrant> {
            tables[group as usize]
                .standings
                .rows
                .get((place - 1) as usize)
                .map(|r| r.entrant)
        };
        let crossed = cross(groups);
        let mut seeds = Vec::with_capacity(2 * crossed.len());
        let mut ties = Vec::new();
        for (k, (x, y)) in crossed.iter().enumerate() {
            seeds.push(qualifier(x.group, x.place)?);
            seeds.push(qualifier(y.group, y.place)?);
            let k = k as u32;
            ties.push(PlanTie {
                number: k + 1,
                round: stage + 1,
                part: Part::Winners,
                column: 1,
                a: Source::Seed(2 * k + 1),
                b: Source::Seed(2 * k + 2),
            });
        }
        let g = crossed.len() as u32;
        let mut rests = Vec::new();
        let mut third = None;
        if g >= 2 {
            // The bracket over the cross's winners: its seed j is the
            // winner of the cross's match j, its matches numbered on.
            let b = bracket(g, false).ok()?;
            let moved = |s: Source| match s {
                Source::Seed(j) => Source::WinnerOf(j),
                Source::WinnerOf(m) => Source::WinnerOf(m + g),
                Source::LoserOf(m) => Source::LoserOf(m + g),
            };
            for t in &b.ties {
                ties.push(PlanTie {
                    number: t.number + g,
                    round: stage + 1 + t.round,
                    part: Part::Winners,
                    column: 1 + t.round,
                    a: moved(t.a),
                    b: moved(t.b),
                });
            }
            rests.extend(b.byes.iter().map(|&j| (stage + 2, Source::WinnerOf(j))));
            let last = *ties.last()?;
            let semi = |s: Source| match s {
                Source::WinnerOf(m) => ties
                    .get((m - 1) as usize)
                    .filter(|t| t.round + 1 == last.round)
                    .map(|t| t.number),
                _ => None,
            };
            if let (true, Some(x), Some(y)) = (third_place, semi(last.a), semi(last.b)) {
                let number = last.number + 1;
                ties.push(PlanTie {
                    number,
                    round: last.round,
                    part: Part::Winners,
                    column: last.column,
                    a: Source::LoserOf(x),
                    b: Source::LoserOf(y),
                });
                third = Some(number);
            }
        }
        Some(Plan {
            places: (2 * g).next_power_of_two(),
            seeds,
            byes: Vec::new(),
            rests,
            ties,
            third_place: third,
            reset: None,
        })
    }

    /// The standings of groups then knock-out: those in the knock-out by
    /// how far they went there (as a knock-out places), then those out in
    /// the groups by their group place (the groups' thirds share the
    /// places after the knock-out's, then the fourths, …). Before the
    /// knock-out is drawn, everyone by group place so far. Points are the
    /// match points of every match, groups and knock-out.
    pub(super) fn groups_standings(&self) -> Standings {
        let n = self.entrants.len();
        let at = |e: Entrant| (e.0 - 1) as usize;
        let mut points = vec![0u64; n];
        let p = self.point_system();
        for h in self.histories().iter().zip(&self.entrants) {
            points[at(h.1.entrant)] =
                h.0.rounds
                    .iter()
                    .map(|r| match r {
                        Round::Played { score, .. } => match score {
                            crate::results::Score::Win => p.win,
                            crate::results::Score::Draw => p.draw,
                            crate::results::Score::Loss => p.loss,
                        },
                        Round::Forfeit { won: true, .. } => p.win,
                        Round::Forfeit { won: false, .. } => p.forfeit_loss,
                        Round::Bye(Bye::PairingAllocated) => p.pairing_bye,
                        _ => 0,
                    })
                    .map(u64::from)
                    .sum();
        }
        let mut reach = vec![0u64; n];
        // Group places below every knock-out reach: the 1000s hold the
        // knock-out, a group place k is 1000 - k.
        if let Some(tables) = self.groups() {
            for t in &tables {
                for row in &t.standings.rows {
                    reach[at(row.entrant)] = 1000 - u64::from(*row.place.start()).min(999);
                }
            }
        }
        if let Some(r) = self.resolved() {
            let mut unused = vec![0u64; n];
            let ko = self.knockout_reach(&r, &mut unused);
            for e in r.plan.seeds.iter() {
                // Everyone drawn into the knock-out is above every group
                // place, by how far they went.
                reach[at(*e)] = 1000 + ko[at(*e)];
            }
        }
        self.placed_by(&reach, &points)
    }
}
