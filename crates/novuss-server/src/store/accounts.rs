//! Accounts and their sessions (migration `0003_accounts.sql`). Passwords
//! arrive here already hashed (Argon2id), session secrets as SHA-256.
//!
//! Every change is one transaction on the one writing connection, so a
//! check and the write it guards (a name still free, a person without an
//! account) cannot be split by another writer.

use novuss_core::PlayerId;
use sqlx::AnyConnection;

use super::error::StoreError;
use super::handle::Store;
use super::postgres::Notice;
use super::read::{game_id, person_id, player_id, readable, text};
use crate::ids::{GameId, PersonId};

/// An account as stored.
#[derive(Clone, PartialEq, Eq)]
pub struct AccountRow {
    /// The person it belongs to.
    pub person: PersonId,
    /// The user name as its owner wrote it.
    pub username: String,
    /// The password's Argon2id PHC string.
    pub password_hash: String,
}

// The hash is not a secret in the way a password is, but it has no place
// in a log either.
impl std::fmt::Debug for AccountRow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountRow")
            .field("person", &self.person)
            .field("username", &self.username)
            .finish_non_exhaustive()
    }
}

/// A new account to store.
pub struct NewAccount<'a> {
    /// The person who becomes the account.
    pub person: &'a PersonId,
    /// Whether that person is new too (a visitor with no person yet): then
    /// their row is stored in the same transaction.
    pub new_person: bool,
    /// The user name as written.
    pub username: &'a str,
    /// The user name case-folded, unique.
    pub username_key: &'a str,
    /// The password's PHC string.
    pub password_hash: &'a str,
    /// The hash of the secret of the session the account starts with.
    pub session_hash: &'a str,
    /// Now, seconds since 1970.
    pub now: i64,
}

/// What storing a new account did.
#[derive(Debug, PartialEq, Eq)]
pub enum Registered {
    /// Stored: the person's earlier sessions (their hashes) are ended, and
    /// the new one is theirs.
    Done {
        /// The sessions ended.
        ended: Vec<String>,
    },
    /// Another account has that user name.
    NameTaken,
    /// The person has an account already.
    AlreadyAccount,
}

/// What signing in did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct SignedIn {
    /// The device's earlier session, ended, if it had one.
    pub ended: Option<String>,
    /// The seats (game, player) moved from the device's anonymous person to
    /// the account.
    pub moved: Vec<(GameId, PlayerId)>,
    /// Whether rated results moved with them: the ratings must be rebuilt
    /// (the ratings' `rerate`).
    pub rated: bool,
}

