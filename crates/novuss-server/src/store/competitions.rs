//! Competitions' statements: a competition's row (its organiser and
//! set-up) and its changes in order, each written only as the next.

use novuss_club::{Change, Setup};
use sqlx::any::AnyRow;
use sqlx::Connection;

use super::error::StoreError;
use super::handle::Store;
use super::postgres::Notice;
use super::read::{game_id, int, person_id, readable, text};
use crate::ids::{CompetitionId, GameId, PersonId};

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
pub(super) fn json<T: serde::de::DeserializeOwned>(
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
        let online = i64::from(setup.play.online());
        // A set-up is plain data: serde_json cannot fail to write it.
        let setup = serde_json::to_string(setup).unwrap_or_default();
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "INSERT INTO competitions (id, organiser, created, setup, changes, club_key, online_open) VALUES ($1, $2, $3, $4, 0, $5, $6)",
        )
        .bind(id.as_str())
        .bind(organiser.as_str())
        .bind(created)
        .bind(setup)
        .bind(club)
        .bind(online)
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
            // In the same transaction: the index of who is entered where
            // never disagrees with the changes (`entrants.rs`).
            super::entrants::index_entries(&mut tx, id, change).await?;
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

    /// The competitions `organiser` created, newest first.
    pub async fn competitions_by(
        &self,
        organiser: &PersonId,
    ) -> Result<Vec<ListedCompetition>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, organiser, created, setup, changes FROM competitions WHERE organiser = $1 ORDER BY created DESC, id",
        )
        .bind(organiser.as_str())
        .fetch_all(self.reader())
        .await?;
        Ok(listed(&rows))
    }

    /// Every competition played on this server that is not yet known to
    /// be finished, oldest first (the `online_open` index: a server
    /// looks for them on start and for their scheduled rounds).
    pub async fn open_online_competitions(&self) -> Result<Vec<ListedCompetition>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, organiser, created, setup, changes FROM competitions WHERE online_open = 1 ORDER BY created, id",
        )
        .fetch_all(self.reader())
        .await?;
        Ok(listed(&rows))
    }

    /// Online competition `id` is finished: no longer looked for.
    pub async fn close_online_competition(&self, id: &CompetitionId) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "UPDATE competitions SET online_open = 0 WHERE id = $1 AND online_open = 1",
        )
        .bind(id.as_str())
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(StoreError::from);
        self.settle(conn, result).await
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

/// A board of an online competition's round and its game, as stored
/// (`competition_games`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompetitionGame {
    /// The competition.
    pub competition: CompetitionId,
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
    /// The game (made after the row, with this id).
    pub game: GameId,
    /// Who holds the first seat (breaks first), and the second.
    pub people: [PersonId; 2],
    /// When the row was written, ms since 1970.
    pub created_ms: i64,
    /// Who has not opened the game by then (ms since 1970) loses by
    /// forfeit.
    pub deadline_ms: i64,
    /// Whether each side has opened the game.
    pub here: [bool; 2],
    /// Whether the board's result has been taken (by one server).
    pub settled: bool,
}

const GAME_COLUMNS: &str = "competition_id, round, board, game_id, first_person, second_person, created_ms, deadline_ms, first_here, second_here, settled";

fn competition_game(r: &AnyRow) -> Result<CompetitionGame, StoreError> {
    let key = text(r, 0, "a competition's game")?;
    let competition = CompetitionId::parse(&key).map_err(|_| StoreError::Damaged {
        game: key.clone(),
        what: "not a competition's id".into(),
    })?;
    Ok(CompetitionGame {
        competition,
        round: int(r, 1, &key)? as u32,
        board: int(r, 2, &key)? as u32,
        game: game_id(r, 3, &key)?,
        people: [person_id(r, 4, &key)?, person_id(r, 5, &key)?],
        created_ms: int(r, 6, &key)?,
        deadline_ms: int(r, 7, &key)?,
        here: [int(r, 8, &key)? != 0, int(r, 9, &key)? != 0],
        settled: int(r, 10, &key)? != 0,
    })
}

