//! A game as the lists read it: its row, and the names of the people who
//! hold its seats now. A name given at the table, or an account's user
//! name, reaches the games page, "Resume a game" and the lobby's live
//! games this way, not only the room (issue 31, "Names"): the names typed
//! in the new-game form are only where a seat's holder has none.

use std::collections::HashMap;

use sqlx::any::AnyRow;

use super::error::StoreError;
use super::read::{game_id, maybe_int, maybe_text, person_id, player_id};
use super::rows::GameRow;
use crate::ids::{GameId, PersonId};

/// A listed game's row, with the display names of its seats' holders.
#[derive(Clone, Debug)]
pub struct ListedRow {
    /// The game.
    pub game: GameRow,
    /// `(player, name)` for each seat whose holder goes by a name (the one
    /// they chose, else their account's user name), by player.
    pub names: Vec<(usize, String)>,
    /// The players whose seats' holder was forgotten at their request
    /// (they have no name: the pages say "a deleted player").
    pub forgotten: Vec<usize>,
}

/// The columns a seat-names query selects, in order: the game, the
/// player, the holder's display name, the holder and when they were
/// forgotten (NULL: never). Each list's query selects its
/// games again in a sub-select, the same way as the list itself.
pub(super) const SEAT_NAMES: &str = concat!(
    "SELECT s.game_id, s.player, ",
    shown_name!(),
    ", s.person_id, p.forgotten FROM seats s JOIN people p ON p.id = s.person_id ",
    account_of_p!(),
    " WHERE s.game_id IN "
);

/// `games` with the names of `seats` (rows selected by [`SEAT_NAMES`]).
/// A name row that cannot be read is left out: its seat then shows the
/// name the game was made with, as it always did.
pub(super) fn with_names(games: Vec<GameRow>, seats: &[AnyRow]) -> Vec<ListedRow> {
    type Held = (usize, Option<String>, PersonId, bool);
    let mut by_game: HashMap<GameId, Vec<Held>> = HashMap::new();
    for r in seats {
        let read = (|| {
            let id = game_id(r, 0, "(seat names)")?;
            let player = player_id(r, 1, id.as_str())?;
            let name = maybe_text(r, 2, id.as_str())?;
            let person = person_id(r, 3, id.as_str())?;
            let forgotten = maybe_int(r, 4, id.as_str())?.is_some();
            Ok::<_, StoreError>((id, player, name, person, forgotten))
        })();
        match read {
            Ok((id, player, name, person, forgotten)) => {
                by_game
                    .entry(id)
                    .or_default()
                    .push((player.index(), name, person, forgotten));
            }
            Err(e) => tracing::warn!(error = %e, "a seat's name left out of a list"),
        }
    }
    games
        .into_iter()
        .map(|game| {
            let seats = by_game.remove(&game.id).unwrap_or_default();
            // As in the room (`people/seats.rs`): a person goes by their
            // own name in the one seat they hold; the seats of one person
            // playing them all at one screen keep the names typed for them.
            let mut names: Vec<(usize, String)> = seats
                .iter()
                .filter(|(_, _, person, _)| {
                    seats.iter().filter(|(_, _, q, _)| q == person).count() == 1
                })
                .filter_map(|(player, name, _, _)| name.clone().map(|n| (*player, n)))
                .collect();
            names.sort_by_key(|(player, _)| *player);
            let mut forgotten: Vec<usize> = seats
                .iter()
                .filter(|(_, _, _, f)| *f)
                .map(|(player, _, _, _)| *player)
                .collect();
            forgotten.sort_unstable();
            ListedRow {
                game,
                names,
                forgotten,
            }
        })
        .collect()
}
