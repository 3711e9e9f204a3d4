//! The chat of a game (docs/protocol.md, "Chat"): what a line may say, who
//! reads it, and how fast one person may write. Two rooms per game: the
//! players' (seat holders only) and the watchers' (every other person), so
//! that a watcher's advice never reaches the table while the game is
//! played. Once the match is over the rooms are open to each other: lines
//! written from then on reach everyone, and a client that (re)connects
//! gets both rooms' last lines.
//!
//! A line is a preset phrase by id (each page words it in its reader's
//! language) or plain text; the server never interprets the text, and the
//! page puts it in the DOM as text only. Lines are not events: the game's
//! event numbers never move for them.

use std::collections::{HashMap, VecDeque};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::broadcast;

use crate::error::{Code, Failure};
use crate::ids::PersonId;
use crate::store::ChatRow;
pub use crate::wire::chat::{Line, Preset, Removed, Room, Said, Settings};

/// The longest free line, in characters, after trimming.
pub const MAX_TEXT: usize = 200;
/// Lines one person may write in one game within [`WINDOW`].
pub const BURST: usize = 5;
/// The window of [`BURST`].
pub const WINDOW: Duration = Duration::from_secs(10);
/// Lines one person may write in one game, ever.
pub const PER_GAME: u32 = 100;
/// Lines of each room a (re)connecting client gets.
pub const KEPT: usize = 50;

impl Preset {
    /// Its id, as stored and sent.
    pub fn id(self) -> &'static str {
        match self {
            Preset::Hello => "hello",
            Preset::GoodLuck => "good_luck",
            Preset::WellPlayed => "well_played",
            Preset::NiceShot => "nice_shot",
            Preset::Thanks => "thanks",
            Preset::Sorry => "sorry",
            Preset::OneMoment => "one_moment",
            Preset::GoodGame => "good_game",
            Preset::Bye => "bye",
        }
    }

    /// The preset of a stored id.
    pub fn parse(id: &str) -> Option<Preset> {
        serde_json::from_value(serde_json::Value::String(id.to_owned())).ok()
    }
}

impl Room {
    /// Its name, as stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            Room::Players => "players",
            Room::Watchers => "watchers",
        }
    }

    fn parse(name: &str) -> Option<Room> {
        match name {
            "players" => Some(Room::Players),
            "watchers" => Some(Room::Watchers),
            _ => None,
        }
    }
}

/// Whether `c` changes the direction of the text around it: a line with one
/// could make what follows it on another page read backwards.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Free text as it is stored: trimmed, 1 to [`MAX_TEXT`] characters, no
/// control or direction characters (a line break or an escape sequence
/// would let one line pose as several, or as someone else's).
pub fn check_text(raw: &str) -> Result<String, Failure> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(Failure::new(Code::ChatEmpty, "a chat line says something"));
    }
    if text.chars().count() > MAX_TEXT {
        return Err(Failure::new(
            Code::ChatTooLong,
            format!("a chat line is at most {MAX_TEXT} characters"),
        ));
    }
    if text.chars().any(|c| c.is_control() || is_bidi_control(c)) {
        return Err(Failure::new(
            Code::ChatBadText,
            "a chat line has no control or direction characters",
        ));
    }
    Ok(text.to_owned())
}

impl Line {
    /// A stored line; `None` if its row is not one this server writes (a
    /// room or a preset it does not know).
    pub fn from_row(row: ChatRow) -> Option<Line> {
        let said = match (row.preset.as_deref(), row.body) {
            (Some(p), None) => Said::Preset(Preset::parse(p)?),
            (None, Some(t)) => Said::Text(t),
            _ => return None,
        };
        Some(Line {
            number: row.number,
            at: row.at,
            room: Room::parse(&row.room)?,
            person: row.person,
            name: row.name,
            player: row.player.and_then(|p| u32::try_from(p.index()).ok()),
            said,
        })
    }
}

/// How fast each person writes in one game.
#[derive(Debug, Default)]
pub struct Limiter {
    /// When each person's last lines were written, within [`WINDOW`].
    recent: HashMap<PersonId, VecDeque<Instant>>,
    /// Lines each person wrote in the game, once read from the store.
    totals: HashMap<PersonId, u32>,
}

