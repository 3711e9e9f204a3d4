//! The server's storage under real faults: a disk that fills up during a
//! stream of strokes, and a database file with damaged bytes. Whatever
//! happens, a client is told only what is stored, and what is stored comes
//! back after a restart (issue 18, docs/protocol.md "Errors").
//!
//! The full disk is a small tmpfs mounted for the test, which needs root
//! (CI runs as root); elsewhere the test says that it did not run.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::db::{execute, stored_event};
use crate::support::play::{choose, mirror, stroke_request, HOT_SEAT};
use crate::support::server::{data_dir, path, Running, Socket};
use novuss_core::play::game::Game;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

/// What became of one stroke request.
enum Answer {
    /// Acknowledged: the stroke message.
    Played(Value),
    /// Refused with this code.
    Refused(String),
}

/// Sends the next stroke of the mirrored game at `event`; an acknowledged
/// one is played on the mirror too.
fn stroke(ws: &mut Socket, local: &mut Game, event: u64) -> Answer {
    let seat = local.set().seat_to_play();
    let s = choose(local, event);
    ws.send(&stroke_request(event, seat, &s));
    let m = ws.next_reply();
    match m["type"].as_str() {
        Some("stroke") => {
            assert_eq!(m["event"], event + 1);
            local.play(seat, &s).expect("the mirror plays it too");
            Answer::Played(m)
        }
        Some("error") => {
            assert_eq!(m["event"], event);
            // The database's own words never reach a client.
            let detail = m["detail"].as_str().unwrap();
            assert!(
                !detail.to_lowercase().contains("sqlite") && !detail.contains("disk"),
                "{detail}"
            );
            Answer::Refused(m["code"].as_str().unwrap().to_owned())
        }
        _ => panic!("an answer to a stroke: {m}"),
    }
}

/// A tmpfs of `size`, unmounted when dropped.
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(size: &str) -> Option<Tmpfs> {
        let dir = tempfile::tempdir().unwrap();
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status()
            .is_ok_and(|s| s.success());
        ok.then_some(Tmpfs { dir })
    }

    fn path(&self) -> PathBuf {
        self.dir.path().to_owned()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(self.dir.path()).status();
    }
}

/// Fills the file system of `file` until it has no room left (bounded by
/// `most` bytes).
fn fill(file: &Path, most: usize) -> usize {
    use std::io::Write;
    let mut f = std::fs::File::create(file).unwrap();
    let chunk = vec![0xa5u8; 16 * 1024];
    let mut written = 0;
    while written < most {
        match f.write(&chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => written += n,
        }
    }
    let _ = f.sync_all();
    written
}

#[test]
fn a_full_disk_loses_no_acknowledged_stroke_and_play_goes_on_once_it_has_room() {
    if !crate::support::server::sqlite_file_test("a full disk under the database file") {
        return;
    }
    let Some(disk) = Tmpfs::mount("6m") else {
        eprintln!(
            "NOT RUN: mounting a small tmpfs for the full-disk test needs root (CI runs as root)"
        );
        return;
    };
    let data = disk.path().join("data");
    let db = data.join("novuss.sqlite3");
    let server = Running::start(&data);
    let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = server.socket(&id);
    ws.send(&json!({"type": "hello"}));
    assert_eq!(ws.next_reply()["type"], "state");

    let mut event = 0u64;
    let mut last = Value::Null;
    for _ in 0..4 {
        let Answer::Played(m) = stroke(&mut ws, &mut local, event) else {
            panic!("the disk has room")
        };
        event += 1;
        last = m;
    }

    // The disk fills up; strokes go on being sent.
    let filler = disk.path().join("filler");
    assert!(fill(&filler, 64 << 20) > 0);
    let mut refused = 0;
    let mut created_during = vec![];
    for _ in 0..200 {
        match stroke(&mut ws, &mut local, event) {
            Answer::Played(m) => {
                event += 1;
                last = m;
            }
            Answer::Refused(code) => {
                assert_eq!(code, "storage");
                refused += 1;
                // Whatever the server says of a new game is true too.
                let (status, body) = server.post("/api/games", HOT_SEAT);
                if status == 201 {
                    let v: Value = serde_json::from_str(&body).unwrap();
                    created_during.push(v["id"].as_str().unwrap().to_owned());
                } else {
                    assert_eq!(status, 503, "{body}");
                }
            }
        }
        // What the server shows is what is stored, after every answer.
        assert_eq!(stored_event(&db, &id), Some(event as i64));
        assert_eq!(server.state(&id)["event"], event);
        if refused >= 3 {
            break;
        }
    }
    assert!(
        refused >= 3,
        "the full disk refused strokes (acknowledged to {event})"
    );

    // Room again: strokes and new games are stored and acknowledged.
    std::fs::remove_file(&filler).unwrap();
    for _ in 0..3 {
        let Answer::Played(m) = stroke(&mut ws, &mut local, event) else {
            panic!("the disk has room again")
        };
        event += 1;
        last = m;
    }
    assert_eq!(stored_event(&db, &id), Some(event as i64));
    let after = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();

    // A kill loses nothing acknowledged, before or after the fault.
    let server = server.restart();
    assert_eq!(server.state(&id), last["state"]);
    assert_eq!(server.get(&format!("/api/games/{after}")).0, 200);
    for g in created_during {
        assert_eq!(server.get(&format!("/api/games/{g}")).0, 200);
    }
    drop(server);
    drop(disk);
}

