//! What the engine accepts: the range of every [`Table`] and [`Physics`]
//! parameter, the most discs one stroke may have, and the typed error that
//! names the first value out of range.
//!
//! The ranges are wide enough for any real table, and for the near-frictionless
//! or oversized tables a test may want, yet narrow enough that no
//! intermediate quantity overflows, underflows to zero or loses the
//! precision the engine's guarantees need. Each range and its reason is
//! listed in `docs/physics.md` §11.

use std::fmt;

use super::params::Physics;
use crate::table::Table;

/// The most playing discs one stroke may have. The game uses at most 32;
/// the engine's work and memory grow with the square of the bodies.
pub const MAX_DISCS: usize = 64;

/// The largest [`Physics::max_events`] accepted. The event log and paths
/// grow by about 100 bytes per event, so this caps one stroke's output
/// near 10 MB.
pub const MAX_EVENTS: usize = 100_000;

/// A parameter of the [`Table`] or of the [`Physics`], or the one derived
/// quantity that is checked as well.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Param {
    /// `table.size`.
    TableSize,
    /// `table.line_offset`.
    LineOffset,
    /// `table.line_width`.
    LineWidth,
    /// `table.circle_radius`.
    CircleRadius,
    /// `table.pocket_radius`.
    PocketRadius,
    /// `table.pocket_inset`.
    PocketInset,
    /// `table.disc.radius`.
    DiscRadius,
    /// `table.disc.hole_radius`.
    DiscHoleRadius,
    /// `table.disc.thickness`.
    DiscThickness,
    /// `table.disc.mass`.
    DiscMass,
    /// `table.striker.radius`.
    StrikerRadius,
    /// `table.striker.hole_radius`.
    StrikerHoleRadius,
    /// `table.striker.thickness`.
    StrikerThickness,
    /// `table.striker.mass`.
    StrikerMass,
    /// `physics.friction`.
    Friction,
    /// `physics.gravity`.
    Gravity,
    /// `friction × gravity`, the deceleration of a sliding body.
    Deceleration,
    /// `physics.restitution_disc_disc`.
    RestitutionDiscDisc,
    /// `physics.restitution_striker_disc`.
    RestitutionStrikerDisc,
    /// `physics.restitution_cushion`.
    RestitutionCushion,
    /// `physics.max_stroke_speed`.
    MaxStrokeSpeed,
    /// `physics.off_table_speed`.
    OffTableSpeed,
    /// `physics.pocket_jump_speed`.
    PocketJumpSpeed,
    /// `physics.rest_speed`.
    RestSpeed,
    /// `physics.contact_tolerance`.
    ContactTolerance,
    /// `physics.max_events`.
    MaxEvents,
}

impl Param {
    /// The name as written in the JSON input, prefixed `table.` or
    /// `physics.`.
    pub fn name(self) -> &'static str {
        match self {
            Param::TableSize => "table.size",
            Param::LineOffset => "table.line_offset",
            Param::LineWidth => "table.line_width",
            Param::CircleRadius => "table.circle_radius",
            Param::PocketRadius => "table.pocket_radius",
            Param::PocketInset => "table.pocket_inset",
            Param::DiscRadius => "table.disc.radius",
            Param::DiscHoleRadius => "table.disc.hole_radius",
            Param::DiscThickness => "table.disc.thickness",
            Param::DiscMass => "table.disc.mass",
            Param::StrikerRadius => "table.striker.radius",
            Param::StrikerHoleRadius => "table.striker.hole_radius",
            Param::StrikerThickness => "table.striker.thickness",
            Param::StrikerMass => "table.striker.mass",
            Param::Friction => "physics.friction",
            Param::Gravity => "physics.gravity",
            Param::Deceleration => "physics.friction × physics.gravity",
            Param::RestitutionDiscDisc => "physics.restitution_disc_disc",
            Param::RestitutionStrikerDisc => "physics.restitution_striker_disc",
            Param::RestitutionCushion => "physics.restitution_cushion",
            Param::MaxStrokeSpeed => "physics.max_stroke_speed",
            Param::OffTableSpeed => "physics.off_table_speed",
            Param::PocketJumpSpeed => "physics.pocket_jump_speed",
            Param::RestSpeed => "physics.rest_speed",
            Param::ContactTolerance => "physics.contact_tolerance",
            Param::MaxEvents => "physics.max_events",
        }
    }

    /// The SI unit of the parameter's value (empty for pure numbers).
    pub fn unit(self) -> &'static str {
        match self {
            Param::TableSize
            | Param::LineOffset
            | Param::LineWidth
            | Param::CircleRadius
            | Param::PocketRadius
            | Param::PocketInset
            | Param::DiscRadius
            | Param::DiscHoleRadius
            | Param::DiscThickness
            | Param::StrikerRadius
            | Param::StrikerHoleRadius
            | Param::StrikerThickness
            | Param::ContactTolerance => "m",
            Param::DiscMass | Param::StrikerMass => "kg",
            Param::Gravity | Param::Deceleration => "m/s²",
            Param::MaxStrokeSpeed
            | Param::OffTableSpeed
            | Param::PocketJumpSpeed
            | Param::RestSpeed => "m/s",
            Param::Friction
            | Param::RestitutionDiscDisc
            | Param::RestitutionStrikerDisc
            | Param::RestitutionCushion
            | Param::MaxEvents => "",
        }
    }
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An interval of allowed values; each end is included unless marked
/// open.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Range {
    /// The lower end.
    pub min: f64,
    /// The upper end.
    pub max: f64,
    /// Whether the lower end is excluded.
    pub min_open: bool,
    /// Whether the upper end is excluded.
    pub max_open: bool,
}

