//! A competition's record (issue 33, "Trust and failure": "every change
//! is kept with who made it and when"): its stored changes, newest first,
//! each with when it was stored and who made it, as the organiser and
//! the arbiters read it on the desk. Who made a change is said by what
//! they are to the competition: its organiser or an arbiter (by name),
//! the server itself (a game's result, a forfeit, a round paired on
//! time), a phone at a table (the side it recorded for), or someone else
//! (a person entering themselves).

use std::collections::HashMap;

use novuss_club::competition::Recorder;
use novuss_club::Change;
use serde::Serialize;

use super::desk::{Held, SERVER};
use crate::error::Failure;
use crate::ids::PersonId;
use crate::store::Store;

/// The most changes one page of the record shows.
pub const PAGE: usize = 100;

/// Who made a change, as the record says it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Maker {
    /// The competition's organiser.
    Organiser {
        /// Their name.
        name: Option<String>,
    },
    /// One of its arbiters (now, or when the change was made: an arbiter
    /// removed since is said as "someone").
    Arbiter {
        /// Their name.
        name: Option<String>,
    },
    /// The server itself.
    Server,
    /// A phone at a table, recording for a side.
    Phone {
        /// The side: `first` or `second`.
        side: Recorder,
        /// The phone's person, which tells two phones apart.
        person: PersonId,
    },
    /// Someone else: a person entering themselves.
    Someone {
        /// Their person.
        person: PersonId,
        /// Their name, if they chose one.
        name: Option<String>,
    },
}

/// One change of the record.
#[derive(Clone, Debug, Serialize)]
pub struct Recorded {
    /// Its number, from 1.
    pub number: u64,
    /// When it was stored, seconds since 1970.
    pub at: i64,
    /// Who made it.
    pub by: Maker,
    /// The change.
    pub change: Change,
}

/// A page of the record: changes newest first, from `before` down.
#[derive(Clone, Debug, Serialize)]
pub struct RecordPage {
    /// The changes, newest first.
    pub changes: Vec<Recorded>,
    /// Whether older ones are left (ask with `before` the last number).
    pub more: bool,
}

/// Competition `held`'s record: up to [`PAGE`] changes numbered below
/// `before` (all: the newest), newest first.
pub async fn record(
    store: &Store,
    held: &Held,
    before: Option<u64>,
) -> Result<RecordPage, Failure> {
    let id = &held.view.id;
    let row = store.competition(id).await?.ok_or_else(|| {
        Failure::new(
            crate::error::Code::UnknownCompetition,
            "no such competition",
        )
    })?;
    let arbiters = store.competition_arbiters(id).await?;
    let mut names: HashMap<PersonId, Option<String>> = HashMap::new();
    let mut changes = Vec::new();
    let mut older = row
        .changes
        .iter()
        .rev()
        .filter(|c| before.is_none_or(|b| c.number < b));
    for c in older.by_ref().take(PAGE) {
        let by = if c.by.as_str() == SERVER {
            Maker::Server
        } else if let Change::AtTable { by: side, .. } = c.change {
            if side == Recorder::Referee {
                maker(store, held, &arbiters, &mut names, &c.by).await?
            } else {
                Maker::Phone {
                    side,
                    person: c.by.clone(),
                }
            }
        } else {
            maker(store, held, &arbiters, &mut names, &c.by).await?
        };
        changes.push(Recorded {
            number: c.number,
            at: c.at,
            by,
            change: c.change.clone(),
        });
    }
    Ok(RecordPage {
        more: older.next().is_some(),
        changes,
    })
}

/// Who `person` is to the competition, their name read once.
async fn maker(
    store: &Store,
    held: &Held,
    arbiters: &[PersonId],
    names: &mut HashMap<PersonId, Option<String>>,
    person: &PersonId,
) -> Result<Maker, Failure> {
    let name = match names.get(person) {
        Some(n) => n.clone(),
        None => {
            let n = super::entering::shown_name(store, person).await?;
            names.insert(person.clone(), n.clone());
            n
        }
    };
    Ok(if *person == held.view.organiser {
        Maker::Organiser { name }
    } else if arbiters.contains(person) {
        Maker::Arbiter { name }
    } else {
        Maker::Someone {
            person: person.clone(),
            name,
        }
    })
}
