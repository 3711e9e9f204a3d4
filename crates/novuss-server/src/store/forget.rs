//! Forgetting a person who asks for it (issue 34, "People's data is
//! theirs"; migration `0018_forgotten_people.sql`; docs/privacy.md).
//!
//! Their row stays, under the random id the games, rating changes and
//! competitions name, so that every replay and every opponent's rating
//! history still reads. What said who they were goes, in one
//! transaction: the name they chose, the account (user name and password
//! hash), every session, the words of their chat lines, the names typed
//! for their seats in the new-game form (the hub works those out: a
//! game's set-up is its type, not the store's), and the names on their
//! competition entries (`Entry::forgotten`): the change that entered
//! them is written again without it, so that the competition replays to
//! the same draw with "a deleted player" where they were.

use novuss_club::Change;
use novuss_core::PlayerId;
use sqlx::AnyConnection;

use super::accounts::end_sessions_except;
use super::competitions::json;
use super::error::StoreError;
use super::handle::Store;
use super::postgres::Notice;
use super::read::{game_id, int, player_id, text};
use crate::ids::{CompetitionId, GameId, PersonId};

/// A game whose seats a person holds, as forgetting them reads it.
#[derive(Clone, Debug)]
pub struct HeldGame {
    /// The game.
    pub id: GameId,
    /// Its set-up, as stored (JSON).
    pub setup: String,
    /// Whether it is over.
    pub over: bool,
    /// The players whose seats the person holds, in order.
    pub players: Vec<PlayerId>,
}

/// What forgetting a person changes.
#[derive(Clone, Copy, Debug)]
pub struct Forget<'a> {
    /// Who.
    pub person: &'a PersonId,
    /// When, seconds since 1970.
    pub at: i64,
    /// Games whose set-up is rewritten, without the names typed for the
    /// person's seats: `(game, set-up as JSON)`.
    pub setups: &'a [(GameId, String)],
}

/// What forgetting a person took away that servers hold in memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Forgotten {
    /// The hashes of the sessions that ended.
    pub sessions: Vec<String>,
    /// The games in which chat lines of theirs lost their words.
    pub chats: Vec<GameId>,
    /// The competitions whose entries of theirs lost their names.
    pub competitions: Vec<CompetitionId>,
}

impl Store {
    /// The games whose seats `person` holds, by game.
    pub async fn held_games(&self, person: &PersonId) -> Result<Vec<HeldGame>, StoreError> {
        let rows = sqlx::query(
            "SELECT g.id, g.setup, g.over, s.player FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE s.person_id = $1 ORDER BY g.id, s.player",
        )
        .bind(person.as_str())
        .fetch_all(self.reader())
        .await?;
        let mut out: Vec<HeldGame> = Vec::new();
        for r in &rows {
            let id = game_id(r, 0, "(held)")?;
            let player = player_id(r, 3, id.as_str())?;
            match out.last_mut() {
                Some(last) if last.id == id => last.players.push(player),
                _ => {
                    let setup = text(r, 1, id.as_str())?;
                    let over = int(r, 2, id.as_str())? != 0;
                    out.push(HeldGame {
                        id,
                        setup,
                        over,
                        players: vec![player],
                    });
                }
            }
        }
        Ok(out)
    }

