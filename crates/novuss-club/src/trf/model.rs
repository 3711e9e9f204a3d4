//! The tournament a TRF file tells: its players and their rounds, the
//! file's settings, what can be wrong with it, and the field to pair the
//! next round from.

use crate::results::{Bye, Entrant, History, Round, Side};
use crate::swiss::{Competitor, Field, PointSystem};

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

impl TrfPlayer {
    /// Round `index` (from 0) as the standings and the pairing read it: as
    /// the file gives it, or, left blank or beyond the file's last round,
    /// a zero-point bye (FIDE C.07 16.1: a round not played scores nothing).
    pub fn round(&self, index: usize) -> Round {
        self.rounds
            .get(index)
            .copied()
            .flatten()
            .unwrap_or(Round::Bye(Bye::Zero))
    }
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

pub(crate) fn err(line: usize, column: usize, kind: TrfErrorKind) -> TrfError {
    TrfError { line, column, kind }
}

/// Whether a round took part in the pairing.
fn paired(r: &Option<Round>) -> bool {
    match r {
        Some(r) => r.opponent().is_some() || matches!(r, Round::Bye(Bye::PairingAllocated)),
        None => false,
    }
}

impl Trf {
    /// Its players as the standings read them, by starting number: each
    /// paired round as the file gives it, a round it leaves blank a
    /// zero-point bye (FIDE C.07 16.1).
    pub fn participants(&self) -> Vec<crate::standings::Participant> {
        let rounds = self.paired_rounds() as usize;
        let mut players: Vec<&TrfPlayer> = self.players.iter().collect();
        players.sort_by_key(|p| p.number);
        players
            .into_iter()
            .map(|p| crate::standings::Participant {
                entrant: p.number,
                history: History {
                    rounds: (0..rounds).map(|r| p.round(r)).collect(),
                },
                rating: p.rating,
            })
            .collect()
    }

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
                let rounds: Vec<Round> = (0..played as usize).map(|r| p.round(r)).collect();
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
