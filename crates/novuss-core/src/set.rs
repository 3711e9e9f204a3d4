//! The state of one set: who sits where, whose discs are where, who plays.
//!
//! A *side* (colour) owns discs: in singles and four-player games each player
//! is a side; in doubles the two partners, seated opposite, are one side with
//! sixteen discs (`000` 1.1, 5.1, 5.4; `002` 8.1; `003` "Particularité du jeu
//! en double"). Seats are table cushions ([`Seat`]); play passes clockwise
//! (`003`; `000` 5.3), which seen from above with north up is
//! south → west → north → east.

use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::layout::row_against;
use crate::profile::ProfileId;
use crate::seat::Seat;
use crate::stroke::{check_layout, LayoutError};
use crate::table::Table;

/// How many play, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Format {
    /// Two players opposite each other, eight discs each (`000` 4.1).
    Singles,
    /// Two teams of partners seated opposite, sixteen discs a team (`000` §5).
    Doubles,
    /// Four players, four colours of eight, for social play (`000` 1.1, 7.2.2).
    FourPlayer,
}

impl Format {
    /// The seats in playing order, starting with the seat that opens.
    pub fn seats(self, first: Seat) -> Vec<Seat> {
        match self {
            Format::Singles => vec![first, first.opposite()],
            Format::Doubles | Format::FourPlayer => {
                let mut seats = vec![first];
                while seats.len() < 4 {
                    seats.push(clockwise(*seats.last().unwrap()));
                }
                seats
            }
        }
    }

    /// Discs each side owns.
    pub fn discs_per_side(self) -> usize {
        match self {
            Format::Doubles => 16,
            _ => 8,
        }
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Format::Singles => "singles",
            Format::Doubles => "doubles",
            Format::FourPlayer => "a four-player game",
        })
    }
}

/// The next seat clockwise seen from above, north up.
pub fn clockwise(s: Seat) -> Seat {
    match s {
        Seat::North => Seat::East,
        Seat::East => Seat::South,
        Seat::South => Seat::West,
        Seat::West => Seat::North,
    }
}

/// A playing disc with a stable identity for the whole set.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disc {
    pub id: u16,
    /// The side that owns it (index into [`SetState::sides`]).
    pub side: usize,
    /// Where it is; `None` while it is in a pocket.
    pub at: Option<DVec2>,
    /// Whether it was last put on the table as a penalty disc (used by the
    /// tie-breaks of `002` 5.2).
    #[serde(default)]
    pub penalty: bool,
}

/// Who owns which seats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideInfo {
    /// The seats of this side's players (one, or two partners).
    pub seats: Vec<Seat>,
    /// Penalty discs owed while none of this side's discs is pocketed
    /// (`000` 3.2; `002` 5.3–5.4; `003` "pion de dette").
    pub debt: u32,
    /// The seat whose foul made the latest debt; penalty discs go on the
    /// side opposite it (`000` 3.1, 5.6).
    #[serde(default)]
    pub debt_seat: Option<Seat>,
    /// Consecutive turns missed while only blind discs were left (`000` 4.4).
    pub blind_misses: u32,
}

/// How a set ended.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "snake_case")]
pub enum SetResult {
    /// `winner` (a side index) pocketed all its discs first, or its opponent
    /// lost or forfeited the set.
    Won { winner: usize, how: String },
    /// Drawn (`000` 1.27, 4.5).
    Drawn,
    /// To be played again (`000` 4.4, 4.6; `002` 7.1, 7.2).
    Replay { why: String },
}

/// Where the opening side stands in the first-turn clear rule (`000` 4.6,
/// 5.5; `002` 7.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Opening {
    /// The first turn of the set is in progress.
    #[default]
    FirstTurn,
    /// The opening side cleared in its first turn; the next seat replies.
    Reply { cleared: usize },
    /// Neither applies any more.
    Over,
}

/// One set in progress (or finished).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetState {
    pub profile: ProfileId,
    pub format: Format,
    #[serde(default)]
    pub table: Table,
    /// Seats in playing order; `seats[0]` opened the set.
    pub seats: Vec<Seat>,
    pub sides: Vec<SideInfo>,
    pub discs: Vec<Disc>,
    /// Index into `seats` of the player to stroke.
    pub to_play: usize,
    /// Strokes played in the set so far.
    pub strokes: u32,
    #[serde(default)]
    pub opening: Opening,
    #[serde(default)]
    pub result: Option<SetResult>,
}

impl SetState {
    /// A new set with the discs lined up: each player's eight against the
    /// cushion opposite their seat, touching each other and the cushion,
    /// four either side of the middle line (`000` 1.4; `002` 1.1–1.2; `001`
    /// "Initial state"). In doubles each player lines up the partner's eight
    /// along their own side (`003`), so a team's sixteen stand in two rows.
    pub fn new(profile: ProfileId, format: Format, first: Seat) -> SetState {
        let table = Table::default();
        let seats = format.seats(first);
        let mut sides: Vec<SideInfo> = Vec::new();
        let side_of_seat = |seat_index: usize| match format {
            Format::Doubles => seat_index % 2,
            _ => seat_index,
        };
        for (k, &seat) in seats.iter().enumerate() {
            let s = side_of_seat(k);
            if s == sides.len() {
                sides.push(SideInfo {
                    seats: vec![],
                    debt: 0,
                    debt_seat: None,
                    blind_misses: 0,
                });
            }
            sides[s].seats.push(seat);
        }
        let mut discs = Vec::new();
        for (k, &seat) in seats.iter().enumerate() {
            // In singles and four-player games a player's row stands at the
            // opposite cushion; in doubles the partner opposite lines it up
            // there, which is the same cushion.
            for at in row_against(&table, seat.opposite(), 8) {
                discs.push(Disc {
                    id: discs.len() as u16,
                    side: side_of_seat(k),
                    at: Some(at),
                    penalty: false,
                });
            }
        }
        SetState {
            profile,
            format,
            table,
            seats,
            sides,
            discs,
            to_play: 0,
            strokes: 0,
            opening: Opening::FirstTurn,
            result: None,
        }
    }

