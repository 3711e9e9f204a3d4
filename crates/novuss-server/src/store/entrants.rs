//! Which people with accounts are entered in which competitions
//! (`competition_entrants`, migration `0013_competition_entrants.sql`):
//! the index a player's page reads to find their competitions without
//! reading every competition's changes.
//!
//! A row is written by [`index_entries`] in the transaction that stores
//! the change entering the person (`competitions.rs`), whichever route
//! made it, so the index can never name a competition the person is not
//! in, nor miss one, on one server or several sharing a database. Only
//! who is entered is kept: where they stand is read from the competition
//! as it stands when the page asks.

use novuss_club::Change;
use sqlx::AnyConnection;

use super::error::StoreError;
use super::handle::Store;
use super::read::text;
use crate::ids::{CompetitionId, PersonId};

/// Notes in the index each person that `change` enters into competition
/// `id`: an entry that names its person (one entered by user name or
/// entering themselves). Any other change writes nothing.
pub(super) async fn index_entries(
    conn: &mut AnyConnection,
    id: &CompetitionId,
    change: &Change,
) -> Result<(), StoreError> {
    let entries = match change {
        Change::Enter { entry } => std::slice::from_ref(entry),
        Change::EnterList { entries } => entries.as_slice(),
        _ => return Ok(()),
    };
    for person in entries.iter().filter_map(|e| e.person.as_deref()) {
        // The competition refuses a person entered twice; should one
        // come again all the same, they are in it once.
        sqlx::query(
            "INSERT INTO competition_entrants (competition_id, person_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        )
        .bind(id.as_str())
        .bind(person)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

impl Store {
    /// The competitions `person` is entered in, newest first (by when
    /// each was created), at most `limit`.
    pub async fn competitions_of(
        &self,
        person: &PersonId,
        limit: u32,
    ) -> Result<Vec<CompetitionId>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.id FROM competition_entrants e JOIN competitions c ON c.id = e.competition_id \
             WHERE e.person_id = $1 ORDER BY c.created DESC, c.id LIMIT $2",
        )
        .bind(person.as_str())
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        rows.iter()
            .map(|r| {
                let key = text(r, 0, "a competition entered")?;
                CompetitionId::parse(&key).map_err(|_| StoreError::Damaged {
                    game: key.clone(),
                    what: "not a competition's id".into(),
                })
            })
            .collect()
    }
}
