//! TRF-16 files: read, written back the same, and refused with the line
//! and column of what is wrong.

use novuss_club::trf::{self, TrfErrorKind};
use novuss_club::{Bye, Entrant, RoundResult, Score, Side};

/// A player line: starting number, points, then entries `"OPP C R"`.
fn line(n: u32, points: &str, entries: &[&str]) -> String {
    // Columns 1–4 code, 5–8 number, 10–47 name, 49–52 rating, 81–84
    // points, 86–89 rank, then 10 columns a round from 90.
    let name = format!("Player{n:04}");
    let mut s = format!(
        "001 {n:>4} {name:<38} {:>4} {:<27}{points:>4} {n:>4}",
        2000 + n,
        ""
    );
    for e in entries {
        s.push_str(&format!("  {e}"));
    }
    s
}

fn small() -> String {
    [
        "012 Club night".to_string(),
        "XXR 3".to_string(),
        line(1, "2.0", &["   3 w 1", "   2 b =", "0000 - H"]),
        line(2, "1.5", &["   4 b 1", "   1 w ="]),
        line(3, "0.0", &["   1 b 0", "   4 w -"]),
        line(4, "1.0", &["   2 w 0", "   3 b +"]),
        line(5, "1.0", &["0000 - Z", "0000 - U"]),
    ]
    .join("\r\n")
}

#[test]
fn a_file_is_read_as_its_columns_say() {
    let t = trf::parse(&small()).unwrap();
    assert_eq!(t.rounds, Some(3));
    assert_eq!(t.players.len(), 5);
    let p1 = &t.players[0];
    assert_eq!(p1.number, Entrant(1));
    assert_eq!(p1.rating, Some(2001));
    assert_eq!(p1.points, 20);
    assert_eq!(
        p1.rounds[0],
        Some(RoundResult::Played {
            opponent: Entrant(3),
            side: Side::First,
            score: Score::Win,
            sets: None
        })
    );
    assert_eq!(p1.rounds[2], Some(RoundResult::Bye(Bye::Half)));
    assert_eq!(
        t.players[3].rounds[1],
        Some(RoundResult::Forfeit {
            opponent: Entrant(3),
            side: Side::Second,
            won: true
        })
    );
    assert_eq!(
        t.players[4].rounds[1],
        Some(RoundResult::Bye(Bye::PairingAllocated))
    );
    assert_eq!(t.paired_rounds(), 2);
    assert_eq!(t.initial_colour(), Side::First);
    assert_eq!(t.other, ["012 Club night"]);

    // The round to pair: player 1 asked for a half-point bye.
    let field = t.field().unwrap();
    assert_eq!(field.played, 2);
    assert!(field.competitors[0].absent);
    assert!(!field.competitors[1].absent);
}

#[test]
fn a_file_written_back_reads_the_same() {
    let t = trf::parse(&small()).unwrap();
    let text = trf::write(&t);
    let again = trf::parse(&text).unwrap();
    assert_eq!(again, t);
    assert_eq!(trf::write(&again), text);

    // The generated tournaments too, with every kind of entry.
    for name in ["s1-p21.trf", "s7-p14.trf"] {
        let text = std::fs::read_to_string(fixture(name)).unwrap();
        let t = trf::parse(&text).unwrap();
        assert_eq!(trf::parse(&trf::write(&t)).unwrap(), t, "{name}");
    }
}

pub fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/club/fixtures")
        .join(name)
}

/// The error of parsing `small()` with line `at` (0-based) replaced.
fn refused(at: usize, replacement: &str) -> trf::TrfError {
    let mut lines: Vec<String> = small().split("\r\n").map(String::from).collect();
    lines[at] = replacement.to_string();
    trf::parse(&lines.join("\n")).unwrap_err()
}

