//! The team championship: line-ups in roster order, a team match decided
//! once a team passes half of the board points, forfeited boards and
//! walkovers, results after the decision, the rules and teams checked,
//! and a property test that no match panics or breaks its rules. The
//! standings, round robin and Swiss are in `teams/standings.rs`.

use novuss_club::teams::{
    boards, check_teams, BoardResult, BoardStatus, LineUp, LineUpProblem, RosterPlace, Team,
    TeamError, TeamMatch, TeamOutcome, TeamRules, TeamSide,
};
use novuss_club::Entry;
use novuss_core::MatchPoints;
use proptest::prelude::*;

use BoardResult::{Absent, BothAbsent, Drawn, Won};
use TeamSide::{First, Second};

mod standings;

/// A team of `players` named `{name} 1`, `{name} 2`, …
pub(super) fn team(name: &str, players: u32) -> Team {
    Team {
        name: name.to_owned(),
        club: Some(format!("{name} club")),
        roster: (1..=players)
            .map(|i| Entry::named(&format!("{name} {i}")))
            .collect(),
    }
}

pub(super) fn line_up(places: &[u32]) -> LineUp {
    LineUp {
        players: places.iter().map(|&p| RosterPlace(p)).collect(),
    }
}

/// A four-board match of two five-player teams, the first four of each.
fn four_boards() -> TeamMatch {
    let (a, b) = (team("Madona", 5), team("Rīga", 5));
    TeamMatch::new(
        TeamRules::default(),
        (&a, LineUp::regulars(4, 5)),
        (&b, LineUp::regulars(4, 5)),
    )
    .unwrap()
}

fn enter_all(m: &mut TeamMatch, results: &[(u32, BoardResult)]) {
    for &(board, result) in results {
        m.enter(board, result).unwrap();
    }
}

#[test]
fn a_four_board_match_is_decided_5_1_after_three_boards() {
    let mut m = four_boards();
    enter_all(&mut m, &[(1, Won(First)), (2, Drawn)]);
    let s = m.score();
    assert_eq!((s.first, s.second, s.outcome), (3, 1, None));
    assert_eq!(s.boards[2], BoardStatus::Playing);
    // Board 3 takes Madona to 5 of the 8 points on offer: more than half.
    m.enter(3, Won(First)).unwrap();
    let s = m.score();
    assert_eq!((s.first, s.second), (5, 1));
    assert_eq!(s.outcome, Some(TeamOutcome::Won(First)));
    assert_eq!(s.deciding_board, Some(3));
    assert_eq!(
        s.boards,
        [
            BoardStatus::Counted(Won(First)),
            BoardStatus::Counted(Drawn),
            BoardStatus::Counted(Won(First)),
            BoardStatus::NotNeeded,
        ]
    );
    // Exactly half is not past it: 4:2 after three boards runs on.
    let mut m = four_boards();
    enter_all(
        &mut m,
        &[(1, Won(Second)), (4, Won(First)), (2, Won(First))],
    );
    let s = m.score();
    assert_eq!((s.first, s.second, s.outcome), (4, 2, None));
    assert_eq!(s.boards[2], BoardStatus::Playing);
}

#[test]
fn level_boards_draw_the_match_4_4() {
    let mut m = four_boards();
    enter_all(
        &mut m,
        &[(2, Won(Second)), (1, Won(First)), (4, Drawn), (3, Drawn)],
    );
    let s = m.score();
    assert_eq!((s.first, s.second), (4, 4));
    assert_eq!(s.outcome, Some(TeamOutcome::Drawn));
    assert_eq!(s.deciding_board, None);
    assert!(s
        .boards
        .iter()
        .all(|b| matches!(b, BoardStatus::Counted(_))));
    // A drawn match is worth a draw's match points to each.
    assert_eq!(TeamOutcome::Drawn.match_points(m.rules()), (1, 1));
}

