//! Moderation (issue 34, "Moderated"; docs/moderation.md) over real HTTP
//! and WebSocket: an administrator named by `novuss admin grant` alone;
//! a reported chat line hidden from the players' sockets and their next
//! connection, and shown again by undoing; mute, ban, rename and close,
//! each refused or seen where it bites and each undone; every action in
//! the log with who took it and why. On SQLite and, with
//! `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use serde_json::{json, Value};

use crate::support::server::{data_dir, json_answer, path, postgres, Person, Running, Socket};

const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;
const RATED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;
const CHALLENGE: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"stroke_clock":30}"#;

/// `novuss admin ARGS` on the test server's database: success and what
/// it printed (standard output, else standard error).
fn admin(dir: &Path, args: &[&str]) -> (bool, String) {
    let mut command = Command::new(crate::support::novuss());
    command.arg("admin").args(args);
    match postgres(dir) {
        Some(url) => command.arg("--database").arg(url),
        None => command.arg("--data-dir").arg(dir),
    };
    let out = command.output().expect("novuss runs");
    let said = if out.status.success() {
        out.stdout
    } else {
        out.stderr
    };
    (
        out.status.success(),
        String::from_utf8_lossy(&said).trim().to_owned(),
    )
}

/// A moderator's action as `m` takes it: its log entry.
fn act(m: &Person, action: Value) -> Value {
    let (status, entry) = json_answer(m.post("/api/admin/actions", &action.to_string()));
    assert_eq!(status, 201, "{action} → {entry}");
    entry
}

fn undo(m: &Person, id: &Value, reason: &str) -> (u16, Value) {
    json_answer(m.post(
        &format!("/api/admin/actions/{}/undo", id.as_str().unwrap()),
        &json!({ "reason": reason }).to_string(),
    ))
}

fn hello(ws: &mut Socket) {
    ws.send(&json!({"type": "hello"}));
    ws.next_of("chat_settings");
}

