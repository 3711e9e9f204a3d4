//! The referee: judges each stroke as a federation official would.
//!
//! [`play`] checks that a stroke may be made at all (striker placement and
//! aim, `000` 1.6, 1.15; `002` 3.1–3.4), simulates it, and [`judge`]s the
//! physics' outcome into a new [`SetState`] and a [`Verdict`] that explains
//! every decision with its clauses. [`conduct`] records fouls a simulation
//! cannot produce (`000` 3.6.13–3.6.16, 6.6).
//!
//! The judgement runs in a fixed order: what the striker touched first
//! (`path`), the fouls of the stroke (`fouls`), which discs are restored,
//! where discs that left the table go, the penalty disc or debt, the turn,
//! and the set's result (`outcome`).

mod fouls;
mod outcome;
pub(crate) mod path;

use std::fmt;

use crate::physics::{Engine, Outcome};
use crate::seat::Seat;
use crate::set::SetState;
use crate::stroke::{InputError, Stroke};
use crate::verdict::{FoulKind, Verdict};
use crate::zone::{check_aim, check_striker_placement, AimError, StrikerError};

pub use path::SIMULTANEOUS;

/// Why a stroke cannot be played. The state is unchanged.
#[derive(Clone, Debug, PartialEq)]
pub enum StrokeError {
    /// The set is already over.
    SetOver,
    /// The state itself is inconsistent (see [`SetState::validate`]).
    State(String),
    /// The striker may not be placed there (`000` 1.6–1.7; `002` 3.1–3.2).
    Placement(StrikerError),
    /// The cue may not rest there (`000` 1.15; `002` 3.4).
    Aim(AimError),
    /// The physics refused the input.
    Physics(InputError),
    /// The engine was built for another table.
    Table,
    /// A conduct action names a disc or seat that is not in play.
    Action(String),
    /// The stroke was offered for a player whose turn it is not.
    OutOfTurn { seat: Seat, to_play: Seat },
}

impl fmt::Display for StrokeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrokeError::SetOver => write!(f, "the set is over"),
            StrokeError::State(e) => write!(f, "invalid game state: {e}"),
            StrokeError::Placement(e) => write!(f, "illegal striker placement: {e}"),
            StrokeError::Aim(e) => write!(f, "illegal aim: {e}"),
            StrokeError::Physics(e) => write!(f, "{e}"),
            StrokeError::Table => write!(f, "the engine simulates a different table"),
            StrokeError::Action(e) => write!(f, "{e}"),
            StrokeError::OutOfTurn { seat, to_play } => {
                write!(f, "it is {to_play}'s turn, not {seat}'s")
            }
        }
    }
}

impl std::error::Error for StrokeError {}

/// Plays `stroke` for the player to stroke in `state`.
pub fn play(
    state: &SetState,
    stroke: &Stroke,
    engine: &mut Engine,
) -> Result<(SetState, Verdict), StrokeError> {
    if state.result.is_some() {
        return Err(StrokeError::SetOver);
    }
    state.validate().map_err(StrokeError::State)?;
    if *engine.table() != state.table {
        return Err(StrokeError::Table);
    }
    let seat = state.seat_to_play();
    let positions = state.positions();
    if !stroke.speed.is_finite() || stroke.speed <= 0.0 {
        return Err(StrokeError::Physics(InputError::Speed {
            speed: stroke.speed,
            max: engine.physics().max_stroke_speed,
        }));
    }
    // The zone check names discs by their place among those on the table;
    // the player knows them by id.
    let on_table: Vec<u16> = state
        .discs
        .iter()
        .filter(|d| d.at.is_some())
        .map(|d| d.id)
        .collect();
    check_striker_placement(&state.table, seat, stroke.striker, &positions).map_err(|e| {
        StrokeError::Placement(match e {
            StrikerError::TouchesDisc { index } => StrikerError::TouchesDisc {
                index: on_table[index] as usize,
            },
            other => other,
        })
    })?;
    check_aim(&state.table, seat, stroke.striker, stroke.direction).map_err(StrokeError::Aim)?;
    let outcome = engine
        .simulate(&positions, stroke)
        .map_err(StrokeError::Physics)?;
    Ok(judge(state, stroke, &outcome))
}

/// As [`play`], for the player at `seat`: a stroke offered out of turn is
/// refused and the state is unchanged. (A referee who saw a player stroke
/// out of turn records [`Conduct::PlayedOutOfTurn`] instead.)
pub fn play_as(
    state: &SetState,
    seat: Seat,
    stroke: &Stroke,
    engine: &mut Engine,
) -> Result<(SetState, Verdict), StrokeError> {
    if state.result.is_none() && state.seats.get(state.to_play) != Some(&seat) {
        return Err(StrokeError::OutOfTurn {
            seat,
            to_play: state.seat_to_play(),
        });
    }
    play(state, stroke, engine)
}

