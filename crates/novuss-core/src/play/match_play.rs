//! The match: a number of sets between the same players, who sits where in
//! each, who opens each, and who has won.
//!
//! The referee plays one set at a time on a [`SetState`]; this layer hands it
//! a fresh set with the right opening seat ([`Match::next_set`]), maps the
//! set's sides back to the match's players ([`Match::players_of_side`]) and
//! takes the set's [`SetResult`] back ([`Match::record`]).
//!
//! # Contenders
//! What wins sets and the match is a *contender*: a player in singles and in
//! four-player games, a team of two partners in doubles (`000` 1.1, 5.4).
//! Players are numbered in [`MatchConfig::players`] order. In doubles team 0
//! is players 0 and 1, team 1 is players 2 and 3: team `t` is players `2t`
//! and `2t + 1`.
//!
//! # Starting seats
//! The opening player, and the seat they play the first set from, are given
//! in the config: the start is decided by toss, draw or lag, and the player
//! who lost the right to start chooses the side (`000` 1.4; "Starting a
//! game"). In doubles the whole seating is given: the partners of the opening
//! team decide which of them strokes first (`000` 5.2) and the opponents
//! choose their order around the table ("Starting a game" ¶3). Partners must
//! sit opposite each other (`000` 5.1; `003` "Particularité du jeu en
//! double").
//!
//! # Between sets
//! * Singles: the players change ends and the right to start stays with the
//!   side of the table, so the other player opens the next set (`000` 4.3).
//! * Doubles: every player moves one seat clockwise and the starting position
//!   stays on the same side of the table (`000` 5.3). Partners stay opposite;
//!   the seat that opens is now held by a player of the other team, so the
//!   teams take turns to open, and over four sets each player opens once.
//! * Four-player social singles: *interpretation* — `000` gives no rule for
//!   them, so they move clockwise like doubles players and the opening seat
//!   stays: the player who played last in one set opens the next.
//!
//! The seat that opens ([`Match::first_seat`]) therefore never changes during
//! a match; the players move around it.
//!
//! # Winning, draws
//! A match of `N` sets (`N` odd: one set, best of three, best of five, `000`
//! 1.1) is won by the first contender to win `(N + 1) / 2` sets. That is the
//! default; a match may instead be played to another [`MatchFormat`]
//! ([`Match::with_format`]): a fixed number of sets, where a level score
//! once all are played is a drawn match (six sets: 4:0, 4:1, 4:2 win, 3:3
//! is a draw), or first to `K` sets. Between two contenders the match ends
//! when [`MatchFormat::standing`] says the score is a result: a side with
//! more than half of a fixed number of sets has won, and the rest are not
//! played. A fixed number of sets is played between two contenders only
//! (singles, doubles); four-player games play a best of or a first to.
//! *Interpretation*:
//! a drawn set (`000` 1.27, 4.5) counts for nobody but is a completed set (the
//! players change places after it, and the set number moves on), so draws
//! add sets: a best of three can need a fourth or fifth set. The same reading
//! serves four-player games, where four contenders may need more than `N`
//! sets before one reaches `(N + 1) / 2`. A fixed number of sets reads it
//! the same way: it is a number of sets *won*, so a drawn set adds a set
//! there too (six sets of which one is drawn are seven played), and the
//! format's standing is the only judge of the end.
//!
//! Forfeits (`000` §6; 5.7 and 6.6, playing out of turn) are `Won` results
//! for the other side, reported by the referee like any other.
//!
//! # Replays
//! A replayed set keeps its set number and counts for nobody.
//! * Two first-turn clears (`000` 4.6, 5.5; `002` 7.1). With the profile
//!   setting [`Profile::first_turn_clear_replay_swaps`] (`002` 7.1) the
//!   replay swaps ends and the right to the first shot: the players move
//!   exactly as between sets (other player, or in doubles and four-player
//!   games the next player round, opens from the same opening seat). Without
//!   it (`000` 4.6) the set is replayed "without change of sides unless it
//!   happens in the deciding set of a game". *Interpretation*: the deciding
//!   set is the one every contender needs only one more set to win the match
//!   (every set of a one-set match; the third of a best of three at 1–1,
//!   also after draws); there the replay is played with the between-sets
//!   change, elsewhere with the same seating and starter.
//! * Every other replay — both players stalled in the blind zones (`000`
//!   4.4), both last discs in one stroke under `002` 7.2, outside
//!   interference (`000` 1.24) — is played again with the same seating and
//!   the same starter.
//!
//! The [`SetResult::Replay`] reported by the referee carries its typed
//! [`ReplayReason`]; [`ReplayCause::of`] sorts it into the two cases above.
//!
//! # Storage
//! A match serialises as its config and the list of recorded sets
//! ([`SetRecord`]); reading it back replays that list through
//! [`Match::record`], so a stored match that contradicts its own rules
//! (a wrong seating, a set after the end, a winner out of range) is refused
//! rather than trusted. The format is stored beside the config only when
//! it is not the default best of [`MatchConfig::sets`], so every match
//! stored before formats existed reads, and is written, exactly as before.
//!
//! [`Profile::first_turn_clear_replay_swaps`]: crate::rules::profile::Profile::first_turn_clear_replay_swaps

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::play::match_format::{MatchFormat, MatchResult};
use crate::rules::profile::ProfileId;
use crate::rules::set::{Format, ReplayReason, SetResult, SetState, Side};
use crate::seat::Seat;

/// A player of a match: their place in [`MatchConfig::players`], from 0. In
/// doubles team `t` is players `2t` and `2t + 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub usize);

impl PlayerId {
    /// The player's place in [`MatchConfig::players`].
    pub const fn index(self) -> usize {
        self.0
    }
}

/// The index, as messages and records have always shown it.
impl fmt::Display for PlayerId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Who can win a match: a player, or in doubles a team. The place in
/// [`Match::score`], from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ContenderId(pub usize);

impl ContenderId {
    /// The contender's place in [`Match::score`].
    pub const fn index(self) -> usize {
        self.0
    }
}

/// The index, as reports have always shown it.
impl fmt::Display for ContenderId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// How a match is set up.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MatchConfig {
    /// The rule profile of every set.
    pub profile: ProfileId,
    /// Singles, doubles or four players.
    pub format: Format,
    /// Number of sets `N`: odd, at least one (`000` 1.1), for the default
    /// best of `N`. A match of another format ([`Match::with_format`])
    /// sets it to the number the format is called by
    /// ([`MatchFormat::nominal_sets`]).
    pub sets: u32,
    /// Names, one per player: 2 in singles, 4 in doubles (team `t` is
    /// players `2t` and `2t + 1`) and in four-player games. `None` for a
    /// player nobody named: each reader names them in their own language
    /// ("Player 1", "1. spēlētājs"), so the core makes no stand-in.
    pub players: Vec<Option<String>>,
    /// The seat of each player, in `players` order, for the first set.
    pub seating: Vec<Seat>,
    /// The player who opens the first set; their seat is the opening seat
    /// for the whole match.
    pub opener: PlayerId,
}

impl MatchConfig {
    /// A singles match: `opener` (0 or 1) opens the first set from
    /// `opener_seat`, chosen by the other player (`000` 1.4), who sits
    /// opposite (`000` 4.1).
    pub fn singles(
        profile: ProfileId,
        sets: u32,
        players: [String; 2],
        opener: PlayerId,
        opener_seat: Seat,
    ) -> MatchConfig {
        let mut seating = vec![opener_seat.opposite(); 2];
        if let Some(seat) = seating.get_mut(opener.index()) {
            *seat = opener_seat;
        }
        MatchConfig {
            profile,
            format: Format::Singles,
            sets,
            players: players.map(Some).into(),
            seating,
            opener,
        }
    }

