//! The referee: judges each stroke as a federation official would.
//!
//! The whole game is played through methods on [`SetState`]:
//! [`SetState::check`] says cheaply whether the player to stroke may place
//! and aim the striker so (`000` 1.6, 1.15; `002` 3.1–3.4);
//! [`SetState::preview`] simulates and judges a stroke without changing
//! anything (for computer players and an aim guide); [`SetState::play`]
//! does the same and moves the set on; [`SetState::conduct`] records fouls
//! a simulation cannot produce (`000` 3.6.13–3.6.16, 6.6).
//!
//! A stroke the rules do not allow is a [`Refusal`] (the player may not do
//! that); an engine built for another table or with broken parameters is a
//! [`PlayError`] of the calling code. Either way nothing changes.
//!
//! The judgement runs in a fixed order: what the striker touched first
//! (`path`), the fouls of the stroke (`fouls`, a pure function of the
//! stroke), which discs are restored, where discs that left the table go,
//! the set's result, then the penalty disc or debt and the turn
//! (`outcome`).

mod fouls;
mod on_table;
mod outcome;
pub(crate) mod path;

use std::fmt;

use arrayvec::ArrayVec;
use glam::DVec2;

use crate::physics::stroke::{InputError, Stroke};
use crate::physics::MAX_DISCS;
use crate::physics::{Engine, Outcome};
use crate::rules::set::{DiscId, SetState};
use crate::rules::verdict::{FoulKind, Verdict};
use crate::rules::zone::{check_aim, check_striker_placement, AimError, StrikerError};
use crate::seat::Seat;

pub use path::SIMULTANEOUS;

/// Why the rules do not let the player do that. Nothing changes.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum Refusal {
    /// The set is already over.
    SetOver,
    /// It is another player's turn.
    OutOfTurn {
        /// Who tried.
        seat: Seat,
        /// Whose turn it is.
        to_play: Seat,
    },
    /// The striker may not be placed there (`000` 1.6–1.7; `002` 3.1–3.2).
    Placement(StrikerError),
    /// The striker would touch this disc (`000` 1.14; `002` 3.2).
    StrikerTouches(DiscId),
    /// The cue may not rest there (`000` 1.15; `002` 3.4).
    Aim(AimError),
    /// The speed is not a number in (0, max] m/s.
    Speed {
        /// The speed asked for.
        speed: f64,
        /// The engine's fastest stroke.
        max: f64,
    },
    /// A conduct action names a disc that is not on the table.
    DiscNotOnTable(DiscId),
    /// A conduct action names a seat that is not in play.
    SeatNotInPlay(Seat),
    /// Playing out of turn was recorded for the player whose turn it is.
    NotOutOfTurn(Seat),
    /// Four-player social games have no forfeits (`000` 1.1, 7.2.2).
    NoForfeitInFourPlayer,
    /// The match is over (a player resigned it): nothing more is played.
    MatchOver,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::SetOver => f.write_str("the set is over"),
            Refusal::MatchOver => f.write_str("the match is over"),
            Refusal::OutOfTurn { seat, to_play } => {
                write!(f, "it is {to_play}'s turn, not {seat}'s")
            }
            Refusal::Placement(e) => write!(f, "illegal striker placement: {e}"),
            Refusal::StrikerTouches(d) => {
                write!(f, "illegal striker placement: the striker touches {d}")
            }
            Refusal::Aim(e) => write!(f, "illegal aim: {e}"),
            Refusal::Speed { speed, max } => {
                write!(f, "stroke speed {speed} m/s is outside (0, {max}] m/s")
            }
            Refusal::DiscNotOnTable(d) => write!(f, "{d} is not on the table"),
            Refusal::SeatNotInPlay(s) => write!(f, "{s} is not a seat in this set"),
            Refusal::NotOutOfTurn(s) => {
                write!(f, "it is {s}'s turn: that is not playing out of turn")
            }
            Refusal::NoForfeitInFourPlayer => {
                f.write_str("a four-player social game has no forfeits (000 1.1, 7.2.2)")
            }
        }
    }
}

impl std::error::Error for Refusal {}

