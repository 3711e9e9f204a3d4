//! Cases that once went wrong, each checked against what the model says
//! must happen (docs/physics.md).

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{simulate, Body, EventKind, Fate, Outcome, Physics};
use novuss_core::table::{Corner, Table};
use novuss_core::DVec2;

fn stroke(x: f64, y: f64, dx: f64, dy: f64, speed: f64) -> Stroke {
    Stroke {
        striker: DVec2::new(x, y),
        direction: DVec2::new(dx, dy),
        speed,
    }
}

/// Every body left on the table, with where it rests.
fn resting(o: &Outcome) -> impl Iterator<Item = (usize, DVec2)> + '_ {
    o.fates
        .iter()
        .enumerate()
        .filter_map(|(i, f)| f.on_table().map(|p| (i, p)))
}

#[test]
fn with_a_jump_speed_of_zero_a_body_that_stops_over_a_hole_falls() {
    // `pocket_jump_speed: 0` is legal: a body over a hole falls as soon as it
    // stops. A disc struck gently towards the south-west pocket used to come
    // to rest with its centre up to 28 mm inside the hole.
    let t = Table::default();
    let p = Physics {
        pocket_jump_speed: 0.0,
        ..Physics::default()
    };
    let disc = DVec2::new(0.2, 0.065);
    let mut fell = 0;
    for k in 0..400 {
        let speed = 0.55 + 0.25 * f64::from(k) / 400.0;
        let o = simulate(&t, &p, &[disc], &stroke(0.3, 0.065, -1.0, 0.0, speed)).unwrap();
        for (i, at) in resting(&o) {
            assert!(
                t.pocket_at(at).is_none(),
                "speed {speed}: body {i} rests over a hole at {at:?}"
            );
        }
        if let Fate::Pocketed { pocket, t: when } = *o.disc(0) {
            assert_eq!(pocket, Corner::SouthWest);
            // It falls where it stopped: its last segment ends at rest.
            let last = o.paths[1].last().unwrap();
            assert_eq!((last.t, last.v), (when, DVec2::ZERO));
            assert!(t.pocket_at(last.p) == Some(Corner::SouthWest));
            fell += 1;
        }
    }
    // The slowest strokes leave it short of the hole, the fastest past its
    // centre; most of the range drops it.
    assert!(fell > 100, "{fell}");
}

#[test]
fn a_body_stopping_over_a_hole_is_logged_falling_not_stopping() {
    let t = Table::default();
    let p = Physics {
        pocket_jump_speed: 0.0,
        ..Physics::default()
    };
    // The striker alone, aimed at the south-west pocket's centre, stopping
    // 10 mm before it: inside the hole.
    let a = p.deceleration();
    let run = 0.2 - 0.075;
    let o = simulate(
        &t,
        &p,
        &[],
        &stroke(0.2, 0.065, -1.0, 0.0, (2.0 * a * run).sqrt()),
    )
    .unwrap();
    assert!(matches!(
        o.striker(),
        Fate::Pocketed {
            pocket: Corner::SouthWest,
            ..
        }
    ));
    let kinds: Vec<EventKind> = o.events.iter().map(|e| e.kind).collect();
    assert_eq!(
        kinds,
        [EventKind::Pocket {
            body: Body::Striker,
            pocket: Corner::SouthWest
        }]
    );
}

/// Discs from the command line's `[[x, y], …]`.
fn discs(xy: &[[f64; 2]]) -> Vec<DVec2> {
    xy.iter().map(|&[x, y]| DVec2::new(x, y)).collect()
}

#[test]
fn six_discs_in_the_north_west_corner_resolve() {
    // Once a disc driven north between the west cushion and a disc resting
    // against the north cushion, at an angle of 10⁻⁴ rad, took alternating
    // impulses from the two that shrank its speed by a factor 1 − 10⁻⁸ each:
    // no event budget was enough.
    let t = Table::default();
    let ds = discs(&[
        [0.015, 0.98],
        [0.045, 0.985],
        [0.015, 0.86],
        [0.015, 0.89],
        [0.015, 0.92],
        [0.015, 0.95],
    ]);
    let o = simulate(
        &t,
        &Physics::default(),
        &ds,
        &stroke(0.7, 0.37, -0.7, 0.5, 3.0),
    )
    .unwrap();
    assert!(!o.truncated, "{} events", o.events.len());
    assert!(o.events.len() < 200, "{} events", o.events.len());
}

