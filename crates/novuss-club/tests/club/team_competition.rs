//! A team competition run change by change (issue 32, "Teams"): teams
//! entered with their rosters, rounds paired as team matches, results
//! board by board, a match decided once a team has passed half of the
//! board points, a walkover, team standings worked out by hand, the
//! refusals (each changing nothing), and a competition rebuilt from its
//! change log giving the same standings.

use novuss_club::competition::{Outcome, Refusal};
use novuss_club::teams::{RosterPlace, TeamRow, TeamSide};
use novuss_club::{Change, Competition, Cycles, Entrant, Entry, Places, System, Team, TeamRules};
use novuss_core::MatchFormat;
use proptest::prelude::*;

use crate::support::setup;

/// A team set-up: `boards` boards, six sets a match (3:3 a draw).
fn team_setup(system: System, boards: u32) -> novuss_club::Setup {
    let mut s = setup("Team championship", system, MatchFormat::Sets(6), 16);
    s.teams = Some(TeamRules {
        boards,
        ..TeamRules::default()
    });
    s
}

/// A team named `name` with `players` players "`name` 1", "`name` 2", …
fn team(name: &str, players: u32) -> Team {
    Team {
        name: name.into(),
        club: Some(format!("{name} NK")),
        roster: (1..=players)
            .map(|k| Entry::named(&format!("{name} {k}")))
            .collect(),
    }
}

/// A 4-board competition of teams A, B, C, D (five players each).
fn four_teams(system: System) -> (Competition, Vec<Change>) {
    let mut c = Competition::new(team_setup(system, 4)).unwrap();
    let mut log = Vec::new();
    for name in ["A", "B", "C", "D"] {
        let change = Change::EnterTeam {
            team: team(name, 5),
        };
        c.apply(&change).unwrap();
        log.push(change);
    }
    (c, log)
}

fn apply(c: &mut Competition, log: &mut Vec<Change>, change: Change) {
    c.apply(&change)
        .unwrap_or_else(|r| panic!("{change:?} refused: {r}"));
    log.push(change);
}

/// Sets of a won board, a lost one and a drawn one (six sets).
const WIN: (u32, u32) = (4, 1);
const LOSS: (u32, u32) = (2, 4);
const DRAW: (u32, u32) = (3, 3);

/// The planned boards of a meeting, from the lower-numbered team's side,
/// in the order they are entered; `None`: the higher-numbered team does
/// not come.
fn plan(low: u32, high: u32) -> Option<Vec<(u32, (u32, u32))>> {
    Some(match (low, high) {
        // Two boards each: 4:4, drawn, never decided early.
        (1, 2) => vec![(1, WIN), (2, WIN), (3, LOSS), (4, LOSS)],
        // A passes half on board 3 (6 of 8); board 4 comes in after and
        // counts for nothing.
        (1, 3) => vec![(1, WIN), (2, WIN), (3, WIN), (4, LOSS)],
        // 2+1+1 after three boards, decided on board 4: 5:3.
        (1, 4) => vec![(1, WIN), (2, DRAW), (3, DRAW), (4, DRAW)],
        // B 4:2 after three boards, board 4 drawn: 5:3.
        (2, 3) => vec![(1, WIN), (2, WIN), (3, LOSS), (4, DRAW)],
        // D does not come: a walkover.
        (2, 4) => return None,
        // Every board drawn: 4:4.
        (3, 4) => vec![(1, DRAW), (2, DRAW), (3, DRAW), (4, DRAW)],
        _ => unreachable!("four teams"),
    })
}

/// Plays every round of a round robin of `four_teams` by [`plan`].
fn play_round_robin() -> (Competition, Vec<Change>) {
    let (mut c, mut log) = four_teams(System::RoundRobin {
        cycles: Cycles::Single,
    });
    for round in 1..=3 {
        let pairing = c.pair_next().unwrap();
        apply(&mut c, &mut log, pairing);
        let boards = c.rounds()[round as usize - 1].boards.clone();
        for (m, b) in boards.iter().enumerate() {
            let (f, s) = (b.paired.first.0, b.paired.second.0);
            let (low, high) = (f.min(s), f.max(s));
            let team_match = m as u32 + 1;
            match plan(low, high) {
                None => {
                    let side = if b.paired.first.0 == high {
                        TeamSide::First
                    } else {
                        TeamSide::Second
                    };
                    apply(
                        &mut c,
                        &mut log,
                        Change::LineUp {
                            round,
                            team_match,
                            side,
                            players: vec![],
                        },
                    );
                }
                Some(boards) => {
                    for (board, (x, y)) in boards {
                        let (first, second) = if f == low { (x, y) } else { (y, x) };
                        apply(
                            &mut c,
                            &mut log,
                            Change::BoardResult {
                                round,
                                team_match,
                                board,
                                outcome: Outcome::Sets { first, second },
                            },
                        );
                    }
                }
            }
        }
    }
    (c, log)
}

