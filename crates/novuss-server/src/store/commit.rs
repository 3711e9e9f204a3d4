//! Group commit for SQLite. Its one writer flushes the log to disk at
//! every commit (`synchronous = FULL`), and with one commit per stroke
//! that flush, a few milliseconds, is what bounds the strokes a server
//! stores per second: at 400 strokes/s the writer is busy all the time
//! and strokes queue (docs/benchmarks.md, "Load test"). So strokes are
//! appended by one task that takes every append waiting, stores them in
//! one transaction and commits once: one flush for the lot, each stroke
//! still durable before its player hears of it.
//!
//! Each append keeps its own event-number check: a game that moved on is
//! refused alone (its `UPDATE` changes nothing, so there is nothing to
//! undo), and the others commit. A failure of the database fails the
//! whole batch, and each caller then asks where its game is, as after any
//! failed write.
//!
//! PostgreSQL needs none of this: its writers commit side by side on
//! several connections, and their commits share the log's flushes.

use tokio::sync::{mpsc, oneshot};

use super::checkpoint;
use super::connections::Connections;
use super::error::StoreError;
use super::rows::{append_in, Append};
use crate::ids::GameId;

/// The most appends one commit takes.
const MAX_BATCH: usize = 256;

/// Appends waiting for the writer task at most; more wait to be queued.
const QUEUE: usize = 4096;

/// An append, owned, on its way to the writer task.
struct Job {
    game: GameId,
    after: u64,
    body: String,
    over: bool,
    summary: String,
    at_ms: i64,
    done: oneshot::Sender<Result<(), StoreError>>,
}

impl Job {
    fn append(&self) -> Append<'_> {
        Append {
            game: &self.game,
            after: self.after,
            body: &self.body,
            over: self.over,
            summary: &self.summary,
            at_ms: self.at_ms,
        }
    }
}

/// The queue to the writer task.
#[derive(Clone, Debug)]
pub(super) struct Batcher {
    jobs: mpsc::Sender<Job>,
}

impl Batcher {
    /// Starts the writer task over SQLite's `connections`. It ends when
    /// the last [`Batcher`] is dropped.
    pub(super) fn start(connections: Connections) -> Batcher {
        let (jobs, queue) = mpsc::channel(QUEUE);
        // A file's checkpoints are taken off this task (`checkpoint.rs`).
        let restart = connections
            .checkpointer
            .as_ref()
            .map(checkpoint::Checkpointer::start);
        tokio::spawn(write(connections, queue, restart));
        Batcher { jobs }
    }

    /// Appends `a` with whatever else is waiting; returns once it is
    /// committed (or refused).
    pub(super) async fn append(&self, a: &Append<'_>) -> Result<(), StoreError> {
        let (done, answer) = oneshot::channel();
        let job = Job {
            game: a.game.clone(),
            after: a.after,
            body: a.body.to_owned(),
            over: a.over,
            summary: a.summary.to_owned(),
            at_ms: a.at_ms,
            done,
        };
        if self.jobs.send(job).await.is_err() {
            return Err(stopped());
        }
        answer.await.unwrap_or_else(|_| Err(stopped()))
    }
}

/// The writer task's answer when it is gone (the store is closing).
fn stopped() -> StoreError {
    StoreError::Database(sqlx::Error::PoolClosed)
}

/// The writer task: a batch at a time, as many as are waiting; between
/// two, the end of a checkpoint when the checkpointer asks.
async fn write(
    connections: Connections,
    mut queue: mpsc::Receiver<Job>,
    restart: Option<checkpoint::Restart>,
) {
    let mut batch = Vec::with_capacity(MAX_BATCH);
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        let answers = commit(&connections, &batch).await;
        for (job, answer) in batch.drain(..).zip(answers) {
            // A caller that stopped waiting (its request was dropped)
            // needs no answer: what is stored is what a reload finds.
            let _ = job.done.send(answer);
        }
        if restart.as_ref().is_some_and(checkpoint::Restart::asked) {
            finish_checkpoint(&connections).await;
        }
    }
}

/// Copies what is left of the log on the writer, so that its next commit
/// starts the log again. A failure only leaves the log longer: the
/// checkpointer asks again.
async fn finish_checkpoint(connections: &Connections) {
    let result = match connections.write().await {
        Ok(mut conn) => {
            let result = checkpoint::finish(&mut conn).await;
            connections.settle(conn, result).await
        }
        Err(e) => Err(e),
    };
    if let Err(e) = result {
        tracing::warn!("the end of a checkpoint failed: {e}");
    }
}

/// Stores `batch` in one transaction: each append's own answer.
async fn commit(connections: &Connections, batch: &[Job]) -> Vec<Result<(), StoreError>> {
    let failed = |e: &StoreError| -> Vec<Result<(), StoreError>> {
        batch
            .iter()
            .map(|_| {
                Err(StoreError::Database(sqlx::Error::Io(
                    std::io::Error::other(e.to_string()),
                )))
            })
            .collect()
    };
    let mut conn = match connections.write().await {
        Ok(conn) => conn,
        Err(e) => return failed(&e),
    };
    let result = async {
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        let mut answers = Vec::with_capacity(batch.len());
        for job in batch {
            match append_in(&mut tx, &job.append()).await {
                Err(StoreError::Conflict) => answers.push(Err(StoreError::Conflict)),
                other => {
                    other?;
                    answers.push(Ok(()));
                }
            }
        }
        tx.commit().await?;
        Ok::<_, StoreError>(answers)
    }
    .await;
    match connections.settle(conn, result).await {
        Ok(answers) => answers,
        Err(e) => failed(&e),
    }
}
