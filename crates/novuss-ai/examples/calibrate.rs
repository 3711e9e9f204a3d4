//! Sets between two players of any settings, for placing a level on the
//! ladder without rebuilding: each entrant is a level's name, optionally
//! followed by `+` and JSON that changes some of its settings (the fields
//! of `novuss_ai::level::Settings`, nested objects merged field by field).
//!
//! ```sh
//! cargo run --release -p novuss-ai --example calibrate -- 400 1 club 'beginner+{"noise":{"direction_deg":1.2},"believed":0.7}'
//! ```
//!
//! Prints the first entrant's score with Wilson's 95% interval, strokes
//! and fouls per set, decision times, and the settings used (as JSON, to
//! paste into `level.rs`). Sets run on every core, seeded as `novuss
//! arena` seeds them.

use std::time::Instant;

use novuss_ai::arena::{play_set_between, SetReport};
use novuss_ai::ladder::wilson95;
use novuss_ai::level::Settings;
use novuss_ai::{Level, Player};
use novuss_core::physics::Physics;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::Format;
use rayon::prelude::*;
use serde_json::Value;

fn merge(into: &mut Value, from: &Value) {
    match (into, from) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in b {
                merge(a.entry(k.clone()).or_insert(Value::Null), v);
            }
        }
        (a, b) => *a = b.clone(),
    }
}

fn entrant(spec: &str) -> (Level, Settings) {
    let (name, changes) = spec.split_once('+').unwrap_or((spec, "{}"));
    let level: Level = name.parse().expect("a level's name");
    let mut json = serde_json::to_value(level.settings()).expect("settings as JSON");
    merge(
        &mut json,
        &serde_json::from_str(changes).expect("JSON after the +"),
    );
    (level, serde_json::from_value(json).expect("settings"))
}

fn percentile(mut ms: Vec<f64>, q: f64) -> f64 {
    if ms.is_empty() {
        return 0.0;
    }
    ms.sort_by(f64::total_cmp);
    ms[((ms.len() - 1) as f64 * q).round() as usize]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [sets, seed, a, b] = &args[..] else {
        eprintln!("usage: calibrate SETS SEED A[+JSON] B[+JSON]");
        std::process::exit(2);
    };
    let sets: u64 = sets.parse().expect("a number of sets");
    let seed: u64 = seed.parse().expect("a seed");
    let (la, sa) = entrant(a);
    let (lb, sb) = entrant(b);
    let physics = Physics::default();
    let start = Instant::now();
    let reports: Vec<SetReport> = (0..sets)
        .into_par_iter()
        .map(|n| {
            play_set_between(
                |s| Player::new(la, s).with_settings(sa),
                |s| Player::new(lb, s).with_settings(sb),
                Format::Singles,
                ProfileId::Lnf2017,
                &physics,
                seed,
                n,
            )
            .expect("a set")
        })
        .collect();
    let n = sets as f64;
    let count = |s: i8| reports.iter().filter(|r| r.score == s).count() as f64;
    let (wins, losses, draws) = (count(1), count(-1), count(0));
    let rate = (wins + draws / 2.0) / n;
    let [lo, hi] = wilson95(rate, n);
    let per_set =
        |f: &dyn Fn(&SetReport) -> u32| reports.iter().map(|r| f64::from(f(r))).sum::<f64>() / n;
    let ms = |k: usize| -> Vec<f64> {
        reports
            .iter()
            .flat_map(|r| r.decisions[k].iter().map(|d| d.as_secs_f64() * 1e3))
            .collect()
    };
    println!(
        "A {a}\nB {b}\n{sets} sets, seed {seed}: A {wins} B {losses} drawn {draws}; \
         A's score {:.1}% ({:.1}-{:.1}%); strokes/set {:.1}; fouls/set A {:.2} B {:.2}; \
         ms p50/p99 A {:.1}/{:.1} B {:.1}/{:.1}; {:.0} s",
        rate * 100.0,
        lo * 100.0,
        hi * 100.0,
        per_set(&|r| r.strokes),
        per_set(&|r| r.fouls[0]),
        per_set(&|r| r.fouls[1]),
        percentile(ms(0), 0.5),
        percentile(ms(0), 0.99),
        percentile(ms(1), 0.5),
        percentile(ms(1), 0.99),
        start.elapsed().as_secs_f64(),
    );
}