impl Store {
    /// The account of `person`, if they have one.
    pub async fn account(&self, person: &PersonId) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(
            "SELECT person_id, username, password_hash FROM accounts WHERE person_id = $1",
        )
        .bind(person.as_str())
        .fetch_optional(self.reader())
        .await?;
        row.map(|r| account_row(&r)).transpose()
    }

    /// The account whose case-folded user name is `key`, if any.
    pub async fn account_named(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(
            "SELECT person_id, username, password_hash FROM accounts WHERE username_key = $1",
        )
        .bind(key)
        .fetch_optional(self.reader())
        .await?;
        row.map(|r| account_row(&r)).transpose()
    }

    /// Stores an account, ending every earlier session of its person and
    /// starting the new one (a fresh secret: a session someone else might
    /// have planted before does not become an account's).
    pub async fn register(&self, a: &NewAccount<'_>) -> Result<Registered, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let taken = sqlx::query("SELECT 1 FROM accounts WHERE username_key = $1")
                .bind(a.username_key)
                .fetch_optional(&mut *tx)
                .await?;
            if taken.is_some() {
                return Ok(Registered::NameTaken);
            }
            if a.new_person {
                sqlx::query("INSERT INTO people (id, name, created) VALUES ($1, NULL, $2)")
                    .bind(a.person.as_str())
                    .bind(a.now)
                    .execute(&mut *tx)
                    .await?;
            } else {
                let has = sqlx::query("SELECT 1 FROM accounts WHERE person_id = $1")
                    .bind(a.person.as_str())
                    .fetch_optional(&mut *tx)
                    .await?;
                if has.is_some() {
                    return Ok(Registered::AlreadyAccount);
                }
            }
            sqlx::query(
                "INSERT INTO accounts (person_id, username, username_key, password_hash, created) \
                 VALUES ($1, $2, $3, $4, $5)",
            )
            .bind(a.person.as_str())
            .bind(a.username)
            .bind(a.username_key)
            .bind(a.password_hash)
            .bind(a.now)
            .execute(&mut *tx)
            .await?;
            let ended = end_sessions_except(&mut tx, a.person.as_str(), None).await?;
            insert_session(&mut tx, a.session_hash, a.person.as_str(), a.now).await?;
            tx.commit().await?;
            Ok(Registered::Done { ended })
        }
        .await;
        self.settle(conn, result).await
    }

    /// A new session for `person` (whose password was checked). The
    /// device's earlier session `previous` (a hash) ends; if it was an
    /// anonymous person's (no account) other than `person`, that person's
    /// seats move to `person`, except in games where `person` holds a seat
    /// already (one person may not hold both sides of a game by accident
    /// of signing in; those seats stay where they were).
    pub async fn sign_in(
        &self,
        person: &PersonId,
        session_hash: &str,
        previous: Option<&str>,
        now: i64,
    ) -> Result<SignedIn, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let mut done = SignedIn::default();
            if let Some(prev) = previous {
                let row = sqlx::query("SELECT person_id FROM sessions WHERE token_hash = $1")
                    .bind(prev)
                    .fetch_optional(&mut *tx)
                    .await?;
                if let Some(row) = row {
                    let before = text(&row, 0, "(session)")?;
                    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
                        .bind(prev)
                        .execute(&mut *tx)
                        .await?;
                    done.ended = Some(prev.to_owned());
                    let anonymous = sqlx::query("SELECT 1 FROM accounts WHERE person_id = $1")
                        .bind(&before)
                        .fetch_optional(&mut *tx)
                        .await?
                        .is_none();
                    if anonymous && before != person.as_str() {
                        (done.moved, done.rated) =
                            move_seats(&mut tx, &before, person.as_str()).await?;
                        for (game, _) in &done.moved {
                            let game = game.clone();
                            self.notice(&mut tx, &Notice::Seats { game }).await?;
                        }
                    }
                }
            }
            insert_session(&mut tx, session_hash, person.as_str(), now).await?;
            tx.commit().await?;
            Ok(done)
        }
        .await;
        self.settle(conn, result).await
    }

    /// Ends the session whose secret hashes to `session_hash`: `true` if
    /// there was one.
    pub async fn end_session(&self, session_hash: &str) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(session_hash)
            .execute(&mut *conn)
            .await
            .map(|r| r.rows_affected() == 1)
            .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// Sets `person`'s password hash and ends every session of theirs but
    /// `keep`: the hashes of the sessions ended. `None` if they have no
    /// account.
    pub async fn set_password(
        &self,
        person: &PersonId,
        password_hash: &str,
        keep: &str,
    ) -> Result<Option<Vec<String>>, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let changed =
                sqlx::query("UPDATE accounts SET password_hash = $1 WHERE person_id = $2")
                    .bind(password_hash)
                    .bind(person.as_str())
                    .execute(&mut *tx)
                    .await?;
            if changed.rows_affected() != 1 {
                return Ok(None);
            }
            let ended = end_sessions_except(&mut tx, person.as_str(), Some(keep)).await?;
            tx.commit().await?;
            Ok(Some(ended))
        }
        .await;
        self.settle(conn, result).await
    }
}

fn account_row(r: &sqlx::any::AnyRow) -> Result<AccountRow, StoreError> {
    Ok(AccountRow {
        person: person_id(r, 0, "(account)")?,
        username: text(r, 1, "(account)")?,
        password_hash: text(r, 2, "(account)")?,
    })
}

async fn insert_session(
    conn: &mut AnyConnection,
    session_hash: &str,
    person: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO sessions (token_hash, person_id, created, seen) VALUES ($1, $2, $3, $4)",
    )
    .bind(session_hash)
    .bind(person)
    .bind(now)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// Deletes `person`'s sessions but `keep`; returns the hashes deleted, for
