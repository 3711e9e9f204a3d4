//! Competitions over real HTTP (issue 32): an organiser with an account
//! creates a Swiss, enters players, pairs rounds and enters results, and
//! a follower sees every change live; strangers, other people and bad
//! changes are refused with their reasons and store nothing; the
//! competition comes back whole after a restart. On SQLite and, with
//! `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::{json, Value};

use crate::support::db;
use crate::support::live::Live;
use crate::support::server::{
    data_dir, json_answer, needs_postgres, new_database, path, Person, Running,
};

fn swiss(name: &str, rounds: u32, tables: u32) -> Value {
    json!({
        "name": name,
        "venue": "Rīga",
        "starts": "2026-11-28",
        "ends": "2026-11-28",
        "tables": tables,
        "system": {"kind": "swiss", "rounds": rounds},
        "format": {"kind": "sets", "sets": 6},
    })
}

/// Enters a result for every open board of the competition's last round
/// (the better ranked side wins 4:2), checking each answer; returns the
/// competition after the last.
fn finish_round(person: &Person, id: &str, mut c: Value) -> Value {
    let round = c["rounds"].as_array().unwrap().last().unwrap().clone();
    for (i, b) in round["boards"].as_array().unwrap().iter().enumerate() {
        if !b["outcome"].is_null() {
            continue;
        }
        let first_better = b["first"].as_u64() < b["second"].as_u64();
        let outcome = if first_better {
            json!({"kind": "sets", "first": 4, "second": 2})
        } else {
            json!({"kind": "sets", "first": 1, "second": 4})
        };
        let (status, now) = person.try_change(id,
            json!({"change": "result", "round": round["number"], "board": i + 1, "outcome": outcome}),
        );
        assert_eq!(status, 200, "{now}");
        c = now;
    }
    c
}

