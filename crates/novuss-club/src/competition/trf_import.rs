//! A competition read from FIDE's Tournament Report File (TRF-16), so
//! that a Swiss run in Swiss-Manager (or any program that writes the
//! file) moves here and goes on (issue 33, "Data in and out": "FIDE
//! TRF-16 export and import (so that a competition can move to or from
//! Swiss-Manager)").
//!
//! The file becomes the changes an organiser would have made: the
//! players entered as a list (name, rating, birth year, a category from
//! the sex column), seeded in the file's starting order (so that the
//! pairing numbers are the file's, FIDE C.04.2), then each round paired
//! as the file pairs it (white breaks first; tables to the top boards,
//! as many as the hall has) and its results entered. TRF-16 has no set
//! scores: a game's `1`, `=`, `0` (or unrated `W`, `D`, `L`) becomes a
//! result without sets ([`Outcome::Decided`]), a `+`/`-` a forfeit, a
//! round with no opponent its bye (`H`, `F`, `U`, `Z` or blank, which
//! FIDE counts as a zero-point bye). A round left open in the file (its
//! games not yet played) is paired without results, and the competition
//! goes on from there; a last round of byes alone is who sits the next
//! round out, entered as requested byes. Every change is then applied as any other, so a
//! file that does not make a competition is refused with the change and
//! the reason.

use crate::entries::{Category, Entry};
use crate::results::{Bye, Entrant, Round, Score, Side};
use crate::trf::Trf;

use super::{Change, Competition, Day, Outcome, Paired, Refusal, Rest, Setup, System};

