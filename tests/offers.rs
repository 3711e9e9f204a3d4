//! Offers between people (docs/protocol.md, "Offers"), over the real
//! binary on loopback: a take-back is asked for and answered by the other
//! side only, declined and then accepted; a rated or non-casual game has
//! none; a rematch declined is remembered for the game, and one accepted
//! is a new game with the seats swapped, each person in the other seat.

use crate::support::play::{choose, mirror, stroke_request};
use crate::support::server::{data_dir, path, Person, Running, Socket};
use serde_json::{json, Value};

fn invited(extra: &str) -> String {
    format!(
        r#"{{"format":"singles","profile":"lnf-2017","sets":1,{extra}
        "players":[{{"kind":"human","name":"Anna"}},{{"kind":"human","invite":true}}]}}"#
    )
}

fn hello(ws: &mut Socket) -> Value {
    ws.send(&json!({"type": "hello"}));
    ws.next_reply()
}

/// The next message that is an offer's: `offer`, `answered` or `rematch`.
fn next_offer(ws: &mut Socket) -> Value {
    loop {
        let m = ws.next_reply();
        if ["offer", "answered", "rematch", "error", "taken_back"]
            .contains(&m["type"].as_str().unwrap_or(""))
        {
            return m;
        }
    }
}

/// A game Anna made and Jānis joined; their sockets and a watcher's.
fn game<'a>(
    server: &'a Running,
    body: &str,
) -> (String, Person<'a>, Person<'a>, Socket, Socket, Socket) {
    let anna = server.person();
    let janis = server.person();
    let created = anna.create(body);
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap();
    let (status, reply) = janis.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{reply}");
    let mut a = anna.socket(&id);
    let mut j = janis.socket(&id);
    let mut w = server.watch(&id);
    for ws in [&mut a, &mut j, &mut w] {
        assert_eq!(hello(ws)["type"], "state");
    }
    (id, anna, janis, a, j, w)
}

#[test]
fn a_take_back_is_the_other_sides_to_grant() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let (id, _anna, _janis, mut a, mut j, mut w) = game(&server, &invited(""));
    let mut local = mirror(&invited(""));
    let s = choose(&local, 0);
    a.send(&stroke_request(0, novuss_core::seat::Seat::South, &s));
    let played = a.next_reply();
    assert_eq!(played["type"], "stroke", "{played}");
    local.play(novuss_core::seat::Seat::South, &s).unwrap();
    j.next_reply();
    w.next_reply();
    let before = server.get(&format!("/api/games/{id}")).1;

    // Between people the plain take-back is not one side's to make.
    a.send(&json!({"type":"take_back","event":1}));
    assert_eq!(next_offer(&mut a)["code"], "not_between_people");
    // Jānis cannot ask for Anna's stroke, nor for his seat's none.
    j.send(&json!({"type":"offer","event":1,"seat":"north","kind":"take_back"}));
    assert_eq!(next_offer(&mut j)["code"], "nothing_to_take_back");
    j.send(&json!({"type":"offer","event":1,"seat":"south","kind":"take_back"}));
    assert_eq!(next_offer(&mut j)["code"], "not_your_seat");

    // Anna asks; everyone is told; only Jānis answers.
    a.send(&json!({"type":"offer","event":1,"seat":"south","kind":"take_back"}));
    for ws in [&mut a, &mut j, &mut w] {
        let m = next_offer(ws);
        assert_eq!(m["type"], "offer", "{m}");
        assert_eq!(m["kind"], "take_back");
        assert_eq!(m["player"], 0);
        assert_eq!(m["event"], 1);
    }
    a.send(&json!({"type":"answer","kind":"take_back","accept":true}));
    assert_eq!(next_offer(&mut a)["code"], "not_your_seat");
    w.send(&json!({"type":"answer","kind":"take_back","accept":true}));
    assert_eq!(next_offer(&mut w)["code"], "not_a_player");
    a.send(&json!({"type":"offer","event":1,"seat":"south","kind":"take_back"}));
    assert_eq!(
        next_offer(&mut a)["code"],
        "cannot_offer",
        "one offer at a time"
    );
    // A reconnecting client is told of the waiting offer.
    let mut again = server.watch(&id);
    hello(&mut again);
    assert_eq!(next_offer(&mut again)["type"], "offer");
    // Declined: nothing changes.
    j.send(&json!({"type":"answer","kind":"take_back","accept":false}));
    for ws in [&mut a, &mut j] {
        let m = next_offer(ws);
        assert_eq!(m["type"], "answered", "{m}");
        assert_eq!(m["accepted"], false);
    }
    assert_eq!(server.get(&format!("/api/games/{id}")).1, before);
    j.send(&json!({"type":"answer","kind":"take_back","accept":true}));
    assert_eq!(next_offer(&mut j)["code"], "no_offer");

    // Asked again and granted: the stroke is taken back, for everyone.
    a.send(&json!({"type":"offer","event":1,"seat":"south","kind":"take_back"}));
    next_offer(&mut j);
    j.send(&json!({"type":"answer","kind":"take_back","accept":true}));
    for ws in [&mut a, &mut j, &mut w] {
        let m = loop {
            let m = next_offer(ws);
            if m["type"] != "offer" && m["type"] != "answered" {
                break m;
            }
        };
        assert_eq!(m["type"], "taken_back", "{m}");
        assert_eq!(m["event"], 2);
        assert_eq!(m["strokes"], 1);
        assert_eq!(m["state"]["turn"]["seat"], "south");
    }
}

