//! Ratings: Glicko-2 per format (singles, doubles, four players), moved
//! once by every rated match that ends with a result.
//!
//! * [`crate::glicko`] is the arithmetic, pure (a leaf).
//! * [`rate`] turns one match's result into every player's new rating.
//! * [`settle`] stores it once per game (idempotent: a game with rating
//!   rows is never settled again); the hub calls it when a change ends a
//!   rated match, and [`settle_pending`] at start-up catches a game whose
//!   last event was stored but whose ratings were not (the server died
//!   between the two).
//! * [`recompute`] replays every settled game in its order and compares.
//! * `net/ratings.rs` has the player page's and the leaderboard's answers.
//!
//! # What a match scores
//! A rated match is scored by its result in sets (the core's
//! [`Match::winner`](novuss_core::play::match_play::Match::winner)): the
//! winner wins, the others lose; a match that ended without a winner but
//! was not called off is a draw for everyone, 0.5 each in Glicko-2: a
//! match of a fixed even number of sets that ends level (3:3 in six sets,
//! 2:2 in four; issue 32, `MatchFormat::Sets`). A drawn *set* is not
//! such a draw: it adds a set, and the match goes on. An aborted or
//! abandoned match is not rated.
//!
//! * Singles: one result against the opponent.
//! * Doubles: one result against the opposing pair, seen through
//!   [`crate::glicko::doubles_opponent`] (the partners' average; its reason is
//!   there).
//! * Four players: every player has a result against each of the other
//!   three, in one rating period. The core names one winner and keeps
//!   each player's sets won; so the winner beats all three, and between
//!   two others the one with more sets won beats the other, equal sets
//!   being a draw. That is the standing the match itself shows, and it
//!   rewards a second place over a last without inventing a rule the
//!   rule books do not have.

use std::collections::HashMap;

use novuss_core::rules::set::Format;
use novuss_core::PlayerId;

use crate::game::setup::{Controller, GameOrigin, Setup};
use crate::game::view::Summary;
use crate::glicko::{grow, update, Outcome, Rating};
use crate::ids::{GameId, PersonId};
use crate::store::{ChangeRow, CurrentRow, GameRow, Settled, Store, StoreError};

/// A rating whose deviation is below this can be on the leaderboard: one
/// that is no longer provisional, the "?" of every page.
///
/// lichess lists a player below 75; but lichess has thousands of players
/// each playing hundreds of games, and here two newcomers who play each
/// other need 56 rated games each to reach 75 (17 to fall below 110; the
/// test `newcomers_settle_in_a_handful_of_games` in `glicko.rs`), so the
/// board would stay empty for weeks. One threshold for "established"
/// everywhere also means a name on the board never carries a "?".
pub const LEADERBOARD_DEVIATION: f64 = crate::glicko::PROVISIONAL_DEVIATION;
/// Rated games a player needs in a format to be on its leaderboard.
pub const LEADERBOARD_GAMES: u64 = 5;

/// Whether a rating after `games` rated games of its format is
/// established: on the leaderboard, and shown without a "?" beside a
/// player's name.
pub fn established(rating: &Rating, games: u64) -> bool {
    rating.deviation < LEADERBOARD_DEVIATION && games >= LEADERBOARD_GAMES
}
/// Players on a leaderboard at most.
pub const LEADERBOARD_SIZE: u32 = 100;

/// A rated match's result: what [`rate`] needs.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchResult {
    /// The format.
    pub format: Format,
    /// The winning contender, or `None` for a drawn match.
    pub winner: Option<usize>,
    /// Sets won per contender.
    pub score: Vec<u32>,
}

