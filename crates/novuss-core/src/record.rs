//! Game records: everything needed to replay a game stroke by stroke.
//!
//! A record holds the rule profile, the physics parameters, the engine
//! version and, for each set, the state it started from and every action
//! (a stroke, or a conduct foul a referee recorded) with the verdict it got.
//! Replaying re-simulates each stroke and re-judges it; on the same build the
//! result is bit-identical, so any difference is reported as a divergence.
//! The format is described in `docs/formats.md`.

use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::physics::{Engine, Physics};
use crate::referee::{self, Conduct, StrokeError};
use crate::set::SetState;
use crate::stroke::Stroke;
use crate::verdict::Verdict;

/// Version of the record format written by this build.
pub const FORMAT_VERSION: u32 = 1;

/// Version of the engine that wrote a record.
pub const ENGINE_VERSION: &str = concat!("novuss-core ", env!("CARGO_PKG_VERSION"));

/// What a player (or the referee) did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    Stroke(Stroke),
    Conduct(Conduct),
}

/// One action, the verdict it got, and where every disc was afterwards.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub action: Action,
    pub verdict: Verdict,
    /// Each disc's position after the action, by its place in the set's
    /// `discs` list (`null` while pocketed). A replay compares these too, so
    /// a physics difference that leaves the verdict alone is still found.
    pub after: Vec<Option<DVec2>>,
}

/// One set: where it started and what happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetLog {
    pub start: SetState,
    pub entries: Vec<Entry>,
}

/// A whole game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    pub format_version: u32,
    pub engine: String,
    /// Player names, in the order of the first set's seats.
    #[serde(default)]
    pub players: Vec<String>,
    pub physics: Physics,
    pub sets: Vec<SetLog>,
}

impl GameRecord {
    /// An empty record whose first set starts at `start`.
    pub fn new(players: Vec<String>, physics: Physics, start: SetState) -> GameRecord {
        GameRecord {
            format_version: FORMAT_VERSION,
            engine: ENGINE_VERSION.to_string(),
            players,
            physics,
            sets: vec![SetLog {
                start,
                entries: vec![],
            }],
        }
    }

    /// Plays `action` on `state`, which must be the state the last set
    /// has reached (the caller keeps it, so recording stays linear), and
    /// records it. The record is unchanged on error.
    pub fn push(
        &mut self,
        state: &SetState,
        action: Action,
        engine: &mut Engine,
    ) -> Result<(SetState, Verdict), RecordError> {
        let set = self.sets.len().checked_sub(1).ok_or(RecordError::Empty)?;
        let log = &mut self.sets[set];
        let (next, verdict) =
            apply(state, &action, engine).map_err(|err| RecordError::Invalid {
                set,
                entry: log.entries.len(),
                reason: err.to_string(),
            })?;
        log.entries.push(Entry {
            action,
            verdict: verdict.clone(),
            after: next.places(),
        });
        Ok((next, verdict))
    }
}

/// Plays one action on a state.
pub fn apply(
    state: &SetState,
    action: &Action,
    engine: &mut Engine,
) -> Result<(SetState, Verdict), StrokeError> {
    match action {
        Action::Stroke(s) => referee::play(state, s, engine),
        Action::Conduct(c) => referee::conduct(state, c),
    }
}

/// Why a record cannot be used.
#[derive(Clone, Debug, PartialEq)]
pub enum RecordError {
    Empty,
    Version(u32),
    Invalid {
        set: usize,
        entry: usize,
        reason: String,
    },
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Empty => write!(f, "the record has no sets"),
            RecordError::Version(v) => write!(
                f,
                "record format {v} is not one this build reads (1 to {FORMAT_VERSION})"
            ),
            RecordError::Invalid { set, entry, reason } => {
                write!(
                    f,
                    "set {set}, entry {entry}: the action cannot be played: {reason}"
                )
            }
        }
    }
}

impl std::error::Error for RecordError {}

/// One place where a replay differs from the record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Divergence {
    pub set: usize,
    pub entry: usize,
    /// Which parts of the verdict differ.
    pub fields: Vec<&'static str>,
}

/// What a replay found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ReplayReport {
    pub recorded_engine: String,
    pub replayed_engine: &'static str,
    pub sets: usize,
    pub actions: usize,
    pub divergences: Vec<Divergence>,
}

