//! Competitions played on this server (issue 32; docs/competitions.md,
//! "Played on this server") over real HTTP and WebSocket: people with
//! accounts enter themselves, each board of a round becomes a game whose
//! seats are its two entrants', the games are played (one to its end by
//! strokes, the others resigned), their results land in the standings and
//! the next round is paired by itself; a stranger cannot take a reserved
//! seat; a typed score for a running game is refused; the games survive
//! a restart; a player who does not come within the grace loses by
//! forfeit, and both absent both lose. Every system goes on by itself
//! online: the round robin, the knock-out, double elimination (with the
//! grand final's reset, and with byes and no reset) and groups then
//! knock-out. A game made late (its row written, the server stopped
//! before the game) gets a fresh grace.

use novuss_core::play::game::Game;
use novuss_core::seat::Seat;
use std::collections::BTreeMap;

use serde_json::{json, Value};

use crate::support::db;
use crate::support::live::Live;
use crate::support::play::{choose, mirror, stroke_request};
use crate::support::server::{data_dir, json_answer, path, Person, Running, Socket};

/// One set decides a match: the games end in a few dozen strokes.
const ONE_SET: &str = r#"{"format":"singles","profile":"lnf-2017","match_format":{"kind":"best_of","sets":1},
    "players":[{"kind":"human"},{"kind":"human"}]}"#;

fn online_swiss(name: &str, rounds: u32, grace_secs: u32, open_entry: bool) -> Value {
    json!({
        "name": name,
        "tables": 2,
        "system": {"kind": "swiss", "rounds": rounds},
        "format": {"kind": "best_of", "sets": 1},
        "play": {"kind": "online", "stroke_clock": null, "grace_secs": grace_secs,
                 "next_round": "after_last_game"},
        "open_entry": open_entry,
    })
}

fn games(p: &Person, id: &str) -> Vec<Value> {
    let (status, g) = json_answer(p.get(&format!("/api/competitions/{id}/games")));
    assert_eq!(status, 200, "{g}");
    g.as_array().unwrap().clone()
}

