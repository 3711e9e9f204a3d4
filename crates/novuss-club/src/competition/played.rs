//! The matches a competition's players played against each other, with
//! their results: what a rating of players reads (the server's real-table
//! ratings, issue 33). In a competition of players these are its boards;
//! in a team competition, its team matches' boards, each a match of two
//! players (issue 32: a team match is played board by board). A doubles
//! competition's entrants are pairs, not players: it has none.

use crate::entries::Entry;

use super::{Competition, Outcome};

/// One match of two players and how it ended, as entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayedMatch<'a> {
    /// The round it was played in.
    pub round: u32,
    /// The first-named player (the board's first side; the first-named
    /// team's player on a team match's board).
    pub first: &'a Entry,
    /// The other.
    pub second: &'a Entry,
    /// Its result, the first-named player's sets first.
    pub outcome: Outcome,
}

impl Competition {
    /// Every match of two players whose result is in, round by round:
    /// the boards of a competition of players (not those the pairing
    /// itself decided, a withdrawn entrant's: nobody played them), or the
    /// boards of a team competition's team matches; none in doubles.
    pub fn played_matches(&self) -> Vec<PlayedMatch<'_>> {
        if self.setup.doubles {
            return Vec::new();
        }
        if self.teams.is_some() {
            return self.team_games();
        }
        let entry = |e: crate::results::Entrant| {
            e.0.checked_sub(1)
                .and_then(|i| self.entrants.get(i as usize))
                .map(|l| &l.entry)
        };
        let mut out = Vec::new();
        for round in &self.rounds {
            for b in &round.boards {
                if b.by_pairing {
                    continue;
                }
                if let (Some(first), Some(second), Some(outcome)) =
                    (entry(b.paired.first), entry(b.paired.second), b.outcome)
                {
                    out.push(PlayedMatch {
                        round: round.number,
                        first,
                        second,
                        outcome,
                    });
                }
            }
        }
        out
    }
}
