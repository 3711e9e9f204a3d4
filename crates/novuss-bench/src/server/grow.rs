//! Growing long games quickly, in-process: gentle strokes (see
//! [`crate::client::player`]) played through `Hub::stroke`, the server's whole path
//! of a human stroke (lock, checks, simulation, judgement, commit to
//! SQLite, message to the game's clients), each one timed. Before each
//! stroke the core previews it on a copy of the set so that the benchmark
//! knows, from the referee's own verdict, that the set goes on.

use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::Engine;
use novuss_server::GameId;
use novuss_server::Hub;
use novuss_server::NewGame;
use novuss_server::PersonId;
use novuss_server::Play;
use novuss_server::Store;
use novuss_server::StrokeRequest;
use novuss_server::Visitor;

use super::BenchError;
use crate::client::player::{gentle, HOT_SEAT_LONG};

/// A game grown to its length.
#[derive(Debug)]
pub struct Grown {
    /// Its id (the last one, should a match ever have ended).
    pub id: GameId,
    /// The person who holds its seats.
    pub person: PersonId,
    /// Each stroke's server time, ms, in order.
    pub times_ms: Vec<f64>,
    /// Strokes the referee called a foul.
    pub fouls: usize,
    /// Sets that ended (each followed by the next set): expected 0.
    pub sets_ended: usize,
    /// Matches that ended (each followed by a new game): expected 0.
    pub new_games: usize,
}

/// Opens the database in `dir` and grows one game per entry of `lengths`,
/// then closes it. `progress` is told every thousand strokes.
pub async fn grow_in(
    dir: &Path,
    lengths: &[usize],
    progress: &dyn Fn(usize),
) -> Result<Vec<Grown>, BenchError> {
    let store = Store::open(dir).await.map_err(BenchError::Store)?;
    let hub = Hub::new(store);
    let mut grown = Vec::new();
    for &n in lengths {
        grown.push(grow(&hub, n, progress).await?);
    }
    hub.store().close().await;
    Ok(grown)
}

/// A new hot-seat game of five sets, `person`'s; its id.
async fn new_game(hub: &Arc<Hub>, person: &PersonId) -> Result<GameId, BenchError> {
    let new: NewGame = serde_json::from_str(HOT_SEAT_LONG).map_err(BenchError::Setup)?;
    let created = hub.create(&new, person).await.map_err(BenchError::Hub)?;
    GameId::parse(created.state.id()).map_err(BenchError::Hub)
}

/// Plays `n` gentle strokes in one hot-seat game.
pub async fn grow(hub: &Arc<Hub>, n: usize, progress: &dyn Fn(usize)) -> Result<Grown, BenchError> {
    let (person, _) = hub
        .people()
        .ensure(&Visitor::default())
        .await
        .map_err(BenchError::Hub)?;
    let mut g = Grown {
        id: new_game(hub, &person).await?,
        person,
        times_ms: Vec::with_capacity(n),
        fouls: 0,
        sets_ended: 0,
        new_games: 0,
    };
    while g.times_ms.len() < n {
        let (event, set, physics, between, over) = {
            let room = hub.room(&g.id).await.map_err(BenchError::Hub)?;
            let r = room.lock().await;
            (
                r.event(),
                r.game().set().clone(),
                r.setup().physics,
                r.game().between_sets(),
                r.game().is_over(),
            )
        };
        if over {
            g.new_games += 1;
            g.id = new_game(hub, &g.person).await?;
            continue;
        }
        if between {
            g.sets_ended += 1;
            hub.play(&g.id, Some(&g.person), Play::NextSet { event })
                .await
                .map_err(BenchError::Hub)?;
            continue;
        }
        let seat = set.seat_to_play();
        let (striker, direction, speed) = gentle(seat);
        let stroke = Stroke {
            striker: striker.into(),
            direction: direction.into(),
            speed,
        };
        // The referee's verdict on a copy (not timed).
        let mut engine = Engine::new(*set.table(), physics);
        let judged = set
            .preview(&stroke, &mut engine)
            .map_err(|error| BenchError::Gentle { event, error })?;
        if !judged.verdict.fouls.is_empty() {
            g.fouls += 1;
        }
        let request = StrokeRequest {
            event,
            seat,
            striker,
            direction,
            speed,
        };
        let t = Instant::now();
        hub.play(&g.id, Some(&g.person), Play::Stroke(request))
            .await
            .map_err(BenchError::Hub)?;
        g.times_ms.push(t.elapsed().as_secs_f64() * 1e3);
        if g.times_ms.len() % 1000 == 0 {
            progress(g.times_ms.len());
        }
    }
    Ok(g)
}

/// The bytes of the files in `dir` (the database and its WAL).
pub fn bytes_in(dir: &Path) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .filter_map(|e| e.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}
