//! One instance at a time runs a game's computer turns and clocks
//! (several servers over one PostgreSQL, docs/scaling.md). Before it
//! thinks for the computer, records a time-out or abandons a game, an
//! instance takes the game's lease in the database ([`Shared::lease`]),
//! and renews it while it thinks. Another instance finding it held tries
//! again every [`RETRY`]; an instance that dies holding it is replaced
//! once it expires ([`LEASE`], 5 s). With SQLite, which has no
//! [`Shared`] handle, the lease is always this process's.
//!
//! The lease keeps the work in one place; the event-number check of
//! every append is what makes a stroke impossible to store twice, should
//! two instances ever both believe they hold it.
//!
//! Here too: whether a player has a game open on another instance, which
//! no clock here may time out or claim against.
//!
//! [`Shared`]: crate::store::Shared
//! [`Shared::lease`]: crate::store::Shared::lease

use std::sync::Arc;
use std::time::Duration;

use super::{Hub, SharedRoom};
use crate::game::clock::now_ms;
use crate::ids::{GameId, PersonId};
use crate::store::StoreError;

pub use crate::store::LEASE;

/// How often an instance that found a game's lease held asks again.
pub const RETRY: Duration = Duration::from_secs(1);

impl Hub {
    /// Whether this instance holds game `game`'s lease now (taking or
    /// renewing it). A failing database answers no: the work waits.
    pub(super) async fn hold(&self, game: &GameId) -> bool {
        let Some(shared) = self.store.shared() else {
            return true;
        };
        match shared.lease(game, now_ms()).await {
            Ok(held) => {
                crate::metrics::lease(held);
                held
            }
            Err(e) => {
                tracing::warn!(%game, "the game's lease could not be read: {e}");
                false
            }
        }
    }

    /// Whether `person` has game `game` open on another instance that is
    /// alive, at `now` (ms since 1970): never with SQLite, which one
    /// process serves.
    pub(super) async fn present_elsewhere(
        &self,
        game: &GameId,
        person: &PersonId,
        now: i64,
    ) -> Result<bool, StoreError> {
        match self.store.shared() {
            Some(shared) => shared.present_elsewhere(game, person, now).await,
            None => Ok(false),
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
