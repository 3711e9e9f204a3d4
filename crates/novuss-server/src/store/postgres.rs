//! What only PostgreSQL has: a pool that several server instances share,
//! and the [`Shared`] handle of what they use to work together
//! (docs/scaling.md): notifications of each stored change for the other
//! instances, leases on the games' computer turns and clocks, presence
//! per instance, the instances' heartbeats, and the lock that settles
//! ratings one writer at a time. SQLite has no such handle: one process
//! serves its file, so a caller that finds none has nobody to tell or
//! wait for.
//!
//! A notification carries only the game and its new event number, as
//! JSON; the events themselves are read from the table. A listener can
//! miss notifications while its connection is down, so after every
//! reconnect it reports [`Heard::Reconnected`], and its user reads again
//! where every game it serves is.

use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::postgres::{PgListener, PgNotification};
use sqlx::{AnyConnection, AnyPool, Executor};
use tokio::time::Instant;

use super::connections::Connections;
use super::error::StoreError;
use crate::ids::{CompetitionId, GameId, PersonId};

/// Connections each instance's pool opens at most. PostgreSQL allows 100
/// by default: room for a few instances, their listeners and tools.
const POOL: u32 = 16;

/// How long a lease lasts unless renewed: an instance that dies holding
/// one is replaced this long after its last renewal.
pub const LEASE: Duration = Duration::from_secs(5);

/// How often an instance says it is alive ([`Shared::heartbeat`]).
pub const HEARTBEAT: Duration = Duration::from_secs(2);

/// How long after its last heartbeat an instance's presence rows stop
/// counting: five heartbeats missed.
pub const ALIVE: Duration = Duration::from_secs(10);

/// The channel events are notified on.
const CHANNEL: &str = "novuss_events";

/// A connection of the pool idle this long is pinged before it is used.
const IDLE_CHECK: Duration = Duration::from_secs(1);

/// How long a statement waits for a connection of the pool: while the
/// database is down a request is refused (`storage`) this soon, rather
/// than held.
pub const ACQUIRE: Duration = Duration::from_secs(1);

/// How long a server starting waits for the database to answer.
const START: Duration = Duration::from_secs(10);

/// How often a listener checks that it still hears: it notifies itself a
/// ping on a channel of its own ([`Listener::next`]) this long after the
/// last one came back.
pub const PING_EVERY: Duration = Duration::from_secs(2);

/// How long a listener waits for its own ping before it takes its
/// connection for dead (silently dropped by the network, or its backend
/// stuck) and connects a new one: so a deaf listener is replaced within
/// [`PING_EVERY`] + `PING_LOST` (5 s), and what it missed is read again.
pub const PING_LOST: Duration = Duration::from_secs(3);

/// What the instances sharing one database use to work together, from
/// [`Store::shared`](super::Store::shared): this instance's name among them, the notices of
/// what each stores, the leases that give one of them a game's computer
/// and clocks, who has a game open on which, and who is alive.
#[derive(Clone)]
pub struct Shared {
    /// Where the database is, for the listener's connection. It may hold
    /// a password, so it is never logged or shown.
    url: String,
    /// This process's name in leases and presence: random, so that a
    /// restarted instance never mistakes a lease of its former self for
    /// its own.
    instance: String,
    /// The store's pool.
    pool: AnyPool,
}

impl std::fmt::Debug for Shared {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shared")
            .field("instance", &self.instance)
            .finish_non_exhaustive()
    }
}

/// What an instance tells the others, as notified. Only what changed is
/// named; the others read the rest from the tables.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[non_exhaustive]
pub enum Notice {
    /// Game `game` is at event `event`.
    Event {
        /// The game.
        game: GameId,
        /// Its last event's number.
        event: u64,
    },
    /// A seat of game `game` has a new holder.
    Seats {
        /// The game.
        game: GameId,
    },
    /// Game `game`'s chat has a new line.
    Chat {
        /// The game.
        game: GameId,
    },
    /// Competition `competition` has a new change.
    Competition {
        /// The competition.
        competition: CompetitionId,
        /// How many changes it has with this one; 0 when its changes were
        /// written again (a person forgotten), or from a server that did
        /// not say: read it again whatever one holds.
        #[serde(default)]
        changes: u64,
    },
    /// Person `person` was forgotten at their request: every instance
    /// drops their sessions, names and chat lines from memory.
    Forgotten {
        /// Who.
        person: PersonId,
    },
    /// Person `person`'s name changed (their own choice, or a
    /// moderator's): every instance shows the new one on the seats it
    /// holds in memory.
    Renamed {
        /// Who.
        person: PersonId,
    },
    /// Person `person`'s account was closed by a moderator: every
    /// instance drops their sessions.
    Closed {
        /// Who.
        person: PersonId,
    },
    /// Chat line `number` of game `game` was hidden by a moderator, or
    /// shown again.
    ChatHidden {
        /// The game.
        game: GameId,
        /// The line.
        number: u64,
        /// Hidden (`false`: shown again).
        hidden: bool,
    },
}

