//! What the table links' routes take and answer (docs/protocol.md, "At
//! the tables"): a phone's step, the table as the phone shows it, and a
//! table's card for the organiser.

use novuss_club::competition::{Outcome, Recorder, Step, TableMatch, TableProtocol};
use novuss_club::Side;
use novuss_core::MatchFormat;
use serde::{Deserialize, Serialize};

use crate::competitions::Held;
use crate::ids::CompetitionId;

/// `POST /api/tables/{link}`: one step at the table.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableAsk {
    /// Whose phone: `first` or `second` (a referee records at the desk).
    pub by: Recorder,
    /// The step's id, new for each step the phone makes (1 to 40 letters,
    /// digits, `-`, `_`): a step sent again is made once.
    pub entry: String,
    /// What it does.
    pub step: Step,
}

/// One side of a table's match, as the phone names it.
#[derive(Clone, Debug, Serialize)]
pub struct Contender {
    /// The entrant's (or pair's) name; the player's on a team match's
    /// board.
    pub name: String,
    /// Their club.
    pub club: Option<String>,
    /// Their team, on a team match's board.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// A person who deleted their account (`Entry::forgotten`): `name`
    /// is empty, and the phone says "Deleted player" in its language.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forgotten: bool,
}

/// A table as its phones show it: who plays, the format, the protocol so
/// far and the result once in.
#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    /// The competition.
    pub competition: CompetitionId,
    /// Its name.
    pub name: String,
    /// The round.
    pub round: u32,
    /// The team match, from 1, in a team competition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_match: Option<u32>,
    /// The board, from 1 (of the team match, in a team competition).
    pub board: u32,
    /// The table, from 1 (`null`: the board waits for a table).
    pub table: Option<u32>,
    /// The first side: the pairing's first-named, or the first-named
    /// team's player.
    pub first: Contender,
    /// The other side.
    pub second: Contender,
    /// Who breaks in the first set: `first`, except on a team match's
    /// even boards.
    pub breaks: Side,
    /// The match's format: where it may end.
    pub format: MatchFormat,
    /// The protocol so far (`null`: nothing recorded yet).
    pub protocol: Option<TableProtocol>,
    /// The board's result once it is in (confirmed here, or entered at
    /// the desk).
    pub outcome: Option<Outcome>,
    /// Whether the table still records: its round is being played and
    /// its result is not in.
    pub open: bool,
    /// The competition's number of changes: the phone follows the
    /// competition's live stream from here.
    pub changes: u64,
}

impl TableView {
    /// The table of `at` in `held`, or `None` if it has no such match
    /// (the round's pairing was taken back since the link was opened).
    pub fn of(held: &Held, at: TableMatch) -> Option<TableView> {
        let c = &held.view.competition;
        let sides = c.at_table(at).ok()?;
        let contender = |e: Option<&novuss_club::Entry>, team: usize| Contender {
            name: e.map(|e| e.name.clone()).unwrap_or_default(),
            club: e.and_then(|e| e.club.clone()),
            team: sides.teams.map(|t| t[team].name.clone()),
            forgotten: e.is_some_and(|e| e.forgotten),
        };
        Some(TableView {
            competition: held.view.id.clone(),
            name: c.setup().name.clone(),
            round: at.round,
            team_match: at.team_match,
            board: at.board,
            table: sides.table,
            first: contender(sides.first, 0),
            second: contender(sides.second, 1),
            breaks: sides.breaks,
            format: c.setup().format,
            protocol: c.table_protocol(at).cloned(),
            outcome: sides.outcome,
            open: sides.outcome.is_none() && c.check_table_round(at).is_ok(),
            changes: held.view.changes,
        })
    }
}

/// A table's card, for the organiser (`GET
/// /api/competitions/{id}/tables`): its link and QR code.
#[derive(Clone, Debug, Serialize)]
pub struct TableCard {
    /// The round.
    pub round: u32,
    /// The team match, from 1, in a team competition.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_match: Option<u32>,
    /// The board, from 1 (of the team match, in a team competition).
    pub board: u32,
    /// The table, from 1 (`null`: the board waits for a table).
    pub table: Option<u32>,
    /// The link's text (what `/table.html#` is followed by).
    pub link: String,
    /// The whole address a phone opens.
    pub address: String,
    /// The address as a QR code: an SVG drawing.
    pub qr: String,
}

/// The `table` event of `GET /api/competitions/{id}/live`: a step at a
/// table that did not make its result stand, as the change after the
/// follower's last (a step that did is sent as the whole competition:
/// its standings changed).
#[derive(Clone, Debug, Serialize)]
pub struct TableStepped<'a> {
    /// The number of changes the competition has with this one.
    pub changes: u64,
    /// The board's protocol after it.
    pub protocol: &'a TableProtocol,
}
