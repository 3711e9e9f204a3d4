//! Following games that other servers play: several servers may share
//! one database, each with its own room for a game it serves. The store's
//! event-number check keeps their writes from interleaving; this side
//! brings a room up to what another server stored, and its clients see
//! those events as if they had been played here.
//!
//! Told "game G is at event N" (a database notice), or finding its write
//! refused because the game moved on, the hub reads the missing events and
//! replays them under the room's lock ([`Room::follow`]).

use std::sync::Arc;

use super::{Hub, SharedRoom};

/// How late (ms after it was stored) an event may be shown here and its
/// turn still be timed from when it was stored; shown later, the turn is
/// timed from when it is shown ([`Hub::catch_up`]).
const LATE_MS: i64 = 1_000;
use crate::error::{Code, Failure};
use crate::game::room::Room;
use crate::ids::{GameId, PersonId};
use crate::people::seats::Holder;
use crate::store::{Heard, Listener, Notice};

impl Hub {
    /// Another server stored game `id` up to `event`: if the game is in
    /// memory here and behind, it catches up, its clients are sent the
    /// events, and its computer and clocks look again at what is due. A
    /// game not in memory is left alone: whoever opens it loads it as
    /// stored. A room that cannot catch up is retired, so that its
    /// clients reconnect to the game as stored.
    pub async fn follow(self: &Arc<Self>, id: &GameId, event: u64) {
        let Some(slot) = self.rooms().get(id).cloned() else {
            return;
        };
        let shared = match slot.get() {
            Some(Ok(room)) => room.clone(),
            // Its load failed, and said why to whoever asked for it.
            Some(Err(_)) => return,
            // Still loading: its load may have read the events before
            // this one was stored, so the notice waits for it.
            None => match self.room(id).await {
                Ok(room) => room,
                // Its load failed, and said why to whoever asked for it.
                Err(_) => return,
            },
        };
        self.follow_room(&shared, Some(event)).await;
    }

    /// Brings every game in memory up to what is stored: notices are lost
    /// while the listener is disconnected, so it calls this once it is
    /// connected again. One row is read per game; events only for those
    /// behind.
    pub async fn follow_all(self: &Arc<Self>) {
        for (_, shared) in self.all_loaded() {
            self.follow_room(&shared, None).await;
        }
    }

    /// Acts on what the database's listener heard, for as long as the
    /// server runs: every instance's events and seat changes, and after a
    /// reconnection, everything in memory read again.
    pub async fn follow_notices(self: Arc<Self>, mut listener: Listener) {
        loop {
            match listener.next().await {
                Heard::Notice(Notice::Event { game, event }) => self.follow(&game, event).await,
                Heard::Notice(Notice::Seats { game }) => self.follow_seats(&game).await,
                Heard::Notice(Notice::Chat { game }) => self.follow_chat(&game).await,
                Heard::Notice(Notice::Competition {
                    competition,
                    changes,
                }) => self.competition_changed(Some((competition, changes))),
                Heard::Notice(Notice::Forgotten { person }) => self.forgotten(&person).await,
                Heard::Notice(Notice::Closed { person }) => self.closed(&person),
                Heard::Notice(Notice::Renamed { person }) => self.follow_name(&person).await,
                Heard::Notice(Notice::ChatHidden {
                    game,
                    number,
                    hidden,
                }) => self.line_hidden(&game, number, hidden).await,
                Heard::Reconnected => {
                    self.competition_changed(None);
                    self.follow_all().await;
                    for (id, _) in self.all_loaded() {
                        self.follow_seats(&id).await;
                        self.follow_chat(&id).await;
                    }
                }
            }
        }
    }

    /// Person `person`'s name changed, on any instance: the seats they
    /// hold in memory here show the name as stored.
    pub async fn follow_name(&self, person: &PersonId) {
        match self.store.person_name(person).await {
            Ok(name) => self.renamed(person, name.flatten()).await,
            Err(e) => tracing::warn!(%person, "their new name could not be read: {e}"),
        }
    }

    /// A seat of game `id` changed holder, as stored by another instance
    /// (an invitation taken, a challenge accepted, a device signed in):
    /// the room in memory reads its seats again and tells its clients.
    pub async fn follow_seats(self: &Arc<Self>, id: &GameId) {
        let Some(shared) = self.loaded(id) else {
            return;
        };
        let read = async {
            let rows = self.store.seats(id).await?;
            let names = self.names_of(&rows).await?;
            let row = self.store.game(id).await?;
            Ok::<_, Failure>((rows, names, row))
        };
        let (rows, names, row) = match read.await {
            Ok(read) => read,
            Err(f) => {
                tracing::warn!(game = %id, "its seats could not be read again: {}", f.detail);
                return;
            }
        };
        {
            let mut room = shared.lock().await;
            let mut changed = false;
            for r in &rows {
                let Some(person) = &r.person else {
                    continue;
                };
                let held = room.seats().holder(r.player);
                if held != Some(&Holder::Person(person.clone())) {
                    room.seats_mut().seat(r.player, person);
                    changed = true;
                }
            }
            for (person, shown) in names {
                match shown.forgotten {
                    true => drop(room.seats_mut().forget(&person)),
                    false => {
                        room.seats_mut().name(&person, shown.name);
                    }
                }
            }
            if !changed {
                return;
            }
            // A newly seated player's rating is shown beside their name.
            self.rate_seats(&mut room).await;
            if let Some(row) = row.filter(|r| r.event == room.event()) {
                room.set_turn_at(row.turn_began());
            }
            let message = room.seats_message();
            room.announce(message);
            self.announce_timers(&room);
        }
        // The last seat taken: a computer to open plays now, and the
        // stroke clock starts.
        self.wake(shared.clone());
        self.tick(shared);
    }

