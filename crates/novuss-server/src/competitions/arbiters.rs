//! A competition's arbiters (issue 32, "Bad input and trust": "Only the
//! organiser (and the arbiters they name) can change a competition";
//! docs/competitions.md, "Arbiters"). The organiser names people with
//! accounts by their user name; an arbiter may then make every change the
//! organiser may (results at the tables, corrections, pairings, entries),
//! stored under their own id so the record says who did what, but only
//! the organiser names or removes arbiters.
//!
//! Who the arbiters are is read from the store for each change, never
//! held: with several servers, one that named an arbiter needs to tell
//! no other, and a removed arbiter's next change is refused everywhere.

use serde::Serialize;

use super::desk::Desk;
use super::officials::official;
use crate::error::{Code, Failure};
use crate::ids::{CompetitionId, PersonId};
use crate::policy;
use crate::store::{now, Named, Store};

/// The most arbiters a competition has: a federation event names a
/// chief arbiter and a few deputies; more would be a list nobody checks.
pub const MAX_ARBITERS: u32 = 16;

/// An arbiter as `GET /api/competitions/{id}/arbiters` lists them
/// (docs/protocol.md, "Arbiters").
#[derive(Clone, Debug, Serialize)]
pub struct Arbiter {
    /// Their public id.
    pub person: PersonId,
    /// The name they chose, else their user name.
    pub name: String,
}

/// The arbiters of competition `id`, in the order they were named.
pub async fn list(desk: &Desk, store: &Store, id: &CompetitionId) -> Result<Vec<Arbiter>, Failure> {
    desk.view(id).await?;
    let mut arbiters = Vec::new();
    for person in store.competition_arbiters(id).await? {
        let name = super::entering::shown_name(store, &person)
            .await?
            .unwrap_or_default();
        arbiters.push(Arbiter { person, name });
    }
    Ok(arbiters)
}

/// The organiser `who` names the account called `username` an arbiter of
/// competition `id`; the arbiters then.
pub async fn name(
    desk: &Desk,
    store: &Store,
    id: &CompetitionId,
    who: Option<&PersonId>,
    username: &str,
) -> Result<Vec<Arbiter>, Failure> {
    let held = desk.view(id).await?;
    policy::may_name_arbiters(official(store, &held.view, who).await?)?;
    let Some(who) = who else {
        return Err(Failure::new(Code::NotOrganiser, "nobody may name arbiters"));
    };
    let person = super::entering::person_named(store, username).await?;
    if person == held.view.organiser {
        return Err(Failure::new(
            Code::OrganiserAsArbiter,
            "the organiser may change the competition already",
        ));
    }
    match store
        .add_competition_arbiter(id, &person, who, now(), MAX_ARBITERS)
        .await?
    {
        Named::Now => {
            tracing::info!(competition = %id, arbiter = %person, "an arbiter named");
        }
        Named::Already => {}
        Named::Full => {
            return Err(Failure::new(
                Code::TooManyArbiters,
                format!("a competition has at most {MAX_ARBITERS} arbiters"),
            ))
        }
    }
    list(desk, store, id).await
}

/// The organiser `who` removes `person` from competition `id`'s arbiters
/// (nothing changes if they were none); the arbiters then.
pub async fn remove(
    desk: &Desk,
    store: &Store,
    id: &CompetitionId,
    who: Option<&PersonId>,
    person: &PersonId,
) -> Result<Vec<Arbiter>, Failure> {
    let held = desk.view(id).await?;
    policy::may_name_arbiters(official(store, &held.view, who).await?)?;
    if store.remove_competition_arbiter(id, person).await? {
        tracing::info!(competition = %id, arbiter = %person, "an arbiter removed");
    }
    list(desk, store, id).await
}
