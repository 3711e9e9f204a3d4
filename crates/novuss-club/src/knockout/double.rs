//! Double elimination: nobody is out before their second loss.
//!
//! The winners' bracket is the seeded single-elimination bracket of
//! [`bracket`](super::bracket) (1 meets the lowest seed, byes to the top
//! seeds). Whoever loses there drops into the losers' bracket, which
//! alternates two kinds of round: a round where the losers' bracket's
//! survivors play each other, and a round where they meet the losers
//! dropping from the next winners' round. The losers of every second
//! dropping round come in reversed (the top half's loser meets the
//! bottom half's survivors), the standard placement that keeps two
//! entrants who met in the winners' bracket apart in the losers' bracket
//! as long as it can.
//!
//! The grand final is the winners' bracket's champion against the losers'
//! bracket's. With the bracket reset, the default, a second final is
//! played if the losers' bracket's champion wins the first, since only
//! then has the winners' champion lost once too: it is the form that
//! keeps the promise of double elimination (nobody out after one loss).
//! Without it the grand final is one match, as time-pressed events play
//! it.
//!
//! Byes are the missing lowest seeds' places, as in single elimination:
//! a match against a bye is not played, its other side goes on, and a bye
//! dropping into the losers' bracket gives the survivor it meets a bye
//! too.

use serde::Serialize;

use super::{seed_order, KnockoutError, Source, MAX_KNOCKOUT};

/// Which part of a double-elimination bracket a match is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// The winners' bracket.
    Winners,
    /// The losers' bracket.
    Losers,
    /// The grand final (and its reset).
    Final,
}

/// One match of a double-elimination bracket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct DoubleTie {
    /// Its number, from 1, in an order it can be played in.
    pub number: u32,
    /// Its part.
    pub part: Part,
    /// Its round within the part, from 1.
    pub round: u32,
    /// One side.
    pub a: Source,
    /// The other.
    pub b: Source,
}

/// A double-elimination bracket.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DoubleBracket {
    /// The winners' bracket's places: the smallest power of two that
    /// holds the field.
    pub places: u32,
    /// The seeds that go through the first round without playing.
    pub byes: Vec<u32>,
    /// The matches; none is against a bye.
    pub ties: Vec<DoubleTie>,
    /// The grand final.
    pub grand_final: u32,
    /// The reset: played only if the losers' bracket's champion (side
    /// `b` of the grand final) wins the grand final.
    pub reset: Option<u32>,
}

/// A side as the bracket is drawn: an entrant to come, or nobody.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Side(Source),
    Bye,
}

struct Draw {
    ties: Vec<DoubleTie>,
}

impl Draw {
    /// A match between `a` and `b`: its winner and loser, without a match
    /// if a side is a bye.
    fn play(&mut self, part: Part, round: u32, a: Slot, b: Slot) -> (Slot, Slot) {
        match (a, b) {
            (Slot::Side(a), Slot::Side(b)) => {
                let number = self.ties.len() as u32 + 1;
                self.ties.push(DoubleTie {
                    number,
                    part,
                    round,
                    a,
                    b,
                });
                (
                    Slot::Side(Source::WinnerOf(number)),
                    Slot::Side(Source::LoserOf(number)),
                )
            }
            (Slot::Side(_), Slot::Bye) => (a, Slot::Bye),
            (Slot::Bye, _) => (b, Slot::Bye),
        }
    }

    /// Pairs neighbours: the winners and the losers, in order.
    fn round(&mut self, part: Part, round: u32, slots: &[Slot]) -> (Vec<Slot>, Vec<Slot>) {
        slots
            .chunks(2)
            .map(|p| self.play(part, round, p[0], p[1]))
            .unzip()
    }
}

/// The double-elimination bracket for `entrants` seeds; with `reset`, the
/// grand final is played again if the losers' bracket's champion wins it.
pub fn double_bracket(entrants: u32, reset: bool) -> Result<DoubleBracket, KnockoutError> {
    if entrants < 2 {
        return Err(KnockoutError::TooFew(entrants));
    }
    if entrants > MAX_KNOCKOUT {
        return Err(KnockoutError::TooMany(entrants));
    }
    let places = entrants.next_power_of_two();
    let mut winners: Vec<Slot> = seed_order(places)
        .into_iter()
        .map(|s| {
            if s <= entrants {
                Slot::Side(Source::Seed(s))
            } else {
                Slot::Bye
            }
        })
        .collect();
    let mut draw = Draw { ties: Vec::new() };
    let (next, dropped) = draw.round(Part::Winners, 1, &winners);
    winners = next;
    // The losers' bracket opens with the first round's losers against
    // each other (with two entrants there is one loser, who waits).
    let mut losers = dropped;
    let mut lround = 0;
    if losers.len() >= 2 {
        lround += 1;
        losers = draw.round(Part::Losers, lround, &losers).0;
    }
    let mut wround = 1;
    while winners.len() > 1 {
        wround += 1;
        let (next, mut dropped) = draw.round(Part::Winners, wround, &winners);
        winners = next;
        if wround % 2 == 0 {
            dropped.reverse();
        }
        lround += 1;
        let meet: Vec<Slot> = dropped
            .iter()
            .zip(&losers)
            .flat_map(|(&d, &s)| [d, s])
            .collect();
        losers = draw.round(Part::Losers, lround, &meet).0;
        if losers.len() >= 2 {
            lround += 1;
            losers = draw.round(Part::Losers, lround, &losers).0;
        }
    }
    let byes = (1..=places - entrants).collect();
    let (Slot::Side(champion), Slot::Side(challenger)) = (winners[0], losers[0]) else {
        unreachable!("two entrants or more leave a champion in each bracket")
    };
    draw.play(Part::Final, 1, Slot::Side(champion), Slot::Side(challenger));
    let grand_final = draw.ties.len() as u32;
    let mut reset_tie = None;
    if reset {
        draw.play(
            Part::Final,
            2,
            Slot::Side(Source::WinnerOf(grand_final)),
            Slot::Side(Source::LoserOf(grand_final)),
        );
        reset_tie = Some(grand_final + 1);
    }
    Ok(DoubleBracket {
        places,
        byes,
        ties: draw.ties,
        grand_final,
        reset: reset_tie,
    })
}
