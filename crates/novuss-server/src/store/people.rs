//! People, their sessions and the seats they hold (migration
//! `0002_people.sql`). Secrets arrive here already hashed.

use novuss_core::PlayerId;

use super::error::StoreError;
use super::handle::Store;
use super::postgres::Notice;
use super::read::{
    game_id, maybe_int, maybe_person_id, maybe_text, person_id, player_column, player_id,
};
use super::rows::{insert_seat, SeatRow};
use crate::ids::{GameId, PersonId};

/// How a person is named wherever they appear.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shown {
    /// The name they go by (`None`: they chose none and have no account).
    pub name: Option<String>,
    /// They were forgotten at their request.
    pub forgotten: bool,
}

/// An invitation's seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    /// The game.
    pub game: GameId,
    /// The seat's player.
    pub player: PlayerId,
    /// Who took it, if anyone yet.
    pub holder: Option<PersonId>,
    /// Who made the game: the first seat held without an invitation.
    pub creator: Option<PersonId>,
}

/// What opening an invitation did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Joined {
    /// The seat is now the person's.
    Seated {
        /// The game.
        game: GameId,
        /// The player.
        player: PlayerId,
    },
    /// The person held it already (the link opened again by its taker).
    AlreadyYours {
        /// The game.
        game: GameId,
        /// The player.
        player: PlayerId,
    },
    /// The person holds another seat of the game: an invitation is for
    /// someone else (a creator at their own link would play both sides).
    AlreadySeated {
        /// The game.
        game: GameId,
    },
    /// Somebody else took it first.
    Taken {
        /// The game, to watch instead.
        game: GameId,
    },
    /// No seat has that invitation.
    Unknown,
}

