//! The referee workload: the price of judging a stroke on top of
//! simulating it, as a computer player pays it thousands of times per
//! decision.
//!
//! The same legal strokes are timed twice, in alternating rounds: simulated
//! alone (`Engine::simulate_into`, the engine's fastest path) and judged
//! (`SetState::preview_reusing`: the placement and aim checks, the same
//! simulation, and the whole judgement with its new state and verdict,
//! written into buffers kept from stroke to stroke, as a search keeps them).
//! `cost_vs_simulate` is the median over rounds of each round's ratio of
//! the time per judged stroke to the time per simulated one: the two passes
//! of a round run back to back, so a change in the host's speed between
//! rounds (a third, on the shared machine) cancels out of the ratio.

use std::time::Instant;

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Outcome, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SetState};
use novuss_core::seat::Seat;
use novuss_core::DVec2;
use serde::Serialize;

use crate::median;

/// A position and a legal stroke for the player to stroke in it.
#[derive(Clone, Debug)]
pub struct Judging {
    /// The set before the stroke.
    pub state: SetState,
    /// The stroke.
    pub stroke: Stroke,
}

/// The referee's figures.
#[derive(Clone, Debug, Serialize)]
pub struct RefereeFigures {
    /// Strokes in the workload.
    pub strokes: usize,
    /// Judged strokes per second (simulation included), median round.
    pub strokes_per_s: f64,
    /// Simulated-only strokes per second on the same strokes, median round.
    pub simulated_per_s: f64,
    /// Time per judged stroke over time per simulated one.
    pub cost_vs_simulate: f64,
}

/// Legal strokes from the singles line-up: the opener strikes from 24
/// spots along the south edge zone, straight and angled, at 2 to 7 m/s.
pub fn opening_strokes() -> Vec<Judging> {
    let state = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
    (0..24)
        .map(|k| {
            let along = 0.2 + 0.6 * k as f64 / 23.0;
            let aim = DVec2::new(0.5 + 0.3 * ((k % 5) as f64 - 2.0) / 2.0, 0.985);
            let striker = DVec2::new(along, 0.06 + 0.002 * (k % 7) as f64);
            Judging {
                state: state.clone(),
                stroke: Stroke {
                    striker,
                    direction: aim - striker,
                    speed: 2.0 + 5.0 * ((k * 7) % 11) as f64 / 10.0,
                },
            }
        })
        .collect()
}

/// Times `set`: rounds alternate simulate-only and judged passes, each at
/// least `min_seconds / rounds` long.
pub fn time_referee(set: &[Judging], min_seconds: f64, rounds: usize) -> RefereeFigures {
    let Some(first) = set.first() else {
        return RefereeFigures {
            strokes: 0,
            strokes_per_s: 0.0,
            simulated_per_s: 0.0,
            cost_vs_simulate: 0.0,
        };
    };
    let mut engine = Engine::new(*first.state.table(), Physics::default());
    let positions: Vec<Vec<DVec2>> = set.iter().map(|j| j.state.positions()).collect();
    let mut out = Outcome::default();
    // Buffers a search keeps from stroke to stroke.
    let (mut next, mut verdict) = first
        .state
        .preview(&first.stroke, &mut engine)
        .map(|j| (j.next, j.verdict))
        .expect("benchmark strokes are legal");
    let per_round = min_seconds / rounds.max(1) as f64;
    let (mut sim_rates, mut judge_rates, mut ratios) = (vec![], vec![], vec![]);
    for _ in 0..rounds.max(1) {
        let (mut n, start) = (0u64, Instant::now());
        while start.elapsed().as_secs_f64() < per_round {
            for (j, p) in set.iter().zip(&positions) {
                engine
                    .simulate_into(p, &j.stroke, &mut out)
                    .expect("benchmark strokes are valid");
                n += 1;
            }
        }
        sim_rates.push(n as f64 / start.elapsed().as_secs_f64());
        let (mut n, start) = (0u64, Instant::now());
        while start.elapsed().as_secs_f64() < per_round {
            for j in set {
                j.state
                    .preview_reusing(&j.stroke, &mut engine, &mut out, &mut next, &mut verdict)
                    .expect("benchmark strokes are legal");
                std::hint::black_box((&next, &verdict));
                n += 1;
            }
        }
        judge_rates.push(n as f64 / start.elapsed().as_secs_f64());
        let k = judge_rates.len() - 1;
        ratios.push(sim_rates[k] / judge_rates[k]);
    }
    RefereeFigures {
        strokes: set.len(),
        strokes_per_s: median(judge_rates),
        simulated_per_s: median(sim_rates),
        cost_vs_simulate: median(ratios),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_workload_is_legal_and_judged() {
        let mut engine = Engine::new(novuss_core::table::Table::default(), Physics::default());
        for j in opening_strokes() {
            let judged = j.state.preview(&j.stroke, &mut engine).expect("legal");
            assert!(!judged.verdict.reasons.is_empty());
        }
        let f = time_referee(&opening_strokes(), 0.02, 2);
        assert!(f.strokes_per_s > 0.0 && f.cost_vs_simulate > 0.0);
    }
}