impl Range {
    /// `[min, max]`.
    pub const fn closed(min: f64, max: f64) -> Range {
        Range {
            min,
            max,
            min_open: false,
            max_open: false,
        }
    }

    /// `(min, max]`.
    pub const fn above(min: f64, max: f64) -> Range {
        Range {
            min,
            max,
            min_open: true,
            max_open: false,
        }
    }

    /// `[min, max)`.
    pub const fn below(min: f64, max: f64) -> Range {
        Range {
            min,
            max,
            min_open: false,
            max_open: true,
        }
    }

    /// Whether `v` lies in the range (never for NaN).
    pub fn contains(&self, v: f64) -> bool {
        let low = if self.min_open {
            v > self.min
        } else {
            v >= self.min
        };
        let high = if self.max_open {
            v < self.max
        } else {
            v <= self.max
        };
        low && high
    }
}

impl fmt::Display for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}, {}{}",
            if self.min_open { '(' } else { '[' },
            Number(self.min),
            Number(self.max),
            if self.max_open { ')' } else { ']' }
        )
    }
}

/// A number written briefly: plainly near 1, in exponent form when very
/// large or small (`{}` would write 1e300 with 301 digits).
pub(crate) struct Number(pub f64);

impl fmt::Display for Number {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.0;
        if v == 0.0 || !v.is_finite() || (1e-4..1e6).contains(&v.abs()) {
            write!(f, "{v}")
        } else {
            write!(f, "{v:e}")
        }
    }
}

/// A [`Table`] or [`Physics`] parameter outside its range. Ranges may
/// depend on other parameters (a hole must be smaller than its body), so
/// the range reported is the one that applied.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct ParameterError {
    /// Which parameter.
    pub param: Param,
    /// Its value.
    pub value: f64,
    /// The range that applied.
    pub range: Range,
}

impl fmt::Display for ParameterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = self.param.unit();
        let sep = if unit.is_empty() { "" } else { " " };
        write!(
            f,
            "{} is {}{sep}{unit}, outside its range {}{sep}{unit}",
            self.param,
            Number(self.value),
            self.range
        )
    }
}

impl std::error::Error for ParameterError {}

