//! People at different screens (docs/protocol.md, "Who is who" and
//! "Seats"): a game with an invited seat, played by two people at two
//! clients while a third watches, over the real binary on loopback. Each
//! person is a separate cookie jar, as two browsers are.

use crate::support::play::{choose, mirror, stroke_request};
use crate::support::server::{data_dir, path, Running, Socket};
use novuss_core::play::game::Game;
use novuss_core::seat::Seat;
use serde_json::{json, Value};

/// A singles set between the creator (south) and a person they invite.
const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;

fn hello(ws: &mut Socket) -> Value {
    ws.send(&json!({"type": "hello"}));
    ws.next_reply()
}

/// The game's state, as a stranger reads it.
fn stored(server: &Running, id: &str) -> Value {
    let (status, body) = server.person().get(&format!("/api/games/{id}"));
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

/// Plays the stroke `local` chooses from the socket of the seat to play,
/// and checks that both players and the watcher receive the same event.
fn play_one(sockets: &mut [&mut Socket; 3], local: &mut Game, event: u64, by: usize) -> Value {
    let seat = local.set().seat_to_play();
    // A club player, not the geometric one: two geometric players can take
    // hundreds of strokes over an endgame of dark discs.
    let s = novuss_ai::Player::new(novuss_ai::Level::Club, event)
        .decide(local.set(), &local.record().physics)
        .expect("a legal stroke")
        .best
        .stroke;
    sockets[by].send(&stroke_request(event, seat, &s));
    let seen: Vec<Value> = sockets.iter_mut().map(|ws| ws.next_reply()).collect();
    assert_eq!(seen[0]["type"], "stroke", "{}", seen[0]);
    assert_eq!(seen[0]["event"], event + 1);
    assert!(
        seen.iter().all(|m| *m == seen[0]),
        "players and the watcher see the very same event"
    );
    local
        .play(seat, &s)
        .expect("the server's stroke plays locally");
    seen[0].clone()
}

#[test]
fn two_people_at_two_clients_finish_a_set_while_a_third_watches() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let janis = server.person();
    let created = anna.create(INVITED);
    let id = created["id"].as_str().unwrap().to_owned();
    assert!(anna.cookie().is_some(), "creating a game makes a person");
    let invites = created["invites"].as_array().unwrap();
    assert_eq!(invites.len(), 1);
    assert_eq!(invites[0]["player"], 1);
    let invite = invites[0]["invite"].as_str().unwrap().to_owned();
    assert_eq!(created["seats"][1]["holder"], "open");
    assert_eq!(created["seats"][0]["holder"], "person");

    // The invited person takes the seat; a second opening of the link by
    // someone else is told it is taken, and nothing changes.
    let (status, body) = janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let joined: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(joined["player"], 1);
    let (status, again) = janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "the taker opening it again keeps it: {again}");
    let late = server.person();
    let before = stored(&server, &id);
    let (status, body) = late.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 409, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["code"],
        "seat_taken"
    );
    assert!(
        late.cookie().is_none(),
        "a refused link makes nobody a person"
    );
    assert_eq!(stored(&server, &id), before);
    assert_eq!(before["seats"][1]["person"], joined["person"]);

    // Two players and a watcher; each sees who is connected.
    let mut a = anna.socket(&id);
    let mut j = janis.socket(&id);
    let mut w = server.watch(&id);
    for ws in [&mut a, &mut j, &mut w] {
        let st = hello(ws);
        assert_eq!(st["type"], "state");
        assert!(st["state"].get("invites").is_none(), "no secret in a state");
    }
    let seats = w.next_of("seats");
    assert_eq!(seats["seats"][0]["connected"], true);
    // The invited person names themselves; everyone at the game learns it.
    let (status, body) = janis.post("/api/me", r#"{"name":"Jānis"}"#);
    assert_eq!(status, 200, "{body}");
    loop {
        let m = w.next_of("seats");
        if m["seats"][1]["name"] == "Jānis" {
            break;
        }
    }
    assert_eq!(stored(&server, &id)["seats"][1]["name"], "Jānis");
    let before = stored(&server, &id);

    // The watcher and the wrong player are refused; the game is unchanged.
    let mut local = mirror(INVITED);
    let s = choose(&local, 0);
    w.send(&stroke_request(0, Seat::South, &s));
    assert_eq!(w.next_reply()["code"], "not_a_player");
    j.send(&stroke_request(0, Seat::South, &s));
    assert_eq!(j.next_reply()["code"], "not_your_seat");
    let refused = |ws: &mut Socket, what: &str| {
        ws.send(&json!({"type": what, "event": 0, "seat": "south"}));
        ws.next_reply()["code"].clone()
    };
    assert_eq!(refused(&mut w, "resign"), "not_a_player");
    assert_eq!(refused(&mut j, "resign"), "not_your_seat");
    assert_eq!(refused(&mut j, "abort"), "not_your_seat");
    a.send(&json!({"type": "hint", "event": 0}));
    assert_eq!(a.next_reply()["code"], "not_between_people");
    let (status, body) = anna.post(&format!("/api/games/{id}/analysis"), r#"{"at": 0}"#);
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("not_between_people"), "{body}");
    assert_eq!(stored(&server, &id), before);

    // They play the set out: each stroke from its holder's socket.
    let mut event = 0;
    let mut last = Value::Null;
    while event < 2000 && !local.set().is_over() {
        let by = match local.set().seat_to_play() {
            Seat::South => 0,
            _ => 1,
        };
        last = play_one(&mut [&mut a, &mut j, &mut w], &mut local, event, by);
        event += 1;
        if event == 1 {
            // A take-back between people is not offered.
            a.send(&json!({"type": "take_back", "event": 1}));
            assert_eq!(a.next_reply()["code"], "not_between_people");
        }
    }
    assert!(local.set().is_over(), "the set ended within 2000 strokes");
    assert_eq!(last["state"]["match"]["over"], true);
    assert_eq!(
        stored(&server, &id)["match"],
        last["state"]["match"],
        "what was stored is what they saw"
    );
}

