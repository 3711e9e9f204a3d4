//! FIDE's Tournament Report File (TRF-16, and the TRF-2026 codes), read
//! and written, as JaVaFo and bbpPairings exchange it.
//!
//! Read:
//! - `001` player lines: starting number (columns 5–8), the name block
//!   (10–47, kept as written), rating (49–52), points (81–84, checked
//!   against the results), rank (86–89), and one 10-column entry per round
//!   from column 92: opponent (4 digits, `0000` none), colour (`w`, `b`,
//!   `-`), result (`1 = 0`, `W D L` unrated, `+ -` forfeits, `H F U Z`
//!   byes, blank);
//! - the number of rounds: `XXR n` or `142 n`;
//! - the initial colour: `XXC white1`/`black1` or `152 W`/`B` (inferred
//!   from round 1 when absent, as bbpPairings does);
//! - point values: `BBW BBD BBL BBZ BBF BBU pp.p` (bbpPairings'
//!   extension).
//!
//! Kept and written back but not read: every other line (`012` name,
//! `022` place, `092` type, `162` scoring, …). Not supported: `XXA`/`250`
//! accelerations, `XXP`/`260` forbidden pairs, `240` bye lists and team
//! files: an entry in the player line is how a bye is told.
//!
//! An entry after the last paired round (a bye or absence requested for
//! the round to pair) makes that player sit the round out.

mod write;

use std::collections::HashMap;

use crate::results::{Bye, Entrant, History, Round, Score, Side};
use crate::swiss::{Competitor, Field, PointSystem};

pub use write::write;

/// A tournament as a TRF file tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trf {
    /// The players, in the order of the file.
    pub players: Vec<TrfPlayer>,
    /// The planned number of rounds (`XXR`).
    pub rounds: Option<u32>,
    /// The colour of the first-ranked player in round 1 (`XXC`).
    pub initial: Option<Side>,
    /// Point values (`BBW`…), chess's by default.
    pub points: PointSystem,
    /// Which point values the file set, so that they are written back.
    pub points_given: bool,
    /// Lines this reader does not interpret, kept in order.
    pub other: Vec<String>,
}

/// One `001` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfPlayer {
    /// Starting number.
    pub number: Entrant,
    /// Columns 10–47 (sex, title, name), as written.
    pub name_block: String,
    /// Rating, if given.
    pub rating: Option<u32>,
    /// Columns 54–80 (federation, FIDE id, birth date), as written.
    pub id_block: String,
    /// Points in tenths, as written.
    pub points: u32,
    /// Rank, if given.
    pub rank: Option<u32>,
    /// One entry per round; `None` for a blank entry.
    pub rounds: Vec<Option<Round>>,
}

/// What is wrong with a TRF file, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// Line, from 1 (0 when it concerns the whole file).
    pub line: usize,
    /// Column, from 1 (0 when it concerns the whole line).
    pub column: usize,
    /// What.
    pub kind: TrfErrorKind,
}

/// The kinds of [`TrfError`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrfErrorKind {
    /// A player line shorter than its fixed columns.
    TooShort,
    /// Not a number where one must be.
    NotANumber(String),
    /// A colour other than `w`, `b`, `-` or blank.
    BadColour(char),
    /// A result code TRF does not have.
    BadResult(char),
    /// A result that does not fit its opponent or colour (a bye with an
    /// opponent, a game without a colour…).
    BadEntry,
    /// A starting number given twice.
    Repeated(u32),
    /// A player meets themself.
    OwnOpponent,
    /// An opponent who has no player line.
    UnknownOpponent(u32),
    /// The two players' entries for a game disagree.
    Disagrees(u32),
    /// The points written are not what the results add up to.
    Points {
        /// As written, in tenths.
        written: u32,
        /// From the results, in tenths.
        counted: u32,
    },
    /// No player lines at all.
    NoPlayers,
    /// Pairing needs the number of rounds (`XXR`).
    NoRounds,
    /// All the planned rounds are paired already.
    Finished(u32),
}

