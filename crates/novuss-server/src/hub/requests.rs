//! The heavy requests (hints, replays, record downloads, analyses,
//! uploads), each worked out on a blocking thread under its client's place
//! among them ([`crate::hub::work`]), and the list of games.

use std::sync::Arc;

use novuss_ai::{Level, Player};
use novuss_core::physics::Physics;
use novuss_core::rules::set::SetState;

use super::uploads::{UploadQuota, Uploads};
use super::Hub;
use crate::error::{Code, Failure};
use crate::game::analysis::{self, AnalysisRequest};
use crate::game::listing::{listed, LISTED};
use crate::game::replay::Source;
use crate::game::upload;
use crate::hub::work::{Client, Queued, Ticket};
use crate::ids::GameId;
use crate::ids::PersonId;
use crate::policy::Action;
use crate::store::Imported;
use crate::wire::http::games::Listed;
use crate::wire::state::State;
use crate::wire::ws_out::Notice;

impl Hub {
    /// The computer's suggestion for the player to move, as a `hint`
    /// message; the same one again for the same event and level.
    ///
    /// `ticket` is the hint's place among the heavy requests
    /// ([`Hub::admit`]), taken by the caller before it goes on, so that a
    /// client's next request already finds it taken.
    pub async fn hint(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
        event: u64,
        level: Level,
        ticket: Ticket,
    ) -> Result<Arc<str>, Failure> {
        let shared = self.room(id).await?;
        let (set, physics, seed, seat) = {
            let room = shared.lock().await;
            room.ask(who, None, Action::Hint)?;
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
                crate::game::room::seed(id.as_str(), event) ^ 0x4849_4e54,
                seat,
            )
        };
        let decision = ticket
            .run("hint", move || suggest(level, &set, &physics, seed))
            .await?;
        let message = Notice::Hint {
            event,
            seat,
            level: crate::game::view::LevelName(level),
            best: &decision.best,
            alternatives: &decision.alternatives,
        }
        .text();
        shared
            .lock()
            .await
            .keep_hint(event, level, message.clone(), decision.best);
        Ok(message)
    }

    /// A place for `client`'s heavy request of kind `what`, when its turn
    /// comes, or `busy` (the hub's `work` module).
    pub async fn admit(&self, client: Client, what: &'static str) -> Result<Ticket, Failure> {
        self.work.admit(client, what).await
    }

    /// `client`'s place for a heavy request, taken at once, whose slot
    /// `Queued::turn` then waits for.
    pub fn queue(&self, client: Client, what: &'static str) -> Result<Queued, Failure> {
        self.work.queue(client, what)
    }

    /// A copy of what game `id` is made of, to work on outside its lock.
    /// While a match between people is played, what would help a player
    /// (`helps`: an analysis) is refused to everyone, spectators too: it
    /// would be help from outside the table.
    async fn source(self: &Arc<Self>, id: &GameId, helps: bool) -> Result<Source, Failure> {
        let shared = self.room(id).await?;
        let room = shared.lock().await;
        if helps {
            // Whoever asks: an analysis is nobody's help while people play.
            room.ask(None, None, Action::Analysis)?;
        }
        Ok(Source {
            id: room.id().to_string(),
            created: room.created(),
            event: room.event(),
            setup: room.setup().clone(),
            acts: room.acts().to_vec(),
        })
    }

    /// What uploads may store from now on.
    pub fn set_upload_quota(&self, quota: UploadQuota) {
        *self
            .uploads
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Uploads::new(quota);
    }

    fn uploads(&self) -> std::sync::MutexGuard<'_, Uploads> {
        self.uploads
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Game `id` stroke by stroke, every stroke simulated again.
    pub async fn replay(self: &Arc<Self>, id: &GameId, client: Client) -> Result<String, Failure> {
        // Admitted before the copy is taken, so that a refused request
        // costs nothing.
        let ticket = self.work.admit(client, "replay").await?;
        let source = self.source(id, false).await?;
        ticket
            .run("replay", move || {
                let replay = source.replay()?;
                serde_json::to_string(&replay)
                    .map_err(|e| Failure::internal("a replay could not be written", &e))
            })
            .await
    }

    /// Game `id`'s record in the core's format, as pretty JSON.
    pub async fn record(self: &Arc<Self>, id: &GameId, client: Client) -> Result<String, Failure> {
        let ticket = self.work.admit(client, "record").await?;
        let shared = self.room(id).await?;
        let record = shared.lock().await.game().record().clone();
        ticket
            .run("record", move || {
                serde_json::to_string_pretty(&record)
                    .map_err(|e| Failure::internal("a record could not be written", &e))
            })
            .await
    }

    /// Strokes played on a copy of a position of game `id`, and the
    /// computer's choice where they lead (docs/protocol.md, "Analysis").
    pub async fn analyse(
        self: &Arc<Self>,
        id: &GameId,
        request: AnalysisRequest,
        client: Client,
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
        let ticket = self.work.admit(client, "analysis").await?;
        let source = self.source(id, true).await?;
        let seed = crate::game::room::seed(id.as_str(), request.at as u64)
            ^ (request.strokes.len() as u64) << 32;
        ticket
            .run("analysis", move || {
                let (copy, played) = analysis::play_out(&source, &request)?;
                let hint = match level {
                    Some(level) if !copy.game.set().is_over() => {
                        let set = copy.game.set().clone();
                        let decision = suggest(level, &set, &copy.physics, seed)?;
                        Some(analysis::Suggestion {
                            level: level.name(),
                            seat: set.seat_to_play(),
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
                .map_err(|e| Failure::internal("an analysis could not be written", &e))
            })
            .await
    }

    /// Stores an uploaded record as a new game, if it replays exactly. The
    /// game is loaded when somebody opens it.
    pub async fn upload(
        self: &Arc<Self>,
        body: axum::body::Bytes,
        visitor: &crate::people::identity::Visitor,
        client: Client,
    ) -> Result<(State, Option<axum::http::HeaderValue>), Failure> {
        let id = GameId::random();
        let created = crate::store::now();
        let imported = self
            .work
            .run(client, "upload", move || upload::import(id, created, &body))
            .await?;
        let mut room = imported.room;
        let summary = room.summary().json()?;
        let bytes = imported.setup.len() + imported.events.iter().map(String::len).sum::<usize>();
        let bytes = i64::try_from(bytes).unwrap_or(i64::MAX);
        // The address's budget first: an address storing more than its
        // share an hour is told when it may go on.
        if let Some(ip) = client.0 {
            let kib = (bytes as f64 / 1024.0).ceil();
            let budget = self.uploads().budget.clone();
            if let Err(wait) = budget.take_n(ip, kib, std::time::Instant::now()) {
                crate::metrics::rate_limited("upload");
                let when = if wait == std::time::Duration::MAX {
                    "it is over what one address may store in an hour".to_owned()
                } else {
                    format!("try again in {} s", wait.as_secs().max(1))
                };
                return Err(Failure::new(
                    Code::UploadQuota,
                    format!("this address has stored as many uploads as it may for now: {when}"),
                ));
            }
        }
        // Only a record that replays makes its uploader a person.
        let (uploader, cookie) = self.people.ensure(visitor).await?;
        let stored = self.store.uploaded_bytes(&uploader).await?;
        let allowed = i64::from(self.uploads().quota.kib_per_person) * 1024;
        if stored.saturating_add(bytes) > allowed {
            return Err(Failure::new(
                Code::UploadQuota,
                format!(
                    "your uploads store {stored} bytes; this one ({bytes} bytes) would take them over {allowed}"
                ),
            ));
        }
        // The uploader holds the record's people's seats, as a game's
        // creator does.
        let seats: Vec<crate::store::SeatRow> = room
            .setup()
            .controllers
            .iter()
            .enumerate()
            .filter(|(_, c)| **c == crate::game::setup::Controller::Human)
            .map(|(k, _)| crate::store::SeatRow {
                player: novuss_core::PlayerId(k),
                person: Some(uploader.clone()),
                invite_hash: None,
            })
            .collect();
        self.store
            .import(&Imported {
                id: room.id(),
                created,
                setup: &imported.setup,
                events: &imported.events,
                over: room.game().is_over(),
                summary: &summary,
                seats: &seats,
                uploader: &uploader,
                bytes,
            })
            .await?;
        let held = self.seats_of(&room.setup().controllers, &seats).await?;
        *room.seats_mut() = held;
        tracing::info!(game = %room.id(), events = imported.events.len(), "record uploaded");
        Ok((room.state(), cookie))
    }

    /// The latest games, newest first.
    /// The public ones and `viewer`'s own.
    pub async fn list(&self, viewer: Option<&PersonId>) -> Result<Vec<Listed>, Failure> {
        let rows = self.store.list(LISTED, viewer).await?;
        Ok(rows.into_iter().filter_map(listed).collect())
    }
}

/// `level`'s best strokes for `set`, with three alternatives.
///
/// Each stroke's chances are then counted as the aim tool counts them,
/// under the level's hand ([`novuss_ai::Choice::as_aimed`]): the hint and
/// the tool give the same stroke the same chance, over the same tries.
fn suggest(
    level: Level,
    set: &SetState,
    physics: &Physics,
    seed: u64,
) -> Result<novuss_ai::Decision, Failure> {
    let mut decision = Player::new(level, seed)
        .with_alternatives(3)
        .decide(set, physics)
        .map_err(|e| Failure::internal("no stroke found", &e))?;
    let hand = level.settings().noise;
    decision.best = decision.best.as_aimed(set, physics, &hand);
    for c in &mut decision.alternatives {
        *c = c.as_aimed(set, physics, &hand);
    }
    Ok(decision)
}
