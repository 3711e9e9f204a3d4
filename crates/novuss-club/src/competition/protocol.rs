//! The table protocol (issue 33, "The table protocol"): what the paper
//! sheet on a real table records, kept by the competition as the players
//! (or a referee) write it set by set, from their phones or the desk.
//!
//! Each set is recorded as it ends: who won it, or nobody (a drawn set:
//! "If a player pockets own as well as opponent's last discs, the set is
//! a draw", `000_85d66760196b64c8.txt` 4.5, also 1.27), who broke, and
//! optionally who cleared the table in their first turn (4.6) and the
//! penalty discs each side was given (§3). A set replayed (4.4, 4.6's two
//! clears, 1.24) is not a set of the protocol: it is simply not written.
//!
//! The match ends where the competition's format says
//! ([`novuss_core::MatchFormat::standing`]): a 6-set match at 4:0, 4:1,
//! 4:2 or 3:3, never at 5:0. A set past the end is refused, and so is a
//! confirmation before it. The result stands once both sides have
//! confirmed it (the two signatures of the paper protocol) or a referee
//! has; it is then the board's result, as if the desk had entered it, and
//! only the desk changes it from then on ([`super::Change::Result`]).
//! Until it stands the last set may be taken back (undone); a set taken
//! back or added takes back the confirmations given.
//!
//! Two phones may record the same table, and a phone that was offline
//! sends what it recorded when it is back. So every step names the set it
//! is about: recording set 3 again as it stands is an agreement, not a
//! fourth set, and recording it otherwise is refused with the set that
//! stands ([`Refusal::SetRecorded`]). Every step also carries the id the
//! phone gave it (`entry`): a step sent twice (the answer
//! lost on the way) is seen and not made again ([`Refusal::StepSeen`],
//! which the server answers with the table as it stands).
//!
//! A table's link (the server's: `competitions/tables.rs`) is made for a
//! board of the round being played and a generation the organiser moves
//! on to revoke it ([`super::Change::RevokeTableLink`]); the generation is
//! kept here, with the protocol, so that it is in the competition's
//! record like everything else.
//!
//! In a team competition each board of a team match is a table of its own
//! (the match's block of tables, `teams.rs`), with its own protocol and
//! link: a [`TableMatch`] names the team match besides the board. What
//! stands there is the board's result in the team match, as the desk's
//! [`super::Change::BoardResult`] would enter it; the first side is the
//! first-named team's player, who breaks first on odd boards only
//! (`teams/line_up.rs`).

use novuss_core::MatchResult;
use serde::{Deserialize, Serialize};

use crate::entries::Entry;
use crate::results::Side;
use crate::teams::TeamSide;

use super::{Competition, Outcome, Refusal};

/// The most penalty discs one side is given in one set: a side has eight
/// discs (`000` 1.2, 3.x): more cannot be on the table.
pub const MAX_PENALTY_DISCS: u8 = 8;

/// The most steps a board's protocol takes (sets, undos, confirmations,
/// repeats of a set): a 6-set match needs about ten; the bound keeps a
/// careless or hostile phone from growing the record without end.
pub const MAX_TABLE_STEPS: u32 = 200;

/// The longest id a phone may give a step.
pub const MAX_ENTRY_ID: usize = 40;

/// Where a match is played at a table: a board of a round's pairing, or,
/// in a team competition, a board of one of its team matches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableMatch {
    /// The round.
    pub round: u32,
    /// The team match, from 1 (the round's pairing's board), in a team
    /// competition.
    pub team_match: Option<u32>,
    /// The board, from 1: of the round's pairing, or of the team match.
    pub board: u32,
}

impl TableMatch {
    /// Board `board` of round `round`'s pairing.
    pub fn board(round: u32, board: u32) -> TableMatch {
        TableMatch {
            round,
            team_match: None,
            board,
        }
    }

    /// Board `board` of team match `team_match` of round `round`.
    pub fn team(round: u32, team_match: u32, board: u32) -> TableMatch {
        TableMatch {
            round,
            team_match: Some(team_match),
            board,
        }
    }