fn row(
    place: (u32, u32),
    team: u32,
    mp: u32,
    bp: u32,
    against: u32,
) -> (Places, Entrant, u32, u32, u32) {
    (
        Places {
            first: place.0,
            last: place.1,
        },
        Entrant(team),
        mp,
        bp,
        against,
    )
}

fn rows(standings: &[TeamRow]) -> Vec<(Places, Entrant, u32, u32, u32)> {
    standings
        .iter()
        .map(|r| {
            (
                r.place,
                r.team,
                r.match_points,
                r.board_points,
                r.board_points_against,
            )
        })
        .collect()
}

#[test]
fn a_four_team_round_robin_of_four_boards_to_its_end() {
    let (c, _) = play_round_robin();
    assert!(c.finished());
    // By hand, match points (2/1/0) then board points:
    // A: drew B 4:4, beat C 6:0 (board 4 after the decision not
    //    counted), beat D 5:3: 5 match points, 15:7 board points.
    // B: drew A 4:4, beat C 5:3, walkover over D 8:0: 5, 17:7.
    // C: lost 0:6 and 3:5, drew D 4:4: 1, 7:15.
    // D: lost 3:5 and 0:8 (walkover), drew C 4:4: 1, 7:17.
    // B over A on board points; C and D level on both, and their direct
    // encounter was drawn: they share 3rd-4th.
    assert_eq!(
        rows(&c.team_standings().unwrap()),
        vec![
            row((1, 1), 2, 5, 17, 7),
            row((2, 2), 1, 5, 15, 7),
            row((3, 4), 3, 1, 7, 15),
            row((3, 4), 4, 1, 7, 17),
        ]
    );
    let view = serde_json::to_value(&c).unwrap();
    // Every round's matches, board by board, in the view readers get.
    let rounds = view["teams"]["rounds"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    let ac = rounds
        .iter()
        .flat_map(|r| r["matches"].as_array().unwrap())
        .find(|m| {
            let t = [m["first"].as_u64(), m["second"].as_u64()];
            t.contains(&Some(1)) && t.contains(&Some(3))
        })
        .unwrap();
    assert_eq!(ac["deciding_board"], 3);
    assert_eq!(ac["boards"][3]["status"], "after_decision");
    // A's board-1 player won all three of their boards.
    let a1 = view["teams"]["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["team"] == 1 && p["place"] == 1)
        .unwrap();
    assert_eq!((&a1["boards"], &a1["points"]), (&3.into(), &6.into()));
}

#[test]
fn a_match_is_decided_once_a_team_has_passed_half_and_its_pairing_shows_it() {
    let (mut c, mut log) = four_teams(System::Swiss { rounds: 3 });
    let pairing = c.pair_next().unwrap();
    apply(&mut c, &mut log, pairing);
    let board = |c: &Competition| c.rounds()[0].boards[0];
    // Each match plays on a block of four tables, one per board.
    assert_eq!(c.rounds()[0].boards[0].paired.table, Some(1));
    assert_eq!(c.rounds()[0].boards[1].paired.table, Some(5));
    for b in 1..=2 {
        apply(
            &mut c,
            &mut log,
            Change::BoardResult {
                round: 1,
                team_match: 1,
                board: b,
                outcome: Outcome::Sets {
                    first: 4,
                    second: 0,
                },
            },
        );
        assert_eq!(board(&c).outcome, None, "4 of 8 is half, not past it");
    }
    apply(
        &mut c,
        &mut log,
        Change::BoardResult {
            round: 1,
            team_match: 1,
            board: 3,
            outcome: Outcome::Forfeit {
                winner: novuss_club::Side::First,
            },
        },
    );
    assert_eq!(
        board(&c).outcome,
        Some(Outcome::Team {
            first: 6,
            second: 0
        })
    );
    // A correction that takes the first team back under half reopens it.
    apply(
        &mut c,
        &mut log,
        Change::BoardResult {
            round: 1,
            team_match: 1,
            board: 3,
            outcome: Outcome::Sets {
                first: 0,
                second: 4,
            },
        },
    );
    assert_eq!(board(&c).outcome, None);
    // The next round waits for every match.
    assert_eq!(c.pair_next(), Err(Refusal::RoundOpen { round: 1 }));
    // A pairing with results in cannot be taken back.
    assert_eq!(
        c.apply(&Change::Unpair { round: 1 }),
        Err(Refusal::HasResults { round: 1 })
    );
}

#[test]
fn a_line_up_with_a_reserve_moves_the_players_below_up() {
    let (mut c, mut log) = four_teams(System::Swiss { rounds: 3 });
    let pairing = c.pair_next().unwrap();
    apply(&mut c, &mut log, pairing);
    apply(
        &mut c,
        &mut log,
        Change::BoardResult {
            round: 1,
            team_match: 1,
            board: 4,
            outcome: Outcome::Sets {
                first: 4,
                second: 2,
            },
        },
    );
    // Player 2 sits out, the reserve (5) comes in on board 4.
    apply(
        &mut c,
        &mut log,
        Change::LineUp {
            round: 1,
            team_match: 1,
            side: TeamSide::First,
            players: [1, 3, 4, 5].map(RosterPlace).to_vec(),
        },
    );
    let view = serde_json::to_value(&c).unwrap();
    let m = &view["teams"]["rounds"][0]["matches"][0];
    assert_eq!(m["boards"][1]["first"], 3);
    assert_eq!(m["boards"][3]["first"], 5);
    // The board-4 result stands: both line-ups still field a player there.
    assert_eq!(m["boards"][3]["status"], "counted");
    // Three players: board 4 is lost by forfeit, and its result no
    // longer stands.
    apply(
        &mut c,
        &mut log,
        Change::LineUp {
            round: 1,
            team_match: 1,
            side: TeamSide::First,
            players: [1, 2, 3].map(RosterPlace).to_vec(),
        },
    );
    let view = serde_json::to_value(&c).unwrap();
    let m = &view["teams"]["rounds"][0]["matches"][0];
    assert_eq!(
        m["boards"][3]["result"],
        serde_json::json!({"kind": "absent", "side": "first"})
    );
    assert_eq!(m["boards"][3]["entered"], serde_json::Value::Null);
}

/// `change` is refused with `why`, and `c` is as it was.
fn refused(c: &mut Competition, change: Change, why: Refusal) {
    let before = c.clone();
    assert_eq!(c.apply(&change), Err(why), "{change:?}");
    assert_eq!(*c, before);
}

#[test]
fn refusals_are_typed_and_change_nothing() {
    let (mut c, _) = four_teams(System::RoundRobin {
        cycles: Cycles::Single,
    });
    refused(
        &mut c,
        Change::EnterTeam { team: team("E", 3) },
        Refusal::TeamTooSmall {
            players: 3,
            boards: 4,
        },
    );
    let mut two = team("E", 5);
    two.roster[3] = Entry::named("B 2");
    refused(
        &mut c,
        Change::EnterTeam { team: two },
        Refusal::PlayerInTwoTeams {
            team: Entrant(2),
            place: 2,
        },
    );
    let mut twice = team("E", 5);
    twice.roster[4] = Entry::named("e 1");
    refused(
        &mut c,
        Change::EnterTeam { team: twice },
        Refusal::PlayerInTwoTeams {
            team: Entrant(5),
            place: 1,
        },
    );
    refused(
        &mut c,
        Change::EnterTeam { team: team("a", 5) },
        Refusal::TeamNameTaken {
            entrant: Entrant(1),
        },
    );
    refused(
        &mut c,
        Change::Enter {
            entry: Entry::named("Solo"),
        },
        Refusal::NotForTeams,
    );
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    let result = |team_match, board, first, second| Change::BoardResult {
        round: 1,
        team_match,
        board,
        outcome: Outcome::Sets { first, second },
    };
    // Six sets: 2:1 is not the end of a match.
    refused(
        &mut c,
        result(1, 1, 2, 1),
        Refusal::Score {
            first: 2,
            second: 1,
            needed: 4,
            why: MatchFormat::Sets(6).check((2, 1)).unwrap_err(),
        },
    );
    refused(
        &mut c,
        result(1, 5, 4, 0),
        Refusal::NoSuchTeamBoard {
            board: 5,
            boards: 4,
        },
    );
    refused(
        &mut c,
        result(3, 1, 4, 0),
        Refusal::NoSuchTeamMatch {
            round: 1,
            team_match: 3,
        },
    );
    let first = c.rounds()[0].boards[0].paired.first;
    refused(
        &mut c,
        Change::LineUp {
            round: 1,
            team_match: 1,
            side: TeamSide::First,
            players: [1, 2, 3, 9].map(RosterPlace).to_vec(),
        },
        Refusal::NotOnRoster {
            team: first,
            board: 4,
            place: 9,
        },
    );
    refused(
        &mut c,
        Change::LineUp {
            round: 1,
            team_match: 1,
            side: TeamSide::First,
            players: [2, 1].map(RosterPlace).to_vec(),
        },
        Refusal::LineUpOrder {
            team: first,
            board: 2,
        },
    );
    refused(
        &mut c,
        Change::Result {
            round: 1,
            board: 1,
            outcome: Outcome::Sets {
                first: 4,
                second: 0,
            },
        },
        Refusal::NotForTeams,
    );
    refused(
        &mut c,
        Change::BoardResult {
            round: 1,
            team_match: 1,
            board: 1,
            outcome: Outcome::Team {
                first: 8,
                second: 0,
            },
        },
        Refusal::TeamOutcome,
    );
    refused(
        &mut c,
        Change::EnterTeam { team: team("F", 5) },
        Refusal::EntriesClosed,
    );
}

#[test]
fn a_team_set_up_is_checked_and_a_competition_of_players_refuses_teams() {
    let ko = team_setup(System::Knockout { third_place: false }, 4);
    assert_eq!(Competition::new(ko).unwrap_err(), Refusal::TeamSystem);
    let mut few = team_setup(System::Swiss { rounds: 3 }, 4);
    few.tables = 3;
    assert_eq!(
        Competition::new(few).unwrap_err(),
        Refusal::TeamTables {
            tables: 3,
            boards: 4
        }
    );
    assert!(matches!(
        Competition::new(team_setup(System::Swiss { rounds: 3 }, 0)),
        Err(Refusal::TeamRules { .. })
    ));
    let mut players = Competition::new(setup(
        "Open",
        System::Swiss { rounds: 3 },
        MatchFormat::Sets(6),
        4,
    ))
    .unwrap();
    refused(
        &mut players,
        Change::EnterTeam { team: team("A", 4) },
        Refusal::OnlyForTeams,
    );
    // One of players says it has no teams.
    let json = serde_json::to_value(&players).unwrap();
    assert!(json["teams"].is_null() && json["setup"]["teams"].is_null());
    // Only the boards need be given.
    let rules: TeamRules = serde_json::from_str(r#"{"boards":3}"#).unwrap();
    assert_eq!(rules.boards, 3);
    assert_eq!(rules.match_points, TeamRules::default().match_points);
}

/// One change the property test tries: a board's result (valid or not)
/// or a line-up, in round 1's or round 2's matches.
#[derive(Clone, Debug)]
enum Try {
    Board(u32, u32, (u32, u32)),
    Forfeit(u32, u32, bool),
    LineUp(u32, bool, Vec<u32>),
    Pair,
}

fn tries() -> impl Strategy<Value = Try> {
    prop_oneof![
        6 => (1..=3u32, 0..=5u32, (0..=4u32, 0..=4u32)).prop_map(|(m, b, s)| Try::Board(m, b, s)),
        1 => (1..=2u32, 1..=4u32, any::<bool>()).prop_map(|(m, b, w)| Try::Forfeit(m, b, w)),
        1 => (1..=2u32, any::<bool>(), proptest::collection::vec(0..=6u32, 0..=5))
            .prop_map(|(m, s, p)| Try::LineUp(m, s, p)),
        1 => Just(Try::Pair),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Any sequence of board results, line-ups and pairings, accepted or
    /// refused: a refusal changes nothing, and the competition rebuilt
    /// from the changes accepted is the same, standings and all.
    #[test]
    fn rebuilding_from_the_change_log_gives_the_same_standings(
        steps in proptest::collection::vec(tries(), 1..60),
        swiss in any::<bool>(),
    ) {
        let system = if swiss {
            System::Swiss { rounds: 3 }
        } else {
            System::RoundRobin { cycles: Cycles::Single }
        };
        let (mut c, mut log) = four_teams(system);
        let first = c.pair_next().unwrap();
        c.apply(&first).unwrap();
        log.push(first);
        for step in steps {
            let round = c.rounds().len() as u32;
            let change = match step {
                Try::Board(team_match, board, (first, second)) => Change::BoardResult {
                    round, team_match, board, outcome: Outcome::Sets { first, second },
                },
                Try::Forfeit(team_match, board, first_won) => Change::BoardResult {
                    round, team_match, board,
                    outcome: Outcome::Forfeit {
                        winner: if first_won { novuss_club::Side::First } else { novuss_club::Side::Second },
                    },
                },
                Try::LineUp(team_match, first, players) => Change::LineUp {
                    round, team_match,
                    side: if first { TeamSide::First } else { TeamSide::Second },
                    players: players.into_iter().map(RosterPlace).collect(),
                },
                Try::Pair => match c.pair_next() {
                    Ok(p) => p,
                    Err(_) => continue,
                },
            };
            let before = c.clone();
            match c.apply(&change) {
                Ok(()) => log.push(change),
                Err(_) => prop_assert_eq!(&c, &before),
            }
        }
        let mut again = Competition::new(c.setup().clone()).unwrap();
        for change in &log {
            again.apply(change).unwrap();
        }
        prop_assert_eq!(again.team_standings(), c.team_standings());
        prop_assert_eq!(serde_json::to_value(&again).unwrap(), serde_json::to_value(&c).unwrap());
        // Every finished match gives out 2 team match points, whoever
        // won (a draw is 1 each, a walkover 2:0), but one neither team
        // came to (0:0).
        let outcomes = || c.rounds().iter().flat_map(|r| &r.boards).filter_map(|b| b.outcome);
        let finished = outcomes().count() as u32;
        let neither = outcomes().filter(|o| *o == Outcome::BothAbsent).count() as u32;
        let points: u32 = c.team_standings().unwrap().iter().map(|r| r.match_points).sum();
        prop_assert_eq!(points, 2 * (finished - neither));
    }
}

#[test]
fn a_team_swiss_of_three_gives_its_bye_a_wins_points_and_pairs_that_team_next() {
    let mut c = Competition::new(team_setup(System::Swiss { rounds: 2 }, 4)).unwrap();
    for name in ["A", "B", "C"] {
        c.apply(&Change::EnterTeam {
            team: team(name, 4),
        })
        .unwrap();
    }
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    let rest = c.rounds()[0].rests[0];
    assert_eq!(rest.bye, novuss_club::Bye::PairingAllocated);
    // The bye: a won match's 2 match points and half the 8 board points
    // (`TeamRules::bye_board_points`), before any board is played.
    let row = |c: &Competition, t: Entrant| {
        c.team_standings()
            .unwrap()
            .into_iter()
            .find(|r| r.team == t)
            .unwrap()
    };
    let bye = row(&c, rest.entrant);
    assert_eq!((bye.byes, bye.match_points, bye.board_points), (1, 2, 4));
    // The match: the first-named team wins every board.
    for board in 1..=3 {
        c.apply(&Change::BoardResult {
            round: 1,
            team_match: 1,
            board,
            outcome: Outcome::Sets {
                first: 4,
                second: 0,
            },
        })
        .unwrap();
    }
    assert!(c.rounds()[0].complete());
    // The FIDE standings over the teams can be computed too (the server
    // shows them beside the team standings), on team match points.
    let fide = c.standings().unwrap();
    assert_eq!(fide.rows.len(), 3);
    // Round 2 pairs the bye team, and never the same two teams again.
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    let r2 = &c.rounds()[1];
    assert!(r2
        .boards
        .iter()
        .any(|b| b.paired.first == rest.entrant || b.paired.second == rest.entrant));
}

#[test]
fn a_team_that_withdraws_from_a_round_robin_loses_its_later_matches_by_walkover() {
    let (mut c, _) = four_teams(System::RoundRobin {
        cycles: Cycles::Single,
    });
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    for m in 1..=2 {
        for board in 1..=3 {
            c.apply(&Change::BoardResult {
                round: 1,
                team_match: m,
                board,
                outcome: Outcome::Sets {
                    first: 4,
                    second: 1,
                },
            })
            .unwrap();
        }
    }
    c.apply(&Change::Withdraw {
        entrant: Entrant(4),
    })
    .unwrap();
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    let (m, b) = c.rounds()[1]
        .boards
        .iter()
        .enumerate()
        .find(|(_, b)| b.paired.first == Entrant(4) || b.paired.second == Entrant(4))
        .unwrap();
    let winner = if b.paired.first == Entrant(4) {
        novuss_club::Side::Second
    } else {
        novuss_club::Side::First
    };
    // Decided by the pairing: a walkover, with the whole board points.
    assert_eq!(b.outcome, Some(Outcome::Forfeit { winner }));
    assert!(b.by_pairing);
    let view = serde_json::to_value(&c).unwrap();
    let walkover = &view["teams"]["rounds"][1]["matches"][m];
    assert_eq!(walkover["outcome"]["kind"], "walkover");
    assert_eq!(
        (walkover["first_points"].as_u64().unwrap() + walkover["second_points"].as_u64().unwrap()),
        8
    );
    // Such a round can still be taken back while nothing else is in.
    c.apply(&Change::Unpair { round: 2 }).unwrap();
    assert_eq!(c.rounds().len(), 1);
}
