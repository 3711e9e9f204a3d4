//! A competition run change by change: set-ups refused with their
//! reason, a round robin and a Swiss paired round after round with
//! results entered, byes asked for, late entries and withdrawals, scores
//! checked against the match format, pairings taken back, and a refused
//! change leaving everything as it was; the standings after the results
//! by the organiser's tie-breaks.

use std::collections::HashSet;

use novuss_club::competition::{Outcome, Paired, Rest};
use novuss_club::standings::{TieBreak, TieBreakValue};
use novuss_club::{
    Bye, Change, Competition, Cycles, Entrant, Entry, Refusal, RoundResult, Setup, Side, System,
};
use novuss_core::{MatchFormat, MatchPoints};
use proptest::prelude::*;

fn setup(system: System, tables: u32) -> Setup {
    Setup {
        venue: Some("Rīga".into()),
        ..crate::support::setup("Club evening", system, MatchFormat::Sets(6), tables)
    }
}

fn entry(name: &str, rating: Option<u32>) -> Entry {
    Entry {
        rating,
        ..Entry::named(name)
    }
}

/// A competition of `n` entrants rated 2000, 1990, …
fn with_entrants(system: System, tables: u32, n: u32) -> Competition {
    crate::support::seeded(setup(system, tables), n)
}

/// Applies a change that must be refused with `want`, and checks that
/// nothing changed.
fn refused(c: &mut Competition, change: Change, want: Refusal) {
    let before = c.clone();
    assert_eq!(c.apply(&change), Err(want), "{change:?}");
    assert_eq!(*c, before, "a refused change changed the competition");
}

/// Pairs the next round and applies it; returns the change.
fn pair(c: &mut Competition) -> Change {
    let change = c.pair_next().unwrap();
    c.apply(&change).unwrap();
    change
}

/// Enters a result for every open board of the last round: the better
/// ranked side wins 4:1, or (every third board) 3:3.
fn finish_round(c: &mut Competition) {
    let round = c.rounds().last().unwrap().clone();
    for (i, b) in round.boards.iter().enumerate() {
        if b.outcome.is_some() {
            continue;
        }
        let outcome = if i % 3 == 2 {
            Outcome::Sets {
                first: 3,
                second: 3,
            }
        } else if b.paired.first < b.paired.second {
            Outcome::Sets {
                first: 4,
                second: 1,
            }
        } else {
            Outcome::Sets {
                first: 2,
                second: 4,
            }
        };
        c.apply(&Change::Result {
            round: round.number,
            board: i as u32 + 1,
            outcome,
        })
        .unwrap();
    }
}

#[test]
fn a_set_up_that_cannot_be_played_is_refused_with_its_reason() {
    let ok = setup(System::Swiss { rounds: 5 }, 6);
    let cases: Vec<(Setup, Refusal)> = vec![
        (
            Setup {
                name: "  ".into(),
                ..ok.clone()
            },
            Refusal::Missing { field: "name" },
        ),
        (
            Setup {
                name: "x".repeat(101),
                ..ok.clone()
            },
            Refusal::Text { field: "name" },
        ),
        (
            Setup {
                venue: Some("Rīga\nCentre".into()),
                ..ok.clone()
            },
            Refusal::Text { field: "venue" },
        ),
        (
            Setup {
                tables: 0,
                ..ok.clone()
            },
            Refusal::Tables { tables: 0 },
        ),
        (
            Setup {
                system: System::Swiss { rounds: 0 },
                ..ok.clone()
            },
            Refusal::Rounds { rounds: 0 },
        ),
        (
            Setup {
                format: MatchFormat::BestOf(4),
                ..ok.clone()
            },
            Refusal::Format {
                format: MatchFormat::BestOf(4),
            },
        ),
        (
            Setup {
                points: MatchPoints {
                    win: 1,
                    draw: 2,
                    loss: 0,
                },
                ..ok.clone()
            },
            Refusal::Points {
                points: MatchPoints {
                    win: 1,
                    draw: 2,
                    loss: 0,
                },
            },
        ),
        (
            Setup {
                starts: Some("2026-11-29".parse_day()),
                ends: Some("2026-11-28".parse_day()),
                ..ok.clone()
            },
            Refusal::EndsBeforeItStarts,
        ),
    ];
    for (s, want) in cases {
        assert_eq!(Competition::new(s), Err(want));
    }
    let c = Competition::new(Setup {
        name: "  Riga Open  ".into(),
        venue: Some(" ".into()),
        ..ok
    })
    .unwrap();
    assert_eq!(c.setup().name, "Riga Open");
    assert_eq!(c.setup().venue, None);
}

