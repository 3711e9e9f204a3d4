//! Each decision of the referee as a value that carries its clauses. The
//! sentences a player reads are made from these at the edge
//! ([`super::english`]), never stored or parsed.

use serde::{Deserialize, Serialize};

use super::{FoulKind, RuleRef};
use crate::rules::set::{ReplayReason, WinReason};

/// A clause as a constant the compiler can promote to `'static`.
macro_rules! rr {
    ($doc:literal, $clause:literal) => {
        RuleRef {
            doc: $doc,
            clause: $clause,
        }
    };
}

/// Why the turn passes after a stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum TurnEnds {
    /// No own disc was pocketed.
    NoOwnDisc,
    /// An opponent's disc was pocketed.
    OpponentDisc,
    /// A disc left the table.
    DiscLeftTable,
    /// The striker slid back over the player's own zone line while the
    /// player had no dark disc.
    StrikerReturned,
    /// A foul.
    Foul,
}

/// One decision of the referee, in the order it was taken.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case", deny_unknown_fields)]
#[non_exhaustive]
pub enum Reason {
    /// A foul was committed.
    Foul {
        /// Which.
        kind: FoulKind,
    },
    /// After a stroke against the rules every disc it moved is put back
    /// (`001` "Penalty disc" •6).
    AllMovedRestored,
    /// Discs moved against the rules are put back.
    Restored,
    /// Discs that left the table were placed in the centre circle.
    OffTablePlaced,
    /// Several discs had to be put back after one foul: the set is lost.
    SeveralRestored {
        /// How many.
        count: usize,
    },
    /// The turn passes.
    TurnPasses {
        /// Why.
        why: TurnEnds,
    },
    /// An own disc was pocketed with a correct stroke: the series goes on.
    SeriesContinues,
    /// One penalty disc, owed as a debt.
    PenaltyOwed,
    /// One penalty disc, placed.
    PenaltyPlaced,
    /// In doubles the penalty disc waits for the line-up at its cushion to
    /// be disturbed (`000` 5.6).
    DoublesPenaltyWaits,
    /// At the end of a turn, owed penalty discs were put out.
    DebtPaid,
    /// The side has no disc left but owes penalty discs: they are put out
    /// at once.
    DebtPaidNoDiscsLeft,
    /// The last own disc was pocketed with a foul: the set is lost.
    LastDiscWithFoul,
    /// In a four-player game a set is not lost for a foul.
    FourPlayerNoLoss,
    /// In a four-player game playing out of turn costs a penalty disc (a
    /// house rule).
    OutOfTurnPenalty,
    /// Playing out of turn forfeits the set.
    OutOfTurnForfeits,
    /// Both sides' last discs fell in one correct stroke.
    BothLastDiscs,
    /// The opening side cleared in its first turn: the opponent replies.
    OpeningCleared,
    /// A side won the set.
    Won {
        /// How.
        how: WinReason,
    },
    /// The set is to be replayed.
    Replayed {
        /// Why.
        why: ReplayReason,
    },
    /// Outside interference made the player miss: the stroke is played again.
    InterferenceStrokeAgain,
    /// A warning for a breach of the rules (`000` 1.28); `note` is the
    /// referee's own words.
    Warning {
        /// What the referee wrote.
        note: String,
    },
    /// The organiser forfeits the side (`000` 1.28); `note` is the
    /// organiser's own words.
    Forfeit {
        /// What the organiser wrote.
        note: String,
    },
}

