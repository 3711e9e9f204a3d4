//! Entries as clubs keep them: CSV with commas or semicolons, an Excel
//! sheet with a title above its header and numbers typed as numbers;
//! Latvian headers; each mistake refused with its row and column.

use novuss_club::{read_csv, read_sheet, Category, Entry, ImportError, Problem};
use rust_xlsxwriter::Workbook;

fn entry(
    name: &str,
    club: Option<&str>,
    licence: Option<&str>,
    category: Option<Category>,
    birth_year: Option<u16>,
) -> Entry {
    Entry {
        name: name.into(),
        club: club.map(Into::into),
        licence: licence.map(Into::into),
        category,
        birth_year,
        rating: None,
        person: None,
        pair: None,
        forgotten: false,
    }
}

#[test]
fn a_csv_list_with_english_headers_reads_every_field() {
    let text = "Name,Club,Licence No,Category,Birth year,Rating\n\
                Jānis Bērziņš,Madona,LV-101,Men,1971,1650\n\
                Anna Ozola,  Rīga ,LV-204,women,1988,\n\
                \n\
                \"Ozols, Pēteris\",,,youth,2009,1500\n";
    let got = read_csv(text).unwrap();
    assert_eq!(got.len(), 3, "the empty line is skipped");
    assert_eq!(
        got[0],
        Entry {
            rating: Some(1650),
            ..entry(
                "Jānis Bērziņš",
                Some("Madona"),
                Some("LV-101"),
                Some(Category::Men),
                Some(1971)
            )
        }
    );
    assert_eq!(
        got[1],
        entry(
            "Anna Ozola",
            Some("Rīga"),
            Some("LV-204"),
            Some(Category::Women),
            Some(1988)
        )
    );
    assert_eq!(
        got[2].name, "Ozols, Pēteris",
        "a quoted comma is part of the name"
    );
    assert_eq!(got[2].rating, Some(1500));
    assert_eq!(got[2].club, None);
}

/// Excel in Latvia saves CSV with semicolons and a byte order mark; the
/// headers are Latvian, the name in two columns.
#[test]
fn a_latvian_csv_with_semicolons_and_two_name_columns() {
    let text = "\u{feff}Vārds;Uzvārds;Klubs;Licences Nr.;Kategorija;Dzimšanas gads\r\n\
                Ilze;Kalniņa;Cēsis;LV-9;Sievietes;1990\r\n\
                Guntis;Liepa;;;Veterāni;1950\r\n";
    let got = read_csv(text).unwrap();
    assert_eq!(
        got,
        vec![
            entry(
                "Ilze Kalniņa",
                Some("Cēsis"),
                Some("LV-9"),
                Some(Category::Women),
                Some(1990)
            ),
            entry(
                "Guntis Liepa",
                None,
                None,
                Some(Category::Veterans),
                Some(1950)
            ),
        ]
    );
}

/// Each mistake names its row as the file numbers it (the header is row
/// 1) and its column as the header writes it; nothing is read.
#[test]
fn mistakes_are_refused_with_their_row_and_column() {
    let refused = |text: &str| read_csv(text).unwrap_err();
    let head = "Name,Club,Category,Birth year,Rating\n";
    assert_eq!(
        refused(&format!(
            "{head}Anna,Rīga,women,1988,\nBruno,Rīga,men,19x8,\n"
        )),
        ImportError {
            row: Some(3),
            column: Some("Birth year".into()),
            problem: Problem::BirthYear("19x8".into())
        }
    );
    assert_eq!(
        refused(&format!("{head}Anna,Rīga,ladies,1988,\n")),
        ImportError {
            row: Some(2),
            column: Some("Category".into()),
            problem: Problem::Category("ladies".into())
        }
    );
    assert_eq!(
        refused(&format!("{head}Anna,Rīga,women,1988,9000\n")),
        ImportError {
            row: Some(2),
            column: Some("Rating".into()),
            problem: Problem::Rating("9000".into())
        }
    );
    assert_eq!(
        refused(&format!("{head},Rīga,women,1988,\n")),
        ImportError {
            row: Some(2),
            column: Some("Name".into()),
            problem: Problem::NoName
        }
    );
    let long = "x".repeat(81);
    assert_eq!(
        refused(&format!("{head}{long},,,,\n")).problem,
        Problem::TooLong
    );
    assert_eq!(
        refused("Club,Category\nRīga,men\n").problem,
        Problem::NoHeader
    );
    assert_eq!(
        refused("a,\"b\nc").problem,
        Problem::NoHeader,
        "an unclosed quote runs to the end: no header"
    );
    let e = refused(&format!(
        "{head}Anna,Rīga,women,1988,\nBruno,Rīga,men,19x8,\n"
    ));
    assert_eq!(
        e.to_string(),
        "row 3, column \"Birth year\": \"19x8\" is not a birth year"
    );
}

