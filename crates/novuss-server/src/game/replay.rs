//! A game stroke by stroke, for the replay viewer (docs/protocol.md,
//! "Replays"), and the positions of a game that analysis starts from.
//!
//! A replay shows each stroke's motion as it was stored when it was played.
//! Building it plays the game again from its set-up, so every stroke is
//! simulated afresh and compared with the stored motion bit for bit: a
//! difference (another engine build, a damaged database) is listed, never
//! hidden.

use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::Game;
use novuss_core::rules::verdict::{RuleRef, Verdict};
use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::Serialize;

use crate::error::{Code, Failure};
use crate::game::event::{self, Act};
use crate::game::setup::{GameOrigin, Setup};
use crate::game::trace::Difference;
use crate::game::view;
use crate::wire::motion::{By, Motion};
use crate::wire::state::State;

/// What a replay is built from: a copy of the room's set-up and actions,
/// taken under its lock and worked on outside it.
pub struct Source {
    /// The game's id.
    pub id: String,
    /// When it was created.
    pub created: i64,
    /// Its last event.
    pub event: u64,
    /// Its set-up.
    pub setup: Setup,
    /// Its actions now.
    pub acts: Vec<Act>,
}

/// A game stroke by stroke.
#[derive(Serialize)]
pub struct Replay {
    id: String,
    state: State,
    sets: Vec<SetStart>,
    strokes: Vec<Shown>,
    divergences: Vec<Divergence>,
}

#[derive(Serialize)]
struct SetStart {
    set_number: u32,
    start: State,
}

/// One stroke as a replay shows it.
#[derive(Serialize)]
pub struct Shown {
    number: usize,
    set_number: u32,
    seat: Seat,
    player: Option<PlayerId>,
    by: Option<By>,
    stroke: Stroke,
    motion: Motion,
    verdict: Verdict,
    rules: Vec<&'static [RuleRef]>,
    state: State,
    checked: bool,
    diverged: bool,
}

/// A stroke whose fresh simulation differs from its stored motion.
#[derive(Serialize)]
struct Divergence {
    number: usize,
    what: Difference,
}

/// A stored action that no longer replays: the database or the engine
/// changed under the game.
fn broken(k: usize, e: impl std::fmt::Display) -> Failure {
    Failure::new(
        Code::Storage,
        format!("the stored game does not replay at action {}: {e}", k + 1),
    )
}

impl Source {
    fn view(&self, game: &Game) -> State {
        view::state(&self.id, self.created, self.event, &self.setup, game, false)
    }

    /// The replay: every stroke simulated again and compared.
    pub fn replay(&self) -> Result<Replay, Failure> {
        let mut game = event::start(&self.setup).map_err(|e| broken(0, e))?;
        let mut sets = vec![SetStart {
            set_number: game.progress().set_number(),
            start: self.view(&game),
        }];
        let mut strokes = vec![];
        let mut divergences = vec![];
        let uploaded = self.setup.origin == GameOrigin::Uploaded;
        for (k, act) in self.acts.iter().enumerate() {
            match act {
                // The end of the match, not a position: nothing to show.
                Act::Resign { seat } => game.resign(*seat).map_err(|e| broken(k, e))?,
                Act::Abort => game.abort().map_err(|e| broken(k, e))?,
                // A refused stroke or a forfeited set moves the set on
                // (a penalty disc, the turn, a set's result): the next
                // stroke is shown from where it left the table.
                Act::Conduct(c) => drop(game.conduct(c).map_err(|e| broken(k, e))?),
                Act::Abandon => {}
                Act::NextSet => {
                    game.next_set().map_err(|e| broken(k, e))?;
                    sets.push(SetStart {
                        set_number: game.progress().set_number(),
                        start: self.view(&game),
                    });
                }
                Act::Stroke {
                    seat,
                    by,
                    stroke,
                    trace,
                    stored,
                } => {
                    let set_number = game.progress().set_number();
                    let s =
                        event::step(&mut game, *seat, stroke).map_err(|e| broken(k, e.detail))?;
                    let number = strokes.len() + 1;
                    let difference = trace.difference(&s.trace);
                    if let Some(what) = difference {
                        divergences.push(Divergence { number, what });
                    }
                    strokes.push(Shown {
                        number,
                        set_number,
                        seat: *seat,
                        player: s.player,
                        by: (!uploaded).then_some(*by),
                        stroke: *stroke,
                        motion: Motion {
                            bodies: s.bodies,
                            trace: trace.clone(),
                        },
                        rules: event::rules(&s.verdict),
                        verdict: s.verdict,
                        state: self.view(&game),
                        checked: *stored,
                        diverged: difference.is_some(),
                    });
                }
            }
        }
        Ok(Replay {
            id: self.id.clone(),
            state: self.view(&game),
            sets,
            strokes,
            divergences,
        })
    }

