//! Optional accounts (docs/protocol.md, "Accounts") over real HTTP and
//! WebSocket on loopback, each browser a cookie jar of its own: an
//! anonymous player registers and keeps their seat, signs in on a second
//! device, signs out, changes the password; refusals store nothing; the
//! password is nowhere but in its Argon2id hash; one name cannot be
//! guessed at.

use crate::support::accounts::{texts, Answer, Browser, Logged};
use crate::support::db::count;
use crate::support::play::{choose, mirror, stroke_request};
use crate::support::server::{data_dir, path};
use serde_json::{json, Value};

/// A singles set between the creator (south) and a person they invite.
const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

fn creds(username: &str, password: &str) -> Value {
    json!({"username": username, "password": password})
}

fn register(b: &Browser, username: &str, password: &str) -> Answer {
    b.post("/api/account/register", &creds(username, password))
}

fn sign_in(b: &Browser, username: &str, password: &str) -> Answer {
    b.post("/api/account/signin", &creds(username, password))
}

/// Plays the stroke a quick player chooses for the seat to play from
/// `socket`, and checks the server took it as event `event + 1`.
fn stroke(
    socket: &mut crate::support::accounts::GameSocket,
    local: &mut novuss_core::play::game::Game,
    event: u64,
) {
    let seat = local.set().seat_to_play();
    let s = choose(local, event);
    socket.send(&stroke_request(event, seat, &s));
    let m = socket.next_reply();
    assert_eq!(m["type"], "stroke", "{m}");
    assert_eq!(m["event"], event + 1);
    local.play(seat, &s).expect("the stroke plays locally");
}

#[test]
fn an_anonymous_player_registers_and_keeps_their_seat_on_two_devices() {
    let dir = data_dir();
    let server = Logged::start(&path(&dir));
    let anna = server.browser();
    let bruno = server.browser();
    let created = anna.post(
        "/api/games",
        &serde_json::from_str::<Value>(INVITED).unwrap(),
    );
    assert_eq!(created.status, 201, "{}", created.body);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let invite = created.body["invites"][0]["invite"].as_str().unwrap();
    let joined = bruno.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }),
    );
    assert_eq!(joined.status, 200, "{}", joined.body);
    let before = anna.me();
    assert_eq!(before["account"], Value::Null);
    let anonymous_cookie = anna.cookie();

    // Registering keeps the person (and so the seat), with a new session.
    let made = register(&anna, "Anna_K", "correct horse");
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(made.body["person"], before["person"]);
    assert_eq!(made.body["account"]["username"], "Anna_K");
    assert!(made.set_cookie.as_deref().unwrap().contains("HttpOnly"));
    assert_ne!(anna.cookie(), anonymous_cookie, "a new secret");
    assert_eq!(anna.me()["account"]["username"], "Anna_K");
    let planted = server.browser();
    planted.set_cookie(anonymous_cookie);
    assert_eq!(
        planted.me()["person"],
        Value::Null,
        "the anonymous session before it is over"
    );
    assert_eq!(
        created.body["seats"][0]["person"], before["person"],
        "the seat was the anonymous person's"
    );

    // She strokes in her seat as the account.
    let mut local = mirror(INVITED);
    let mut a = anna.socket(&id);
    let mut b = bruno.socket(&id);
    a.send(&json!({"type": "hello"}));
    assert_eq!(a.next_reply()["type"], "state");
    b.send(&json!({"type": "hello"}));
    assert_eq!(b.next_reply()["type"], "state");
    stroke(&mut a, &mut local, 0);
    assert_eq!(b.next_reply()["event"], 1);
    stroke(&mut b, &mut local, 1);
    assert_eq!(a.next_reply()["event"], 2);

    // A second device signs in (the name in any case) and is her.
    let phone = server.browser();
    let signed = sign_in(&phone, "anna_k", "correct horse");
    assert_eq!(signed.status, 200, "{}", signed.body);
    assert_eq!(signed.body["person"], before["person"]);
    assert_eq!(signed.body["account"]["username"], "Anna_K");
    assert_ne!(phone.cookie(), anna.cookie(), "a session of its own");
    let listed = phone.get("/api/games");
    assert!(
        listed
            .body
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id),
        "her private game is listed on the phone"
    );
    let mut p = phone.socket(&id);
    p.send(&json!({"type": "hello"}));
    assert_eq!(p.next_reply()["type"], "state");
    // A foul may keep the turn with Bruno: he strokes until it is hers.
    let mut event = 2;
    while local.set().seat_to_play() != novuss_core::seat::Seat::South {
        stroke(&mut b, &mut local, event);
        assert_eq!(p.next_reply()["event"], event + 1);
        event += 1;
    }
    stroke(&mut p, &mut local, event);
    // The seats are as they were: hers, and Bruno's.
    let state = anna.get(&format!("/api/games/{id}")).body;
    assert_eq!(state["seats"][0]["person"], before["person"]);
    assert_ne!(state["seats"][1]["person"], before["person"]);
}

