//! Standings against every published value of IA Mario Held's
//! *Exercises in Tie-Breaking* (FIDE Arbiters' Commission, for C.07 as of
//! 2024) that `docs/standings.md` records, in Novuss's 2/1/0 points and in
//! chess's 1/½/0 (TRF's tenths); set ratio, rating and shared places;
//! bad histories refused with their reason; and, for any valid history,
//! standings that are a ranking of everyone with places that follow the
//! values.

use std::cmp::Ordering;
use std::collections::HashMap;

use novuss_club::{
    standings, Bye, Entrant, History, PairingMethod, Participant, PointSystem, Regulations,
    RoundResult, Score, Sets, Side, Standings, StandingsError, TieBreak, TieBreakValue,
};
use proptest::prelude::*;

/// Held's 5-round Swiss of 16 (`opponent` `colour` `result`; `H`
/// half-point bye, `U` pairing-allocated bye, `Z` zero-point bye, `+`/`-`
/// forfeit win/loss), each line ending in the chess score.
const SWISS: [&str; 16] = [
    "1: 9w1  13b=  2w=  15b1   4w=  3.5",
    "2: 10b1  7w1  1b=  16w1   3b=  4.0",
    "3: 11w=  6b1  8w1   4b=   2w=  3.5",
    "4: 12b1  H    13w1  3w=   1b=  3.5",
    "5: 13w0 15b0 11w1   7b=  10w1  2.5",
    "6: 14b0  3w0  U    10w1   8b1  3.0",
    "7: 15w1  2b0 16b0   5w=  11b0  1.5",
    "8: 16b=  14w1 3b0  13w1   6w0  2.5",
    "9: 1b0  10w0  H    11b-   U    1.5",
    "10: 2w0   9b1 15w0   6b0   5b0  1.0",
    "11: 3b=  16w0  5b0   9w+   7w1  2.5",
    "12: 4w0   U   14w+   Z     Z    2.0",
    "13: 5b1   1w=  4b0   8b0  14w0  1.5",
    "14: 6w1   8b0 12b-   Z    13b1  2.0",
    "15: 7b0   5w1 10b1   1w0  16b0  2.0",
    "16: 8w=  11b1  7w1   2b0  15w1  3.5",
];

/// Held's 6-player round robin; player 6 beat player 5 by forfeit in
/// round 4.
const ROUND_ROBIN: [&str; 6] = [
    "1: 5w=  2w1  3b1  4w0  6b1   3.5",
    "2: 6w1  1b0  5w1  3w=  4b1   3.5",
    "3: 4w1  6b1  1w0  2b=  5w1   3.5",
    "4: 3b0  5b0  6w=  1b1  2w0   1.5",
    "5: 1b=  4w1  2b0  6w-  3b0   1.5",
    "6: 2b0  3w0  4b=  5b+  1w0   1.5",
];

/// One crosstable entry as a round.
fn entry(token: &str) -> RoundResult {
    match token {
        "H" => return RoundResult::Bye(Bye::Half),
        "U" => return RoundResult::Bye(Bye::PairingAllocated),
        "Z" => return RoundResult::Bye(Bye::Zero),
        "F" => return RoundResult::Bye(Bye::Full),
        _ => {}
    }
    let split = token.find(['w', 'b']).unwrap();
    let opponent = Entrant(token[..split].parse().unwrap());
    let side = if &token[split..=split] == "w" {
        Side::First
    } else {
        Side::Second
    };
    let played = |score| RoundResult::Played {
        opponent,
        side,
        score,
        sets: None,
    };
    match &token[split + 1..] {
        "1" => played(Score::Win),
        "=" => played(Score::Draw),
        "0" => played(Score::Loss),
        "+" | "-" => RoundResult::Forfeit {
            opponent,
            side,
            won: &token[split + 1..] == "+",
        },
        other => panic!("not a crosstable result: {other}"),
    }
}

/// A crosstable's participants (unrated).
fn crosstable(lines: &[&str]) -> Vec<Participant> {
    lines
        .iter()
        .map(|line| {
            let (number, rest) = line.split_once(':').unwrap();
            let mut tokens: Vec<&str> = rest.split_whitespace().collect();
            tokens.pop(); // the score, which the standings compute
            Participant {
                entrant: Entrant(number.parse().unwrap()),
                history: History {
                    rounds: tokens.into_iter().map(entry).collect(),
                },
                rating: None,
            }
        })
        .collect()
}

