//! Table protocols from the players' phones over real HTTP (issue 33,
//! "The table protocol" and "Trust and failure"): an organiser pairs a
//! round and reads its tables' cards (links and QR codes); two phones
//! with no account record a 6-set match set by set from their link, a
//! step sent twice is made once, the other phone's different set is
//! refused, both confirm and the result is the board's; a guessed, a
//! revoked and another board's link are refused, and a link records its
//! own board only; a referee confirms alone at the desk; a flood from one
//! link is limited and leaves the other tables alone; a follower of the
//! competition sees each step as a `table` event; SIGKILL loses no
//! confirmed result; the next round closes the old links. On SQLite and,
//! with `NOVUSS_TEST_BACKEND=postgres`, on PostgreSQL.

use serde_json::{json, Value};

use crate::support::live::Live;
use crate::support::server::{data_dir, json_answer, path, Running};

fn set(set: u32, winner: &str) -> Value {
    let broke = if set % 2 == 1 { "first" } else { "second" };
    json!({"kind": "set", "set": set, "record": {"winner": winner, "broke": broke}})
}

#[test]
fn phones_record_their_tables_and_nothing_else() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register("tables_organiser", "a long password");
    let (status, created) = json_answer(
        organiser.post(
            "/api/competitions",
            &json!({"name": "Galdu kauss", "tables": 4,
                "system": {"kind": "swiss", "rounds": 2},
                "format": {"kind": "sets", "sets": 6}})
            .to_string(),
        ),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let changes = format!("/api/competitions/{id}/changes");
    for (k, name) in ["Anna", "Jānis", "Ilze", "Pēteris", "Dace", "Māris"]
        .iter()
        .enumerate()
    {
        let entry = json!({"change": "enter",
                           "entry": {"name": name, "rating": 1800 - 10 * k as u32}});
        let (status, c) = json_answer(organiser.post(&changes, &entry.to_string()));
        assert_eq!(status, 200, "{c}");
    }
    // No cards before a round is paired; then one per board.
    let cards_path = format!("/api/competitions/{id}/tables");
    let (status, none) = json_answer(organiser.get(&cards_path));
    assert_eq!((status, none), (200, json!([])));
    let (status, c) = json_answer(organiser.post(
        &changes,
        &json!({"change": "pair_next", "round": 1}).to_string(),
    ));
    assert_eq!(status, 200, "{c}");
    let (status, cards) = json_answer(organiser.get(&cards_path));
    assert_eq!(status, 200, "{cards}");
    let cards = cards.as_array().unwrap().clone();
    assert_eq!(cards.len(), 3);
    for (k, card) in cards.iter().enumerate() {
        assert_eq!(card["board"], k + 1);
        let link = card["link"].as_str().unwrap();
        assert!(link.starts_with(&format!("{id}.1.{}.", k + 1)), "{link}");
        assert!(card["address"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/table.html#{link}")));
        let qr = card["qr"].as_str().unwrap();
        assert!(qr.contains("<svg") && qr.contains("</svg>"), "{qr}");
    }
    // The cards are the organiser's: a stranger is refused.
    let stranger = server.person();
    let (status, refused) = json_answer(stranger.get(&cards_path));
    assert_eq!(
        (status, refused["code"].clone()),
        (403, json!("not_organiser"))
    );

    let link1 = cards[0]["link"].as_str().unwrap().to_owned();
    let link2 = cards[1]["link"].as_str().unwrap().to_owned();
    let table = |l: &str| format!("/api/tables/{l}");
    // Two phones, no account, no cookie yet.
    let first = server.person();
    let second = server.person();
    let (status, view) = json_answer(first.get(&table(&link1)));
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["board"], 1);
    assert_eq!(view["open"], true);
    assert_eq!(view["protocol"], Value::Null);
    assert_eq!(view["format"], json!({"kind": "sets", "sets": 6}));
    assert!(view["first"]["name"].is_string() && view["second"]["name"].is_string());

    // A follower of the competition sees each step as a `table` event.
    let follower = server.person();
    let mut live = Live::follow(&server, &follower, &format!("/api/competitions/{id}/live"));
    let (kind, whole) = live.next();
    assert_eq!(kind, "competition");
    let before = whole["changes"].as_u64().unwrap();

    let step = |phone: &crate::support::server::Person, l: &str, body: Value| {
        json_answer(phone.post(&table(l), &body.to_string()))
    };
    let winners = ["first", "second", "first", "first", "second", "first"];
    for (k, w) in winners.iter().enumerate() {
        let n = k as u32 + 1;
        let (phone, by) = if n % 2 == 1 {
            (&first, "first")
        } else {
            (&second, "second")
        };
        let body = json!({"by": by, "entry": format!("{by}-{n}"), "step": set(n, w)});
        let (status, view) = step(phone, &link1, body.clone());
        assert_eq!(status, 200, "{view}");
        assert_eq!(
            view["protocol"]["sets"].as_array().unwrap().len(),
            n as usize
        );
        // Sent again (its answer lost): the same table, no second set.
        let (status, again) = step(phone, &link1, body);
        assert_eq!(status, 200, "{again}");
        assert_eq!(again["changes"], view["changes"], "a repeat was stored");
        let (kind, event) = live.next();
        assert_eq!(kind, "table", "{event}");
        // One change per set, the repeats none.
        assert_eq!(event["changes"].as_u64().unwrap(), before + u64::from(n));
        assert_eq!(event["protocol"]["board"], 1);
    }
    // The phones made people of themselves (the steps are theirs).
    assert!(first.cookie().is_some() && second.cookie().is_some());
    // The other phone, offline meanwhile, recorded set 6 otherwise.
    let (status, refused) = step(
        &second,
        &link1,
        json!({"by": "second", "entry": "second-late", "step": set(6, "second")}),
    );
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["refusal"],
        json!({"code": "set_recorded", "set": 6})
    );
    // 4:2 ends a 6-set match: a seventh set is refused.
    let (_, refused) = step(
        &first,
        &link1,
        json!({"by": "first", "entry": "first-7", "step": set(7, "second")}),
    );
    assert_eq!(refused["refusal"], json!({"code": "match_is_over"}));
    // A phone may not record as a referee.
    let (status, refused) = step(
        &first,
        &link1,
        json!({"by": "referee", "entry": "r", "step": {"kind": "confirm"}}),
    );
    assert_eq!(
        (status, refused["code"].clone()),
        (403, json!("not_organiser"))
    );
    // Both sides confirm: the result is the board's.
    let confirm =
        |by: &str| json!({"by": by, "entry": format!("{by}-ok"), "step": {"kind": "confirm"}});
    let (status, view) = step(&first, &link1, confirm("first"));
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["protocol"]["confirmed"], json!(["first"]));
    assert_eq!(view["outcome"], Value::Null);
    let (status, view) = step(&second, &link1, confirm("second"));
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["protocol"]["stands"], true);
    assert_eq!(
        view["outcome"],
        json!({"kind": "sets", "first": 4, "second": 2})
    );
    assert_eq!(view["open"], false);
    let _ = live.next(); // first's confirmation: a `table` event
    let (kind, whole) = live.next();
    assert_eq!(
        kind, "competition",
        "a result that stands changes the standings"
    );
    assert_eq!(
        whole["rounds"][0]["boards"][0]["outcome"],
        json!({"kind": "sets", "first": 4, "second": 2})
    );
    // Confirmed: the table can no longer change it.
    let (_, refused) = step(
        &first,
        &link1,
        json!({"by": "first", "entry": "undo-6", "step": {"kind": "undo", "set": 6}}),
    );
    assert_eq!(
        refused["refusal"],
        json!({"code": "result_in", "round": 1, "board": 1})
    );

    // Guessed, mistyped and foreign links: one answer, nothing told.
    let mut guessed = link2.clone();
    let last = guessed.pop().unwrap();
    guessed.push(if last == '0' { '1' } else { '0' });
    let board1_mac = link1.rsplit('.').next().unwrap();
    let other_board = format!("{id}.1.2.{board1_mac}");
    for bad in [
        guessed.as_str(),
        other_board.as_str(),
        "not-a-link",
        &format!("{}.1.2.{}", "0".repeat(32), "a".repeat(32)),
        &format!("{id}.1.9.{board1_mac}"),
        &format!("{id}.01.2.{board1_mac}"),
    ] {
        let (status, refused) = json_answer(first.get(&table(bad)));
        assert_eq!(
            (status, refused["code"].clone()),
            (404, json!("unknown_table")),
            "{bad}"
        );
        let (status, refused) = step(
            &first,
            bad,
            json!({"by": "first", "entry": "x", "step": set(1, "first")}),
        );
        assert_eq!(
            (status, refused["code"].clone()),
            (404, json!("unknown_table")),
            "{bad}"
        );
    }

    // The organiser revokes board 2's link: the old one is refused, the
    // new card works.
    let (status, c) = json_answer(organiser.post(
        &changes,
        &json!({"change": "revoke_table_link", "round": 1, "board": 2}).to_string(),
    ));
    assert_eq!(status, 200, "{c}");
    let (status, _) = first.get(&table(&link2));
    assert_eq!(status, 404);
    let (_, cards) = json_answer(organiser.get(&cards_path));
    let old2 = link2;
    let link2 = cards[1]["link"].as_str().unwrap().to_owned();
    assert_ne!(link2, old2, "a new link");
    let (status, _) = first.get(&table(&link2));
    assert_eq!(status, 200);

    // A flood from board 2's phone is limited; board 3's phone is not.
    let link3 = cards[2]["link"].as_str().unwrap().to_owned();
    let mut limited = 0;
    for k in 0..40 {
        let (status, _) = step(
            &first,
            &link2,
            json!({"by": "first", "entry": format!("flood-{k}"), "step": {"kind": "confirm"}}),
        );
        if status == 429 {
            limited += 1;
        } else {
            assert_eq!(status, 400, "a confirmation before the end is refused");
        }
    }
    assert!(limited >= 10, "{limited} of 40 limited");
    let (status, view) = step(
        &second,
        &link3,
        json!({"by": "second", "entry": "t3-1", "step": set(1, "second")}),
    );
    assert_eq!(status, 200, "{view}");

    // A referee at the desk: board 3's match to its end, one
    // confirmation, and it stands.
    for n in 2..=4 {
        let (status, c) = json_answer(
            organiser.post(
                &changes,
                &json!({"change": "at_table", "round": 1, "board": 3,
                    "entry": format!("desk-{n}"), "step": set(n, "second")})
                .to_string(),
            ),
        );
        assert_eq!(status, 200, "{c}");
    }
    let (status, c) = json_answer(
        organiser.post(
            &changes,
            &json!({"change": "at_table", "round": 1, "board": 3, "entry": "desk-ok",
                "step": {"kind": "confirm"}})
            .to_string(),
        ),
    );
    assert_eq!(status, 200, "{c}");
    assert_eq!(
        c["rounds"][0]["boards"][2]["outcome"],
        json!({"kind": "sets", "first": 0, "second": 4})
    );
    // A stranger cannot act as a referee.
    let (status, _) = json_answer(
        stranger.post(
            &changes,
            &json!({"change": "at_table", "round": 1, "board": 2, "entry": "s",
                "step": set(1, "first")})
            .to_string(),
        ),
    );
    assert_eq!(status, 403);

    // SIGKILL: every confirmed result and every set is still there.
    drop(live);
    let (organiser_cookie, first_cookie) = (organiser.cookie().unwrap(), first.cookie().unwrap());
    let server = server.restart();
    let first = server.person_with(&first_cookie);
    let (status, view) = json_answer(first.get(&table(&link1)));
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        view["outcome"],
        json!({"kind": "sets", "first": 4, "second": 2})
    );
    assert_eq!(view["protocol"]["sets"].as_array().unwrap().len(), 6);
    assert_eq!(view["protocol"]["sets"][1]["winner"], "second");
    let (_, view3) = json_answer(first.get(&table(&link3)));
    assert_eq!(view3["protocol"]["score"], json!([0, 4]));
    assert_eq!(view3["protocol"]["confirmed"], json!(["referee"]));

    // Board 2 from the desk; the next round closes round 1's links.
    let organiser = server.person_with(&organiser_cookie);
    let (status, c) = json_answer(
        organiser.post(
            &changes,
            &json!({"change": "result", "round": 1, "board": 2,
                "outcome": {"kind": "sets", "first": 4, "second": 0}})
            .to_string(),
        ),
    );
    assert_eq!(status, 200, "{c}");
    let (status, c) = json_answer(organiser.post(
        &changes,
        &json!({"change": "pair_next", "round": 2}).to_string(),
    ));
    assert_eq!(status, 200, "{c}");
    let (status, view) = json_answer(first.get(&table(&link1)));
    assert_eq!(status, 200, "an old link still shows its table: {view}");
    assert_eq!(view["open"], false);
    let (status, refused) = step(
        &first,
        &link3,
        json!({"by": "first", "entry": "late", "step": set(5, "first")}),
    );
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["refusal"],
        json!({"code": "table_closed", "round": 1})
    );
    let (_, cards) = json_answer(organiser.get(&cards_path));
    assert_eq!(cards[0]["round"], 2, "{cards}");

    // The record: every change with who made it and when, newest first;
    // the organiser's and the arbiters' only.
    let record_path = format!("/api/competitions/{id}/record");
    let (status, record) = json_answer(organiser.get(&record_path));
    assert_eq!(status, 200, "{record}");
    let changes = record["changes"].as_array().unwrap();
    assert_eq!(changes[0]["change"]["change"], "pair");
    assert_eq!(changes[0]["change"]["round"], 2);
    assert_eq!(
        changes[0]["by"],
        json!({"kind": "organiser", "name": "tables_organiser"})
    );
    assert!(changes[0]["at"].as_i64().unwrap() > 1_700_000_000);
    let numbers: Vec<u64> = changes
        .iter()
        .map(|c| c["number"].as_u64().unwrap())
        .collect();
    assert!(
        numbers.windows(2).all(|w| w[0] == w[1] + 1),
        "newest first, none missing: {numbers:?}"
    );
    // The phones' steps, each with the side it recorded for and the
    // phone's person; the two phones of table 1 are two people.
    let phone_of = |side: &str| {
        changes
            .iter()
            .find(|c| c["by"]["kind"] == "phone" && c["by"]["side"] == side)
            .map(|c| c["by"]["person"].clone())
            .unwrap()
    };
    assert_ne!(phone_of("first"), phone_of("second"));
    // The referee's steps are the organiser's.
    assert!(changes.iter().any(|c| c["change"]["change"] == "at_table"
        && c["change"]["by"] == "referee"
        && c["by"]["kind"] == "organiser"));
    let (status, older) = json_answer(organiser.get(&format!("{record_path}?before=4")));
    assert_eq!(status, 200, "{older}");
    assert_eq!(older["changes"].as_array().unwrap().len(), 3);
    assert_eq!(older["more"], false);
    let (status, _) = first.get(&record_path);
    assert_eq!(status, 403, "a phone may not read the record");
    let (status, _) = organiser.get(&format!("{record_path}?before=x"));
    assert_eq!(status, 400);
}