/// What the PostgreSQL listener heard.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Heard {
    /// An instance (another, or this one) changed a game.
    Notice(Notice),
    /// The connection was lost and is back: notifications may have been
    /// missed meanwhile.
    Reconnected,
}

/// Connects a PostgreSQL store, applying its migrations.
pub(super) async fn connect(url: &str) -> Result<(Connections, Shared), StoreError> {
    let options = AnyConnectOptions::from_str(url)?;
    let pool = AnyPoolOptions::new()
        .max_connections(POOL)
        .acquire_timeout(ACQUIRE)
        // sqlx pings a connection before every use by default: a round
        // trip more for every statement. A failed statement already
        // drops its connection (`Connections::settle`), so only one idle
        // long enough to have been cut meanwhile is checked first.
        .test_before_acquire(false)
        .before_acquire(|conn, meta| {
            Box::pin(async move {
                if meta.idle_for >= IDLE_CHECK {
                    sqlx::Connection::ping(conn).await?;
                }
                Ok(true)
            })
        })
        .after_connect(|conn, _| {
            Box::pin(async move {
                // Each commit waits for its log record to be flushed,
                // whatever the server's default: an event is durable
                // before anyone is told of it.
                conn.execute("SET synchronous_commit = on").await?;
                Ok(())
            })
        })
        .connect_lazy_with(options);
    // At start the database may take longer to answer than a request
    // waits for it (started beside the server, say): up to 10 s.
    let started = tokio::time::Instant::now();
    loop {
        match pool.acquire().await {
            Ok(_) => break,
            Err(e) if started.elapsed() < START => {
                tracing::debug!("the database does not answer yet: {e}");
            }
            Err(e) => return Err(e.into()),
        }
    }
    // sqlx takes an advisory lock while it migrates, so instances started
    // together apply each migration once; a newer instance's migrations
    // do not stop this one (`migrations.rs`).
    super::migrations::postgres()
        .run(&pool)
        .await
        .map_err(StoreError::Migrate)?;
    let mut id = [0u8; 8];
    getrandom::fill(&mut id)
        .map_err(|e| StoreError::Database(sqlx::Error::Io(std::io::Error::other(e.to_string()))))?;
    let shared = Shared {
        url: url.to_owned(),
        instance: hex::encode(id),
        pool: pool.clone(),
    };
    Ok((Connections::pooled(pool), shared))
}

/// Hears the events every instance stores (PostgreSQL only).
///
/// A connection can go silent without failing (dropped by a NAT or a
/// firewall, or its backend stuck): nothing would ever be heard again,
/// and TCP's keepalives take many minutes to tell. So the listener also
/// listens on a channel of its own and notifies itself a ping there
/// every 2 s (`PING_EVERY`) through the pool; a ping not heard within
/// 3 s (`PING_LOST`) means the connection is dead, and a new one is made.
pub struct Listener {
    url: String,
    inner: Option<PgListener>,
    /// The wait before the next attempt to connect again.
    backoff: Duration,
    /// What the pings are sent through.
    pool: AnyPool,
    /// This listener's own channel, for its pings.
    ping: String,
    /// The last ping's number.
    sent: u64,
    /// When the last ping was sent, while it has not been heard.
    waiting: Option<Instant>,
    /// When the next ping is due.
    next_ping: Instant,
}

impl std::fmt::Debug for Listener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Listener")
            .field("connected", &self.inner.is_some())
            .finish_non_exhaustive()
    }
}

/// What a listener's wait ended with.
enum Step {
    Received(Result<Option<PgNotification>, sqlx::Error>),
    Timer,
}

impl Listener {
    async fn connect(url: &str, ping: &str) -> Result<PgListener, sqlx::Error> {
        let mut listener = PgListener::connect(url).await?;
        listener.listen_all([CHANNEL, ping]).await?;
        Ok(listener)
    }

    /// A new connection is listening: its first ping is due in a while.
    fn connected(&mut self) {
        self.waiting = None;
        self.next_ping = Instant::now() + PING_EVERY;
    }