#[test]
fn a_board_left_empty_or_not_played_is_lost() {
    let (a, b) = (team("Madona", 5), team("Cēsis", 3));
    let rules = TeamRules::default();
    // Cēsis have three players: board 4 is theirs lost from the start.
    let mut m = TeamMatch::new(
        rules,
        (&a, LineUp::regulars(4, 5)),
        (&b, LineUp::regulars(4, 3)),
    )
    .unwrap();
    let s = m.score();
    assert_eq!(s.boards[3], BoardStatus::Counted(Absent(Second)));
    assert_eq!((s.first, s.second, s.outcome), (2, 0, None));
    assert_eq!(m.boards()[3].second, None);
    // Its result follows from the line-up, and cannot be entered.
    assert_eq!(
        m.enter(4, Won(Second)),
        Err(TeamError::EmptyBoard { board: 4 })
    );
    assert_eq!(m.enter(5, Drawn), Err(TeamError::NoBoard { board: 5 }));
    assert_eq!(m.enter(0, Drawn), Err(TeamError::NoBoard { board: 0 }));
    assert!(m.entered().is_empty());
    // Madona's board 2 does not appear: lost by forfeit. Cēsis win
    // boards 1 and 3 as well: 2:6, decided on board 3.
    enter_all(&mut m, &[(2, Absent(First)), (1, Won(Second))]);
    assert_eq!(m.score().outcome, None);
    m.enter(3, Won(Second)).unwrap();
    let s = m.score();
    assert_eq!((s.first, s.second), (2, 6));
    assert_eq!(s.outcome, Some(TeamOutcome::Won(Second)));
    assert_eq!(s.deciding_board, Some(3));

    // Both absent on a board: lost by both, 0:0.
    let mut m = four_boards();
    enter_all(&mut m, &[(1, BothAbsent), (2, Won(First)), (3, Won(First))]);
    let s = m.score();
    assert_eq!((s.first, s.second, s.outcome), (4, 0, None));
    m.enter(4, Drawn).unwrap();
    assert_eq!(m.score().outcome, Some(TeamOutcome::Won(First)));

    // A team that fields nobody has not come: a walkover.
    let m = TeamMatch::new(rules, (&a, LineUp::default()), (&b, line_up(&[1, 2]))).unwrap();
    let s = m.score();
    assert_eq!(s.outcome, Some(TeamOutcome::Walkover(Second)));
    assert_eq!((s.first, s.second), (0, 4));
    assert!(!TeamOutcome::Walkover(Second).played());
    assert_eq!(TeamOutcome::Walkover(Second).match_points(&rules), (0, 2));
    let m = TeamMatch::new(rules, (&a, LineUp::default()), (&b, LineUp::default())).unwrap();
    assert_eq!(m.score().outcome, Some(TeamOutcome::NeitherCame));
    assert_eq!(TeamOutcome::NeitherCame.match_points(&rules), (0, 0));
}

#[test]
fn a_result_after_the_decision_is_kept_and_changes_nothing() {
    let mut m = four_boards();
    enter_all(&mut m, &[(1, Won(First)), (2, Drawn), (3, Won(First))]);
    let before = m.score();
    m.enter(4, Won(Second)).unwrap();
    let after = m.score();
    assert_eq!(after.boards[3], BoardStatus::AfterDecision(Won(Second)));
    assert_eq!(
        (after.first, after.second, after.outcome),
        (before.first, before.second, before.outcome)
    );
    assert_eq!(m.entered().len(), 4);
    // A correction keeps its place in the order: board 1 was in fact won
    // by Rīga, so nobody passed half on board 3 (3:3), and board 4,
    // entered fourth, now counts and decides it: 3:5.
    m.enter(1, Won(Second)).unwrap();
    let s = m.score();
    assert_eq!((s.first, s.second), (3, 5));
    assert_eq!(s.outcome, Some(TeamOutcome::Won(Second)));
    assert_eq!(s.deciding_board, Some(4));
    assert_eq!(m.entered()[0], (1, Won(Second)));
}