impl Limiter {
    /// Whether `person`'s count of lines in the game is known.
    pub fn knows(&self, person: &PersonId) -> bool {
        self.totals.contains_key(person)
    }

    /// `person` wrote `total` lines in the game before (read from the
    /// store).
    pub fn set_total(&mut self, person: &PersonId, total: u32) {
        self.totals.insert(person.clone(), total);
    }

    /// May `person` write a line at `now`?
    pub fn check(&mut self, person: &PersonId, now: Instant) -> Result<(), Failure> {
        if self.totals.get(person).copied().unwrap_or(0) >= PER_GAME {
            return Err(Failure::new(
                Code::ChatQuota,
                format!("a person writes at most {PER_GAME} chat lines in a game"),
            ));
        }
        let recent = self.recent.entry(person.clone()).or_default();
        while recent
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= WINDOW)
        {
            recent.pop_front();
        }
        if recent.len() >= BURST {
            return Err(Failure::new(
                Code::ChatTooFast,
                format!("at most {BURST} chat lines in {} seconds", WINDOW.as_secs()),
            ));
        }
        Ok(())
    }

    /// `person` wrote a line at `now` (once stored).
    pub fn record(&mut self, person: &PersonId, now: Instant) {
        self.recent
            .entry(person.clone())
            .or_default()
            .push_back(now);
        *self.totals.entry(person.clone()).or_default() += 1;
    }
}

/// A line sent on the chat's channel: to one room, or (after the match)
/// to everyone.
/// A line carries its author, whom a reader who blocked them (or whom
/// they blocked) does not read.
type Sent = (Option<Room>, Option<PersonId>, Arc<str>);

/// A line kept for (re)connecting readers: its number, author and message.
type Kept = (u64, PersonId, Arc<str>);

/// A game's chat in memory: its settings, the last lines of each room, the
/// writers' pace and the channel its readers listen on. Read from the
/// store the first time the game's chat is used ([`Chat::loaded`]).
#[derive(Debug)]
pub struct Chat {
    loaded: bool,
    settings: Settings,
    last: u64,
    players: VecDeque<Kept>,
    watchers: VecDeque<Kept>,
    limiter: Limiter,
    tx: broadcast::Sender<Sent>,
}

impl Default for Chat {
    fn default() -> Chat {
        Chat {
            loaded: false,
            settings: Settings {
                free_text: true,
                creator: None,
            },
            last: 0,
            players: VecDeque::new(),
            watchers: VecDeque::new(),
            limiter: Limiter::default(),
            tx: broadcast::channel(64).0,
        }
    }
}

impl Chat {
    /// Whether the store has been read.
    pub fn loaded(&self) -> bool {
        self.loaded
    }

    /// Takes what the store holds: the settings, the last line's number
    /// and the last lines of each room.
    pub fn load(&mut self, settings: Settings, last: u64, lines: Vec<Line>) {
        self.settings = settings;
        self.last = last;
        self.players.clear();
        self.watchers.clear();
        for line in lines {
            self.keep(&line);
        }
        self.loaded = true;
    }

