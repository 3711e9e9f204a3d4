//! `novuss backup` and `novuss restore`: a copy of a server's SQLite
//! database taken while it plays, and a copy put back in place of a data
//! directory's database (docs/backup.md). PostgreSQL has its own tools
//! for both, `pg_dump` and `pg_restore`, and these commands say so.

use std::path::PathBuf;

use novuss_server::{backup_sqlite, restore_sqlite, Contents};

use crate::database::Where;

/// `novuss backup`'s options.
#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    /// The copy to write: a new file (an existing one is never replaced).
    #[arg(long, value_name = "FILE")]
    pub to: PathBuf,
    #[command(flatten)]
    pub database: Where,
    /// Print what was copied as JSON.
    #[arg(long)]
    pub json: bool,
}

/// `novuss restore`'s options.
#[derive(clap::Args, Debug)]
pub struct RestoreArgs {
    /// The copy to put in place (made by `novuss backup`).
    #[arg(long, value_name = "FILE")]
    pub from: PathBuf,
    #[command(flatten)]
    pub database: Where,
    /// Print what was restored as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Runs `backup`: what it prints.
pub fn backup(args: &BackupArgs) -> Result<String, String> {
    let from = args.database.sqlite_file("backup")?;
    let copied = runtime()?
        .block_on(backup_sqlite(&from, &args.to))
        .map_err(|e| e.to_string())?;
    if args.json {
        return serde_json::to_string_pretty(&copied).map_err(|e| e.to_string());
    }
    Ok(format!(
        "copied {} to {} in {:.1} s: {}",
        copied.from.display(),
        copied.to.display(),
        copied.seconds,
        held(&copied.contents)
    ))
}

/// Runs `restore`: what it prints.
pub fn restore(args: &RestoreArgs) -> Result<String, String> {
    let to = args.database.sqlite_file("restore")?;
    let restored = runtime()?
        .block_on(restore_sqlite(&args.from, &to))
        .map_err(|e| e.to_string())?;
    if args.json {
        return serde_json::to_string_pretty(&restored).map_err(|e| e.to_string());
    }
    let mut out = format!(
        "restored {} as {}: {}",
        restored.from.display(),
        restored.to.display(),
        held(&restored.contents)
    );
    if let Some(old) = &restored.replaced {
        out.push_str(&format!(
            "\nthe database it replaced is now {}",
            old.display()
        ));
    }
    Ok(out)
}

fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))
}

/// What a database holds, in a line.
fn held(c: &Contents) -> String {
    format!(
        "{}, {} games ({} finished, {} events), {} people, {} accounts, {} ratings, schema {}",
        size(c.bytes),
        c.games,
        c.finished,
        c.events,
        c.people,
        c.accounts,
        c.ratings,
        c.schema
    )
}

/// A file's size as people read it.
fn size(bytes: u64) -> String {
    const KB: f64 = 1000.0;
    let b = bytes as f64;
    if b >= KB * KB * KB {
        format!("{:.2} GB", b / (KB * KB * KB))
    } else if b >= KB * KB {
        format!("{:.1} MB", b / (KB * KB))
    } else {
        format!("{:.0} kB", (b / KB).max(1.0))
    }
}
