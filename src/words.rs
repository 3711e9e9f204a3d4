//! `novuss words`: the operator's word list, changed in the database a
//! server uses while it runs (docs/moderation.md, "Word list"). Each
//! server reads the list's version every few seconds and the list again
//! when it moved, so a change needs no restart, and reaches every server
//! over one PostgreSQL.

use std::path::PathBuf;

use novuss_server::{word_entry, Store, WordLang, WordRow};

use crate::database::Where;

/// What `novuss words` does.
#[derive(clap::Subcommand, Debug)]
pub enum WordsCommand {
    /// Add words no name and no free chat line may contain: each one word
    /// (`*` at the end for the words that begin with it).
    Add {
        /// The words.
        words: Vec<String>,
        /// A file of words too, one a line (blank lines and lines
        /// beginning with `#` are skipped), such as the starter lists in
        /// crates/novuss-server/words/.
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
        /// The language they are words of: en, lv or both (every word is
        /// checked in every text; this says where it comes from).
        #[arg(long, default_value = "both", value_parser = lang)]
        lang: WordLang,
        /// Who adds them, kept beside each (default: the login name).
        #[arg(long)]
        by: Option<String>,
        #[command(flatten)]
        database: Where,
        /// Print what changed as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Take words off the list.
    Remove {
        /// The words, as listed or as typed (they are normalised the same).
        words: Vec<String>,
        /// A file of words too, one a line.
        #[arg(long, value_name = "FILE")]
        from: Option<PathBuf>,
        #[command(flatten)]
        database: Where,
        /// Print what changed as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print the list: each word, its language, when and by whom it was
    /// added.
    List {
        #[command(flatten)]
        database: Where,
        /// Print it as JSON.
        #[arg(long)]
        json: bool,
    },
}

fn lang(name: &str) -> Result<WordLang, String> {
    WordLang::parse(name).ok_or_else(|| format!("{name:?} is not en, lv or both"))
}

/// The entries named on the command line and in `from`, normalised as
/// the list keeps them, in order and once each; any that cannot be one
/// stops the command before anything is stored.
fn entries(words: &[String], from: Option<&PathBuf>) -> Result<Vec<String>, String> {
    let mut raw: Vec<(String, String)> = words
        .iter()
        .map(|w| (format!("{w:?}"), w.clone()))
        .collect();
    if let Some(path) = from {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            raw.push((format!("{}:{}", path.display(), k + 1), line.to_owned()));
        }
    }
    if raw.is_empty() {
        return Err("no words given (name them, or a file with --from)".to_owned());
    }
    let mut out: Vec<String> = Vec::new();
    for (at, word) in raw {
        let e = word_entry(&word).map_err(|e| format!("{at}: {e}; nothing was changed"))?;
        if !out.contains(&e) {
            out.push(e);
        }
    }
    Ok(out)
}

/// Who adds, when not told: the login name, as the shell has it.
fn login() -> String {
    ["USER", "LOGNAME", "USERNAME"]
        .iter()
        .find_map(|k| std::env::var(k).ok().filter(|v| !v.trim().is_empty()))
        .unwrap_or_else(|| "operator".to_owned())
}

/// Runs `command` against its database, then closes it: what it prints.
pub fn run(command: WordsCommand) -> Result<String, String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the runtime: {e}"))?;
    // Words are checked before the database is opened: a typo changes
    // nothing, and does not even create a database.
    let (database, entries) = match &command {
        WordsCommand::Add {
            words,
            from,
            database,
            ..
        } => (database.database(true)?, entries(words, from.as_ref())?),
        WordsCommand::Remove {
            words,
            from,
            database,
            ..
        } => (database.database(false)?, entries(words, from.as_ref())?),
        WordsCommand::List { database, .. } => (database.database(false)?, Vec::new()),
    };
    runtime.block_on(async {
        let store = database
            .open()
            .await
            .map_err(|e| format!("cannot open the database {database}: {e}"))?;
        let out = act(&store, command, entries).await;
        store.close().await;
        out
    })
}

