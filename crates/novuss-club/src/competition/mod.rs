//! A competition as its organiser runs it: the set-up, the entrants, the
//! rounds paired and their results, changed only by [`Change`]s, each
//! checked before it is applied ([`Competition::apply`]: a refused change
//! leaves the competition as it was).
//!
//! The server stores the changes in order and rebuilds a competition by
//! applying them again, so what is stored is what happened and the state
//! is derived: the histories that pairings and standings read
//! ([`Competition::histories`]), the next round's pairing
//! ([`Competition::pair_next`]).
//!
//! Entrants are numbered in the order they entered ([`Entrant`] 1, 2, …)
//! and keep that number. The pairing number the systems rank by (FIDE's
//! starting rank, C.04.2) is derived: rating first, higher first, then the
//! order of entry ([`Competition::ranking`]); a late entrant of a Swiss
//! takes their place in it, as C.04.2 lets an arbiter renumber.

mod bracket;
mod change;
mod conduct;
mod double;
mod entry_file;
mod groups;
mod knockout;
mod limits;
mod pairing;
mod pairing_file;
mod played;
mod protocol;
mod refusal;
mod setup;
mod standings;
mod teams;
mod trf;
mod trf_import;

use serde::Serialize;

use crate::entries::{Entry, Member};
use crate::results::{Bye, Entrant, History, Round, Score, Sets, Side};

pub use bracket::{BracketView, Slot, TieView};
pub use change::{Change, Outcome, Paired, Rest};
pub use conduct::{Conduct, Penalty};
pub use entry_file::FileProblem;
pub use groups::{GroupView, MAX_GROUPS, MIN_GROUP};
pub use limits::{MAX_SWISS_ROUNDS, MAX_TABLES, MAX_TEXT};
pub use pairing_file::{pairing_sheet, Named, PairingRow, PairingSheet};
pub use played::PlayedMatch;
pub use protocol::{
    AtTable, Recorder, SetRecord, Step, TableMatch, TableProtocol, MAX_ENTRY_ID, MAX_PENALTY_DISCS,
    MAX_TABLE_STEPS,
};
pub use refusal::Refusal;
pub use setup::{
    club_key, club_name, Day, NextRound, Play, Setup, System, MAX_GRACE_SECS, MAX_INTERVAL_SECS,
};
pub use trf_import::trf_setup;

/// An entrant as the competition lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    /// Their number, in the order of entry.
    pub entrant: Entrant,
    /// Who they are.
    pub entry: Entry,
    /// The first round they are not paired in, once they withdrew.
    pub withdrawn_from: Option<u32>,
    /// The first round they could be paired in (1, or the round after
    /// those paired when they entered late).
    pub entered_for: u32,
}

/// A board of a round, with its result once it is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// Who meets whom, and where.
    #[serde(flatten)]
    pub paired: Paired,
    /// The result, once it is in.
    pub outcome: Option<Outcome>,
    /// Whether the pairing itself decided it (a withdrawn entrant's match
    /// in a round robin): such a result does not stop the pairing being
    /// taken back.
    pub by_pairing: bool,
}

/// A round paired.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PairedRound {
    /// Its number, from 1.
    pub number: u32,
    /// Its boards, the top board first.
    pub boards: Vec<Board>,
    /// Who is not paired, and with what bye.
    pub rests: Vec<Rest>,
}

impl PairedRound {
    /// Whether every board has its result.
    pub fn complete(&self) -> bool {
        self.boards.iter().all(|b| b.outcome.is_some())
    }
}

/// A competition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Competition {
    setup: Setup,
    entrants: Vec<Listed>,
    rounds: Vec<PairedRound>,
    /// Byes asked for rounds not yet paired.
    requested: Vec<Requested>,
    /// A team competition's teams and matches (`teams.rs`); `null` for a
    /// competition of players.
    teams: Option<teams::TeamPart>,
    /// The organiser's seeding by hand, seed 1 first ([`Change::Seed`]);
    /// empty: the ranking by rating.
    seeding: Vec<Entrant>,
    /// Conduct penalties recorded, the first first (`conduct.rs`).
    penalties: Vec<conduct::Penalty>,
    /// Table protocols begun, by round and board (`protocol.rs`).
    tables: Vec<protocol::TableProtocol>,
}

