//! Several servers over one PostgreSQL database (docs/scaling.md): two
//! `novuss serve` processes on loopback share it, and any of them serves
//! any client. Each hears the other's events and seat changes through
//! PostgreSQL's notifications, and one at a time plays a game's computer
//! (a lease in the database).
//!
//! These need the tests' PostgreSQL server (`NOVUSS_TEST_POSTGRES`, which
//! `scripts/test` always starts); they run in both passes of the tests.

use crate::server::follow;
use crate::support::db;
use crate::support::metrics::{scrape, value};
use crate::support::play::{choose, choose_club, mirror, stroke_request, VS_GREEDY};
use crate::support::server::{data_dir, needs_postgres, new_database, path, Running, Socket};
use novuss_core::seat::Seat;
use serde_json::{json, Value};

/// A singles set between the creator (south) and a person they invite.
const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

/// Two servers over one new database, each with a directory of its own
/// (their cookie jars); `None`, said on stderr, without PostgreSQL.
fn two_servers() -> Option<(Vec<tempfile::TempDir>, String, Running, Running)> {
    if !needs_postgres() {
        return None;
    }
    let dirs = vec![data_dir(), data_dir()];
    let url = new_database(&path(&dirs[0]));
    // Their metrics beside the game, to read what each heard and took.
    let a = Running::start_on(&path(&dirs[0]), Some(&url), &["--metrics-on-main"]);
    let b = Running::start_on(&path(&dirs[1]), Some(&url), &["--metrics-on-main"]);
    Some((dirs, url, a, b))
}

fn hello(ws: &mut Socket, since: Option<u64>) -> Value {
    ws.send(&json!({"type": "hello", "since": since}));
    ws.next_reply()
}

#[test]
fn two_people_on_two_servers_finish_a_match_while_a_third_connection_watches() {
    let Some((dirs, url, a_server, b_server)) = two_servers() else {
        return;
    };
    let anna = a_server.person();
    let created = anna.create(INVITED);
    let id = created["id"].as_str().unwrap().to_owned();

    // A watcher opens the game on the second server before the seat is
    // taken; the invited person takes it there, and the first server,
    // where the creator plays, learns of it from the database.
    let mut w = b_server.watch(&id);
    assert_eq!(hello(&mut w, None)["state"]["seats"][1]["holder"], "open");
    let janis = b_server.person();
    janis.join_invite(&created, 0);
    let mut a = anna.socket(&id);
    let mut seats = hello(&mut a, None)["state"]["seats"].clone();
    while seats[1]["holder"] != "person" {
        seats = a.next_of("seats")["seats"].clone();
    }
    let mut j = janis.socket(&id);
    assert_eq!(hello(&mut j, None)["type"], "state");
    // A chat line written on the first server reaches the player on the
    // second (the players' room), through the database.
    j.next_of("chat_settings");
    a.send(&json!({"type": "chat", "preset": "good_luck"}));
    let line = j.next_of("chat");
    assert_eq!(line["preset"], "good_luck", "{line}");
    assert_eq!(line["person"], created["seats"][0]["person"], "{line}");

    // Each stroke is sent to the server its player is on; both players and
    // the watcher see the very same event, in order.
    let mut local = mirror(INVITED);
    let mut event = 0;
    let mut last = Value::Null;
    while event < 2000 && !local.set().is_over() {
        let seat = local.set().seat_to_play();
        let s = choose_club(&local, event);
        let by = if seat == Seat::South { &mut a } else { &mut j };
        by.send(&stroke_request(event, seat, &s));
        let seen: Vec<Value> = [&mut a, &mut j, &mut w]
            .into_iter()
            .map(|ws| ws.next_reply())
            .collect();
        assert_eq!(seen[0]["type"], "stroke", "{}", seen[0]);
        assert_eq!(seen[0]["event"], event + 1);
        assert!(
            seen.iter().all(|m| *m == seen[0]),
            "the same event on both servers"
        );
        local
            .play(seat, &s)
            .expect("the server's stroke plays locally");
        last = seen[0].clone();
        event += 1;
    }
    assert!(local.set().is_over(), "the set ended within 2000 strokes");
    assert_eq!(last["state"]["match"]["over"], true);
    // What either server says is stored is what they saw.
    for server in [&a_server, &b_server] {
        assert_eq!(server.state(&id)["match"], last["state"]["match"]);
    }
    let db_file = path(&dirs[0]).join("novuss.sqlite3");
    assert!(db::url_of(&db_file).starts_with(&url));
    assert_eq!(db::stored_event(&db_file, &id), Some(event as i64));
    // Each heard of the other's strokes by a notice, and counted them:
    // at least one for each stroke played on the other.
    for server in [&a_server, &b_server] {
        let heard = value(
            &scrape(&format!("{}metrics", server.url)),
            "novuss_notices_total",
            &[],
        );
        assert!(
            heard >= (event / 2) as f64,
            "{heard} notices for {event} strokes"
        );
    }
}

