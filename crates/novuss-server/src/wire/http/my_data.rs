//! `GET /api/me/data`: everything the server holds of the visitor, theirs
//! to take (issue 34, "People's data is theirs"; docs/protocol.md, "Your
//! data"). Times are seconds since 1970; secrets are never in it (not a
//! session's hash, not the password's).

use serde::Serialize;

use crate::glicko::Rating;
use crate::ids::{CompetitionId, GameId};

/// The whole download.
#[derive(Debug, Serialize)]
pub struct MyData {
    /// What this file is: `novuss-personal-data`.
    pub kind: &'static str,
    /// Its shape's version.
    pub version: u32,
    /// When it was made.
    pub exported_at: i64,
    /// The person the browser's cookie names; `null`: the server holds
    /// nothing of this browser (it has no cookie, or an ended one).
    pub person: Option<MyPerson>,
    /// Their account, if they have one: the user name (never the
    /// password's hash).
    pub account: Option<MyAccount>,
    /// Their sessions (signed-in browsers): times only.
    pub sessions: Vec<MySession>,
    /// The games they hold a seat in, the latest first.
    pub games: Vec<MyGame>,
    /// The chat lines they wrote, oldest first.
    pub chat: Vec<MyChatLine>,
    /// Their online ratings now, by format.
    pub ratings: Vec<MyRating>,
    /// Each rated game's change of their rating, in the order settled.
    pub rating_history: Vec<MyRatingChange>,
    /// Competitions they organised.
    pub organised: Vec<MyCompetition>,
    /// Competitions played here they entered.
    pub entered: Vec<CompetitionId>,
    /// Their real-table rating history, if a rated competition listed
    /// them as this person.
    pub real_table: Vec<MyTableRating>,
}

impl MyData {
    /// The download of a browser the server knows nothing of, made at
    /// `exported_at`: the lists the others fill.
    pub fn empty(exported_at: i64) -> MyData {
        MyData {
            kind: "novuss-personal-data",
            version: 1,
            exported_at,
            person: None,
            account: None,
            sessions: Vec::new(),
            games: Vec::new(),
            chat: Vec::new(),
            ratings: Vec::new(),
            rating_history: Vec::new(),
            organised: Vec::new(),
            entered: Vec::new(),
            real_table: Vec::new(),
        }
    }
}

/// Who they are.
#[derive(Debug, Serialize)]
pub struct MyPerson {
    /// Their public id.
    pub id: String,
    /// The name they chose, if any.
    pub name: Option<String>,
    /// When they first came.
    pub created: i64,
}

/// Their account.
#[derive(Debug, Serialize)]
pub struct MyAccount {
    /// The user name, as they wrote it.
    pub username: String,
}

/// A session's times.
#[derive(Debug, Serialize)]
pub struct MySession {
    /// When it began.
    pub created: i64,
    /// When it was last used.
    pub seen: i64,
}

/// A game they hold a seat in.
#[derive(Debug, Serialize)]
pub struct MyGame {
    /// Its id (its record: `/api/games/{id}/record`).
    pub id: GameId,
    /// When it was created.
    pub created: i64,
    /// When its last event was stored.
    pub updated: i64,
    /// Its events.
    pub events: u64,
    /// Whether it is over.
    pub over: bool,
}

/// A chat line they wrote.
#[derive(Debug, Serialize)]
pub struct MyChatLine {
    /// The game.
    pub game: GameId,
    /// When.
    pub at: i64,
    /// `players` or `watchers`.
    pub room: String,
    /// A preset phrase's id.
    pub preset: Option<String>,
    /// Free text.
    pub text: Option<String>,
}

/// An online rating now.
#[derive(Debug, Serialize)]
pub struct MyRating {
    /// The format.
    pub format: novuss_core::Format,
    /// The rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: u64,
}

/// One rated game's change.
#[derive(Debug, Serialize)]
pub struct MyRatingChange {
    /// The game.
    pub game: GameId,
    /// The format.
    pub format: novuss_core::Format,
    /// When the match ended.
    pub at: i64,
    /// The rating before.
    pub before: Rating,
    /// And after.
    pub after: Rating,
}

/// A competition they organised.
#[derive(Debug, Serialize)]
pub struct MyCompetition {
    /// Its id.
    pub id: CompetitionId,
    /// Its name.
    pub name: String,
    /// When it was created.
    pub created: i64,
}

/// One rated competition of their real-table history.
#[derive(Debug, Serialize)]
pub struct MyTableRating {
    /// The competition.
    pub competition: CompetitionId,
    /// Its day.
    pub at: i64,
    /// The name they were entered under.
    pub name: String,
    /// Rated games played in it.
    pub games: u64,
    /// The rating before it.
    pub before: Rating,
    /// And after.
    pub after: Rating,
}
