//! What an organiser decides when creating a competition: its name, where
//! and when, how many tables, the system, the match format and what a
//! result is worth. Checked as a whole before anything is kept.

use novuss_core::{MatchFormat, MatchPoints};
use serde::{Deserialize, Serialize};

use crate::entries::folded;
use crate::round_robin::{Cycles, MAX_ENTRANTS};
use crate::standings::TieBreak;
use crate::teams::TeamRules;

use super::limits::{MAX_SWISS_ROUNDS, MAX_TABLES, MAX_TEXT};
use super::refusal::Refusal;

/// How the rounds are paired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum System {
    /// Everyone meets everyone (FIDE Handbook C.05, Annex 1: Berger
    /// tables), once or twice.
    RoundRobin {
        /// Once or twice.
        cycles: Cycles,
    },
    /// The FIDE Dutch system (C.04.3), for a number of rounds fixed at
    /// the start.
    Swiss {
        /// Rounds to play.
        rounds: u32,
    },
    /// Single elimination by a seeded bracket (`knockout::bracket`: seed
    /// 1 meets the lowest seed, byes to the top seeds when the field is
    /// not a power of two), drawn for the field entered before the first
    /// round; the loser of each match is out.
    Knockout {
        /// Whether the semi-finals' losers play for third place.
        #[serde(default)]
        third_place: bool,
    },
    /// Double elimination (`knockout::double`): a winners' and a losers'
    /// bracket, nobody out before a second loss, the winners' champion
    /// against the losers' champion in the grand final.
    DoubleElimination {
        /// Whether the grand final is played again when the losers'
        /// champion wins it (then both have lost once).
        #[serde(default = "reset_default")]
        reset: bool,
    },
    /// Groups by the snake, a round robin in each (Berger tables), then
    /// the top two of each group crossed into a knock-out
    /// (`competition/groups.rs`).
    GroupsThenKnockout {
        /// How many groups: each has 3 entrants or more.
        groups: u32,
        /// Once or twice in each group.
        #[serde(default = "cycles_default")]
        cycles: Cycles,
        /// Whether the knock-out's semi-finals' losers play for third.
        #[serde(default)]
        third_place: bool,
    },
}

/// A grand final is reset unless the organiser says not.
fn reset_default() -> bool {
    true
}

/// Groups meet once unless the organiser says twice.
fn cycles_default() -> Cycles {
    Cycles::Single
}

/// The longest grace an online competition may give a player to come to
/// their game: a day (a round played over a weekend).
pub const MAX_GRACE_SECS: u32 = 24 * 3600;

/// Where a competition's matches are played (issue 32: "Played on real
/// tables or on this server"). The two never mix in one competition: a
/// competition on tables never makes a game, and an online one takes its
/// results from its games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Play {
    /// On real tables: results come from the organiser's desk.
    #[default]
    Tables,
    /// On this server: each board is a game between the two entrants'
    /// seats, whose result becomes the board's.
    Online {
        /// Seconds each player has for a stroke, or no clock; the server
        /// says which clocks its games have.
        #[serde(default)]
        stroke_clock: Option<u32>,
        /// Seconds a player has, from the moment their game is made, to
        /// open it: one who has not lost by forfeit (both absent: both
        /// lose).
        grace_secs: u32,
        /// When the next round is paired.
        #[serde(default)]
        next_round: NextRound,
    },
}

impl Play {
    /// Whether the matches are played on this server.
    pub fn online(&self) -> bool {
        matches!(self, Play::Online { .. })
    }
}

/// When an online competition's next round is paired.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NextRound {
    /// As soon as the last game of the round has its result (lichess's
    /// and hive's arenas go on at once too).
    #[default]
    AfterLastGame,
    /// When the organiser pairs it, from the desk.
    ByOrganiser,
    /// At set times, as lichess's Swiss tournaments start: round `r` is
    /// paired at `starts_ms + (r - 1) × interval_secs` seconds (round 1
    /// too, closing the entries), or, if round `r - 1` is still being
    /// played then, as soon as its last game ends. A round that cannot be
    /// paired at its time (fewer than two entrants) is left to the
    /// organiser's desk.
    Scheduled {
        /// Round 1's time, ms since 1970 (UTC).
        starts_ms: i64,
        /// Seconds from one round's time to the next's (a page asks for
        /// minutes).
        interval_secs: u32,
    },
}

/// The longest time between two scheduled rounds: a week (a league that
/// plays one round a week).
pub const MAX_INTERVAL_SECS: u32 = 7 * 24 * 3600;

impl NextRound {
    /// When round `round` (from 1) is due, ms since 1970, if the rounds
    /// are scheduled.
    pub fn due_ms(&self, round: u32) -> Option<i64> {
        match *self {
            NextRound::Scheduled {
                starts_ms,
                interval_secs,
            } => Some(
                starts_ms.saturating_add(
                    i64::from(round.saturating_sub(1))
                        .saturating_mul(i64::from(interval_secs))
                        .saturating_mul(1000),
                ),
            ),
            _ => None,
        }
    }
}

