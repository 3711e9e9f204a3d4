//! Why `novuss bench-server` could not measure: an option out of bounds, a
//! server that would not start or answer, a request refused where the
//! benchmark needs it to succeed.

use std::path::PathBuf;

use novuss_ai::player::AiError;
use novuss_core::rules::referee::PlayError;
use novuss_server::Failure;
use novuss_server::StartError;
use novuss_server::StoreError;
use tokio_tungstenite::tungstenite;

use super::{flood, idle, long_game, table_ratings};
use crate::client::http::HttpError;
use crate::client::player::PlayerError;

/// Why the server benchmark stopped. Nothing was reported.
///
/// Its `Display` is the one line of English that `novuss` prints after
/// `error: `, the cause's own words included.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum BenchError {
    /// `--long-game` out of bounds.
    #[error("--long-game takes 1 to {} strokes", long_game::MAX_STROKES)]
    LongGameSize,
    /// `--idle-sockets` out of bounds.
    #[error("--idle-sockets takes 1 to {}", idle::MAX_SOCKETS)]
    IdleSockets,
    /// `--idle-sockets` needs more open files than this process may have.
    #[error(
        "--idle-sockets {sockets} needs more open files than the limit of {limit} allows \
         (N + {}): raise it with `ulimit -n` or ask for fewer",
        idle::SPARE_FILES
    )]
    OpenFiles {
        /// The sockets asked for.
        sockets: usize,
        /// The soft limit on open files.
        limit: u64,
    },
    /// `--table-ratings` out of bounds.
    #[error(
        "--table-ratings takes 1 to {} competitions",
        table_ratings::MAX_COMPETITIONS
    )]
    TableRatings,
    /// A request the benchmark needs was refused: what and how.
    #[error("refused: {0}")]
    Refused(String),
    /// `--flood-secs` out of bounds.
    #[error("--flood-secs takes more than 0 and at most {} s", flood::MAX_SECS)]
    FloodSecs,
    /// `--flood-clients` out of bounds.
    #[error("--flood-clients takes 1 to {}", flood::MAX_CLIENTS)]
    FloodClients,
    /// `--flood-long-game` out of bounds.
    #[error("--flood-long-game takes 1 to {} strokes", flood::MAX_LONG)]
    FloodLongGame,
    /// The async runtime (or the victim's own) could not start.
    #[error("{0}")]
    Runtime(#[source] std::io::Error),
    /// The temporary data directory could not be made.
    #[error("cannot make {}: {error}", dir.display())]
    DataDir {
        /// The directory.
        dir: PathBuf,
        /// Why.
        #[source]
        error: std::io::Error,
    },
    /// The in-process server could not start.
    #[error(transparent)]
    Start(#[from] StartError),
    /// The database of a game grown in-process could not be opened.
    #[error("cannot open the database: {0}")]
    Store(#[source] StoreError),
    /// The server's hub refused a step of an in-process game (making a
    /// person or a game, a stroke, the next set): its detail.
    #[error("{}", .0.detail)]
    Hub(Failure),
    /// The benchmark's own game settings are not a game (a bug here).
    #[error("{0}")]
    Setup(#[source] serde_json::Error),
    /// The geometric player could not choose a stroke.
    #[error("{0}")]
    Decide(#[source] AiError),
    /// The referee refused a gentle stroke of the long game.
    #[error("the gentle stroke was refused at event {event}: {error}")]
    Gentle {
        /// The event the game was at.
        event: u64,
        /// The referee's reason.
        #[source]
        error: PlayError,
    },
    /// Growing a game gave none back (a bug here).
    #[error("no game was grown")]
    NothingGrown,
    /// `/api/health` could not be asked.
    #[error("{0}")]
    Health(#[source] std::io::Error),
    /// `/api/health` answered something else than 200: the answer's start.
    #[error("the server answered {0:.40}")]
    Unhealthy(String),
    /// The round trips' WebSocket failed, or could not open.
    #[error("{0}")]
    Socket(#[source] tungstenite::Error),
    /// The round trips' cookie is not a header value.
    #[error("a bad cookie")]
    Cookie,
    /// The round trips' WebSocket closed before a stroke came back.
    #[error("the socket closed")]
    Closed,
    /// A message that is not JSON, or figures that cannot be written as
    /// JSON.
    #[error("{0}")]
    Json(#[source] serde_json::Error),
    /// The server refused a round trip's stroke: its error message.
    #[error("refused: {0}")]
    StrokeRefused(serde_json::Value),
    /// A task of the benchmark panicked or was cancelled.
    #[error("{0}")]
    Task(#[source] tokio::task::JoinError),
    /// The victim's thread of the floods panicked.
    #[error("the victim's thread panicked")]
    VictimPanicked,
    /// This program's own path is unknown, so it cannot start itself as
    /// `novuss serve`.
    #[error("{0}")]
    Exe(#[source] std::io::Error),
    /// `novuss serve` could not be started.
    #[error("cannot start novuss serve: {0}")]
    Spawn(#[source] std::io::Error),
    /// `novuss serve` started with no standard output to read.
    #[error("no standard output")]
    NoOutput,
    /// `novuss serve` did not print its address: what it printed, when it
    /// was read.
    #[error(
        "novuss serve did not print its address{}",
        .0.as_ref().map(|l| format!(" (it printed {l:?})")).unwrap_or_default()
    )]
    NoAddress(Option<String>),
    /// The server's memory could not be read.
    #[error("cannot read {path}: {error}")]
    Memory {
        /// The `/proc/…/status` file.
        path: String,
        /// Why.
        #[source]
        error: std::io::Error,
    },
    /// The server's `/proc/…/status` has no `VmRSS`.
    #[error("no VmRSS in {0}")]
    NoRss(String),
    /// A request over HTTP failed.
    #[error(transparent)]
    Http(#[from] HttpError),
    /// Creating or playing a game as a client failed.
    #[error(transparent)]
    Player(#[from] PlayerError),
    /// A new game was refused.
    #[error("creating a game: status {0}")]
    CreateStatus(u16),
    /// The long game could not be loaded.
    #[error("loading the long game: status {0}")]
    LoadStatus(u16),
    /// A game's record could not be downloaded.
    #[error("downloading a record: status {0}")]
    RecordStatus(u16),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_the_sentences_the_command_line_prints() {
        assert_eq!(
            BenchError::IdleSockets.to_string(),
            "--idle-sockets takes 1 to 10000"
        );
        assert_eq!(
            BenchError::FloodSecs.to_string(),
            "--flood-secs takes more than 0 and at most 300 s"
        );
        assert_eq!(
            BenchError::OpenFiles {
                sockets: 5000,
                limit: 1024
            }
            .to_string(),
            "--idle-sockets 5000 needs more open files than the limit of 1024 allows \
             (N + 200): raise it with `ulimit -n` or ask for fewer"
        );
        assert_eq!(
            BenchError::NoAddress(None).to_string(),
            "novuss serve did not print its address"
        );
        assert_eq!(
            BenchError::NoAddress(Some("oops\n".to_owned())).to_string(),
            "novuss serve did not print its address (it printed \"oops\\n\")"
        );
        // Only the start of what answered, on the error's one line.
        assert_eq!(
            BenchError::Unhealthy("HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0".into())
                .to_string(),
            "the server answered HTTP/1.1 503 Service Unavailable\r\nconten"
        );
    }
}
