//! What the study examples share: a dense grid of strokes.
use novuss_ai::search::Trial;
use novuss_core::aim::{AimRange, StrikerRegion};
use novuss_core::seat::Seat;
use novuss_core::stroke::Stroke;
use novuss_core::DVec2;

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
