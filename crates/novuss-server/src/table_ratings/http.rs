//! The real-table ratings' routes (docs/protocol.md, "Real-table
//! ratings"): the list per category, and a player's rating and history,
//! by their id in the pool or by the account they were entered as. A
//! rating is public, as online.

use axum::extract::{Path, RawQuery, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::wire::{TableHistoryPoint, TablePlace, TablePlayer, TableRatings, TableStanding};
use crate::error::{Code, Failure};
use crate::ratings::{established, LEADERBOARD_DEVIATION, LEADERBOARD_GAMES};
use crate::store::{Store, TableChangeRow};

/// Players on each part of the list at most: a federation's whole list,
/// with room to spare (Latvia's has a few hundred).
pub const LISTED: usize = 1000;

/// The categories the list can be filtered by, as entries name them.
const CATEGORIES: [&str; 4] = ["men", "women", "youth", "veterans"];

/// `GET /api/ratings/tables?category=…`: the established players (of the
/// category, or all), best first, and apart from them the provisional
/// ones, each as their latest rated competition listed them.
pub async fn list(
    State(store): State<Store>,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    let query = query.unwrap_or_default();
    let mut category = None;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("category", "")) => category = None,
            Some(("category", c)) if CATEGORIES.contains(&c) => category = Some(c.to_owned()),
            Some(("category", _)) => {
                return Err(Failure::new(
                    Code::BadMessage,
                    "category must be men, women, youth or veterans",
                ))
            }
            _ => {
                return Err(Failure::new(
                    Code::BadMessage,
                    "the real-table list takes only category=",
                ))
            }
        }
    }
    let (mut players, mut provisional) = (Vec::new(), Vec::new());
    for (c, competitions, games) in store.table_ratings(category.as_deref()).await? {
        let list = if established(&c.after, games) {
            &mut players
        } else {
            &mut provisional
        };
        if list.len() < LISTED {
            list.push(place(list.len() + 1, c, competitions, games));
        }
    }
    Ok(Json(TableRatings {
        category,
        max_deviation: LEADERBOARD_DEVIATION,
        min_games: LEADERBOARD_GAMES,
        players,
        provisional,
    })
    .into_response())
}

fn place(rank: usize, c: TableChangeRow, competitions: u64, games: u64) -> TablePlace {
    TablePlace {
        rank,
        standing: standing(c, competitions, games),
    }
}

/// The player of `c`, their latest change, with `competitions` and
/// `games` rated in all.
fn standing(c: TableChangeRow, competitions: u64, games: u64) -> TableStanding {
    TableStanding {
        player: c.player,
        person: c.person,
        // An entry's name is never empty but once forgotten.
        forgotten: c.name.is_empty(),
        name: c.name,
        club: c.club,
        licence: c.licence,
        category: c.category,
        rating: c.after.rating,
        deviation: c.after.deviation,
        competitions,
        games,
    }
}

fn unknown() -> Failure {
    Failure::new(
        Code::UnknownPlayer,
        "no player has a real-table rating under that id",
    )
}

/// Whether `id` is shaped as an id: 32 lower-case hex digits (a person's
/// id and a pool player's both are), so nothing else reaches a query.
fn shaped(id: &str) -> bool {
    id.len() == 32
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// `GET /api/ratings/tables/players/{id}`: a player's real-table rating
/// and history; `404 unknown_player` for an id the pool does not have.
pub async fn player(
    State(store): State<Store>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    if !shaped(&id) {
        return Err(unknown());
    }
    page(store.table_player(&id).await?)
}

/// `GET /api/ratings/tables/people/{person}`: the real-table rating and
/// history of the player that person (an account here) was last entered
/// as, or `null` if they have none: most people's page asks, and having
/// no real-table rating is no error (nor is it told apart from an id
/// nobody has: a person's page asks its own answer for that).
pub async fn person(
    State(store): State<Store>,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    if !shaped(&id) {
        return Err(unknown());
    }
    let rows = store.table_person(&id).await?;
    if rows.is_empty() {
        return Ok(Json(serde_json::Value::Null).into_response());
    }
    page(rows)
}

fn page(rows: Vec<(TableChangeRow, String)>) -> Result<Response, Failure> {
    let Some((last, _)) = rows.last() else {
        return Err(unknown());
    };
    let games: u64 = rows.iter().map(|(c, _)| c.games).sum();
    let last = last.clone();
    let history = rows
        .into_iter()
        .map(|(c, name)| TableHistoryPoint {
            competition: c.competition,
            name,
            at: c.at,
            games: c.games,
            points: c.points,
            rating_before: c.before.rating,
            rating: c.after.rating,
            deviation: c.after.deviation,
        })
        .collect::<Vec<_>>();
    Ok(Json(TablePlayer {
        provisional: !established(&last.after, games),
        standing: standing(last, history.len() as u64, games),
        history,
    })
    .into_response())
}
