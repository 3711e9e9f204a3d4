//! The games being played: loaded from the store on first use, changed
//! only through [`Room`]'s check → store → commit steps. The computer's
//! turns are in `computer.rs`, the heavy requests in `requests.rs`, each
//! on blocking threads so no game ever waits for another. Events another
//! server stored in a shared database are followed in `follow.rs`.
//!
//! What a client sees is always what a restart would show: a change is
//! committed to the room only once it is stored, and after a failed write
//! the room is checked against the database before it goes on.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex, MutexGuard, PoisonError};

use tokio::sync::{Mutex, OnceCell, Semaphore};

use crate::error::{Code, Failure};
use crate::game::room::{Change, Play, Room};
use crate::hub::work::Work;
use crate::ids::GameId;
use crate::ids::PersonId;
use crate::people::identity::People;
use crate::people::seats::Seats;
use crate::store::{Append, Store, StoreError};

mod chat;
mod clock;
mod computer;
mod follow;
mod forget;
mod lease;
mod moderation;
mod offers;
mod people;
mod requests;
mod uploads;
pub mod work;

pub use uploads::UploadQuota;

/// A shared room.
pub type SharedRoom = Arc<Mutex<Room>>;

/// The largest event one stroke may store (and send, with the state): a
/// stroke of the server's physics writes a few kilobytes.
pub const MAX_EVENT_BYTES: usize = 512 * 1024;

/// `shared`'s lock, unless the room was retired meanwhile (forgotten, or
/// found to differ from what is stored): then its client is told to
/// connect again, and gets the game as stored.
async fn live(shared: &SharedRoom) -> Result<tokio::sync::MutexGuard<'_, Room>, Failure> {
    let room = shared.lock().await;
    if room.retired() {
        return Err(Failure::new(
            Code::Stale,
            "the game is being reloaded: connect again",
        ));
    }
    Ok(room)
}

/// A game's place in memory: empty while it loads, so that loading one
/// game makes only that game's requests wait. Its load's outcome, a
/// failure too, is every waiter's: requests that came while the database
/// was not answering are refused together, each after one wait, not one
/// load after another (the slot is dropped then, and the next request
/// loads afresh).
type Slot = Arc<OnceCell<Result<SharedRoom, Failure>>>;

/// A competition changed by some instance, and how many changes it has
/// now (0: not said).
pub type CompetitionNews = (crate::ids::CompetitionId, u64);

/// Competition notices waiting for the desk before it is told it lagged
/// (it then tells every followed competition's followers afresh).
const COMPETITION_NEWS: usize = 256;

/// What a competition played on this server hears of its games
/// (`crate::competitions::Online`): the hub only passes it on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameNews {
    /// A game's match ended (as stored) on this server.
    Over(GameId),
    /// A person opened a game they hold a seat of, on this server.
    Arrived(GameId, PersonId),
}

/// Game news waiting for its listener before it is told it lagged (it
/// then reads what it needs from the store).
const GAME_NEWS: usize = 1024;

/// The games of one server.
pub struct Hub {
    store: Store,
    rooms: StdMutex<HashMap<GameId, Slot>>,
    /// Games rebuilt at once, each on a blocking thread.
    loaders: Semaphore,
    /// Computer strokes chosen at once: one per core, so that searches
    /// never starve the threads that serve requests.
    thinkers: Semaphore,
    /// Hints, analyses, replays, record downloads and uploads.
    work: Work,
    /// The largest event a stroke may store ([`MAX_EVENT_BYTES`]).
    event_cap: usize,
    /// Who is who.
    people: Arc<People>,
    /// The absence grace and the abandonment period.
    timing: StdMutex<crate::game::clock::Timing>,
    /// What uploads may store, and each address's budget.
    uploads: StdMutex<uploads::Uploads>,
    /// Competitions changed by any instance sharing the database, with
    /// their number of changes, as its listener heard them (`None`: it
    /// reconnected, and any may have changed), for the competitions' desk
    /// to tell its followers: the hub only passes them on.
    competition_news: tokio::sync::broadcast::Sender<Option<CompetitionNews>>,
    /// Games ended and seats opened here, for the competitions played on
    /// this server.
    game_news: tokio::sync::broadcast::Sender<GameNews>,
    /// The operator's word list, kept fresh by `Server::run`.
    words: Arc<crate::wordlist::WordList>,
}

