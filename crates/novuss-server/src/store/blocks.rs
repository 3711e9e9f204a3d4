//! Blocks between people (migration `0021_blocks.sql`; docs/moderation.md,
//! "Blocks"): who blocked whom, and whether two people are kept apart.

use super::error::StoreError;
use super::handle::Store;
use super::read::{int, maybe_text, person_id};
use crate::ids::PersonId;

/// A person someone blocked, as their list shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockedRow {
    /// Whom.
    pub person: PersonId,
    /// The name they go by now.
    pub name: Option<String>,
    /// Since when, seconds since 1970.
    pub at: i64,
}

impl Store {
    /// `blocker` blocks `blocked`: `false` if they had already (nothing
    /// changes), `None` if there is no such person to block.
    pub async fn block(
        &self,
        blocker: &PersonId,
        blocked: &PersonId,
        at: i64,
    ) -> Result<Option<bool>, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let there = sqlx::query("SELECT 1 FROM people WHERE id = $1")
                .bind(blocked.as_str())
                .fetch_optional(&mut *tx)
                .await?
                .is_some();
            if !there {
                return Ok(None);
            }
            let added = sqlx::query(
                "INSERT INTO blocks (blocker, blocked, at) VALUES ($1, $2, $3) \
                 ON CONFLICT (blocker, blocked) DO NOTHING",
            )
            .bind(blocker.as_str())
            .bind(blocked.as_str())
            .bind(at)
            .execute(&mut *tx)
            .await?
            .rows_affected()
                == 1;
            tx.commit().await?;
            Ok(Some(added))
        }
        .await;
        self.settle(conn, result).await
    }

    /// `blocker` unblocks `blocked`: `false` if they had not blocked them.
    pub async fn unblock(
        &self,
        blocker: &PersonId,
        blocked: &PersonId,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query("DELETE FROM blocks WHERE blocker = $1 AND blocked = $2")
            .bind(blocker.as_str())
            .bind(blocked.as_str())
            .execute(&mut *conn)
            .await
            .map(|r| r.rows_affected() == 1)
            .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// The people `blocker` blocked, newest first, with their names.
    pub async fn blocked_by(&self, blocker: &PersonId) -> Result<Vec<BlockedRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT b.blocked, ",
            shown_name!(),
            ", b.at FROM blocks b JOIN people p ON p.id = b.blocked ",
            account_of_p!(),
            " WHERE b.blocker = $1 ORDER BY b.at DESC, b.blocked"
        ))
        .bind(blocker.as_str())
        .fetch_all(self.reader())
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BlockedRow {
                    person: person_id(r, 0, "(block)")?,
                    name: maybe_text(r, 1, "(block)")?,
                    at: int(r, 2, "(block)")?,
                })
            })
            .collect()
    }

    /// The people kept apart from `person`: those they blocked and those
    /// who blocked them.
    pub async fn apart_from(&self, person: &PersonId) -> Result<Vec<PersonId>, StoreError> {
        let rows = sqlx::query(
            "SELECT blocked FROM blocks WHERE blocker = $1 \
             UNION SELECT blocker FROM blocks WHERE blocked = $1",
        )
        .bind(person.as_str())
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(|r| person_id(r, 0, "(block)")).collect()
    }

    /// Whether either of `a` and `b` blocked the other.
    pub async fn kept_apart(&self, a: &PersonId, b: &PersonId) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 FROM blocks WHERE (blocker = $1 AND blocked = $2) OR (blocker = $2 AND blocked = $1)",
        )
        .bind(a.as_str())
        .bind(b.as_str())
        .fetch_optional(self.reader())
        .await?;
        Ok(row.is_some())
    }
}