/// Novuss's 2/1/0, every bye and forfeit at FIDE's default.
fn two_one_zero() -> PointSystem {
    PointSystem {
        win: 2,
        draw: 1,
        loss: 0,
        forfeit_loss: 0,
        zero_bye: 0,
        pairing_bye: 2,
    }
}

/// The two scales the published values are checked in: 2/1/0 (chess ×2,
/// Sonneborn-Berger ×4) and chess's 1/½/0 in TRF's tenths (×10, ×100).
fn scales() -> [(PointSystem, u64); 2] {
    [(two_one_zero(), 2), (PointSystem::default(), 10)]
}

fn ranked(
    players: &[Participant],
    points: PointSystem,
    tiebreaks: &[TieBreak],
    pairing: PairingMethod,
) -> Standings {
    standings(
        players,
        &Regulations {
            points,
            tiebreaks: tiebreaks.to_vec(),
            pairing,
        },
    )
    .unwrap()
}

/// A published chess value (`"12.5"`, `"8.25"`) times `factor`, exactly.
fn scaled(text: &str, factor: u64) -> u64 {
    let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
    let frac = format!("{frac:0<2}");
    let hundredths: u64 = whole.parse::<u64>().unwrap() * 100 + frac.parse::<u64>().unwrap();
    assert_eq!(hundredths * factor % 100, 0, "{text} × {factor}");
    hundredths * factor / 100
}

/// `"1 12.5, 2 13.0, …"` as (entrant, text).
fn published(list: &str) -> Vec<(u32, &str)> {
    list.split(',')
        .map(|p| {
            let (n, v) = p.trim().split_once(' ').unwrap();
            (n.parse().unwrap(), v)
        })
        .collect()
}

/// Every participant's value for `t`.
fn values_of(s: &Standings, t: TieBreak) -> HashMap<u32, TieBreakValue> {
    let k = s.tiebreaks.iter().position(|&x| x == t).unwrap();
    s.rows.iter().map(|r| (r.entrant.0, r.values[k])).collect()
}

/// Checks `t` against Held's list, in both scales; `product` for
/// Sonneborn-Berger (the factor squared).
fn check_published(
    players: &[Participant],
    pairing: PairingMethod,
    t: TieBreak,
    list: &str,
    product: bool,
) {
    for (points, factor) in scales() {
        let s = ranked(players, points, &[t], pairing);
        let got = values_of(&s, t);
        for (n, text) in published(list) {
            let want = if product {
                TieBreakValue::PointProducts(scaled(text, factor * factor))
            } else {
                TieBreakValue::Points(scaled(text, factor))
            };
            assert_eq!(got[&n], want, "{} of player {n} at ×{factor}", t.code());
        }
    }
}

#[test]
fn swiss_buchholz_and_its_cut_are_helds() {
    let p = crosstable(&SWISS);
    check_published(
        &p,
        PairingMethod::Swiss,
        TieBreak::Buchholz,
        "1 12.5, 2 13.0, 3 15.5, 4 15.0, 5 8.5, 6 12.0, 7 14.5, 8 13.5, \
         9 9.0, 10 13.0, 11 13.5, 12 11.5, 13 14.0, 14 11.0, 15 12.0, 16 12.5",
        false,
    );
    check_published(
        &p,
        PairingMethod::Swiss,
        TieBreak::BuchholzCut1,
        "1 11.0, 2 12.0, 3 13.0, 4 11.5, 5 7.5, 6 11.0, 7 12.5, 8 12.0, \
         9 7.5, 10 11.5, 11 12.0, 12 9.5, 13 12.0, 14 9.0, 15 11.0, 16 11.0",
        false,
    );
}

