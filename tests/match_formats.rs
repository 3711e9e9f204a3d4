//! Match formats in screen games (issue 32) over the real binary: a new
//! game takes a fixed number of sets, best of N or first to K; a fixed
//! number of sets is refused in a four-player game; a six-set hot-seat
//! match played to 3:3 ends as a drawn match, listed and replayed as
//! one; a drawn rated match moves both ratings as a Glicko-2 draw.
//!
//! The sets are played with real strokes, each player's chosen by a
//! computer player here: the player meant to win the set plays a club
//! player's exact strokes, the other a novice's. Each set is first played
//! on a local copy of the game (the server's physics and referee, the
//! same build), and sent only once it goes to the player meant to win it,
//! so that the score reaches 3:3 whatever the dice of the search.

use novuss_ai::{Level, Noise, Player};
use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::Game;
use novuss_core::play::record::GameRecord;
use novuss_core::seat::Seat;
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::support::play::{mirror, stroke_request};
use crate::support::server::{data_dir, path, Person, Running, Socket};

const SIX_HOT_SEAT: &str = r#"{"format":"singles","profile":"lnf-2017",
    "match_format":{"kind":"sets","sets":6},
    "players":[{"kind":"human","name":"Anna"},{"kind":"human","name":"Jānis"}]}"#;

/// A rated match of two sets between people at their own screens: 1:1 is
/// a drawn match (a fixed even number of sets, as six or four are).
const TWO_RATED: &str = r#"{"format":"singles","profile":"lnf-2017",
    "match_format":{"kind":"sets","sets":2},"rated":true,"casual":false,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

const ONE_RATED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,
    "casual":false,"players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The strokes of the next set of `local`, won by player `winner`: tried
/// on a copy with one seed after another until that player wins it.
fn set_won_by(local: &Game, winner: usize) -> Vec<(Seat, Stroke)> {
    for seed in 0..20u64 {
        let mut game = local.clone();
        let before = game.progress().score()[winner];
        let mut strokes = vec![];
        while !game.set().is_over() && strokes.len() < 600 {
            let seat = game.set().seat_to_play();
            let player = game.progress().player_at(seat).unwrap().index();
            let n = seed * 1000 + strokes.len() as u64;
            let mut hand = if player == winner {
                Player::new(Level::Club, n).with_noise(Noise::NONE)
            } else {
                Player::new(Level::Novice, n)
            };
            let s = hand
                .decide(game.set(), &game.record().physics)
                .expect("a legal stroke")
                .best
                .stroke;
            game.play(seat, &s).unwrap();
            strokes.push((seat, s));
        }
        if game.progress().score()[winner] == before + 1 {
            return strokes;
        }
    }
    panic!("no seed gave player {winner} the set");
}

/// Plays the game whose local copy is `local` to its end over the
/// sockets, set `k` won by `winners[k]`: each stroke sent from the socket
/// of the player who makes it (`sockets[p]`; one socket for both at one
/// screen), the next set started by the first. Returns the last state.
fn play_sets(local: &mut Game, sockets: &mut [&mut Socket], two: bool, winners: &[usize]) -> Value {
    let mut last = Value::Null;
    for (k, &winner) in winners.iter().enumerate() {
        if k > 0 {
            let event = last_event(local, k - 1);
            sockets[0].send(&json!({"type": "next_set", "event": event}));
            for ws in sockets.iter_mut() {
                assert_eq!(ws.next_reply()["type"], "set_started");
            }
            local.next_set().unwrap();
        }
        for (seat, s) in set_won_by(local, winner) {
            let event = last_event(local, k);
            let player = local.progress().player_at(seat).unwrap().index();
            let at = if two { player } else { 0 };
            sockets[at].send(&stroke_request(event, seat, &s));
            for ws in sockets.iter_mut() {
                last = ws.next_reply();
                assert_eq!(last["type"], "stroke", "{last}");
            }
            local.play(seat, &s).unwrap();
        }
        assert_eq!(
            last["state"]["match"]["score"][winner].as_u64(),
            Some(local.progress().score()[winner] as u64)
        );
    }
    last["state"].clone()
}

