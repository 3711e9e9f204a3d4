//! Copies of an SQLite database taken while a server plays on it, and a
//! copy put back in place of a data directory's database
//! (docs/backup.md).
//!
//! A copy is made by `VACUUM INTO` on a read-only connection of its own:
//! one read transaction, so the copy is the database as it stood at one
//! commit, while WAL lets the server's writer go on committing strokes.
//! It is written under a temporary name beside the target, flushed,
//! checked, and only then linked to its name, which fails if the name was
//! taken meanwhile: a failed copy leaves no file, and no file is ever
//! overwritten. SQLite's online backup API copies pages instead, but it
//! starts again whenever another process writes, which a server under
//! load always does.
//!
//! A copy is put back only where no server has the database open. SQLite
//! itself tells: every connection to a database in WAL mode holds a
//! shared lock on the file for as long as it is open (the server's writer
//! never closes), so an exclusive lock is refused at once while a server
//! runs, on this machine or any that shares the file system's locks.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use serde::Serialize;
use sqlx::sqlite::{SqliteConnectOptions, SqliteConnection, SqliteLockingMode};
use sqlx::{ConnectOptions, Connection};

/// The tables a novuss database has, from its first migrations on.
const TABLES: [&str; 6] = [
    "_sqlx_migrations",
    "games",
    "events",
    "people",
    "accounts",
    "ratings",
];

/// What a database holds, as a copy is checked.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Contents {
    /// The file's size.
    pub bytes: u64,
    /// Games, finished or not.
    pub games: i64,
    /// Of them, finished.
    pub finished: i64,
    /// Every game's events (strokes, take-backs, set starts …).
    pub events: i64,
    /// People (with an account or not).
    pub people: i64,
    /// Accounts.
    pub accounts: i64,
    /// Current ratings (a person's, per format).
    pub ratings: i64,
    /// Its last migration: the version of its tables.
    pub schema: i64,
}

/// A copy made ([`backup`]).
#[derive(Clone, Debug, Serialize)]
pub struct Copied {
    /// The database copied.
    pub from: PathBuf,
    /// The copy.
    pub to: PathBuf,
    /// What the copy holds.
    #[serde(flatten)]
    pub contents: Contents,
    /// How long it took, in seconds.
    pub seconds: f64,
}

/// A copy put in place ([`restore`]).
#[derive(Clone, Debug, Serialize)]
pub struct Restored {
    /// The copy.
    pub from: PathBuf,
    /// The database it now is.
    pub to: PathBuf,
    /// Where the database it replaced was moved, if there was one.
    pub replaced: Option<PathBuf>,
    /// What it holds.
    #[serde(flatten)]
    pub contents: Contents,
    /// How long it took, in seconds.
    pub seconds: f64,
}

/// Why a copy was not made or not put in place. Nothing was changed.
#[derive(Debug)]
#[non_exhaustive]
pub enum BackupError {
    /// There is no database there.
    NoDatabase(PathBuf),
    /// The target already exists: it is never overwritten.
    Exists(PathBuf),
    /// The target's folder does not exist.
    NoFolder(PathBuf),
    /// The file is not a novuss database.
    NotNovuss(PathBuf, String),
    /// The database has migrations this binary does not know (a newer
    /// version's), or knows with another text.
    Unknown {
        /// The database.
        path: PathBuf,
        /// Their versions.
        versions: Vec<i64>,
    },
    /// A migration of the database failed half-way.
    Failed {
        /// The database.
        path: PathBuf,
        /// The migration.
        version: i64,
    },
    /// SQLite's check of the file found damage.
    Damaged(PathBuf, String),
    /// A server has the database open.
    InUse(PathBuf),
    /// A database appeared where the copy was going while the one it
    /// replaces was being moved aside: a server started meanwhile.
    Appeared {
        /// Where.
        path: PathBuf,
        /// Where the replaced database now is.
        replaced: PathBuf,
    },
    /// A write-ahead log lies where the database would go, without it.
    StrayLog(PathBuf),
    /// A file could not be read or written.
    Io(PathBuf, std::io::Error),
    /// SQLite failed.
    Database(PathBuf, sqlx::Error),
}

