//! The table protocol (issue 33, "The table protocol"): sets recorded one
//! by one as the phones at a table send them, the match ending only where
//! its format lets it (a 6-set match at 4:0, 4:1, 4:2 or 3:3), a drawn set
//! counting for nobody (`000_85d66760196b64c8.txt` 4.5), undo of the last
//! set until the result stands, the result standing on both sides'
//! confirmations or a referee's, steps sent twice made once, two phones
//! that disagree told so, and the tables closed with their round.

use novuss_club::competition::{
    Outcome, Recorder, Refusal, SetRecord, Step, TableMatch, MAX_TABLE_STEPS,
};
use novuss_club::{Change, Competition, Side, System};
use novuss_core::{MatchFormat, MatchResult};

use crate::support::{seeded, setup};

fn paired(format: MatchFormat) -> Competition {
    let mut c = seeded(setup("Galds", System::Swiss { rounds: 3 }, format, 4), 4);
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    c
}

/// A set won by `winner` (`None`: drawn), broken by the side whose turn
/// it was: the first-named in odd sets (`000` 4.3).
fn won(set: u32, winner: Option<Side>) -> Step {
    Step::Set {
        set,
        record: SetRecord {
            winner,
            broke: if set % 2 == 1 {
                Side::First
            } else {
                Side::Second
            },
            cleared: None,
            penalty_discs: [0, 0],
        },
    }
}

fn at(board: u32, by: Recorder, entry: &str, step: Step) -> Change {
    Change::AtTable {
        round: 1,
        team_match: None,
        board,
        by,
        entry: entry.into(),
        step,
    }
}

/// Applies `change`, and on a refusal checks the competition is as it was.
fn apply(c: &mut Competition, change: Change) -> Result<(), Refusal> {
    let before = c.clone();
    let r = c.apply(&change);
    if r.is_err() {
        assert_eq!(*c, before, "a refused step changed the competition");
    }
    r
}

#[test]
fn six_sets_end_at_four_two_and_stand_on_both_confirmations() {
    let mut c = paired(MatchFormat::Sets(6));
    let winners = [
        Side::First,
        Side::Second,
        Side::First,
        Side::First,
        Side::Second,
        Side::First,
    ];
    for (k, w) in winners.iter().enumerate() {
        let set = k as u32 + 1;
        let by = if set % 2 == 1 {
            Recorder::First
        } else {
            Recorder::Second
        };
        apply(&mut c, at(1, by, &format!("s{set}"), won(set, Some(*w)))).unwrap();
    }
    let p = c.table_protocol(TableMatch::board(1, 1)).unwrap();
    assert_eq!(p.score, [4, 2]);
    assert_eq!(p.over, Some(MatchResult::First));
    // The match is over at 4:2: a seventh set is refused.
    assert_eq!(
        apply(
            &mut c,
            at(1, Recorder::First, "s7", won(7, Some(Side::Second)))
        ),
        Err(Refusal::MatchIsOver)
    );
    apply(&mut c, at(1, Recorder::First, "c1", Step::Confirm {})).unwrap();
    assert!(!c.table_protocol(TableMatch::board(1, 1)).unwrap().stands);
    assert_eq!(c.rounds()[0].boards[0].outcome, None, "one signature");
    apply(&mut c, at(1, Recorder::Second, "c2", Step::Confirm {})).unwrap();
    assert!(c.table_protocol(TableMatch::board(1, 1)).unwrap().stands);
    assert_eq!(
        c.rounds()[0].boards[0].outcome,
        Some(Outcome::Sets {
            first: 4,
            second: 2
        })
    );
    // Standing: the table can no longer change it, nor undo.
    assert_eq!(
        apply(&mut c, at(1, Recorder::First, "u6", Step::Undo { set: 6 })),
        Err(Refusal::ResultIn { round: 1, board: 1 })
    );
    // The desk can.
    c.apply(&Change::Result {
        round: 1,
        board: 1,
        outcome: Outcome::Sets {
            first: 4,
            second: 1,
        },
    })
    .unwrap();
    assert_eq!(
        c.rounds()[0].boards[0].outcome,
        Some(Outcome::Sets {
            first: 4,
            second: 1
        })
    );
}

#[test]
fn a_drawn_set_counts_for_nobody_and_three_all_is_a_draw() {
    let mut c = paired(MatchFormat::Sets(6));
    let sets = [
        Some(Side::First),
        None,
        Some(Side::Second),
        Some(Side::First),
        Some(Side::Second),
        Some(Side::First),
    ];
    for (k, w) in sets.iter().enumerate() {
        apply(
            &mut c,
            at(2, Recorder::First, &format!("e{k}"), won(k as u32 + 1, *w)),
        )
        .unwrap();
    }
    let p = c.table_protocol(TableMatch::board(1, 2)).unwrap();
    assert_eq!(p.score, [3, 2], "the drawn set is nobody's");
    assert_eq!(p.over, None, "six sets played, five won: one more");
    assert_eq!(
        apply(&mut c, at(2, Recorder::Second, "x", Step::Confirm {})),
        Err(Refusal::MatchNotOver {
            first: 3,
            second: 2
        })
    );
    apply(
        &mut c,
        at(2, Recorder::First, "e6", won(7, Some(Side::Second))),
    )
    .unwrap();
    let p = c.table_protocol(TableMatch::board(1, 2)).unwrap();
    assert_eq!((p.score, p.over), ([3, 3], Some(MatchResult::Drawn)));
    // A referee's confirmation is enough.
    apply(&mut c, at(2, Recorder::Referee, "r", Step::Confirm {})).unwrap();
    assert_eq!(
        c.rounds()[0].boards[1].outcome,
        Some(Outcome::Sets {
            first: 3,
            second: 3
        })
    );
}

