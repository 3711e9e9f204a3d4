//! `novuss loadtest-competition`: a competition day in a hall, driven
//! against a running server on this machine (issue 32): an organiser
//! with an account creates a Swiss, enters its players, then pairs each
//! round and enters its results at a steady pace, while spectators follow
//! the competition's live page. Reports how long after the organiser sent
//! each change every spectator had it, what the organiser waited for, and
//! what it cost the server.
//!
//! The spectators connect from 127.0.0.2–127.0.0.254 (as the game load
//! test's rooms do) so that the server's limit of connections per address
//! counts them apart; they connect after the entries, as a hall's
//! spectators arrive for the first round.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde_json::{json, Value};

use crate::client::http::{self, HttpError};
use crate::load::{self, LoadError};
use crate::percentiles::{percentiles, Percentiles};

mod follower;

use follower::{Follower, Seen};

/// The most players (the server's own limit on a Swiss's entries is
/// higher; a hall is not).
pub const MAX_PLAYERS: usize = 1000;
/// The most spectators.
pub const MAX_FOLLOWERS: usize = 5000;
/// How long any one request may take.
const REQUEST_LIMIT: Duration = Duration::from_secs(30);
/// How long after the last change the spectators have to see it.
const CATCH_UP: Duration = Duration::from_secs(30);

/// `novuss loadtest-competition`'s options.
#[derive(clap::Args, Clone, Debug)]
pub struct HallArgs {
    /// The server: http://127.0.0.1:PORT/; loopback addresses only.
    #[arg(long)]
    pub url: String,
    /// Players entered, 2 to 1,000.
    #[arg(long, default_value_t = 250)]
    pub players: usize,
    /// Swiss rounds, 1 to 30.
    #[arg(long, default_value_t = 13)]
    pub rounds: u32,
    /// Tables in the hall, 1 to 500.
    #[arg(long, default_value_t = 60)]
    pub tables: u32,
    /// Spectators following the live page, 0 to 5,000.
    #[arg(long, default_value_t = 500)]
    pub followers: usize,
    /// Results entered a second (0.1 to 1,000): each result is sent at
    /// its time, or as soon as the answer to the last one is in.
    #[arg(long, default_value_t = 5.0)]
    pub results_per_second: f64,
    /// The server's process id, for its memory and CPU (default: the
    /// process listening on the URL's port, when this user may see it).
    #[arg(long)]
    pub server_pid: Option<u32>,
    /// Seeds the results.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the figures as JSON.
    #[arg(long)]
    pub json: bool,
}

/// Why the hall could not be run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HallError {
    /// The URL, the server or the machine (as the game load test says).
    #[error(transparent)]
    Load(#[from] LoadError),
    /// Out of range.
    #[error("--players must be 2 to {MAX_PLAYERS}")]
    Players,
    /// Out of range.
    #[error("--rounds must be 1 to 30, and fewer than --players")]
    Rounds,
    /// Out of range.
    #[error("--tables must be 1 to 500")]
    Tables,
    /// Out of range.
    #[error("--followers must be 0 to {MAX_FOLLOWERS}")]
    Followers,
    /// Out of range.
    #[error("--results-per-second must be 0.1 to 1000")]
    Pace,
    /// A request got no answer.
    #[error("{what}: {error}")]
    Http {
        /// What was asked.
        what: &'static str,
        /// Why.
        #[source]
        error: HttpError,
    },
    /// The server refused what the organiser asked.
    #[error("{what}: the server answered {status} {body}")]
    Refused {
        /// What was asked.
        what: &'static str,
        /// Its status.
        status: u16,
        /// Its body, cut short.
        body: String,
    },
    /// Not enough open files for the spectators' sockets.
    #[error("{followers} spectators need more open files than the limit of {limit}")]
    Files {
        /// Spectators asked for.
        followers: usize,
        /// The limit.
        limit: u64,
    },
    /// A spectator's stream could not be opened.
    #[error("a spectator's stream: {0}")]
    Stream(String),
}