/// A bye an entrant asked for a round not yet paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Requested {
    /// Who.
    pub entrant: Entrant,
    /// The round.
    pub round: u32,
    /// Which bye: full, half or zero.
    pub bye: Bye,
}

impl Competition {
    /// A new competition of `setup`, checked.
    pub fn new(setup: Setup) -> Result<Competition, Refusal> {
        let setup = setup.checked()?;
        Ok(Competition {
            teams: setup.teams.map(teams::TeamPart::new),
            setup,
            entrants: Vec::new(),
            rounds: Vec::new(),
            requested: Vec::new(),
            seeding: Vec::new(),
            penalties: Vec::new(),
            tables: Vec::new(),
        })
    }

    /// Its set-up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Its entrants, in the order of entry.
    pub fn entrants(&self) -> &[Listed] {
        &self.entrants
    }

    /// The rounds paired so far, the first first.
    pub fn rounds(&self) -> &[PairedRound] {
        &self.rounds
    }

    /// The byes asked for rounds not yet paired.
    pub fn requested_byes(&self) -> &[Requested] {
        &self.requested
    }

    /// The number of rounds the competition has: fixed for a Swiss, from
    /// the Berger table for a round robin (known once its first round is
    /// paired; before that, for the entrants so far), from the bracket for
    /// a knock-out (likewise).
    pub fn round_count(&self) -> u32 {
        match self.setup.system {
            System::Swiss { rounds } => rounds,
            System::Knockout { .. } => self.knockout_rounds(),
            // The bracket's last round; a reset known not to be needed
            // is not played.
            System::DoubleElimination { .. } => self.bracket_last_round().unwrap_or(0),
            System::GroupsThenKnockout { groups, cycles, .. } => {
                self.groups_round_count(groups, cycles)
            }
            System::RoundRobin { cycles } => {
                let n = if self.rounds.is_empty() {
                    self.entrants.len() as u32
                } else {
                    self.pairing_field_size()
                };
                let per_cycle = (n + n % 2).saturating_sub(1);
                match cycles {
                    crate::round_robin::Cycles::Single => per_cycle,
                    crate::round_robin::Cycles::Double => 2 * per_cycle,
                }
            }
        }
    }

    /// The entrants a round robin's table was drawn for: those entered
    /// before its first round.
    fn pairing_field_size(&self) -> u32 {
        self.entrants.iter().filter(|l| l.entered_for == 1).count() as u32
    }

    /// Whether every round is paired and every result is in.
    pub fn finished(&self) -> bool {
        self.rounds.len() as u32 >= self.round_count()
            && self.rounds.last().is_some_and(PairedRound::complete)
    }

    fn listed(&self, entrant: Entrant) -> Result<&Listed, Refusal> {
        entrant
            .0
            .checked_sub(1)
            .and_then(|i| self.entrants.get(i as usize))
            .ok_or(Refusal::NoSuchEntrant { entrant })
    }

    /// Whether `entrant` may be paired in round `round`.
    pub fn available(&self, entrant: Entrant, round: u32) -> bool {
        self.listed(entrant)
            .is_ok_and(|l| l.entered_for <= round && l.withdrawn_from.is_none_or(|w| round < w))
    }

