//! Competitions' bodies (docs/protocol.md, "Competitions"): what the
//! organiser sends to change one, and the competition as every client
//! reads it ([`CompetitionView`]: the same for everyone, so that one copy
//! is sent to every follower); refusals are [`crate::error::Failure`] with
//! the competition's typed `refusal`.

use novuss_club::competition::{BracketView, GroupView, Outcome};
use novuss_club::standings::Standings;
use novuss_club::{Bye, Change, Competition, Entrant, Entry, Setup};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use crate::ids::{CompetitionId, PersonId};

/// `POST /api/competitions/{id}/changes`: one change. Each names what it
/// is about, so it is checked against the competition as it stands when
/// it arrives.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case", deny_unknown_fields)]
pub enum Ask {
    /// Enter a player.
    Enter {
        /// Who.
        entry: Entry,
    },
    /// Enter a list of players at once, all or none (what importing a
    /// file of players stores).
    EnterList {
        /// Who, in order.
        entries: Vec<Entry>,
    },
    /// An entrant withdraws from the next round on.
    Withdraw {
        /// Who.
        entrant: Entrant,
    },
    /// An entrant asks for a full-, half- or zero-point bye in a round
    /// not yet paired.
    RequestBye {
        /// Who.
        entrant: Entrant,
        /// The round.
        round: u32,
        /// Which.
        bye: Bye,
    },
    /// Pair round `round`, which must be the next, by the competition's
    /// system.
    PairNext {
        /// The round.
        round: u32,
    },
    /// A board's result, entered or corrected.
    Result {
        /// The round.
        round: u32,
        /// The board, from 1.
        board: u32,
        /// How it ended.
        outcome: Outcome,
    },
    /// Take back round `round`'s pairing (the last), while no result of
    /// it is in.
    Unpair {
        /// The round.
        round: u32,
    },
    /// The organiser's seeding by hand before round 1: every entrant,
    /// seed 1 first (`[]`: by rating again).
    Seed {
        /// The entrants, seed 1 first.
        order: Vec<Entrant>,
    },
    /// A conduct penalty on a board's match, with its clause.
    Penalty {
        /// The round.
        round: u32,
        /// The team match, from 1, in a team competition (`board` is
        /// then its board).
        #[serde(default)]
        team_match: Option<u32>,
        /// The board, from 1.
        board: u32,
        /// Whose player.
        side: novuss_club::Side,
        /// A warning, a set or the match forfeited.
        conduct: novuss_club::competition::Conduct,
        /// The clause it applies ("000 1.28").
        clause: String,
    },
    /// A penalty recorded in error, taken back.
    TakeBackPenalty {
        /// Its number, from 1.
        penalty: u32,
    },
    /// A step of a board's table protocol taken at the desk: by the
    /// organiser or an arbiter, a referee (a set recorded, the last set
    /// taken back, the final score confirmed, which then stands).
    AtTable {
        /// The round: the one being played.
        round: u32,
        /// The team match, from 1, in a team competition (`board` is
        /// then its board).
        #[serde(default)]
        team_match: Option<u32>,
        /// The board, from 1.
        board: u32,
        /// The step's id, new for each step the page makes.
        entry: String,
        /// What it does.
        step: novuss_club::competition::Step,
    },
    /// A board's table link revoked: its card's QR code no longer
    /// works, and a new one does.
    RevokeTableLink {
        /// The round: the one being played.
        round: u32,
        /// The team match, from 1, in a team competition (`board` is
        /// then its board).
        #[serde(default)]
        team_match: Option<u32>,
        /// The board, from 1.
        board: u32,
    },
    /// A change the server made for its caller from something else: a
    /// phone's step at its table (`competitions/tables.rs`), a round's
    /// pairing read from a file (`competitions/files.rs`). Never read
    /// from a client's JSON.
    #[serde(skip)]
    Made(Change),
    /// A team competition's changes (`Change::EnterTeam`,
    /// `Change::EnterTeams`, `Change::LineUp`, `Change::BoardResult`),
    /// stored as they are sent.
    #[serde(untagged)]
    Team(TeamAsk),
}