#[test]
fn moderators_hide_mute_ban_rename_and_close_and_undo_each_in_the_log() {
    let dir = data_dir();
    // Its people all come from 127.0.0.1: more games at once than the
    // limit per address lets one address make.
    let server = Running::start_with(&path(&dir), &["--create-burst", "40"]);
    let anna = server.person();
    anna.register("anna_mod", "a long password");
    let bruno = server.person();
    bruno.register("bruno_mod", "a long password");
    let ola = server.person();
    ola.register("ola_moderator", "a long password");
    let (_, me) = json_answer(bruno.get("/api/me"));
    let bruno_id = me["person"].as_str().unwrap().to_owned();

    // A game between Anna and Bruno; he writes a line she reports.
    let created = anna.create(INVITED);
    let game = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let (status, body) = bruno.post(
        &format!("/api/games/{game}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let mut a = anna.socket(&game);
    let mut b = bruno.socket(&game);
    hello(&mut a);
    hello(&mut b);
    b.send(&json!({"type": "chat", "text": "tu esi muļķis"}));
    let line = a.next_of("chat")["number"].as_u64().unwrap();
    b.next_of("chat");

    // Nobody moderates until the command line says so.
    let (status, refused) = json_answer(ola.get("/api/admin/reports"));
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("not_admin")),
        "{refused}"
    );
    let (ok, said) = admin(&path(&dir), &["grant", "nobody_here"]);
    assert!(!ok && said.contains("no account"), "{said}");
    let (ok, said) = admin(&path(&dir), &["grant", "Ola_Moderator"]);
    assert!(ok, "{said}");
    let (ok, said) = admin(&path(&dir), &["list"]);
    assert!(ok && said.contains("ola_moderator"), "{said}");

    // Anna reports the line; the same report again is the same one.
    let report = json!({"kind": "chat_line", "game": game, "line": line, "reason": "abuse", "note": "insults me"});
    let (status, made) = json_answer(anna.post("/api/reports", &report.to_string()));
    assert_eq!((status, made["new"].as_bool()), (201, Some(true)), "{made}");
    let (status, again) = json_answer(anna.post("/api/reports", &report.to_string()));
    assert_eq!((status, &again["id"]), (200, &made["id"]), "{again}");
    let (status, own) = json_answer(bruno.post("/api/reports", &report.to_string()));
    assert_eq!(
        (status, own["code"].as_str()),
        (400, Some("bad_message")),
        "nobody reports themselves: {own}"
    );
    let (status, none) = json_answer(anna.post(
        "/api/reports",
        &json!({"kind": "chat_line", "game": game, "line": 99, "reason": "spam"}).to_string(),
    ));
    assert_eq!(
        (status, none["code"].as_str()),
        (404, Some("unknown_line")),
        "{none}"
    );
    let (status, queue) = json_answer(ola.get("/api/admin/reports"));
    assert_eq!(status, 200, "{queue}");
    let listed = &queue["reports"][0];
    assert_eq!(
        (listed["person"].as_str(), listed["what"].as_str()),
        (Some(bruno_id.as_str()), Some("tu esi muļķis")),
        "{listed}"
    );
    assert_eq!(listed["reporter_name"], "anna_mod");

    // Hidden, answering the report: gone from both players' chats now and
    // from the next connection's.
    let hidden = act(
        &ola,
        json!({"action": "hide_line", "person": bruno_id, "game": game, "line": line, "reason": "an insult", "report": made["id"]}),
    );
    assert_eq!(hidden["admin_name"], "ola_moderator");
    for ws in [&mut a, &mut b] {
        assert_eq!(ws.next_of("chat_removed")["numbers"], json!([line]));
    }
    let (_, open) = json_answer(ola.get("/api/admin/reports"));
    assert_eq!(
        open["reports"],
        json!([]),
        "the report was answered: {open}"
    );
    let (_, all) = json_answer(ola.get("/api/admin/reports?all=1"));
    assert_eq!(all["reports"][0]["outcome"], hidden["id"], "{all}");
    let mut later = anna.socket(&game);
    later.send(&json!({"type": "hello"}));
    later.next_of("chat_settings");
    b.send(&json!({"type": "chat", "preset": "sorry"}));
    let next = later.next_of("chat");
    assert_eq!(
        next["preset"], "sorry",
        "the hidden line is not read again: {next}"
    );
    a.next_of("chat");
    b.next_of("chat");
    // Undone: the line is back; undoing twice is refused.
    let shown = undo(&ola, &hidden["id"], "it was a joke between friends");
    assert_eq!(shown.0, 201, "{}", shown.1);
    assert_eq!(shown.1["action"], "show_line");
    let back = a.next_of("chat");
    assert_eq!(
        (back["number"].as_u64(), back["text"].as_str()),
        (Some(line), Some("tu esi muļķis"))
    );
    let (status, twice) = undo(&ola, &hidden["id"], "again");
    assert_eq!(
        (status, twice["code"].as_str()),
        (409, Some("nothing_to_moderate")),
        "{twice}"
    );

    // Muted: his lines are refused until unmuted.
    let muted = act(
        &ola,
        json!({"action": "mute", "person": bruno_id, "reason": "cool down"}),
    );
    b.send(&json!({"type": "chat", "preset": "hello"}));
    let e = b.next_of("error");
    assert_eq!(e["code"], "muted", "{e}");
    assert_eq!(undo(&ola, &muted["id"], "cooled down").0, 201);
    b.send(&json!({"type": "chat", "preset": "hello"}));
    assert_eq!(b.next_of("chat")["preset"], "hello");

    // Banned: no challenge, no rated game, until unbanned.
    let banned = act(
        &ola,
        json!({"action": "ban", "person": bruno_id, "reason": "sandbagging"}),
    );
    let (status, no) = json_answer(bruno.post("/api/lobby/challenges", CHALLENGE));
    assert_eq!((status, no["code"].as_str()), (403, Some("banned")), "{no}");
    let (status, no) = json_answer(bruno.post("/api/games", RATED));
    assert_eq!((status, no["code"].as_str()), (403, Some("banned")), "{no}");
    let (status, casual) = bruno.post("/api/games", INVITED);
    assert_eq!(status, 201, "a casual game is still his: {casual}");
    // Nor may he take anyone else's: a challenge, "play now", or a seat
    // in a rated game he is invited to.
    let (status, open) = json_answer(anna.post("/api/lobby/challenges", CHALLENGE));
    assert_eq!(status, 201, "{open}");
    let challenge = open["id"].as_str().unwrap().to_owned();
    let (status, no) =
        json_answer(bruno.post(&format!("/api/lobby/challenges/{challenge}/accept"), "{}"));
    assert_eq!((status, no["code"].as_str()), (403, Some("banned")), "{no}");
    let (status, no) = json_answer(bruno.post("/api/lobby/quick", CHALLENGE));
    assert_eq!((status, no["code"].as_str()), (403, Some("banned")), "{no}");
    let rated = anna.create(RATED);
    let (status, no) = json_answer(bruno.post(
        &format!("/api/games/{}/join", rated["id"].as_str().unwrap()),
        &json!({ "invite": rated["invites"][0]["invite"] }).to_string(),
    ));
    assert_eq!((status, no["code"].as_str()), (403, Some("banned")), "{no}");
    let (status, body) = anna.post(&format!("/api/lobby/challenges/{challenge}/withdraw"), "{}");
    assert_eq!(status, 204, "{body}");
    assert_eq!(undo(&ola, &banned["id"], "appeal granted").0, 201);
    let (status, body) = bruno.post("/api/lobby/challenges", CHALLENGE);
    assert_eq!(status, 201, "{body}");

    // Renamed: the seat says so at once; undone, his own name is back.
    let renamed = act(
        &ola,
        json!({"action": "rename", "person": bruno_id, "name": "Spēlētājs 7", "reason": "an offensive user name"}),
    );
    let seats = a.next_of("seats");
    assert_eq!(seats["seats"][1]["name"], "Spēlētājs 7", "{seats}");
    assert_eq!(undo(&ola, &renamed["id"], "the name was fine").0, 201);
    let seats = a.next_of("seats");
    assert_eq!(seats["seats"][1]["name"], "bruno_mod", "{seats}");

    // Closed: his socket ends and he signs in no more, until reopened.
    let closed = act(
        &ola,
        json!({"action": "close", "person": bruno_id, "reason": "threats"}),
    );
    assert_eq!(b.closed_within(Duration::from_secs(60)), Some(4001));
    let stranger = server.person();
    let signin = json!({"username": "bruno_mod", "password": "a long password"}).to_string();
    let (status, no) = json_answer(stranger.post("/api/account/signin", &signin));
    assert_eq!(
        (status, no["code"].as_str()),
        (403, Some("account_closed")),
        "{no}"
    );
    assert_eq!(undo(&ola, &closed["id"], "apologised").0, 201);
    let (status, body) = stranger.post("/api/account/signin", &signin);
    assert_eq!(status, 200, "{body}");

    // His file and the log say all of it, newest first, with who and why.
    let (status, file) = json_answer(ola.get(&format!("/api/admin/people/{bruno_id}")));
    assert_eq!(status, 200, "{file}");
    assert_eq!(file["username"], "bruno_mod");
    assert_eq!(
        file["standing"],
        json!({"admin": false, "muted": false, "banned": false, "closed": false})
    );
    assert_eq!(file["reports"].as_array().unwrap().len(), 1);
    let actions: Vec<&str> = file["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "reopen",
            "close",
            "rename",
            "rename",
            "unban",
            "ban",
            "unmute",
            "mute",
            "show_line",
            "hide_line"
        ]
    );
    let first = file["log"].as_array().unwrap().last().unwrap();
    assert_eq!(
        (first["reason"].as_str(), first["undone_by"].is_string()),
        (Some("an insult"), true)
    );
    assert!(file["lines"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["number"] == line && l["hidden"] == false));
    let (_, log) = json_answer(ola.get("/api/admin/log"));
    assert_eq!(log["entries"].as_array().unwrap().len(), 10);

    // Administration taken back: refused again.
    let (ok, said) = admin(&path(&dir), &["revoke", "ola_moderator"]);
    assert!(ok, "{said}");
    let (status, _) = ola.get("/api/admin/log");
    assert_eq!(status, 403);
    let (status, body) = bruno.get("/api/admin/log");
    assert_eq!(status, 403, "{body}");
}

