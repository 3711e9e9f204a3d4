//! One room of the load test: a game between two people who meet by an
//! invitation link, watched by K spectators. When its match ends the room
//! starts another, until the run's end.
//!
//! Both players' strokes are chosen by the geometric player
//! (`Level::Greedy`) on a local mirror of the game: the player to stroke
//! chooses, plays the stroke on the mirror (the physics is deterministic,
//! so the mirror stays what the server holds) and sends it. Choosing runs
//! on a blocking thread and is timed, so the report shows whether it
//! competes with the sockets for the load generator's CPU.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use novuss_ai::{Level, Player};
use novuss_core::play::game::Game;
use novuss_core::seat::Seat;
use novuss_server::NewGame;
use serde_json::Value;

use super::address;
use super::kind::{Answered, RoomError};
use super::tally::Tally;
use crate::client::player::{self, GameLink, Stroked, Table};

/// Every room's game: singles, one set, the second seat invited.
pub const GAME: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// How long a stroke may take to come back before it counts as lost.
const STROKE_LIMIT: Duration = Duration::from_secs(30);
/// How often a waiting reader looks up to see whether the run or the game
/// is over.
const LOOK_UP: Duration = Duration::from_millis(500);
/// How long spectators keep reading after the last strokes were sent, so
/// that their fan-out is measured too.
pub const GRACE: Duration = Duration::from_secs(2);
/// Attempts to open a dropped socket again, and the pause between them:
/// long enough together for a server to be restarted.
const RECONNECTS: usize = 10;
const RECONNECT_PAUSE: Duration = Duration::from_millis(500);

/// What every room shares: the servers, the clock of the run and the
/// tally.
pub struct Run {
    /// The servers (loopback): one, or several instances over one
    /// database, among which each room's people are spread.
    pub servers: Vec<SocketAddr>,
    /// No stroke is started after this.
    pub stop: Instant,
    /// Mean think time, s; each wait is drawn from half to one and a half
    /// of it, so that rooms do not stroke in lockstep.
    pub think_s: f64,
    /// Spectators per room.
    pub spectators: usize,
    /// The counters.
    pub tally: Tally,
    /// Seeds the think times and the geometric player's choices.
    pub seed: u64,
}

/// One game of a room, as its people share it.
struct Shared {
    mirror: Mutex<Mirror>,
    /// When the stroke that makes each event was sent.
    sent: Mutex<HashMap<u64, Instant>>,
    /// Someone at the game gave up on it (an error): everyone leaves.
    abandoned: AtomicBool,
}

/// The game as the server holds it, replayed locally.
struct Mirror {
    game: Game,
    event: u64,
}

