//! The server as a player's browser meets it: the real binary on a
//! loopback port with a temporary SQLite database, driven over HTTP and
//! WebSocket (docs/protocol.md).

use crate::support::play::{choose, choose_club, mirror, stroke_request, HOT_SEAT, VS_GREEDY};
use crate::support::server::{data_dir, path, Running, Socket};
use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::Game;
use novuss_core::seat::Seat;
use serde_json::{json, Value};

pub(crate) fn stroke_of(m: &Value) -> (Seat, Stroke) {
    let seat: Seat = serde_json::from_value(m["seat"].clone()).unwrap();
    let stroke: Stroke = serde_json::from_value(m["stroke"].clone()).unwrap();
    (seat, stroke)
}

/// Plays the stroke the server reported on the mirror and checks that
/// both agree exactly.
pub(crate) fn follow(local: &mut Game, m: &Value) {
    let (seat, stroke) = stroke_of(m);
    let played = local
        .play(seat, &stroke)
        .expect("the reported stroke plays");
    assert_eq!(serde_json::to_value(&played.verdict).unwrap(), m["verdict"]);
    let places: Vec<Value> = m["state"]["set"]["discs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["at"].clone())
        .collect();
    assert_eq!(
        serde_json::to_value(local.set().places()).unwrap(),
        Value::Array(places)
    );
    assert_eq!(
        m["motion"]["paths"].as_array().unwrap().len(),
        played.outcome.paths.len()
    );
    assert_eq!(
        m["rules"].as_array().unwrap().len(),
        played.verdict.reasons.len()
    );
}

fn hello(ws: &mut Socket, since: Option<u64>) -> Value {
    ws.send(&json!({"type": "hello", "since": since}));
    ws.next_reply()
}

#[test]
fn a_whole_set_against_the_computer_to_its_result() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let state = server.create(VS_GREEDY);
    let id = state["id"].as_str().unwrap().to_owned();
    let mut local = mirror(VS_GREEDY);
    let mut ws = server.socket(&id);
    let first = hello(&mut ws, None);
    assert_eq!(first["type"], "state");
    assert_eq!(first["event"], 0);
    let mut event = 0;
    let (mut human, mut computer) = (0, 0);
    while !local.set().is_over() {
        // The person plays as a club player: two geometric players can
        // leave a set that never ends (`choose_club`). The bound only
        // stops a game that never ends.
        assert!(event < 1000, "the set should end within 1000 strokes");
        if local.set().seat_to_play() == Seat::South {
            let s = choose_club(&local, event);
            ws.send(&stroke_request(event, Seat::South, &s));
        }
        let m = ws.next_of("stroke");
        assert_eq!(m["event"], event + 1, "events are numbered one by one");
        match m["by"].as_str() {
            Some("human") => human += 1,
            Some("computer") => computer += 1,
            other => panic!("a stroke by {other:?}"),
        }
        follow(&mut local, &m);
        event += 1;
        if local.set().is_over() {
            assert_eq!(m["state"]["set"]["over"], true);
            assert!(m["state"]["turn"].is_null());
        }
    }
    assert!(
        human > 0 && computer > 0,
        "both played: {human} and {computer}"
    );
    let end = server.state(&id);
    assert_eq!(end["event"], event);
    assert_eq!(end["match"]["over"], true);
    assert_eq!(
        end["set"]["result"],
        serde_json::to_value(local.set().result()).unwrap()
    );
    assert_eq!(
        end["can_take_back"], false,
        "a finished match's result stands"
    );
    ws.send(&json!({"type": "take_back", "event": event}));
    assert_eq!(ws.next_reply()["code"], "match_over");
    let winner = end["match"]["winner"]
        .as_u64()
        .expect("a winner of a one-set match");
    assert_eq!(end["match"]["score"][winner as usize], 1);
    // The game's record replays exactly, to the same result.
    let (status, record) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    let record: novuss_core::play::record::GameRecord = serde_json::from_str(&record).unwrap();
    let report = novuss_core::play::record::replay(&record).unwrap();
    assert!(report.divergences.is_empty(), "{:?}", report.divergences);
    assert_eq!(report.actions as u64, event);
    assert_eq!(
        serde_json::to_value(&report.score).unwrap(),
        end["match"]["score"]
    );
    // Listed, over.
    let (_, list) = server.get("/api/games");
    let list: Value = serde_json::from_str(&list).unwrap();
    assert_eq!(list[0]["id"], id.as_str());
    assert_eq!(list[0]["over"], true);
}

