//! Backups, restores and upgrades (docs/backup.md), with real processes:
//! `novuss backup` of an SQLite server while people play on it, the copy
//! put back with `novuss restore` and served by a new server, every game
//! of it replayed bit for bit, its accounts signing in and its ratings as
//! they were; PostgreSQL's `pg_dump` and `pg_restore` doing the same; and
//! an older server starting and playing on a database a newer version
//! has migrated further.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::server::follow;
use crate::support::db;
use crate::support::play::{choose, mirror, stroke_request, HOT_SEAT};
use crate::support::server::{
    data_dir, needs_postgres, new_database, path, sqlite_file_test, Person, Running, Socket,
};
use crate::support::{block_on, novuss};
use novuss_core::play::record::{replay, GameRecord};
use serde_json::{json, Value};

/// A rated singles match between two people at two screens.
const RATED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// Games played at once while the backup runs.
const TABLES: usize = 4;

/// Strokes a game under load plays at most: the loops end even if the
/// test's other side stalls.
const MOST_STROKES: u64 = 150;

/// Runs `novuss ARGS`.
fn run(args: &[&str]) -> Output {
    Command::new(novuss())
        .args(args)
        .output()
        .expect("the binary runs")
}

fn text(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

/// Registers `username` as `who`.
fn register(who: &Person, username: &str, password: &str) {
    who.register(username, password);
}

/// A rated match Anna resigns at once: both ratings move. The person ids
/// of the seats.
fn rated_match(anna: &Person, bruno: &Person) -> (String, String) {
    let created = anna.create(RATED);
    bruno.join_invite(&created, 0);
    let id = created["id"].as_str().unwrap().to_owned();
    let mut ws = anna.socket(&id);
    ws.send(&json!({"type": "hello"}));
    assert_eq!(ws.next_reply()["type"], "state");
    ws.send(&json!({"type": "resign", "event": 0, "seat": "south"}));
    assert_eq!(ws.next_reply()["type"], "resigned");
    let (_, state) = anna.get(&format!("/api/games/{id}"));
    let state: Value = serde_json::from_str(&state).unwrap();
    let person = |k: usize| state["seats"][k]["person"].as_str().unwrap().to_owned();
    (person(0), person(1))
}

/// A stored rating, every figure as stored.
type Rating = (String, String, f64, f64, f64, i64, i64);

/// A stored rating change: person, game, rating and deviation after.
type Change = (String, String, f64, f64);

/// The ratings and rating changes the database `url` holds.
fn ratings(url: &str) -> (Vec<Rating>, Vec<Change>) {
    block_on(async {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut c = sqlx::AnyConnection::connect(url).await.unwrap();
        let current = sqlx::query_as(
            "SELECT person_id, format, rating, deviation, volatility, games, at \
             FROM ratings ORDER BY person_id, format",
        )
        .fetch_all(&mut c)
        .await
        .unwrap();
        let changes = sqlx::query_as(
            "SELECT person_id, game_id, rating_after, deviation_after \
             FROM rating_changes ORDER BY seq, person_id",
        )
        .fetch_all(&mut c)
        .await
        .unwrap();
        (current, changes)
    })
}

/// Every game the database `url` holds, with its last event.
fn games(url: &str) -> BTreeMap<String, u64> {
    block_on(async {
        use sqlx::Connection;
        sqlx::any::install_default_drivers();
        let mut c = sqlx::AnyConnection::connect(url).await.unwrap();
        let rows: Vec<(String, i64)> = sqlx::query_as("SELECT id, event FROM games")
            .fetch_all(&mut c)
            .await
            .unwrap();
        rows.into_iter().map(|(id, n)| (id, n as u64)).collect()
    })
}

/// Game `id`'s record as `server` serves it.
fn record(server: &Running, id: &str) -> GameRecord {
    let (status, body) = server.get(&format!("/api/games/{id}/record"));
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// Checks that every game `server` holds replays bit for bit: its record
/// re-simulated and re-judged through the core gives the stored verdicts
/// and positions, and the server's own replay finds every stored motion
/// as a fresh simulation draws it. Returns the records.
fn replays_exactly(server: &Running, ids: &[&String]) -> BTreeMap<String, GameRecord> {
    let mut all = BTreeMap::new();
    for id in ids {
        let rec = record(server, id);
        let report = replay(&rec).unwrap();
        assert!(
            report.divergences.is_empty(),
            "{id}: {:?}",
            report.divergences
        );
        let (status, body) = server.get(&format!("/api/games/{id}/replay"));
        assert_eq!(status, 200, "{body}");
        let shown: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(shown["divergences"], json!([]), "{id}");
        all.insert((*id).clone(), rec);
    }
    all
}

/// Whether `copy` is `full` cut at some point: the same sets, each with
/// the same actions, the last perhaps with fewer.
fn is_prefix(copy: &GameRecord, full: &GameRecord) -> bool {
    let (copy, full) = (
        serde_json::to_value(copy).unwrap(),
        serde_json::to_value(full).unwrap(),
    );
    let (cs, fs) = (
        copy["sets"].as_array().unwrap(),
        full["sets"].as_array().unwrap(),
    );
    cs.len() <= fs.len()
        && cs.iter().zip(fs).all(|(c, f)| {
            let (ce, fe) = (
                c["entries"].as_array().unwrap(),
                f["entries"].as_array().unwrap(),
            );
            c["start"] == f["start"] && ce.len() <= fe.len() && ce[..] == fe[..ce.len()]
        })
}

/// The games under load: each one's last acknowledged event, and those
/// whose player stopped.
#[derive(Default)]
struct Tally {
    acked: BTreeMap<String, u64>,
    ended: BTreeSet<String>,
}

/// One person plays a hot-seat game's strokes, each acknowledged before
/// the next, noting every acknowledged event, until `stop`, the set ends
/// or [`MOST_STROKES`].
fn play_on(who: &Person, tally: &Mutex<Tally>, stop: &AtomicBool) {
    let created = who.create(HOT_SEAT);
    let id = created["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    let mut ws = who.socket(&id);
    ws.send(&json!({"type": "hello", "since": null}));
    assert_eq!(ws.next_reply()["type"], "state");
    tally.lock().unwrap().acked.insert(id.clone(), 0);
    for event in 0..MOST_STROKES {
        if stop.load(Ordering::Acquire) || local.set().is_over() {
            break;
        }
        let seat = local.set().seat_to_play();
        ws.send(&stroke_request(event, seat, &choose(&local, event)));
        let m = ws.next_of("stroke");
        assert_eq!(m["event"], event + 1);
        follow(&mut local, &m);
        tally.lock().unwrap().acked.insert(id.clone(), event + 1);
    }
    tally.lock().unwrap().ended.insert(id);
}

/// Waits (bounded) until every one of [`TABLES`] games has had `n`
/// strokes acknowledged, or its player stopped.
fn wait_for(tally: &Mutex<Tally>, n: u64) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        {
            let t = tally.lock().unwrap();
            if t.acked.len() == TABLES
                && t.acked
                    .iter()
                    .all(|(id, &e)| e >= n || t.ended.contains(id))
            {
                return;
            }
        }
        assert!(Instant::now() < deadline, "the games are played");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Signs `username` in at a new browser of `server`: who it is then.
fn signs_in(server: &Running, username: &str, password: &str) -> Value {
    let browser = server.person();
    let (status, body) = browser.post(
        "/api/account/signin",
        &json!({"username": username, "password": password}).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let (status, me) = browser.get("/api/me");
    assert_eq!(status, 200, "{me}");
    serde_json::from_str(&me).unwrap()
}

/// The files of a folder, by name.
fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|f| f.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_backup_taken_under_load_restores_every_game_rating_and_account() {
    if !sqlite_file_test("novuss backup copies SQLite files") {
        return;
    }
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let db_file = server.data.join("novuss.sqlite3");
    let url = format!("sqlite://{}", db_file.display());
    let (anna, bruno) = (server.person(), server.person());
    register(&anna, "anna_b", "anna's long password");
    register(&bruno, "Bruno", "bruno's long password");
    let (anna_id, bruno_id) = rated_match(&anna, &bruno);

    let copies = data_dir();
    let copy = copies.path().join("novuss-backup.sqlite3");
    let tally = Mutex::new(Tally::default());
    let stop = AtomicBool::new(false);
    let (before, after, ratings_then, backup) = std::thread::scope(|s| {
        for _ in 0..TABLES {
            s.spawn(|| play_on(&server.person(), &tally, &stop));
        }
        wait_for(&tally, 25);
        // Everything acknowledged from here on must be in the copy. No
        // rated match ends while it runs: the ratings now are the ones
        // the copy must have.
        let ratings_then = ratings(&url);
        let before = tally.lock().unwrap().acked.clone();
        let backup = run(&[
            "backup",
            "--data-dir",
            server.data.to_str().unwrap(),
            "--to",
            copy.to_str().unwrap(),
            "--json",
        ]);
        let after = tally.lock().unwrap().acked.clone();
        // Play goes on after the copy: a few more strokes each.
        let next: u64 = after.values().min().copied().unwrap_or(0);
        wait_for(&tally, (next + 3).min(MOST_STROKES));
        stop.store(true, Ordering::Release);
        (before, after, ratings_then, backup)
    });
    assert!(backup.status.success(), "{}", text(&backup.stderr));
    let during: u64 = after.iter().map(|(id, e)| e - before[id]).sum();
    eprintln!(
        "strokes acknowledged while `novuss backup` ran: {during}; {}",
        text(&backup.stdout)
    );
    let figures: Value = serde_json::from_slice(&backup.stdout).unwrap();
    assert_eq!(figures["to"], copy.to_str().unwrap());
    assert_eq!(figures["bytes"], std::fs::metadata(&copy).unwrap().len());
    assert_eq!(figures["games"], TABLES as u64 + 1);
    assert_eq!(figures["finished"], 1, "the rated match");
    assert_eq!(figures["accounts"], 2);
    assert_eq!(figures["ratings"], 2);
    assert_eq!(ratings(&url), ratings_then, "no rating moved meanwhile");
    assert_eq!(
        files(copies.path()),
        ["novuss-backup.sqlite3"],
        "the copy alone, nothing partial beside it"
    );

    // The copy holds every stroke acknowledged before the backup began,
    // and nothing the server had not stored.
    let copied = games(&format!("sqlite://{}?mode=ro", copy.display()));
    let now = games(&url);
    for (id, &acked_before) in &before {
        let n = copied[id];
        assert!(
            n >= acked_before && n <= now[id],
            "{id}: {n} vs {acked_before}..{}",
            now[id]
        );
    }

    // While the server runs, its database is not replaced.
    let refused = run(&[
        "restore",
        "--from",
        copy.to_str().unwrap(),
        "--data-dir",
        server.data.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("stop it first"),
        "{}",
        text(&refused.stderr)
    );
    assert!(
        !files(&server.data)
            .iter()
            .any(|f| f.contains("before-restore") || f.contains("restoring")),
        "nothing moved, nothing partial left: {:?}",
        files(&server.data)
    );
    assert_eq!(games(&url), now, "nothing changed");

    // Restored into a new data directory and served.
    let restored_dir = data_dir();
    let restored = run(&[
        "restore",
        "--from",
        copy.to_str().unwrap(),
        "--data-dir",
        restored_dir.path().to_str().unwrap(),
        "--json",
    ]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let figures: Value = serde_json::from_slice(&restored.stdout).unwrap();
    assert_eq!(figures["replaced"], Value::Null);
    assert_eq!(figures["games"], TABLES as u64 + 1);
    let second = Running::start(&path(&restored_dir));
    let ids: Vec<&String> = copied.keys().collect();
    let theirs = replays_exactly(&second, &ids);
    for (id, rec) in &theirs {
        let original = record(&server, id);
        assert!(
            is_prefix(rec, &original),
            "{id}: the copy's game is the original's as it was"
        );
    }
    let restored_url = format!(
        "sqlite://{}?mode=ro",
        restored_dir.path().join("novuss.sqlite3").display()
    );
    assert_eq!(ratings(&restored_url), ratings_then);
    let me = signs_in(&second, "anna_b", "anna's long password");
    assert_eq!(me["person"], anna_id.as_str(), "{me}");
    let me = signs_in(&second, "bruno", "bruno's long password");
    assert_eq!(me["person"], bruno_id.as_str(), "{me}");
    for person in [&anna_id, &bruno_id] {
        let page = |s: &Running| {
            let (status, body) = s.get(&format!("/api/players/{person}"));
            assert_eq!(status, 200, "{body}");
            serde_json::from_str::<Value>(&body).unwrap()["ratings"][0]["rating"].clone()
        };
        assert_eq!(page(&second), page(&server));
    }
    drop(second);

    // The original server stopped, the copy replaces its database; the
    // one replaced is kept aside, with the strokes played since.
    server.kill();
    let replaced = run(&[
        "restore",
        "--from",
        copy.to_str().unwrap(),
        "--data-dir",
        path(&dir).to_str().unwrap(),
        "--json",
    ]);
    assert!(replaced.status.success(), "{}", text(&replaced.stderr));
    let figures: Value = serde_json::from_slice(&replaced.stdout).unwrap();
    let aside = PathBuf::from(figures["replaced"].as_str().expect("the old one, aside"));
    assert_eq!(games(&format!("sqlite://{}?mode=ro", aside.display())), now);
    assert_eq!(games(&url), copied);
    let third = Running::start(&path(&dir));
    replays_exactly(&third, &ids);
}

#[test]
fn backup_and_restore_refuse_clearly_and_leave_nothing_behind() {
    if !sqlite_file_test("novuss backup copies SQLite files") {
        return;
    }
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    server.create(HOT_SEAT);
    let data = server.data.to_str().unwrap().to_owned();
    let out = data_dir();
    let at = |name: &str| out.path().join(name).to_str().unwrap().to_owned();
    let refused = |args: &[&str], needle: &str| {
        let o = run(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let e = text(&o.stderr);
        assert!(
            e.starts_with("error: ") && e.contains(needle),
            "{args:?}: {e}"
        );
        assert!(o.stdout.is_empty());
    };

    std::fs::write(at("taken"), "a file of the operator's").unwrap();
    refused(
        &["backup", "--data-dir", &data, "--to", &at("taken")],
        "already exists",
    );
    assert_eq!(
        std::fs::read_to_string(at("taken")).unwrap(),
        "a file of the operator's"
    );
    let none = data_dir();
    refused(
        &[
            "backup",
            "--data-dir",
            none.path().to_str().unwrap(),
            "--to",
            &at("c1"),
        ],
        "there is no database",
    );
    refused(
        &[
            "backup",
            "--database",
            "postgres://novuss@127.0.0.1:5432/novuss",
            "--to",
            &at("c2"),
        ],
        "pg_dump",
    );
    refused(
        &["backup", "--data-dir", &data, "--to", &at("no/such/folder")],
        "no folder",
    );
    refused(
        &["restore", "--from", &at("taken"), "--data-dir", &at("d1")],
        "not a novuss database",
    );
    refused(
        &[
            "restore",
            "--from",
            &at("c1"),
            "--database",
            "postgresql://novuss@127.0.0.1/novuss",
        ],
        "pg_restore",
    );

    // A copy from a newer version, with a migration this one does not
    // know, is not put in place.
    let good = at("good.sqlite3");
    // The copy is no more readable than the database (password hashes).
    #[cfg(unix)]
    let mode = {
        use std::os::unix::fs::PermissionsExt;
        let live = server.data.join("novuss.sqlite3");
        std::fs::set_permissions(&live, std::fs::Permissions::from_mode(0o640)).unwrap();
        |p: &str| std::fs::metadata(p).unwrap().permissions().mode() & 0o777
    };
    let made = run(&["backup", "--data-dir", &data, "--to", &good]);
    assert!(made.status.success(), "{}", text(&made.stderr));
    #[cfg(unix)]
    assert_eq!(mode(&good), 0o640);
    assert!(
        text(&made.stdout).contains("1 games"),
        "{}",
        text(&made.stdout)
    );
    let newer = at("newer.sqlite3");
    std::fs::copy(&good, &newer).unwrap();
    db::execute(
        Path::new(&newer),
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (99990001, 'a newer version', TRUE, X'00', 1)",
        &[],
    );
    refused(
        &["restore", "--from", &newer, "--data-dir", &at("d2")],
        "does not know (99990001)",
    );
    assert_eq!(
        files(out.path()),
        ["good.sqlite3", "newer.sqlite3", "taken"],
        "nothing partial, no data directory made"
    );
}

/// A newer version's migration, as that version would apply it: additive
/// (a column that may be NULL, a new table), recorded in `_sqlx_migrations`.
fn newer_migration(db_file: &Path) {
    let checksum = if db::is_postgres(db_file) {
        "'\\x00'::bytea"
    } else {
        "X'00'"
    };
    for sql in [
        "ALTER TABLE games ADD COLUMN note TEXT".to_owned(),
        "CREATE TABLE game_notes (game_id TEXT NOT NULL REFERENCES games (id), note TEXT NOT NULL)"
            .to_owned(),
        format!(
            "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
             VALUES (99990001, 'notes on games', TRUE, {checksum}, 1)"
        ),
    ] {
        db::execute(db_file, &sql, &[]);
    }
}

/// Plays a hot-seat game, mirrored in `local`, from `event` for `n`
/// acknowledged strokes on its socket `ws` (of the person who holds both
/// seats).
fn strokes(ws: &mut Socket, local: &mut novuss_core::play::game::Game, event: u64, n: u64) {
    // Another instance may have played the last strokes: this one's room
    // hears of them by a notice, soon.
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        ws.send(&json!({"type": "hello", "since": null}));
        let m = ws.next_reply();
        if m["event"] == event {
            break;
        }
        assert!(Instant::now() < deadline, "{m}");
        std::thread::sleep(Duration::from_millis(50));
    }
    for k in event..event + n {
        let seat = local.set().seat_to_play();
        ws.send(&stroke_request(k, seat, &choose(local, k)));
        // The answer, whatever it is: a refusal fails here, rather than
        // being skipped while the socket's pings keep it open. The states
        // answering the hellos above may still be on their way when the
        // room's catch-up strokes ended the wait (seen once in CI on
        // PostgreSQL): a state at this very event is one of those, not
        // the answer.
        let m = loop {
            let m = ws.next_reply();
            if !(m["type"] == "state" && m["event"] == k) {
                break m;
            }
        };
        assert_eq!(m["type"], "stroke", "{m}");
        assert_eq!(m["event"], k + 1, "{m}");
        follow(local, &m);
    }
}

#[test]
fn an_older_server_starts_and_plays_on_a_database_a_newer_version_migrated() {
    let dir = data_dir();
    let old = Running::start(&path(&dir));
    let db_file = old.data.join("novuss.sqlite3");
    let id = old.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    strokes(&mut old.socket(&id), &mut local, 0, 2);
    // The browser of the person who holds both seats.
    let cookie = std::fs::read_to_string(old.data.join("test-browser-cookie")).unwrap();

    // A newer version starts beside it and migrates (expand): the old
    // server goes on playing.
    newer_migration(&db_file);
    strokes(&mut old.socket(&id), &mut local, 2, 2);
    // What the newer version writes in its own column and table.
    db::execute(
        &db_file,
        "UPDATE games SET note = $1 WHERE id = $2",
        &["a note", &id],
    );
    db::execute(
        &db_file,
        "INSERT INTO game_notes (game_id, note) VALUES ($1, $2)",
        &[&id, "kept by the newer version"],
    );

    // The old version starts on the migrated database (another instance
    // of it over PostgreSQL beside the first; a restart of it on SQLite,
    // which one process serves) and plays on.
    let mut event = 4;
    if db::is_postgres(&db_file) {
        let second_dir = data_dir();
        let url = db::url_of(&db_file);
        let second = Running::start_on(&path(&second_dir), Some(&url), &[]);
        strokes(
            &mut second.person_with(&cookie).socket(&id),
            &mut local,
            4,
            2,
        );
        strokes(&mut old.socket(&id), &mut local, 6, 1);
        event = 7;
    }
    let again = old.restart();
    strokes(&mut again.socket(&id), &mut local, event, 2);
    assert_eq!(db::stored_event(&db_file, &id), Some(event as i64 + 2));
    assert_eq!(
        db::count(&db_file, "SELECT COUNT(*) FROM game_notes"),
        1,
        "the newer version's rows are left alone"
    );
    let rec = record(&again, &id);
    assert!(replay(&rec).unwrap().divergences.is_empty());
}

/// The newest PostgreSQL client program `name` (Debian keeps them in
/// /usr/lib/postgresql/VERSION/bin, out of PATH).
fn pg_program(name: &str) -> PathBuf {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("Debian's PostgreSQL (scripts/postgres installs it)")
        .filter_map(|d| {
            let d = d.ok()?;
            let version = d.file_name().to_string_lossy().parse().ok()?;
            let program = d.path().join("bin").join(name);
            program.exists().then_some((version, program))
        })
        .collect();
    found.sort();
    found.pop().expect("a PostgreSQL client program").1
}

#[test]
fn a_postgresql_dump_restores_into_a_new_database_with_every_game_and_account() {
    if !needs_postgres() {
        return;
    }
    let dir = data_dir();
    let url = new_database(dir.path());
    let server = Running::start_on(&path(&dir), Some(&url), &[]);
    let (anna, bruno) = (server.person(), server.person());
    register(&anna, "anna_pg", "anna's long password");
    register(&bruno, "bruno_pg", "bruno's long password");
    let (anna_id, _) = rated_match(&anna, &bruno);
    let id = anna.create(HOT_SEAT)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(HOT_SEAT);
    {
        let mut ws = anna.socket(&id);
        ws.send(&json!({"type": "hello", "since": null}));
        assert_eq!(ws.next_reply()["type"], "state");
        for k in 0..6 {
            let seat = local.set().seat_to_play();
            ws.send(&stroke_request(k, seat, &choose(&local, k)));
            let m = ws.next_of("stroke");
            follow(&mut local, &m);
        }
    }

    // The commands of docs/backup.md, while the server runs.
    let dump = dir.path().join("novuss.dump");
    let dumped = Command::new(pg_program("pg_dump"))
        .args(["--format=custom", "--file"])
        .arg(&dump)
        .arg(&url)
        .output()
        .unwrap();
    assert!(dumped.status.success(), "{}", text(&dumped.stderr));
    let restored_dir = data_dir();
    let restored_url = new_database(restored_dir.path());
    let restored = Command::new(pg_program("pg_restore"))
        .args(["--no-owner", "--exit-on-error", "--dbname", &restored_url])
        .arg(&dump)
        .output()
        .unwrap();
    assert!(restored.status.success(), "{}", text(&restored.stderr));

    let second = Running::start_on(&path(&restored_dir), Some(&restored_url), &[]);
    let held = games(&restored_url);
    assert_eq!(held, games(&url));
    let ids: Vec<&String> = held.keys().collect();
    let theirs = replays_exactly(&second, &ids);
    for (id, rec) in &theirs {
        assert_eq!(
            serde_json::to_value(rec).unwrap(),
            serde_json::to_value(record(&server, id)).unwrap()
        );
    }
    assert_eq!(ratings(&restored_url), ratings(&url));
    let me = signs_in(&second, "anna_pg", "anna's long password");
    assert_eq!(me["person"], anna_id.as_str(), "{me}");
    // Play goes on in the restored database, for the same browser.
    let anna_there = second.person_with(&anna.cookie().unwrap());
    strokes(&mut anna_there.socket(&id), &mut local, 6, 2);
}
