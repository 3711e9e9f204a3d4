//! Knock-out: single elimination by a seeded bracket, with byes when the
//! field is not a power of two, and a match for third place.
//!
//! The bracket is the one tennis and chess organisers draw: on a bracket of
//! `2^k` places, seed 1 meets the lowest seed in the first round, and the
//! halves are built so that the top two seeds can meet only in the final,
//! the top four only from the semi-finals, and so on (seed `s` is placed
//! against `2^r + 1 - s` in every round `r` from the final back). The
//! places of the missing lowest seeds are byes: the top seeds go through
//! the first round without playing, as many as the bracket has places
//! over the field.
//!
//! The start of each match is drawn by toss in a knock-out (`../shared/
//! seeds/000`, "Starting a game": "In a knockout competition right of
//! start is determined by a toss"), so a pairing here says who meets whom,
//! not who breaks first.

use serde::Serialize;

pub mod double;

/// The most entrants a bracket is drawn for.
pub const MAX_KNOCKOUT: u32 = 4096;

/// Where a side of a match comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// An entrant, by seed (from 1).
    Seed(u32),
    /// The winner of an earlier match, by its number.
    WinnerOf(u32),
    /// The loser of an earlier match (the match for third place).
    LoserOf(u32),
}

/// One match of the bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Tie {
    /// Its number, from 1, in the order the rounds are played.
    pub number: u32,
    /// Its round, from 1; the final's is the last, and the match for
    /// third place is in the final's round.
    pub round: u32,
    /// One side.
    pub a: Source,
    /// The other.
    pub b: Source,
}

/// A single-elimination bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Bracket {
    /// Its places: the smallest power of two that holds the field.
    pub places: u32,
    /// The seeds that go through the first round without playing, best
    /// first.
    pub byes: Vec<u32>,
    /// The matches, round by round; a match of the first round that would
    /// be against a bye is not played and not listed.
    pub ties: Vec<Tie>,
    /// The final's number.
    pub final_tie: u32,
    /// The match for third place, if there is one.
    pub third_place: Option<u32>,
}

/// Why a bracket cannot be drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KnockoutError {
    /// Fewer than two entrants.
    TooFew(u32),
    /// More than [`MAX_KNOCKOUT`].
    TooMany(u32),
}

impl std::fmt::Display for KnockoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            KnockoutError::TooFew(n) => write!(f, "a knock-out needs at least 2 entrants, not {n}"),
            KnockoutError::TooMany(n) => {
                write!(
                    f,
                    "a knock-out is drawn for at most {MAX_KNOCKOUT} entrants, not {n}"
                )
            }
        }
    }
}

impl std::error::Error for KnockoutError {}

/// The seeds in bracket order for `places` (a power of two): neighbours
/// meet in the first round, neighbouring pairs in the second, and so on.
/// For 8: 1 8 4 5 2 7 3 6.
pub fn seed_order(places: u32) -> Vec<u32> {
    let mut order = vec![1u32];
    let mut size = 1u32;
    while size < places {
        size *= 2;
        // Each seed of the smaller bracket meets, one round earlier, the
        // seed that makes their sum `size + 1`.
        order = order.iter().flat_map(|&s| [s, size + 1 - s]).collect();
    }
    order
}

/// The bracket for `entrants` seeds; with `third_place`, the semi-finals'
/// losers play for third place (with four entrants or more).
pub fn bracket(entrants: u32, third_place: bool) -> Result<Bracket, KnockoutError> {
    if entrants < 2 {
        return Err(KnockoutError::TooFew(entrants));
    }
    if entrants > MAX_KNOCKOUT {
        return Err(KnockoutError::TooMany(entrants));
    }
    let places = entrants.next_power_of_two();
    let order = seed_order(places);
    let mut ties = Vec::new();
    let mut byes = Vec::new();
    // What stands in each place of the round being drawn.
    let mut standing: Vec<Source> = Vec::new();
    for pair in order.chunks(2) {
        let (a, b) = (pair[0], pair[1]);
        match (a <= entrants, b <= entrants) {
            (true, true) => {
                let number = ties.len() as u32 + 1;
                ties.push(Tie {
                    number,
                    round: 1,
                    a: Source::Seed(a),
                    b: Source::Seed(b),
                });
                standing.push(Source::WinnerOf(number));
            }
            // The bracket's places over the field are the lowest seeds'.
            (true, false) => {
                byes.push(a);
                standing.push(Source::Seed(a));
            }
            (false, true) => {
                byes.push(b);
                standing.push(Source::Seed(b));
            }
            (false, false) => unreachable!("two byes meet only if the bracket is twice too big"),
        }
    }
    byes.sort_unstable();
    let mut round = 1;
    while standing.len() > 1 {
        round += 1;
        let mut next = Vec::with_capacity(standing.len() / 2);
        for pair in standing.chunks(2) {
            let number = ties.len() as u32 + 1;
            ties.push(Tie {
                number,
                round,
                a: pair[0],
                b: pair[1],
            });
            next.push(Source::WinnerOf(number));
        }
        standing = next;
    }
    let last = *ties
        .last()
        .expect("two entrants or more play at least one match");
    let final_tie = last.number;
    // The semi-finals are the matches whose winners meet in the final; a
    // seed who reached the final by byes (three entrants) lost no
    // semi-final, so there is no match for third place.
    let mut third = None;
    if let (true, Source::WinnerOf(x), Source::WinnerOf(y)) = (third_place, last.a, last.b) {
        let number = final_tie + 1;
        ties.push(Tie {
            number,
            round: last.round,
            a: Source::LoserOf(x),
            b: Source::LoserOf(y),
        });
        third = Some(number);
    }
    Ok(Bracket {
        places,
        byes,
        ties,
        final_tie,
        third_place: third,
    })
}