    /// Catches `shared` up, if it is behind `seen` (`None`: ask the
    /// store), then does what a change here does after it is committed.
    async fn follow_room(self: &Arc<Self>, shared: &SharedRoom, seen: Option<u64>) {
        {
            let mut room = shared.lock().await;
            if room.retired() || seen.is_some_and(|n| room.event() >= n) {
                return;
            }
            match self.catch_up(&mut room).await {
                Ok(0) => return,
                Ok(n) => {
                    tracing::debug!(game = %room.id(), events = n, event = room.event(), "followed");
                    self.announce_timers(&room);
                    // A rated match another server ended: it settled the
                    // ratings before storing the end, so they are there.
                    if room.game().is_over() && room.setup().rated {
                        self.rate_seats(&mut room).await;
                        let message = room.seats_message();
                        room.announce(message);
                    }
                }
                Err(f) => {
                    // Why was logged where it failed.
                    tracing::warn!(game = %room.id(), "retired: it could not follow the store: {}", f.detail);
                    self.retire(&mut room);
                    return;
                }
            }
        }
        self.wake(shared.clone());
        self.tick(shared.clone());
    }

    /// Applies to `room`, under its lock, the events stored after its
    /// own, up to the game's row, and takes the turn's start from that
    /// row; how many were applied. An error leaves the room at a stored
    /// event, but maybe behind: the caller retires it.
    pub(super) async fn catch_up(&self, room: &mut Room) -> Result<usize, Failure> {
        let id = room.id().clone();
        let Some(row) = self.store.game(&id).await? else {
            return Err(Failure::new(
                Code::UnknownGame,
                format!("game {id} is no longer stored"),
            ));
        };
        if row.event <= room.event() {
            return Ok(0);
        }
        let mut events = self.store.events_after(&id, room.event()).await?;
        // Events stored after the row was read wait for their own notice:
        // the turn's start read with the row belongs to the row's event.
        events.retain(|e| e.number <= row.event);
        let applied = room.follow(&events).map_err(|e| {
            Failure::logged(
                Code::Damaged,
                &format!("game {id} cannot follow the store"),
                &e,
            )
        })?;
        if room.event() != row.event {
            return Err(Failure::new(
                Code::Damaged,
                format!(
                    "game {id}'s row is at event {}, its events end at {}",
                    row.event,
                    room.event()
                ),
            ));
        }
        // Shown here late (the listener was deaf, or this instance's
        // notice was slow): the turn is timed from now on this instance,
        // which times out the players who follow the game on it, so that
        // none is timed out for a stroke it had not shown them.
        let began = row.turn_began();
        let now = crate::game::clock::now_ms();
        room.set_turn_at(if applied > 0 && now - began > LATE_MS {
            now
        } else {
            began
        });
        Ok(applied)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::room::tests::testing::gentle;
    use crate::game::room::Play;
    use crate::hub::tests::{id_of, new_game, person};
    use crate::ids::PersonId;
    use crate::people::identity::Visitor;
    use crate::store::Store;
    use tokio::sync::broadcast;

    /// A directory of its own under the system's temporary one, removed
    /// afterwards.
    struct Scratch(std::path::PathBuf);

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    /// Two servers over one database file, each with its own connections,
    /// as two processes would share it.
    async fn two_servers() -> (Scratch, Arc<Hub>, Arc<Hub>) {
        let dir = Scratch(std::env::temp_dir().join(format!("novuss-follow-{}", GameId::random())));
        let a = Hub::new(Store::open(&dir.0).await.unwrap());
        let b = Hub::new(Store::open(&dir.0).await.unwrap());
        (dir, a, b)
    }

    /// A game between two seats of one person, made on `hub`.
    async fn hot_seat(hub: &Arc<Hub>) -> (GameId, PersonId) {
        let me = person(hub).await;
        let created = hub
            .create(&new_game(r#"{"format":"singles","profile":"koroona","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#), &me)
            .await
            .unwrap();
        (id_of(&created.state), me)
    }

    /// The messages sent so far, but the clocks' (sent as time passes).
    fn sent(rx: &mut broadcast::Receiver<Arc<str>>) -> Vec<Arc<str>> {
        std::iter::from_fn(|| rx.try_recv().ok())
            .filter(|m| !m.starts_with(r#"{"type":"timers""#))
            .collect()
    }

    async fn same_game(a: &SharedRoom, b: &SharedRoom) {
        let (a, b) = (a.lock().await, b.lock().await);
        assert_eq!(a.event(), b.event());
        assert_eq!(a.state_message(), b.state_message());
        assert_eq!(
            a.turn_at(),
            b.turn_at(),
            "the clocks count from the same time"
        );
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn an_event_stored_by_one_server_is_shown_by_the_other() {
        let (_dir, a, b) = two_servers().await;
        let (id, me) = hot_seat(&a).await;
        b.follow(&id, 0).await;
        assert_eq!(b.in_memory(), 0, "a game nobody here uses is not loaded");

        let room_a = a.room(&id).await.unwrap();
        let room_b = b.room(&id).await.unwrap();
        let mut rx_b = room_b.lock().await.subscribe();
        let first = gentle(&*room_a.lock().await);
        a.play(&id, Some(&me), Play::Stroke(first)).await.unwrap();
        b.follow(&id, 1).await;
        let shown = room_a.lock().await.since(0).unwrap();
        assert_eq!(shown.len(), 1);
        assert_eq!(sent(&mut rx_b), shown, "as A's clients were sent it");
        assert_eq!(room_b.lock().await.since(0), Some(shown));
        same_game(&room_a, &room_b).await;

        // A repeated or late notice changes nothing.
        b.follow(&id, 1).await;
        b.follow(&id, 0).await;
        assert!(sent(&mut rx_b).is_empty());

        // And the other way round.
        let mut rx_a = room_a.lock().await.subscribe();
        let second = gentle(&*room_b.lock().await);
        b.play(&id, Some(&me), Play::Stroke(second)).await.unwrap();
        a.follow(&id, 2).await;
        assert_eq!(Some(sent(&mut rx_a)), room_b.lock().await.since(1));
        same_game(&room_a, &room_b).await;
    }

    /// A request made on a server that has not heard of another's event
    /// is refused as stale; the room catches up instead of being
    /// retired, and its clients stay connected and are sent the event.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_stroke_on_a_server_behind_is_stale_and_catches_it_up() {
        let (_dir, a, b) = two_servers().await;
        let (id, me) = hot_seat(&a).await;
        let room_b = b.room(&id).await.unwrap();
        let mut rx_b = room_b.lock().await.subscribe();
        let stroke = gentle(&*room_b.lock().await);
        a.play(&id, Some(&me), Play::Stroke(stroke)).await.unwrap();

        let refused = b
            .play(&id, Some(&me), Play::Stroke(stroke))
            .await
            .unwrap_err();
        assert_eq!(refused.code, Code::Stale, "{}", refused.detail);
        let room_a = a.room(&id).await.unwrap();
        assert_eq!(Some(sent(&mut rx_b)), room_a.lock().await.since(0));
        assert!(!room_b.lock().await.retired());
        assert!(
            Arc::ptr_eq(&room_b, &b.room(&id).await.unwrap()),
            "the same room, not reloaded"
        );
        same_game(&room_a, &room_b).await;

        let next = gentle(&*room_b.lock().await);
        assert_eq!(next.event, 1);
        b.play(&id, Some(&me), Play::Stroke(next)).await.unwrap();
        assert_eq!(Some(sent(&mut rx_b)), room_b.lock().await.since(1));
        assert_eq!(a.store().stored_event(&id).await.unwrap(), Some(2));
    }

    /// Two people, each playing on their own server; each server learns
    /// of the other's strokes only by reading the store, as after its
    /// listener reconnects.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn two_people_on_two_servers_see_the_same_game() {
        let (_dir, a, b) = two_servers().await;
        let first = person(&a).await;
        let created = a
            .create(&new_game(r#"{"format":"singles","profile":"koroona","sets":1,"players":[{"kind":"human"},{"kind":"human","invite":true}]}"#), &first)
            .await
            .unwrap();
        let id = id_of(&created.state);
        let (_, second, _) = b
            .join(&id, &created.invites[0].invite, &Visitor::default())
            .await
            .unwrap();
        // Loaded once both seats are taken: a seat taken on one server is
        // not yet told to another's room.
        let room_a = a.room(&id).await.unwrap();
        let room_b = b.room(&id).await.unwrap();
        let mut rx_a = room_a.lock().await.subscribe();
        let mut rx_b = room_b.lock().await.subscribe();
        for _ in 0..4 {
            let (stroke, player) = {
                let room = room_a.lock().await;
                let stroke = gentle(&room);
                (stroke, room.game().progress().player_at(stroke.seat))
            };
            if player == Some(novuss_core::PlayerId(0)) {
                a.play(&id, Some(&first), Play::Stroke(stroke))
                    .await
                    .unwrap();
                b.follow_all().await;
            } else {
                b.play(&id, Some(&second), Play::Stroke(stroke))
                    .await
                    .unwrap();
                a.follow_all().await;
            }
            same_game(&room_a, &room_b).await;
        }
        let all = room_a.lock().await.since(0).unwrap();
        assert_eq!(all.len(), 4);
        assert_eq!(sent(&mut rx_a), all);
        assert_eq!(sent(&mut rx_b), all);
        assert_eq!(room_b.lock().await.since(0), Some(all));
    }
}