/// The set-up a TRF file tells, in `format`: its name (`012`), venue
/// (`022`), first and last days (`042`, `052`), a Swiss of its rounds
/// (`XXR`, else the rounds it has), a table for every two players, the
/// file's points as match points in their lowest terms (chess's 1/½/0 is
/// 2/1/0), and the Swiss's own tie-breaks. Unnamed: `fallback_name`.
pub fn trf_setup(trf: &Trf, format: novuss_core::MatchFormat, fallback_name: &str) -> Setup {
    let field = |code: &str| {
        trf.other
            .iter()
            .find_map(|l| l.strip_prefix(code))
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    // TRF writes days as YYYY/MM/DD (some programs YY/MM/DD: not read).
    let day = |code: &str| field(code).and_then(|d| Day::parse(&d.replace(['/', '.'], "-")));
    let played = trf
        .players
        .iter()
        .map(|p| p.rounds.len())
        .max()
        .unwrap_or(0) as u32;
    let rounds = trf.rounds.unwrap_or(played).max(played).max(1);
    let p = trf.points;
    let g = gcd(gcd(p.win, p.draw), p.loss).max(1);
    Setup {
        name: field("012").unwrap_or_else(|| fallback_name.to_owned()),
        venue: field("022"),
        club: None,
        starts: day("042"),
        ends: day("052"),
        tables: (trf.players.len() as u32).div_ceil(2).max(1),
        system: System::Swiss { rounds },
        format,
        points: novuss_core::MatchPoints {
            win: p.win / g,
            draw: p.draw / g,
            loss: p.loss / g,
        },
        rated: false,
        tiebreaks: vec![],
        play: Default::default(),
        open_entry: false,
        teams: None,
        doubles: false,
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// A player line's entry: the name (columns 15–47), the rating, the
/// birth year (columns 70–73), and men or women from the sex column (10).
fn entry_of(name_block: &str, id_block: &str, rating: Option<u32>) -> Entry {
    let chars: Vec<char> = name_block.chars().collect();
    let name: String = chars.iter().skip(5).collect::<String>().trim().to_owned();
    let category = match chars.first().map(|c| c.to_ascii_lowercase()) {
        Some('m') => Some(Category::Men),
        Some('w' | 'f') => Some(Category::Women),
        _ => None,
    };
    let birth_year = id_block
        .chars()
        .skip(16)
        .take(4)
        .collect::<String>()
        .parse::<u16>()
        .ok()
        .filter(|y| (1900..=2100).contains(y));
    Entry {
        rating,
        category,
        birth_year,
        ..Entry::named(&name)
    }
}

impl Competition {
    /// The changes that make `trf` a competition of `setup`, each checked
    /// by applying it; the refusal of the first that does not apply, as
    /// [`Refusal::Replay`] of its number.
    pub fn changes_of_trf(setup: Setup, trf: &Trf) -> Result<Vec<Change>, Refusal> {
        let mut players: Vec<_> = trf.players.iter().collect();
        players.sort_by_key(|p| p.number);
        // The file's starting numbers, renumbered 1.. in their order.
        let entrant = |number: Entrant| {
            players
                .iter()
                .position(|p| p.number == number)
                .map(|i| Entrant(i as u32 + 1))
        };
        let mut changes = vec![
            Change::EnterList {
                entries: players
                    .iter()
                    .map(|p| entry_of(&p.name_block, &p.id_block, p.rating))
                    .collect(),
            },
            Change::Seed {
                order: (1..=players.len() as u32).map(Entrant).collect(),
            },
        ];
        let tables = setup.tables;
        // A round is paired when anyone has an opponent in it; a last
        // round of byes alone is the next round's requests (the TRF-16
        // convention JaVaFo and bbpPairings read: who sits it out).
        let paired_in = |r: usize| players.iter().any(|p| p.round(r).opponent().is_some());
        let written = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
        let played = (0..written).take_while(|&r| paired_in(r)).count();
        for r in 0..played {
            let round = r as u32 + 1;
            let mut boards: Vec<(Paired, Option<Outcome>)> = Vec::new();
            let mut rests = Vec::new();
            for (i, p) in players.iter().enumerate() {
                let me = Entrant(i as u32 + 1);
                match p.round(r) {
                    Round::Bye(bye) => rests.push(Rest { entrant: me, bye }),
                    // Each board once, from the side that breaks first
                    // (white); the reader checked both lines agree.
                    played if played.side() == Some(Side::First) => {
                        let Some(other) = played.opponent().and_then(entrant) else {
                            continue;
                        };
                        let outcome = match played {
                            Round::Played { score, .. } => Some(Outcome::Decided {
                                winner: match score {
                                    Score::Win => Some(Side::First),
                                    Score::Loss => Some(Side::Second),
                                    Score::Draw => None,
                                },
                            }),
                            Round::Forfeit { won: true, .. } => Some(Outcome::Forfeit {
                                winner: Side::First,
                            }),
                            Round::Forfeit { .. } => {
                                let other_won = matches!(
                                    players[(other.0 - 1) as usize].round(r),
                                    Round::Forfeit { won: true, .. }
                                );
                                Some(if other_won {
                                    Outcome::Forfeit {
                                        winner: Side::Second,
                                    }
                                } else {
                                    Outcome::BothAbsent
                                })
                            }
                            _ => None,
                        };
                        boards.push((
                            Paired {
                                first: me,
                                second: other,
                                table: None,
                            },
                            outcome,
                        ));
                    }
                    _ => {}
                }
            }
            // The top boards first: the better-numbered pair first, as
            // the file does not order its games.
            boards.sort_by_key(|(p, _)| p.first.0.min(p.second.0));
            for (k, (p, _)) in boards.iter_mut().enumerate() {
                p.table = Some(k as u32 + 1).filter(|&t| t <= tables);
            }
            changes.push(Change::Pair {
                round,
                boards: boards.iter().map(|(p, _)| *p).collect(),
                rests,
            });
            for (k, (_, outcome)) in boards.iter().enumerate() {
                if let Some(outcome) = outcome {
                    changes.push(Change::Result {
                        round,
                        board: k as u32 + 1,
                        outcome: *outcome,
                    });
                }
            }
        }
        if played < written {
            for (i, p) in players.iter().enumerate() {
                if let Some(Round::Bye(bye @ (Bye::Full | Bye::Half | Bye::Zero))) =
                    p.rounds.get(played).copied().flatten()
                {
                    changes.push(Change::RequestBye {
                        entrant: Entrant(i as u32 + 1),
                        round: played as u32 + 1,
                        bye,
                    });
                }
            }
        }
        let mut c = Competition::new(setup)?;
        for (k, change) in changes.iter().enumerate() {
            c.apply(change).map_err(|r| Refusal::Replay {
                change: k as u32 + 1,
                refusal: Box::new(r),
            })?;
        }
        Ok(changes)
    }
}
