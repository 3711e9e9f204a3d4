//! What the competition tests share: a set-up naming only its system,
//! format and tables, the rest as an organiser leaves it (no venue, club
//! or days; 2/1/0; unrated; the system's own tie-breaks; on real tables),
//! so that a field the set-up gains is written here once; and a field
//! entered in the order of its seeds.

use novuss_club::{Change, Competition, Entry, Setup, System};
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
        teams: None,
        doubles: false,
    }
}

/// A competition of `setup` with `n` entrants "Player 1", "Player 2", …
/// rated 2000, 1990, … (entrant `k` is seed `k`).
pub fn seeded(setup: Setup, n: u32) -> Competition {
    let mut c = Competition::new(setup).unwrap();
    for i in 0..n {
        let entry = Entry {
            rating: Some(2000 - 10 * i),
            ..Entry::named(&format!("Player {}", i + 1))
        };
        c.apply(&Change::Enter { entry }).unwrap();
    }
    c
}
