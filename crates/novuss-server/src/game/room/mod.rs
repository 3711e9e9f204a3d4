//! One game in memory: the core's [`Game`], the actions that made it, its
//! event number, the last events for clients that reconnect, and the
//! channel its clients listen on.
//!
//! Every change is made in two steps so that nothing is shown before it is
//! stored: an operation ([`Room::stroke`], [`Room::take_back`],
//! [`Room::next_set`]) checks and computes a [`Change`] without moving the
//! game on; the caller stores [`Change::body`]; only then [`Room::commit`]
//! moves the room on and returns the message for its clients. A refused or
//! unstored change leaves the room as it was.
//!
//! A change carries what the event adds, never a copy of the game: a stroke
//! costs the same at event 10,000 as at event 100. Taking back goes to the
//! nearest kept [`Mark`] and plays the few actions after it again.

mod change;
mod play;
pub use play::Play;
mod step;
pub use step::Change;
use step::Step;
mod audience;
mod clock;
mod may;
mod moving;
mod offers;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::{Game, GameError, Mark};
use novuss_core::rules::referee::PlayError;
use novuss_core::rules::set::SetState;
use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use tokio::sync::broadcast;

use crate::error::{Code, Failure};
use crate::feed::{Feed, RECENT};
use crate::game::clock::Timing;
use crate::game::event::{self, Act, Happened};
use crate::game::setup::{Controller, Setup};
use crate::game::view::{self, Summary};
use crate::ids::{GameId, PersonId};
use crate::offers::{Offer, OfferKind};
use crate::people::seats::Seats;
use crate::policy::{self, Action, Actor, May, Moment, SeatKind, Situation};
use crate::store::EventRow;
use crate::wire::motion::{By, Motion, Trace};
use crate::wire::state::State;
use crate::wire::timers::{AbsentTimer, Call, StrokeTimer, Timers};
use crate::wire::ws_in::{Claimed, StrokeRequest};
use crate::wire::ws_out::{Event, Notice};

/// A [`Mark`] is kept every this many actions, so that a take-back plays
/// at most this many actions again, whatever the game's length, for about
/// two kilobytes a mark.
const MARK_EVERY: usize = 32;

/// Where a stroke being played comes from.
pub(super) enum Origin {
    /// Played now: its motion is simulated now and stored with it.
    Live,
    /// Loaded from the store, with the motion stored with it if any.
    Loaded(Option<Trace>),
}

/// A socket open on a game ([`Room::watch`]).
pub struct Watching(Arc<AtomicUsize>);