impl std::fmt::Display for BackupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackupError::NoDatabase(p) => write!(f, "there is no database at {}", p.display()),
            BackupError::Exists(p) => write!(
                f,
                "{} already exists: a copy never replaces a file (choose a new name)",
                p.display()
            ),
            BackupError::NoFolder(p) => write!(f, "there is no folder {}", p.display()),
            BackupError::NotNovuss(p, why) => {
                write!(f, "{} is not a novuss database: {why}", p.display())
            }
            BackupError::Unknown { path, versions } => write!(
                f,
                "{} has migrations this novuss does not know ({}): a newer version wrote it; \
                 restore it with that version",
                path.display(),
                versions
                    .iter()
                    .map(i64::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            BackupError::Failed { path, version } => write!(
                f,
                "{}: migration {version} failed half-way, the copy is not usable",
                path.display()
            ),
            BackupError::Damaged(p, what) => write!(f, "{} is damaged: {what}", p.display()),
            BackupError::InUse(p) => write!(
                f,
                "a server has {} open: stop it first (nothing was changed)",
                p.display()
            ),
            BackupError::Appeared { path, replaced } => write!(
                f,
                "a new database appeared at {} while restoring (a server started?); \
                 the database it replaced is at {}: stop the server and restore again",
                path.display(),
                replaced.display()
            ),
            BackupError::StrayLog(p) => write!(
                f,
                "{} is a write-ahead log without its database: move it away first",
                p.display()
            ),
            BackupError::Io(p, e) => write!(f, "{}: {e}", p.display()),
            BackupError::Database(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for BackupError {}

/// A file being written under a temporary name, removed unless it was
/// kept: a failure at any step leaves nothing behind.
struct Partial {
    path: PathBuf,
    kept: bool,
}

impl Partial {
    /// A new temporary name in `dir` for `name`, marked `what`.
    fn new(dir: &Path, name: &str, what: &str) -> Partial {
        let mut tag = [0u8; 6];
        let _ = getrandom::fill(&mut tag);
        Partial {
            path: dir.join(format!(".{name}.{what}-{}", hex::encode(tag))),
            kept: false,
        }
    }

    /// Links it to `to`, failing if `to` exists, and drops the temporary
    /// name.
    fn keep(mut self, to: &Path) -> Result<(), BackupError> {
        match std::fs::hard_link(&self.path, to) {
            Ok(()) => {}
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {
                return Err(BackupError::Exists(to.to_owned()))
            }
            // A file system without hard links: checked, then renamed.
            Err(_) if to.symlink_metadata().is_ok() => {
                return Err(BackupError::Exists(to.to_owned()))
            }
            Err(_) => {
                std::fs::rename(&self.path, to).map_err(|e| BackupError::Io(to.to_owned(), e))?;
                self.kept = true;
                return Ok(());
            }
        }
        let _ = std::fs::remove_file(&self.path);
        self.kept = true;
        Ok(())
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.kept {
            let _ = std::fs::remove_file(&self.path);
            let _ = std::fs::remove_file(sibling(&self.path, "-journal"));
        }
    }
}

/// `path` with `suffix` appended to its name (`-wal`, `-journal`).
fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// The folder `path` is in (`.` for a bare name).
fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_owned(),
        _ => PathBuf::from("."),
    }
}

/// Flushes `path` (a file or a folder) to the disk.
fn flush(path: &Path) -> Result<(), BackupError> {
    std::fs::File::open(path)
        .and_then(|f| f.sync_all())
        .map_err(|e| BackupError::Io(path.to_owned(), e))
}

/// A read-only connection to the database `path`, which must exist.
async fn read_only(path: &Path) -> Result<SqliteConnection, BackupError> {
    SqliteConnectOptions::new()
        .filename(path)
        .read_only(true)
        .busy_timeout(Duration::from_secs(10))
        .connect()
        .await
        .map_err(|e| not_novuss(path, e))
}

/// An error of SQLite on `path`, where "not a database" says the file is
/// something else.
fn not_novuss(path: &Path, e: sqlx::Error) -> BackupError {
    match &e {
        sqlx::Error::Database(d) if d.code().as_deref() == Some("26") => {
            BackupError::NotNovuss(path.to_owned(), "it is not an SQLite database".into())
        }
        _ => BackupError::Database(path.to_owned(), e),
    }
}

/// SQLite's quick check of every page and index of `path`.
async fn check(conn: &mut SqliteConnection, path: &Path) -> Result<(), BackupError> {
    let rows: Vec<(String,)> = sqlx::query_as("PRAGMA quick_check")
        .fetch_all(&mut *conn)
        .await
        .map_err(|e| not_novuss(path, e))?;
    match rows.as_slice() {
        [(ok,)] if ok == "ok" => Ok(()),
        _ => Err(BackupError::Damaged(
            path.to_owned(),
            rows.into_iter()
                .map(|r| r.0)
                .take(3)
                .collect::<Vec<_>>()
                .join("; "),
        )),
    }
}

/// Refuses a file without novuss's tables.
async fn novuss_tables(conn: &mut SqliteConnection, path: &Path) -> Result<(), BackupError> {
    let names: Vec<(String,)> =
        sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table'")
            .fetch_all(&mut *conn)
            .await
            .map_err(|e| not_novuss(path, e))?;
    match TABLES.iter().find(|t| !names.iter().any(|n| n.0 == **t)) {
        Some(missing) => Err(BackupError::NotNovuss(
            path.to_owned(),
            format!("it has no table {missing}"),
        )),
        None => Ok(()),
    }
}

/// What the database `path` on `conn` holds; refuses a file without
/// novuss's tables.
async fn contents(conn: &mut SqliteConnection, path: &Path) -> Result<Contents, BackupError> {
    novuss_tables(conn, path).await?;
    let contents = Contents {
        bytes: 0,
        games: count(conn, path, "SELECT COUNT(*) FROM games").await?,
        finished: count(conn, path, "SELECT COUNT(*) FROM games WHERE over <> 0").await?,
        events: count(conn, path, "SELECT COUNT(*) FROM events").await?,
        people: count(conn, path, "SELECT COUNT(*) FROM people").await?,
        accounts: count(conn, path, "SELECT COUNT(*) FROM accounts").await?,
        ratings: count(conn, path, "SELECT COUNT(*) FROM ratings").await?,
        schema: count(
            conn,
            path,
            "SELECT COALESCE(MAX(version), 0) FROM _sqlx_migrations WHERE success",
        )
        .await?,
    };
    let bytes = std::fs::metadata(path)
        .map_err(|e| BackupError::Io(path.to_owned(), e))?
        .len();
    Ok(Contents { bytes, ..contents })
}

/// The one number `sql` selects.
async fn count(conn: &mut SqliteConnection, path: &Path, sql: &str) -> Result<i64, BackupError> {
    let n: (i64,) = sqlx::query_as(sql)
        .fetch_one(&mut *conn)
        .await
        .map_err(|e| BackupError::Database(path.to_owned(), e))?;
    Ok(n.0)
}

/// Refuses a database with a migration this binary does not know (or
/// knows with another text), or one that failed: a server of this
/// version should not be started on it.
async fn known(conn: &mut SqliteConnection, path: &Path) -> Result<(), BackupError> {
    let applied: Vec<(i64, Vec<u8>, bool)> =
        sqlx::query_as("SELECT version, checksum, success FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut *conn)
            .await
            .map_err(|e| BackupError::Database(path.to_owned(), e))?;
    if let Some((version, _, _)) = applied.iter().find(|m| !m.2) {
        return Err(BackupError::Failed {
            path: path.to_owned(),
            version: *version,
        });
    }
    let ours = super::migrations::sqlite();
    let versions: Vec<i64> = applied
        .iter()
        .filter(|(version, checksum, _)| {
            !ours
                .iter()
                .any(|m| m.version == *version && *m.checksum == **checksum)
        })
        .map(|m| m.0)
        .collect();
    if versions.is_empty() {
        Ok(())
    } else {
        Err(BackupError::Unknown {
            path: path.to_owned(),
            versions,
        })
    }
}

/// Writes a copy of the database on `conn` to the new file `to`.
async fn vacuum_into(conn: &mut SqliteConnection, to: &Path) -> Result<(), BackupError> {
    let name = to.to_str().ok_or_else(|| {
        BackupError::Io(
            to.to_owned(),
            std::io::Error::new(ErrorKind::InvalidInput, "the name is not UTF-8"),
        )
    })?;
    sqlx::query("VACUUM INTO $1")
        .bind(name)
        .execute(&mut *conn)
        .await
        .map_err(|e| BackupError::Database(to.to_owned(), e))?;
    flush(to)
}

/// Copies the SQLite database `from` (which a server may be using) to the
/// new file `to`, and checks the copy.
pub async fn backup(from: &Path, to: &Path) -> Result<Copied, BackupError> {
    let started = Instant::now();
    if !from.is_file() {
        return Err(BackupError::NoDatabase(from.to_owned()));
    }
    if to.symlink_metadata().is_ok() {
        return Err(BackupError::Exists(to.to_owned()));
    }
    let dir = folder(to);
    if !dir.is_dir() {
        return Err(BackupError::NoFolder(dir));
    }
    let name = to
        .file_name()
        .map_or_else(|| "novuss".into(), |n| n.to_string_lossy().into_owned());
    let partial = Partial::new(&dir, &name, "partial");
    let mut source = read_only(from).await?;
    let copied = async {
        novuss_tables(&mut source, from).await?;
        vacuum_into(&mut source, &partial.path).await?;
        // The copy holds what the database holds (password hashes,
        // sessions' hashes): no more readable than it.
        let original = std::fs::metadata(from).map_err(|e| BackupError::Io(from.to_owned(), e))?;
        std::fs::set_permissions(&partial.path, original.permissions())
            .map_err(|e| BackupError::Io(partial.path.clone(), e))
    }
    .await;
    let _ = source.close().await;
    copied?;
    let mut copy = read_only(&partial.path).await?;
    let checked = async {
        check(&mut copy, &partial.path).await?;
        contents(&mut copy, &partial.path).await
    }
    .await;
    let _ = copy.close().await;
    let contents = checked?;
    partial.keep(to)?;
    flush(&dir)?;
    Ok(Copied {
        from: from.to_owned(),
        to: to.to_owned(),
        contents,
        seconds: started.elapsed().as_secs_f64(),
    })
}

/// Whether `e` is SQLite saying another connection holds the lock.
fn locked(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d)
        if matches!(d.code().as_deref(), Some("5" | "6" | "261" | "517")))
}

