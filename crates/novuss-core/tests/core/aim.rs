//! The `aim` module against the real engine: every plan is played through
//! `Engine::simulate` and must do what it promises, and the placement and
//! aim ranges must agree with the referee's checks in `zone`.

use std::f64::consts::{FRAC_PI_2, PI};

use novuss_core::aim::{
    aim_allowed, arrival_speed, cushion_ahead, launch_speed, stopping_distance, AimRange, Impact,
    Planner, Shot, ShotError, StrikerRegion, PLACEMENT_MARGIN,
};
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Body, Engine, Event, EventKind, Fate, Outcome, Physics};
use novuss_core::rules::zone::{check_aim, check_striker_placement, SeatFrame};
use novuss_core::seat::Seat;
use novuss_core::table::{Corner, Cushion, Table};
use novuss_core::DVec2;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

fn planner() -> Planner {
    Planner::new(Table::default(), Physics::default()).expect("default parameters")
}

fn play(discs: &[DVec2], stroke: &Stroke) -> Outcome {
    let out = Engine::new(Table::default(), Physics::default())
        .simulate(discs, stroke)
        .unwrap_or_else(|e| panic!("stroke refused: {e}: {stroke:?}"));
    assert!(!out.truncated);
    out
}

fn pocketed_in(out: &Outcome, disc: usize) -> Option<Corner> {
    match out.disc(disc) {
        Fate::Pocketed { pocket, .. } => Some(*pocket),
        _ => None,
    }
}

/// The first contact event of the stroke between the striker and a disc.
fn first_striker_contact(out: &Outcome) -> Option<(f64, usize, f64)> {
    out.events.iter().find_map(|e| match e.kind {
        EventKind::Contact {
            a: Body::Striker,
            b: Body::Disc(i),
            speed,
        } => Some((e.t, i, speed)),
        _ => None,
    })
}

/// What happened to disc 0 after the striker first struck it, as far as
/// the plan can know: its own events up to the next contact with anything.
/// `None` if another contact disturbed it first (typically the striker,
/// back from a cushion after a thin, fast cut: physics, not the plan).
fn undisturbed_disc_events(out: &Outcome) -> Option<Vec<Event>> {
    let (tc, _, _) = first_striker_contact(out)?;
    let mut own = Vec::new();
    for e in out.events.iter().filter(|e| e.t > tc) {
        match e.kind {
            EventKind::Contact { a, b, .. } if a == Body::Disc(0) || b == Body::Disc(0) => {
                return None
            }
            EventKind::Cushion { body, .. }
            | EventKind::Pocket { body, .. }
            | EventKind::JumpedPocket { body, .. }
            | EventKind::OffTable { body, .. }
            | EventKind::Stop { body, .. }
                if body == Body::Disc(0) =>
            {
                own.push(*e)
            }
            _ => {}
        }
    }
    Some(own)
}

/// The first event the striker takes part in.
/// A striker that jumps a pocket goes on unchanged, so that is not an event
/// of its path here.
fn first_striker_event(out: &Outcome) -> Option<&Event> {
    out.events.iter().find(|e| match e.kind {
        EventKind::Contact { a, b, .. } => a == Body::Striker || b == Body::Striker,
        EventKind::JumpedPocket { .. } => false,
        EventKind::Cushion { body, .. }
        | EventKind::Pocket { body, .. }
        | EventKind::OffTable { body, .. }
        | EventKind::Stop { body, .. } => body == Body::Striker,
    })
}

/// The velocity a body leaves instant `t` with: its last segment starting
/// at or before `t`.
fn velocity_after(out: &Outcome, body: Body, t: f64) -> DVec2 {
    let path = &out.paths[body.index()];
    let k = path.partition_point(|s| s.t <= t).max(1) - 1;
    path[k].velocity(t)
}

/// The velocity a body arrives at instant `t` with.
fn velocity_before(out: &Outcome, body: Body, t: f64) -> DVec2 {
    let path = &out.paths[body.index()];
    let k = path.partition_point(|s| s.t < t).max(1) - 1;
    path[k].velocity(t)
}

#[track_caller]
fn assert_near(a: DVec2, b: DVec2, tol: f64) {
    assert!((a - b).length() <= tol, "{a:?} vs {b:?} (tolerance {tol})");
}

/// A random legal striker position of `seat` with no discs in the way.
fn random_spot(rng: &mut ChaCha8Rng, table: &Table, seat: Seat) -> DVec2 {
    let region = StrikerRegion::new(table, seat, &[]);
    let (a, d) = (region.along(), region.depth());
    let f = region.frame();
    f.world(
        rng.random_range(a.lo + 1e-6..a.hi - 1e-6),
        rng.random_range(d.lo + 1e-6..d.hi - 1e-6),
    )
}

// ---- speeds ----------------------------------------------------------------

