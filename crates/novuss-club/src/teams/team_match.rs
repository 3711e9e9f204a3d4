//! A team match: its boards' results, as they come in, and the match's
//! result from them (issue 32, "Teams").
//!
//! Each board is scored for its team (2/1/0 by default; a board lost
//! without play, because a team fielded nobody there or its player did
//! not appear, is a lost board). The match is **decided as soon as one
//! team has passed half of the board points on offer** (with four boards
//! at 2 points, more than 4 of 8): the other can no longer catch up, so
//! the boards still running are not needed and the federation does not
//! play them out. A result entered for a board after the decision is
//! kept and shown, but it changes nothing: neither the decision nor the
//! board points, so that a team whose match ended early is not compared
//! on board points with one whose extra boards were played. When neither
//! team passes half, the match ends when every board is done, and the
//! board points decide it; equal points are a draw (4:4).
//!
//! "After the decision" is by the order the results came in, which is
//! why a match keeps that order. Correcting a board's result keeps its
//! place in the order: it mends a fact, it is not a new one.
//!
//! A team that fields nobody at all has not come: the match is a
//! walkover for the other (a forfeited match, which a Swiss may pair
//! again), or, with neither there, lost by both.

use novuss_core::MatchResult;
use serde::{Deserialize, Serialize};

use super::error::TeamError;
use super::line_up::{boards, Board, LineUp, TeamSide};
use super::team::{Team, TeamRules};

/// How one board ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "side", rename_all = "snake_case")]
pub enum BoardResult {
    /// Played, and this team's player won.
    Won(TeamSide),
    /// Played and drawn.
    Drawn,
    /// This team's player did not appear: the board is lost by forfeit.
    Absent(TeamSide),
    /// Neither player appeared: lost by both.
    BothAbsent,
}

impl BoardResult {
    /// The board points each team gets, the first-named team's first.
    pub fn points(self, rules: &TeamRules) -> (u32, u32) {
        let b = rules.board_points;
        match self {
            BoardResult::Won(TeamSide::First) | BoardResult::Absent(TeamSide::Second) => {
                (b.win, b.loss)
            }
            BoardResult::Won(TeamSide::Second) | BoardResult::Absent(TeamSide::First) => {
                (b.loss, b.win)
            }
            BoardResult::Drawn => (b.draw, b.draw),
            BoardResult::BothAbsent => (b.loss, b.loss),
        }
    }
}

/// Where a board stands in its match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", content = "result", rename_all = "snake_case")]
pub enum BoardStatus {
    /// Still to be played: no result yet, and the match is not decided.
    Playing,
    /// Its result counts for the match.
    Counted(BoardResult),
    /// No result, and none is needed: the match was decided without it.
    NotNeeded,
    /// Its result came in after the match was decided: shown, not counted.
    AfterDecision(BoardResult),
}

/// How a team match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "side", rename_all = "snake_case")]
pub enum TeamOutcome {
    /// Won by this team, over the boards.
    Won(TeamSide),
    /// Drawn: neither passed half, and the board points are equal.
    Drawn,
    /// This team won because the other fielded nobody at all.
    Walkover(TeamSide),
    /// Neither team fielded anyone: lost by both.
    NeitherCame,
}

impl TeamOutcome {
    /// The team match points each team gets, the first-named team's
    /// first. A walkover is a win's and a loss's, as a match won.
    pub fn match_points(self, rules: &TeamRules) -> (u32, u32) {
        let m = rules.match_points;
        match self {
            TeamOutcome::Won(s) | TeamOutcome::Walkover(s) => m.of(result_of(s)),
            TeamOutcome::Drawn => m.of(MatchResult::Drawn),
            TeamOutcome::NeitherCame => (m.loss, m.loss),
        }
    }

    /// Whether the match was played over the boards (not a walkover).
    pub fn played(self) -> bool {
        matches!(self, TeamOutcome::Won(_) | TeamOutcome::Drawn)
    }
}

/// The core's result of a match won by `side`.
fn result_of(side: TeamSide) -> MatchResult {
    match side {
        TeamSide::First => MatchResult::First,
        TeamSide::Second => MatchResult::Second,
    }
}

/// A match's score as its results stand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamMatchScore {
    /// Board by board, board 1 first.
    pub boards: Vec<BoardStatus>,
    /// The first-named team's board points (counted boards only).
    pub first: u32,
    /// The second-named team's.
    pub second: u32,
    /// How it ended; `None` while it runs.
    pub outcome: Option<TeamOutcome>,
    /// The board whose result passed half, when one did. `None` when the
    /// line-ups alone decided it, or when it ran to its last board.
    pub deciding_board: Option<u32>,
}

