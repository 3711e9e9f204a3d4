//! `novuss loadtest --idle N`: what N open, silent WebSockets cost a
//! running server, and whether it still starts new games quickly while it
//! holds them (issue 22).
//!
//! Most sockets open on a real site are people sitting on a game page: the
//! two players of a game and whoever watches it, quiet between strokes. So
//! the mode creates `--idle-games` games between two people (the rooms'
//! game: the second seat invited and taken), then opens N sockets spread
//! over them in turn: a game's first socket is its creator's, its second
//! its invited player's, the others are spectators'. Each says `hello`,
//! reads its `state`, then stays silent, reading whatever the server still
//! sends (the players' presence) so that nothing piles up. Sockets connect
//! from 127.0.0.2–127.0.0.254 in turn (`address`), as the rooms do.
//!
//! The server's resident memory (`VmRSS`, and its peak `VmHWM`) is read
//! after a second's rest: at the start; once the games exist and the first
//! new games are timed (the base); at 1,000, 2,000, 5,000, 10,000 and
//! 20,000 sockets (those below N) and at N; and after every socket is
//! closed. Growth over the base divided by the sockets held is the memory
//! of one idle socket. New games (`--idle-creates`, one after another,
//! each from the next source address) are timed before the sockets and
//! again while all of them are held.

use std::collections::BTreeMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Serialize;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tokio::task::JoinSet;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{self, Message};
use tokio_tungstenite::WebSocketStream;

use super::kind::{Answered, RoomError, SocketFailure};
use super::process::{self, Memory};
use super::tally::Spread;
use super::{address, room, LoadArgs, LoadError};
use crate::client::http;
use crate::client::player::{self, GameLink};

/// The most idle sockets: the issue's 20,000 and a little room above it.
pub const MAX_IDLE: usize = 25_000;
/// The most games to spread them over.
pub const MAX_GAMES: usize = 2_000;
/// The most new games timed in each phase.
pub const MAX_CREATES: usize = 1_000;
/// Counts of sockets at which the server's memory is read (besides N).
const CHECKPOINTS: [usize; 5] = [1_000, 2_000, 5_000, 10_000, 20_000];
/// Sockets being opened at once: enough to open 20,000 in well under a
/// minute, few enough not to look like a flood of connections.
const AT_ONCE: usize = 64;
/// How long one socket may take to open and get its `state`.
const OPEN_LIMIT: Duration = Duration::from_secs(30);
/// How long opening all of them may take before the run goes on with
/// those open.
const OPENING_LIMIT: Duration = Duration::from_secs(600);
/// Failed sockets after which no more are opened: a server that refuses
/// this many is full, and hammering it further measures nothing.
const MAX_FAILURES: usize = 100;
/// How long one new game may take before it counts as an error.
const CREATE_LIMIT: Duration = Duration::from_secs(30);
/// The rest before each reading of the server's memory, so that what the
/// last sockets started has settled.
const SETTLE: Duration = Duration::from_secs(1);
/// How long closing every socket may take before the rest are dropped.
const CLOSE_LIMIT: Duration = Duration::from_secs(30);
/// This tool's read buffer per socket. Tungstenite's default (128 KiB)
/// would cost the tool 2.5 GB at 20,000 sockets; a larger message still
/// grows it.
const READ_BUFFER: usize = 4 * 1024;

/// The options of the idle mode, checked.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// Sockets to open.
    pub sockets: usize,
    /// Games they are spread over.
    pub games: usize,
    /// New games timed before and while they are held.
    pub creates: usize,
}

impl Plan {
    /// The idle mode's options, if they are in bounds.
    pub fn of(sockets: usize, args: &LoadArgs) -> Result<Plan, LoadError> {
        if sockets == 0 || sockets > MAX_IDLE {
            return Err(LoadError::Idle);
        }
        if args.idle_games == 0 || args.idle_games > MAX_GAMES.min(sockets) {
            return Err(LoadError::IdleGames {
                most: MAX_GAMES.min(sockets),
            });
        }
        if args.idle_creates == 0 || args.idle_creates > MAX_CREATES {
            return Err(LoadError::IdleCreates);
        }
        Ok(Plan {
            sockets,
            games: args.idle_games,
            creates: args.idle_creates,
        })
    }