impl Store {
    /// Stores a new person with their first session.
    pub async fn create_person(
        &self,
        person: &PersonId,
        token_hash: &str,
        now: i64,
    ) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            sqlx::query("INSERT INTO people (id, name, created) VALUES ($1, NULL, $2)")
                .bind(person.as_str())
                .bind(now)
                .execute(&mut *tx)
                .await?;
            sqlx::query(
                "INSERT INTO sessions (token_hash, person_id, created, seen) VALUES ($1, $2, $3, $4)",
            )
            .bind(token_hash)
            .bind(person.as_str())
            .bind(now)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        self.settle(conn, result).await
    }

    /// The person of the session whose secret hashes to `token_hash`.
    pub async fn session(&self, token_hash: &str) -> Result<Option<PersonId>, StoreError> {
        let row = sqlx::query("SELECT person_id FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .fetch_optional(self.reader())
            .await?;
        row.map(|r| person_id(&r, 0, "(session)")).transpose()
    }

    /// A person's display name (`None`: they chose none and have no
    /// account), or `None` if there is no such person. The name they
    /// chose, else their account's user name: one name per person,
    /// wherever they appear (issue 31, "Names").
    pub async fn person_name(
        &self,
        person: &PersonId,
    ) -> Result<Option<Option<String>>, StoreError> {
        let row = sqlx::query(concat!(
            "SELECT ",
            shown_name!(),
            " FROM people p ",
            account_of_p!(),
            " WHERE p.id = $1"
        ))
        .bind(person.as_str())
        .fetch_optional(self.reader())
        .await?;
        row.map(|r| maybe_text(&r, 0, "(person)")).transpose()
    }

    /// A person's display name and whether they were forgotten at their
    /// request (a forgotten person has no name: the pages word them as "a
    /// deleted player"), or `None` if there is no such person.
    pub async fn person_shown(&self, person: &PersonId) -> Result<Option<Shown>, StoreError> {
        let row = sqlx::query(concat!(
            "SELECT ",
            shown_name!(),
            ", p.forgotten FROM people p ",
            account_of_p!(),
            " WHERE p.id = $1"
        ))
        .bind(person.as_str())
        .fetch_optional(self.reader())
        .await?;
        row.map(|r| {
            Ok(Shown {
                name: maybe_text(&r, 0, "(person)")?,
                forgotten: maybe_int(&r, 1, "(person)")?.is_some(),
            })
        })
        .transpose()
    }

    /// Sets a person's display name; the other instances hear of it.
    pub async fn set_person_name(
        &self,
        person: &PersonId,
        name: Option<&str>,
    ) -> Result<(), StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            sqlx::query("UPDATE people SET name = $1 WHERE id = $2")
                .bind(name)
                .bind(person.as_str())
                .execute(&mut *tx)
                .await?;
            let notice = Notice::Renamed {
                person: person.clone(),
            };
            self.notice(&mut tx, &notice).await?;
            tx.commit().await?;
            Ok(())
        }
        .await;
        self.settle(conn, result).await
    }

    /// The display names of `people`, by id (those who chose one).
    pub async fn names(
        &self,
        people: &[PersonId],
    ) -> Result<Vec<(PersonId, Option<String>)>, StoreError> {
        let mut out = Vec::with_capacity(people.len());
        for p in people {
            if let Some(name) = self.person_name(p).await? {
                out.push((p.clone(), name));
            }
        }
        Ok(out)
    }

    /// A game's seat rows, by player. A seat whose holder's id cannot be
    /// read is left out (and logged): the game then has that seat
    /// unclaimed, as it always had.
    pub async fn seats(&self, game: &GameId) -> Result<Vec<SeatRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT player, person_id, invite_hash FROM seats WHERE game_id = $1 ORDER BY player",
        )
        .bind(game.as_str())
        .fetch_all(self.reader())
        .await?;
        let g = game.as_str();
        let mut seats = Vec::with_capacity(rows.len());
        for r in &rows {
            let player = player_id(r, 0, g)?;
            let person = match maybe_person_id(r, 1, g) {
                Ok(person) => person,
                Err(e) => {
                    tracing::error!("a seat left out: {e}");
                    continue;
                }
            };
            seats.push(SeatRow {
                player,
                person,
                invite_hash: maybe_text(r, 2, g)?,
            });
        }
        Ok(seats)
    }

    /// The seat whose invitation hashes to `invite_hash`, and who holds
    /// its game's seats: the seat's holder, if anyone took it yet, and the
    /// game's creator (the first seat held without an invitation), read
    /// in one statement.
    pub async fn invite(&self, invite_hash: &str) -> Result<Option<Invitation>, StoreError> {
        let row = sqlx::query(
            "SELECT s.game_id, s.player, s.person_id, \
                (SELECT c.person_id FROM seats c WHERE c.game_id = s.game_id \
                 AND c.person_id IS NOT NULL AND c.invite_hash IS NULL ORDER BY c.player LIMIT 1) \
             FROM seats s WHERE s.invite_hash = $1",
        )
        .bind(invite_hash)
        .fetch_optional(self.reader())
        .await?;
        row.map(|r| {
            let game = game_id(&r, 0, "(seat)")?;
            let player = player_id(&r, 1, game.as_str())?;
            let holder = maybe_person_id(&r, 2, game.as_str())?;
            let creator = maybe_person_id(&r, 3, game.as_str())?;
            Ok(Invitation {
                game,
                player,
                holder,
                creator,
            })
        })
        .transpose()
    }

    /// Gives `person` the seat whose invitation hashes to `invite_hash`,
    /// if nobody holds it yet and `person` holds no other seat of its
    /// game: the checks and the taking are one statement, so two people
    /// opening the link at once never both get it, and one person never
    /// gets two seats.
    pub async fn join(
        &self,
        invite_hash: &str,
        person: &PersonId,
        at_ms: i64,
    ) -> Result<Joined, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let row =
                sqlx::query("SELECT game_id, player, person_id FROM seats WHERE invite_hash = $1")
                    .bind(invite_hash)
                    .fetch_optional(&mut *conn)
                    .await?;
            let Some(row) = row else {
                return Ok(Joined::Unknown);
            };
            let game = game_id(&row, 0, "(seat)")?;
            let player = player_id(&row, 1, game.as_str())?;
            let holder = maybe_person_id(&row, 2, game.as_str())?;
            match holder {
                Some(h) if h == *person => return Ok(Joined::AlreadyYours { game, player }),
                Some(_) => return Ok(Joined::Taken { game }),
                None => {}
            }
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let moved = sqlx::query(
                "UPDATE seats SET person_id = $1 WHERE invite_hash = $2 AND person_id IS NULL \
                 AND NOT EXISTS (SELECT 1 FROM seats WHERE game_id = $3 AND person_id = $4)",
            )
            .bind(person.as_str())
            .bind(invite_hash)
            .bind(game.as_str())
            .bind(person.as_str())
            .execute(&mut *tx)
            .await?;
            // The game may begin now: its first turn (and stroke clock)
            // starts when its last seat is taken.
            if moved.rows_affected() == 1 {
                sqlx::query("UPDATE games SET turn_at = $1 WHERE id = $2")
                    .bind(at_ms)
                    .bind(game.as_str())
                    .execute(&mut *tx)
                    .await?;
                self.notice(&mut tx, &Notice::Seats { game: game.clone() })
                    .await?;
            }
            if moved.rows_affected() == 1 {
                tx.commit().await?;
                return Ok(Joined::Seated { game, player });
            }
            let mine = sqlx::query("SELECT 1 FROM seats WHERE game_id = $1 AND person_id = $2")
                .bind(game.as_str())
                .bind(person.as_str())
                .fetch_optional(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok(if mine.is_some() {
                Joined::AlreadySeated { game }
            } else {
                Joined::Taken { game }
            })
        }
        .await;
        self.settle(conn, result).await
    }

    /// A new invitation for a seat nobody holds yet: the old link stops
    /// working. `false` if the seat is held (or not a person's).
    pub async fn reinvite(
        &self,
        game: &GameId,
        player: PlayerId,
        invite_hash: &str,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "UPDATE seats SET invite_hash = $1 WHERE game_id = $2 AND player = $3 AND person_id IS NULL",
        )
        .bind(invite_hash)
        .bind(game.as_str())
        .bind(player_column(player))
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected() == 1)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// Gives `person` the `players` of a game that has no seat rows at all
    /// (one stored before there were people): whoever acts in it first
    /// holds it, as its creator would have. `false` if it has rows by now.
    pub async fn claim(
        &self,
        game: &GameId,
        players: &[PlayerId],
        person: &PersonId,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let any = sqlx::query("SELECT 1 FROM seats WHERE game_id = $1 LIMIT 1")
                .bind(game.as_str())
                .fetch_optional(&mut *tx)
                .await?;
            if any.is_some() {
                return Ok(false);
            }
            for p in players {
                insert_seat(
                    &mut tx,
                    game,
                    &SeatRow {
                        player: *p,
                        person: Some(person.clone()),
                        invite_hash: None,
                    },
                )
                .await?;
            }
            let game = game.clone();
            self.notice(&mut tx, &Notice::Seats { game }).await?;
            tx.commit().await?;
            Ok(true)
        }
        .await;
        self.settle(conn, result).await
    }
}
