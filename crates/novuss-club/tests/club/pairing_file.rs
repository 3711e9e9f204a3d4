//! A round's pairing from Swiss-Manager's list (issue 33, "Data in and
//! out": the Latvian protocol workbook's "EKSPORT" sheet as an import of
//! pairings): the columns found by their headers below a title, names
//! written "Surname, First" matched to entrants written "First Surname",
//! a bye, boards beyond the tables waiting for one, the "EKSPORT" sheet
//! chosen from a workbook of several, and each refusal at its row and
//! column with nothing changed.

use novuss_club::competition::{pairing_sheet, FileProblem, Paired, Refusal, Rest};
use novuss_club::entries::{csv_cells, workbook_cells, Entry};
use novuss_club::{Bye, Change, Competition, Entrant, System};
use novuss_core::MatchFormat;

use crate::support::setup;

const NAMES: [&str; 7] = [
    "Jānis Bērziņš",
    "Anna Ozola",
    "Pēteris Kalniņš",
    "Līga Liepa",
    "Mārtiņš Krūmiņš",
    "Ilze Vītola",
    "Kārlis Zariņš",
];

/// Seven players, rated in the order above, at 3 tables.
fn field() -> Competition {
    let mut c = Competition::new(setup(
        "Rīgas kauss",
        System::Swiss { rounds: 5 },
        MatchFormat::Sets(6),
        3,
    ))
    .unwrap();
    for (k, name) in NAMES.iter().enumerate() {
        let entry = Entry {
            rating: Some(1900 - 20 * k as u32),
            ..Entry::named(name)
        };
        c.apply(&Change::Enter { entry }).unwrap();
    }
    c
}

/// Round 1 as Swiss-Manager lists it (white first, "Surname, First"),
/// with the title rows it exports above, and Pēteris' bye.
const LIST: &str = "Rīgas kauss 2026;;;;;;;;;\n\
1. kārta;;;;;;;;;\n\
;;;;;;;;;\n\
Bo.;No.;Name;Rtg;Pts.;Result;Pts.;Name;Rtg;No.\n\
1;1;Bērziņš, Jānis;1900;0;;0;Liepa, Līga;1840;4\n\
2;5;Krūmiņš, Mārtiņš;1820;0;;0;Ozola, Anna;1880;2\n\
3;6;Vītola, Ilze;1800;0;;0;Zariņš, Kārlis;1780;7\n\
4;3;Kalniņš, Pēteris;1860;0;;;bye;;\n";

fn refused(c: &Competition, text: &str) -> Refusal {
    let sheet = match pairing_sheet(&csv_cells(text).unwrap()) {
        Ok(sheet) => sheet,
        Err(r) => return r,
    };
    c.pairing_of_file(&sheet).unwrap_err()
}

fn at(row: Option<u32>, column: Option<&str>, problem: FileProblem) -> Refusal {
    Refusal::EntryFile {
        row,
        column: column.map(Into::into),
        problem: Box::new(problem),
    }
}

#[test]
fn swiss_managers_list_becomes_the_rounds_pairing() {
    let mut c = field();
    let sheet = pairing_sheet(&csv_cells(LIST).unwrap()).unwrap();
    assert_eq!(sheet.rows.len(), 4);
    assert_eq!(sheet.rows[0].row, 5, "rows as the sheet numbers them");
    let change = c.pairing_of_file(&sheet).unwrap();
    let board = |first: u32, second: u32, table: Option<u32>| Paired {
        first: Entrant(first),
        second: Entrant(second),
        table,
    };
    assert_eq!(
        change,
        Change::Pair {
            round: 1,
            boards: vec![
                board(1, 4, Some(1)),
                board(5, 2, Some(2)),
                board(6, 7, Some(3)),
            ],
            rests: vec![Rest {
                entrant: Entrant(3),
                bye: Bye::PairingAllocated,
            }],
        }
    );
    c.apply(&change).unwrap();
    assert_eq!(c.rounds().len(), 1);
}

