//! Moderation (issue 34, "Moderated"; docs/moderation.md): people report
//! chat lines, names and players; the site's administrators, named from
//! the command line only, read the reports and a person's history, and
//! act: hide a chat line, rename, mute, ban from rated play and the
//! lobby, close an account. Every action is stored with who took it and
//! why, in the same transaction as its effect (`store/moderation.rs`),
//! and every action is undone by its inverse, logged the same way. Who
//! may moderate, and what a muted, banned or closed person may not do,
//! is the policy's (`policy.rs`).

use std::net::IpAddr;
use std::sync::Arc;
use std::time::Instant;

use crate::error::{Code, Failure};
use crate::hub::Hub;
use crate::ids::PersonId;
use crate::limits::{Limiter, Rate};
use crate::policy;
use crate::store::{Effect, LogRow, Logged, NewReport, ReportRow, Standing};
use crate::wire::http::moderation::{
    ActionAsk, ActionKind, BlockedView, Blocks, LineView, LogEntry, ModerationLog, PersonFile,
    Reason, ReportAsk, ReportKind, ReportQueue, ReportView, Reported, StandingView,
};

/// The longest note or reason, in characters.
pub const MAX_WORDS: usize = 500;

/// How many reports one person makes: 10 at once, then 10 an hour (a
/// report is read by a person, whose time is what a flood would take).
pub const REPORTS: Rate = Rate {
    per_minute: 1,
    burst: 10,
};

/// How many entries a list holds.
const LISTED: u32 = 200;

/// The moderation of one server's site.
pub struct Moderation {
    hub: Arc<Hub>,
    reports: Limiter,
}

impl ReportKind {
    /// As stored.
    pub fn name(self) -> &'static str {
        match self {
            ReportKind::ChatLine => "chat_line",
            ReportKind::Name => "name",
            ReportKind::Player => "player",
        }
    }

    fn parse(text: &str) -> Option<ReportKind> {
        [ReportKind::ChatLine, ReportKind::Name, ReportKind::Player]
            .into_iter()
            .find(|k| k.name() == text)
    }
}

impl Reason {
    /// As stored.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Abuse => "abuse",
            Reason::Spam => "spam",
            Reason::Cheating => "cheating",
            Reason::Name => "name",
            Reason::Other => "other",
        }
    }

    fn parse(text: &str) -> Option<Reason> {
        [
            Reason::Abuse,
            Reason::Spam,
            Reason::Cheating,
            Reason::Name,
            Reason::Other,
        ]
        .into_iter()
        .find(|r| r.name() == text)
    }
}

impl ActionKind {
    const ALL: [ActionKind; 9] = [
        ActionKind::HideLine,
        ActionKind::ShowLine,
        ActionKind::Rename,
        ActionKind::Mute,
        ActionKind::Unmute,
        ActionKind::Ban,
        ActionKind::Unban,
        ActionKind::Close,
        ActionKind::Reopen,
    ];

    /// As stored.
    pub fn name(self) -> &'static str {
        match self {
            ActionKind::HideLine => "hide_line",
            ActionKind::ShowLine => "show_line",
            ActionKind::Rename => "rename",
            ActionKind::Mute => "mute",
            ActionKind::Unmute => "unmute",
            ActionKind::Ban => "ban",
            ActionKind::Unban => "unban",
            ActionKind::Close => "close",
            ActionKind::Reopen => "reopen",
        }
    }

    fn parse(text: &str) -> Option<ActionKind> {
        ActionKind::ALL.into_iter().find(|a| a.name() == text)
    }

    /// The action that undoes this one (a rename is undone by another).
    fn inverse(self) -> ActionKind {
        match self {
            ActionKind::HideLine => ActionKind::ShowLine,
            ActionKind::ShowLine => ActionKind::HideLine,
            ActionKind::Rename => ActionKind::Rename,
            ActionKind::Mute => ActionKind::Unmute,
            ActionKind::Unmute => ActionKind::Mute,
            ActionKind::Ban => ActionKind::Unban,
            ActionKind::Unban => ActionKind::Ban,
            ActionKind::Close => ActionKind::Reopen,
            ActionKind::Reopen => ActionKind::Close,
        }
    }
}

