//! Moderation's rows (migration `0019_moderation.sql`; docs/moderation.md):
//! the site's administrators, what each person is held to, the reports
//! people make, and the log of every moderator's action. An action and
//! its effect are stored in one transaction, so the log never says what
//! was not done, nor was anything done that the log does not say.

use super::accounts::end_sessions_except;
use super::error::StoreError;
use super::handle::Store;
use super::postgres::Notice;
use super::read::{game_id, int, maybe_int, maybe_text, person_id, text};
use crate::ids::{GameId, PersonId};

/// What a person is held to, and whether they moderate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Standing {
    /// A site administrator.
    pub admin: bool,
    /// Writes no chat line.
    pub muted: bool,
    /// Plays no rated game and uses no lobby.
    pub banned: bool,
    /// Their account is closed: it signs in no more.
    pub closed: bool,
}

/// A report as a person makes it.
#[derive(Clone, Copy, Debug)]
pub struct NewReport<'a> {
    /// Its id (random).
    pub id: &'a str,
    /// Seconds since 1970.
    pub at: i64,
    /// Who reports.
    pub reporter: &'a PersonId,
    /// `chat_line`, `name` or `player`.
    pub kind: &'a str,
    /// Whom it is about.
    pub person: &'a PersonId,
    /// The chat line's game and number.
    pub line: Option<(&'a GameId, u64)>,
    /// `abuse`, `spam`, `cheating`, `name` or `other`.
    pub reason: &'a str,
    /// The reporter's words.
    pub note: Option<&'a str>,
    /// What was reported as it stood.
    pub what: Option<&'a str>,
}

/// A stored report, with the names of the two people as they go by now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReportRow {
    pub id: String,
    pub at: i64,
    pub reporter: PersonId,
    pub reporter_name: Option<String>,
    pub kind: String,
    pub person: PersonId,
    pub person_name: Option<String>,
    pub game: Option<GameId>,
    pub line: Option<u64>,
    pub reason: String,
    pub note: Option<String>,
    pub what: Option<String>,
    pub closed: Option<i64>,
    pub outcome: Option<String>,
}

/// What a moderator's action changes, stored with its log entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// A chat line hidden (`true`) or shown again.
    Hide {
        /// The game.
        game: GameId,
        /// The line's number.
        line: u64,
        /// Hidden from now on.
        hidden: bool,
    },
    /// The person's chosen name becomes this (`None`: none, so their
    /// account's user name shows).
    Rename(Option<String>),
    /// Muted or not.
    Mute(bool),
    /// Banned or not.
    Ban(bool),
    /// The account closed (its sessions end) or opened again.
    Close(bool),
}

/// One entry of the moderation log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRow {
    pub id: String,
    pub at: i64,
    pub admin: PersonId,
    pub admin_name: Option<String>,
    pub person: PersonId,
    pub person_name: Option<String>,
    pub action: String,
    pub game: Option<GameId>,
    pub line: Option<u64>,
    pub reason: String,
    pub name_before: Option<String>,
    pub name_after: Option<String>,
    pub undoes: Option<String>,
    pub undone_by: Option<String>,
}

/// An action to log.
#[derive(Clone, Copy, Debug)]
pub struct Logged<'a> {
    pub id: &'a str,
    pub at: i64,
    pub admin: &'a PersonId,
    pub person: &'a PersonId,
    pub action: &'a str,
    pub reason: &'a str,
    /// The action this one undoes, if it is an undoing.
    pub undoes: Option<&'a str>,
}

/// What a stored action took away that servers hold in memory.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moderated {
    /// The sessions a closing ended (their hashes).
    pub sessions: Vec<String>,
    /// The name before a rename (the one they chose; `None`: none).
    pub name_before: Option<String>,
}

/// A chat line as moderation reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModeratedLine {
    pub game: GameId,
    pub number: u64,
    pub at: i64,
    pub person: PersonId,
    pub preset: Option<String>,
    pub body: Option<String>,
    pub hidden: bool,
}

