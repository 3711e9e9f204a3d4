//! What the referee says about a stroke, and why.
//!
//! Every decision in a [`Verdict`] is a typed [`Reason`] that carries its
//! clauses ([`RuleRef`]); the sentence a player reads is made from it at the
//! edge ([`English`]), so a player can learn the rules from the verdicts.

mod english;
mod reason;

use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::rules::profile::ProfileId;
use crate::rules::set::{DiscId, SetResult, Side};
use crate::seat::Seat;
use crate::table::{Corner, Cushion};

pub use english::{English, Words};
pub use reason::{Reason, TurnEnds};

// Rule references are a leaf of their own, so that a set's result can cite
// its clauses without the set depending on the verdict.
pub use crate::rules::clause::{rule, RuleRef};

/// How the striker began its path (`000` 2.0; `001` "Direct strokes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StrokeKind {
    /// It touched a disc before any cushion, or nothing at all.
    Direct,
    /// It touched a cushion first.
    Rebound,
}

/// The striker's first contact with a disc, or its absence.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstContact {
    /// Discs (ids) the striker touched first; several when touched within
    /// [`crate::rules::referee::SIMULTANEOUS`] of each other.
    pub discs: Vec<DiscId>,
    /// Cushions the striker touched before that, in order.
    pub cushions_before: Vec<Cushion>,
}

/// The fouls a stroke or a player's conduct can commit. Each one's clauses
/// are [`FoulKind::rules`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum FoulKind {
    /// The striker fell into a pocket.
    StrikerPocketed,
    /// The striker left the table.
    StrikerOffTable,
    /// A direct stroke touched nothing while the player had light discs.
    DirectTouchedNothing,
    /// A direct stroke touched an opponent's disc first (or at once).
    DirectOpponentFirst,
    /// A direct stroke touched one of the player's dark discs first.
    DirectOwnDark,
    /// A rebound touched an opponent's disc first while the player had
    /// light discs.
    ReboundOpponentFirst,
    /// A rebound reached a dark disc in the edge zone without the opposite
    /// cushion.
    ReboundDarkWithoutOppositeCushion,
    /// A rebound touched nothing while the player had light discs.
    ReboundTouchedNothing,
    /// With only dark discs left the striker missed the required cushion.
    DarkOnlyMissedCushion,
    /// An opponent's disc was driven into their blind zone.
    BlindDrive,
    /// A direct stroke drove an opponent's disc out of their blind zone.
    OutOfBlind,
    /// An opponent's disc was driven off the table.
    OpponentOffTable,
    /// The player touched the striker while discs were moving.
    TouchedMovingStriker,
    /// The player moved discs by hand, cue or anything else.
    DislodgedDisc,
    /// The player refused to stroke.
    RefusedStroke,
    /// The cue moved the striker twice.
    DoubleStroke,
}

/// A foul with the discs it concerns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Foul {
    /// Which foul.
    pub kind: FoulKind,
    /// The discs it concerns (struck first, driven, dislodged).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discs: Vec<DiscId>,
}

/// A disc put somewhere by the referee.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    /// The disc.
    pub disc: DiscId,
    /// Its centre.
    pub at: DVec2,
}

/// A body that crossed a pocket too fast to fall into it ("jumped the
/// pocket"). No rule turns on it, so it is no [`Reason`]; but a player who
/// sees a disc run over a pocket and stay on the table asks why, and the
/// verdict says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Jumped {
    /// The disc; absent for the striker.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disc: Option<DiscId>,
    /// The pocket it jumped.
    pub pocket: Corner,
}

/// The penalty of a stroke: one disc at most (`000` 3.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Penalty {
    /// The side that pays.
    pub side: Side,
    /// Where the penalty disc went; empty when it became a debt.
    pub placed: Vec<Placed>,
    /// The side's debt after this penalty.
    pub debt: u32,
}

/// Who strokes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "turn", rename_all = "snake_case")]
pub enum Turn {
    /// The same player strokes again (a series, `000` 1.17).
    Continues,
    /// The turn passes.
    Passes {
        /// The seat of the player to stroke next.
        to: Seat,
    },
    /// The set is over.
    SetOver,
}

/// Everything the referee decided about one stroke or conduct action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Verdict {
    /// The rule profile it was judged by.
    pub profile: ProfileId,
    /// The seat that played.
    pub seat: Seat,
    /// The side (colour) it plays for.
    pub side: Side,
    /// Direct or rebound; absent for a conduct action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<StrokeKind>,
    /// What the striker touched first; absent for a conduct action.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_contact: Option<FirstContact>,
    /// Discs that fell into pockets and stay there.
    pub pocketed: Vec<DiscId>,
    /// Discs that left the table, where the referee put them.
    pub off_table: Vec<Placed>,
    /// Discs put back where they were before the stroke.
    pub restored: Vec<Placed>,
    /// Bodies that ran over a pocket too fast to fall, in the order they
    /// did; empty for most strokes (and absent from older records).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub jumped: Vec<Jumped>,
    /// The fouls committed, in the order found.
    pub fouls: Vec<Foul>,
    /// The penalty disc, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty: Option<Penalty>,
    /// Penalty discs owed from earlier strokes, placed now that discs are
    /// available (`000` 3.2–3.3; `002` 5.3–5.4).
    pub debt_paid: Vec<Placed>,
    /// Who strokes next.
    pub turn: Turn,
    /// How the set ended, if this ended it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub set_result: Option<SetResult>,
    /// Each decision, in order; [`Reason::rules`] gives its clauses and
    /// [`English`] its sentence.
    pub reasons: Vec<Reason>,
}

impl Verdict {
    /// A verdict with nothing decided yet, for `seat` playing for `side`;
    /// reuses `old`'s buffers.
    pub(crate) fn reset(mut old: Verdict, profile: ProfileId, seat: Seat, side: Side) -> Verdict {
        old.profile = profile;
        old.seat = seat;
        old.side = side;
        old.kind = None;
        old.first_contact = None;
        old.pocketed.clear();
        old.off_table.clear();
        old.restored.clear();
        old.jumped.clear();
        old.fouls.clear();
        old.penalty = None;
        old.debt_paid.clear();
        old.turn = Turn::Continues;
        old.set_result = None;
        old.reasons.clear();
        old
    }

    /// A value that holds no buffers, to swap a reused verdict out with
    /// (no allocation).
    pub(crate) fn empty() -> Verdict {
        Verdict::placeholder_with(Vec::new())
    }

    /// An empty value to hand over buffers with.
    pub(crate) fn placeholder() -> Verdict {
        // Sized for a typical stroke's decisions: no regrowth.
        Verdict::placeholder_with(Vec::with_capacity(8))
    }

    fn placeholder_with(reasons: Vec<Reason>) -> Verdict {
        Verdict {
            profile: ProfileId::default(),
            seat: Seat::South,
            side: Side::new(0),
            kind: None,
            first_contact: None,
            pocketed: vec![],
            off_table: vec![],
            restored: vec![],
            jumped: vec![],
            fouls: vec![],
            penalty: None,
            debt_paid: vec![],
            turn: Turn::Continues,
            set_result: None,
            reasons,
        }
    }

    /// Whether the stroke committed `kind`.
    pub fn has(&self, kind: FoulKind) -> bool {
        self.fouls.iter().any(|f| f.kind == kind)
    }

    /// Whether any decision cites `clause` of `doc`.
    pub fn cites(&self, doc: &str, clause: &str) -> bool {
        self.reasons
            .iter()
            .any(|r| r.rules().iter().any(|c| c.doc == doc && c.clause == clause))
    }
}
