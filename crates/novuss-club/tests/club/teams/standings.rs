//! Team standings (match points, board points, the direct encounter, a
//! shared place), a team round robin and a team Swiss played end to end,
//! every refusal of a bad round, and a property test that any rounds give
//! consistent standings.

use std::collections::HashSet;

use novuss_club::teams::{
    berger_round, swiss_field, swiss_round, team_standings, BoardResult, LineUp, Meeting,
    MeetingResult, TeamError, TeamMatch, TeamOutcome, TeamRound, TeamRow, TeamRules, TeamSide,
};
use novuss_club::{berger, pair_dutch, Cycles, Entrant, Places, SwissError};
use proptest::prelude::*;

use super::team;
use BoardResult::{Absent, Drawn, Won};
use TeamSide::{First, Second};

/// A finished meeting, by hand.
fn met(first: u32, second: u32, outcome: TeamOutcome, points: (u32, u32)) -> Meeting {
    Meeting {
        first: Entrant(first),
        second: Entrant(second),
        result: Some(MeetingResult {
            outcome,
            first_points: points.0,
            second_points: points.1,
        }),
    }
}

fn places(rows: &[TeamRow]) -> Vec<(u32, String)> {
    rows.iter()
        .map(|r| (r.team.0, r.place.to_string()))
        .collect()
}