/// Why a stroke could not be judged. Nothing changes.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum PlayError {
    /// The rules do not allow it: the player's doing.
    Refused(Refusal),
    /// The engine was built for another table than the set's: the caller's
    /// doing.
    TableMismatch,
    /// The engine refused the input (its parameters are out of range): the
    /// caller's doing.
    Physics(InputError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Refused(r) => r.fmt(f),
            PlayError::TableMismatch => f.write_str("the engine simulates a different table"),
            PlayError::Physics(e) => write!(f, "the physics refused the stroke: {e}"),
        }
    }
}

impl std::error::Error for PlayError {}

impl From<Refusal> for PlayError {
    fn from(r: Refusal) -> PlayError {
        PlayError::Refused(r)
    }
}

impl PlayError {
    /// The refusal, when it is one.
    pub fn refusal(&self) -> Option<Refusal> {
        match self {
            PlayError::Refused(r) => Some(*r),
            _ => None,
        }
    }
}

/// A stroke judged: what happened, what the referee said, and the set after
/// it.
#[derive(Clone, Debug, PartialEq)]
pub struct Judged {
    /// The physics of the stroke: events, every body's path as analytic
    /// segments (for animation) and where each ended. Disc `k` of the
    /// outcome is the `k`-th disc of [`SetState::discs_on_table`] before
    /// the stroke.
    pub outcome: Outcome,
    /// The referee's verdict.
    pub verdict: Verdict,
    /// The set after the stroke.
    pub next: SetState,
}

/// A stroke played: the set has moved on.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// As in [`Judged::outcome`].
    pub outcome: Outcome,
    /// The referee's verdict.
    pub verdict: Verdict,
}

impl SetState {
    /// Whether the player to stroke may place and aim the striker as
    /// `stroke` says: the set is not over, the striker lies in the player's
    /// edge zone touching no disc, and the cue rests on the near edge
    /// between the corners. Cheap: no simulation.
    pub fn check(&self, stroke: &Stroke) -> Result<(), Refusal> {
        self.check_with(stroke, &self.positions())
    }

    /// As [`SetState::check`], with the discs' `positions` at hand.
    fn check_with(&self, stroke: &Stroke, positions: &[DVec2]) -> Result<(), Refusal> {
        if self.result.is_some() {
            return Err(Refusal::SetOver);
        }
        let seat = self.seat_to_play();
        check_striker_placement(&self.table, seat, stroke.striker, positions).map_err(
            |e| match e {
                StrikerError::TouchesDisc { index } => Refusal::StrikerTouches(
                    self.discs_on_table()
                        .nth(index)
                        .map_or(DiscId(u16::MAX), |d| d.id),
                ),
                other => Refusal::Placement(other),
            },
        )?;
        check_aim(&self.table, seat, stroke.striker, stroke.direction).map_err(Refusal::Aim)
    }

    /// As [`SetState::check`], for the player at `seat`.
    pub fn check_as(&self, seat: Seat, stroke: &Stroke) -> Result<(), Refusal> {
        self.check_turn(seat)?;
        self.check(stroke)
    }

    fn check_turn(&self, seat: Seat) -> Result<(), Refusal> {
        if self.result.is_none() && self.seat_to_play() != seat {
            return Err(Refusal::OutOfTurn {
                seat,
                to_play: self.seat_to_play(),
            });
        }
        Ok(())
    }

    /// Simulates and judges `stroke` for the player to stroke, changing
    /// nothing.
    pub fn preview(&self, stroke: &Stroke, engine: &mut Engine) -> Result<Judged, PlayError> {
        let mut outcome = Outcome::default();
        let (next, verdict) = self.preview_into(stroke, engine, &mut outcome)?;
        Ok(Judged {
            outcome,
            verdict,
            next,
        })
    }

    /// As [`SetState::preview`], writing the physics into `outcome` (whose
    /// buffers are reused: the fast path for a search that judges many
    /// strokes) and returning the set after the stroke and the verdict.
    pub fn preview_into(
        &self,
        stroke: &Stroke,
        engine: &mut Engine,
        outcome: &mut Outcome,
    ) -> Result<(SetState, Verdict), PlayError> {
        let (mut next, mut verdict) = (SetState::placeholder(), Verdict::placeholder());
        self.preview_reusing(stroke, engine, outcome, &mut next, &mut verdict)?;
        Ok((next, verdict))
    }

