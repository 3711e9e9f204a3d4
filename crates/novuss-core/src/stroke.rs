//! A stroke: where the striker is placed, which way it is pushed, how fast.
//!
//! Physics only checks that a stroke is physically possible (finite numbers,
//! a speed the engine accepts, bodies on the surface and not overlapping).
//! Whether the placement and aim are *legal* is the referee's question
//! (`000` 1.6, 1.15; `002` 3.1–3.4).

use std::fmt;

use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::physics::Physics;
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
        unit(self.direction) * self.speed
    }
}

/// `d` scaled to unit length without overflow or underflow for any finite,
/// non-zero `d` (zero for zero).
pub fn unit(d: DVec2) -> DVec2 {
    let m = d.abs().max_element();
    if m == 0.0 || !m.is_finite() {
        return DVec2::ZERO;
    }
    (d / m).normalize()
}

/// Why a position and stroke cannot be simulated.
#[derive(Clone, Debug, PartialEq)]
pub enum InputError {
    /// A number is NaN or infinite.
    NotFinite(&'static str),
    /// The direction has zero length.
    NoDirection,
    /// The speed is not in `(0, max]`.
    Speed { speed: f64, max: f64 },
    /// A body (the striker or disc `index`) reaches past a cushion.
    OffSurface { body: String },
    /// A body's centre is over a pocket hole (it would already have fallen).
    OverPocket { body: String, pocket: Corner },
    /// Two bodies overlap by more than the contact tolerance.
    Overlap { a: String, b: String, depth: f64 },
    /// A table or physics parameter is out of its range.
    Parameter(String),
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::NotFinite(what) => write!(f, "{what} is not a finite number"),
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
            InputError::Parameter(what) => write!(f, "invalid parameter: {what}"),
        }
    }
}

impl std::error::Error for InputError {}

fn name(i: usize) -> String {
    if i == 0 {
        "the striker".into()
    } else {
        format!("disc {}", i - 1)
    }
}

/// Checks that the table and physics parameters make sense: positive sizes
/// and masses, holes smaller than their bodies, pockets inside the surface,
/// restitution in [0, 1], positive friction and speeds.
pub fn check_parameters(t: &Table, p: &Physics) -> Result<(), String> {
    let positive = [
        ("table.size", t.size),
        ("table.line_offset", t.line_offset),
        ("table.circle_radius", t.circle_radius),
        ("table.pocket_radius", t.pocket_radius),
        ("table.pocket_inset", t.pocket_inset),
        ("table.disc.radius", t.disc.radius),
        ("table.disc.mass", t.disc.mass),
        ("table.striker.radius", t.striker.radius),
        ("table.striker.mass", t.striker.mass),
        ("physics.friction", p.friction),
        ("physics.gravity", p.gravity),
        ("physics.max_stroke_speed", p.max_stroke_speed),
        ("physics.off_table_speed", p.off_table_speed),
    ];
    for (name, v) in positive {
        if !(v.is_finite() && v > 0.0) {
            return Err(format!("{name} must be a positive number, not {v}"));
        }
    }
    let non_negative = [
        ("table.line_width", t.line_width),
        ("table.disc.hole_radius", t.disc.hole_radius),
        ("table.striker.hole_radius", t.striker.hole_radius),
        ("physics.pocket_jump_speed", p.pocket_jump_speed),
        ("physics.rest_speed", p.rest_speed),
        ("physics.contact_tolerance", p.contact_tolerance),
    ];
    for (name, v) in non_negative {
        if !(v.is_finite() && v >= 0.0) {
            return Err(format!("{name} must be zero or positive, not {v}"));
        }
    }
    for (name, e) in [
        ("physics.restitution_disc_disc", p.restitution_disc_disc),
        (
            "physics.restitution_striker_disc",
            p.restitution_striker_disc,
        ),
        ("physics.restitution_cushion", p.restitution_cushion),
    ] {
        if !(0.0..=1.0).contains(&e) {
            return Err(format!("{name} must be between 0 and 1, not {e}"));
        }
    }
    let decel = p.friction * p.gravity;
    if !(decel.is_finite() && decel > 1e-9) {
        return Err(format!(
            "physics.friction × physics.gravity must be a positive, finite deceleration, not {decel}"
        ));
    }
    if t.disc.hole_radius >= t.disc.radius || t.striker.hole_radius >= t.striker.radius {
        return Err("a hole must be smaller than its body".into());
    }
    if t.pocket_inset + t.pocket_radius > t.size / 2.0 || t.circle_radius > t.size / 2.0 {
        return Err("the pockets and the circle must lie inside the surface".into());
    }
    if p.max_events == 0 {
        return Err("physics.max_events must be at least 1".into());
    }
    Ok(())
}

/// Checks that `discs` and `stroke` describe a physically possible start.
pub fn validate(
    table: &Table,
    physics: &Physics,
    discs: &[DVec2],
    stroke: &Stroke,
) -> Result<(), InputError> {
    let params = check_parameters(table, physics);
    validate_with(
        table,
        physics,
        params.as_ref().map(|_| ()).map_err(String::as_str),
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
    params: Result<(), &str>,
    discs: &[DVec2],
    stroke: &Stroke,
) -> Result<(), InputError> {
    if !stroke.striker.is_finite() {
        return Err(InputError::NotFinite("the striker position"));
    }
    if !stroke.direction.is_finite() {
        return Err(InputError::NotFinite("the stroke direction"));
    }
    if !stroke.speed.is_finite() {
        return Err(InputError::NotFinite("the stroke speed"));
    }
    if discs.iter().any(|d| !d.is_finite()) {
        return Err(InputError::NotFinite("a disc position"));
    }
    if unit(stroke.direction) == DVec2::ZERO {
        return Err(InputError::NoDirection);
    }
    if let Err(what) = params {
        return Err(InputError::Parameter(what.to_string()));
    }
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
        LayoutError::OffSurface(i) => InputError::OffSurface { body: name(i) },
        LayoutError::OverPocket(i, pocket) => InputError::OverPocket {
            body: name(i),
            pocket,
        },
        LayoutError::Overlap(a, b, depth) => InputError::Overlap {
            a: name(a),
            b: name(b),
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
