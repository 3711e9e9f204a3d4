//! The HTTP side: plain handlers, the hub passed explicitly as state.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::Format;
use novuss_core::table::Table;
use serde_json::json;

use crate::analysis::AnalysisRequest;
use crate::body::{Body, JsonBody};
use crate::error::{Code, Failure};
use crate::game_id::GameId;
use crate::hub::Hub;
use crate::setup::{level_names, NewGame, SETS};
use crate::work::Client;

/// The largest request body, bytes.
pub const MAX_BODY: usize = 64 * 1024;

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.status(), Json(self)).into_response()
    }
}

/// `GET /api/health`
pub async fn health() -> Json<serde_json::Value> {
    Json(json!({"ok": true, "version": env!("CARGO_PKG_VERSION")}))
}

/// `GET /api/options`: what a new game may be, with the table every game
/// is played on and each profile's settings, so that the rules page draws
/// and judges with the core's own values instead of copies of them.
pub async fn options() -> Json<serde_json::Value> {
    let settings: serde_json::Map<String, serde_json::Value> = ProfileId::ALL
        .iter()
        .map(|p| (p.name().to_owned(), json!(p.profile())))
        .collect();
    Json(json!({
        "formats": Format::ALL.iter().map(|f| f.name()).collect::<Vec<_>>(),
        "profiles": ProfileId::ALL.iter().map(|p| p.name()).collect::<Vec<_>>(),
        "levels": level_names(),
        // Each level's estimated rating (Glicko-2, the club player at 1500),
        // from the calibrated ladder (docs/benchmarks.md, "The ladder").
        "level_ratings": novuss_ai::Level::ALL
            .iter()
            .map(|l| (l.name(), l.rating().round()))
            .collect::<std::collections::BTreeMap<_, _>>(),
        "sets": SETS,
        "table": Table::default(),
        "profile_settings": settings,
    }))
}

/// `POST /api/games`
pub async fn create(
    State(hub): State<Arc<Hub>>,
    JsonBody(new): JsonBody<NewGame>,
) -> Result<Response, Failure> {
    let state = hub.create(&new).await?;
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

/// `GET /api/games`
pub async fn list(State(hub): State<Arc<Hub>>) -> Result<Response, Failure> {
    Ok(Json(hub.list().await?).into_response())
}

/// `GET /api/games/{id}`
pub async fn game(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let room = hub.room(&GameId::parse(&id)?).await?;
    let state = room.lock().await.state();
    Ok(Json(state).into_response())
}

/// `GET /api/games/{id}/record`: the game's record in the core's format
/// (docs/formats.md), as a download; `novuss replay` re-simulates it.
pub async fn record(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    client: Client,
) -> Result<Response, Failure> {
    let body = hub.record(&GameId::parse(&id)?, client).await?;
    Ok((
        [
            (
                axum::http::header::CONTENT_TYPE,
                "application/json".to_owned(),
            ),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"novuss-{id}.json\""),
            ),
        ],
        body,
    )
        .into_response())
}

/// The largest uploaded record, bytes.
pub const MAX_RECORD: usize = 8 * 1024 * 1024;

fn json_body(body: String) -> Response {
    (
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body,
    )
        .into_response()
}

/// `GET /api/games/{id}/replay`: the game stroke by stroke.
pub async fn replay(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    client: Client,
) -> Result<Response, Failure> {
    Ok(json_body(hub.replay(&GameId::parse(&id)?, client).await?))
}

/// `POST /api/games/{id}/analysis`: strokes on a copy of a position, and
/// the computer's choice.
pub async fn analysis(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    client: Client,
    JsonBody(request): JsonBody<AnalysisRequest>,
) -> Result<Response, Failure> {
    Ok(json_body(
        hub.analyse(&GameId::parse(&id)?, request, client).await?,
    ))
}

/// `POST /api/records`: an uploaded record, stored as a game if it
/// replays exactly.
pub async fn upload(
    State(hub): State<Arc<Hub>>,
    client: Client,
    Body(body): Body<MAX_RECORD>,
) -> Result<Response, Failure> {
    let state = hub.upload(body, client).await?;
    Ok((StatusCode::CREATED, Json(state)).into_response())
}

/// Any other `/api/…` path: a JSON 404, not the page's plain one.
pub async fn no_such_api() -> Failure {
    Failure::new(Code::NoSuchPath, "no such API path (see docs/protocol.md)")
}
