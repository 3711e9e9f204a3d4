//! The team part of a competition (issue 32, "Teams": "teams of N
//! players, individual matches scored 2/1/0, and a team match ends once
//! one team has passed half of the points; team standings").
//!
//! A team competition is a competition whose entrants are teams: the
//! rounds are paired as any competition's (the Berger tables, or the
//! Dutch system on team match points), each pairing a team match, and
//! what the team part adds is played inside those matches: each team's
//! roster, each match's line-ups and its boards' results
//! ([`crate::teams::TeamMatch`]: decided once one team has passed half
//! of the board points). A match's result is written back onto its
//! pairing as [`Outcome::Team`] (or a walkover's forfeit), so that the
//! round is complete, the pairing reads the histories and the record
//! shows it as for any competition.
//!
//! Each team match is played on a block of tables, one per board, side
//! by side (the pairing's table is the block's first): the boards of a
//! match are played at once, and its captains and arbiter follow them
//! together. The hall must have a table for each board of one match.
//!
//! The standings are the team standings of `teams/standings.rs`: team
//! match points, then board points, then the direct encounter. A board
//! whose result came in after its match was decided is shown and does
//! not count (`teams/team_match.rs` says why).

use serde::Serialize;

use super::{Competition, Outcome, Refusal, System};
use crate::entries::Entry;
use crate::results::{Bye, Entrant};
use crate::teams::{
    team_standings, BoardResult, BoardStatus, LineUp, LineUpProblem, Meeting, RosterPlace, Team,
    TeamMatch, TeamOutcome, TeamRound, TeamRow, TeamRules, TeamSide, MAX_ROSTER, MAX_TEAMS,
};

/// The teams of a competition and their matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct TeamPart {
    rules: TeamRules,
    /// The teams, by entrant number from 1 (index 0 is entrant 1).
    teams: Vec<Team>,
    /// The rounds' matches, the first round first.
    rounds: Vec<TeamRoundPlayed>,
}

/// One round's team matches.
#[derive(Clone, Debug, PartialEq, Eq)]
struct TeamRoundPlayed {
    matches: Vec<MatchPlayed>,
    /// The team given the pairing-allocated bye.
    bye: Option<Entrant>,
}

/// A team match as it is being played.
#[derive(Clone, Debug, PartialEq, Eq)]
struct MatchPlayed {
    first: Entrant,
    second: Entrant,
    /// The block's first table.
    table: Option<u32>,
    line_ups: [LineUp; 2],
    game: TeamMatch,
    /// Each board's result as entered (with its sets), board 1 first.
    entered: Vec<Option<Outcome>>,
}

impl TeamPart {
    pub(super) fn new(rules: TeamRules) -> TeamPart {
        TeamPart {
            rules,
            teams: Vec::new(),
            rounds: Vec::new(),
        }
    }
}

/// A board of a team match as its table sees it.
pub(super) struct TeamBoardAt<'a> {
    /// The teams, the first-named first.
    pub teams: [Entrant; 2],
    /// Their players on the board (`None`: the line-up leaves it empty).
    pub players: [Option<&'a Entry>; 2],
    /// Its table: the block's first plus the board's place.
    pub table: Option<u32>,
    /// Whose player breaks first.
    pub breaks_first: TeamSide,
    /// Its result as entered, with its sets.
    pub entered: Option<Outcome>,
}

/// The side of a match as the line-up's index.
fn index(side: TeamSide) -> usize {
    match side {
        TeamSide::First => 0,
        TeamSide::Second => 1,
    }
}

impl Competition {
    fn team_part(&self) -> Result<&TeamPart, Refusal> {
        self.teams.as_ref().ok_or(Refusal::OnlyForTeams)
    }

