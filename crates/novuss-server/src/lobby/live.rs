//! The lobby followed live (`GET /api/lobby/live`, docs/protocol.md "The
//! lobby"): while anybody follows it, one refresh reads the store at most
//! once every [`LOBBY_FRESH`] and publishes the lobby as everyone sees it
//! when it changed; each follower turns that into its own view (which
//! challenges it may accept) and is told only when its view changed.
//!
//! What a follower costs: nothing while nothing changes (it waits on a
//! `watch` channel, which keeps the latest lobby only). A follower that
//! reads slowly is never waited for: it skips to the newest lobby when it
//! reads again. Each address may hold [`PER_ADDRESS`] streams.
//!
//! Reading the store, rather than listening to this server's own changes,
//! is what makes a challenge made on another server over the same
//! PostgreSQL show here.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use tokio::sync::watch;

use super::terms::{CHALLENGE_LIFE_SECS, LOBBY_FRESH};
use super::view::{personal, Lobby};
use crate::error::{Code, Failure};
use crate::held::{Held, Share};
use crate::ids::{GameId, PersonId};
use crate::store::CurrentRow;
use crate::wire::http::lobby::View;

/// Lobby streams one address (an IPv6 one by its /64) may hold open: a
/// tab or two each for a family or a small club behind one address.
pub const PER_ADDRESS: usize = 16;

/// A follower's ratings are read again when a change comes this long
/// after they were read (they change only when a rated game ends).
const RATINGS_FRESH: Duration = Duration::from_secs(60);

/// The lobby as the last refresh found it, and its JSON, by which a
/// change is told.
struct Everyone {
    view: View,
    json: String,
}

/// Who follows the lobby live, and the refresh they share.
pub struct Live {
    lobby: Arc<Lobby>,
    /// The lobby as everyone sees it, as the last refresh found it (none
    /// before the first).
    tx: watch::Sender<Option<Arc<Everyone>>>,
    /// Whether the refresh runs. Held while a follower joins and while the
    /// refresh decides to stop, so that a follower never joins a refresh
    /// that is stopping.
    running: Mutex<bool>,
    /// Each address's open streams.
    streams: Held<IpAddr>,
}

impl Live {
    /// Nobody following `lobby` yet.
    pub fn new(lobby: Arc<Lobby>) -> Arc<Live> {
        Arc::new(Live {
            lobby,
            tx: watch::channel(None).0,
            running: Mutex::new(false),
            streams: Held::default(),
        })
    }

    /// Whether the refresh runs; a poisoned lock is taken as it is (each
    /// use sets or reads one flag).
    fn running(&self) -> std::sync::MutexGuard<'_, bool> {
        self.running.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// What a follower is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Said {
    /// The lobby as the follower sees it (its JSON): the `lobby` event.
    Lobby(String),
    /// The follower's challenge that it waits on has every seat taken: the
    /// `accepted` event, with the game to open.
    Accepted(GameId),
}

/// One person (or visitor) following the lobby.
pub struct Follower {
    live: Arc<Live>,
    rx: watch::Receiver<Option<Arc<Everyone>>>,
    viewer: Option<PersonId>,
    /// The viewer's current ratings, the people kept apart from them
    /// (blocked either way), and when both were read.
    ratings: (Vec<CurrentRow>, Vec<PersonId>, Instant),
    /// The viewer's own challenge whose acceptance they wait for.
    waiting: Option<GameId>,
    /// The JSON of the lobby last sent.
    last: String,
    /// What is to be said before waiting for the next change.
    pending: VecDeque<Said>,
    /// Its address's share of streams.
    _share: Share<IpAddr>,
}

impl Live {
    /// `viewer` (a visitor from address `from`) starts following the
    /// lobby, waiting for `waiting`'s acceptance if it is their own
    /// challenge; the first thing they are told is the lobby as it is
    /// now. The shared refresh runs until nobody follows or `stop` says
    /// the server is stopping.
    pub async fn follow(
        self: &Arc<Self>,
        viewer: Option<PersonId>,
        from: IpAddr,
        waiting: Option<GameId>,
        stop: watch::Receiver<bool>,
    ) -> Result<Follower, Failure> {
        let Some(share) = self.streams.take(crate::limits::key_of(from), PER_ADDRESS) else {
            return Err(Failure::new(
                Code::Busy,
                format!(
                    "at most {PER_ADDRESS} lobby streams may be open from one address: close some first"
                ),
            ));
        };
        let rx = {
            let mut running = self.running();
            let rx = self.tx.subscribe();
            if !*running {
                *running = true;
                tokio::spawn(self.clone().refresh(stop));
            }
            rx
        };
        let ratings = self.lobby.ratings_read(viewer.as_ref()).await?;
        let apart = self.lobby.apart_read(viewer.as_ref()).await?;
        let mut follower = Follower {
            live: self.clone(),
            rx,
            viewer,
            ratings: (ratings, apart, Instant::now()),
            waiting,
            last: String::new(),
            pending: VecDeque::new(),
            _share: share,
        };
        // The lobby now, not at the next refresh: what the refresh
        // publishes next is sent only if it differs.
        let everyone = self.lobby.everyone().await?;
        follower.look(&everyone).await?;
        Ok(follower)
    }

