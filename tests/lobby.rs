//! The lobby (docs/protocol.md, "The lobby") over the real binary on
//! loopback: a challenge is listed for others, accepted by the first to
//! come (a second is told the seat is taken), refused to its creator and
//! outside its rating range; "play someone now" pairs two visitors; the
//! live games say how many watch; bad challenges store nothing. The lobby
//! followed live (`GET /api/lobby/live`, server-sent events) shows another
//! person's challenge come and, once accepted, go, without being asked
//! again; tells the waiting creator of the acceptance; refuses streams
//! beyond its bound per address; and never holds up a shutdown.

use std::io::Write;
use std::time::Duration;

use crate::support::db;
use crate::support::live::Live;
use crate::support::server::{
    data_dir, needs_postgres, new_database, path, Person, Reply, Running,
};
use serde_json::{json, Value};

const SINGLES: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"stroke_clock":30}"#;

/// The lobby as `p` sees it (`GET /api/lobby`).
pub(crate) fn lobby(p: &crate::support::server::Person) -> Value {
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

/// The lobby's events, on a follower of `GET /api/lobby/live`.
trait LobbyLive {
    /// `person` follows the lobby of `server`, with the query `query`.
    fn lobby_of(server: &Running, person: &Person, query: &str) -> Live;
    /// The next `lobby` event's lobby.
    fn lobby(&mut self) -> Value;
    /// Lobbies as they come until one satisfies `done`: each differs from
    /// the one before (the stream sends a lobby only when it changed).
    fn until(&mut self, before: Value, done: impl Fn(&Value) -> bool) -> Value;
}

impl LobbyLive for Live {
    fn lobby_of(server: &Running, person: &Person, query: &str) -> Live {
        Live::follow(server, person, &format!("/api/lobby/live{query}"))
    }

    fn lobby(&mut self) -> Value {
        let (name, data) = self.next();
        assert_eq!(name, "lobby", "{data}");
        data
    }

    fn until(&mut self, mut before: Value, done: impl Fn(&Value) -> bool) -> Value {
        loop {
            let now = self.lobby();
            assert_ne!(now, before, "a lobby is sent only when it changed");
            if done(&now) {
                return now;
            }
            before = now;
        }
    }
}

#[test]
fn the_live_lobby_shows_a_challenge_come_and_go_and_tells_its_creator() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let bruno = server.person();
    anna.post("/api/me", r#"{"name":"Anna"}"#);
    bruno.post("/api/me", r#"{"name":"Bruno"}"#);
    let mut watching = Live::lobby_of(&server, &bruno, "");
    let first = watching.lobby();
    assert_eq!(first["challenges"], json!([]), "{first}");

    let (status, body) = anna.post("/api/lobby/challenges", SINGLES);
    assert_eq!(status, 201, "{body}");
    let id = serde_json::from_str::<Value>(&body).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut waiting = Live::lobby_of(&server, &anna, &format!("?waiting={id}"));
    let mine = waiting.lobby();
    assert_eq!(listed(&mine, &id).expect("her own")["acceptable"], false);

    // Bruno is sent it without asking.
    let seen = watching.until(first, |l| listed(l, &id).is_some());
    let c = listed(&seen, &id).unwrap();
    assert_eq!(c["name"], "Anna");
    assert_eq!(c["acceptable"], true);

    let (status, body) = bruno.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 200, "{body}");
    // It leaves Bruno's lobby, and Anna is told her challenge is taken.
    watching.until(seen, |l| listed(l, &id).is_none());
    loop {
        let (name, data) = waiting.next();
        if name == "accepted" {
            assert_eq!(data, json!({ "id": id }));
            break;
        }
        assert_eq!(name, "lobby", "{data}");
    }
}

#[test]
fn live_streams_beyond_an_address_bound_are_refused_clearly() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    // The server's bound (lobby::live::PER_ADDRESS).
    const PER_ADDRESS: usize = 16;
    let open = |from: &str| {
        Live::open_on(
            server.connect_from(from),
            &server.host,
            None,
            "/api/lobby/live",
        )
    };
    let mut held: Vec<Live> = (0..PER_ADDRESS).map(|_| open("127.0.0.7")).collect();
    for live in &mut held {
        assert_eq!(live.status, 200, "{}", live.head);
        live.lobby();
    }
    let mut over = server.connect_from("127.0.0.7");
    write!(
        over,
        "GET /api/lobby/live HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
        server.host
    )
    .unwrap();
    let refused = Reply::read(&mut over);
    assert_eq!(refused.status, 503, "{refused:?}");
    assert_eq!(refused.json()["code"], "busy", "{refused:?}");
    assert!(refused.header("retry-after").is_some(), "{refused:?}");
    // Another address is not held back, nor is the rest of the server.
    let mut other = open("127.0.0.8");
    assert_eq!(other.status, 200, "{}", other.head);
    other.lobby();
    let (status, _) = server.get("/api/lobby");
    assert_eq!(status, 200);
    let (status, body) = server.get("/api/lobby/live?since=3");
    assert_eq!(status, 400, "an unknown parameter: {body}");
    let (status, body) = server.get("/api/lobby/live?waiting=nope");
    assert_eq!(status, 404, "not a game id: {body}");
}

