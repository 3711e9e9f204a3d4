//! The default figures of `novuss bench-server`: start-up, server time
//! per human stroke, strokes committed per second, the WebSocket round trip
//! and the page's weight, on a server in this process (and `novuss serve`
//! as a process, for its start-up).

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use novuss_ai::{Level, Player};
use novuss_server::GameId;
use novuss_server::Hub;
use novuss_server::NewGame;
use novuss_server::PersonId;
use novuss_server::Play;
use novuss_server::Server;
use novuss_server::StrokeRequest;
use novuss_server::Visitor;
use serde::Serialize;
use tokio_tungstenite::tungstenite::Message;

use super::data_dir::data_dir;
use super::BenchError;
use crate::percentiles::{percentiles, Percentiles};

const HOT_SEAT: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human"}]}"#;

/// The figures.
#[derive(Debug, Serialize)]
pub struct ServerFigures {
    /// Opening a fresh database and binding, until `/api/health` answers, ms.
    pub startup_ms: f64,
    /// `novuss serve` as a new process with a new database, until it
    /// prints the address to open, ms.
    pub process_startup_ms: f64,
    /// Server time per human stroke, ms.
    pub stroke_ms: Percentiles,
    /// Strokes played.
    pub strokes: usize,
    /// Strokes committed per second, one game at a time.
    pub strokes_per_s: f64,
    /// Strokes committed per second, `parallel_games` games at once.
    pub strokes_per_s_parallel: f64,
    /// Games played at once for the figure above.
    pub parallel_games: usize,
    /// A stroke over a loopback WebSocket until its result arrives, ms.
    pub round_trip_ms: Percentiles,
    /// Every file of the web client, bytes.
    pub page_bytes: usize,
    /// How many files.
    pub page_files: usize,
}

impl ServerFigures {
    /// As text.
    pub fn text(&self) -> String {
        format!(
            "novuss server benchmark (SQLite file, synchronous=FULL)\n\
             \x20 start-up (new database, migrate, bind, first answer)  {:.1} ms\n\
             \x20 start-up of `novuss serve` as a process, to its URL   {:.1} ms\n\
             \x20 server time per human stroke  p50 {:.2} ms  p99 {:.2} ms  max {:.2} ms  ({} strokes)\n\
             \x20 strokes committed per second  {:.0} (one game)  {:.0} ({} games at once)\n\
             \x20 WebSocket round trip          p50 {:.2} ms  p99 {:.2} ms\n\
             \x20 page weight                   {} bytes in {} files",
            self.startup_ms,
            self.process_startup_ms,
            self.stroke_ms.p50,
            self.stroke_ms.p99,
            self.stroke_ms.max,
            self.strokes,
            self.strokes_per_s,
            self.strokes_per_s_parallel,
            self.parallel_games,
            self.round_trip_ms.p50,
            self.round_trip_ms.p99,
            self.page_bytes,
            self.page_files,
        )
    }
}

/// A person for the in-process games, and their cookie (`novuss_id=…`).
async fn person(hub: &Arc<Hub>) -> Result<(PersonId, String), BenchError> {
    let (person, cookie) = hub
        .people()
        .ensure(&Visitor::default())
        .await
        .map_err(BenchError::Hub)?;
    let cookie = cookie
        .as_ref()
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.split(';').next())
        .unwrap_or_default()
        .to_owned();
    Ok((person, cookie))
}

/// A new hot-seat game of `person`'s; its id.
async fn new_game(hub: &Arc<Hub>, person: &PersonId) -> Result<GameId, BenchError> {
    let new: NewGame = serde_json::from_str(HOT_SEAT).map_err(BenchError::Setup)?;
    let created = hub.create(&new, person).await.map_err(BenchError::Hub)?;
    GameId::parse(created.state.id()).map_err(BenchError::Hub)
}

/// The geometric player's stroke for whoever is to play in game `id`, or
/// `None` once the set is over. Choosing it is not part of any figure.
async fn next_stroke(
    hub: &Arc<Hub>,
    id: &GameId,
    seed: u64,
) -> Result<Option<StrokeRequest>, BenchError> {
    let room = hub.room(id).await.map_err(BenchError::Hub)?;
    let (set, physics, event) = {
        let r = room.lock().await;
        (r.game().set().clone(), r.setup().physics, r.event())
    };
    if set.is_over() {
        return Ok(None);
    }
    let s = Player::new(Level::Greedy, seed)
        .decide(&set, &physics)
        .map_err(BenchError::Decide)?
        .best
        .stroke;
    Ok(Some(StrokeRequest {
        event,
        seat: set.seat_to_play(),
        striker: [s.striker.x, s.striker.y],
        direction: [s.direction.x, s.direction.y],
        speed: s.speed,
    }))
}

/// Plays `n` hot-seat strokes through the hub (new games as sets end);
/// returns each stroke's server time.
async fn play(hub: &Arc<Hub>, n: usize, seed: u64) -> Result<Vec<f64>, BenchError> {
    let mut times = Vec::with_capacity(n);
    let (me, _) = person(hub).await?;
    let mut id = new_game(hub, &me).await?;
    while times.len() < n {
        let Some(request) = next_stroke(hub, &id, seed ^ times.len() as u64).await? else {
            id = new_game(hub, &me).await?;
            continue;
        };
        let t = Instant::now();
        hub.play(&id, Some(&me), Play::Stroke(request))
            .await
            .map_err(BenchError::Hub)?;
        times.push(t.elapsed().as_secs_f64() * 1e3);
    }
    Ok(times)
}

