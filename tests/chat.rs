//! The chat of a game between people (docs/protocol.md, "Chat"), over the
//! real binary on loopback: two players and a watcher, each a cookie jar
//! of their own as three browsers are. The players' room and the
//! watchers' room stay apart while the match is played; every refusal
//! stores nothing; lines survive a reconnection and a restart.

use std::path::Path;

use crate::support::db::{count, stored_event};
use crate::support::server::{data_dir, path, Running, Socket};
use serde_json::{json, Value};

/// A singles set between the creator (south) and a person they invite.
const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// Opens the game on `ws` and reads up to its chat settings.
fn hello(ws: &mut Socket) -> Value {
    ws.send(&json!({"type": "hello"}));
    ws.next_of("chat_settings")
}

/// Every message up to and including the chat settings, after a `hello`,
/// and the chat lines that follow them, until `last` (a line's number).
fn hello_lines(ws: &mut Socket, last: u64) -> Vec<Value> {
    hello(ws);
    let mut lines = Vec::new();
    loop {
        let m = ws.next_of("chat");
        let n = m["number"].as_u64().unwrap();
        lines.push(m);
        if n == last {
            return lines;
        }
    }
}

fn say(ws: &mut Socket, what: Value) {
    let mut m = json!({"type": "chat"});
    m.as_object_mut()
        .unwrap()
        .extend(what.as_object().unwrap().clone());
    ws.send(&m);
}

fn lines(db: &Path) -> i64 {
    count(db, "SELECT COUNT(*) FROM chat_lines")
}

fn refused(ws: &mut Socket, code: &str) {
    let e = ws.next_of("error");
    assert_eq!(e["code"], code, "{e}");
}