#[test]
fn the_organising_club_is_tidied_and_looked_up_without_case_or_marks() {
    let ok = setup(System::Swiss { rounds: 5 }, 4);
    let c = Competition::new(Setup {
        club: Some("  Rīgas  Novusa   Klubs ".into()),
        ..ok.clone()
    })
    .unwrap();
    // Kept as written, spaces at the ends trimmed.
    assert_eq!(c.setup().club.as_deref(), Some("Rīgas  Novusa   Klubs"));
    // One club however it is typed.
    assert_eq!(c.setup().club_key().as_deref(), Some("rigas novusa klubs"));
    assert_eq!(
        novuss_club::competition::club_key("RIGAS NOVUSA KLUBS"),
        "rigas novusa klubs"
    );
    // A club of spaces is none; a club with a line break is refused.
    let none = Competition::new(Setup {
        club: Some("   ".into()),
        ..ok.clone()
    })
    .unwrap();
    assert_eq!(none.setup().club, None);
    assert_eq!(none.setup().club_key(), None);
    assert_eq!(
        Competition::new(Setup {
            club: Some("Rīga\nNK".into()),
            ..ok
        }),
        Err(Refusal::Text { field: "club" })
    );
}

trait ParseDay {
    fn parse_day(&self) -> novuss_club::competition::Day;
}

impl ParseDay for str {
    fn parse_day(&self) -> novuss_club::competition::Day {
        novuss_club::competition::Day::parse(self).unwrap()
    }
}

#[test]
fn days_are_calendar_days() {
    use novuss_club::competition::Day;
    assert!(Day::parse("2028-02-29").is_some());
    for bad in [
        "2026-02-29",
        "2026-13-01",
        "2026-00-10",
        "26-11-28",
        "2026-1-28",
        "2026-11-3a",
        "1800-01-01",
    ] {
        assert_eq!(Day::parse(bad), None, "{bad}");
    }
    let json = serde_json::to_string(&"2026-11-28".parse_day()).unwrap();
    assert_eq!(json, "\"2026-11-28\"");
    assert!(serde_json::from_str::<Day>("\"2026-02-30\"").is_err());
}

#[test]
fn the_same_player_cannot_be_entered_twice() {
    let mut c = with_entrants(System::Swiss { rounds: 5 }, 4, 3);
    refused(
        &mut c,
        Change::Enter {
            entry: entry(" player  2 ", None),
        },
        Refusal::EnteredTwice {
            entrant: Entrant(2),
        },
    );
    refused(
        &mut c,
        Change::Enter {
            entry: Entry::named(""),
        },
        Refusal::Missing { field: "name" },
    );
}

#[test]
fn a_round_robin_of_five_plays_the_berger_table_with_a_rest_each_round() {
    let mut c = with_entrants(
        System::RoundRobin {
            cycles: Cycles::Single,
        },
        2,
        5,
    );
    assert_eq!(c.round_count(), 5);
    let mut met = HashSet::new();
    for r in 1..=5 {
        refused(
            &mut c,
            Change::Unpair { round: r },
            if r == 1 {
                Refusal::NothingPaired
            } else {
                Refusal::WrongRound {
                    asked: r,
                    current: r - 1,
                }
            },
        );
        let Change::Pair { boards, rests, .. } = pair(&mut c) else {
            panic!("not a pairing");
        };
        assert_eq!(boards.len(), 2);
        assert_eq!(rests.len(), 1, "one rests each round");
        assert_eq!(rests[0].bye, Bye::Zero);
        let tables: Vec<_> = boards.iter().map(|b| b.table).collect();
        assert_eq!(tables.iter().flatten().count(), 2);
        for b in &boards {
            assert!(met.insert((b.first.min(b.second), b.first.max(b.second))));
        }
        if r == 1 {
            refused(
                &mut c,
                Change::Enter {
                    entry: entry("Late", None),
                },
                Refusal::EntriesClosed,
            );
        }
        finish_round(&mut c);
    }
    assert_eq!(met.len(), 10, "every pair met once");
    assert!(c.finished());
    assert_eq!(c.pair_next(), Err(Refusal::Finished));
}