#[test]
fn an_organiser_runs_a_swiss_and_a_follower_sees_every_change() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    let stranger = server.person();
    let other = server.person();
    organiser.register("organiser1", "a long password");
    other.register("someone_else", "a long password");

    // Only a person with an account organises.
    let (status, refused) =
        json_answer(stranger.post("/api/competitions", &swiss("X", 3, 2).to_string()));
    assert_eq!(
        (status, refused["code"].as_str()),
        (401, Some("not_signed_in")),
        "{refused}"
    );
    // A set-up that cannot be played says why, with the numbers.
    let mut bad = swiss("Bad", 3, 2);
    bad["format"] = json!({"kind": "best_of", "sets": 4});
    let (status, refused) = json_answer(organiser.post("/api/competitions", &bad.to_string()));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["code"], "competition_refused");
    assert_eq!(refused["refusal"]["code"], "format");
    let (status, refused) = json_answer(organiser.post("/api/competitions", r#"{"name":"X"}"#));
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_message")),
        "{refused}"
    );

    let (status, c) =
        json_answer(organiser.post("/api/competitions", &swiss("Riga Open", 3, 2).to_string()));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    assert_eq!(c["setup"]["name"], "Riga Open");
    assert_eq!(c["round_count"], 3);
    assert_eq!(c["changes"], 0);
    let (_, list) = json_answer(stranger.get("/api/competitions"));
    assert!(
        list.as_array()
            .unwrap()
            .iter()
            .any(|l| l["id"] == id.as_str()),
        "{list}"
    );

    // Everyone may read it; only the organiser may change it.
    let (status, page) = json_answer(stranger.get(&format!("/api/competitions/{id}")));
    assert_eq!(
        (status, &page["may_change"]),
        (200, &json!(false)),
        "{page}"
    );
    let (_, page) = json_answer(organiser.get(&format!("/api/competitions/{id}")));
    assert_eq!(page["may_change"], true, "{page}");
    let mut live = Live::follow(&server, &stranger, &format!("/api/competitions/{id}/live"));
    let (name, first) = live.next();
    assert_eq!(
        (name.as_str(), &first["changes"]),
        ("competition", &json!(0))
    );

    for (i, who) in ["Anna", "Bruno", "Chris", "Dace", "Edgars"]
        .iter()
        .enumerate()
    {
        let (status, c) = organiser.try_change(&id,
            json!({"change": "enter", "entry": {"name": who, "club": "RNK", "rating": 1800 - 10 * i}}),
        );
        assert_eq!(status, 200, "{c}");
        let (_, seen) = live.next();
        assert_eq!(seen["changes"], i + 1, "the follower sees each entry");
    }
    for who in [&stranger, &other] {
        let (status, refused) = who.try_change(&id, json!({"change": "pair_next", "round": 1}));
        assert_eq!(
            (status, refused["code"].as_str()),
            (403, Some("not_organiser")),
            "{refused}"
        );
    }
    // The same person twice, a round not next, a bad body: refused.
    let (status, refused) =
        organiser.try_change(&id, json!({"change": "enter", "entry": {"name": "anna"}}));
    assert_eq!(status, 400);
    assert_eq!(
        refused["refusal"],
        json!({"code": "entered_twice", "entrant": 1})
    );
    let (_, refused) = organiser.try_change(&id, json!({"change": "pair_next", "round": 2}));
    assert_eq!(
        refused["refusal"],
        json!({"code": "wrong_round", "asked": 2, "current": 1})
    );
    let (status, refused) = organiser.try_change(&id, json!({"change": "pair_next"}));
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_message"))
    );

    let (status, c) = organiser.try_change(&id, json!({"change": "pair_next", "round": 1}));
    assert_eq!(status, 200, "{c}");
    let boards = c["rounds"][0]["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0]["table"], 1);
    assert_eq!(
        c["rounds"][0]["rests"],
        json!([{"entrant": 5, "bye": "pairing_allocated"}])
    );
    let (name, held) = live.next();
    assert_eq!(name, "competition");
    assert_eq!(held["rounds"], c["rounds"], "the follower sees the pairing");

    // 5:0 in six sets is not a result; nothing is stored.
    let stored = db::count(
        &server.data.join("novuss.sqlite3"),
        "SELECT COUNT(*) FROM competition_changes",
    );
    let (status, refused) = organiser.try_change(&id,
        json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "sets", "first": 5, "second": 0}}),
    );
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["refusal"],
        json!({"code": "score", "first": 5, "second": 0, "needed": 4})
    );
    assert_eq!(
        db::count(
            &server.data.join("novuss.sqlite3"),
            "SELECT COUNT(*) FROM competition_changes"
        ),
        stored
    );
    let (_, refused) = organiser.try_change(&id, json!({"change": "pair_next", "round": 2}));
    assert_eq!(
        refused["refusal"],
        json!({"code": "round_open", "round": 1})
    );

    let mut c = finish_round(&organiser, &id, c);
    for round in 2..=3 {
        let (status, paired) =
            organiser.try_change(&id, json!({"change": "pair_next", "round": round}));
        assert_eq!(status, 200, "{paired}");
        c = finish_round(&organiser, &id, paired);
    }
    assert_eq!(c["finished"], true, "{c}");
    let (_, refused) = organiser.try_change(&id, json!({"change": "pair_next", "round": 4}));
    assert_eq!(refused["refusal"], json!({"code": "finished"}));
    // The follower caught up with every change: each result came as
    // itself with the standings it made, and what the follower built
    // from them is the competition as the organiser sees it.
    let mut seen = held;
    let mut results = 0;
    while seen["changes"] != c["changes"] {
        let (name, next) = live.next();
        if name == "result" {
            results += 1;
        }
        seen = followed(seen, &name, next);
    }
    assert_eq!(
        results, 6,
        "three rounds of two boards, each result as itself"
    );
    assert_eq!(seen, c);
    // Standings by the Swiss's own tie-breaks, every entrant once.
    assert_eq!(
        c["setup"]["tiebreaks"],
        json!(["bh_c1", "bh", "sb", "set_ratio"])
    );
    let rows = c["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    assert_eq!(rows[0]["place"]["start"], 1, "{rows:?}");
    let points: u64 = rows.iter().map(|r| r["points"].as_u64().unwrap()).sum();
    // Six matches of 2 points, three pairing-allocated byes of 2.
    assert_eq!(points, 18, "{rows:?}");

    // Stored before it was shown: the same competition after a restart.
    let changes = c["changes"].as_u64().unwrap();
    assert_eq!(
        db::count(
            &server.data.join("novuss.sqlite3"),
            "SELECT COUNT(*) FROM competition_changes"
        ) as u64,
        changes
    );
    let server = server.restart();
    let reader = server.person();
    let (_, page) = json_answer(reader.get(&format!("/api/competitions/{id}")));
    assert_eq!(page["competition"], c);
}

