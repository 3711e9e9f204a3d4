//! `simulate`, `new-set`, `stroke`, `record` and `replay`: JSON in, JSON or
//! a report out. The formats are in `docs/formats.md`.

use std::fmt;

use novuss_core::name::UnknownName;
use novuss_core::physics::stroke::{InputError, Stroke};
use novuss_core::physics::{Engine, Physics};
use novuss_core::play::game::{Game, GameError};
use novuss_core::play::match_play::MatchConfig;
use novuss_core::play::record::{replay as replay_record, Action, GameRecord, RecordError};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::referee::{Conduct, PlayError, Refusal};
use novuss_core::rules::set::{Format, SetState};
use novuss_core::rules::verdict::{English, RuleRef, Verdict, Words};
use novuss_core::seat::Seat;
use novuss_core::table::Table;
use novuss_core::DVec2;
use serde::Deserialize;

/// Why a command could not do what it was asked. Nothing was written.
///
/// Its `Display` is the one line of English that `novuss` prints after
/// `error: `, the cause's own words included (so [`std::error::Error::source`]
/// gives none; the variants carry the cause to match on).
#[derive(Debug)]
#[non_exhaustive]
pub enum CommandError {
    /// The input is not the JSON the command reads.
    Input(serde_json::Error),
    /// The answer could not be written as JSON.
    Output(serde_json::Error),
    /// A name given on the command line that is not on its list.
    Name {
        /// What was given.
        given: String,
        /// Which list it is not on.
        unknown: UnknownName,
    },
    /// `new-set`: singles opened from a seat nobody sits in.
    SinglesSeat,
    /// `simulate`: the engine refuses the position or the stroke.
    Simulate(InputError),
    /// `stroke`: the stroke cannot be played.
    Stroke(PlayError),
    /// `stroke`: the referee refuses the conduct action.
    Conduct(Refusal),
    /// `stroke`: neither or both of a stroke and a conduct action.
    StrokeOrConduct,
    /// `record`: neither a match nor a position to start from.
    NoStart,
    /// `record`: the game cannot start.
    Game(GameError),
    /// `record`: the next set cannot start.
    NextSet(GameError),
    /// `record`: an action that cannot be played.
    Action {
        /// Its place in the list, from 0.
        index: usize,
        /// How many actions the list has.
        count: usize,
        /// Why it cannot be played.
        error: PlayError,
    },
    /// `replay`: the input is not a game record.
    Record(serde_json::Error),
    /// `replay`: the record cannot be replayed.
    Replay(RecordError),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Input(e) => write!(f, "invalid input: {e}"),
            CommandError::Output(e) => write!(f, "cannot write the output: {e}"),
            // "unknown seat "up" (south, west, north, east)"
            CommandError::Name { given, unknown } => write!(
                f,
                "unknown {} {given:?} ({})",
                unknown.what(),
                unknown.expected()
            ),
            CommandError::SinglesSeat => f.write_str("in singles the players sit south and north"),
            CommandError::Simulate(e) => write!(f, "invalid position or stroke: {e}"),
            CommandError::Stroke(e) => write!(f, "invalid stroke: {e}"),
            CommandError::Conduct(e) => write!(f, "invalid action: {e}"),
            CommandError::StrokeOrConduct => {
                f.write_str("give exactly one of \"stroke\" and \"conduct\"")
            }
            CommandError::NoStart => f.write_str("give \"config\", \"state\" or both"),
            CommandError::Game(e) => write!(f, "invalid game: {e}"),
            CommandError::NextSet(e) => write!(f, "{e}"),
            CommandError::Action {
                index,
                count,
                error,
            } => write!(f, "action {index} of {count} cannot be played: {error}"),
            CommandError::Record(e) => write!(f, "invalid record: {e}"),
            CommandError::Replay(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CommandError {}

/// Input of `novuss stroke`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrokeInput {
    pub state: SetState,
    #[serde(default)]
    pub physics: Physics,
    #[serde(default)]
    pub stroke: Option<Stroke>,
    #[serde(default)]
    pub conduct: Option<Conduct>,
    /// Who is stroking; a stroke out of turn is refused.
    #[serde(default)]
    pub seat: Option<Seat>,
}

/// Input of `novuss record`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordInput {
    /// The match; a one-set match of the state's format when absent.
    #[serde(default)]
    pub config: Option<MatchConfig>,
    /// Where the first set starts; the line-up when absent.
    #[serde(default)]
    pub state: Option<SetState>,
    #[serde(default)]
    pub physics: Physics,
    /// Player names when `config` is absent.
    #[serde(default)]
    pub players: Vec<Option<String>>,
    pub actions: Vec<Action>,
}

