//! A series: points by place, shared places given the better place's
//! points, the best N of M stages counted, ties broken best-first, then
//! by the total, then shared; every refusal; and a property test that
//! any season is counted without a panic and comes out consistent.

use novuss_club::series::StageResult;
use novuss_club::{series_standings, Places, Placing, SeriesError, SeriesRow, SeriesRules, Stage};
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

/// The caller's own key for a player: here a licence number.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
struct Licence(String);

fn lic(s: &str) -> Licence {
    Licence(s.to_owned())
}

/// A stage from `(player, first, last)` places.
fn stage(places: &[(&str, u32, u32)]) -> Stage<Licence> {
    Stage {
        places: places
            .iter()
            .map(|&(who, first, last)| Placing {
                entrant: lic(who),
                place: Places { first, last },
            })
            .collect(),
    }
}

fn rules(points: &[u32], stages: u32, best: u32) -> SeriesRules {
    SeriesRules {
        points: points.to_vec(),
        stages,
        best,
    }
}

fn row<'a>(rows: &'a [SeriesRow<Licence>], who: &str) -> &'a SeriesRow<Licence> {
    rows.iter().find(|r| r.entrant == lic(who)).unwrap()
}

/// Five stages of six players, with places shared two and three ways.
fn season() -> Vec<Stage<Licence>> {
    vec![
        stage(&[
            ("A", 1, 1),
            ("B", 2, 2),
            ("C", 3, 4),
            ("D", 3, 4),
            ("E", 5, 5),
            ("F", 6, 6),
        ]),
        // D missed the second stage.
        stage(&[
            ("B", 1, 1),
            ("C", 2, 2),
            ("A", 3, 3),
            ("E", 4, 5),
            ("F", 4, 5),
        ]),
        stage(&[
            ("D", 1, 1),
            ("A", 2, 3),
            ("C", 2, 3),
            ("B", 4, 4),
            ("F", 5, 5),
            ("E", 6, 6),
        ]),
        // E missed the fourth.
        stage(&[
            ("C", 1, 1),
            ("D", 2, 2),
            ("F", 3, 3),
            ("A", 4, 4),
            ("B", 5, 5),
        ]),
        stage(&[
            ("E", 1, 1),
            ("F", 2, 2),
            ("D", 3, 3),
            ("B", 4, 6),
            ("C", 4, 6),
            ("A", 4, 6),
        ]),
    ]
}

#[test]
fn the_best_three_of_five_count_and_ties_break_best_first_then_by_total() {
    let r = rules(&[10, 8, 6, 5, 4, 3], 5, 3);
    let rows = series_standings(&r, &season()).unwrap();
    let order: Vec<(&str, u32, u32, u32)> = rows
        .iter()
        .map(|r| (r.entrant.0.as_str(), r.place.first, r.counted, r.total))
        .collect();
    assert_eq!(
        order,
        [
            ("C", 1, 26, 37),
            // A and D both count 10 + 8 + 6: A's total of all five is more.
            ("A", 2, 24, 34),
            ("D", 3, 24, 30),
            ("B", 4, 23, 32),
            // E and F both count 19: E's best result (10) beats F's (8).
            ("E", 5, 19, 22),
            ("F", 6, 19, 26),
        ]
    );
    assert!(rows.iter().all(|r| !r.place.shared()));

    // Shared places get the better place's points: C and D shared 3–4
    // in stage 1 (6 each), B, C and A shared 4–6 in stage 5 (5 each).
    let points = |who: &str| -> Vec<Option<u32>> {
        row(&rows, who)
            .stages
            .iter()
            .map(|s| s.map(|s| s.points))
            .collect()
    };
    assert_eq!(points("C"), [Some(6), Some(8), Some(8), Some(10), Some(5)]);
    assert_eq!(points("D"), [Some(6), None, Some(10), Some(8), Some(6)]);
    assert_eq!(points("A"), [Some(10), Some(6), Some(8), Some(5), Some(5)]);

    // Which stages counted: D's 6 in stages 1 and 5 are equal, and the
    // earlier one is marked (the sum is the same).
    let counted = |who: &str| -> Vec<bool> {
        row(&rows, who)
            .stages
            .iter()
            .map(|s| s.is_some_and(|s| s.counted))
            .collect()
    };
    assert_eq!(counted("D"), [true, false, true, true, false]);
    assert_eq!(counted("A"), [true, true, true, false, false]);
    assert_eq!(
        row(&rows, "B").stages[3],
        Some(StageResult {
            place: Places::single(5),
            points: 4,
            counted: false
        })
    );
}

