//! The database a command works on, named as `novuss serve` takes it
//! (`--data-dir` or `--database`, or their environment variables): one
//! set of options for every command that opens what a server stored
//! (`admin`, `words`, `backup`, `restore`).

use std::path::PathBuf;

use novuss_server::Database;

/// The database, named as `novuss serve` takes it.
#[derive(clap::Args, Debug)]
pub struct Where {
    /// Where the database lives (default: the user's data directory, as
    /// `serve` uses).
    #[arg(long, env = "NOVUSS_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
    /// The database as a URL instead (postgres://… or sqlite://…), as
    /// `serve --database` takes it.
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
        match &self.database {
            Some(url) => Ok(Database::Url(url.clone())),
            None => {
                let dir = self.dir();
                if !create && !dir.join("novuss.sqlite3").exists() {
                    return Err(format!("no database in {}", dir.display()));
                }
                Ok(Database::Dir(dir))
            }
        }
    }

    /// The data directory named, else the user's, as `serve` uses.
    fn dir(&self) -> PathBuf {
        self.data_dir
            .clone()
            .unwrap_or_else(crate::serve::default_data_dir)
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
