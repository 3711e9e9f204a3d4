//! A round's pairing from a file another program made (issue 33, "Data in
//! and out": "the Latvian protocol project's Swiss-Manager 'EKSPORT' sheet
//! as an import of pairings"). Organisers who pair with Swiss-Manager copy
//! its pairing list into their protocol workbook's "EKSPORT" sheet; the
//! same list comes here as CSV or as that workbook, and becomes the next
//! round's [`Change::Pair`], checked as any pairing is.
//!
//! What is read is the pairing list as Swiss-Manager lays it out: a
//! header row, then a row per board with the board's number, the
//! first-named player's starting number and name, the result (empty
//! before play), the second player's name and number. The columns are
//! found by their headers, in English, Latvian or German ("Bo."/"Galds",
//! "No."/"Nr.", "Name"/"White"/"Vārds", "Black"/"Melnie", "Result"/
//! "Rezultāts"), wherever they stand and whatever else the sheet holds
//! (ratings, points, titles); a name column on each side is enough. The
//! first-named player breaks first, as Swiss-Manager's white moves first.
//!
//! Players are found by name: Swiss-Manager writes "Surname, First", the
//! competition may hold "First Surname", so a name is matched by its
//! words, their order, case and Latvian marks aside. Where two entrants
//! share a name the starting number tells them apart (the file's number
//! is the pairing number, the competition's ranking). A row whose second
//! player is empty or a bye ("bye", "spielfrei", "brīvs") gives the first
//! the pairing's bye. A board numbered within the competition's tables is
//! played at that table; beyond them it waits for one.
//!
//! A refusal names the file's row (and column), as a file of players does
//! ([`FileProblem`]): an unknown player, a player on two rows, an entrant
//! the file leaves out, no header.

use std::collections::HashMap;

use crate::entries::folded;
use crate::results::{Bye, Entrant};

use super::entry_file::FileProblem;
use super::{Change, Competition, Paired, Refusal, Rest};

/// One side of a board as the file names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// The starting (pairing) number, if the file gives one.
    pub number: Option<u32>,
    /// The name as written.
    pub name: String,
}

/// A board of the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRow {
    /// The row, from 1, as the file numbers it.
    pub row: usize,
    /// The board's number, if the file gives one.
    pub board: Option<u32>,
    /// The first-named player (Swiss-Manager's white).
    pub first: Named,
    /// The second, or `None` for a bye.
    pub second: Option<Named>,
}

/// A round's pairing as a file gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingSheet {
    /// The boards, in the file's order.
    pub rows: Vec<PairingRow>,
    /// The first-named side's name column's header, as the file writes
    /// it (a refusal about a player names it).
    pub first_column: String,
    /// The second-named side's.
    pub second_column: String,
}

/// What a header names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Column {
    Board,
    Number,
    Name,
    First,
    Second,
    Result,
}

/// The column `header` heads, by its words folded.
fn column(header: &str) -> Option<Column> {
    let h = folded(header);
    let h = h.trim_end_matches(':');
    Some(match h {
        "bo" | "bo." | "board" | "brett" | "galds" | "galda nr" | "galda nr." | "gald." => {
            Column::Board
        }
        "no" | "no." | "nr" | "nr." | "snr" | "snr." | "start no." | "st.nr." | "starta nr."
        | "nr.p.k." => Column::Number,
        "name" | "names" | "player" | "vards" | "vards, uzvards" | "vards uzvards"
        | "speletajs" | "dalibnieks" | "spieler" => Column::Name,
        "white" | "weiss" | "baltie" | "speletajs 1" | "1. speletajs" => Column::First,
        "black" | "schwarz" | "melnie" | "speletajs 2" | "2. speletajs" => Column::Second,
        "result" | "res" | "res." | "rezultats" | "rez." | "ergebnis" => Column::Result,
        _ => return None,
    })
}

/// Whether a second player's cell means a bye.
fn is_bye(cell: &str) -> bool {
    matches!(
        folded(cell).as_str(),
        "" | "bye"
            | "spielfrei"
            | "frei"
            | "brivs"
            | "brivais"
            | "bez pretinieka"
            | "-"
            | "--"
            | "---"
            | "pairing allocated bye"
    )
}

