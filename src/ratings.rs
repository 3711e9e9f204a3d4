//! `novuss ratings recompute`: every rating rebuilt from the stored
//! results, in the order they were settled, and compared with what is
//! stored (docs/protocol.md, "Ratings").

use std::path::PathBuf;

use novuss_server::Database;
use novuss_server::{recompute as rebuild, Report};

/// What `novuss ratings` does.
#[derive(clap::Subcommand, Debug)]
pub enum RatingsCommand {
    /// Rebuild every rating from the stored results and compare; exits
    /// 1 on any difference.
    Recompute {
        /// Where the database lives (default: the user's data directory,
        /// as `serve` uses).
        #[arg(long, alias = "data", env = "NOVUSS_DATA_DIR")]
        data_dir: Option<PathBuf>,
        /// The database as a URL instead (postgres://… or sqlite://…), as
        /// `serve --database` takes it.
        #[arg(
            long,
            env = "NOVUSS_DATABASE",
            hide_env_values = true,
            conflicts_with = "data_dir"
        )]
        database: Option<String>,
        /// Replace the stored figures with the recomputed ones when they
        /// differ.
        #[arg(long)]
        write: bool,
    },
}

/// Runs `command`: the report, and whether everything agreed.
pub fn run(command: RatingsCommand) -> Result<(String, bool), String> {
    let RatingsCommand::Recompute {
        data_dir,
        database,
        write,
    } = command;
    let database = match database {
        Some(url) => Database::Url(url),
        None => {
            let dir = data_dir.unwrap_or_else(crate::serve::default_data_dir);
            // Recomputing never makes a database where there was none.
            if !dir.join("novuss.sqlite3").exists() {
                return Err(format!("no database in {}", dir.display()));
            }
            Database::Dir(dir)
        }
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let store = database
            .open()
            .await
            .map_err(|e| format!("cannot open the database {database}: {e}"))?;
        let report = rebuild(&store, write)
            .await
            .map_err(|e| format!("the database failed: {e}"));
        store.close().await;
        let report = report?;
        Ok((text(&report), report.differences.is_empty()))
    })
}

fn text(r: &Report) -> String {
    let mut out = format!(
        "{} rated games, {} rating changes, {} current ratings recomputed: ",
        r.games, r.changes, r.ratings
    );
    if r.differences.is_empty() {
        out.push_str("all as stored");
        return out;
    }
    out.push_str(&format!("{} differences", r.differences.len()));
    for d in &r.differences {
        out.push_str("\n  ");
        out.push_str(d);
    }
    if r.written {
        out.push_str("\nthe recomputed figures were written");
    }
    out
}
