//! The games being played: loaded from the store on first use, changed
//! only through [`Room`]'s check → store → commit steps, and the computer's
//! strokes chosen on blocking threads so no game ever waits for another.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex, MutexGuard, PoisonError};

use novuss_ai::{Level, Player};
use novuss_core::physics::Physics;
use novuss_core::set::SetState;
use novuss_core::stroke::Stroke;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tokio::sync::{Mutex, Semaphore};

use crate::analysis::{self, AnalysisRequest};
use crate::error::{Code, Failure};
use crate::replay::Source;
use crate::room::{By, Change, Due, Room, StrokeRequest};
use crate::setup::{NewGame, Setup};
use crate::store::{Append, Imported, Store, StoreError};
use crate::upload;
use crate::view::{State, Summary};

/// A shared room.
pub type SharedRoom = Arc<Mutex<Room>>;

/// The games of one server.
pub struct Hub {
    store: Store,
    rooms: StdMutex<HashMap<String, SharedRoom>>,
    loading: Mutex<()>,
    /// Computer strokes chosen at once: one per core, so that searches
    /// never starve the threads that serve requests.
    thinkers: Semaphore,
    /// Hints computed at once, apart from the computer's strokes so that
    /// asking for hints never delays a game; a hint asked for while all
    /// are busy is refused as `busy`.
    hinters: Semaphore,
}

/// One game in the list of games.
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    id: String,
    created: i64,
    updated: i64,
    format: novuss_core::set::Format,
    profile: novuss_core::profile::ProfileId,
    sets: u32,
    players: Vec<String>,
    who: Vec<Who>,
    origin: crate::setup::GameOrigin,
    over: bool,
    score: Vec<u32>,
    event: u64,
    strokes: u32,
}

/// Who plays as player `k` of a listed game.
#[derive(Clone, Debug, Serialize)]
pub struct Who {
    name: Option<String>,
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<&'static str>,
}

fn storage(e: StoreError) -> Failure {
    tracing::error!("storage: {e}");
    match e {
        StoreError::Conflict => Failure::new(Code::Stale, e.to_string()),
        _ => Failure::new(Code::Storage, e.to_string()),
    }
}

fn unknown(id: &str) -> Failure {
    Failure::new(Code::UnknownGame, format!("no game has the id {id:?}"))
}

