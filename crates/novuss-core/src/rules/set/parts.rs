//! The plain form of a set's state, and the one validation every
//! [`SetState`] passes.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::{Disc, DiscId, Format, Opening, SeatIndex, SetResult, SetState, Side, SideInfo};
use crate::physics::stroke::{check_layout, LayoutError};
use crate::physics::{ParameterError, Physics};
use crate::rules::profile::ProfileId;
use crate::seat::Seat;
use crate::table::{Corner, Table};

/// Every field of a [`SetState`], public, to read from JSON or to edit into
/// a position; [`SetState::from_parts`] checks it. This is also the JSON
/// form of a set's state (`docs/formats.md`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetParts {
    /// The rule profile.
    pub profile: ProfileId,
    /// Singles, doubles or four players.
    pub format: Format,
    /// The table; the standard one when absent.
    #[serde(default)]
    pub table: Table,
    /// Seats in playing order; `seats[0]` opened the set. They follow the
    /// format: opposite in singles, clockwise otherwise.
    pub seats: Vec<Seat>,
    /// Per side: its seats (as the format assigns them), debt and misses.
    pub sides: Vec<SideInfo>,
    /// Every disc.
    pub discs: Vec<Disc>,
    /// Index into `seats` of the player to stroke.
    pub to_play: SeatIndex,
    /// Strokes played in the set so far.
    pub strokes: u32,
    /// The first-turn clear rule's progress.
    #[serde(default)]
    pub opening: Opening,
    /// How the set ended, if it has.
    #[serde(default)]
    pub result: Option<SetResult>,
}

/// Why a set's state is inconsistent.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum StateError {
    /// A table dimension is out of its range.
    Table(ParameterError),
    /// The format needs another number of seats.
    SeatCount {
        /// The format.
        format: Format,
        /// Seats it needs.
        expected: usize,
        /// Seats given.
        got: usize,
    },
    /// The seats are not in the format's playing order from the first one
    /// (opposite in singles, clockwise otherwise; `000` 4.1, 5.3; `003`).
    SeatOrder,
    /// `to_play` is not an index into the seats.
    ToPlay(SeatIndex),
    /// The format has another number of sides.
    SideCount {
        /// The format.
        format: Format,
        /// Sides it has.
        expected: usize,
        /// Sides given.
        got: usize,
    },
    /// A side's seats are not the ones the format gives it (each player a
    /// side; in doubles the partners opposite each other).
    SideSeats(Side),
    /// A side's debt was made at a seat that is not one of its own.
    DebtSeat(Side),
    /// A disc belongs to a side the set does not have.
    DiscSide(DiscId),
    /// A side has another number of discs than the format gives.
    DiscCount {
        /// The side.
        side: Side,
        /// Discs it should own.
        expected: usize,
        /// Discs it owns.
        got: usize,
    },
    /// Two discs share an id.
    DuplicateId(DiscId),
    /// A disc is not wholly on the playing surface.
    OffSurface(DiscId),
    /// A disc has its centre over a pocket.
    OverPocket(DiscId, Corner),
    /// Two discs overlap.
    Overlap(DiscId, DiscId),
    /// The opening reply names a side that did not clear the table, or a
    /// format without replies (four players), or the clearing side is the
    /// one to reply.
    Opening,
    /// The result names a side the set does not have.
    Winner(Side),
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Table(e) => write!(f, "invalid table: {e}"),
            StateError::SeatCount {
                format,
                expected,
                got,
            } => write!(f, "{format} needs {expected} seats, not {got}"),
            StateError::SeatOrder => f.write_str(
                "the seats are not in playing order (opposite in singles, clockwise otherwise)",
            ),
            StateError::ToPlay(k) => write!(f, "to_play {k} is not a seat index"),
            StateError::SideCount {
                format,
                expected,
                got,
            } => write!(f, "{format} has {expected} sides, not {got}"),
            StateError::SideSeats(s) => {
                write!(f, "{s} does not have the seats the format gives it")
            }
            StateError::DebtSeat(s) => write!(f, "{s} owes a debt made at a seat not its own"),
            StateError::DiscSide(d) => write!(f, "{d} belongs to no side"),
            StateError::DiscCount {
                side,
                expected,
                got,
            } => write!(f, "{side} has {got} discs, not {expected}"),
            StateError::DuplicateId(d) => write!(f, "two discs are {d}"),
            StateError::OffSurface(d) => write!(f, "{d} is not wholly on the surface"),
            StateError::OverPocket(d, c) => write!(f, "{d} has its centre over the {c} pocket"),
            StateError::Overlap(a, b) => write!(f, "{a} and {b} overlap"),
            StateError::Opening => f.write_str(
                "the opening reply names a side that has not cleared the table, or is to reply itself",
            ),
            StateError::Winner(s) => write!(f, "the result names {s}, which the set does not have"),
        }
    }
}

