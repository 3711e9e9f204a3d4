//! `GET /metrics` and `GET /api/ready` (issue 34, "Watched"; docs/
//! deploy.md, "Watching"): what Prometheus scrapes, and whether a load
//! balancer may send this instance players. `/metrics` is served on an
//! address of its own (`--metrics-addr`, for the operator's network
//! only) or, when the operator says so (`--metrics-on-main`), beside the
//! game; `/api/ready` is always beside the game, as `/api/health` is.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};

use crate::hub::Hub;

/// `GET /metrics`: the process's metrics, as OpenMetrics text.
pub async fn metrics(State(hub): State<Arc<Hub>>) -> Response {
    let mut res = crate::metrics::text(hub.metrics_now()).into_response();
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(crate::metrics::CONTENT_TYPE),
    );
    res
}

/// `GET /api/ready`: `200` with the migrations when the database answers
/// and has every migration this build knows; `503` otherwise (a database
/// that does not answer says only that, its error going to the log).
pub async fn ready(State(hub): State<Arc<Hub>>) -> Response {
    match hub.store().readiness().await {
        Ok(r) if r.ready => Json(r).into_response(),
        Ok(r) => (StatusCode::SERVICE_UNAVAILABLE, Json(r)).into_response(),
        Err(e) => {
            tracing::warn!("not ready: the database does not answer: {e}");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(serde_json::json!({"ready": false, "database": "no answer"})),
            )
                .into_response()
        }
    }
}

/// The metrics' own address's routes: `/metrics` and `/api/ready`.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .route("/api/ready", get(ready))
        .with_state(hub)
}