#[test]
fn a_game_without_take_backs_has_no_take_back_offers() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let body = invited(r#""casual":false,"rated":true,"#);
    let (_id, _anna, _janis, mut a, _j, _w) = game(&server, &body);
    let local = mirror(&body);
    let s = choose(&local, 0);
    a.send(&stroke_request(0, novuss_core::seat::Seat::South, &s));
    assert_eq!(a.next_reply()["type"], "stroke");
    a.send(&json!({"type":"offer","event":1,"seat":"south","kind":"take_back"}));
    assert_eq!(next_offer(&mut a)["code"], "not_casual");
}

#[test]
fn a_rematch_declined_is_remembered_and_one_accepted_swaps_the_seats() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let (_id, _anna, _janis, mut a, mut j, _w) = game(&server, &invited(""));
    j.send(&json!({"type":"offer","event":0,"seat":"north","kind":"rematch"}));
    assert_eq!(
        next_offer(&mut j)["code"],
        "cannot_offer",
        "not before the end"
    );
    a.send(&json!({"type":"resign","event":0,"seat":"south"}));
    assert_eq!(a.next_reply()["type"], "resigned");
    j.next_reply();
    j.send(&json!({"type":"offer","event":1,"seat":"north","kind":"rematch"}));
    assert_eq!(next_offer(&mut a)["kind"], "rematch");
    a.send(&json!({"type":"answer","kind":"rematch","accept":false}));
    assert_eq!(next_offer(&mut j)["type"], "offer");
    assert_eq!(next_offer(&mut j)["accepted"], false);
    j.send(&json!({"type":"offer","event":1,"seat":"north","kind":"rematch"}));
    assert_eq!(next_offer(&mut j)["code"], "rematch_declined");

    // Another game, and this time the rematch is accepted.
    let (_id, anna, janis, mut a, mut j, mut w) = game(&server, &invited(""));
    a.send(&json!({"type":"resign","event":0,"seat":"south"}));
    a.next_reply();
    j.send(&json!({"type":"offer","event":1,"seat":"north","kind":"rematch"}));
    next_offer(&mut a);
    a.send(&json!({"type":"answer","kind":"rematch","accept":true}));
    let mut ids = vec![];
    for ws in [&mut a, &mut j, &mut w] {
        let m = loop {
            let m = next_offer(ws);
            if m["type"] == "rematch" {
                break m;
            }
        };
        ids.push(m["id"].as_str().unwrap().to_owned());
    }
    assert!(
        ids.iter().all(|i| *i == ids[0]),
        "everyone is told the same game"
    );
    let new = &ids[0];
    let (status, body) = janis.get(&format!("/api/games/{new}"));
    assert_eq!(status, 200, "{body}");
    let st: Value = serde_json::from_str(&body).unwrap();
    let me = |p: &Person| -> String {
        let v: Value = serde_json::from_str(&p.get("/api/me").1).unwrap();
        v["person"].as_str().unwrap().to_owned()
    };
    assert_eq!(
        st["seats"][0]["person"],
        me(&janis),
        "Jānis opens the rematch"
    );
    assert_eq!(st["seats"][1]["person"], me(&anna));
    assert_eq!(
        st["players"][1]["name"], "Anna",
        "names go with their players"
    );
    // Jānis strokes from the south seat now; Anna may not.
    let mut a2 = anna.socket(new);
    let mut j2 = janis.socket(new);
    hello(&mut a2);
    hello(&mut j2);
    let local = mirror(&invited(""));
    let s = choose(&local, 0);
    a2.send(&stroke_request(0, novuss_core::seat::Seat::South, &s));
    assert_eq!(a2.next_reply()["code"], "not_your_seat");
    j2.send(&stroke_request(0, novuss_core::seat::Seat::South, &s));
    assert_eq!(j2.next_reply()["type"], "stroke");
}