#[test]
fn players_and_watchers_chat_apart_within_limits_and_it_is_kept() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let db = server.data.join("novuss.sqlite3");
    // The creator is the server's own person, whose cookie outlives a
    // restart.
    let created = server.create(INVITED);
    let id = created["id"].as_str().unwrap().to_owned();
    let anna_id = created["seats"][0]["person"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let janis = server.person();
    let (status, body) = janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let janis_id = serde_json::from_str::<Value>(&body).unwrap()["person"]
        .as_str()
        .unwrap()
        .to_owned();
    let wanda = server.person();

    let mut a = server.socket(&id);
    let mut j = janis.socket(&id);
    let mut w = wanda.socket(&id);
    for ws in [&mut a, &mut j, &mut w] {
        let settings = hello(ws);
        assert_eq!(settings["free_text"], true);
        assert_eq!(settings["creator"], anna_id.as_str());
    }

    // Reading made nobody a person; writing needs one.
    say(&mut w, json!({"preset": "hello"}));
    refused(&mut w, "not_a_person");
    assert_eq!(lines(&db), 0);
    let (status, body) = wanda.post("/api/me", r#"{"name":"Wanda"}"#);
    assert_eq!(status, 200, "{body}");
    let wanda_id = serde_json::from_str::<Value>(&body).unwrap()["person"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut w2 = wanda.socket(&id);
    hello(&mut w2);

    // A preset travels as its id, with its author.
    say(&mut a, json!({"preset": "good_luck"}));
    for ws in [&mut a, &mut j] {
        let m = ws.next_of("chat");
        assert_eq!(m["room"], "players");
        assert_eq!(m["preset"], "good_luck");
        assert!(m.get("text").is_none(), "{m}");
        assert_eq!(m["person"], anna_id.as_str());
        assert_eq!(m["player"], 0);
        assert_eq!(m["number"], 1);
    }
    // Markup is text like any other, sent back as it was written.
    let script = "<script>alert(1)</script>";
    say(&mut j, json!({"text": format!("  {script} ")}));
    for ws in [&mut a, &mut j] {
        let m = ws.next_of("chat");
        assert_eq!(m["text"], script, "trimmed, otherwise untouched");
        assert_eq!(m["person"], janis_id.as_str());
        assert_eq!(m["player"], 1);
    }

    // The watchers' line reaches the watchers, and is the first line they
    // get: the players' two lines never reached them.
    say(&mut w2, json!({"text": "go Jānis"}));
    for ws in [&mut w, &mut w2] {
        let m = ws.next_of("chat");
        assert_eq!(m["room"], "watchers");
        assert_eq!(m["text"], "go Jānis");
        assert_eq!(m["name"], "Wanda");
        assert_eq!(m["person"], wanda_id.as_str());
        assert!(m.get("player").is_none(), "{m}");
    }
    // …and not the players: their next line is the players' own.
    say(&mut a, json!({"preset": "thanks"}));
    for ws in [&mut a, &mut j] {
        let m = ws.next_of("chat");
        assert_eq!(m["preset"], "thanks", "{m}");
    }
    // A watcher cannot write to the players.
    say(&mut w2, json!({"preset": "hello", "room": "players"}));
    refused(&mut w2, "not_a_player");
    assert_eq!(lines(&db), 4);

    // Bad lines are refused, and nothing is stored.
    say(&mut j, json!({"text": " \t "}));
    refused(&mut j, "chat_empty");
    say(&mut j, json!({"text": "ā".repeat(201)}));
    refused(&mut j, "chat_too_long");
    say(&mut j, json!({"text": "two\nlines"}));
    refused(&mut j, "chat_bad_text");
    say(&mut j, json!({"preset": "<b>x</b>"}));
    refused(&mut j, "bad_message");
    say(&mut j, json!({"preset": "hello", "text": "hello"}));
    refused(&mut j, "bad_message");
    assert_eq!(lines(&db), 4);

    // Only the creator switches free text; everyone is told.
    for ws in [&mut j, &mut w2] {
        ws.send(&json!({"type": "chat_settings", "free_text": false}));
        refused(ws, "not_creator");
    }
    a.send(&json!({"type": "chat_settings", "free_text": false}));
    for ws in [&mut a, &mut j, &mut w, &mut w2] {
        assert_eq!(ws.next_of("chat_settings")["free_text"], false);
    }
    say(&mut a, json!({"text": "free words"}));
    refused(&mut a, "free_text_off");
    assert_eq!(lines(&db), 4);
    say(&mut a, json!({"preset": "well_played"}));
    assert_eq!(a.next_of("chat")["preset"], "well_played");
    assert_eq!(lines(&db), 5);

    // Five lines in ten seconds: Jānis wrote one, four more pass, the
    // sixth is refused and not stored.
    for _ in 0..4 {
        say(&mut j, json!({"preset": "nice_shot"}));
    }
    say(&mut j, json!({"preset": "sorry"}));
    refused(&mut j, "chat_too_fast");
    assert_eq!(lines(&db), 9);

    // Chat lines are not events.
    assert_eq!(server.state(&id)["event"], 0);
    assert_eq!(stored_event(&db, &id), Some(0));

    // A reconnecting client gets its own room's last lines, in order,
    // after the game, and the settings as they are.
    let mut j2 = janis.socket(&id);
    let got = hello_lines(&mut j2, 9);
    assert!(got.iter().all(|m| m["room"] == "players"), "{got:?}");
    let numbers: Vec<u64> = got.iter().map(|m| m["number"].as_u64().unwrap()).collect();
    assert_eq!(numbers, [1, 2, 4, 5, 6, 7, 8, 9]);
    let mut w3 = server.watch(&id);
    w3.send(&json!({"type": "hello"}));
    assert_eq!(w3.next()["type"], "state");
    assert_eq!(w3.next_of("chat_settings")["free_text"], false);
    let m = w3.next_of("chat");
    assert_eq!(m["text"], "go Jānis");

    // Once the match is over the rooms are open to each other.
    a.send(&json!({"type": "resign", "event": 0, "seat": "south"}));
    assert_eq!(w2.next_of("resigned")["event"], 1);
    say(&mut a, json!({"preset": "good_game"}));
    let m = w2.next_of("chat");
    assert_eq!(
        (m["room"].as_str(), m["preset"].as_str()),
        (Some("players"), Some("good_game"))
    );
    say(&mut w2, json!({"preset": "bye"}));
    // Jānis reads on past the lines he has not looked at yet.
    while j.next_of("chat")["number"] != 10 {}
    let m = j.next_of("chat");
    assert_eq!(
        (m["room"].as_str(), m["preset"].as_str()),
        (Some("watchers"), Some("bye"))
    );
    assert_eq!(lines(&db), 11);

    // A restart keeps every line and the settings: a watcher now reads
    // both rooms' last lines.
    drop((a, j, j2, w, w2, w3));
    let server = server.restart();
    let mut w4 = server.watch(&id);
    let got = hello_lines(&mut w4, 11);
    let numbers: Vec<u64> = got.iter().map(|m| m["number"].as_u64().unwrap()).collect();
    assert_eq!(numbers, (1..=11).collect::<Vec<u64>>());
    assert_eq!(got[1]["text"], script);
    let mut a2 = server.socket(&id);
    assert_eq!(hello(&mut a2)["free_text"], false);
}
