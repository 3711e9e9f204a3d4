//! A new game as a client asks for it, checked, and the set-up that is
//! stored with the game.

use novuss_ai::Level;
use novuss_core::physics::Physics;
use novuss_core::play::match_play::Match;
use novuss_core::play::match_play::MatchConfig;
use novuss_core::play::match_play::MatchError;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SetState};
use novuss_core::seat::Seat;
use novuss_core::{MatchFormat, PlayerId};
use serde::{Deserialize, Serialize};

// The lobby and the hub's tests name the request here.
pub use crate::wire::http::games::{NewGame, PlayerSpec};

/// The longest player name, in characters.
pub const MAX_NAME: usize = 40;

/// The sets a match given by its number of sets alone (a best of) may
/// have here, for new games and uploads alike.
pub const SETS: [u32; 3] = [1, 3, 5];

/// The most sets a screen game's match may be called by
/// ([`MatchFormat::nominal_sets`]): a best of nine, nine sets, first to
/// five. Longer matches are competitions' (the core's bound is 99); a
/// game on a screen that long would outlast its players' evening.
pub const MAX_SETS: u32 = 9;

/// Whether `format` is one a game here may be played to: one the core
/// can play, of at most [`MAX_SETS`] sets.
pub fn check_match_format(format: MatchFormat) -> Result<MatchFormat, SetupError> {
    let format = format
        .checked()
        .map_err(|_| SetupError::Match(MatchError::Format(format)))?;
    if format.nominal_sets() > MAX_SETS {
        return Err(SetupError::TooLong(format));
    }
    Ok(format)
}

/// Whether `c` changes the direction of the text around it (the Unicode
/// bidirectional formatting characters): a name with one could make the
/// words after it on another player's page read backwards.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The one rule for a player's name, in new games and uploaded records
/// alike: 1 to [`MAX_NAME`] characters, none of them a control character
/// (NUL, escape sequences, line breaks) or a bidirectional control.
pub fn check_name(name: &str) -> Result<(), NameError> {
    if name.trim().is_empty() || name.chars().count() > MAX_NAME {
        return Err(NameError::Length);
    }
    if name.chars().any(char::is_control) {
        return Err(NameError::Control);
    }
    if name.chars().any(is_bidi_control) {
        return Err(NameError::Bidi);
    }
    Ok(())
}

/// Why a name is refused ([`check_name`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NameError {
    /// Empty, blank or over [`MAX_NAME`] characters.
    Length,
    /// A control character.
    Control,
    /// A bidirectional control character.
    Bidi,
}

impl std::fmt::Display for NameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NameError::Length => write!(f, "a name has 1 to {MAX_NAME} characters"),
            NameError::Control => f.write_str("a name may not hold a control character"),
            NameError::Bidi => f.write_str("a name may not hold a bidirectional control character"),
        }
    }
}

impl std::error::Error for NameError {}

/// A stored name as it is listed: cut to [`MAX_NAME`] characters (names
/// stored before the rule was kept may be longer).
pub fn shown_name(name: &str) -> String {
    match name.char_indices().nth(MAX_NAME) {
        None => name.to_owned(),
        Some((at, _)) => format!("{}…", &name[..at]),
    }
}

/// The stroke clocks a game may have, in seconds.
pub const STROKE_CLOCKS: [u32; 3] = [15, 30, 60];

/// Who plays a seat, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person.
    Human,
    /// The computer at a level.
    Computer(Level),
}

