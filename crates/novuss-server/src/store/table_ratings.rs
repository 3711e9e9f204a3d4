//! Ratings for the real table: the rows of the pool that finished rated
//! competitions on real tables move (migration `0017_real_ratings.sql`).
//! The arithmetic and the rules are `table_ratings/`'s; here are only the
//! rows, and the competitions the pool is made from.
//!
//! The pool is always written whole ([`Store::replace_table_ratings`]):
//! a competition dated before others already rated moves every rating
//! after it, so rating one is rebuilding all from the competitions.

use novuss_club::Setup;
use sqlx::any::AnyRow;
use sqlx::Row;

use super::error::StoreError;
use super::handle::Store;
use super::read::{int, maybe_text, readable, real, text};
use crate::glicko::Rating;
use crate::ids::CompetitionId;

/// A rated competition, as the pool stores it.
#[derive(Clone, Debug, PartialEq)]
pub struct TableRatedRow {
    /// The competition.
    pub competition: CompetitionId,
    /// Its place in the order the pool was rated in, from 1.
    pub seq: i64,
    /// Its day, seconds since 1970.
    pub at: i64,
    /// How many changes it had when it was rated.
    pub changes: u64,
    /// Its name.
    pub name: String,
}

/// One player's part of one rated competition, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct TableChangeRow {
    /// The competition.
    pub competition: CompetitionId,
    /// The player (`table_ratings::player_id`).
    pub player: String,
    /// The competition's place in the order, from 1.
    pub seq: i64,
    /// The competition's day, seconds since 1970.
    pub at: i64,
    /// Their name as the competition listed it.
    pub name: String,
    /// Their club, if given.
    pub club: Option<String>,
    /// Their licence, if given.
    pub licence: Option<String>,
    /// Their category (`men`, `women`, `youth`, `veterans`), if given.
    pub category: Option<String>,
    /// Their birth year, if given.
    pub birth_year: Option<i64>,
    /// The person with an account they were entered as, if any.
    pub person: Option<String>,
    /// Rated games they played in it.
    pub games: u64,
    /// Points scored in those games (1 a win, ½ a draw).
    pub points: f64,
    /// The rating the competition started from (idle time applied).
    pub before: Rating,
    /// The rating it left.
    pub after: Rating,
}

/// A competition that may be rated: rated, as its set-up says.
#[derive(Clone, Debug)]
pub struct RatedCompetition {
    /// Its id.
    pub id: CompetitionId,
    /// When it was created, seconds since 1970.
    pub created: i64,
    /// Its set-up.
    pub setup: Setup,
    /// How many changes it has.
    pub changes: u64,
}

const RATED_COLUMNS: &str = "competition_id, seq, at, changes, name";

const CHANGE_COLUMNS: &str = "competition_id, player_id, seq, at, name, club, licence, category, \
     birth_year, person_id, games, points, rating_before, deviation_before, volatility_before, \
     rating_after, deviation_after, volatility_after";

fn competition_id(r: &AnyRow, k: usize) -> Result<CompetitionId, StoreError> {
    let t = text(r, k, "(table rating)")?;
    CompetitionId::parse(&t).map_err(|_| StoreError::Damaged {
        game: t.clone(),
        what: format!("column {k}: not a competition's id"),
    })
}

fn rated_row(r: &AnyRow) -> Result<TableRatedRow, StoreError> {
    let competition = competition_id(r, 0)?;
    let c = competition.as_str().to_owned();
    Ok(TableRatedRow {
        seq: int(r, 1, &c)?,
        at: int(r, 2, &c)?,
        changes: int(r, 3, &c)?.max(0) as u64,
        name: text(r, 4, &c)?,
        competition,
    })
}

fn change_row(r: &AnyRow) -> Result<TableChangeRow, StoreError> {
    let competition = competition_id(r, 0)?;
    let c = competition.as_str().to_owned();
    let rating = |k: usize| -> Result<Rating, StoreError> {
        Ok(Rating {
            rating: real(r, k, &c)?,
            deviation: real(r, k + 1, &c)?,
            volatility: real(r, k + 2, &c)?,
        })
    };
    Ok(TableChangeRow {
        player: text(r, 1, &c)?,
        seq: int(r, 2, &c)?,
        at: int(r, 3, &c)?,
        name: text(r, 4, &c)?,
        club: maybe_text(r, 5, &c)?,
        licence: maybe_text(r, 6, &c)?,
        category: maybe_text(r, 7, &c)?,
        birth_year: r
            .try_get::<Option<i64>, _>(8)
            .map_err(|e| StoreError::Damaged {
                game: c.clone(),
                what: format!("column 8: {e}"),
            })?,
        person: maybe_text(r, 9, &c)?,
        games: int(r, 10, &c)?.max(0) as u64,
        points: real(r, 11, &c)?,
        before: rating(12)?,
        after: rating(15)?,
        competition,
    })
}