/// `v₀² = v² + 2 μ g d`: a striker launched for `d` stops `d` further on.
#[test]
fn a_launch_speed_for_a_distance_stops_the_striker_there() {
    let p = Physics::default();
    for (from, dir) in [
        (v(0.5, 0.05), v(0.0, 1.0)),
        (v(0.2, 0.1), v(1.0, 1.0)),
        (v(0.8, 0.03), v(-0.3, 1.0)),
    ] {
        for d in [0.01, 0.1, 0.25, 0.5, 0.7] {
            let speed = launch_speed(&p, d, 0.0).expect("a speed");
            let out = play(
                &[],
                &Stroke {
                    striker: from,
                    direction: dir,
                    speed,
                },
            );
            let at = out.striker().on_table().expect("on the table");
            let want = from + dir.normalize() * d;
            assert_near(at, want, 1e-3);
            // In fact to rounding.
            assert_near(at, want, 1e-12);
            assert!((stopping_distance(&p, speed).unwrap() - d).abs() < 1e-12);
        }
    }
}

/// A body launched for `d` arriving at `v` meets a disc there at `v`: the
/// engine's closing speed at the contact.
#[test]
fn a_launch_speed_arrives_at_the_speed_asked_for() {
    let (t, p) = (Table::default(), Physics::default());
    let from = v(0.5, 0.05);
    let disc = v(0.5, 0.6);
    let gap = (disc - from).length() - t.striker.radius - t.disc.radius;
    for arrive in [0.05, 0.5, 2.0] {
        let speed = launch_speed(&p, gap, arrive).unwrap();
        assert!((arrival_speed(&p, speed, gap).unwrap() - arrive).abs() < 1e-12);
        let out = play(
            &[disc],
            &Stroke {
                striker: from,
                direction: disc - from,
                speed,
            },
        );
        let (_, i, closing) = first_striker_contact(&out).expect("a contact");
        assert_eq!(i, 0);
        assert!((closing - arrive).abs() < 1e-9, "{closing} vs {arrive}");
    }
}

/// The impulse law, head-on and cut, against the engine's velocities after
/// the contact; and its inverse.
#[test]
fn the_impulse_law_gives_the_engines_speeds_and_its_inverse_the_stroke() {
    let (t, p) = (Table::default(), Physics::default());
    let law = Impact::striker_on_disc(&t, &p).unwrap();
    let planner = planner();
    let disc = v(0.5, 0.55);
    for (from, target) in [
        (v(0.5, 0.05), v(0.5, 0.9)),     // head-on
        (v(0.3, 0.08), v(0.065, 0.935)), // a cut to the north-west pocket
        (v(0.75, 0.1), v(0.2, 0.9)),     // a thinner one
    ] {
        let cut = planner.cut(from, disc, target).unwrap();
        for contact_speed in [0.4, 1.5] {
            let speed = launch_speed(&p, cut.distance, contact_speed).unwrap();
            let out = play(
                &[disc],
                &Stroke {
                    striker: from,
                    direction: cut.direction,
                    speed,
                },
            );
            let (tc, _, _) = first_striker_contact(&out).unwrap();
            let vd = velocity_after(&out, Body::Disc(0), tc);
            let want = law.struck_speed(contact_speed, cut.angle).unwrap();
            assert!(
                (vd.length() - want).abs() < 1e-9,
                "{} vs {want}",
                vd.length()
            );
            assert_near(vd.normalize(), cut.disc_direction, 1e-9);
            let back = law.speed_for(vd.length(), cut.angle).unwrap();
            assert!((back - contact_speed).abs() < 1e-9);
        }
    }
}

// ---- straight hits and cuts --------------------------------------------------

/// Many straight hits and cuts, from every seat, into every pocket: the
/// striker meets the disc exactly at the planned contact point, the disc
/// leaves with the planned velocity and, unless something strikes it again
/// on its way, falls in the corner aimed at.
#[test]
fn planned_hits_and_cuts_pocket_the_disc_from_every_seat() {
    let table = Table::default();
    let planner = planner();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut played, mut thin, mut straight, mut disturbed) = (0, 0, 0, 0);
    for _ in 0..1000 {
        let seat = Seat::ALL[rng.random_range(0..4)];
        let from = random_spot(&mut rng, &table, seat);
        let disc = v(rng.random_range(0.2..0.8), rng.random_range(0.2..0.8));
        let corner = Corner::ALL[rng.random_range(0..4)];
        let arrive = rng.random_range(0.0..1.5);
        let Ok(shot) = planner.pocket(from, disc, corner, arrive) else {
            continue;
        };
        let out = play(&[disc], &shot.stroke);
        let (tc, _, _) = first_striker_contact(&out).unwrap();
        assert_near(out.position_at(Body::Striker, tc), shot.contact, 1e-9);
        assert_near(
            velocity_after(&out, Body::Disc(0), tc),
            shot.disc_direction * shot.disc_speed,
            1e-9,
        );
        played += 1;
        let Some(events) = undisturbed_disc_events(&out) else {
            disturbed += 1;
            continue;
        };
        assert!(
            matches!(events.first().map(|e| e.kind), Some(EventKind::Pocket { pocket, .. }) if pocket == corner),
            "{seat:?} {from:?} {disc:?} {corner:?}: {shot:?}\n{events:?}"
        );
        assert_eq!(pocketed_in(&out, 0), Some(corner));
        if shot.cut > 40f64.to_radians() {
            thin += 1;
        }
        if shot.cut < 10f64.to_radians() {
            straight += 1;
        }
    }
    assert!(played >= 300, "only {played} shots planned");
    assert!(
        disturbed * 10 < played,
        "{disturbed} of {played} struck again"
    );
    assert!(
        thin >= 20 && straight >= 20,
        "{thin} thin cuts, {straight} straight"
    );
}

