//! `novuss bench-server --flood`: does one client's game stay quick while
//! others flood the server with heavy requests?
//!
//! The server runs as its own process (`child`) over a database
//! holding a long game (grown in-process first, `grow`) and a
//! shorter one whose record is uploaded. A victim client plays a hot-seat
//! game over its WebSocket at 10 strokes a second, from 127.0.0.1, on a
//! thread and runtime of its own so that the flooding clients' work in this
//! process does not delay its timing; a round trip is from sending a stroke until its own
//! `stroke` event comes back. It plays once alone (the baseline), then
//! again while, per kind, a few clients loop as fast as they are answered:
//! the long game's replay, uploads of a valid record, analyses of the long
//! game's last position without a hint, hints over a WebSocket, and new
//! games, all from 127.0.0.2 (`http::FLOOD_SOURCE`), so that limits per
//! address can tell them from the victim. Each answer is counted as OK, `busy`, rate-limited (429 or
//! `rate_limited`) or another error; refusals are the server protecting
//! itself, not failures of the benchmark. Everything is on loopback and
//! stops by itself: the floods end when the victim's time is up.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::child::Child;
use super::data_dir::measured;
use super::{grow, BenchError};
use crate::client::http::{self, HttpError, Reply};
use crate::client::player::{
    create, GameLink, HintAnswer, PlayerError, Refusals, Stroked, Table, ANSWER_LIMIT, HOT_SEAT,
};
use crate::percentiles::{percentiles, Percentiles};

/// The victim's pace.
const STROKE_EVERY: Duration = Duration::from_millis(100);
/// Strokes of the game whose record is uploaded.
const RECORD_STROKES: usize = 200;
/// The longest phase, s (this and the two below bound the options).
pub const MAX_SECS: f64 = 300.0;
/// The most flooding clients per kind.
pub const MAX_CLIENTS: usize = 16;
/// The longest long game, strokes.
pub const MAX_LONG: usize = 20_000;
/// Levels a hint client cycles through (a hint is kept per event and
/// level, so each is worked out once; then it plays a stroke).
const LEVELS: [&str; 4] = ["beginner", "club", "expert", "master"];

/// What to run.
#[derive(Clone, Debug)]
pub struct FloodOptions {
    /// Seconds of each phase (baseline, flood).
    pub secs: f64,
    /// Flooding clients per kind.
    pub clients: usize,
    /// Strokes of the long game that is replayed and analysed.
    pub long_game: usize,
    /// Only these kinds of flood (empty: all).
    pub only: Vec<String>,
}

/// The figures.
#[derive(Debug, Serialize)]
pub struct FloodFigures {
    /// Seconds of each phase.
    pub seconds: f64,
    /// The victim's pace, ms between strokes.
    pub stroke_every_ms: f64,
    /// Flooding clients per kind.
    pub clients_per_kind: usize,
    /// Strokes of the long game.
    pub long_game_strokes: usize,
    /// Loading it in the server before the phases (first GET), ms.
    pub long_game_load_ms: f64,
    /// The uploaded record's strokes.
    pub record_strokes: usize,
    /// And its bytes.
    pub record_bytes: usize,
    /// The victim alone.
    pub baseline: Victim,
    /// The victim during the floods.
    pub flooded: Victim,
    /// `flooded.round_trip_ms.p99 - baseline.round_trip_ms.p99`, ms.
    pub p99_difference_ms: f64,
    /// The floods, per kind.
    pub floods: Vec<Tally>,
}

/// The victim's strokes in one phase.
#[derive(Debug, Serialize)]
pub struct Victim {
    /// Strokes sent (played or refused).
    pub strokes: usize,
    /// Round trip of the strokes played, ms.
    pub round_trip_ms: Percentiles,
    /// Strokes the server refused (not in the round trips).
    pub refused: Refusals,
}

/// One kind of flood.
#[derive(Debug, Serialize)]
pub struct Tally {
    /// The kind: `replay`, `upload`, `analysis`, `hint`, `create`.
    pub kind: &'static str,
    /// The request.
    pub request: String,
    /// Clients.
    pub clients: usize,
    /// Requests answered (OK + busy + rate-limited + other).
    pub answered: usize,
    /// Answered with success.
    pub ok: usize,
    /// Refused as `busy`.
    pub busy: usize,
    /// Refused with 429 or `rate_limited`.
    pub rate_limited: usize,
    /// Any other error (status and code, or why the request failed).
    pub other: usize,
    /// Requests still waiting when the phase ended (dropped).
    pub unfinished: usize,
    /// A few of the other errors, each once.
    pub errors: Vec<String>,
    /// Time to each answer, ms.
    pub ms: Percentiles,
    #[serde(skip)]
    times: Vec<f64>,
    #[serde(skip)]
    in_flight: usize,
}

