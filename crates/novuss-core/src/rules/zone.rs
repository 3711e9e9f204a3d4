//! Blind zones, light and dark discs, and where and how the striker may be
//! placed and aimed: the pure geometry the referee judges strokes with.
//!
//! # Seats
//! A player is named by the [`Cushion`] (seat) they play from: South and North in
//! singles, all four in the four-player game, partners opposite in doubles
//! (`000` 1.1, 4.1, 5.1; `002` "Number of Players"; `003` "Particularité du
//! jeu en double"). Every function here takes the seat and works through a
//! [`SeatFrame`], the table seen from that seat, so there is one copy of the
//! logic for all four.
//!
//! # The zones
//! Zone lines are drawn 130 mm from each cushion, edge to edge
//! ([`Table::line_offset`], `000` 7.1.2). A player's own *edge zone* is the
//! strip between their cushion and that cushion's zone line, bounded at the
//! ends by the zone lines of the two neighbouring cushions; the corner squares
//! with the pockets are not part of it (`000` 1.6, 7.1.2; `002` 2.1, 3.1;
//! `003` "zone de tir ... aucune des deux lignes délimitant la zone"). The
//! player's *blind zones* are their own edge zone and the centre circle
//! (`000` 2.1, 7.1.2; `001` "Direct strokes"; `002` 2.1; `003` "Pions clairs
//! et pions foncés").
//!
//! # Looking through the hole
//! A body is inside a zone only when no part of a bordering line shows
//! through its hole (`000` 2.3; `001` "Direct strokes"; `002` 2.2, 3.1, 3.7;
//! `003`). Lines are [`Table::line_width`] wide, so the whole hole must be
//! clear of the line's *far* edge; see [`Table::hole_beyond_line`]. Lines that
//! do not border a zone — the middle line of an edge zone and the cross in
//! the circle (`000` 7.1.2) — play no part: a disc lying on them is still in
//! the zone.

use std::fmt;

use glam::DVec2;

use crate::seat::Seat;
use crate::table::{Corner, Cushion, Table};

/// Two bodies closer than this gap (m) are touching. Equal to the physics'
/// default [`crate::physics::Physics::contact_tolerance`], so the referee and
/// the engine agree on what "touching" means.
pub const CONTACT_TOLERANCE: f64 = 1e-9;

/// The table seen from one seat: `depth` is the distance from the seat's own
/// cushion into the table, `along` the position along that cushion measured
/// from the player's left-hand corner (the player stands at the cushion
/// facing the centre).
///
/// | seat  | left-hand cushion | `along` | `depth`     |
/// |-------|-------------------|---------|-------------|
/// | South | West              | `x`     | `y`         |
/// | North | East              | `1 − x` | `1 − y`     |
/// | East  | South             | `y`     | `1 − x`     |
/// | West  | North             | `1 − y` | `x`         |
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatFrame {
    seat: Seat,
    size: f64,
}

impl SeatFrame {
    /// The frame of the player seated at `seat`.
    pub fn new(table: &Table, seat: Seat) -> SeatFrame {
        SeatFrame {
            seat,
            size: table.size,
        }
    }

    /// The seat (and the cushion the player stands at).
    pub fn seat(self) -> Seat {
        self.seat
    }

    /// The cushion on the player's left hand (where `along` is 0).
    pub fn left(self) -> Cushion {
        clockwise_next(self.seat.cushion())
    }

    /// The cushion on the player's right hand (where `along` is the table size).
    pub fn right(self) -> Cushion {
        self.left().opposite()
    }

    /// The near corner on the player's left.
    pub fn left_corner(self) -> Corner {
        Corner::between(self.seat.cushion(), self.left()).expect("adjacent sides meet")
    }

    /// The near corner on the player's right.
    pub fn right_corner(self) -> Corner {
        Corner::between(self.seat.cushion(), self.right()).expect("adjacent sides meet")
    }

    /// Unit vector from the seat's cushion into the table.
    pub fn inward(self) -> DVec2 {
        -self.seat.cushion().outward()
    }

    /// Unit vector along the seat's cushion, towards the player's right.
    pub fn rightward(self) -> DVec2 {
        let n = self.inward();
        DVec2::new(n.y, -n.x)
    }

    /// The near left corner of the surface, where `along` and `depth` are 0.
    fn origin(self) -> DVec2 {
        let half = self.size / 2.0;
        DVec2::splat(half) + (self.seat.cushion().outward() + self.left().outward()) * half
    }