    /// Open files this process needs besides its spare ones.
    pub fn files(&self) -> u64 {
        (self.sockets + AT_ONCE) as u64
    }
}

/// The server's memory at one count of sockets.
#[derive(Debug, Serialize)]
pub struct Sample {
    /// Sockets held when it was read.
    pub sockets: usize,
    /// `VmRSS`, bytes, if the server could be read.
    pub rss_bytes: Option<u64>,
    /// `VmHWM`, bytes.
    pub hwm_bytes: Option<u64>,
    /// (RSS − the base RSS) / sockets, bytes.
    pub bytes_per_socket: Option<f64>,
    /// The RSS's growth since the previous sample over the sockets added
    /// since, bytes.
    pub marginal_bytes_per_socket: Option<f64>,
}

/// The server's memory over the run.
#[derive(Debug, Serialize)]
pub struct IdleServer {
    /// Its pid, if known.
    pub pid: Option<u32>,
    /// Before anything was done.
    pub start: Option<Memory>,
    /// With the games made and the first new games timed: what the
    /// sockets' memory is counted from.
    pub base: Option<Memory>,
    /// As the sockets grew.
    pub samples: Vec<Sample>,
    /// With every socket closed again.
    pub after_close: Option<Memory>,
}

/// Everything the idle mode reports.
#[derive(Debug, Serialize)]
pub struct IdleFigures {
    /// The server.
    pub url: String,
    /// Sockets asked for.
    pub sockets: usize,
    /// Games they were spread over (two players each, the others watch).
    pub games: usize,
    /// This process's open-file limit, if known.
    pub open_file_limit: Option<u64>,
    /// Sockets that opened and got their `state`.
    pub opened: usize,
    /// How long opening them took, s.
    pub open_s: f64,
    /// Sockets that could not be opened, by kind (`connect`,
    /// `upgrade: STATUS`, `upgrade: connection`, `hello: CODE`,
    /// `timeout`…).
    pub failures_by_kind: BTreeMap<String, usize>,
    /// Sockets the server closed (or that failed) while they were held.
    pub dropped: usize,
    /// Sockets still open after the new games were timed.
    pub held: usize,
    /// The server's memory.
    pub server: IdleServer,
    /// New games before the sockets, ms (connect, `POST /api/games`, the
    /// whole answer).
    pub create_before_ms: Spread,
    /// New games while every socket was held, ms.
    pub create_held_ms: Spread,
    /// New games that failed, by kind (`create: STATUS CODE`…).
    pub create_errors: BTreeMap<String, usize>,
}

/// Runs the idle mode against `addr`; the figures.
pub async fn measure(
    args: &LoadArgs,
    addr: SocketAddr,
    plan: Plan,
    open_file_limit: Option<u64>,
) -> Result<IdleFigures, LoadError> {
    super::check_server(addr, &args.url).await?;
    let pid = args
        .server_pid
        .first()
        .copied()
        .or_else(|| process::find_listener(addr));
    let start = settled(pid).await;
    let mut games = Vec::with_capacity(plan.games);
    for g in 0..plan.games {
        games.push(two_players(addr, address::source(addr, g), g + 1, plan.games).await?);
    }
    let mut create_errors = BTreeMap::new();
    let create_before_ms = creates(addr, plan, &mut create_errors).await;
    let base = settled(pid).await;

    let (release, released) = watch::channel(false);
    let dropped = Arc::new(AtomicUsize::new(0));
    let mut holders = JoinSet::new();
    let mut opening = JoinSet::new();
    let mut failures_by_kind = BTreeMap::new();
    let mut failed = 0;
    let (mut opened, mut next) = (0, 0);
    let mut samples: Vec<Sample> = Vec::new();
    let t = Instant::now();
    let mut open_s = 0.0;
    for mark in checkpoints(plan.sockets) {
        loop {
            let given_up = failed >= MAX_FAILURES || t.elapsed() >= OPENING_LIMIT;
            while !given_up && next < mark && opening.len() < AT_ONCE {
                let (game, link) = socket_link(&games, next);
                let from = address::source(addr, next);
                opening.spawn(open(addr, from, game, link));
                next += 1;
            }
            match opening.join_next().await {
                None => break,
                Some(Ok(Ok(ws))) => {
                    opened += 1;
                    holders.spawn(hold(ws, released.clone(), dropped.clone()));
                }
                Some(Ok(Err(kind))) => {
                    failed += 1;
                    *failures_by_kind.entry(kind.to_string()).or_insert(0) += 1;
                }
                Some(Err(_)) => {
                    failed += 1;
                    *failures_by_kind
                        .entry(SocketFailure::Panic.to_string())
                        .or_insert(0) += 1;
                }
            }
        }
        open_s = t.elapsed().as_secs_f64();
        let memory = settled(pid).await;
        let held = opened - dropped.load(Ordering::Acquire);
        samples.push(sample(held, memory, base, samples.last()));
        if next < mark {
            // Given up: the sockets held are what there is to measure.
            break;
        }
    }
    let create_held_ms = creates(addr, plan, &mut create_errors).await;
    let dropped_n = dropped.load(Ordering::Acquire);
    let held = opened - dropped_n;

    let _ = release.send(true);
    let closing = async { while holders.join_next().await.is_some() {} };
    if tokio::time::timeout(CLOSE_LIMIT, closing).await.is_err() {
        holders.abort_all();
    }
    let after_close = settled(pid).await;
    Ok(IdleFigures {
        url: args.url.clone(),
        sockets: plan.sockets,
        games: plan.games,
        open_file_limit,
        opened,
        open_s,
        failures_by_kind,
        dropped: dropped_n,
        held,
        server: IdleServer {
            pid,
            start,
            base,
            samples,
            after_close,
        },
        create_before_ms: Spread::of(&create_before_ms),
        create_held_ms: Spread::of(&create_held_ms),
        create_errors,
    })
}

