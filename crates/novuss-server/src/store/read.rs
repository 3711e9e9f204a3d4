//! Reading a row's columns: each value is checked as it leaves the
//! database, into the type the rest of the server uses (a [`GameId`], a
//! [`PersonId`], a [`PlayerId`], a [`Format`]), so that no caller parses
//! stored text again. A value that cannot be read is
//! [`StoreError::Damaged`], naming the column and what it held.
//!
//! A list that its callers always read past its damaged rows (the games
//! listed, the chat's lines, a person's ratings) leaves such a row out
//! through [`readable`], and logs it.

use novuss_core::{Format, PlayerId};
use sqlx::any::AnyRow;
use sqlx::Row;

use super::error::StoreError;
use crate::glicko::Outcome;
use crate::ids::{GameId, PersonId};

/// Column `k` as an integer; a value of another type is damage.
pub(super) fn int(r: &AnyRow, k: usize, game: &str) -> Result<i64, StoreError> {
    r.try_get::<i64, _>(k).map_err(|e| damaged(game, k, &e))
}

/// Column `k` as text; a value of another type or not UTF-8 is damage.
pub(super) fn text(r: &AnyRow, k: usize, game: &str) -> Result<String, StoreError> {
    r.try_get::<String, _>(k).map_err(|e| damaged(game, k, &e))
}

/// Column `k` as a float; a value of another type is damage.
pub(super) fn real(r: &AnyRow, k: usize, game: &str) -> Result<f64, StoreError> {
    r.try_get::<f64, _>(k).map_err(|e| damaged(game, k, &e))
}

/// Column `k` as text or NULL.
pub(super) fn maybe_text(r: &AnyRow, k: usize, game: &str) -> Result<Option<String>, StoreError> {
    r.try_get::<Option<String>, _>(k)
        .map_err(|e| damaged(game, k, &e))
}

/// Column `k` as an integer or NULL.
pub(super) fn maybe_int(r: &AnyRow, k: usize, game: &str) -> Result<Option<i64>, StoreError> {
    r.try_get::<Option<i64>, _>(k)
        .map_err(|e| damaged(game, k, &e))
}

/// Column `k` as a game's id.
pub(super) fn game_id(r: &AnyRow, k: usize, game: &str) -> Result<GameId, StoreError> {
    let t = text(r, k, game)?;
    GameId::parse(&t).map_err(|_| unreadable(game, k, &t, "a game's id"))
}

/// Column `k` as a person's id.
pub(super) fn person_id(r: &AnyRow, k: usize, game: &str) -> Result<PersonId, StoreError> {
    let t = text(r, k, game)?;
    PersonId::parse(&t).ok_or_else(|| unreadable(game, k, &t, "a person's id"))
}

/// Column `k` as a person's id or NULL (a seat nobody holds yet).
pub(super) fn maybe_person_id(
    r: &AnyRow,
    k: usize,
    game: &str,
) -> Result<Option<PersonId>, StoreError> {
    match maybe_text(r, k, game)? {
        None => Ok(None),
        Some(t) => PersonId::parse(&t)
            .map(Some)
            .ok_or_else(|| unreadable(game, k, &t, "a person's id")),
    }
}

/// Column `k` as a player of a game's set-up: an index from 0.
pub(super) fn player_id(r: &AnyRow, k: usize, game: &str) -> Result<PlayerId, StoreError> {
    let n = int(r, k, game)?;
    usize::try_from(n)
        .map(PlayerId)
        .map_err(|_| unreadable(game, k, &n.to_string(), "a player"))
}

/// A player as stored: its index.
pub(super) fn player_column(player: PlayerId) -> i64 {
    // A set-up has four players at most: the index always fits.
    player.index() as i64
}

/// Column `k` as a format, by its name (`singles`, `doubles`,
/// `four_player`).
pub(super) fn format(r: &AnyRow, k: usize, game: &str) -> Result<Format, StoreError> {
    let t = text(r, k, game)?;
    t.parse()
        .map_err(|_| unreadable(game, k, &t, "a format's name"))
}

/// Column `k` as a match's result for one side (`win`, `draw`, `loss`).
pub(super) fn outcome(r: &AnyRow, k: usize, game: &str) -> Result<Outcome, StoreError> {
    let t = text(r, k, game)?;
    Outcome::parse(&t).ok_or_else(|| unreadable(game, k, &t, "a result"))
}

fn damaged(game: &str, column: usize, e: &sqlx::Error) -> StoreError {
    StoreError::Damaged {
        game: game.to_owned(),
        what: format!("column {column}: {e}"),
    }
}

fn unreadable(game: &str, column: usize, value: &str, wanted: &str) -> StoreError {
    StoreError::Damaged {
        game: game.to_owned(),
        what: format!("column {column}: {value:?} is not {wanted}"),
    }
}

/// The rows of a list that could be read: one that cannot is logged and
/// left out, so that one damaged row never hides the others.
pub(super) fn readable<T>(
    rows: impl IntoIterator<Item = Result<T, StoreError>>,
    list: &str,
) -> Vec<T> {
    rows.into_iter()
        .filter_map(|row| match row {
            Ok(row) => Some(row),
            Err(e) => {
                tracing::error!("a row left out of {list}: {e}");
                None
            }
        })
        .collect()
}
