//! The computer's playing strengths: a ladder of seven levels, each
//! beating the one below in about 70% of singles sets, and `greedy`, a
//! baseline beside it.
//!
//! A level is weaker in the ways a person is weaker, never by playing
//! random strokes on purpose: its hand is less steady ([`Noise`]: aim,
//! speed and placement spreads, and for the newcomer strokes a little
//! softer than meant); it knows fewer strokes and weighs them with fewer
//! trials ([`Breadth`], [`Budget`]); and the lower levels make the
//! mistakes of people new to the game: they do not see strokes off a
//! cushion ([`Breadth::banks`]), do not weigh what a missed stroke leaves
//! the opponent ([`Settings::leave`]), and think their hand steadier than
//! it is ([`Settings::believed`]). `docs/ai.md` has the table and
//! `docs/benchmarks.md` the sets that placed each level.
//!
//! `greedy` picks the pot geometry rates best, plus a random number,
//! without simulating anything (as the one other Novuss program with a
//! computer opponent does); it is kept as a fixed point of comparison.
//! `time_limit` is the hard deadline a server can rely on.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::candidates::Breadth;
use crate::noise::{Noise, NoiseName, UnknownName};
use crate::search::Budget;

/// A playing strength. Levels compare by strength (their place in
/// [`Level::ALL`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Level {
    /// Geometry alone, no simulation, with a club player's hand: a
    /// baseline, not a rung of the ladder. It plays as well as the novice.
    Greedy,
    /// At the table for the first time.
    Novice,
    /// Learning the game.
    Beginner,
    /// Plays now and then.
    Amateur,
    /// A club player: the middle of the ladder, rated 1500.
    Club,
    /// Plays in a league team.
    League,
    /// A strong tournament player.
    Expert,
    /// The strongest: a wide search and a professional's hand.
    Master,
}

/// Everything a level decides with.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Settings {
    /// The hand's noise: the world applies it to every stroke.
    pub noise: Noise,
    /// How much of the hand's spread the player believes it has; its
    /// search samples that ([`Noise::as_believed`]). 1 knows its hand;
    /// below 1 it thinks its strokes straighter than they are, and tries
    /// long pots and thin cuts that need a steadier hand.
    pub believed: f64,
    /// Whether it simulates at all (`greedy` does not).
    pub simulates: bool,
    /// Which strokes it considers.
    pub breadth: Breadth,
    /// How much it samples.
    pub budget: Budget,
    /// What it reckons having the turn is worth, in discs
    /// ([`Valuer::turn`](crate::value::Valuer::turn)).
    pub turn_value: f64,
    /// Whether it weighs what a passed turn leaves the opponent
    /// ([`Valuer::leave`](crate::value::Valuer::leave)).
    pub leave: bool,
    /// The hard deadline of one decision.
    pub time_limit: Duration,
}

/// Ratings on the Glicko-2 scale in [`Level::ALL`]'s order, rounded to
/// the point: the fit ([`crate::ladder::fit`]) to the 5,200 sets of
/// `novuss ladder --sets 400 --seed 2 --reach 2` recorded in
/// `docs/benchmarks.md` ("The ladder"), played by the levels as commit
/// `d21287f` defines them: each rung against the two above it, and greedy
/// against novice and beginner. The fit's deviations from the anchor were
/// 14 to 22 points; the same command with `--seed 1 --reach 1` gave
/// ratings 22 to 79 points higher (club fixed), the honest spread. `greedy` (993.6) and `novice`
/// (984.5) tie: greedy won 203 of their 400 sets and drew 4.
const RATINGS: [f64; 8] = [994.0, 985.0, 1160.0, 1317.0, 1500.0, 1635.0, 1774.0, 1949.0];

#[rustfmt::skip]
impl Level {
    /// Every level, weakest first: the baseline, which ties the novice
    /// (their ratings 9 points apart, within the fit's deviation of 20),
    /// then the ladder. A new game's list of computer opponents.
    pub const ALL: [Level; 8] = [
        Level::Greedy,
        Level::Novice,
        Level::Beginner,
        Level::Amateur,
        Level::Club,
        Level::League,
        Level::Expert,
        Level::Master,
    ];

    /// The rungs of the ladder, weakest first: every level but the
    /// baseline, each beating the one before it in about 70% of sets.
    /// Taken from [`Level::ALL`] so that a new level is listed once.
    pub const LADDER: [Level; 7] = match Level::ALL {
        [Level::Greedy, rungs @ ..] => rungs,
        // The baseline comes first (checked by the tests too).
        _ => panic!("Level::ALL starts with the baseline"),
    };

