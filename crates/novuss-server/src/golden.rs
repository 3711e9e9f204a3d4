//! The protocol's golden file, `tests/golden/protocol.json` (workspace
//! root): one real example of every message the server sends on a game's
//! WebSocket, made by the server's own code from real games (a room played
//! here, in memory), and one of every request a client sends, each parsed
//! by the server's own request type. The page's side reads the same file
//! (tests/browser/protocol.mjs): every message must be one the page knows,
//! and every field its JSDoc types (web/shared/protocol.js) say it reads
//! must be one the server sends.
//!
//! Regenerate it, after a change of the protocol that is meant, with
//!
//! NOVUSS_REGEN_GOLDEN=1 cargo test -p novuss-server --lib golden
//!
//! and read the diff.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde_json::{json, Value};

use crate::error::{Code, Failure};
use crate::game::clock::Timing;
use crate::game::room::tests::testing::gentle;
use crate::game::room::Play;
use crate::game::room::Room;
use crate::ids::{GameId, PersonId};
use crate::offers::{Offer, OfferKind};
use crate::people::seats::{SeatRating, Seats};
use crate::store::SeatRow;
use crate::wire::chat::{self, Line, Said, Settings};
use crate::wire::http::games::NewGame;
use crate::wire::state::LevelName;
use crate::wire::ws_in::Claimed;
use crate::wire::ws_out::{Event, Notice};

const REGEN: &str = "NOVUSS_REGEN_GOLDEN=1 cargo test -p novuss-server --lib golden";

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden/protocol.json")
}

/// A singles game between two people at their own screens (or, with
/// `computer`, a person against the computer), from its set-up request.
fn room(extra: Value, computer: bool) -> Room {
    let mut request = json!({
        "format": "singles", "profile": "lnf-2017", "sets": 3, "casual": true,
        "players": [{"kind": "human", "name": "Anna"}, if computer { json!({"kind": "computer", "level": "club"}) } else { json!({"kind": "human", "name": "Bruno"}) }],
    });
    if let (Some(r), Some(e)) = (request.as_object_mut(), extra.as_object()) {
        r.extend(e.clone());
    }
    let new: NewGame = serde_json::from_value(request).expect("a set-up the server accepts");
    let mut room = Room::new(
        GameId::parse("3f2a9c0e1b7d4a6f8e5c2b1a0d9f8e7c").expect("an id"),
        1_764_000_000,
        new.setup().expect("set up"),
    )
    .expect("a new room");
    let (a, b) = people();
    let row = |player, person: &PersonId| SeatRow {
        player: PlayerId(player),
        person: Some(person.clone()),
        invite_hash: None,
    };
    let rows = if computer {
        vec![row(0, &a)]
    } else {
        vec![row(0, &a), row(1, &b)]
    };
    *room.seats_mut() = Seats::new([false, computer], &rows);
    room
}

/// Anna and Bruno, with fixed ids so that the file changes only when the
/// protocol does.
fn people() -> (PersonId, PersonId) {
    (
        PersonId::parse("5c33810e966ab74095eec172b355c734").expect("an id"),
        PersonId::parse("a1b2c3d4e5f60718293a4b5c6d7e8f90").expect("an id"),
    )
}

fn parsed(text: &Arc<str>) -> Value {
    serde_json::from_str(text).expect("the server's messages are JSON")
}

/// One example or more of every message, by type.
fn messages() -> BTreeMap<String, Vec<Value>> {
    let mut out: BTreeMap<String, Vec<Value>> = BTreeMap::new();
    let mut keep = |text: Arc<str>| {
        let v = parsed(&text);
        let kind = v["type"]
            .as_str()
            .expect("every message has a type")
            .to_owned();
        out.entry(kind).or_default().push(v);
    };
    let timing = Timing::DEFAULT;

    // Between people, with a stroke clock: a stroke, its take-back offered
    // and made, clocks, seats, a claim.
    let mut people_room = room(json!({"stroke_clock": 30}), false);
    keep(people_room.state_message());
    keep(people_room.seats_message());
    let stroke = people_room
        .stroke(&gentle(&people_room))
        .expect("a legal stroke");
    keep(people_room.commit(stroke));
    let offer = people_room
        .make_offer(people_room.event(), Seat::South, OfferKind::TakeBack)
        .expect("Anna may ask to take back her stroke");
    people_room.keep_offer(offer);
    keep(people_room.offer_message().expect("an offer waits"));
    let back = people_room
        .take_back(people_room.event())
        .expect("taken back");
    keep(people_room.commit(back));
    keep(
        people_room
            .timers_message(people_room.turn_at() + 1_000, &timing)
            .expect("a stroke clock runs"),
    );
    let (a, b) = people();
    people_room.seats_mut().arrive(&a);
    keep(people_room.seats_message());
    let at = people_room.event();
    let timed_out = people_room
        .time_out(at, Seat::South, None)
        .expect("a time-out");
    keep(people_room.commit(timed_out));
    let claim = people_room
        .claim(
            people_room.event(),
            Seat::South,
            Seat::North,
            Claimed::Match,
            None,
        )
        .expect("a claim");
    keep(people_room.commit(claim));
    // Bruno was forgotten at his request: his seat keeps his id alone.
    people_room.forget(&b);
    keep(people_room.seats_message());
    keep(
        Notice::Answered {
            kind: OfferKind::Rematch,
            accepted: false,
            may: people_room.may(),
        }
        .text(),
    );
    keep(
        Notice::Offer {
            offer: Offer {
                kind: OfferKind::Rematch,
                player: PlayerId(1),
                seat: Seat::North,
                event: people_room.event(),
            },
            may: people_room.may(),
        }
        .text(),
    );
    keep(
        Notice::Rematch {
            id: "0d9f8e7c3f2a9c0e1b7d4a6f8e5c2b1a",
        }
        .text(),
    );
    keep(Notice::Watchers { count: 2 }.text());
    keep(
        Notice::Moving {
            event: 7,
            elapsed_ms: 1250,
        }
        .text(),
    );

    // A rated game between people: its state says so, and shows each
    // player's rating (Bruno's still provisional); once it is rated, the
    // `seats` message brings each one's change.
    let mut rated = room(
        json!({"casual": false, "rated": true, "players": [
            {"kind": "human", "name": "Anna"}, {"kind": "human", "invite": true}]}),
        false,
    );
    let (a, b) = people();
    let shown = |rating, provisional, change| SeatRating {
        rating,
        provisional,
        change,
    };
    rated.seats_mut().rate(&a, shown(1623, false, None));
    rated.seats_mut().rate(&b, shown(1500, true, None));
    keep(rated.state_message());
    rated.seats_mut().rate(&a, shown(1623, false, Some(-9)));
    rated.seats_mut().rate(&b, shown(1500, true, Some(41)));
    keep(rated.seats_message());

    // A six-set match (issue 32) that ends level: its state says the
    // format and, at the end, a drawn match. Each set is claimed from
    // the other player in turn (as stored claims are loaded: no clock).
    let mut six = room(
        json!({"sets": null, "match_format": {"kind": "sets", "sets": 6}}),
        false,
    );
    for k in 0..6 {
        if k > 0 {
            let next = six.next_set(six.event()).expect("the next set");
            six.commit(next);
        }
        let seat = |p: usize| six.game().progress().seat_of(PlayerId(p)).expect("seated");
        let (here, away) = (seat(k % 2), seat(1 - k % 2));
        let claim = six
            .claim(six.event(), here, away, Claimed::Set, None)
            .expect("a set claimed");
        let message = six.commit(claim);
        if k == 5 {
            keep(message);
        }
    }

    // A game nobody touched for the abandonment period.
    let mut gone = room(json!({}), true);
    let abandon = gone.abandon(0).expect("abandoned");
    keep(gone.commit(abandon));

    // Against the computer: an abort, a resignation, the next set, the
    // computer thinking, a hint.
    let mut alone = room(json!({}), true);
    let abort = alone
        .abort(0, Seat::South)
        .expect("called off before any stroke");
    keep(alone.commit(abort));
    let mut alone = room(json!({}), true);
    let resign = alone.resign(0, Seat::South).expect("resigned");
    keep(alone.commit(resign));
    let alone = room(json!({}), true);
    keep(
        Event::SetStarted {
            event: alone.event(),
            set_number: 2,
            state: alone.state(),
        }
        .text(),
    );
    keep(
        Notice::Thinking {
            event: alone.event(),
            seat: Seat::North,
            player: PlayerId(1),
        }
        .text(),
    );
    let set = alone.game().set().clone();
    let decision = novuss_ai::Player::new(novuss_ai::Level::Beginner, 7)
        .with_alternatives(1)
        .decide(&set, &alone.setup().physics)
        .expect("a hint");
    keep(
        Notice::Hint {
            event: alone.event(),
            seat: Seat::South,
            level: LevelName(novuss_ai::Level::Beginner),
            best: &decision.best,
            alternatives: &decision.alternatives,
        }
        .text(),
    );

    // A refusal, and the chat's own two.
    let refused = Failure::new(Code::NotYourTurn, "it is south's turn, not north's");
    keep(
        Notice::Error {
            code: refused.code,
            event: Some(4),
            detail: &refused.detail,
            error_id: None,
        }
        .text(),
    );
    // A failure of the server's own: the client gets the code, a fixed
    // sentence and the error id to quote (here a fixed one).
    keep(
        Notice::Error {
            code: Code::Storage,
            event: None,
            detail: "the database failed; nothing was stored (error 7f3a9c21 in the server's log)",
            error_id: Some("7f3a9c21"),
        }
        .text(),
    );
    let (a, b) = people();
    keep(
        Line {
            number: 1,
            at: 1_764_000_100,
            room: chat::Room::Players,
            person: a.clone(),
            name: Some("Anna".into()),
            player: Some(0),
            said: Said::Preset(chat::Preset::GoodLuck),
        }
        .message(),
    );
    keep(
        Line {
            number: 2,
            at: 1_764_000_160,
            room: chat::Room::Watchers,
            person: b,
            name: None,
            player: None,
            said: Said::Text("What a shot".into()),
        }
        .message(),
    );
    keep(
        Settings {
            free_text: true,
            creator: Some(a),
        }
        .message(),
    );
    keep(
        chat::Removed {
            numbers: vec![2, 5],
        }
        .message(),
    );
    out
}

