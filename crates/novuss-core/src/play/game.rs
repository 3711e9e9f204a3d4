//! A whole match in one value: the match's progress, the set in play, the
//! physics engine and the game record, kept in step. This is what a server
//! keeps per game and what a computer player's arena plays.
//!
//! Every method either succeeds and moves everything on together, or fails
//! and changes nothing; a [`Game`] rebuilt from its record
//! ([`Game::from_record`]) is equal to the one that wrote it.

use std::fmt;

use crate::physics::stroke::Stroke;
use crate::physics::{Engine, Physics};
use crate::play::match_play::{Match, MatchConfig, MatchError};
use crate::play::record::{self, Action, Entry, GameRecord, RecordError, SetLog};
use crate::rules::referee::{Conduct, Judged, PlayError, Played, Refusal};
use crate::rules::set::{SetState, Side};
use crate::rules::verdict::Verdict;
use crate::seat::Seat;

/// Why a game cannot be set up or moved on.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum GameError {
    /// The match set-up is impossible, or the match is over.
    Match(MatchError),
    /// The physics parameters are out of range.
    Physics(crate::physics::stroke::InputError),
    /// The set in play is not over yet.
    SetNotOver,
    /// A game cannot start from this position: it is finished, or of
    /// another profile or format than the match, or not opened from the
    /// match's opening seat.
    Start,
    /// The table's dimensions are out of range.
    Table(crate::rules::set::StateError),
    /// Nobody plays from this seat.
    NoPlayerAt(Seat),
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
            GameError::NoPlayerAt(seat) => write!(f, "nobody plays from the {seat} seat"),
        }
    }
}

impl std::error::Error for GameError {}

/// A stroke judged by [`Game::prepare`], not yet played.
#[derive(Clone, Debug)]
pub struct Prepared {
    from: SetState,
    physics: Physics,
    stroke: Stroke,
    judged: Judged,
}

impl Prepared {
    /// The motion, the verdict and the set after the stroke.
    pub fn judged(&self) -> &Judged {
        &self.judged
    }
}

/// A point of a game's past ([`Game::mark`]).
#[derive(Clone, Debug)]
pub struct Mark {
    progress: Match,
    set: SetState,
    sets: usize,
    entries: usize,
    stroked: Stroked,
}

/// A prepared stroke or a mark that does not fit the game as it is now:
/// nothing was changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stale;

impl fmt::Display for Stale {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the game is no longer where this was prepared")
    }
}

impl std::error::Error for Stale {}

/// The sides that have stroked in the first set, one bit per side
/// ([`Side::index`]; a set has at most four). Kept by [`Game`] as strokes
/// are played and taken back, because [`Game::can_abort`] is asked every
/// time a game's state is shown and would otherwise rescan the first set.
type Stroked = u8;

fn stroked_in(log: &SetLog) -> Stroked {
    log.entries
        .iter()
        .filter(|e| matches!(e.action, Action::Stroke(_)))
        .fold(0, |bits, e| bits | side_bit(e.verdict.side))
}

fn side_bit(side: Side) -> Stroked {
    1 << side.index()
}

/// A match being played, with its record.
pub struct Game {
    progress: Match,
    set: SetState,
    engine: Engine,
    record: GameRecord,
    stroked: Stroked,
}