impl Controller {
    /// Whether the computer plays this player.
    pub fn is_computer(&self) -> bool {
        matches!(self, Controller::Computer(_))
    }
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum StoredController {
    Human,
    Computer { level: String },
}

impl Serialize for Controller {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Controller::Human => StoredController::Human,
            Controller::Computer(l) => StoredController::Computer {
                level: l.name().to_owned(),
            },
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Controller {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match StoredController::deserialize(d)? {
            StoredController::Human => Ok(Controller::Human),
            StoredController::Computer { level } => level
                .parse()
                .map(Controller::Computer)
                .map_err(serde::de::Error::custom),
        }
    }
}

/// Everything a game is set up with: stored once, when it is created.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(from = "StoredSetup")]
pub struct Setup {
    /// The match: profile, format, sets, names and seating.
    pub config: MatchConfig,
    /// The physics every stroke is simulated with.
    pub physics: Physics,
    /// Who plays each player, in `config.players` order.
    pub controllers: Vec<Controller>,
    /// Whether strokes may be taken back.
    pub casual: bool,
    /// Whether the match moves its players' ratings.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Seconds a player has for each stroke, if the game has a clock.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stroke_clock: Option<u32>,
    /// Where the game came from.
    #[serde(default)]
    pub origin: GameOrigin,
    /// The position the first set started from, when it was not the
    /// line-up (an uploaded record's analysis position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<SetState>,
    /// How many sets and when the match ends, when it is not the default
    /// best of `config.sets` (then `config.sets` is the number the format
    /// is called by). Absent from every game stored before formats, and
    /// from every best of since: those are stored as they always were. An
    /// older server skips the field it does not know; a fixed even number
    /// of sets is then refused by its own check of `config.sets` (never
    /// played as another match), and a first to K is the best of
    /// `2K - 1` it reads, the same match.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_format: Option<MatchFormat>,
}

impl Setup {
    /// Drops the names typed in the new-game form for `players` (their
    /// holder was forgotten at their request). `true` if one was there.
    pub fn forget_names(&mut self, players: &[PlayerId]) -> bool {
        let mut dropped = false;
        for p in players {
            if let Some(typed) = self.config.players.get_mut(p.index()) {
                dropped |= typed.take().is_some();
            }
        }
        dropped
    }

    /// How many sets and when the match ends.
    pub fn match_format(&self) -> MatchFormat {
        self.match_format
            .unwrap_or(MatchFormat::BestOf(self.config.sets))
    }

    /// Whether a player may call the match off while the core allows it
    /// (before both sides have stroked): not a competition's board, whose
    /// result is the board's (docs/competitions.md, "A game per board").
    pub fn may_be_called_off(&self) -> bool {
        self.origin != GameOrigin::Competition
    }

    /// The match as it starts, of the set-up's format.
    pub fn new_match(&self) -> Result<Match, MatchError> {
        Match::stored(self.config.clone(), self.match_format)
    }
}

/// A set-up as stored, older forms included: games stored before names
/// were optional hold an English stand-in ("Player 1", "Computer (club)")
/// for each unnamed player and a `named` list that says which; reading one
/// drops the stand-ins, so every reader names those players in their own
/// language.
#[derive(Deserialize)]
struct StoredSetup {
    config: MatchConfig,
    physics: Physics,
    controllers: Vec<Controller>,
    casual: bool,
    #[serde(default)]
    rated: bool,
    #[serde(default)]
    stroke_clock: Option<u32>,
    #[serde(default)]
    origin: GameOrigin,
    #[serde(default)]
    start: Option<SetState>,
    #[serde(default)]
    match_format: Option<MatchFormat>,
    #[serde(default)]
    named: Vec<bool>,
}

impl From<StoredSetup> for Setup {
    fn from(s: StoredSetup) -> Setup {
        let mut config = s.config;
        for (name, named) in config.players.iter_mut().zip(s.named) {
            if !named {
                *name = None;
            }
        }
        Setup {
            config,
            physics: s.physics,
            controllers: s.controllers,
            casual: s.casual,
            rated: s.rated,
            stroke_clock: s.stroke_clock,
            origin: s.origin,
            start: s.start,
            match_format: s.match_format,
        }
    }
}

pub use crate::wire::http::games::GameOrigin;

/// Why a new game cannot be set up (`bad_setup`); its English words are
/// the refusal's `detail`.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum SetupError {
    /// A format none of [`Format::ALL`] is called.
    Format(String),
    /// A rule profile none of [`ProfileId::ALL`] is called.
    Profile(String),
    /// A number of sets not in [`SETS`].
    Sets(u32),
    /// A match format of more than [`MAX_SETS`] sets.
    TooLong(MatchFormat),
    /// `sets` and `match_format` both given, and not the same length.
    SetsAndFormat {
        /// The sets given.
        sets: u32,
        /// The format given.
        format: MatchFormat,
    },
    /// Not as many players as the format seats.
    Players {
        /// The format asked for.
        format: Format,
        /// How many players were given.
        given: usize,
    },
    /// A computer level none of [`Level::ALL`] is called.
    Level(String),
    /// A player's name that [`check_name`] refuses.
    Name {
        /// The player, counted from 1.
        player: usize,
        /// What is wrong with it.
        why: NameError,
    },
    /// Neither `sets` nor `match_format` given.
    NoSets,
    /// Nobody at the table is a person.
    NoHuman,
    /// A stroke clock not in [`STROKE_CLOCKS`].
    StrokeClock(u32),
    /// A rated match that is not one: a computer seat, take-backs
    /// allowed, or a seat held at the creator's screen besides their own.
    Rated(&'static str),
    /// The core refuses the match the checks above let through.
    Match(MatchError),
}

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetupError::Format(given) => write!(
                f,
                "unknown format {given:?}: singles, doubles or four_player"
            ),
            SetupError::Profile(given) => {
                let names: Vec<&str> = ProfileId::ALL.iter().map(|p| p.name()).collect();
                write!(f, "unknown profile {given:?}: one of {}", names.join(", "))
            }
            SetupError::Sets(n) => write!(
                f,
                "{n} sets: a match is 1, 3 or 5 sets, or another match_format"
            ),
            SetupError::TooLong(format) => write!(
                f,
                "a match of {} sets: a game here has at most {MAX_SETS}",
                format.nominal_sets()
            ),
            SetupError::SetsAndFormat { sets, format } => write!(
                f,
                "sets is {sets} and the match format has {}: give the format alone",
                format.nominal_sets()
            ),
            SetupError::Players { format, given } => write!(
                f,
                "{given} players for {}: it needs {}",
                format.name(),
                format.players()
            ),
            SetupError::Level(given) => write!(
                f,
                "unknown level {given:?}: one of {}",
                level_names().join(", ")
            ),
            SetupError::Name { player, why } => write!(f, "player {player}: {why}"),
            SetupError::NoSets => {
                f.write_str("a new game needs its sets (1, 3 or 5) or its match_format")
            }
            SetupError::NoHuman => f.write_str("at least one player must be human"),
            SetupError::StrokeClock(n) => {
                write!(f, "a stroke clock of {n} s: none, 15, 30 or 60")
            }
            SetupError::Rated(why) => write!(f, "a rated match {why}"),
            SetupError::Match(e) => write!(f, "impossible match: {e}"),
        }
    }
}