/// the cache to forget.
pub(super) async fn end_sessions_except(
    conn: &mut AnyConnection,
    person: &str,
    keep: Option<&str>,
) -> Result<Vec<String>, StoreError> {
    let rows = sqlx::query("SELECT token_hash FROM sessions WHERE person_id = $1")
        .bind(person)
        .fetch_all(&mut *conn)
        .await?;
    let mut ended = Vec::new();
    for r in &rows {
        let hash = text(r, 0, "(session)")?;
        if Some(hash.as_str()) != keep {
            ended.push(hash);
        }
    }
    for hash in &ended {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(hash)
            .execute(&mut *conn)
            .await?;
    }
    Ok(ended)
}

/// Moves `from`'s seats to `to` in the games where `to` holds none, and
/// with them the rated results of those seats (a result belongs to the
/// seat it was played from); returns the seats moved, and whether any
/// rated result moved. The people are as stored: the device's person was
/// read from its session row. A moved seat whose game or player cannot
/// be read moves all the same, and is left out of what is returned (and
/// logged): no game in memory can be one of it.
async fn move_seats(
    conn: &mut AnyConnection,
    from: &str,
    to: &str,
) -> Result<(Vec<(GameId, PlayerId)>, bool), StoreError> {
    let rows = sqlx::query(
        "SELECT game_id, player FROM seats s WHERE person_id = $1 AND NOT EXISTS \
         (SELECT 1 FROM seats t WHERE t.game_id = s.game_id AND t.person_id = $2)",
    )
    .bind(from)
    .bind(to)
    .fetch_all(&mut *conn)
    .await?;
    let mut stored = Vec::with_capacity(rows.len());
    for r in &rows {
        let game = text(r, 0, "(seat)")?;
        let player = super::read::int(r, 1, &game)?;
        stored.push((game, player));
    }
    for (game, player) in &stored {
        sqlx::query("UPDATE seats SET person_id = $1 WHERE game_id = $2 AND player = $3")
            .bind(to)
            .bind(game)
            .bind(*player)
            .execute(&mut *conn)
            .await?;
    }
    let mut rated = false;
    for (game, player) in &stored {
        let results = sqlx::query(
            "UPDATE rating_changes SET person_id = $1 WHERE game_id = $2 AND player = $3",
        )
        .bind(to)
        .bind(game)
        .bind(*player)
        .execute(&mut *conn)
        .await?;
        rated |= results.rows_affected() > 0;
    }
    let moved = readable(
        rows.iter().map(|r| {
            let game = game_id(r, 0, "(seat)")?;
            Ok((game.clone(), player_id(r, 1, game.as_str())?))
        }),
        "the seats moved at a sign-in",
    );
    Ok((moved, rated))
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn person(store: &Store, id: &PersonId, session: &str) {
        store.create_person(id, session, 1).await.unwrap();
    }

    fn account<'a>(person: &'a PersonId, name: &'a str, session: &'a str) -> NewAccount<'a> {
        NewAccount {
            person,
            new_person: false,
            username: name,
            username_key: name,
            password_hash: "$argon2id$x",
            session_hash: session,
            now: 2,
        }
    }

    #[tokio::test]
    async fn a_name_and_a_person_have_one_account_each() {
        let store = Store::memory().await.unwrap();
        let (a, b) = (PersonId::random(), PersonId::random());
        person(&store, &a, "s1").await;
        person(&store, &b, "s2").await;
        let done = store.register(&account(&a, "anna", "s3")).await.unwrap();
        assert_eq!(
            done,
            Registered::Done {
                ended: vec!["s1".into()]
            }
        );
        assert_eq!(store.session("s1").await.unwrap(), None);
        assert!(store.session("s3").await.unwrap().is_some());
        assert_eq!(
            store.register(&account(&b, "anna", "s4")).await.unwrap(),
            Registered::NameTaken
        );
        assert_eq!(
            store.register(&account(&a, "other", "s5")).await.unwrap(),
            Registered::AlreadyAccount
        );
        assert_eq!(store.session("s4").await.unwrap(), None);
        let row = store.account_named("anna").await.unwrap().unwrap();
        assert_eq!(row.person, a);
        assert!(!format!("{row:?}").contains("argon2"));
    }
}
