//! Storage: games and their numbered events, in SQLite through sqlx.
//!
//! The database holds what happened, never a derived picture: a game's
//! set-up and its events (a stroke as played, a take-back, the start of a
//! set). A game is rebuilt by replaying them through the core, which is
//! exact, so what is stored can never disagree with what is shown.
//!
//! Every method is one transaction. [`Store::append`] writes an event only
//! if the game is still at the event the caller saw, so two writers can
//! never interleave strokes. The SQL is plain (TEXT and BIGINT, `?`
//! placeholders); a PostgreSQL backend is a second implementation of these
//! few methods behind the same types.

use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::pool::PoolConnection;
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteRow, SqliteSynchronous,
};
use sqlx::{Row, Sqlite, SqliteConnection, SqlitePool};

mod accounts;
mod chat;
mod lobby;
mod people;
mod ratings;

pub use accounts::{AccountRow, NewAccount, Registered, SignedIn};
pub use chat::{ChatRow, NewChatLine};
pub use lobby::ChallengeRow;
pub use people::{Joined, SeatRow};
pub use ratings::{ChangeRow, CurrentRow, Settled};

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

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Database(e)
    }
}

/// A stored game's row, without its events.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's id.
    pub id: String,
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
    pub game: &'a str,
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
    pub id: &'a str,
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
    pub id: &'a str,
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
}

/// The database.
///
/// Writes go through one connection (SQLite has one writer anyway). After
/// any failure of the database that connection is closed, so that no
/// transaction a failed `COMMIT` left open can swallow later writes, and
/// the next connection is checked to be in autocommit before it is used.
/// Reads have connections of their own (WAL lets them read while the
/// writer commits), so loading a long game never holds up other games'
/// strokes.
#[derive(Clone, Debug)]
pub struct Store {
    writer: SqlitePool,
    reader: SqlitePool,
    /// An in-memory database lives in its one connection: it is never
    /// closed, only rolled back.
    memory: bool,
    /// Set after a failure: the next connection is checked first.
    suspect: Arc<AtomicBool>,
}

/// Seconds since 1970.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Store {
    /// Opens (creating when missing) the database `novuss.sqlite3` in
    /// `dir`, which is created too, and applies the migrations.
    pub async fn open(dir: &Path) -> Result<Store, StoreError> {
        std::fs::create_dir_all(dir).map_err(|e| StoreError::Database(sqlx::Error::Io(e)))?;
        let options = SqliteConnectOptions::new()
            .filename(dir.join("novuss.sqlite3"))
            .create_if_missing(true)
            // WAL makes each commit one append to the log; FULL makes it
            // durable before the stroke's result is sent, even through a
            // power cut, not only a killed process.
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(5));
        Store::connect_with(options, false).await
    }

    /// An in-memory database, for tests and benchmarks that need no file.
    pub async fn memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        Store::connect_with(options, true).await
    }

    async fn connect_with(
        options: SqliteConnectOptions,
        memory: bool,
    ) -> Result<Store, StoreError> {
        // One writing connection serialises the writers, as SQLite does
        // anyway, and keeps an in-memory database one database: it is never
        // closed for being idle or old, which would drop an in-memory
        // database.
        let writer = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options.clone())
            .await?;
        sqlx::migrate!("./migrations")
            .run(&writer)
            .await
            .map_err(StoreError::Migrate)?;
        let reader = if memory {
            writer.clone()
        } else {
            SqlitePoolOptions::new()
                .max_connections(2)
                .acquire_timeout(Duration::from_secs(10))
                .connect_with(options.read_only(true))
                .await?
        };
        Ok(Store {
            writer,
            reader,
            memory,
            suspect: Arc::new(AtomicBool::new(false)),
        })
    }

    /// The writing connection, checked to be in autocommit if the last
    /// write failed.
    async fn write(&self) -> Result<PoolConnection<Sqlite>, StoreError> {
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
    async fn discard(&self, mut conn: PoolConnection<Sqlite>) {
        self.suspect.store(true, Ordering::Release);
        // A transaction a failed COMMIT left open is rolled back; if SQLite
        // already rolled it back, this fails harmlessly.
        let _ = sqlx::query("ROLLBACK").execute(&mut *conn).await;
        if !self.memory {
            conn.close_on_drop();
        }
    }

    /// The result of a write on `conn`: a failure of the database discards
    /// the connection.
    async fn settle<T>(
        &self,
        conn: PoolConnection<Sqlite>,
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
        let mut conn = self.write().await?;
        let result = append_on(&mut conn, a).await;
        self.settle(conn, result).await
    }

    /// Stores a whole game at once (an uploaded record): its row and all
    /// its events, in one transaction, so that a failure stores nothing.
    pub async fn import(&self, game: &Imported<'_>) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = import_on(&mut conn, game).await;
        self.settle(conn, result).await
    }

    /// The number of game `id`'s last event as stored, read through the
    /// writing connection (after a failed write: what a restart would
    /// find), or `None` if there is no such game.
    pub async fn stored_event(&self, id: &str) -> Result<Option<u64>, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query("SELECT event FROM games WHERE id = ?")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await
            .map_err(StoreError::from)
            .and_then(|row| row.map(|r| int(&r, 0, id).map(|n| n as u64)).transpose());
        self.settle(conn, result).await
    }

    /// A game's row, or `None` if there is no such game.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, created, updated, setup, event, over, summary, turn_at FROM games WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.reader)
        .await?;
        row.map(|r| game_row(&r, id)).transpose()
    }

    /// Up to `limit` games not over whose last event is older than
    /// `before` (seconds since 1970), the longest untouched first: the
    /// ones to abandon.
    pub async fn untouched(&self, before: i64, limit: u32) -> Result<Vec<String>, StoreError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE over = 0 AND updated < ? ORDER BY updated LIMIT ?",
        )
        .bind(before)
        .bind(i64::from(limit))
        .fetch_all(&self.reader)
        .await?;
        rows.iter().map(|r| text(r, 0, "(untouched)")).collect()
    }

    /// A game's events in order.
    pub async fn events(&self, id: &str) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query("SELECT number, body FROM events WHERE game_id = ? ORDER BY number")
            .bind(id)
            .fetch_all(&self.reader)
            .await?;
        rows.iter()
            .map(|r| {
                Ok(EventRow {
                    number: int(r, 0, id)? as u64,
                    body: text(r, 1, id)?,
                })
            })
            .collect()
    }

    /// The most recently played games, newest first: the public ones and
    /// those `viewer` holds a seat of. A damaged row is left out (and
    /// logged), so that one damaged game never hides the others.
    pub async fn list(&self, limit: u32, viewer: Option<&str>) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, created, updated, setup, event, over, summary, turn_at FROM games g \
             WHERE public = 1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.person_id = ?) \
             ORDER BY updated DESC, created DESC LIMIT ?",
        )
        .bind(viewer)
        .bind(i64::from(limit))
        .fetch_all(&self.reader)
        .await?;
        Ok(rows
            .iter()
            .filter_map(|r| match game_row(r, "(listed)") {
                Ok(row) => Some(row),
                Err(e) => {
                    tracing::error!("a game left out of the list: {e}");
                    None
                }
            })
            .collect())
    }

    /// Closes the pools, waiting for every commit to finish.
    pub async fn close(&self) {
        self.writer.close().await;
        self.reader.close().await;
    }
}

