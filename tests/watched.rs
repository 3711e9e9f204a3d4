//! What an operator watches (issue 34, "Watched"), against the real
//! `novuss serve`: `/metrics` on an address of its own, read back by an
//! independent parser of Prometheus's text format (`prometheus-parse`)
//! after strokes, a refusal and a socket; not on the game's address unless
//! asked for; the readiness check apart from the liveness one; and the log
//! as JSON lines, each request's lines carrying the id its answer gave.
//! On SQLite and, with `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::support::metrics::{get, observed, samples, scrape, value};
use crate::support::play::{choose, mirror, stroke_request, HOT_SEAT};
use crate::support::server::{data_dir, json_answer, path, postgres, Running};

#[test]
fn metrics_on_their_own_address_count_strokes_refusals_and_sockets() {
    let dir = data_dir();
    let log = path(&dir).join("server.log");
    let mut server = Running::start_logging(
        &path(&dir),
        postgres(&path(&dir)).as_deref(),
        &["--metrics-addr", "127.0.0.1:0", "--log-format", "json"],
        Some(&log),
    );
    let line = server.next_line();
    let metrics = line
        .trim()
        .strip_prefix("Metrics: ")
        .unwrap_or_else(|| panic!("the metrics' address: {line}"))
        .to_owned();
    assert!(metrics.starts_with("http://127.0.0.1:") && metrics.ends_with("/metrics"));

    // Not on the game's address: the operator did not ask for it there.
    let (status, _, _) = get(&format!("{}metrics", server.url));
    assert_eq!(status, 404);

    let before = scrape(&metrics);
    let strokes_before = value(&before, "novuss_strokes_total", &[]);

    // A hot-seat game: a socket and six strokes.
    let state = server.create(HOT_SEAT);
    let id = state["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = server.socket(&id);
    ws.send(&json!({"type": "hello"}));
    assert_eq!(ws.next_reply()["type"], "state");
    for event in 0..6u64 {
        let seat = local.set().seat_to_play();
        let s = choose(&local, event);
        ws.send(&stroke_request(event, seat, &s));
        let m = ws.next_reply();
        assert_eq!(m["type"], "stroke", "{m}");
        local.play(seat, &s).unwrap();
    }
    // A stroke at an old event: refused, and counted by its code.
    let seat = local.set().seat_to_play();
    let s = choose(&local, 0);
    ws.send(&stroke_request(0, seat, &s));
    let refused = ws.next_reply();
    assert_eq!(refused["type"], "error", "{refused}");
    let code = refused["code"].as_str().unwrap().to_owned();
    // And one over HTTP.
    let (status, bad) = json_answer(server.post("/api/games", "{}"));
    assert_eq!((status, bad["code"].clone()), (400, json!("bad_message")));

    // Games made until the limit on making them says no (ten at once,
    // docs/protocol.md): one refusal, counted by its limit.
    let mut limited = 0;
    for _ in 0..12 {
        let (status, _) = server.post("/api/games", HOT_SEAT);
        if status == 429 {
            limited += 1;
            break;
        }
        assert_eq!(status, 201);
    }
    assert_eq!(limited, 1, "the eleventh game at once is refused");
    assert_eq!(
        value(&before, "novuss_rate_limited_total", &[("limit", "create")]),
        0.0
    );

    let after = scrape(&metrics);
    assert_eq!(
        value(&after, "novuss_rate_limited_total", &[("limit", "create")]),
        1.0
    );
    assert!(value(&after, "novuss_refusals_total", &[("code", "rate_limited")]) >= 1.0);
    assert_eq!(
        value(&after, "novuss_strokes_total", &[]) - strokes_before,
        6.0
    );
    assert!(observed(&after, "novuss_stroke_seconds") >= 6);
    assert!(observed(&after, "novuss_commit_seconds") >= 6);
    assert!(value(&after, "novuss_refusals_total", &[("code", &code)]) >= 1.0);
    assert!(value(&after, "novuss_refusals_total", &[("code", "bad_message")]) >= 1.0);
    assert_eq!(value(&after, "novuss_sockets", &[]), 1.0);
    assert!(value(&after, "novuss_games_in_memory", &[]) >= 1.0);
    assert!(value(&after, "novuss_db_connections", &[]) >= 1.0);
    assert_eq!(value(&after, "novuss_work_waiting", &[]), 0.0);
    // Help and type for every metric.
    let typed: HashMap<&str, &str> = after.docs.keys().map(|k| (k.as_str(), "")).collect();
    for m in [
        "novuss_strokes",
        "novuss_stroke_seconds",
        "novuss_commit_seconds",
        "novuss_refusals",
        "novuss_rate_limited",
        "novuss_sockets",
        "novuss_notices",
        "novuss_leases",
        "novuss_games_in_memory",
        "novuss_work_running",
        "novuss_work_waiting",
        "novuss_db_connections",
        "novuss_db_idle",
    ] {
        assert!(typed.contains_key(m), "{m} has its help: {:?}", after.docs);
    }
    // The socket closed: counted down.
    drop(ws);
    let mut closed = false;
    for _ in 0..100 {
        if value(&scrape(&metrics), "novuss_sockets", &[]) == 0.0 {
            closed = true;
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(closed, "the closed socket is no longer counted");

    // Ready: the database answers and has every migration.
    let (status, ready) = json_answer(server.get("/api/ready"));
    assert_eq!(status, 200, "{ready}");
    assert_eq!(ready["ready"], true);
    assert_eq!(ready["applied"], ready["known"]);
    let (status, _, text) = get(&metrics.replace("/metrics", "/api/ready"));
    assert_eq!(status, 200, "{text}");

    // The log: JSON lines; a request's lines carry the id its answer gave.
    let reply = server.post_from(
        "127.0.0.1",
        "/api/account/register",
        &json!({"username": "watched_one", "password": "a long password"}).to_string(),
        None,
    );
    assert_eq!(reply.status, 201);
    let request = reply
        .header("x-request-id")
        .expect("a request id")
        .to_owned();
    assert_eq!(request.len(), 16);
    server.kill();
    let text = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    assert!(lines
        .iter()
        .all(|l| l["timestamp"].is_string() && l["level"].is_string()));
    let account = lines
        .iter()
        .find(|l| l["fields"]["message"] == "new account")
        .expect("the new account is logged");
    assert_eq!(account["span"]["request"], request.as_str(), "{account}");
    assert_eq!(account["span"]["about"], "/api/account");
    // No secret in the log: the password, nor a table link's path.
    assert!(!text.contains("a long password"));
}

#[test]
fn metrics_beside_the_game_only_when_asked_for() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), &["--metrics-on-main"]);
    let s = scrape(&format!("{}metrics", server.url));
    assert!(!samples(&s, "novuss_games_in_memory").is_empty());
    // The liveness check says nothing of the database; readiness does.
    let (status, health) = json_answer(server.get("/api/health"));
    assert_eq!((status, health["ok"].clone()), (200, json!(true)));
}