/// Words a person wrote for moderators (a note, a reason): trimmed, 1 to
/// [`MAX_WORDS`] characters, no control characters.
fn words(raw: &str, what: &str) -> Result<String, Failure> {
    let text = raw.trim();
    if text.is_empty() || text.chars().count() > MAX_WORDS {
        return Err(Failure::new(
            Code::BadMessage,
            format!("{what} is 1 to {MAX_WORDS} characters"),
        ));
    }
    if text.chars().any(char::is_control) {
        return Err(Failure::new(
            Code::BadMessage,
            format!("{what} has no control characters"),
        ));
    }
    Ok(text.to_owned())
}

/// A random id for a report or an action.
fn new_id() -> String {
    crate::ids::PersonId::random().as_str().to_owned()
}

fn report_view(r: ReportRow) -> Option<ReportView> {
    Some(ReportView {
        kind: ReportKind::parse(&r.kind)?,
        reason: Reason::parse(&r.reason)?,
        id: r.id,
        at: r.at,
        reporter: r.reporter,
        reporter_name: r.reporter_name,
        person: r.person,
        person_name: r.person_name,
        game: r.game,
        line: r.line,
        note: r.note,
        what: r.what,
        closed: r.closed,
        outcome: r.outcome,
    })
}

fn log_entry(r: LogRow) -> Option<LogEntry> {
    Some(LogEntry {
        action: ActionKind::parse(&r.action)?,
        id: r.id,
        at: r.at,
        admin: r.admin,
        admin_name: r.admin_name,
        person: r.person,
        person_name: r.person_name,
        game: r.game,
        line: r.line,
        reason: r.reason,
        name_before: r.name_before,
        name_after: r.name_after,
        undoes: r.undoes,
        undone_by: r.undone_by,
    })
}

/// Rows this server does not know how to read are left out of a list
/// (and logged), so one damaged row never hides the rest.
fn readable<T, U>(rows: Vec<T>, read: impl Fn(T) -> Option<U>, what: &str) -> Vec<U> {
    let total = rows.len();
    let out: Vec<U> = rows.into_iter().filter_map(read).collect();
    if out.len() < total {
        tracing::warn!(
            left_out = total - out.len(),
            "{what}: rows that cannot be read"
        );
    }
    out
}

impl Moderation {
    /// The moderation of `hub`'s site.
    pub fn new(hub: Arc<Hub>) -> Moderation {
        Moderation {
            hub,
            reports: Limiter::new(REPORTS),
        }
    }

