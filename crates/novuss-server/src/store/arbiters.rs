//! A competition's arbiters: the people its organiser named, who may
//! change it as the organiser does (`competition_arbiters`; policy:
//! [`crate::policy::may_change_competition`]).

use super::error::StoreError;
use super::handle::Store;
use super::read::{person_id, readable};
use crate::ids::{CompetitionId, PersonId};

/// What naming an arbiter did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// They are an arbiter now.
    Now,
    /// They were one already.
    Already,
    /// The competition has as many arbiters as it may: nobody was named.
    Full,
}

impl Store {
    /// The arbiters of competition `id`, in the order they were named.
    pub async fn competition_arbiters(
        &self,
        id: &CompetitionId,
    ) -> Result<Vec<PersonId>, StoreError> {
        let rows = sqlx::query(
            "SELECT person_id FROM competition_arbiters WHERE competition_id = $1 ORDER BY named_at, person_id",
        )
        .bind(id.as_str())
        .fetch_all(self.reader())
        .await?;
        Ok(readable(
            rows.iter().map(|r| person_id(r, 0, id.as_str())),
            "a competition's arbiters",
        ))
    }

    /// Whether `person` is an arbiter of competition `id` (one row read by
    /// its key: a change's check costs no more).
    pub async fn is_competition_arbiter(
        &self,
        id: &CompetitionId,
        person: &PersonId,
    ) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 FROM competition_arbiters WHERE competition_id = $1 AND person_id = $2",
        )
        .bind(id.as_str())
        .bind(person.as_str())
        .fetch_optional(self.reader())
        .await?;
        Ok(row.is_some())
    }

    /// Names `person` an arbiter of competition `id`, by `by` at `at`
    /// (seconds since 1970), unless they are one already or the
    /// competition has `max` arbiters (then nothing is stored).
    pub async fn add_competition_arbiter(
        &self,
        id: &CompetitionId,
        person: &PersonId,
        by: &PersonId,
        at: i64,
        max: u32,
    ) -> Result<Named, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            // Counted and written in one statement, so two organiser's
            // pages at once cannot pass the bound together.
            let done = sqlx::query(
                "INSERT INTO competition_arbiters (competition_id, person_id, named_by, named_at)
                 SELECT $1, $2, $3, $4
                 WHERE (SELECT COUNT(*) FROM competition_arbiters WHERE competition_id = $1) < $5
                 ON CONFLICT DO NOTHING",
            )
            .bind(id.as_str())
            .bind(person.as_str())
            .bind(by.as_str())
            .bind(at)
            .bind(i64::from(max))
            .execute(&mut *conn)
            .await?;
            if done.rows_affected() == 1 {
                return Ok(Named::Now);
            }
            let there = sqlx::query(
                "SELECT 1 FROM competition_arbiters WHERE competition_id = $1 AND person_id = $2",
            )
            .bind(id.as_str())
            .bind(person.as_str())
            .fetch_optional(&mut *conn)
            .await?;
            match there {
                Some(_) => Ok(Named::Already),
                None => Ok(Named::Full),
            }
        }
        .await;
        self.settle(conn, result).await
    }

    /// `person` is no longer an arbiter of competition `id`: whether they
    /// were one.
    pub async fn remove_competition_arbiter(
        &self,
        id: &CompetitionId,
        person: &PersonId,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "DELETE FROM competition_arbiters WHERE competition_id = $1 AND person_id = $2",
        )
        .bind(id.as_str())
        .bind(person.as_str())
        .execute(&mut *conn)
        .await
        .map(|done| done.rows_affected() == 1)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(k: u32) -> PersonId {
        PersonId::parse(&format!("{:032x}", k + 1)).expect("32 hex digits")
    }

    /// The bound is kept by the statement that names: a competition full
    /// of arbiters names nobody more, and naming one twice changes
    /// nothing.
    #[tokio::test]
    async fn arbiters_are_named_once_and_no_more_than_the_bound() {
        let dir = std::env::temp_dir().join(format!("novuss-arbiters-{}", std::process::id()));
        let url = format!("sqlite://{}", dir.join("a.sqlite3").display());
        let store = Store::connect(&url).await.unwrap();
        for k in 0..5 {
            store
                .create_person(&person(k), &format!("token{k}"), 1)
                .await
                .unwrap();
        }
        let id = CompetitionId::random();
        let setup: novuss_club::Setup = serde_json::from_value(serde_json::json!({
            "name": "Cup", "tables": 2,
            "system": {"kind": "swiss", "rounds": 3},
            "format": {"kind": "best_of", "sets": 3},
        }))
        .unwrap();
        store
            .add_competition(&id, &person(0), 1, &setup)
            .await
            .unwrap();
        let by = person(0);
        assert_eq!(
            store
                .add_competition_arbiter(&id, &person(1), &by, 10, 2)
                .await
                .unwrap(),
            Named::Now
        );
        assert_eq!(
            store
                .add_competition_arbiter(&id, &person(1), &by, 11, 2)
                .await
                .unwrap(),
            Named::Already
        );
        assert_eq!(
            store
                .add_competition_arbiter(&id, &person(2), &by, 12, 2)
                .await
                .unwrap(),
            Named::Now
        );
        assert_eq!(
            store
                .add_competition_arbiter(&id, &person(3), &by, 13, 2)
                .await
                .unwrap(),
            Named::Full
        );
        assert_eq!(
            store.competition_arbiters(&id).await.unwrap(),
            vec![person(1), person(2)]
        );
        assert!(store.is_competition_arbiter(&id, &person(2)).await.unwrap());
        assert!(!store.is_competition_arbiter(&id, &person(3)).await.unwrap());
        assert!(store
            .remove_competition_arbiter(&id, &person(1))
            .await
            .unwrap());
        assert!(!store
            .remove_competition_arbiter(&id, &person(1))
            .await
            .unwrap());
        assert_eq!(
            store
                .add_competition_arbiter(&id, &person(3), &by, 14, 2)
                .await
                .unwrap(),
            Named::Now
        );
        assert_eq!(
            store.competition_arbiters(&id).await.unwrap(),
            vec![person(2), person(3)]
        );
        store.close().await;
        let _ = std::fs::remove_dir_all(&dir);
    }
}
