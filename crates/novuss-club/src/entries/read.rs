//! Reading a list of entries from CSV text or an Excel (or OpenDocument)
//! workbook: the `csv` and `calamine` crates read the files; here the
//! header row is found, each row becomes an [`Entry`], and the whole list
//! is checked.

use std::fmt;
use std::io::{Cursor, Read};

use calamine::{Data, Reader};

use super::columns::{self, column, Column};
use super::{Category, Entry};

/// The most entries a list may have (Madona's World Cup stage, the
/// largest event, draws about 250).
pub const MAX_ENTRIES: usize = 2000;
/// The longest name, club or licence number kept.
const MAX_TEXT: usize = 80;

/// Why a list cannot be read: the row as the file numbers it (from 1)
/// and the column's header, where there is one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ImportError {
    /// The row, from 1.
    pub row: Option<usize>,
    /// The column's header as the file writes it.
    pub column: Option<String>,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// Not CSV text, or not a workbook the reader knows.
    Unreadable(String),
    /// The workbook has no sheet.
    NoSheet,
    /// No row heads a column of names ("Name", "Vārds, uzvārds", or
    /// first name and surname).
    NoHeader,
    /// A row with other cells filled has no name.
    NoName,
    /// A cell is longer than a name or a club ever is.
    TooLong,
    /// A birth year that is not a year.
    BirthYear(String),
    /// A category that is none of men, women, youth, veterans.
    Category(String),
    /// A rating that is not a whole number from 0 to 4000.
    Rating(String),
    /// The same player as the entry on this earlier row.
    Twice {
        /// The earlier row.
        first: usize,
    },
    /// More than [`MAX_ENTRIES`] entries.
    TooMany,
    /// A workbook that unpacks to more than [`MAX_UNPACKED`] bytes (a
    /// list of 2,000 players unpacks to well under one).
    Unpacked,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(row) = self.row {
            write!(f, "row {row}")?;
            if let Some(c) = &self.column {
                write!(f, ", column \"{c}\"")?;
            }
            write!(f, ": ")?;
        }
        match &self.problem {
            Problem::Unreadable(why) => write!(f, "the file cannot be read: {why}"),
            Problem::NoSheet => write!(f, "the workbook has no sheet"),
            Problem::NoHeader => write!(
                f,
                "no row heads a column of names (\"Name\", \"Vārds, uzvārds\", or first name and surname)"
            ),
            Problem::NoName => write!(f, "the row has no name"),
            Problem::TooLong => write!(f, "longer than {MAX_TEXT} characters"),
            Problem::BirthYear(v) => write!(f, "\"{v}\" is not a birth year"),
            Problem::Category(v) => {
                write!(f, "\"{v}\" is not a category (men, women, youth or veterans)")
            }
            Problem::Rating(v) => write!(f, "\"{v}\" is not a rating (a whole number from 0 to 4000)"),
            Problem::Twice { first } => write!(f, "the same player as on row {first}"),
            Problem::TooMany => write!(f, "more than {MAX_ENTRIES} entries"),
            Problem::Unpacked => write!(
                f,
                "the workbook unpacks to more than {} MiB",
                MAX_UNPACKED >> 20
            ),
        }
    }
}

impl std::error::Error for ImportError {}

fn whole(problem: Problem) -> ImportError {
    ImportError {
        row: None,
        column: None,
        problem,
    }
}

/// The entries of CSV text, as spreadsheets save it: comma- or
/// semicolon-separated (Excel in Latvia writes semicolons), with a byte
/// order mark or without.
pub fn read_csv(text: &str) -> Result<Vec<Entry>, ImportError> {
    read_csv_rows(text).map(Sheet::into_entries)
}

/// [`read_csv`], each entry with its row and the name and licence
/// columns' headers: what a competition needs to say where a player
/// already entered is.
pub fn read_csv_rows(text: &str) -> Result<Sheet, ImportError> {
    entries(&csv_cells(text)?)
}

/// The cells of CSV text, row by row, each with its row as a spreadsheet
/// shows it (from 1): what [`read_csv_rows`] reads its players from, and
/// what other files of a competition (a round's pairing) are read from.
pub fn csv_cells(text: &str) -> Result<Vec<(usize, Vec<String>)>, ImportError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let first = text.lines().next().unwrap_or("");
    let delimiter = if first.matches(';').count() > first.matches(',').count() {
        b';'
    } else {
        b','
    };
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    let mut lines = Lines::default();
    for (k, record) in reader.records().enumerate() {
        let record = record.map_err(|e| ImportError {
            row: Some(e.position().map_or(k + 1, |p| lines.row_at(text, p.byte()))),
            column: None,
            problem: Problem::Unreadable(e.to_string()),
        })?;
        let row = record
            .position()
            .map_or(k + 1, |p| lines.row_at(text, p.byte()));
        lines.in_cells += record
            .iter()
            .map(|c| c.matches('\n').count())
            .sum::<usize>();
        rows.push((row, record.iter().map(str::to_owned).collect()));
        if rows.len() > MAX_ENTRIES + 50 {
            return Err(whole(Problem::TooMany));
        }
    }
    Ok(rows)
}

