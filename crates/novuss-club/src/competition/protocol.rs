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

use novuss_core::MatchResult;
use serde::{Deserialize, Serialize};

use crate::results::Side;

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
    /// The board, from 1.
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
    fn new(round: u32, board: u32) -> TableProtocol {
        TableProtocol {
            round,
            board,
            sets: Vec::new(),
            score: [0, 0],
            over: None,
            confirmed: Vec::new(),
            stands: false,
            link: 0,
            entries: Vec::new(),
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
    /// The table protocols written so far, by round and board.
    pub fn table_protocols(&self) -> &[TableProtocol] {
        &self.tables
    }

    /// Board `board`'s protocol of round `round`, if one was begun.
    pub fn table_protocol(&self, round: u32, board: u32) -> Option<&TableProtocol> {
        self.tables
            .iter()
            .find(|p| p.round == round && p.board == board)
    }

    /// The table link generation of board `board` of round `round`.
    pub fn table_link(&self, round: u32, board: u32) -> u32 {
        self.table_protocol(round, board).map_or(0, |p| p.link)
    }

    /// Whether a step with id `entry` was made on board `board` of round
    /// `round` already (its answer lost on the way): it is not made again.
    pub fn table_entry_seen(&self, round: u32, board: u32, entry: &str) -> bool {
        self.table_protocol(round, board)
            .is_some_and(|p| p.entries.iter().any(|e| e == entry))
    }

    /// Whether tables record round `round`: the round being played (the
    /// last paired) of a competition of players on real tables.
    pub fn check_table_round(&self, round: u32, board: u32) -> Result<(), Refusal> {
        if self.teams.is_some() {
            return Err(Refusal::NotForTeams);
        }
        if self.setup.play.online() {
            return Err(Refusal::NotAtTables);
        }
        self.board(round, board)?;
        if self.rounds.len() as u32 != round {
            return Err(Refusal::TableClosed { round });
        }
        Ok(())
    }

    /// The protocol of board `board` of round `round`, begun if need be.
    fn protocol_mut(&mut self, round: u32, board: u32) -> &mut TableProtocol {
        let at = match self
            .tables
            .binary_search_by_key(&(round, board), |p| (p.round, p.board))
        {
            Ok(at) => at,
            Err(at) => {
                self.tables.insert(at, TableProtocol::new(round, board));
                at
            }
        };
        &mut self.tables[at]
    }

    /// A new link for board `board` of round `round`: the old one no
    /// longer works.
    pub(super) fn revoke_table_link(&mut self, round: u32, board: u32) -> Result<(), Refusal> {
        self.check_table_round(round, board)?;
        let p = self.protocol_mut(round, board);
        p.link = p.link.saturating_add(1);
        Ok(())
    }

    /// Takes step `step` on board `board` of round `round`.
    pub(super) fn at_table(
        &mut self,
        round: u32,
        board: u32,
        by: Recorder,
        entry: &str,
        step: Step,
    ) -> Result<(), Refusal> {
        self.check_table_round(round, board)?;
        entry_id(entry)?;
        let format = self.setup.format;
        let decided = self.board(round, board)?.outcome.is_some();
        // Checked in a copy, kept whole or not at all.
        let mut p = self
            .table_protocol(round, board)
            .cloned()
            .unwrap_or_else(|| TableProtocol::new(round, board));
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
            let outcome = self.checked_outcome(outcome)?;
            self.check_later_rounds(round, board, outcome)?;
            let b = &mut self.rounds[(round - 1) as usize].boards[(board - 1) as usize];
            b.outcome = Some(outcome);
            b.by_pairing = false;
        }
        *self.protocol_mut(round, board) = p;
        Ok(())
    }

    /// Forgets the protocols of round `round`, whose pairing is taken
    /// back.
    pub(super) fn drop_table_protocols(&mut self, round: u32) {
        self.tables.retain(|p| p.round != round);
    }
}