/// Input of `novuss simulate`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimulateInput {
    #[serde(default)]
    pub table: Table,
    #[serde(default)]
    pub physics: Physics,
    pub discs: Vec<DVec2>,
    pub stroke: Stroke,
}

/// `novuss simulate`: the physics of one stroke.
pub fn simulate(text: &str, compact: bool) -> Result<String, CommandError> {
    let input: SimulateInput = serde_json::from_str(text).map_err(CommandError::Input)?;
    let mut engine = Engine::new(input.table, input.physics);
    let outcome = engine
        .simulate(&input.discs, &input.stroke)
        .map_err(CommandError::Simulate)?;
    to_json(&outcome, compact)
}

fn to_json<T: serde::Serialize>(value: &T, compact: bool) -> Result<String, CommandError> {
    let json = if compact {
        serde_json::to_string(value)
    } else {
        serde_json::to_string_pretty(value)
    };
    json.map_err(CommandError::Output)
}

/// A seat named on the command line.
pub fn parse_seat(s: &str) -> Result<Seat, CommandError> {
    parse_name(s)
}

/// A name on the command line as what it names.
fn parse_name<T: std::str::FromStr<Err = UnknownName>>(given: &str) -> Result<T, CommandError> {
    given.parse().map_err(|unknown| CommandError::Name {
        given: given.to_owned(),
        unknown,
    })
}

/// `novuss new-set`: a fresh set's state.
pub fn new_set(format: &str, profile: &str, first: &str) -> Result<String, CommandError> {
    let format: Format = parse_name(format)?;
    let profile: ProfileId = parse_name(profile)?;
    let first = parse_seat(first)?;
    if format == Format::Singles && !matches!(first, Seat::South | Seat::North) {
        return Err(CommandError::SinglesSeat);
    }
    to_json(&SetState::new(profile, format, first), false)
}

/// One decision for a reader: the sentence and its clauses.
#[derive(serde::Serialize)]
pub struct Explained {
    /// The sentence, in English.
    pub text: String,
    /// The clauses behind it.
    pub rules: &'static [RuleRef],
}

/// Every decision of `verdict` in English, with its clauses.
pub fn explain(verdict: &Verdict) -> Vec<Explained> {
    verdict
        .reasons
        .iter()
        .map(|r| Explained {
            text: English.reason(r),
            rules: r.rules(),
        })
        .collect()
}

/// `novuss stroke`: one stroke or conduct action judged.
pub fn stroke(text: &str, compact: bool) -> Result<String, CommandError> {
    let input: StrokeInput = serde_json::from_str(text).map_err(CommandError::Input)?;
    let mut engine = Engine::new(input.state.table().to_owned(), input.physics);
    let mut state = input.state;
    let verdict = match (input.stroke, input.conduct) {
        (Some(st), None) => match input.seat {
            Some(seat) => state.play_as(seat, &st, &mut engine),
            None => state.play(&st, &mut engine),
        }
        .map(|p| p.verdict)
        .map_err(CommandError::Stroke)?,
        (None, Some(c)) => state.conduct(&c).map_err(CommandError::Conduct)?,
        _ => return Err(CommandError::StrokeOrConduct),
    };
    #[derive(serde::Serialize)]
    struct Output<'a> {
        state: &'a SetState,
        verdict: &'a Verdict,
        explained: Vec<Explained>,
    }
    to_json(
        &Output {
            state: &state,
            verdict: &verdict,
            explained: explain(&verdict),
        },
        compact,
    )
}

