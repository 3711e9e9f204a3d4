//! `novuss bench-server --table-ratings N`: what rating the real table
//! costs as rated competitions accumulate (docs/benchmarks.md, "Real-table
//! ratings").
//!
//! When a rated competition on real tables finishes, the server rates the
//! whole real-table pool again from every rated competition's changes
//! (`table_ratings/`): the work grows with the competitions stored. This
//! mode plays N small rated competitions (8 players of a pool of 40, a
//! 3-round Swiss, results entered at the desk) one after another on a
//! real server, and times the request that enters each one's last result,
//! which answers only after the rating. While the last competition's
//! final result is being rated, another organiser's change to a
//! competition that is not rated is timed too: the rating holds no lock
//! another competition waits on, and runs off the runtime's threads.

use std::net::SocketAddr;
use std::time::Duration;

use serde::Serialize;
use serde_json::{json, Value};

use super::child::Child;
use super::data_dir::measured;
use super::BenchError;
use crate::client::http;
use crate::percentiles::{percentiles, Percentiles};

/// The largest N accepted.
pub const MAX_COMPETITIONS: usize = 2_000;
/// Players of each competition.
const PLAYERS: usize = 8;
/// The pool they are drawn from: the same people meet again.
const POOL: usize = 40;
/// Rounds of each competition's Swiss.
const ROUNDS: u32 = 3;
/// How long one request may take.
const LIMIT: Duration = Duration::from_secs(60);
/// Finishing times kept at each end of the run for the figures.
const EDGE: usize = 10;

/// The figures.
#[derive(Debug, Serialize)]
pub struct TableRatingFigures {
    /// Rated competitions played.
    pub competitions: usize,
    /// Players in each, drawn from a pool of 40.
    pub players: usize,
    /// Entering the last result of each of the first competitions (the
    /// request that waits for the rating), ms.
    pub finish_first_ms: Percentiles,
    /// The same for the last competitions, ms.
    pub finish_last_ms: Percentiles,
    /// Every finishing time, in order, ms: how it grows.
    pub finish_ms: Vec<f64>,
    /// A result entered in another, unrated competition while the last
    /// competition's rating runs, ms.
    pub other_change_during_rating_ms: f64,
    /// The same change with nothing else running, ms.
    pub other_change_alone_ms: f64,
    /// `GET /api/ratings/tables` at the end, ms.
    pub list_ms: f64,
    /// Players on that list (established and provisional): the rating
    /// happened.
    pub rated_players: usize,
}

/// Runs the mode with `n` competitions.
pub fn run(n: usize, verbose: bool) -> Result<TableRatingFigures, BenchError> {
    if n == 0 || n > MAX_COMPETITIONS {
        return Err(BenchError::TableRatings);
    }
    measured(|dir| async move { measure(&dir, n, verbose).await })
}

/// An organiser's session on the server.
struct Desk {
    addr: SocketAddr,
    cookie: String,
}

impl Desk {
    async fn register(addr: SocketAddr, name: &str) -> Result<Desk, BenchError> {
        let body = json!({"username": name, "password": "a long bench password"}).to_string();
        let reply = http::request(
            addr,
            "POST",
            "/api/account/register",
            Some(body.as_bytes()),
            LIMIT,
        )
        .await?;
        let cookie = reply
            .header("set-cookie")
            .and_then(|c| c.split(';').next())
            .map(str::to_owned)
            .filter(|_| reply.ok())
            .ok_or_else(|| BenchError::Refused(format!("registering: {}", reply.status)))?;
        Ok(Desk { addr, cookie })
    }

    /// `POST path` with `body`; its JSON answer and the milliseconds it
    /// took.
    async fn post(&self, path: &str, body: &Value) -> Result<(Value, f64), BenchError> {
        let t = std::time::Instant::now();
        let body = body.to_string();
        let reply = http::request_as(
            None,
            self.addr,
            "POST",
            path,
            Some(body.as_bytes()),
            Some(&self.cookie),
            LIMIT,
        )
        .await?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        if !reply.ok() {
            return Err(BenchError::Refused(format!(
                "{path}: {} {}",
                reply.status,
                reply.code().unwrap_or_default()
            )));
        }
        Ok((reply.json().unwrap_or(Value::Null), ms))
    }

    /// A competition of [`PLAYERS`] from the pool, the `k`-th,
    /// rated or not, dated by `k`; its id.
    async fn competition(&self, k: usize, rated: bool) -> Result<String, BenchError> {
        let day = 1 + (k % 28);
        let month = 1 + (k / 28) % 12;
        let (made, _) = self
            .post(
                "/api/competitions",
                &json!({"name": format!("Bench {k}"), "tables": PLAYERS / 2,
                    "starts": format!("2026-{month:02}-{day:02}"),
                    "system": {"kind": "swiss", "rounds": ROUNDS},
                    "format": {"kind": "sets", "sets": 6}, "rated": rated}),
            )
            .await?;
        let id = made["id"].as_str().unwrap_or_default().to_owned();
        let entries: Vec<Value> = (0..PLAYERS)
            .map(|p| {
                let who = (k * 7 + p * 5) % POOL;
                json!({"name": format!("Player {who}"), "licence": format!("LV-{who:04}")})
            })
            .collect();
        self.post(
            &format!("/api/competitions/{id}/changes"),
            &json!({"change": "enter_list", "entries": entries}),
        )
        .await?;
        Ok(id)
    }