// Each person by the name they go by (`store/shown.rs`): the one they
// chose, else their account's user name.
const REPORT_COLUMNS: &str = "r.id, r.at, r.reporter, COALESCE(rp.name, ra.username), r.kind, \
     r.person, COALESCE(pp.name, pa.username), r.game_id, r.line, r.reason, r.note, r.what, \
     r.closed, r.outcome";
const REPORT_FROM: &str = "FROM reports r JOIN people rp ON rp.id = r.reporter \
     LEFT JOIN accounts ra ON ra.person_id = r.reporter \
     JOIN people pp ON pp.id = r.person LEFT JOIN accounts pa ON pa.person_id = r.person";

fn report_row(r: &sqlx::any::AnyRow) -> Result<ReportRow, StoreError> {
    let id = text(r, 0, "(report)")?;
    let g = id.clone();
    Ok(ReportRow {
        at: int(r, 1, &g)?,
        reporter: person_id(r, 2, &g)?,
        reporter_name: maybe_text(r, 3, &g)?,
        kind: text(r, 4, &g)?,
        person: person_id(r, 5, &g)?,
        person_name: maybe_text(r, 6, &g)?,
        game: maybe_game(r, 7, &g)?,
        line: maybe_int(r, 8, &g)?.map(|n| n.max(0) as u64),
        reason: text(r, 9, &g)?,
        note: maybe_text(r, 10, &g)?,
        what: maybe_text(r, 11, &g)?,
        closed: maybe_int(r, 12, &g)?,
        outcome: maybe_text(r, 13, &g)?,
        id,
    })
}

const LOG_COLUMNS: &str = "l.id, l.at, l.admin, COALESCE(ap.name, aa.username), l.person, \
     l.action, l.game_id, l.line, l.reason, l.name_before, l.name_after, l.undoes, l.undone_by, \
     COALESCE(pp.name, pa.username)";
const LOG_FROM: &str = "FROM moderation_log l JOIN people ap ON ap.id = l.admin \
     LEFT JOIN accounts aa ON aa.person_id = l.admin \
     JOIN people pp ON pp.id = l.person LEFT JOIN accounts pa ON pa.person_id = l.person";

fn log_row(r: &sqlx::any::AnyRow) -> Result<LogRow, StoreError> {
    let id = text(r, 0, "(moderation)")?;
    let g = id.clone();
    Ok(LogRow {
        at: int(r, 1, &g)?,
        admin: person_id(r, 2, &g)?,
        admin_name: maybe_text(r, 3, &g)?,
        person: person_id(r, 4, &g)?,
        action: text(r, 5, &g)?,
        game: maybe_game(r, 6, &g)?,
        line: maybe_int(r, 7, &g)?.map(|n| n.max(0) as u64),
        reason: text(r, 8, &g)?,
        name_before: maybe_text(r, 9, &g)?,
        name_after: maybe_text(r, 10, &g)?,
        undoes: maybe_text(r, 11, &g)?,
        undone_by: maybe_text(r, 12, &g)?,
        person_name: maybe_text(r, 13, &g)?,
        id,
    })
}

impl Store {
    /// What `person` is held to (a person the store does not know is held
    /// to nothing).
    pub async fn standing(&self, person: &PersonId) -> Result<Standing, StoreError> {
        let row = sqlx::query(
            "SELECT p.muted, p.banned, p.closed, \
             (SELECT COUNT(*) FROM admins a WHERE a.person_id = p.id) \
             FROM people p WHERE p.id = $1",
        )
        .bind(person.as_str())
        .fetch_optional(self.reader())
        .await?;
        let Some(r) = row else {
            return Ok(Standing::default());
        };
        let at = "(standing)";
        Ok(Standing {
            muted: maybe_int(&r, 0, at)?.is_some(),
            banned: maybe_int(&r, 1, at)?.is_some(),
            closed: maybe_int(&r, 2, at)?.is_some(),
            admin: int(&r, 3, at)? > 0,
        })
    }