impl Hub {
    /// A hub over `store`, sized for this machine's cores.
    pub fn new(store: Store) -> Arc<Hub> {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Arc::new(Hub {
            rooms: StdMutex::new(HashMap::new()),
            loaders: Semaphore::new(cores),
            thinkers: Semaphore::new(cores),
            work: Work::for_cores(cores),
            event_cap: MAX_EVENT_BYTES,
            people: Arc::new(People::new(store.clone(), false)),
            timing: StdMutex::new(crate::game::clock::Timing::DEFAULT),
            uploads: StdMutex::new(uploads::Uploads::new(UploadQuota::default())),
            competition_news: tokio::sync::broadcast::channel(COMPETITION_NEWS).0,
            game_news: tokio::sync::broadcast::channel(GAME_NEWS).0,
            words: Arc::new(crate::wordlist::WordList::new()),
            store,
        })
    }

    /// The operator's word list (docs/moderation.md, "Word list").
    pub(crate) fn words(&self) -> &Arc<crate::wordlist::WordList> {
        &self.words
    }

    /// A receiver of the competitions any instance changes
    /// ([`Hub::follow_notices`]); with SQLite, nothing is ever sent.
    pub fn competition_news(&self) -> tokio::sync::broadcast::Receiver<Option<CompetitionNews>> {
        self.competition_news.subscribe()
    }

    /// A receiver of the games that end, and of the seats opened, here.
    pub fn game_news(&self) -> tokio::sync::broadcast::Receiver<GameNews> {
        self.game_news.subscribe()
    }

    /// Passes on news of a game (nobody listening is fine).
    pub(crate) fn tell_game_news(&self, news: GameNews) {
        let _ = self.game_news.send(news);
    }

