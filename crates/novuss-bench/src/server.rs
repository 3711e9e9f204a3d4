//! `novuss bench-server`: the server's figures on this machine, measured
//! on a real server with a temporary database file (docs/benchmarks.md,
//! "The server").
//!
//! * start-up: opening a new database (creating and migrating it) and
//!   binding the port, until the first request is answered;
//! * server time per human stroke: the whole path of a stroke request
//!   inside the server (check, simulate, judge, commit to SQLite, tell the
//!   game's clients), the strokes chosen by the geometric player;
//! * strokes committed per second: one game at a time, and several games
//!   at once;
//! * round trip: a stroke sent over a loopback WebSocket until its result
//!   comes back;
//! * the page's weight: every file of the embedded web client.
//!
//! Those are [`figures`]. Other modes measure what load does to the server
//! ([`Modes`]): a long game's strokes and its load after a restart
//! ([`long_game`]), a client's game under floods of heavy requests
//! ([`flood`]), the memory of idle WebSockets ([`idle`]), and what rating
//! the real table costs as rated competitions accumulate
//! ([`table_ratings`]). Each is in its
//! own module below.
//!
//! Where a figure needs the server as a process of its own (the process
//! start-up, and the other modes), the running program is started again as
//! `novuss serve` (`child`): these are meant to be called from the `novuss`
//! binary, as `novuss bench-server` does.

use serde::Serialize;

mod child;
mod data_dir;
mod error;
pub mod figures;
pub mod flood;
mod grow;
pub mod idle;
pub mod long_game;
pub mod table_ratings;

pub use error::BenchError;
pub use figures::ServerFigures;

/// The modes of `novuss bench-server` besides the default figures; at most
/// one at a time.
#[derive(clap::Args, Debug, Default)]
pub struct Modes {
    /// Grow one hot-seat game to N strokes and compare the server time per
    /// stroke around stroke 100 with the last strokes; then restart the
    /// server and time loading it while another game plays.
    #[arg(long, value_name = "N", conflicts_with_all = ["flood", "idle_sockets"])]
    pub long_game: Option<usize>,
    /// A client playing 10 strokes/s, alone and then while other clients
    /// flood the server with replays, uploads, analyses, hints and new games.
    #[arg(long, conflicts_with = "idle_sockets")]
    pub flood: bool,
    /// Seconds of each flood phase (alone, flooded).
    #[arg(long, value_name = "SECONDS", default_value_t = 20.0)]
    pub flood_secs: f64,
    /// Flooding clients per kind of request.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub flood_clients: usize,
    /// Strokes of the long game the floods replay and analyse.
    #[arg(long, value_name = "N", default_value_t = 3000)]
    pub flood_long_game: usize,
    /// Only these kinds of flood (repeatable, or comma-separated):
    /// `replay`, `upload`, `analysis`, `hint`, `create`; all by default.
    #[arg(long, value_name = "KIND", value_delimiter = ',',
          value_parser = ["replay", "upload", "analysis", "hint", "create"])]
    pub flood_only: Vec<String>,
    /// Open N WebSockets that say hello and stay silent, and measure the
    /// server's memory per socket (the server runs as a process).
    #[arg(long, value_name = "N")]
    pub idle_sockets: Option<usize>,
    /// Play N rated competitions on real tables one after another and time
    /// the result that finishes each (it waits for the real-table rating),
    /// and another competition's change while the last is rated.
    #[arg(long, value_name = "N", conflicts_with_all = ["long_game", "flood", "idle_sockets"])]
    pub table_ratings: Option<usize>,
}

/// Runs `novuss bench-server`: the mode `modes` asks for, or the default
/// figures with `strokes` strokes per figure; as JSON or text.
pub fn measure(strokes: usize, modes: &Modes, json: bool) -> Result<String, BenchError> {
    fn show<T: Serialize>(f: &T, json: bool, text: fn(&T) -> String) -> Result<String, BenchError> {
        if json {
            serde_json::to_string_pretty(f).map_err(BenchError::Json)
        } else {
            Ok(text(f))
        }
    }
    let verbose = !json;
    if let Some(n) = modes.long_game {
        long_game::run(n, verbose).and_then(|f| show(&f, json, long_game::LongGameFigures::text))
    } else if modes.flood {
        let o = flood::FloodOptions {
            secs: modes.flood_secs,
            clients: modes.flood_clients,
            long_game: modes.flood_long_game,
            only: modes.flood_only.clone(),
        };
        flood::run(o, verbose).and_then(|f| show(&f, json, flood::FloodFigures::text))
    } else if let Some(n) = modes.table_ratings {
        table_ratings::run(n, verbose)
            .and_then(|f| show(&f, json, table_ratings::TableRatingFigures::text))
    } else if let Some(n) = modes.idle_sockets {
        idle::run(n, verbose).and_then(|f| show(&f, json, idle::IdleFigures::text))
    } else {
        figures::run(strokes.max(10)).and_then(|f| show(&f, json, ServerFigures::text))
    }
}
