//! The FIDE Dutch Swiss system (Handbook C.04.3, the rules in force from
//! 1 February 2026), the system Swiss-Manager pairs with.
//!
//! [`pair_dutch`] pairs the next round of a [`Field`]: each competitor's
//! [`History`](crate::results::History) so far, who sits this round out, the planned number of
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
mod field;
mod matching;
mod players;
mod weight;

use std::collections::HashSet;

use crate::results::{Entrant, Round};

pub use field::{Competitor, Field, Pairings, PointSystem, SwissError};

pub use weight::{Weight, Wide};

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