    /// Passes on that a competition changed (`None`: any may have).
    pub(crate) fn competition_changed(&self, news: Option<CompetitionNews>) {
        let _ = self.competition_news.send(news);
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The map of rooms. A panic elsewhere while it was held leaves it
    /// whole (each operation on it is one insert, lookup or removal), so a
    /// poisoned lock is taken as it is.
    fn rooms(&self) -> MutexGuard<'_, HashMap<GameId, Slot>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room of game `id`, if it is in memory now (loaded, not loading).
    pub(crate) fn loaded(&self, id: &GameId) -> Option<SharedRoom> {
        self.rooms()
            .get(id)
            .and_then(|slot| slot.get()?.as_ref().ok().cloned())
    }

    /// Every room in memory now (loaded, not loading), as `(id, room)`.
    fn all_loaded(&self) -> Vec<(GameId, SharedRoom)> {
        self.rooms()
            .iter()
            .filter_map(|(id, slot)| Some((id.clone(), slot.get()?.as_ref().ok()?.clone())))
            .collect()
    }

    /// Forgets the games nobody uses: no socket open on them, no
    /// computer's task, no request holding their lock. Reloading replays
    /// the stored events exactly, so forgetting is always safe; it only
    /// costs a reconnecting client its missed events (it gets the whole
    /// state instead). Returns how many were forgotten.
    pub fn evict_idle(&self) -> usize {
        let mut rooms = self.rooms();
        let before = rooms.len();
        // A game still loading, or whose lock is held, is kept. A forgotten
        // room is retired: a socket that opened on it in the moment before
        // it was forgotten is told to connect again, and a request still
        // holding it changes nothing.
        rooms.retain(|_, slot| {
            let room = match slot.get() {
                None => return true,
                // A failed load's slot is its requests' to drop; none
                // may stay.
                Some(Err(_)) => return false,
                Some(Ok(room)) => room,
            };
            let Ok(mut room) = room.try_lock() else {
                return true;
            };
            if room.in_use() {
                return true;
            }
            room.retire();
            false
        });
        before - rooms.len()
    }

    /// Games held in memory.
    pub fn in_memory(&self) -> usize {
        self.rooms().len()
    }

    /// What `/metrics` reads as it is now: games in memory, heavy work,
    /// the database's connections.
    pub(crate) fn metrics_now(&self) -> crate::metrics::Now {
        let (work_running, work_waiting) = self.work.in_use();
        let (db_connections, db_idle) = self.store.pool_use();
        crate::metrics::Now {
            games_in_memory: self.in_memory(),
            work_running,
            work_waiting,
            db_connections,
            db_idle,
        }
    }

    /// The room of game `id`, loading it from the store if needed. Only
    /// requests for this game wait while it loads.
    pub async fn room(self: &Arc<Self>, id: &GameId) -> Result<SharedRoom, Failure> {
        let slot = self.rooms().entry(id.clone()).or_default().clone();
        let loaded = slot.get_or_init(|| self.load(id)).await.clone();
        match loaded {
            Ok(room) => Ok(room),
            Err(f) => {
                // An unknown or unreadable game leaves no empty slot behind.
                let mut rooms = self.rooms();
                if rooms
                    .get(id)
                    .is_some_and(|s| Arc::ptr_eq(s, &slot) && s.get().is_some_and(Result::is_err))
                {
                    rooms.remove(id);
                }
                Err(f)
            }
        }
    }

    /// Reads game `id` and rebuilds it on a blocking thread.
    async fn load(self: &Arc<Self>, id: &GameId) -> Result<SharedRoom, Failure> {
        let row = self.store.game(id).await?;
        let Some(row) = row else {
            return Err(Failure::new(
                Code::UnknownGame,
                format!("no game has the id {id}"),
            ));
        };
        let events = self.store.events(id).await?;
        let seat_rows = self.store.seats(id).await?;
        let names = self.names_of(&seat_rows).await?;
        let count = events.len();
        let turn_began = row.turn_began();
        let room = {
            let _loader = self.loaders.acquire().await;
            tokio::task::spawn_blocking(move || {
                Room::load(row.id, row.created, &row.setup, &events, |controllers| {
                    Seats::new(
                        controllers
                            .iter()
                            .map(crate::game::setup::Controller::is_computer),
                        &seat_rows,
                    )
                    .with_names(names)
                })
            })
            .await
        };
        let room = match room {
            Ok(Ok(mut room)) => {
                room.set_turn_at(turn_began);
                self.rate_seats(&mut room).await;
                room
            }
            Ok(Err(e)) => {
                let what = format!("game {id} is damaged and cannot be loaded");
                return Err(Failure::logged(Code::Damaged, &what, &e));
            }
            Err(e) => return Err(Failure::internal(&format!("loading game {id} failed"), &e)),
        };
        let shared = Arc::new(Mutex::new(room));
        tracing::info!(game = %id, events = count, "game resumed");
        self.wake(shared.clone());
        self.tick(shared.clone());
        Ok(shared)
    }

    /// Stores a change and commits it to the room. After a failed write
    /// the database is asked where the game is, and the room follows it:
    /// what a client is told is always what is stored.
    async fn apply(&self, room: &mut Room, change: Change) -> Result<(), Failure> {
        let body = change.body()?;
        if body.len() > self.event_cap {
            return Err(Failure::new(
                Code::TooLarge,
                format!(
                    "the stroke's event would be {} bytes; at most {} are stored",
                    body.len(),
                    self.event_cap
                ),
            ));
        }
        let summary = change.summary()?;
        let after = room.event();
        let at_ms = crate::game::clock::now_ms();
        let began = std::time::Instant::now();
        let stored = self
            .store
            .append(&Append {
                game: room.id(),
                after,
                body: &body,
                over: change.over(),
                summary: &summary,
                at_ms,
            })
            .await;
        crate::metrics::commit(began.elapsed());
        match stored {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                // Another server stored an event first; its notice may not
                // have come yet. The room follows the store, and the
                // request, made against the game as it was, is refused:
                // its client has been sent the new events meanwhile.
                return match self.catch_up(room).await {
                    Ok(n) if n > 0 => Err(Failure::new(
                        Code::Stale,
                        format!("the game moved on to event {}", room.event()),
                    )),
                    // Refused, yet nothing newer is stored: the room and
                    // the database disagree, and the room is rebuilt.
                    Ok(_) => {
                        tracing::error!(game = %room.id(), event = after, "a write was refused as stale, yet nothing newer is stored");
                        self.retire(room);
                        Err(Failure::from(StoreError::Conflict))
                    }
                    Err(f) => {
                        tracing::warn!(game = %room.id(), "retired: it could not follow the store: {}", f.detail);
                        self.retire(room);
                        Err(Failure::from(StoreError::Conflict))
                    }
                };
            }
            // No connection could be had (the database is down): the
            // event never left this process, so the room is as stored,
            // and the refusal comes at once rather than after asking a
            // database that is not there where the game is.
            Err(e) if e.unsent() => return Err(Failure::from(e)),
            Err(e) => {
                let failure = Failure::from(e);
                match self.store.stored_event(room.id()).await {
                    // The commit failed as far as the driver knows, yet it
                    // is there: the room follows the database.
                    Ok(Some(n)) if n == after + 1 => {
                        tracing::warn!(game = %room.id(), event = n, "an event reported as failed was stored");
                    }
                    Ok(Some(n)) if n == after => return Err(failure),
                    other => {
                        // Unknown: the room is rebuilt from the database
                        // when it is next opened.
                        tracing::error!(game = %room.id(), "after a failed write the game's row reads {other:?}");
                        self.retire(room);
                        return Err(failure);
                    }
                }
            }
        }
        if change.over() && room.setup().rated {
            // The match is over and stored: its ratings move once, before
            // its players hear of the end, so that a page asking for them
            // then finds them moved. A failure leaves the game as played;
            // the next start settles it (crate::ratings::settle_pending).
            if let Err(e) = crate::ratings::settle(&self.store, room.id()).await {
                tracing::error!(game = %room.id(), "the ratings could not be settled: {e}");
            }
            // Each player's change is shown beside their name.
            self.rate_seats(room).await;
        }
        let rated = change.over() && room.setup().rated;
        let over = change.over();
        room.commit(change);
        room.set_turn_at(at_ms);
        if rated {
            let message = room.seats_message();
            room.announce(message);
        }
        if over {
            self.tell_game_news(GameNews::Over(room.id().clone()));
        }
        Ok(())
    }

