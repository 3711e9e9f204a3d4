//! The event model: what happened in a game (a stroke as played, a
//! take-back, the next set), who did it, how a game starts, how one stroke
//! is played and judged, and the motion clients are shown. The room keeps
//! a game's events in memory and the replay steps through them; both take
//! these from here, so neither reaches into the other.

use std::sync::Arc;

use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::{Game, GameError};
use novuss_core::rules::set::{DiscId, SetState};
use novuss_core::rules::verdict::{RuleRef, Verdict};
use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::{Deserialize, Serialize};

use crate::error::Failure;
use crate::setup::Setup;
use crate::trace::Trace;

/// Who played a stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// A person.
    Human,
    /// The computer.
    Computer,
}

/// An event as stored: what happened, enough to replay it exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Happened {
    /// A stroke as played (for the computer: as its hand executed it).
    Stroke {
        /// The seat that played.
        seat: Seat,
        /// Who.
        by: By,
        /// The stroke.
        stroke: Stroke,
        /// Its motion as it was played: absent only in events stored
        /// before motions were kept.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trace: Option<Trace>,
    },
    /// The last `actions` strokes and set starts were taken back.
    TakeBack {
        /// How many.
        actions: u32,
    },
    /// The next set was started.
    NextSet,
    /// The player at `seat` resigned the match.
    Resign {
        /// The seat.
        seat: Seat,
    },
    /// The player at `seat` called the match off before it had a result.
    Abort {
        /// The seat.
        seat: Seat,
    },
}

/// An action that is part of the game now (a take-back removes some).
#[derive(Clone, Debug)]
pub enum Act {
    /// A stroke.
    Stroke {
        /// The seat that played.
        seat: Seat,
        /// Who.
        by: By,
        /// The stroke.
        stroke: Stroke,
        /// Its motion as it was played and shown.
        trace: Arc<Trace>,
        /// Whether `trace` is the one stored with the stroke (`false`: an
        /// old event without one, simulated again on loading).
        stored: bool,
    },
    /// The start of the next set.
    NextSet,
    /// The player at `seat` resigned.
    Resign {
        /// The seat.
        seat: Seat,
    },
    /// The match was called off.
    Abort,
}

/// The game as it starts: the match's line-up, or the stored position an
/// uploaded record began from.
pub fn start(setup: &Setup) -> Result<Game, GameError> {
    match &setup.start {
        None => Game::new(setup.config.clone(), setup.physics),
        Some(set) => Game::from_position(setup.config.clone(), setup.physics, set.clone()),
    }
}

/// A stroke's motion as clients get it: what each body is, and its trace.
#[derive(Serialize)]
pub struct Motion {
    /// `None` the striker, otherwise a disc id.
    pub bodies: Vec<Option<DiscId>>,
    /// The paths, fates, duration and contacts.
    #[serde(flatten)]
    pub trace: Arc<Trace>,
}

/// One stroke played on `game`: its verdict, motion and picture after.
pub struct Step {
    /// The player who made it.
    pub player: Option<PlayerId>,
    /// What each body of the motion is.
    pub bodies: Vec<Option<DiscId>>,
    /// The fresh simulation's motion.
    pub trace: Trace,
    /// The referee's verdict.
    pub verdict: Verdict,
}

/// What each body of a stroke's motion in `set` is: the striker, then the
/// discs on the table in the order the engine takes them.
pub fn bodies(set: &SetState) -> Vec<Option<DiscId>> {
    std::iter::once(None)
        .chain(set.discs_on_table().map(|d| Some(d.id)))
        .collect()
}

/// Plays `stroke` from `seat` on `game`.
pub fn step(game: &mut Game, seat: Seat, stroke: &Stroke) -> Result<Step, Failure> {
    let bodies = bodies(game.set());
    let player = game.progress().player_at(seat);
    let played = game.play(seat, stroke).map_err(|e| Failure::of_play(&e))?;
    Ok(Step {
        player,
        bodies,
        trace: Trace::of(&played.outcome),
        verdict: played.verdict,
    })
}

/// The clauses of each reason of `verdict`.
pub fn rules(verdict: &Verdict) -> Vec<&'static [RuleRef]> {
    verdict.reasons.iter().map(|r| r.rules()).collect()
}
