//! Game records: a whole match, stroke by stroke, to replay and to resume.
//!
//! A record holds the match's set-up ([`MatchConfig`]: format, profile,
//! number of sets, players and seating), the physics parameters, the engine
//! version and, for each set played (replays included), the state it
//! started from and every action (a stroke, or a conduct decision a
//! referee recorded) with the verdict it got and where every disc was
//! afterwards. Replaying re-simulates each stroke and re-judges it; on the
//! same build the result is bit-identical, so any difference is reported as
//! a [`Divergence`]. [`crate::play::game::Game`] writes records as it plays. The
//! format is described in `docs/formats.md`.

use std::fmt;

use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::physics::stroke::Stroke;
use crate::physics::{Engine, Physics};
use crate::play::match_format::MatchFormat;
use crate::play::match_play::{ContenderId, Match, MatchConfig, MatchError, PlayerId};
use crate::rules::referee::{Conduct, PlayError};
use crate::rules::set::{SetResult, SetState};
use crate::rules::verdict::Verdict;

/// Version of the record format written by this build. Version 1 (one set,
/// no match) is no longer read.
pub const FORMAT_VERSION: u32 = 2;

/// Version of the engine that wrote a record.
pub const ENGINE_VERSION: &str = concat!("novuss-core ", env!("CARGO_PKG_VERSION"));

/// What a player (or the referee) did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// A stroke by the player to stroke.
    Stroke(Stroke),
    /// A conduct foul or decision.
    Conduct(Conduct),
}

/// One action, the verdict it got, and where every disc was afterwards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// What was done.
    pub action: Action,
    /// What the referee decided.
    pub verdict: Verdict,
    /// Each disc's position after the action, by its place in the set's
    /// discs (`null` while pocketed). A replay compares these too, so a
    /// physics difference that leaves the verdict alone is still found.
    pub after: Vec<Option<DVec2>>,
}

/// One set (or an attempt at one that was replayed): where it started and
/// what happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetLog {
    /// The state it started from: normally the line-up, or any position
    /// for analysis.
    pub start: SetState,
    /// Every action, in order.
    pub entries: Vec<Entry>,
}

/// A whole match.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// [`FORMAT_VERSION`] when written by this build.
    pub format_version: u32,
    /// The engine that wrote it ([`ENGINE_VERSION`]).
    pub engine: String,
    /// The physics every stroke was simulated with.
    pub physics: Physics,
    /// Format, profile, sets, players and the first seating.
    pub config: MatchConfig,
    /// How many sets and when the match ends, when it is not the default
    /// best of `config.sets` ([`Match::stored_format`]): absent from every
    /// record of a best of, so those read and are written as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_format: Option<MatchFormat>,
    /// Every set played, in order, replays included.
    pub sets: Vec<SetLog>,
    /// The player who resigned the match after the last set's last action,
    /// if one did ([`Match::resign`]); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<PlayerId>,
    /// Whether the match was aborted before it had a result
    /// ([`Match::abort`]); absent otherwise.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
}