#[test]
fn a_player_comes_back_in_a_new_client_and_a_stranger_cannot_play() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let created = server.create(INVITED);
    let id = created["id"].as_str().unwrap().to_owned();
    let mut local = mirror(INVITED);

    // A stranger (a new person, or nobody) cannot stroke, start a set or
    // get new invitations; the creator can.
    let stranger = server.person();
    let mut s = stranger.socket(&id);
    hello(&mut s);
    let stroke = choose(&local, 1);
    s.send(&stroke_request(0, Seat::South, &stroke));
    assert_eq!(s.next_reply()["code"], "not_a_player");
    s.send(&json!({"type": "next_set", "event": 0}));
    assert_eq!(s.next_reply()["code"], "not_a_player");
    let (status, _) = stranger.post(&format!("/api/games/{id}/invites"), "");
    assert_eq!(status, 403);
    let (status, body) = server.post(&format!("/api/games/{id}/invites"), "");
    assert_eq!(status, 200, "{body}");
    let fresh: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(fresh["invites"].as_array().unwrap().len(), 1);
    // The old link stops working; the new one seats whoever opens it.
    let old = created["invites"][0]["invite"].as_str().unwrap();
    let (status, body) = stranger.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": old }).to_string(),
    );
    assert_eq!(status, 404, "{body}");
    assert_eq!(
        serde_json::from_str::<Value>(&body).unwrap()["code"],
        "unknown_invite"
    );

    // Nobody strokes before every invited person is seated.
    let mut ws = server.socket(&id);
    hello(&mut ws);
    ws.send(&stroke_request(0, Seat::South, &stroke));
    assert_eq!(ws.next_reply()["code"], "seats_open");
    let friend = server.person();
    let (status, body) = friend.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": fresh["invites"][0]["invite"] }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    // The seats are sent again when the friend sits down (a `seats`
    // message for this socket's own arrival may come first).
    let seated = loop {
        let m = ws.next_of("seats");
        if m["seats"][1]["holder"] != "open" {
            break m;
        }
    };
    assert_eq!(seated["seats"][1]["holder"], "person", "{seated}");

    // The creator strokes, drops the socket, and comes back in a new one
    // with the same cookie: still in their seat, with what they missed.
    ws.send(&stroke_request(0, Seat::South, &stroke));
    assert_eq!(ws.next_reply()["type"], "stroke");
    local.play(Seat::South, &stroke).unwrap();
    drop(ws);
    let mut back = server.socket(&id);
    back.send(&json!({"type": "hello", "since": 0}));
    let missed = back.next_reply();
    assert_eq!(missed["type"], "stroke");
    assert_eq!(missed["event"], 1);
    // North is the friend's: the creator cannot play it.
    let north = choose(&local, 2);
    back.send(&stroke_request(1, Seat::North, &north));
    assert_eq!(back.next_reply()["code"], "not_your_seat");

    // Restarted, the seats are the same people's.
    let seats = server.state(&id)["seats"].clone();
    let server = server.restart();
    assert_eq!(server.state(&id)["seats"], seats);
    let mut ws = server.socket(&id);
    hello(&mut ws);
    ws.send(&stroke_request(1, Seat::North, &north));
    assert_eq!(ws.next_reply()["code"], "not_your_seat");
}

