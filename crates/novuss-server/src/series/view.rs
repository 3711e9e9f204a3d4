//! A series as every client reads it (docs/protocol.md, "Series"): the
//! same for everyone, written once per change and sent to every reader
//! and follower.

use novuss_club::competition::Day;
use novuss_club::Places;
use serde::Serialize;
use serde_json::value::RawValue;

use super::id::SeriesId;
use super::setup::SeriesSetup;
use crate::ids::{CompetitionId, PersonId};

/// `GET /api/series/{id}`, the body of `POST /api/series` and of
/// `POST /api/series/{id}/stages`, and the `series` event of
/// `GET /api/series/{id}/live`.
#[derive(Clone, Debug, Serialize)]
pub struct SeriesView {
    /// Its id.
    pub id: SeriesId,
    /// Who runs it.
    pub organiser: PersonId,
    /// When it was created, seconds since 1970.
    pub created: i64,
    /// Its name, season, `stages` (`M`), `best` (`N`), points table and
    /// category.
    #[serde(flatten)]
    pub setup: SeriesSetup,
    /// Stage by stage, 1 to `M`: which competition it is, if given yet.
    pub calendar: Vec<CalendarStage>,
    /// The standings, best first (`null` with a `problem` when they
    /// cannot be counted).
    pub standings: Option<Vec<SeriesStanding>>,
    /// Why the standings cannot be counted, if they cannot.
    pub problem: Option<StandingsProblem>,
}

/// One stage of the season.
#[derive(Clone, Debug, Serialize)]
pub struct CalendarStage {
    /// Its place in the season, from 1.
    pub stage: u32,
    /// The competition it is, once given.
    pub competition: Option<CompetitionId>,
    /// That competition's name.
    pub name: Option<String>,
    /// That competition's first day, if it has one.
    pub starts: Option<Day>,
    /// How far it is.
    pub status: StageStatus,
}

/// How far a stage is, and so how it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StageStatus {
    /// No competition is this stage yet.
    Open,
    /// Its competition has no result in yet: it counts nothing.
    Waiting,
    /// Its competition has results in and more to come: its places as
    /// they stand count, marked provisional.
    Provisional,
    /// Its competition is finished: its places are final.
    Final,
}

/// One player's line in the series.
#[derive(Clone, Debug, Serialize)]
pub struct SeriesStanding {
    /// The place in the series, shared as a range.
    pub place: Places,
    /// The name as the latest stage they played has it.
    pub name: String,
    /// Their club, as the latest stage they played has it.
    pub club: Option<String>,
    /// Their licence number, if any stage has it.
    pub licence: Option<String>,
    /// The points of their best `N` results: what the series ranks by.
    pub counted: u32,
    /// The points of every stage, counted or not.
    pub total: u32,
    /// Stage by stage, 1 to `M`: `null` where they have no place.
    pub results: Vec<Option<SeriesResult>>,
}

/// One player's result in one stage.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct SeriesResult {
    /// Their place in the stage (among the series' category alone, when
    /// it has one).
    pub place: Places,
    /// The points it earns.
    pub points: u32,
    /// Whether it is among the best `N` that count.
    pub counted: bool,
    /// Whether the stage is still being played (the place may change).
    pub provisional: bool,
}

/// Why a series' standings cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum StandingsProblem {
    /// Two entrants of one stage are taken for the same player (the same
    /// licence number, or the same name and no licence number).
    SamePlayerTwice {
        /// The stage.
        stage: u32,
        /// The name.
        name: String,
    },
    /// A stage's competition has no standings (the server's log says
    /// why).
    NoStandings {
        /// The stage.
        stage: u32,
    },
}

/// `GET /api/series/{id}`: the series, and whether the visitor may
/// change it.
#[derive(Clone, Debug, Serialize)]
pub struct SeriesPage<'a> {
    /// The series: a [`SeriesView`].
    pub series: &'a RawValue,
    /// Whether the visitor may change it (its organiser).
    pub may_change: bool,
}

/// A series in the list of them (`GET /api/series`).
#[derive(Clone, Debug, Serialize)]
pub struct ListedSeries {
    /// Its id.
    pub id: SeriesId,
    /// Who runs it.
    pub organiser: PersonId,
    /// When it was created, seconds since 1970.
    pub created: i64,
    /// Its set-up.
    #[serde(flatten)]
    pub setup: SeriesSetup,
    /// How many of its stages are given.
    pub given: u32,
}
