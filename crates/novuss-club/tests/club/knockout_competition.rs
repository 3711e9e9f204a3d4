//! A knock-out competition run change by change: the seeded bracket's
//! rounds paired from the results (byes to the top seeds, the match for
//! third place beside the final), walkovers for the withdrawn and the
//! absent, results that would re-route a paired round refused, a pairing
//! other than the bracket's refused, and the places by how far each
//! entrant went.

use novuss_club::competition::{Outcome, Paired, Rest, Slot};
use novuss_club::{Bye, Change, Competition, Entrant, Entry, Refusal, Setup, Side, System};
use novuss_core::MatchFormat;
use proptest::prelude::*;

fn setup(third_place: bool, format: MatchFormat) -> Setup {
    crate::support::setup("Cup", System::Knockout { third_place }, format, 4)
}

/// A knock-out of `n` entrants rated 2000, 1990, … (entrant `k` is seed
/// `k`), best of three.
fn cup(n: u32, third_place: bool) -> Competition {
    crate::support::seeded(setup(third_place, MatchFormat::BestOf(3)), n)
}

fn pair(c: &mut Competition) -> (Vec<(u32, u32)>, Vec<Rest>) {
    let change = c.pair_next().unwrap();
    c.apply(&change).unwrap();
    let Change::Pair { boards, rests, .. } = change else {
        panic!("not a pairing: {change:?}")
    };
    (
        boards.iter().map(|b| (b.first.0, b.second.0)).collect(),
        rests,
    )
}

/// Enters the result of the board where `winner` plays in the last
/// round: they win 2:1.
fn wins(c: &mut Competition, winner: u32) {
    let round = c.rounds().last().unwrap();
    let (i, b) = round
        .boards
        .iter()
        .enumerate()
        .find(|(_, b)| b.paired.first.0 == winner || b.paired.second.0 == winner)
        .unwrap();
    let outcome = if b.paired.first.0 == winner {
        Outcome::Sets {
            first: 2,
            second: 1,
        }
    } else {
        Outcome::Sets {
            first: 1,
            second: 2,
        }
    };
    let change = Change::Result {
        round: round.number,
        board: i as u32 + 1,
        outcome,
    };
    c.apply(&change).unwrap();
}

fn rested(e: u32) -> Rest {
    Rest {
        entrant: Entrant(e),
        bye: Bye::PairingAllocated,
    }
}

/// The standings as (first place, last place, entrant) rows.
fn places(c: &Competition) -> Vec<(u32, u32, u32)> {
    c.standings()
        .unwrap()
        .rows
        .iter()
        .map(|r| (*r.place.start(), *r.place.end(), r.entrant.0))
        .collect()
}

#[test]
fn a_knockout_that_can_end_level_or_names_tie_breaks_is_refused() {
    assert_eq!(
        Competition::new(setup(false, MatchFormat::Sets(6))),
        Err(Refusal::DrawsInKnockout {
            format: MatchFormat::Sets(6)
        })
    );
    let mut s = setup(false, MatchFormat::BestOf(3));
    s.tiebreaks = vec![novuss_club::standings::TieBreak::Buchholz];
    assert_eq!(Competition::new(s), Err(Refusal::TieBreaksInKnockout));
    // Five sets cannot end level: a knock-out may play them.
    assert!(Competition::new(setup(true, MatchFormat::Sets(5))).is_ok());
}