    /// Applies `change`, or says why not and changes nothing.
    pub fn apply(&mut self, change: &Change) -> Result<(), Refusal> {
        let next = self.rounds.len() as u32 + 1;
        // A team competition enters teams and takes results board by
        // board; a competition of players neither.
        match (change, self.teams.is_some()) {
            (
                Change::Enter { .. }
                | Change::EnterList { .. }
                | Change::Result { .. }
                | Change::RequestBye { .. },
                true,
            ) => return Err(Refusal::NotForTeams),
            (
                Change::EnterTeam { .. }
                | Change::EnterTeams { .. }
                | Change::LineUp { .. }
                | Change::BoardResult { .. },
                false,
            ) => return Err(Refusal::OnlyForTeams),
            _ => {}
        }
        match change {
            Change::Enter { entry } => {
                let entry = checked_entry(entry)?;
                match (self.setup.doubles, entry.pair.is_some()) {
                    (true, false) => return Err(Refusal::NotAPair),
                    (false, true) => return Err(Refusal::PairInSingles),
                    _ => {}
                }
                if !matches!(self.setup.system, System::Swiss { .. }) && !self.rounds.is_empty() {
                    return Err(Refusal::EntriesClosed);
                }
                if self.setup.play.online() && entry.person.is_none() {
                    return Err(Refusal::NotAPerson);
                }
                // A person with an account is the same person whatever
                // name they are entered under.
                let same = |l: &&Listed| {
                    l.entry.same_person(&entry)
                        || (entry.person.is_some() && l.entry.person == entry.person)
                };
                if let Some(l) = self.entrants.iter().find(same) {
                    return Err(Refusal::EnteredTwice { entrant: l.entrant });
                }
                if self.entrants.len() as u32 >= self.setup.max_entrants() {
                    return Err(Refusal::TooManyEntrants {
                        max: self.setup.max_entrants(),
                    });
                }
                self.entrants.push(Listed {
                    entrant: Entrant(self.entrants.len() as u32 + 1),
                    entry,
                    withdrawn_from: None,
                    entered_for: next,
                });
                Ok(())
            }
            Change::EnterList { entries } => {
                if entries.is_empty() {
                    return Err(Refusal::Missing { field: "entries" });
                }
                // Entered one by one into a copy, so that each is checked
                // against those before it, then kept whole or not at all.
                let mut next = self.clone();
                for (k, entry) in entries.iter().enumerate() {
                    next.apply(&Change::Enter {
                        entry: entry.clone(),
                    })
                    .map_err(|r| Refusal::InList {
                        position: k as u32 + 1,
                        refusal: Box::new(r),
                    })?;
                }
                *self = next;
                Ok(())
            }
            Change::Withdraw { entrant } => {
                let l = self.listed(*entrant)?;
                if l.withdrawn_from.is_some() {
                    return Err(Refusal::Withdrawn { entrant: *entrant });
                }
                let i = (entrant.0 - 1) as usize;
                self.entrants[i].withdrawn_from = Some(next);
                self.requested.retain(|r| r.entrant != *entrant);
                Ok(())
            }
            Change::RequestBye {
                entrant,
                round,
                bye,
            } => {
                self.listed(*entrant)?;
                if !self.available(*entrant, *round) {
                    return Err(Refusal::Withdrawn { entrant: *entrant });
                }
                if *round < next
                    || *round > self.round_count()
                    || !matches!(bye, Bye::Full | Bye::Half | Bye::Zero)
                    || !matches!(self.setup.system, System::Swiss { .. })
                {
                    return Err(Refusal::ByeNotRequestable);
                }
                self.requested
                    .retain(|r| !(r.entrant == *entrant && r.round == *round));
                self.requested.push(Requested {
                    entrant: *entrant,
                    round: *round,
                    bye: *bye,
                });
                Ok(())
            }
            Change::Pair {
                round,
                boards,
                rests,
            } => {
                let made = self.check_pairing(*round, boards, rests)?;
                if self.teams.is_some() {
                    // Kept whole or not at all: the matches are made in a
                    // copy.
                    let mut next = self.clone();
                    next.rounds.push(made);
                    next.pair_teams()?;
                    *self = next;
                    return Ok(());
                }
                self.requested.retain(|r| r.round != *round);
                self.rounds.push(made);
                Ok(())
            }
            Change::Result {
                round,
                board,
                outcome,
            } => {
                self.board(*round, *board)?;
                let outcome = self.checked_outcome(*outcome)?;
                self.check_later_rounds(*round, *board, outcome)?;
                let r = &mut self.rounds[(*round - 1) as usize];
                let b = &mut r.boards[(*board - 1) as usize];
                b.outcome = Some(outcome);
                b.by_pairing = false;
                Ok(())
            }
            Change::Unpair { round } => {
                let last = self.rounds.last().ok_or(Refusal::NothingPaired)?;
                if last.number != *round {
                    return Err(Refusal::WrongRound {
                        asked: *round,
                        current: last.number,
                    });
                }
                if last
                    .boards
                    .iter()
                    .any(|b| b.outcome.is_some() && !b.by_pairing)
                    || self.team_results_in(*round)
                {
                    return Err(Refusal::HasResults { round: *round });
                }
                self.rounds.pop();
                self.unpair_teams();
                // A penalty belongs to a board of the round: it goes with
                // the pairing (the change log still has it).
                self.penalties.retain(|p| p.round != *round);
                self.drop_table_protocols(*round);
                Ok(())
            }
            Change::Seed { order } => {
                if !self.rounds.is_empty() {
                    return Err(Refusal::SeedingClosed);
                }
                let n = self.entrants.len();
                let mut seen = vec![false; n];
                let whole = order.is_empty()
                    || (order.len() == n
                        && order.iter().all(|e| {
                            e.0.checked_sub(1)
                                .and_then(|i| seen.get_mut(i as usize))
                                .is_some_and(|s| !std::mem::replace(s, true))
                        }));
                if !whole {
                    return Err(Refusal::Seeding { entrants: n as u32 });
                }
                self.seeding = order.clone();
                Ok(())
            }
            Change::EnterTeam { team } => self.enter_team(team),
            Change::Penalty {
                round,
                team_match,
                board,
                side,
                conduct,
                clause,
            } => self.penalise(
                TableMatch {
                    round: *round,
                    team_match: *team_match,
                    board: *board,
                },
                *side,
                *conduct,
                clause,
            ),
            Change::TakeBackPenalty { penalty } => self.take_back_penalty(*penalty),
            Change::EnterTeams { teams } => {
                if teams.is_empty() {
                    return Err(Refusal::Missing { field: "teams" });
                }
                let mut next = self.clone();
                for (k, team) in teams.iter().enumerate() {
                    next.enter_team(team).map_err(|r| Refusal::InList {
                        position: k as u32 + 1,
                        refusal: Box::new(r),
                    })?;
                }
                *self = next;
                Ok(())
            }
            Change::LineUp {
                round,
                team_match,
                side,
                players,
            } => self.line_up(*round, *team_match, *side, players),
            Change::BoardResult {
                round,
                team_match,
                board,
                outcome,
            } => self.board_result(*round, *team_match, *board, *outcome),
            Change::AtTable {
                round,
                team_match,
                board,
                by,
                entry,
                step,
            } => self.take_table_step(
                TableMatch {
                    round: *round,
                    team_match: *team_match,
                    board: *board,
                },
                *by,
                entry,
                *step,
            ),
            Change::RevokeTableLink {
                round,
                team_match,
                board,
            } => self.revoke_table_link(TableMatch {
                round: *round,
                team_match: *team_match,
                board: *board,
            }),
        }
    }

