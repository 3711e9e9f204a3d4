//! The FIDE Dutch Swiss system (Handbook C.04.3, the rules in force from
//! 1 February 2026), the system Swiss-Manager pairs with.
//!
//! [`pair_dutch`] pairs the next round of a [`Field`]: each competitor's
//! [`History`] so far, who sits this round out, the planned number of
//! rounds, the initial colour and the points a result is worth. Pairing
//! is deterministic: the same field always gives the same round.
//!
//! How: every pair's standing under the absolute and quality criteria is
//! packed into one wide edge weight (`criteria.rs`), and the brackets are
//! settled from the top score group down by maximum-weight matchings over
//! the whole field (`dutch.rs`), so that no bracket's choice makes the
//! rest of the round unpairable. Colours follow C.04.3 E (`colour.rs`).
//! Checked round by round against bbpPairings 6.0.0, which implements the
//! same rules (tests/club/swiss.rs and scripts/swiss-compare).

mod colour;
mod criteria;
mod dutch;
mod matching;
mod players;
mod weight;

use std::collections::HashSet;

use serde::Serialize;

use crate::results::{Entrant, History, Round, Side};

pub use weight::{Weight, Wide};

/// Points for each kind of result, in tenths of a point (FIDE's TRF
/// writes scores with one decimal).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointSystem {
    /// A win over the table, a forfeit win and a full-point bye.
    pub win: u32,
    /// A draw, and a half-point bye.
    pub draw: u32,
    /// A loss over the table.
    pub loss: u32,
    /// A forfeit loss.
    pub forfeit_loss: u32,
    /// A zero-point bye (or an absence).
    pub zero_bye: u32,
    /// The pairing-allocated bye.
    pub pairing_bye: u32,
}

impl Default for PointSystem {
    /// Chess's 1, ½, 0, the pairing-allocated bye worth a win.
    fn default() -> Self {
        PointSystem {
            win: 10,
            draw: 5,
            loss: 0,
            forfeit_loss: 0,
            zero_bye: 0,
            pairing_bye: 10,
        }
    }
}

/// One competitor of a Swiss.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Competitor {
    /// The starting number.
    pub entrant: Entrant,
    /// The rounds already paired, first first (shorter when the competitor
    /// entered late: the missing rounds count as zero-point byes).
    pub history: History,
    /// Not to be paired this round (a requested bye or an absence).
    pub absent: bool,
}

/// Everything a Swiss round is paired from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Field {
    /// The competitors, by starting number.
    pub competitors: Vec<Competitor>,
    /// The number of rounds already paired.
    pub played: u32,
    /// The number of rounds the competition will have.
    pub rounds: u32,
    /// The colour of the first-ranked player in round 1 (XXC `white1`).
    pub initial: Side,
    /// The points each result is worth.
    pub points: PointSystem,
}

/// A round's pairings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Pairings {
    /// Each pair as (white, black): the first breaks first in set 1.
    pub pairs: Vec<(Entrant, Entrant)>,
    /// The pairing-allocated bye, if the number to pair is odd.
    pub bye: Option<Entrant>,
}

/// Why a round cannot be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SwissError {
    /// No pairing satisfies the absolute criteria (C.1–C.3).
    NoPairing,
    /// So many players and score groups that the criteria do not fit the
    /// widest weight.
    TooLarge,
    /// A history names an opponent who is not a competitor.
    UnknownOpponent(Entrant, Entrant),
    /// The field is already complete.
    Finished(u32),
}

impl std::fmt::Display for SwissError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SwissError::NoPairing => write!(f, "no pairing satisfies the absolute criteria"),
            SwissError::TooLarge => write!(f, "too many players and score groups to pair"),
            SwissError::UnknownOpponent(a, b) => {
                write!(f, "player {} met player {}, who is not entered", a.0, b.0)
            }
            SwissError::Finished(r) => write!(f, "all {r} rounds are already paired"),
        }
    }
}

impl std::error::Error for SwissError {}

/// Pairs the next round of `field` by the Dutch system.
pub fn pair_dutch(field: &Field) -> Result<Pairings, SwissError> {
    if field.played >= field.rounds {
        return Err(SwissError::Finished(field.rounds));
    }
    let known: HashSet<Entrant> = field.competitors.iter().map(|c| c.entrant).collect();
    for c in &field.competitors {
        for r in &c.history.rounds {
            if let Some(o) = r.opponent() {
                if !known.contains(&o) {
                    return Err(SwissError::UnknownOpponent(c.entrant, o));
                }
            }
        }
    }
    let played = field.played as usize;
    let mut sorted = players::players(field, played);
    sorted.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    let index: std::collections::HashMap<Entrant, usize> = sorted
        .iter()
        .enumerate()
        .map(|(i, p)| (p.entrant, i))
        .collect();
    let mut met = HashSet::new();
    for c in &field.competitors {
        let Some(&a) = index.get(&c.entrant) else {
            continue;
        };
        for r in c.history.rounds.iter().take(played) {
            if let Round::Played { opponent, .. } = r {
                if let Some(&b) = index.get(opponent) {
                    met.insert((a.min(b), a.max(b)));
                }
            }
        }
    }
    let p = &field.points;
    let args = (
        &sorted[..],
        &met,
        played,
        field.rounds,
        p.win,
        p.draw,
        field.initial,
    );
    macro_rules! with {
        ($n:literal) => {
            match dutch::pair::<Wide<$n>>(args.0, args.1, args.2, args.3, args.4, args.5, args.6) {
                Err(SwissError::TooLarge) => None,
                r => Some(r),
            }
        };
    }
    // The narrowest weight that holds the criteria: arithmetic on wide
    // weights is most of the time a round takes.
    let result = with!(2)
        .or_else(|| with!(3))
        .or_else(|| with!(4))
        .or_else(|| with!(5))
        .or_else(|| with!(6))
        .or_else(|| with!(8))
        .or_else(|| with!(10))
        .or_else(|| with!(12))
        .or_else(|| with!(16))
        .or_else(|| with!(24))
        .or_else(|| with!(32))
        .unwrap_or(Err(SwissError::TooLarge));
    let mut pairings = result?;
    order(&mut pairings, &sorted);
    Ok(pairings)
}

/// Orders the pairs for boards: by the higher player's score, then the
/// lower player's, then the higher player's rank (as JaVaFo and
/// bbpPairings print them).
fn order(p: &mut Pairings, sorted: &[players::Player]) {
    let by: std::collections::HashMap<Entrant, &players::Player> =
        sorted.iter().map(|p| (p.entrant, p)).collect();
    let key = |(a, b): &(Entrant, Entrant)| {
        let (pa, pb) = (by[a], by[b]);
        let (hi, lo) = if colour::ranks_below(pa, pb) {
            (pb, pa)
        } else {
            (pa, pb)
        };
        (
            std::cmp::Reverse(hi.score),
            std::cmp::Reverse(lo.score),
            hi.rank,
        )
    };
    p.pairs.sort_by_key(key);
}

/// The points a round was worth to its player under `points`.
pub fn round_points(round: &Round, points: &PointSystem) -> u32 {
    players::points(round, points)
}