/// A team competition's change, as [`Change`] stores it.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "change", rename_all = "snake_case", deny_unknown_fields)]
pub enum TeamAsk {
    /// Enter a team.
    EnterTeam {
        /// The team.
        team: novuss_club::Team,
    },
    /// Enter teams at once, all or none (what importing a file of a team
    /// competition's players stores).
    EnterTeams {
        /// The teams, in order.
        teams: Vec<novuss_club::Team>,
    },
    /// A team's line-up for a match (none: it did not come).
    LineUp {
        /// The round.
        round: u32,
        /// The team match, from 1.
        team_match: u32,
        /// Which team.
        side: novuss_club::teams::TeamSide,
        /// Its players by roster place, board 1 first.
        players: Vec<novuss_club::teams::RosterPlace>,
    },
    /// One board's result in a team match, entered or corrected.
    BoardResult {
        /// The round.
        round: u32,
        /// The team match, from 1.
        team_match: u32,
        /// The board, from 1.
        board: u32,
        /// How it ended, the first-named team's player's sets first.
        outcome: Outcome,
    },
}

impl Ask {
    /// The change as the competition stores it; `None` for "pair the
    /// next round", which the desk makes from the competition.
    pub fn change(&self) -> Option<Change> {
        Some(match self {
            Ask::Enter { entry } => Change::Enter {
                entry: entry.clone(),
            },
            Ask::EnterList { entries } => Change::EnterList {
                entries: entries.clone(),
            },
            Ask::Withdraw { entrant } => Change::Withdraw { entrant: *entrant },
            &Ask::RequestBye {
                entrant,
                round,
                bye,
            } => Change::RequestBye {
                entrant,
                round,
                bye,
            },
            Ask::PairNext { .. } => return None,
            &Ask::Result {
                round,
                board,
                outcome,
            } => Change::Result {
                round,
                board,
                outcome,
            },
            &Ask::Unpair { round } => Change::Unpair { round },
            Ask::Seed { order } => Change::Seed {
                order: order.clone(),
            },
            Ask::Penalty {
                round,
                team_match,
                board,
                side,
                conduct,
                clause,
            } => Change::Penalty {
                round: *round,
                team_match: *team_match,
                board: *board,
                side: *side,
                conduct: *conduct,
                clause: clause.clone(),
            },
            &Ask::TakeBackPenalty { penalty } => Change::TakeBackPenalty { penalty },
            // At the desk, the organiser or an arbiter: a referee.
            Ask::AtTable {
                round,
                team_match,
                board,
                entry,
                step,
            } => Change::AtTable {
                round: *round,
                team_match: *team_match,
                board: *board,
                by: novuss_club::competition::Recorder::Referee,
                entry: entry.clone(),
                step: *step,
            },
            &Ask::RevokeTableLink {
                round,
                team_match,
                board,
            } => Change::RevokeTableLink {
                round,
                team_match,
                board,
            },
            Ask::Made(change) => change.clone(),
            Ask::Team(TeamAsk::EnterTeam { team }) => Change::EnterTeam { team: team.clone() },
            Ask::Team(TeamAsk::EnterTeams { teams }) => Change::EnterTeams {
                teams: teams.clone(),
            },
            Ask::Team(TeamAsk::LineUp {
                round,
                team_match,
                side,
                players,
            }) => Change::LineUp {
                round: *round,
                team_match: *team_match,
                side: *side,
                players: players.clone(),
            },
            &Ask::Team(TeamAsk::BoardResult {
                round,
                team_match,
                board,
                outcome,
            }) => Change::BoardResult {
                round,
                team_match,
                board,
                outcome,
            },
        })
    }

    /// The round asked to be paired (0 for any other change).
    pub fn round(&self) -> u32 {
        match self {
            Ask::PairNext { round } => *round,
            _ => 0,
        }
    }
}

/// `GET /api/competitions/{id}`: the competition, and what the visitor
/// may do with it.
#[derive(Clone, Debug, Serialize)]
pub struct CompetitionPage<'a> {
    /// The competition: a [`CompetitionView`] as written once for every
    /// reader.
    pub competition: &'a RawValue,
    /// Whether the visitor may change it (its organiser or an arbiter
    /// they named).
    pub may_change: bool,
    /// Whether the visitor may name its arbiters (its organiser).
    pub may_name_arbiters: bool,
}

