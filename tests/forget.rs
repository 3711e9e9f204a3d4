//! Deleting an account, and forgetting a person without one (issue 34,
//! "People's data is theirs"; docs/privacy.md), over real HTTP and
//! WebSocket: a wrong password changes nothing; the right one ends the
//! person's games against people, takes away their name, account,
//! sessions and chat lines' words, and leaves every game replaying and
//! every opponent's rated history whole, with "a deleted player" in
//! their place. On SQLite and, with `NOVUSS_TEST_BACKEND=postgres`, on
//! PostgreSQL.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::server::follow;
use crate::support::play::{choose, mirror, stroke_request};
use crate::support::server::{data_dir, json_answer, path, Person, Running, Socket};
use novuss_core::play::record::GameRecord;
use novuss_core::seat::Seat;

const RATED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,
    "players":[{"kind":"human","name":"Anna Ozola"},{"kind":"human","invite":true}]}"#;
const INVITED: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human"},{"kind":"human","invite":true}]}"#;
const COMPUTER: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human","name":"Anna Ozola"},{"kind":"computer","level":"club"}]}"#;

/// `b` takes the invited seat of a new game of `a`'s: the game's id.
fn seated(a: &Person, b: &Person, request: &str) -> String {
    let created = a.create(request);
    let id = created["id"].as_str().unwrap().to_owned();
    let invite = created["invites"][0]["invite"].as_str().unwrap().to_owned();
    let (status, body) = b.post(
        &format!("/api/games/{id}/join"),
        &json!({ "invite": invite }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    id
}

/// Reads `ws` until a message of each kind in `kinds` came (in any
/// order): those messages, by kind.
fn until_each(ws: &mut Socket, kinds: &[&str]) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut got: Vec<Option<Value>> = vec![None; kinds.len()];
    while got.iter().any(Option::is_none) {
        assert!(
            Instant::now() < deadline,
            "not all of {kinds:?} came: {got:?}"
        );
        let m = ws.next();
        // The seats message that matters is the one naming nobody.
        let wanted = kinds
            .iter()
            .position(|k| m["type"] == *k && (*k != "seats" || m["seats"][0]["forgotten"] == true));
        if let Some(k) = wanted {
            got[k].get_or_insert(m);
        }
    }
    got.into_iter().flatten().collect()
}

#[test]
fn a_deleted_account_leaves_games_and_ratings_whole_and_nothing_of_who_it_was() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let anna = server.person();
    let janis = server.person();
    let stranger = server.person();

    // A rated game under way between Anna and Jānis, with a line each.
    let rated = seated(&anna, &janis, RATED);
    let (_, me) = json_answer(anna.get("/api/me"));
    let anna_id = me["person"].as_str().unwrap().to_owned();
    assert_eq!(
        me["name"], "Anna Ozola",
        "the name typed is the one she goes by"
    );
    anna.register("anna_gone", "a long password");
    let mut a = anna.socket(&rated);
    let mut j = janis.socket(&rated);
    for ws in [&mut a, &mut j] {
        ws.send(&json!({"type": "hello"}));
        ws.next_of("chat_settings");
    }
    a.send(&json!({"type": "chat", "text": "Veiksmi, Jāni!"}));
    let hers = a.next_of("chat")["number"].as_u64().unwrap();
    j.next_of("chat");
    j.send(&json!({"type": "chat", "text": "Paldies"}));
    j.next_of("chat");
    // Four strokes, so that the replay has play in it to keep.
    let mut local = mirror(RATED);
    let first = server.state(&rated)["event"].as_u64().unwrap();
    for event in first..first + 4 {
        let seat = local.set().seat_to_play();
        let ws = if seat == Seat::South { &mut a } else { &mut j };
        ws.send(&stroke_request(event, seat, &choose(&local, event)));
        // Both players are told of it.
        let m = a.next_of("stroke");
        assert_eq!(j.next_of("stroke"), m);
        assert_eq!(m["event"], event + 1, "{m}");
        follow(&mut local, &m);
    }
    // An invitation nobody took, and a game against the computer.
    let open = anna.create(INVITED)["id"].as_str().unwrap().to_owned();
    let computer = anna.create(COMPUTER)["id"].as_str().unwrap().to_owned();
    let replay_of = |id: &str| json_answer(stranger.get(&format!("/api/games/{id}/replay")));
    let record_of = |id: &str| -> GameRecord {
        let (status, body) = stranger.get(&format!("/api/games/{id}/record"));
        assert_eq!(status, 200, "{body}");
        serde_json::from_str(&body).unwrap()
    };
    let before: Vec<GameRecord> = [&rated, &open, &computer].map(|id| record_of(id)).into();

    // The wrong password: refused, and nothing changed.
    let (status, refused) =
        json_answer(anna.post("/api/me/forget", r#"{"password":"not my password"}"#));
    assert_eq!(
        (status, refused["code"].as_str()),
        (401, Some("wrong_password")),
        "{refused}"
    );
    let (status, none) = json_answer(anna.post("/api/me/forget", "{}"));
    assert_eq!(
        (status, none["code"].as_str()),
        (401, Some("wrong_password")),
        "{none}"
    );
    let (_, me) = json_answer(anna.get("/api/me"));
    assert_eq!(me["account"]["username"], "anna_gone", "{me}");
    assert_eq!(server.state(&rated)["match"]["over"], false);
    assert_eq!(server.state(&rated)["seats"][0]["name"], "Anna Ozola");

    // The right one: the browser holds nobody any more.
    let (status, body) = anna.post("/api/me/forget", r#"{"password":"a long password"}"#);
    assert_eq!(status, 200, "{body}");
    let me: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(me["person"], Value::Null, "{me}");

    // Jānis sees her resign, her seat lose its name and her line go.
    let told = until_each(&mut j, &["resigned", "seats", "chat_removed"]);
    assert_eq!(told[0]["seat"], "south", "{}", told[0]);
    assert_eq!(told[1]["seats"][0]["person"], anna_id.as_str());
    assert!(told[1]["seats"][0].get("name").is_none(), "{}", told[1]);
    assert_eq!(told[2]["numbers"], json!([hers]));

    // The game as anyone reads it now: over, her seat nameless, and the
    // name typed for it in the new-game form gone from the set-up too.
    let state = server.state(&rated);
    assert_eq!(state["match"]["over"], true);
    assert_eq!(state["seats"][0]["forgotten"], true, "{}", state["seats"]);
    assert!(state["seats"][0].get("name").is_none());
    let text = state.to_string();
    assert!(
        !text.contains("Anna Ozola") && !text.contains("anna_gone"),
        "{text}"
    );
    let open_state = server.state(&open);
    assert_eq!(
        open_state["match"]["over"], true,
        "the invitation nobody took is called off"
    );
    assert_eq!(
        server.state(&computer)["match"]["over"],
        false,
        "a game against the computer waits for nobody"
    );
    assert!(!server.state(&computer).to_string().contains("Anna Ozola"));

    // Every game still replays exactly, with every action it had: its
    // record re-simulated through the core finds no stroke that differs,
    // and so does the server's own replay; the rated game has its four
    // strokes and her resignation, the invitation is called off, and the
    // game against the computer is as it was.
    for (id, was) in [&rated, &open, &computer].into_iter().zip(&before) {
        let (status, replay) = replay_of(id);
        assert_eq!(status, 200, "{replay}");
        assert!(!replay.to_string().contains("Anna Ozola"), "{replay}");
        assert_eq!(replay["divergences"], json!([]), "{id}: {replay}");
        let now = record_of(id);
        let checked = novuss_core::play::record::replay(&now).unwrap();
        assert!(
            checked.divergences.is_empty(),
            "{id}: {:?}",
            checked.divergences
        );
        assert_eq!(now.sets.len(), was.sets.len(), "{id}");
        for (set, set_was) in now.sets.iter().zip(&was.sets) {
            assert_eq!(
                set.entries[..set_was.entries.len()],
                set_was.entries[..],
                "{id}: the play before is kept"
            );
        }
        if id == &rated {
            assert_eq!(checked.actions, 4, "{id}");
            assert_eq!(now.resigned, Some(novuss_core::PlayerId(0)), "{id}");
        } else if id == &open {
            // Called off: the same record, aborted.
            let called_off = GameRecord {
                aborted: true,
                ..was.clone()
            };
            assert_eq!(now, called_off, "{id}");
        } else {
            assert_eq!(now, *was, "{id}");
        }
    }

    // Jānis's chat, read again, has his line and not hers.
    let mut again = janis.socket(&rated);
    again.send(&json!({"type": "hello"}));
    again.next_of("chat_settings");
    let line = again.next_of("chat");
    assert_eq!(line["text"], "Paldies", "{line}");

    // His rated result stands, against "a deleted player".
    let (_, me) = json_answer(janis.get("/api/me"));
    let janis_id = me["person"].as_str().unwrap().to_owned();
    let (status, page) = json_answer(stranger.get(&format!("/api/players/{janis_id}")));
    assert_eq!(status, 200, "{page}");
    let result = &page["results"][0];
    assert_eq!(result["result"], "win");
    assert_eq!(
        result["opponents"],
        json!([{"id": anna_id, "name": null, "forgotten": true}])
    );
    // Her own page keeps the rating history, without a name; the
    // leaderboard lists her no more.
    let (status, hers) = json_answer(stranger.get(&format!("/api/players/{anna_id}")));
    assert_eq!(status, 200, "{hers}");
    assert_eq!(
        (hers["forgotten"].as_bool(), &hers["name"]),
        (Some(true), &Value::Null)
    );
    assert_eq!(hers["history"].as_array().unwrap().len(), 1);
    let (_, board) = json_answer(stranger.get("/api/leaderboard?format=singles"));
    let listed = board.to_string();
    assert!(
        !listed.contains(&anna_id) && listed.contains(&janis_id),
        "{listed}"
    );
    // The list of games names her seat as forgotten.
    let (_, list) = json_answer(janis.get("/api/games"));
    let row = list
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == rated.as_str())
        .unwrap()
        .clone();
    assert_eq!(row["who"][0]["forgotten"], true, "{row}");
    assert_eq!(row["who"][0]["name"], Value::Null, "{row}");

    // Her account is gone: it signs in no more, and its name is free.
    let (status, body) = stranger.post(
        "/api/account/signin",
        &json!({"username": "anna_gone", "password": "a long password"}).to_string(),
    );
    assert_eq!(status, 404, "{body}");
    assert!(body.contains("unknown_username"), "{body}");
    let someone = server.person();
    someone.register("anna_gone", "another long password");
    // Her socket's session ended: the server closed it (4001, as for a
    // session ended by signing out).
    assert_eq!(a.closed_within(Duration::from_secs(60)), Some(4001));
    // Asked twice: nobody is left to forget.
    let (status, twice) = json_answer(anna.post("/api/me/forget", "{}"));
    assert_eq!(
        (status, twice["code"].as_str()),
        (404, Some("unknown_player")),
        "{twice}"
    );

    // Jānis, without an account, is forgotten on his word alone.
    let (status, body) = janis.post("/api/me/forget", "{}");
    assert_eq!(status, 200, "{body}");
    let state = server.state(&rated);
    assert_eq!(state["seats"][1]["forgotten"], true, "{}", state["seats"]);
    let (status, gone) = json_answer(stranger.get(&format!("/api/players/{janis_id}")));
    assert_eq!(
        (status, gone["forgotten"].as_bool()),
        (200, Some(true)),
        "{gone}"
    );
    assert_eq!(gone["results"][0]["opponents"][0]["forgotten"], true);
}

#[test]
fn a_forgotten_entrant_keeps_the_draw_and_ratings_and_loses_the_name() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    let anna = server.person();
    let ilze = server.person();
    let stranger = server.person();
    organiser.register("forget_organiser", "a long password");
    anna.register("anna_entrant", "a long password");
    ilze.register("ilze_entrant", "a long password");
    let (status, _) = anna.post("/api/me", r#"{"name":"Anna Ozola"}"#);
    assert_eq!(status, 200);

    // A rated one-round Swiss on real tables: two players from the
    // organiser's list, Anna entering herself, Ilze entered by the
    // organiser by her user name.
    let setup = json!({"name": "Rudens kauss", "tables": 2, "rated": true, "open_entry": true,
        "starts": "2026-11-28", "system": {"kind": "swiss", "rounds": 1},
        "format": {"kind": "sets", "sets": 6}});
    let (status, c) = json_answer(organiser.post("/api/competitions", &setup.to_string()));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    for (name, rating) in [("Jānis Bērziņš", 1900), ("Māris Ozols", 1700)] {
        organiser.change(
            &id,
            json!({"change": "enter", "entry": {"name": name, "rating": rating}}),
        );
    }
    let (status, body) = anna.post(&format!("/api/competitions/{id}/enter"), "{}");
    assert_eq!(status, 200, "{body}");
    let (status, body) = organiser.post(
        &format!("/api/competitions/{id}/enter"),
        r#"{"username":"ilze_entrant"}"#,
    );
    assert_eq!(status, 200, "{body}");
    let paired = organiser.change(&id, json!({"change": "pair_next", "round": 1}));
    let boards = paired["rounds"][0]["boards"].as_array().unwrap().clone();
    for k in 0..boards.len() {
        organiser.change(
            &id,
            json!({"change": "result", "round": 1, "board": k + 1,
                   "outcome": {"kind": "sets", "first": 4, "second": 2}}),
        );
    }
    let read = |who: &Person| {
        let (status, page) = json_answer(who.get(&format!("/api/competitions/{id}")));
        assert_eq!(status, 200, "{page}");
        page["competition"].clone()
    };
    let before = read(&stranger);
    assert_eq!(before["entrants"][2]["entry"]["name"], "Anna Ozola");
    let (_, list_before) = json_answer(stranger.get("/api/ratings/tables"));
    assert!(
        list_before.to_string().contains("Anna Ozola"),
        "{list_before}"
    );
    let rated = |list: &Value| -> Vec<(String, String)> {
        let mut all: Vec<(String, String)> = ["players", "provisional"]
            .iter()
            .flat_map(|k| list[*k].as_array().unwrap().clone())
            .map(|p| {
                (
                    p["name"].as_str().unwrap().to_owned(),
                    p["rating"].to_string(),
                )
            })
            .collect();
        all.sort();
        all
    };

    // Anna deletes her account.
    let (status, body) = anna.post("/api/me/forget", r#"{"password":"a long password"}"#);
    assert_eq!(status, 200, "{body}");

    // The competition as anyone reads it: the same draw, results and
    // standings; her entry has no name and says she was forgotten;
    // Ilze, entered the same way, keeps hers.
    let check = |c: &Value| {
        let hers = &c["entrants"][2]["entry"];
        assert_eq!(
            (&hers["name"], &hers["forgotten"]),
            (&json!(""), &json!(true)),
            "{hers}"
        );
        assert_eq!(c["entrants"][3]["entry"]["name"], "ilze_entrant");
        assert_eq!(c["rounds"], before["rounds"]);
        assert_eq!(c["standings"], before["standings"]);
        assert!(!c.to_string().contains("Anna Ozola"), "{c}");
    };
    check(&read(&stranger));
    // The record of changes the organiser reads has no name of hers.
    let (status, record) = json_answer(organiser.get(&format!("/api/competitions/{id}/record")));
    assert_eq!(status, 200, "{record}");
    assert!(!record.to_string().contains("Anna Ozola"), "{record}");
    // The files say "Deleted player" where she was.
    for file in [
        "standings.csv",
        "results.csv",
        "crosstable.csv",
        "competition.trf",
    ] {
        let (status, text) = organiser.get(&format!("/api/competitions/{id}/{file}"));
        assert_eq!(status, 200, "{file}: {text}");
        assert!(
            text.contains("Deleted player") && !text.contains("Anna Ozola"),
            "{file}: {text}"
        );
    }
    let (status, text) = organiser.get(&format!("/api/competitions/{id}/competition.json"));
    assert_eq!(status, 200, "{text}");
    assert!(!text.contains("Anna Ozola"), "{text}");
    // The real-table list still rates her results, without a name: every
    // rating is as it was.
    let (_, list) = json_answer(stranger.get("/api/ratings/tables"));
    assert!(!list.to_string().contains("Anna Ozola"), "{list}");
    let forgotten: Vec<_> = ["players", "provisional"]
        .iter()
        .flat_map(|k| list[*k].as_array().unwrap().clone())
        .filter(|p| p["forgotten"] == true)
        .collect();
    assert_eq!(forgotten.len(), 1, "{list}");
    let renamed: Vec<_> = rated(&list_before)
        .into_iter()
        .map(|(n, r)| (if n == "Anna Ozola" { String::new() } else { n }, r))
        .collect();
    let mut renamed = renamed;
    renamed.sort();
    assert_eq!(rated(&list), renamed);

    let ilze_id = ilze.id();

    // After a restart, read from the store again: the same.
    let server = server.restart();
    let stranger = server.person();
    check(&read(&stranger));

    // Its file, imported by someone else as a new competition: the same
    // draw and standings. No one is claimed by a file: Ilze's entry keeps
    // her name and not her person; Anna's stays a deleted player, told
    // apart from every other by a new id that is nobody's.
    let mover = server.person();
    mover.register("forget_mover", "a long password");
    let (status, text) = mover.get(&format!("/api/competitions/{id}/competition.json"));
    assert_eq!(status, 200, "{text}");
    let (status, copy) = json_answer(mover.post("/api/competitions/import", &text));
    assert_eq!(status, 201, "{copy}");
    for field in ["rounds", "standings", "ranking"] {
        assert_eq!(copy[field], before[field], "{field}");
    }
    let (theirs, ilzes) = (&copy["entrants"][2]["entry"], &copy["entrants"][3]["entry"]);
    assert_eq!(
        (&theirs["name"], &theirs["forgotten"]),
        (&json!(""), &json!(true)),
        "{theirs}"
    );
    let original: Value = serde_json::from_str(&text).unwrap();
    let anna_id = original["changes"][2]["change"]["entry"]["person"].clone();
    assert!(anna_id.is_string(), "{original}");
    assert!(
        theirs["person"].is_string() && theirs["person"] != anna_id,
        "{theirs}"
    );
    assert_eq!(ilzes["name"], "ilze_entrant");
    assert!(ilzes.get("person").is_none(), "{ilzes}");
    let listed = |who: &str| {
        let (status, page) = json_answer(server.get(&format!("/api/players/{who}/competitions")));
        assert_eq!(status, 200, "{page}");
        page["competitions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        listed(&ilze_id),
        [id.as_str()],
        "only the competition she was entered in"
    );

    // A file made to claim her as the deleted player: still not her.
    let mut forged = original.clone();
    forged["changes"][2]["change"]["entry"]["person"] = json!(ilze_id);
    forged["changes"][3]["change"]["entry"]["person"] = json!("0".repeat(32));
    let (status, copy) = json_answer(mover.post("/api/competitions/import", &forged.to_string()));
    assert_eq!(status, 201, "{copy}");
    assert_ne!(copy["entrants"][2]["entry"]["person"], json!(ilze_id));
    assert!(copy["entrants"][3]["entry"].get("person").is_none());
    assert_eq!(listed(&ilze_id), [id.as_str()]);
}
