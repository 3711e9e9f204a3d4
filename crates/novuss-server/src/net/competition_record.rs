//! A competition's record over HTTP (docs/protocol.md, "Competitions"):
//! its changes with who made them and when, for its organiser and
//! arbiters; what it says is in `competitions/record.rs`.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

use crate::competitions::{officials, record, Desk};
use crate::error::{Code, Failure};
use crate::ids::CompetitionId;
use crate::people::identity::Visitor;
use crate::store::Store;

/// The state of the record's route.
#[derive(Clone)]
pub struct RecordRoutes {
    desk: Arc<Desk>,
    store: Store,
}

impl RecordRoutes {
    /// Over `desk` and its `store`.
    pub fn new(desk: Arc<Desk>, store: Store) -> RecordRoutes {
        RecordRoutes { desk, store }
    }
}

/// What `GET /api/competitions/{id}/record` takes: `before`, the number
/// the page starts below (none: the newest).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RecordQuery {
    #[serde(default)]
    before: Option<u64>,
}

/// `GET /api/competitions/{id}/record[?before=N]`: a page of its changes,
/// newest first, each with when and who (`RecordPage`); the organiser's
/// and the arbiters' only (`403 not_organiser`).
pub async fn record(
    State(s): State<RecordRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
    query: Result<Query<RecordQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, Failure> {
    let Query(query) = query.map_err(|e| Failure::new(Code::BadMessage, e.body_text()))?;
    let id = CompetitionId::parse(&id)?;
    let held = s.desk.view(&id).await?;
    officials::may_change(&s.store, &held.view, visitor.person.as_ref()).await?;
    Ok(Json(record::record(&s.store, &held, query.before).await?).into_response())
}