/// `novuss record`: a list of actions played into a game record.
pub fn record(text: &str, compact: bool) -> Result<String, CommandError> {
    let input: RecordInput = serde_json::from_str(text).map_err(CommandError::Input)?;
    let config = match (input.config, &input.state) {
        (Some(c), _) => c,
        (None, Some(state)) => MatchConfig::for_set(state, input.players),
        (None, None) => return Err(CommandError::NoStart),
    };
    let mut game = match input.state {
        Some(state) => Game::from_position(config, input.physics, state),
        None => Game::new(config, input.physics),
    }
    .map_err(CommandError::Game)?;
    let count = input.actions.len();
    for (k, action) in input.actions.into_iter().enumerate() {
        if game.between_sets() {
            game.next_set().map_err(CommandError::NextSet)?;
        }
        let result = match &action {
            Action::Stroke(s) => {
                let seat = game.set().seat_to_play();
                game.play(seat, s).map(|_| ())
            }
            Action::Conduct(c) => game.conduct(c).map(|_| ()).map_err(Into::into),
        };
        result.map_err(|error| CommandError::Action {
            index: k,
            count,
            error,
        })?;
    }
    to_json(game.record(), compact)
}

/// `novuss replay`: the report, and whether the record replayed
/// identically.
pub fn replay(text: &str) -> Result<(String, bool), CommandError> {
    let rec: GameRecord = serde_json::from_str(text).map_err(CommandError::Record)?;
    let report = replay_record(&rec).map_err(CommandError::Replay)?;
    let mut out = format!(
        "replayed {} action(s) in {} set(s) of a record written by {} with {}\n",
        report.actions, report.sets, report.recorded_engine, report.replayed_engine
    );
    let score: Vec<String> = report.score.iter().map(u32::to_string).collect();
    out += &match report.winner {
        Some(w) => format!("match over: contender {w} won, {}\n", score.join("–")),
        None if report.drawn => format!("match over: drawn, {}\n", score.join("–")),
        None => format!("match in progress: {}\n", score.join("–")),
    };
    if report.divergences.is_empty() {
        out += "identical: every verdict and every disc position matches the record";
        return Ok((out, true));
    }
    let lines: Vec<String> = report
        .divergences
        .iter()
        .map(|d| {
            let parts: Vec<&str> = d.parts.iter().map(|p| p.name()).collect();
            format!(
                "divergence: set {}, action {}: {} differ",
                d.set,
                d.entry,
                parts.join(", ")
            )
        })
        .collect();
    out += &lines.join("\n");
    Ok((out, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_the_sentences_the_command_line_prints() {
        let said = |r: Result<String, CommandError>| r.unwrap_err().to_string();
        assert_eq!(
            said(new_set("triples", "lnf-2017", "south")),
            r#"unknown format "triples" (singles, doubles, four_player)"#
        );
        assert_eq!(
            said(new_set("singles", "lnf", "south")),
            r#"unknown rule profile "lnf" (lnf-2017, australia-1992, koroona)"#
        );
        assert_eq!(
            said(new_set("singles", "lnf-2017", "up")),
            r#"unknown seat "up" (south, west, north, east)"#
        );
        assert_eq!(
            said(new_set("singles", "lnf-2017", "east")),
            "in singles the players sit south and north"
        );
        let state = new_set("singles", "lnf-2017", "south").unwrap();
        assert_eq!(
            said(stroke(&format!(r#"{{"state": {state}}}"#), true)),
            r#"give exactly one of "stroke" and "conduct""#
        );
        assert_eq!(
            said(record(r#"{"actions": []}"#, true)),
            r#"give "config", "state" or both"#
        );
        assert!(said(simulate("[", true)).starts_with("invalid input: "));
        assert!(said(replay("{}").map(|r| r.0)).starts_with("invalid record: "));
    }
}