#[test]
fn a_server_with_lobby_followers_stops_at_once() {
    let dir = data_dir();
    let mut server = Running::start(&path(&dir));
    let mut followers: Vec<Live> = (0..3)
        .map(|_| Live::lobby_of(&server, &server.person(), ""))
        .collect();
    for live in &mut followers {
        live.lobby();
    }
    let (status, took) = server
        .terminate(Duration::from_secs(20))
        .expect("the server stops");
    assert!(status.success(), "{status:?}");
    assert!(took < Duration::from_secs(4), "{took:?}");
    // Each stream was ended by the server as it stopped (its last chunk
    // sent), not dropped once the connection's grace ran out.
    for live in &mut followers {
        let rest = live.rest();
        assert!(rest.ends_with("0\r\n\r\n"), "the stream ended: {rest:?}");
    }
}

/// Two servers over one PostgreSQL: a challenge made on one shows in the
/// live lobby of the other, which reads the store.
#[test]
fn a_challenge_made_on_another_server_shows_in_the_live_lobby() {
    if !needs_postgres() {
        return;
    }
    let dirs = [data_dir(), data_dir()];
    let url = new_database(&path(&dirs[0]));
    let a = Running::start_on(&path(&dirs[0]), Some(&url), &[]);
    let b = Running::start_on(&path(&dirs[1]), Some(&url), &[]);
    let watcher = b.person();
    let mut live = Live::lobby_of(&b, &watcher, "");
    let first = live.lobby();
    let (status, body) = a.person().post("/api/lobby/challenges", SINGLES);
    assert_eq!(status, 201, "{body}");
    let id = serde_json::from_str::<Value>(&body).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    live.until(first, |l| listed(l, &id).is_some());
}

/// The public games of a lobby, by id.
fn live_ids(lobby: &Value) -> Vec<String> {
    lobby["live"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn an_open_challenge_is_a_live_game_only_once_its_seats_are_taken() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let bruno = server.person();
    let (status, body) = anna.post("/api/lobby/challenges", SINGLES);
    assert_eq!(status, 201, "{body}");
    let id = serde_json::from_str::<Value>(&body).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let waiting = lobby(&bruno);
    assert!(listed(&waiting, &id).is_some(), "an open challenge");
    assert!(
        !live_ids(&waiting).contains(&id),
        "nobody plays it yet: {waiting}"
    );
    let (status, body) = bruno.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 200, "{body}");
    let playing = lobby(&bruno);
    assert!(listed(&playing, &id).is_none());
    assert!(live_ids(&playing).contains(&id), "{playing}");
}

#[test]
fn a_challenge_is_withdrawn_by_its_creator_alone_while_it_is_open() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let bruno = server.person();
    let stranger = server.person();
    anna.post("/api/me", r#"{"name":"Anna"}"#);
    bruno.post("/api/me", r#"{"name":"Bruno"}"#);
    let made = |p: &Person| {
        let (status, body) = p.post("/api/lobby/challenges", SINGLES);
        assert_eq!(status, 201, "{body}");
        serde_json::from_str::<Value>(&body).unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let id = made(&anna);
    let mut waiting = Live::lobby_of(&server, &anna, &format!("?waiting={id}"));
    let before = waiting.lobby();
    assert!(listed(&before, &id).is_some());
    for (who, code) in [(&bruno, "not_creator"), (&stranger, "not_creator")] {
        let (status, body) = who.post(&format!("/api/lobby/challenges/{id}/withdraw"), "");
        assert_eq!(status, 403, "{body}");
        assert!(body.contains(code), "{body}");
    }
    let (status, body) = anna.post(&format!("/api/lobby/challenges/{id}/withdraw"), "");
    assert_eq!(status, 204, "{body}");
    // It leaves the lobby (Anna's stream says so, and tells of no
    // acceptance), and nobody can take its seat any more.
    waiting.until(before, |l| listed(l, &id).is_none());
    assert!(listed(&lobby(&bruno), &id).is_none());
    let (status, body) = bruno.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("match_over"), "{body}");
    let state = server.state(&id);
    assert_eq!(state["seats"][1]["holder"], "open", "{state}");
    let (status, body) = anna.post(&format!("/api/lobby/challenges/{id}/withdraw"), "");
    assert_eq!(status, 409, "once only: {body}");
    assert!(body.contains("seat_taken"), "{body}");

    // Once accepted, it is no longer its creator's to withdraw.
    let id = made(&anna);
    let (status, body) = bruno.post(&format!("/api/lobby/challenges/{id}/accept"), "{}");
    assert_eq!(status, 200, "{body}");
    let (status, body) = anna.post(&format!("/api/lobby/challenges/{id}/withdraw"), "");
    assert_eq!(status, 409, "{body}");
    assert!(body.contains("seat_taken"), "{body}");
    let (status, body) = anna.post("/api/lobby/challenges/0123/withdraw", "");
    assert_eq!(status, 404, "not a game id: {body}");
}
