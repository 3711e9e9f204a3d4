//! `novuss club`: a competition's tables on the command line, from the
//! club crate (crates/novuss-club).

use std::path::PathBuf;

use novuss_club::trf::{self, Trf, TrfError};
use novuss_club::{
    berger, pair_dutch, standings, Cycles, PairingMethod, Regulations, RoundRobinError, Standing,
    StandingsError, SwissError, TieBreak, TieBreakValue,
};
use serde::Serialize;

/// Why `novuss club` printed nothing.
#[derive(Debug)]
pub enum ClubError {
    /// The round robin cannot be drawn.
    RoundRobin(RoundRobinError),
    /// The rounds could not be written as JSON.
    Json(serde_json::Error),
    /// A file could not be read or written.
    File(PathBuf, std::io::Error),
    /// The pairing file is not valid TRF.
    Trf(PathBuf, TrfError),
    /// The round cannot be paired.
    Swiss(SwissError),
    /// The file's results do not make standings.
    Standings(PathBuf, StandingsError),
}

impl std::fmt::Display for ClubError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClubError::RoundRobin(e) => write!(f, "{e}"),
            ClubError::Json(e) => write!(f, "cannot write the rounds as JSON: {e}"),
            ClubError::File(p, e) => write!(f, "{}: {e}", p.display()),
            ClubError::Trf(p, e) => write!(f, "{} is not a valid TRF file: {e}", p.display()),
            ClubError::Swiss(e) => write!(f, "cannot pair the round: {e}"),
            ClubError::Standings(p, e) => {
                write!(f, "{} cannot be ranked: {e}", p.display())
            }
        }
    }
}

impl std::error::Error for ClubError {}

/// What `novuss club` does.
#[derive(clap::Subcommand, Debug)]
pub enum ClubCommand {
    /// Print a round robin's rounds by FIDE's Berger tables (Handbook
    /// C.05, Annex 1): a line `Round r:` then one `a-b` line per table,
    /// first table first, the first-named entrant breaking first. With an
    /// odd number of entrants, whoever the table pairs with the highest
    /// number rests that round: `--json` says who.
    Berger {
        /// How many entrants (2 to 1000), by draw number from 1.
        #[arg(long)]
        players: u32,
        /// A double round robin: every pair meets twice, each breaking
        /// first once.
        #[arg(long)]
        double: bool,
        /// The rounds as JSON: `[{"number", "pairings": [{"first",
        /// "second"}], "rests"}]`.
        #[arg(long)]
        json: bool,
    },
    /// Pair the next round of a Swiss from a TRF-16 file, as JaVaFo and
    /// bbpPairings do (`--dutch FILE -p [OUT]`): the first line the number
    /// of pairs, then `WHITE BLACK` by starting number, a bye as `N 0`.
    /// "White" breaks first in the first set.
    Pair {
        /// The FIDE Dutch system (C.04.3, the 2026 rules): the TRF file.
        #[arg(long, value_name = "FILE.trf")]
        dutch: PathBuf,
        /// Write the pairings to OUT, or to standard output without it.
        #[arg(short = 'p', num_args = 0..=1, value_name = "OUT")]
        pairings: Option<Option<PathBuf>>,
    },
    /// The standings of a TRF-16 file (as Swiss-Manager writes it), by
    /// FIDE's tie-break regulations (C.07, the 2024 edition): a line per
    /// player with the place (`2-5` when shared), starting number, name,
    /// points and each tie-break.
    Standings {
        /// The TRF file.
        #[arg(value_name = "FILE.trf")]
        file: PathBuf,
        /// The tie-breaks after points, first first, by code: bh, bh_c1,
        /// bh_m1, sb, sb_c1, ps, ps_c1, de, win, won, set_ratio, rating.
        #[arg(
            long,
            value_delimiter = ',',
            default_value = "bh_c1,bh,sb",
            value_parser = tiebreak
        )]
        tiebreaks: Vec<TieBreak>,
        /// The pairings were fixed beforehand (a round robin): a forfeit
        /// counts against the scheduled opponent.
        #[arg(long)]
        round_robin: bool,
        /// The standings as JSON, as the server sends them: `{"tiebreaks",
        /// "rows": [{"place": {"start", "end"}, "entrant", "name",
        /// "points", "values"}]}`, points in tenths (as TRF writes them),
        /// Sonneborn-Berger in hundredths.
        #[arg(long)]
        json: bool,
    },
}

/// A tie-break by its code, for clap.
fn tiebreak(code: &str) -> Result<TieBreak, String> {
    TieBreak::from_code(code).ok_or_else(|| {
        let codes: Vec<&str> = TieBreak::ALL.iter().map(|t| t.code()).collect();
        format!("not a tie-break (one of {})", codes.join(", "))
    })
}