impl Drop for Watching {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A computer stroke that is due.
pub struct Due {
    /// The event it is due at.
    pub event: u64,
    /// The seat to play.
    pub seat: Seat,
    /// The player there.
    pub player: PlayerId,
    /// Its level.
    pub level: novuss_ai::Level,
    /// The set to play in.
    pub set: SetState,
    /// A seed for its choice and its hand, the same whenever the game is
    /// at this event.
    pub seed: u64,
}

/// One game in memory.
pub struct Room {
    id: GameId,
    created: i64,
    setup: Setup,
    game: Game,
    acts: Vec<Act>,
    /// The strokes among `acts`.
    strokes: u32,
    /// Where the last stroke by a person is in `acts`.
    last_human: Option<usize>,
    /// A mark of the game before action `k`, every [`MARK_EVERY`] actions.
    marks: Vec<(usize, Mark)>,
    event: u64,
    /// The last events, for clients that reconnect, and the channel its
    /// clients follow.
    feed: Feed,
    /// Whether a task plays the computer's strokes in this game: at most
    /// one does, whatever clients do meanwhile.
    computer: bool,
    /// The sockets open on this game: a game somebody watches stays in
    /// memory.
    watchers: Arc<AtomicUsize>,
    /// The sockets that said hello and are not a player's: the audience.
    audience: usize,
    /// The audience the clients were last told of ([`Room::audience_news`]).
    audience_told: usize,
    /// The last stroke's event and how long it moves, s ([`Room::moving_message`]).
    last_stroke: Option<(u64, f64)>,
    /// The last hint given, by event and level (hints are deterministic),
    /// with its best stroke, which the aim tool then offers.
    hint: Option<(u64, novuss_ai::Level, Arc<str>, novuss_ai::Choice)>,
    /// Whether the hub has forgotten this room because its picture may
    /// differ from what is stored: it takes no more changes.
    retired: bool,
    /// Who holds each player's seat, and who is connected.
    seats: Seats,
    /// When the turn in play began, ms since 1970, as stored
    /// (`games.turn_at`): the stroke clock and the absence grace count
    /// from it.
    turn_at: i64,
    /// When this room was loaded, ms since 1970: nobody could come back
    /// before, so an absence counts from no earlier.
    loaded_at: i64,
    /// Whether the game was abandoned.
    abandoned: bool,
    /// Whether a task watches this game's clocks: at most one does.
    timer: bool,
    /// Woken when something the clocks depend on changes.
    timer_wake: Arc<tokio::sync::Notify>,
    /// An offer waiting for the other side's answer.
    offer: Option<Offer>,
    /// Whether the other side declined a rematch of this game.
    rematch_declined: bool,
    /// The rematch the players agreed on.
    rematch: Option<String>,
    /// The game's chat (not part of the game: no events).
    chat: crate::chat::Chat,
}

/// Why a game cannot be set up, rebuilt from its events, or taken back.
#[derive(Debug)]
#[non_exhaustive]
pub enum RoomError {
    /// The set-up cannot start a game.
    Setup(GameError),
    /// The stored set-up cannot be read.
    UnreadableSetup(serde_json::Error),
    /// A stored event cannot be read.
    UnreadableEvent {
        /// Its number.
        number: u64,
        /// Why.
        error: serde_json::Error,
    },
    /// The stored events are not numbered one after another.
    OutOfOrder {
        /// The event found.
        number: u64,
        /// The event before it.
        after: u64,
    },
    /// A stored event is refused by the game it is played on.
    Refused {
        /// Its number.
        number: u64,
        /// The refusal.
        refusal: Failure,
    },
    /// An action the game held plays no longer (actions count from 1).
    Action {
        /// Which.
        index: usize,
        /// The core's refusal, in its words.
        error: ActionError,
    },
    /// A take-back found no mark to go back to, or one not of this game.
    NoMark,
}

/// A stroke or a set start the core refused.
#[derive(Debug)]
pub enum ActionError {
    /// A stroke.
    Play(PlayError),
    /// The start of a set.
    Game(GameError),
    /// A conduct decision.
    Conduct(novuss_core::rules::referee::Refusal),
}

impl std::fmt::Display for RoomError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RoomError::Setup(e) => write!(f, "cannot set up the game: {e}"),
            RoomError::UnreadableSetup(e) => write!(f, "unreadable set-up: {e}"),
            RoomError::UnreadableEvent { number, error } => {
                write!(f, "unreadable event {number}: {error}")
            }
            RoomError::OutOfOrder { number, after } => {
                write!(f, "event {number} follows event {after}")
            }
            RoomError::Refused { number, refusal } => {
                write!(f, "event {number} does not replay: {}", refusal.detail)
            }
            RoomError::Action { index, error } => match error {
                ActionError::Play(e) => write!(f, "action {index}: {e}"),
                ActionError::Game(e) => write!(f, "action {index}: {e}"),
                ActionError::Conduct(e) => write!(f, "action {index}: {e}"),
            },
            RoomError::NoMark => f.write_str("no mark of this game to take it back to"),
        }
    }
}

impl std::error::Error for RoomError {}

/// Plays `acts` on `game`, which is at action `from`.
fn play_acts(game: &mut Game, acts: &[Act], from: usize) -> Result<(), RoomError> {
    for (k, act) in acts.iter().enumerate() {
        let done = match act {
            Act::Stroke { seat, stroke, .. } => game
                .play(*seat, stroke)
                .map(drop)
                .map_err(ActionError::Play),
            Act::NextSet => game.next_set().map(drop).map_err(ActionError::Game),
            Act::Resign { seat } => game.resign(*seat).map_err(ActionError::Game),
            Act::Abort => game.abort().map_err(ActionError::Game),
            Act::Conduct(c) => game.conduct(c).map(drop).map_err(ActionError::Conduct),
            Act::Abandon => Ok(()),
        };
        done.map_err(|error| RoomError::Action {
            index: from + k + 1,
            error,
        })?;
    }
    Ok(())
}