/// One example of every request a client sends on a game's WebSocket.
pub(crate) fn requests() -> Vec<Value> {
    vec![
        json!({"type": "hello"}),
        json!({"type": "hello", "since": 12}),
        json!({"type": "stroke", "event": 3, "seat": "south", "striker": [0.5, 0.08], "direction": [0.0, 1.0], "speed": 2.5}),
        json!({"type": "take_back", "event": 4}),
        json!({"type": "next_set", "event": 20}),
        json!({"type": "resign", "event": 7, "seat": "north"}),
        json!({"type": "abort", "event": 0, "seat": "south"}),
        json!({"type": "hint", "event": 5}),
        json!({"type": "hint", "event": 5, "level": "expert"}),
        json!({"type": "claim", "event": 9, "seat": "south", "absent": "north", "what": "set"}),
        json!({"type": "bye"}),
        json!({"type": "offer", "event": 4, "seat": "south", "kind": "take_back"}),
        json!({"type": "answer", "kind": "rematch", "accept": true}),
        json!({"type": "chat", "preset": "good_luck"}),
        json!({"type": "chat", "text": "well played", "room": "watchers"}),
        json!({"type": "chat_settings", "free_text": false}),
    ]
}

/// Where each HTTP body's examples come from: its type on the page
/// (`web/shared/protocol.js`), the routes that send or read it, and the
/// server's type. The test [`every_http_body_is_named`] holds this list to
/// the types of `wire/http/`: a body added there fails until it is named
/// here, and then until the file has an example of it.
const ANSWERS: [(&str, &str, &str); 44] = [
    ("Health", "GET /api/health", "wire::http::server::Health"),
    ("Options", "GET /api/options", "wire::http::server::Options"),
    (
        "Me",
        "GET /api/me; POST /api/account/register, …/signin, …/signout, …/password",
        "wire::http::people::Me",
    ),
    ("Named", "POST /api/me", "wire::http::people::Named"),
    ("Created", "POST /api/games", "wire::http::games::Created"),
    (
        "GameSummary",
        "GET /api/games (a list of them)",
        "wire::http::games::Listed",
    ),
    (
        "State",
        "GET /api/games/{id}; POST /api/records",
        "wire::state::State",
    ),
    (
        "Joined",
        "POST /api/games/{id}/join",
        "wire::http::games::Joined",
    ),
    (
        "Invites",
        "POST /api/games/{id}/invites",
        "wire::http::games::Invites",
    ),
    (
        "Replay",
        "GET /api/games/{id}/replay",
        "game::replay::Replay",
    ),
    (
        "AnalysisAnswer",
        "POST /api/games/{id}/analysis",
        "game::analysis::Answer",
    ),
    (
        "AimAnswer",
        "POST /api/games/{id}/aim",
        "net::aim::AimAnswer",
    ),
    (
        "PlayerPage",
        "GET /api/players/{id}",
        "wire::http::ratings::PlayerPage",
    ),
    (
        "ResultsPage",
        "GET /api/players/{id}/results",
        "wire::http::ratings::ResultsPage",
    ),
    (
        "Leaderboard",
        "GET /api/leaderboard",
        "wire::http::ratings::Leaderboard",
    ),
    (
        "Lobby",
        "GET /api/lobby; the `lobby` event of GET /api/lobby/live",
        "wire::http::lobby::View",
    ),
    ("Quick", "POST /api/lobby/quick", "wire::http::lobby::Quick"),
    (
        "LobbySeated",
        "POST /api/lobby/challenges/{id}/accept",
        "wire::http::lobby::Seated",
    ),
    (
        "LobbyAccepted",
        "the `accepted` event of GET /api/lobby/live",
        "wire::http::lobby::Accepted",
    ),
    (
        "Competition",
        "POST /api/competitions, POST /api/competitions/{id}/changes; the `competition` event of GET /api/competitions/{id}/live",
        "wire::http::competitions::CompetitionView",
    ),
    (
        "CompetitionResult",
        "the `result` event of GET /api/competitions/{id}/live",
        "wire::http::competitions::ResultEntered",
    ),
    (
        "CompetitionPage",
        "GET /api/competitions/{id}",
        "wire::http::competitions::CompetitionPage",
    ),
    (
        "CompetitionSummary",
        "GET /api/competitions (a list of them)",
        "wire::http::competitions::ListedCompetition",
    ),
    (
        "Club",
        "GET /api/clubs/{name}",
        "wire::http::clubs::Club",
    ),
    (
        "PlayerCompetitions",
        "GET /api/players/{id}/competitions",
        "wire::http::player_competitions::PlayerCompetitions",
    ),
    (
        "EntriesImported",
        "POST /api/competitions/{id}/entries",
        "wire::http::competitions::EntriesImported",
    ),
    (
        "CompetitionFile",
        "GET /api/competitions/{id}/competition.json; the body of POST /api/competitions/import",
        "wire::http::competitions::CompetitionFile",
    ),
    (
        "Series",
        "POST /api/series, POST /api/series/{id}/stages; the `series` event of GET /api/series/{id}/live",
        "series::view::SeriesView",
    ),
    (
        "SeriesPage",
        "GET /api/series/{id}",
        "series::view::SeriesPage",
    ),
    (
        "SeriesSummary",
        "GET /api/series (a list of them)",
        "series::view::ListedSeries",
    ),
    (
        "TableView",
        "GET /api/tables/{link}, POST /api/tables/{link}",
        "wire::http::tables::TableView",
    ),
    (
        "TableCard",
        "GET /api/competitions/{id}/tables (a list of them)",
        "wire::http::tables::TableCard",
    ),
    (
        "RecordPage",
        "GET /api/competitions/{id}/record",
        "competitions::record::RecordPage",
    ),
    (
        "TableStepped",
        "the `table` event of GET /api/competitions/{id}/live",
        "wire::http::tables::TableStepped",
    ),
    (
        "TableRatings",
        "GET /api/ratings/tables",
        "table_ratings::wire::TableRatings",
    ),
    (
        "TablePlayer",
        "GET /api/ratings/tables/players/{id}, GET /api/ratings/tables/people/{person}",
        "table_ratings::wire::TablePlayer",
    ),
    ("MyData", "GET /api/me/data", "wire::http::my_data::MyData"),
    ("Reported", "POST /api/reports", "wire::http::moderation::Reported"),
    (
        "ReportQueue",
        "GET /api/admin/reports",
        "wire::http::moderation::ReportQueue",
    ),
    (
        "LogEntry",
        "POST /api/admin/actions, …/actions/{id}/undo",
        "wire::http::moderation::LogEntry",
    ),
    (
        "ModerationLog",
        "GET /api/admin/log",
        "wire::http::moderation::ModerationLog",
    ),
    (
        "PersonFile",
        "GET /api/admin/people/{id}",
        "wire::http::moderation::PersonFile",
    ),
    (
        "Blocks",
        "GET /api/blocks, POST /api/blocks, DELETE /api/blocks/{person}",
        "wire::http::moderation::Blocks",
    ),
    ("Failure", "every route's refusal", "error::Failure"),
];

/// The request bodies, as [`ANSWERS`] (`POST /api/account/signout` reads
/// none, and an upload is a record in the core's format, docs/formats.md).
const ASKED: [(&str, &str, &str); 19] = [
    ("NewGame", "POST /api/games", "wire::http::games::NewGame"),
    ("MeRequest", "POST /api/me", "wire::http::people::MeRequest"),
    (
        "JoinRequest",
        "POST /api/games/{id}/join",
        "wire::http::games::JoinRequest",
    ),
    (
        "Credentials",
        "POST /api/account/register, …/signin",
        "wire::http::accounts::Credentials",
    ),
    (
        "PasswordChange",
        "POST /api/account/password",
        "wire::http::accounts::PasswordChange",
    ),
    (
        "ForgetMe",
        "POST /api/me/forget",
        "wire::http::accounts::ForgetMe",
    ),
    (
        "ReportAsk",
        "POST /api/reports",
        "wire::http::moderation::ReportAsk",
    ),
    (
        "ActionAsk",
        "POST /api/admin/actions",
        "wire::http::moderation::ActionAsk",
    ),
    (
        "WhyAsk",
        "POST /api/admin/actions/{id}/undo, …/reports/{id}/close",
        "wire::http::moderation::WhyAsk",
    ),
    (
        "BlockAsk",
        "POST /api/blocks",
        "wire::http::moderation::BlockAsk",
    ),
    (
        "AnalysisRequest",
        "POST /api/games/{id}/analysis",
        "game::analysis::AnalysisRequest",
    ),
    (
        "AimRequest",
        "POST /api/games/{id}/aim",
        "net::aim::AimRequest",
    ),
    (
        "NewChallenge",
        "POST /api/lobby/challenges, POST /api/lobby/quick",
        "wire::http::lobby::NewChallenge",
    ),
    (
        "NewCompetition",
        "POST /api/competitions",
        "novuss_club::Setup",
    ),
    (
        "CompetitionChange",
        "POST /api/competitions/{id}/changes",
        "wire::http::competitions::Ask",
    ),
    (
        "TrfImport",
        "POST /api/competitions/import/trf",
        "wire::http::competitions::TrfImport",
    ),
    ("NewSeries", "POST /api/series", "series::SeriesSetup"),
    (
        "TableStep",
        "POST /api/tables/{link}",
        "wire::http::tables::TableAsk",
    ),
    (
        "SeriesStageChange",
        "POST /api/series/{id}/stages",
        "series::StageAsk",
    ),
];

/// The types of `wire/http/` that are parts of a body, not bodies: each
/// is checked inside the body that holds it.
const PARTS: [&str; 35] = [
    "Account",
    "Who",
    "GameOrigin",
    "Challenge",
    "LiveGame",
    "Invite",
    "PlayerSpec",
    "Password",
    "RatingShown",
    "ResultShown",
    "HistoryPoint",
    "Opponent",
    "GameShown",
    "Place",
    "FiledChange",
    "EnteredCompetition",
    "CompetitionStatus",
    "TeamAsk",
    "Contender",
    "MyPerson",
    "MyAccount",
    "MySession",
    "MyGame",
    "MyChatLine",
    "MyRating",
    "MyRatingChange",
    "MyCompetition",
    "MyTableRating",
    "ReportKind",
    "Reason",
    "ActionKind",
    "ReportView",
    "LineView",
    "StandingView",
    "BlockedView",
];

