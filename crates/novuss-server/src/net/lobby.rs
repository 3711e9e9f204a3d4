//! The lobby's routes (docs/protocol.md, "The lobby"); what they do is in
//! `hub/lobby.rs`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::error::Failure;
use crate::hub::{Hub, NewChallenge};
use crate::ids::GameId;
use crate::net::body::JsonBody;
use crate::net::http::with_cookie;
use crate::people::identity::Visitor;

/// `GET /api/lobby`: open challenges and live games.
pub async fn lobby(State(hub): State<Arc<Hub>>, visitor: Visitor) -> Result<Response, Failure> {
    Ok(Json(hub.lobby(visitor.person.as_ref()).await?).into_response())
}

/// `POST /api/lobby/challenges`: a challenge of the visitor's (who
/// becomes a person for it), answered like a new game.
pub async fn challenge(
    State(hub): State<Arc<Hub>>,
    visitor: Visitor,
    JsonBody(new): JsonBody<NewChallenge>,
) -> Result<Response, Failure> {
    // Checked before anyone is made a person for it.
    new.new_game()?;
    let (person, cookie) = hub.people().ensure(&visitor).await?;
    let created = hub.challenge(&new, &person).await?;
    Ok(with_cookie(
        (StatusCode::CREATED, Json(created)).into_response(),
        cookie,
    ))
}

/// `POST /api/lobby/challenges/{id}/accept`: the visitor takes the
/// challenge's open seat.
pub async fn accept(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = GameId::parse(&id)?;
    let (player, person, cookie) = hub.accept(&id, &visitor).await?;
    Ok(with_cookie(
        Json(json!({"id": id.as_str(), "player": player, "person": person})).into_response(),
        cookie,
    ))
}

/// `POST /api/lobby/quick`: "play someone now".
pub async fn quick(
    State(hub): State<Arc<Hub>>,
    visitor: Visitor,
    JsonBody(new): JsonBody<NewChallenge>,
) -> Result<Response, Failure> {
    let (quick, cookie) = hub.quick(&new, &visitor).await?;
    Ok(with_cookie(Json(quick).into_response(), cookie))
}
