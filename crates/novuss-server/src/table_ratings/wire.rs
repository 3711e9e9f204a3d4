//! The real-table ratings' answers (docs/protocol.md, "Real-table
//! ratings"); their page types are in web/shared/protocol.js.

use serde::Serialize;

use crate::ids::CompetitionId;

/// `GET /api/ratings/tables?category=…`: the list a federation could
/// publish, its established players best first, and apart from them the
/// provisional ones.
#[derive(Debug, Serialize)]
pub struct TableRatings {
    /// The category listed (`men`, `women`, `youth`, `veterans`), or
    /// `null`: every player.
    pub category: Option<String>,
    /// The deviation a listed rating is below (from it on, provisional).
    pub max_deviation: f64,
    /// The fewest rated games listed.
    pub min_games: u64,
    /// The established players, best first.
    pub players: Vec<TablePlace>,
    /// The provisional players, best first, ranked among themselves.
    pub provisional: Vec<TablePlace>,
}

/// One place on the real-table list: the player as their latest rated
/// competition listed them, and their rating after it.
#[derive(Debug, Serialize)]
pub struct TablePlace {
    /// From 1.
    pub rank: usize,
    /// Who, and their rating.
    #[serde(flatten)]
    pub standing: TableStanding,
}

/// A player of the real-table pool as their latest rated competition
/// listed them, and their rating after it: what the list and their page
/// both show.
#[derive(Debug, Clone, Serialize)]
pub struct TableStanding {
    /// The player's id in the pool (their page's).
    pub player: String,
    /// The person with an account they were last entered as, if any.
    pub person: Option<String>,
    /// Their name; empty for a person who deleted their account.
    pub name: String,
    /// Whether they deleted their account: pages say "Deleted player".
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forgotten: bool,
    /// Their club, if given.
    pub club: Option<String>,
    /// Their licence, if given.
    pub licence: Option<String>,
    /// Their category, if given.
    pub category: Option<String>,
    /// Their rating now.
    pub rating: f64,
    /// Its deviation, as their last competition left it.
    pub deviation: f64,
    /// Rated competitions played.
    pub competitions: u64,
    /// Rated games played.
    pub games: u64,
}

/// `GET /api/ratings/tables/players/{id}` and
/// `GET /api/ratings/tables/people/{person}`: a player's real-table
/// rating and its history, a competition at a time.
#[derive(Debug, Serialize)]
pub struct TablePlayer {
    /// Who, and their rating.
    #[serde(flatten)]
    pub standing: TableStanding,
    /// Whether it is not yet established (shown with a "?").
    pub provisional: bool,
    /// Every rated competition, the first first.
    pub history: Vec<TableHistoryPoint>,
}

/// One competition of a player's real-table history.
#[derive(Debug, Serialize)]
pub struct TableHistoryPoint {
    /// The competition (its page's id).
    pub competition: CompetitionId,
    /// Its name.
    pub name: String,
    /// Its day, seconds since 1970 (midnight UTC).
    pub at: i64,
    /// Rated games the player played in it.
    pub games: u64,
    /// Points they scored in those (1 a win, ½ a draw).
    pub points: f64,
    /// The rating it started from.
    pub rating_before: f64,
    /// The rating it left.
    pub rating: f64,
    /// The deviation it left.
    pub deviation: f64,
}
