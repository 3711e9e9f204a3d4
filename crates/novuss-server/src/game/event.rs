//! The event model: what happened in a game (a stroke as played, a
//! take-back, the next set), who did it, how a game starts, how one stroke
//! is played and judged, and the motion clients are shown. The room keeps
//! a game's events in memory and the replay steps through them; both take
//! these from here, so neither reaches into the other.

use std::sync::Arc;

use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::{Game, GameError};
use novuss_core::rules::referee::Conduct;
use novuss_core::rules::set::{DiscId, SetState};
use novuss_core::rules::verdict::{RuleRef, Verdict};
use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::{Deserialize, Serialize};

use crate::error::Failure;
use crate::game::setup::Setup;
use crate::wire::motion::{By, Trace};
use crate::wire::ws_in::Claimed;

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
    /// The stroke clock ran out for the player at `seat`: the referee
    /// records a refused stroke (`000` 3.6.15).
    TimeOut {
        /// The seat.
        seat: Seat,
    },
    /// The player at `seat` claimed the set or the match from the player
    /// at `absent`, who stayed away on their turn beyond the grace.
    Claim {
        /// The claimant's seat.
        seat: Seat,
        /// The absent player's seat.
        absent: Seat,
        /// What was claimed.
        what: Claimed,
    },
    /// Nobody touched the game for the server's abandonment period: it
    /// ends without a result.
    Abandon,
}

impl Claimed {
    /// What the claim does in the core's terms: a conduct decision for a
    /// set, a resignation for the match.
    pub fn act(self, absent: Seat) -> Act {
        match self {
            Claimed::Set => Act::Conduct(Conduct::Forfeit {
                seat: absent,
                // The event says why (an absence); the page words it in
                // its reader's language.
                note: String::new(),
            }),
            Claimed::Match => Act::Resign { seat: absent },
        }
    }
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
    /// A conduct decision: a refused stroke when the clock ran out, a
    /// set forfeited by an absent side.
    Conduct(Conduct),
    /// The game was abandoned (the server's decision: the match itself
    /// is unchanged).
    Abandon,
}

impl Act {
    /// Plays this action on `game` (a stroke as stored, without its
    /// motion).
    pub fn replay_on(&self, game: &mut Game) -> Result<(), String> {
        match self {
            Act::Stroke { seat, stroke, .. } => game
                .play(*seat, stroke)
                .map(drop)
                .map_err(|e| e.to_string()),
            Act::NextSet => game.next_set().map(drop).map_err(|e| e.to_string()),
            Act::Resign { seat } => game.resign(*seat).map_err(|e| e.to_string()),
            Act::Abort => game.abort().map_err(|e| e.to_string()),
            Act::Conduct(c) => game.conduct(c).map(drop).map_err(|e| e.to_string()),
            Act::Abandon => Ok(()),
        }
    }
}

/// The game as it starts, a match of the set-up's format: the match's
/// line-up, or the stored position an uploaded record began from.
pub fn start(setup: &Setup) -> Result<Game, GameError> {
    let progress = setup.new_match().map_err(GameError::Match)?;
    Game::of_match(progress, setup.physics, setup.start.clone())
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
