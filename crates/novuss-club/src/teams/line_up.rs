//! Who plays on which board of a team match.
//!
//! A team fields up to `boards` players from its roster, **in roster
//! order**: a player may be left out (a reserve comes in, and everyone
//! below moves up a board), but nobody plays above a player the roster
//! lists before them. This is the rule of FIDE's Chess Olympiad, whose
//! regulations fix each team's board order for the whole event, a
//! captain naming four of five players for a round in that order; and it
//! is the rule a team championship needs, whatever FIDE says: without
//! it a captain could drop their best player down a board or two to meet
//! a weaker opponent, or sacrifice board 1, and the boards would no
//! longer meet strength against strength. So the order is the roster's,
//! fixed before the season, and a line-up only chooses who sits out.
//!
//! The players fielded take the boards from board 1 down: a team short
//! of players leaves its **last** boards empty (as at the Olympiad, where
//! a team with three players present plays boards 1 to 3), so that where
//! a board is lost without play is not a captain's choice either. A
//! player who is named and then does not appear loses their board by
//! forfeit ([`super::BoardResult::Absent`]), wherever it is.
//!
//! Board `b` of one team meets board `b` of the other. Who breaks first
//! alternates by board: the first-named team's player breaks first on
//! the odd boards, the second-named team's on the even ones, so that
//! neither team has the first stroke on every board (chess's team
//! matches alternate colours by board the same way).

use std::fmt;

use serde::{Deserialize, Serialize};

/// A player by their place on their team's roster, from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct RosterPlace(pub u32);

/// A team's players for one match, board 1 first. Boards after the last
/// player named are empty.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineUp {
    /// The players by roster place, board 1 first.
    pub players: Vec<RosterPlace>,
}

impl LineUp {
    /// The first `boards` of a roster of `roster` players: the line-up
    /// of a team with nobody sitting out.
    pub fn regulars(boards: u32, roster: usize) -> LineUp {
        let n = (boards as usize).min(roster) as u32;
        LineUp {
            players: (1..=n).map(RosterPlace).collect(),
        }
    }

    /// Checks the line-up against a roster of `roster` players and a
    /// match of `boards` boards.
    pub fn check(&self, roster: usize, boards: u32) -> Result<(), LineUpProblem> {
        if self.players.len() > boards as usize {
            return Err(LineUpProblem::TooMany {
                players: self.players.len(),
                boards,
            });
        }
        let mut last: Option<RosterPlace> = None;
        for (i, &place) in self.players.iter().enumerate() {
            let board = i as u32 + 1;
            if place.0 == 0 || place.0 as usize > roster {
                return Err(LineUpProblem::NotOnRoster { board, place });
            }
            if let Some(above) = last {
                if self.players[..i].contains(&place) {
                    return Err(LineUpProblem::Twice { board, place });
                }
                if place < above {
                    return Err(LineUpProblem::OutOfOrder {
                        board,
                        place,
                        above,
                    });
                }
            }
            last = Some(place);
        }
        Ok(())
    }

    /// The player on `board` (from 1), if the team fielded one.
    pub fn on(&self, board: u32) -> Option<RosterPlace> {
        let i = board.checked_sub(1)? as usize;
        self.players.get(i).copied()
    }
}

/// One board of a team match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// The board, from 1.
    pub number: u32,
    /// The first-named team's player, if it fielded one.
    pub first: Option<RosterPlace>,
    /// The second-named team's player, if it fielded one.
    pub second: Option<RosterPlace>,
    /// Whose player breaks first in the first set.
    pub breaks_first: TeamSide,
}

/// Which team's player breaks first on `board` (from 1): the first-named
/// team's on the odd boards.
pub fn breaks_first(board: u32) -> TeamSide {
    if board % 2 == 1 {
        TeamSide::First
    } else {
        TeamSide::Second
    }
}

/// The boards of a match between two line-ups.
pub fn boards(first: &LineUp, second: &LineUp, boards: u32) -> Vec<Board> {
    (1..=boards)
        .map(|number| Board {
            number,
            first: first.on(number),
            second: second.on(number),
            breaks_first: breaks_first(number),
        })
        .collect()
}

/// The two teams of a match: the first-named (whose player breaks first
/// on the odd boards) and the second-named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TeamSide {
    /// The first-named team.
    First,
    /// The second-named team.
    Second,
}

impl TeamSide {
    /// The other team.
    pub fn other(self) -> TeamSide {
        match self {
            TeamSide::First => TeamSide::Second,
            TeamSide::Second => TeamSide::First,
        }
    }
}

/// Why a line-up cannot be fielded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum LineUpProblem {
    /// More players than the match has boards.
    TooMany {
        /// Players named.
        players: usize,
        /// Boards.
        boards: u32,
    },
    /// A roster place that the team's roster does not have.
    NotOnRoster {
        /// The board they were named for, from 1.
        board: u32,
        /// The place named.
        place: RosterPlace,
    },
    /// A player named on two boards.
    Twice {
        /// The second board they were named for.
        board: u32,
        /// Who.
        place: RosterPlace,
    },
    /// Two players out of roster order: `above`, on an earlier board,
    /// is listed after `place`.
    OutOfOrder {
        /// The board `place` was named for.
        board: u32,
        /// The player named below someone listed after them.
        place: RosterPlace,
        /// That someone, on an earlier board.
        above: RosterPlace,
    },
}

impl fmt::Display for LineUpProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            LineUpProblem::TooMany { players, boards } => {
                write!(f, "{players} players named for {boards} boards")
            }
            LineUpProblem::NotOnRoster { board, place } => {
                write!(f, "board {board}: the roster has no player {}", place.0)
            }
            LineUpProblem::Twice { board, place } => {
                write!(f, "board {board}: player {} is on a board already", place.0)
            }
            LineUpProblem::OutOfOrder {
                board,
                place,
                above,
            } => write!(
                f,
                "board {board}: player {} cannot play below player {}, who is listed after them",
                place.0, above.0
            ),
        }
    }
}
