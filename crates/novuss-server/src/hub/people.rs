//! The hub's side of who is who: creating a game with its seats, taking
//! an invited seat, and a player's presence (docs/protocol.md, "Seats").

use std::sync::Arc;

use novuss_core::PlayerId;
use tokio::sync::{Mutex, OnceCell};

use super::Hub;
use crate::error::{Code, Failure};
use crate::game::room::Room;
use crate::game::setup::{Controller, NewGame, PlayerSpec};
use crate::ids::GameId;
use crate::ids::{PersonId, Secret};
use crate::people::identity::People;
use crate::people::seats::{SeatRating, Seats};
use crate::policy::Action;
use crate::ratings::{established, standing};
use crate::store::{Joined, NewRow, SeatRow, Shown};
use crate::wire::http::games::{Created, Invite};

impl Hub {
    /// Who is who.
    pub fn people(&self) -> &Arc<People> {
        &self.people
    }

    /// Creates a game whose seats at this screen are `creator`'s and whose
    /// invited seats wait for their links; the computer starts if it
    /// opens. A game whose first stroke is a person's is only stored: it
    /// is loaded when somebody opens it, so games nobody joins cost no
    /// memory.
    pub async fn create(
        self: &Arc<Self>,
        new: &NewGame,
        creator: &PersonId,
    ) -> Result<Created, Failure> {
        let setup = new
            .setup()
            .map_err(|e| Failure::new(Code::BadSetup, e.to_string()))?;
        if setup.rated {
            crate::policy::may_play_rated(&self.store.standing(creator).await?)?;
        }
        // The names typed in the new-game form, against the word list.
        for name in setup.config.players.iter().flatten() {
            self.words().check(name, "a player's name")?;
        }
        let mut rows = Vec::new();
        let mut invites = Vec::new();
        for (k, p) in new.players.iter().enumerate() {
            let PlayerSpec::Human { invite, .. } = p else {
                continue;
            };
            let player = PlayerId(k);
            if *invite {
                let secret = Secret::random();
                rows.push(SeatRow {
                    player,
                    person: None,
                    invite_hash: Some(secret.hash()),
                });
                invites.push(Invite {
                    player: k as u32,
                    invite: secret.reveal().to_owned(),
                });
            } else {
                rows.push(SeatRow {
                    player,
                    person: Some(creator.clone()),
                    invite_hash: None,
                });
            }
        }
        self.name_creator(&setup, &rows, creator).await?;
        self.store_new(new, setup, rows, invites, GameId::random())
            .await
    }

    /// Creates game `id` of `new` whose person's seats are held, in order,
    /// by `holders` from the start (a competition's pairing: nobody else
    /// may take them, and nobody is invited).
    pub async fn create_for(
        self: &Arc<Self>,
        id: GameId,
        new: &NewGame,
        holders: &[PersonId],
    ) -> Result<Created, Failure> {
        let mut setup = new
            .setup()
            .map_err(|e| Failure::new(Code::BadSetup, e.to_string()))?;
        setup.origin = crate::game::setup::GameOrigin::Competition;
        let rows: Vec<SeatRow> = holders
            .iter()
            .enumerate()
            .map(|(k, person)| SeatRow {
                player: PlayerId(k),
                person: Some(person.clone()),
                invite_hash: None,
            })
            .collect();
        self.store_new(new, setup, rows, Vec::new(), id).await
    }

    /// Stores a new game `id` of `setup` with its seats, and starts the
    /// computer if it opens.
    async fn store_new(
        self: &Arc<Self>,
        new: &NewGame,
        setup: crate::game::setup::Setup,
        rows: Vec<SeatRow>,
        invites: Vec<Invite>,
        id: GameId,
    ) -> Result<Created, Failure> {
        let body = serde_json::to_string(&setup)
            .map_err(|e| Failure::internal("a set-up could not be written", &e))?;
        let created = crate::store::now();
        let seats = self.seats_of(&setup.controllers, &rows).await?;
        let mut room = Room::new(id.clone(), created, setup)
            .map_err(|e| Failure::new(Code::BadSetup, e.to_string()))?;
        *room.seats_mut() = seats;
        self.rate_seats(&mut room).await;
        let summary = room.summary().json()?;
        self.store
            .create(&NewRow {
                id: &id,
                created,
                setup: &body,
                summary: &summary,
                public: new.public,
                seats: &rows,
            })
            .await?;
        let state = room.state();
        tracing::info!(game = %id, invited = invites.len(), "new game");
        if room.due().is_some() {
            let shared = Arc::new(Mutex::new(room));
            self.rooms().insert(
                id.clone(),
                Arc::new(OnceCell::new_with(Some(Ok(shared.clone())))),
            );
            self.wake(shared);
        }
        Ok(Created { id, state, invites })
    }

