//! The chat's messages on a game's socket (docs/protocol.md, "Chat"):
//! not replies to a request, so tests that wait for one pass over them.

use serde_json::Value;

/// Whether `m` is a chat line or the chat's settings.
pub fn is_chat(m: &Value) -> bool {
    m["type"] == "chat" || m["type"] == "chat_settings"
}
