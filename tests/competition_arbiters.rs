//! A competition's arbiters over real HTTP (issue 32, "Bad input and
//! trust": "Only the organiser (and the arbiters they name) can change a
//! competition"): the organiser names an account; the arbiter then pairs
//! and enters results, each stored under their own id; they cannot name
//! others; once removed, their next change is refused and nothing is
//! stored. On SQLite and, with `NOVUSS_TEST_BACKEND=postgres`, on
//! PostgreSQL.

use serde_json::{json, Value};

use crate::support::db;
use crate::support::server::{data_dir, json_answer, path, Person, Running};

fn arbiters(person: &Person, id: &str) -> Value {
    let (status, list) = json_answer(person.get(&format!("/api/competitions/{id}/arbiters")));
    assert_eq!(status, 200, "{list}");
    list
}

#[test]
fn an_arbiter_changes_the_competition_until_the_organiser_removes_them() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let db = server.data.join("novuss.sqlite3");
    let organiser = server.person();
    let arbiter = server.person();
    let stranger = server.person();
    organiser.register("chief", "a long password");
    arbiter.register("deputy", "a long password");
    stranger.register("onlooker", "a long password");
    let setup = json!({
        "name": "Club evening", "tables": 2,
        "system": {"kind": "round_robin", "cycles": "single"},
        "format": {"kind": "best_of", "sets": 3},
    });
    let (status, c) = json_answer(organiser.post("/api/competitions", &setup.to_string()));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    for name in ["Anna", "Bruno", "Chris", "Dace"] {
        let (status, c) =
            organiser.try_change(&id, json!({"change": "enter", "entry": {"name": name}}));
        assert_eq!(status, 200, "{c}");
    }

    // Not yet named: refused, and nothing is stored.
    let before = db::count(&db, "SELECT COUNT(*) FROM competition_changes");
    let (status, refused) = arbiter.try_change(&id, json!({"change": "pair_next", "round": 1}));
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("not_organiser")),
        "{refused}"
    );
    assert_eq!(
        db::count(&db, "SELECT COUNT(*) FROM competition_changes"),
        before
    );
    assert_eq!(arbiters(&stranger, &id), json!([]));

    // Named by the organiser, by user name (as typed, any case).
    let (status, named) = json_answer(organiser.post(
        &format!("/api/competitions/{id}/arbiters"),
        &json!({"username": "Deputy"}).to_string(),
    ));
    assert_eq!(status, 200, "{named}");
    assert_eq!(named.as_array().unwrap().len(), 1, "{named}");
    assert_eq!(named[0]["name"], "deputy");
    let deputy = named[0]["person"].as_str().unwrap().to_owned();
    // Named again: still one.
    let (status, again) = json_answer(organiser.post(
        &format!("/api/competitions/{id}/arbiters"),
        &json!({"username": "deputy"}).to_string(),
    ));
    assert_eq!((status, again.clone()), (200, named.clone()));
    // Everyone may read who they are.
    assert_eq!(arbiters(&stranger, &id), named);

    // The arbiter's page: they may change it, not name arbiters.
    let (_, page) = json_answer(arbiter.get(&format!("/api/competitions/{id}")));
    assert_eq!(
        (
            page["may_change"].as_bool(),
            page["may_name_arbiters"].as_bool()
        ),
        (Some(true), Some(false)),
        "{page}"
    );
    let (_, page) = json_answer(stranger.get(&format!("/api/competitions/{id}")));
    assert_eq!(
        (
            page["may_change"].as_bool(),
            page["may_name_arbiters"].as_bool()
        ),
        (Some(false), Some(false))
    );
    let (_, page) = json_answer(organiser.get(&format!("/api/competitions/{id}")));
    assert_eq!(page["may_name_arbiters"], true);

    // The arbiter pairs round 1 and enters a result: stored under their
    // id, so the record says who did it.
    let (status, paired) = arbiter.try_change(&id, json!({"change": "pair_next", "round": 1}));
    assert_eq!(status, 200, "{paired}");
    let (status, c) = arbiter.try_change(&id,
        json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "sets", "first": 2, "second": 1}}),
    );
    assert_eq!(status, 200, "{c}");
    assert_eq!(
        db::count(
            &db,
            &format!("SELECT COUNT(*) FROM competition_changes WHERE person_id = '{deputy}'")
        ),
        2
    );
    // A result that does not fit the format is refused for an arbiter as
    // for the organiser.
    let (status, refused) = arbiter.try_change(&id,
        json!({"change": "result", "round": 1, "board": 2, "outcome": {"kind": "sets", "first": 3, "second": 1}}),
    );
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("competition_refused"))
    );

    // An arbiter names nobody, and removes nobody; the organiser does
    // not name themselves; an unknown name is not found.
    for (who, body, want) in [
        (
            &arbiter,
            json!({"username": "onlooker"}),
            (403, "not_organiser"),
        ),
        (
            &organiser,
            json!({"username": "chief"}),
            (409, "organiser_as_arbiter"),
        ),
        (
            &organiser,
            json!({"username": "nobody_here"}),
            (404, "unknown_username"),
        ),
        (
            &stranger,
            json!({"username": "onlooker"}),
            (403, "not_organiser"),
        ),
    ] {
        let (status, refused) = json_answer(who.post(
            &format!("/api/competitions/{id}/arbiters"),
            &body.to_string(),
        ));
        assert_eq!(
            (status, refused["code"].as_str().unwrap_or_default()),
            want,
            "{body}: {refused}"
        );
    }
    let (status, refused) =
        json_answer(arbiter.delete(&format!("/api/competitions/{id}/arbiters/{deputy}")));
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("not_organiser"))
    );
    let (status, refused) =
        json_answer(organiser.delete(&format!("/api/competitions/{id}/arbiters/not-a-person")));
    assert_eq!(
        (status, refused["code"].as_str()),
        (404, Some("unknown_player"))
    );
    assert_eq!(arbiters(&stranger, &id), named);

    // Removed: the next change is refused and nothing is stored.
    let (status, left) =
        json_answer(organiser.delete(&format!("/api/competitions/{id}/arbiters/{deputy}")));
    assert_eq!((status, left), (200, json!([])));
    let before = db::count(&db, "SELECT COUNT(*) FROM competition_changes");
    let (status, refused) = arbiter.try_change(&id,
        json!({"change": "result", "round": 1, "board": 2, "outcome": {"kind": "sets", "first": 2, "second": 0}}),
    );
    assert_eq!(
        (status, refused["code"].as_str()),
        (403, Some("not_organiser"))
    );
    assert_eq!(
        db::count(&db, "SELECT COUNT(*) FROM competition_changes"),
        before
    );
    // A file of players from them is refused too.
    let (_, page) = json_answer(arbiter.get(&format!("/api/competitions/{id}")));
    assert_eq!(page["may_change"], false);
}
