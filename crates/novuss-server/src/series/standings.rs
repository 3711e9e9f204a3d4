//! A series' standings from its stages' competitions as they stand
//! (docs/competitions.md, "Series": "On the server").
//!
//! A stage counts once its competition has a result in: its places as
//! they then stand, marked provisional, until the competition is
//! finished and they are final. A stage not begun counts nothing (every
//! entrant would share first place).
//!
//! A player is the same across stages by their licence number when the
//! entries have one, otherwise by their name compared without letter
//! case, spacing and Latvian marks ("Bērziņš" is "berzins"). An entry
//! without a licence number whose name goes with exactly one licence
//! number elsewhere in the season is that licence's player.
//!
//! A series of one category counts each stage's places among that
//! category's entrants alone: the others are taken out and the places
//! closed up (two of the category sharing 5–6 overall share 2–3 among
//! themselves, if one of the category finished above them).

use std::collections::{BTreeMap, BTreeSet};

use novuss_club::entries::unmarked;
use novuss_club::{series_standings, Entry, Places, Placing, SeriesError, Stage};

use super::setup::SeriesSetup;
use super::view::{CalendarStage, SeriesResult, SeriesStanding, StageStatus, StandingsProblem};
use crate::wire::http::competitions::CompetitionView;

/// Who a player is across stages.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Player {
    /// By licence number, folded.
    Licence(String),
    /// By name, folded.
    Name(String),
}

/// A name or licence number compared without case, spacing or marks.
fn folded(text: &str) -> String {
    text.split_whitespace()
        .map(|w| {
            w.chars()
                .map(unmarked)
                .flat_map(char::to_lowercase)
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// How far the competition of a stage is.
pub fn status(view: &CompetitionView) -> StageStatus {
    let any_result = view
        .competition
        .rounds()
        .iter()
        .any(|r| r.boards.iter().any(|b| b.outcome.is_some()));
    if view.finished && !view.competition.rounds().is_empty() {
        StageStatus::Final
    } else if any_result {
        StageStatus::Provisional
    } else {
        StageStatus::Waiting
    }
}

/// The calendar of a season of `setup.stages` stages, of which `given`
/// are competitions (stage number and the competition as it stands).
pub fn calendar(setup: &SeriesSetup, given: &[(u32, &CompetitionView)]) -> Vec<CalendarStage> {
    (1..=setup.stages)
        .map(|stage| match given.iter().find(|(s, _)| *s == stage) {
            Some((_, view)) => CalendarStage {
                stage,
                competition: Some(view.id.clone()),
                name: Some(view.competition.setup().name.clone()),
                starts: view.competition.setup().starts,
                status: status(view),
            },
            None => CalendarStage {
                stage,
                competition: None,
                name: None,
                starts: None,
                status: StageStatus::Open,
            },
        })
        .collect()
}

/// A stage's entries and their places, as the series reads them.
type StagePlaces<'a> = Vec<(&'a Entry, Places)>;

/// One stage's places as the series reads them: each counted entrant's
/// entry and place (among the category alone, if the series has one).
fn places<'a>(
    setup: &SeriesSetup,
    stage: u32,
    view: &'a CompetitionView,
) -> Result<StagePlaces<'a>, StandingsProblem> {
    let Some(standings) = &view.standings else {
        return Err(StandingsProblem::NoStandings { stage });
    };
    let entrants = view.competition.entrants();
    let mut rows: Vec<(&Entry, (u32, u32))> = Vec::with_capacity(standings.rows.len());
    for s in &standings.rows {
        let Some(listed) = entrants.get((s.entrant.0 as usize).wrapping_sub(1)) else {
            return Err(StandingsProblem::NoStandings { stage });
        };
        if setup.category.is_some() && listed.entry.category != setup.category {
            continue;
        }
        rows.push((&listed.entry, (*s.place.start(), *s.place.end())));
    }
    // Places closed up among those kept: a run of entrants that shared a
    // place overall shares one among them.
    let mut out = Vec::with_capacity(rows.len());
    let mut i = 0;
    while i < rows.len() {
        let run = rows[i..].iter().take_while(|r| r.1 == rows[i].1).count();
        let place = Places {
            first: i as u32 + 1,
            last: (i + run) as u32,
        };
        out.extend(rows[i..i + run].iter().map(|r| (r.0, place)));
        i += run;
    }
    Ok(out)
}

