//! People with accounts as entrants (issue 32: "Entries from people with
//! accounts or from a list the organiser keeps"): the organiser enters a
//! person by their account's user name, and a person signed in to an
//! account enters themselves where the organiser lets them
//! (`open_entry`), before the first round is paired. Either way the
//! server fills the entry's name (the name they chose, else the user
//! name) and its `person`; nobody else can put a person's id on an
//! entry, so a seat of a competition's game is its holder's alone.

use std::sync::Arc;

use novuss_club::{Entry, Refusal};

use super::desk::{Desk, Held};
use crate::error::{Code, Failure};
use crate::ids::{CompetitionId, PersonId};
use crate::net::accounts::username_key;
use crate::store::Store;
use crate::wire::http::competitions::{Ask, TeamAsk};

/// Enters a person with an account into competition `id`, for `who`:
/// the account named `username` when the organiser asks, or `who`
/// themselves when `username` is `None`.
pub async fn enter(
    desk: &Desk,
    store: &Store,
    id: &CompetitionId,
    who: Option<&PersonId>,
    username: Option<&str>,
) -> Result<Arc<Held>, Failure> {
    let Some(who) = who else {
        return Err(signed_in());
    };
    let held = desk.view(id).await?;
    let person = match username {
        Some(name) => {
            super::officials::may_change(store, &held.view, Some(who)).await?;
            person_named(store, name).await?
        }
        None => {
            if store.account(who).await?.is_none() {
                return Err(signed_in());
            }
            let c = &held.view.competition;
            if !c.setup().open_entry || !c.rounds().is_empty() {
                return Err(Failure::of_competition(Refusal::EntryNotOpen));
            }
            who.clone()
        }
    };
    let name = shown_name(store, &person).await?.ok_or_else(signed_in)?;
    let mut entry = Entry::named(&name);
    entry.person = Some(person.as_str().to_owned());
    desk.make(id, who, &Ask::Enter { entry }, None).await
}

/// The person whose account has the user name `username` (as typed, any
/// case), or `unknown_username`: how the organiser names a person to enter
/// and an arbiter (`arbiters.rs`).
pub(super) async fn person_named(store: &Store, username: &str) -> Result<PersonId, Failure> {
    let key = username_key(username)?;
    Ok(store
        .account_named(&key)
        .await?
        .ok_or_else(|| {
            Failure::new(
                Code::UnknownUsername,
                format!("no account has the user name {username:?}"),
            )
        })?
        .person)
}

/// The name a person with an account is shown by in a competition: the
/// one they chose, else their user name; `None` for a person without an
/// account.
pub(super) async fn shown_name(
    store: &Store,
    person: &PersonId,
) -> Result<Option<String>, Failure> {
    let Some(account) = store.account(person).await? else {
        return Ok(None);
    };
    Ok(Some(
        store
            .person_name(person)
            .await?
            .flatten()
            .unwrap_or(account.username),
    ))
}

/// Whether `ask` puts a person's id on an entry: only [`enter`] may,
/// having looked the account up.
pub fn check_no_person(ask: &Ask) -> Result<(), Failure> {
    let named = match ask {
        Ask::Enter { entry } => entry.person.is_some(),
        Ask::EnterList { entries } => entries.iter().any(|e| e.person.is_some()),
        // A team's players are never people of this server's (teams play
        // on real tables), nor may a roster claim to be someone's.
        Ask::Team(TeamAsk::EnterTeam { team }) => team.roster.iter().any(|e| e.person.is_some()),
        Ask::Team(TeamAsk::EnterTeams { teams }) => teams
            .iter()
            .any(|t| t.roster.iter().any(|e| e.person.is_some())),
        _ => false,
    };
    if named {
        return Err(Failure::new(
            Code::BadMessage,
            "a person with an account is entered by their user name (POST /api/competitions/{id}/enter)",
        ));
    }
    Ok(())
}

fn signed_in() -> Failure {
    Failure::new(
        Code::NotSignedIn,
        "only a person signed in to an account may enter",
    )
}
