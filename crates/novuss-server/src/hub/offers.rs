//! The hub's side of offers between people (see `crate::offers`): making
//! one, and the other side's answer; an accepted take-back is stored as
//! its event, an accepted rematch as a new game with the seats swapped.

use std::sync::Arc;

use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use tokio::sync::{Mutex, OnceCell};

use super::{live, Hub};
use crate::error::{Code, Failure};
use crate::game::room::Room;
use crate::game::setup::GameOrigin;
use crate::ids::GameId;
use crate::ids::PersonId;
use crate::offers::{rematch_order, OfferKind};
use crate::people::seats::Holder;
use crate::policy::Action;
use crate::store::{NewRow, SeatRow};
use crate::wire::ws_out::Notice;

impl Hub {
    /// The player at `seat` (its holder only) offers `kind` to the other
    /// side; everyone at the game is told.
    pub async fn offer(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
        event: u64,
        seat: Seat,
        kind: OfferKind,
    ) -> Result<(), Failure> {
        let shared = self.room(id).await?;
        let mut room = live(&shared).await?;
        room.ask(who, Some(seat), Action::Offer(kind))?;
        let offer = room.make_offer(event, seat, kind)?;
        room.keep_offer(offer);
        if let Some(m) = room.offer_message() {
            room.announce(m);
        }
        Ok(())
    }

    /// A player of the other side answers the waiting offer of `kind`.
    pub async fn answer(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
        kind: OfferKind,
        accept: bool,
    ) -> Result<(), Failure> {
        let shared = self.room(id).await?;
        let mut room = live(&shared).await?;
        let offer = room.offer_to_answer(who, kind)?;
        if !accept {
            room.decline(kind);
            let answered = Notice::Answered {
                kind,
                accepted: false,
                may: room.may(),
            }
            .text();
            room.announce(answered);
            return Ok(());
        }
        match kind {
            OfferKind::TakeBack => {
                drop(room);
                // Checked again under the lock that stores it: an event
                // meanwhile cleared the offer.
                self.change(id, who, |room| {
                    room.offer_to_answer(who, kind)?;
                    room.take_back(offer.event)
                })
                .await
            }
            OfferKind::Rematch => {
                let new = self.create_rematch(&room).await?;
                tracing::info!(game = %room.id(), rematch = %new, "rematch");
                room.rematched(new.to_string());
                room.announce(Notice::Rematch { id: new.as_str() }.text());
                Ok(())
            }
        }
    }

    /// Stores the rematch of `old`: the same match, each person in the
    /// seat [`rematch_order`] gives them. It is private: its players come
    /// to it from the old game, and so may whoever watched that one.
    async fn create_rematch(self: &Arc<Self>, old: &Room) -> Result<GameId, Failure> {
        let was = old.setup();
        let order = rematch_order(was.config.format, was.controllers.len());
        let mut setup = was.clone();
        setup.config.players = order
            .iter()
            .map(|&k| was.config.players[k].clone())
            .collect();
        setup.controllers = order.iter().map(|&k| was.controllers[k]).collect();
        setup.origin = GameOrigin::Played;
        setup.start = None;
        let mut rows = Vec::new();
        for (j, &k) in order.iter().enumerate() {
            match old.seats().holder(PlayerId(k)) {
                Some(Holder::Person(p)) => rows.push(SeatRow {
                    player: PlayerId(j),
                    person: Some(p.clone()),
                    invite_hash: None,
                }),
                Some(Holder::Computer) | None => {}
                Some(Holder::Open | Holder::Unclaimed) => {
                    return Err(Failure::new(
                        Code::CannotOffer,
                        "a rematch needs every person's seat taken",
                    ))
                }
            }
        }
        let id = GameId::random();
        let body = serde_json::to_string(&setup)
            .map_err(|e| Failure::internal("a set-up could not be written", &e))?;
        let created = crate::store::now();
        let seats = self.seats_of(&setup.controllers, &rows).await?;
        let mut room = Room::new(id.clone(), created, setup)
            .map_err(|e| Failure::internal("a rematch could not be set up", &e))?;
        *room.seats_mut() = seats;
        let summary = room.summary().json()?;
        self.store
            .create(&NewRow {
                id: &id,
                created,
                setup: &body,
                summary: &summary,
                public: false,
                seats: &rows,
            })
            .await?;
        if room.due().is_some() {
            let shared = Arc::new(Mutex::new(room));
            self.rooms().insert(
                id.clone(),
                Arc::new(OnceCell::new_with(Some(Ok(shared.clone())))),
            );
            self.wake(shared);
        }
        Ok(id)
    }
}
