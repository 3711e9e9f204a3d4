//! The Novuss table: its playing surface, lines, zones and pockets.
//!
//! # Frame
//! All lengths are in metres. The origin is the south-west inner corner of
//! the playing surface (where the west and south cushions meet), `x` grows
//! east and `y` grows north, so the surface is the square `[0, size]²`.
//! The first player stands at the south cushion, the second at the north.
//!
//! # Sources
//! * Surface 1000 × 1000 mm, lines 130 mm from each cushion, a middle line
//!   across each edge zone, a 250 mm centre circle with two crossed lines, and
//!   four 100 mm pockets centred in the corner squares: `000` 7.1.1–7.1.2.
//! * Discs 30 × 12 mm with an 8 mm hole, striker 45 × 15 mm with a 10 mm
//!   hole: `000` 7.2.1–7.2.2.
//!
//! # Lines have a width
//! A drawn line is [`Table::line_width`] wide (1 mm) and its *centre* lies at
//! the nominal distance (130 mm from the cushion, on the circle of radius
//! 125 mm, …). The rules decide whether a body is "past" a line by looking
//! through its hole (`000` 2.3, `001` "Direct strokes", `002` 2.2 and 3.1), so
//! a body counts as past a line when *no part of the line's width* can be
//! seen through its hole: the whole hole lies beyond the far edge of the line.
//! See [`crate::table::Table::hole_beyond_line`] and its users in the rules.

use glam::DVec2;
use serde::{Deserialize, Serialize};

/// One of the four cushions (edge boards), named by compass side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cushion {
    /// Along `y = 0`.
    South,
    /// Along `x = size`.
    East,
    /// Along `y = size`.
    North,
    /// Along `x = 0`.
    West,
}

impl Cushion {
    /// All four, in the fixed order used wherever the order matters.
    pub const ALL: [Cushion; 4] = [Cushion::South, Cushion::East, Cushion::North, Cushion::West];

    /// The side across the table.
    pub fn opposite(self) -> Cushion {
        match self {
            Cushion::South => Cushion::North,
            Cushion::North => Cushion::South,
            Cushion::East => Cushion::West,
            Cushion::West => Cushion::East,
        }
    }

    /// Unit vector pointing from the table's centre towards this cushion.
    pub fn outward(self) -> DVec2 {
        match self {
            Cushion::South => DVec2::new(0.0, -1.0),
            Cushion::North => DVec2::new(0.0, 1.0),
            Cushion::East => DVec2::new(1.0, 0.0),
            Cushion::West => DVec2::new(-1.0, 0.0),
        }
    }
}

impl std::fmt::Display for Cushion {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Cushion::South => "south",
            Cushion::East => "east",
            Cushion::North => "north",
            Cushion::West => "west",
        })
    }
}

impl std::fmt::Display for Corner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Corner::SouthWest => "south-west",
            Corner::SouthEast => "south-east",
            Corner::NorthEast => "north-east",
            Corner::NorthWest => "north-west",
        })
    }
}

/// One of the four corners, where the pockets are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Corner {
    /// At `(0, 0)`.
    SouthWest,
    /// At `(size, 0)`.
    SouthEast,
    /// At `(size, size)`.
    NorthEast,
    /// At `(0, size)`.
    NorthWest,
}

impl Corner {
    /// All four, counter-clockwise from south-west.
    pub const ALL: [Corner; 4] = [
        Corner::SouthWest,
        Corner::SouthEast,
        Corner::NorthEast,
        Corner::NorthWest,
    ];

    /// The two cushions that meet at this corner.
    pub fn sides(self) -> (Cushion, Cushion) {
        match self {
            Corner::SouthWest => (Cushion::South, Cushion::West),
            Corner::SouthEast => (Cushion::South, Cushion::East),
            Corner::NorthEast => (Cushion::North, Cushion::East),
            Corner::NorthWest => (Cushion::North, Cushion::West),
        }
    }

    /// The corner where two adjacent cushions meet; `None` for opposite sides.
    pub fn between(a: Cushion, b: Cushion) -> Option<Corner> {
        Corner::ALL.into_iter().find(|c| {
            let (p, q) = c.sides();
            (p == a && q == b) || (p == b && q == a)
        })
    }
}

/// The geometry of one kind of body (a playing disc or the striker).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BodySpec {
    /// Outer radius, m.
    pub radius: f64,
    /// Radius of the centre hole through which lines are judged, m.
    pub hole_radius: f64,
    /// Thickness, m (used by the pocket model's documentation and clients).
    pub thickness: f64,
    /// Mass, kg. Only the ratio of masses matters to the collisions.
    pub mass: f64,
}