    /// The rung rated [`crate::ladder::ANCHOR_RATING`]: the ladder's
    /// middle.
    pub const ANCHOR: Level = Level::Club;

    /// The name used on the command line, in the server's requests and in
    /// stored games, which are read back by it: a name once used is never
    /// dropped.
    pub fn name(self) -> &'static str {
        match self {
            Level::Greedy => "greedy",
            Level::Novice => "novice",
            Level::Beginner => "beginner",
            Level::Amateur => "amateur",
            Level::Club => "club",
            Level::League => "league",
            Level::Expert => "expert",
            Level::Master => "master",
        }
    }

    /// The level's estimated rating on the Glicko-2 scale, the middle of
    /// the ladder ([`Level::ANCHOR`]) at 1500: fitted to every set of the
    /// recorded `novuss ladder` run (`docs/benchmarks.md`, "The ladder").
    /// A person's rating on the same scale can be set against it: 200
    /// points above a level is a 76% expected score against it.
    pub fn rating(self) -> f64 {
        RATINGS[self.index()]
    }

    /// Its place in [`Level::ALL`].
    fn index(self) -> usize {
        match self {
            Level::Greedy => 0,
            Level::Novice => 1,
            Level::Beginner => 2,
            Level::Amateur => 3,
            Level::Club => 4,
            Level::League => 5,
            Level::Expert => 6,
            Level::Master => 7,
        }
    }

    /// The name of the level's own noise.
    pub fn noise_name(self) -> NoiseName {
        match self {
            Level::Greedy | Level::Club => NoiseName::Club,
            Level::Novice => NoiseName::Novice,
            Level::Beginner => NoiseName::Beginner,
            Level::Amateur => NoiseName::Amateur,
            Level::League => NoiseName::League,
            Level::Expert => NoiseName::Expert,
            Level::Master => NoiseName::Pro,
        }
    }

    /// The level's settings (the table in `docs/ai.md`).
    pub fn settings(self) -> Settings {
        // What people new to the game miss, as flags: strokes off a cushion
        // (banks), the position a missed stroke leaves (leave), and how
        // unsteady their hand is (believed, the share of its spread they
        // allow for).
        let (banks, leave, believed) = match self {
            Level::Novice => (false, false, 0.5),
            Level::Beginner => (false, false, 0.7),
            Level::Amateur => (true, false, 1.0),
            _ => (true, true, 1.0),
        };
        // (simulates, breadth, turn value, keep, refine, samples, polish, ahead, outcomes, deadline ms)
        let (simulates, breadth, turn, keep, refine, samples, polish, ahead, outcomes, ms) = match self {
            Level::Greedy   => (false, wide(1, 1, 0, 0, 0),    0.0, 0,  0,  0,     0, 0, 0,  50),
            Level::Novice   => (true,  wide(0, 1, 2, 6, 2),    1.0, 6,  0,  60,    0, 0, 0,  600),
            Level::Beginner => (true,  wide(0, 1, 3, 10, 2),   1.5, 6,  0,  120,   0, 0, 0,  600),
            Level::Amateur  => (true,  wide(1, 2, 3, 10, 2),   1.5, 8,  2,  200,   0, 0, 0,  600),
            Level::Club     => (true,  wide(1, 2, 3, 10, 2),   1.5, 12, 2,  400,   0, 0, 0,  600),
            Level::League   => (true,  wide(1, 2, 4, 12, 3),   1.8, 16, 3,  800,   1, 0, 0,  1_000),
            Level::Expert   => (true,  wide(2, 2, 4, 16, 4),   2.2, 24, 4,  1_500, 2, 0, 0,  1_000),
            Level::Master   => (true,  wide(3, 3, 7, 36, 6),   3.0, 64, 12, 6_000, 6, 3, 10, 1_500),
        };
        Settings {
            noise: self.noise_name().noise(),
            believed,
            simulates,
            breadth: Breadth { banks, ..breadth },
            budget: Budget {
                keep,
                refine,
                samples,
                polish,
                ahead,
                outcomes,
            },
            turn_value: turn,
            leave,
            time_limit: Duration::from_millis(ms),
        }
    }
}