#[test]
fn swiss_sonneborn_berger_and_its_cut_are_helds() {
    let p = crosstable(&SWISS);
    check_published(
        &p,
        PairingMethod::Swiss,
        TieBreak::SonnebornBerger,
        "1 8.00, 2 9.50, 3 10.50, 4 9.75, 5 4.25, 6 6.50, 7 3.25, 8 5.25, \
         9 2.25, 10 1.50, 11 5.75, 12 4.00, 13 4.25, 14 4.50, 15 3.50, 16 7.25",
        true,
    );
    check_published(
        &p,
        PairingMethod::Swiss,
        TieBreak::SonnebornBergerCut1,
        "1 7.25, 2 8.50, 3 9.25, 4 8.00, 5 3.25, 6 5.50, 7 1.25, 8 3.75, \
         9 2.25, 10 0.00, 11 4.25, 12 4.00, 13 4.25, 14 3.00, 15 2.50, 16 5.75",
        true,
    );
}

#[test]
fn swiss_progressive_scores_are_helds() {
    let p = crosstable(&SWISS);
    check_published(
        &p,
        PairingMethod::Swiss,
        TieBreak::Progressive,
        "1 11.0, 2 13.0, 3 11.0, 4 11.5, 5 5.0, 6 6.0, 7 6.0, 8 8.5, \
         9 2.5, 10 4.0, 11 5.5, 12 7.0, 13 7.0, 14 6.0, 15 7.0, 16 10.5",
        false,
    );
    check_published(
        &p,
        PairingMethod::Swiss,
        TieBreak::ProgressiveCut1,
        "1 10.0, 2 12.0, 3 10.5, 4 10.5, 5 5.0, 6 6.0, 7 5.0, 8 8.0, \
         9 2.5, 10 4.0, 11 5.0, 12 7.0, 13 6.0, 14 5.0, 15 7.0, 16 10.0",
        false,
    );
}

#[test]
fn swiss_wins_with_and_without_play_are_helds() {
    let p = crosstable(&SWISS);
    let win = [2, 3, 2, 2, 2, 3, 1, 2, 1, 1, 2, 2, 1, 2, 2, 3];
    let won = [2, 3, 2, 2, 2, 2, 1, 2, 0, 1, 1, 0, 1, 2, 2, 3];
    for (points, _) in scales() {
        let s = ranked(
            &p,
            points,
            &[TieBreak::Wins, TieBreak::WonOverTheTable],
            PairingMethod::Swiss,
        );
        let (got_win, got_won) = (
            values_of(&s, TieBreak::Wins),
            values_of(&s, TieBreak::WonOverTheTable),
        );
        for n in 1..=16u32 {
            let i = (n - 1) as usize;
            assert_eq!(got_win[&n], TieBreakValue::Count(win[i]), "WIN of {n}");
            assert_eq!(got_won[&n], TieBreakValue::Count(won[i]), "WON of {n}");
        }
    }
}

/// Each participant's place, by starting number.
fn places(s: &Standings) -> HashMap<u32, (u32, u32)> {
    s.rows
        .iter()
        .map(|r| (r.entrant.0, (*r.place.start(), *r.place.end())))
        .collect()
}

/// Exercises 23 and 24: with points first, 1, 3, 4 and 16 share 2nd (not
/// all met, and 4's one point is not out of the others' reach); 5, 8 and
/// 11 share 7th.
#[test]
fn swiss_direct_encounter_shares_places_when_not_all_met() {
    let p = crosstable(&SWISS);
    for (points, _) in scales() {
        let s = ranked(
            &p,
            points,
            &[TieBreak::DirectEncounter],
            PairingMethod::Swiss,
        );
        let at = places(&s);
        assert_eq!(at[&2], (1, 1));
        for n in [1, 3, 4, 16] {
            assert_eq!(at[&n], (2, 5), "player {n}");
        }
        assert_eq!(at[&6], (6, 6));
        for n in [5, 8, 11] {
            assert_eq!(at[&n], (7, 9), "player {n}");
        }
        // The shared places list by starting number; the values say so.
        let second: Vec<u32> = s.rows[1..5].iter().map(|r| r.entrant.0).collect();
        assert_eq!(second, [1, 3, 4, 16]);
        let de = values_of(&s, TieBreak::DirectEncounter);
        assert_eq!(de[&4], TieBreakValue::Rank(1));
        assert_eq!(de[&16], TieBreakValue::Rank(1));
    }
}

