//! An exact, event-driven simulator of bodies sliding on the Novuss table.
//!
//! A stroke gives the striker a velocity; from then on every body slides in
//! a straight line under Coulomb friction (`motion`) until an *event*
//! changes its motion: a contact with another body or a cushion
//! (`collide`), falling into or jumping over a pocket, leaving the table,
//! or coming to rest. Event times are computed in closed form or by exact
//! root isolation (`predict`, `roots`), only for bodies that can meet
//! (`sweep`); time is never stepped. The
//! [`Engine`] returns an [`Outcome`]: the ordered event log, every body's
//! path as analytic segments, and where each body ended.
//!
//! The model, its constants and their sources are described in
//! `docs/physics.md`.

mod collide;
mod engine;
mod event;
mod limits;
mod motion;
mod params;
mod predict;
mod project;
mod roots;
pub mod stroke;
mod sweep;
mod tolerance;

pub use engine::{simulate, Engine};
pub use event::{Body, Event, EventKind, Exit, Fate, Outcome};
pub use limits::{Param, ParameterError, Range, MAX_DISCS, MAX_EVENTS};
pub use motion::Segment;
pub use params::Physics;
pub use tolerance::{DRIFT_SPEED, RESTING_SPEED, STOP_SPEED};