    /// Distance of `p` from the seat's cushion (positive on the surface);
    /// equal to [`Table::distance_to_cushion`] for the seat.
    pub fn depth(self, p: DVec2) -> f64 {
        (p - self.origin()).dot(self.inward())
    }

    /// Position of `p` along the seat's cushion, from the player's left.
    pub fn along(self, p: DVec2) -> f64 {
        (p - self.origin()).dot(self.rightward())
    }

    /// `(along, depth)` of a table point.
    pub fn local(self, p: DVec2) -> DVec2 {
        DVec2::new(self.along(p), self.depth(p))
    }

    /// The table point at `along`, `depth`.
    pub fn world(self, along: f64, depth: f64) -> DVec2 {
        self.origin() + self.rightward() * along + self.inward() * depth
    }

    /// A direction (not a point) in this frame: `(along, depth)` components.
    pub fn local_dir(self, d: DVec2) -> DVec2 {
        DVec2::new(d.dot(self.rightward()), d.dot(self.inward()))
    }
}

/// The next cushion clockwise, seen from above with north up:
/// North → East → South → West → North.
pub fn clockwise_next(side: Cushion) -> Cushion {
    match side {
        Cushion::North => Cushion::East,
        Cushion::East => Cushion::South,
        Cushion::South => Cushion::West,
        Cushion::West => Cushion::North,
    }
}

/// A player's blind zone (`000` 2.1, 7.1.2; `002` 2.1; `001` "Direct
/// strokes": "dark area"; `003` "zones en jaune").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BlindZone {
    /// The player's own edge zone, between the adjacent zone lines.
    Edge,
    /// The centre circle.
    Circle,
}

/// How a hole lies with respect to one zone line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LineView {
    /// Wholly on the zone's side, clear of the line's width.
    Clear,
    /// Part of the line's width shows through the hole.
    Visible,
    /// Wholly on the far side of the line, outside the zone.
    Beyond,
}

/// Where a hole of radius `h` centred at `p` lies with respect to the zone line
/// of `seat`'s edge zone, and the two adjacent zone lines (the lines along the
/// neighbouring cushions), in the order own line, left line, right line.
fn edge_zone_lines(table: &Table, seat: Seat, p: DVec2, h: f64) -> [(Cushion, LineView); 3] {
    let frame = SeatFrame::new(table, seat);
    let (line, half_w) = (table.line_offset, table.line_width / 2.0);
    // The own zone line is parallel to the cushion: the zone is on the cushion side.
    let d = frame.depth(p);
    let own = if d + h < line - half_w {
        LineView::Clear
    } else if d - h > line + half_w {
        LineView::Beyond
    } else {
        LineView::Visible
    };
    // An adjacent zone line: the zone is on the far side from that cushion.
    let adjacent = |side: Cushion| {
        let e = table.distance_to_cushion(p, side);
        if e - h > line + half_w {
            LineView::Clear
        } else if e + h < line - half_w {
            LineView::Beyond
        } else {
            LineView::Visible
        }
    };
    [
        (seat.cushion(), own),
        (frame.left(), adjacent(frame.left())),
        (frame.right(), adjacent(frame.right())),
    ]
}

/// Whether a hole of radius `hole_radius` centred at `centre` lies wholly
/// inside `seat`'s own edge zone: on the surface, on the cushion side of the
/// seat's zone line and between the two adjacent zone lines, with no part of
/// any of these lines' width showing (`000` 1.6, 2.3, 7.1.2; `002` 2.1–2.2,
/// 3.1; `003` "zone de tir"). The corner squares are outside it.
pub fn hole_in_edge_zone(table: &Table, seat: Seat, centre: DVec2, hole_radius: f64) -> bool {
    // The three lines of `edge_zone_lines`, each required `Clear`, tested
    // directly and the own line first: most discs fail there, and the
    // referee asks this of every disc of every stroke it judges.
    let (line, half_w, h) = (table.line_offset, table.line_width / 2.0, hole_radius);
    let own = seat.cushion();
    let d = table.distance_to_cushion(centre, own);
    if !(d - h >= 0.0 && d + h < line - half_w) {
        return false;
    }
    let left = clockwise_next(own);
    [left, left.opposite()]
        .into_iter()
        .all(|side| table.distance_to_cushion(centre, side) - h > line + half_w)
}