    /// `who`, if they are a site administrator.
    async fn admin<'a>(&self, who: Option<&'a PersonId>) -> Result<&'a PersonId, Failure> {
        let person = who.ok_or_else(|| {
            Failure::new(
                Code::NotAdmin,
                "only the site's administrators may moderate it",
            )
        })?;
        policy::may_moderate(&self.hub.store().standing(person).await?)?;
        Ok(person)
    }

    /// `who` reports what `ask` names.
    pub async fn report(
        &self,
        who: Option<&PersonId>,
        ask: ReportAsk,
    ) -> Result<Reported, Failure> {
        let reporter = policy::person(who)?;
        let note = ask
            .note
            .as_deref()
            .map(|n| words(n, "a note"))
            .transpose()?;
        let store = self.hub.store();
        let (person, line, what) = match ask.kind {
            ReportKind::ChatLine => {
                let (Some(game), Some(number)) = (&ask.game, ask.line) else {
                    return Err(Failure::new(
                        Code::BadMessage,
                        "a chat line's report names its game and line",
                    ));
                };
                let line = store
                    .moderated_line(game, number)
                    .await?
                    .filter(|l| l.preset.is_some() || l.body.is_some())
                    .ok_or_else(|| Failure::new(Code::UnknownLine, "no such chat line"))?;
                let what = match (&line.body, &line.preset) {
                    (Some(text), _) => text.clone(),
                    (None, Some(preset)) => format!("({preset})"),
                    (None, None) => String::new(),
                };
                (line.person, Some((game.clone(), number)), Some(what))
            }
            ReportKind::Name | ReportKind::Player => {
                let person = ask.person.clone().ok_or_else(|| {
                    Failure::new(
                        Code::BadMessage,
                        "a report of a name or a player names them",
                    )
                })?;
                let shown = store
                    .person_shown(&person)
                    .await?
                    .ok_or_else(Failure::unknown_player)?;
                (person, None, shown.name)
            }
        };
        if person == *reporter {
            return Err(Failure::new(Code::BadMessage, "nobody reports themselves"));
        }
        self.reports
            .take(person_key(reporter), Instant::now())
            .map_err(|wait| {
                crate::metrics::rate_limited("reports");
                Failure::new(
                    Code::RateLimited,
                    format!("too many reports: try again in {} s", wait.as_secs().max(1)),
                )
            })?;
        let id = new_id();
        let (id, new) = store
            .add_report(&NewReport {
                id: &id,
                at: crate::store::now(),
                reporter,
                kind: ask.kind.name(),
                person: &person,
                line: line.as_ref().map(|(g, n)| (g, *n)),
                reason: ask.reason.name(),
                note: note.as_deref(),
                what: what.as_deref(),
            })
            .await?;
        if new {
            tracing::info!(report = %id, kind = ask.kind.name(), "a report");
        }
        Ok(Reported { id, new })
    }

    /// The people `who` blocked, newest first.
    pub async fn blocks(&self, who: Option<&PersonId>) -> Result<Blocks, Failure> {
        let blocked = match who {
            Some(p) => self.hub.store().blocked_by(p).await?,
            None => Vec::new(),
        };
        Ok(Blocks {
            blocked: blocked
                .into_iter()
                .map(|b| BlockedView {
                    person: b.person,
                    name: b.name,
                    at: b.at,
                })
                .collect(),
        })
    }

    /// `who` blocks `person` (docs/moderation.md, "Blocks"): whether the
    /// block is new, and the list as it now stands.
    pub async fn block(
        &self,
        who: Option<&PersonId>,
        person: &PersonId,
    ) -> Result<(bool, Blocks), Failure> {
        let blocker = policy::person(who)?;
        if person == blocker {
            return Err(Failure::new(Code::BadMessage, "nobody blocks themselves"));
        }
        let new = self
            .hub
            .store()
            .block(blocker, person, crate::store::now())
            .await?
            .ok_or_else(Failure::unknown_player)?;
        Ok((new, self.blocks(who).await?))
    }

    /// `who` unblocks `person`: the list as it now stands.
    pub async fn unblock(
        &self,
        who: Option<&PersonId>,
        person: &PersonId,
    ) -> Result<Blocks, Failure> {
        let blocker = policy::person(who)?;
        if !self.hub.store().unblock(blocker, person).await? {
            return Err(Failure::new(
                Code::UnknownPlayer,
                "you had not blocked that person",
            ));
        }
        self.blocks(who).await
    }

    /// The reports, newest first: the open ones, or all.
    pub async fn queue(&self, who: Option<&PersonId>, all: bool) -> Result<ReportQueue, Failure> {
        self.admin(who).await?;
        let rows = self.hub.store().reports(!all, LISTED).await?;
        Ok(ReportQueue {
            reports: readable(rows, report_view, "reports"),
        })
    }

    /// The moderation log, newest first.
    pub async fn log(&self, who: Option<&PersonId>) -> Result<ModerationLog, Failure> {
        self.admin(who).await?;
        let rows = self.hub.store().moderation_log(None, LISTED).await?;
        Ok(ModerationLog {
            entries: readable(rows, log_entry, "moderation log"),
        })
    }

    /// Person `id`'s history, for moderators.
    pub async fn person_file(
        &self,
        who: Option<&PersonId>,
        id: &PersonId,
    ) -> Result<PersonFile, Failure> {
        self.admin(who).await?;
        let store = self.hub.store();
        let shown = store
            .person_shown(id)
            .await?
            .ok_or_else(Failure::unknown_player)?;
        let standing = store.standing(id).await?;
        let username = store.account(id).await?.map(|a| a.username);
        let reports = store.reports_about(id, LISTED).await?;
        let log = store.moderation_log(Some(id), LISTED).await?;
        let lines = store.lines_of(id, 50).await?;
        Ok(PersonFile {
            id: id.clone(),
            name: shown.name,
            username,
            standing: standing_view(standing),
            reports: readable(reports, report_view, "reports"),
            log: readable(log, log_entry, "moderation log"),
            lines: lines
                .into_iter()
                .map(|l| LineView {
                    game: l.game,
                    number: l.number,
                    at: l.at,
                    preset: l.preset,
                    text: l.body,
                    hidden: l.hidden,
                })
                .collect(),
        })
    }

    /// `who`, a site administrator, takes the action `ask` names.
    pub async fn act(&self, who: Option<&PersonId>, ask: ActionAsk) -> Result<LogEntry, Failure> {
        let admin = self.admin(who).await?;
        let reason = words(&ask.reason, "a reason")?;
        let effect = self.effect(&ask).await?;
        let entry = self
            .apply(admin, ask.action, &ask.person, effect, &reason, None)
            .await?;
        if let Some(report) = &ask.report {
            // The report is answered by this action; one closed meanwhile
            // by another moderator stays as they closed it.
            self.hub
                .store()
                .close_report(report, admin, &entry.id, entry.at)
                .await?;
        }
        Ok(entry)
    }

    /// Undoes action `id`, for `reason`.
    pub async fn undo(
        &self,
        who: Option<&PersonId>,
        id: &str,
        reason: &str,
    ) -> Result<LogEntry, Failure> {
        let admin = self.admin(who).await?;
        let reason = words(reason, "a reason")?;
        let unknown = || Failure::new(Code::UnknownAction, "no moderator's action has that id");
        let row = self
            .hub
            .store()
            .moderation_entry(id)
            .await?
            .ok_or_else(unknown)?;
        let entry = log_entry(row).ok_or_else(unknown)?;
        if entry.undone_by.is_some() || entry.undoes.is_some() {
            return Err(Failure::new(
                Code::NothingToModerate,
                "that action was undone already, or is itself an undoing: take the action again instead",
            ));
        }
        let action = entry.action.inverse();
        let effect = match (entry.action, &entry.game, entry.line) {
            (ActionKind::HideLine | ActionKind::ShowLine, Some(game), Some(line)) => Effect::Hide {
                game: game.clone(),
                line,
                hidden: action == ActionKind::HideLine,
            },
            (ActionKind::Rename, _, _) => Effect::Rename(entry.name_before.clone()),
            (ActionKind::HideLine | ActionKind::ShowLine, _, _) => return Err(unknown()),
            (kind, _, _) => simple_effect(kind.inverse()).ok_or_else(unknown)?,
        };
        self.apply(
            admin,
            action,
            &entry.person,
            effect,
            &reason,
            Some(&entry.id),
        )
        .await
    }

    /// Closes report `id` without an action, for `reason`.
    pub async fn dismiss(
        &self,
        who: Option<&PersonId>,
        id: &str,
        reason: &str,
    ) -> Result<(), Failure> {
        let admin = self.admin(who).await?;
        let reason = words(reason, "a reason")?;
        let closed = self
            .hub
            .store()
            .close_report(id, admin, &reason, crate::store::now())
            .await?;
        if !closed {
            return Err(Failure::new(
                Code::UnknownReport,
                "no open report has that id",
            ));
        }
        Ok(())
    }

    /// What action `ask` changes, checked.
    async fn effect(&self, ask: &ActionAsk) -> Result<Effect, Failure> {
        match ask.action {
            ActionKind::HideLine | ActionKind::ShowLine => {
                let (Some(game), Some(line)) = (&ask.game, ask.line) else {
                    return Err(Failure::new(
                        Code::BadMessage,
                        "hiding or showing a chat line names its game and line",
                    ));
                };
                Ok(Effect::Hide {
                    game: game.clone(),
                    line,
                    hidden: ask.action == ActionKind::HideLine,
                })
            }
            ActionKind::Rename => {
                let name = ask.name.as_deref().map(str::trim).filter(|n| !n.is_empty());
                if let Some(Err(why)) = name.map(crate::game::setup::check_name) {
                    return Err(Failure::new(Code::BadName, why.to_string()));
                }
                Ok(Effect::Rename(name.map(str::to_owned)))
            }
            kind => simple_effect(kind).ok_or_else(|| {
                Failure::new(Code::BadMessage, "that action needs more than a person")
            }),
        }
    }

    /// Stores `action` with its `effect` and log entry, then brings what
    /// servers hold in memory in line.
    async fn apply(
        &self,
        admin: &PersonId,
        action: ActionKind,
        person: &PersonId,
        effect: Effect,
        reason: &str,
        undoes: Option<&str>,
    ) -> Result<LogEntry, Failure> {
        let id = new_id();
        let store = self.hub.store();
        let done = store
            .moderate(
                &Logged {
                    id: &id,
                    at: crate::store::now(),
                    admin,
                    person,
                    action: action.name(),
                    reason,
                    undoes,
                },
                &effect,
            )
            .await?
            .ok_or_else(|| {
                Failure::new(
                    Code::NothingToModerate,
                    "nothing to do: no such person (or they deleted their account) or chat line of theirs, or it was undone already",
                )
            })?;
        match &effect {
            Effect::Hide { game, line, hidden } => {
                self.hub.line_hidden(game, *line, *hidden).await;
            }
            Effect::Rename(_) => {
                let shown = store.person_name(person).await?.flatten();
                self.hub.renamed(person, shown).await;
            }
            Effect::Close(true) => {
                self.hub.people().forget(&done.sessions);
                self.hub.closed(person);
            }
            Effect::Mute(_) | Effect::Ban(_) | Effect::Close(false) => {}
        }
        tracing::info!(action = action.name(), id = %id, "a moderator's action");
        let row = store.moderation_entry(&id).await?.ok_or_else(|| {
            Failure::new(
                Code::Storage,
                "the action was stored but cannot be read back",
            )
        })?;
        log_entry(row).ok_or_else(|| Failure::new(Code::Damaged, "the action cannot be read"))
    }
}

/// The effect of an action about a person alone.
fn simple_effect(kind: ActionKind) -> Option<Effect> {
    Some(match kind {
        ActionKind::Mute => Effect::Mute(true),
        ActionKind::Unmute => Effect::Mute(false),
        ActionKind::Ban => Effect::Ban(true),
        ActionKind::Unban => Effect::Ban(false),
        ActionKind::Close => Effect::Close(true),
        ActionKind::Reopen => Effect::Close(false),
        ActionKind::HideLine | ActionKind::ShowLine | ActionKind::Rename => return None,
    })
}

fn standing_view(s: Standing) -> StandingView {
    StandingView {
        admin: s.admin,
        muted: s.muted,
        banned: s.banned,
        closed: s.closed,
    }
}

/// The reports limiter's key for a person: a bucket of their own.
fn person_key(person: &PersonId) -> IpAddr {
    crate::limits::key_for(&format!("report\n{person}"))
}