/// A small, fast, seeded generator (splitmix64) for think times.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// Runs room `index` from `start` until the run's end.
pub async fn room(run: Arc<Run>, index: usize, start: Instant) {
    tokio::time::sleep_until(start.into()).await;
    let from = address::source(run.servers[0], index);
    let mut rng = Rng(run.seed ^ (index as u64).wrapping_mul(0xA076_1D64_78BD_642F));
    let mut opened = false;
    while Instant::now() < run.stop {
        match game(&run, index, from, &mut rng, &mut opened).await {
            Ok(()) => {}
            Err(kind) => {
                run.tally.error(&kind);
                // Not straight back: a refused room must not hammer the
                // server it is measuring.
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    }
}

/// Where one person of a room connects: from which source address, to
/// which server.
#[derive(Clone, Copy, Debug)]
struct Via {
    from: Option<IpAddr>,
    server: SocketAddr,
}

impl Run {
    /// Where the `k`-th person of room `index` connects: the creator, the
    /// invited player and the spectators each on the next server, so that
    /// with two servers the players of every room are on different ones.
    fn via(&self, from: Option<IpAddr>, index: usize, k: usize) -> Via {
        Via {
            from,
            server: self.servers[(index + k) % self.servers.len()],
        }
    }
}

/// One game of the room, from its creation to its end (or the run's).
async fn game(
    run: &Arc<Run>,
    index: usize,
    from: Option<IpAddr>,
    rng: &mut Rng,
    opened: &mut bool,
) -> Result<(), RoomError> {
    let (via_a, via_b) = (run.via(from, index, 0), run.via(from, index, 1));
    let (a, state) = player::create_from(from, via_a.server, GAME)
        .await
        .map_err(|e| RoomError::Create(Answered::from(&e)))?;
    let invite = player::invitation(&state).ok_or(RoomError::NoInvitation)?;
    let b = player::join_invite(from, via_b.server, &a.id, invite)
        .await
        .map_err(|e| RoomError::Join(Answered::from(&e)))?;
    let setup = serde_json::from_str::<NewGame>(GAME)
        .ok()
        .and_then(|n| n.setup().ok())
        .ok_or(RoomError::Mirror)?;
    let mirror = Game::new(setup.config, setup.physics).map_err(|_| RoomError::Mirror)?;
    let table_a = Table::join_from(from, via_a.server, &a)
        .await
        .map_err(|_| RoomError::Connect)?;
    let table_b = Table::join_from(from, via_b.server, &b)
        .await
        .map_err(|_| RoomError::Connect)?;
    let watch = GameLink {
        id: a.id.clone(),
        cookie: String::new(),
    };
    let mut watchers = Vec::with_capacity(run.spectators);
    for k in 0..run.spectators {
        let via = run.via(from, index, 2 + k);
        watchers.push((
            via,
            Table::join_from(from, via.server, &watch)
                .await
                .map_err(|_| RoomError::Connect)?,
        ));
    }
    run.tally.game();
    if !*opened {
        *opened = true;
        run.tally.room_open();
    }
    let shared = Arc::new(Shared {
        mirror: Mutex::new(Mirror {
            game: mirror,
            event: table_a.event,
        }),
        sent: Mutex::new(HashMap::new()),
        abandoned: AtomicBool::new(false),
    });
    let mut people = Vec::new();
    people.push(tokio::spawn(person(
        run.clone(),
        shared.clone(),
        via_a,
        a,
        table_a,
        Seat::South,
        rng.next(),
    )));
    people.push(tokio::spawn(person(
        run.clone(),
        shared.clone(),
        via_b,
        b,
        table_b,
        Seat::North,
        rng.next(),
    )));
    for (via, table) in watchers {
        people.push(tokio::spawn(spectator(
            run.clone(),
            shared.clone(),
            via,
            watch.clone(),
            table,
        )));
    }
    for p in people {
        if p.await.is_err() {
            run.tally.error(&RoomError::Panic);
        }
    }
    Ok(())
}

/// Events that carry the state after them.
fn follow(table: &mut Table, v: &Value) {
    if matches!(
        v["type"].as_str(),
        Some("state" | "stroke" | "taken_back" | "set_started" | "aborted" | "resigned" | "called")
    ) {
        table.follow(v);
    }
}

/// Opens `table`'s dropped socket again with `hello {since}`.
async fn reconnect(
    run: &Run,
    via: Via,
    link: &GameLink,
    table: &Table,
) -> Result<Table, RoomError> {
    for attempt in 0..RECONNECTS {
        if attempt > 0 {
            tokio::time::sleep(RECONNECT_PAUSE).await;
        }
        if let Ok(t) = Table::rejoin_from(via.from, via.server, link, table.event, table.seat).await
        {
            run.tally.reconnect();
            return Ok(t);
        }
    }
    Err(RoomError::Socket)
}

/// A player: reads the game; on their turn thinks, chooses and strokes.
async fn person(
    run: Arc<Run>,
    shared: Arc<Shared>,
    via: Via,
    link: GameLink,
    mut table: Table,
    mine: Seat,
    seed: u64,
) {
    let mut rng = Rng(seed);
    let result: Result<(), RoomError> = async {
        loop {
            if shared.abandoned.load(Ordering::Relaxed)
                || table.seat.is_none()
                || Instant::now() >= run.stop
            {
                return Ok(());
            }
            if table.seat != Some(mine) {
                match tokio::time::timeout(LOOK_UP, table.next()).await {
                    Err(_) => {}
                    Ok(Ok(v)) => follow(&mut table, &v),
                    Ok(Err(_)) => table = reconnect(&run, via, &link, &table).await?,
                }
                continue;
            }
            let wait = Duration::from_secs_f64(run.think_s * (0.5 + rng.unit()));
            tokio::time::sleep_until((Instant::now() + wait).min(run.stop).into()).await;
            if Instant::now() >= run.stop || shared.abandoned.load(Ordering::Relaxed) {
                return Ok(());
            }
            let event = table.event;
            let (striker, direction, speed) =
                choose(&run, &shared, mine, event, rng.next()).await?;
            let sent = Instant::now();
            lock(&shared.sent).insert(event + 1, sent);
            match tokio::time::timeout(
                STROKE_LIMIT,
                table.stroke_with(mine, striker, direction, speed),
            )
            .await
            {
                Err(_) => return Err(RoomError::Timeout),
                Ok(Ok(Stroked::Played(ms))) => run.tally.round_trip(sent, ms),
                Ok(Ok(Stroked::Refused(why))) => {
                    let code = why.split(':').next().unwrap_or("?");
                    return Err(RoomError::Refused(code.to_owned()));
                }
                Ok(Err(_)) => table = reconnect(&run, via, &link, &table).await?,
            }
        }
    }
    .await;
    if let Err(kind) = result {
        run.tally.error(&kind);
        shared.abandoned.store(true, Ordering::Relaxed);
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), table.close()).await;
}

/// The geometric player's stroke for `mine` at `event`, played on the
/// mirror first; times the work.
async fn choose(
    run: &Run,
    shared: &Arc<Shared>,
    mine: Seat,
    event: u64,
    seed: u64,
) -> Result<([f64; 2], [f64; 2], f64), RoomError> {
    let shared = shared.clone();
    let chosen = tokio::task::spawn_blocking(move || {
        let t = Instant::now();
        let mut m = lock(&shared.mirror);
        let set = m.game.set();
        // The mirror must be where the server is, or the stroke chosen on
        // it is not the one the server will judge.
        if m.event != event || set.is_over() || set.seat_to_play() != mine {
            return Err(RoomError::Mirror);
        }
        let s = Player::new(Level::Greedy, seed)
            .decide(set, &m.game.record().physics)
            .map_err(|_| RoomError::Choose)?
            .best
            .stroke;
        m.game.play(mine, &s).map_err(|_| RoomError::Mirror)?;
        m.event = event + 1;
        Ok((
            (
                [s.striker.x, s.striker.y],
                [s.direction.x, s.direction.y],
                s.speed,
            ),
            t.elapsed().as_secs_f64() * 1e3,
        ))
    })
    .await
    .map_err(|_| RoomError::Panic)??;
    run.tally.choose(chosen.1);
    Ok(chosen.0)
}

/// A spectator: reads every event and times when each stroke arrives.
async fn spectator(run: Arc<Run>, shared: Arc<Shared>, via: Via, link: GameLink, mut table: Table) {
    let result: Result<(), RoomError> = async {
        loop {
            if shared.abandoned.load(Ordering::Relaxed)
                || table.seat.is_none()
                || Instant::now() >= run.stop + GRACE
            {
                return Ok(());
            }
            match tokio::time::timeout(LOOK_UP, table.next()).await {
                Err(_) => {}
                Ok(Ok(v)) => {
                    if v["type"] == "stroke" {
                        let sent = v["event"]
                            .as_u64()
                            .and_then(|e| lock(&shared.sent).get(&e).copied());
                        if let Some(sent) = sent {
                            run.tally.fan_out(sent);
                        }
                    }
                    follow(&mut table, &v);
                }
                Ok(Err(_)) => table = reconnect(&run, via, &link, &table).await?,
            }
        }
    }
    .await;
    if let Err(kind) = result {
        run.tally.error(&kind);
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), table.close()).await;
}

/// A lock that a panicked holder did not spoil for everyone else.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_times_spread_over_the_unit_interval() {
        let mut rng = Rng(7);
        let draws: Vec<f64> = (0..1000).map(|_| rng.unit()).collect();
        assert!(draws.iter().all(|u| (0.0..1.0).contains(u)));
        let mean = draws.iter().sum::<f64>() / 1000.0;
        assert!((mean - 0.5).abs() < 0.05, "{mean}");
    }

    #[test]
    fn the_rooms_game_parses_with_its_invited_seat() {
        let setup = serde_json::from_str::<NewGame>(GAME)
            .unwrap()
            .setup()
            .unwrap();
        assert!(Game::new(setup.config, setup.physics).is_ok());
    }
}
