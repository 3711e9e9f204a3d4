//! The protocol's golden file, `tests/golden/protocol.json` (workspace
//! root): one real example of every message the server sends on a game's
//! WebSocket, made by the server's own code from real games (a room played
//! here, in memory), and one of every request a client sends, each parsed
//! by the server's own request type. The page's side reads the same file
//! (tests/browser/protocol.mjs): every message must be one the page knows,
//! and every field its JSDoc types (web/shared/protocol.js) say it reads
//! must be one the server sends.
//!
//! Regenerate it, after a change of the protocol that is meant, with
//!
//! NOVUSS_REGEN_GOLDEN=1 cargo test -p novuss-server --lib golden
//!
//! and read the diff.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde_json::{json, Value};

use crate::error::{Code, Failure};
use crate::game::clock::Timing;
use crate::game::room::tests::testing::gentle;
use crate::game::room::Room;
use crate::ids::{GameId, PersonId};
use crate::offers::{Offer, OfferKind};
use crate::people::seats::Seats;
use crate::store::SeatRow;
use crate::wire::chat::{self, Line, Said, Settings};
use crate::wire::http::games::NewGame;
use crate::wire::state::LevelName;
use crate::wire::ws_in::Claimed;
use crate::wire::ws_out::{Event, Notice};

const REGEN: &str = "NOVUSS_REGEN_GOLDEN=1 cargo test -p novuss-server --lib golden";

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden/protocol.json")
}

/// A singles game between two people at their own screens (or, with
/// `computer`, a person against the computer), from its set-up request.
fn room(extra: Value, computer: bool) -> Room {
    let mut request = json!({
        "format": "singles", "profile": "lnf-2017", "sets": 3, "casual": true,
        "players": [{"kind": "human", "name": "Anna"}, if computer { json!({"kind": "computer", "level": "club"}) } else { json!({"kind": "human", "name": "Bruno"}) }],
    });
    if let (Some(r), Some(e)) = (request.as_object_mut(), extra.as_object()) {
        r.extend(e.clone());
    }
    let new: NewGame = serde_json::from_value(request).expect("a set-up the server accepts");
    let mut room = Room::new(
        GameId::parse("3f2a9c0e1b7d4a6f8e5c2b1a0d9f8e7c").expect("an id"),
        1_764_000_000,
        new.setup().expect("set up"),
    )
    .expect("a new room");
    let (a, b) = people();
    let row = |player, person: &PersonId| SeatRow {
        player: PlayerId(player),
        person: Some(person.clone()),
        invite_hash: None,
    };
    let rows = if computer {
        vec![row(0, &a)]
    } else {
        vec![row(0, &a), row(1, &b)]
    };
    *room.seats_mut() = Seats::new([false, computer], &rows);
    room
}

/// Anna and Bruno, with fixed ids so that the file changes only when the
/// protocol does.
fn people() -> (PersonId, PersonId) {
    (
        PersonId::parse("5c33810e966ab74095eec172b355c734").expect("an id"),
        PersonId::parse("a1b2c3d4e5f60718293a4b5c6d7e8f90").expect("an id"),
    )
}

fn parsed(text: &Arc<str>) -> Value {
    serde_json::from_str(text).expect("the server's messages are JSON")
}