/// Issue 34, "Moderated" and "People's data is theirs": a name and a
/// player are reported as a chat line is, each quoting what was seen; and
/// once the person deletes their account, the moderators keep the reports
/// and actions but none of that person's words or names, no block by or
/// of them stays, and no action on them is taken any more.
#[test]
fn reports_of_a_name_and_a_player_keep_nothing_of_a_person_who_deletes_their_account() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    anna.register("anna_reports", "a long password");
    let bruno = server.person();
    bruno.register("bruno_reported", "a long password");
    let ola = server.person();
    ola.register("ola_watches", "a long password");
    let (ok, said) = admin(&path(&dir), &["grant", "ola_watches"]);
    assert!(ok, "{said}");
    let (status, _) = bruno.post("/api/me", r#"{"name":"Bruno Bērziņš"}"#);
    assert_eq!(status, 200);
    let (anna_id, bruno_id) = (anna.id(), bruno.id());

    // A game; Bruno writes a line. Anna reports it, his name and him.
    let created = anna.create(INVITED);
    let game = created["id"].as_str().unwrap().to_owned();
    bruno.join_invite(&created, 0);
    let mut b = bruno.socket(&game);
    hello(&mut b);
    b.send(&json!({"type": "chat", "text": "tu esi muļķis"}));
    let line = b.next_of("chat")["number"].as_u64().unwrap();
    drop(b);
    let report = |who: &Person, body: Value| {
        let (status, made) = json_answer(who.post("/api/reports", &body.to_string()));
        assert_eq!(
            (status, made["new"].as_bool()),
            (201, Some(true)),
            "{body} → {made}"
        );
        made["id"].as_str().unwrap().to_owned()
    };
    report(
        &anna,
        json!({"kind": "chat_line", "game": game, "line": line, "reason": "abuse"}),
    );
    report(
        &anna,
        json!({"kind": "name", "person": bruno_id, "reason": "name"}),
    );
    report(
        &anna,
        json!({"kind": "player", "person": bruno_id, "reason": "cheating", "note": "he moves the discs"}),
    );
    // Bruno reports Anna, in his own words.
    report(
        &bruno,
        json!({"kind": "player", "person": anna_id, "reason": "other", "note": "Bruno Bērziņš says she lies"}),
    );
    let (status, queue) = json_answer(ola.get("/api/admin/reports"));
    assert_eq!(status, 200, "{queue}");
    let about = |queue: &Value, kind: &str, person: &str| -> Value {
        queue["reports"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["kind"] == kind && r["person"] == person)
            .unwrap_or_else(|| panic!("no {kind} report about {person}: {queue}"))
            .clone()
    };
    assert_eq!(
        about(&queue, "chat_line", &bruno_id)["what"],
        "tu esi muļķis"
    );
    assert_eq!(about(&queue, "name", &bruno_id)["what"], "Bruno Bērziņš");
    assert_eq!(
        about(&queue, "player", &bruno_id)["note"],
        "he moves the discs"
    );
    assert_eq!(
        about(&queue, "player", &anna_id)["note"],
        "Bruno Bērziņš says she lies"
    );

    // Anna blocks him, he blocks her; a moderator renames him.
    for (who, other) in [(&anna, &bruno_id), (&bruno, &anna_id)] {
        let (status, list) =
            json_answer(who.post("/api/blocks", &json!({ "person": other }).to_string()));
        assert_eq!(status, 201, "{list}");
    }
    let renamed = act(
        &ola,
        json!({"action": "rename", "person": bruno_id, "name": "Spēlētājs 7", "reason": "his name was reported"}),
    );
    assert_eq!(renamed["name_before"], "Bruno Bērziņš");

    // He deletes his account.
    let (status, body) = bruno.post("/api/me/forget", r#"{"password":"a long password"}"#);
    assert_eq!(status, 200, "{body}");

    // The reports stay, without his words, his name or his note.
    let (status, queue) = json_answer(ola.get("/api/admin/reports"));
    assert_eq!(status, 200, "{queue}");
    assert_eq!(queue["reports"].as_array().unwrap().len(), 4, "{queue}");
    assert!(
        about(&queue, "chat_line", &bruno_id)["what"].is_null(),
        "{queue}"
    );
    assert!(
        about(&queue, "name", &bruno_id)["what"].is_null(),
        "{queue}"
    );
    assert_eq!(
        about(&queue, "player", &bruno_id)["note"],
        "he moves the discs",
        "Anna's words are hers"
    );
    assert!(
        about(&queue, "player", &anna_id)["note"].is_null(),
        "{queue}"
    );
    // The action stays, without the names.
    let (status, file) = json_answer(ola.get(&format!("/api/admin/people/{bruno_id}")));
    assert_eq!(status, 200, "{file}");
    let text = file.to_string();
    assert_eq!(file["log"].as_array().unwrap().len(), 1, "{file}");
    assert!(
        !text.contains("Bruno") && !text.contains("Spēlētājs 7") && !text.contains("muļķis"),
        "{file}"
    );
    let (_, log) = json_answer(ola.get("/api/admin/log"));
    assert!(
        !log.to_string().contains("Bērziņš") && !log.to_string().contains("Spēlētājs 7"),
        "{log}"
    );
    // No block by or of him.
    let (status, blocks) = json_answer(anna.get("/api/blocks"));
    assert_eq!(status, 200, "{blocks}");
    assert_eq!(blocks["blocked"], json!([]), "{blocks}");
    // Undoing the rename would give him back a name: refused, and so is
    // any action on him.
    let (status, refused) = undo(&ola, &renamed["id"], "the name was fine");
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("nothing_to_moderate")),
        "{refused}"
    );
    let (status, refused) = json_answer(
        ola.post(
            "/api/admin/actions",
            &json!({"action": "rename", "person": bruno_id, "name": "Bruno", "reason": "x"})
                .to_string(),
        ),
    );
    assert_eq!(
        (status, refused["code"].as_str()),
        (409, Some("nothing_to_moderate")),
        "{refused}"
    );
    let (_, page) = json_answer(server.get(&format!("/api/players/{bruno_id}")));
    assert_eq!(
        (page["name"].is_null(), &page["forgotten"]),
        (true, &json!(true)),
        "{page}"
    );
}

