//! A competition's crosstable as a table to export (issue 33, "Data in
//! and out": "Export the standings, the results and the crosstable as
//! CSV and as an Excel workbook"; docs/competitions.md, "Files in and
//! out"), made from the competition as held, never from a page's text.
//!
//! - A round robin is its grid, as a paper crosstable draws it: each
//!   entrant's row holds their result against each column's entrant
//!   (their own sets first), the entrants by pairing number (the numbers
//!   the Berger tables pair by). Groups then knock-out: one grid per
//!   group over the group stage's rounds, one under the other, each row
//!   naming its group.
//! - Any other system (a Swiss, a knock-out, a double elimination) is
//!   the FIDE-style round-by-round crosstable: each entrant's row in the
//!   standings' order, and in each round's column the opponent's number
//!   and the result.

use novuss_club::competition::{Outcome, PairedRound};
use novuss_club::{Entrant, Side, System};

use super::files::{bye_text, place, Cell, Table};
use crate::wire::http::competitions::CompetitionView;

/// The crosstable of `view`: a grid for a round robin or groups, round
/// by round otherwise.
pub fn crosstable(view: &CompetitionView) -> Table {
    match view.competition.setup().system {
        System::RoundRobin { .. } => {
            let order = numbered(view);
            grid(view, &[(None, order)], view.competition.rounds())
        }
        System::GroupsThenKnockout { .. } => {
            let groups: Vec<(Option<String>, Vec<Entrant>)> = view
                .groups
                .iter()
                .flatten()
                .map(|g| (Some(letter(g.group)), g.entrants.clone()))
                .collect();
            let rounds = view.competition.rounds();
            let stage = view
                .competition
                .group_stage()
                .map_or(rounds.len(), |n| (n as usize).min(rounds.len()));
            grid(view, &groups, &rounds[..stage])
        }
        _ => round_by_round(view),
    }
}

/// The entrants by pairing number (the ranking), then anyone the ranking
/// does not name, by entrant number.
fn numbered(view: &CompetitionView) -> Vec<Entrant> {
    let mut order = view.ranking.clone();
    for l in view.competition.entrants() {
        if !order.contains(&l.entrant) {
            order.push(l.entrant);
        }
    }
    order
}

/// A group's letter: A for the first.
fn letter(group: u32) -> String {
    char::from_u32(u32::from(b'A') + group).map_or_else(|| (group + 1).to_string(), String::from)
}

/// `outcome` as the `side` who played it sees it: their sets first
/// (`4:2`), a win without play `+`, a loss without play `-` (both absent
/// is a loss for each); a result without sets `1`, `=` or `0`.
fn seen_by(outcome: Outcome, side: Side) -> String {
    let mine_first = |a: u32, b: u32| match side {
        Side::First => format!("{a}:{b}"),
        Side::Second => format!("{b}:{a}"),
    };
    match outcome {
        Outcome::Sets { first, second } | Outcome::Team { first, second } => {
            mine_first(first, second)
        }
        // Without its sets (a TRF file's result): TRF's own codes.
        Outcome::Decided { winner: None } => "=".into(),
        Outcome::Decided { winner } => if winner == Some(side) { "1" } else { "0" }.into(),
        Outcome::Forfeit { winner } if winner == side => "+".into(),
        Outcome::Forfeit { .. } | Outcome::BothAbsent => "-".into(),
    }
}

/// The entrant's name and club cells.
fn who(view: &CompetitionView, e: Entrant) -> [Cell; 2] {
    let entry = view
        .competition
        .entrants()
        .get((e.0 as usize).wrapping_sub(1))
        .map(|l| &l.entry);
    [
        Cell::Text(entry.map_or_else(String::new, |e| e.file_name().to_owned())),
        entry
            .and_then(|e| e.club.clone())
            .map_or(Cell::Empty, Cell::Text),
    ]
}