    /// Enters `team`, checked: named, not named as another, with a
    /// player for every board, nobody on two rosters.
    pub(super) fn enter_team(&mut self, team: &Team) -> Result<(), Refusal> {
        let part = self.team_part()?;
        let mut team = team.clone();
        team.name =
            super::setup::text("name", &team.name)?.ok_or(Refusal::Missing { field: "name" })?;
        team.club = match &team.club {
            Some(c) => super::setup::text("club", c)?,
            None => None,
        };
        if team.roster.len() > MAX_ROSTER {
            return Err(Refusal::RosterTooLong {
                max: MAX_ROSTER as u32,
            });
        }
        let boards = part.rules.boards;
        if (team.roster.len() as u32) < boards {
            return Err(Refusal::TeamTooSmall {
                players: team.roster.len() as u32,
                boards,
            });
        }
        let entrant = Entrant(self.entrants.len() as u32 + 1);
        let folded = |s: &str| crate::entries::folded(s);
        if let Some(l) = self
            .entrants
            .iter()
            .find(|l| folded(&l.entry.name) == folded(&team.name))
        {
            return Err(Refusal::TeamNameTaken { entrant: l.entrant });
        }
        let mut roster = Vec::with_capacity(team.roster.len());
        for player in &team.roster {
            if player.pair.is_some() {
                return Err(Refusal::PairInSingles);
            }
            let player = super::checked_entry(player)?;
            let earlier = part
                .teams
                .iter()
                .enumerate()
                .flat_map(|(t, other)| {
                    other
                        .roster
                        .iter()
                        .enumerate()
                        .map(move |(p, e)| (Entrant(t as u32 + 1), p, e))
                })
                .chain(roster.iter().enumerate().map(|(p, e)| (entrant, p, e)))
                .find(|(_, _, e)| e.same_person(&player));
            if let Some((team, place, _)) = earlier {
                return Err(Refusal::PlayerInTwoTeams {
                    team,
                    place: place as u32 + 1,
                });
            }
            roster.push(player);
        }
        team.roster = roster;
        if !matches!(self.setup.system, System::Swiss { .. }) && !self.rounds.is_empty() {
            return Err(Refusal::EntriesClosed);
        }
        let max = self.setup.max_entrants().min(MAX_TEAMS);
        if self.entrants.len() as u32 >= max {
            return Err(Refusal::TooManyEntrants { max });
        }
        let mut listed = Entry::named(&team.name);
        listed.club = team.club.clone();
        self.entrants.push(super::Listed {
            entrant,
            entry: listed,
            withdrawn_from: None,
            entered_for: self.rounds.len() as u32 + 1,
        });
        if let Some(part) = &mut self.teams {
            part.teams.push(team);
        }
        Ok(())
    }

    /// The team matches of the round just paired (the last): each team
    /// in its first players' roster order, a team that withdrew with
    /// nobody (the match a walkover, as the pairing made it).
    pub(super) fn pair_teams(&mut self) -> Result<(), Refusal> {
        let Some(round) = self.rounds.last() else {
            return Ok(());
        };
        let Some(part) = &self.teams else {
            return Ok(());
        };
        let number = round.number;
        let mut matches = Vec::with_capacity(round.boards.len());
        for b in &round.boards {
            let (first, second) = (b.paired.first, b.paired.second);
            let line_up = |e: Entrant| {
                if self.available(e, number) {
                    LineUp::regulars(
                        part.rules.boards,
                        part.teams[(e.0 - 1) as usize].roster.len(),
                    )
                } else {
                    LineUp::default()
                }
            };
            let line_ups = [line_up(first), line_up(second)];
            matches.push(new_match(part, first, second, b.paired.table, line_ups)?);
        }
        let bye = round
            .rests
            .iter()
            .find(|r| r.bye == Bye::PairingAllocated)
            .map(|r| r.entrant);
        if let Some(part) = &mut self.teams {
            part.rounds.push(TeamRoundPlayed { matches, bye });
        }
        for m in 1..=self.rounds.last().map_or(0, |r| r.boards.len()) {
            self.show_match(number, m as u32, false);
        }
        Ok(())
    }

    /// Whether a board result of round `round` is in (even in a match
    /// not yet decided): its pairing can no longer be taken back.
    pub(super) fn team_results_in(&self, round: u32) -> bool {
        self.teams
            .as_ref()
            .and_then(|p| p.rounds.get((round as usize).wrapping_sub(1)))
            .is_some_and(|r| r.matches.iter().any(|m| !m.game.entered().is_empty()))
    }

    /// The last round's team matches taken back with its pairing.
    pub(super) fn unpair_teams(&mut self) {
        if let Some(part) = &mut self.teams {
            part.rounds.pop();
        }
    }