impl Clone for Game {
    fn clone(&self) -> Game {
        Game {
            progress: self.progress.clone(),
            set: self.set.clone(),
            engine: Engine::new(self.set.table, self.record.physics),
            record: self.record.clone(),
            stroked: self.stroked,
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

    /// A new game of `progress`, a match of any format
    /// ([`Match::with_format`]) that has no set played yet: its first set
    /// lined up, or starting from `start` as [`Game::from_position`] does.
    pub fn of_match(
        progress: Match,
        physics: Physics,
        start: Option<SetState>,
    ) -> Result<Game, GameError> {
        if !progress.history().is_empty() || progress.is_over() {
            return Err(GameError::Start);
        }
        let set = match start {
            None => progress
                .next_set()
                .ok_or(GameError::Match(MatchError::Over))?,
            Some(start) if record::fits_match(&progress, &start) => start,
            Some(_) => return Err(GameError::Start),
        };
        Game::starting_at(progress, physics, set)
    }

    fn starting_at(progress: Match, physics: Physics, set: SetState) -> Result<Game, GameError> {
        crate::physics::stroke::check_parameters(&set.table, &physics)
            .map_err(|e| GameError::Physics(crate::physics::stroke::InputError::Parameter(e)))?;
        let engine = Engine::new(set.table, physics);
        let record = GameRecord::new(&progress, physics, set.clone());
        Ok(Game {
            progress,
            set,
            engine,
            record,
            stroked: 0,
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
        let stroked = record.sets.first().map_or(0, stroked_in);
        Ok(Game {
            progress,
            set,
            engine,
            record,
            stroked,
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
        self.in_play()?;
        self.set.preview_as(seat, stroke, &mut self.engine)
    }

    /// Refuses everything once the match is over: a resigned match ends
    /// with a set still in play, which is not to be played on.
    fn in_play(&self) -> Result<(), Refusal> {
        if self.progress.is_over() {
            return Err(Refusal::MatchOver);
        }
        Ok(())
    }

    /// Plays `stroke` for the player at `seat` and records it. When it ends
    /// the set, the match scores it at once.
    pub fn play(&mut self, seat: Seat, stroke: &Stroke) -> Result<Played, PlayError> {
        self.in_play()?;
        let judged = self.set.preview_as(seat, stroke, &mut self.engine)?;
        self.commit(Action::Stroke(*stroke), judged.next, judged.verdict.clone());
        Ok(Played {
            outcome: judged.outcome,
            verdict: judged.verdict,
        })
    }

    /// Judges `stroke` for the player at `seat` without moving the game on,
    /// so that a server can store the result before it shows it and then
    /// [`Game::apply`] it without simulating the stroke again.
    pub fn prepare(&mut self, seat: Seat, stroke: &Stroke) -> Result<Prepared, PlayError> {
        self.in_play()?;
        let judged = self.set.preview_as(seat, stroke, &mut self.engine)?;
        Ok(Prepared {
            from: self.set.clone(),
            physics: self.record.physics,
            stroke: *stroke,
            judged,
        })
    }

    /// Plays a stroke judged by [`Game::prepare`]. A stroke's judgement
    /// depends only on the set it was judged in and the physics, so it is
    /// applied exactly when the game is still in that set with that physics;
    /// otherwise nothing changes and it is refused.
    pub fn apply(&mut self, prepared: Prepared) -> Result<Played, Stale> {
        if prepared.from != self.set || prepared.physics != self.record.physics {
            return Err(Stale);
        }
        let Judged {
            outcome,
            verdict,
            next,
        } = prepared.judged;
        self.commit(Action::Stroke(prepared.stroke), next, verdict.clone());
        Ok(Played { outcome, verdict })
    }

    /// The match as it will be once `prepared` is applied: the score moves
    /// when the stroke ends the set.
    pub fn progress_after(&self, prepared: &Prepared) -> Match {
        let mut progress = self.progress.clone();
        if let Some(result) = prepared.judged.next.result() {
            let _ = progress.record(result);
        }
        progress
    }

    /// A point of the game to go back to with [`Game::rewind`]: the match
    /// and the set as they are now, and how much of the record is played.
    /// It costs the set's size, not the record's.
    pub fn mark(&self) -> Mark {
        Mark {
            progress: self.progress.clone(),
            set: self.set.clone(),
            sets: self.record.sets.len(),
            entries: self.record.sets.last().map_or(0, |s| s.entries.len()),
            stroked: self.stroked,
        }
    }

    /// Goes back to `mark`, a point of this game's past: the record is cut
    /// there and the match and set are as they were. A mark that is not of
    /// this game's past (its record is shorter, or its position is not the
    /// one the record holds there) changes nothing and is refused.
    pub fn rewind(&mut self, mark: &Mark) -> Result<(), Stale> {
        let Some(log) = mark
            .sets
            .checked_sub(1)
            .and_then(|s| self.record.sets.get(s))
        else {
            return Err(Stale);
        };
        let same = match mark.entries.checked_sub(1) {
            None => log.start == mark.set,
            Some(e) => log
                .entries
                .get(e)
                .is_some_and(|x| x.after == mark.set.places()),
        };
        if !same {
            return Err(Stale);
        }
        self.record.sets.truncate(mark.sets);
        if let Some(log) = self.record.sets.last_mut() {
            log.entries.truncate(mark.entries);
        }
        self.progress = mark.progress.clone();
        self.record.resigned = self.progress.resigned();
        self.record.aborted = self.progress.aborted();
        self.set = mark.set.clone();
        self.stroked = mark.stroked;
        Ok(())
    }

    /// The player at `seat` resigns the match: it ends at once, won by the
    /// other contender ([`Match::resign`]), and the record says so.
    pub fn resign(&mut self, seat: Seat) -> Result<(), GameError> {
        let player = self
            .progress
            .player_at(seat)
            .ok_or(GameError::NoPlayerAt(seat))?;
        self.progress.resign(player).map_err(GameError::Match)?;
        self.record.resigned = Some(player);
        Ok(())
    }

    /// Whether the match may still be aborted: the first set is in play
    /// and not every side has stroked in it (a conduct decision is not a
    /// stroke).
    pub fn can_abort(&self) -> bool {
        !self.progress.is_over()
            && self.record.sets.len() == 1
            && (self.stroked.count_ones() as usize) < self.set.sides().len()
    }

    /// Calls the match off without a result ([`Game::can_abort`]), and
    /// records it.
    pub fn abort(&mut self) -> Result<(), GameError> {
        if !self.can_abort() {
            return Err(GameError::Match(if self.progress.is_over() {
                MatchError::Over
            } else {
                MatchError::TooLateToAbort
            }));
        }
        self.progress.abort().map_err(GameError::Match)?;
        self.record.aborted = true;
        Ok(())
    }

    /// Applies a conduct decision and records it.
    pub fn conduct(&mut self, action: &Conduct) -> Result<Verdict, Refusal> {
        self.in_play()?;
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
        if self.record.sets.len() == 1 && matches!(action, Action::Stroke(_)) {
            self.stroked |= side_bit(verdict.side);
        }
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
