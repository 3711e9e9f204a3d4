//! `novuss bench-server --long-game N`: what a game's length costs.
//!
//! 1. One hot-seat game of N strokes is grown in-process (`grow`),
//!    each stroke's server time kept: the figures compare a window of
//!    strokes around stroke 100 with the last window, up to stroke N.
//! 2. The server is restarted on the same database, as its own process
//!    (`child`), and the first request that needs the long game
//!    (`GET /api/games/{id}`, which loads it) is timed while another game,
//!    already in memory, plays a stroke every 50 ms over its WebSocket and
//!    a new game is created: a slow load should not stall anyone else.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::child::Child;
use super::data_dir::measured;
use super::{grow, BenchError};
use crate::client::http;
use crate::client::player::{create, Refusals, Stroked, Table, ANSWER_LIMIT, HOT_SEAT};
use crate::percentiles::{percentiles, Percentiles};

/// The largest N accepted (a bound on the benchmark's own time).
pub const MAX_STROKES: usize = 100_000;
/// Strokes per window.
const WINDOW: usize = 200;
/// The other game's strokes before the load, for comparison.
const OTHER_BEFORE: usize = 20;
/// The other game's pace during the load.
const OTHER_EVERY: Duration = Duration::from_millis(50);
/// How long after the load's request the new game is created, so that
/// the creation overlaps the load.
const CREATE_AFTER: Duration = Duration::from_millis(100);

/// The figures.
#[derive(Debug, Serialize)]
pub struct LongGameFigures {
    /// Strokes in the long game.
    pub strokes: usize,
    /// Server time per stroke around stroke 100.
    pub early: Window,
    /// Server time per stroke over the last strokes, up to stroke N.
    pub late: Window,
    /// `late.ms.p50 / early.ms.p50`.
    pub ratio_p50: f64,
    /// `late.ms.p99 / early.ms.p99`.
    pub ratio_p99: f64,
    /// Server time per stroke by tenths of the game.
    pub tenths: Vec<Window>,
    /// Strokes the referee called a foul (all of them, with gentle strokes).
    pub fouls: usize,
    /// Sets that ended while growing (then the next set started): 0 expected.
    pub sets_ended: usize,
    /// Matches that ended (then a new game started): 0 expected.
    pub new_games: usize,
    /// Growing the game, s.
    pub grow_s: f64,
    /// The database's files after growing, bytes.
    pub database_bytes: u64,
    /// Loading it after a restart.
    pub load: LoadFigures,
}

/// Server time per stroke over strokes `from..=to` (counted from 1).
#[derive(Debug, Serialize)]
pub struct Window {
    /// First stroke.
    pub from: usize,
    /// Last stroke.
    pub to: usize,
    /// Server time per stroke, ms.
    pub ms: Percentiles,
}

/// The load after a restart.
#[derive(Debug, Serialize)]
pub struct LoadFigures {
    /// `novuss serve` started on the database until it printed its
    /// address, ms.
    pub restart_ms: f64,
    /// `GET /api/games/{id}` of the long game, the first request after the
    /// restart (it loads the game), ms.
    pub load_ms: f64,
    /// Its status.
    pub load_status: u16,
    /// `load_ms` per 1,000 strokes of the game.
    pub load_ms_per_1000_strokes: f64,
    /// The other game's stroke round trip before the load, ms.
    pub other_before_ms: Percentiles,
    /// The other game's stroke round trip for strokes sent while the long
    /// game loaded, ms.
    pub other_during_ms: Percentiles,
    /// How many strokes that is.
    pub other_during_strokes: usize,
    /// The other game's strokes refused while the long game loaded (the
    /// game is unchanged; it plays the stroke again at its next turn).
    pub other_refused: Refusals,
    /// `POST /api/games` sent 100 ms after the load's request, ms.
    pub create_ms: f64,
    /// Its status.
    pub create_status: u16,
    /// Whether the load was still going when the creation was answered.
    pub create_overlapped_load: bool,
}

