//! What a visitor does in the lobby: makes a challenge, accepts one,
//! withdraws their own, or asks to play someone now. Each is stored first; the lobby's view and
//! its followers learn of it at once (here) or at the next refresh (on
//! another server over the same database).

use std::sync::Arc;

use novuss_core::PlayerId;

use super::terms::{in_range, CHALLENGE_LIFE_SECS, LISTED, NEAR};
use super::view::Lobby;
use crate::error::{Code, Failure};
use crate::game::room::Play;
use crate::game::setup::Setup;
use crate::ids::{GameId, PersonId};
use crate::people::identity::Visitor;
use crate::policy::Action;
use crate::store::OpenSeat;
use crate::wire::http::games::Created;
use crate::wire::http::lobby::{NewChallenge, Quick};

impl Lobby {
    /// Makes a challenge of `creator`'s: a public game whose other seats
    /// are for whoever accepts it.
    pub async fn challenge(
        &self,
        new: &NewChallenge,
        creator: &PersonId,
    ) -> Result<Created, Failure> {
        crate::policy::may_play_rated(&self.hub.store().standing(creator).await?)?;
        let game = new.new_game()?;
        let created = self.hub.create(&game, creator).await?;
        self.hub
            .store()
            .add_challenge(
                &created.id,
                creator,
                crate::store::now(),
                (new.min_rating, new.max_rating),
            )
            .await?;
        tracing::info!(game = %created.id, "challenge");
        self.changed();
        Ok(created)
    }

    /// The visitor accepts challenge `id`: the lowest open seat is theirs
    /// if their rating is in its range. Returns the player, the person
    /// and a cookie for a visitor who just became one.
    pub async fn accept(
        &self,
        id: &GameId,
        visitor: &Visitor,
    ) -> Result<(PlayerId, PersonId, Option<axum::http::HeaderValue>), Failure> {
        let store = self.hub.store();
        if let Some(p) = &visitor.person {
            crate::policy::may_play_rated(&store.standing(p).await?)?;
        }
        let row = store.challenge(id).await?.ok_or_else(|| {
            Failure::new(Code::UnknownGame, format!("no challenge has the id {id}"))
        })?;
        if row.open == 0 {
            return Err(Failure::new(
                Code::SeatTaken,
                "somebody accepted it first: you may watch the game",
            ));
        }
        if row.over {
            return Err(Failure::new(
                Code::MatchOver,
                "the challenge was withdrawn: its game is over",
            ));
        }
        let setup: Setup = serde_json::from_str(&row.setup)
            .map_err(|e| Failure::logged(Code::Damaged, "a challenge cannot be read", &e))?;
        if let Some(p) = &visitor.person {
            if *p == row.creator {
                return Err(Failure::new(
                    Code::CannotAccept,
                    "a challenge is for someone else to accept",
                ));
            }
            let held = store.seats(id).await?;
            if held.iter().any(|s| s.person.as_ref() == Some(p)) {
                return Err(already_seated());
            }
            crate::policy::may_meet(store.kept_apart(p, &row.creator).await?)?;
        }
        let (mine, _) = self
            .rating_of(visitor.person.as_ref(), setup.config.format)
            .await?;
        if !in_range(mine, &row) {
            return Err(Failure::new(
                Code::OutOfRange,
                format!("a rating of {mine:.0} is outside the challenge's range"),
            ));
        }
        let (person, cookie) = self.hub.people().ensure(visitor).await?;
        let at = crate::game::clock::now_ms();
        // The checks above are for a clear answer; the one that holds is
        // the statement's, which checks and takes at once.
        // On PostgreSQL, acceptors at once aim at the same lowest seat and
        // all but one find it taken: they try again for the next one.
        let mut tries = 0;
        let player = loop {
            tries += 1;
            match store.take_open_seat(id, &person, at).await? {
                OpenSeat::Seated(player) => break player,
                OpenSeat::AlreadySeated => return Err(already_seated()),
                OpenSeat::NoneOpen if tries < 4 => continue,
                OpenSeat::NoneOpen => {
                    return Err(Failure::new(
                        Code::SeatTaken,
                        "somebody accepted it first: you may watch the game",
                    ))
                }
            }
        };
        tracing::info!(game = %id, player = player.index(), %person, "challenge accepted");
        self.changed();
        // The room in memory, if any, reads its seats from the store (as
        // for a seat taken on another server) and tells its clients; the
        // last seat taken starts the game's clock.
        self.hub.follow_seats(id).await;
        Ok((player, person, cookie))
    }