#[test]
fn entrants_equal_on_everything_share_a_place() {
    let r = rules(&[3, 2, 1], 3, 2);
    let stages = vec![
        stage(&[("X", 1, 1), ("Y", 2, 2), ("Z", 3, 3)]),
        stage(&[("Y", 1, 1), ("X", 2, 2), ("Z", 3, 3)]),
        // X and Y share 3–4: place 3's point each.
        stage(&[("Z", 1, 1), ("W", 2, 2), ("X", 3, 4), ("Y", 3, 4)]),
    ];
    let rows = series_standings(&r, &stages).unwrap();
    let order: Vec<(&str, String, u32, u32)> = rows
        .iter()
        .map(|r| {
            (
                r.entrant.0.as_str(),
                r.place.to_string(),
                r.counted,
                r.total,
            )
        })
        .collect();
    assert_eq!(
        order,
        [
            ("X", "1–2".to_owned(), 5, 6),
            ("Y", "1–2".to_owned(), 5, 6),
            // Z: 3 + 1 counted; W: one stage of 2.
            ("Z", "3".to_owned(), 4, 5),
            ("W", "4".to_owned(), 2, 2),
        ]
    );
    // A season part-way: two stages of five are counted as they stand.
    let part = series_standings(&rules(&[3, 2, 1], 5, 3), &stages[..2]).unwrap();
    assert_eq!(part.len(), 3);
    assert_eq!(part[0].place, Places { first: 1, last: 2 });
    assert_eq!(part[2].entrant, lic("Z"));
    assert_eq!(part[2].stages.len(), 2);
    // Nothing played yet: an empty table.
    assert!(
        series_standings(&rules(&[3], 5, 3), &[] as &[Stage<Licence>])
            .unwrap()
            .is_empty()
    );
}

#[test]
fn bad_rules_and_bad_stages_are_refused() {
    let one = vec![stage(&[("X", 1, 1)])];
    let err = |r: SeriesRules, s: &[Stage<Licence>]| series_standings(&r, s).unwrap_err();
    assert_eq!(err(rules(&[3, 2], 5, 0), &one), SeriesError::NoneCount);
    assert_eq!(
        err(rules(&[3, 2], 3, 4), &one),
        SeriesError::BestOverStages { best: 4, stages: 3 }
    );
    assert_eq!(err(rules(&[3, 2], 0, 0), &one), SeriesError::Stages(0));
    assert_eq!(err(rules(&[], 3, 2), &one), SeriesError::PointsTable(0));
    assert_eq!(
        err(rules(&[5, 3, 4], 3, 2), &one),
        SeriesError::PointsRise { place: 3 }
    );
    assert_eq!(
        err(rules(&[3], 1, 1), &[one[0].clone(), one[0].clone()]),
        SeriesError::TooManyStages {
            given: 2,
            stages: 1
        }
    );
    let r = rules(&[3, 2, 1], 3, 2);
    assert_eq!(
        err(
            r.clone(),
            &[stage(&[("X", 1, 1), ("Y", 2, 2), ("X", 3, 3)])]
        ),
        SeriesError::Twice {
            stage: 1,
            entrant: lic("X")
        }
    );
    // A gap: nobody second.
    assert_eq!(
        err(
            r.clone(),
            &[one[0].clone(), stage(&[("X", 1, 1), ("Y", 3, 3)])]
        ),
        SeriesError::Places {
            stage: 2,
            place: Places::single(3)
        }
    );
    // 2–3 shared by one, by three; a place 0; a range backwards.
    for bad in [
        stage(&[("X", 1, 1), ("Y", 2, 3)]),
        stage(&[("X", 2, 3), ("Y", 2, 3), ("Z", 2, 3)]),
        stage(&[("X", 0, 0)]),
        stage(&[("X", 1, 1), ("Y", 3, 2)]),
    ] {
        assert!(matches!(
            err(r.clone(), &[bad]),
            SeriesError::Places { stage: 1, .. }
        ));
    }
    // The message names the place as result lists print it.
    assert_eq!(
        SeriesError::<Licence>::Places {
            stage: 2,
            place: Places { first: 3, last: 4 }
        }
        .to_string(),
        "stage 2: place 3–4 does not fit the places before it"
    );
}