impl std::fmt::Display for TrfError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line > 0 {
            write!(f, "line {}", self.line)?;
            if self.column > 0 {
                write!(f, ", column {}", self.column)?;
            }
            write!(f, ": ")?;
        }
        match &self.kind {
            TrfErrorKind::TooShort => write!(f, "a player line needs at least 89 columns"),
            TrfErrorKind::NotANumber(s) => write!(f, "{s:?} is not a number"),
            TrfErrorKind::BadColour(c) => write!(f, "{c:?} is not a colour (w, b or -)"),
            TrfErrorKind::BadResult(c) => write!(f, "{c:?} is not a TRF result"),
            TrfErrorKind::BadEntry => write!(f, "the result does not fit the opponent and colour"),
            TrfErrorKind::Repeated(n) => write!(f, "starting number {n} is given twice"),
            TrfErrorKind::OwnOpponent => write!(f, "a player cannot meet themself"),
            TrfErrorKind::UnknownOpponent(n) => write!(f, "opponent {n} has no player line"),
            TrfErrorKind::Disagrees(n) => write!(f, "player {n}'s entry for this game disagrees"),
            TrfErrorKind::Points { written, counted } => write!(
                f,
                "the points say {}.{} but the results add up to {}.{}",
                written / 10,
                written % 10,
                counted / 10,
                counted % 10
            ),
            TrfErrorKind::NoPlayers => write!(f, "the file has no player lines (001)"),
            TrfErrorKind::NoRounds => write!(f, "the number of rounds (XXR) is not given"),
            TrfErrorKind::Finished(r) => write!(f, "all {r} rounds are already paired"),
        }
    }
}

impl std::error::Error for TrfError {}