#[test]
fn the_list_shows_public_games_and_the_visitors_own() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let public = server.create(
        r#"{"format":"singles","profile":"lnf-2017","sets":1,"public":true,
            "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#,
    )["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let private = server.create(INVITED)["id"].as_str().unwrap().to_owned();
    let ids = |body: String| -> Vec<String> {
        serde_json::from_str::<Value>(&body)
            .unwrap()
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_owned())
            .collect()
    };
    let mine = ids(server.get("/api/games").1);
    assert!(mine.contains(&public) && mine.contains(&private));
    let theirs = ids(server.person().get("/api/games").1);
    assert!(theirs.contains(&public));
    assert!(
        !theirs.contains(&private),
        "a private game is for its players"
    );

    // Who one is, and a display name (text only, limited).
    let me: Value = serde_json::from_str(&server.get("/api/me").1).unwrap();
    assert!(me["person"].is_string());
    let (status, body) = server.post("/api/me", r#"{"name":"Anna"}"#);
    assert_eq!(status, 200, "{body}");
    let me: Value = serde_json::from_str(&server.get("/api/me").1).unwrap();
    assert_eq!(me["name"], "Anna");
    let (status, body) = server.post("/api/me", &json!({"name": "x".repeat(500)}).to_string());
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("bad_name"));
    let nobody: Value = serde_json::from_str(&server.person().get("/api/me").1).unwrap();
    assert_eq!(
        nobody["person"],
        Value::Null,
        "reading makes nobody a person"
    );
}

/// Doubles mixing people and computers: two friends at two screens against
/// two computers. The computers, who open, wait until the invited friend is
/// seated; then each friend strokes only for their own seat.
#[test]
fn two_friends_against_two_computers_at_a_doubles_table() {
    const MIXED: &str = r#"{"format":"doubles","profile":"lnf-2017","sets":1,
        "players":[{"kind":"computer","level":"greedy"},{"kind":"computer","level":"greedy"},
                   {"kind":"human"},{"kind":"human","invite":true}]}"#;
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    // Players 0 and 1 (the computers) are one team, south and north; 2 and
    // 3 the other, west and east. Player 0 opens.
    let created = server.create(MIXED);
    let id = created["id"].as_str().unwrap().to_owned();
    let holders: Vec<Value> = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["holder"].clone())
        .collect();
    assert_eq!(holders, ["computer", "computer", "person", "open"]);
    let mut mine = server.socket(&id);
    let st = hello(&mut mine);
    let west = st["state"]["players"][2]["seat"].clone();
    let east = st["state"]["players"][3]["seat"].clone();

    // The opening computer waits for the friend.
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert_eq!(
        server.state(&id)["event"],
        0,
        "nobody played before every seat was taken"
    );
    let friend = server.person();
    let (status, body) = friend.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": created["invites"][0]["invite"] }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let mut theirs = friend.socket(&id);
    hello(&mut theirs);
    let mut local = mirror(&MIXED.replace(r#","invite":true"#, ""));
    let mut event = 0;
    let mut by_friend = 0;
    while by_friend < 2 && event < 60 && !local.set().is_over() {
        let seat = serde_json::to_value(local.set().seat_to_play()).unwrap();
        if seat == west || seat == east {
            let s = choose(&local, event);
            let to_play = local.set().seat_to_play();
            let (ws, other) = if seat == west {
                (&mut mine, &mut theirs)
            } else {
                by_friend += 1;
                (&mut theirs, &mut mine)
            };
            // The partner's seat is not theirs to play. (The friend's
            // socket is not read for events: skip to the answer.)
            other.send(&stroke_request(event, to_play, &s));
            assert_eq!(other.next_of("error")["code"], "not_your_seat");
            ws.send(&stroke_request(event, to_play, &s));
        }
        let m = mine.next_of("stroke");
        assert_eq!(m["event"], event + 1);
        if event == 0 {
            assert_eq!(m["by"], "computer", "the computer opened once seated");
        }
        let seat: Seat = serde_json::from_value(m["seat"].clone()).unwrap();
        let stroke = serde_json::from_value(m["stroke"].clone()).unwrap();
        local.play(seat, &stroke).unwrap();
        event += 1;
    }
    assert!(by_friend >= 1, "the friend played ({event} strokes)");
}

/// The players are told how many watch their game, as watchers come and
/// go; a player's own second window is not a watcher, and a client that
/// connects is told the count there is.
#[test]
fn the_players_are_told_how_many_watch() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let janis = server.person();
    let created = server.create(
        r#"{"format":"singles","profile":"lnf-2017","sets":1,
        "players":[{"kind":"human","name":"Anna"},{"kind":"human","invite":true}]}"#,
    );
    let id = created["id"].as_str().unwrap().to_owned();
    janis.join_invite(&created, 0);
    let mut a = server.socket(&id);
    let mut j = janis.socket(&id);
    for ws in [&mut a, &mut j] {
        assert_eq!(hello(ws)["type"], "state");
    }
    let count = |ws: &mut Socket| ws.next_of("watchers")["count"].as_u64().unwrap();

    // A first watcher: both players are told, and so is the watcher.
    let mut w1 = server.watch(&id);
    assert_eq!(hello(&mut w1)["type"], "state");
    assert_eq!(count(&mut a), 1);
    assert_eq!(count(&mut j), 1);
    assert_eq!(count(&mut w1), 1);
    // A second one is told of both as it connects.
    let mut w2 = server.watch(&id);
    assert_eq!(hello(&mut w2)["type"], "state");
    assert_eq!(count(&mut w2), 2, "the count, on connecting");
    assert_eq!(count(&mut a), 2);
    assert_eq!(count(&mut j), 2);

    // Anna opens the game in a second window: not a watcher (told the
    // count, which does not change). The next count her first window
    // hears is the one after a watcher left.
    let mut a2 = server.socket(&id);
    assert_eq!(hello(&mut a2)["type"], "state");
    assert_eq!(count(&mut a2), 2);
    drop(w1);
    assert_eq!(count(&mut a), 1);
    assert_eq!(count(&mut j), 1);
    assert_eq!(count(&mut a2), 1);
    drop(a2);
    drop(w2);
    assert_eq!(count(&mut a), 0, "nobody watches");
    assert_eq!(count(&mut j), 0);
}