    /// The seats of a game with `controllers` and stored `rows`, with the
    /// holders' names.
    pub(super) async fn seats_of(
        &self,
        controllers: &[Controller],
        rows: &[SeatRow],
    ) -> Result<Seats, Failure> {
        let names = self.names_of(rows).await?;
        Ok(Seats::new(controllers.iter().map(Controller::is_computer), rows).with_names(names))
    }

    /// The name typed in the new-game form for the one seat its creator
    /// holds is the name they go by from now on, everywhere (issue 31,
    /// "Names": one name per person, changeable). One who holds every seat
    /// at one screen names each seat instead, and keeps their own name.
    async fn name_creator(
        &self,
        setup: &crate::game::setup::Setup,
        rows: &[SeatRow],
        creator: &PersonId,
    ) -> Result<(), Failure> {
        let mut own = rows.iter().filter(|r| r.person.as_ref() == Some(creator));
        let (Some(seat), None) = (own.next(), own.next()) else {
            return Ok(());
        };
        let Some(Some(typed)) = setup.config.players.get(seat.player.index()) else {
            return Ok(());
        };
        if self.store.person_name(creator).await?.flatten().as_ref() == Some(typed) {
            return Ok(());
        }
        self.store.set_person_name(creator, Some(typed)).await?;
        self.renamed(creator, Some(typed.clone())).await;
        Ok(())
    }

    /// How the people holding `rows` are named.
    pub(super) async fn names_of(
        &self,
        rows: &[SeatRow],
    ) -> Result<Vec<(PersonId, Shown)>, Failure> {
        let mut names: Vec<(PersonId, Shown)> = Vec::new();
        for p in rows.iter().filter_map(|r| r.person.as_ref()) {
            if names.iter().any(|(q, _)| q == p) {
                continue;
            }
            let shown = self.store.person_shown(p).await?;
            names.push((p.clone(), shown.unwrap_or_default()));
        }
        Ok(names)
    }

    /// In a rated game, gives each seat's holder their rating in the
    /// game's format: once the match is rated, the rating it started from
    /// and the change; before, their rating as it stands now. A game
    /// shows as well without them, so a store that cannot be read now
    /// leaves the seats as they were (and says so in the log).
    pub(super) async fn rate_seats(&self, room: &mut Room) {
        if !room.setup().rated {
            return;
        }
        let format = room.setup().config.format;
        let id = room.id().clone();
        let read = async {
            let changes = self.store.game_changes(&id).await?;
            let mut out = Vec::new();
            for person in room.seats().people() {
                let rating = match changes.iter().find(|(c, _)| c.person == person) {
                    Some((c, before)) => SeatRating {
                        rating: c.before.rating.round() as i64,
                        provisional: !established(&c.before, *before),
                        change: Some(
                            c.after.rating.round() as i64 - c.before.rating.round() as i64,
                        ),
                    },
                    None => {
                        let current = self.store.ratings_of(&person).await?;
                        let current = current.iter().find(|c| c.format == format);
                        let r = standing(current, crate::store::now());
                        SeatRating {
                            rating: r.rating.round() as i64,
                            provisional: !established(&r, current.map_or(0, |c| c.games)),
                            change: None,
                        }
                    }
                };
                out.push((person, rating));
            }
            Ok::<_, crate::store::StoreError>(out)
        };
        match read.await {
            Ok(ratings) => {
                for (person, rating) in ratings {
                    room.seats_mut().rate(&person, rating);
                }
            }
            Err(e) => tracing::warn!(game = %id, "the seats' ratings could not be read: {e}"),
        }
    }

    /// A game stored before there were people has no holders: whoever
    /// acts in it first holds every person's seat, as its creator did.
    pub(super) async fn claim_old(
        &self,
        room: &mut Room,
        person: &PersonId,
    ) -> Result<(), Failure> {
        let Some(players) = room.seats().unclaimed() else {
            return Ok(());
        };
        let claimed = self.store.claim(room.id(), &players, person).await?;
        if claimed {
            tracing::info!(game = %room.id(), %person, "an old game's seats claimed");
            room.seats_mut().claim(person);
            let name = self.store.person_name(person).await?;
            room.seats_mut().name(person, name.flatten());
        }
        Ok(())
    }

