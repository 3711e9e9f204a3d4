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
    csv_cells, read_csv, read_csv_rows, read_sheet, read_sheet_rows, workbook_cells, Group,
    Grouping, ImportError, Problem, Sheet, MAX_ENTRIES, MAX_UNPACKED,
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

/// What a file names a forgotten entry by ([`Entry::file_name`]); pages
/// say it in their reader's language.
pub const FORGOTTEN: &str = "Deleted player";

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
    /// The two players of a doubles pair, when the entrant is one (issue
    /// 32: "entries (singles; doubles pairs; teams)"). A pair's own name,
    /// club and category are made from theirs ([`Entry::pair`]); its
    /// rating, to seed by, is the pair's. Absent from a player's entry and
    /// from every change stored before pairs were entered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pair: Option<Box<[Member; 2]>>,
    /// Whether the person this entry is (it has a `person`) asked to be
    /// forgotten (docs/privacy.md): their name, club, licence number and
    /// birth year are gone from it, and every page, sheet and file shows
    /// "a deleted player" in its reader's language. Only the server sets
    /// it, when it forgets someone; absent from every other entry, so
    /// that older changes read as they were written.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forgotten: bool,
}

/// One player of a doubles pair, as the organiser lists them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Member {
    /// The name as it is shown.
    pub name: String,
    /// Their club, if given.
    #[serde(default)]
    pub club: Option<String>,
    /// Their licence number, if given.
    #[serde(default)]
    pub licence: Option<String>,
    /// Their category, if given.
    #[serde(default)]
    pub category: Option<Category>,
    /// Their birth year, if given.
    #[serde(default)]
    pub birth_year: Option<u16>,
}

impl Member {
    /// A member of `name` and nothing else.
    pub fn named(name: &str) -> Member {
        Member {
            name: name.to_owned(),
            club: None,
            licence: None,
            category: None,
            birth_year: None,
        }
    }

    fn who(&self) -> Who<'_> {
        Who {
            name: &self.name,
            licence: self.licence.as_deref(),
            birth_year: self.birth_year,
        }
    }

    /// The member as a player's entry of their own: what a list of
    /// players reads from a row, before the rows are put in pairs.
    fn of(e: &Entry) -> Member {
        Member {
            name: e.name.clone(),
            club: e.club.clone(),
            licence: e.licence.clone(),
            category: e.category,
            birth_year: e.birth_year,
        }
    }
}

/// Who one player is, as two entries are told apart: the name, the
/// licence number and the birth year.
#[derive(Clone, Copy)]
struct Who<'a> {
    name: &'a str,
    licence: Option<&'a str>,
    birth_year: Option<u16>,
}

impl Who<'_> {
    /// The same licence number, or (without one on either side) the same
    /// name, letter case and spacing aside, and no birth year telling
    /// them apart.
    fn same(self, other: Who<'_>) -> bool {
        if let (Some(a), Some(b)) = (self.licence, other.licence) {
            return columns::folded(a) == columns::folded(b);
        }
        let name = |n: &str| {
            n.split_whitespace()
                .collect::<Vec<_>>()
                .join(" ")
                .to_lowercase()
        };
        let years_differ =
            matches!((self.birth_year, other.birth_year), (Some(a), Some(b)) if a != b);
        name(self.name) == name(other.name) && !years_differ
    }
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
            pair: None,
            forgotten: false,
        }
    }

    /// The name files give the entry (TRF, sheets, exports; in English,
    /// as their headings are): its own, or [`FORGOTTEN`] for a person
    /// forgotten, whose name is gone.
    pub fn file_name(&self) -> &str {
        if self.forgotten {
            FORGOTTEN
        } else {
            &self.name
        }
    }

    /// The entry as it stands once its person is forgotten: what said
    /// who they were goes; what the draw and the standings rest on (the
    /// person's opaque id, their category and seeding rating) stays, so
    /// that the competition replays to the same pairings.
    pub fn forgotten(&self) -> Entry {
        Entry {
            name: String::new(),
            club: None,
            licence: None,
            birth_year: None,
            forgotten: true,
            ..self.clone()
        }
    }

    /// The entry of a doubles pair of `first` and `second`: named for
    /// both ("Anna Ozola / Ilze Kalna"), of their club when they share
    /// one (both clubs otherwise), of their category when they share one,
    /// and seeded by `rating`.
    pub fn pair(first: Member, second: Member, rating: Option<u32>) -> Entry {
        let club = match (&first.club, &second.club) {
            (Some(a), Some(b)) if columns::folded(a) == columns::folded(b) => Some(a.clone()),
            (Some(a), Some(b)) => Some(format!("{a} / {b}")),
            (Some(c), None) | (None, Some(c)) => Some(c.clone()),
            (None, None) => None,
        };
        Entry {
            name: format!("{} / {}", first.name, second.name),
            club,
            licence: None,
            category: first.category.filter(|c| Some(*c) == second.category),
            birth_year: None,
            rating,
            person: None,
            pair: Some(Box::new([first, second])),
            forgotten: false,
        }
    }

    /// The pair `self` and `other` make, read from two rows of a list.
    pub fn paired_with(&self, other: &Entry) -> Entry {
        let rating = match (self.rating, other.rating) {
            // A pair is seeded by its players' mean rating, on the same
            // scale as a player's.
            (Some(a), Some(b)) => Some((a + b).div_ceil(2)),
            _ => None,
        };
        Entry::pair(Member::of(self), Member::of(other), rating)
    }

    /// The players the entry is: its pair's two, or itself.
    fn players(&self) -> Vec<Who<'_>> {
        match &self.pair {
            Some(p) => p.iter().map(Member::who).collect(),
            None => vec![Who {
                name: &self.name,
                licence: self.licence.as_deref(),
                birth_year: self.birth_year,
            }],
        }
    }

    /// Whether `self` and `other` share a player: the same person entered
    /// twice, or a player in two pairs (or in a pair and on their own).
    /// Two players are the same by their licence number or, without one
    /// on either side, by name, letter case and spacing aside, with no
    /// birth year telling them apart.
    pub fn same_person(&self, other: &Entry) -> bool {
        // A forgotten entry has no name left to compare; it is told
        // apart by its person, as any entry of a person is.
        if self.forgotten || other.forgotten {
            return false;
        }
        let theirs = other.players();
        self.players()
            .into_iter()
            .any(|a| theirs.iter().any(|b| a.same(*b)))
    }

    /// Whether the two players of a pair are one person.
    pub fn pair_of_one(&self) -> bool {
        self.pair
            .as_ref()
            .is_some_and(|p| p[0].who().same(p[1].who()))
    }
}
