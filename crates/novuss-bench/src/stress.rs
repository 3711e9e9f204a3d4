//! Hard positions for the engine: touching clusters, rows against cushions,
//! discs wedged into corners and full tables, struck from anywhere at any
//! speed the engine accepts. Random play rarely builds these, yet they are
//! where an event-driven engine is most likely to stall (many bodies in
//! contact at one instant) or to leave bodies where the next stroke
//! refuses them.

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::Physics;
use novuss_core::table::{Corner, Cushion, Table};
use novuss_core::DVec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::Scenario;

/// How the discs of one position are laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Anywhere on the surface, apart.
    Scattered,
    /// Chains of discs each touching an earlier one.
    Clusters,
    /// Touching rows pressed against cushions.
    Rows,
    /// Discs packed into the corners, against both cushions and each other.
    Corners,
    /// A full table: 32 discs in rows and clusters.
    Full,
}

impl Shape {
    pub const ALL: [Shape; 5] = [
        Shape::Scattered,
        Shape::Clusters,
        Shape::Rows,
        Shape::Corners,
        Shape::Full,
    ];
}

/// `count` stress positions and strokes, fixed by `seed`: the shapes in
/// turn, 1 to 32 discs (32 for [`Shape::Full`]), the striker anywhere it
/// fits, aimed anywhere, at a speed drawn uniformly from
/// `(0, physics.max_stroke_speed]`.
pub fn stress_shots(table: &Table, physics: &Physics, count: usize, seed: u64) -> Vec<Scenario> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|k| {
            let shape = Shape::ALL[k % Shape::ALL.len()];
            stress_shot(table, physics, shape, &mut rng)
        })
        .collect()
}

/// One stress position of `shape` and a stroke into it.
pub fn stress_shot(table: &Table, physics: &Physics, shape: Shape, rng: &mut impl Rng) -> Scenario {
    let want = match shape {
        Shape::Full => 32,
        _ => rng.random_range(1..=32),
    };
    let mut discs = Vec::with_capacity(want);
    let mut layout = Layout {
        table,
        discs: &mut discs,
    };
    match shape {
        Shape::Scattered => layout.scatter(rng, want),
        Shape::Clusters => layout.clusters(rng, want),
        Shape::Rows => layout.rows(rng, want),
        Shape::Corners => layout.corners(rng, want),
        Shape::Full => {
            let rows = rng.random_range(0..=want);
            layout.rows(rng, rows);
            layout.clusters(rng, want);
        }
    }
    let striker = striker_spot(table, &discs, rng);
    let angle: f64 = rng.random_range(0.0..std::f64::consts::TAU);
    // Uniform in (0, max]: 1 − [0, 1) never gives zero.
    let speed = physics.max_stroke_speed * (1.0 - rng.random::<f64>());
    Scenario {
        discs,
        stroke: Stroke {
            striker,
            direction: DVec2::new(angle.cos(), angle.sin()),
            speed,
        },
    }
}

/// A place for the striker clear of every disc and hole: touching a disc
/// or a cushion half of the time, since contacts at the start are their
/// own case.
fn striker_spot(table: &Table, discs: &[DVec2], rng: &mut impl Rng) -> DVec2 {
    let (rs, rd) = (table.striker.radius, table.disc.radius);
    let free = |p: DVec2| {
        table.within_cushions(p, rs)
            && table.pocket_at(p).is_none()
            && discs.iter().all(|d| (*d - p).length() >= rs + rd)
    };
    for _ in 0..1000 {
        let p = if !discs.is_empty() && rng.random_bool(0.5) {
            let d = discs[rng.random_range(0..discs.len())];
            let a: f64 = rng.random_range(0.0..std::f64::consts::TAU);
            d + DVec2::new(a.cos(), a.sin()) * (rs + rd)
        } else {
            DVec2::new(
                rng.random_range(rs..table.size - rs),
                rng.random_range(rs..table.size - rs),
            )
        };
        if free(p) {
            return p;
        }
    }
    // A full table still leaves the centre or some edge free; search a grid.
    let steps = 200;
    (0..steps * steps)
        .map(|k| {
            let f = |i: usize| rs + (table.size - 2.0 * rs) * i as f64 / (steps - 1) as f64;
            DVec2::new(f(k % steps), f(k / steps))
        })
        .find(|&p| free(p))
        .expect("a stress position leaves room for the striker")
}

