//! Storage: games and their numbered events, in SQLite (embedded, the
//! default) or PostgreSQL (`--database postgres://…`), through sqlx.
//!
//! The database holds what happened, never a derived picture: a game's
//! set-up and its events (a stroke as played, a take-back, the start of a
//! set). A game is rebuilt by replaying them through the core, which is
//! exact, so what is stored can never disagree with what is shown.
//!
//! Every method is one transaction. [`Store::append`] writes an event only
//! if the game is still at the event the caller saw, so two writers (two
//! requests, or two server instances over one PostgreSQL) can never
//! interleave strokes.
//!
//! Both backends run the same statements through sqlx's `Any` driver:
//! the schema uses only TEXT, BIGINT and DOUBLE PRECISION, and the
//! statements `$1`-style placeholders, which both read. What differs is
//! the connections (one writer for SQLite, a pool for PostgreSQL), the
//! migrations (`migrations/sqlite`, `migrations/postgres`), and what only
//! a database that several instances share has: the [`Shared`] handle
//! ([`Store::shared`], `postgres.rs`), with the notices of changes to the
//! other instances, the leases on the games' computer turns and clocks,
//! presence per instance and the instances' heartbeats. SQLite has none:
//! one process serves its file.
//!
//! Rows carry the server's types, not the database's: ids are
//! [`GameId`] and [`PersonId`], players
//! [`PlayerId`](novuss_core::PlayerId), formats
//! [`Format`](novuss_core::Format), each checked as it is read
//! (`read.rs`), so that a value that cannot be read is
//! [`StoreError::Damaged`] here rather than a surprise in a caller. A
//! game's set-up and events stay JSON text: the game reads them
//! (`game/setup.rs`, `game/event.rs`), and the store sits below it.

use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::pool::PoolConnection;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions, Executor};

use crate::error::{Code, Failure};
use crate::ids::{GameId, PersonId};

mod accounts;
mod chat;
mod commit;
mod lobby;
mod people;
mod postgres;
mod ratings;
mod read;
#[cfg(test)]
mod tests;

pub use accounts::{AccountRow, NewAccount, Registered};
pub use chat::{ChatRow, NewChatLine};
pub use lobby::{ChallengeRow, OpenSeat};
pub use people::{Joined, SeatRow};
pub use postgres::{Heard, Listener, Notice, Shared, HEARTBEAT, LEASE};
pub use ratings::{ChangeRow, CurrentRow, Settled};

use read::{game_id, game_row, int, readable, text};

/// Why the database did not do what was asked.
#[derive(Debug)]
#[non_exhaustive]
pub enum StoreError {
    /// The database failed (disk, locking, corruption).
    Database(sqlx::Error),
    /// The migrations could not be applied.
    Migrate(sqlx::migrate::MigrateError),
    /// The game moved on since the caller read it (or does not exist).
    Conflict,
    /// A stored value cannot be read back: the game's row or events are
    /// damaged.
    Damaged {
        /// The game.
        game: String,
        /// What could not be read.
        what: String,
    },
}

/// The refusal a client gets for a failed storage operation, whichever
/// feature asked: one mapping for all. The database's own words go to the
/// log only, under an error id ([`Failure::logged`]).
impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Failure {
        match e {
            StoreError::Conflict => Failure::new(Code::Stale, e.to_string()),
            StoreError::Damaged { ref game, .. } => {
                let what = format!("game {game} is damaged and cannot be loaded");
                Failure::logged(Code::Damaged, &what, &e)
            }
            _ => Failure::logged(Code::Storage, "the database failed; nothing was stored", &e),
        }
    }
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Migrate(e) => write!(f, "cannot migrate the database: {e}"),
            StoreError::Conflict => f.write_str("the game changed while this event was stored"),
            StoreError::Damaged { game, what } => {
                write!(f, "game {game} is damaged: {what}")
            }
        }
    }
}

impl std::error::Error for StoreError {}

impl StoreError {
    /// Whether the operation certainly never reached the database: no
    /// connection could be had (the database is down, or every connection
    /// busy), so nothing of it was stored.
    pub fn unsent(&self) -> bool {
        matches!(
            self,
            StoreError::Database(sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed)
        )
    }
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Database(e)
    }
}

