//! Prints one solo run stroke by stroke: what the player meant, what it
//! expected, and what the referee said. `cargo run --release -p novuss-ai
//! --example trace -- [level] [seed] [noise]`.
use novuss_ai::{Level, NoiseName, Player};
use novuss_core::physics::{Engine, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SetState};
use novuss_core::rules::verdict::{English, Turn, Words};
use novuss_core::seat::Seat;
use rand::SeedableRng;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let level: Level = args
        .get(1)
        .map_or("master", |s| s)
        .parse()
        .expect("a level");
    let seed: u64 = args.get(2).map_or(1, |s| s.parse().expect("a seed"));
    let noise: Option<NoiseName> = args.get(3).map(|s| s.parse().expect("a noise"));
    let physics = Physics::default();
    let mut player = Player::new(level, seed).alone();
    if let Some(n) = noise {
        player = player.with_noise(n.noise());
    }
    let mut world = rand_chacha::ChaCha8Rng::seed_from_u64(seed ^ 3);
    let first = if args.get(4).is_some_and(|s| s == "north") {
        Seat::North
    } else {
        Seat::South
    };
    let mut state = SetState::new(ProfileId::Lnf2017, Format::Singles, first);
    let me = state.side_to_play();
    let mut engine = Engine::new(*state.table(), physics);
    for k in 0..60 {
        if state.on_table(me) == 0 || state.is_over() {
            break;
        }
        let d = player.decide(&state, &physics).expect("a decision");
        let b = &d.best;
        let stroke =
            player
                .noise()
                .execute(&state, &b.stroke, physics.max_stroke_speed, &mut world);
        let played = state.play(&stroke, &mut engine).expect("legal");
        if std::env::var("TRACE_POS").is_ok() {
            let own: Vec<String> = state
                .discs_on_table()
                .filter(|d| d.side == me)
                .map(|d| format!("({:.3},{:.3})", d.at.unwrap().x, d.at.unwrap().y))
                .collect();
            println!("   own: {}", own.join(" "));
        }
        println!(
            "{k:2} {:?} disc {:?} {:?} v={:.2} pot {:.2} foul {:.2} keep {:.2} n={} speed {:.2} | {} on table | {}",
            b.plan,
            b.disc.map(|d| d.0),
            b.corner,
            b.value,
            b.pot_chance,
            b.foul_chance,
            b.keep_chance,
            b.samples,
            b.stroke.speed,
            state.on_table(me),
            played
                .verdict
                .reasons
                .iter()
                .map(|r| English.reason(r))
                .collect::<Vec<_>>()
                .join(" / ")
        );
        if !matches!(played.verdict.turn, Turn::Continues) && !state.is_over() {
            state = state.next_visit(novuss_core::SeatIndex(0)).expect("valid");
        }
    }
}
