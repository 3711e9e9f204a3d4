//! A team competition over real HTTP (issue 32, "Teams"): an organiser
//! creates a four-team round robin of two boards, enters the teams with
//! their rosters, pairs the rounds and enters the results board by board
//! (a line-up with a reserve, a walkover), while a follower sees each
//! board live and the team standings after it; refusals say why and
//! store nothing; the competition comes back whole after a restart. On
//! SQLite and, with `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::{json, Value};

use crate::support::db;
use crate::support::live::Live;
use crate::support::server::Running;
use crate::support::server::{data_dir, json_answer, path, Person};

fn reader_get(person: &Person, path: &str) -> (u16, String) {
    person.get(path)
}

fn stored(server: &Running) -> i64 {
    db::count(
        &server.data.join("novuss.sqlite3"),
        "SELECT COUNT(*) FROM competition_changes",
    )
}

/// A team of `name` with three players: two boards and a reserve.
fn team(name: &str) -> Value {
    let roster: Vec<Value> = (1..=3)
        .map(|k| json!({"name": format!("{name} {k}")}))
        .collect();
    json!({
        "name": name,
        "club": format!("{name} NK"),
        "roster": roster,
    })
}

/// The board result `first`:`second` (the first-named team's player's
/// sets first) of `board` in match `m` of `round`.
fn board(round: u64, m: u64, board: u64, first: u32, second: u32) -> Value {
    json!({"change": "board_result", "round": round, "team_match": m, "board": board,
           "outcome": {"kind": "sets", "first": first, "second": second}})
}