#[test]
fn round_robin_sonneborn_berger_counts_the_forfeit_against_the_scheduled_opponent() {
    let p = crosstable(&ROUND_ROBIN);
    check_published(
        &p,
        PairingMethod::Predetermined,
        TieBreak::SonnebornBerger,
        "1 9.25, 2 6.25, 3 6.25, 4 4.25, 5 3.25, 6 2.25",
        true,
    );
    check_published(
        &p,
        PairingMethod::Predetermined,
        TieBreak::SonnebornBergerCut1,
        "1 9.25, 2 4.75, 3 4.75, 4 4.25, 5 3.25, 6 1.50",
        true,
    );
}

/// 1 alone; 2 and 3 share 2nd; 6 (who beat 5 by forfeit) 4th, 5 5th, 4
/// 6th: with pre-determined pairings the forfeit counts. In a Swiss it
/// would not, and 5 and 6 would not have met.
#[test]
fn round_robin_direct_encounter_places_are_helds() {
    let p = crosstable(&ROUND_ROBIN);
    for (points, _) in scales() {
        let s = ranked(
            &p,
            points,
            &[TieBreak::DirectEncounter],
            PairingMethod::Predetermined,
        );
        let at = places(&s);
        assert_eq!(at[&1], (1, 1));
        assert_eq!(at[&2], (2, 3));
        assert_eq!(at[&3], (2, 3));
        assert_eq!(at[&6], (4, 4));
        assert_eq!(at[&5], (5, 5));
        assert_eq!(at[&4], (6, 6));
        let order: Vec<u32> = s.rows.iter().map(|r| r.entrant.0).collect();
        assert_eq!(order, [1, 2, 3, 6, 5, 4]);

        let swiss = ranked(
            &p,
            points,
            &[TieBreak::DirectEncounter],
            PairingMethod::Swiss,
        );
        // 4 met both, 5 and 6 did not meet over the table: 6 has 0.5
        // (the draw with 4), 5 has 1 (beat 4), 4 has 0.5; 5's 1 is not
        // above 6's reachable 1.5, so the three share 4th.
        let at = places(&swiss);
        for n in [4, 5, 6] {
            assert_eq!(at[&n], (4, 6), "player {n}");
        }
    }
}

/// A pending round is left out of everything, and is not a VUR: with a
/// sixth round paired and not yet played, player 12's zero-point byes are
/// followed by a round that is not voluntary, so they count as 0 (16.2
/// category 3), not as draws; player 4, who beat 12, loses a point of
/// Buchholz. Points, progressive scores and wins do not move.
#[test]
fn a_pending_round_is_left_out_and_is_not_voluntary() {
    let before = crosstable(&SWISS);
    let mut after = before.clone();
    for p in &mut after {
        let n = p.entrant.0;
        let opponent = if n % 2 == 1 { n + 1 } else { n - 1 };
        p.history.rounds.push(RoundResult::Pending {
            opponent: Entrant(opponent),
            side: if n % 2 == 1 {
                Side::First
            } else {
                Side::Second
            },
        });
    }
    let all = [
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Progressive,
        TieBreak::Wins,
    ];
    for (points, factor) in scales() {
        let b = ranked(&before, points, &all, PairingMethod::Swiss);
        let a = ranked(&after, points, &all, PairingMethod::Swiss);
        let points_of = |s: &Standings| -> HashMap<u32, u64> {
            s.rows.iter().map(|r| (r.entrant.0, r.points)).collect()
        };
        assert_eq!(points_of(&b), points_of(&a));
        for t in [TieBreak::Progressive, TieBreak::Wins] {
            assert_eq!(values_of(&b, t), values_of(&a, t));
        }
        let bh = values_of(&a, TieBreak::Buchholz);
        assert_eq!(bh[&4], TieBreakValue::Points(scaled("14.0", factor)));
        let sb = values_of(&a, TieBreak::SonnebornBerger);
        assert_eq!(
            sb[&4],
            TieBreakValue::PointProducts(scaled("8.75", factor * factor))
        );
        // Nobody else met 12 over the table.
        let bh_before = values_of(&b, TieBreak::Buchholz);
        for n in (1..=16).filter(|&n| n != 4) {
            assert_eq!(bh[&n], bh_before[&n], "player {n}");
        }
    }
}

