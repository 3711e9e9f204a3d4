//! What one side offers the other between people (a take-back, a rematch)
//! as the room keeps it.

use super::*;

impl Room {
    /// The offer waiting for an answer.
    pub fn offer(&self) -> Option<Offer> {
        self.offer
    }

    /// The `offer` message of the waiting offer, if any.
    pub fn offer_message(&self) -> Option<Arc<str>> {
        self.offer.map(|offer| {
            Notice::Offer {
                offer,
                may: self.may(),
            }
            .text()
        })
    }

    /// Checks that the player at `seat` may offer `kind` now (who may offer
    /// is the policy's: [`Room::ask`]), and makes the offer; it is kept
    /// once told.
    pub fn make_offer(&self, event: u64, seat: Seat, kind: OfferKind) -> Result<Offer, Failure> {
        let cannot = |why: &str| Err(Failure::new(Code::CannotOffer, why.to_owned()));
        if self.offer.is_some() {
            return cannot("an offer waits for its answer");
        }
        let Some(player) = self.game.progress().player_at(seat) else {
            return cannot("nobody plays from that seat");
        };
        match kind {
            OfferKind::TakeBack => {
                self.fresh(event)?;
                if self.game.is_over() || self.game.between_sets() {
                    return cannot("a stroke is taken back while its set is played");
                }
                // Only the offerer's own last stroke: the opponent's
                // answer is about that one stroke.
                let last = self.acts.len().checked_sub(1);
                match (last, self.acts.last()) {
                    (Some(k), Some(Act::Stroke { seat: s, .. }))
                        if *s == seat && self.last_human == Some(k) => {}
                    _ => {
                        return Err(Failure::new(
                            Code::NothingToTakeBack,
                            "only the last stroke, by the player who asks",
                        ))
                    }
                }
            }
            OfferKind::Rematch => {
                if self.seats.waiting() {
                    return cannot("a rematch needs every person's seat taken");
                }
                if !self.game.is_over() || self.abandoned {
                    return cannot("a rematch is offered once the match is over");
                }
                if self.rematch.is_some() {
                    return cannot("the rematch has been made");
                }
                if self.rematch_declined {
                    return Err(Failure::new(
                        Code::RematchDeclined,
                        "the other side declined a rematch of this game",
                    ));
                }
            }
        }
        Ok(Offer {
            kind,
            player,
            seat,
            event: self.event,
        })
    }

    /// Keeps an offer made.
    pub fn keep_offer(&mut self, offer: Offer) {
        self.offer = Some(offer);
    }

    /// The waiting offer of `kind`, if `person` may answer it: a holder
    /// of a seat on the other side from the offerer.
    pub fn offer_to_answer(
        &self,
        person: Option<&PersonId>,
        kind: OfferKind,
    ) -> Result<Offer, Failure> {
        let Some(offer) = self.offer.filter(|o| o.kind == kind) else {
            return Err(Failure::new(Code::NoOffer, "no such offer waits"));
        };
        let progress = self.game.progress();
        let theirs = progress.contender_of(offer.player);
        let other_side = (0..self.setup.controllers.len())
            .map(PlayerId)
            .filter(|&p| progress.contender_of(p) != theirs);
        policy::decide(
            Actor::answering(&self.seats, person, other_side),
            Action::Answer(kind),
            &self.situation(),
        )?;
        Ok(offer)
    }

    /// The offer was declined.
    pub fn decline(&mut self, kind: OfferKind) {
        self.offer = None;
        if kind == OfferKind::Rematch {
            self.rematch_declined = true;
        }
    }

    /// The rematch was made: game `id`.
    pub fn rematched(&mut self, id: String) {
        self.offer = None;
        self.rematch = Some(id);
    }

    /// The rematch made, if one was.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }
}
