//! A stored game as the lists show it (the games page, the lobby's live
//! games): read from its row's set-up and summary, names cut to their
//! limit, who plays each side.

use crate::game::setup::Setup;
use crate::game::view::Summary;
use crate::wire::http::games::{Listed, Who};

/// How many games are listed at most.
pub const LISTED: u32 = 200;

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
