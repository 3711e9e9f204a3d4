//! What the moderation routes read and answer (docs/protocol.md,
//! "Moderation"; docs/moderation.md).

use serde::{Deserialize, Serialize};

use crate::ids::{GameId, PersonId};

/// What is reported.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReportKind {
    /// A chat line (its game and number).
    ChatLine,
    /// A player's name.
    Name,
    /// A player, for how they play or behave.
    Player,
}

/// Why, as the reporter chose it from the page's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// Insults, threats, hate.
    Abuse,
    /// The same thing again and again, or advertising.
    Spam,
    /// Help from outside the table, or playing on after leaving.
    Cheating,
    /// A name that should not be one.
    Name,
    /// Something else (the note says what).
    Other,
}

/// What `POST /api/reports` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportAsk {
    /// What is reported.
    pub kind: ReportKind,
    /// Whom it is about (a name or a player; a chat line names its own).
    #[serde(default)]
    pub person: Option<PersonId>,
    /// The chat line's game.
    #[serde(default)]
    pub game: Option<GameId>,
    /// The chat line's number.
    #[serde(default)]
    pub line: Option<u64>,
    /// Why.
    pub reason: Reason,
    /// The reporter's words, at most 500 characters.
    #[serde(default)]
    pub note: Option<String>,
}

/// What `POST /api/reports` answers: the report (a new one, or the
/// reporter's own one still open about the same thing).
#[derive(Clone, Debug, Serialize)]
pub struct Reported {
    /// Its id.
    pub id: String,
    /// Whether it is new (`false`: the one already open).
    pub new: bool,
}

/// A moderator's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    /// Hide a chat line from every page.
    HideLine,
    /// Show a hidden chat line again.
    ShowLine,
    /// Give the person another name (or none).
    Rename,
    /// No chat from them.
    Mute,
    /// Chat again.
    Unmute,
    /// No rated play and no lobby.
    Ban,
    /// Rated play and the lobby again.
    Unban,
    /// Close the account: it signs in no more, its sessions end.
    Close,
    /// Open it again.
    Reopen,
}

/// What `POST /api/admin/actions` takes.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionAsk {
    /// What to do.
    pub action: ActionKind,
    /// To whom (for a chat line, its author, checked).
    pub person: PersonId,
    /// The chat line's game.
    #[serde(default)]
    pub game: Option<GameId>,
    /// The chat line's number.
    #[serde(default)]
    pub line: Option<u64>,
    /// The new name for `rename` (`null`: none, so their account's user
    /// name shows).
    #[serde(default)]
    pub name: Option<String>,
    /// Why: written in the log, 1 to 500 characters.
    pub reason: String,
    /// The report this action answers, closed with it.
    #[serde(default)]
    pub report: Option<String>,
}

/// What `POST /api/admin/actions/{id}/undo` and
/// `POST /api/admin/reports/{id}/close` take: why.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WhyAsk {
    /// 1 to 500 characters.
    pub reason: String,
}

/// A report as moderators read it.
#[derive(Clone, Debug, Serialize)]
pub struct ReportView {
    /// Its id.
    pub id: String,
    /// When, seconds since 1970.
    pub at: i64,
    /// Who reported.
    pub reporter: PersonId,
    /// Their name now.
    pub reporter_name: Option<String>,
    /// What is reported.
    pub kind: ReportKind,
    /// Whom it is about.
    pub person: PersonId,
    /// Their name now.
    pub person_name: Option<String>,
    /// The chat line's game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
    /// The chat line's number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// Why.
    pub reason: Reason,
    /// The reporter's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// What was reported as it stood then: the line's words (a preset's
    /// id for a preset line) or the name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub what: Option<String>,
    /// Closed at, seconds since 1970.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub closed: Option<i64>,
    /// How it was closed: a moderator's action's id, or their words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outcome: Option<String>,
}

/// `GET /api/admin/reports`: the queue, newest first.
#[derive(Clone, Debug, Serialize)]
pub struct ReportQueue {
    /// The reports.
    pub reports: Vec<ReportView>,
}

/// One entry of the moderation log.
#[derive(Clone, Debug, Serialize)]
pub struct LogEntry {
    /// Its id.
    pub id: String,
    /// When, seconds since 1970.
    pub at: i64,
    /// The moderator.
    pub admin: PersonId,
    /// Their name now.
    pub admin_name: Option<String>,
    /// Whom it is about.
    pub person: PersonId,
    /// Their name now.
    pub person_name: Option<String>,
    /// What was done.
    pub action: ActionKind,
    /// The chat line's game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<GameId>,
    /// The chat line's number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    /// Why.
    pub reason: String,
    /// A rename's names, before and after (`null`: none).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_before: Option<String>,
    /// A rename's name after.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name_after: Option<String>,
    /// The action this one undid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undoes: Option<String>,
    /// The action that undid this one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub undone_by: Option<String>,
}

/// `GET /api/admin/log`: the moderation log, newest first.
#[derive(Clone, Debug, Serialize)]
pub struct ModerationLog {
    /// The entries.
    pub entries: Vec<LogEntry>,
}

/// A chat line as a moderator reads it, hidden or not.
#[derive(Clone, Debug, Serialize)]
pub struct LineView {
    /// The chat line's game.
    pub game: GameId,
    /// Its number in the game.
    pub number: u64,
    /// When, seconds since 1970.
    pub at: i64,
    /// A preset phrase's id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset: Option<String>,
    /// Free text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// Hidden by a moderator.
    pub hidden: bool,
}

/// What a person is held to.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct StandingView {
    /// A site administrator.
    pub admin: bool,
    /// Writes no chat line.
    pub muted: bool,
    /// Plays no rated game, uses no lobby.
    pub banned: bool,
    /// Their account is closed.
    pub closed: bool,
}

/// `GET /api/admin/people/{id}`: a person's history for moderators.
#[derive(Clone, Debug, Serialize)]
pub struct PersonFile {
    /// Its id.
    pub id: PersonId,
    /// The name they go by now.
    pub name: Option<String>,
    /// Their account's user name, if they have one.
    pub username: Option<String>,
    /// What they are held to.
    pub standing: StandingView,
    /// Reports about them, newest first.
    pub reports: Vec<ReportView>,
    /// Moderators' actions about them, newest first.
    pub log: Vec<LogEntry>,
    /// Their last chat lines, newest first, hidden ones too.
    pub lines: Vec<LineView>,
}

/// What `POST /api/blocks` takes: whom to block.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockAsk {
    /// Whom.
    pub person: PersonId,
}

/// A person one blocked.
#[derive(Clone, Debug, Serialize)]
pub struct BlockedView {
    /// Whom.
    pub person: PersonId,
    /// The name they go by now.
    pub name: Option<String>,
    /// Since when, seconds since 1970.
    pub at: i64,
}

/// `GET /api/blocks`, and what blocking and unblocking answer: the people
/// this browser's person blocked, newest first.
#[derive(Clone, Debug, Serialize)]
pub struct Blocks {
    /// Whom.
    pub blocked: Vec<BlockedView>,
}
