//! Download my data (issue 34, "People's data is theirs"), over real
//! HTTP: a person who played, chatted, registered and organised gets all
//! of it as a JSON file, and nothing of anybody else's, with no secret in
//! it; a browser the server knows nothing of gets an empty one. On SQLite
//! and, with `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::{json, Value};

use crate::support::server::{data_dir, json_answer, path, Running};

const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

#[test]
fn a_person_downloads_all_they_left_here_and_nothing_of_anyone_else() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));

    // A browser the server knows nothing of: an empty file, no person.
    let stranger = server.person();
    let (status, empty) = json_answer(stranger.get("/api/me/data"));
    assert_eq!(status, 200, "{empty}");
    assert_eq!(empty["kind"], "novuss-personal-data");
    assert_eq!(empty["person"], Value::Null);
    assert_eq!(empty["games"], json!([]));

    // Anna names herself, creates a game, Jānis joins; both chat.
    let anna = server.person();
    let (status, me) = json_answer(anna.post("/api/me", r#"{"name":"Anna Ozola"}"#));
    assert_eq!(status, 200, "{me}");
    let anna_id = me["person"].as_str().unwrap().to_owned();
    let created = anna.create(INVITED);
    let game = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let janis = server.person();
    let (status, body) = janis.post(
        &format!("/api/games/{game}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let mut a = anna.socket(&game);
    let mut j = janis.socket(&game);
    for ws in [&mut a, &mut j] {
        ws.send(&json!({"type": "hello"}));
        ws.next_of("chat_settings");
    }
    a.send(&json!({"type": "chat", "text": "Veiksmi, Jāni!"}));
    a.next_of("chat");
    j.send(&json!({"type": "chat", "text": "Paldies, Anna"}));
    a.next_of("chat");
    j.next_of("chat");
    // She registers (her seats stay hers) and organises a competition.
    anna.register("anna_data", "a long password");
    let (status, c) = json_answer(
        anna.post(
            "/api/competitions",
            &json!({"name": "Annas kauss", "tables": 2,
            "system": {"kind": "swiss", "rounds": 3},
            "format": {"kind": "sets", "sets": 6}})
            .to_string(),
        ),
    );
    assert_eq!(status, 201, "{c}");

    let (status, mine) = json_answer(anna.get("/api/me/data"));
    assert_eq!(status, 200, "{mine}");
    assert_eq!(mine["person"]["id"], anna_id.as_str());
    assert_eq!(mine["person"]["name"], "Anna Ozola");
    assert_eq!(mine["account"], json!({"username": "anna_data"}));
    assert!(!mine["sessions"].as_array().unwrap().is_empty());
    let games: Vec<&str> = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(games, [game.as_str()]);
    let said: Vec<&str> = mine["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["text"].as_str().unwrap())
        .collect();
    assert_eq!(said, ["Veiksmi, Jāni!"], "her line only, not Jānis's");
    assert_eq!(mine["organised"][0]["name"], "Annas kauss");
    // No secret: no hash of a session or of the password, no password.
    let text = mine.to_string();
    for secret in ["a long password", "argon2", "token_hash", "password_hash"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    let (status, _) = anna.get("/api/me/data");
    assert_eq!(status, 200);

    // The file is to keep: an attachment, not cached on the way.
    let reply = server.raw(&format!(
        "GET /api/me/data HTTP/1.1\r\nHost: {}\r\nCookie: {}\r\nConnection: close\r\n\r\n",
        server.host,
        anna.cookie().unwrap()
    ));
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("content-disposition"),
        Some("attachment; filename=\"novuss-data.json\"")
    );
    assert_eq!(reply.header("cache-control"), Some("no-store"));

    // Jānis gets his own line and the game, and nothing of Anna's.
    let (_, his) = json_answer(janis.get("/api/me/data"));
    assert_eq!(his["chat"][0]["text"], "Paldies, Anna");
    assert_eq!(his["chat"].as_array().unwrap().len(), 1);
    assert_eq!(his["account"], Value::Null);
    assert_eq!(his["organised"], json!([]));
    assert!(!his.to_string().contains("Annas kauss"));
}
