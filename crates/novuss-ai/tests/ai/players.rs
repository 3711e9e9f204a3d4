//! The computer players' behaviour on positions whose best stroke is known.
//! Budgets are kept small (club and beginner levels, or single master
//! decisions) so the suite stays fast.

use novuss_ai::arena::{play_set, scattered, solo, Start};
use novuss_ai::{Level, Noise, Player};
use novuss_core::aim::{Planner, StrikerRegion};
use novuss_core::physics::{Engine, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, Opening, SetState, Side, StateError};
use novuss_core::rules::verdict::FoulKind;
use novuss_core::rules::verdict::{StrokeKind, Turn};
use novuss_core::rules::zone::is_dark;
use novuss_core::seat::Seat;
use novuss_core::table::Corner;
use novuss_core::DVec2;

/// A singles set, South to stroke, with South's discs at `south` and
/// North's at `north` (the rest pocketed), past the opening.
fn position(south: &[(f64, f64)], north: &[(f64, f64)]) -> SetState {
    try_position(south, north).expect("a valid position")
}

/// As [`position`], or the state's refusal (discs overlapping).
fn try_position(south: &[(f64, f64)], north: &[(f64, f64)]) -> Result<SetState, StateError> {
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
    SetState::from_parts(parts)
}

fn play(
    state: &SetState,
    stroke: &novuss_core::physics::stroke::Stroke,
) -> (SetState, novuss_core::rules::verdict::Verdict) {
    let mut engine = Engine::new(*state.table(), Physics::default());
    let mut next = state.clone();
    let played = next.play(stroke, &mut engine).expect("a legal stroke");
    (next, played.verdict)
}

#[test]
fn the_same_seed_gives_the_same_decisions() {
    let states = [
        SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South),
        position(
            &[(0.3, 0.6), (0.7, 0.45), (0.5, 0.85)],
            &[(0.4, 0.4), (0.6, 0.7)],
        ),
    ];
    for state in &states {
        let a = Player::new(Level::Club, 42)
            .decide(state, &Physics::default())
            .unwrap();
        let b = Player::new(Level::Club, 42)
            .decide(state, &Physics::default())
            .unwrap();
        assert!(
            !a.cut_short && !b.cut_short,
            "a run over the deadline proves nothing"
        );
        assert_eq!(a.best, b.best);
        assert_eq!(a.alternatives, b.alternatives);
        assert_eq!(a.simulations, b.simulations);
    }
}

#[test]
fn every_level_chooses_legal_strokes_through_whole_sets() {
    // An arena set drives each decision through the referee: an illegal
    // stroke would end it with an error.
    let physics = Physics::default();
    for (k, format) in [Format::Singles, Format::Doubles, Format::FourPlayer]
        .into_iter()
        .enumerate()
    {
        let r = play_set(
            Level::Greedy,
            Level::Beginner,
            format,
            ProfileId::Lnf2017,
            &physics,
            9,
            k as u64,
        )
        .expect("legal strokes all the way");
        assert!(r.strokes > 0);
    }
    for profile in ProfileId::ALL {
        let r = play_set(
            Level::Beginner,
            Level::Greedy,
            Format::Singles,
            profile,
            &physics,
            3,
            1,
        )
        .expect("legal strokes all the way");
        assert!(r.strokes > 0);
    }
}

#[test]
fn noisy_strokes_from_random_positions_are_legal() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let physics = Physics::default();
    for _ in 0..12 {
        let mut spot = || (rng.random_range(0.1..0.9), rng.random_range(0.1..0.9));
        let south: Vec<_> = (0..4).map(|_| spot()).collect();
        let north: Vec<_> = (0..4).map(|_| spot()).collect();
        let Ok(state) = try_position(&south, &north) else {
            continue; // overlapping discs: not a position
        };
        let mut player = Player::new(Level::Beginner, 1);
        let d = player.decide(&state, &physics).unwrap();
        assert!(state.check(&d.best.stroke).is_ok());
        for alt in &d.alternatives {
            assert!(state.check(&alt.stroke).is_ok());
        }
        let mut world = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let executed =
            player
                .noise()
                .execute(&state, &d.best.stroke, physics.max_stroke_speed, &mut world);
        assert!(state.check(&executed).is_ok());
    }
}

#[test]
fn pockets_an_easy_straight_disc_at_zero_noise() {
    // South's one disc 12 cm from the north-east pocket, on the diagonal.
    let state = position(&[(0.85, 0.85)], &[(0.2, 0.5), (0.3, 0.3)]);
    let d = Player::new(Level::Master, 1)
        .with_noise(Noise::NONE)
        .decide(&state, &Physics::default())
        .unwrap();
    assert!(d.best.pot_chance > 0.99, "{:?}", d.best);
    let (next, verdict) = play(&state, &d.best.stroke);
    assert!(verdict.fouls.is_empty());
    assert_eq!(next.on_table(Side::new(0)), 0);
}

