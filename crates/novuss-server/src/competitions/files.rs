//! A competition's files in and out (issue 33, "Data in and out";
//! docs/competitions.md, "Files in and out"):
//! - in: the organiser's list of players (CSV or a workbook), read by the
//!   club crate and entered as one change; a competition's
//!   `competition.json`, replayed change by change and stored as a new
//!   competition;
//! - out: the standings (CSV, Excel), the results (CSV), the TRF-16 file
//!   and `competition.json`, each made from the competition as held, not
//!   from any text shown.

use novuss_club::competition::{pairing_sheet, PairingSheet};
use novuss_club::entries::{csv_cells, read_csv_rows, read_sheet_rows, workbook_cells, Sheet};
use novuss_club::standings::{Standing, TieBreak, TieBreakValue};
use novuss_club::{Competition, Outcome, Refusal, Setup};
use rust_xlsxwriter::{Format, Workbook};

use crate::error::{Code, Failure};
use crate::wire::http::competitions::{
    CompetitionFile, CompetitionView, FiledChange, COMPETITION_FILE, COMPETITION_FILE_VERSION,
};

/// The largest file of players, bytes: a list of 2000 (the club crate's
/// most) is about a tenth of this.
pub const MAX_ENTRIES_FILE: usize = 1024 * 1024;

/// The largest `competition.json`, bytes: a 250-player Swiss of 13 rounds
/// is about 300 kB.
pub const MAX_COMPETITION_FILE: usize = 8 * 1024 * 1024;

/// The MIME types a file of players may be sent as. A cross-site form
/// can send none of them (only `text/plain`, form encodings), so a page
/// of another site cannot post a list with the organiser's cookie.
pub const ENTRIES_TYPES: [&str; 5] = [
    "text/csv",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "application/vnd.ms-excel",
    "application/vnd.oasis.opendocument.spreadsheet",
    "application/octet-stream",
];

/// The players of a file: a workbook when its bytes open as one (a zip,
/// as `.xlsx` and `.ods` are, or the OLE container of `.xls`), whatever
/// type it was sent as (Windows labels a `.csv` as `application/
/// vnd.ms-excel`); CSV text otherwise, which must be UTF-8.
pub fn read_entries(bytes: &[u8]) -> Result<Sheet, Failure> {
    let read = if is_workbook(bytes) {
        read_sheet_rows(bytes)
    } else {
        read_csv_rows(utf8(bytes)?)
    };
    read.map_err(|e| Failure::of_competition(e.into()))
}

/// Whether `bytes` open as a workbook: a zip, as `.xlsx` and `.ods` are,
/// or the OLE container of `.xls`.
fn is_workbook(bytes: &[u8]) -> bool {
    const ZIP: &[u8] = b"PK\x03\x04";
    const OLE: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    bytes.starts_with(ZIP) || bytes.starts_with(OLE)
}

/// `bytes` as CSV text, which must be UTF-8.
fn utf8(bytes: &[u8]) -> Result<&str, Failure> {
    std::str::from_utf8(bytes).map_err(|e| {
        Failure::of_competition(Refusal::EntryFile {
            row: None,
            column: None,
            problem: Box::new(novuss_club::competition::FileProblem::Unreadable {
                why: format!(
                    "not a workbook, nor CSV text in UTF-8 ({e}): save the list as \"CSV UTF-8\""
                ),
            }),
        })
    })
}

/// The sheet a round's pairing is read from in a workbook: the Latvian
/// protocol workbook's, where Swiss-Manager's pairing list is pasted
/// (docs/competitions.md, "A round's pairing from a file").
pub const PAIRING_SHEET: &str = "EKSPORT";

/// A round's pairing of a file (CSV, or a workbook's "EKSPORT" sheet, or
/// its first when it has none), told as [`read_entries`] tells a list.
pub fn read_pairing(bytes: &[u8]) -> Result<PairingSheet, Failure> {
    let cells = if is_workbook(bytes) {
        workbook_cells(bytes, Some(PAIRING_SHEET))
    } else {
        csv_cells(utf8(bytes)?)
    };
    let cells = cells.map_err(|e| Failure::of_competition(e.into()))?;
    pairing_sheet(&cells).map_err(Failure::of_competition)
}

