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

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::{Game, GameError, Mark, Prepared};
use novuss_core::rules::referee::PlayError;
use novuss_core::rules::set::SetState;
use novuss_core::seat::Seat;
use novuss_core::PlayerId;
use serde::Deserialize;
use tokio::sync::broadcast;

use crate::clock::{AbsentTimer, Call, StrokeTimer, Timers, Timing};
use crate::error::{Code, Failure};
use crate::event::{self, Act, By, Claimed, Happened, Motion};
use crate::identity::PersonId;
use crate::message::Outgoing;
use crate::offers::{Offer, OfferKind};
use crate::policy::{self, Action, Actor, May, Moment, SeatKind, Situation};
use crate::seats::Seats;
use crate::setup::{Controller, Setup};
use crate::store::EventRow;
use crate::trace::Trace;
use crate::view::{self, State, Summary};

/// How many events a room keeps for clients that reconnect.
pub const RECENT: usize = 256;
/// At most this many bytes of them: a state is a few kilobytes, so a long
/// game keeps fewer events rather than more memory.
pub const RECENT_BYTES: usize = 512 * 1024;
/// A [`Mark`] is kept every this many actions, so that a take-back plays
/// at most this many actions again, whatever the game's length, for about
/// two kilobytes a mark.
const MARK_EVERY: usize = 32;

/// Where a stroke being played comes from.
enum Origin {
    /// Played now: its motion is simulated now and stored with it.
    Live,
    /// Loaded from the store, with the motion stored with it if any.
    Loaded(Option<Trace>),
}

/// A stroke as a client asks for it (the `stroke` request of
/// docs/protocol.md, without its `type`).
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StrokeRequest {
    /// The event the client's picture is at.
    pub event: u64,
    /// The seat it plays for.
    pub seat: Seat,
    /// The striker's centre.
    pub striker: [f64; 2],
    /// The push's direction.
    pub direction: [f64; 2],
    /// The speed, m/s.
    pub speed: f64,
}

/// A checked change, not yet stored.
pub struct Change {
    happened: Happened,
    /// The game's summary after it.
    summary: Summary,
    /// Whether the match is over after it.
    over: bool,
    step: Step,
}

/// What a change does to the room.
enum Step {
    /// A stroke, judged but not yet applied.
    Stroke {
        /// The seat that played.
        seat: Seat,
        /// Who.
        by: By,
        /// The stroke.
        stroke: Stroke,
        /// Whether the motion is the one stored with it.
        stored: bool,
        /// The player who made it, read before it (a stroke that ends a
        /// set moves the match on to the next set's seating).
        player: Option<PlayerId>,
        prepared: Box<Prepared>,
        motion: Motion,
    },
    /// A take-back: the game as it is after it, and how many actions stay.
    Rewind { game: Box<Game>, keep: usize },
    /// The next set.
    NextSet,
    /// A resignation.
    Resign { seat: Seat, player: PlayerId },
    /// An abort.
    Abort { seat: Seat },
    /// A call of the referee's or the server's: the game as it is after
    /// it, worked out on a copy.
    Called {
        game: Box<Game>,
        act: Act,
        call: Call,
        /// The seat called: the one timed out, the absent one.
        seat: Seat,
        /// The claimant's seat.
        by: Option<Seat>,
        player: Option<PlayerId>,
        verdict: Option<Box<novuss_core::rules::verdict::Verdict>>,
    },
}

impl Change {
    /// The event as it is stored.
    pub fn body(&self) -> Result<String, Failure> {
        serde_json::to_string(&self.happened)
            .map_err(|e| Failure::internal("an event could not be written", &e))
    }

    /// The event as stored, without a stroke's motion: for a stroke a
    /// fresh simulation plays bit for bit as it was played (an uploaded
    /// record, checked so before it is stored), the motion is simulated
    /// again when it is shown, as for events stored before motions were
    /// kept. A motion is most of a stroke's event: kept, it made an
    /// uploaded record cost several times its own size.
    pub fn body_without_motion(&self) -> Result<String, Failure> {
        let mut happened = self.happened.clone();
        if let Happened::Stroke { trace, .. } = &mut happened {
            *trace = None;
        }
        serde_json::to_string(&happened)
            .map_err(|e| Failure::internal("an event could not be written", &e))
    }

    /// Whether the match is over after it.
    pub fn over(&self) -> bool {
        self.over
    }

