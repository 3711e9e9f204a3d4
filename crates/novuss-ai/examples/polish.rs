//! Does the polish choose better strokes? On 80 positions (40 tables with
//! the own discs scattered at random, 40 from 0 to 3 strokes into club
//! solo runs from the line-up), the master's search runs with and without
//! its polish, and where the two choose differently both strokes are
//! sampled 1,000 times under the level's noise with fresh draws, the same for
//! both. `cargo run --release -p novuss-ai --example polish` (`ALONE=1`:
//! valued as by a player alone, as in `novuss solo`; `LEVEL=expert`: the
//! expert's search and hand instead of the master's).
use novuss_ai::arena::scattered;
use novuss_ai::candidates::generate;
use novuss_ai::find::search;
use novuss_ai::search::Trial;
use novuss_ai::value::Valuer;
use novuss_ai::view::View;
use novuss_ai::{Level, Noise, Player};
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SetState};
use novuss_core::rules::verdict::Turn;
use novuss_core::seat::Seat;
use rand::SeedableRng;

mod support;

/// The mean value and keep rate of `n` plays of `s` under `hand` with
/// fresh draws.
fn fresh(trial: &mut Trial<'_>, s: &Stroke, hand: &Noise, n: u64) -> (f64, f64) {
    let (mut value, mut keeps) = (0.0, 0.0);
    support::sampled(trial, s, hand, n, 1 << 44, |x, _| {
        value += x.value;
        keeps += f64::from(u8::from(x.keep));
    });
    (value / n as f64, keeps / n as f64)
}

/// The test positions.
fn positions(physics: &Physics) -> Vec<SetState> {
    let mut states = vec![];
    for seed in 0..40u64 {
        let lined = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        states.push(scattered(&lined, &mut rng).expect("a valid table"));
        let mut club = Player::new(Level::Club, seed)
            .alone()
            .with_noise(Noise::PRO);
        let mut state = lined;
        let mut engine = Engine::new(*state.table(), *physics);
        let mut world = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 9);
        for _ in 0..seed % 4 {
            let d = club.decide(&state, physics).expect("a decision");
            let stroke =
                club.noise()
                    .execute(&state, &d.best.stroke, physics.max_stroke_speed, &mut world);
            let played = state.play(&stroke, &mut engine).expect("legal");
            if state.is_over() {
                break;
            }
            if !matches!(played.verdict.turn, Turn::Continues) {
                state = state.next_visit(novuss_core::SeatIndex(0)).expect("valid");
            }
        }
        if !state.is_over() {
            states.push(state);
        }
    }
    states
}

fn main() {
    let alone = std::env::var("ALONE").is_ok();
    let physics = Physics::default();
    let level: Level =
        std::env::var("LEVEL").map_or(Level::Master, |s| s.parse().expect("a level"));
    let settings = level.settings();
    let hand = settings.noise;
    let mut unpolished = settings.budget;
    unpolished.polish = 0;
    let states = positions(&physics);
    let (mut value, mut keep, mut moved) = (0.0, 0.0, 0);
    for (i, state) in states.iter().enumerate() {
        let valuer = Valuer {
            physics,
            own: hand,
            others: hand,
            turn: settings.turn_value,
            alone,
            banks: true,
            leave: true,
        };
        let view = View::new(state, &physics).expect("a view");
        let candidates = generate(&view, &hand, &settings.breadth);
        let mut engine = Engine::new(*state.table(), physics);
        let mut trial = Trial::new(state, &mut engine, valuer);
        let seed = i as u64;
        let with = search(
            &mut trial,
            candidates.clone(),
            &Noise::PRO,
            &settings.budget,
            seed,
            None,
        );
        let without = search(&mut trial, candidates, &Noise::PRO, &unpolished, seed, None);
        let (a, b) = (
            with.ranked[0].candidate.stroke,
            without.ranked[0].candidate.stroke,
        );
        if a == b {
            continue;
        }
        moved += 1;
        let (va, ka) = fresh(&mut trial, &a, &hand, 1000);
        let (vb, kb) = fresh(&mut trial, &b, &hand, 1000);
        value += va - vb;
        keep += ka - kb;
        println!("{i:3}: polished {va:7.3} (keeps {ka:.3}), unpolished {vb:7.3} (keeps {kb:.3})");
    }
    let n = states.len() as f64;
    println!(
        "{} positions; the polish moved the choice in {moved}; gain a decision over all positions: \
         value {:.3} discs, keep rate {:+.4}",
        states.len(),
        value / n,
        keep / n
    );
}