    /// Board `board` of team match `team_match` of round `round`: its
    /// players as the line-ups place them, its table in the match's
    /// block, who breaks first, its result as entered.
    pub(super) fn team_board(
        &self,
        round: u32,
        team_match: u32,
        board: u32,
    ) -> Result<TeamBoardAt<'_>, Refusal> {
        let played = self.team_match(round, team_match)?;
        let part = self.team_part()?;
        let boards = part.rules.boards;
        let b = board
            .checked_sub(1)
            .and_then(|i| played.game.boards().into_iter().nth(i as usize))
            .ok_or(Refusal::NoSuchTeamBoard { board, boards })?;
        let player = |team: Entrant, place: Option<RosterPlace>| {
            place.and_then(|p| part.teams.get((team.0 - 1) as usize)?.player(p))
        };
        Ok(TeamBoardAt {
            teams: [played.first, played.second],
            players: [
                player(played.first, b.first),
                player(played.second, b.second),
            ],
            table: played.table.map(|t| t + board - 1),
            breaks_first: b.breaks_first,
            entered: played.entered[(board - 1) as usize],
        })
    }

    /// Every board of every team match of the rounds paired whose result
    /// is in, with both its players: each a match of two players, as a
    /// competition of players has on its boards (`played.rs`). Boards that
    /// came in after their match was decided were played, and are listed.
    pub(super) fn team_games(&self) -> Vec<super::played::PlayedMatch<'_>> {
        let Some(part) = &self.teams else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (r, round) in part.rounds.iter().enumerate() {
            for m in 1..=round.matches.len() as u32 {
                for board in 1..=part.rules.boards {
                    let Ok(b) = self.team_board(r as u32 + 1, m, board) else {
                        continue;
                    };
                    if let ([Some(first), Some(second)], Some(outcome)) = (b.players, b.entered) {
                        out.push(super::played::PlayedMatch {
                            round: r as u32 + 1,
                            first,
                            second,
                            outcome,
                        });
                    }
                }
            }
        }
        out
    }

    /// The team match `team_match` of round `round`.
    fn team_match(&self, round: u32, team_match: u32) -> Result<&MatchPlayed, Refusal> {
        let part = self.team_part()?;
        round
            .checked_sub(1)
            .and_then(|r| part.rounds.get(r as usize))
            .and_then(|r| {
                team_match
                    .checked_sub(1)
                    .and_then(|m| r.matches.get(m as usize))
            })
            .ok_or(Refusal::NoSuchTeamMatch { round, team_match })
    }

    /// A team's line-up for a match: checked against its roster, then
    /// the match played again from the same results (those on a board
    /// the line-up leaves empty no longer stand).
    pub(super) fn line_up(
        &mut self,
        round: u32,
        team_match: u32,
        side: TeamSide,
        players: &[RosterPlace],
    ) -> Result<(), Refusal> {
        let played = self.team_match(round, team_match)?;
        let part = self.team_part()?;
        let team = match side {
            TeamSide::First => played.first,
            TeamSide::Second => played.second,
        };
        let line_up = LineUp {
            players: players.to_vec(),
        };
        let roster = part.teams[(team.0 - 1) as usize].roster.len();
        line_up
            .check(roster, part.rules.boards)
            .map_err(|problem| match problem {
                LineUpProblem::TooMany { players, boards } => Refusal::LineUpTooLong {
                    team,
                    players: players as u32,
                    boards,
                },
                LineUpProblem::NotOnRoster { board, place } => Refusal::NotOnRoster {
                    team,
                    board,
                    place: place.0,
                },
                LineUpProblem::Twice { board, .. } | LineUpProblem::OutOfOrder { board, .. } => {
                    Refusal::LineUpOrder { team, board }
                }
            })?;
        let mut line_ups = played.line_ups.clone();
        line_ups[index(side)] = line_up;
        let mut next = new_match(part, played.first, played.second, played.table, line_ups)?;
        // In the order they came in, which decides the match; a board
        // the new line-up leaves empty is refused, as nobody played it.
        for &(board, result) in played.game.entered() {
            if next.game.enter(board, result).is_ok() {
                let i = (board - 1) as usize;
                next.entered[i] = played.entered[i];
            }
        }
        self.put_match(round, team_match, next);
        Ok(())
    }

    /// One board's result in a team match, checked against the match
    /// format: the sets of the first-named team's player first.
    pub(super) fn board_result(
        &mut self,
        round: u32,
        team_match: u32,
        board: u32,
        outcome: Outcome,
    ) -> Result<(), Refusal> {
        let played = self.team_match(round, team_match)?;
        let rules = self.team_part()?.rules;
        if board == 0 || board > rules.boards {
            return Err(Refusal::NoSuchTeamBoard {
                board,
                boards: rules.boards,
            });
        }
        let result = match outcome {
            Outcome::Team { .. } => return Err(Refusal::TeamOutcome),
            Outcome::Sets { first, second } => match self.checked_score(first, second)? {
                novuss_core::MatchResult::First => BoardResult::Won(TeamSide::First),
                novuss_core::MatchResult::Second => BoardResult::Won(TeamSide::Second),
                _ => BoardResult::Drawn,
            },
            Outcome::Decided { winner } => match winner {
                Some(crate::results::Side::First) => BoardResult::Won(TeamSide::First),
                Some(crate::results::Side::Second) => BoardResult::Won(TeamSide::Second),
                None if self.setup.format.draws() => BoardResult::Drawn,
                None => {
                    return Err(Refusal::CannotDraw {
                        format: self.setup.format,
                    })
                }
            },
            Outcome::Forfeit { winner } => BoardResult::Absent(match winner {
                crate::results::Side::First => TeamSide::Second,
                crate::results::Side::Second => TeamSide::First,
            }),
            Outcome::BothAbsent => BoardResult::BothAbsent,
        };
        let mut next = played.clone();
        next.game
            .enter(board, result)
            .map_err(|_| Refusal::EmptyTeamBoard { board })?;
        next.entered[(board - 1) as usize] = Some(outcome);
        self.put_match(round, team_match, next);
        Ok(())
    }

    /// Puts `played` in place of a match, changed by the organiser, and
    /// shows its result on its pairing.
    fn put_match(&mut self, round: u32, team_match: u32, played: MatchPlayed) {
        if let Some(slot) = self
            .teams
            .as_mut()
            .and_then(|p| p.rounds.get_mut((round - 1) as usize))
            .and_then(|r| r.matches.get_mut((team_match - 1) as usize))
        {
            *slot = played;
        }
        self.show_match(round, team_match, true);
    }

    /// Writes a team match's result onto its pairing: the board points
    /// of a match decided over the boards, a walkover as a forfeit, none
    /// while it runs.
    fn show_match(&mut self, round: u32, team_match: u32, by_organiser: bool) {
        let Ok(played) = self.team_match(round, team_match) else {
            return;
        };
        let score = played.game.score();
        let outcome = score.outcome.map(|o| match o {
            TeamOutcome::Won(_) | TeamOutcome::Drawn => Outcome::Team {
                first: score.first,
                second: score.second,
            },
            TeamOutcome::Walkover(side) => Outcome::Forfeit {
                winner: match side {
                    TeamSide::First => crate::results::Side::First,
                    TeamSide::Second => crate::results::Side::Second,
                },
            },
            TeamOutcome::NeitherCame => Outcome::BothAbsent,
        });
        if let Some(b) = self
            .rounds
            .get_mut((round - 1) as usize)
            .and_then(|r| r.boards.get_mut((team_match - 1) as usize))
        {
            b.outcome = outcome;
            if by_organiser {
                b.by_pairing = false;
            }
        }
    }

    /// The team standings now: team match points, board points, the
    /// direct encounter (`teams/standings.rs`); `None` for a competition
    /// of players.
    pub fn team_standings(&self) -> Option<Vec<TeamRow>> {
        self.teams.as_ref().map(team_standings_of)
    }
}

