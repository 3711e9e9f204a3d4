//! FIDE's Berger tables (Handbook C.05, Annex 1): the rounds of an
//! all-play-all by the entrants' draw numbers.
//!
//! For an even number `n` of entrants there are `n - 1` rounds. Entrant
//! `n` sits at the first table of every round, first-named in the even
//! rounds and second-named in the odd ones; the others turn around it.
//! Round `r`'s first table has `n` against `a`, where `a = (r + 1) / 2` in
//! an odd round and `a = n / 2 + r / 2` in an even one; the other tables
//! pair `a + k` (named first) with `a - k`, for `k = 1 … n/2 - 1`, counted
//! around `1 … n - 1`. This reproduces the published tables (for 4
//! entrants: `1-4 2-3 | 4-3 1-2 | 2-4 3-1`), which the tests check table by
//! table. An odd number of entrants is played on the tables of the next
//! even number, the highest number being the rest ("bye") of the round.
//!
//! In Novuss the first-named entrant of a pairing breaks first
//! (`../shared/seeds/000`, "Starting a game": "First player in each pair
//! has the right of first stroke; the second player, choice of side"),
//! as white does in chess.
//!
//! A double round robin plays the tables twice, the second cycle with
//! every pairing's order reversed; as C.05 recommends, the last two
//! rounds of the first cycle swap places, so that nobody breaks first (or
//! second) three rounds running across the change of cycle.

use serde::{Deserialize, Serialize};

/// The most entrants a round robin is drawn for: a table of 1,000 rounds
/// is no competition anyone plays, and the bound keeps what a caller asks
/// for small.
pub const MAX_ENTRANTS: u32 = 1000;

/// One or two meetings of every pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cycles {
    /// Every pair meets once.
    Single,
    /// Every pair meets twice, each first-named once.
    Double,
}

/// Two entrants at a table, by draw number (from 1): `first` breaks first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pairing {
    /// Breaks first in the first set ("white").
    pub first: u32,
    /// Chooses the side ("black").
    pub second: u32,
}

/// One round of the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Round {
    /// The round's number, from 1.
    pub number: u32,
    /// Its tables, the first table first.
    pub pairings: Vec<Pairing>,
    /// Who rests this round, with an odd number of entrants.
    pub rests: Option<u32>,
}

/// Why a table cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RoundRobinError {
    /// Fewer than two entrants.
    TooFew(u32),
    /// More than [`MAX_ENTRANTS`].
    TooMany(u32),
}

impl std::fmt::Display for RoundRobinError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoundRobinError::TooFew(n) => {
                write!(f, "a round robin needs at least 2 entrants, not {n}")
            }
            RoundRobinError::TooMany(n) => {
                write!(
                    f,
                    "a round robin is drawn for at most {MAX_ENTRANTS} entrants, not {n}"
                )
            }
        }
    }
}

impl std::error::Error for RoundRobinError {}

/// The rounds of a round robin of `entrants`, by FIDE's Berger tables.
pub fn berger(entrants: u32, cycles: Cycles) -> Result<Vec<Round>, RoundRobinError> {
    if entrants < 2 {
        return Err(RoundRobinError::TooFew(entrants));
    }
    if entrants > MAX_ENTRANTS {
        return Err(RoundRobinError::TooMany(entrants));
    }
    // An odd field plays on the tables of the next even number; that
    // number is nobody, and whoever meets it rests.
    let n = entrants + entrants % 2;
    let mut first: Vec<Round> = (1..n).map(|r| round(n, r, entrants)).collect();
    if cycles == Cycles::Single {
        return Ok(first);
    }
    let len = first.len();
    if len >= 2 {
        first.swap(len - 2, len - 1);
    }
    let second: Vec<Round> = first
        .iter()
        .map(|r| Round {
            number: 0,
            pairings: r
                .pairings
                .iter()
                .map(|p| Pairing {
                    first: p.second,
                    second: p.first,
                })
                .collect(),
            rests: r.rests,
        })
        .collect();
    Ok(first
        .into_iter()
        .chain(second)
        .zip(1..)
        .map(|(r, number)| Round { number, ..r })
        .collect())
}

/// Round `r` of the table for `n` (even) draw numbers, of which those
/// above `entrants` are nobody.
fn round(n: u32, r: u32, entrants: u32) -> Round {
    let others = n - 1;
    // `a` meets `n` at the first table.
    let a = if r % 2 == 1 {
        r.div_ceil(2)
    } else {
        n / 2 + r / 2
    };
    // Draw numbers 1 … n-1 counted around: one past n-1 is 1.
    let around = |x: i64| -> u32 { ((x - 1).rem_euclid(i64::from(others)) + 1) as u32 };
    let mut tables = Vec::with_capacity(n as usize / 2);
    tables.push(if r % 2 == 1 {
        Pairing {
            first: a,
            second: n,
        }
    } else {
        Pairing {
            first: n,
            second: a,
        }
    });
    for k in 1..n / 2 {
        tables.push(Pairing {
            first: around(i64::from(a) + i64::from(k)),
            second: around(i64::from(a) - i64::from(k)),
        });
    }
    let mut rests = None;
    tables.retain(|p| {
        let nobody = [p.first, p.second].iter().any(|&x| x > entrants);
        if nobody {
            rests = Some(p.first.min(p.second));
        }
        !nobody
    });
    Round {
        number: r,
        pairings: tables,
        rests,
    }
}
