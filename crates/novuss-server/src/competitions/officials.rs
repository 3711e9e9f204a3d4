//! Who a person is to a competition, and so whether they may change it
//! (issue 32, "Bad input and trust": "Only the organiser (and the arbiters
//! they name) can change a competition"). Every route and step that
//! changes one asks here first: the desk's changes, entering a person,
//! naming arbiters, the record and the tables' links; what each of the
//! three may do is the policy's ([`crate::policy`]).
//!
//! Whether someone is an arbiter is read from the store each time, never
//! held: with several servers, a removed arbiter's next change is refused
//! everywhere (`arbiters.rs`).

use crate::error::Failure;
use crate::ids::PersonId;
use crate::policy::{self, Official};
use crate::store::Store;
use crate::wire::http::competitions::CompetitionView;

/// Who `who` is to competition `c`: one row read by its key when they
/// are neither nobody nor the organiser.
pub async fn official(
    store: &Store,
    c: &CompetitionView,
    who: Option<&PersonId>,
) -> Result<Official, Failure> {
    let Some(who) = who else {
        return Ok(Official::Nobody);
    };
    if *who == c.organiser {
        return Ok(Official::Organiser);
    }
    if store.is_competition_arbiter(&c.id, who).await? {
        Ok(Official::Arbiter)
    } else {
        Ok(Official::Nobody)
    }
}

/// Whether `who` may change competition `c` (the policy, on who they are
/// to it).
pub async fn may_change(
    store: &Store,
    c: &CompetitionView,
    who: Option<&PersonId>,
) -> Result<(), Failure> {
    policy::may_change_competition(official(store, c, who).await?)
}
