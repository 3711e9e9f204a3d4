//! The changes an organiser (or an arbiter) makes to a competition, each
//! one value: the server stores them in order and a competition is
//! rebuilt by applying them again, as a game is rebuilt from its events.
//!
//! A pairing is stored as it came out, not as "pair the next round": a
//! later version of the pairing engine must not change a round that was
//! played.

use serde::{Deserialize, Serialize};

use crate::entries::Entry;
use crate::results::{Bye, Entrant, Side};
use crate::teams::{RosterPlace, Team, TeamSide};

/// How a match ended, as the table protocol or the organiser gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Outcome {
    /// Played: the sets each side won, the first-named side's first.
    Sets {
        /// Sets the first-named side won.
        first: u32,
        /// Sets the second-named side won.
        second: u32,
    },
    /// One side did not appear: the other wins without play.
    Forfeit {
        /// The side that appeared.
        winner: Side,
    },
    /// Neither side appeared: both lose without play.
    BothAbsent,
    /// Played, its sets not known: the winner, or none for a draw. What a
    /// file from another program gives (FIDE's TRF-16 has results, `1`,
    /// `=`, `0`, and no sets: `competition/trf_import.rs`); the standings
    /// count it as a win, draw or loss with no sets.
    Decided {
        /// Who won; `null`: drawn (only in a format that can end level).
        winner: Option<Side>,
    },
    /// A team match decided over its boards: the board points each team
    /// counted, the first-named team's first (more wins it, equal draws).
    /// Made by the competition from the boards' results
    /// (`competition/teams.rs`), never entered: a team match's result
    /// comes in board by board ([`Change::BoardResult`]).
    Team {
        /// The first-named team's board points.
        first: u32,
        /// The second-named team's.
        second: u32,
    },
}

/// One board of a pairing as stored: who meets whom, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Paired {
    /// Breaks first in the first set.
    pub first: Entrant,
    /// The other.
    pub second: Entrant,
    /// The table, from 1; `None` while the board waits for one to come
    /// free (more boards than tables).
    pub table: Option<u32>,
}

/// Someone not paired in a round, and what the round gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rest {
    /// Who.
    pub entrant: Entrant,
    /// The bye (a round robin's rest is a zero-point one).
    pub bye: Bye,
}

/// A change to a competition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case", deny_unknown_fields)]
pub enum Change {
    /// A new entrant, numbered after the last (late entries too, in a
    /// Swiss: they miss the rounds already paired, as zero-point byes).
    Enter {
        /// Who.
        entry: Entry,
    },
    /// A list of new entrants at once (read from the organiser's file),
    /// numbered after the last in the list's order: all of them are
    /// entered or, if any one cannot be, none (the import is one change
    /// in the record, and followers see it once).
    EnterList {
        /// Who, in the list's order.
        entries: Vec<Entry>,
    },
    /// An entrant leaves: not paired from the next round on (in a round
    /// robin their remaining matches are lost without play).
    Withdraw {
        /// Who.
        entrant: Entrant,
    },
    /// An entrant asks not to be paired in a round not yet paired, for a
    /// full-, half- or zero-point bye (FIDE C.04.1; what it is worth is
    /// the competition's rule).
    RequestBye {
        /// Who.
        entrant: Entrant,
        /// The round.
        round: u32,
        /// Which bye: full, half or zero.
        bye: Bye,
    },
    /// A round's pairing, as the engine (or the organiser) made it: the
    /// boards top first, and who rests.
    Pair {
        /// The round, from 1.
        round: u32,
        /// The boards, the top board first.
        boards: Vec<Paired>,
        /// Those not paired.
        rests: Vec<Rest>,
    },
    /// A board's result, entered or corrected.
    Result {
        /// The round.
        round: u32,
        /// The board, from 1 (the top board is 1).
        board: u32,
        /// How it ended.
        outcome: Outcome,
    },
    /// The last round's pairing is taken back, while none of its results
    /// is in.
    Unpair {
        /// The round.
        round: u32,
    },
    /// The organiser's seeding, before the first round (issue 32: "seeds
    /// (by rating or by hand)"): every entrant so far, seed 1 first. It
    /// takes the place of the ranking by rating wherever the ranking
    /// counts (pairing numbers, a bracket's seeds, the groups' snake);
    /// those entered after it follow it, by rating. An empty list goes
    /// back to the ranking by rating.
    Seed {
        /// The entrants, seed 1 first.
        order: Vec<Entrant>,
    },
    /// A team entered in a team competition, numbered after the last: its
    /// name, club and roster in board order, reserves after the boards.
    EnterTeam {
        /// The team.
        team: Team,
    },
    /// A conduct penalty on a board's match: a warning, a set or the
    /// match forfeited, with the clause it applies (`conduct.rs`).
    Penalty {
        /// The round.
        round: u32,
        /// The team match, from 1, in a team competition (`board` is
        /// then the team match's board).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_match: Option<u32>,
        /// The board, from 1.
        board: u32,
        /// Whose player.
        side: Side,
        /// What was imposed.
        conduct: super::Conduct,
        /// The clause, as the referee cites it ("000 1.28").
        clause: String,
    },
    /// A penalty recorded in error, taken back (it stays in the record,
    /// marked).
    TakeBackPenalty {
        /// The penalty's number, from 1.
        penalty: u32,
    },
    /// Teams entered at once (read from the organiser's file, a column
    /// naming each player's team), numbered after the last in the list's
    /// order: all of them or, if any one cannot be, none, as
    /// [`Change::EnterList`] enters players.
    EnterTeams {
        /// The teams, in the list's order.
        teams: Vec<Team>,
    },
    /// Who plays a team match for one of its teams, board 1 first, by
    /// their places on the roster (in roster order: `teams/line_up.rs`).
    /// Until one is given a team plays its first players in roster
    /// order. No player at all: the team did not come, and the match is
    /// forfeited to the other (a walkover). A result entered for a board
    /// the new line-up leaves empty no longer stands.
    LineUp {
        /// The round.
        round: u32,
        /// The team match, from 1 (the top match is 1).
        team_match: u32,
        /// Which of its teams.
        side: TeamSide,
        /// The players, board 1 first.
        players: Vec<RosterPlace>,
    },
    /// One board's result in a team match, entered or corrected: the
    /// sets of the first-named team's player first, whichever player
    /// breaks first on that board.
    BoardResult {
        /// The round.
        round: u32,
        /// The team match, from 1.
        team_match: u32,
        /// The board, from 1.
        board: u32,
        /// How it ended (never [`Outcome::Team`]).
        outcome: Outcome,
    },
    /// A step of a board's table protocol, from a phone at the table or
    /// a referee (`protocol.rs`): a set recorded, the last set taken
    /// back, or the final score confirmed.
    AtTable {
        /// The round: the one being played.
        round: u32,
        /// The team match, from 1, in a team competition (`board` is
        /// then the team match's board).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_match: Option<u32>,
        /// The board, from 1.
        board: u32,
        /// Who records it.
        by: super::Recorder,
        /// The id the phone gave the step: a repeat is not made again.
        entry: String,
        /// What it does.
        step: super::Step,
    },
    /// A board's table link revoked: a new one works in its place
    /// (`protocol.rs`).
    RevokeTableLink {
        /// The round: the one being played.
        round: u32,
        /// The team match, from 1, in a team competition (`board` is
        /// then the team match's board).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        team_match: Option<u32>,
        /// The board, from 1.
        board: u32,
    },
}
