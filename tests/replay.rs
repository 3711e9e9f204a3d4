//! History, replays, analysis and uploads over real HTTP (docs/protocol.md,
//! "History and replays"): the real binary, a loopback port, a temporary
//! database.

use std::time::{Duration, Instant};

use crate::support::play::VS_GREEDY;
use crate::support::server::{data_dir, path, Running};
use novuss_ai::{Level, Noise, Player};
use novuss_core::play::game::Game;
use novuss_core::play::record::{Action, GameRecord};
use serde_json::{json, Value};

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// A finished one-set game against the geometric player: the human's
/// strokes chosen by a club player with an exact hand, sent over the
/// WebSocket as a browser sends them. Chosen by the geometric player too,
/// the set could last over a thousand strokes (the computer's seed follows
/// the random game id), and the replay of one such set outran the client's
/// 60 s timeout in CI.
fn finished_game(server: &Running) -> String {
    let state = server.create(VS_GREEDY);
    let id = state["id"].as_str().unwrap().to_owned();
    let mut ws = server.socket(&id);
    ws.send(&json!({"type": "hello", "since": null}));
    let mut state = ws.next_reply()["state"].clone();
    let deadline = Instant::now() + Duration::from_secs(300);
    while !state["match"]["over"].as_bool().unwrap() {
        assert!(Instant::now() < deadline, "the set ends");
        if state["turn"]["kind"] == "human" {
            let set: novuss_core::rules::set::SetState =
                serde_json::from_value(server_set(server, &id)).unwrap();
            let s = Player::new(Level::Club, state["event"].as_u64().unwrap())
                .with_noise(Noise::NONE)
                .decide(&set, &Default::default())
                .unwrap()
                .best
                .stroke;
            ws.send(
                &json!({"type": "stroke", "event": state["event"], "seat": state["turn"]["seat"],
                "striker": [s.striker.x, s.striker.y], "direction": [s.direction.x, s.direction.y],
                "speed": s.speed}),
            );
        }
        state = ws.next_of("stroke")["state"].clone();
    }
    id
}

/// The set in play, in the core's format, from the game's record.
fn server_set(server: &Running, id: &str) -> Value {
    let rec: GameRecord = serde_json::from_str(&record(server, id)).unwrap();
    serde_json::to_value(Game::from_record(rec).unwrap().set()).unwrap()
}

fn replay(server: &Running, id: &str) -> Value {
    let (status, text) = server.get(&format!("/api/games/{id}/replay"));
    assert_eq!(status, 200, "{text}");
    json_of(&text)
}

fn record(server: &Running, id: &str) -> String {
    let (status, text) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200, "{text}");
    text
}

fn strokes_of(
    record: &GameRecord,
) -> Vec<(
    &novuss_core::physics::stroke::Stroke,
    &novuss_core::rules::verdict::Verdict,
)> {
    record
        .sets
        .iter()
        .flat_map(|s| &s.entries)
        .filter_map(|e| match &e.action {
            Action::Stroke(s) => Some((s, &e.verdict)),
            Action::Conduct(_) => None,
        })
        .collect()
}

fn listed(server: &Running) -> Vec<Value> {
    let (status, text) = server.get("/api/games");
    assert_eq!(status, 200, "{text}");
    json_of(&text).as_array().unwrap().clone()
}

