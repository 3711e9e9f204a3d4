//! Series' routes (docs/protocol.md, "Series"); what they do is in
//! `series/`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use tokio::sync::{broadcast, watch};

use crate::competitions::files::{csv, disposition};
use crate::error::{Code, Failure};
use crate::net::body::JsonBody;
use crate::people::identity::Visitor;
use crate::series::view::SeriesPage;
use crate::series::{files, SeriesDesk, SeriesId, SeriesSetup, StageAsk};

/// How long a live stream may be quiet before a comment is sent.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What series' routes need.
#[derive(Clone)]
pub struct SeriesRoutes {
    desk: Arc<SeriesDesk>,
    /// Becomes `true` when the server shuts down: live streams end.
    shutdown: watch::Receiver<bool>,
}

impl SeriesRoutes {
    /// Over `desk`; live streams end when `shutdown` becomes `true`.
    pub fn new(desk: Arc<SeriesDesk>, shutdown: watch::Receiver<bool>) -> SeriesRoutes {
        SeriesRoutes { desk, shutdown }
    }
}

/// `GET /api/series`: the latest series.
pub async fn list(State(s): State<SeriesRoutes>) -> Result<Response, Failure> {
    Ok(Json(s.desk.list().await?).into_response())
}

/// `POST /api/series`: a new series, organised by the visitor, who must
/// be signed in to an account (`201`, the series).
pub async fn create(
    State(s): State<SeriesRoutes>,
    visitor: Visitor,
    JsonBody(setup): JsonBody<SeriesSetup>,
) -> Result<Response, Failure> {
    let Some(person) = visitor.person else {
        return Err(Failure::new(
            Code::NotSignedIn,
            "only a person signed in to an account may organise a series",
        ));
    };
    let held = s.desk.create(setup, &person).await?;
    Ok((StatusCode::CREATED, Json(&held.json)).into_response())
}

/// `GET /api/series/{id}`: the series, and whether the visitor may change
/// it.
pub async fn series(
    State(s): State<SeriesRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = SeriesId::parse(&id)?;
    let held = s.desk.view(&id).await?;
    let may_change = s.desk.may_change(&id, visitor.person.as_ref()).await?;
    Ok(Json(SeriesPage {
        series: &held.json,
        may_change,
    })
    .into_response())
}

/// `POST /api/series/{id}/stages`: a stage added or taken out by the
/// series' organiser; the series as it then stands.
pub async fn stages(
    State(s): State<SeriesRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(ask): JsonBody<StageAsk>,
) -> Result<Response, Failure> {
    let id = SeriesId::parse(&id)?;
    let held = s
        .desk
        .change_stages(&id, visitor.person.as_ref(), &ask)
        .await?;
    Ok(Json(&held.json).into_response())
}

/// `GET /api/series/{id}/standings.csv`: the standings, for everyone.
pub async fn standings_csv(
    State(s): State<SeriesRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let held = s.desk.view(&SeriesId::parse(&id)?).await?;
    let bytes = csv(&files::standings_table(&held.view))?;
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                disposition(&held.view.setup.name, "standings.csv"),
            ),
            (header::CACHE_CONTROL, "no-cache".to_owned()),
        ],
        bytes,
    )
        .into_response())
}

/// `GET /api/series/{id}/live`: the series as server-sent events: a
/// `series` event at once, then again whenever its stages or one of
/// their competitions change (a follower that falls behind is sent the
/// series afresh); a comment after a quiet spell; it ends when the server
/// stops.
pub async fn live(
    State(s): State<SeriesRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let id = SeriesId::parse(&id)?;
    let mut stop = s.shutdown.clone();
    if *stop.borrow_and_update() {
        return Err(Failure::new(Code::Busy, "the server is stopping"));
    }
    let (first, rx) = s.desk.follow(&id).await?;
    let first: Arc<str> = first.json.get().into();
    let state = (Some(first), rx, stop, s.desk.clone(), id);
    let events =
        futures_util::stream::unfold(state, |(first, mut rx, mut stop, desk, id)| async move {
            if let Some(json) = first {
                return Some((
                    Ok::<_, Infallible>(event(&json)),
                    (None, rx, stop, desk, id),
                ));
            }
            let got = tokio::select! {
                got = rx.recv() => got,
                _ = stop.wait_for(|s| *s) => return None,
            };
            let json = match got {
                Ok(json) => json,
                // Behind: the series afresh, which holds every change.
                Err(broadcast::error::RecvError::Lagged(_)) => match desk.view(&id).await {
                    Ok(held) => held.json.get().into(),
                    Err(_) => return None,
                },
                Err(broadcast::error::RecvError::Closed) => return None,
            };
            Some((Ok(event(&json)), (None, rx, stop, desk, id)))
        });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response())
}

/// The series as its server-sent event.
fn event(json: &str) -> Event {
    Event::default().event("series").data(json)
}
