//! A digest of the engine's outcomes on many fixed strokes, for checking
//! that a change meant to make the engine faster leaves every result
//! bit-identical:
//!
//! ```sh
//! cargo run --release -p novuss-bench --example digest > before.txt
//! # ...change the engine...
//! cargo run --release -p novuss-bench --example digest | diff before.txt -
//! ```
//!
//! Each line names a workload, its event count and a hash of every outcome
//! serialised as JSON (events, paths and fates, floats round-tripped).

use std::hash::{DefaultHasher, Hasher};

use novuss_bench::Scenario;
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Physics};
use novuss_core::table::{Cushion, Table};
use novuss_core::DVec2;

fn digest(name: &str, engine: &mut Engine, set: &[Scenario]) {
    let mut hash = DefaultHasher::new();
    let mut events = 0;
    let mut truncated = 0;
    for s in set {
        let out = engine
            .simulate(&s.discs, &s.stroke)
            .expect("digest scenarios are valid");
        events += out.events.len();
        truncated += usize::from(out.truncated);
        let json = serde_json::to_string(&out).expect("outcomes serialise");
        hash.write(json.as_bytes());
    }
    println!(
        "{name}: {} shots, {events} events, {truncated} truncated, digest {:016x}",
        set.len(),
        hash.finish()
    );
}

fn main() {
    let table = Table::default();
    let mut engine = Engine::new(table, Physics::default());
    digest("break", &mut engine, &novuss_bench::break_shots(&table));
    for seed in [2026, 1, 2, 3] {
        let set = novuss_bench::random_shots(&table, 2000, seed);
        digest(&format!("random seed {seed}"), &mut engine, &set);
    }
    // Doubles-like: rows against three cushions, struck from the south at
    // many angles and speeds.
    let mut rows = novuss_core::rules::layout::row_against(&table, Cushion::North, 8);
    rows.extend(novuss_core::rules::layout::row_against(
        &table,
        Cushion::East,
        8,
    ));
    rows.extend(novuss_core::rules::layout::row_against(
        &table,
        Cushion::West,
        8,
    ));
    let fan: Vec<Scenario> = (0..400)
        .map(|k| {
            let angle = 0.3 + 2.5 * (k % 40) as f64 / 39.0;
            Scenario {
                discs: rows.clone(),
                stroke: Stroke {
                    striker: DVec2::new(0.3 + 0.4 * (k / 40) as f64 / 9.0, 0.07),
                    direction: DVec2::new(angle.cos(), angle.sin()),
                    speed: 1.0 + 7.0 * ((k * 7) % 40) as f64 / 39.0,
                },
            }
        })
        .collect();
    digest("three rows fan", &mut engine, &fan);
    let slow = Physics {
        friction: 0.05,
        ..Physics::default()
    };
    let mut engine = Engine::new(table, slow);
    digest(
        "break, μ 0.05",
        &mut engine,
        &novuss_bench::break_shots(&table),
    );
    let set = novuss_bench::random_shots(&table, 2000, 7);
    digest("random seed 7, μ 0.05", &mut engine, &set);
}
