//! The terms of the lobby: what a challenge asks, what "play someone
//! now" answers, how long a challenge is listed, and whether a rating is
//! in a challenge's range.

use novuss_core::rules::set::Format;

use crate::error::{Code, Failure};
use crate::game::setup::NewGame;
use crate::store::{ChallengeRow, CurrentRow};
use crate::wire::http::lobby::NewChallenge;

/// Challenges older than this are no longer listed: their creator has
/// most likely gone (they may still send the game's invitation links).
pub const CHALLENGE_LIFE_SECS: i64 = 30 * 60;
/// How many challenges and live games the lobby lists at most.
pub(super) const LISTED: u32 = 100;
/// How long the lobby as everyone sees it is kept: a look at it is at
/// most this old (and new as soon as a challenge changes here), and the
/// live stream's shared refresh reads the store at most this often.
pub const LOBBY_FRESH: std::time::Duration = std::time::Duration::from_secs(1);
/// "Play someone now" takes a challenge whose creator's rating is at most
/// this far from the visitor's.
pub const NEAR: f64 = 300.0;
/// Ratings a range may name (wider than any Glicko-2 rating reaches).
const RATINGS: std::ops::RangeInclusive<i64> = 0..=4000;

impl NewChallenge {
    /// The game it makes: the creator at the first seat, every other seat
    /// open; listed for watchers; take-backs (by consent) unless rated.
    pub fn new_game(&self) -> Result<NewGame, Failure> {
        let bad = |why: String| Failure::new(Code::BadSetup, why);
        for r in [self.min_rating, self.max_rating].into_iter().flatten() {
            if !RATINGS.contains(&r) {
                return Err(bad(format!("a rating range of 0 to 4000, not {r}")));
            }
        }
        if let (Some(lo), Some(hi)) = (self.min_rating, self.max_rating) {
            if lo > hi {
                return Err(bad(format!("the range {lo}–{hi} is empty")));
            }
        }
        let players = match self.format.as_str() {
            "singles" => 2,
            _ => 4,
        };
        let mut seats = vec![serde_json::json!({"kind": "human"})];
        seats.extend((1..players).map(|_| serde_json::json!({"kind": "human", "invite": true})));
        let body = serde_json::json!({
            "format": self.format,
            "profile": self.profile,
            "sets": self.sets,
            "match_format": self.match_format,
            "players": seats,
            "casual": !self.rated,
            "public": true,
            "rated": self.rated,
            "stroke_clock": self.stroke_clock,
        });
        let new: NewGame =
            serde_json::from_value(body).map_err(|e| bad(format!("not a challenge: {e}")))?;
        new.setup().map_err(|e| bad(e.to_string()))?;
        Ok(new)
    }
}

/// The rating in `format` among `ratings` (a person's current ones) at
/// `now`: widened by the idle time since the last rated game, as the
/// player's page shows it; 1500 and provisional for none.
pub(super) fn standing_in(
    ratings: &[CurrentRow],
    format: Format,
    now: i64,
) -> crate::glicko::Rating {
    let current = ratings.iter().find(|r| r.format == format);
    crate::ratings::standing(current, now)
}

/// Whether `rating` is within the range `min`..=`max` (each optional).
pub(super) fn within(rating: f64, min: Option<i64>, max: Option<i64>) -> bool {
    let r = rating.round() as i64;
    min.is_none_or(|lo| r >= lo) && max.is_none_or(|hi| r <= hi)
}

/// Whether `rating` is in `row`'s range.
pub(super) fn in_range(rating: f64, row: &ChallengeRow) -> bool {
    within(rating, row.min_rating, row.max_rating)
}