    /// Plays competition `id` to its end; the milliseconds of its last
    /// result (the one that finishes it).
    async fn play(&self, id: &str, k: usize) -> Result<f64, BenchError> {
        let changes = format!("/api/competitions/{id}/changes");
        let mut last = 0.0;
        for round in 1..=ROUNDS {
            let (c, _) = self
                .post(&changes, &json!({"change": "pair_next", "round": round}))
                .await?;
            let boards = c["rounds"][(round - 1) as usize]["boards"]
                .as_array()
                .map_or(0, Vec::len);
            for board in 1..=boards {
                // A spread of scores, the same at every run.
                let score = match (k + board + round as usize) % 4 {
                    0 => (4, 1),
                    1 => (2, 4),
                    2 => (3, 3),
                    _ => (4, 2),
                };
                let (_, ms) = self
                    .post(
                        &changes,
                        &json!({"change": "result", "round": round, "board": board,
                            "outcome": {"kind": "sets", "first": score.0, "second": score.1}}),
                    )
                    .await?;
                last = ms;
            }
        }
        Ok(last)
    }
}

async fn measure(
    dir: &std::path::Path,
    n: usize,
    verbose: bool,
) -> Result<TableRatingFigures, BenchError> {
    let server = Child::start_with(dir, &["--create-per-minute", "0"])?;
    let addr = server.addr;
    let desk = Desk::register(addr, "bench_organiser").await?;
    let other = Desk::register(addr, "bench_other").await?;
    // An unrated competition with a round paired, whose results the other
    // organiser enters.
    let unrated = other.competition(n + 1, false).await?;
    let (c, _) = other
        .post(
            &format!("/api/competitions/{unrated}/changes"),
            &json!({"change": "pair_next", "round": 1}),
        )
        .await?;
    let boards = c["rounds"][0]["boards"].as_array().map_or(0, Vec::len);
    let result = |board: usize| {
        json!({"change": "result", "round": 1, "board": board,
            "outcome": {"kind": "sets", "first": 4, "second": 0}})
    };
    let other_changes = format!("/api/competitions/{unrated}/changes");
    let (_, other_change_alone_ms) = other.post(&other_changes, &result(1)).await?;

    let mut finish_ms = Vec::with_capacity(n);
    for k in 1..n {
        let id = desk.competition(k, true).await?;
        finish_ms.push(desk.play(&id, k).await?);
        if verbose && k % 50 == 0 {
            eprintln!("… {k} rated competitions");
        }
    }
    // The last one: its final result and another organiser's change at
    // once.
    let id = desk.competition(n, true).await?;
    let finishing = {
        let desk = Desk {
            addr,
            cookie: desk.cookie.clone(),
        };
        tokio::spawn(async move { desk.play(&id, n).await })
    };
    // The other change goes in while the last competition is being played
    // and rated: sent repeatedly until the finishing request is done, the
    // slowest kept.
    let mut other_change_during_rating_ms: f64 = 0.0;
    let mut board = 2;
    while !finishing.is_finished() && board <= boards {
        let (_, ms) = other.post(&other_changes, &result(board)).await?;
        other_change_during_rating_ms = other_change_during_rating_ms.max(ms);
        board += 1;
        tokio::task::yield_now().await;
    }
    finish_ms.push(finishing.await.map_err(BenchError::Task)??);
    let t = std::time::Instant::now();
    let list = http::request(addr, "GET", "/api/ratings/tables", None, LIMIT).await?;
    let list_ms = t.elapsed().as_secs_f64() * 1e3;
    if !list.ok() {
        return Err(BenchError::Refused(format!(
            "the rating list: {}",
            list.status
        )));
    }
    let listed = list.json().unwrap_or(Value::Null);
    let rated_players = ["players", "provisional"]
        .iter()
        .map(|k| listed[k].as_array().map_or(0, Vec::len))
        .sum();
    if rated_players == 0 {
        return Err(BenchError::Refused("nobody was rated".to_owned()));
    }
    drop(server);
    let edge = EDGE.min(finish_ms.len());
    Ok(TableRatingFigures {
        competitions: n,
        players: PLAYERS,
        finish_first_ms: percentiles(finish_ms[..edge].to_vec()),
        finish_last_ms: percentiles(finish_ms[finish_ms.len() - edge..].to_vec()),
        finish_ms,
        other_change_during_rating_ms,
        other_change_alone_ms,
        list_ms,
        rated_players,
    })
}

impl TableRatingFigures {
    /// As text.
    pub fn text(&self) -> String {
        format!(
            "novuss server benchmark: real-table ratings (novuss serve as a process)\n\
             \x20 {} rated competitions of {} players (a pool of {}), each finished by its last result\n\
             \x20 finishing (the result that rates)  first {}  p50 {:.1} ms  max {:.1} ms\n\
             \x20                                    last {}   p50 {:.1} ms  max {:.1} ms\n\
             \x20 another competition's result   alone {:.1} ms  while rating {:.1} ms (slowest)\n\
             \x20 the rating list                {:.1} ms ({} players)",
            self.competitions,
            self.players,
            POOL,
            EDGE.min(self.competitions),
            self.finish_first_ms.p50,
            self.finish_first_ms.max,
            EDGE.min(self.competitions),
            self.finish_last_ms.p50,
            self.finish_last_ms.max,
            self.other_change_alone_ms,
            self.other_change_during_rating_ms,
            self.list_ms,
            self.rated_players,
        )
    }
}