/// `refusal` of a list entered from `sheet`, told at its row of the file
/// (a change refused on a second check, after another change came first).
pub fn told_in_file(failure: Failure, competition: &Competition, sheet: &Sheet) -> Failure {
    match failure.refusal {
        Some(r @ Refusal::InList { .. }) => Failure::of_competition(competition.in_file(r, sheet)),
        _ => failure,
    }
}

/// A cell of an exported table.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    /// Text.
    Text(String),
    /// A number (a spreadsheet sums and sorts it).
    Number(f64),
    /// Nothing.
    Empty,
}

impl Cell {
    fn csv(&self) -> String {
        match self {
            Cell::Text(t) => t.clone(),
            Cell::Number(n) => n.to_string(),
            Cell::Empty => String::new(),
        }
    }
}

/// A table to export: its header and its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The columns' names.
    pub header: Vec<String>,
    /// The rows, each as long as the header.
    pub rows: Vec<Vec<Cell>>,
}

/// A tie-break's columns' names: FIDE's acronym, or our own name for the
/// two C.07 does not have; the set ratio is two columns, sets won and
/// lost, so that both stay numbers.
fn tiebreak_columns(t: TieBreak) -> Vec<String> {
    match t {
        TieBreak::SetRatio => vec!["Sets won".into(), "Sets lost".into()],
        TieBreak::Rating => vec!["Rating".into()],
        t => vec![t.acronym().unwrap_or(t.code()).to_owned()],
    }
}

/// A tie-break's value as its cells.
fn tiebreak_cells(v: &TieBreakValue) -> Vec<Cell> {
    match *v {
        TieBreakValue::Points(n) | TieBreakValue::PointProducts(n) => vec![Cell::Number(n as f64)],
        TieBreakValue::Count(n) | TieBreakValue::Rank(n) => vec![Cell::Number(f64::from(n))],
        TieBreakValue::SetRatio(s) => vec![
            Cell::Number(f64::from(s.won)),
            Cell::Number(f64::from(s.lost)),
        ],
        TieBreakValue::Rating(r) => vec![r.map_or(Cell::Empty, |r| Cell::Number(f64::from(r)))],
    }
}

/// A place as people write it: `3`, or `3-4` when shared (text then).
pub fn place(s: &Standing) -> Cell {
    let (a, b) = (*s.place.start(), *s.place.end());
    if a == b {
        Cell::Number(f64::from(a))
    } else {
        Cell::Text(format!("{a}-{b}"))
    }
}

/// The standings as a table: place, name, club, points, then each
/// tie-break in the competition's order.
pub fn standings_table(view: &CompetitionView) -> Result<Table, Failure> {
    let Some(standings) = &view.standings else {
        return Err(Failure::new(
            Code::Damaged,
            "the competition's standings cannot be computed (see the server's log)",
        ));
    };
    let mut header: Vec<String> = ["Place", "Name", "Club", "Points"]
        .map(String::from)
        .to_vec();
    for &t in &standings.tiebreaks {
        header.extend(tiebreak_columns(t));
    }
    let entrants = view.competition.entrants();
    let rows = standings
        .rows
        .iter()
        .map(|s| {
            let entry = entrants
                .get((s.entrant.0 as usize).wrapping_sub(1))
                .map(|l| &l.entry);
            let mut row = vec![
                place(s),
                Cell::Text(entry.map_or_else(String::new, |e| e.file_name().to_owned())),
                entry
                    .and_then(|e| e.club.clone())
                    .map_or(Cell::Empty, Cell::Text),
                Cell::Number(s.points as f64),
            ];
            row.extend(s.values.iter().flat_map(tiebreak_cells));
            row
        })
        .collect();
    Ok(Table { header, rows })
}