/// How a flood's answer counts.
enum Class {
    Ok,
    Busy,
    RateLimited,
    Other(String),
}

fn class_of_code(code: &str) -> Class {
    match code {
        "busy" => Class::Busy,
        "rate_limited" => Class::RateLimited,
        _ => Class::Other(code.to_owned()),
    }
}

/// How an answer to a flooding request counts.
fn class(reply: &Result<Reply, HttpError>) -> Class {
    match reply {
        Ok(r) if r.ok() => Class::Ok,
        Ok(r) if r.status == 429 => Class::RateLimited,
        Ok(r) => match r.code() {
            Some(code) => match class_of_code(&code) {
                Class::Other(c) => Class::Other(format!("{} {c}", r.status)),
                c => c,
            },
            None => Class::Other(format!("{}", r.status)),
        },
        Err(e) => Class::Other(e.to_string()),
    }
}

/// How a hint client's failure to open its game's WebSocket counts: a
/// refusal with 429 is the limit on requests per address.
fn class_of_join(error: &PlayerError) -> Class {
    match error.upgrade_status() {
        Some(429) => Class::RateLimited,
        _ => Class::Other(error.to_string()),
    }
}

impl Tally {
    fn new(kind: &'static str, request: String, clients: usize) -> Tally {
        Tally {
            kind,
            request,
            clients,
            answered: 0,
            ok: 0,
            busy: 0,
            rate_limited: 0,
            other: 0,
            unfinished: 0,
            errors: Vec::new(),
            ms: percentiles(Vec::new()),
            times: Vec::new(),
            in_flight: 0,
        }
    }

    fn count(&mut self, c: Class, ms: f64) {
        self.in_flight = self.in_flight.saturating_sub(1);
        self.answered += 1;
        self.times.push(ms);
        match c {
            Class::Ok => self.ok += 1,
            Class::Busy => self.busy += 1,
            Class::RateLimited => self.rate_limited += 1,
            Class::Other(e) => {
                self.other += 1;
                if self.errors.len() < 3 && !self.errors.contains(&e) {
                    self.errors.push(e);
                }
            }
        }
    }
}

type Shared = Arc<Mutex<Tally>>;

fn lock(t: &Shared) -> std::sync::MutexGuard<'_, Tally> {
    t.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// What the flooding clients work on.
struct Targets {
    addr: SocketAddr,
    long: String,
    long_strokes: usize,
    record: Vec<u8>,
    hint_games: Vec<GameLink>,
}

/// Runs the mode.
pub fn run(o: FloodOptions, verbose: bool) -> Result<FloodFigures, BenchError> {
    if !(o.secs > 0.0 && o.secs <= MAX_SECS) {
        return Err(BenchError::FloodSecs);
    }
    if o.clients == 0 || o.clients > MAX_CLIENTS {
        return Err(BenchError::FloodClients);
    }
    if o.long_game == 0 || o.long_game > MAX_LONG {
        return Err(BenchError::FloodLongGame);
    }
    measured(|dir| async move { measure(&dir, o, verbose).await })
}