#[test]
fn an_organiser_runs_a_team_round_robin_and_a_follower_sees_every_board() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    let follower = server.person();
    organiser.register("team_organiser", "a long password");

    // Teams in a knock-out are refused, with the reason.
    let setup = |system: Value| {
        json!({"name": "Komandu čempionāts", "tables": 4, "system": system,
               "format": {"kind": "sets", "sets": 6}, "teams": {"boards": 2}})
    };
    let (status, refused) = json_answer(organiser.post(
        "/api/competitions",
        &setup(json!({"kind": "knockout"})).to_string(),
    ));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"], json!({"code": "team_system"}));

    let (status, created) = json_answer(organiser.post(
        "/api/competitions",
        &setup(json!({"kind": "round_robin", "cycles": "single"})).to_string(),
    ));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    assert_eq!(created["setup"]["teams"]["boards"], 2);
    assert_eq!(created["teams"]["teams"], json!([]));
    let mut live = Live::follow(&server, &follower, &format!("/api/competitions/{id}/live"));
    assert_eq!(live.next().1["changes"], 0);

    for (i, name) in ["Madona", "Rīga", "Cēsis", "Valmiera"].iter().enumerate() {
        let (status, c) =
            organiser.try_change(&id, json!({"change": "enter_team", "team": team(name)}));
        assert_eq!(status, 200, "{c}");
        assert_eq!(live.next().1["changes"], i + 1);
    }
    // Refused, each storing nothing: a player of another team, too few
    // players, a player entered alone, a stranger's change.
    let before = stored(&server);
    let mut poached = team("Tukums");
    poached["roster"][1] = json!({"name": "Rīga 2"});
    let (_, refused) = organiser.try_change(&id, json!({"change": "enter_team", "team": poached}));
    assert_eq!(
        refused["refusal"],
        json!({"code": "player_in_two_teams", "team": 2, "place": 2})
    );
    let mut small = team("Tukums");
    small["roster"] = json!([{"name": "Solo"}]);
    let (_, refused) = organiser.try_change(&id, json!({"change": "enter_team", "team": small}));
    assert_eq!(
        refused["refusal"],
        json!({"code": "team_too_small", "players": 1, "boards": 2})
    );
    let (_, refused) =
        organiser.try_change(&id, json!({"change": "enter", "entry": {"name": "Solo"}}));
    assert_eq!(refused["refusal"], json!({"code": "not_for_teams"}));
    let (status, refused) =
        follower.try_change(&id, json!({"change": "enter_team", "team": team("X")}));
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("not_organiser"))
    );
    assert_eq!(stored(&server), before);

    let mut c = Value::Null;
    for round in 1..=3u64 {
        let (status, paired) =
            organiser.try_change(&id, json!({"change": "pair_next", "round": round}));
        assert_eq!(status, 200, "{paired}");
        c = paired;
        let matches = c["teams"]["rounds"][round as usize - 1]["matches"].clone();
        assert_eq!(matches.as_array().unwrap().len(), 2);
        // Each match on a block of two tables, one per board.
        let tables: Vec<Value> = matches[1]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["table"].clone())
            .collect();
        assert_eq!(tables, [json!(3), json!(4)], "{matches}");
        if round == 1 {
            // The first-named team of match 1 fields its reserve on
            // board 2; a board outside the match and a score that does
            // not end six sets are refused.
            let (status, lined) = organiser.try_change(&id,
                json!({"change": "line_up", "round": 1, "team_match": 1, "side": "first", "players": [1, 3]}),
            );
            assert_eq!(status, 200, "{lined}");
            assert_eq!(
                lined["teams"]["rounds"][0]["matches"][0]["boards"][1]["first"],
                3
            );
            let (_, refused) = organiser.try_change(&id, board(1, 1, 3, 4, 0));
            assert_eq!(
                refused["refusal"],
                json!({"code": "no_such_team_board", "board": 3, "boards": 2})
            );
            let (_, refused) = organiser.try_change(&id, board(1, 1, 1, 2, 1));
            assert_eq!(
                refused["refusal"],
                json!({"code": "score", "first": 2, "second": 1, "needed": 4})
            );
            let (_, refused) = organiser.try_change(&id,
                json!({"change": "line_up", "round": 1, "team_match": 2, "side": "second", "players": [1, 7]}),
            );
            assert_eq!(refused["refusal"]["code"], "not_on_roster", "{refused}");
            // Match 2's second team does not come: a walkover.
            let (status, walkover) = organiser.try_change(&id,
                json!({"change": "line_up", "round": 1, "team_match": 2, "side": "second", "players": []}),
            );
            assert_eq!(status, 200, "{walkover}");
            assert_eq!(
                walkover["rounds"][0]["boards"][1]["outcome"],
                json!({"kind": "forfeit", "winner": "first"})
            );
            c = walkover;
        }
        // The first-named team wins board 1 4:1 and passes half (2 of 4
        // is half, 3 is past it) only with board 2 drawn 3:3.
        for m in 1..=2u64 {
            if !c["rounds"][round as usize - 1]["boards"][m as usize - 1]["outcome"].is_null() {
                continue;
            }
            let (status, one) = organiser.try_change(&id, board(round, m, 1, 4, 1));
            assert_eq!(status, 200, "{one}");
            assert!(
                one["rounds"][round as usize - 1]["boards"][m as usize - 1]["outcome"].is_null()
            );
            let (status, two) = organiser.try_change(&id, board(round, m, 2, 3, 3));
            assert_eq!(status, 200, "{two}");
            assert_eq!(
                two["rounds"][round as usize - 1]["boards"][m as usize - 1]["outcome"],
                json!({"kind": "team", "first": 3, "second": 1})
            );
            c = two;
        }
    }
    assert_eq!(c["finished"], true, "{c}");
    // The follower caught up with every change, each as the whole
    // competition, and holds what the organiser holds.
    let mut seen = Value::Null;
    while seen["changes"] != c["changes"] {
        let (name, next) = live.next();
        assert_eq!(name, "competition");
        seen = next;
    }
    assert_eq!(seen, c);
    // Team standings: every team has a row; six matches of 2 match
    // points; each match gave out 4 board points (the walkover too).
    let rows = c["teams"]["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    let sum = |field: &str| rows.iter().map(|r| r[field].as_u64().unwrap()).sum::<u64>();
    assert_eq!(sum("match_points"), 12, "{rows:?}");
    assert_eq!(sum("board_points"), 24, "{rows:?}");
    assert_eq!(rows[0]["place"]["first"], 1);

    // Stored before it was shown: the same competition after a restart.
    assert_eq!(stored(&server) as u64, c["changes"].as_u64().unwrap());
    let server = server.restart();
    let reader = server.person();
    let (_, page) = json_answer(reader.get(&format!("/api/competitions/{id}")));
    assert_eq!(page["competition"], c);
    // Its files: the results with each team match's board points, and the
    // whole competition as its JSON file, which another server's import
    // rebuilds to the same team standings.
    let (status, results) = reader_get(&reader, &format!("/api/competitions/{id}/results.csv"));
    assert_eq!(status, 200);
    assert!(
        results.contains("3:1") && results.contains("+:-"),
        "{results}"
    );
    for file in ["standings.csv", "competition.trf"] {
        assert_eq!(
            reader_get(&reader, &format!("/api/competitions/{id}/{file}")).0,
            200,
            "{file}"
        );
    }
    let (status, filed) = reader_get(&reader, &format!("/api/competitions/{id}/competition.json"));
    assert_eq!(status, 200);
    let importer = server.person();
    importer.register("team_importer", "a long password");
    let (status, copy) = json_answer(importer.post("/api/competitions/import", &filed));
    assert_eq!(status, 201, "{copy}");
    assert_eq!(copy["teams"]["standings"], c["teams"]["standings"]);
    assert_eq!(copy["teams"]["rounds"], c["teams"]["rounds"]);
}