    /// The refresh the followers share: the lobby read every
    /// [`LOBBY_FRESH`] and published when it changed, until nobody
    /// follows or the server stops.
    async fn refresh(self: Arc<Self>, mut stop: watch::Receiver<bool>) {
        loop {
            match self.lobby.everyone().await {
                Ok(view) => match serde_json::to_string(&view) {
                    Ok(json) => {
                        self.tx.send_if_modified(|now| {
                            if now.as_ref().is_some_and(|n| n.json == json) {
                                return false;
                            }
                            *now = Some(Arc::new(Everyone { view, json }));
                            true
                        });
                    }
                    Err(e) => tracing::error!("the lobby could not be written: {e}"),
                },
                // Followers keep the lobby they have; the next refresh
                // tries again.
                Err(f) => tracing::warn!("the lobby could not be read: {}", f.detail),
            }
            tokio::select! {
                () = tokio::time::sleep(LOBBY_FRESH) => {}
                _ = stop.wait_for(|s| *s) => {}
            }
            let mut running = self.running();
            if *stop.borrow() || self.tx.receiver_count() == 0 {
                *running = false;
                // Nothing kept: a follower who comes later is sent what
                // is then, and the next refresh publishes it afresh.
                self.tx.send_replace(None);
                return;
            }
        }
    }
}

impl Follower {
    /// What to tell the follower next: waits for a change of the lobby
    /// that changes what they see (or their challenge's acceptance).
    pub async fn next(&mut self) -> Said {
        loop {
            if let Some(said) = self.pending.pop_front() {
                return said;
            }
            if self.rx.changed().await.is_err() {
                // The lobby outlives every follower; should it not, the
                // follower waits for ever rather than spin.
                std::future::pending::<()>().await;
            }
            let everyone = self.rx.borrow_and_update().clone();
            let Some(everyone) = everyone else { continue };
            if let Err(f) = self.look(&everyone.view).await {
                tracing::warn!("a lobby follower's view could not be made: {}", f.detail);
            }
        }
    }

    /// Looks at `everyone`'s lobby as this follower: queues it if it
    /// differs from what they were last sent, and their challenge's
    /// acceptance if it came.
    async fn look(&mut self, everyone: &View) -> Result<(), Failure> {
        if self.ratings.2.elapsed() >= RATINGS_FRESH {
            let ratings = self.live.lobby.ratings_read(self.viewer.as_ref()).await?;
            let apart = self.live.lobby.apart_read(self.viewer.as_ref()).await?;
            self.ratings = (ratings, apart, Instant::now());
        }
        let view = personal(
            everyone,
            self.viewer.as_ref(),
            &self.ratings.0,
            &self.ratings.1,
        );
        // The acceptance first: a lobby without the challenge waited on,
        // and no acceptance before it, tells the page it is gone.
        if let Some(id) = self.waiting.clone() {
            if !view.challenges.iter().any(|c| c.id == id) {
                self.check_waiting(id).await?;
            }
        }
        let json = serde_json::to_string(&view)
            .map_err(|e| Failure::internal("the lobby could not be written", &e))?;
        if json != self.last {
            self.last = json.clone();
            self.pending.push_back(Said::Lobby(json));
        }
        Ok(())
    }

    /// The challenge waited on is no longer listed: accepted (every seat
    /// taken), or gone for another reason (withdrawn, too old: then it is
    /// no longer waited on), or not listed yet (made a moment ago, the
    /// refresh behind).
    async fn check_waiting(&mut self, id: GameId) -> Result<(), Failure> {
        let row = self.live.lobby.hub().store().challenge(&id).await?;
        let Some(row) = row.filter(|r| Some(&r.creator) == self.viewer.as_ref()) else {
            // Not a challenge, or not theirs: nothing to wait for.
            self.waiting = None;
            return Ok(());
        };
        if row.open == 0 {
            self.waiting = None;
            self.pending.push_back(Said::Accepted(id));
        } else if row.over || row.created < crate::store::now() - CHALLENGE_LIFE_SECS {
            // Withdrawn, or no longer listed: nobody will accept it.
            self.waiting = None;
        }
        Ok(())
    }
}