/// Plays `n` hot-seat strokes, each acknowledged; returns the stroke
/// messages.
fn play_hot_seat_all(ws: &mut Socket, local: &mut Game, from: u64, n: u64) -> Vec<Value> {
    let mut all = vec![];
    for k in from..from + n {
        let seat = local.set().seat_to_play();
        let s = choose(local, k);
        ws.send(&stroke_request(k, seat, &s));
        let m = ws.next_of("stroke");
        assert_eq!(m["event"], k + 1);
        follow(local, &m);
        all.push(m);
    }
    all
}

/// The same, returning the last stroke message.
fn play_hot_seat(ws: &mut Socket, local: &mut Game, from: u64, n: u64) -> Value {
    play_hot_seat_all(ws, local, from, n)
        .pop()
        .unwrap_or(Value::Null)
}

#[test]
fn a_killed_server_resumes_every_acknowledged_stroke() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = server.socket(&id);
    hello(&mut ws, None);
    let played = play_hot_seat_all(&mut ws, &mut local, 0, 6);
    let last = played.last().unwrap().clone();
    // SIGKILL right after the sixth acknowledgement: no shutdown code runs.
    let server = server.restart();
    let resumed = server.state(&id);
    assert_eq!(
        resumed, last["state"],
        "the game resumes exactly where it stopped"
    );
    let mut ws = server.socket(&id);
    // The restarted server rebuilds the game's events: a client that asks
    // for what it missed gets the very messages it would have got.
    ws.send(&json!({"type": "hello", "since": 3}));
    for original in &played[3..] {
        assert_eq!(&ws.next_reply(), original);
    }
    let more = play_hot_seat(&mut ws, &mut local, 6, 2);
    assert_eq!(more["event"], 8);
    // A client that saw event 7 gets exactly event 8.
    let mut other = server.socket(&id);
    let m = hello(&mut other, Some(7));
    assert_eq!(m["type"], "stroke");
    assert_eq!(m["event"], 8);
}

#[test]
fn a_computer_turn_interrupted_by_a_kill_is_played_after_the_restart() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = server.create(VS_GREEDY)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(VS_GREEDY);
    let mut ws = server.socket(&id);
    hello(&mut ws, None);
    // A gentle push that pockets nothing, so the turn passes.
    let s = Stroke {
        striker: novuss_core::DVec2::new(0.5, 0.08),
        direction: novuss_core::DVec2::new(0.0, 1.0),
        speed: 0.5,
    };
    ws.send(&stroke_request(0, Seat::South, &s));
    let m = ws.next_of("stroke");
    follow(&mut local, &m);
    assert_eq!(m["state"]["turn"]["kind"], "computer");
    let server = server.restart();
    // Opening the game loads it, and the computer takes up its turn; the
    // client hears of the stroke whether it was played before or after
    // its `hello`.
    let mut ws = server.socket(&id);
    ws.send(&json!({"type": "hello", "since": 1}));
    let m = ws.next_of("stroke");
    assert_eq!(m["by"], "computer");
    assert_eq!(m["event"], 2);
    follow(&mut local, &m);
}

#[test]
fn take_back_and_hint() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = server.socket(&id);
    let start = hello(&mut ws, None)["state"].clone();
    assert_eq!(start["can_take_back"], false);
    let m = play_hot_seat(&mut ws, &mut local, 0, 1);
    assert_eq!(m["state"]["can_take_back"], true);
    ws.send(&json!({"type": "take_back", "event": 1}));
    let back = ws.next_reply();
    assert_eq!(back["type"], "taken_back");
    assert_eq!(back["event"], 2);
    assert_eq!(back["strokes"], 1);
    let mut expected = start.clone();
    expected["event"] = json!(2);
    assert_eq!(
        back["state"], expected,
        "the position before the stroke, at a new event"
    );

    ws.send(&json!({"type": "hint", "event": 2, "level": "greedy"}));
    let hint = ws.next_reply();
    assert_eq!(hint["type"], "hint", "{hint}");
    assert_eq!(hint["seat"], "south");
    let p = hint["best"]["pot_chance"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p));
    // The hint is a stroke the server accepts.
    let s: Stroke = serde_json::from_value(hint["best"]["stroke"].clone()).unwrap();
    ws.send(&stroke_request(2, Seat::South, &s));
    assert_eq!(ws.next_of("stroke")["event"], 3);
}