/// What the hall measured.
#[derive(Debug, Serialize)]
pub struct HallFigures {
    /// The server.
    pub url: String,
    /// Players entered.
    pub players: usize,
    /// Rounds paired and played.
    pub rounds: u32,
    /// Tables.
    pub tables: u32,
    /// Spectators.
    pub followers: usize,
    /// The pace asked for.
    pub results_per_second: f64,
    /// Results entered.
    pub results: usize,
    /// Changes the competition has at the end.
    pub changes: u64,
    /// From the first pairing to the last result, s.
    pub rounds_s: f64,
    /// The organiser's wait for each answer, ms: entries, pairings,
    /// results.
    pub enter_ms: Percentiles,
    /// See `enter_ms`.
    pub pair_ms: Percentiles,
    /// See `enter_ms`.
    pub result_ms: Percentiles,
    /// From a result sent to a spectator having it, ms, over every result
    /// and spectator.
    pub result_shown_ms: Percentiles,
    /// The share of those within a second.
    pub result_shown_within_1s: f64,
    /// From a pairing sent to a spectator having it, ms.
    pub pairing_shown_ms: Percentiles,
    /// Result events the spectators got (each a board and the standings).
    pub result_events: usize,
    /// Whole competitions the spectators got after their first, but for
    /// pairings: each one a stream that fell behind and was sent it all.
    pub caught_up_whole: usize,
    /// Changes a spectator never had (it ended, or the catch-up ran out).
    pub missed: usize,
    /// Spectators whose stream failed.
    pub streams_failed: usize,
    /// What a spectator read on average, MB.
    pub mb_per_follower: f64,
    /// The server's CPU over the rounds, % of one core (if its process
    /// could be read).
    pub server_cpu_percent: Option<f64>,
    /// The server's resident memory at the end, MB.
    pub server_rss_mb: Option<f64>,
}

impl HallFigures {
    /// The figures as lines of text.
    pub fn text(&self) -> String {
        let p =
            |x: &Percentiles| format!("p50 {:.1}, p99 {:.1}, max {:.1} ms", x.p50, x.p99, x.max);
        let opt = |x: Option<f64>, unit: &str| {
            x.map_or("unknown".to_owned(), |v| format!("{v:.0}{unit}"))
        };
        format!(
            "competition: {} players, {} rounds, {} tables, {} spectators, {} results at {}/s ({} changes) in {:.0} s\n\
             organiser waited: entry {}; pairing {}; result {}\n\
             a result shown to a spectator: {} ({:.2}% within 1 s)\n\
             a pairing shown to a spectator: {}\n\
             events: {} results, {} whole competitions after falling behind, {} changes missed, {} streams failed, {:.1} MB read a spectator\n\
             server: CPU {} of a core, resident {}",
            self.players,
            self.rounds,
            self.tables,
            self.followers,
            self.results,
            self.results_per_second,
            self.changes,
            self.rounds_s,
            p(&self.enter_ms),
            p(&self.pair_ms),
            p(&self.result_ms),
            p(&self.result_shown_ms),
            self.result_shown_within_1s * 100.0,
            p(&self.pairing_shown_ms),
            self.result_events,
            self.caught_up_whole,
            self.missed,
            self.streams_failed,
            self.mb_per_follower,
            opt(self.server_cpu_percent, " %"),
            opt(self.server_rss_mb, " MB"),
        )
    }
}

/// Checks the options and runs the hall; the report (text or JSON).
pub fn run(args: &HallArgs) -> Result<String, HallError> {
    let addr = load::address::parse(&args.url)?;
    if !(2..=MAX_PLAYERS).contains(&args.players) {
        return Err(HallError::Players);
    }
    if !(1..=30).contains(&args.rounds) || args.rounds as usize >= args.players {
        return Err(HallError::Rounds);
    }
    if !(1..=500).contains(&args.tables) {
        return Err(HallError::Tables);
    }
    if args.followers > MAX_FOLLOWERS {
        return Err(HallError::Followers);
    }
    if !(0.1..=1000.0).contains(&args.results_per_second) {
        return Err(HallError::Pace);
    }
    load::open_files_for(args.followers as u64, |limit| HallError::Files {
        followers: args.followers,
        limit,
    })?;
    let runtime = load::runtime()?;
    let figures = runtime.block_on(drive(args, addr))?;
    runtime.shutdown_timeout(Duration::from_secs(1));
    if args.json {
        serde_json::to_string_pretty(&figures).map_err(|e| HallError::Load(LoadError::Json(e)))
    } else {
        Ok(figures.text())
    }
}

/// The organiser: their session's cookie, and the competition's address.
struct Desk {
    addr: std::net::SocketAddr,
    cookie: String,
}

