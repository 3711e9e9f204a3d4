//! The operator's word list (issue 34, "Moderated"; docs/moderation.md,
//! "Word list"), over real HTTP and WebSocket: `novuss words add` run
//! while servers play reaches them within seconds; a chat line, a name, a
//! user name and a name typed in the new-game form with a listed word are
//! then refused with `word_not_allowed` and nothing of them is stored,
//! while other lines (a preset, a word that merely contains a listed one)
//! pass; `novuss words remove` lets them through again. On SQLite and,
//! with `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL, where a second
//! server over the same database must notice too.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::support::db::count;
use crate::support::server::{
    data_dir, json_answer, new_database, on_postgres, path, postgres, Running, Socket,
};

const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// How long a server may take to notice a change: its refresh is every
/// 2 s; the bound allows for a loaded machine.
const NOTICE_WITHIN: Duration = Duration::from_secs(30);

/// Runs `novuss words ARGS` against the database of the server in `dir`
/// and gives its standard output; the command must succeed.
fn words(dir: &Path, url: Option<&str>, args: &[&str]) -> String {
    let mut command = Command::new(crate::support::novuss());
    command.arg("words").args(args);
    match url {
        Some(url) => command.arg("--database").arg(url),
        None => command.arg("--data-dir").arg(dir),
    };
    let out = command
        .env_remove("NOVUSS_DATA_DIR")
        .env_remove("NOVUSS_DATABASE")
        .output()
        .expect("novuss runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "novuss words {args:?}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// The code a refusal `(status, body)` carries, `None` for a success.
fn code_of(answer: (u16, String)) -> Option<String> {
    let (status, body) = json_answer(answer);
    if status < 300 {
        return None;
    }
    Some(body["code"].as_str().unwrap_or_default().to_owned())
}

/// The servers' options: no limit on names set a minute, so that
/// [`until_server_holds`] may ask as often as it likes.
const UNLIMITED: &[&str] = &["--create-per-minute", "0"];

/// Waits until `server` refuses (`listed`) or takes (`!listed`) the name
/// `probe`, set by a person of its own who is in no game: the loop ends
/// on the answer, within [`NOTICE_WITHIN`].
fn until_server_holds(server: &Running, probe: &str, listed: bool) {
    let want = listed.then(|| "word_not_allowed".to_owned());
    let asker = server.person();
    let body = json!({ "name": probe }).to_string();
    let since = Instant::now();
    loop {
        let got = code_of(asker.post("/api/me", &body));
        if got == want {
            return;
        }
        assert!(
            since.elapsed() < NOTICE_WITHIN,
            "the server still answers {got:?}, not {want:?}, {NOTICE_WITHIN:?} after the change"
        );
        // Between two asks, not instead of one: the loop ends on the
        // answer.
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn chat(ws: &mut Socket, what: Value) {
    let mut m = json!({"type": "chat"});
    m.as_object_mut()
        .unwrap()
        .extend(what.as_object().unwrap().clone());
    ws.send(&m);
}

/// Sends a free line and expects it refused: nothing more is stored.
fn refused_line(ws: &mut Socket, text: &str) {
    chat(ws, json!({ "text": text }));
    let e = ws.next_of("error");
    assert_eq!(e["code"], "word_not_allowed", "{text}: {e}");
}

/// Sends a line (free or preset) and expects it back from the server.
fn passed_line(ws: &mut Socket, what: Value) -> Value {
    chat(ws, what.clone());
    let m = ws.next_of("chat");
    for k in ["text", "preset"] {
        if let Some(v) = what.get(k) {
            assert_eq!(&m[k], v, "{m}");
        }
    }
    m
}

#[test]
fn the_operator_lists_a_word_while_servers_run_and_names_and_lines_with_it_are_refused() {
    let dir = data_dir();
    let server = Running::start_with(&path(&dir), UNLIMITED);
    let url = postgres(&path(&dir));
    let db = server.data.join("novuss.sqlite3");
    // Over PostgreSQL a second server shares the database: both notice.
    let other_dir = data_dir();
    let other =
        on_postgres().then(|| Running::start_on(&path(&other_dir), url.as_deref(), UNLIMITED));
    let servers: Vec<&Running> = std::iter::once(&server).chain(other.as_ref()).collect();

    // Anna and Jānis play; the list is empty, so anything goes.
    let anna = server.person();
    let created = anna.create(INVITED);
    let game = created["id"].as_str().unwrap().to_owned();
    let janis = server.person();
    janis.join_invite(&created, 0);
    let mut a = anna.socket(&game);
    let mut j = janis.socket(&game);
    for ws in [&mut a, &mut j] {
        ws.send(&json!({"type": "hello"}));
        ws.next_of("chat_settings");
    }
    passed_line(&mut a, json!({"text": "Veiksmi, idiot!"}));
    j.next_of("chat");
    let (status, body) = anna.post("/api/me", r#"{"name":"Anna"}"#);
    assert_eq!(status, 200, "{body}");

    // The operator lists an English word and a Latvian one.
    let out = words(
        &path(&dir),
        url.as_deref(),
        &["add", "idiot", "muļķis", "--by", "test"],
    );
    assert!(out.contains("added (2): idiot, mulkis"), "{out}");
    for s in &servers {
        until_server_holds(s, "Probe the idiot", true);
    }

    let stored = count(&db, "SELECT COUNT(*) FROM chat_lines");
    // Lines with them are refused, however typed…
    for text in ["Tu esi MUĻĶIS", "i.d.i.o.t", "1d10t!", "mulkis"] {
        refused_line(&mut a, text);
    }
    assert_eq!(count(&db, "SELECT COUNT(*) FROM chat_lines"), stored);
    // …but a word that contains one, a Latvian line without one, and a
    // preset pass.
    passed_line(&mut a, json!({"text": "An idiotic stroke of luck"}));
    passed_line(&mut a, json!({"text": "Labs gājiens, Jāni"}));
    passed_line(&mut a, json!({"preset": "good_luck"}));
    assert_eq!(count(&db, "SELECT COUNT(*) FROM chat_lines"), stored + 3);

    // Names: the one a person sets, a new account's, one typed for a
    // seat in the new-game form; none stored.
    for name in ["Idiot Ozols", "M.u.ļ.ķ.i.s"] {
        let answer = anna.post("/api/me", &json!({ "name": name }).to_string());
        assert_eq!(
            code_of(answer).as_deref(),
            Some("word_not_allowed"),
            "{name}"
        );
    }
    let (status, me) = json_answer(anna.get("/api/me"));
    assert_eq!(status, 200, "{me}");
    assert_eq!(me["name"], "Anna", "{me}");
    let newcomer = server.person();
    let answer = newcomer.post(
        "/api/account/register",
        &json!({"username": "the_idiot", "password": "a long password"}).to_string(),
    );
    assert_eq!(code_of(answer).as_deref(), Some("word_not_allowed"));
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM accounts WHERE username = 'the_idiot'"
        ),
        0
    );
    let games = count(&db, "SELECT COUNT(*) FROM games");
    let typed = json!({"format": "singles", "profile": "lnf-2017", "sets": 1,
        "players": [{"kind": "human", "name": "Anna"},
                    {"kind": "human", "name": "Muļķis"}]});
    let answer = anna.post("/api/games", &typed.to_string());
    assert_eq!(code_of(answer).as_deref(), Some("word_not_allowed"));
    assert_eq!(count(&db, "SELECT COUNT(*) FROM games"), games);
    // Names without one still pass.
    let (status, body) = anna.post("/api/me", r#"{"name":"Anna Idiotiņa"}"#);
    assert_eq!(status, 200, "{body}");

    // The list as the operator sees it.
    let listed = words(&path(&dir), url.as_deref(), &["list", "--json"]);
    let listed: Value = serde_json::from_str(&listed).unwrap();
    let entries: Vec<(&str, &str)> = listed["words"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| (w["word"].as_str().unwrap(), w["added_by"].as_str().unwrap()))
        .collect();
    assert_eq!(entries, [("idiot", "test"), ("mulkis", "test")]);

    // Removed, the word passes again.
    let out = words(&path(&dir), url.as_deref(), &["remove", "Idiot"]);
    assert!(out.contains("removed (1): idiot"), "{out}");
    for s in &servers {
        until_server_holds(s, "Probe the idiot", false);
    }
    passed_line(&mut a, json!({"text": "Veiksmi, idiot!"}));
    refused_line(&mut a, "muļķis");
    let (status, body) = anna.post("/api/me", r#"{"name":"Idiot Ozols"}"#);
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_word_that_cannot_be_an_entry_changes_nothing() {
    let dir = data_dir();
    let url = on_postgres().then(|| new_database(&path(&dir)));
    words(&path(&dir), url.as_deref(), &["add", "stulb*"]);
    let mut command = Command::new(crate::support::novuss());
    command.args(["words", "add", "bad", "two words"]);
    match url.as_deref() {
        Some(url) => command.arg("--database").arg(url),
        None => command.arg("--data-dir").arg(path(&dir)),
    };
    let out = command.output().expect("novuss runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nothing was changed"), "{err}");
    let listed = words(&path(&dir), url.as_deref(), &["list"]);
    assert!(listed.contains("stulb*"), "{listed}");
    assert!(!listed.contains("bad"), "{listed}");
    assert!(listed.contains("1 word, version 1"), "{listed}");
}
