//! The word list as a server holds it (docs/moderation.md, "Word list"):
//! the operator's words that no name and no free chat line may contain,
//! matched as `matching.rs` says, and kept fresh from the database.
//!
//! The list is read whole into memory and checked there: a name or a
//! chat line costs no query. Each server reads the list's version (one
//! row) every [`REFRESH`] off the request path, and the list again only
//! when the version moved; so a change made with `novuss words`, from
//! another process, reaches every server over the same database (SQLite's
//! file, or a PostgreSQL that several share) within that time.

pub mod matching;

use std::sync::{Arc, RwLock};
use std::time::Duration;

use crate::error::{Code, Failure};
use crate::store::{Store, StoreError};

use matching::Matcher;

/// How often a server asks whether the list changed.
pub const REFRESH: Duration = Duration::from_secs(2);

/// The list a server holds, with the version it was read at.
#[derive(Debug, Default)]
pub struct WordList {
    /// The matcher and its version (`None`: never read yet), swapped
    /// whole when the list changes, so that a check never sees half a
    /// list.
    held: RwLock<(Option<i64>, Arc<Matcher>)>,
}

impl WordList {
    /// An empty list, read at the first [`WordList::refresh`].
    pub fn new() -> WordList {
        WordList::default()
    }

    /// The matcher held now.
    fn matcher(&self) -> Arc<Matcher> {
        // A poisoned lock still holds a whole matcher: it is only ever
        // replaced, never changed in place.
        match self.held.read() {
            Ok(h) => h.1.clone(),
            Err(p) => p.into_inner().1.clone(),
        }
    }

    /// Whether `text` may be shown: [`Code::WordNotAllowed`] if it holds
    /// a listed word. The detail does not repeat the word: it is in the
    /// request.
    pub fn check(&self, text: &str, what: &str) -> Result<(), Failure> {
        if self.matcher().matches(text) {
            return Err(Failure::new(
                Code::WordNotAllowed,
                format!("{what} holds a word this site does not allow"),
            ));
        }
        Ok(())
    }

    /// Reads the version, and the list if the version moved since the
    /// last read: whether the list was read again.
    pub async fn refresh(&self, store: &Store) -> Result<bool, StoreError> {
        let version = store.word_list_version().await?;
        let held = match self.held.read() {
            Ok(h) => h.0,
            Err(p) => p.into_inner().0,
        };
        if held == Some(version) {
            return Ok(false);
        }
        let (version, rows) = store.word_list().await?;
        let matcher = Arc::new(Matcher::new(rows.iter().map(|r| r.word.as_str())));
        let mut h = match self.held.write() {
            Ok(h) => h,
            Err(p) => p.into_inner(),
        };
        *h = (Some(version), matcher);
        tracing::info!(version, words = rows.len(), "word list read");
        Ok(true)
    }

    /// Refreshes every [`REFRESH`] until aborted; a database that fails
    /// keeps the list held (logged), and the next tick tries again.
    pub async fn keep_fresh(self: Arc<Self>, store: Store) {
        let mut every = tokio::time::interval(REFRESH);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Err(e) = self.refresh(&store).await {
                tracing::warn!("the word list could not be read: {e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::WordLang;

    #[tokio::test]
    async fn a_server_holds_the_list_and_reads_it_again_only_when_it_changed() {
        let store = Store::memory().await.unwrap();
        let list = WordList::new();
        assert!(list.check("kāda muļķība", "a line").is_ok());
        assert!(list.refresh(&store).await.unwrap(), "first read");
        assert!(!list.refresh(&store).await.unwrap(), "nothing changed");
        store
            .add_words(&["mulkiba".to_owned()], WordLang::Lv, "op", 1)
            .await
            .unwrap();
        // Held until the next refresh: no query per check.
        assert!(list.check("kāda muļķība", "a line").is_ok());
        assert!(list.refresh(&store).await.unwrap());
        let refused = list.check("kāda MUĻĶĪBA", "a line").unwrap_err();
        assert_eq!(refused.code, Code::WordNotAllowed);
        assert_eq!(refused.status(), axum::http::StatusCode::BAD_REQUEST);
        assert!(list.check("kāda muļķa kļūda", "a line").is_ok());
        store.remove_words(&["mulkiba".to_owned()]).await.unwrap();
        assert!(list.refresh(&store).await.unwrap());
        assert!(list.check("kāda muļķība", "a line").is_ok());
    }
}
