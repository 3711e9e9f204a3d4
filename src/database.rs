//! The database a command works on, named as `novuss serve` takes it
//! (`--data-dir` or `--database`, or their environment variables): one
//! set of options for `serve` and every command that opens what a server
//! stored (`admin`, `words`, `backup`, `restore`, `ratings recompute`).

use std::path::PathBuf;

use novuss_server::Database;

/// The database, named as `novuss serve` takes it.
#[derive(clap::Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct Where {
    /// Where the database lives (default: the user's data directory,
    /// e.g. ~/.local/share/novuss).
    #[arg(long, alias = "data", env = "NOVUSS_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
    /// The database instead, as a URL: postgres://USER@HOST:PORT/NAME for
    /// PostgreSQL, which several servers may share (docs/scaling.md), or
    /// sqlite://PATH. A URL with a password is best given in
    /// NOVUSS_DATABASE: other users of the machine can read a command
    /// line. Logs show it without the password.
    #[arg(
        long,
        env = "NOVUSS_DATABASE",
        hide_env_values = true,
        conflicts_with = "data_dir"
    )]
    pub database: Option<String>,
}

impl Where {
    /// The database named. In a data directory, only one that is there
    /// already, unless `create`: a command that works on what a server
    /// stored never makes an empty one, though adding words before the
    /// first start is fine.
    pub fn database(&self, create: bool) -> Result<Database, String> {
        let database = self.named();
        if let Database::Dir(dir) = &database {
            if !create && !dir.join("novuss.sqlite3").exists() {
                return Err(format!("no database in {}", dir.display()));
            }
        }
        Ok(database)
    }

    /// The database named, whether or not it is there yet: a server makes
    /// it.
    pub fn named(&self) -> Database {
        match &self.database {
            Some(url) => Database::Url(url.clone()),
            None => Database::Dir(self.dir()),
        }
    }

    /// The data directory named, else the user's, as `serve` uses.
    fn dir(&self) -> PathBuf {
        self.data_dir.clone().unwrap_or_else(default_data_dir)
    }

    /// The SQLite file, or why there is none to work on.
    pub fn sqlite_file(&self, verb: &str) -> Result<PathBuf, String> {
        let Some(url) = &self.database else {
            return Ok(self.dir().join("novuss.sqlite3"));
        };
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Err(format!(
                "novuss {verb} works on SQLite files; for PostgreSQL use pg_dump and \
                 pg_restore (docs/backup.md)"
            ));
        }
        // As the server reads the URL (`Store::connect`): options after
        // `?` are not part of the file's name.
        let path = url
            .strip_prefix("sqlite://")
            .or_else(|| url.strip_prefix("sqlite:"))
            .ok_or("the database is named by a sqlite:// URL (or --data-dir)")?;
        let path = path.split('?').next().unwrap_or(path);
        if path.is_empty() || path.contains(":memory:") {
            return Err("an in-memory database has nothing to copy".to_owned());
        }
        Ok(PathBuf::from(path))
    }
}

/// The per-user data directory, or `./novuss-data` where there is none.
pub fn default_data_dir() -> PathBuf {
    dirs::data_dir().map_or_else(|| PathBuf::from("novuss-data"), |d| d.join("novuss"))
}
