//! `GET /api/players/{id}` and `GET /api/leaderboard` (docs/protocol.md,
//! "Ratings").
//!
//! A rating is public, like a name: anyone may read anyone's. A game is
//! not: the player page links only the games the visitor may see (public
//! ones, and those they play in), the way the list of games does, and a
//! result of a game hidden from the visitor comes without its id.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use axum::extract::{Path, RawQuery, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use novuss_core::rules::set::Format;
use novuss_core::PlayerId;

use crate::error::{Code, Failure};
use crate::game::setup::Setup;
use crate::game::view::Summary;
use crate::glicko::{grow, Outcome, Rating};
use crate::hub::Hub;
use crate::ids::{GameId, PersonId};
use crate::people::identity::Visitor;
use crate::ratings::{LEADERBOARD_DEVIATION, LEADERBOARD_GAMES, LEADERBOARD_SIZE};
use crate::store::{now, CurrentRow};
use crate::wire::http::ratings::{
    GameShown, HistoryPoint, Leaderboard, Opponent, Place, PlayerPage, RatingShown, ResultShown,
    ResultsPage,
};

/// Games listed on a player page at most.
pub const PLAYER_GAMES: u32 = 50;
/// Rated results on a page of a player's results (the latest first
/// shown; older ones a page at a time).
pub const PLAYER_RESULTS: usize = 50;

fn shown(format: Format, c: &CurrentRow, at: i64) -> RatingShown {
    let r: Rating = grow(c.rating, at - c.at);
    RatingShown {
        format,
        rating: r.rating,
        deviation: r.deviation,
        provisional: r.provisional(),
        games: c.games,
        wins: 0,
        draws: 0,
        losses: 0,
    }
}

/// `GET /api/players/{id}`: a person's name, ratings per format, every
/// rated result (the rating history's points) and the games the visitor
/// may see.
pub async fn player(
    State(hub): State<Arc<Hub>>,
    visitor: Visitor,
    Path(id): Path<String>,
) -> Result<Response, Failure> {
    let person = PersonId::parse(&id).ok_or_else(Failure::unknown_player)?;
    let store = hub.store();
    let named = store
        .person_shown(&person)
        .await?
        .ok_or_else(Failure::unknown_player)?;
    let at = now();
    let viewer = visitor.person.as_ref();
    let games = store.games_of(&person, viewer, PLAYER_GAMES).await?;
    let changes = store.changes_of(&person).await?;
    let mut ratings: Vec<RatingShown> = Vec::new();
    // A rating in a format this server does not know is not read.
    for c in store.ratings_of(&person).await? {
        let mut s = shown(c.format, &c, at);
        for ch in changes.iter().filter(|ch| ch.format == c.format) {
            match ch.result {
                Outcome::Win => s.wins += 1,
                Outcome::Draw => s.draws += 1,
                Outcome::Loss => s.losses += 1,
            }
        }
        ratings.push(s);
    }
    let history = changes
        .iter()
        .map(|c| HistoryPoint {
            format: c.format,
            at: c.at,
            before: c.before.rating,
            rating: c.after.rating,
            deviation: c.after.deviation,
        })
        .collect();
    let (results, older) = results_page(&hub, &person, &changes, None, viewer).await?;
    let mut listed = Vec::with_capacity(games.len());
    for g in games {
        let (Ok(setup), Ok(summary)) = (
            serde_json::from_str::<Setup>(&g.setup),
            serde_json::from_str::<Summary>(&g.summary),
        ) else {
            continue;
        };
        let seats = store.seats(&g.id).await?;
        let player = seats
            .iter()
            .find(|s| s.person.as_ref() == Some(&person))
            .map(|s| s.player.index() as u32);
        let mut names = vec![None; setup.config.players.len()];
        let mut people = vec![None; setup.config.players.len()];
        let mut forgotten = Vec::new();
        for s in &seats {
            if let Some(slot) = people.get_mut(s.player.index()) {
                slot.clone_from(&s.person);
            }
            if let (Some(holder), Some(slot)) = (&s.person, names.get_mut(s.player.index())) {
                let holder = store.person_shown(holder).await?.unwrap_or_default();
                if holder.forgotten {
                    forgotten.push(s.player.index() as u32);
                }
                *slot = holder.name.map(|n| crate::game::setup::shown_name(&n));
            }
        }
        listed.push(GameShown {
            id: g.id,
            updated: g.updated,
            format: setup.config.format,
            rated: setup.rated,
            over: g.over,
            aborted: summary.aborted,
            player,
            winner: summary.winner.map(|w| w.index()),
            score: summary.score,
            players: setup
                .config
                .players
                .iter()
                .map(|n| n.as_deref().map(crate::game::setup::shown_name))
                .collect(),
            names,
            people,
            forgotten,
        });
    }
    Ok(Json(PlayerPage {
        id: person,
        name: named.name,
        forgotten: named.forgotten,
        ratings,
        history,
        results,
        older,
        games: listed,
        provisional_deviation: crate::glicko::PROVISIONAL_DEVIATION,
    })
    .into_response())
}

/// `GET /api/players/{id}/results?before=…`: the page of rated results
/// before the cursor, for a long player page.
pub async fn older_results(
    State(hub): State<Arc<Hub>>,
    visitor: Visitor,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    let before = query
        .as_deref()
        .and_then(|q| q.strip_prefix("before="))
        .and_then(|b| b.parse::<i64>().ok())
        .ok_or_else(|| {
            Failure::new(
                Code::BadMessage,
                "before must be the number a page's `older` gave",
            )
        })?;
    let person = PersonId::parse(&id).ok_or_else(Failure::unknown_player)?;
    let store = hub.store();
    store
        .person_name(&person)
        .await?
        .ok_or_else(Failure::unknown_player)?;
    let changes = store.changes_of(&person).await?;
    let viewer = visitor.person.as_ref();
    let (results, older) = results_page(&hub, &person, &changes, Some(before), viewer).await?;
    Ok(Json(ResultsPage { results, older }).into_response())
}