/// A calendar day, as the organiser gives it (`2026-11-28`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Day {
    /// The year.
    pub year: u16,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month.
    pub day: u8,
}

impl TryFrom<String> for Day {
    type Error = String;
    fn try_from(text: String) -> Result<Day, String> {
        Day::parse(&text).ok_or_else(|| format!("not a day (YYYY-MM-DD): {text:?}"))
    }
}

impl From<Day> for String {
    fn from(d: Day) -> String {
        format!("{:04}-{:02}-{:02}", d.year, d.month, d.day)
    }
}

impl Day {
    /// `YYYY-MM-DD`, a day that exists (the Gregorian calendar).
    pub fn parse(text: &str) -> Option<Day> {
        let b = text.as_bytes();
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let num = |r: std::ops::Range<usize>| -> Option<u32> {
            let s = &text[r];
            s.bytes()
                .all(|c| c.is_ascii_digit())
                .then(|| s.parse().ok())
                .flatten()
        };
        let (year, month, day) = (num(0..4)?, num(5..7)?, num(8..10)?);
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (year >= 1900 && (1..=days).contains(&day)).then_some(Day {
            year: year as u16,
            month: month as u8,
            day: day as u8,
        })
    }
}

/// A competition's set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Its name ("Riga Open 2026").
    pub name: String,
    /// Where it is played.
    #[serde(default)]
    pub venue: Option<String>,
    /// The club that organises it, as it writes its name ("Rīgas NK"):
    /// its competitions are listed together on the club's page, whoever
    /// of its people created them.
    #[serde(default)]
    pub club: Option<String>,
    /// Its first day.
    #[serde(default)]
    pub starts: Option<Day>,
    /// Its last day.
    #[serde(default)]
    pub ends: Option<Day>,
    /// The tables the hall has.
    pub tables: u32,
    /// How rounds are paired.
    pub system: System,
    /// How many sets a match has and when it ends.
    pub format: MatchFormat,
    /// What a match's result is worth (2/1/0 unless the organiser says).
    #[serde(default)]
    pub points: MatchPoints,
    /// Whether results move the players' real-table ratings (issue 33
    /// keeps that pool; here it is recorded).
    #[serde(default)]
    pub rated: bool,
    /// The tie-breaks after match points, first first, as FIDE's C.07
    /// defines them; none given: the system's own
    /// ([`Setup::default_tiebreaks`]).
    #[serde(default)]
    pub tiebreaks: Vec<TieBreak>,
    /// On real tables (the default) or on this server.
    #[serde(default)]
    pub play: Play,
    /// Whether a person signed in to an account may enter themselves
    /// while entries are open (the organiser may always enter them).
    #[serde(default)]
    pub open_entry: bool,
    /// A team competition (issue 32, "Teams": the federation's team
    /// championship): its entrants are teams, its pairings team matches
    /// played board against board by these rules (`competition/teams.rs`).
    /// `null` for a competition of players; absent from every set-up
    /// stored before teams were played, which read as they were written.
    #[serde(default)]
    pub teams: Option<TeamRules>,
    /// A doubles competition (issue 32, "entries (singles; doubles pairs;
    /// teams)"): its entrants are pairs of players, and a player is in
    /// one pair only. Absent (false) from every set-up stored before.
    #[serde(default)]
    pub doubles: bool,
}

