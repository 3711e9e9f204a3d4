//! Doubles pairs as entrants (issue 32: "entries (singles; doubles pairs;
//! teams)"): a pair entered with its two players, named for both, a
//! player in one pair only (by licence, or by name and birth year), the
//! refusals (each changing nothing), a list of players put in pairs by
//! its "Pair" column, and a round robin of pairs in the doubles format
//! (four sets, 2:2 a draw) to its standings.

use novuss_club::competition::{FileProblem, Outcome, Play};
use novuss_club::entries::read_csv_rows;
use novuss_club::{Change, Competition, Entrant, Entry, Member, Refusal, System, TeamRules};
use novuss_core::MatchFormat;

use crate::support::setup;

/// A doubles round robin in the doubles format: four sets, 2:2 a draw.
fn doubles() -> Competition {
    let mut s = setup(
        "Rīgas pāru turnīrs",
        System::RoundRobin {
            cycles: novuss_club::Cycles::Single,
        },
        MatchFormat::Sets(4),
        4,
    );
    s.doubles = true;
    Competition::new(s).unwrap()
}

fn member(name: &str, club: Option<&str>, licence: Option<&str>) -> Member {
    Member {
        club: club.map(Into::into),
        licence: licence.map(Into::into),
        ..Member::named(name)
    }
}

fn pair(a: &str, b: &str) -> Entry {
    Entry::pair(Member::named(a), Member::named(b), None)
}

#[test]
fn a_pair_is_named_for_both_and_of_the_club_they_share() {
    let mut c = doubles();
    let same_club = Entry::pair(
        member("Anna Ozola", Some("Rīgas NK"), Some("LV-1")),
        member("Ilze Kalna", Some("rīgas  nk"), None),
        Some(1500),
    );
    c.apply(&Change::Enter { entry: same_club }).unwrap();
    // A pair whose players play for two clubs is shown of both.
    let two_clubs = Entry::pair(
        member("Jānis Bērziņš", Some("Madona"), None),
        member("Pēteris Kalniņš", Some("Cēsis"), None),
        None,
    );
    c.apply(&Change::Enter { entry: two_clubs }).unwrap();
    let listed: Vec<(&str, Option<&str>)> = c
        .entrants()
        .iter()
        .map(|l| (l.entry.name.as_str(), l.entry.club.as_deref()))
        .collect();
    assert_eq!(
        listed,
        [
            ("Anna Ozola / Ilze Kalna", Some("Rīgas NK")),
            ("Jānis Bērziņš / Pēteris Kalniņš", Some("Madona / Cēsis")),
        ]
    );
    assert_eq!(c.entrants()[0].entry.rating, Some(1500));
}

#[test]
fn the_name_a_change_gives_a_pair_is_made_again_from_its_players() {
    // A change sent by hand (or an old client) with another name: the
    // pair is still shown as its players are.
    let mut c = doubles();
    let mut entry = pair("Anna Ozola", "Ilze Kalna");
    entry.name = "The Best Pair".into();
    entry.licence = Some("X".into());
    c.apply(&Change::Enter { entry }).unwrap();
    assert_eq!(c.entrants()[0].entry.name, "Anna Ozola / Ilze Kalna");
    assert_eq!(c.entrants()[0].entry.licence, None);
}

#[test]
fn a_player_is_in_one_pair_only() {
    let mut c = doubles();
    c.apply(&Change::Enter {
        entry: Entry::pair(
            member("Anna Ozola", None, Some("LV-1")),
            Member::named("Ilze Kalna"),
            None,
        ),
    })
    .unwrap();
    let before = c.clone();
    // Ilze again, by name, with another partner.
    let refused = c.apply(&Change::Enter {
        entry: pair("Dace Liepa", "ilze  KALNA"),
    });
    assert_eq!(
        refused,
        Err(Refusal::EnteredTwice {
            entrant: Entrant(1)
        })
    );
    // Anna again, by her licence, under another name.
    let refused = c.apply(&Change::Enter {
        entry: Entry::pair(
            Member::named("Dace Liepa"),
            member("A. Ozola", None, Some("lv-1")),
            None,
        ),
    });
    assert_eq!(
        refused,
        Err(Refusal::EnteredTwice {
            entrant: Entrant(1)
        })
    );
    assert_eq!(c, before, "a refused pair was entered");
    // An Ilze Kalna with a birth year is still the Ilze without one:
    // nothing tells them apart.
    c.apply(&Change::Enter {
        entry: Entry::pair(
            Member::named("Dace Liepa"),
            Member {
                birth_year: Some(2001),
                ..Member::named("Ilze Kalna")
            },
            None,
        ),
    })
    .unwrap_err();
}