#[test]
fn undo_takes_back_the_last_set_and_the_confirmations() {
    let mut c = paired(MatchFormat::BestOf(3));
    apply(
        &mut c,
        at(1, Recorder::First, "a", won(1, Some(Side::First))),
    )
    .unwrap();
    apply(
        &mut c,
        at(1, Recorder::First, "b", won(2, Some(Side::First))),
    )
    .unwrap();
    apply(&mut c, at(1, Recorder::Second, "c", Step::Confirm {})).unwrap();
    assert_eq!(
        c.table_protocol(TableMatch::board(1, 1)).unwrap().confirmed,
        [Recorder::Second]
    );
    assert_eq!(
        apply(&mut c, at(1, Recorder::First, "d", Step::Undo { set: 1 })),
        Err(Refusal::NotTheLastSet { set: 1, last: 2 })
    );
    apply(&mut c, at(1, Recorder::First, "e", Step::Undo { set: 2 })).unwrap();
    let p = c.table_protocol(TableMatch::board(1, 1)).unwrap();
    assert_eq!((p.sets.len(), p.score, p.over), (1, [1, 0], None));
    assert!(p.confirmed.is_empty(), "the confirmation was of 2:0");
    // Set 2 again, the other way.
    apply(
        &mut c,
        at(1, Recorder::Second, "f", won(2, Some(Side::Second))),
    )
    .unwrap();
    assert_eq!(
        c.table_protocol(TableMatch::board(1, 1)).unwrap().score,
        [1, 1]
    );
    assert_eq!(
        apply(&mut c, at(1, Recorder::First, "g", Step::Undo { set: 0 })),
        Err(Refusal::NotTheLastSet { set: 0, last: 2 })
    );
}

#[test]
fn two_phones_agree_or_are_told_what_stands_and_a_repeat_is_seen() {
    let mut c = paired(MatchFormat::Sets(6));
    apply(
        &mut c,
        at(2, Recorder::First, "p1-1", won(1, Some(Side::First))),
    )
    .unwrap();
    // The other phone, offline meanwhile, recorded the same set 1: agreed.
    apply(
        &mut c,
        at(2, Recorder::Second, "p2-1", won(1, Some(Side::First))),
    )
    .unwrap();
    assert_eq!(
        c.table_protocol(TableMatch::board(1, 2))
            .unwrap()
            .sets
            .len(),
        1
    );
    // ... or otherwise: refused, nothing changes.
    assert_eq!(
        apply(
            &mut c,
            at(2, Recorder::Second, "p2-2", won(1, Some(Side::Second)))
        ),
        Err(Refusal::SetRecorded { set: 1 })
    );
    // A set ahead of the next.
    assert_eq!(
        apply(
            &mut c,
            at(2, Recorder::Second, "p2-3", won(3, Some(Side::Second)))
        ),
        Err(Refusal::SetMissing { set: 3, next: 2 })
    );
    // The step's id is what the server looks for when an answer was lost.
    assert!(c.table_entry_seen(TableMatch::board(1, 2), "p1-1"));
    assert!(c.table_entry_seen(TableMatch::board(1, 2), "p2-1"));
    assert!(
        !c.table_entry_seen(TableMatch::board(1, 2), "p2-2"),
        "refused steps are not kept"
    );
    assert!(
        !c.table_entry_seen(TableMatch::board(1, 1), "p1-1"),
        "ids are a board's own"
    );
    // Sent again (its answer lost): seen, and not made twice, even an
    // undo, which would take back a second set.
    apply(
        &mut c,
        at(2, Recorder::First, "p1-2", won(2, Some(Side::Second))),
    )
    .unwrap();
    apply(&mut c, at(2, Recorder::First, "u", Step::Undo { set: 2 })).unwrap();
    assert_eq!(
        apply(&mut c, at(2, Recorder::First, "u", Step::Undo { set: 1 })),
        Err(Refusal::StepSeen)
    );
    assert_eq!(
        c.table_protocol(TableMatch::board(1, 2))
            .unwrap()
            .sets
            .len(),
        1
    );
}