/// `n` players from the matches `(a, b, sets of a, sets of b)`, `a`
/// breaking first.
fn with_sets(results: &[(u32, u32, u32, u32)], n: u32) -> Vec<Participant> {
    let mut players: Vec<Participant> = (1..=n)
        .map(|e| Participant {
            entrant: Entrant(e),
            history: History::default(),
            rating: None,
        })
        .collect();
    for &(a, b, sa, sb) in results {
        let mine = played(Entrant(b), sa, sb, true);
        players[(a - 1) as usize].history.rounds.push(mine);
        players[(b - 1) as usize]
            .history
            .rounds
            .push(mirror(mine, Entrant(a)));
    }
    players
}

/// A match over the table against `opponent`, breaking first, won, drawn
/// or lost by its set score (kept or not).
fn played(opponent: Entrant, won: u32, lost: u32, keep: bool) -> RoundResult {
    RoundResult::Played {
        opponent,
        side: Side::First,
        score: match won.cmp(&lost) {
            Ordering::Greater => Score::Win,
            Ordering::Equal => Score::Draw,
            Ordering::Less => Score::Loss,
        },
        sets: keep.then_some(Sets { won, lost }),
    }
}

/// `r` as `me`'s opponent tells it.
fn mirror(r: RoundResult, me: Entrant) -> RoundResult {
    match r {
        RoundResult::Played {
            side, score, sets, ..
        } => RoundResult::Played {
            opponent: me,
            side: side.other(),
            score: score.other(),
            sets: sets.map(|s| Sets {
                won: s.lost,
                lost: s.won,
            }),
        },
        RoundResult::Forfeit { side, won, .. } => RoundResult::Forfeit {
            opponent: me,
            side: side.other(),
            won: !won,
        },
        RoundResult::Pending { side, .. } => RoundResult::Pending {
            opponent: me,
            side: side.other(),
        },
        bye => bye,
    }
}

/// Set ratio compares exactly: 8:4 and 6:3 are equal (a shared place),
/// a match without a set score counts no sets, and 8:0 is above every
/// finite ratio.
#[test]
fn set_ratio_ranks_exactly_and_shares_equal_ratios() {
    // Round 1: 1-2 4:2, 3-4 4:2, 5-6 4:0; round 2: 1-5 4:2, 3-6 2:1,
    // 2-4 3:3 (its set score not known). Points (2/1/0): 1 and 3 four,
    // 5 two, 2 and 4 one, 6 none.
    let mut p = with_sets(
        &[
            (1, 2, 4, 2),
            (3, 4, 4, 2),
            (5, 6, 4, 0),
            (1, 5, 4, 2),
            (3, 6, 2, 1),
            (2, 4, 3, 3),
        ],
        6,
    );
    for who in [1, 3] {
        if let RoundResult::Played { ref mut sets, .. } = p[who].history.rounds[1] {
            *sets = None;
        }
    }
    let s = ranked(
        &p,
        two_one_zero(),
        &[TieBreak::SetRatio],
        PairingMethod::Swiss,
    );
    let order: Vec<(u32, (u32, u32))> = s
        .rows
        .iter()
        .map(|r| (r.entrant.0, (*r.place.start(), *r.place.end())))
        .collect();
    // 1: 8:4 and 3: 6:3 share 1st; 5: 6:4; 2 and 4: 2:4 share 4th; 6.
    assert_eq!(
        order,
        [
            (1, (1, 2)),
            (3, (1, 2)),
            (5, (3, 3)),
            (2, (4, 5)),
            (4, (4, 5)),
            (6, (6, 6))
        ]
    );
    let v = values_of(&s, TieBreak::SetRatio);
    assert_eq!(v[&1], TieBreakValue::SetRatio(Sets { won: 8, lost: 4 }));
    assert_eq!(v[&3], TieBreakValue::SetRatio(Sets { won: 6, lost: 3 }));
    assert_eq!(v[&4], TieBreakValue::SetRatio(Sets { won: 2, lost: 4 }));

    // A clean sheet beats any ratio: 1 wins 4:0 twice (8:0), 4 wins 4:1
    // and 4:0 (8:1); both have four points.
    let clean = with_sets(&[(1, 2, 4, 0), (4, 3, 4, 1), (1, 3, 4, 0), (4, 2, 4, 0)], 4);
    let s = ranked(
        &clean,
        two_one_zero(),
        &[TieBreak::SetRatio],
        PairingMethod::Swiss,
    );
    let top: Vec<(u32, TieBreakValue)> = s.rows[..2]
        .iter()
        .map(|r| (r.entrant.0, r.values[0]))
        .collect();
    assert_eq!(
        top,
        [
            (1, TieBreakValue::SetRatio(Sets { won: 8, lost: 0 })),
            (4, TieBreakValue::SetRatio(Sets { won: 8, lost: 1 }))
        ]
    );
    assert_eq!(*s.rows[1].place.start(), 2);
}