/// A straight hit by name: the disc in line with the striker and the
/// pocket, cut angle 0, the disc arriving at the pocket's centre at rest.
#[test]
fn a_head_on_hit_stops_the_disc_on_the_pocket_centre() {
    let t = Table::default();
    let planner = planner();
    let pocket = t.pocket_centre(Corner::NorthEast);
    let from = v(0.3, 0.1);
    let disc = from + (pocket - from) * 0.5;
    let shot = planner.pocket(from, disc, Corner::NorthEast, 0.0).unwrap();
    assert!(shot.cut < 1e-12);
    assert_near(shot.stroke.direction, (pocket - from).normalize(), 1e-12);
    let out = play(&[disc], &shot.stroke);
    assert_eq!(pocketed_in(&out, 0), Some(Corner::NorthEast));
    // The same aim at a point on the table stops the disc there.
    let target = disc + (pocket - from).normalize() * 0.2;
    let shot = planner.direct(from, disc, target, 0.0).unwrap();
    let out = play(&[disc], &shot.stroke);
    assert_near(out.disc(0).on_table().unwrap(), target, 1e-9);
}

/// The planner refuses what cannot be done, and says why.
#[test]
fn impossible_shots_are_refused_with_a_reason() {
    let t = Table::default();
    let planner = planner();
    let from = v(0.5, 0.05);
    let disc = v(0.5, 0.5);
    // The target is behind the disc as seen from the striker.
    match planner.direct(from, disc, v(0.5, 0.1), 0.0) {
        Err(ShotError::CutTooThin { angle }) => assert!((angle - PI).abs() < 1e-12),
        other => panic!("{other:?}"),
    }
    // 90° exactly, and just past the default 85°.
    assert!(matches!(
        planner.direct(from, disc, v(0.9, 0.5 - 0.0375), 0.0),
        Err(ShotError::CutTooThin { .. })
    ));
    assert_eq!(
        planner.direct(from, disc, disc, 0.0),
        Err(ShotError::NoLine)
    );
    assert_eq!(
        planner.direct(v(0.5, 0.4625), disc, v(0.5, 0.9), 0.0),
        Err(ShotError::Overlap)
    );
    // Near the north cushion, sent along it: the striker would have to be
    // partly over the cushion to touch it on that line.
    assert_eq!(
        planner.pocket(v(0.8, 0.9), v(0.3, 0.975), Corner::NorthWest, 0.0),
        Err(ShotError::ContactOffSurface)
    );
    assert!(matches!(
        planner.direct(from, disc, v(0.5, 0.9), 11.0),
        Err(ShotError::TooFast { .. })
    ));
    // A disc sent past a hole on its way.
    assert_eq!(
        planner.direct(v(0.2, 0.05), v(0.3, 0.3), v(0.02, 0.98), 0.5),
        Err(ShotError::OverPocket {
            corner: Corner::NorthWest
        })
    );
    // Places no body can be.
    assert_eq!(
        planner.direct(v(0.5, 0.01), disc, v(0.5, 0.9), 0.0),
        Err(ShotError::OffSurface)
    );
    assert_eq!(
        planner.direct(from, disc, v(0.5, 1.2), 0.0),
        Err(ShotError::OffSurface)
    );
    assert_eq!(
        planner.bank(from, Cushion::East, v(0.99, 0.5), 0.0),
        Err(ShotError::OffSurface)
    );
    // No rebound reaches: the start on the cushion's line, or a cushion
    // that does not rebound.
    assert_eq!(
        planner.bank(v(0.5, 0.0225), Cushion::South, v(0.7, 0.5), 0.0),
        Err(ShotError::NoRebound)
    );
    let dead = Planner::new(
        t,
        Physics {
            restitution_cushion: 0.0,
            ..Physics::default()
        },
    )
    .unwrap();
    assert_eq!(
        dead.bank(from, Cushion::East, v(0.7, 0.5), 0.0),
        Err(ShotError::NoRebound)
    );
    // The disc in the striker's way to the cushion.
    assert_eq!(
        planner.bank_onto(
            v(0.5, 0.05),
            Cushion::North,
            v(0.5, 0.5),
            v(0.935, 0.065),
            0.0
        ),
        Err(ShotError::Blocked)
    );
    // Hard enough into the cushion to leave the table.
    assert!(matches!(
        planner.bank(from, Cushion::North, v(0.5, 0.9), 6.0),
        Err(ShotError::CushionSpeed { .. })
    ));
    // Nonsense in, an error out, never a panic.
    let nan = f64::NAN;
    assert_eq!(
        planner.direct(v(nan, 0.05), disc, v(0.5, 0.9), 0.0),
        Err(ShotError::NotFinite)
    );
    assert_eq!(
        planner.direct(from, disc, v(0.5, 0.9), f64::INFINITY),
        Err(ShotError::NotFinite)
    );
    assert_eq!(
        planner.direct(from, disc, v(0.5, 0.9), -1.0),
        Err(ShotError::NotFinite)
    );
    assert_eq!(
        planner.bank(from, Cushion::East, v(nan, nan), 0.0),
        Err(ShotError::NotFinite)
    );
    assert!(planner
        .first_contact(from, v(0.0, 1.0), &[disc], nan)
        .is_none());
    assert!(matches!(
        Planner::new(
            t,
            Physics {
                friction: -1.0,
                ..Physics::default()
            }
        ),
        Err(ShotError::Parameters(_))
    ));
    assert!(ShotError::CutTooThin { angle: FRAC_PI_2 }
        .to_string()
        .contains("90.0°"));
}