/// Whether `conn` is in autocommit: `BEGIN` fails inside a transaction.
async fn probe(conn: &mut SqliteConnection) -> Result<(), sqlx::Error> {
    sqlx::query("BEGIN").execute(&mut *conn).await?;
    sqlx::query("ROLLBACK").execute(&mut *conn).await?;
    Ok(())
}

async fn append_on(conn: &mut SqliteConnection, a: &Append<'_>) -> Result<(), StoreError> {
    let t = a.at_ms.div_euclid(1000);
    let number = a.after as i64 + 1;
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    let moved = sqlx::query(
        "UPDATE games SET event = ?, updated = ?, over = ?, summary = ?, turn_at = ? WHERE id = ? AND event = ?",
    )
    .bind(number)
    .bind(t)
    .bind(i64::from(a.over))
    .bind(a.summary)
    .bind(a.at_ms)
    .bind(a.game)
    .bind(a.after as i64)
    .execute(&mut *tx)
    .await?;
    if moved.rows_affected() != 1 {
        return Err(StoreError::Conflict);
    }
    sqlx::query("INSERT INTO events (game_id, number, at, body) VALUES (?, ?, ?, ?)")
        .bind(a.game)
        .bind(number)
        .bind(t)
        .bind(a.body)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

async fn create_on(conn: &mut SqliteConnection, game: &NewRow<'_>) -> Result<(), StoreError> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    sqlx::query(
        "INSERT INTO games (id, created, updated, setup, event, over, summary, public) VALUES (?, ?, ?, ?, 0, 0, ?, ?)",
    )
    .bind(game.id)
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

async fn import_on(conn: &mut SqliteConnection, game: &Imported<'_>) -> Result<(), StoreError> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    // An uploaded game is its uploader's: listed for them, not for all.
    sqlx::query(
        "INSERT INTO games (id, created, updated, setup, event, over, summary, public) VALUES (?, ?, ?, ?, ?, ?, ?, 0)",
    )
    .bind(game.id)
    .bind(game.created)
    .bind(game.created)
    .bind(game.setup)
    .bind(game.events.len() as i64)
    .bind(i64::from(game.over))
    .bind(game.summary)
    .execute(&mut *tx)
    .await?;
    for (k, body) in game.events.iter().enumerate() {
        sqlx::query("INSERT INTO events (game_id, number, at, body) VALUES (?, ?, ?, ?)")
            .bind(game.id)
            .bind(k as i64 + 1)
            .bind(game.created)
            .bind(body)
            .execute(&mut *tx)
            .await?;
    }
    for seat in game.seats {
        people::insert_seat(&mut tx, game.id, seat).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Column `k` as an integer; a value of another type is damage.
fn int(r: &SqliteRow, k: usize, game: &str) -> Result<i64, StoreError> {
    r.try_get::<i64, _>(k).map_err(|e| damaged(game, k, &e))
}

/// Column `k` as text; a value of another type or not UTF-8 is damage.
fn text(r: &SqliteRow, k: usize, game: &str) -> Result<String, StoreError> {
    r.try_get::<String, _>(k).map_err(|e| damaged(game, k, &e))
}

fn damaged(game: &str, column: usize, e: &sqlx::Error) -> StoreError {
    StoreError::Damaged {
        game: game.to_owned(),
        what: format!("column {column}: {e}"),
    }
}

fn game_row(r: &SqliteRow, game: &str) -> Result<GameRow, StoreError> {
    Ok(GameRow {
        id: text(r, 0, game)?,
        created: int(r, 1, game)?,
        updated: int(r, 2, game)?,
        setup: text(r, 3, game)?,
        event: int(r, 4, game)? as u64,
        over: int(r, 5, game)? != 0,
        summary: text(r, 6, game)?,
        turn_at: int(r, 7, game)?,
    })
}
