//! The core of novuss: the table, its bodies, the physics and the rules of
//! Novuss, the Latvian table game. Pure: no I/O, no async, no clock.
//!
//! Data flows one way: a [`Stroke`] is simulated by the [`Engine`] into an
//! event log, which the referee judges into a new [`SetState`] and a
//! [`Verdict`] whose typed reasons carry their rule references; the English
//! sentences are made from them at the edge ([`English`]). The folders are
//! the layers, bottom up: the table and its seats, [`physics`], [`rules`]
//! (one set), [`play`] (matches and records); [`aim`] is geometry for
//! players built on them.
//!
//! * [`SetState`]: one set, valid by construction. Play it with
//!   [`SetState::check`] (placement and aim only), [`SetState::preview`]
//!   (simulate and judge, changing nothing) and [`SetState::play`].
//! * [`Game`]: a whole match with its record, as a server keeps it.
//! * [`aim`]: aiming geometry for computer players and aim guides.
//! * [`physics`]: the exact event-driven simulator, with documented limits
//!   on every input.
//!
//! # Example: a set from the line-up to its result
//!
//! Two players who look at a few pots and breaks, judge each with
//! [`SetState::preview`], and play the one that
//! pockets most of their own discs without a foul:
//!
//! ```
//! use novuss_core::aim::{Planner, StrikerRegion};
//! use novuss_core::physics::{Engine, Physics};
//! use novuss_core::rules::profile::ProfileId;
//! use novuss_core::seat::Seat;
//! use novuss_core::rules::set::{Format, SetState};
//! use novuss_core::physics::stroke::Stroke;
//! use novuss_core::table::Corner;
//! use novuss_core::rules::verdict::{English, Turn, Words};
//! use novuss_core::rules::zone::SeatFrame;
//!
//! let mut set = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
//! let mut engine = Engine::new(*set.table(), Physics::default());
//! let planner = Planner::new(*set.table(), Physics::default())?;
//!
//! let choose = |set: &SetState, engine: &mut Engine| -> Stroke {
//!     let (table, seat, me) = (set.table(), set.seat_to_play(), set.side_to_play());
//!     let frame = SeatFrame::new(table, seat);
//!     let region = StrikerRegion::new(table, seat, &set.positions());
//!     let mut candidates = vec![];
//!     for f in [0.5, 0.3, 0.7, 0.2, 0.8] {
//!         let Some(from) = region.nearest(frame.world(f * table.size, 0.07)) else { continue };
//!         candidates.push(Stroke { striker: from, direction: frame.inward(), speed: 3.0 });
//!         for at in set.discs_on_table().filter(|d| d.side == me).filter_map(|d| d.at) {
//!             candidates.push(Stroke { striker: from, direction: at - from, speed: 6.0 });
//!             for corner in Corner::ALL {
//!                 if let Ok(shot) = planner.pocket(from, at, corner, 0.4) {
//!                     candidates.push(shot.stroke);
//!                 }
//!             }
//!         }
//!     }
//!     let score = |s: &Stroke, engine: &mut Engine| match set.preview(s, engine) {
//!         Ok(j) => {
//!             let own = j.verdict.pocketed.iter()
//!                 .filter(|&&id| set.disc(id).is_some_and(|d| d.side == me))
//!                 .count() as i32;
//!             let fouls = j.verdict.fouls.len() as i32;
//!             10 * own - 20 * fouls + i32::from(j.verdict.turn == Turn::Continues)
//!         }
//!         Err(_) => i32::MIN, // not a legal stroke here
//!     };
//!     let scores: Vec<i32> = candidates.iter().map(|s| score(s, engine)).collect();
//!     let best = (0..candidates.len()).max_by_key(|&k| scores[k]).expect("a candidate");
//!     candidates[best]
//! };
//!
//! let mut strokes = 0;
//! while !set.is_over() && strokes < 300 {
//!     let stroke = choose(&set, &mut engine);
//!     let played = set.play(&stroke, &mut engine)?;
//!     strokes += 1;
//!     // What a player reads, e.g. "An own disc was pocketed with a correct
//!     // stroke: the series goes on." with its clauses.
//!     let first = &played.verdict.reasons[0];
//!     assert!(!English.reason(first).is_empty() && !first.rules().is_empty());
//! }
//! let result = set.result().expect("the set has ended");
//! println!("after {strokes} strokes: {}", English.result(&result));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

// The layers, bottom up: the table and its seats, the physics that moves
// discs on it, the rules that judge a set, and play (matches and records).
// `aim` is geometry for players built on physics and rules; nothing below
// reaches up into it.
pub mod aim;
pub mod name;
pub mod physics;
pub mod play;
pub mod rules;
pub mod seat;
pub mod table;

// What a server or a computer player uses, at the root (ripgrep's
// `searcher` keeps its API small the same way); the modules hold the rest.
pub use glam::DVec2;
pub use physics::stroke::Stroke;
pub use physics::{Engine, Physics};
pub use play::game::{Game, GameError};
pub use play::match_format::{FormatError, MatchFormat, MatchPoints, MatchResult};
pub use play::match_play::{ContenderId, Match, MatchConfig, PlayerId};
pub use play::record::GameRecord;
pub use rules::profile::ProfileId;
pub use rules::set::{DiscId, Format, SeatIndex, SetState, Side};
pub use rules::verdict::{English, Verdict, Words};
pub use seat::Seat;
pub use table::Table;
