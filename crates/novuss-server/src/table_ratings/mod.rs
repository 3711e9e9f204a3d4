//! Ratings for the real table (issue 33; docs/competitions.md, "Ratings
//! for the real table"): a Glicko-2 pool of its own, apart from the
//! online one (`ratings.rs`), moved by the results of competitions played
//! on real tables. The arithmetic is [`crate::glicko`]'s, the same as
//! online; what differs is what a rating period is and who a player is.
//!
//! * Which results: a competition on real tables (`play` is `tables`)
//!   whose set-up says `rated`, of players in singles (doubles pairs and
//!   team competitions are left out this time), once it is finished
//!   ([`Competition::finished`]). Only results with play rate: a forfeit,
//!   both absent, a bye and a board decided by the pairing do not. A
//!   drawn match (3:3 in six sets) is a draw, ½; a result without sets
//!   (`Decided`, as TRF files bring) rates as its winner says.
//! * A competition is one Glicko-2 rating period, as federations rate by
//!   event: every player's results in it against their opponents as they
//!   stood before it. It is dated by its last day (`ends`, else
//!   `starts`, else when its last change was stored), and the periods are
//!   taken in that order. Between two competitions a player's deviation
//!   widens with the days between them ([`crate::glicko::grow`]).
//! * Who is who ([`player_key`]): a player is their licence when the
//!   entry has one, else their name (letter case, Latvian marks and
//!   spacing aside, as the entries' own matching folds them) and birth
//!   year. An entry naming a `person` (an account here) carries it, so
//!   that their page can show the rating. A person forgotten at their
//!   request is their person id alone, their name gone ("Deleted
//!   player"): their results still rate their opponents.
//!
//! The pool is derived: every time a rated competition is finished (the
//! desk's hook, [`after_change`]) or found finished and not yet rated at
//! start-up ([`rate_pending`]), it is rebuilt from every finished rated
//! competition in date order and replaced if it differs. A competition
//! finished late but dated early moves every rating after it, exactly as
//! `novuss ratings recompute` ([`recompute`]) would; so the two always
//! agree. Each player's current rating is their latest stored change's
//! "after" (no table of its own).

pub mod http;
pub mod wire;

use std::collections::{BTreeMap, HashMap};

use novuss_club::competition::{Day, Play};
use novuss_club::{Competition, Entry, Outcome as Played, Side};
use sha2::{Digest, Sha256};

use crate::glicko::{grow, update, Outcome, Rating};
use crate::ids::CompetitionId;
use crate::store::{RatedCompetition, Store, StoreError, TableChangeRow, TableRatedRow};

/// How often a rebuild is tried again when another writer replaced the
/// pool between its reading and its writing.
const TRIES: usize = 3;

/// Whether a competition of `setup` can move the pool once finished:
/// rated, on real tables, of players in singles, or of teams (whose team
/// matches' boards are singles between their players). Doubles do not:
/// their entrants are pairs, and the pool rates players.
pub fn counts(setup: &novuss_club::Setup) -> bool {
    setup.rated && setup.play == Play::Tables && !setup.doubles
}

/// Who a real-table player is, as text: `licence:` and the folded
/// licence, or `name:` with the folded name and the birth year (empty
/// when not given). Folding is the entries' own (`novuss_club::entries::
/// folded`: case, Latvian marks, spacing), so "Bērziņš" typed without
/// marks on one list is the same player as on another.
pub fn player_key(entry: &Entry) -> String {
    use novuss_club::entries::folded;
    // A forgotten person has no name or licence left: they are their
    // opaque person id, apart from everyone else forgotten.
    if let (true, Some(person)) = (entry.forgotten, &entry.person) {
        return format!("person:{person}");
    }
    match entry.licence.as_deref().map(folded) {
        Some(l) if !l.is_empty() => format!("licence:{l}"),
        _ => format!(
            "name:{}:{}",
            folded(&entry.name),
            entry.birth_year.map(|y| y.to_string()).unwrap_or_default()
        ),
    }
}