    /// `who` withdraws their challenge `id` while nobody has accepted it:
    /// its game is called off from their seat, as an abort, so that
    /// nobody can take a seat of it any more. The policy decides (a
    /// challenge is its creator's alone); the abort is the hub's, checked
    /// again against the game under its lock.
    pub async fn withdraw(&self, id: &GameId, who: Option<&PersonId>) -> Result<(), Failure> {
        let row = self.hub.store().challenge(id).await?.ok_or_else(|| {
            Failure::new(Code::UnknownGame, format!("no challenge has the id {id}"))
        })?;
        let creator = who.is_some() && who == Some(&row.creator);
        let shared = self.hub.room(id).await?;
        let (event, seat) = {
            let room = shared.lock().await;
            room.ask_as_creator(who, creator, Action::Withdraw)?;
            // The creator holds the first seat of a challenge's game.
            let seat = room.game().progress().seat_of(PlayerId(0)).ok_or_else(|| {
                Failure::new(Code::CannotAbort, "the challenge's first seat is nobody's")
            })?;
            (room.event(), seat)
        };
        self.hub.play(id, who, Play::Abort { event, seat }).await?;
        tracing::info!(game = %id, "challenge withdrawn");
        self.changed();
        Ok(())
    }

    /// "Play someone now": the open challenge in `new`'s format (and
    /// terms, rated or not) whose creator's rating is nearest the
    /// visitor's (within 300 points, `NEAR`), accepted; or, if none waits, a new
    /// challenge of those terms for the next person to come.
    pub async fn quick(
        self: &Arc<Self>,
        new: &NewChallenge,
        visitor: &Visitor,
    ) -> Result<(Quick, Option<axum::http::HeaderValue>), Failure> {
        if let Some(p) = &visitor.person {
            crate::policy::may_play_rated(&self.hub.store().standing(p).await?)?;
        }
        let wanted = new
            .new_game()?
            .setup()
            .map_err(|e| Failure::new(Code::BadSetup, e.to_string()))?;
        let format = wanted.config.format;
        let (mine, _) = self.rating_of(visitor.person.as_ref(), format).await?;
        let since = crate::store::now() - CHALLENGE_LIFE_SECS;
        let mut best: Option<(f64, GameId)> = None;
        let apart = self.apart_read(visitor.person.as_ref()).await?;
        for row in self.hub.store().challenges(since, LISTED).await? {
            if apart.contains(&row.creator) {
                continue;
            }
            let Ok(setup) = serde_json::from_str::<Setup>(&row.setup) else {
                continue;
            };
            let same = setup.config.format == format
                && setup.config.profile == wanted.config.profile
                && setup.match_format() == wanted.match_format()
                && setup.rated == wanted.rated
                && setup.stroke_clock == wanted.stroke_clock;
            let theirs = visitor.person.as_ref() == Some(&row.creator);
            if !same || theirs || !in_range(mine, &row) {
                continue;
            }
            let (rating, _) = self.rating_of(Some(&row.creator), format).await?;
            let gap = (rating - mine).abs();
            if gap <= NEAR && best.as_ref().is_none_or(|(g, _)| gap < *g) {
                best = Some((gap, row.game));
            }
        }
        if let Some((_, id)) = best {
            match self.accept(&id, visitor).await {
                Ok((player, _, cookie)) => {
                    let quick = Quick {
                        id: id.to_string(),
                        player: Some(player.index() as u32),
                        waiting: false,
                    };
                    return Ok((quick, cookie));
                }
                // Taken meanwhile: a challenge of one's own instead.
                Err(f) if f.code == Code::SeatTaken => {}
                Err(f) => return Err(f),
            }
        }
        let (person, cookie) = self.hub.people().ensure(visitor).await?;
        let created = self.challenge(new, &person).await?;
        Ok((
            Quick {
                id: created.id.to_string(),
                player: None,
                waiting: true,
            },
            cookie,
        ))
    }
}

fn already_seated() -> Failure {
    Failure::new(Code::CannotAccept, "you hold a seat of this game already")
}
