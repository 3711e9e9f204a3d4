//! A team match's boards at their tables (issue 33, "The table protocol"
//! and "Referees", for the leagues of issue 32's teams): each board of a
//! team match is a table with a protocol of its own, recorded by its two
//! players' phones or a referee; what stands there is the board's result
//! in the team match, as the desk would enter it. Penalties are given on
//! a team board. Refusals change nothing, and the change log rebuilds the
//! same competition.

use novuss_club::competition::{Conduct, Outcome, Recorder, Refusal, SetRecord, Step, TableMatch};
use novuss_club::teams::{RosterPlace, TeamSide};
use novuss_club::{Change, Competition, Entry, Side, System, Team, TeamRules};
use novuss_core::MatchFormat;

use crate::support::setup;

/// Four teams of three players, two boards a match, six sets a board
/// (3:3 a draw), paired for round 1 of a Swiss: A–C and B–D (or as the
/// pairing has it) on tables 1–2 and 3–4.
fn paired() -> (Competition, Vec<Change>) {
    let mut s = setup("Līga", System::Swiss { rounds: 3 }, MatchFormat::Sets(6), 4);
    s.teams = Some(TeamRules {
        boards: 2,
        ..TeamRules::default()
    });
    let mut c = Competition::new(s).unwrap();
    let mut log = Vec::new();
    for name in ["A", "B", "C", "D"] {
        let change = Change::EnterTeam {
            team: Team {
                name: name.into(),
                club: None,
                roster: (1..=3)
                    .map(|k| Entry::named(&format!("{name} {k}")))
                    .collect(),
            },
        };
        c.apply(&change).unwrap();
        log.push(change);
    }
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    log.push(pairing);
    (c, log)
}

/// A set of the board won by `winner`, broken by `broke`.
fn set(n: u32, winner: Side, broke: Side) -> Step {
    Step::Set {
        set: n,
        record: SetRecord {
            winner: Some(winner),
            broke,
            cleared: None,
            penalty_discs: [0, 0],
        },
    }
}

fn step(team_match: u32, board: u32, by: Recorder, entry: &str, step: Step) -> Change {
    Change::AtTable {
        round: 1,
        team_match: Some(team_match),
        board,
        by,
        entry: entry.into(),
        step,
    }
}

/// Applies `change`, kept in `log`; on a refusal checks that nothing
/// changed.
fn apply(c: &mut Competition, log: &mut Vec<Change>, change: Change) -> Result<(), Refusal> {
    let before = c.clone();
    let r = c.apply(&change);
    match r {
        Ok(()) => log.push(change),
        Err(_) => assert_eq!(*c, before, "a refused change changed the competition"),
    }
    r
}

/// Records board `board` of team match 1 from both phones as 4:1 for
/// the first-named team's player, breaks alternating from `breaks`, and
/// confirms it from both.
fn play_board(c: &mut Competition, log: &mut Vec<Change>, board: u32, breaks: Side) {
    let winners = [
        Side::First,
        Side::First,
        Side::Second,
        Side::First,
        Side::First,
    ];
    for (k, w) in winners.iter().enumerate() {
        let n = k as u32 + 1;
        let broke = if n % 2 == 1 { breaks } else { other(breaks) };
        // Each phone records the set: the second is an agreement.
        for by in [Recorder::First, Recorder::Second] {
            let entry = format!("b{board}-{by:?}-{n}");
            apply(c, log, step(1, board, by, &entry, set(n, *w, broke))).unwrap();
        }
    }
    let at = TableMatch::team(1, 1, board);
    assert_eq!(c.table_protocol(at).unwrap().score, [4, 1]);
    apply(
        c,
        log,
        step(
            1,
            board,
            Recorder::First,
            &format!("b{board}-c1"),
            Step::Confirm {},
        ),
    )
    .unwrap();
    assert!(
        !c.table_protocol(at).unwrap().stands,
        "one side's signature"
    );
    apply(
        c,
        log,
        step(
            1,
            board,
            Recorder::Second,
            &format!("b{board}-c2"),
            Step::Confirm {},
        ),
    )
    .unwrap();
    assert!(c.table_protocol(at).unwrap().stands);
}

fn other(side: Side) -> Side {
    match side {
        Side::First => Side::Second,
        Side::Second => Side::First,
    }
}

