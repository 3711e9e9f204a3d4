//! `novuss ratings recompute`: every rating of both pools rebuilt and
//! compared with what is stored: the online one from the stored results,
//! in the order they were settled (docs/protocol.md, "Ratings"), and the
//! real table's from every finished rated competition, in date order
//! (docs/competitions.md, "Ratings for the real table").

use crate::database::Where;
use novuss_server::{recompute as rebuild, recompute_tables, Report, TableReport};

/// What `novuss ratings` does.
#[derive(clap::Subcommand, Debug)]
pub enum RatingsCommand {
    /// Rebuild every rating of both pools (online and real-table) and
    /// compare; exits 1 on any difference.
    Recompute {
        /// The database.
        #[command(flatten)]
        database: Where,
        /// Replace the stored figures with the recomputed ones when they
        /// differ.
        #[arg(long)]
        write: bool,
    },
}

/// Runs `command`: the report, and whether everything agreed.
pub fn run(command: RatingsCommand) -> Result<(String, bool), String> {
    let RatingsCommand::Recompute { database, write } = command;
    // Recomputing never makes a database where there was none.
    let database = database.database(false)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    runtime.block_on(async {
        let store = database
            .open()
            .await
            .map_err(|e| format!("cannot open the database {database}: {e}"))?;
        let online = rebuild(&store, write)
            .await
            .map_err(|e| format!("the database failed: {e}"));
        let tables = match online {
            Ok(_) => recompute_tables(&store, write)
                .await
                .map_err(|e| format!("the database failed: {e}")),
            Err(ref e) => Err(e.clone()),
        };
        store.close().await;
        let (online, tables) = (online?, tables?);
        let agreed = online.differences.is_empty() && tables.differences.is_empty();
        Ok((
            format!("{}\n{}", text(&online), table_text(&tables)),
            agreed,
        ))
    })
}

fn text(r: &Report) -> String {
    let head = format!(
        "{} rated games, {} rating changes, {} current ratings recomputed: ",
        r.games, r.changes, r.ratings
    );
    agreed(
        head,
        &r.differences,
        r.written,
        "the recomputed figures were written",
    )
}

fn table_text(r: &TableReport) -> String {
    let head = format!(
        "real table: {} rated competitions, {} rating changes, {} players recomputed: ",
        r.competitions, r.changes, r.players
    );
    agreed(
        head,
        &r.differences,
        r.written,
        "the recomputed real-table figures were written",
    )
}

/// A pool's report: `head`, then "all as stored" or each difference,
/// and `wrote` when the recomputed figures replaced the stored ones.
fn agreed(head: String, differences: &[String], written: bool, wrote: &str) -> String {
    let mut out = head;
    if differences.is_empty() {
        out.push_str("all as stored");
        return out;
    }
    out.push_str(&format!("{} differences", differences.len()));
    for d in differences {
        out.push_str("\n  ");
        out.push_str(d);
    }
    if written {
        out.push('\n');
        out.push_str(wrote);
    }
    out
}