    /// The next thing heard. It never ends: a lost connection, or one
    /// that no longer hears its own pings, is made again (waiting up to
    /// 5 s between attempts), and then [`Heard::Reconnected`] is
    /// returned. A notification it cannot read is logged and skipped.
    pub async fn next(&mut self) -> Heard {
        loop {
            let Some(listener) = self.inner.as_mut() else {
                tokio::time::sleep(self.backoff).await;
                match Listener::connect(&self.url, &self.ping).await {
                    Ok(l) => {
                        self.inner = Some(l);
                        self.backoff = Duration::from_millis(100);
                        self.connected();
                        tracing::info!("listening to the other instances again");
                        return Heard::Reconnected;
                    }
                    Err(e) => {
                        tracing::warn!("cannot listen to the other instances yet: {e}");
                        self.backoff = (self.backoff * 2).min(Duration::from_secs(5));
                        continue;
                    }
                }
            };
            let wake = match self.waiting {
                Some(at) => at + PING_LOST,
                None => self.next_ping,
            };
            // What has arrived is read before the timer is looked at, so
            // that a ping waiting in the socket while the follower was
            // busy counts as heard. Receiving is cancel-safe.
            let step = tokio::select! {
                biased;
                r = listener.try_recv() => Step::Received(r),
                () = tokio::time::sleep_until(wake) => Step::Timer,
            };
            match step {
                Step::Received(Ok(Some(n))) if n.channel() == self.ping => {
                    if n.payload() == self.sent.to_string() {
                        self.connected();
                    }
                }
                // A notice names its game by a checked id: one that does
                // not is no instance's, and is skipped with the rest.
                Step::Received(Ok(Some(n))) => match serde_json::from_str::<Notice>(n.payload()) {
                    Ok(notice) => {
                        crate::metrics::notice();
                        return Heard::Notice(notice);
                    }
                    Err(e) => tracing::warn!("a notification that is not an event's: {e}"),
                },
                // The listener has connected again by itself (its eager
                // reconnection), listening as before.
                Step::Received(Ok(None)) => {
                    self.connected();
                    return Heard::Reconnected;
                }
                Step::Received(Err(e)) => {
                    tracing::warn!("the listener's connection failed: {e}");
                    self.inner = None;
                }
                Step::Timer if self.waiting.is_some() => {
                    tracing::warn!(
                        "the listener did not hear its own ping within {PING_LOST:?}: connecting again"
                    );
                    // Dropped, its connection is closed in the background.
                    self.inner = None;
                    self.waiting = None;
                }
                Step::Timer => self.send_ping().await,
            }
        }
    }

    /// Notifies this listener's own channel of a new ping, through the
    /// pool; the wait for it starts once it is committed. A ping that
    /// cannot be sent (the database is down) proves nothing either way,
    /// and the next is sent a while later.
    async fn send_ping(&mut self) {
        self.sent += 1;
        let sent = sqlx::query("SELECT pg_notify($1, $2)")
            .bind(&self.ping)
            .bind(self.sent.to_string())
            .execute(&self.pool);
        match tokio::time::timeout(PING_LOST, sent).await {
            Ok(Ok(_)) => self.waiting = Some(Instant::now()),
            Ok(Err(e)) => {
                tracing::debug!("the listener's ping could not be sent: {e}");
                self.next_ping = Instant::now() + PING_EVERY;
            }
            Err(_) => {
                tracing::debug!("the listener's ping could not be sent in time");
                self.next_ping = Instant::now() + PING_EVERY;
            }
        }
    }
}

/// A notice as its payload.
fn payload(notice: &Notice) -> Result<String, StoreError> {
    serde_json::to_string(notice)
        .map_err(|e| StoreError::Database(sqlx::Error::Encode(Box::new(e))))
}

/// Tells the other instances of `notice` when the transaction `conn` is
/// in commits, through `shared`; with SQLite (`None`) there are none to
/// tell.
pub(super) async fn notify(
    shared: Option<&Shared>,
    conn: &mut AnyConnection,
    notice: &Notice,
) -> Result<(), StoreError> {
    match shared {
        Some(shared) => shared.notice(conn, notice).await,
        None => Ok(()),
    }
}

