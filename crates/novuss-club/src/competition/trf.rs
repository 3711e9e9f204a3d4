//! A competition as FIDE's Tournament Report File (TRF-16), for the
//! federation's records and for checking its pairings and standings with
//! other programs (JaVaFo, bbpPairings, Swiss-Manager) or with
//! `novuss club pair` and `novuss club standings`.
//!
//! The file is made from the competition itself, not from any text shown:
//! - players are numbered by the pairing order ([`Competition::ranking`]),
//!   which is FIDE's starting rank (C.04.2), so that a Dutch engine reading
//!   the file pairs the next round as this competition does (`XXC white1`:
//!   the top-ranked entrant breaks first in round 1, as here);
//! - points are the competition's, in TRF's tenths (`BBW`, `BBD`, …: 2/1/0
//!   match points are written `2.0`, `1.0`, `0.0`);
//! - a match without a result yet is left blank (TRF-16 has no code for a
//!   game being played); the rounds before a late entry and after a
//!   withdrawal are zero-point byes (`Z`), as C.07 16.1 counts them;
//! - once the last round is complete, the round to pair next carries who
//!   sits it out: a requested bye (`F`, `H`, `Z`) or a withdrawal (`Z`),
//!   the TRF-16 convention JaVaFo and bbpPairings read.
//!
//! TRF-16 has no set scores: a set-ratio tie-break cannot be recomputed
//! from the file.

use std::collections::HashMap;

use crate::results::{Bye, Entrant, Round};
use crate::swiss::{round_points, PointSystem};
use crate::trf::{Trf, TrfPlayer};

use super::{Competition, Day, System};

/// The characters of a player line's name field (columns 15–47).
const NAME_COLUMNS: usize = 33;

/// A day as TRF writes dates.
fn trf_day(d: Day) -> String {
    format!("{:04}/{:02}/{:02}", d.year, d.month, d.day)
}

impl Competition {
    /// The competition as a TRF-16 file, lines ended by a line feed.
    pub fn trf(&self) -> String {
        crate::trf::write(&self.trf_model())
    }

    /// The competition as the TRF module models a file.
    pub fn trf_model(&self) -> Trf {
        let s = &self.setup;
        let mut other = vec![format!("012 {}", s.name)];
        if let Some(v) = &s.venue {
            other.push(format!("022 {v}"));
        }
        if let Some(d) = s.starts {
            other.push(format!("042 {}", trf_day(d)));
        }
        if let Some(d) = s.ends {
            other.push(format!("052 {}", trf_day(d)));
        }
        other.push(format!("062 {}", self.entrants.len()));
        other.push(format!(
            "092 {}",
            match s.system {
                System::Swiss { .. } => "Individual: Swiss-System (FIDE Dutch)",
                System::RoundRobin { .. } => "Individual: Round-Robin (Berger)",
                System::Knockout { .. } => "Individual: Knock-out",
                System::DoubleElimination { .. } => "Individual: Double elimination",
                System::GroupsThenKnockout { .. } => "Individual: Groups (Berger) then knock-out",
            }
        ));
        let p = self.point_system();
        // TRF writes points with one decimal: the competition's units are
        // whole points.
        let points = PointSystem {
            win: p.win * 10,
            draw: p.draw * 10,
            loss: p.loss * 10,
            forfeit_loss: p.forfeit_loss * 10,
            zero_bye: p.zero_bye * 10,
            pairing_bye: p.pairing_bye * 10,
        };
        let ranking = self.ranking();
        let number = self.pairing_numbers();
        let ranks: HashMap<Entrant, u32> = self
            .standings()
            .map(|st| {
                st.rows
                    .iter()
                    .map(|r| (r.entrant, *r.place.start()))
                    .collect()
            })
            .unwrap_or_default();
        let histories = self.histories();
        let next = self.rounds.len() as u32 + 1;
        let to_pair = self.rounds.last().is_none_or(|r| r.complete()) && next <= self.round_count();
        let players = ranking
            .iter()
            .map(|&e| {
                let listed = &self.entrants[(e.0 - 1) as usize];
                let mut rounds: Vec<Option<Round>> = histories[(e.0 - 1) as usize]
                    .rounds
                    .iter()
                    .map(|r| match r {
                        Round::Pending { .. } => None,
                        r => Some(r.with_opponent(|o| number[&o])),
                    })
                    .collect();
                if to_pair {
                    let asked = self
                        .requested
                        .iter()
                        .find(|r| r.entrant == e && r.round == next)
                        .map(|r| r.bye);
                    if !self.available(e, next) {
                        rounds.push(Some(Round::Bye(Bye::Zero)));
                    } else if let Some(bye) = asked {
                        rounds.push(Some(Round::Bye(bye)));
                    }
                }
                let total = rounds
                    .iter()
                    .flatten()
                    .map(|r| round_points(r, &points))
                    .sum();
                TrfPlayer {
                    number: number[&e],
                    name_block: name_block(&listed.entry),
                    rating: listed.entry.rating,
                    id_block: id_block(&listed.entry),
                    points: total,
                    rank: ranks.get(&e).copied(),
                    rounds,
                }
            })
            .collect();
        Trf {
            players,
            rounds: Some(self.round_count()),
            initial: Some(crate::results::Side::First),
            points,
            points_given: true,
            other,
        }
    }
}

/// Columns 10–47: sex (`m`, `w` by the category, else blank), an empty
/// title, the name cut to its 33 columns.
fn name_block(entry: &crate::entries::Entry) -> String {
    use crate::entries::Category;
    let sex = match entry.category {
        Some(Category::Men) => 'm',
        Some(Category::Women) => 'w',
        _ => ' ',
    };
    let name: String = entry.file_name().chars().take(NAME_COLUMNS).collect();
    format!("{sex}    {name}")
}

/// Columns 54–80: no federation or FIDE id (Novuss players have none),
/// the birth year as TRF's date with unknown month and day.
fn id_block(entry: &crate::entries::Entry) -> String {
    let born = entry
        .birth_year
        .map(|y| format!("{y:04}/00/00"))
        .unwrap_or_default();
    format!("{:3} {:11} {born:10}", "", "")
}
