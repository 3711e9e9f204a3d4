//! Time in games between people (docs/protocol.md, "Clocks and absence"):
//! the stroke clock, the grace an absent player has on their turn before
//! the opponent may claim, and the period after which an untouched game
//! is abandoned.
//!
//! Every deadline is worked out from stored times: the moment the turn in
//! play began (`games.turn_at`, written with each event and when the last
//! invited seat is taken) and, for absence, the moment a player's last
//! socket closed. So a restart neither resets a clock nor loses it: the
//! hub works the same deadlines out again when the game is loaded. What is
//! held only in memory is who is connected, and a restart disconnects
//! everyone: the absence grace then counts from the restart, since nobody
//! could come back while the server was down.

use std::time::Duration;

/// Milliseconds since 1970.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The server's time limits (`novuss serve --absence-grace`,
/// `--abandon-after`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// How long a player may be away on their turn before the opponent
    /// may claim.
    pub absence_grace: Duration,
    /// The same after their page said goodbye (it was closed, not cut
    /// off by the network): shorter, since they chose to go.
    pub bye_grace: Duration,
    /// How long a game nobody touches stays open before it is abandoned.
    pub abandon_after: Duration,
    /// After this long without a word from a WebSocket's client, the
    /// server pings it; after as long again without one, it closes the
    /// socket (a browser answers pings by itself, a dead peer or a
    /// client that holds sockets open and reads nothing does not).
    pub socket_ping: Duration,
}

impl Timing {
    /// lichess's figures: a minute's grace, a few seconds after a
    /// goodbye; a month for an untouched game.
    pub const DEFAULT: Timing = Timing {
        absence_grace: Duration::from_secs(60),
        bye_grace: Duration::from_secs(10),
        abandon_after: Duration::from_secs(30 * 24 * 3600),
        socket_ping: Duration::from_secs(30),
    };

    /// `grace` for an absence, and the goodbye's grace no longer than it.
    pub fn with_grace(mut self, grace: Duration) -> Timing {
        self.absence_grace = grace;
        self.bye_grace = self.bye_grace.min(grace);
        self
    }

    /// The grace after a goodbye (`bye`) or a lost connection, in ms.
    pub fn grace_ms(&self, bye: bool) -> i64 {
        let g = if bye {
            self.bye_grace
        } else {
            self.absence_grace
        };
        g.as_millis() as i64
    }
}

impl Default for Timing {
    fn default() -> Timing {
        Timing::DEFAULT
    }
}