#[test]
fn a_series_row_goes_through_json_and_back() {
    let rows = series_standings(&rules(&[10, 8, 6, 5, 4, 3], 5, 3), &season()).unwrap();
    let json = serde_json::to_string(&rows).unwrap();
    assert!(json.contains(r#""place":{"first":1,"last":1}"#));
    let back: Vec<SeriesRow<Licence>> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rows);
}

/// A stage from a random finish: `order` ranks the players, and `ties`
/// says which neighbours share a place.
fn random_stage(order: &[u8], ties: &[bool]) -> Stage<u8> {
    let mut places = Vec::new();
    let mut i = 0;
    while i < order.len() {
        let mut j = i + 1;
        while j < order.len() && ties.get(j).copied().unwrap_or(false) {
            j += 1;
        }
        for &who in &order[i..j] {
            places.push(Placing {
                entrant: who,
                place: Places {
                    first: i as u32 + 1,
                    last: j as u32,
                },
            });
        }
        i = j;
    }
    Stage { places }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any season, well formed or not, is counted or refused without a
    /// panic; a counted one has a row per player, places that tile,
    /// rows best first, and no more than N results counted each.
    #[test]
    fn any_season_is_counted_consistently(
        points in prop::collection::vec(0u32..30, 0..8),
        stages_m in 0u32..7,
        best in 0u32..7,
        finishes in prop::collection::vec(
            (prop::collection::vec(0u8..12, 0..10), prop::collection::vec(any::<bool>(), 10)),
            0..7,
        ),
        raw in prop::collection::vec((0u8..12, 0u32..8, 0u32..8), 0..6),
    ) {
        let mut points = points;
        points.sort_by(|a, b| b.cmp(a));
        let r = SeriesRules { points, stages: stages_m, best };
        let mut stages: Vec<Stage<u8>> = finishes
            .iter()
            .map(|(order, ties)| {
                let mut seen = std::collections::HashSet::new();
                let order: Vec<u8> = order.iter().copied().filter(|p| seen.insert(*p)).collect();
                random_stage(&order, ties)
            })
            .collect();
        // And one stage as raw as a caller could send it.
        stages.push(Stage {
            places: raw
                .iter()
                .map(|&(e, first, last)| Placing { entrant: e, place: Places { first, last } })
                .collect(),
        });
        for given in [&stages[..stages.len() - 1], &stages[..]] {
            let Ok(rows) = series_standings(&r, given) else { continue };
            let mut players: Vec<u8> = given
                .iter()
                .flat_map(|s| s.places.iter().map(|p| p.entrant))
                .collect();
            players.sort();
            players.dedup();
            prop_assert_eq!(rows.len(), players.len());
            let mut next = 1;
            let mut i = 0;
            while i < rows.len() {
                let p = rows[i].place;
                prop_assert_eq!(p.first, next);
                let run = rows[i..].iter().take_while(|r| r.place == p).count();
                prop_assert_eq!(run as u32, p.last - p.first + 1);
                for w in rows[i..i + run].windows(2) {
                    prop_assert_eq!((w[0].counted, w[0].total), (w[1].counted, w[1].total));
                    prop_assert!(w[0].entrant < w[1].entrant);
                }
                next = p.last + 1;
                i += run;
            }
            for w in rows.windows(2) {
                prop_assert!(w[0].counted >= w[1].counted);
            }
            for row in &rows {
                let counted: Vec<u32> = row.stages.iter().flatten().filter(|s| s.counted).map(|s| s.points).collect();
                prop_assert!(counted.len() as u32 <= r.best);
                prop_assert_eq!(counted.iter().sum::<u32>(), row.counted);
                prop_assert!(row.counted <= row.total);
            }
        }
    }
}
