//! References to the rule books' clauses: a leaf that every part of the
//! rules (a set's result, the referee's verdict) can cite without
//! depending on each other.

use serde::Serialize;

/// A clause of one of the rule books in `shared/seeds`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct RuleRef {
    /// `000` (Australia 1992 guide), `001` (LNF 2017), `002` (Rules of
    /// Novuss) or `003` (koroona).
    pub doc: &'static str,
    /// The clause: a number (`3.6.5`) or, for `001` and `003`, the heading
    /// and item (`Penalty disc •4`).
    pub clause: &'static str,
}

/// A reference to `clause` of document `doc`.
pub const fn rule(doc: &'static str, clause: &'static str) -> RuleRef {
    RuleRef { doc, clause }
}