/// How many of `acts` are strokes.
fn strokes_among(acts: &[Act]) -> u32 {
    acts.iter()
        .filter(|a| matches!(a, Act::Stroke { .. }))
        .count() as u32
}

/// Takes `game` back to `keep` of its `acts`: to the last mark at or before
/// it, then the actions after the mark played again.
fn rewind(
    game: &mut Game,
    marks: &[(usize, Mark)],
    acts: &[Act],
    keep: usize,
) -> Result<(), RoomError> {
    let Some((at, mark)) = marks.iter().rev().find(|(at, _)| *at <= keep) else {
        return Err(RoomError::NoMark);
    };
    game.rewind(mark).map_err(|_| RoomError::NoMark)?;
    play_acts(game, &acts[*at..keep], *at)
}

impl Room {
    /// A new game at event 0.
    pub fn new(id: GameId, created: i64, setup: Setup) -> Result<Room, RoomError> {
        let game = event::start(&setup).map_err(RoomError::Setup)?;
        let marks = vec![(0, game.mark())];
        let setup_controllers = setup.controllers.clone();
        Ok(Room {
            id,
            created,
            setup,
            game,
            acts: vec![],
            strokes: 0,
            last_human: None,
            marks,
            event: 0,
            feed: Feed::default(),
            computer: false,
            watchers: Arc::new(AtomicUsize::new(0)),
            audience: 0,
            audience_told: 0,
            last_stroke: None,
            hint: None,
            retired: false,
            seats: Seats::new(setup_controllers.iter().map(Controller::is_computer), &[]),
            turn_at: crate::game::clock::now_ms(),
            loaded_at: crate::game::clock::now_ms(),
            abandoned: false,
            timer: false,
            timer_wake: Arc::new(tokio::sync::Notify::new()),
            offer: None,
            rematch_declined: false,
            rematch: None,
            chat: crate::chat::Chat::default(),
        })
    }

    /// Rebuilds a stored game from its set-up and events, replaying every
    /// event through the same steps that made it, so that the events a
    /// reconnecting client asks for are there again after a restart. It
    /// costs the game's length once: only the last [`RECENT`] events'
    /// messages are made again, and a take-back goes back from the nearest
    /// mark.
    pub fn load(
        id: GameId,
        created: i64,
        setup: &str,
        events: &[EventRow],
        seats: impl FnOnce(&[Controller]) -> Seats,
    ) -> Result<Room, RoomError> {
        let setup: Setup = serde_json::from_str(setup).map_err(RoomError::UnreadableSetup)?;
        let mut room = Room::new(id, created, setup)?;
        // Before the events: the states their messages carry name the
        // seats' holders.
        room.seats = seats(&room.setup.controllers);
        let shown_from = events.len().saturating_sub(RECENT);
        for (k, row) in events.iter().enumerate() {
            room.replay(row, k >= shown_from)?;
        }
        Ok(room)
    }

    /// Moves the room on by stored events that another server wrote,
    /// replayed through the same steps as on loading but shown: each one's
    /// message is sent to the clients and kept for those that reconnect,
    /// exactly as [`Room::commit`] does for an event played here. Events
    /// the room already has are skipped (a notice may repeat or come late);
    /// a gap is refused, since its events would be missing from every
    /// client's picture. Returns how many were applied. On an error the
    /// events before it stay applied: they are stored, so the room is
    /// still a stored state, only behind.
    ///
    /// What only the writing server does is not done here: ratings are
    /// settled once by the writer, and the caller sets the turn's start
    /// from the stored row and wakes the computer and the clocks.
    pub fn follow(&mut self, rows: &[EventRow]) -> Result<usize, RoomError> {
        let mut applied = 0;
        for row in rows {
            if row.number <= self.event {
                continue;
            }
            self.replay(row, true)?;
            applied += 1;
        }
        Ok(applied)
    }

