//! The computer's playing strengths.
//!
//! Levels differ in how steady the hand is ([`Noise`]) and in how much they
//! search ([`Breadth`], [`Budget`]). `greedy` is the baseline: it picks the
//! pot geometry rates best, plus a random number, without simulating
//! anything (as the one other Novuss program with a computer opponent
//! does). The time each level takes is measured in `docs/benchmarks.md`;
//! `time_limit` is the hard deadline a server can rely on.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::candidates::Breadth;
use crate::noise::{Noise, UnknownName};
use crate::search::Budget;

/// A playing strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Level {
    /// Geometry alone, no simulation; a club player's hand.
    Greedy,
    /// A small search and an unsteady hand.
    Beginner,
    /// A club player.
    Club,
    /// A strong club player.
    Expert,
    /// The strongest: a wide search and a professional's hand.
    Master,
}

/// Everything a level decides with.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Settings {
    /// The hand's noise (the world applies it; the search samples it).
    pub noise: Noise,
    /// Whether it simulates at all (`greedy` does not).
    pub simulates: bool,
    /// Which strokes it considers.
    pub breadth: Breadth,
    /// How much it samples.
    pub budget: Budget,
    /// What it reckons having the turn is worth, in discs
    /// ([`Valuer::turn`](crate::value::Valuer::turn)).
    pub turn_value: f64,
    /// The hard deadline of one decision.
    pub time_limit: Duration,
}

#[rustfmt::skip]
impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Greedy,
        Level::Beginner,
        Level::Club,
        Level::Expert,
        Level::Master,
    ];

    /// The name used on the command line and in records.
    pub fn name(self) -> &'static str {
        match self {
            Level::Greedy => "greedy",
            Level::Beginner => "beginner",
            Level::Club => "club",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }

    /// The name of the level's own noise.
    pub fn noise_name(self) -> crate::noise::NoiseName {
        use crate::noise::NoiseName;
        match self {
            Level::Greedy | Level::Club => NoiseName::Club,
            Level::Beginner => NoiseName::Beginner,
            Level::Expert => NoiseName::Expert,
            Level::Master => NoiseName::Pro,
        }
    }

    /// The level's settings (the table in `docs/ai.md`).
    pub fn settings(self) -> Settings {
        // (noise, simulates, breadth, turn value, keep, refine, samples, polish, ahead, outcomes, deadline ms)
        let (noise, simulates, breadth, turn, keep, refine, samples, polish, ahead, outcomes, ms) = match self {
            Level::Greedy => (Noise::CLUB, false, wide(1, 1, 0, 0, 0), 0.0, 0, 0, 0, 0, 0, 0, 50),
            Level::Beginner => (Noise::BEGINNER, true, wide(0, 1, 2, 6, 1), 1.0, 6, 0, 60, 0, 0, 0, 300),
            Level::Club => (Noise::CLUB, true, wide(1, 2, 3, 10, 2), 1.5, 12, 2, 400, 0, 0, 0, 600),
            Level::Expert => (Noise::EXPERT, true, wide(2, 2, 4, 16, 4), 2.2, 24, 4, 1_500, 2, 0, 0, 1_000),
            Level::Master => (Noise::PRO, true, wide(3, 3, 7, 36, 6), 3.0, 64, 12, 6_000, 6, 3, 10, 1_500),
        };
        debug_assert_eq!(noise, self.noise_name().noise());
        Settings {
            noise,
            simulates,
            breadth,
            budget: Budget {
                keep,
                refine,
                samples,
                polish,
                ahead,
                outcomes,
            },
            turn_value: turn,
            time_limit: Duration::from_millis(ms),
        }
    }
}

/// A [`Breadth`] from its five numbers, in field order.
fn wide(
    spots: usize,
    arrivals: usize,
    fan_spots: usize,
    fan_directions: usize,
    fan_speeds: usize,
) -> Breadth {
    Breadth {
        spots,
        arrivals,
        fan_spots,
        fan_directions,
        fan_speeds,
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Level, UnknownName> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownName {
                given: s.to_owned(),
                expected: "greedy, beginner, club, expert or master",
            })
    }
}
