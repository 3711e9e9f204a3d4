//! Team standings: team match points, then board points, then the direct
//! encounter between the teams still tied, then a shared place.
//!
//! Teams are numbered from 1 (an [`Entrant`]), as the Berger tables and
//! the Dutch system number them. A match still running counts for
//! nothing yet; a pairing-allocated bye counts its [`super::ByeScore`];
//! a round robin's rest is simply not listed, and counts for nothing.

use serde::{Deserialize, Serialize};

use super::direct::{rank, Encounter};
use super::error::TeamError;
use super::limits::MAX_TEAMS;
use super::line_up::TeamSide;
use super::team::TeamRules;
use super::team_match::{TeamMatchScore, TeamOutcome};
use crate::results::Entrant;
use crate::series::Places;

/// A finished match as the standings read it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeetingResult {
    /// How it ended.
    pub outcome: TeamOutcome,
    /// The first-named team's board points.
    pub first_points: u32,
    /// The second-named team's.
    pub second_points: u32,
}

/// A team match of a round: who met whom, and its result once finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meeting {
    /// The first-named team (breaks first on the odd boards).
    pub first: Entrant,
    /// The second-named team.
    pub second: Entrant,
    /// `None` while the match runs.
    pub result: Option<MeetingResult>,
}

impl Meeting {
    /// The meeting of `first` and `second` with their match as it stands.
    pub fn of(first: Entrant, second: Entrant, score: &TeamMatchScore) -> Meeting {
        Meeting {
            first,
            second,
            result: score.outcome.map(|outcome| MeetingResult {
                outcome,
                first_points: score.first,
                second_points: score.second,
            }),
        }
    }
}

/// One round of a team competition.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRound {
    /// Its matches.
    pub meetings: Vec<Meeting>,
    /// The team given the pairing-allocated bye (a Swiss with an odd
    /// number of teams).
    pub bye: Option<Entrant>,
}

/// One row of the team standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamRow {
    /// The place, shared as a range.
    pub place: Places,
    /// The team.
    pub team: Entrant,
    /// Matches finished (walkovers included, byes not).
    pub played: u32,
    /// Matches won (walkovers included).
    pub won: u32,
    /// Matches drawn.
    pub drawn: u32,
    /// Matches lost (walkovers included).
    pub lost: u32,
    /// Pairing-allocated byes.
    pub byes: u32,
    /// Team match points: what the standings rank by.
    pub match_points: u32,
    /// Board points won.
    pub board_points: u32,
    /// Board points the opponents won.
    pub board_points_against: u32,
}

/// Checks that every match and bye of `rounds` names teams `1..=teams`,
/// nobody meets themselves, and nobody is in a round twice.
pub(crate) fn check_rounds(teams: u32, rounds: &[TeamRound]) -> Result<(), TeamError> {
    if teams > MAX_TEAMS {
        return Err(TeamError::TooManyTeams { teams });
    }
    let known = |t: Entrant| -> Result<(), TeamError> {
        if t.0 == 0 || t.0 > teams {
            Err(TeamError::UnknownTeam { team: t })
        } else {
            Ok(())
        }
    };
    for (i, r) in rounds.iter().enumerate() {
        let round = i as u32 + 1;
        let mut seen = vec![false; teams as usize + 1];
        let mut place = |t: Entrant| -> Result<(), TeamError> {
            known(t)?;
            if std::mem::replace(&mut seen[t.0 as usize], true) {
                return Err(TeamError::TwiceInRound { round, team: t });
            }
            Ok(())
        };
        for m in &r.meetings {
            if m.first == m.second {
                known(m.first)?;
                return Err(TeamError::MeetsItself { team: m.first });
            }
            place(m.first)?;
            place(m.second)?;
        }
        if let Some(b) = r.bye {
            place(b)?;
        }
    }
    Ok(())
}

/// The standings of `teams` teams after `rounds`: every team has a row,
/// best first; teams sharing a place are listed by number.
pub fn team_standings(
    teams: u32,
    rounds: &[TeamRound],
    rules: &TeamRules,
) -> Result<Vec<TeamRow>, TeamError> {
    rules.check()?;
    check_rounds(teams, rounds)?;
    let mut rows: Vec<TeamRow> = (1..=teams)
        .map(|t| TeamRow {
            place: Places::single(1),
            team: Entrant(t),
            played: 0,
            won: 0,
            drawn: 0,
            lost: 0,
            byes: 0,
            match_points: 0,
            board_points: 0,
            board_points_against: 0,
        })
        .collect();
    let mut encounters = Vec::new();
    for r in rounds {
        for m in &r.meetings {
            let Some(res) = m.result else { continue };
            let (mp1, mp2) = res.outcome.match_points(rules);
            let sides = [
                (
                    m.first,
                    TeamSide::First,
                    mp1,
                    res.first_points,
                    res.second_points,
                ),
                (
                    m.second,
                    TeamSide::Second,
                    mp2,
                    res.second_points,
                    res.first_points,
                ),
            ];
            for (team, side, mp, bp, against) in sides {
                let row = &mut rows[team.0 as usize - 1];
                // Saturating: a result read from outside could hold any
                // number, and a sum of them must not overflow.
                row.played += 1;
                row.match_points = row.match_points.saturating_add(mp);
                row.board_points = row.board_points.saturating_add(bp);
                row.board_points_against = row.board_points_against.saturating_add(against);
                match res.outcome {
                    TeamOutcome::Won(w) | TeamOutcome::Walkover(w) if w == side => row.won += 1,
                    TeamOutcome::Drawn => row.drawn += 1,
                    _ => row.lost += 1,
                }
            }
            encounters.push(Encounter {
                first: m.first,
                second: m.second,
                first_points: mp1,
                second_points: mp2,
            });
        }
        if let Some(b) = r.bye {
            let row = &mut rows[b.0 as usize - 1];
            row.byes += 1;
            row.match_points = row.match_points.saturating_add(rules.bye_match_points());
            row.board_points = row.board_points.saturating_add(rules.bye_board_points());
        }
    }
    rows.sort_by(|a, b| {
        (b.match_points, b.board_points)
            .cmp(&(a.match_points, a.board_points))
            .then(a.team.cmp(&b.team))
    });
    let mut out = Vec::with_capacity(rows.len());
    let mut i = 0;
    while i < rows.len() {
        let key = (rows[i].match_points, rows[i].board_points);
        let tied: Vec<TeamRow> = rows[i..]
            .iter()
            .take_while(|r| (r.match_points, r.board_points) == key)
            .copied()
            .collect();
        let group: Vec<Entrant> = tied.iter().map(|r| r.team).collect();
        let mut next = i as u32 + 1;
        for mut tier in rank(&group, &encounters, rules.match_points.win) {
            tier.sort();
            let place = Places::from_run(next, tier.len());
            for t in &tier {
                if let Some(row) = tied.iter().find(|r| r.team == *t) {
                    out.push(TeamRow { place, ..*row });
                }
            }
            next += tier.len() as u32;
        }
        i += tied.len();
    }
    Ok(out)
}