/// Grids of `groups` (each its name, if it has one, and its entrants in
/// order) over `rounds`: No., Name, Club, a column per number, Points and
/// Place (from the group's table, or the standings). A double round robin
/// has both meetings in a cell, the first cycle's first.
fn grid(
    view: &CompetitionView,
    groups: &[(Option<String>, Vec<Entrant>)],
    rounds: &[PairedRound],
) -> Table {
    let named = groups.iter().any(|(g, _)| g.is_some());
    let widest = groups.iter().map(|(_, e)| e.len()).max().unwrap_or(0);
    let mut header: Vec<String> = Vec::new();
    if named {
        header.push("Group".into());
    }
    header.extend(["No.", "Name", "Club"].map(String::from));
    header.extend((1..=widest).map(|n| n.to_string()));
    header.extend(["Points", "Place"].map(String::from));
    let group_tables = view.groups.as_deref().unwrap_or(&[]);
    let mut rows = Vec::new();
    for (g, entrants) in groups {
        // A group's points and places are its own table's.
        let standings = group_tables
            .iter()
            .find(|t| Some(letter(t.group)) == *g)
            .map(|t| &t.standings)
            .or(view.standings.as_ref());
        for (i, &a) in entrants.iter().enumerate() {
            let mut row = Vec::with_capacity(header.len());
            if named {
                row.push(g.clone().map_or(Cell::Empty, Cell::Text));
            }
            row.push(Cell::Number(i as f64 + 1.0));
            row.extend(who(view, a));
            for k in 0..widest {
                let cell = match entrants.get(k) {
                    Some(&b) if b == a => Cell::Text("x".into()),
                    Some(&b) => {
                        let met = between(rounds, a, b);
                        if met.is_empty() {
                            Cell::Empty
                        } else {
                            Cell::Text(met.join(" / "))
                        }
                    }
                    None => Cell::Empty,
                };
                row.push(cell);
            }
            match standings.and_then(|s| s.rows.iter().find(|r| r.entrant == a)) {
                Some(s) => {
                    row.push(Cell::Number(s.points as f64));
                    row.push(place(s));
                }
                None => row.extend([Cell::Empty, Cell::Empty]),
            }
            rows.push(row);
        }
    }
    Table { header, rows }
}

/// The results of `a`'s matches against `b` in `rounds`, as `a` played
/// them, in round order.
fn between(rounds: &[PairedRound], a: Entrant, b: Entrant) -> Vec<String> {
    let mut out = Vec::new();
    for r in rounds {
        for board in &r.boards {
            let (p, Some(outcome)) = (board.paired, board.outcome) else {
                continue;
            };
            if (p.first, p.second) == (a, b) {
                out.push(seen_by(outcome, Side::First));
            } else if (p.first, p.second) == (b, a) {
                out.push(seen_by(outcome, Side::Second));
            }
        }
    }
    out
}

/// The round-by-round crosstable: Place, No., Name, Club, Points, then a
/// column per round: the opponent's number and the result as the row's
/// entrant played it (`7 4:2`, `7 +`, `7 -`), a match still to be played
/// as the opponent's number alone, a rest as its bye.
fn round_by_round(view: &CompetitionView) -> Table {
    let order = numbered(view);
    let number = |e: Entrant| order.iter().position(|&o| o == e).map(|i| i + 1);
    let rounds = view.competition.rounds();
    let mut header: Vec<String> = ["Place", "No.", "Name", "Club", "Points"]
        .map(String::from)
        .to_vec();
    header.extend(rounds.iter().map(|r| format!("Round {}", r.number)));
    // The standings' order, then anyone they do not rank.
    let mut rows_order: Vec<Entrant> = view
        .standings
        .iter()
        .flat_map(|s| s.rows.iter().map(|r| r.entrant))
        .collect();
    for &e in &order {
        if !rows_order.contains(&e) {
            rows_order.push(e);
        }
    }
    let rows = rows_order
        .into_iter()
        .map(|a| {
            let standing = view
                .standings
                .iter()
                .flat_map(|s| s.rows.iter())
                .find(|r| r.entrant == a);
            let mut row = vec![
                standing.map_or(Cell::Empty, place),
                number(a).map_or(Cell::Empty, |n| Cell::Number(n as f64)),
            ];
            row.extend(who(view, a));
            row.push(standing.map_or(Cell::Empty, |s| Cell::Number(s.points as f64)));
            for r in rounds {
                row.push(in_round(r, a, &number));
            }
            row
        })
        .collect();
    Table { header, rows }
}

/// `a`'s cell of round `r`.
fn in_round(r: &PairedRound, a: Entrant, number: &dyn Fn(Entrant) -> Option<usize>) -> Cell {
    for board in &r.boards {
        let p = board.paired;
        let (side, opponent) = if p.first == a {
            (Side::First, p.second)
        } else if p.second == a {
            (Side::Second, p.first)
        } else {
            continue;
        };
        let opponent = number(opponent).map_or_else(String::new, |n| n.to_string());
        return Cell::Text(match board.outcome {
            Some(o) => format!("{opponent} {}", seen_by(o, side)),
            None => opponent,
        });
    }
    r.rests
        .iter()
        .find(|rest| rest.entrant == a)
        .map_or(Cell::Empty, |rest| Cell::Text(bye_text(rest.bye).into()))
}