    /// Plays stored event `row`, which must be the next one, through the
    /// steps that made it; when `shown`, its message is sent and kept.
    fn replay(&mut self, row: &EventRow, shown: bool) -> Result<(), RoomError> {
        let number = row.number;
        if number != self.event + 1 {
            return Err(RoomError::OutOfOrder {
                number,
                after: self.event,
            });
        }
        let happened: Happened = serde_json::from_str(&row.body)
            .map_err(|error| RoomError::UnreadableEvent { number, error })?;
        let change = match happened {
            Happened::Stroke {
                seat,
                by,
                stroke,
                trace,
            } => self.play_traced(seat, by, stroke, Origin::Loaded(trace)),
            Happened::NextSet => self.next_set(self.event),
            Happened::Resign { seat } => self.resign(self.event, seat),
            Happened::Abort { seat } => self.abort(self.event, seat),
            Happened::TimeOut { seat } => self.time_out(self.event, seat, None),
            Happened::Claim { seat, absent, what } => {
                self.claim(self.event, seat, absent, what, None)
            }
            Happened::Abandon => self.abandon(self.event),
            Happened::TakeBack { actions } => {
                // In place: the stored take-back needs no copy of the
                // game to check it against.
                let undone = self.rewind_in_place(actions as usize)?;
                self.event += 1;
                // As in `apply`: an offer was about the game before it.
                self.offer = None;
                if shown {
                    let message = self.taken_back_message(undone);
                    self.show(message);
                }
                return Ok(());
            }
        }
        .map_err(|refusal| RoomError::Refused { number, refusal })?;
        self.apply(change, shown);
        if self.event != number {
            // `apply` logged why; without this the next event would be
            // refused as out of order, or a last one lost unnoticed.
            return Err(RoomError::Refused {
                number,
                refusal: Failure::new(Code::Damaged, "judged, it did not apply"),
            });
        }
        Ok(())
    }

    /// The game's id.
    pub fn id(&self) -> &GameId {
        &self.id
    }

    /// The number of the last event.
    pub fn event(&self) -> u64 {
        self.event
    }

    /// The set-up.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// When the game was created, seconds since 1970.
    pub fn created(&self) -> i64 {
        self.created
    }

    /// The actions that make the game now.
    pub fn acts(&self) -> &[Act] {
        &self.acts
    }

    /// The game's summary now.
    pub fn summary(&self) -> Summary {
        let mut summary = Summary::new(self.game.progress(), self.strokes);
        summary.abandoned = self.abandoned;
        summary
    }

