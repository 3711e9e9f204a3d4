//! How a set ends, as types that carry their rule references.

use serde::{Deserialize, Serialize};

use super::Side;
use crate::rules::clause::{rule, RuleRef};

/// How a set ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case", deny_unknown_fields)]
pub enum SetResult {
    /// `winner` won the set, for the reason `how`.
    Won {
        /// The side that won.
        winner: Side,
        /// Why it won.
        how: WinReason,
    },
    /// Drawn: both sides' last discs fell in one correct stroke (`000` 1.27,
    /// 4.5), under the profiles that score it so.
    Drawn,
    /// The set is to be played again (`000` 1.24, 4.4, 4.6; `002` 7.1, 7.2).
    Replay {
        /// Why; the match reads it to decide who opens the replay.
        why: ReplayReason,
    },
}

/// Why a side won a set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum WinReason {
    /// It pocketed all its discs first (`001` "The Game"; `000` 4.2; `002`
    /// 7.1, 9).
    PocketedAll,
    /// It has no disc left on the table and owes none, after another side's
    /// stroke pocketed its last ones (`001` "The Game"; `000` 4.2).
    NoDiscsLeft,
    /// It cleared the table in the opening turn and the reply did not
    /// (`000` 4.6; `002` 7.1).
    ClearedInOpeningTurn,
    /// The opponent pocketed its own last disc with a foul (`000` 1.26, 4.5;
    /// `002` 7.2).
    OpponentLastDiscWithFoul,
    /// The opponent had to have several discs put back after one foul
    /// (`000` 3.6.3, 3.6.4, 3.6.14, 6.2).
    OpponentSeveralRestored,
    /// The opponent played out of turn (`000` 5.7, 6.6).
    OpponentOutOfTurn,
    /// The organiser forfeited the opponent for repeated breaches (`000`
    /// 1.28).
    OpponentForfeited,
}

impl WinReason {
    /// The clauses that decide it.
    pub fn rules(self) -> &'static [RuleRef] {
        const POCKETED_ALL: &[RuleRef] = &[
            rule("001", "The Game"),
            rule("000", "4.2"),
            rule("002", "7.1"),
            rule("002", "9"),
        ];
        const NO_DISCS: &[RuleRef] = &[rule("001", "The Game"), rule("000", "4.2")];
        const OPENING: &[RuleRef] = &[rule("000", "4.6"), rule("002", "7.1")];
        const FOUL_LAST: &[RuleRef] =
            &[rule("000", "1.26"), rule("000", "4.5"), rule("002", "7.2")];
        const SEVERAL: &[RuleRef] = &[
            rule("000", "3.6.3"),
            rule("000", "3.6.4"),
            rule("000", "3.6.14"),
            rule("000", "6.2"),
        ];
        const OUT_OF_TURN: &[RuleRef] = &[rule("000", "6.6"), rule("000", "5.7")];
        const FORFEIT: &[RuleRef] = &[rule("000", "1.28")];
        match self {
            WinReason::PocketedAll => POCKETED_ALL,
            WinReason::NoDiscsLeft => NO_DISCS,
            WinReason::ClearedInOpeningTurn => OPENING,
            WinReason::OpponentLastDiscWithFoul => FOUL_LAST,
            WinReason::OpponentSeveralRestored => SEVERAL,
            WinReason::OpponentOutOfTurn => OUT_OF_TURN,
            WinReason::OpponentForfeited => FORFEIT,
        }
    }
}

/// Why a set is played again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ReplayReason {
    /// Both sides cleared the table in their first turn (`000` 4.6, 5.5;
    /// `002` 7.1). The match may swap ends for the replay.
    FirstTurnClears,
    /// Both sides' last discs fell in one correct stroke, under profiles
    /// that replay it (`002` 7.2).
    BothLastDiscs,
    /// Both players missed their blind discs three times running (`000`
    /// 4.4).
    BlindMisses,
    /// Outside interference disturbed the discs (`000` 1.24).
    Interference,
}

impl ReplayReason {
    /// The clauses that decide it.
    pub fn rules(self) -> &'static [RuleRef] {
        const CLEARS: &[RuleRef] = &[rule("000", "4.6"), rule("000", "5.5"), rule("002", "7.1")];
        const BOTH: &[RuleRef] = &[rule("000", "1.27"), rule("002", "7.2")];
        const BLIND: &[RuleRef] = &[rule("000", "4.4")];
        const OUTSIDE: &[RuleRef] = &[rule("000", "1.24")];
        match self {
            ReplayReason::FirstTurnClears => CLEARS,
            ReplayReason::BothLastDiscs => BOTH,
            ReplayReason::BlindMisses => BLIND,
            ReplayReason::Interference => OUTSIDE,
        }
    }
}