fn err(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// Characters `from..to` (0-based) of a line, padded with blanks.
fn cols(chars: &[char], from: usize, to: usize) -> String {
    (from..to)
        .map(|i| chars.get(i).copied().unwrap_or(' '))
        .collect()
}

fn number(s: &str, line: usize, column: usize) -> Result<u32, TrfError> {
    s.trim()
        .parse()
        .map_err(|_| err(line, column, TrfErrorKind::NotANumber(s.trim().to_string())))
}

fn optional_number(s: &str, line: usize, column: usize) -> Result<Option<u32>, TrfError> {
    if s.trim().is_empty() {
        Ok(None)
    } else {
        number(s, line, column).map(Some)
    }
}

/// A score with one decimal (`3.5`, ` 10`), in tenths.
fn tenths(s: &str, line: usize, column: usize) -> Result<u32, TrfError> {
    let t = s.trim();
    let bad = || err(line, column, TrfErrorKind::NotANumber(t.to_string()));
    let (whole, frac) = t.split_once('.').unwrap_or((t, "0"));
    if whole.is_empty() && frac.is_empty() {
        return Err(bad());
    }
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    if frac.len() != 1 {
        return Err(bad());
    }
    let frac: u32 = frac.parse().map_err(|_| bad())?;
    Ok(whole * 10 + frac)
}

/// One round entry of a player line; `at` is its 0-based first column.
fn entry(chars: &[char], at: usize, me: u32, line: usize) -> Result<Option<Round>, TrfError> {
    let opp_text = cols(chars, at, at + 4);
    let colour = chars.get(at + 5).copied().unwrap_or(' ');
    let result = chars.get(at + 7).copied().unwrap_or(' ');
    if opp_text.trim().is_empty() && colour == ' ' && result == ' ' {
        return Ok(None);
    }
    let opponent = match opp_text.trim() {
        "" | "0000" => None,
        t => {
            let n = number(t, line, at + 1)?;
            if n == 0 {
                None
            } else if n == me {
                return Err(err(line, at + 1, TrfErrorKind::OwnOpponent));
            } else {
                Some(Entrant(n))
            }
        }
    };
    let side = match colour {
        'w' | 'W' => Some(Side::First),
        'b' | 'B' => Some(Side::Second),
        '-' | ' ' => None,
        c => return Err(err(line, at + 6, TrfErrorKind::BadColour(c))),
    };
    let bad = || err(line, at + 8, TrfErrorKind::BadEntry);
    let played = |score| match (opponent, side) {
        (Some(opponent), Some(side)) => Ok(Round::Played {
            opponent,
            side,
            score,
            sets: None,
        }),
        _ => Err(bad()),
    };
    let round = match result.to_ascii_uppercase() {
        '1' | 'W' => played(Score::Win)?,
        '=' | 'D' => played(Score::Draw)?,
        '0' | 'L' => played(Score::Loss)?,
        c @ ('+' | '-') => match opponent {
            Some(opponent) => Round::Forfeit {
                opponent,
                side: side.unwrap_or(Side::First),
                won: c == '+',
            },
            None if c == '+' => Round::Bye(Bye::PairingAllocated),
            None => Round::Bye(Bye::Zero),
        },
        c @ ('H' | 'F' | 'U' | 'Z' | ' ') => {
            if opponent.is_some() || side.is_some() {
                return Err(bad());
            }
            Round::Bye(match c {
                'H' => Bye::Half,
                'F' => Bye::Full,
                'U' => Bye::PairingAllocated,
                _ => Bye::Zero,
            })
        }
        c => return Err(err(line, at + 8, TrfErrorKind::BadResult(c))),
    };
    Ok(Some(round))
}

fn player_line(chars: &[char], line: usize) -> Result<TrfPlayer, TrfError> {
    if chars.len() < 89 {
        return Err(err(line, chars.len() + 1, TrfErrorKind::TooShort));
    }
    let number_at = number(&cols(chars, 4, 8), line, 5)?;
    let rating = optional_number(&cols(chars, 48, 52), line, 49)?;
    let points = tenths(&cols(chars, 80, 84), line, 81)?;
    let rank = optional_number(&cols(chars, 85, 89), line, 86)?;
    let mut rounds = Vec::new();
    let mut at = 91;
    while at < chars.len() {
        rounds.push(entry(chars, at, number_at, line)?);
        at += 10;
    }
    while rounds.last() == Some(&None) {
        rounds.pop();
    }
    Ok(TrfPlayer {
        number: Entrant(number_at),
        name_block: cols(chars, 9, 47),
        rating,
        id_block: cols(chars, 53, 80),
        points,
        rank,
        rounds,
    })
}

/// Reads a TRF file.
pub fn parse(text: &str) -> Result<Trf, TrfError> {
    let mut trf = Trf {
        players: Vec::new(),
        rounds: None,
        initial: None,
        points: PointSystem::default(),
        points_given: false,
        other: Vec::new(),
    };
    let mut pab_given = false;
    let mut player_lines = Vec::new();
    for (i, raw) in text.split(['\r', '\n']).enumerate() {
        let line = i + 1;
        let chars: Vec<char> = raw.chars().collect();
        if chars.iter().all(|c| c.is_whitespace()) {
            continue;
        }
        let code = cols(&chars, 0, 3);
        let value = cols(&chars, 3, chars.len().max(3));
        let point = |trf_value: &str| tenths(trf_value, line, 5);
        match code.as_str() {
            "001" => {
                let p = player_line(&chars, line)?;
                if trf.players.iter().any(|q: &TrfPlayer| q.number == p.number) {
                    return Err(err(line, 5, TrfErrorKind::Repeated(p.number.0)));
                }
                trf.players.push(p);
                player_lines.push(line);
            }
            "XXR" | "142" => trf.rounds = Some(number(&value, line, 5)?),
            "XXC" => {
                for word in value.split_whitespace() {
                    match word {
                        "white1" => trf.initial = Some(Side::First),
                        "black1" => trf.initial = Some(Side::Second),
                        _ => {}
                    }
                }
            }
            "152" => match value.trim() {
                "W" => trf.initial = Some(Side::First),
                "B" => trf.initial = Some(Side::Second),
                v => {
                    return Err(err(
                        line,
                        5,
                        TrfErrorKind::BadColour(v.chars().next().unwrap_or(' ')),
                    ))
                }
            },
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let v = point(&value)?;
                trf.points_given = true;
                match code.as_str() {
                    "BBW" => {
                        trf.points.win = v;
                        if !pab_given {
                            trf.points.pairing_bye = v;
                        }
                    }
                    "BBD" => trf.points.draw = v,
                    "BBL" => trf.points.loss = v,
                    "BBZ" => trf.points.zero_bye = v,
                    "BBF" => trf.points.forfeit_loss = v,
                    _ => {
                        trf.points.pairing_bye = v;
                        pab_given = true;
                    }
                }
            }
            _ => trf.other.push(raw.trim_end().to_string()),
        }
    }
    if trf.players.is_empty() {
        return Err(err(0, 0, TrfErrorKind::NoPlayers));
    }
    check(&trf, &player_lines)?;
    Ok(trf)
}