/// A stored game's row, without its events.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's id.
    pub id: GameId,
    /// When it was created, seconds since 1970.
    pub created: i64,
    /// When its last event was stored.
    pub updated: i64,
    /// Its set-up, as JSON.
    pub setup: String,
    /// The number of its last event.
    pub event: u64,
    /// Whether the match is over.
    pub over: bool,
    /// Score and set number, as JSON.
    pub summary: String,
    /// When the turn in play began, ms since 1970 (0: not stored, in a
    /// game older than the stroke clocks).
    pub turn_at: i64,
}

impl GameRow {
    /// When the turn in play began, ms since 1970, for old games too.
    pub fn turn_began(&self) -> i64 {
        if self.turn_at > 0 {
            self.turn_at
        } else {
            self.updated * 1000
        }
    }
}

/// One stored event.
#[derive(Clone, Debug)]
pub struct EventRow {
    /// Its number, from 1.
    pub number: u64,
    /// What happened, as JSON.
    pub body: String,
}

/// What an appended event changes in the game's row.
#[derive(Clone, Debug)]
pub struct Append<'a> {
    /// The game.
    pub game: &'a GameId,
    /// The event number the caller saw; the new event is `after + 1`.
    pub after: u64,
    /// The event, as JSON.
    pub body: &'a str,
    /// Whether the match is over after it.
    pub over: bool,
    /// The new summary, as JSON.
    pub summary: &'a str,
    /// When, in milliseconds since 1970: the next turn begins then.
    pub at_ms: i64,
}

/// A new game's row.
#[derive(Clone, Debug)]
pub struct NewRow<'a> {
    /// The game's id.
    pub id: &'a GameId,
    /// When it was created.
    pub created: i64,
    /// Its set-up, as JSON.
    pub setup: &'a str,
    /// Its summary, as JSON.
    pub summary: &'a str,
    /// Whether everyone may see it listed.
    pub public: bool,
    /// Its people's seats.
    pub seats: &'a [SeatRow],
}

/// A whole game to store at once.
#[derive(Clone, Debug)]
pub struct Imported<'a> {
    /// The game's id.
    pub id: &'a GameId,
    /// When it was stored.
    pub created: i64,
    /// Its set-up, as JSON.
    pub setup: &'a str,
    /// Its events, as JSON, from event 1.
    pub events: &'a [String],
    /// Whether the match is over.
    pub over: bool,
    /// Its summary, as JSON.
    pub summary: &'a str,
    /// Its people's seats (the uploader's).
    pub seats: &'a [SeatRow],
    /// Who uploaded it, and the bytes it stores (its set-up and events),
    /// counted against their quota.
    pub uploader: &'a PersonId,
    /// The bytes it stores.
    pub bytes: i64,
}

/// The database.
///
/// With SQLite, writes go through one connection (SQLite has one writer
/// anyway), and reads have connections of their own (WAL lets them read
/// while the writer commits), so loading a long game never holds up other
/// games' strokes. With PostgreSQL, one pool serves both: its writers
/// commit side by side, and their commits share the flushes of its log.
///
/// After any failure of the database the connection is closed, so that no
/// transaction a failed `COMMIT` left open can swallow later writes, and
/// the next connection is checked to be in autocommit before it is used.
#[derive(Clone, Debug)]
pub struct Store {
    writer: AnyPool,
    reader: AnyPool,
    /// An in-memory database lives in its one connection: it is never
    /// closed, only rolled back.
    memory: bool,
    /// Set after a failure: the next connection is checked first.
    suspect: Arc<AtomicBool>,
    /// What instances sharing the database use (PostgreSQL); `None` for
    /// SQLite, which one process serves.
    shared: Option<Arc<Shared>>,
    /// SQLite's appends go through one task that commits them in groups
    /// (`commit.rs`); `None` in that task's own copy, and for PostgreSQL.
    batcher: Option<commit::Batcher>,
}

/// Seconds since 1970.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The SQLite settings every connection gets: `Any` connects from a URL,
/// which cannot carry them.
async fn sqlite_settings(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    // WAL makes each commit one append to the log; FULL makes it durable
    // before the stroke's result is sent, even through a power cut, not
    // only a killed process.
    for pragma in [
        "PRAGMA journal_mode = WAL",
        "PRAGMA synchronous = FULL",
        "PRAGMA foreign_keys = ON",
        "PRAGMA busy_timeout = 5000",
    ] {
        conn.execute(pragma).await?;
    }
    Ok(())
}

