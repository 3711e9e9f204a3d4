//! Why the database did not do what was asked, and the one mapping from
//! that to the refusal a client gets.

use crate::error::{Code, Failure};

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
