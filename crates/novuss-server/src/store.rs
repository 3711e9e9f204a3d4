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
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Row, SqlitePool};

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
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database error: {e}"),
            StoreError::Migrate(e) => write!(f, "cannot migrate the database: {e}"),
            StoreError::Conflict => f.write_str("the game changed while this event was stored"),
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
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: SqlitePool,
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
        Store::connect(options).await
    }

    /// An in-memory database, for tests and benchmarks that need no file.
    pub async fn memory() -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str("sqlite::memory:")?.foreign_keys(true);
        Store::connect(options).await
    }

    async fn connect(options: SqliteConnectOptions) -> Result<Store, StoreError> {
        // One connection serialises the writers, as SQLite does anyway, and
        // keeps an in-memory database one database: it is never closed for
        // being idle or old, which would drop an in-memory database.
        let pool = SqlitePoolOptions::new()
            .max_connections(1)
            .min_connections(1)
            .idle_timeout(None)
            .max_lifetime(None)
            .connect_with(options)
            .await?;
        sqlx::migrate!("./migrations")
            .run(&pool)
            .await
            .map_err(StoreError::Migrate)?;
        Ok(Store { pool })
    }

    /// Stores a new game at event 0.
    pub async fn create(
        &self,
        id: &str,
        created: i64,
        setup: &str,
        summary: &str,
    ) -> Result<(), StoreError> {
        let t = created;
        sqlx::query(
            "INSERT INTO games (id, created, updated, setup, event, over, summary) VALUES (?, ?, ?, ?, 0, 0, ?)",
        )
        .bind(id)
        .bind(t)
        .bind(t)
        .bind(setup)
        .bind(summary)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Appends the event `after + 1` if the game is at `after`; commits
    /// before returning.
    pub async fn append(&self, a: &Append<'_>) -> Result<(), StoreError> {
        let t = now();
        let number = a.after as i64 + 1;
        let mut tx = self.pool.begin().await?;
        let moved = sqlx::query(
            "UPDATE games SET event = ?, updated = ?, over = ?, summary = ? WHERE id = ? AND event = ?",
        )
        .bind(number)
        .bind(t)
        .bind(i64::from(a.over))
        .bind(a.summary)
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

    /// Stores a whole game at once (an uploaded record): its row and all
    /// its events, in one transaction, so that a failure stores nothing.
    pub async fn import(&self, game: &Imported<'_>) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO games (id, created, updated, setup, event, over, summary) VALUES (?, ?, ?, ?, ?, ?, ?)",
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
        tx.commit().await?;
        Ok(())
    }

    /// A game's row, or `None` if there is no such game.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, StoreError> {
        let row = sqlx::query(
            "SELECT id, created, updated, setup, event, over, summary FROM games WHERE id = ?",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        Ok(row.map(|r| game_row(&r)))
    }

    /// A game's events in order.
    pub async fn events(&self, id: &str) -> Result<Vec<EventRow>, StoreError> {
        let rows = sqlx::query("SELECT number, body FROM events WHERE game_id = ? ORDER BY number")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows
            .iter()
            .map(|r| EventRow {
                number: r.get::<i64, _>(0) as u64,
                body: r.get(1),
            })
            .collect())
    }

    /// The most recently played games, newest first.
    pub async fn list(&self, limit: u32) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, created, updated, setup, event, over, summary FROM games ORDER BY updated DESC, created DESC LIMIT ?",
        )
        .bind(i64::from(limit))
        .fetch_all(&self.pool)
        .await?;
        Ok(rows.iter().map(game_row).collect())
    }

    /// Closes the pool, waiting for every commit to finish.
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn game_row(r: &sqlx::sqlite::SqliteRow) -> GameRow {
    GameRow {
        id: r.get(0),
        created: r.get(1),
        updated: r.get(2),
        setup: r.get(3),
        event: r.get::<i64, _>(4) as u64,
        over: r.get::<i64, _>(5) != 0,
        summary: r.get(6),
    }
}
