//! A competition's arbiters over HTTP (docs/protocol.md, "Arbiters"):
//! listed for everyone, named and removed by the organiser.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::competitions::{arbiters, Desk};
use crate::error::Failure;
use crate::ids::{CompetitionId, PersonId};
use crate::net::body::JsonBody;
use crate::people::identity::Visitor;
use crate::store::Store;

/// The state of the arbiters' routes.
#[derive(Clone)]
pub struct ArbiterRoutes {
    desk: Arc<Desk>,
    store: Store,
}

impl ArbiterRoutes {
    /// Over `desk` and its `store`.
    pub fn new(desk: Arc<Desk>, store: Store) -> ArbiterRoutes {
        ArbiterRoutes { desk, store }
    }
}

/// What `POST /api/competitions/{id}/arbiters` takes.
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NameArbiter {
    /// The account's user name.
    username: String,
}

/// `GET /api/competitions/{id}/arbiters`: who they are, in the order
/// named (an event's arbiters are named on its notice board too).
pub async fn list(
    State(s): State<ArbiterRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    Ok(Json(arbiters::list(&s.desk, &s.store, &id).await?).into_response())
}

/// `POST /api/competitions/{id}/arbiters`: the organiser names an
/// account an arbiter; the arbiters then.
pub async fn name(
    State(s): State<ArbiterRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(body): JsonBody<NameArbiter>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let named = arbiters::name(
        &s.desk,
        &s.store,
        &id,
        visitor.person.as_ref(),
        &body.username,
    )
    .await?;
    Ok(Json(named).into_response())
}

/// `DELETE /api/competitions/{id}/arbiters/{person}`: the organiser
/// removes an arbiter; the arbiters then.
pub async fn remove(
    State(s): State<ArbiterRoutes>,
    Path((id, person)): Path<(String, String)>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let person = PersonId::parse(&person).ok_or_else(|| {
        Failure::new(
            crate::error::Code::UnknownPlayer,
            "not a person's id (32 hex digits)",
        )
    })?;
    let left = arbiters::remove(&s.desk, &s.store, &id, visitor.person.as_ref(), &person).await?;
    Ok(Json(left).into_response())
}