/// Each game told the same way by both players, and each player's points
/// what their results add up to.
fn check(trf: &Trf, lines: &[usize]) -> Result<(), TrfError> {
    let by: HashMap<Entrant, usize> = trf
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.number, i))
        .collect();
    for (i, p) in trf.players.iter().enumerate() {
        let line = lines[i];
        for (r, round) in p.rounds.iter().enumerate() {
            let column = 92 + 10 * r;
            let Some(round) = round else { continue };
            let Some(o) = round.opponent() else { continue };
            let Some(&oi) = by.get(&o) else {
                return Err(err(line, column, TrfErrorKind::UnknownOpponent(o.0)));
            };
            let theirs = trf.players[oi].rounds.get(r).copied().flatten();
            let agrees = match (*round, theirs) {
                (
                    Round::Played { side, score, .. },
                    Some(Round::Played {
                        opponent,
                        side: s2,
                        score: sc2,
                        ..
                    }),
                ) => opponent == p.number && side != s2 && score.other() == sc2,
                (
                    Round::Forfeit { won, .. },
                    Some(Round::Forfeit {
                        opponent, won: w2, ..
                    }),
                ) => opponent == p.number && !(won && w2),
                _ => false,
            };
            if !agrees {
                return Err(err(line, column, TrfErrorKind::Disagrees(o.0)));
            }
        }
        let counted: u32 = p
            .rounds
            .iter()
            .map(|r| {
                r.map(|r| crate::swiss::round_points(&r, &trf.points))
                    .unwrap_or(0)
            })
            .sum();
        if counted != p.points {
            return Err(err(
                line,
                81,
                TrfErrorKind::Points {
                    written: p.points,
                    counted,
                },
            ));
        }
    }
    Ok(())
}

/// Whether a round took part in the pairing.
fn paired(r: &Option<Round>) -> bool {
    match r {
        Some(r) => r.opponent().is_some() || matches!(r, Round::Bye(Bye::PairingAllocated)),
        None => false,
    }
}

impl Trf {
    /// The number of rounds paired so far: the last round in which anyone
    /// had an opponent or the pairing-allocated bye.
    pub fn paired_rounds(&self) -> u32 {
        self.players
            .iter()
            .filter_map(|p| p.rounds.iter().rposition(paired))
            .map(|i| i as u32 + 1)
            .max()
            .unwrap_or(0)
    }

    /// The colour the first-ranked player had in round 1: as given, or as
    /// the earliest round with colours shows (the highest-ranked player
    /// with a colour that round, reversed for every higher player who was
    /// there without one), white when nothing tells.
    pub fn initial_colour(&self) -> Side {
        if let Some(c) = self.initial {
            return c;
        }
        let mut order: Vec<&TrfPlayer> = self.players.iter().collect();
        order.sort_by_key(|p| p.number);
        let first = order
            .iter()
            .filter_map(|p| {
                p.rounds
                    .iter()
                    .position(|r| matches!(r, Some(Round::Played { .. })))
            })
            .min();
        let Some(f) = first else { return Side::First };
        let mut flips = 0;
        for p in order {
            if !p.rounds.iter().take(f + 1).any(paired) {
                continue;
            }
            if let Some(Some(Round::Played { side, .. })) = p.rounds.get(f) {
                return if flips % 2 == 0 { *side } else { side.other() };
            }
            flips += 1;
        }
        Side::First
    }

    /// The field to pair the next round from.
    pub fn field(&self) -> Result<Field, TrfError> {
        let rounds = self.rounds.ok_or(err(0, 0, TrfErrorKind::NoRounds))?;
        let played = self.paired_rounds();
        if played >= rounds {
            return Err(err(0, 0, TrfErrorKind::Finished(rounds)));
        }
        let mut players: Vec<&TrfPlayer> = self.players.iter().collect();
        players.sort_by_key(|p| p.number);
        let competitors = players
            .into_iter()
            .map(|p| {
                let rounds: Vec<Round> = (0..played as usize)
                    .map(|r| {
                        p.rounds
                            .get(r)
                            .copied()
                            .flatten()
                            .unwrap_or(Round::Bye(Bye::Zero))
                    })
                    .collect();
                let absent = matches!(p.rounds.get(played as usize), Some(Some(Round::Bye(_))));
                Competitor {
                    entrant: p.number,
                    history: History { rounds },
                    absent,
                }
            })
            .collect();
        Ok(Field {
            competitors,
            played,
            rounds,
            initial: self.initial_colour(),
            points: self.points,
        })
    }
}
