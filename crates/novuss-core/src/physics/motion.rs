//! Free sliding between events.
//!
//! Coulomb friction decelerates a sliding body at the constant rate `a = μg`
//! against its velocity, so between two events a body runs along a straight
//! line with a speed falling linearly to zero:
//!
//! ```text
//! p(τ) = p₀ + û (v₀τ − aτ²/2),   0 ≤ τ ≤ v₀/a,   û = v₀/|v₀|
//! ```
//!
//! and stays at `p₀ + û v₀²/(2a)` afterwards. A [`Segment`] stores exactly
//! these four numbers, so a client can draw a body at any instant.

use glam::DVec2;
use serde::{Deserialize, Serialize};

/// One stretch of a body's path between two changes of its velocity.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Segment {
    /// Start time, s from the stroke.
    pub t: f64,
    /// Position at `t`, m.
    pub p: DVec2,
    /// Velocity at `t`, m/s.
    pub v: DVec2,
    /// Deceleration magnitude, m/s², acting against `v` until it stops.
    pub decel: f64,
}

impl Segment {
    /// A body resting at `p` from time `t` on.
    pub fn rest(t: f64, p: DVec2) -> Segment {
        Segment {
            t,
            p,
            v: DVec2::ZERO,
            decel: 0.0,
        }
    }

    /// The engine's form of this segment: positions and velocities come from
    /// the very formulas the engine used, so they agree with it exactly.
    fn track(&self) -> Track {
        Track::new(self.t, self.p, self.v, self.decel)
    }

    /// Whether the body is moving during this segment.
    pub fn moving(&self) -> bool {
        self.v != DVec2::ZERO
    }

    /// Speed at the segment's start.
    pub fn speed(&self) -> f64 {
        self.v.length()
    }

    /// Time from the segment's start until the body stops (0 if at rest).
    pub fn duration(&self) -> f64 {
        self.track().duration
    }

    /// Absolute time at which the body stops.
    pub fn stop_time(&self) -> f64 {
        self.t + self.duration()
    }

    /// Distance travelled from the segment's start until the body stops.
    pub fn reach(&self) -> f64 {
        if self.moving() {
            self.v.length_squared() / (2.0 * self.decel)
        } else {
            0.0
        }
    }

    /// Position at absolute time `t` (its start position for earlier `t`).
    pub fn position(&self, t: f64) -> DVec2 {
        self.track().position(t.max(self.t))
    }

    /// Velocity at absolute time `t` (zero once stopped).
    pub fn velocity(&self, t: f64) -> DVec2 {
        self.track().velocity(t)
    }

    /// Absolute time at which the body has slid `s` metres along its path,
    /// or `None` if it stops before.
    pub fn time_at_distance(&self, s: f64) -> Option<f64> {
        if !self.moving() {
            return None;
        }
        time_to_slide(self.speed(), self.decel, s.max(0.0)).map(|tau| self.t + tau)
    }
}

/// Time a body sliding at `speed` with deceleration `decel` takes to cover
/// `s` metres, or `None` if it stops before: the cancellation-free root
/// `τ = 2s / (v + √(v² − 2as))` of `s = vτ − aτ²/2`.
pub(crate) fn time_to_slide(speed: f64, decel: f64, s: f64) -> Option<f64> {
    let disc = speed * speed - 2.0 * decel * s;
    if disc < 0.0 {
        return None;
    }
    Some(2.0 * s / (speed + disc.sqrt()))
}

/// The engine's working form of a segment: the unit direction and speed are
/// kept so that positions at any instant cost a handful of flops.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Track {
    pub t0: f64,
    pub p0: DVec2,
    /// Unit direction of motion (zero at rest).
    pub u: DVec2,
    /// Speed at `t0` (zero at rest).
    pub speed: f64,
    /// Deceleration while moving.
    pub decel: f64,
    /// Time from `t0` until the body stops (`speed / decel`), kept because
    /// every position evaluation needs it.
    pub duration: f64,
}

/// A body's kinematic state at one instant: `p + v τ + acc τ²` until `stop`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kin {
    pub p: DVec2,
    pub v: DVec2,
    /// Half the acceleration vector.
    pub acc: DVec2,
    /// Distance still to slide.
    pub reach: f64,
    /// Absolute stop time.
    pub stop: f64,
    pub moving: bool,
    pub speed: f64,
    pub decel: f64,
}

impl Kin {
    /// Time after `now` at which the body has slid `s` further metres
    /// (cancellation-free root of `s = vτ − aτ²/2`), if it gets that far.
    pub fn time_to(&self, s: f64) -> Option<f64> {
        time_to_slide(self.speed, self.decel, s)
    }
}

impl Track {
    pub fn new(t0: f64, p0: DVec2, v: DVec2, decel: f64) -> Track {
        let speed = v.length();
        if speed > 0.0 {
            Track {
                t0,
                p0,
                u: v / speed,
                speed,
                decel,
                duration: speed / decel,
            }
        } else {
            Track {
                t0,
                p0,
                u: DVec2::ZERO,
                speed: 0.0,
                decel,
                duration: 0.0,
            }
        }
    }

    pub fn moving(&self) -> bool {
        self.speed > 0.0
    }

    pub fn stop_time(&self) -> f64 {
        self.t0 + self.duration
    }

    /// Speed at `t`, never negative.
    pub fn speed_at(&self, t: f64) -> f64 {
        (self.speed - self.decel * (t - self.t0)).max(0.0)
    }

    pub fn position(&self, t: f64) -> DVec2 {
        if self.speed == 0.0 {
            return self.p0;
        }
        let tau = (t - self.t0).min(self.duration);
        self.p0 + self.u * (tau * (self.speed - 0.5 * self.decel * tau))
    }

    pub fn velocity(&self, t: f64) -> DVec2 {
        self.u * self.speed_at(t)
    }

    /// The body's state at `now`, in the form the contact predictor needs.
    /// The body's state at `now`, in the form the contact predictor needs.
    pub fn kin(&self, now: f64) -> Kin {
        let speed = self.speed_at(now);
        let moving = speed > 0.0;
        Kin {
            p: self.position(now),
            v: self.u * speed,
            acc: if moving {
                self.u * (-0.5 * self.decel)
            } else {
                DVec2::ZERO
            },
            reach: if moving {
                speed * speed / (2.0 * self.decel)
            } else {
                0.0
            },
            stop: if moving { self.stop_time() } else { now },
            moving,
            speed,
            decel: self.decel,
        }
    }

    /// The public form, for the recorded path.
    pub fn segment(&self) -> Segment {
        Segment {
            t: self.t0,
            p: self.p0,
            v: self.u * self.speed,
            decel: if self.speed > 0.0 { self.decel } else { 0.0 },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stopping_distance_is_v_squared_over_two_a() {
        let s = Segment {
            t: 1.0,
            p: DVec2::new(0.2, 0.3),
            v: DVec2::new(3.0, 4.0),
            decel: 1.4715,
        };
        let end = s.position(100.0);
        let expected = 25.0 / (2.0 * 1.4715);
        assert!(((end - s.p).length() - expected).abs() < 1e-12);
        assert_eq!(s.velocity(s.stop_time() + 1e-9), DVec2::ZERO);
        let half = s.time_at_distance(expected / 2.0).unwrap();
        assert!(((s.position(half) - s.p).length() - expected / 2.0).abs() < 1e-12);
    }
}
