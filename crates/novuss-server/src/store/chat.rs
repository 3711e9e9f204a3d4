//! The chat of games (migration `0005_chat.sql`): its lines and each
//! game's settings. A line is stored before anyone is sent it.
//!
//! A line's room stays its stored name (`players` or `watchers`): the
//! chat's `Room` is the chat's own type, above the store, and the chat
//! reads the name (a line in no room it knows is skipped there, as one
//! with a preset it does not know).

use novuss_core::PlayerId;
use sqlx::Row;

use super::error::StoreError;
use super::handle::Store;
use super::postgres::Notice;
use super::read::{int, maybe_text, person_id, player_column, readable, text};
use crate::ids::{GameId, PersonId};

/// One stored chat line, as read back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChatRow {
    /// The line's number in its game, from 1.
    pub number: u64,
    /// When it was written, seconds since 1970.
    pub at: i64,
    /// `players` or `watchers`.
    pub room: String,
    /// The author's public id.
    pub person: PersonId,
    /// The author's display name now (`None`: they chose none).
    pub name: Option<String>,
    /// The author's player, in the players' room.
    pub player: Option<PlayerId>,
    /// A preset phrase's id.
    pub preset: Option<String>,
    /// Free text.
    pub body: Option<String>,
}

/// A chat line to store.
#[derive(Clone, Copy, Debug)]
pub struct NewChatLine<'a> {
    /// The game.
    pub game: &'a GameId,
    /// Its number: one more than the game's last line.
    pub number: u64,
    /// Seconds since 1970.
    pub at: i64,
    /// `players` or `watchers`.
    pub room: &'a str,
    /// The author.
    pub person: &'a PersonId,
    /// The author's player, in the players' room.
    pub player: Option<PlayerId>,
    /// A preset phrase's id, or
    pub preset: Option<&'a str>,
    /// free text.
    pub body: Option<&'a str>,
}