/// Runs `c`: its output, or why it cannot be made.
pub fn run(c: &ClubCommand) -> Result<String, ClubError> {
    match c {
        ClubCommand::Berger {
            players,
            double,
            json,
        } => {
            let cycles = if *double {
                Cycles::Double
            } else {
                Cycles::Single
            };
            let rounds = berger(*players, cycles).map_err(ClubError::RoundRobin)?;
            if *json {
                return serde_json::to_string_pretty(&rounds).map_err(ClubError::Json);
            }
            let mut out = String::new();
            for r in &rounds {
                out.push_str(&format!("Round {}:\n", r.number));
                for p in &r.pairings {
                    out.push_str(&format!("{}-{}\n", p.first, p.second));
                }
            }
            out.pop();
            Ok(out)
        }
        ClubCommand::Pair { dutch, pairings } => {
            let text = std::fs::read(dutch).map_err(|e| ClubError::File(dutch.clone(), e))?;
            let text = String::from_utf8_lossy(&text);
            let file = trf::parse(&text).map_err(|e| ClubError::Trf(dutch.clone(), e))?;
            let field = file.field().map_err(|e| ClubError::Trf(dutch.clone(), e))?;
            let round = pair_dutch(&field).map_err(ClubError::Swiss)?;
            let mut out = format!("{}\n", round.pairs.len() + round.bye.is_some() as usize);
            for (white, black) in &round.pairs {
                out.push_str(&format!("{} {}\n", white.0, black.0));
            }
            if let Some(b) = round.bye {
                out.push_str(&format!("{} 0\n", b.0));
            }
            match pairings {
                Some(Some(path)) => {
                    std::fs::write(path, &out).map_err(|e| ClubError::File(path.clone(), e))?;
                    Ok(String::new())
                }
                _ => {
                    out.pop();
                    Ok(out)
                }
            }
        }
        ClubCommand::Standings {
            file,
            tiebreaks,
            round_robin,
            json,
        } => {
            let text = std::fs::read(file).map_err(|e| ClubError::File(file.clone(), e))?;
            let text = String::from_utf8_lossy(&text);
            let trf = trf::parse(&text).map_err(|e| ClubError::Trf(file.clone(), e))?;
            let regulations = Regulations {
                points: trf.points,
                tiebreaks: tiebreaks.clone(),
                pairing: if *round_robin {
                    PairingMethod::Predetermined
                } else {
                    PairingMethod::Swiss
                },
            };
            let ranked = standings(&trf.participants(), &regulations)
                .map_err(|e| ClubError::Standings(file.clone(), e))?;
            let named: Vec<Named> = ranked
                .rows
                .iter()
                .map(|standing| Named {
                    standing,
                    name: name(&trf, standing),
                })
                .collect();
            if *json {
                let out = NamedStandings {
                    tiebreaks: &ranked.tiebreaks,
                    rows: named,
                };
                return serde_json::to_string_pretty(&out).map_err(ClubError::Json);
            }
            Ok(table(&ranked.tiebreaks, &named))
        }
    }
}

/// A player's name: columns 15-47 of their line (after sex and title).
fn name(trf: &Trf, s: &Standing) -> String {
    trf.players
        .iter()
        .find(|p| p.number == s.entrant)
        .map(|p| p.name_block.chars().skip(5).collect::<String>())
        .unwrap_or_default()
        .trim()
        .to_string()
}

/// A row with its player's name, for `--json`.
#[derive(Serialize)]
struct Named<'a> {
    #[serde(flatten)]
    standing: &'a Standing,
    name: String,
}

/// The standings with names, for `--json`.
#[derive(Serialize)]
struct NamedStandings<'a> {
    tiebreaks: &'a [TieBreak],
    rows: Vec<Named<'a>>,
}

/// Points in tenths as TRF writes them (`3.5`).
fn tenths(v: u64) -> String {
    format!("{}.{}", v / 10, v % 10)
}

/// A tie-break's value as a person reads it, TRF's tenths as points.
fn shown(v: &TieBreakValue) -> String {
    match *v {
        TieBreakValue::Points(p) => tenths(p),
        // Tenths times tenths: hundredths.
        TieBreakValue::PointProducts(p) => format!("{}.{:02}", p / 100, p % 100),
        TieBreakValue::Count(n) | TieBreakValue::Rank(n) => n.to_string(),
        TieBreakValue::SetRatio(s) => format!("{}:{}", s.won, s.lost),
        TieBreakValue::Rating(r) => r.map_or("-".into(), |r| r.to_string()),
    }
}

/// The standings as aligned columns: place, starting number, name,
/// points, then each tie-break under FIDE's acronym (or its code).
fn table(tiebreaks: &[TieBreak], rows: &[Named]) -> String {
    let mut lines = vec![{
        let mut h = vec![
            "Place".to_string(),
            "No".into(),
            "Name".into(),
            "Pts".into(),
        ];
        h.extend(
            tiebreaks
                .iter()
                .map(|t| t.acronym().unwrap_or(t.code()).to_string()),
        );
        h
    }];
    for r in rows {
        let s = r.standing;
        let place = if s.place.start() == s.place.end() {
            s.place.start().to_string()
        } else {
            format!("{}-{}", s.place.start(), s.place.end())
        };
        let mut line = vec![
            place,
            s.entrant.0.to_string(),
            r.name.clone(),
            tenths(s.points),
        ];
        line.extend(s.values.iter().map(shown));
        lines.push(line);
    }
    let columns = lines[0].len();
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            lines
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for l in &lines {
        let mut cells = Vec::with_capacity(columns);
        for (c, cell) in l.iter().enumerate() {
            let w = widths[c];
            // Place and name read left to right; numbers line up right.
            cells.push(if c == 0 || c == 2 {
                format!("{cell:<w$}")
            } else {
                format!("{cell:>w$}")
            });
        }
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out.pop();
    out
}
