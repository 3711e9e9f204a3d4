//! The engine against closed-form results of the motion model
//! (docs/physics.md): sliding under Coulomb friction, Newton's restitution
//! law for head-on contacts and cushions, and the pocket model.

use novuss_core::physics::stroke::{InputError, Stroke};
use novuss_core::physics::{simulate, Body, Engine, EventKind, Exit, Fate, Outcome, Physics};
use novuss_core::table::{Corner, Cushion, Table};
use novuss_core::DVec2;

fn setup() -> (Table, Physics) {
    (Table::default(), Physics::default())
}

fn stroke(x: f64, y: f64, dx: f64, dy: f64, speed: f64) -> Stroke {
    Stroke {
        striker: DVec2::new(x, y),
        direction: DVec2::new(dx, dy),
        speed,
    }
}

/// Velocity of `body` just after time `t`, read off its recorded path.
fn velocity_after(o: &Outcome, body: Body, t: f64) -> DVec2 {
    let path = &o.paths[body.index()];
    let seg = path.iter().rev().find(|s| s.t <= t).unwrap();
    seg.v
}

fn first_contact(o: &Outcome) -> (f64, Body, Body) {
    o.events
        .iter()
        .find_map(|e| match e.kind {
            EventKind::Contact { a, b, .. } => Some((e.t, a, b)),
            _ => None,
        })
        .expect("a contact")
}

#[test]
fn stopping_distance_is_v_squared_over_two_mu_g() {
    let (t, p) = setup();
    for speed in [0.3, 0.7, 1.0, 1.2] {
        let o = simulate(&t, &p, &[], &stroke(0.5, 0.08, 0.0, 1.0, speed)).unwrap();
        let Fate::OnTable { at } = *o.striker() else {
            panic!("striker lost")
        };
        let expected = speed * speed / (2.0 * p.friction * p.gravity);
        assert!(
            (at.y - 0.08 - expected).abs() < 1e-9,
            "v={speed}: {} vs {expected}",
            at.y - 0.08
        );
        assert_eq!(at.x, 0.5);
        // It stops exactly at v/(μg).
        assert!((o.duration - speed / (p.friction * p.gravity)).abs() < 1e-12);
        assert!(matches!(
            o.events.last().unwrap().kind,
            EventKind::Stop {
                body: Body::Striker,
                ..
            }
        ));
    }
}

#[test]
fn head_on_striker_on_disc_follows_the_restitution_law() {
    let (t, p) = setup();
    let disc = DVec2::new(0.5, 0.5);
    let o = simulate(&t, &p, &[disc], &stroke(0.5, 0.1, 0.0, 1.0, 3.0)).unwrap();
    let (tc, a, b) = first_contact(&o);
    assert_eq!((a, b), (Body::Striker, Body::Disc(0)));
    // The striker's centre is r_s + r_d below the disc's at contact.
    let gap = 0.5 - (t.striker.radius + t.disc.radius) - 0.1;
    let a_f = p.friction * p.gravity;
    let v = (9.0 - 2.0 * a_f * gap).sqrt();
    assert!((tc - (3.0 - v) / a_f).abs() < 1e-12);
    let (ms, md, e) = (t.striker.mass, t.disc.mass, p.restitution_striker_disc);
    let vs = velocity_after(&o, Body::Striker, tc).y;
    let vd = velocity_after(&o, Body::Disc(0), tc).y;
    assert!((vs - (ms - e * md) / (ms + md) * v).abs() < 1e-12, "{vs}");
    assert!((vd - (1.0 + e) * ms / (ms + md) * v).abs() < 1e-12, "{vd}");
    // Momentum is conserved and energy lost as (1 − e²) of the relative part.
    assert!((ms * vs + md * vd - ms * v).abs() < 1e-14);
    let lost = 0.5 * ms * v * v - 0.5 * ms * vs * vs - 0.5 * md * vd * vd;
    let expected = 0.5 * (ms * md / (ms + md)) * v * v * (1.0 - e * e);
    assert!((lost - expected).abs() < 1e-14);
}

#[test]
fn head_on_disc_on_disc_of_equal_mass() {
    let (t, p) = setup();
    let discs = [DVec2::new(0.5, 0.4), DVec2::new(0.5, 0.6)];
    let o = simulate(&t, &p, &discs, &stroke(0.5, 0.1, 0.0, 1.0, 4.0)).unwrap();
    let second = o
        .events
        .iter()
        .find(|e| {
            matches!(
                e.kind,
                EventKind::Contact {
                    a: Body::Disc(0),
                    b: Body::Disc(1),
                    ..
                }
            )
        })
        .expect("disc 0 reaches disc 1");
    let t1 = first_contact(&o).0;
    let v_after_first = velocity_after(&o, Body::Disc(0), t1).y;
    let v = v_after_first - p.friction * p.gravity * (second.t - t1);
    let e = p.restitution_disc_disc;
    let v0 = velocity_after(&o, Body::Disc(0), second.t).y;
    let v1 = velocity_after(&o, Body::Disc(1), second.t).y;
    assert!((v0 - v * (1.0 - e) / 2.0).abs() < 1e-12, "{v0}");
    assert!((v1 - v * (1.0 + e) / 2.0).abs() < 1e-12, "{v1}");
}