#[test]
fn sign_in_moves_an_anonymous_devices_seats_to_the_account() {
    let dir = data_dir();
    let server = Logged::start(&path(&dir));
    let home = server.browser();
    assert_eq!(register(&home, "carla", "sea shells 1").status, 201);
    // On another device, before signing in, she starts a game there.
    let laptop = server.browser();
    let created = laptop.post(
        "/api/games",
        &serde_json::from_str::<Value>(INVITED).unwrap(),
    );
    assert_eq!(created.status, 201);
    let id = created.body["id"].as_str().unwrap().to_owned();
    let anonymous = laptop.me()["person"].clone();
    let account = home.me()["person"].clone();
    assert_ne!(anonymous, account);
    // Opened, so that the game is in the server's memory and must learn of
    // the move there too, not only in the database.
    let opened = laptop.get(&format!("/api/games/{id}")).body;
    assert_eq!(opened["seats"][0]["person"], anonymous);
    let signed = sign_in(&laptop, "Carla", "sea shells 1");
    assert_eq!(signed.status, 200, "{}", signed.body);
    assert_eq!(signed.body["person"], account);
    let state = home.get(&format!("/api/games/{id}")).body;
    assert_eq!(state["seats"][0]["person"], account, "the seat moved");
    assert_eq!(
        count(
            &server.db(),
            &format!(
                "SELECT COUNT(*) FROM seats WHERE person_id = '{}'",
                anonymous.as_str().unwrap()
            )
        ),
        0
    );
    // And it is hers on her first device too: she may ask for new links.
    let again = home.post(&format!("/api/games/{id}/invites"), &json!({}));
    assert_eq!(again.status, 200, "{}", again.body);

    // A game where the account holds a seat already keeps the anonymous
    // person's other seat where it is: signing in never seats one person
    // on both sides.
    let game = home.post(
        "/api/games",
        &serde_json::from_str::<Value>(INVITED).unwrap(),
    );
    let both = game.body["id"].as_str().unwrap().to_owned();
    let tablet = server.browser();
    let invite = game.body["invites"][0]["invite"].as_str().unwrap();
    let joined = tablet.post(
        &format!("/api/games/{both}/join"),
        &json!({ "invite": invite }),
    );
    assert_eq!(joined.status, 200, "{}", joined.body);
    let guest = joined.body["person"].clone();
    assert_eq!(sign_in(&tablet, "carla", "sea shells 1").status, 200);
    let state = home.get(&format!("/api/games/{both}")).body;
    assert_eq!(state["seats"][0]["person"], account);
    assert_eq!(state["seats"][1]["person"], guest, "that seat stayed");
}

#[test]
fn registering_and_signing_in_are_limited_per_address() {
    let dir = data_dir();
    let server = Logged::start(&path(&dir));
    let b = server.browser();
    // Refused names cost no hashing, but count: the limit comes first.
    for k in 0..20 {
        let r = register(&b, "no", "long enough");
        assert_eq!(r.code(), "bad_username", "attempt {k}");
    }
    let r = register(&b, "fine_name", "long enough");
    assert_eq!((r.status, r.code()), (429, "rate_limited"));
    let r = sign_in(&b, "fine_name", "long enough");
    assert_eq!((r.status, r.code()), (429, "rate_limited"));
    assert_eq!(count(&server.db(), "SELECT COUNT(*) FROM accounts"), 0);
}