/// The row a spreadsheet shows a CSV record on. The reader skips empty
/// lines, which a spreadsheet shows as empty rows, and a quoted cell may
/// hold line breaks, which stay in one row: the row is one more than the
/// line breaks before the record, less those inside the cells before it.
/// Counted as the records come, so a file is read once.
#[derive(Default)]
struct Lines {
    /// The byte counted up to.
    at: u64,
    /// Line breaks before `at`.
    breaks: usize,
    /// Line breaks inside the cells of the records read so far.
    in_cells: usize,
}

impl Lines {
    /// The row of the record the reader places at byte `at` of `text`:
    /// where the record before it ended, so the line breaks after it (the
    /// record's own end and any empty lines) come first.
    fn row_at(&mut self, text: &str, at: u64) -> usize {
        let bytes = text.as_bytes();
        let mut start = at as usize;
        while bytes.get(start).is_some_and(|b| matches!(b, b'\r' | b'\n')) {
            start += 1;
        }
        let start = start as u64;
        if let Some(between) = bytes.get(self.at as usize..start as usize) {
            self.breaks += between.iter().filter(|&&b| b == b'\n').count();
            self.at = start;
        }
        1 + self.breaks - self.in_cells.min(self.breaks)
    }
}

/// The entries of the first sheet of a workbook (`.xlsx`, `.xls`,
/// `.xlsb` or `.ods`), given as its bytes.
pub fn read_sheet(bytes: &[u8]) -> Result<Vec<Entry>, ImportError> {
    read_sheet_rows(bytes).map(Sheet::into_entries)
}

/// The most a workbook may unpack to, in bytes. An `.xlsx` or `.ods` is a
/// zip of XML, and XML of repeated cells compresses a thousandfold: a file
/// within the server's 1 MiB could unpack to a gigabyte, all of which the
/// reader would hold. A club's list of 2,000 players unpacks to about a
/// megabyte.
pub const MAX_UNPACKED: u64 = 16 << 20;

/// Whether a workbook given as `bytes` unpacks to at most [`MAX_UNPACKED`]
/// bytes, counted by unpacking it (a zip's own sizes can lie); a workbook
/// that is no zip (`.xls`) is as large as its bytes.
fn unpacks_small(bytes: &[u8]) -> Result<(), ImportError> {
    let Ok(mut zip) = zip::ZipArchive::new(Cursor::new(bytes)) else {
        return Ok(());
    };
    let mut left = MAX_UNPACKED;
    for i in 0..zip.len() {
        let Ok(part) = zip.by_index(i) else {
            // A part that cannot be opened: the reader will say why.
            return Ok(());
        };
        let unpacked = std::io::copy(&mut part.take(left + 1), &mut std::io::sink()).unwrap_or(0);
        if unpacked > left {
            return Err(whole(Problem::Unpacked));
        }
        left -= unpacked;
    }
    Ok(())
}

/// [`read_sheet`], each entry with its row (see [`read_csv_rows`]).
pub fn read_sheet_rows(bytes: &[u8]) -> Result<Sheet, ImportError> {
    entries(&workbook_cells(bytes, None)?)
}

/// The cells of a workbook's sheet named `named` (its case and marks
/// aside) when it has one, else of its first sheet, row by row, each with
/// its row as the sheet numbers it (from 1): what [`read_sheet_rows`]
/// reads its players from, and what other files of a competition (a
/// round's pairing on an "EKSPORT" sheet) are read from.
pub fn workbook_cells(
    bytes: &[u8],
    named: Option<&str>,
) -> Result<Vec<(usize, Vec<String>)>, ImportError> {
    unpacks_small(bytes)?;
    let mut book = calamine::open_workbook_auto_from_rs(Cursor::new(bytes))
        .map_err(|e| whole(Problem::Unreadable(e.to_string())))?;
    let wanted = named.and_then(|n| {
        book.sheet_names()
            .into_iter()
            .find(|s| columns::folded(s) == columns::folded(n))
    });
    let range = match wanted {
        Some(name) => Some(book.worksheet_range(&name)),
        None => book.worksheet_range_at(0),
    }
    .ok_or_else(|| whole(Problem::NoSheet))?
    .map_err(|e| whole(Problem::Unreadable(e.to_string())))?;
    if range.height() > MAX_ENTRIES + 50 {
        return Err(whole(Problem::TooMany));
    }
    // Rows as the sheet numbers them: the range may start below row 1.
    let top = range.start().map_or(0, |(r, _)| r as usize);
    let left = range.start().map_or(0, |(_, c)| c as usize);
    let rows: Vec<(usize, Vec<String>)> = range
        .rows()
        .enumerate()
        .map(|(k, row)| {
            let mut cells = vec![String::new(); left];
            cells.extend(row.iter().map(cell));
            (top + 1 + k, cells)
        })
        .collect();
    Ok(rows)
}

