//! A club's page (docs/protocol.md, "Clubs"): the competitions it
//! organises, newest first.

use serde::Serialize;

use super::competitions::ListedCompetition;
use crate::store::ListedCompetition as StoredCompetition;

/// `GET /api/clubs/{name}`: a club and its competitions.
#[derive(Clone, Debug, Serialize)]
pub struct Club {
    /// Its name as its newest competition writes it.
    pub name: String,
    /// The competitions it organises, newest first (the latest 100).
    pub competitions: Vec<ListedCompetition>,
}

impl From<StoredCompetition> for ListedCompetition {
    fn from(c: StoredCompetition) -> ListedCompetition {
        ListedCompetition {
            id: c.id,
            organiser: c.organiser,
            created: c.created,
            setup: c.setup,
        }
    }
}
