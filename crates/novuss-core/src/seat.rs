//! Where a player sits: one of the four cushions.
//!
//! A [`Seat`] is a player's place at the table, named by the compass point
//! of the cushion they stand at. It is a type of its own, not a
//! [`Cushion`], so a player cannot be confused with
//! a cushion the striker touched, nor with the [`Side`](crate::rules::set::Side)
//! (colour) a player plays for. Play passes clockwise (`003`; `000` 5.3),
//! which seen from above with north up is south → west → north → east.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::table::Cushion;

/// A player's seat: the cushion they stand at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// At the south cushion (`y = 0`).
    South,
    /// At the east cushion (`x = size`).
    East,
    /// At the north cushion (`y = size`).
    North,
    /// At the west cushion (`x = 0`).
    West,
}

impl Seat {
    /// All four seats.
    pub const ALL: [Seat; 4] = [Seat::South, Seat::East, Seat::North, Seat::West];

    /// The seat across the table.
    pub fn opposite(self) -> Seat {
        match self {
            Seat::South => Seat::North,
            Seat::North => Seat::South,
            Seat::East => Seat::West,
            Seat::West => Seat::East,
        }
    }

    /// The next seat in playing order: clockwise seen from above, north up
    /// (`003`; `000` 5.3).
    pub fn clockwise(self) -> Seat {
        match self {
            Seat::North => Seat::East,
            Seat::East => Seat::South,
            Seat::South => Seat::West,
            Seat::West => Seat::North,
        }
    }

    /// The cushion the player stands at.
    pub fn cushion(self) -> Cushion {
        match self {
            Seat::South => Cushion::South,
            Seat::East => Cushion::East,
            Seat::North => Cushion::North,
            Seat::West => Cushion::West,
        }
    }

    /// The seat at `cushion`.
    pub fn at(cushion: Cushion) -> Seat {
        match cushion {
            Cushion::South => Seat::South,
            Cushion::East => Seat::East,
            Cushion::North => Seat::North,
            Cushion::West => Seat::West,
        }
    }
}

impl std::str::FromStr for Seat {
    type Err = crate::name::UnknownName;
    fn from_str(s: &str) -> Result<Seat, Self::Err> {
        Seat::ALL
            .into_iter()
            .find(|seat| seat.to_string() == s)
            .ok_or(crate::name::UnknownName::Seat)
    }
}

impl From<Seat> for Cushion {
    fn from(seat: Seat) -> Cushion {
        seat.cushion()
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::South => "south",
            Seat::East => "east",
            Seat::North => "north",
            Seat::West => "west",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_goes_round_the_table_clockwise_and_back() {
        let mut s = Seat::South;
        let mut order = vec![];
        for _ in 0..4 {
            order.push(s);
            s = s.clockwise();
        }
        assert_eq!(order, [Seat::South, Seat::West, Seat::North, Seat::East]);
        assert_eq!(s, Seat::South);
        for s in Seat::ALL {
            assert_eq!(Seat::at(s.cushion()), s);
            assert_eq!(s.opposite().opposite(), s);
        }
    }
}
