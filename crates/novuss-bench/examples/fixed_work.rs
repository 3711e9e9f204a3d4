//! A fixed workload for counting instructions, which unlike timings do not
//! vary on a shared machine:
//!
//! ```sh
//! cargo build --release -p novuss-bench --example fixed_work
//! valgrind --tool=callgrind target/release/examples/fixed_work
//! ```
//!
//! It simulates the 16 opening breaks 20 times and 64 random strokes 5 times
//! (320 shots each) and prints the events, so counts can be divided per
//! event. See docs/benchmarks.md.

use novuss_core::physics::{Engine, Outcome, Physics};
use novuss_core::table::Table;

fn main() {
    let table = Table::default();
    let breaks = novuss_bench::break_shots(&table);
    let random = novuss_bench::random_shots(&table, 64, 2026);
    let mut engine = Engine::new(table, Physics::default());
    let mut out = Outcome::default();
    let mut run = |set: &[novuss_bench::Scenario], times: usize| {
        let mut events = 0;
        for _ in 0..times {
            for s in set {
                engine
                    .simulate_into(&s.discs, &s.stroke, &mut out)
                    .expect("benchmark scenarios are valid");
                events += out.events.len();
            }
        }
        events
    };
    let b = run(&breaks, 20);
    let r = run(&random, 5);
    println!("320 break shots: {b} events; 320 random shots: {r} events");
}