/// A player entered twice: the same licence number, or the same name
/// (spacing and case aside) with no birth year to tell them apart. Two
/// people of one name born in different years are two entries.
#[test]
fn a_player_entered_twice_is_refused() {
    let twice = read_csv("Name,Licence\nAnna Ozola,LV-1\nBruno,lv-1\n").unwrap_err();
    assert_eq!(twice.row, Some(3));
    assert_eq!(twice.problem, Problem::Twice { first: 2 });
    let twice = read_csv("Name\nAnna  Ozola\nanna ozola\n").unwrap_err();
    assert_eq!(twice.problem, Problem::Twice { first: 2 });
    let two = read_csv("Name,Born\nJānis Liepa,1960\nJānis Liepa,1995\n").unwrap();
    assert_eq!(two.len(), 2);
}

#[test]
fn a_list_too_long_is_refused() {
    let mut text = String::from("Name\n");
    for k in 0..2001 {
        text.push_str(&format!("Player {k}\n"));
    }
    assert_eq!(read_csv(&text).unwrap_err().problem, Problem::TooMany);
}

/// An Excel sheet as an organiser makes one: a title and an empty row
/// above the header, the birth year and rating typed as numbers, a
/// column we do not read, rows numbered as Excel numbers them.
#[test]
fn an_excel_sheet_with_a_title_above_its_header() {
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "Madonas kauss 2026").unwrap();
    let header = ["Nr.", "Vārds, uzvārds", "Klubs", "Dz. gads", "Reitings"];
    for (c, h) in header.iter().enumerate() {
        sheet.write_string(2, c as u16, *h).unwrap();
    }
    let rows: [(&str, &str, f64, f64); 3] = [
        ("Jānis Bērziņš", "Madona", 1971.0, 1650.0),
        ("Anna Ozola", "Rīga", 1988.0, 1580.0),
        ("Pēteris Ozols", "Cēsis", 19.5, 1400.0),
    ];
    for (k, (name, club, born, rating)) in rows.iter().enumerate() {
        let r = 3 + k as u32;
        sheet.write_number(r, 0, (k + 1) as f64).unwrap();
        sheet.write_string(r, 1, *name).unwrap();
        sheet.write_string(r, 2, *club).unwrap();
        sheet.write_number(r, 3, *born).unwrap();
        sheet.write_number(r, 4, *rating).unwrap();
    }
    let bytes = book.save_to_buffer().unwrap();
    // The third player's birth year is 19.5: row 6 as Excel shows it.
    let e = read_sheet(&bytes).unwrap_err();
    assert_eq!(
        e,
        ImportError {
            row: Some(6),
            column: Some("Dz. gads".into()),
            problem: Problem::BirthYear("19.5".into())
        }
    );

    // Mended, it reads.
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "Madonas kauss 2026").unwrap();
    for (c, h) in header.iter().enumerate() {
        sheet.write_string(2, c as u16, *h).unwrap();
    }
    for (k, (name, club, _, rating)) in rows.iter().enumerate() {
        let r = 3 + k as u32;
        sheet.write_string(r, 1, *name).unwrap();
        sheet.write_string(r, 2, *club).unwrap();
        sheet.write_number(r, 3, 1970.0 + k as f64).unwrap();
        sheet.write_number(r, 4, *rating).unwrap();
    }
    let got = read_sheet(&book.save_to_buffer().unwrap()).unwrap();
    assert_eq!(got.len(), 3);
    assert_eq!(
        got[0],
        Entry {
            rating: Some(1650),
            ..entry("Jānis Bērziņš", Some("Madona"), None, None, Some(1970))
        }
    );
    assert_eq!(got[2].birth_year, Some(1972));
}

