//! Time in games between people (docs/protocol.md, "Clocks and
//! absence"), over the real binary on loopback: the stroke clock running
//! out is a refused stroke (`000` 3.6.15), also across a SIGKILL and a
//! restart; an absent player's opponent claims the set and then the
//! match once the grace has run out, never before; a game nobody touches
//! ends as abandoned.

use std::time::{Duration, Instant};

use crate::support::db;
use crate::support::play::{mirror, stroke_request};
use crate::support::server::{data_dir, path, Running, Socket};
use novuss_core::play::game::Game;
use serde_json::{json, Value};

/// Singles between the creator (south) and a person they invite.
fn invited(extra: &str) -> String {
    format!(
        r#"{{"format":"singles","profile":"lnf-2017","sets":3,{extra}
        "players":[{{"kind":"human"}},{{"kind":"human","invite":true}}]}}"#
    )
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

fn hello(ws: &mut Socket) -> Value {
    ws.send(&json!({"type": "hello"}));
    ws.next_reply()
}

/// When the game's turn in play began, as stored (ms since 1970).
fn turn_at(server: &Running, id: &str) -> i64 {
    db::count(
        &server.data.join("novuss.sqlite3"),
        &format!("SELECT turn_at FROM games WHERE id = '{id}'"),
    )
}

/// The next `timers` message, skipping others.
fn timers(ws: &mut Socket) -> Value {
    ws.next_of("timers")
}

/// The stroke a quick geometric player chooses for the seat to play in
/// `local`, as a request at `event`.
fn gentle(local: &Game, event: u64) -> Value {
    let seat = local.set().seat_to_play();
    let s = crate::support::play::choose(local, event);
    stroke_request(event, seat, &s)
}

#[test]
fn the_stroke_clock_running_out_is_a_refused_stroke_even_across_a_kill() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let janis = server.person();
    let created = anna.create(&invited(r#""stroke_clock":15,"casual":false,"#));
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["stroke_clock"], 15);
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let (status, body) = janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    // The clock starts when the last seat is taken.
    let began = turn_at(&server, &id);
    assert!(began > 0 && began <= now_ms());
    let (a_cookie, j_cookie) = (anna.cookie().unwrap(), janis.cookie().unwrap());
    {
        let mut a = anna.socket(&id);
        assert_eq!(hello(&mut a)["type"], "state");
        let t = timers(&mut a);
        assert_eq!(t["stroke"]["seat"], "south", "{t}");
        let left = t["stroke"]["left_ms"].as_i64().unwrap();
        assert!(left > 0 && left <= 15_000, "{t}");
    }
    // Killed mid-turn: nothing of the clock was held only in memory.
    let server = server.restart();
    assert_eq!(turn_at(&server, &id), began, "the turn's start is stored");
    let anna = server.person_with(&a_cookie);
    let janis = server.person_with(&j_cookie);
    let mut a = anna.socket(&id);
    let mut j = janis.socket(&id);
    for ws in [&mut a, &mut j] {
        assert_eq!(hello(ws)["state"]["event"], 0);
    }
    let t = timers(&mut j);
    let left = t["stroke"]["left_ms"].as_i64().unwrap();
    assert!(
        left < 15_000,
        "the clock goes on from the stored start, not from the restart: {t}"
    );
    // South strokes nothing: the referee records a refused stroke.
    let called = j.next_reply();
    let seen = now_ms();
    assert_eq!(called["type"], "called", "{called}");
    assert_eq!(called["call"], "time_out");
    assert_eq!(called["event"], 1);
    assert_eq!(called["seat"], "south");
    assert!(
        seen >= began + 15_000,
        "never before the clock ran out: {} ms after the turn began",
        seen - began
    );
    let reasons = called["verdict"]["reasons"].to_string();
    assert!(reasons.contains("refused_stroke"), "{called}");
    assert!(
        called["rules"].to_string().contains("3.6.15"),
        "the verdict cites 000 3.6.15: {}",
        called["rules"]
    );
    assert_eq!(called["state"]["turn"]["seat"], "north", "the turn passes");
    assert_eq!(a.next_reply(), called, "both players see the same event");
    // North's clock starts afresh; North strokes in time and the game
    // goes on: one time-out, no more.
    let t = timers(&mut j);
    assert_eq!(t["stroke"]["seat"], "north", "{t}");
    let mut local = mirror(&invited(""));
    local
        .conduct(&novuss_core::rules::referee::Conduct::RefusedStroke)
        .unwrap();
    j.send(&gentle(&local, 1));
    let m = j.next_reply();
    assert_eq!(m["type"], "stroke", "{m}");
    assert_eq!(m["event"], 2);
    // The stored game replays with its time-out (a record and a replay
    // show it like any other call).
    let (status, body) = server.get(&format!("/api/games/{id}/replay"));
    assert_eq!(status, 200, "{body}");
    let (status, record) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200);
    assert!(record.contains("refused_stroke"), "{record}");
}

