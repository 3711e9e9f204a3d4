//! What the policy is told of this game, and what it answers for it
//! ([`crate::policy`]): who may ask what, and what each client may do now.

use super::*;

impl Room {
    /// May `who` ask `action` about the player at `seat` (`None`: about
    /// the whole game)? The one policy answers ([`crate::policy`]); a seat
    /// nobody plays from is the whole game's, and the match then answers
    /// why not (`cannot_resign`, `cannot_abort`).
    pub fn ask(
        &self,
        who: Option<&PersonId>,
        seat: Option<Seat>,
        action: Action,
    ) -> Result<(), Failure> {
        let player = seat.and_then(|s| self.game.progress().player_at(s));
        policy::decide(
            Actor::toward(&self.seats, who, player),
            action,
            &self.situation(),
        )
    }

    /// [`Room::ask`] for a request about the whole game by someone who
    /// did or did not create it.
    pub fn ask_as_creator(
        &self,
        who: Option<&PersonId>,
        creator: bool,
        action: Action,
    ) -> Result<(), Failure> {
        policy::decide(
            Actor::toward(&self.seats, who, None).created(creator),
            action,
            &self.situation(),
        )
    }

    /// The game as the policy sees it.
    pub fn situation(&self) -> Situation {
        let progress = self.game.progress();
        let n = self.setup.controllers.len();
        let last_stroke_by = match (self.acts.len().checked_sub(1), self.acts.last()) {
            (Some(k), Some(Act::Stroke { seat, .. })) if self.last_human == Some(k) => {
                progress.player_at(*seat)
            }
            _ => None,
        };
        Situation {
            casual: self.setup.casual,
            rated: self.setup.rated,
            between_people: self.seats.between_people(),
            seats_open: self.seats.waiting(),
            match_over: self.game.is_over(),
            abandoned: self.abandoned,
            now: Moment {
                seats: self
                    .setup
                    .controllers
                    .iter()
                    .map(|c| match c {
                        Controller::Human => SeatKind::Person,
                        Controller::Computer(_) => SeatKind::Computer,
                    })
                    .collect(),
                sides: (0..n)
                    .map(|k| progress.contender_of(PlayerId(k)).0)
                    .collect(),
                to_play: self.in_play().map(|(_, p)| p),
                between_sets: self.game.between_sets() && !self.game.is_over(),
                take_back: self.can_take_back(),
                last_stroke_by,
                abortable: self.game.can_abort() && self.setup.may_be_called_off(),
                offer: self.offer.map(|o| (o.kind, o.player)),
                rematch_settled: self.rematch.is_some() || self.rematch_declined,
            },
        }
    }

    /// What each client of the game may do now.
    pub fn may(&self) -> May {
        policy::may(&self.situation())
    }
}