    /// As [`SetState::preview_into`], writing the set after the stroke into
    /// `next` and the verdict into `verdict`, whose buffers are reused: the
    /// fastest way for a search to judge many strokes. On an error `next`
    /// and `verdict` are left as they were.
    pub fn preview_reusing(
        &self,
        stroke: &Stroke,
        engine: &mut Engine,
        outcome: &mut Outcome,
        next: &mut SetState,
        verdict: &mut Verdict,
    ) -> Result<(), PlayError> {
        // On the stack: the referee is called thousands of times per
        // decision of a computer player. More discs than the engine takes
        // go to the heap, and the engine reports its input error.
        let mut positions = ArrayVec::<DVec2, MAX_DISCS>::new();
        for p in self.discs_on_table().filter_map(|d| d.at) {
            if positions.try_push(p).is_err() {
                let positions = self.positions();
                return self.preview_at(&positions, stroke, engine, outcome, next, verdict);
            }
        }
        self.preview_at(&positions, stroke, engine, outcome, next, verdict)
    }

    /// [`SetState::preview_reusing`] with the discs' positions at hand.
    fn preview_at(
        &self,
        positions: &[DVec2],
        stroke: &Stroke,
        engine: &mut Engine,
        outcome: &mut Outcome,
        next: &mut SetState,
        verdict: &mut Verdict,
    ) -> Result<(), PlayError> {
        self.check_with(stroke, positions)?;
        if *engine.table() != self.table {
            return Err(PlayError::TableMismatch);
        }
        let max = engine.physics().max_stroke_speed;
        // A broken maximum is the engine's parameter error, reported by the
        // simulation below, not the player's speed.
        if max > 0.0 && !(stroke.speed > 0.0 && stroke.speed <= max) {
            return Err(Refusal::Speed {
                speed: stroke.speed,
                max,
            }
            .into());
        }
        engine
            .simulate_into(positions, stroke, outcome)
            .map_err(PlayError::Physics)?;
        let mut j = outcome::Judgement::reusing(
            self,
            stroke.striker,
            std::mem::replace(next, SetState::placeholder()),
            std::mem::replace(verdict, Verdict::empty()),
        );
        run_judgement(&mut j, outcome);
        (*next, *verdict) = j.done();
        Ok(())
    }

    /// As [`SetState::preview`] for the player at `seat`: a stroke offered
    /// out of turn is refused. (A referee who saw a player stroke out of
    /// turn records [`Conduct::PlayedOutOfTurn`] instead.)
    pub fn preview_as(
        &self,
        seat: Seat,
        stroke: &Stroke,
        engine: &mut Engine,
    ) -> Result<Judged, PlayError> {
        self.check_turn(seat)?;
        self.preview(stroke, engine)
    }

    /// Plays `stroke` for the player to stroke: the set moves on. On an
    /// error the set is unchanged.
    pub fn play(&mut self, stroke: &Stroke, engine: &mut Engine) -> Result<Played, PlayError> {
        let j = self.preview(stroke, engine)?;
        *self = j.next;
        Ok(Played {
            outcome: j.outcome,
            verdict: j.verdict,
        })
    }

    /// As [`SetState::play`] for the player at `seat`.
    pub fn play_as(
        &mut self,
        seat: Seat,
        stroke: &Stroke,
        engine: &mut Engine,
    ) -> Result<Played, PlayError> {
        self.check_turn(seat)?;
        self.play(stroke, engine)
    }

    /// Applies a conduct foul or decision a referee recorded (see
    /// [`Conduct`]): the set moves on. On a refusal the set is unchanged.
    pub fn conduct(&mut self, action: &Conduct) -> Result<Verdict, Refusal> {
        let (next, verdict) = conduct(self, action)?;
        *self = next;
        Ok(verdict)
    }

    /// As [`SetState::conduct`], changing nothing.
    pub fn preview_conduct(&self, action: &Conduct) -> Result<(SetState, Verdict), Refusal> {
        conduct(self, action)
    }
}

/// The judgement's steps, in their order (see the module documentation).
fn run_judgement(j: &mut outcome::Judgement, outcome: &Outcome) {
    let mut read = fouls::read_stroke(j.before, &j.profile, j.seat, &j.on, outcome);
    j.take_read(&mut read);
    j.apply_moves(outcome, &read);
    j.finish_stroke(&read);
}

