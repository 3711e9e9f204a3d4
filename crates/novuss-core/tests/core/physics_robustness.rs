//! Hard positions, checked everywhere: touching clusters, rows against
//! cushions, discs wedged into the corners and full tables, struck from
//! anywhere at any accepted speed. Every outcome must be complete (not
//! truncated), finite, and physically clean not only at its events but
//! between them — each stretch of every path is sampled — and its final
//! positions must be a valid start for the next stroke.

use novuss_core::physics::stroke::{check_layout, Stroke};
use novuss_core::physics::{Body, Engine, EventKind, Fate, Outcome, Physics};
use novuss_core::table::{Cushion, Table};
use novuss_core::{rules::layout, DVec2};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// How the discs of a position are laid out.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// Chains of discs, each touching an earlier one, some starting at a
    /// cushion.
    Clusters,
    /// Touching rows pressed against cushions, meeting at corners.
    Rows,
    /// Discs packed into a corner against both cushions, beside the pocket.
    Corners,
    /// Sixteen discs: the opening rows, or rows and clusters.
    Full16,
    /// Thirty-two discs.
    Full32,
}

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::Clusters),
        Just(Shape::Rows),
        Just(Shape::Corners),
        Just(Shape::Full16),
        Just(Shape::Full32),
    ]
}

/// Discs being placed; each new one must lie on the surface, clear of the
/// holes and of the others (touching allowed).
struct Place<'a> {
    t: &'a Table,
    discs: Vec<DVec2>,
}

impl Place<'_> {
    fn add(&mut self, p: DVec2) -> bool {
        let r = self.t.disc.radius;
        let ok = self.t.within_cushions(p, r)
            && self.t.pocket_at(p).is_none()
            && self.discs.iter().all(|d| (*d - p).length() >= 2.0 * r);
        if ok {
            self.discs.push(p);
        }
        ok
    }

    /// A point of the surface, against a random cushion a third of the time.
    fn anywhere(&self, rng: &mut ChaCha8Rng) -> DVec2 {
        let (r, size) = (self.t.disc.radius, self.t.size);
        let mut p = DVec2::new(rng.random_range(r..size - r), rng.random_range(r..size - r));
        if rng.random_bool(1.0 / 3.0) {
            match Cushion::ALL[rng.random_range(0..4)] {
                Cushion::South => p.y = r,
                Cushion::North => p.y = size - r,
                Cushion::West => p.x = r,
                Cushion::East => p.x = size - r,
            }
        }
        p
    }

    /// Grows touching chains until there are `want` discs.
    fn clusters(&mut self, rng: &mut ChaCha8Rng, want: usize) {
        let r = self.t.disc.radius;
        for _ in 0..400 * want {
            if self.discs.len() >= want {
                return;
            }
            let p = if self.discs.is_empty() || rng.random_bool(0.15) {
                self.anywhere(rng)
            } else {
                let d = self.discs[rng.random_range(0..self.discs.len())];
                // Along an axis a third of the time: rows and cushions then
                // line up exactly, the hardest case for rounding.
                let a = if rng.random_bool(1.0 / 3.0) {
                    std::f64::consts::FRAC_PI_2 * f64::from(rng.random_range(0..4u8))
                } else {
                    rng.random_range(0.0..std::f64::consts::TAU)
                };
                d + DVec2::new(a.cos(), a.sin()) * (2.0 * r)
            };
            self.add(p);
        }
    }

    /// Rows of touching discs pressed against cushions, up to `want`.
    fn rows(&mut self, rng: &mut ChaCha8Rng, want: usize) {
        let (r, size) = (self.t.disc.radius, self.t.size);
        for _ in 0..20 {
            if self.discs.len() >= want {
                return;
            }
            let side = Cushion::ALL[rng.random_range(0..4)];
            // From a corner half of the time, so that rows meet there.
            let start = if rng.random_bool(0.5) {
                r
            } else {
                rng.random_range(r..size - r)
            };
            for k in 0..rng.random_range(1..=8) {
                let along = start + 2.0 * r * f64::from(k);
                let p = match side {
                    Cushion::South => DVec2::new(along, r),
                    Cushion::North => DVec2::new(along, size - r),
                    Cushion::West => DVec2::new(r, along),
                    Cushion::East => DVec2::new(size - r, along),
                };
                if self.discs.len() >= want || !self.add(p) {
                    break;
                }
            }
        }
    }

    /// Discs along both cushions of a corner, out past its pocket, then
    /// packed against them.
    fn corner(&mut self, rng: &mut ChaCha8Rng, want: usize) {
        let (r, size) = (self.t.disc.radius, self.t.size);
        let (east, north) = (rng.random_bool(0.5), rng.random_bool(0.5));
        let at = |u: f64, w: f64| {
            DVec2::new(
                if east { size - u } else { u },
                if north { size - w } else { w },
            )
        };
        for k in 0..rng.random_range(1..=6) {
            let along = r + 2.0 * r * f64::from(k);
            self.add(at(r, along));
            self.add(at(along, r));
        }
        self.clusters(rng, want);
    }
}