fn window(times: &[f64], from: usize, len: usize) -> Window {
    let to = (from + len).min(times.len());
    Window {
        from: from + 1,
        to,
        ms: percentiles(times[from..to].to_vec()),
    }
}

fn ratio(a: f64, b: f64) -> f64 {
    if b > 0.0 {
        a / b
    } else {
        0.0
    }
}

/// Runs the mode with a game of `n` strokes; `verbose` tells progress on
/// standard error.
pub fn run(n: usize, verbose: bool) -> Result<LongGameFigures, BenchError> {
    if n == 0 || n > MAX_STROKES {
        return Err(BenchError::LongGameSize);
    }
    measured(|dir| async move { measure(&dir, n, verbose).await })
}

async fn measure(
    dir: &std::path::Path,
    n: usize,
    verbose: bool,
) -> Result<LongGameFigures, BenchError> {
    let t = Instant::now();
    let tell = |k: usize| {
        if verbose {
            eprintln!("… {k} strokes ({:.0} s)", t.elapsed().as_secs_f64());
        }
    };
    let grown = grow::grow_in(dir, &[n], &tell)
        .await?
        .pop()
        .ok_or(BenchError::NothingGrown)?;
    let grow_s = t.elapsed().as_secs_f64();
    let times = &grown.times_ms;
    let len = WINDOW.min(n.div_ceil(2));
    let early = window(times, 100usize.saturating_sub(len / 2).min(n - len), len);
    let late = window(times, n - len, len);
    let tenth = n.div_ceil(10);
    let tenths = (0..n)
        .step_by(tenth)
        .map(|from| window(times, from, tenth))
        .collect();
    if verbose {
        eprintln!("… restarting the server and loading the game");
    }
    let load = load(dir, grown.id.as_str(), n).await?;
    Ok(LongGameFigures {
        strokes: n,
        ratio_p50: ratio(late.ms.p50, early.ms.p50),
        ratio_p99: ratio(late.ms.p99, early.ms.p99),
        early,
        late,
        tenths,
        fouls: grown.fouls,
        sets_ended: grown.sets_ended,
        new_games: grown.new_games,
        grow_s,
        database_bytes: grow::bytes_in(dir),
        load,
    })
}

/// The other game's strokes, each with the moment it was sent and its
/// round trip (`None`: refused).
type Trips = Vec<(Instant, Option<f64>, String)>;

/// Plays the other game's gentle strokes at its pace until `stop`.
async fn keep_playing(mut table: Table, stop: Arc<AtomicBool>) -> Result<Trips, BenchError> {
    let mut trips = Vec::new();
    let mut pace = tokio::time::interval(OTHER_EVERY);
    pace.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while !stop.load(Ordering::Relaxed) {
        pace.tick().await;
        let sent = Instant::now();
        trips.push(match table.stroke().await? {
            Stroked::Played(ms) => (sent, Some(ms), String::new()),
            Stroked::Refused(why) => (sent, None, why),
        });
    }
    table.close().await;
    Ok(trips)
}

