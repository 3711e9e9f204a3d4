//! A game's rows and events: creating, appending (through the group
//! commit with SQLite), importing, and reading them back.

use super::error::StoreError;
use super::handle::{Backend, Store};
use super::listing::{with_names, ListedRow, SEAT_NAMES};
use super::read::{game_id, int, readable, text};
use super::rows::{self, game_row, Append, EventRow, GameRow, Imported, NewRow};
use crate::ids::{GameId, PersonId};

impl Store {
    /// Stores a new game at event 0 with its seat rows, in one
    /// transaction.
    pub async fn create(&self, game: &NewRow<'_>) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = rows::create_in(&mut conn, game).await;
        self.settle(conn, result).await
    }

    /// Appends the event `after + 1` if the game is at `after`; commits
    /// before returning.
    pub async fn append(&self, a: &Append<'_>) -> Result<(), StoreError> {
        match self.backend() {
            Backend::Sqlite(batcher) => batcher.append(a).await,
            Backend::Postgres(shared) => {
                let mut conn = self.write().await?;
                let result = shared.append(&mut conn, a).await;
                self.settle(conn, result).await
            }
        }
    }

    /// Stores a whole game at once (an uploaded record): its row and all
    /// its events, in one transaction, so that a failure stores nothing.
    pub async fn import(&self, game: &Imported<'_>) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = rows::import_in(&mut conn, game).await;
        self.settle(conn, result).await
    }

    /// The bytes the games `person` uploaded store, in all.
    pub async fn uploaded_bytes(&self, person: &PersonId) -> Result<i64, StoreError> {
        let row = sqlx::query(
            "SELECT CAST(COALESCE(SUM(bytes), 0) AS BIGINT) FROM uploads WHERE person_id = $1",
        )
        .bind(person.as_str())
        .fetch_one(self.reader())
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
        .fetch_optional(self.reader())
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
        .fetch_all(self.reader())
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
        .fetch_all(self.reader())
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
    /// those `viewer` holds a seat of, each with its seats' holders' names.
    /// A damaged row is left out (and logged), so that one damaged game
    /// never hides the others.
    pub async fn list(
        &self,
        limit: u32,
        viewer: Option<&PersonId>,
    ) -> Result<Vec<ListedRow>, StoreError> {
        // The games listed, and their seats' names, chosen alike.
        const LISTED: &str = "FROM games g \
             WHERE public = 1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.person_id = $1) \
             ORDER BY updated DESC, created DESC LIMIT $2";
        let rows = sqlx::query(&format!(
            "SELECT id, created, updated, setup, event, over, summary, turn_at {LISTED}"
        ))
        .bind(viewer.map(PersonId::as_str))
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        let games = readable(
            rows.iter().map(|r| game_row(r, "(listed)")),
            "the list of games",
        );
        let names = sqlx::query(&format!("{SEAT_NAMES}(SELECT id {LISTED})"))
            .bind(viewer.map(PersonId::as_str))
            .bind(i64::from(limit))
            .fetch_all(self.reader())
            .await?;
        Ok(with_names(games, &names))
    }
}