#[test]
fn an_absent_players_opponent_claims_the_set_then_the_match_after_the_grace() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), &["--absence-grace", "2s"]);
    let anna = server.person();
    let janis = server.person();
    let created = anna.create(&invited(r#""casual":false,"#));
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let (status, body) = janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let mut a = anna.socket(&id);
    let mut w = server.watch(&id);
    hello(&mut a);
    hello(&mut w);
    let mut local = mirror(&invited(""));
    // Anna (south) strokes; then it is Jānis's turn, and he is not here.
    a.send(&gentle(&local, 0));
    let m = a.next_reply();
    assert_eq!(m["type"], "stroke", "{m}");
    let seat = local.set().seat_to_play();
    local
        .play(seat, &crate::support::play::choose(&local, 0))
        .unwrap();
    assert_eq!(w.next_reply()["event"], 1);
    assert_eq!(local.set().seat_to_play().to_string(), "north");

    // Jānis came and went: the opponent may claim once the grace is over.
    {
        let mut j = janis.socket(&id);
        hello(&mut j);
    }
    let t = loop {
        let t = timers(&mut a);
        if !t["absent"].is_null() {
            break t;
        }
    };
    assert_eq!(t["absent"]["seat"], "north", "{t}");
    assert_eq!(t["absent"]["bye"], false);
    assert!(t["absent"]["claim_in_ms"].as_i64().unwrap() <= 2_000, "{t}");
    let claim =
        |what: &str| json!({"type":"claim","event":1,"seat":"south","absent":"north","what":what});
    let state_before = server.get(&format!("/api/games/{id}")).1;
    let asked = Instant::now();
    a.send(&claim("set"));
    let early = a.next_reply();
    if asked.elapsed() < Duration::from_millis(1_500) {
        assert_eq!(early["code"], "too_early", "{early}");
        assert_eq!(server.get(&format!("/api/games/{id}")).1, state_before);
    }
    // A watcher claims nothing.
    w.send(&claim("set"));
    assert_eq!(w.next_reply()["code"], "not_a_player");
    std::thread::sleep(Duration::from_millis(2_100));
    a.send(&claim("set"));
    let called = a.next_reply();
    assert_eq!(called["type"], "called", "{called}");
    assert_eq!(called["call"], "claimed_set");
    assert_eq!(called["seat"], "north");
    assert_eq!(called["by"], "south");
    assert_eq!(called["state"]["match"]["score"], json!([1, 0]), "{called}");
    assert_eq!(w.next_reply(), called, "the watcher sees the same event");

    // The next set: whoever is to stroke, once it is Jānis's turn and he
    // is still away, Anna claims the match.
    a.send(&json!({"type":"next_set","event":2}));
    let started = a.next_reply();
    assert_eq!(started["type"], "set_started", "{started}");
    let mut event = 2 + 1;
    local
        .conduct(&novuss_core::rules::referee::Conduct::Forfeit {
            seat: novuss_core::seat::Seat::North,
            note: String::new(),
        })
        .unwrap();
    local.next_set().unwrap();
    // Players change ends between sets: the seats are read off the state.
    let mut turn = started["state"]["turn"].clone();
    if turn["player"] == 0 {
        a.send(&gentle(&local, event));
        let m = a.next_reply();
        assert_eq!(m["type"], "stroke", "{m}");
        event += 1;
        turn = m["state"]["turn"].clone();
    }
    assert_eq!(turn["player"], 1, "Jānis's turn: {turn}");
    let away = turn["seat"].as_str().unwrap().to_owned();
    let here = if away == "north" { "south" } else { "north" };
    std::thread::sleep(Duration::from_millis(2_100));
    a.send(&json!({"type":"claim","event":event,"seat":here,"absent":away,"what":"match"}));
    let called = a.next_reply();
    assert_eq!(called["call"], "claimed_match", "{called}");
    assert_eq!(called["state"]["match"]["over"], true);
    assert_eq!(called["state"]["match"]["winner"], 0);

    // A goodbye makes the grace shorter (here no longer than it already
    // is), and says so.
    let created = anna.create(&invited(r#""casual":false,"#));
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    let mut a = anna.socket(&id);
    hello(&mut a);
    a.send(&gentle(&mirror(&invited("")), 0));
    assert_eq!(a.next_reply()["type"], "stroke");
    {
        let mut j = janis.socket(&id);
        hello(&mut j);
        j.send(&json!({"type":"bye"}));
    }
    // Before he came, he was away without a goodbye; after it, with one.
    let t = loop {
        let t = timers(&mut a);
        if t["absent"]["bye"] == true {
            break t;
        }
    };
    assert_eq!(t["absent"]["seat"], "north", "{t}");
    assert!(t["absent"]["claim_in_ms"].as_i64().unwrap() <= 2_000, "{t}");
}

/// Issue 31: with a stroke clock, the absent player's clock runs out
/// first, the turn passes, and before, the grace began again at every
/// turn of theirs: the opponent was told "you may claim in 9 s" for ever.
/// The time away counts from when they left, across their turns.
#[test]
fn an_absence_counts_across_the_turns_a_stroke_clock_passes() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), &["--absence-grace", "2s"]);
    let anna = server.person();
    let janis = server.person();
    let created = anna.create(&invited(r#""casual":false,"stroke_clock":15,"#));
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let (status, body) = janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let mut a = anna.socket(&id);
    hello(&mut a);
    // Jānis opens the game and closes the tab without a goodbye (a crash).
    {
        let mut j = janis.socket(&id);
        hello(&mut j);
    }
    let mut local = mirror(&invited(""));
    a.send(&gentle(&local, 0));
    let m = a.next_of("stroke");
    assert_eq!(m["state"]["turn"]["seat"], "north", "{m}");
    let seat = local.set().seat_to_play();
    local
        .play(seat, &crate::support::play::choose(&local, 0))
        .unwrap();
    // His clock runs out while he is away: a refused stroke, the turn
    // passes back to Anna.
    let called = a.next_of("called");
    assert_eq!(called["call"], "time_out", "{called}");
    assert_eq!(called["seat"], "north");
    local
        .conduct(&novuss_core::rules::referee::Conduct::RefusedStroke)
        .unwrap();
    // On Anna's turn his absence is still shown, counting on, and a claim
    // is not made now: it is made on his turn.
    let t = loop {
        let t = timers(&mut a);
        if t["event"] == 2 {
            break t;
        }
    };
    assert_eq!(t["stroke"]["seat"], "south", "{t}");
    assert_eq!(
        t["absent"]["seat"], "north",
        "still away, on Anna's turn: {t}"
    );
    assert_eq!(t["absent"]["claim_in_ms"], 0, "away for 15 s already: {t}");
    a.send(&json!({"type":"claim","event":2,"seat":"south","absent":"north","what":"set"}));
    assert_eq!(a.next_reply()["code"], "too_early");
    // Anna strokes; his turn again, and the claim is there at once: the
    // 15 s he has been away count, not the moment his turn began.
    a.send(&gentle(&local, 2));
    let m = a.next_of("stroke");
    assert_eq!(m["state"]["turn"]["seat"], "north", "{m}");
    let t = loop {
        let t = timers(&mut a);
        if t["event"] == 3 {
            break t;
        }
    };
    assert_eq!(t["absent"]["seat"], "north", "{t}");
    assert_eq!(t["absent"]["claim_in_ms"], 0, "{t}");
    a.send(&json!({"type":"claim","event":3,"seat":"south","absent":"north","what":"set"}));
    let called = a.next_of("called");
    assert_eq!(called["call"], "claimed_set", "{called}");
    assert_eq!(called["seat"], "north");
    assert_eq!(called["state"]["match"]["score"], json!([1, 0]), "{called}");
}

#[test]
fn a_game_nobody_touches_ends_as_abandoned() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), &["--abandon-after", "2s"]);
    let anna = server.person();
    let created = anna.create(&invited(""));
    let id = created["id"].as_str().unwrap().to_owned();
    let deadline = Instant::now() + Duration::from_secs(30);
    let state = loop {
        let (status, body) = anna.get(&format!("/api/games/{id}"));
        assert_eq!(status, 200, "{body}");
        let state: Value = serde_json::from_str(&body).unwrap();
        if state["abandoned"] == true {
            break state;
        }
        assert!(Instant::now() < deadline, "not abandoned: {state}");
        std::thread::sleep(Duration::from_millis(250));
    };
    assert_eq!(state["event"], 1);
    assert_eq!(state["can_abort"], false);
    // Nothing more is played in it.
    let mut a = anna.socket(&id);
    hello(&mut a);
    a.send(&json!({"type":"resign","event":1,"seat":"south"}));
    assert_eq!(a.next_reply()["code"], "abandoned");
    // The list says so.
    let listed = anna.listed(&id).unwrap_or_default();
    assert_eq!(listed["over"], true, "{listed}");
}