#[test]
fn a_line_up_keeps_roster_order() {
    let (a, b) = (team("Madona", 6), team("Rīga", 5));
    let rules = TeamRules::default();
    let refused = |places: &[u32]| {
        TeamMatch::new(rules, (&a, LineUp::regulars(4, 6)), (&b, line_up(places))).unwrap_err()
    };
    // Player 2 cannot play below player 3, who is listed after them.
    assert_eq!(
        refused(&[1, 3, 2, 4]),
        TeamError::LineUp {
            side: Second,
            problem: LineUpProblem::OutOfOrder {
                board: 3,
                place: RosterPlace(2),
                above: RosterPlace(3)
            }
        }
    );
    assert_eq!(
        refused(&[1, 2, 2]),
        TeamError::LineUp {
            side: Second,
            problem: LineUpProblem::Twice {
                board: 3,
                place: RosterPlace(2)
            }
        }
    );
    assert_eq!(
        refused(&[1, 2, 6]),
        TeamError::LineUp {
            side: Second,
            problem: LineUpProblem::NotOnRoster {
                board: 3,
                place: RosterPlace(6)
            }
        }
    );
    assert_eq!(
        refused(&[1, 2, 3, 4, 5]),
        TeamError::LineUp {
            side: Second,
            problem: LineUpProblem::TooMany {
                players: 5,
                boards: 4
            }
        }
    );
    assert!(matches!(
        refused(&[0]),
        TeamError::LineUp {
            problem: LineUpProblem::NotOnRoster { board: 1, .. },
            ..
        }
    ));
    assert_eq!(
        refused(&[1, 3, 2, 4]).to_string(),
        "the second-named team's line-up: board 3: player 2 cannot play below player 3, \
         who is listed after them"
    );
    // The page words the refusal from its code and numbers.
    assert_eq!(
        serde_json::to_value(refused(&[1, 3, 2, 4])).unwrap(),
        serde_json::json!({
            "code": "line_up",
            "side": "second",
            "problem": {"code": "out_of_order", "board": 3, "place": 2, "above": 3}
        })
    );
    // Leaving someone out is fine: player 1 rests, the reserve (5) plays
    // board 4, everyone else moves up a board.
    let m = TeamMatch::new(
        rules,
        (&a, line_up(&[1, 2, 4, 6])),
        (&b, line_up(&[2, 3, 4, 5])),
    )
    .unwrap();
    let bs = m.boards();
    assert_eq!(bs[0].second, Some(RosterPlace(2)));
    assert_eq!(bs[3].second, Some(RosterPlace(5)));
    assert_eq!(bs[2].first, Some(RosterPlace(4)));
    assert_eq!(b.reserves(&rules).len(), 1);
    assert_eq!(b.player(RosterPlace(5)).unwrap().name, "Rīga 5");
    assert_eq!(b.player(RosterPlace(0)), None);
}

#[test]
fn board_meets_board_and_the_break_alternates() {
    let bs = boards(&line_up(&[1, 2, 3, 5]), &line_up(&[2, 3, 4]), 4);
    let seen: Vec<(u32, Option<u32>, Option<u32>, TeamSide)> = bs
        .iter()
        .map(|b| {
            (
                b.number,
                b.first.map(|p| p.0),
                b.second.map(|p| p.0),
                b.breaks_first,
            )
        })
        .collect();
    assert_eq!(
        seen,
        [
            (1, Some(1), Some(2), First),
            (2, Some(2), Some(3), Second),
            (3, Some(3), Some(4), First),
            (4, Some(5), None, Second),
        ]
    );
}

