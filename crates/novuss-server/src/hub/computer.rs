//! The computer's turns: one task per game plays the computer's strokes
//! while they are due, each chosen on a blocking thread under the
//! thinkers' bound, and stored through the same check → store → commit
//! steps as a person's stroke.

use std::sync::Arc;

use novuss_ai::{Level, Player};
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::Physics;
use novuss_core::rules::set::SetState;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Hub, SharedRoom};
use crate::game::room::Due;
use crate::wire::motion::By;
use crate::wire::ws_out::Notice;

impl Hub {
    /// Plays the computer's strokes while they are due, each chosen on a
    /// blocking thread, by one task per game at most. A take-back or
    /// another event while it thinks makes its choice stale, and it is
    /// dropped.
    pub fn wake(self: &Arc<Self>, shared: SharedRoom) {
        let hub = self.clone();
        tokio::spawn(async move {
            if !shared.lock().await.claim_computer() {
                return; // its task is running and will see what is due
            }
            loop {
                let (due, physics) = {
                    let mut room = shared.lock().await;
                    let due = if room.retired() { None } else { room.due() };
                    let Some(due) = due else {
                        room.release_computer();
                        return;
                    };
                    room.announce(
                        Notice::Thinking {
                            event: due.event,
                            seat: due.seat,
                            player: due.player,
                        }
                        .text(),
                    );
                    (due, room.setup().physics)
                };
                let Due {
                    event,
                    seat,
                    level,
                    set,
                    seed,
                    ..
                } = due;
                let id = shared.lock().await.id().clone();
                if !hub.hold(&id).await {
                    // Another instance plays this game's computer.
                    shared.lock().await.release_computer();
                    hub.wake_later(shared);
                    return;
                }
                let chosen = {
                    let _permit = hub.thinkers.acquire().await;
                    let think =
                        tokio::task::spawn_blocking(move || choose(level, &set, &physics, seed));
                    tokio::pin!(think);
                    // The lease is renewed while the computer thinks, so
                    // that a long search does not let another instance
                    // start the same one.
                    let mut renew = tokio::time::interval(super::lease::LEASE / 3);
                    renew.tick().await;
                    loop {
                        tokio::select! {
                            chosen = &mut think => break chosen,
                            _ = renew.tick() => { hub.hold(&id).await; }
                        }
                    }
                };
                if !hub.hold(&id).await {
                    // Lost while thinking (the database was unreachable
                    // for longer than a lease): the choice is dropped.
                    shared.lock().await.release_computer();
                    hub.wake_later(shared);
                    return;
                }
                let mut room = shared.lock().await;
                let (meant, executed) = match chosen {
                    Ok(Ok(s)) => s,
                    Ok(Err(e)) => {
                        tracing::error!(game = %room.id(), "the computer found no stroke: {e}");
                        room.release_computer();
                        return;
                    }
                    Err(e) => {
                        tracing::error!(game = %room.id(), "the computer's search failed: {e}");
                        room.release_computer();
                        return;
                    }
                };
                if room.event() != event || room.retired() {
                    continue; // the game moved on while it thought
                }
                // The hand's noise keeps the stroke legal; should it ever
                // not, the stroke as meant (checked by the search) is played.
                let change = match room.play(seat, By::Computer, executed) {
                    Ok(c) => c,
                    Err(_) => match room.play(seat, By::Computer, meant) {
                        Ok(c) => c,
                        Err(e) => {
                            tracing::error!(game = %room.id(), "the computer's stroke was refused: {}", e.detail);
                            room.release_computer();
                            return;
                        }
                    },
                };
                if let Err(e) = hub.apply(&mut room, change).await {
                    if e.code == crate::error::Code::Stale && !room.retired() {
                        // Another instance stored an event first, and this
                        // room has caught up with it: look again.
                        continue;
                    }
                    tracing::error!(game = %room.id(), "the computer's stroke was not stored: {}", e.detail);
                    room.release_computer();
                    return;
                }
            }
        });
    }
}

/// The computer's stroke: as meant, and as its hand plays it.
fn choose(
    level: Level,
    set: &SetState,
    physics: &Physics,
    seed: u64,
) -> Result<(Stroke, Stroke), novuss_ai::AiError> {
    let mut player = Player::new(level, seed);
    let decision = player.decide(set, physics)?;
    let mut hand = ChaCha8Rng::seed_from_u64(seed ^ 0x4841_4e44);
    let meant = decision.best.stroke;
    let executed = player
        .noise()
        .execute(set, &meant, physics.max_stroke_speed, &mut hand);
    Ok((meant, executed))
}