impl Store {
    /// Opens (creating when missing) the database `novuss.sqlite3` in
    /// `dir`, which is created too, and applies the migrations.
    pub async fn open(dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(dir).map_err(|e| StoreError::Database(sqlx::Error::Io(e)))?;
        Store::sqlite_file(&dir.join("novuss.sqlite3")).await
    }

    /// Opens (creating when missing) the SQLite file `path`: one writing
    /// connection, and read-only ones for reads.
    async fn sqlite_file(path: &Path) -> Result<Store, StoreError> {
        let file = SqliteConnectOptions::new().filename(path);
        let writer = file.clone().create_if_missing(true).to_url_lossy();
        let reader = file.read_only(true).to_url_lossy();
        Store::sqlite(
            AnyConnectOptions::from_url(&writer)?,
            Some(AnyConnectOptions::from_url(&reader)?),
        )
        .await
    }

    /// An in-memory database, for tests and benchmarks that need no file.
    pub async fn memory() -> Result<Store, StoreError> {
        Store::sqlite(AnyConnectOptions::from_str("sqlite::memory:")?, None).await
    }

    /// Connects to the database `url`: `postgres://…` (or
    /// `postgresql://…`) for PostgreSQL, `sqlite://PATH` for an SQLite
    /// file; applies the migrations.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return postgres::connect(url).await;
        }
        let Some(path) = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
        else {
            return Err(StoreError::Database(sqlx::Error::Configuration(
                "the database is named by a postgres:// or sqlite:// URL".into(),
            )));
        };
        let path = Path::new(path.split('?').next().unwrap_or(path));
        match path.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| StoreError::Database(sqlx::Error::Io(e)))?;
            }
            _ => {}
        }
        Store::sqlite_file(path).await
    }

    /// An SQLite store: one writing connection, and `reader`'s for reads
    /// (none: an in-memory database, read through its writer).
    async fn sqlite(
        writer: AnyConnectOptions,
        reader: Option<AnyConnectOptions>,
    ) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        let memory = reader.is_none();
        // One writing connection serialises the writers, as SQLite does
        // anyway, and keeps an in-memory database one database: it is never
        // closed for being idle or old, which would drop an in-memory
        // database.
        let writer = AnyPoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(|conn, _| Box::pin(sqlite_settings(conn)))
            .connect_with(writer)
            .await?;
        sqlx::migrate!("./migrations/sqlite")
            .run(&writer)
            .await
            .map_err(StoreError::Migrate)?;
        let reader = match reader {
            None => writer.clone(),
            Some(options) => {
                AnyPoolOptions::new()
                    .max_connections(2)
                    .acquire_timeout(Duration::from_secs(10))
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute("PRAGMA busy_timeout = 5000").await?;
                            Ok(())
                        })
                    })
                    .connect_with(options)
                    .await?
            }
        };
        let mut store = Store {
            writer,
            reader,
            memory,
            suspect: Arc::new(AtomicBool::new(false)),
            shared: None,
            batcher: None,
        };
        store.batcher = Some(commit::Batcher::start(store.clone()));
        Ok(store)
    }

    /// What instances sharing this database use: notices of what each
    /// stores, leases, presence and heartbeats. `None` for SQLite, whose
    /// file one process serves: there is nobody to tell, every lease is
    /// this process's, and nobody is present elsewhere.
    pub fn shared(&self) -> Option<&Shared> {
        self.shared.as_deref()
    }

    /// The writing connection, checked to be in autocommit if the last
    /// write failed.
    async fn write(&self) -> Result<PoolConnection<Any>, StoreError> {
        let mut conn = self.writer.acquire().await?;
        if self.suspect.swap(false, Ordering::AcqRel) {
            // BEGIN fails inside a transaction: then this connection is
            // not in a known state either, and is dropped too.
            if let Err(e) = probe(&mut conn).await {
                tracing::warn!("the database connection is not in autocommit: {e}");
                self.discard(conn).await;
                return Err(e.into());
            }
        }
        Ok(conn)
    }

    /// Drops the writing connection after a failure, rolling back whatever
    /// it had open; the pool opens a new one for the next write.
    async fn discard(&self, mut conn: PoolConnection<Any>) {
        self.suspect.store(true, Ordering::Release);
        // A transaction a failed COMMIT left open is rolled back; if the
        // database already rolled it back, this fails harmlessly.
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        if !self.memory {
            conn.close_on_drop();
        }
    }

    /// The result of a write on `conn`: a failure of the database discards
    /// the connection.
    async fn settle<T>(
        &self,
        conn: PoolConnection<Any>,
        result: Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        if let Err(StoreError::Database(e)) = &result {
            tracing::warn!("a write failed, the connection is reopened: {e}");
            self.discard(conn).await;
        }
        result
    }

    /// Stores a new game at event 0 with its seat rows, in one
    /// transaction.
    pub async fn create(&self, game: &NewRow<'_>) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = create_on(&mut conn, game).await;
        self.settle(conn, result).await
    }

    /// Appends the event `after + 1` if the game is at `after`; commits
    /// before returning.
    pub async fn append(&self, a: &Append<'_>) -> Result<(), StoreError> {
        if let Some(batcher) = &self.batcher {
            return batcher.append(a).await;
        }
        let mut conn = self.write().await?;
        let result = append_on(self, &mut conn, a).await;
        self.settle(conn, result).await
    }

    /// Stores a whole game at once (an uploaded record): its row and all
    /// its events, in one transaction, so that a failure stores nothing.
    pub async fn import(&self, game: &Imported<'_>) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = import_on(&mut conn, game).await;
        self.settle(conn, result).await
    }

    /// The bytes the games `person` uploaded store, in all.
    pub async fn uploaded_bytes(&self, person: &PersonId) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(bytes), 0) AS BIGINT) FROM uploads WHERE person_id = $1",
        )
        .bind(person.as_str())
        .fetch_one(&self.reader)
        .await?;
        int(&row, 0, person.as_str())
    }

    /// The number of game `id`'s last event as stored, read through the
    /// writing connection (after a failed write: what a restart would
    /// find), or `None` if there is no such game.
    pub async fn stored_event(&self, id: &GameId) -> Result<Option<u64>, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query("SELECT event FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&mut *conn)
            .await
            .map_err(StoreError::from)
            .and_then(|row| {
                row.map(|r| int(&r, 0, id.as_str()).map(|n| n as u64))
                    .transpose()
            });
        self.settle(conn, result).await
    }

    /// A game's row, or `None` if there is no such game.
    pub async fn game(&self, id: &GameId) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, created, updated, setup, event, over, summary, turn_at FROM games WHERE id = $1",
        )
        .bind(id.as_str())
        .fetch_optional(&self.reader)
        .await?;
        row.map(|r| game_row(&r, id.as_str())).transpose()
    }

    /// Up to `limit` games not over whose last event is older than
    /// `before` (seconds since 1970), the longest untouched first: the
    /// ones to abandon. One whose id cannot be read is left out (and
    /// logged): nobody could open it to play on anyway.
    pub async fn untouched(&self, before: i64, limit: u32) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE over = 0 AND updated < $1 ORDER BY updated LIMIT $2",
        )
        .bind(before)
        .bind(i64::from(limit))
        .fetch_all(&self.reader)
        .await?;
        Ok(readable(
            rows.iter().map(|r| game_id(r, 0, "(untouched)")),
            "the games to abandon",
        ))
    }

    /// A game's events in order.
    pub async fn events(&self, id: &GameId) -> Result<Vec<EventRow>, StoreError> {
        self.events_after(id, 0).await
    }

    /// A game's events after event `after`, in order: what an instance
    /// following the game misses.
    pub async fn events_after(&self, id: &GameId, after: u64) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT number, body FROM events WHERE game_id = $1 AND number > $2 ORDER BY number",
        )
        .bind(id.as_str())
        .bind(after as i64)
        .fetch_all(&self.reader)
        .await?;
        let game = id.as_str();
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    number: int(r, 0, game)? as u64,
                    body: text(r, 1, game)?,
                })
            })
            .collect()
    }

    /// The most recently played games, newest first: the public ones and
    /// those `viewer` holds a seat of. A damaged row is left out (and
    /// logged), so that one damaged game never hides the others.
    pub async fn list(
        &self,
        limit: u32,
        viewer: Option<&PersonId>,
    ) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, created, updated, setup, event, over, summary, turn_at FROM games g \
             WHERE public = 1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.person_id = $1) \
             ORDER BY updated DESC, created DESC LIMIT $2",
        )
        .bind(viewer.map(PersonId::as_str))
        .bind(i64::from(limit))
        .fetch_all(&self.reader)
        .await?;
        Ok(readable(
            rows.iter().map(|r| game_row(r, "(listed)")),
            "the list of games",
        ))
    }

    /// Closes the pools, waiting for every commit to finish.
    pub async fn close(&self) {
        self.writer.close().await;
        self.reader.close().await;
    }
}