/// Which of `seat`'s blind zones the hole of a playing disc centred at
/// `disc_centre` lies wholly inside, if any: the seat's own edge zone or the
/// centre circle, with the bordering line nowhere visible through the hole
/// (`000` 2.1, 2.3; `001` "Direct strokes"; `002` 2.1–2.2; `003` "Pions
/// clairs et pions foncés").
///
/// The referee asks this for the striking player's discs (are they dark?) and
/// for an opponent's disc with the *opponent's* seat (was it driven into or
/// out of the opponent's blind zone? `000` 3.6.4, 3.6.6, 3.6.11; `002` 4.5).
pub fn blind_zone(table: &Table, seat: Seat, disc_centre: DVec2) -> Option<BlindZone> {
    let h = table.disc.hole_radius;
    if hole_in_edge_zone(table, seat, disc_centre, h) {
        Some(BlindZone::Edge)
    } else if table.hole_inside_circle(disc_centre, h) {
        Some(BlindZone::Circle)
    } else {
        None
    }
}

/// Whether a disc of the player at `seat` centred at `disc_centre` is *dark*
/// ("blind", `000` 2.1–2.3; "dark disc", `001` "Direct strokes"; "blind
/// disc", `002` 2.2; "pion foncé", `003`): in one of the player's blind zones
/// with the zone's border invisible through its hole. Otherwise it is *light*
/// ("active", `002` 2.3; "pion clair", `003`) and may be struck directly.
pub fn is_dark(table: &Table, seat: Seat, disc_centre: DVec2) -> bool {
    blind_zone(table, seat, disc_centre).is_some()
}

/// Why a striker placement is illegal (`000` 1.6–1.7; `002` 3.1–3.2; `003`).
/// The referee rejects the stroke as invalid with this reason.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum StrikerError {
    /// The position is NaN or infinite.
    NotFinite,
    /// The striker reaches past a cushion.
    OffSurface,
    /// Part of the zone line along cushion `line` shows through the striker's
    /// hole: `line` is the seat itself (its own zone line) or a neighbouring
    /// cushion (an adjacent zone line bounding the edge zone).
    LineVisible {
        /// The cushion the line runs along.
        line: Cushion,
    },
    /// The striker's hole lies wholly beyond the zone line along cushion
    /// `line`, outside the edge zone (towards the centre for the seat's own
    /// line, in a corner square for an adjacent line).
    OutsideZone {
        /// The cushion the line runs along.
        line: Cushion,
    },
    /// The striker touches or overlaps playing disc `index` of the list
    /// given (the referee reports the disc's id instead).
    TouchesDisc {
        /// Its place in the list given.
        index: usize,
    },
}

impl fmt::Display for StrikerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrikerError::NotFinite => write!(f, "the striker position is not a finite number"),
            StrikerError::OffSurface => {
                write!(f, "the striker is not wholly on the playing surface")
            }
            StrikerError::LineVisible { line } => write!(
                f,
                "the zone line along the {} cushion shows through the striker's hole",
                line
            ),
            StrikerError::OutsideZone { line } => write!(
                f,
                "the striker's hole is beyond the zone line along the {} cushion, outside the edge zone",
                line
            ),
            StrikerError::TouchesDisc { index } => write!(f, "the striker touches disc {index}"),
        }
    }
}

impl std::error::Error for StrikerError {}

/// Checks where the player at `seat` has placed the striker before a stroke:
/// wholly on the surface, its hole wholly inside the player's own edge zone
/// between the adjacent zone lines with no line showing through it, and
/// touching no disc (`000` 1.6, 1.7, 1.14; `001` "The Game"; `002` 3.1–3.2;
/// `003` "le palet peut être placé à n'importe quel endroit de la zone de
/// tir ... aucune des deux lignes ... ne soit visible ... en contact avec
/// aucun pion"). Problems are reported in that order, the first found.
///
/// "Touching" means a gap of at most [`CONTACT_TOLERANCE`]: `002` 3.2 forbids
/// placing the striker "directly next to" a disc.
pub fn check_striker_placement(
    table: &Table,
    seat: Seat,
    striker: DVec2,
    discs: &[DVec2],
) -> Result<(), StrikerError> {
    if !striker.is_finite() {
        return Err(StrikerError::NotFinite);
    }
    if !table.within_cushions(striker, table.striker.radius) {
        return Err(StrikerError::OffSurface);
    }
    for (line, view) in edge_zone_lines(table, seat, striker, table.striker.hole_radius) {
        match view {
            LineView::Clear => {}
            LineView::Visible => return Err(StrikerError::LineVisible { line }),
            LineView::Beyond => return Err(StrikerError::OutsideZone { line }),
        }
    }
    let reach = table.striker.radius + table.disc.radius;
    if let Some(index) = discs
        .iter()
        .position(|&d| (d - striker).length() - reach <= CONTACT_TOLERANCE)
    {
        return Err(StrikerError::TouchesDisc { index });
    }
    Ok(())
}