/// The person (of `people`, by person id) who holds `side` of `game`.
fn holder<'a>(people: &'a [(String, Person<'a>)], game: &Value, side: usize) -> &'a Person<'a> {
    let id = game["people"][side].as_str().unwrap();
    &people.iter().find(|(p, _)| p == id).expect("an entrant").1
}

/// Opens the game's socket as `p`, past its first state.
fn open(p: &Person, game: &str) -> Socket {
    open_with_state(p, game).0
}

/// Opens the game's socket as `p`; the socket and the game's state.
fn open_with_state(p: &Person, game: &str) -> (Socket, Value) {
    let mut ws = p.socket(game);
    // "hello" is what a page says when it opens a game: the player is
    // there from then on.
    ws.send(&json!({"type": "hello"}));
    let first = ws.next_reply();
    assert_eq!(first["type"], "state", "{first}");
    let state = first.get("state").cloned().unwrap_or(first);
    (ws, state)
}

/// Plays the one-set match of `game` to its end with real strokes, each
/// sent from the socket of the player to stroke; the last state.
fn play_out(first: &mut Socket, second: &mut Socket) -> Value {
    let mut local: Game = mirror(ONE_SET);
    let mut last = Value::Null;
    let mut event = 0u64;
    while !local.is_over() {
        let seat: Seat = local.set().seat_to_play();
        let player = local.progress().player_at(seat).unwrap().index();
        let s = choose(&local, event);
        let ws = if player == 0 {
            &mut *first
        } else {
            &mut *second
        };
        ws.send(&stroke_request(event, seat, &s));
        for ws in [&mut *first, &mut *second] {
            last = ws.next_reply();
            assert_eq!(last["type"], "stroke", "{last}");
        }
        local.play(seat, &s).unwrap();
        event += 1;
        assert!(event < 2000, "the set never ended");
    }
    last["state"].clone()
}

/// The seat of player `k` in a game's state.
fn seat_of(state: &Value, k: usize) -> Value {
    state["players"][k]["seat"].clone()
}

/// Reads the live stream until the competition has `rounds` rounds
/// paired (a `competition` event), returning it; every `result` event on
/// the way is collected into `results`.
fn until_rounds(live: &mut Live, rounds: usize, results: &mut Vec<Value>) -> Value {
    loop {
        let (name, data) = live.next();
        match name.as_str() {
            "result" => results.push(data),
            "competition" if data["rounds"].as_array().unwrap().len() == rounds => return data,
            _ => {}
        }
    }
}

/// Reads the live stream until `results` holds `n` `result` events
/// (those read before count), collecting each.
fn until_results(live: &mut Live, n: usize, results: &mut Vec<Value>) {
    while results.len() < n {
        let (name, data) = live.next();
        if name == "result" {
            results.push(data);
        }
    }
}

#[test]
fn an_online_swiss_is_played_on_the_server_round_after_round() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register("online_org", "a long password");
    let names = ["anna_o", "bruno_o", "chris_o", "dace_o"];
    let people: Vec<(String, Person)> = names
        .iter()
        .map(|n| {
            let p = server.person();
            p.register(n, "a long password");
            (p.id(), p)
        })
        .collect();
    let stranger = server.person();
    stranger.register("eve_o", "a long password");
    let anonymous = server.person();

    // A stroke clock games here do not have is refused at once.
    let mut bad = online_swiss("Bad", 2, 600, true);
    bad["play"]["stroke_clock"] = json!(7);
    let (status, refused) = json_answer(organiser.post("/api/competitions", &bad.to_string()));
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_setup")),
        "{refused}"
    );

    let (status, c) = json_answer(organiser.post(
        "/api/competitions",
        &online_swiss("Online Open", 2, 600, true).to_string(),
    ));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    let enter = |p: &Person, body: Value| {
        json_answer(p.post(&format!("/api/competitions/{id}/enter"), &body.to_string()))
    };

    // Only a person with an account enters; each once.
    let (status, refused) = enter(&anonymous, json!({}));
    assert_eq!(
        (status, refused["code"].as_str()),
        (401, Some("not_signed_in")),
        "{refused}"
    );
    for (_, p) in &people {
        let (status, c) = enter(p, json!({}));
        assert_eq!(status, 200, "{c}");
    }
    let (status, refused) = enter(&people[0].1, json!({}));
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"]["code"], "entered_twice", "{refused}");
    // Nobody else puts a person on an entry: not even the organiser.
    let (status, refused) = json_answer(
        organiser.post(
            &format!("/api/competitions/{id}/changes"),
            &json!({"change": "enter", "entry": {"name": "Eve", "club": null, "licence": null,
                "category": null, "birth_year": null, "rating": null, "person": people[0].0}})
            .to_string(),
        ),
    );
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_message")),
        "{refused}"
    );
    // An online competition enters people with accounts only.
    let (status, refused) = json_answer(
        organiser.post(
            &format!("/api/competitions/{id}/changes"),
            &json!({"change": "enter", "entry": {"name": "Walk-in", "club": null, "licence": null,
                "category": null, "birth_year": null, "rating": null}})
            .to_string(),
        ),
    );
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"]["code"], "not_a_person", "{refused}");

    let watcher = server.person();
    let mut live = Live::follow(&server, &watcher, &format!("/api/competitions/{id}/live"));
    let (_, first) = live.next();
    assert_eq!(first["entrants"].as_array().unwrap().len(), 4);

    let (status, c) = json_answer(organiser.post(
        &format!("/api/competitions/{id}/changes"),
        &json!({"change": "pair_next", "round": 1}).to_string(),
    ));
    assert_eq!(status, 200, "{c}");
    // Self-entry closes with the first round.
    let (status, refused) = enter(&stranger, json!({}));
    assert_eq!(
        refused["refusal"]["code"], "entry_not_open",
        "{status} {refused}"
    );

    // A game per board, its seats the board's entrants', first breaks
    // first.
    let round1 = games(&watcher, &id);
    assert_eq!(round1.len(), 2, "{round1:?}");
    let entrant_person = |e: u64| c["entrants"][e as usize - 1]["entry"]["person"].clone();
    for (k, g) in round1.iter().enumerate() {
        let b = &c["rounds"][0]["boards"][k];
        assert_eq!(g["round"], 1);
        assert_eq!(g["board"], k + 1);
        assert_eq!(g["people"][0], entrant_person(b["first"].as_u64().unwrap()));
        assert_eq!(
            g["people"][1],
            entrant_person(b["second"].as_u64().unwrap())
        );
        let game = g["game"].as_str().unwrap();
        let (status, state) = json_answer(watcher.get(&format!("/api/games/{game}")));
        assert_eq!(status, 200, "{state}");
        let (_, named) = json_answer(watcher.get(&format!("/api/games/{game}/competition")));
        assert_eq!(
            named,
            json!({"competition": id, "name": "Online Open", "round": 1, "board": k + 1})
        );
        assert_eq!(state["stroke_clock"], json!(null), "{state}");
        assert_eq!(
            state["match"]["format"],
            json!({"kind": "best_of", "sets": 1}),
            "{state}"
        );
    }

    // A seat is its holder's alone: a stranger's stroke is refused.
    let g1 = round1[0]["game"].as_str().unwrap().to_owned();
    let mut intruder = open(&stranger, &g1);
    let local = mirror(ONE_SET);
    intruder.send(&stroke_request(
        0,
        local.set().seat_to_play(),
        &choose(&local, 1),
    ));
    let refused = intruder.next_reply();
    assert_eq!(refused["type"], "error", "{refused}");
    assert!(
        matches!(
            refused["code"].as_str(),
            Some("not_a_player" | "not_your_seat")
        ),
        "{refused}"
    );
    drop(intruder);

    // The desk may not type a score for a game being played.
    let (status, refused) = json_answer(
        organiser.post(
            &format!("/api/competitions/{id}/changes"),
            &json!({"change": "result", "round": 1, "board": 1,
                "outcome": {"kind": "sets", "first": 1, "second": 0}})
            .to_string(),
        ),
    );
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["refusal"]["code"], "game_running", "{refused}");

    // Board 1 is played to its end by strokes; on board 2 the second
    // player resigns.
    let mut a = open(holder(&people, &round1[0], 0), &g1);
    let mut b = open(holder(&people, &round1[0], 1), &g1);
    let end = play_out(&mut a, &mut b);
    assert_eq!(end["match"]["over"], true, "{end}");
    let g2 = round1[1]["game"].as_str().unwrap().to_owned();
    let c1 = open(holder(&people, &round1[1], 0), &g2);
    let (mut d1, state) = open_with_state(holder(&people, &round1[1], 1), &g2);
    // A competition game is never called off by a player, not even
    // before anyone has stroked (its board would be left without a
    // result): the state says so, and the request is refused.
    assert_eq!(state["can_abort"], false, "{state}");
    d1.send(&json!({"type": "abort", "event": 0, "seat": seat_of(&state, 1)}));
    let refused = d1.next_reply();
    assert_eq!(
        (refused["type"].as_str(), refused["code"].as_str()),
        (Some("error"), Some("cannot_abort")),
        "{refused}"
    );
    d1.send(&json!({"type": "resign", "event": 0, "seat": seat_of(&state, 1)}));
    assert_eq!(d1.next_of("resigned")["event"], 1);

    // Both results land, and round 2 is paired by itself.
    let mut results = Vec::new();
    let after = until_rounds(&mut live, 2, &mut results);
    assert_eq!(results.len(), 2, "{results:?}");
    let r1 = &after["rounds"][0]["boards"];
    let winner_of_1 = end["match"]["winner"].as_u64().unwrap();
    assert_eq!(
        r1[0]["outcome"],
        if winner_of_1 == 0 {
            json!({"kind": "sets", "first": 1, "second": 0})
        } else {
            json!({"kind": "sets", "first": 0, "second": 1})
        }
    );
    assert_eq!(
        r1[1]["outcome"],
        json!({"kind": "sets", "first": 1, "second": 0})
    );
    let points: u32 = after["standings"]["rows"]
        .as_array()
        .map(|rows| {
            rows.iter()
                .map(|r| r["points"].as_f64().unwrap_or(0.0) as u32)
                .sum()
        })
        .unwrap_or(0);
    assert_eq!(points, 4, "two wins of 2 points: {}", after["standings"]);
    drop((a, b, c1, d1));

    // Its games are made just after the pairing is pushed, and the
    // competition is pushed again once they are.
    loop {
        let (name, data) = live.next();
        if name == "competition" && data["changes"] == after["changes"] {
            break;
        }
    }

    // Round 2's games, then a restart mid-round: the games are the same.
    let round2: Vec<Value> = games(&watcher, &id)
        .into_iter()
        .filter(|g| g["round"] == 2)
        .collect();
    assert_eq!(round2.len(), 2);
    let cookies: Vec<(String, String)> = people
        .iter()
        .map(|(pid, p)| (pid.clone(), p.cookie().unwrap()))
        .collect();
    drop(live);
    let server = server.restart();
    let people: Vec<(String, Person)> = cookies
        .iter()
        .map(|(pid, c)| (pid.clone(), server.person_with(c)))
        .collect();
    let watcher = server.person();
    let again: Vec<Value> = games(&watcher, &id)
        .into_iter()
        .filter(|g| g["round"] == 2)
        .collect();
    let ids = |v: &[Value]| v.iter().map(|g| g["game"].clone()).collect::<Vec<_>>();
    assert_eq!(ids(&again), ids(&round2), "the same games after a restart");
    let mut live = Live::follow(&server, &watcher, &format!("/api/competitions/{id}/live"));
    live.next();

    // Each first player resigns round 2: the competition is finished.
    for g in &again {
        let game = g["game"].as_str().unwrap();
        let (mut ws, state) = open_with_state(holder(&people, g, 0), game);
        let _other = open(holder(&people, g, 1), game);
        ws.send(&json!({"type": "resign", "event": 0, "seat": seat_of(&state, 0)}));
        assert_eq!(ws.next_of("resigned")["event"], 1);
    }
    let last = loop {
        let (name, data) = live.next();
        if data["finished"] == true {
            assert!(name == "result" || name == "competition", "{name}");
            break data;
        }
    };
    let (_, c) = json_answer(watcher.get(&format!("/api/competitions/{id}")));
    let boards = &c["competition"]["rounds"][1]["boards"];
    for b in boards.as_array().unwrap() {
        assert_eq!(
            b["outcome"],
            json!({"kind": "sets", "first": 0, "second": 1}),
            "{b}"
        );
    }
    assert_eq!(last["finished"], true);
}