/// The counts of sockets at which memory is read: the checkpoints below
/// `n`, then `n`.
fn checkpoints(n: usize) -> Vec<usize> {
    let mut marks: Vec<usize> = CHECKPOINTS.into_iter().filter(|&c| c < n).collect();
    marks.push(n);
    marks
}

/// The game and the link socket `k` opens: games in turn; in each, the
/// creator's socket first, then the invited player's, then spectators'
/// (no cookie).
fn socket_link(games: &[[GameLink; 2]], k: usize) -> (String, String) {
    let players = &games[k % games.len()];
    let cookie = players
        .get(k / games.len())
        .map_or_else(String::new, |p| p.cookie.clone());
    (players[0].id.clone(), cookie)
}

/// The server's memory after [`SETTLE`].
async fn settled(pid: Option<u32>) -> Option<Memory> {
    tokio::time::sleep(SETTLE).await;
    pid.and_then(process::memory)
}

fn sample(
    sockets: usize,
    memory: Option<Memory>,
    base: Option<Memory>,
    previous: Option<&Sample>,
) -> Sample {
    let grown =
        |from: u64, to: u64, n: usize| (n > 0).then(|| (to as f64 - from as f64) / n as f64);
    let rss = memory.map(|m| m.rss_bytes);
    let (prev_sockets, prev_rss) = match previous {
        Some(p) => (p.sockets, p.rss_bytes),
        None => (0, base.map(|b| b.rss_bytes)),
    };
    Sample {
        sockets,
        rss_bytes: rss,
        hwm_bytes: memory.map(|m| m.hwm_bytes),
        bytes_per_socket: base
            .zip(rss)
            .and_then(|(b, r)| grown(b.rss_bytes, r, sockets)),
        marginal_bytes_per_socket: prev_rss
            .zip(rss)
            .and_then(|(p, r)| grown(p, r, sockets.saturating_sub(prev_sockets))),
    }
}

/// A game between two people, as the rooms make it: created from `from`
/// with the second seat invited, the seat taken by a second person. The
/// creator's link, then the invited player's. It is game `game` of
/// `games`, for the refusal.
async fn two_players(
    addr: SocketAddr,
    from: Option<IpAddr>,
    game: usize,
    games: usize,
) -> Result<[GameLink; 2], LoadError> {
    let refused = |error| LoadError::SetUp { game, games, error };
    let (a, state) = player::create_from(from, addr, room::GAME)
        .await
        .map_err(refused)?;
    let invite = player::invitation(&state).ok_or(LoadError::NoInvitation { game, games })?;
    let b = player::join_invite(from, addr, &a.id, invite)
        .await
        .map_err(refused)?;
    Ok([a, b])
}