/// Restarts the server on `dir` and times loading game `id` (of `n`
/// strokes) while another game plays.
async fn load(dir: &std::path::Path, id: &str, n: usize) -> Result<LoadFigures, BenchError> {
    let server = Child::start(dir)?;
    let addr: SocketAddr = server.addr;
    // Another game, in memory: created after the restart.
    let other = create(addr, HOT_SEAT).await?;
    let mut table = Table::join(addr, &other).await?;
    let mut before = Vec::new();
    for _ in 0..OTHER_BEFORE {
        before.push(table.must_stroke().await?);
        tokio::time::sleep(OTHER_EVERY).await;
    }
    let stop = Arc::new(AtomicBool::new(false));
    let playing = tokio::spawn(keep_playing(table, stop.clone()));
    // Let it get going.
    tokio::time::sleep(OTHER_EVERY * 2).await;

    let loading = Arc::new(AtomicBool::new(true));
    let t0 = Instant::now();
    let path = format!("/api/games/{id}");
    let load_task = {
        let loading = loading.clone();
        tokio::spawn(async move {
            let r = http::timed(addr, "GET", &path, None, ANSWER_LIMIT).await;
            loading.store(false, Ordering::SeqCst);
            r
        })
    };
    tokio::time::sleep(CREATE_AFTER).await;
    let (created, create_ms) = http::timed(
        addr,
        "POST",
        "/api/games",
        Some(HOT_SEAT.as_bytes()),
        ANSWER_LIMIT,
    )
    .await;
    let create_overlapped_load = loading.load(Ordering::SeqCst);
    let created = created?;
    let (loaded, load_ms) = load_task.await.map_err(BenchError::Task)?;
    let loaded = loaded?;
    let load_end = t0 + Duration::from_secs_f64(load_ms / 1e3);
    stop.store(true, Ordering::Relaxed);
    let trips = playing.await.map_err(BenchError::Task)??;
    let mut during = Vec::new();
    let mut other_refused = Refusals::default();
    for (sent, ms, why) in trips {
        // Sent while loading, or sent before and still waiting at its start.
        let waited = Duration::from_secs_f64(ms.unwrap_or(0.0) / 1e3);
        if (sent >= t0 && sent <= load_end) || (sent < t0 && sent + waited > t0) {
            match ms {
                Some(ms) => during.push(ms),
                None => other_refused.add(why),
            }
        }
    }
    let restart_ms = server.startup_ms;
    drop(server);
    Ok(LoadFigures {
        restart_ms,
        load_ms,
        load_status: loaded.status,
        load_ms_per_1000_strokes: load_ms * 1000.0 / n as f64,
        other_before_ms: percentiles(before),
        other_during_strokes: during.len(),
        other_during_ms: percentiles(during),
        other_refused,
        create_ms,
        create_status: created.status,
        create_overlapped_load,
    })
}

impl LongGameFigures {
    /// As text.
    pub fn text(&self) -> String {
        let w = |w: &Window| {
            format!(
                "  strokes {:>6}–{:<6}  p50 {:>7.2} ms  p99 {:>7.2} ms  max {:>7.2} ms",
                w.from, w.to, w.ms.p50, w.ms.p99, w.ms.max
            )
        };
        let mut s = format!(
            "novuss server benchmark: one long game (hot-seat singles, gentle strokes, SQLite file)\n\
             \x20 {} strokes in {:.1} s; {} fouls called; sets ended: {}; new games: {}; database {:.1} MB\n\
             server time per stroke (Hub::stroke)\n{}\n{}\n\
             \x20 late / early            p50 ×{:.2}  p99 ×{:.2}\n\
             by tenths of the game\n",
            self.strokes,
            self.grow_s,
            self.fouls,
            self.sets_ended,
            self.new_games,
            self.database_bytes as f64 / 1e6,
            w(&self.early),
            w(&self.late),
            self.ratio_p50,
            self.ratio_p99,
        );
        for t in &self.tenths {
            s.push_str(&w(t));
            s.push('\n');
        }
        let l = &self.load;
        s.push_str(&format!(
            "after a restart (novuss serve as a process, {:.1} ms to its address)\n\
             \x20 load of the long game (first GET /api/games/ID)  {:.1} ms (status {}), {:.1} ms per 1,000 strokes\n\
             \x20 another game's stroke round trip  before  p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms\n\
             \x20                                   during  p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms  ({} strokes)\n\
             \x20 strokes of the other game refused during the load  {}{}\n\
             \x20 a new game created during the load  {:.1} ms (status {}, the load {} going when it was answered)",
            l.restart_ms,
            l.load_ms,
            l.load_status,
            l.load_ms_per_1000_strokes,
            l.other_before_ms.p50,
            l.other_before_ms.p99,
            l.other_before_ms.max,
            l.other_during_ms.p50,
            l.other_during_ms.p99,
            l.other_during_ms.max,
            l.other_during_strokes,
            l.other_refused.count,
            if l.other_refused.examples.is_empty() {
                String::new()
            } else {
                format!(" ({})", l.other_refused.examples.join(" | "))
            },
            l.create_ms,
            l.create_status,
            if l.create_overlapped_load { "still" } else { "no longer" },
        ));
        s
    }
}