/// A cell as text: a whole number without ".0" (a birth year typed as a
/// number reads "1985").
fn cell(d: &Data) -> String {
    match d {
        Data::Int(i) => i.to_string(),
        Data::Float(x) if x.fract() == 0.0 && x.abs() < 1e15 => format!("{}", *x as i64),
        Data::Float(x) => x.to_string(),
        Data::String(s) | Data::DateTimeIso(s) | Data::DurationIso(s) => s.clone(),
        Data::Bool(b) => b.to_string(),
        Data::DateTime(d) => d.to_string(),
        Data::Error(_) | Data::Empty => String::new(),
    }
}

/// A list as read: each entry with the row the file gives it on (from 1),
/// and the headers of the columns that tell who a player is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The entries, in the file's order, each with its row.
    pub rows: Vec<(usize, Entry)>,
    /// The header of the name column (or of the first name's).
    pub name_column: String,
    /// The header of the licence column, if the list has one.
    pub licence_column: Option<String>,
    /// The doubles pairs the rows make, if the list has a column naming
    /// them.
    pub pairs: Option<Grouping>,
    /// The teams the rows make, if the list has a column naming them.
    pub teams: Option<Grouping>,
}

/// Rows that belong together, by a column that names what they make (a
/// pair, a team): the groups in the order the file first names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grouping {
    /// The column's header, as the file writes it.
    pub column: String,
    /// The groups, in the order of their first rows.
    pub groups: Vec<Group>,
    /// The rows that name no group, as indexes into [`Sheet::rows`].
    pub alone: Vec<usize>,
}

/// One pair or team of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// Its name, as the first of its rows writes it.
    pub name: String,
    /// Its rows, as indexes into [`Sheet::rows`], in the file's order.
    pub members: Vec<usize>,
}

impl Grouping {
    /// The rows of `cells` (one per kept row: its group's cell, if any)
    /// put together by the name they give, letter case, marks and spacing
    /// aside ("Rīga 1" and "riga  1" are one team).
    fn of(column: String, cells: &[Option<String>]) -> Grouping {
        let mut groups: Vec<(String, Group)> = Vec::new();
        let mut alone = Vec::new();
        for (i, cell) in cells.iter().enumerate() {
            let Some(name) = cell else {
                alone.push(i);
                continue;
            };
            let key = columns::folded(name);
            match groups.iter_mut().find(|(k, _)| *k == key) {
                Some((_, g)) => g.members.push(i),
                None => groups.push((
                    key,
                    Group {
                        name: name.clone(),
                        members: vec![i],
                    },
                )),
            }
        }
        Grouping {
            column,
            groups: groups.into_iter().map(|(_, g)| g).collect(),
            alone,
        }
    }
}

impl Sheet {
    fn into_entries(self) -> Vec<Entry> {
        self.rows.into_iter().map(|(_, e)| e).collect()
    }
}

/// Where each column we read is, from the header row.
struct Header {
    columns: Vec<(Column, usize, String)>,
}

impl Header {
    /// `cells` as a header, if they head a column of names.
    fn of(cells: &[String]) -> Option<Header> {
        let mut columns: Vec<(Column, usize, String)> = Vec::new();
        for (k, text) in cells.iter().enumerate() {
            if let Some(c) = column(text) {
                if !columns.iter().any(|(d, _, _)| *d == c) {
                    columns.push((c, k, text.trim().to_owned()));
                }
            }
        }
        let has = |c: Column| columns.iter().any(|(d, _, _)| *d == c);
        (has(Column::Name) || has(Column::First) || has(Column::Surname))
            .then_some(Header { columns })
    }

    fn at(&self, c: Column) -> Option<(usize, &str)> {
        self.columns
            .iter()
            .find(|(d, _, _)| *d == c)
            .map(|(_, k, h)| (*k, h.as_str()))
    }
}

