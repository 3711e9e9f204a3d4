//! What one player of a game between people offers and the other side
//! answers (docs/protocol.md, "Offers"): taking back a stroke, and a
//! rematch with the seats swapped. Between people neither happens on one
//! side's word: a take-back changes the opponent's game, and a rematch
//! needs them at the table.
//!
//! An offer lives in the room only (it is not an event, and a restart
//! forgets it: the player asks again); an event clears it, since it was
//! made about the game as it was. What it leads to is stored like any
//! change: the take-back as an event, the rematch as a new game.

use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::{Deserialize, Serialize};

/// What is offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    /// The offerer's last stroke taken back (casual games only, never
    /// rated ones).
    TakeBack,
    /// The match again, with the seats swapped, once it is over.
    Rematch,
}

/// An offer waiting for the other side's answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Offer {
    /// What.
    pub kind: OfferKind,
    /// The player who offers.
    pub player: PlayerId,
    /// Their seat.
    pub seat: Seat,
    /// The game's event when it was made.
    pub event: u64,
}

/// The order of the old game's players in a rematch: player 0 of the new
/// game is the one who sat second (in doubles, the other team opens; in
/// a four-player game everyone moves on one), so that the other side
/// opens from the south seat. The page's own rematch (web/game/rematch.js)
/// swaps the same way.
pub fn rematch_order(format: novuss_core::rules::set::Format, players: usize) -> Vec<usize> {
    match format {
        novuss_core::rules::set::Format::Doubles => vec![2, 3, 0, 1],
        _ => (0..players).map(|k| (k + 1) % players).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use novuss_core::rules::set::Format;

    #[test]
    fn a_rematch_lets_the_other_side_open() {
        assert_eq!(rematch_order(Format::Singles, 2), [1, 0]);
        assert_eq!(rematch_order(Format::Doubles, 4), [2, 3, 0, 1]);
        assert_eq!(rematch_order(Format::FourPlayer, 4), [1, 2, 3, 0]);
    }
}
