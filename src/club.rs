//! `novuss club`: a competition's tables on the command line, from the
//! club crate (crates/novuss-club).

use std::path::PathBuf;

use novuss_club::trf::{self, TrfError};
use novuss_club::{berger, pair_dutch, Cycles, RoundRobinError, SwissError};

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
}

impl std::fmt::Display for ClubError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClubError::RoundRobin(e) => write!(f, "{e}"),
            ClubError::Json(e) => write!(f, "cannot write the rounds as JSON: {e}"),
            ClubError::File(p, e) => write!(f, "{}: {e}", p.display()),
            ClubError::Trf(p, e) => write!(f, "{} is not a valid TRF file: {e}", p.display()),
            ClubError::Swiss(e) => write!(f, "cannot pair the round: {e}"),
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
    }
}