    /// The game after its first `at` strokes, with any set start that
    /// followed the last of them (the position the next stroke was played
    /// from); `bad_message` past the last stroke.
    pub fn position(&self, at: usize) -> Result<Game, Failure> {
        let total = self
            .acts
            .iter()
            .filter(|a| matches!(a, Act::Stroke { .. }))
            .count();
        if at > total {
            return Err(Failure::new(
                Code::BadMessage,
                format!("the game has {total} strokes, not {at}"),
            ));
        }
        let mut game = event::start(&self.setup).map_err(|e| broken(0, e))?;
        let mut played = 0;
        for (k, act) in self.acts.iter().enumerate() {
            match act {
                Act::NextSet => game.next_set().map(drop).map_err(|e| broken(k, e))?,
                Act::Resign { seat } => game.resign(*seat).map_err(|e| broken(k, e))?,
                Act::Abort => game.abort().map_err(|e| broken(k, e))?,
                Act::Conduct(c) => drop(game.conduct(c).map_err(|e| broken(k, e))?),
                Act::Abandon => {}
                Act::Stroke { .. } if played == at => break,
                Act::Stroke { seat, stroke, .. } => {
                    game.play(*seat, stroke).map_err(|e| broken(k, e))?;
                    played += 1;
                }
            }
        }
        Ok(game)
    }

    /// The state of `game` as clients draw it.
    pub fn state_of(&self, game: &Game) -> State {
        self.view(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::room::Room;
    use crate::game::setup::NewGame;
    use crate::wire::motion::Trace;
    use std::sync::Arc;

    /// A hot-seat game after `n` strokes chosen by the geometric player.
    fn played(n: u64) -> Source {
        let setup = serde_json::from_str::<NewGame>(
            r#"{"format":"singles","profile":"lnf-2017","sets":3,"players":[{"kind":"human"},{"kind":"human"}]}"#,
        )
        .unwrap()
        .setup()
        .unwrap();
        let mut room =
            Room::new(crate::game::room::tests::testing::id(), 1, setup.clone()).unwrap();
        for k in 0..n {
            let set = room.game().set();
            let stroke = novuss_ai::Player::new(novuss_ai::Level::Greedy, k)
                .decide(set, &setup.physics)
                .unwrap()
                .best
                .stroke;
            let change = room.play(set.seat_to_play(), By::Human, stroke).unwrap();
            room.commit(change);
        }
        Source {
            id: "g".into(),
            created: 1,
            event: room.event(),
            setup,
            acts: room.acts().to_vec(),
        }
    }

    fn altered(source: &mut Source, k: usize, change: impl FnOnce(&mut Trace)) {
        let Act::Stroke { trace, .. } = &mut source.acts[k] else {
            panic!("action {k} is a stroke");
        };
        let mut t = (**trace).clone();
        change(&mut t);
        *trace = Arc::new(t);
    }

    #[test]
    fn a_replay_matches_its_stored_motions_exactly() {
        let r = played(4).replay().unwrap();
        assert_eq!(r.strokes.len(), 4);
        assert!(r.divergences.is_empty());
        assert!(r.strokes.iter().all(|s| s.checked && !s.diverged));
    }

    #[test]
    fn every_changed_motion_is_reported_and_shown_as_stored() {
        let mut source = played(4);
        // One bit of one coordinate: the smallest change there is.
        altered(&mut source, 1, |t| {
            let x = &mut t.paths[0][0][1];
            *x = f64::from_bits(x.to_bits() ^ 1);
        });
        altered(&mut source, 3, |t| t.fates.swap(0, 1));
        let r = source.replay().unwrap();
        let found: Vec<(usize, Difference)> =
            r.divergences.iter().map(|d| (d.number, d.what)).collect();
        assert_eq!(found, [(2, Difference::Paths), (4, Difference::Fates)]);
        assert!(r.strokes[1].diverged && r.strokes[3].diverged);
        assert!(!r.strokes[0].diverged && !r.strokes[2].diverged);
        // The motion shown is the stored one, not the fresh simulation.
        let Act::Stroke { trace, .. } = &source.acts[1] else {
            unreachable!()
        };
        assert_eq!(r.strokes[1].motion.trace.paths, trace.paths);
    }

    #[test]
    fn positions_for_analysis_follow_the_strokes() {
        let source = played(3);
        assert_eq!(source.position(0).unwrap().set().strokes(), 0);
        assert_eq!(source.position(2).unwrap().set().strokes(), 2);
        assert_eq!(source.position(3).unwrap().set().strokes(), 3);
        assert_eq!(source.position(4).err().unwrap().code, Code::BadMessage);
    }
}
