//! Glicko-2 with lichess's parameters, on top of the `skillratings` crate.
//!
//! Pure: ratings in, ratings out, no clock and no I/O, so that settling a
//! match and `novuss ratings recompute` run the very same arithmetic and
//! agree to the last bit.
//!
//! * A new player starts at 1500 with deviation 500 and volatility 0.09;
//!   τ is 0.75 (lichess's `Glicko.default` and its `tau`).
//! * After every update the deviation is clamped to 45–500 and the
//!   volatility capped at 0.1, as lichess does, so that neither a long run
//!   of games nor a long absence makes a rating frozen or meaningless.
//! * Idle time widens the deviation ([`grow`]); `skillratings`' own
//!   `decay_deviation` works per rating period and stops at 350, which is
//!   not lichess's curve, so the growth is written here.
//! * Every player's update is one Glicko-2 rating period holding the
//!   match's results against the match's other contenders, with every
//!   opponent as they stood before the match (`glicko2_rating_period`).

use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

/// A new player's rating.
pub const START_RATING: f64 = 1500.0;
/// A new player's deviation.
pub const START_DEVIATION: f64 = 500.0;
/// A new player's volatility.
pub const START_VOLATILITY: f64 = 0.09;
/// The smallest deviation a rating keeps.
pub const MIN_DEVIATION: f64 = 45.0;
/// The largest deviation: that of a new player.
pub const MAX_DEVIATION: f64 = 500.0;
/// The largest volatility.
pub const MAX_VOLATILITY: f64 = 0.1;
/// Glicko-2's τ, how fast volatility may change.
pub const TAU: f64 = 0.75;
/// A rating whose deviation is at least this is provisional ("?").
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// How much the squared deviation grows per second without a rated game.
///
/// Glicko's growth is `φ' = √(φ² + c²·t)`. lichess's curve takes a settled
/// player at deviation 60 to about 110 after a year away, so
/// `c² · 365 days = 110² − 60² = 12100 − 3600 = 8500`, that is
/// `c² = 8500 / 365 ≈ 23.29` per day, `c ≈ 4.83` rating points per
/// √day. Per second: `8500 / (365 · 86400)`.
pub const GROWTH_PER_SECOND: f64 = 8500.0 / (365.0 * 86400.0);

/// One player's rating.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation (the Glicko "RD").
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

impl Rating {
    /// Whether the rating is still provisional.
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    fn glicko(self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// The configuration every update uses.
pub fn config() -> Glicko2Config {
    Glicko2Config {
        tau: TAU,
        ..Glicko2Config::new()
    }
}

/// `r` after `seconds` without a rated game: the deviation widens along
/// lichess's curve ([`GROWTH_PER_SECOND`]) up to [`MAX_DEVIATION`]. No time
/// (or time running backwards, as a clock set back may make it) changes
/// nothing.
pub fn grow(r: Rating, seconds: i64) -> Rating {
    if seconds <= 0 {
        return r;
    }
    let widened = (r.deviation * r.deviation + GROWTH_PER_SECOND * seconds as f64).sqrt();
    Rating {
        deviation: widened.min(MAX_DEVIATION),
        ..r
    }
}

/// A result against one opponent: 1 a win, ½ a draw, 0 a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

impl Outcome {
    /// The points it scores.
    pub fn points(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }

    /// Its name, as stored with a rated result and shown on a player's
    /// page.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Win => "win",
            Outcome::Draw => "draw",
            Outcome::Loss => "loss",
        }
    }

    /// The outcome named `name`, or `None`.
    pub fn parse(name: &str) -> Option<Outcome> {
        [Outcome::Win, Outcome::Draw, Outcome::Loss]
            .into_iter()
            .find(|o| o.name() == name)
    }

    fn skill(self) -> Outcomes {
        match self {
            Outcome::Win => Outcomes::WIN,
            Outcome::Draw => Outcomes::DRAW,
            Outcome::Loss => Outcomes::LOSS,
        }
    }
}

/// `player` after one rating period of `results` against opponents as
/// they stood before it, clamped to lichess's bounds. No results changes
/// nothing (idle time is [`grow`]'s).
pub fn update(player: Rating, results: &[(Rating, Outcome)]) -> Rating {
    if results.is_empty() {
        return player;
    }
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|(r, o)| (r.glicko(), o.skill()))
        .collect();
    let after = glicko2_rating_period(&player.glicko(), &results, &config());
    Rating {
        rating: after.rating,
        deviation: after.deviation.clamp(MIN_DEVIATION, MAX_DEVIATION),
        volatility: after.volatility.min(MAX_VOLATILITY),
    }
}