/// The game's event count before the next action: every stroke so far
/// and every set started after the first.
fn last_event(local: &Game, set_index: usize) -> u64 {
    let strokes: usize = local.record().sets.iter().map(|s| s.entries.len()).sum();
    (strokes + set_index) as u64
}

#[test]
fn a_fixed_number_of_sets_is_refused_in_a_four_player_game() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let (status, body) = server.post(
        "/api/games",
        r#"{"format":"four_player","profile":"lnf-2017","match_format":{"kind":"sets","sets":6},
        "players":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#,
    );
    assert_eq!(status, 400, "{body}");
    let refusal = json_of(&body);
    assert_eq!(refusal["code"], "bad_setup", "{refusal}");
    let detail = refusal["detail"].as_str().unwrap();
    assert!(
        detail.contains("between two sides, not in a four-player game"),
        "{detail}"
    );
    for (format, words) in [
        (json!({"kind": "best_of", "sets": 4}), "odd number of sets"),
        (json!({"kind": "sets", "sets": 12}), "at most 9"),
    ] {
        let body = json!({"format": "singles", "profile": "lnf-2017", "match_format": format,
            "players": [{"kind": "human"}, {"kind": "human"}]});
        let (status, text) = server.post("/api/games", &body.to_string());
        assert_eq!(status, 400, "{text}");
        assert!(
            json_of(&text)["detail"].as_str().unwrap().contains(words),
            "{text}"
        );
    }
    // Nothing was stored.
    let (_, list) = server.get("/api/games");
    assert_eq!(json_of(&list), json!([]));
    // First to two in a four-player game is a format it can play.
    let state = server.create(
        r#"{"format":"four_player","profile":"lnf-2017","match_format":{"kind":"first_to","sets":2},
        "players":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#,
    );
    assert_eq!(
        state["match"]["format"],
        json!({"kind": "first_to", "sets": 2})
    );
    assert_eq!(state["match"]["needed"], 2);
}

