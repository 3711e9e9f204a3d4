//! A competition's files (issue 33): a list of players entered at once,
//! all or nothing, refused at the file's row and column; and the
//! competition written as TRF-16, read back by the crate's own reader,
//! ranked the same by the standings and paired the same by the Dutch
//! engine.

use novuss_club::competition::{FileProblem, Outcome};
use novuss_club::entries::{read_csv_rows, read_sheet_rows};
use novuss_club::standings::{standings, PairingMethod, Regulations, TieBreak};
use novuss_club::trf;
use novuss_club::{
    pair_dutch, Bye, Change, Competition, Entrant, Entry, Refusal, RoundResult, Setup, System,
};
use novuss_core::MatchFormat;

fn setup(system: System, tiebreaks: Vec<TieBreak>) -> Setup {
    Setup {
        venue: Some("Rīga".into()),
        starts: novuss_club::competition::Day::parse("2026-11-28"),
        ends: novuss_club::competition::Day::parse("2026-11-29"),
        tiebreaks,
        ..crate::support::setup("Rīgas kauss", system, MatchFormat::Sets(6), 4)
    }
}

fn licensed(name: &str, licence: &str) -> Entry {
    Entry {
        licence: Some(licence.into()),
        ..Entry::named(name)
    }
}

#[test]
fn a_list_is_entered_whole_or_not_at_all() {
    let mut c = Competition::new(setup(System::Swiss { rounds: 3 }, vec![])).unwrap();
    c.apply(&Change::Enter {
        entry: licensed("Anna Ozola", "LV-7"),
    })
    .unwrap();
    let before = c.clone();
    // The second of three is Anna again, by her licence.
    let list = Change::EnterList {
        entries: vec![
            Entry::named("Jānis Bērziņš"),
            licensed("A. Ozola", "lv-7"),
            Entry::named("Pēteris Kalniņš"),
        ],
    };
    let refused = c.apply(&list).unwrap_err();
    assert_eq!(
        refused,
        Refusal::InList {
            position: 2,
            refusal: Box::new(Refusal::EnteredTwice {
                entrant: Entrant(1)
            }),
        }
    );
    assert_eq!(c, before, "a refused list entered somebody");
    assert_eq!(
        c.apply(&Change::EnterList { entries: vec![] }),
        Err(Refusal::Missing { field: "entries" })
    );

    let list = Change::EnterList {
        entries: vec![
            Entry::named("Jānis Bērziņš"),
            Entry::named("Pēteris Kalniņš"),
        ],
    };
    c.apply(&list).unwrap();
    let names: Vec<&str> = c.entrants().iter().map(|l| l.entry.name.as_str()).collect();
    assert_eq!(names, ["Anna Ozola", "Jānis Bērziņš", "Pēteris Kalniņš"]);
    assert_eq!(c.entrants()[2].entrant, Entrant(3));
    // Stored and read back as the server stores changes.
    let json = serde_json::to_string(&list).unwrap();
    assert!(
        json.starts_with(r#"{"change":"enter_list","entries":["#),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Change>(&json).unwrap(), list);
}

#[test]
fn a_file_is_refused_at_its_row_and_column() {
    let mut c = Competition::new(setup(System::Swiss { rounds: 3 }, vec![])).unwrap();
    c.apply(&Change::Enter {
        entry: licensed("Anna Ozola", "LV-7"),
    })
    .unwrap();
    c.apply(&Change::Enter {
        entry: Entry::named("Ilze Liepa"),
    })
    .unwrap();
    let before = c.clone();

    // Anna is entered already: by her licence, so the licence's column.
    let csv = "Sacensības;;\nVārds, uzvārds;Licence;Klubs\nJānis Bērziņš;LV-1;Madona\nA. Ozola;LV-7;Rīga\n";
    let sheet = read_csv_rows(csv).unwrap();
    assert_eq!(sheet.rows[1].0, 4);
    let refusal = c.enter_sheet(&sheet).unwrap_err();
    assert_eq!(
        refusal,
        Refusal::EntryFile {
            row: Some(4),
            column: Some("Licence".into()),
            problem: Box::new(FileProblem::Entered {
                entrant: Entrant(1)
            }),
        }
    );
    assert_eq!(
        refusal.to_string(),
        "row 4, column \"Licence\": this player is entered already, as number 1"
    );
    // Ilze has no licence: told by her name.
    // An empty row as a spreadsheet saves it (a line of bare commas).
    let csv = "Name,Club\nJānis Bērziņš,Madona\n,\nilze  liepa,Rīga\n";
    let refusal = c.enter_sheet(&read_csv_rows(csv).unwrap()).unwrap_err();
    assert_eq!(
        refusal,
        Refusal::EntryFile {
            row: Some(4),
            column: Some("Name".into()),
            problem: Box::new(FileProblem::Entered {
                entrant: Entrant(2)
            }),
        }
    );
    // The reader's own refusals keep their row and column.
    let bad = read_csv_rows("Name,Birth year\nJānis,1985\nPēteris,85x\n").unwrap_err();
    assert_eq!(
        Refusal::from(bad),
        Refusal::EntryFile {
            row: Some(3),
            column: Some("Birth year".into()),
            problem: Box::new(FileProblem::BirthYear {
                value: "85x".into()
            }),
        }
    );
    let empty = read_csv_rows("Name,Club\n").unwrap();
    assert!(matches!(
        c.enter_sheet(&empty),
        Err(Refusal::EntryFile { problem, .. }) if *problem == FileProblem::Empty
    ));
    assert_eq!(c, before, "checking a file changed the competition");

    // A good file: one change, everyone in the file's order.
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write(2, 1, "Vārds").unwrap();
    sheet.write(2, 2, "Uzvārds").unwrap();
    sheet.write(2, 3, "Dzimšanas gads").unwrap();
    sheet.write(3, 1, "Jānis").unwrap();
    sheet.write(3, 2, "Bērziņš").unwrap();
    sheet.write(3, 3, 1985).unwrap();
    sheet.write(4, 1, "Pēteris").unwrap();
    sheet.write(4, 2, "Kalniņš").unwrap();
    let bytes = book.save_to_buffer().unwrap();
    let sheet = read_sheet_rows(&bytes).unwrap();
    assert_eq!(sheet.name_column, "Vārds");
    assert_eq!(sheet.rows.iter().map(|r| r.0).collect::<Vec<_>>(), [4, 5]);
    let change = c.enter_sheet(&sheet).unwrap();
    c.apply(&change).unwrap();
    assert_eq!(c.entrants().len(), 4);
    assert_eq!(c.entrants()[2].entry.name, "Jānis Bērziņš");
    assert_eq!(c.entrants()[2].entry.birth_year, Some(1985));
}

/// Nine players, rated apart, a Swiss of `rounds` rounds with `played`
/// played: varied results (wins both ways, draws, a forfeit), a late
/// entry, a requested half-point bye and a withdrawal.
pub(crate) fn played_swiss(rounds: u32, played: u32, tiebreaks: Vec<TieBreak>) -> Competition {
    let mut c = Competition::new(setup(System::Swiss { rounds }, tiebreaks)).unwrap();
    let entries = (0..8)
        .map(|i| Entry {
            rating: Some(1900 - 25 * i),
            birth_year: Some(1980 + i as u16),
            ..Entry::named(&format!("Spēlētājs {}", i + 1))
        })
        .collect();
    c.apply(&Change::EnterList { entries }).unwrap();
    for round in 1..=played {
        if round == 2 {
            c.apply(&Change::Enter {
                entry: Entry {
                    rating: Some(1850),
                    ..Entry::named("Vēlais Viesis")
                },
            })
            .unwrap();
            c.apply(&Change::RequestBye {
                entrant: Entrant(3),
                round: 2,
                bye: Bye::Half,
            })
            .unwrap();
        }
        if round == 3 {
            c.apply(&Change::Withdraw {
                entrant: Entrant(5),
            })
            .unwrap();
        }
        let pairing = c.pair_next().unwrap();
        c.apply(&pairing).unwrap();
        let boards = c.rounds().last().unwrap().boards.clone();
        for (k, b) in boards.iter().enumerate() {
            if b.outcome.is_some() {
                continue;
            }
            let outcome = match (k + round as usize) % 4 {
                0 => Outcome::Sets {
                    first: 4,
                    second: 1,
                },
                1 => Outcome::Sets {
                    first: 2,
                    second: 4,
                },
                2 => Outcome::Sets {
                    first: 3,
                    second: 3,
                },
                _ => Outcome::Forfeit {
                    winner: novuss_club::Side::Second,
                },
            };
            c.apply(&Change::Result {
                round,
                board: k as u32 + 1,
                outcome,
            })
            .unwrap();
        }
    }
    c
}

#[test]
fn the_trf_reads_back_ranks_the_same_and_pairs_the_same() {
    // Tie-breaks TRF can carry (it has no set scores).
    let tiebreaks = vec![
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
    ];
    let c = played_swiss(5, 3, tiebreaks.clone());
    let text = c.trf();
    assert!(text.contains("012 Rīgas kauss\n"), "{text}");
    assert!(text.contains("042 2026/11/28\n"), "{text}");
    assert!(text.contains("XXR 5\n"), "{text}");
    assert!(text.contains("BBW  2.0\n"), "{text}");
    let file = trf::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(file.players.len(), 9);
    assert_eq!(file.paired_rounds(), 3);
    // Written back by the crate's writer, unchanged.
    assert_eq!(trf::write(&file), text);

    let ours = c.standings().unwrap();
    let ranking = c.ranking();
    let name_of = |e: Entrant| c.entrants()[(e.0 - 1) as usize].entry.name.clone();
    let theirs = standings(
        &file.participants(),
        &Regulations {
            points: file.points,
            tiebreaks,
            pairing: PairingMethod::Swiss,
        },
    )
    .unwrap();
    let trf_name = |n: Entrant| {
        let p = file.players.iter().find(|p| p.number == n).unwrap();
        p.name_block
            .chars()
            .skip(5)
            .collect::<String>()
            .trim()
            .to_owned()
    };
    let ours_order: Vec<(String, u64, u32)> = ours
        .rows
        .iter()
        .map(|r| (name_of(r.entrant), r.points * 10, *r.place.start()))
        .collect();
    let their_order: Vec<(String, u64, u32)> = theirs
        .rows
        .iter()
        .map(|r| (trf_name(r.entrant), r.points, *r.place.start()))
        .collect();
    assert_eq!(ours_order, their_order);
    // The rank and points columns are the standings'.
    for r in &ours.rows {
        let n = ranking.iter().position(|&e| e == r.entrant).unwrap() as u32 + 1;
        let p = file.players.iter().find(|p| p.number.0 == n).unwrap();
        assert_eq!(p.rank, Some(*r.place.start()), "{}", name_of(r.entrant));
        assert_eq!(u64::from(p.points), r.points * 10);
    }
    // The withdrawn player sits the next round out in the file.
    let withdrawn = ranking.iter().position(|&e| e == Entrant(5)).unwrap();
    assert_eq!(
        file.players[withdrawn].rounds.get(3),
        Some(&Some(RoundResult::Bye(Bye::Zero)))
    );

    // The Dutch engine reading the file pairs round 4 as the competition.
    let from_file = pair_dutch(&file.field().unwrap()).unwrap();
    let Change::Pair { boards, rests, .. } = c.pair_next().unwrap() else {
        panic!("not a pairing")
    };
    let back = |n: Entrant| ranking[(n.0 - 1) as usize];
    let pairs: Vec<(Entrant, Entrant)> = from_file
        .pairs
        .iter()
        .map(|&(w, b)| (back(w), back(b)))
        .collect();
    let ours: Vec<(Entrant, Entrant)> = boards.iter().map(|b| (b.first, b.second)).collect();
    assert_eq!(pairs, ours);
    assert_eq!(
        from_file.bye.map(back),
        rests
            .iter()
            .find(|r| r.bye == Bye::PairingAllocated)
            .map(|r| r.entrant)
    );
}

#[test]
fn an_open_round_is_left_blank_and_a_round_robin_is_written_too() {
    let mut c = played_swiss(4, 2, vec![]);
    let pairing = c.pair_next().unwrap();
    c.apply(&pairing).unwrap();
    c.apply(&Change::Result {
        round: 3,
        board: 1,
        outcome: Outcome::Sets {
            first: 4,
            second: 0,
        },
    })
    .unwrap();
    let file = trf::parse(&c.trf()).unwrap_or_else(|e| panic!("{e}\n{}", c.trf()));
    let blank = file
        .players
        .iter()
        .filter(|p| p.rounds.len() < 3 || p.rounds[2].is_none())
        .count();
    // Everyone but the two of board 1 (and a pairing-allocated bye, if
    // any) waits for a result.
    assert!(blank >= 5, "{}", c.trf());

    let mut rr = Competition::new(setup(
        System::RoundRobin {
            cycles: novuss_club::Cycles::Single,
        },
        vec![],
    ))
    .unwrap();
    rr.apply(&Change::EnterList {
        entries: ["A", "B", "C", "D", "E"].map(Entry::named).to_vec(),
    })
    .unwrap();
    let pairing = rr.pair_next().unwrap();
    rr.apply(&pairing).unwrap();
    for board in 1..=2 {
        rr.apply(&Change::Result {
            round: 1,
            board,
            outcome: Outcome::Sets {
                first: 4,
                second: 2,
            },
        })
        .unwrap();
    }
    let text = rr.trf();
    let file = trf::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(file.rounds, Some(5));
    assert!(
        text.contains("092 Individual: Round-Robin (Berger)"),
        "{text}"
    );
    let points: Vec<u32> = file.players.iter().map(|p| p.points).collect();
    assert_eq!(points.iter().sum::<u32>(), 2 * 20, "{text}");
}
