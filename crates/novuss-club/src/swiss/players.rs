//! What the Dutch system reads of each player before a round: score,
//! colour history and preference (C.04.3 A.6), floats (A.4), bye
//! eligibility (C.04.1 c and C.04.3 C.2).

use crate::results::{Bye, Entrant, Round, Score, Side};

use super::field::{Competitor, Field, PointSystem};

/// Which way a player floated in a past round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Float {
    Down,
    Up,
    None,
}

/// One player to pair, with everything the criteria read.
#[derive(Clone, Debug)]
pub(crate) struct Player {
    pub entrant: Entrant,
    /// Place among the valid players by starting number, from 0.
    pub rank: usize,
    /// Points, in tenths.
    pub score: u32,
    /// Games played over the table.
    pub played_games: u32,
    /// Colours of the games played, in order.
    pub colours: Vec<Side>,
    /// The colour the player should get next, if any (A.6).
    pub preference: Option<Side>,
    /// |whites − blacks|.
    pub imbalance: u32,
    /// The colour of the last two played games, when they were the same.
    pub repeated: Option<Side>,
    /// A strong (not absolute) preference.
    pub strong: bool,
    /// May receive the pairing-allocated bye.
    pub bye_eligible: bool,
    /// Floats one and two rounds back.
    pub floats: [Float; 2],
}

impl Player {
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    pub fn absolute_preference(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// The points a round was worth to its player.
pub(crate) fn points(round: &Round, p: &PointSystem) -> u32 {
    match *round {
        Round::Played { score, .. } => match score {
            Score::Win => p.win,
            Score::Draw => p.draw,
            Score::Loss => p.loss,
        },
        Round::Forfeit { won: true, .. } => p.win,
        Round::Forfeit { won: false, .. } => p.forfeit_loss,
        Round::Bye(Bye::PairingAllocated) => p.pairing_bye,
        Round::Bye(Bye::Full) => p.win,
        Round::Bye(Bye::Half) => p.draw,
        Round::Bye(Bye::Zero) => p.zero_bye,
        Round::Pending { .. } => 0,
    }
}

/// A competitor's score after their first `rounds` rounds.
pub(crate) fn score_after(c: &Competitor, rounds: usize, p: &PointSystem) -> u32 {
    c.history
        .rounds
        .iter()
        .take(rounds)
        .map(|r| points(r, p))
        .sum()
}

/// Whether the round took part in the pairing (an opponent, or the
/// pairing-allocated bye).
pub(crate) fn participated(round: &Round) -> bool {
    matches!(
        round,
        Round::Played { .. }
            | Round::Forfeit { .. }
            | Round::Pending { .. }
            | Round::Bye(Bye::PairingAllocated)
    )
}

/// The players of `field` who are to be paired this round, each with their
/// pairing facts; `played` is the number of rounds already paired.
pub(crate) fn players(field: &Field, played: usize) -> Vec<Player> {
    let p = &field.points;
    let by_number: std::collections::HashMap<Entrant, &Competitor> =
        field.competitors.iter().map(|c| (c.entrant, c)).collect();
    let mut out = Vec::new();
    // The rank counts every player who is in the tournament: one to be
    // paired now or one who took part in an earlier pairing.
    let mut rank = 0;
    for c in &field.competitors {
        let in_pairing = !c.absent;
        let ever = c.history.rounds.iter().any(participated);
        if !in_pairing && !ever {
            continue;
        }
        let my_rank = rank;
        rank += 1;
        if !in_pairing {
            continue;
        }
        let score = score_after(c, played, p);
        let mut whites = 0u32;
        let mut blacks = 0u32;
        let mut colours = Vec::new();
        let mut run = 0u32;
        let mut last: Option<Side> = None;
        for r in c.history.rounds.iter().take(played) {
            if let Round::Played { side, .. } = *r {
                if side == Side::First {
                    whites += 1;
                } else {
                    blacks += 1;
                }
                run = if last == Some(side) { run + 1 } else { 1 };
                last = Some(side);
                colours.push(side);
            }
        }
        let lower = if whites > blacks {
            Side::Second
        } else {
            Side::First
        };
        let imbalance = whites.abs_diff(blacks);
        let preference = if imbalance > 1 {
            Some(lower)
        } else if run > 1 {
            last.map(Side::other)
        } else if imbalance > 0 {
            Some(lower)
        } else {
            last.map(Side::other)
        };
        let repeated = if run > 1 { last } else { None };
        let absolute = imbalance > 1 || repeated.is_some();
        let bye_eligible = !c.history.rounds.iter().take(played).any(|r| {
            (!r.played() && points(r, p) >= p.win) || matches!(r, Round::Bye(Bye::PairingAllocated))
        });
        let float = |back: usize| -> Float {
            if played < back {
                return Float::None;
            }
            let at = played - back;
            let Some(r) = c.history.rounds.get(at) else {
                return Float::None;
            };
            match *r {
                Round::Played { opponent, .. } => {
                    let mine = score_after(c, at, p);
                    let theirs = by_number
                        .get(&opponent)
                        .map(|o| score_after(o, at, p))
                        .unwrap_or(0);
                    if mine > theirs {
                        Float::Down
                    } else if mine < theirs {
                        Float::Up
                    } else {
                        Float::None
                    }
                }
                _ if points(r, p) > p.loss => Float::Down,
                _ => Float::None,
            }
        };
        out.push(Player {
            entrant: c.entrant,
            rank: my_rank,
            score,
            played_games: colours.len() as u32,
            colours,
            preference,
            imbalance,
            repeated,
            strong: !absolute && imbalance > 0,
            bye_eligible,
            floats: [float(1), float(2)],
        });
    }
    out
}