#[test]
fn a_pair_of_one_a_player_alone_and_a_pair_in_singles_are_refused() {
    let mut c = doubles();
    let before = c.clone();
    assert_eq!(
        c.apply(&Change::Enter {
            entry: pair("Anna Ozola", "anna ozola")
        }),
        Err(Refusal::PairOfOne)
    );
    assert_eq!(
        c.apply(&Change::Enter {
            entry: Entry::named("Anna Ozola")
        }),
        Err(Refusal::NotAPair)
    );
    assert_eq!(
        c.apply(&Change::Enter {
            entry: pair("", "Ilze Kalna")
        }),
        Err(Refusal::Missing { field: "name" })
    );
    assert_eq!(c, before);

    let mut singles = Competition::new(setup(
        "Singles",
        System::Swiss { rounds: 3 },
        MatchFormat::Sets(6),
        4,
    ))
    .unwrap();
    assert_eq!(
        singles.apply(&Change::Enter {
            entry: pair("Anna Ozola", "Ilze Kalna")
        }),
        Err(Refusal::PairInSingles)
    );
    assert!(singles.entrants().is_empty());
}

#[test]
fn doubles_are_refused_online_and_in_a_team_competition() {
    let mut online = setup(
        "Online doubles",
        System::Swiss { rounds: 3 },
        MatchFormat::Sets(4),
        4,
    );
    online.doubles = true;
    online.play = Play::Online {
        stroke_clock: Default::default(),
        grace_secs: 60,
        next_round: Default::default(),
    };
    assert_eq!(Competition::new(online).err(), Some(Refusal::DoublesOnline));
    let mut teams = setup(
        "Team doubles",
        System::Swiss { rounds: 3 },
        MatchFormat::Sets(4),
        8,
    );
    teams.doubles = true;
    teams.teams = Some(TeamRules::default());
    assert_eq!(Competition::new(teams).err(), Some(Refusal::DoublesTeams));
}

#[test]
fn a_list_of_players_is_put_in_pairs_by_its_pair_column() {
    let csv = "Vārds, uzvārds;Klubs;Licence;Reitings;Pāris\n\
               Anna Ozola;Rīgas NK;LV-1;1600;1\n\
               Jānis Bērziņš;Madona;;1500;2\n\
               Ilze Kalna;Rīgas NK;;1401;1\n\
               Pēteris Kalniņš;Cēsis;;;2\n";
    let sheet = read_csv_rows(csv).unwrap();
    let c = doubles();
    let change = c.enter_sheet(&sheet).unwrap();
    let Change::EnterList { entries } = &change else {
        panic!("pairs are entered as a list: {change:?}")
    };
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].name, "Anna Ozola / Ilze Kalna");
    assert_eq!(entries[0].club.as_deref(), Some("Rīgas NK"));
    // The pair's rating is its players' mean, rounded up; without both
    // players' ratings, none.
    assert_eq!(entries[0].rating, Some(1501));
    assert_eq!(entries[1].name, "Jānis Bērziņš / Pēteris Kalniņš");
    assert_eq!(entries[1].rating, None);
    let pair = entries[0].pair.as_ref().unwrap();
    assert_eq!(pair[0].licence.as_deref(), Some("LV-1"));
    let mut c = c;
    c.apply(&change).unwrap();
    assert_eq!(c.entrants().len(), 2);
}

