//! How many watch a game, as its clients are told: the players see their
//! audience come and go. A socket joins it on its first `hello` unless it
//! is a player's, so that a player's window is never counted, not even
//! for the moment between its opening and its hello.

use super::*;

impl Room {
    /// A socket of `who` said its first hello: counted in the audience
    /// unless `who` holds a seat. Returns whether it was, for its
    /// [`Room::part`] when it closes.
    pub fn greet(&mut self, who: Option<&PersonId>) -> bool {
        let counted = !self.seats.is_player(who);
        if counted {
            self.audience += 1;
        }
        counted
    }

    /// A socket counted by [`Room::greet`] closed.
    pub fn part(&mut self) {
        self.audience = self.audience.saturating_sub(1);
    }

    /// The sockets open on the game that are not its players': its
    /// audience.
    pub fn audience(&self) -> usize {
        self.audience
    }

    /// The `watchers` message if the audience changed since the clients
    /// were last told; they are told now.
    pub fn audience_news(&mut self) -> Option<Arc<str>> {
        if self.audience == self.audience_told {
            return None;
        }
        self.audience_told = self.audience;
        Some(
            Notice::Watchers {
                count: self.audience,
            }
            .text(),
        )
    }

    /// The `watchers` message for a client that connects; none while
    /// nobody watches (a page starts from none).
    pub fn audience_message(&self) -> Option<Arc<str>> {
        (self.audience_told > 0).then(|| {
            Notice::Watchers {
                count: self.audience_told,
            }
            .text()
        })
    }
}
