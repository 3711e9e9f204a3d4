//! The state of a game as a client draws it (docs/protocol.md, "The
//! state"), built from the game: everything after an event, with what the
//! rules say about the next stroke already worked out, so the client needs
//! no rules of its own. The state's type is the protocol's
//! ([`crate::wire::state`]); the summary kept with a game's row is here.

use novuss_core::aim::StrikerRegion;
use novuss_core::play::game::Game;
use novuss_core::rules::set::Side;
use novuss_core::rules::zone::is_dark;
use novuss_core::seat::Seat;
use novuss_core::{ContenderId, PlayerId};
use serde::Serialize;

use crate::game::setup::{Controller, Setup};
use crate::people::seats::SeatView;
use crate::policy::May;
// The list of games names these here.
use crate::wire::state::{
    DiscView, MatchView, PlayerView, RegionView, SetView, SideView, State, TurnView,
};
pub use crate::wire::state::{Kind, LevelName};

impl State {
    /// The state of a game abandoned or not.
    pub fn with_abandoned(mut self, abandoned: bool) -> State {
        self.abandoned = abandoned;
        if abandoned {
            self.can_take_back = false;
            self.can_abort = false;
        }
        self
    }

    /// The state with what each client may do in it.
    pub fn with_may(mut self, may: May) -> State {
        self.may = may;
        self
    }

    /// The state with its seats.
    pub fn with_seats(mut self, seats: Vec<SeatView>) -> State {
        self.seats = seats;
        self
    }

    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }
}

/// Who plays a seat, and at which level if it is the computer.
pub fn kind(c: Controller) -> (Kind, Option<LevelName>) {
    match c {
        Controller::Human => (Kind::Human, None),
        Controller::Computer(level) => (Kind::Computer, Some(LevelName(level))),
    }
}

/// The state of `game` after event `event`.
pub fn state(
    id: &str,
    created: i64,
    event: u64,
    setup: &Setup,
    game: &Game,
    can_take_back: bool,
) -> State {
    let set = game.set();
    let progress = game.progress();
    let table = *set.table();
    // Once a set is over the match already seats the players for the next
    // one; until that set starts, what is shown is the set just finished,
    // with the seats it was played from.
    let (seating, set_number) = match progress.history().last() {
        Some(last) if set.is_over() => (last.seating.clone(), last.number),
        _ => (progress.seating().to_vec(), progress.set_number()),
    };
    let player_at = |seat: Seat| seating.iter().position(|&s| s == seat).map(PlayerId);
    let players = setup
        .config
        .players
        .iter()
        .zip(&setup.controllers)
        .enumerate()
        .map(|(k, (name, &c))| {
            let seat = seating.get(k).copied();
            let (kind, level) = kind(c);
            PlayerView {
                name: name.clone(),
                kind,
                level,
                seat,
                side: seat.and_then(|s| set.side_of(s)),
            }
        })
        .collect();
    // Nobody is to play once the set is over, or the match (a resignation
    // ends it with a set in play).
    let to_play = (!set.is_over() && !progress.is_over()).then(|| set.seat_to_play());
    let discs = set
        .discs()
        .iter()
        .map(|d| DiscView {
            id: d.id,
            side: d.side,
            at: d.at,
            penalty: d.penalty,
            dark: match (to_play, d.at) {
                (Some(seat), Some(at)) => is_dark(&table, seat, at),
                _ => false,
            },
        })
        .collect();
    let sides = set
        .sides()
        .iter()
        .enumerate()
        .map(|(k, info)| {
            let side = Side::new(k as u8);
            SideView {
                side,
                players: (0..seating.len())
                    .filter(|&p| set.side_of(seating[p]) == Some(side))
                    .collect(),
                seats: info.seats.to_vec(),
                on_table: set.on_table(side),
                pocketed: set.pocketed(side),
                debt: info.debt,
            }
        })
        .collect();
    let turn = to_play.map(|seat| {
        let player = player_at(seat);
        let controller = player.and_then(|p| setup.controllers.get(p.index()).copied());
        let region = StrikerRegion::new(&table, seat, &set.positions());
        TurnView {
            seat,
            side: set.side_to_play(),
            player,
            kind: controller.map_or(Kind::Human, |c| kind(c).0),
            region: region.world_bounds().map(|(min, max)| RegionView {
                min,
                max,
                clear: region.exclusion_radius(),
            }),
        }
    });
    State {
        id: id.to_owned(),
        event,
        created,
        casual: setup.casual,
        rated: setup.rated,
        stroke_clock: setup.stroke_clock,
        players,
        format: set.format(),
        profile: set.profile(),
        table,
        physics: setup.physics,
        max_speed: setup.physics.max_stroke_speed,
        progress: MatchView {
            sets: progress.config().sets,
            format: progress.match_format(),
            needed: progress.needed(),
            set_number,
            score: progress.score().to_vec(),
            over: progress.is_over(),
            winner: progress.winner(),
            drawn: progress.is_drawn(),
            resigned: progress.resigned(),
            aborted: progress.aborted(),
            results: progress.history().iter().map(|r| r.result).collect(),
        },
        set: SetView {
            seats: set.seats().to_vec(),
            strokes: set.strokes(),
            over: set.is_over(),
            result: set.result(),
            sides,
            discs,
        },
        turn,
        between_sets: game.between_sets(),
        can_take_back,
        can_abort: game.can_abort() && setup.may_be_called_off(),
        seats: Vec::new(),
        abandoned: false,
        may: May::default(),
    }
}

/// The short summary kept with a game's row for the list of games.
#[derive(Clone, Debug, Serialize, serde::Deserialize)]
pub struct Summary {
    /// Sets won per contender.
    pub score: Vec<u32>,
    /// The set in play.
    pub set_number: u32,
    /// Strokes the game holds (taken-back ones are gone).
    #[serde(default)]
    pub strokes: u32,
    /// Who won the match, once it is over (absent from summaries stored
    /// before it was kept: the list then reads the winner off the score).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<ContenderId>,
    /// Whether the match was called off without a result.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub aborted: bool,
    /// Whether the match ended level (3:3 in six sets): over, nobody won,
    /// and a result all the same.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub drawn: bool,
    /// Whether the game was abandoned without a result.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
}

impl Summary {
    /// The summary of a game whose match is `progress`, with `strokes`
    /// strokes.
    pub fn new(progress: &novuss_core::play::match_play::Match, strokes: u32) -> Summary {
        Summary {
            score: progress.score().to_vec(),
            set_number: progress.set_number(),
            strokes,
            winner: progress.winner(),
            aborted: progress.aborted(),
            drawn: progress.is_drawn(),
            abandoned: false,
        }
    }

    /// The summary as it is stored.
    pub fn json(&self) -> Result<String, crate::error::Failure> {
        serde_json::to_string(self)
            .map_err(|e| crate::error::Failure::internal("a summary could not be written", &e))
    }
}
