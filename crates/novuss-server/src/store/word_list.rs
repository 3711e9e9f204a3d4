//! The word list (migration `0020_word_list.sql`, PostgreSQL's
//! `0015_word_list.sql`): the words no name and no free chat line may
//! contain, and the number of times the list changed, which each server
//! reads every few seconds to know when to read the list again
//! (docs/moderation.md, "Word list"). The entries arrive normalised
//! (`wordlist::matching::entry`): the store keeps them as given.

use super::error::StoreError;
use super::handle::Store;
use super::read::{int, text};

/// The language a listed word belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WordLang {
    /// English.
    En,
    /// Latvian.
    Lv,
    /// A word of both languages (or added for each).
    Both,
}

impl WordLang {
    /// As stored, and as `novuss words --lang` takes it.
    pub fn name(self) -> &'static str {
        match self {
            WordLang::En => "en",
            WordLang::Lv => "lv",
            WordLang::Both => "both",
        }
    }

    /// From its name.
    pub fn parse(name: &str) -> Option<WordLang> {
        match name {
            "en" => Some(WordLang::En),
            "lv" => Some(WordLang::Lv),
            "both" => Some(WordLang::Both),
            _ => None,
        }
    }

    /// A word listed for `self` and added again for `other`.
    fn with(self, other: WordLang) -> WordLang {
        if self == other {
            self
        } else {
            WordLang::Both
        }
    }
}

/// One entry of the list.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WordRow {
    /// As matched (normalised; `…*` for a prefix).
    pub word: String,
    /// Its language.
    pub lang: WordLang,
    /// When it was added, seconds since 1970.
    pub added: i64,
    /// Who added it.
    pub added_by: String,
}

/// What adding words did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct WordsAdded {
    /// Words new to the list.
    pub added: Vec<String>,
    /// Words listed already, now for another language too (`both`).
    pub widened: Vec<String>,
    /// Words listed already as asked: nothing changed.
    pub unchanged: Vec<String>,
    /// The list's version after the change.
    pub version: i64,
}

/// What removing words did.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct WordsRemoved {
    /// Words taken off the list.
    pub removed: Vec<String>,
    /// Words that were not on it.
    pub absent: Vec<String>,
    /// The list's version after the change.
    pub version: i64,
}

/// What a damaged row is reported as.
const WHAT: &str = "the word list";

/// The version row's statement: one more change, in the change's own
/// transaction, so that a server that sees the new number reads the new
/// list.
const BUMP: &str = "UPDATE word_list_version SET version = version + 1 WHERE id = 1";

