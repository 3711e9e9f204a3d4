//! Why a competition refuses a change: one typed reason each, with a
//! stable code that clients word in their reader's language, and an
//! English sentence for the command line and the logs.

use std::fmt;

use novuss_core::{FormatError, MatchFormat, MatchPoints};
use serde::Serialize;

use crate::results::Entrant;
use crate::standings::TieBreak;
use crate::teams::TeamError;

/// Why a change was refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum Refusal {
    /// A text field that must be given is empty.
    Missing {
        /// Which.
        field: &'static str,
    },
    /// A text field is too long or holds a control character.
    Text {
        /// Which.
        field: &'static str,
    },
    /// The last day is before the first.
    EndsBeforeItStarts,
    /// Not 1 to [`super::limits::MAX_TABLES`] tables.
    Tables {
        /// The number asked for.
        tables: u32,
    },
    /// Not 1 to [`super::limits::MAX_SWISS_ROUNDS`] Swiss rounds.
    Rounds {
        /// The number asked for.
        rounds: u32,
    },
    /// A match format that cannot be played.
    Format {
        /// The format asked for.
        format: MatchFormat,
    },
    /// Match points where a win is not worth more than a draw, or a draw
    /// less than a loss.
    Points {
        /// The points asked for.
        points: MatchPoints,
    },
    /// A tie-break listed twice in the order.
    TieBreakTwice {
        /// Which.
        tiebreak: TieBreak,
    },
    /// The same person is entered already (same licence, or same name and
    /// birth year).
    EnteredTwice {
        /// The entrant they are already.
        entrant: Entrant,
    },
    /// More entrants than the system pairs.
    TooManyEntrants {
        /// The most.
        max: u32,
    },
    /// No entrant has this number.
    NoSuchEntrant {
        /// The number asked for.
        entrant: Entrant,
    },
    /// The entrant has withdrawn already.
    Withdrawn {
        /// Who.
        entrant: Entrant,
    },
    /// A round robin or a knock-out takes no entries after its first
    /// round is paired: its table or bracket is drawn for the whole field.
    EntriesClosed,
    /// Fewer than two entrants to pair.
    TooFew,
    /// The previous round still has a match without a result.
    RoundOpen {
        /// The open round.
        round: u32,
    },
    /// Every round has been paired.
    Finished,
    /// The round asked about is not the one the change is for (the
    /// organiser's page was behind).
    WrongRound {
        /// The round the change names.
        asked: u32,
        /// The round it can be for.
        current: u32,
    },
    /// No such board in the round.
    NoSuchBoard {
        /// The round.
        round: u32,
        /// The board asked for.
        board: u32,
    },
    /// A score that is not the end of a match of the competition's format.
    Score {
        /// The sets of the first-named side.
        first: u32,
        /// The sets of the second-named side.
        second: u32,
        /// The sets a side needs to win.
        needed: u32,
        /// Why, as the core says it.
        #[serde(skip)]
        why: FormatError,
    },
    /// Undoing a pairing once a result of it is in.
    HasResults {
        /// The round.
        round: u32,
    },
    /// No round is paired yet.
    NothingPaired,
    /// The pairing engine found no pairing that keeps FIDE's absolute
    /// criteria (C.04.3 C.1–C.3): the organiser pairs by hand.
    NoPairing,
    /// A requested bye for a round already paired, or for a pairing-
    /// allocated bye.
    ByeNotRequestable,
    /// A knock-out with a match format that can end drawn.
    DrawsInKnockout {
        /// The format asked for.
        format: MatchFormat,
    },
    /// Tie-breaks named for a knock-out, which places by the round
    /// each entrant went out in.
    TieBreaksInKnockout,
    /// A knock-out result that would change who won, once the round its
    /// winner goes on to is paired: that pairing is taken back first.
    DecidesLaterRound {
        /// The later round, paired.
        round: u32,
    },
    /// A knock-out round paired otherwise than its bracket draws it.
    NotTheBracket {
        /// The round.
        round: u32,
    },
    /// A number of groups the field cannot make: each group has 3
    /// entrants to the Berger tables' most, and there are 1 to 64 groups.
    GroupSizes {
        /// The groups asked for.
        groups: u32,
        /// The entrants to draw (0 when the set-up itself is refused).
        entrants: u32,
    },
    /// An online competition's grace outside 1 s to a day.
    Grace {
        /// The seconds asked for.
        grace_secs: u32,
    },
    /// A seeding once the first round is paired (the draw is made).
    SeedingClosed,
    /// A seeding that does not name every entrant exactly once.
    Seeding {
        /// The entrants it must name.
        entrants: u32,
    },
    /// Rounds at set times whose interval is shorter than the grace or
    /// longer than a week, or whose first time is no time (before 2000).
    Schedule {
        /// The seconds asked for between rounds.
        interval_secs: u32,
        /// The fewest seconds the grace allows.
        least: u32,
    },
    /// An entrant of a competition played on this server who is not a
    /// person with an account: their seat could be nobody's.
    NotAPerson,
    /// A result typed at the desk for a board whose game is still being
    /// played on this server: the game gives it (a forfeit may still be
    /// recorded).
    GameRunning {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// A person entering themselves where the organiser does not let
    /// them, or after entries closed.
    EntryNotOpen,
    /// One entry of a list entered at once cannot be entered; none of
    /// the list was.
    InList {
        /// Its place in the list, from 1.
        position: u32,
        /// Why.
        refusal: Box<Refusal>,
    },
    /// A change of a competition read from a file (its `competition.json`)
    /// is refused: the competition is not created.
    Replay {
        /// The change's number, from 1.
        change: u32,
        /// Why.
        refusal: Box<Refusal>,
    },
    /// A team competition's rules that cannot be played (boards 1 to
    /// 20; board points that let passing half decide a match).
    TeamRules {
        /// What the team rules say is wrong.
        error: TeamError,
    },
    /// Teams in a knock-out: teams play a round robin or a Swiss.
    TeamSystem,
    /// Teams played on this server: their matches are played on real
    /// tables.
    TeamsOnline,
    /// Fewer tables than a team match has boards: each match is played
    /// on a block of tables, one per board, side by side.
    TeamTables {
        /// The tables asked for.
        tables: u32,
        /// The boards of a match.
        boards: u32,
    },
    /// A change for a competition of players made to a team competition
    /// (its entrants are teams, its results come board by board).
    NotForTeams,
    /// A team's change made to a competition of players.
    OnlyForTeams,
    /// A team match's score entered: it is made from its boards'
    /// results.
    TeamOutcome,
    /// A team with fewer players than a match has boards.
    TeamTooSmall {
        /// The players on its roster.
        players: u32,
        /// The boards of a match.
        boards: u32,
    },
    /// A roster longer than [`crate::teams::MAX_ROSTER`].
    RosterTooLong {
        /// The most.
        max: u32,
    },
    /// A team of the same name is entered already.
    TeamNameTaken {
        /// That team.
        entrant: Entrant,
    },
    /// A player already on a team's roster (another team's, or twice on
    /// this one): the same licence, or the same name and birth year.
    PlayerInTwoTeams {
        /// The team they are on already (the new one's number when they
        /// are on its roster twice).
        team: Entrant,
        /// Their place on that roster, from 1.
        place: u32,
    },
    /// No such team match in the round.
    NoSuchTeamMatch {
        /// The round.
        round: u32,
        /// The match asked for.
        team_match: u32,
    },
    /// A board number outside the match.
    NoSuchTeamBoard {
        /// The board asked for.
        board: u32,
        /// The boards a match has.
        boards: u32,
    },
    /// A board a line-up left empty: its result (lost by the team that
    /// fielded nobody there) follows from the line-up.
    EmptyTeamBoard {
        /// The board.
        board: u32,
    },
    /// A line-up naming a player the team's roster does not have.
    NotOnRoster {
        /// The team.
        team: Entrant,
        /// The board they were named for.
        board: u32,
        /// The roster place named.
        place: u32,
    },
    /// A line-up out of roster order, or naming a player twice.
    LineUpOrder {
        /// The team.
        team: Entrant,
        /// The board where the order breaks.
        board: u32,
    },
    /// A line-up naming more players than a match has boards.
    LineUpTooLong {
        /// The team.
        team: Entrant,
        /// The players named.
        players: u32,
        /// The boards.
        boards: u32,
    },
    /// No such penalty, or one taken back already.
    NoSuchPenalty {
        /// The number asked for.
        penalty: u32,
    },
    /// A TRF-16 file that cannot be read: where, as the file numbers its
    /// lines and columns (from 1).
    TrfFile {
        /// The line.
        line: u32,
        /// The column.
        column: u32,
    },
    /// A result drawn without its sets in a format that cannot end level.
    CannotDraw {
        /// The format.
        format: MatchFormat,
    },
    /// A player's entry in a doubles competition, whose entrants are
    /// pairs.
    NotAPair,
    /// A pair entered in a competition of players.
    PairInSingles,
    /// A pair whose two players are one person.
    PairOfOne,
    /// Doubles played on this server: a pair's match has four players,
    /// and a game here has two seats.
    DoublesOnline,
    /// Doubles and teams at once: a team's boards are played by players.
    DoublesTeams,
    /// A table protocol in a competition played on this server (its
    /// games record themselves).
    NotAtTables,
    /// A table protocol step for a round no longer played: the next is
    /// paired.
    TableClosed {
        /// The round asked for.
        round: u32,
    },
    /// A table protocol step after the board's result is in (confirmed
    /// at the table, or entered at the desk): only the desk changes it.
    ResultIn {
        /// The round.
        round: u32,
        /// The board.
        board: u32,
    },
    /// A set recorded otherwise than it stands (by the other phone).
    SetRecorded {
        /// The set.
        set: u32,
    },
    /// A set recorded before the sets before it.
    SetMissing {
        /// The set asked for.
        set: u32,
        /// The next set to record.
        next: u32,
    },
    /// A set after the match is over.
    MatchIsOver,
    /// A confirmation of a score that does not end the match.
    MatchNotOver {
        /// Sets the first-named side won.
        first: u32,
        /// The second-named side's.
        second: u32,
    },
    /// An undo of a set that is not the last recorded.
    NotTheLastSet {
        /// The set asked for.
        set: u32,
        /// The last set recorded (0: none).
        last: u32,
    },
    /// A set cleared in the first turn (`000` 4.6) by a side that did
    /// not win it.
    ClearedNotWon,
    /// More penalty discs for a side in one set than it has discs.
    PenaltyDiscs {
        /// The most.
        max: u8,
    },
    /// A step's id that is empty, too long, or not letters, digits, `-`
    /// and `_`.
    EntryId {
        /// The longest.
        max: u32,
    },
    /// A step whose id the board's protocol has taken already (sent
    /// again after its answer was lost): made once, not twice.
    StepSeen,
    /// A board's protocol has taken as many steps as it may.
    TableFull {
        /// The most.
        max: u32,
    },
    /// A file of players cannot be entered: where in the file (the row as
    /// the sheet numbers it, the column by its header) and what is wrong;
    /// none of it was entered.
    EntryFile {
        /// The row, from 1, when one row is at fault.
        row: Option<u32>,
        /// The column's header, when one column is (boxed, as the
        /// problem is, to keep every refusal small).
        column: Option<Box<str>>,
        /// What is wrong.
        problem: Box<super::entry_file::FileProblem>,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Missing { field } => write!(f, "the {field} is missing"),
            Refusal::Text { field } => write!(
                f,
                "the {field} is too long (at most {} characters) or has a line break",
                super::limits::MAX_TEXT
            ),
            Refusal::EndsBeforeItStarts => f.write_str("the competition ends before it starts"),
            Refusal::Tables { tables: n } => write!(
                f,
                "{n} tables: a competition has 1 to {}",
                super::limits::MAX_TABLES
            ),
            Refusal::Rounds { rounds: n } => write!(
                f,
                "{n} rounds: a Swiss has 1 to {}",
                super::limits::MAX_SWISS_ROUNDS
            ),
            Refusal::Format { format } => match format.checked() {
                Err(why) => why.fmt(f),
                Ok(_) => f.write_str("the match format cannot be played"),
            },
            Refusal::Points { points: p } => write!(
                f,
                "{}/{}/{} match points: a win must be worth more than a draw, a draw at least a loss, a win at most 100",
                p.win, p.draw, p.loss
            ),
            Refusal::TieBreakTwice { tiebreak } => {
                write!(f, "the tie-break {} is listed twice", tiebreak.code())
            }
            Refusal::EnteredTwice { entrant } => {
                write!(f, "this player is entered already, as number {}", entrant.0)
            }
            Refusal::TooManyEntrants { max } => write!(f, "at most {max} entrants"),
            Refusal::NoSuchEntrant { entrant } => write!(f, "no entrant number {}", entrant.0),
            Refusal::Withdrawn { entrant } => {
                write!(f, "entrant number {} has withdrawn", entrant.0)
            }
            Refusal::EntriesClosed => f.write_str(
                "a round robin or a knock-out takes no entries once its first round is paired",
            ),
            Refusal::TooFew => f.write_str("fewer than two entrants to pair"),
            Refusal::RoundOpen { round } => {
                write!(f, "round {round} still has a match without a result")
            }
            Refusal::Finished => f.write_str("every round has been paired"),
            Refusal::WrongRound { asked, current } => {
                write!(f, "the change is for round {asked}, and the round now is {current}")
            }
            Refusal::NoSuchBoard { round, board } => {
                write!(f, "round {round} has no board {board}")
            }
            Refusal::Score { why, .. } => why.fmt(f),
            Refusal::HasResults { round } => write!(
                f,
                "round {round} has results: its pairing can no longer be undone"
            ),
            Refusal::NothingPaired => f.write_str("no round is paired yet"),
            Refusal::NoPairing => f.write_str(
                "no pairing keeps the absolute criteria (nobody meets twice, at most one bye each)",
            ),
            Refusal::ByeNotRequestable => {
                f.write_str("a bye is requested for a round not yet paired, and as full, half or zero")
            }
            Refusal::DrawsInKnockout { format } => write!(
                f,
                "a knock-out match must have a winner, and {} sets can end level",
                format.nominal_sets()
            ),
            Refusal::TieBreaksInKnockout => f.write_str(
                "a knock-out places entrants by the round they went out in: it has no tie-breaks",
            ),
            Refusal::DecidesLaterRound { round } => write!(
                f,
                "this result changes who plays in round {round}, which is paired: take that pairing back first"
            ),
            Refusal::NotTheBracket { round } => write!(
                f,
                "round {round} is paired as its bracket (or its groups' tables) draws it"
            ),
            Refusal::GroupSizes { groups, entrants } => write!(
                f,
                "{groups} groups for {entrants} entrants: there are 1 to {} groups of 3 to {} entrants each",
                super::groups::MAX_GROUPS,
                crate::round_robin::MAX_ENTRANTS
            ),
            Refusal::Grace { grace_secs } => write!(
                f,
                "a grace of {grace_secs} s: a player has 1 s to a day to come to their game"
            ),
            Refusal::SeedingClosed => {
                f.write_str("the seeding is made before the first round is paired")
            }
            Refusal::Seeding { entrants } => write!(
                f,
                "a seeding names each of the {entrants} entrants once, seed 1 first"
            ),
            Refusal::Schedule {
                interval_secs,
                least,
            } => write!(
                f,
                "rounds {interval_secs} s apart: at least {least} s (the grace) and at most a week, from a first round's time after 2000"
            ),
            Refusal::NotAPerson => f.write_str(
                "a competition played on this server enters people with accounts only",
            ),
            Refusal::GameRunning { round, board } => write!(
                f,
                "round {round}, board {board} is being played on this server: its game gives the result (a forfeit may be recorded)"
            ),
            Refusal::EntryNotOpen => f.write_str(
                "players may not enter themselves in this competition now",
            ),
            Refusal::InList { position, refusal } => {
                write!(f, "entry {position} of the list: {refusal}")
            }
            Refusal::Replay { change, refusal } => write!(f, "change {change}: {refusal}"),
            Refusal::TeamRules { error } => write!(f, "the team rules cannot be played: {error}"),
            Refusal::TeamSystem => {
                f.write_str("teams play a round robin or a Swiss, not a knock-out")
            }
            Refusal::TeamsOnline => f.write_str("team matches are played on real tables"),
            Refusal::TeamTables { tables, boards } => write!(
                f,
                "{tables} tables for matches of {boards} boards: a team match needs a table for each board"
            ),
            Refusal::NotForTeams => f.write_str(
                "this competition is for teams: enter teams, and results board by board",
            ),
            Refusal::OnlyForTeams => f.write_str("this competition is not for teams"),
            Refusal::TeamOutcome => f.write_str(
                "a team match's score comes from its boards' results; enter those",
            ),
            Refusal::TeamTooSmall { players, boards } => write!(
                f,
                "a team of {players} players cannot play {boards} boards"
            ),
            Refusal::RosterTooLong { max } => write!(f, "a roster has at most {max} players"),
            Refusal::TeamNameTaken { entrant } => {
                write!(f, "team number {} has this name already", entrant.0)
            }
            Refusal::PlayerInTwoTeams { team, place } => write!(
                f,
                "this player is player {place} of team number {} already",
                team.0
            ),
            Refusal::NoSuchTeamMatch { round, team_match } => {
                write!(f, "round {round} has no team match {team_match}")
            }
            Refusal::NoSuchTeamBoard { board, boards } => {
                write!(f, "a team match has boards 1 to {boards}, not {board}")
            }
            Refusal::EmptyTeamBoard { board } => write!(
                f,
                "board {board} was left empty by a line-up: its result follows from it"
            ),
            Refusal::NotOnRoster { team, board, place } => write!(
                f,
                "board {board}: team number {} has no player {place} on its roster",
                team.0
            ),
            Refusal::LineUpOrder { team, board } => write!(
                f,
                "board {board}: team number {}'s line-up must keep its roster order, each player once",
                team.0
            ),
            Refusal::LineUpTooLong {
                team,
                players,
                boards,
            } => write!(
                f,
                "team number {} names {players} players for {boards} boards",
                team.0
            ),
            Refusal::NoSuchPenalty { penalty } => {
                write!(f, "no penalty number {penalty} to take back")
            }
            Refusal::TrfFile { line, column } => write!(
                f,
                "line {line}, column {column} of the TRF-16 file cannot be read"
            ),
            Refusal::CannotDraw { format } => write!(
                f,
                "a match of {} sets cannot end level: a draw is no result here",
                format.nominal_sets()
            ),
            Refusal::NotAPair => f.write_str(
                "this competition is for doubles: enter pairs, two players each",
            ),
            Refusal::PairInSingles => f.write_str("this competition is not for doubles"),
            Refusal::PairOfOne => f.write_str("a pair's two players are one person"),
            Refusal::DoublesOnline => f.write_str("doubles are played on real tables"),
            Refusal::DoublesTeams => {
                f.write_str("a team competition's boards are played by players, not pairs")
            }
            Refusal::NotAtTables => {
                f.write_str("this competition is played on this server: its games record the sets")
            }
            Refusal::TableClosed { round } => {
                write!(f, "round {round} is no longer played: its tables are closed")
            }
            Refusal::ResultIn { round, board } => write!(
                f,
                "the result of board {board} of round {round} is in: only the desk changes it"
            ),
            Refusal::SetRecorded { set } => {
                write!(f, "set {set} is recorded otherwise already")
            }
            Refusal::SetMissing { set, next } => {
                write!(f, "set {set} cannot be recorded before set {next}")
            }
            Refusal::MatchIsOver => f.write_str("the match is over: no more sets"),
            Refusal::MatchNotOver { first, second } => {
                write!(f, "{first}:{second} does not end the match: nothing to confirm")
            }
            Refusal::NotTheLastSet { set, last } => {
                write!(f, "set {set} is not the last recorded (that is set {last})")
            }
            Refusal::ClearedNotWon => {
                f.write_str("a side that cleared the table in its first turn won the set")
            }
            Refusal::PenaltyDiscs { max } => {
                write!(f, "at most {max} penalty discs a side in a set")
            }
            Refusal::EntryId { max } => write!(
                f,
                "a step's id is 1 to {max} letters, digits, '-' or '_'"
            ),
            Refusal::StepSeen => f.write_str("this step was recorded already"),
            Refusal::TableFull { max } => {
                write!(f, "this table's protocol has taken its {max} steps")
            }
            Refusal::EntryFile {
                row,
                column,
                problem,
            } => {
                if let Some(row) = row {
                    write!(f, "row {row}")?;
                    if let Some(c) = column {
                        write!(f, ", column \"{c}\"")?;
                    }
                    f.write_str(": ")?;
                }
                problem.fmt(f)
            }
        }
    }
}

impl std::error::Error for Refusal {}