impl std::error::Error for StateError {}

impl From<SetState> for SetParts {
    fn from(s: SetState) -> SetParts {
        SetParts {
            profile: s.profile,
            format: s.format,
            table: s.table,
            seats: s.seats.to_vec(),
            sides: s.sides.to_vec(),
            discs: s.discs,
            to_play: s.to_play,
            strokes: s.strokes,
            opening: s.opening,
            result: s.result,
        }
    }
}

impl TryFrom<SetParts> for SetState {
    type Error = StateError;
    fn try_from(p: SetParts) -> Result<SetState, StateError> {
        validate(&p)?;
        // `validate` checked the counts: at most four of each.
        Ok(SetState {
            profile: p.profile,
            format: p.format,
            table: p.table,
            seats: p.seats.into_iter().collect(),
            sides: p.sides.into_iter().collect(),
            discs: p.discs,
            to_play: p.to_play,
            strokes: p.strokes,
            opening: p.opening,
            result: p.result,
        })
    }
}

/// The whole check, in the order the errors are listed.
fn validate(p: &SetParts) -> Result<(), StateError> {
    crate::physics::stroke::check_parameters(&p.table, &Physics::default())
        .map_err(StateError::Table)?;
    let format = p.format;
    let n = format.players();
    if p.seats.len() != n {
        return Err(StateError::SeatCount {
            format,
            expected: n,
            got: p.seats.len(),
        });
    }
    if p.seats != format.seats(p.seats[0]) {
        return Err(StateError::SeatOrder);
    }
    if p.to_play.index() >= n {
        return Err(StateError::ToPlay(p.to_play));
    }
    if p.sides.len() != format.sides() {
        return Err(StateError::SideCount {
            format,
            expected: format.sides(),
            got: p.sides.len(),
        });
    }
    for (s, info) in p.sides.iter().enumerate() {
        let side = Side::new(s as u8);
        let own: Vec<Seat> = (0..n)
            .filter(|&k| format.side_of_seat_index(SeatIndex(k)) == side)
            .map(|k| p.seats[k])
            .collect();
        if *info.seats != own[..] {
            return Err(StateError::SideSeats(side));
        }
        if info.debt_seat.is_some_and(|seat| !own.contains(&seat)) {
            return Err(StateError::DebtSeat(side));
        }
    }
    let mut counts = vec![0; format.sides()];
    for d in &p.discs {
        match counts.get_mut(d.side.index()) {
            Some(c) => *c += 1,
            None => return Err(StateError::DiscSide(d.id)),
        }
    }
    for (s, &got) in counts.iter().enumerate() {
        if got != format.discs_per_side() {
            return Err(StateError::DiscCount {
                side: Side::new(s as u8),
                expected: format.discs_per_side(),
                got,
            });
        }
    }
    let mut ids: Vec<DiscId> = p.discs.iter().map(|d| d.id).collect();
    ids.sort_unstable();
    if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
        return Err(StateError::DuplicateId(w[0]));
    }
    check_discs(&p.table, &p.discs)?;
    match p.opening {
        Opening::Reply { cleared } => {
            let to_reply = format.side_of_seat_index(p.to_play);
            let clear = p.discs.iter().all(|d| d.side != cleared || d.at.is_none());
            let ok = format.sides() == 2
                && cleared.index() < 2
                && clear
                && p.sides[cleared.index()].debt == 0
                && (p.result.is_some() || to_reply != cleared);
            if !ok {
                return Err(StateError::Opening);
            }
        }
        Opening::FirstTurn | Opening::Over => {}
    }
    if let Some(SetResult::Won { winner, .. }) = p.result {
        if winner.index() >= format.sides() {
            return Err(StateError::Winner(winner));
        }
    }
    Ok(())
}