    fn board(&self, round: u32, board: u32) -> Result<&Board, Refusal> {
        round
            .checked_sub(1)
            .and_then(|r| self.rounds.get(r as usize))
            .and_then(|r| board.checked_sub(1).and_then(|b| r.boards.get(b as usize)))
            .ok_or(Refusal::NoSuchBoard { round, board })
    }

    /// `outcome` if it can end a match of the competition's format.
    fn checked_outcome(&self, outcome: Outcome) -> Result<Outcome, Refusal> {
        if let Outcome::Team { .. } = outcome {
            return Err(Refusal::TeamOutcome);
        }
        if let Outcome::Sets { first, second } = outcome {
            self.checked_score(first, second)?;
        }
        if outcome == (Outcome::Decided { winner: None }) && !self.setup.format.draws() {
            return Err(Refusal::CannotDraw {
                format: self.setup.format,
            });
        }
        Ok(outcome)
    }

    /// How a match of the competition's format ends at `first:second`
    /// (a board of a team match too), or why it cannot end there.
    fn checked_score(&self, first: u32, second: u32) -> Result<novuss_core::MatchResult, Refusal> {
        self.setup
            .format
            .check((first, second))
            .map_err(|why| Refusal::Score {
                first,
                second,
                needed: self.setup.format.needed(),
                why,
            })
    }