#[test]
fn signing_out_and_changing_the_password_end_sessions() {
    let dir = data_dir();
    let server = Logged::start(&path(&dir));
    let a = server.browser();
    let made = register(&a, "dora", "first password");
    assert_eq!(
        made.status, 201,
        "a visitor with no person gets one: {}",
        made.body
    );
    let person = made.body["person"].clone();
    assert!(person.is_string());
    let b = server.browser();
    let c = server.browser();
    assert_eq!(sign_in(&b, "dora", "first password").status, 200);
    assert_eq!(sign_in(&c, "DORA", "first password").status, 200);
    assert_eq!(c.me()["person"], person);

    // Signing out ends that session alone, and the browser drops the cookie.
    let b_cookie = b.cookie();
    let out = b.post("/api/account/signout", &json!({}));
    assert_eq!(out.status, 200, "{}", out.body);
    assert!(out.set_cookie.as_deref().unwrap().contains("Max-Age=0"));
    assert_eq!(b.cookie(), None);
    let old = server.browser();
    old.set_cookie(b_cookie);
    assert_eq!(
        old.me()["person"],
        Value::Null,
        "the old cookie is nobody now"
    );
    assert_eq!(
        old.post("/api/account/signout", &json!({})).code(),
        "not_signed_in"
    );
    assert_eq!(a.me()["person"], person, "her other sessions go on");

    // The password, changed: the old one then fails, other sessions end.
    let wrong = a.post(
        "/api/account/password",
        &json!({"old": "not the password", "new": "second password"}),
    );
    assert_eq!((wrong.status, wrong.code()), (401, "wrong_password"));
    let short = a.post(
        "/api/account/password",
        &json!({"old": "first password", "new": "short"}),
    );
    assert_eq!((short.status, short.code()), (400, "bad_password"));
    assert_eq!(c.me()["person"], person, "a refused change ends nothing");
    let changed = a.post(
        "/api/account/password",
        &json!({"old": "first password", "new": "second password"}),
    );
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(a.me()["person"], person, "this session goes on");
    assert_eq!(c.me()["person"], Value::Null, "the other session is over");
    let stale = sign_in(&b, "dora", "first password");
    assert_eq!((stale.status, stale.code()), (401, "wrong_password"));
    assert_eq!(sign_in(&b, "dora", "second password").status, 200);

    // An anonymous person cannot sign out (their cookie is all that holds
    // their games), nor change a password they do not have.
    let anon = server.browser();
    assert_eq!(anon.post("/api/me", &json!({"name": "Eva"})).status, 200);
    let out = anon.post("/api/account/signout", &json!({}));
    assert_eq!((out.status, out.code()), (401, "not_signed_in"));
    assert!(anon.me()["person"].is_string());
    let pw = anon.post(
        "/api/account/password",
        &json!({"old": "whatever1", "new": "whatever2"}),
    );
    assert_eq!((pw.status, pw.code()), (401, "not_signed_in"));
    // A signed-in person has one account.
    let twice = register(&a, "dora2", "another password");
    assert_eq!((twice.status, twice.code()), (409, "already_account"));
}