#[test]
fn a_player_who_does_not_come_within_the_grace_loses_by_forfeit() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register("forfeit_org", "a long password");
    let names = ["ausma_f", "baiba_f", "cilda_f", "dagnija_f"];
    let people: Vec<(String, Person)> = names
        .iter()
        .map(|n| {
            let p = server.person();
            p.register(n, "a long password");
            (p.id(), p)
        })
        .collect();
    // Nobody enters themselves here: the organiser enters them by user
    // name, and a name nobody has is refused.
    let (status, c) = json_answer(organiser.post(
        "/api/competitions",
        &online_swiss("Quick grace", 1, 2, false).to_string(),
    ));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    let (status, refused) = json_answer(
        people[0]
            .1
            .post(&format!("/api/competitions/{id}/enter"), "{}"),
    );
    assert_eq!(
        refused["refusal"]["code"], "entry_not_open",
        "{status} {refused}"
    );
    let (status, refused) = json_answer(organiser.post(
        &format!("/api/competitions/{id}/enter"),
        &json!({"username": "nobody_here"}).to_string(),
    ));
    assert_eq!(
        (status, refused["code"].as_str()),
        (404, Some("unknown_username")),
        "{refused}"
    );
    for n in names {
        let (status, c) = json_answer(organiser.post(
            &format!("/api/competitions/{id}/enter"),
            &json!({"username": n}).to_string(),
        ));
        assert_eq!(status, 200, "{c}");
    }
    let watcher = server.person();
    let mut live = Live::follow(&server, &watcher, &format!("/api/competitions/{id}/live"));
    live.next();
    let (status, c) = json_answer(organiser.post(
        &format!("/api/competitions/{id}/changes"),
        &json!({"change": "pair_next", "round": 1}).to_string(),
    ));
    assert_eq!(status, 200, "{c}");
    let round = games(&watcher, &id);
    assert_eq!(round.len(), 2);
    // On board 1 only the second player comes; on board 2 nobody does.
    let _here = open(
        holder(&people, &round[0], 1),
        round[0]["game"].as_str().unwrap(),
    );
    let mut results = Vec::new();
    until_results(&mut live, 2, &mut results);
    results.sort_by_key(|r| r["board"].as_u64());
    assert_eq!(
        results[0]["outcome"],
        json!({"kind": "forfeit", "winner": "second"})
    );
    assert_eq!(results[1]["outcome"], json!({"kind": "both_absent"}));
    assert_eq!(results[1]["finished"], true);
    // Its file exports, but is not imported: its games and people are
    // this server's.
    let (status, file) = organiser.get(&format!("/api/competitions/{id}/competition.json"));
    assert_eq!(status, 200);
    let (status, refused) = json_answer(organiser.post("/api/competitions/import", &file));
    assert_eq!(
        (status, refused["code"].as_str()),
        (400, Some("bad_message")),
        "{refused}"
    );

    // The games are called off: nobody plays a decided board on.
    for g in &round {
        let game = g["game"].as_str().unwrap();
        let (_, state) = json_answer(watcher.get(&format!("/api/games/{game}")));
        assert!(
            state["abandoned"] == true || state["match"]["over"] == true,
            "{state}"
        );
    }
}

