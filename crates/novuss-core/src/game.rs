//! A whole match in one value: the match's progress, the set in play, the
//! physics engine and the game record, kept in step. This is what a server
//! keeps per game and what a computer player's arena plays.
//!
//! Every method either succeeds and moves everything on together, or fails
//! and changes nothing; a [`Game`] rebuilt from its record
//! ([`Game::from_record`]) is equal to the one that wrote it.

use std::fmt;

use crate::match_play::{Match, MatchConfig, MatchError};
use crate::physics::{Engine, Physics};
use crate::record::{self, Action, Entry, GameRecord, RecordError, SetLog};
use crate::referee::{Conduct, Judged, PlayError, Played, Refusal};
use crate::seat::Seat;
use crate::set::SetState;
use crate::stroke::Stroke;
use crate::verdict::Verdict;

/// Why a game cannot be set up or moved on.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GameError {
    /// The match set-up is impossible, or the match is over.
    Match(MatchError),
    /// The physics parameters are out of range.
    Physics(crate::stroke::InputError),
    /// The set in play is not over yet.
    SetNotOver,
    /// A game cannot start from this position: it is finished, or of
    /// another profile or format than the match, or not opened from the
    /// match's opening seat.
    Start,
    /// The table's dimensions are out of range.
    Table(crate::set::StateError),
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Match(e) => e.fmt(f),
            GameError::Physics(e) => e.fmt(f),
            GameError::SetNotOver => f.write_str("the set in play is not over"),
            GameError::Start => f.write_str(
                "the position is finished, or not of the match's profile and format, or not opened from its opening seat",
            ),
            GameError::Table(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GameError {}

/// A match being played, with its record.
pub struct Game {
    progress: Match,
    set: SetState,
    engine: Engine,
    record: GameRecord,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            progress: self.progress.clone(),
            set: self.set.clone(),
            engine: Engine::new(self.set.table, self.record.physics),
            record: self.record.clone(),
        }
    }
}

impl fmt::Debug for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("progress", &self.progress)
            .field("set", &self.set)
            .field("record", &self.record)
            .finish_non_exhaustive()
    }
}

impl Game {
    /// A new match, its first set lined up.
    pub fn new(config: MatchConfig, physics: Physics) -> Result<Game, GameError> {
        let progress = Match::new(config.clone()).map_err(GameError::Match)?;
        let set = progress
            .next_set()
            .ok_or(GameError::Match(MatchError::Over))?;
        Game::starting_at(progress, physics, set)
    }

    /// A new match whose first set starts from `start` (any position of the
    /// match's profile and format, opened from its opening seat), for
    /// analysis and teaching.
    pub fn from_position(
        config: MatchConfig,
        physics: Physics,
        start: SetState,
    ) -> Result<Game, GameError> {
        let progress = Match::new(config).map_err(GameError::Match)?;
        if !record::fits_match(&progress, &start) {
            return Err(GameError::Start);
        }
        Game::starting_at(progress, physics, start)
    }

    fn starting_at(progress: Match, physics: Physics, set: SetState) -> Result<Game, GameError> {
        crate::stroke::check_parameters(&set.table, &physics)
            .map_err(|e| GameError::Physics(crate::stroke::InputError::Parameter(e)))?;
        let engine = Engine::new(set.table, physics);
        let record = GameRecord::new(progress.config().clone(), physics, set.clone());
        Ok(Game {
            progress,
            set,
            engine,
            record,
        })
    }

    /// Rebuilds a game from its record, replaying every action. The record
    /// must replay exactly: any divergence is an error.
    pub fn from_record(record: GameRecord) -> Result<Game, RecordError> {
        let mut first = None;
        let (progress, set) = record::walk(&record, |d| {
            first.get_or_insert(d);
        })?;
        if let Some(d) = first {
            return Err(RecordError::Diverged(d));
        }
        let engine = Engine::new(set.table, record.physics);
        Ok(Game {
            progress,
            set,
            engine,
            record,
        })
    }

    /// The set in play (or the last one, once the match is over).
    pub fn set(&self) -> &SetState {
        &self.set
    }

    /// The match: score, seating, who opens, whether it is over.
    pub fn progress(&self) -> &Match {
        &self.progress
    }

    /// The record of everything played so far.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.progress.is_over()
    }

    /// Whether [`Game::next_set`] is due: the set is over, the match is not.
    pub fn between_sets(&self) -> bool {
        self.set.is_over() && !self.progress.is_over()
    }

    /// What `stroke` would do for the player at `seat`, changing nothing.
    pub fn preview(&mut self, seat: Seat, stroke: &Stroke) -> Result<Judged, PlayError> {
        self.set.preview_as(seat, stroke, &mut self.engine)
    }

    /// Plays `stroke` for the player at `seat` and records it. When it ends
    /// the set, the match scores it at once.
    pub fn play(&mut self, seat: Seat, stroke: &Stroke) -> Result<Played, PlayError> {
        let judged = self.set.preview_as(seat, stroke, &mut self.engine)?;
        self.commit(Action::Stroke(*stroke), judged.next, judged.verdict.clone());
        Ok(Played {
            outcome: judged.outcome,
            verdict: judged.verdict,
        })
    }

    /// Applies a conduct decision and records it.
    pub fn conduct(&mut self, action: &Conduct) -> Result<Verdict, Refusal> {
        let (next, verdict) = self.set.preview_conduct(action)?;
        self.commit(Action::Conduct(action.clone()), next, verdict.clone());
        Ok(verdict)
    }

    fn commit(&mut self, action: Action, next: SetState, verdict: Verdict) {
        if let Some(result) = next.result() {
            // The referee only ends a set with a result the match accepts:
            // a winner among the set's sides, while the match goes on.
            let _ = self.progress.record(result);
        }
        let after = next.places();
        if let Some(log) = self.record.sets.last_mut() {
            log.entries.push(Entry {
                action,
                verdict,
                after,
            });
        }
        self.set = next;
    }

    /// Starts the next set (or the replay of this one) once the set in play
    /// is over and the match goes on.
    pub fn next_set(&mut self) -> Result<&SetState, GameError> {
        if !self.set.is_over() {
            return Err(GameError::SetNotOver);
        }
        if self.progress.is_over() {
            return Err(GameError::Match(MatchError::Over));
        }
        // Every set of a game is played on the table of its first.
        let c = self.progress.config();
        let next = SetState::new_on(
            self.set.table,
            c.profile,
            c.format,
            self.progress.first_seat(),
        )
        .map_err(GameError::Table)?;
        self.record.sets.push(SetLog {
            start: next.clone(),
            entries: vec![],
        });
        self.set = next;
        Ok(&self.set)
    }
}