/// One example or more of every message, by type.
fn messages() -> BTreeMap<String, Vec<Value>> {
    let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    let mut keep = |text: Arc<str>| {
        let v = parsed(&text);
        let kind = v["type"]
            .as_str()
            .expect("every message has a type")
            .to_owned();
        out.entry(kind).or_default().push(v);
    };
    let timing = Timing::DEFAULT;

    // Between people, with a stroke clock: a stroke, its take-back offered
    // and made, clocks, seats, a claim.
    let mut people_room = room(json!({"stroke_clock": 30}), false);
    keep(people_room.state_message());
    keep(people_room.seats_message());
    let stroke = people_room
        .stroke(&gentle(&people_room))
        .expect("a legal stroke");
    keep(people_room.commit(stroke));
    let offer = people_room
        .make_offer(people_room.event(), Seat::South, OfferKind::TakeBack)
        .expect("Anna may ask to take back her stroke");
    people_room.keep_offer(offer);
    keep(people_room.offer_message().expect("an offer waits"));
    let back = people_room
        .take_back(people_room.event())
        .expect("taken back");
    keep(people_room.commit(back));
    keep(
        people_room
            .timers_message(people_room.turn_at() + 1_000, &timing)
            .expect("a stroke clock runs"),
    );
    let (a, _) = people();
    people_room.seats_mut().arrive(&a);
    keep(people_room.seats_message());
    let at = people_room.event();
    let timed_out = people_room
        .time_out(at, Seat::South, None)
        .expect("a time-out");
    keep(people_room.commit(timed_out));
    let claim = people_room
        .claim(
            people_room.event(),
            Seat::South,
            Seat::North,
            Claimed::Match,
            None,
        )
        .expect("a claim");
    keep(people_room.commit(claim));
    keep(
        Notice::Answered {
            kind: OfferKind::Rematch,
            accepted: false,
            may: people_room.may(),
        }
        .text(),
    );
    keep(
        Notice::Offer {
            offer: Offer {
                kind: OfferKind::Rematch,
                player: PlayerId(1),
                seat: Seat::North,
                event: people_room.event(),
            },
            may: people_room.may(),
        }
        .text(),
    );
    keep(
        Notice::Rematch {
            id: "0d9f8e7c3f2a9c0e1b7d4a6f8e5c2b1a",
        }
        .text(),
    );

    // A rated game between people: its state says so.
    let rated = room(
        json!({"casual": false, "rated": true, "players": [
            {"kind": "human", "name": "Anna"}, {"kind": "human", "invite": true}]}),
        false,
    );
    keep(rated.state_message());

    // A game nobody touched for the abandonment period.
    let mut gone = room(json!({}), true);
    let abandon = gone.abandon(0).expect("abandoned");
    keep(gone.commit(abandon));

    // Against the computer: an abort, a resignation, the next set, the
    // computer thinking, a hint.
    let mut alone = room(json!({}), true);
    let abort = alone
        .abort(0, Seat::South)
        .expect("called off before any stroke");
    keep(alone.commit(abort));
    let mut alone = room(json!({}), true);
    let resign = alone.resign(0, Seat::South).expect("resigned");
    keep(alone.commit(resign));
    let alone = room(json!({}), true);
    keep(
        Event::SetStarted {
            event: alone.event(),
            set_number: 2,
            state: alone.state(),
        }
        .text(),
    );
    keep(
        Notice::Thinking {
            event: alone.event(),
            seat: Seat::North,
            player: PlayerId(1),
        }
        .text(),
    );
    let set = alone.game().set().clone();
    let decision = novuss_ai::Player::new(novuss_ai::Level::Beginner, 7)
        .with_alternatives(1)
        .decide(&set, &alone.setup().physics)
        .expect("a hint");
    keep(
        Notice::Hint {
            event: alone.event(),
            seat: Seat::South,
            level: LevelName(novuss_ai::Level::Beginner),
            best: &decision.best,
            alternatives: &decision.alternatives,
        }
        .text(),
    );

    // A refusal, and the chat's own two.
    let refused = Failure::new(Code::NotYourTurn, "it is south's turn, not north's");
    keep(
        Notice::Error {
            code: refused.code,
            event: Some(4),
            detail: &refused.detail,
            error_id: None,
        }
        .text(),
    );
    // A failure of the server's own: the client gets the code, a fixed
    // sentence and the error id to quote (here a fixed one).
    keep(
        Notice::Error {
            code: Code::Storage,
            event: None,
            detail: "the database failed; nothing was stored (error 7f3a9c21 in the server's log)",
            error_id: Some("7f3a9c21"),
        }
        .text(),
    );
    let (a, b) = people();
    keep(
        Line {
            number: 1,
            at: 1_764_000_100,
            room: chat::Room::Players,
            person: a.clone(),
            name: Some("Anna".into()),
            player: Some(0),
            said: Said::Preset(chat::Preset::GoodLuck),
        }
        .message(),
    );
    keep(
        Line {
            number: 2,
            at: 1_764_000_160,
            room: chat::Room::Watchers,
            person: b,
            name: None,
            player: None,
            said: Said::Text("What a shot".into()),
        }
        .message(),
    );
    keep(
        Settings {
            free_text: true,
            creator: Some(a),
        }
        .message(),
    );
    out
}

