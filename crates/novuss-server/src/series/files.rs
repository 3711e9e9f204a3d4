//! A series' standings as a table to download (`standings.csv`): place,
//! name, club, licence, counted points, each stage's points, and the
//! total. A result that does not count is written in brackets, "(9)", as
//! printed result lists show a dropped result; a provisional one (its
//! stage still being played) is followed by an asterisk, "9*".

use super::view::{SeriesResult, SeriesView};
use crate::competitions::files::{Cell, Table};

/// A place as people write it: `3`, or `3-4` when shared (text then).
fn place(p: novuss_club::Places) -> Cell {
    if p.shared() {
        Cell::Text(format!("{}-{}", p.first, p.last))
    } else {
        Cell::Number(f64::from(p.first))
    }
}

/// One stage's points as a cell.
fn points(r: &Option<SeriesResult>) -> Cell {
    match r {
        None => Cell::Empty,
        Some(r) if r.counted && !r.provisional => Cell::Number(f64::from(r.points)),
        Some(r) => {
            let mark = if r.provisional { "*" } else { "" };
            if r.counted {
                Cell::Text(format!("{}{mark}", r.points))
            } else {
                Cell::Text(format!("({}){mark}", r.points))
            }
        }
    }
}

/// The standings as a table (empty when they cannot be counted).
pub fn standings_table(view: &SeriesView) -> Table {
    let mut header: Vec<String> = ["Place", "Name", "Club", "Licence", "Counted"]
        .map(String::from)
        .to_vec();
    header.extend((1..=view.setup.stages).map(|k| format!("Stage {k}")));
    header.push("Total".into());
    let rows = view
        .standings
        .iter()
        .flatten()
        .map(|s| {
            let mut row = vec![
                place(s.place),
                Cell::Text(s.name.clone()),
                s.club.clone().map_or(Cell::Empty, Cell::Text),
                s.licence.clone().map_or(Cell::Empty, Cell::Text),
                Cell::Number(f64::from(s.counted)),
            ];
            row.extend(s.results.iter().map(points));
            row.push(Cell::Number(f64::from(s.total)));
            row
        })
        .collect();
    Table { header, rows }
}

#[cfg(test)]
mod tests {
    use super::*;
    use novuss_club::Places;

    #[test]
    fn a_dropped_result_is_bracketed_and_a_provisional_one_marked() {
        let r = |points, counted, provisional| {
            Some(SeriesResult {
                place: Places::single(2),
                points,
                counted,
                provisional,
            })
        };
        assert_eq!(points(&r(9, true, false)), Cell::Number(9.0));
        assert_eq!(points(&r(9, false, false)), Cell::Text("(9)".into()));
        assert_eq!(points(&r(9, true, true)), Cell::Text("9*".into()));
        assert_eq!(points(&None), Cell::Empty);
        assert_eq!(
            place(Places { first: 3, last: 4 }),
            Cell::Text("3-4".into())
        );
    }
}