#[cfg(test)]
mod tests {
    //! Each layout against results entered here and worked out by hand.
    use novuss_club::competition::Play;
    use novuss_club::{Change, Competition, Cycles, Entry, Setup};
    use novuss_core::{MatchFormat, MatchPoints};

    use super::*;
    use crate::ids::{CompetitionId, PersonId};

    fn setup(system: System, format: MatchFormat) -> Setup {
        Setup {
            name: "Krusttabula".into(),
            venue: None,
            club: None,
            starts: None,
            ends: None,
            tables: 4,
            system,
            format,
            points: MatchPoints::default(),
            rated: false,
            tiebreaks: vec![],
            play: Play::Tables,
            open_entry: false,
            teams: None,
            doubles: false,
        }
    }

    /// `n` entrants rated so that entrant k is pairing number k.
    fn entered(system: System, n: u32) -> Competition {
        // A knock-out cannot end level: groups are played best of five.
        let format = match system {
            System::GroupsThenKnockout { .. } => MatchFormat::BestOf(5),
            _ => MatchFormat::Sets(6),
        };
        let mut c = Competition::new(setup(system, format)).unwrap();
        for k in 1..=n {
            let entry = Entry {
                rating: Some(2000 - k),
                ..Entry::named(&format!("P{k}"))
            };
            c.apply(&Change::Enter { entry }).unwrap();
        }
        c
    }

    fn view(c: Competition) -> CompetitionView {
        let standings = c.standings().ok();
        CompetitionView::new(
            CompetitionId::random(),
            PersonId::random(),
            0,
            0,
            c,
            standings,
        )
    }

    /// Pairs the next round and enters `result(first, second)` on each
    /// board.
    fn play_round(c: &mut Competition, result: impl Fn(u32, u32) -> Outcome) {
        let pairing = c.pair_next().unwrap();
        c.apply(&pairing).unwrap();
        let round = c.rounds().last().unwrap().clone();
        for (k, b) in round.boards.iter().enumerate() {
            c.apply(&Change::Result {
                round: round.number,
                board: k as u32 + 1,
                outcome: result(b.paired.first.0, b.paired.second.0),
            })
            .unwrap();
        }
    }

    fn text(cell: &Cell) -> String {
        match cell {
            Cell::Text(t) => t.clone(),
            Cell::Number(n) => n.to_string(),
            Cell::Empty => String::new(),
        }
    }

    /// The lower number wins 4:k, where k is the higher number minus 2
    /// (so 1 beats 4 by 4:2); 2 against 3 does not come (a forfeit to 3).
    fn by_numbers(first: u32, second: u32) -> Outcome {
        let (low, high) = (first.min(second), first.max(second));
        if (low, high) == (2, 3) {
            let winner = if first == 3 {
                Side::First
            } else {
                Side::Second
            };
            return Outcome::Forfeit { winner };
        }
        let (a, b) = (4, high - 2);
        if first == low {
            Outcome::Sets {
                first: a,
                second: b,
            }
        } else {
            Outcome::Sets {
                first: b,
                second: a,
            }
        }
    }

    #[test]
    fn a_round_robin_is_its_grid_each_row_as_its_entrant_played() {
        let mut c = entered(
            System::RoundRobin {
                cycles: Cycles::Single,
            },
            4,
        );
        for _ in 0..3 {
            play_round(&mut c, by_numbers);
        }
        let t = crosstable(&view(c));
        assert_eq!(
            t.header,
            ["No.", "Name", "Club", "1", "2", "3", "4", "Points", "Place"]
        );
        let grid: Vec<Vec<String>> = t
            .rows
            .iter()
            .map(|r| r[3..7].iter().map(text).collect())
            .collect();
        assert_eq!(
            grid,
            [
                ["x", "4:0", "4:1", "4:2"],
                ["0:4", "x", "-", "4:2"],
                ["1:4", "+", "x", "4:2"],
                ["2:4", "2:4", "2:4", "x"],
            ]
        );
        // 1 won all three (6 points); 3 beat 2 without play and 4 (4);
        // 2 beat 4 only (2); 4 none.
        let points: Vec<String> = t.rows.iter().map(|r| text(&r[7])).collect();
        assert_eq!(points, ["6", "2", "4", "0"]);
        let places: Vec<String> = t.rows.iter().map(|r| text(&r[8])).collect();
        assert_eq!(places, ["1", "3", "2", "4"]);
    }