#[test]
fn a_malformed_file_is_refused_with_its_line_and_column() {
    let e = refused(2, "001    1      Player0001");
    assert_eq!((e.line, e.kind.clone()), (3, TrfErrorKind::TooShort));

    let e = refused(2, &line(1, "2.0", &["   3 x 1", "   2 b =", "0000 - H"]));
    assert_eq!(
        (e.line, e.column, e.kind.clone()),
        (3, 97, TrfErrorKind::BadColour('x'))
    );
    assert_eq!(
        e.to_string(),
        "line 3, column 97: 'x' is not a colour (w, b or -)"
    );

    let e = refused(2, &line(1, "2.0", &["   3 w 1", "   2 b ?", "0000 - H"]));
    assert_eq!(
        (e.line, e.column, e.kind),
        (3, 109, TrfErrorKind::BadResult('?'))
    );

    let e = refused(2, &line(1, "2.0", &["  3x w 1", "   2 b =", "0000 - H"]));
    assert_eq!((e.line, e.column), (3, 92));
    assert!(matches!(e.kind, TrfErrorKind::NotANumber(_)));

    // A game without a colour; a bye with an opponent.
    let e = refused(2, &line(1, "2.0", &["   3 - 1", "   2 b =", "0000 - H"]));
    assert_eq!((e.line, e.column, e.kind), (3, 99, TrfErrorKind::BadEntry));
    let e = refused(2, &line(1, "2.0", &["   3 w 1", "   2 b =", "   4 - H"]));
    assert_eq!((e.line, e.kind), (3, TrfErrorKind::BadEntry));

    let e = refused(2, &line(1, "2.5", &["   3 w 1", "   2 b =", "0000 - H"]));
    assert_eq!(
        (e.line, e.column, e.kind.clone()),
        (
            3,
            81,
            TrfErrorKind::Points {
                written: 25,
                counted: 20
            }
        )
    );
    assert_eq!(
        e.to_string(),
        "line 3, column 81: the points say 2.5 but the results add up to 2.0"
    );

    let e = refused(3, &line(1, "2.0", &["   3 w 1", "   2 b =", "0000 - H"]));
    assert_eq!(
        (e.line, e.column, e.kind),
        (4, 5, TrfErrorKind::Repeated(1))
    );

    let e = refused(2, &line(1, "2.0", &["   9 w 1", "   2 b =", "0000 - H"]));
    assert_eq!(
        (e.line, e.column, e.kind),
        (3, 92, TrfErrorKind::UnknownOpponent(9))
    );

    // Player 3 says they lost to 1 with black; 1 claims white and a draw.
    let e = refused(2, &line(1, "1.0", &["   3 w =", "   2 b =", "0000 - H"]));
    assert_eq!(
        (e.line, e.column, e.kind),
        (3, 92, TrfErrorKind::Disagrees(3))
    );

    let e = refused(2, &line(1, "2.0", &["   1 w 1", "   2 b =", "0000 - H"]));
    assert_eq!((e.line, e.kind), (3, TrfErrorKind::OwnOpponent));

    assert_eq!(
        trf::parse("012 Nobody\n").unwrap_err().kind,
        TrfErrorKind::NoPlayers
    );
    assert_eq!(trf::parse("").unwrap_err().kind, TrfErrorKind::NoPlayers);

    // Pairing needs the number of rounds, and one still to play.
    let t = trf::parse(&small().replace("XXR 3", "012 x")).unwrap();
    assert_eq!(t.field().unwrap_err().kind, TrfErrorKind::NoRounds);
    let t = trf::parse(&small().replace("XXR 3", "XXR 2")).unwrap();
    assert_eq!(t.field().unwrap_err().kind, TrfErrorKind::Finished(2));
}

#[test]
fn point_values_and_the_initial_colour_are_read() {
    let text = small().replace("XXR 3", "XXR 3\nXXC black1\nBBW  3.0\nBBD  1.0");
    let text = text
        .replace(
            &line(1, "2.0", &["   3 w 1", "   2 b =", "0000 - H"]),
            &line(1, "5.0", &["   3 w 1", "   2 b =", "0000 - H"]),
        )
        .replace(
            &line(2, "1.5", &["   4 b 1", "   1 w ="]),
            &line(2, "4.0", &["   4 b 1", "   1 w ="]),
        )
        .replace(
            &line(4, "1.0", &["   2 w 0", "   3 b +"]),
            &line(4, "3.0", &["   2 w 0", "   3 b +"]),
        )
        .replace(
            &line(5, "1.0", &["0000 - Z", "0000 - U"]),
            &line(5, "3.0", &["0000 - Z", "0000 - U"]),
        );
    let t = trf::parse(&text).unwrap();
    assert_eq!(t.initial, Some(Side::Second));
    assert_eq!(
        (t.points.win, t.points.draw, t.points.pairing_bye),
        (30, 10, 30)
    );
    assert_eq!(trf::parse(&trf::write(&t)).unwrap(), t);
}