/// Rating breaks what the others leave tied, higher first, an unrated
/// entrant last; two unrated share.
#[test]
fn rating_is_the_last_word_and_the_unrated_share_last() {
    let mut p = crosstable(&ROUND_ROBIN);
    for (who, rating) in [(0, Some(1500)), (1, Some(1700)), (2, None), (3, None)] {
        p[who].rating = rating;
    }
    p[4].rating = Some(1200);
    p[5].rating = Some(1100);
    let s = ranked(
        &p,
        two_one_zero(),
        &[TieBreak::Rating],
        PairingMethod::Predetermined,
    );
    let order: Vec<u32> = s.rows.iter().map(|r| r.entrant.0).collect();
    // 3.5 points: 2 (1700), 1 (1500), 3 (unrated); 1.5: 5, 6, 4.
    assert_eq!(order, [2, 1, 3, 5, 6, 4]);
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["tiebreaks"], serde_json::json!(["rating"]));
    assert_eq!(
        json["rows"][0],
        serde_json::json!({
            "place": {"start": 1, "end": 1},
            "entrant": 2,
            "points": 7,
            "values": [{"rating": 1700}]
        })
    );
    assert_eq!(
        json["rows"][2]["values"][0],
        serde_json::json!({"rating": null})
    );

    // Two unrated, equal on points: a shared place.
    p[0].rating = None;
    let s = ranked(
        &p,
        two_one_zero(),
        &[TieBreak::Rating],
        PairingMethod::Predetermined,
    );
    let at = places(&s);
    assert_eq!(at[&2], (1, 1));
    assert_eq!(at[&1], (2, 3));
    assert_eq!(at[&3], (2, 3));
}

/// The organiser's order matters: BH-C1 then BH in the Swiss puts 3
/// (13.0) above 1 (11.0) among those on 3.5, and 4 (11.5) between them;
/// 16 (11.0, BH 12.5) and 1 (11.0, BH 12.5) then share.
#[test]
fn tiebreaks_apply_in_the_organisers_order() {
    let p = crosstable(&SWISS);
    let s = ranked(
        &p,
        two_one_zero(),
        &[TieBreak::BuchholzCut1, TieBreak::Buchholz],
        PairingMethod::Swiss,
    );
    let top: Vec<(u32, (u32, u32))> = s.rows[..5]
        .iter()
        .map(|r| (r.entrant.0, (*r.place.start(), *r.place.end())))
        .collect();
    assert_eq!(
        top,
        [
            (2, (1, 1)),
            (3, (2, 2)),
            (4, (3, 3)),
            (1, (4, 5)),
            (16, (4, 5))
        ]
    );
    assert_eq!(TieBreak::BuchholzCut1.acronym(), Some("BH-C1"));
    assert_eq!(TieBreak::SetRatio.acronym(), None);
}

fn regulations() -> Regulations {
    Regulations {
        points: two_one_zero(),
        tiebreaks: TieBreak::ALL.to_vec(),
        pairing: PairingMethod::Swiss,
    }
}