    #[test]
    fn a_swiss_is_round_by_round_with_the_opponents_numbers_and_byes() {
        let mut c = entered(System::Swiss { rounds: 2 }, 5);
        play_round(&mut c, by_numbers);
        let v = view(c);
        let t = crosstable(&v);
        assert_eq!(
            t.header,
            ["Place", "No.", "Name", "Club", "Points", "Round 1"]
        );
        // Round 1 of the Dutch system with five: 1-4, 5-2 (or as the
        // engine pairs), one bye: every row's cell names its opponent and
        // the result as that entrant played it.
        let round = &v.competition.rounds()[0];
        for row in &t.rows {
            let no: u32 = text(&row[1]).parse().unwrap();
            let cell = text(&row[5]);
            let board = round
                .boards
                .iter()
                .find(|b| b.paired.first.0 == no || b.paired.second.0 == no);
            match board {
                Some(b) if b.paired.first.0 == no => {
                    let o = b.paired.second.0;
                    assert_eq!(
                        cell,
                        format!("{o} {}", seen_by(by_numbers(no, o), Side::First))
                    );
                }
                Some(b) => {
                    let o = b.paired.first.0;
                    assert_eq!(
                        cell,
                        format!("{o} {}", seen_by(by_numbers(o, no), Side::Second))
                    );
                }
                None => assert_eq!(cell, "bye"),
            }
        }
        // The rows follow the standings.
        let order: Vec<u32> = t
            .rows
            .iter()
            .map(|r| text(&r[1]).parse().unwrap())
            .collect();
        let standings: Vec<u32> = v
            .standings
            .as_ref()
            .unwrap()
            .rows
            .iter()
            .map(|r| r.entrant.0)
            .collect();
        assert_eq!(order, standings);
    }

    #[test]
    fn groups_are_a_grid_each_over_the_group_stage_only() {
        let mut c = entered(
            System::GroupsThenKnockout {
                groups: 2,
                cycles: Cycles::Single,
                third_place: false,
            },
            6,
        );
        // Group A's players win every knock-out match against group B's,
        // so that A's two meet again in the final; within a group the
        // better seed wins. Three rounds of groups of three, the
        // semi-finals, the final.
        let a: Vec<u32> = c.groups().unwrap()[0]
            .entrants
            .iter()
            .map(|e| e.0)
            .collect();
        for _ in 0..5 {
            play_round(&mut c, |first, second| {
                let first_wins = match (a.contains(&first), a.contains(&second)) {
                    (true, false) => true,
                    (false, true) => false,
                    _ => first < second,
                };
                if first_wins {
                    Outcome::Sets {
                        first: 3,
                        second: 0,
                    }
                } else {
                    Outcome::Sets {
                        first: 0,
                        second: 3,
                    }
                }
            });
        }
        assert!(c.finished());
        let v = view(c);
        let t = crosstable(&v);
        assert_eq!(
            t.header,
            ["Group", "No.", "Name", "Club", "1", "2", "3", "Points", "Place"]
        );
        assert_eq!(t.rows.len(), 6);
        let groups: Vec<String> = t.rows.iter().map(|r| text(&r[0])).collect();
        assert_eq!(groups, ["A", "A", "A", "B", "B", "B"]);
        // Each group's seeds meet once: the better seed wins 3:0. The
        // final between A's two is no group match: their cell has one
        // result.
        for g in 0..2 {
            let rows = &t.rows[g * 3..g * 3 + 3];
            let cells: Vec<Vec<String>> = rows
                .iter()
                .map(|r| r[4..7].iter().map(text).collect())
                .collect();
            assert_eq!(
                cells,
                [
                    ["x", "3:0", "3:0"],
                    ["0:3", "x", "3:0"],
                    ["0:3", "0:3", "x"]
                ],
                "group {g}"
            );
            let places: Vec<String> = rows.iter().map(|r| text(&r[8])).collect();
            assert_eq!(places, ["1", "2", "3"]);
        }
    }
}