async fn act(store: &Store, command: WordsCommand, entries: Vec<String>) -> Result<String, String> {
    let failed = |e: novuss_server::StoreError| format!("the database failed: {e}");
    match command {
        WordsCommand::Add { lang, by, json, .. } => {
            let by = by.unwrap_or_else(login);
            let done = store
                .add_words(&entries, lang, by.trim(), novuss_server::now())
                .await
                .map_err(failed)?;
            if json {
                return serde_json::to_string_pretty(&done).map_err(|e| e.to_string());
            }
            let mut lines = Vec::new();
            listed(&mut lines, "added", &done.added);
            listed(&mut lines, "now for both languages", &done.widened);
            listed(&mut lines, "listed already", &done.unchanged);
            lines.push(changed(done.version));
            Ok(lines.join("\n"))
        }
        WordsCommand::Remove { json, .. } => {
            let done = store.remove_words(&entries).await.map_err(failed)?;
            if json {
                return serde_json::to_string_pretty(&done).map_err(|e| e.to_string());
            }
            let mut lines = Vec::new();
            listed(&mut lines, "removed", &done.removed);
            listed(&mut lines, "not listed", &done.absent);
            lines.push(changed(done.version));
            Ok(lines.join("\n"))
        }
        WordsCommand::List { json, .. } => {
            let (version, rows) = store.word_list().await.map_err(failed)?;
            if json {
                return serde_json::to_string_pretty(&serde_json::json!({
                    "version": version,
                    "words": rows,
                }))
                .map_err(|e| e.to_string());
            }
            Ok(table(version, &rows))
        }
    }
}

fn listed(lines: &mut Vec<String>, what: &str, words: &[String]) {
    if !words.is_empty() {
        lines.push(format!("{what} ({}): {}", words.len(), words.join(", ")));
    }
}

fn changed(version: i64) -> String {
    format!(
        "the list is at version {version}; running servers read it within {} s",
        novuss_server::WORD_LIST_REFRESH.as_secs()
    )
}

/// The list for a person: one word a line.
fn table(version: i64, rows: &[WordRow]) -> String {
    if rows.is_empty() {
        return format!("the word list is empty (version {version})");
    }
    let width = rows
        .iter()
        .map(|r| r.word.chars().count())
        .max()
        .unwrap_or(4);
    let mut out = format!("{:<width$}  lang  added (UTC)       by\n", "word");
    for r in rows {
        out.push_str(&format!(
            "{:<width$}  {:<4}  {}  {}\n",
            r.word,
            r.lang.name(),
            utc(r.added),
            r.added_by
        ));
    }
    let n = rows.len();
    let s = if n == 1 { "" } else { "s" };
    out.push_str(&format!("{n} word{s}, version {version}"));
    out
}

/// Seconds since 1970 as `YYYY-MM-DD HH:MM` (UTC), without a date crate:
/// days to a civil date by Howard Hinnant's algorithm.
fn utc(secs: i64) -> String {
    let days = secs.div_euclid(86_400);
    let rest = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_civil() {
        assert_eq!(utc(0), "1970-01-01 00:00");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00");
        assert_eq!(utc(1_796_000_000), "2026-11-30 00:53");
    }

    #[test]
    fn entries_are_checked_before_anything_is_stored() {
        let words = vec!["Idiot".to_owned(), "IDIOT".to_owned(), "sūds".to_owned()];
        assert_eq!(entries(&words, None).unwrap(), ["idiot", "suds"]);
        let bad = entries(&["two words".to_owned()], None).unwrap_err();
        assert!(bad.contains("\"two words\""), "{bad}");
        assert!(bad.contains("nothing was changed"), "{bad}");
        assert!(entries(&[], None).is_err());
    }

    #[test]
    fn the_starter_lists_are_all_entries() {
        for lang in ["en", "lv"] {
            let path = PathBuf::from(format!(
                "{}/crates/novuss-server/words/{lang}.txt",
                env!("CARGO_MANIFEST_DIR")
            ));
            let listed = entries(&[], Some(&path)).unwrap();
            assert!(listed.len() >= 10, "{lang}: {listed:?}");
        }
    }
}