impl Store {
    /// Writes the row of a board's game before the game is made: `true`
    /// if it is written now, `false` if the board has its game already
    /// (made, or being made, by this server or another).
    pub async fn reserve_competition_game(&self, g: &CompetitionGame) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(&format!(
            "INSERT INTO competition_games ({GAME_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, 0) ON CONFLICT DO NOTHING"
        ))
        .bind(g.competition.as_str())
        .bind(i64::from(g.round))
        .bind(i64::from(g.board))
        .bind(g.game.as_str())
        .bind(g.people[0].as_str())
        .bind(g.people[1].as_str())
        .bind(g.created_ms)
        .bind(g.deadline_ms)
        .execute(&mut *conn)
        .await
        .map(|done| done.rows_affected() == 1)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// The games of competition `id`, by round and board.
    pub async fn competition_games(
        &self,
        id: &CompetitionId,
    ) -> Result<Vec<CompetitionGame>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM competition_games WHERE competition_id = $1 ORDER BY round, board"
        ))
        .bind(id.as_str())
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(competition_game).collect()
    }

    /// The competition's board that game `game` is, if it is one.
    pub async fn competition_game_of(
        &self,
        game: &GameId,
    ) -> Result<Option<CompetitionGame>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM competition_games WHERE game_id = $1"
        ))
        .bind(game.as_str())
        .fetch_optional(self.reader())
        .await?;
        row.as_ref().map(competition_game).transpose()
    }

    /// Every competition game whose result is not yet taken, the earliest
    /// deadline first.
    pub async fn unsettled_competition_games(&self) -> Result<Vec<CompetitionGame>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {GAME_COLUMNS} FROM competition_games WHERE settled = 0 ORDER BY deadline_ms"
        ))
        .fetch_all(self.reader())
        .await?;
        Ok(readable(
            rows.iter().map(competition_game),
            "the competitions' games",
        ))
    }

    /// `person` opened competition game `game` at `at` (ms since 1970):
    /// their side is here, if its grace still runs (a game that is no
    /// competition's changes nothing). Whether a row changed.
    pub async fn competition_player_here(
        &self,
        game: &GameId,
        person: &PersonId,
        at: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut n = 0;
            for (flag, who) in [("first_here", "first_person"), ("second_here", "second_person")] {
                n += sqlx::query(&format!(
                    "UPDATE competition_games SET {flag} = 1 WHERE game_id = $1 AND {who} = $2 AND {flag} = 0 AND settled = 0 AND deadline_ms >= $3"
                ))
                .bind(game.as_str())
                .bind(person.as_str())
                .bind(at)
                .execute(&mut *conn)
                .await?
                .rows_affected();
            }
            Ok(n > 0)
        }
        .await;
        self.settle(conn, result).await
    }

    /// Gives board game `game`, whose row was written with deadline
    /// `was` but whose game was never made (its server stopped between
    /// the two), a fresh grace until `deadline`, for this server to make
    /// the game now: `true` for the one caller whose update moved it,
    /// `false` if another server moved it first (and makes the game), or
    /// the board is decided. The old deadline is the claim: two servers
    /// that read the same row cannot both move it.
    pub async fn fresh_competition_grace(
        &self,
        game: &GameId,
        was: i64,
        deadline: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "UPDATE competition_games SET deadline_ms = $3 WHERE game_id = $1 AND deadline_ms = $2 AND settled = 0",
        )
        .bind(game.as_str())
        .bind(was)
        .bind(deadline)
        .execute(&mut *conn)
        .await
        .map(|done| done.rows_affected() == 1)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// Takes competition game `game` as forfeited for this server, if its
    /// stored deadline is not after `now` (ms since 1970): `true` for the
    /// one caller that takes it; `false` if its result was taken, or its
    /// deadline was moved (a fresh grace given by another server since
    /// the row was read).
    pub async fn forfeit_competition_game(
        &self,
        game: &GameId,
        now: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "UPDATE competition_games SET settled = 1 WHERE game_id = $1 AND settled = 0 AND deadline_ms <= $2",
        )
        .bind(game.as_str())
        .bind(now)
        .execute(&mut *conn)
        .await
        .map(|done| done.rows_affected() == 1)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// Takes the result of competition game `game` for this server:
    /// `true` for the one caller that takes it, `false` if it was taken.
    pub async fn settle_competition_game(&self, game: &GameId) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "UPDATE competition_games SET settled = 1 WHERE game_id = $1 AND settled = 0",
        )
        .bind(game.as_str())
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

    /// A game made late: of two servers that read the same row, only the
    /// one whose update finds the old deadline moves it (and makes the
    /// game); a forfeit is taken only once the stored deadline has
    /// passed, whatever deadline the caller read.
    #[tokio::test]
    async fn a_fresh_grace_is_given_once_and_holds_off_a_forfeit() {
        let dir = std::env::temp_dir().join(format!("novuss-fresh-grace-{}", std::process::id()));
        let url = format!("sqlite://{}", dir.join("g.sqlite3").display());
        let store = Store::connect(&url).await.unwrap();
        for k in 0..3 {
            store
                .create_person(&person(k), &format!("token{k}"), 1)
                .await
                .unwrap();
        }
        let id = CompetitionId::random();
        let setup: Setup = serde_json::from_value(serde_json::json!({
            "name": "Online", "tables": 1,
            "system": {"kind": "swiss", "rounds": 1},
            "format": {"kind": "best_of", "sets": 1},
        }))
        .unwrap();
        store
            .add_competition(&id, &person(0), 1, &setup)
            .await
            .unwrap();
        let row = CompetitionGame {
            competition: id.clone(),
            round: 1,
            board: 1,
            game: GameId::random(),
            people: [person(1), person(2)],
            created_ms: 1_000,
            deadline_ms: 2_000,
            here: [false, false],
            settled: false,
        };
        assert!(store.reserve_competition_game(&row).await.unwrap());
        // Two servers read deadline 2 000; the first moves it to 9 000.
        assert!(store
            .fresh_competition_grace(&row.game, 2_000, 9_000)
            .await
            .unwrap());
        assert!(!store
            .fresh_competition_grace(&row.game, 2_000, 9_500)
            .await
            .unwrap());
        let stored = store.competition_game_of(&row.game).await.unwrap().unwrap();
        assert_eq!(stored.deadline_ms, 9_000);
        // A server that read the old deadline does not forfeit at 5 000.
        assert!(!store
            .forfeit_competition_game(&row.game, 5_000)
            .await
            .unwrap());
        assert!(store
            .forfeit_competition_game(&row.game, 9_000)
            .await
            .unwrap());
        assert!(!store
            .forfeit_competition_game(&row.game, 9_001)
            .await
            .unwrap());
        // A decided board gets no fresh grace.
        assert!(!store
            .fresh_competition_grace(&row.game, 9_000, 12_000)
            .await
            .unwrap());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
