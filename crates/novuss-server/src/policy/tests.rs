//! The policy, walked: every actor × action × game situation, its answer
//! pinned in `tests/golden/policy.txt` (crate folder), a table a reviewer
//! reads line by line. Regenerate it, after a change of the rules that is
//! meant, with:
//!
//! NOVUSS_REGEN_GOLDEN=1 cargo test -p novuss-server --lib policy

use std::fmt::Write as _;

use novuss_core::PlayerId;

use super::*;
use crate::people::seats::Seats;
use crate::store::SeatRow;

const REGEN: &str = "NOVUSS_REGEN_GOLDEN=1 cargo test -p novuss-server --lib policy";

/// Who plays the second seat.
#[derive(Clone, Copy, Debug)]
enum Opponent {
    Computer,
    Person,
    /// A seat waiting for the person an invitation goes to.
    Invited,
}

/// Where the match stands.
#[derive(Clone, Copy, Debug)]
enum Phase {
    /// The first player is to stroke; they stroked last too (a foul's
    /// second stroke, say), so a take-back of their own is possible.
    SetRunning,
    BetweenSets,
    MatchOver,
    Abandoned,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    Casual,
    Serious,
    Rated,
}

fn situation(kind: Kind, opponent: Opponent, phase: Phase) -> Situation {
    let between_people = !matches!(opponent, Opponent::Computer);
    let seats_open = matches!(opponent, Opponent::Invited);
    let casual = matches!(kind, Kind::Casual);
    let match_over = matches!(phase, Phase::MatchOver);
    let running = matches!(phase, Phase::SetRunning) && !seats_open;
    Situation {
        casual,
        rated: matches!(kind, Kind::Rated),
        between_people,
        seats_open,
        match_over,
        abandoned: matches!(phase, Phase::Abandoned),
        now: Moment {
            seats: vec![
                SeatKind::Person,
                match opponent {
                    Opponent::Computer => SeatKind::Computer,
                    _ => SeatKind::Person,
                },
            ],
            sides: vec![0, 1],
            to_play: running.then_some(PlayerId(0)),
            between_sets: matches!(phase, Phase::BetweenSets),
            take_back: casual && running && !between_people,
            last_stroke_by: running.then_some(PlayerId(0)),
            abortable: running,
            offer: None,
            rematch_settled: false,
        },
    }
}

fn actors(opponent: Opponent) -> Vec<(&'static str, Actor)> {
    let other = match opponent {
        Opponent::Computer => SeatKind::Computer,
        _ => SeatKind::Person,
    };
    let actor = |role, seat| Actor {
        role,
        seat,
        creator: false,
    };
    vec![
        ("holder", actor(Role::Holder, SeatKind::Person)),
        (
            "holder, creator",
            actor(Role::Holder, SeatKind::Person).created(true),
        ),
        ("other player", actor(Role::OtherPlayer, other)),
        ("watcher", actor(Role::Watcher, SeatKind::None)),
        ("stranger", actor(Role::Stranger, SeatKind::None)),
        ("the computer", actor(Role::Computer, SeatKind::Computer)),
    ]
}

/// Every action a request can be, with each chat room, and the lobby's
/// withdrawal of a challenge.
fn actions() -> Vec<Action> {
    let mut all: Vec<Action> = Action::SHOWN.to_vec();
    all.extend([
        Action::Chat(Some(ChatRoom::Players)),
        Action::Chat(Some(ChatRoom::Watchers)),
        Action::Withdraw,
    ]);
    all
}

fn named(a: Action) -> String {
    match a {
        Action::Chat(Some(ChatRoom::Players)) => "chat(players)".into(),
        Action::Chat(Some(ChatRoom::Watchers)) => "chat(watchers)".into(),
        a => a.name().into(),
    }
}

fn code_name(code: Code) -> String {
    serde_json::to_value(code)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The whole table, as text.
fn table() -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# Who may do what: every actor, action and game situation (crates/novuss-server/src/policy.rs).\n\
         # A request: `action` allowed, or `action:refusal_code`. Then the capabilities each page\n\
         # receives, by player (p0 the first seat's holder, p1 the second's) and for a watcher:\n\
         # what the game offers them at all, and what they may do now.\n\
         # Regenerate: {REGEN}"
    );
    for kind in [Kind::Casual, Kind::Serious, Kind::Rated] {
        for opponent in [Opponent::Computer, Opponent::Person, Opponent::Invited] {
            for phase in [
                Phase::SetRunning,
                Phase::BetweenSets,
                Phase::MatchOver,
                Phase::Abandoned,
            ] {
                let at = situation(kind, opponent, phase);
                let _ = writeln!(out, "\n## {kind:?}, against {opponent:?}, {phase:?}");
                for (who, actor) in actors(opponent) {
                    let answers: Vec<String> = actions()
                        .into_iter()
                        .map(|a| match decide(actor, a, &at) {
                            Ok(()) => named(a),
                            Err(f) => format!("{}:{}", named(a), code_name(f.code)),
                        })
                        .collect();
                    let _ = writeln!(out, "{who:>16} | {}", answers.join(" "));
                }
                let may = may(&at);
                let list = |v: &[Action]| {
                    let names: Vec<&str> = v.iter().map(|a| a.name()).collect();
                    if names.is_empty() {
                        "-".to_owned()
                    } else {
                        names.join(" ")
                    }
                };
                let mut rows: Vec<(String, &Allowed)> = may
                    .players
                    .iter()
                    .enumerate()
                    .map(|(k, p)| (format!("p{k}"), p))
                    .collect();
                rows.push(("watcher".to_owned(), &may.watcher));
                for (who, allowed) in rows {
                    let _ = writeln!(
                        out,
                        "{:>16} | {}",
                        format!("{who} offered"),
                        list(&allowed.offered)
                    );
                    let _ = writeln!(out, "{:>16} | {}", format!("{who} now"), list(&allowed.now));
                }
            }
        }
    }
    out
}

