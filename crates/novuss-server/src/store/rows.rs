//! A game's rows as the store writes and reads them: the game, its events,
//! its seats, and the statements that write them inside a transaction
//! (the group commit's too).

use novuss_core::PlayerId;
use sqlx::any::AnyRow;
use sqlx::AnyConnection;

use super::error::StoreError;
use super::read::{game_id, int, player_column, text};
use crate::ids::{GameId, PersonId};

/// A stored game's row, without its events.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's id.
    pub id: GameId,
    /// When it was created, seconds since 1970.
    pub created: i64,
    /// When its last event was stored.
    pub updated: i64,
    /// Its set-up, as JSON.
    pub setup: String,
    /// The number of its last event.
    pub event: u64,
    /// Whether the match is over.
    pub over: bool,
    /// Score and set number, as JSON.
    pub summary: String,
    /// When the turn in play began, ms since 1970 (0: not stored, in a
    /// game older than the stroke clocks).
    pub turn_at: i64,
}

impl GameRow {
    /// When the turn in play began, ms since 1970, for old games too.
    pub fn turn_began(&self) -> i64 {
        if self.turn_at > 0 {
            self.turn_at
        } else {
            self.updated * 1000
        }
    }
}

/// One stored event.
#[derive(Clone, Debug)]
pub struct EventRow {
    /// Its number, from 1.
    pub number: u64,
    /// What happened, as JSON.
    pub body: String,
}

/// What an appended event changes in the game's row.
#[derive(Clone, Debug)]
pub struct Append<'a> {
    /// The game.
    pub game: &'a GameId,
    /// The event number the caller saw; the new event is `after + 1`.
    pub after: u64,
    /// The event, as JSON.
    pub body: &'a str,
    /// Whether the match is over after it.
    pub over: bool,
    /// The new summary, as JSON.
    pub summary: &'a str,
    /// When, in milliseconds since 1970: the next turn begins then.
    pub at_ms: i64,
}

/// A new game's row.
#[derive(Clone, Debug)]
pub struct NewRow<'a> {
    /// The game's id.
    pub id: &'a GameId,
    /// When it was created.
    pub created: i64,
    /// Its set-up, as JSON.
    pub setup: &'a str,
    /// Its summary, as JSON.
    pub summary: &'a str,
    /// Whether everyone may see it listed.
    pub public: bool,
    /// Its people's seats.
    pub seats: &'a [SeatRow],
}

/// A whole game to store at once.
#[derive(Clone, Debug)]
pub struct Imported<'a> {
    /// The game's id.
    pub id: &'a GameId,
    /// When it was stored.
    pub created: i64,
    /// Its set-up, as JSON.
    pub setup: &'a str,
    /// Its events, as JSON, from event 1.
    pub events: &'a [String],
    /// Whether the match is over.
    pub over: bool,
    /// Its summary, as JSON.
    pub summary: &'a str,
    /// Its people's seats (the uploader's).
    pub seats: &'a [SeatRow],
    /// Who uploaded it, and the bytes it stores (its set-up and events),
    /// counted against their quota.
    pub uploader: &'a PersonId,
    /// The bytes it stores.
    pub bytes: i64,
}

/// One seat row of a game: a person's seat, held or waiting for an
/// invited person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// The player, in the set-up's order.
    pub player: PlayerId,
    /// Who holds it, if anyone yet.
    pub person: Option<PersonId>,
    /// The hash of its invitation's secret, if it was given by one.
    pub invite_hash: Option<String>,
}

/// A game's row, its columns selected as `id, created, updated, setup,
/// event, over, summary, turn_at`; `game` names it in damage.
pub(super) fn game_row(r: &AnyRow, game: &str) -> Result<GameRow, StoreError> {
    Ok(GameRow {
        id: game_id(r, 0, game)?,
        created: int(r, 1, game)?,
        updated: int(r, 2, game)?,
        setup: text(r, 3, game)?,
        event: int(r, 4, game)? as u64,
        over: int(r, 5, game)? != 0,
        summary: text(r, 6, game)?,
        turn_at: int(r, 7, game)?,
    })
}

