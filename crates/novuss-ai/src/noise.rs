//! Execution noise: the difference between the stroke a player means and
//! the stroke the hand makes.
//!
//! A computer player first chooses a stroke; the world then perturbs it
//! with independent Gaussian errors on the striker's placement, the push's
//! direction and its speed. The player knows its own noise (it searches by
//! sampling it) but cannot avoid it.
//!
//! A placement error never makes a stroke illegal: a player who sees the
//! striker a hair inside a line or against a disc sets it down again, so
//! the perturbed centre is moved to the nearest legal spot
//! ([`StrikerRegion::nearest`]). Likewise the cue cannot be pushed from
//! outside the near edge (`000` 1.15; `002` 3.4), so a direction error is
//! bounded by the aim range, and the speed stays within what a cue gives.

use std::fmt;
use std::str::FromStr;

use novuss_core::aim::{AimRange, StrikerRegion};
use novuss_core::physics::stroke::Stroke;
use novuss_core::rules::set::SetState;
use novuss_core::seat::Seat;
use novuss_core::table::Table;
use novuss_core::DVec2;
use rand::Rng;
use rand_distr::StandardNormal;
use serde::{Deserialize, Serialize};

/// Standard deviations of the three errors of a stroke.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Noise {
    /// Placement error of the striker's centre, in mm, on each axis.
    pub placement_mm: f64,
    /// Direction error, in degrees.
    pub direction_deg: f64,
    /// Speed error, in percent of the intended speed.
    pub speed_pct: f64,
    /// A steady error of the speed, in percent of the intended speed: a
    /// player who misjudges how far the discs slide strikes every stroke
    /// this much harder (negative: softer) than it means. A player does
    /// not know its own ([`Noise::as_believed`] leaves it out), so its
    /// search cannot allow for it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub speed_bias_pct: f64,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

impl Noise {
    /// No noise: strokes are executed exactly (the ceiling of a search).
    pub const NONE: Noise = Noise {
        placement_mm: 0.0,
        direction_deg: 0.0,
        speed_pct: 0.0,
        speed_bias_pct: 0.0,
    };

    /// A strong human player, as the issue defines it: direction σ 0.25°,
    /// speed σ 3%, placement σ 0.5 mm.
    pub const PRO: Noise = Noise {
        placement_mm: 0.5,
        direction_deg: 0.25,
        speed_pct: 3.0,
        speed_bias_pct: 0.0,
    };

    /// The computer pool olympiads' aim error (φ σ 0.125°), with `PRO`'s
    /// speed and placement errors: the pool tournaments' speed error
    /// (0.075 m/s at typical 2–3 m/s strokes) is about 3%, and their cue-tip
    /// offsets (0.5 mm) have no counterpart here but the placement.
    pub const TOURNAMENT: Noise = Noise {
        placement_mm: 0.5,
        direction_deg: 0.125,
        speed_pct: 3.0,
        speed_bias_pct: 0.0,
    };

    /// Someone at the table for the first time: 1.7°, 13%, 3.5 mm, and
    /// every stroke 5% softer than meant (a newcomer expects the discs to
    /// slide further than they do). Level `novice`.
    pub const NOVICE: Noise = Noise {
        placement_mm: 3.5,
        direction_deg: 1.7,
        speed_pct: 13.0,
        speed_bias_pct: -5.0,
    };

    /// A player still learning the push: 1.5°, 11%, 3 mm. Level
    /// `beginner`.
    pub const BEGINNER: Noise = Noise {
        placement_mm: 3.0,
        direction_deg: 1.5,
        speed_pct: 11.0,
        speed_bias_pct: 0.0,
    };

    /// Someone who plays now and then: 1.1°, 9%, 2 mm. Level `amateur`.
    pub const AMATEUR: Noise = Noise {
        placement_mm: 2.0,
        direction_deg: 1.1,
        speed_pct: 9.0,
        speed_bias_pct: 0.0,
    };

    /// A regular club player: 0.8°, 7%, 1.5 mm. Levels `club` and
    /// `greedy`.
    pub const CLUB: Noise = Noise {
        placement_mm: 1.5,
        direction_deg: 0.8,
        speed_pct: 7.0,
        speed_bias_pct: 0.0,
    };

    /// A player of a league team: 0.65°, 6%, 1.3 mm. Level `league`.
    pub const LEAGUE: Noise = Noise {
        placement_mm: 1.3,
        direction_deg: 0.65,
        speed_pct: 6.0,
        speed_bias_pct: 0.0,
    };

