//! What the study examples share: a dense grid of strokes, and noisy
//! plays of a stroke with draws numbered from a base.
// Each example uses only part of it.
#![allow(dead_code)]
use novuss_ai::search::Trial;
use novuss_ai::value::Sample;
use novuss_ai::Noise;
use novuss_core::aim::{AimRange, StrikerRegion};
use novuss_core::physics::stroke::Stroke;
use novuss_core::rules::set::SetState;
use novuss_core::seat::Seat;
use novuss_core::DVec2;
use rand::SeedableRng;

/// Plays `s` `n` times under `noise`, play `k` with draws seeded
/// `base + k`, and hands each play the referee accepts to `each`, with the
/// set as it left it.
pub fn sampled(
    trial: &mut Trial<'_>,
    s: &Stroke,
    noise: &Noise,
    n: u64,
    base: u64,
    mut each: impl FnMut(Sample, &SetState),
) {
    for k in 0..n {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(base + k);
        if let Some(sample) = trial.run(s, Some((noise, &mut rng))) {
            if let Some(after) = trial.after() {
                each(sample, after);
            }
        }
    }
}

/// The strokes of a dense grid that keep the turn played as meant in
/// `trial`'s position: 40 spots along the zone at four depths, 300
/// directions over each spot's aim range, and each of `speeds`.
pub fn keepers(trial: &mut Trial<'_>, speeds: &[f64]) -> Vec<Stroke> {
    let state = trial.state().clone();
    let seat = state.seat_to_play();
    let region = StrikerRegion::new(state.table(), seat, &state.positions());
    let mut good = vec![];
    for &depth in &[0.04, 0.08, 0.12, 0.16] {
        for i in 0..40 {
            let x = 0.12 + 0.76 * i as f64 / 39.0;
            let y = if seat == Seat::South {
                depth
            } else {
                state.table().size - depth
            };
            let Some(from) = region.nearest(DVec2::new(x, y)) else {
                continue;
            };
            let Some(range) = AimRange::new(state.table(), seat, from) else {
                continue;
            };
            for j in 0..300 {
                let a = range.lo() + (range.hi() - range.lo()) * (j as f64 + 0.5) / 300.0;
                for &speed in speeds {
                    let stroke = Stroke {
                        striker: from,
                        direction: range.direction_at(a),
                        speed,
                    };
                    if trial.run(&stroke, None).is_some_and(|s| s.keep) {
                        good.push(stroke);
                    }
                }
            }
        }
    }
    good
}