#[test]
fn a_withdrawn_entrant_of_a_round_robin_loses_the_rest_without_play() {
    let mut c = with_entrants(
        System::RoundRobin {
            cycles: Cycles::Double,
        },
        3,
        4,
    );
    assert_eq!(c.round_count(), 6);
    pair(&mut c);
    finish_round(&mut c);
    c.apply(&Change::Withdraw {
        entrant: Entrant(2),
    })
    .unwrap();
    refused(
        &mut c,
        Change::Withdraw {
            entrant: Entrant(2),
        },
        Refusal::Withdrawn {
            entrant: Entrant(2),
        },
    );
    pair(&mut c);
    let round = c.rounds()[1].clone();
    let b = round
        .boards
        .iter()
        .find(|b| b.paired.first == Entrant(2) || b.paired.second == Entrant(2))
        .unwrap();
    let winner = if b.paired.first == Entrant(2) {
        Side::Second
    } else {
        Side::First
    };
    assert_eq!(b.outcome, Some(Outcome::Forfeit { winner }));
    // The pairing decided it: the round can still be taken back.
    c.apply(&Change::Unpair { round: 2 }).unwrap();
    assert_eq!(c.rounds().len(), 1);
    pair(&mut c);
    finish_round(&mut c);
    let h = &c.histories()[1];
    assert!(matches!(
        h.rounds[1],
        RoundResult::Forfeit { won: false, .. }
    ));
}

#[test]
fn a_score_is_checked_against_the_match_format() {
    let mut c = with_entrants(System::Swiss { rounds: 3 }, 2, 4);
    pair(&mut c);
    for (first, second, needed) in [(5, 0, 4), (4, 3, 4), (3, 2, 4), (2, 2, 4)] {
        let change = Change::Result {
            round: 1,
            board: 1,
            outcome: Outcome::Sets { first, second },
        };
        let before = c.clone();
        match c.apply(&change) {
            Err(Refusal::Score {
                first: f,
                second: s,
                needed: n,
                ..
            }) => assert_eq!((f, s, n), (first, second, needed)),
            other => panic!("{first}:{second} gave {other:?}"),
        }
        assert_eq!(c, before);
    }
    let e = c
        .apply(&Change::Result {
            round: 1,
            board: 1,
            outcome: Outcome::Sets {
                first: 5,
                second: 0,
            },
        })
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "5:0 cannot be a result: the match ends when a side has won 4 sets"
    );
    refused(
        &mut c,
        Change::Result {
            round: 1,
            board: 3,
            outcome: Outcome::BothAbsent,
        },
        Refusal::NoSuchBoard { round: 1, board: 3 },
    );
    refused(
        &mut c,
        Change::Result {
            round: 2,
            board: 1,
            outcome: Outcome::BothAbsent,
        },
        Refusal::NoSuchBoard { round: 2, board: 1 },
    );
    for outcome in [
        Outcome::Sets {
            first: 4,
            second: 2,
        },
        Outcome::Sets {
            first: 3,
            second: 3,
        },
        Outcome::Forfeit {
            winner: Side::Second,
        },
    ] {
        c.apply(&Change::Result {
            round: 1,
            board: 1,
            outcome,
        })
        .unwrap();
        assert_eq!(c.rounds()[0].boards[0].outcome, Some(outcome), "corrected");
    }
}

#[test]
fn a_round_is_paired_only_once_the_last_is_complete_and_undone_only_before_results() {
    let mut c = with_entrants(System::Swiss { rounds: 3 }, 4, 6);
    pair(&mut c);
    assert_eq!(c.pair_next(), Err(Refusal::RoundOpen { round: 1 }));
    c.apply(&Change::Result {
        round: 1,
        board: 2,
        outcome: Outcome::Sets {
            first: 4,
            second: 0,
        },
    })
    .unwrap();
    refused(
        &mut c,
        Change::Unpair { round: 1 },
        Refusal::HasResults { round: 1 },
    );
    finish_round(&mut c);
    // A pairing of the wrong round, or one that leaves someone out.
    let Change::Pair { boards, rests, .. } = c.pair_next().unwrap() else {
        panic!()
    };
    refused(
        &mut c,
        Change::Pair {
            round: 3,
            boards: boards.clone(),
            rests: rests.clone(),
        },
        Refusal::WrongRound {
            asked: 3,
            current: 2,
        },
    );
    refused(
        &mut c,
        Change::Pair {
            round: 2,
            boards: boards[1..].to_vec(),
            rests: rests.clone(),
        },
        Refusal::NoPairing,
    );
    let mut twice = boards.clone();
    twice[1].first = twice[0].first;
    refused(
        &mut c,
        Change::Pair {
            round: 2,
            boards: twice,
            rests: rests.clone(),
        },
        Refusal::NoPairing,
    );
    let mut far = boards.clone();
    far[0].table = Some(5);
    refused(
        &mut c,
        Change::Pair {
            round: 2,
            boards: far,
            rests,
        },
        Refusal::Tables { tables: 5 },
    );
    pair(&mut c);
    c.apply(&Change::Unpair { round: 2 }).unwrap();
    assert_eq!(c.rounds().len(), 1);
}