    /// The order protocols are kept in: by round, then team match, then
    /// board.
    fn key(self) -> (u32, u32, u32) {
        (self.round, self.team_match.unwrap_or(0), self.board)
    }
}

/// Who plays a table's match, and where it stands: what a phone at the
/// table shows of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtTable<'a> {
    /// The first side: the pairing's first-named entrant, or the
    /// first-named team's player on the board (`None`: the line-up
    /// leaves the board empty).
    pub first: Option<&'a Entry>,
    /// The second side.
    pub second: Option<&'a Entry>,
    /// The teams, the first-named first, on a team match's board.
    pub teams: Option<[&'a Entry; 2]>,
    /// The table, from 1 (`None`: it waits for one).
    pub table: Option<u32>,
    /// Who breaks in the first set: the first side, except on a team
    /// match's even boards.
    pub breaks: Side,
    /// The result once it is in (the board's, or the team board's).
    pub outcome: Option<Outcome>,
}

/// One set as the table records it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetRecord {
    /// Who won it, the board's first- or second-named side; `null`: drawn
    /// (`000` 4.5).
    pub winner: Option<Side>,
    /// Who broke (played the set's first stroke). The right to start
    /// stays with the end of the table while the players change ends
    /// (`000` 4.3), so it alternates; written, not assumed, because a
    /// replay under `002` 7.1 changes it.
    pub broke: Side,
    /// Who pocketed all eight discs in their first turn (`000` 4.6), if
    /// anyone: they won the set.
    #[serde(default)]
    pub cleared: Option<Side>,
    /// Penalty discs each side was given, the first-named side's first.
    #[serde(default)]
    pub penalty_discs: [u8; 2],
}

/// Who records a step at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Recorder {
    /// The board's first-named side (their phone).
    First,
    /// The second-named side.
    Second,
    /// A referee: the organiser or an arbiter (the desk decides who that
    /// is). Their confirmation is enough.
    Referee,
}

/// What a step does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Step {
    /// Set `set` (from 1) ended so.
    Set {
        /// Its number.
        set: u32,
        /// How.
        record: SetRecord,
    },
    /// The last set, `set`, is taken back.
    Undo {
        /// Its number: the last.
        set: u32,
    },
    /// The recorder confirms the final score (a struct of no fields, so
    /// that a field it does not have is refused, as everywhere).
    Confirm {},
}

/// A board's table protocol as it stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TableProtocol {
    /// The round.
    pub round: u32,
    /// The team match, from 1, in a team competition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_match: Option<u32>,
    /// The board, from 1 (of the team match, in a team competition).
    pub board: u32,
    /// The sets recorded, the first first.
    pub sets: Vec<SetRecord>,
    /// Sets won by each side so far, the first-named side's first.
    pub score: [u32; 2],
    /// The result the score makes, once the match is over.
    pub over: Option<MatchResult>,
    /// Who has confirmed the final score (sides; a referee's
    /// confirmation makes it stand at once).
    pub confirmed: Vec<Recorder>,
    /// Whether the result stands: it is the board's result.
    pub stands: bool,
    /// The table link's generation: how often the organiser revoked it.
    pub link: u32,
    /// Steps taken, and the ids they came with: a repeat is not made
    /// again.
    #[serde(skip)]
    entries: Vec<String>,
}

impl TableProtocol {
    fn new(at: TableMatch) -> TableProtocol {
        TableProtocol {
            round: at.round,
            team_match: at.team_match,
            board: at.board,
            sets: Vec::new(),
            score: [0, 0],
            over: None,
            confirmed: Vec::new(),
            stands: false,
            link: 0,
            entries: Vec::new(),
        }
    }

    /// Where it is played.
    pub fn at(&self) -> TableMatch {
        TableMatch {
            round: self.round,
            team_match: self.team_match,
            board: self.board,
        }
    }

