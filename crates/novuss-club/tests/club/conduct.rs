//! Conduct penalties recorded with their clause (issue 33, "Referees";
//! `000_85d66760196b64c8.txt` 1.28: a warning, then a set or the game
//! forfeited): each on a board of a paired round, its clause required,
//! refusals that change nothing, a penalty taken back kept in the record,
//! and the round's penalties gone with its pairing.

use novuss_club::competition::{Conduct, Outcome, Refusal};
use novuss_club::{Change, Competition, Side, System};
use novuss_core::MatchFormat;

use crate::support::{seeded, setup};

fn paired() -> Competition {
    let mut c = seeded(
        setup(
            "Kauss",
            System::Swiss { rounds: 3 },
            MatchFormat::Sets(6),
            4,
        ),
        4,
    );
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    c
}

fn penalty(board: u32, side: Side, conduct: Conduct, clause: &str) -> Change {
    Change::Penalty {
        round: 1,
        team_match: None,
        board,
        side,
        conduct,
        clause: clause.into(),
    }
}

#[test]
fn a_warning_and_a_set_forfeited_are_kept_with_their_clauses() {
    let mut c = paired();
    c.apply(&penalty(1, Side::First, Conduct::Warning, "000 1.28"))
        .unwrap();
    c.apply(&penalty(
        1,
        Side::First,
        Conduct::SetForfeited,
        " 000 1.28 ",
    ))
    .unwrap();
    c.apply(&penalty(2, Side::Second, Conduct::Warning, "LNF 7.3"))
        .unwrap();
    let kept: Vec<(u32, u32, Side, Conduct, &str, bool)> = c
        .penalties()
        .iter()
        .map(|p| {
            (
                p.number,
                p.board,
                p.side,
                p.conduct,
                p.clause.as_str(),
                p.taken_back,
            )
        })
        .collect();
    assert_eq!(
        kept,
        [
            (1, 1, Side::First, Conduct::Warning, "000 1.28", false),
            (2, 1, Side::First, Conduct::SetForfeited, "000 1.28", false),
            (3, 2, Side::Second, Conduct::Warning, "LNF 7.3", false),
        ]
    );
    // A penalty changes no result: the forfeited set is one of the sets
    // the result counts.
    assert!(c.rounds()[0].boards.iter().all(|b| b.outcome.is_none()));
    c.apply(&Change::Result {
        round: 1,
        board: 1,
        outcome: Outcome::Sets {
            first: 2,
            second: 4,
        },
    })
    .unwrap();
    // The competition as every page reads it names them.
    let json = serde_json::to_value(&c).unwrap();
    assert_eq!(json["penalties"][1]["conduct"], "set_forfeited");
    assert_eq!(json["penalties"][2]["side"], "second");
}

#[test]
fn a_penalty_taken_back_stays_in_the_record_marked() {
    let mut c = paired();
    c.apply(&penalty(
        1,
        Side::First,
        Conduct::MatchForfeited,
        "000 1.28",
    ))
    .unwrap();
    c.apply(&Change::TakeBackPenalty { penalty: 1 }).unwrap();
    assert!(c.penalties()[0].taken_back);
    let before = c.clone();
    for number in [1, 2, 0] {
        assert_eq!(
            c.apply(&Change::TakeBackPenalty { penalty: number }),
            Err(Refusal::NoSuchPenalty { penalty: number })
        );
    }
    assert_eq!(c, before);
}

#[test]
fn a_penalty_needs_a_board_and_a_clause() {
    let mut c = paired();
    let before = c.clone();
    assert_eq!(
        c.apply(&penalty(3, Side::First, Conduct::Warning, "000 1.28")),
        Err(Refusal::NoSuchBoard { round: 1, board: 3 })
    );
    assert_eq!(
        c.apply(&Change::Penalty {
            round: 2,
            team_match: None,
            board: 1,
            side: Side::First,
            conduct: Conduct::Warning,
            clause: "000 1.28".into(),
        }),
        Err(Refusal::NoSuchBoard { round: 2, board: 1 })
    );
    assert_eq!(
        c.apply(&penalty(1, Side::First, Conduct::Warning, "   ")),
        Err(Refusal::Missing { field: "clause" })
    );
    assert_eq!(
        c.apply(&penalty(1, Side::First, Conduct::Warning, &"x".repeat(101))),
        Err(Refusal::Text { field: "clause" })
    );
    assert_eq!(c, before);
}

#[test]
fn a_rounds_penalties_go_with_its_pairing() {
    let mut c = paired();
    c.apply(&penalty(2, Side::Second, Conduct::Warning, "000 1.28"))
        .unwrap();
    c.apply(&Change::Unpair { round: 1 }).unwrap();
    assert!(c.penalties().is_empty());
}