/// Checks every parameter against its range, table first, in the order of
/// the fields, and reports the first one outside. A range computed from a
/// parameter that is itself out of range is never reported, because that
/// parameter comes first.
pub fn check(t: &Table, p: &Physics) -> Result<(), ParameterError> {
    let (size, half) = (t.size, t.size / 2.0);
    // Bodies from 1 mm up to 10 cm, and small enough that four fit along
    // a side.
    let body = Range::closed(0.001, f64::min(0.1, size / 4.0));
    let checks = [
        (Param::TableSize, size, Range::closed(0.1, 10.0)),
        (Param::LineOffset, t.line_offset, Range::above(0.0, half)),
        (Param::LineWidth, t.line_width, Range::closed(0.0, 0.01)),
        (
            Param::CircleRadius,
            t.circle_radius,
            Range::above(0.0, half),
        ),
        (
            Param::PocketRadius,
            t.pocket_radius,
            Range::above(0.0, size / 4.0),
        ),
        // The hole lies on the surface, within its quarter of it.
        (
            Param::PocketInset,
            t.pocket_inset,
            Range::closed(t.pocket_radius, half - t.pocket_radius),
        ),
        (Param::DiscRadius, t.disc.radius, body),
        (
            Param::DiscHoleRadius,
            t.disc.hole_radius,
            Range::below(0.0, t.disc.radius),
        ),
        (
            Param::DiscThickness,
            t.disc.thickness,
            Range::above(0.0, 0.1),
        ),
        (Param::DiscMass, t.disc.mass, Range::closed(1e-4, 10.0)),
        (Param::StrikerRadius, t.striker.radius, body),
        (
            Param::StrikerHoleRadius,
            t.striker.hole_radius,
            Range::below(0.0, t.striker.radius),
        ),
        (
            Param::StrikerThickness,
            t.striker.thickness,
            Range::above(0.0, 0.1),
        ),
        (
            Param::StrikerMass,
            t.striker.mass,
            Range::closed(1e-4, 10.0),
        ),
        (Param::Friction, p.friction, Range::above(0.0, 2.0)),
        (Param::Gravity, p.gravity, Range::above(0.0, 100.0)),
        (
            Param::Deceleration,
            p.deceleration(),
            Range::closed(1e-9, 200.0),
        ),
        (
            Param::RestitutionDiscDisc,
            p.restitution_disc_disc,
            Range::closed(0.0, 1.0),
        ),
        (
            Param::RestitutionStrikerDisc,
            p.restitution_striker_disc,
            Range::closed(0.0, 1.0),
        ),
        (
            Param::RestitutionCushion,
            p.restitution_cushion,
            Range::closed(0.0, 1.0),
        ),
        (
            Param::MaxStrokeSpeed,
            p.max_stroke_speed,
            Range::above(0.0, 20.0),
        ),
        (
            Param::OffTableSpeed,
            p.off_table_speed,
            Range::above(0.0, 100.0),
        ),
        (
            Param::PocketJumpSpeed,
            p.pocket_jump_speed,
            Range::closed(0.0, 100.0),
        ),
        (Param::RestSpeed, p.rest_speed, Range::closed(1e-6, 0.1)),
        (
            Param::ContactTolerance,
            p.contact_tolerance,
            Range::closed(1e-12, 1e-4),
        ),
        (
            Param::MaxEvents,
            p.max_events as f64,
            Range::closed(1.0, MAX_EVENTS as f64),
        ),
    ];
    match checks.into_iter().find(|(_, v, r)| !r.contains(*v)) {
        Some((param, value, range)) => Err(ParameterError {
            param,
            value,
            range,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_in_range() {
        assert_eq!(check(&Table::default(), &Physics::default()), Ok(()));
    }

    #[test]
    fn messages_name_the_parameter_its_value_and_range() {
        let p = Physics {
            contact_tolerance: 1e300,
            ..Physics::default()
        };
        let e = check(&Table::default(), &p).unwrap_err();
        assert_eq!(e.param, Param::ContactTolerance);
        assert_eq!(
            e.to_string(),
            "physics.contact_tolerance is 1e300 m, outside its range [1e-12, 0.0001] m"
        );
        let p = Physics {
            friction: f64::NAN,
            ..Physics::default()
        };
        let e = check(&Table::default(), &p).unwrap_err();
        assert_eq!(
            e.to_string(),
            "physics.friction is NaN, outside its range (0, 2]"
        );
    }

    #[test]
    fn ranges_can_depend_on_other_parameters() {
        let mut t = Table::default();
        t.disc.hole_radius = t.disc.radius;
        let e = check(&t, &Physics::default()).unwrap_err();
        assert_eq!(e.param, Param::DiscHoleRadius);
        assert_eq!(e.range, Range::below(0.0, 0.015));
    }
}