async fn insert_rated(
    conn: &mut sqlx::AnyConnection,
    c: &TableRatedRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "INSERT INTO table_rated ({RATED_COLUMNS}) VALUES ($1, $2, $3, $4, $5)"
    ))
    .bind(c.competition.as_str())
    .bind(c.seq)
    .bind(c.at)
    .bind(c.changes as i64)
    .bind(c.name.as_str())
    .execute(conn)
    .await
    .map(drop)
}

async fn insert_change(
    conn: &mut sqlx::AnyConnection,
    c: &TableChangeRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "INSERT INTO table_rating_changes ({CHANGE_COLUMNS}) VALUES \
         ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)"
    ))
    .bind(c.competition.as_str())
    .bind(c.player.as_str())
    .bind(c.seq)
    .bind(c.at)
    .bind(c.name.as_str())
    .bind(c.club.as_deref())
    .bind(c.licence.as_deref())
    .bind(c.category.as_deref())
    .bind(c.birth_year)
    .bind(c.person.as_deref())
    .bind(c.games as i64)
    .bind(c.points)
    .bind(c.before.rating)
    .bind(c.before.deviation)
    .bind(c.before.volatility)
    .bind(c.after.rating)
    .bind(c.after.deviation)
    .bind(c.after.volatility)
    .execute(conn)
    .await
    .map(drop)
}

impl Store {
    /// Every competition whose set-up says it is rated, oldest first
    /// (the caller decides from the set-up and the changes which count).
    pub async fn rated_competitions(&self) -> Result<Vec<RatedCompetition>, StoreError> {
        // A set-up is stored as serde writes it, `"rated":true` among its
        // fields when it is rated: the start-up reads no unrated one.
        let rows = sqlx::query(
            "SELECT id, created, setup, changes FROM competitions \
             WHERE setup LIKE '%\"rated\":true%' ORDER BY created, id",
        )
        .fetch_all(self.reader())
        .await?;
        Ok(readable(
            rows.iter().map(|r| {
                let id = competition_id(r, 0)?;
                let key = id.as_str().to_owned();
                let setup = text(r, 2, &key)?;
                let setup: Setup =
                    serde_json::from_str(&setup).map_err(|e| StoreError::Damaged {
                        game: key.clone(),
                        what: format!("not a competition's set-up: {e}"),
                    })?;
                Ok(RatedCompetition {
                    created: int(r, 1, &key)?,
                    changes: int(r, 3, &key)?.max(0) as u64,
                    setup,
                    id,
                })
            }),
            "the rated competitions",
        ))
    }

