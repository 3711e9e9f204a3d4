//! A competition's entries as an organiser keeps them: the list of
//! players with their club, licence number, category and birth year,
//! typed in, or read from the CSV file or Excel sheet the club already has
//! ([`read_csv`], [`read_sheet`]).
//!
//! A list is checked as a whole before anything is kept: a name missing,
//! a birth year or category that cannot be read, or a player entered
//! twice refuses the whole list with the row (as the sheet numbers it)
//! and the column, so the organiser mends the file and reads it again.

mod columns;

pub use columns::{folded, unmarked};
mod read;

use serde::{Deserialize, Serialize};

pub use read::{
    read_csv, read_csv_rows, read_sheet, read_sheet_rows, ImportError, Problem, Sheet, MAX_ENTRIES,
    MAX_UNPACKED,
};

/// The categories Novuss competitions are played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Men.
    Men,
    /// Women.
    Women,
    /// Youth (juniors).
    Youth,
    /// Veterans (seniors).
    Veterans,
}

impl Category {
    /// The category a sheet's cell names, in English or Latvian, in full
    /// or as the federation's tables shorten it; `None` for anything else.
    pub fn named(text: &str) -> Option<Category> {
        let t = columns::folded(text);
        let t = t.trim_end_matches('.');
        Some(match t {
            "men" | "man" | "m" | "male" | "viriesi" | "viriesu" | "vir" => Category::Men,
            "women" | "woman" | "w" | "f" | "female" | "sievietes" | "sieviesu" | "siev" => {
                Category::Women
            }
            "youth" | "junior" | "juniors" | "jauniesi" | "jaunieti" | "jun" | "j" => {
                Category::Youth
            }
            "veterans" | "veteran" | "senior" | "seniors" | "veterani" | "vet" | "sen" => {
                Category::Veterans
            }
            _ => return None,
        })
    }
}

/// One entrant of an individual competition, as the organiser lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The name as it is shown ("Jānis Bērziņš").
    pub name: String,
    /// Their club, if given.
    pub club: Option<String>,
    /// Their federation licence number, if given: two entries with the
    /// same one are the same person.
    pub licence: Option<String>,
    /// Their category, if given.
    pub category: Option<Category>,
    /// Their birth year, if given.
    pub birth_year: Option<u16>,
    /// A rating to seed by, if the list has one.
    pub rating: Option<u32>,
    /// The person with an account this entrant is, when they entered
    /// themselves or the organiser entered them by their user name: the
    /// server's public person id, opaque here. Absent from entries of a
    /// list (and from every change stored before people could enter), so
    /// that old changes read as they were written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub person: Option<String>,
}

impl Entry {
    /// An entry of `name` and nothing else.
    pub fn named(name: &str) -> Entry {
        Entry {
            name: name.to_owned(),
            club: None,
            licence: None,
            category: None,
            birth_year: None,
            rating: None,
            person: None,
        }
    }

    /// Whether `self` and `other` are the same person entered twice: the
    /// same licence number, or (without one on either side) the same name,
    /// letter case and spacing aside, and no birth year telling them
    /// apart.
    pub fn same_person(&self, other: &Entry) -> bool {
        if let (Some(a), Some(b)) = (&self.licence, &other.licence) {
            return columns::folded(a) == columns::folded(b);
        }
        let name = |e: &Entry| {
            e.name
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        };
        let years_differ =
            matches!((self.birth_year, other.birth_year), (Some(a), Some(b)) if a != b);
        name(self) == name(other) && !years_differ
    }
}