#[test]
fn gets_out_of_a_position_with_only_dark_discs_with_a_legal_rebound() {
    // Both South discs in the centre circle: dark for South (`000` 2.1).
    let state = position(&[(0.5, 0.5), (0.55, 0.47)], &[(0.2, 0.8), (0.8, 0.8)]);
    let t = state.table();
    assert!(state
        .positions()
        .iter()
        .take(2)
        .all(|&p| is_dark(t, Seat::South, p)));
    let d = Player::new(Level::Club, 3)
        .with_noise(Noise::NONE)
        .decide(&state, &Physics::default())
        .unwrap();
    let (_, verdict) = play(&state, &d.best.stroke);
    assert_eq!(verdict.kind, Some(StrokeKind::Rebound), "{verdict:?}");
    assert!(verdict.fouls.is_empty(), "{verdict:?}");
}

#[test]
fn prefers_a_safe_stroke_to_a_likely_foul() {
    // One of South's three discs sits by the north-east pocket: a firm
    // full hit sends the striker after it into the pocket (a foul, `000`
    // 3.6.1; `002` 4.1). The search pockets it without that risk.
    let state = position(
        &[(0.88, 0.88), (0.3, 0.45), (0.62, 0.36)],
        &[(0.2, 0.6), (0.75, 0.6)],
    );
    let physics = Physics::default();
    // The firm straight pot from the spot on its line fouls.
    let planner = Planner::new(*state.table(), physics).unwrap();
    let disc = DVec2::new(0.88, 0.88);
    let from = StrikerRegion::new(state.table(), Seat::South, &state.positions())
        .nearest(DVec2::new(0.88 - 0.8, 0.08))
        .unwrap();
    let firm = planner.pocket(from, disc, Corner::NorthEast, 1.4).unwrap();
    let (_, verdict) = play(&state, &firm.stroke);
    assert!(
        verdict.has(FoulKind::StrikerPocketed),
        "the trap is real: {verdict:?}"
    );
    for level in [Level::Club, Level::Master] {
        let d = Player::new(level, 4).decide(&state, &physics).unwrap();
        assert!(d.best.foul_chance < 0.05, "{level}: {:?}", d.best);
    }
    let exact = Player::new(Level::Master, 4)
        .with_noise(Noise::NONE)
        .decide(&state, &physics)
        .unwrap();
    let (_, verdict) = play(&state, &exact.best.stroke);
    assert!(verdict.fouls.is_empty(), "{verdict:?}");
}

#[test]
fn the_hint_names_the_easy_pot_with_its_chances() {
    // South's last disc a hand's width in front of the north-west pocket,
    // North's discs scattered: the known best stroke pots it and wins.
    let state = position(&[(0.17, 0.83)], &[(0.5, 0.2), (0.8, 0.3), (0.45, 0.7)]);
    let easy = state.discs_on_table().next().unwrap().id;
    let d = Player::new(Level::Master, 1)
        .with_alternatives(3)
        .decide(&state, &Physics::default())
        .unwrap();
    assert!(d.best.pot_chance > 0.9, "{:?}", d.best);
    assert!(d.best.foul_chance < 0.05, "{:?}", d.best);
    let (next, verdict) = play(&state, &d.best.stroke);
    assert_eq!(verdict.pocketed, vec![easy]);
    assert_eq!(verdict.turn, Turn::SetOver);
    assert!(next.is_over());
    assert_eq!(d.alternatives.len(), 3);
    assert!(d
        .alternatives
        .iter()
        .all(|a| a.value <= d.best.value + 1e-9 || a.samples < d.best.samples));
}

#[test]
fn a_solo_run_clears_the_table() {
    let r = solo(
        Level::Club,
        Some(Noise::NONE),
        ProfileId::Lnf2017,
        &Physics::default(),
        Start::LineUp,
        1,
        0,
    )
    .unwrap();
    assert!(r.cleared);
    assert!(r.pocketed >= 8);
    assert!(r.visits >= 1 && r.strokes >= 1);
}

#[test]
fn a_scattered_start_spreads_only_the_players_own_discs() {
    use rand::SeedableRng;
    let lined = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
    let me = lined.side_to_play();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let s = scattered(&lined, &mut rng).unwrap();
    let t = *s.table();
    assert_eq!(s.on_table(me), 8);
    assert_eq!(s.side_to_play(), me);
    // The opponent's row is untouched; the own discs left their row and
    // stand apart, none over a hole.
    for (a, b) in lined.discs().iter().zip(s.discs()) {
        let (p, q) = (a.at.unwrap(), b.at.unwrap());
        if a.side == me {
            assert_ne!(p, q);
            assert!(t.pocket_at(q).is_none());
        } else {
            assert_eq!(p, q);
        }
    }
    // (The opponent's row stands touching, as lined up.)
    for (i, a) in s.discs().iter().enumerate() {
        for b in &s.discs()[i + 1..] {
            if a.side == me || b.side == me {
                assert!(a.at.unwrap().distance(b.at.unwrap()) >= 2.0 * t.disc.radius);
            }
        }
    }
    // Spread over the table, not bunched by the row: the own discs' mean
    // depth is far from the north cushion they were lined up against.
    let mean_y: f64 = s
        .discs()
        .iter()
        .filter(|d| d.side == me)
        .map(|d| d.at.unwrap().y)
        .sum::<f64>()
        / 8.0;
    assert!(mean_y < 0.85, "{mean_y}");
    // A zero-noise club player clears such a table.
    let r = solo(
        Level::Club,
        Some(Noise::NONE),
        ProfileId::Lnf2017,
        &Physics::default(),
        Start::Scattered,
        3,
        0,
    )
    .unwrap();
    assert!(r.cleared && r.pocketed >= 8);
}