#[test]
fn an_unknown_or_malformed_competition_is_not_found() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let p = server.person();
    for bad in [
        "nope",
        "0123456789abcdef0123456789abcdef",
        "0123456789ABCDEF0123456789ABCDEF",
    ] {
        let (status, refused) = json_answer(p.get(&format!("/api/competitions/{bad}")));
        assert_eq!(status, 404, "{bad}: {refused}");
        assert_eq!(refused["code"], "unknown_competition", "{bad}");
    }
    let (status, refused) = json_answer(p.get("/api/competitions/../../etc"));
    assert_eq!(
        (status, refused["code"].as_str()),
        (404, Some("no_such_path"))
    );
    let (status, _) = json_answer(p.post(
        "/api/competitions/0123456789abcdef0123456789abcdef/changes",
        r#"{"change":"unpair","round":1}"#,
    ));
    assert_eq!(status, 404);
}

/// Two servers over one PostgreSQL: the organiser changes the competition
/// through one, and a follower connected to the other sees each change
/// (the store's notice, then that server reads it).
#[test]
fn a_follower_on_another_server_sees_the_changes() {
    if !needs_postgres() {
        return;
    }
    let dirs = [data_dir(), data_dir()];
    let url = new_database(&path(&dirs[0]));
    let a = Running::start_on(&path(&dirs[0]), Some(&url), &[]);
    let b = Running::start_on(&path(&dirs[1]), Some(&url), &[]);
    let organiser = a.person();
    organiser.register("organiser2", "a long password");
    let (status, c) =
        json_answer(organiser.post("/api/competitions", &swiss("Two halls", 3, 2).to_string()));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    let watcher = b.person();
    let mut live = Live::follow(&b, &watcher, &format!("/api/competitions/{id}/live"));
    assert_eq!(live.next().1["changes"], 0);
    for (i, who) in ["Anna", "Bruno", "Chris"].iter().enumerate() {
        let (status, _) =
            organiser.try_change(&id, json!({"change": "enter", "entry": {"name": who}}));
        assert_eq!(status, 200);
        let (name, seen) = live.next();
        assert_eq!(name, "competition");
        assert_eq!(seen["changes"], i + 1, "{seen}");
        assert_eq!(seen["entrants"][i]["entry"]["name"], *who);
    }
    let (_, paired) = organiser.try_change(&id, json!({"change": "pair_next", "round": 1}));
    let seen = live.next().1;
    assert_eq!(seen["rounds"], paired["rounds"]);
}

/// The competition a follower holds after the event `name` with `data`:
/// a `competition` event is the whole of it, a `result` event the next
/// change, one board's result with the standings after it.
fn followed(mut held: Value, name: &str, data: Value) -> Value {
    match name {
        "competition" => data,
        "result" => {
            let next = held["changes"].as_u64().unwrap() + 1;
            assert_eq!(data["changes"], next, "results come in order, none missed");
            let round = data["round"].as_u64().unwrap() as usize - 1;
            let board = data["board"].as_u64().unwrap() as usize - 1;
            held["rounds"][round]["boards"][board]["outcome"] = data["outcome"].clone();
            held["changes"] = data["changes"].clone();
            held["finished"] = data["finished"].clone();
            held["standings"] = data["standings"].clone();
            held
        }
        other => panic!("an event {other}: {data}"),
    }
}

