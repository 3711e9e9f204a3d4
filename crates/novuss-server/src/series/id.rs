//! A series' id: 32 random lowercase hex digits, as a competition's, so
//! that nobody finds a series by guessing.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::{Code, Failure};
use crate::ids::is_lower_hex;

/// A series' id.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(transparent)]
pub struct SeriesId(String);

impl<'de> Deserialize<'de> for SeriesId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SeriesId, D::Error> {
        let text = String::deserialize(d)?;
        SeriesId::parse(&text).map_err(|f| serde::de::Error::custom(f.detail))
    }
}

impl SeriesId {
    /// A new random id.
    pub fn random() -> SeriesId {
        use rand::Rng;
        SeriesId(format!("{:032x}", rand::rng().random::<u128>()))
    }

    /// `text` as an id: anything but 32 lowercase hex digits names no
    /// series (`unknown_series`).
    pub fn parse(text: &str) -> Result<SeriesId, Failure> {
        if is_lower_hex(text, 32) {
            Ok(SeriesId(text.to_owned()))
        } else {
            Err(unknown(text))
        }
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for SeriesId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// No series has the id `text`.
pub fn unknown(text: &str) -> Failure {
    Failure::new(
        Code::UnknownSeries,
        format!("no series has the id {text:?}"),
    )
}
