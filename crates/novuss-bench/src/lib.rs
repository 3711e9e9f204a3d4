//! Benchmarks and the load tool of novuss.
//!
//! - The physics engine, run by `novuss bench` (this module).
//! - The server, run by `novuss bench-server` ([`server`]): a real server
//!   with a temporary database, measured from inside and from outside.
//! - The load tool, run by `novuss loadtest` ([`load`]): simulated people
//!   driving servers already running on this machine; `novuss
//!   loadtest-competition` ([`hall`]): a competition day, an organiser
//!   and its spectators.
//!
//! The last two play through [`client`], the requests a browser makes.
//!
//! The physics benchmark has two fixed workloads: the singles opening break (hard straight strokes
//! into the full opposing row) and a fixed set of random mid-game positions
//! and strokes. Each is timed on one thread of this process. With the
//! `rapier` feature the same workloads run on rapier2d, configured the way a
//! game developer would (a fixed time step, table friction applied per step),
//! and its final positions are compared with the exact engine's.

use std::time::Instant;

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Fate, Outcome, Physics};
use novuss_core::table::Table;
use novuss_core::{rules::layout, DVec2};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

pub mod client;
pub mod hall;
pub mod load;
pub mod percentiles;
#[cfg(feature = "rapier")]
pub mod rapier;
pub mod referee;
pub mod server;
pub mod stress;

/// One position and stroke.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub discs: Vec<DVec2>,
    pub stroke: Stroke,
}

/// The opening break: the full singles set-up, the striker 80 mm from the
/// south cushion, pushed straight north at 6 m/s into the row, at sixteen
/// points spread evenly over the row's width.
pub fn break_shots(table: &Table) -> Vec<Scenario> {
    let discs = layout::singles_opening(table);
    (0..16)
        .map(|k| Scenario {
            discs: discs.clone(),
            stroke: Stroke {
                striker: DVec2::new(0.40 + 0.2 * k as f64 / 15.0, 0.08),
                direction: DVec2::new(0.0, 1.0),
                speed: 6.0,
            },
        })
        .collect()
}

/// `count` random mid-game positions: 4 to 16 discs anywhere on the surface
/// clear of the holes, the striker in the south edge zone, aimed anywhere
/// into the table at 0.5 to 6 m/s. Fixed by `seed`.
pub fn random_shots(table: &Table, count: usize, seed: u64) -> Vec<Scenario> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let r = table.disc.radius;
    (0..count)
        .map(|_| {
            let striker = DVec2::new(rng.random_range(0.16..0.84), rng.random_range(0.03..0.1));
            let n = rng.random_range(4..=16);
            let mut discs: Vec<DVec2> = Vec::with_capacity(n);
            while discs.len() < n {
                let p = DVec2::new(
                    rng.random_range(r..table.size - r),
                    rng.random_range(r..table.size - r),
                );
                let free = discs.iter().all(|d| (*d - p).length() >= 2.0 * r)
                    && (p - striker).length() >= r + table.striker.radius
                    && table.pocket_at(p).is_none();
                if free {
                    discs.push(p);
                }
            }
            let angle: f64 = rng.random_range(0.15..std::f64::consts::PI - 0.15);
            Scenario {
                discs,
                stroke: Stroke {
                    striker,
                    direction: DVec2::new(angle.cos(), angle.sin()),
                    speed: rng.random_range(0.5..6.0),
                },
            }
        })
        .collect()
}

/// Throughput of one workload on the exact engine.
#[derive(Clone, Debug, Serialize)]
pub struct EngineRun {
    pub shots: u64,
    pub events: u64,
    pub seconds: f64,
    /// Median over the rounds.
    pub shots_per_s: f64,
    /// Median over the rounds.
    pub events_per_s: f64,
    /// Shots per second of each round, to show the machine's spread.
    pub rounds_shots_per_s: Vec<f64>,
}

/// The median of `v` (the mean of the middle two for an even count).
pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// Simulates `set` round after round: `rounds` rounds of at least
/// `min_seconds / rounds` each. Rates are the median round's, because on a
/// shared machine single runs of the same build vary by ±15%.
pub fn time_engine(
    table: &Table,
    physics: &Physics,
    set: &[Scenario],
    min_seconds: f64,
    rounds: usize,
) -> EngineRun {
    let mut engine = Engine::new(*table, *physics);
    let mut out = Outcome::default();
    let (mut shots, mut events, mut seconds) = (0u64, 0u64, 0.0);
    let (mut shot_rates, mut event_rates) = (vec![], vec![]);
    for _ in 0..rounds.max(1) {
        let (mut n, mut e) = (0u64, 0u64);
        let start = Instant::now();
        loop {
            for s in set {
                engine
                    .simulate_into(&s.discs, &s.stroke, &mut out)
                    .expect("benchmark scenarios are valid");
                n += 1;
                e += out.events.len() as u64;
            }
            if start.elapsed().as_secs_f64() >= min_seconds / rounds.max(1) as f64 {
                break;
            }
        }
        let t = start.elapsed().as_secs_f64();
        shot_rates.push(n as f64 / t);
        event_rates.push(e as f64 / t);
        shots += n;
        events += e;
        seconds += t;
    }
    EngineRun {
        shots,
        events,
        seconds,
        shots_per_s: median(shot_rates.clone()),
        events_per_s: median(event_rates),
        rounds_shots_per_s: shot_rates,
    }
}