#[test]
fn a_six_set_hot_seat_match_at_three_all_is_a_drawn_match() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let created = server.create(SIX_HOT_SEAT);
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(
        created["match"]["format"],
        json!({"kind": "sets", "sets": 6})
    );
    assert_eq!(
        (
            created["match"]["sets"].as_u64(),
            created["match"]["needed"].as_u64()
        ),
        (Some(6), Some(4))
    );
    let mut ws = server.socket(&id);
    ws.send(&json!({"type": "hello"}));
    assert_eq!(ws.next_reply()["type"], "state");
    let mut local = mirror(SIX_HOT_SEAT);
    // Each player wins the sets they open: 1:0, 1:1, … 3:3.
    let end = play_sets(&mut local, &mut [&mut ws], false, &[0, 1, 0, 1, 0, 1]);
    let m = &end["match"];
    assert_eq!(m["score"], json!([3, 3]), "{m}");
    assert_eq!(m["over"], true);
    assert_eq!(m["drawn"], true);
    assert_eq!(m["winner"], Value::Null);
    assert_eq!(end["turn"], Value::Null);
    // Over: no seventh set.
    let event = last_event(&local, 5);
    ws.send(&json!({"type": "next_set", "event": event}));
    let refused = ws.next_reply();
    assert_eq!(refused["code"], "match_over", "{refused}");

    // The list says so, and the state read again.
    let row = server.listed(&id).expect("listed");
    assert_eq!(
        (row["over"].clone(), row["drawn"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(row["match_format"], json!({"kind": "sets", "sets": 6}));
    assert!(row.get("winner").is_none(), "{row}");
    assert_eq!(server.state(&id)["match"], end["match"]);

    // The record keeps the format, and replays to the same draw, stroke
    // for stroke.
    let (status, text) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200, "{text}");
    let record: GameRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(&record, local.record());
    let report = novuss_core::play::record::replay(&record).unwrap();
    assert!(report.drawn && report.divergences.is_empty(), "{report:?}");
    let (status, text) = server.get(&format!("/api/games/{id}/replay"));
    assert_eq!(status, 200, "{text}");
    let replay = json_of(&text);
    assert_eq!(replay["divergences"], json!([]));
    let strokes = replay["strokes"].as_array().unwrap();
    assert_eq!(
        strokes.len(),
        record.sets.iter().map(|s| s.entries.len()).sum::<usize>()
    );
    assert!(strokes
        .iter()
        .all(|s| s["checked"] == true && s["diverged"] == false));

    // A restarted server reads the stored game as the same drawn match.
    let server = server.restart();
    assert_eq!(server.state(&id)["match"], end["match"]);
}

fn lichess() -> Glicko2Config {
    Glicko2Config {
        tau: 0.75,
        ..Glicko2Config::new()
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

/// `a` creates `request`, `b` takes its invited seat: the game's id, and
/// both people's ids.
fn seated(server: &Running, a: &Person, b: &Person, request: &str) -> (String, String, String) {
    let created = a.create(request);
    let id = created["id"].as_str().unwrap().to_owned();
    b.join_invite(&created, 0);
    let seats = server.state(&id)["seats"].clone();
    let p = |k: usize| seats[k]["person"].as_str().unwrap().to_owned();
    (id, p(0), p(1))
}

/// `person`'s singles rating as `who` sees it on their page, and their
/// result in game `game`.
fn singles_rating(who: &Person, person: &str, game: &str) -> (Value, Value) {
    let (status, body) = who.get(&format!("/api/players/{person}"));
    assert_eq!(status, 200, "{body}");
    let page = json_of(&body);
    let rating = page["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["format"] == "singles")
        .cloned()
        .expect("a singles rating");
    let result = page["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["game"] == game)
        .cloned()
        .unwrap_or(Value::Null);
    (rating, result)
}

#[test]
fn a_drawn_rated_match_moves_both_ratings_as_a_draw() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let janis = server.person();
    // First a rated match Anna resigns at once: their ratings part.
    let (first, a, j) = seated(&server, &anna, &janis, ONE_RATED);
    let mut ws = anna.socket(&first);
    ws.send(&json!({"type": "hello"}));
    ws.next_reply();
    ws.send(&json!({"type": "resign", "event": 0, "seat": "south"}));
    assert_eq!(ws.next_reply()["type"], "resigned");
    let newcomer = Glicko2Rating {
        rating: 1500.0,
        deviation: 500.0,
        volatility: 0.09,
    };
    let (anna_was, janis_was) = glicko2(&newcomer, &newcomer, &Outcomes::LOSS, &lichess());
    let (anna_was, janis_was) = (bounded(anna_was), bounded(janis_was));
    assert_eq!(
        singles_rating(&anna, &a, &first).0["rating"],
        anna_was.rating
    );

    // Then two sets, one each: a drawn match.
    let (id, a2, j2) = seated(&server, &anna, &janis, TWO_RATED);
    assert_eq!((a2, j2), (a.clone(), j.clone()));
    let mut wa = anna.socket(&id);
    let mut wj = janis.socket(&id);
    for ws in [&mut wa, &mut wj] {
        ws.send(&json!({"type": "hello"}));
        assert_eq!(ws.next_reply()["type"], "state");
    }
    let mut local = mirror(TWO_RATED);
    let end = play_sets(&mut local, &mut [&mut wa, &mut wj], true, &[0, 1]);
    assert_eq!(end["match"]["drawn"], true, "{end}");
    assert_eq!(end["match"]["score"], json!([1, 1]));

    // Both moved as Glicko-2 moves a draw (the idle growth of a few
    // seconds is far below a thousandth of a point).
    let (anna_now, janis_now) = glicko2(&anna_was, &janis_was, &Outcomes::DRAW, &lichess());
    let (anna_now, janis_now) = (bounded(anna_now), bounded(janis_now));
    assert!(anna_now.rating > anna_was.rating && janis_now.rating < janis_was.rating);
    let (shown, result) = singles_rating(&anna, &a, &id);
    assert!(
        (shown["rating"].as_f64().unwrap() - anna_now.rating).abs() < 1e-3,
        "{shown} vs {anna_now:?}"
    );
    assert_eq!(result["result"], "draw", "{result}");
    assert_eq!(shown["draws"], 1, "{shown}");
    let (shown, result) = singles_rating(&janis, &j, &id);
    assert!(
        (shown["rating"].as_f64().unwrap() - janis_now.rating).abs() < 1e-3,
        "{shown} vs {janis_now:?}"
    );
    assert_eq!(result["result"], "draw");
}