#[test]
fn cushion_reverses_the_normal_speed_times_e_and_keeps_the_tangent() {
    let (t, p) = setup();
    let o = simulate(&t, &p, &[], &stroke(0.5, 0.5, 3.0, 1.0, 2.0)).unwrap();
    let ev = o
        .events
        .iter()
        .find(|e| matches!(e.kind, EventKind::Cushion { .. }))
        .unwrap();
    let EventKind::Cushion { side, speed, .. } = ev.kind else {
        unreachable!()
    };
    assert_eq!(side, Cushion::East);
    let before = o.paths[0][0].velocity(ev.t);
    let after = velocity_after(&o, Body::Striker, ev.t);
    assert!((speed - before.x).abs() < 1e-12);
    assert!((after.x + p.restitution_cushion * before.x).abs() < 1e-12);
    assert!((after.y - before.y).abs() < 1e-15);
    // At contact the striker's edge is on the cushion face.
    let at = o.position_at(Body::Striker, ev.t);
    assert!((t.size - at.x - t.striker.radius).abs() < 1e-12);
}

#[test]
fn a_slow_body_reaching_a_pocket_falls_and_a_fast_one_jumps_it() {
    let (t, p) = setup();
    let c = t.pocket_centre(Corner::SouthWest);
    let from = DVec2::new(0.35, 0.1);
    let dir = c - from;
    // Arrive at the hole's rim at 1 m/s: falls at once.
    let to_rim = dir.length() - t.pocket_radius;
    let slow = (1.0 + 2.0 * p.friction * p.gravity * to_rim).sqrt();
    let o = simulate(&t, &p, &[], &stroke(from.x, from.y, dir.x, dir.y, slow)).unwrap();
    assert_eq!(o.events.len(), 1);
    assert!(matches!(
        o.events[0].kind,
        EventKind::Pocket {
            body: Body::Striker,
            pocket: Corner::SouthWest
        }
    ));
    assert!(matches!(
        o.striker(),
        Fate::Pocketed {
            pocket: Corner::SouthWest,
            ..
        }
    ));
    // The centre is exactly on the rim when it falls.
    let at = o.position_at(Body::Striker, o.events[0].t);
    assert!(((at - c).length() - t.pocket_radius).abs() < 1e-12);

    // Arrive at 6 m/s: it crosses the hole and the corner's cushions first.
    let o = simulate(&t, &p, &[], &stroke(from.x, from.y, dir.x, dir.y, 6.2)).unwrap();
    assert!(
        matches!(o.events[0].kind, EventKind::Cushion { .. }),
        "{:?}",
        o.events[0]
    );
    assert!(o.events.iter().any(|e| matches!(
        e.kind,
        EventKind::JumpedPocket {
            pocket: Corner::SouthWest,
            ..
        }
    )));
}

#[test]
fn a_body_slowing_down_over_the_hole_falls_when_it_reaches_the_jump_speed() {
    let (t, p) = setup();
    let c = t.pocket_centre(Corner::NorthEast);
    // Parallel to the north cushion, through the pocket's centre, entering at
    // 2.05 m/s: it slows to 2.0 m/s after (2.05² − 2²)/(2μg) = 69 mm, still over the hole.
    let from = DVec2::new(0.5, c.y);
    let to_rim = c.x - t.pocket_radius - from.x;
    let a = p.friction * p.gravity;
    let speed = (2.05f64.powi(2) + 2.0 * a * to_rim).sqrt();
    let o = simulate(&t, &p, &[], &stroke(from.x, from.y, 1.0, 0.0, speed)).unwrap();
    let ev = o.events.last().unwrap();
    assert!(matches!(
        ev.kind,
        EventKind::Pocket {
            pocket: Corner::NorthEast,
            ..
        }
    ));
    let rim_t = (speed - 2.05) / a;
    assert!((ev.t - (rim_t + (2.05 - p.pocket_jump_speed) / a)).abs() < 1e-12);
}

#[test]
fn a_hard_hit_on_a_cushion_sends_the_body_off_the_table() {
    let (t, p) = setup();
    let o = simulate(&t, &p, &[], &stroke(0.5, 0.08, 0.0, 1.0, 8.0)).unwrap();
    assert!(matches!(
        o.events[0].kind,
        EventKind::OffTable {
            body: Body::Striker,
            exit: Exit::Cushion(Cushion::North),
            ..
        }
    ));
    let Fate::OffTable { at, .. } = *o.striker() else {
        panic!()
    };
    assert!((at.y - (1.0 - t.striker.radius)).abs() < 1e-12);
}

#[test]
fn a_body_meeting_both_cushions_at_once_leaves_over_the_corner() {
    let t = Table::default();
    let p = Physics {
        off_table_speed: 3.0,
        ..Physics::default()
    };
    // Along the diagonal, over the north-east pocket (too fast to fall) into the corner.
    let o = simulate(&t, &p, &[], &stroke(0.3, 0.3, 1.0, 1.0, 8.0)).unwrap();
    let off = o
        .events
        .iter()
        .find(|e| matches!(e.kind, EventKind::OffTable { .. }))
        .unwrap();
    assert!(
        matches!(
            off.kind,
            EventKind::OffTable {
                exit: Exit::Corner(Corner::NorthEast),
                ..
            }
        ),
        "{off:?}"
    );
}