#[test]
fn a_row_of_sixteen_struck_end_on_at_full_speed_resolves() {
    // Sixteen touching discs in a row across the table, struck along it at
    // 8 m/s: each instant of the row's compression took thousands of
    // sequential impulses, and the stroke ran out of events.
    let t = Table::default();
    let r = t.disc.radius;
    let row: Vec<DVec2> = (0..16)
        .map(|k| {
            let x = ((0.5 - 15.0 * r + 2.0 * r * f64::from(k)) * 1e9).round() / 1e9;
            DVec2::new(x, 0.5)
        })
        .collect();
    let p = Physics::default();
    let o = simulate(&t, &p, &row, &stroke(0.9, 0.5, -1.0, 0.0, 8.0)).unwrap();
    assert!(!o.truncated, "{} events", o.events.len());
    // The striker's momentum went into the row: the far end leads.
    let far = o.position_at(Body::Disc(0), o.events[0].t + 0.05);
    assert!(far.x < row[0].x - 0.05, "{far:?}");
}

#[test]
fn a_striker_grazing_a_resting_disc_leaves_it_in_place() {
    // The striker passes 0.1 nm inside contact with a resting disc. A
    // frictionless impulse acts along the line of centres, nearly at right
    // angles to the striker's path: the disc would get about 10⁻⁴ m/s and
    // slide 3 nm, which static friction holds (STOP_SPEED). It used to
    // "stick" to the striker and ride 0.47 m north with it.
    let t = Table::default();
    let p = Physics::default();
    let disc = DVec2::new(0.5374999999, 0.5);
    let o = simulate(&t, &p, &[disc], &stroke(0.5, 0.1, 0.0, 1.0, 2.0)).unwrap();
    assert_eq!(o.disc(0).on_table(), Some(disc), "{:?}", o.events);
    assert!(
        o.paths[1].iter().all(|s| s.v == DVec2::ZERO && s.p == disc),
        "the disc never moved: {:?}",
        o.paths[1]
    );
    // The striker touched it, and goes on north, deflected by the normal
    // impulse only: its closing speed along the line of centres, ~1.2e-4 m/s.
    let contact = o
        .events
        .iter()
        .find_map(|e| match e.kind {
            EventKind::Contact { speed, .. } => Some(speed),
            _ => None,
        })
        .unwrap();
    assert!(contact > 0.0 && contact < 2e-4, "{contact}");
    let v = o.paths[0][1].v;
    assert!(v.x.abs() <= contact && v.x <= 0.0, "{v:?}");
    assert!((v.y - o.paths[0][0].velocity(o.paths[0][1].t).y).abs() < 1e-7);
    // Exactly tangent: a touch, no impulse at all.
    let disc = DVec2::new(0.5375, 0.5);
    let o = simulate(&t, &p, &[disc], &stroke(0.5, 0.1, 0.0, 1.0, 2.0)).unwrap();
    assert_eq!(o.disc(0).on_table(), Some(disc));
    assert_eq!(o.striker().on_table().unwrap().x, 0.5);
}

#[test]
fn a_tangent_graze_leaves_the_disc_whatever_the_rounding() {
    // The striker's path tangent to a resting disc, give or take a few
    // ulps: whichever way rounding falls, the disc stays where it was (to
    // within what the normal impulse of a rounding-sized closing speed
    // could move it, nothing).
    let t = Table::default();
    let p = Physics::default();
    for k in -25..25 {
        let x = 0.5 + 0.0375 + f64::from(k) * 1e-17;
        let disc = DVec2::new(x, 0.5);
        let o = simulate(&t, &p, &[disc], &stroke(0.5, 0.1, 0.0, 1.0, 2.0)).unwrap();
        assert_eq!(o.disc(0).on_table(), Some(disc), "offset {k}e-17");
    }
}
