//! Series over real HTTP (issue 32, "Series"): an organiser runs three
//! round-robin stages through the competitions' API and counts the best
//! 2 of 3 in a series; a follower sees the standings again after each
//! result of a stage; bad set-ups and stages are refused with their
//! reasons and store nothing; others may read but not change; the series
//! comes back whole after a restart. On SQLite and, with
//! `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::{json, Value};

use crate::support::live::Live;
use crate::support::server::{data_dir, json_answer, path, Person, Running};

fn round_robin(name: &str) -> Value {
    json!({
        "name": name,
        "starts": "2026-11-28",
        "tables": 3,
        "system": {"kind": "round_robin", "cycles": "single"},
        "format": {"kind": "sets", "sets": 6},
    })
}

/// A round robin of `players` (name, licence), entered strongest first:
/// the better numbered side wins every match 4:2, so the places are the
/// order of entry. Returns its id and the competition after its
/// entries; `play` pairs and plays it through.
fn stage(organiser: &Person, name: &str, players: &[(&str, Option<&str>)]) -> (String, Value) {
    let (status, c) =
        json_answer(organiser.post("/api/competitions", &round_robin(name).to_string()));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    let entries: Vec<Value> = players
        .iter()
        .map(|(n, l)| json!({"name": n, "licence": l}))
        .collect();
    let (status, c) =
        organiser.try_change(&id, json!({"change": "enter_list", "entries": entries}));
    assert_eq!(status, 200, "{c}");
    (id, c)
}

/// Each open board's result, one at a time, calling `after` with the
/// competition after each.
fn play(organiser: &Person, id: &str, c: Value, mut after: impl FnMut(&Value)) -> Value {
    let mut c = c;
    let rounds = c["round_count"].as_u64().unwrap();
    for round in 1..=rounds {
        let (status, paired) =
            organiser.try_change(id, json!({"change": "pair_next", "round": round}));
        assert_eq!(status, 200, "{paired}");
        c = paired;
        let boards = c["rounds"][round as usize - 1]["boards"]
            .as_array()
            .unwrap()
            .clone();
        for (i, b) in boards.iter().enumerate() {
            let outcome = if b["first"].as_u64() < b["second"].as_u64() {
                json!({"kind": "sets", "first": 4, "second": 2})
            } else {
                json!({"kind": "sets", "first": 2, "second": 4})
            };
            let (status, now) = organiser.try_change(
                id,
                json!({"change": "result", "round": round, "board": i + 1, "outcome": outcome}),
            );
            assert_eq!(status, 200, "{now}");
            c = now;
            after(&c);
        }
    }
    assert_eq!(c["finished"], true);
    c
}

fn post_series(person: &Person, body: Value) -> (u16, Value) {
    json_answer(person.post("/api/series", &body.to_string()))
}

fn stages(person: &Person, id: &str, body: Value) -> (u16, Value) {
    json_answer(person.post(&format!("/api/series/{id}/stages"), &body.to_string()))
}