/// The entries of `rows`, each with its row as the file numbers it (from
/// 1).
fn entries(rows: &[(usize, Vec<String>)]) -> Result<Sheet, ImportError> {
    let Some((at, header)) = rows
        .iter()
        .enumerate()
        .find_map(|(k, (_, r))| Header::of(r).map(|h| (k, h)))
    else {
        return Err(whole(Problem::NoHeader));
    };
    let mut out: Vec<(usize, Entry)> = Vec::new();
    let mut pair_cells = Vec::new();
    let mut team_cells = Vec::new();
    for &(row, ref cells) in rows.iter().skip(at + 1) {
        if cells.iter().all(|c| c.trim().is_empty()) {
            continue;
        }
        let entry = entry(&header, cells, row)?;
        pair_cells.push(cell_text(&header, Column::Pair, cells, row)?);
        team_cells.push(cell_text(&header, Column::Team, cells, row)?);
        if let Some((earlier, _)) = out.iter().find(|(_, e)| e.same_person(&entry)) {
            return Err(ImportError {
                row: Some(row),
                column: None,
                problem: Problem::Twice { first: *earlier },
            });
        }
        out.push((row, entry));
        if out.len() > MAX_ENTRIES {
            return Err(whole(Problem::TooMany));
        }
    }
    let name_column = [Column::Name, Column::First, Column::Surname]
        .into_iter()
        .find_map(|c| header.at(c))
        .map_or_else(String::new, |(_, h)| h.to_owned());
    let grouping = |c: Column, cells: &[Option<String>]| {
        header.at(c).map(|(_, h)| Grouping::of(h.to_owned(), cells))
    };
    Ok(Sheet {
        rows: out,
        name_column,
        licence_column: header.at(Column::Licence).map(|(_, h)| h.to_owned()),
        pairs: grouping(Column::Pair, &pair_cells),
        teams: grouping(Column::Team, &team_cells),
    })
}

/// Column `c`'s cell of a row: its text, trimmed, spaces collapsed, and
/// not too long; `None` when empty or when the list has no such column.
fn cell_text(
    header: &Header,
    c: Column,
    cells: &[String],
    row: usize,
) -> Result<Option<String>, ImportError> {
    let Some((k, h)) = header.at(c) else {
        return Ok(None);
    };
    let v = cells
        .get(k)
        .map(|s| s.split_whitespace().collect::<Vec<_>>().join(" "));
    match v {
        Some(v) if v.chars().any(char::is_control) || v.chars().count() > MAX_TEXT => {
            Err(ImportError {
                row: Some(row),
                column: Some(h.to_owned()),
                problem: Problem::TooLong,
            })
        }
        Some(v) if !v.is_empty() => Ok(Some(v)),
        _ => Ok(None),
    }
}

/// One row's entry.
fn entry(header: &Header, cells: &[String], row: usize) -> Result<Entry, ImportError> {
    let fail = |c: Column, problem: Problem| ImportError {
        row: Some(row),
        column: header.at(c).map(|(_, h)| h.to_owned()),
        problem,
    };
    let text = |c: Column| cell_text(header, c, cells, row);
    let name = match (
        text(Column::Name)?,
        text(Column::First)?,
        text(Column::Surname)?,
    ) {
        (Some(n), _, _) => n,
        (None, Some(a), Some(b)) => format!("{a} {b}"),
        (None, Some(a), None) | (None, None, Some(a)) => a,
        (None, None, None) => {
            let c = [Column::Name, Column::First, Column::Surname]
                .into_iter()
                .find(|c| header.at(*c).is_some())
                .unwrap_or(Column::Name);
            return Err(fail(c, Problem::NoName));
        }
    };
    let birth_year = match text(Column::BirthYear)? {
        None => None,
        Some(v) => match v.parse::<u16>() {
            Ok(y) if (1900..=2100).contains(&y) => Some(y),
            _ => return Err(fail(Column::BirthYear, Problem::BirthYear(v))),
        },
    };
    let category = match text(Column::Category)? {
        None => None,
        Some(v) => match Category::named(&v) {
            Some(c) => Some(c),
            None => return Err(fail(Column::Category, Problem::Category(v))),
        },
    };
    let rating = match text(Column::Rating)? {
        None => None,
        Some(v) => match v.parse::<u32>() {
            Ok(r) if r <= 4000 => Some(r),
            _ => return Err(fail(Column::Rating, Problem::Rating(v))),
        },
    };
    Ok(Entry {
        name,
        club: text(Column::Club)?,
        licence: text(Column::Licence)?,
        category,
        birth_year,
        rating,
        person: None,
        pair: None,
        forgotten: false,
    })
}