/// The exact engine's outcome of every scenario, the reference for accuracy.
pub fn reference(table: &Table, physics: &Physics, set: &[Scenario]) -> Vec<Outcome> {
    let mut engine = Engine::new(*table, *physics);
    set.iter()
        .map(|s| {
            engine
                .simulate(&s.discs, &s.stroke)
                .expect("benchmark scenarios are valid")
        })
        .collect()
}

/// Figures for the engine, both workloads.
#[derive(Clone, Debug, Serialize)]
pub struct EngineFigures {
    pub break_shots_per_s: f64,
    pub random_shots_per_s: f64,
    /// Events per second over both workloads together (from the median
    /// rounds of each).
    pub events_per_s: f64,
    pub break_events_per_shot: f64,
    pub random_events_per_shot: f64,
    pub break_run: EngineRun,
    pub random_run: EngineRun,
}

/// Figures for rapier2d at one time step.
#[derive(Clone, Debug, Serialize)]
pub struct RapierFigures {
    pub dt: f64,
    /// Shots per second over both workloads together.
    pub shots_per_s: f64,
    pub break_shots_per_s: f64,
    pub random_shots_per_s: f64,
    pub steps_per_shot: f64,
    /// Mean distance between rapier's and the engine's final position of
    /// every body that both leave on the table, mm.
    pub mean_final_error_mm: f64,
    /// Share of bodies whose fate (on table, pocketed, off table) differs.
    pub fate_mismatch: f64,
}

/// The whole report of `novuss bench`.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub quick: bool,
    /// Timed rounds per engine workload; rates are the median round's.
    pub rounds: usize,
    pub threads: u32,
    pub break_scenarios: usize,
    pub random_scenarios: usize,
    pub engine: EngineFigures,
    /// Judging strokes (simulation included) against simulating them.
    pub referee: referee::RefereeFigures,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rapier_1000hz: Option<RapierFigures>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rapier_240hz: Option<RapierFigures>,
    /// Engine shots per second over rapier2d's at 1/1000 s, on the same mix
    /// of both workloads (each shot counted once per round).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio_vs_rapier_1000hz: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio_vs_rapier_240hz: Option<f64>,
    /// Set when the binary was built without the `rapier` feature.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Mean final-position error (mm) and fate mismatch share of `fates` against
/// the engine's `reference` outcomes; `None` entries of `fates` are bodies
/// that left the table (pocketed or off) in the compared simulator, keyed by
/// `same_fate(reference, candidate)`.
pub fn compare<F: Fn(&Fate, usize, usize) -> (bool, Option<DVec2>)>(
    reference: &[Outcome],
    candidate: F,
) -> (f64, f64) {
    let (mut err, mut on_both, mut mismatched, mut total) = (0.0, 0u64, 0u64, 0u64);
    for (s, o) in reference.iter().enumerate() {
        for (b, f) in o.fates.iter().enumerate() {
            total += 1;
            let (same, pos) = candidate(f, s, b);
            if !same {
                mismatched += 1;
            }
            if let (Some(p), Some(q)) = (f.on_table(), pos) {
                err += (p - q).length();
                on_both += 1;
            }
        }
    }
    let mean = if on_both > 0 {
        err / on_both as f64 * 1e3
    } else {
        0.0
    };
    (mean, mismatched as f64 / total.max(1) as f64)
}

/// Runs the benchmark. `quick` keeps it under 30 s on the reference machine.
pub fn run(quick: bool, mut progress: impl FnMut(&str)) -> Report {
    let table = Table::default();
    let physics = Physics::default();
    let breaks = break_shots(&table);
    let random = random_shots(&table, if quick { 64 } else { 512 }, 2026);
    let (min_seconds, rounds) = if quick { (2.0, 5) } else { (6.0, 11) };
    progress("engine: opening break");
    let break_run = time_engine(&table, &physics, &breaks, min_seconds, rounds);
    progress("engine: random mid-game strokes");
    let random_run = time_engine(&table, &physics, &random, min_seconds, rounds);
    // Events per second over both workloads: the time the two median rates
    // would take for all the events measured.
    let engine = EngineFigures {
        break_shots_per_s: break_run.shots_per_s,
        random_shots_per_s: random_run.shots_per_s,
        events_per_s: (break_run.events + random_run.events) as f64
            / (break_run.events as f64 / break_run.events_per_s
                + random_run.events as f64 / random_run.events_per_s),
        break_events_per_shot: break_run.events as f64 / break_run.shots as f64,
        random_events_per_shot: random_run.events as f64 / random_run.shots as f64,
        break_run,
        random_run,
    };
    progress("referee: judged against simulated strokes");
    let referee = referee::time_referee(&referee::opening_strokes(), min_seconds, rounds);
    let mut report = Report {
        quick,
        rounds,
        threads: 1,
        break_scenarios: breaks.len(),
        random_scenarios: random.len(),
        engine,
        referee,
        rapier_1000hz: None,
        rapier_240hz: None,
        ratio_vs_rapier_1000hz: None,
        ratio_vs_rapier_240hz: None,
        note: None,
    };
    with_rapier(
        &mut report,
        &table,
        &physics,
        &breaks,
        &random,
        &mut progress,
    );
    report
}