    /// `person` opens the invitation `invite` to a seat of game `id`: the
    /// seat is theirs if nobody took it first. Returns the player.
    pub async fn join(
        self: &Arc<Self>,
        id: &GameId,
        invite: &str,
        visitor: &crate::people::identity::Visitor,
    ) -> Result<(PlayerId, PersonId, Option<axum::http::HeaderValue>), Failure> {
        let unknown = || {
            Failure::new(
                Code::UnknownInvite,
                "no seat has that invitation: ask for a new link",
            )
        };
        let Some(secret) = Secret::parse(invite) else {
            return Err(unknown());
        };
        // Checked before the visitor is made a person for it: a refused
        // link stores nothing.
        let found = self.store.invite(&secret.hash()).await?;
        let invitation = match found {
            Some(i) if i.game == *id => i,
            _ => return Err(unknown()),
        };
        if let Some(holder) = &invitation.holder {
            if visitor.person.as_ref() != Some(holder) {
                return Err(Failure::new(
                    Code::SeatTaken,
                    "somebody took that seat first: you may watch the game",
                ));
            }
        }
        // An invitation from someone who blocked the visitor, or whom they
        // blocked, is not taken: its creator holds their seats without one.
        if let (Some(p), Some(creator)) = (&visitor.person, &invitation.creator) {
            if creator != p {
                crate::policy::may_meet(self.store.kept_apart(p, creator).await?)?;
            }
        }
        // A banned person takes no seat of a rated game.
        if let Some(p) = &visitor.person {
            let standing = self.store.standing(p).await?;
            if standing.banned {
                let rated = self
                    .store
                    .game(id)
                    .await?
                    .and_then(|row| {
                        serde_json::from_str::<crate::game::setup::Setup>(&row.setup).ok()
                    })
                    .is_some_and(|setup| setup.rated);
                if rated {
                    crate::policy::may_play_rated(&standing)?;
                }
            }
        }
        let (person, cookie) = self.people.ensure(visitor).await?;
        let person = &person;
        let at = crate::game::clock::now_ms();
        let joined = self.store.join(&secret.hash(), person, at).await?;
        let (game, player, fresh) = match joined {
            Joined::Seated { game, player } => (game, player, true),
            Joined::AlreadyYours { game, player } => (game, player, false),
            Joined::Taken { game } if game == *id => {
                return Err(Failure::new(
                    Code::SeatTaken,
                    "somebody took that seat first: you may watch the game",
                ))
            }
            Joined::AlreadySeated { game } if game == *id => {
                return Err(Failure::new(
                    Code::AlreadySeated,
                    "you hold another seat of this game: an invitation is for someone else",
                ))
            }
            Joined::Taken { .. } | Joined::AlreadySeated { .. } | Joined::Unknown => {
                return Err(unknown())
            }
        };
        if game != *id {
            return Err(unknown());
        }
        if fresh {
            tracing::info!(game = %id, player = player.index(), %person, "an invited seat taken");
            self.seated(id, player, person, at).await?;
        }
        Ok((player, person.clone(), cookie))
    }

    /// `person` took player `player`'s seat of game `id` at `at` (ms since
    /// 1970), as stored: a room in memory learns of its new holder (one
    /// that is not reads the seats when it loads).
    pub(super) async fn seated(
        self: &Arc<Self>,
        id: &GameId,
        player: PlayerId,
        person: &PersonId,
        at: i64,
    ) -> Result<(), Failure> {
        let loaded = self.loaded(id);
        let Some(shared) = loaded else {
            return Ok(());
        };
        let name = self.store.person_name(person).await?;
        let mut room = shared.lock().await;
        room.seats_mut().seat(player, person);
        room.seats_mut().name(person, name.flatten());
        self.rate_seats(&mut room).await;
        room.set_turn_at(at);
        let message = room.seats_message();
        room.announce(message);
        self.announce_timers(&room);
        drop(room);
        // The last seat taken: a computer to open plays now, and the
        // stroke clock starts.
        self.wake(shared.clone());
        self.tick(shared);
        Ok(())
    }

