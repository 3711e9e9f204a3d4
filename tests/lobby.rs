//! The lobby (docs/protocol.md, "The lobby") over the real binary on
//! loopback: a challenge is listed for others, accepted by the first to
//! come (a second is told the seat is taken), refused to its creator and
//! outside its rating range; "play someone now" pairs two visitors; the
//! live games say how many watch; bad challenges store nothing.

use crate::support::db;
use crate::support::server::{data_dir, path, Running};
use serde_json::{json, Value};

const SINGLES: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"stroke_clock":30}"#;

fn lobby(p: &crate::support::server::Person) -> Value {
    let (status, body) = p.get("/api/lobby");
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

fn listed<'a>(lobby: &'a Value, id: &str) -> Option<&'a Value> {
    lobby["challenges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
}

#[test]
fn a_challenge_is_listed_for_others_and_taken_by_the_first() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let bruno = server.person();
    let late = server.person();
    anna.post("/api/me", r#"{"name":"Anna"}"#);
    let (status, body) = anna.post("/api/lobby/challenges", SINGLES);
    assert_eq!(status, 201, "{body}");
    let created: Value = serde_json::from_str(&body).unwrap();
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["stroke_clock"], 30);

    let seen = lobby(&bruno);
    let c = listed(&seen, &id).expect("listed for others");
    assert_eq!(c["name"], "Anna");
    assert_eq!(c["rating"], 1500);
    assert_eq!(c["provisional"], true);
    assert_eq!(c["acceptable"], true);
    assert_eq!(c["open"], 1);
    assert_eq!(listed(&lobby(&anna), &id).unwrap()["acceptable"], false);
    assert!(
        bruno.cookie().is_none(),
        "looking at the lobby makes nobody a person"
    );

    let (status, body) = anna.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("cannot_accept"), "{body}");
    let (status, body) = bruno.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 200, "{body}");
    let took: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(took["player"], 1);
    let (status, body) = late.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("seat_taken"));
    assert!(
        late.cookie().is_none(),
        "a refused acceptance makes nobody a person"
    );
    assert!(listed(&lobby(&late), &id).is_none(), "no longer open");

    // The game is theirs to play, and watched live.
    let mut a = anna.socket(&id);
    let mut b = bruno.socket(&id);
    let mut w = server.watch(&id);
    for ws in [&mut a, &mut b, &mut w] {
        ws.send(&json!({"type": "hello"}));
        assert_eq!(ws.next_reply()["type"], "state");
    }
    let live = lobby(&late);
    let game = live["live"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.as_str())
        .expect("a public game in play is live");
    assert_eq!(game["watchers"], 1, "the watcher, not the players: {game}");
}

#[test]
fn a_rating_range_and_bad_challenges_are_refused_with_nothing_stored() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let db_file = server.data.join("novuss.sqlite3");
    let anna = server.person();
    let bruno = server.person();
    let ranged = r#"{"format":"singles","profile":"lnf-2017","sets":1,"min_rating":1600}"#;
    let (status, body) = anna.post("/api/lobby/challenges", ranged);
    assert_eq!(status, 201, "{body}");
    let id = serde_json::from_str::<Value>(&body).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(listed(&lobby(&bruno), &id).unwrap()["acceptable"], false);
    let (status, body) = bruno.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("out_of_range"), "{body}");
    assert_eq!(
        db::count(
            &db_file,
            "SELECT COUNT(*) FROM seats WHERE person_id IS NULL"
        ),
        1,
        "the seat stays open"
    );
    let games = db::count(&db_file, "SELECT COUNT(*) FROM games");
    for bad in [
        r#"{"format":"singles","profile":"lnf-2017","sets":1,"min_rating":1700,"max_rating":1600}"#,
        r#"{"format":"triples","profile":"lnf-2017","sets":1}"#,
        r#"{"format":"singles","profile":"lnf-2017","sets":2}"#,
        r#"{"format":"singles","profile":"lnf-2017","sets":1,"stroke_clock":5}"#,
        r#"{"format":"singles","profile":"lnf-2017","sets":1,"max_rating":99999}"#,
        r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[]}"#,
    ] {
        let (status, body) = bruno.post("/api/lobby/challenges", bad);
        assert_eq!(status, 400, "{bad}: {body}");
    }
    assert_eq!(db::count(&db_file, "SELECT COUNT(*) FROM games"), games);
    assert!(
        bruno.cookie().is_none(),
        "a refused challenge makes nobody a person"
    );
    let (status, body) = bruno.post("/api/lobby/challenges/0123/accept", "{}");
    assert_eq!(status, 404, "not a game id: {body}");
}

#[test]
fn play_someone_now_pairs_two_visitors() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let carl = server.person();
    let dana = server.person();
    let (status, body) = carl.post("/api/lobby/quick", SINGLES);
    assert_eq!(status, 200, "{body}");
    let first: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(
        first["waiting"], true,
        "nobody waits yet: a challenge of Carl's"
    );
    // Other terms do not pair.
    let (_, body) = dana.post(
        "/api/lobby/quick",
        r#"{"format":"singles","profile":"lnf-2017","sets":3}"#,
    );
    let other: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(other["waiting"], true);
    assert_ne!(other["id"], first["id"]);
    let (status, body) = server.person().post("/api/lobby/quick", SINGLES);
    assert_eq!(status, 200, "{body}");
    let paired: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(paired["waiting"], false, "{paired}");
    assert_eq!(paired["id"], first["id"]);
    assert_eq!(paired["player"], 1);
}
