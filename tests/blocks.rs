//! Blocks (issue 34, "Moderated": "block a person (no challenges, chat or
//! invitations from them)"; docs/moderation.md, "Blocks") over real HTTP
//! and WebSocket: once Anna blocks Bruno, neither sees the other's
//! challenges nor may accept them ("play someone now" passes them by),
//! neither takes the other's invitation,
//! and neither reads the other's chat lines, while everyone else does;
//! unblocked, all of it passes again. On SQLite and, with
//! `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::json;

use crate::support::server::{data_dir, json_answer, path, Person, Running};

const CHALLENGE: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"stroke_clock":30}"#;
const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// The ids of the challenges `p` sees in the lobby.
fn challenges(p: &Person) -> Vec<String> {
    let (status, lobby) = json_answer(p.get("/api/lobby"));
    assert_eq!(status, 200, "{lobby}");
    lobby["challenges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_block_keeps_two_people_apart_either_way_and_unblocking_undoes_it() {
    let dir = data_dir();
    // Its people all come from 127.0.0.1: more games at once than the
    // limit per address lets one address make.
    let server = Running::start_with(&path(&dir), &["--create-burst", "40"]);
    let anna = server.person();
    let bruno = server.person();
    let carla = server.person();
    for (p, name) in [(&anna, "Anna"), (&bruno, "Bruno"), (&carla, "Carla")] {
        let (status, _) = p.post("/api/me", &json!({ "name": name }).to_string());
        assert_eq!(status, 200);
    }
    let bruno_id = bruno.id();

    // Bruno's challenge, before: everyone sees it.
    let (status, made) = json_answer(bruno.post("/api/lobby/challenges", CHALLENGE));
    assert_eq!(status, 201, "{made}");
    let theirs = made["id"].as_str().unwrap().to_owned();
    assert!(challenges(&anna).contains(&theirs));

    // Anna blocks him; twice is the same block; herself, nobody.
    let block = json!({ "person": bruno_id }).to_string();
    let (status, list) = json_answer(anna.post("/api/blocks", &block));
    assert_eq!(status, 201, "{list}");
    assert_eq!(
        (
            list["blocked"][0]["person"].as_str(),
            list["blocked"][0]["name"].as_str()
        ),
        (Some(bruno_id.as_str()), Some("Bruno"))
    );
    let (status, _) = anna.post("/api/blocks", &block);
    assert_eq!(status, 200);
    let (status, own) =
        json_answer(anna.post("/api/blocks", &json!({ "person": anna.id() }).to_string()));
    assert_eq!(
        (status, own["code"].as_str()),
        (400, Some("bad_message")),
        "{own}"
    );
    let (status, none) = json_answer(anna.post(
        "/api/blocks",
        &json!({ "person": "00000000000000000000000000000000" }).to_string(),
    ));
    assert_eq!(
        (status, none["code"].as_str()),
        (404, Some("unknown_player")),
        "{none}"
    );

    // Challenges: hidden from each other, not accepted either way; Carla
    // still sees and could take them.
    assert!(!challenges(&anna).contains(&theirs));
    assert!(challenges(&carla).contains(&theirs));
    let (status, no) =
        json_answer(anna.post(&format!("/api/lobby/challenges/{theirs}/accept"), "{}"));
    assert_eq!(
        (status, no["code"].as_str()),
        (403, Some("blocked")),
        "{no}"
    );
    let (status, hers) = json_answer(anna.post("/api/lobby/challenges", CHALLENGE));
    assert_eq!(status, 201, "{hers}");
    let hers = hers["id"].as_str().unwrap().to_owned();
    assert!(
        !challenges(&bruno).contains(&hers),
        "the one blocked does not see hers either"
    );
    let (status, no) =
        json_answer(bruno.post(&format!("/api/lobby/challenges/{hers}/accept"), "{}"));
    assert_eq!(
        (status, no["code"].as_str()),
        (403, Some("blocked")),
        "{no}"
    );
    // "Play someone now" passes her challenge by, though its terms are
    // his: he waits with one of his own instead.
    let (status, quick) = json_answer(bruno.post("/api/lobby/quick", CHALLENGE));
    assert_eq!(status, 200, "{quick}");
    assert_eq!(quick["waiting"], true, "{quick}");
    assert_ne!(quick["id"], hers.as_str());
    let withdrawn = bruno.post(
        &format!(
            "/api/lobby/challenges/{}/withdraw",
            quick["id"].as_str().unwrap()
        ),
        "{}",
    );
    assert_eq!(withdrawn.0, 204, "{}", withdrawn.1);

    // Invitations: neither takes the other's.
    let invited = anna.create(INVITED);
    let game = invited["id"].as_str().unwrap().to_owned();
    let invite = invited["invites"][0]["invite"].as_str().unwrap().to_owned();
    let (status, no) = json_answer(bruno.post(
        &format!("/api/games/{game}/join"),
        &json!({ "invite": invite }).to_string(),
    ));
    assert_eq!(
        (status, no["code"].as_str()),
        (403, Some("blocked")),
        "{no}"
    );
    assert_eq!(
        server.state(&game)["seats"][1]["holder"],
        "open",
        "the seat still waits"
    );

    // Chat: the three of them watch Dace's game. Anna's and Bruno's lines
    // never reach each other; Dace's and everyone else's reach both.
    let dace = server.person();
    let watched = dace.create(INVITED)["id"].as_str().unwrap().to_owned();
    let mut wa = anna.socket(&watched);
    let mut wb = bruno.socket(&watched);
    let mut wc = carla.socket(&watched);
    for ws in [&mut wa, &mut wb, &mut wc] {
        ws.send(&json!({"type": "hello"}));
        ws.next_of("chat_settings");
    }
    let say = |ws: &mut crate::support::server::Socket, text: &str| {
        ws.send(&json!({"type": "chat", "text": text, "room": "watchers"}))
    };
    say(&mut wb, "no Bruno");
    assert_eq!(wc.next_of("chat")["text"], "no Bruno", "Carla reads Bruno");
    assert_eq!(wb.next_of("chat")["text"], "no Bruno");
    say(&mut wa, "no Annas");
    assert_eq!(
        wa.next_of("chat")["text"],
        "no Annas",
        "Anna's first line read is her own: Bruno's never came"
    );
    assert_eq!(wc.next_of("chat")["text"], "no Annas");
    say(&mut wc, "no Karlas");
    assert_eq!(
        wb.next_of("chat")["text"],
        "no Karlas",
        "Bruno's next line read is Carla's: Anna's never came"
    );
    assert_eq!(wa.next_of("chat")["text"], "no Karlas");
    // A connection opened now reads the backlog without the other's lines.
    let mut again = anna.socket(&watched);
    again.send(&json!({"type": "hello"}));
    again.next_of("chat_settings");
    let first = again.next_of("chat");
    assert_eq!(first["text"], "no Annas", "{first}");

    // Unblocked: the challenge shows again, and a new connection reads him.
    let (status, list) = json_answer(anna.delete(&format!("/api/blocks/{bruno_id}")));
    assert_eq!(
        (status, list["blocked"].clone()),
        (200, json!([])),
        "{list}"
    );
    let (status, _) = anna.delete(&format!("/api/blocks/{bruno_id}"));
    assert_eq!(status, 404, "nothing to unblock twice");
    assert!(challenges(&anna).contains(&theirs));
    let mut after = anna.socket(&watched);
    after.send(&json!({"type": "hello"}));
    after.next_of("chat_settings");
    assert_eq!(after.next_of("chat")["text"], "no Bruno");
    let (status, blocks) = json_answer(anna.get("/api/blocks"));
    assert_eq!((status, blocks), (200, json!({"blocked": []})));
}
