//! An uploaded game record made into a stored game (docs/protocol.md,
//! "Uploads"). The record is checked the way `novuss replay` checks it:
//! every action simulated and judged again and compared bit for bit with
//! the verdicts and positions it holds. Only a record that replays exactly
//! becomes a game; anything else is refused before anything is stored.

use novuss_core::play::record::{self, Action, GameRecord};
use novuss_core::seat::Seat;

use crate::error::{Code, Failure};
use crate::game::room::Room;
use crate::game::setup::{check_match_format, check_name, Controller, GameOrigin, Setup, SETS};
use crate::ids::GameId;
use crate::wire::motion::By;
use novuss_core::physics::Physics;

/// A checked record as a new game: its room and the events to store.
pub struct Imported {
    /// The game, as it is after every event.
    pub room: Room,
    /// The set-up, as stored.
    pub setup: String,
    /// The events, as stored, from event 1.
    pub events: Vec<String>,
}

fn refuse(code: Code, detail: impl Into<String>) -> Failure {
    Failure::new(code, detail)
}

/// Checks `body` and builds the game it records, with id `id`.
pub fn import(id: GameId, created: i64, body: &[u8]) -> Result<Imported, Failure> {
    let record: GameRecord = serde_json::from_slice(body)
        .map_err(|e| refuse(Code::BadRecord, format!("not a game record: {e}")))?;
    admissible(&record)?;
    let report = record::replay(&record).map_err(|e| refuse(Code::BadRecord, e.to_string()))?;
    if let Some(d) = report.divergences.first() {
        let parts: Vec<&str> = d.parts.iter().map(|p| p.name()).collect();
        return Err(refuse(
            Code::RecordDiverges,
            format!(
                "set {}, action {}: the record's {} differ from the replay",
                d.set + 1,
                d.entry + 1,
                parts.join(", ")
            ),
        ));
    }
    let setup = setup_of(&record)?;
    let stored = serde_json::to_string(&setup)
        .map_err(|e| Failure::internal("a set-up could not be written", &e))?;
    let mut room = Room::new(id, created, setup)
        .map_err(|e| refuse(Code::UnsupportedRecord, e.to_string()))?;
    let mut events = vec![];
    for (s, log) in record.sets.iter().enumerate() {
        if s > 0 {
            let change = room
                .next_set(room.event())
                .map_err(|f| unsupported(s, 0, &f.detail))?;
            events.push(change.body_without_motion()?);
            room.commit(change);
        }
        for (k, entry) in log.entries.iter().enumerate() {
            let Action::Stroke(stroke) = entry.action else {
                return Err(unsupported(
                    s,
                    k,
                    "a conduct decision (only strokes are replayed here; `novuss replay` replays it)",
                ));
            };
            let seat: Seat = room.game().set().seat_to_play();
            let change = room
                .play(seat, By::Human, stroke)
                .map_err(|f| unsupported(s, k, &f.detail))?;
            events.push(change.body_without_motion()?);
            room.commit(change);
        }
    }
    // The game must hold exactly the record: a later set that began from
    // anything but the line-up is the one thing a game cannot express.
    let held = &room.game().record().sets;
    if let Some(s) = (0..record.sets.len()).find(|&s| held.get(s) != record.sets.get(s)) {
        return Err(unsupported(
            s,
            0,
            "the set does not start from the line-up the match gives it",
        ));
    }
    Ok(Imported {
        room,
        setup: stored,
        events,
    })
}

/// What a stored game must be, checked before anything is simulated: the
/// server's own physics (a stored game is played on, and another friction
/// or event limit would make its strokes cost what the server cannot
/// bound, and its play not the game the server referees), and the names
/// and number of sets a new game may have.
fn admissible(record: &GameRecord) -> Result<(), Failure> {
    if record.physics != Physics::default() {
        return Err(refuse(
            Code::OtherPhysics,
            "the record was played with other physics than this server's; `novuss replay` replays it",
        ));
    }
    match record.match_format {
        None if !SETS.contains(&record.config.sets) => {
            return Err(refuse(
                Code::UnsupportedRecord,
                format!(
                    "{} sets: a match here is 1, 3 or 5 sets, or another match format",
                    record.config.sets
                ),
            ));
        }
        None => {}
        // A format is checked as a new game's is: one the core plays, no
        // longer than a game here may be (its consistency with the
        // record's sets is the replay's to check).
        Some(format) => {
            check_match_format(format)
                .map_err(|e| refuse(Code::UnsupportedRecord, e.to_string()))?;
        }
    }
    for (k, name) in record.config.players.iter().enumerate() {
        let Some(name) = name else { continue };
        check_name(name)
            .map_err(|why| refuse(Code::BadRecord, format!("player {}: {why}", k + 1)))?;
    }
    Ok(())
}

fn unsupported(set: usize, action: usize, why: &str) -> Failure {
    refuse(
        Code::UnsupportedRecord,
        format!("set {}, action {}: {why}", set + 1, action + 1),
    )
}

/// The set-up of a game made from `record`: everyone a person, no
/// take-backs, and the first set's position when it is not the line-up.
fn setup_of(record: &GameRecord) -> Result<Setup, Failure> {
    let progress = novuss_core::Match::stored(record.config.clone(), record.match_format)
        .map_err(|e| refuse(Code::BadRecord, e.to_string()))?;
    let lineup = novuss_core::play::game::Game::of_match(progress, record.physics, None)
        .map_err(|e| refuse(Code::BadRecord, e.to_string()))?;
    let first = &record.sets[0].start;
    Ok(Setup {
        config: record.config.clone(),
        physics: record.physics,
        controllers: vec![Controller::Human; record.config.players.len()],
        casual: false,
        rated: false,
        stroke_clock: None,
        origin: GameOrigin::Uploaded,
        start: (first != lineup.set()).then(|| first.clone()),
        match_format: record.match_format,
    })
}
