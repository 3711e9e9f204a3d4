//! A file of players entered at once (issue 33, "Data in and out"): the
//! organiser's CSV or Excel list, read by [`crate::entries`], checked as
//! a whole against the competition, and entered as one change: a
//! [`Change::EnterList`] of players, or of doubles pairs (a column names
//! each player's pair), or a [`Change::EnterTeams`] (a column names each
//! player's team). A refusal names the file's row and column, so the
//! organiser mends the file and sends it again.

use std::fmt;

use serde::Serialize;

use crate::entries::{Entry, Grouping, ImportError, Problem, Sheet};
use crate::results::Entrant;
use crate::teams::Team;

use super::{Change, Competition, Refusal};

/// What is wrong with a file of players, as a page words it: the
/// reader's problems ([`crate::entries::Problem`]) and the competition's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "problem", rename_all = "snake_case")]
pub enum FileProblem {
    /// Not CSV text, or not a workbook the reader knows.
    Unreadable {
        /// Why, as the reader says it (English).
        why: String,
    },
    /// The workbook has no sheet.
    NoSheet,
    /// No row heads a column of names.
    NoHeader,
    /// A row with other cells filled has no name.
    NoName,
    /// A cell longer than a name or a club ever is.
    TooLong,
    /// A birth year that is not a year.
    BirthYear {
        /// The cell.
        value: String,
    },
    /// A category that is none of men, women, youth, veterans.
    Category {
        /// The cell.
        value: String,
    },
    /// A rating that is not a whole number from 0 to 4000.
    Rating {
        /// The cell.
        value: String,
    },
    /// The same player as on an earlier row of the file.
    Twice {
        /// The earlier row.
        first: u32,
    },
    /// More entries than a list may have.
    TooMany,
    /// A workbook that unpacks to more than a list ever does.
    Unpacked {
        /// The most it may unpack to, in MiB.
        mib: u64,
    },
    /// The file lists nobody.
    Empty,
    /// A doubles competition's file with no column naming each player's
    /// pair.
    NoPairColumn,
    /// A team competition's file with no column naming each player's
    /// team.
    NoTeamColumn,
    /// A doubles competition's row that names no pair.
    NoPair,
    /// A team competition's row that names no team.
    NoTeam,
    /// A round's pairing file with no row heading a name column for each
    /// side ("White" and "Black", or two "Name" columns).
    NoPairingHeader,
    /// A cell that should hold a number (a board, a starting number).
    NotANumber {
        /// The cell.
        value: String,
    },
    /// A pairing file's player who is not an entrant.
    UnknownPlayer {
        /// The name as the file writes it.
        name: String,
    },
    /// A pairing file's player whose name two entrants share, with no
    /// starting number that tells which.
    SameName {
        /// The name as the file writes it.
        name: String,
    },
    /// An entrant who may play the round and whom the pairing file
    /// leaves out.
    LeftOut {
        /// The entrant's number.
        entrant: u32,
        /// Their name.
        name: String,
    },
    /// A pair named on one row only: its player has no partner.
    PairAlone {
        /// The pair as the file names it.
        pair: String,
    },
    /// A pair named on more than two rows: this row is its third.
    PairSize {
        /// The pair as the file names it.
        pair: String,
        /// The rows that name it.
        players: u32,
    },
    /// The player is entered in the competition already.
    Entered {
        /// As this entrant.
        entrant: Entrant,
    },
    /// The competition refuses the row's entry for another reason (its
    /// entries closed, too many entrants).
    Refused {
        /// Why.
        refusal: Box<Refusal>,
    },
}

