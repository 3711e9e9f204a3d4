//! A stored game as the lists show it (the games page, the lobby's live
//! games): read from its row's set-up and summary, each seat named by its
//! holder's name (else the one typed at its making), cut to the limit,
//! who plays each side.

use crate::game::setup::Setup;
use crate::game::view::Summary;
use crate::wire::http::games::{Listed, Who};

/// How many games are listed at most.
pub const LISTED: u32 = 200;

/// A stored game as the list shows it; `None` for a row that cannot be
/// read (left out, so one damaged game never hides the others).
pub fn listed(row: crate::store::ListedRow) -> Option<Listed> {
    let r = row.game;
    let setup: Setup = serde_json::from_str(&r.setup).ok()?;
    let summary: Summary = serde_json::from_str(&r.summary).ok()?;
    // A seat's holder goes by their own name (issue 31, "Names"); the name
    // typed in the new-game form is for a seat nobody holds (a computer's,
    // an open one, a hot-seat player's). Names stored before they were
    // limited are cut to the limit, so that an answer's size stays bounded.
    let players: Vec<Option<String>> = setup
        .config
        .players
        .iter()
        .enumerate()
        .map(|(k, typed)| {
            if row.forgotten.contains(&k) {
                return None;
            }
            let held = row.names.iter().find(|(player, _)| *player == k);
            held.map(|(_, n)| n.as_str())
                .or(typed.as_deref())
                .map(crate::game::setup::shown_name)
        })
        .collect();
    Some(Listed {
        id: r.id,
        created: r.created,
        updated: r.updated,
        format: setup.config.format,
        profile: setup.config.profile,
        sets: setup.config.sets,
        match_format: setup.match_format(),
        who: players
            .iter()
            .zip(&setup.controllers)
            .enumerate()
            .map(|(k, (name, &c))| {
                let (kind, level) = crate::game::view::kind(c);
                Who {
                    name: name.clone(),
                    kind,
                    level,
                    forgotten: row.forgotten.contains(&k),
                }
            })
            .collect(),
        players,
        origin: setup.origin,
        over: r.over,
        score: summary.score,
        winner: summary.winner,
        aborted: summary.aborted,
        drawn: summary.drawn,
        event: r.event,
        strokes: summary.strokes,
    })
}