    /// The game's summary after it.
    pub fn summary(&self) -> Result<String, Failure> {
        self.summary.json()
    }
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
    id: String,
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
    recent: VecDeque<(u64, Arc<str>)>,
    tx: broadcast::Sender<Arc<str>>,
    /// Bytes of the messages in `recent`.
    recent_bytes: usize,
    /// Whether a task plays the computer's strokes in this game: at most
    /// one does, whatever clients do meanwhile.
    computer: bool,
    /// The sockets open on this game: a game somebody watches stays in
    /// memory.
    watchers: Arc<AtomicUsize>,
    /// The last hint given, by event and level: hints are deterministic.
    hint: Option<(u64, novuss_ai::Level, Arc<str>)>,
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
    pub fn new(id: String, created: i64, setup: Setup) -> Result<Room, RoomError> {
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
            recent: VecDeque::new(),
            tx: broadcast::channel(64).0,
            recent_bytes: 0,
            computer: false,
            watchers: Arc::new(AtomicUsize::new(0)),
            hint: None,
            retired: false,
            seats: Seats::new(&setup_controllers, &[]),
            turn_at: crate::clock::now_ms(),
            loaded_at: crate::clock::now_ms(),
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
        id: String,
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
    pub fn id(&self) -> &str {
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
        self.tx.subscribe()
    }

    /// Sends a message that is not an event (such as "thinking").
    pub fn announce(&self, message: Arc<str>) {
        let _ = self.tx.send(message);
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

    /// May `who` ask `action` about the player at `seat` (`None`: about
    /// the whole game)? The one policy answers ([`crate::policy`]); a seat
    /// nobody plays from is the whole game's, and the match then answers
    /// why not (`cannot_resign`, `cannot_abort`).
    pub fn ask(
        &self,
        who: Option<&PersonId>,
        seat: Option<Seat>,
        action: Action,
    ) -> Result<(), Failure> {
        let player = seat.and_then(|s| self.game.progress().player_at(s));
        policy::decide(
            Actor::toward(&self.seats, who, player),
            action,
            &self.situation(),
        )
    }

    /// [`Room::ask`] for a request about the whole game by someone who
    /// did or did not create it.
    pub fn ask_as_creator(
        &self,
        who: Option<&PersonId>,
        creator: bool,
        action: Action,
    ) -> Result<(), Failure> {
        policy::decide(
            Actor::toward(&self.seats, who, None).created(creator),
            action,
            &self.situation(),
        )
    }

    /// The game as the policy sees it.
    pub fn situation(&self) -> Situation {
        let progress = self.game.progress();
        let n = self.setup.controllers.len();
        let last_stroke_by = match (self.acts.len().checked_sub(1), self.acts.last()) {
            (Some(k), Some(Act::Stroke { seat, .. })) if self.last_human == Some(k) => {
                progress.player_at(*seat)
            }
            _ => None,
        };
        Situation {
            casual: self.setup.casual,
            rated: self.setup.rated,
            between_people: self.seats.between_people(),
            seats_open: self.seats.waiting(),
            match_over: self.game.is_over(),
            abandoned: self.abandoned,
            now: Moment {
                seats: self
                    .setup
                    .controllers
                    .iter()
                    .map(|c| match c {
                        Controller::Human => SeatKind::Person,
                        Controller::Computer(_) => SeatKind::Computer,
                    })
                    .collect(),
                sides: (0..n)
                    .map(|k| progress.contender_of(PlayerId(k)).0)
                    .collect(),
                to_play: self.in_play().map(|(_, p)| p),
                between_sets: self.game.between_sets() && !self.game.is_over(),
                take_back: self.can_take_back(),
                last_stroke_by,
                abortable: self.game.can_abort(),
                offer: self.offer.map(|o| (o.kind, o.player)),
                rematch_settled: self.rematch.is_some() || self.rematch_declined,
            },
        }
    }

    /// What each client of the game may do now.
    pub fn may(&self) -> May {
        policy::may(&self.situation())
    }

    /// Who holds the seats, to change once a change of them is stored.
    pub fn seats_mut(&mut self) -> &mut Seats {
        &mut self.seats
    }

    /// The `seats` message: who holds each seat and who is connected. It
    /// is not an event: it changes nothing of the game.
    pub fn seats_message(&self) -> Arc<str> {
        Outgoing::Seats {
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
            &self.id,
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
        Outgoing::State {
            event: self.event,
            state: self.state(),
        }
        .text()
    }

    /// The events after `since`, if the room still has them all.
    pub fn since(&self, since: u64) -> Option<Vec<Arc<str>>> {
        if since > self.event {
            return None;
        }
        if since == self.event {
            return Some(vec![]);
        }
        let first = self.recent.front()?.0;
        (first <= since + 1).then(|| {
            self.recent
                .iter()
                .filter(|(n, _)| *n > since)
                .map(|(_, m)| m.clone())
                .collect()
        })
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

    /// A human stroke, checked and judged. Only the engine's scratch space
    /// is used: the game does not move on until [`Room::commit`].
    pub fn stroke(&mut self, r: &StrokeRequest) -> Result<Change, Failure> {
        let finite = r.striker.iter().chain(&r.direction).all(|x| x.is_finite());
        if !finite || !r.speed.is_finite() {
            return Err(Failure::new(
                Code::NotFinite,
                "the striker, direction and speed must be finite numbers",
            ));
        }
        self.fresh(r.event)?;
        let set = self.game.set();
        if set.is_over() {
            return Err(Failure::new(Code::SetOver, "the set is over"));
        }
        let to_play = set.seat_to_play();
        if r.seat != to_play {
            return Err(Failure::new(
                Code::NotYourTurn,
                format!("it is {to_play}'s turn, not {}'s", r.seat),
            ));
        }
        if self.controller(to_play) != Controller::Human {
            return Err(Failure::new(
                Code::ComputerSeat,
                format!("{to_play} is played by the computer"),
            ));
        }
        let stroke = Stroke {
            striker: r.striker.into(),
            direction: r.direction.into(),
            speed: r.speed,
        };
        self.play(to_play, By::Human, stroke)
    }

    /// A stroke played as given (a human's checked request, or the
    /// computer's executed stroke), judged but not yet applied.
    pub fn play(&mut self, seat: Seat, by: By, stroke: Stroke) -> Result<Change, Failure> {
        self.play_traced(seat, by, stroke, Origin::Live)
    }

    /// A stroke judged; `origin` says whether its motion is the one just
    /// simulated or the one stored with it. The room keeps and shows the
    /// stored motion (what was played); a replay compares it with a fresh
    /// simulation.
    fn play_traced(
        &mut self,
        seat: Seat,
        by: By,
        stroke: Stroke,
        origin: Origin,
    ) -> Result<Change, Failure> {
        let bodies = event::bodies(self.game.set());
        let player = self.game.progress().player_at(seat);
        let prepared = self
            .game
            .prepare(seat, &stroke)
            .map_err(|e| Failure::of_play(&e))?;
        let (trace, stored) = match origin {
            Origin::Loaded(Some(t)) => (t, true),
            // A new stroke's trace is stored with it; an old event without
            // one is shown as simulated now.
            origin => (
                Trace::of(&prepared.judged().outcome),
                matches!(origin, Origin::Live),
            ),
        };
        let trace = Arc::new(trace);
        let progress = self.game.progress_after(&prepared);
        Ok(Change {
            happened: Happened::Stroke {
                seat,
                by,
                stroke,
                trace: Some((*trace).clone()),
            },
            summary: Summary::new(&progress, self.strokes + 1),
            over: progress.is_over(),
            step: Step::Stroke {
                seat,
                by,
                stroke,
                stored,
                player,
                prepared: Box::new(prepared),
                motion: Motion { bodies, trace },
            },
        })
    }

    fn controller(&self, seat: Seat) -> Controller {
        self.game
            .progress()
            .player_at(seat)
            .and_then(|p| self.setup.controllers.get(p.index()).copied())
            .unwrap_or(Controller::Human)
    }

    /// Takes back the last human stroke and whatever followed it.
    pub fn take_back(&self, event: u64) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(
                Code::MatchOver,
                "the match is over: its result stands",
            ));
        }
        let Some(last) = self.last_human else {
            return Err(Failure::new(
                Code::NothingToTakeBack,
                "no stroke played by a person to take back",
            ));
        };
        // The game after it is worked out on a copy, so that an unstored
        // take-back changes nothing; a copy costs the record's length, and
        // only casual games take back.
        let mut game = self.game.clone();
        rewind(&mut game, &self.marks, &self.acts, last)
            .map_err(|e| Failure::internal("a take-back could not be worked out", &e))?;
        let strokes = self.strokes - strokes_among(&self.acts[last..]);
        Ok(Change {
            happened: Happened::TakeBack {
                actions: (self.acts.len() - last) as u32,
            },
            summary: Summary::new(game.progress(), strokes),
            over: game.is_over(),
            step: Step::Rewind {
                game: Box::new(game),
                keep: last,
            },
        })
    }

    /// Undoes the last `n` actions on the room itself (a stored take-back
    /// being loaded).
    fn rewind_in_place(&mut self, n: usize) -> Result<usize, RoomError> {
        let keep = self.acts.len().saturating_sub(n);
        rewind(&mut self.game, &self.marks, &self.acts, keep)?;
        Ok(self.cut(keep))
    }

    /// Forgets the actions from `keep` on, and the marks after it.
    fn cut(&mut self, keep: usize) -> usize {
        let undone = strokes_among(&self.acts[keep..]);
        self.acts.truncate(keep);
        self.strokes -= undone;
        self.marks.retain(|(at, _)| *at <= keep);
        self.last_human = self
            .acts
            .iter()
            .rposition(|a| matches!(a, Act::Stroke { by: By::Human, .. }));
        undone as usize
    }

    /// Starts the next set.
    pub fn next_set(&self, event: u64) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        if !self.game.between_sets() {
            return Err(Failure::new(
                Code::NotBetweenSets,
                novuss_core::play::game::GameError::SetNotOver.to_string(),
            ));
        }
        Ok(Change {
            happened: Happened::NextSet,
            summary: self.summary(),
            over: false,
            step: Step::NextSet,
        })
    }

