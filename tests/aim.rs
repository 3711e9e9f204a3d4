//! The "aim at a disc" tool over real HTTP (docs/protocol.md, "Aiming at a
//! disc"): `POST /api/games/{id}/aim` answers from the planner the hint
//! uses, refuses bad requests with stable codes, and changes nothing.

use crate::support::play::HOT_SEAT;
use crate::support::server::{data_dir, path, Running};
use serde_json::{json, Value};

fn json_of(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// The ids of the discs of the side to play, and of the other side.
fn discs(state: &Value) -> (Vec<u64>, Vec<u64>) {
    let side = &state["turn"]["side"];
    let mut own = vec![];
    let mut theirs = vec![];
    for d in state["set"]["discs"].as_array().unwrap() {
        let id = d["id"].as_u64().unwrap();
        if &d["side"] == side {
            own.push(id);
        } else {
            theirs.push(id);
        }
    }
    own.sort_unstable();
    (own, theirs)
}

#[test]
fn disc_one_of_the_opening_row_is_potted_directly() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let state = server.create(HOT_SEAT);
    let id = state["id"].as_str().unwrap();
    let (own, _) = discs(&state);
    // Disc 1, as the page numbers them: the lowest id of the side to play.
    let (status, text) = server.post(
        &format!("/api/games/{id}/aim"),
        &json!({"event": 0, "disc": own[0]}).to_string(),
    );
    assert_eq!(status, 200, "{text}");
    let answer = json_of(&text);
    let plan = &answer["plan"];
    assert_eq!(plan["route"], "direct", "{text}");
    assert_eq!(plan["disc"], own[0]);
    assert!(plan["stroke"]["speed"].as_f64().unwrap() > 0.0);
    assert!(plan["chance"].as_f64().unwrap() > 0.0, "{text}");
    assert_eq!(answer["seat"], state["turn"]["seat"]);
    // A pocket asked for is the one planned, or there is a reason.
    let pocket = plan["pocket"].as_str().unwrap();
    let (status, text) = server.post(
        &format!("/api/games/{id}/aim"),
        &json!({"event": 0, "disc": own[0], "pocket": pocket, "route": "direct"}).to_string(),
    );
    assert_eq!(status, 200, "{text}");
    assert_eq!(json_of(&text)["plan"]["pocket"], pocket);
}

#[test]
fn bad_aim_requests_get_stable_errors_and_change_nothing() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let state = server.create(HOT_SEAT);
    let id = state["id"].as_str().unwrap();
    let (own, theirs) = discs(&state);
    let url = format!("/api/games/{id}/aim");
    let other_seat = if state["turn"]["seat"] == "south" {
        "north"
    } else {
        "south"
    };
    let refusals = [
        (
            json!({"event": 0, "disc": 999}).to_string(),
            400,
            "bad_message",
        ),
        (
            json!({"event": 7, "disc": own[0]}).to_string(),
            409,
            "stale",
        ),
        (
            json!({"event": 0, "disc": own[0], "seat": other_seat}).to_string(),
            400,
            "not_your_turn",
        ),
        (json!({"event": 0}).to_string(), 400, "bad_message"),
        (
            json!({"event": 0, "disc": -1}).to_string(),
            400,
            "bad_message",
        ),
        (
            json!({"event": 0, "disc": own[0], "pocket": "middle"}).to_string(),
            400,
            "bad_message",
        ),
        (
            json!({"event": 0, "disc": own[0], "speed": 3}).to_string(),
            400,
            "bad_message",
        ),
        ("{\"event\": 0, \"disc\"".to_owned(), 400, "bad_message"),
        (
            json!({"event": 0, "disc": own[0], "hand": "god"}).to_string(),
            400,
            "bad_message",
        ),
    ];
    for (body, status, code) in refusals {
        let (got, text) = server.post(&url, &body);
        assert_eq!(
            (got, json_of(&text)["code"].as_str()),
            (status, Some(code)),
            "{body}: {text}"
        );
    }
    let (got, text) = server.post(
        "/api/games/zzzzzzzzzzzz/aim",
        &json!({"event": 0, "disc": 0}).to_string(),
    );
    assert_eq!(
        (got, json_of(&text)["code"].as_str()),
        (404, Some("unknown_game")),
        "{text}"
    );
    // Another side's disc is an answer, not a refusal: the tool says why.
    let (got, text) = server.post(&url, &json!({"event": 0, "disc": theirs[0]}).to_string());
    assert_eq!(got, 200, "{text}");
    let answer = json_of(&text);
    assert_eq!(answer["reason"], "not_own", "{text}");
    assert!(answer["plan"].is_null());
    // Nothing changed.
    assert_eq!(server.state(id), state);
}

/// The disc and pocket a hint's stroke is named by, as the page names it:
/// what it pots as meant, else the planned pot it means.
fn hinted_target(best: &Value) -> Option<(u64, String)> {
    let pots = &best["pots"];
    if pots.is_object() {
        return Some((pots["disc"].as_u64()?, pots["pocket"].as_str()?.to_owned()));
    }
    Some((best["disc"].as_u64()?, best["corner"].as_str()?.to_owned()))
}

#[test]
fn the_hinted_stroke_gets_the_same_chance_in_the_hint_and_the_aim_tool() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let state = server.create(HOT_SEAT);
    let id = state["id"].as_str().unwrap();
    let mut ws = server.socket(id);
    ws.send(&json!({"type": "hello", "since": null}));
    assert_eq!(ws.next_reply()["type"], "state");
    // Hints at the expert's level (the page's default) and at a club
    // player's, played on until one names a disc to pocket (the break may
    // pocket nothing as meant).
    let mut compared = 0;
    let mut event = 0;
    while compared < 2 && event < 8 {
        let level = if compared == 0 { "expert" } else { "club" };
        ws.send(&json!({"type": "hint", "event": event, "level": level}));
        let hint = ws.next_reply();
        assert_eq!(hint["type"], "hint", "{hint}");
        let best = &hint["best"];
        if let Some((disc, pocket)) = hinted_target(best) {
            let (status, text) = server.post(
                &format!("/api/games/{id}/aim"),
                &json!({"event": event, "disc": disc, "pocket": pocket, "hand": level}).to_string(),
            );
            assert_eq!(status, 200, "{text}");
            let plan = json_of(&text)["plan"].clone();
            // The tool offers the very stroke the hint drew, with the
            // chance the hint gave it, counted over the same tries.
            assert_eq!(plan["stroke"], best["stroke"], "{level}: {plan} / {best}");
            assert_eq!(
                plan["chance"], best["pot_chance"],
                "{level}: {plan} / {best}"
            );
            assert_eq!(plan["tries"], best["samples"], "{level}: {plan} / {best}");
            compared += 1;
        }
        // On with the hint's own stroke, as a player taking it would.
        let seat = hint["seat"].clone();
        let s = &best["stroke"];
        ws.send(&json!({"type": "stroke", "event": event, "seat": seat,
            "striker": s["striker"], "direction": s["direction"], "speed": s["speed"]}));
        event = ws.next_of("stroke")["event"].as_u64().unwrap();
    }
    assert_eq!(compared, 2, "two hints named a disc to pocket");
}