// ---- banks ---------------------------------------------------------------------

/// The striker off a cushion to a point, arriving at rest: the engine logs
/// the rebound on that cushion where planned, and the striker stops on the
/// point. With `e < 1` the rebound is not a mirror image.
#[test]
fn a_bank_to_a_point_rebounds_where_planned_and_stops_there() {
    let planner = planner();
    let from = v(0.3, 0.1);
    for (side, to) in [
        (Cushion::East, v(0.6, 0.5)),
        (Cushion::West, v(0.4, 0.6)),
        (Cushion::North, v(0.7, 0.4)),
        (Cushion::South, v(0.8, 0.3)),
    ] {
        let bank = planner.bank(from, side, to, 0.0).unwrap();
        let out = play(&[], &bank.stroke);
        let first = first_striker_event(&out).unwrap();
        let EventKind::Cushion { side: hit, .. } = first.kind else {
            panic!("{side:?}: {first:?}");
        };
        assert_eq!(hit, side);
        assert_near(
            out.position_at(Body::Striker, first.t),
            bank.rebound.at,
            1e-9,
        );
        assert_near(
            velocity_after(&out, Body::Striker, first.t).normalize(),
            bank.rebound.direction_out,
            1e-9,
        );
        assert_near(out.striker().on_table().unwrap(), to, 1e-9);
    }
    // Mirror images only with a perfectly elastic cushion.
    let elastic = Planner::new(
        Table::default(),
        Physics {
            restitution_cushion: 1.0,
            ..Physics::default()
        },
    )
    .unwrap();
    let to = v(0.6, 0.5);
    let mirror = elastic.bank(from, Cushion::East, to, 0.0).unwrap();
    let r = 1.0 - 0.0225;
    let (a, b) = (r - from.x, r - to.x);
    let y = from.y + (to.y - from.y) * a / (a + b);
    assert_near(mirror.rebound.at, v(r, y), 1e-12);
    let real = planner.bank(from, Cushion::East, to, 0.0).unwrap();
    assert!((real.rebound.at - mirror.rebound.at).length() > 0.01);
}

/// The striker off a cushion onto a disc, which goes into a pocket: the
/// striker's first event is the cushion, its second the contact at the
/// planned point, and unless struck again the disc falls in the pocket
/// aimed at.
#[test]
fn a_bank_onto_a_disc_reaches_it_and_pockets_it() {
    let table = Table::default();
    let planner = planner();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let (mut played, mut disturbed) = (0, 0);
    for _ in 0..600 {
        let from = random_spot(&mut rng, &table, Seat::South);
        let disc = v(rng.random_range(0.2..0.8), rng.random_range(0.25..0.75));
        let side = [Cushion::East, Cushion::West, Cushion::North][rng.random_range(0..3)];
        let corner = Corner::ALL[rng.random_range(0..4)];
        let Ok(shot) = planner.bank_onto(from, side, disc, table.pocket_centre(corner), 0.5) else {
            continue;
        };
        let rebound = shot.striker_cushion.expect("a bank");
        // The striker's own way must stay clear of the holes for the
        // engine's events to be the plan's (a caller's check).
        if crosses_a_hole(&table, &[from, rebound.at, shot.contact]) {
            continue;
        }
        let out = play(&[disc], &shot.stroke);
        let mut striker_events = out.events.iter().filter(|e| match e.kind {
            EventKind::Contact { a, .. } => a == Body::Striker,
            EventKind::Cushion { body, .. } => body == Body::Striker,
            _ => false,
        });
        let first = striker_events.next().unwrap();
        assert!(
            matches!(first.kind, EventKind::Cushion { side: s, .. } if s == side),
            "{first:?} {shot:?}"
        );
        let second = striker_events.next().unwrap();
        assert!(matches!(
            second.kind,
            EventKind::Contact {
                b: Body::Disc(0),
                ..
            }
        ));
        assert_near(out.position_at(Body::Striker, second.t), shot.contact, 1e-9);
        played += 1;
        let Some(events) = undisturbed_disc_events(&out) else {
            disturbed += 1;
            continue;
        };
        assert!(
            matches!(events.first().map(|e| e.kind), Some(EventKind::Pocket { pocket, .. }) if pocket == corner),
            "{shot:?}\n{events:?}"
        );
    }
    assert!(played >= 60, "only {played} banks planned");
    assert!(
        disturbed * 5 < played,
        "{disturbed} of {played} struck again"
    );
}

