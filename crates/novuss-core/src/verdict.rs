//! What the referee says about a stroke, and why.
//!
//! Every fact in a [`Verdict`] that a rule decides carries a [`RuleRef`]:
//! the document and clause, with a plain sentence, so a player can learn the
//! rules from the verdicts.

use std::borrow::Cow;

use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::profile::ProfileId;
use crate::seat::Seat;
use crate::set::SetResult;
use crate::table::Cushion;

/// A clause of one of the rule books in `shared/seeds`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RuleRef {
    /// `000` (Australia 1992 guide), `001` (LNF 2017), `002` (Rules of
    /// Novuss) or `003` (koroona).
    pub doc: Cow<'static, str>,
    /// The clause: a number (`3.6.5`) or, for `001` and `003`, the heading
    /// and item (`Penalty disc •4`).
    pub clause: Cow<'static, str>,
}

/// A reference to `clause` of document `doc`.
pub const fn rule(doc: &'static str, clause: &'static str) -> RuleRef {
    RuleRef {
        doc: Cow::Borrowed(doc),
        clause: Cow::Borrowed(clause),
    }
}

/// One explained fact.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reason {
    pub rules: Vec<RuleRef>,
    pub text: String,
}

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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FirstContact {
    /// Discs (ids) the striker touched first; several when touched within
    /// [`crate::referee::SIMULTANEOUS`] of each other.
    pub discs: Vec<u16>,
    /// Cushions the striker touched before that, in order.
    pub cushions_before: Vec<Cushion>,
}

/// The fouls a stroke or a player's conduct can commit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FoulKind {
    StrikerPocketed,
    StrikerOffTable,
    DirectTouchedNothing,
    DirectOpponentFirst,
    DirectOwnDark,
    ReboundOpponentFirst,
    ReboundDarkWithoutOppositeCushion,
    ReboundTouchedNothing,
    DarkOnlyMissedCushion,
    BlindDrive,
    OutOfBlind,
    OpponentOffTable,
    TouchedMovingStriker,
    DislodgedDisc,
    RefusedStroke,
    DoubleStroke,
}

/// A foul with the discs it concerns.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Foul {
    pub kind: FoulKind,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discs: Vec<u16>,
}

/// A disc put somewhere by the referee.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placed {
    pub disc: u16,
    pub at: DVec2,
}

/// The penalty of a stroke: one disc at most (`000` 3.4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Penalty {
    /// The side that pays.
    pub side: usize,
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
    /// The turn passes to the player at `to`.
    Passes { to: Seat },
    /// The set is over.
    SetOver,
}

/// Everything the referee decided about one stroke or conduct action.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Verdict {
    pub profile: ProfileId,
    /// The seat that played.
    pub seat: Seat,
    /// The side (colour) it plays for.
    pub side: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<StrokeKind>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_contact: Option<FirstContact>,
    /// Discs that fell into pockets and stay there.
    pub pocketed: Vec<u16>,
    /// Discs that left the table, where the referee put them.
    pub off_table: Vec<Placed>,
    /// Discs put back where they were before the stroke.
    pub restored: Vec<Placed>,
    pub fouls: Vec<Foul>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub penalty: Option<Penalty>,
    /// Penalty discs owed from earlier strokes, placed now that discs are
    /// available (`000` 3.2–3.3; `002` 5.3–5.4).
    pub debt_paid: Vec<Placed>,
    pub turn: Turn,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set_result: Option<SetResult>,
    /// Each decision with its clauses, in order.
    pub reasons: Vec<Reason>,
}

impl Verdict {
    pub(crate) fn because(&mut self, rules: &[RuleRef], text: impl Into<String>) {
        self.reasons.push(Reason {
            rules: rules.to_vec(),
            text: text.into(),
        });
    }

    /// Whether the stroke committed `kind`.
    pub fn has(&self, kind: FoulKind) -> bool {
        self.fouls.iter().any(|f| f.kind == kind)
    }
}