/// A foul a simulation cannot produce, or a decision, recorded by a human
/// referee.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
#[non_exhaustive]
pub enum Conduct {
    /// The player touched the striker while discs were moving (`000` 3.6.13).
    TouchedMovingStriker,
    /// The player moved discs with cue, hand or anything else (`000` 3.6.14,
    /// 6.4). They are put back; the state already holds their positions
    /// before the accident.
    DislodgedDiscs {
        /// The discs moved.
        discs: Vec<DiscId>,
    },
    /// The player refused to stroke (`000` 3.6.15).
    RefusedStroke,
    /// The cue moved the striker twice (`000` 1.16, 3.6.16).
    DoubleStroke {
        /// The discs moved, put back.
        discs: Vec<DiscId>,
    },
    /// A player stroked out of turn: that side forfeits (`000` 5.7, 6.6);
    /// in a four-player game the player pays a penalty disc instead.
    PlayedOutOfTurn {
        /// The player who did.
        seat: Seat,
    },
    /// Outside interference made the player miss the stroke (`000` 1.24):
    /// it is played again, or the set is replayed if discs were disturbed.
    Interference {
        /// Whether discs were disturbed.
        discs_disturbed: bool,
    },
    /// A warning for a breach of the rules (`000` 1.28).
    Warning {
        /// The referee's words, shown as written.
        note: String,
    },
    /// The organiser forfeits `seat`'s side the set for repeated breaches
    /// (`000` 1.28). Not available in four-player games.
    Forfeit {
        /// The player whose side forfeits.
        seat: Seat,
        /// The organiser's words, shown as written.
        note: String,
    },
}

/// Applies a recorded conduct foul by the player to stroke (or, for
/// [`Conduct::PlayedOutOfTurn`] and [`Conduct::Forfeit`], by the seat
/// named).
fn conduct(state: &SetState, action: &Conduct) -> Result<(SetState, Verdict), Refusal> {
    if state.result.is_some() {
        return Err(Refusal::SetOver);
    }
    let ids = |discs: &[DiscId]| -> Result<(), Refusal> {
        match discs
            .iter()
            .find(|&&id| state.disc(id).is_none_or(|d| d.at.is_none()))
        {
            Some(&id) => Err(Refusal::DiscNotOnTable(id)),
            None => Ok(()),
        }
    };
    let seat_side = |seat: Seat| state.side_of(seat).ok_or(Refusal::SeatNotInPlay(seat));
    let mut j = outcome::Judgement::new(state, state.table.centre());
    match action {
        Conduct::TouchedMovingStriker => j.foul(FoulKind::TouchedMovingStriker, vec![]),
        Conduct::RefusedStroke => j.foul(FoulKind::RefusedStroke, vec![]),
        Conduct::DislodgedDiscs { discs } | Conduct::DoubleStroke { discs } => {
            ids(discs)?;
            let kind = match action {
                Conduct::DoubleStroke { .. } => FoulKind::DoubleStroke,
                _ => FoulKind::DislodgedDisc,
            };
            let mut discs = discs.clone();
            discs.sort_unstable();
            discs.dedup();
            j.foul(kind, discs.clone());
            j.put_back(&discs);
            j.several_restored(discs.len());
        }
        Conduct::PlayedOutOfTurn { seat } => {
            let side = seat_side(*seat)?;
            if *seat == state.seat_to_play() {
                return Err(Refusal::NotOutOfTurn(*seat));
            }
            j.out_of_turn(*seat, side);
            return Ok(j.done());
        }
        Conduct::Interference { discs_disturbed } => {
            j.interference(*discs_disturbed);
            return Ok(j.done());
        }
        Conduct::Warning { note } => {
            j.warning(note);
            return Ok(j.done());
        }
        Conduct::Forfeit { seat, note } => {
            let side = seat_side(*seat)?;
            if state.sides.len() > 2 {
                return Err(Refusal::NoForfeitInFourPlayer);
            }
            j.forfeit(*seat, side, note);
            return Ok(j.done());
        }
    }
    j.finish_conduct();
    Ok(j.done())
}
