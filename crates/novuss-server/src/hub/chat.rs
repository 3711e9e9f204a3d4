//! The hub's side of the chat (docs/protocol.md, "Chat"): who may write in
//! which room, the creator's switch for free text, and what a connection
//! reads. Each line is checked and stored under the game's lock, then sent:
//! what a client reads is what a restart shows.

use std::sync::Arc;
use std::time::Instant;

use novuss_core::PlayerId;

use super::{live, Hub};
use crate::chat::ChatRequest;
use crate::chat::{self, Feed, Line, Said, Settings};
use crate::error::{Code, Failure};
use crate::game::room::Room;
use crate::ids::GameId;
use crate::ids::PersonId;
use crate::people::seats::Holder;
use crate::policy::{self, Action};
use crate::store::NewChatLine;

impl Hub {
    /// Reads the game's chat from the store, the first time it is used.
    async fn load_chat(&self, room: &mut Room) -> Result<(), Failure> {
        if room.chat().loaded() {
            return Ok(());
        }
        let id = room.id().clone();
        let free_text = self.store.chat_free_text(&id).await?;
        // The creator holds their seats without an invitation; invited
        // seats keep their invitation's hash once taken.
        let creator = self
            .store
            .seats(&id)
            .await?
            .into_iter()
            .find(|r| r.person.is_some() && r.invite_hash.is_none())
            .and_then(|r| r.person);
        let last = self.store.chat_last(&id).await?;
        let mut lines = Vec::new();
        for r in [chat::Room::Players, chat::Room::Watchers] {
            let rows = self
                .store
                .chat_lines(&id, r.name(), chat::KEPT as u32)
                .await?;
            for row in rows {
                let number = row.number;
                match Line::from_row(row) {
                    Some(line) => lines.push(line),
                    None => {
                        tracing::warn!(game = %id, line = number, "a stored chat line cannot be read; skipped")
                    }
                }
            }
        }
        room.chat_mut()
            .load(Settings { free_text, creator }, last, lines);
        Ok(())
    }

    /// What a connection of `who` reads of game `room`'s chat: the
    /// settings and its room's last lines, then the live ones.
    pub async fn chat_follow(
        &self,
        room: &mut Room,
        who: Option<&PersonId>,
    ) -> Result<(Vec<Arc<str>>, Feed), Failure> {
        self.load_chat(room).await?;
        let apart = match who {
            Some(p) => self.store.apart_from(p).await?,
            None => Vec::new(),
        };
        let reads = if room.seats().is_player(who) {
            chat::Room::Players
        } else {
            chat::Room::Watchers
        };
        Ok(room.chat().follow(reads, room.game().is_over(), apart))
    }

    /// `who` writes a line in game `id`'s chat.
    pub async fn chat(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
        request: ChatRequest,
    ) -> Result<(), Failure> {
        let shared = self.room(id).await?;
        let mut room = live(&shared).await?;
        let player = who.and_then(|person| {
            room.seats()
                .holders()
                .iter()
                .position(|h| *h == Holder::Person(person.clone()))
                .map(PlayerId)
        });
        let person = policy::person(who)?;
        room.ask(Some(person), None, Action::Chat(request.room))?;
        policy::may_chat(&self.store.standing(person).await?)?;
        let own = if player.is_some() {
            chat::Room::Players
        } else {
            chat::Room::Watchers
        };
        self.load_chat(&mut room).await?;
        let said = match (request.preset, request.text) {
            (Some(p), None) => Said::Preset(p),
            (None, Some(t)) => {
                if !room.chat().settings().free_text {
                    return Err(Failure::new(
                        Code::FreeTextOff,
                        "the game's creator switched free text off: presets only",
                    ));
                }
                let text = chat::check_text(&t)?;
                // The operator's word list, held in memory: presets are
                // the site's own words and never checked.
                self.words().check(&text, "a chat line")?;
                Said::Text(text)
            }
            _ => {
                return Err(Failure::new(
                    Code::BadMessage,
                    "a chat line has a preset or a text, not both",
                ))
            }
        };
        if !room.chat_mut().limiter().knows(person) {
            let before = self.store.chat_count(room.id(), person).await?;
            room.chat_mut().limiter().set_total(person, before);
        }
        let now = Instant::now();
        room.chat_mut().limiter().check(person, now)?;
        let name = self.store.person_name(person).await?.flatten();
        let line = Line {
            number: room.chat().next(),
            at: crate::store::now(),
            room: own,
            person: person.clone(),
            name,
            player: player.map(|p| p.index() as u32),
            said,
        };
        let (preset, body) = match &line.said {
            Said::Preset(p) => (Some(p.id()), None),
            Said::Text(t) => (None, Some(t.as_str())),
        };
        let stored = self
            .store
            .add_chat_line(&NewChatLine {
                game: room.id(),
                number: line.number,
                at: line.at,
                room: own.name(),
                person,
                player,
                preset,
                body,
            })
            .await;
        if let Err(e) = stored {
            // Whether it was stored is not known: the chat is read again
            // before the next line, so that its number is not reused.
            room.chat_mut().unload();
            return Err(Failure::from(e));
        }
        room.chat_mut().limiter().record(person, now);
        let over = room.game().is_over();
        room.chat_mut().commit(&line, over);
        Ok(())
    }

    /// Another instance stored lines of game `id`'s chat (several servers
    /// over one PostgreSQL): a room here that has its chat loaded reads
    /// them and sends them to its clients as if written here. One that has
    /// not loaded it reads them when it does.
    pub async fn follow_chat(&self, id: &GameId) {
        let Some(shared) = self.loaded(id) else {
            return;
        };
        let mut room = shared.lock().await;
        if !room.chat().loaded() || room.retired() {
            return;
        }
        let after = room.chat().next() - 1;
        let rows = match self.store.chat_lines_after(id, after).await {
            Ok(rows) => rows,
            Err(e) => {
                // Read afresh when next used, so nothing is skipped.
                tracing::warn!(game = %id, "the chat's new lines could not be read: {e}");
                room.chat_mut().unload();
                return;
            }
        };
        let over = room.game().is_over();
        for row in rows {
            let number = row.number;
            match Line::from_row(row) {
                Some(line) => room.chat_mut().commit(&line, over),
                None => {
                    tracing::warn!(game = %id, line = number, "a stored chat line cannot be read; skipped")
                }
            }
        }
    }

    /// `who` allows or forbids free text in game `id`'s chat: its creator
    /// only. Everyone at the game is told.
    pub async fn chat_settings(
        self: &Arc<Self>,
        id: &GameId,
        who: Option<&PersonId>,
        free_text: bool,
    ) -> Result<(), Failure> {
        let shared = self.room(id).await?;
        let mut room = live(&shared).await?;
        self.load_chat(&mut room).await?;
        let creator = who.is_some() && room.chat().settings().creator.as_ref() == who;
        room.ask_as_creator(who, creator, Action::ChatSettings)?;
        self.store.set_chat_free_text(room.id(), free_text).await?;
        room.chat_mut().set_free_text(free_text);
        Ok(())
    }
}