    /// The seat of the player to stroke.
    pub fn seat_to_play(&self) -> Seat {
        self.seats[self.to_play]
    }

    /// The side (index) a seat plays for.
    pub fn side_of(&self, seat: Seat) -> usize {
        self.sides
            .iter()
            .position(|s| s.seats.contains(&seat))
            .expect("every seat belongs to a side")
    }

    /// Discs of `side` on the table.
    pub fn on_table(&self, side: usize) -> usize {
        self.discs
            .iter()
            .filter(|d| d.side == side && d.at.is_some())
            .count()
    }

    /// Discs of `side` in the pockets.
    pub fn pocketed(&self, side: usize) -> usize {
        self.discs
            .iter()
            .filter(|d| d.side == side && d.at.is_none())
            .count()
    }

    /// Every disc's position in `discs` order (`None` while pocketed).
    pub fn places(&self) -> Vec<Option<DVec2>> {
        self.discs.iter().map(|d| d.at).collect()
    }

    /// Centres of every disc on the table.
    pub fn positions(&self) -> Vec<DVec2> {
        self.discs.iter().filter_map(|d| d.at).collect()
    }

    /// Checks that a state read from outside is consistent: seats, sides and
    /// disc counts match the format, and every disc lies on the surface,
    /// clear of the holes and of every other disc.
    pub fn validate(&self) -> Result<(), String> {
        crate::stroke::check_parameters(&self.table, &crate::physics::Physics::default())
            .map_err(|e| e.to_string())?;
        let n = match self.format {
            Format::Singles => 2,
            _ => 4,
        };
        if self.seats.len() != n {
            return Err(format!(
                "{} needs {n} seats, not {}",
                self.format,
                self.seats.len()
            ));
        }
        let mut seen = self.seats.clone();
        seen.sort();
        seen.dedup();
        if seen.len() != n {
            return Err("a seat is listed twice".into());
        }
        if self.to_play >= n {
            return Err(format!("to_play {} is not a seat index", self.to_play));
        }
        let want_sides = if self.format == Format::FourPlayer {
            4
        } else {
            2
        };
        if self.sides.len() != want_sides {
            return Err(format!(
                "{} has {want_sides} sides, not {}",
                self.format,
                self.sides.len()
            ));
        }
        for (s, info) in self.sides.iter().enumerate() {
            let count = self.discs.iter().filter(|d| d.side == s).count();
            if count != self.format.discs_per_side() {
                return Err(format!(
                    "side {s} has {count} discs, not {}",
                    self.format.discs_per_side()
                ));
            }
            if info.seats.iter().any(|seat| !self.seats.contains(seat)) {
                return Err(format!("side {s} sits at a seat that is not in play"));
            }
        }
        if self.discs.iter().any(|d| d.side >= self.sides.len()) {
            return Err("a disc belongs to no side".into());
        }
        let mut ids: Vec<u16> = self.discs.iter().map(|d| d.id).collect();
        ids.sort();
        ids.dedup();
        if ids.len() != self.discs.len() {
            return Err("two discs share an id".into());
        }
        let placed: Vec<&Disc> = self.discs.iter().filter(|d| d.at.is_some()).collect();
        let bodies: Vec<(DVec2, f64)> = placed
            .iter()
            .map(|d| (d.at.expect("filtered"), self.table.disc.radius))
            .collect();
        let tolerance = crate::physics::Physics::default().contact_tolerance;
        check_layout(&self.table, tolerance, &bodies).map_err(|e| match e {
            LayoutError::OffSurface(k) => {
                format!("disc {} is not wholly on the surface", placed[k].id)
            }
            LayoutError::OverPocket(k, _) => {
                format!("disc {} has its centre over a pocket", placed[k].id)
            }
            LayoutError::Overlap(a, b, _) => {
                format!("discs {} and {} overlap", placed[a].id, placed[b].id)
            }
        })?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_set_up_puts_each_row_opposite_its_player() {
        let s = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
        assert_eq!(s.seats, vec![Seat::South, Seat::North]);
        assert_eq!(s.discs.len(), 16);
        // The south player's discs stand against the north cushion.
        assert!(s
            .discs
            .iter()
            .filter(|d| d.side == 0)
            .all(|d| d.at.unwrap().y > 0.98));
        assert!(s.validate().is_ok());
    }

    #[test]
    fn doubles_partners_sit_opposite_and_share_sixteen_discs() {
        let s = SetState::new(ProfileId::Lnf2017, Format::Doubles, Seat::South);
        assert_eq!(
            s.seats,
            vec![Seat::South, Seat::West, Seat::North, Seat::East]
        );
        assert_eq!(s.sides[0].seats, vec![Seat::South, Seat::North]);
        assert_eq!(s.on_table(0), 16);
        assert_eq!(s.on_table(1), 16);
        assert!(s.validate().is_ok());
    }

    #[test]
    fn four_player_games_have_four_colours() {
        let s = SetState::new(ProfileId::Lnf2017, Format::FourPlayer, Seat::North);
        assert_eq!(s.sides.len(), 4);
        assert_eq!(
            s.seats,
            vec![Seat::North, Seat::East, Seat::South, Seat::West]
        );
        assert!(s.validate().is_ok());
    }
}