/// One example or more of every request body, each read by the server's
/// own type in [`every_http_request_is_understood`].
fn asked() -> BTreeMap<&'static str, Vec<Value>> {
    BTreeMap::from([
        (
            "NewGame",
            vec![
                json!({"format": "singles", "profile": "lnf-2017", "sets": 1, "players": [{"kind": "human", "name": "Anna"}, {"kind": "computer", "level": "club"}], "casual": true}),
                json!({"format": "singles", "profile": "lnf-2017", "sets": 3, "players": [{"kind": "human"}, {"kind": "human", "invite": true}], "casual": false, "public": true, "rated": true, "stroke_clock": 30}),
                json!({"format": "doubles", "profile": "koroona", "sets": 5, "players": [{"kind": "human", "name": "Anna"}, {"kind": "computer", "level": "novice", "name": "Robo"}, {"kind": "human"}, {"kind": "human"}]}),
                json!({"format": "singles", "profile": "lnf-2017", "match_format": {"kind": "sets", "sets": 6}, "players": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bruno"}]}),
            ],
        ),
        (
            "MeRequest",
            vec![json!({"name": "Anna"}), json!({"name": null})],
        ),
        (
            "JoinRequest",
            vec![
                json!({"invite": "3d4f6a8c0e1b2d3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f"}),
            ],
        ),
        (
            "Credentials",
            vec![json!({"username": "anna", "password": "correct horse"})],
        ),
        (
            "PasswordChange",
            vec![json!({"old": "correct horse", "new": "battery staple"})],
        ),
        (
            "ForgetMe",
            vec![json!({"password": "correct horse"}), json!({})],
        ),
        (
            "ReportAsk",
            vec![
                json!({"kind": "chat_line", "game": "9c2a9c0e1b7d4a6f8e5c2b1a0d9f8e7c", "line": 3, "reason": "abuse", "note": "an insult"}),
                json!({"kind": "name", "person": "a1b2c3d4e5f60718293a4b5c6d7e8f90", "reason": "name"}),
                json!({"kind": "player", "person": "a1b2c3d4e5f60718293a4b5c6d7e8f90", "reason": "cheating"}),
            ],
        ),
        (
            "ActionAsk",
            vec![
                json!({"action": "hide_line", "person": "a1b2c3d4e5f60718293a4b5c6d7e8f90", "game": "9c2a9c0e1b7d4a6f8e5c2b1a0d9f8e7c", "line": 3, "reason": "an insult", "report": "0f1e2d3c4b5a69788796a5b4c3d2e1f0"}),
                json!({"action": "rename", "person": "a1b2c3d4e5f60718293a4b5c6d7e8f90", "name": "Spēlētājs 7", "reason": "an offensive name"}),
                json!({"action": "mute", "person": "a1b2c3d4e5f60718293a4b5c6d7e8f90", "reason": "cool down"}),
            ],
        ),
        (
            "WhyAsk",
            vec![json!({"reason": "it was a joke between friends"})],
        ),
        (
            "BlockAsk",
            vec![json!({"person": "a1b2c3d4e5f60718293a4b5c6d7e8f90"})],
        ),
        (
            "AnalysisRequest",
            vec![
                json!({"at": 0}),
                json!({"at": 1, "strokes": [{"striker": [0.4, 0.07], "direction": [0.1, 1.0], "speed": 3.1}], "hint": "master"}),
            ],
        ),
        (
            "AimRequest",
            vec![
                json!({"event": 12, "disc": 5}),
                json!({"event": 12, "disc": 5, "pocket": "north_east", "route": "direct", "seat": "south", "hand": "expert"}),
            ],
        ),
        (
            "NewChallenge",
            vec![
                json!({"format": "singles", "profile": "lnf-2017", "sets": 1}),
                json!({"format": "singles", "profile": "lnf-2017", "sets": 3, "rated": true, "stroke_clock": 30, "min_rating": 1300, "max_rating": 1700}),
                json!({"format": "doubles", "profile": "lnf-2017", "match_format": {"kind": "sets", "sets": 4}}),
            ],
        ),
        (
            "NewCompetition",
            vec![
                json!({"name": "Riga Open", "venue": "Rīga", "club": "Rīgas NK", "starts": "2026-11-28", "ends": "2026-11-29", "tables": 2, "system": {"kind": "swiss", "rounds": 5}, "format": {"kind": "sets", "sets": 6}, "points": {"win": 2, "draw": 1, "loss": 0}, "rated": false, "tiebreaks": ["bh", "set_ratio", "de"]}),
                json!({"name": "Club league", "tables": 4, "system": {"kind": "round_robin", "cycles": "double"}, "format": {"kind": "best_of", "sets": 3}}),
                json!({"name": "Madona Cup", "tables": 2, "system": {"kind": "knockout", "third_place": true}, "format": {"kind": "best_of", "sets": 3}}),
                json!({"name": "Double Cup", "tables": 2, "system": {"kind": "double_elimination", "reset": true}, "format": {"kind": "best_of", "sets": 3}}),
                json!({"name": "Groups Cup", "tables": 3, "system": {"kind": "groups_then_knockout", "groups": 2, "cycles": "single", "third_place": false}, "format": {"kind": "best_of", "sets": 3}}),
                json!({"name": "Online Open", "tables": 8, "system": {"kind": "swiss", "rounds": 5}, "format": {"kind": "best_of", "sets": 3}, "play": {"kind": "online", "stroke_clock": 30, "grace_secs": 600, "next_round": "after_last_game"}, "open_entry": true}),
                json!({"name": "Komandu čempionāts", "club": "Rīgas NK", "tables": 4, "system": {"kind": "round_robin", "cycles": "single"}, "format": {"kind": "sets", "sets": 6}, "teams": {"boards": 2}}),
                json!({"name": "Team Swiss", "tables": 8, "system": {"kind": "swiss", "rounds": 5}, "format": {"kind": "best_of", "sets": 3}, "teams": {"boards": 4, "board_points": {"win": 2, "draw": 1, "loss": 0}, "match_points": {"win": 3, "draw": 1, "loss": 0}, "bye": {"match_points": 2, "board_points": null}}}),
                json!({"name": "Pāru turnīrs", "tables": 2, "system": {"kind": "round_robin", "cycles": "single"}, "format": {"kind": "sets", "sets": 4}, "doubles": true}),
            ],
        ),
        (
            "CompetitionChange",
            vec![
                json!({"change": "enter", "entry": {"name": "Anna Bērziņa", "club": "RNK", "licence": "LV-0042", "category": "women", "birth_year": 1990, "rating": 1850}}),
                json!({"change": "enter", "entry": {"name": "Bruno"}}),
                json!({"change": "enter_list", "entries": [{"name": "Dace", "club": "RNK"}, {"name": "Edgars", "club": null, "licence": null, "category": null, "birth_year": 1985, "rating": null}]}),
                json!({"change": "withdraw", "entrant": 3}),
                json!({"change": "request_bye", "entrant": 2, "round": 2, "bye": "half"}),
                json!({"change": "pair_next", "round": 1}),
                json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "sets", "first": 4, "second": 2}}),
                json!({"change": "result", "round": 1, "board": 2, "outcome": {"kind": "forfeit", "winner": "second"}}),
                json!({"change": "result", "round": 1, "board": 3, "outcome": {"kind": "both_absent"}}),
                json!({"change": "unpair", "round": 1}),
                json!({"change": "seed", "order": [3, 1, 2]}),
                json!({"change": "seed", "order": []}),
                json!({"change": "enter_team", "team": {"name": "Madona", "club": "Madonas NK", "roster": [{"name": "Ivars", "club": "Madonas NK", "licence": null, "category": "men", "birth_year": 1980, "rating": 1700}, {"name": "Juris", "licence": "LV-0007"}, {"name": "Kārlis"}]}}),
                json!({"change": "line_up", "round": 1, "team_match": 1, "side": "first", "players": [1, 3]}),
                json!({"change": "board_result", "round": 1, "team_match": 1, "board": 2, "outcome": {"kind": "sets", "first": 3, "second": 3}}),
                json!({"change": "enter", "entry": {"name": "", "rating": 1600, "pair": [{"name": "Anna Ozola", "club": "RNK", "licence": "LV-1"}, {"name": "Ilze Kalna", "club": "RNK", "licence": null, "category": "women", "birth_year": 1990}]}}),
                json!({"change": "enter_teams", "teams": [{"name": "Cēsis", "club": "Cēsu NK", "roster": [{"name": "Rūta Ozola", "club": "Cēsu NK", "licence": "LV-0009", "category": "women", "birth_year": 1991, "rating": 1500}, {"name": "Māra"}]}]}),
                json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "decided", "winner": null}}),
                json!({"change": "penalty", "round": 1, "board": 1, "side": "second", "conduct": "warning", "clause": "000 1.28"}),
                json!({"change": "take_back_penalty", "penalty": 1}),
                json!({"change": "at_table", "round": 1, "board": 1, "entry": "desk-1", "step": {"kind": "set", "set": 1, "record": {"winner": "first", "broke": "first", "cleared": "first", "penalty_discs": [0, 1]}}}),
                json!({"change": "at_table", "round": 1, "board": 1, "entry": "desk-2", "step": {"kind": "undo", "set": 1}}),
                json!({"change": "at_table", "round": 1, "board": 1, "entry": "desk-3", "step": {"kind": "confirm"}}),
                json!({"change": "revoke_table_link", "round": 1, "board": 1}),
                json!({"change": "penalty", "round": 1, "team_match": 1, "board": 1, "side": "second", "conduct": "warning", "clause": "000 1.28"}),
                json!({"change": "at_table", "round": 1, "team_match": 1, "board": 2, "entry": "desk-4", "step": {"kind": "set", "set": 1, "record": {"winner": "second", "broke": "second"}}}),
                json!({"change": "revoke_table_link", "round": 1, "team_match": 1, "board": 2}),
            ],
        ),
        (
            "NewSeries",
            vec![
                json!({"name": "Rīgas kauss", "season": "2026/27", "starts": "2026-09-01", "ends": "2027-05-31", "stages": 8, "best": 5, "points": [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], "category": "women"}),
                json!({"name": "Club cup", "stages": 3, "best": 2}),
            ],
        ),
        (
            "TableStep",
            vec![
                json!({"by": "first", "entry": "m3k9-1", "step": {"kind": "set", "set": 1, "record": {"winner": "first", "broke": "first"}}}),
                json!({"by": "second", "entry": "q2x7-4", "step": {"kind": "set", "set": 2, "record": {"winner": null, "broke": "second", "cleared": null, "penalty_discs": [1, 0]}}}),
                json!({"by": "second", "entry": "q2x7-5", "step": {"kind": "undo", "set": 2}}),
                json!({"by": "first", "entry": "m3k9-2", "step": {"kind": "confirm"}}),
            ],
        ),
        (
            "TrfImport",
            vec![
                json!({"trf": "012 Rīgas kauss\nXXR 5\n001    1 m    Bērziņš, Jānis                    1900                                 0.0    1\n", "format": {"kind": "sets", "sets": 6}}),
            ],
        ),
        (
            "SeriesStageChange",
            vec![
                json!({"action": "add", "competition": "0123456789abcdef0123456789abcdef", "stage": 3}),
                json!({"action": "add", "competition": "0123456789abcdef0123456789abcdef"}),
                json!({"action": "remove", "stage": 3}),
            ],
        ),
    ])
}

/// An answer's body as JSON: a handler's response, or its refusal.
async fn answered(r: Result<axum::response::Response, Failure>) -> Value {
    use axum::response::IntoResponse;
    let response = r.unwrap_or_else(IntoResponse::into_response);
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("a body");
    serde_json::from_slice(&bytes).expect("the server's answers are JSON")
}