/// The page of `person`'s rated results (`changes`, oldest first) that
/// ends before the result of order `before` (`None`: the latest), oldest
/// first, and the cursor of the page before it, if any.
async fn results_page(
    hub: &Hub,
    person: &PersonId,
    changes: &[crate::store::ChangeRow],
    before: Option<i64>,
    viewer: Option<&PersonId>,
) -> Result<(Vec<ResultShown>, Option<i64>), Failure> {
    let end = before.map_or(changes.len(), |b| changes.partition_point(|c| c.seq < b));
    let start = end.saturating_sub(PLAYER_RESULTS);
    let page = &changes[start..end];
    let older = (start > 0).then(|| page.first().map(|c| c.seq)).flatten();
    // Which rated games the visitor may open: public ones and their own.
    let visible = visible_games(hub, page, viewer).await?;
    let mut others: HashMap<GameId, Vec<(PlayerId, Opponent)>> = HashMap::new();
    for (game, player, them, shown) in hub.store().others_of(person).await? {
        let name = shown.name.as_deref().map(crate::game::setup::shown_name);
        let opponent = Opponent {
            id: them,
            name,
            forgotten: shown.forgotten,
        };
        others.entry(game).or_default().push((player, opponent));
    }
    let results = page
        .iter()
        .map(|c| ResultShown {
            opponents: opponents(c, others.remove(&c.game).unwrap_or_default()),
            game: visible.contains(&c.game).then(|| c.game.clone()),
            format: c.format,
            at: c.at,
            result: c.result,
            score: c.score,
            rating_before: c.before.rating,
            rating_after: c.after.rating,
            deviation_after: c.after.deviation,
        })
        .collect();
    Ok((results, older))
}

/// The rated games of `changes` that `viewer` may see.
async fn visible_games(
    hub: &Hub,
    changes: &[crate::store::ChangeRow],
    viewer: Option<&PersonId>,
) -> Result<HashSet<GameId>, Failure> {
    let mut out = HashSet::new();
    let ids: HashSet<&GameId> = changes.iter().map(|c| &c.game).collect();
    for id in ids {
        if hub.store().visible(id, viewer).await? {
            out.insert(id.clone());
        }
    }
    Ok(out)
}

/// `GET /api/leaderboard?format=singles`: the established players of a
/// format (deviation below [`LEADERBOARD_DEVIATION`] now, idle time
/// included, and at least [`LEADERBOARD_GAMES`] rated games), best first,
/// and apart from them the provisional players of the format.
pub async fn leaderboard(
    State(hub): State<Arc<Hub>>,
    RawQuery(query): RawQuery,
) -> Result<Response, Failure> {
    let query = query.unwrap_or_default();
    let mut format = Format::Singles;
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        match pair.split_once('=') {
            Some(("format", f)) => {
                format = f.parse().map_err(|_| {
                    Failure::new(
                        Code::BadMessage,
                        "format must be singles, doubles or four_player",
                    )
                })?;
            }
            _ => {
                return Err(Failure::new(
                    Code::BadMessage,
                    "the leaderboard takes only format=",
                ))
            }
        }
    }
    let at = now();
    let store = hub.store();
    let (deviation, games) = (LEADERBOARD_DEVIATION, LEADERBOARD_GAMES);
    let settled = store
        .leaderboard(format, deviation, games, LEADERBOARD_SIZE)
        .await?;
    let unsettled = store
        .provisional_board(format, deviation, games, LEADERBOARD_SIZE)
        .await?;
    // The stored deviation only grows with idle time, so the settled
    // query keeps everyone who may qualify and this decides: a player
    // whose deviation grew back while away is provisional again.
    let (mut players, mut provisional) = (Vec::new(), Vec::new());
    for (c, name) in settled.into_iter().chain(unsettled) {
        let r = grow(c.rating, at - c.at);
        let established = crate::ratings::established(&r, c.games);
        let list = if established {
            &mut players
        } else {
            &mut provisional
        };
        list.push(Place {
            rank: 0,
            id: c.person,
            name: name.as_deref().map(crate::game::setup::shown_name),
            rating: r.rating,
            deviation: r.deviation,
            games: c.games,
        });
    }
    let players = ranked(players);
    let provisional = ranked(provisional);
    Ok(Json(Leaderboard {
        format,
        max_deviation: LEADERBOARD_DEVIATION,
        min_games: LEADERBOARD_GAMES,
        players,
        provisional,
    })
    .into_response())
}

/// `places` best first, at most [`LEADERBOARD_SIZE`], ranked from 1.
fn ranked(mut places: Vec<Place>) -> Vec<Place> {
    places.sort_by(|a, b| b.rating.total_cmp(&a.rating).then_with(|| a.id.cmp(&b.id)));
    places.truncate(LEADERBOARD_SIZE as usize);
    for (k, p) in places.iter_mut().enumerate() {
        p.rank = k + 1;
    }
    places
}

/// The people of `others` who played against `mine`'s player: all of
/// them but a doubles partner.
fn opponents(mine: &crate::store::ChangeRow, others: Vec<(PlayerId, Opponent)>) -> Vec<Opponent> {
    let side = |p: PlayerId| match mine.format {
        Format::Doubles => p.index() / 2,
        _ => p.index(),
    };
    others
        .into_iter()
        .filter(|(p, _)| side(*p) != side(mine.player))
        .map(|(_, o)| o)
        .collect()
}
