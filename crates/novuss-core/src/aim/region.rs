//! Where the player at a seat may place the striker.
//!
//! [`zone::check_striker_placement`] accepts a striker centre when the
//! striker is wholly on the surface, its hole lies wholly inside the seat's
//! edge zone with no zone line showing through it, and it touches no disc
//! (`000` 1.6, 1.7; `002` 3.1–3.2; `003` "zone de tir"). In the seat's frame
//! ([`SeatFrame`]: `along` the seat's cushion from the player's left,
//! `depth` into the table) that is exactly, with `R` the striker's radius,
//! `h` its hole's radius, `L` the zone lines' offset, `w` their width and
//! `S` the table's size:
//!
//! * `R ≤ depth` (it may touch its own cushion) and `depth < L − w/2 − h`
//!   (124.5 mm on the standard table: the hole clear of the own zone line);
//! * `L + w/2 + h < along < S − (L + w/2 + h)` (135.5 mm from each
//!   neighbouring cushion: the hole clear of the adjacent zone lines), and
//!   `R ≤ along ≤ S − R` (always implied on a real table);
//! * for every disc centre `c`, `|p − c| > R + r + CONTACT_TOLERANCE`:
//!   outside a closed circle around each disc.
//!
//! The rectangle is [`StrikerRegion::along`] × [`StrikerRegion::depth`]; the
//! circles cut it into the free intervals of [`StrikerRegion::free_along`].
//! The bounds are computed from the same quantities as the check, so they
//! agree with it up to the rounding of one or two operations; the check
//! itself ([`StrikerRegion::contains`]) is the final word.

use glam::DVec2;

use super::interval::Interval;
use crate::rules::zone::{check_striker_placement, SeatFrame, CONTACT_TOLERANCE};
use crate::seat::Seat;
use crate::table::Table;

/// How far inside the region's true (partly open) boundary
/// [`StrikerRegion::nearest`] places the striker, m. Far above the rounding
/// of coordinates near 1 m (about 10⁻¹⁶ m), so the point passes the check
/// from every seat's frame; far below anything a player could see.
pub const PLACEMENT_MARGIN: f64 = 1e-9;

/// Where the player at one seat may place the striker, with the discs where
/// they are.
#[derive(Clone, Debug, PartialEq)]
pub struct StrikerRegion {
    table: Table,
    frame: SeatFrame,
    along: Interval,
    depth: Interval,
    /// The discs as given, for the check.
    discs: Vec<DVec2>,
    /// The finite ones in the seat's frame: the check ignores the others
    /// (their distance is never at most the reach).
    blockers: Vec<DVec2>,
}

impl StrikerRegion {
    /// The region of the player at `seat` with playing discs at `discs`.
    pub fn new(table: &Table, seat: Seat, discs: &[DVec2]) -> StrikerRegion {
        let frame = SeatFrame::new(table, seat);
        let (r, s) = (table.striker.radius, table.size);
        let half = table.line_width / 2.0;
        let beside = table.line_offset + half + table.striker.hole_radius;
        let inside = table.line_offset - half - table.striker.hole_radius;
        let on_surface = Interval::closed(r, s - r);
        StrikerRegion {
            table: *table,
            frame,
            along: on_surface.intersect(&Interval::open(beside, s - beside)),
            depth: on_surface.intersect(&Interval::open(f64::NEG_INFINITY, inside)),
            discs: discs.to_vec(),
            blockers: discs
                .iter()
                .filter(|d| d.is_finite())
                .map(|&d| frame.local(d))
                .collect(),
        }
    }

    /// The seat's frame, in which the region is described.
    pub fn frame(&self) -> SeatFrame {
        self.frame
    }

    /// The seat.
    pub fn seat(&self) -> Seat {
        self.frame.seat()
    }

    /// The rectangle's `along` range, discs ignored.
    pub fn along(&self) -> Interval {
        self.along
    }

    /// The rectangle's `depth` range, discs ignored.
    pub fn depth(&self) -> Interval {
        self.depth
    }

    /// The rectangle in table coordinates: its lower-left and upper-right
    /// corners (of its closure), or `None` if it is empty (only on tables
    /// whose zones leave no room for the striker).
    pub fn world_bounds(&self) -> Option<(DVec2, DVec2)> {
        if self.along.is_empty() || self.depth.is_empty() {
            return None;
        }
        let a = self.frame.world(self.along.lo, self.depth.lo);
        let b = self.frame.world(self.along.hi, self.depth.hi);
        Some((a.min(b), a.max(b)))
    }

    /// The radius of the circle around each disc centre that the striker's
    /// centre may not enter or touch.
    pub fn exclusion_radius(&self) -> f64 {
        self.table.striker.radius + self.table.disc.radius + CONTACT_TOLERANCE
    }

    /// Whether the striker may be placed with its centre at `p`: exactly
    /// [`check_striker_placement`].
    pub fn contains(&self, p: DVec2) -> bool {
        check_striker_placement(&self.table, self.seat(), p, &self.discs).is_ok()
    }