    /// A one-set match played from `state`'s seats: the opener at the
    /// opening seat, and the others in playing order (in doubles, partners
    /// in `players` order: team 0 holds the opening seat and the one
    /// opposite). Without names (`players` empty), nobody is named.
    pub fn for_set(state: &SetState, players: Vec<Option<String>>) -> MatchConfig {
        let format = state.format();
        let seats = state.seats();
        let seating: Vec<Seat> = match format {
            Format::Doubles => vec![seats[0], seats[2], seats[1], seats[3]],
            Format::Singles | Format::FourPlayer => seats.to_vec(),
        };
        let players = if players.is_empty() {
            vec![None; seating.len()]
        } else {
            players
        };
        MatchConfig {
            profile: state.profile(),
            format,
            sets: 1,
            players,
            seating,
            opener: PlayerId(0),
        }
    }

    /// Players the format needs.
    pub fn players_needed(format: Format) -> usize {
        format.players()
    }

    /// Checks the set count, the player count and the seating.
    pub fn validate(&self) -> Result<(), MatchError> {
        if self.sets % 2 == 0 {
            return Err(MatchError::SetCount(self.sets));
        }
        self.validate_players()
    }

    /// Checks that `format` can be played by these players (a fixed
    /// number of sets needs two contenders), then the player count and the
    /// seating; the number of sets is the format's.
    pub fn validate_with(&self, format: MatchFormat) -> Result<(), MatchError> {
        format.checked().map_err(|_| MatchError::Format(format))?;
        if self.format == Format::FourPlayer && format.sets().is_some() {
            return Err(MatchError::SetsNeedTwo(format));
        }
        self.validate_players()
    }

    /// The player count and the seating.
    fn validate_players(&self) -> Result<(), MatchError> {
        let expected = MatchConfig::players_needed(self.format);
        if self.players.len() != expected {
            return Err(MatchError::PlayerCount {
                format: self.format,
                expected,
                got: self.players.len(),
            });
        }
        if self.opener.index() >= expected {
            return Err(MatchError::Opener(self.opener));
        }
        if self.seating.len() != expected {
            return Err(MatchError::Seating(SeatingError::Count {
                expected,
                got: self.seating.len(),
            }));
        }
        for (k, seat) in self.seating.iter().enumerate() {
            if self.seating[..k].contains(seat) {
                return Err(MatchError::Seating(SeatingError::Twice(*seat)));
            }
        }
        match self.format {
            Format::Singles => {
                if self.seating[0] != self.seating[1].opposite() {
                    return Err(MatchError::Seating(SeatingError::NotOpposite(
                        self.seating[0],
                        self.seating[1],
                    )));
                }
            }
            Format::Doubles => {
                for t in 0..2 {
                    let (a, b) = (self.seating[2 * t], self.seating[2 * t + 1]);
                    if a != b.opposite() {
                        return Err(MatchError::Seating(SeatingError::NotOpposite(a, b)));
                    }
                }
            }
            Format::FourPlayer => {}
        }
        Ok(())
    }
}

/// Why a set is played again, as far as the match cares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplayCause {
    /// Both openers cleared all their discs in their first turn (`000` 4.6,
    /// 5.5; `002` 7.1).
    FirstTurnClears,
    /// Anything else (`000` 1.24, 4.4; `002` 7.2): same seating, same
    /// starter.
    Other,
}

impl ReplayCause {
    /// The cause of a replay: [`ReplayCause::FirstTurnClears`] for
    /// [`ReplayReason::FirstTurnClears`]. `None` for a result that is not a
    /// replay.
    pub fn of(result: &SetResult) -> Option<ReplayCause> {
        match result {
            SetResult::Replay {
                why: ReplayReason::FirstTurnClears,
            } => Some(ReplayCause::FirstTurnClears),
            SetResult::Replay { .. } => Some(ReplayCause::Other),
            _ => None,
        }
    }
}

/// One recorded set (or attempt at a set, when it was replayed).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SetRecord {
    /// The set's number, from 1; a replay keeps the number.
    pub number: u32,
    /// The seat of each player, in [`MatchConfig::players`] order.
    pub seating: Vec<Seat>,
    /// The player who opened it.
    pub opener: PlayerId,
    /// How it ended.
    pub result: SetResult,
}

/// Why a seating is impossible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum SeatingError {
    /// Another number of seats than players.
    Count {
        /// Players, and so seats, needed.
        expected: usize,
        /// Seats given.
        got: usize,
    },
    /// Two players at one seat.
    Twice(Seat),
    /// Players who must sit opposite each other (singles, `000` 4.1;
    /// doubles partners, `000` 5.1) do not.
    NotOpposite(Seat, Seat),
}

impl fmt::Display for SeatingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeatingError::Count { expected, got } => {
                write!(f, "{expected} players need {expected} seats, not {got}")
            }
            SeatingError::Twice(s) => write!(f, "two players sit at {s}"),
            SeatingError::NotOpposite(a, b) => write!(
                f,
                "players at {a} and {b} must sit opposite each other (000 4.1, 5.1)"
            ),
        }
    }
}

/// What can go wrong setting up or recording a match.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum MatchError {
    /// The number of sets must be odd (hence at least one).
    SetCount(u32),
    /// A match format that cannot be played (no sets, too many, a best of
    /// an even number).
    Format(MatchFormat),
    /// A fixed number of sets is played between two sides; a four-player
    /// game plays a best of or a first to.
    SetsNeedTwo(MatchFormat),
    /// A stored match whose config's number of sets is not the one its
    /// format is called by.
    FormatSets {
        /// The format stored.
        format: MatchFormat,
        /// The number of sets stored with it.
        sets: u32,
    },
    /// The format needs another number of players.
    PlayerCount {
        /// The format.
        format: Format,
        /// Players it needs.
        expected: usize,
        /// Players given.
        got: usize,
    },
    /// The seating is impossible for the format.
    Seating(SeatingError),
    /// The opener is not one of the players.
    Opener(PlayerId),
    /// The match is already over.
    Over,
    /// A set won by a side the set does not have.
    Winner {
        /// The side named.
        winner: Side,
        /// Sides a set of the match has.
        sides: usize,
    },
    /// A stored match whose set entry `entry` does not have the number,
    /// seating and opener the rules give.
    Record {
        /// The entry, from 0.
        entry: usize,
    },
    /// Not one of the match's players.
    NoPlayer(PlayerId),
    /// Resigning ends a match between two contenders (singles, doubles);
    /// a four-player game has no one opponent to hand it to.
    ResignNeedsTwo,
    /// A match is aborted only in its first set, before every side has
    /// stroked: after that it has a result to play for.
    TooLateToAbort,
}

impl fmt::Display for MatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MatchError::SetCount(n) => write!(
                f,
                "a match has an odd number of sets (1, 3, 5, ...), not {n}"
            ),
            MatchError::Format(format) => match format.checked() {
                Err(why) => why.fmt(f),
                Ok(_) => f.write_str("the match format cannot be played"),
            },
            MatchError::FormatSets { format, sets } => write!(
                f,
                "inconsistent match record: {sets} sets, and a format of {}",
                format.nominal_sets()
            ),
            MatchError::SetsNeedTwo(format) => write!(
                f,
                "a match of {} sets is played between two sides, not in a four-player game",
                format.nominal_sets()
            ),
            MatchError::PlayerCount {
                format,
                expected,
                got,
            } => {
                write!(f, "{format} needs {expected} players, not {got}")
            }
            MatchError::Seating(why) => write!(f, "bad seating: {why}"),
            MatchError::Opener(p) => write!(f, "the opener {p} is not a player"),
            MatchError::Over => f.write_str("the match is over"),
            MatchError::Winner { winner, sides } => {
                write!(f, "{winner} cannot win a set that has {sides} sides")
            }
            MatchError::Record { entry } => write!(
                f,
                "inconsistent match record: set entry {entry} does not have the number, seating and opener the rules give"
            ),
            MatchError::NoPlayer(p) => write!(f, "player {p} is not one of the match's players"),
            MatchError::TooLateToAbort => f.write_str(
                "a match can be aborted only in its first set, before every side has stroked",
            ),
            MatchError::ResignNeedsTwo => f.write_str(
                "only a match between two contenders can be resigned: a four-player game has no one opponent to win it",
            ),
        }
    }
}

