//! `novuss loadtest` against a real `novuss serve`, both as processes on
//! loopback.

use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::db;
use crate::support::server::{data_dir, Running};

fn loadtest(args: &[&str]) -> std::process::Output {
    Command::new(crate::support::novuss())
        .arg("loadtest")
        .args(args)
        .output()
        .expect("the binary runs")
}

#[test]
fn rooms_play_real_strokes_and_spectators_see_them() {
    let dir = data_dir();
    let server = Running::start(dir.path());
    let out = loadtest(&[
        "--url",
        &server.url,
        "--rooms",
        "3",
        "--duration",
        "8",
        "--spectators",
        "1",
        "--think",
        "0.5",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["rooms"], 3);
    assert_eq!(v["rooms_open"], 3, "{v:#}");
    assert_eq!(v["errors"], 0, "{v:#}");
    let strokes = v["strokes"].as_u64().unwrap();
    assert!(strokes > 0, "{v:#}");
    assert!(v["strokes_per_s"].as_f64().unwrap() > 0.0);
    for figure in ["round_trip_ms", "fan_out_ms"] {
        let f = &v[figure];
        assert!(f["n"].as_u64().unwrap() > 0, "{figure}: {v:#}");
        let (p50, p99, p999) = (
            f["p50"].as_f64().unwrap(),
            f["p99"].as_f64().unwrap(),
            f["p999"].as_f64().unwrap(),
        );
        assert!(0.0 < p50 && p50 <= p99 && p99 <= p999, "{figure}: {f}");
    }
    // One spectator a room sees every measured stroke of its room.
    assert_eq!(v["fan_out_ms"]["n"].as_u64().unwrap(), strokes, "{v:#}");
    // The server is a child of this test, run by this user: found by its
    // port, and read.
    assert!(v["server"]["pid"].as_u64().is_some(), "{v:#}");
    assert!(v["server"]["max_rss_bytes"].as_u64().unwrap() > 0);
    assert!(v["server"]["mean_cpu_percent"].as_f64().is_some());
    // The strokes are real ones: stored by the server, in games of
    // their own (the games are private, so they are counted in its
    // database).
    let db = server.data.join("novuss.sqlite3");
    let games = db::count(&db, "SELECT COUNT(*) FROM games");
    assert!(games >= 3, "{games} games");
    let events = db::count(&db, "SELECT COUNT(*) FROM events");
    assert!(
        events as u64 >= strokes,
        "{events} events < {strokes} strokes"
    );
}

#[test]
fn idle_sockets_are_held_and_the_server_measured() {
    let dir = data_dir();
    let server = Running::start(dir.path());
    let out = loadtest(&[
        "--url",
        &server.url,
        "--idle",
        "50",
        "--idle-games",
        "5",
        "--idle-creates",
        "10",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["sockets"], 50);
    assert_eq!(v["games"], 5);
    // Every socket opened, got its state and was still open after the new
    // games were timed.
    assert_eq!(v["opened"], 50, "{v:#}");
    assert_eq!(v["held"], 50, "{v:#}");
    assert_eq!(v["dropped"], 0, "{v:#}");
    assert!(
        v["failures_by_kind"].as_object().unwrap().is_empty(),
        "{v:#}"
    );
    // Below the first checkpoint, memory is read once, at N.
    let server_use = &v["server"];
    assert!(server_use["pid"].as_u64().is_some(), "{v:#}");
    let samples = server_use["samples"].as_array().unwrap();
    assert_eq!(samples.len(), 1, "{v:#}");
    assert_eq!(samples[0]["sockets"], 50);
    let rss = samples[0]["rss_bytes"].as_u64().unwrap();
    let peak = samples[0]["hwm_bytes"].as_u64().unwrap();
    assert!(0 < rss && rss <= peak, "{v:#}");
    assert!(samples[0]["bytes_per_socket"].as_f64().is_some(), "{v:#}");
    for phase in ["start", "base", "after_close"] {
        assert!(
            server_use[phase]["rss_bytes"].as_u64().unwrap() > 0,
            "{phase}: {v:#}"
        );
    }
    for phase in ["create_before_ms", "create_held_ms"] {
        let f = &v[phase];
        assert_eq!(f["n"], 10, "{phase}: {v:#}");
        let (p50, p99, max) = (
            f["p50"].as_f64().unwrap(),
            f["p99"].as_f64().unwrap(),
            f["max"].as_f64().unwrap(),
        );
        assert!(0.0 < p50 && p50 <= p99 && p99 <= max, "{phase}: {f}");
    }
    assert!(v["create_errors"].as_object().unwrap().is_empty(), "{v:#}");
    // The games and the timed new ones are real: stored by the server.
    let games = db::count(
        &server.data.join("novuss.sqlite3"),
        "SELECT COUNT(*) FROM games",
    );
    assert!(games >= 5 + 2 * 10, "{games} games");
}

#[test]
fn only_a_server_on_this_machine_is_driven() {
    let t = Instant::now();
    let out = loadtest(&["--url", "http://192.0.2.1:8080/", "--rooms", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a loopback address"), "{err}");
    assert!(out.stdout.is_empty());
    // Refused before connecting: a connection to this unroutable address
    // would take far longer to fail.
    assert!(t.elapsed() < Duration::from_secs(5));
    let refused: [&[&str]; 10] = [
        &["--rooms", "0"],
        &["--rooms", "20001"],
        &["--duration", "3601"],
        &["--spectators", "11"],
        &["--think", "-1"],
        &["--idle", "0"],
        &["--idle", "25001"],
        &["--idle", "10", "--idle-games", "11"],
        &["--idle", "10", "--rooms", "3"],
        &["--idle-games", "3"],
    ];
    for args in refused {
        let out = loadtest(&[&["--url", "http://127.0.0.1:9/"], args].concat());
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn dropped_sockets_reconnect_to_a_restarted_server() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let dir = data_dir();
    let first = Running::start(dir.path());
    let url = first.url.clone();
    let addr = first.host.clone();
    let run = Command::new(crate::support::novuss())
        .args([
            "loadtest",
            "--url",
            &url,
            "--rooms",
            "3",
            "--duration",
            "10",
            "--spectators",
            "1",
            "--think",
            "0.3",
            "--json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // Past the warm-up, every room is playing: the server dies at once
    // (no closing handshake) and comes back on the same port and data.
    std::thread::sleep(Duration::from_secs(4));
    first.kill();
    let mut second = Command::new(crate::support::novuss());
    second.args(["serve", "--addr", &addr]);
    match crate::support::server::postgres(dir.path()) {
        Some(url) => second.arg("--database").arg(url),
        None => second.arg("--data-dir").arg(dir.path()),
    };
    let mut second = second
        .env("RUST_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts again");
    let mut line = String::new();
    BufReader::new(second.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    assert!(line.contains(&addr), "{line}");
    let out = run.wait_with_output().unwrap();
    let _ = second.kill();
    let _ = second.wait();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["reconnects"].as_u64().unwrap() > 0, "{v:#}");
    assert!(v["strokes"].as_u64().unwrap() > 0, "{v:#}");
    // What a dying server may cost: a request or a stroke in flight, and
    // with it a game whose mirror is a stroke ahead; nothing else.
    for (kind, _) in v["errors_by_kind"].as_object().unwrap() {
        assert!(
            ["mirror", "socket", "connect", "timeout"].contains(&kind.as_str())
                || kind.ends_with(": connection"),
            "{kind}: {v:#}"
        );
    }
}

/// `novuss loadtest-competition`: a small competition day, every change
/// seen by every spectator, stored by the server; and options out of
/// range refused before anything is sent.
#[test]
fn a_competition_day_reaches_every_spectator() {
    let dir = data_dir();
    let server = Running::start(dir.path());
    let run = |args: &[&str]| {
        Command::new(crate::support::novuss())
            .arg("loadtest-competition")
            .args(args)
            .output()
            .expect("the binary runs")
    };
    let out = run(&[
        "--url",
        &server.url,
        "--players",
        "9",
        "--rounds",
        "3",
        "--tables",
        "4",
        "--followers",
        "6",
        "--results-per-second",
        "200",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Nine players: four boards and a bye a round.
    assert_eq!(v["results"], 12, "{v:#}");
    assert_eq!(v["changes"], 9 + 3 + 12, "{v:#}");
    assert_eq!(v["missed"], 0, "{v:#}");
    assert_eq!(v["streams_failed"], 0, "{v:#}");
    assert_eq!(
        v["result_events"],
        12 * 6,
        "each result to each spectator, as itself: {v:#}"
    );
    assert_eq!(v["result_shown_within_1s"].as_f64(), Some(1.0), "{v:#}");
    let shown = &v["result_shown_ms"];
    assert!(shown["p50"].as_f64().unwrap() > 0.0, "{v:#}");
    assert!(v["server_rss_mb"].as_f64().unwrap() > 0.0, "{v:#}");
    let db = server.data.join("novuss.sqlite3");
    assert_eq!(
        db::count(&db, "SELECT COUNT(*) FROM competition_changes"),
        24
    );

    for (bad, says) in [
        (&["--players", "1"][..], "--players"),
        (&["--rounds", "40"][..], "--rounds"),
        (&["--results-per-second", "0"][..], "--results-per-second"),
    ] {
        let mut args = vec!["--url", &server.url];
        args.extend_from_slice(bad);
        let out = run(&args);
        assert!(!out.status.success());
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let out = run(&["--url", "http://192.0.2.1:8080/"]);
    assert!(
        !out.status.success(),
        "an address off this machine is refused"
    );
    assert_eq!(
        db::count(&db, "SELECT COUNT(*) FROM competitions"),
        1,
        "nothing made by the refused runs"
    );
}