    /// The round `round` as `boards` and `rests` make it, if it can be
    /// the next: the previous round complete, every entrant who may play
    /// on one board or rest exactly once, nobody else.
    fn check_pairing(
        &self,
        round: u32,
        boards: &[Paired],
        rests: &[Rest],
    ) -> Result<PairedRound, Refusal> {
        let next = self.rounds.len() as u32 + 1;
        if round != next {
            return Err(Refusal::WrongRound {
                asked: round,
                current: next,
            });
        }
        if let Some(last) = self.rounds.last() {
            if !last.complete() {
                return Err(Refusal::RoundOpen { round: last.number });
            }
        }
        self.groups_drawable()?;
        if next > self.round_count() {
            return Err(Refusal::Finished);
        }
        if self.drawn_exactly() {
            self.check_drawn_pairing(round, boards, rests)?;
        }
        let mut seen = vec![false; self.entrants.len()];
        let mut mark = |e: Entrant| -> Result<(), Refusal> {
            self.listed(e)?;
            let s = &mut seen[(e.0 - 1) as usize];
            if *s {
                return Err(Refusal::NoPairing);
            }
            *s = true;
            Ok(())
        };
        // A team match takes a block of tables, one per board, from its
        // pairing's table on (`teams.rs`).
        let span = self.setup.teams.map_or(1, |r| r.boards);
        for b in boards {
            mark(b.first)?;
            mark(b.second)?;
            if b.table
                .is_some_and(|t| t == 0 || t - 1 + span > self.setup.tables)
            {
                return Err(Refusal::Tables {
                    tables: b.table.unwrap_or(0),
                });
            }
        }
        for r in rests {
            mark(r.entrant)?;
        }
        // Everyone who may play is placed (in a bracket or groups,
        // everyone the draw places: its round was checked above); a withdrawn entrant
        // only on a board of a table or bracket drawn in advance, which is
        // then lost without play.
        let drawn_ahead = !matches!(self.setup.system, System::Swiss { .. });
        let knockout = self.drawn_exactly();
        for l in &self.entrants {
            let here = seen[(l.entrant.0 - 1) as usize];
            let may = self.available(l.entrant, round);
            if may && !here && !knockout {
                return Err(Refusal::NoPairing);
            }
            if !may && here && !drawn_ahead {
                let on_board = boards
                    .iter()
                    .any(|b| b.first == l.entrant || b.second == l.entrant);
                if on_board {
                    return Err(Refusal::Withdrawn { entrant: l.entrant });
                }
            }
        }
        let boards = boards
            .iter()
            .map(|&paired| {
                let gone = |e: Entrant| !self.available(e, round);
                let outcome = match (gone(paired.first), gone(paired.second)) {
                    (false, false) => None,
                    (true, true) => Some(Outcome::BothAbsent),
                    (true, false) => Some(Outcome::Forfeit {
                        winner: Side::Second,
                    }),
                    (false, true) => Some(Outcome::Forfeit {
                        winner: Side::First,
                    }),
                };
                Board {
                    paired,
                    outcome,
                    by_pairing: outcome.is_some(),
                }
            })
            .collect();
        Ok(PairedRound {
            number: round,
            boards,
            rests: rests.to_vec(),
        })
    }