/// A [`Breadth`] from its five numbers, in field order, seeing banks.
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
        banks: true,
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every name [`Level`] parses, for the refusal of any other.
const NAMES: &str = "greedy, novice, beginner, amateur, club, league, expert or master";

impl FromStr for Level {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Level, UnknownName> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| UnknownName {
                given: s.to_owned(),
                expected: NAMES,
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_the_refusal_lists_them_all() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert!(NAMES.contains(l.name()), "{l}");
            assert_eq!(Level::ALL[l.index()], l);
        }
        // The names stored games and the page used before the ladder.
        for old in ["greedy", "beginner", "club", "expert", "master"] {
            assert!(old.parse::<Level>().is_ok(), "{old}");
        }
        assert!("grandmaster".parse::<Level>().is_err());
    }

    #[test]
    fn all_is_weakest_first_and_the_ladder_is_all_but_the_baseline() {
        assert!(Level::ALL.windows(2).all(|w| w[0] < w[1]));
        let rungs: Vec<Level> = Level::ALL
            .into_iter()
            .filter(|&l| l != Level::Greedy)
            .collect();
        assert_eq!(rungs, Level::LADDER);
        assert_eq!(Level::LADDER[Level::LADDER.len() / 2], Level::ANCHOR);
    }

    #[test]
    fn the_ratings_are_in_ladder_order_with_the_middle_at_1500() {
        assert_eq!(Level::ANCHOR.rating(), crate::ladder::ANCHOR_RATING);
        for w in Level::LADDER.windows(2) {
            assert!(w[0].rating() < w[1].rating(), "{} {}", w[0], w[1]);
        }
        // The baseline ties the lowest rung (within the fit's deviation),
        // and is listed before it.
        assert_eq!(Level::ALL[0], Level::Greedy);
        let bottom = Level::LADDER[0].rating();
        assert!((Level::Greedy.rating() - bottom).abs() < 40.0);
        assert!(Level::Greedy.rating() < Level::LADDER[1].rating());
        // Even steps: each about 70% against the one below, by the
        // ratings' own expected score.
        for w in Level::LADDER.windows(2) {
            let e = crate::ladder::expected(w[1].rating(), w[0].rating());
            assert!((0.65..=0.75).contains(&e), "{} over {}: {e}", w[1], w[0]);
        }
    }

    #[test]
    fn each_rung_is_at_least_as_steady_and_searches_at_least_as_much_as_the_one_below() {
        for w in Level::LADDER.windows(2) {
            let (lo, hi) = (w[0].settings(), w[1].settings());
            let why = format!("{} below {}", w[0], w[1]);
            let (a, b) = (lo.noise, hi.noise);
            assert!(b.direction_deg < a.direction_deg, "{why}");
            assert!(
                b.speed_pct <= a.speed_pct && b.placement_mm <= a.placement_mm,
                "{why}"
            );
            assert!(b.speed_bias_pct.abs() <= a.speed_bias_pct.abs(), "{why}");
            assert!(hi.believed >= lo.believed, "{why}");
            assert!(
                hi.breadth.banks >= lo.breadth.banks && hi.leave >= lo.leave,
                "{why}"
            );
            let (x, y) = (lo.breadth, hi.breadth);
            assert!(
                y.spots >= x.spots
                    && y.arrivals >= x.arrivals
                    && y.fan_spots >= x.fan_spots
                    && y.fan_directions >= x.fan_directions
                    && y.fan_speeds >= x.fan_speeds,
                "{why}"
            );
            let (x, y) = (lo.budget, hi.budget);
            assert!(y.samples > x.samples, "{why}");
            assert!(y.keep >= x.keep && y.refine >= x.refine, "{why}");
            assert!(y.polish >= x.polish && y.ahead >= x.ahead, "{why}");
            assert!(hi.turn_value >= lo.turn_value, "{why}");
            assert!(hi.time_limit >= lo.time_limit, "{why}");
            assert!(lo.simulates && hi.simulates, "{why}");
        }
        // The mistakes of newcomers belong to the bottom of the ladder.
        let bottom = Level::LADDER[0].settings();
        assert!(!bottom.breadth.banks && !bottom.leave && bottom.believed < 1.0);
        assert!(bottom.noise.speed_bias_pct < 0.0);
        let top = Level::LADDER[Level::LADDER.len() - 1].settings();
        assert!(top.breadth.banks && top.leave && top.believed == 1.0);
        assert_eq!(top.noise, Noise::PRO);
    }
}
