//! Issue 29 ("Hold the door"), the points about people, seats and
//! accounts, each done as the attacker did it, over real HTTP on
//! loopback: accepts sent at once, a rated seat moved by signing in, an
//! account kept locked, a creator at their own invitation, registering
//! and signing in telling names apart alike, a damaged session row, and a
//! socket outliving its session.

use std::collections::HashSet;
use std::net::TcpStream;
use std::path::Path;
use std::process::Command;
use std::sync::Barrier;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::support::db;
use crate::support::server::{data_dir, path, Person, Running};

fn parse(body: &str) -> Value {
    serde_json::from_str(body).unwrap_or(Value::Null)
}

/// A person with a display name (so a person, with a cookie).
fn named<'a>(server: &'a Running, name: &str) -> Person<'a> {
    let p = server.person();
    let (status, body) = p.post("/api/me", &json!({ "name": name }).to_string());
    assert_eq!(status, 200, "{body}");
    p
}

/// The people holding game `id`'s seats, by player (null: open).
fn holders(server: &Running, id: &str) -> Vec<Option<String>> {
    server.state(id)["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["person"].as_str().map(str::to_owned))
        .collect()
}

/// Point 3: one person sending three accepts of a doubles challenge at
/// once takes one seat, never two; the others are refused.
#[test]
fn accepts_sent_at_once_seat_one_person_once() {
    let dir = data_dir();
    let server = Running::start_with(
        &path(&dir),
        &["--create-per-minute", "600", "--create-burst", "100"],
    );
    let creator = named(&server, "Creator");
    for round in 0..4 {
        let (status, body) = creator.post(
            "/api/lobby/challenges",
            r#"{"format":"doubles","profile":"lnf-2017","sets":1,"rated":true}"#,
        );
        assert_eq!(status, 201, "{body}");
        let id = parse(&body)["id"].as_str().unwrap().to_owned();
        let taker = named(&server, &format!("Taker {round}"));
        let barrier = Barrier::new(3);
        let answers: Vec<(u16, String)> = std::thread::scope(|s| {
            let threads: Vec<_> = (0..3)
                .map(|_| {
                    s.spawn(|| {
                        barrier.wait();
                        taker.post(&format!("/api/lobby/challenges/{id}/accept"), "{}")
                    })
                })
                .collect();
            threads.into_iter().map(|t| t.join().unwrap()).collect()
        });
        let seated = answers.iter().filter(|(s, _)| *s == 200).count();
        assert_eq!(seated, 1, "round {round}: {answers:?}");
        for (status, body) in answers.iter().filter(|(s, _)| *s != 200) {
            assert_eq!(
                (*status, parse(body)["code"].as_str().unwrap_or("")),
                (400, "cannot_accept"),
                "{body}"
            );
        }
        let held = holders(&server, &id);
        let mut people: Vec<&String> = held.iter().flatten().collect();
        let n = people.len();
        people.sort();
        people.dedup();
        assert_eq!(n, 2, "the creator and one seat of the taker: {held:?}");
        assert_eq!(people.len(), n, "nobody holds two seats: {held:?}");
    }
}

fn recompute(dir: &Path) -> (i32, String) {
    let mut command = Command::new(crate::support::novuss());
    command.args(["ratings", "recompute"]);
    match crate::support::server::postgres(dir) {
        Some(url) => command.arg("--database").arg(url),
        None => command.arg("--data").arg(dir),
    };
    let out = command.output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

const RATED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// `a` creates a rated singles game, `b` takes its invited seat, and the
/// player at `resigns` resigns at once; the game's id.
fn rated_game(a: &Person, b: &Person, resigns: usize) -> String {
    let created = a.create(RATED);
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap();
    let (status, body) = b.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let (who, seat) = if resigns == 0 {
        (a, "south")
    } else {
        (b, "north")
    };
    let mut ws = who.socket(&id);
    ws.send(&json!({"type": "hello"}));
    assert_eq!(ws.next_reply()["type"], "state");
    ws.send(&json!({"type": "resign", "event": 0, "seat": seat}));
    let m = ws.next_reply();
    assert_eq!(m["type"], "resigned", "{m}");
    id
}

/// Point 4: an anonymous person who lost a rated game signs in to their
/// account on that device: the seat, its result and its rating go to the
/// account, and recomputing every rating finds nothing to change.
#[test]
fn signing_in_takes_rated_results_along() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let janis = named(&server, "Jānis");
    // The account plays a rated game first, so that its rating and the
    // moved one must be merged in their order.
    let account = server.person();
    let (status, body) = account.post(
        "/api/account/register",
        r#"{"username":"anna4","password":"a long password"}"#,
    );
    assert_eq!(status, 201, "{body}");
    let acc = parse(&body)["person"].as_str().unwrap().to_owned();
    let first = rated_game(&account, &janis, 1);
    // On another device, not signed in, a rated game lost.
    let device = named(&server, "Anna");
    let (_, me) = device.get("/api/me");
    let anon = parse(&me)["person"].as_str().unwrap().to_owned();
    let second = rated_game(&device, &janis, 0);
    // Then she signs in there.
    let (status, body) = device.post(
        "/api/account/signin",
        r#"{"username":"anna4","password":"a long password"}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(holders(&server, &second)[0].as_deref(), Some(acc.as_str()));
    // The account's page has both results and a rating of two games.
    let (status, body) = janis.get(&format!("/api/players/{acc}"));
    assert_eq!(status, 200, "{body}");
    let page = parse(&body);
    let games: HashSet<&str> = page["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["game"].as_str().or(Some("(hidden)")))
        .collect();
    assert_eq!(games.len(), 2, "{page}");
    let singles = page["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["format"] == "singles")
        .cloned()
        .unwrap_or(Value::Null);
    assert_eq!(
        singles["wins"].as_u64().unwrap_or(0) + singles["losses"].as_u64().unwrap_or(0),
        2,
        "{page}"
    );
    // Nothing rated is left with the person nobody can be any more.
    let (_, body) = janis.get(&format!("/api/players/{anon}"));
    let left = parse(&body);
    assert!(
        left["results"].as_array().is_none_or(|r| r.is_empty()),
        "{left}"
    );
    assert_ne!(first, second);
    drop(server);
    let (code, out) = recompute(&path(&dir));
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("all as stored"), "{out}");
}

/// An HTTP answer read off a raw connection: status, head, body.
struct Raw {
    status: u16,
    head: String,
    body: Value,
}

impl Raw {
    fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }

    /// Every cookie the answer sets, as `name=value`.
    fn cookies(&self) -> Vec<String> {
        self.head
            .lines()
            .filter_map(|l| l.split_once(':'))
            .filter(|(n, _)| n.trim().eq_ignore_ascii_case("set-cookie"))
            .filter_map(|(_, v)| v.split(';').next().map(|p| p.trim().to_owned()))
            .filter(|p| !p.ends_with('='))
            .collect()
    }
}

/// A `POST` of `body` to `path` from the local address `from`, with the
/// cookies `cookies`.
fn post_from(server: &Running, from: &str, path: &str, body: &str, cookies: &[String]) -> Raw {
    let cookie = (!cookies.is_empty()).then(|| cookies.join("; "));
    let reply = server.post_from(from, path, body, cookie.as_deref());
    Raw {
        status: reply.status,
        body: parse(&reply.body),
        head: reply.head,
    }
}

/// Point 7: one address guessing at a name does not lock its owner out:
/// from another address the right password gets in, and from the
/// guesser's own address a device that was signed in before does.
#[test]
fn a_guesser_does_not_lock_the_owner_out() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let credentials = r#"{"username":"owner7","password":"the real password"}"#;
    let registered = post_from(
        &server,
        "127.0.0.1",
        "/api/account/register",
        credentials,
        &[],
    );
    assert_eq!(registered.status, 201, "{}", registered.body);
    let device = registered.cookies();
    let guess = |k: usize| {
        post_from(
            &server,
            "127.0.0.2",
            "/api/account/signin",
            &json!({"username": "owner7", "password": format!("guess {k}")}).to_string(),
            &[],
        )
    };
    let mut limited = 0;
    for k in 0..13 {
        let r = guess(k);
        assert!(
            r.code() == "wrong_password" || r.code() == "rate_limited",
            "{}",
            r.body
        );
        limited += usize::from(r.status == 429);
    }
    assert!(limited > 0, "the guesser is held back");
    // The owner, on a new device at another address.
    let fresh = post_from(
        &server,
        "127.0.0.3",
        "/api/account/signin",
        credentials,
        &[],
    );
    assert_eq!(fresh.status, 200, "{}", fresh.body);
    // And at the guesser's own address, from a device signed in before
    // (the session since ended: signed out), while the guessing goes on.
    let out = post_from(&server, "127.0.0.1", "/api/account/signout", "{}", &device);
    assert_eq!(out.status, 200, "{}", out.body);
    let kept: Vec<String> = device
        .iter()
        .filter(|c| !c.starts_with("novuss_id="))
        .cloned()
        .collect();
    assert_eq!(guess(99).status, 429);
    let known = post_from(
        &server,
        "127.0.0.2",
        "/api/account/signin",
        credentials,
        &kept,
    );
    assert_eq!(known.status, 200, "{}", known.body);
    // A stranger's device at that address still waits.
    let stranger = post_from(
        &server,
        "127.0.0.2",
        "/api/account/signin",
        credentials,
        &[],
    );
    assert_eq!(stranger.status, 429, "{}", stranger.body);
}

/// Issue 31: a stranger guessing at a name from the owner's own address
/// (one home network) does not stop the owner, signed in there, changing
/// the password: a password change is counted per session, not per
/// address and name, while the stranger's next device still waits.
#[test]
fn a_guesser_at_the_same_address_does_not_stop_a_password_change() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let registered = post_from(
        &server,
        "127.0.0.2",
        "/api/account/register",
        r#"{"username":"owner31","password":"the real password"}"#,
        &[],
    );
    assert_eq!(registered.status, 201, "{}", registered.body);
    let device = registered.cookies();
    let mut limited = 0;
    for k in 0..12 {
        let r = post_from(
            &server,
            "127.0.0.2",
            "/api/account/signin",
            &json!({"username": "owner31", "password": format!("guess {k}")}).to_string(),
            &[],
        );
        assert!(
            r.code() == "wrong_password" || r.code() == "rate_limited",
            "{}",
            r.body
        );
        limited += usize::from(r.status == 429);
    }
    assert!(limited > 0, "the guesser is held back");
    let changed = post_from(
        &server,
        "127.0.0.2",
        "/api/account/password",
        r#"{"old":"the real password","new":"a new password"}"#,
        &device,
    );
    assert_eq!(changed.status, 200, "{}", changed.body);
    let stranger = post_from(
        &server,
        "127.0.0.2",
        "/api/account/signin",
        r#"{"username":"owner31","password":"a new password"}"#,
        &[],
    );
    assert_eq!(
        (stranger.status, stranger.code()),
        (429, "rate_limited"),
        "{}",
        stranger.body
    );
    assert!(
        stranger.head.to_ascii_lowercase().contains("retry-after:"),
        "{}",
        stranger.head
    );
}