/// Damaged bytes in the database file: every request gets an answer (the
/// game, `damaged` with an error id, `storage`, or unknown), nothing
/// panics, and the server goes on serving.
#[test]
fn damaged_bytes_in_the_database_never_stop_the_server() {
    if !crate::support::server::sqlite_file_test("bytes of the database file damaged") {
        return;
    }
    let clean = data_dir();
    let server = Running::start(&path(&clean));
    let mut ids = vec![];
    for _ in 0..4 {
        let id = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
        let mut local = mirror(HOT_SEAT);
        let mut ws = server.socket(&id);
        ws.send(&json!({"type": "hello"}));
        ws.next_reply();
        for event in 0..6 {
            assert!(matches!(
                stroke(&mut ws, &mut local, event),
                Answer::Played(_)
            ));
        }
        ids.push(id);
    }
    drop(server);
    // Everything into the database file itself, so that the damage lands in
    // rows (damage to the log only makes SQLite drop the log's tail).
    execute(
        &path(&clean).join("novuss.sqlite3"),
        "PRAGMA wal_checkpoint(TRUNCATE)",
        &[],
    );
    // The damage spares the pages of the schema and of the migrations' own
    // table and its index: a server whose record of its schema is damaged refuses to
    // start, saying so ("malformed database schema", "cannot migrate the
    // database"), rather than guess at it. What must never stop the
    // server is damage to the games.
    let db_file = path(&clean).join("novuss.sqlite3");
    let page = crate::support::db::count(&db_file, "PRAGMA page_size") as usize;
    let schema = crate::support::db::pages_of(
        &db_file,
        &[
            "sqlite_schema",
            "sqlite_master",
            "_sqlx_migrations",
            // The migrator reads its table in the order of this index: a
            // damaged entry leads it to another migration's checksum.
            "sqlite_autoindex__sqlx_migrations_1",
        ],
    );
    let spared = |at: usize| schema.contains(&((at / page) as i64 + 1));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
    let mut answers = std::collections::BTreeMap::<u16, usize>::new();
    for round in 0..8 {
        let damaged = data_dir();
        for name in ["novuss.sqlite3"] {
            let from = path(&clean).join(name);
            if !from.exists() {
                continue;
            }
            let mut bytes = std::fs::read(&from).unwrap();
            // Past the first page, whose header SQLite checks before any
            // request, and sparing the migrator's table (above): the damage
            // lands in rows, indexes and the log.
            for _ in 0..64 {
                if bytes.len() > 4096 {
                    let at = rng.random_range(4096..bytes.len());
                    if !spared(at) {
                        bytes[at] ^= 1 << rng.random_range(0..8);
                    }
                }
            }
            std::fs::write(path(&damaged).join(name), bytes).unwrap();
        }
        let server = Running::start(&path(&damaged));
        for id in &ids {
            let (status, body) = server.get(&format!("/api/games/{id}"));
            *answers.entry(status).or_default() += 1;
            match status {
                200 | 404 => {}
                500 | 503 => {
                    let v: Value = serde_json::from_str(&body).unwrap();
                    assert!(
                        ["damaged", "storage"].contains(&v["code"].as_str().unwrap()),
                        "round {round}: {body}"
                    );
                    assert!(v["error_id"].is_string(), "{body}");
                }
                other => panic!("round {round}: {other} {body}"),
            }
            let (status, _) = server.get("/api/games");
            assert!([200, 503].contains(&status));
        }
        // Still serving: a new game plays.
        let (status, body) = server.get("/api/health");
        assert_eq!(status, 200, "round {round}: {body}");
    }
    eprintln!("answers to loads of damaged games, by status: {answers:?}");
}

/// A stored value of the wrong type or not UTF-8 is reported as damage to
/// that game, with its id, and every other game plays on.
#[test]
fn a_damaged_row_is_reported_with_its_game_and_others_play_on() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let bad = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let good = server.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = server.socket(&bad);
    ws.send(&json!({"type": "hello"}));
    ws.next_reply();
    assert!(matches!(stroke(&mut ws, &mut local, 0), Answer::Played(_)));
    drop(ws);
    server.kill();
    // Bytes that are not UTF-8 where the event's JSON belongs; PostgreSQL
    // keeps no such text, so there it is text that is not JSON.
    let db = path(&dir).join("novuss.sqlite3");
    let sql = if crate::support::db::is_postgres(&db) {
        "UPDATE events SET body = 'not {json' WHERE game_id = $1"
    } else {
        "UPDATE events SET body = X'FF00FE' WHERE game_id = $1"
    };
    execute(&db, sql, &[&bad]);
    let server = Running::start(&path(&dir));
    let (status, body) = server.get(&format!("/api/games/{bad}"));
    assert_eq!(status, 500, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["code"], "damaged");
    assert!(v["detail"].as_str().unwrap().contains(&bad), "{body}");
    assert!(v["error_id"].is_string());
    // The other game plays on, and the list still answers.
    let mut ws = server.socket(&good);
    ws.send(&json!({"type": "hello"}));
    ws.next_reply();
    let mut local = mirror(HOT_SEAT);
    assert!(matches!(stroke(&mut ws, &mut local, 0), Answer::Played(_)));
    let (status, list) = server.get("/api/games");
    assert_eq!(status, 200);
    assert!(list.contains(&good));
}