#[test]
fn bad_histories_are_refused_with_their_reason() {
    let good = crosstable(&SWISS);
    let refuse = |p: &[Participant]| standings(p, &regulations()).unwrap_err();

    let mut p = good.clone();
    p[1].entrant = Entrant(1);
    assert_eq!(refuse(&p), StandingsError::Repeated(Entrant(1)));

    let mut p = good.clone();
    p[3].history.rounds.pop();
    assert_eq!(
        refuse(&p),
        StandingsError::UnevenRounds {
            entrant: Entrant(4),
            rounds: 4,
            expected: 5
        }
    );

    // Player 1 meets 17, who is not entered.
    let mut p = good.clone();
    p[0].history.rounds[0] = entry("17w1");
    assert_eq!(
        refuse(&p),
        StandingsError::UnknownOpponent {
            entrant: Entrant(1),
            round: 1,
            opponent: Entrant(17)
        }
    );

    let mut p = good.clone();
    p[0].history.rounds[0] = entry("1w1");
    assert_eq!(
        refuse(&p),
        StandingsError::OwnOpponent {
            entrant: Entrant(1),
            round: 1
        }
    );

    // Player 1 says they met 10 in round 1; 10 met 2.
    let mut p = good.clone();
    p[0].history.rounds[0] = entry("10w1");
    assert_eq!(
        refuse(&p),
        StandingsError::NotMutual {
            entrant: Entrant(1),
            round: 1,
            opponent: Entrant(10)
        }
    );

    // Both claim the win; both white; a set score on one side only; one
    // side pending.
    for (mine, theirs) in [
        ("9w1", "1b1"),
        ("9w1", "1w0"),
        ("9w+", "1b+"),
        ("9w1", "1b-"),
    ] {
        let mut p = good.clone();
        p[0].history.rounds[0] = entry(mine);
        p[8].history.rounds[0] = entry(theirs);
        assert_eq!(
            refuse(&p),
            StandingsError::Disagrees {
                entrant: Entrant(1),
                round: 1,
                opponent: Entrant(9)
            },
            "{mine} against {theirs}"
        );
    }
    let mut p = good.clone();
    if let RoundResult::Played { ref mut sets, .. } = p[0].history.rounds[0] {
        *sets = Some(Sets { won: 4, lost: 1 });
    }
    assert!(matches!(refuse(&p), StandingsError::Disagrees { .. }));
    let mut p = good.clone();
    p[0].history.rounds[0] = RoundResult::Pending {
        opponent: Entrant(9),
        side: Side::First,
    };
    assert!(matches!(refuse(&p), StandingsError::Disagrees { .. }));

    // Round 2 already has 12's pairing-allocated bye; 9 and 10 (who met
    // there) both get one too.
    let mut p = good.clone();
    p[8].history.rounds[1] = RoundResult::Bye(Bye::PairingAllocated);
    p[9].history.rounds[1] = RoundResult::Bye(Bye::PairingAllocated);
    assert_eq!(refuse(&p), StandingsError::ByeTwice { round: 2 });

    // Nobody at all, or nobody with a round, is no error.
    assert!(standings(&[], &regulations()).unwrap().rows.is_empty());
}

/// A random competition of `n` entrants and `rounds` rounds: in each
/// round some sit out with a bye of any kind, the rest are paired at
/// random (one left over gets the pairing-allocated bye), and each pair
/// is won, drawn or lost over the table (with or without a set score),
/// forfeited, or still pending.
fn competition() -> impl Strategy<Value = (Vec<Participant>, Regulations)> {
    (2usize..12, 0usize..7).prop_flat_map(|(n, rounds)| {
        let round = (
            Just((0..n).collect::<Vec<usize>>()).prop_shuffle(),
            prop::collection::vec(0u8..4, n),
            prop::collection::vec((0u8..12, 0u32..5, 0u32..5), n),
        );
        (
            prop::collection::vec(round, rounds),
            prop::collection::vec(prop::option::of(1000u32..1010), n),
            prop::sample::subsequence(TieBreak::ALL.to_vec(), 0..=TieBreak::ALL.len())
                .prop_shuffle(),
            any::<bool>(),
            (1u32..4, 0u32..3, 0u32..2),
        )
            .prop_map(
                move |(plan, ratings, tiebreaks, predetermined, (w, d, l))| {
                    (
                        play(n, &plan, ratings),
                        Regulations {
                            points: PointSystem {
                                win: w + d + l,
                                draw: d + l,
                                loss: l,
                                forfeit_loss: 0,
                                zero_bye: 0,
                                pairing_bye: w + d + l,
                            },
                            tiebreaks,
                            pairing: if predetermined {
                                PairingMethod::Predetermined
                            } else {
                                PairingMethod::Swiss
                            },
                        },
                    )
                },
            )
    })
}

