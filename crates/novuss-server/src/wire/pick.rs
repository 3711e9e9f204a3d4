//! One of a closed list as a client names it, in a request.

use std::str::FromStr;

use serde::{Deserialize, Deserializer};

/// One of a closed list (a format, a rule profile, a computer level) as a
/// client names it: the value, or the text it sent when that names none.
///
/// A name that is not text is a malformed body (`bad_message`, as any
/// mistyped field); text that names nothing is refused by whoever reads it
/// with the list to choose from (a new game's set-up: `bad_setup`; a hint's
/// level: `bad_message`), rather than by the parser with serde's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick<T> {
    /// The value named.
    Known(T),
    /// Text that names none of the list.
    Unknown(String),
}

impl<T: Copy> Pick<T> {
    /// The value, or the text that names none.
    pub fn known(&self) -> Result<T, &str> {
        match self {
            Pick::Known(v) => Ok(*v),
            Pick::Unknown(name) => Err(name),
        }
    }
}

impl<'de, T: FromStr> Deserialize<'de> for Pick<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let name = String::deserialize(d)?;
        Ok(match name.parse() {
            Ok(v) => Pick::Known(v),
            Err(_) => Pick::Unknown(name),
        })
    }
}
