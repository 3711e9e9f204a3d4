//! `novuss club`: a competition's tables on the command line, from the
//! club crate (crates/novuss-club).

use novuss_club::{berger, Cycles, RoundRobinError};

/// Why `novuss club` printed nothing.
#[derive(Debug)]
pub enum ClubError {
    /// The round robin cannot be drawn.
    RoundRobin(RoundRobinError),
    /// The rounds could not be written as JSON.
    Json(serde_json::Error),
}

impl std::fmt::Display for ClubError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClubError::RoundRobin(e) => write!(f, "{e}"),
            ClubError::Json(e) => write!(f, "cannot write the rounds as JSON: {e}"),
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
    }
}
