//! One name per person (issue 31, "Names"; docs/protocol.md, "Who is
//! who"), over the real binary on loopback: the name a person goes by is
//! the one they chose, else their account's user name; it names their seat
//! in the state, their games in the list of games and among the lobby's
//! live games, and their challenges; a name given at the table reaches the
//! lists; the name typed in the new-game form for the one seat its creator
//! takes becomes theirs; a hot-seat game keeps the names typed for its
//! seats.

use crate::support::server::{data_dir, path, Person, Running};
use serde_json::{json, Value};

const PASSWORD: &str = "a long enough secret";

fn me(p: &Person) -> Value {
    let (status, body) = p.get("/api/me");
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// The names `GET /api/games` gives game `id`'s players, as `p` sees it.
fn listed_names(p: &Person, id: &str) -> Vec<Value> {
    let row = p.listed(id).expect("the game is listed");
    row["who"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["name"].clone())
        .collect()
}

/// The names the lobby's live games give game `id`'s players, once they
/// are `want`: the lobby is read again at most once a second
/// (`lobby/terms.rs`, `LOBBY_FRESH`), so a rename reaches it within one.
/// Bounded to ten seconds.
fn live_names_become(p: &Person, id: &str, want: &[Value]) {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let names = live_names(p, id);
        if names == want {
            return;
        }
        assert!(
            std::time::Instant::now() < until,
            "the lobby still says {names:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

/// The names the lobby's live games give game `id`'s players.
fn live_names(p: &Person, id: &str) -> Vec<Value> {
    let lobby = crate::lobby::lobby(p);
    let game = lobby["live"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not among the live games: {lobby}"))
        .clone();
    game["who"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["name"].clone())
        .collect()
}

#[test]
fn an_account_goes_by_its_user_name_until_a_name_is_chosen_and_the_lists_follow() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let bruno = server.person();
    let carla = server.person();
    // Anna has an account and never chose a name: she goes by "anna_k".
    anna.register("anna_k", PASSWORD);
    assert_eq!(me(&anna)["name"], "anna_k");

    // Her challenge names her so in the lobby.
    let (status, body) = anna.post(
        "/api/lobby/challenges",
        r#"{"format":"singles","profile":"lnf-2017","sets":1}"#,
    );
    assert_eq!(status, 201, "{body}");
    let id = serde_json::from_str::<Value>(&body).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let lobby = crate::lobby::lobby(&carla);
    let challenge = lobby["challenges"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id.as_str())
        .expect("the challenge is listed");
    assert_eq!(challenge["name"], "anna_k", "not 'Player without a name'");

    // Bruno, anonymous and nameless, accepts; then names himself at the
    // table (the page's name field sends POST /api/me).
    let (status, body) = bruno.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 200, "{body}");
    assert_eq!(live_names(&carla, &id), [json!("anna_k"), Value::Null]);
    let (status, body) = bruno.post("/api/me", r#"{"name":"Bruno"}"#);
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["name"],
        "Bruno"
    );

    // Everywhere: the state's seats, the list, the lobby's live games.
    let state = server.state(&id);
    assert_eq!(state["seats"][0]["name"], "anna_k");
    assert_eq!(state["seats"][1]["name"], "Bruno");
    for names in [listed_names(&carla, &id), listed_names(&bruno, &id)] {
        assert_eq!(names, [json!("anna_k"), json!("Bruno")]);
    }
    live_names_become(&carla, &id, &[json!("anna_k"), json!("Bruno")]);

    // Anna chooses a name: it replaces her user name everywhere; choosing
    // none gives the user name back.
    let (status, body) = anna.post("/api/me", r#"{"name":"Anna Kalniņa"}"#);
    assert_eq!(status, 200, "{body}");
    assert_eq!(listed_names(&carla, &id)[0], "Anna Kalniņa");
    live_names_become(&carla, &id, &[json!("Anna Kalniņa"), json!("Bruno")]);
    assert_eq!(server.state(&id)["seats"][0]["name"], "Anna Kalniņa");
    let (status, body) = anna.post("/api/me", r#"{"name":null}"#);
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["name"],
        "anna_k"
    );
    assert_eq!(listed_names(&carla, &id)[0], "anna_k");
    assert_eq!(server.state(&id)["seats"][0]["name"], "anna_k");

    // A name that cannot be one changes nothing.
    let (status, body) = anna.post("/api/me", &json!({"name": "a\u{202e}b"}).to_string());
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("bad_name"), "{body}");
    assert_eq!(me(&anna)["name"], "anna_k");
}

#[test]
fn the_name_typed_for_ones_own_seat_is_ones_name_and_hot_seat_keeps_its_names() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let dana = server.person();
    let eric = server.person();
    dana.register("dana", PASSWORD);
    // Dana makes a game with a friend, typing "Dana O." for her seat: that
    // is her name from now on, in this game and in every other.
    let created = dana.create(
        r#"{"format":"singles","profile":"lnf-2017","sets":1,
            "players":[{"kind":"human","name":"Dana O."},{"kind":"human","invite":true}]}"#,
    );
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(me(&dana)["name"], "Dana O.");
    eric.join_invite(&created, 0);
    assert_eq!(server.state(&id)["seats"][0]["name"], "Dana O.");
    assert_eq!(listed_names(&eric, &id)[0], "Dana O.");

    // A hot-seat game: Dana holds both seats and types two names. Each
    // seat keeps the name typed for it, in the state and in the list, and
    // Dana's own name stays hers.
    let hot = dana.create(
        r#"{"format":"singles","profile":"lnf-2017","sets":1,
            "players":[{"kind":"human","name":"Ilze"},{"kind":"human","name":"Juris"}]}"#,
    );
    let hot_id = hot["id"].as_str().unwrap();
    assert_eq!(hot["seats"][0]["name"], Value::Null);
    assert_eq!(hot["seats"][1]["name"], Value::Null);
    assert_eq!(hot["players"][0]["name"], "Ilze");
    assert_eq!(listed_names(&dana, hot_id), [json!("Ilze"), json!("Juris")]);
    assert_eq!(me(&dana)["name"], "Dana O.");

    // Against the computer, the name typed for her seat is hers too.
    let computer = dana.create(
        r#"{"format":"singles","profile":"lnf-2017","sets":1,
            "players":[{"kind":"human","name":"Dana"},{"kind":"computer","level":"novice"}]}"#,
    );
    assert_eq!(me(&dana)["name"], "Dana");
    assert_eq!(computer["seats"][0]["name"], "Dana");
    assert_eq!(
        listed_names(&dana, computer["id"].as_str().unwrap())[0],
        "Dana"
    );
    // And in the game with Eric, in memory and in the list.
    assert_eq!(server.state(&id)["seats"][0]["name"], "Dana");
    assert_eq!(listed_names(&eric, &id)[0], "Dana");
}