/// The opponent a doubles player is rated against: the partners'
/// average, seen from the player.
///
/// Glicko-2 rates one player against one opponent; a doubles match is two
/// against two. Each player is rated as if in a singles game against a
/// virtual opponent whose rating makes the game's expected score that of
/// the two teams' averages (`own + (their average − our average)`), with
/// the root mean square of the opponents' deviations as its uncertainty.
/// So a strong partner makes a win worth less and a loss cost more, each
/// player moves by their own deviation (a newcomer beside a settled
/// player moves fast, the settled player slowly), the ratings stay on the
/// singles scale (the computer levels' estimates remain comparable), and
/// a team of two equal players against two equal players is exactly a
/// singles game. Weng-Lin's team model was the alternative; it is another
/// scale with another notion of deviation, and mixing it into Glicko-2
/// ratings would make neither exact.
pub fn doubles_opponent(me: Rating, partner: Rating, them: [Rating; 2]) -> Rating {
    let ours = (me.rating + partner.rating) / 2.0;
    let theirs = (them[0].rating + them[1].rating) / 2.0;
    let spread = ((them[0].deviation.powi(2) + them[1].deviation.powi(2)) / 2.0).sqrt();
    Rating {
        rating: me.rating + (theirs - ours),
        deviation: spread,
        volatility: (them[0].volatility + them[1].volatility) / 2.0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use skillratings::glicko2::glicko2;

    fn r(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// One result is one game of `skillratings::glicko2`, for both sides.
    #[test]
    fn one_game_is_skillratings_glicko2() {
        let a = r(1620.0, 180.0, 0.08);
        let b = r(1480.0, 90.0, 0.06);
        let (ea, eb) = glicko2(&a.glicko(), &b.glicko(), &Outcomes::LOSS, &config());
        let na = update(a, &[(b, Outcome::Loss)]);
        let nb = update(b, &[(a, Outcome::Win)]);
        assert!((na.rating - ea.rating).abs() < 1e-9, "{na:?} {ea:?}");
        assert!((na.deviation - ea.deviation).abs() < 1e-9);
        assert!((na.volatility - ea.volatility).abs() < 1e-12);
        assert!((nb.rating - eb.rating).abs() < 1e-9, "{nb:?} {eb:?}");
        assert!(nb.rating > b.rating && na.rating < a.rating);
    }

    /// Two newcomers, one game, worked by hand from Glickman's paper:
    /// φ = 500/173.7178 = 2.8782; g(φ) = 1/√(1 + 3φ²/π²) = 0.53314;
    /// E = ½; v = 1/(g²·E·(1−E)) = 14.073; the volatility barely moves
    /// from 0.09, so φ* = √(φ² + σ²) = 2.8796 and φ' = 1/√(1/φ*² + 1/v)
    /// = 2.2842, that is 396.8; μ' = φ'²·g·(1 − ½) = 1.3909, that is
    /// 1500 + 241.6.
    #[test]
    fn two_newcomers_by_hand() {
        let a = Rating::default();
        let won = update(a, &[(a, Outcome::Win)]);
        assert!((won.rating - 1741.6).abs() < 0.05, "{won:?}");
        assert!((won.deviation - 396.8).abs() < 0.05, "{won:?}");
        let lost = update(a, &[(a, Outcome::Loss)]);
        assert!((lost.rating - 1258.4).abs() < 0.05, "{lost:?}");
        let drew = update(a, &[(a, Outcome::Draw)]);
        assert!((drew.rating - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn bounds_hold() {
        // A settled player playing many settled ones would fall below 45.
        let mut p = r(1500.0, 46.0, 0.2);
        let them = vec![(r(1500.0, 45.0, 0.06), Outcome::Draw); 50];
        p = update(p, &them);
        assert_eq!(p.deviation, MIN_DEVIATION);
        assert!(p.volatility <= MAX_VOLATILITY);
        assert_eq!(update(p, &[]), p);
    }

    /// 60 → 110 in a year, never past 500, never backwards.
    #[test]
    fn idle_growth_follows_lichess() {
        let year = 365 * 86400;
        let p = r(1800.0, 60.0, 0.06);
        assert!((grow(p, year).deviation - 110.0).abs() < 1e-9);
        assert!((grow(p, year / 2).deviation - (3600.0f64 + 4250.0).sqrt()).abs() < 1e-9);
        assert_eq!(grow(p, 0), p);
        assert_eq!(grow(p, -5), p);
        assert_eq!(grow(p, 100 * year).deviation, MAX_DEVIATION);
        assert!(grow(p, year).provisional() && !p.provisional());
    }

    /// Equal partners against equal opponents is the singles game; a
    /// strong partner makes the same win worth less.
    #[test]
    fn doubles_reduce_to_singles_and_weigh_the_partner() {
        let me = r(1500.0, 200.0, 0.09);
        let them = r(1600.0, 120.0, 0.06);
        let v = doubles_opponent(me, me, [them, them]);
        assert_eq!(v, them);
        let weak = update(
            me,
            &[(doubles_opponent(me, me, [them, them]), Outcome::Win)],
        );
        let strong_partner = r(1900.0, 60.0, 0.06);
        let carried = update(
            me,
            &[(
                doubles_opponent(me, strong_partner, [them, them]),
                Outcome::Win,
            )],
        );
        assert!(carried.rating - me.rating < weak.rating - me.rating);
    }

    /// Two newcomers who play each other and win in turn: the games each
    /// needs for the deviation to fall to `deviation` or below.
    fn games_to(deviation: f64) -> usize {
        let (mut a, mut b) = (Rating::default(), Rating::default());
        for n in 1..=100 {
            let o = if n % 2 == 0 {
                Outcome::Win
            } else {
                Outcome::Loss
            };
            let other = if n % 2 == 0 {
                Outcome::Loss
            } else {
                Outcome::Win
            };
            (a, b) = (update(a, &[(b, o)]), update(b, &[(a, other)]));
            if a.deviation <= deviation {
                return n;
            }
        }
        usize::MAX
    }

    /// Why the leaderboard lists players below the provisional deviation
    /// rather than lichess's 75: two newcomers need 56 games each to reach
    /// 75, against 17 to stop being provisional.
    #[test]
    fn newcomers_settle_in_a_handful_of_games() {
        assert_eq!(games_to(PROVISIONAL_DEVIATION), 17);
        assert_eq!(games_to(75.0), 56);
    }
}