/// Where the columns stand, once a header row is found.
struct Layout {
    board: Option<usize>,
    first: usize,
    second: usize,
    first_number: Option<usize>,
    second_number: Option<usize>,
}

/// The header row's layout: a name column for each side (two "Name"
/// columns, or "White" and "Black"), the numbers nearest each on its side
/// of the result (or of the middle between the names).
fn layout(cells: &[String]) -> Option<Layout> {
    let kinds: Vec<Option<Column>> = cells.iter().map(|c| column(c)).collect();
    let at = |k: Column| kinds.iter().position(|c| *c == Some(k));
    let names: Vec<usize> = (0..kinds.len())
        .filter(|&i| kinds[i] == Some(Column::Name))
        .collect();
    let (first, second) = match (at(Column::First), at(Column::Second)) {
        (Some(a), Some(b)) => (a, b),
        _ if names.len() >= 2 => (names[0], names[1]),
        _ => return None,
    };
    let middle = at(Column::Result).unwrap_or((first + second) / 2);
    let numbers: Vec<usize> = (0..kinds.len())
        .filter(|&i| kinds[i] == Some(Column::Number))
        .collect();
    let nearest = |name: usize, on_first_side: bool| {
        numbers
            .iter()
            .copied()
            .filter(|&i| (i < middle) == on_first_side)
            .min_by_key(|&i| i.abs_diff(name))
    };
    Some(Layout {
        board: at(Column::Board),
        first,
        second,
        first_number: nearest(first, true),
        second_number: nearest(second, false),
    })
}

/// A number in a cell ("12", "12.", " 12 "), or `None` for an empty one;
/// anything else is not a number.
fn number_in(cell: &str) -> Result<Option<u32>, ()> {
    let t = cell.trim().trim_end_matches('.');
    if t.is_empty() {
        return Ok(None);
    }
    t.parse::<u32>().map(Some).map_err(|_| ())
}

fn at_row(row: usize, column: Option<&str>, problem: FileProblem) -> Refusal {
    Refusal::EntryFile {
        row: Some(row as u32),
        column: column.map(Into::into),
        problem: Box::new(problem),
    }
}

/// How many rows from the top a header row may be (a title, the
/// competition's name, a date above it).
const HEADER_WITHIN: usize = 20;

/// The pairing of `cells` (a file's rows, each with its row number, as
/// [`crate::entries::csv_cells`] and [`crate::entries::workbook_cells`]
/// read them).
pub fn pairing_sheet(cells: &[(usize, Vec<String>)]) -> Result<PairingSheet, Refusal> {
    let (head, layout) = cells
        .iter()
        .take(HEADER_WITHIN)
        .enumerate()
        .find_map(|(k, (_, row))| layout(row).map(|l| (k, l)))
        .ok_or_else(|| Refusal::EntryFile {
            row: None,
            column: None,
            problem: Box::new(FileProblem::NoPairingHeader),
        })?;
    let header = &cells[head].1;
    let name_of = |i: usize| header.get(i).cloned().unwrap_or_default();
    let get = |row: &[String], i: Option<usize>| {
        i.and_then(|i| row.get(i))
            .map(|c| c.trim().to_owned())
            .unwrap_or_default()
    };
    let mut rows = Vec::new();
    for (row, cells) in &cells[head + 1..] {
        let first = get(cells, Some(layout.first));
        let second = get(cells, Some(layout.second));
        if first.is_empty() && second.is_empty() {
            continue;
        }
        if first.is_empty() {
            return Err(at_row(
                *row,
                Some(&name_of(layout.first)),
                FileProblem::NoName,
            ));
        }
        let number = |i: Option<usize>| {
            number_in(&get(cells, i)).map_err(|()| {
                at_row(
                    *row,
                    i.map(name_of).as_deref(),
                    FileProblem::NotANumber {
                        value: get(cells, i),
                    },
                )
            })
        };
        let board = number(layout.board)?;
        let first_number = number(layout.first_number)?;
        let second_number = number(layout.second_number)?;
        rows.push(PairingRow {
            row: *row,
            board,
            first: Named {
                number: first_number,
                name: first,
            },
            second: (!is_bye(&second)).then_some(Named {
                number: second_number,
                name: second,
            }),
        });
    }
    if rows.is_empty() {
        return Err(Refusal::EntryFile {
            row: None,
            column: None,
            problem: Box::new(FileProblem::Empty),
        });
    }
    Ok(PairingSheet {
        rows,
        first_column: name_of(layout.first),
        second_column: name_of(layout.second),
    })
}

