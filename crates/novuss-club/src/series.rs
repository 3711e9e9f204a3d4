//! A series: a season of stages (a cup's rounds, a league's evenings) in
//! which each stage's final places earn points, and a player's best `N`
//! of the `M` stages count (issue 32, "Series").
//!
//! Each stage is given as its final places, shared places as ranges
//! (`3–4`), the way any standings table of this crate ends. Points come
//! from a table by place (place 1, 2, …; beyond the table nothing), and
//! entrants sharing a place all get the better place's points: two who
//! share `3–4` each get place 3's, so that a tie costs neither of them
//! anything. A player who missed a stage scores nothing in it.
//!
//! The series ranks by the counted points (the best `N` results), then:
//! 1. the counted results compared best-first (whoever has the better
//!    best result, then the better second best, …);
//! 2. the total over all stages, counted or not;
//! 3. if still equal, a shared place.
//!
//! Entrants are whatever the caller identifies them by (a licence number,
//! an account, a newtype of its own): any ordered key. Equal entrants
//! sharing a place are listed in the key's order.

use std::cmp::Ordering;
use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// A final place, or a place shared by several: `first..=last`, from 1.
/// A place held alone has `first == last`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Places {
    /// The best place of the range.
    pub first: u32,
    /// The worst place of the range (the same as `first` when not shared).
    pub last: u32,
}

impl Places {
    /// A place held alone.
    pub fn single(place: u32) -> Places {
        Places {
            first: place,
            last: place,
        }
    }

    /// Whether more than one entrant holds it.
    pub fn shared(&self) -> bool {
        self.last > self.first
    }

    /// The places `first..=last` shared by the `count` entrants that
    /// start at `first` (at least one).
    pub(crate) fn from_run(first: u32, count: usize) -> Places {
        Places {
            first,
            last: first + count.max(1) as u32 - 1,
        }
    }
}

impl fmt::Display for Places {
    /// `3` or `3–4` (an en dash, as result lists print it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.shared() {
            write!(f, "{}–{}", self.first, self.last)
        } else {
            write!(f, "{}", self.first)
        }
    }
}

/// The most stages a season is counted over, and the longest points
/// table: far beyond any real season, and it keeps what a caller asks
/// for small.
pub const MAX_STAGES: u32 = 1000;

/// How a season is counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesRules {
    /// Points by place: `points[0]` for place 1, and so on; places
    /// beyond the table get nothing. A better place never gets fewer
    /// points than a worse one.
    pub points: Vec<u32>,
    /// How many stages the season has (`M`).
    pub stages: u32,
    /// How many of a player's results count (`N`, the best ones).
    pub best: u32,
}

/// One entrant's final place in a stage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing<K> {
    /// Who.
    pub entrant: K,
    /// Where they finished.
    pub place: Places,
}

/// One stage's final places. The places cover `1..=len` with nothing
/// missing: each shared range is held by exactly as many entrants as it
/// spans. (A stage may list only its top finishers.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stage<K> {
    /// The places, in any order.
    pub places: Vec<Placing<K>>,
}

/// One entrant's result in one stage, as the series counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageResult {
    /// Where they finished.
    pub place: Places,
    /// The points it earned.
    pub points: u32,
    /// Whether it is among the best `N` that count.
    pub counted: bool,
}

/// One row of the series table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeriesRow<K> {
    /// The place in the series, shared as a range.
    pub place: Places,
    /// Who.
    pub entrant: K,
    /// Stage by stage, `None` where they did not finish one.
    pub stages: Vec<Option<StageResult>>,
    /// The points of the best `N` results: what the series ranks by.
    pub counted: u32,
    /// The points of every stage, counted or not (the second tie-break).
    pub total: u32,
}

/// Why a season cannot be counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeriesError<K> {
    /// `N` is 0: nothing would count.
    NoneCount,
    /// `N` is more than the `M` stages of the season.
    BestOverStages {
        /// `N`.
        best: u32,
        /// `M`.
        stages: u32,
    },
    /// `M` is 0 or over [`MAX_STAGES`].
    Stages(u32),
    /// More stages were given than the season has.
    TooManyStages {
        /// Stages given.
        given: usize,
        /// `M`.
        stages: u32,
    },
    /// The points table is empty or longer than [`MAX_STAGES`].
    PointsTable(usize),
    /// A worse place earns more than the better one before it.
    PointsRise {
        /// The worse place (from 1).
        place: u32,
    },
    /// An entrant finished twice in one stage.
    Twice {
        /// The stage, from 1.
        stage: usize,
        /// Who.
        entrant: K,
    },
    /// A stage's places do not cover `1..=len` as shared ranges should:
    /// a place of 0, a range ending before it starts, a gap, or a range
    /// held by more or fewer entrants than it spans.
    Places {
        /// The stage, from 1.
        stage: usize,
        /// The first place that does not fit.
        place: Places,
    },
}

impl<K: fmt::Debug> fmt::Display for SeriesError<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeriesError::NoneCount => write!(f, "at least one stage must count"),
            SeriesError::BestOverStages { best, stages } => {
                write!(f, "the best {best} of {stages} stages cannot count")
            }
            SeriesError::Stages(m) => {
                write!(f, "a season has 1 to {MAX_STAGES} stages, not {m}")
            }
            SeriesError::TooManyStages { given, stages } => {
                write!(f, "{given} stages given for a season of {stages}")
            }
            SeriesError::PointsTable(n) => {
                write!(f, "a points table has 1 to {MAX_STAGES} places, not {n}")
            }
            SeriesError::PointsRise { place } => {
                write!(f, "place {place} earns more than the place before it")
            }
            SeriesError::Twice { stage, entrant } => {
                write!(f, "{entrant:?} finished twice in stage {stage}")
            }
            SeriesError::Places { stage, place } => {
                write!(
                    f,
                    "stage {stage}: place {place} does not fit the places before it"
                )
            }
        }
    }
}

