//! The database's connections: SQLite's one writer and its readers, or
//! PostgreSQL's one pool for both; a connection is dropped after a
//! failure and the next one checked before it is used. Below everything
//! else in the store: the [`Store`](super::Store) holds these, and the
//! group commit (`commit.rs`) writes through them.

use std::path::Path;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::pool::PoolConnection;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Any, AnyConnection, AnyPool, ConnectOptions, Executor};

use super::checkpoint;
use super::error::StoreError;

/// The database's connections.
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
pub(super) struct Connections {
    /// Where writes go.
    pub(super) writer: AnyPool,
    /// Where reads go (the writer itself for an in-memory database, and
    /// for PostgreSQL).
    pub(super) reader: AnyPool,
    /// SQLite's checkpoints' own connection (`checkpoint.rs`), for a
    /// file; `None` for an in-memory database and for PostgreSQL.
    pub(super) checkpointer: Option<checkpoint::Checkpointer>,
    /// An in-memory database lives in its one connection: it is never
    /// closed, only rolled back.
    memory: bool,
    /// Set after a failure: the next connection is checked first.
    suspect: Arc<AtomicBool>,
}

/// The SQLite settings every connection gets: `Any` connects from a URL,
/// which cannot carry them.
async fn sqlite_settings(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    // WAL makes each commit one append to the log; FULL makes it durable
    // before the stroke's result is sent, even through a power cut, not
    // only a killed process. The writer leaves checkpoints to a
    // connection of their own (`checkpoint.rs`).
    for pragma in [
        "PRAGMA journal_mode = WAL",
        "PRAGMA synchronous = FULL",
        "PRAGMA foreign_keys = ON",
        "PRAGMA busy_timeout = 5000",
        checkpoint::NO_AUTOCHECKPOINT,
    ] {
        conn.execute(pragma).await?;
    }
    Ok(())
}

impl Connections {
    /// Opens (creating when missing) the SQLite file `path`: one writing
    /// connection, read-only ones for reads, and one for checkpoints
    /// within `limits`.
    pub(super) async fn sqlite_file(
        path: &Path,
        limits: checkpoint::Limits,
    ) -> Result<Connections, StoreError> {
        let file = SqliteConnectOptions::new().filename(path);
        let writer =
            AnyConnectOptions::from_url(&file.clone().create_if_missing(true).to_url_lossy())?;
        let reader = file.clone().read_only(true).to_url_lossy();
        let mut connections =
            Connections::sqlite(writer, Some(AnyConnectOptions::from_url(&reader)?)).await?;
        // Opened after the writer, which made the file and its log.
        let checkpointer =
            beside_the_writer(1, AnyConnectOptions::from_url(&file.to_url_lossy())?).await?;
        connections.checkpointer = Some(checkpoint::Checkpointer {
            pool: checkpointer,
            limits,
        });
        Ok(connections)
    }

    /// An in-memory database, for tests and benchmarks that need no file.
    pub(super) async fn memory() -> Result<Connections, StoreError> {
        Connections::sqlite(AnyConnectOptions::from_str("sqlite::memory:")?, None).await
    }

    /// SQLite's connections: one writing connection, and `reader`'s for reads
    /// (none: an in-memory database, read through its writer).
    pub(super) async fn sqlite(
        writer: AnyConnectOptions,
        reader: Option<AnyConnectOptions>,
    ) -> Result<Connections, StoreError> {
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
        super::migrations::sqlite()
            .run(&writer)
            .await
            .map_err(StoreError::Migrate)?;
        let reader = match reader {
            None => writer.clone(),
            Some(options) => beside_the_writer(2, options).await?,
        };
        Ok(Connections {
            writer,
            reader,
            checkpointer: None,
            memory,
            suspect: Arc::new(AtomicBool::new(false)),
        })
    }

    /// PostgreSQL's connections: one pool, whose writers commit side by
    /// side.
    pub(super) fn pooled(pool: AnyPool) -> Connections {
        Connections {
            writer: pool.clone(),
            reader: pool,
            checkpointer: None,
            memory: false,
            suspect: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The writing connection, checked to be in autocommit if the last
    /// write failed.
    pub(super) async fn write(&self) -> Result<PoolConnection<Any>, StoreError> {
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
    pub(super) async fn settle<T>(
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

    /// Closes the pools, waiting for every commit to finish.
    pub(super) async fn close(&self) {
        if let Some(checkpointer) = &self.checkpointer {
            checkpointer.pool.close().await;
        }
        self.writer.close().await;
        self.reader.close().await;
    }
}

/// A pool of `most` connections to an SQLite file beside its writer (the
/// readers, the checkpointer), each waiting for the writer's locks
/// rather than failing at once.
async fn beside_the_writer(most: u32, options: AnyConnectOptions) -> Result<AnyPool, sqlx::Error> {
    AnyPoolOptions::new()
        .max_connections(most)
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(|conn, _| {
            Box::pin(async move {
                conn.execute("PRAGMA busy_timeout = 5000").await?;
                Ok(())
            })
        })
        .connect_with(options)
        .await
}

/// Whether `conn` is in autocommit: `BEGIN` fails inside a transaction.
async fn probe(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::query("BEGIN").execute(&mut *conn).await?;
    sqlx::query("ROLLBACK").execute(&mut *conn).await?;
    Ok(())
}