    /// New invitations for the seats of game `id` nobody holds yet, for
    /// one of its players: the old links stop working.
    pub async fn reinvite(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
    ) -> Result<Vec<Invite>, Failure> {
        let shared = self.room(id).await?;
        let open: Vec<PlayerId> = {
            let room = shared.lock().await;
            room.ask(who, None, Action::NewLinks)?;
            room.seats()
                .holders()
                .iter()
                .enumerate()
                .filter(|(_, h)| **h == crate::people::seats::Holder::Open)
                .map(|(k, _)| PlayerId(k))
                .collect()
        };
        let mut invites = Vec::new();
        for player in open {
            let secret = Secret::random();
            if self.store.reinvite(id, player, &secret.hash()).await? {
                invites.push(Invite {
                    player: player.index() as u32,
                    invite: secret.reveal().to_owned(),
                });
            }
        }
        Ok(invites)
    }

    /// `person` goes by the display name `name` (stored already): the
    /// games in memory whose seats they hold show it, and tell their
    /// clients if it is new to them.
    pub async fn renamed(&self, person: &PersonId, name: Option<String>) {
        for (_, shared) in self.all_loaded() {
            let mut room = shared.lock().await;
            if !room.seats().is_player(Some(person)) {
                continue;
            }
            let changed = room.seats_mut().name(person, name.clone());
            if changed && room.seats().between_people() {
                let message = room.seats_message();
                room.announce(message);
            }
        }
    }

    /// Seats `moved` (game, player) are `to`'s now (stored already: an
    /// anonymous person signed in to `to`'s account on their device): the
    /// games in memory show it and tell their clients; the others read it
    /// when they load.
    pub async fn reseated(
        &self,
        to: &PersonId,
        moved: &[(GameId, PlayerId)],
    ) -> Result<(), Failure> {
        let name = self.store.person_name(to).await?.flatten();
        for (id, player) in moved {
            let loaded = self.loaded(id);
            let Some(shared) = loaded else { continue };
            let mut room = shared.lock().await;
            room.seats_mut().seat(*player, to);
            room.seats_mut().name(to, name.clone());
            self.rate_seats(&mut room).await;
            let message = room.seats_message();
            room.announce(message);
        }
        Ok(())
    }

    /// A socket of `person` opened on a game: its seats say so if that
    /// changed anything.
    pub async fn arrive(self: &Arc<Self>, shared: &super::SharedRoom, person: &PersonId) {
        let mut room = shared.lock().await;
        if room.seats().is_player(Some(person)) {
            // A competition's player came to their game.
            self.tell_game_news(super::GameNews::Arrived(room.id().clone(), person.clone()));
        }
        if room.seats_mut().arrive(person) && room.seats().between_people() {
            self.share_presence(room.id(), person, true).await;
            let message = room.seats_message();
            room.announce(message);
            self.announce_timers(&room);
        }
        drop(room);
        // A clock waits while no player has the game open.
        self.tick(shared.clone());
    }

    /// A socket of `person` closed; `bye` if their page said goodbye
    /// first (the shorter grace).
    pub async fn leave(&self, shared: &super::SharedRoom, person: &PersonId, bye: bool) {
        let mut room = shared.lock().await;
        let gone = crate::people::seats::Gone {
            at: crate::game::clock::now_ms(),
            bye,
        };
        if room.seats_mut().leave(person, gone) && room.seats().between_people() {
            self.share_presence(room.id(), person, false).await;
            let message = room.seats_message();
            room.announce(message);
            self.announce_timers(&room);
        }
    }

    /// A socket counted in the game's audience closed: its clients are
    /// told how many watch now.
    pub async fn part(&self, shared: &super::SharedRoom) {
        let mut room = shared.lock().await;
        room.part();
        if let Some(message) = room.audience_news() {
            room.announce(message);
        }
    }

    /// Tells the other instances over the same database whether `person`
    /// has game `game` open here, so that none grants a claim against a
    /// player connected elsewhere (with SQLite there are none). Written
    /// under the room's lock, so that a quick open and close are stored
    /// in their order. A failure is logged: the other instances then see
    /// the last state written.
    async fn share_presence(&self, game: &GameId, person: &PersonId, open: bool) {
        let Some(shared) = self.store.shared() else {
            return;
        };
        let now = crate::game::clock::now_ms();
        if let Err(e) = shared.set_presence(game, person, open, now).await {
            tracing::warn!(%game, "presence not shared with the other instances: {e}");
        }
    }
}