impl fmt::Display for FileProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FileProblem::Unreadable { why } => write!(f, "the file cannot be read: {why}"),
            FileProblem::NoSheet => f.write_str("the workbook has no sheet"),
            FileProblem::NoHeader => f.write_str(
                "no row heads a column of names (\"Name\", \"Vārds, uzvārds\", or first name and surname)",
            ),
            FileProblem::NoName => f.write_str("the row has no name"),
            FileProblem::TooLong => f.write_str("the cell is too long"),
            FileProblem::BirthYear { value } => write!(f, "\"{value}\" is not a birth year"),
            FileProblem::Category { value } => write!(
                f,
                "\"{value}\" is not a category (men, women, youth or veterans)"
            ),
            FileProblem::Rating { value } => write!(
                f,
                "\"{value}\" is not a rating (a whole number from 0 to 4000)"
            ),
            FileProblem::Twice { first } => write!(f, "the same player as on row {first}"),
            FileProblem::TooMany => write!(
                f,
                "more than {} entries",
                crate::entries::MAX_ENTRIES
            ),
            FileProblem::Unpacked { mib } => {
                write!(f, "the workbook unpacks to more than {mib} MiB")
            }
            FileProblem::Empty => f.write_str("the file lists no player"),
            FileProblem::NoPairColumn => f.write_str(
                "a doubles competition's list needs a column naming each player's pair (\"Pair\", \"Pāris\")",
            ),
            FileProblem::NoTeamColumn => f.write_str(
                "a team competition's list needs a column naming each player's team (\"Team\", \"Komanda\")",
            ),
            FileProblem::NoPair => f.write_str("the row names no pair"),
            FileProblem::NoPairingHeader => f.write_str(
                "no row heads a column of names for each side (\"White\" and \"Black\", or two \"Name\" columns)",
            ),
            FileProblem::NotANumber { value } => write!(f, "\"{value}\" is not a number"),
            FileProblem::UnknownPlayer { name } => {
                write!(f, "\"{name}\" is not entered in the competition")
            }
            FileProblem::SameName { name } => write!(
                f,
                "two entrants are called \"{name}\": give the starting number to tell which"
            ),
            FileProblem::LeftOut { entrant, name } => write!(
                f,
                "{name} (number {entrant}) plays this round and is not in the file"
            ),
            FileProblem::NoTeam => f.write_str("the row names no team"),
            FileProblem::PairAlone { pair } => write!(
                f,
                "the pair \"{pair}\" has one player: a pair is two players"
            ),
            FileProblem::PairSize { pair, players } => write!(
                f,
                "the pair \"{pair}\" is named on {players} rows: a pair is two players"
            ),
            FileProblem::Entered { entrant } => {
                write!(f, "this player is entered already, as number {}", entrant.0)
            }
            FileProblem::Refused { refusal } => refusal.fmt(f),
        }
    }
}

impl From<ImportError> for Refusal {
    /// The reader's refusal of a file, as the competition's.
    fn from(e: ImportError) -> Refusal {
        let problem = match e.problem {
            Problem::Unreadable(why) => FileProblem::Unreadable { why },
            Problem::NoSheet => FileProblem::NoSheet,
            Problem::NoHeader => FileProblem::NoHeader,
            Problem::NoName => FileProblem::NoName,
            Problem::TooLong => FileProblem::TooLong,
            Problem::BirthYear(value) => FileProblem::BirthYear { value },
            Problem::Category(value) => FileProblem::Category { value },
            Problem::Rating(value) => FileProblem::Rating { value },
            Problem::Twice { first } => FileProblem::Twice {
                first: first as u32,
            },
            Problem::TooMany => FileProblem::TooMany,
            Problem::Unpacked => FileProblem::Unpacked {
                mib: crate::entries::MAX_UNPACKED >> 20,
            },
        };
        Refusal::EntryFile {
            row: e.row.map(|r| r as u32),
            column: e.column.map(Into::into),
            problem: Box::new(problem),
        }
    }
}

impl Competition {
    /// The change entering everyone of `sheet`, in the file's order, if
    /// the competition takes all of them; otherwise the refusal of the
    /// first it does not, at its row of the file: players, or for a
    /// doubles competition the pairs the file's pair column makes, or for
    /// a team competition the teams its team column makes (each team's
    /// roster in the file's order, its club the one its players share).
    /// Nothing changes here: the caller applies the change.
    pub fn enter_sheet(&self, sheet: &Sheet) -> Result<Change, Refusal> {
        let (change, _) = self.filed(sheet)?;
        self.clone()
            .apply(&change)
            .map_err(|r| self.in_file(r, sheet))?;
        Ok(change)
    }