#[test]
fn a_server_killed_while_it_plays_the_computer_is_replaced_by_the_other() {
    let Some((dirs, _url, a_server, b_server)) = two_servers() else {
        return;
    };
    let anna = a_server.person();
    let id = anna.create(VS_GREEDY)["id"].as_str().unwrap().to_owned();
    let cookie = anna.cookie().expect("creating made a person");
    let mut local = mirror(VS_GREEDY);
    let mut ws = anna.socket(&id);
    assert_eq!(hello(&mut ws, None)["event"], 0);

    // Strokes on the first server (the geometric player's, which seldom
    // ends a set in a few) until the computer has played twice there,
    // then one more of the person's: the server dies (SIGKILL) as
    // soon as it has acknowledged it, with the computer's turn due.
    let mut event = 0;
    let mut computer_on_a = 0;
    loop {
        assert!(event < 500, "the computer played within 500 strokes");
        assert!(
            !local.set().is_over(),
            "the set went on past two computer strokes"
        );
        if local.set().seat_to_play() == Seat::South {
            let s = choose(&local, event);
            ws.send(&stroke_request(event, Seat::South, &s));
        }
        let m = ws.next_of("stroke");
        assert_eq!(m["event"], event + 1, "events are numbered one by one");
        follow(&mut local, &m);
        event += 1;
        if m["by"] == "computer" {
            computer_on_a += 1;
        } else if computer_on_a >= 2 && m["state"]["turn"]["kind"] == "computer" {
            break;
        }
    }
    let acknowledged = event;
    drop(ws);
    a_server.kill();

    // The person opens the game on the other server, asking for what they
    // missed. The other server takes the computer's lease once the dead
    // one's expires (5 s), and plays on; the person plays on there.
    let anna = b_server.person_with(&cookie);
    let mut ws = anna.socket(&id);
    ws.send(&json!({"type": "hello", "since": acknowledged}));
    let mut computer_on_b = 0;
    loop {
        assert!(event < acknowledged + 500, "play went on");
        let m = ws.next_reply();
        if m["type"] == "state" {
            // Nothing was missed: the state is where the person left it.
            assert_eq!(m["event"], event, "{m}");
            continue;
        }
        assert_eq!(m["type"], "stroke", "{m}");
        assert_eq!(
            m["event"],
            event + 1,
            "every stroke once, in order, across the two servers"
        );
        follow(&mut local, &m);
        event += 1;
        if m["by"] == "computer" {
            computer_on_b += 1;
        }
        // Stopped where nobody plays by themselves: the person's turn.
        if local.set().is_over()
            || (computer_on_b >= 3 && local.set().seat_to_play() == Seat::South)
        {
            break;
        }
        if !local.set().is_over() && local.set().seat_to_play() == Seat::South {
            let s = choose(&local, event);
            ws.send(&stroke_request(event, Seat::South, &s));
        }
    }
    assert!(computer_on_b > 0, "the second server played the computer");
    // It took the computer's lease for each of those strokes, and counted
    // it (its first asks, while the dead one's lease ran, found it held).
    let s = scrape(&format!("{}metrics", b_server.url));
    assert!(value(&s, "novuss_leases_total", &[("held", "yes")]) >= computer_on_b as f64);
    // Every acknowledged stroke is there, each once: the game's row and its
    // events agree, and the state is the mirror's.
    let db_file = path(&dirs[0]).join("novuss.sqlite3");
    assert_eq!(db::stored_event(&db_file, &id), Some(event as i64));
    let state = b_server.state(&id);
    assert_eq!(state["event"], event);
    assert_eq!(
        serde_json::to_value(local.set().places()).unwrap(),
        Value::Array(
            state["set"]["discs"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["at"].clone())
                .collect()
        )
    );
}