/// Six entrants on a bracket of eight: seeds 1 and 2 have byes, 4–5 and
/// 3–6 play; an upset (5 beats 4) takes 5 to meet 1; the final and the
/// match for third place are paired together, the final on the top
/// board; the places follow.
#[test]
fn six_entrants_play_to_a_final_and_a_match_for_third_place() {
    let mut c = cup(6, true);
    assert_eq!(c.round_count(), 3);
    let (boards, rests) = pair(&mut c);
    assert_eq!(boards, vec![(4, 5), (3, 6)]);
    assert_eq!(rests, vec![rested(1), rested(2)]);
    // Seeded by rating: entering is closed once the bracket is drawn.
    let before = c.clone();
    assert_eq!(
        c.apply(&Change::Enter {
            entry: Entry::named("Late")
        }),
        Err(Refusal::EntriesClosed)
    );
    assert_eq!(c, before);
    // Before the round is complete, the next cannot be paired.
    assert_eq!(c.pair_next(), Err(Refusal::RoundOpen { round: 1 }));
    wins(&mut c, 5);
    wins(&mut c, 3);
    // Those still in share the top places; the first round's losers the
    // last two.
    assert_eq!(
        places(&c),
        vec![
            (1, 4, 1),
            (1, 4, 2),
            (1, 4, 3),
            (1, 4, 5),
            (5, 6, 4),
            (5, 6, 6)
        ]
    );

    let (boards, rests) = pair(&mut c);
    assert_eq!(boards, vec![(1, 5), (2, 3)]);
    assert!(rests.is_empty());
    wins(&mut c, 1);
    wins(&mut c, 3);
    let (boards, _) = pair(&mut c);
    assert_eq!(
        boards,
        vec![(1, 3), (2, 5)],
        "the final first, then third place"
    );
    assert_eq!(c.pair_next(), Err(Refusal::RoundOpen { round: 3 }));
    wins(&mut c, 3);
    // Third place by forfeit: 2 does not come.
    c.apply(&Change::Result {
        round: 3,
        board: 2,
        outcome: Outcome::Forfeit {
            winner: Side::Second,
        },
    })
    .unwrap();
    assert!(c.finished());
    assert_eq!(c.pair_next(), Err(Refusal::Finished));
    assert_eq!(
        places(&c),
        vec![
            (1, 1, 3),
            (2, 2, 1),
            (3, 3, 5),
            (4, 4, 2),
            (5, 6, 4),
            (5, 6, 6)
        ]
    );

    // Shown beside the places: 2 a match won, a bye or a walkover too.
    let points: Vec<(u32, u64)> = c
        .standings()
        .unwrap()
        .rows
        .iter()
        .map(|r| (r.entrant.0, r.points))
        .collect();
    assert_eq!(points, vec![(3, 6), (1, 4), (5, 4), (2, 2), (4, 0), (6, 0)]);

    let bracket = c.bracket().unwrap();
    assert_eq!((bracket.places, bracket.rounds), (8, 3));
    assert_eq!(bracket.byes, vec![1, 2]);
    let final_tie = bracket
        .ties
        .iter()
        .find(|t| t.round == 3 && !t.third_place)
        .unwrap();
    assert_eq!(final_tie.winner, Some(Entrant(3)));
    assert_eq!(final_tie.board, Some(1));
    let third = bracket.ties.iter().find(|t| t.third_place).unwrap();
    assert_eq!(
        (third.a, third.b, third.winner),
        (
            Slot::Entrant {
                entrant: Entrant(2)
            },
            Slot::Entrant {
                entrant: Entrant(5)
            },
            Some(Entrant(5))
        )
    );
}

#[test]
fn the_bracket_shows_where_each_side_comes_from_until_it_is_decided() {
    let mut c = cup(4, false);
    pair(&mut c);
    let bracket = c.bracket().unwrap();
    assert_eq!(bracket.ties.len(), 3);
    let final_tie = &bracket.ties[2];
    assert_eq!(
        (final_tie.a, final_tie.b),
        (
            Slot::Awaits {
                source: novuss_club::knockout::Source::WinnerOf(1)
            },
            Slot::Awaits {
                source: novuss_club::knockout::Source::WinnerOf(2)
            }
        )
    );
    wins(&mut c, 4);
    let final_tie = c.bracket().unwrap().ties[2];
    assert_eq!(
        final_tie.a,
        Slot::Entrant {
            entrant: Entrant(4)
        }
    );
    assert_eq!(final_tie.board, None, "not paired yet");
    // Without a match for third place, the semi-finals' losers share it.
    wins(&mut c, 2);
    pair(&mut c);
    wins(&mut c, 2);
    assert_eq!(places(&c), vec![(1, 1, 2), (2, 2, 4), (3, 4, 1), (3, 4, 3)]);
}

/// A result may be corrected while the round its winner goes on to is
/// not paired; once it is, only a score with the same winner.
#[test]
fn a_result_that_would_change_a_paired_round_is_refused() {
    let mut c = cup(4, false);
    pair(&mut c);
    wins(&mut c, 1);
    wins(&mut c, 2);
    // Corrected before round 2 is paired: 4 goes on instead of 1.
    c.apply(&Change::Result {
        round: 1,
        board: 1,
        outcome: Outcome::Sets {
            first: 0,
            second: 2,
        },
    })
    .unwrap();
    let (boards, _) = pair(&mut c);
    assert_eq!(boards, vec![(2, 4)]);
    let change = Change::Result {
        round: 1,
        board: 1,
        outcome: Outcome::Sets {
            first: 2,
            second: 0,
        },
    };
    let before = c.clone();
    assert_eq!(
        c.apply(&change),
        Err(Refusal::DecidesLaterRound { round: 2 })
    );
    assert_eq!(c, before);
    // The same winner by another score stands.
    c.apply(&Change::Result {
        round: 1,
        board: 1,
        outcome: Outcome::Sets {
            first: 1,
            second: 2,
        },
    })
    .unwrap();
    // Taken back, the final can be re-routed.
    c.apply(&Change::Unpair { round: 2 }).unwrap();
    c.apply(&change).unwrap();
    assert_eq!(pair(&mut c).0, vec![(1, 2)]);
}

