//! What the store holds of one person that no other feature reads by
//! person (issue 34, "People's data is theirs": "download my data"): the
//! chat lines they wrote, their sessions, when they first came. The rest
//! of their data is read by the features' own statements.

use super::read::{game_id, int, maybe_text, text};
use super::{Store, StoreError};
use crate::ids::{GameId, PersonId};

/// A chat line as its author downloads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuthoredLine {
    /// The game.
    pub game: GameId,
    /// The line's number in it.
    pub number: u64,
    /// When, seconds since 1970.
    pub at: i64,
    /// `players` or `watchers`.
    pub room: String,
    /// A preset phrase's id.
    pub preset: Option<String>,
    /// Free text.
    pub text: Option<String>,
}

/// A session, without its hash: when it began and was last used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SessionTimes {
    /// Seconds since 1970.
    pub created: i64,
    /// Seconds since 1970.
    pub seen: i64,
}

impl Store {
    /// When `person` first came and the name they chose (not their
    /// account's, which is shown in its place elsewhere), or `None` if
    /// there is no such person.
    pub async fn person_row(
        &self,
        person: &PersonId,
    ) -> Result<Option<(i64, Option<String>)>, StoreError> {
        let row = sqlx::query("SELECT created, name FROM people WHERE id = $1")
            .bind(person.as_str())
            .fetch_optional(self.reader())
            .await?;
        row.map(|r| Ok((int(&r, 0, "(person)")?, maybe_text(&r, 1, "(person)")?)))
            .transpose()
    }

    /// Every chat line `person` wrote, oldest first.
    pub async fn lines_by(&self, person: &PersonId) -> Result<Vec<AuthoredLine>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, number, at, room, preset, body FROM chat_lines \
             WHERE person_id = $1 ORDER BY at, game_id, number",
        )
        .bind(person.as_str())
        .fetch_all(self.reader())
        .await?;
        rows.iter()
            .map(|r| {
                let w = "(chat)";
                Ok(AuthoredLine {
                    game: game_id(r, 0, w)?,
                    number: int(r, 1, w)? as u64,
                    at: int(r, 2, w)?,
                    room: text(r, 3, w)?,
                    preset: maybe_text(r, 4, w)?,
                    text: maybe_text(r, 5, w)?,
                })
            })
            .collect()
    }

    /// `person`'s sessions, oldest first: their times only.
    pub async fn sessions_of(&self, person: &PersonId) -> Result<Vec<SessionTimes>, StoreError> {
        let rows =
            sqlx::query("SELECT created, seen FROM sessions WHERE person_id = $1 ORDER BY created")
                .bind(person.as_str())
                .fetch_all(self.reader())
                .await?;
        rows.iter()
            .map(|r| {
                Ok(SessionTimes {
                    created: int(r, 0, "(session)")?,
                    seen: int(r, 1, "(session)")?,
                })
            })
            .collect()
    }
}
