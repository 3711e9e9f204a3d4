//! Time in the game: the stroke clock, an absent player's grace and the
//! claims after it, time-outs and abandonment, and what is due next.

use super::*;

impl Room {
    /// Sets when the turn in play began (ms since 1970), as stored.
    pub fn set_turn_at(&mut self, at: i64) {
        self.turn_at = at;
        self.timer_wake.notify_one();
    }

    /// When the turn in play began, ms since 1970.
    pub fn turn_at(&self) -> i64 {
        self.turn_at
    }

    /// Whether the game was abandoned.
    pub fn abandoned(&self) -> bool {
        self.abandoned
    }

    /// The seat to stroke and its player, while a set is being played
    /// with every seat taken.
    pub(super) fn in_play(&self) -> Option<(Seat, PlayerId)> {
        let set = self.game.set();
        if set.is_over() || self.game.is_over() || self.abandoned || self.seats.waiting() {
            return None;
        }
        let seat = set.seat_to_play();
        Some((seat, self.game.progress().player_at(seat)?))
    }

    /// The seat to stroke and when its stroke clock runs out (ms since
    /// 1970), if the game has a clock and a person is to stroke.
    pub fn stroke_deadline(&self) -> Option<(Seat, i64)> {
        let clock = i64::from(self.setup.stroke_clock?);
        let (seat, _) = self.in_play()?;
        (self.controller(seat) == Controller::Human).then_some((seat, self.turn_at + clock * 1000))
    }

    /// A player of the set in play who is away from a game between
    /// people: their seat, and when their opponent may claim (ms since
    /// 1970). The player to stroke first, if they are away; otherwise
    /// another, so that their opponent sees the absence go on through
    /// the turns between (a claim is made on the absent player's turn).
    ///
    /// The time away counts from when they left (or from when this server
    /// loaded the game, if it never saw them), not from the turn: a
    /// player whose stroke clock ran out while away is still as long
    /// away when their turn comes round again, as lichess counts the
    /// disconnection, not the move (issue 31).
    pub fn absence(&self, timing: &Timing) -> Option<AbsentTimer> {
        if !self.seats.between_people() {
            return None;
        }
        let (to_play, _) = self.in_play()?;
        let set = self.game.set();
        let progress = self.game.progress();
        let mut seats =
            std::iter::once(to_play).chain(set.seats().iter().copied().filter(|&s| s != to_play));
        seats.find_map(|seat| {
            let player = progress.player_at(seat)?;
            let Some(crate::people::seats::Holder::Person(person)) = self.seats.holder(player)
            else {
                return None;
            };
            if self.seats.connected(person) {
                return None;
            }
            let gone = self.seats.gone(person);
            let since = self.loaded_at.max(gone.map_or(0, |g| g.at));
            let bye = gone.is_some_and(|g| g.bye);
            Some(AbsentTimer {
                seat,
                player,
                claim_in_ms: since + timing.grace_ms(bye),
                bye,
            })
        })
    }

    /// The clocks now (`now`, ms since 1970), for clients: times relative
    /// to `now`.
    pub fn timers(&self, now: i64, timing: &Timing) -> Timers {
        Timers {
            event: self.event,
            stroke: self.stroke_deadline().map(|(seat, at)| StrokeTimer {
                seat,
                left_ms: (at - now).max(0),
            }),
            absent: self.absence(timing).map(|a| AbsentTimer {
                claim_in_ms: (a.claim_in_ms - now).max(0),
                ..a
            }),
        }
    }

    /// The `timers` message, or none if the game has no clock running
    /// and nobody is away.
    pub fn timers_message(&self, now: i64, timing: &Timing) -> Option<Arc<str>> {
        let timers = self.timers(now, timing);
        let clocks = self.setup.stroke_clock.is_some() || self.seats.between_people();
        clocks.then(|| Notice::Timers { timers }.text())
    }

    /// Claims the clocks' task for this room: `false` if one runs.
    pub fn claim_timer(&mut self) -> bool {
        !std::mem::replace(&mut self.timer, true)
    }

    /// Ends the clocks' task; under the same lock as the look that found
    /// nothing to wait for.
    pub fn release_timer(&mut self) {
        self.timer = false;
    }

    /// Woken whenever the clocks may have changed.
    pub fn timer_wake(&self) -> Arc<tokio::sync::Notify> {
        self.timer_wake.clone()
    }

