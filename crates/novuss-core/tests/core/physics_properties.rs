//! Properties that must hold for every stroke from every position.

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Body, Engine, EventKind, Fate, Outcome, Physics};
use novuss_core::rules::layout;
use novuss_core::table::{Cushion, Table};
use novuss_core::DVec2;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random legal start: `n` discs anywhere on the surface (clear of the
/// holes, touching allowed), the striker in the south edge zone.
fn random_start(seed: u64, n: usize, speed: f64, angle: f64) -> (Vec<DVec2>, Stroke) {
    let t = Table::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let striker = DVec2::new(rng.random_range(0.16..0.84), rng.random_range(0.03..0.1));
    let mut discs: Vec<DVec2> = Vec::new();
    let r = t.disc.radius;
    while discs.len() < n {
        let p = DVec2::new(rng.random_range(r..1.0 - r), rng.random_range(r..1.0 - r));
        let clear_striker = (p - striker).length() >= r + t.striker.radius;
        let clear = discs.iter().all(|d| (*d - p).length() >= 2.0 * r);
        if clear && clear_striker && t.pocket_at(p).is_none() {
            discs.push(p);
        }
    }
    let direction = DVec2::new(angle.cos(), angle.sin());
    (
        discs,
        Stroke {
            striker,
            direction,
            speed,
        },
    )
}

fn radius(t: &Table, i: usize) -> f64 {
    if i == 0 {
        t.striker.radius
    } else {
        t.disc.radius
    }
}

fn mass(t: &Table, i: usize) -> f64 {
    if i == 0 {
        t.striker.mass
    } else {
        t.disc.mass
    }
}

/// No body reaches past a cushion, nor into another, by more than the
/// contact tolerance (`docs/physics.md` §8: no creeping).
const TOLERANCE: f64 = 1e-9;

/// Checks every property at every event instant of `o`.
fn check(t: &Table, o: &Outcome, n: usize) -> Result<(), TestCaseError> {
    prop_assert!(
        !o.truncated,
        "stroke truncated after {} events",
        o.events.len()
    );
    prop_assert_eq!(o.fates.len(), n + 1);
    let gone_at = |i: usize| match o.fates[i] {
        Fate::OnTable { .. } => f64::INFINITY,
        Fate::Pocketed { t, .. } | Fate::OffTable { t, .. } => t,
    };
    let mut last_energy = f64::INFINITY;
    let mut times: Vec<f64> = o.events.iter().map(|e| e.t).collect();
    times.dedup();
    for &time in &times {
        let alive: Vec<usize> = (0..=n).filter(|&i| gone_at(i) > time).collect();
        for (k, &i) in alive.iter().enumerate() {
            let pi = o.position_at(Body::from_index(i), time);
            let ri = radius(t, i);
            for side in Cushion::ALL {
                prop_assert!(
                    t.distance_to_cushion(pi, side) >= ri - TOLERANCE,
                    "body {} through {:?} at {}",
                    i,
                    side,
                    time
                );
            }
            for &j in &alive[k + 1..] {
                let pj = o.position_at(Body::from_index(j), time);
                let overlap = ri + radius(t, j) - (pi - pj).length();
                prop_assert!(
                    overlap <= TOLERANCE,
                    "bodies {} and {} overlap by {} at {}",
                    i,
                    j,
                    overlap,
                    time
                );
            }
        }
        // Kinetic energy just after this instant's impulses never exceeds the previous.
        let energy: f64 = alive
            .iter()
            .map(|&i| {
                let seg = o.paths[i].iter().rev().find(|s| s.t <= time).unwrap();
                0.5 * mass(t, i) * seg.velocity(time).length_squared()
            })
            .sum();
        prop_assert!(
            energy <= last_energy * (1.0 + 1e-12) + 1e-15,
            "energy rose to {} from {} at {}",
            energy,
            last_energy,
            time
        );
        last_energy = energy;
    }
    // Bodies leave the table only through their pocket or off-table event.
    let removals = o
        .events
        .iter()
        .filter(|e| {
            matches!(
                e.kind,
                EventKind::Pocket { .. } | EventKind::OffTable { .. }
            )
        })
        .count();
    let lost = o
        .fates
        .iter()
        .filter(|f| !matches!(f, Fate::OnTable { .. }))
        .count();
    prop_assert_eq!(removals, lost);
    for f in &o.fates {
        if let Fate::OnTable { at } = f {
            prop_assert!(
                t.pocket_at(*at).is_none(),
                "resting over a hole at {:?}",
                at
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn every_stroke_keeps_bodies_apart_on_the_table_and_loses_energy(
        seed in any::<u64>(),
        n in 0usize..16,
        speed in 0.05f64..8.0,
        angle in 0.0f64..std::f64::consts::PI,
    ) {
        let t = Table::default();
        let (discs, stroke) = random_start(seed, n, speed, angle);
        let mut engine = Engine::new(t, Physics::default());
        let o = engine.simulate(&discs, &stroke).unwrap();
        check(&t, &o, n)?;
        // The same input gives the same output, bit for bit, even on a used engine.
        let again = engine.simulate(&discs, &stroke).unwrap();
        prop_assert_eq!(&o, &again);
    }

    #[test]
    fn the_opening_break_from_anywhere_in_the_zone_is_clean(
        x in 0.16f64..0.84,
        y in 0.03f64..0.1,
        aim in -0.3f64..0.3,
        speed in 0.5f64..8.0,
    ) {
        let t = Table::default();
        let discs = layout::singles_opening(&t);
        // Keep clear of the south row (whose discs reach y = 30 mm).
        let y = y.max(0.03 + t.striker.radius + 1e-6);
        let stroke = Stroke { striker: DVec2::new(x, y), direction: DVec2::new(aim, 1.0), speed };
        let o = Engine::new(t, Physics::default()).simulate(&discs, &stroke).unwrap();
        check(&t, &o, discs.len())?;
        prop_assert!(o.events.len() < 400, "{} events", o.events.len());
    }
}

#[test]
fn the_straight_opening_break_accounts_for_every_disc() {
    let t = Table::default();
    let discs = layout::singles_opening(&t);
    for x in [0.395, 0.44, 0.485, 0.5, 0.53] {
        let stroke = Stroke {
            striker: DVec2::new(x, 0.08),
            direction: DVec2::new(0.0, 1.0),
            speed: 6.0,
        };
        let o = Engine::new(t, Physics::default())
            .simulate(&discs, &stroke)
            .unwrap();
        check(&t, &o, discs.len()).unwrap();
        assert!(o.events.len() < 200, "{} events", o.events.len());
        // The striker's first contact is with the disc it was aimed at.
        let first = o
            .events
            .iter()
            .find(|e| matches!(e.kind, EventKind::Contact { .. }))
            .unwrap();
        let EventKind::Contact { a, b, .. } = first.kind else {
            unreachable!()
        };
        assert_eq!(a, Body::Striker);
        let Body::Disc(k) = b else { panic!() };
        assert!((discs[k].x - x).abs() <= t.disc.radius + t.striker.radius);
    }
}