impl Store {
    /// Whether free text is allowed in game `game`'s chat (`true` until its
    /// creator switches it off).
    pub async fn chat_free_text(&self, game: &GameId) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT free_text FROM chat_settings WHERE game_id = $1")
            .bind(game.as_str())
            .fetch_optional(self.reader())
            .await?;
        match row {
            None => Ok(true),
            Some(r) => Ok(int(&r, 0, game.as_str())? != 0),
        }
    }

    /// Allows or forbids free text in game `game`'s chat.
    pub async fn set_chat_free_text(
        &self,
        game: &GameId,
        free_text: bool,
    ) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "INSERT INTO chat_settings (game_id, free_text) VALUES ($1, $2) \
             ON CONFLICT (game_id) DO UPDATE SET free_text = excluded.free_text",
        )
        .bind(game.as_str())
        .bind(i64::from(free_text))
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// The number of game `game`'s last chat line (0: none yet).
    pub async fn chat_last(&self, game: &GameId) -> Result<u64, StoreError> {
        let row = sqlx::query("SELECT COALESCE(MAX(number), 0) FROM chat_lines WHERE game_id = $1")
            .bind(game.as_str())
            .fetch_one(self.reader())
            .await?;
        Ok(int(&row, 0, game.as_str())?.max(0) as u64)
    }

    /// How many lines `person` wrote in game `game`.
    pub async fn chat_count(&self, game: &GameId, person: &PersonId) -> Result<u32, StoreError> {
        let row =
            sqlx::query("SELECT COUNT(*) FROM chat_lines WHERE game_id = $1 AND person_id = $2")
                .bind(game.as_str())
                .bind(person.as_str())
                .fetch_one(self.reader())
                .await?;
        Ok(int(&row, 0, game.as_str())?.clamp(0, i64::from(u32::MAX)) as u32)
    }

    /// The last `limit` lines of `room` in game `game`, oldest first. A
    /// line whose author was forgotten has no words left, and one a
    /// moderator hid is not shown: neither is read.
    pub async fn chat_lines(
        &self,
        game: &GameId,
        room: &str,
        limit: u32,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.number, c.at, c.room, c.person_id, p.name, c.player, c.preset, c.body \
             FROM chat_lines c LEFT JOIN people p ON p.id = c.person_id \
             WHERE c.game_id = $1 AND c.room = $2 AND (c.preset IS NOT NULL OR c.body IS NOT NULL) AND c.hidden IS NULL \
             ORDER BY c.number DESC LIMIT $3",
        )
        .bind(game.as_str())
        .bind(room)
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        let mut out = chat_rows(&rows, game)?;
        out.reverse();
        Ok(out)
    }

    /// Game `game`'s lines after line `after`, in both rooms, oldest
    /// first: what another instance wrote since (at most 100).
    pub async fn chat_lines_after(
        &self,
        game: &GameId,
        after: u64,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.number, c.at, c.room, c.person_id, p.name, c.player, c.preset, c.body \
             FROM chat_lines c LEFT JOIN people p ON p.id = c.person_id \
             WHERE c.game_id = $1 AND c.number > $2 AND (c.preset IS NOT NULL OR c.body IS NOT NULL) AND c.hidden IS NULL \
             ORDER BY c.number LIMIT 100",
        )
        .bind(game.as_str())
        .bind(after as i64)
        .fetch_all(self.reader())
        .await?;
        chat_rows(&rows, game)
    }

    /// Chat line `number` of game `game` with its author's name, if it is
    /// shown (not hidden, not its forgotten author's).
    pub async fn chat_line(
        &self,
        game: &GameId,
        number: u64,
    ) -> Result<Option<ChatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.number, c.at, c.room, c.person_id, p.name, c.player, c.preset, c.body \
             FROM chat_lines c LEFT JOIN people p ON p.id = c.person_id \
             WHERE c.game_id = $1 AND c.number = $2 \
             AND (c.preset IS NOT NULL OR c.body IS NOT NULL) AND c.hidden IS NULL",
        )
        .bind(game.as_str())
        .bind(number as i64)
        .fetch_all(self.reader())
        .await?;
        Ok(chat_rows(&rows, game)?.into_iter().next())
    }

    /// Stores one chat line.
    pub async fn add_chat_line(&self, line: &NewChatLine<'_>) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            sqlx::query(
                "INSERT INTO chat_lines (game_id, number, at, room, person_id, player, preset, body) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(line.game.as_str())
            .bind(line.number as i64)
            .bind(line.at)
            .bind(line.room)
            .bind(line.person.as_str())
            .bind(line.player.map(player_column))
            .bind(line.preset)
            .bind(line.body)
            .execute(&mut *tx)
            .await?;
            let game = line.game.clone();
            self.notice(&mut tx, &Notice::Chat { game }).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        self.settle(conn, result).await
    }
}

/// Chat rows as read; a value of another type is damage. A line whose
/// author's id cannot be read is left out (and logged), as the chat
/// always skipped a line it could not show; a player that is none (a
/// negative number) is no player.
fn chat_rows(rows: &[sqlx::any::AnyRow], game: &GameId) -> Result<Vec<ChatRow>, StoreError> {
    let g = game.as_str();
    let mut read = Vec::with_capacity(rows.len());
    for r in rows {
        let person = match person_id(r, 3, g) {
            Ok(person) => person,
            Err(e) => {
                read.push(Err(e));
                continue;
            }
        };
        read.push(Ok(ChatRow {
            number: int(r, 0, g)?.max(0) as u64,
            at: int(r, 1, g)?,
            room: text(r, 2, g)?,
            person,
            name: maybe_text(r, 4, g)?,
            player: r
                .try_get::<Option<i64>, _>(5)?
                .and_then(|p| usize::try_from(p).ok())
                .map(PlayerId),
            preset: maybe_text(r, 6, g)?,
            body: maybe_text(r, 7, g)?,
        }));
    }
    Ok(readable(read, "a game's chat"))
}
