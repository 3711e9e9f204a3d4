//! How often the engine hits its event limit, or leaves a position that
//! the next stroke refuses, over many hard strokes (see
//! [`novuss_bench::stress`]):
//!
//! ```sh
//! cargo run --release -p novuss-bench --example census -- 100000 2026
//! ```
//!
//! The arguments are the number of strokes (default 100 000), the seed
//! (default 2026) and the workload: `stress` (the default) or `random`
//! ([`novuss_bench::random_shots`], mid-game positions struck from the
//! south zone). Default table and physics. Prints one line per shape and
//! a total: strokes, events, truncated strokes, final positions refused by
//! `stroke::check_layout`, and the most events any stroke took.

use std::time::Instant;

use novuss_bench::stress::{stress_shots, Shape};
use novuss_core::physics::stroke::check_layout;
use novuss_core::physics::{Engine, Outcome, Physics};
use novuss_core::table::Table;

#[derive(Default)]
struct Tally {
    strokes: usize,
    events: usize,
    truncated: usize,
    refused: usize,
    most: usize,
}

impl Tally {
    fn add(&mut self, o: &Outcome, refused: bool) {
        self.strokes += 1;
        self.events += o.events.len();
        self.truncated += usize::from(o.truncated);
        self.refused += usize::from(refused);
        self.most = self.most.max(o.events.len());
    }

    fn print(&self, name: &str) {
        println!(
            "{name}: {} strokes, {} events, {} truncated, {} final positions refused, at most {} events",
            self.strokes, self.events, self.truncated, self.refused, self.most
        );
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().map_or(100_000, |a| a.parse().expect("a count"));
    let seed: u64 = args.next().map_or(2026, |a| a.parse().expect("a seed"));
    let table = Table::default();
    let physics = Physics::default();
    let stress = match args.next().as_deref() {
        None | Some("stress") => true,
        Some("random") => false,
        Some(other) => panic!("unknown workload {other:?} (stress, random)"),
    };
    let set = if stress {
        stress_shots(&table, &physics, count, seed)
    } else {
        novuss_bench::random_shots(&table, count, seed)
    };
    let mut engine = Engine::new(table, physics);
    let mut out = Outcome::default();
    // Stress shapes take turns, so stroke `k` is of shape `k % 5`.
    let mut tallies: Vec<Tally> = Shape::ALL.iter().map(|_| Tally::default()).collect();
    let start = Instant::now();
    for (k, s) in set.iter().enumerate() {
        engine
            .simulate_into(&s.discs, &s.stroke, &mut out)
            .expect("stress positions are valid");
        // Discs left on the table must be a valid start for the next stroke.
        let rest: Vec<_> = out.fates[1..]
            .iter()
            .filter_map(|f| f.on_table())
            .map(|p| (p, table.disc.radius))
            .collect();
        let refused = check_layout(&table, physics.contact_tolerance, &rest).is_err();
        tallies[k % Shape::ALL.len()].add(&out, refused);
    }
    let mut total = Tally::default();
    for (shape, t) in Shape::ALL.iter().zip(&tallies) {
        if stress {
            t.print(&format!("{shape:?}"));
        }
        total.strokes += t.strokes;
        total.events += t.events;
        total.truncated += t.truncated;
        total.refused += t.refused;
        total.most = total.most.max(t.most);
    }
    total.print("all");
    println!("{:.1} s", start.elapsed().as_secs_f64());
}