#[test]
fn invalid_input_is_an_error_not_a_panic() {
    let (t, p) = setup();
    let mut e = Engine::new(t, p);
    let ok = stroke(0.5, 0.08, 0.0, 1.0, 2.0);
    let cases: Vec<(Vec<DVec2>, Stroke)> = vec![
        (
            vec![],
            Stroke {
                speed: f64::NAN,
                ..ok
            },
        ),
        (vec![], Stroke { speed: 0.0, ..ok }),
        (vec![], Stroke { speed: 8.01, ..ok }),
        (
            vec![],
            Stroke {
                direction: DVec2::ZERO,
                ..ok
            },
        ),
        (
            vec![],
            Stroke {
                direction: DVec2::new(f64::INFINITY, 0.0),
                ..ok
            },
        ),
        (vec![DVec2::new(0.5, 1.0)], ok),
        (vec![DVec2::new(0.5, 0.5), DVec2::new(0.51, 0.5)], ok),
        (vec![t.pocket_centre(Corner::NorthWest)], ok),
        (vec![DVec2::new(0.5, 0.09)], ok),
    ];
    for (discs, s) in cases {
        let mut out = Outcome::default();
        let err = e.simulate_into(&discs, &s, &mut out).unwrap_err();
        assert!(!err.to_string().is_empty());
        assert_eq!(out, Outcome::default(), "output untouched on {err}");
    }
    assert!(matches!(
        e.simulate(&[DVec2::new(0.5, 0.5), DVec2::new(0.51, 0.5)], &ok),
        Err(InputError::Overlap { .. })
    ));
}

#[test]
fn a_path_tangent_to_a_pocket_rim_passes_it_both_ways() {
    // Along y = 0.935 − 0.05 the striker's centre only touches the north-east
    // hole's rim: it must not fall whichever way it crosses (rounding alone
    // would otherwise decide, docs/physics.md §6).
    let (t, p) = setup();
    let y = t.pocket_centre(Corner::NorthEast).y - t.pocket_radius;
    let o = simulate(&t, &p, &[], &stroke(0.5, y, 1.0, 0.0, 2.5)).unwrap();
    assert!(o.events.iter().any(|e| matches!(
        e.kind,
        EventKind::Cushion {
            side: Cushion::East,
            ..
        }
    )));
    assert!(
        matches!(o.striker(), Fate::OnTable { .. }),
        "{:?}",
        o.events
    );
    let back = o.position_at(Body::Striker, o.duration);
    assert!(
        back.x < t.pocket_centre(Corner::NorthEast).x - t.pocket_radius,
        "it came back west past the hole"
    );
}

#[test]
fn a_body_is_logged_stopping_once_per_instant() {
    // A dead cushion (e = 0) stops a disc driven straight into the corner.
    let t = Table::default();
    let p = Physics {
        restitution_cushion: 0.0,
        ..Physics::default()
    };
    let o = simulate(
        &t,
        &p,
        &[DVec2::new(0.985, 0.985)],
        &stroke(0.5, 0.6, 1.0, 0.8, 4.0),
    )
    .unwrap();
    let stops: Vec<(f64, Body)> = o
        .events
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Stop { body, .. } => Some((e.t, body)),
            _ => None,
        })
        .collect();
    let mut unique = stops.clone();
    unique.dedup();
    assert_eq!(stops, unique);
    // A body that comes to rest and falls at the same instant has one rest segment.
    for path in &o.paths {
        for w in path.windows(2) {
            assert!(
                !(w[0].t == w[1].t && w[0].v == DVec2::ZERO && w[1].v == DVec2::ZERO),
                "{path:?}"
            );
        }
    }
}

#[test]
fn parameters_are_checked_and_huge_directions_still_work() {
    let t = Table::default();
    let s = stroke(0.5, 0.1, 1.0, 1.0, 1.0);
    for bad in [
        Physics {
            friction: -1.0,
            ..Physics::default()
        },
        Physics {
            friction: 10.0,
            gravity: 1e308,
            ..Physics::default()
        },
        Physics {
            restitution_cushion: 1.5,
            ..Physics::default()
        },
    ] {
        let err = simulate(&t, &bad, &[], &s).unwrap_err();
        assert!(matches!(err, InputError::Parameter(_)), "{err}");
    }
    let huge = Stroke {
        direction: DVec2::new(1e200, 1e200),
        ..s
    };
    let o = simulate(&t, &Physics::default(), &[], &huge).unwrap();
    let v = o.paths[0][0].v;
    assert!((v.x - v.y).abs() < 1e-15 && (v.length() - 1.0).abs() < 1e-15);
    let tiny = Stroke {
        direction: DVec2::new(1e-300, 0.0),
        ..s
    };
    assert!(simulate(&t, &Physics::default(), &[], &tiny).is_ok());
}