/// Whether `conn` is in autocommit: `BEGIN` fails inside a transaction.
async fn probe(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::query("BEGIN").execute(&mut *conn).await?;
    sqlx::query("ROLLBACK").execute(&mut *conn).await?;
    Ok(())
}

async fn append_on(
    store: &Store,
    conn: &mut AnyConnection,
    a: &Append<'_>,
) -> Result<(), StoreError> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    append_in(store, &mut tx, a).await?;
    tx.commit().await?;
    Ok(())
}

/// Appends within the transaction `conn` is in: nothing is changed if
/// the game is not at the event the caller saw ([`StoreError::Conflict`]).
async fn append_in(
    store: &Store,
    tx: &mut AnyConnection,
    a: &Append<'_>,
) -> Result<(), StoreError> {
    let t = a.at_ms.div_euclid(1000);
    let number = a.after as i64 + 1;
    let moved = sqlx::query(
        "UPDATE games SET event = $1, updated = $2, over = $3, summary = $4, turn_at = $5 WHERE id = $6 AND event = $7",
    )
    .bind(number)
    .bind(t)
    .bind(i64::from(a.over))
    .bind(a.summary)
    .bind(a.at_ms)
    .bind(a.game.as_str())
    .bind(a.after as i64)
    .execute(&mut *tx)
    .await?;
    if moved.rows_affected() != 1 {
        return Err(StoreError::Conflict);
    }
    sqlx::query("INSERT INTO events (game_id, number, at, body) VALUES ($1, $2, $3, $4)")
        .bind(a.game.as_str())
        .bind(number)
        .bind(t)
        .bind(a.body)
        .execute(&mut *tx)
        .await?;
    // The other instances' listeners hear of it at the commit.
    store
        .notice(
            &mut *tx,
            &Notice::Event {
                game: a.game.clone(),
                event: number as u64,
            },
        )
        .await?;
    Ok(())
}