#[test]
fn a_swiss_day_with_byes_late_entries_and_a_withdrawal() {
    let mut c = with_entrants(System::Swiss { rounds: 5 }, 4, 11);
    let mut changes: Vec<Change> = Vec::new();
    let apply = |c: &mut Competition, ch: Change, log: &mut Vec<Change>| {
        c.apply(&ch).unwrap();
        log.push(ch);
    };
    // Round 1: eleven entrants, the lowest ranked gets the bye.
    let r1 = c.pair_next().unwrap();
    let Change::Pair { boards, rests, .. } = &r1 else {
        panic!()
    };
    assert_eq!(boards.len(), 5);
    assert_eq!(
        rests,
        &vec![Rest {
            entrant: Entrant(11),
            bye: Bye::PairingAllocated
        }]
    );
    // Four tables: the fifth board waits for one.
    assert_eq!(boards[4].table, None);
    assert!(boards[..4].iter().all(|b| b.table.is_some()));
    // Top seed against the sixth (C.04.3: S1 against S2 of the group).
    assert_eq!(
        (boards[0].first, boards[0].second),
        (Entrant(1), Entrant(6))
    );
    apply(&mut c, r1, &mut changes);
    finish_round(&mut c);
    // A late entry for round 2 and a half-point bye asked by number 3.
    apply(
        &mut c,
        Change::Enter {
            entry: entry("Late Comer", Some(2100)),
        },
        &mut changes,
    );
    refused(
        &mut c,
        Change::RequestBye {
            entrant: Entrant(3),
            round: 1,
            bye: Bye::Half,
        },
        Refusal::ByeNotRequestable,
    );
    refused(
        &mut c,
        Change::RequestBye {
            entrant: Entrant(3),
            round: 2,
            bye: Bye::PairingAllocated,
        },
        Refusal::ByeNotRequestable,
    );
    apply(
        &mut c,
        Change::RequestBye {
            entrant: Entrant(3),
            round: 2,
            bye: Bye::Half,
        },
        &mut changes,
    );
    assert_eq!(
        c.ranking()[0],
        Entrant(12),
        "the late entrant's rating ranks first"
    );
    let r2 = c.pair_next().unwrap();
    let Change::Pair { boards, rests, .. } = &r2 else {
        panic!()
    };
    // Twelve, one on a half-point bye: eleven to pair, one more bye.
    assert_eq!(boards.len(), 5);
    assert!(rests.contains(&Rest {
        entrant: Entrant(3),
        bye: Bye::Half
    }));
    assert_eq!(rests.len(), 2);
    let r2_bye = rests
        .iter()
        .find(|r| r.bye == Bye::PairingAllocated)
        .unwrap()
        .entrant;
    assert_ne!(r2_bye, Entrant(11), "no second pairing-allocated bye");
    apply(&mut c, r2, &mut changes);
    finish_round(&mut c);
    apply(
        &mut c,
        Change::Withdraw {
            entrant: Entrant(5),
        },
        &mut changes,
    );
    for _ in 3..=5 {
        let p = c.pair_next().unwrap();
        let Change::Pair { boards, .. } = &p else {
            panic!()
        };
        assert!(boards
            .iter()
            .all(|b| b.first != Entrant(5) && b.second != Entrant(5)));
        apply(&mut c, p, &mut changes);
        finish_round(&mut c);
    }
    assert!(c.finished());
    let h = c.histories();
    assert_eq!(h[11].rounds[0], RoundResult::Bye(Bye::Zero), "entered late");
    assert_eq!(h[2].rounds[1], RoundResult::Bye(Bye::Half));
    assert!(h[4].rounds[2..]
        .iter()
        .all(|r| *r == RoundResult::Bye(Bye::Zero)));
    // Nobody met twice; every history has five rounds.
    for (i, hist) in h.iter().enumerate() {
        assert_eq!(hist.rounds.len(), 5);
        let opponents: Vec<_> = hist.rounds.iter().filter_map(|r| r.opponent()).collect();
        let unique: HashSet<_> = opponents.iter().collect();
        assert_eq!(
            unique.len(),
            opponents.len(),
            "entrant {} met someone twice",
            i + 1
        );
    }
}

