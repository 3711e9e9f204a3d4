//! Competitions' statements: a competition's row (its organiser and
//! set-up) and its changes in order, each written only as the next.

use novuss_club::{Change, Setup};
use sqlx::any::AnyRow;
use sqlx::Connection;

use super::error::StoreError;
use super::handle::Store;
use super::postgres::Notice;
use super::read::{int, person_id, readable, text};
use crate::ids::{CompetitionId, PersonId};

/// A competition as stored: who runs it, its set-up, and its changes.
#[derive(Clone, Debug)]
pub struct CompetitionRow {
    /// Its id.
    pub id: CompetitionId,
    /// Who created it.
    pub organiser: PersonId,
    /// When, seconds since 1970.
    pub created: i64,
    /// Its set-up.
    pub setup: Setup,
    /// Its changes, the first first.
    pub changes: Vec<CompetitionChangeRow>,
}

/// One change as stored.
#[derive(Clone, Debug)]
pub struct CompetitionChangeRow {
    /// Its number, from 1.
    pub number: u64,
    /// When, seconds since 1970.
    pub at: i64,
    /// Who made it.
    pub by: PersonId,
    /// The change.
    pub change: Change,
}

/// A competition as listed: without its changes.
#[derive(Clone, Debug)]
pub struct ListedCompetition {
    /// Its id.
    pub id: CompetitionId,
    /// Who created it.
    pub organiser: PersonId,
    /// When, seconds since 1970.
    pub created: i64,
    /// Its set-up.
    pub setup: Setup,
    /// How many changes it has.
    pub changes: u64,
}

/// `what`'s JSON in column `k`, read into its type; anything else is
/// damage.
fn json<T: serde::de::DeserializeOwned>(
    r: &AnyRow,
    k: usize,
    id: &str,
    what: &str,
) -> Result<T, StoreError> {
    let t = text(r, k, id)?;
    serde_json::from_str(&t).map_err(|e| StoreError::Damaged {
        game: id.to_owned(),
        what: format!("column {k}: not {what}: {e}"),
    })
}

impl Store {
    /// Stores a new competition of `organiser`'s with no changes.
    pub async fn add_competition(
        &self,
        id: &CompetitionId,
        organiser: &PersonId,
        created: i64,
        setup: &Setup,
    ) -> Result<(), StoreError> {
        let club = setup.club_key();
        // A set-up is plain data: serde_json cannot fail to write it.
        let setup = serde_json::to_string(setup).unwrap_or_default();
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "INSERT INTO competitions (id, organiser, created, setup, changes, club_key) VALUES ($1, $2, $3, $4, 0, $5)",
        )
        .bind(id.as_str())
        .bind(organiser.as_str())
        .bind(created)
        .bind(setup)
        .bind(club)
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// Stores `change` as change `number` of competition `id`, made by
    /// `by` at `at`: only if the competition has `number - 1` changes
    /// ([`StoreError::Conflict`] otherwise, and nothing is stored).
    pub async fn add_competition_change(
        &self,
        id: &CompetitionId,
        number: u64,
        by: &PersonId,
        at: i64,
        change: &Change,
    ) -> Result<(), StoreError> {
        let body = serde_json::to_string(change).unwrap_or_default();
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = conn.begin().await?;
            let counted = sqlx::query(
                "UPDATE competitions SET changes = $1 WHERE id = $2 AND changes = $3",
            )
            .bind(number as i64)
            .bind(id.as_str())
            .bind(number as i64 - 1)
            .execute(&mut *tx)
            .await?;
            if counted.rows_affected() != 1 {
                return Err(StoreError::Conflict);
            }
            sqlx::query(
                "INSERT INTO competition_changes (competition_id, number, at, person_id, body) VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(id.as_str())
            .bind(number as i64)
            .bind(at)
            .bind(by.as_str())
            .bind(body)
            .execute(&mut *tx)
            .await?;
            let notice = Notice::Competition {
                competition: id.clone(),
                changes: number,
            };
            self.notice(&mut tx, &notice).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        self.settle(conn, result).await
    }

    /// Competition `id` with its changes, if it exists.
    pub async fn competition(
        &self,
        id: &CompetitionId,
    ) -> Result<Option<CompetitionRow>, StoreError> {
        let key = id.as_str();
        let Some(row) = sqlx::query(
            "SELECT organiser, created, setup, changes FROM competitions WHERE id = $1",
        )
        .bind(key)
        .fetch_optional(self.reader())
        .await?
        else {
            return Ok(None);
        };
        let organiser = person_id(&row, 0, key)?;
        let created = int(&row, 1, key)?;
        let setup: Setup = json(&row, 2, key, "a competition's set-up")?;
        let count = int(&row, 3, key)?;
        // Only the changes the row counts: a change being written by
        // another instance right now is not half read.
        let rows = sqlx::query(
            "SELECT number, at, person_id, body FROM competition_changes WHERE competition_id = $1 AND number <= $2 ORDER BY number",
        )
        .bind(key)
        .bind(count)
        .fetch_all(self.reader())
        .await?;
        let mut changes = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let number = int(r, 0, key)?;
            if number != i as i64 + 1 {
                return Err(StoreError::Damaged {
                    game: key.to_owned(),
                    what: format!("change {} is missing", i + 1),
                });
            }
            changes.push(CompetitionChangeRow {
                number: number as u64,
                at: int(r, 1, key)?,
                by: person_id(r, 2, key)?,
                change: json(r, 3, key, "a competition's change")?,
            });
        }
        if changes.len() as i64 != count {
            return Err(StoreError::Damaged {
                game: key.to_owned(),
                what: format!("{count} changes counted, {} stored", changes.len()),
            });
        }
        Ok(Some(CompetitionRow {
            id: id.clone(),
            organiser,
            created,
            setup,
            changes,
        }))
    }

    /// The latest `limit` competitions, newest first; one that cannot be
    /// read is left out (and logged).
    pub async fn competitions(&self, limit: u32) -> Result<Vec<ListedCompetition>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, organiser, created, setup, changes FROM competitions ORDER BY created DESC, id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        Ok(listed(&rows))
    }

    /// The latest `limit` competitions organised by the club whose name
    /// is looked up as `club_key` (`novuss_club::competition::club_key`),
    /// newest first.
    pub async fn club_competitions(
        &self,
        club_key: &str,
        limit: u32,
    ) -> Result<Vec<ListedCompetition>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, organiser, created, setup, changes FROM competitions WHERE club_key = $1 ORDER BY created DESC, id LIMIT $2",
        )
        .bind(club_key)
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        Ok(listed(&rows))
    }
}

/// Rows of `id, organiser, created, setup, changes` as listed
/// competitions; one that cannot be read is left out (and logged).
fn listed(rows: &[AnyRow]) -> Vec<ListedCompetition> {
    readable(
        rows.iter().map(|r| {
            let key = text(r, 0, "a competition")?;
            Ok(ListedCompetition {
                id: CompetitionId::parse(&key).map_err(|_| StoreError::Damaged {
                    game: key.clone(),
                    what: "not a competition's id".into(),
                })?,
                organiser: person_id(r, 1, &key)?,
                created: int(r, 2, &key)?,
                setup: json(r, 3, &key, "a competition's set-up")?,
                changes: int(r, 4, &key)? as u64,
            })
        }),
        "the competitions",
    )
}