async fn measure(
    dir: &std::path::Path,
    o: FloodOptions,
    verbose: bool,
) -> Result<FloodFigures, BenchError> {
    let tell = |what: &str| {
        if verbose {
            eprintln!("… {what}");
        }
    };
    let record_strokes = RECORD_STROKES.min(o.long_game);
    tell(&format!(
        "growing a game of {} strokes and one of {record_strokes}",
        o.long_game
    ));
    let grown = grow::grow_in(dir, &[o.long_game, record_strokes], &|_| {}).await?;
    let server = Child::start(dir)?;
    let addr = server.addr;
    let long = grown[0].id.to_string();
    let (loaded, long_game_load_ms) = http::timed(
        addr,
        "GET",
        &format!("/api/games/{long}"),
        None,
        ANSWER_LIMIT,
    )
    .await;
    let loaded = loaded?;
    if !loaded.ok() {
        return Err(BenchError::LoadStatus(loaded.status));
    }
    let record = http::request(
        addr,
        "GET",
        &format!("/api/games/{}/record", grown[1].id),
        None,
        ANSWER_LIMIT,
    )
    .await?;
    if !record.ok() {
        return Err(BenchError::RecordStatus(record.status));
    }
    let mut hint_games = Vec::new();
    for _ in 0..o.clients {
        hint_games.push(create(addr, HOT_SEAT).await?);
    }
    let targets = Arc::new(Targets {
        addr,
        long,
        long_strokes: o.long_game,
        record: record.body,
        hint_games,
    });
    let victim_game = create(addr, HOT_SEAT).await?;

    tell(&format!("the victim alone for {} s", o.secs));
    let baseline = victim(addr, victim_game.clone(), o.secs).await?;

    tell(&format!("the victim during the floods for {} s", o.secs));
    let stop = Arc::new(AtomicBool::new(false));
    let tallies: Vec<Shared> = kinds(&targets)
        .into_iter()
        .filter(|(kind, _)| o.only.is_empty() || o.only.iter().any(|k| k == kind))
        .map(|(kind, request)| Arc::new(Mutex::new(Tally::new(kind, request, o.clients))))
        .collect();
    let mut tasks = Vec::new();
    for tally in &tallies {
        for k in 0..o.clients {
            tasks.push(tokio::spawn(flood(
                targets.clone(),
                tally.clone(),
                k,
                stop.clone(),
            )));
        }
    }
    // Let the floods get going before the victim starts.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let flooded = victim(addr, victim_game, o.secs).await;
    stop.store(true, Ordering::SeqCst);
    for task in &tasks {
        task.abort();
    }
    for task in tasks {
        let _ = task.await;
    }
    drop(server);
    let flooded = flooded?;
    let floods = tallies
        .iter()
        .map(|t| {
            let mut t = std::mem::replace(&mut *lock(t), Tally::new("", String::new(), 0));
            t.ms = percentiles(std::mem::take(&mut t.times));
            t.unfinished = t.in_flight;
            t
        })
        .collect();
    Ok(FloodFigures {
        seconds: o.secs,
        stroke_every_ms: STROKE_EVERY.as_secs_f64() * 1e3,
        clients_per_kind: o.clients,
        long_game_strokes: o.long_game,
        long_game_load_ms,
        record_strokes,
        record_bytes: targets.record.len(),
        p99_difference_ms: flooded.round_trip_ms.p99 - baseline.round_trip_ms.p99,
        baseline,
        flooded,
        floods,
    })
}

/// The kinds of flood and the request each sends.
fn kinds(t: &Targets) -> Vec<(&'static str, String)> {
    vec![
        (
            "replay",
            format!(
                "GET /api/games/{{long}}/replay ({} strokes)",
                t.long_strokes
            ),
        ),
        (
            "upload",
            format!("POST /api/records ({} bytes)", t.record.len()),
        ),
        (
            "analysis",
            format!(
                "POST /api/games/{{long}}/analysis {{\"at\": {}}}",
                t.long_strokes
            ),
        ),
        (
            "hint",
            "WS hint (levels in turn, a stroke after each round)".into(),
        ),
        ("create", "POST /api/games (hot-seat)".into()),
    ]
}

