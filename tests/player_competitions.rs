//! A player's competitions over real HTTP (issue 32: "a player's page
//! shows their competition results beside their online games";
//! docs/competitions.md, "On a player's page"): Anna is entered in a round
//! robin by the organiser by her user name and enters a Swiss herself;
//! results are entered and `GET /api/players/{id}/competitions` shows
//! her place and points as worked out by hand below, a withdrawal, a
//! round paired and taken back; Bruno's list and the organiser's do not
//! show what they are not in; ids that name nobody are refused; the list
//! is whole after a restart, and the migration that made the index fills
//! it from the changes already stored. On SQLite and, with
//! `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::{json, Value};

use crate::support::db;
use crate::support::server::{data_dir, json_answer, path, Person, Running};

fn create(person: &Person, setup: &Value) -> String {
    let (status, c) = json_answer(person.post("/api/competitions", &setup.to_string()));
    assert_eq!(status, 201, "{c}");
    c["id"].as_str().unwrap().to_owned()
}

fn enter(person: &Person, id: &str, body: Value) -> Value {
    let (status, now) =
        json_answer(person.post(&format!("/api/competitions/{id}/enter"), &body.to_string()));
    assert_eq!(status, 200, "{body} → {now}");
    now
}

/// `who`'s list of competitions, as anyone reads it.
fn list(server: &Running, who: &str) -> Value {
    let (status, page) = json_answer(server.get(&format!("/api/players/{who}/competitions")));
    assert_eq!(status, 200, "{page}");
    page
}

/// Competition `id` in `page`'s list.
fn entry<'a>(page: &'a Value, id: &str) -> &'a Value {
    page["competitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not listed: {page}"))
}