impl std::error::Error for SetupError {}

/// The level names a client may choose, weakest first.
pub fn level_names() -> Vec<&'static str> {
    Level::ALL.iter().map(|l| l.name()).collect()
}

impl NewGame {
    /// A rated match is between people at their own screens: every
    /// player a person, all but the creator's seat by invitation, and no
    /// take-backs (lichess rates only such games too).
    fn check_rated(&self) -> Result<(), SetupError> {
        if self.casual {
            return Err(SetupError::Rated(
                "allows no take-backs: casual must be false",
            ));
        }
        let mut here = 0;
        for p in &self.players {
            match p {
                PlayerSpec::Computer { .. } => {
                    return Err(SetupError::Rated("is between people only"))
                }
                PlayerSpec::Human { invite: false, .. } => here += 1,
                PlayerSpec::Human { invite: true, .. } => {}
            }
        }
        if here > 1 {
            return Err(SetupError::Rated(
                "seats one person at this screen; the others are invited",
            ));
        }
        Ok(())
    }

    /// The match's format: `match_format` if given (`sets`, if given too,
    /// its length), else a best of `sets` of [`SETS`].
    fn match_format(&self) -> Result<MatchFormat, SetupError> {
        match (self.sets, self.match_format) {
            (sets, Some(format)) => {
                let format = check_match_format(format)?;
                match sets {
                    Some(sets) if sets != format.nominal_sets() => {
                        Err(SetupError::SetsAndFormat { sets, format })
                    }
                    _ => Ok(format),
                }
            }
            (Some(sets), None) if SETS.contains(&sets) => Ok(MatchFormat::BestOf(sets)),
            (Some(sets), None) => Err(SetupError::Sets(sets)),
            (None, None) => Err(SetupError::NoSets),
        }
    }

