//! A file of players entered at once (issue 33, "Data in and out"): the
//! organiser's CSV or Excel list, read by [`crate::entries`], checked as
//! a whole against the competition, and entered as one
//! [`Change::EnterList`]. A refusal names the file's row and column, so
//! the organiser mends the file and sends it again.

use std::fmt;

use serde::Serialize;

use crate::entries::{ImportError, Problem, Sheet};
use crate::results::Entrant;

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
    /// The change entering every player of `sheet`, in the file's order,
    /// if the competition takes all of them; otherwise the refusal of the
    /// first that it does not, at its row of the file. Nothing changes
    /// here: the caller applies the change.
    pub fn enter_sheet(&self, sheet: &Sheet) -> Result<Change, Refusal> {
        if sheet.rows.is_empty() {
            return Err(Refusal::EntryFile {
                row: None,
                column: None,
                problem: Box::new(FileProblem::Empty),
            });
        }
        let change = Change::EnterList {
            entries: sheet.rows.iter().map(|(_, e)| e.clone()).collect(),
        };
        self.clone()
            .apply(&change)
            .map_err(|r| self.in_file(r, sheet))?;
        Ok(change)
    }

    /// `refusal` of [`Change::EnterList`] made of `sheet`, told at the
    /// row (and, for a player entered already, the column) of the file:
    /// the licence's when both entries have one (the licence tells them
    /// the same), the name's otherwise. Any other refusal is as it was.
    pub fn in_file(&self, refusal: Refusal, sheet: &Sheet) -> Refusal {
        let Refusal::InList { position, refusal } = refusal else {
            return refusal;
        };
        let Some((row, entry)) = position
            .checked_sub(1)
            .and_then(|k| sheet.rows.get(k as usize))
        else {
            return Refusal::InList { position, refusal };
        };
        let (column, problem) = match *refusal {
            Refusal::EnteredTwice { entrant } => {
                let by_licence = entry.licence.is_some()
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
            row: Some(*row as u32),
            column,
            problem: Box::new(problem),
        }
    }
}