/// A name's words, folded and in order: "Bērziņš, Jānis" and "Jānis
/// Bērziņš" are one name.
fn name_key(name: &str) -> Vec<String> {
    let mut words: Vec<String> = folded(&name.replace(',', " "))
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    words.sort();
    words
}

impl Competition {
    /// The next round's pairing as `sheet` gives it, every player found
    /// among the entrants; the refusal at the file's row otherwise.
    pub fn pairing_of_file(&self, sheet: &PairingSheet) -> Result<Change, Refusal> {
        let round = self.rounds.len() as u32 + 1;
        let ranking = self.ranking();
        let mut by_name: HashMap<Vec<String>, Vec<Entrant>> = HashMap::new();
        for l in &self.entrants {
            by_name
                .entry(name_key(&l.entry.name))
                .or_default()
                .push(l.entrant);
        }
        let find = |who: &Named, row: usize, header: &str| -> Result<Entrant, Refusal> {
            let named = by_name
                .get(&name_key(&who.name))
                .map(Vec::as_slice)
                .unwrap_or(&[]);
            let numbered = who
                .number
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| ranking.get(i as usize))
                .copied();
            match named {
                [one] => Ok(*one),
                [] => Err(at_row(
                    row,
                    Some(header),
                    FileProblem::UnknownPlayer {
                        name: who.name.clone(),
                    },
                )),
                several => numbered.filter(|n| several.contains(n)).ok_or_else(|| {
                    at_row(
                        row,
                        Some(header),
                        FileProblem::SameName {
                            name: who.name.clone(),
                        },
                    )
                }),
            }
        };
        let mut seen: HashMap<Entrant, usize> = HashMap::new();
        let mut mark = |e: Entrant, row: usize, header: &str| -> Result<(), Refusal> {
            if let Some(first) = seen.insert(e, row) {
                return Err(at_row(
                    row,
                    Some(header),
                    FileProblem::Twice {
                        first: first as u32,
                    },
                ));
            }
            Ok(())
        };
        let mut boards: Vec<(u32, Paired)> = Vec::new();
        let mut rests = Vec::new();
        for (k, r) in sheet.rows.iter().enumerate() {
            let first = find(&r.first, r.row, &sheet.first_column)?;
            mark(first, r.row, &sheet.first_column)?;
            let Some(other) = &r.second else {
                rests.push(Rest {
                    entrant: first,
                    bye: Bye::PairingAllocated,
                });
                continue;
            };
            let second = find(other, r.row, &sheet.second_column)?;
            mark(second, r.row, &sheet.second_column)?;
            let board = r.board.unwrap_or(k as u32 + 1);
            boards.push((
                board,
                Paired {
                    first,
                    second,
                    table: (1..=self.setup.tables).contains(&board).then_some(board),
                },
            ));
        }
        // The file's boards in its numbering, top first.
        boards.sort_by_key(|(b, _)| *b);
        // Everyone who may play is on the sheet: one left out is told by
        // name, not as a pairing that does not add up.
        if let Some(l) = self
            .entrants
            .iter()
            .find(|l| self.available(l.entrant, round) && !seen.contains_key(&l.entrant))
        {
            return Err(Refusal::EntryFile {
                row: None,
                column: None,
                problem: Box::new(FileProblem::LeftOut {
                    entrant: l.entrant.0,
                    name: l.entry.name.clone(),
                }),
            });
        }
        Ok(Change::Pair {
            round,
            boards: boards.into_iter().map(|(_, p)| p).collect(),
            rests,
        })
    }
}