impl MatchResult {
    /// A finished rated match's result, or `None` when the game is not
    /// to be rated: not rated, not over, called off or abandoned (no
    /// result), uploaded, or not between people only.
    pub fn of(setup: &Setup, over: bool, summary: &Summary) -> Option<MatchResult> {
        let people = setup.controllers.iter().all(|c| *c == Controller::Human);
        let no_result = summary.aborted || summary.abandoned;
        if !setup.rated || !over || no_result || setup.origin != GameOrigin::Played || !people {
            return None;
        }
        Some(MatchResult {
            format: setup.config.format,
            winner: summary.winner.map(|c| c.index()),
            score: summary.score.clone(),
        })
    }

    fn contender(&self, player: usize) -> usize {
        match self.format {
            Format::Doubles => player / 2,
            _ => player,
        }
    }

    /// How contender `a` did against contender `b`.
    fn between(&self, a: usize, b: usize) -> Outcome {
        let Some(w) = self.winner else {
            return Outcome::Draw;
        };
        let key = |c: usize| (c == w, self.score.get(c).copied().unwrap_or(0));
        match key(a).cmp(&key(b)) {
            std::cmp::Ordering::Greater => Outcome::Win,
            std::cmp::Ordering::Less => Outcome::Loss,
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// The match's result for `player`'s side.
    pub fn result_of(&self, player: usize) -> Outcome {
        match self.winner {
            None => Outcome::Draw,
            Some(w) if w == self.contender(player) => Outcome::Win,
            Some(_) => Outcome::Loss,
        }
    }
}

/// One player's part of a rated match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Moved {
    /// The rating the update started from.
    pub before: Rating,
    /// The rating it left.
    pub after: Rating,
    /// Mean points against the opponents.
    pub score: f64,
    /// The match's result for them.
    pub result: Outcome,
}

/// Every player's new rating after `result`, from their ratings `before`
/// it (in player order, idle growth already applied).
pub fn rate(result: &MatchResult, before: &[Rating]) -> Vec<Moved> {
    let n = before.len();
    (0..n)
        .map(|p| {
            let me = result.contender(p);
            let mut points = 0.0;
            let mut games = 0.0;
            let results: Vec<(Rating, Outcome)> = match result.format {
                Format::Doubles => {
                    let partner = before[p ^ 1];
                    let them: Vec<Rating> = (0..n)
                        .filter(|&q| result.contender(q) != me)
                        .map(|q| before[q])
                        .collect();
                    let o = result.between(me, 1 - me);
                    vec![(
                        crate::glicko::doubles_opponent(before[p], partner, [them[0], them[1]]),
                        o,
                    )]
                }
                _ => (0..n)
                    .filter(|&q| q != p)
                    .map(|q| (before[q], result.between(me, result.contender(q))))
                    .collect(),
            };
            for (_, o) in &results {
                points += o.points();
                games += 1.0;
            }
            Moved {
                before: before[p],
                after: update(before[p], &results),
                score: points / games,
                result: result.result_of(p),
            }
        })
        .collect()
}

/// A rating as it stands `at`: the stored one widened by the idle time
/// since its last game, or a newcomer's.
pub fn standing(current: Option<&CurrentRow>, at: i64) -> Rating {
    current.map_or_else(Rating::default, |c| grow(c.rating, at - c.at))
}

/// What a game needs to be settled: its result, its people in player
/// order and when it ended; `None` if it is not to be rated.
fn ratable(row: &GameRow, seats: &[crate::store::SeatRow]) -> Option<(MatchResult, Vec<PersonId>)> {
    let setup: Setup = serde_json::from_str(&row.setup).ok()?;
    let summary: Summary = serde_json::from_str(&row.summary).ok()?;
    let result = MatchResult::of(&setup, row.over, &summary)?;
    let mut people = Vec::with_capacity(setup.controllers.len());
    for k in 0..setup.controllers.len() {
        let person = seats
            .iter()
            .find(|s| s.player.index() == k)
            .and_then(|s| s.person.clone())?;
        people.push(person);
    }
    // One person at two seats would rate themselves against themselves.
    let mut distinct = people.clone();
    distinct.sort();
    distinct.dedup();
    if distinct.len() != people.len() {
        tracing::warn!(game = %row.id, "a rated game with one person at two seats is not rated");
        return None;
    }
    Some((result, people))
}

/// Settles game `id` if it is a finished rated match not yet settled:
/// `Ok(true)` if this call moved the ratings.
pub async fn settle(store: &Store, id: &GameId) -> Result<bool, StoreError> {
    let Some(row) = store.game(id).await? else {
        return Ok(false);
    };
    settle_row(store, &row).await
}

async fn settle_row(store: &Store, row: &GameRow) -> Result<bool, StoreError> {
    let seats = store.seats(&row.id).await?;
    let Some((result, people)) = ratable(row, &seats) else {
        return Ok(false);
    };
    let format = result.format;
    let at = row.updated;
    let moved = store
        .settle_ratings(&row.id, format, &people, |seq, now| {
            let before: Vec<Rating> = now.iter().map(|c| standing(c.as_ref(), at)).collect();
            let changes = rate(&result, &before)
                .into_iter()
                .zip(&people)
                .enumerate()
                .map(|(k, (m, person))| ChangeRow {
                    seq,
                    game: row.id.clone(),
                    person: person.clone(),
                    player: PlayerId(k),
                    format,
                    at,
                    score: m.score,
                    result: m.result,
                    before: m.before,
                    after: m.after,
                })
                .collect();
            Settled { changes }
        })
        .await?;
    if moved {
        tracing::info!(game = %row.id, format = format.name(), "ratings settled");
    }
    Ok(moved)
}

/// Settles every finished rated game not yet settled, in the order they
/// finished: those whose last event was stored by a server that died
/// before it stored their ratings. Returns how many were settled.
pub async fn settle_pending(store: &Store) -> Result<usize, StoreError> {
    let mut n = 0;
    for row in store.unsettled().await? {
        if settle_row(store, &row).await? {
            n += 1;
        }
    }
    Ok(n)
}

/// What [`recompute`] found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// Rated games replayed.
    pub games: usize,
    /// Rating changes compared.
    pub changes: usize,
    /// Current ratings compared.
    pub ratings: usize,
    /// Every difference, in English.
    pub differences: Vec<String>,
    /// Whether the recomputed figures were written.
    pub written: bool,
}

