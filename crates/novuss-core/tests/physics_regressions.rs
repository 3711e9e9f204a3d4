//! Cases that once went wrong, each checked against what the model says
//! must happen (docs/physics.md).

use novuss_core::physics::{simulate, Body, EventKind, Fate, Outcome, Physics};
use novuss_core::stroke::Stroke;
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