async fn create_on(conn: &mut AnyConnection, game: &NewRow<'_>) -> Result<(), StoreError> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    sqlx::query(
        "INSERT INTO games (id, created, updated, setup, event, over, summary, public) VALUES ($1, $2, $3, $4, 0, 0, $5, $6)",
    )
    .bind(game.id.as_str())
    .bind(game.created)
    .bind(game.created)
    .bind(game.setup)
    .bind(game.summary)
    .bind(i64::from(game.public))
    .execute(&mut *tx)
    .await?;
    for seat in game.seats {
        people::insert_seat(&mut tx, game.id, seat).await?;
    }
    tx.commit().await?;
    Ok(())
}

async fn import_on(conn: &mut AnyConnection, game: &Imported<'_>) -> Result<(), StoreError> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    // An uploaded game is its uploader's: listed for them, not for all.
    sqlx::query(
        "INSERT INTO games (id, created, updated, setup, event, over, summary, public) VALUES ($1, $2, $3, $4, $5, $6, $7, 0)",
    )
    .bind(game.id.as_str())
    .bind(game.created)
    .bind(game.created)
    .bind(game.setup)
    .bind(game.events.len() as i64)
    .bind(i64::from(game.over))
    .bind(game.summary)
    .execute(&mut *tx)
    .await?;
    for (k, body) in game.events.iter().enumerate() {
        sqlx::query("INSERT INTO events (game_id, number, at, body) VALUES ($1, $2, $3, $4)")
            .bind(game.id.as_str())
            .bind(k as i64 + 1)
            .bind(game.created)
            .bind(body)
            .execute(&mut *tx)
            .await?;
    }
    for seat in game.seats {
        people::insert_seat(&mut tx, game.id, seat).await?;
    }
    sqlx::query("INSERT INTO uploads (game_id, person_id, bytes, at) VALUES ($1, $2, $3, $4)")
        .bind(game.id.as_str())
        .bind(game.uploader.as_str())
        .bind(game.bytes)
        .bind(game.created)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}