/// One flooding client: its kind's request in a loop until `stop`.
async fn flood(t: Arc<Targets>, tally: Shared, k: usize, stop: Arc<AtomicBool>) {
    let kind = lock(&tally).kind;
    if kind == "hint" {
        hints(&t, &tally, k, &stop).await;
        return;
    }
    let (method, path, body): (&str, String, Option<Vec<u8>>) = match kind {
        "replay" => ("GET", format!("/api/games/{}/replay", t.long), None),
        "upload" => ("POST", "/api/records".into(), Some(t.record.clone())),
        "analysis" => (
            "POST",
            format!("/api/games/{}/analysis", t.long),
            Some(format!("{{\"at\": {}}}", t.long_strokes).into_bytes()),
        ),
        _ => (
            "POST",
            "/api/games".into(),
            Some(HOT_SEAT.as_bytes().to_vec()),
        ),
    };
    while !stop.load(Ordering::SeqCst) {
        lock(&tally).in_flight += 1;
        let (reply, ms) = http::timed_from(
            Some(http::FLOOD_SOURCE),
            t.addr,
            method,
            &path,
            body.as_deref(),
            ANSWER_LIMIT,
        )
        .await;
        let failed = reply.is_err();
        lock(&tally).count(class(&reply), ms);
        if failed {
            // A connection refused or reset: do not spin.
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A hint client: asks for each level's hint at the game's event, then
/// plays a stroke so that the next round is worked out afresh.
async fn hints(t: &Targets, tally: &Shared, k: usize, stop: &AtomicBool) {
    let game = &t.hint_games[k % t.hint_games.len()];
    while !stop.load(Ordering::SeqCst) {
        let joined = Table::join_from(Some(http::FLOOD_SOURCE), t.addr, game).await;
        let mut table = match joined {
            Ok(table) => table,
            Err(e) => {
                lock(tally).in_flight += 1;
                lock(tally).count(class_of_join(&e), 0.0);
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        'rounds: while !stop.load(Ordering::SeqCst) {
            for level in LEVELS {
                lock(tally).in_flight += 1;
                let s = Instant::now();
                let answer = table.hint(level).await;
                let ms = s.elapsed().as_secs_f64() * 1e3;
                let c = match answer {
                    Ok(HintAnswer::Given) => Class::Ok,
                    Ok(HintAnswer::Refused(code)) => class_of_code(&code),
                    Err(e) => {
                        lock(tally).count(Class::Other(e.to_string()), ms);
                        break 'rounds;
                    }
                };
                lock(tally).count(c, ms);
            }
            if !matches!(table.stroke().await, Ok(Stroked::Played(_))) {
                break;
            }
        }
    }
}

/// The victim: joins its game and plays a stroke every 100 ms for `secs`,
/// on a thread with its own runtime; the round trips.
async fn victim(addr: SocketAddr, game: GameLink, secs: f64) -> Result<Victim, BenchError> {
    let thread = std::thread::spawn(move || -> Result<(Vec<f64>, Refusals), BenchError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(BenchError::Runtime)?;
        runtime.block_on(async {
            let mut table = Table::join(addr, &game).await?;
            let end = Instant::now() + Duration::from_secs_f64(secs);
            let mut pace = tokio::time::interval(STROKE_EVERY);
            pace.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut trips = Vec::new();
            let mut refused = Refusals::default();
            loop {
                pace.tick().await;
                if Instant::now() >= end {
                    break;
                }
                match table.stroke().await? {
                    Stroked::Played(ms) => trips.push(ms),
                    Stroked::Refused(why) => refused.add(why),
                }
            }
            table.close().await;
            Ok((trips, refused))
        })
    });
    let (trips, refused) = tokio::task::spawn_blocking(move || thread.join())
        .await
        .map_err(BenchError::Task)?
        .map_err(|_| BenchError::VictimPanicked)??;
    Ok(Victim {
        strokes: trips.len() + refused.count,
        round_trip_ms: percentiles(trips),
        refused,
    })
}

impl FloodFigures {
    /// As text.
    pub fn text(&self) -> String {
        let v = |name: &str, v: &Victim| {
            format!(
                "  {name:<14} p50 {:>8.2} ms  p99 {:>8.2} ms  max {:>8.2} ms  ({} strokes, {} refused{})\n",
                v.round_trip_ms.p50,
                v.round_trip_ms.p99,
                v.round_trip_ms.max,
                v.strokes,
                v.refused.count,
                if v.refused.examples.is_empty() {
                    String::new()
                } else {
                    format!(": {}", v.refused.examples.join(" | "))
                }
            )
        };
        let mut s = format!(
            "novuss server benchmark: floods (novuss serve as a process; {} s per phase; {} clients per kind)\n\
             \x20 long game {} strokes (first load {:.1} ms); uploaded record {} strokes, {} bytes\n\
             the victim's stroke round trip (a stroke every {:.0} ms over its WebSocket)\n",
            self.seconds,
            self.clients_per_kind,
            self.long_game_strokes,
            self.long_game_load_ms,
            self.record_strokes,
            self.record_bytes,
            self.stroke_every_ms,
        );
        s.push_str(&v("alone", &self.baseline));
        s.push_str(&v("under flood", &self.flooded));
        s.push_str(&format!(
            "  p99 difference {:+.2} ms\n\
             the floods        answered       ok     busy  rate-lim    other  unfinished   p50 ms    max ms\n",
            self.p99_difference_ms
        ));
        for t in &self.floods {
            s.push_str(&format!(
                "  {:<14} {:>9} {:>8} {:>8} {:>9} {:>8} {:>11} {:>8.1} {:>9.1}\n",
                t.kind,
                t.answered,
                t.ok,
                t.busy,
                t.rate_limited,
                t.other,
                t.unfinished,
                t.ms.p50,
                t.ms.max
            ));
        }
        for t in &self.floods {
            s.push_str(&format!("  {}: {}", t.kind, t.request));
            if !t.errors.is_empty() {
                s.push_str(&format!("; errors: {}", t.errors.join(" | ")));
            }
            s.push('\n');
        }
        s.trim_end().to_owned()
    }
}
