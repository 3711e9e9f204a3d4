//! Ratings for the real table over real HTTP (issue 33, "Ratings for the
//! real table"; docs/competitions.md): two rated double round robins
//! played at the organiser's desk to the end (the later-dated one first,
//! so that the earlier one, finished second, moves the ratings after it)
//! make the pool exactly as `skillratings`' Glicko-2 computes it here,
//! one rating period per competition, in date order; a forfeit, a
//! withdrawn player's matches and an unrated competition move nothing; a
//! drawn 3:3 is a draw; the list per category splits established from
//! provisional players; a person's page and a player's history answer;
//! a restart rates a competition whose ratings were lost; `novuss
//! ratings recompute` agrees, finds a tampered row, and `--write` puts it
//! right. On SQLite and, with `NOVUSS_TEST_BACKEND=postgres`, PostgreSQL.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};
use skillratings::glicko2::{glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::support::db;
use crate::support::server::{data_dir, json_answer, path, Person, Running};

/// The players, as the test knows them: (name, club, licence, category,
/// birth year). The last is entered by their account instead.
const PLAYERS: [(&str, &str, Option<&str>, &str, u16); 8] = [
    ("Jānis Bērziņš", "Rīgas NK", Some("LV-101"), "men", 1985),
    ("Pēteris Kalniņš", "Rīgas NK", Some("LV-102"), "men", 1979),
    ("Māris Ozols", "Madonas NK", None, "men", 1990),
    ("Ilze Liepa", "Madonas NK", Some("LV-201"), "women", 1992),
    ("Dace Priede", "Cēsu NK", Some("LV-202"), "women", 1988),
    ("Anna Krūmiņa", "Cēsu NK", None, "women", 1995),
    ("Līga Zariņa", "Rīgas NK", Some("LV-204"), "women", 1983),
    ("Zane Vītola", "Cēsu NK", Some("LV-205"), "women", 2001),
];
/// The account entered by its user name (no category, no licence).
const PERSON: &str = "rt_sniedze";

fn lichess() -> Glicko2Config {
    Glicko2Config {
        tau: 0.75,
        ..Glicko2Config::new()
    }
}

/// The deviation after `seconds` away: lichess's curve, 60 → 110 in a
/// year, up to 500.
fn grown(r: Glicko2Rating, seconds: i64) -> Glicko2Rating {
    if seconds <= 0 {
        return r;
    }
    let c2 = 8500.0 / (365.0 * 86400.0);
    Glicko2Rating {
        deviation: (r.deviation * r.deviation + c2 * seconds as f64)
            .sqrt()
            .min(500.0),
        ..r
    }
}

fn newcomer() -> Glicko2Rating {
    Glicko2Rating {
        rating: 1500.0,
        deviation: 500.0,
        volatility: 0.09,
    }
}

/// The entry of player `k` as competition `typo` may write it: Māris
/// without his marks in the second.
fn entry(k: usize, typo: bool) -> Value {
    let (name, club, licence, category, year) = PLAYERS[k];
    let name = if typo && k == 2 { "Maris  Ozols" } else { name };
    json!({"name": name, "club": club, "licence": licence, "category": category,
           "birth_year": year, "rating": 1900 - 20 * k as u32})
}

/// The result a board gets: a spread of wins, losses and 3:3 draws, the
/// lower entrant number winning a little more often.
fn outcome(round: u64, a: u64, b: u64) -> Value {
    let (first, second) = match (a * 3 + b * 5 + round) % 7 {
        0 => (3, 3),
        1 => (4, 0),
        2 => (4, 2),
        3 => (2, 4),
        4 => (4, 1),
        5 if a < b => (4, 1),
        5 => (1, 4),
        _ if a < b => (4, 2),
        _ => (0, 4),
    };
    json!({"kind": "sets", "first": first, "second": second})
}

/// Creates a double round robin on real tables and enters `who` (indexes
/// of [`PLAYERS`], and [`PERSON`] when `person`).
fn create(
    organiser: &Person,
    name: &str,
    dates: Value,
    rated: bool,
    who: &[usize],
    typo: bool,
    person: bool,
) -> String {
    let mut setup = json!({"name": name, "tables": 4, "rated": rated,
        "system": {"kind": "round_robin", "cycles": "double"},
        "format": {"kind": "sets", "sets": 6}});
    setup
        .as_object_mut()
        .unwrap()
        .extend(dates.as_object().unwrap().clone());
    let (status, created) = json_answer(organiser.post("/api/competitions", &setup.to_string()));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    for &k in who {
        organiser.change(&id, json!({"change": "enter", "entry": entry(k, typo)}));
    }
    if person {
        let (status, c) = json_answer(organiser.post(
            &format!("/api/competitions/{id}/enter"),
            &json!({"username": PERSON}).to_string(),
        ));
        assert_eq!(status, 200, "{c}");
    }
    id
}

/// Pairs and plays competition `id` to its end; `special` may give a
/// board's outcome instead ((round, board) → outcome); `withdraw` names
/// an entrant who withdraws once `after` rounds are in.
fn play(
    organiser: &Person,
    id: &str,
    special: &HashMap<(u64, u64), Value>,
    withdraw: Option<(u64, u64)>,
) -> Value {
    let mut view = Value::Null;
    for round in 1u64.. {
        if let Some((entrant, after)) = withdraw {
            if round == after + 1 {
                organiser.change(id, json!({"change": "withdraw", "entrant": entrant}));
            }
        }
        view = organiser.change(id, json!({"change": "pair_next", "round": round}));
        let boards = view["rounds"][round as usize - 1]["boards"]
            .as_array()
            .unwrap()
            .clone();
        for (k, b) in boards.iter().enumerate() {
            if !b["outcome"].is_null() {
                continue;
            }
            let board = k as u64 + 1;
            let (a, s) = (b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap());
            let o = special
                .get(&(round, board))
                .cloned()
                .unwrap_or_else(|| outcome(round, a, s));
            view = organiser.change(
                id,
                json!({"change": "result", "round": round, "board": board, "outcome": o}),
            );
        }
        if view["finished"] == true {
            break;
        }
    }
    view
}

/// What `first:second` sets are to each side, the first's first.
fn outcomes(first: u64, second: u64) -> (Outcomes, Outcomes) {
    match first.cmp(&second) {
        std::cmp::Ordering::Greater => (Outcomes::WIN, Outcomes::LOSS),
        std::cmp::Ordering::Equal => (Outcomes::DRAW, Outcomes::DRAW),
        std::cmp::Ordering::Less => (Outcomes::LOSS, Outcomes::WIN),
    }
}

/// The test's own pool: player (the test's key) → rating, day, games.
type Pool = HashMap<String, (Glicko2Rating, i64, u64)>;

/// Rates one finished competition's `view` into `pool`, dated `at`, by
/// `skillratings`: each player's results with play against the others as
/// they stood before it. `key` says who an entrant is.
fn rate(pool: &mut Pool, view: &Value, at: i64, key: &dyn Fn(&Value) -> String) {
    let entrants: HashMap<u64, String> = view["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["entrant"].as_u64().unwrap(), key(&l["entry"])))
        .collect();
    let mut results: HashMap<String, Vec<(String, Outcomes)>> = HashMap::new();
    for round in view["rounds"].as_array().unwrap() {
        for b in round["boards"].as_array().unwrap() {
            let o = &b["outcome"];
            if b["by_pairing"] == true || o["kind"] != "sets" {
                continue;
            }
            let (f, s) = (o["first"].as_u64().unwrap(), o["second"].as_u64().unwrap());
            let (mine, theirs) = outcomes(f, s);
            let a = entrants[&b["first"].as_u64().unwrap()].clone();
            let z = entrants[&b["second"].as_u64().unwrap()].clone();
            results
                .entry(a.clone())
                .or_default()
                .push((z.clone(), mine));
            results.entry(z).or_default().push((a, theirs));
        }
    }
    let before: HashMap<String, Glicko2Rating> = results
        .keys()
        .map(|p| {
            let r = pool
                .get(p)
                .map_or_else(newcomer, |(r, last, _)| grown(*r, at - last));
            (p.clone(), r)
        })
        .collect();
    for (p, rs) in &results {
        let games: Vec<(Glicko2Rating, Outcomes)> =
            rs.iter().map(|(q, o)| (before[q], *o)).collect();
        let mut after = glicko2_rating_period(&before[p], &games, &lichess());
        after.deviation = after.deviation.clamp(45.0, 500.0);
        after.volatility = after.volatility.min(0.1);
        let played = pool.get(p).map_or(0, |x| x.2) + rs.len() as u64;
        pool.insert(p.clone(), (after, at, played));
    }
}

/// The test's key of an entry: the licence, else the name without marks.
fn key(entry: &Value) -> String {
    match entry["licence"].as_str() {
        Some(l) => l.to_owned(),
        None => entry["name"]
            .as_str()
            .unwrap()
            .replace("ā", "a")
            .replace("Ā", "A")
            .replace("ū", "u")
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn list(server: &Running, query: &str) -> Value {
    let (status, list) = json_answer(server.get(&format!("/api/ratings/tables{query}")));
    assert_eq!(status, 200, "{list}");
    list
}

fn recompute(dir: &Path, extra: &[&str]) -> (i32, String) {
    let mut command = Command::new(crate::support::novuss());
    command.args(["ratings", "recompute"]);
    match crate::support::server::postgres(dir) {
        Some(url) => command.arg("--database").arg(url),
        None => command.arg("--data").arg(dir),
    };
    let out = command.args(extra).output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const OCTOBER: i64 = 1_791_072_000; // 2026-10-04, the first's last day
const NOVEMBER: i64 = 1_794_614_400; // 2026-11-14, the second's first

#[test]
fn rated_competitions_on_tables_make_the_real_table_pool() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register("rt_organiser", "a long password");
    let sniedze = server.person();
    sniedze.register(PERSON, "a long password");
    let (_, me) = json_answer(sniedze.get("/api/me"));
    let person = me["person"].as_str().unwrap().to_owned();

    // Nothing is rated yet: an empty list, not an error.
    let empty = list(&server, "");
    assert_eq!(empty["players"], json!([]));
    assert_eq!(empty["provisional"], json!([]));

    // November's competition first: Līga is not in it; Zane is, and
    // withdraws after two rounds (her later matches are decided by the
    // pairing, without play); Māris is written without his marks.
    let november = create(
        &organiser,
        "Novembra kauss",
        json!({"starts": "2026-11-14"}),
        true,
        &[0, 1, 2, 3, 4, 5, 7],
        true,
        true,
    );
    let zane = 7u64; // her entrant number: the seventh entered
    let nov_view = play(&organiser, &november, &HashMap::new(), Some((zane, 2)));
    let first_pool = list(&server, "");
    assert!(
        !first_pool["provisional"].as_array().unwrap().is_empty(),
        "November is rated as soon as it is finished: {first_pool}"
    );

    // October's, finished after November's but dated before it: a
    // forfeit that rates nothing on round 1's first board.
    let october = create(
        &organiser,
        "Oktobra kauss",
        json!({"starts": "2026-10-03", "ends": "2026-10-04"}),
        true,
        &[0, 1, 2, 3, 4, 5, 6],
        false,
        true,
    );
    let special = HashMap::from([((1, 1), json!({"kind": "forfeit", "winner": "first"}))]);
    let oct_view = play(&organiser, &october, &special, None);

    // The test's own pool, in date order: October, then November.
    let mut pool = Pool::new();
    rate(&mut pool, &oct_view, OCTOBER, &key);
    rate(&mut pool, &nov_view, NOVEMBER, &key);
    assert_eq!(pool.len(), 9, "{:?}", pool.keys());

    let all = list(&server, "");
    let mut seen = 0;
    for part in ["players", "provisional"] {
        for place in all[part].as_array().unwrap() {
            seen += 1;
            let k = if place["name"] == PERSON {
                PERSON.to_owned()
            } else {
                key(place)
            };
            let (r, _, games) = pool.get(&k).unwrap_or_else(|| panic!("{place}"));
            let rating = place["rating"].as_f64().unwrap();
            let deviation = place["deviation"].as_f64().unwrap();
            assert!((rating - r.rating).abs() < 1e-9, "{place} vs {r:?}");
            assert!((deviation - r.deviation).abs() < 1e-9, "{place} vs {r:?}");
            assert_eq!(place["games"], *games, "{place}");
            let established = r.deviation < 110.0 && *games >= 5;
            assert_eq!(part == "players", established, "{place}");
        }
    }
    assert_eq!(seen, 9, "{all}");
    assert!(!all["players"].as_array().unwrap().is_empty(), "{all}");
    // Zane's two games and Līga's one competition leave them provisional.
    let provisional: Vec<&str> = all["provisional"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert!(provisional.contains(&"Zane Vītola"), "{all}");
    assert_eq!(pool["LV-205"].2, 2, "Zane's games with play: two rounds");
    // Best first, ranked from 1 in each part.
    for part in ["players", "provisional"] {
        let places = all[part].as_array().unwrap();
        for (k, p) in places.iter().enumerate() {
            assert_eq!(p["rank"], k + 1);
            if k > 0 {
                assert!(places[k - 1]["rating"].as_f64() >= p["rating"].as_f64());
            }
        }
    }

    // Per category: the women, as their latest entries say.
    let women = list(&server, "?category=women");
    assert_eq!(women["category"], "women");
    let mut names: Vec<String> = ["players", "provisional"]
        .iter()
        .flat_map(|p| women[p].as_array().unwrap().iter())
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "Anna Krūmiņa",
            "Dace Priede",
            "Ilze Liepa",
            "Līga Zariņa",
            "Zane Vītola"
        ]
    );
    let (status, refused) = json_answer(server.get("/api/ratings/tables?category=kids"));
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_message"))
    );

    // A person's page: their history, a competition at a time, in date
    // order, October's "after" November's "before" (widened by the days
    // between).
    let (status, page) = json_answer(server.get(&format!("/api/ratings/tables/people/{person}")));
    assert_eq!(status, 200, "{page}");
    let history = page["history"].as_array().unwrap();
    assert_eq!(history.len(), 2, "{page}");
    assert_eq!(history[0]["name"], "Oktobra kauss");
    assert_eq!(history[0]["competition"], october.as_str());
    assert_eq!(history[1]["name"], "Novembra kauss");
    assert_eq!(history[0]["at"], OCTOBER);
    assert_eq!(history[0]["rating"], history[1]["rating_before"]);
    assert_eq!(page["rating"].as_f64(), Some(pool[PERSON].0.rating));
    assert_eq!(page["person"], person.as_str());
    assert_eq!(page["games"], pool[PERSON].2);
    // A player without an account, by their id in the pool.
    let janis = all["players"]
        .as_array()
        .unwrap()
        .iter()
        .chain(all["provisional"].as_array().unwrap())
        .find(|p| p["licence"] == "LV-101")
        .unwrap()
        .clone();
    let (status, page) = json_answer(server.get(&format!(
        "/api/ratings/tables/players/{}",
        janis["player"].as_str().unwrap()
    )));
    assert_eq!(status, 200, "{page}");
    assert_eq!(page["competitions"], 2);
    assert_eq!(page["rating"], janis["rating"]);
    // A person with no real-table rating: no error, nothing.
    let (status, none) =
        json_answer(server.get(&format!("/api/ratings/tables/people/{}", "0".repeat(32))));
    assert_eq!((status, none), (200, Value::Null));
    let (status, _) = json_answer(server.get("/api/ratings/tables/people/not-an-id"));
    assert_eq!(status, 404);
    let (status, _) = json_answer(server.get("/api/ratings/tables/players/not-an-id"));
    assert_eq!(status, 404);

    // An unrated competition, played to its end, changes nothing.
    let casual = create(
        &organiser,
        "Draudzības turnīrs",
        json!({"starts": "2026-11-21"}),
        false,
        &[0, 1, 3, 4],
        false,
        false,
    );
    play(&organiser, &casual, &HashMap::new(), None);
    assert_eq!(list(&server, ""), all);

    // A restart changes nothing either.
    let server = server.restart();
    assert_eq!(list(&server, ""), all);

    // The server died after storing October's last result but before it
    // rated it (both competitions' rows are gone, as if never rated): the
    // next start rates the pool again, to the same figures.
    let db_file = server.data.join("novuss.sqlite3");
    db::execute(&db_file, "DELETE FROM table_rating_changes", &[]);
    db::execute(&db_file, "DELETE FROM table_rated", &[]);
    let server = server.restart();
    assert_eq!(list(&server, ""), all);
    drop(server);

    // Recomputing agrees, for both pools.
    let (code, out) = recompute(&path(&dir), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("real table: 2 rated competitions, 16 rating changes, 9 players recomputed: all as stored"),
        "{out}"
    );
    assert!(out.contains("0 rated games"), "{out}");

    // A figure changed behind the server's back is found; --write puts it
    // right.
    let janis_id = janis["player"].as_str().unwrap().to_owned();
    db::execute(
        &db_file,
        "UPDATE table_rating_changes SET rating_after = rating_after + 0.001 WHERE player_id = $1 AND competition_id = $2",
        &[&janis_id, &november],
    );
    let (code, out) = recompute(&path(&dir), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&janis_id) && out.contains(&november), "{out}");
    let (code, out) = recompute(&path(&dir), &["--write"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("real-table figures were written"), "{out}");
    let (code, out) = recompute(&path(&dir), &[]);
    assert_eq!(code, 0, "{out}");
    let server = Running::start(&path(&dir));
    assert_eq!(list(&server, ""), all);
}

/// A rated team league on real tables (issue 32's teams, issue 33's
/// ratings): each board of its team matches is a match of two players,
/// and rates them as singles do; a forfeited board moves nothing. The
/// pool is the one `skillratings` makes of the boards here, one rating
/// period for the league.
#[test]
fn a_rated_team_league_rates_its_players_board_by_board() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register("rt_league", "a long password");
    let (status, created) = json_answer(
        organiser.post(
            "/api/competitions",
            &json!({"name": "Līga", "tables": 4, "rated": true, "ends": "2026-11-14",
                "system": {"kind": "round_robin", "cycles": "single"},
                "format": {"kind": "sets", "sets": 6}, "teams": {"boards": 2}})
            .to_string(),
        ),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    // Four teams of two, every player with a licence.
    for (t, team) in ["Madona", "Rīga", "Cēsis", "Talsi"].iter().enumerate() {
        let roster: Vec<Value> = (1..=2)
            .map(|k| json!({"name": format!("{team} {k}"), "licence": format!("LV-9{t}{k}")}))
            .collect();
        organiser.change(
            &id,
            json!({"change": "enter_team", "team": {"name": team, "roster": roster}}),
        );
    }
    let mut view = Value::Null;
    for round in 1..=3u64 {
        view = organiser.change(&id, json!({"change": "pair_next", "round": round}));
        let matches = view["teams"]["rounds"][round as usize - 1]["matches"]
            .as_array()
            .unwrap()
            .len();
        for m in 1..=matches as u64 {
            for board in 1..=2u64 {
                // Round 2's first board of match 1 is forfeited: not rated.
                let o = if (round, m, board) == (2, 1, 1) {
                    json!({"kind": "forfeit", "winner": "second"})
                } else {
                    outcome(round, m, board)
                };
                view = organiser.change(
                    &id,
                    json!({"change": "board_result", "round": round, "team_match": m,
                        "board": board, "outcome": o}),
                );
            }
        }
    }
    assert_eq!(view["finished"], true, "the league is over");

    // The boards as the test reads them, rated by skillratings.
    let roster = |team: u64, place: u64| -> String {
        view["teams"]["teams"][team as usize - 1]["roster"][place as usize - 1]["licence"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let mut results: HashMap<String, Vec<(String, Outcomes)>> = HashMap::new();
    for r in view["teams"]["rounds"].as_array().unwrap() {
        for m in r["matches"].as_array().unwrap() {
            for b in m["boards"].as_array().unwrap() {
                let o = &b["entered"];
                if o["kind"] != "sets" {
                    continue;
                }
                let (f, s) = (o["first"].as_u64().unwrap(), o["second"].as_u64().unwrap());
                let (mine, theirs) = outcomes(f, s);
                let a = roster(m["first"].as_u64().unwrap(), b["first"].as_u64().unwrap());
                let z = roster(m["second"].as_u64().unwrap(), b["second"].as_u64().unwrap());
                results
                    .entry(a.clone())
                    .or_default()
                    .push((z.clone(), mine));
                results.entry(z).or_default().push((a, theirs));
            }
        }
    }
    assert_eq!(results.len(), 8, "every player played a rated board");
    let rated = list(&server, "");
    let places: Vec<&Value> = rated["players"]
        .as_array()
        .unwrap()
        .iter()
        .chain(rated["provisional"].as_array().unwrap())
        .collect();
    assert_eq!(places.len(), 8, "{rated}");
    for (p, rs) in &results {
        let games: Vec<(Glicko2Rating, Outcomes)> =
            rs.iter().map(|(_, o)| (newcomer(), *o)).collect();
        let mut want = glicko2_rating_period(&newcomer(), &games, &lichess());
        want.deviation = want.deviation.clamp(45.0, 500.0);
        let place = places
            .iter()
            .find(|x| x["licence"] == p.as_str())
            .unwrap_or_else(|| panic!("{p} is listed: {rated}"));
        let rating = place["rating"].as_f64().unwrap();
        assert!((rating - want.rating).abs() < 1e-9, "{place} vs {want:?}");
        assert_eq!(place["games"], rs.len() as u64, "{place}");
    }
}