    /// A call worked out on a copy of the game: `act` played on it.
    pub(super) fn called(
        &self,
        happened: Happened,
        act: Act,
        call: Call,
        seat: Seat,
        by: Option<Seat>,
    ) -> Result<Change, Failure> {
        let mut game = self.game.clone();
        let player = game.progress().player_at(seat);
        let verdict = match &act {
            Act::Conduct(c) => Some(Box::new(game.conduct(c).map_err(|r| {
                let code = match r {
                    novuss_core::rules::referee::Refusal::SetOver => Code::SetOver,
                    _ => Code::CannotClaim,
                };
                Failure::new(code, r.to_string())
            })?)),
            Act::Resign { seat } => {
                game.resign(*seat)
                    .map_err(|e| Failure::new(Code::CannotClaim, e.to_string()))?;
                None
            }
            _ => None,
        };
        let over = game.is_over() || matches!(act, Act::Abandon);
        let mut summary = Summary::new(game.progress(), self.strokes);
        summary.abandoned = matches!(act, Act::Abandon);
        Ok(Change {
            happened,
            summary,
            over,
            step: Step::Called {
                game: Box::new(game),
                act,
                call,
                seat,
                by,
                player,
                verdict,
            },
        })
    }

    /// The stroke clock ran out for the player at `seat` (`now`: checked
    /// against the clock; `None` for a stored time-out being loaded): a
    /// refused stroke, `000` 3.6.15.
    pub fn time_out(&self, event: u64, seat: Seat, now: Option<i64>) -> Result<Change, Failure> {
        self.fresh(event)?;
        if let Some(now) = now {
            match self.stroke_deadline() {
                Some((s, at)) if s == seat && at <= now => {}
                _ => {
                    return Err(Failure::new(
                        Code::TooEarly,
                        format!("the stroke clock of {seat} has not run out"),
                    ))
                }
            }
        }
        self.called(
            Happened::TimeOut { seat },
            Act::Conduct(novuss_core::rules::referee::Conduct::RefusedStroke),
            Call::TimeOut,
            seat,
            None,
        )
    }

    /// The player at `seat` claims `what` from the player at `absent`
    /// (`now` and the server's timing: checked against the grace; `None`
    /// for a stored claim being loaded).
    pub fn claim(
        &self,
        event: u64,
        seat: Seat,
        absent: Seat,
        what: Claimed,
        now: Option<(i64, &Timing)>,
    ) -> Result<Change, Failure> {
        self.fresh(event)?;
        let set = self.game.set();
        let (Some(mine), Some(theirs)) = (set.side_of(seat), set.side_of(absent)) else {
            return Err(Failure::new(
                Code::CannotClaim,
                "only a player of the set in play claims, from another",
            ));
        };
        if mine == theirs {
            return Err(Failure::new(
                Code::CannotClaim,
                "a claim is made from an opponent, not a partner",
            ));
        }
        if let Some((now, timing)) = now {
            let their_turn = self.in_play().is_some_and(|(s, _)| s == absent);
            match self.absence(timing) {
                Some(a) if a.seat == absent && !their_turn => {
                    return Err(Failure::new(
                        Code::TooEarly,
                        format!("{absent} is away, but a claim is made on their turn"),
                    ))
                }
                Some(a) if a.seat == absent && a.claim_in_ms <= now => {}
                Some(a) if a.seat == absent => {
                    return Err(Failure::new(
                        Code::TooEarly,
                        format!("{absent} may come back for {} ms more", a.claim_in_ms - now),
                    ))
                }
                _ => {
                    return Err(Failure::new(
                        Code::TooEarly,
                        format!("{absent} is not away on their turn"),
                    ))
                }
            }
        }
        let call = match what {
            Claimed::Set => Call::ClaimedSet,
            Claimed::Match => Call::ClaimedMatch,
        };
        self.called(
            Happened::Claim { seat, absent, what },
            what.act(absent),
            call,
            absent,
            Some(seat),
        )
    }

    /// Ends a game nobody touched for the abandonment period, without a
    /// result.
    pub fn abandon(&self, event: u64) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        let seat = self.game.set().seat_to_play();
        self.called(Happened::Abandon, Act::Abandon, Call::Abandoned, seat, None)
    }

    /// The computer's stroke, if one is due.
    pub fn due(&self) -> Option<Due> {
        let set = self.game.set();
        // The game begins when every invited person has taken their seat.
        if set.is_over() || self.game.is_over() || self.seats.waiting() || self.abandoned {
            return None;
        }
        let seat = set.seat_to_play();
        let player = self.game.progress().player_at(seat)?;
        let Controller::Computer(level) = self.setup.controllers.get(player.index()).copied()?
        else {
            return None;
        };
        Some(Due {
            event: self.event,
            seat,
            player,
            level,
            set: set.clone(),
            seed: seed(self.id.as_str(), self.event),
        })
    }
}