/// Point 10: the creator of a rated game opens their own invitation: it
/// is refused, and the seat stays open for someone else.
#[test]
fn a_creator_cannot_take_their_own_invited_seat() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = named(&server, "Anna");
    let created = anna.create(RATED);
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let join = json!({ "invite": invite }).to_string();
    let (status, body) = anna.post(&format!("/api/games/{id}/join"), &join);
    assert_eq!(
        (status, parse(&body)["code"].as_str().unwrap_or("")),
        (409, "already_seated"),
        "{body}"
    );
    assert_eq!(holders(&server, &id)[1], None, "the seat is still open");
    let janis = named(&server, "Jānis");
    let (status, body) = janis.post(&format!("/api/games/{id}/join"), &join);
    assert_eq!(status, 200, "{body}");
}

/// Point 11: registering and signing in tell alike whether a name has an
/// account: a taken name is `username_taken` to one and
/// `unknown_username` (for a free one) to the other, neither slower.
#[test]
fn registering_and_signing_in_tell_names_alike() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let owner = server.person();
    let (status, body) = owner.post(
        "/api/account/register",
        r#"{"username":"zed11","password":"a long password"}"#,
    );
    assert_eq!(status, 201, "{body}");
    let other = server.person();
    let t = Instant::now();
    let (status, body) = other.post(
        "/api/account/register",
        r#"{"username":"ZED11","password":"another password"}"#,
    );
    let taken_took = t.elapsed();
    assert_eq!(
        (status, parse(&body)["code"].clone()),
        (409, json!("username_taken"))
    );
    let t = Instant::now();
    let (status, body) = other.post(
        "/api/account/signin",
        r#"{"username":"nobody11","password":"another password"}"#,
    );
    let unknown_took = t.elapsed();
    assert_eq!(
        (status, parse(&body)["code"].clone()),
        (404, json!("unknown_username")),
        "{body}"
    );
    let (status, body) = other.post(
        "/api/account/signin",
        r#"{"username":"zed11","password":"another password"}"#,
    );
    assert_eq!(
        (status, parse(&body)["code"].clone()),
        (401, json!("wrong_password"))
    );
    // Neither answer waits for a password's hash.
    for took in [taken_took, unknown_took] {
        assert!(took < Duration::from_secs(2), "{took:?}");
    }
}