#[test]
fn a_board_beyond_the_tables_waits_and_numbers_tell_namesakes_apart() {
    // An eighth player who shares Anna's name, told apart by birth year.
    let mut c2 = Competition::new(setup(
        "Rīgas kauss",
        System::Swiss { rounds: 5 },
        MatchFormat::Sets(6),
        3,
    ))
    .unwrap();
    for (k, name) in NAMES.iter().enumerate() {
        let entry = Entry {
            rating: Some(1900 - 20 * k as u32),
            birth_year: Some(1990),
            ..Entry::named(name)
        };
        c2.apply(&Change::Enter { entry }).unwrap();
    }
    c2.apply(&Change::Enter {
        entry: Entry {
            rating: Some(1500),
            birth_year: Some(2001),
            ..Entry::named("Anna Ozola")
        },
    })
    .unwrap();
    // Anna (number 2) and the younger Anna (number 8, the lowest rated).
    let list = "White;No.;Result;Black;No.\n\
        Bērziņš, Jānis;1;;Ozola, Anna;8\n\
        Ozola, Anna;2;;Liepa, Līga;4\n\
        Kalniņš, Pēteris;3;;Krūmiņš, Mārtiņš;5\n\
        Vītola, Ilze;6;;Zariņš, Kārlis;7\n";
    let sheet = pairing_sheet(&csv_cells(list).unwrap()).unwrap();
    let Change::Pair { boards, .. } = c2.pairing_of_file(&sheet).unwrap() else {
        panic!("a pairing")
    };
    assert_eq!(boards[0].second, Entrant(8));
    assert_eq!(boards[1].first, Entrant(2));
    // Four boards at three tables: the fourth waits for one.
    assert_eq!(
        boards.iter().map(|b| b.table).collect::<Vec<_>>(),
        [Some(1), Some(2), Some(3), None]
    );
    // Without the numbers, which Anna is not known.
    let list = "White;Black\nBērziņš, Jānis;Ozola, Anna\n";
    assert_eq!(
        refused(&c2, list),
        at(
            Some(2),
            Some("Black"),
            FileProblem::SameName {
                name: "Ozola, Anna".into()
            }
        )
    );
}

#[test]
fn each_refusal_names_its_row_and_column() {
    let c = field();
    let unknown = LIST.replace("Zariņš, Kārlis", "Zariņa, Kārlis");
    assert_eq!(
        refused(&c, &unknown),
        at(
            Some(7),
            Some("Name"),
            FileProblem::UnknownPlayer {
                name: "Zariņa, Kārlis".into()
            }
        )
    );
    let twice = LIST.replace("Vītola, Ilze", "Bērziņš, Jānis");
    assert_eq!(
        refused(&c, &twice),
        at(Some(7), Some("Name"), FileProblem::Twice { first: 5 })
    );
    let left_out = LIST.replace("4;3;Kalniņš, Pēteris;1860;0;;;bye;;\n", "");
    assert_eq!(
        refused(&c, &left_out),
        at(
            None,
            None,
            FileProblem::LeftOut {
                entrant: 3,
                name: "Pēteris Kalniņš".into()
            }
        )
    );
    let bad_board = LIST.replace("3;6;Vītola", "III;6;Vītola");
    assert_eq!(
        refused(&c, &bad_board),
        at(
            Some(7),
            Some("Bo."),
            FileProblem::NotANumber {
                value: "III".into()
            }
        )
    );
    assert_eq!(
        refused(&c, "Vārds, uzvārds;Klubs\nJānis Bērziņš;RNK\n"),
        at(None, None, FileProblem::NoPairingHeader)
    );
    assert_eq!(
        refused(&c, "Bo.;Name;Name\n;;\n"),
        at(None, None, FileProblem::Empty)
    );
}

#[test]
fn the_eksport_sheet_is_read_from_a_workbook_of_several() {
    let mut book = rust_xlsxwriter::Workbook::new();
    let protocol = book.add_worksheet().set_name("Protokols").unwrap();
    protocol.write(0, 0, "Galds").unwrap();
    protocol.write(0, 1, "Vārds").unwrap();
    let eksport = book.add_worksheet().set_name("EKSPORT").unwrap();
    for (r, line) in LIST.lines().enumerate() {
        for (k, cell) in line.split(';').enumerate() {
            match cell.parse::<f64>() {
                Ok(n) => eksport.write(r as u32, k as u16, n).unwrap(),
                Err(_) if !cell.is_empty() => eksport.write(r as u32, k as u16, cell).unwrap(),
                Err(_) => eksport,
            };
        }
    }
    let bytes = book.save_to_buffer().unwrap();
    let cells = workbook_cells(&bytes, Some("eksport")).unwrap();
    let sheet = pairing_sheet(&cells).unwrap();
    let from_csv = pairing_sheet(&csv_cells(LIST).unwrap()).unwrap();
    assert_eq!(sheet, from_csv, "the workbook reads as the CSV does");
    // Without the sheet's name, the first sheet: no pairing there.
    let first = workbook_cells(&bytes, None).unwrap();
    assert_eq!(
        pairing_sheet(&first),
        Err(at(None, None, FileProblem::NoPairingHeader))
    );
}
