//! The table links' routes (docs/protocol.md, "At the tables"); what they
//! do is in `competitions/tables.rs`.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::competitions::tables::Tables;
use crate::competitions::{officials, Desk};
use crate::error::Failure;
use crate::hub::Hub;
use crate::ids::CompetitionId;
use crate::net::body::JsonBody;
use crate::net::http::with_cookie;
use crate::people::identity::Visitor;
use crate::wire::http::tables::TableAsk;

/// What the table routes need.
#[derive(Clone)]
pub struct TableRoutes {
    desk: Arc<Desk>,
    tables: Arc<Tables>,
    hub: Arc<Hub>,
}

impl TableRoutes {
    /// Over `desk`, whose competitions' tables `tables` signs; phones
    /// become people of `hub`.
    pub fn new(desk: Arc<Desk>, hub: Arc<Hub>) -> TableRoutes {
        TableRoutes {
            tables: Arc::new(Tables::new(hub.store().clone())),
            desk,
            hub,
        }
    }
}

/// `GET /api/tables/{link}`: the table a link opens, as its phone shows
/// it (`404 unknown_table` for a link that opens none).
pub async fn table(
    State(s): State<TableRoutes>,
    Path(link): Path<String>,
) -> Result<Response, Failure> {
    Ok(Json(s.tables.view(&s.desk, &link).await?).into_response())
}

/// `POST /api/tables/{link}`: a step at the table (a set, an undo, a
/// confirmation) from one of its players' phones, which becomes a person
/// if it was none (the step is stored as theirs); the table as it then
/// stands. A step sent again (same `entry`) is answered, not made twice.
pub async fn step(
    State(s): State<TableRoutes>,
    Path(link): Path<String>,
    visitor: Visitor,
    JsonBody(ask): JsonBody<TableAsk>,
) -> Result<Response, Failure> {
    let admitted = s.tables.admit(&s.desk, &link, ask.by).await?;
    let (person, cookie) = s.hub.people().ensure(&visitor).await?;
    let view = s.tables.step(&s.desk, &admitted, &person, ask).await?;
    Ok(with_cookie(Json(view).into_response(), cookie))
}

/// `GET /api/competitions/{id}/tables`: the cards of the tables of the
/// round being played (each board's link and QR code), for the
/// organiser and the arbiters only; none before the first round or once
/// no round is played at tables.
pub async fn cards(
    State(s): State<TableRoutes>,
    Path(id): Path<String>,
    headers: HeaderMap,
    told: Option<axum::Extension<crate::net::forwarded::Told>>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let held = s.desk.view(&id).await?;
    officials::may_change(s.hub.store(), &held.view, visitor.person.as_ref()).await?;
    // The Host header passed the guard: it is one this server answers
    // for, and the one the organiser's browser reached it by.
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("localhost");
    // The scheme a trusted proxy says the browser used, else the usual.
    let https = told.map_or(s.hub.people().secure(), |t| t.https);
    let scheme = if https { "https" } else { "http" };
    let cards = s.tables.cards(&held, &format!("{scheme}://{host}")).await?;
    Ok(Json(cards).into_response())
}