/// Discs being placed on `table`.
struct Layout<'a> {
    table: &'a Table,
    discs: &'a mut Vec<DVec2>,
}

impl Layout<'_> {
    /// Adds a disc at `p` if it lies on the surface, clear of the holes and
    /// not overlapping another disc (touching allowed); returns whether.
    fn try_add(&mut self, p: DVec2) -> bool {
        let r = self.table.disc.radius;
        let ok = self.table.within_cushions(p, r)
            && self.table.pocket_at(p).is_none()
            && self.discs.iter().all(|d| (*d - p).length() >= 2.0 * r);
        if ok {
            self.discs.push(p);
        }
        ok
    }

    fn scatter(&mut self, rng: &mut impl Rng, want: usize) {
        let r = self.table.disc.radius;
        let size = self.table.size;
        for _ in 0..100 * want {
            if self.discs.len() >= want {
                break;
            }
            self.try_add(DVec2::new(
                rng.random_range(r..size - r),
                rng.random_range(r..size - r),
            ));
        }
    }

    /// Each new disc touches an earlier one (or, to start a chain, lies
    /// anywhere or against a cushion).
    fn clusters(&mut self, rng: &mut impl Rng, want: usize) {
        let r = self.table.disc.radius;
        let size = self.table.size;
        for _ in 0..200 * want {
            if self.discs.len() >= want {
                break;
            }
            let p = if self.discs.is_empty() || rng.random_bool(0.1) {
                let mut p =
                    DVec2::new(rng.random_range(r..size - r), rng.random_range(r..size - r));
                if rng.random_bool(0.5) {
                    // Against a cushion.
                    match Cushion::ALL[rng.random_range(0..4)] {
                        Cushion::South => p.y = r,
                        Cushion::North => p.y = size - r,
                        Cushion::West => p.x = r,
                        Cushion::East => p.x = size - r,
                    }
                }
                p
            } else {
                let d = self.discs[rng.random_range(0..self.discs.len())];
                // Sometimes along an axis, where rows and cushions line up
                // exactly; otherwise at any angle.
                let a: f64 = if rng.random_bool(0.3) {
                    std::f64::consts::FRAC_PI_2 * f64::from(rng.random_range(0..4u8))
                } else {
                    rng.random_range(0.0..std::f64::consts::TAU)
                };
                d + DVec2::new(a.cos(), a.sin()) * (2.0 * r)
            };
            self.try_add(p);
        }
    }

    /// Rows of touching discs against random cushions, at random places
    /// along them.
    fn rows(&mut self, rng: &mut impl Rng, want: usize) {
        let r = self.table.disc.radius;
        let size = self.table.size;
        let mut tries = 0;
        while self.discs.len() < want && tries < 50 {
            tries += 1;
            let side = Cushion::ALL[rng.random_range(0..4)];
            let len = rng.random_range(1..=(want - self.discs.len()).min(16));
            let start = rng.random_range(r..size - r);
            for k in 0..len {
                let along = start + 2.0 * r * k as f64;
                let p = match side {
                    Cushion::South => DVec2::new(along, r),
                    Cushion::North => DVec2::new(along, size - r),
                    Cushion::West => DVec2::new(r, along),
                    Cushion::East => DVec2::new(size - r, along),
                };
                if !self.try_add(p) {
                    break;
                }
            }
        }
        self.scatter(rng, want);
    }

    /// Discs in the corners: against both cushions, then packed against
    /// them and each other, beside the pockets.
    fn corners(&mut self, rng: &mut impl Rng, want: usize) {
        let r = self.table.disc.radius;
        let size = self.table.size;
        for corner in Corner::ALL {
            let (sx, sy) = match corner {
                Corner::SouthWest => (1.0, 1.0),
                Corner::SouthEast => (-1.0, 1.0),
                Corner::NorthEast => (-1.0, -1.0),
                Corner::NorthWest => (1.0, -1.0),
            };
            let origin = DVec2::new(
                if sx > 0.0 { 0.0 } else { size },
                if sy > 0.0 { 0.0 } else { size },
            );
            // Along both cushions from the corner, out past the hole.
            for k in 0..8 {
                if self.discs.len() >= want {
                    return;
                }
                let along = r + 2.0 * r * k as f64;
                self.try_add(origin + DVec2::new(sx * r, sy * along));
                self.try_add(origin + DVec2::new(sx * along, sy * r));
            }
        }
        self.clusters(rng, want);
    }
}
