//! The seats of one side: one player, or two partners in doubles.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::seat::Seat;

/// The seats of one side, in playing order: one player, or two partners
/// (`000` 5.1). A fixed-size value, so a set's state copies without an
/// allocation per side (the referee copies it for every stroke it judges).
/// Reads and writes as a JSON list of at most two seats.
#[derive(Clone, Copy, Eq)]
pub struct SideSeats {
    /// Packed at the front; the entries past `len` are unused.
    seats: [Seat; 2],
    len: u8,
}

impl Default for SideSeats {
    fn default() -> SideSeats {
        SideSeats::new()
    }
}

impl SideSeats {
    /// No seat yet.
    pub const fn new() -> SideSeats {
        SideSeats {
            seats: [Seat::South; 2],
            len: 0,
        }
    }

    /// Adds a seat; `false` (and nothing changes) when the side already has
    /// two.
    pub fn push(&mut self, seat: Seat) -> bool {
        match self.seats.get_mut(self.len as usize) {
            Some(free) => {
                *free = seat;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Removes every seat.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl Deref for SideSeats {
    type Target = [Seat];
    fn deref(&self) -> &[Seat] {
        &self.seats[..self.len as usize]
    }
}

impl fmt::Debug for SideSeats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for SideSeats {
    fn eq(&self, other: &SideSeats) -> bool {
        **self == **other
    }
}

impl std::hash::Hash for SideSeats {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        (**self).hash(h);
    }
}

impl PartialEq<Vec<Seat>> for SideSeats {
    fn eq(&self, other: &Vec<Seat>) -> bool {
        **self == other[..]
    }
}

impl PartialEq<SideSeats> for Vec<Seat> {
    fn eq(&self, other: &SideSeats) -> bool {
        self[..] == **other
    }
}

impl Serialize for SideSeats {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for SideSeats {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<SideSeats, D::Error> {
        let list = Vec::<Seat>::deserialize(d)?;
        let mut seats = SideSeats::new();
        for seat in list {
            if !seats.push(seat) {
                return Err(serde::de::Error::custom("a side has at most two seats"));
            }
        }
        Ok(seats)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_or_two_seats_as_a_list() {
        let mut s = SideSeats::new();
        assert!(s.is_empty());
        assert!(s.push(Seat::West) && s.push(Seat::East) && !s.push(Seat::North));
        assert_eq!(&s[..], &[Seat::West, Seat::East]);
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"["west","east"]"#);
        let back: SideSeats = serde_json::from_str(r#"["north"]"#).unwrap();
        assert_eq!(back, vec![Seat::North]);
        assert!(serde_json::from_str::<SideSeats>(r#"["north","south","east"]"#).is_err());
    }
}