/// Point 13: a session row that cannot be read is an unknown cookie: the
/// page and the API answer, as to a visitor who is nobody yet.
#[test]
fn a_damaged_session_is_an_unknown_cookie() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = named(&server, "Anna");
    let cookie = anna.cookie().unwrap();
    let file = server.data.join("novuss.sqlite3");
    db::execute(
        &file,
        "INSERT INTO people (id, name, created) VALUES ('not a person id', NULL, 1)",
        &[],
    );
    db::execute(
        &file,
        "UPDATE sessions SET person_id = 'not a person id'",
        &[],
    );
    // A fresh look-up (this server's cache knows the session).
    let server = server.restart();
    let anna = server.person_with(&cookie);
    let (status, body) = anna.get("/");
    assert_eq!(status, 200, "{body}");
    let (status, body) = anna.get("/api/me");
    assert_eq!(status, 200, "{body}");
    assert_eq!(parse(&body)["person"], Value::Null, "{body}");
    // Acting makes a new person, as for any unknown cookie.
    let (status, body) = anna.post("/api/me", r#"{"name":"Anna"}"#);
    assert_eq!(status, 200, "{body}");
    assert_ne!(anna.cookie().unwrap(), cookie);
}

type Ws = WebSocket<MaybeTlsStream<TcpStream>>;