type Plan = (Vec<usize>, Vec<u8>, Vec<(u8, u32, u32)>);

fn play(n: usize, plan: &[Plan], ratings: Vec<Option<u32>>) -> Vec<Participant> {
    let mut histories = vec![History::default(); n];
    for (order, away, outcomes) in plan {
        let mut here = Vec::new();
        for &i in order {
            // One in four sits out with a requested bye.
            match away[i] {
                0 => histories[i]
                    .rounds
                    .push(RoundResult::Bye(match outcomes[i].1 % 3 {
                        0 => Bye::Half,
                        1 => Bye::Zero,
                        _ => Bye::Full,
                    })),
                _ => here.push(i),
            }
        }
        if here.len() % 2 == 1 {
            let last = here.pop().unwrap();
            histories[last]
                .rounds
                .push(RoundResult::Bye(Bye::PairingAllocated));
        }
        for pair in here.chunks(2) {
            let (a, b) = (pair[0], pair[1]);
            let (kind, sa, sb) = outcomes[a];
            let eb = Entrant(b as u32 + 1);
            let forfeit = |won| RoundResult::Forfeit {
                opponent: eb,
                side: Side::First,
                won,
            };
            let ra = match kind {
                0..=6 => played(eb, sa, sb, kind < 5),
                7 => forfeit(true),
                _ if kind <= 9 => forfeit(false),
                _ => RoundResult::Pending {
                    opponent: eb,
                    side: Side::First,
                },
            };
            // Kind 9: neither came, both lost.
            let rb = match mirror(ra, Entrant(a as u32 + 1)) {
                RoundResult::Forfeit { opponent, side, .. } if kind == 9 => RoundResult::Forfeit {
                    opponent,
                    side,
                    won: false,
                },
                other => other,
            };
            histories[a].rounds.push(ra);
            histories[b].rounds.push(rb);
        }
    }
    histories
        .into_iter()
        .zip(ratings)
        .enumerate()
        .map(|(i, (history, rating))| Participant {
            entrant: Entrant(i as u32 + 1),
            history,
            rating,
        })
        .collect()
}

/// How two rows compare on points and then each value: `Greater` when
/// `a` ranks higher.
fn key_order(a: &novuss_club::Standing, b: &novuss_club::Standing) -> Ordering {
    a.points.cmp(&b.points).then_with(|| {
        a.values
            .iter()
            .zip(&b.values)
            .map(|(x, y)| x.compare(y).unwrap())
            .find(|o| *o != Ordering::Equal)
            .unwrap_or(Ordering::Equal)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Any valid competition ranks: every entrant once, best first by
    /// points then each value, equal keys sharing a place that spans
    /// exactly their rows, and different keys never sharing one.
    #[test]
    fn standings_rank_everyone_with_places_that_follow_the_values(
        (players, regs) in competition()
    ) {
        let s = standings(&players, &regs).unwrap();
        let mut seen: Vec<u32> = s.rows.iter().map(|r| r.entrant.0).collect();
        seen.sort_unstable();
        let all: Vec<u32> = (1..=players.len() as u32).collect();
        prop_assert_eq!(seen, all);
        prop_assert_eq!(&s.tiebreaks, &regs.tiebreaks);
        for (k, row) in s.rows.iter().enumerate() {
            let at = k as u32 + 1;
            prop_assert!(row.place.contains(&at), "row {} has place {:?}", at, row.place);
            prop_assert_eq!(row.values.len(), regs.tiebreaks.len());
        }
        for w in s.rows.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            let order = key_order(a, b);
            prop_assert_ne!(order, Ordering::Less, "{:?} above {:?}", a, b);
            if order == Ordering::Equal {
                prop_assert_eq!(&a.place, &b.place);
                prop_assert!(a.entrant < b.entrant);
            } else {
                prop_assert_eq!(*b.place.start(), *a.place.end() + 1);
            }
        }
    }
}