/// A match of `first` and `second` with `line_ups`, no result yet.
fn new_match(
    part: &TeamPart,
    first: Entrant,
    second: Entrant,
    table: Option<u32>,
    line_ups: [LineUp; 2],
) -> Result<MatchPlayed, Refusal> {
    let team = |e: Entrant| {
        part.teams
            .get((e.0 - 1) as usize)
            .ok_or(Refusal::NoSuchEntrant { entrant: e })
    };
    let game = TeamMatch::new(
        part.rules,
        (team(first)?, line_ups[0].clone()),
        (team(second)?, line_ups[1].clone()),
    )
    .map_err(|error| Refusal::TeamRules { error })?;
    Ok(MatchPlayed {
        first,
        second,
        table,
        entered: vec![None; part.rules.boards as usize],
        line_ups,
        game,
    })
}

/// The team part as every reader sees it: the teams, each round's
/// matches board by board, the team standings and each player's boards.
#[derive(Serialize)]
struct TeamsView<'a> {
    rules: &'a TeamRules,
    teams: Vec<TeamView<'a>>,
    rounds: Vec<RoundView>,
    standings: Vec<TeamRow>,
    players: Vec<PlayerRecord>,
}

#[derive(Serialize)]
struct TeamView<'a> {
    entrant: Entrant,
    name: &'a str,
    club: &'a Option<String>,
    roster: &'a [Entry],
}

