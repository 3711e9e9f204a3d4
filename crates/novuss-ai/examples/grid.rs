//! How good can a stroke be? A dense grid of strokes from the opening,
//! each sampled under `pro` noise: the best keep-the-turn rate found.
//! `cargo run --release -p novuss-ai --example grid`.
use novuss_ai::search::Trial;
use novuss_ai::value::Valuer;
use novuss_ai::Noise;
use novuss_core::aim::{AimRange, StrikerRegion};
use novuss_core::physics::{Engine, Physics};
use novuss_core::profile::ProfileId;
use novuss_core::seat::Seat;
use novuss_core::set::{Format, SetState};
use novuss_core::stroke::Stroke;
use novuss_core::DVec2;
use rand::SeedableRng;

fn main() {
    let physics = Physics::default();
    let state = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
    let mut engine = Engine::new(*state.table(), physics);
    let valuer = Valuer {
        physics,
        own: Noise::PRO,
        others: Noise::PRO,
        turn: 3.0,
        alone: false,
    };
    let mut trial = Trial::new(&state, &mut engine, valuer);
    let region = StrikerRegion::new(state.table(), Seat::South, &state.positions());
    let mut good = vec![];
    for i in 0..40 {
        let x = 0.14 + 0.72 * i as f64 / 39.0;
        let Some(from) = region.nearest(DVec2::new(x, 0.07)) else {
            continue;
        };
        let Some(range) = AimRange::new(state.table(), Seat::South, from) else {
            continue;
        };
        for j in 0..400 {
            let a = range.lo() + (range.hi() - range.lo()) * (j as f64 + 0.5) / 400.0;
            for &speed in &[1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0] {
                let stroke = Stroke {
                    striker: from,
                    direction: range.direction_at(a),
                    speed,
                };
                if let Some(s) = trial.run(&stroke, None) {
                    if s.keep {
                        good.push(stroke);
                    }
                }
            }
        }
    }
    println!("{} noiseless strokes keep the turn", good.len());
    let mut best: Vec<(f64, Stroke)> = vec![];
    for stroke in good.iter() {
        let mut keeps = 0;
        for k in 0..60u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(k);
            if trial
                .run(stroke, Some((&Noise::PRO, &mut rng)))
                .is_some_and(|s| s.keep)
            {
                keeps += 1;
            }
        }
        best.push((keeps as f64 / 60.0, *stroke));
    }
    best.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (k, s) in best.iter().take(8) {
        println!("{k:.2} {:?}", s);
    }
}