    /// Every entrant's history, by entrant number from 1 (index 0 is
    /// entrant 1): a board's result as played, forfeited or pending, a
    /// rest as its bye, and the rounds before a late entry and after a
    /// withdrawal as zero-point byes (FIDE C.07 16.1).
    pub fn histories(&self) -> Vec<History> {
        let mut out = vec![History::default(); self.entrants.len()];
        for r in &self.rounds {
            let mut placed = vec![false; self.entrants.len()];
            for b in &r.boards {
                let (f, s) = (b.paired.first, b.paired.second);
                let (rf, rs) = self.rounds_of(b);
                out[(f.0 - 1) as usize].rounds.push(rf);
                out[(s.0 - 1) as usize].rounds.push(rs);
                placed[(f.0 - 1) as usize] = true;
                placed[(s.0 - 1) as usize] = true;
            }
            for rest in &r.rests {
                out[(rest.entrant.0 - 1) as usize]
                    .rounds
                    .push(Round::Bye(rest.bye));
                placed[(rest.entrant.0 - 1) as usize] = true;
            }
            for (i, p) in placed.iter().enumerate() {
                if !p {
                    out[i].rounds.push(Round::Bye(Bye::Zero));
                }
            }
        }
        out
    }

    /// A board as each of its two entrants' rounds.
    fn rounds_of(&self, b: &Board) -> (Round, Round) {
        let (f, s) = (b.paired.first, b.paired.second);
        let played = |score: Score, sets: Sets| {
            (
                Round::Played {
                    opponent: s,
                    side: Side::First,
                    score,
                    sets: Some(sets),
                },
                Round::Played {
                    opponent: f,
                    side: Side::Second,
                    score: score.other(),
                    sets: Some(Sets {
                        won: sets.lost,
                        lost: sets.won,
                    }),
                },
            )
        };
        let forfeit = |won_f: bool, won_s: bool| {
            (
                Round::Forfeit {
                    opponent: s,
                    side: Side::First,
                    won: won_f,
                },
                Round::Forfeit {
                    opponent: f,
                    side: Side::Second,
                    won: won_s,
                },
            )
        };
        // A match played without sets to count: a team match (its boards'
        // sets are its players'), or a result read from a file that has
        // none (TRF).
        let without_sets = |score: Score| {
            (
                Round::Played {
                    opponent: s,
                    side: Side::First,
                    score,
                    sets: None,
                },
                Round::Played {
                    opponent: f,
                    side: Side::Second,
                    score: score.other(),
                    sets: None,
                },
            )
        };
        match b.outcome {
            None => (
                Round::Pending {
                    opponent: s,
                    side: Side::First,
                },
                Round::Pending {
                    opponent: f,
                    side: Side::Second,
                },
            ),
            Some(Outcome::Sets { first, second }) => {
                let score = match self.setup.format.check((first, second)) {
                    Ok(novuss_core::MatchResult::First) => Score::Win,
                    Ok(novuss_core::MatchResult::Second) => Score::Loss,
                    // Every stored score was checked against the format
                    // as it was applied; a draw is the only other end.
                    _ => Score::Draw,
                };
                played(
                    score,
                    Sets {
                        won: first,
                        lost: second,
                    },
                )
            }
            Some(Outcome::Forfeit { winner }) => {
                forfeit(winner == Side::First, winner == Side::Second)
            }
            // Played, its sets not known (a TRF file's result): a win,
            // draw or loss with no sets, so no set ratio.
            Some(Outcome::Decided { winner }) => without_sets(match winner {
                Some(Side::First) => Score::Win,
                Some(Side::Second) => Score::Loss,
                None => Score::Draw,
            }),
            Some(Outcome::BothAbsent) => forfeit(false, false),
            // A team match: won on board points, or drawn on equal ones;
            // no sets (its boards' sets are its players', not the team's).
            Some(Outcome::Team { first, second }) => without_sets(match first.cmp(&second) {
                std::cmp::Ordering::Greater => Score::Win,
                std::cmp::Ordering::Less => Score::Loss,
                std::cmp::Ordering::Equal => Score::Draw,
            }),
        }
    }
}

