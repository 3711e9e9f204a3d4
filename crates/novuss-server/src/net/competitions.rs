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

use crate::competitions::{entering, officials, BoardGame, Desk, Online, Push};
use crate::error::{Code, Failure};
use crate::hub::work::Client;
use crate::hub::Hub;
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
    /// The competitions played on this server.
    online: Arc<Online>,
    /// Its share of heavy work: a pairing can take seconds of a core.
    hub: Arc<Hub>,
    /// Becomes `true` when the server shuts down: live streams end.
    shutdown: watch::Receiver<bool>,
}

impl CompetitionRoutes {
    /// Over `desk`, pairing in `hub`'s share of heavy work; live streams
    /// end when `shutdown` becomes `true`.
    pub fn new(
        desk: Arc<Desk>,
        hub: Arc<Hub>,
        shutdown: watch::Receiver<bool>,
    ) -> CompetitionRoutes {
        CompetitionRoutes {
            online: Online::start(hub.clone(), desk.clone()),
            desk,
            hub,
            shutdown,
        }
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
    crate::competitions::check_setup(&setup)?;
    let held = s.desk.create(setup, &person).await?;
    s.online.created(&held);
    Ok((StatusCode::CREATED, Json(&held.json)).into_response())
}

/// `GET /api/competitions/{id}`: the competition, and whether the visitor
/// may change it.
pub async fn competition(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let held = s.desk.view(&id).await?;
    let official = officials::official(s.hub.store(), &held.view, visitor.person.as_ref()).await?;
    let may_change = policy::may_change_competition(official).is_ok();
    Ok(Json(CompetitionPage {
        competition: &held.json,
        may_change,
        may_name_arbiters: policy::may_name_arbiters(official).is_ok(),
    })
    .into_response())
}

/// `POST /api/competitions/{id}/changes`: one change by its organiser;
/// the competition as it then stands. Pairing a round is heavy work (a
/// Swiss of hundreds takes seconds of a core): it waits for its turn
/// among the hints and replays, one at a time per client, on a blocking
/// thread.
pub async fn change(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
    client: Client,
    visitor: Visitor,
    JsonBody(ask): JsonBody<Ask>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    entering::check_no_person(&ask)?;
    // Who may change it is asked once (the arbiters are one read of the
    // store), before anything else is looked at or queued.
    let before = s.desk.view(&id).await?;
    officials::may_change(s.hub.store(), &before.view, visitor.person.as_ref()).await?;
    let Some(who) = visitor.person.as_ref() else {
        return Err(Failure::new(Code::NotOrganiser, "nobody may change it"));
    };
    // Played on this server: a score for a board whose game is being
    // played is the game's to give.
    s.online.check_desk_change(&before, &ask).await?;
    let place = match ask {
        Ask::PairNext { .. } => Some(s.hub.queue(client, "pairing")?),
        _ => None,
    };
    let held = s.desk.make(&id, who, &ask, place).await?;
    s.online.after_desk_change(&held, &ask).await;
    Ok(Json(&held.json).into_response())
}

/// What `POST /api/competitions/{id}/enter` takes: the organiser names
/// an account; a person entering themselves sends `{}`.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnterPerson {
    /// The account's user name (the organiser only).
    #[serde(default)]
    username: Option<String>,
}

/// `POST /api/competitions/{id}/enter`: a person with an account entered,
/// by the organiser naming their account or by themselves where the
/// competition lets them; the competition as it then stands.
pub async fn enter(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
    visitor: Visitor,
    JsonBody(body): JsonBody<EnterPerson>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let held = entering::enter(
        &s.desk,
        s.hub.store(),
        &id,
        visitor.person.as_ref(),
        body.username.as_deref(),
    )
    .await?;
    Ok(Json(&held.json).into_response())
}

/// `GET /api/competitions/{id}/games`: the games of a competition played
/// on this server, by round and board (none for one on tables).
pub async fn games(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    s.desk.view(&id).await?;
    let games: Vec<BoardGame> = s
        .hub
        .store()
        .competition_games(&id)
        .await?
        .into_iter()
        .map(BoardGame::from)
        .collect();
    Ok(Json(games).into_response())
}

/// `GET /api/competitions/{id}/live`: the competition as server-sent
/// events: a `competition` event at once (the whole competition), then a
/// `result` event for each result entered or corrected, a `table` event
/// for each step at a table that leaves its result open, and a
/// `competition` event after any other change (a follower that falls
/// behind is sent the competition afresh); a comment after a quiet
/// spell; it ends when the server stops.
///
/// Each stream is a connection, which the listener bounds per address
/// (`--max-connections-per-address`); there is no tighter bound for
/// these streams, since a hall's spectators often share one address (the
/// venue's Wi-Fi).
pub async fn live(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let id = CompetitionId::parse(&id)?;
    let mut stop = s.shutdown.clone();
    if *stop.borrow_and_update() {
        return Err(Failure::new(Code::Busy, "the server is stopping"));
    }
    let (first, rx) = s.desk.follow(&id).await?;
    let first = Push::Whole(first.json.get().into());
    let desk = s.desk.clone();
    let state = (Some(first), rx, stop, desk, id);
    let events =
        futures_util::stream::unfold(state, |(first, mut rx, mut stop, desk, id)| async move {
            if let Some(push) = first {
                return Some((
                    Ok::<_, Infallible>(event(&push)),
                    (None, rx, stop, desk, id),
                ));
            }
            let got = tokio::select! {
                got = rx.recv() => got,
                _ = stop.wait_for(|s| *s) => return None,
            };
            let push = match got {
                Ok(push) => push,
                // Behind by more than the channel holds: the competition
                // afresh, which holds every change it missed.
                Err(broadcast::error::RecvError::Lagged(_)) => match desk.view(&id).await {
                    Ok(held) => Push::Whole(held.json.get().into()),
                    Err(_) => return None,
                },
                Err(broadcast::error::RecvError::Closed) => return None,
            };
            Some((Ok(event(&push)), (None, rx, stop, desk, id)))
        });
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response())
}

/// A push as its server-sent event.
fn event(push: &Push) -> Event {
    match push {
        Push::Whole(json) => Event::default().event("competition").data(&**json),
        Push::Result(json) => Event::default().event("result").data(&**json),
        Push::Table(json) => Event::default().event("table").data(&**json),
    }
}

/// What `GET /api/games/{id}/competition` answers: the competition a
/// game is a board of, for the line the game's page shows.
#[derive(Debug, serde::Serialize)]
pub struct GameOfCompetition {
    /// The competition.
    pub competition: CompetitionId,
    /// Its name.
    pub name: String,
    /// The round, from 1.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
}

/// `GET /api/games/{id}/competition`: the competition game `id` is a
/// board of, or `null` for a game that is none's (every game's page asks,
/// and a plain game is no error).
pub async fn game_competition(
    State(s): State<CompetitionRoutes>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let game = crate::ids::GameId::parse(&id)?;
    let Some(g) = s.hub.store().competition_game_of(&game).await? else {
        return Ok(Json(None::<GameOfCompetition>).into_response());
    };
    let held = s.desk.view(&g.competition).await?;
    Ok(Json(Some(GameOfCompetition {
        competition: g.competition,
        name: held.view.competition.setup().name.clone(),
        round: g.round,
        board: g.board,
    }))
    .into_response())
}