    /// Forgets `room`, whose picture may differ from what is stored: the
    /// next request loads it again, and its clients are disconnected so
    /// that they reconnect to the reloaded game.
    fn retire(&self, room: &mut Room) {
        self.rooms().remove(room.id());
        room.retire();
    }

    /// `play`, asked by `who`, for game `id`: checked by the policy and
    /// the game under the game's lock, stored and committed.
    pub async fn play(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
        play: Play,
    ) -> Result<(), Failure> {
        let began = std::time::Instant::now();
        let stroke = matches!(play, Play::Stroke(_));
        let played = self.change(id, who, |room| room.asked_to(who, &play)).await;
        if stroke && played.is_ok() {
            crate::metrics::stroke(began.elapsed());
        }
        played
    }

    /// Checks a change of game `id` under its lock, stores and commits it,
    /// then lets the computer play if it is due.
    async fn change(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
        check: impl FnOnce(&mut Room) -> Result<Change, Failure>,
    ) -> Result<(), Failure> {
        let shared = self.room(id).await?;
        let applied = {
            let mut room = live(&shared).await?;
            if let Some(person) = who {
                self.claim_old(&mut room, person).await?;
            }
            let change = check(&mut room)?;
            let at = room.event();
            let applied = self.apply(&mut room, change).await;
            // A refused write may still have moved the room on: it caught
            // up with events another server stored, and what they make due
            // is seen to as after any event.
            if applied.is_err() && room.event() == at {
                return applied;
            }
            self.announce_timers(&room);
            applied
        };
        self.wake(shared.clone());
        self.tick(shared);
        applied
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::setup::NewGame;
    use crate::hub::work::Client;
    use crate::people::identity::Visitor;
    use crate::wire::state::State;
    use crate::wire::ws_in::StrokeRequest;
    use novuss_ai::Level;
    use novuss_core::seat::Seat;

    pub(super) fn new_game(json: &str) -> NewGame {
        serde_json::from_str(json).unwrap()
    }

    async fn hub() -> Arc<Hub> {
        Hub::new(Store::memory().await.unwrap())
    }

    /// A person, stored.
    pub(super) async fn person(hub: &Hub) -> PersonId {
        hub.people().ensure(&Visitor::default()).await.unwrap().0
    }

    pub(super) fn id_of(state: &State) -> GameId {
        GameId::parse(serde_json::to_value(state).unwrap()["id"].as_str().unwrap()).unwrap()
    }

    const GENTLE: StrokeRequest = StrokeRequest {
        event: 0,
        seat: Seat::South,
        striker: [0.5, 0.08],
        direction: [0.0, 1.0],
        speed: 0.5,
    };

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn forgotten_games_reload_exactly() {
        let hub = hub().await;
        let me = person(&hub).await;
        let state = hub
            .create(&new_game(r#"{"format":"singles","profile":"koroona","sets":3,"players":[{"kind":"human"},{"kind":"human"}]}"#), &me)
            .await
            .unwrap()
            .state;
        let id = id_of(&state);
        hub.play(&id, Some(&me), Play::Stroke(GENTLE))
            .await
            .unwrap();
        let before =
            serde_json::to_value(hub.room(&id).await.unwrap().lock().await.state()).unwrap();
        // The creating task may still hold the room for a moment.
        for _ in 0..100 {
            if hub.evict_idle() == 1 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert_eq!(hub.in_memory(), 0);
        let after =
            serde_json::to_value(hub.room(&id).await.unwrap().lock().await.state()).unwrap();
        assert_eq!(before, after);
    }

    /// A game with a socket open stays in memory, whoever else holds it;
    /// once the socket closes it is forgotten, and what held it is retired.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn watched_games_stay_and_forgotten_ones_are_retired() {
        let hub = hub().await;
        let me = person(&hub).await;
        let state = hub
            .create(&new_game(r#"{"format":"singles","profile":"koroona","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#), &me)
            .await
            .unwrap()
            .state;
        let id = id_of(&state);
        let room = hub.room(&id).await.unwrap();
        let watching = room.lock().await.watch();
        // The loading task's computer check may hold the room a moment.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert_eq!(hub.evict_idle(), 0, "a socket is open on it");
        drop(watching);
        let mut forgotten = 0;
        for _ in 0..100 {
            forgotten = hub.evict_idle();
            if forgotten == 1 {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert_eq!(forgotten, 1);
        assert!(room.lock().await.retired());
        // A stroke on the game loads it afresh, not the retired room.
        hub.play(&id, Some(&me), Play::Stroke(GENTLE))
            .await
            .unwrap();
        assert_eq!(room.lock().await.event(), 0);
        assert_eq!(hub.room(&id).await.unwrap().lock().await.event(), 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn take_backs_while_the_computer_thinks_leave_one_computer() {
        let hub = hub().await;
        let me = person(&hub).await;
        let state = hub
            .create(&new_game(r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human"},{"kind":"computer","level":"expert"}]}"#), &me)
            .await
            .unwrap()
            .state;
        let id = id_of(&state);
        let mut rx = hub.room(&id).await.unwrap().lock().await.subscribe();
        let mut event = 0;
        for _ in 0..4 {
            hub.play(
                &id,
                Some(&me),
                Play::Stroke(StrokeRequest { event, ..GENTLE }),
            )
            .await
            .unwrap();
            hub.play(&id, Some(&me), Play::TakeBack { event: event + 1 })
                .await
                .unwrap();
            event += 2;
        }
        hub.play(
            &id,
            Some(&me),
            Play::Stroke(StrokeRequest { event, ..GENTLE }),
        )
        .await
        .unwrap();
        // Wait for the computer's reply to the last stroke.
        let mut thinking = std::collections::HashMap::<u64, usize>::new();
        loop {
            let m: serde_json::Value = serde_json::from_str(&rx.recv().await.unwrap()).unwrap();
            if m["type"] == "thinking" {
                *thinking.entry(m["event"].as_u64().unwrap()).or_default() += 1;
            }
            if m["type"] == "stroke" && m["by"] == "computer" {
                assert_eq!(m["event"], event + 2);
                break;
            }
        }
        assert!(
            thinking.values().all(|&n| n == 1),
            "one computer per event: {thinking:?}"
        );
        // Nothing else was played: the computer's stale choices were dropped.
        let room = hub.room(&id).await.unwrap();
        assert_eq!(room.lock().await.event(), event + 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_same_hint_twice_is_worked_out_once() {
        let hub = hub().await;
        let me = person(&hub).await;
        let state = hub
            .create(&new_game(r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#), &me)
            .await
            .unwrap()
            .state;
        let id = id_of(&state);
        let a = hub
            .hint(
                &id,
                Some(&me),
                0,
                Level::Club,
                hub.admit(Client::default(), "hint").await.unwrap(),
            )
            .await
            .unwrap();
        let b = hub
            .hint(
                &id,
                Some(&me),
                0,
                Level::Club,
                hub.admit(Client::default(), "hint").await.unwrap(),
            )
            .await
            .unwrap();
        assert!(Arc::ptr_eq(&a, &b), "kept, not searched again");
        assert_eq!(
            hub.hint(
                &id,
                Some(&me),
                1,
                Level::Club,
                hub.admit(Client::default(), "hint").await.unwrap()
            )
            .await
            .unwrap_err()
            .code,
            Code::Stale
        );
    }
}

#[cfg(test)]
mod limits {
    use super::*;
    use crate::game::setup::NewGame;
    use crate::wire::ws_in::StrokeRequest;
    use novuss_core::seat::Seat;

    /// A stroke whose event would be larger than a stroke of the server's
    /// physics can make (here, on a table nearly without friction, stored
    /// before uploads were held to the server's physics) is refused, and
    /// neither the room nor the database moves.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_stroke_over_the_event_cap_is_refused_and_changes_nothing() {
        let mut hub = Hub::new(Store::memory().await.unwrap());
        // A cap below this stroke's event (about 58 kB on a nearly
        // frictionless table; a stroke of the server's physics writes a few
        // kilobytes).
        Arc::get_mut(&mut hub).unwrap().event_cap = 16 * 1024;
        let new: NewGame = serde_json::from_str(
            r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#,
        )
        .unwrap();
        let mut setup = new.setup().unwrap();
        setup.physics.friction = 1e-9;
        let id = GameId::parse("0123456789abcdef0123456789abcdef").unwrap();
        let room = Room::new(id.clone(), 1, setup.clone()).unwrap();
        hub.store
            .create(&crate::store::NewRow {
                id: &id,
                created: 1,
                setup: &serde_json::to_string(&setup).unwrap(),
                summary: &serde_json::to_string(&room.summary()).unwrap(),
                public: false,
                seats: &[],
            })
            .await
            .unwrap();
        let shared = Arc::new(Mutex::new(room));
        hub.rooms().insert(
            id.clone(),
            Arc::new(OnceCell::new_with(Some(Ok(shared.clone())))),
        );
        // The game has no holders (as if stored before there were people):
        // the first person to act holds it.
        let me = hub
            .people()
            .ensure(&crate::people::identity::Visitor::default())
            .await
            .unwrap()
            .0;
        let refused = hub
            .play(
                &id,
                Some(&me),
                Play::Stroke(StrokeRequest {
                    event: 0,
                    seat: Seat::South,
                    striker: [0.3, 0.08],
                    direction: [0.31, 0.95],
                    speed: 4.0,
                }),
            )
            .await
            .unwrap_err();
        assert_eq!(refused.code, Code::TooLarge, "{}", refused.detail);
        assert_eq!(shared.lock().await.event(), 0);
        assert_eq!(hub.store.stored_event(&id).await.unwrap(), Some(0));
    }
}
