//! One game in memory: the core's [`Game`], the actions that made it, its
//! event number, the last events for clients that reconnect, and the
//! channel its clients listen on.
//!
//! Every change is made in two steps so that nothing is shown before it is
//! stored: an operation ([`Room::stroke`], [`Room::take_back`],
//! [`Room::next_set`]) checks and computes a [`Change`] without touching
//! the room; the caller stores [`Change::body`]; only then
//! [`Room::commit`] moves the room on and returns the message for its
//! clients. A refused or unstored change leaves the room as it was.

use std::collections::VecDeque;
use std::sync::Arc;

use novuss_core::game::Game;
use novuss_core::seat::Seat;
use novuss_core::set::SetState;
use novuss_core::stroke::Stroke;
use novuss_core::verdict::{RuleRef, Verdict};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::error::{Code, Failure};
use crate::replay::Motion;
use crate::setup::{Controller, Setup};
use crate::trace::Trace;
use crate::view::{self, State, Summary};

/// How many events a room keeps for clients that reconnect.
pub const RECENT: usize = 256;
/// At most this many bytes of them: a state is a few kilobytes, so a long
/// game keeps fewer events rather than more memory.
pub const RECENT_BYTES: usize = 512 * 1024;

/// Who played a stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum By {
    /// A person.
    Human,
    /// The computer.
    Computer,
}

/// An event as stored: what happened, enough to replay it exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Happened {
    /// A stroke as played (for the computer: as its hand executed it).
    Stroke {
        /// The seat that played.
        seat: Seat,
        /// Who.
        by: By,
        /// The stroke.
        stroke: Stroke,
        /// Its motion as it was played: absent only in events stored
        /// before motions were kept.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        trace: Option<Trace>,
    },
    /// The last `actions` strokes and set starts were taken back.
    TakeBack {
        /// How many.
        actions: u32,
    },
    /// The next set was started.
    NextSet,
}

/// An action that is part of the game now (a take-back removes some).
#[derive(Clone, Debug)]
pub enum Act {
    /// A stroke.
    Stroke {
        /// The seat that played.
        seat: Seat,
        /// Who.
        by: By,
        /// The stroke.
        stroke: Stroke,
        /// Its motion as it was played and shown.
        trace: Arc<Trace>,
        /// Whether `trace` is the one stored with the stroke (`false`: an
        /// old event without one, simulated again on loading).
        stored: bool,
    },
    /// The start of the next set.
    NextSet,
}

/// Where a stroke being played comes from.
enum Origin {
    /// Played now: its motion is simulated now and stored with it.
    Live,
    /// Loaded from the store, with the motion stored with it if any.
    Loaded(Option<Trace>),
}

/// A stroke as a client asks for it.
#[derive(Clone, Copy, Debug, Deserialize)]
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
    /// The player who made the stroke, read before it (a stroke that ends
    /// a set moves the match on to the next set's seating).
    player: Option<usize>,
    next: Game,
    acts: Vec<Act>,
    happened: Happened,
    played: Option<(Motion, Verdict)>,
}

impl Change {
    /// The event as it is stored.
    pub fn body(&self) -> Result<String, Failure> {
        serde_json::to_string(&self.happened)
            .map_err(|e| Failure::new(Code::Storage, e.to_string()))
    }

    /// Whether the match is over after it.
    pub fn over(&self) -> bool {
        self.next.is_over()
    }

    /// The game's summary after it.
    pub fn summary(&self) -> Result<String, Failure> {
        Summary::json(&self.next)
    }
}

/// A computer stroke that is due.
pub struct Due {
    /// The event it is due at.
    pub event: u64,
    /// The seat to play.
    pub seat: Seat,
    /// The player there.
    pub player: usize,
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
    event: u64,
    recent: VecDeque<(u64, Arc<str>)>,
    tx: broadcast::Sender<Arc<str>>,
    /// Bytes of the messages in `recent`.
    recent_bytes: usize,
    /// Whether a task plays the computer's strokes in this game: at most
    /// one does, whatever clients do meanwhile.
    computer: bool,
    /// The last hint given, by event and level: hints are deterministic.
    hint: Option<(u64, novuss_ai::Level, Arc<str>)>,
}

/// A stroke as sent to clients.
#[derive(Serialize)]
struct StrokeMessage<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    event: u64,
    seat: Seat,
    player: Option<usize>,
    by: By,
    stroke: &'a Stroke,
    motion: &'a Motion,
    verdict: &'a Verdict,
    rules: Vec<&'static [RuleRef]>,
    state: State,
}

#[derive(Serialize)]
struct StateMessage {
    #[serde(rename = "type")]
    kind: &'static str,
    event: u64,
    state: State,
}

#[derive(Serialize)]
struct TakenBack {
    #[serde(rename = "type")]
    kind: &'static str,
    event: u64,
    strokes: usize,
    state: State,
}

#[derive(Serialize)]
struct SetStarted {
    #[serde(rename = "type")]
    kind: &'static str,
    event: u64,
    set_number: u32,
    state: State,
}