/// `n` strokes sent over a game's WebSocket, each timed until its
/// `stroke` event comes back (new games as sets end).
async fn round_trips(server_url: &str, hub: &Arc<Hub>, n: usize) -> Result<Vec<f64>, BenchError> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut times = Vec::new();
    let (me, cookie) = person(hub).await?;
    while times.len() < n {
        let id = new_game(hub, &me).await?;
        let url = format!("{}api/games/{id}/ws", server_url.replacen("http", "ws", 1));
        let mut request = url.into_client_request().map_err(BenchError::Socket)?;
        request
            .headers_mut()
            .insert("cookie", cookie.parse().map_err(|_| BenchError::Cookie)?);
        let (mut ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .map_err(BenchError::Socket)?;
        ws.send(Message::text(r#"{"type":"hello"}"#))
            .await
            .map_err(BenchError::Socket)?;
        let _state = ws.next().await;
        while times.len() < n {
            let Some(r) = next_stroke(hub, &id, times.len() as u64).await? else {
                break;
            };
            let request = serde_json::json!({"type": "stroke", "event": r.event,
                "seat": r.seat, "striker": r.striker, "direction": r.direction, "speed": r.speed});
            let t = Instant::now();
            ws.send(Message::text(request.to_string()))
                .await
                .map_err(BenchError::Socket)?;
            // The stroke's result comes back as the game's next event.
            loop {
                let Some(Ok(m)) = ws.next().await else {
                    return Err(BenchError::Closed);
                };
                if let Message::Text(t) = m {
                    let v: serde_json::Value =
                        serde_json::from_str(t.as_str()).map_err(BenchError::Json)?;
                    match v["type"].as_str() {
                        Some("stroke") => break,
                        Some("error") => return Err(BenchError::StrokeRefused(v)),
                        _ => {}
                    }
                }
            }
            times.push(t.elapsed().as_secs_f64() * 1e3);
        }
        let _ = ws.close(None).await;
        // Drain the close handshake.
        while let Some(Ok(_)) = ws.next().await {}
    }
    Ok(times)
}

/// Runs the benchmark with `strokes` strokes per figure.
pub fn run(strokes: usize) -> Result<ServerFigures, BenchError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(BenchError::Runtime)?;
    runtime.block_on(async {
        let dir = data_dir()?;
        let t = Instant::now();
        let config = novuss_server::Config {
            // Loopback, any free port.
            addr: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            database: novuss_server::Database::Dir(dir.clone()),
        };
        let server = Server::bind(&config).await?;
        let url = server.url();
        let hub = server.hub().clone();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = tokio::spawn(server.run(async {
            let _ = stopped.await;
        }));
        health(&url).await?;
        let startup_ms = t.elapsed().as_secs_f64() * 1e3;

        let times = play(&hub, strokes, 1).await?;
        let total: f64 = times.iter().sum();
        let strokes_per_s = times.len() as f64 / (total / 1e3);

        let games = 8;
        let t = Instant::now();
        let mut tasks = Vec::new();
        for g in 0..games {
            let hub = hub.clone();
            tasks.push(tokio::spawn(async move {
                play(&hub, strokes / games, 100 + g as u64).await
            }));
        }
        let mut parallel = 0;
        for task in tasks {
            parallel += task.await.map_err(BenchError::Task)??.len();
        }
        let strokes_per_s_parallel = parallel as f64 / t.elapsed().as_secs_f64();

        let trips = round_trips(&url, &hub, strokes.min(200)).await?;
        let files = novuss_server::web_files();
        let _ = stop.send(());
        let _ = serving.await;
        let _ = std::fs::remove_dir_all(&dir);
        let process_startup_ms = process_startup()?;
        Ok(ServerFigures {
            startup_ms,
            process_startup_ms,
            strokes: times.len(),
            stroke_ms: percentiles(times),
            strokes_per_s,
            strokes_per_s_parallel,
            parallel_games: games,
            round_trip_ms: percentiles(trips),
            page_bytes: files.iter().map(|(_, n)| n).sum(),
            page_files: files.len(),
        })
    })
}

/// Waits for `/api/health` to answer over a plain TCP request.
async fn health(url: &str) -> Result<(), BenchError> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = url.trim_start_matches("http://").trim_end_matches('/');
    let mut s = tokio::net::TcpStream::connect(host)
        .await
        .map_err(BenchError::Health)?;
    s.write_all(
        format!("GET /api/health HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .map_err(BenchError::Health)?;
    let mut reply = String::new();
    s.read_to_string(&mut reply)
        .await
        .map_err(BenchError::Health)?;
    if reply.starts_with("HTTP/1.1 200") {
        Ok(())
    } else {
        Err(BenchError::Unhealthy(reply))
    }
}

/// Starts this very binary as `novuss serve` with a new database and times
/// it until it prints the address.
fn process_startup() -> Result<f64, BenchError> {
    use std::io::BufRead;
    let exe = std::env::current_exe().map_err(BenchError::Exe)?;
    let dir = data_dir()?;
    let t = Instant::now();
    let mut child = std::process::Command::new(exe)
        .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
        .arg(&dir)
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(BenchError::Spawn)?;
    let mut line = String::new();
    if let Some(out) = child.stdout.take() {
        let _ = std::io::BufReader::new(out).read_line(&mut line);
    }
    let ms = t.elapsed().as_secs_f64() * 1e3;
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dir);
    if line.contains("http://") {
        Ok(ms)
    } else {
        Err(BenchError::NoAddress(None))
    }
}
