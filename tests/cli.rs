//! The `novuss` binary, run as a user would.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn novuss(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(crate::support::novuss())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn simulate_reads_a_file_and_prints_the_outcome() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/break.json");
    let out = novuss(&["simulate", path], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["fates"].as_array().unwrap().len(), 17);
    assert_eq!(v["truncated"], false);
    let first = &v["events"][0];
    assert_eq!(first["kind"], "contact");
    assert_eq!(first["a"], "striker");
    assert_eq!(v["paths"][0][0]["v"], serde_json::json!([0.0, 6.0]));
}

#[test]
fn simulate_reads_standard_input_with_table_and_physics_overrides() {
    let input = r#"{"physics": {"friction": 0.2}, "discs": [], "stroke": {"striker": [0.5, 0.1], "direction": [0, 1], "speed": 1.0}}"#;
    let out = novuss(&["simulate", "--compact"], input);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // Stops after v²/(2μg) = 1/(2·0.2·9.81) m.
    let y = v["fates"][0]["at"][1].as_f64().unwrap();
    assert!((y - 0.1 - 1.0 / (2.0 * 0.2 * 9.81)).abs() < 1e-9);
}

#[test]
fn bad_input_is_a_clear_error() {
    for (input, needle) in [
        ("not json", "invalid input"),
        (
            r#"{"discs": [], "stroke": {"striker": [0.5, 0.1], "direction": [0, 1], "speed": 9}}"#,
            "speed",
        ),
        (
            r#"{"discs": [[0.5, 0.5], [0.51, 0.5]], "stroke": {"striker": [0.5, 0.1], "direction": [0, 1], "speed": 1}}"#,
            "overlap",
        ),
        (
            r#"{"discs": [], "stroke": {"striker": [0.5, 0.1], "direction": [0, 0], "speed": 1}}"#,
            "direction",
        ),
        (
            r#"{"discs": [], "stroke": {"striker": [0.5, 0.1], "direction": [0, 1], "speed": 1}, "extra": 1}"#,
            "unknown field",
        ),
    ] {
        let out = novuss(&["simulate"], input);
        assert_eq!(out.status.code(), Some(2), "{input}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(needle), "{input}: {err}");
        assert!(out.stdout.is_empty());
    }
    let out = novuss(&["simulate", "/no/such/file.json"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_default_command_serves_the_game_and_prints_its_address() {
    use std::io::BufRead;
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(crate::support::novuss())
        .env("NOVUSS_ADDR", "127.0.0.1:0")
        .env("NOVUSS_DATA_DIR", dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(line.contains("open http://127.0.0.1:"), "{line}");
    assert!(
        dir.path().join("novuss.sqlite3").exists(),
        "the database is created on first start"
    );
}

#[test]
fn the_demo_command_shows_a_simulated_break() {
    let out = novuss(&["demo"], "");
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Opening break"));
    assert!(text.contains("After"));
}

#[test]
fn quick_bench_prints_json_with_the_engine_figures() {
    // Only the shape of the report is checked here; figures are for `novuss bench`.
    let out = novuss(&["bench", "--quick", "--json"], "");
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for key in ["break_shots_per_s", "random_shots_per_s", "events_per_s"] {
        assert!(v["engine"][key].as_f64().unwrap() > 0.0, "{key}");
    }
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn new_set_stroke_record_and_replay_work_together() {
    let state = json(&novuss(&["new-set", "--profile", "australia-1992"], ""));
    assert_eq!(state["profile"], "australia-1992");
    assert_eq!(state["discs"].as_array().unwrap().len(), 16);
    let stroke =
        serde_json::json!({"striker": [0.47, 0.08], "direction": [0.0, 1.0], "speed": 6.0});
    let input = serde_json::json!({"state": state, "stroke": stroke});
    let out = json(&novuss(&["stroke", "--compact"], &input.to_string()));
    assert_eq!(out["verdict"]["seat"], "south");
    assert_eq!(
        out["verdict"]["first_contact"]["cushions_before"],
        serde_json::json!([])
    );
    assert_eq!(out["state"]["strokes"], 1);

    let input = serde_json::json!({"state": state, "players": ["Anna", "Jānis"], "actions": [{"stroke": stroke}]});
    let rec = json(&novuss(&["record"], &input.to_string()));
    assert_eq!(rec["sets"][0]["entries"].as_array().unwrap().len(), 1);
    let dir = std::env::temp_dir().join(format!("novuss-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("game.json");
    std::fs::write(&path, rec.to_string()).unwrap();
    let out = novuss(&["replay", path.to_str().unwrap()], "");
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains("identical"));

    // A record whose verdict was altered diverges, with exit status 1.
    let mut bad = rec.clone();
    bad["sets"][0]["entries"][0]["verdict"]["pocketed"] = serde_json::json!([99]);
    std::fs::write(&path, bad.to_string()).unwrap();
    let out = novuss(&["replay", path.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("pocketed"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_illegal_stroke_is_rejected_with_its_reason() {
    let state = json(&novuss(&["new-set"], ""));
    // The striker's hole must lie inside the south edge zone (000 1.6).
    let input = serde_json::json!({"state": state, "stroke": {"striker": [0.5, 0.5], "direction": [0, 1], "speed": 2}});
    let out = novuss(&["stroke"], &input.to_string());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("illegal striker placement"));
    assert!(out.stdout.is_empty());
    let out = novuss(&["new-set", "--first", "east"], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_reader_closing_the_pipe_early_is_not_a_crash() {
    use std::io::Read;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/examples/break.json");
    // The pretty outcome is far larger than a pipe's buffer, so the writer
    // is still writing when the reader goes away.
    let mut child = Command::new(crate::support::novuss())
        .args(["simulate", path])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = [0u8; 16];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut first)
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_state_with_an_unknown_field_is_refused() {
    let mut state = json(&novuss(&["new-set"], ""));
    state["sides"][0]["debts"] = serde_json::json!(3);
    let input = serde_json::json!({"state": state, "stroke": {"striker": [0.47, 0.08], "direction": [0, 1], "speed": 6}});
    let out = novuss(&["stroke"], &input.to_string());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown field `debts`"));
}

#[test]
fn a_stroke_out_of_turn_is_refused() {
    let state = json(&novuss(&["new-set"], ""));
    let stroke = serde_json::json!({"striker": [0.47, 0.08], "direction": [0, 1], "speed": 6});
    let input = serde_json::json!({"state": state, "seat": "north", "stroke": stroke});
    let out = novuss(&["stroke"], &input.to_string());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("it is south's turn, not north's"));
    let input = serde_json::json!({"state": state, "seat": "south", "stroke": stroke});
    assert!(novuss(&["stroke"], &input.to_string()).status.success());
}

#[test]
fn a_wrong_argument_is_one_error_line() {
    for args in [
        &["stroke", "--bogus"][..],
        &["new-set", "--format"],
        &["fly"],
        &["replay"],
        &["new-set", "--format", "triples"],
        // A copy needs its file; a data directory and a URL are one or
        // the other.
        &["backup"],
        &[
            "restore",
            "--from",
            "x",
            "--data-dir",
            "d",
            "--database",
            "sqlite://y",
        ],
    ] {
        let out = novuss(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // Help is not an error.
    let out = novuss(&["--help"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("simulate"));
}

#[test]
fn arena_reports_its_figures_as_json() {
    let out = novuss(
        &[
            "arena", "--a", "beginner", "--b", "greedy", "--sets", "2", "--seed", "3", "--json",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["sets"], 2);
    let (a, b, d) = (
        v["a_wins"].as_u64().unwrap(),
        v["b_wins"].as_u64().unwrap(),
        v["draws"].as_u64().unwrap(),
    );
    assert_eq!(a + b + d, 2);
    let rate = v["a_win_rate"].as_f64().unwrap();
    let [lo, hi] = [
        v["wilson95"][0].as_f64().unwrap(),
        v["wilson95"][1].as_f64().unwrap(),
    ];
    assert!(lo <= rate && rate <= hi);
    assert!(v["strokes_per_set"].as_f64().unwrap() > 0.0);
}

#[test]
fn ladder_reports_its_pairs_and_ratings_as_json() {
    let out = novuss(&["ladder", "--sets", "1", "--seed", "3", "--json"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["anchor"], "club");
    // Six steps of seven rungs, and greedy against the two lowest.
    let pairs = v["pairs"].as_array().unwrap();
    assert_eq!(pairs.len(), 8);
    for p in pairs {
        assert_eq!(p["sets"], 1);
        let won = p["a_wins"].as_u64().unwrap() + p["b_wins"].as_u64().unwrap();
        assert_eq!(won + p["draws"].as_u64().unwrap(), 1);
    }
    assert_eq!(pairs[0]["a"], "beginner");
    assert_eq!(pairs[0]["b"], "novice");
    let levels = v["levels"].as_array().unwrap();
    let names: Vec<&str> = levels
        .iter()
        .map(|l| l["level"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["greedy", "novice", "beginner", "amateur", "club", "league", "expert", "master"]
    );
    for l in levels {
        assert!(l["rating"].as_f64().unwrap().is_finite());
        assert!(l["constant"].as_f64().unwrap() > 0.0);
        assert!(l["decision_ms"]["p50"].as_f64().is_some());
    }
    assert_eq!(levels[4]["rating"], 1500.0);
    assert_eq!(levels[4]["deviation"], 0.0);
    assert_eq!(levels[0]["rung"], false);
    // Reach is bounded by the ladder.
    let far = novuss(&["ladder", "--sets", "1", "--reach", "9"], "");
    assert_eq!(far.status.code(), Some(2));
}

#[test]
fn solo_reports_its_figures_as_json() {
    let out = novuss(
        &[
            "solo", "--level", "club", "--sets", "2", "--noise", "none", "--json",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for field in ["run_out_rate", "strikes_per_disc", "pot_rate", "foul_rate"] {
        assert!(v[field].as_f64().is_some(), "{field}");
    }
    assert!(v["decision_ms"]["p50"].as_f64().is_some());
    assert!(v["decision_ms"]["p99"].as_f64().is_some());
    assert_eq!(v["sets"], 2);
    assert_eq!(v["start"], "line-up");
}

#[test]
fn solo_starts_from_a_scattered_table_when_asked() {
    let args = [
        "solo", "--level", "club", "--sets", "2", "--noise", "none", "--json", "--start",
    ];
    let out = novuss(&[&args[..], &["scattered"]].concat(), "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["start"], "scattered");
    // A zero-noise club player clears a spread table.
    assert_eq!(v["cleared_rate"], 1.0);
    let bad = novuss(&[&args[..], &["sideways"]].concat(), "");
    assert!(!bad.status.success());
    let said = String::from_utf8_lossy(&bad.stderr);
    assert!(said.contains("line-up or scattered"), "{said}");
}

#[test]
fn hint_gives_the_best_strokes_of_a_set_state() {
    let set = novuss(&["new-set"], "");
    let state: serde_json::Value = serde_json::from_slice(&set.stdout).unwrap();
    let input = serde_json::json!({ "state": state }).to_string();
    let out = novuss(&["hint", "--level", "club"], &input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["seat"], "south");
    for field in ["pot_chance", "foul_chance", "keep_chance"] {
        let p = v["best"][field].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&p), "{field}");
    }
    assert!(!v["alternatives"].as_array().unwrap().is_empty());
    // A bare state, as `new-set` prints it, will do too.
    let bare = novuss(
        &["hint", "--level", "beginner"],
        &String::from_utf8_lossy(&set.stdout),
    );
    assert!(
        bare.status.success(),
        "{}",
        String::from_utf8_lossy(&bare.stderr)
    );
}

#[test]
fn computer_commands_refuse_bad_names_and_input_in_one_line() {
    let out = novuss(&["arena", "--a", "grandmaster", "--b", "club"], "");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error:") && err.contains("grandmaster"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = novuss(&["hint"], "{\"state\": 3}");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: invalid input"));
}

// The load modes of `novuss bench-server`, at tiny sizes: only the shape
// and the sanity of the report are checked, never a timing.

fn positive(v: &serde_json::Value, what: &str) -> f64 {
    let x = v
        .as_f64()
        .unwrap_or_else(|| panic!("{what} is not a number: {v}"));
    assert!(x.is_finite() && x >= 0.0, "{what} = {x}");
    x
}

fn percentiles_are_sane(p: &serde_json::Value, what: &str) {
    let (p50, p99, max) = (
        positive(&p["p50"], what),
        positive(&p["p99"], what),
        positive(&p["max"], what),
    );
    assert!(p50 <= p99 && p99 <= max, "{what}: {p}");
}

#[test]
fn bench_server_long_game_reports_early_late_and_the_load() {
    let v = json(&novuss(
        &["bench-server", "--long-game", "50", "--json"],
        "",
    ));
    assert_eq!(v["strokes"], 50);
    // Gentle strokes: every one a foul, and the set never ends.
    assert_eq!(v["fouls"], 50);
    assert_eq!(v["sets_ended"], 0);
    assert_eq!(v["new_games"], 0);
    for w in ["early", "late"] {
        percentiles_are_sane(&v[w]["ms"], w);
        assert!(v[w]["from"].as_u64().unwrap() >= 1);
        assert!(v[w]["to"].as_u64().unwrap() <= 50);
    }
    assert_eq!(v["late"]["to"], 50);
    positive(&v["ratio_p50"], "ratio_p50");
    assert_eq!(v["tenths"].as_array().unwrap().len(), 10);
    let load = &v["load"];
    assert_eq!(load["load_status"], 200);
    assert_eq!(load["create_status"], 201);
    assert!(positive(&load["load_ms"], "load_ms") > 0.0);
    positive(&load["load_ms_per_1000_strokes"], "rate");
    percentiles_are_sane(&load["other_before_ms"], "other_before_ms");
    percentiles_are_sane(&load["other_during_ms"], "other_during_ms");
    assert!(load["create_overlapped_load"].is_boolean());
}

#[test]
fn bench_server_flood_counts_every_kind_of_request() {
    let v = json(&novuss(
        &[
            "bench-server",
            "--flood",
            "--flood-secs",
            "1",
            "--flood-clients",
            "1",
            "--flood-long-game",
            "30",
            "--json",
        ],
        "",
    ));
    assert_eq!(v["long_game_strokes"], 30);
    assert!(v["record_bytes"].as_u64().unwrap() > 0);
    for phase in ["baseline", "flooded"] {
        assert!(v[phase]["strokes"].as_u64().unwrap() >= 1, "{phase}");
        percentiles_are_sane(&v[phase]["round_trip_ms"], phase);
    }
    let d = v["p99_difference_ms"].as_f64().unwrap();
    assert!(d.is_finite());
    let floods = v["floods"].as_array().unwrap();
    let kinds: Vec<&str> = floods.iter().map(|f| f["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["replay", "upload", "analysis", "hint", "create"]);
    for f in floods {
        let answered = f["answered"].as_u64().unwrap();
        let parts: u64 = ["ok", "busy", "rate_limited", "other"]
            .iter()
            .map(|k| f[k].as_u64().unwrap())
            .sum();
        assert_eq!(answered, parts, "{f}");
        assert_eq!(f["clients"], 1);
    }
}

#[test]
fn bench_server_idle_sockets_reports_memory_per_socket() {
    let v = json(&novuss(
        &["bench-server", "--idle-sockets", "20", "--json"],
        "",
    ));
    assert_eq!(v["sockets"], 20);
    assert!(v["rss_before_bytes"].as_u64().unwrap() > 0);
    assert!(v["rss_after_bytes"].as_u64().unwrap() > 0);
    assert!(v["bytes_per_socket"].as_f64().unwrap().is_finite());
    percentiles_are_sane(&v["create_before_ms"], "create_before_ms");
    percentiles_are_sane(&v["create_with_sockets_ms"], "create_with_sockets_ms");
}

#[test]
fn bench_server_refuses_two_modes_and_sizes_out_of_bounds() {
    let out = novuss(&["bench-server", "--flood", "--idle-sockets", "5"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = novuss(&["bench-server", "--idle-sockets", "0"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--idle-sockets"));
}

/// `novuss club berger` prints FIDE's Berger table (Handbook C.05, Annex
/// 1), as the issue asks: `Round r:` then `a-b` per table, the first-named
/// breaking first; a double round robin and the rest of an odd field in
/// JSON; a field too small is one `error:` line and exit code 2.
#[test]
fn club_berger_prints_the_round_robin_tables() {
    let out = novuss(&["club", "berger", "--players", "4"], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Round 1:\n1-4\n2-3\nRound 2:\n4-3\n1-2\nRound 3:\n2-4\n3-1\n"
    );

    let out = novuss(&["club", "berger", "--players", "4", "--double"], "");
    let text = String::from_utf8(out.stdout).unwrap();
    // The first cycle's last two rounds swap; the second cycle reverses it.
    assert_eq!(
        text,
        "Round 1:\n1-4\n2-3\nRound 2:\n2-4\n3-1\nRound 3:\n4-3\n1-2\n\
         Round 4:\n4-1\n3-2\nRound 5:\n4-2\n1-3\nRound 6:\n3-4\n2-1\n"
    );

    let out = novuss(&["club", "berger", "--players", "3", "--json"], "");
    let rounds: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let rests: Vec<u64> = rounds
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["rests"].as_u64().unwrap())
        .collect();
    assert_eq!(rests, [1, 3, 2]);
    assert_eq!(
        rounds[0]["pairings"][0],
        serde_json::json!({"first": 2, "second": 3})
    );

    let out = novuss(&["club", "berger", "--players", "1"], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "error: a round robin needs at least 2 entrants, not 1\n"
    );
}

/// `novuss club pair --dutch FILE -p [OUT]`, as JaVaFo and bbpPairings
/// take it: a tournament bbpPairings' generator made, cut before its
/// fourth round, paired as bbpPairings 6.0.0 pairs it; and a file that is
/// not TRF refused with its line and column.
#[test]
fn club_pair_writes_the_next_round_as_bbp_pairings_does() {
    let fixtures = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/novuss-club/tests/club/fixtures");
    let dir = tempfile::tempdir().unwrap();
    // Round 4 of generated tournament 1 (21 players, 7 rounds): the rounds
    // before it and the byes asked for it.
    let whole = std::fs::read_to_string(fixtures.join("s1-p21.trf")).unwrap();
    let mut cut = String::from("XXR 7\rXXC white1\r");
    for line in whole.split('\r').filter(|l| l.starts_with("001")) {
        let entries: Vec<&str> = (0..3).map(|r| &line[89 + 10 * r..99 + 10 * r]).collect();
        let mut kept = entries.concat();
        let fourth = line.get(119..129).unwrap_or("");
        if fourth.ends_with('H') || fourth.ends_with('Z') || fourth.ends_with('F') {
            kept.push_str(fourth);
        }
        let points: f64 = entries
            .iter()
            .chain(std::iter::once(&fourth).filter(|_| kept.len() > 30))
            .map(|e| match e.chars().last() {
                Some('1' | '+' | 'U' | 'F') => 1.0,
                Some('=' | 'H') => 0.5,
                _ => 0.0,
            })
            .sum();
        cut.push_str(&format!(
            "{}{points:>4.1}{}{kept}\r",
            &line[..80],
            &line[84..89]
        ));
    }
    let file = dir.path().join("round4.trf");
    std::fs::write(&file, &cut).unwrap();
    let expected = std::fs::read_to_string(fixtures.join("s1-p21-r4.pairs")).unwrap();

    let out_file = dir.path().join("pairs.txt");
    let out = novuss(
        &[
            "club",
            "pair",
            "--dutch",
            file.to_str().unwrap(),
            "-p",
            out_file.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&out_file).unwrap(), expected);

    // `-p` alone: the same lines on standard output.
    let out = novuss(
        &["club", "pair", "--dutch", file.to_str().unwrap(), "-p"],
        "",
    );
    assert!(out.status.success());
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);

    // Not TRF: a colour that is no colour, in line 3 column 97.
    let bad = cut.replacen(" w ", " x ", 1);
    let bad_file = dir.path().join("bad.trf");
    std::fs::write(&bad_file, bad).unwrap();
    let out = novuss(
        &["club", "pair", "--dutch", bad_file.to_str().unwrap(), "-p"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: ") && err.contains("is not a valid TRF file: line 3, column 97"),
        "{err}"
    );
}

/// Held's 5-round Swiss of 16 (*Exercises in Tie-Breaking*, the example
/// docs/standings.md records) as a TRF-16 file: `opponent colour result`
/// per round, `H U Z` byes, `+ -` forfeits, then the score.
fn held_trf() -> String {
    let rows = [
        "9w1 13b= 2w= 15b1 4w= 3.5",
        "10b1 7w1 1b= 16w1 3b= 4.0",
        "11w= 6b1 8w1 4b= 2w= 3.5",
        "12b1 H 13w1 3w= 1b= 3.5",
        "13w0 15b0 11w1 7b= 10w1 2.5",
        "14b0 3w0 U 10w1 8b1 3.0",
        "15w1 2b0 16b0 5w= 11b0 1.5",
        "16b= 14w1 3b0 13w1 6w0 2.5",
        "1b0 10w0 H 11b- U 1.5",
        "2w0 9b1 15w0 6b0 5b0 1.0",
        "3b= 16w0 5b0 9w+ 7w1 2.5",
        "4w0 U 14w+ Z Z 2.0",
        "5b1 1w= 4b0 8b0 14w0 1.5",
        "6w1 8b0 12b- Z 13b1 2.0",
        "7b0 5w1 10b1 1w0 16b0 2.0",
        "8w= 11b1 7w1 2b0 15w1 3.5",
    ];
    let mut trf = String::from("012 Held's exercises\nXXR 5\n");
    for (i, row) in rows.iter().enumerate() {
        let n = i + 1;
        let mut tokens: Vec<&str> = row.split_whitespace().collect();
        let points = tokens.pop().unwrap();
        let name = format!("Player {n}");
        trf.push_str(&format!(
            "001 {n:>4} m    {name:<33} {:>4} LAT {:>11} {:10} {points:>4} {:>4}",
            1500 + n,
            "",
            "",
            ""
        ));
        for t in tokens {
            if t.len() == 1 {
                trf.push_str(&format!("  0000 - {t}"));
            } else {
                let (opponent, rest) = t.split_at(t.len() - 2);
                let (colour, result) = rest.split_at(1);
                trf.push_str(&format!("  {opponent:>4} {colour} {result}"));
            }
        }
        trf.push('\n');
    }
    trf
}

/// `novuss club standings FILE.trf`: Held's published BH-C1, BH and SB
/// (the default tie-breaks) in a table; direct encounter's shared places
/// (1, 3, 4 and 16 share 2nd, exercise 23) in JSON; an unknown tie-break
/// and a file with two pairing-allocated byes in one round refused.
#[test]
fn club_standings_ranks_a_trf_file_by_the_tiebreaks_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("held.trf");
    std::fs::write(&file, held_trf()).unwrap();
    let path = file.to_str().unwrap();

    let out = novuss(&["club", "standings", path], "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "Place  No  Name       Pts  BH-C1    BH     SB\n\
         1       2  Player 2   4.0   12.0  13.0   9.50\n\
         2       3  Player 3   3.5   13.0  15.5  10.50\n\
         3       4  Player 4   3.5   11.5  15.0   9.75\n\
         4       1  Player 1   3.5   11.0  12.5   8.00\n\
         5      16  Player 16  3.5   11.0  12.5   7.25\n\
         6       6  Player 6   3.0   11.0  12.0   6.50\n\
         7      11  Player 11  2.5   12.0  13.5   5.75\n\
         8       8  Player 8   2.5   12.0  13.5   5.25\n\
         9       5  Player 5   2.5    7.5   8.5   4.25\n\
         10     15  Player 15  2.0   11.0  12.0   3.50\n\
         11     12  Player 12  2.0    9.5  11.5   4.00\n\
         12     14  Player 14  2.0    9.0  11.0   4.50\n\
         13      7  Player 7   1.5   12.5  14.5   3.25\n\
         14     13  Player 13  1.5   12.0  14.0   4.25\n\
         15      9  Player 9   1.5    7.5   9.0   2.25\n\
         16     10  Player 10  1.0   11.5  13.0   1.50\n"
    );

    let v = json(&novuss(
        &["club", "standings", path, "--tiebreaks", "de", "--json"],
        "",
    ));
    assert_eq!(v["tiebreaks"], serde_json::json!(["de"]));
    let shared: Vec<(u64, &str)> = v["rows"].as_array().unwrap()[1..5]
        .iter()
        .map(|r| {
            assert_eq!(r["place"], serde_json::json!({"start": 2, "end": 5}));
            (r["entrant"].as_u64().unwrap(), r["name"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        shared,
        [
            (1, "Player 1"),
            (3, "Player 3"),
            (4, "Player 4"),
            (16, "Player 16")
        ]
    );
    assert_eq!(v["rows"][1]["points"], 35);

    let out = novuss(
        &["club", "standings", path, "--tiebreaks", "bh,buchholz"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: ") && err.contains("not a tie-break"),
        "{err}"
    );

    // A 17th player given the pairing-allocated bye in round 2, as 12 was.
    let mut two_byes = held_trf();
    two_byes.push_str(&format!(
        "001   17 m    {:<33} {:>4} LAT {:>11} {:10}  1.0 {:>4}  0000 - Z  0000 - U\n",
        "Player 17", 1400, "", "", ""
    ));
    std::fs::write(&file, two_byes).unwrap();
    let out = novuss(&["club", "standings", path], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        format!(
            "error: {path} cannot be ranked: more than one player has the \
             pairing-allocated bye in round 2\n"
        )
    );
}