/// Now, ms since 1970, as the server counts it.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

/// Rounds at set times (`next_round: scheduled`): round 1 is paired by
/// the server at its time, even when the server was restarted (killed)
/// between the entries and that time; round 2 not when round 1 ends
/// early but at its own time; the finished competition is no longer
/// looked for. A first time already past, and an interval shorter than
/// the grace, are refused at creation.
#[test]
fn rounds_at_set_times_are_paired_when_their_time_comes() {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let db = server.data.join("novuss.sqlite3");
    let (id, starts, interval) = {
        let organiser = server.person();
        organiser.register("timed_org", "a long password");
        let people: Vec<Person> = ["ilze_t", "juris_t", "kaspars_t", "liene_t"]
            .iter()
            .map(|n| {
                let p = server.person();
                p.register(n, "a long password");
                p
            })
            .collect();
        let timed = |starts_ms: i64, interval_secs: u32| {
            let mut s = online_swiss("At set times", 2, 1, true);
            s["play"]["next_round"] =
                json!({"scheduled": {"starts_ms": starts_ms, "interval_secs": interval_secs}});
            s
        };
        // Refused at creation: a first round already past; rounds closer
        // than the grace.
        let (status, refused) = json_answer(organiser.post(
            "/api/competitions",
            &timed(now_ms() - 3_600_000, 60).to_string(),
        ));
        assert_eq!(
            (status, refused["code"].as_str()),
            (400, Some("bad_setup")),
            "{refused}"
        );
        let mut close = timed(now_ms() + 60_000, 30);
        close["play"]["grace_secs"] = json!(60);
        let (status, refused) =
            json_answer(organiser.post("/api/competitions", &close.to_string()));
        assert_eq!(status, 400, "{refused}");
        assert_eq!(
            refused["refusal"],
            json!({"code": "schedule", "interval_secs": 30, "least": 60})
        );

        let (starts, interval) = (now_ms() + 3_000, 3);
        let (status, c) =
            json_answer(organiser.post("/api/competitions", &timed(starts, interval).to_string()));
        assert_eq!(status, 201, "{c}");
        let id = c["id"].as_str().unwrap().to_owned();
        for p in &people {
            let (status, c) = json_answer(p.post(&format!("/api/competitions/{id}/enter"), "{}"));
            assert_eq!(status, 200, "{c}");
            assert!(c["rounds"].as_array().unwrap().is_empty());
        }
        (id, starts, interval)
    };
    // Killed before round 1's time: the next server finds the competition
    // by the store and pairs it then.
    let server = server.restart();
    let watcher = server.person();
    let mut live = Live::follow(&server, &watcher, &format!("/api/competitions/{id}/live"));
    let mut results = Vec::new();
    let c = until_rounds(&mut live, 1, &mut results);
    assert!(now_ms() >= starts, "round 1 paired before its time");
    assert_eq!(c["rounds"][0]["boards"].as_array().unwrap().len(), 2);
    let changes_by_server = db::count(
        &db,
        &format!(
            "SELECT COUNT(*) FROM competition_changes WHERE competition_id = '{id}' AND person_id = '{}'",
            "0".repeat(32)
        ),
    );
    assert_eq!(
        changes_by_server, 1,
        "the pairing is stored as the server's"
    );
    // Nobody opens a game: both boards are lost by both after the grace,
    // and round 1 is over before round 2's time.
    let due2 = starts + i64::from(interval) * 1000;
    until_results(&mut live, 2, &mut results);
    if now_ms() < due2 - 500 {
        let (_, now) = json_answer(watcher.get(&format!("/api/competitions/{id}")));
        assert_eq!(
            now["competition"]["rounds"].as_array().unwrap().len(),
            1,
            "round 2 waits for its time"
        );
    }
    let c = until_rounds(&mut live, 2, &mut results);
    assert!(now_ms() >= due2, "round 2 paired before its time");
    assert_eq!(c["rounds"][1]["number"], 2);
    // Its games forfeited too: finished, and no longer looked for.
    until_results(&mut live, 4, &mut results);
    assert_eq!(results[3]["finished"], true);
    let open = |db: &std::path::Path| {
        db::count(
            db,
            &format!("SELECT COUNT(*) FROM competitions WHERE id = '{id}' AND online_open = 1"),
        )
    };
    // Marked once the last result is stored (after it was pushed).
    for _ in 0..100 {
        if open(&db) == 0 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(open(&db), 0);
}

/// How a board is played in [`run_online`]: which side wins it, and
/// whether by play (both open the game, the other resigns) or by forfeit
/// (only the winner opens it, and the other loses after the grace).
#[derive(Clone, Copy)]
struct Way {
    winner: usize,
    played: bool,
}

/// Who is decided how, given the round, the board's two entrants (first
/// named first) and each entrant's losses so far.
type Decide<'a> = &'a dyn Fn(u64, [u64; 2], &BTreeMap<u64, u32>) -> Way;

/// A finished online competition as [`run_online`] leaves it.
struct Run {
    /// The competition as a follower holds it at the end.
    competition: Value,
    /// How many rounds were paired (the first by the organiser, every
    /// later one by the server).
    rounds: u64,
    /// Each entrant's matches lost, by entrant number.
    losses: BTreeMap<u64, u32>,
}

/// The side (0: first named, 1: second) that lost a board of `outcome`;
/// both for a board both lost.
fn losers(outcome: &Value) -> Vec<usize> {
    match outcome["kind"].as_str() {
        Some("forfeit") if outcome["winner"] == "first" => vec![1],
        Some("forfeit") => vec![0],
        Some("both_absent") => vec![0, 1],
        Some("sets") if outcome["first"].as_u64() > outcome["second"].as_u64() => vec![1],
        Some("sets") if outcome["first"].as_u64() < outcome["second"].as_u64() => vec![0],
        _ => Vec::new(),
    }
}

/// Runs an online competition of `system` between `n` people to its end:
/// the organiser pairs round 1, the server every later round by itself.
/// Every board of every round is played as `decide` says, and its result
/// must be what that play gives: the played ones won by the sets the
/// winner needed (the loser resigned), the others won by forfeit after
/// the one-second grace. Every board gets its own game, every game its
/// result.
fn run_online(tag: &str, system: Value, n: usize, decide: Decide) -> Run {
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let organiser = server.person();
    organiser.register(&format!("{tag}_org"), "a long password");
    let people: Vec<(String, Person)> = ["a", "b", "c", "d", "e", "f", "g", "h"][..n]
        .iter()
        .map(|s| {
            let p = server.person();
            p.register(&format!("{tag}_{s}"), "a long password");
            (p.id(), p)
        })
        .collect();
    let mut setup = online_swiss(tag, 1, 1, true);
    setup["system"] = system;
    let (status, c) = json_answer(organiser.post("/api/competitions", &setup.to_string()));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    for (_, p) in &people {
        let (status, c) = json_answer(p.post(&format!("/api/competitions/{id}/enter"), "{}"));
        assert_eq!(status, 200, "{c}");
    }
    let watcher = server.person();
    let mut live = Live::follow(&server, &watcher, &format!("/api/competitions/{id}/live"));
    live.next();
    let (status, mut c) = json_answer(organiser.post(
        &format!("/api/competitions/{id}/changes"),
        &json!({"change": "pair_next", "round": 1}).to_string(),
    ));
    assert_eq!(status, 200, "{c}");
    let mut losses: BTreeMap<u64, u32> = (1..=n as u64).map(|e| (e, 0)).collect();
    let mut round = 1u64;
    loop {
        let boards = c["rounds"][round as usize - 1]["boards"]
            .as_array()
            .unwrap()
            .clone();
        let sides = |b: &Value| [b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap()];
        let open_boards = boards.iter().filter(|b| b["outcome"].is_null()).count();
        assert!(open_boards > 0, "round {round} has a board to play: {c}");
        // A board's row is written before its game is made.
        let round_games = || -> Vec<Value> {
            games(&watcher, &id)
                .into_iter()
                .filter(|g| g["round"] == round)
                .filter(|g| {
                    watcher
                        .get(&format!("/api/games/{}", g["game"].as_str().unwrap()))
                        .0
                        == 200
                })
                .collect()
        };
        // The pairing is pushed before its games are made; the page is
        // told again once they are (a `competition` event).
        let mut heard = Vec::new();
        let mut made = round_games();
        while made.len() < open_boards {
            heard.push(live.next());
            made = round_games();
        }
        assert_eq!(
            made.len(),
            open_boards,
            "round {round}: a game per open board"
        );
        let mut expected = BTreeMap::new();
        let mut here: Vec<Socket> = Vec::new();
        for g in &made {
            let board = &boards[g["board"].as_u64().unwrap() as usize - 1];
            assert!(
                board["outcome"].is_null(),
                "a game for a decided board: {g}"
            );
            let who = sides(board);
            let people_of = |e: u64| c["entrants"][e as usize - 1]["entry"]["person"].clone();
            assert_eq!(
                [g["people"][0].clone(), g["people"][1].clone()],
                who.map(people_of)
            );
            let way = decide(round, who, &losses);
            let game = g["game"].as_str().unwrap();
            let winner = if way.winner == 0 { "first" } else { "second" };
            let outcome = if way.played {
                let loser = 1 - way.winner;
                here.push(open(holder(&people, g, way.winner), game));
                let (mut ws, state) = open_with_state(holder(&people, g, loser), game);
                ws.send(&json!({"type": "resign", "event": 0, "seat": seat_of(&state, loser)}));
                assert_eq!(ws.next_of("resigned")["event"], 1);
                here.push(ws);
                if way.winner == 0 {
                    json!({"kind": "sets", "first": 1, "second": 0})
                } else {
                    json!({"kind": "sets", "first": 0, "second": 1})
                }
            } else {
                here.push(open(holder(&people, g, way.winner), game));
                json!({"kind": "forfeit", "winner": winner})
            };
            expected.insert(g["board"].as_u64().unwrap(), outcome);
        }
        let mut taken = 0;
        while taken < open_boards {
            let (name, data) = if heard.is_empty() {
                live.next()
            } else {
                heard.remove(0)
            };
            if name != "result" || data["round"] != round {
                continue;
            }
            let board = data["board"].as_u64().unwrap();
            assert_eq!(
                data["outcome"], expected[&board],
                "round {round} board {board}"
            );
            let who = sides(&boards[board as usize - 1]);
            for side in losers(&data["outcome"]) {
                *losses.get_mut(&who[side]).unwrap() += 1;
            }
            taken += 1;
            if data["finished"] == true {
                assert_eq!(taken, open_boards, "finished with a board unplayed");
                let (_, page) = json_answer(watcher.get(&format!("/api/competitions/{id}")));
                let competition = page["competition"].clone();
                // Every board was played online: each its own game, each
                // game's result taken; none decided otherwise.
                let all = games(&watcher, &id);
                let boards: usize = competition["rounds"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|r| r["boards"].as_array().unwrap().len())
                    .sum();
                assert_eq!(all.len(), boards, "a game per board");
                assert!(all.iter().all(|g| g["settled"] == true), "{all:?}");
                return Run {
                    competition,
                    rounds: round,
                    losses,
                };
            }
        }
        drop(here);
        round += 1;
        c = until_rounds(&mut live, round as usize, &mut Vec::new());
    }
}

/// The first-named of every board comes, the other does not: every board
/// is won by forfeit by its first-named.
fn first_comes(_: u64, _: [u64; 2], _: &BTreeMap<u64, u32>) -> Way {
    Way {
        winner: 0,
        played: false,
    }
}

/// Runs an online competition of `system` between four people to its
/// end, every board won by forfeit by its first-named (only they open
/// their games). Returns the finished competition as a follower holds
/// it, and how many rounds were paired.
fn run_by_forfeits(tag: &str, system: Value) -> (Value, u64) {
    let run = run_online(tag, system, 4, &first_comes);
    (run.competition, run.rounds)
}

/// The round robin and the knock-out played on this server, not only the
/// Swiss: every round after the first is paired by the server when the
/// last game of the one before ends.
#[test]
fn a_round_robin_and_a_knockout_go_on_by_themselves_online() {
    let (rr, rounds) = run_by_forfeits(
        "rr_online",
        json!({"kind": "round_robin", "cycles": "single"}),
    );
    assert_eq!(rounds, 3, "four players meet in three rounds");
    assert_eq!(rr["finished"], true);
    // Everyone met everyone once.
    let mut met = std::collections::BTreeSet::new();
    for r in rr["rounds"].as_array().unwrap() {
        for b in r["boards"].as_array().unwrap() {
            let (x, y) = (b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap());
            assert!(met.insert((x.min(y), x.max(y))), "{x}-{y} met twice");
        }
    }
    assert_eq!(met.len(), 6);

    let (ko, rounds) = run_by_forfeits(
        "ko_online",
        json!({"kind": "knockout", "third_place": false}),
    );
    assert_eq!(rounds, 2, "semi-finals, then the final");
    assert_eq!(ko["finished"], true);
    let final_board = &ko["rounds"][1]["boards"][0];
    assert_eq!(
        ko["standings"]["rows"][0]["entrant"], final_board["first"],
        "the final's first-named, who came, won it: {}",
        ko["standings"]
    );
}

/// The lower entrant number wins every board.
fn lower_side(who: [u64; 2]) -> usize {
    usize::from(who[1] < who[0])
}

/// The entrants of `c`'s standings, best first.
fn placed(c: &Value) -> Vec<u64> {
    c["standings"]["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["entrant"].as_u64().unwrap())
        .collect()
}

/// The grand final and its reset, as the bracket shows them.
fn finals(c: &Value) -> Vec<Value> {
    c["bracket"]["ties"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["part"] == "final")
        .cloned()
        .collect()
}

/// A double elimination played on this server to its end, the losers'
/// bracket's winner taking the first grand final so that the reset is
/// played: whoever has lost more wins each board (the lower number when
/// both have lost as often). The reset itself is played, and resigned.
#[test]
fn a_double_elimination_with_its_reset_goes_on_by_itself_online() {
    let decide = |round: u64, who: [u64; 2], losses: &BTreeMap<u64, u32>| {
        let (a, b) = (losses[&who[0]], losses[&who[1]]);
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => 0,
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Equal => lower_side(who),
        };
        Way {
            winner,
            played: round == 5,
        }
    };
    let run = run_online(
        "de_reset",
        json!({"kind": "double_elimination", "reset": true}),
        4,
        &decide,
    );
    let c = &run.competition;
    // Winners' round 1; the winners' final beside the losers' first
    // round; the losers' final; the grand final; its reset.
    assert_eq!(run.rounds, 5, "{c}");
    assert_eq!(c["finished"], true);
    let f = finals(c);
    assert_eq!(f.len(), 2, "the grand final and its reset: {f:?}");
    // Entrant 1 won the winners' bracket, lost the first final to 2 (the
    // losers' bracket's winner), and won the reset.
    assert_eq!(f[0]["winner"], 2, "{f:?}");
    assert_eq!(f[1]["winner"], 1, "{f:?}");
    assert_eq!(
        (f[0]["round"].clone(), f[1]["round"].clone()),
        (json!(4), json!(5))
    );
    assert_eq!(placed(c)[..3], [1, 2, 3], "{}", c["standings"]);
    // Nobody is out before a second loss; the champion lost once.
    assert_eq!(run.losses, BTreeMap::from([(1, 1), (2, 2), (3, 2), (4, 2)]));
}

/// A double elimination of five played on this server: three seeds wait
/// out the first round with a bye, the lower number wins every board
/// (round 1's played, the others by forfeit), so the winners' champion
/// wins the grand final and the reset is not played.
#[test]
fn a_double_elimination_of_five_with_byes_and_no_reset_online() {
    let decide = |round: u64, who: [u64; 2], _: &BTreeMap<u64, u32>| Way {
        winner: lower_side(who),
        played: round == 1,
    };
    let run = run_online(
        "de_five",
        json!({"kind": "double_elimination", "reset": true}),
        5,
        &decide,
    );
    let c = &run.competition;
    assert_eq!(c["finished"], true);
    assert_eq!(c["bracket"]["byes"], json!([1, 2, 3]), "{}", c["bracket"]);
    assert_eq!(c["rounds"][0]["boards"].as_array().unwrap().len(), 1);
    let f = finals(c);
    assert_eq!(f[0]["winner"], 1, "{f:?}");
    // The reset is not needed: nobody to meet there, no board, and no
    // round for it.
    assert_eq!(f.len(), 2, "{f:?}");
    assert_eq!(f[1]["b"]["kind"], "nobody", "{f:?}");
    assert!(f[1]["board"].is_null(), "{f:?}");
    assert_eq!(run.rounds, f[0]["round"].as_u64().unwrap());
    assert_eq!(c["round_count"].as_u64(), Some(run.rounds));
    assert_eq!(placed(c)[0], 1, "{}", c["standings"]);
    assert_eq!(
        run.losses,
        BTreeMap::from([(1, 0), (2, 2), (3, 2), (4, 2), (5, 2)])
    );
}

/// Groups then knock-out played on this server: two groups of three by
/// the snake (1, 4, 5 and 2, 3, 6), each a round robin of three rounds
/// with a bye each; when the last group game ends the server draws the
/// knock-out (each group's winner against the other's runner-up) and
/// pairs it, then the final. The lower number wins every board; the
/// final is played.
#[test]
fn groups_then_a_knockout_go_on_by_themselves_online() {
    let decide = |round: u64, who: [u64; 2], _: &BTreeMap<u64, u32>| Way {
        winner: lower_side(who),
        played: round == 5,
    };
    let run = run_online(
        "groups_online",
        json!({"kind": "groups_then_knockout", "groups": 2, "cycles": "single", "third_place": false}),
        6,
        &decide,
    );
    let c = &run.competition;
    assert_eq!(c["finished"], true);
    assert_eq!(
        run.rounds, 5,
        "three group rounds, the semi-finals, the final"
    );
    let groups: Vec<Value> = c["groups"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["entrants"].clone())
        .collect();
    assert_eq!(groups, [json!([1, 4, 5]), json!([2, 3, 6])]);
    let pairs = |r: usize| -> Vec<[u64; 2]> {
        c["rounds"][r]["boards"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                let (x, y) = (b["first"].as_u64().unwrap(), b["second"].as_u64().unwrap());
                [x.min(y), x.max(y)]
            })
            .collect()
    };
    // The cross, drawn by the server from the groups' tables.
    let mut cross = pairs(3);
    cross.sort();
    assert_eq!(cross, [[1, 3], [2, 4]]);
    assert_eq!(pairs(4), [[1, 2]]);
    assert_eq!(placed(c)[..2], [1, 2], "{}", c["standings"]);
    assert_eq!(
        run.losses,
        BTreeMap::from([(1, 0), (2, 1), (3, 2), (4, 2), (5, 2), (6, 2)])
    );
}