impl Store {
    /// How many times the word list has changed: cheap, read every few
    /// seconds by each server.
    pub async fn word_list_version(&self) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT version FROM word_list_version WHERE id = 1")
            .fetch_one(self.reader())
            .await?;
        int(&row, 0, WHAT)
    }

    /// The whole list, sorted, with the version it is: read in one
    /// transaction, so that the two agree.
    pub async fn word_list(&self) -> Result<(i64, Vec<WordRow>), StoreError> {
        let mut tx = self.reader().begin().await?;
        let version = int(
            &sqlx::query("SELECT version FROM word_list_version WHERE id = 1")
                .fetch_one(&mut *tx)
                .await?,
            0,
            WHAT,
        )?;
        let rows = sqlx::query("SELECT word, lang, added, added_by FROM word_list ORDER BY word")
            .fetch_all(&mut *tx)
            .await?;
        tx.commit().await?;
        let mut list = Vec::with_capacity(rows.len());
        for row in rows {
            let word = text(&row, 0, WHAT)?;
            let lang = text(&row, 1, WHAT)?;
            let lang = WordLang::parse(&lang).ok_or_else(|| StoreError::Damaged {
                game: format!("word list entry {word:?}"),
                what: format!("unknown language {lang:?}"),
            })?;
            list.push(WordRow {
                word,
                lang,
                added: int(&row, 2, WHAT)?,
                added_by: text(&row, 3, WHAT)?,
            });
        }
        Ok((version, list))
    }

    /// Adds `words` (normalised entries) for `lang`, by `by` at `at`, in
    /// one transaction: a word listed already for another language
    /// becomes `both`. The version moves only if something changed.
    pub async fn add_words(
        &self,
        words: &[String],
        lang: WordLang,
        by: &str,
        at: i64,
    ) -> Result<WordsAdded, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let mut done = WordsAdded::default();
            for word in words {
                let had: Option<(String,)> =
                    sqlx::query_as("SELECT lang FROM word_list WHERE word = $1")
                        .bind(word)
                        .fetch_optional(&mut *tx)
                        .await?;
                match had.map(|(l,)| WordLang::parse(&l)) {
                    None => {
                        sqlx::query(
                            "INSERT INTO word_list (word, lang, added, added_by) \
                             VALUES ($1, $2, $3, $4)",
                        )
                        .bind(word)
                        .bind(lang.name())
                        .bind(at)
                        .bind(by)
                        .execute(&mut *tx)
                        .await?;
                        done.added.push(word.clone());
                    }
                    Some(Some(old)) if old.with(lang) == old => {
                        done.unchanged.push(word.clone());
                    }
                    // Another language, or one this version cannot read:
                    // both, which every version reads.
                    Some(old) => {
                        let wider = old.map_or(WordLang::Both, |o| o.with(lang));
                        sqlx::query("UPDATE word_list SET lang = $1 WHERE word = $2")
                            .bind(wider.name())
                            .bind(word)
                            .execute(&mut *tx)
                            .await?;
                        done.widened.push(word.clone());
                    }
                }
            }
            if !done.added.is_empty() || !done.widened.is_empty() {
                sqlx::query(BUMP).execute(&mut *tx).await?;
            }
            let (version,): (i64,) =
                sqlx::query_as("SELECT version FROM word_list_version WHERE id = 1")
                    .fetch_one(&mut *tx)
                    .await?;
            tx.commit().await?;
            done.version = version;
            Ok(done)
        }
        .await;
        self.settle(conn, result).await
    }

    /// Removes `words` (normalised entries) in one transaction; the
    /// version moves only if one was listed.
    pub async fn remove_words(&self, words: &[String]) -> Result<WordsRemoved, StoreError> {
        let mut conn = self.write().await?;
        let result = async {
            let mut tx = sqlx::Connection::begin(&mut *conn).await?;
            let mut done = WordsRemoved::default();
            for word in words {
                let gone = sqlx::query("DELETE FROM word_list WHERE word = $1")
                    .bind(word)
                    .execute(&mut *tx)
                    .await?
                    .rows_affected();
                if gone > 0 {
                    done.removed.push(word.clone());
                } else {
                    done.absent.push(word.clone());
                }
            }
            if !done.removed.is_empty() {
                sqlx::query(BUMP).execute(&mut *tx).await?;
            }
            let (version,): (i64,) =
                sqlx::query_as("SELECT version FROM word_list_version WHERE id = 1")
                    .fetch_one(&mut *tx)
                    .await?;
            tx.commit().await?;
            done.version = version;
            Ok(done)
        }
        .await;
        self.settle(conn, result).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| (*s).to_owned()).collect()
    }

    #[tokio::test]
    async fn changes_move_the_version_and_nothing_else_does() {
        let store = Store::memory().await.unwrap();
        assert_eq!(store.word_list_version().await.unwrap(), 0);
        let added = store
            .add_words(&words(&["idiot", "stulb*"]), WordLang::En, "op", 10)
            .await
            .unwrap();
        assert_eq!(added.added, words(&["idiot", "stulb*"]));
        assert_eq!(added.version, 1);
        // The same again: nothing changes, the version stays.
        let again = store
            .add_words(&words(&["idiot"]), WordLang::En, "op", 11)
            .await
            .unwrap();
        assert_eq!(again.unchanged, words(&["idiot"]));
        assert_eq!(again.version, 1);
        // Another language: both.
        let lv = store
            .add_words(&words(&["stulb*"]), WordLang::Lv, "op", 12)
            .await
            .unwrap();
        assert_eq!(lv.widened, words(&["stulb*"]));
        assert_eq!(lv.version, 2);
        let (version, list) = store.word_list().await.unwrap();
        assert_eq!(version, 2);
        assert_eq!(
            list.iter()
                .map(|r| (r.word.as_str(), r.lang, r.added, r.added_by.as_str()))
                .collect::<Vec<_>>(),
            [
                ("idiot", WordLang::En, 10, "op"),
                ("stulb*", WordLang::Both, 10, "op")
            ]
        );
        let removed = store
            .remove_words(&words(&["idiot", "absent"]))
            .await
            .unwrap();
        assert_eq!(removed.removed, words(&["idiot"]));
        assert_eq!(removed.absent, words(&["absent"]));
        assert_eq!(removed.version, 3);
        let none = store.remove_words(&words(&["absent"])).await.unwrap();
        assert_eq!(none.version, 3);
        assert_eq!(store.word_list().await.unwrap().1.len(), 1);
    }
}
