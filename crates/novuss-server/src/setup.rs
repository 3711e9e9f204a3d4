//! A new game as a client asks for it, checked, and the set-up that is
//! stored with the game.

use novuss_ai::Level;
use novuss_core::physics::Physics;
use novuss_core::play::match_play::MatchConfig;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SetState};
use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::{Deserialize, Serialize};

/// The longest player name, in characters.
pub const MAX_NAME: usize = 40;

/// The sets a match may have here, for new games and uploads alike.
pub const SETS: [u32; 3] = [1, 3, 5];

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

/// A new game, as `POST /api/games` takes it (docs/protocol.md).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// `singles`, `doubles` or `four_player`.
    pub format: String,
    /// A rule profile's name.
    pub profile: String,
    /// 1, 3 or 5.
    pub sets: u32,
    /// The players in seating order.
    pub players: Vec<PlayerSpec>,
    /// Whether strokes may be taken back.
    #[serde(default = "yes")]
    pub casual: bool,
}

fn yes() -> bool {
    true
}

/// One player of a new game.
#[derive(Clone, Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum PlayerSpec {
    /// A person at this screen.
    Human {
        /// Their name.
        #[serde(default)]
        name: Option<String>,
    },
    /// The computer.
    Computer {
        /// Its level's name.
        level: String,
        /// Its name.
        #[serde(default)]
        name: Option<String>,
    },
}

/// Who plays a seat, as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Controller {
    /// A person.
    Human,
    /// The computer at a level.
    Computer(Level),
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
    /// Where the game came from.
    #[serde(default)]
    pub origin: GameOrigin,
    /// The position the first set started from, when it was not the
    /// line-up (an uploaded record's analysis position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<SetState>,
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
    origin: GameOrigin,
    #[serde(default)]
    start: Option<SetState>,
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
            origin: s.origin,
            start: s.start,
        }
    }
}

/// Where a game came from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameOrigin {
    /// Played on this server.
    #[default]
    Played,
    /// Made from an uploaded game record.
    Uploaded,
}

/// Why a new game cannot be set up; the words are for the `detail`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetupError(pub String);

/// The level names a client may choose, weakest first.
pub fn level_names() -> Vec<&'static str> {
    Level::ALL.iter().map(|l| l.name()).collect()
}

impl NewGame {
    /// Checks the request and makes the set-up.
    pub fn setup(&self) -> Result<Setup, SetupError> {
        let bad = |s: String| Err(SetupError(s));
        let Some(format) = Format::ALL.into_iter().find(|f| f.name() == self.format) else {
            return bad(format!(
                "unknown format {:?}: singles, doubles or four_player",
                self.format
            ));
        };
        let profile: ProfileId = match self.profile.parse() {
            Ok(p) => p,
            Err(_) => {
                let names: Vec<&str> = ProfileId::ALL.iter().map(|p| p.name()).collect();
                return bad(format!(
                    "unknown profile {:?}: one of {}",
                    self.profile,
                    names.join(", ")
                ));
            }
        };
        if !SETS.contains(&self.sets) {
            return bad(format!("{} sets: a match is 1, 3 or 5 sets", self.sets));
        }
        if self.players.len() != format.players() {
            return bad(format!(
                "{} players for {}: it needs {}",
                self.players.len(),
                format.name(),
                format.players()
            ));
        }
        let mut names = Vec::new();
        let mut controllers = Vec::new();
        let mut humans = 0;
        for (k, p) in self.players.iter().enumerate() {
            let (name, controller) = match p {
                PlayerSpec::Human { name } => {
                    humans += 1;
                    (name, Controller::Human)
                }
                PlayerSpec::Computer { level, name } => {
                    let Ok(level) = level.parse::<Level>() else {
                        return bad(format!(
                            "unknown level {level:?}: one of {}",
                            level_names().join(", ")
                        ));
                    };
                    (name, Controller::Computer(level))
                }
            };
            // A player nobody named stays unnamed: each page names them in
            // its reader's language.
            let name = name.as_deref().map(str::trim);
            if let Some(Err(why)) = name.map(check_name) {
                return bad(format!("player {}: {why}", k + 1));
            }
            names.push(name.map(str::to_owned));
            controllers.push(controller);
        }
        if humans == 0 {
            return bad("at least one player must be human".into());
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
            sets: self.sets,
            players: names,
            seating,
            opener: PlayerId(0),
        };
        config
            .validate()
            .map_err(|e| SetupError(format!("impossible match: {e}")))?;
        Ok(Setup {
            config,
            physics: Physics::default(),
            controllers,
            casual: self.casual,
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
        ] {
            let e = game(json).unwrap_err();
            assert!(e.0.contains(words), "{json}: {}", e.0);
        }
    }
}
