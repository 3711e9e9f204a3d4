//! The state of one set: who sits where, whose discs are where, who plays.
//!
//! A *side* (colour, [`Side`]) owns discs: in singles and four-player games
//! each player is a side; in doubles the two partners, seated opposite, are
//! one side with sixteen discs (`000` 1.1, 5.1, 5.4; `002` 8.1; `003`
//! "Particularité du jeu en double"). Players sit at [`Seat`]s; play passes
//! clockwise (`003`; `000` 5.3), which seen from above with north up is
//! south → west → north → east.
//!
//! A [`SetState`] can only be built valid: its fields are private, and
//! every way in ([`SetState::new`], [`SetState::from_parts`], `Deserialize`)
//! goes through the same validation ([`StateError`] lists it). So anything that can be
//! built or read can be played without a panic, and the referee only ever
//! writes states that pass the same validation again.

mod parts;
mod result;
mod seats;

use arrayvec::ArrayVec;
use glam::DVec2;
use serde::{Deserialize, Serialize};

use crate::rules::layout::row_against;
use crate::rules::profile::ProfileId;
use crate::seat::Seat;
use crate::table::Table;

pub use parts::{SetParts, StateError};
pub use result::{ReplayReason, SetResult, WinReason};
pub use seats::SideSeats;

use crate::name::UnknownName;

/// How many play, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
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
    /// All formats.
    pub const ALL: [Format; 3] = [Format::Singles, Format::Doubles, Format::FourPlayer];

    /// The seats in playing order, starting with the seat that opens.
    pub fn seats(self, first: Seat) -> Vec<Seat> {
        match self {
            Format::Singles => vec![first, first.opposite()],
            Format::Doubles | Format::FourPlayer => {
                let mut seats = vec![first];
                for _ in 1..4 {
                    seats.push(seats[seats.len() - 1].clockwise());
                }
                seats
            }
        }
    }

    /// Players (and seats taken): 2 in singles, 4 otherwise.
    pub fn players(self) -> usize {
        match self {
            Format::Singles => 2,
            Format::Doubles | Format::FourPlayer => 4,
        }
    }

    /// Sides (colours): 4 in four-player games, 2 otherwise.
    pub fn sides(self) -> usize {
        match self {
            Format::FourPlayer => 4,
            Format::Singles | Format::Doubles => 2,
        }
    }

    /// The side that the `k`-th seat in playing order plays for: partners
    /// in doubles sit two places apart in the order.
    pub fn side_of_seat_index(self, k: SeatIndex) -> Side {
        Side::new((k.index() % self.sides()) as u8)
    }

    /// Discs each side owns.
    pub fn discs_per_side(self) -> usize {
        match self {
            Format::Doubles => 16,
            Format::Singles | Format::FourPlayer => 8,
        }
    }

    /// The lower-case name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Format::Singles => "singles",
            Format::Doubles => "doubles",
            Format::FourPlayer => "four_player",
        }
    }
}

impl std::str::FromStr for Format {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Format, UnknownName> {
        Format::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .ok_or(UnknownName::Format)
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

/// A side (colour): the owner of a set of discs. Numbered in playing order
/// from the opening seat's side: 0, 1 (and 2, 3 in four-player games).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Side(u8);

impl Side {
    /// The side numbered `k`.
    pub const fn new(k: u8) -> Side {
        Side(k)
    }

    /// Its number, to index per-side lists.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "side {}", self.0)
    }
}

/// A seat's place in a set's order of play ([`SetState::seats`]), from 0:
/// the opening seat is 0, and the turn passes to the next place.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct SeatIndex(pub usize);

impl SeatIndex {
    /// The place in [`SetState::seats`].
    pub const fn index(self) -> usize {
        self.0
    }
}

/// The index, as messages have always shown it.
impl std::fmt::Display for SeatIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

/// A playing disc's identity, stable for the whole set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct DiscId(pub u16);

impl std::fmt::Display for DiscId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "disc {}", self.0)
    }
}

/// A playing disc.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Disc {
    /// Its identity.
    pub id: DiscId,
    /// The side that owns it.
    pub side: Side,
    /// Where it is; `None` while it is in a pocket.
    pub at: Option<DVec2>,
    /// Whether it was last put on the table as a penalty disc (used by the
    /// tie-breaks of `002` 5.2).
    #[serde(default)]
    pub penalty: bool,
}

/// Who owns which seats, and what the side owes.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideInfo {
    /// The seats of this side's players (one, or two partners).
    pub seats: SideSeats,
    /// Penalty discs owed while none of this side's discs is pocketed
    /// (`000` 3.2; `002` 5.3–5.4; `003` "pion de dette"). Saturates, never
    /// wraps.
    pub debt: u32,
    /// The seat whose foul made the latest debt; penalty discs go on the
    /// side opposite it (`000` 3.1, 5.6).
    #[serde(default)]
    pub debt_seat: Option<Seat>,
    /// Consecutive turns missed while only blind discs were left (`000` 4.4).
    pub blind_misses: u32,
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
    Reply {
        /// The side that cleared.
        cleared: Side,
    },
    /// Neither applies any more.
    Over,
}