#[test]
fn standings_rank_by_match_points_board_points_then_the_direct_encounter() {
    let won1 = TeamOutcome::Won(First);
    let won2 = TeamOutcome::Won(Second);
    // Four teams, all play all. Teams 1 and 2 end level on match points
    // (4) and board points (14); team 2 beat team 1.
    let rounds = vec![
        TeamRound {
            meetings: vec![met(1, 2, won2, (3, 5)), met(3, 4, won1, (5, 3))],
            bye: None,
        },
        TeamRound {
            meetings: vec![met(1, 3, won1, (6, 2)), met(2, 4, won2, (3, 5))],
            bye: None,
        },
        TeamRound {
            meetings: vec![met(1, 4, won1, (5, 3)), met(2, 3, won1, (6, 2))],
            bye: None,
        },
    ];
    let rows = team_standings(4, &rounds, &TeamRules::default()).unwrap();
    let shown: Vec<(u32, u32, u32, u32, u32)> = rows
        .iter()
        .map(|r| {
            (
                r.place.first,
                r.team.0,
                r.match_points,
                r.board_points,
                r.board_points_against,
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            (1, 2, 4, 14, 10),
            (2, 1, 4, 14, 10),
            (3, 4, 2, 11, 13),
            (4, 3, 2, 9, 15),
        ]
    );
    assert_eq!((rows[0].won, rows[0].drawn, rows[0].lost), (2, 0, 1));

    // Three in a circle, all level: the direct encounter cannot tell
    // them apart, so they share 1–3.
    let circle = vec![
        TeamRound {
            meetings: vec![met(1, 2, won1, (5, 3))],
            bye: None,
        },
        TeamRound {
            meetings: vec![met(2, 3, won1, (5, 3))],
            bye: None,
        },
        TeamRound {
            meetings: vec![met(3, 1, won1, (5, 3))],
            bye: None,
        },
    ];
    let rows = team_standings(3, &circle, &TeamRules::default()).unwrap();
    assert_eq!(
        places(&rows),
        [(1, "1–3".into()), (2, "1–3".into()), (3, "1–3".into())]
    );
}

#[test]
fn in_a_swiss_the_direct_encounter_places_only_who_cannot_be_caught() {
    let won1 = TeamOutcome::Won(First);
    let won2 = TeamOutcome::Won(Second);
    // Six teams, three rounds. Teams 1, 2 and 3 end on 4 match points and
    // 13 board points; 1 beat both 2 and 3, who never met.
    let rounds = vec![
        TeamRound {
            meetings: vec![
                met(1, 2, won1, (5, 3)),
                met(3, 5, won1, (5, 3)),
                met(4, 6, won2, (3, 5)),
            ],
            bye: None,
        },
        TeamRound {
            meetings: vec![
                met(1, 3, won1, (5, 3)),
                met(2, 4, won1, (5, 3)),
                met(5, 6, TeamOutcome::Drawn, (4, 4)),
            ],
            bye: None,
        },
        TeamRound {
            meetings: vec![
                met(1, 4, won2, (3, 5)),
                met(2, 5, won1, (5, 3)),
                met(3, 6, won1, (5, 3)),
            ],
            bye: None,
        },
    ];
    let rows = team_standings(6, &rounds, &TeamRules::default()).unwrap();
    // Team 1 took 4 from the others; 2 and 3 could have reached 2 at
    // most (by beating each other): team 1 is first. 2 and 3 did not
    // meet, so nothing tells them apart.
    assert_eq!(
        places(&rows),
        [
            (1, "1".into()),
            (2, "2–3".into()),
            (3, "2–3".into()),
            (6, "4".into()),
            (4, "5".into()),
            (5, "6".into()),
        ]
    );
    // Only a score that beats the others' best places a team: here team
    // 1 beat 2 and drew with 3 (3 points), but 3 could have reached 3 as
    // well by beating 2, whom it never met. So 1, 2 and 3 share 3–5.
    let drawn = TeamOutcome::Drawn;
    let level = vec![
        TeamRound {
            meetings: vec![
                met(1, 2, won1, (5, 3)),
                met(3, 4, won1, (5, 3)),
                met(5, 6, won1, (5, 3)),
            ],
            bye: None,
        },
        TeamRound {
            meetings: vec![
                met(1, 3, drawn, (4, 4)),
                met(2, 5, won1, (5, 3)),
                met(4, 6, won1, (5, 3)),
            ],
            bye: None,
        },
        TeamRound {
            meetings: vec![
                met(1, 4, won2, (3, 5)),
                met(2, 6, drawn, (4, 4)),
                met(3, 5, won2, (3, 5)),
            ],
            bye: None,
        },
    ];
    let rows = team_standings(6, &level, &TeamRules::default()).unwrap();
    assert_eq!(
        places(&rows),
        [
            (4, "1–2".into()),
            (5, "1–2".into()),
            (1, "3–5".into()),
            (2, "3–5".into()),
            (3, "3–5".into()),
            (6, "6".into()),
        ]
    );

    // After round 1, teams 1, 3 and 6 lead on 2 match points and 5 board
    // points, and none met another: they share 1–3.
    let rows = team_standings(6, &rounds[..1], &TeamRules::default()).unwrap();
    assert_eq!(rows[0].place, Places { first: 1, last: 3 });

    // A round with a match still running counts only what is finished.
    let mut open = rounds.clone();
    open[2].meetings[0].result = None;
    let rows = team_standings(6, &open, &TeamRules::default()).unwrap();
    let one = rows.iter().find(|r| r.team == Entrant(1)).unwrap();
    assert_eq!((one.played, one.match_points), (2, 4));
    assert_eq!(
        swiss_field(6, &open, 5, &[], &TeamRules::default()).unwrap_err(),
        TeamError::RoundOpen { round: 3 }
    );
}

#[test]
fn bad_rounds_are_refused() {
    let r = TeamRules::default();
    let won = TeamOutcome::Won(First);
    let one = |m: Meeting| {
        vec![TeamRound {
            meetings: vec![m],
            bye: None,
        }]
    };
    assert_eq!(
        team_standings(4, &one(met(1, 5, won, (5, 3))), &r),
        Err(TeamError::UnknownTeam { team: Entrant(5) })
    );
    assert_eq!(
        team_standings(4, &one(met(0, 1, won, (5, 3))), &r),
        Err(TeamError::UnknownTeam { team: Entrant(0) })
    );
    assert_eq!(
        team_standings(4, &one(met(2, 2, won, (5, 3))), &r),
        Err(TeamError::MeetsItself { team: Entrant(2) })
    );
    let twice = vec![TeamRound {
        meetings: vec![met(1, 2, won, (5, 3)), met(3, 1, won, (5, 3))],
        bye: None,
    }];
    assert_eq!(
        team_standings(4, &twice, &r),
        Err(TeamError::TwiceInRound {
            round: 1,
            team: Entrant(1)
        })
    );
    let bye_too = vec![TeamRound {
        meetings: vec![met(1, 2, won, (5, 3))],
        bye: Some(Entrant(2)),
    }];
    assert!(matches!(
        swiss_field(4, &bye_too, 3, &[], &r),
        Err(TeamError::TwiceInRound { .. })
    ));
    assert_eq!(
        swiss_field(4, &[], 3, &[Entrant(7)], &r).unwrap_err(),
        TeamError::UnknownTeam { team: Entrant(7) }
    );
}

/// Plays a match between teams `first` and `second` (numbers from 1)
/// of `round`: board by board, the stronger team (the lower number)
/// wins more often; every board's result is entered, some after the
/// decision, to show they change nothing.
fn play(first: Entrant, second: Entrant, round: u32, rules: &TeamRules) -> Meeting {
    let (a, b) = (
        team(&format!("T{}", first.0), 5),
        team(&format!("T{}", second.0), 5),
    );
    let short = (first.0 + second.0 + round) % 7 == 0;
    let second_line_up = if short {
        LineUp::regulars(rules.boards - 1, 5)
    } else {
        LineUp::regulars(rules.boards, 5)
    };
    let mut m = TeamMatch::new(
        *rules,
        (&a, LineUp::regulars(rules.boards, 5)),
        (&b, second_line_up),
    )
    .unwrap();
    for board in 1..=rules.boards {
        let roll = (first.0 * 7 + second.0 * 3 + board * 5 + round * 11) % 10;
        let stronger = if first < second { First } else { Second };
        let result = match roll {
            0..=3 => Won(stronger),
            4..=6 => Drawn,
            7..=8 => Won(stronger.other()),
            _ => Absent(stronger.other()),
        };
        // A board left empty by the line-up takes no result.
        let _ = m.enter(board, result);
    }
    let s = m.score();
    assert!(s.outcome.is_some(), "every board has a result");
    Meeting::of(first, second, &s)
}

/// Checks what any standings must be: a row per team, places that tile
/// `1..=teams`, best first, every match counted for both sides.
fn check_standings(rows: &[TeamRow], teams: u32, rounds: &[TeamRound], rules: &TeamRules) {
    assert_eq!(rows.len(), teams as usize);
    let mut next = 1;
    let mut i = 0;
    while i < rows.len() {
        let p = rows[i].place;
        assert_eq!(p.first, next);
        let run = rows[i..].iter().take_while(|r| r.place == p).count();
        assert_eq!(run as u32, p.last - p.first + 1);
        for r in &rows[i..i + run] {
            assert_eq!(
                (r.match_points, r.board_points),
                (rows[i].match_points, rows[i].board_points)
            );
        }
        next = p.last + 1;
        i += run;
    }
    for w in rows.windows(2) {
        assert!((w[0].match_points, w[0].board_points) >= (w[1].match_points, w[1].board_points));
    }
    let finished: Vec<&MeetingResult> = rounds
        .iter()
        .flat_map(|r| r.meetings.iter().filter_map(|m| m.result.as_ref()))
        .collect();
    let byes = rounds.iter().filter(|r| r.bye.is_some()).count() as u32;
    let mp: u32 = finished
        .iter()
        .map(|f| {
            let (a, b) = f.outcome.match_points(rules);
            a + b
        })
        .sum::<u32>()
        + byes * rules.bye_match_points();
    assert_eq!(rows.iter().map(|r| r.match_points).sum::<u32>(), mp);
    let bp: u32 = finished
        .iter()
        .map(|f| f.first_points + f.second_points)
        .sum();
    assert_eq!(rows.iter().map(|r| r.board_points_against).sum::<u32>(), bp);
    assert_eq!(
        rows.iter().map(|r| r.played).sum::<u32>(),
        2 * finished.len() as u32
    );
    for r in rows {
        assert_eq!(r.won + r.drawn + r.lost, r.played);
    }
}

#[test]
fn a_team_round_robin_of_six_is_played_through() {
    let rules = TeamRules::default();
    let table = berger(6, Cycles::Single).unwrap();
    assert_eq!(table.len(), 5);
    let mut rounds = Vec::new();
    let mut met_pairs = HashSet::new();
    for (i, r) in table.iter().enumerate() {
        let mut round = berger_round(r);
        assert_eq!(round.meetings.len(), 3);
        for m in &mut round.meetings {
            assert!(met_pairs.insert((m.first.min(m.second), m.first.max(m.second))));
            *m = play(m.first, m.second, i as u32 + 1, &rules);
        }
        rounds.push(round);
    }
    assert_eq!(met_pairs.len(), 15);
    let rows = team_standings(6, &rounds, &rules).unwrap();
    check_standings(&rows, 6, &rounds, &rules);
    assert!(rows.iter().all(|r| r.played == 5 && r.byes == 0));
    // The first round of FIDE's table for six: 1-6, 2-5, 3-4.
    let r1: Vec<(u32, u32)> = rounds[0]
        .meetings
        .iter()
        .map(|m| (m.first.0, m.second.0))
        .collect();
    assert_eq!(r1, [(1, 6), (2, 5), (3, 4)]);
    // The standings go through JSON and back.
    let json = serde_json::to_string(&rows).unwrap();
    assert!(json.contains(r#""match_points":"#));
    let back: Vec<TeamRow> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rows);
}

#[test]
fn a_team_swiss_of_ten_is_paired_over_five_rounds() {
    let rules = TeamRules::default();
    let mut rounds: Vec<TeamRound> = Vec::new();
    let mut met_pairs = HashSet::new();
    for round in 1..=5u32 {
        let field = swiss_field(10, &rounds, 5, &[], &rules).unwrap();
        assert_eq!(field.played, round - 1);
        let pairings = pair_dutch(&field).unwrap();
        assert_eq!(pairings.pairs.len(), 5);
        assert_eq!(pairings.bye, None);
        if round == 1 {
            // The Dutch system's first round: top half against bottom
            // half, first-named places alternating from team 1.
            let r1: Vec<(u32, u32)> = pairings.pairs.iter().map(|p| (p.0 .0, p.1 .0)).collect();
            assert_eq!(r1, [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)]);
        }
        let mut seen = HashSet::new();
        let mut next = swiss_round(&pairings);
        for m in &mut next.meetings {
            assert!(seen.insert(m.first) && seen.insert(m.second));
            *m = play(m.first, m.second, round, &rules);
            let pair = (m.first.min(m.second), m.first.max(m.second));
            if m.result.is_some_and(|r| r.outcome.played()) {
                assert!(met_pairs.insert(pair), "{pair:?} met twice");
            }
        }
        assert_eq!(seen.len(), 10);
        rounds.push(next);
    }
    let field = swiss_field(10, &rounds, 5, &[], &rules).unwrap();
    assert_eq!(pair_dutch(&field), Err(SwissError::Finished(5)));
    let rows = team_standings(10, &rounds, &rules).unwrap();
    check_standings(&rows, 10, &rounds, &rules);
    assert!(rows.iter().all(|r| r.played == 5));

    // Nine teams: a bye each round, never twice to one team, worth a
    // won match and half the board points.
    let mut rounds: Vec<TeamRound> = Vec::new();
    let mut had_bye = HashSet::new();
    for round in 1..=4u32 {
        let field = swiss_field(9, &rounds, 4, &[], &rules).unwrap();
        let pairings = pair_dutch(&field).unwrap();
        let bye = pairings.bye.unwrap();
        assert!(had_bye.insert(bye));
        let mut next = swiss_round(&pairings);
        for m in &mut next.meetings {
            *m = play(m.first, m.second, round, &rules);
        }
        rounds.push(next);
    }
    let rows = team_standings(9, &rounds, &rules).unwrap();
    check_standings(&rows, 9, &rounds, &rules);
    assert_eq!(rows.iter().map(|r| r.byes).sum::<u32>(), 4);
    // A team sitting a round out is not paired.
    let field = swiss_field(10, &[], 5, &[Entrant(3)], &rules).unwrap();
    let pairings = pair_dutch(&field).unwrap();
    assert!(pairings
        .pairs
        .iter()
        .all(|p| p.0 != Entrant(3) && p.1 != Entrant(3)));
    assert_ne!(pairings.bye, Some(Entrant(3)));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any finished and running matches between any teams give standings
    /// that are consistent, or a refusal; never a panic.
    #[test]
    fn team_standings_are_always_consistent(
        teams in 2u32..12,
        rounds_spec in prop::collection::vec(
            (prop::collection::vec(0u32..12, 12), prop::collection::vec((0u8..6, 0u32..9, any::<bool>()), 6)),
            0..6,
        ),
    ) {
        let rules = TeamRules::default();
        let mut rounds = Vec::new();
        for (order, results) in &rounds_spec {
            // A random order of the teams, paired off in twos; an odd one
            // out has the bye.
            let mut list: Vec<u32> = (1..=teams).collect();
            for (i, &k) in order.iter().enumerate().take(list.len()) {
                let j = (k as usize) % list.len();
                list.swap(i, j);
            }
            let meetings: Vec<Meeting> = list
                .chunks_exact(2)
                .zip(results.iter().cycle())
                .map(|(pair, &(kind, points, done))| {
                    let outcome = match kind {
                        0 | 1 => TeamOutcome::Won(if points % 2 == 0 { First } else { Second }),
                        2 | 3 => TeamOutcome::Drawn,
                        4 => TeamOutcome::Walkover(First),
                        _ => TeamOutcome::NeitherCame,
                    };
                    let first_points = points.min(8);
                    Meeting {
                        first: Entrant(pair[0]),
                        second: Entrant(pair[1]),
                        result: done.then_some(MeetingResult {
                            outcome,
                            first_points,
                            second_points: 8 - first_points,
                        }),
                    }
                })
                .collect();
            let bye = (list.len() % 2 == 1).then(|| Entrant(list[list.len() - 1]));
            rounds.push(TeamRound { meetings, bye });
        }
        let rows = team_standings(teams, &rounds, &rules).unwrap();
        check_standings(&rows, teams, &rounds, &rules);
        // Pairing the next round from them never panics either.
        if rounds.iter().all(|r| r.meetings.iter().all(|m| m.result.is_some())) {
            let field = swiss_field(teams, &rounds, rounds.len() as u32 + 1, &[], &rules).unwrap();
            let _ = pair_dutch(&field);
        }
    }
}