    /// Every rated competition of the pool, in its order.
    pub async fn table_rated(&self) -> Result<Vec<TableRatedRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {RATED_COLUMNS} FROM table_rated ORDER BY seq"
        ))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(rated_row).collect()
    }

    /// Every change of the pool, in its order (by competition, then by
    /// player).
    pub async fn table_rating_changes(&self) -> Result<Vec<TableChangeRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {CHANGE_COLUMNS} FROM table_rating_changes ORDER BY seq, player_id"
        ))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(change_row).collect()
    }

    /// Each player's latest change (their rating now) with how many
    /// competitions and games they were rated in: the players whose
    /// latest entry is of `category`, or all of them. Best first.
    pub async fn table_ratings(
        &self,
        category: Option<&str>,
    ) -> Result<Vec<(TableChangeRow, u64, u64)>, StoreError> {
        let columns = CHANGE_COLUMNS
            .split(", ")
            .map(|c| format!("c.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ");
        let text_of = format!(
            "SELECT {columns}, t.competitions, t.games FROM table_rating_changes c JOIN \
             (SELECT player_id, MAX(seq) AS last, COUNT(*) AS competitions, CAST(SUM(games) AS BIGINT) AS games \
              FROM table_rating_changes GROUP BY player_id) t \
             ON t.player_id = c.player_id AND t.last = c.seq \
             {} ORDER BY c.rating_after DESC, c.player_id",
            if category.is_some() { "WHERE c.category = $1" } else { "" }
        );
        let statement = sqlx::query(&text_of);
        let rows = match category {
            Some(c) => statement.bind(c).fetch_all(self.reader()).await?,
            None => statement.fetch_all(self.reader()).await?,
        };
        rows.iter()
            .map(|r| {
                let row = change_row(r)?;
                let c = row.competition.as_str().to_owned();
                Ok((
                    row,
                    int(r, 18, &c)?.max(0) as u64,
                    int(r, 19, &c)?.max(0) as u64,
                ))
            })
            .collect()
    }

    /// One player's changes, oldest first, with each competition's name.
    pub async fn table_player(
        &self,
        player: &str,
    ) -> Result<Vec<(TableChangeRow, String)>, StoreError> {
        self.table_history("c.player_id = $1", player).await
    }

    /// The changes of the player entered as `person` (an account of this
    /// server) most lately, oldest first, with each competition's name.
    pub async fn table_person(
        &self,
        person: &str,
    ) -> Result<Vec<(TableChangeRow, String)>, StoreError> {
        let latest = sqlx::query(
            "SELECT player_id FROM table_rating_changes WHERE person_id = $1 \
             ORDER BY seq DESC LIMIT 1",
        )
        .bind(person)
        .fetch_optional(self.reader())
        .await?;
        match latest {
            Some(r) => {
                let player = text(&r, 0, person)?;
                self.table_player(&player).await
            }
            None => Ok(Vec::new()),
        }
    }

    async fn table_history(
        &self,
        which: &'static str,
        key: &str,
    ) -> Result<Vec<(TableChangeRow, String)>, StoreError> {
        let columns = CHANGE_COLUMNS
            .split(", ")
            .map(|c| format!("c.{}", c.trim()))
            .collect::<Vec<_>>()
            .join(", ");
        let rows = sqlx::query(&format!(
            "SELECT {columns}, r.name FROM table_rating_changes c \
             JOIN table_rated r ON r.competition_id = c.competition_id \
             WHERE {which} ORDER BY c.seq"
        ))
        .bind(key)
        .fetch_all(self.reader())
        .await?;
        rows.iter()
            .map(|r| {
                let row = change_row(r)?;
                let c = row.competition.as_str().to_owned();
                Ok((row, text(r, 18, &c)?))
            })
            .collect()
    }

    /// Replaces the whole pool with `rated` and `changes`, in one
    /// transaction, if it is still what `seen` read (`false`, nothing
    /// written, if another writer replaced it meanwhile). `seen`: `None`
    /// replaces whatever is stored (`novuss ratings recompute --write`).
    pub async fn replace_table_ratings(
        &self,
        seen: Option<(&[TableRatedRow], &[TableChangeRow])>,
        rated: &[TableRatedRow],
        changes: &[TableChangeRow],
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            // The online pool's lock: a rebuild reads and writes the
            // whole pool, so two instances' rebuilds take turns.
            if let Some(shared) = self.shared() {
                shared.lock_ratings(&mut tx).await?;
            }
            if let Some((seen_rated, seen_changes)) = seen {
                let now_rated = sqlx::query(&format!(
                    "SELECT {RATED_COLUMNS} FROM table_rated ORDER BY seq"
                ))
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(rated_row)
                .collect::<Result<Vec<_>, _>>()?;
                let now_changes = sqlx::query(&format!(
                    "SELECT {CHANGE_COLUMNS} FROM table_rating_changes ORDER BY seq, player_id"
                ))
                .fetch_all(&mut *tx)
                .await?
                .iter()
                .map(change_row)
                .collect::<Result<Vec<_>, _>>()?;
                if now_rated != seen_rated || now_changes != seen_changes {
                    return Ok(false);
                }
            }
            sqlx::query("DELETE FROM table_rating_changes")
                .execute(&mut *tx)
                .await?;
            sqlx::query("DELETE FROM table_rated")
                .execute(&mut *tx)
                .await?;
            for r in rated {
                insert_rated(&mut tx, r).await?;
            }
            for c in changes {
                insert_change(&mut tx, c).await?;
            }
            tx.commit().await?;
            Ok(true)
        }
        .await;
        self.settle(conn, result).await
    }
}
