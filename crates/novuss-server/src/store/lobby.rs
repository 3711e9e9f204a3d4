//! The lobby's queries: open challenges, and taking a seat of one.

use novuss_core::PlayerId;
use sqlx::any::AnyRow;
use sqlx::Row;

use super::error::StoreError;
use super::handle::Store;
use super::listing::{with_names, ListedRow, SEAT_NAMES};
use super::postgres::Notice;
use super::read::{game_id, int, maybe_text, person_id, player_id, readable, text};
use super::rows::game_row;
use crate::ids::{GameId, PersonId};

/// An open challenge as stored.
#[derive(Clone, Debug)]
pub struct ChallengeRow {
    /// Its game.
    pub game: GameId,
    /// Who made it.
    pub creator: PersonId,
    /// The creator's display name.
    pub creator_name: Option<String>,
    /// When, seconds since 1970.
    pub created: i64,
    /// The rating range asked of the acceptor.
    pub min_rating: Option<i64>,
    /// The rating range asked of the acceptor.
    pub max_rating: Option<i64>,
    /// The game's set-up, as JSON (the game reads it).
    pub setup: String,
    /// Seats still open.
    pub open: u32,
    /// Whether its game is over (the challenge withdrawn, or played).
    pub over: bool,
}

/// What taking an open seat of a challenge did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpenSeat {
    /// The person holds this player's seat now.
    Seated(PlayerId),
    /// The person holds a seat of the game already: nothing changed.
    AlreadySeated,
    /// No seat was open (or another acceptor took the one this statement
    /// aimed at).
    NoneOpen,
}