impl Shared {
    /// Sends `notice` to every instance's listener on `conn`, within its
    /// transaction: delivered when it commits, and only if it does.
    async fn notice(&self, conn: &mut AnyConnection, notice: &Notice) -> Result<(), StoreError> {
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANNEL)
            .bind(payload(notice)?)
            .execute(&mut *conn)
            .await?;
        Ok(())
    }

    /// Appends an event and tells the other instances of it, in one
    /// statement and so one round trip: the event-number check, the
    /// event's row and the notice, atomic as any statement outside a
    /// transaction is. A stroke costs PostgreSQL one statement instead of
    /// five (`BEGIN`, the check, the row, the notice, `COMMIT`), which at
    /// 800 strokes a second is what its backends' CPU was spent on
    /// (docs/scaling.md, "4,000 rooms").
    pub(super) async fn append(
        &self,
        conn: &mut AnyConnection,
        a: &super::rows::Append<'_>,
    ) -> Result<(), StoreError> {
        let number = a.after as i64 + 1;
        let notice = Notice::Event {
            game: a.game.clone(),
            event: number as u64,
        };
        // The notice is sent once per row `stored` returns: none when the
        // check refused the append. Its `void` is cast to text for the
        // driver, which has no type for it.
        let stored = sqlx::query(
            "WITH moved AS (\
                UPDATE games SET event = $1, updated = $2, over = $3, summary = $4, turn_at = $5 \
                WHERE id = $6 AND event = $7 RETURNING id, event\
             ), stored AS (\
                INSERT INTO events (game_id, number, at, body) SELECT id, event, $2, $8 FROM moved \
                RETURNING number\
             ) \
             SELECT CAST(pg_notify($9, $10) AS TEXT) FROM stored",
        )
        .bind(number)
        .bind(a.at_ms.div_euclid(1000))
        .bind(i64::from(a.over))
        .bind(a.summary)
        .bind(a.at_ms)
        .bind(a.game.as_str())
        .bind(a.after as i64)
        .bind(a.body)
        .bind(CHANNEL)
        .bind(payload(&notice)?)
        .fetch_optional(&mut *conn)
        .await?;
        match stored {
            Some(_) => Ok(()),
            None => Err(StoreError::Conflict),
        }
    }

    /// A listener of every change stored in this database, by any
    /// instance (this one too).
    pub async fn listen(&self) -> Listener {
        // A first connection that fails is tried again by the listener
        // itself; what it missed meanwhile is read after it connects.
        let ping = format!("novuss_ping_{}", self.instance);
        let inner = match Listener::connect(&self.url, &ping).await {
            Ok(l) => Some(l),
            Err(e) => {
                tracing::warn!("cannot listen to the other instances yet: {e}");
                None
            }
        };
        Listener {
            url: self.url.clone(),
            inner,
            backoff: Duration::from_millis(100),
            pool: self.pool.clone(),
            ping,
            sent: 0,
            waiting: None,
            next_ping: Instant::now() + PING_EVERY,
        }
    }

    /// Takes or renews this instance's lease on game `game`'s computer
    /// turns and clocks, for [`LEASE`] from `now_ms`: whether it holds it.
    /// It is taken only when free or expired.
    pub async fn lease(&self, game: &GameId, now_ms: i64) -> Result<bool, StoreError> {
        let until = now_ms + LEASE.as_millis() as i64;
        let row = sqlx::query(
            "INSERT INTO leases (game_id, holder, until) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET holder = excluded.holder, until = excluded.until \
             WHERE leases.holder = excluded.holder OR leases.until < $4 \
             RETURNING holder",
        )
        .bind(game.as_str())
        .bind(&self.instance)
        .bind(until)
        .bind(now_ms)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Gives up this instance's lease on `game`, if it holds it, so that
    /// another may take it at once.
    pub async fn release(&self, game: &GameId) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM leases WHERE game_id = $1 AND holder = $2")
            .bind(game.as_str())
            .bind(&self.instance)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Records whether `person` has game `game` open on this instance
    /// (`open`), as of `now_ms`.
    pub async fn set_presence(
        &self,
        game: &GameId,
        person: &PersonId,
        open: bool,
        now_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO presence (game_id, person_id, instance, sockets, at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (game_id, person_id, instance) DO UPDATE SET sockets = excluded.sockets, at = excluded.at",
        )
        .bind(game.as_str())
        .bind(person.as_str())
        .bind(&self.instance)
        .bind(i64::from(open))
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Whether `person` has game `game` open on another instance that is
    /// alive (its heartbeat younger than `ALIVE`) at `now_ms`.
    pub async fn present_elsewhere(
        &self,
        game: &GameId,
        person: &PersonId,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 FROM presence p JOIN instances i ON i.id = p.instance \
             WHERE p.game_id = $1 AND p.person_id = $2 AND p.instance <> $3 \
             AND p.sockets > 0 AND i.seen >= $4 LIMIT 1",
        )
        .bind(game.as_str())
        .bind(person.as_str())
        .bind(&self.instance)
        .bind(now_ms - ALIVE.as_millis() as i64)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.is_some())
    }

    /// Says this instance is alive, at `now_ms`: every `HEARTBEAT` (2 s).
    pub async fn heartbeat(&self, now_ms: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO instances (id, seen) VALUES ($1, $2) \
             ON CONFLICT (id) DO UPDATE SET seen = excluded.seen",
        )
        .bind(&self.instance)
        .bind(now_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Makes the ratings the transaction `tx` is in reads and writes its
    /// own until it ends: several instances' writers take this lock (one
    /// that conflicts with itself) in turn, so that none settles a game
    /// or rebuilds the ratings from figures another is replacing.
    pub(super) async fn lock_ratings(&self, tx: &mut AnyConnection) -> Result<(), sqlx::Error> {
        sqlx::query("LOCK TABLE rating_changes IN SHARE ROW EXCLUSIVE MODE")
            .execute(&mut *tx)
            .await?;
        Ok(())
    }
}
