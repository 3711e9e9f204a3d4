//! A series' set-up as its organiser sends it (`POST /api/series`), a
//! change of its stages (`POST /api/series/{id}/stages`), and why either
//! is refused, typed, with the numbers a page words it with
//! (docs/competitions.md, "Series": "On the server").

use novuss_club::competition::Day;
use novuss_club::{Category, SeriesError, SeriesRules};
use serde::{Deserialize, Serialize};

use crate::error::{Code, Failure};
use crate::ids::CompetitionId;

/// Points by place when the organiser gives no table: ours, not a
/// federation's (the Latvian federation's cups each publish their own):
/// fifteen places scored, a win worth a clear margin over second, the
/// steps shrinking down the table so that a good place in a big field
/// still pays.
pub const DEFAULT_POINTS: [u32; 15] = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];

/// The longest name or season text, in characters (a competition's
/// limit: `novuss_club::competition::MAX_TEXT`).
const MAX_TEXT: usize = novuss_club::competition::MAX_TEXT;

/// A series' set-up: what `POST /api/series` sends and the store keeps.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeriesSetup {
    /// Its name ("Latvijas kauss 2026/27").
    pub name: String,
    /// The season as people say it ("2026/27"), if given.
    #[serde(default)]
    pub season: Option<String>,
    /// The season's first day, if given.
    #[serde(default)]
    pub starts: Option<Day>,
    /// The season's last day, if given.
    #[serde(default)]
    pub ends: Option<Day>,
    /// How many stages the season has (`M`).
    pub stages: u32,
    /// How many of a player's results count (`N`, the best ones).
    pub best: u32,
    /// Points by place, place 1 first; [`DEFAULT_POINTS`] when left out.
    #[serde(default = "default_points")]
    pub points: Vec<u32>,
    /// The one category the series is for (its players' places are
    /// counted among that category's alone); every player when left out.
    #[serde(default)]
    pub category: Option<Category>,
}

fn default_points() -> Vec<u32> {
    DEFAULT_POINTS.to_vec()
}

impl SeriesSetup {
    /// The counting rules of `novuss-club`.
    pub fn rules(&self) -> SeriesRules {
        SeriesRules {
            points: self.points.clone(),
            stages: self.stages,
            best: self.best,
        }
    }

    /// The set-up with its texts trimmed, or why it cannot be a series.
    pub fn checked(mut self) -> Result<SeriesSetup, Failure> {
        self.name = self.name.trim().to_owned();
        if self.name.is_empty() || self.name.chars().count() > MAX_TEXT || has_control(&self.name) {
            return Err(SeriesRefusal::Name { max: MAX_TEXT }.into());
        }
        self.season = self
            .season
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        if let Some(s) = &self.season {
            if s.chars().count() > MAX_TEXT || has_control(s) {
                return Err(SeriesRefusal::Season { max: MAX_TEXT }.into());
            }
        }
        if let (Some(a), Some(b)) = (self.starts, self.ends) {
            if b < a {
                return Err(SeriesRefusal::Days.into());
            }
        }
        self.rules().check::<()>().map_err(|e| {
            SeriesRefusal::from_rules(&e).map_or_else(
                || Failure::internal("the series' rules were checked wrongly", &e),
                Failure::from,
            )
        })?;
        Ok(self)
    }
}

fn has_control(s: &str) -> bool {
    s.chars().any(char::is_control)
}

/// `POST /api/series/{id}/stages`: a competition added as a stage, or a
/// stage taken out.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum StageAsk {
    /// Competition `competition`, one of the organiser's, becomes stage
    /// `stage` (from 1; left out: the first stage not yet given).
    Add {
        /// The competition.
        competition: CompetitionId,
        /// Its place in the season.
        #[serde(default)]
        stage: Option<u32>,
    },
    /// Stage `stage` is no longer any competition (the competition itself
    /// stays as it is).
    Remove {
        /// The stage, from 1.
        stage: u32,
    },
}

/// Why a series or a change of its stages was refused: the `refusal` of
/// a `series_refused` error, its `code` and numbers for the page to word.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum SeriesRefusal {
    /// A name empty, too long or with control characters.
    Name {
        /// The most characters.
        max: usize,
    },
    /// A season's text too long or with control characters.
    Season {
        /// The most characters.
        max: usize,
    },
    /// The season ends before it starts.
    Days,
    /// `N` is 0: nothing would count.
    NoneCount,
    /// `N` is more than `M`.
    BestOverStages {
        /// `N`.
        best: u32,
        /// `M`.
        stages: u32,
    },
    /// `M` is 0 or more than a season can have.
    Stages {
        /// `M` asked for.
        stages: u32,
        /// The most.
        max: u32,
    },
    /// The points table is empty or too long.
    PointsTable {
        /// Its length.
        len: usize,
        /// The longest.
        max: u32,
    },
    /// A worse place earns more than the place before it.
    PointsRise {
        /// The worse place, from 1.
        place: u32,
    },
    /// A stage beyond the season's `M`: the season has no more stages.
    StageOutOfSeason {
        /// The stage asked for.
        stage: u32,
        /// `M`.
        stages: u32,
    },
    /// Every stage of the season is given already.
    SeasonFull {
        /// `M`.
        stages: u32,
    },
    /// The stage is another competition already.
    StageTaken {
        /// The stage.
        stage: u32,
    },
    /// The competition is a stage of the series already.
    StageTwice {
        /// The competition.
        competition: CompetitionId,
        /// The stage it is.
        stage: u32,
    },
    /// The competition is organised by someone else.
    StageNotYours {
        /// The competition.
        competition: CompetitionId,
    },
    /// No competition is that stage: nothing to take out.
    NoStage {
        /// The stage.
        stage: u32,
    },
}

