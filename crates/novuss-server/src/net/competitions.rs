//! Competitions' routes (docs/protocol.md, "Competitions"); what they do
//! is in `competitions/`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use novuss_club::Setup;
use tokio::sync::{broadcast, watch};

use crate::competitions::Desk;
use crate::error::{Code, Failure};
use crate::ids::CompetitionId;
use crate::net::body::JsonBody;
use crate::people::identity::Visitor;
use crate::policy;
use crate::wire::http::competitions::{Ask, CompetitionPage};

/// How long a live stream may be quiet before a comment is sent.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What competitions' routes need.
#[derive(Clone)]
pub struct CompetitionRoutes {
    desk: Arc<Desk>,
    /// Becomes `true` when the server shuts down: live streams end.
    shutdown: watch::Receiver<bool>,
}

impl CompetitionRoutes {
    /// Over `desk`; live streams end when `shutdown` becomes `true`.
    pub fn new(desk: Arc<Desk>, shutdown: watch::Receiver<bool>) -> CompetitionRoutes {
        CompetitionRoutes { desk, shutdown }
    }
}

/// `GET /api/competitions`: the latest competitions.
pub async fn list(State(s): State<CompetitionRoutes>) -> Result<Response, Failure> {
    Ok(Json(s.desk.list().await?).into_response())
}

/// `POST /api/competitions`: a new competition, organised by the visitor,
/// who must be signed in to an account (`201`, the competition).
pub async fn create(
    State(s): State<CompetitionRoutes>,
    visitor: Visitor,
    JsonBody(setup): JsonBody<Setup>,
) -> Result<Response, Failure> {
    let Some(person) = visitor.person else {
        return Err(Failure::new(
            Code::NotSignedIn,
            "only a person signed in to an account may organise a competition",
        ));
    };
    let view = s.desk.create(setup, &person).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// `GET /api/competitions/{id}`: the competition, and whether the visitor
/// may change it.
pub async fn competition(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let competition = s.desk.view(&id).await?;
    let may_change =
        policy::may_change_competition(&competition.organiser, visitor.person.as_ref()).is_ok();
    Ok(Json(CompetitionPage {
        competition,
        may_change,
    })
    .into_response())
}

/// `POST /api/competitions/{id}/changes`: one change by its organiser;
/// the competition as it then stands.
pub async fn change(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(ask): JsonBody<Ask>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let view = s.desk.change(&id, visitor.person.as_ref(), &ask).await?;
    Ok(Json(view).into_response())
}

/// `GET /api/competitions/{id}/live`: the competition as server-sent
/// events, a `competition` event at once and after every change (a
/// follower that falls behind is sent the competition afresh), a comment
/// after a quiet spell; it ends when the server stops.
pub async fn live(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let mut stop = s.shutdown.clone();
    if *stop.borrow_and_update() {
        return Err(Failure::new(Code::Busy, "the server is stopping"));
    }
    // Subscribed before the first view is read: no change falls between.
    let rx = s.desk.follow(&id);
    let first = s.desk.view(&id).await?;
    // A view is plain data: serde_json cannot fail to write it.
    let first: Arc<str> = serde_json::to_string(&first).unwrap_or_default().into();
    let desk = s.desk.clone();
    let state = (Some(first), rx, stop, desk, id);
    let events =
        futures_util::stream::unfold(state, |(first, mut rx, mut stop, desk, id)| async move {
            if let Some(json) = first {
                let event = Event::default().event("competition").data(&*json);
                return Some((Ok::<_, Infallible>(event), (None, rx, stop, desk, id)));
            }
            let got = tokio::select! {
                got = rx.recv() => got,
                _ = stop.wait_for(|s| *s) => return None,
            };
            let json: Arc<str> = match got {
                Ok(json) => json,
                // Behind by more than the channel holds: the competition
                // afresh, which holds every change it missed.
                Err(broadcast::error::RecvError::Lagged(_)) => match desk.view(&id).await {
                    Ok(v) => serde_json::to_string(&v).unwrap_or_default().into(),
                    Err(_) => return None,
                },
                Err(broadcast::error::RecvError::Closed) => return None,
            };
            let event = Event::default().event("competition").data(&*json);
            Some((Ok(event), (None, rx, stop, desk, id)))
        });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response())
}