/// The standings as (place, name, counted, each stage's points with a
/// bracket where it does not count, total).
fn table(series: &Value) -> Vec<(String, String, u64, Vec<String>, u64)> {
    series["standings"]
        .as_array()
        .unwrap_or_else(|| panic!("standings: {series}"))
        .iter()
        .map(|r| {
            let place = if r["place"]["first"] == r["place"]["last"] {
                r["place"]["first"].to_string()
            } else {
                format!("{}-{}", r["place"]["first"], r["place"]["last"])
            };
            let results = r["results"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| match s {
                    Value::Null => "-".to_owned(),
                    s if s["counted"] == true => s["points"].to_string(),
                    s => format!("({})", s["points"]),
                })
                .collect();
            (
                place,
                r["name"].as_str().unwrap().to_owned(),
                r["counted"].as_u64().unwrap(),
                results,
                r["total"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn row(
    place: &str,
    name: &str,
    counted: u64,
    results: [&str; 3],
    total: u64,
) -> (String, String, u64, Vec<String>, u64) {
    (
        place.into(),
        name.into(),
        counted,
        results.iter().map(|s| s.to_string()).collect(),
        total,
    )
}

#[test]
fn a_season_of_three_round_robins_counts_the_best_two_and_is_followed_live() {
    let dir = data_dir();
    // Five competitions and several series from one address: more than
    // the limit on new games lets through in a burst.
    let server = Running::start_with(&path(&dir), &["--create-per-minute", "0"]);
    let organiser = server.person();
    let other = server.person();
    let stranger = server.person();
    organiser.register("series_organiser", "a long password");
    other.register("series_other", "a long password");

    // Stage 1 and 2 played before the series is made; one player is
    // entered as "Jānis Bērziņš" and as "JANIS BERZINS", another with one
    // licence number under two names.
    let (s1, c1) = stage(
        &organiser,
        "Posms 1",
        &[
            ("Anna", None),
            ("Jānis Bērziņš", None),
            ("Chris", None),
            ("Dace", None),
        ],
    );
    play(&organiser, &s1, c1, |_| {});
    let (s2, c2) = stage(
        &organiser,
        "Posms 2",
        &[
            ("JANIS BERZINS", None),
            ("Edgars", Some("LV-7")),
            ("anna", None),
            ("Chris", None),
            ("Dace", None),
        ],
    );
    play(&organiser, &s2, c2, |_| {});
    let (s3, c3) = stage(
        &organiser,
        "Posms 3",
        &[
            ("Edgars Ozols", Some("lv-7")),
            ("Anna", None),
            ("Fricis", None),
            ("Chris", None),
            ("Jānis  Bērziņš", None),
            ("Dace", None),
        ],
    );
    // Someone else's competition.
    let (status, theirs) =
        json_answer(other.post("/api/competitions", &round_robin("Cits").to_string()));
    assert_eq!(status, 201, "{theirs}");
    let theirs = theirs["id"].as_str().unwrap().to_owned();

    let setup = json!({
        "name": "Rīgas kauss", "season": "2026/27", "stages": 3, "best": 2,
        "points": [10, 8, 6, 5, 4, 3],
    });
    // Only a person with an account organises; bad set-ups say why.
    let (status, refused) = post_series(&stranger, setup.clone());
    assert_eq!(
        (status, refused["code"].as_str()),
        (401, Some("not_signed_in")),
        "{refused}"
    );
    for (bad, refusal) in [
        (json!({"best": 0}), json!({"code": "none_count"})),
        (
            json!({"best": 4}),
            json!({"code": "best_over_stages", "best": 4, "stages": 3}),
        ),
        (
            json!({"points": [10, 8, 9]}),
            json!({"code": "points_rise", "place": 3}),
        ),
        (json!({"name": "  "}), json!({"code": "name", "max": 100})),
    ] {
        let mut body = setup.clone();
        for (k, v) in bad.as_object().unwrap() {
            body[k] = v.clone();
        }
        let (status, refused) = post_series(&organiser, body);
        assert_eq!(status, 400, "{refused}");
        assert_eq!(refused["code"], "series_refused");
        assert_eq!(refused["refusal"]["code"], refusal["code"], "{refused}");
        if refusal["code"] != "name" {
            assert_eq!(refused["refusal"], refusal);
        }
    }
    let (status, refused) = post_series(&organiser, json!({"name": "X"}));
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_message")),
        "{refused}"
    );
    let (_, listed) = json_answer(stranger.get("/api/series"));
    assert_eq!(listed, json!([]), "nothing refused was stored");

    let (status, series) = post_series(&organiser, setup.clone());
    assert_eq!(status, 201, "{series}");
    let id = series["id"].as_str().unwrap().to_owned();
    assert_eq!(series["calendar"].as_array().unwrap().len(), 3);
    assert_eq!(series["calendar"][0]["status"], "open");

    // Stages: in their place, or the first open one.
    let (status, s) = stages(
        &organiser,
        &id,
        json!({"action": "add", "competition": s2, "stage": 2}),
    );
    assert_eq!(status, 200, "{s}");
    let (status, s) = stages(&organiser, &id, json!({"action": "add", "competition": s1}));
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["calendar"][0]["competition"], s1.as_str());
    assert_eq!(s["calendar"][0]["status"], "final");
    for (ask, refusal) in [
        (
            json!({"action": "add", "competition": s1, "stage": 3}),
            json!({"code": "stage_twice", "competition": s1, "stage": 1}),
        ),
        (
            json!({"action": "add", "competition": s3, "stage": 4}),
            json!({"code": "stage_out_of_season", "stage": 4, "stages": 3}),
        ),
        (
            json!({"action": "add", "competition": s3, "stage": 2}),
            json!({"code": "stage_taken", "stage": 2}),
        ),
        (
            json!({"action": "add", "competition": theirs}),
            json!({"code": "stage_not_yours", "competition": theirs}),
        ),
        (
            json!({"action": "remove", "stage": 3}),
            json!({"code": "no_stage", "stage": 3}),
        ),
    ] {
        let (status, refused) = stages(&organiser, &id, ask);
        assert_eq!((status, &refused["refusal"]), (400, &refusal), "{refused}");
    }
    let (status, refused) = stages(
        &organiser,
        &id,
        json!({"action": "add", "competition": "0123456789abcdef0123456789abcdef"}),
    );
    assert_eq!(
        (status, refused["code"].as_str()),
        (404, Some("unknown_competition")),
        "{refused}"
    );
    // Others may read but not change it.
    for who in [&other, &stranger] {
        let (status, refused) = stages(who, &id, json!({"action": "add", "competition": s3}));
        assert_eq!(
            (status, refused["code"].as_str()),
            (403, Some("not_organiser")),
            "{refused}"
        );
        let (status, page) = json_answer(who.get(&format!("/api/series/{id}")));
        assert_eq!((status, &page["may_change"]), (200, &json!(false)));
    }
    let (_, page) = json_answer(organiser.get(&format!("/api/series/{id}")));
    assert_eq!(page["may_change"], true);
    assert_eq!(
        page["series"]["calendar"][2]["status"], "open",
        "nothing refused was stored"
    );

    // Two stages in: the best 2 of what there is.
    assert_eq!(
        table(&page["series"]),
        vec![
            row("1", "JANIS BERZINS", 18, ["8", "10", "-"], 18),
            row("2", "anna", 16, ["10", "6", "-"], 16),
            row("3", "Chris", 11, ["6", "5", "-"], 11),
            row("4", "Dace", 9, ["5", "4", "-"], 9),
            row("5", "Edgars", 8, ["-", "8", "-"], 8),
        ]
    );

    // A follower on a phone; the third stage is added and played.
    let mut live = Live::follow(&server, &stranger, &format!("/api/series/{id}/live"));
    let (name, first) = live.next();
    assert_eq!(name, "series");
    assert_eq!(first["standings"], page["series"]["standings"]);
    let (status, s) = stages(
        &organiser,
        &id,
        json!({"action": "add", "competition": s3, "stage": 3}),
    );
    assert_eq!(status, 200, "{s}");
    let (_, seen) = live.next();
    assert_eq!(seen["calendar"][2]["status"], "waiting");
    assert_eq!(
        seen["standings"], page["series"]["standings"],
        "a stage not begun counts nothing"
    );
    // A result that moves nothing in the series (places as they were)
    // sends nothing: after each, the follower holds what a reader gets.
    let mut results = 0;
    let mut held = seen;
    let c3 = play(&organiser, &s3, c3, |c| {
        results += 1;
        let (_, page) = json_answer(stranger.get(&format!("/api/series/{id}")));
        let now = page["series"].clone();
        if now != held {
            let (name, pushed) = live.next();
            assert_eq!(name, "series");
            assert_eq!(pushed, now, "after result {results}");
            held = pushed;
        }
        let status = if c["finished"] == true {
            "final"
        } else {
            "provisional"
        };
        assert_eq!(
            held["calendar"][2]["status"], status,
            "after result {results}"
        );
        let marked = held["standings"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|r| r["results"][2].as_object())
            .all(|r| r["provisional"] == (status == "provisional"));
        assert!(marked, "{held}");
    });
    assert_eq!(results, 15, "six players, five rounds of three boards");
    assert_eq!(c3["finished"], true);

    // By hand, points 10/8/6/5/4/3 by place, best 2 of 3:
    // Anna 10, 6, 8: 18 counted (10 + 8), 24 in all;
    // Jānis 8, 10, 4: 18 (10 + 8), 22; Edgars -, 8, 10: 18 (10 + 8), 18:
    // equal counted and equal best-first (10, 8), so the total ranks them.
    // Chris 6, 5, 5: 11 (the earlier 5 counts); Dace 5, 4, 3: 9;
    // Fricis 6 once.
    let (_, page) = json_answer(stranger.get(&format!("/api/series/{id}")));
    let want = vec![
        row("1", "Anna", 18, ["10", "(6)", "8"], 24),
        row("2", "Jānis  Bērziņš", 18, ["8", "10", "(4)"], 22),
        row("3", "Edgars Ozols", 18, ["-", "8", "10"], 18),
        row("4", "Chris", 11, ["6", "5", "(5)"], 16),
        row("5", "Dace", 9, ["5", "4", "(3)"], 12),
        row("6", "Fricis", 6, ["-", "-", "6"], 6),
    ];
    assert_eq!(table(&page["series"]), want);
    assert_eq!(page["series"]["standings"][2]["licence"], "lv-7");

    // The standings to download, for everyone.
    let (status, body) = stranger.get(&format!("/api/series/{id}/standings.csv"));
    assert_eq!(status, 200);
    assert!(body.starts_with('\u{feff}'), "a byte order mark");
    let lines: Vec<&str> = body.trim_start_matches('\u{feff}').lines().collect();
    assert_eq!(
        lines[0],
        "Place,Name,Club,Licence,Counted,Stage 1,Stage 2,Stage 3,Total"
    );
    assert_eq!(lines[1], "1,Anna,,,18,10,(6),8,24");
    assert_eq!(lines[2], "2,Jānis  Bērziņš,,,18,8,10,(4),22");

    // A stage taken out, and put back.
    let (status, s) = stages(&organiser, &id, json!({"action": "remove", "stage": 1}));
    assert_eq!(status, 200, "{s}");
    assert_eq!(s["calendar"][0]["status"], "open");
    let (status, s) = stages(
        &organiser,
        &id,
        json!({"action": "add", "competition": s1, "stage": 1}),
    );
    assert_eq!(status, 200, "{s}");

    // Stored: the same series after a restart.
    let server = server.restart();
    let reader = server.person();
    let (status, again) = json_answer(reader.get(&format!("/api/series/{id}")));
    assert_eq!(status, 200, "{again}");
    assert_eq!(again["series"], page["series"]);
    let (_, listed) = json_answer(reader.get("/api/series"));
    assert_eq!(listed[0]["id"], id.as_str());
    assert_eq!(listed[0]["given"], 3);
}

#[test]
fn an_unknown_or_malformed_series_is_not_found() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let p = server.person();
    for bad in ["nope", "0123456789abcdef0123456789abcdef"] {
        for route in ["", "/live", "/standings.csv"] {
            let (status, refused) = json_answer(p.get(&format!("/api/series/{bad}{route}")));
            assert_eq!(
                (status, refused["code"].as_str()),
                (404, Some("unknown_series")),
                "{bad}{route}"
            );
        }
    }
}