/// Rebuilds every rating from the stored results: each settled game, in
/// its order, is rated again from its stored result and people, starting
/// from newcomers' ratings, and every figure is compared with what is
/// stored, bit for bit. With `write`, the recomputed figures replace the
/// stored ones when they differ.
pub async fn recompute(store: &Store, write: bool) -> Result<Report, StoreError> {
    let (mut report, rebuilt, expected, _) = rebuild(store).await?;
    if write && !report.differences.is_empty() {
        store.rewrite_ratings(&rebuilt, &expected).await?;
        report.written = true;
    }
    Ok(report)
}

/// Rebuilds every rating after rated results changed hands (an anonymous
/// person's seats moved to the account they signed in to): the ratings
/// are recomputed from the stored results in their order, as
/// [`recompute`] does, and written unless the stored results changed
/// meanwhile (then computed again, a few times at most).
pub async fn rerate(store: &Store) -> Result<Report, StoreError> {
    let mut tries = 0;
    loop {
        tries += 1;
        let (mut report, rebuilt, expected, seen) = rebuild(store).await?;
        if report.differences.is_empty() {
            return Ok(report);
        }
        if store.rewrite_ratings_if(&seen, &rebuilt, &expected).await? {
            report.written = true;
            return Ok(report);
        }
        if tries == 3 {
            return Err(StoreError::Conflict);
        }
    }
}