    /// The player at `seat` resigns the match. Only a person resigns: a
    /// computer plays on.
    pub fn resign(&self, event: u64, seat: Seat) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        let progress = self.game.progress();
        let Some(player) = progress.player_at(seat) else {
            return Err(Failure::new(
                Code::CannotResign,
                format!("nobody plays from the {seat} seat"),
            ));
        };
        if self.controller(seat) != Controller::Human {
            return Err(Failure::new(
                Code::ComputerSeat,
                format!("{seat} is played by the computer"),
            ));
        }
        // Checked on a copy of the match: the room moves only once stored.
        let mut after = progress.clone();
        after
            .resign(player)
            .map_err(|e| Failure::new(Code::CannotResign, e.to_string()))?;
        Ok(Change {
            happened: Happened::Resign { seat },
            summary: Summary::new(&after, self.strokes),
            over: true,
            step: Step::Resign { seat, player },
        })
    }

    /// The player at `seat` calls the match off: only a person, and only
    /// before every side has stroked in the first set.
    pub fn abort(&self, event: u64, seat: Seat) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        if self.game.progress().player_at(seat).is_none()
            || self.controller(seat) != Controller::Human
        {
            return Err(Failure::new(
                Code::CannotAbort,
                format!("nobody at the {seat} seat can abort: it is not a person's"),
            ));
        }
        if !self.game.can_abort() {
            return Err(Failure::new(
                Code::CannotAbort,
                novuss_core::play::match_play::MatchError::TooLateToAbort.to_string(),
            ));
        }
        let mut after = self.game.progress().clone();
        after
            .abort()
            .map_err(|e| Failure::new(Code::CannotAbort, e.to_string()))?;
        Ok(Change {
            happened: Happened::Abort { seat },
            summary: Summary::new(&after, self.strokes),
            over: true,
            step: Step::Abort { seat },
        })
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
                shown.then(|| {
                    Outgoing::Stroke {
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
                    Outgoing::Resigned {
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
                    Outgoing::Aborted {
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
                    Outgoing::Called {
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
                    Outgoing::SetStarted {
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
        self.keep(message.clone());
        let _ = self.tx.send(message);
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
        Outgoing::TakenBack {
            event: self.event,
            strokes,
            state: self.state(),
        }
        .text()
    }

    /// Keeps an event's message for clients that reconnect.
    fn keep(&mut self, message: Arc<str>) {
        self.recent_bytes += message.len();
        self.recent.push_back((self.event, message));
        while self.recent.len() > RECENT || self.recent_bytes > RECENT_BYTES {
            match self.recent.pop_front() {
                Some((_, m)) => self.recent_bytes -= m.len(),
                None => break,
            }
        }
    }

    /// Takes no more changes, and ends every client's stream of messages
    /// (they reconnect, and get the game as it is stored).
    pub fn retire(&mut self) {
        self.retired = true;
        // Dropping the only sender closes every receiver.
        self.tx = broadcast::channel(1).0;
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

    /// Sockets open on the game that are not its players': its
    /// audience.
    pub fn audience(&self) -> usize {
        self.watchers
            .load(Ordering::Acquire)
            .saturating_sub(self.seats.sockets())
    }

    /// The hint kept for `event` and `level`.
    pub fn hint(&self, event: u64, level: novuss_ai::Level) -> Option<Arc<str>> {
        match &self.hint {
            Some((e, l, m)) if *e == event && *l == level => Some(m.clone()),
            _ => None,
        }
    }

    /// Keeps a hint.
    pub fn keep_hint(&mut self, event: u64, level: novuss_ai::Level, message: Arc<str>) {
        self.hint = Some((event, level, message));
    }

    /// The offer waiting for an answer.
    pub fn offer(&self) -> Option<Offer> {
        self.offer
    }

    /// The `offer` message of the waiting offer, if any.
    pub fn offer_message(&self) -> Option<Arc<str>> {
        self.offer.map(|offer| {
            Outgoing::Offer {
                offer,
                may: self.may(),
            }
            .text()
        })
    }

    /// Checks that the player at `seat` may offer `kind` now (who may offer
    /// is the policy's: [`Room::ask`]), and makes the offer; it is kept
    /// once told.
    pub fn make_offer(&self, event: u64, seat: Seat, kind: OfferKind) -> Result<Offer, Failure> {
        let cannot = |why: &str| Err(Failure::new(Code::CannotOffer, why.to_owned()));
        if self.offer.is_some() {
            return cannot("an offer waits for its answer");
        }
        let Some(player) = self.game.progress().player_at(seat) else {
            return cannot("nobody plays from that seat");
        };
        match kind {
            OfferKind::TakeBack => {
                self.fresh(event)?;
                if self.game.is_over() || self.game.between_sets() {
                    return cannot("a stroke is taken back while its set is played");
                }
                // Only the offerer's own last stroke: the opponent's
                // answer is about that one stroke.
                let last = self.acts.len().checked_sub(1);
                match (last, self.acts.last()) {
                    (Some(k), Some(Act::Stroke { seat: s, .. }))
                        if *s == seat && self.last_human == Some(k) => {}
                    _ => {
                        return Err(Failure::new(
                            Code::NothingToTakeBack,
                            "only the last stroke, by the player who asks",
                        ))
                    }
                }
            }
            OfferKind::Rematch => {
                if self.seats.waiting() {
                    return cannot("a rematch needs every person's seat taken");
                }
                if !self.game.is_over() || self.abandoned {
                    return cannot("a rematch is offered once the match is over");
                }
                if self.rematch.is_some() {
                    return cannot("the rematch has been made");
                }
                if self.rematch_declined {
                    return Err(Failure::new(
                        Code::RematchDeclined,
                        "the other side declined a rematch of this game",
                    ));
                }
            }
        }
        Ok(Offer {
            kind,
            player,
            seat,
            event: self.event,
        })
    }

    /// Keeps an offer made.
    pub fn keep_offer(&mut self, offer: Offer) {
        self.offer = Some(offer);
    }

    /// The waiting offer of `kind`, if `person` may answer it: a holder
    /// of a seat on the other side from the offerer.
    pub fn offer_to_answer(
        &self,
        person: Option<&PersonId>,
        kind: OfferKind,
    ) -> Result<Offer, Failure> {
        let Some(offer) = self.offer.filter(|o| o.kind == kind) else {
            return Err(Failure::new(Code::NoOffer, "no such offer waits"));
        };
        let progress = self.game.progress();
        let theirs = progress.contender_of(offer.player);
        let other_side = (0..self.setup.controllers.len())
            .map(PlayerId)
            .filter(|&p| progress.contender_of(p) != theirs);
        policy::decide(
            Actor::answering(&self.seats, person, other_side),
            Action::Answer(kind),
            &self.situation(),
        )?;
        Ok(offer)
    }

    /// The offer was declined.
    pub fn decline(&mut self, kind: OfferKind) {
        self.offer = None;
        if kind == OfferKind::Rematch {
            self.rematch_declined = true;
        }
    }

    /// The rematch was made: game `id`.
    pub fn rematched(&mut self, id: String) {
        self.offer = None;
        self.rematch = Some(id);
    }

    /// The rematch made, if one was.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// Sets when the turn in play began (ms since 1970), as stored.
    pub fn set_turn_at(&mut self, at: i64) {
        self.turn_at = at;
        self.timer_wake.notify_one();
    }

    /// When the turn in play began, ms since 1970.
    pub fn turn_at(&self) -> i64 {
        self.turn_at
    }

    /// Whether the game was abandoned.
    pub fn abandoned(&self) -> bool {
        self.abandoned
    }

    /// The seat to stroke and its player, while a set is being played
    /// with every seat taken.
    fn in_play(&self) -> Option<(Seat, PlayerId)> {
        let set = self.game.set();
        if set.is_over() || self.game.is_over() || self.abandoned || self.seats.waiting() {
            return None;
        }
        let seat = set.seat_to_play();
        Some((seat, self.game.progress().player_at(seat)?))
    }

    /// The seat to stroke and when its stroke clock runs out (ms since
    /// 1970), if the game has a clock and a person is to stroke.
    pub fn stroke_deadline(&self) -> Option<(Seat, i64)> {
        let clock = i64::from(self.setup.stroke_clock?);
        let (seat, _) = self.in_play()?;
        (self.controller(seat) == Controller::Human).then_some((seat, self.turn_at + clock * 1000))
    }

    /// The player to stroke when they are away from a game between
    /// people: their seat, and when their opponent may claim (ms since
    /// 1970).
    pub fn absence(&self, timing: &Timing) -> Option<AbsentTimer> {
        if !self.seats.between_people() {
            return None;
        }
        let (seat, player) = self.in_play()?;
        let Some(crate::seats::Holder::Person(person)) = self.seats.holder(player) else {
            return None;
        };
        if self.seats.connected(person) {
            return None;
        }
        let gone = self.seats.gone(person);
        let since = self
            .turn_at
            .max(self.loaded_at)
            .max(gone.map_or(0, |g| g.at));
        let bye = gone.is_some_and(|g| g.bye);
        Some(AbsentTimer {
            seat,
            player,
            claim_in_ms: since + timing.grace_ms(bye),
            bye,
        })
    }

    /// The clocks now (`now`, ms since 1970), for clients: times relative
    /// to `now`.
    pub fn timers(&self, now: i64, timing: &Timing) -> Timers {
        Timers {
            event: self.event,
            stroke: self.stroke_deadline().map(|(seat, at)| StrokeTimer {
                seat,
                left_ms: (at - now).max(0),
            }),
            absent: self.absence(timing).map(|a| AbsentTimer {
                claim_in_ms: (a.claim_in_ms - now).max(0),
                ..a
            }),
        }
    }

    /// The `timers` message, or none if the game has no clock running
    /// and nobody is away.
    pub fn timers_message(&self, now: i64, timing: &Timing) -> Option<Arc<str>> {
        let timers = self.timers(now, timing);
        let clocks = self.setup.stroke_clock.is_some() || self.seats.between_people();
        clocks.then(|| Outgoing::Timers { timers }.text())
    }

    /// Claims the clocks' task for this room: `false` if one runs.
    pub fn claim_timer(&mut self) -> bool {
        !std::mem::replace(&mut self.timer, true)
    }

    /// Ends the clocks' task; under the same lock as the look that found
    /// nothing to wait for.
    pub fn release_timer(&mut self) {
        self.timer = false;
    }

    /// Woken whenever the clocks may have changed.
    pub fn timer_wake(&self) -> Arc<tokio::sync::Notify> {
        self.timer_wake.clone()
    }

    /// A call worked out on a copy of the game: `act` played on it.
    fn called(
        &self,
        happened: Happened,
        act: Act,
        call: Call,
        seat: Seat,
        by: Option<Seat>,
    ) -> Result<Change, Failure> {
        let mut game = self.game.clone();
        let player = game.progress().player_at(seat);
        let verdict = match &act {
            Act::Conduct(c) => Some(Box::new(game.conduct(c).map_err(|r| {
                let code = match r {
                    novuss_core::rules::referee::Refusal::SetOver => Code::SetOver,
                    _ => Code::CannotClaim,
                };
                Failure::new(code, r.to_string())
            })?)),
            Act::Resign { seat } => {
                game.resign(*seat)
                    .map_err(|e| Failure::new(Code::CannotClaim, e.to_string()))?;
                None
            }
            _ => None,
        };
        let over = game.is_over() || matches!(act, Act::Abandon);
        let mut summary = Summary::new(game.progress(), self.strokes);
        summary.abandoned = matches!(act, Act::Abandon);
        Ok(Change {
            happened,
            summary,
            over,
            step: Step::Called {
                game: Box::new(game),
                act,
                call,
                seat,
                by,
                player,
                verdict,
            },
        })
    }

    /// The stroke clock ran out for the player at `seat` (`now`: checked
    /// against the clock; `None` for a stored time-out being loaded): a
    /// refused stroke, `000` 3.6.15.
    pub fn time_out(&self, event: u64, seat: Seat, now: Option<i64>) -> Result<Change, Failure> {
        self.fresh(event)?;
        if let Some(now) = now {
            match self.stroke_deadline() {
                Some((s, at)) if s == seat && at <= now => {}
                _ => {
                    return Err(Failure::new(
                        Code::TooEarly,
                        format!("the stroke clock of {seat} has not run out"),
                    ))
                }
            }
        }
        self.called(
            Happened::TimeOut { seat },
            Act::Conduct(novuss_core::rules::referee::Conduct::RefusedStroke),
            Call::TimeOut,
            seat,
            None,
        )
    }

    /// The player at `seat` claims `what` from the player at `absent`
    /// (`now` and the server's timing: checked against the grace; `None`
    /// for a stored claim being loaded).
    pub fn claim(
        &self,
        event: u64,
        seat: Seat,
        absent: Seat,
        what: Claimed,
        now: Option<(i64, &Timing)>,
    ) -> Result<Change, Failure> {
        self.fresh(event)?;
        let set = self.game.set();
        let (Some(mine), Some(theirs)) = (set.side_of(seat), set.side_of(absent)) else {
            return Err(Failure::new(
                Code::CannotClaim,
                "only a player of the set in play claims, from another",
            ));
        };
        if mine == theirs {
            return Err(Failure::new(
                Code::CannotClaim,
                "a claim is made from an opponent, not a partner",
            ));
        }
        if let Some((now, timing)) = now {
            match self.absence(timing) {
                Some(a) if a.seat == absent && a.claim_in_ms <= now => {}
                Some(a) if a.seat == absent => {
                    return Err(Failure::new(
                        Code::TooEarly,
                        format!("{absent} may come back for {} ms more", a.claim_in_ms - now),
                    ))
                }
                _ => {
                    return Err(Failure::new(
                        Code::TooEarly,
                        format!("{absent} is not away on their turn"),
                    ))
                }
            }
        }
        let call = match what {
            Claimed::Set => Call::ClaimedSet,
            Claimed::Match => Call::ClaimedMatch,
        };
        self.called(
            Happened::Claim { seat, absent, what },
            what.act(absent),
            call,
            absent,
            Some(seat),
        )
    }

    /// Ends a game nobody touched for the abandonment period, without a
    /// result.
    pub fn abandon(&self, event: u64) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        let seat = self.game.set().seat_to_play();
        self.called(Happened::Abandon, Act::Abandon, Call::Abandoned, seat, None)
    }

    /// The computer's stroke, if one is due.
    pub fn due(&self) -> Option<Due> {
        let set = self.game.set();
        // The game begins when every invited person has taken their seat.
        if set.is_over() || self.game.is_over() || self.seats.waiting() || self.abandoned {
            return None;
        }
        let seat = set.seat_to_play();
        let player = self.game.progress().player_at(seat)?;
        let Controller::Computer(level) = self.setup.controllers.get(player.index()).copied()?
        else {
            return None;
        };
        Some(Due {
            event: self.event,
            seat,
            player,
            level,
            set: set.clone(),
            seed: seed(&self.id, self.event),
        })
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
mod tests {
    use super::*;
    use crate::setup::NewGame;
    use rand::{Rng, SeedableRng};

    fn setup(json: &str) -> Setup {
        serde_json::from_str::<NewGame>(json)
            .unwrap()
            .setup()
            .unwrap()
    }

    fn glam_rotate(v: novuss_core::DVec2, angle: f64) -> novuss_core::DVec2 {
        novuss_core::DVec2::from_angle(angle).rotate(v)
    }

    fn json(state: &State) -> serde_json::Value {
        serde_json::to_value(state).unwrap()
    }

    /// Random requests, most of them wrong, on hot-seat games of every
    /// format: a refused request changes nothing, and the stored events
    /// always rebuild exactly the room that wrote them.
    #[test]
    fn stored_events_always_rebuild_the_room_and_refusals_change_nothing() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for format in ["singles", "doubles", "four_player"] {
            let players = if format == "singles" { 2 } else { 4 };
            let humans = vec![r#"{"kind":"human"}"#; players].join(",");
            let request = format!(
                r#"{{"format":"{format}","profile":"lnf-2017","sets":3,"players":[{humans}]}}"#
            );
            let setup = setup(&request);
            let setup_json = serde_json::to_string(&setup).unwrap();
            let mut room = Room::new("g".into(), 1, setup).unwrap();
            let mut stored: Vec<EventRow> = vec![];
            for _ in 0..400 {
                let before = json(&room.state());
                let event = if rng.random_bool(0.9) {
                    room.event()
                } else {
                    rng.random_range(0..5)
                };
                let seats = room.game().set().seats().to_vec();
                let set = room.game().set();
                let frame =
                    novuss_core::rules::zone::SeatFrame::new(set.table(), set.seat_to_play());
                let change = match rng.random_range(0..10) {
                    0 => room.take_back(event),
                    1 => room.next_set(event),
                    2..6 => {
                        // A stroke a player might make.
                        let at = frame.world(rng.random_range(0.2..0.8), 0.07);
                        let turn = glam_rotate(frame.inward(), rng.random_range(-1.2..1.2));
                        room.stroke(&StrokeRequest {
                            event,
                            seat: set.seat_to_play(),
                            striker: [at.x, at.y],
                            direction: [turn.x, turn.y],
                            speed: rng.random_range(0.3..8.0),
                        })
                    }
                    _ => room.stroke(&StrokeRequest {
                        event,
                        seat: seats[rng.random_range(0..seats.len())],
                        striker: [rng.random_range(-0.1..1.1), rng.random_range(-0.1..1.1)],
                        direction: [rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)],
                        speed: rng.random_range(-1.0..10.0),
                    }),
                };
                match change {
                    Err(_) => assert_eq!(json(&room.state()), before, "a refusal changes nothing"),
                    Ok(change) => {
                        stored.push(EventRow {
                            number: room.event() + 1,
                            body: change.body().unwrap(),
                        });
                        room.commit(change);
                        let rebuilt =
                            Room::load("g".into(), 1, &setup_json, &stored, |c| Seats::new(c, &[]))
                                .unwrap();
                        assert_eq!(json(&rebuilt.state()), json(&room.state()));
                        // The same messages for a client that reconnects.
                        let since = room.event().saturating_sub(4);
                        assert_eq!(rebuilt.since(since), room.since(since));
                    }
                }
            }
            assert!(stored.len() > 5, "{format}: some requests were played");
        }
    }

    #[test]
    fn missed_events_are_sent_while_the_room_has_them() {
        let s = setup(
            r#"{"format":"singles","profile":"koroona","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#,
        );
        let mut room = Room::new("g".into(), 1, s).unwrap();
        assert_eq!(room.since(0).unwrap().len(), 0);
        assert!(
            room.since(1).is_none(),
            "a client ahead of the game gets the state"
        );
        for _ in 0..3 {
            let c = room.stroke(&testing::gentle(&room)).unwrap();
            room.commit(c);
        }
        assert_eq!(room.since(1).unwrap().len(), 2);
        assert_eq!(room.since(3).unwrap().len(), 0);
    }

    /// A room following another's stored events ends as the writer's
    /// room, its clients sent the same messages in the same order
    /// whatever batches the events come in; events it has are skipped,
    /// and a gap is refused without moving it.
    #[test]
    fn a_follower_shows_the_writers_events_and_refuses_a_gap() {
        let s = setup(
            r#"{"format":"singles","profile":"koroona","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#,
        );
        let mut writer = Room::new("g".into(), 1, s.clone()).unwrap();
        let mut rows: Vec<EventRow> = vec![];
        for k in 0..5 {
            // The fourth event takes the third stroke back.
            let change = if k == 3 {
                writer.take_back(writer.event()).unwrap()
            } else {
                writer.stroke(&testing::gentle(&writer)).unwrap()
            };
            rows.push(EventRow {
                number: writer.event() + 1,
                body: change.body().unwrap(),
            });
            writer.commit(change);
        }
        assert!(rows[3].body.contains("take_back"), "{}", rows[3].body);

        let mut follower = Room::new("g".into(), 1, s.clone()).unwrap();
        let mut rx = follower.subscribe();
        assert_eq!(follower.follow(&rows[..2]).unwrap(), 2);
        assert_eq!(
            follower.follow(&rows).unwrap(),
            3,
            "the first two are skipped"
        );
        assert_eq!(follower.follow(&rows).unwrap(), 0);
        let sent: Vec<Arc<str>> = std::iter::from_fn(|| rx.try_recv().ok()).collect();
        assert_eq!(Some(sent), writer.since(0));
        assert_eq!(follower.since(2), writer.since(2));
        assert_eq!(json(&follower.state()), json(&writer.state()));

        let mut behind = Room::new("g".into(), 1, s).unwrap();
        assert!(matches!(
            behind.follow(&rows[1..]),
            Err(RoomError::OutOfOrder {
                number: 2,
                after: 0
            })
        ));
        assert_eq!(behind.event(), 0);
        assert_eq!(behind.since(0), Some(vec![]));
    }
}

/// What tests of games played here and elsewhere share.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A slow stroke straight up the table by whoever is to play in a
    /// singles game: legal at any event where a set is being played.
    pub(crate) fn gentle(room: &Room) -> StrokeRequest {
        let seat = room.game().set().seat_to_play();
        let (y, dy) = if seat == Seat::South {
            (0.08, 1.0)
        } else {
            (0.92, -1.0)
        };
        StrokeRequest {
            event: room.event(),
            seat,
            striker: [0.5, y],
            direction: [0.0, dy],
            speed: 0.3,
        }
    }
}

#[cfg(test)]
mod between_sets {
    use super::*;
    use crate::setup::NewGame;

    /// The state at the end of a set shows that set as it was played (its
    /// seats and players), and the stroke that ended it names the player
    /// who made it, although the match already seats the next set.
    #[test]
    fn a_finished_set_is_shown_with_its_own_seating() {
        let setup = serde_json::from_str::<NewGame>(
            r#"{"format":"doubles","profile":"lnf-2017","sets":3,"players":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#,
        )
        .unwrap()
        .setup()
        .unwrap();
        let mut room = Room::new("g".into(), 1, setup.clone()).unwrap();
        let first = serde_json::to_value(room.state()).unwrap();
        let mut last = serde_json::Value::Null;
        for k in 0..2000u64 {
            if room.game().set().is_over() {
                break;
            }
            let set = room.game().set().clone();
            let before = serde_json::to_value(room.state()).unwrap();
            let d = novuss_ai::Player::new(novuss_ai::Level::Greedy, k)
                .decide(&set, &setup.physics)
                .unwrap();
            let change = room
                .play(set.seat_to_play(), By::Human, d.best.stroke)
                .unwrap();
            let message: serde_json::Value = serde_json::from_str(&room.commit(change)).unwrap();
            assert_eq!(message["player"], before["turn"]["player"], "stroke {k}");
            last = message;
        }
        let state = &last["state"];
        assert_eq!(state["set"]["over"], true, "the set ended");
        assert_eq!(state["between_sets"], true);
        assert_eq!(state["match"]["set_number"], 1);
        assert_eq!(
            state["players"], first["players"],
            "seats of the set just played"
        );
        assert_eq!(
            state["set"]["sides"][0]["players"],
            first["set"]["sides"][0]["players"]
        );
        let next = room.next_set(room.event()).unwrap();
        room.commit(next);
        let state = serde_json::to_value(room.state()).unwrap();
        assert_eq!(state["match"]["set_number"], 2);
        assert_ne!(
            state["players"], first["players"],
            "the next set seats them otherwise"
        );
        let seating: Vec<Seat> = room.game().progress().seating().to_vec();
        for (p, seat) in seating.iter().enumerate() {
            assert_eq!(
                state["players"][p]["seat"],
                serde_json::to_value(seat).unwrap()
            );
        }
    }
}
