//! Doubles pairs and teams from a file over real HTTP (issue 32:
//! "entries (singles; doubles pairs; teams)", "imported from CSV or an
//! Excel sheet"): an organiser creates a doubles competition, enters a
//! pair at the desk and imports the rest from a CSV whose "Pāris" column
//! pairs the rows; a player in two pairs, a lone player and a person by
//! user name are refused with nothing stored; a team competition's teams
//! come from an Excel sheet with a "Komanda" column, all at once; both
//! come back whole after a restart, and the doubles competition's file
//! imports into a new one. On SQLite and, with
//! `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::{json, Value};

use crate::support::server::{data_dir, json_answer, path, Running};

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

fn names(c: &Value) -> Vec<String> {
    c["entrants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["entry"]["name"].as_str().unwrap().to_owned())
        .collect()
}

/// Two teams of three on an Excel sheet: the team column first, the
/// rows of the teams mixed as a club might keep them.
fn teams_xlsx() -> Vec<u8> {
    let mut book = rust_xlsxwriter::Workbook::new();
    let ws = book.add_worksheet();
    let rows = [
        ["Komanda", "Vārds, uzvārds", "Klubs"],
        ["Madona I", "Jānis Bērziņš", "Madona"],
        ["Rīga", "Anna Ozola", "Rīgas NK"],
        ["Madona I", "Pēteris Kalniņš", "Madona"],
        ["Rīga", "Ilze Kalna", "Rīgas NK"],
        ["Madona I", "Dace Liepa", "Madona"],
        ["Rīga", "Līga Zariņa", "Rīgas NK"],
    ];
    for (r, row) in rows.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            ws.write(r as u32, c as u16, *cell).unwrap();
        }
    }
    book.save_to_buffer().unwrap()
}

