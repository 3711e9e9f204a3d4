//! What the competition tests share: a set-up naming only its system,
//! format and tables, the rest as an organiser leaves it (no venue, club
//! or days; 2/1/0; unrated; the system's own tie-breaks; on real tables),
//! so that a field the set-up gains is written here once.

use novuss_club::{Setup, System};
use novuss_core::{MatchFormat, MatchPoints};

/// A set-up named `name` of `system` in `format` on `tables` tables.
pub fn setup(name: &str, system: System, format: MatchFormat, tables: u32) -> Setup {
    Setup {
        name: name.into(),
        venue: None,
        club: None,
        starts: None,
        ends: None,
        tables,
        system,
        format,
        points: MatchPoints::default(),
        rated: false,
        tiebreaks: vec![],
        play: Default::default(),
        open_entry: false,
    }
}