#[test]
fn each_board_of_a_team_match_is_a_table_whose_result_is_the_boards() {
    let (mut c, mut log) = paired();
    let (first, second) = {
        let b = &c.rounds()[0].boards[0];
        (b.paired.first, b.paired.second)
    };
    let name = |e: novuss_club::Entrant| c.entrants()[e.0 as usize - 1].entry.name.clone();
    let (a, b) = (name(first), name(second));

    // Board 1: the first-named team's first player against the other's,
    // on the block's first table, breaking first; board 2 on the next
    // table, the other team's player breaking first (teams/line_up.rs).
    let one = c.at_table(TableMatch::team(1, 1, 1)).unwrap();
    assert_eq!(one.first.unwrap().name, format!("{a} 1"));
    assert_eq!(one.second.unwrap().name, format!("{b} 1"));
    assert_eq!(
        one.teams.map(|t| [t[0].name.clone(), t[1].name.clone()]),
        Some([a.clone(), b.clone()])
    );
    assert_eq!(one.breaks, Side::First);
    let table = c.rounds()[0].boards[0].paired.table.unwrap();
    assert_eq!(one.table, Some(table));
    let two = c.at_table(TableMatch::team(1, 1, 2)).unwrap();
    assert_eq!(two.first.unwrap().name, format!("{a} 2"));
    assert_eq!(two.breaks, Side::Second);
    assert_eq!(two.table, Some(table + 1));

    play_board(&mut c, &mut log, 1, Side::First);
    play_board(&mut c, &mut log, 2, Side::Second);

    // Both boards stand: the match is 2:0 in board points (a won board
    // is 2 by default), decided, and shown on its pairing.
    for board in [1, 2] {
        assert_eq!(
            c.at_table(TableMatch::team(1, 1, board)).unwrap().outcome,
            Some(Outcome::Sets {
                first: 4,
                second: 1
            })
        );
    }
    assert_eq!(
        c.rounds()[0].boards[0].outcome,
        Some(Outcome::Team {
            first: 4,
            second: 0
        })
    );
    // The other match's tables are untouched.
    assert!(c.table_protocol(TableMatch::team(1, 2, 1)).is_none());
    assert_eq!(c.rounds()[0].boards[1].outcome, None);

    // Standing, the board's result changes only at the desk.
    assert_eq!(
        apply(
            &mut c,
            &mut log,
            step(1, 1, Recorder::Referee, "late", Step::Undo { set: 5 })
        ),
        Err(Refusal::ResultIn { round: 1, board: 1 })
    );

    // The change log rebuilds the same competition, protocols included.
    let mut again = Competition::new(c.setup().clone()).unwrap();
    for change in &log {
        again.apply(change).unwrap();
    }
    assert_eq!(again, c);
    assert_eq!(
        serde_json::to_value(&again).unwrap()["tables"],
        serde_json::to_value(&c).unwrap()["tables"]
    );
    let tables = serde_json::to_value(&c).unwrap()["tables"].clone();
    assert_eq!(tables[0]["team_match"], 1);
    assert_eq!(tables[1]["board"], 2);
}

#[test]
fn a_referee_confirms_a_team_board_and_the_desk_closes_another() {
    let (mut c, mut log) = paired();
    let at = TableMatch::team(1, 2, 1);
    for n in 1..=4 {
        let broke = if n % 2 == 1 {
            Side::First
        } else {
            Side::Second
        };
        apply(
            &mut c,
            &mut log,
            step(
                2,
                1,
                Recorder::Second,
                &format!("s{n}"),
                set(n, Side::Second, broke),
            ),
        )
        .unwrap();
    }
    // A seventh set would be past the end; 0:4 ends it.
    assert_eq!(
        c.table_protocol(at).unwrap().over,
        Some(novuss_core::MatchResult::Second)
    );
    apply(
        &mut c,
        &mut log,
        step(2, 1, Recorder::Referee, "ref", Step::Confirm {}),
    )
    .unwrap();
    assert!(c.table_protocol(at).unwrap().stands);
    assert_eq!(
        c.at_table(at).unwrap().outcome,
        Some(Outcome::Sets {
            first: 0,
            second: 4
        })
    );

    // Board 2's result entered at the desk: its table takes no more.
    apply(
        &mut c,
        &mut log,
        Change::BoardResult {
            round: 1,
            team_match: 2,
            board: 2,
            outcome: Outcome::Sets {
                first: 3,
                second: 3,
            },
        },
    )
    .unwrap();
    assert_eq!(
        apply(
            &mut c,
            &mut log,
            step(
                2,
                2,
                Recorder::First,
                "x1",
                set(1, Side::First, Side::Second)
            )
        ),
        Err(Refusal::ResultIn { round: 1, board: 2 })
    );
    assert_eq!(
        c.rounds()[0].boards[1].outcome,
        Some(Outcome::Team {
            first: 1,
            second: 3
        })
    );
}

