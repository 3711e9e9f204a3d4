//! The store as the rest of the server holds it: the database's
//! connections, what only a shared database has ([`Shared`]), and
//! SQLite's group commit. Each feature's statements are `impl Store`
//! blocks in a file of their own beside this one.

use std::path::Path;
use std::sync::Arc;

use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool};

use super::checkpoint::Limits;
use super::commit::Batcher;
use super::connections::Connections;
use super::error::StoreError;
use super::postgres::{self, Notice, Shared};

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
    /// SQLite's writer and readers, or PostgreSQL's pool.
    connections: Connections,
    /// How it writes, by backend.
    backend: Backend,
}

/// What a store's writes go through, which differs by backend.
#[derive(Clone, Debug)]
pub(super) enum Backend {
    /// SQLite, which one process serves: appends go through one task that
    /// commits them in groups (`commit.rs`).
    Sqlite(Batcher),
    /// PostgreSQL: what instances sharing the database use.
    Postgres(Arc<Shared>),
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
        Ok(Store::sqlite(
            Connections::sqlite_file(&dir.join("novuss.sqlite3"), Limits::SERVER).await?,
        ))
    }

    /// An in-memory database, for tests and benchmarks that need no file.
    pub async fn memory() -> Result<Store, StoreError> {
        Ok(Store::sqlite(Connections::memory().await?))
    }

    /// Connects to the database `url`: `postgres://…` (or
    /// `postgresql://…`) for PostgreSQL, `sqlite://PATH` for an SQLite
    /// file; applies the migrations.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        sqlx::any::install_default_drivers();
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            let (connections, shared) = postgres::connect(url).await?;
            return Ok(Store {
                connections,
                backend: Backend::Postgres(Arc::new(shared)),
            });
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
        Ok(Store::sqlite(
            Connections::sqlite_file(path, Limits::SERVER).await?,
        ))
    }

    /// An SQLite store over `connections`, its appends committed in
    /// groups.
    pub(super) fn sqlite(connections: Connections) -> Store {
        Store {
            backend: Backend::Sqlite(Batcher::start(connections.clone())),
            connections,
        }
    }

    /// What instances sharing this database use: notices of what each
    /// stores, leases, presence and heartbeats. `None` for SQLite, whose
    /// file one process serves: there is nobody to tell, every lease is
    /// this process's, and nobody is present elsewhere.
    pub fn shared(&self) -> Option<&Shared> {
        match &self.backend {
            Backend::Postgres(shared) => Some(shared),
            Backend::Sqlite(_) => None,
        }
    }

    /// How its writes go.
    pub(super) fn backend(&self) -> &Backend {
        &self.backend
    }

    /// Where reads go.
    pub(super) fn reader(&self) -> &AnyPool {
        &self.connections.reader
    }

    /// The writing connection, checked to be in autocommit if the last
    /// write failed.
    pub(super) async fn write(&self) -> Result<PoolConnection<Any>, StoreError> {
        self.connections.write().await
    }

    /// The result of a write on `conn`: a failure of the database discards
    /// the connection.
    pub(super) async fn settle<T>(
        &self,
        conn: PoolConnection<Any>,
        result: Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        self.connections.settle(conn, result).await
    }

    /// Tells the other instances of `notice` when the transaction `conn`
    /// is in commits; with SQLite there are none to tell.
    pub(super) async fn notice(
        &self,
        conn: &mut AnyConnection,
        notice: &Notice,
    ) -> Result<(), StoreError> {
        postgres::notify(self.shared(), conn, notice).await
    }

    /// Closes the pools, waiting for every commit to finish.
    pub async fn close(&self) {
        self.connections.close().await;
    }
}