    /// The change `sheet` makes for this competition, and the file row
    /// each of its entrants begins on.
    fn filed(&self, sheet: &Sheet) -> Result<(Change, Vec<usize>), Refusal> {
        if sheet.rows.is_empty() {
            return Err(whole(FileProblem::Empty));
        }
        if self.setup().teams.is_some() {
            let grouping = sheet
                .teams
                .as_ref()
                .ok_or_else(|| whole(FileProblem::NoTeamColumn))?;
            everyone_grouped(sheet, grouping, FileProblem::NoTeam)?;
            let teams = grouping
                .groups
                .iter()
                .map(|g| {
                    let roster: Vec<Entry> =
                        g.members.iter().map(|&i| sheet.rows[i].1.clone()).collect();
                    let club = roster[0].club.clone().filter(|c| {
                        let c = crate::entries::folded(c);
                        roster.iter().all(|p| {
                            p.club.as_deref().map(crate::entries::folded) == Some(c.clone())
                        })
                    });
                    Team {
                        name: g.name.clone(),
                        club,
                        roster,
                    }
                })
                .collect();
            let firsts = grouping
                .groups
                .iter()
                .map(|g| sheet.rows[g.members[0]].0)
                .collect();
            return Ok((Change::EnterTeams { teams }, firsts));
        }
        if self.setup().doubles {
            let grouping = sheet
                .pairs
                .as_ref()
                .ok_or_else(|| whole(FileProblem::NoPairColumn))?;
            everyone_grouped(sheet, grouping, FileProblem::NoPair)?;
            let mut entries = Vec::with_capacity(grouping.groups.len());
            let mut firsts = Vec::with_capacity(grouping.groups.len());
            for g in &grouping.groups {
                let [a, b] = g.members[..] else {
                    // Refused at the lone row, or at the third.
                    let (at, problem) = match g.members.get(2) {
                        Some(&third) => (
                            third,
                            FileProblem::PairSize {
                                pair: g.name.clone(),
                                players: g.members.len() as u32,
                            },
                        ),
                        None => (
                            g.members[0],
                            FileProblem::PairAlone {
                                pair: g.name.clone(),
                            },
                        ),
                    };
                    return Err(Refusal::EntryFile {
                        row: Some(sheet.rows[at].0 as u32),
                        column: Some(grouping.column.clone().into()),
                        problem: Box::new(problem),
                    });
                };
                entries.push(sheet.rows[a].1.paired_with(&sheet.rows[b].1));
                firsts.push(sheet.rows[a].0);
            }
            return Ok((Change::EnterList { entries }, firsts));
        }
        let entries = sheet.rows.iter().map(|(_, e)| e.clone()).collect();
        let firsts = sheet.rows.iter().map(|(r, _)| *r).collect();
        Ok((Change::EnterList { entries }, firsts))
    }

    /// `refusal` of the change made of `sheet` ([`Competition::enter_sheet`]),
    /// told at the row (and, for a player entered already, the column) of
    /// the file where its entrant begins: for a player entered already,
    /// the licence's column when both entries have one (the licence tells
    /// them the same), the name's otherwise. Any other refusal is as it
    /// was.
    pub fn in_file(&self, refusal: Refusal, sheet: &Sheet) -> Refusal {
        let Refusal::InList { position, refusal } = refusal else {
            return refusal;
        };
        let Ok((change, firsts)) = self.filed(sheet) else {
            return Refusal::InList { position, refusal };
        };
        let k = position.checked_sub(1).map(|k| k as usize);
        let Some((row, entry)) = k.and_then(|k| {
            let entry = match &change {
                Change::EnterList { entries } => entries.get(k),
                _ => None,
            };
            Some((*firsts.get(k)?, entry))
        }) else {
            return Refusal::InList { position, refusal };
        };
        let (column, problem) = match *refusal {
            Refusal::EnteredTwice { entrant } => {
                let by_licence = entry.is_some_and(|e| e.licence.is_some())
                    && self
                        .listed(entrant)
                        .is_ok_and(|l| l.entry.licence.is_some());
                let column = match (&sheet.licence_column, by_licence) {
                    (Some(licence), true) => licence.clone(),
                    _ => sheet.name_column.clone(),
                };
                (Some(column.into()), FileProblem::Entered { entrant })
            }
            other => (
                None,
                FileProblem::Refused {
                    refusal: Box::new(other),
                },
            ),
        };
        Refusal::EntryFile {
            row: Some(row as u32),
            column,
            problem: Box::new(problem),
        }
    }
}

/// A refusal of the whole file.
fn whole(problem: FileProblem) -> Refusal {
    Refusal::EntryFile {
        row: None,
        column: None,
        problem: Box::new(problem),
    }
}

/// Refused at the first row `grouping` leaves alone: in a list of pairs
/// or teams, every player is in one.
fn everyone_grouped(
    sheet: &Sheet,
    grouping: &Grouping,
    problem: FileProblem,
) -> Result<(), Refusal> {
    match grouping.alone.first() {
        Some(&i) => Err(Refusal::EntryFile {
            row: Some(sheet.rows[i].0 as u32),
            column: Some(grouping.column.clone().into()),
            problem: Box::new(problem),
        }),
        None => Ok(()),
    }
}