/// Creates `plan.creates` games one after another, each from the next
/// source address; their times, ms. Errors are counted in `errors`.
async fn creates(addr: SocketAddr, plan: Plan, errors: &mut BTreeMap<String, usize>) -> Vec<f64> {
    let mut times = Vec::with_capacity(plan.creates);
    for i in 0..plan.creates {
        // After the addresses the games came from, so that each address's
        // allowance of new games is spent evenly.
        let from = address::source(addr, plan.games + i);
        let t = Instant::now();
        let answered =
            match tokio::time::timeout(CREATE_LIMIT, player::create_from(from, addr, room::GAME))
                .await
            {
                Ok(Ok(_)) => {
                    times.push(t.elapsed().as_secs_f64() * 1e3);
                    continue;
                }
                Ok(Err(e)) => Answered::from(&e),
                Err(_) => Answered::Timeout,
            };
        *errors
            .entry(RoomError::Create(answered).to_string())
            .or_insert(0) += 1;
    }
    times
}

/// Opens a socket to game `id` from `from` (with `cookie`, if any), says
/// `hello` and reads up to its `state`; a short kind of error if not.
async fn open(
    addr: SocketAddr,
    from: Option<IpAddr>,
    id: String,
    cookie: String,
) -> Result<WebSocketStream<TcpStream>, SocketFailure> {
    use tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{addr}/api/games/{id}/ws")
        .into_client_request()
        .map_err(|_| SocketFailure::Request)?;
    if !cookie.is_empty() {
        let value = cookie.parse().map_err(|_| SocketFailure::Request)?;
        request.headers_mut().insert("cookie", value);
    }
    let config = WebSocketConfig::default()
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0);
    let attempt = async {
        let stream = http::connect(addr, from)
            .await
            .map_err(|_| SocketFailure::Connect)?;
        let (mut ws, _) =
            tokio_tungstenite::client_async_with_config(request, stream, Some(config))
                .await
                .map_err(|e| match e {
                    tungstenite::Error::Http(answer) => {
                        SocketFailure::Upgrade(answer.status().as_u16())
                    }
                    // Closed or reset before an answer: a server over its
                    // cap answers only so many refusals at once.
                    _ => SocketFailure::UpgradeConnection,
                })?;
        ws.send(Message::text(r#"{"type":"hello"}"#))
            .await
            .map_err(|_| SocketFailure::HelloSocket)?;
        loop {
            match ws.next().await {
                Some(Ok(Message::Text(text))) => {
                    let v: serde_json::Value =
                        serde_json::from_str(text.as_str()).unwrap_or_default();
                    match v["type"].as_str() {
                        Some("state") => return Ok(ws),
                        Some("error") => {
                            return Err(SocketFailure::Hello(
                                v["code"].as_str().unwrap_or("?").to_owned(),
                            ))
                        }
                        _ => {}
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(_)) | None => return Err(SocketFailure::HelloSocket),
            }
        }
    };
    tokio::time::timeout(OPEN_LIMIT, attempt)
        .await
        .map_err(|_| SocketFailure::Timeout)?
}

/// Holds `ws` open and silent until `release`, reading what the server
/// sends; counts it in `dropped` if it closes first.
async fn hold(
    mut ws: WebSocketStream<TcpStream>,
    mut release: watch::Receiver<bool>,
    dropped: Arc<AtomicUsize>,
) {
    loop {
        tokio::select! {
            m = ws.next() => match m {
                Some(Ok(Message::Close(_)) | Err(_)) | None => {
                    dropped.fetch_add(1, Ordering::AcqRel);
                    return;
                }
                Some(Ok(_)) => {}
            },
            // Released, or the run is gone: close either way.
            _ = release.wait_for(|r| *r) => break,
        }
    }
    let _ = ws.close(None).await;
}

impl IdleFigures {
    /// As text.
    pub fn text(&self) -> String {
        let mb = |b: Option<u64>| b.map_or_else(|| "unknown".to_owned(), |b| mega(b as f64));
        let per = |b: Option<f64>| b.map_or_else(|| "–".to_owned(), |b| format!("{b:.0} B"));
        let s = &self.server;
        let mut lines = vec![
            format!(
                "novuss load test of {}: {} idle WebSockets over {} games \
                 (two players each, the others watching)",
                self.url, self.sockets, self.games
            ),
            format!(
                "  opened {} in {:.1} s, {} failed; {} held to the end, {} dropped",
                self.opened,
                self.open_s,
                self.failures_by_kind.values().sum::<usize>(),
                self.held,
                self.dropped
            ),
        ];
        for (kind, n) in &self.failures_by_kind {
            lines.push(format!("    {n:>6}  {kind}"));
        }
        lines.push(format!(
            "  server pid {}: memory (VmRSS, peak VmHWM; per socket over the base, and over \
             the previous line)",
            s.pid
                .map_or_else(|| "unknown".to_owned(), |p| p.to_string())
        ));
        let row = |what: &str, m: Option<Memory>| {
            format!(
                "    {what:<28} {:>10}  peak {:>10}",
                mb(m.map(|m| m.rss_bytes)),
                mb(m.map(|m| m.hwm_bytes))
            )
        };
        lines.push(row("at the start", s.start));
        lines.push(row("base (games, no sockets)", s.base));
        for sample in &s.samples {
            lines.push(format!(
                "    {:<28} {:>10}  peak {:>10}  {:>9} a socket  {:>9} since the last",
                format!("{} sockets", sample.sockets),
                mb(sample.rss_bytes),
                mb(sample.hwm_bytes),
                per(sample.bytes_per_socket),
                per(sample.marginal_bytes_per_socket),
            ));
        }
        lines.push(row("every socket closed", s.after_close));
        lines.push(format!(
            "  new game (POST /api/games)  before the sockets  {}",
            self.create_before_ms.text()
        ));
        lines.push(format!(
            "                              with them held      {}",
            self.create_held_ms.text()
        ));
        for (kind, n) in &self.create_errors {
            lines.push(format!("    {n:>6}  {kind}"));
        }
        lines.push(format!(
            "  this process's open-file limit {}",
            self.open_file_limit
                .map_or_else(|| "unknown".to_owned(), |l| l.to_string())
        ));
        lines.join("\n")
    }
}

fn mega(bytes: f64) -> String {
    format!("{:.1} MB", bytes / 1e6)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn memory_is_read_at_the_checkpoints_below_n_and_at_n() {
        assert_eq!(checkpoints(50), [50]);
        assert_eq!(checkpoints(1_000), [1_000]);
        assert_eq!(checkpoints(7_000), [1_000, 2_000, 5_000, 7_000]);
        assert_eq!(checkpoints(20_000), [1_000, 2_000, 5_000, 10_000, 20_000]);
        assert_eq!(
            checkpoints(25_000),
            [1_000, 2_000, 5_000, 10_000, 20_000, 25_000]
        );
    }

    #[test]
    fn each_game_gets_its_players_first_then_spectators() {
        let link = |id: &str, cookie: &str| GameLink {
            id: id.to_owned(),
            cookie: cookie.to_owned(),
        };
        let games = [
            [link("a", "novuss_id=a1"), link("a", "novuss_id=a2")],
            [link("b", "novuss_id=b1"), link("b", "novuss_id=b2")],
        ];
        let got: Vec<(String, String)> = (0..6).map(|k| socket_link(&games, k)).collect();
        let want = [
            ("a", "novuss_id=a1"),
            ("b", "novuss_id=b1"),
            ("a", "novuss_id=a2"),
            ("b", "novuss_id=b2"),
            ("a", ""),
            ("b", ""),
        ];
        for (g, w) in got.iter().zip(want) {
            assert_eq!((g.0.as_str(), g.1.as_str()), w);
        }
    }

    #[test]
    fn per_socket_figures_count_from_the_base_and_the_last_sample() {
        let m = |rss: u64| Memory {
            rss_bytes: rss,
            hwm_bytes: rss,
        };
        let first = sample(1_000, Some(m(30_000_000)), Some(m(10_000_000)), None);
        assert_eq!(first.bytes_per_socket, Some(20_000.0));
        assert_eq!(first.marginal_bytes_per_socket, Some(20_000.0));
        let second = sample(
            2_000,
            Some(m(40_000_000)),
            Some(m(10_000_000)),
            Some(&first),
        );
        assert_eq!(second.bytes_per_socket, Some(15_000.0));
        assert_eq!(second.marginal_bytes_per_socket, Some(10_000.0));
        let unknown = sample(2_000, None, None, Some(&first));
        assert_eq!(unknown.bytes_per_socket, None);
        assert_eq!(unknown.marginal_bytes_per_socket, None);
    }
}
