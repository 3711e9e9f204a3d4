//! The chat's part of the protocol (docs/protocol.md, "Chat"): its rooms,
//! its preset phrases, a line and the settings, and its two messages on a
//! game's WebSocket (`chat`, `chat_settings`), which are not events. The
//! chat (`chat/mod.rs`) checks and keeps lines; here they are only data.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::ids::PersonId;

/// The preset phrases: the server stores and sends the id, each page shows
/// it in its reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    /// Hello!
    Hello,
    /// Good luck!
    GoodLuck,
    /// Well played!
    WellPlayed,
    /// Nice shot!
    NiceShot,
    /// Thanks!
    Thanks,
    /// Sorry!
    Sorry,
    /// One moment!
    OneMoment,
    /// Good game!
    GoodGame,
    /// Bye!
    Bye,
}

/// Which room a line is in, and which a connection reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Room {
    /// The seat holders'.
    Players,
    /// Everyone else's.
    Watchers,
}

/// What a line says.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Said {
    /// A preset phrase.
    Preset(Preset),
    /// Free text, checked by the chat (`chat::check_text`).
    Text(String),
}

/// One line, as every reader of its room is sent it.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    /// Its number in the game's chat, from 1 (not an event number).
    pub number: u64,
    /// When it was written, seconds since 1970.
    pub at: i64,
    /// Its room.
    pub room: Room,
    /// The author's public id.
    pub person: PersonId,
    /// The author's display name, if they chose one.
    pub name: Option<String>,
    /// The author's player, from 0, if they hold a seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<u32>,
    /// What it says: `{"preset": id}` or `{"text": …}`.
    #[serde(flatten)]
    pub said: Said,
}

/// The game's chat settings, as every client is sent them.
#[derive(Clone, Debug, Serialize)]
pub struct Settings {
    /// Whether free text is allowed (presets always are).
    pub free_text: bool,
    /// The person who may change that: the game's creator.
    pub creator: Option<PersonId>,
}

/// The chat's messages on a game's WebSocket: not events, and apart from
/// the game's ([`super::ws_out`]), so that the chat needs nothing of the
/// game.
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ChatMessage<'a> {
    /// A chat line, to the readers of its room.
    Chat(&'a Line),
    /// The settings: on `hello`, and to everyone when the creator changes
    /// them.
    ChatSettings(&'a Settings),
    /// Lines that were taken away (their author was forgotten at their
    /// request, or a moderator hid them): every reader drops them.
    ChatRemoved(&'a Removed),
}

/// Chat lines taken away, by number.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Removed {
    /// The lines' numbers, in order.
    pub numbers: Vec<u64>,
}

impl ChatMessage<'_> {
    /// The message as the text of a WebSocket frame.
    pub fn text(&self) -> Arc<str> {
        // Made of the chat's own types, which always serialise.
        serde_json::to_string(self).unwrap_or_default().into()
    }
}

impl Line {
    /// The `chat` message.
    pub fn message(&self) -> Arc<str> {
        ChatMessage::Chat(self).text()
    }
}

impl Removed {
    /// The `chat_removed` message.
    pub fn message(&self) -> Arc<str> {
        ChatMessage::ChatRemoved(self).text()
    }
}

impl Settings {
    /// The `chat_settings` message.
    pub fn message(&self) -> Arc<str> {
        ChatMessage::ChatSettings(self).text()
    }
}