/// A team match between two line-ups, with its boards' results in the
/// order they were entered. It is made only by [`TeamMatch::new`] and
/// changed only by [`TeamMatch::enter`], which check what they take (so
/// it is serialised to be shown, and rebuilt from its line-ups and
/// results rather than read back).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TeamMatch {
    rules: TeamRules,
    first: LineUp,
    second: LineUp,
    /// (board, result), in the order entered; one entry per board.
    entered: Vec<(u32, BoardResult)>,
}

impl TeamMatch {
    /// A match of `first` (named first) and `second`, each with its
    /// line-up, checked against the rules and the rosters.
    pub fn new(
        rules: TeamRules,
        first: (&Team, LineUp),
        second: (&Team, LineUp),
    ) -> Result<TeamMatch, TeamError> {
        rules.check()?;
        for (side, (team, line_up)) in [(TeamSide::First, &first), (TeamSide::Second, &second)] {
            line_up
                .check(team.roster.len(), rules.boards)
                .map_err(|problem| TeamError::LineUp { side, problem })?;
        }
        Ok(TeamMatch {
            rules,
            first: first.1,
            second: second.1,
            entered: Vec::new(),
        })
    }

    /// The rules it is played by.
    pub fn rules(&self) -> &TeamRules {
        &self.rules
    }

    /// Its boards: who meets whom, and who breaks first.
    pub fn boards(&self) -> Vec<Board> {
        boards(&self.first, &self.second, self.rules.boards)
    }

    /// The results in the order entered.
    pub fn entered(&self) -> &[(u32, BoardResult)] {
        &self.entered
    }

    /// Enters a board's result, or corrects it (keeping its place in the
    /// order). A result after the match was decided is accepted and kept,
    /// and counts for nothing. Refused, and nothing changed, for a board
    /// the match does not have, or one a line-up left empty.
    pub fn enter(&mut self, board: u32, result: BoardResult) -> Result<(), TeamError> {
        if board == 0 || board > self.rules.boards {
            return Err(TeamError::NoBoard { board });
        }
        if self.first.on(board).is_none() || self.second.on(board).is_none() {
            return Err(TeamError::EmptyBoard { board });
        }
        match self.entered.iter_mut().find(|(b, _)| *b == board) {
            Some(slot) => slot.1 = result,
            None => self.entered.push((board, result)),
        }
        Ok(())
    }

    /// The match as its results stand.
    pub fn score(&self) -> TeamMatchScore {
        let rules = &self.rules;
        let n = rules.boards;
        // Passing half: more than half of the points on offer (5 of 8,
        // or 5 of 9 with three boards at 3).
        let passed = |p: u32| 2 * u64::from(p) > u64::from(rules.on_offer());
        let mut boards = vec![BoardStatus::Playing; n as usize];
        let (mut a, mut b) = (0u32, 0u32);
        let first_came = !self.first.players.is_empty();
        let second_came = !self.second.players.is_empty();
        // The empty boards are lost the moment the line-ups are known.
        for number in 1..=n {
            let result = match (self.first.on(number), self.second.on(number)) {
                (Some(_), Some(_)) => continue,
                (None, Some(_)) => BoardResult::Absent(TeamSide::First),
                (Some(_), None) => BoardResult::Absent(TeamSide::Second),
                (None, None) => BoardResult::BothAbsent,
            };
            let (x, y) = result.points(rules);
            a += x;
            b += y;
            boards[number as usize - 1] = BoardStatus::Counted(result);
        }
        let mut decided = passed(a) || passed(b);
        let mut deciding_board = None;
        for &(number, result) in &self.entered {
            // `enter` only keeps boards of the match.
            let Some(slot) = boards.get_mut((number as usize).wrapping_sub(1)) else {
                continue;
            };
            if decided {
                *slot = BoardStatus::AfterDecision(result);
                continue;
            }
            *slot = BoardStatus::Counted(result);
            let (x, y) = result.points(rules);
            a += x;
            b += y;
            if passed(a) || passed(b) {
                decided = true;
                deciding_board = Some(number);
            }
        }
        let all_done = boards.iter().all(|s| *s != BoardStatus::Playing);
        let outcome = if !first_came || !second_came {
            Some(match (first_came, second_came) {
                (false, false) => TeamOutcome::NeitherCame,
                (false, true) => TeamOutcome::Walkover(TeamSide::Second),
                _ => TeamOutcome::Walkover(TeamSide::First),
            })
        } else if decided || all_done {
            Some(if a > b {
                TeamOutcome::Won(TeamSide::First)
            } else if b > a {
                TeamOutcome::Won(TeamSide::Second)
            } else {
                TeamOutcome::Drawn
            })
        } else {
            None
        };
        if decided {
            for s in &mut boards {
                if *s == BoardStatus::Playing {
                    *s = BoardStatus::NotNeeded;
                }
            }
        }
        TeamMatchScore {
            boards,
            first: a,
            second: b,
            outcome,
            deciding_board,
        }
    }
}