/// Whether `id` has the form of a game id (32 lowercase hex digits).
pub fn is_game_id(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

#[derive(Serialize)]
struct Thinking {
    #[serde(rename = "type")]
    kind: &'static str,
    event: u64,
    seat: novuss_core::seat::Seat,
    player: usize,
}

#[derive(Serialize)]
struct Hint {
    #[serde(rename = "type")]
    kind: &'static str,
    event: u64,
    seat: novuss_core::seat::Seat,
    level: &'static str,
    best: novuss_ai::Choice,
    alternatives: Vec<novuss_ai::Choice>,
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store) -> Arc<Hub> {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Arc::new(Hub {
            store,
            rooms: StdMutex::new(HashMap::new()),
            loading: Mutex::new(()),
            thinkers: Semaphore::new(cores),
            hinters: Semaphore::new(cores.div_ceil(2)),
        })
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The map of rooms. A panic elsewhere while it was held leaves it
    /// whole (each operation on it is one insert or lookup), so a poisoned
    /// lock is taken as it is.
    fn rooms(&self) -> MutexGuard<'_, HashMap<String, SharedRoom>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn cached(&self, id: &str) -> Option<SharedRoom> {
        self.rooms().get(id).cloned()
    }

    /// Forgets the games nobody holds: no client connected, no request or
    /// computer stroke in progress (each holds the room). Reloading
    /// replays the stored events exactly, so forgetting is always safe; it
    /// only costs a reconnecting client its missed events (it gets the
    /// whole state instead). Returns how many were forgotten.
    pub fn evict_idle(&self) -> usize {
        let mut rooms = self.rooms();
        let before = rooms.len();
        // Under the map's lock nobody can take a new handle on a room.
        rooms.retain(|_, room| Arc::strong_count(room) > 1);
        before - rooms.len()
    }

    /// Games held in memory.
    pub fn in_memory(&self) -> usize {
        self.rooms().len()
    }

    /// Creates a game; the computer starts if it opens.
    pub async fn create(self: &Arc<Self>, new: &NewGame) -> Result<State, Failure> {
        let setup = new.setup().map_err(|e| Failure::new(Code::BadSetup, e.0))?;
        let id = format!("{:032x}", rand::rng().random::<u128>());
        let body = serde_json::to_string(&setup)
            .map_err(|e| Failure::new(Code::Storage, e.to_string()))?;
        let created = crate::store::now();
        let room =
            Room::new(id.clone(), created, setup).map_err(|e| Failure::new(Code::BadSetup, e))?;
        let summary = Summary::json(room.game())?;
        self.store
            .create(&id, created, &body, &summary)
            .await
            .map_err(storage)?;
        let state = room.state();
        let shared = Arc::new(Mutex::new(room));
        self.rooms().insert(id.clone(), shared.clone());
        tracing::info!(game = %id, "new game");
        self.wake(shared);
        Ok(state)
    }

    /// The room of game `id`, loading it from the store if needed.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<SharedRoom, Failure> {
        if !is_game_id(id) {
            return Err(unknown(id));
        }
        if let Some(room) = self.cached(id) {
            return Ok(room);
        }
        let _one = self.loading.lock().await;
        if let Some(room) = self.cached(id) {
            return Ok(room);
        }
        let row = self.store.game(id).await.map_err(storage)?;
        let Some(row) = row else {
            return Err(unknown(id));
        };
        let events = self.store.events(id).await.map_err(storage)?;
        let room = Room::load(row.id, row.created, &row.setup, &events).map_err(|e| {
            tracing::error!(game = %id, "cannot rebuild the game: {e}");
            Failure::new(
                Code::Storage,
                format!("the stored game cannot be rebuilt: {e}"),
            )
        })?;
        let shared = Arc::new(Mutex::new(room));
        self.rooms().insert(id.to_owned(), shared.clone());
        tracing::info!(game = %id, events = events.len(), "game resumed");
        self.wake(shared.clone());
        Ok(shared)
    }

    /// Stores a change and commits it to the room.
    async fn apply(&self, room: &mut Room, change: Change) -> Result<(), Failure> {
        let body = change.body()?;
        let summary = change.summary()?;
        let stored = self
            .store
            .append(&Append {
                game: room.id(),
                after: room.event(),
                body: &body,
                over: change.over(),
                summary: &summary,
            })
            .await;
        if let Err(StoreError::Conflict) = stored {
            // The database is ahead of this room: another writer, which
            // must not exist. Forget the room so that the next request
            // rebuilds it from what is stored.
            tracing::error!(game = %room.id(), "the stored game is ahead of the one in memory");
            self.rooms().remove(room.id());
        }
        stored.map_err(storage)?;
        room.commit(change);
        Ok(())
    }

    /// Plays a human stroke.
    pub async fn stroke(self: &Arc<Self>, id: &str, r: &StrokeRequest) -> Result<(), Failure> {
        self.change(id, |room| room.stroke(r)).await
    }

    /// Takes back the last human stroke.
    pub async fn take_back(self: &Arc<Self>, id: &str, event: u64) -> Result<(), Failure> {
        self.change(id, |room| room.take_back(event)).await
    }

    /// Starts the next set.
    pub async fn next_set(self: &Arc<Self>, id: &str, event: u64) -> Result<(), Failure> {
        self.change(id, |room| room.next_set(event)).await
    }

    /// Checks a change of game `id` under its lock, stores and commits it,
    /// then lets the computer play if it is due.
    async fn change(
        self: &Arc<Self>,
        id: &str,
        check: impl FnOnce(&Room) -> Result<Change, Failure>,
    ) -> Result<(), Failure> {
        let shared = self.room(id).await?;
        {
            let mut room = shared.lock().await;
            let change = check(&room)?;
            self.apply(&mut room, change).await?;
        }
        self.wake(shared);
        Ok(())
    }

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
                    let Some(due) = room.due() else {
                        room.release_computer();
                        return;
                    };
                    room.announce(
                        serde_json::to_string(&Thinking {
                            kind: "thinking",
                            event: due.event,
                            seat: due.seat,
                            player: due.player,
                        })
                        .unwrap_or_default()
                        .into(),
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
                let chosen = {
                    let _permit = hub.thinkers.acquire().await;
                    tokio::task::spawn_blocking(move || choose(level, &set, &physics, seed)).await
                };
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
                if room.event() != event {
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
                    tracing::error!(game = %room.id(), "the computer's stroke was not stored: {}", e.detail);
                    room.release_computer();
                    return;
                }
            }
        });
    }

    /// The computer's suggestion for the player to move, as a `hint`
    /// message; the same one again for the same event and level.
    pub async fn hint(
        self: &Arc<Self>,
        id: &str,
        event: u64,
        level: Level,
    ) -> Result<Arc<str>, Failure> {
        let shared = self.room(id).await?;
        let (set, physics, seed, seat) = {
            let room = shared.lock().await;
            if room.event() != event {
                return Err(Failure::new(
                    Code::Stale,
                    format!("the game is at event {}, not {event}", room.event()),
                ));
            }
            if let Some(kept) = room.hint(event, level) {
                return Ok(kept);
            }
            let set = room.game().set().clone();
            if set.is_over() {
                return Err(Failure::new(Code::SetOver, "the set is over"));
            }
            let seat = set.seat_to_play();
            (
                set,
                room.setup().physics,
                crate::room::seed(id, event) ^ 0x4849_4e54,
                seat,
            )
        };
        let decision = self.suggest(level, set, physics, seed).await?;
        let message: Arc<str> = serde_json::to_string(&Hint {
            kind: "hint",
            event,
            seat,
            level: level.name(),
            best: decision.best,
            alternatives: decision.alternatives,
        })
        .map_err(|e| Failure::new(Code::Internal, e.to_string()))?
        .into();
        shared.lock().await.keep_hint(event, level, message.clone());
        Ok(message)
    }

    /// A copy of what game `id` is made of, to work on outside its lock.
    async fn source(self: &Arc<Self>, id: &str) -> Result<Source, Failure> {
        let shared = self.room(id).await?;
        let room = shared.lock().await;
        Ok(Source {
            id: room.id().to_owned(),
            created: room.created(),
            event: room.event(),
            setup: room.setup().clone(),
            acts: room.acts().to_vec(),
        })
    }

    /// Game `id` stroke by stroke, every stroke simulated again.
    pub async fn replay(self: &Arc<Self>, id: &str) -> Result<String, Failure> {
        let source = self.source(id).await?;
        tokio::task::spawn_blocking(move || {
            let replay = source.replay()?;
            serde_json::to_string(&replay).map_err(|e| Failure::new(Code::Internal, e.to_string()))
        })
        .await
        .map_err(|e| Failure::new(Code::Internal, format!("the replay failed: {e}")))?
    }

    /// Strokes played on a copy of a position of game `id`, and the
    /// computer's choice where they lead (docs/protocol.md, "Analysis").
    pub async fn analyse(
        self: &Arc<Self>,
        id: &str,
        request: AnalysisRequest,
    ) -> Result<String, Failure> {
        let level = match &request.hint {
            None => None,
            Some(name) => Some(name.parse::<Level>().map_err(|_| {
                Failure::new(
                    Code::BadMessage,
                    format!("no computer level is called {name:?}"),
                )
            })?),
        };
        let source = self.source(id).await?;
        let seed = crate::room::seed(id, request.at as u64) ^ (request.strokes.len() as u64) << 32;
        let (copy, played) =
            tokio::task::spawn_blocking(move || analysis::play_out(&source, &request))
                .await
                .map_err(|e| Failure::new(Code::Internal, format!("the analysis failed: {e}")))??;
        let hint = match level {
            Some(level) if !copy.game.set().is_over() => {
                let set = copy.game.set().clone();
                let physics = copy.physics;
                let decision = self.suggest(level, set, physics, seed).await?;
                Some(analysis::Suggestion {
                    level: level.name(),
                    seat: copy.game.set().seat_to_play(),
                    best: decision.best,
                    alternatives: decision.alternatives,
                })
            }
            _ => None,
        };
        serde_json::to_string(&analysis::Answer {
            at: copy.at,
            state: copy.state,
            played,
            hint,
        })
        .map_err(|e| Failure::new(Code::Internal, e.to_string()))
    }

    /// Stores an uploaded record as a new game, if it replays exactly.
    pub async fn upload(self: &Arc<Self>, body: axum::body::Bytes) -> Result<State, Failure> {
        let id = format!("{:032x}", rand::rng().random::<u128>());
        let created = crate::store::now();
        let imported = tokio::task::spawn_blocking(move || upload::import(id, created, &body))
            .await
            .map_err(|e| Failure::new(Code::Internal, format!("the upload failed: {e}")))??;
        let room = imported.room;
        let summary = Summary::json(room.game())?;
        self.store
            .import(&Imported {
                id: room.id(),
                created,
                setup: &imported.setup,
                events: &imported.events,
                over: room.game().is_over(),
                summary: &summary,
            })
            .await
            .map_err(storage)?;
        let state = room.state();
        tracing::info!(game = %room.id(), events = imported.events.len(), "record uploaded");
        self.rooms()
            .insert(room.id().to_owned(), Arc::new(Mutex::new(room)));
        Ok(state)
    }

    /// `level`'s best strokes for `set`, with three alternatives, searched
    /// on a blocking thread under the hints' limit (`busy` when it is full).
    async fn suggest(
        &self,
        level: Level,
        set: SetState,
        physics: Physics,
        seed: u64,
    ) -> Result<novuss_ai::Decision, Failure> {
        let Ok(_permit) = self.hinters.try_acquire() else {
            return Err(Failure::new(
                Code::Busy,
                "the computer is busy with other hints: ask again in a moment",
            ));
        };
        tokio::task::spawn_blocking(move || {
            Player::new(level, seed)
                .with_alternatives(3)
                .decide(&set, &physics)
        })
        .await
        .map_err(|e| Failure::new(Code::Internal, format!("the search failed: {e}")))?
        .map_err(|e| Failure::new(Code::Internal, format!("no stroke found: {e}")))
    }

    /// The latest games, newest first.
    pub async fn list(&self) -> Result<Vec<Listed>, Failure> {
        let rows = self.store.list(200).await.map_err(storage)?;
        Ok(rows
            .into_iter()
            .filter_map(|r| {
                let setup: Setup = serde_json::from_str(&r.setup).ok()?;
                let summary: Summary = serde_json::from_str(&r.summary).ok()?;
                Some(Listed {
                    id: r.id,
                    created: r.created,
                    updated: r.updated,
                    format: setup.config.format,
                    profile: setup.config.profile,
                    sets: setup.config.sets,
                    who: setup
                        .config
                        .players
                        .iter()
                        .zip(&setup.controllers)
                        .enumerate()
                        .map(|(k, (name, &c))| {
                            let (kind, level) = crate::view::kind(c);
                            Who {
                                name: setup.named_as(k, name),
                                kind,
                                level,
                            }
                        })
                        .collect(),
                    players: setup.config.players,
                    origin: setup.origin,
                    over: r.over,
                    score: summary.score,
                    event: r.event,
                    strokes: summary.strokes,
                })
            })
            .collect())
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::StrokeRequest;
    use novuss_core::seat::Seat;

    fn new_game(json: &str) -> NewGame {
        serde_json::from_str(json).unwrap()
    }

    async fn hub() -> Arc<Hub> {
        Hub::new(Store::memory().await.unwrap())
    }

    fn id_of(state: &State) -> String {
        serde_json::to_value(state).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
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
        let state = hub
            .create(&new_game(r#"{"format":"singles","profile":"koroona","sets":3,"players":[{"kind":"human"},{"kind":"human"}]}"#))
            .await
            .unwrap();
        let id = id_of(&state);
        hub.stroke(&id, &GENTLE).await.unwrap();
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn take_backs_while_the_computer_thinks_leave_one_computer() {
        let hub = hub().await;
        let state = hub
            .create(&new_game(r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human"},{"kind":"computer","level":"expert"}]}"#))
            .await
            .unwrap();
        let id = id_of(&state);
        let mut rx = hub.room(&id).await.unwrap().lock().await.subscribe();
        let mut event = 0;
        for _ in 0..4 {
            hub.stroke(&id, &StrokeRequest { event, ..GENTLE })
                .await
                .unwrap();
            hub.take_back(&id, event + 1).await.unwrap();
            event += 2;
        }
        hub.stroke(&id, &StrokeRequest { event, ..GENTLE })
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
        let state = hub
            .create(&new_game(r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#))
            .await
            .unwrap();
        let id = id_of(&state);
        let a = hub.hint(&id, 0, Level::Club).await.unwrap();
        let b = hub.hint(&id, 0, Level::Club).await.unwrap();
        assert!(Arc::ptr_eq(&a, &b), "kept, not searched again");
        assert_eq!(
            hub.hint(&id, 1, Level::Club).await.unwrap_err().code,
            Code::Stale
        );
    }
}