#[test]
fn pairs_are_entered_at_the_desk_and_from_a_file_and_teams_from_a_sheet() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register("pairs_organiser", "a long password");
    let someone = server.person();
    someone.register("pairs_player", "a long password");

    // Doubles played on this server are refused, with the reason.
    let setup = |play: Value| {
        json!({"name": "Rīgas pāru turnīrs", "tables": 4,
               "system": {"kind": "round_robin", "cycles": "single"},
               "format": {"kind": "sets", "sets": 4}, "doubles": true, "play": play})
    };
    let (status, refused) = json_answer(organiser.post(
        "/api/competitions",
        &setup(json!({"kind": "online", "grace_secs": 60})).to_string(),
    ));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"], json!({"code": "doubles_online"}));
    let (status, created) = json_answer(organiser.post(
        "/api/competitions",
        &setup(json!({"kind": "tables"})).to_string(),
    ));
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["setup"]["doubles"], true);
    let id = created["id"].as_str().unwrap().to_owned();
    let changes = format!("/api/competitions/{id}/changes");
    let change = |c: Value| json_answer(organiser.post(&changes, &c.to_string()));

    // A pair at the desk: named for both by the server.
    let (status, c) = change(json!({"change": "enter", "entry": {
        "name": "", "rating": 1600,
        "pair": [{"name": "Anna Ozola", "club": "Rīgas NK", "licence": "LV-1"},
                 {"name": "Ilze Kalna", "club": "Rīgas NK"}]}}));
    assert_eq!(status, 200, "{c}");
    assert_eq!(names(&c), ["Anna Ozola / Ilze Kalna"]);
    assert_eq!(c["entrants"][0]["entry"]["club"], "Rīgas NK");

    // Refused, nothing stored: a player alone, a player in a second pair
    // (by licence), a pair of one, a person by user name.
    let alone = change(json!({"change": "enter", "entry": {"name": "Dace Liepa"}}));
    assert_eq!(alone.1["refusal"], json!({"code": "not_a_pair"}));
    let twice = change(
        json!({"change": "enter", "entry": {"name": "", "rating": null,
        "pair": [{"name": "Dace Liepa"}, {"name": "A. Ozola", "licence": "lv-1"}]}}),
    );
    assert_eq!(
        twice.1["refusal"],
        json!({"code": "entered_twice", "entrant": 1})
    );
    let one = change(
        json!({"change": "enter", "entry": {"name": "", "rating": null,
        "pair": [{"name": "Dace Liepa"}, {"name": "dace  liepa"}]}}),
    );
    assert_eq!(one.1["refusal"], json!({"code": "pair_of_one"}));
    let (status, person) = json_answer(organiser.post(
        &format!("/api/competitions/{id}/enter"),
        &json!({"username": "pairs_player"}).to_string(),
    ));
    assert_eq!(status, 400, "{person}");
    assert_eq!(person["refusal"], json!({"code": "not_a_pair"}));
    let (_, page) = json_answer(someone.get(&format!("/api/competitions/{id}")));
    assert_eq!(
        page["competition"]["changes"], 1,
        "a refusal stored something"
    );

    // The rest from a CSV: rows put in pairs by the "Pāris" column.
    let entries = format!("/api/competitions/{id}/entries");
    let csv = "Vārds, uzvārds;Klubs;Reitings;Pāris\n\
               Jānis Bērziņš;Madona;1500;2\n\
               Dace Liepa;Cēsis;1400;3\n\
               Pēteris Kalniņš;Madona;1401;2\n\
               Līga Zariņa;Cēsis;;3\n";
    let (status, imported) = json_answer(organiser.upload(&entries, "text/csv", csv.as_bytes()));
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["entered"], 2);
    let c = &imported["competition"];
    assert_eq!(
        names(c),
        [
            "Anna Ozola / Ilze Kalna",
            "Jānis Bērziņš / Pēteris Kalniņš",
            "Dace Liepa / Līga Zariņa"
        ]
    );
    assert_eq!(c["entrants"][1]["entry"]["rating"], 1451);
    assert_eq!(
        c["entrants"][1]["entry"]["pair"][1]["name"],
        "Pēteris Kalniņš"
    );

    // A file with a player in a pair already, and a lone player: refused
    // at their rows; nothing entered.
    let bad = "Name,Pair\nRūta Ozola,9\nIlze Kalna,9\n";
    let (status, why) = json_answer(organiser.upload(&entries, "text/csv", bad.as_bytes()));
    assert_eq!(status, 400, "{why}");
    assert_eq!(
        why["refusal"],
        json!({"code": "entry_file", "row": 2, "column": "Name",
               "problem": {"problem": "entered", "entrant": 1}})
    );
    let lone = "Name,Pair\nRūta Ozola,9\nMāra Liepa,9\nInese Kalna,10\n";
    let (_, why) = json_answer(organiser.upload(&entries, "text/csv", lone.as_bytes()));
    assert_eq!(
        why["refusal"],
        json!({"code": "entry_file", "row": 4, "column": "Pair",
               "problem": {"problem": "pair_alone", "pair": "10"}})
    );
    let (_, page) = json_answer(someone.get(&format!("/api/competitions/{id}")));
    assert_eq!(page["competition"]["changes"], 2);

    // A round is paired between pairs and its result entered in the
    // doubles format (2:2 is a draw in four sets).
    let (status, c) = change(json!({"change": "pair_next", "round": 1}));
    assert_eq!(status, 200, "{c}");
    let (status, c) = change(json!({"change": "result", "round": 1, "board": 1,
                                    "outcome": {"kind": "sets", "first": 2, "second": 2}}));
    assert_eq!(status, 200, "{c}");
    // A conduct penalty with its clause (000 1.28), one taken back; a
    // stranger records none.
    let warning = json!({"change": "penalty", "round": 1, "board": 1, "side": "second",
                         "conduct": "warning", "clause": "000 1.28"});
    let (status, refused) = json_answer(someone.post(&changes, &warning.to_string()));
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("not_organiser"))
    );
    let (status, c) = change(warning);
    assert_eq!(status, 200, "{c}");
    let (_, c) = change(
        json!({"change": "penalty", "round": 1, "board": 1, "side": "first",
                               "conduct": "set_forfeited", "clause": "000 1.28"}),
    );
    let (status, c2) = change(json!({"change": "take_back_penalty", "penalty": 2}));
    assert_eq!(status, 200, "{c2}");
    assert_eq!(c["penalties"][1]["taken_back"], false);
    assert_eq!(c2["penalties"][1]["taken_back"], true);
    let (_, refused) = change(json!({"change": "take_back_penalty", "penalty": 2}));
    assert_eq!(
        refused["refusal"],
        json!({"code": "no_such_penalty", "penalty": 2})
    );

    // Teams from an Excel sheet, at once.
    let (status, created) = json_answer(
        organiser.post(
            "/api/competitions",
            &json!({"name": "Komandu čempionāts", "tables": 4,
                "system": {"kind": "swiss", "rounds": 3},
                "format": {"kind": "sets", "sets": 6}, "teams": {"boards": 2}})
            .to_string(),
        ),
    );
    assert_eq!(status, 201, "{created}");
    let teams_id = created["id"].as_str().unwrap().to_owned();
    let team_entries = format!("/api/competitions/{teams_id}/entries");
    // A list of players without a team column is refused whole.
    let (status, why) =
        json_answer(organiser.upload(&team_entries, "text/csv", b"Name\nAnna Ozola\n"));
    assert_eq!(status, 400, "{why}");
    assert_eq!(
        why["refusal"]["problem"],
        json!({"problem": "no_team_column"})
    );
    let (status, imported) = json_answer(organiser.upload(&team_entries, XLSX, &teams_xlsx()));
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["entered"], 2);
    let t = &imported["competition"];
    assert_eq!(names(t), ["Madona I", "Rīga"]);
    let rosters: Vec<Vec<&str>> = t["teams"]["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|team| {
            team["roster"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p["name"].as_str().unwrap())
                .collect()
        })
        .collect();
    assert_eq!(
        rosters,
        [
            ["Jānis Bērziņš", "Pēteris Kalniņš", "Dace Liepa"],
            ["Anna Ozola", "Ilze Kalna", "Līga Zariņa"]
        ]
    );
    // A roster may not claim to be a person of this server's.
    let (status, why) = json_answer(
        organiser.post(
            &format!("/api/competitions/{teams_id}/changes"),
            &json!({"change": "enter_team", "team": {"name": "Cēsis", "club": null,
                "roster": [{"name": "X", "person": "p_123"}, {"name": "Y"}]}})
            .to_string(),
        ),
    );
    assert_eq!(status, 400, "{why}");
    assert_eq!(why["code"], "bad_message");

    // Both come back whole after a restart.
    let server = server.restart();
    let reader = server.person();
    let (_, page) = json_answer(reader.get(&format!("/api/competitions/{id}")));
    assert_eq!(names(&page["competition"])[2], "Dace Liepa / Līga Zariņa");
    let kept: Vec<(&str, bool)> = page["competition"]["penalties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["conduct"].as_str().unwrap(),
                p["taken_back"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(kept, [("warning", false), ("set_forfeited", true)]);
    assert_eq!(
        page["competition"]["rounds"][0]["boards"][0]["outcome"],
        json!({"kind": "sets", "first": 2, "second": 2})
    );
    let (_, page) = json_answer(reader.get(&format!("/api/competitions/{teams_id}")));
    assert_eq!(
        page["competition"]["teams"]["teams"][1]["roster"][2]["name"],
        "Līga Zariņa"
    );

    // The doubles competition's file imports into a new competition with
    // the same pairs.
    let (status, file) = reader.get(&format!("/api/competitions/{id}/competition.json"));
    assert_eq!(status, 200);
    let importer = server.person();
    importer.register("pairs_importer", "a long password");
    let (status, moved) = json_answer(importer.post("/api/competitions/import", &file));
    assert_eq!(status, 201, "{moved}");
    assert_eq!(names(&moved), names(&page_of(&reader, &id)));
}

fn page_of(person: &crate::support::server::Person, id: &str) -> Value {
    json_answer(person.get(&format!("/api/competitions/{id}")))
        .1
        .get("competition")
        .cloned()
        .unwrap_or(Value::Null)
}