/// A position of `shape` and a stroke into it, from `seed`.
fn position(shape: Shape, seed: u64, p: &Physics) -> (Vec<DVec2>, Stroke) {
    let t = Table::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut place = Place {
        t: &t,
        discs: Vec::new(),
    };
    match shape {
        Shape::Clusters => {
            let want = rng.random_range(2..=16);
            place.clusters(&mut rng, want);
        }
        Shape::Rows => {
            let want = rng.random_range(1..=16);
            place.rows(&mut rng, want);
            place.clusters(&mut rng, want);
        }
        Shape::Corners => {
            let want = rng.random_range(1..=16);
            place.corner(&mut rng, want);
        }
        Shape::Full16 if rng.random_bool(0.5) => place.discs = layout::singles_opening(&t),
        Shape::Full16 | Shape::Full32 => {
            let want = if matches!(shape, Shape::Full16) {
                16
            } else {
                32
            };
            let rows = rng.random_range(0..=want);
            place.rows(&mut rng, rows);
            place.clusters(&mut rng, want);
        }
    }
    let discs = place.discs;
    // The striker anywhere it fits; touching a disc half of the time.
    let (rs, rd) = (t.striker.radius, t.disc.radius);
    let free = |s: DVec2| {
        t.within_cushions(s, rs)
            && t.pocket_at(s).is_none()
            && discs.iter().all(|d| (*d - s).length() >= rs + rd)
    };
    let striker = (0..10_000)
        .map(|_| {
            if !discs.is_empty() && rng.random_bool(0.5) {
                let d = discs[rng.random_range(0..discs.len())];
                let a: f64 = rng.random_range(0.0..std::f64::consts::TAU);
                d + DVec2::new(a.cos(), a.sin()) * (rs + rd)
            } else {
                DVec2::new(
                    rng.random_range(rs..t.size - rs),
                    rng.random_range(rs..t.size - rs),
                )
            }
        })
        .find(|&s| free(s))
        .expect("room for the striker");
    let angle: f64 = rng.random_range(0.0..std::f64::consts::TAU);
    let speed = p.max_stroke_speed * (1.0 - rng.random::<f64>());
    (
        discs,
        Stroke {
            striker,
            direction: DVec2::new(angle.cos(), angle.sin()),
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

/// Interior samples of each stretch between consecutive event times.
const SAMPLES: [f64; 3] = [0.25, 0.5, 0.75];

/// Every check on one outcome.
fn check(t: &Table, p: &Physics, o: &Outcome) -> Result<(), TestCaseError> {
    let tol = p.contact_tolerance;
    prop_assert!(!o.truncated, "truncated after {} events", o.events.len());
    let n = o.fates.len();
    // Finite everywhere.
    prop_assert!(o.duration.is_finite());
    for e in &o.events {
        prop_assert!(e.t.is_finite() && e.t <= o.duration, "{:?}", e);
        if let EventKind::Stop { at, .. } | EventKind::OffTable { at, .. } = e.kind {
            prop_assert!(at.is_finite(), "{:?}", e);
        }
    }
    for path in &o.paths {
        for s in path {
            prop_assert!(
                s.t.is_finite() && s.p.is_finite() && s.v.is_finite() && s.decel.is_finite(),
                "{:?}",
                s
            );
        }
    }
    // Clean at every event and between events.
    let gone_at = |i: usize| match o.fates[i] {
        Fate::OnTable { .. } => f64::INFINITY,
        Fate::Pocketed { t, .. } | Fate::OffTable { t, .. } => t,
    };
    let mut times: Vec<f64> = std::iter::once(0.0)
        .chain(o.events.iter().map(|e| e.t))
        .collect();
    times.dedup();
    let mut samples = times.clone();
    for w in times.windows(2) {
        samples.extend(SAMPLES.iter().map(|f| w[0] + (w[1] - w[0]) * f));
    }
    let mut at = Vec::with_capacity(n);
    for &time in &samples {
        at.clear();
        at.extend(
            (0..n)
                .filter(|&i| gone_at(i) > time)
                .map(|i| (i, o.position_at(Body::from_index(i), time))),
        );
        for (k, &(i, pi)) in at.iter().enumerate() {
            let ri = radius(t, i);
            for side in Cushion::ALL {
                let past = ri - t.distance_to_cushion(pi, side);
                prop_assert!(
                    past <= tol,
                    "body {} {:e} m past the {} cushion at {}",
                    i,
                    past,
                    side,
                    time
                );
            }
            for &(j, pj) in &at[k + 1..] {
                let overlap = ri + radius(t, j) - (pi - pj).length();
                prop_assert!(
                    overlap <= tol,
                    "bodies {} and {} overlap by {:e} m at {}",
                    i,
                    j,
                    overlap,
                    time
                );
            }
        }
    }
    // No instant adds kinetic energy (restitution at most 1, projections
    // onto cones that contain rest).
    let mass = |i: usize| if i == 0 { t.striker.mass } else { t.disc.mass };
    let mut last = f64::INFINITY;
    for &time in &times {
        let energy: f64 = (0..n)
            .filter(|&i| gone_at(i) > time)
            .map(|i| {
                let seg = o.paths[i].iter().rev().find(|s| s.t <= time).unwrap();
                0.5 * mass(i) * seg.velocity(time).length_squared()
            })
            .sum();
        prop_assert!(
            energy <= last * (1.0 + 1e-12) + 1e-15,
            "energy rose to {} from {} at {}",
            energy,
            last,
            time
        );
        last = energy;
    }
    // Where they rest is a valid start for the next stroke, as the next
    // stroke checks it: the discs, and the striker among them too.
    let resting: Vec<(DVec2, f64)> = (0..n)
        .filter_map(|i| o.fates[i].on_table().map(|p| (p, radius(t, i))))
        .collect();
    let refused = check_layout(t, tol, &resting);
    prop_assert!(refused.is_ok(), "final positions refused: {:?}", refused);
    // And each resting place is where its path ends.
    for (i, f) in o.fates.iter().enumerate() {
        if let Fate::OnTable { at } = f {
            let last = o.paths[i].last().unwrap();
            prop_assert_eq!((last.p, last.v), (*at, DVec2::ZERO));
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 50000, ..ProptestConfig::default() })]

    #[test]
    fn hard_positions_resolve_cleanly(shape in shape(), seed in any::<u64>()) {
        let (t, p) = (Table::default(), Physics::default());
        let (discs, stroke) = position(shape, seed, &p);
        let o = Engine::new(t, p).simulate(&discs, &stroke).unwrap();
        check(&t, &p, &o)?;
    }
}

/// The event budget of the other tables. The engine promises that no
/// stroke reaches the default `max_events` (10,000) with the default
/// physics only (docs/physics.md §8, "The `max_events` guard"); elsewhere
/// the budget is a guard that a legitimate stroke may need more of. With
/// `rest_speed` at its floor of 10⁻⁶ m/s, contacts at 10⁻⁶ to 10⁻³ m/s
/// still bounce (the default makes them inelastic), and a train of ten or
/// so touching discs spends its settle budget, about a hundred impulses,
/// at each of dozens of instants microseconds apart. In 400,000
/// strokes into 32 discs with that rest speed (and every other parameter
/// drawn as below), 6 needed more than 10,000 steps, at most 13,223, and
/// each was clean once given them; 1,200,000 more found none needing over
/// 40,000.
const OTHER_TABLES_BUDGET: usize = 40_000;

fn other_table(friction: f64, e_disc: f64, e_cushion: f64, jump: f64, rest_speed: f64) -> Physics {
    Physics {
        friction,
        restitution_disc_disc: e_disc,
        restitution_striker_disc: e_disc,
        restitution_cushion: e_cushion,
        pocket_jump_speed: jump,
        rest_speed,
        max_events: OTHER_TABLES_BUDGET,
        ..Physics::default()
    }
}

/// Once failed `hard_positions_resolve_cleanly_on_other_tables`, truncated
/// after 766 events: a train of discs pushed along the east cushion by the
/// SE pocket, at rest speed 10⁻⁶ m/s, needs 10,684 steps (see
/// [`OTHER_TABLES_BUDGET`]). The failure was reported with its parameters
/// rounded to five digits and without its jump speed; these values lie in
/// that box (8% of 4,000 draws from the box fail the same way; every
/// failure printed had a jump speed of 0).
#[test]
fn a_train_of_discs_at_the_least_rest_speed_resolves_within_the_other_tables_budget() {
    let t = Table::default();
    let p = other_table(
        0.29701702463242374,
        0.3610378743012062,
        0.5036980391618332,
        0.0,
        1e-6,
    );
    let (discs, stroke) = position(Shape::Full32, 3474122452421800552, &p);
    let o = Engine::new(t, p).simulate(&discs, &stroke).unwrap();
    check(&t, &p, &o).unwrap();
    // With the default budget it is cut short, as the guard describes:
    // finite, with every body left where the next stroke accepts it.
    let q = Physics {
        max_events: Physics::default().max_events,
        ..p
    };
    let cut = Engine::new(t, q).simulate(&discs, &stroke).unwrap();
    if cut.truncated {
        assert!(cut.duration.is_finite() && cut.duration <= o.duration);
        let resting: Vec<(DVec2, f64)> = (0..cut.fates.len())
            .filter_map(|i| cut.fates[i].on_table().map(|at| (at, radius(&t, i))))
            .collect();
        check_layout(&t, p.contact_tolerance, &resting).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10000, ..ProptestConfig::default() })]

    /// Other tables within the documented ranges: slow and fast cloth,
    /// dead and perfectly elastic contacts, bodies that fall at any speed
    /// or only when stopped, with the budget of [`OTHER_TABLES_BUDGET`].
    #[test]
    fn hard_positions_resolve_cleanly_on_other_tables(
        shape in shape(),
        seed in any::<u64>(),
        friction in 0.05f64..0.5,
        e_disc in 0.0f64..=1.0,
        e_cushion in 0.0f64..=1.0,
        jump in prop_oneof![Just(0.0), 0.0f64..3.0],
        rest_speed in prop_oneof![Just(1e-6), 1e-6f64..0.01],
    ) {
        let t = Table::default();
        let p = other_table(friction, e_disc, e_cushion, jump, rest_speed);
        let (discs, stroke) = position(shape, seed, &p);
        let o = Engine::new(t, p).simulate(&discs, &stroke).unwrap();
        check(&t, &p, &o)?;
    }
}