/// A team league at the tables (issue 33 for issue 32's teams): each
/// board of a team match has its own card and link, naming the match;
/// its phones see the players the line-ups put there and who breaks; what
/// they confirm is the board's result in the team match; a referee at the
/// desk and a penalty name the team match too; a revoked board's link is
/// refused and a board the line-up leaves empty has no card.
#[test]
fn a_team_matchs_boards_are_tables_of_their_own() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register("league_organiser", "a long password");
    let (status, created) = json_answer(
        organiser.post(
            "/api/competitions",
            &json!({"name": "Līga", "tables": 4,
                "system": {"kind": "round_robin", "cycles": "single"},
                "format": {"kind": "sets", "sets": 6},
                "teams": {"boards": 2}})
            .to_string(),
        ),
    );
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_owned();
    let changes = format!("/api/competitions/{id}/changes");
    let change = |body: Value| {
        let (status, c) = json_answer(organiser.post(&changes, &body.to_string()));
        assert_eq!(status, 200, "{body}: {c}");
        c
    };
    for team in ["Madona", "Rīga", "Cēsis", "Talsi"] {
        let roster: Vec<Value> = (1..=3)
            .map(|k| json!({"name": format!("{team} {k}")}))
            .collect();
        change(json!({"change": "enter_team", "team": {"name": team, "roster": roster}}));
    }
    let paired = change(json!({"change": "pair_next", "round": 1}));
    let first_team = paired["teams"]["teams"]
        [paired["rounds"][0]["boards"][0]["first"].as_u64().unwrap() as usize - 1]["name"]
        .as_str()
        .unwrap()
        .to_owned();

    // A card per board of each team match, in match and board order.
    let cards_path = format!("/api/competitions/{id}/tables");
    let (status, cards) = json_answer(organiser.get(&cards_path));
    assert_eq!(status, 200, "{cards}");
    let cards = cards.as_array().unwrap().clone();
    let places: Vec<(u64, u64, u64)> = cards
        .iter()
        .map(|c| {
            (
                c["team_match"].as_u64().unwrap(),
                c["board"].as_u64().unwrap(),
                c["table"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(places, [(1, 1, 1), (1, 2, 2), (2, 1, 3), (2, 2, 4)]);
    for c in &cards {
        let prefix = format!("{id}.1.{}.{}.", c["team_match"], c["board"]);
        assert!(c["link"].as_str().unwrap().starts_with(&prefix), "{c}");
    }
    let link = cards[1]["link"].as_str().unwrap().to_owned();
    let table = |l: &str| format!("/api/tables/{l}");

    // Board 2 of match 1: the second players, the other team breaking.
    let first = server.person();
    let second = server.person();
    let (status, view) = json_answer(first.get(&table(&link)));
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        (view["team_match"].clone(), view["board"].clone()),
        (json!(1), json!(2))
    );
    assert_eq!(view["first"]["name"], format!("{first_team} 2"));
    assert_eq!(view["first"]["team"], first_team.as_str());
    assert_eq!(view["breaks"], "second");
    assert_eq!(view["table"], 2);
    // The same MAC read as a board of the round's pairing opens nothing.
    let mac = link.rsplit('.').next().unwrap();
    let (status, refused) = json_answer(first.get(&table(&format!("{id}.1.2.{mac}"))));
    assert_eq!(
        (status, refused["code"].clone()),
        (404, json!("unknown_table"))
    );

    let step = |phone: &crate::support::server::Person, body: Value| {
        json_answer(phone.post(&table(&link), &body.to_string()))
    };
    for n in 1..=4u32 {
        // The second team's player breaks in odd sets on an even board.
        let broke = if n % 2 == 1 { "second" } else { "first" };
        let body = json!({"by": "first", "entry": format!("f-{n}"),
            "step": {"kind": "set", "set": n, "record": {"winner": "first", "broke": broke}}});
        let (status, view) = step(&first, body);
        assert_eq!(status, 200, "{view}");
    }
    for (phone, by) in [(&first, "first"), (&second, "second")] {
        let (status, view) = step(
            phone,
            json!({"by": by, "entry": format!("{by}-ok"), "step": {"kind": "confirm"}}),
        );
        assert_eq!(status, 200, "{view}");
    }
    let (_, now) = json_answer(organiser.get(&format!("/api/competitions/{id}")));
    let now = &now["competition"];
    let board = &now["teams"]["rounds"][0]["matches"][0]["boards"][1];
    assert_eq!(
        board["entered"],
        json!({"kind": "sets", "first": 4, "second": 0}),
        "{board}"
    );
    assert_eq!(now["tables"][0]["team_match"], 1);

    // The referee at the desk records board 1 of match 2, naming the
    // match; a penalty is given on its board.
    change(
        json!({"change": "at_table", "round": 1, "team_match": 2, "board": 1,
        "entry": "desk-1", "step": {"kind": "set", "set": 1,
        "record": {"winner": "second", "broke": "first"}}}),
    );
    let c = change(
        json!({"change": "penalty", "round": 1, "team_match": 2, "board": 1,
        "side": "first", "conduct": "warning", "clause": "000 1.28"}),
    );
    assert_eq!(c["penalties"][0]["team_match"], 2);
    let (status, refused) = json_answer(
        organiser.post(
            &changes,
            &json!({"change": "penalty", "round": 1, "board": 1,
            "side": "first", "conduct": "warning", "clause": "000 1.28"})
            .to_string(),
        ),
    );
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"]["code"], "not_for_teams");

    // Board 2 of match 2's link revoked: refused, and its new card works.
    let old = cards[3]["link"].as_str().unwrap().to_owned();
    change(json!({"change": "revoke_table_link", "round": 1, "team_match": 2, "board": 2}));
    let (status, _) = json_answer(first.get(&table(&old)));
    assert_eq!(status, 404);
    let (_, cards) = json_answer(organiser.get(&cards_path));
    let new = cards[3]["link"].as_str().unwrap().to_owned();
    assert_ne!(new, old);
    let (status, view) = json_answer(first.get(&table(&new)));
    assert_eq!((status, view["board"].clone()), (200, json!(2)));

    // Match 2's second team plays one player: its board 2 has no card.
    let side_of_two = "second";
    change(json!({"change": "line_up", "round": 1, "team_match": 2,
        "side": side_of_two, "players": [1]}));
    let (_, cards) = json_answer(organiser.get(&cards_path));
    let places: Vec<(u64, u64)> = cards
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["team_match"].as_u64().unwrap(),
                c["board"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(places, [(1, 1), (1, 2), (2, 1)]);
    let (status, view) = json_answer(first.get(&table(&new)));
    assert_eq!(
        status, 200,
        "the empty board's table is shown, closed: {view}"
    );
    assert_eq!(view["open"], false);
}