impl Store {
    /// Marks game `game`, just stored, as a challenge of `creator`'s.
    pub async fn add_challenge(
        &self,
        game: &GameId,
        creator: &PersonId,
        created: i64,
        range: (Option<i64>, Option<i64>),
    ) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "INSERT INTO challenges (game_id, creator, created, min_rating, max_rating) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(game.as_str())
        .bind(creator.as_str())
        .bind(created)
        .bind(range.0)
        .bind(range.1)
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// The open challenges made since `since` (seconds since 1970), newest
    /// first: games not over with a seat nobody holds. One whose game or
    /// creator cannot be read is left out (and logged): nobody could
    /// accept it.
    pub async fn challenges(
        &self,
        since: i64,
        limit: u32,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT c.game_id, c.creator, ",
            shown_name!(),
            ", c.created, c.min_rating, c.max_rating, g.setup, \
             (SELECT COUNT(*) FROM seats s WHERE s.game_id = c.game_id AND s.person_id IS NULL) AS open, g.over \
             FROM challenges c JOIN games g ON g.id = c.game_id JOIN people p ON p.id = c.creator ",
            account_of_p!(),
            " WHERE g.over = 0 AND c.created >= $1 \
             AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = c.game_id AND s.person_id IS NULL) \
             ORDER BY c.created DESC LIMIT $2"
        ))
        .bind(since)
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        let mut read = Vec::with_capacity(rows.len());
        for r in &rows {
            read.push(match game_id(r, 0, "(challenge)") {
                Ok(game) => challenge_row(r, game)?,
                Err(e) => Err(e),
            });
        }
        Ok(readable(read, "the lobby's challenges"))
    }

    /// The challenge of game `game`, if it is one (open or not).
    pub async fn challenge(&self, game: &GameId) -> Result<Option<ChallengeRow>, StoreError> {
        let row = sqlx::query(concat!(
            "SELECT c.game_id, c.creator, ",
            shown_name!(),
            ", c.created, c.min_rating, c.max_rating, g.setup, \
             (SELECT COUNT(*) FROM seats s WHERE s.game_id = c.game_id AND s.person_id IS NULL) AS open, g.over \
             FROM challenges c JOIN games g ON g.id = c.game_id JOIN people p ON p.id = c.creator ",
            account_of_p!(),
            " WHERE c.game_id = $1"
        ))
        .bind(game.as_str())
        .fetch_optional(self.reader())
        .await?;
        match row {
            None => Ok(None),
            Some(r) => challenge_row(&r, game.clone())?.map(Some),
        }
    }

    /// Gives `person` the lowest open seat of game `game` unless they hold
    /// one of its seats already: the check and the taking are one
    /// statement, so neither two people accepting at once both get one
    /// seat, nor one person sending several accepts at once gets two. It
    /// starts the turn's time, in the same transaction, only if the game
    /// is not over: a challenge withdrawn (its game called off) a moment
    /// before is not taken. The game's row is the one both write, so on
    /// PostgreSQL the second to come waits for the first and sees it.
    pub async fn take_open_seat(
        &self,
        game: &GameId,
        person: &PersonId,
        at_ms: i64,
    ) -> Result<OpenSeat, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let row = sqlx::query(
                "UPDATE seats SET person_id = $1 WHERE game_id = $2 AND person_id IS NULL AND player = \
                 (SELECT MIN(player) FROM seats WHERE game_id = $3 AND person_id IS NULL) \
                 AND NOT EXISTS (SELECT 1 FROM seats WHERE game_id = $4 AND person_id = $5) \
                 RETURNING player",
            )
            .bind(person.as_str())
            .bind(game.as_str())
            .bind(game.as_str())
            .bind(game.as_str())
            .bind(person.as_str())
            .fetch_optional(&mut *tx)
            .await?;
            let Some(row) = row else {
                // Why not: told apart for the answer (the taking itself
                // was decided by the statement above).
                let mine = sqlx::query("SELECT 1 FROM seats WHERE game_id = $1 AND person_id = $2")
                    .bind(game.as_str())
                    .bind(person.as_str())
                    .fetch_optional(&mut *tx)
                    .await?;
                return Ok(if mine.is_some() {
                    OpenSeat::AlreadySeated
                } else {
                    OpenSeat::NoneOpen
                });
            };
            let player = player_id(&row, 0, game.as_str())?;
            let started = sqlx::query("UPDATE games SET turn_at = $1 WHERE id = $2 AND over = 0")
                .bind(at_ms)
                .bind(game.as_str())
                .execute(&mut *tx)
                .await?;
            if started.rows_affected() == 0 {
                // Over: the seat's taking is rolled back with the
                // transaction.
                return Ok(OpenSeat::NoneOpen);
            }
            let game = game.clone();
            self.notice(&mut tx, &Notice::Seats { game }).await?;
            tx.commit().await?;
            Ok(OpenSeat::Seated(player))
        }
        .await;
        self.settle(conn, result).await
    }

    /// The public games being played, the last played first: the lobby's
    /// live games, each with its seats' holders' names. A game with a seat
    /// still open (a challenge nobody has accepted) is not being played
    /// yet. One that cannot be read is left out (and logged).
    pub async fn live(&self, limit: u32) -> Result<Vec<ListedRow>, StoreError> {
        // The games listed, and their seats' names, chosen alike.
        const LIVE: &str = "FROM games g \
             WHERE public = 1 AND over = 0 \
             AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.person_id IS NULL) \
             ORDER BY updated DESC LIMIT $1";
        let rows = sqlx::query(&format!(
            "SELECT id, created, updated, setup, event, over, summary, turn_at {LIVE}"
        ))
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        let games = readable(
            rows.iter().map(|r| game_row(r, "(live)")),
            "the lobby's live games",
        );
        let names = sqlx::query(&format!("{SEAT_NAMES}(SELECT id {LIVE})"))
            .bind(i64::from(limit))
            .fetch_all(self.reader())
            .await?;
        Ok(with_names(games, &names))
    }
}

/// A challenge's row as selected by [`Store::challenges`] and
/// [`Store::challenge`], of game `game`. The outer error fails the read
/// (a column of another type, as always); the inner is a creator whose id
/// cannot be read, which the list leaves out, as the lobby always did.
fn challenge_row(r: &AnyRow, game: GameId) -> Result<Result<ChallengeRow, StoreError>, StoreError> {
    let g = game.as_str();
    let creator = match person_id(r, 1, g) {
        Ok(creator) => creator,
        Err(e) => return Ok(Err(e)),
    };
    Ok(Ok(ChallengeRow {
        creator,
        creator_name: maybe_text(r, 2, g)?,
        created: int(r, 3, g)?,
        min_rating: r.try_get(4)?,
        max_rating: r.try_get(5)?,
        setup: text(r, 6, g)?,
        open: int(r, 7, g)? as u32,
        over: int(r, 8, g)? != 0,
        game,
    }))
}