/// What [`recompute`] and [`rerate`] find: the report, the rebuilt rating
/// changes and current ratings, and the rating changes read to make them.
async fn rebuild(
    store: &Store,
) -> Result<(Report, Vec<ChangeRow>, Vec<CurrentRow>, Vec<ChangeRow>), StoreError> {
    let stored = store.rating_changes().await?;
    let mut report = Report::default();
    let mut state: HashMap<(PersonId, Format), CurrentRow> = HashMap::new();
    let mut rebuilt: Vec<ChangeRow> = Vec::with_capacity(stored.len());
    let mut k = 0;
    while k < stored.len() {
        let seq = stored[k].seq;
        let end = stored[k..]
            .iter()
            .position(|c| c.seq != seq)
            .map_or(stored.len(), |n| k + n);
        let rows = &stored[k..end];
        k = end;
        report.games += 1;
        let game = &rows[0].game;
        let Some(row) = store.game(game).await? else {
            report
                .differences
                .push(format!("game {game}: rated but no longer stored"));
            rebuilt.extend(rows.iter().cloned());
            continue;
        };
        let seats = store.seats(game).await?;
        let Some((result, people)) = ratable(&row, &seats) else {
            report.differences.push(format!(
                "game {game}: rated but its stored result is not a rated one"
            ));
            rebuilt.extend(rows.iter().cloned());
            continue;
        };
        let format = result.format;
        let at = rows[0].at;
        let before: Vec<Rating> = people
            .iter()
            .map(|p| standing(state.get(&(p.clone(), format)), at))
            .collect();
        let moved = rate(&result, &before);
        if rows.len() != people.len() {
            report.differences.push(format!(
                "game {game}: {} rating rows for {} players",
                rows.len(),
                people.len()
            ));
        }
        for (player, (m, person)) in moved.iter().zip(&people).enumerate() {
            let fresh = ChangeRow {
                seq,
                game: game.clone(),
                person: person.clone(),
                player: PlayerId(player),
                format,
                at,
                score: m.score,
                result: m.result,
                before: m.before,
                after: m.after,
            };
            report.changes += 1;
            match rows.iter().find(|c| c.player.index() == player) {
                Some(old) if *old == fresh => {}
                Some(old) => report.differences.push(format!(
                    "game {game}, player {player}: stored {old:?}, recomputed {fresh:?}"
                )),
                None => report
                    .differences
                    .push(format!("game {game}, player {player}: no stored row")),
            }
            let key = (person.clone(), format);
            let games = state.get(&key).map_or(0, |c| c.games) + 1;
            state.insert(
                key,
                CurrentRow {
                    person: person.clone(),
                    format,
                    rating: m.after,
                    games,
                    at,
                },
            );
            rebuilt.push(fresh);
        }
    }
    let current = store.current_ratings().await?;
    let mut expected: Vec<CurrentRow> = state.into_values().collect();
    // In the order the stored ones are read: by person, then by the
    // format's stored name.
    expected.sort_by(|a, b| (&a.person, a.format.name()).cmp(&(&b.person, b.format.name())));
    report.ratings = current.len().max(expected.len());
    for e in &expected {
        match current
            .iter()
            .find(|c| c.person == e.person && c.format == e.format)
        {
            Some(c) if c == e => {}
            Some(c) => report.differences.push(format!(
                "rating of {} in {}: stored {c:?}, recomputed {e:?}",
                e.person,
                e.format.name()
            )),
            None => report.differences.push(format!(
                "rating of {} in {}: not stored",
                e.person,
                e.format.name()
            )),
        }
    }
    for c in &current {
        if !expected
            .iter()
            .any(|e| e.person == c.person && e.format == c.format)
        {
            report.differences.push(format!(
                "rating of {} in {}: stored but made by no rated game",
                c.person,
                c.format.name()
            ));
        }
    }
    Ok((report, rebuilt, expected, stored))
}

#[cfg(test)]
mod settling {
    use super::*;
    use crate::game::setup::NewGame;
    use crate::store::{Imported, SeatRow};

