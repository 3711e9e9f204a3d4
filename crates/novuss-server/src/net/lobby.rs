//! The lobby's routes (docs/protocol.md, "The lobby"); what they do is in
//! `lobby/`.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use tokio::sync::watch;

use crate::error::{Code, Failure};
use crate::ids::GameId;
use crate::lobby::{Live, Lobby, Said};
use crate::net::body::JsonBody;
use crate::net::http::with_cookie;
use crate::people::identity::Visitor;
use crate::wire::http::lobby::{Accepted, NewChallenge, Seated};

/// How long a live stream may be quiet before a comment is sent: proxies
/// keep the connection, and a client gone away is noticed.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// What the lobby's routes need.
#[derive(Clone)]
pub struct LobbyRoutes {
    lobby: Arc<Lobby>,
    live: Arc<Live>,
    /// Becomes `true` when the server shuts down: live streams end.
    shutdown: watch::Receiver<bool>,
}

impl LobbyRoutes {
    /// Over `lobby`, with nobody following it yet; its live streams end
    /// when `shutdown` becomes `true`.
    pub fn new(lobby: Arc<Lobby>, shutdown: watch::Receiver<bool>) -> LobbyRoutes {
        LobbyRoutes {
            live: Live::new(lobby.clone()),
            lobby,
            shutdown,
        }
    }
}

/// `GET /api/lobby`: open challenges and live games.
pub async fn lobby(State(s): State<LobbyRoutes>, visitor: Visitor) -> Result<Response, Failure> {
    Ok(Json(s.lobby.view(visitor.person.as_ref()).await?).into_response())
}

/// The query of `GET /api/lobby/live`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LiveQuery {
    /// The visitor's own challenge whose acceptance they wait for.
    #[serde(default)]
    waiting: Option<String>,
}

/// `GET /api/lobby/live`: the lobby as server-sent events, a `lobby`
/// event whenever what the visitor sees changes (the first at once), an
/// `accepted` event when the challenge they wait on has every seat taken,
/// and a comment after a quiet spell. It ends when the server stops.
pub async fn live(
    State(s): State<LobbyRoutes>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    visitor: Visitor,
    query: Result<Query<LiveQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, Failure> {
    let Query(query) = query.map_err(|e| Failure::new(Code::BadMessage, e.body_text()))?;
    let waiting = query.waiting.as_deref().map(GameId::parse).transpose()?;
    let mut stop = s.shutdown.clone();
    if *stop.borrow_and_update() {
        return Err(Failure::new(Code::Busy, "the server is stopping"));
    }
    let follower = match s
        .live
        .follow(visitor.person, peer.ip(), waiting, stop.clone())
        .await
    {
        Ok(f) => f,
        Err(f) if f.code == Code::Busy => {
            let mut res = f.into_response();
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
            return Ok(res);
        }
        Err(f) => return Err(f),
    };
    let events = futures_util::stream::unfold((follower, stop), |(mut f, mut stop)| async move {
        let said = tokio::select! {
            said = f.next() => said,
            _ = stop.wait_for(|s| *s) => return None,
        };
        let event = match said {
            Said::Lobby(json) => Event::default().event("lobby").data(json),
            Said::Accepted(id) => Event::default()
                .event("accepted")
                // A struct of one id: serde_json cannot fail to write it.
                .data(serde_json::to_string(&Accepted { id }).unwrap_or_default()),
        };
        Some((Ok::<_, Infallible>(event), (f, stop)))
    });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response())
}

/// `POST /api/lobby/challenges`: a challenge of the visitor's (who
/// becomes a person for it), answered like a new game.
pub async fn challenge(
    State(s): State<LobbyRoutes>,
    visitor: Visitor,
    JsonBody(new): JsonBody<NewChallenge>,
) -> Result<Response, Failure> {
    // Checked before anyone is made a person for it.
    new.new_game()?;
    let (person, cookie) = s.lobby.hub().people().ensure(&visitor).await?;
    let created = s.lobby.challenge(&new, &person).await?;
    Ok(with_cookie(
        (StatusCode::CREATED, Json(created)).into_response(),
        cookie,
    ))
}

/// `POST /api/lobby/challenges/{id}/accept`: the visitor takes the
/// challenge's open seat.
pub async fn accept(
    State(s): State<LobbyRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = GameId::parse(&id)?;
    let (player, person, cookie) = s.lobby.accept(&id, &visitor).await?;
    Ok(with_cookie(
        Json(Seated { id, player, person }).into_response(),
        cookie,
    ))
}

/// `POST /api/lobby/challenges/{id}/withdraw`: the visitor withdraws
/// their challenge while nobody has accepted it (`204`, no body).
pub async fn withdraw(
    State(s): State<LobbyRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = GameId::parse(&id)?;
    s.lobby.withdraw(&id, visitor.person.as_ref()).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /api/lobby/quick`: "play someone now".
pub async fn quick(
    State(s): State<LobbyRoutes>,
    visitor: Visitor,
    JsonBody(new): JsonBody<NewChallenge>,
) -> Result<Response, Failure> {
    let (quick, cookie) = s.lobby.quick(&new, &visitor).await?;
    Ok(with_cookie(Json(quick).into_response(), cookie))
}