/// Takes the database `path` for this process alone, or says a server
/// has it open; its write-ahead log is folded into the file, so that the
/// file is the whole database by itself.
async fn exclusive(path: &Path) -> Result<SqliteConnection, BackupError> {
    let in_use = |e: sqlx::Error| {
        if locked(&e) {
            BackupError::InUse(path.to_owned())
        } else {
            not_novuss(path, e)
        }
    };
    let mut conn = SqliteConnectOptions::new()
        .filename(path)
        .locking_mode(SqliteLockingMode::Exclusive)
        .busy_timeout(Duration::ZERO)
        .connect()
        .await
        .map_err(in_use)?;
    let taken = async {
        sqlx::query("BEGIN EXCLUSIVE").execute(&mut conn).await?;
        sqlx::query("SELECT COUNT(*) FROM sqlite_master")
            .execute(&mut conn)
            .await?;
        sqlx::query("COMMIT").execute(&mut conn).await?;
        sqlx::query("PRAGMA journal_mode = DELETE")
            .execute(&mut conn)
            .await?;
        Ok(())
    }
    .await;
    match taken {
        Ok(()) => Ok(conn),
        Err(e) => {
            let _ = conn.close().await;
            Err(in_use(e))
        }
    }
}

/// A name beside `path` that nothing has: `path.before-restore-SECONDS`,
/// with `-N` if that is taken.
fn aside(path: &Path) -> PathBuf {
    let stamp = super::now();
    let base = sibling(path, &format!(".before-restore-{stamp}"));
    let mut candidate = base.clone();
    let mut n = 1;
    while candidate.symlink_metadata().is_ok() {
        n += 1;
        candidate = sibling(&base, &format!("-{n}"));
    }
    candidate
}