/// The game as it starts: the match's line-up, or the stored position an
/// uploaded record began from.
pub fn start(setup: &Setup) -> Result<Game, String> {
    match &setup.start {
        None => Game::new(setup.config.clone(), setup.physics),
        Some(set) => Game::from_position(setup.config.clone(), setup.physics, set.clone()),
    }
    .map_err(|e| format!("cannot set up the game: {e}"))
}

fn replay(setup: &Setup, acts: &[Act]) -> Result<Game, String> {
    let mut game = start(setup)?;
    for (k, act) in acts.iter().enumerate() {
        match act {
            Act::Stroke { seat, stroke, .. } => game
                .play(*seat, stroke)
                .map(drop)
                .map_err(|e| format!("action {}: {e}", k + 1))?,
            Act::NextSet => game
                .next_set()
                .map(drop)
                .map_err(|e| format!("action {}: {e}", k + 1))?,
        }
    }
    Ok(game)
}

fn to_json(v: &impl Serialize) -> Arc<str> {
    // Every message is made of the server's own types, which always
    // serialise; an empty message would be a bug, not a crash.
    serde_json::to_string(v).unwrap_or_default().into()
}

impl Room {
    /// A new game at event 0.
    pub fn new(id: String, created: i64, setup: Setup) -> Result<Room, String> {
        let game = replay(&setup, &[])?;
        Ok(Room {
            id,
            created,
            setup,
            game,
            acts: vec![],
            event: 0,
            recent: VecDeque::new(),
            tx: broadcast::channel(64).0,
            recent_bytes: 0,
            computer: false,
            hint: None,
        })
    }