/// Two stores over one database, as two instances have, on a runtime of
/// the test's own.
fn two_stores(
    url: &str,
) -> (
    tokio::runtime::Runtime,
    novuss_server::Store,
    novuss_server::Store,
) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let (one, two) = rt.block_on(async {
        let one = novuss_server::Store::connect(url).await.unwrap();
        let two = novuss_server::Store::connect(url).await.unwrap();
        (one, two)
    });
    (rt, one, two)
}

#[test]
fn the_event_check_notices_and_leases_hold_between_two_stores() {
    use novuss_server::{Append, GameId, Heard, NewRow, Notice, StoreError, LEASE};
    if !needs_postgres() {
        return;
    }
    let dir = data_dir();
    let url = new_database(&path(&dir));
    let (rt, one, two) = two_stores(&url);
    rt.block_on(async {
        let (one_shared, two_shared) = (
            one.shared().expect("PostgreSQL is shared"),
            two.shared().expect("PostgreSQL is shared"),
        );
        let mut heard = two_shared.listen().await;
        let game = &GameId::parse("0123456789abcdef0123456789abcdef").unwrap();
        one.create(&NewRow {
            id: game,
            created: 1,
            setup: "{}",
            summary: "{}",
            public: true,
            seats: &[],
        })
        .await
        .unwrap();
        let append = |after: u64| Append {
            game,
            after,
            body: "{}",
            over: false,
            summary: "{}",
            at_ms: 1_000,
        };
        // The first instance stores event 1; the second, which saw event
        // 0 too, is refused, and hears of event 1 from the database.
        one.append(&append(0)).await.unwrap();
        assert!(matches!(
            two.append(&append(0)).await,
            Err(StoreError::Conflict)
        ));
        let notice = tokio::time::timeout(std::time::Duration::from_secs(10), heard.next())
            .await
            .expect("the notice arrives");
        assert_eq!(
            notice,
            Heard::Notice(Notice::Event {
                game: game.clone(),
                event: 1
            })
        );
        let missed = two.events_after(game, 0).await.unwrap();
        assert_eq!(missed.len(), 1);
        assert_eq!(missed[0].number, 1);
        assert!(two.events_after(game, 1).await.unwrap().is_empty());

        // A lease is one instance's until it expires; its holder renews
        // it; once it lapses the other takes it, and the first no longer
        // holds it; a released lease is free at once.
        let t = 1_000_000;
        let ms = LEASE.as_millis() as i64;
        {
            // The leases are the shared database's.
            let (one, two) = (one_shared, two_shared);
            assert!(one.lease(game, t).await.unwrap());
            assert!(!two.lease(game, t + 1).await.unwrap());
            assert!(one.lease(game, t + ms - 1).await.unwrap(), "renewed");
            assert!(
                !two.lease(game, t + ms + 1).await.unwrap(),
                "renewal counts"
            );
            assert!(
                two.lease(game, t + 2 * ms).await.unwrap(),
                "lapsed: taken over"
            );
            assert!(!one.lease(game, t + 2 * ms + 1).await.unwrap());
            two.release(game).await.unwrap();
            assert!(one.lease(game, t + 2 * ms + 2).await.unwrap(), "released");
        }
        one.close().await;
        two.close().await;
    });
}

#[test]
fn a_player_connected_to_one_server_is_not_absent_to_the_other() {
    if !needs_postgres() {
        return;
    }
    let dirs = [data_dir(), data_dir()];
    let url = new_database(&path(&dirs[0]));
    let grace = ["--absence-grace", "1s"];
    let a_server = Running::start_on(&path(&dirs[0]), Some(&url), &grace);
    let b_server = Running::start_on(&path(&dirs[1]), Some(&url), &grace);
    let anna = a_server.person();
    let created = anna.create(INVITED);
    let id = created["id"].as_str().unwrap().to_owned();
    let janis = b_server.person();
    janis.join_invite(&created, 0);
    let mut a = anna.socket(&id);
    hello(&mut a, None);
    let mut j = janis.socket(&id);
    hello(&mut j, None);

    // The creator, to stroke first, has the game open on the first
    // server only: to the second she is away, but past the grace the
    // second still refuses a claim against her, as the database says
    // where she is.
    std::thread::sleep(std::time::Duration::from_millis(1_500));
    let claim = json!({"type":"claim","event":0,"seat":"north","absent":"south","what":"set"});
    j.send(&claim);
    let refused = j.next_reply();
    assert_eq!(refused["code"], "cannot_claim", "{refused}");
    assert!(
        refused["detail"]
            .as_str()
            .unwrap()
            .contains("open on another of the site's servers"),
        "{refused}"
    );
    assert_eq!(b_server.state(&id)["event"], 0, "nothing was stored");

    // She closes it: once the first server has said so, the claim stands.
    drop(a);
    let t = std::time::Instant::now();
    loop {
        j.send(&claim);
        let m = j.next_reply();
        if m["code"] == "cannot_claim" && t.elapsed() < std::time::Duration::from_secs(10) {
            std::thread::sleep(std::time::Duration::from_millis(200));
            continue;
        }
        assert_eq!(m["type"], "called", "{m}");
        assert_eq!(m["call"], "claimed_set", "{m}");
        break;
    }
}