    /// Sets counted again after a set was added or taken back: the
    /// confirmations given were for another score.
    fn recount(&mut self, format: novuss_core::MatchFormat) -> Result<(), Refusal> {
        let mut score = [0, 0];
        for s in &self.sets {
            match s.winner {
                Some(Side::First) => score[0] += 1,
                Some(Side::Second) => score[1] += 1,
                None => {}
            }
        }
        self.score = score;
        self.over = format
            .standing((score[0], score[1]))
            .map_err(|_| Refusal::MatchIsOver)?;
        self.confirmed.clear();
        Ok(())
    }
}

/// Whether `entry` can be a step's id.
fn entry_id(entry: &str) -> Result<(), Refusal> {
    let fine = !entry.is_empty()
        && entry.len() <= MAX_ENTRY_ID
        && entry
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if fine {
        Ok(())
    } else {
        Err(Refusal::EntryId {
            max: MAX_ENTRY_ID as u32,
        })
    }
}

impl Competition {
    /// The table protocols written so far, by round, team match and board.
    pub fn table_protocols(&self) -> &[TableProtocol] {
        &self.tables
    }

    /// The protocol of the match at `at`, if one was begun.
    pub fn table_protocol(&self, at: TableMatch) -> Option<&TableProtocol> {
        self.tables.iter().find(|p| p.at() == at)
    }

    /// The table link generation of the match at `at`.
    pub fn table_link(&self, at: TableMatch) -> u32 {
        self.table_protocol(at).map_or(0, |p| p.link)
    }

    /// Whether a step with id `entry` was made at `at` already (its
    /// answer lost on the way): it is not made again.
    pub fn table_entry_seen(&self, at: TableMatch, entry: &str) -> bool {
        self.table_protocol(at)
            .is_some_and(|p| p.entries.iter().any(|e| e == entry))
    }

