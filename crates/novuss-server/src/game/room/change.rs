//! The changes a person or the computer asks for: a stroke, a take-back,
//! the next set, a resignation, an abort. Each is checked and worked out
//! without moving the game on ([`Room::commit`] does, once it is stored);
//! what a change is, is `step.rs`.

use super::*;

impl Room {
    /// `play`, asked by `who`: the policy first, then the game's own rules.
    pub fn asked_to(&mut self, who: Option<&PersonId>, play: &Play) -> Result<Change, Failure> {
        let (seat, action) = play.asked();
        self.ask(who, seat, action)?;
        match play {
            Play::Stroke(r) => self.stroke(r),
            Play::TakeBack { event } => self.take_back(*event),
            Play::NextSet { event } => self.next_set(*event),
            Play::Resign { event, seat } => self.resign(*event, *seat),
            Play::Abort { event, seat } => self.abort(*event, *seat),
        }
    }

    /// A human stroke, checked and judged. Only the engine's scratch space
    /// is used: the game does not move on until [`Room::commit`].
    pub fn stroke(&mut self, r: &StrokeRequest) -> Result<Change, Failure> {
        let finite = r.striker.iter().chain(&r.direction).all(|x| x.is_finite());
        if !finite || !r.speed.is_finite() {
            return Err(Failure::new(
                Code::NotFinite,
                "the striker, direction and speed must be finite numbers",
            ));
        }
        self.fresh(r.event)?;
        let set = self.game.set();
        if set.is_over() {
            return Err(Failure::new(Code::SetOver, "the set is over"));
        }
        let to_play = set.seat_to_play();
        if r.seat != to_play {
            return Err(Failure::new(
                Code::NotYourTurn,
                format!("it is {to_play}'s turn, not {}'s", r.seat),
            ));
        }
        if self.controller(to_play) != Controller::Human {
            return Err(Failure::new(
                Code::ComputerSeat,
                format!("{to_play} is played by the computer"),
            ));
        }
        let stroke = Stroke {
            striker: r.striker.into(),
            direction: r.direction.into(),
            speed: r.speed,
        };
        self.play(to_play, By::Human, stroke)
    }

    /// A stroke played as given (a human's checked request, or the
    /// computer's executed stroke), judged but not yet applied.
    pub fn play(&mut self, seat: Seat, by: By, stroke: Stroke) -> Result<Change, Failure> {
        self.play_traced(seat, by, stroke, Origin::Live)
    }

    /// A stroke judged; `origin` says whether its motion is the one just
    /// simulated or the one stored with it. The room keeps and shows the
    /// stored motion (what was played); a replay compares it with a fresh
    /// simulation.
    pub(super) fn play_traced(
        &mut self,
        seat: Seat,
        by: By,
        stroke: Stroke,
        origin: Origin,
    ) -> Result<Change, Failure> {
        let bodies = event::bodies(self.game.set());
        let player = self.game.progress().player_at(seat);
        let prepared = self
            .game
            .prepare(seat, &stroke)
            .map_err(|e| Failure::of_play(&e))?;
        let (trace, stored) = match origin {
            Origin::Loaded(Some(t)) => (t, true),
            // A new stroke's trace is stored with it; an old event without
            // one is shown as simulated now.
            origin => (
                Trace::of(&prepared.judged().outcome),
                matches!(origin, Origin::Live),
            ),
        };
        let trace = Arc::new(trace);
        let progress = self.game.progress_after(&prepared);
        Ok(Change {
            happened: Happened::Stroke {
                seat,
                by,
                stroke,
                trace: Some((*trace).clone()),
            },
            summary: Summary::new(&progress, self.strokes + 1),
            over: progress.is_over(),
            step: Step::Stroke {
                seat,
                by,
                stroke,
                stored,
                player,
                prepared: Box::new(prepared),
                motion: Motion { bodies, trace },
            },
        })
    }

    pub(super) fn controller(&self, seat: Seat) -> Controller {
        self.game
            .progress()
            .player_at(seat)
            .and_then(|p| self.setup.controllers.get(p.index()).copied())
            .unwrap_or(Controller::Human)
    }