/// Re-simulates and re-judges every action of `record`. Replay goes on past
/// a divergence from the recorded *states* (each action is replayed on the
/// state the replay reached), so one early difference is reported once per
/// affected action rather than hiding the rest.
pub fn replay(record: &GameRecord) -> Result<ReplayReport, RecordError> {
    if record.format_version == 0 || record.format_version > FORMAT_VERSION {
        return Err(RecordError::Version(record.format_version));
    }
    if record.sets.is_empty() {
        return Err(RecordError::Empty);
    }
    let mut report = ReplayReport {
        recorded_engine: record.engine.clone(),
        replayed_engine: ENGINE_VERSION,
        sets: record.sets.len(),
        actions: 0,
        divergences: vec![],
    };
    for (s, log) in record.sets.iter().enumerate() {
        log.start
            .validate()
            .map_err(|reason| RecordError::Invalid {
                set: s,
                entry: 0,
                reason: format!("the starting state is invalid: {reason}"),
            })?;
        let mut engine = Engine::new(log.start.table, record.physics);
        let mut state = log.start.clone();
        for (k, e) in log.entries.iter().enumerate() {
            report.actions += 1;
            let (next, verdict) =
                apply(&state, &e.action, &mut engine).map_err(|err| RecordError::Invalid {
                    set: s,
                    entry: k,
                    reason: err.to_string(),
                })?;
            let mut fields = differences(&e.verdict, &verdict);
            if next.places() != e.after {
                fields.push("positions");
            }
            if !fields.is_empty() {
                report.divergences.push(Divergence {
                    set: s,
                    entry: k,
                    fields,
                });
            }
            state = next;
        }
    }
    Ok(report)
}

/// The names of the verdict fields that differ.
fn differences(a: &Verdict, b: &Verdict) -> Vec<&'static str> {
    let mut d = vec![];
    macro_rules! cmp {
        ($($f:ident),*) => { $( if a.$f != b.$f { d.push(stringify!($f)); } )* };
    }
    cmp!(
        seat,
        side,
        kind,
        first_contact,
        pocketed,
        off_table,
        restored,
        fouls,
        penalty,
        debt_paid,
        turn,
        set_result,
        reasons
    );
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::profile::ProfileId;
    use crate::seat::Seat;
    use crate::set::Format;

    fn break_stroke() -> Stroke {
        Stroke {
            striker: DVec2::new(0.47, 0.08),
            direction: DVec2::new(0.0, 1.0),
            speed: 6.0,
        }
    }

    #[test]
    fn a_recorded_game_replays_identically_and_a_tampered_one_diverges() {
        let start = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
        let mut engine = Engine::new(start.table, Physics::default());
        let mut rec = GameRecord::new(
            vec!["Anna".into(), "Jānis".into()],
            Physics::default(),
            start.clone(),
        );
        let (state, _) = rec
            .push(&start, Action::Stroke(break_stroke()), &mut engine)
            .unwrap();
        let seat = state.seat_to_play();
        let reply = Stroke {
            striker: if seat == Seat::North {
                DVec2::new(0.5, 0.92)
            } else {
                DVec2::new(0.5, 0.08)
            },
            direction: if seat == Seat::North {
                DVec2::new(0.1, -1.0)
            } else {
                DVec2::new(0.1, 1.0)
            },
            speed: 3.0,
        };
        rec.push(&state, Action::Stroke(reply), &mut engine)
            .unwrap();
        let json = serde_json::to_string(&rec).unwrap();
        let back: GameRecord = serde_json::from_str(&json).unwrap();
        assert_eq!(back, rec);
        let report = replay(&back).unwrap();
        assert_eq!(report.actions, 2);
        assert!(report.divergences.is_empty(), "{:?}", report.divergences);

        let mut tampered = rec.clone();
        tampered.sets[0].entries[0].verdict.pocketed.push(99);
        let report = replay(&tampered).unwrap();
        assert_eq!(report.divergences.len(), 1);
        assert_eq!(report.divergences[0].fields, vec!["pocketed"]);

        // A stroke played differently that happens to get the same verdict
        // still diverges: the discs end elsewhere.
        let mut other = rec.clone();
        let Action::Stroke(s) = &mut other.sets[0].entries[1].action else {
            panic!()
        };
        s.speed += 0.5;
        let report = replay(&other).unwrap();
        assert!(
            report
                .divergences
                .iter()
                .any(|d| d.fields.contains(&"positions")),
            "{report:?}"
        );
    }

    #[test]
    fn an_illegal_action_leaves_the_record_unchanged() {
        let start = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
        let mut engine = Engine::new(start.table, Physics::default());
        let mut rec = GameRecord::new(vec![], Physics::default(), start.clone());
        let bad = Stroke {
            striker: DVec2::new(0.5, 0.5),
            ..break_stroke()
        };
        let before = rec.clone();
        assert!(rec.push(&start, Action::Stroke(bad), &mut engine).is_err());
        assert_eq!(rec, before);
        let mut future = rec.clone();
        future.format_version = FORMAT_VERSION + 1;
        assert_eq!(
            replay(&future),
            Err(RecordError::Version(FORMAT_VERSION + 1))
        );
    }
}
