//! The short, fixed kinds of trouble the load test counts, in the words
//! its report uses for them. Never a server's text: a thousand rooms that
//! fail the same way make one line, and the words stay the same from run
//! to run so that runs compare.

use crate::client::player::PlayerError;

/// What a room's request to the server got back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answered {
    /// An error: its status and code (empty when it has none).
    Refused {
        /// The status.
        status: u16,
        /// The error's code.
        code: String,
    },
    /// No answer: the connection failed, or the answer could not be read.
    Connection,
    /// No answer in time.
    Timeout,
}

impl From<&PlayerError> for Answered {
    fn from(error: &PlayerError) -> Answered {
        match error {
            PlayerError::Refused { status, code, .. } => Answered::Refused {
                status: *status,
                code: code.clone(),
            },
            _ => Answered::Connection,
        }
    }
}

impl std::fmt::Display for Answered {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answered::Refused { status, code } => write!(f, "{status} {code}"),
            Answered::Connection => f.write_str("connection"),
            Answered::Timeout => f.write_str("timeout"),
        }
    }
}

/// Why a room's game, or one person at it, stopped: one count in the
/// report's errors, by its words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RoomError {
    /// The game could not be created.
    #[error("create: {0}")]
    Create(Answered),
    /// The invited seat could not be taken.
    #[error("join: {0}")]
    Join(Answered),
    /// The new game came back without the invitation it was asked for.
    #[error("create: no invitation")]
    NoInvitation,
    /// The local mirror of the game is not where the server is (or the
    /// game could not be mirrored at all).
    #[error("mirror")]
    Mirror,
    /// The geometric player found no stroke.
    #[error("choose")]
    Choose,
    /// A person's WebSocket could not be opened.
    #[error("connect")]
    Connect,
    /// A dropped WebSocket could not be opened again.
    #[error("socket")]
    Socket,
    /// A stroke did not come back in time.
    #[error("timeout")]
    Timeout,
    /// The server refused a stroke: its code.
    #[error("refused: {0}")]
    Refused(String),
    /// A person's task panicked.
    #[error("panic")]
    Panic,
    /// A room was still going when the run's time was up.
    #[error("room did not finish")]
    Unfinished,
}

/// Why one of the idle mode's sockets did not open: one count in its
/// report's failures, by its words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SocketFailure {
    /// The upgrade request could not be made.
    #[error("request")]
    Request,
    /// No connection could be made.
    #[error("connect")]
    Connect,
    /// The server answered the upgrade with this status.
    #[error("upgrade: {0}")]
    Upgrade(u16),
    /// The connection closed or failed before the upgrade was answered: a
    /// server over its cap answers only so many refusals at once.
    #[error("upgrade: connection")]
    UpgradeConnection,
    /// `hello` was answered with an error: its code.
    #[error("hello: {0}")]
    Hello(String),
    /// The socket failed or closed before its `state`.
    #[error("hello: socket")]
    HelloSocket,
    /// Opening took longer than its limit.
    #[error("timeout")]
    Timeout,
    /// The opening task panicked.
    #[error("panic")]
    Panic,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::http::HttpError;
    use crate::client::player::Request;

    #[test]
    fn kinds_keep_the_answer_and_drop_the_rest() {
        let refused = PlayerError::Refused {
            request: Request::Create,
            status: 429,
            code: "rate_limited".to_owned(),
        };
        assert_eq!(
            RoomError::Create((&refused).into()).to_string(),
            "create: 429 rate_limited"
        );
        let unanswered = PlayerError::Http(HttpError::Connect {
            addr: "127.0.0.1:1".parse().unwrap(),
            error: std::io::ErrorKind::ConnectionRefused.into(),
        });
        assert_eq!(
            RoomError::Join((&unanswered).into()).to_string(),
            "join: connection"
        );
        assert_eq!(
            RoomError::Create(Answered::Timeout).to_string(),
            "create: timeout"
        );
        assert_eq!(SocketFailure::Upgrade(503).to_string(), "upgrade: 503");
    }
}