    /// Forgets `f.person`: `None` if there is no such person or they were
    /// forgotten already (nothing is changed then).
    pub async fn forget_person(&self, f: &Forget<'_>) -> Result<Option<Forgotten>, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let who = f.person.as_str();
            let marked = sqlx::query(
                "UPDATE people SET name = NULL, forgotten = $2 WHERE id = $1 AND forgotten IS NULL",
            )
            .bind(who)
            .bind(f.at)
            .execute(&mut *tx)
            .await?;
            if marked.rows_affected() != 1 {
                return Ok(None);
            }
            let sessions = end_sessions_except(&mut tx, who, None).await?;
            sqlx::query("DELETE FROM accounts WHERE person_id = $1")
                .bind(who)
                .execute(&mut *tx)
                .await?;
            // A line keeps its number, so that no later line takes it and
            // a client that showed it knows which to drop; its words go.
            let chats = sqlx::query(
                "SELECT DISTINCT game_id FROM chat_lines WHERE person_id = $1 \
                 AND (preset IS NOT NULL OR body IS NOT NULL) ORDER BY game_id",
            )
            .bind(who)
            .fetch_all(&mut *tx)
            .await?
            .iter()
            .map(|r| game_id(r, 0, "(chat)"))
            .collect::<Result<Vec<_>, _>>()?;
            sqlx::query("UPDATE chat_lines SET preset = NULL, body = NULL WHERE person_id = $1")
                .bind(who)
                .execute(&mut *tx)
                .await?;
            // What moderation kept of them goes too (docs/privacy.md): the
            // words or name a report about them quoted, the names a
            // rename of them logged, their own notes on reports they made,
            // and every block by or of them (they meet nobody any more).
            // The reports and actions stay, of an id without a name.
            for forget in [
                "UPDATE reports SET what = NULL WHERE person = $1",
                "UPDATE reports SET note = NULL WHERE reporter = $1",
                "UPDATE moderation_log SET name_before = NULL, name_after = NULL WHERE person = $1",
                "DELETE FROM blocks WHERE blocker = $1 OR blocked = $1",
            ] {
                sqlx::query(forget).bind(who).execute(&mut *tx).await?;
            }
            for (game, setup) in f.setups {
                sqlx::query("UPDATE games SET setup = $2 WHERE id = $1")
                    .bind(game.as_str())
                    .bind(setup)
                    .execute(&mut *tx)
                    .await?;
            }
            let competitions = forget_entries(&mut tx, f.person).await?;
            for id in &competitions {
                // Rewritten, not added to: every server reads it again
                // whatever number of changes it holds.
                let notice = Notice::Competition {
                    competition: id.clone(),
                    changes: 0,
                };
                self.notice(&mut tx, &notice).await?;
            }
            let notice = Notice::Forgotten {
                person: f.person.clone(),
            };
            self.notice(&mut tx, &notice).await?;
            tx.commit().await?;
            Ok(Some(Forgotten {
                sessions,
                chats,
                competitions,
            }))
        }
        .await;
        self.settle(conn, result).await
    }
}

/// Writes again, without what said who `person` was, each change that
/// entered them into a competition (`competition_entrants` says which
/// competitions): the competitions changed, in order.
async fn forget_entries(
    conn: &mut AnyConnection,
    person: &PersonId,
) -> Result<Vec<CompetitionId>, StoreError> {
    let rows = sqlx::query(
        "SELECT c.competition_id, c.number, c.body FROM competition_changes c \
         JOIN competition_entrants e ON e.competition_id = c.competition_id \
         WHERE e.person_id = $1 ORDER BY c.competition_id, c.number",
    )
    .bind(person.as_str())
    .fetch_all(&mut *conn)
    .await?;
    let mut changed: Vec<CompetitionId> = Vec::new();
    for r in &rows {
        let key = text(r, 0, "(entered)")?;
        let number = int(r, 1, &key)?;
        let mut change: Change = json(r, 2, &key, "a competition's change")?;
        let entries = match &mut change {
            Change::Enter { entry } => std::slice::from_mut(entry),
            Change::EnterList { entries } => entries.as_mut_slice(),
            _ => continue,
        };
        let mut theirs = false;
        for e in entries {
            if e.person.as_deref() == Some(person.as_str()) && !e.forgotten {
                *e = e.forgotten();
                theirs = true;
            }
        }
        if !theirs {
            continue;
        }
        let body = serde_json::to_string(&change).map_err(|e| StoreError::Damaged {
            game: key.clone(),
            what: format!("change {number} cannot be written again: {e}"),
        })?;
        sqlx::query(
            "UPDATE competition_changes SET body = $3 WHERE competition_id = $1 AND number = $2",
        )
        .bind(&key)
        .bind(number)
        .bind(body)
        .execute(&mut *conn)
        .await?;
        let id = CompetitionId::parse(&key).map_err(|_| StoreError::Damaged {
            game: key.clone(),
            what: "not a competition's id".into(),
        })?;
        if changed.last() != Some(&id) {
            changed.push(id);
        }
    }
    Ok(changed)
}
