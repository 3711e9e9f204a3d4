//! Whether the database is ready for this server (issue 34, "Watched": a
//! readiness check apart from the liveness one): it answers, and every
//! migration this build knows is applied. A server only starts after its
//! migrations ran, but one started against a database another version
//! migrated (docs/backup.md, "Upgrades") or restored from an older copy
//! is told apart here, and a load balancer sends it nobody until it is.

use serde::Serialize;
use sqlx::Row;

use super::{migrations, Store, StoreError};

/// What the readiness check found.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Readiness {
    /// Whether the server may be sent players: the database answered and
    /// has every migration this build knows.
    pub ready: bool,
    /// Migrations this build knows.
    pub known: u64,
    /// Of those, applied to the database.
    pub applied: u64,
    /// The latest migration the database has (from this version or a
    /// newer one).
    pub latest: Option<i64>,
}

impl Store {
    /// Asks the database: an error if it does not answer.
    pub async fn readiness(&self) -> Result<Readiness, StoreError> {
        let migrator = if self.shared().is_some() {
            migrations::postgres()
        } else {
            migrations::sqlite()
        };
        let rows = sqlx::query("SELECT version FROM _sqlx_migrations WHERE success = TRUE")
            .fetch_all(self.reader())
            .await?;
        let mut have = Vec::with_capacity(rows.len());
        for r in &rows {
            have.push(r.try_get::<i64, _>(0)?);
        }
        let known: Vec<i64> = migrator
            .iter()
            .filter(|m| !m.migration_type.is_down_migration())
            .map(|m| m.version)
            .collect();
        let applied = known.iter().filter(|v| have.contains(v)).count() as u64;
        Ok(Readiness {
            ready: applied == known.len() as u64,
            known: known.len() as u64,
            applied,
            latest: have.iter().copied().max(),
        })
    }

    /// The read connections open, and of those idle: the pool's use.
    pub fn pool_use(&self) -> (u32, usize) {
        let pool = self.reader();
        (pool.size(), pool.num_idle())
    }
}