#[test]
fn a_replay_shows_every_stroke_as_played_and_checks_it() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = finished_game(&server);
    let r = replay(&server, &id);
    let rec: GameRecord = serde_json::from_str(&record(&server, &id)).unwrap();
    let strokes = r["strokes"].as_array().unwrap();
    let recorded = strokes_of(&rec);
    assert!(strokes.len() >= 2, "a set takes strokes");
    assert_eq!(strokes.len(), recorded.len());
    assert_eq!(r["divergences"], json!([]));
    for (k, (s, (stroke, verdict))) in strokes.iter().zip(&recorded).enumerate() {
        assert_eq!(s["number"], k + 1);
        assert_eq!(s["set_number"], 1);
        assert!(s["by"] == "computer" || s["by"] == "human");
        assert_eq!(s["checked"], true);
        assert_eq!(s["diverged"], false);
        assert_eq!(s["stroke"], serde_json::to_value(stroke).unwrap());
        assert_eq!(s["verdict"], serde_json::to_value(verdict).unwrap());
        let motion = &s["motion"];
        let bodies = motion["bodies"].as_array().unwrap().len();
        assert_eq!(motion["paths"].as_array().unwrap().len(), bodies);
        assert_eq!(motion["fates"].as_array().unwrap().len(), bodies);
        // Contacts come in time order (a stroke that meets nothing has none).
        let contacts = motion["contacts"].as_array().unwrap();
        let times: Vec<f64> = contacts.iter().map(|c| c["t"].as_f64().unwrap()).collect();
        assert!(times.windows(2).all(|w| w[0] <= w[1]));
    }
    // The opening break is heard: the striker meets discs, discs meet
    // cushions.
    let kinds: Vec<&str> = strokes[0]["motion"]["contacts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["kind"].as_str().unwrap())
        .collect();
    assert!(
        kinds.contains(&"disc") && kinds.contains(&"cushion"),
        "{kinds:?}"
    );
    assert_eq!(r["sets"][0]["set_number"], 1);
    assert_eq!(r["sets"][0]["start"]["set"]["strokes"], 0);
    assert_eq!(strokes.last().unwrap()["state"]["set"], r["state"]["set"]);
    assert_eq!(r["state"]["match"]["over"], true);
    let entry = server.listed(&id).expect("the game is listed");
    assert_eq!(entry["strokes"], strokes.len());
    assert_eq!(entry["origin"], "played");
    assert_eq!(entry["who"][0], json!({"name": "Tester", "kind": "human"}));
    // Nobody named the computer: each client names it in its own language.
    assert_eq!(
        entry["who"][1],
        json!({"name": null, "kind": "computer", "level": "greedy"})
    );
    assert_eq!(r["state"]["players"][1]["name"], Value::Null);

    // A shared link needs nothing but the stored game: after a restart
    // the replay is the same, byte for byte.
    let before = server.get(&format!("/api/games/{id}/replay")).1;
    let server = server.restart();
    assert_eq!(server.get(&format!("/api/games/{id}/replay")).1, before);
}

#[test]
fn analysis_plays_on_a_copy_and_leaves_the_game_alone() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = finished_game(&server);
    let rec: GameRecord = serde_json::from_str(&record(&server, &id)).unwrap();
    let event = server.state(&id)["event"].clone();
    let r = replay(&server, &id);
    let at = 2;

    // The position after two strokes, and the computer's choice there.
    let (status, text) = server.post(
        &format!("/api/games/{id}/analysis"),
        &json!({"at": at, "hint": "greedy"}).to_string(),
    );
    assert_eq!(status, 200, "{text}");
    let asked = json_of(&text);
    assert_eq!(asked["at"], at);
    assert_eq!(asked["played"], json!([]));
    assert_eq!(asked["state"]["set"], r["strokes"][at - 1]["state"]["set"]);
    let hint = &asked["hint"];
    assert_eq!(hint["level"], "greedy");
    assert_eq!(hint["seat"], asked["state"]["turn"]["seat"]);
    let best = hint["best"]["stroke"].clone();

    // Played out on the copy, it gives what the core gives from there.
    let (status, text) = server.post(
        &format!("/api/games/{id}/analysis"),
        &json!({"at": at, "strokes": [best]}).to_string(),
    );
    assert_eq!(status, 200, "{text}");
    let out = json_of(&text);
    assert_eq!(out["hint"], Value::Null);
    let mut local = Game::new(rec.config.clone(), rec.physics).unwrap();
    for (stroke, _) in strokes_of(&rec).into_iter().take(at) {
        let seat = local.set().seat_to_play();
        local.play(seat, stroke).unwrap();
    }
    let seat = local.set().seat_to_play();
    let played = local
        .play(seat, &serde_json::from_value(best).unwrap())
        .unwrap();
    assert_eq!(
        out["played"][0]["verdict"],
        serde_json::to_value(&played.verdict).unwrap()
    );
    assert_eq!(
        out["played"][0]["motion"]["paths"]
            .as_array()
            .unwrap()
            .len(),
        played.outcome.paths.len()
    );
    let places: Vec<Value> = out["state"]["set"]["discs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["at"].clone())
        .collect();
    assert_eq!(
        serde_json::to_value(local.set().places()).unwrap(),
        Value::Array(places)
    );

    // Refusals name their cause; the game never moves.
    let refused = |body: Value, code: &str, needle: &str| {
        let (status, text) = server.post(&format!("/api/games/{id}/analysis"), &body.to_string());
        assert_eq!(status, 400, "{text}");
        let v = json_of(&text);
        assert_eq!(v["code"], code, "{text}");
        assert!(v["detail"].as_str().unwrap().contains(needle), "{text}");
    };
    refused(json!({"at": 10_000}), "bad_message", "strokes");
    refused(
        json!({"at": 0, "strokes": [{"striker": [0.5, 0.5], "direction": [0, 1], "speed": 2}]}),
        "placement",
        "stroke 1",
    );
    refused(
        json!({"at": 0, "hint": "grandmaster"}),
        "bad_message",
        "level",
    );
    refused(json!({"at": 0, "extra": 1}), "bad_message", "unknown field");
    assert_eq!(server.state(&id)["event"], event);
}

