//! Ratings over the real binary (docs/protocol.md, "Ratings"): two
//! people at two cookie jars finish rated matches, and their ratings move
//! exactly as `skillratings`' Glicko-2 computes with lichess's
//! parameters; casual games and games against the computer move nothing;
//! the player page and the leaderboard answer; `novuss ratings
//! recompute` agrees, finds a tampered figure, and a restart settles a
//! match whose ratings were not stored.

use std::path::Path;
use std::process::Command;

use crate::support::db;
use crate::support::play::mirror;
use crate::support::server::{data_dir, path, Person, Running, Socket};
use novuss_core::seat::Seat;
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

const RATED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;
const CASUAL: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

fn lichess() -> Glicko2Config {
    Glicko2Config {
        tau: 0.75,
        ..Glicko2Config::new()
    }
}

fn newcomer() -> Glicko2Rating {
    Glicko2Rating {
        rating: 1500.0,
        deviation: 500.0,
        volatility: 0.09,
    }
}

/// lichess's bounds on what an update leaves.
fn bounded(r: Glicko2Rating) -> Glicko2Rating {
    Glicko2Rating {
        rating: r.rating,
        deviation: r.deviation.clamp(45.0, 500.0),
        volatility: r.volatility.min(0.1),
    }
}

fn json(body: &str) -> Value {
    serde_json::from_str(body).unwrap()
}

/// Creates `request` as `a`, seats `b` by its invitation; the game's id
/// and both people's ids.
fn seated(server: &Running, a: &Person, b: &Person, request: &str) -> (String, String, String) {
    let created = a.create(request);
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let (status, body) = b.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let seats = server.state(&id)["seats"].clone();
    let p = |k: usize| seats[k]["person"].as_str().unwrap().to_owned();
    (id, p(0), p(1))
}

fn resign(ws: &mut Socket, event: u64, seat: Seat) {
    ws.send(&json!({"type": "hello"}));
    assert_eq!(ws.next_reply()["type"], "state");
    ws.send(&json!({"type": "resign", "event": event, "seat": seat}));
    let m = ws.next_reply();
    assert_eq!(m["type"], "resigned", "{m}");
}

/// Checks that ratings read `now` are those read `before`, but for the
/// deviations, which widen with every second since the last rated game
/// (two readings a second apart differ): not narrower, and wider by less
/// than 0.01.
fn same_but_widened(now: &Value, before: &Value) {
    let strip = |v: &Value| {
        let mut v = v.clone();
        let deviations: Vec<f64> = v
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .map(|r| {
                let d = r["deviation"].as_f64().unwrap();
                r.as_object_mut().unwrap().remove("deviation");
                d
            })
            .collect();
        (v, deviations)
    };
    let ((now, wide), (before, narrow)) = (strip(now), strip(before));
    assert_eq!(now, before);
    for (w, n) in wide.iter().zip(&narrow) {
        assert!(*w >= *n && *w - *n < 0.01, "{n} → {w}");
    }
}

fn page(who: &Person, person: &str) -> Value {
    let (status, body) = who.get(&format!("/api/players/{person}"));
    assert_eq!(status, 200, "{body}");
    json(&body)
}