/// Puts a copy of the database `from` in place of the SQLite database
/// `to`, which no server may have open; the database it replaces is
/// moved aside, never deleted. `from` must be a novuss database, undamaged,
/// whose migrations this binary all knows.
pub async fn restore(from: &Path, to: &Path) -> Result<Restored, BackupError> {
    let started = Instant::now();
    if !from.is_file() {
        return Err(BackupError::NoDatabase(from.to_owned()));
    }
    let mut source = read_only(from).await?;
    let checked = async {
        check(&mut source, from).await?;
        let contents = contents(&mut source, from).await?;
        known(&mut source, from).await?;
        Ok::<_, BackupError>(contents)
    }
    .await;
    let contents = match checked {
        Ok(c) => c,
        Err(e) => {
            let _ = source.close().await;
            return Err(e);
        }
    };
    let dir = folder(to);
    let name = to.file_name().map_or_else(
        || "novuss.sqlite3".into(),
        |n| n.to_string_lossy().into_owned(),
    );
    let prepared = async {
        std::fs::create_dir_all(&dir).map_err(|e| BackupError::Io(dir.clone(), e))?;
        let partial = Partial::new(&dir, &name, "restoring");
        vacuum_into(&mut source, &partial.path).await?;
        Ok::<_, BackupError>(partial)
    }
    .await;
    let _ = source.close().await;
    let partial = prepared?;
    let replaced = if to.symlink_metadata().is_ok() {
        // Held until the old file has its new name: no server can open
        // the database between the check and the move.
        let lock = exclusive(to).await?;
        if let Ok(old) = std::fs::metadata(to) {
            // As readable as the database it replaces, no more.
            let _ = std::fs::set_permissions(&partial.path, old.permissions());
        }
        let moved = aside(to);
        let renamed = std::fs::rename(to, &moved).map_err(|e| BackupError::Io(to.to_owned(), e));
        let _ = lock.close().await;
        renamed?;
        Some(moved)
    } else if sibling(to, "-wal").exists() {
        // SQLite would read that log into the restored file.
        return Err(BackupError::StrayLog(sibling(to, "-wal")));
    } else {
        None
    };
    partial.keep(to).map_err(|e| match (e, &replaced) {
        (BackupError::Exists(path), Some(moved)) => BackupError::Appeared {
            path,
            replaced: moved.clone(),
        },
        (e, _) => e,
    })?;
    flush(&dir)?;
    Ok(Restored {
        from: from.to_owned(),
        to: to.to_owned(),
        replaced,
        contents: Contents {
            bytes: std::fs::metadata(to)
                .map_err(|e| BackupError::Io(to.to_owned(), e))?
                .len(),
            ..contents
        },
        seconds: started.elapsed().as_secs_f64(),
    })
}