    /// Who plays the match at `at` and where it stands, or why there is
    /// no such match (its round, team match or board does not exist; a
    /// team competition's tables name a team match, a competition of
    /// players' do not).
    pub fn at_table(&self, at: TableMatch) -> Result<AtTable<'_>, Refusal> {
        let entry = |e: crate::results::Entrant| {
            e.0.checked_sub(1)
                .and_then(|i| self.entrants.get(i as usize))
                .map(|l| &l.entry)
        };
        match (at.team_match, self.teams.is_some()) {
            (None, false) => {
                let b = self.board(at.round, at.board)?;
                Ok(AtTable {
                    first: entry(b.paired.first),
                    second: entry(b.paired.second),
                    teams: None,
                    table: b.paired.table,
                    breaks: Side::First,
                    outcome: b.outcome,
                })
            }
            (Some(team_match), true) => {
                let b = self.team_board(at.round, team_match, at.board)?;
                let teams = match (entry(b.teams[0]), entry(b.teams[1])) {
                    (Some(a), Some(b)) => Some([a, b]),
                    _ => None,
                };
                Ok(AtTable {
                    first: b.players[0],
                    second: b.players[1],
                    teams,
                    table: b.table,
                    breaks: match b.breaks_first {
                        TeamSide::First => Side::First,
                        TeamSide::Second => Side::Second,
                    },
                    outcome: b.entered,
                })
            }
            (None, true) => Err(Refusal::NotForTeams),
            (Some(_), false) => Err(Refusal::OnlyForTeams),
        }
    }

    /// Whether the match at `at` is recorded at its table: a match of the
    /// round being played (the last paired) of a competition on real
    /// tables, with a player on each side. Who plays it, when it is.
    pub fn check_table_round(&self, at: TableMatch) -> Result<AtTable<'_>, Refusal> {
        if self.setup.play.online() {
            return Err(Refusal::NotAtTables);
        }
        let sides = self.at_table(at)?;
        if sides.first.is_none() || sides.second.is_none() {
            return Err(Refusal::EmptyTeamBoard { board: at.board });
        }
        if self.rounds.len() as u32 != at.round {
            return Err(Refusal::TableClosed { round: at.round });
        }
        Ok(sides)
    }

    /// The protocol of the match at `at`, begun if need be.
    fn protocol_mut(&mut self, at: TableMatch) -> &mut TableProtocol {
        let at_index = match self
            .tables
            .binary_search_by_key(&at.key(), |p| p.at().key())
        {
            Ok(i) => i,
            Err(i) => {
                self.tables.insert(i, TableProtocol::new(at));
                i
            }
        };
        &mut self.tables[at_index]
    }

    /// A new link for the table of `at`: the old one no longer works.
    pub(super) fn revoke_table_link(&mut self, at: TableMatch) -> Result<(), Refusal> {
        self.check_table_round(at)?;
        let p = self.protocol_mut(at);
        p.link = p.link.saturating_add(1);
        Ok(())
    }

    /// Takes step `step` at the table of `at`.
    pub(super) fn take_table_step(
        &mut self,
        at: TableMatch,
        by: Recorder,
        entry: &str,
        step: Step,
    ) -> Result<(), Refusal> {
        let decided = self.check_table_round(at)?.outcome.is_some();
        entry_id(entry)?;
        let format = self.setup.format;
        let TableMatch { round, board, .. } = at;
        // Checked in a copy, kept whole or not at all.
        let mut p = self
            .table_protocol(at)
            .cloned()
            .unwrap_or_else(|| TableProtocol::new(at));
        if p.entries.iter().any(|e| e == entry) {
            return Err(Refusal::StepSeen);
        }
        if decided || p.stands {
            return Err(Refusal::ResultIn { round, board });
        }
        if p.entries.len() as u32 >= MAX_TABLE_STEPS {
            return Err(Refusal::TableFull {
                max: MAX_TABLE_STEPS,
            });
        }
        match step {
            Step::Set { set, record } => {
                if record.penalty_discs.iter().any(|&d| d > MAX_PENALTY_DISCS) {
                    return Err(Refusal::PenaltyDiscs {
                        max: MAX_PENALTY_DISCS,
                    });
                }
                if record.cleared.is_some() && record.cleared != record.winner {
                    return Err(Refusal::ClearedNotWon);
                }
                let next = p.sets.len() as u32 + 1;
                match set.checked_sub(1).and_then(|i| p.sets.get(i as usize)) {
                    // The same set as it stands: the other phone agrees.
                    Some(stood) if *stood == record => {}
                    Some(_) => return Err(Refusal::SetRecorded { set }),
                    None if set != next => return Err(Refusal::SetMissing { set, next }),
                    None => {
                        if p.over.is_some() {
                            return Err(Refusal::MatchIsOver);
                        }
                        p.sets.push(record);
                        p.recount(format)?;
                    }
                }
            }
            Step::Undo { set } => {
                let last = p.sets.len() as u32;
                if set != last || last == 0 {
                    return Err(Refusal::NotTheLastSet { set, last });
                }
                p.sets.pop();
                p.recount(format)?;
            }
            Step::Confirm {} => {
                if p.over.is_none() {
                    return Err(Refusal::MatchNotOver {
                        first: p.score[0],
                        second: p.score[1],
                    });
                }
                if !p.confirmed.contains(&by) {
                    p.confirmed.push(by);
                }
                let sides = p.confirmed.contains(&Recorder::First)
                    && p.confirmed.contains(&Recorder::Second);
                p.stands = sides || by == Recorder::Referee;
            }
        }
        p.entries.push(entry.to_owned());
        if p.stands {
            let outcome = Outcome::Sets {
                first: p.score[0],
                second: p.score[1],
            };
            match at.team_match {
                // The board's result in its team match, as the desk
                // enters it.
                Some(team_match) => self.board_result(round, team_match, board, outcome)?,
                None => {
                    let outcome = self.checked_outcome(outcome)?;
                    self.check_later_rounds(round, board, outcome)?;
                    let b = &mut self.rounds[(round - 1) as usize].boards[(board - 1) as usize];
                    b.outcome = Some(outcome);
                    b.by_pairing = false;
                }
            }
        }
        *self.protocol_mut(at) = p;
        Ok(())
    }

    /// Forgets the protocols of round `round`, whose pairing is taken
    /// back.
    pub(super) fn drop_table_protocols(&mut self, round: u32) {
        self.tables.retain(|p| p.round != round);
    }
}
