//! A stored game as the lists show it (the games page, the lobby's live
//! games): read from its row's set-up and summary, names cut to their
//! limit, who plays each side.

use serde::Serialize;

use crate::game::setup::Setup;
use crate::game::view::Summary;
use crate::ids::GameId;

/// How many games are listed at most.
pub const LISTED: u32 = 200;

/// One game in the list of games.
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    id: GameId,
    created: i64,
    updated: i64,
    format: novuss_core::rules::set::Format,
    profile: novuss_core::rules::profile::ProfileId,
    sets: u32,
    players: Vec<Option<String>>,
    who: Vec<Who>,
    origin: crate::game::setup::GameOrigin,
    over: bool,
    score: Vec<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<novuss_core::ContenderId>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    aborted: bool,
    event: u64,
    strokes: u32,
}

/// Who plays as player `k` of a listed game.
#[derive(Clone, Debug, Serialize)]
pub struct Who {
    name: Option<String>,
    kind: crate::game::view::Kind,
    #[serde(skip_serializing_if = "Option::is_none")]
    level: Option<crate::game::view::LevelName>,
}

/// A stored game as the list shows it; `None` for a row that cannot be
/// read (left out, so one damaged game never hides the others).
pub fn listed(r: crate::store::GameRow) -> Option<Listed> {
    let setup: Setup = serde_json::from_str(&r.setup).ok()?;
    let summary: Summary = serde_json::from_str(&r.summary).ok()?;
    // Names stored before they were limited are cut to the
    // limit, so that an answer's size stays bounded.
    let players: Vec<Option<String>> = setup
        .config
        .players
        .iter()
        .map(|n| n.as_deref().map(crate::game::setup::shown_name))
        .collect();
    Some(Listed {
        id: r.id,
        created: r.created,
        updated: r.updated,
        format: setup.config.format,
        profile: setup.config.profile,
        sets: setup.config.sets,
        who: players
            .iter()
            .zip(&setup.controllers)
            .map(|(name, &c)| {
                let (kind, level) = crate::game::view::kind(c);
                Who {
                    name: name.clone(),
                    kind,
                    level,
                }
            })
            .collect(),
        players,
        origin: setup.origin,
        over: r.over,
        score: summary.score,
        winner: summary.winner,
        aborted: summary.aborted,
        event: r.event,
        strokes: summary.strokes,
    })
}
