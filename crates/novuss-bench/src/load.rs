//! `novuss loadtest`: drives a running server with simulated people
//! (issue 22) and reports what they saw and what it cost the server.
//!
//! Each room is a game between two people who meet by an invitation link
//! and play the geometric player's strokes after a think time, watched by
//! K spectators (`room`). Rooms open one after another over the first two
//! thirds of the warm-up (by default a quarter of the run, at most 15 s),
//! whose strokes are reported apart.
//! Only a server on this machine is driven (`address`): the rooms
//! connect from 127.0.0.2–127.0.0.254 so that the server's per-address
//! limit on new games sees 253 clients; beyond ten rooms an address (the
//! default burst), start the server with a higher `--create-burst` and
//! `--create-per-minute` (docs/benchmarks.md, "Load test").
//!
//! The server's memory and CPU come from `/proc` (`process`); the
//! figures from `tally`, which counts what goes wrong by short, fixed
//! kinds (`kind`). Why the run could not be done at all is a
//! [`LoadError`].
//!
//! `--idle N` runs the other mode (`idle`): N silent sockets on a few
//! games, the server's memory as they grow, and new games timed while
//! they are held.

use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::client::http;

pub(crate) mod address;
mod error;
mod idle;
mod kind;
pub(crate) mod process;
mod room;
mod tally;

pub use address::UrlProblem;
pub use error::LoadError;
pub use idle::IdleFigures;
pub use tally::LoadFigures;

/// The most rooms.
pub const MAX_ROOMS: usize = 20_000;
/// The longest run, s.
pub const MAX_DURATION_S: f64 = 3600.0;
/// The most spectators a room.
pub const MAX_SPECTATORS: usize = 10;
/// The longest mean think time, s.
pub const MAX_THINK_S: f64 = 60.0;
/// The longest warm-up by default, s.
const MAX_WARM_UP_S: f64 = 15.0;
/// The part of the warm-up over which rooms open.
const OPENING: f64 = 2.0 / 3.0;
/// Open files kept for everything but the rooms' sockets.
const SPARE_FILES: u64 = 256;
/// How long after the run's end rooms may take to close before they are
/// dropped.
const WIND_DOWN: Duration = Duration::from_secs(40);

/// `novuss loadtest`'s options.
#[derive(clap::Args, Clone, Debug)]
pub struct LoadArgs {
    /// The server to drive: http://127.0.0.1:PORT/ (or ws://…); loopback
    /// addresses only.
    #[arg(long)]
    pub url: String,
    /// Another instance of the same server (over the same PostgreSQL
    /// database), repeatable: each room's people are spread over `--url`
    /// and these, the two players of a room on different ones.
    #[arg(long = "also-url", value_name = "URL", conflicts_with = "idle")]
    pub also_url: Vec<String>,
    /// Rooms (games between two people) at once, 1 to 20,000.
    #[arg(long, default_value_t = 10)]
    pub rooms: usize,
    /// How long to run, s (1 to 3600), warm-up included.
    #[arg(long, default_value_t = 60.0)]
    pub duration: f64,
    /// The warm-up, s, reported apart: rooms open over its first two
    /// thirds, and its last third lets the last ones settle (default: a
    /// quarter of the run, at most 15 s; given, less than the run).
    #[arg(long = "warm-up", value_name = "S")]
    pub warm_up: Option<f64>,
    /// Spectators watching each room, 0 to 10.
    #[arg(long, default_value_t = 1)]
    pub spectators: usize,
    /// A player's mean think time before a stroke, s (0 to 60); each wait
    /// is drawn from half to one and a half of it.
    #[arg(long, default_value_t = 5.0)]
    pub think: f64,
    /// The server's process id, for its memory and CPU (default: the
    /// process listening on the URL's port, when this user may see it);
    /// repeatable with --also-url: the servers' memory and CPU are added.
    #[arg(long)]
    pub server_pid: Vec<u32>,
    /// Seeds the think times and the strokes.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Print the figures as JSON.
    #[arg(long)]
    pub json: bool,
    /// Instead of rooms: open N WebSockets (1 to 25,000) to a few games,
    /// hold them silent, read the server's memory as they grow, and time
    /// new games while they are held.
    #[arg(long, value_name = "N",
          conflicts_with_all = ["rooms", "duration", "warm_up", "spectators", "think", "seed"])]
    pub idle: Option<usize>,
    /// With --idle: the games the sockets are spread over (two players
    /// each, the others watch), 1 to 2,000.
    #[arg(long, default_value_t = 100, requires = "idle")]
    pub idle_games: usize,
    /// With --idle: new games timed before the sockets and again while
    /// they are held, 1 to 1,000.
    #[arg(long, default_value_t = 200, requires = "idle")]
    pub idle_creates: usize,
}

