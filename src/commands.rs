//! `simulate`, `new-set`, `stroke`, `record` and `replay`: JSON in, JSON or
//! a report out. The formats are in `docs/formats.md`.

use novuss_core::name::UnknownName;
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Physics};
use novuss_core::play::game::Game;
use novuss_core::play::match_play::MatchConfig;
use novuss_core::play::record::{replay as replay_record, Action, GameRecord};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::referee::Conduct;
use novuss_core::rules::set::{Format, SetState};
use novuss_core::rules::verdict::{English, RuleRef, Verdict, Words};
use novuss_core::seat::Seat;
use novuss_core::table::Table;
use novuss_core::DVec2;
use serde::Deserialize;

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
pub fn simulate(text: &str, compact: bool) -> Result<String, String> {
    let input: SimulateInput =
        serde_json::from_str(text).map_err(|e| format!("invalid input: {e}"))?;
    let mut engine = Engine::new(input.table, input.physics);
    let outcome = engine
        .simulate(&input.discs, &input.stroke)
        .map_err(|e| format!("invalid position or stroke: {e}"))?;
    to_json(&outcome, compact)
}

fn to_json<T: serde::Serialize>(value: &T, compact: bool) -> Result<String, String> {
    let json = if compact {
        serde_json::to_string(value)
    } else {
        serde_json::to_string_pretty(value)
    };
    json.map_err(|e| format!("cannot write the output: {e}"))
}

/// A seat named on the command line.
pub fn parse_seat(s: &str) -> Result<Seat, String> {
    s.parse().map_err(|e: UnknownName| named(e, s))
}

/// "unknown seat "up" (south, west, north, east)".
fn named(e: UnknownName, given: &str) -> String {
    format!("unknown {} {given:?} ({})", e.what(), e.expected())
}

/// `novuss new-set`: a fresh set's state.
pub fn new_set(format: &str, profile: &str, first: &str) -> Result<String, String> {
    let format: Format = format.parse().map_err(|e| named(e, format))?;
    let profile: ProfileId = profile.parse().map_err(|e| named(e, profile))?;
    let first = parse_seat(first)?;
    if format == Format::Singles && !matches!(first, Seat::South | Seat::North) {
        return Err("in singles the players sit south and north".into());
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
pub fn stroke(text: &str, compact: bool) -> Result<String, String> {
    let input: StrokeInput =
        serde_json::from_str(text).map_err(|e| format!("invalid input: {e}"))?;
    let mut engine = Engine::new(input.state.table().to_owned(), input.physics);
    let mut state = input.state;
    let verdict = match (input.stroke, input.conduct) {
        (Some(st), None) => match input.seat {
            Some(seat) => state.play_as(seat, &st, &mut engine),
            None => state.play(&st, &mut engine),
        }
        .map(|p| p.verdict)
        .map_err(|e| format!("invalid stroke: {e}"))?,
        (None, Some(c)) => state
            .conduct(&c)
            .map_err(|e| format!("invalid action: {e}"))?,
        _ => return Err("give exactly one of \"stroke\" and \"conduct\"".into()),
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
pub fn record(text: &str, compact: bool) -> Result<String, String> {
    let input: RecordInput =
        serde_json::from_str(text).map_err(|e| format!("invalid input: {e}"))?;
    let config = match (input.config, &input.state) {
        (Some(c), _) => c,
        (None, Some(state)) => MatchConfig::for_set(state, input.players),
        (None, None) => return Err("give \"config\", \"state\" or both".into()),
    };
    let mut game = match input.state {
        Some(state) => Game::from_position(config, input.physics, state),
        None => Game::new(config, input.physics),
    }
    .map_err(|e| format!("invalid game: {e}"))?;
    let count = input.actions.len();
    for (k, action) in input.actions.into_iter().enumerate() {
        if game.between_sets() {
            game.next_set().map_err(|e| e.to_string())?;
        }
        let result = match &action {
            Action::Stroke(s) => {
                let seat = game.set().seat_to_play();
                game.play(seat, s).map(|_| ())
            }
            Action::Conduct(c) => game.conduct(c).map(|_| ()).map_err(Into::into),
        };
        result.map_err(|e| format!("action {k} of {count} cannot be played: {e}"))?;
    }
    to_json(game.record(), compact)
}

/// `novuss replay`: the report, and whether the record replayed
/// identically.
pub fn replay(text: &str) -> Result<(String, bool), String> {
    let rec: GameRecord = serde_json::from_str(text).map_err(|e| format!("invalid record: {e}"))?;
    let report = replay_record(&rec).map_err(|e| e.to_string())?;
    let mut out = format!(
        "replayed {} action(s) in {} set(s) of a record written by {} with {}\n",
        report.actions, report.sets, report.recorded_engine, report.replayed_engine
    );
    let score: Vec<String> = report.score.iter().map(u32::to_string).collect();
    out += &match report.winner {
        Some(w) => format!("match over: contender {w} won, {}\n", score.join("–")),
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