impl Setup {
    /// The set-up, if it can be played; why not otherwise.
    pub fn checked(mut self) -> Result<Setup, Refusal> {
        self.name = text("name", &self.name)?.ok_or(Refusal::Missing { field: "name" })?;
        self.venue = match &self.venue {
            Some(v) => text("venue", v)?,
            None => None,
        };
        self.club = match &self.club {
            Some(c) => text("club", c)?,
            None => None,
        };
        if let (Some(a), Some(b)) = (self.starts, self.ends) {
            if b < a {
                return Err(Refusal::EndsBeforeItStarts);
            }
        }
        if !(1..=MAX_TABLES).contains(&self.tables) {
            return Err(Refusal::Tables {
                tables: self.tables,
            });
        }
        if let System::Swiss { rounds } = self.system {
            if !(1..=MAX_SWISS_ROUNDS).contains(&rounds) {
                return Err(Refusal::Rounds { rounds });
            }
        }
        self.format.checked().map_err(|_| Refusal::Format {
            format: self.format,
        })?;
        let p = self.points;
        if !(p.win > p.draw && p.draw >= p.loss) || p.win > 100 {
            return Err(Refusal::Points { points: p });
        }
        for (i, t) in self.tiebreaks.iter().enumerate() {
            if self.tiebreaks[..i].contains(t) {
                return Err(Refusal::TieBreakTwice { tiebreak: *t });
            }
        }
        if let Some(rules) = &self.teams {
            check_team_rules(rules, &self)?;
        }
        if self.doubles && self.teams.is_some() {
            return Err(Refusal::DoublesTeams);
        }
        if self.doubles && self.play.online() {
            return Err(Refusal::DoublesOnline);
        }
        if let System::GroupsThenKnockout { groups, .. } = self.system {
            if !(1..=super::groups::MAX_GROUPS).contains(&groups) {
                return Err(Refusal::GroupSizes {
                    groups,
                    entrants: 0,
                });
            }
        }
        if let System::Knockout { .. }
        | System::DoubleElimination { .. }
        | System::GroupsThenKnockout { .. } = self.system
        {
            // Every knock-out match sends one side on: a format that can
            // end level (six sets, 3:3) cannot decide one.
            if self.format.draws() {
                return Err(Refusal::DrawsInKnockout {
                    format: self.format,
                });
            }
        }
        if let System::Knockout { .. } | System::DoubleElimination { .. } = self.system {
            // Places come from how far each entrant went, and those out
            // in the same round share a place: there is nothing to break.
            // (Groups rank their tables by the tie-breaks.)
            if !self.tiebreaks.is_empty() {
                return Err(Refusal::TieBreaksInKnockout);
            }
        }
        if let Play::Online {
            grace_secs,
            next_round,
            ..
        } = self.play
        {
            if !(1..=MAX_GRACE_SECS).contains(&grace_secs) {
                return Err(Refusal::Grace { grace_secs });
            }
            if let NextRound::Scheduled {
                starts_ms,
                interval_secs,
            } = next_round
            {
                // A round's interval is at least its grace (a shorter one
                // would have the next round's time come while games still
                // wait for their players); before 2000 is no time an
                // organiser meant.
                let least = grace_secs;
                if !(least..=MAX_INTERVAL_SECS).contains(&interval_secs)
                    || starts_ms < 946_684_800_000
                {
                    return Err(Refusal::Schedule {
                        interval_secs,
                        least,
                    });
                }
            }
        }
        if self.tiebreaks.is_empty() {
            self.tiebreaks = Setup::default_tiebreaks(self.system);
        }
        Ok(self)
    }

    /// The organising club's name as it is looked up: lower-cased, the
    /// Latvian letters without their marks, spaces collapsed, so that
    /// "Rīgas  NK" and "rigas nk" are one club (a name typed on a phone
    /// without Latvian letters is still the club's).
    pub fn club_key(&self) -> Option<String> {
        self.club.as_deref().map(club_key)
    }

    /// The tie-breaks a competition of `system` has when its organiser
    /// names none (our choice; C.07 leaves it to the regulations). In a
    /// round robin everyone meets everyone, so the opponents' scores
    /// (Buchholz) tell nobody apart: the direct encounter, then the sets,
    /// wins and Sonneborn-Berger. A Swiss goes by the strength of the
    /// opponents met, as `novuss club standings` does, then the sets.
    pub fn default_tiebreaks(system: System) -> Vec<TieBreak> {
        match system {
            System::RoundRobin { .. } | System::GroupsThenKnockout { .. } => vec![
                TieBreak::DirectEncounter,
                TieBreak::SetRatio,
                TieBreak::Wins,
                TieBreak::SonnebornBerger,
            ],
            System::Swiss { .. } => vec![
                TieBreak::BuchholzCut1,
                TieBreak::Buchholz,
                TieBreak::SonnebornBerger,
                TieBreak::SetRatio,
            ],
            System::Knockout { .. } | System::DoubleElimination { .. } => Vec::new(),
        }
    }

    /// The most entrants the system can pair.
    pub fn max_entrants(&self) -> u32 {
        match self.system {
            System::RoundRobin { .. } => MAX_ENTRANTS,
            System::Swiss { .. } => crate::entries::MAX_ENTRIES as u32,
            System::Knockout { .. } | System::DoubleElimination { .. } => {
                crate::knockout::MAX_KNOCKOUT.min(crate::entries::MAX_ENTRIES as u32)
            }
            System::GroupsThenKnockout { groups, .. } => groups
                .saturating_mul(MAX_ENTRANTS)
                .min(crate::entries::MAX_ENTRIES as u32),
        }
    }
}

/// Checks a team competition's rules against the rest of its set-up
/// (issue 32, "Teams"): a system that pairs teams, real tables, and a
/// table for each board of one match.
fn check_team_rules(rules: &TeamRules, setup: &Setup) -> Result<(), Refusal> {
    rules
        .check()
        .map_err(|error| Refusal::TeamRules { error })?;
    if !matches!(
        setup.system,
        System::RoundRobin { .. } | System::Swiss { .. }
    ) {
        return Err(Refusal::TeamSystem);
    }
    if setup.play.online() {
        return Err(Refusal::TeamsOnline);
    }
    if setup.tables < rules.boards {
        return Err(Refusal::TeamTables {
            tables: setup.tables,
            boards: rules.boards,
        });
    }
    Ok(())
}