/// The player's id in the pool and on the pages: 32 hex digits of the
/// SHA-256 of [`player_key`], so that a page's address carries neither a
/// birth year nor a name.
pub fn player_id(entry: &Entry) -> String {
    let digest = Sha256::digest(player_key(entry).as_bytes());
    hex::encode(&digest[..16])
}

/// Seconds since 1970 of `day`'s midnight, UTC.
pub fn day_start(day: Day) -> i64 {
    // Days since 1970-03-01 counted in 400-year eras from year 0 (the
    // calendar repeats every 400 years), then shifted to 1970-01-01.
    let (y, m, d) = (
        i64::from(day.year),
        i64::from(day.month),
        i64::from(day.day),
    );
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146_097 + doe - 719_468;
    days * 86_400
}

/// One player's part of a competition.
struct Part {
    entry: Entry,
    /// Opponent's id and the result against them, in board order.
    results: Vec<(String, Outcome)>,
}

/// One rated competition, ready to be rated: its players' results.
struct Period {
    competition: CompetitionId,
    name: String,
    at: i64,
    created: i64,
    changes: u64,
    /// By player id, in id order (the order rows are stored and read in).
    parts: BTreeMap<String, Part>,
}

/// The result for the first-named side of a board with play; `None` for
/// one without (a forfeit, both absent) or a team match's.
fn first_side(outcome: &Played) -> Option<Outcome> {
    use std::cmp::Ordering;
    match *outcome {
        Played::Sets { first, second } => Some(match first.cmp(&second) {
            Ordering::Greater => Outcome::Win,
            Ordering::Equal => Outcome::Draw,
            Ordering::Less => Outcome::Loss,
        }),
        Played::Decided { winner } => Some(match winner {
            Some(Side::First) => Outcome::Win,
            Some(Side::Second) => Outcome::Loss,
            None => Outcome::Draw,
        }),
        Played::Forfeit { .. } | Played::BothAbsent | Played::Team { .. } => None,
    }
}

fn flipped(o: Outcome) -> Outcome {
    match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Draw => Outcome::Draw,
        Outcome::Loss => Outcome::Win,
    }
}

/// What `competition` rates, dated `at`; `None` if it does not count
/// (not rated on real tables in singles, or not finished).
fn period_of(
    listed: &RatedCompetition,
    competition: &Competition,
    last_change_at: Option<i64>,
) -> Option<Period> {
    let setup = competition.setup();
    if !counts(setup) || !competition.finished() {
        return None;
    }
    let at = setup
        .ends
        .or(setup.starts)
        .map(day_start)
        .or(last_change_at)
        .unwrap_or(listed.created);
    let mut parts: BTreeMap<String, Part> = BTreeMap::new();
    for played in competition.played_matches() {
        let Some(result) = first_side(&played.outcome) else {
            continue;
        };
        let (a, b) = (played.first, played.second);
        let (ia, ib) = (player_id(a), player_id(b));
        // Two entrants the entries tell apart but the pool does not
        // (a name written with and without its marks): one player
        // cannot be rated against themselves.
        if ia == ib {
            tracing::warn!(competition = %listed.id, "two entrants are one real-table player; their game is not rated");
            continue;
        }
        for (me, entry, them, o) in [(&ia, a, &ib, result), (&ib, b, &ia, flipped(result))] {
            parts
                .entry(me.clone())
                .or_insert_with(|| Part {
                    entry: entry.clone(),
                    results: Vec::new(),
                })
                .results
                .push((them.clone(), o));
        }
    }
    Some(Period {
        competition: listed.id.clone(),
        name: setup.name.clone(),
        at,
        created: listed.created,
        changes: listed.changes,
        parts,
    })
}