fn singles(page: &Value) -> Option<Value> {
    page["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["format"] == "singles")
        .cloned()
}

/// The shown rating is the stored one; the deviation has grown by the
/// few seconds since (well under a thousandth of a point).
fn assert_rating(shown: &Value, expected: &Glicko2Rating) {
    let r = shown["rating"].as_f64().unwrap();
    let d = shown["deviation"].as_f64().unwrap();
    assert_eq!(r, expected.rating, "{shown}");
    assert!(
        d >= expected.deviation && d - expected.deviation < 1e-3,
        "{shown} vs {expected:?}"
    );
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

#[test]
fn rated_matches_move_ratings_as_glicko2_computes_and_recompute_agrees() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let janis = server.person();
    let stranger = server.person();

    // A rated singles match: Anna (south) resigns at once, Jānis wins.
    let (id, a, j) = seated(&server, &anna, &janis, RATED);
    resign(&mut anna.socket(&id), 0, Seat::South);
    let (won, lost) = glicko2(&newcomer(), &newcomer(), &Outcomes::WIN, &lichess());
    let (won, lost) = (bounded(won), bounded(lost));
    assert!(
        won.rating > 1700.0 && lost.rating < 1300.0,
        "{won:?} {lost:?}"
    );
    let seen = page(&anna, &j);
    assert_rating(&singles(&seen).unwrap(), &won);
    assert_eq!(singles(&seen).unwrap()["provisional"], true);
    assert_eq!(singles(&seen).unwrap()["wins"], 1);
    let anna_page = page(&anna, &a);
    assert_rating(&singles(&anna_page).unwrap(), &lost);
    assert_eq!(singles(&anna_page).unwrap()["losses"], 1);
    let result = &anna_page["results"][0];
    assert_eq!(result["result"], "loss");
    // The opponent is named: Jānis, by his page's id (he has no name).
    assert_eq!(result["opponents"], json!([{"id": j, "name": null}]));
    assert_eq!(
        result["game"],
        id.as_str(),
        "her own game is linked for her"
    );
    assert_eq!(result["rating_before"], 1500.0);
    assert_eq!(result["rating_after"], lost.rating);
    assert_eq!(anna_page["games"][0]["id"], id.as_str());

    // The game is private: a stranger sees the rating and the result,
    // not the game.
    let theirs = page(&stranger, &a);
    assert_rating(&singles(&theirs).unwrap(), &lost);
    assert!(theirs["results"][0].get("game").is_none(), "{theirs}");
    assert_eq!(theirs["games"].as_array().unwrap().len(), 0);

    // A second rated match, played out to its result this time.
    let (id2, a2, j2) = seated(&server, &anna, &janis, RATED);
    assert_eq!((a2.as_str(), j2.as_str()), (a.as_str(), j.as_str()));
    let over = play_out(&anna, &janis, &id2);
    let winner = over["winner"]
        .as_u64()
        .expect("a played match has a winner");
    let janis_before = Glicko2Rating { ..won };
    let anna_before = Glicko2Rating { ..lost };
    let outcome = if winner == 0 {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    // Both ratings moved seconds ago: the idle growth is a millionth of a
    // point of deviation, far inside the rating's difference below.
    let (anna_now, janis_now) = glicko2(&anna_before, &janis_before, &outcome, &lichess());
    let (anna_now, janis_now) = (bounded(anna_now), bounded(janis_now));
    let shown = singles(&page(&stranger, &a)).unwrap();
    assert!(
        (shown["rating"].as_f64().unwrap() - anna_now.rating).abs() < 1e-3,
        "{shown} vs {anna_now:?}"
    );
    let shown = singles(&page(&stranger, &j)).unwrap();
    assert!(
        (shown["rating"].as_f64().unwrap() - janis_now.rating).abs() < 1e-3,
        "{shown} vs {janis_now:?}"
    );
    assert_eq!(shown["games"], 2);
    let after_rated = page(&stranger, &a)["ratings"].clone();

    // A casual match between them and one against the computer move
    // nothing.
    let (id3, _, _) = seated(&server, &anna, &janis, CASUAL);
    resign(&mut anna.socket(&id3), 0, Seat::South);
    let computer = anna.create(
        r#"{"format":"singles","profile":"lnf-2017","sets":1,
            "players":[{"kind":"human"},{"kind":"computer","level":"club"}]}"#,
    );
    let id4 = computer["id"].as_str().unwrap().to_owned();
    resign(&mut anna.socket(&id4), 0, Seat::South);
    same_but_widened(&page(&stranger, &a)["ratings"], &after_rated);
    assert_eq!(
        db::count(
            &server.data.join("novuss.sqlite3"),
            "SELECT COUNT(*) FROM rating_changes"
        ),
        4,
        "two rated games of two people"
    );

    // Nobody is settled enough for the leaderboard yet: both are listed
    // apart as provisional, best first, with the ratings their pages show.
    let (status, body) = stranger.get("/api/leaderboard?format=singles");
    assert_eq!(status, 200, "{body}");
    let board = json(&body);
    assert_eq!(board["players"].as_array().unwrap().len(), 0);
    assert_eq!(board["min_games"], 5);
    // The threshold is the provisional one (docs/protocol.md says why).
    assert_eq!(board["max_deviation"], 110.0);
    let provisional = board["provisional"].as_array().unwrap();
    let listed: Vec<&str> = provisional
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    let (best, other) = if anna_now.rating > janis_now.rating {
        (&a, &j)
    } else {
        (&j, &a)
    };
    assert_eq!(listed, [best.as_str(), other.as_str()], "{board}");
    assert_eq!(provisional[0]["rank"], 1);
    assert_eq!(provisional[1]["rank"], 2);
    assert_eq!(provisional[0]["games"], 2);
    assert!(provisional[0]["deviation"].as_f64().unwrap() >= 110.0);
    // Nobody is rated in doubles: both lists are empty.
    let board = json(&stranger.get("/api/leaderboard?format=doubles").1);
    assert_eq!(board["players"], json!([]));
    assert_eq!(board["provisional"], json!([]));
    // Refusals, with their codes.
    let (status, body) = stranger.get("/api/leaderboard?format=chess");
    assert_eq!(
        (status, json(&body)["code"].clone()),
        (400, json!("bad_message"))
    );
    let (status, body) = stranger.get("/api/leaderboard?limit=5");
    assert_eq!(
        (status, json(&body)["code"].clone()),
        (400, json!("bad_message"))
    );
    for bad in [
        "0123456789abcdef0123456789abcdef",
        "nobody",
        "0123456789ABCDEF0123456789ABCDEF",
    ] {
        let (status, body) = stranger.get(&format!("/api/players/{bad}"));
        assert_eq!(status, 404, "{body}");
        assert_eq!(json(&body)["code"], "unknown_player");
    }

    // The ratings rebuilt from the stored results are what is stored.
    let shown_before = page(&stranger, &j)["ratings"].clone();
    let db_file = server.data.join("novuss.sqlite3");
    drop(server);
    let (code, out) = recompute(&path(&dir), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("2 rated games") && out.contains("all as stored"),
        "{out}"
    );

    // A tampered figure is found; --write puts it right.
    db::execute(
        &db_file,
        "UPDATE rating_changes SET rating_after = rating_after + 0.001 WHERE game_id = $1 AND player = 1",
        &[&id],
    );
    let (code, out) = recompute(&path(&dir), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains(&id), "{out}");
    let (code, _) = recompute(&path(&dir), &["--write"]);
    assert_eq!(code, 1);
    let (code, out) = recompute(&path(&dir), &[]);
    assert_eq!(code, 0, "{out}");

    // The server died after storing the last match's end but before its
    // ratings: the ratings are as the first match left them, and the next
    // start settles the second, to the same figures.
    db::execute(
        &db_file,
        "UPDATE ratings SET \
           rating = (SELECT rating_after FROM rating_changes c WHERE c.game_id = $1 AND c.person_id = ratings.person_id), \
           deviation = (SELECT deviation_after FROM rating_changes c WHERE c.game_id = $1 AND c.person_id = ratings.person_id), \
           volatility = (SELECT volatility_after FROM rating_changes c WHERE c.game_id = $1 AND c.person_id = ratings.person_id), \
           at = (SELECT at FROM rating_changes c WHERE c.game_id = $1 AND c.person_id = ratings.person_id), \
           games = 1",
        &[&id],
    );
    db::execute(
        &db_file,
        "DELETE FROM rating_changes WHERE game_id = $1",
        &[&id2],
    );
    let (code, _) = recompute(&path(&dir), &[]);
    assert_eq!(code, 0, "the first match's figures stand alone");
    let server = Running::start(&path(&dir));
    let stranger = server.person();
    let again = page(&stranger, &j)["ratings"].clone();
    for (x, y) in again
        .as_array()
        .unwrap()
        .iter()
        .zip(shown_before.as_array().unwrap())
    {
        assert_eq!(x["rating"], y["rating"]);
        assert_eq!(x["games"], y["games"]);
    }
    drop(server);
    let (code, out) = recompute(&path(&dir), &[]);
    assert_eq!(code, 0, "{out}");
}

/// Plays game `id` out, each stroke from its holder's socket, with a club
/// player's strokes; the match's end as stored.
fn play_out(anna: &Person, janis: &Person, id: &str) -> Value {
    let mut a = anna.socket(id);
    let mut j = janis.socket(id);
    for ws in [&mut a, &mut j] {
        ws.send(&json!({"type": "hello"}));
        assert_eq!(ws.next_reply()["type"], "state");
    }
    let mut local = mirror(RATED);
    let mut event = 0;
    let mut last = Value::Null;
    while event < 2000 && !local.is_over() {
        if local.between_sets() {
            // A drawn set adds a set (crates/novuss-core, match_play.rs).
            a.send(&json!({"type": "next_set", "event": event}));
            assert_eq!(a.next_reply()["type"], "set_started");
            assert_eq!(j.next_reply()["type"], "set_started");
            local.next_set().unwrap();
            event += 1;
            continue;
        }
        let seat = local.set().seat_to_play();
        let s = novuss_ai::Player::new(novuss_ai::Level::Club, event)
            .decide(local.set(), &local.record().physics)
            .expect("a legal stroke")
            .best
            .stroke;
        let player = local.progress().player_at(seat).unwrap().index();
        let (mine, other) = if player == 0 {
            (&mut a, &mut j)
        } else {
            (&mut j, &mut a)
        };
        mine.send(&crate::support::play::stroke_request(event, seat, &s));
        last = mine.next_reply();
        assert_eq!(last["type"], "stroke", "{last}");
        assert_eq!(other.next_reply()["event"], event + 1);
        local.play(seat, &s).unwrap();
        event += 1;
    }
    assert!(local.is_over(), "the match ended within 2000 strokes");
    last["state"]["match"].clone()
}

/// The leaderboard's thresholds, with idle time: a person with enough
/// games and a settled deviation is on it, best first; too few games, a
/// wide deviation, or a settled deviation widened by a year away are not:
/// they are listed apart as provisional, best first.
#[test]
fn the_leaderboard_keeps_settled_players_best_first() {
    let dir = data_dir();
    // The server makes the database; the rows are written behind it.
    drop(Running::start(&path(&dir)));
    let db_file = path(&dir).join("novuss.sqlite3");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        .to_string();
    let year_ago = (now.parse::<i64>().unwrap() - 366 * 86400).to_string();
    let rows: [(&str, &str, &str, &str, &str); 5] = [
        ("a", "1700", "60", "12", &now),
        ("b", "1800", "74", "5", &now),
        ("c", "1900", "60", "4", &now),       // too few games
        ("d", "2000", "115", "30", &now),     // not settled (110 or more)
        ("e", "2100", "60", "30", &year_ago), // away a year: 60 → 110
    ];
    for (who, rating, deviation, games, at) in rows {
        let id = who.repeat(32);
        db::execute(
            &db_file,
            "INSERT INTO people (id, name, created) VALUES ($1, $2, 0)",
            &[&id, &format!("Player {who}")],
        );
        db::execute(
            &db_file,
            "INSERT INTO ratings (person_id, format, rating, deviation, volatility, games, at) \
             VALUES ($1, 'singles', CAST($2 AS DOUBLE PRECISION), CAST($3 AS DOUBLE PRECISION), 0.09, CAST($4 AS BIGINT), CAST($5 AS BIGINT))",
            &[&id, rating, deviation, games, at],
        );
    }
    let server = Running::start(&path(&dir));
    let (status, body) = server.person().get("/api/leaderboard?format=singles");
    assert_eq!(status, 200, "{body}");
    let board = json(&body);
    let names: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Player b", "Player a"]);
    assert_eq!(board["players"][0]["rank"], 1);
    assert_eq!(board["players"][0]["id"], "b".repeat(32));
    let provisional: Vec<(&str, u64)> = board["provisional"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["rank"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        provisional,
        [("Player e", 1), ("Player d", 2), ("Player c", 3)],
        "{board}"
    );
    let (status, body) = server.person().get("/api/leaderboard?format=doubles");
    assert_eq!(status, 200);
    assert_eq!(json(&body)["players"], json!([]));
    // A year away shows on the player page too: provisional again.
    let (status, body) = server
        .person()
        .get(&format!("/api/players/{}", "e".repeat(32)));
    assert_eq!(status, 200, "{body}");
    let e = &json(&body)["ratings"][0];
    assert!(e["deviation"].as_f64().unwrap() > 110.0, "{e}");
    assert_eq!(e["provisional"], true);
}

/// A rated game shows each player's rating beside their name, with the
/// "?" of a provisional one; when it ends, each player's change comes in
/// a `seats` message to everyone at the table, and stays in the game's
/// state after a restart; the next rated game shows the moved ratings.
#[test]
fn a_rated_game_shows_the_ratings_and_then_their_change() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let janis = server.person();
    let (id, _, _) = seated(&server, &anna, &janis, RATED);
    let fresh = json!({"rating": 1500, "provisional": true});
    let seats = server.state(&id)["seats"].clone();
    assert_eq!(seats[0]["rating"], fresh, "{seats}");
    assert_eq!(seats[1]["rating"], fresh, "{seats}");

    // Jānis watches his own seat while Anna resigns.
    let mut his = janis.socket(&id);
    his.send(&json!({"type": "hello"}));
    assert_eq!(his.next_reply()["state"]["seats"][1]["rating"], fresh);
    resign(&mut anna.socket(&id), 0, Seat::South);
    assert_eq!(his.next_reply()["type"], "resigned");
    let (won, lost) = glicko2(&newcomer(), &newcomer(), &Outcomes::WIN, &lichess());
    let up = bounded(won).rating.round() as i64 - 1500;
    let down = bounded(lost).rating.round() as i64 - 1500;
    assert!(up > 0 && down < 0, "{up} {down}");
    let changed = |seats: &Value| (seats[0]["rating"].clone(), seats[1]["rating"].clone());
    let expected = (
        json!({"rating": 1500, "provisional": true, "change": down}),
        json!({"rating": 1500, "provisional": true, "change": up}),
    );
    let told = loop {
        let m = his.next();
        if m["type"] == "seats" && m["seats"][1]["rating"].get("change").is_some() {
            break m;
        }
    };
    assert_eq!(changed(&told["seats"]), expected, "{told}");
    drop(his);
    let cookies = (anna.cookie().unwrap(), janis.cookie().unwrap());

    // After a restart the game, loaded again, still says so.
    let server = server.restart();
    assert_eq!(changed(&server.state(&id)["seats"]), expected);

    // The next rated game between them starts from the moved ratings.
    let anna = server.person_with(&cookies.0);
    let janis = server.person_with(&cookies.1);
    let (next, _, _) = seated(&server, &anna, &janis, RATED);
    let seats = server.state(&next)["seats"].clone();
    assert_eq!(
        seats[0]["rating"],
        json!({"rating": 1500 + down, "provisional": true}),
        "{seats}"
    );
    assert_eq!(
        seats[1]["rating"],
        json!({"rating": 1500 + up, "provisional": true}),
        "{seats}"
    );
    // A casual game between them shows no ratings.
    let (casual, _, _) = seated(&server, &anna, &janis, CASUAL);
    assert!(server.state(&casual)["seats"][0].get("rating").is_none());
}

/// A long player page comes a page at a time: the latest 50 results with
/// the cursor of the older ones, which `…/results?before=` pages through
/// to the first; the plot's history has every result. A cursor that is
/// not a number is refused.
#[test]
fn a_long_player_page_comes_a_page_at_a_time() {
    let dir = data_dir();
    // Fifty-odd games from one person: more than the door lets through
    // a minute by default.
    let server = Running::start_with(
        &path(&dir),
        &["--create-per-minute", "1000", "--create-burst", "1000"],
    );
    let anna = server.person();
    let janis = server.person();
    let mut a = String::new();
    let games = 53;
    for _ in 0..games {
        let (id, who, _) = seated(&server, &anna, &janis, RATED);
        resign(&mut anna.socket(&id), 0, Seat::South);
        a = who;
    }
    let first = page(&janis, &a);
    assert_eq!(first["history"].as_array().unwrap().len(), games);
    let results = first["results"].as_array().unwrap();
    assert_eq!(results.len(), 50);
    // The page's results are the latest, oldest first: they end where the
    // history does.
    assert_eq!(
        results.last().unwrap()["rating_after"],
        first["history"][games - 1]["rating"]
    );
    assert_eq!(
        results[0]["rating_after"],
        first["history"][games - 50]["rating"]
    );
    let cursor = first["older"].as_i64().expect("older results are there");
    let (status, body) = janis.get(&format!("/api/players/{a}/results?before={cursor}"));
    assert_eq!(status, 200, "{body}");
    let older = json(&body);
    let rest = older["results"].as_array().unwrap();
    assert_eq!(rest.len(), games - 50);
    assert_eq!(rest[0]["rating_before"], 1500.0, "back to her first game");
    assert_eq!(
        rest.last().unwrap()["rating_after"],
        results[0]["rating_before"]
    );
    assert!(older.get("older").is_none(), "nothing older: {older}");

    let (status, body) = janis.get(&format!("/api/players/{a}/results?before=soon"));
    assert_eq!(status, 400, "{body}");
    assert_eq!(json(&body)["code"], "bad_message");
    let (status, _) = janis.get(&format!("/api/players/{}/results?before=1", "0".repeat(32)));
    assert_eq!(status, 404);
}