impl Reason {
    /// The clauses behind the decision.
    pub fn rules(&self) -> &'static [RuleRef] {
        match self {
            Reason::Foul { kind } => kind.rules(),
            Reason::AllMovedRestored => &[rr!("001", "Penalty disc •6")],
            Reason::Restored => &[
                rr!("001", "Penalty disc •6"),
                rr!("000", "3.6.3"),
                rr!("000", "3.6.4"),
                rr!("002", "4.5"),
            ],
            Reason::OffTablePlaced => &[
                rr!("000", "1.20"),
                rr!("002", "3.9"),
                rr!("001", "Losing the rights to stroke •3"),
            ],
            Reason::SeveralRestored { .. } => WinReason::OpponentSeveralRestored.rules(),
            Reason::TurnPasses { why } => match why {
                TurnEnds::NoOwnDisc => &[
                    rr!("001", "Losing the rights to stroke •1"),
                    rr!("000", "1.18.1"),
                    rr!("002", "6.1.1"),
                ],
                TurnEnds::OpponentDisc => &[
                    rr!("001", "Losing the rights to stroke •2"),
                    rr!("000", "1.18.2"),
                    rr!("002", "6.1.2"),
                ],
                TurnEnds::DiscLeftTable => &[
                    rr!("001", "Losing the rights to stroke •3"),
                    rr!("000", "1.18.3"),
                    rr!("002", "6.1.3"),
                ],
                TurnEnds::StrikerReturned => &[
                    rr!("001", "Losing the rights to stroke •5"),
                    rr!("002", "3.7"),
                    rr!("003", "Un joueur perd son tour •4"),
                ],
                TurnEnds::Foul => &[
                    rr!("001", "Penalty disc"),
                    rr!("000", "1.18.4"),
                    rr!("002", "6.1.4"),
                ],
            },
            Reason::SeriesContinues => &[
                rr!("001", "The Game"),
                rr!("000", "1.17"),
                rr!("002", "3.8"),
            ],
            Reason::PenaltyOwed | Reason::PenaltyPlaced => &[
                rr!("000", "3.1"),
                rr!("000", "3.2"),
                rr!("000", "3.4"),
                rr!("001", "Penalty disc"),
                rr!("002", "5.2"),
                rr!("002", "5.3"),
            ],
            Reason::DoublesPenaltyWaits => &[rr!("000", "5.6")],
            Reason::DebtPaid => &[
                rr!("000", "3.2"),
                rr!("000", "3.3"),
                rr!("002", "5.4"),
                rr!("003", "Pion de pénalité ¶3"),
            ],
            Reason::DebtPaidNoDiscsLeft => &[rr!("000", "3.3"), rr!("003", "Pion de pénalité ¶3")],
            Reason::LastDiscWithFoul => WinReason::OpponentLastDiscWithFoul.rules(),
            Reason::FourPlayerNoLoss => &[rr!("000", "1.1"), rr!("000", "7.2.2")],
            Reason::OutOfTurnPenalty => &[rr!("000", "1.1"), rr!("000", "1.28")],
            Reason::OutOfTurnForfeits => WinReason::OpponentOutOfTurn.rules(),
            Reason::BothLastDiscs => &[rr!("000", "1.27"), rr!("000", "4.5"), rr!("002", "7.2")],
            Reason::OpeningCleared => &[rr!("000", "4.6"), rr!("000", "5.5"), rr!("002", "7.1")],
            Reason::Won { how } => how.rules(),
            Reason::Replayed { why } => why.rules(),
            Reason::InterferenceStrokeAgain => &[rr!("000", "1.24")],
            Reason::Warning { .. } | Reason::Forfeit { .. } => &[rr!("000", "1.28")],
        }
    }
}

impl FoulKind {
    /// The clauses that make it a foul.
    pub fn rules(self) -> &'static [RuleRef] {
        use FoulKind::*;
        match self {
            StrikerPocketed => &[
                rr!("001", "Penalty disc •1"),
                rr!("000", "3.6.17"),
                rr!("002", "5.1.4"),
                rr!("003", "Pion de pénalité •2"),
            ],
            StrikerOffTable => &[
                rr!("001", "Penalty disc •2"),
                rr!("000", "3.6.17"),
                rr!("002", "5.1.5"),
                rr!("003", "Pion de pénalité •2"),
            ],
            DirectTouchedNothing => &[
                rr!("001", "Penalty disc •3"),
                rr!("000", "3.6.1"),
                rr!("003", "Pion de pénalité •1"),
            ],
            DirectOpponentFirst => &[
                rr!("001", "Penalty disc •4"),
                rr!("000", "3.6.2"),
                rr!("000", "3.6.5"),
                rr!("002", "5.1.2"),
                rr!("003", "Pion de pénalité •4"),
            ],
            DirectOwnDark => &[
                rr!("001", "Penalty disc •6"),
                rr!("001", "Direct strokes"),
                rr!("000", "3.6.3"),
                rr!("002", "4.3"),
                rr!("003", "Pion de pénalité •3"),
            ],
            ReboundOpponentFirst => &[
                rr!("001", "Penalty disc •5"),
                rr!("000", "3.6.8"),
                rr!("002", "5.1.3"),
                rr!("003", "Pion de pénalité •5"),
            ],
            ReboundDarkWithoutOppositeCushion => &[
                rr!("001", "Direct strokes"),
                rr!("002", "4.3.1"),
                rr!("002", "4.3.5"),
                rr!("003", "Pions clairs et pions foncés"),
            ],
            ReboundTouchedNothing => &[rr!("002", "2.4.4"), rr!("002", "2.4.1")],
            DarkOnlyMissedCushion => &[
                rr!("000", "3.6.9"),
                rr!("000", "3.6.12"),
                rr!("002", "2.4.2"),
                rr!("002", "2.4.3"),
                rr!("003", "Pion de pénalité •6"),
            ],
            BlindDrive => &[
                rr!("000", "3.6.4"),
                rr!("000", "3.6.11"),
                rr!("002", "4.5"),
                rr!("002", "8.2"),
            ],
            OutOfBlind => &[rr!("000", "3.6.6")],
            OpponentOffTable => &[rr!("000", "3.6.7"), rr!("000", "3.6.10")],
            TouchedMovingStriker => &[rr!("000", "3.6.13")],
            DislodgedDisc => &[rr!("000", "3.6.14"), rr!("000", "6.4")],
            RefusedStroke => &[rr!("000", "3.6.15")],
            DoubleStroke => &[rr!("000", "3.6.16"), rr!("000", "1.16")],
        }
    }
}