/// Why an aim is illegal (`000` 1.15; `002` 3.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AimError {
    /// The direction is zero, NaN or infinite.
    NoDirection,
    /// The direction does not point away from the player's own cushion, so
    /// the cue could not rest on the near edge behind the striker.
    NotAwayFromNearCushion,
    /// Followed back from the striker, the cue would cross the near cushion at
    /// or beyond this near corner instead of strictly between the two.
    CueOverCorner {
        /// The corner.
        corner: Corner,
    },
}

impl fmt::Display for AimError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AimError::NoDirection => write!(f, "the stroke direction is zero or not finite"),
            AimError::NotAwayFromNearCushion => {
                write!(f, "the stroke does not point away from the player's own cushion")
            }
            AimError::CueOverCorner { corner } => write!(
                f,
                "the cue would rest on or beyond the {} corner, not on the near edge between the corners",
                corner
            ),
        }
    }
}

impl std::error::Error for AimError {}

/// Checks the aim of the player at `seat` pushing the striker at `striker` in
/// `direction` (any length). The cue may rest only on the near edge from
/// corner to corner (`000` 1.15) and may not cover the inner corners (`002`
/// 3.4), so the push must point away from the near cushion and the cue's
/// line, followed backwards from the striker's centre, must meet the near
/// cushion strictly between the two near inner corners. The cue is taken as
/// its centre line (its width is not modelled).
pub fn check_aim(
    table: &Table,
    seat: Seat,
    striker: DVec2,
    direction: DVec2,
) -> Result<(), AimError> {
    if !direction.is_finite() || direction.length_squared() == 0.0 {
        return Err(AimError::NoDirection);
    }
    let frame = SeatFrame::new(table, seat);
    let dir = frame.local_dir(direction);
    if dir.y <= 0.0 {
        return Err(AimError::NotAwayFromNearCushion);
    }
    let here = frame.local(striker);
    // Back along the cue to depth 0: along − (depth / dir.depth) · dir.along.
    let at = here.x - here.y / dir.y * dir.x;
    if at <= 0.0 {
        Err(AimError::CueOverCorner {
            corner: frame.left_corner(),
        })
    } else if at >= table.size {
        Err(AimError::CueOverCorner {
            corner: frame.right_corner(),
        })
    } else {
        Ok(())
    }
}

/// The depth (distance from the player's own cushion) below which the
/// striker's hole is wholly on the cushion side of the player's zone line:
/// `line_offset − line_width / 2 − striker.hole_radius` (124.5 mm on the
/// standard table). The referee can intersect the striker's path with this.
pub fn striker_return_depth(table: &Table) -> f64 {
    table.line_offset - table.line_width / 2.0 - table.striker.hole_radius
}

