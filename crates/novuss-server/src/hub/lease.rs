//! One instance at a time runs a game's computer turns and clocks
//! (several servers over one PostgreSQL, docs/scaling.md). Before it
//! thinks for the computer, records a time-out or abandons a game, an
//! instance takes the game's lease in the database ([`Store::lease`]),
//! and renews it while it thinks. Another instance finding it held tries
//! again every [`RETRY`]; an instance that dies holding it is replaced
//! once it expires ([`LEASE`], 5 s). With SQLite the lease is always
//! this process's.
//!
//! The lease keeps the work in one place; the event-number check of
//! every append is what makes a stroke impossible to store twice, should
//! two instances ever both believe they hold it.
//!
//! [`Store::lease`]: crate::store::Store::lease

use std::sync::Arc;
use std::time::Duration;

use super::{Hub, SharedRoom};
use crate::game::clock::now_ms;

pub use crate::store::LEASE;

/// How often an instance that found a game's lease held asks again.
pub const RETRY: Duration = Duration::from_secs(1);

impl Hub {
    /// Whether this instance holds game `game`'s lease now (taking or
    /// renewing it). A failing database answers no: the work waits.
    pub(super) async fn hold(&self, game: &str) -> bool {
        match self.store.lease(game, now_ms()).await {
            Ok(held) => held,
            Err(e) => {
                tracing::warn!(game, "the game's lease could not be read: {e}");
                false
            }
        }
    }

    /// Wakes the computer of `shared` again after [`RETRY`]: its lease
    /// was another instance's. It stops of itself once nothing is due
    /// (the other instance played, and this one followed).
    pub(super) fn wake_later(self: &Arc<Self>, shared: SharedRoom) {
        let hub = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(RETRY).await;
            hub.wake(shared);
        });
    }
}