/// The standings of a season whose stages `given` are competitions as
/// they stand (stage number, competition), by `setup`'s rules.
pub fn standings(
    setup: &SeriesSetup,
    given: &[(u32, &CompetitionView)],
) -> Result<Vec<SeriesStanding>, StandingsProblem> {
    // Each counted stage's places, in stage order.
    let mut read: Vec<(u32, StageStatus, StagePlaces)> = Vec::new();
    let mut sorted: Vec<&(u32, &CompetitionView)> = given.iter().collect();
    sorted.sort_by_key(|(s, _)| *s);
    for &&(stage, view) in &sorted {
        let st = status(view);
        if matches!(st, StageStatus::Provisional | StageStatus::Final) {
            read.push((stage, st, places(setup, stage, view)?));
        }
    }
    // A name that goes with exactly one licence number is that licence's
    // player wherever it is entered without one.
    let mut licences: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (_, _, ps) in &read {
        for (e, _) in ps {
            if let Some(l) = e.licence.as_deref().map(folded).filter(|l| !l.is_empty()) {
                licences.entry(folded(&e.name)).or_default().insert(l);
            }
        }
    }
    let who = |e: &Entry| -> Player {
        if let Some(l) = e.licence.as_deref().map(folded).filter(|l| !l.is_empty()) {
            return Player::Licence(l);
        }
        let name = folded(&e.name);
        match licences.get(&name) {
            Some(ls) if ls.len() == 1 => {
                Player::Licence(ls.iter().next().cloned().unwrap_or_default())
            }
            _ => Player::Name(name),
        }
    };
    let m = setup.stages as usize;
    let mut stages: Vec<Stage<Player>> = (0..m).map(|_| Stage { places: vec![] }).collect();
    let mut provisional = vec![false; m];
    // The latest entry of each player: their name, club and licence.
    let mut shown: BTreeMap<Player, &Entry> = BTreeMap::new();
    let mut licence_of: BTreeMap<Player, String> = BTreeMap::new();
    for (stage, st, ps) in &read {
        let Some(k) = (*stage as usize).checked_sub(1).filter(|&k| k < m) else {
            continue;
        };
        provisional[k] = *st == StageStatus::Provisional;
        for (e, place) in ps {
            let p = who(e);
            if let Some(l) = &e.licence {
                licence_of.insert(p.clone(), l.clone());
            }
            shown.insert(p.clone(), e);
            stages[k].places.push(Placing {
                entrant: p,
                place: *place,
            });
        }
    }
    let rows = series_standings(&setup.rules(), &stages).map_err(|e| match e {
        SeriesError::Twice { stage, entrant } => StandingsProblem::SamePlayerTwice {
            stage: stage as u32,
            name: shown
                .get(&entrant)
                .map_or_else(String::new, |e| e.name.clone()),
        },
        // The rules were checked when the series was made, and the
        // places above tile 1..=len by their making.
        SeriesError::Places { stage, .. } => StandingsProblem::NoStandings {
            stage: stage as u32,
        },
        other => {
            tracing::error!("a series' checked rules refused: {other}");
            StandingsProblem::NoStandings { stage: 0 }
        }
    })?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let entry = shown.get(&r.entrant);
            SeriesStanding {
                place: r.place,
                name: entry.map_or_else(String::new, |e| e.name.clone()),
                club: entry.and_then(|e| e.club.clone()),
                licence: licence_of.get(&r.entrant).cloned(),
                counted: r.counted,
                total: r.total,
                results: r
                    .stages
                    .iter()
                    .enumerate()
                    .map(|(k, s)| {
                        s.map(|s| SeriesResult {
                            place: s.place,
                            points: s.points,
                            counted: s.counted,
                            provisional: provisional[k],
                        })
                    })
                    .collect(),
            }
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_compared_without_case_spacing_or_marks() {
        assert_eq!(folded("  Jānis   BĒRZIŅŠ "), "janis berzins");
        assert_eq!(folded("LV-0042"), folded("lv-0042"));
    }
}