/// The results as a table: one row per board and per rest, round by
/// round: round, board, table, first (breaks first in the first set,
/// chess's "white"), second, and the result: the sets (`4:2`), a forfeit
/// (`+:-`, `-:+`, both absent `-:-`), a bye by its worth; empty while a
/// match waits for its result.
pub fn results_table(view: &CompetitionView) -> Table {
    let header = ["Round", "Board", "Table", "First", "Second", "Result"]
        .map(String::from)
        .to_vec();
    let name = |e: novuss_club::Entrant| {
        view.competition
            .entrants()
            .get((e.0 as usize).wrapping_sub(1))
            .map_or_else(String::new, |l| l.entry.file_name().to_owned())
    };
    let mut rows = Vec::new();
    for r in view.competition.rounds() {
        for (k, b) in r.boards.iter().enumerate() {
            let result = match b.outcome {
                None => Cell::Empty,
                Some(Outcome::Sets { first, second }) => Cell::Text(format!("{first}:{second}")),
                Some(Outcome::Forfeit { winner }) => Cell::Text(
                    match winner {
                        novuss_club::Side::First => "+:-",
                        novuss_club::Side::Second => "-:+",
                    }
                    .into(),
                ),
                Some(Outcome::BothAbsent) => Cell::Text("-:-".into()),
                // Played, its sets not known (a TRF file's result).
                Some(Outcome::Decided { winner }) => Cell::Text(
                    match winner {
                        Some(novuss_club::Side::First) => "1-0",
                        Some(novuss_club::Side::Second) => "0-1",
                        None => "½-½",
                    }
                    .into(),
                ),
                // A team match by its board points.
                Some(Outcome::Team { first, second }) => Cell::Text(format!("{first}:{second}")),
            };
            rows.push(vec![
                Cell::Number(f64::from(r.number)),
                Cell::Number(k as f64 + 1.0),
                b.paired
                    .table
                    .map_or(Cell::Empty, |t| Cell::Number(f64::from(t))),
                Cell::Text(name(b.paired.first)),
                Cell::Text(name(b.paired.second)),
                result,
            ]);
        }
        for rest in &r.rests {
            rows.push(vec![
                Cell::Number(f64::from(r.number)),
                Cell::Empty,
                Cell::Empty,
                Cell::Text(name(rest.entrant)),
                Cell::Empty,
                Cell::Text(bye_text(rest.bye).into()),
            ]);
        }
    }
    Table { header, rows }
}

/// A bye as the exported tables word it.
pub fn bye_text(bye: novuss_club::Bye) -> &'static str {
    match bye {
        novuss_club::Bye::PairingAllocated => "bye",
        novuss_club::Bye::Full => "full-point bye",
        novuss_club::Bye::Half => "half-point bye",
        novuss_club::Bye::Zero => "zero-point bye",
    }
}

/// `table` as CSV (comma-separated, quoted where needed, UTF-8 with a
/// byte order mark, so that Excel reads the Latvian letters right).
pub fn csv(table: &Table) -> Result<Vec<u8>, Failure> {
    let mut w = csv::Writer::from_writer(b"\xEF\xBB\xBF".to_vec());
    let fail = |e: &dyn std::fmt::Display| Failure::internal("the CSV could not be written", e);
    w.write_record(&table.header).map_err(|e| fail(&e))?;
    for row in &table.rows {
        w.write_record(row.iter().map(Cell::csv))
            .map_err(|e| fail(&e))?;
    }
    w.into_inner().map_err(|e| fail(&e))
}

/// `table` as an Excel workbook of one sheet named `sheet`.
pub fn xlsx(table: &Table, sheet: &str) -> Result<Vec<u8>, Failure> {
    workbook(&[(sheet, table)])
}