/// `value` trimmed, `None` when empty; refused when too long or holding a
/// control character (a line break would break every list it is shown in).
pub(super) fn text(field: &'static str, value: &str) -> Result<Option<String>, Refusal> {
    let v = value.trim();
    if v.chars().count() > MAX_TEXT || v.chars().any(char::is_control) {
        return Err(Refusal::Text { field });
    }
    Ok((!v.is_empty()).then(|| v.to_owned()))
}

/// A club's name as it is looked up (see [`Setup::club_key`]); empty for a
/// name of nothing but spaces.
pub fn club_key(name: &str) -> String {
    folded(name)
}

/// The name a club is shown by, of the spellings its competitions give
/// (one key, so they differ only in case, Latvian marks and spaces),
/// newest first: the most carefully written one, with the most capitals
/// and marked letters ("Rīgas NK" over "rigas nk", typed in a hurry on a
/// phone), the newest of those. Competitions made in one second cannot
/// be told apart by time, so the choice cannot rest on time alone.
pub fn club_name<'a>(newest_first: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let care = |name: &str| {
        name.chars()
            .filter(|c| c.is_uppercase() || (c.is_alphabetic() && !c.is_ascii()))
            .count()
    };
    // `max_by_key` keeps the last of equals: the oldest. Reversed ties.
    newest_first
        .into_iter()
        .enumerate()
        .max_by_key(|(at, name)| (care(name), std::cmp::Reverse(*at)))
        .map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_club_is_shown_by_its_most_careful_spelling_then_its_newest() {
        assert_eq!(club_name(["rigas nk", "Rīgas NK"]), Some("Rīgas NK"));
        assert_eq!(club_name(["Rīgas NK", "rigas nk"]), Some("Rīgas NK"));
        assert_eq!(
            club_name(["rigas nk", "Rigas NK", "Rigas nk"]),
            Some("Rigas NK")
        );
        // As careful: the newest.
        assert_eq!(club_name(["Rigas Nk", "Rigas nK"]), Some("Rigas Nk"));
        assert_eq!(club_name(["rigas nk", "rīgas nk"]), Some("rīgas nk"));
        assert_eq!(club_name([]), None);
    }

    fn online(grace_secs: u32, next_round: NextRound) -> Setup {
        serde_json::from_value(serde_json::json!({
            "name": "Evening Swiss", "tables": 4,
            "system": {"kind": "swiss", "rounds": 5},
            "format": {"kind": "best_of", "sets": 3},
            "play": {"kind": "online", "grace_secs": grace_secs, "next_round": next_round},
        }))
        .expect("a set-up")
    }

    /// 2026-11-29 18:00 UTC.
    const EVENING: i64 = 1_795_975_200_000;

    #[test]
    fn scheduled_rounds_are_due_an_interval_apart_from_the_first() {
        let at = NextRound::Scheduled {
            starts_ms: EVENING,
            interval_secs: 1800,
        };
        assert_eq!(at.due_ms(1), Some(EVENING));
        assert_eq!(at.due_ms(3), Some(EVENING + 60 * 60_000));
        assert_eq!(NextRound::AfterLastGame.due_ms(2), None);
        // As the organiser's page sends it.
        let read: NextRound = serde_json::from_value(serde_json::json!(
            {"scheduled": {"starts_ms": EVENING, "interval_secs": 1800}}
        ))
        .unwrap();
        assert_eq!(read, at);
        assert_eq!(
            serde_json::to_value(NextRound::ByOrganiser).unwrap(),
            "by_organiser"
        );
    }

    #[test]
    fn an_interval_is_at_least_the_grace_and_at_most_a_week() {
        let at = |interval_secs, starts_ms| NextRound::Scheduled {
            starts_ms,
            interval_secs,
        };
        // A grace of 5 min: rounds 5 min apart or more.
        assert!(online(300, at(300, EVENING)).checked().is_ok());
        assert!(online(300, at(MAX_INTERVAL_SECS, EVENING))
            .checked()
            .is_ok());
        for (grace, interval, starts) in [
            (300, 299, EVENING),
            (10, 0, EVENING),
            (60, MAX_INTERVAL_SECS + 1, EVENING),
            (60, 1800, 0),
        ] {
            assert_eq!(
                online(grace, at(interval, starts)).checked(),
                Err(Refusal::Schedule {
                    interval_secs: interval,
                    least: grace
                }),
                "grace {grace}, interval {interval}"
            );
        }
    }
}