/// An entry with its texts trimmed and checked.
fn checked_entry(entry: &Entry) -> Result<Entry, Refusal> {
    let mut e = entry.clone();
    if let Some(pair) = e.pair.take() {
        // A pair is a pair of players, never a person with an account
        // (doubles are not played on this server); its name, club and
        // category are made again from its players' (`Entry::pair`), so
        // they always say who the pair is.
        if e.person.is_some() {
            return Err(Refusal::PairOfOne);
        }
        let [a, b] = *pair;
        let e = Entry::pair(checked_member(a)?, checked_member(b)?, e.rating);
        if e.pair_of_one() {
            return Err(Refusal::PairOfOne);
        }
        return Ok(e);
    }
    if e.forgotten {
        // Only the server forgets, and only a person: a forgotten entry
        // is the one its person was entered by, with nothing else left.
        let kept = e.person.is_some() && *entry == entry.forgotten();
        return if kept {
            Ok(e)
        } else {
            Err(Refusal::Missing { field: "name" })
        };
    }
    e.name = setup::text("name", &e.name)?.ok_or(Refusal::Missing { field: "name" })?;
    for (field, value) in [
        ("club", &mut e.club),
        ("licence", &mut e.licence),
        ("person", &mut e.person),
    ] {
        *value = match value {
            Some(v) => setup::text(field, v)?,
            None => None,
        };
    }
    Ok(e)
}

/// One player of a pair, its texts checked as a player's entry's are.
fn checked_member(m: Member) -> Result<Member, Refusal> {
    let optional = |field, v: Option<String>| match v {
        Some(v) => setup::text(field, &v),
        None => Ok(None),
    };
    Ok(Member {
        name: setup::text("name", &m.name)?.ok_or(Refusal::Missing { field: "name" })?,
        club: optional("club", m.club)?,
        licence: optional("licence", m.licence)?,
        category: m.category,
        birth_year: m.birth_year,
    })
}

#[cfg(test)]
mod online_tests {
    //! Entrants who are people, and competitions played on a server.
    use super::*;
    use novuss_core::{MatchFormat, MatchPoints};

    fn setup(play: Play) -> Setup {
        Setup {
            name: "Online Open".into(),
            venue: None,
            club: None,
            starts: None,
            ends: None,
            tables: 1,
            system: System::Swiss { rounds: 3 },
            format: MatchFormat::BestOf(3),
            points: MatchPoints::default(),
            rated: false,
            tiebreaks: vec![],
            play,
            open_entry: true,
            doubles: false,
            teams: None,
        }
    }

    fn online(grace_secs: u32) -> Play {
        Play::Online {
            stroke_clock: Some(30),
            grace_secs,
            next_round: NextRound::AfterLastGame,
        }
    }

    fn person(name: &str, id: &str) -> Entry {
        let mut e = Entry::named(name);
        e.person = Some(id.into());
        e
    }

    #[test]
    fn a_grace_is_one_second_to_a_day() {
        for bad in [0, MAX_GRACE_SECS + 1] {
            assert_eq!(
                Competition::new(setup(online(bad))),
                Err(Refusal::Grace { grace_secs: bad })
            );
        }
        assert!(Competition::new(setup(online(MAX_GRACE_SECS))).is_ok());
    }

    #[test]
    fn the_same_person_is_entered_once_whatever_the_name() {
        let mut c = Competition::new(setup(online(60))).unwrap();
        c.apply(&Change::Enter {
            entry: person("Anna", "a1"),
        })
        .unwrap();
        assert_eq!(
            c.apply(&Change::Enter {
                entry: person("Anna Bērziņa", "a1"),
            }),
            Err(Refusal::EnteredTwice {
                entrant: Entrant(1)
            })
        );
        // Another person of the same name, with no birth year telling
        // them apart, is taken for the same, as in a list
        // (`Entry::same_person`): the organiser adds a birth year.
        c.apply(&Change::Enter {
            entry: person("Anna", "a2"),
        })
        .unwrap_err();
        assert_eq!(c.entrants().len(), 1);
    }

