//! Series' statements: a series' row (its organiser and set-up, as JSON
//! the series feature reads) and its stages, each a place of the season
//! and a competition.

use sqlx::Connection;

use super::error::StoreError;
use super::handle::Store;
use super::read::{int, person_id, readable, text};
use crate::ids::{CompetitionId, PersonId};

/// A series as stored.
#[derive(Clone, Debug)]
pub struct SeriesRow {
    /// Its id, as text (the series feature parses it).
    pub id: String,
    /// Who created it.
    pub organiser: PersonId,
    /// When, seconds since 1970.
    pub created: i64,
    /// Its set-up, as JSON.
    pub setup: String,
    /// Its stages: (place in the season, competition), by place.
    pub stages: Vec<(u32, CompetitionId)>,
}

/// A competition id read from column `k`; anything else is damage.
fn competition_id(r: &sqlx::any::AnyRow, k: usize, id: &str) -> Result<CompetitionId, StoreError> {
    let t = text(r, k, id)?;
    CompetitionId::parse(&t).map_err(|_| StoreError::Damaged {
        game: id.to_owned(),
        what: format!("column {k}: not a competition's id: {t:?}"),
    })
}

/// Whether `e` is the database refusing a second row of one key.
fn duplicate(e: &sqlx::Error) -> bool {
    e.as_database_error()
        .is_some_and(|d| d.is_unique_violation())
}

impl Store {
    /// Stores a new series of `organiser`'s with no stages.
    pub async fn add_series(
        &self,
        id: &str,
        organiser: &PersonId,
        created: i64,
        setup: &str,
    ) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "INSERT INTO series (id, organiser, created, setup) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(organiser.as_str())
        .bind(created)
        .bind(setup)
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// Stores competition `competition` as stage `stage` of series `id`;
    /// [`StoreError::Conflict`] (and nothing stored) if another request
    /// gave that stage, or made that competition a stage, first.
    pub async fn add_series_stage(
        &self,
        id: &str,
        stage: u32,
        competition: &CompetitionId,
    ) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = conn.begin().await?;
            let added = sqlx::query(
                "INSERT INTO series_stages (series_id, stage, competition_id) VALUES ($1, $2, $3)",
            )
            .bind(id)
            .bind(i64::from(stage))
            .bind(competition.as_str())
            .execute(&mut *tx)
            .await;
            match added {
                Err(e) if duplicate(&e) => return Err(StoreError::Conflict),
                Err(e) => return Err(e.into()),
                Ok(_) => {}
            }
            tx.commit().await?;
            Ok(())
        }
        .await;
        self.settle(conn, result).await
    }

    /// Takes stage `stage` out of series `id`; whether there was one.
    pub async fn remove_series_stage(&self, id: &str, stage: u32) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query("DELETE FROM series_stages WHERE series_id = $1 AND stage = $2")
            .bind(id)
            .bind(i64::from(stage))
            .execute(&mut *conn)
            .await
            .map(|r| r.rows_affected() == 1)
            .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// Series `id` with its stages, if it exists.
    pub async fn series(&self, id: &str) -> Result<Option<SeriesRow>, StoreError> {
        let Some(row) = sqlx::query("SELECT organiser, created, setup FROM series WHERE id = $1")
            .bind(id)
            .fetch_optional(self.reader())
            .await?
        else {
            return Ok(None);
        };
        let organiser = person_id(&row, 0, id)?;
        let created = int(&row, 1, id)?;
        let setup = text(&row, 2, id)?;
        let rows = sqlx::query(
            "SELECT stage, competition_id FROM series_stages WHERE series_id = $1 ORDER BY stage",
        )
        .bind(id)
        .fetch_all(self.reader())
        .await?;
        let mut stages = Vec::with_capacity(rows.len());
        for r in &rows {
            let stage = u32::try_from(int(r, 0, id)?).map_err(|_| StoreError::Damaged {
                game: id.to_owned(),
                what: "a stage's number out of range".into(),
            })?;
            stages.push((stage, competition_id(r, 1, id)?));
        }
        Ok(Some(SeriesRow {
            id: id.to_owned(),
            organiser,
            created,
            setup,
            stages,
        }))
    }

    /// The latest `limit` series, newest first, each with how many stages
    /// it has; one that cannot be read is left out (and logged).
    pub async fn series_list(&self, limit: u32) -> Result<Vec<(SeriesRow, u32)>, StoreError> {
        let rows = sqlx::query(
            "SELECT s.id, s.organiser, s.created, s.setup, \
             (SELECT COUNT(*) FROM series_stages t WHERE t.series_id = s.id) \
             FROM series s ORDER BY s.created DESC, s.id LIMIT $1",
        )
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        Ok(readable(
            rows.iter().map(|r| {
                let key = text(r, 0, "a series")?;
                Ok((
                    SeriesRow {
                        organiser: person_id(r, 1, &key)?,
                        created: int(r, 2, &key)?,
                        setup: text(r, 3, &key)?,
                        stages: vec![],
                        id: key.clone(),
                    },
                    int(r, 4, &key)? as u32,
                ))
            }),
            "the series",
        ))
    }
}
