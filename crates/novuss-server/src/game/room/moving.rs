//! A stroke still moving when a client connects: those at the game saw it
//! made and watch it roll; a page opened (or reloaded) meanwhile is told
//! how long ago it was made, so that it shows the rest of it rather than
//! its end at once.

use super::*;

/// How long after a stroke's motion ends it still counts as moving, ms:
/// pages show a stroke for a moment before it moves (the cue drawn back,
/// the computer's aim), so its motion ends on their screens that much
/// later.
const SHOWN_BEFORE_MS: i64 = 2_000;

impl Room {
    /// The `moving` message for a client that connects at `now_ms` and is
    /// sent the events after `since`: when the last of them is a stroke
    /// whose motion may still be playing on the screens of those who saw
    /// it made (the turn it began is when it was made).
    pub fn moving_message(&self, since: u64, now_ms: i64) -> Option<Arc<str>> {
        let (event, duration) = self.last_stroke?;
        if event != self.event || event <= since {
            return None;
        }
        let elapsed = now_ms.saturating_sub(self.turn_at).max(0);
        let moves_for = (duration * 1000.0) as i64 + SHOWN_BEFORE_MS;
        (elapsed < moves_for).then(|| {
            Notice::Moving {
                event,
                elapsed_ms: elapsed as u64,
            }
            .text()
        })
    }
}