#[test]
fn a_list_of_pairs_is_refused_at_the_row_that_breaks_it() {
    let c = doubles();
    let refused = |csv: &str| c.enter_sheet(&read_csv_rows(csv).unwrap()).unwrap_err();
    // No pair column at all.
    assert_eq!(
        refused("Name\nAnna Ozola\nIlze Kalna\n"),
        Refusal::EntryFile {
            row: None,
            column: None,
            problem: Box::new(FileProblem::NoPairColumn),
        }
    );
    // Row 3 names no pair.
    assert_eq!(
        refused("Name,Pair\nAnna Ozola,A\nIlze Kalna,\nDace Liepa,A\n"),
        Refusal::EntryFile {
            row: Some(3),
            column: Some("Pair".into()),
            problem: Box::new(FileProblem::NoPair),
        }
    );
    // Pair "B" ("b" too) on three rows: refused at the third, row 6.
    assert_eq!(
        refused("Name,Pair\nAnna Ozola,A\nIlze Kalna,B\nDace Liepa,a\nLīga Zariņa,b\nInese Kalna,B\nRūta Ozola,C\nMāra Liepa,C\n"),
        Refusal::EntryFile {
            row: Some(6),
            column: Some("Pair".into()),
            problem: Box::new(FileProblem::PairSize {
                pair: "B".into(),
                players: 3
            }),
        }
    );
    // Pair C has one player: refused at its row.
    assert_eq!(
        refused("Name,Pair\nAnna Ozola,A\nIlze Kalna,A\nDace Liepa,C\n"),
        Refusal::EntryFile {
            row: Some(4),
            column: Some("Pair".into()),
            problem: Box::new(FileProblem::PairAlone { pair: "C".into() }),
        }
    );
    // Both players of a pair are one person: refused at the pair's first
    // row.
    let mut c = c.clone();
    c.apply(&Change::Enter {
        entry: pair("Rūta Ozola", "Māra Liepa"),
    })
    .unwrap();
    let sheet =
        read_csv_rows("Name,Pair\nAnna Ozola,1\nIlze Kalna,1\nDace Liepa,2\nMāra Liepa,2\n")
            .unwrap();
    assert_eq!(
        c.enter_sheet(&sheet).unwrap_err(),
        Refusal::EntryFile {
            row: Some(4),
            column: Some("Name".into()),
            problem: Box::new(FileProblem::Entered {
                entrant: Entrant(1)
            }),
        }
    );
}

#[test]
fn a_round_robin_of_pairs_is_played_in_the_doubles_format() {
    let mut c = doubles();
    for (a, b) in [
        ("Anna Ozola", "Ilze Kalna"),
        ("Jānis Bērziņš", "Pēteris Kalniņš"),
        ("Dace Liepa", "Līga Zariņa"),
    ] {
        c.apply(&Change::Enter { entry: pair(a, b) }).unwrap();
    }
    // Three pairs: three rounds, one pair resting in each. The first-named
    // pair wins 3:1 in rounds 1 and 3; round 2 is drawn 2:2. Match points
    // 2/1/0, worked out from the pairing as it comes.
    let mut played = 0;
    let mut expected = [0u64; 3];
    while !c.finished() {
        let change = c.pair_next().unwrap();
        c.apply(&change).unwrap();
        let round = c.rounds().last().unwrap().number;
        let boards = c.rounds().last().unwrap().boards.len() as u32;
        for board in 1..=boards {
            // 4:1 is no score of four sets; 3:1 and 2:2 are.
            let wrong = Change::Result {
                round,
                board,
                outcome: Outcome::Sets {
                    first: 4,
                    second: 1,
                },
            };
            assert!(matches!(c.apply(&wrong), Err(Refusal::Score { .. })));
            let (first, second) = if round == 2 { (2, 2) } else { (3, 1) };
            let paired = c.rounds().last().unwrap().boards[(board - 1) as usize].paired;
            let (a, b) = (paired.first.0 as usize - 1, paired.second.0 as usize - 1);
            if round == 2 {
                expected[a] += 1;
                expected[b] += 1;
            } else {
                expected[a] += 2;
            }
            c.apply(&Change::Result {
                round,
                board,
                outcome: Outcome::Sets { first, second },
            })
            .unwrap();
            played += 1;
        }
    }
    assert_eq!(played, 3);
    let standings = c.standings().unwrap();
    let mut got = [0u64; 3];
    for r in &standings.rows {
        got[r.entrant.0 as usize - 1] = r.points;
    }
    assert_eq!(got, expected);
    assert_eq!(
        got.iter().sum::<u64>(),
        2 + 2 + 2,
        "two won matches and a draw"
    );
}