/// A client that connects while the last stroke may still be moving on
/// the players' screens is told how long ago it was made, before the
/// events it missed; one that asks for the whole state is not, nor is one
/// that had seen the stroke.
#[test]
fn a_client_that_connects_as_a_stroke_rolls_is_told_when_it_was_made() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let body = r#"{"format":"singles","profile":"lnf-2017","sets":1,
        "players":[{"kind":"human"},{"kind":"human"}]}"#;
    let id = server.create(body)["id"].as_str().unwrap().to_owned();
    let mut local = mirror(body);
    let mut ws = server.socket(&id);
    assert_eq!(hello(&mut ws)["type"], "state");
    let stroke = choose(&local, 1);
    let made = std::time::Instant::now();
    ws.send(&stroke_request(0, Seat::South, &stroke));
    let played = ws.next_reply();
    assert_eq!(played["type"], "stroke", "{played}");
    local.play(Seat::South, &stroke).unwrap();

    let mut back = server.socket(&id);
    back.send(&json!({"type": "hello", "since": 0}));
    let first = back.next();
    assert_eq!(first["type"], "moving", "{first}");
    assert_eq!(first["event"], 1);
    let elapsed = first["elapsed_ms"].as_u64().unwrap();
    // Both clocks count whole milliseconds: the server's may round up by
    // one against this one's.
    assert!(
        elapsed as u128 <= made.elapsed().as_millis() + 1,
        "made {elapsed} ms ago, no earlier than it was sent"
    );
    assert_eq!(back.next()["type"], "stroke", "then the event");

    // Asked for the state, or having seen the stroke: nothing to join.
    let mut fresh = server.socket(&id);
    fresh.send(&json!({"type": "hello"}));
    assert_eq!(fresh.next()["type"], "state");
    let mut seen = server.socket(&id);
    seen.send(&json!({"type": "hello", "since": 1}));
    seen.send(&json!({"type": "take_back", "event": 0}));
    let m = seen.next();
    assert_ne!(m["type"], "moving", "{m}");
}