/// Whether the centre line through `points` passes over a pocket hole.
fn crosses_a_hole(table: &Table, points: &[DVec2]) -> bool {
    points.windows(2).any(|w| {
        Corner::ALL.into_iter().any(|c| {
            let p = table.pocket_centre(c);
            let ab = w[1] - w[0];
            let s = ((p - w[0]).dot(ab) / ab.length_squared()).clamp(0.0, 1.0);
            (w[0] + ab * s - p).length() <= table.pocket_radius
        })
    })
}

/// A disc banked off one cushion into a pocket: unless struck again on its
/// way, the disc rebounds off that cushion where and as planned and falls
/// in the pocket aimed at.
#[test]
fn a_disc_banked_off_a_cushion_falls_in_the_pocket() {
    let table = Table::default();
    let planner = planner();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (mut played, mut disturbed) = (0, 0);
    for _ in 0..800 {
        let seat = Seat::ALL[rng.random_range(0..4)];
        let from = random_spot(&mut rng, &table, seat);
        let disc = v(rng.random_range(0.2..0.8), rng.random_range(0.2..0.8));
        let side = Cushion::ALL[rng.random_range(0..4)];
        let corner = Corner::ALL[rng.random_range(0..4)];
        let Ok(shot) = planner.disc_bank(from, disc, side, corner, 0.4) else {
            continue;
        };
        let rebound = shot.disc_cushion.expect("a disc bank");
        let out = play(&[disc], &shot.stroke);
        played += 1;
        let Some(events) = undisturbed_disc_events(&out) else {
            disturbed += 1;
            continue;
        };
        let [hit, fall, ..] = events[..] else {
            panic!("{shot:?}\n{events:?}");
        };
        assert!(
            matches!(hit.kind, EventKind::Cushion { side: s, .. } if s == side),
            "{shot:?}\n{events:?}"
        );
        assert_near(out.position_at(Body::Disc(0), hit.t), rebound.at, 1e-9);
        assert_near(
            velocity_after(&out, Body::Disc(0), hit.t),
            rebound.direction_out * rebound.speed_out,
            1e-9,
        );
        assert!(
            matches!(fall.kind, EventKind::Pocket { pocket, .. } if pocket == corner),
            "{shot:?}\n{events:?}"
        );
    }
    assert!(played >= 60, "only {played} disc banks planned");
    assert!(
        disturbed * 5 < played,
        "{disturbed} of {played} struck again"
    );
}

// ---- the aim guide -----------------------------------------------------------

/// Discs apart from each other, from the cushions and from the holes, so
/// that the first contact is not complicated by a touching cluster.
fn scattered(rng: &mut ChaCha8Rng, table: &Table, striker: DVec2, n: usize) -> Vec<DVec2> {
    let r = table.disc.radius;
    let mut discs: Vec<DVec2> = Vec::new();
    while discs.len() < n {
        let p = v(
            rng.random_range(r + 0.001..1.0 - r - 0.001),
            rng.random_range(r + 0.001..1.0 - r - 0.001),
        );
        let clear = discs.iter().all(|d| (*d - p).length() > 2.0 * r + 0.001)
            && (p - striker).length() > r + table.striker.radius + 0.001
            && Corner::ALL
                .iter()
                .all(|&c| (table.pocket_centre(c) - p).length() > table.pocket_radius);
        if clear {
            discs.push(p);
        }
    }
    discs
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// The guide's first contact is the engine's: the same disc, at the same
    /// place, and the same directions and speeds just after it.
    #[test]
    fn the_first_contact_is_the_engines(
        seed in any::<u64>(),
        n in 1usize..10,
        aim_at in 0usize..10,
        turn in -0.3f64..0.3,
        speed in 0.3f64..5.0,
    ) {
        let table = Table::default();
        let physics = Physics::default();
        let planner = planner();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let from = random_spot(&mut rng, &table, Seat::South);
        let discs = scattered(&mut rng, &table, from, n);
        // Roughly at one of the discs, so that most strokes touch one.
        let direction = DVec2::from_angle(turn).rotate(discs[aim_at % n] - from);
        let stroke = Stroke { striker: from, direction, speed };
        let (to_cushion, _) = cushion_ahead(&table, table.striker.radius, from, direction).unwrap();
        let reach = stopping_distance(&physics, speed).unwrap().min(to_cushion);
        let guide = planner.first_contact(from, direction, &discs, reach);
        let out = play(&discs, &stroke);
        let first = *first_striker_event(&out).unwrap();
        match guide {
            None => prop_assert!(
                !matches!(first.kind, EventKind::Contact { .. }),
                "the engine touched: {:?}", first
            ),
            Some(fc) => {
                let arriving = arrival_speed(&physics, speed, fc.distance).unwrap_or(0.0);
                // The striker falling in a hole first (or at the contact,
                // slowed over a hole), or contacts so slow or grazing that
                // the engine makes them inelastic, are not the guide's
                // business.
                prop_assume!(!matches!(first.kind, EventKind::Pocket { .. }));
                let falls_then = out.events.iter().any(|e| {
                    e.t == first.t && matches!(e.kind, EventKind::Pocket { body: Body::Striker, .. })
                });
                prop_assume!(!falls_then);
                prop_assume!(arriving * fc.cut.cos() > 0.01);
                let EventKind::Contact { b, speed: closing, .. } = first.kind else {
                    return Err(TestCaseError::fail(format!("no contact: {first:?} {fc:?}")));
                };
                prop_assert_eq!(b, Body::Disc(fc.disc));
                prop_assert!((out.position_at(Body::Striker, first.t) - fc.striker_at).length() < 1e-9);
                prop_assert!((closing - arriving * fc.cut.cos()).abs() < 1e-9);
                let vd = velocity_after(&out, Body::Disc(fc.disc), first.t);
                let vs = velocity_after(&out, Body::Striker, first.t);
                let v_in = velocity_before(&out, Body::Striker, first.t).length();
                prop_assert!((vd.normalize() - fc.disc_direction).length() < 1e-9);
                prop_assert!((vd.length() / v_in - fc.disc_share).abs() < 1e-9);
                prop_assert!((vs.length() / v_in - fc.striker_share).abs() < 1e-9);
                let dir = fc.striker_direction.unwrap();
                prop_assert!((vs.normalize() - dir).length() < 1e-9);
                prop_assert!((fc.point - fc.striker_at).length() - table.striker.radius < 1e-12);
                prop_assert!((fc.point - discs[fc.disc]).length() - table.disc.radius < 1e-12);
            }
        }
    }
}