#[test]
fn bad_input_is_refused_and_changes_nothing() {
    let dir = data_dir();
    // More refused new games than one address may send at once by default.
    let server = Running::start_with(&path(&dir), &["--create-burst", "100"]);
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut ws = server.socket(&id);
    hello(&mut ws, None);
    let before = server.state(&id);
    let s = |striker: [f64; 2], direction: [f64; 2], speed: f64| {
        json!({"type": "stroke", "event": 0, "seat": "south",
               "striker": striker, "direction": direction, "speed": speed})
        .to_string()
    };
    let big = format!(r#"{{"type":"hello","pad":"{}"}}"#, "x".repeat(20_000));
    let cases: Vec<(String, &str)> = vec![
        ("not json".into(), "bad_message"),
        (r#"{"type":"dance"}"#.into(), "bad_message"),
        (r#"{"type":"stroke","event":0}"#.into(), "bad_message"),
        (r#"{"type":"stroke","event":0,"seat":"south","striker":[0.5,0.08],"direction":[0,1],"speed":1e999}"#.into(), "bad_message"),
        (big, "too_large"),
        (s([0.5, 0.08], [0.0, 1.0], 3.0).replace("\"event\":0", "\"event\":7"), "stale"),
        (s([0.5, 0.08], [0.0, 1.0], 3.0).replace("south", "north"), "not_your_turn"),
        (s([0.5, 0.5], [0.0, 1.0], 3.0), "placement"),
        (s([0.5, 0.08], [0.0, -1.0], 3.0), "aim"),
        (s([0.5, 0.08], [0.0, 0.0], 3.0), "aim"),
        (s([0.5, 0.08], [0.0, 1.0], 0.0), "speed"),
        (s([0.5, 0.08], [0.0, 1.0], 1000.0), "speed"),
        (r#"{"type":"take_back","event":0}"#.into(), "nothing_to_take_back"),
        (r#"{"type":"next_set","event":0}"#.into(), "not_between_sets"),
        (r#"{"type":"hint","event":0,"level":"god"}"#.into(), "bad_message"),
    ];
    for (text, code) in &cases {
        ws.send_text(text);
        let m = ws.next_reply();
        assert_eq!(m["type"], "error", "{text:.80}: {m}");
        assert_eq!(m["code"], *code, "{text:.80}: {m}");
        assert!(!m["detail"].as_str().unwrap().is_empty());
    }
    ws.send_binary(b"\x00\x01");
    assert_eq!(ws.next_reply()["code"], "bad_message");
    // A striker off the table.
    ws.send_text(&s([-0.5, 0.08], [0.0, 1.0], 3.0));
    assert_eq!(ws.next_reply()["code"], "placement");
    assert_eq!(server.state(&id), before, "nothing changed");

    // HTTP.
    let (status, body) = server.get("/api/games/0123456789abcdef0123456789abcdef");
    assert_eq!(status, 404);
    assert!(body.contains("unknown_game"));
    assert_eq!(server.get("/api/games/../../etc/passwd").0, 404);
    let (status, body) = server.post("/api/games", "{");
    assert_eq!((status, body.contains("bad_message")), (400, true));
    let (status, body) = server.post("/api/games", &"x".repeat(100_000));
    assert_eq!((status, body.contains("too_large")), (413, true), "{body}");
    let (status, body) = server.post(
        "/api/games",
        r#"{"format":"singles","profile":"lnf-2017","sets":4,"players":[{"kind":"human"},{"kind":"human"}]}"#,
    );
    assert_eq!((status, body.contains("bad_setup")), (400, true), "{body}");
    // A format, rule profile or computer level that names none of its list
    // is `bad_setup`, saying the list; one that is not text is `bad_message`.
    let vs_computer = |format: Value, profile: Value, level: Value| {
        json!({"format": format, "profile": profile, "sets": 1,
            "players": [{"kind": "human"}, {"kind": "computer", "level": level}]})
        .to_string()
    };
    let (singles, lnf, greedy) = (json!("singles"), json!("lnf-2017"), json!("greedy"));
    for (request, code, words) in [
        (
            vs_computer(json!("triples"), lnf.clone(), greedy.clone()),
            "bad_setup",
            "unknown format \"triples\": singles, doubles or four_player",
        ),
        (
            vs_computer(singles.clone(), json!("x"), greedy.clone()),
            "bad_setup",
            "unknown profile \"x\": one of lnf-2017",
        ),
        (
            vs_computer(singles.clone(), lnf.clone(), json!("god")),
            "bad_setup",
            "unknown level \"god\": one of greedy",
        ),
        (
            vs_computer(json!(2), lnf.clone(), greedy.clone()),
            "bad_message",
            "invalid type",
        ),
        (
            vs_computer(singles.clone(), json!(null), greedy.clone()),
            "bad_message",
            "invalid type",
        ),
        (
            vs_computer(singles.clone(), lnf.clone(), json!(5)),
            "bad_message",
            "invalid type",
        ),
    ] {
        let (status, body) = server.post("/api/games", &request);
        let v: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(
            (status, v["code"].as_str()),
            (400, Some(code)),
            "{request}: {body}"
        );
        assert!(
            v["detail"].as_str().unwrap().contains(words),
            "{request}: {body}"
        );
    }
    // Names: 1 to 40 characters, no control or bidirectional control
    // characters (NUL, an ANSI escape, a right-to-left override, an isolate).
    for name in [
        "x".repeat(41),
        "a\u{0}b".to_owned(),
        "\u{1b}[2Jred".to_owned(),
        "abc\u{202e}def".to_owned(),
        "abc\u{2067}def".to_owned(),
        "   ".to_owned(),
    ] {
        let request = json!({"format": "singles", "profile": "lnf-2017", "sets": 1,
            "players": [{"kind": "human", "name": name}, {"kind": "human"}]});
        let (status, body) = server.post("/api/games", &request.to_string());
        assert_eq!((status, body.contains("bad_setup")), (400, true), "{body}");
    }
    assert!(tungstenite::connect(format!(
        "ws://{}/api/games/0123456789abcdef0123456789abcdef/ws",
        server.host
    ))
    .is_err());

    // The server goes on serving: this game, and a new one.
    let mut local = mirror(HOT_SEAT);
    play_hot_seat(&mut ws, &mut local, 0, 1);
    let other = server.create(VS_GREEDY);
    assert_eq!(other["event"], 0);
    let (status, page) = server.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<html"), "the page is served");
}

/// Heavy requests (hints, replays, analyses, records, uploads) run one at a
/// time per client: a second one while the first is worked out is `busy`
/// at once, and the game itself plays on meanwhile.
#[test]
fn a_client_gets_one_heavy_request_at_a_time() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut ws = server.socket(&id);
    hello(&mut ws, None);
    // The master's search takes a good part of a second. The socket's
    // requests are handled in order, so once the `hello` after it is
    // answered, the hint holds its place.
    ws.send(&json!({"type": "hint", "event": 0, "level": "master"}));
    ws.send(&json!({"type": "hello"}));
    assert_eq!(ws.next_of("state")["type"], "state");
    let (status, body) = server.get(&format!("/api/games/{id}/replay"));
    assert_eq!(status, 503, "{body}");
    let busy: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(busy["code"], "busy");
    let (status, body) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!((status, body.contains("busy")), (503, true), "{body}");
    // Strokes are not heavy requests: the game goes on.
    let local = mirror(HOT_SEAT);
    let seat = local.set().seat_to_play();
    let s = choose(&local, 1);
    ws.send(&stroke_request(0, seat, &s));
    let mut got = vec![];
    while got.len() < 2 {
        let m = ws.next_reply();
        got.push(m["type"].as_str().unwrap().to_owned());
    }
    got.sort();
    assert!(
        got == ["hint", "stroke"] || got == ["error", "stroke"],
        "the stroke, and the hint for event 0 (or stale): {got:?}"
    );
    // Once the hint is answered, the replay is worked out.
    let (status, body) = server.get(&format!("/api/games/{id}/replay"));
    assert_eq!(status, 200, "{body}");
}

/// Names stored before they were limited are listed cut to the limit, so
/// that the list's answer stays bounded.
#[test]
fn the_list_cuts_names_stored_before_they_were_limited() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    server.kill();
    let long = "y".repeat(100_000);
    let db = path(&dir).join("novuss.sqlite3");
    let sql = if crate::support::db::is_postgres(&db) {
        "UPDATE games SET setup = jsonb_set(setup::jsonb, '{config,players,0}', to_jsonb($1::text))::text"
    } else {
        "UPDATE games SET setup = json_set(setup, '$.config.players[0]', $1)"
    };
    crate::support::db::execute(&db, sql, &[&long]);
    let server = Running::start(&path(&dir));
    let (status, body) = server.get("/api/games");
    assert_eq!(status, 200);
    assert!(body.len() < 2_000, "{} bytes", body.len());
    let list: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(list[0]["id"], id.as_str());
    assert_eq!(list[0]["players"][0], format!("{}…", "y".repeat(40)));
}

/// A player resigns: the match ends for the other side at once, nothing is
/// played after it, the computer does not answer, and a restarted server
/// and the game's record both hold the resignation. A computer's seat, a
/// seat nobody plays from and a four-player game cannot resign.
#[test]
fn a_resignation_ends_the_match_and_is_kept() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = server.socket(&id);
    hello(&mut ws, None);
    play_hot_seat(&mut ws, &mut local, 0, 2);
    // Nobody sits east in singles.
    ws.send(&json!({"type": "resign", "event": 2, "seat": "east"}));
    assert_eq!(ws.next_reply()["code"], "cannot_resign");
    // North (player 1) resigns while a set is in play.
    ws.send(&json!({"type": "resign", "event": 2, "seat": "north"}));
    let m = ws.next_of("resigned");
    assert_eq!(m["event"], 3);
    assert_eq!(m["seat"], "north");
    assert_eq!(m["player"], 1);
    let st = &m["state"];
    assert_eq!(st["match"]["over"], true);
    assert_eq!(st["match"]["winner"], 0);
    assert_eq!(st["match"]["resigned"], 1);
    assert!(st["turn"].is_null(), "nobody is to play: {}", st["turn"]);
    // Nothing is played, taken back or resigned after it.
    let seat = local.set().seat_to_play();
    let s = choose(&local, 9);
    ws.send(&stroke_request(3, seat, &s));
    assert_eq!(ws.next_reply()["code"], "match_over");
    ws.send(&json!({"type": "take_back", "event": 3}));
    assert_eq!(ws.next_reply()["code"], "match_over");
    ws.send(&json!({"type": "resign", "event": 3, "seat": "south"}));
    assert_eq!(ws.next_reply()["code"], "match_over");
    let (status, record) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    let record: Value = serde_json::from_str(&record).unwrap();
    assert_eq!(record["resigned"], 1);

    // After a restart the game is the same ended match.
    let server = server.restart();
    assert_eq!(server.state(&id), m["state"]);
    let row = server.listed(&id).expect("the game is listed");
    assert_eq!(row["over"], true);
    assert_eq!(row["winner"], 0, "the list names who won at 0-0");

    // The computer does not resign, and a four-player game cannot be.
    let vs = server.create(VS_GREEDY)["id"].as_str().unwrap().to_owned();
    let mut ws = server.socket(&vs);
    let st = hello(&mut ws, None);
    let computer = st["state"]["players"][1]["seat"].clone();
    ws.send(&json!({"type": "resign", "event": 0, "seat": computer}));
    assert_eq!(ws.next_reply()["code"], "computer_seat");
    let four = server.create(
        r#"{"format":"four_player","profile":"lnf-2017","sets":1,"players":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#,
    )["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut ws = server.socket(&four);
    hello(&mut ws, None);
    ws.send(&json!({"type": "resign", "event": 0, "seat": "west"}));
    assert_eq!(ws.next_reply()["code"], "cannot_resign");
    assert_eq!(server.state(&four)["match"]["over"], false);
}

/// A match is called off before both sides have stroked: over, with no
/// winner, and kept over a restart; once both have stroked it cannot be.
#[test]
fn an_abort_before_both_sides_have_stroked_ends_the_match_without_a_result() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = server.socket(&id);
    let st = hello(&mut ws, None);
    assert_eq!(st["state"]["can_abort"], true);
    // Both sides stroke: too late to abort.
    let first = local.set().seat_to_play();
    let mut event = 0;
    while local.set().seat_to_play() == first {
        play_hot_seat(&mut ws, &mut local, event, 1);
        event += 1;
    }
    let m = play_hot_seat(&mut ws, &mut local, event, 1);
    event += 1;
    assert_eq!(m["state"]["can_abort"], false);
    ws.send(&json!({"type": "abort", "event": event, "seat": "south"}));
    assert_eq!(ws.next_reply()["code"], "cannot_abort");
    assert_eq!(server.state(&id)["match"]["over"], false);

    // A fresh game: one stroke, then abort.
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = server.socket(&id);
    hello(&mut ws, None);
    play_hot_seat(&mut ws, &mut local, 0, 1);
    ws.send(&json!({"type": "abort", "event": 1, "seat": "north"}));
    let m = ws.next_of("aborted");
    assert_eq!(m["event"], 2);
    assert_eq!(m["state"]["match"]["over"], true);
    assert_eq!(m["state"]["match"]["aborted"], true);
    assert!(m["state"]["match"]["winner"].is_null());
    assert!(m["state"]["turn"].is_null());
    let server = server.restart();
    assert_eq!(server.state(&id), m["state"]);
    let row = server.listed(&id).expect("the game is listed");
    assert_eq!(row["aborted"], true);
    assert!(row.get("winner").is_none());
}