    /// A finished rated singles game between two stored people, as the
    /// store holds it, won by player `winner` (or called off).
    async fn finished(store: &Store, id: &GameId, winner: Option<usize>) {
        let new: NewGame = serde_json::from_str(
            r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,
                "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#,
        )
        .unwrap();
        let setup = serde_json::to_string(&new.setup().unwrap()).unwrap();
        let summary = serde_json::json!({
            "score": [0, 0], "set_number": 1, "strokes": 0,
            "winner": winner, "aborted": winner.is_none(),
        })
        .to_string();
        let seats: Vec<SeatRow> = ["a", "b"]
            .iter()
            .enumerate()
            .map(|(k, p)| SeatRow {
                player: PlayerId(k),
                person: PersonId::parse(&p.repeat(32)),
                invite_hash: None,
            })
            .collect();
        store
            .import(&Imported {
                id,
                created: 1_000,
                setup: &setup,
                events: &[],
                over: true,
                summary: &summary,
                seats: &seats,
                uploader: seats[0].person.as_ref().expect("a person"),
                bytes: setup.len() as i64,
            })
            .await
            .unwrap();
    }

    /// Settling is once per game, whoever asks and however often; the
    /// start-up's pass finds nothing left; recomputing agrees.
    #[tokio::test]
    async fn a_game_is_settled_once_and_recomputes_exactly() {
        let store = Store::memory().await.unwrap();
        let person = |p: &str| PersonId::parse(&p.repeat(32)).unwrap();
        let game = |g: &str| GameId::parse(&g.repeat(32)).unwrap();
        for p in ["a", "b"] {
            store
                .create_person(&person(p), &p.repeat(64), 1)
                .await
                .unwrap();
        }
        let (one, two, off) = (game("1"), game("2"), game("3"));
        finished(&store, &one, Some(1)).await;
        finished(&store, &two, Some(0)).await;
        finished(&store, &off, None).await;
        assert!(settle(&store, &one).await.unwrap());
        assert!(!settle(&store, &one).await.unwrap(), "never twice");
        assert!(
            !settle(&store, &off).await.unwrap(),
            "a called-off match is not rated"
        );
        // The second game's ratings were never stored: the start-up
        // settles it, and only it.
        assert_eq!(settle_pending(&store).await.unwrap(), 1);
        assert_eq!(settle_pending(&store).await.unwrap(), 0);
        let changes = store.rating_changes().await.unwrap();
        assert_eq!(changes.len(), 4);
        assert_eq!((changes[0].seq, changes[2].seq), (1, 2));
        // The second game started from the first one's "after".
        assert_eq!(changes[2].before, changes[0].after);
        let report = recompute(&store, false).await.unwrap();
        assert!(report.differences.is_empty(), "{:?}", report.differences);
        assert_eq!((report.games, report.changes, report.ratings), (2, 4, 2));
        let current = store.ratings_of(&person("a")).await.unwrap();
        assert_eq!(current[0].rating, changes[2].after);
        assert_eq!(current[0].games, 2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn result(format: Format, winner: Option<usize>, score: &[u32]) -> MatchResult {
        MatchResult {
            format,
            winner,
            score: score.to_vec(),
        }
    }

    /// A game that ended without a result moves no rating: called off,
    /// or abandoned because nobody touched it.
    #[test]
    fn no_result_is_not_rated() {
        let new: crate::game::setup::NewGame = serde_json::from_str(
            r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,
                "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#,
        )
        .unwrap();
        let setup = new.setup().unwrap();
        let summary = |extra: serde_json::Value| -> Summary {
            let mut v = serde_json::json!({"score": [0, 0], "set_number": 1, "strokes": 3});
            v.as_object_mut()
                .unwrap()
                .extend(extra.as_object().unwrap().clone());
            serde_json::from_value(v).unwrap()
        };
        let won = summary(serde_json::json!({"winner": 0}));
        assert!(MatchResult::of(&setup, true, &won).is_some());
        for none in [
            summary(serde_json::json!({"aborted": true})),
            summary(serde_json::json!({"abandoned": true})),
        ] {
            assert!(MatchResult::of(&setup, true, &none).is_none());
        }
    }

    #[test]
    fn singles_is_one_game_each_way() {
        let a = Rating::default();
        let b = Rating {
            rating: 1700.0,
            deviation: 80.0,
            volatility: 0.06,
        };
        let m = rate(&result(Format::Singles, Some(1), &[1, 2]), &[a, b]);
        assert_eq!(m[0].after, update(a, &[(b, Outcome::Loss)]));
        assert_eq!(m[1].after, update(b, &[(a, Outcome::Win)]));
        assert_eq!((m[0].score, m[1].score), (0.0, 1.0));
        assert_eq!((m[0].result, m[1].result), (Outcome::Loss, Outcome::Win));
    }

    #[test]
    fn doubles_rate_each_player_against_the_pair() {
        let r = |x: f64| Rating {
            rating: x,
            ..Rating::default()
        };
        let before = [r(1500.0), r(1600.0), r(1400.0), r(1700.0)];
        let m = rate(&result(Format::Doubles, Some(0), &[2, 0]), &before);
        let v0 = crate::glicko::doubles_opponent(before[0], before[1], [before[2], before[3]]);
        assert_eq!(m[0].after, update(before[0], &[(v0, Outcome::Win)]));
        assert!(m[0].after.rating > 1500.0 && m[1].after.rating > 1600.0);
        assert!(m[2].after.rating < 1400.0 && m[3].after.rating < 1700.0);
        assert_eq!(m[3].result, Outcome::Loss);
    }

    /// The winner beats all; the others are ranked by sets won.
    #[test]
    fn four_players_rank_by_the_winner_then_sets() {
        let before = [Rating::default(); 4];
        let res = result(Format::FourPlayer, Some(2), &[1, 0, 2, 1]);
        assert_eq!(res.between(2, 0), Outcome::Win);
        assert_eq!(res.between(0, 1), Outcome::Win);
        assert_eq!(res.between(0, 3), Outcome::Draw);
        let m = rate(&res, &before);
        assert_eq!(m[2].score, 1.0);
        assert_eq!(m[1].score, 0.0);
        assert_eq!(m[0].score, 0.5);
        assert_eq!(m[0].after.rating, m[3].after.rating);
        assert!(m[2].after.rating > m[0].after.rating && m[0].after.rating > m[1].after.rating);
        assert_eq!(m[0].result, Outcome::Loss);
    }

    #[test]
    fn a_drawn_match_is_a_draw() {
        let before = [Rating::default(); 2];
        let m = rate(&result(Format::Singles, None, &[3, 3]), &before);
        assert_eq!(m[0].after.rating, 1500.0);
        assert_eq!(m[0].result, Outcome::Draw);
        assert_eq!(m[0].score, 0.5);
        // Between unequal ratings a draw is 0.5 against the other, as
        // Glicko-2 scores it: the weaker gains what a draw is worth to
        // them, the stronger loses.
        let strong = Rating {
            rating: 1700.0,
            ..Rating::default()
        };
        let before = [strong, Rating::default()];
        let m = rate(&result(Format::Singles, None, &[3, 3]), &before);
        assert_eq!(m[0].after, update(strong, &[(before[1], Outcome::Draw)]));
        assert_eq!(m[1].after, update(before[1], &[(strong, Outcome::Draw)]));
        assert!(m[0].after.rating < 1700.0 && m[1].after.rating > 1500.0);
        // Doubles: 2:2 in four sets, a draw for all four.
        let m = rate(
            &result(Format::Doubles, None, &[2, 2]),
            &[Rating::default(); 4],
        );
        assert!(m
            .iter()
            .all(|p| p.result == Outcome::Draw && p.score == 0.5));
    }
}