/// A few exact cases of the guide.
#[test]
fn the_first_contact_in_simple_cases() {
    let planner = planner();
    let t = Table::default();
    let from = v(0.5, 0.05);
    let discs = [v(0.5, 0.8), v(0.5, 0.5), v(0.7, 0.3), v(0.5, 0.5)];
    let fc = planner
        .first_contact(from, v(0.0, 2.0), &discs, f64::INFINITY)
        .unwrap();
    // The nearer of the two in line; of two equal, the lower index.
    assert_eq!(fc.disc, 1);
    assert!((fc.distance - (0.45 - 0.0375)).abs() < 1e-12);
    assert_eq!(fc.cut, 0.0);
    assert_near(fc.point, v(0.5, 0.5 - 0.015), 1e-12);
    let law = Impact::striker_on_disc(&t, &Physics::default()).unwrap();
    assert!((fc.disc_share - law.transfer()).abs() < 1e-12);
    assert!((fc.striker_share - law.follow()).abs() < 1e-12);
    // Out of reach, and not in the way.
    assert!(planner
        .first_contact(from, v(0.0, 1.0), &discs, 0.1)
        .is_none());
    assert!(planner
        .first_contact(from, v(-1.0, 1.0), &discs, 10.0)
        .is_none());
    // A non-finite disc is no obstacle; a zero direction is no line.
    let nan = [v(f64::NAN, 0.3)];
    assert!(planner
        .first_contact(from, v(0.0, 1.0), &nan, 1.0)
        .is_none());
    assert!(planner
        .first_contact(from, DVec2::ZERO, &discs, 1.0)
        .is_none());
    assert_eq!(
        cushion_ahead(&t, 0.0225, from, v(0.0, 1.0)),
        Some((1.0 - 0.0225 - 0.05, Cushion::North))
    );
    assert_eq!(cushion_ahead(&t, 0.0225, from, v(f64::NAN, 1.0)), None);
}

// ---- where the striker may stand -----------------------------------------------

/// The rectangle in a seat's frame: 124.5 mm deep from the striker touching
/// the cushion, 135.5 mm clear of each neighbouring cushion (`000` 1.6;
/// `002` 3.1), the same rectangle in table coordinates from every seat.
#[test]
fn the_striker_rectangle_of_every_seat() {
    let t = Table::default();
    for seat in Seat::ALL {
        let region = StrikerRegion::new(&t, seat, &[]);
        let (a, d) = (region.along(), region.depth());
        assert!((a.lo - 0.1355).abs() < 1e-15 && (a.hi - 0.8645).abs() < 1e-15);
        assert!(!a.lo_closed && !a.hi_closed);
        assert!((d.lo - 0.0225).abs() < 1e-15 && (d.hi - 0.1245).abs() < 1e-15);
        assert!(d.lo_closed && !d.hi_closed);
        let (lo, hi) = region.world_bounds().unwrap();
        let f = SeatFrame::new(&t, seat);
        for p in [f.world(0.2, 0.05), f.world(0.8, 0.1)] {
            assert!(p.cmpge(lo).all() && p.cmple(hi).all(), "{seat:?}");
        }
        assert!(
            ((hi - lo)
                - match seat {
                    Seat::South | Seat::North => v(0.729, 0.102),
                    Seat::East | Seat::West => v(0.102, 0.729),
                })
            .length()
                < 1e-12
        );
    }
}