/// Whether the striker centred at `striker` has come back over the zone line
/// of the player at `seat`: the line no longer shows through its hole because
/// the hole lies wholly on the cushion side of it (`001` "Losing the rights
/// to stroke": "the line is no longer visible through the puck hole"; `002`
/// 3.7; `003` "le palet ne doit pas revenir dans la zone de tir").
///
/// Only the seat's own zone line counts, and it is drawn from edge to edge
/// (`000` 7.1.2), so the corner squares on that side count too. At the start
/// of a stroke the striker is on the cushion side by construction; the rule is
/// about coming *back*, so the referee must only apply this after the striker
/// has been seen beyond the line.
pub fn striker_back_over_own_line(table: &Table, seat: Seat, striker: DVec2) -> bool {
    table.hole_beyond_line(striker, table.striker.hole_radius, seat, table.line_offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    const EPS: f64 = 1e-12;

    fn close(a: DVec2, b: DVec2) -> bool {
        (a - b).length() < EPS
    }

    /// Standard table: the disc's hole is 4 mm, the striker's 5 mm, the
    /// lines 1 mm wide centred 130 mm from each cushion (`000` 7.1.2, 7.2).
    fn t() -> Table {
        Table::default()
    }

    /// The deepest a disc's centre may be and still be dark in the edge zone:
    /// 130 − 0.5 − 4 = 125.5 mm (hole edge at the line's near edge).
    const DISC_EDGE_LIMIT: f64 = 0.130 - 0.0005 - 0.004;
    /// The nearest a disc's centre may be to an adjacent cushion and be dark:
    /// 130 + 0.5 + 4 = 134.5 mm.
    const DISC_END_LIMIT: f64 = 0.130 + 0.0005 + 0.004;

    // ---- the seat frame ------------------------------------------------

    #[test]
    fn seat_frames_match_the_table_and_round_trip() {
        let table = t();
        let p = DVec2::new(0.2, 0.7);
        // Expected (along, depth) per the table in SeatFrame's docs.
        let expected = [
            (Seat::South, DVec2::new(0.2, 0.7), Seat::West),
            (Seat::North, DVec2::new(0.8, 0.3), Seat::East),
            (Seat::East, DVec2::new(0.7, 0.8), Seat::South),
            (Seat::West, DVec2::new(0.3, 0.2), Seat::North),
        ];
        for (seat, local, left) in expected {
            let f = SeatFrame::new(&table, seat);
            assert!(close(f.local(p), local), "{seat:?}: {:?}", f.local(p));
            assert!(close(f.world(local.x, local.y), p), "{seat:?}");
            assert_eq!(f.left(), left.cushion());
            assert_eq!(f.right(), left.opposite().cushion());
            assert!((f.depth(p) - table.distance_to_cushion(p, seat)).abs() < EPS);
            // The left-hand corner is where along = depth = 0.
            let origin = f.world(0.0, 0.0);
            let corner = f.left_corner();
            let (a, b) = corner.sides();
            assert!(table.distance_to_cushion(origin, a).abs() < EPS, "{seat:?}");
            assert!(table.distance_to_cushion(origin, b).abs() < EPS, "{seat:?}");
        }
    }

    #[test]
    fn clockwise_is_north_east_south_west() {
        assert_eq!(clockwise_next(Cushion::North), Cushion::East);
        assert_eq!(clockwise_next(Cushion::East), Cushion::South);
        assert_eq!(clockwise_next(Cushion::South), Cushion::West);
        assert_eq!(clockwise_next(Cushion::West), Cushion::North);
    }

    // ---- dark and light discs -----------------------------------------

    /// `000` 2.3, `002` 2.2: exactly at the limit the hole's edge meets the
    /// line's near edge, so the line still shows: light. One micrometre
    /// nearer the cushion the hole is clear: dark. (South: exact arithmetic.)
    #[test]
    fn dark_vs_light_at_the_zone_line_000_2_3() {
        let table = t();
        let touching = DVec2::new(0.5, DISC_EDGE_LIMIT);
        assert!(!is_dark(&table, Seat::South, touching));
        let clear = DVec2::new(0.5, DISC_EDGE_LIMIT - 1e-6);
        assert!(is_dark(&table, Seat::South, clear));
        assert_eq!(
            blind_zone(&table, Seat::South, clear),
            Some(BlindZone::Edge)
        );
    }

    /// The same at every seat, with 1 µm margins either side of the limit.
    #[test]
    fn dark_vs_light_at_the_zone_line_every_seat_000_2_3() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            let dark = f.world(0.3, DISC_EDGE_LIMIT - 1e-6);
            let light = f.world(0.3, DISC_EDGE_LIMIT + 1e-6);
            let beyond = f.world(0.3, 0.2);
            assert!(is_dark(&table, seat, dark), "{seat:?}");
            assert!(!is_dark(&table, seat, light), "{seat:?}");
            assert!(!is_dark(&table, seat, beyond), "{seat:?}");
            // The disc against the cushion in the middle of the zone is dark.
            assert!(is_dark(&table, seat, f.world(0.5, 0.015)), "{seat:?}");
        }
    }

    /// `000` 7.1.2, `002` 2.1: the corner squares with the pockets are not
    /// blind; the adjacent zone lines bound the edge zone like the own line.
    #[test]
    fn corner_squares_are_not_blind_every_seat_000_7_1_2() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            // In the corner square, next to the pocket.
            assert!(!is_dark(&table, seat, f.world(0.110, 0.015)), "{seat:?}");
            assert!(!is_dark(&table, seat, f.world(0.890, 0.015)), "{seat:?}");
            // Hole 1 µm clear of the left line's far edge: dark; 1 µm onto it: light.
            assert!(is_dark(&table, seat, f.world(DISC_END_LIMIT + 1e-6, 0.05)));
            assert!(!is_dark(&table, seat, f.world(DISC_END_LIMIT - 1e-6, 0.05)));
            // The same at the right line.
            assert!(is_dark(
                &table,
                seat,
                f.world(1.0 - DISC_END_LIMIT - 1e-6, 0.05)
            ));
            assert!(!is_dark(
                &table,
                seat,
                f.world(1.0 - DISC_END_LIMIT + 1e-6, 0.05)
            ));
        }
    }

    /// `000` 7.1.2 draws a middle line across the edge zone; it marks the
    /// centre and is not a border, so a disc on it stays dark.
    #[test]
    fn the_edge_zone_middle_line_is_not_a_border_000_7_1_2() {
        let table = t();
        assert!(is_dark(&table, Seat::South, DVec2::new(0.5, 0.015)));
    }

    /// `000` 2.1, `002` 2.1, `001` "Direct strokes": the centre circle is a
    /// blind zone for every player; the hole must clear the circle line's
    /// inner edge at 125 − 0.5 = 124.5 mm, i.e. centre within 120.5 mm.
    #[test]
    fn centre_circle_disc_is_dark_for_every_seat_002_2_1() {
        let table = t();
        let limit = 0.125 - 0.0005 - 0.004;
        for seat in Seat::ALL {
            let at_centre = DVec2::new(0.5, 0.5);
            assert_eq!(blind_zone(&table, seat, at_centre), Some(BlindZone::Circle));
            let inside = DVec2::new(0.5 + limit - 1e-6, 0.5);
            assert_eq!(blind_zone(&table, seat, inside), Some(BlindZone::Circle));
            let on_line = DVec2::new(0.5, 0.5 + limit + 1e-6);
            assert_eq!(blind_zone(&table, seat, on_line), None, "{seat:?}");
            // On the cross lines is still inside (the cross is not a border).
            assert!(is_dark(&table, seat, DVec2::new(0.55, 0.5)));
        }
    }

    /// `000` 3.6.4, 3.6.6, `002` 4.5: the referee asks whether an opponent's
    /// disc is in the *opponent's* blind zone. North's edge zone is blind for
    /// North only; a South disc there is light for South.
    #[test]
    fn blind_zone_is_relative_to_the_seat_000_3_6_4() {
        let table = t();
        let near_north = DVec2::new(0.4, 0.95);
        assert_eq!(
            blind_zone(&table, Seat::North, near_north),
            Some(BlindZone::Edge)
        );
        assert_eq!(blind_zone(&table, Seat::South, near_north), None);
        assert_eq!(blind_zone(&table, Seat::East, near_north), None);
        assert!(!is_dark(&table, Seat::South, near_north));
    }

    // ---- striker placement ---------------------------------------------

    /// The striker's hole is 5 mm, so its centre must be within
    /// 130 − 0.5 − 5 = 124.5 mm of the own cushion and at least
    /// 130 + 0.5 + 5 = 135.5 mm from each adjacent cushion; its body
    /// (22.5 mm) must be on the surface.
    const STRIKER_DEPTH_LIMIT: f64 = 0.130 - 0.0005 - 0.005;
    const STRIKER_END_LIMIT: f64 = 0.130 + 0.0005 + 0.005;

    /// `000` 1.6, `002` 3.1, `003`: anywhere in the zone with the hole clear.
    #[test]
    fn striker_placement_accepted_every_seat_000_1_6() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            for (a, d) in [
                (0.5, 0.06),
                // Touching the cushion is fine (1 ps margin: at North or East
                // 1 − (1 − 0.0225) rounds below 0.0225).
                (0.5, 0.0225 + 1e-12),
                (STRIKER_END_LIMIT + 1e-6, STRIKER_DEPTH_LIMIT - 1e-6),
                (1.0 - STRIKER_END_LIMIT - 1e-6, 0.03),
            ] {
                let p = f.world(a, d);
                assert_eq!(
                    check_striker_placement(&table, seat, p, &[]),
                    Ok(()),
                    "{seat:?} {a} {d}"
                );
            }
        }
        // Exactly touching the south cushion, in exact arithmetic.
        let touching = DVec2::new(0.5, 0.0225);
        assert_eq!(
            check_striker_placement(&table, Seat::South, touching, &[]),
            Ok(())
        );
    }

    /// `002` 3.1: the own zone line must not show through the hole; beyond it
    /// the striker is outside the zone altogether.
    #[test]
    fn striker_rejected_over_or_beyond_own_line_every_seat_002_3_1() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            let on_line = f.world(0.5, STRIKER_DEPTH_LIMIT + 1e-6);
            assert_eq!(
                check_striker_placement(&table, seat, on_line, &[]),
                Err(StrikerError::LineVisible {
                    line: seat.cushion()
                })
            );
            let centred_on_line = f.world(0.5, 0.130);
            assert_eq!(
                check_striker_placement(&table, seat, centred_on_line, &[]),
                Err(StrikerError::LineVisible {
                    line: seat.cushion()
                })
            );
            let beyond = f.world(0.5, 0.130 + 0.0005 + 0.005 + 1e-6);
            assert_eq!(
                check_striker_placement(&table, seat, beyond, &[]),
                Err(StrikerError::OutsideZone {
                    line: seat.cushion()
                })
            );
        }
    }

    /// `000` 1.6 ("between the lines of the adjacent edge zones"), `003`
    /// ("aucune des deux lignes délimitant la zone"): the adjacent lines too;
    /// a striker in a corner square is outside the zone.
    #[test]
    fn striker_rejected_over_adjacent_line_or_in_corner_square_000_1_6() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            let left_line = f.world(STRIKER_END_LIMIT - 1e-6, 0.05);
            assert_eq!(
                check_striker_placement(&table, seat, left_line, &[]),
                Err(StrikerError::LineVisible { line: f.left() })
            );
            let right_corner = f.world(1.0 - 0.1, 0.1);
            assert_eq!(
                check_striker_placement(&table, seat, right_corner, &[]),
                Err(StrikerError::OutsideZone { line: f.right() })
            );
        }
    }

    /// `000` 1.6–1.7, `002` 3.2, `003`: the striker may not touch a disc.
    /// Exactly touching (gap 0) is rejected; 1 µm apart is accepted.
    #[test]
    fn striker_rejected_touching_a_disc_002_3_2() {
        let table = t();
        let striker = DVec2::new(0.5, 0.05);
        let reach = 0.0225 + 0.015;
        let far = DVec2::new(0.2, 0.5);
        let touching = DVec2::new(0.5 + reach, 0.05);
        assert_eq!(
            check_striker_placement(&table, Seat::South, striker, &[far, touching]),
            Err(StrikerError::TouchesDisc { index: 1 })
        );
        let overlapping = DVec2::new(0.51, 0.05);
        assert_eq!(
            check_striker_placement(&table, Seat::South, striker, &[overlapping]),
            Err(StrikerError::TouchesDisc { index: 0 })
        );
        let apart = DVec2::new(0.5 + reach + 1e-6, 0.05);
        assert_eq!(
            check_striker_placement(&table, Seat::South, striker, &[far, apart]),
            Ok(())
        );
    }

    /// A striker reaching past the cushion is off the surface, reported
    /// before any line; non-finite input is reported too.
    #[test]
    fn striker_rejected_off_the_surface() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            let p = f.world(0.5, 0.02);
            assert_eq!(
                check_striker_placement(&table, seat, p, &[]),
                Err(StrikerError::OffSurface)
            );
        }
        assert_eq!(
            check_striker_placement(&table, Seat::South, DVec2::new(f64::NAN, 0.05), &[]),
            Err(StrikerError::NotFinite)
        );
    }

    #[test]
    fn striker_errors_read_well() {
        assert_eq!(
            StrikerError::LineVisible {
                line: Cushion::South
            }
            .to_string(),
            "the zone line along the south cushion shows through the striker's hole"
        );
        assert_eq!(
            StrikerError::TouchesDisc { index: 3 }.to_string(),
            "the striker touches disc 3"
        );
        assert!(StrikerError::OutsideZone {
            line: Cushion::West
        }
        .to_string()
        .contains("west cushion"));
        assert!(AimError::CueOverCorner {
            corner: Corner::SouthWest
        }
        .to_string()
        .contains("south-west corner"));
    }

    // ---- aim -------------------------------------------------------------

    /// `000` 1.15, `002` 3.4: straight ahead, and obliquely as long as the
    /// cue's line meets the near cushion strictly between the corners.
    #[test]
    fn aim_accepted_every_seat_000_1_15() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            let p = f.world(0.3, 0.05);
            let ahead = f.inward();
            assert_eq!(check_aim(&table, seat, p, ahead), Ok(()), "{seat:?}");
            // Along (1, 1) (along, depth): the cue meets the cushion at
            // along 0.3 − 0.05 = 0.25. Length does not matter.
            let diagonal = (f.inward() + f.rightward()) * 7.0;
            assert_eq!(check_aim(&table, seat, p, diagonal), Ok(()));
            // Along (5, 1): at 0.3 − 5·0.05 = 0.05, still between the corners.
            let shallow = f.inward() + f.rightward() * 5.0;
            assert_eq!(check_aim(&table, seat, p, shallow), Ok(()));
            // Along (−5, 1): at 0.3 + 0.25 = 0.55.
            let other_way = f.inward() - f.rightward() * 5.0;
            assert_eq!(check_aim(&table, seat, p, other_way), Ok(()));
        }
    }

    /// `000` 1.15: the cue rests on the near edge, so the push cannot be
    /// sideways or backwards.
    #[test]
    fn aim_rejected_not_away_from_the_near_cushion_000_1_15() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            let p = f.world(0.5, 0.05);
            assert_eq!(
                check_aim(&table, seat, p, f.rightward()),
                Err(AimError::NotAwayFromNearCushion)
            );
            assert_eq!(
                check_aim(&table, seat, p, -f.inward() + f.rightward() * 0.1),
                Err(AimError::NotAwayFromNearCushion)
            );
        }
        assert_eq!(
            check_aim(&table, Seat::South, DVec2::new(0.5, 0.05), DVec2::ZERO),
            Err(AimError::NoDirection)
        );
        assert_eq!(
            check_aim(
                &table,
                Seat::South,
                DVec2::new(0.5, 0.05),
                DVec2::new(f64::NAN, 1.0)
            ),
            Err(AimError::NoDirection)
        );
    }

    /// `002` 3.4: the cue may not cover the inner corners. From along 0.3,
    /// depth 0.05, a push along (6, 1) comes from along 0.3 − 6·0.05 = 0:
    /// exactly the left corner, rejected; (7, 1) from beyond it. The mirror
    /// case names the right corner.
    #[test]
    fn aim_rejected_over_a_near_corner_002_3_4() {
        let table = t();
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            let p = f.world(0.3, 0.05);
            for k in [6.0, 7.0] {
                let dir = f.inward() + f.rightward() * k;
                assert_eq!(
                    check_aim(&table, seat, p, dir),
                    Err(AimError::CueOverCorner {
                        corner: f.left_corner()
                    }),
                    "{seat:?} {k}"
                );
            }
            let q = f.world(0.7, 0.05);
            let dir = f.inward() - f.rightward() * 6.5;
            assert_eq!(
                check_aim(&table, seat, q, dir),
                Err(AimError::CueOverCorner {
                    corner: f.right_corner()
                })
            );
        }
        // South's left hand is the west: the south-west corner.
        assert_eq!(
            SeatFrame::new(&table, Seat::South).left_corner(),
            Corner::SouthWest
        );
        assert_eq!(
            SeatFrame::new(&table, Seat::North).left_corner(),
            Corner::NorthEast
        );
    }

    // ---- coming back over the zone line ----------------------------------

    /// `001` "Losing the rights to stroke", `002` 3.7, `003`: the striker is
    /// back when the line no longer shows through its 5 mm hole, i.e. its
    /// centre is nearer the cushion than 124.5 mm; the line runs edge to edge
    /// so this holds in the corner squares too.
    #[test]
    fn striker_back_over_own_line_002_3_7() {
        let table = t();
        assert!((striker_return_depth(&table) - STRIKER_DEPTH_LIMIT).abs() < EPS);
        // Exact limit at South: the hole's edge meets the line's edge: not back.
        assert!(!striker_back_over_own_line(
            &table,
            Seat::South,
            DVec2::new(0.5, STRIKER_DEPTH_LIMIT)
        ));
        for seat in Seat::ALL {
            let f = SeatFrame::new(&table, seat);
            for a in [0.05, 0.5, 0.95] {
                let back = f.world(a, STRIKER_DEPTH_LIMIT - 1e-6);
                let on_line = f.world(a, STRIKER_DEPTH_LIMIT + 1e-6);
                assert!(
                    striker_back_over_own_line(&table, seat, back),
                    "{seat:?} {a}"
                );
                assert!(
                    !striker_back_over_own_line(&table, seat, on_line),
                    "{seat:?} {a}"
                );
            }
            // Another seat's line does not count.
            let near_other = f.world(0.5, 0.9);
            assert!(!striker_back_over_own_line(&table, seat, near_other));
        }
    }
}
