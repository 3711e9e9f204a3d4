//! Instruction counts of judging against simulating, for `valgrind
//! --tool=callgrind` (a repeatable measure on a machine whose speed varies):
//!
//! ```sh
//! cargo build --release -p novuss-bench --example referee_cost
//! valgrind --tool=callgrind target/release/examples/referee_cost simulate 20
//! valgrind --tool=callgrind target/release/examples/referee_cost judge 20
//! valgrind --tool=callgrind target/release/examples/referee_cost none 20
//! ```
//!
//! `none` builds the workload and stops: subtract it from both. The ratio of
//! the two remainders is `referee.cost_vs_simulate` in instructions.

use novuss_bench::referee::opening_strokes;
use novuss_core::physics::{Engine, Outcome, Physics};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map(String::as_str).unwrap_or("judge");
    let rounds: usize = args.get(2).and_then(|r| r.parse().ok()).unwrap_or(20);
    let set = opening_strokes();
    let positions: Vec<_> = set.iter().map(|j| j.state.positions()).collect();
    let mut engine = Engine::new(*set[0].state.table(), Physics::default());
    let mut out = Outcome::default();
    let mut checksum = 0usize;
    let (mut next, mut verdict) = set[0]
        .state
        .preview(&set[0].stroke, &mut engine)
        .map(|j| (j.next, j.verdict))
        .expect("legal");
    for _ in 0..rounds {
        for (j, p) in set.iter().zip(&positions) {
            match mode {
                "simulate" => {
                    engine.simulate_into(p, &j.stroke, &mut out).expect("valid");
                    checksum += out.events.len();
                }
                "judge" => {
                    j.state
                        .preview_reusing(&j.stroke, &mut engine, &mut out, &mut next, &mut verdict)
                        .expect("legal");
                    checksum += out.events.len() + verdict.reasons.len();
                }
                _ => {}
            }
        }
    }
    println!(
        "{mode}: {rounds} rounds of {} strokes, checksum {checksum}",
        set.len()
    );
}