#[test]
fn refusals_store_nothing_and_the_password_is_only_hashed() {
    let dir = data_dir();
    let server = Logged::start(&path(&dir));
    let db = server.db();
    let rows = || {
        (
            count(&db, "SELECT COUNT(*) FROM accounts"),
            count(&db, "SELECT COUNT(*) FROM people"),
            count(&db, "SELECT COUNT(*) FROM sessions"),
        )
    };
    let stranger = server.browser();
    let bad_names = ["ab", "a b", "jānis", &"x".repeat(25), "anna!", ""];
    for name in bad_names {
        let r = register(&stranger, name, "long enough");
        assert_eq!((r.status, r.code()), (400, "bad_username"), "{name:?}");
    }
    for pw in ["short", "1234567", &"p".repeat(129)] {
        let r = register(&stranger, "fine_name", pw);
        assert_eq!((r.status, r.code()), (400, "bad_password"));
    }
    let missing = stranger.post("/api/account/register", &json!({"username": "fine_name"}));
    assert_eq!(missing.code(), "bad_message");
    let form = stranger.post_raw(
        "/api/account/signin",
        "application/x-www-form-urlencoded",
        "username=a&password=b",
    );
    assert_eq!((form.status, form.code()), (415, "bad_content_type"));
    assert_eq!(rows(), (0, 0, 0), "nothing stored");
    assert_eq!(stranger.cookie(), None, "nobody was made a person");

    // One name, whatever its case.
    let secret = "Tr0ub4dor&3 zebra";
    let zed = server.browser();
    assert_eq!(register(&zed, "Zed", secret).status, 201);
    let other = server.browser();
    let taken = register(&other, "zED", "another password");
    assert_eq!((taken.status, taken.code()), (409, "username_taken"));
    assert_eq!(rows(), (1, 1, 1));

    // A wrong password, and an unknown name (told as openly as a taken
    // one is when registering).
    let wrong = sign_in(&other, "zed", "not the password");
    assert_eq!((wrong.status, wrong.code()), (401, "wrong_password"));
    let unknown = sign_in(&other, "nobody_here", "not the password");
    let malformed = sign_in(&other, "no such name!", "not the password");
    for r in [&unknown, &malformed] {
        assert_eq!((r.status, r.code()), (404, "unknown_username"));
        assert_eq!(r.body, unknown.body);
    }
    for r in [&wrong, &unknown, &malformed] {
        assert!(r.set_cookie.is_none());
    }
    assert_eq!(rows(), (1, 1, 1));
    assert_eq!(sign_in(&other, "zed", secret).status, 200);

    // The hash is Argon2id with OWASP's parameters, and the password is
    // nowhere: not in any file of the database, not in the log.
    let hashes = texts(&db, "SELECT password_hash FROM accounts");
    assert_eq!(hashes.len(), 1);
    assert!(
        hashes[0].starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{}",
        hashes[0]
    );
    let bytes = server.database_bytes();
    assert!(!bytes.is_empty());
    assert!(
        !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
        "the password is not stored"
    );
    let log = server.log();
    assert!(log.contains("new account"), "the log is kept: {log}");
    for word in [secret, "not the password", "another password"] {
        assert!(!log.contains(word), "{word} logged");
    }
    // Nor the session secrets.
    let cookie = zed.cookie().unwrap();
    let value = cookie.split('=').nth(1).unwrap();
    assert!(!log.contains(value));
    assert!(!bytes.windows(value.len()).any(|w| w == value.as_bytes()));
}

#[test]
fn one_user_name_cannot_be_guessed_at() {
    let dir = data_dir();
    let server = Logged::start(&path(&dir));
    let owner = server.browser();
    assert_eq!(register(&owner, "target", "the real one").status, 201);
    let friend = server.browser();
    assert_eq!(register(&friend, "bystander", "their own one").status, 201);
    let guesser = server.browser();
    let mut refused = None;
    for k in 0..12 {
        let r = sign_in(&guesser, "TARGET", &format!("guess number {k}"));
        if r.status == 429 {
            refused = Some((k, r));
            break;
        }
        assert_eq!(r.code(), "wrong_password");
    }
    let (k, r) = refused.expect("the name's limit held");
    assert_eq!(k, 10, "ten tries at once, then the limit");
    assert_eq!(r.code(), "rate_limited");
    assert!(r.retry_after.is_some());
    // Even the right password waits now, from a new device at that
    // address: the bucket is the address and name's.
    let right = sign_in(&server.browser(), "target", "the real one");
    assert_eq!(right.status, 429);
    // Another name from the same address is not held up.
    let other = sign_in(&guesser, "bystander", "their own one");
    assert_eq!(other.status, 200, "{}", other.body);
}