/// "A reported line hidden on every page that shows it": a line in the
/// watchers' room, reported by another watcher, is taken from every
/// watcher's chat when a moderator hides it, and with PostgreSQL from a
/// watcher on a second server over the same database too (the
/// `chat_hidden` notice); a watcher who comes later never reads it.
#[test]
fn a_watchers_line_hidden_is_gone_from_every_watcher_on_every_server() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let bruno = server.person();
    let ola = server.person();
    ola.register("ola_hides", "a long password");
    let (ok, said) = admin(&path(&dir), &["grant", "ola_hides"]);
    assert!(ok, "{said}");
    let created = anna.create(INVITED);
    let game = created["id"].as_str().unwrap().to_owned();
    bruno.join_invite(&created, 0);

    // Two watchers here, people by a name each; with PostgreSQL a third
    // on another server.
    let (karlis, liga) = (server.person(), server.person());
    for (p, name) in [(&karlis, "Kārlis"), (&liga, "Līga")] {
        let (status, _) = p.post("/api/me", &json!({ "name": name }).to_string());
        assert_eq!(status, 200);
    }
    let second_dir = data_dir();
    let second =
        postgres(&path(&dir)).map(|url| Running::start_on(&path(&second_dir), Some(&url), &[]));
    let mut k = karlis.socket(&game);
    let mut l = liga.socket(&game);
    let mut far = second.as_ref().map(|s| s.watch(&game));
    for ws in [&mut k, &mut l].into_iter().chain(far.as_mut()) {
        hello(ws);
    }
    k.send(&json!({"type": "chat", "text": "spēlē kā vecmāmiņa"}));
    let said = l.next_of("chat");
    assert_eq!(said["room"], "watchers", "{said}");
    let line = said["number"].as_u64().unwrap();
    assert_eq!(k.next_of("chat")["number"], line);
    if let Some(ws) = far.as_mut() {
        assert_eq!(
            ws.next_of("chat")["number"],
            line,
            "heard on the other server"
        );
    }

    // Līga reports it; the moderator hides it.
    let (status, made) = json_answer(liga.post(
        "/api/reports",
        &json!({"kind": "chat_line", "game": game, "line": line, "reason": "abuse"}).to_string(),
    ));
    assert_eq!(status, 201, "{made}");
    let karlis_id = karlis.id();
    act(
        &ola,
        json!({"action": "hide_line", "person": karlis_id, "game": game, "line": line, "reason": "an insult", "report": made["id"]}),
    );
    for ws in [&mut k, &mut l].into_iter().chain(far.as_mut()) {
        assert_eq!(ws.next_of("chat_removed")["numbers"], json!([line]));
    }
    // A watcher who opens the game now reads the room without it.
    let mut later = server.watch(&game);
    hello(&mut later);
    l.send(&json!({"type": "chat", "preset": "hello"}));
    let next = later.next_of("chat");
    assert_eq!(
        next["preset"], "hello",
        "the hidden line is not read again: {next}"
    );
}