fn arb_seat() -> impl Strategy<Value = Seat> {
    prop::sample::select(Seat::ALL.to_vec())
}

/// Discs near a seat's zone (in its frame) so that they cut into it.
fn arb_local_discs() -> impl Strategy<Value = Vec<(f64, f64)>> {
    prop::collection::vec((0.0f64..1.0, 0.0f64..0.25), 0..7)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The region is the check: its membership is the check's, points inside
    /// the free intervals pass it and points in the rectangle outside them
    /// fail it, and the nearest legal point passes it and is no farther than
    /// any legal point found by sampling.
    #[test]
    fn the_striker_region_agrees_with_the_placement_check(
        seat in arb_seat(),
        local in arb_local_discs(),
        wanted in (-0.05f64..1.05, -0.05f64..0.35),
        samples in prop::collection::vec((0.0f64..1.0, 0.0f64..1.0), 40),
    ) {
        let t = Table::default();
        let f = SeatFrame::new(&t, seat);
        let discs: Vec<DVec2> = local.iter().map(|&(a, d)| f.world(a, d)).collect();
        let region = StrikerRegion::new(&t, seat, &discs);
        let check = |p: DVec2| check_striker_placement(&t, seat, p, &discs).is_ok();
        let (a, d) = (region.along(), region.depth());
        let w = f.world(wanted.0, wanted.1);
        prop_assert_eq!(region.contains(w), check(w));

        // Free intervals at sampled depths, tested at sampled points.
        let m = 1e-9;
        for &(x, y) in &samples {
            let depth = d.lo + (d.hi - d.lo) * y;
            let along = a.lo - 0.02 + (a.hi - a.lo + 0.04) * x;
            let free = region.free_along(depth);
            let p = f.world(along, depth);
            if free.iter().any(|i| along > i.lo + m && along < i.hi - m) {
                prop_assert!(check(p), "{:?} free at {} {} but refused", seat, along, depth);
            } else if free.iter().all(|i| along < i.lo - m || along > i.hi + m)
                && d.contains(depth) {
                prop_assert!(!check(p), "{:?} blocked at {} {} but accepted", seat, along, depth);
            }
        }

        // The nearest legal point.
        let near = region.nearest(w).expect("room for the striker");
        prop_assert!(check(near), "{:?} nearest {:?} refused", seat, near);
        if check(w) {
            prop_assert_eq!(near, w);
        }
        let dist = (near - w).length();
        for &(x, y) in &samples {
            let q = f.world(a.lo + (a.hi - a.lo) * x, d.lo + (d.hi - d.lo) * y);
            if check(q) {
                prop_assert!(dist <= (q - w).length() + 2.0 * PLACEMENT_MARGIN,
                    "{:?}: {:?} at {} but {:?} at {}", seat, near, dist, q, (q - w).length());
            }
        }
    }
}

/// The nearest point in simple cases: clamped onto the rectangle, pushed
/// out of a disc's circle, and none when the region is empty.
#[test]
fn the_nearest_legal_spot_in_simple_cases() {
    let t = Table::default();
    let region = StrikerRegion::new(&t, Seat::South, &[]);
    let near = region.nearest(v(0.5, 0.5)).unwrap();
    assert!((near.x - 0.5).abs() < 1e-15 && (0.1245 - near.y - PLACEMENT_MARGIN).abs() < 1e-12);
    let near = region.nearest(v(-3.0, -3.0)).unwrap();
    assert_near(near, v(0.1355, 0.0225), 2e-9);
    // A disc on the wanted spot: the striker goes to the edge of its circle.
    let disc = v(0.5, 0.06);
    let region = StrikerRegion::new(&t, Seat::South, &[disc]);
    let near = region.nearest(v(0.49, 0.06)).unwrap();
    assert!(((near - disc).length() - region.exclusion_radius() - PLACEMENT_MARGIN).abs() < 1e-12);
    assert!((near.y - 0.06).abs() < 1e-12 && near.x < 0.5);
    // The free intervals at that depth: either side of the disc.
    let free = region.free_along(0.06);
    assert_eq!(free.len(), 2);
    assert!((free[0].hi - (0.5 - region.exclusion_radius())).abs() < 1e-15);
    assert!(region.free_along(0.2).is_empty());
    assert!(region.nearest(v(f64::NAN, 0.0)).is_none());
    // A zone with no room at all.
    let narrow = Table {
        line_offset: 0.02,
        ..Table::default()
    };
    let region = StrikerRegion::new(&narrow, Seat::North, &[]);
    assert!(region.world_bounds().is_none());
    assert!(region.nearest(v(0.5, 0.9)).is_none());
}

// ---- which ways the striker may be pushed ----------------------------------------