#[test]
fn bytes_that_are_no_workbook_are_refused() {
    let e = read_sheet(b"Name\nAnna\n").unwrap_err();
    assert!(matches!(e.problem, Problem::Unreadable(_)), "{e:?}");
    assert_eq!(e.row, None);
}

/// A workbook of one player with a part that unpacks to `padding` zero
/// bytes (a thousandfold smaller packed).
fn padded_workbook(padding: usize) -> Vec<u8> {
    use std::io::{Cursor, Write};
    let mut book = Workbook::new();
    let sheet = book.add_worksheet();
    sheet.write_string(0, 0, "Name").unwrap();
    sheet.write_string(1, 0, "Anna Ozola").unwrap();
    let plain = book.save_to_buffer().unwrap();
    let mut source = zip::ZipArchive::new(Cursor::new(plain)).unwrap();
    let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for i in 0..source.len() {
        out.raw_copy_file(source.by_index_raw(i).unwrap()).unwrap();
    }
    let packed = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(padding > u32::MAX as usize);
    out.start_file("docProps/padding.xml", packed).unwrap();
    let zeros = vec![0u8; 1 << 20];
    for _ in 0..padding >> 20 {
        out.write_all(&zeros).unwrap();
    }
    out.finish().unwrap().into_inner()
}

#[test]
fn a_workbook_that_unpacks_to_more_than_a_list_ever_does_is_refused_unread() {
    // Within the limit: read.
    let small = padded_workbook(1 << 20);
    assert_eq!(read_sheet(&small).unwrap(), [Entry::named("Anna Ozola")]);
    // Packed under the server's 1 MiB, unpacked over the 16 MiB a reader
    // may hold.
    let bomb = padded_workbook(64 << 20);
    assert!(bomb.len() < 1 << 20, "{} bytes packed", bomb.len());
    let e = read_sheet(&bomb).unwrap_err();
    assert_eq!((e.row, e.problem), (None, Problem::Unpacked));
}

#[test]
fn a_csv_files_rows_are_numbered_as_a_spreadsheet_shows_them() {
    // Row 1 the header, row 2 Jānis, rows 3 and 4 empty, row 5 Anna with
    // a club on two lines (one row all the same), row 6 empty, row 7 a
    // birth year that is none.
    let text = "Name,Club,Birth year\r\n\
                Jānis Bērziņš,Madona,1971\r\n\
                \r\n\
                \r\n\
                Anna Ozola,\"Rīgas\nNovusa klubs\",1988\r\n\
                \r\n\
                Pēteris Ozols,Ogre,19x5\r\n";
    let refused = read_csv(text).unwrap_err();
    assert_eq!(refused.row, Some(7), "{refused}");
    assert_eq!(refused.column.as_deref(), Some("Birth year"));
    let mended = text.replace("19x5", "1995");
    let rows: Vec<usize> = novuss_club::entries::read_csv_rows(&mended)
        .unwrap()
        .rows
        .iter()
        .map(|(row, _)| *row)
        .collect();
    assert_eq!(rows, [2, 5, 7]);
    // The same player twice names both rows as the sheet shows them.
    let twice = format!("{mended}\r\nJānis Bērziņš,Madona,1971\r\n");
    let refused = read_csv(&twice).unwrap_err();
    assert_eq!(
        (refused.row, refused.problem),
        (Some(9), Problem::Twice { first: 2 })
    );
}
