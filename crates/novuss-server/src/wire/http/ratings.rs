//! A player's page and the leaderboard (docs/protocol.md, "Ratings").

use novuss_core::rules::set::Format;
use serde::Serialize;

use crate::glicko::Outcome;
use crate::ids::{GameId, PersonId};

/// `GET /api/players/{id}`: a person's name, ratings, rated results and
/// the games the visitor may see.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerPage {
    /// The person.
    pub id: PersonId,
    /// Their display name.
    pub name: Option<String>,
    /// They were forgotten at their request: their rated results stay,
    /// without a name (docs/privacy.md).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forgotten: bool,
    /// Their rating per format.
    pub ratings: Vec<RatingShown>,
    /// Every rated result's rating after it, oldest first: the rating
    /// history's points.
    pub history: Vec<HistoryPoint>,
    /// Their latest rated results (a page of them), oldest first.
    pub results: Vec<ResultShown>,
    /// Whether older results are there, and where the next page of them
    /// ends: `GET /api/players/{id}/results?before=…`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub older: Option<i64>,
    /// Their games the visitor may watch, newest first.
    pub games: Vec<GameShown>,
    /// The deviation from which a rating is provisional.
    pub provisional_deviation: f64,
}

/// A rating as shown: its deviation widened by the time since the last
/// rated game.
#[derive(Clone, Debug, Serialize)]
pub struct RatingShown {
    /// Its format.
    pub format: Format,
    /// The rating.
    pub rating: f64,
    /// Its deviation now.
    pub deviation: f64,
    /// Whether it is provisional.
    pub provisional: bool,
    /// Rated games in the format.
    pub games: u64,
    /// Of which won.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost.
    pub losses: u64,
}

/// A page of older rated results: `GET /api/players/{id}/results?before=…`.
#[derive(Clone, Debug, Serialize)]
pub struct ResultsPage {
    /// The results before the cursor (a page of them), oldest first.
    pub results: Vec<ResultShown>,
    /// The cursor of the next older page, if there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub older: Option<i64>,
}

/// One point of a rating history.
#[derive(Clone, Debug, Serialize)]
pub struct HistoryPoint {
    /// The format.
    pub format: Format,
    /// When the match ended, seconds since 1970.
    pub at: i64,
    /// The rating before it.
    pub before: f64,
    /// The rating after it.
    pub rating: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// One rated result on a player page.
#[derive(Clone, Debug, Serialize)]
pub struct ResultShown {
    /// The game, when the visitor may see it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
    /// Its format.
    pub format: Format,
    /// When the match ended, seconds since 1970.
    pub at: i64,
    /// Won, drawn or lost.
    pub result: Outcome,
    /// The points it scored.
    pub score: f64,
    /// The rating before.
    pub rating_before: f64,
    /// The rating after.
    pub rating_after: f64,
    /// The deviation after.
    pub deviation_after: f64,
    /// The opponents (a doubles partner is not one), in player order.
    pub opponents: Vec<Opponent>,
}

/// An opponent in a rated result: their page and their name.
#[derive(Clone, Debug, Serialize)]
pub struct Opponent {
    /// The person (their page).
    pub id: PersonId,
    /// Their display name.
    pub name: Option<String>,
    /// They were forgotten at their request: no name, and the page says
    /// "a deleted player" (docs/privacy.md).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub forgotten: bool,
}

/// One game on a player page.
#[derive(Clone, Debug, Serialize)]
pub struct GameShown {
    /// The game.
    pub id: GameId,
    /// When it last changed, seconds since 1970.
    pub updated: i64,
    /// Its format.
    pub format: Format,
    /// Whether it is rated.
    pub rated: bool,
    /// Whether the match is over.
    pub over: bool,
    /// Whether it was called off.
    pub aborted: bool,
    /// The player's own player number in it.
    pub player: Option<u32>,
    /// The winning contender.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<usize>,
    /// Sets won per contender.
    pub score: Vec<u32>,
    /// The names the set-up gave.
    pub players: Vec<Option<String>>,
    /// The name each seat's holder goes by (a player the set-up left
    /// unnamed is named by it on the page).
    pub names: Vec<Option<String>>,
    /// Each seat's holder (a person's id is public: it names their page).
    pub people: Vec<Option<PersonId>>,
    /// The players whose holder was forgotten at their request (no name:
    /// the page says "a deleted player").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub forgotten: Vec<u32>,
}

/// `GET /api/leaderboard?format=…`: the established players of a format,
/// best first, and apart from them the provisional ones.
#[derive(Clone, Debug, Serialize)]
pub struct Leaderboard {
    /// The format.
    pub format: Format,
    /// The deviation a listed rating is below (from it on, provisional).
    pub max_deviation: f64,
    /// The fewest rated games listed.
    pub min_games: u64,
    /// The players, best first.
    pub players: Vec<Place>,
    /// The provisional players (rated in the format but not yet
    /// established), best first, ranked among themselves.
    pub provisional: Vec<Place>,
}

/// One place on a leaderboard.
#[derive(Clone, Debug, Serialize)]
pub struct Place {
    /// From 1.
    pub rank: usize,
    /// The person.
    pub id: PersonId,
    /// Their display name.
    pub name: Option<String>,
    /// Their rating.
    pub rating: f64,
    /// Its deviation now.
    pub deviation: f64,
    /// Their rated games in the format.
    pub games: u64,
}
