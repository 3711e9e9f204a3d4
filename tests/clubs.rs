//! A club's page over real HTTP (issue 32, "a club page listing its
//! competitions"): competitions name their organising club however it is
//! typed, and `GET /api/clubs/{name}` finds them all, case and Latvian
//! marks aside, newest first; a club nobody names is `404 unknown_club`;
//! a club's name that cannot be one is refused with nothing stored; an
//! imported competition keeps its club; all of it after a restart. On
//! SQLite and, with `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::{json, Value};

use crate::support::server::{data_dir, json_answer, path, Person, Running};

fn round_robin(name: &str, club: Option<&str>) -> Value {
    json!({
        "name": name,
        "venue": "Rīga",
        "club": club,
        "tables": 2,
        "system": {"kind": "round_robin", "cycles": "single"},
        "format": {"kind": "sets", "sets": 6},
    })
}

fn create(person: &Person, setup: &Value) -> String {
    let (status, c) = json_answer(person.post("/api/competitions", &setup.to_string()));
    assert_eq!(status, 201, "{c}");
    c["id"].as_str().unwrap().to_owned()
}

/// The club's page: its name and its competitions' names, in order.
fn club(server: &Running, asked: &str) -> (u16, Value) {
    json_answer(server.get(&format!("/api/clubs/{asked}")))
}

fn names(page: &Value) -> Vec<String> {
    page["competitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["setup"]["name"].as_str().unwrap().to_owned())
        .collect()
}

#[test]
fn a_clubs_page_lists_the_competitions_it_organises_however_its_name_is_typed() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let dana = server.person();
    anna.register("anna_club", "a long password");
    dana.register("dana_club", "a long password");

    let autumn = create(&anna, &round_robin("Rudens kauss", Some("Rīgas NK")));
    // Another of the club's people types it without marks, in capitals,
    // with spaces around.
    let winter = create(&dana, &round_robin("Ziemas kauss", Some("  RIGAS  NK ")));
    create(&anna, &round_robin("Ogres vakars", Some("Ogres NK")));
    create(&anna, &round_robin("Bez kluba", None));

    for asked in ["R%C4%ABgas%20NK", "rigas%20nk", "RIGAS%20%20NK"] {
        let (status, page) = club(&server, asked);
        assert_eq!(status, 200, "{page}");
        let mut listed = names(&page);
        listed.sort();
        assert_eq!(listed, ["Rudens kauss", "Ziemas kauss"], "{asked}");
        // The name as one of its competitions writes it (tidied).
        let name = page["name"].as_str().unwrap();
        assert!(["Rīgas NK", "RIGAS  NK"].contains(&name), "{name}");
        // Newest first.
        let created: Vec<i64> = page["competitions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["created"].as_i64().unwrap())
            .collect();
        assert!(created[0] >= created[1], "{created:?}");
    }
    let (status, page) = club(&server, "ogres%20nk");
    assert_eq!(
        (status, names(&page)),
        (200, vec!["Ogres vakars".to_owned()])
    );

    // A club nobody names, and names that are none.
    for asked in ["Cesu%20NK", "%20%20", &"x".repeat(500)] {
        let (status, refused) = club(&server, asked);
        assert_eq!(
            (status, refused["code"].as_str()),
            (404, Some("unknown_club")),
            "{asked}: {refused}"
        );
    }

    // A club's name with a line break is refused, and nothing is made.
    let before = json_answer(server.get("/api/competitions")).1;
    let (status, refused) = json_answer(anna.post(
        "/api/competitions",
        &round_robin("Nekas", Some("Rīgas\nNK")).to_string(),
    ));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"], json!({"code": "text", "field": "club"}));
    assert_eq!(json_answer(server.get("/api/competitions")).1, before);

    // Moved to another organiser, a competition keeps its club.
    let (status, file) = server.get(&format!("/api/competitions/{autumn}/competition.json"));
    assert_eq!(status, 200);
    let (status, copy) = json_answer(dana.post("/api/competitions/import", &file));
    assert_eq!(status, 201, "{copy}");
    assert_eq!(copy["setup"]["club"], "Rīgas NK");
    let (_, page) = club(&server, "rigas%20nk");
    assert_eq!(names(&page).len(), 3);

    // All of it after a restart.
    let server = server.restart();
    let (status, page) = club(&server, "rigas%20nk");
    assert_eq!(status, 200);
    let ids: Vec<&str> = page["competitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap())
        .collect();
    assert!(ids.contains(&autumn.as_str()) && ids.contains(&winter.as_str()));
    assert_eq!(ids.len(), 3);
}