    /// Forgets what was read, so that the store is read again before the
    /// next line (after a write whose outcome is unknown).
    pub fn unload(&mut self) {
        self.loaded = false;
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Changes whether free text is allowed (once stored) and tells
    /// everyone.
    pub fn set_free_text(&mut self, free_text: bool) {
        self.settings.free_text = free_text;
        let _ = self.tx.send((None, None, self.settings.message()));
    }

    /// The writers' pace.
    pub fn limiter(&mut self) -> &mut Limiter {
        &mut self.limiter
    }

    /// The next line's number.
    pub fn next(&self) -> u64 {
        self.last + 1
    }

    fn keep(&mut self, line: &Line) {
        let kept = match line.room {
            Room::Players => &mut self.players,
            Room::Watchers => &mut self.watchers,
        };
        kept.push_back((line.number, line.person.clone(), line.message()));
        while kept.len() > KEPT {
            kept.pop_front();
        }
        self.last = self.last.max(line.number);
    }

    /// A line was stored: it reaches its room, or everyone once the match
    /// is `over`.
    pub fn commit(&mut self, line: &Line, over: bool) {
        self.keep(line);
        let to = (!over).then_some(line.room);
        let _ = self
            .tx
            .send((to, Some(line.person.clone()), line.message()));
    }

    /// `person` was forgotten at their request: their lines are dropped
    /// and every reader told which (the store keeps their numbers, without
    /// their words). `true` if there were any here.
    pub fn forget(&mut self, person: &PersonId) -> bool {
        let numbers = self.remove(|_, author| author == person);
        self.tell_removed(numbers)
    }

    /// A moderator hid line `number`: it is dropped and every reader told,
    /// whether it was among the lines kept here or older (a page may
    /// still show it).
    pub fn hide(&mut self, number: u64) {
        self.remove(|n, _| n == number);
        self.tell_removed(vec![number]);
    }

    /// Tells every reader that lines `numbers` are gone: `false` if none.
    fn tell_removed(&self, numbers: Vec<u64>) -> bool {
        if numbers.is_empty() {
            return false;
        }
        let _ = self.tx.send((None, None, Removed { numbers }.message()));
        true
    }

    /// A moderator showed line `line` again: kept and sent as it was, to
    /// its room (everyone once the match is `over`).
    pub fn show(&mut self, line: &Line, over: bool) {
        let kept = match line.room {
            Room::Players => &self.players,
            Room::Watchers => &self.watchers,
        };
        if kept.iter().any(|(n, _, _)| *n == line.number) {
            return;
        }
        self.commit(line, over);
        // Kept in number order, as the store reads them.
        for kept in [&mut self.players, &mut self.watchers] {
            kept.make_contiguous().sort_by_key(|(n, _, _)| *n);
        }
    }

    /// Drops the kept lines `which` picks (by number and author): their
    /// numbers, in order.
    fn remove(&mut self, which: impl Fn(u64, &PersonId) -> bool) -> Vec<u64> {
        let mut numbers: Vec<u64> = Vec::new();
        for kept in [&mut self.players, &mut self.watchers] {
            kept.retain(|(n, author, _)| {
                let gone = which(*n, author);
                if gone {
                    numbers.push(*n);
                }
                !gone
            });
        }
        numbers.sort_unstable();
        numbers
    }

    /// What a client reading `room` gets on (re)connecting: the settings
    /// and the room's last lines (both rooms' once the match is `over`),
    /// in order; and the live lines from there on. Lines of the people in
    /// `apart` (blocked either way) are left out.
    pub fn follow(&self, room: Room, over: bool, apart: Vec<PersonId>) -> (Vec<Arc<str>>, Feed) {
        let mut lines: Vec<&Kept> = match (over, room) {
            (true, _) => self.players.iter().chain(self.watchers.iter()).collect(),
            (false, Room::Players) => self.players.iter().collect(),
            (false, Room::Watchers) => self.watchers.iter().collect(),
        };
        lines.sort_by_key(|(n, _, _)| *n);
        let mut backlog = vec![self.settings.message()];
        backlog.extend(
            lines
                .into_iter()
                .filter(|(_, author, _)| !apart.contains(author))
                .map(|(_, _, m)| m.clone()),
        );
        let feed = Feed {
            rx: self.tx.subscribe(),
            room,
            all: over,
            apart,
        };
        (backlog, feed)
    }
}

/// The live chat lines one connection reads.
pub struct Feed {
    rx: broadcast::Receiver<Sent>,
    room: Room,
    /// The match was over when it connected: it reads both rooms.
    all: bool,
    /// The authors it does not read: blocked either way.
    apart: Vec<PersonId>,
}

impl Feed {
    /// The next line (or settings) for this reader. A reader too far
    /// behind misses lines rather than the game: it gets them on its next
    /// (re)connection. Never returns once the chat is gone.
    pub async fn recv(&mut self) -> Arc<str> {
        loop {
            match self.rx.recv().await {
                Ok((to, author, m))
                    if (self.all || to.is_none_or(|r| r == self.room))
                        && author.as_ref().is_none_or(|a| !self.apart.contains(a)) =>
                {
                    return m
                }
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => std::future::pending::<()>().await,
            }
        }
    }
}

/// A chat line as a client asks for it: a preset or free text, and the
/// room it is meant for (its writer's own when not named).
#[derive(Debug, Default)]
pub struct ChatRequest {
    /// A preset phrase.
    pub preset: Option<Preset>,
    /// Free text.
    pub text: Option<String>,
    /// The room it is meant for.
    pub room: Option<Room>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_text_is_trimmed_and_checked() {
        assert_eq!(check_text("  hi  ").unwrap(), "hi");
        assert_eq!(check_text(" \t ").unwrap_err().code, Code::ChatEmpty);
        let long = "ā".repeat(MAX_TEXT);
        assert_eq!(check_text(&long).unwrap(), long, "characters, not bytes");
        assert_eq!(
            check_text(&format!("{long}x")).unwrap_err().code,
            Code::ChatTooLong
        );
        assert_eq!(check_text("a\nb").unwrap_err().code, Code::ChatBadText);
        assert_eq!(
            check_text("a\u{202E}b").unwrap_err().code,
            Code::ChatBadText
        );
        assert_eq!(
            check_text("<script>alert(1)</script>").unwrap(),
            "<script>alert(1)</script>",
            "text is stored as it was written; the page shows it as text"
        );
    }

