//! A competition read from a TRF-16 file (issue 33: "FIDE TRF-16 export
//! and import, so that a competition can move to or from Swiss-Manager"):
//! a Swiss played here (a late entry, a half-point bye, a forfeit, draws,
//! a withdrawal) written as TRF and read back is the same competition:
//! the same players in the same pairing order, every round's boards with
//! the same colours and results (without their sets, which TRF has not),
//! the same points, who sits the next round out, and the next round
//! paired the same by the Dutch system. A file that does not make a
//! competition is refused.

use novuss_club::competition::{trf_setup, Outcome, Refusal};
use novuss_club::trf;
use novuss_club::{Change, Competition, Side};
use novuss_core::{MatchFormat, MatchResult};

use crate::competition_files::played_swiss;

/// `trf` made a competition in six sets.
fn imported(text: &str) -> Result<Competition, Refusal> {
    let file = trf::parse(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let setup = trf_setup(&file, MatchFormat::Sets(6), "Imported");
    let changes = Competition::changes_of_trf(setup.clone(), &file)?;
    let mut c = Competition::new(setup).unwrap();
    for change in &changes {
        c.apply(change).unwrap();
    }
    Ok(c)
}

fn name(c: &Competition, e: novuss_club::Entrant) -> String {
    c.entrants()[(e.0 - 1) as usize].entry.name.clone()
}

/// A result as TRF keeps it: the winner or a draw, a forfeit, both absent.
fn without_sets(c: &Competition, o: Outcome) -> Outcome {
    match o {
        Outcome::Sets { first, second } => Outcome::Decided {
            winner: match c.setup().format.check((first, second)) {
                Ok(MatchResult::First) => Some(Side::First),
                Ok(MatchResult::Second) => Some(Side::Second),
                _ => None,
            },
        },
        other => other,
    }
}

#[test]
fn a_swiss_written_as_trf_reads_back_as_the_same_competition() {
    let original = played_swiss(5, 3, vec![]);
    let text = original.trf();
    let c = imported(&text).unwrap();
    assert_eq!(c.setup().name, "Rīgas kauss");
    assert_eq!(c.setup().venue.as_deref(), Some("Rīga"));
    assert_eq!(c.setup().system, novuss_club::System::Swiss { rounds: 5 });
    assert_eq!(c.setup().points, original.setup().points, "2/1/0 read back");

    // The same players, in the same pairing order.
    let order =
        |c: &Competition| -> Vec<String> { c.ranking().iter().map(|&e| name(c, e)).collect() };
    assert_eq!(order(&c), order(&original));
    assert_eq!(c.entrants()[0].entry.birth_year, Some(1980));

    // Every round: the same boards, colours and results (no sets).
    assert_eq!(c.rounds().len(), 3);
    for (a, b) in c.rounds().iter().zip(original.rounds()) {
        let boards = |c: &Competition, r: &novuss_club::competition::PairedRound, sets: bool| {
            let mut v: Vec<(String, String, Option<Outcome>)> = r
                .boards
                .iter()
                .map(|x| {
                    let o = x.outcome.map(|o| if sets { without_sets(c, o) } else { o });
                    (name(c, x.paired.first), name(c, x.paired.second), o)
                })
                .collect();
            v.sort_by(|x, y| x.0.cmp(&y.0));
            v
        };
        assert_eq!(
            boards(&c, a, false),
            boards(&original, b, true),
            "round {}",
            a.number
        );
        // A late entrant's rounds before their entry are zero-point byes
        // in the file, as FIDE counts them (C.07 16.1): the byes that are
        // worth something are the same.
        let rests = |c: &Competition, r: &novuss_club::competition::PairedRound| {
            let mut v: Vec<(String, novuss_club::Bye)> = r
                .rests
                .iter()
                .filter(|x| x.bye != novuss_club::Bye::Zero)
                .map(|x| (name(c, x.entrant), x.bye))
                .collect();
            v.sort_by(|x, y| x.0.cmp(&y.0));
            v
        };
        assert_eq!(rests(&c, a), rests(&original, b), "round {}", a.number);
    }

    // The same points for everyone.
    let points = |c: &Competition| {
        let mut v: Vec<(String, u64)> = c
            .standings()
            .unwrap()
            .rows
            .iter()
            .map(|r| (name(c, r.entrant), r.points))
            .collect();
        v.sort();
        v
    };
    assert_eq!(points(&c), points(&original));

    // The player who withdrew sits round 4 out: the file's last column,
    // a round of byes alone, comes in as requested byes.
    let requested: Vec<(String, u32, novuss_club::Bye)> = c
        .requested_byes()
        .iter()
        .map(|r| (name(&c, r.entrant), r.round, r.bye))
        .collect();
    assert_eq!(
        requested,
        [(
            name(&original, novuss_club::Entrant(5)),
            4,
            novuss_club::Bye::Zero
        )]
    );

    // Round 4 is paired the same: the history that pairing reads (colours,
    // byes, forfeits, who sits out) came through whole.
    let next = |c: &Competition| {
        let Change::Pair { boards, rests, .. } = c.pair_next().unwrap() else {
            panic!("not a pairing")
        };
        let b: Vec<(String, String)> = boards
            .iter()
            .map(|x| (name(c, x.first), name(c, x.second)))
            .collect();
        // The withdrawn player: no rest there, a requested zero-point bye
        // here (the file cannot tell a withdrawal from one).
        let mut r: Vec<(String, novuss_club::Bye)> = rests
            .iter()
            .filter(|x| x.bye != novuss_club::Bye::Zero)
            .map(|x| (name(c, x.entrant), x.bye))
            .collect();
        r.sort_by(|x, y| x.0.cmp(&y.0));
        (b, r)
    };
    assert_eq!(next(&c), next(&original));
}

#[test]
fn a_draw_in_a_format_without_draws_is_refused_with_its_change() {
    let text = played_swiss(5, 3, vec![]).trf();
    let file = trf::parse(&text).unwrap();
    // The file has draws (3:3 in six sets); best of five cannot end level.
    let setup = trf_setup(&file, MatchFormat::BestOf(5), "Imported");
    let refused = Competition::changes_of_trf(setup, &file).unwrap_err();
    let Refusal::Replay { refusal, .. } = refused else {
        panic!("not a replay's refusal: {refused:?}")
    };
    assert_eq!(
        *refusal,
        Refusal::CannotDraw {
            format: MatchFormat::BestOf(5)
        }
    );
}