impl std::error::Error for MatchError {}

/// A match in progress or finished. See the module documentation for the
/// rules it follows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(try_from = "StoredMatch", into = "StoredMatch")]
pub struct Match {
    config: MatchConfig,
    /// How many sets, and when the match ends.
    format: MatchFormat,
    /// Seat of each player for the set to play now (or the last one played).
    seating: Vec<Seat>,
    /// Number of the set to play now (or of the last one, once over).
    number: u32,
    /// Sets won by each contender.
    score: Vec<u32>,
    sets: Vec<SetRecord>,
    winner: Option<ContenderId>,
    /// Whether the match ended level (a fixed even number of sets).
    drawn: bool,
    /// The player who resigned the match, if one did.
    resigned: Option<PlayerId>,
    /// Whether the match was called off before it had a result.
    aborted: bool,
}

/// The stored form of a [`Match`]: everything else follows from it.
#[derive(Serialize, Deserialize)]
struct StoredMatch {
    config: MatchConfig,
    /// Absent for the default, a best of `config.sets`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    match_format: Option<MatchFormat>,
    sets: Vec<SetRecord>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    resigned: Option<PlayerId>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    aborted: bool,
}

impl From<Match> for StoredMatch {
    fn from(m: Match) -> StoredMatch {
        StoredMatch {
            match_format: m.stored_format(),
            config: m.config,
            sets: m.sets,
            resigned: m.resigned,
            aborted: m.aborted,
        }
    }
}

impl TryFrom<StoredMatch> for Match {
    type Error = MatchError;
    fn try_from(stored: StoredMatch) -> Result<Match, MatchError> {
        let mut m = Match::stored(stored.config, stored.match_format)?;
        for (k, set) in stored.sets.into_iter().enumerate() {
            if set.number != m.number || set.seating != m.seating || Some(set.opener) != m.opener()
            {
                return Err(MatchError::Record { entry: k });
            }
            m.record(set.result)?;
        }
        if let Some(player) = stored.resigned {
            m.resign(player)?;
        }
        if stored.aborted {
            m.abort()?;
        }
        Ok(m)
    }
}

impl Match {
    /// A match ready for its first set, or why the config is wrong.
    pub fn new(config: MatchConfig) -> Result<Match, MatchError> {
        config.validate()?;
        let format = MatchFormat::BestOf(config.sets);
        Ok(Match::ready(config, format))
    }

    /// A match of `format` ready for its first set, or why it cannot be
    /// played. `config.sets` is replaced by the number of sets the format
    /// is called by ([`MatchFormat::nominal_sets`]), so that whoever reads
    /// the config sees the match's length. A best of `N` is the match
    /// [`Match::new`] makes.
    pub fn with_format(mut config: MatchConfig, format: MatchFormat) -> Result<Match, MatchError> {
        config.validate_with(format)?;
        config.sets = format.nominal_sets();
        Ok(Match::ready(config, format))
    }

    /// A match as a record stores it: `format` absent for the default,
    /// a best of `config.sets` ([`Match::new`]), and otherwise one whose
    /// number of sets must be the config's ([`Match::with_format`] wrote
    /// it so: a record that says otherwise contradicts itself).
    pub fn stored(config: MatchConfig, format: Option<MatchFormat>) -> Result<Match, MatchError> {
        match format {
            None => Match::new(config),
            Some(format) if config.sets != format.nominal_sets() => Err(MatchError::FormatSets {
                format,
                sets: config.sets,
            }),
            Some(format) => Match::with_format(config, format),
        }
    }

    /// The format as a record stores it: `None` for the default best of
    /// [`MatchConfig::sets`], so that every record written before formats
    /// existed is written exactly as before.
    pub fn stored_format(&self) -> Option<MatchFormat> {
        (self.format != MatchFormat::BestOf(self.config.sets)).then_some(self.format)
    }

    fn ready(config: MatchConfig, format: MatchFormat) -> Match {
        let contenders = match config.format {
            Format::Doubles => 2,
            _ => config.players.len(),
        };
        Match {
            seating: config.seating.clone(),
            number: 1,
            score: vec![0; contenders],
            sets: Vec::new(),
            winner: None,
            drawn: false,
            resigned: None,
            aborted: false,
            format,
            config,
        }
    }

    /// How the match was set up.
    pub fn config(&self) -> &MatchConfig {
        &self.config
    }

    /// How many sets, and when the match ends: a best of
    /// [`MatchConfig::sets`] unless the match was made
    /// [`Match::with_format`].
    pub fn match_format(&self) -> MatchFormat {
        self.format
    }

    /// The seat that opens every set of the match (`000` 4.3, 5.3).
    pub fn first_seat(&self) -> Seat {
        self.config.seating[self.config.opener.index()]
    }

    /// A fresh set to play now, opened from [`Match::first_seat`]; `None`
    /// once the match is over.
    pub fn next_set(&self) -> Option<SetState> {
        if self.is_over() {
            return None;
        }
        Some(SetState::new(
            self.config.profile,
            self.config.format,
            self.first_seat(),
        ))
    }

    /// The number of the set to play now (from 1; a replay keeps it), or of
    /// the last set once the match is over.
    pub fn set_number(&self) -> u32 {
        self.number
    }

    /// The seat of each player, in [`MatchConfig::players`] order, for the
    /// set to play now (or the last set played, once over).
    pub fn seating(&self) -> &[Seat] {
        &self.seating
    }

