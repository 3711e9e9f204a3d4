//! Why `novuss loadtest` could not run: an option out of bounds, a URL
//! off this machine, too few open files, or no novuss server to drive.
//! What goes wrong in the rooms while it runs is counted, not an error
//! (`kind`).

use super::address::UrlProblem;
use super::{idle, MAX_DURATION_S, MAX_ROOMS, MAX_SPECTATORS, MAX_THINK_S};
use crate::client::http::HttpError;
use crate::client::player::PlayerError;

/// Why the load test stopped. Nothing was reported.
///
/// Its `Display` is the one line of English that `novuss` prints after
/// `error: `, the cause's own words included.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// `--url` or `--also-url` is not a loopback server's URL.
    #[error("--url {url:?}: {problem}")]
    Url {
        /// The URL given.
        url: String,
        /// What is wrong with it.
        problem: UrlProblem,
    },
    /// `--rooms` out of bounds.
    #[error("--rooms takes 1 to {}", MAX_ROOMS)]
    Rooms,
    /// `--duration` out of bounds.
    #[error("--duration takes 1 to {} s", MAX_DURATION_S)]
    Duration,
    /// `--warm-up` out of bounds.
    #[error("--warm-up takes 0 s to less than --duration")]
    WarmUp,
    /// `--spectators` out of bounds.
    #[error("--spectators takes 0 to {}", MAX_SPECTATORS)]
    Spectators,
    /// `--think` out of bounds.
    #[error("--think takes 0 to {} s", MAX_THINK_S)]
    Think,
    /// `--idle` out of bounds.
    #[error("--idle takes 1 to {} sockets", idle::MAX_IDLE)]
    Idle,
    /// `--idle-games` out of bounds.
    #[error("--idle-games takes 1 to {most} (at most one game a socket)")]
    IdleGames {
        /// The most games for the sockets asked for.
        most: usize,
    },
    /// `--idle-creates` out of bounds.
    #[error("--idle-creates takes 1 to {}", idle::MAX_CREATES)]
    IdleCreates,
    /// The rooms need more sockets than the open-file limit allows.
    #[error(
        "{rooms} rooms with {spectators} spectators need {sockets} sockets, more than the \
         open-file limit of {limit} allows: raise the hard limit (ulimit -Hn) or ask for fewer"
    )]
    RoomFiles {
        /// Rooms asked for.
        rooms: usize,
        /// Spectators a room.
        spectators: usize,
        /// The sockets they hold.
        sockets: u64,
        /// The open-file limit in force.
        limit: u64,
    },
    /// The idle mode needs more sockets than the open-file limit allows.
    #[error(
        "--idle {sockets} needs {sockets} sockets, more than the open-file limit of {limit} \
         allows: raise the hard limit (ulimit -Hn) or ask for fewer"
    )]
    IdleFiles {
        /// Sockets asked for.
        sockets: usize,
        /// The open-file limit in force.
        limit: u64,
    },
    /// The async runtime could not start.
    #[error("cannot start the runtime: {0}")]
    Runtime(#[source] std::io::Error),
    /// Nothing answered `/api/health` at a URL.
    #[error("no server answers at {url}: {error}")]
    NoServer {
        /// The URL.
        url: String,
        /// Why.
        #[source]
        error: HttpError,
    },
    /// Something answered `/api/health`, but not as novuss does.
    #[error("{url} answered /api/health with {status}: not a novuss server?")]
    NotNovuss {
        /// The URL.
        url: String,
        /// The answer's status.
        status: u16,
    },
    /// A game of the idle mode could not be made.
    #[error(
        "cannot set up game {game} of {games}: {error} (a server with its default limit \
         on new games takes 10 at once an address: see --create-burst)"
    )]
    SetUp {
        /// Which game, from 1.
        game: usize,
        /// Of how many.
        games: usize,
        /// Why.
        #[source]
        error: PlayerError,
    },
    /// A game of the idle mode came back without its invitation.
    #[error(
        "cannot set up game {game} of {games}: the new game has no invitation (a server with \
         its default limit on new games takes 10 at once an address: see --create-burst)"
    )]
    NoInvitation {
        /// Which game, from 1.
        game: usize,
        /// Of how many.
        games: usize,
    },
    /// The figures could not be written as JSON.
    #[error("{0}")]
    Json(#[source] serde_json::Error),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_the_sentences_the_command_line_prints() {
        assert_eq!(LoadError::Rooms.to_string(), "--rooms takes 1 to 20000");
        assert_eq!(
            LoadError::Duration.to_string(),
            "--duration takes 1 to 3600 s"
        );
        assert_eq!(LoadError::Think.to_string(), "--think takes 0 to 60 s");
        assert_eq!(
            LoadError::WarmUp.to_string(),
            "--warm-up takes 0 s to less than --duration"
        );
        assert_eq!(
            LoadError::IdleGames { most: 10 }.to_string(),
            "--idle-games takes 1 to 10 (at most one game a socket)"
        );
        assert_eq!(
            LoadError::RoomFiles {
                rooms: 400,
                spectators: 1,
                sockets: 1200,
                limit: 1024
            }
            .to_string(),
            "400 rooms with 1 spectators need 1200 sockets, more than the open-file limit \
             of 1024 allows: raise the hard limit (ulimit -Hn) or ask for fewer"
        );
        assert_eq!(
            LoadError::NotNovuss {
                url: "http://127.0.0.1:8080/".to_owned(),
                status: 404
            }
            .to_string(),
            "http://127.0.0.1:8080/ answered /api/health with 404: not a novuss server?"
        );
    }
}
