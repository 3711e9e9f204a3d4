//! A stroke: where the striker is placed, which way it is pushed, how fast.
//!
//! Physics only checks that a stroke is physically possible (finite numbers,
//! a speed the engine accepts, bodies on the surface and not overlapping).
//! Whether the placement and aim are *legal* is the referee's question
//! (`000` 1.6, 1.15; `002` 3.1–3.4).

use std::fmt;

use glam::DVec2;
use serde::{Deserialize, Serialize};

use super::limits::{self, ParameterError, MAX_DISCS};
use super::{Body, Physics};
use crate::table::{Corner, Table};

/// The player's input for one stroke.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stroke {
    /// Where the striker's centre is placed, m.
    pub striker: DVec2,
    /// Direction of the push; any non-zero length (it is normalised).
    pub direction: DVec2,
    /// Speed given to the striker by the cue, m/s.
    pub speed: f64,
}

impl Stroke {
    /// The striker's initial velocity.
    pub fn velocity(&self) -> DVec2 {
        self.unit_direction() * self.speed
    }

    /// The direction scaled to unit length, exactly as the engine scales it
    /// (zero for a zero direction), so a player that turns a stroke turns
    /// what will be played.
    pub fn unit_direction(&self) -> DVec2 {
        unit(self.direction)
    }
}

/// `d` scaled to unit length without overflow or underflow for any finite,
/// non-zero `d` (zero for zero).
pub(crate) fn unit(d: DVec2) -> DVec2 {
    let m = d.abs().max_element();
    if m == 0.0 || !m.is_finite() {
        return DVec2::ZERO;
    }
    (d / m).normalize()
}

/// Why a position and stroke cannot be simulated. Bodies are named as the
/// engine names them (the striker, or the disc at an input index).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum InputError {
    /// More discs than the engine simulates ([`MAX_DISCS`]).
    TooManyDiscs {
        /// Discs given.
        count: usize,
        /// The most the engine takes.
        max: usize,
    },
    /// A body's position is NaN or infinite.
    PositionNotFinite {
        /// The body.
        body: Body,
    },
    /// The stroke's direction is NaN or infinite.
    DirectionNotFinite,
    /// The stroke's speed is NaN or infinite.
    SpeedNotFinite,
    /// The direction has zero length.
    NoDirection,
    /// The speed is not in `(0, max]`.
    Speed {
        /// The speed given.
        speed: f64,
        /// The engine's fastest stroke.
        max: f64,
    },
    /// A body reaches past a cushion.
    OffSurface {
        /// The body.
        body: Body,
    },
    /// A body's centre is over a pocket hole (it would already have fallen).
    OverPocket {
        /// The body.
        body: Body,
        /// The pocket.
        pocket: Corner,
    },
    /// Two bodies overlap by more than the contact tolerance (`a` is the
    /// lower).
    Overlap {
        /// The lower body.
        a: Body,
        /// The other.
        b: Body,
        /// By how much, m.
        depth: f64,
    },
    /// A table or physics parameter is out of its range.
    Parameter(ParameterError),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::TooManyDiscs { count, max } => {
                write!(
                    f,
                    "{count} discs are more than the {max} the engine simulates"
                )
            }
            InputError::PositionNotFinite { body } => {
                write!(f, "the position of {body} is not a finite number")
            }
            InputError::DirectionNotFinite => {
                write!(f, "the stroke direction is not a finite number")
            }
            InputError::SpeedNotFinite => write!(f, "the stroke speed is not a finite number"),
            InputError::NoDirection => write!(f, "the stroke direction has zero length"),
            InputError::Speed { speed, max } => {
                write!(f, "stroke speed {speed} m/s is outside (0, {max}] m/s")
            }
            InputError::OffSurface { body } => {
                write!(f, "{body} is not wholly on the playing surface")
            }
            InputError::OverPocket { body, pocket } => {
                write!(f, "{body} has its centre over the {pocket} pocket")
            }
            InputError::Overlap { a, b, depth } => {
                write!(f, "{a} and {b} overlap by {:.3} mm", depth * 1e3)
            }
            InputError::Parameter(e) => write!(f, "invalid parameter: {e}"),
        }
    }
}

impl std::error::Error for InputError {}

impl From<ParameterError> for InputError {
    fn from(e: ParameterError) -> InputError {
        InputError::Parameter(e)
    }
}

/// Checks that the table and physics parameters lie in the ranges the
/// engine accepts (listed in `docs/physics.md` §11): positive sizes and
/// masses of physical magnitude, holes smaller than their bodies, pockets
/// on the surface, restitution in [0, 1], bounded speeds, tolerance and
/// event budget.
pub fn check_parameters(t: &Table, p: &Physics) -> Result<(), ParameterError> {
    limits::check(t, p)
}

/// Checks that `discs` and `stroke` describe a physically possible start.
pub fn validate(
    table: &Table,
    physics: &Physics,
    discs: &[DVec2],
    stroke: &Stroke,
) -> Result<(), InputError> {
    validate_with(
        table,
        physics,
        check_parameters(table, physics),
        discs,
        stroke,
    )
}

