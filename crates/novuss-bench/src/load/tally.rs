//! What the simulated people saw, counted as they go, and the figures made
//! of it at the end.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Instant;

use serde::Serialize;

use super::kind::RoomError;
use crate::percentiles::quantile;

/// The counters all rooms share. Strokes sent before `warm_end` (while
/// rooms are still opening) are kept apart from the measured ones.
pub struct Tally {
    warm_end: Instant,
    inner: Mutex<Counts>,
}

#[derive(Default)]
struct Counts {
    round_trip: Vec<f64>,
    fan_out: Vec<f64>,
    warm_round_trip: Vec<f64>,
    warm_fan_out: Vec<f64>,
    choose: Vec<f64>,
    errors: BTreeMap<String, usize>,
    reconnects: usize,
    games: usize,
    rooms_open: usize,
}

impl Tally {
    /// Counts from now on; the warm-up ends at `warm_end`.
    pub fn new(warm_end: Instant) -> Tally {
        Tally {
            warm_end,
            inner: Mutex::new(Counts::default()),
        }
    }

    fn with<T>(&self, f: impl FnOnce(&mut Counts) -> T) -> T {
        // A poisoned lock only means another task panicked mid-count; the
        // numbers are still worth reporting.
        let mut c = self.inner.lock().unwrap_or_else(|p| p.into_inner());
        f(&mut c)
    }

    /// A stroke sent at `sent` came back to its sender after `ms`.
    pub fn round_trip(&self, sent: Instant, ms: f64) {
        let warm = sent < self.warm_end;
        self.with(|c| {
            if warm {
                c.warm_round_trip.push(ms)
            } else {
                c.round_trip.push(ms)
            }
        });
    }

    /// A spectator saw the stroke sent at `sent`, now.
    pub fn fan_out(&self, sent: Instant) {
        let ms = sent.elapsed().as_secs_f64() * 1e3;
        let warm = sent < self.warm_end;
        self.with(|c| {
            if warm {
                c.warm_fan_out.push(ms)
            } else {
                c.fan_out.push(ms)
            }
        });
    }

    /// Choosing a stroke (the geometric player and the local mirror's
    /// simulation) took `ms` of the load generator's time.
    pub fn choose(&self, ms: f64) {
        self.with(|c| c.choose.push(ms));
    }

    /// Something went wrong, of this kind (a refusal's code, a connection
    /// that failed…), counted by its words.
    pub fn error(&self, kind: &RoomError) {
        let kind = kind.to_string();
        self.with(|c| *c.errors.entry(kind).or_default() += 1);
    }

    /// A dropped socket was opened again.
    pub fn reconnect(&self) {
        self.with(|c| c.reconnects += 1);
    }

    /// A game was created and both seats taken.
    pub fn game(&self) {
        self.with(|c| c.games += 1);
    }

    /// A room has its first game going.
    pub fn room_open(&self) {
        self.with(|c| c.rooms_open += 1);
    }

    /// The figures, over `measured_s` seconds after the warm-up.
    pub fn figures(&self, measured_s: f64) -> Counted {
        self.with(|c| {
            let errors: usize = c.errors.values().sum();
            Counted {
                rooms_open: c.rooms_open,
                games: c.games,
                strokes: c.round_trip.len(),
                strokes_per_s: c.round_trip.len() as f64 / measured_s.max(1e-9),
                round_trip_ms: Spread::of(&c.round_trip),
                fan_out_ms: Spread::of(&c.fan_out),
                warm_up: WarmUp {
                    strokes: c.warm_round_trip.len(),
                    round_trip_ms: Spread::of(&c.warm_round_trip),
                    fan_out_ms: Spread::of(&c.warm_fan_out),
                },
                choose_ms: Spread::of(&c.choose),
                errors,
                errors_by_kind: c.errors.clone(),
                reconnects: c.reconnects,
            }
        })
    }
}

/// p50, p99, p99.9 and the largest of a sample, ms, and its size.
#[derive(Debug, Serialize)]
pub struct Spread {
    /// How many.
    pub n: usize,
    /// Median.
    pub p50: f64,
    /// 99th percentile.
    pub p99: f64,
    /// 99.9th percentile.
    pub p999: f64,
    /// Largest.
    pub max: f64,
}

impl Spread {
    /// The figures of a sample, in any order.
    pub fn of(v: &[f64]) -> Spread {
        let mut v = v.to_vec();
        v.sort_by(f64::total_cmp);
        Spread {
            n: v.len(),
            p50: quantile(&v, 0.5),
            p99: quantile(&v, 0.99),
            p999: quantile(&v, 0.999),
            max: quantile(&v, 1.0),
        }
    }

    /// On one line.
    pub fn text(&self) -> String {
        format!(
            "p50 {:.2}  p99 {:.2}  p99.9 {:.2}  max {:.2} ms  (n = {})",
            self.p50, self.p99, self.p999, self.max, self.n
        )
    }
}

/// The strokes sent while rooms were still opening.
#[derive(Debug, Serialize)]
pub struct WarmUp {
    /// Strokes played.
    pub strokes: usize,
    /// Their round trips.
    pub round_trip_ms: Spread,
    /// Their fan-out delays.
    pub fan_out_ms: Spread,
}

