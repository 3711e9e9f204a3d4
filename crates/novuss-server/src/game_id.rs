//! A game's id: 32 lowercase hex digits of a random 128-bit number, so
//! that a game cannot be found by guessing. It is checked once, where a
//! request names it; everything inside the server takes a [`GameId`].

use std::borrow::Borrow;
use std::fmt;

use rand::Rng;

use crate::error::{Code, Failure};

/// A checked game id.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// A new random id.
    pub fn random() -> GameId {
        GameId(format!("{:032x}", rand::rng().random::<u128>()))
    }

    /// `text` as an id: anything but 32 lowercase hex digits names no
    /// game (`unknown_game`), without a look in the database.
    pub fn parse(text: &str) -> Result<GameId, Failure> {
        if is_lower_hex(text, 32) {
            Ok(GameId(text.to_owned()))
        } else {
            Err(Failure::new(
                Code::UnknownGame,
                format!("no game has the id {text:?}"),
            ))
        }
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Whether `text` is exactly `len` lowercase hex digits: the form of every
/// random id and secret the server hands out.
pub(crate) fn is_lower_hex(text: &str, len: usize) -> bool {
    text.len() == len
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A map keyed by [`GameId`] can be asked by the id's text.
impl Borrow<str> for GameId {
    fn borrow(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_32_lowercase_hex_digits_name_a_game() {
        let id = GameId::random();
        assert_eq!(GameId::parse(id.as_str()).unwrap(), id);
        for bad in [
            "",
            "0123456789abcdef0123456789abcde",
            "0123456789abcdef0123456789abcdef0",
            "0123456789ABCDEF0123456789abcdef",
            "../../etc/passwd",
            "0123456789abcdef0123456789abcdeg",
        ] {
            assert_eq!(GameId::parse(bad).unwrap_err().code, Code::UnknownGame);
        }
    }
}