#[derive(Serialize)]
struct RoundView {
    number: u32,
    matches: Vec<MatchView>,
    bye: Option<Entrant>,
}

#[derive(Serialize)]
struct MatchView {
    first: Entrant,
    second: Entrant,
    first_points: u32,
    second_points: u32,
    outcome: Option<TeamOutcome>,
    deciding_board: Option<u32>,
    boards: Vec<BoardView>,
}

#[derive(Serialize)]
struct BoardView {
    number: u32,
    table: Option<u32>,
    /// The first-named team's player, by roster place.
    first: Option<RosterPlace>,
    /// The second-named team's.
    second: Option<RosterPlace>,
    breaks_first: TeamSide,
    #[serde(flatten)]
    status: BoardStatus,
    /// The result as entered, with its sets.
    entered: Option<Outcome>,
}

/// A player's boards so far: played (forfeits included) and the board
/// points they brought their team, results after a decision included
/// (they were played).
#[derive(Serialize)]
struct PlayerRecord {
    team: Entrant,
    place: RosterPlace,
    boards: u32,
    points: u32,
}

impl Serialize for TeamPart {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut records: Vec<PlayerRecord> = Vec::new();
        let mut count = |team: Entrant, place: Option<RosterPlace>, points: u32| {
            let Some(place) = place else { return };
            match records
                .iter_mut()
                .find(|r| r.team == team && r.place == place)
            {
                Some(r) => {
                    r.boards += 1;
                    r.points += points;
                }
                None => records.push(PlayerRecord {
                    team,
                    place,
                    boards: 1,
                    points,
                }),
            }
        };
        let rounds = self
            .rounds
            .iter()
            .enumerate()
            .map(|(i, r)| RoundView {
                number: i as u32 + 1,
                bye: r.bye,
                matches: r
                    .matches
                    .iter()
                    .map(|m| {
                        let score = m.game.score();
                        let boards = m
                            .game
                            .boards()
                            .into_iter()
                            .zip(&score.boards)
                            .map(|(b, &status)| {
                                if let BoardStatus::Counted(res) | BoardStatus::AfterDecision(res) =
                                    status
                                {
                                    let (p1, p2) = res.points(&self.rules);
                                    count(m.first, b.first, p1);
                                    count(m.second, b.second, p2);
                                }
                                BoardView {
                                    number: b.number,
                                    table: m.table.map(|t| t + b.number - 1),
                                    first: b.first,
                                    second: b.second,
                                    breaks_first: b.breaks_first,
                                    status,
                                    entered: m.entered[(b.number - 1) as usize],
                                }
                            })
                            .collect();
                        MatchView {
                            first: m.first,
                            second: m.second,
                            first_points: score.first,
                            second_points: score.second,
                            outcome: score.outcome,
                            deciding_board: score.deciding_board,
                            boards,
                        }
                    })
                    .collect(),
            })
            .collect();
        records.sort_by_key(|r| (r.team, r.place));
        let standings = team_standings_of(self);
        TeamsView {
            rules: &self.rules,
            teams: self
                .teams
                .iter()
                .enumerate()
                .map(|(i, t)| TeamView {
                    entrant: Entrant(i as u32 + 1),
                    name: &t.name,
                    club: &t.club,
                    roster: &t.roster,
                })
                .collect(),
            rounds,
            standings,
            players: records,
        }
        .serialize(s)
    }
}

/// The team standings of `part`. The rounds are the competition's own,
/// checked as they were paired: the only error left would be a bug,
/// shown as no rows rather than a page that cannot be read.
fn team_standings_of(part: &TeamPart) -> Vec<TeamRow> {
    let rounds: Vec<TeamRound> = part
        .rounds
        .iter()
        .map(|r| TeamRound {
            meetings: r
                .matches
                .iter()
                .map(|m| Meeting::of(m.first, m.second, &m.game.score()))
                .collect(),
            bye: r.bye,
        })
        .collect();
    team_standings(part.teams.len() as u32, &rounds, &part.rules).unwrap_or_default()
}