/// Ids, secrets and times that differ at every run, made the same: each
/// id or secret (hex) by the order it first appears, each time to one
/// moment, the version to a word.
fn steady(v: &mut Value, seen: &mut Vec<String>, key: &str) {
    match v {
        Value::String(s)
            if (s.len() == 32 || s.len() == 64) && s.bytes().all(|b| b.is_ascii_hexdigit()) =>
        {
            let k = match seen.iter().position(|x| x == s) {
                Some(k) => k,
                None => {
                    seen.push(s.clone());
                    seen.len() - 1
                }
            };
            let digits = format!("{:x}", 0x5eed0000 + k);
            *s = digits.repeat(s.len() / digits.len() + 1)[..s.len()].to_owned();
        }
        Value::String(s) if key == "version" => *s = "(the server's version)".into(),
        Value::Number(n)
            if matches!(key, "created" | "updated" | "at")
                && n.as_i64().is_some_and(|t| t > 1_000_000_000) =>
        {
            *v = json!(1_764_000_000);
        }
        Value::Array(items) => items.iter_mut().for_each(|x| steady(x, seen, key)),
        Value::Object(map) => map.iter_mut().for_each(|(k, x)| steady(x, seen, k)),
        _ => {}
    }
}

/// Games in an order of their own: the store lists them by when they
/// were made or last changed, to the second, so games of the same second
/// come in any order (and a slow run spreads them over two). Ordered here
/// by what they show, ids and times aside.
fn by_content(games: &mut [Value]) {
    games.sort_by_cached_key(|g| {
        let mut g = g.clone();
        if let Some(m) = g.as_object_mut() {
            // Neither the ids nor the times, which differ at every run.
            for volatile in ["id", "created", "updated"] {
                m.remove(volatile);
            }
        }
        g.to_string()
    });
}

/// A lobby with its live games in an order of their own ([`by_content`]).
fn live_in_order(mut lobby: Value) -> Value {
    if let Some(live) = lobby.get_mut("live").and_then(Value::as_array_mut) {
        by_content(live);
    }
    lobby
}

