//! A team and the rules its competition plays by.

use novuss_core::MatchPoints;
use serde::{Deserialize, Serialize};

use super::error::TeamError;
use super::limits::{MAX_BOARDS, MAX_ROSTER, MAX_TEAMS};
use super::line_up::RosterPlace;
use crate::entries::Entry;

/// A team: a name, a club, and its players in board order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Team {
    /// The name as it is shown ("Madona I").
    pub name: String,
    /// The club it plays for, if given.
    pub club: Option<String>,
    /// The players in board order: the first `boards` of the rules are
    /// the team's boards, those after them its reserves. A line-up
    /// keeps this order ([`super::LineUp`]).
    pub roster: Vec<Entry>,
}

impl Team {
    /// The player at `place` of the roster, if there is one.
    pub fn player(&self, place: RosterPlace) -> Option<&Entry> {
        let i = place.0.checked_sub(1)? as usize;
        self.roster.get(i)
    }

    /// The players after the boards: the reserves.
    pub fn reserves(&self, rules: &TeamRules) -> &[Entry] {
        let boards = (rules.boards as usize).min(self.roster.len());
        &self.roster[boards..]
    }
}

/// What a pairing-allocated bye is worth in a team Swiss, where the
/// competition says otherwise than the defaults.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ByeScore {
    /// Team match points; a won match's when not given (FIDE C.04.1 c:
    /// "as many points as are rewarded for a win, unless the rules of the
    /// tournament state otherwise").
    pub match_points: Option<u32>,
    /// Board points; half of those on offer (rounded down) when not
    /// given, as if the boards had been shared: the bye neither lifts nor
    /// sinks a team on board points.
    pub board_points: Option<u32>,
}

/// How a team competition is played and scored. Only the boards must be
/// given (a competition's set-up names them); the points default to the
/// federation's 2/1/0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRules {
    /// Boards per match.
    pub boards: u32,
    /// What each board's result is worth to its team (2/1/0 by default).
    #[serde(default)]
    pub board_points: MatchPoints,
    /// What the team match's result is worth in the standings (2/1/0 by
    /// default).
    #[serde(default)]
    pub match_points: MatchPoints,
    /// A pairing-allocated bye (a team Swiss with an odd number of teams).
    #[serde(default)]
    pub bye: ByeScore,
}

impl Default for TeamRules {
    /// Four boards, boards and matches scored 2/1/0, and a bye as
    /// [`ByeScore`]'s defaults.
    fn default() -> TeamRules {
        TeamRules {
            boards: 4,
            board_points: MatchPoints::default(),
            match_points: MatchPoints::default(),
            bye: ByeScore::default(),
        }
    }
}

impl TeamRules {
    /// The board points on offer in one match: every board's win.
    pub fn on_offer(&self) -> u32 {
        self.boards * self.board_points.win
    }

    /// The match points of a pairing-allocated bye.
    pub fn bye_match_points(&self) -> u32 {
        self.bye.match_points.unwrap_or(self.match_points.win)
    }

    /// The board points of a pairing-allocated bye.
    pub fn bye_board_points(&self) -> u32 {
        self.bye.board_points.unwrap_or(self.on_offer() / 2)
    }

    /// Checks the rules alone.
    pub fn check(&self) -> Result<(), TeamError> {
        if self.boards == 0 || self.boards > MAX_BOARDS {
            return Err(TeamError::Boards {
                boards: self.boards,
            });
        }
        let b = self.board_points;
        // Passing half decides a match only if no board gives both teams
        // together more than a win: then the other team can no longer
        // reach the leader. So a lost board is worth nothing and a draw at
        // most half a win.
        if b.win == 0 || b.loss != 0 || 2 * u64::from(b.draw) > u64::from(b.win) {
            return Err(TeamError::BoardPoints { points: b });
        }
        let m = self.match_points;
        if m.win <= m.draw || m.draw < m.loss {
            return Err(TeamError::MatchPoints { points: m });
        }
        if self.bye_board_points() > self.on_offer() {
            return Err(TeamError::ByeBoardPoints {
                board_points: self.bye_board_points(),
            });
        }
        Ok(())
    }
}

/// The longest text a name or club may be.
const MAX_TEXT: usize = 80;

/// Checks a competition's teams: each named (and no two alike; a name or
/// club at most 80 characters, without control characters), with 1 to
/// [`MAX_ROSTER`] players, and nobody on two rosters or twice on one
/// ([`Entry::same_person`]). Teams are numbered from 1 in the order given.
pub fn check_teams(teams: &[Team]) -> Result<(), TeamError> {
    if teams.len() > MAX_TEAMS as usize {
        return Err(TeamError::TooManyTeams {
            teams: teams.len().min(u32::MAX as usize) as u32,
        });
    }
    let folded = |s: &str| {
        s.split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase()
    };
    let mut seen: Vec<(u32, RosterPlace, &Entry)> = Vec::new();
    for (i, t) in teams.iter().enumerate() {
        let team = i as u32 + 1;
        let name = folded(&t.name);
        if name.is_empty() {
            return Err(TeamError::NoName { team });
        }
        let bad = |s: &str| s.chars().count() > MAX_TEXT || s.chars().any(char::is_control);
        if bad(&t.name) {
            return Err(TeamError::Text {
                team,
                field: "name",
            });
        }
        if t.club.as_deref().is_some_and(bad) {
            return Err(TeamError::Text {
                team,
                field: "club",
            });
        }
        if let Some(j) = teams[..i].iter().position(|o| folded(&o.name) == name) {
            return Err(TeamError::SameName {
                team,
                earlier: j as u32 + 1,
            });
        }
        if t.roster.is_empty() || t.roster.len() > MAX_ROSTER {
            return Err(TeamError::Roster {
                team,
                players: t.roster.len(),
            });
        }
        for (k, e) in t.roster.iter().enumerate() {
            let place = RosterPlace(k as u32 + 1);
            if let Some(&(earlier_team, earlier_place, _)) =
                seen.iter().find(|(_, _, o)| o.same_person(e))
            {
                return Err(TeamError::PlayerTwice {
                    team,
                    place,
                    earlier_team,
                    earlier_place,
                });
            }
            seen.push((team, place, e));
        }
    }
    Ok(())
}
