//! The ids and secrets every feature names things by, each checked once
//! where a request or a row names it: a game's id (32 lowercase hex digits
//! of a random 128-bit number, so that a game cannot be found by
//! guessing), a person's public id, and the secrets of sessions and
//! invitations. A leaf: it depends on nothing of the server but its
//! error codes.

use std::borrow::Borrow;
use std::fmt;

use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize};
use sha2::{Digest, Sha256};

use crate::error::{Code, Failure};

/// A checked game id. As JSON it is its text; read from JSON (a notice
/// of another instance) it is checked as [`GameId::parse`] checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct GameId(String);

impl<'de> Deserialize<'de> for GameId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<GameId, D::Error> {
        let text = String::deserialize(d)?;
        GameId::parse(&text).map_err(|f| serde::de::Error::custom(f.detail))
    }
}

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

/// A checked competition id: 32 lowercase hex digits of a random 128-bit
/// number, as a game's, so that an unlisted competition cannot be found
/// by guessing either.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct CompetitionId(String);

impl<'de> Deserialize<'de> for CompetitionId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<CompetitionId, D::Error> {
        let text = String::deserialize(d)?;
        CompetitionId::parse(&text).map_err(|f| serde::de::Error::custom(f.detail))
    }
}

impl CompetitionId {
    /// A new random id.
    pub fn random() -> CompetitionId {
        CompetitionId(format!("{:032x}", rand::rng().random::<u128>()))
    }

    /// `text` as an id: anything but 32 lowercase hex digits names no
    /// competition (`unknown_competition`).
    pub fn parse(text: &str) -> Result<CompetitionId, Failure> {
        if is_lower_hex(text, 32) {
            Ok(CompetitionId(text.to_owned()))
        } else {
            Err(Failure::new(
                Code::UnknownCompetition,
                format!("no competition has the id {text:?}"),
            ))
        }
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for CompetitionId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A person's public id: 16 random bytes in hex. It names them in games
/// and on their page, and proves nothing.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct PersonId(String);

impl PersonId {
    /// A new random id.
    pub fn random() -> PersonId {
        PersonId(hex::encode(random_bytes::<16>()))
    }

    /// An id read back from the database or a request: 32 lowercase hex
    /// digits, or `None`.
    pub fn parse(text: &str) -> Option<PersonId> {
        is_lower_hex(text, 32).then(|| PersonId(text.to_owned()))
    }

    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl<'de> Deserialize<'de> for PersonId {
    /// Only a well-formed id: one read from a notice another instance
    /// sent is checked like one read from a request.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<PersonId, D::Error> {
        let text = String::deserialize(d)?;
        PersonId::parse(&text).ok_or_else(|| serde::de::Error::custom("not a person's id"))
    }
}

impl fmt::Display for PersonId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A secret: a session's or an invitation's. Shown once (in a cookie or
/// a link), stored only as its [`Secret::hash`], and never logged: its
/// `Debug` hides it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(…)")
    }
}

impl Secret {
    /// 256 random bits from the operating system, in hex.
    pub fn random() -> Secret {
        Secret(hex::encode(random_bytes::<32>()))
    }

    /// A secret as a client sent it: 64 lowercase hex digits, or `None`
    /// (anything else was never one of ours).
    pub fn parse(text: &str) -> Option<Secret> {
        is_lower_hex(text, 64).then(|| Secret(text.to_owned()))
    }

    /// The secret itself, to hand to its owner.
    pub fn reveal(&self) -> &str {
        &self.0
    }

    /// What is stored: its SHA-256, in hex.
    pub fn hash(&self) -> String {
        hex::encode(Sha256::digest(self.0.as_bytes()))
    }
}

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The operating system's generator failing is a broken machine: no
    // identity can be made safely without it.
    getrandom::fill(&mut bytes).expect("the operating system's random source failed");
    bytes
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