#[test]
fn an_uploaded_record_becomes_a_game_only_if_it_replays_exactly() {
    let dir = data_dir();
    // More uploads than one address may send a minute by default.
    let server = Running::start_with(&path(&dir), &["--create-burst", "100"]);
    let id = finished_game(&server);
    let text = record(&server, &id);
    let games = listed(&server).len();

    let (status, body) = server.post("/api/records", &text);
    assert_eq!(status, 201, "{body}");
    let state = json_of(&body);
    let copy = state["id"].as_str().unwrap().to_owned();
    assert_ne!(copy, id);
    assert_eq!(state["match"]["over"], true);
    let original = replay(&server, &id);
    let uploaded = replay(&server, &copy);
    let (a, b) = (
        original["strokes"].as_array().unwrap(),
        uploaded["strokes"].as_array().unwrap(),
    );
    assert_eq!(a.len(), b.len());
    for (x, y) in a.iter().zip(b) {
        assert_eq!(x["verdict"], y["verdict"]);
        assert_eq!(x["motion"], y["motion"]);
        assert_eq!(
            y["by"],
            Value::Null,
            "an uploaded game does not know who played"
        );
    }
    assert_eq!(uploaded["divergences"], json!([]));
    let entry = server.listed(&copy).expect("the game is listed");
    assert_eq!(entry["origin"], "uploaded");
    assert_eq!(entry["who"][0]["kind"], "human");
    // Its record is the record that was uploaded, apart from nothing.
    let again: GameRecord = serde_json::from_str(&record(&server, &copy)).unwrap();
    let first: GameRecord = serde_json::from_str(&text).unwrap();
    assert_eq!(again.sets, first.sets);
    assert_eq!(listed(&server).len(), games + 1);

    // Refused records store nothing.
    let refused = |body: &str, status: u16, code: &str| {
        let (s, text) = server.post("/api/records", body);
        assert_eq!(s, status, "{text}");
        assert_eq!(json_of(&text)["code"], code, "{text}");
    };
    let mut tampered: Value = json_of(&text);
    let x = tampered["sets"][0]["entries"][0]["after"][3][0]
        .as_f64()
        .unwrap();
    tampered["sets"][0]["entries"][0]["after"][3][0] = json!(x + 1e-9);
    refused(&tampered.to_string(), 400, "record_diverges");
    let mut moved: Value = json_of(&text);
    moved["sets"][0]["entries"][1]["action"]["stroke"]["speed"] = json!(0.3);
    let (s, t) = server.post("/api/records", &moved.to_string());
    assert_eq!(s, 400, "{t}");
    assert!(["record_diverges", "bad_record"].contains(&json_of(&t)["code"].as_str().unwrap()));
    refused("not a record", 400, "bad_record");
    refused(r#"{"format_version": 2}"#, 400, "bad_record");
    let mut version: Value = json_of(&text);
    version["format_version"] = json!(1);
    refused(&version.to_string(), 400, "bad_record");
    // A body over 8 MiB is `too_large`: tested over a raw socket in
    // front_door.rs (an HTTP client may fail to send the whole body once
    // the answer has come, and report that instead).
    // A stored game is played on this server's physics: a record of
    // another (here a nearly frictionless table with a high event limit,
    // whose strokes would cost without bound) is refused before anything
    // is simulated.
    let mut slippery: Value = json_of(&text);
    slippery["physics"]["friction"] = json!(1e-10);
    slippery["physics"]["max_events"] = json!(100_000);
    refused(&slippery.to_string(), 400, "other_physics");
    // Names and sets by the rules of a new game.
    for name in [
        "x".repeat(41),
        "a\u{0}b".to_owned(),
        "\u{1b}[31mred".to_owned(),
        "abc\u{202e}def".to_owned(),
        String::new(),
    ] {
        let mut named: Value = json_of(&text);
        named["config"]["players"][0] = json!(name);
        refused(&named.to_string(), 400, "bad_record");
    }
    let mut sets: Value = json_of(&text);
    sets["config"]["sets"] = json!(4_294_967_295u64);
    refused(&sets.to_string(), 400, "unsupported_record");
    assert_eq!(listed(&server).len(), games + 1);

    // A record of several megabytes is taken (the limit is 8 MiB, not the
    // 64 KiB of other requests).
    let padded = format!("{text}{}", " ".repeat(1024 * 1024));
    let (s, body) = server.post("/api/records", &padded);
    assert_eq!(s, 201, "{body}");
}
