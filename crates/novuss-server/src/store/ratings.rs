//! Ratings: the current rating per person and format, and one row per
//! rated game and person (migration `0004_ratings.sql`). The arithmetic
//! is the ratings module's; here are only the rows.

use novuss_core::{Format, PlayerId};
use sqlx::any::AnyRow;
use sqlx::Row;

use super::error::StoreError;
use super::handle::Store;
use super::people::Shown;
use super::read::{
    format, game_id, int, maybe_int, maybe_text, outcome, person_id, player_column, player_id,
    readable, real,
};
use super::rows::{game_row, GameRow};
use crate::glicko::{Outcome, Rating};
use crate::ids::{GameId, PersonId};

/// A person's rating in one format now, as stored.
#[derive(Clone, PartialEq)]
pub struct CurrentRow {
    /// The person.
    pub person: PersonId,
    /// The format.
    pub format: Format,
    /// The rating after their last rated game.
    pub rating: Rating,
    /// Rated games played in the format.
    pub games: u64,
    /// When the last one ended.
    pub at: i64,
}

/// One rated game of one person, as stored.
#[derive(Clone, PartialEq)]
pub struct ChangeRow {
    /// The order the game was settled in.
    pub seq: i64,
    /// The game.
    pub game: GameId,
    /// The person.
    pub person: PersonId,
    /// Their player in the game's set-up.
    pub player: PlayerId,
    /// The format.
    pub format: Format,
    /// When the match ended.
    pub at: i64,
    /// Mean points against the opponents.
    pub score: f64,
    /// The match's result for them.
    pub result: Outcome,
    /// The rating the update started from.
    pub before: Rating,
    /// The rating it left.
    pub after: Rating,
}

// A row is shown with its values as stored (ids and names as text, the
// player as its number): `novuss ratings recompute` prints a stored row
// and its recomputed one side by side, and has always printed them so.
impl std::fmt::Debug for CurrentRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CurrentRow")
            .field("person", &self.person.as_str())
            .field("format", &self.format.name())
            .field("rating", &self.rating)
            .field("games", &self.games)
            .field("at", &self.at)
            .finish()
    }
}

impl std::fmt::Debug for ChangeRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ChangeRow")
            .field("seq", &self.seq)
            .field("game", &self.game.as_str())
            .field("person", &self.person.as_str())
            .field("player", &self.player.index())
            .field("format", &self.format.name())
            .field("at", &self.at)
            .field("score", &self.score)
            .field("result", &self.result.name())
            .field("before", &self.before)
            .field("after", &self.after)
            .finish()
    }
}

/// The rows settling one game adds.
#[derive(Clone, Debug)]
pub struct Settled {
    /// One per person, in player order.
    pub changes: Vec<ChangeRow>,
}

const CHANGE_COLUMNS: &str = "seq, game_id, person_id, player, format, at, score, result, \
     rating_before, deviation_before, volatility_before, rating_after, deviation_after, volatility_after";

fn change_row(r: &AnyRow) -> Result<ChangeRow, StoreError> {
    let game = game_id(r, 1, "(rating)")?;
    let g = game.as_str();
    Ok(ChangeRow {
        seq: int(r, 0, g)?,
        person: person_id(r, 2, g)?,
        player: player_id(r, 3, g)?,
        format: format(r, 4, g)?,
        at: int(r, 5, g)?,
        score: real(r, 6, g)?,
        result: outcome(r, 7, g)?,
        before: Rating {
            rating: real(r, 8, g)?,
            deviation: real(r, 9, g)?,
            volatility: real(r, 10, g)?,
        },
        after: Rating {
            rating: real(r, 11, g)?,
            deviation: real(r, 12, g)?,
            volatility: real(r, 13, g)?,
        },
        game,
    })
}

fn current_row(r: &AnyRow) -> Result<CurrentRow, StoreError> {
    let w = "(rating)";
    Ok(CurrentRow {
        person: person_id(r, 0, w)?,
        format: format(r, 1, w)?,
        rating: Rating {
            rating: real(r, 2, w)?,
            deviation: real(r, 3, w)?,
            volatility: real(r, 4, w)?,
        },
        games: int(r, 5, w)? as u64,
        at: int(r, 6, w)?,
    })
}

const CURRENT_COLUMNS: &str = "person_id, format, rating, deviation, volatility, games, at";