/// Every competition that may count, as stored: its listing, set-up and
/// changes with their times.
async fn stored_competitions(
    store: &Store,
) -> Result<Vec<(RatedCompetition, crate::store::CompetitionRow)>, StoreError> {
    let mut out = Vec::new();
    for listed in store.rated_competitions().await? {
        if !counts(&listed.setup) {
            continue;
        }
        if let Some(row) = store.competition(&listed.id).await? {
            out.push((listed, row));
        }
    }
    Ok(out)
}

/// Every finished competition of `stored` that counts, in the order they
/// are rated: by day, then by creation, then by id. Rebuilding them from
/// their changes is the work of a rating: done off the runtime's threads.
fn periods(
    stored: Vec<(RatedCompetition, crate::store::CompetitionRow)>,
) -> (Vec<Period>, Vec<String>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    for (listed, row) in stored {
        let Some(competition) = rebuilt(&row.setup, row.changes.iter().map(|c| &c.change)) else {
            problems.push(format!(
                "competition {}: cannot be rebuilt from its changes, not rated",
                listed.id
            ));
            continue;
        };
        let listed = RatedCompetition {
            changes: row.changes.len() as u64,
            ..listed
        };
        if let Some(p) = period_of(&listed, &competition, row.changes.last().map(|c| c.at)) {
            out.push(p);
        }
    }
    out.sort_by(|a, b| {
        (a.at, a.created, a.competition.as_str()).cmp(&(b.at, b.created, b.competition.as_str()))
    });
    (out, problems)
}

/// A competition rebuilt from its set-up and stored changes; `None` if
/// a change is refused on replay (damage, logged by the desk's reader).
fn rebuilt<'a>(
    setup: &novuss_club::Setup,
    changes: impl IntoIterator<Item = &'a novuss_club::Change>,
) -> Option<Competition> {
    let mut c = Competition::new(setup.clone()).ok()?;
    for change in changes {
        c.apply(change).ok()?;
    }
    Some(c)
}

fn category_name(entry: &Entry) -> Option<String> {
    let c = entry.category?;
    serde_json::to_value(c)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
}

/// The whole pool from `periods`, in order: each competition's rows, in
/// player id order.
fn rate(periods: &[Period]) -> (Vec<TableRatedRow>, Vec<TableChangeRow>) {
    // Each player's rating after their last competition, and its day.
    let mut state: HashMap<String, (Rating, i64)> = HashMap::new();
    let mut rated = Vec::with_capacity(periods.len());
    let mut changes = Vec::new();
    for (k, p) in periods.iter().enumerate() {
        let seq = k as i64 + 1;
        rated.push(TableRatedRow {
            competition: p.competition.clone(),
            seq,
            at: p.at,
            changes: p.changes,
            name: p.name.clone(),
        });
        // Everyone as they stood before the competition, idle time
        // widening the deviation since their last one.
        let before: HashMap<&String, Rating> = p
            .parts
            .keys()
            .map(|id| {
                let r = state
                    .get(id)
                    .map_or_else(Rating::default, |(r, at)| grow(*r, p.at - at));
                (id, r)
            })
            .collect();
        for (id, part) in &p.parts {
            let me = before[id];
            let results: Vec<(Rating, Outcome)> = part
                .results
                .iter()
                .map(|(them, o)| (before[them], *o))
                .collect();
            let after = update(me, &results);
            let e = &part.entry;
            changes.push(TableChangeRow {
                competition: p.competition.clone(),
                player: id.clone(),
                seq,
                at: p.at,
                name: e.name.clone(),
                club: e.club.clone(),
                licence: e.licence.clone(),
                category: category_name(e),
                birth_year: e.birth_year.map(i64::from),
                person: e.person.clone(),
                games: results.len() as u64,
                points: results.iter().map(|(_, o)| o.points()).sum(),
                before: me,
                after,
            });
        }
        for c in &changes[changes.len() - p.parts.len()..] {
            state.insert(c.player.clone(), (c.after, c.at));
        }
    }
    (rated, changes)
}