#[test]
fn a_set_over_gets_an_error_not_a_stroke() {
    let mut state = position(&[(0.85, 0.85)], &[(0.2, 0.5)]);
    let d = Player::new(Level::Master, 1)
        .with_noise(Noise::NONE)
        .decide(&state, &Physics::default())
        .unwrap();
    let mut engine = Engine::new(*state.table(), Physics::default());
    let played = state.play(&d.best.stroke, &mut engine).unwrap();
    assert_eq!(played.verdict.turn, Turn::SetOver);
    assert_eq!(
        Player::new(Level::Club, 1).decide(&state, &Physics::default()),
        Err(novuss_ai::AiError::SetOver)
    );
}

#[test]
fn every_stroke_offered_can_be_played_as_meant() {
    // A hint is played as shown (the browser's "use it", analysis's "play
    // it out"), without the hand's noise and its clamping: the best stroke
    // and every alternative must pass the referee's checks, speed included,
    // in positions along a set.
    let physics = Physics::default();
    let mut state = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
    let mut engine = novuss_core::physics::Engine::new(*state.table(), physics);
    for k in 0..8 {
        let d = Player::new(Level::Master, k)
            .with_alternatives(3)
            .decide(&state, &physics)
            .unwrap();
        for c in std::iter::once(&d.best).chain(&d.alternatives) {
            assert!(
                c.stroke.speed <= physics.max_stroke_speed,
                "position {k}: {} m/s",
                c.stroke.speed
            );
            state
                .preview(&c.stroke, &mut engine)
                .unwrap_or_else(|e| panic!("position {k}: {e}"));
        }
        let next = Player::new(Level::Greedy, k)
            .decide(&state, &physics)
            .unwrap();
        state.play(&next.best.stroke, &mut engine).unwrap();
        if state.is_over() {
            break;
        }
    }
}

#[test]
fn looks_a_stroke_further_than_the_quick_eye() {
    // Two South discs, each a hand's width from its own pocket. A plain pot
    // of the first keeps the turn and leaves the second easy, so the set is
    // won in two strokes. The quick eye alone believes only part of that
    // (it blends in the finish at 0.8 of its chance); the look-ahead plays
    // the next stroke from where the discs stopped and finds the win.
    use novuss_ai::ahead::rerank;
    use novuss_ai::candidates::Candidate;
    use novuss_ai::search::{Scored, Tally, Trial};
    use novuss_ai::value::{Valuer, SET};
    use novuss_ai::view::Plan;
    let state = position(
        &[(0.85, 0.85), (0.17, 0.83)],
        &[(0.5, 0.2), (0.8, 0.3), (0.45, 0.7)],
    );
    let physics = Physics::default();
    let planner = Planner::new(*state.table(), physics).unwrap();
    let from = StrikerRegion::new(state.table(), Seat::South, &state.positions())
        .nearest(DVec2::new(0.85 - 0.75, 0.08))
        .unwrap();
    let pot = planner
        .pocket(from, DVec2::new(0.85, 0.85), Corner::NorthEast, 0.8)
        .unwrap();
    let (next, verdict) = play(&state, &pot.stroke);
    assert_eq!(verdict.turn, Turn::Continues, "{verdict:?}");
    assert_eq!(next.on_table(Side::new(0)), 1, "one disc left");
    let valuer = Valuer {
        physics,
        own: Noise::NONE,
        others: Noise::NONE,
        turn: Level::Master.settings().turn_value,
        alone: false,
        banks: true,
        leave: true,
    };
    let mut engine = Engine::new(*state.table(), physics);
    let mut trial = Trial::new(&state, &mut engine, valuer);
    let screen = trial.run(&pot.stroke, None).unwrap();
    assert!(screen.keep && screen.pot);
    assert!(
        screen.value < SET - 1.0,
        "the eye alone does not see the win: {screen:?}"
    );
    let mut finalists = [Scored {
        candidate: Candidate {
            stroke: pot.stroke,
            plan: Plan::Direct,
            disc: None,
            corner: Some(Corner::NorthEast),
            chance: None,
        },
        screen,
        tally: Tally::default(),
        ahead: None,
    }];
    let cut_short = rerank(&mut trial, &mut finalists, &Noise::NONE, 12, 1, None);
    assert!(!cut_short);
    assert_eq!(finalists[0].ahead, Some(SET), "{:?}", finalists[0]);
    assert_eq!(finalists[0].value(), SET);
}
