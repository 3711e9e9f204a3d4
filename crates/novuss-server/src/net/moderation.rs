//! The moderation routes (docs/protocol.md, "Moderation"): anyone with an
//! identity reports; the site's administrators read and act. Who may is
//! the policy's, asked by `moderation/`.

use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::handler::Handler;
use axum::http::StatusCode;
use axum::middleware::from_fn;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};

use crate::error::Failure;
use crate::ids::PersonId;
use crate::moderation::Moderation;
use crate::net::body::JsonBody;
use crate::people::identity::Visitor;
use crate::wire::http::moderation::{ActionAsk, BlockAsk, ReportAsk, WhyAsk};

/// The moderation routes of `moderation`.
pub fn routes(moderation: Arc<Moderation>) -> Router {
    let json = from_fn(crate::net::guard::json_only);
    Router::new()
        .route("/api/reports", post(report.layer(json.clone())))
        .route("/api/blocks", get(blocks).post(block.layer(json.clone())))
        .route("/api/blocks/{person}", axum::routing::delete(unblock))
        .route("/api/admin/reports", get(queue))
        .route(
            "/api/admin/reports/{id}/close",
            post(dismiss.layer(json.clone())),
        )
        .route("/api/admin/people/{id}", get(person))
        .route("/api/admin/log", get(log))
        .route("/api/admin/actions", post(act.layer(json.clone())))
        .route("/api/admin/actions/{id}/undo", post(undo.layer(json)))
        .with_state(moderation)
}

/// `POST /api/reports`: `201` and the new report, or `200` and the
/// reporter's own one still open about the same thing.
async fn report(
    State(m): State<Arc<Moderation>>,
    visitor: Visitor,
    JsonBody(ask): JsonBody<ReportAsk>,
) -> Result<Response, Failure> {
    let reported = m.report(visitor.person.as_ref(), ask).await?;
    let status = created_if(reported.new);
    Ok((status, Json(reported)).into_response())
}

/// `GET /api/blocks`: the people this browser's person blocked.
async fn blocks(State(m): State<Arc<Moderation>>, visitor: Visitor) -> Result<Response, Failure> {
    Ok(Json(m.blocks(visitor.person.as_ref()).await?).into_response())
}

/// `POST /api/blocks`: `201` and the list with the new block, `200` if it
/// was there already.
async fn block(
    State(m): State<Arc<Moderation>>,
    visitor: Visitor,
    JsonBody(ask): JsonBody<BlockAsk>,
) -> Result<Response, Failure> {
    let (new, list) = m.block(visitor.person.as_ref(), &ask.person).await?;
    let status = created_if(new);
    Ok((status, Json(list)).into_response())
}

/// `DELETE /api/blocks/{person}`: the list without them.
async fn unblock(
    State(m): State<Arc<Moderation>>,
    visitor: Visitor,
    Path(person): Path<String>,
) -> Result<Response, Failure> {
    let person = PersonId::parse(&person).ok_or_else(Failure::unknown_player)?;
    Ok(Json(m.unblock(visitor.person.as_ref(), &person).await?).into_response())
}

/// `GET /api/admin/reports` (`?all=1`: closed ones too).
async fn queue(
    State(m): State<Arc<Moderation>>,
    visitor: Visitor,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    let all = query.is_some_and(|q| q.split('&').any(|p| p == "all=1"));
    Ok(Json(m.queue(visitor.person.as_ref(), all).await?).into_response())
}

/// `POST /api/admin/reports/{id}/close`: closed without an action.
async fn dismiss(
    State(m): State<Arc<Moderation>>,
    visitor: Visitor,
    Path(id): Path<String>,
    JsonBody(why): JsonBody<WhyAsk>,
) -> Result<Response, Failure> {
    m.dismiss(visitor.person.as_ref(), &id, &why.reason).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `GET /api/admin/people/{id}`: a person's history.
async fn person(
    State(m): State<Arc<Moderation>>,
    visitor: Visitor,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let id = PersonId::parse(&id).ok_or_else(Failure::unknown_player)?;
    Ok(Json(m.person_file(visitor.person.as_ref(), &id).await?).into_response())
}

/// `GET /api/admin/log`: the moderation log.
async fn log(State(m): State<Arc<Moderation>>, visitor: Visitor) -> Result<Response, Failure> {
    Ok(Json(m.log(visitor.person.as_ref()).await?).into_response())
}

/// `POST /api/admin/actions`: `201` and the action's log entry.
async fn act(
    State(m): State<Arc<Moderation>>,
    visitor: Visitor,
    JsonBody(ask): JsonBody<ActionAsk>,
) -> Result<Response, Failure> {
    let entry = m.act(visitor.person.as_ref(), ask).await?;
    Ok((StatusCode::CREATED, Json(entry)).into_response())
}

/// `POST /api/admin/actions/{id}/undo`: `201` and the undoing's entry.
async fn undo(
    State(m): State<Arc<Moderation>>,
    visitor: Visitor,
    Path(id): Path<String>,
    JsonBody(why): JsonBody<WhyAsk>,
) -> Result<Response, Failure> {
    let entry = m.undo(visitor.person.as_ref(), &id, &why.reason).await?;
    Ok((StatusCode::CREATED, Json(entry)).into_response())
}

/// `201` for what a request made, `200` for what it found already made:
/// a report or a block asked for twice is the same one.
fn created_if(new: bool) -> StatusCode {
    if new {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    }
}
