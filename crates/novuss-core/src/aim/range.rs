//! Which ways the player at a seat may push the striker.
//!
//! [`zone::check_aim`] allows a direction when it points away from the
//! player's own cushion and the cue's line, followed back from the
//! striker's centre, meets that cushion strictly between the two near
//! corners (`000` 1.15; `002` 3.4). In the seat's frame, with the striker
//! at `(a, d)`, `d > 0`, and a direction at angle `φ` from the player's
//! rightward direction towards the far cushion, the cue meets the cushion at
//! `a − d cot φ`; that lies strictly between 0 and the table's size `S`
//! exactly when
//!
//! ```text
//! atan2(d, a) < φ < atan2(d, a − S)
//! ```
//!
//! the directions from the two near corners to the striker's centre, which
//! are excluded themselves. The interval lies inside `(0, π)`, so the
//! direction points away from the cushion too.

use glam::DVec2;

use crate::physics::stroke::unit;
use crate::rules::zone::{check_aim, SeatFrame};
use crate::seat::Seat;
use crate::table::Table;

/// How far inside the open range of angles [`AimRange::nearest`] keeps the
/// direction it returns, radians: far above rounding, far below any aim.
pub const AIM_MARGIN: f64 = 1e-9;

/// The directions in which the player at a seat may push the striker from
/// one position: an open interval of angles in the seat's frame.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AimRange {
    table: Table,
    frame: SeatFrame,
    striker: DVec2,
    lo: f64,
    hi: f64,
}

impl AimRange {
    /// The range of the player at `seat` with the striker at `striker`.
    /// `None` if the position is not finite or no direction is allowed
    /// (only for a striker centre on or behind the cushion's line beyond a
    /// corner).
    pub fn new(table: &Table, seat: Seat, striker: DVec2) -> Option<AimRange> {
        if !striker.is_finite() {
            return None;
        }
        let frame = SeatFrame::new(table, seat);
        let (a, d, s) = (frame.along(striker), frame.depth(striker), table.size);
        let (lo, hi) = if d > 0.0 {
            (d.atan2(a), d.atan2(a - s))
        } else if d < 0.0 {
            // Behind the cushion's line (off the surface): the cue then
            // points forward to the cushion, and the same bounds mirror.
            ((-d).atan2(s - a), (-d).atan2(-a))
        } else if a > 0.0 && a < s {
            (0.0, std::f64::consts::PI)
        } else {
            return None;
        };
        (lo < hi).then_some(AimRange {
            table: *table,
            frame,
            striker,
            lo,
            hi,
        })
    }

    /// The seat's frame the angles are measured in.
    pub fn frame(&self) -> SeatFrame {
        self.frame
    }

    /// The lower end of the open interval of allowed angles, radians: the
    /// direction from the player's left-hand near corner to the striker.
    pub fn lo(&self) -> f64 {
        self.lo
    }

    /// The upper end of the open interval, radians: the direction from the
    /// right-hand near corner to the striker.
    pub fn hi(&self) -> f64 {
        self.hi
    }

    /// The angle of a table direction in the seat's frame, in `(−π, π]`:
    /// 0 along the player's cushion to the right, `π/2` straight at the far
    /// cushion. `None` for a zero or non-finite direction.
    pub fn angle_of(&self, direction: DVec2) -> Option<f64> {
        let u = unit(direction);
        if !direction.is_finite() || u == DVec2::ZERO {
            return None;
        }
        let local = self.frame.local_dir(u);
        Some(local.y.atan2(local.x))
    }

    /// The table direction (a unit vector) at `angle` in the seat's frame.
    pub fn direction_at(&self, angle: f64) -> DVec2 {
        let (sin, cos) = angle.sin_cos();
        self.frame.rightward() * cos + self.frame.inward() * sin
    }

    /// The two excluded limits as table directions (unit vectors): at
    /// [`AimRange::lo`] and [`AimRange::hi`].
    pub fn limits(&self) -> (DVec2, DVec2) {
        (self.direction_at(self.lo), self.direction_at(self.hi))
    }

    /// Whether `angle` lies strictly inside the range.
    pub fn contains_angle(&self, angle: f64) -> bool {
        angle > self.lo && angle < self.hi
    }

    /// Whether the direction is allowed: exactly [`check_aim`].
    pub fn contains(&self, direction: DVec2) -> bool {
        check_aim(&self.table, self.frame.seat(), self.striker, direction).is_ok()
    }

    /// The allowed direction nearest (by angle) to `direction`, a unit
    /// vector: the direction itself if allowed, else the nearer limit moved
    /// [`AIM_MARGIN`] into the range. For a user interface dragging the cue.
    /// `None` for a zero or non-finite direction.
    pub fn nearest(&self, direction: DVec2) -> Option<DVec2> {
        let angle = self.angle_of(direction)?;
        if self.contains(direction) {
            return Some(unit(direction));
        }
        let (lo, hi) = if self.hi - self.lo > 2.0 * AIM_MARGIN {
            (self.lo + AIM_MARGIN, self.hi - AIM_MARGIN)
        } else {
            let mid = self.lo + (self.hi - self.lo) / 2.0;
            (mid, mid)
        };
        // Round the circle of directions, the nearer of the two limits.
        let gap = |x: f64, y: f64| {
            let d = (x - y).rem_euclid(std::f64::consts::TAU);
            d.min(std::f64::consts::TAU - d)
        };
        let to = if self.contains_angle(angle) {
            angle.clamp(lo, hi) // inside, but rounded onto a limit by the check
        } else if gap(angle, self.lo) <= gap(angle, self.hi) {
            lo
        } else {
            hi
        };
        let d = self.direction_at(to);
        self.contains(d).then_some(d)
    }
}

/// Whether the player at `seat` may push the striker at `striker` in
/// `direction`: [`check_aim`], except that a non-finite striker position is
/// never allowed (`check_aim` does not look at it).
pub fn aim_allowed(table: &Table, seat: Seat, striker: DVec2, direction: DVec2) -> bool {
    striker.is_finite() && check_aim(table, seat, striker, direction).is_ok()
}