/// Every disc on the table lies on the surface, clear of the holes and of
/// every other disc, as the physics requires of its input.
fn check_discs(table: &Table, discs: &[Disc]) -> Result<(), StateError> {
    let placed: Vec<&Disc> = discs.iter().filter(|d| d.at.is_some()).collect();
    let bodies: Vec<(glam::DVec2, f64)> = placed
        .iter()
        .filter_map(|d| d.at)
        .map(|at| (at, table.disc.radius))
        .collect();
    let tolerance = Physics::default().contact_tolerance;
    check_layout(table, tolerance, &bodies).map_err(|e| match e {
        LayoutError::OffSurface(k) => StateError::OffSurface(placed[k].id),
        LayoutError::OverPocket(k, c) => StateError::OverPocket(placed[k].id, c),
        LayoutError::Overlap(a, b, _) => StateError::Overlap(placed[a].id, placed[b].id),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::DVec2;

    fn fresh() -> SetParts {
        SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South).to_parts()
    }

    #[test]
    fn every_hole_an_adversary_found_is_closed() {
        // A seat that belongs to no side.
        let mut p = fresh();
        p.sides[1].seats.clear();
        assert_eq!(
            SetState::from_parts(p),
            Err(StateError::SideSeats(Side::new(1)))
        );
        // A side with no seats and a debt.
        let mut p = fresh();
        p.sides[0].seats.clear();
        p.sides[0].debt = 3;
        assert!(SetState::from_parts(p).is_err());
        // A reply naming a side that does not exist.
        let mut p = fresh();
        p.opening = Opening::Reply {
            cleared: Side::new(7),
        };
        assert_eq!(SetState::from_parts(p), Err(StateError::Opening));
        // A reply naming a side that still has discs.
        let mut p = fresh();
        p.opening = Opening::Reply {
            cleared: Side::new(0),
        };
        p.to_play = SeatIndex(1);
        assert_eq!(SetState::from_parts(p), Err(StateError::Opening));
        // A winner out of range.
        let mut p = fresh();
        p.result = Some(SetResult::Won {
            winner: Side::new(2),
            how: crate::rules::set::WinReason::PocketedAll,
        });
        assert_eq!(
            SetState::from_parts(p),
            Err(StateError::Winner(Side::new(2)))
        );
        // A debt made at the opponent's seat.
        let mut p = fresh();
        p.sides[0].debt_seat = Some(Seat::North);
        assert_eq!(
            SetState::from_parts(p),
            Err(StateError::DebtSeat(Side::new(0)))
        );
        // Seats out of order.
        let mut p = SetState::new(ProfileId::Lnf2017, Format::FourPlayer, Seat::South).to_parts();
        p.seats.swap(1, 3);
        assert_eq!(SetState::from_parts(p), Err(StateError::SeatOrder));
        // Overlapping discs.
        let mut p = fresh();
        p.discs[0].at = Some(DVec2::new(0.5, 0.5));
        p.discs[1].at = Some(DVec2::new(0.51, 0.5));
        assert_eq!(
            SetState::from_parts(p),
            Err(StateError::Overlap(DiscId(0), DiscId(1)))
        );
    }

    #[test]
    fn deserialising_goes_through_the_same_check() {
        let mut p = fresh();
        p.to_play = SeatIndex(5);
        let json = serde_json::to_string(&p).unwrap();
        let err = serde_json::from_str::<SetState>(&json).unwrap_err();
        assert!(err.to_string().contains("to_play 5"), "{err}");
    }
}