    /// A strong tournament player: 0.4°, 4.2%, 0.9 mm. Level `expert`.
    pub const EXPERT: Noise = Noise {
        placement_mm: 0.9,
        direction_deg: 0.4,
        speed_pct: 4.2,
        speed_bias_pct: 0.0,
    };

    /// Every error multiplied by `k` (negative or NaN `k` counts as 0).
    pub fn scaled(self, k: f64) -> Noise {
        let k = if k > 0.0 { k } else { 0.0 };
        Noise {
            placement_mm: self.placement_mm * k,
            direction_deg: self.direction_deg * k,
            speed_pct: self.speed_pct * k,
            speed_bias_pct: self.speed_bias_pct * k,
        }
    }

    /// The hand as its player believes it to be: the spreads multiplied by
    /// `k` (below 1, a player who thinks its strokes straighter than they
    /// are), and no steady speed error, which nobody allows for unless
    /// they know it.
    pub fn as_believed(self, k: f64) -> Noise {
        Noise {
            speed_bias_pct: 0.0,
            ..self.scaled(k)
        }
    }

    /// Whether every error is zero.
    pub fn is_none(&self) -> bool {
        !(self.placement_mm > 0.0
            || self.direction_deg > 0.0
            || self.speed_pct > 0.0
            || self.speed_bias_pct != 0.0)
    }

    /// The stroke the hand makes when the player to stroke in `state`
    /// means `stroke`: [`Noise::perturb`] with the state's table, seat and
    /// discs.
    pub fn execute(
        &self,
        state: &SetState,
        stroke: &Stroke,
        max_speed: f64,
        rng: &mut impl Rng,
    ) -> Stroke {
        let discs = state.positions();
        self.perturb(
            state.table(),
            state.seat_to_play(),
            &discs,
            stroke,
            max_speed,
            rng,
        )
    }

    /// The stroke the hand makes when `seat` means `stroke`, with the
    /// discs at `discs`. Draws exactly four normal numbers from `rng`
    /// whatever the outcome, so that runs stay aligned across candidates.
    pub fn perturb(
        &self,
        table: &Table,
        seat: Seat,
        discs: &[DVec2],
        stroke: &Stroke,
        max_speed: f64,
        rng: &mut impl Rng,
    ) -> Stroke {
        let (a, b): (f64, f64) = (rng.sample(StandardNormal), rng.sample(StandardNormal));
        let (c, e): (f64, f64) = (rng.sample(StandardNormal), rng.sample(StandardNormal));
        if self.is_none() {
            return *stroke;
        }
        let mut striker = stroke.striker + DVec2::new(a, b) * (self.placement_mm * 1e-3);
        if striker != stroke.striker {
            let region = StrikerRegion::new(table, seat, discs);
            if !region.contains(striker) {
                striker = region.nearest(striker).unwrap_or(stroke.striker);
            }
        }
        let turn = c * self.direction_deg.to_radians();
        let d = stroke.unit_direction();
        let mut direction = DVec2::from_angle(turn).rotate(d);
        if let Some(range) = AimRange::new(table, seat, striker) {
            if !range.contains(direction) {
                direction = range.nearest(direction).unwrap_or(direction);
            }
        }
        let factor = (1.0 + (self.speed_bias_pct + e * self.speed_pct) / 100.0).max(0.05);
        let speed = (stroke.speed * factor).min(max_speed);
        Stroke {
            striker,
            direction,
            speed,
        }
    }
}

/// The named noise vectors, for the command line and the docs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum NoiseName {
    /// [`Noise::NONE`].
    None,
    /// [`Noise::NOVICE`].
    Novice,
    /// [`Noise::BEGINNER`].
    Beginner,
    /// [`Noise::AMATEUR`].
    Amateur,
    /// [`Noise::CLUB`].
    Club,
    /// [`Noise::LEAGUE`].
    League,
    /// [`Noise::EXPERT`].
    Expert,
    /// [`Noise::PRO`].
    Pro,
    /// [`Noise::TOURNAMENT`].
    Tournament,
}

impl NoiseName {
    /// Every name, in order of decreasing noise after `None`.
    pub const ALL: [NoiseName; 9] = [
        NoiseName::None,
        NoiseName::Novice,
        NoiseName::Beginner,
        NoiseName::Amateur,
        NoiseName::Club,
        NoiseName::League,
        NoiseName::Expert,
        NoiseName::Pro,
        NoiseName::Tournament,
    ];