async fn insert_change(conn: &mut sqlx::AnyConnection, c: &ChangeRow) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "INSERT INTO rating_changes ({CHANGE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)"
    ))
    .bind(c.seq)
    .bind(c.game.as_str())
    .bind(c.person.as_str())
    .bind(player_column(c.player))
    .bind(c.format.name())
    .bind(c.at)
    .bind(c.score)
    .bind(c.result.name())
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

async fn put_current(conn: &mut sqlx::AnyConnection, c: &CurrentRow) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO ratings (person_id, format, rating, deviation, volatility, games, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (person_id, format) DO UPDATE SET rating = excluded.rating, \
         deviation = excluded.deviation, volatility = excluded.volatility, \
         games = excluded.games, at = excluded.at",
    )
    .bind(c.person.as_str())
    .bind(c.format.name())
    .bind(c.rating.rating)
    .bind(c.rating.deviation)
    .bind(c.rating.volatility)
    .bind(c.games as i64)
    .bind(c.at)
    .execute(conn)
    .await
    .map(drop)
}

impl Store {
    /// Settles game `game` once: in one transaction, unless the game has
    /// rating rows already (then `Ok(false)`), reads the current ratings
    /// of `people` in `format`, hands them to `rate` (in `people`'s order;
    /// `None` for a first rated game) with the next order number, and
    /// stores the rows it returns and the new current ratings.
    pub async fn settle_ratings(
        &self,
        game: &GameId,
        format: Format,
        people: &[PersonId],
        rate: impl FnOnce(i64, &[Option<CurrentRow>]) -> Settled,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            self.lock_ratings(&mut tx).await?;
            let done = sqlx::query("SELECT 1 FROM rating_changes WHERE game_id = $1 LIMIT 1")
                .bind(game.as_str())
                .fetch_optional(&mut *tx)
                .await?;
            if done.is_some() {
                return Ok(false);
            }
            let mut now = Vec::with_capacity(people.len());
            for p in people {
                let row = sqlx::query(&format!(
                    "SELECT {CURRENT_COLUMNS} FROM ratings WHERE person_id = $1 AND format = $2"
                ))
                .bind(p.as_str())
                .bind(format.name())
                .fetch_optional(&mut *tx)
                .await?;
                now.push(row.as_ref().map(current_row).transpose()?);
            }
            let seq: i64 = sqlx::query("SELECT COALESCE(MAX(seq), 0) + 1 FROM rating_changes")
                .fetch_one(&mut *tx)
                .await?
                .try_get(0)?;
            let settled = rate(seq, &now);
            for (c, before) in settled.changes.iter().zip(&now) {
                insert_change(&mut tx, c).await?;
                let current = CurrentRow {
                    person: c.person.clone(),
                    format: c.format,
                    rating: c.after,
                    games: before.as_ref().map_or(0, |b| b.games) + 1,
                    at: c.at,
                };
                put_current(&mut tx, &current).await?;
            }
            tx.commit().await?;
            Ok(true)
        }
        .await;
        self.settle(conn, result).await
    }

    /// Finished games with no rating rows that may be rated, in the order
    /// they finished: those a restart must settle (the caller decides from
    /// the set-up and result which are).
    pub async fn unsettled(&self) -> Result<Vec<GameRow>, StoreError> {
        // A set-up is written with `"rated":true` only when it is rated
        // (the game's set-up skips a false one), so the start-up does
        // not read every finished casual game's set-up each time.
        let rows = sqlx::query(
            "SELECT id, created, updated, setup, event, over, summary, turn_at FROM games g \
             WHERE over = 1 AND setup LIKE '%\"rated\":true%' \
             AND NOT EXISTS (SELECT 1 FROM rating_changes c WHERE c.game_id = g.id) \
             ORDER BY updated, created, id",
        )
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(|r| game_row(r, "(unsettled)")).collect()
    }

    /// Every rating change, in the order they were settled.
    pub async fn rating_changes(&self) -> Result<Vec<ChangeRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_changes ORDER BY seq, player"
        ))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(change_row).collect()
    }

    /// The rating changes game `id` made, in player order, each with how
    /// many rated games of its format the person had played before it
    /// (whether the rating it started from was still provisional).
    pub async fn game_changes(&self, id: &GameId) -> Result<Vec<(ChangeRow, u64)>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {CHANGE_COLUMNS}, (SELECT COUNT(*) FROM rating_changes b \
             WHERE b.person_id = c.person_id AND b.format = c.format AND b.seq < c.seq) \
             FROM rating_changes c WHERE game_id = $1 ORDER BY player"
        ))
        .bind(id.as_str())
        .fetch_all(self.reader())
        .await?;
        rows.iter()
            .map(|r| Ok((change_row(r)?, int(r, 14, id.as_str())?.max(0) as u64)))
            .collect()
    }

    /// A person's rating changes, oldest first.
    pub async fn changes_of(&self, person: &PersonId) -> Result<Vec<ChangeRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE person_id = $1 ORDER BY seq"
        ))
        .bind(person.as_str())
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(change_row).collect()
    }

    /// The other people of every rated game `person` played, in each
    /// game's player order: (game, their player, them, their name).
    pub async fn others_of(
        &self,
        person: &PersonId,
    ) -> Result<Vec<(GameId, PlayerId, PersonId, Shown)>, StoreError> {
        let rows = sqlx::query(concat!(
            "SELECT c.game_id, c.player, c.person_id, ",
            shown_name!(),
            ", p.forgotten FROM rating_changes c \
             JOIN rating_changes m ON m.game_id = c.game_id AND m.person_id = $1 \
             JOIN people p ON p.id = c.person_id ",
            account_of_p!(),
            " WHERE c.person_id <> $1 ORDER BY c.seq, c.player"
        ))
        .bind(person.as_str())
        .fetch_all(self.reader())
        .await?;
        rows.iter()
            .map(|r| {
                let game = game_id(r, 0, "(rating)")?;
                let g = game.as_str().to_owned();
                let player = player_id(r, 1, &g)?;
                let them = person_id(r, 2, &g)?;
                let shown = Shown {
                    name: maybe_text(r, 3, &g)?,
                    forgotten: maybe_int(r, 4, &g)?.is_some(),
                };
                Ok((game, player, them, shown))
            })
            .collect()
    }

    /// Every current rating.
    pub async fn current_ratings(&self) -> Result<Vec<CurrentRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {CURRENT_COLUMNS} FROM ratings ORDER BY person_id, format"
        ))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(current_row).collect()
    }

    /// A person's current ratings. One in a format this server does not
    /// know is left out (and logged), as their page and the lobby always
    /// left it.
    pub async fn ratings_of(&self, person: &PersonId) -> Result<Vec<CurrentRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {CURRENT_COLUMNS} FROM ratings WHERE person_id = $1 ORDER BY format"
        ))
        .bind(person.as_str())
        .fetch_all(self.reader())
        .await?;
        Ok(readable(rows.iter().map(current_row), "a person's ratings"))
    }

    /// The ratings of `format` with less than `deviation` stored and at
    /// least `games` games, best first, with each person's name.
    pub async fn leaderboard(
        &self,
        format: Format,
        deviation: f64,
        games: u64,
        limit: u32,
    ) -> Result<Vec<(CurrentRow, Option<String>)>, StoreError> {
        const SETTLED: &str = "r.deviation < $2 AND r.games >= $3";
        self.board(SETTLED, format, deviation, games, limit).await
    }

    /// The ratings of `format` that [`Store::leaderboard`] leaves out (a
    /// deviation of `deviation` or more stored, or fewer than `games`
    /// games), best first, with each person's name: the provisional
    /// players.
    pub async fn provisional_board(
        &self,
        format: Format,
        deviation: f64,
        games: u64,
        limit: u32,
    ) -> Result<Vec<(CurrentRow, Option<String>)>, StoreError> {
        const PROVISIONAL: &str = "(r.deviation >= $2 OR r.games < $3)";
        self.board(PROVISIONAL, format, deviation, games, limit)
            .await
    }

    /// The ratings of `format` that `which` (a condition on `$2`, the
    /// deviation, and `$3`, the games) selects, best first, with each
    /// person's name: one of the leaderboard's two tables.
    async fn board(
        &self,
        which: &'static str,
        format: Format,
        deviation: f64,
        games: u64,
        limit: u32,
    ) -> Result<Vec<(CurrentRow, Option<String>)>, StoreError> {
        let statement = format!(
            concat!(
                "SELECT r.person_id, r.format, r.rating, r.deviation, r.volatility, r.games, r.at, ",
                shown_name!(),
                " FROM ratings r JOIN people p ON p.id = r.person_id ",
                account_of_p!(),
                // One who was forgotten plays no more: their rating stays
                // in their opponents' histories, off the list.
                " WHERE r.format = $1 AND p.forgotten IS NULL AND {} \
                 ORDER BY r.rating DESC, r.person_id LIMIT $4"
            ),
            which
        );
        let rows = sqlx::query(&statement)
            .bind(format.name())
            .bind(deviation)
            .bind(games as i64)
            .bind(i64::from(limit))
            .fetch_all(self.reader())
            .await?;
        rows.iter()
            .map(|r| Ok((current_row(r)?, maybe_text(r, 7, "(rating)")?)))
            .collect()
    }

    /// The games `person` holds a seat of that `viewer` may see (public
    /// ones, and any `viewer` holds a seat of too), newest first.
    pub async fn games_of(
        &self,
        person: &PersonId,
        viewer: Option<&PersonId>,
        limit: u32,
    ) -> Result<Vec<GameRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, created, updated, setup, event, over, summary, turn_at FROM games g \
             WHERE EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.person_id = $1) \
             AND (public = 1 OR EXISTS (SELECT 1 FROM seats v WHERE v.game_id = g.id AND v.person_id = $2)) \
             ORDER BY updated DESC, created DESC LIMIT $3",
        )
        .bind(person.as_str())
        .bind(viewer.map(PersonId::as_str))
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(|r| game_row(r, "(player)")).collect()
    }

    /// Whether `viewer` may see game `game`: it is public, or they hold
    /// one of its seats.
    pub async fn visible(
        &self,
        game: &GameId,
        viewer: Option<&PersonId>,
    ) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 FROM games g WHERE id = $1 AND (public = 1 OR \
             EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.person_id = $2))",
        )
        .bind(game.as_str())
        .bind(viewer.map(PersonId::as_str))
        .fetch_optional(self.reader())
        .await?;
        Ok(row.is_some())
    }

    /// Makes the ratings the transaction `tx` is in reads and writes its
    /// own until it ends: settling a game and rebuilding the ratings read
    /// the current ratings and write new ones from them, so two at once
    /// would build on figures the other replaces. SQLite's one writing
    /// connection does so already; on PostgreSQL, several instances'
    /// writers take a lock in turn ([`Shared`](super::Shared)).
    async fn lock_ratings(&self, tx: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
        match self.shared() {
            Some(shared) => shared.lock_ratings(tx).await,
            None => Ok(()),
        }
    }

    /// As [`Store::rewrite_ratings`], but only if the rating changes are
    /// still `seen` (what the new figures were computed from): `false`,
    /// and nothing written, if another writer changed them meanwhile.
    pub async fn rewrite_ratings_if(
        &self,
        seen: &[ChangeRow],
        changes: &[ChangeRow],
        current: &[CurrentRow],
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            self.lock_ratings(&mut tx).await?;
            let rows = sqlx::query(&format!(
                "SELECT {CHANGE_COLUMNS} FROM rating_changes ORDER BY seq, player"
            ))
            .fetch_all(&mut *tx)
            .await?;
            let now = rows.iter().map(change_row).collect::<Result<Vec<_>, _>>()?;
            if now != seen {
                return Ok(false);
            }
            replace_ratings(&mut tx, changes, current).await?;
            tx.commit().await?;
            Ok(true)
        }
        .await;
        self.settle(conn, result).await
    }

    /// Replaces every rating change's figures and every current rating
    /// with `changes` and `current`, in one transaction (`novuss ratings
    /// recompute --write`).
    pub async fn rewrite_ratings(
        &self,
        changes: &[ChangeRow],
        current: &[CurrentRow],
    ) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            self.lock_ratings(&mut tx).await?;
            replace_ratings(&mut tx, changes, current).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        self.settle(conn, result).await
    }
}

/// Replaces every rating change and current rating, in the transaction
/// `tx` is in.
async fn replace_ratings(
    tx: &mut sqlx::AnyConnection,
    changes: &[ChangeRow],
    current: &[CurrentRow],
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM rating_changes")
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM ratings").execute(&mut *tx).await?;
    for c in changes {
        insert_change(&mut *tx, c).await?;
    }
    for c in current {
        put_current(&mut *tx, c).await?;
    }
    Ok(())
}