/// Checks the options and runs the load test; the report (text or JSON).
pub fn run(args: &LoadArgs) -> Result<String, LoadError> {
    let addr = address::parse(&args.url)?;
    if let Some(n) = args.idle {
        return run_idle(args, addr, n);
    }
    if args.rooms == 0 || args.rooms > MAX_ROOMS {
        return Err(LoadError::Rooms);
    }
    if !(1.0..=MAX_DURATION_S).contains(&args.duration) {
        return Err(LoadError::Duration);
    }
    if args
        .warm_up
        .is_some_and(|w| !(w.is_finite() && w >= 0.0 && w < args.duration))
    {
        return Err(LoadError::WarmUp);
    }
    if args.spectators > MAX_SPECTATORS {
        return Err(LoadError::Spectators);
    }
    if !(0.0..=MAX_THINK_S).contains(&args.think) {
        return Err(LoadError::Think);
    }
    // Each room holds two players' and its spectators' sockets open.
    let sockets = (args.rooms * (2 + args.spectators)) as u64;
    open_files_for(sockets, |limit| LoadError::RoomFiles {
        rooms: args.rooms,
        spectators: args.spectators,
        sockets,
        limit,
    })?;
    let runtime = runtime()?;
    let figures = runtime.block_on(drive(args, addr))?;
    // Sockets still closing must not hold the report up.
    runtime.shutdown_timeout(Duration::from_secs(1));
    if args.json {
        serde_json::to_string_pretty(&figures).map_err(LoadError::Json)
    } else {
        Ok(figures.text())
    }
}

/// The idle mode with `n` sockets.
fn run_idle(args: &LoadArgs, addr: std::net::SocketAddr, n: usize) -> Result<String, LoadError> {
    let plan = idle::Plan::of(n, args)?;
    let limit = open_files_for(plan.files(), |limit| LoadError::IdleFiles {
        sockets: n,
        limit,
    })?;
    let runtime = runtime()?;
    let figures = runtime.block_on(idle::measure(args, addr, plan, limit))?;
    runtime.shutdown_timeout(Duration::from_secs(1));
    if args.json {
        serde_json::to_string_pretty(&figures).map_err(LoadError::Json)
    } else {
        Ok(figures.text())
    }
}

pub(crate) fn runtime() -> Result<tokio::runtime::Runtime, LoadError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(LoadError::Runtime)
}

/// Raises the open-file limit to its hard limit (as `novuss serve` does)
/// and checks that it leaves room for `sockets` and [`SPARE_FILES`]; the
/// limit now in force, if known. `too_many` is the refusal, given the
/// limit.
pub(crate) fn open_files_for<E>(
    sockets: u64,
    too_many: impl FnOnce(u64) -> E,
) -> Result<Option<u64>, E> {
    let limit = novuss_server::raise_open_files()
        .ok()
        .flatten()
        .or_else(novuss_server::open_files);
    match limit {
        Some(l) if sockets + SPARE_FILES > l => Err(too_many(l)),
        _ => Ok(limit),
    }
}

/// Fails at once if no server answers at `addr`, or one that is not
/// novuss.
pub(crate) async fn check_server(addr: std::net::SocketAddr, url: &str) -> Result<(), LoadError> {
    let health = http::request(addr, "GET", "/api/health", None, Duration::from_secs(10))
        .await
        .map_err(|error| LoadError::NoServer {
            url: url.to_owned(),
            error,
        })?;
    if !health.ok() || health.json().is_none_or(|v| v["ok"] != true) {
        return Err(LoadError::NotNovuss {
            url: url.to_owned(),
            status: health.status,
        });
    }
    Ok(())
}