/// Why a record cannot be used.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum RecordError {
    /// It has no sets.
    Empty,
    /// A format version this build does not read.
    Version {
        /// The version found.
        found: u32,
        /// The one this build reads.
        supported: u32,
    },
    /// The match set-up is impossible, or the sets contradict it.
    Match(MatchError),
    /// Set `set` starts with another profile, format or opening seat than
    /// the match gives, or already finished.
    Start {
        /// The set, from 0.
        set: usize,
    },
    /// Set `set` has no result but is followed by another set.
    Unfinished {
        /// The set, from 0.
        set: usize,
    },
    /// Set `set` follows the end of the match.
    AfterMatch {
        /// The set, from 0.
        set: usize,
    },
    /// Action `entry` of set `set` cannot be played.
    Action {
        /// The set, from 0.
        set: usize,
        /// The action, from 0.
        entry: usize,
        /// Why.
        error: PlayError,
    },
    /// Action `entry` of set `set` does not give what the record says
    /// (when a record must be followed exactly, as when resuming a game).
    Diverged(Divergence),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Empty => write!(f, "the record has no sets"),
            RecordError::Version { found, supported } => write!(
                f,
                "record format {found} is not one this build reads (it reads {supported})"
            ),
            RecordError::Match(e) => write!(f, "{e}"),
            RecordError::Start { set } => write!(
                f,
                "set {set} does not start unfinished with the match's profile, format and opening seat"
            ),
            RecordError::Unfinished { set } => {
                write!(f, "set {set} has no result but another set follows it")
            }
            RecordError::AfterMatch { set } => write!(f, "set {set} follows the end of the match"),
            RecordError::Action { set, entry, error } => {
                write!(
                    f,
                    "set {set}, entry {entry}: the action cannot be played: {error}"
                )
            }
            RecordError::Diverged(d) => write!(
                f,
                "set {}, entry {}: replaying differs from the record in {}",
                d.set,
                d.entry,
                d.parts
                    .iter()
                    .map(|p| p.name())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

impl std::error::Error for RecordError {}

/// A part of an action's result that a replay can find different.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum Part {
    /// The rule profile it was judged by.
    Profile,
    /// The seat that played.
    Seat,
    /// The side it played for.
    Side,
    /// Direct or rebound.
    Kind,
    /// The striker's first contact.
    FirstContact,
    /// Discs pocketed.
    Pocketed,
    /// Discs off the table and where they went.
    OffTable,
    /// Discs put back.
    Restored,
    /// The fouls.
    Fouls,
    /// The penalty.
    Penalty,
    /// Debts paid.
    DebtPaid,
    /// Who plays next.
    Turn,
    /// The set's result.
    SetResult,
    /// The decisions and their order.
    Reasons,
    /// Where the discs are afterwards.
    Positions,
}

impl Part {
    /// The field's name in the JSON of a verdict (`positions` for `after`).
    pub fn name(self) -> &'static str {
        match self {
            Part::Profile => "profile",
            Part::Seat => "seat",
            Part::Side => "side",
            Part::Kind => "kind",
            Part::FirstContact => "first_contact",
            Part::Pocketed => "pocketed",
            Part::OffTable => "off_table",
            Part::Restored => "restored",
            Part::Fouls => "fouls",
            Part::Penalty => "penalty",
            Part::DebtPaid => "debt_paid",
            Part::Turn => "turn",
            Part::SetResult => "set_result",
            Part::Reasons => "reasons",
            Part::Positions => "positions",
        }
    }
}

/// One place where a replay differs from the record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Divergence {
    /// The set, from 0.
    pub set: usize,
    /// The action, from 0.
    pub entry: usize,
    /// What differs.
    pub parts: Vec<Part>,
}

/// What a replay found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplayReport {
    /// The engine that wrote the record.
    pub recorded_engine: String,
    /// The engine that replayed it.
    pub replayed_engine: &'static str,
    /// Sets replayed.
    pub sets: usize,
    /// Actions replayed.
    pub actions: usize,
    /// Sets won by each contender, as the replay scored them.
    pub score: Vec<u32>,
    /// The contender who won the match, if it is over.
    pub winner: Option<ContenderId>,
    /// Whether the match ended level (a fixed even number of sets, as
    /// 3:3 in six): over, and nobody won.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    /// Every difference found.
    pub divergences: Vec<Divergence>,
}

/// Re-simulates and re-judges every action of `record`. Replay goes on past
/// a divergence (each action is replayed on the state the replay reached),
/// so one early difference is reported once per affected action rather than
/// hiding the rest.
pub fn replay(record: &GameRecord) -> Result<ReplayReport, RecordError> {
    let mut report = ReplayReport {
        recorded_engine: record.engine.clone(),
        replayed_engine: ENGINE_VERSION,
        sets: record.sets.len(),
        actions: 0,
        score: vec![],
        winner: None,
        drawn: false,
        divergences: vec![],
    };
    let (progress, _) = walk(record, |d| report.divergences.push(d))?;
    report.actions = record.sets.iter().map(|s| s.entries.len()).sum();
    report.score = progress.score().to_vec();
    report.winner = progress.winner();
    report.drawn = progress.is_drawn();
    Ok(report)
}