    /// The seat of `player`, `None` if there is no such player.
    pub fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        self.seating.get(player.index()).copied()
    }

    /// The player at `seat`, `None` if the seat is empty (singles).
    pub fn player_at(&self, seat: Seat) -> Option<PlayerId> {
        self.seating.iter().position(|&s| s == seat).map(PlayerId)
    }

    /// The player who opens the set to play now (`None` cannot happen for a
    /// valid match; the seat is always taken).
    pub fn opener(&self) -> Option<PlayerId> {
        self.player_at(self.first_seat())
    }

    /// The players, in the set's playing order, of side `set_side` of the
    /// set to play now, as [`SetState::new`] numbers sides: in singles and
    /// four-player games side `k` is the `k`-th seat in playing order; in
    /// doubles side 0 is the opening seat and the one opposite, side 1 the
    /// other two. Empty if the set has no such side.
    pub fn players_of_side(&self, set_side: Side) -> Vec<PlayerId> {
        if set_side.index() >= self.sides() {
            return Vec::new();
        }
        let seats = self.config.format.seats(self.first_seat());
        let step = if self.config.format == Format::Doubles {
            2
        } else {
            seats.len()
        };
        seats
            .iter()
            .skip(set_side.index())
            .step_by(step)
            .filter_map(|&seat| self.player_at(seat))
            .collect()
    }

    /// The contender playing as side `set_side` of the set to play now.
    pub fn contender_of_side(&self, set_side: Side) -> Option<ContenderId> {
        self.players_of_side(set_side)
            .first()
            .map(|&p| self.contender_of(p))
    }

    /// Sides a set of this match has: 2, or 4 in four-player games.
    pub fn sides(&self) -> usize {
        self.config.format.sides()
    }

    /// Contenders: players, or in doubles the two teams.
    pub fn contenders(&self) -> usize {
        self.score.len()
    }

    /// The contender `player` plays for (their team in doubles).
    pub fn contender_of(&self, player: PlayerId) -> ContenderId {
        match self.config.format {
            Format::Doubles => ContenderId(player.index() / 2),
            _ => ContenderId(player.index()),
        }
    }

    /// The players of `contender`.
    pub fn members(&self, contender: ContenderId) -> Vec<PlayerId> {
        (0..self.config.players.len())
            .map(PlayerId)
            .filter(|&p| self.contender_of(p) == contender)
            .collect()
    }

    /// Set wins a contender needs to win: `(N + 1) / 2` in a best of `N`,
    /// more than half of a fixed number of sets, `K` in a first to `K`.
    pub fn needed(&self) -> u32 {
        self.format.needed()
    }

    /// Sets won by each contender.
    pub fn score(&self) -> &[u32] {
        &self.score
    }

    /// The contender who won the match.
    pub fn winner(&self) -> Option<ContenderId> {
        self.winner
    }

    /// Whether the match ended level: all of a fixed even number of sets
    /// won, half by each side (3:3 in six sets).
    pub fn is_drawn(&self) -> bool {
        self.drawn
    }

    /// How a match between two contenders ended: the first (contender 0)
    /// or the second won, or it was drawn. `None` while it goes on, once
    /// aborted, and in four-player games (see [`Match::winner`]).
    pub fn result(&self) -> Option<MatchResult> {
        if self.contenders() != 2 {
            return None;
        }
        match (self.winner, self.drawn) {
            (Some(ContenderId(0)), _) => Some(MatchResult::First),
            (Some(_), _) => Some(MatchResult::Second),
            (None, true) => Some(MatchResult::Drawn),
            (None, false) => None,
        }
    }

    /// Whether the match is over: a contender has won, it was drawn, or it
    /// was aborted.
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.drawn || self.aborted
    }

    /// Calls the match off without a result, as online games allow before
    /// both sides have played (the caller says whether they have; the match
    /// knows sets, not strokes). Only while the first set is in play.
    /// Errors: [`MatchError::Over`], [`MatchError::TooLateToAbort`].
    pub fn abort(&mut self) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        if !self.sets.is_empty() {
            return Err(MatchError::TooLateToAbort);
        }
        self.aborted = true;
        Ok(())
    }

    /// Whether the match was aborted.
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// `player` resigns: the match ends at once and the other contender
    /// wins it, whatever the score. The rule books know forfeits imposed by
    /// the referee (`000` 1.28, 5.7, 6.6), not a player's own concession;
    /// this is the concession every board game allows, kept apart from
    /// the sets (the history holds only sets played) and recorded as such.
    /// Errors: [`MatchError::Over`], [`MatchError::NoPlayer`],
    /// [`MatchError::ResignNeedsTwo`] (four players).
    pub fn resign(&mut self, player: PlayerId) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        if player.index() >= self.config.players.len() {
            return Err(MatchError::NoPlayer(player));
        }
        if self.contenders() != 2 {
            return Err(MatchError::ResignNeedsTwo);
        }
        let loser = self.contender_of(player);
        self.winner = Some(ContenderId(1 - loser.index()));
        self.resigned = Some(player);
        Ok(())
    }

    /// The player who resigned the match, if one did.
    pub fn resigned(&self) -> Option<PlayerId> {
        self.resigned
    }

    /// Whether the set to play now is the deciding set: every contender
    /// needs one more set to win the match (`000` 4.6).
    pub fn is_deciding(&self) -> bool {
        !self.is_over() && self.score.iter().all(|&w| w + 1 == self.needed())
    }

    /// Every set recorded so far, replays included, in order.
    pub fn history(&self) -> &[SetRecord] {
        &self.sets
    }

    /// Records the result of the set just played ([`ReplayCause::of`] sorts
    /// a replay).
    pub fn record(&mut self, result: SetResult) -> Result<(), MatchError> {
        if self.is_over() {
            return Err(MatchError::Over);
        }
        let replay = match &result {
            SetResult::Won { winner, .. } if winner.index() >= self.sides() => {
                return Err(MatchError::Winner {
                    winner: *winner,
                    sides: self.sides(),
                });
            }
            SetResult::Replay { .. } => ReplayCause::of(&result),
            _ => None,
        };
        // Every valid seating takes the opening seat.
        let opener = self.opener().unwrap_or(self.config.opener);
        let won_by = match &result {
            SetResult::Won { winner, .. } => self.contender_of_side(*winner),
            _ => None,
        };
        let deciding = self.is_deciding();
        self.sets.push(SetRecord {
            number: self.number,
            seating: self.seating.clone(),
            opener,
            result,
        });
        match replay {
            None => {
                if let Some(c) = won_by {
                    self.score[c.index()] += 1;
                    if self.ends() {
                        return Ok(());
                    }
                }
                self.number += 1;
                self.change_places();
            }
            Some(ReplayCause::FirstTurnClears) => {
                let profile = self.config.profile.profile();
                if profile.first_turn_clear_replay_swaps || deciding {
                    self.change_places();
                }
            }
            Some(ReplayCause::Other) => {}
        }
        Ok(())
    }

    /// Ends the match if the score is a result: between two contenders as
    /// the format's standing says, in four-player games when a contender
    /// has the sets needed. Whether it ended.
    fn ends(&mut self) -> bool {
        if let [a, b] = self.score[..] {
            // The format was checked when the match was made and the match
            // stops at its first result, so the standing is never an error.
            match self.format.standing((a, b)).ok().flatten() {
                Some(MatchResult::First) => self.winner = Some(ContenderId(0)),
                Some(MatchResult::Second) => self.winner = Some(ContenderId(1)),
                Some(MatchResult::Drawn) => self.drawn = true,
                None => {}
            }
        } else if let Some(c) = self.score.iter().position(|&w| w >= self.needed()) {
            self.winner = Some(ContenderId(c));
        }
        self.is_over()
    }

    /// The change of places between sets (`000` 4.3, 5.3).
    fn change_places(&mut self) {
        for seat in &mut self.seating {
            *seat = match self.config.format {
                Format::Singles => seat.opposite(),
                Format::Doubles | Format::FourPlayer => seat.clockwise(),
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Seat::*;

    fn names(n: usize) -> Vec<Option<String>> {
        ["Anna", "Bruno", "Cilda", "Dainis"][..n]
            .iter()
            .map(|s| Some(s.to_string()))
            .collect()
    }

    fn singles(profile: ProfileId, sets: u32) -> Match {
        // Anna won the toss and opens; Bruno chose to play from North, so
        // Anna opens from South (`000` 1.4).
        let players = ["Anna".to_string(), "Bruno".to_string()];
        Match::new(MatchConfig::singles(
            profile,
            sets,
            players,
            PlayerId(0),
            South,
        ))
        .unwrap()
    }

    /// Team 0 is Anna and Bruno, team 1 Cilda and Dainis. Anna opens from
    /// South (`000` 5.2), Bruno sits opposite (`000` 5.1), Cilda West and
    /// Dainis East, as the opponents chose ("Starting a game" ¶3).
    fn doubles(profile: ProfileId, sets: u32) -> Match {
        Match::new(MatchConfig {
            profile,
            format: Format::Doubles,
            sets,
            players: names(4),
            seating: vec![South, North, West, East],
            opener: PlayerId(0),
        })
        .unwrap()
    }

    fn won(winner: usize) -> SetResult {
        SetResult::Won {
            winner: Side::new(winner as u8),
            how: crate::rules::set::WinReason::PocketedAll,
        }
    }

    fn first_turn_clears() -> SetResult {
        SetResult::Replay {
            why: ReplayReason::FirstTurnClears,
        }
    }

    fn side(k: usize) -> Side {
        Side::new(k as u8)
    }

    /// The side a player plays as in the set the match hands out.
    fn side_of_player(m: &Match, player: usize) -> usize {
        let set = m.next_set().unwrap();
        set.side_of(m.seat_of(PlayerId(player)).unwrap())
            .unwrap()
            .index()
    }

    #[test]
    fn singles_best_of_three_changes_ends_and_keeps_the_starting_seat() {
        let mut m = singles(ProfileId::Lnf2017, 3);
        assert_eq!(m.needed(), 2);
        // Set 1: Anna opens from South.
        let set = m.next_set().unwrap();
        assert_eq!(set.seats(), vec![South, North]);
        assert_eq!(m.seating(), &[South, North]);
        assert_eq!(m.opener(), Some(PlayerId(0)));
        assert_eq!(m.players_of_side(side(0)), vec![PlayerId(0)]);
        assert_eq!(m.players_of_side(side(1)), vec![PlayerId(1)]);
        m.record(won(0)).unwrap(); // Anna wins set 1.
        assert_eq!(m.score(), &[1, 0]);

        // `000` 4.3: the players change ends, the right to start stays with
        // the South seat, so Bruno opens set 2 from there.
        assert_eq!(m.set_number(), 2);
        assert_eq!(m.seating(), &[North, South]);
        assert_eq!(m.first_seat(), South);
        assert_eq!(m.next_set().unwrap().seats(), [South, North]);
        assert_eq!(m.opener(), Some(PlayerId(1)));
        assert_eq!(m.players_of_side(side(0)), vec![PlayerId(1)]);
        assert_eq!(side_of_player(&m, 1), 0);
        // Seat 0 (Bruno) wins set 2: it counts for Bruno, not for Anna.
        m.record(won(0)).unwrap();
        assert_eq!(m.score(), &[1, 1]);
        assert!(!m.is_over());

        // Set 3: back to the first seating, Anna opens again.
        assert_eq!(m.set_number(), 3);
        assert_eq!(m.seating(), &[South, North]);
        assert_eq!(m.opener(), Some(PlayerId(0)));
        assert!(m.is_deciding());
        m.record(won(1)).unwrap(); // Bruno, at North, wins.
        assert_eq!(m.score(), &[1, 2]);
        assert_eq!(m.winner(), Some(ContenderId(1)));
        assert!(m.is_over());
        assert!(m.next_set().is_none());
        assert_eq!(m.history().len(), 3);
        assert_eq!(
            m.history()
                .iter()
                .map(|s| s.opener.index())
                .collect::<Vec<_>>(),
            vec![0, 1, 0]
        );
    }

    #[test]
    fn the_other_player_opens_the_second_set_when_the_opener_sits_north() {
        // Bruno (player 1) won the toss; Anna chose to have him open from
        // North (`000` 1.4).
        let players = ["Anna".to_string(), "Bruno".to_string()];
        let mut m = Match::new(MatchConfig::singles(
            ProfileId::Australia1992,
            5,
            players,
            PlayerId(1),
            North,
        ))
        .unwrap();
        assert_eq!(m.seating(), &[South, North]);
        assert_eq!(m.next_set().unwrap().seats(), [North, South]);
        assert_eq!(m.opener(), Some(PlayerId(1)));
        m.record(won(1)).unwrap(); // Anna (side 1 in set 1) wins.
        assert_eq!(m.score(), &[1, 0]);
        // `000` 4.3: Anna now sits North and opens set 2.
        assert_eq!(m.seating(), &[North, South]);
        assert_eq!(m.opener(), Some(PlayerId(0)));
        assert_eq!(m.next_set().unwrap().seats(), [North, South]);
        // Best of five: three wins needed.
        assert_eq!(m.needed(), 3);
        m.record(won(0)).unwrap(); // set 2 to Anna, the opener: 2–0.
        m.record(won(0)).unwrap(); // set 3 to Bruno, the opener: 2–1.
        assert_eq!(m.score(), &[2, 1]);
        assert!(!m.is_over());
        m.record(won(0)).unwrap(); // set 4: Anna opens again and wins.
        assert_eq!(m.score(), &[3, 1]);
        assert_eq!(m.winner(), Some(ContenderId(0)));
        assert_eq!(m.set_number(), 4);
    }

    #[test]
    fn doubles_players_rotate_clockwise_and_the_opening_seat_stays() {
        let mut m = doubles(ProfileId::Lnf2017, 7);
        assert_eq!(m.contenders(), 2);
        assert_eq!(m.members(ContenderId(0)), vec![PlayerId(0), PlayerId(1)]);
        assert_eq!(m.members(ContenderId(1)), vec![PlayerId(2), PlayerId(3)]);
        let mut openers = Vec::new();
        for set in 1..=4u32 {
            assert_eq!(m.set_number(), set);
            let state = m.next_set().unwrap();
            // `000` 5.3: the starting position stays on the same side.
            assert_eq!(state.seats()[0], South);
            assert_eq!(m.first_seat(), South);
            // `000` 5.1: partners stay opposite each other.
            let s = m.seating().to_vec();
            assert_eq!(s[0], s[1].opposite());
            assert_eq!(s[2], s[3].opposite());
            // The set's sides map back to whole teams.
            for s in 0..2 {
                let players = m.players_of_side(side(s));
                assert_eq!(players.len(), 2);
                let team = m.contender_of(players[0]);
                assert_eq!(m.contender_of(players[1]), team);
                let seats: Vec<Seat> = players.iter().map(|&p| m.seat_of(p).unwrap()).collect();
                assert_eq!(seats, state.sides()[s].seats);
            }
            let opener = m.opener().unwrap();
            openers.push(opener);
            assert_eq!(m.players_of_side(side(0))[0], opener);
            // Let the opening side win each set.
            let before = s.clone();
            m.record(won(0)).unwrap();
            // Everybody moved one seat clockwise (`000` 5.3).
            let after: Vec<Seat> = before.iter().map(|&seat| seat.clockwise()).collect();
            assert_eq!(m.seating(), after.as_slice());
        }
        // Anna (team 0) opens set 1 from South; then whoever moves into
        // South from East opens: Dainis, Bruno, Cilda. The teams take turns
        // to open and each player opens once in four sets.
        assert_eq!(openers, [0, 3, 1, 2].map(PlayerId));
        let teams: Vec<usize> = openers.iter().map(|&p| m.contender_of(p).index()).collect();
        assert_eq!(teams, vec![0, 1, 0, 1]);
        // The opening side won each time: teams alternate, 2–2.
        assert_eq!(m.score(), &[2, 2]);
        // After four moves everyone is back in their first seat.
        assert_eq!(m.seating(), &[South, North, West, East]);
        // The playing order round the table is the same every set: Anna,
        // Cilda, Bruno, Dainis, starting from a different player.
        let order: Vec<usize> = m
            .next_set()
            .unwrap()
            .seats
            .iter()
            .map(|&seat| m.player_at(seat).unwrap().index())
            .collect();
        assert_eq!(order, vec![0, 2, 1, 3]);
        m.record(won(1)).unwrap(); // Set 5 to team 1: 2–3.
        m.record(won(1)).unwrap(); // Set 6 opened by Dainis (team 1); side 1 is team 0.
        assert_eq!(m.score(), &[3, 3]);
        assert!(m.is_deciding());
        m.record(won(0)).unwrap(); // Set 7 opened by Bruno (team 0).
        assert_eq!(m.winner(), Some(ContenderId(0)));
    }

    fn singles_of(format: MatchFormat) -> Match {
        let players = ["Anna".to_string(), "Bruno".to_string()];
        let config = MatchConfig::singles(ProfileId::Lnf2017, 1, players, PlayerId(0), South);
        Match::with_format(config, format).unwrap()
    }

    /// Records a set won by `contender`, whichever side they play.
    fn set_to(m: &mut Match, contender: usize) {
        let side = (0..m.sides())
            .find(|&s| m.contender_of_side(side(s)) == Some(ContenderId(contender)))
            .unwrap();
        m.record(won(side)).unwrap();
    }

    #[test]
    fn six_sets_end_early_once_a_side_has_four() {
        let mut m = singles_of(MatchFormat::Sets(6));
        assert_eq!(m.config().sets, 6);
        assert_eq!(m.needed(), 4);
        for (k, c) in [0, 1, 0, 0, 1].into_iter().enumerate() {
            set_to(&mut m, c);
            assert!(!m.is_over(), "after set {}", k + 1);
            assert!(!m.is_deciding(), "six sets have no deciding set");
        }
        // Ends change after every set as in a best of (`000` 4.3): Bruno
        // opens the even sets, Anna the odd ones.
        assert_eq!(m.set_number(), 6);
        assert_eq!(m.opener(), Some(PlayerId(1)));
        set_to(&mut m, 0);
        assert_eq!(m.score(), &[4, 2]);
        assert_eq!(m.winner(), Some(ContenderId(0)));
        assert_eq!(m.result(), Some(MatchResult::First));
        assert!(m.is_over() && !m.is_drawn());
        assert_eq!(m.record(won(0)), Err(MatchError::Over));

        // 4:0 ends after four sets: the last two are not played.
        let mut m = singles_of(MatchFormat::Sets(6));
        for _ in 0..4 {
            set_to(&mut m, 1);
        }
        assert_eq!((m.set_number(), m.result()), (4, Some(MatchResult::Second)));
    }

    #[test]
    fn six_sets_at_three_all_are_a_drawn_match() {
        let mut m = singles_of(MatchFormat::Sets(6));
        for c in [0, 0, 1, 1, 0, 1] {
            set_to(&mut m, c);
        }
        assert_eq!(m.score(), &[3, 3]);
        assert!(m.is_over() && m.is_drawn());
        assert_eq!(m.winner(), None);
        assert_eq!(m.result(), Some(MatchResult::Drawn));
        assert!(m.next_set().is_none());
        assert_eq!(m.record(SetResult::Drawn), Err(MatchError::Over));
        let openers: Vec<usize> = m.history().iter().map(|s| s.opener.index()).collect();
        assert_eq!(openers, [0, 1, 0, 1, 0, 1]);
    }

    #[test]
    fn four_sets_in_doubles_draw_at_two_all() {
        let config = doubles(ProfileId::Lnf2017, 1).config().clone();
        let mut m = Match::with_format(config, MatchFormat::Sets(4)).unwrap();
        for c in [0, 1, 1, 0] {
            set_to(&mut m, c);
        }
        assert_eq!(m.result(), Some(MatchResult::Drawn));
        // The seats moved clockwise after each set but the last (`000` 5.3).
        let thrice = |s: Seat| s.clockwise().clockwise().clockwise();
        assert_eq!(m.seating(), [South, North, West, East].map(thrice));
    }

    #[test]
    fn a_drawn_set_adds_a_set_to_a_fixed_number() {
        // Interpretation: six sets are six sets won; a drawn set (`000`
        // 4.5) counts for nobody, as in a best of.
        let mut m = Match::with_format(
            singles(ProfileId::Australia1992, 1).config().clone(),
            MatchFormat::Sets(6),
        )
        .unwrap();
        for c in [0, 1, 0, 1, 0] {
            set_to(&mut m, c);
        }
        m.record(SetResult::Drawn).unwrap();
        assert!(!m.is_over());
        assert_eq!(m.set_number(), 7);
        set_to(&mut m, 1);
        assert_eq!(m.result(), Some(MatchResult::Drawn));
    }

    #[test]
    fn first_to_k_ends_at_k_sets_won() {
        let mut m = singles_of(MatchFormat::FirstTo(3));
        assert_eq!((m.config().sets, m.needed()), (5, 3));
        for c in [1, 1, 0, 0] {
            set_to(&mut m, c);
        }
        assert!(m.is_deciding(), "2:2, both need one");
        set_to(&mut m, 1);
        assert_eq!(m.score(), &[2, 3]);
        assert_eq!(m.result(), Some(MatchResult::Second));
        // Four players play first to as they play a best of.
        let mut four = Match::with_format(
            MatchConfig {
                profile: ProfileId::Lnf2017,
                format: Format::FourPlayer,
                sets: 1,
                players: names(4),
                seating: vec![North, East, South, West],
                opener: PlayerId(0),
            },
            MatchFormat::FirstTo(1),
        )
        .unwrap();
        set_to(&mut four, 2);
        assert_eq!((four.winner(), four.result()), (Some(ContenderId(2)), None));
    }

    #[test]
    fn formats_that_cannot_be_played_are_refused_by_the_match() {
        let config = singles(ProfileId::Lnf2017, 3).config().clone();
        for bad in [
            MatchFormat::BestOf(4),
            MatchFormat::Sets(0),
            MatchFormat::FirstTo(0),
        ] {
            assert_eq!(
                Match::with_format(config.clone(), bad),
                Err(MatchError::Format(bad))
            );
        }
        assert_eq!(
            MatchError::Format(MatchFormat::BestOf(4)).to_string(),
            "a best of 4 cannot be played: a best of is of an odd number of sets, 1 to 99"
        );
        let four = MatchConfig {
            profile: ProfileId::Lnf2017,
            format: Format::FourPlayer,
            sets: 3,
            players: names(4),
            seating: vec![North, East, South, West],
            opener: PlayerId(0),
        };
        assert_eq!(
            Match::with_format(four, MatchFormat::Sets(6)),
            Err(MatchError::SetsNeedTwo(MatchFormat::Sets(6)))
        );
        // A best of made with a format is the match `new` makes.
        assert_eq!(
            Match::with_format(config.clone(), MatchFormat::BestOf(3)),
            Match::new(config)
        );
    }

    #[test]
    fn a_format_is_stored_only_when_it_is_not_the_default() {
        // A best of is written exactly as before formats existed.
        let mut m = singles(ProfileId::Lnf2017, 3);
        m.record(won(0)).unwrap();
        let v = serde_json::to_value(&m).unwrap();
        assert_eq!(v.as_object().unwrap().len(), 2, "{v}");
        assert_eq!(
            serde_json::from_value::<Match>(v).unwrap().match_format(),
            MatchFormat::BestOf(3)
        );

        let mut m = singles_of(MatchFormat::Sets(6));
        for c in [0, 1, 0, 1, 0, 1] {
            set_to(&mut m, c);
        }
        let v = serde_json::to_value(&m).unwrap();
        assert_eq!(
            v["match_format"],
            serde_json::json!({"kind": "sets", "sets": 6})
        );
        let back: Match = serde_json::from_value(v.clone()).unwrap();
        assert_eq!(back, m);
        assert!(back.is_drawn());
        // A stored format that disagrees with the stored number of sets.
        let mut bad = v;
        bad["config"]["sets"] = serde_json::json!(5);
        assert!(serde_json::from_value::<Match>(bad).is_err());
    }

    #[test]
    fn four_player_games_rotate_like_doubles() {
        let mut m = Match::new(MatchConfig {
            profile: ProfileId::Lnf2017,
            format: Format::FourPlayer,
            sets: 3,
            players: names(4),
            seating: vec![North, East, South, West],
            opener: PlayerId(0),
        })
        .unwrap();
        assert_eq!(m.contenders(), 4);
        assert_eq!(m.sides(), 4);
        let set = m.next_set().unwrap();
        assert_eq!(set.seats(), vec![North, East, South, West]);
        for s in 0..4 {
            assert_eq!(m.players_of_side(side(s)), vec![PlayerId(s)]);
            assert_eq!(m.contender_of_side(side(s)), Some(ContenderId(s)));
        }
        // Cilda wins. Interpretation: clockwise move, the opening seat
        // stays; Dainis, who played last, opens set 2 from North.
        m.record(won(2)).unwrap();
        assert_eq!(m.seating(), &[East, South, West, North]);
        assert_eq!(m.opener(), Some(PlayerId(3)));
        assert_eq!(m.players_of_side(side(0)), vec![PlayerId(3)]);
        assert_eq!(m.players_of_side(side(3)), vec![PlayerId(2)]);
        m.record(won(3)).unwrap(); // Cilda again, now side 3.
        assert_eq!(m.score(), &[0, 0, 2, 0]);
        assert_eq!(m.winner(), Some(ContenderId(2)));
    }

    #[test]
    fn four_player_best_of_three_may_need_more_than_three_sets() {
        let mut m = Match::new(MatchConfig {
            profile: ProfileId::Lnf2017,
            format: Format::FourPlayer,
            sets: 3,
            players: names(4),
            seating: vec![South, West, North, East],
            opener: PlayerId(0),
        })
        .unwrap();
        for _ in 0..4 {
            // Whoever opens wins: each player opens once in four sets.
            m.record(won(0)).unwrap();
        }
        assert_eq!(m.score(), &[1, 1, 1, 1]);
        assert!(!m.is_over());
        assert!(m.is_deciding());
        assert_eq!(m.set_number(), 5);
        m.record(won(1)).unwrap();
        assert!(m.is_over());
    }

    #[test]
    fn draws_count_for_nobody_and_add_sets() {
        // `000` 1.27, 4.5: a drawn set; the match still needs two wins.
        let mut m = singles(ProfileId::Australia1992, 3);
        m.record(SetResult::Drawn).unwrap();
        assert_eq!(m.score(), &[0, 0]);
        // A draw is a completed set: ends change (`000` 4.3), the number moves on.
        assert_eq!(m.set_number(), 2);
        assert_eq!(m.opener(), Some(PlayerId(1)));
        m.record(won(0)).unwrap(); // Bruno.
        m.record(SetResult::Drawn).unwrap();
        m.record(won(0)).unwrap(); // set 4, Bruno opens again.
        assert_eq!(m.score(), &[0, 2]);
        assert_eq!(m.winner(), Some(ContenderId(1)));
        assert_eq!(m.set_number(), 4);
        assert_eq!(m.history().len(), 4);
    }

    #[test]
    fn draws_can_go_past_the_nominal_number_of_sets() {
        let mut m = singles(ProfileId::Australia1992, 1);
        for _ in 0..3 {
            m.record(SetResult::Drawn).unwrap();
        }
        assert!(!m.is_over());
        assert_eq!(m.set_number(), 4);
        assert!(m.is_deciding());
        m.record(won(0)).unwrap();
        // Set 4 was opened by Bruno (ends changed three times).
        assert_eq!(m.winner(), Some(ContenderId(1)));
    }

    #[test]
    fn other_replays_keep_the_set_number_seating_and_starter() {
        // `000` 4.4 blind stalemate, `002` 7.2 both last discs: replayed as
        // they were.
        for profile in ProfileId::ALL {
            let mut m = singles(profile, 3);
            m.record(won(1)).unwrap(); // Bruno wins set 1.
            let seating = m.seating().to_vec();
            let opener = m.opener();
            m.record(SetResult::Replay {
                why: ReplayReason::BothLastDiscs,
            })
            .unwrap();
            m.record(SetResult::Replay {
                why: ReplayReason::BlindMisses,
            })
            .unwrap();
            assert_eq!(m.set_number(), 2);
            assert_eq!(m.seating(), seating.as_slice());
            assert_eq!(m.opener(), opener);
            assert_eq!(m.score(), &[0, 1]);
            assert_eq!(m.history().len(), 3);
            assert!(m.history()[1..]
                .iter()
                .all(|s| s.number == 2 && ReplayCause::of(&s.result) == Some(ReplayCause::Other)));
            // Even in the deciding set.
            m.record(won(1)).unwrap(); // Bruno opened set 2; side 1 is Anna: 1–1.
            assert!(m.is_deciding());
            let seating = m.seating().to_vec();
            m.record(SetResult::Replay {
                why: ReplayReason::Interference,
            })
            .unwrap();
            assert_eq!(m.seating(), seating.as_slice());
            assert_eq!(m.set_number(), 3);
        }
    }

    #[test]
    fn first_turn_clears_swap_ends_and_start_under_002() {
        // `002` 7.1: "the game is replayed, swapping positions at each end of
        // the table, and the right to the first shot".
        let mut m = singles(ProfileId::Lnf2017, 3);
        assert!(ProfileId::Lnf2017.profile().first_turn_clear_replay_swaps);
        m.record(first_turn_clears()).unwrap();
        assert_eq!(m.set_number(), 1);
        assert_eq!(m.seating(), &[North, South]);
        assert_eq!(m.opener(), Some(PlayerId(1)));
        assert_eq!(
            ReplayCause::of(&m.history()[0].result),
            Some(ReplayCause::FirstTurnClears)
        );
        // The replayed set 1 is then won, and ends change again (`000` 4.3).
        m.record(won(0)).unwrap(); // Bruno.
        assert_eq!(m.score(), &[0, 1]);
        assert_eq!(m.set_number(), 2);
        assert_eq!(m.opener(), Some(PlayerId(0)));
    }

    #[test]
    fn first_turn_clears_keep_sides_under_000_outside_the_deciding_set() {
        // `000` 4.6: "replayed without change of sides unless it happens in
        // the deciding set of a game".
        let mut m = singles(ProfileId::Australia1992, 3);
        assert!(
            !ProfileId::Australia1992
                .profile()
                .first_turn_clear_replay_swaps
        );
        assert!(!m.is_deciding());
        m.record(first_turn_clears()).unwrap();
        assert_eq!(m.set_number(), 1);
        assert_eq!(m.seating(), &[South, North]);
        assert_eq!(m.opener(), Some(PlayerId(0)));
        m.record(won(0)).unwrap(); // Anna, 1–0.
                                   // Set 2 at 1–0 is not deciding either.
        assert!(!m.is_deciding());
        m.record(first_turn_clears()).unwrap();
        assert_eq!(m.opener(), Some(PlayerId(1)));
        m.record(won(1)).unwrap(); // Anna is side 1 in set 2: 2–0.
        assert_eq!(m.winner(), Some(ContenderId(0)));
    }

    #[test]
    fn first_turn_clears_in_the_deciding_set_change_sides_under_000() {
        let mut m = singles(ProfileId::Australia1992, 3);
        m.record(won(0)).unwrap(); // Anna.
        m.record(won(0)).unwrap(); // Bruno: 1–1.
        assert_eq!(m.set_number(), 3);
        assert!(m.is_deciding());
        assert_eq!(m.opener(), Some(PlayerId(0)));
        // Interpretation: the deciding set is replayed with the change of
        // sides between sets: ends change, Bruno opens the replay.
        m.record(first_turn_clears()).unwrap();
        assert_eq!(m.set_number(), 3);
        assert_eq!(m.seating(), &[North, South]);
        assert_eq!(m.opener(), Some(PlayerId(1)));
        // Draws keep it deciding; a one-set match is always deciding.
        let mut one = singles(ProfileId::Australia1992, 1);
        assert!(one.is_deciding());
        one.record(first_turn_clears()).unwrap();
        assert_eq!(one.opener(), Some(PlayerId(1)));
    }

    #[test]
    fn first_turn_clears_in_doubles_rotate_under_002_and_stay_under_000() {
        // `000` 5.5 with `002` 7.1's swap: the replay is opened by the
        // other team from the same seat; under `000` 4.6 nothing moves.
        let mut m = doubles(ProfileId::Koroona, 3);
        m.record(first_turn_clears()).unwrap();
        assert_eq!(m.set_number(), 1);
        assert_eq!(m.seating(), &[West, East, North, South]);
        assert_eq!(m.contender_of(m.opener().unwrap()), ContenderId(1));

        let mut m = doubles(ProfileId::Australia1992, 3);
        m.record(first_turn_clears()).unwrap();
        assert_eq!(m.seating(), &[South, North, West, East]);
        assert_eq!(m.opener(), Some(PlayerId(0)));
    }

    #[test]
    fn forfeits_are_wins_for_the_other_side() {
        // `000` 5.7, 6.6: Cilda plays out of turn, her team forfeits; the
        // referee reports a win for the other side.
        let mut m = doubles(ProfileId::Lnf2017, 1);
        let cilda_side = side_of_player(&m, 2);
        m.record(SetResult::Won {
            winner: side(1 - cilda_side),
            how: crate::rules::set::WinReason::OpponentOutOfTurn,
        })
        .unwrap();
        assert_eq!(m.winner(), Some(ContenderId(0)));
    }

    #[test]
    fn bad_set_counts_are_refused() {
        for sets in [0, 2, 4] {
            let players = ["A".to_string(), "B".to_string()];
            let err = Match::new(MatchConfig::singles(
                ProfileId::Lnf2017,
                sets,
                players,
                PlayerId(0),
                South,
            ))
            .unwrap_err();
            assert_eq!(err, MatchError::SetCount(sets));
        }
        for sets in [1, 3, 5, 7] {
            let players = ["A".to_string(), "B".to_string()];
            assert!(Match::new(MatchConfig::singles(
                ProfileId::Lnf2017,
                sets,
                players,
                PlayerId(0),
                South
            ))
            .is_ok());
        }
    }

    #[test]
    fn wrong_player_counts_are_refused() {
        for (format, n) in [
            (Format::Singles, 4),
            (Format::Doubles, 2),
            (Format::FourPlayer, 3),
        ] {
            let err = Match::new(MatchConfig {
                profile: ProfileId::Lnf2017,
                format,
                sets: 3,
                players: names(n),
                seating: Seat::ALL[..n].to_vec(),
                opener: PlayerId(0),
            })
            .unwrap_err();
            assert!(
                matches!(err, MatchError::PlayerCount { got, .. } if got == n),
                "{err}"
            );
        }
    }

    #[test]
    fn bad_seatings_are_refused() {
        let config = |format: Format, seating: Vec<Seat>, opener: usize| MatchConfig {
            profile: ProfileId::Lnf2017,
            format,
            sets: 3,
            players: names(MatchConfig::players_needed(format)),
            seating,
            opener: PlayerId(opener),
        };
        let bad = [
            // Partners (Anna and Bruno) side by side (`000` 5.1).
            config(Format::Doubles, vec![South, West, North, East], 0),
            // Two players at one seat.
            config(Format::Doubles, vec![South, North, South, North], 0),
            config(Format::FourPlayer, vec![South, West, North, North], 0),
            // Too few seats.
            config(Format::Doubles, vec![South, North, West], 0),
            // Singles players not opposite (`000` 4.1).
            config(Format::Singles, vec![South, East], 0),
        ];
        for c in bad {
            assert!(
                matches!(Match::new(c.clone()), Err(MatchError::Seating(_))),
                "{c:?}"
            );
        }
        assert_eq!(
            Match::new(config(Format::Doubles, vec![South, North, West, East], 4)),
            Err(MatchError::Opener(PlayerId(4)))
        );
        let players = ["A".to_string(), "B".to_string()];
        assert_eq!(
            Match::new(MatchConfig::singles(
                ProfileId::Lnf2017,
                1,
                players,
                PlayerId(2),
                South
            )),
            Err(MatchError::Opener(PlayerId(2)))
        );
        // East–West singles and any four distinct four-player seats are fine.
        assert!(Match::new(config(Format::Singles, vec![West, East], 1)).is_ok());
        assert!(Match::new(config(
            Format::FourPlayer,
            vec![East, North, West, South],
            3
        ))
        .is_ok());
    }

    #[test]
    fn recording_after_the_end_or_an_unknown_winner_is_an_error() {
        let mut m = singles(ProfileId::Lnf2017, 1);
        assert_eq!(
            m.record(won(2)),
            Err(MatchError::Winner {
                winner: side(2),
                sides: 2
            })
        );
        assert!(m.history().is_empty());
        m.record(won(0)).unwrap();
        assert_eq!(m.winner(), Some(ContenderId(0)));
        let before = m.clone();
        assert_eq!(m.record(won(0)), Err(MatchError::Over));
        assert_eq!(m.record(SetResult::Drawn), Err(MatchError::Over));
        assert_eq!(m.record(first_turn_clears()), Err(MatchError::Over));
        assert_eq!(m, before);
        assert!(!m.is_deciding());
        assert!(MatchError::Over.to_string().contains("over"));
    }

    #[test]
    fn out_of_range_lookups_are_empty_not_panics() {
        let m = doubles(ProfileId::Lnf2017, 3);
        assert_eq!(m.seat_of(PlayerId(4)), None);
        assert!(m.players_of_side(side(2)).is_empty());
        assert_eq!(m.contender_of_side(side(2)), None);
        let s = singles(ProfileId::Lnf2017, 3);
        assert_eq!(s.player_at(East), None);
        assert!(s.players_of_side(side(2)).is_empty());
    }

    #[test]
    fn a_match_round_trips_through_json_and_bad_records_are_refused() {
        let mut m = doubles(ProfileId::Australia1992, 3);
        m.record(won(0)).unwrap();
        m.record(SetResult::Replay {
            why: ReplayReason::BlindMisses,
        })
        .unwrap();
        m.record(first_turn_clears()).unwrap();
        m.record(SetResult::Drawn).unwrap();
        let json = serde_json::to_string(&m).unwrap();
        let back: Match = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);

        // A record whose seating does not follow the rules.
        let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
        v["sets"][1]["seating"] = serde_json::json!(["south", "north", "west", "east"]);
        assert!(serde_json::from_value::<Match>(v).is_err());
        // A set recorded after the end.
        let mut m = singles(ProfileId::Lnf2017, 1);
        m.record(won(0)).unwrap();
        let mut v = serde_json::to_value(&m).unwrap();
        let extra = v["sets"][0].clone();
        v["sets"].as_array_mut().unwrap().push(extra);
        assert!(serde_json::from_value::<Match>(v).is_err());
        // A bad config.
        let mut v = serde_json::to_value(&m).unwrap();
        v["config"]["sets"] = serde_json::json!(2);
        assert!(serde_json::from_value::<Match>(v).is_err());
    }
}