/// Opens the rooms over the warm-up, samples the servers until the end,
/// and waits for the rooms to close; the figures.
async fn drive(args: &LoadArgs, addr: std::net::SocketAddr) -> Result<LoadFigures, LoadError> {
    check_server(addr, &args.url).await?;
    let mut servers = vec![addr];
    for url in &args.also_url {
        let other = address::parse(url)?;
        check_server(other, url).await?;
        servers.push(other);
    }
    let pids: Vec<u32> = if args.server_pid.is_empty() {
        servers
            .iter()
            .filter_map(|a| process::find_listener(*a))
            .collect()
    } else {
        args.server_pid.clone()
    };
    let warm_up = args
        .warm_up
        .unwrap_or((args.duration / 4.0).min(MAX_WARM_UP_S));
    // Opening a room is several writes (a game, its seats, three people);
    // opened up to the warm-up's end, the last rooms' openings and their
    // first strokes would still be queued in the measured part.
    let opening = warm_up * OPENING;
    let t0 = Instant::now();
    let warm_end = t0 + Duration::from_secs_f64(warm_up);
    let stop = t0 + Duration::from_secs_f64(args.duration);
    let run = Arc::new(room::Run {
        servers,
        stop,
        think_s: args.think,
        spectators: args.spectators,
        tally: tally::Tally::new(warm_end),
        seed: args.seed,
    });
    let mut rooms = tokio::task::JoinSet::new();
    for i in 0..args.rooms {
        let start = t0 + Duration::from_secs_f64(opening * i as f64 / args.rooms as f64);
        rooms.spawn(room::room(run.clone(), i, start));
    }
    let sampler = tokio::spawn(sample(pids, warm_end, stop));
    let deadline = tokio::time::Instant::from(stop + room::GRACE + WIND_DOWN);
    while let Ok(Some(_)) = tokio::time::timeout_at(deadline, rooms.join_next()).await {}
    if !rooms.is_empty() {
        run.tally.error(&kind::RoomError::Unfinished);
        rooms.abort_all();
    }
    let (server, generator_cpu_percent) = sampler.await.unwrap_or_default();
    let measured_s = args.duration - warm_up;
    Ok(LoadFigures {
        url: args.url.clone(),
        rooms: args.rooms,
        spectators: args.spectators,
        think_s: args.think,
        duration_s: args.duration,
        warm_up_s: warm_up,
        counted: run.tally.figures(measured_s),
        server,
        generator_cpu_percent,
    })
}

/// Reads the servers each second until `stop`: their largest RSS, and
/// their CPU (and this process's) from `warm_end` to `stop`; with several
/// instances, the sums of theirs.
async fn sample(
    pids: Vec<u32>,
    warm_end: Instant,
    stop: Instant,
) -> (tally::ServerUse, Option<f64>) {
    let mut used = tally::ServerUse {
        pid: pids.first().copied(),
        instances: pids.len(),
        ..Default::default()
    };
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let mut first: Option<(Instant, Option<f64>, Option<f64>)> = None;
    loop {
        tick.tick().await;
        let now = Instant::now();
        let server = pids.iter().try_fold(
            process::Reading {
                rss_bytes: 0,
                cpu_s: 0.0,
            },
            |sum, pid| {
                let r = process::read(*pid)?;
                Some(process::Reading {
                    rss_bytes: sum.rss_bytes + r.rss_bytes,
                    cpu_s: sum.cpu_s + r.cpu_s,
                })
            },
        );
        let server = server.filter(|_| !pids.is_empty());
        if let Some(r) = server {
            used.max_rss_bytes = Some(used.max_rss_bytes.unwrap_or(0).max(r.rss_bytes));
        }
        let own = process::own_cpu_s();
        if first.is_none() && now >= warm_end {
            first = Some((now, server.map(|r| r.cpu_s), own));
        }
        if now >= stop {
            let Some((t, server_cpu, own_cpu)) = first else {
                return (used, None);
            };
            let span = now.duration_since(t).as_secs_f64();
            if span <= 0.0 {
                return (used, None);
            }
            let percent = |a: Option<f64>, b: Option<f64>| Some((b? - a?) / span * 100.0);
            used.mean_cpu_percent = percent(server_cpu, server.map(|r| r.cpu_s));
            return (used, percent(own_cpu, own));
        }
    }
}