/// What the rooms counted.
#[derive(Debug, Serialize)]
pub struct Counted {
    /// Rooms that got their first game going.
    pub rooms_open: usize,
    /// Games created with both seats taken (a room starts another when a
    /// match ends).
    pub games: usize,
    /// Strokes played after the warm-up.
    pub strokes: usize,
    /// Those per second of the measured time.
    pub strokes_per_s: f64,
    /// Send → the sender's own `stroke` event back.
    pub round_trip_ms: Spread,
    /// Send → a spectator sees that event.
    pub fan_out_ms: Spread,
    /// The warm-up, apart.
    pub warm_up: WarmUp,
    /// The load generator's time to choose a stroke (geometric player and
    /// the local mirror's simulation).
    pub choose_ms: Spread,
    /// Errors of every kind.
    pub errors: usize,
    /// By kind: `create: CODE`, `join: CODE`, `refused: CODE`, `connect`,
    /// `socket`, `mirror`, `timeout`.
    pub errors_by_kind: BTreeMap<String, usize>,
    /// Dropped sockets opened again with `hello {since}`.
    pub reconnects: usize,
}

/// The server's process over the measured time.
#[derive(Debug, Default, Serialize)]
pub struct ServerUse {
    /// Its pid, if known (the first server's, with several).
    pub pid: Option<u32>,
    /// How many server processes the figures add up.
    pub instances: usize,
    /// The largest resident memory seen (sampled each second), bytes.
    pub max_rss_bytes: Option<u64>,
    /// Its CPU time over the measured time, % of one core.
    pub mean_cpu_percent: Option<f64>,
}

/// Everything the load test reports.
#[derive(Debug, Serialize)]
pub struct LoadFigures {
    /// The server driven.
    pub url: String,
    /// Rooms asked for.
    pub rooms: usize,
    /// Spectators per room.
    pub spectators: usize,
    /// Mean think time, s.
    pub think_s: f64,
    /// The whole run, s.
    pub duration_s: f64,
    /// The warm-up (rooms opening) at its start, s.
    pub warm_up_s: f64,
    /// What the rooms counted.
    #[serde(flatten)]
    pub counted: Counted,
    /// The server's memory and CPU.
    pub server: ServerUse,
    /// The load generator's own CPU over the measured time, % of one core.
    pub generator_cpu_percent: Option<f64>,
}

impl LoadFigures {
    /// As text.
    pub fn text(&self) -> String {
        let c = &self.counted;
        let unknown = || "unknown".to_owned();
        let rss = self
            .server
            .max_rss_bytes
            .map(|b| format!("{:.1} MB", b as f64 / 1e6))
            .unwrap_or_else(unknown);
        let cpu = self
            .server
            .mean_cpu_percent
            .map(|p| format!("{p:.0} % of a core"))
            .unwrap_or_else(unknown);
        let own = self
            .generator_cpu_percent
            .map(|p| format!("{p:.0} % of a core"))
            .unwrap_or_else(unknown);
        let mut errors = String::new();
        for (kind, n) in &c.errors_by_kind {
            errors.push_str(&format!("\n    {n:>6}  {kind}"));
        }
        format!(
            "novuss load test of {url}: {rooms} rooms ({open} opened, {games} games), \
             {k} spectators each, think {think:.1} s\n\
             \x20 measured {m:.0} s after a warm-up of {w:.0} s\n\
             \x20 strokes             {strokes} ({sps:.1} a second)\n\
             \x20 stroke round trip   {rt}\n\
             \x20 fan-out delay       {fo}\n\
             \x20 warm-up             {ws} strokes, round trip {wrt}\n\
             \x20 errors              {e}{errors}\n\
             \x20 reconnects          {rc}\n\
             \x20 server              pid {pid}{also}, max RSS {rss}, CPU {cpu}\n\
             \x20 load generator      CPU {own}; choosing a stroke {ch}",
            url = self.url,
            rooms = self.rooms,
            open = c.rooms_open,
            games = c.games,
            k = self.spectators,
            think = self.think_s,
            m = self.duration_s - self.warm_up_s,
            w = self.warm_up_s,
            strokes = c.strokes,
            sps = c.strokes_per_s,
            rt = c.round_trip_ms.text(),
            fo = c.fan_out_ms.text(),
            ws = c.warm_up.strokes,
            wrt = c.warm_up.round_trip_ms.text(),
            e = c.errors,
            rc = c.reconnects,
            pid = self
                .server
                .pid
                .map(|p| p.to_string())
                .unwrap_or_else(unknown),
            also = if self.server.instances > 1 {
                format!(" and {} more (sums)", self.server.instances - 1)
            } else {
                String::new()
            },
            ch = c.choose_ms.text(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn warm_up_strokes_are_kept_apart() {
        let t0 = Instant::now();
        let tally = Tally::new(t0 + Duration::from_secs(10));
        tally.round_trip(t0, 5.0);
        tally.round_trip(t0 + Duration::from_secs(11), 7.0);
        tally.round_trip(t0 + Duration::from_secs(12), 9.0);
        let stale = RoomError::Refused("stale".to_owned());
        tally.error(&stale);
        tally.error(&stale);
        tally.error(&RoomError::Connect);
        let f = tally.figures(2.0);
        assert_eq!(f.strokes, 2);
        assert_eq!(f.strokes_per_s, 1.0);
        assert_eq!(f.round_trip_ms.max, 9.0);
        assert_eq!(f.warm_up.strokes, 1);
        assert_eq!(f.errors, 3);
        assert_eq!(f.errors_by_kind["refused: stale"], 2);
    }
}