    /// Rebuilds a stored game from its set-up and events, replaying every
    /// event through the same steps that made it, so that the events a
    /// reconnecting client asks for are there again after a restart.
    pub fn load(
        id: String,
        created: i64,
        setup: &str,
        events: &[crate::store::EventRow],
    ) -> Result<Room, String> {
        let setup: Setup =
            serde_json::from_str(setup).map_err(|e| format!("unreadable set-up: {e}"))?;
        let mut room = Room::new(id, created, setup)?;
        for row in events {
            let number = row.number;
            if number != room.event + 1 {
                return Err(format!("event {number} follows event {}", room.event));
            }
            let happened: Happened = serde_json::from_str(&row.body)
                .map_err(|e| format!("unreadable event {number}: {e}"))?;
            let change = match happened {
                Happened::Stroke {
                    seat,
                    by,
                    stroke,
                    trace,
                } => room.play_traced(seat, by, stroke, Origin::Loaded(trace)),
                Happened::NextSet => room.next_set(room.event),
                Happened::TakeBack { actions } => room.undo(actions as usize),
            }
            .map_err(|f| format!("event {number} does not replay: {}", f.detail))?;
            room.commit(change);
        }
        Ok(room)
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

    /// A receiver of every later message.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// Sends a message that is not an event (such as "thinking").
    pub fn announce(&self, message: Arc<str>) {
        let _ = self.tx.send(message);
    }

    fn can_take_back(&self, acts: &[Act]) -> bool {
        self.setup.casual
            && !self.game.is_over()
            && acts
                .iter()
                .any(|a| matches!(a, Act::Stroke { by: By::Human, .. }))
    }

    /// The game's state now.
    pub fn state(&self) -> State {
        let back = self.can_take_back(&self.acts);
        view::state(
            &self.id,
            self.created,
            self.event,
            &self.setup,
            &self.game,
            back,
        )
    }

    /// The `state` message.
    pub fn state_message(&self) -> Arc<str> {
        to_json(&StateMessage {
            kind: "state",
            event: self.event,
            state: self.state(),
        })
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
        if event != self.event {
            return Err(Failure::new(
                Code::Stale,
                format!("the game is at event {}, not {event}", self.event),
            ));
        }
        Ok(())
    }

    /// A human stroke, checked and played on a copy.
    pub fn stroke(&self, r: &StrokeRequest) -> Result<Change, Failure> {
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
    /// computer's executed stroke).
    pub fn play(&self, seat: Seat, by: By, stroke: Stroke) -> Result<Change, Failure> {
        self.play_traced(seat, by, stroke, Origin::Live)
    }

    /// A stroke played as given; `stored` is the motion stored with it
    /// when it is loaded. The room keeps and shows the stored motion (what
    /// was played); a replay compares it with a fresh simulation.
    fn play_traced(
        &self,
        seat: Seat,
        by: By,
        stroke: Stroke,
        origin: Origin,
    ) -> Result<Change, Failure> {
        let mut next = self.game.clone();
        let step = crate::replay::step(&mut next, seat, &stroke)?;
        let (trace, stored) = match origin {
            // A new stroke's trace is stored with it.
            Origin::Live => (step.trace, true),
            Origin::Loaded(Some(t)) => (t, true),
            Origin::Loaded(None) => (step.trace, false),
        };
        let trace = Arc::new(trace);
        let mut acts = self.acts.clone();
        acts.push(Act::Stroke {
            seat,
            by,
            stroke,
            trace: trace.clone(),
            stored,
        });
        Ok(Change {
            player: step.player,
            next,
            acts,
            happened: Happened::Stroke {
                seat,
                by,
                stroke,
                trace: Some((*trace).clone()),
            },
            played: Some((
                Motion {
                    bodies: step.bodies,
                    trace,
                },
                step.verdict,
            )),
        })
    }

    fn controller(&self, seat: Seat) -> Controller {
        self.game
            .progress()
            .player_at(seat)
            .and_then(|p| self.setup.controllers.get(p).copied())
            .unwrap_or(Controller::Human)
    }

    /// Takes back the last human stroke and whatever followed it.
    pub fn take_back(&self, event: u64) -> Result<Change, Failure> {
        self.fresh(event)?;
        if !self.setup.casual {
            return Err(Failure::new(
                Code::NotCasual,
                "strokes are not taken back in this game",
            ));
        }
        if self.game.is_over() {
            return Err(Failure::new(
                Code::MatchOver,
                "the match is over: its result stands",
            ));
        }
        let Some(last) = self
            .acts
            .iter()
            .rposition(|a| matches!(a, Act::Stroke { by: By::Human, .. }))
        else {
            return Err(Failure::new(
                Code::NothingToTakeBack,
                "no stroke played by a person to take back",
            ));
        };
        self.undo(self.acts.len() - last)
    }

    /// Undoes the last `n` actions (strokes and set starts).
    fn undo(&self, n: usize) -> Result<Change, Failure> {
        let keep = self.acts.len().saturating_sub(n);
        let acts = self.acts[..keep].to_vec();
        let next = replay(&self.setup, &acts).map_err(|e| Failure::new(Code::Storage, e))?;
        Ok(Change {
            player: None,
            next,
            happened: Happened::TakeBack {
                actions: (self.acts.len() - keep) as u32,
            },
            acts,
            played: None,
        })
    }

    /// Starts the next set.
    pub fn next_set(&self, event: u64) -> Result<Change, Failure> {
        self.fresh(event)?;
        if self.game.is_over() {
            return Err(Failure::new(Code::MatchOver, "the match is over"));
        }
        let mut next = self.game.clone();
        next.next_set()
            .map_err(|e| Failure::new(Code::NotBetweenSets, e.to_string()))?;
        let mut acts = self.acts.clone();
        acts.push(Act::NextSet);
        Ok(Change {
            player: None,
            next,
            acts,
            happened: Happened::NextSet,
            played: None,
        })
    }

    /// Moves the room on by a stored change and tells its clients.
    pub fn commit(&mut self, change: Change) -> Arc<str> {
        let undone = match &change.happened {
            Happened::TakeBack { .. } => self
                .acts
                .get(change.acts.len()..)
                .unwrap_or_default()
                .iter()
                .filter(|a| matches!(a, Act::Stroke { .. }))
                .count(),
            _ => 0,
        };
        self.game = change.next;
        self.acts = change.acts;
        self.event += 1;
        let event = self.event;
        let state = self.state();
        let message = match (&change.happened, &change.played) {
            (
                Happened::Stroke {
                    seat, by, stroke, ..
                },
                Some((motion, verdict)),
            ) => to_json(&StrokeMessage {
                kind: "stroke",
                event,
                seat: *seat,
                player: change.player,
                by: *by,
                stroke,
                motion,
                verdict,
                rules: verdict.reasons.iter().map(|r| r.rules()).collect(),
                state,
            }),
            (Happened::TakeBack { .. }, _) => to_json(&TakenBack {
                kind: "taken_back",
                event,
                strokes: undone,
                state,
            }),
            _ => to_json(&SetStarted {
                kind: "set_started",
                event,
                set_number: self.game.progress().set_number(),
                state,
            }),
        };
        self.recent_bytes += message.len();
        self.recent.push_back((event, message.clone()));
        while self.recent.len() > RECENT || self.recent_bytes > RECENT_BYTES {
            match self.recent.pop_front() {
                Some((_, m)) => self.recent_bytes -= m.len(),
                None => break,
            }
        }
        let _ = self.tx.send(message.clone());
        message
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

    /// The computer's stroke, if one is due.
    pub fn due(&self) -> Option<Due> {
        let set = self.game.set();
        if set.is_over() {
            return None;
        }
        let seat = set.seat_to_play();
        let player = self.game.progress().player_at(seat)?;
        let Controller::Computer(level) = self.setup.controllers.get(player).copied()? else {
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
    use crate::store::EventRow;
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
                let frame = novuss_core::zone::SeatFrame::new(set.table(), set.seat_to_play());
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
                        let rebuilt = Room::load("g".into(), 1, &setup_json, &stored).unwrap();
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
            let seat = room.game().set().seat_to_play();
            let c = room
                .stroke(&StrokeRequest {
                    event: room.event(),
                    seat,
                    striker: if seat == Seat::South {
                        [0.5, 0.08]
                    } else {
                        [0.5, 0.92]
                    },
                    direction: if seat == Seat::South {
                        [0.0, 1.0]
                    } else {
                        [0.0, -1.0]
                    },
                    speed: 0.3,
                })
                .unwrap();
            room.commit(c);
        }
        assert_eq!(room.since(1).unwrap().len(), 2);
        assert_eq!(room.since(3).unwrap().len(), 0);
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