#[test]
fn every_actor_action_and_situation_is_answered_as_pinned() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/policy.txt");
    let now = table();
    if std::env::var_os("NOVUSS_REGEN_GOLDEN").is_some() {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &now).unwrap();
        return;
    }
    let pinned = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e}; write it with {REGEN}", path.display()));
    if pinned != now {
        let first = pinned
            .lines()
            .zip(now.lines())
            .position(|(a, b)| a != b)
            .unwrap_or(0);
        panic!(
            "the policy answers differently from {} at line {}:\n pinned: {}\n    now: {}\n\
             If the change is meant, regenerate with {REGEN} and review the diff.",
            path.display(),
            first + 1,
            pinned.lines().nth(first).unwrap_or(""),
            now.lines().nth(first).unwrap_or(""),
        );
    }
}

/// Spot checks of the table by the rules in words (policy.rs's header),
/// so that a regenerated table that broke one is caught here too.
#[test]
fn the_rules_in_words_hold() {
    let people = situation(Kind::Rated, Opponent::Person, Phase::SetRunning);
    let computer = situation(Kind::Casual, Opponent::Computer, Phase::SetRunning);
    let holder = Actor::holder_of(SeatKind::Person);
    let code = |a: Actor, act: Action, at: &Situation| decide(a, act, at).err().map(|f| f.code);
    // A rated game between people: no take-back in any form, no hint.
    assert_eq!(
        code(holder, Action::TakeBack, &people),
        Some(Code::NotBetweenPeople)
    );
    assert_eq!(
        code(holder, Action::Offer(OfferKind::TakeBack), &people),
        Some(Code::NotCasual)
    );
    assert_eq!(
        code(holder, Action::Hint, &people),
        Some(Code::NotBetweenPeople)
    );
    assert_eq!(
        code(holder, Action::Analysis, &people),
        Some(Code::NotBetweenPeople)
    );
    let may_people = may(&people);
    for shown in [
        Action::TakeBack,
        Action::Offer(OfferKind::TakeBack),
        Action::Hint,
    ] {
        assert!(
            !may_people.players[0].now.contains(&shown),
            "{shown:?} offered in a rated game between people"
        );
    }
    assert!(may_people.players[0].now.contains(&Action::Stroke));
    assert!(
        !may_people.players[1].now.contains(&Action::Stroke),
        "not p1's turn"
    );
    assert!(
        !may_people.players[1].now.contains(&Action::Aim),
        "the aid is the stroker's own"
    );
    assert!(may_people
        .watcher
        .now
        .iter()
        .all(|a| *a == Action::Chat(None)));
    // Against the computer the whole table is the person's.
    let may_alone = may(&computer);
    for shown in [Action::TakeBack, Action::Hint, Action::Stroke, Action::Aim] {
        assert!(may_alone.players[0].now.contains(&shown), "{shown:?}");
    }
    assert!(
        may_alone.players[1] == Allowed::default(),
        "the computer's seat is nobody's"
    );
    assert_eq!(
        code(Actor::watcher(), Action::Stroke, &computer),
        Some(Code::NotAPlayer)
    );
    // A seat waiting for its invited person: nobody strokes yet, new
    // links may be asked for.
    let invited = situation(Kind::Casual, Opponent::Invited, Phase::SetRunning);
    assert_eq!(
        code(holder, Action::Stroke, &invited),
        Some(Code::SeatsOpen)
    );
    assert!(may(&invited).players[0].now.contains(&Action::NewLinks));
}

/// A seat is its holder's alone, from the seats a game stores.
#[test]
fn the_actor_is_read_from_the_seats() {
    let (a, b) = (PersonId::random(), PersonId::random());
    let row = |player: u32, person: Option<&PersonId>| SeatRow {
        player: PlayerId(player as usize),
        person: person.cloned(),
        invite_hash: None,
    };
    let seats = Seats::new([false, false], &[row(0, Some(&a)), row(1, Some(&b))]);
    let (p0, p1) = (Some(PlayerId(0)), Some(PlayerId(1)));
    let at = situation(Kind::Casual, Opponent::Person, Phase::SetRunning);
    let stroke = |who: Option<&PersonId>, p| {
        decide(Actor::toward(&seats, who, p), Action::Stroke, &at)
            .err()
            .map(|f| f.code)
    };
    assert_eq!(stroke(Some(&a), p0), None);
    assert_eq!(stroke(Some(&a), p1), Some(Code::NotYourSeat));
    assert_eq!(stroke(None, p0), Some(Code::NotAPlayer));
    assert_eq!(
        stroke(Some(&PersonId::random()), p0),
        Some(Code::NotAPlayer)
    );
    assert_eq!(Actor::toward(&seats, Some(&b), None).role, Role::Holder);
    // Answering an offer of player 0: player 1's holder is asked.
    assert_eq!(
        Actor::answering(&seats, Some(&b), [PlayerId(1)]).role,
        Role::Holder
    );
    assert_eq!(
        Actor::answering(&seats, Some(&a), [PlayerId(1)]).role,
        Role::OtherPlayer
    );
    let computer = Seats::new([false, true], &[row(0, Some(&a))]);
    let alone = situation(Kind::Casual, Opponent::Computer, Phase::SetRunning);
    assert!(decide(
        Actor::toward(&computer, Some(&a), None),
        Action::Hint,
        &alone
    )
    .is_ok());
    assert_eq!(
        decide(
            Actor::toward(&computer, Some(&a), p1),
            Action::Stroke,
            &alone
        )
        .unwrap_err()
        .code,
        Code::ComputerSeat
    );
}
