//! The referee's decisions in plain English sentences, made from the typed
//! [`Reason`]s at the edge. Another language is another implementation of
//! [`Words`]; nothing in the referee changes.

use super::{FoulKind, Reason, TurnEnds};
use crate::rules::set::{ReplayReason, SetResult, WinReason};

/// The sentences of one language.
pub trait Words {
    /// The sentence for one decision.
    fn reason(&self, reason: &Reason) -> String;
    /// What a foul is.
    fn foul(&self, kind: FoulKind) -> &'static str;
    /// How a set was won.
    fn win(&self, how: WinReason) -> &'static str;
    /// Why a set is replayed.
    fn replay(&self, why: ReplayReason) -> &'static str;
    /// A set's result in a few words.
    fn result(&self, result: &SetResult) -> String;
}

/// English.
#[derive(Clone, Copy, Debug, Default)]
pub struct English;

impl Words for English {
    fn reason(&self, reason: &Reason) -> String {
        let s: &str = match reason {
            Reason::Foul { kind } => self.foul(*kind),
            Reason::AllMovedRestored => {
                "After a stroke against the rules every disc it moved is put back."
            }
            Reason::Restored => "Discs moved against the rules are put back where they were.",
            Reason::OffTablePlaced => "Discs that left the table are placed in the centre circle.",
            Reason::SeveralRestored { count } => {
                return format!(
                    "{count} discs had to be put back after one foul: the set is forfeited."
                )
            }
            Reason::TurnPasses { why } => match why {
                TurnEnds::NoOwnDisc => "No own disc was pocketed: the turn passes.",
                TurnEnds::OpponentDisc => "An opponent's disc was pocketed: the turn passes.",
                TurnEnds::DiscLeftTable => "A disc left the table: the turn passes.",
                TurnEnds::StrikerReturned => {
                    "The striker slid back over the player's own zone line while the player had no dark disc: the turn passes."
                }
                TurnEnds::Foul => "A foul ends the turn.",
            },
            Reason::SeriesContinues => {
                "An own disc was pocketed with a correct stroke: the series goes on."
            }
            Reason::PenaltyOwed => {
                "One penalty disc, owed as a debt until one of the side's discs is pocketed."
            }
            Reason::PenaltyPlaced => {
                "One penalty disc is put back on the middle line at the cushion opposite the offender."
            }
            Reason::DoublesPenaltyWaits => {
                "In doubles a penalty disc is not put out before the line-up at its cushion has been disturbed: it is owed until then."
            }
            Reason::DebtPaid => {
                "The turn is over: owed penalty discs are put out now that pocketed discs are available."
            }
            Reason::DebtPaidNoDiscsLeft => {
                "The side has no disc left on the table but owes penalty discs: they are put out now."
            }
            Reason::LastDiscWithFoul => "The last disc was pocketed with a foul: the set is lost.",
            Reason::FourPlayerNoLoss => {
                "In four-player social games a set is not lost for a foul; the penalty disc stands."
            }
            Reason::OutOfTurnPenalty => {
                "Playing out of turn in a four-player game costs a penalty disc (a house rule: no document gives one)."
            }
            Reason::OutOfTurnForfeits => "Playing out of turn forfeits the set.",
            Reason::BothLastDiscs => "Both sides' last discs fell in one correct stroke.",
            Reason::OpeningCleared => {
                "All discs were pocketed in the opening turn: the opponent may reply in one turn."
            }
            Reason::Won { how } => self.win(*how),
            Reason::Replayed { why } => self.replay(*why),
            Reason::InterferenceStrokeAgain => {
                "Outside interference made the player miss the stroke: it is played again."
            }
            Reason::Warning { note } => return format!("Warning: {note}"),
            Reason::Forfeit { note } => return format!("The set is forfeited: {note}"),
        };
        s.to_string()
    }

    fn foul(&self, kind: FoulKind) -> &'static str {
        use FoulKind::*;
        match kind {
            StrikerPocketed => "The striker fell into a pocket: penalty disc and loss of turn.",
            StrikerOffTable => "The striker left the table: penalty disc and loss of turn.",
            DirectTouchedNothing => "A direct stroke must touch a disc while the player has light discs.",
            DirectOpponentFirst => "A direct stroke must touch one of the player's own light discs first, not an opponent's disc (nor both at once).",
            DirectOwnDark => "A dark disc may not be struck directly; it is put back.",
            ReboundOpponentFirst => "While the player has light discs, a rebound may not touch an opponent's disc first.",
            ReboundDarkWithoutOppositeCushion => "A dark disc in the edge zone may be reached by a rebound only off the opposite cushion (a disc in the circle off any cushion).",
            ReboundTouchedNothing => "A stroke that touches no disc while the player has light discs is not a correct shot.",
            DarkOnlyMissedCushion => "With only dark discs left the striker must first touch the opposite cushion, or a side cushion and then an own disc in the circle.",
            BlindDrive => "An opponent's disc may not be driven into their blind zone.",
            OutOfBlind => "A direct stroke drove an opponent's disc out of their blind zone; it stays where it is.",
            OpponentOffTable => "An opponent's disc was driven off the table.",
            TouchedMovingStriker => "The player touched the striker while discs were moving.",
            DislodgedDisc => "The player moved discs by hand, cue or other means; they are put back.",
            RefusedStroke => "The player refused to make a stroke.",
            DoubleStroke => "The cue moved the striker twice; moved discs are put back.",
        }
    }

    fn win(&self, how: WinReason) -> &'static str {
        match how {
            WinReason::PocketedAll => "The side pocketed all its discs first and wins the set.",
            WinReason::NoDiscsLeft => "The side has no discs left on the table and wins the set.",
            WinReason::ClearedInOpeningTurn => {
                "The reply turn did not clear the table: the opening side wins."
            }
            WinReason::OpponentLastDiscWithFoul => {
                "The opponent pocketed its last disc with a foul and loses the set."
            }
            WinReason::OpponentSeveralRestored => {
                "The opponent had several discs put back after one foul and loses the set."
            }
            WinReason::OpponentOutOfTurn => "The opponent played out of turn and loses the set.",
            WinReason::OpponentForfeited => "The organiser forfeited the opponent.",
        }
    }

    fn replay(&self, why: ReplayReason) -> &'static str {
        match why {
            ReplayReason::FirstTurnClears => {
                "Both sides cleared the table in their first turn: the set is replayed."
            }
            ReplayReason::BothLastDiscs => {
                "Both last discs fell in one correct stroke: the set is replayed."
            }
            ReplayReason::BlindMisses => {
                "Both players missed their blind discs three times: the set is replayed."
            }
            ReplayReason::Interference => {
                "Outside interference disturbed the discs: the set is replayed."
            }
        }
    }

    fn result(&self, result: &SetResult) -> String {
        match result {
            SetResult::Won { winner, how } => format!("{winner} won: {}", self.win(*how)),
            SetResult::Drawn => "Drawn.".to_string(),
            SetResult::Replay { why } => self.replay(*why).to_string(),
        }
    }
}
