//! The HTTP and WebSocket routes: every path, the layers in front of them
//! (the front door's checks, the limits, the body deadline) and the
//! headers every answer carries.

use std::sync::Arc;
use std::time::Duration;

use axum::handler::Handler;
use axum::http::{header, HeaderValue};
use axum::middleware::{from_fn, from_fn_with_state, map_request};
use axum::routing::{delete, get, post};
use axum::Router;
use tokio::sync::watch;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::hub::Hub;
use crate::limits::Limiter;
use crate::lobby::Lobby;
use crate::net::accounts;
use crate::net::guard::{self, Guard};
use crate::net::limited;
use crate::net::{body, http, ws};
use crate::net::{
    clubs, competition_arbiters, competition_files, competition_record, competitions, lobby,
    player_competitions, ratings, series, tables,
};

/// The page may load only from this server: no CDN, no outside fonts.
const CSP: &str = "default-src 'self'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

/// The routes, over `hub`, behind `guard`'s checks, with game creation
/// and uploads limited by `limiter`; a request's body must arrive within
/// `body_timeout` of its head (as its head must arrive within
/// [`crate::net::listen::Listening::header_timeout`]), whole, so that a body sent a
/// byte at a time cannot hold a connection ([`body::BodyDeadline`]).
pub fn router(
    hub: Arc<Hub>,
    shutdown: watch::Receiver<bool>,
    guard: Arc<Guard>,
    limiter: Arc<Limiter>,
    body_timeout: Duration,
    metrics_here: bool,
) -> Router {
    let json = from_fn(guard::json_only);
    let people = hub.people().clone();
    let limited = from_fn_with_state(limiter, limited::limit);
    let lobby_routes = Router::new()
        .route("/api/lobby", get(lobby::lobby))
        .route("/api/lobby/live", get(lobby::live))
        .route(
            "/api/lobby/challenges",
            post(lobby::challenge.layer(limited.clone()).layer(json.clone())),
        )
        .route(
            "/api/lobby/challenges/{id}/accept",
            post(lobby::accept.layer(limited.clone())),
        )
        .route("/api/lobby/challenges/{id}/withdraw", post(lobby::withdraw))
        .route(
            "/api/lobby/quick",
            post(lobby::quick.layer(limited.clone()).layer(json.clone())),
        )
        .with_state(lobby::LobbyRoutes::new(
            Lobby::new(hub.clone()),
            shutdown.clone(),
        ));
    let desk = crate::competitions::Desk::start(hub.store().clone(), hub.competition_news());
    let competition_files = competition_files::FileRoutes::new(desk.clone(), hub.store().clone());
    let arbiter_routes =
        competition_arbiters::ArbiterRoutes::new(desk.clone(), hub.store().clone());
    // Series (docs/protocol.md, "Series"): read their stages from the
    // same desk, so that a result entered is counted at once.
    let series_routes = Router::new()
        .route(
            "/api/series",
            get(series::list).post(series::create.layer(limited.clone()).layer(json.clone())),
        )
        .route("/api/series/{id}", get(series::series))
        .route(
            "/api/series/{id}/stages",
            post(series::stages.layer(json.clone())),
        )
        .route("/api/series/{id}/live", get(series::live))
        .route("/api/series/{id}/standings.csv", get(series::standings_csv))
        .with_state(series::SeriesRoutes::new(
            crate::series::SeriesDesk::new(hub.store().clone(), desk.clone()),
            shutdown.clone(),
        ));
    let competition_routes = Router::new()
        .route(
            "/api/competitions",
            get(competitions::list).post(
                competitions::create
                    .layer(limited.clone())
                    .layer(json.clone()),
            ),
        )
        .route("/api/competitions/{id}", get(competitions::competition))
        .route(
            "/api/competitions/{id}/changes",
            post(competitions::change.layer(json.clone())),
        )
        .route("/api/competitions/{id}/live", get(competitions::live))
        .route(
            "/api/competitions/{id}/enter",
            post(competitions::enter.layer(json.clone())),
        )
        .route("/api/competitions/{id}/games", get(competitions::games))
        .route(
            "/api/games/{id}/competition",
            get(competitions::game_competition),
        )
        .with_state(competitions::CompetitionRoutes::new(
            desk.clone(),
            hub.clone(),
            shutdown.clone(),
        ))
        .merge(
            // A competition's files in and out (docs/protocol.md,
            // "Competitions' files").
            Router::new()
                .route(
                    "/api/competitions/import",
                    post(
                        competition_files::import
                            .layer(limited.clone())
                            .layer(json.clone()),
                    ),
                )
                .route(
                    "/api/competitions/import/trf",
                    post(
                        competition_files::import_trf
                            .layer(limited.clone())
                            .layer(json.clone()),
                    ),
                )
                .route(
                    "/api/competitions/{id}/entries",
                    post(competition_files::entries),
                )
                .route(
                    "/api/competitions/{id}/pairing",
                    post(competition_files::pairing),
                )
                .route(
                    "/api/competitions/{id}/standings.csv",
                    get(competition_files::standings_csv),
                )
                .route(
                    "/api/competitions/{id}/standings.xlsx",
                    get(competition_files::standings_xlsx),
                )
                .route(
                    "/api/competitions/{id}/results.csv",
                    get(competition_files::results_csv),
                )
                .route(
                    "/api/competitions/{id}/crosstable.csv",
                    get(competition_files::crosstable_csv),
                )
                .route(
                    "/api/competitions/{id}/competition.xlsx",
                    get(competition_files::workbook),
                )
                .route(
                    "/api/competitions/{id}/competition.trf",
                    get(competition_files::trf),
                )
                .route(
                    "/api/competitions/{id}/competition.json",
                    get(competition_files::competition_json),
                )
                .with_state(competition_files),
        )
        .merge(
            // A competition's arbiters (docs/protocol.md, "Arbiters").
            Router::new()
                .route(
                    "/api/competitions/{id}/arbiters",
                    get(competition_arbiters::list)
                        .post(competition_arbiters::name.layer(json.clone())),
                )
                .route(
                    "/api/competitions/{id}/arbiters/{person}",
                    delete(competition_arbiters::remove),
                )
                .with_state(arbiter_routes),
        )
        .merge(
            // A competition's record: its changes, who made them and when.
            Router::new()
                .route(
                    "/api/competitions/{id}/record",
                    get(competition_record::record),
                )
                .with_state(competition_record::RecordRoutes::new(
                    desk.clone(),
                    hub.store().clone(),
                )),
        )
        .merge(
            // A club's competitions (docs/protocol.md, "Clubs").
            Router::new()
                .route("/api/clubs/{name}", get(clubs::club))
                .with_state(hub.store().clone()),
        )
        .merge(
            // A player's competitions (docs/protocol.md, "A player's
            // competitions"), read from the same desk.
            Router::new()
                .route(
                    "/api/players/{id}/competitions",
                    get(player_competitions::competitions),
                )
                .with_state(player_competitions::PlayerCompetitionRoutes::new(
                    desk.clone(),
                    hub.store().clone(),
                )),
        )
        .merge(
            // Ratings for the real table (docs/protocol.md, "Real-table
            // ratings"): the list per category and a player's history.
            Router::new()
                .route("/api/ratings/tables", get(crate::table_ratings::http::list))
                .route(
                    "/api/ratings/tables/players/{id}",
                    get(crate::table_ratings::http::player),
                )
                .route(
                    "/api/ratings/tables/people/{id}",
                    get(crate::table_ratings::http::person),
                )
                .with_state(hub.store().clone()),
        )
        .merge(
            // The tables' links: the players' phones record their
            // match's protocol (docs/protocol.md, "At the tables"). Not
            // under the per-address limit of things made: a hall's
            // phones share one address; each link has its own limit.
            Router::new()
                .route(
                    "/api/tables/{link}",
                    get(tables::table).post(tables::step.layer(json.clone())),
                )
                .route("/api/competitions/{id}/tables", get(tables::cards))
                .with_state(tables::TableRoutes::new(desk.clone(), hub.clone())),
        );
    // `/metrics` beside the game only when the operator says so
    // (`--metrics-on-main`); else on its own address, or nowhere.
    let metrics = if metrics_here {
        Router::new().route("/metrics", get(crate::net::metrics::metrics))
    } else {
        Router::new()
    };
    let api = metrics
        .route("/api/health", get(http::health))
        .route("/api/ready", get(crate::net::metrics::ready))
        .route("/api/options", get(http::options))
        .route(
            "/api/games",
            get(http::list).post(http::create.layer(limited.clone()).layer(json.clone())),
        )
        .route("/api/games/{id}", get(http::game))
        .route("/api/me/data", get(http::my_data))
        .route(
            "/api/me",
            get(http::me).post(http::set_me.layer(limited.clone()).layer(json.clone())),
        )
        .route(
            "/api/games/{id}/join",
            post(http::join.layer(limited.clone()).layer(json.clone())),
        )
        .route("/api/games/{id}/invites", post(http::invites))
        .route("/api/games/{id}/record", get(http::record))
        .route("/api/games/{id}/replay", get(http::replay))
        .route(
            "/api/games/{id}/analysis",
            post(http::analysis.layer(json.clone())),
        )
        .route(
            "/api/games/{id}/aim",
            post(crate::net::aim::aim.layer(json.clone())),
        )
        .route(
            "/api/records",
            post(http::upload.layer(limited).layer(json)),
        )
        .route("/api/players/{id}", get(ratings::player))
        .route("/api/players/{id}/results", get(ratings::older_results))
        .route("/api/leaderboard", get(ratings::leaderboard))
        .route("/api/{*rest}", axum::routing::any(http::no_such_api))
        .with_state(hub.clone());
    let accounts = accounts::routes(Arc::new(accounts::Accounts::new(hub.clone(), desk.clone())));
    let moderation =
        crate::net::moderation::routes(Arc::new(crate::moderation::Moderation::new(hub.clone())));
    let sockets = Router::new()
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .with_state(ws::Ws { hub, shutdown });
    api.merge(sockets)
        .merge(lobby_routes)
        .merge(moderation)
        .merge(competition_routes)
        .merge(series_routes)
        .merge(accounts)
        .fallback(crate::net::web::asset)
        .layer(from_fn_with_state(
            people,
            crate::people::identity::recognise,
        ))
        .layer(from_fn_with_state(guard, guard::check))
        // Taken first, as the head arrives: the body's deadline counts
        // from then, whatever the checks above take.
        .layer(map_request(
            move |mut request: axum::extract::Request| async move {
                let deadline = tokio::time::Instant::now() + body_timeout;
                request
                    .extensions_mut()
                    .insert(body::BodyDeadline(deadline));
                request
            },
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        // Outermost: every line logged while a request is served names it.
        .layer(from_fn(crate::net::traced::traced))
}
