//! `novuss bench-server --idle-sockets N`: what an open, silent WebSocket
//! costs the server.
//!
//! The server runs as its own process (`child`) so that its
//! resident memory (`VmRSS` of `/proc/PID/status`) is its own. A few games
//! are created, then N connections are opened to them, spread evenly, each
//! saying `hello`, reading its `state` and then staying silent. The growth
//! of the server's memory divided by N is the cost of one idle socket; a
//! new game is created a few times before and while they are all open.
//!
//! This process and the server each hold N sockets, so N must stay below
//! the open-file limit (`ulimit -n`, inherited by the server): the mode
//! checks the limit and refuses an N too close to it rather than change it.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::child::{open_file_limit, Child};
use super::data_dir::measured;
use super::BenchError;
use crate::client::http;
use crate::client::player::{create, Table, ANSWER_LIMIT, HOT_SEAT};
use crate::percentiles::{percentiles, Percentiles};

/// The largest N accepted.
pub const MAX_SOCKETS: usize = 10_000;
/// Games the sockets are spread over.
const GAMES: usize = 10;
/// Connections opened at once.
const AT_ONCE: usize = 50;
/// New games timed before and while the sockets are open.
const CREATES: usize = 5;
/// Open files kept free for everything else (database, listener, pipes).
pub const SPARE_FILES: u64 = 200;
/// How long the server is left to settle before its memory is read.
const SETTLE: Duration = Duration::from_millis(1000);

/// The figures.
#[derive(Debug, Serialize)]
pub struct IdleFigures {
    /// Idle sockets open at once.
    pub sockets: usize,
    /// Games they were spread over.
    pub games: usize,
    /// This process's open-file limit (the server's too), if known.
    pub open_file_limit: Option<u64>,
    /// The server's resident memory before the sockets, bytes.
    pub rss_before_bytes: u64,
    /// And with all of them open, bytes.
    pub rss_after_bytes: u64,
    /// `(rss_after - rss_before) / sockets`, bytes.
    pub bytes_per_socket: f64,
    /// Opening all of them (connect, `hello`, `state`), s.
    pub open_s: f64,
    /// `POST /api/games` before the sockets, ms.
    pub create_before_ms: Percentiles,
    /// `POST /api/games` while all of them are open, ms.
    pub create_with_sockets_ms: Percentiles,
}

/// Runs the mode with `n` sockets.
pub fn run(n: usize, verbose: bool) -> Result<IdleFigures, BenchError> {
    if n == 0 || n > MAX_SOCKETS {
        return Err(BenchError::IdleSockets);
    }
    let limit = open_file_limit();
    if let Some(l) = limit {
        if n as u64 + SPARE_FILES > l {
            return Err(BenchError::OpenFiles {
                sockets: n,
                limit: l,
            });
        }
    }
    measured(|dir| async move { measure(&dir, n, limit, verbose).await })
}

/// [`CREATES`] new games, one after another; their times.
async fn creates(addr: std::net::SocketAddr) -> Result<Percentiles, BenchError> {
    let mut times = Vec::new();
    for _ in 0..CREATES {
        let (reply, ms) = http::timed(
            addr,
            "POST",
            "/api/games",
            Some(HOT_SEAT.as_bytes()),
            ANSWER_LIMIT,
        )
        .await;
        let reply = reply?;
        if !reply.ok() {
            return Err(BenchError::CreateStatus(reply.status));
        }
        times.push(ms);
    }
    Ok(percentiles(times))
}

async fn measure(
    dir: &std::path::Path,
    n: usize,
    open_file_limit: Option<u64>,
    verbose: bool,
) -> Result<IdleFigures, BenchError> {
    // The games to hold sockets on are created from one address, more than
    // its default allowance a minute, and the sockets come from it too,
    // more than one address may hold: the limits are not what is
    // measured. Nor are pings: these sockets read nothing, so an hour
    // between pings keeps them open however long the run takes.
    let per_address = (n + 64).to_string();
    let server = Child::start_with(
        dir,
        &[
            "--create-per-minute",
            "0",
            "--max-connections-per-address",
            &per_address,
            "--socket-ping",
            "1h",
        ],
    )?;
    let addr = server.addr;
    let games_n = GAMES.min(n);
    let mut games = Vec::new();
    for _ in 0..games_n {
        games.push(create(addr, HOT_SEAT).await?);
    }
    let create_before_ms = creates(addr).await?;
    tokio::time::sleep(SETTLE).await;
    let rss_before_bytes = server.rss_bytes()?;
    if verbose {
        eprintln!("… opening {n} idle sockets");
    }
    let t = Instant::now();
    let mut tables = Vec::with_capacity(n);
    while tables.len() < n {
        let mut batch = tokio::task::JoinSet::new();
        for k in tables.len()..(tables.len() + AT_ONCE).min(n) {
            let game = games[k % games.len()].clone();
            batch.spawn(async move { Table::join(addr, &game).await });
        }
        while let Some(joined) = batch.join_next().await {
            tables.push(joined.map_err(BenchError::Task)??);
        }
    }
    let open_s = t.elapsed().as_secs_f64();
    tokio::time::sleep(SETTLE).await;
    let rss_after_bytes = server.rss_bytes()?;
    let create_with_sockets_ms = creates(addr).await?;
    // Stop the server first: closing thousands of sockets one by one is
    // not part of the figures.
    drop(server);
    drop(tables);
    Ok(IdleFigures {
        sockets: n,
        games: games_n,
        open_file_limit,
        rss_before_bytes,
        rss_after_bytes,
        bytes_per_socket: (rss_after_bytes as f64 - rss_before_bytes as f64) / n as f64,
        open_s,
        create_before_ms,
        create_with_sockets_ms,
    })
}

impl IdleFigures {
    /// As text.
    pub fn text(&self) -> String {
        format!(
            "novuss server benchmark: idle WebSockets (novuss serve as a process)\n\
             \x20 {} sockets over {} games (hello, then silent), opened in {:.2} s; open-file limit {}\n\
             \x20 server memory (VmRSS)  before {:.1} MB  with the sockets {:.1} MB\n\
             \x20 per idle socket        {:.0} bytes ({:.1} kB)\n\
             \x20 new game (POST /api/games)  before  p50 {:.2} ms  max {:.2} ms\n\
             \x20                             with the sockets open  p50 {:.2} ms  max {:.2} ms",
            self.sockets,
            self.games,
            self.open_s,
            self.open_file_limit
                .map_or_else(|| "unknown".to_owned(), |l| l.to_string()),
            self.rss_before_bytes as f64 / 1e6,
            self.rss_after_bytes as f64 / 1e6,
            self.bytes_per_socket,
            self.bytes_per_socket / 1e3,
            self.create_before_ms.p50,
            self.create_before_ms.max,
            self.create_with_sockets_ms.p50,
            self.create_with_sockets_ms.max,
        )
    }
}