#[test]
fn rules_and_teams_are_checked() {
    let mut r = TeamRules::default();
    assert_eq!(r.check(), Ok(()));
    assert_eq!(
        (r.on_offer(), r.bye_match_points(), r.bye_board_points()),
        (8, 2, 4)
    );
    r.boards = 0;
    assert_eq!(r.check(), Err(TeamError::Boards { boards: 0 }));
    r.boards = 6;
    assert_eq!(r.bye_board_points(), 6);
    for bad in [(2, 1, 1), (2, 2, 0), (0, 0, 0), (3, 2, 0)] {
        r.board_points = MatchPoints {
            win: bad.0,
            draw: bad.1,
            loss: bad.2,
        };
        assert_eq!(
            r.check(),
            Err(TeamError::BoardPoints {
                points: r.board_points
            })
        );
    }
    r.board_points = MatchPoints {
        win: 3,
        draw: 1,
        loss: 0,
    };
    assert_eq!(r.check(), Ok(()));
    r.match_points = MatchPoints {
        win: 1,
        draw: 1,
        loss: 0,
    };
    assert!(matches!(r.check(), Err(TeamError::MatchPoints { .. })));
    r.match_points = MatchPoints::default();
    r.bye.board_points = Some(19);
    assert_eq!(
        r.check(),
        Err(TeamError::ByeBoardPoints { board_points: 19 })
    );

    let a = team("Madona", 5);
    let b = team("Rīga", 5);
    assert_eq!(check_teams(&[a.clone(), b.clone()]), Ok(()));
    assert_eq!(
        check_teams(&[a.clone(), team(" madona ", 4)]),
        Err(TeamError::SameName {
            team: 2,
            earlier: 1
        })
    );
    assert_eq!(
        check_teams(&[a.clone(), team("  ", 4)]),
        Err(TeamError::NoName { team: 2 })
    );
    let mut long = team("Tukums", 4);
    long.club = Some("x".repeat(81));
    assert_eq!(
        check_teams(&[long]),
        Err(TeamError::Text {
            team: 1,
            field: "club"
        })
    );
    assert_eq!(
        check_teams(&[team("Tukums\n", 4)]),
        Err(TeamError::Text {
            team: 1,
            field: "name"
        })
    );
    assert_eq!(
        check_teams(&[team("Tukums", 0)]),
        Err(TeamError::Roster {
            team: 1,
            players: 0
        })
    );
    // Madona's player 3 entered for Rīga too.
    let mut c = b.clone();
    c.roster.push(Entry::named("madona  3"));
    assert_eq!(
        check_teams(&[a.clone(), c]),
        Err(TeamError::PlayerTwice {
            team: 2,
            place: RosterPlace(6),
            earlier_team: 1,
            earlier_place: RosterPlace(3)
        })
    );
    // The same person twice on one roster.
    let mut d = a.clone();
    d.roster.push(Entry::named("Madona 1"));
    assert!(matches!(
        check_teams(&[d]),
        Err(TeamError::PlayerTwice {
            team: 1,
            earlier_team: 1,
            ..
        })
    ));
    // A match under bad rules is refused before it starts.
    assert!(TeamMatch::new(r, (&a, LineUp::default()), (&b, LineUp::default())).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Any line-ups and any results entered in any order, good or bad,
    /// never panic, and the score always keeps the rules: the points
    /// within what is on offer, a match decided only by passing half or
    /// by finishing, nothing "not needed" in an undecided match.
    #[test]
    fn a_team_match_never_breaks(
        boards_n in 1u32..7,
        win in 1u32..4,
        first in prop::collection::vec(0u32..9, 0..8),
        second in prop::collection::vec(0u32..9, 0..8),
        keep_order in any::<bool>(),
        entries in prop::collection::vec((0u32..8, 0u8..6, any::<bool>()), 0..16),
    ) {
        let rules = TeamRules {
            boards: boards_n,
            board_points: MatchPoints { win, draw: win / 2, loss: 0 },
            ..TeamRules::default()
        };
        // Mostly line-ups a captain could hand in (in roster order, some
        // short), and sometimes anything at all.
        let tidy = |places: &[u32]| -> Vec<u32> {
            let mut v: Vec<u32> = places.iter().copied().filter(|&p| (1..=7).contains(&p)).collect();
            v.sort();
            v.dedup();
            v.truncate(boards_n as usize);
            v
        };
        let (first, second) = if keep_order {
            (tidy(&first), tidy(&second))
        } else {
            (first, second)
        };
        let (a, b) = (team("A", 7), team("B", 7));
        let Ok(mut m) = TeamMatch::new(rules, (&a, line_up(&first)), (&b, line_up(&second))) else {
            return Ok(());
        };
        for (board, kind, side) in entries {
            let side = if side { First } else { Second };
            let result = match kind {
                0 | 1 => Won(side),
                2 => Drawn,
                3 | 4 => Absent(side),
                _ => BothAbsent,
            };
            let before = m.score();
            let accepted = m.enter(board, result);
            if accepted.is_err() {
                prop_assert_eq!(m.score(), before);
                continue;
            }
            let s = m.score();
            // A board entered for the first time after a decision over
            // the boards changes nothing.
            let fresh = !before.boards.iter().enumerate().any(|(i, st)| {
                i as u32 + 1 == board && matches!(st, BoardStatus::Counted(_) | BoardStatus::AfterDecision(_))
            });
            if fresh && before.deciding_board.is_some() {
                prop_assert_eq!((s.first, s.second, s.outcome), (before.first, before.second, before.outcome));
            }
            prop_assert!(s.first + s.second <= rules.on_offer());
            let passed = |p: u32| 2 * p > rules.on_offer();
            let playing = s.boards.contains(&BoardStatus::Playing);
            let not_needed = s.boards.contains(&BoardStatus::NotNeeded);
            match s.outcome {
                None => {
                    prop_assert!(playing);
                    prop_assert!(!passed(s.first) && !passed(s.second));
                }
                Some(TeamOutcome::Won(w)) => {
                    prop_assert!(!playing);
                    let (mine, theirs) = if w == First { (s.first, s.second) } else { (s.second, s.first) };
                    prop_assert!(mine > theirs);
                    prop_assert!(passed(mine) || !not_needed);
                }
                Some(TeamOutcome::Drawn) => {
                    prop_assert!(!playing && !not_needed);
                    prop_assert_eq!(s.first, s.second);
                }
                Some(TeamOutcome::Walkover(_)) | Some(TeamOutcome::NeitherCame) => {
                    prop_assert!(first.is_empty() || second.is_empty());
                }
            }
            prop_assert!(!not_needed || passed(s.first) || passed(s.second));
            let counted: u32 = s.boards.iter().map(|b| match b {
                BoardStatus::Counted(r) => { let (x, y) = r.points(&rules); x + y }
                _ => 0,
            }).sum();
            prop_assert_eq!(counted, s.first + s.second);
        }
    }
}