/// The `result` event of `GET /api/competitions/{id}/live`: a board's
/// result, entered or corrected, as the change after the follower's
/// last (`changes` one more than the competition they hold), with the
/// standings it makes. The most common change in a competition, sent
/// without the whole competition.
#[derive(Clone, Debug, Serialize)]
pub struct ResultEntered<'a> {
    /// The number of changes the competition has with this one.
    pub changes: u64,
    /// The round.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
    /// How it ended.
    pub outcome: Outcome,
    /// Whether every round is now paired and every result in.
    pub finished: bool,
    /// The standings after it.
    pub standings: &'a Option<Standings>,
    /// A knock-out's bracket after it (who goes on where), else `null`.
    pub bracket: &'a Option<BracketView>,
    /// Groups then knock-out: each group's table after it, else `null`.
    pub groups: &'a Option<Vec<GroupView>>,
}

/// A competition as everyone sees it.
#[derive(Clone, Debug, Serialize)]
pub struct CompetitionView {
    /// Its id.
    pub id: CompetitionId,
    /// Who runs it.
    pub organiser: PersonId,
    /// When it was created, seconds since 1970.
    pub created: i64,
    /// How many changes it has had: a follower that has seen this many
    /// is up to date.
    pub changes: u64,
    /// The rounds it will have (for a round robin, from its field).
    pub round_count: u32,
    /// Whether every round is paired and every result in.
    pub finished: bool,
    /// The pairing numbers: entrants in the order the systems rank them.
    pub ranking: Vec<Entrant>,
    /// The standings by the set-up's tie-breaks (`null` only if they
    /// cannot be computed, which the server logs).
    pub standings: Option<Standings>,
    /// A bracket as it stands (a knock-out's, a double elimination's,
    /// or the knock-out after groups once drawn); `null` otherwise.
    pub bracket: Option<BracketView>,
    /// Groups then knock-out: each group's entrants and table, once the
    /// groups can be drawn; `null` for other systems.
    pub groups: Option<Vec<GroupView>>,
    /// The set-up, entrants, rounds with results, and requested byes.
    #[serde(flatten)]
    pub competition: Competition,
}

impl CompetitionView {
    /// `competition`, rebuilt from its `changes` changes, with its
    /// `standings`.
    pub fn new(
        id: CompetitionId,
        organiser: PersonId,
        created: i64,
        changes: u64,
        competition: Competition,
        standings: Option<Standings>,
    ) -> CompetitionView {
        CompetitionView {
            id,
            organiser,
            created,
            changes,
            round_count: competition.round_count(),
            finished: competition.finished(),
            ranking: competition.ranking(),
            standings,
            bracket: competition.bracket(),
            groups: competition.groups(),
            competition,
        }
    }
}

/// A competition in the list of them (`GET /api/competitions`).
#[derive(Clone, Debug, Serialize)]
pub struct ListedCompetition {
    /// Its id.
    pub id: CompetitionId,
    /// Who runs it.
    pub organiser: PersonId,
    /// When it was created, seconds since 1970.
    pub created: i64,
    /// Its set-up.
    pub setup: Setup,
}

/// `POST /api/competitions/{id}/entries`: the players of the file sent,
/// entered as one change.
#[derive(Clone, Debug, Serialize)]
pub struct EntriesImported<'a> {
    /// How many entrants the file entered: players, pairs or teams.
    pub entered: usize,
    /// The competition as it now stands: a [`CompetitionView`].
    pub competition: &'a RawValue,
}

/// What a competition's file says it is (`competition.json`).
pub const COMPETITION_FILE: &str = "novuss-competition";

/// The version of `competition.json` this server writes and reads.
pub const COMPETITION_FILE_VERSION: u32 = 1;

/// `GET /api/competitions/{id}/competition.json`, and the body of
/// `POST /api/competitions/import`: a competition as stored, its set-up
/// and its changes in order, from which any server rebuilds it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompetitionFile {
    /// Always [`COMPETITION_FILE`].
    pub format: String,
    /// [`COMPETITION_FILE_VERSION`]: a later version is refused, not
    /// guessed at.
    pub version: u32,
    /// The set-up.
    pub setup: Setup,
    /// The changes, the first first.
    pub changes: Vec<FiledChange>,
}

/// `POST /api/competitions/import/trf`: a TRF-16 file's text, and the
/// match format its games were played in (TRF-16 does not say).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrfImport {
    /// The file, as text.
    pub trf: String,
    /// How many sets a match had and when it ended.
    pub format: novuss_core::MatchFormat,
}

/// One change of a [`CompetitionFile`].
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FiledChange {
    /// Its number, from 1, in order.
    pub number: u64,
    /// When it was made, seconds since 1970 (kept for the reader;
    /// an import stores its own time).
    #[serde(default)]
    pub at: Option<i64>,
    /// The change.
    pub change: Change,
}