#[test]
fn a_set_is_checked_before_it_is_recorded() {
    let mut c = paired(MatchFormat::Sets(6));
    let mut record = SetRecord {
        winner: Some(Side::First),
        broke: Side::First,
        cleared: Some(Side::Second),
        penalty_discs: [0, 0],
    };
    assert_eq!(
        apply(
            &mut c,
            at(1, Recorder::First, "a", Step::Set { set: 1, record })
        ),
        Err(Refusal::ClearedNotWon)
    );
    record.cleared = Some(Side::First);
    record.penalty_discs = [9, 0];
    assert_eq!(
        apply(
            &mut c,
            at(1, Recorder::First, "a", Step::Set { set: 1, record })
        ),
        Err(Refusal::PenaltyDiscs { max: 8 })
    );
    record.penalty_discs = [1, 2];
    for bad in ["", "has space", "ü", &"x".repeat(41)] {
        assert_eq!(
            apply(
                &mut c,
                at(1, Recorder::First, bad, Step::Set { set: 1, record })
            ),
            Err(Refusal::EntryId { max: 40 }),
            "{bad:?}"
        );
    }
    apply(
        &mut c,
        at(1, Recorder::First, "a", Step::Set { set: 1, record }),
    )
    .unwrap();
    assert_eq!(
        c.table_protocol(TableMatch::board(1, 1)).unwrap().sets,
        [record]
    );
    assert_eq!(
        apply(&mut c, at(9, Recorder::First, "b", won(1, None))),
        Err(Refusal::NoSuchBoard { round: 1, board: 9 })
    );
}

#[test]
fn a_result_from_the_desk_closes_the_table() {
    let mut c = paired(MatchFormat::Sets(6));
    apply(
        &mut c,
        at(2, Recorder::First, "a", won(1, Some(Side::First))),
    )
    .unwrap();
    c.apply(&Change::Result {
        round: 1,
        board: 2,
        outcome: Outcome::Forfeit {
            winner: Side::First,
        },
    })
    .unwrap();
    assert_eq!(
        apply(
            &mut c,
            at(2, Recorder::Second, "b", won(2, Some(Side::First)))
        ),
        Err(Refusal::ResultIn { round: 1, board: 2 })
    );
}

#[test]
fn tables_close_with_their_round_and_links_are_revoked_by_generation() {
    let mut c = paired(MatchFormat::BestOf(1));
    assert_eq!(c.table_link(TableMatch::board(1, 1)), 0);
    c.apply(&Change::RevokeTableLink {
        round: 1,
        team_match: None,
        board: 1,
    })
    .unwrap();
    assert_eq!(c.table_link(TableMatch::board(1, 1)), 1);
    assert_eq!(
        c.table_link(TableMatch::board(1, 2)),
        0,
        "the other table's link stands"
    );
    for board in 1..=2 {
        apply(
            &mut c,
            at(board, Recorder::First, "w", won(1, Some(Side::First))),
        )
        .unwrap();
        apply(&mut c, at(board, Recorder::Referee, "ok", Step::Confirm {})).unwrap();
    }
    assert!(
        c.rounds()[0].complete(),
        "the round's results came from its tables"
    );
    let next = c.pair_next().unwrap();
    c.apply(&next).unwrap();
    assert_eq!(
        apply(&mut c, at(1, Recorder::First, "late", won(1, None))),
        Err(Refusal::TableClosed { round: 1 })
    );
    assert_eq!(
        apply(
            &mut c,
            Change::RevokeTableLink {
                round: 1,
                team_match: None,
                board: 1,
            }
        ),
        Err(Refusal::TableClosed { round: 1 })
    );
    // The round's record is kept.
    assert_eq!(c.table_protocol(TableMatch::board(1, 1)).unwrap().link, 1);
}

#[test]
fn a_protocol_takes_a_bounded_number_of_steps() {
    let mut c = paired(MatchFormat::Sets(6));
    for k in 0..MAX_TABLE_STEPS {
        let step = if k % 2 == 0 {
            won(1, Some(Side::First))
        } else {
            Step::Undo { set: 1 }
        };
        apply(&mut c, at(1, Recorder::First, &format!("k{k}"), step)).unwrap();
    }
    assert_eq!(
        apply(
            &mut c,
            at(1, Recorder::First, "more", won(1, Some(Side::First)))
        ),
        Err(Refusal::TableFull { max: 200 })
    );
    // The desk still can.
    c.apply(&Change::Result {
        round: 1,
        board: 1,
        outcome: Outcome::Sets {
            first: 4,
            second: 0,
        },
    })
    .unwrap();
}

#[test]
fn steps_read_back_from_json_as_the_server_stores_them() {
    let text = r#"{"change":"at_table","round":1,"board":2,"by":"second","entry":"a-1",
        "step":{"kind":"set","set":1,"record":{"winner":null,"broke":"first"}}}"#;
    let change: Change = serde_json::from_str(text).unwrap();
    assert_eq!(
        change,
        at(2, Recorder::Second, "a-1", {
            Step::Set {
                set: 1,
                record: SetRecord {
                    winner: None,
                    broke: Side::First,
                    cleared: None,
                    penalty_discs: [0, 0],
                },
            }
        })
    );
    let unknown = r#"{"change":"at_table","round":1,"board":2,"by":"second","entry":"a",
        "step":{"kind":"confirm","sets":3}}"#;
    assert!(serde_json::from_str::<Change>(unknown).is_err());
}