    /// Makes the account whose case-folded user name is `key` a site
    /// administrator: its person, or `None` if no account has the name.
    pub async fn grant_admin(&self, key: &str, at: i64) -> Result<Option<PersonId>, StoreError> {
        let Some(account) = self.account_named(key).await? else {
            return Ok(None);
        };
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "INSERT INTO admins (person_id, granted) VALUES ($1, $2) ON CONFLICT (person_id) DO NOTHING",
        )
        .bind(account.person.as_str())
        .bind(at)
        .execute(&mut *conn)
        .await
        .map(drop)
        .map_err(StoreError::from);
        self.settle(conn, result).await?;
        Ok(Some(account.person))
    }

    /// Takes administration from the account named `key`: `false` if it
    /// had none (or there is no such account).
    pub async fn revoke_admin(&self, key: &str) -> Result<bool, StoreError> {
        let Some(account) = self.account_named(key).await? else {
            return Ok(false);
        };
        let mut conn = self.write().await?;
        let result = sqlx::query("DELETE FROM admins WHERE person_id = $1")
            .bind(account.person.as_str())
            .execute(&mut *conn)
            .await
            .map(|r| r.rows_affected() > 0)
            .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// The administrators: their user names and since when, by name.
    pub async fn admins(&self) -> Result<Vec<(String, i64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT a.username, d.granted FROM admins d JOIN accounts a ON a.person_id = d.person_id \
             ORDER BY a.username_key",
        )
        .fetch_all(self.reader())
        .await?;
        rows.iter()
            .map(|r| Ok((text(r, 0, "(admin)")?, int(r, 1, "(admin)")?)))
            .collect()
    }

    /// Stores a report; if the reporter has one still open about the same
    /// thing, that one's id instead (`false`: nothing new stored).
    pub async fn add_report(&self, r: &NewReport<'_>) -> Result<(String, bool), StoreError> {
        let (game, line) = match r.line {
            Some((g, n)) => (Some(g.as_str()), Some(n as i64)),
            None => (None, None),
        };
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let open = sqlx::query(
                "SELECT id FROM reports WHERE reporter = $1 AND kind = $2 AND person = $3 \
                 AND COALESCE(game_id, '') = COALESCE($4, '') AND COALESCE(line, -1) = COALESCE($5, -1) \
                 AND closed IS NULL",
            )
            .bind(r.reporter.as_str())
            .bind(r.kind)
            .bind(r.person.as_str())
            .bind(game)
            .bind(line)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(open) = open {
                return Ok((text(&open, 0, "(report)")?, false));
            }
            sqlx::query(
                "INSERT INTO reports (id, at, reporter, kind, person, game_id, line, reason, note, what) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(r.id)
            .bind(r.at)
            .bind(r.reporter.as_str())
            .bind(r.kind)
            .bind(r.person.as_str())
            .bind(game)
            .bind(line)
            .bind(r.reason)
            .bind(r.note)
            .bind(r.what)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok((r.id.to_owned(), true))
        }
        .await;
        self.settle(conn, result).await
    }

    /// Reports, newest first: the open ones only, or all.
    pub async fn reports(&self, open_only: bool, limit: u32) -> Result<Vec<ReportRow>, StoreError> {
        let which = if open_only {
            "WHERE r.closed IS NULL"
        } else {
            ""
        };
        let rows = sqlx::query(&format!(
            "SELECT {REPORT_COLUMNS} {REPORT_FROM} {which} ORDER BY r.at DESC, r.id LIMIT $1"
        ))
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(report_row).collect()
    }

    /// The reports about `person`, newest first.
    pub async fn reports_about(
        &self,
        person: &PersonId,
        limit: u32,
    ) -> Result<Vec<ReportRow>, StoreError> {
        let rows = sqlx::query(&format!(
            "SELECT {REPORT_COLUMNS} {REPORT_FROM} WHERE r.person = $1 ORDER BY r.at DESC, r.id LIMIT $2"
        ))
        .bind(person.as_str())
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(report_row).collect()
    }

    /// Closes report `id` with `outcome`: `false` if there is no such open
    /// report.
    pub async fn close_report(
        &self,
        id: &str,
        admin: &PersonId,
        outcome: &str,
        at: i64,
    ) -> Result<bool, StoreError> {
        let mut conn = self.write().await?;
        let result = sqlx::query(
            "UPDATE reports SET closed = $2, closed_by = $3, outcome = $4 WHERE id = $1 AND closed IS NULL",
        )
        .bind(id)
        .bind(at)
        .bind(admin.as_str())
        .bind(outcome)
        .execute(&mut *conn)
        .await
        .map(|r| r.rows_affected() == 1)
        .map_err(StoreError::from);
        self.settle(conn, result).await
    }

    /// Chat line `number` of game `game`, hidden or not.
    pub async fn moderated_line(
        &self,
        game: &GameId,
        number: u64,
    ) -> Result<Option<ModeratedLine>, StoreError> {
        let row = sqlx::query(
            "SELECT game_id, number, at, person_id, preset, body, hidden FROM chat_lines \
             WHERE game_id = $1 AND number = $2",
        )
        .bind(game.as_str())
        .bind(number as i64)
        .fetch_optional(self.reader())
        .await?;
        row.map(|r| moderated_line(&r)).transpose()
    }

    /// The last `limit` chat lines `person` wrote, newest first, hidden
    /// ones too (a forgotten person's have no words and are left out).
    pub async fn lines_of(
        &self,
        person: &PersonId,
        limit: u32,
    ) -> Result<Vec<ModeratedLine>, StoreError> {
        let rows = sqlx::query(
            "SELECT game_id, number, at, person_id, preset, body, hidden FROM chat_lines \
             WHERE person_id = $1 AND (preset IS NOT NULL OR body IS NOT NULL) \
             ORDER BY at DESC, game_id, number DESC LIMIT $2",
        )
        .bind(person.as_str())
        .bind(i64::from(limit))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(moderated_line).collect()
    }

    /// Stores a moderator's action `logged` with its `effect`, in one
    /// transaction; an undoing marks the action it undoes. `None` if the
    /// person (or the chat line) is not there or was forgotten, or the
    /// undone action was undone already: nothing is stored then.
    pub async fn moderate(
        &self,
        logged: &Logged<'_>,
        effect: &Effect,
    ) -> Result<Option<Moderated>, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let who = logged.person.as_str();
            // A person forgotten at their request is nobody to moderate:
            // an undone rename would give them back a name.
            let before = sqlx::query("SELECT name FROM people WHERE id = $1 AND forgotten IS NULL")
                .bind(who)
                .fetch_optional(&mut *tx)
                .await?;
            let Some(before) = before else {
                return Ok(None);
            };
            let mut done = Moderated {
                name_before: maybe_text(&before, 0, "(moderation)")?,
                ..Moderated::default()
            };
            if let Some(undone) = logged.undoes {
                let marked = sqlx::query(
                    "UPDATE moderation_log SET undone_by = $2 WHERE id = $1 AND undone_by IS NULL",
                )
                .bind(undone)
                .bind(logged.id)
                .execute(&mut *tx)
                .await?;
                if marked.rows_affected() != 1 {
                    return Ok(None);
                }
            }
            let (mut game, mut line, mut after) = (None, None, None);
            match effect {
                Effect::Hide {
                    game: g,
                    line: n,
                    hidden,
                } => {
                    let changed = sqlx::query(
                        "UPDATE chat_lines SET hidden = $3 WHERE game_id = $1 AND number = $2 AND person_id = $4",
                    )
                    .bind(g.as_str())
                    .bind(*n as i64)
                    .bind(hidden.then_some(logged.at))
                    .bind(who)
                    .execute(&mut *tx)
                    .await?;
                    if changed.rows_affected() != 1 {
                        return Ok(None);
                    }
                    game = Some(g.as_str());
                    line = Some(*n as i64);
                    self.notice(
                        &mut tx,
                        &Notice::ChatHidden {
                            game: g.clone(),
                            number: *n,
                            hidden: *hidden,
                        },
                    )
                    .await?;
                }
                Effect::Rename(name) => {
                    sqlx::query("UPDATE people SET name = $2 WHERE id = $1")
                        .bind(who)
                        .bind(name.as_deref())
                        .execute(&mut *tx)
                        .await?;
                    self.notice(
                        &mut tx,
                        &Notice::Renamed {
                            person: logged.person.clone(),
                        },
                    )
                    .await?;
                    after = name.as_deref();
                }
                Effect::Mute(on) => {
                    sqlx::query("UPDATE people SET muted = $2 WHERE id = $1")
                        .bind(who)
                        .bind(on.then_some(logged.at))
                        .execute(&mut *tx)
                        .await?;
                }
                Effect::Ban(on) => {
                    sqlx::query("UPDATE people SET banned = $2 WHERE id = $1")
                        .bind(who)
                        .bind(on.then_some(logged.at))
                        .execute(&mut *tx)
                        .await?;
                }
                Effect::Close(on) => {
                    sqlx::query("UPDATE people SET closed = $2 WHERE id = $1")
                        .bind(who)
                        .bind(on.then_some(logged.at))
                        .execute(&mut *tx)
                        .await?;
                    if *on {
                        done.sessions = end_sessions_except(&mut tx, who, None).await?;
                        self.notice(
                            &mut tx,
                            &Notice::Closed {
                                person: logged.person.clone(),
                            },
                        )
                        .await?;
                    }
                }
            }
            let renamed = matches!(effect, Effect::Rename(_));
            sqlx::query(
                "INSERT INTO moderation_log (id, seq, at, admin, person, action, game_id, line, reason, \
                 name_before, name_after, undoes) VALUES ($1, \
                 (SELECT COALESCE(MAX(seq), 0) + 1 FROM moderation_log), \
                 $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(logged.id)
            .bind(logged.at)
            .bind(logged.admin.as_str())
            .bind(who)
            .bind(logged.action)
            .bind(game)
            .bind(line)
            .bind(logged.reason)
            .bind(if renamed { done.name_before.as_deref() } else { None })
            .bind(after)
            .bind(logged.undoes)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(Some(done))
        }
        .await;
        self.settle(conn, result).await
    }

    /// The moderation log, newest first: about `person` only, or all.
    pub async fn moderation_log(
        &self,
        person: Option<&PersonId>,
        limit: u32,
    ) -> Result<Vec<LogRow>, StoreError> {
        // `$2` is NULL for the whole log.
        let rows = sqlx::query(&format!(
            "SELECT {LOG_COLUMNS} {LOG_FROM} WHERE ($2 IS NULL OR l.person = $2) \
             ORDER BY l.seq DESC LIMIT $1"
        ))
        .bind(i64::from(limit))
        .bind(person.map(PersonId::as_str))
        .fetch_all(self.reader())
        .await?;
        rows.iter().map(log_row).collect()
    }

    /// One entry of the moderation log.
    pub async fn moderation_entry(&self, id: &str) -> Result<Option<LogRow>, StoreError> {
        let row = sqlx::query(&format!("SELECT {LOG_COLUMNS} {LOG_FROM} WHERE l.id = $1"))
            .bind(id)
            .fetch_optional(self.reader())
            .await?;
        row.map(|r| log_row(&r)).transpose()
    }
}

/// Column `k` as a game's id or NULL.
fn maybe_game(r: &sqlx::any::AnyRow, k: usize, row: &str) -> Result<Option<GameId>, StoreError> {
    maybe_text(r, k, row)?
        .map(|t| {
            GameId::parse(&t).map_err(|_| StoreError::Damaged {
                game: row.to_owned(),
                what: format!("column {k}: not a game's id"),
            })
        })
        .transpose()
}

fn moderated_line(r: &sqlx::any::AnyRow) -> Result<ModeratedLine, StoreError> {
    let game = game_id(r, 0, "(chat line)")?;
    let g = game.as_str().to_owned();
    Ok(ModeratedLine {
        number: int(r, 1, &g)?.max(0) as u64,
        at: int(r, 2, &g)?,
        person: person_id(r, 3, &g)?,
        preset: maybe_text(r, 4, &g)?,
        body: maybe_text(r, 5, &g)?,
        hidden: maybe_int(r, 6, &g)?.is_some(),
        game,
    })
}