#[test]
fn the_same_changes_give_the_same_competition_and_the_same_next_pairing() {
    let mut a = with_entrants(System::Swiss { rounds: 4 }, 3, 9);
    let mut log = Vec::new();
    for _ in 0..3 {
        log.push(pair(&mut a));
        finish_round(&mut a);
        let last = a.rounds().last().unwrap();
        for (i, b) in last.boards.iter().enumerate() {
            log.push(Change::Result {
                round: last.number,
                board: i as u32 + 1,
                outcome: b.outcome.unwrap(),
            });
        }
    }
    let mut b = with_entrants(System::Swiss { rounds: 4 }, 3, 9);
    for ch in &log {
        // Through JSON, as the server stores them.
        let stored = serde_json::to_string(ch).unwrap();
        b.apply(&serde_json::from_str(&stored).unwrap()).unwrap();
    }
    assert_eq!(a, b);
    assert_eq!(a.pair_next(), b.pair_next());
}

#[test]
fn stored_changes_read_as_they_are_written() {
    let ch = Change::Pair {
        round: 1,
        boards: vec![Paired {
            first: Entrant(1),
            second: Entrant(2),
            table: Some(1),
        }],
        rests: vec![Rest {
            entrant: Entrant(3),
            bye: Bye::PairingAllocated,
        }],
    };
    let json = serde_json::to_string(&ch).unwrap();
    assert_eq!(
        json,
        r#"{"change":"pair","round":1,"boards":[{"first":1,"second":2,"table":1}],"rests":[{"entrant":3,"bye":"pairing_allocated"}]}"#
    );
    let r: Change = serde_json::from_str(
        r#"{"change":"result","round":1,"board":1,"outcome":{"kind":"sets","first":4,"second":2}}"#,
    )
    .unwrap();
    assert!(matches!(r, Change::Result { .. }));
    assert!(serde_json::from_str::<Change>(r#"{"change":"result","round":1,"board":1,"outcome":{"kind":"sets","first":4,"second":2},"x":1}"#).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any sequence of results (valid or not) in a Swiss of any size
    /// keeps the competition consistent: refusals change nothing, every
    /// pairing the engine makes is accepted, and nobody meets twice.
    #[test]
    fn a_swiss_never_breaks_on_any_results(
        n in 2u32..20,
        scores in prop::collection::vec((0u32..6, 0u32..6, 0u8..8), 60),
    ) {
        let rounds = 4;
        let mut c = with_entrants(System::Swiss { rounds }, 3, n);
        let mut k = 0;
        for _ in 0..rounds {
            let Ok(p) = c.pair_next() else { break };
            c.apply(&p).unwrap();
            let number = c.rounds().last().unwrap().number;
            let boards = c.rounds().last().unwrap().boards.len();
            for board in 1..=boards as u32 {
                for tries in 0.. {
                    let (a, b, kind) = scores[k % scores.len()];
                    k += 1;
                    let outcome = match kind {
                        _ if tries == scores.len() => Outcome::BothAbsent,
                        0 => Outcome::Forfeit { winner: Side::First },
                        1 => Outcome::BothAbsent,
                        _ => Outcome::Sets { first: a, second: b },
                    };
                    let before = c.clone();
                    match c.apply(&Change::Result { round: number, board, outcome }) {
                        Ok(()) => break,
                        Err(_) => prop_assert_eq!(&c, &before),
                    }
                }
            }
        }
        // Only games played over the table count as having met: a
        // forfeited pair may meet again (C.04.1 as the Dutch engines read it).
        for h in c.histories() {
            let opponents: Vec<_> = h
                .rounds
                .iter()
                .filter(|r| r.played())
                .filter_map(|r| r.opponent())
                .collect();
            let unique: HashSet<_> = opponents.iter().collect();
            prop_assert_eq!(unique.len(), opponents.len());
        }
    }
}

/// The result of the board where `winner` meets `loser` in the last
/// round: `winner` wins 4:`sets`.
fn beats(c: &mut Competition, winner: u32, loser: u32, sets: u32) {
    let round = c.rounds().last().unwrap().clone();
    let (i, b) = round
        .boards
        .iter()
        .enumerate()
        .find(|(_, b)| {
            [b.paired.first.0, b.paired.second.0] == [winner, loser]
                || [b.paired.first.0, b.paired.second.0] == [loser, winner]
        })
        .expect("they meet this round");
    let outcome = if b.paired.first.0 == winner {
        Outcome::Sets {
            first: 4,
            second: sets,
        }
    } else {
        Outcome::Sets {
            first: sets,
            second: 4,
        }
    };
    c.apply(&Change::Result {
        round: round.number,
        board: i as u32 + 1,
        outcome,
    })
    .unwrap();
}

#[test]
fn the_standings_follow_the_results_by_the_organisers_tiebreaks() {
    // A round robin names its own tie-breaks when the organiser names
    // none; one named twice is refused.
    let rr = System::RoundRobin {
        cycles: Cycles::Single,
    };
    let c = Competition::new(setup(rr, 2)).unwrap();
    assert_eq!(
        c.setup().tiebreaks,
        [
            TieBreak::DirectEncounter,
            TieBreak::SetRatio,
            TieBreak::Wins,
            TieBreak::SonnebornBerger
        ]
    );
    let twice = Setup {
        tiebreaks: vec![TieBreak::Wins, TieBreak::Buchholz, TieBreak::Wins],
        ..setup(rr, 2)
    };
    assert_eq!(
        Competition::new(twice),
        Err(Refusal::TieBreakTwice {
            tiebreak: TieBreak::Wins
        })
    );

    // Four players, everyone once: 1 and 2 end on 4 points, 1 having
    // beaten 2; 3 and 4 on 2 points, 4 having beaten 3. The direct
    // encounter decides both ties although 2 has the better sets
    // (C.07 6).
    let mut c = with_entrants(rr, 2, 4);
    let before = c.standings().unwrap();
    assert_eq!(before.rows.len(), 4);
    assert!(before
        .rows
        .iter()
        .all(|r| r.place == (1..=4) && r.points == 0));
    let results = [
        (1, 2, 2),
        (3, 1, 2),
        (1, 4, 2),
        (2, 3, 0),
        (2, 4, 0),
        (4, 3, 1),
    ];
    for _ in 0..3 {
        pair(&mut c);
        let round = c.rounds().last().unwrap().clone();
        for b in &round.boards {
            let (a, z) = (b.paired.first.0, b.paired.second.0);
            let &(w, l, sets) = results
                .iter()
                .find(|(w, l, _)| (*w, *l) == (a, z) || (*w, *l) == (z, a))
                .unwrap();
            beats(&mut c, w, l, sets);
        }
    }
    assert!(c.finished());
    let s = c.standings().unwrap();
    let order: Vec<(u32, u64)> = s.rows.iter().map(|r| (r.entrant.0, r.points)).collect();
    assert_eq!(order, [(1, 4), (2, 4), (4, 2), (3, 2)]);
    let places: Vec<_> = s.rows.iter().map(|r| r.place.clone()).collect();
    assert_eq!(places, [1..=1, 2..=2, 3..=3, 4..=4]);
    // 2's sets: 2:4, 4:0, 4:0 = 10:4; 1's: 4:2, 2:4, 4:2 = 10:8.
    let sets = |e: u32| {
        let row = s.rows.iter().find(|r| r.entrant.0 == e).unwrap();
        row.values[1]
    };
    assert_eq!(
        sets(2),
        TieBreakValue::SetRatio(novuss_club::Sets { won: 10, lost: 4 })
    );
    assert_eq!(
        sets(1),
        TieBreakValue::SetRatio(novuss_club::Sets { won: 10, lost: 8 })
    );

    // The same results ranked by the sets first: 2 goes ahead.
    let by_sets = Setup {
        tiebreaks: vec![TieBreak::SetRatio, TieBreak::DirectEncounter],
        ..setup(rr, 2)
    };
    let mut again = Competition::new(by_sets).unwrap();
    for e in c.entrants() {
        again
            .apply(&Change::Enter {
                entry: e.entry.clone(),
            })
            .unwrap();
    }
    for r in c.rounds() {
        again
            .apply(&Change::Pair {
                round: r.number,
                boards: r.boards.iter().map(|b| b.paired).collect(),
                rests: r.rests.clone(),
            })
            .unwrap();
        for (i, b) in r.boards.iter().enumerate() {
            again
                .apply(&Change::Result {
                    round: r.number,
                    board: i as u32 + 1,
                    outcome: b.outcome.unwrap(),
                })
                .unwrap();
        }
    }
    let order: Vec<u32> = again
        .standings()
        .unwrap()
        .rows
        .iter()
        .map(|r| r.entrant.0)
        .collect();
    assert_eq!(order, [2, 1, 4, 3]);
}