/// Appends within the transaction `conn` is in: nothing is changed if
/// the game is not at the event the caller saw ([`StoreError::Conflict`]).
pub(super) async fn append_in(tx: &mut AnyConnection, a: &Append<'_>) -> Result<(), StoreError> {
    let t = a.at_ms.div_euclid(1000);
    let number = a.after as i64 + 1;
    let moved = sqlx::query(
        "UPDATE games SET event = $1, updated = $2, over = $3, summary = $4, turn_at = $5 WHERE id = $6 AND event = $7",
    )
    .bind(number)
    .bind(t)
    .bind(i64::from(a.over))
    .bind(a.summary)
    .bind(a.at_ms)
    .bind(a.game.as_str())
    .bind(a.after as i64)
    .execute(&mut *tx)
    .await?;
    if moved.rows_affected() != 1 {
        return Err(StoreError::Conflict);
    }
    sqlx::query("INSERT INTO events (game_id, number, at, body) VALUES ($1, $2, $3, $4)")
        .bind(a.game.as_str())
        .bind(number)
        .bind(t)
        .bind(a.body)
        .execute(&mut *tx)
        .await?;
    Ok(())
}

pub(super) async fn create_in(
    conn: &mut AnyConnection,
    game: &NewRow<'_>,
) -> Result<(), StoreError> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    sqlx::query(
        "INSERT INTO games (id, created, updated, setup, event, over, summary, public) VALUES ($1, $2, $3, $4, 0, 0, $5, $6)",
    )
    .bind(game.id.as_str())
    .bind(game.created)
    .bind(game.created)
    .bind(game.setup)
    .bind(game.summary)
    .bind(i64::from(game.public))
    .execute(&mut *tx)
    .await?;
    for seat in game.seats {
        insert_seat(&mut tx, game.id, seat).await?;
    }
    tx.commit().await?;
    Ok(())
}

pub(super) async fn import_in(
    conn: &mut AnyConnection,
    game: &Imported<'_>,
) -> Result<(), StoreError> {
    let mut tx = sqlx::Connection::begin(&mut *conn).await?;
    // An uploaded game is its uploader's: listed for them, not for all.
    sqlx::query(
        "INSERT INTO games (id, created, updated, setup, event, over, summary, public) VALUES ($1, $2, $3, $4, $5, $6, $7, 0)",
    )
    .bind(game.id.as_str())
    .bind(game.created)
    .bind(game.created)
    .bind(game.setup)
    .bind(game.events.len() as i64)
    .bind(i64::from(game.over))
    .bind(game.summary)
    .execute(&mut *tx)
    .await?;
    for (k, body) in game.events.iter().enumerate() {
        sqlx::query("INSERT INTO events (game_id, number, at, body) VALUES ($1, $2, $3, $4)")
            .bind(game.id.as_str())
            .bind(k as i64 + 1)
            .bind(game.created)
            .bind(body)
            .execute(&mut *tx)
            .await?;
    }
    for seat in game.seats {
        insert_seat(&mut tx, game.id, seat).await?;
    }
    sqlx::query("INSERT INTO uploads (game_id, person_id, bytes, at) VALUES ($1, $2, $3, $4)")
        .bind(game.id.as_str())
        .bind(game.uploader.as_str())
        .bind(game.bytes)
        .bind(game.created)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Inserts one seat row.
pub(super) async fn insert_seat(
    conn: &mut sqlx::AnyConnection,
    game: &GameId,
    seat: &SeatRow,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO seats (game_id, player, person_id, invite_hash) VALUES ($1, $2, $3, $4)",
    )
    .bind(game.as_str())
    .bind(player_column(seat.player))
    .bind(seat.person.as_ref().map(PersonId::as_str))
    .bind(seat.invite_hash.as_deref())
    .execute(conn)
    .await
    .map(drop)
}