    /// The free `along` intervals at `depth`, in increasing order: the
    /// rectangle's `along` range minus each disc's circle. Empty when
    /// `depth` is outside the rectangle. The point at `along` is
    /// `self.frame().world(along, depth)`.
    pub fn free_along(&self, depth: f64) -> Vec<Interval> {
        if !self.depth.contains(depth) || self.along.is_empty() {
            return Vec::new();
        }
        let rho = self.exclusion_radius();
        let mut parts = vec![self.along];
        for c in &self.blockers {
            let e = depth - c.y;
            let h2 = rho * rho - e * e;
            if h2 >= 0.0 {
                let h = h2.sqrt();
                parts = parts
                    .iter()
                    .flat_map(|p| p.without(c.x - h, c.x + h))
                    .filter(|p| !p.is_empty())
                    .collect();
            }
        }
        parts
    }

    /// The legal striker centre nearest to `wanted` (for dragging the
    /// striker in a user interface): `wanted` itself if legal, otherwise the
    /// nearest point of the region kept [`PLACEMENT_MARGIN`] inside its
    /// boundary, verified with the check. `None` if `wanted` is not finite
    /// or no legal point exists.
    ///
    /// Exact, not a search: the nearest point of a rectangle with circles
    /// cut out is the wanted point, or its projection onto an edge or
    /// (radially) onto a circle, or a corner where two of these meet; all of
    /// these are tried.
    pub fn nearest(&self, wanted: DVec2) -> Option<DVec2> {
        if !wanted.is_finite() {
            return None;
        }
        if self.contains(wanted) {
            return Some(wanted);
        }
        let w = self.frame.local(wanted);
        let m = PLACEMENT_MARGIN;
        let (a0, a1) = (self.along.lo + m, self.along.hi - m);
        let (d0, d1) = (self.depth.lo + m, self.depth.hi - m);
        if !(a0 <= a1 && d0 <= d1) {
            return None;
        }
        let rho = self.exclusion_radius() + m;
        let candidates = self.candidates(w, [a0, a1], [d0, d1], rho);
        // Rounding may put a computed corner a hair outside the shrunk
        // region; PLACEMENT_MARGIN leaves plenty of room for that.
        let slack = 1e-12;
        candidates
            .into_iter()
            .filter(|p| p.is_finite())
            .map(|p| DVec2::new(p.x.clamp(a0, a1), p.y.clamp(d0, d1)))
            .filter(|p| {
                self.blockers
                    .iter()
                    .all(|c| (*p - *c).length() >= rho - slack)
            })
            .map(|p| ((p - w).length_squared(), self.frame.world(p.x, p.y)))
            .filter(|&(_, q)| self.contains(q))
            .min_by(|x, y| x.0.total_cmp(&y.0))
            .map(|(_, q)| q)
    }

    /// Every point where the distance to `w` can be least on the boundary of
    /// the rectangle `along` × `depth` with circles of radius `rho` cut out.
    fn candidates(&self, w: DVec2, along: [f64; 2], depth: [f64; 2], rho: f64) -> Vec<DVec2> {
        let mut out = Vec::new();
        // The rectangle: its corners and the projections onto its edges.
        for a in along {
            out.push(DVec2::new(a, w.y));
            for d in depth {
                out.push(DVec2::new(a, d));
            }
        }
        for d in depth {
            out.push(DVec2::new(w.x, d));
        }
        out.push(w);
        for (k, &c) in self.blockers.iter().enumerate() {
            // Radially onto the circle; any point of it if w is its centre.
            let r = w - c;
            if r.length_squared() > 0.0 {
                out.push(c + r * (rho / r.length()));
            } else {
                out.extend([DVec2::X, DVec2::Y, -DVec2::X, -DVec2::Y].map(|u| c + u * rho));
            }
            // Where the circle crosses the rectangle's edges.
            for a in along {
                let h2 = rho * rho - (a - c.x) * (a - c.x);
                if h2 >= 0.0 {
                    let h = h2.sqrt();
                    out.extend([DVec2::new(a, c.y - h), DVec2::new(a, c.y + h)]);
                }
            }
            for d in depth {
                let h2 = rho * rho - (d - c.y) * (d - c.y);
                if h2 >= 0.0 {
                    let h = h2.sqrt();
                    out.extend([DVec2::new(c.x - h, d), DVec2::new(c.x + h, d)]);
                }
            }
            // Where it crosses the other circles.
            for &o in &self.blockers[k + 1..] {
                let between = o - c;
                let half = between.length() / 2.0;
                if half > 0.0 && half <= rho {
                    let mid = c + between / 2.0;
                    let across = between.perp() / (2.0 * half) * (rho * rho - half * half).sqrt();
                    out.extend([mid + across, mid - across]);
                }
            }
        }
        out
    }
}
