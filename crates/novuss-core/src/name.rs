//! Names read from the command line or a form: closed lists, and the typed
//! error for a name that is not on them.

use std::fmt;

/// A name that is not one of a closed list. It carries the list, not the
/// text given: the caller has that.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum UnknownName {
    /// Not `singles`, `doubles` or `four_player`.
    Format,
    /// Not `lnf-2017`, `australia-1992` or `koroona`.
    Profile,
    /// Not `south`, `west`, `north` or `east`.
    Seat,
}

impl UnknownName {
    /// What was being named: "format", "rule profile" or "seat".
    pub fn what(self) -> &'static str {
        match self {
            UnknownName::Format => "format",
            UnknownName::Profile => "rule profile",
            UnknownName::Seat => "seat",
        }
    }

    /// The names that are accepted.
    pub fn expected(self) -> &'static str {
        match self {
            UnknownName::Format => "singles, doubles, four_player",
            UnknownName::Profile => "lnf-2017, australia-1992, koroona",
            UnknownName::Seat => "south, west, north, east",
        }
    }
}

impl fmt::Display for UnknownName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown {} ({})", self.what(), self.expected())
    }
}

impl std::error::Error for UnknownName {}