impl<K: fmt::Debug> std::error::Error for SeriesError<K> {}

impl SeriesRules {
    /// Checks the rules alone.
    pub fn check<K>(&self) -> Result<(), SeriesError<K>> {
        if self.stages == 0 || self.stages > MAX_STAGES {
            return Err(SeriesError::Stages(self.stages));
        }
        if self.best == 0 {
            return Err(SeriesError::NoneCount);
        }
        if self.best > self.stages {
            return Err(SeriesError::BestOverStages {
                best: self.best,
                stages: self.stages,
            });
        }
        if self.points.is_empty() || self.points.len() > MAX_STAGES as usize {
            return Err(SeriesError::PointsTable(self.points.len()));
        }
        if let Some(i) = self.points.windows(2).position(|w| w[1] > w[0]) {
            return Err(SeriesError::PointsRise {
                place: i as u32 + 2,
            });
        }
        Ok(())
    }

    /// The points a place earns: the better place's, when shared.
    pub fn points_for(&self, place: Places) -> u32 {
        let i = place.first.saturating_sub(1) as usize;
        self.points.get(i).copied().unwrap_or(0)
    }
}

/// Checks that a stage's places tile `1..=len`, and that nobody is in it
/// twice.
fn check_stage<K: Ord + Clone>(index: usize, stage: &Stage<K>) -> Result<(), SeriesError<K>> {
    let stage_no = index + 1;
    let mut seen = std::collections::BTreeSet::new();
    for p in &stage.places {
        if !seen.insert(&p.entrant) {
            return Err(SeriesError::Twice {
                stage: stage_no,
                entrant: p.entrant.clone(),
            });
        }
    }
    let mut ranges: Vec<Places> = stage.places.iter().map(|p| p.place).collect();
    ranges.sort();
    let mut next = 1u32;
    let mut i = 0;
    while i < ranges.len() {
        let r = ranges[i];
        let held = ranges[i..].iter().take_while(|&&o| o == r).count();
        let spans = r.last.checked_sub(r.first).map(|d| d as usize + 1);
        if r.first != next || spans != Some(held) {
            return Err(SeriesError::Places {
                stage: stage_no,
                place: r,
            });
        }
        next = r.last + 1;
        i += held;
    }
    Ok(())
}

/// Counts a season so far: `stages` are the stages played, in order (at
/// most the season's `M`). Every entrant who finished any stage has a
/// row; rows come best first, equal entrants sharing a place.
pub fn series_standings<K: Ord + Clone>(
    rules: &SeriesRules,
    stages: &[Stage<K>],
) -> Result<Vec<SeriesRow<K>>, SeriesError<K>> {
    rules.check()?;
    if stages.len() > rules.stages as usize {
        return Err(SeriesError::TooManyStages {
            given: stages.len(),
            stages: rules.stages,
        });
    }
    for (i, s) in stages.iter().enumerate() {
        check_stage(i, s)?;
    }
    let mut by_entrant: BTreeMap<K, Vec<Option<StageResult>>> = BTreeMap::new();
    for (i, s) in stages.iter().enumerate() {
        for p in &s.places {
            let row = by_entrant
                .entry(p.entrant.clone())
                .or_insert_with(|| vec![None; stages.len()]);
            row[i] = Some(StageResult {
                place: p.place,
                points: rules.points_for(p.place),
                counted: false,
            });
        }
    }
    let best = rules.best as usize;
    let mut rows: Vec<(Vec<u32>, SeriesRow<K>)> = by_entrant
        .into_iter()
        .map(|(entrant, mut results)| {
            // The best N by points; between equal points the earlier stage
            // is the one marked counted (the sum is the same either way).
            let mut order: Vec<usize> = (0..results.len())
                .filter(|&i| results[i].is_some())
                .collect();
            order.sort_by_key(|&i| (std::cmp::Reverse(results[i].map_or(0, |r| r.points)), i));
            let mut key = Vec::with_capacity(best);
            for &i in order.iter().take(best) {
                if let Some(r) = results[i].as_mut() {
                    r.counted = true;
                    key.push(r.points);
                }
            }
            // Missed stages count as nothing: pad to N so that keys compare.
            key.resize(best, 0);
            let counted = key.iter().sum();
            let total = results.iter().flatten().map(|r| r.points).sum();
            let row = SeriesRow {
                place: Places::single(1),
                entrant,
                stages: results,
                counted,
                total,
            };
            (key, row)
        })
        .collect();
    let rank = |a: &(Vec<u32>, SeriesRow<K>), b: &(Vec<u32>, SeriesRow<K>)| -> Ordering {
        b.1.counted
            .cmp(&a.1.counted)
            .then_with(|| b.0.cmp(&a.0))
            .then_with(|| b.1.total.cmp(&a.1.total))
    };
    rows.sort_by(|a, b| rank(a, b).then_with(|| a.1.entrant.cmp(&b.1.entrant)));
    let mut out = Vec::with_capacity(rows.len());
    let mut i = 0;
    while i < rows.len() {
        let run = rows[i..]
            .iter()
            .take_while(|r| rank(r, &rows[i]) == Ordering::Equal)
            .count();
        let place = Places::from_run(i as u32 + 1, run);
        for r in &rows[i..i + run] {
            let mut row = r.1.clone();
            row.place = place;
            out.push(row);
        }
        i += run;
    }
    Ok(out)
}