/// Replays `record`, calling `diverged` for each divergence; returns the
/// match as the replay scored it and the state the last set reached.
pub(crate) fn walk(
    record: &GameRecord,
    mut diverged: impl FnMut(Divergence),
) -> Result<(Match, SetState), RecordError> {
    if record.format_version != FORMAT_VERSION {
        return Err(RecordError::Version {
            found: record.format_version,
            supported: FORMAT_VERSION,
        });
    }
    if record.sets.is_empty() {
        return Err(RecordError::Empty);
    }
    let mut progress =
        Match::stored(record.config.clone(), record.match_format).map_err(RecordError::Match)?;
    let mut engine = Engine::new(record.sets[0].start.table, record.physics);
    let mut last = record.sets[0].start.clone();
    for (s, log) in record.sets.iter().enumerate() {
        if progress.is_over() {
            return Err(RecordError::AfterMatch { set: s });
        }
        if !fits_match(&progress, &log.start) {
            return Err(RecordError::Start { set: s });
        }
        if *engine.table() != log.start.table {
            engine = Engine::new(log.start.table, record.physics);
        }
        let mut state = log.start.clone();
        for (k, e) in log.entries.iter().enumerate() {
            let verdict =
                apply(&mut state, &e.action, &mut engine).map_err(|error| RecordError::Action {
                    set: s,
                    entry: k,
                    error,
                })?;
            let mut parts = differences(&e.verdict, &verdict);
            if state.places() != e.after {
                parts.push(Part::Positions);
            }
            if !parts.is_empty() {
                diverged(Divergence {
                    set: s,
                    entry: k,
                    parts,
                });
            }
        }
        match state.result() {
            Some(result) => progress.record(result).map_err(RecordError::Match)?,
            None if s + 1 < record.sets.len() => return Err(RecordError::Unfinished { set: s }),
            None => {}
        }
        last = state;
    }
    if let Some(player) = record.resigned {
        progress.resign(player).map_err(RecordError::Match)?;
    }
    if record.aborted {
        progress.abort().map_err(RecordError::Match)?;
    }
    Ok((progress, last))
}

/// Whether a set of `progress` may start at `start`: any position, but
/// unfinished, with the match's profile and format, and opened from its
/// opening seat.
pub(crate) fn fits_match(progress: &Match, start: &SetState) -> bool {
    let c = progress.config();
    start.profile() == c.profile
        && start.format() == c.format
        && !start.is_over()
        && start.seats().first() == Some(&progress.first_seat())
}

/// Plays one action on a state; on an error the state is unchanged.
pub fn apply(
    state: &mut SetState,
    action: &Action,
    engine: &mut Engine,
) -> Result<Verdict, PlayError> {
    match action {
        Action::Stroke(s) => state.play(s, engine).map(|p| p.verdict),
        Action::Conduct(c) => state.conduct(c).map_err(PlayError::Refused),
    }
}

/// The parts of two verdicts that differ.
fn differences(a: &Verdict, b: &Verdict) -> Vec<Part> {
    let mut d = vec![];
    macro_rules! cmp {
        ($($f:ident => $p:ident),*) => { $( if a.$f != b.$f { d.push(Part::$p); } )* };
    }
    cmp!(
        profile => Profile,
        seat => Seat,
        side => Side,
        kind => Kind,
        first_contact => FirstContact,
        pocketed => Pocketed,
        off_table => OffTable,
        restored => Restored,
        fouls => Fouls,
        penalty => Penalty,
        debt_paid => DebtPaid,
        turn => Turn,
        set_result => SetResult,
        reasons => Reasons
    );
    d
}

impl GameRecord {
    /// An empty record of `progress`, a match whose first set starts at
    /// `start`.
    pub(crate) fn new(progress: &Match, physics: Physics, start: SetState) -> GameRecord {
        GameRecord {
            format_version: FORMAT_VERSION,
            engine: ENGINE_VERSION.to_string(),
            physics,
            config: progress.config().clone(),
            match_format: progress.stored_format(),
            sets: vec![SetLog {
                start,
                entries: vec![],
            }],
            resigned: None,
            aborted: false,
        }
    }

    /// Each set's result, in order (`None` for a set not finished).
    pub fn results(&self) -> Vec<Option<SetResult>> {
        self.sets
            .iter()
            .map(|s| s.entries.last().and_then(|e| e.verdict.set_result))
            .collect()
    }
}