fn open_socket(server: &Running, cookie: &str, id: &str) -> Ws {
    use tungstenite::client::IntoClientRequest;
    let mut request = format!("ws://{}/api/games/{id}/ws", server.host)
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("cookie", cookie.parse().unwrap());
    let (mut ws, _) = tungstenite::connect(request).expect("the socket opens");
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    }
    ws.send(Message::text(json!({"type": "hello"}).to_string()))
        .unwrap();
    ws
}

/// The close code the server sends within `within`, or `None` if the
/// socket stays open.
fn closed_with(ws: &mut Ws, within: Duration) -> Option<u16> {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        match ws.read() {
            Ok(Message::Close(frame)) => return Some(frame.map_or(0, |f| u16::from(f.code))),
            Ok(_) => {}
            Err(e) if crate::support::server::timed_out(&e) => {}
            Err(_) => return Some(0),
        }
    }
    None
}

/// Point 15: a socket opened before its session ended (the password
/// changed on another device; signed out) is closed with 4001.
#[test]
fn sockets_close_when_their_session_ends() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let credentials = r#"{"username":"sock15","password":"the first password"}"#;
    let home = server.person();
    let (status, body) = home.post("/api/account/register", credentials);
    assert_eq!(status, 201, "{body}");
    let phone = server.person();
    let (status, body) = phone.post("/api/account/signin", credentials);
    assert_eq!(status, 200, "{body}");
    let id = phone.create(RATED)["id"].as_str().unwrap().to_owned();
    let mut on_phone = open_socket(&server, &phone.cookie().unwrap(), &id);
    let home_cookie = home.cookie().unwrap();
    let mut at_home = open_socket(&server, &home_cookie, &id);
    assert_eq!(closed_with(&mut on_phone, Duration::from_millis(500)), None);
    // The password changes at home: the phone's session ends.
    let (status, body) = home.post(
        "/api/account/password",
        r#"{"old":"the first password","new":"the second password"}"#,
    );
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        closed_with(&mut on_phone, Duration::from_secs(5)),
        Some(4001),
        "the phone's socket is closed as its session ended"
    );
    assert_eq!(
        closed_with(&mut at_home, Duration::from_millis(500)),
        None,
        "the socket of the session that changed it stays"
    );
    // Signing out at home closes home's socket too.
    let home = server.person_with(&home_cookie);
    let (status, body) = home.post("/api/account/signout", "{}");
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        closed_with(&mut at_home, Duration::from_secs(5)),
        Some(4001)
    );
}