/// One example of every request a client sends on a game's WebSocket.
pub(crate) fn requests() -> Vec<Value> {
    vec![
        json!({"type": "hello"}),
        json!({"type": "hello", "since": 12}),
        json!({"type": "stroke", "event": 3, "seat": "south", "striker": [0.5, 0.08], "direction": [0.0, 1.0], "speed": 2.5}),
        json!({"type": "take_back", "event": 4}),
        json!({"type": "next_set", "event": 20}),
        json!({"type": "resign", "event": 7, "seat": "north"}),
        json!({"type": "abort", "event": 0, "seat": "south"}),
        json!({"type": "hint", "event": 5}),
        json!({"type": "hint", "event": 5, "level": "expert"}),
        json!({"type": "claim", "event": 9, "seat": "south", "absent": "north", "what": "set"}),
        json!({"type": "bye"}),
        json!({"type": "offer", "event": 4, "seat": "south", "kind": "take_back"}),
        json!({"type": "answer", "kind": "rematch", "accept": true}),
        json!({"type": "chat", "preset": "good_luck"}),
        json!({"type": "chat", "text": "well played", "room": "watchers"}),
        json!({"type": "chat_settings", "free_text": false}),
    ]
}

/// The whole file.
fn golden() -> Value {
    json!({
        "//": format!("One real example of every WebSocket message and request (docs/protocol.md), made by crates/novuss-server/src/golden.rs; regenerate with {REGEN}"),
        "server": messages(),
        "client": requests(),
    })
}

#[test]
fn every_message_and_request_is_in_the_golden_file() {
    let now = serde_json::to_string_pretty(&golden()).expect("JSON") + "\n";
    let path = path();
    if std::env::var_os("NOVUSS_REGEN_GOLDEN").is_some() {
        std::fs::write(&path, &now).expect("the golden file is written");
        return;
    }
    let pinned = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; write it with {REGEN}", path.display()));
    let first = pinned.lines().zip(now.lines()).position(|(a, b)| a != b);
    assert!(
        pinned == now,
        "the protocol differs from {} at line {}:\n pinned: {}\n    now: {}\nIf the change is meant, regenerate with {REGEN}, read the diff and keep web/shared/protocol.js in step.",
        path.display(),
        first.map_or(0, |k| k + 1),
        first.and_then(|k| pinned.lines().nth(k)).unwrap_or(""),
        first.and_then(|k| now.lines().nth(k)).unwrap_or(""),
    );
}

/// Every kind of message the server has is in the file: the list is the
/// `Event` and `Notice` enums' variants and the chat's two, which these
/// matches name one by one, so that a new variant fails to compile here
/// until it is named, and then fails this test until it has an example.
#[test]
fn the_file_has_every_kind_of_message() {
    fn event(e: &Event<'_>) -> &'static str {
        match e {
            Event::Stroke { .. } => "stroke",
            Event::TakenBack { .. } => "taken_back",
            Event::SetStarted { .. } => "set_started",
            Event::Resigned { .. } => "resigned",
            Event::Aborted { .. } => "aborted",
            Event::Called { .. } => "called",
        }
    }
    fn notice(n: &Notice<'_>) -> &'static str {
        match n {
            Notice::State { .. } => "state",
            Notice::Thinking { .. } => "thinking",
            Notice::Hint { .. } => "hint",
            Notice::Offer { .. } => "offer",
            Notice::Answered { .. } => "answered",
            Notice::Rematch { .. } => "rematch",
            Notice::Timers { .. } => "timers",
            Notice::Seats { .. } => "seats",
            Notice::Error { .. } => "error",
        }
    }
    let _ = (event, notice);
    let every = [
        "state",
        "stroke",
        "taken_back",
        "set_started",
        "resigned",
        "aborted",
        "thinking",
        "hint",
        "called",
        "offer",
        "answered",
        "rematch",
        "timers",
        "seats",
        "error",
        "chat",
        "chat_settings",
    ];
    let have = messages();
    for kind in every {
        assert!(have.contains_key(kind), "no example of `{kind}`");
    }
    assert_eq!(
        have.len(),
        every.len(),
        "{:?}",
        have.keys().collect::<Vec<_>>()
    );
}