    /// Checks the request and makes the set-up.
    pub fn setup(&self) -> Result<Setup, SetupError> {
        let format = self
            .format
            .known()
            .map_err(|f| SetupError::Format(f.to_owned()))?;
        let profile = self
            .profile
            .known()
            .map_err(|p| SetupError::Profile(p.to_owned()))?;
        let match_format = self.match_format()?;
        if self.players.len() != format.players() {
            return Err(SetupError::Players {
                format,
                given: self.players.len(),
            });
        }
        let mut names = Vec::new();
        let mut controllers = Vec::new();
        let mut humans = 0;
        for (k, p) in self.players.iter().enumerate() {
            let (name, controller) = match p {
                PlayerSpec::Human { name, .. } => {
                    humans += 1;
                    (name, Controller::Human)
                }
                PlayerSpec::Computer { level, name } => {
                    let level = level.known().map_err(|l| SetupError::Level(l.to_owned()))?;
                    (name, Controller::Computer(level))
                }
            };
            // A player nobody named stays unnamed: each page names them in
            // its reader's language.
            let name = name.as_deref().map(str::trim);
            if let Some(Err(why)) = name.map(check_name) {
                return Err(SetupError::Name { player: k + 1, why });
            }
            names.push(name.map(str::to_owned));
            controllers.push(controller);
        }
        if humans == 0 {
            return Err(SetupError::NoHuman);
        }
        if let Some(n) = self.stroke_clock {
            if !STROKE_CLOCKS.contains(&n) {
                return Err(SetupError::StrokeClock(n));
            }
        }
        if self.rated {
            self.check_rated()?;
        }
        // Player 0 opens from the south seat. The set's seats are in
        // playing order (clockwise); in doubles partners sit opposite, so
        // team 0 (players 0 and 1) holds the first and third seats.
        let seats = SetState::new(profile, format, Seat::South).seats().to_vec();
        let seating = match format {
            Format::Doubles => vec![seats[0], seats[2], seats[1], seats[3]],
            _ => seats,
        };
        let config = MatchConfig {
            profile,
            format,
            sets: match_format.nominal_sets(),
            players: names,
            seating,
            opener: PlayerId(0),
        };
        // The core has the last word: a fixed number of sets in a
        // four-player game is refused there, with its reason.
        let stored = (match_format != MatchFormat::BestOf(config.sets)).then_some(match_format);
        Match::stored(config.clone(), stored).map_err(SetupError::Match)?;
        Ok(Setup {
            match_format: stored,
            config,
            physics: Physics::default(),
            controllers,
            casual: self.casual,
            rated: self.rated,
            stroke_clock: self.stroke_clock,
            origin: GameOrigin::Played,
            start: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(json: &str) -> Result<Setup, SetupError> {
        serde_json::from_str::<NewGame>(json).unwrap().setup()
    }

    #[test]
    fn singles_against_the_computer() {
        let s = game(r#"{"format":"singles","profile":"lnf-2017","sets":3,"players":[{"kind":"human","name":"Anna"},{"kind":"computer","level":"club"}]}"#).unwrap();
        assert_eq!(s.config.players, [Some("Anna".to_owned()), None]);
        assert_eq!(s.config.seating, [Seat::South, Seat::North]);
        assert_eq!(s.controllers[1], Controller::Computer(Level::Club));
        assert!(s.casual);
        let back: Setup = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back.controllers, s.controllers);
    }

    /// Games stored before names were optional hold English stand-ins and
    /// a `named` list; reading one leaves the unnamed players unnamed, and
    /// writing it back writes no stand-in and no list.
    #[test]
    fn stand_ins_of_older_games_are_dropped_on_reading() {
        let s = game(r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human","name":"Anna"},{"kind":"computer","level":"club"}]}"#).unwrap();
        let mut old: serde_json::Value = serde_json::to_value(&s).unwrap();
        old["config"]["players"] = serde_json::json!(["Anna", "Computer (club)"]);
        old["named"] = serde_json::json!([true, false]);
        let read: Setup = serde_json::from_value(old).unwrap();
        assert_eq!(read.config.players, [Some("Anna".to_owned()), None]);
        let written = serde_json::to_value(&read).unwrap();
        assert_eq!(
            written["config"]["players"],
            serde_json::json!(["Anna", null])
        );
        assert!(written.get("named").is_none(), "{written}");
        // Older still: no `named` list at all, every name is shown.
        let mut oldest: serde_json::Value = serde_json::to_value(&s).unwrap();
        oldest["config"]["players"] = serde_json::json!(["Anna", "Bruno"]);
        let read: Setup = serde_json::from_value(oldest).unwrap();
        assert_eq!(
            read.config.players,
            [Some("Anna".to_owned()), Some("Bruno".to_owned())]
        );
    }

    #[test]
    fn a_rated_match_with_a_clock_is_stored_with_both() {
        let s = game(r#"{"format":"singles","profile":"lnf-2017","sets":3,"rated":true,"casual":false,"stroke_clock":30,"players":[{"kind":"human"},{"kind":"human","invite":true}]}"#).unwrap();
        assert!(s.rated);
        assert_eq!(s.stroke_clock, Some(30));
        let back: Setup = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert!(back.rated);
        assert_eq!(back.stroke_clock, Some(30));
        // A casual game without a clock is stored as before.
        let plain = game(r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human"},{"kind":"computer","level":"club"}]}"#).unwrap();
        let written = serde_json::to_value(&plain).unwrap();
        assert!(written.get("rated").is_none() && written.get("stroke_clock").is_none());
    }

    /// Issue 32: a match format instead of `sets`, stored beside the
    /// config only when it is not a best of, and refused with the reason
    /// when it cannot be played here.
    #[test]
    fn a_match_format_is_checked_and_stored() {
        let six = game(r#"{"format":"singles","profile":"lnf-2017","match_format":{"kind":"sets","sets":6},"players":[{"kind":"human"},{"kind":"human"}]}"#).unwrap();
        assert_eq!(six.match_format(), MatchFormat::Sets(6));
        assert_eq!(six.config.sets, 6);
        let written = serde_json::to_value(&six).unwrap();
        assert_eq!(
            written["match_format"],
            serde_json::json!({"kind": "sets", "sets": 6})
        );
        let back: Setup = serde_json::from_value(written).unwrap();
        assert_eq!(
            back.new_match().unwrap().match_format(),
            MatchFormat::Sets(6)
        );
        // A best of given as a format is the game `sets` makes, stored
        // without one.
        let best = game(r#"{"format":"singles","profile":"lnf-2017","sets":3,"match_format":{"kind":"best_of","sets":3},"players":[{"kind":"human"},{"kind":"human"}]}"#).unwrap();
        assert!(best.match_format.is_none());
        assert!(serde_json::to_value(&best)
            .unwrap()
            .get("match_format")
            .is_none());
        let doubles = game(r#"{"format":"doubles","profile":"lnf-2017","match_format":{"kind":"sets","sets":4},"players":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#).unwrap();
        assert_eq!(doubles.match_format(), MatchFormat::Sets(4));
        let first = game(r#"{"format":"four_player","profile":"lnf-2017","match_format":{"kind":"first_to","sets":2},"players":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#).unwrap();
        assert_eq!(first.config.sets, 3);
        for (format, words) in [
            (
                r#""format":"four_player","match_format":{"kind":"sets","sets":6}"#,
                "between two sides, not in a four-player game",
            ),
            (
                r#""format":"singles","match_format":{"kind":"best_of","sets":4}"#,
                "a best of is of an odd number of sets",
            ),
            (
                r#""format":"singles","match_format":{"kind":"sets","sets":12}"#,
                "at most 9",
            ),
            (
                r#""format":"singles","match_format":{"kind":"first_to","sets":0}"#,
                "cannot be played",
            ),
            (
                r#""format":"singles","sets":3,"match_format":{"kind":"sets","sets":6}"#,
                "give the format alone",
            ),
            (r#""format":"singles""#, "needs its sets"),
        ] {
            let four = format.contains("four_player");
            let players = if four {
                r#"[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]"#
            } else {
                r#"[{"kind":"human"},{"kind":"human"}]"#
            };
            let json = format!(r#"{{{format},"profile":"lnf-2017","players":{players}}}"#);
            let e = game(&json).unwrap_err().to_string();
            assert!(e.contains(words), "{json}: {e}");
        }
    }

    #[test]
    fn doubles_partners_sit_opposite() {
        let s = game(r#"{"format":"doubles","profile":"koroona","sets":1,"players":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#).unwrap();
        assert_eq!(s.config.seating[0], s.config.seating[1].opposite());
        assert_eq!(s.config.seating[2], s.config.seating[3].opposite());
    }

    #[test]
    fn refusals_say_what_is_wrong() {
        for (json, words) in [
            (
                r#"{"format":"triples","profile":"lnf-2017","sets":1,"players":[]}"#,
                "unknown format",
            ),
            (
                r#"{"format":"singles","profile":"x","sets":1,"players":[]}"#,
                "unknown profile",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":2,"players":[]}"#,
                "1, 3 or 5",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human"}]}"#,
                "needs 2",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"computer","level":"god"},{"kind":"human"}]}"#,
                "unknown level",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"computer","level":"club"},{"kind":"computer","level":"club"}]}"#,
                "human",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":1,"players":[{"kind":"human","name":"  "},{"kind":"human"}]}"#,
                "name",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":1,"stroke_clock":20,"players":[{"kind":"human"},{"kind":"human","invite":true}]}"#,
                "15, 30 or 60",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"players":[{"kind":"human"},{"kind":"human","invite":true}]}"#,
                "casual must be false",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,"players":[{"kind":"human"},{"kind":"computer","level":"club"}]}"#,
                "between people",
            ),
            (
                r#"{"format":"singles","profile":"lnf-2017","sets":1,"rated":true,"casual":false,"players":[{"kind":"human"},{"kind":"human"}]}"#,
                "invited",
            ),
        ] {
            let e = game(json).unwrap_err().to_string();
            assert!(e.contains(words), "{json}: {e}");
        }
    }
}
