//! Why a shot cannot be planned.

use std::fmt;

use crate::table::Corner;

/// Why a [`Planner`](super::Planner) cannot plan a shot. Each is a property
/// of the geometry or of the speeds asked for, not a failure of the
/// computation: the caller can try another disc, target, cushion or speed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum ShotError {
    /// A position or speed given is NaN or infinite, or a speed is negative.
    NotFinite,
    /// The table or physics parameters are out of range (the engine's
    /// message, see `stroke::check_parameters`).
    Parameters(crate::physics::ParameterError),
    /// The striker's start or the target is not a place where the body can
    /// lie: it would reach past a cushion.
    OffSurface,
    /// The striker already touches or overlaps the disc it should strike.
    Overlap,
    /// The target coincides with the disc (or the striker with the point it
    /// should reach): there is no line to send it along.
    NoLine,
    /// The striker would meet the disc at this cut angle (radians) or more
    /// obliquely: beyond the planner's limit, or past 90°, where it would
    /// have to come from behind the disc.
    CutTooThin {
        /// The cut angle needed, radians; `π` or more means straight behind.
        angle: f64,
    },
    /// To touch the disc on that line the striker's centre would have to
    /// lie nearer a cushion than its radius.
    ContactOffSurface,
    /// No single rebound off that cushion reaches the target: the start or
    /// the target lies on the line the body's centre follows along the
    /// cushion,
    /// the cushion's restitution is zero, or the rebound point is not
    /// strictly between the cushion's ends (the body would meet the
    /// neighbouring cushion first).
    NoRebound,
    /// The disc lies across the striker's way before the planned contact.
    Blocked,
    /// The disc's centre would pass over this pocket's hole before reaching
    /// its target (where it may fall, or jump the hole).
    OverPocket {
        /// The pocket in the way.
        corner: Corner,
    },
    /// The body would meet a cushion with a normal speed above
    /// [`Physics::off_table_speed`](crate::physics::Physics::off_table_speed)
    /// and leave the table, or below
    /// [`Physics::rest_speed`](crate::physics::Physics::rest_speed) and not
    /// rebound.
    CushionSpeed {
        /// The normal speed it would meet the cushion with, m/s.
        speed: f64,
    },
    /// The stroke needs more than
    /// [`Physics::max_stroke_speed`](crate::physics::Physics::max_stroke_speed).
    TooFast {
        /// The speed needed, m/s (possibly infinite).
        speed: f64,
        /// The fastest stroke accepted, m/s.
        max: f64,
    },
}

impl fmt::Display for ShotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShotError::NotFinite => {
                write!(f, "a position or speed is not a finite non-negative number")
            }
            ShotError::Parameters(what) => write!(f, "invalid parameter: {what}"),
            ShotError::OffSurface => {
                write!(f, "a body would reach past a cushion at its start or target")
            }
            ShotError::Overlap => write!(f, "the striker already touches the disc"),
            ShotError::NoLine => write!(f, "the target coincides with the body to send there"),
            ShotError::CutTooThin { angle } => write!(
                f,
                "the cut would be {:.1}°, too thin to make",
                angle.to_degrees()
            ),
            ShotError::ContactOffSurface => write!(
                f,
                "the striker cannot reach that side of the disc without crossing a cushion"
            ),
            ShotError::NoRebound => write!(f, "no rebound off that cushion reaches the target"),
            ShotError::Blocked => write!(f, "the disc is in the striker's way"),
            ShotError::OverPocket { corner } => {
                write!(f, "the disc would pass over the {corner} pocket on its way")
            }
            ShotError::CushionSpeed { speed } => write!(
                f,
                "the body would meet the cushion at {speed:.3} m/s, outside the range where it rebounds"
            ),
            ShotError::TooFast { speed, max } => write!(
                f,
                "the stroke needs {speed:.3} m/s, more than the {max} m/s allowed"
            ),
        }
    }
}

impl std::error::Error for ShotError {}
