//! Aiming geometry for computer players and the browser's aim guide: how
//! fast and which way to push the striker so that a disc goes where it is
//! wanted, where the striker may stand, and which ways it may be pushed.
//!
//! Everything follows the engine's model (`docs/physics.md`) in closed form,
//! with no call to the engine: bodies slide straight at the constant
//! deceleration `μ g`, contacts follow Newton's restitution law along the
//! line of centres, and a cushion keeps the tangential speed and scales the
//! normal one by its restitution. The rules are those of [`crate::rules::zone`].
//!
//! * Speeds (module `speed`): [`launch_speed`] for a slide of a given length
//!   ending at a given speed, [`arrival_speed`], [`stopping_distance`], and
//!   the impulse law [`Impact`] with the cut-angle factor `cos θ`.
//! * Straight hits and cuts (module `shot`): [`Planner::cut`] gives the
//!   contact ("ghost") point, the aim and the cut angle; [`Planner::direct`]
//!   and [`Planner::pocket`] the whole [`Shot`] with its speeds.
//! * Banks off one cushion (module `bank`): the striker to a point
//!   ([`Planner::bank`]) or onto a disc ([`Planner::bank_onto`]), and a disc
//!   banked into a pocket ([`Planner::disc_bank`]).
//! * The aim guide (module `contact`): [`Planner::first_contact`], the first
//!   disc on the striker's line and how both leave, and [`cushion_ahead`].
//! * Placement (module `region`): [`StrikerRegion`], exactly the centres
//!   [`zone::check_striker_placement`](crate::rules::zone::check_striker_placement)
//!   accepts (`000` 1.6, 1.7; `002` 3.1–3.2), with its free intervals and the
//!   legal point nearest a wanted one.
//! * Aim (module `range`): [`AimRange`], the open interval of directions
//!   [`zone::check_aim`](crate::rules::zone::check_aim) accepts (`000` 1.15; `002`
//!   3.4), and [`aim_allowed`].
//!
//! Nothing here panics: impossible requests (a cut past 90°, a target
//! behind a cushion, no legal spot) and NaN or infinite input give `None`
//! or a [`ShotError`].
//!
//! # Example
//!
//! South places the striker, aims at a disc and pockets it in the
//! north-west corner:
//!
//! ```
//! use novuss_core::aim::{AimRange, Planner, StrikerRegion};
//! use novuss_core::physics::{Engine, Fate, Physics};
//! use novuss_core::seat::Seat;
//! use novuss_core::table::{Corner, Table};
//! use novuss_core::DVec2;
//!
//! let (table, physics) = (Table::default(), Physics::default());
//! let discs = [DVec2::new(0.3, 0.6)];
//!
//! // Where South would like the striker, and the nearest legal spot.
//! let region = StrikerRegion::new(&table, Seat::South, &discs);
//! let from = region.nearest(DVec2::new(0.45, 0.2)).expect("room in the zone");
//! assert!(region.contains(from));
//!
//! // The shot: the disc should reach the pocket's centre at 0.5 m/s.
//! let planner = Planner::new(table, physics)?;
//! let shot = planner.pocket(from, discs[0], Corner::NorthWest, 0.5)?;
//! assert!(shot.cut.to_degrees() < 30.0);
//! assert!(AimRange::new(&table, Seat::South, from)
//!     .is_some_and(|range| range.contains(shot.stroke.direction)));
//!
//! // The engine agrees.
//! let outcome = Engine::new(table, physics).simulate(&discs, &shot.stroke)?;
//! assert!(matches!(outcome.disc(0), Fate::Pocketed { pocket: Corner::NorthWest, .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
#![warn(missing_docs)]

mod bank;
mod contact;
mod error;
mod interval;
mod planner;
mod range;
mod rebound;
mod region;
mod shot;
mod speed;

pub use bank::Bank;
pub use contact::{cushion_ahead, FirstContact};
pub use error::ShotError;
pub use interval::Interval;
pub use planner::{segment_distance, Planner, DEFAULT_MAX_CUT};
pub use range::{aim_allowed, AimRange, AIM_MARGIN};
pub use rebound::Rebound;
pub use region::{StrikerRegion, PLACEMENT_MARGIN};
pub use shot::{Cut, Shot};
pub use speed::{arrival_speed, launch_speed, stopping_distance, Impact};