/// What a rebuild of the pool found.
#[derive(Clone, Debug, Default)]
pub struct TableReport {
    /// Rated competitions replayed.
    pub competitions: usize,
    /// Rating changes (a player in a competition) compared.
    pub changes: usize,
    /// Players rated.
    pub players: usize,
    /// Every difference from what is stored, in English.
    pub differences: Vec<String>,
    /// Whether the recomputed pool was written.
    pub written: bool,
}

type Pool = (Vec<TableRatedRow>, Vec<TableChangeRow>);

/// The pool rebuilt from the competitions, the pool as stored, and the
/// differences between them.
async fn rebuild(store: &Store) -> Result<(TableReport, Pool, Pool), StoreError> {
    let stored = (
        store.table_rated().await?,
        store.table_rating_changes().await?,
    );
    let competitions = stored_competitions(store).await?;
    let work = move || {
        let (periods, problems) = periods(competitions);
        (rate(&periods), problems)
    };
    let (fresh, problems) = match tokio::task::spawn_blocking(work).await {
        Ok(done) => done,
        // A panic in the rating is a bug: it stays one.
        Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
        // Cancelled: the runtime is shutting down. Nothing was rated; the
        // next start rates what is left ([`rate_pending`]).
        Err(_) => return Err(StoreError::Conflict),
    };
    let mut report = TableReport {
        competitions: fresh.0.len(),
        changes: fresh.1.len(),
        players: {
            let mut ids: Vec<&String> = fresh.1.iter().map(|c| &c.player).collect();
            ids.sort();
            ids.dedup();
            ids.len()
        },
        differences: problems,
        written: false,
    };
    compare(&stored, &fresh, &mut report.differences);
    Ok((report, fresh, stored))
}

fn compare(stored: &Pool, fresh: &Pool, out: &mut Vec<String>) {
    for f in &fresh.0 {
        match stored.0.iter().find(|s| s.competition == f.competition) {
            Some(s) if s == f => {}
            Some(s) => out.push(format!(
                "competition {}: stored {s:?}, recomputed {f:?}",
                f.competition
            )),
            None => out.push(format!("competition {}: not rated", f.competition)),
        }
    }
    for s in &stored.0 {
        if !fresh.0.iter().any(|f| f.competition == s.competition) {
            out.push(format!(
                "competition {}: rated but not a finished rated competition",
                s.competition
            ));
        }
    }
    for f in &fresh.1 {
        let same = |s: &&TableChangeRow| s.competition == f.competition && s.player == f.player;
        match stored.1.iter().find(same) {
            Some(s) if s == f => {}
            Some(s) => out.push(format!(
                "competition {}, player {}: stored {s:?}, recomputed {f:?}",
                f.competition, f.player
            )),
            None => out.push(format!(
                "competition {}, player {}: no stored row",
                f.competition, f.player
            )),
        }
    }
    for s in &stored.1 {
        if !fresh
            .1
            .iter()
            .any(|f| f.competition == s.competition && f.player == s.player)
        {
            out.push(format!(
                "competition {}, player {}: stored but made by no rated result",
                s.competition, s.player
            ));
        }
    }
}

/// Rebuilds the pool and writes it if it differs from what is stored,
/// unless another writer replaced it meanwhile (then rebuilt again, a
/// few times at most). `Ok(true)` if this call wrote.
pub async fn rate_all(store: &Store) -> Result<bool, StoreError> {
    // One rating at a time in this server: two competitions finishing
    // together are rated once each after the other, the second finding
    // the first's work done, not both rebuilding the pool at once and one
    // of them in vain.
    static ONE_AT_A_TIME: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());
    let _rating = ONE_AT_A_TIME.lock().await;
    for _ in 0..TRIES {
        let (report, fresh, seen) = rebuild(store).await?;
        if report.differences.is_empty() {
            return Ok(false);
        }
        let seen = Some((seen.0.as_slice(), seen.1.as_slice()));
        if store
            .replace_table_ratings(seen, &fresh.0, &fresh.1)
            .await?
        {
            tracing::info!(
                competitions = report.competitions,
                players = report.players,
                "real-table ratings rated"
            );
            return Ok(true);
        }
    }
    Err(StoreError::Conflict)
}