/// [`validate`] with the parameters already checked (`params` is the result
/// of [`check_parameters`]): an engine checks its fixed parameters once, not
/// for every stroke. The order of the checks, and so which error is
/// reported first, is the same.
pub(crate) fn validate_with(
    table: &Table,
    physics: &Physics,
    params: Result<(), ParameterError>,
    discs: &[DVec2],
    stroke: &Stroke,
) -> Result<(), InputError> {
    // First, before anything is allocated for the bodies.
    if discs.len() > MAX_DISCS {
        return Err(InputError::TooManyDiscs {
            count: discs.len(),
            max: MAX_DISCS,
        });
    }
    if !stroke.striker.is_finite() {
        return Err(InputError::PositionNotFinite {
            body: Body::Striker,
        });
    }
    if !stroke.direction.is_finite() {
        return Err(InputError::DirectionNotFinite);
    }
    if !stroke.speed.is_finite() {
        return Err(InputError::SpeedNotFinite);
    }
    if let Some(i) = discs.iter().position(|d| !d.is_finite()) {
        return Err(InputError::PositionNotFinite {
            body: Body::Disc(i),
        });
    }
    if unit(stroke.direction) == DVec2::ZERO {
        return Err(InputError::NoDirection);
    }
    params?;
    if !(stroke.speed > 0.0 && stroke.speed <= physics.max_stroke_speed) {
        return Err(InputError::Speed {
            speed: stroke.speed,
            max: physics.max_stroke_speed,
        });
    }
    let bodies: Vec<(DVec2, f64)> = std::iter::once((stroke.striker, table.striker.radius))
        .chain(discs.iter().map(|&d| (d, table.disc.radius)))
        .collect();
    check_layout(table, physics.contact_tolerance, &bodies).map_err(|e| match e {
        LayoutError::OffSurface(i) => InputError::OffSurface {
            body: Body::from_index(i),
        },
        LayoutError::OverPocket(i, pocket) => InputError::OverPocket {
            body: Body::from_index(i),
            pocket,
        },
        LayoutError::Overlap(a, b, depth) => InputError::Overlap {
            a: Body::from_index(a),
            b: Body::from_index(b),
            depth,
        },
    })
}

/// Whether any two bodies are closer than the sweep in [`check_layout`]
/// would look at more closely.
fn any_too_close(tolerance: f64, bodies: &[(DVec2, f64)]) -> bool {
    bodies.iter().enumerate().any(|(k, &(p, r))| {
        bodies[k + 1..].iter().any(|&(q, s)| {
            let near = r + s - tolerance;
            (p - q).length_squared() < near * near
        })
    })
}

/// What is wrong with bodies lying on the table; numbers are indices into
/// the list checked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum LayoutError {
    /// Not wholly on the surface (or not a finite position).
    OffSurface(usize),
    /// Its centre is over a pocket hole: it would already have fallen.
    OverPocket(usize, Corner),
    /// Two bodies overlap by more than the tolerance (lower index first).
    Overlap(usize, usize, f64),
}

/// Checks that bodies (centre, radius) lie wholly on the surface, none with
/// its centre over a hole, none overlapping another by more than
/// `tolerance`. Used for a stroke's start and for a set's state alike.
pub fn check_layout(
    table: &Table,
    tolerance: f64,
    bodies: &[(DVec2, f64)],
) -> Result<(), LayoutError> {
    for (i, &(p, r)) in bodies.iter().enumerate() {
        if !table.within_cushions(p, r) {
            return Err(LayoutError::OffSurface(i));
        }
        if let Some(pocket) = table.pocket_at(p) {
            return Err(LayoutError::OverPocket(i, pocket));
        }
    }
    // With few bodies (every real position) checking each pair directly is
    // cheaper than sorting; the sweep below still decides and reports.
    if bodies.len() <= 32 && !any_too_close(tolerance, bodies) {
        return Ok(());
    }
    // Sweep along x: only bodies closer in x than the largest contact
    // distance can overlap.
    let mut order: Vec<usize> = (0..bodies.len()).collect();
    order.sort_by(|&a, &b| bodies[a].0.x.total_cmp(&bodies[b].0.x));
    let widest = 2.0 * bodies.iter().map(|b| b.1).fold(0.0, f64::max);
    for (k, &i) in order.iter().enumerate() {
        for &j in &order[k + 1..] {
            if bodies[j].0.x - bodies[i].0.x >= widest {
                break;
            }
            let near = bodies[i].1 + bodies[j].1 - tolerance;
            let dist2 = (bodies[i].0 - bodies[j].0).length_squared();
            if dist2 >= near * near {
                continue;
            }
            let depth = bodies[i].1 + bodies[j].1 - dist2.sqrt();
            if depth > tolerance {
                return Err(LayoutError::Overlap(i.min(j), i.max(j), depth));
            }
        }
    }
    Ok(())
}