/// A person forgotten on one server (issue 34, "People's data is
/// theirs"): the other, where their opponent plays, hears it through the
/// database and tells its clients, who see the game resigned, the seat
/// lose its name and the forgotten person's chat line go.
#[test]
fn a_person_forgotten_on_one_server_is_forgotten_on_the_other() {
    let Some((dirs, _url, a_server, b_server)) = two_servers() else {
        return;
    };
    let anna = a_server.person();
    let (status, _) = anna.post("/api/me", r#"{"name":"Anna Ozola"}"#);
    assert_eq!(status, 200);
    let created = anna.create(INVITED);
    let id = created["id"].as_str().unwrap().to_owned();
    let janis = b_server.person();
    janis.join_invite(&created, 0);
    let mut a = anna.socket(&id);
    let mut j = janis.socket(&id);
    assert_eq!(hello(&mut a, None)["type"], "state");
    a.next_of("chat_settings");
    // Named on the second server before she goes.
    let state = hello(&mut j, None);
    assert_eq!(state["state"]["seats"][0]["name"], "Anna Ozola", "{state}");
    j.next_of("chat_settings");
    a.send(&json!({"type": "chat", "text": "Sveiks!"}));
    let number = j.next_of("chat")["number"].clone();

    let (status, body) = anna.post("/api/me/forget", "{}");
    assert_eq!(status, 200, "{body}");
    let mut seen = (false, false, false);
    while seen != (true, true, true) {
        let m = j.next();
        match m["type"].as_str() {
            Some("resigned") => seen.0 = true,
            Some("seats") if m["seats"][0]["forgotten"] == true => {
                assert!(m["seats"][0].get("name").is_none(), "{m}");
                seen.1 = true;
            }
            Some("chat_removed") => {
                assert_eq!(m["numbers"], json!([number]), "{m}");
                seen.2 = true;
            }
            _ => {}
        }
    }
    // A new connection to the second server reads no name of hers.
    let mut w = b_server.watch(&id);
    let state = hello(&mut w, None)["state"].clone();
    assert_eq!(state["seats"][0]["forgotten"], true, "{state}");
    assert!(!state.to_string().contains("Anna Ozola"), "{state}");
    drop(dirs);
}

#[test]
fn a_name_changed_on_one_server_shows_on_the_other() {
    let Some((dirs, _url, a_server, b_server)) = two_servers() else {
        return;
    };
    let anna = a_server.person();
    let (status, _) = anna.post("/api/me", r#"{"name":"Anna"}"#);
    assert_eq!(status, 200);
    let created = anna.create(INVITED);
    let id = created["id"].as_str().unwrap().to_owned();
    let janis = b_server.person();
    janis.join_invite(&created, 0);
    // The game is in the second server's memory, with her name then.
    let mut j = janis.socket(&id);
    let state = hello(&mut j, None);
    assert_eq!(state["state"]["seats"][0]["name"], "Anna", "{state}");
    j.next_of("chat_settings");

    let (status, body) = anna.post("/api/me", r#"{"name":"Anna Ozola"}"#);
    assert_eq!(status, 200, "{body}");
    // The second server heard of it and told Jānis's page (other seats
    // messages, of who is connected, may come first; `next` fails the
    // test if the new name never comes).
    loop {
        let m = j.next();
        if m["type"] == "seats" && m["seats"][0]["name"] == "Anna Ozola" {
            break;
        }
    }
    // A new connection there reads the new name too.
    let mut w = b_server.watch(&id);
    let state = hello(&mut w, None)["state"].clone();
    assert_eq!(state["seats"][0]["name"], "Anna Ozola", "{state}");
    drop(dirs);
}
