//! The clocks' side of the hub (see `crate::game::clock`): one task per game
//! waits for its stroke clock to run out and records the time-out through
//! the same check → store → commit steps as any change; claims against an
//! absent player; and the sweep that abandons games nobody touches.

use std::sync::Arc;
use std::time::Duration;

use novuss_core::seat::Seat;

use super::{Hub, SharedRoom};
use crate::error::{Code, Failure};
use crate::game::clock::{now_ms, Timing};
use crate::game::room::Room;
use crate::ids::GameId;
use crate::ids::PersonId;
use crate::people::seats::Holder;
use crate::policy::Action;
use crate::wire::ws_in::Claimed;

/// How many untouched games one sweep abandons at most: the rest wait
/// for the next, so a sweep never holds the writer for long.
const ABANDON_PER_SWEEP: u32 = 64;

impl Hub {
    /// The server's time limits.
    pub fn timing(&self) -> Timing {
        *self
            .timing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Sets the server's time limits (before it serves).
    pub fn set_timing(&self, timing: Timing) {
        *self
            .timing
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = timing;
    }

    /// Tells a game's clients its clocks, if it has any.
    pub(crate) fn announce_timers(&self, room: &Room) {
        if let Some(m) = room.timers_message(now_ms(), &self.timing()) {
            room.announce(m);
        }
    }

    /// Watches the game's stroke clock, by one task per game at most: it
    /// sleeps until the clock runs out (or something changes) and then
    /// records the time-out. The clock waits while none of the game's
    /// players has it open, so that a game left by everyone does not play
    /// itself out in time-outs; the first to come back finds the time-out
    /// recorded at once if the clock ran out meanwhile.
    pub fn tick(self: &Arc<Self>, shared: SharedRoom) {
        let hub = self.clone();
        tokio::spawn(async move {
            if !shared.lock().await.claim_timer() {
                return; // its task runs, and was woken by the change
            }
            loop {
                let mut room = shared.lock().await;
                let due = match room.stroke_deadline() {
                    Some(d) if !room.retired() && room.seats().anyone_here() => d,
                    _ => {
                        room.release_timer();
                        return;
                    }
                };
                let (seat, at) = due;
                let now = now_ms();
                if at > now {
                    let wake = room.timer_wake();
                    drop(room);
                    let wait = Duration::from_millis((at - now) as u64);
                    tokio::select! {
                        _ = tokio::time::sleep(wait) => {}
                        _ = wake.notified() => {}
                    }
                    continue;
                }
                let event = room.event();
                let id = room.id().clone();
                // Before anyone is timed out, what is stored is read: an
                // instance that missed a stroke (its listener deaf) shows
                // it now instead, and the turn it shows late is timed
                // from then (`catch_up`).
                match hub.catch_up(&mut room).await {
                    Ok(0) => {}
                    Ok(_) => {
                        hub.announce_timers(&room);
                        drop(room);
                        hub.wake(shared.clone());
                        continue;
                    }
                    // The database is down: nobody is timed out until
                    // it can say where the game is.
                    Err(f) if f.code == Code::Storage => {
                        let wake = room.timer_wake();
                        drop(room);
                        tokio::select! {
                            _ = tokio::time::sleep(Duration::from_secs(5)) => {}
                            _ = wake.notified() => {}
                        }
                        continue;
                    }
                    Err(f) => {
                        tracing::warn!(game = %id, "retired: it could not follow the store: {}", f.detail);
                        hub.retire(&mut room);
                        room.release_timer();
                        return;
                    }
                }
                let away = room.game().progress().player_at(seat).and_then(|p| {
                    match room.seats().holder(p) {
                        Some(Holder::Person(person)) if !room.seats().connected(person) => {
                            Some(person.clone())
                        }
                        _ => None,
                    }
                });
                drop(room);
                // A player with the game open on another instance, not on
                // this one, is timed out there, by the instance that shows
                // them the game (and may have shown this turn later).
                let elsewhere = match &away {
                    Some(person) => hub
                        .present_elsewhere(&id, person, now)
                        .await
                        .unwrap_or_else(|e| {
                            tracing::warn!(game = %id, "presence could not be read: {e}");
                            true
                        }),
                    None => false,
                };
                if elsewhere || !hub.hold(&id).await {
                    // Another instance records it; its event wakes this
                    // task, or the lease is free again (or the player
                    // gone from the other instance) by the next try.
                    let wake = shared.lock().await.timer_wake();
                    tokio::select! {
                        _ = tokio::time::sleep(super::lease::RETRY) => {}
                        _ = wake.notified() => {}
                    }
                    continue;
                }
                let mut room = shared.lock().await;
                if room.event() != event || room.retired() {
                    continue; // it moved on while the lease was taken
                }
                let timed_out = match room.time_out(event, seat, Some(now)) {
                    Ok(change) => hub.apply(&mut room, change).await,
                    Err(f) => Err(f),
                };
                match timed_out {
                    Ok(()) => {
                        tracing::info!(game = %room.id(), event = event + 1, %seat, "stroke clock ran out");
                        hub.announce_timers(&room);
                        drop(room);
                        // The computer may be next.
                        hub.wake(shared.clone());
                    }
                    Err(f) => {
                        // Not stored (a full disk, say): tried again in a
                        // while rather than at once.
                        tracing::warn!(game = %room.id(), "a time-out was not recorded: {}", f.detail);
                        let wake = room.timer_wake();
                        drop(room);
                        tokio::select! {
                            _ = tokio::time::sleep(Duration::from_secs(5)) => {}
                            _ = wake.notified() => {}
                        }
                    }
                }
            }
        });
    }

    /// The player at `seat` claims `what` from the absent player at
    /// `absent`: its holder only, once the grace has run out.
    pub async fn claim(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
        event: u64,
        seat: Seat,
        absent: Seat,
        what: Claimed,
    ) -> Result<(), Failure> {
        let timing = self.timing();
        // Away from this instance is not away: with several servers over
        // one database the absent player may have the game open on
        // another, which says so in the database.
        let shared = self.room(id).await?;
        let holder = {
            let room = shared.lock().await;
            room.game()
                .progress()
                .player_at(absent)
                .and_then(|p| room.seats().holder(p).cloned())
        };
        if let Some(Holder::Person(person)) = holder {
            let elsewhere = self.present_elsewhere(id, &person, now_ms()).await?;
            if elsewhere {
                return Err(Failure::new(
                    Code::CannotClaim,
                    "the absent player has the game open on another of the site's servers",
                ));
            }
        }
        self.change(id, who, |room| {
            room.ask(who, Some(seat), Action::Claim)?;
            room.claim(event, seat, absent, what, Some((now_ms(), &timing)))
        })
        .await
    }

    /// Calls game `id` off without a result, as an abandonment: a
    /// competition's board decided without it (a player did not come in
    /// time) is played no further.
    pub async fn call_off(self: &Arc<Self>, id: &GameId) -> Result<(), Failure> {
        self.change(id, None, |room| room.abandon(room.event()))
            .await
    }

    /// Abandons the games nobody touched for the abandonment period
    /// (a few per call); how many it abandoned.
    pub async fn abandon_untouched(self: &Arc<Self>) -> usize {
        let after = self.timing().abandon_after.as_secs() as i64;
        let before = crate::store::now() - after;
        let ids = match self.store.untouched(before, ABANDON_PER_SWEEP).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("the untouched games could not be read: {e}");
                return 0;
            }
        };
        let mut n = 0;
        for id in ids {
            if !self.hold(&id).await {
                continue; // another instance is abandoning it
            }
            let done = self
                .change(&id, None, |room| room.abandon(room.event()))
                .await;
            match done {
                Ok(()) => {
                    tracing::info!(game = %id, "abandoned: nobody touched it");
                    n += 1;
                }
                Err(f) => tracing::warn!(game = %id, "not abandoned: {}", f.detail),
            }
        }
        n
    }
}
