//! Conduct penalties, recorded with the clause they apply (issue 33,
//! "Referees": "conduct penalties (a warning, a set forfeited) are
//! recorded with the clause they apply"). The rule book gives the
//! referee the steps: "If a player contravenes any rules in this manual,
//! the referee may issue a warning. For repeated offences, the
//! forfeiture of a set or game may be imposed" (`000_85d66760196b64c8.txt`
//! 1.28).
//!
//! A penalty is a record of a board's match: who, what, and the clause,
//! as the referee or the organiser gives it. It does not change the
//! result by itself: a set forfeited is one of the sets the result
//! counts, and a match forfeited is entered as a forfeit, as the desk
//! enters every result. A penalty recorded in error is taken back: kept
//! in the record, marked, so that what was said stays visible. In a team
//! competition a penalty is given on a team match's board, to the player
//! of one team there.

use serde::{Deserialize, Serialize};

use crate::results::Side;

use super::{setup, Competition, Refusal, TableMatch};

/// What a referee imposes for a player's conduct (`000` 1.28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Conduct {
    /// A warning.
    Warning,
    /// A set forfeited.
    SetForfeited,
    /// The match forfeited.
    MatchForfeited,
}

/// A penalty as the competition keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Penalty {
    /// Its number, from 1, in the order recorded.
    pub number: u32,
    /// The round.
    pub round: u32,
    /// The team match, from 1, in a team competition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_match: Option<u32>,
    /// The board, from 1 (of the team match, in a team competition).
    pub board: u32,
    /// Whose player: the board's first-named or second-named (the
    /// first-named team's player on a team match's board).
    pub side: Side,
    /// What was imposed.
    pub conduct: Conduct,
    /// The clause it applies, as the referee cites it ("000 1.28").
    pub clause: String,
    /// Whether it was taken back (recorded in error).
    pub taken_back: bool,
}

impl Competition {
    /// The penalties recorded, the first first.
    pub fn penalties(&self) -> &[Penalty] {
        &self.penalties
    }

    /// Records a penalty on the match at `at`, whose board has a player
    /// on the side penalised.
    pub(super) fn penalise(
        &mut self,
        at: TableMatch,
        side: Side,
        conduct: Conduct,
        clause: &str,
    ) -> Result<(), Refusal> {
        let sides = self.at_table(at)?;
        let player = match side {
            Side::First => sides.first,
            Side::Second => sides.second,
        };
        if player.is_none() {
            return Err(Refusal::EmptyTeamBoard { board: at.board });
        }
        let clause = setup::text("clause", clause)?.ok_or(Refusal::Missing { field: "clause" })?;
        self.penalties.push(Penalty {
            number: self.penalties.len() as u32 + 1,
            round: at.round,
            team_match: at.team_match,
            board: at.board,
            side,
            conduct,
            clause,
            taken_back: false,
        });
        Ok(())
    }

    /// Takes penalty `number` back.
    pub(super) fn take_back_penalty(&mut self, number: u32) -> Result<(), Refusal> {
        let p = number
            .checked_sub(1)
            .and_then(|i| self.penalties.get_mut(i as usize))
            .filter(|p| !p.taken_back)
            .ok_or(Refusal::NoSuchPenalty { penalty: number })?;
        p.taken_back = true;
        Ok(())
    }
}