#[test]
fn a_pairing_other_than_the_brackets_is_refused() {
    let mut c = cup(4, false);
    let wrong = Change::Pair {
        round: 1,
        boards: vec![
            Paired {
                first: Entrant(1),
                second: Entrant(2),
                table: Some(1),
            },
            Paired {
                first: Entrant(3),
                second: Entrant(4),
                table: Some(2),
            },
        ],
        rests: vec![],
    };
    let before = c.clone();
    assert_eq!(c.apply(&wrong), Err(Refusal::NotTheBracket { round: 1 }));
    assert_eq!(c, before);
    // The bracket's pairs in another order, sides swapped, are the same
    // round.
    let right = Change::Pair {
        round: 1,
        boards: vec![
            Paired {
                first: Entrant(3),
                second: Entrant(2),
                table: Some(1),
            },
            Paired {
                first: Entrant(4),
                second: Entrant(1),
                table: Some(2),
            },
        ],
        rests: vec![],
    };
    c.apply(&right).unwrap();
}

/// Withdrawn before the draw: not in the bracket. Withdrawn after a
/// round: the next match is lost without play and the opponent goes on.
/// Both sides absent: nobody goes on, and the next opponent walks over.
#[test]
fn the_withdrawn_and_the_absent_give_walkovers() {
    let mut c = cup(9, false);
    c.apply(&Change::Withdraw {
        entrant: Entrant(9),
    })
    .unwrap();
    assert_eq!(c.round_count(), 3, "eight left: a bracket of eight");
    let (boards, rests) = pair(&mut c);
    assert_eq!(boards, vec![(1, 8), (4, 5), (2, 7), (3, 6)]);
    assert!(rests.is_empty());
    wins(&mut c, 1);
    wins(&mut c, 4);
    wins(&mut c, 2);
    c.apply(&Change::Result {
        round: 1,
        board: 4,
        outcome: Outcome::BothAbsent,
    })
    .unwrap();
    c.apply(&Change::Withdraw {
        entrant: Entrant(4),
    })
    .unwrap();
    let (boards, rests) = pair(&mut c);
    // 1–4 is on the board, lost by 4 without play; 2 goes on alone.
    assert_eq!(boards, vec![(1, 4)]);
    assert_eq!(rests, vec![rested(2)]);
    let r2 = &c.rounds()[1];
    assert_eq!(
        r2.boards[0].outcome,
        Some(Outcome::Forfeit {
            winner: Side::First
        })
    );
    assert!(r2.complete());
    let tie = c.bracket().unwrap().ties[5];
    assert_eq!(
        (tie.a, tie.b),
        (
            Slot::Entrant {
                entrant: Entrant(2)
            },
            Slot::Nobody
        )
    );
    assert_eq!(tie.winner, Some(Entrant(2)));
    assert_eq!(pair(&mut c).0, vec![(1, 2)]);
    wins(&mut c, 1);
    assert!(c.finished());
    let p = places(&c);
    assert_eq!(&p[..2], &[(1, 1, 1), (2, 2, 2)]);
    assert_eq!(p[2], (3, 3, 4), "out in the semi-final, by withdrawing");
    // 3 and 6 went out together in the first round, with 5, 7 and 8.
    assert!(p.contains(&(4, 8, 3)) && p.contains(&(4, 8, 6)), "{p:?}");
    assert_eq!(p[8], (9, 9, 9), "withdrawn before the draw: last");
}

proptest! {
    /// Any field of 2 to 40, any winners: the bracket takes as many rounds
    /// as it has, each paired round has everyone still in exactly once
    /// (on a board or through), and the final's winner is first, alone.
    #[test]
    fn any_field_plays_through_to_one_winner(n in 2u32..40, picks in proptest::collection::vec(any::<bool>(), 64), third in any::<bool>()) {
        let mut c = cup(n, third);
        let rounds = c.round_count();
        prop_assert_eq!(rounds, n.next_power_of_two().trailing_zeros());
        let mut pick = picks.into_iter().cycle();
        let mut still: Vec<u32> = (1..=n).collect();
        for _ in 0..rounds {
            let (boards, rests) = pair(&mut c);
            let mut here: Vec<u32> = boards.iter().flat_map(|&(a, b)| [a, b]).chain(rests.iter().map(|r| r.entrant.0)).collect();
            here.sort_unstable();
            let last = c.rounds().len() as u32 == rounds;
            if !(last && third) {
                prop_assert_eq!(&here, &still);
            }
            let mut next = rests.iter().map(|r| r.entrant.0).collect::<Vec<_>>();
            for (i, &(a, b)) in boards.iter().enumerate() {
                let first_wins = pick.next().unwrap();
                wins(&mut c, if first_wins { a } else { b });
                // In the last round with a match for third place, only the
                // final's winner goes on.
                if !(last && third && i == 1) {
                    next.push(if first_wins { a } else { b });
                }
            }
            next.sort_unstable();
            still = next;
        }
        prop_assert!(c.finished());
        prop_assert_eq!(still.len(), 1);
        let p = places(&c);
        prop_assert_eq!(p[0], (1, 1, still[0]));
        prop_assert_eq!(p.len() as u32, n);
        // Places are a partition: each shared range holds as many as it
        // spans.
        let mut i = 0;
        while i < p.len() {
            let (a, b, _) = p[i];
            prop_assert_eq!(a as usize, i + 1);
            prop_assert!(p[i..(b as usize)].iter().all(|r| (r.0, r.1) == (a, b)));
            i = b as usize;
        }
    }
}