/// Judges a simulated stroke. `outcome` must come from simulating `stroke`
/// with `state.positions()` (in that order).
pub fn judge(state: &SetState, stroke: &Stroke, outcome: &Outcome) -> (SetState, Verdict) {
    let mut j = outcome::Judgement::new(state, stroke.striker);
    let read = fouls::read_stroke(&mut j, outcome);
    j.apply_moves(outcome, &read);
    j.finish_stroke(&read);
    j.done()
}

/// A foul a simulation cannot produce, recorded by a human referee.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Conduct {
    /// The player touched the striker while discs were moving (`000` 3.6.13).
    TouchedMovingStriker,
    /// The player moved discs with cue, hand or anything else (`000` 3.6.14,
    /// 6.4). They are put back (`discs` are their ids); the state already
    /// holds their positions before the accident.
    DislodgedDiscs { discs: Vec<u16> },
    /// The player refused to stroke (`000` 3.6.15).
    RefusedStroke,
    /// The cue moved the striker twice (`000` 1.16, 3.6.16).
    DoubleStroke { discs: Vec<u16> },
    /// A player stroked out of turn: that side forfeits (`000` 5.7, 6.6);
    /// in a four-player game the player pays a penalty disc instead.
    PlayedOutOfTurn { seat: Seat },
    /// Outside interference made the player miss the stroke (`000` 1.24):
    /// it is played again, or the set is replayed if discs were disturbed.
    Interference { discs_disturbed: bool },
    /// A warning for a breach of the rules (`000` 1.28).
    Warning { reason: String },
    /// The organiser forfeits `seat`'s side the set for repeated breaches
    /// (`000` 1.28). Not available in four-player games.
    Forfeit { seat: Seat, reason: String },
}

/// Applies a recorded conduct foul by the player to stroke (or, for
/// [`Conduct::PlayedOutOfTurn`], by the seat named).
pub fn conduct(state: &SetState, action: &Conduct) -> Result<(SetState, Verdict), StrokeError> {
    if state.result.is_some() {
        return Err(StrokeError::SetOver);
    }
    state.validate().map_err(StrokeError::State)?;
    let ids = |discs: &[u16]| -> Result<(), StrokeError> {
        match discs
            .iter()
            .find(|&&id| !state.discs.iter().any(|d| d.id == id && d.at.is_some()))
        {
            Some(id) => Err(StrokeError::Action(format!(
                "disc {id} is not on the table"
            ))),
            None => Ok(()),
        }
    };
    let mut j = outcome::Judgement::new(state, state.table.centre());
    match action {
        Conduct::TouchedMovingStriker => j.foul(FoulKind::TouchedMovingStriker, vec![]),
        Conduct::RefusedStroke => j.foul(FoulKind::RefusedStroke, vec![]),
        Conduct::DislodgedDiscs { discs } => {
            ids(discs)?;
            j.foul(FoulKind::DislodgedDisc, discs.clone());
            j.put_back(discs);
            j.several_restored(discs.len());
        }
        Conduct::DoubleStroke { discs } => {
            ids(discs)?;
            j.foul(FoulKind::DoubleStroke, discs.clone());
            j.put_back(discs);
            j.several_restored(discs.len());
        }
        Conduct::PlayedOutOfTurn { seat } => {
            if !state.seats.contains(seat) {
                return Err(StrokeError::Action(format!(
                    "{seat} is not a seat in this set"
                )));
            }
            if *seat == state.seat_to_play() {
                return Err(StrokeError::Action(format!(
                    "it is {seat}'s turn: that is not playing out of turn"
                )));
            }
            j.out_of_turn(*seat);
            return Ok(j.done());
        }
        Conduct::Interference { discs_disturbed } => {
            j.interference(*discs_disturbed);
            return Ok(j.done());
        }
        Conduct::Warning { reason } => {
            j.warning(reason);
            return Ok(j.done());
        }
        Conduct::Forfeit { seat, reason } => {
            if !state.seats.contains(seat) {
                return Err(StrokeError::Action(format!(
                    "{seat} is not a seat in this set"
                )));
            }
            if state.sides.len() > 2 {
                return Err(StrokeError::Action(
                    "a four-player social game has no forfeits (000 1.1, 7.2.2)".into(),
                ));
            }
            j.forfeit(*seat, reason);
            return Ok(j.done());
        }
    }
    j.finish_conduct();
    Ok(j.done())
}
