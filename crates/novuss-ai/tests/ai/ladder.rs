//! The ladder's levels differ in what they do, not only in their numbers:
//! the newcomer's blind spots show in the strokes it considers, the value
//! it gives a position and the hand it strikes with, and the top of the
//! ladder beats the bottom.

use novuss_ai::arena::play_set;
use novuss_ai::candidates::generate;
use novuss_ai::value::Valuer;
use novuss_ai::view::{Plan, View};
use novuss_ai::{Level, Noise};
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::Physics;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, Opening, SetState, Side};
use novuss_core::rules::zone::is_dark;
use novuss_core::seat::Seat;
use novuss_core::table::Table;
use novuss_core::DVec2;
use rand::SeedableRng;

/// A singles set past the opening, South to stroke, with South's discs at
/// `south` and North's at `north` (the rest pocketed).
fn position(south: &[(f64, f64)], north: &[(f64, f64)]) -> SetState {
    let mut parts = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South).to_parts();
    let (mut s, mut n) = (south.iter(), north.iter());
    for d in &mut parts.discs {
        let next = if d.side == Side::new(0) {
            s.next()
        } else {
            n.next()
        };
        d.at = next.map(|&(x, y)| DVec2::new(x, y));
    }
    parts.opening = Opening::Over;
    parts.strokes = 10;
    SetState::from_parts(parts).expect("a valid position")
}

fn has_cushion_plans(level: Level, state: &SetState) -> bool {
    let physics = Physics::default();
    let view = View::new(state, &physics).unwrap();
    let s = level.settings();
    generate(&view, &s.noise, &s.breadth)
        .iter()
        .any(|c| matches!(c.plan, Plan::Bank { .. } | Plan::DiscBank { .. }))
}

#[test]
fn the_newcomers_plan_no_stroke_off_a_cushion() {
    // South's discs in the centre circle are dark (`000` 2.1): only a
    // rebound reaches them (`000` 2.5.1). A club player plans rebounds;
    // the novice and the beginner do not see them (their fan may still
    // find one by trying).
    let state = position(&[(0.5, 0.5), (0.55, 0.47)], &[(0.2, 0.8), (0.8, 0.8)]);
    let t = state.table();
    assert!(state
        .positions()
        .iter()
        .take(2)
        .all(|&p| is_dark(t, Seat::South, p)));
    assert!(has_cushion_plans(Level::Club, &state));
    assert!(has_cushion_plans(Level::Amateur, &state));
    assert!(!has_cushion_plans(Level::Novice, &state));
    assert!(!has_cushion_plans(Level::Beginner, &state));
}

#[test]
fn a_player_who_ignores_the_leave_values_every_passed_turn_alike() {
    // North has just missed and South is to stroke: in one position
    // South's last disc waits by a pocket, in the other it is pressed
    // against the far cushion, where no straight pot falls. The race is
    // the same.
    let north = [(0.3, 0.4), (0.7, 0.3)];
    let open = position(&[(0.85, 0.85)], &north);
    let shut = position(&[(0.5, 0.975)], &north);
    let valuer = |leave: bool| Valuer {
        physics: Physics::default(),
        own: Noise::CLUB,
        others: Noise::CLUB,
        turn: 1.5,
        alone: false,
        banks: true,
        leave,
    };
    let me = Side::new(1);
    let careful = valuer(true);
    assert!(
        careful.position(me, &open) < careful.position(me, &shut) - 1.0,
        "an easy disc left to the opponent costs"
    );
    let careless = valuer(false);
    assert_eq!(careless.position(me, &open), careless.position(me, &shut));
    // The levels that play that way.
    assert!(!Level::Novice.settings().leave && !Level::Amateur.settings().leave);
    assert!(Level::Club.settings().leave && Level::Master.settings().leave);
}

#[test]
fn the_novice_strikes_softer_than_it_means_and_does_not_know_it() {
    let table = Table::default();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let meant = Stroke {
        striker: DVec2::new(0.5, 0.07),
        direction: DVec2::new(0.0, 1.0),
        speed: 3.0,
    };
    let hand = Level::Novice.settings().noise;
    let n = 20_000;
    let mean: f64 = (0..n)
        .map(|_| {
            hand.perturb(&table, Seat::South, &[], &meant, 8.0, &mut rng)
                .speed
                / meant.speed
        })
        .sum::<f64>()
        / f64::from(n);
    assert!((mean - 0.95).abs() < 0.005, "{mean}");
    // Its search samples a steadier hand than its own, without the bias.
    let believed = hand.as_believed(Level::Novice.settings().believed);
    assert_eq!(believed.speed_bias_pct, 0.0);
    assert!(believed.direction_deg < hand.direction_deg);
}

#[test]
fn the_top_of_the_ladder_beats_the_bottom() {
    let physics = Physics::default();
    let (bottom, top) = (Level::LADDER[0], Level::LADDER[Level::LADDER.len() - 1]);
    let sets = 4;
    let won = (0..sets)
        .filter(|&n| {
            let r = play_set(
                top,
                bottom,
                Format::Singles,
                ProfileId::Lnf2017,
                &physics,
                5,
                n,
            )
            .expect("legal strokes all the way");
            r.score == 1
        })
        .count();
    assert!(won >= 3, "{top} won {won} of {sets} against {bottom}");
}