impl Desk {
    /// Sends `body` to `path` as the organiser; the answer's JSON and the
    /// wait, ms.
    async fn post(
        &self,
        what: &'static str,
        path: &str,
        body: &Value,
    ) -> Result<(Value, f64), HallError> {
        let bytes = body.to_string().into_bytes();
        let t = Instant::now();
        let reply = http::request_as(
            None,
            self.addr,
            "POST",
            path,
            Some(&bytes),
            Some(&self.cookie),
            REQUEST_LIMIT,
        )
        .await
        .map_err(|error| HallError::Http { what, error })?;
        let ms = t.elapsed().as_secs_f64() * 1e3;
        if !reply.ok() {
            return Err(HallError::Refused {
                what,
                status: reply.status,
                body: String::from_utf8_lossy(&reply.body)
                    .chars()
                    .take(300)
                    .collect(),
            });
        }
        Ok((reply.json().unwrap_or(Value::Null), ms))
    }
}

/// When each change was sent, by its number, and whether it was a result.
type Sent = Arc<Mutex<Vec<(u64, bool, Instant)>>>;

async fn drive(args: &HallArgs, addr: std::net::SocketAddr) -> Result<HallFigures, HallError> {
    load::check_server(addr, &args.url).await?;
    let pid = args
        .server_pid
        .or_else(|| load::process::find_listener(addr));
    let mut rng = ChaCha8Rng::seed_from_u64(args.seed);

    // The organiser registers, then creates the competition.
    let name = format!(
        "hall_{}_{}",
        std::process::id(),
        rng.random_range(0..1_000_000u32)
    );
    let body = json!({"username": name, "password": "a hall of novuss tables"}).to_string();
    let reply = http::request(
        addr,
        "POST",
        "/api/account/register",
        Some(body.as_bytes()),
        REQUEST_LIMIT,
    )
    .await
    .map_err(|error| HallError::Http {
        what: "registering the organiser",
        error,
    })?;
    let cookie = reply
        .headers
        .iter()
        .filter(|(n, _)| n == "set-cookie")
        .find_map(|(_, v)| v.split(';').next().filter(|c| c.starts_with("novuss_id=")))
        .map(str::to_owned)
        .ok_or_else(|| HallError::Refused {
            what: "registering the organiser",
            status: reply.status,
            body: String::from_utf8_lossy(&reply.body)
                .chars()
                .take(300)
                .collect(),
        })?;
    let desk = Desk { addr, cookie };
    let setup = json!({
        "name": "Hall load test", "venue": "127.0.0.1", "tables": args.tables,
        "system": {"kind": "swiss", "rounds": args.rounds},
        "format": {"kind": "sets", "sets": 6},
    });
    let (made, _) = desk
        .post("creating the competition", "/api/competitions", &setup)
        .await?;
    let id = made["id"].as_str().unwrap_or_default().to_owned();
    let changes_path = format!("/api/competitions/{id}/changes");

    let mut enter_ms = Vec::with_capacity(args.players);
    for i in 0..args.players {
        let entry = json!({"change": "enter", "entry": {
            "name": format!("Player {}", i + 1), "club": format!("Club {}", i % 20 + 1),
            "rating": 2200 - (i as u32 * 1000 / args.players as u32)}});
        let (_, ms) = desk
            .post("entering a player", &changes_path, &entry)
            .await?;
        enter_ms.push(ms);
    }
    let mut changes = args.players as u64;

    // The spectators arrive.
    let sent: Sent = Arc::default();
    let (tell_last, last) = tokio::sync::watch::channel(None);
    let live = format!("/api/competitions/{id}/live");
    let mut streams = Vec::with_capacity(args.followers);
    for i in 0..args.followers {
        let from = load::address::source(addr, i);
        streams.push(
            Follower::open(addr, from, &live)
                .await
                .map_err(HallError::Stream)?,
        );
    }
    let mut followers = tokio::task::JoinSet::new();
    for f in streams {
        followers.spawn(f.follow(last.clone()));
    }

    let cpu_before = pid.and_then(load::process::read);
    let t_rounds = Instant::now();
    let gap = Duration::from_secs_f64(1.0 / args.results_per_second);
    let mut pair_ms = Vec::new();
    let mut result_ms = Vec::new();
    let mut results = 0;
    let mut next_at = Instant::now();
    for round in 1..=args.rounds {
        let t = Instant::now();
        let (paired, ms) = desk
            .post(
                "pairing a round",
                &changes_path,
                &json!({"change": "pair_next", "round": round}),
            )
            .await?;
        changes += 1;
        sent.lock()
            .unwrap_or_else(|p| p.into_inner())
            .push((changes, false, t));
        pair_ms.push(ms);
        let boards = paired["rounds"][(round - 1) as usize]["boards"]
            .as_array()
            .map_or(0, Vec::len);
        let mut order: Vec<usize> = (1..=boards).collect();
        order.shuffle(&mut rng);
        next_at = next_at.max(Instant::now());
        for board in order {
            tokio::time::sleep_until(next_at.into()).await;
            next_at += gap;
            let outcome = match rng.random_range(0..20) {
                0 => json!({"kind": "forfeit", "winner": "second"}),
                1..=3 => json!({"kind": "sets", "first": 3, "second": 3}),
                k => {
                    let loser = rng.random_range(0..3);
                    if k % 2 == 0 {
                        json!({"kind": "sets", "first": 4, "second": loser})
                    } else {
                        json!({"kind": "sets", "first": loser, "second": 4})
                    }
                }
            };
            let t = Instant::now();
            let (_, ms) = desk
                .post(
                    "entering a result",
                    &changes_path,
                    &json!({"change": "result", "round": round, "board": board, "outcome": outcome}),
                )
                .await?;
            changes += 1;
            sent.lock()
                .unwrap_or_else(|p| p.into_inner())
                .push((changes, true, t));
            result_ms.push(ms);
            results += 1;
        }
    }
    let rounds_s = t_rounds.elapsed().as_secs_f64();
    let cpu_after = pid.and_then(load::process::read);
    tell_last.send_replace(Some(changes));

    // Each spectator has until the catch-up ends to see the last change.
    let deadline = tokio::time::Instant::now() + CATCH_UP;
    let mut seen: Vec<Seen> = Vec::with_capacity(args.followers);
    while let Ok(Some(done)) = tokio::time::timeout_at(deadline, followers.join_next()).await {
        if let Ok(s) = done {
            seen.push(s);
        }
    }
    let unfinished = followers.len();
    followers.abort_all();

    let sent = sent.lock().unwrap_or_else(|p| p.into_inner()).clone();
    let sent_at: std::collections::HashMap<u64, (bool, Instant)> =
        sent.iter().map(|&(n, r, t)| (n, (r, t))).collect();
    let mut result_shown = Vec::new();
    let mut pairing_shown = Vec::new();
    let (mut result_events, mut caught_up_whole, mut missed, mut failed) = (0, 0, 0, unfinished);
    let mut bytes = 0u64;
    for s in &seen {
        bytes += s.bytes;
        if s.failed.is_some() {
            failed += 1;
        }
        let mut had = args.players as u64;
        for (i, &(n, result, at)) in s.events.iter().enumerate() {
            if result {
                result_events += 1;
            } else if i > 0 && sent_at.get(&n).is_none_or(|&(r, _)| r) {
                // Not a pairing's: the stream fell behind.
                caught_up_whole += 1;
            }
            // A whole competition brings every change up to its number.
            for k in had + 1..=n {
                if let Some(&(r, t)) = sent_at.get(&k) {
                    let ms = at.saturating_duration_since(t).as_secs_f64() * 1e3;
                    if r {
                        result_shown.push(ms);
                    } else {
                        pairing_shown.push(ms);
                    }
                }
            }
            had = had.max(n);
        }
        missed += changes.saturating_sub(had) as usize;
    }
    missed += unfinished * sent.len();
    let within = if result_shown.is_empty() {
        0.0
    } else {
        result_shown.iter().filter(|&&ms| ms <= 1000.0).count() as f64 / result_shown.len() as f64
    };
    let cpu = match (cpu_before, cpu_after) {
        (Some(a), Some(b)) if rounds_s > 0.0 => Some((b.cpu_s - a.cpu_s) / rounds_s * 100.0),
        _ => None,
    };
    let rss = pid
        .and_then(load::process::memory)
        .map(|m| m.rss_bytes as f64 / 1e6);
    Ok(HallFigures {
        url: args.url.clone(),
        players: args.players,
        rounds: args.rounds,
        tables: args.tables,
        followers: args.followers,
        results_per_second: args.results_per_second,
        results,
        changes,
        rounds_s,
        enter_ms: percentiles(enter_ms),
        pair_ms: percentiles(pair_ms),
        result_ms: percentiles(result_ms),
        result_shown_ms: percentiles(result_shown),
        result_shown_within_1s: within,
        pairing_shown_ms: percentiles(pairing_shown),
        result_events,
        caught_up_whole,
        missed,
        streams_failed: failed,
        mb_per_follower: if args.followers == 0 {
            0.0
        } else {
            bytes as f64 / 1e6 / args.followers as f64
        },
        server_cpu_percent: cpu,
        server_rss_mb: rss,
    })
}