/// An Excel workbook of `sheets`, each a name and its table, in order:
/// a bold header row kept in view, numbers as numbers, each column as
/// wide as its longest cell.
pub fn workbook(sheets: &[(&str, &Table)]) -> Result<Vec<u8>, Failure> {
    let fail =
        |e: &dyn std::fmt::Display| Failure::internal("the workbook could not be written", e);
    let mut book = Workbook::new();
    let bold = Format::new().set_bold();
    for &(sheet, table) in sheets {
        let ws = book.add_worksheet();
        ws.set_name(sheet).map_err(|e| fail(&e))?;
        let mut widths: Vec<usize> = table.header.iter().map(|h| h.chars().count()).collect();
        for (c, h) in table.header.iter().enumerate() {
            ws.write_string_with_format(0, c as u16, h, &bold)
                .map_err(|e| fail(&e))?;
        }
        for (r, row) in table.rows.iter().enumerate() {
            let r = r as u32 + 1;
            for (c, cell) in row.iter().enumerate() {
                let col = c as u16;
                let width = match cell {
                    Cell::Text(t) => {
                        ws.write_string(r, col, t).map_err(|e| fail(&e))?;
                        t.chars().count()
                    }
                    Cell::Number(n) => {
                        ws.write_number(r, col, *n).map_err(|e| fail(&e))?;
                        n.to_string().len()
                    }
                    Cell::Empty => 0,
                };
                if let Some(w) = widths.get_mut(c) {
                    *w = (*w).max(width);
                }
            }
        }
        for (c, w) in widths.iter().enumerate() {
            // A character's width and a little room, within Excel's bounds.
            ws.set_column_width(c as u16, (*w as f64 + 2.0).min(60.0))
                .map_err(|e| fail(&e))?;
        }
        ws.set_freeze_panes(1, 0).map_err(|e| fail(&e))?;
    }
    book.save_to_buffer().map_err(|e| fail(&e))
}

/// The `Content-Disposition` of a download named after the competition:
/// `attachment`, an ASCII name (Latvian letters without their marks,
/// anything else but letters and digits a dash) and the exact name in
/// UTF-8 (RFC 6266, RFC 5987).
pub fn disposition(competition: &str, what: &str) -> String {
    let plain: String = competition
        .chars()
        .map(novuss_club::entries::unmarked)
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let plain = plain
        .split('-')
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("-");
    let plain = if plain.is_empty() {
        "competition".to_owned()
    } else {
        plain
    };
    let exact = format!("{competition} {what}");
    let encoded: String = exact
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    format!("attachment; filename=\"{plain}-{what}\"; filename*=UTF-8''{encoded}")
}

/// A TRF-16 file's text made a competition's file (`competition/
/// trf_import.rs` in the club crate): its set-up in `format` and the
/// changes that make it, each checked; a file that cannot be read is
/// refused at its line and column, one that does not make a competition
/// with the change and the reason.
pub fn trf_competition_file(
    text: &str,
    format: novuss_core::MatchFormat,
) -> Result<CompetitionFile, Failure> {
    let trf = novuss_club::trf::parse(text).map_err(|e| {
        Failure::of_competition(Refusal::TrfFile {
            line: e.line as u32,
            column: e.column as u32,
        })
    })?;
    let setup = novuss_club::competition::trf_setup(&trf, format, "Imported competition")
        .checked()
        .map_err(Failure::of_competition)?;
    let changes =
        Competition::changes_of_trf(setup.clone(), &trf).map_err(Failure::of_competition)?;
    Ok(competition_file(
        setup,
        changes
            .into_iter()
            .enumerate()
            .map(|(k, change)| FiledChange {
                number: k as u64 + 1,
                at: None,
                change,
            })
            .collect(),
    ))
}

/// A stored competition, its `setup` and `changes`, as its
/// `competition.json`.
pub fn competition_file(setup: Setup, changes: Vec<FiledChange>) -> CompetitionFile {
    CompetitionFile {
        format: COMPETITION_FILE.to_owned(),
        version: COMPETITION_FILE_VERSION,
        setup,
        changes,
    }
}

/// The competition `file` tells, as this server takes it
/// ([`people_left_behind`]), rebuilt by applying its changes in order,
/// each checked as when it was made: a file that is not one of ours, of
/// a later version, or with a change the competition refuses is refused
/// (the change's number told), and nothing is stored. The file as taken,
/// and the competition it makes.
pub fn replayed(file: CompetitionFile) -> Result<(CompetitionFile, Competition), Failure> {
    if file.format != COMPETITION_FILE {
        return Err(Failure::new(
            Code::BadMessage,
            format!("not a competition's file: its format is {:?}", file.format),
        ));
    }
    if file.version != COMPETITION_FILE_VERSION {
        return Err(Failure::new(
            Code::BadMessage,
            format!(
                "a competition's file of version {}: this server reads version {COMPETITION_FILE_VERSION}",
                file.version
            ),
        ));
    }
    // An online competition's games are the server's that played them.
    if file.setup.play.online() {
        return Err(Failure::new(
            Code::BadMessage,
            "a competition played on a server is not imported: its games are that server's",
        ));
    }
    let file = people_left_behind(file);
    let mut competition = Competition::new(file.setup.clone()).map_err(Failure::of_competition)?;
    for (k, c) in file.changes.iter().enumerate() {
        let number = k as u64 + 1;
        if c.number != number {
            return Err(Failure::new(
                Code::BadMessage,
                format!(
                    "change {number} of the file is numbered {}: changes are numbered 1, 2, … in order",
                    c.number
                ),
            ));
        }
        competition.apply(&c.change).map_err(|r| {
            Failure::of_competition(Refusal::Replay {
                change: number as u32,
                refusal: Box::new(r),
            })
        })?;
    }
    Ok((file, competition))
}