fn ids(page: &Value) -> Vec<String> {
    let mut v: Vec<String> = page["competitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    v.sort();
    v
}

/// Enters the result of every board of `round` still open: `outcome`
/// gives the sets of the first-named side and of the second from their
/// entrant numbers.
fn results(
    person: &Person,
    id: &str,
    c: &Value,
    round: u64,
    outcome: impl Fn(u64, u64) -> (u32, u32),
) -> Value {
    let mut now = c.clone();
    let boards = c["rounds"][(round - 1) as usize]["boards"]
        .as_array()
        .unwrap()
        .clone();
    for (k, b) in boards.iter().enumerate() {
        let (first, second) = outcome(b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap());
        now = person.change(id,
            json!({"change": "result", "round": round, "board": k + 1, "outcome": {"kind": "sets", "first": first, "second": second}}),
        );
    }
    now
}

#[test]
fn a_players_page_lists_their_competitions_with_place_and_points() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    let anna = server.person();
    let bruno = server.person();
    organiser.register("org_pc", "a long password");
    anna.register("anna_pc", "a long password");
    bruno.register("bruno_pc", "a long password");
    let (anna_id, bruno_id, org_id) = (anna.id(), bruno.id(), organiser.id());

    // Nobody is entered anywhere yet: an empty list, not a refusal.
    assert_eq!(
        list(&server, &anna_id),
        json!({"competitions": [], "more": false})
    );

    // A round robin of four, six sets a match (3:3 is a draw): Anna
    // entered by the organiser by her user name (entrant 1), then three
    // from the organiser's list, who have no accounts.
    let autumn = create(
        &organiser,
        &json!({
            "name": "Rudens kauss", "club": "Rīgas NK", "starts": "2026-10-03", "ends": "2026-10-04",
            "tables": 2, "system": {"kind": "round_robin", "cycles": "single"},
            "format": {"kind": "sets", "sets": 6},
        }),
    );
    enter(&organiser, &autumn, json!({"username": "anna_pc"}));
    for name in ["Carla", "Dace", "Edgars"] {
        organiser.change(&autumn, json!({"change": "enter", "entry": {"name": name}}));
    }
    let page = list(&server, &anna_id);
    let a = entry(&page, &autumn);
    assert_eq!(a["name"], "Rudens kauss");
    assert_eq!(a["club"], "Rīgas NK");
    assert_eq!(
        (&a["starts"], &a["ends"]),
        (&json!("2026-10-03"), &json!("2026-10-04"))
    );
    assert_eq!(
        a["system"],
        json!({"kind": "round_robin", "cycles": "single"})
    );
    assert_eq!(a["status"], json!({"state": "entries_open"}));
    assert_eq!(a["entrant"], 1);
    assert_eq!(a["entrants"], 4);
    // Nobody has played: all four share places 1–4 on no points.
    assert_eq!(a["place"], json!({"start": 1, "end": 4}));
    assert_eq!(
        (&a["points"], &a["wins"], &a["draws"], &a["losses"]),
        (&json!(0), &json!(0), &json!(0), &json!(0))
    );

    // A round paired and taken back: the status follows the competition.
    organiser.change(&autumn, json!({"change": "pair_next", "round": 1}));
    assert_eq!(
        entry(&list(&server, &anna_id), &autumn)["status"],
        json!({"state": "round", "round": 1, "rounds": 3})
    );
    organiser.change(&autumn, json!({"change": "unpair", "round": 1}));
    assert_eq!(
        entry(&list(&server, &anna_id), &autumn)["status"],
        json!({"state": "entries_open"})
    );

    // Played out. By hand: Anna (1) beats Edgars (4) 4:2, draws with Dace
    // (3) 3:3 and loses to Carla (2) 2:4; among the others the lower
    // number wins 4:2. Points (2 a win, 1 a draw): Carla 2+2+2 = 6, Anna
    // 2+1+0 = 3, Dace 2+1+0 = 3, Edgars 0. Anna and Dace drew each other
    // (the direct encounter tells them not apart), won 9 sets and lost 9
    // each, won a match each, and their Sonneborn-Berger is Edgars' 0 plus
    // half of each other's 3: they share places 2–3.
    let anna_vs = |opponent: u64| match opponent {
        4 => (4, 2),
        3 => (3, 3),
        _ => (2, 4),
    };
    let outcome = |first: u64, second: u64| {
        if first == 1 {
            anna_vs(second)
        } else if second == 1 {
            let (a, o) = anna_vs(first);
            (o, a)
        } else if first < second {
            (4, 2)
        } else {
            (2, 4)
        }
    };
    let mut c = Value::Null;
    for round in 1..=3 {
        c = organiser.change(&autumn, json!({"change": "pair_next", "round": round}));
        c = results(&organiser, &autumn, &c, round, outcome);
        if round < 3 {
            assert_eq!(
                entry(&list(&server, &anna_id), &autumn)["status"],
                json!({"state": "round", "round": round, "rounds": 3})
            );
        }
    }
    assert_eq!(c["finished"], true, "{c}");
    let page = list(&server, &anna_id);
    let a = entry(&page, &autumn);
    assert_eq!(a["status"], json!({"state": "finished", "rounds": 3}));
    assert_eq!(a["place"], json!({"start": 2, "end": 3}), "{a}");
    assert_eq!(a["points"], 3);
    assert_eq!(
        (&a["wins"], &a["draws"], &a["losses"]),
        (&json!(1), &json!(1), &json!(1))
    );
    assert_eq!(a["withdrawn_from"], Value::Null);
    // The same place as the competition's own standings give her.
    let standing = c["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["entrant"] == 1)
        .unwrap();
    assert_eq!(
        (&standing["place"], &standing["points"]),
        (&a["place"], &a["points"])
    );

    // A Swiss open to entries: Anna and Bruno enter themselves, two more
    // from the list. Round 1: the first-named side of each board wins
    // 4:2; then Anna withdraws from round 2 on.
    let winter = create(
        &organiser,
        &json!({
            "name": "Ziemas Šveice", "tables": 2, "system": {"kind": "swiss", "rounds": 2},
            "format": {"kind": "sets", "sets": 6}, "open_entry": true,
        }),
    );
    enter(&anna, &winter, json!({}));
    enter(&bruno, &winter, json!({}));
    for name in ["Frīda", "Gatis"] {
        organiser.change(&winter, json!({"change": "enter", "entry": {"name": name}}));
    }
    let c = organiser.change(&winter, json!({"change": "pair_next", "round": 1}));
    let anna_first = c["rounds"][0]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .any(|b| b["first"] == 1);
    results(&organiser, &winter, &c, 1, |_, _| (4, 2));
    organiser.change(&winter, json!({"change": "withdraw", "entrant": 1}));
    let page = list(&server, &anna_id);
    assert_eq!(ids(&page), {
        let mut v = vec![autumn.clone(), winter.clone()];
        v.sort();
        v
    });
    // Newest first.
    let created: Vec<i64> = page["competitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["created"].as_i64().unwrap())
        .collect();
    assert!(created[0] >= created[1], "{created:?}");
    let w = entry(&page, &winter);
    assert_eq!(
        w["status"],
        json!({"state": "round", "round": 1, "rounds": 2})
    );
    assert_eq!(w["withdrawn_from"], 2, "{w}");
    assert_eq!(w["club"], Value::Null);
    // By hand: Anna won 4:2 if she was named first, else lost 2:4; the
    // two winners share places 1–2 on 2 points (one round: their
    // opponents' scores, Sonneborn-Berger and sets are the same), the two
    // losers 3–4 on 0.
    if anna_first {
        assert_eq!(
            (&w["place"], &w["points"], &w["wins"], &w["losses"]),
            (
                &json!({"start": 1, "end": 2}),
                &json!(2),
                &json!(1),
                &json!(0)
            )
        );
    } else {
        assert_eq!(
            (&w["place"], &w["points"], &w["wins"], &w["losses"]),
            (
                &json!({"start": 3, "end": 4}),
                &json!(0),
                &json!(0),
                &json!(1)
            )
        );
    }

    // Bruno's list has the Swiss he entered and not the round robin; the
    // organiser, entered nowhere, has none.
    let b = list(&server, &bruno_id);
    assert_eq!(ids(&b), vec![winter.clone()]);
    assert_eq!(entry(&b, &winter)["entrant"], 2);
    assert_eq!(entry(&b, &winter)["withdrawn_from"], Value::Null);
    assert_eq!(list(&server, &org_id)["competitions"], json!([]));

    // Ids that name nobody: refused as the player page refuses them.
    for bad in [
        "nobody",
        "0123456789abcdef0123456789abcdeg",
        &"0".repeat(32),
        "%20",
    ] {
        let (status, refused) =
            json_answer(server.get(&format!("/api/players/{bad}/competitions")));
        assert_eq!(
            (status, refused["code"].as_str()),
            (404, Some("unknown_player")),
            "{bad}: {refused}"
        );
    }

    // After a restart, the same.
    let before = list(&server, &anna_id);
    let server = server.restart();
    assert_eq!(list(&server, &anna_id), before);

    // The index filled by its migration from the changes stored: the
    // table dropped behind the server's back and its migration forgotten,
    // the next start makes it again from the entries stored.
    let db_file = server.data.join("novuss.sqlite3");
    let version = if db::is_postgres(&db_file) { 8 } else { 13 };
    server.kill();
    db::execute(&db_file, "DROP TABLE competition_entrants", &[]);
    db::execute(
        &db_file,
        &format!("DELETE FROM _sqlx_migrations WHERE version = {version}"),
        &[],
    );
    let server = Running::start(&path(&dir));
    assert_eq!(list(&server, &anna_id), before);
    assert_eq!(ids(&list(&server, &bruno_id)), vec![winter.clone()]);
    assert_eq!(
        db::count(&db_file, "SELECT COUNT(*) FROM competition_entrants"),
        3,
        "Anna twice, Bruno once"
    );
}

/// Two servers over one PostgreSQL: an entry made through one is on the
/// player's list read from the other (the index is the database's, not a
/// server's memory), and so is a result entered after, once the other
/// server has heard of the change.
#[test]
fn a_players_competitions_read_from_another_server() {
    if !crate::support::server::needs_postgres() {
        return;
    }
    let dirs = [data_dir(), data_dir()];
    let url = crate::support::server::new_database(&path(&dirs[0]));
    let a = Running::start_on(&path(&dirs[0]), Some(&url), &[]);
    let b = Running::start_on(&path(&dirs[1]), Some(&url), &[]);
    let organiser = a.person();
    let anna = a.person();
    organiser.register("org_two", "a long password");
    anna.register("anna_two", "a long password");
    let anna_id = anna.id();
    let id = create(
        &organiser,
        &json!({"name": "Divas zāles", "tables": 1, "system": {"kind": "swiss", "rounds": 1},
                "format": {"kind": "sets", "sets": 6}, "open_entry": true}),
    );
    enter(&anna, &id, json!({}));
    organiser.change(&id, json!({"change": "enter", "entry": {"name": "Jānis"}}));
    let page = list(&b, &anna_id);
    assert_eq!(ids(&page), vec![id.clone()]);
    assert_eq!(
        entry(&page, &id)["status"],
        json!({"state": "entries_open"})
    );

    // One round, one board: the first-named side wins 4:2.
    let c = organiser.change(&id, json!({"change": "pair_next", "round": 1}));
    let anna_first = c["rounds"][0]["boards"][0]["first"] == 1;
    results(&organiser, &id, &c, 1, |_, _| (4, 2));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let seen = loop {
        let page = list(&b, &anna_id);
        let e = entry(&page, &id).clone();
        if e["status"]["state"] == "finished" || std::time::Instant::now() > deadline {
            break e;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(
        seen["status"],
        json!({"state": "finished", "rounds": 1}),
        "{seen}"
    );
    let (place, points) = if anna_first { (1, 2) } else { (2, 0) };
    assert_eq!(
        (&seen["place"], &seen["points"]),
        (&json!({"start": place, "end": place}), &json!(points))
    );
}
