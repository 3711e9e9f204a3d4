//! Forgetting a person at their request (issue 34, "People's data is
//! theirs"; docs/privacy.md, "Deleting your account"). The games they
//! were playing against other people end first, as if they had left
//! them: an unaccepted challenge or invitation is called off, a match
//! under way resigned. Then the store forgets them in one transaction
//! (`store/forget.rs`), and every server drops what it held of them in
//! memory: sessions, the names on their seats, their chat lines. The
//! competitions they were entered in are read again by the desk that
//! holds them (`net/accounts.rs` here; other servers on the store's
//! notices).

use std::sync::Arc;

use novuss_core::PlayerId;

use super::Hub;
use crate::error::Failure;
use crate::game::room::Play;
use crate::game::setup::Setup;
use crate::ids::{GameId, PersonId};
use crate::people::seats::Holder;
use crate::store::{Forget, Forgotten};

impl Hub {
    /// Forgets `person`, who asked for it: `None` if there is no such
    /// person, or they were forgotten already.
    pub async fn forget(self: &Arc<Self>, person: &PersonId) -> Result<Option<Forgotten>, Failure> {
        for game in self.store.held_games(person).await? {
            if !game.over {
                self.leave_before_forgetting(&game.id, person).await;
            }
        }
        // Read again: the games just left are over now. The names typed
        // in the new-game form go with the name the person chose.
        let mut setups: Vec<(GameId, String)> = Vec::new();
        for game in self.store.held_games(person).await? {
            let Ok(mut setup) = serde_json::from_str::<Setup>(&game.setup) else {
                tracing::warn!(game = %game.id, "a set-up that cannot be read keeps its names");
                continue;
            };
            if setup.forget_names(&game.players) {
                match serde_json::to_string(&setup) {
                    Ok(text) => setups.push((game.id, text)),
                    Err(e) => tracing::warn!(game = %game.id, "a set-up could not be written: {e}"),
                }
            }
        }
        let forget = Forget {
            person,
            at: crate::store::now(),
            setups: &setups,
        };
        let Some(forgotten) = self.store.forget_person(&forget).await? else {
            return Ok(None);
        };
        self.people().forget(&forgotten.sessions);
        self.forgotten(person).await;
        if !forgotten.competitions.is_empty() {
            // The real-table list names players as their entries did:
            // rebuilt, it has their results under their person alone.
            // A failure leaves the name there until the list is next
            // rebuilt (a rated competition finishing, or `novuss ratings
            // recompute --write`).
            if let Err(e) = crate::table_ratings::rate_all(&self.store).await {
                tracing::error!(%person, "the real-table ratings could not be rebuilt without their name: {e}");
            }
        }
        tracing::info!(%person, games = setups.len(), chats = forgotten.chats.len(), competitions = forgotten.competitions.len(), "a person forgotten at their request");
        Ok(Some(forgotten))
    }

    /// `person` was forgotten, here or on another server (stored already):
    /// the games in memory drop their name and their chat lines and tell
    /// their clients, and their sessions held here end.
    pub async fn forgotten(&self, person: &PersonId) {
        self.people().forget_person(person);
        for (_, shared) in self.all_loaded() {
            let mut room = shared.lock().await;
            if room.forget(person) {
                let message = room.seats_message();
                room.announce(message);
            }
            room.chat_mut().forget(person);
        }
    }

    /// `person` leaves game `id` before being forgotten, if it is one
    /// between people still going on: a game that still waits for a
    /// person (a challenge nobody accepted, an invitation not taken) is
    /// called off from their seat, one under way resigned. A game against
    /// the computer, or hot-seat at one screen, waits for nobody and is
    /// left as it is. What cannot be done is logged, and the game goes on
    /// by its clock and absence rules.
    async fn leave_before_forgetting(self: &Arc<Self>, id: &GameId, person: &PersonId) {
        let plan = async {
            let shared = self.room(id).await?;
            let room = shared.lock().await;
            if room.game().is_over() || !room.seats().between_people() {
                return Ok(None);
            }
            let theirs = Holder::Person(person.clone());
            let seat = room
                .seats()
                .holders()
                .iter()
                .position(|h| *h == theirs)
                .and_then(|k| room.game().progress().seat_of(PlayerId(k)));
            let Some(seat) = seat else {
                return Ok(None);
            };
            let event = room.event();
            Ok::<_, Failure>(Some(match room.seats().waiting() {
                true => Play::Abort { event, seat },
                false => Play::Resign { event, seat },
            }))
        };
        let done = match plan.await {
            Ok(Some(play)) => self.play(id, Some(person), play).await,
            Ok(None) => Ok(()),
            Err(f) => Err(f),
        };
        if let Err(f) = done {
            tracing::warn!(game = %id, %person, "a game could not be left before forgetting: {}", f.detail);
        }
    }
}
