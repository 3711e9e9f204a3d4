//! How good can a stroke be? In a position `at` strokes into a solo run of
//! the master (seed `seed`, as `trace` plays it), the master's choice and
//! its alternatives, then a dense grid of strokes played as meant; those
//! that keep the turn are sampled 30 times under `pro` noise, and the best
//! 40 of them again 1,000 times with fresh draws, as is the master's
//! choice, so that neither figure is the luckiest of many estimates.
//! `cargo run --release -p novuss-ai --example grid -- [seed] [at]`;
//! `NOGRID=1` skips the grid.
use novuss_ai::search::Trial;
use novuss_ai::value::Valuer;
use novuss_ai::{Level, Noise, Player};
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SetState};
use novuss_core::rules::verdict::Turn;
use novuss_core::seat::Seat;
use rand::SeedableRng;

mod support;

/// The share of `n` noisy plays of `s` that keep the turn, with draws from
/// `base` on.
fn keep_rate(trial: &mut Trial<'_>, s: &Stroke, n: u64, base: u64) -> f64 {
    let mut keeps = 0;
    support::sampled(trial, s, &Noise::PRO, n, base, |x, _| {
        keeps += usize::from(x.keep)
    });
    keeps as f64 / n as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).map_or(1, |s| s.parse().expect("a seed"));
    let at: usize = args.get(2).map_or(0, |s| s.parse().expect("a count"));
    let physics = Physics::default();
    let mut player = Player::new(Level::Master, seed)
        .alone()
        .with_alternatives(6);
    let mut world = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 3);
    let mut state = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
    let mut engine = Engine::new(*state.table(), physics);
    for _ in 0..at {
        let d = player.decide(&state, &physics).expect("a decision");
        let stroke =
            player
                .noise()
                .execute(&state, &d.best.stroke, physics.max_stroke_speed, &mut world);
        let played = state.play(&stroke, &mut engine).expect("legal");
        if state.is_over() {
            println!("the run ended before stroke {at}");
            return;
        }
        if !matches!(played.verdict.turn, Turn::Continues) {
            // As `novuss solo`: the same player goes on, nobody replies.
            state = state.next_visit(novuss_core::SeatIndex(0)).expect("valid");
        }
    }
    let me = state.side_to_play();
    let own: Vec<String> = state
        .discs_on_table()
        .filter(|d| d.side == me)
        .filter_map(|d| d.at)
        .map(|p| format!("({:.3},{:.3})", p.x, p.y))
        .collect();
    println!("own discs: {}", own.join(" "));
    let d = player.decide(&state, &physics).expect("a decision");
    println!(
        "master: {} simulations in {:.0?}; value, chances of pot, keep, foul:",
        d.simulations, d.elapsed
    );
    for c in std::iter::once(&d.best).chain(&d.alternatives) {
        println!(
            "  {:6.2}  {:.2} {:.2} {:.2}  {:5} samples  {:.2} m/s  {:?}",
            c.value, c.pot_chance, c.keep_chance, c.foul_chance, c.samples, c.stroke.speed, c.plan
        );
    }
    let valuer = Valuer {
        physics,
        own: Noise::PRO,
        others: Noise::PRO,
        turn: Level::Master.settings().turn_value,
        alone: true,
        banks: true,
        leave: true,
    };
    let mut engine = Engine::new(*state.table(), physics);
    let mut trial = Trial::new(&state, &mut engine, valuer);
    let fresh = 1 << 40;
    println!(
        "the master's choice keeps the turn in {:.3} of 1,000 fresh samples",
        keep_rate(&mut trial, &d.best.stroke, 1000, fresh)
    );
    if std::env::var("NOGRID").is_ok() {
        return;
    }
    let good = support::keepers(&mut trial, &[1.5, 2.0, 2.5, 3.0, 3.5, 4.5, 6.0]);
    println!("{} grid strokes keep the turn played as meant", good.len());
    let mut best: Vec<(f64, Stroke)> = good
        .iter()
        .map(|s| (keep_rate(&mut trial, s, 30, 0), *s))
        .collect();
    best.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut fin: Vec<(f64, Stroke)> = best
        .iter()
        .take(40)
        .map(|(_, s)| (keep_rate(&mut trial, s, 1000, fresh), *s))
        .collect();
    fin.sort_by(|a, b| b.0.total_cmp(&a.0));
    for (k, s) in fin.iter().take(5) {
        println!("grid: keeps {k:.3} of 1,000  {s:?}");
    }
}