impl SeriesRefusal {
    /// The rules' own refusal, as the series words it; `None` for a
    /// stage's places, which are the server's own reading of a
    /// competition's standings (checked in standings.rs), never the
    /// organiser's to mend.
    pub fn from_rules<K>(e: &SeriesError<K>) -> Option<SeriesRefusal> {
        let max = novuss_club::series::MAX_STAGES;
        Some(match *e {
            SeriesError::NoneCount => SeriesRefusal::NoneCount,
            SeriesError::BestOverStages { best, stages } => {
                SeriesRefusal::BestOverStages { best, stages }
            }
            SeriesError::Stages(stages) => SeriesRefusal::Stages { stages, max },
            SeriesError::TooManyStages { given, stages } => SeriesRefusal::StageOutOfSeason {
                stage: given as u32,
                stages,
            },
            SeriesError::PointsTable(len) => SeriesRefusal::PointsTable { len, max },
            SeriesError::PointsRise { place } => SeriesRefusal::PointsRise { place },
            SeriesError::Twice { .. } | SeriesError::Places { .. } => return None,
        })
    }

    /// In English, for logs and developers.
    pub fn detail(&self) -> String {
        match self {
            SeriesRefusal::Name { max } => {
                format!("a series' name has 1 to {max} characters and no control characters")
            }
            SeriesRefusal::Season { max } => {
                format!("a season's text has at most {max} characters and no control characters")
            }
            SeriesRefusal::Days => "the season ends before it starts".into(),
            SeriesRefusal::NoneCount => "at least one stage must count".into(),
            SeriesRefusal::BestOverStages { best, stages } => {
                format!("the best {best} of {stages} stages cannot count")
            }
            SeriesRefusal::Stages { stages, max } => {
                format!("a season has 1 to {max} stages, not {stages}")
            }
            SeriesRefusal::PointsTable { len, max } => {
                format!("a points table has 1 to {max} places, not {len}")
            }
            SeriesRefusal::PointsRise { place } => {
                format!("place {place} earns more than the place before it")
            }
            SeriesRefusal::StageOutOfSeason { stage, stages } => {
                format!("the season has {stages} stages: there is no stage {stage}")
            }
            SeriesRefusal::SeasonFull { stages } => {
                format!("all {stages} stages of the season are given already")
            }
            SeriesRefusal::StageTaken { stage } => {
                format!("stage {stage} is another competition already")
            }
            SeriesRefusal::StageTwice { competition, stage } => {
                format!("competition {competition} is stage {stage} already")
            }
            SeriesRefusal::StageNotYours { competition } => {
                format!("competition {competition} is organised by someone else")
            }
            SeriesRefusal::NoStage { stage } => format!("no competition is stage {stage}"),
        }
    }
}

impl From<SeriesRefusal> for Failure {
    fn from(r: SeriesRefusal) -> Failure {
        let mut f = Failure::new(Code::SeriesRefused, r.detail());
        f.series = Some(Box::new(r));
        f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(best: u32, stages: u32, points: Vec<u32>) -> SeriesSetup {
        SeriesSetup {
            name: " Kauss ".into(),
            season: Some("  ".into()),
            starts: None,
            ends: None,
            stages,
            best,
            points,
            category: None,
        }
    }

    #[test]
    fn the_rules_refusals_are_the_series_own() {
        let refused = |s: SeriesSetup| *s.checked().unwrap_err().series.unwrap();
        assert_eq!(refused(setup(0, 3, vec![3])), SeriesRefusal::NoneCount);
        assert_eq!(
            refused(setup(4, 3, vec![3])),
            SeriesRefusal::BestOverStages { best: 4, stages: 3 }
        );
        assert_eq!(
            refused(setup(2, 3, vec![5, 3, 4])),
            SeriesRefusal::PointsRise { place: 3 }
        );
        let ok = setup(2, 3, vec![5, 3, 3]).checked().unwrap();
        assert_eq!((ok.name.as_str(), ok.season), ("Kauss", None));
    }

    #[test]
    fn the_default_points_never_rise() {
        assert!(DEFAULT_POINTS.windows(2).all(|w| w[1] <= w[0]));
        let s: SeriesSetup = serde_json::from_str(r#"{"name":"A","stages":8,"best":5}"#).unwrap();
        assert_eq!(s.points, DEFAULT_POINTS);
    }
}
