//! The hub's side of moderation (docs/moderation.md): what servers hold in
//! memory follows what a moderator stored, here or on another server (a
//! notice through PostgreSQL): a hidden chat line leaves every page that
//! shows it, a line shown again comes back, a closed account's sessions
//! end.

use crate::chat::Line;
use crate::ids::{GameId, PersonId};

use super::Hub;

impl Hub {
    /// Chat line `number` of game `id` was hidden (or shown again) by a
    /// moderator, as stored: the game in memory, if its chat is loaded,
    /// drops it and tells its readers, or reads it back and sends it.
    pub async fn line_hidden(&self, id: &GameId, number: u64, hidden: bool) {
        let Some(shared) = self.loaded(id) else {
            return;
        };
        let shown = match hidden {
            true => None,
            false => match self.store.chat_line(id, number).await {
                Ok(row) => row.and_then(Line::from_row),
                Err(e) => {
                    tracing::warn!(game = %id, line = number, "a line shown again could not be read: {e}");
                    None
                }
            },
        };
        let mut room = shared.lock().await;
        if !room.chat().loaded() {
            return;
        }
        let over = room.game().is_over();
        match (hidden, shown) {
            (true, _) => room.chat_mut().hide(number),
            (false, Some(line)) => room.chat_mut().show(&line, over),
            // Read again before the next line.
            (false, None) => room.chat_mut().unload(),
        }
    }

    /// `person`'s account was closed by a moderator (stored already): any
    /// session of theirs this server holds ends, and their sockets close.
    pub fn closed(&self, person: &PersonId) {
        self.people().forget_person(person);
    }
}