/// The range's limits are the directions from the near corners to the
/// striker (`000` 1.15; `002` 3.4), in every seat's frame.
#[test]
fn the_aim_range_runs_between_the_corner_directions() {
    let t = Table::default();
    for seat in Seat::ALL {
        let f = SeatFrame::new(&t, seat);
        let at = f.world(0.3, 0.05);
        let range = AimRange::new(&t, seat, at).unwrap();
        assert!((range.lo() - 0.05f64.atan2(0.3)).abs() < 1e-15);
        assert!((range.hi() - 0.05f64.atan2(-0.7)).abs() < 1e-15);
        let (lo, hi) = range.limits();
        assert_near(lo, (at - f.world(0.0, 0.0)).normalize(), 1e-12);
        assert_near(hi, (at - f.world(1.0, 0.0)).normalize(), 1e-12);
        // `zone`'s own example: along (6, 1) hits the left corner exactly.
        let corner = f.rightward() * 6.0 + f.inward();
        assert!(!range.contains(corner));
        assert!(range.contains(f.inward()));
        assert!((range.angle_of(f.inward()).unwrap() - FRAC_PI_2).abs() < 1e-15);
    }
    assert!(AimRange::new(&t, Seat::South, v(f64::NAN, 0.1)).is_none());
    assert!(!aim_allowed(&t, Seat::South, v(f64::NAN, 0.1), v(0.0, 1.0)));
    assert!(aim_allowed(&t, Seat::South, v(0.5, 0.1), v(0.0, 1.0)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// The open interval of angles is exactly what `check_aim` allows, away
    /// from rounding at its two ends, and the nearest allowed direction is
    /// allowed.
    #[test]
    fn the_aim_range_agrees_with_the_aim_check(
        seat in arb_seat(),
        spot in (0.0f64..1.0, 0.0f64..1.0),
        angles in prop::collection::vec(-PI..PI, 20),
    ) {
        let t = Table::default();
        let region = StrikerRegion::new(&t, seat, &[]);
        let (a, d) = (region.along(), region.depth());
        let f = region.frame();
        let at = f.world(a.lo + 1e-6 + (a.hi - a.lo - 2e-6) * spot.0, d.lo + (d.hi - d.lo - 1e-6) * spot.1);
        let range = AimRange::new(&t, seat, at).unwrap();
        for &angle in &angles {
            let dir = range.direction_at(angle);
            prop_assert!((range.angle_of(dir).unwrap() - angle).abs() < 1e-12);
            let allowed = check_aim(&t, seat, at, dir).is_ok();
            prop_assert_eq!(range.contains(dir), allowed);
            prop_assert_eq!(aim_allowed(&t, seat, at, dir), allowed);
            if (angle - range.lo()).abs() > 1e-9 && (angle - range.hi()).abs() > 1e-9 {
                prop_assert_eq!(range.contains_angle(angle), allowed, "{:?} {} {:?}", seat, angle, range);
            }
            let near = range.nearest(dir).unwrap();
            prop_assert!(check_aim(&t, seat, at, near).is_ok());
            if allowed {
                prop_assert!((near - dir).length() < 1e-12);
            } else {
                let got = range.angle_of(near).unwrap();
                let to_end = (got - range.lo()).abs().min((got - range.hi()).abs());
                prop_assert!(to_end < 1e-8);
            }
        }
    }
}

/// Putting it together as a computer player would: for every seat, place
/// the striker legally, keep the pocket shots whose aim is legal, and play
/// one; the disc falls.
#[test]
fn a_legal_pocket_shot_from_every_seat() {
    let t = Table::default();
    let planner = planner();
    let discs = [v(0.4, 0.45), v(0.62, 0.58)];
    for seat in Seat::ALL {
        let region = StrikerRegion::new(&t, seat, &discs);
        let f = region.frame();
        let mut best: Option<(Shot, usize)> = None;
        for k in 0..=20 {
            let Some(from) = region.nearest(f.world(0.15 + 0.035 * k as f64, 0.07)) else {
                continue;
            };
            for (i, &disc) in discs.iter().enumerate() {
                for corner in Corner::ALL {
                    let Ok(shot) = planner.pocket(from, disc, corner, 0.5) else {
                        continue;
                    };
                    let others: Vec<DVec2> = discs.to_vec();
                    let clear = planner
                        .first_contact(from, shot.stroke.direction, &others, f64::INFINITY)
                        .is_some_and(|fc| fc.disc == i);
                    let legal = AimRange::new(&t, seat, from)
                        .is_some_and(|r| r.contains(shot.stroke.direction));
                    if clear && legal && best.is_none_or(|(b, _)| shot.cut < b.cut) {
                        best = Some((shot, i));
                    }
                }
            }
        }
        let (shot, i) = best.unwrap_or_else(|| panic!("{seat:?}: no shot"));
        let out = play(&discs, &shot.stroke);
        let aimed = Corner::ALL
            .into_iter()
            .find(|&c| t.pocket_centre(c) == shot.target)
            .unwrap();
        assert_eq!(pocketed_in(&out, i), Some(aimed), "{seat:?} {shot:?}");
    }
}