/// The table and its equipment. Every field is configurable; [`Table::default`]
/// is the federation's table from `000` §7.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Table {
    /// Side of the square playing surface inside the cushions, m. `000` 7.1.1: 1000 mm.
    pub size: f64,
    /// Distance from each cushion to the centre of its zone line, m. `000` 7.1.2: 130 mm.
    pub line_offset: f64,
    /// Width of every drawn line, m. Not given by the books; 1 mm is usual on
    /// federation tables and is what the issue specifies.
    pub line_width: f64,
    /// Radius of the centre circle (to the centre of its line), m. `000` 7.1.2: 250 mm diameter.
    pub circle_radius: f64,
    /// Radius of each pocket hole, m. `000` 7.1.2: 100 mm diameter.
    pub pocket_radius: f64,
    /// Distance of each pocket centre from both cushions of its corner, m:
    /// the centre of the 130 mm corner square (`000` 7.1.2), i.e. 65 mm.
    pub pocket_inset: f64,
    /// A playing disc: 30 mm × 12 mm, 8 mm hole (`000` 7.2.1), 6.0 g.
    pub disc: BodySpec,
    /// The striker: 45 mm × 15 mm, 10 mm hole (`000` 7.2.2), 17 g.
    pub striker: BodySpec,
}

impl Default for Table {
    fn default() -> Self {
        Table {
            size: 1.0,
            line_offset: 0.130,
            line_width: 0.001,
            circle_radius: 0.125,
            pocket_radius: 0.050,
            pocket_inset: 0.065,
            disc: BodySpec {
                radius: 0.015,
                hole_radius: 0.004,
                thickness: 0.012,
                mass: 0.0060,
            },
            striker: BodySpec {
                radius: 0.0225,
                hole_radius: 0.005,
                thickness: 0.015,
                mass: 0.017,
            },
        }
    }
}

impl Table {
    /// Centre of the playing surface.
    pub fn centre(&self) -> DVec2 {
        DVec2::splat(self.size / 2.0)
    }

    /// Centre of the pocket in `corner`.
    pub fn pocket_centre(&self, corner: Corner) -> DVec2 {
        let (lo, hi) = (self.pocket_inset, self.size - self.pocket_inset);
        match corner {
            Corner::SouthWest => DVec2::new(lo, lo),
            Corner::SouthEast => DVec2::new(hi, lo),
            Corner::NorthEast => DVec2::new(hi, hi),
            Corner::NorthWest => DVec2::new(lo, hi),
        }
    }

    /// The pocket whose hole contains `p`, if any.
    pub fn pocket_at(&self, p: DVec2) -> Option<Corner> {
        Corner::ALL
            .into_iter()
            .find(|&c| (p - self.pocket_centre(c)).length_squared() < self.pocket_radius.powi(2))
    }

    /// Signed distance from `p` to the inner face of cushion `side`
    /// (positive on the playing surface).
    pub fn distance_to_cushion(&self, p: DVec2, side: impl Into<Cushion>) -> f64 {
        let side: Cushion = side.into();
        match side {
            Cushion::South => p.y,
            Cushion::North => self.size - p.y,
            Cushion::West => p.x,
            Cushion::East => self.size - p.x,
        }
    }

    /// Whether a body of `radius` centred at `p` lies on the surface, inside
    /// all four cushions (touching one is allowed).
    pub fn within_cushions(&self, p: DVec2, radius: f64) -> bool {
        Cushion::ALL
            .into_iter()
            .all(|s| self.distance_to_cushion(p, s) >= radius)
    }

    /// Whether a hole of radius `hole_radius` centred at `p` lies wholly
    /// beyond the far edge of the line at distance `line_at` from cushion
    /// `side`, on the cushion's side of it: no part of the line shows
    /// through the hole (see the module docs on line width).
    pub fn hole_beyond_line(
        &self,
        p: DVec2,
        hole_radius: f64,
        side: impl Into<Cushion>,
        line_at: f64,
    ) -> bool {
        self.distance_to_cushion(p, side) + hole_radius < line_at - self.line_width / 2.0
    }

    /// Whether a hole of radius `hole_radius` centred at `p` lies wholly
    /// inside the centre circle, clear of its line.
    pub fn hole_inside_circle(&self, p: DVec2, hole_radius: f64) -> bool {
        (p - self.centre()).length() + hole_radius < self.circle_radius - self.line_width / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pockets_sit_in_the_corner_squares() {
        let t = Table::default();
        assert_eq!(t.pocket_centre(Corner::SouthWest), DVec2::new(0.065, 0.065));
        assert_eq!(t.pocket_centre(Corner::NorthEast), DVec2::new(0.935, 0.935));
        assert_eq!(t.pocket_at(DVec2::new(0.9, 0.1)), Some(Corner::SouthEast));
        assert_eq!(t.pocket_at(DVec2::new(0.5, 0.5)), None);
    }

    #[test]
    fn a_line_shows_through_a_hole_until_the_hole_clears_its_width() {
        let t = Table::default();
        // A disc whose hole edge is exactly at the line's near edge still shows the line.
        let y_clear = 0.130 - 0.0005 - 0.004;
        let just = DVec2::new(0.5, y_clear);
        assert!(!t.hole_beyond_line(just, 0.004, Cushion::South, t.line_offset));
        let beyond = DVec2::new(0.5, y_clear - 1e-6);
        assert!(t.hole_beyond_line(beyond, 0.004, Cushion::South, t.line_offset));
    }

    #[test]
    fn corners_join_adjacent_sides_only() {
        assert_eq!(
            Corner::between(Cushion::West, Cushion::North),
            Some(Corner::NorthWest)
        );
        assert_eq!(Corner::between(Cushion::East, Cushion::West), None);
    }
}