/// One real example or more of every HTTP answer, by the page's type:
/// the server's own handlers over a store in memory, two people playing.
fn answers() -> BTreeMap<&'static str, Vec<Value>> {
    use crate::hub::work::Client;
    use crate::hub::Hub;
    use crate::net::body::JsonBody;
    use crate::net::{aim, http, ratings};
    use crate::people::identity::Visitor;
    use crate::wire::http::games::JoinRequest;
    use crate::wire::http::people::{Account, Me, MeRequest};
    use crate::wire::http::ratings::{
        GameShown, HistoryPoint, Leaderboard, Opponent, Place, PlayerPage, RatingShown,
        ResultShown, ResultsPage,
    };
    use axum::extract::{Path, RawQuery, State as Held};

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut out = runtime.block_on(async {
        let mut out: BTreeMap<&'static str, Vec<Value>> = BTreeMap::new();
        let hub = Hub::new(crate::store::Store::memory().await.expect("a store"));
        let nobody = || Visitor { person: None };
        let (anna, _) = hub.people().ensure(&nobody()).await.expect("a person");
        let as_anna = || Visitor { person: Some(anna.clone()) };
        let asked = |k: &str, n: usize| -> NewGame {
            serde_json::from_value(asked()[k][n].clone()).expect("a new game")
        };
        let mut keep = |kind: &'static str, v: Value| out.entry(kind).or_default().push(v);

        keep("Health", serde_json::to_value(http::health().await.0).expect("JSON"));
        keep("Options", serde_json::to_value(http::options().await.0).expect("JSON"));
        keep("Me", answered(http::me(Held(hub.clone()), nobody()).await).await);
        let named = http::set_me(Held(hub.clone()), as_anna(), JsonBody(MeRequest { name: Some("Anna".into()) })).await;
        keep("Named", answered(named).await);
        keep("Me", answered(http::me(Held(hub.clone()), as_anna()).await).await);
        // What the account routes answer, with the account made.
        keep("Me", serde_json::to_value(Me {
            person: Some(anna.clone()),
            name: Some("Anna".into()),
            account: Some(Account { username: "anna".into() }),
        }).expect("JSON"));

        // A game at one screen, played a stroke into: its state, the list,
        // the replay, an analysis, an aim.
        let hot = json!({"format": "singles", "profile": "lnf-2017", "sets": 1, "players": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bruno"}], "casual": true, "public": true});
        let created = http::create(Held(hub.clone()), as_anna(), JsonBody(serde_json::from_value(hot).expect("a new game"))).await;
        let hot = answered(created).await;
        let hot_id = GameId::parse(hot["id"].as_str().expect("an id")).expect("an id");
        keep("Created", hot);
        let first = {
            let room = hub.room(&hot_id).await.expect("the game");
            let room = room.lock().await;
            gentle(&room)
        };
        hub.play(&hot_id, Some(&anna), Play::Stroke(first)).await.expect("a stroke");
        let path = || Path(hot_id.as_str().to_owned());
        keep("State", answered(http::game(Held(hub.clone()), path()).await).await);
        keep("Replay", answered(http::replay(Held(hub.clone()), path(), Client(None)).await).await);
        let analysis = json!({"at": 0, "strokes": [{"striker": first.striker, "direction": first.direction, "speed": first.speed}]});
        let analysis = http::analysis(Held(hub.clone()), path(), Client(None), JsonBody(serde_json::from_value(analysis).expect("a request"))).await;
        keep("AnalysisAnswer", answered(analysis).await);
        // A disc of the side to play, and one of the other side's (never
        // struck first: a reason, no plan).
        let (own, other) = {
            let room = hub.room(&hot_id).await.expect("the game");
            let room = room.lock().await;
            let set = room.game().set();
            let to_play = set.side_to_play();
            let own = set.discs_on_table().find(|d| d.side == to_play).map(|d| d.id.0);
            let other = set.discs_on_table().find(|d| d.side != to_play).map(|d| d.id.0);
            (own.expect("a disc to pot"), other.expect("a disc of the other side"))
        };
        for disc in [own, other, 99] {
            let ask = json!({"event": 1, "disc": disc});
            let ask = aim::aim(Held(hub.clone()), path(), Client(None), as_anna(), JsonBody(serde_json::from_value(ask).expect("a request"))).await;
            let v = answered(ask).await;
            keep(if v.get("code").is_some() { "Failure" } else { "AimAnswer" }, v);
        }

        // A game with an invited seat: new links, and Bruno taking it.
        for n in [0, 1] {
            let made = http::create(Held(hub.clone()), as_anna(), JsonBody(asked("NewGame", n))).await;
            keep("Created", answered(made).await);
        }
        let duo = json!({"format": "singles", "profile": "lnf-2017", "sets": 1, "players": [{"kind": "human", "name": "Anna"}, {"kind": "human", "invite": true}]});
        let duo = hub.create(&serde_json::from_value(duo).expect("a new game"), &anna).await.expect("created");
        let duo_path = || Path(duo.id.as_str().to_owned());
        let links = answered(http::invites(Held(hub.clone()), duo_path(), as_anna()).await).await;
        let invite = links["invites"][0]["invite"].as_str().expect("a link").to_owned();
        keep("Invites", links);
        let joined = answered(http::join(Held(hub.clone()), duo_path(), nobody(), JsonBody(JoinRequest { invite })).await).await;
        let taker = PersonId::parse(joined["person"].as_str().expect("a person")).expect("an id");
        keep("Joined", joined);

        // Two games ended at once, for the list: one resigned (it has a
        // winner), one called off.
        for resign in [true, false] {
            let made = hub.create(&asked("NewGame", 0), &anna).await.expect("created");
            let south = novuss_core::seat::Seat::South;
            let ended = if resign {
                hub.play(&made.id, Some(&anna), Play::Resign { event: 0, seat: south }).await
            } else {
                hub.play(&made.id, Some(&anna), Play::Abort { event: 0, seat: south }).await
            };
            ended.expect("ended");
        }
        let list = answered(http::list(Held(hub.clone()), as_anna()).await).await;
        let mut games = list.as_array().expect("a list").clone();
        by_content(&mut games);
        for game in games {
            keep("GameSummary", game);
        }
        // The invited player asks to be forgotten: the game they were
        // playing is resigned from their seat, and it is listed with
        // their seat nameless.
        hub.forget(&taker).await.expect("stored").expect("forgotten");
        let list = answered(http::list(Held(hub.clone()), as_anna()).await).await;
        let duo_listed = list.as_array().expect("a list").iter().find(|g| g["id"] == duo.id.as_str()).expect("listed").clone();
        keep("GameSummary", duo_listed);
        let mut page = answered(ratings::player(Held(hub.clone()), nobody(), Path(anna.as_str().to_owned())).await).await;
        if let Some(games) = page.get_mut("games").and_then(Value::as_array_mut) {
            by_content(games);
        }
        keep("PlayerPage", page);
        keep("Leaderboard", answered(ratings::leaderboard(Held(hub.clone()), RawQuery(Some("format=doubles".into()))).await).await);
        keep("Failure", answered(http::game(Held(hub.clone()), Path("0".repeat(32))).await).await);

        // The lobby: Anna's challenge as Bruno sees it (with the live
        // game made before it), Bruno accepting it, and "play someone now"
        // finding nobody and then somebody.
        {
            use crate::lobby::Lobby;
            use crate::wire::http::lobby::{Accepted, NewChallenge, Seated};
            let lobby = Lobby::new(hub.clone());
            let terms = |n: usize| -> NewChallenge {
                serde_json::from_value(self::asked()["NewChallenge"][n].clone()).expect("terms")
            };
            let (bruno, _) = hub.people().ensure(&nobody()).await.expect("a person");
            let as_bruno = || Visitor { person: Some(bruno.clone()) };
            let made = lobby.challenge(&terms(0), &anna).await.expect("a challenge");
            lobby.challenge(&terms(1), &anna).await.expect("a rated challenge");
            keep("Lobby", live_in_order(serde_json::to_value(lobby.view(Some(&bruno)).await.expect("a lobby")).expect("JSON")));
            let (player, person, _) = lobby.accept(&made.id, &as_bruno()).await.expect("accepted");
            keep("LobbySeated", serde_json::to_value(Seated { id: made.id.clone(), player, person }).expect("JSON"));
            keep("LobbyAccepted", serde_json::to_value(Accepted { id: made.id.clone() }).expect("JSON"));
            let (carla, _) = hub.people().ensure(&nobody()).await.expect("a person");
            let (dace, _) = hub.people().ensure(&nobody()).await.expect("a person");
            let (waits, _) = lobby.quick(&terms(0), &Visitor { person: Some(carla) }).await.expect("quick");
            keep("Quick", serde_json::to_value(waits).expect("JSON"));
            let (paired, _) = lobby.quick(&terms(0), &Visitor { person: Some(dace) }).await.expect("quick");
            keep("Quick", serde_json::to_value(paired).expect("JSON"));
            // The games accepted are live now.
            keep("Lobby", live_in_order(serde_json::to_value(lobby.view(Some(&bruno)).await.expect("a lobby")).expect("JSON")));
        }

        // A competition: Anna, with an account, creates a Swiss, enters
        // three players, pairs round 1 (one bye) and enters its result.
        {
            use crate::competitions::Desk;
            use crate::wire::http::competitions::{Ask, CompetitionPage};
            account(hub.store(), &anna, "anna", '0').await;
            let desk = Desk::new(hub.store().clone());
            let setup = serde_json::from_value(self::asked()["NewCompetition"][0].clone()).expect("a set-up");
            let made = desk.create(setup, &anna).await.expect("a competition");
            keep("Competition", serde_json::to_value(&made.view).expect("JSON"));
            let ask = |v: Value| -> Ask { serde_json::from_value(v).expect("a change") };
            for name in ["Anna", "Bruno", "Chris"] {
                desk.change(&made.view.id, Some(&anna), &ask(json!({"change": "enter", "entry": {"name": name, "club": "RNK"}})), None).await.expect("entered");
            }
            desk.change(&made.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            let (_, mut pushes) = desk.follow(&made.view.id).await.expect("followed");
            let played = desk.change(&made.view.id, Some(&anna), &ask(json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "sets", "first": 4, "second": 2}})), None).await.expect("a result");
            keep("Competition", serde_json::to_value(&played.view).expect("JSON"));
            let Ok(crate::competitions::Push::Result(entered)) = pushes.try_recv() else { panic!("the result pushed as itself") };
            keep("CompetitionResult", serde_json::from_str(&entered).expect("JSON"));
            let wrong = desk.change(&made.view.id, Some(&anna), &ask(json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "sets", "first": 5, "second": 0}})), None).await;
            keep("Failure", serde_json::to_value(wrong.expect_err("refused")).expect("JSON"));
            keep("CompetitionPage", serde_json::to_value(CompetitionPage { competition: &played.json, may_change: true, may_name_arbiters: true }).expect("JSON"));
            let played_swiss = played.view.id.clone();
            for listed in desk.list().await.expect("a list") {
                keep("CompetitionSummary", serde_json::to_value(listed).expect("JSON"));
            }
            // The club's page, found by its name without marks.
            let club = crate::wire::http::clubs::Club {
                name: "Rīgas NK".into(),
                competitions: hub.store().club_competitions("rigas nk", 100).await.expect("a club").into_iter().map(Into::into).collect(),
            };
            keep("Club", serde_json::to_value(club).expect("JSON"));
            // (Listed before the cup is made: two competitions made in
            // the same second are listed in no fixed order.)
            // A knock-out of three: seed 1 through the first round on a
            // bye, the bracket's final waiting for the first match's
            // winner until its result.
            let setup = serde_json::from_value(self::asked()["NewCompetition"][2].clone()).expect("a set-up");
            let cup = desk.create(setup, &anna).await.expect("a knock-out");
            for name in ["Dace", "Edgars", "Frīda"] {
                desk.change(&cup.view.id, Some(&anna), &ask(json!({"change": "enter", "entry": {"name": name}})), None).await.expect("entered");
            }
            desk.change(&cup.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            let (_, mut pushes) = desk.follow(&cup.view.id).await.expect("followed");
            let played = desk.change(&cup.view.id, Some(&anna), &ask(json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "sets", "first": 1, "second": 2}})), None).await.expect("a result");
            keep("Competition", serde_json::to_value(&played.view).expect("JSON"));
            let Ok(crate::competitions::Push::Result(entered)) = pushes.try_recv() else { panic!("the result pushed as itself") };
            keep("CompetitionResult", serde_json::from_str(&entered).expect("JSON"));
            // A double elimination of three: the losers' bracket and the
            // grand final waiting, after the first match's result.
            let setup = serde_json::from_value(self::asked()["NewCompetition"][3].clone()).expect("a set-up");
            let double = desk.create(setup, &anna).await.expect("a double elimination");
            for name in ["Gunta", "Haralds", "Inese"] {
                desk.change(&double.view.id, Some(&anna), &ask(json!({"change": "enter", "entry": {"name": name}})), None).await.expect("entered");
            }
            desk.change(&double.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            let played = desk.change(&double.view.id, Some(&anna), &ask(json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "sets", "first": 2, "second": 0}})), None).await.expect("a result");
            keep("Competition", serde_json::to_value(&played.view).expect("JSON"));
            // Groups then knock-out: six in two groups of three, round 1
            // paired and one result in, pushed with the groups' tables.
            let setup = serde_json::from_value(self::asked()["NewCompetition"][4].clone()).expect("a set-up");
            let grouped = desk.create(setup, &anna).await.expect("groups");
            for name in ["Jānis", "Kristaps", "Laura", "Māra", "Nils", "Olga"] {
                desk.change(&grouped.view.id, Some(&anna), &ask(json!({"change": "enter", "entry": {"name": name}})), None).await.expect("entered");
            }
            desk.change(&grouped.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            let (_, mut pushes) = desk.follow(&grouped.view.id).await.expect("followed");
            let played = desk.change(&grouped.view.id, Some(&anna), &ask(json!({"change": "result", "round": 1, "board": 1, "outcome": {"kind": "sets", "first": 2, "second": 1}})), None).await.expect("a result");
            keep("Competition", serde_json::to_value(&played.view).expect("JSON"));
            let Ok(crate::competitions::Push::Result(entered)) = pushes.try_recv() else { panic!("the result pushed as itself") };
            keep("CompetitionResult", serde_json::from_str(&entered).expect("JSON"));
            // A team round robin of two boards (issue 32, "Teams"): three
            // teams, round 1 paired (one rests), a reserve lined up, and
            // the match decided on board 2 while board 1 is not needed;
            // listed on its club's page.
            let setup = serde_json::from_value(self::asked()["NewCompetition"][6].clone()).expect("a set-up");
            let league = desk.create(setup, &anna).await.expect("a team competition");
            for team in ["Madona", "Rīga", "Cēsis"] {
                let roster: Vec<Value> = (1..=3).map(|k| json!({"name": format!("{team} {k}")})).collect();
                desk.change(&league.view.id, Some(&anna), &ask(json!({"change": "enter_team", "team": {"name": team, "club": null, "roster": roster}})), None).await.expect("a team");
            }
            desk.change(&league.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            desk.change(&league.view.id, Some(&anna), &ask(json!({"change": "line_up", "round": 1, "team_match": 1, "side": "first", "players": [1, 3]})), None).await.expect("a line-up");
            desk.change(&league.view.id, Some(&anna), &ask(self::asked()["CompetitionChange"][24].clone()), None).await.expect("a penalty on a team board");
            let played = desk.change(&league.view.id, Some(&anna), &ask(json!({"change": "board_result", "round": 1, "team_match": 1, "board": 2, "outcome": {"kind": "sets", "first": 4, "second": 0}})), None).await.expect("a board");
            keep("Competition", serde_json::to_value(&played.view).expect("JSON"));
            let played = desk.change(&league.view.id, Some(&anna), &ask(json!({"change": "board_result", "round": 1, "team_match": 1, "board": 1, "outcome": {"kind": "sets", "first": 3, "second": 3}})), None).await.expect("a board");
            keep("Competition", serde_json::to_value(&played.view).expect("JSON"));
            keep("CompetitionPage", serde_json::to_value(CompetitionPage { competition: &played.json, may_change: false, may_name_arbiters: false }).expect("JSON"));
            // Doubles: three pairs (one entered as the request example
            // has it), round 1 paired, its result without sets (as a TRF
            // file gives it).
            let setup = serde_json::from_value(self::asked()["NewCompetition"][8].clone()).expect("a set-up");
            let pairs = desk.create(setup, &anna).await.expect("a doubles competition");
            desk.change(&pairs.view.id, Some(&anna), &ask(self::asked()["CompetitionChange"][15].clone()), None).await.expect("a pair");
            for (a, b) in [("Jānis", "Pēteris"), ("Dace", "Līga")] {
                desk.change(&pairs.view.id, Some(&anna), &ask(json!({"change": "enter", "entry": {"name": "", "rating": null, "pair": [{"name": a}, {"name": b}]}})), None).await.expect("a pair");
            }
            desk.change(&pairs.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            desk.change(&pairs.view.id, Some(&anna), &ask(self::asked()["CompetitionChange"][18].clone()), None).await.expect("a penalty");
            desk.change(&pairs.view.id, Some(&anna), &ask(json!({"change": "penalty", "round": 1, "board": 1, "side": "first", "conduct": "set_forfeited", "clause": "000 1.28"})), None).await.expect("a penalty");
            desk.change(&pairs.view.id, Some(&anna), &ask(self::asked()["CompetitionChange"][19].clone()), None).await.expect("taken back");
            let drawn = desk.change(&pairs.view.id, Some(&anna), &ask(self::asked()["CompetitionChange"][17].clone()), None).await.expect("a result");
            keep("Competition", serde_json::to_value(&drawn.view).expect("JSON"));
            keep("CompetitionPage", serde_json::to_value(CompetitionPage { competition: &drawn.json, may_change: true, may_name_arbiters: true }).expect("JSON"));
            keep("EntriesImported", serde_json::to_value(crate::wire::http::competitions::EntriesImported { entered: 3, competition: &drawn.json }).expect("JSON"));
            let summary = crate::wire::http::competitions::ListedCompetition {
                id: played.view.id.clone(),
                organiser: played.view.organiser.clone(),
                created: played.view.created,
                setup: played.view.competition.setup().clone(),
            };
            keep("CompetitionSummary", serde_json::to_value(&summary).expect("JSON"));
            keep("Club", serde_json::to_value(crate::wire::http::clubs::Club { name: "Rīgas NK".into(), competitions: vec![summary] }).expect("JSON"));
            // Its files: a list of two entered at once, and the whole
            // competition as its JSON file.
            let other = desk.create(serde_json::from_value(self::asked()["NewCompetition"][1].clone()).expect("a set-up"), &anna).await.expect("a competition");
            // A person with an account entered by their user name: the
            // entry names its person.
            let with_person = crate::competitions::entering::enter(&desk, hub.store(), &other.view.id, Some(&anna), Some("anna")).await.expect("a person entered");
            keep("Competition", serde_json::to_value(&with_person.view).expect("JSON"));
            keep("CompetitionPage", serde_json::to_value(CompetitionPage { competition: &with_person.json, may_change: true, may_name_arbiters: true }).expect("JSON"));
            let listed = desk.change(&other.view.id, Some(&anna), &ask(self::asked()["CompetitionChange"][2].clone()), None).await.expect("a list");
            keep("EntriesImported", serde_json::to_value(crate::wire::http::competitions::EntriesImported { entered: 2, competition: &listed.json }).expect("JSON"));
            // Anna's page: the competition she was entered in by her
            // user name, two more after her, no round paired (all three
            // share places 1-3).
            let hers = crate::people::competitions::entered(&desk, hub.store(), &anna).await.expect("her competitions");
            keep("PlayerCompetitions", serde_json::to_value(hers).expect("JSON"));
            let row = hub.store().competition(&other.view.id).await.expect("read").expect("stored");
            let changes = row.changes.into_iter().map(|c| crate::wire::http::competitions::FiledChange { number: c.number, at: Some(c.at), change: c.change }).collect();
            keep("CompetitionFile", serde_json::to_value(crate::competitions::files::competition_file(row.setup, changes)).expect("JSON"));

            // A round at the tables: a phone's steps by its table's link
            // (a set, a drawn set with a penalty disc, an undo, and a
            // confirmation before the end, refused), the table as the
            // phone shows it, a step's push, the organiser's card.
            let tables = crate::competitions::tables::Tables::new(hub.store().clone());
            let galds = desk.create(serde_json::from_value(self::asked()["NewCompetition"][0].clone()).expect("a set-up"), &anna).await.expect("a competition");
            for name in ["Anna", "Bruno", "Chris", "Dace"] {
                desk.change(&galds.view.id, Some(&anna), &ask(json!({"change": "enter", "entry": {"name": name, "club": "RNK"}})), None).await.expect("entered");
            }
            let at_tables = desk.change(&galds.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            let link = tables.link(&at_tables, novuss_club::competition::TableMatch::board(1, 1)).await.expect("a link");
            keep("TableView", serde_json::to_value(tables.view(&desk, &link).await.expect("a table")).expect("JSON"));
            let (_, mut pushes) = desk.follow(&galds.view.id).await.expect("followed");
            for (k, example) in self::asked()["TableStep"].iter().enumerate() {
                let step: crate::wire::http::tables::TableAsk = serde_json::from_value(example.clone()).expect("a step");
                let admitted = tables.admit(&desk, &link, step.by).await.expect("admitted");
                match tables.step(&desk, &admitted, &anna, step).await {
                    Ok(view) => keep("TableView", serde_json::to_value(view).expect("JSON")),
                    Err(f) => keep("Failure", serde_json::to_value(f).expect("JSON")),
                }
                if k == 1 {
                    let Ok(crate::competitions::Push::Table(stepped)) = pushes.try_recv() else { panic!("a step pushed as itself") };
                    keep("TableStepped", serde_json::from_str(&stepped).expect("JSON"));
                }
            }
            let guessed = tables.view(&desk, &format!("{}.1.1.{}", galds.view.id, "0".repeat(32))).await;
            keep("Failure", serde_json::to_value(guessed.expect_err("refused")).expect("JSON"));
            // A card as the organiser's page gets it; its link, whose
            // competition and signature differ at every run (the key is
            // new), one of a fixed text.
            let mut card = tables.cards(&at_tables, "https://novuss.example").await.expect("cards")[0].clone();
            card.link = format!("{}.1.1.{}", "0123456789abcdef".repeat(2), "00112233445566778899aabbccddeeff");
            card.address = format!("https://novuss.example/table.html#{}", card.link);
            card.qr = crate::competitions::tables::qr_svg(&card.address).expect("a QR code");
            keep("TableCard", serde_json::to_value(card).expect("JSON"));
            // Its record: the phone's steps (as the phone's, with their
            // side), the organiser's entries and pairing.
            let galds_now = desk.view(&galds.view.id).await.expect("the competition");
            let record = crate::competitions::record::record(hub.store(), &galds_now, None).await.expect("its record");
            keep("RecordPage", serde_json::to_value(record).expect("JSON"));
            // A person entered by her user name who then deleted her
            // account (issue 34, "People's data is theirs"): her entry
            // keeps its place with no name, marked forgotten, on the
            // page and at the table.
            let (zane, _) = hub.people().ensure(&nobody()).await.expect("a person");
            account(hub.store(), &zane, "zane", '1').await;
            let gone = desk.create(serde_json::from_value(self::asked()["NewCompetition"][1].clone()).expect("a set-up"), &anna).await.expect("a competition");
            crate::competitions::entering::enter(&desk, hub.store(), &gone.view.id, Some(&anna), Some("zane")).await.expect("a person entered");
            desk.change(&gone.view.id, Some(&anna), &ask(json!({"change": "enter", "entry": {"name": "Bruno"}})), None).await.expect("entered");
            let paired = desk.change(&gone.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            let link = tables.link(&paired, novuss_club::competition::TableMatch::board(1, 1)).await.expect("a link");
            let forgotten = hub.forget(&zane).await.expect("forgotten").expect("someone");
            desk.rewritten(&forgotten.competitions).await;
            let without = desk.view(&gone.view.id).await.expect("the competition");
            keep("Competition", serde_json::to_value(&without.view).expect("JSON"));
            keep("TableView", serde_json::to_value(tables.view(&desk, &link).await.expect("a table")).expect("JSON"));
            // A team match's board at its own table: its link and view
            // (the players the line-ups put there, the second team's
            // player breaking first on board 2), a referee's step at the
            // desk, the link revoked and refused, the board's card.
            let setup = serde_json::from_value(self::asked()["NewCompetition"][6].clone()).expect("a set-up");
            let cup = desk.create(setup, &anna).await.expect("a team competition");
            for team in ["Madona", "Rīga", "Cēsis"] {
                let roster: Vec<Value> = (1..=3).map(|k| json!({"name": format!("{team} {k}"), "club": format!("{team} NK")})).collect();
                desk.change(&cup.view.id, Some(&anna), &ask(json!({"change": "enter_team", "team": {"name": team, "club": null, "roster": roster}})), None).await.expect("a team");
            }
            let cup_paired = desk.change(&cup.view.id, Some(&anna), &ask(json!({"change": "pair_next", "round": 1})), None).await.expect("paired");
            let team_board = novuss_club::competition::TableMatch::team(1, 1, 2);
            let link = tables.link(&cup_paired, team_board).await.expect("a link");
            keep("TableView", serde_json::to_value(tables.view(&desk, &link).await.expect("a team table")).expect("JSON"));
            desk.change(&cup.view.id, Some(&anna), &ask(self::asked()["CompetitionChange"][25].clone()), None).await.expect("a set at a team table");
            let revoked = desk.change(&cup.view.id, Some(&anna), &ask(self::asked()["CompetitionChange"][26].clone()), None).await.expect("revoked");
            assert!(tables.view(&desk, &link).await.is_err(), "a revoked team table link is refused");
            let fresh = tables.link(&revoked, team_board).await.expect("a new link");
            keep("TableView", serde_json::to_value(tables.view(&desk, &fresh).await.expect("a team table")).expect("JSON"));
            let cards = tables.cards(&revoked, "https://novuss.example").await.expect("cards");
            assert_eq!(cards.len(), 2, "a card per board of the one team match");
            let mut card = cards[1].clone();
            card.link = format!("{}.1.1.2.{}", "0123456789abcdef".repeat(2), "00112233445566778899aabbccddeeff");
            card.address = format!("https://novuss.example/table.html#{}", card.link);
            card.qr = crate::competitions::tables::qr_svg(&card.address).expect("a QR code");
            keep("TableCard", serde_json::to_value(card).expect("JSON"));

            // A series of the club cup's set-up: the Swiss (a result in,
            // so counted provisionally) as stage 1, the rest open.
            use crate::series::{SeriesDesk, SeriesSetup, StageAsk};
            let series = SeriesDesk::new(hub.store().clone(), Arc::new(desk));
            let setup: SeriesSetup = serde_json::from_value(self::asked()["NewSeries"][1].clone()).expect("a set-up");
            let made = series.create(setup, &anna).await.expect("a series");
            keep("Series", serde_json::to_value(&made.view).expect("JSON"));
            let stage: StageAsk = serde_json::from_value(json!({"action": "add", "competition": played_swiss, "stage": 1})).expect("a stage");
            let given = series.change_stages(&made.view.id, Some(&anna), &stage).await.expect("a stage");
            keep("Series", serde_json::to_value(&given.view).expect("JSON"));
            keep("SeriesPage", serde_json::to_value(crate::series::view::SeriesPage { series: &given.json, may_change: true }).expect("JSON"));
            let twice = series.change_stages(&made.view.id, Some(&anna), &stage).await;
            keep("Failure", serde_json::to_value(twice.expect_err("refused")).expect("JSON"));
            for listed in series.list().await.expect("a list") {
                keep("SeriesSummary", serde_json::to_value(listed).expect("JSON"));
            }
        }
        out
    });
    // Rated play is long to set up here: a page and a leaderboard with a
    // rated game each, made as their handlers make them.
    let (anna, bruno) = people();
    let singles = novuss_core::rules::set::Format::Singles;
    let result = || ResultShown {
        game: Some(GameId::parse("9c2a9c0e1b7d4a6f8e5c2b1a0d9f8e7c").expect("an id")),
        format: singles,
        at: 1_764_000_000,
        result: crate::glicko::Outcome::Win,
        score: 1.0,
        rating_before: 1500.0,
        rating_after: 1741.6,
        deviation_after: 396.8,
        opponents: vec![Opponent {
            id: bruno.clone(),
            name: Some("Bruno".into()),
            forgotten: false,
        }],
    };
    // A page in the middle of a long history: there are older ones still.
    let older = ResultsPage {
        results: vec![result()],
        older: Some(2),
    };
    out.entry("ResultsPage")
        .or_default()
        .push(serde_json::to_value(older).expect("JSON"));
    let page = PlayerPage {
        id: anna.clone(),
        name: Some("Anna".into()),
        forgotten: false,
        ratings: vec![RatingShown {
            format: singles,
            rating: 1741.6,
            deviation: 396.8,
            provisional: true,
            games: 1,
            wins: 1,
            draws: 0,
            losses: 0,
        }],
        history: vec![HistoryPoint {
            format: singles,
            at: 1_764_000_000,
            before: 1500.0,
            rating: 1741.6,
            deviation: 396.8,
        }],
        results: vec![result()],
        // Fifty results later, the first page says where the older ones end.
        older: Some(51),
        games: vec![GameShown {
            id: GameId::parse("9c2a9c0e1b7d4a6f8e5c2b1a0d9f8e7c").expect("an id"),
            updated: 1_764_000_000,
            format: singles,
            rated: true,
            over: true,
            aborted: false,
            player: Some(0),
            winner: Some(0),
            score: vec![1, 0],
            players: vec![Some("Anna".into()), None],
            names: vec![Some("Anna".into()), Some("Bruno".into())],
            people: vec![Some(anna.clone()), Some(bruno.clone())],
            forgotten: vec![],
        }],
        provisional_deviation: crate::glicko::PROVISIONAL_DEVIATION,
    };
    // After Bruno asked to be forgotten: Anna's page names him no more,
    // and his own page keeps his rated results without a name.
    let mut after = page.clone();
    for r in &mut after.results {
        r.opponents = vec![Opponent {
            id: bruno.clone(),
            name: None,
            forgotten: true,
        }];
    }
    for g in &mut after.games {
        g.names[1] = None;
        g.forgotten = vec![1];
    }
    let his = PlayerPage {
        id: bruno.clone(),
        name: None,
        forgotten: true,
        results: vec![],
        games: vec![],
        older: None,
        ..after.clone()
    };
    for p in [page, after, his] {
        out.entry("PlayerPage")
            .or_default()
            .push(serde_json::to_value(p).expect("JSON"));
    }
    let board = Leaderboard {
        format: singles,
        max_deviation: crate::ratings::LEADERBOARD_DEVIATION,
        min_games: crate::ratings::LEADERBOARD_GAMES,
        players: vec![Place {
            rank: 1,
            id: bruno,
            name: Some("Bruno".into()),
            rating: 1862.3,
            deviation: 61.2,
            games: 23,
        }],
        // A provisional place is a `Place` too; one here would renumber
        // every id after it in the golden file.
        provisional: vec![],
    };
    out.entry("Leaderboard")
        .or_default()
        .push(serde_json::to_value(board).expect("JSON"));
    // The real table's list and a player's page (table_ratings/), as
    // their handlers make them from the stored rows.
    for (name, value) in real_table_examples(&anna) {
        out.entry(name).or_default().push(value);
    }
    // A person's download, and a browser's the server knows nothing of
    // (people/data.rs makes them from the store; here by hand, so that
    // its lists have a fixed order).
    for value in my_data_examples(&anna) {
        out.entry("MyData").or_default().push(value);
    }
    // Moderation's answers (moderation/), by hand as the download's.
    for (name, value) in moderation_examples() {
        out.entry(name).or_default().push(value);
    }
    // A failure of the server's own, as `Failure::internal` makes it (with
    // a fixed error id: the real one is random).
    let failed = Failure {
        code: Code::Storage,
        detail: "the database failed; nothing was stored (error 7f3a9c21e0b4 in the server's log)"
            .into(),
        error_id: Some("7f3a9c21e0b4".into()),
        refusal: None,
        series: None,
    };
    out.entry("Failure")
        .or_default()
        .push(serde_json::to_value(failed).expect("JSON"));
    let mut seen = Vec::new();
    for v in out.values_mut().flatten() {
        steady(v, &mut seen, "");
    }
    out
}

/// Anna's download (a game, a chat line, a rating and its change, a
/// competition organised and entered, a real-table competition) and an
/// empty one.
fn my_data_examples(anna: &PersonId) -> Vec<Value> {
    use crate::wire::http::my_data::*;
    let game = crate::ids::GameId::parse("9f3c2a1b0e8d7c6b5a4f3e2d1c0b9a88").expect("a game's id");
    let competition = crate::ids::CompetitionId::parse("4b1d9c0e1b7d4a6f8e5c2b1a0d9f8e7c")
        .expect("a competition's id");
    let rating = |r: f64, d: f64| crate::glicko::Rating {
        rating: r,
        deviation: d,
        volatility: 0.06,
    };
    let empty = || MyData::empty(1_764_000_000);
    let anna_data = MyData {
        person: Some(MyPerson {
            id: anna.as_str().to_owned(),
            name: Some("Anna Ozola".into()),
            created: 1_764_000_000,
        }),
        account: Some(MyAccount {
            username: "anna".into(),
        }),
        sessions: vec![MySession {
            created: 1_764_000_000,
            seen: 1_764_000_000,
        }],
        games: vec![MyGame {
            id: game.clone(),
            created: 1_764_000_000,
            updated: 1_764_000_000,
            events: 42,
            over: true,
        }],
        chat: vec![MyChatLine {
            game: game.clone(),
            at: 1_764_000_000,
            room: "players".into(),
            preset: None,
            text: Some("Veiksmi!".into()),
        }],
        ratings: vec![MyRating {
            format: novuss_core::Format::Singles,
            rating: rating(1562.4, 182.0),
            games: 1,
        }],
        rating_history: vec![MyRatingChange {
            game,
            format: novuss_core::Format::Singles,
            at: 1_764_000_000,
            before: rating(1500.0, 350.0),
            after: rating(1562.4, 182.0),
        }],
        organised: vec![MyCompetition {
            id: competition.clone(),
            name: "Annas kauss".into(),
            created: 1_764_000_000,
        }],
        entered: vec![competition.clone()],
        real_table: vec![MyTableRating {
            competition,
            at: 1_764_000_000,
            name: "Anna Ozola".into(),
            games: 5,
            before: rating(1500.0, 350.0),
            after: rating(1584.9, 151.2),
        }],
        ..empty()
    };
    vec![
        serde_json::to_value(anna_data).expect("JSON"),
        serde_json::to_value(empty()).expect("JSON"),
    ]
}

/// An account called `username` for `person`, as registering makes one
/// (its hashes not real ones: `session` repeated is its session's).
async fn account(store: &crate::store::Store, person: &PersonId, username: &str, session: char) {
    store
        .register(&crate::store::NewAccount {
            person,
            new_person: false,
            username,
            username_key: username,
            password_hash: "(not a real hash)",
            session_hash: &session.to_string().repeat(64),
            now: 1_764_000_000,
        })
        .await
        .expect("an account");
}

/// A real-table list (one established woman, one provisional man), the
/// established player's page with her two competitions, and the page of
/// a person who deleted their account.
fn real_table_examples(anna: &PersonId) -> Vec<(&'static str, Value)> {
    use crate::table_ratings::wire::{
        TableHistoryPoint, TablePlace, TablePlayer, TableRatings, TableStanding,
    };
    let mut ilze = novuss_club::Entry::named("Ilze Liepa");
    ilze.licence = Some("LV-201".into());
    let mut maris = novuss_club::Entry::named("Māris Ozols");
    maris.birth_year = Some(1990);
    let place = |rank, entry: &novuss_club::Entry, rating, deviation, games| TablePlace {
        rank,
        standing: TableStanding {
            player: crate::table_ratings::player_id(entry),
            person: None,
            name: entry.name.clone(),
            forgotten: false,
            club: Some("Madonas NK".into()),
            licence: entry.licence.clone(),
            category: Some(
                if entry.licence.is_some() {
                    "women"
                } else {
                    "men"
                }
                .into(),
            ),
            rating,
            deviation,
            competitions: 2,
            games,
        },
    };
    // A person who deleted their account: their results stay, as their
    // opaque id, without name, club or licence (docs/privacy.md).
    let mut gone = novuss_club::Entry::named("Zane Kalna");
    gone.person = Some("7a3f0c1e9b2d4e6f8a5c3b1d0e9f8a7c".into());
    let gone = gone.forgotten();
    let gone_standing = TableStanding {
        player: crate::table_ratings::player_id(&gone),
        person: gone.person.clone(),
        name: gone.name.clone(),
        forgotten: true,
        club: None,
        licence: None,
        category: Some("women".into()),
        rating: 1540.3,
        deviation: 142.0,
        competitions: 1,
        games: 7,
    };
    let list = TableRatings {
        category: None,
        max_deviation: crate::ratings::LEADERBOARD_DEVIATION,
        min_games: crate::ratings::LEADERBOARD_GAMES,
        players: vec![place(1, &ilze, 1684.2, 88.4, 28)],
        provisional: vec![
            place(1, &maris, 1622.7, 131.5, 9),
            TablePlace {
                rank: 2,
                standing: gone_standing.clone(),
            },
        ],
    };
    let competition = |id: &str| crate::ids::CompetitionId::parse(id).expect("a competition's id");
    let page = TablePlayer {
        standing: TableStanding {
            player: crate::table_ratings::player_id(&ilze),
            person: Some(anna.as_str().to_owned()),
            name: ilze.name.clone(),
            forgotten: false,
            club: Some("Madonas NK".into()),
            licence: ilze.licence.clone(),
            category: Some("women".into()),
            rating: 1684.2,
            deviation: 88.4,
            competitions: 2,
            games: 28,
        },
        provisional: false,
        history: vec![
            TableHistoryPoint {
                competition: competition("4b1d9c0e1b7d4a6f8e5c2b1a0d9f8e7c"),
                name: "Oktobra kauss".into(),
                at: 1_791_072_000,
                games: 14,
                points: 8.5,
                rating_before: 1500.0,
                rating: 1611.9,
                deviation: 164.3,
            },
            TableHistoryPoint {
                competition: competition("5c2e9c0e1b7d4a6f8e5c2b1a0d9f8e7c"),
                name: "Novembra kauss".into(),
                at: 1_794_614_400,
                games: 14,
                points: 9.0,
                rating_before: 1611.9,
                rating: 1684.2,
                deviation: 88.4,
            },
        ],
    };
    let forgotten = TablePlayer {
        standing: gone_standing,
        provisional: true,
        history: vec![TableHistoryPoint {
            competition: competition("4b1d9c0e1b7d4a6f8e5c2b1a0d9f8e7c"),
            name: "Oktobra kauss".into(),
            at: 1_791_072_000,
            games: 7,
            points: 4.0,
            rating_before: 1500.0,
            rating: 1540.3,
            deviation: 142.0,
        }],
    };
    vec![
        ("TableRatings", serde_json::to_value(list).expect("JSON")),
        ("TablePlayer", serde_json::to_value(page).expect("JSON")),
        (
            "TablePlayer",
            serde_json::to_value(forgotten).expect("JSON"),
        ),
    ]
}

/// The HTTP part of the file: by the page's type, the routes and the
/// examples.
fn http_bodies() -> Value {
    let part = |list: &[(&'static str, &str, &str)],
                mut examples: BTreeMap<&'static str, Vec<Value>>|
     -> Value {
        list.iter()
            .map(|(page, routes, _)| {
                (page.to_string(), json!({"routes": routes, "examples": examples.remove(page).unwrap_or_default()}))
            })
            .collect::<serde_json::Map<_, _>>()
            .into()
    };
    json!({"answers": part(&ANSWERS, answers()), "requests": part(&ASKED, asked())})
}

/// The whole file.
fn golden() -> Value {
    json!({
        "//": format!("One real example of every WebSocket message and request (docs/protocol.md), made by crates/novuss-server/src/golden.rs; regenerate with {REGEN}"),
        "server": messages(),
        "client": requests(),
        "http": http_bodies(),
        "//http": "One real example of every HTTP body, by its type in web/shared/protocol.js: `answers` the server sends, `requests` it reads; the same file, the same command",
    })
}

#[test]
fn every_message_and_request_is_in_the_golden_file() {
    let now = serde_json::to_string_pretty(&golden()).expect("JSON") + "\n";
    let path = path();
    if std::env::var_os("NOVUSS_REGEN_GOLDEN").is_some() {
        std::fs::write(&path, &now).expect("the golden file is written");
        return;
    }
    let pinned = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; write it with {REGEN}", path.display()));
    let first = pinned.lines().zip(now.lines()).position(|(a, b)| a != b);
    assert!(
        pinned == now,
        "the protocol differs from {} at line {}:\n pinned: {}\n    now: {}\nIf the change is meant, regenerate with {REGEN}, read the diff and keep web/shared/protocol.js in step.",
        path.display(),
        first.map_or(0, |k| k + 1),
        first.and_then(|k| pinned.lines().nth(k)).unwrap_or(""),
        first.and_then(|k| now.lines().nth(k)).unwrap_or(""),
    );
}

/// Every kind of message the server has is in the file: the list is the
/// `Event` and `Notice` enums' variants and the chat's two, which these
/// matches name one by one, so that a new variant fails to compile here
/// until it is named, and then fails this test until it has an example.
#[test]
fn the_file_has_every_kind_of_message() {
    fn event(e: &Event<'_>) -> &'static str {
        match e {
            Event::Stroke { .. } => "stroke",
            Event::TakenBack { .. } => "taken_back",
            Event::SetStarted { .. } => "set_started",
            Event::Resigned { .. } => "resigned",
            Event::Aborted { .. } => "aborted",
            Event::Called { .. } => "called",
        }
    }
    fn notice(n: &Notice<'_>) -> &'static str {
        match n {
            Notice::State { .. } => "state",
            Notice::Thinking { .. } => "thinking",
            Notice::Hint { .. } => "hint",
            Notice::Offer { .. } => "offer",
            Notice::Answered { .. } => "answered",
            Notice::Rematch { .. } => "rematch",
            Notice::Timers { .. } => "timers",
            Notice::Seats { .. } => "seats",
            Notice::Watchers { .. } => "watchers",
            Notice::Moving { .. } => "moving",
            Notice::Error { .. } => "error",
        }
    }
    let _ = (event, notice);
    let every = [
        "state",
        "stroke",
        "taken_back",
        "set_started",
        "resigned",
        "aborted",
        "thinking",
        "hint",
        "called",
        "offer",
        "answered",
        "rematch",
        "timers",
        "seats",
        "watchers",
        "moving",
        "error",
        "chat",
        "chat_settings",
        "chat_removed",
    ];
    let have = messages();
    for kind in every {
        assert!(have.contains_key(kind), "no example of `{kind}`");
    }
    assert_eq!(
        have.len(),
        every.len(),
        "{:?}",
        have.keys().collect::<Vec<_>>()
    );
}

/// Every body of `wire/http/` is named in [`ANSWERS`], [`ASKED`] or
/// [`PARTS`], and every answer and request named there has an example.
#[test]
fn every_http_body_is_named() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src/wire/http");
    let named: Vec<&str> = ANSWERS
        .iter()
        .chain(&ASKED)
        .map(|(_, _, rust)| rust.rsplit("::").next().unwrap_or(rust))
        .chain(PARTS)
        .collect();
    for entry in std::fs::read_dir(&dir).expect("wire/http") {
        let text = std::fs::read_to_string(entry.expect("a file").path()).expect("a file");
        for line in text.lines() {
            let Some(rest) = line
                .strip_prefix("pub struct ")
                .or_else(|| line.strip_prefix("pub enum "))
            else {
                continue;
            };
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric()).collect();
            assert!(
                named.contains(&name.as_str()),
                "`{name}` of wire/http is not named in golden.rs"
            );
        }
    }
    let have = http_bodies();
    for (page, _, _) in ANSWERS {
        assert!(
            have["answers"][page]["examples"]
                .as_array()
                .is_some_and(|e| !e.is_empty()),
            "no example of the answer {page}"
        );
    }
    for (page, _, _) in ASKED {
        assert!(
            have["requests"][page]["examples"]
                .as_array()
                .is_some_and(|e| !e.is_empty()),
            "no example of the request {page}"
        );
    }
}

/// Every request body of the file is one its route's type reads.
#[test]
fn every_http_request_is_understood() {
    fn reads<T: serde::de::DeserializeOwned>(v: &Value) -> Result<(), String> {
        serde_json::from_value::<T>(v.clone())
            .map(drop)
            .map_err(|e| e.to_string())
    }
    use crate::wire::http::{accounts, games, people};
    for (page, examples) in asked() {
        for v in &examples {
            let read = match page {
                "NewGame" => reads::<games::NewGame>(v),
                "MeRequest" => reads::<people::MeRequest>(v),
                "JoinRequest" => reads::<games::JoinRequest>(v),
                "Credentials" => reads::<accounts::Credentials>(v),
                "PasswordChange" => reads::<accounts::PasswordChange>(v),
                "ForgetMe" => reads::<accounts::ForgetMe>(v),
                "ReportAsk" => reads::<crate::wire::http::moderation::ReportAsk>(v),
                "ActionAsk" => reads::<crate::wire::http::moderation::ActionAsk>(v),
                "WhyAsk" => reads::<crate::wire::http::moderation::WhyAsk>(v),
                "BlockAsk" => reads::<crate::wire::http::moderation::BlockAsk>(v),
                "AnalysisRequest" => reads::<crate::game::analysis::AnalysisRequest>(v),
                "AimRequest" => reads::<crate::net::aim::AimRequest>(v),
                "NewChallenge" => reads::<crate::wire::http::lobby::NewChallenge>(v),
                "NewCompetition" => reads::<novuss_club::Setup>(v),
                "CompetitionChange" => reads::<crate::wire::http::competitions::Ask>(v),
                "NewSeries" => reads::<crate::series::SeriesSetup>(v),
                "SeriesStageChange" => reads::<crate::series::StageAsk>(v),
                "TrfImport" => reads::<crate::wire::http::competitions::TrfImport>(v),
                "TableStep" => reads::<crate::wire::http::tables::TableAsk>(v),
                other => Err(format!("no type reads {other}")),
            };
            if let Err(e) = read {
                panic!("{page} {v}: {e}");
            }
        }
    }
}

/// Moderation's answers: a report made and one already open, the queue,
/// an action and its undoing, the log and a person's file.
fn moderation_examples() -> Vec<(&'static str, Value)> {
    use crate::wire::http::moderation::{
        ActionKind, LineView, LogEntry, ModerationLog, PersonFile, Reason, ReportKind, ReportQueue,
        ReportView, Reported, StandingView,
    };
    let (anna, bruno) = people();
    let ola = PersonId::parse("0123456789abcdef0123456789abcdef").expect("an id");
    let game = GameId::parse("9c2a9c0e1b7d4a6f8e5c2b1a0d9f8e7c").expect("an id");
    let report = ReportView {
        id: "0f1e2d3c4b5a69788796a5b4c3d2e1f0".into(),
        at: 1_764_000_100,
        reporter: anna.clone(),
        reporter_name: Some("Anna".into()),
        kind: ReportKind::ChatLine,
        person: bruno.clone(),
        person_name: Some("bruno_k".into()),
        game: Some(game.clone()),
        line: Some(3),
        reason: Reason::Abuse,
        note: Some("an insult".into()),
        what: Some("tu esi muļķis".into()),
        closed: None,
        outcome: None,
    };
    let named = ReportView {
        id: "1f1e2d3c4b5a69788796a5b4c3d2e1f0".into(),
        kind: ReportKind::Name,
        game: None,
        line: None,
        reason: Reason::Name,
        note: None,
        what: Some("bruno_k".into()),
        ..report.clone()
    };
    let hidden = LogEntry {
        id: "2f1e2d3c4b5a69788796a5b4c3d2e1f0".into(),
        at: 1_764_000_200,
        admin: ola.clone(),
        admin_name: Some("ola".into()),
        person: bruno.clone(),
        person_name: Some("bruno_k".into()),
        action: ActionKind::HideLine,
        game: Some(game.clone()),
        line: Some(3),
        reason: "an insult".into(),
        name_before: None,
        name_after: None,
        undoes: None,
        undone_by: Some("3f1e2d3c4b5a69788796a5b4c3d2e1f0".into()),
    };
    let shown = LogEntry {
        id: "3f1e2d3c4b5a69788796a5b4c3d2e1f0".into(),
        at: 1_764_000_300,
        action: ActionKind::ShowLine,
        reason: "a joke between friends".into(),
        undoes: Some(hidden.id.clone()),
        undone_by: None,
        ..hidden.clone()
    };
    let renamed = LogEntry {
        id: "4f1e2d3c4b5a69788796a5b4c3d2e1f0".into(),
        at: 1_764_000_400,
        action: ActionKind::Rename,
        game: None,
        line: None,
        reason: "an offensive name".into(),
        name_before: Some("Bruno".into()),
        name_after: Some("Spēlētājs 7".into()),
        undoes: None,
        undone_by: None,
        ..hidden.clone()
    };
    let closed = ReportView {
        closed: Some(1_764_000_200),
        outcome: Some(hidden.id.clone()),
        ..report.clone()
    };
    let file = PersonFile {
        id: bruno,
        name: Some("Spēlētājs 7".into()),
        username: Some("bruno_k".into()),
        standing: StandingView {
            admin: false,
            muted: true,
            banned: false,
            closed: false,
        },
        reports: vec![named.clone(), closed.clone()],
        log: vec![renamed.clone(), shown.clone(), hidden.clone()],
        lines: vec![
            LineView {
                game: game.clone(),
                number: 5,
                at: 1_764_000_060,
                preset: Some("good_game".into()),
                text: None,
                hidden: false,
            },
            LineView {
                game,
                number: 3,
                at: 1_764_000_050,
                preset: None,
                text: Some("tu esi muļķis".into()),
                hidden: true,
            },
        ],
    };
    fn value<T: serde::Serialize>(v: &T) -> Value {
        serde_json::to_value(v).expect("JSON")
    }
    vec![
        (
            "Reported",
            value(&Reported {
                id: report.id.clone(),
                new: true,
            }),
        ),
        (
            "Reported",
            value(&Reported {
                id: report.id.clone(),
                new: false,
            }),
        ),
        (
            "ReportQueue",
            value(&ReportQueue {
                reports: vec![named, report],
            }),
        ),
        (
            "ReportQueue",
            value(&ReportQueue {
                reports: vec![closed],
            }),
        ),
        ("LogEntry", value(&hidden)),
        ("LogEntry", value(&shown)),
        (
            "ModerationLog",
            value(&ModerationLog {
                entries: vec![renamed, shown, hidden],
            }),
        ),
        ("PersonFile", value(&file)),
        (
            "Blocks",
            value(&crate::wire::http::moderation::Blocks {
                blocked: vec![crate::wire::http::moderation::BlockedView {
                    person: PersonId::parse("a1b2c3d4e5f60718293a4b5c6d7e8f90").expect("an id"),
                    name: Some("bruno_k".into()),
                    at: 1_764_000_500,
                }],
            }),
        ),
        (
            "Blocks",
            value(&crate::wire::http::moderation::Blocks { blocked: vec![] }),
        ),
    ]
}