    /// The vector.
    pub fn noise(self) -> Noise {
        match self {
            NoiseName::None => Noise::NONE,
            NoiseName::Novice => Noise::NOVICE,
            NoiseName::Beginner => Noise::BEGINNER,
            NoiseName::Amateur => Noise::AMATEUR,
            NoiseName::Club => Noise::CLUB,
            NoiseName::League => Noise::LEAGUE,
            NoiseName::Expert => Noise::EXPERT,
            NoiseName::Pro => Noise::PRO,
            NoiseName::Tournament => Noise::TOURNAMENT,
        }
    }

    /// The name as written on the command line.
    pub fn name(self) -> &'static str {
        match self {
            NoiseName::None => "none",
            NoiseName::Novice => "novice",
            NoiseName::Beginner => "beginner",
            NoiseName::Amateur => "amateur",
            NoiseName::Club => "club",
            NoiseName::League => "league",
            NoiseName::Expert => "expert",
            NoiseName::Pro => "pro",
            NoiseName::Tournament => "tournament",
        }
    }
}

impl fmt::Display for NoiseName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a noise, level or other listed name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownName {
    /// What was given.
    pub given: String,
    /// What is accepted.
    pub expected: &'static str,
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown name {:?}; expected {}",
            self.given, self.expected
        )
    }
}

impl std::error::Error for UnknownName {}

impl FromStr for NoiseName {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<NoiseName, UnknownName> {
        NoiseName::ALL
            .into_iter()
            .find(|n| n.name() == s)
            .ok_or_else(|| UnknownName {
                given: s.to_owned(),
                expected:
                    "none, novice, beginner, amateur, club, league, expert, pro or tournament",
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use novuss_core::rules::zone::{check_aim, check_striker_placement};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    fn stroke() -> Stroke {
        Stroke {
            striker: DVec2::new(0.5, 0.07),
            direction: DVec2::new(0.0, 1.0),
            speed: 2.0,
        }
    }

    #[test]
    fn no_noise_changes_nothing() {
        let t = Table::default();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let s = stroke();
        assert_eq!(
            Noise::NONE.perturb(&t, Seat::South, &[], &s, 8.0, &mut rng),
            s
        );
    }

    #[test]
    fn errors_have_the_stated_spread() {
        let t = Table::default();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let s = stroke();
        let n = 20_000;
        let (mut sum_a, mut sum_a2, mut sum_v2, mut sum_x2) = (0.0, 0.0, 0.0, 0.0);
        for _ in 0..n {
            let p = Noise::PRO.perturb(&t, Seat::South, &[], &s, 8.0, &mut rng);
            let a = p.direction.to_angle().to_degrees() - 90.0;
            sum_a += a;
            sum_a2 += a * a;
            sum_v2 += (p.speed / 2.0 - 1.0).powi(2);
            sum_x2 += ((p.striker.x - 0.5) * 1e3).powi(2);
        }
        let n = n as f64;
        assert!((sum_a / n).abs() < 0.01);
        assert!(((sum_a2 / n).sqrt() - 0.25).abs() < 0.01);
        assert!(((sum_v2 / n).sqrt() - 0.03).abs() < 0.002);
        assert!(((sum_x2 / n).sqrt() - 0.5).abs() < 0.02);
    }

    #[test]
    fn a_noisy_stroke_stays_legal() {
        let t = Table::default();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        // Against the zone's edge and aimed at the limit of the aim range.
        let discs = [DVec2::new(0.2, 0.06)];
        let region = StrikerRegion::new(&t, Seat::South, &discs);
        let from = region.nearest(DVec2::new(0.2, 0.1)).unwrap();
        let range = AimRange::new(&t, Seat::South, from).unwrap();
        let s = Stroke {
            striker: from,
            direction: range.nearest(range.limits().0).unwrap(),
            speed: 7.9,
        };
        for _ in 0..2_000 {
            let p = Noise::BEGINNER
                .scaled(3.0)
                .perturb(&t, Seat::South, &discs, &s, 8.0, &mut rng);
            assert!(check_striker_placement(&t, Seat::South, p.striker, &discs).is_ok());
            assert!(check_aim(&t, Seat::South, p.striker, p.direction).is_ok());
            assert!(p.speed > 0.0 && p.speed <= 8.0);
        }
    }

    #[test]
    fn names_round_trip() {
        for n in NoiseName::ALL {
            assert_eq!(n.name().parse::<NoiseName>(), Ok(n));
        }
        assert!("loud".parse::<NoiseName>().is_err());
    }
}