    /// Takes back the last human stroke and whatever followed it.
    pub fn take_back(&self, event: u64) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(
                Code::MatchOver,
                "the match is over: its result stands",
            ));
        }
        let Some(last) = self.last_human else {
            return Err(Failure::new(
                Code::NothingToTakeBack,
                "no stroke played by a person to take back",
            ));
        };
        // The game after it is worked out on a copy, so that an unstored
        // take-back changes nothing; a copy costs the record's length, and
        // only casual games take back.
        let mut game = self.game.clone();
        rewind(&mut game, &self.marks, &self.acts, last)
            .map_err(|e| Failure::internal("a take-back could not be worked out", &e))?;
        let strokes = self.strokes - strokes_among(&self.acts[last..]);
        Ok(Change {
            happened: Happened::TakeBack {
                actions: (self.acts.len() - last) as u32,
            },
            summary: Summary::new(game.progress(), strokes),
            over: game.is_over(),
            step: Step::Rewind {
                game: Box::new(game),
                keep: last,
            },
        })
    }

    /// Undoes the last `n` actions on the room itself (a stored take-back
    /// being loaded).
    pub(super) fn rewind_in_place(&mut self, n: usize) -> Result<usize, RoomError> {
        let keep = self.acts.len().saturating_sub(n);
        rewind(&mut self.game, &self.marks, &self.acts, keep)?;
        Ok(self.cut(keep))
    }

    /// Forgets the actions from `keep` on, and the marks after it.
    pub(super) fn cut(&mut self, keep: usize) -> usize {
        let undone = strokes_among(&self.acts[keep..]);
        self.acts.truncate(keep);
        self.strokes -= undone;
        self.marks.retain(|(at, _)| *at <= keep);
        self.last_human = self
            .acts
            .iter()
            .rposition(|a| matches!(a, Act::Stroke { by: By::Human, .. }));
        undone as usize
    }

    /// Starts the next set.
    pub fn next_set(&self, event: u64) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        if !self.game.between_sets() {
            return Err(Failure::new(
                Code::NotBetweenSets,
                novuss_core::play::game::GameError::SetNotOver.to_string(),
            ));
        }
        Ok(Change {
            happened: Happened::NextSet,
            summary: self.summary(),
            over: false,
            step: Step::NextSet,
        })
    }

    /// The player at `seat` resigns the match. Only a person resigns: a
    /// computer plays on.
    pub fn resign(&self, event: u64, seat: Seat) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        let progress = self.game.progress();
        let Some(player) = progress.player_at(seat) else {
            return Err(Failure::new(
                Code::CannotResign,
                format!("nobody plays from the {seat} seat"),
            ));
        };
        if self.controller(seat) != Controller::Human {
            return Err(Failure::new(
                Code::ComputerSeat,
                format!("{seat} is played by the computer"),
            ));
        }
        // Checked on a copy of the match: the room moves only once stored.
        let mut after = progress.clone();
        after
            .resign(player)
            .map_err(|e| Failure::new(Code::CannotResign, e.to_string()))?;
        Ok(Change {
            happened: Happened::Resign { seat },
            summary: Summary::new(&after, self.strokes),
            over: true,
            step: Step::Resign { seat, player },
        })
    }

    /// The player at `seat` calls the match off: only a person, and only
    /// before every side has stroked in the first set.
    pub fn abort(&self, event: u64, seat: Seat) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        if self.game.progress().player_at(seat).is_none()
            || self.controller(seat) != Controller::Human
        {
            return Err(Failure::new(
                Code::CannotAbort,
                format!("nobody at the {seat} seat can abort: it is not a person's"),
            ));
        }
        if !self.setup.may_be_called_off() {
            return Err(Failure::new(
                Code::CannotAbort,
                "a competition's game is not called off: its result is the board's (resign instead)",
            ));
        }
        if !self.game.can_abort() {
            return Err(Failure::new(
                Code::CannotAbort,
                novuss_core::play::match_play::MatchError::TooLateToAbort.to_string(),
            ));
        }
        let mut after = self.game.progress().clone();
        after
            .abort()
            .map_err(|e| Failure::new(Code::CannotAbort, e.to_string()))?;
        Ok(Change {
            happened: Happened::Abort { seat },
            summary: Summary::new(&after, self.strokes),
            over: true,
            step: Step::Abort { seat },
        })
    }
}