/// One set in progress (or finished). Valid by construction; see the
/// module documentation.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "SetParts", into = "SetParts")]
pub struct SetState {
    pub(crate) profile: ProfileId,
    pub(crate) format: Format,
    pub(crate) table: Table,
    // Fixed-size: the referee copies the state for every stroke it judges,
    // and a computer player judges thousands per decision.
    pub(crate) seats: ArrayVec<Seat, 4>,
    pub(crate) sides: ArrayVec<SideInfo, 4>,
    pub(crate) discs: Vec<Disc>,
    pub(crate) to_play: SeatIndex,
    pub(crate) strokes: u32,
    pub(crate) opening: Opening,
    pub(crate) result: Option<SetResult>,
}

impl SetState {
    /// A new set with the discs lined up: each player's eight against the
    /// cushion opposite their seat, touching each other and the cushion,
    /// four either side of the middle line (`000` 1.4; `002` 1.1–1.2; `001`
    /// "Initial state"). In doubles each player lines up the partner's eight
    /// along their own side (`003`), so a team's sixteen stand in two rows.
    pub fn new(profile: ProfileId, format: Format, first: Seat) -> SetState {
        SetState::line_up(Table::default(), profile, format, first)
    }

    /// As [`SetState::new`], on another table; refused if its dimensions are
    /// out of range.
    pub fn new_on(
        table: Table,
        profile: ProfileId,
        format: Format,
        first: Seat,
    ) -> Result<SetState, StateError> {
        let state = SetState::line_up(table, profile, format, first);
        SetState::from_parts(state.to_parts())
    }

