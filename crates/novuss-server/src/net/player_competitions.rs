//! `GET /api/players/{id}/competitions` (docs/protocol.md, "A player's
//! competitions"): the competitions a person is entered in, beside the
//! player page's games (`net/ratings.rs`). Entries are public, as a
//! competition is: anyone may read anyone's.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::competitions::Desk;
use crate::error::{Code, Failure};
use crate::ids::PersonId;
use crate::people::competitions::entered;
use crate::store::Store;

/// What the route reads: the competitions as the desk holds them, and
/// the store's index of who is entered where.
#[derive(Clone)]
pub struct PlayerCompetitionRoutes {
    desk: Arc<Desk>,
    store: Store,
}

impl PlayerCompetitionRoutes {
    /// Over `desk` and `store`.
    pub fn new(desk: Arc<Desk>, store: Store) -> PlayerCompetitionRoutes {
        PlayerCompetitionRoutes { desk, store }
    }
}

/// `GET /api/players/{id}/competitions`: `404 unknown_player` for an id
/// that is not a person's (malformed or nobody's), as the player page
/// itself answers; a person entered nowhere has an empty list.
pub async fn competitions(
    State(routes): State<PlayerCompetitionRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let person = PersonId::parse(&id).ok_or_else(|| {
        Failure::new(
            Code::UnknownPlayer,
            "a player's id is 32 hexadecimal digits",
        )
    })?;
    routes
        .store
        .person_name(&person)
        .await?
        .ok_or_else(Failure::unknown_player)?;
    let list = entered(&routes.desk, &routes.store, &person).await?;
    Ok(Json(list).into_response())
}
