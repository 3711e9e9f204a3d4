//! Analysis: strokes played on a copy of a position of a game, which is
//! never stored and never touches the game (docs/protocol.md, "Analysis").

use std::sync::Arc;

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::Physics;
use novuss_core::play::game::Game;
use novuss_core::rules::verdict::{RuleRef, Verdict};
use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::{Deserialize, Serialize};

use crate::error::{Code, Failure};
use crate::game::event;
use crate::game::replay::Source;
use crate::wire::motion::Motion;
use crate::wire::state::State;

/// The most strokes one request plays on a copy.
pub const MAX_STROKES: usize = 50;

/// What a client asks.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisRequest {
    /// The position after the game's first `at` strokes.
    pub at: usize,
    /// Strokes played in turn on a copy of it.
    #[serde(default)]
    pub strokes: Vec<Stroke>,
    /// A computer level whose choice is wanted where the strokes lead.
    #[serde(default)]
    pub hint: Option<String>,
}

/// The copy after the strokes.
pub struct Copy {
    /// The position it started from.
    pub at: usize,
    /// The game, on the copy.
    pub game: Game,
    /// Its physics.
    pub physics: Physics,
    /// Its state as clients draw it.
    pub state: State,
}

/// One stroke played on the copy.
#[derive(Serialize)]
pub struct PlayedOut {
    seat: Seat,
    player: Option<PlayerId>,
    stroke: Stroke,
    motion: Motion,
    verdict: Verdict,
    rules: Vec<&'static [RuleRef]>,
    state: State,
}

/// The computer's choice on the copy.
#[derive(Serialize)]
pub struct Suggestion {
    /// Its level's name.
    pub level: &'static str,
    /// The seat to play.
    pub seat: Seat,
    /// The best stroke found.
    pub best: novuss_ai::Choice,
    /// The next best.
    pub alternatives: Vec<novuss_ai::Choice>,
}

/// The answer.
#[derive(Serialize)]
pub struct Answer {
    /// The position the copy started from.
    pub at: usize,
    /// The copy's state after the strokes.
    pub state: State,
    /// Each stroke played on it.
    pub played: Vec<PlayedOut>,
    /// The computer's choice, when asked and the set is not over.
    pub hint: Option<Suggestion>,
}

/// Plays the request's strokes on a copy of its position.
pub fn play_out(
    source: &Source,
    request: &AnalysisRequest,
) -> Result<(Copy, Vec<PlayedOut>), Failure> {
    if request.strokes.len() > MAX_STROKES {
        return Err(Failure::new(
            Code::BadMessage,
            format!("at most {MAX_STROKES} strokes are played on a copy"),
        ));
    }
    let mut game = source.position(request.at)?;
    let mut played = vec![];
    for (k, stroke) in request.strokes.iter().enumerate() {
        let with_index =
            |f: Failure| Failure::new(f.code, format!("stroke {}: {}", k + 1, f.detail));
        let finite = [stroke.striker, stroke.direction]
            .iter()
            .all(|v| v.is_finite())
            && stroke.speed.is_finite();
        if !finite {
            return Err(with_index(Failure::new(
                Code::NotFinite,
                "the striker, direction and speed must be finite numbers",
            )));
        }
        if game.set().is_over() {
            return Err(with_index(Failure::new(Code::SetOver, "the set is over")));
        }
        let seat = game.set().seat_to_play();
        let step = event::step(&mut game, seat, stroke).map_err(with_index)?;
        played.push(PlayedOut {
            seat,
            player: step.player,
            stroke: *stroke,
            rules: event::rules(&step.verdict),
            verdict: step.verdict,
            motion: Motion {
                bodies: step.bodies,
                trace: Arc::new(step.trace),
            },
            state: source.state_of(&game),
        });
    }
    let state = source.state_of(&game);
    Ok((
        Copy {
            at: request.at,
            game,
            physics: source.setup.physics,
            state,
        },
        played,
    ))
}