    fn line_up(table: Table, profile: ProfileId, format: Format, first: Seat) -> SetState {
        let seats: ArrayVec<Seat, 4> = format.seats(first).into_iter().collect();
        let mut sides: ArrayVec<SideInfo, 4> = (0..format.sides())
            .map(|_| SideInfo {
                seats: SideSeats::new(),
                debt: 0,
                debt_seat: None,
                blind_misses: 0,
            })
            .collect();
        let mut discs = Vec::new();
        for (k, &seat) in seats.iter().enumerate() {
            let side = format.side_of_seat_index(SeatIndex(k));
            sides[side.index()].seats.push(seat);
            // In singles and four-player games a player's row stands at the
            // opposite cushion; in doubles the partner opposite lines it up
            // there, which is the same cushion.
            for at in row_against(&table, seat.opposite(), 8) {
                discs.push(Disc {
                    id: DiscId(discs.len() as u16),
                    side,
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
            to_play: SeatIndex(0),
            strokes: 0,
            opening: Opening::FirstTurn,
            result: None,
        }
    }

    /// The rule profile.
    pub fn profile(&self) -> ProfileId {
        self.profile
    }

    /// Singles, doubles or four players.
    pub fn format(&self) -> Format {
        self.format
    }

    /// The table it is played on.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Seats in playing order; the first opened the set.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// Each side's seats and debts, indexed by [`Side::index`].
    pub fn sides(&self) -> &[SideInfo] {
        &self.sides
    }

    /// The side numbered `side`, if the set has it.
    pub fn side(&self, side: Side) -> Option<&SideInfo> {
        self.sides.get(side.index())
    }

    /// Every disc, in a fixed order for the whole set.
    pub fn discs(&self) -> &[Disc] {
        &self.discs
    }

    /// The disc `id`, if there is one.
    pub fn disc(&self, id: DiscId) -> Option<&Disc> {
        self.discs.iter().find(|d| d.id == id)
    }

    /// Index into [`SetState::seats`] of the player to stroke.
    pub fn to_play(&self) -> SeatIndex {
        self.to_play
    }

    /// Strokes (and recorded conduct actions) so far. Saturates.
    pub fn strokes(&self) -> u32 {
        self.strokes
    }

    /// The first-turn clear rule's progress.
    pub fn opening(&self) -> Opening {
        self.opening
    }

    /// How the set ended, once it has.
    pub fn result(&self) -> Option<SetResult> {
        self.result
    }

    /// Whether the set is over.
    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    /// The seat of the player to stroke.
    pub fn seat_to_play(&self) -> Seat {
        self.seats[self.to_play.index()]
    }

    /// The side the player to stroke plays for.
    pub fn side_to_play(&self) -> Side {
        self.format.side_of_seat_index(self.to_play)
    }

    /// The side a seat plays for; `None` for a seat not in play.
    pub fn side_of(&self, seat: Seat) -> Option<Side> {
        let k = self.seats.iter().position(|&s| s == seat)?;
        Some(self.format.side_of_seat_index(SeatIndex(k)))
    }

    /// Discs of `side` on the table.
    pub fn on_table(&self, side: Side) -> usize {
        self.discs
            .iter()
            .filter(|d| d.side == side && d.at.is_some())
            .count()
    }

    /// Discs of `side` in the pockets.
    pub fn pocketed(&self, side: Side) -> usize {
        self.discs
            .iter()
            .filter(|d| d.side == side && d.at.is_none())
            .count()
    }

    /// Every disc's position in [`SetState::discs`] order (`None` while
    /// pocketed).
    pub fn places(&self) -> Vec<Option<DVec2>> {
        self.discs.iter().map(|d| d.at).collect()
    }

    /// Centres of every disc on the table, in [`SetState::discs`] order.
    /// This is the list the physics simulates a stroke with.
    pub fn positions(&self) -> Vec<DVec2> {
        let mut v = Vec::with_capacity(self.discs.len());
        v.extend(self.discs.iter().filter_map(|d| d.at));
        v
    }

    /// The discs on the table, in the order of [`SetState::positions`].
    pub fn discs_on_table(&self) -> impl Iterator<Item = &Disc> {
        self.discs.iter().filter(|d| d.at.is_some())
    }

    /// An empty value to hand over buffers with; never seen outside the
    /// crate (it is not a valid state).
    pub(crate) fn placeholder() -> SetState {
        SetState {
            profile: ProfileId::default(),
            format: Format::Singles,
            table: Table::default(),
            seats: ArrayVec::new(),
            sides: ArrayVec::new(),
            discs: Vec::new(),
            to_play: SeatIndex(0),
            strokes: 0,
            opening: Opening::FirstTurn,
            result: None,
        }
    }

    /// Makes `self` a copy of `other`, reusing `self`'s buffers.
    pub(crate) fn copy_from(&mut self, other: &SetState) {
        self.profile = other.profile;
        self.format = other.format;
        self.table = other.table;
        self.seats.clone_from(&other.seats);
        self.sides.clone_from(&other.sides);
        self.discs.clone_from(&other.discs);
        self.to_play = other.to_play;
        self.strokes = other.strokes;
        self.opening = other.opening;
        self.result = other.result;
    }

    /// A plain copy of every field, to edit and build again with
    /// [`SetState::from_parts`].
    pub fn to_parts(&self) -> SetParts {
        self.clone().into()
    }

    /// Builds a state from its parts, or says what is inconsistent.
    pub fn from_parts(parts: SetParts) -> Result<SetState, StateError> {
        SetState::try_from(parts)
    }

    /// This set with the player at `seat` (an index into [`Self::seats`])
    /// to stroke again, the opening over: the next visit of a player alone
    /// at the table (practice, a solo run, a search that looks ahead), where
    /// the turn would have passed but nobody else plays; nobody replies to
    /// a first-turn clear either. A seat index out of range is refused.
    pub fn next_visit(&self, seat: SeatIndex) -> Result<SetState, StateError> {
        let mut parts = self.to_parts();
        parts.to_play = seat;
        parts.opening = Opening::Over;
        SetState::from_parts(parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_set_up_puts_each_row_opposite_its_player() {
        let s = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
        assert_eq!(s.seats(), [Seat::South, Seat::North]);
        assert_eq!(s.discs().len(), 16);
        // The south player's discs stand against the north cushion.
        assert!(s
            .discs()
            .iter()
            .filter(|d| d.side == Side::new(0))
            .all(|d| d.at.unwrap().y > 0.98));
        assert_eq!(SetState::from_parts(s.to_parts()), Ok(s));
    }

    #[test]
    fn doubles_partners_sit_opposite_and_share_sixteen_discs() {
        let s = SetState::new(ProfileId::Lnf2017, Format::Doubles, Seat::South);
        assert_eq!(
            s.seats(),
            [Seat::South, Seat::West, Seat::North, Seat::East]
        );
        assert_eq!(s.sides()[0].seats, vec![Seat::South, Seat::North]);
        assert_eq!(s.on_table(Side::new(0)), 16);
        assert_eq!(s.on_table(Side::new(1)), 16);
        assert_eq!(SetState::from_parts(s.to_parts()), Ok(s));
    }

    #[test]
    fn four_player_games_have_four_colours() {
        let s = SetState::new(ProfileId::Lnf2017, Format::FourPlayer, Seat::North);
        assert_eq!(s.sides().len(), 4);
        assert_eq!(
            s.seats(),
            [Seat::North, Seat::East, Seat::South, Seat::West]
        );
        assert_eq!(SetState::from_parts(s.to_parts()), Ok(s));
    }
}