    #[test]
    fn forgotten_people_replay_to_the_same_draw_and_no_one_else_may_forget() {
        // Two people and a walk-in on tables, rated so that the draw
        // rests on the ratings, and round 1 paired.
        let mut s = setup(Play::Tables);
        s.open_entry = false;
        let rated = |mut e: Entry, r| {
            e.rating = Some(r);
            e
        };
        let mut changes = vec![
            Change::Enter {
                entry: rated(person("Anna", "a1"), 1800),
            },
            Change::Enter {
                entry: rated(person("Ilze", "i2"), 1700),
            },
            Change::Enter {
                entry: rated(Entry::named("Walk-in"), 1600),
            },
        ];
        let mut c = Competition::new(s.clone()).unwrap();
        for change in &changes {
            c.apply(change).unwrap();
        }
        let pairing = c.pair_next().unwrap();
        c.apply(&pairing).unwrap();
        changes.push(pairing);

        // Both people forgotten, as the server rewrites their entries:
        // two entries with no name are not taken for one person.
        let forget = |change: &Change| match change {
            Change::Enter { entry } if entry.person.is_some() => Change::Enter {
                entry: entry.forgotten(),
            },
            other => other.clone(),
        };
        let mut again = Competition::new(s).unwrap();
        for change in &changes {
            again.apply(&forget(change)).unwrap();
        }
        assert_eq!(again.rounds(), c.rounds());
        let names: Vec<_> = again
            .entrants()
            .iter()
            .map(|l| l.entry.name.as_str())
            .collect();
        assert_eq!(names, ["", "", "Walk-in"]);
        assert!(again.entrants()[0].entry.forgotten);
        assert_eq!(again.entrants()[1].entry.rating, Some(1700));

        // Nobody else can enter a forgotten entry: one without a person,
        // or one that still carries a name.
        let mut c = Competition::new(setup(Play::Tables)).unwrap();
        let mut nameless = Entry::named("");
        nameless.forgotten = true;
        let mut named = person("Anna", "a1").forgotten();
        named.name = "Anna".into();
        for entry in [nameless, named] {
            assert_eq!(
                c.apply(&Change::Enter { entry }),
                Err(Refusal::Missing { field: "name" })
            );
        }
        assert!(c.entrants().is_empty());
    }

    #[test]
    fn an_online_competition_enters_people_only_and_tables_anyone() {
        let mut c = Competition::new(setup(online(60))).unwrap();
        let walk_in = Change::Enter {
            entry: Entry::named("Walk-in"),
        };
        assert_eq!(c.apply(&walk_in), Err(Refusal::NotAPerson));
        assert!(c.entrants().is_empty());
        let mut t = Competition::new(setup(Play::Tables)).unwrap();
        t.apply(&walk_in).unwrap();
        t.apply(&Change::Enter {
            entry: person("Jānis", "j1"),
        })
        .unwrap();
        assert_eq!(t.entrants()[1].entry.person.as_deref(), Some("j1"));
    }

    #[test]
    fn a_set_up_stored_before_play_reads_as_tables() {
        let old = r#"{"name":"Old","venue":null,"starts":null,"ends":null,"tables":2,
            "system":{"kind":"swiss","rounds":3},"format":{"kind":"sets","sets":6},
            "points":{"win":2,"draw":1,"loss":0},"rated":false,"tiebreaks":[]}"#;
        let s: Setup = serde_json::from_str(old).unwrap();
        assert_eq!(s.play, Play::Tables);
        assert!(!s.open_entry);
        let entry: Entry = serde_json::from_str(
            r#"{"name":"A","club":null,"licence":null,"category":null,"birth_year":null,"rating":null}"#,
        )
        .unwrap();
        assert_eq!(entry.person, None);
        assert!(!serde_json::to_string(&entry).unwrap().contains("person"));
    }
}
