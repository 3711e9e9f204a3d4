//! The HTTP side: plain handlers, the hub passed explicitly as state.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::Format;
use novuss_core::table::Table;

use crate::error::{Code, Failure};
use crate::game::analysis::AnalysisRequest;
use crate::game::setup::{check_name, SETS};
use crate::hub::work::Client;
use crate::hub::Hub;
use crate::ids::GameId;
use crate::net::body::{Body, JsonBody};
use crate::people::identity::Visitor;
use crate::wire::http::games::{Invites, JoinRequest, Joined, NewGame};
use crate::wire::http::people::{Account, Me, MeRequest, Named};
use crate::wire::http::server::{Health, Options};
use crate::wire::state::LevelName;

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        crate::metrics::refused(self.code);
        (self.status(), Json(self)).into_response()
    }
}

/// `GET /api/me/data`: everything the server holds of the visitor, as a
/// JSON file to keep (`novuss-data.json`); an empty one for a browser it
/// knows nothing of.
pub async fn my_data(State(hub): State<Arc<Hub>>, visitor: Visitor) -> Result<Response, Failure> {
    let data = crate::people::data::my_data(hub.store(), visitor.person.as_ref()).await?;
    let mut res = Json(data).into_response();
    res.headers_mut().insert(
        axum::http::header::CONTENT_DISPOSITION,
        axum::http::HeaderValue::from_static("attachment; filename=\"novuss-data.json\""),
    );
    // Personal: never kept by a cache on the way.
    res.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    Ok(res)
}

/// `GET /api/health`
pub async fn health() -> Json<Health> {
    Json(Health {
        ok: true,
        version: env!("CARGO_PKG_VERSION"),
    })
}

/// `GET /api/options`: what a new game may be, with the table every game
/// is played on and each profile's settings, so that the rules page draws
/// and judges with the core's own values instead of copies of them.
pub async fn options() -> Json<Options> {
    Json(Options {
        formats: Format::ALL.to_vec(),
        profiles: ProfileId::ALL.to_vec(),
        levels: novuss_ai::Level::ALL
            .iter()
            .copied()
            .map(LevelName)
            .collect(),
        // Each level's estimated rating (Glicko-2, the club player at 1500),
        // from the calibrated ladder (docs/benchmarks.md, "The ladder").
        level_ratings: novuss_ai::Level::ALL
            .iter()
            .map(|l| (l.name(), l.rating().round()))
            .collect(),
        sets: SETS.to_vec(),
        table: Table::default(),
        profile_settings: ProfileId::ALL
            .iter()
            .map(|p| (p.name(), p.profile()))
            .collect(),
    })
}

/// `response` with the cookie that hands a new person their secret, when
/// one was made for this request.
pub(crate) fn with_cookie(mut response: Response, cookie: Option<HeaderValue>) -> Response {
    if let Some(c) = cookie {
        response.headers_mut().append(header::SET_COOKIE, c);
    }
    response
}

/// `POST /api/games`: the creator becomes a person if they were not one,
/// and holds the seats at their screen.
pub async fn create(
    State(hub): State<Arc<Hub>>,
    visitor: Visitor,
    JsonBody(new): JsonBody<NewGame>,
) -> Result<Response, Failure> {
    // The set-up is checked before anyone is made a person for it.
    new.setup()
        .map_err(|e| Failure::new(Code::BadSetup, e.to_string()))?;
    let (person, cookie) = hub.people().ensure(&visitor).await?;
    let created = hub.create(&new, &person).await?;
    Ok(with_cookie(
        (StatusCode::CREATED, Json(created)).into_response(),
        cookie,
    ))
}

/// `GET /api/games`: the public games and the visitor's own.
pub async fn list(State(hub): State<Arc<Hub>>, visitor: Visitor) -> Result<Response, Failure> {
    Ok(Json(hub.list(visitor.person.as_ref()).await?).into_response())
}

/// `GET /api/me`: who the visitor is (`person` is `null` until they
/// create or join a game, or choose a name).
pub async fn me(State(hub): State<Arc<Hub>>, visitor: Visitor) -> Result<Response, Failure> {
    let name = match &visitor.person {
        None => None,
        Some(p) => hub.store().person_name(p).await?.flatten(),
    };
    // An account's user name, if the person made one (docs/protocol.md,
    // "Accounts").
    let account = match &visitor.person {
        None => None,
        Some(p) => hub.store().account(p).await?.map(|a| Account {
            username: a.username,
        }),
    };
    Ok(Json(Me {
        person: visitor.person,
        name,
        account,
    })
    .into_response())
}

/// `POST /api/me`: the visitor becomes a person if they were not one, with
/// the display name they chose.
pub async fn set_me(
    State(hub): State<Arc<Hub>>,
    visitor: Visitor,
    JsonBody(request): JsonBody<MeRequest>,
) -> Result<Response, Failure> {
    let name = request
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    if let Some(Err(why)) = name.map(check_name) {
        return Err(Failure::new(Code::BadName, why.to_string()));
    }
    // Before the visitor becomes a person: a refused name stores nothing.
    if let Some(name) = name {
        hub.words().check(name, "a name")?;
    }
    let (person, cookie) = hub.people().ensure(&visitor).await?;
    hub.store().set_person_name(&person, name).await?;
    // No name chosen: the person goes by their account's user name, if
    // they have an account.
    let shown = hub.store().person_name(&person).await?.flatten();
    hub.renamed(&person, shown.clone()).await;
    Ok(with_cookie(
        Json(Named {
            person,
            name: shown,
        })
        .into_response(),
        cookie,
    ))
}

/// `POST /api/games/{id}/join`: the visitor takes the invited seat, if
/// nobody took it first.
pub async fn join(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(request): JsonBody<JoinRequest>,
) -> Result<Response, Failure> {
    let id = GameId::parse(&id)?;
    let (player, person, cookie) = hub.join(&id, &request.invite, &visitor).await?;
    Ok(with_cookie(
        Json(Joined {
            game: id,
            player,
            person,
        })
        .into_response(),
        cookie,
    ))
}

/// `POST /api/games/{id}/invites`: new links for the seats nobody took
/// yet, for one of the game's players; the old ones stop working.
pub async fn invites(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = GameId::parse(&id)?;
    let invites = hub.reinvite(&id, visitor.person.as_ref()).await?;
    Ok(Json(Invites { invites }).into_response())
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
    visitor: Visitor,
    Body(body): Body<MAX_RECORD>,
) -> Result<Response, Failure> {
    let (state, cookie) = hub.upload(body, &visitor, client).await?;
    Ok(with_cookie(
        (StatusCode::CREATED, Json(state)).into_response(),
        cookie,
    ))
}

/// Any other `/api/…` path: a JSON 404, not the page's plain one.
pub async fn no_such_api() -> Failure {
    Failure::new(Code::NoSuchPath, "no such API path (see docs/protocol.md)")
}