/// A board's game made late: its row was written and the server stopped
/// before the game was made (forced here by the test: the row is pointed,
/// behind the stopped server's back, at a game id that has no game, its
/// deadline an hour past). The next server makes the game with a fresh
/// grace from then, stored (a further restart keeps it): the players are
/// not forfeited as the game appears, the one who comes within the fresh
/// grace is here, and the other loses by forfeit once it has run out.
#[test]
fn a_game_made_late_gets_a_fresh_grace() {
    const GRACE_SECS: i64 = 6;
    let dir = data_dir();
    let server = Running::start(&path(&dir));
    let db = server.data.join("novuss.sqlite3");
    let organiser = server.person();
    organiser.register("late_org", "a long password");
    let people: Vec<(String, Person)> = ["late_a", "late_b"]
        .iter()
        .map(|n| {
            let p = server.person();
            p.register(n, "a long password");
            (p.id(), p)
        })
        .collect();
    let (status, c) = json_answer(organiser.post(
        "/api/competitions",
        &online_swiss("Made late", 1, GRACE_SECS as u32, true).to_string(),
    ));
    assert_eq!(status, 201, "{c}");
    let id = c["id"].as_str().unwrap().to_owned();
    for (_, p) in &people {
        let (status, c) = json_answer(p.post(&format!("/api/competitions/{id}/enter"), "{}"));
        assert_eq!(status, 200, "{c}");
    }
    let (status, c) = json_answer(organiser.post(
        &format!("/api/competitions/{id}/changes"),
        &json!({"change": "pair_next", "round": 1}).to_string(),
    ));
    assert_eq!(status, 200, "{c}");
    let made = games(&server.person(), &id);
    assert_eq!(made.len(), 1);
    let made_first = made[0]["game"].as_str().unwrap().to_owned();
    let cookies: Vec<(String, String)> = people
        .iter()
        .map(|(pid, p)| (pid.clone(), p.cookie().unwrap()))
        .collect();
    drop(people);
    server.kill();

    // As a server that wrote the row an hour ago and stopped before it
    // made the game leaves it.
    let late: String = made_first.chars().rev().collect();
    let hour_ago = now_ms() - 3_600_000;
    db::execute(
        &db,
        &format!(
            "UPDATE competition_games SET game_id = $1, created_ms = {hour_ago}, deadline_ms = {} WHERE game_id = $2",
            hour_ago + GRACE_SECS * 1000
        ),
        &[&late, &made_first],
    );
    let before = now_ms();
    let server = Running::start(&path(&dir));
    let watcher = server.person();
    // Made by the server as it starts, with a fresh grace from then.
    let mut tries = 0;
    while watcher.get(&format!("/api/games/{late}")).0 != 200 {
        tries += 1;
        assert!(tries < 200, "the game was never made");
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let row = games(&watcher, &id)[0].clone();
    assert_eq!(row["game"], late.as_str(), "{row}");
    let fresh = row["deadline_ms"].as_i64().unwrap();
    assert!(
        fresh >= before + GRACE_SECS * 1000,
        "a fresh grace from when the game is made: {row}"
    );
    assert_eq!(row["settled"], false, "{row}");

    // Stored: a restart keeps that deadline, and makes no other game.
    let server = server.restart();
    let people: Vec<(String, Person)> = cookies
        .iter()
        .map(|(pid, c)| (pid.clone(), server.person_with(c)))
        .collect();
    let watcher = server.person();
    let again = games(&watcher, &id);
    assert_eq!(again.len(), 1);
    assert_eq!(again[0]["game"], late.as_str());
    assert_eq!(again[0]["deadline_ms"], fresh, "{}", again[0]);
    let (_, page) = json_answer(watcher.get(&format!("/api/competitions/{id}")));
    assert!(
        page["competition"]["rounds"][0]["boards"][0]["outcome"].is_null(),
        "nobody forfeited by the old deadline: {page}"
    );

    // The first-named comes within the fresh grace, the other does not:
    // the first wins by forfeit, once the fresh grace has run out.
    let mut live = Live::follow(&server, &watcher, &format!("/api/competitions/{id}/live"));
    live.next();
    let _here = open(holder(&people, &again[0], 0), &late);
    let mut results = Vec::new();
    until_results(&mut live, 1, &mut results);
    assert!(
        now_ms() >= fresh,
        "forfeited before the fresh grace ran out"
    );
    assert_eq!(
        results[0]["outcome"],
        json!({"kind": "forfeit", "winner": "first"}),
        "{}",
        results[0]
    );
    assert_eq!(results[0]["finished"], true);
    let row = games(&watcher, &id)[0].clone();
    assert_eq!(
        (row["here"].clone(), row["settled"].clone()),
        (json!([true, false]), json!(true))
    );
}