#[test]
fn a_team_table_is_named_by_its_match_and_a_board_with_a_player() {
    let (mut c, mut log) = paired();
    // A team competition's table names its team match; a competition of
    // players' does not.
    assert_eq!(
        apply(
            &mut c,
            &mut log,
            Change::AtTable {
                round: 1,
                team_match: None,
                board: 1,
                by: Recorder::First,
                entry: "e1".into(),
                step: set(1, Side::First, Side::First),
            }
        ),
        Err(Refusal::NotForTeams)
    );
    assert_eq!(
        apply(
            &mut c,
            &mut log,
            step(
                3,
                1,
                Recorder::First,
                "e2",
                set(1, Side::First, Side::First)
            )
        ),
        Err(Refusal::NoSuchTeamMatch {
            round: 1,
            team_match: 3
        })
    );
    assert_eq!(
        apply(
            &mut c,
            &mut log,
            step(
                1,
                3,
                Recorder::First,
                "e3",
                set(1, Side::First, Side::First)
            )
        ),
        Err(Refusal::NoSuchTeamBoard {
            board: 3,
            boards: 2
        })
    );
    // The first team plays one player only: board 2 is empty, and its
    // table records nothing and takes no penalty.
    apply(
        &mut c,
        &mut log,
        Change::LineUp {
            round: 1,
            team_match: 1,
            side: TeamSide::First,
            players: vec![RosterPlace(1)],
        },
    )
    .unwrap();
    assert_eq!(
        apply(
            &mut c,
            &mut log,
            step(
                1,
                2,
                Recorder::First,
                "e4",
                set(1, Side::First, Side::Second)
            )
        ),
        Err(Refusal::EmptyTeamBoard { board: 2 })
    );
    assert_eq!(
        apply(
            &mut c,
            &mut log,
            Change::RevokeTableLink {
                round: 1,
                team_match: Some(1),
                board: 2,
            }
        ),
        Err(Refusal::EmptyTeamBoard { board: 2 })
    );

    // A board's link revoked moves its generation alone.
    apply(
        &mut c,
        &mut log,
        Change::RevokeTableLink {
            round: 1,
            team_match: Some(2),
            board: 2,
        },
    )
    .unwrap();
    assert_eq!(c.table_link(TableMatch::team(1, 2, 2)), 1);
    assert_eq!(c.table_link(TableMatch::team(1, 2, 1)), 0);
    assert_eq!(c.table_link(TableMatch::team(1, 1, 2)), 0);

    // A singles competition's table names no team match.
    let mut singles = crate::support::seeded(
        setup(
            "Kauss",
            System::Swiss { rounds: 3 },
            MatchFormat::Sets(6),
            2,
        ),
        4,
    );
    let pairing = singles.pair_next().unwrap();
    singles.apply(&pairing).unwrap();
    assert_eq!(
        singles.apply(&step(
            1,
            1,
            Recorder::First,
            "e5",
            set(1, Side::First, Side::First)
        )),
        Err(Refusal::OnlyForTeams)
    );
}

#[test]
fn a_penalty_is_given_on_a_team_board_to_a_teams_player() {
    let (mut c, mut log) = paired();
    let penalty = |team_match: Option<u32>, board: u32, side: Side| Change::Penalty {
        round: 1,
        team_match,
        board,
        side,
        conduct: Conduct::Warning,
        clause: "000 1.28".into(),
    };
    apply(&mut c, &mut log, penalty(Some(2), 2, Side::Second)).unwrap();
    let p = &c.penalties()[0];
    assert_eq!(
        (p.round, p.team_match, p.board, p.side),
        (1, Some(2), 2, Side::Second)
    );
    assert_eq!(
        serde_json::to_value(p).unwrap()["team_match"],
        serde_json::json!(2)
    );
    assert_eq!(
        apply(&mut c, &mut log, penalty(None, 1, Side::First)),
        Err(Refusal::NotForTeams)
    );
    assert_eq!(
        apply(&mut c, &mut log, penalty(Some(1), 5, Side::First)),
        Err(Refusal::NoSuchTeamBoard {
            board: 5,
            boards: 2
        })
    );
    // The second team does not come to match 1: nobody of theirs to
    // penalise there, while their opponents still may be.
    apply(
        &mut c,
        &mut log,
        Change::LineUp {
            round: 1,
            team_match: 1,
            side: TeamSide::Second,
            players: vec![],
        },
    )
    .unwrap();
    assert_eq!(
        apply(&mut c, &mut log, penalty(Some(1), 1, Side::Second)),
        Err(Refusal::EmptyTeamBoard { board: 1 })
    );
    apply(&mut c, &mut log, penalty(Some(1), 1, Side::First)).unwrap();
    assert_eq!(c.penalties().len(), 2);
}