/// `file` with its entries' people left on the server that wrote it.
/// People's ids are that server's: here they name nobody, or worse
/// someone else, and only a person may put themselves on an entry
/// (`entering.rs`). So an entry keeps its name and loses its person (it
/// is a player of a list, as a TRF file's are); an entry of a person who
/// deleted their account, which has no name left, gets a new random id
/// instead, the same for each mention of one person in the file and
/// nobody's here, so that it is still one player apart from every other
/// (`Entry::same_person`, the real-table pool's `player_key`).
fn people_left_behind(mut file: CompetitionFile) -> CompetitionFile {
    let mut nobody: std::collections::HashMap<String, String> = std::collections::HashMap::new();
    let mut leave = |e: &mut novuss_club::Entry| match e.person.take() {
        Some(p) if e.forgotten => {
            let id = nobody
                .entry(p)
                .or_insert_with(|| crate::ids::PersonId::random().as_str().to_owned());
            e.person = Some(id.clone());
        }
        _ => {}
    };
    for c in &mut file.changes {
        match &mut c.change {
            novuss_club::Change::Enter { entry } => leave(entry),
            novuss_club::Change::EnterList { entries } => entries.iter_mut().for_each(&mut leave),
            novuss_club::Change::EnterTeam { team } => team.roster.iter_mut().for_each(&mut leave),
            novuss_club::Change::EnterTeams { teams } => teams
                .iter_mut()
                .flat_map(|t| t.roster.iter_mut())
                .for_each(&mut leave),
            _ => {}
        }
    }
    file
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_download_is_named_after_the_competition_in_ascii_and_exactly() {
        assert_eq!(
            disposition("Rīgas kauss: 2026/Ž", "standings.csv"),
            "attachment; filename=\"Rigas-kauss-2026-Z-standings.csv\"; \
             filename*=UTF-8''R%C4%ABgas%20kauss%3A%202026%2F%C5%BD%20standings.csv"
        );
        // Nothing left of the name but punctuation: a plain one.
        assert!(disposition("«»", "results.csv")
            .starts_with("attachment; filename=\"competition-results.csv\""));
    }

    #[test]
    fn the_set_ratio_is_two_numbers_and_a_shared_place_text() {
        assert_eq!(
            tiebreak_columns(TieBreak::SetRatio),
            ["Sets won", "Sets lost"]
        );
        assert_eq!(tiebreak_columns(TieBreak::BuchholzCut1), ["BH-C1"]);
        let sets = TieBreakValue::SetRatio(novuss_club::Sets { won: 12, lost: 7 });
        assert_eq!(
            tiebreak_cells(&sets),
            [Cell::Number(12.0), Cell::Number(7.0)]
        );
        assert_eq!(tiebreak_cells(&TieBreakValue::Rating(None)), [Cell::Empty]);
        let s = |a, b| Standing {
            place: a..=b,
            entrant: novuss_club::Entrant(1),
            points: 0,
            values: vec![],
        };
        assert_eq!(place(&s(3, 4)), Cell::Text("3-4".into()));
        assert_eq!(place(&s(2, 2)), Cell::Number(2.0));
    }

    #[test]
    fn a_csv_file_that_is_not_utf8_is_refused_with_a_reason() {
        // "Vārds" in Windows-1257, as a Baltic Excel saves CSV.
        let f = read_entries(b"V\xe2rds\nA\n").unwrap_err();
        assert_eq!(f.code, Code::CompetitionRefused);
        assert!(f.detail.contains("CSV UTF-8"), "{}", f.detail);
    }
}
