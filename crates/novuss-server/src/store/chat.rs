//! The chat of games (migration `0005_chat.sql`): its lines and each
//! game's settings. A line is stored before anyone is sent it.

use sqlx::Row;

use super::{int, text, Notice, Store, StoreError};

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
    pub person: String,
    /// The author's display name now (`None`: they chose none).
    pub name: Option<String>,
    /// The author's player, in the players' room.
    pub player: Option<u32>,
    /// A preset phrase's id.
    pub preset: Option<String>,
    /// Free text.
    pub body: Option<String>,
}

/// A chat line to store.
#[derive(Clone, Copy, Debug)]
pub struct NewChatLine<'a> {
    /// The game.
    pub game: &'a str,
    /// Its number: one more than the game's last line.
    pub number: u64,
    /// Seconds since 1970.
    pub at: i64,
    /// `players` or `watchers`.
    pub room: &'a str,
    /// The author.
    pub person: &'a str,
    /// The author's player, in the players' room.
    pub player: Option<u32>,
    /// A preset phrase's id, or
    pub preset: Option<&'a str>,
    /// free text.
    pub body: Option<&'a str>,
}

impl Store {
    /// Whether free text is allowed in game `game`'s chat (`true` until its
    /// creator switches it off).
    pub async fn chat_free_text(&self, game: &str) -> Result<bool, StoreError> {
        let row = sqlx::query("SELECT free_text FROM chat_settings WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&self.reader)
            .await?;
        match row {
            None => Ok(true),
            Some(r) => Ok(int(&r, 0, game)? != 0),
        }
    }

    /// Allows or forbids free text in game `game`'s chat.
    pub async fn set_chat_free_text(&self, game: &str, free_text: bool) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "INSERT INTO chat_settings (game_id, free_text) VALUES ($1, $2) \
             ON CONFLICT (game_id) DO UPDATE SET free_text = excluded.free_text",
        )
        .bind(game)
        .bind(i64::from(free_text))
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// The number of game `game`'s last chat line (0: none yet).
    pub async fn chat_last(&self, game: &str) -> Result<u64, StoreError> {
        let row = sqlx::query("SELECT COALESCE(MAX(number), 0) FROM chat_lines WHERE game_id = $1")
            .bind(game)
            .fetch_one(&self.reader)
            .await?;
        Ok(int(&row, 0, game)?.max(0) as u64)
    }

    /// How many lines `person` wrote in game `game`.
    pub async fn chat_count(&self, game: &str, person: &str) -> Result<u32, StoreError> {
        let row =
            sqlx::query("SELECT COUNT(*) FROM chat_lines WHERE game_id = $1 AND person_id = $2")
                .bind(game)
                .bind(person)
                .fetch_one(&self.reader)
                .await?;
        Ok(int(&row, 0, game)?.clamp(0, i64::from(u32::MAX)) as u32)
    }

    /// The last `limit` lines of `room` in game `game`, oldest first.
    pub async fn chat_lines(
        &self,
        game: &str,
        room: &str,
        limit: u32,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.number, c.at, c.room, c.person_id, p.name, c.player, c.preset, c.body \
             FROM chat_lines c LEFT JOIN people p ON p.id = c.person_id \
             WHERE c.game_id = $1 AND c.room = $2 ORDER BY c.number DESC LIMIT $3",
        )
        .bind(game)
        .bind(room)
        .bind(i64::from(limit))
        .fetch_all(&self.reader)
        .await?;
        let mut out = chat_rows(&rows, game)?;
        out.reverse();
        Ok(out)
    }

    /// Game `game`'s lines after line `after`, in both rooms, oldest
    /// first: what another instance wrote since (at most 100).
    pub async fn chat_lines_after(
        &self,
        game: &str,
        after: u64,
    ) -> Result<Vec<ChatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT c.number, c.at, c.room, c.person_id, p.name, c.player, c.preset, c.body \
             FROM chat_lines c LEFT JOIN people p ON p.id = c.person_id \
             WHERE c.game_id = $1 AND c.number > $2 ORDER BY c.number LIMIT 100",
        )
        .bind(game)
        .bind(after as i64)
        .fetch_all(&self.reader)
        .await?;
        chat_rows(&rows, game)
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
            .bind(line.game)
            .bind(line.number as i64)
            .bind(line.at)
            .bind(line.room)
            .bind(line.person)
            .bind(line.player.map(i64::from))
            .bind(line.preset)
            .bind(line.body)
            .execute(&mut *tx)
            .await?;
            let game = line.game.to_owned();
            self.notice(&mut tx, &Notice::Chat { game }).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        self.settle(conn, result).await
    }
}

/// Chat rows as read; a value of another type is damage.
fn chat_rows(rows: &[sqlx::any::AnyRow], game: &str) -> Result<Vec<ChatRow>, StoreError> {
    let out = rows
        .iter()
        .map(|r| {
            Ok(ChatRow {
                number: int(r, 0, game)?.max(0) as u64,
                at: int(r, 1, game)?,
                room: text(r, 2, game)?,
                person: text(r, 3, game)?,
                name: r.try_get(4)?,
                player: r
                    .try_get::<Option<i64>, _>(5)?
                    .and_then(|p| u32::try_from(p).ok()),
                preset: r.try_get(6)?,
                body: r.try_get(7)?,
            })
        })
        .collect::<Result<Vec<_>, StoreError>>()?;
    Ok(out)
}