/// Engine shots per second on the same mix as a rapier pass: one round of
/// the breaks and one of the random set, timed separately and combined.
fn engine_mix_rate(report: &Report) -> f64 {
    let e = &report.engine;
    let secs = report.break_scenarios as f64 / e.break_shots_per_s
        + report.random_scenarios as f64 / e.random_shots_per_s;
    (report.break_scenarios + report.random_scenarios) as f64 / secs
}

#[cfg(not(feature = "rapier"))]
fn with_rapier(
    report: &mut Report,
    _: &Table,
    _: &Physics,
    _: &[Scenario],
    _: &[Scenario],
    _: &mut impl FnMut(&str),
) {
    let _ = engine_mix_rate;
    report.note = Some(
        "built without rapier2d: run `cargo run --release --features rapier -- bench` for the comparison".into(),
    );
}

#[cfg(feature = "rapier")]
fn with_rapier(
    report: &mut Report,
    table: &Table,
    physics: &Physics,
    breaks: &[Scenario],
    random: &[Scenario],
    progress: &mut impl FnMut(&str),
) {
    let ref_break = reference(table, physics, breaks);
    let ref_random = reference(table, physics, random);
    let mut figures = |hz: u32| {
        progress(&format!("rapier2d at 1/{hz} s"));
        let dt = 1.0 / hz as f64;
        let mut sim = rapier::RapierSim::new(*table, *physics, dt);
        let mut time_set = |set: &[Scenario]| {
            let start = Instant::now();
            let outs: Vec<rapier::RapierOutcome> = set
                .iter()
                .map(|s| sim.simulate(&s.discs, &s.stroke))
                .collect();
            (start.elapsed().as_secs_f64(), outs)
        };
        let (tb, ob) = time_set(breaks);
        let (tr, or) = time_set(random);
        fn judge(
            outs: &[rapier::RapierOutcome],
        ) -> impl Fn(&Fate, usize, usize) -> (bool, Option<DVec2>) + '_ {
            move |f, s, b| {
                let r = outs[s].fates[b];
                let same = matches!(
                    (f, r),
                    (Fate::OnTable { .. }, rapier::RapierFate::OnTable(_))
                        | (Fate::Pocketed { .. }, rapier::RapierFate::Pocketed)
                        | (Fate::OffTable { .. }, rapier::RapierFate::OffTable)
                );
                let pos = match r {
                    rapier::RapierFate::OnTable(p) => Some(p),
                    _ => None,
                };
                (same, pos)
            }
        }
        let all_ref: Vec<Outcome> = ref_break.iter().chain(&ref_random).cloned().collect();
        let all_out: Vec<rapier::RapierOutcome> = ob.into_iter().chain(or).collect();
        let (err, mismatch) = compare(&all_ref, judge(&all_out));
        let steps: u64 = all_out.iter().map(|o| o.steps).sum();
        RapierFigures {
            dt,
            shots_per_s: (breaks.len() + random.len()) as f64 / (tb + tr),
            break_shots_per_s: breaks.len() as f64 / tb,
            random_shots_per_s: random.len() as f64 / tr,
            steps_per_shot: steps as f64 / all_out.len() as f64,
            mean_final_error_mm: err,
            fate_mismatch: mismatch,
        }
    };
    let r1000 = figures(1000);
    let r240 = figures(240);
    let mix = engine_mix_rate(report);
    report.ratio_vs_rapier_1000hz = Some(mix / r1000.shots_per_s);
    report.ratio_vs_rapier_240hz = Some(mix / r240.shots_per_s);
    report.rapier_1000hz = Some(r1000);
    report.rapier_240hz = Some(r240);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workloads_are_valid_and_fixed() {
        let t = Table::default();
        let p = Physics::default();
        let a = random_shots(&t, 32, 7);
        let b = random_shots(&t, 32, 7);
        assert_eq!(a.len(), 32);
        for (x, y) in a.iter().zip(&b) {
            assert_eq!(x.discs, y.discs);
            assert_eq!(x.stroke, y.stroke);
        }
        let outs = reference(&t, &p, &a);
        assert!(outs.iter().all(|o| !o.truncated));
        let breaks = reference(&t, &p, &break_shots(&t));
        // Every break strikes the row: some disc moves.
        assert!(breaks.iter().all(|o| o.events.len() > 2));
    }

    #[test]
    fn comparing_the_engine_with_itself_gives_no_error() {
        let t = Table::default();
        let p = Physics::default();
        let outs = reference(&t, &p, &random_shots(&t, 8, 1));
        let (err, mismatch) = compare(&outs, |f, _, _| (true, f.on_table()));
        assert_eq!((err, mismatch), (0.0, 0.0));
    }
}