    #[test]
    fn presets_round_trip_by_id() {
        for p in [
            Preset::Hello,
            Preset::GoodLuck,
            Preset::WellPlayed,
            Preset::NiceShot,
            Preset::Thanks,
            Preset::Sorry,
            Preset::OneMoment,
            Preset::GoodGame,
            Preset::Bye,
        ] {
            assert_eq!(Preset::parse(p.id()), Some(p));
        }
        assert_eq!(Preset::parse("<b>"), None);
    }

    #[test]
    fn the_pace_is_five_in_ten_seconds_and_a_hundred_a_game() {
        let mut l = Limiter::default();
        let a = PersonId::random();
        let t = Instant::now();
        l.set_total(&a, 0);
        for k in 0..BURST {
            l.check(&a, t).unwrap();
            l.record(&a, t + Duration::from_millis(k as u64));
        }
        assert_eq!(l.check(&a, t).unwrap_err().code, Code::ChatTooFast);
        assert!(
            l.check(&PersonId::random(), t).is_ok(),
            "each person has their own pace"
        );
        l.check(&a, t + WINDOW + Duration::from_millis(10)).unwrap();
        l.set_total(&a, PER_GAME);
        assert_eq!(
            l.check(&a, t + WINDOW * 10).unwrap_err().code,
            Code::ChatQuota
        );
    }

    #[test]
    fn rooms_are_apart_until_the_match_is_over() {
        let mut chat = Chat::default();
        chat.load(
            Settings {
                free_text: true,
                creator: None,
            },
            0,
            vec![],
        );
        let writer = PersonId::random();
        let line = |number, room| Line {
            number,
            at: 0,
            room,
            person: writer.clone(),
            name: None,
            player: None,
            said: Said::Preset(Preset::Hello),
        };
        chat.commit(&line(1, Room::Players), false);
        chat.commit(&line(2, Room::Watchers), false);
        let (players, _) = chat.follow(Room::Players, false, vec![]);
        assert_eq!(players.len(), 2, "the settings and the players' line");
        assert!(players[1].contains("\"room\":\"players\""));
        let (watchers, _) = chat.follow(Room::Watchers, false, vec![]);
        assert!(watchers[1].contains("\"room\":\"watchers\""));
        let (all, _) = chat.follow(Room::Watchers, true, vec![]);
        assert_eq!(all.len(), 3, "after the match both rooms, in order");
        let (apart, _) = chat.follow(Room::Watchers, true, vec![writer.clone()]);
        assert_eq!(
            apart.len(),
            1,
            "a reader kept apart from the writer gets the settings alone"
        );
        assert_eq!(chat.next(), 3);
    }
}