/// Groups then knock-out over real HTTP: a field that cannot make the
/// groups asked is refused with the numbers and stores nothing; then it
/// is played to its end by the bracket's own pairings while a follower
/// gets each result with the group tables and the bracket, and it comes
/// back the same after a restart.
#[test]
fn groups_then_a_knockout_run_over_http_to_the_end() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    let follower = server.person();
    organiser.register("groups_organiser", "a long password");
    let setup = json!({
        "name": "Grupu kauss",
        "tables": 3,
        "system": {"kind": "groups_then_knockout", "groups": 3, "third_place": true},
        "format": {"kind": "best_of", "sets": 3},
    });
    let (status, c) = json_answer(organiser.post("/api/competitions", &setup.to_string()));
    assert_eq!(status, 201, "{c}");
    assert_eq!(c["setup"]["system"]["cycles"], "single", "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    for i in 0..8 {
        let entry = json!({"name": format!("Player {}", i + 1), "rating": 2000 - 10 * i});
        let (status, _) = organiser.try_change(&id, json!({"change": "enter", "entry": entry}));
        assert_eq!(status, 200);
    }
    // Eight cannot make three groups of three.
    let (status, refused) = organiser.try_change(&id, json!({"change": "pair_next", "round": 1}));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["refusal"],
        json!({"code": "group_sizes", "groups": 3, "entrants": 8})
    );
    let (_, page) = json_answer(organiser.get(&format!("/api/competitions/{id}")));
    assert_eq!(page["competition"]["changes"], 8);
    assert_eq!(page["competition"]["rounds"], json!([]));
    let (status, _) = organiser.try_change(
        &id,
        json!({"change": "enter", "entry": {"name": "Player 9", "rating": 1900}}),
    );
    assert_eq!(status, 200);
    let mut live = Live::follow(&server, &follower, &format!("/api/competitions/{id}/live"));
    let (_, mut held) = live.next();
    assert_eq!(held["groups"].as_array().unwrap().len(), 3, "{held}");
    assert!(held["bracket"].is_null());
    let mut c = held.clone();
    // Three group rounds, the cross, the bracket over its three winners
    // (one waits with a bye), the final.
    assert_eq!(c["round_count"], 6);
    while c["finished"] != json!(true) {
        let round = c["rounds"].as_array().unwrap().len() + 1;
        let (status, paired) =
            organiser.try_change(&id, json!({"change": "pair_next", "round": round}));
        assert_eq!(status, 200, "{paired}");
        held = live.next().1;
        c = paired;
        let boards = c["rounds"][round - 1]["boards"].as_array().unwrap().len();
        for board in 1..=boards {
            // The first-named side wins 2:0.
            let (status, next) = organiser.try_change(&id,
                json!({"change": "result", "round": round, "board": board, "outcome": {"kind": "sets", "first": 2, "second": 0}}),
            );
            assert_eq!(status, 200, "{next}");
            let (name, data) = live.next();
            assert_eq!(name, "result");
            assert_eq!(
                data["groups"], next["groups"],
                "the groups pushed with the result"
            );
            assert_eq!(data["bracket"], next["bracket"]);
            held = followed(held, &name, data);
            c = next;
        }
        // Once the groups are complete, the knock-out is drawn.
        if round == 3 {
            assert!(!c["bracket"].is_null(), "{c}");
            assert_eq!(c["bracket"]["seeds"].as_array().unwrap().len(), 6);
        }
    }
    assert_eq!(c["rounds"].as_array().unwrap().len(), 6);
    assert_eq!(held["standings"], c["standings"]);
    let rows = c["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows[0]["place"], json!({"start": 1, "end": 1}));
    let (_, before) = json_answer(organiser.get(&format!("/api/competitions/{id}")));
    let server = server.restart();
    let (_, after) = json_answer(server.person().get(&format!("/api/competitions/{id}")));
    assert_eq!(
        before["competition"]["standings"],
        after["competition"]["standings"]
    );
    assert_eq!(
        before["competition"]["groups"],
        after["competition"]["groups"]
    );
    assert_eq!(
        before["competition"]["bracket"],
        after["competition"]["bracket"]
    );
}
