//! SQLite's checkpoints, off the writer.
//!
//! In WAL mode every commit appends to the log, and a checkpoint copies
//! the log's pages back into the database file and flushes it. Left to
//! itself SQLite checkpoints inside the commit that takes the log past
//! 1,000 pages, on the committing connection: with one writer, every
//! stroke waiting behind that commit waits for the copy and its flush
//! too. At 800 strokes a second that was several checkpoints a second,
//! and the strokes' p99 rose to 0.6–1 s on disk against 7 ms on tmpfs
//! (docs/scaling.md, "4,000 rooms").
//!
//! So the writer never checkpoints by itself (`wal_autocheckpoint = 0`):
//! a connection of its own copies the log every [`Limits::period`] with a
//! passive checkpoint, which takes no lock the writer needs and runs
//! beside its commits. A passive checkpoint never restarts the log,
//! though: the log goes back to its start only when the writer begins a
//! transaction with every page of it copied, which under steady writes
//! never happens by chance. Once the log is past [`Limits::restart_at`] pages,
//! the checkpointer copies until little is left and asks the writer to
//! finish between two commits ([`finish`]): it copies the few pages
//! written meanwhile, and its next commit starts the log again.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use sqlx::{AnyConnection, AnyPool};

use super::error::StoreError;
use super::read::int;

/// When the checkpointer copies the log, and when it has the log started
/// again.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    /// How often the log is copied into the database file.
    pub(super) period: Duration,
    /// The log's length, in pages, past which it is started again.
    pub(super) restart_at: i64,
    /// Pages left to copy few enough for the writer to copy them between
    /// two commits.
    pub(super) few: i64,
}

impl Limits {
    /// A server's: the log copied twice a second, and started again past
    /// 64 MiB of 4 KiB pages (a few seconds at 800 strokes a second);
    /// 256 pages copied by the writer take about one flush.
    pub(super) const SERVER: Limits = Limits {
        period: Duration::from_millis(500),
        restart_at: 16_384,
        few: 256,
    };
}

/// Passive checkpoints at most in a row, to bring what is left to copy
/// down to [`Limits::few`] before the writer is asked to finish.
const CATCH_UP: usize = 8;

/// The pragma that turns the writer's own checkpoints off.
pub(super) const NO_AUTOCHECKPOINT: &str = "PRAGMA wal_autocheckpoint = 0";

/// The writer's side: whether it is asked to finish a checkpoint.
#[derive(Clone, Debug, Default)]
pub(super) struct Restart(Arc<AtomicBool>);

impl Restart {
    /// Whether the writer should finish a checkpoint now; asking answers
    /// the request.
    pub(super) fn asked(&self) -> bool {
        self.0.swap(false, Ordering::AcqRel)
    }

    fn ask(&self) {
        self.0.store(true, Ordering::Release);
    }
}

/// The checkpointer's connection to a file (one, read-write, not the
/// writer's) and its limits.
#[derive(Clone, Debug)]
pub(super) struct Checkpointer {
    pub(super) pool: AnyPool,
    pub(super) limits: Limits,
}

impl Checkpointer {
    /// Starts checkpointing; it asks the writer through the [`Restart`]
    /// it returns, and ends when the pool is closed.
    pub(super) fn start(&self) -> Restart {
        let restart = Restart::default();
        tokio::spawn(run(self.pool.clone(), self.limits, restart.clone()));
        restart
    }
}

/// Where the log stands after a checkpoint.
#[derive(Clone, Copy, Debug)]
struct Log {
    /// Pages in the log.
    pages: i64,
    /// Of them, copied into the database file.
    copied: i64,
}

impl Log {
    fn left(self) -> i64 {
        (self.pages - self.copied).max(0)
    }
}

async fn run(pool: AnyPool, limits: Limits, restart: Restart) {
    let mut every = tokio::time::interval(limits.period);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while !pool.is_closed() {
        every.tick().await;
        let mut log = match passive(&pool).await {
            Ok(log) => log,
            Err(e) => {
                // A checkpoint that fails leaves the log as it was: the
                // next one copies it. The pool is closed as the store
                // closes.
                if !pool.is_closed() {
                    tracing::warn!("a checkpoint of the database failed: {e}");
                }
                continue;
            }
        };
        if log.pages < limits.restart_at {
            continue;
        }
        for _ in 0..CATCH_UP {
            if log.left() <= limits.few {
                break;
            }
            match passive(&pool).await {
                Ok(now) => log = now,
                Err(_) => break,
            }
        }
        restart.ask();
    }
}

/// A passive checkpoint on a connection of `pool`.
async fn passive(pool: &AnyPool) -> Result<Log, StoreError> {
    let row = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(pool)
        .await?;
    Ok(Log {
        pages: int(&row, 1, "the log")?,
        copied: int(&row, 2, "the log")?,
    })
}

/// The writer's part, between two commits: copies what is left of the
/// log, so that its next commit starts the log again. Passive too: it
/// waits for no reader, and a reader still on an older snapshot only
/// puts the restart off to the next request.
pub(super) async fn finish(writer: &mut AnyConnection) -> Result<(), StoreError> {
    sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(&mut *writer)
        .await?;
    Ok(())
}