    /// A receiver of every later message.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.feed.subscribe()
    }

    /// Sends a message that is not an event (such as "thinking").
    pub fn announce(&self, message: Arc<str>) {
        self.feed.announce(message);
    }

    fn can_take_back(&self) -> bool {
        self.setup.casual
            && !self.game.is_over()
            && self.last_human.is_some()
            && !self.seats.between_people()
    }

    /// Who holds the seats.
    pub fn seats(&self) -> &Seats {
        &self.seats
    }

    /// `person` was forgotten at their request (stored already): their
    /// seats lose their name, and the names typed for them in the
    /// new-game form go too. `false` if they hold no seat here.
    pub fn forget(&mut self, person: &PersonId) -> bool {
        if !self.seats.forget(person) {
            return false;
        }
        let held: Vec<PlayerId> = (0..self.seats.holders().len())
            .map(PlayerId)
            .filter(|p| {
                self.seats.holder(*p) == Some(&crate::people::seats::Holder::Person(person.clone()))
            })
            .collect();
        self.setup.forget_names(&held);
        true
    }

    /// Who holds the seats, to change once a change of them is stored.
    pub fn seats_mut(&mut self) -> &mut Seats {
        &mut self.seats
    }

    /// The `seats` message: who holds each seat and who is connected. It
    /// is not an event: it changes nothing of the game.
    pub fn seats_message(&self) -> Arc<str> {
        Notice::Seats {
            seats: self.seats.view(true),
            may: self.may(),
        }
        .text()
    }

    /// The game's chat.
    pub fn chat(&self) -> &crate::chat::Chat {
        &self.chat
    }

    /// The game's chat, to load or change once stored.
    pub fn chat_mut(&mut self) -> &mut crate::chat::Chat {
        &mut self.chat
    }

    /// The game's state now.
    pub fn state(&self) -> State {
        view::state(
            self.id.as_str(),
            self.created,
            self.event,
            &self.setup,
            &self.game,
            self.can_take_back(),
        )
        .with_seats(self.seats.view(false))
        .with_abandoned(self.abandoned)
        .with_may(self.may())
    }

    /// The `state` message.
    pub fn state_message(&self) -> Arc<str> {
        Notice::State {
            event: self.event,
            state: self.state(),
        }
        .text()
    }

    /// The events after `since`, if the room still has them all.
    pub fn since(&self, since: u64) -> Option<Vec<Arc<str>>> {
        self.feed.since(since, self.event)
    }

    fn fresh(&self, event: u64) -> Result<(), Failure> {
        if self.abandoned {
            return Err(Failure::new(
                Code::Abandoned,
                "the game was abandoned: nothing more is played in it",
            ));
        }
        if event != self.event {
            return Err(Failure::new(
                Code::Stale,
                format!("the game is at event {}, not {event}", self.event),
            ));
        }
        Ok(())
    }

    /// Moves the room on by a stored change and tells its clients.
    pub fn commit(&mut self, change: Change) -> Arc<str> {
        self.apply(change, true).unwrap_or_default()
    }

    /// Moves the room on by a change; makes and keeps its message when
    /// `shown`.
    fn apply(&mut self, change: Change, shown: bool) -> Option<Arc<str>> {
        self.event += 1;
        // An offer was made about the game as it was.
        self.offer = None;
        let message = match change.step {
            Step::Stroke {
                seat,
                by,
                stroke,
                stored,
                player,
                prepared,
                motion,
            } => {
                let played = match self.game.apply(*prepared) {
                    Ok(p) => p,
                    Err(e) => {
                        // Prepared under the same lock on the same game:
                        // cannot happen. The room is rebuilt from what is
                        // stored when it is next loaded.
                        tracing::error!(game = %self.id, "a stroke prepared here did not apply: {e}");
                        self.event -= 1;
                        return None;
                    }
                };
                if by == By::Human {
                    self.last_human = Some(self.acts.len());
                }
                self.push(Act::Stroke {
                    seat,
                    by,
                    stroke,
                    trace: motion.trace.clone(),
                    stored,
                });
                self.strokes += 1;
                self.last_stroke = Some((self.event, motion.trace.duration));
                shown.then(|| {
                    Event::Stroke {
                        event: self.event,
                        seat,
                        player,
                        by,
                        stroke: &stroke,
                        motion: &motion,
                        verdict: &played.verdict,
                        rules: event::rules(&played.verdict),
                        state: self.state(),
                    }
                    .text()
                })
            }
            Step::Rewind { game, keep } => {
                self.game = *game;
                let undone = self.cut(keep);
                shown.then(|| self.taken_back_message(undone))
            }
            Step::Resign { seat, player } => {
                if let Err(e) = self.game.resign(seat) {
                    tracing::error!(game = %self.id, "a checked resignation did not apply: {e}");
                    self.event -= 1;
                    return None;
                }
                self.push(Act::Resign { seat });
                shown.then(|| {
                    Event::Resigned {
                        event: self.event,
                        seat,
                        player,
                        state: self.state(),
                    }
                    .text()
                })
            }
            Step::Abort { seat } => {
                if let Err(e) = self.game.abort() {
                    tracing::error!(game = %self.id, "a checked abort did not apply: {e}");
                    self.event -= 1;
                    return None;
                }
                self.push(Act::Abort);
                shown.then(|| {
                    Event::Aborted {
                        event: self.event,
                        seat,
                        state: self.state(),
                    }
                    .text()
                })
            }
            Step::Called {
                game,
                act,
                call,
                seat,
                by,
                player,
                verdict,
            } => {
                self.game = *game;
                if matches!(act, Act::Abandon) {
                    self.abandoned = true;
                }
                self.push(act);
                shown.then(|| {
                    Event::Called {
                        event: self.event,
                        call,
                        seat,
                        by,
                        player,
                        rules: verdict.as_deref().map(event::rules),
                        verdict: verdict.as_deref(),
                        state: self.state(),
                    }
                    .text()
                })
            }
            Step::NextSet => {
                if let Err(e) = self.game.next_set() {
                    tracing::error!(game = %self.id, "a checked next set did not start: {e}");
                    self.event -= 1;
                    return None;
                }
                self.push(Act::NextSet);
                shown.then(|| {
                    Event::SetStarted {
                        event: self.event,
                        set_number: self.game.progress().set_number(),
                        state: self.state(),
                    }
                    .text()
                })
            }
        };
        let message = message?;
        self.show(message.clone());
        Some(message)
    }

    /// Keeps an event's message for clients that reconnect and sends it
    /// to those connected.
    fn show(&mut self, message: Arc<str>) {
        self.feed.show(self.event, message);
    }

    /// Adds an action the game has just played, and a mark of the game
    /// after it every [`MARK_EVERY`] actions.
    fn push(&mut self, act: Act) {
        self.acts.push(act);
        if self.acts.len() % MARK_EVERY == 0 {
            self.marks.push((self.acts.len(), self.game.mark()));
        }
    }

    fn taken_back_message(&self, strokes: usize) -> Arc<str> {
        Event::TakenBack {
            event: self.event,
            strokes,
            state: self.state(),
        }
        .text()
    }

    /// Takes no more changes, and ends every client's stream of messages
    /// (they reconnect, and get the game as it is stored).
    pub fn retire(&mut self) {
        self.retired = true;
        self.feed.close();
    }

    /// Whether the room was retired.
    pub fn retired(&self) -> bool {
        self.retired
    }

    /// Claims the computer's task for this room: `false` if one runs.
    pub fn claim_computer(&mut self) -> bool {
        !std::mem::replace(&mut self.computer, true)
    }

    /// Ends the computer's task; call under the same lock as the last
    /// [`Room::due`] that found nothing, so no due stroke falls between.
    pub fn release_computer(&mut self) {
        self.computer = false;
    }

    /// Whether a task plays the computer's strokes now.
    pub fn computer_busy(&self) -> bool {
        self.computer
    }

    /// Counts a socket open on this game until the [`Watching`] is
    /// dropped, however its connection ends.
    pub fn watch(&self) -> Watching {
        self.watchers.fetch_add(1, Ordering::AcqRel);
        Watching(self.watchers.clone())
    }

    /// Whether anything needs this room in memory: a socket open on it, or
    /// the computer's task. (A request in progress holds its lock.)
    pub fn in_use(&self) -> bool {
        self.computer || self.watchers.load(Ordering::Acquire) > 0
    }

    /// The hint kept for `event` and `level`.
    pub fn hint(&self, event: u64, level: novuss_ai::Level) -> Option<Arc<str>> {
        match &self.hint {
            Some((e, l, m, _)) if *e == event && *l == level => Some(m.clone()),
            _ => None,
        }
    }

    /// The best stroke of the last hint given at `event`, at any level.
    pub fn hinted(&self, event: u64) -> Option<novuss_ai::Choice> {
        self.hint
            .as_ref()
            .filter(|(e, ..)| *e == event)
            .map(|(.., best)| *best)
    }

    /// Keeps a hint, and its best stroke.
    pub fn keep_hint(
        &mut self,
        event: u64,
        level: novuss_ai::Level,
        message: Arc<str>,
        best: novuss_ai::Choice,
    ) {
        self.hint = Some((event, level, message, best));
    }
}

/// A seed from a game's id and event (FNV-1a, then mixed), so that a game
/// replays the same computer strokes at the same events.
pub fn seed(id: &str, event: u64) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in id.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    (h ^ event.wrapping_mul(0x9e37_79b9_7f4a_7c15)).rotate_left(17)
}

#[cfg(test)]
pub(crate) mod tests;
