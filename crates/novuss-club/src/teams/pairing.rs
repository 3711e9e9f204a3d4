//! Pairing teams: the Berger tables and the Dutch system, with teams as
//! their entrants.
//!
//! A team round robin is the Berger tables ([`crate::round_robin::berger`])
//! over the teams' draw numbers; the first-named team of a pairing is the
//! one whose players break first on the odd boards. A team Swiss pairs
//! by the FIDE Dutch system ([`crate::swiss::pair_dutch`]) on **team
//! match points**, each team match a game of the individual system: won,
//! drawn or lost over the boards, a walkover a forfeit (the pair has not
//! met, and may be paired again), the first-named team "white".
//!
//! FIDE's own system for team Swisses is another: C.04.6, the Swiss Team
//! Pairing System (approved 28 October 2025, applied from 1 February
//! 2026). It applies the basic rules to teams except C.04.1's colour
//! articles 6 and 7, has no absolute colour preferences at all (colour
//! never keeps two teams apart, because players can be moved between
//! boards), offers weaker colour preferences of several kinds, and pairs
//! brackets by its own procedure. The Dutch system used here is stricter
//! on colours: two teams that both must have the first-named place
//! (after two rounds running second, say) are not paired, which can cost
//! a pairing by score that C.04.6 would make. Implementing C.04.6 is work
//! of its own; until then a team Swiss here is "the Dutch system on team
//! match points", and an organiser should announce it as such (C.04.2 A.1
//! asks for the system's rules to be presented when it is not one of
//! FIDE's published ones for the event).

use super::error::TeamError;
use super::line_up::TeamSide;
use super::standings::{check_rounds, Meeting, TeamRound};
use super::team::TeamRules;
use super::team_match::TeamOutcome;
use crate::results::{Bye, Entrant, History, Round, Score, Side};
use crate::round_robin::Round as BergerRound;
use crate::swiss::{Competitor, Field, Pairings, PointSystem};

/// The matches of a Berger round, with no results yet; the team that
/// rests is not listed (a rest counts for nothing).
pub fn berger_round(round: &BergerRound) -> TeamRound {
    TeamRound {
        meetings: round
            .pairings
            .iter()
            .map(|p| Meeting {
                first: Entrant(p.first),
                second: Entrant(p.second),
                result: None,
            })
            .collect(),
        bye: None,
    }
}

/// The matches of a Swiss round as the Dutch system paired them, with no
/// results yet, and its pairing-allocated bye.
pub fn swiss_round(pairings: &Pairings) -> TeamRound {
    TeamRound {
        meetings: pairings
            .pairs
            .iter()
            .map(|&(first, second)| Meeting {
                first,
                second,
                result: None,
            })
            .collect(),
        bye: pairings.bye,
    }
}

/// The Dutch system's points for team match points: a walkover's loser
/// gets a loss's, a bye [`TeamRules::bye_match_points`].
pub fn team_points(rules: &TeamRules) -> PointSystem {
    let m = rules.match_points;
    PointSystem {
        win: m.win,
        draw: m.draw,
        loss: m.loss,
        forfeit_loss: m.loss,
        zero_bye: 0,
        pairing_bye: rules.bye_match_points(),
    }
}

/// One team's view of a finished meeting.
fn team_round(m: &Meeting, outcome: TeamOutcome, side: TeamSide) -> Round {
    let (opponent, seat) = match side {
        TeamSide::First => (m.second, Side::First),
        TeamSide::Second => (m.first, Side::Second),
    };
    let score = |winner: TeamSide| {
        if winner == side {
            Score::Win
        } else {
            Score::Loss
        }
    };
    match outcome {
        TeamOutcome::Won(w) => Round::Played {
            opponent,
            side: seat,
            score: score(w),
            sets: None,
        },
        TeamOutcome::Drawn => Round::Played {
            opponent,
            side: seat,
            score: Score::Draw,
            sets: None,
        },
        TeamOutcome::Walkover(w) => Round::Forfeit {
            opponent,
            side: seat,
            won: w == side,
        },
        TeamOutcome::NeitherCame => Round::Forfeit {
            opponent,
            side: seat,
            won: false,
        },
    }
}

/// The Swiss field for the next round of a team Swiss of `teams` teams
/// (numbered from 1 by their starting rank), after `rounds`, for a
/// competition of `planned` rounds; `absent` teams sit the round out.
/// Refused while a match of the rounds is still running. A team in
/// neither a match nor the bye of a round had a zero-point bye there.
pub fn swiss_field(
    teams: u32,
    rounds: &[TeamRound],
    planned: u32,
    absent: &[Entrant],
    rules: &TeamRules,
) -> Result<Field, TeamError> {
    rules.check()?;
    check_rounds(teams, rounds)?;
    for &a in absent {
        if a.0 == 0 || a.0 > teams {
            return Err(TeamError::UnknownTeam { team: a });
        }
    }
    let mut histories: Vec<History> = vec![History::default(); teams as usize];
    for (i, r) in rounds.iter().enumerate() {
        let mut this: Vec<Round> = vec![Round::Bye(Bye::Zero); teams as usize];
        for m in &r.meetings {
            let Some(res) = m.result else {
                return Err(TeamError::RoundOpen {
                    round: i as u32 + 1,
                });
            };
            this[m.first.0 as usize - 1] = team_round(m, res.outcome, TeamSide::First);
            this[m.second.0 as usize - 1] = team_round(m, res.outcome, TeamSide::Second);
        }
        if let Some(b) = r.bye {
            this[b.0 as usize - 1] = Round::Bye(Bye::PairingAllocated);
        }
        for (h, round) in histories.iter_mut().zip(this) {
            h.rounds.push(round);
        }
    }
    Ok(Field {
        competitors: histories
            .into_iter()
            .enumerate()
            .map(|(i, history)| {
                let entrant = Entrant(i as u32 + 1);
                Competitor {
                    entrant,
                    history,
                    absent: absent.contains(&entrant),
                }
            })
            .collect(),
        played: rounds.len() as u32,
        rounds: planned,
        initial: Side::First,
        points: team_points(rules),
    })
}