/// The desk's hook, after it stored a change that left `competition` as
/// it is: if the competition counts and is finished, the pool is rated
/// again. A failure is logged, not returned: the change is stored, and
/// the start-up rates what is left ([`rate_pending`]).
pub async fn after_change(store: &Store, competition: &Competition) {
    if !counts(competition.setup()) || !competition.finished() {
        return;
    }
    if let Err(e) = rate_all(store).await {
        tracing::error!("real-table ratings could not be rated: {e}");
    }
}

/// At start-up: rates the pool if a finished rated competition is not
/// rated as it now stands (not rated, or changed since: the server died
/// between storing its last change and rating it). Returns whether the
/// pool was written.
pub async fn rate_pending(store: &Store) -> Result<bool, StoreError> {
    let rated: HashMap<CompetitionId, u64> = store
        .table_rated()
        .await?
        .into_iter()
        .map(|r| (r.competition, r.changes))
        .collect();
    let mut pending = false;
    for listed in store.rated_competitions().await? {
        if !counts(&listed.setup) || rated.get(&listed.id) == Some(&listed.changes) {
            continue;
        }
        let Some(row) = store.competition(&listed.id).await? else {
            continue;
        };
        if rebuilt(&row.setup, row.changes.iter().map(|c| &c.change)).is_some_and(|c| c.finished())
        {
            pending = true;
            break;
        }
    }
    if !pending {
        return Ok(false);
    }
    rate_all(store).await
}

/// `novuss ratings recompute` for the real table: the pool rebuilt from
/// every finished rated competition in date order and compared with what
/// is stored, bit for bit; with `write`, the rebuilt pool replaces the
/// stored one when they differ.
pub async fn recompute(store: &Store, write: bool) -> Result<TableReport, StoreError> {
    let (mut report, fresh, _) = rebuild(store).await?;
    if write && !report.differences.is_empty() {
        store
            .replace_table_ratings(None, &fresh.0, &fresh.1)
            .await?;
        report.written = true;
    }
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_count_from_1970() {
        let day = |t: &str| day_start(Day::parse(t).unwrap());
        assert_eq!(day("1970-01-01"), 0);
        assert_eq!(day("2000-03-01"), 951_868_800);
        assert_eq!(day("2026-11-28"), 1_795_824_000);
        assert_eq!(day("1969-12-31"), -86_400);
    }

    #[test]
    fn a_player_is_their_licence_or_their_folded_name_and_year() {
        let mut a = Entry::named("Jānis  Bērziņš");
        a.birth_year = Some(1990);
        let mut b = Entry::named("janis berzins");
        b.birth_year = Some(1990);
        assert_eq!(player_key(&a), "name:janis berzins:1990");
        assert_eq!(player_id(&a), player_id(&b));
        b.birth_year = Some(1991);
        assert_ne!(player_id(&a), player_id(&b));
        a.licence = Some("LV 0042".into());
        b.licence = Some("lv 0042".into());
        assert_eq!(player_id(&a), player_id(&b), "one licence, one player");
        assert_eq!(player_id(&a).len(), 32);
    }

    #[test]
    fn results_without_play_do_not_rate() {
        assert_eq!(
            first_side(&Played::Sets {
                first: 3,
                second: 3
            }),
            Some(Outcome::Draw)
        );
        assert_eq!(
            first_side(&Played::Sets {
                first: 1,
                second: 4
            }),
            Some(Outcome::Loss)
        );
        assert_eq!(
            first_side(&Played::Decided {
                winner: Some(Side::Second)
            }),
            Some(Outcome::Loss)
        );
        assert_eq!(
            first_side(&Played::Decided { winner: None }),
            Some(Outcome::Draw)
        );
        assert_eq!(
            first_side(&Played::Forfeit {
                winner: Side::First
            }),
            None
        );
        assert_eq!(first_side(&Played::BothAbsent), None);
    }
}
