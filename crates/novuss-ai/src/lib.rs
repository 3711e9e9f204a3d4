//! Computer players for Novuss.
//!
//! A computer player looks at the position with a quick geometric eye
//! ([`view`]), proposes legal strokes ([`candidates`]), plays each on the
//! exact engine and lets the referee judge it ([`search`]), first as meant
//! and then under its own execution noise ([`noise`]), values what each
//! leaves ([`value`]) and plays the best. Levels ([`level`]) differ in
//! noise, in how much they search and, at the bottom of the ladder, in the
//! mistakes newcomers make; `greedy` does not simulate at all. [`ladder`]
//! rates them on one Glicko-2 scale. [`target`] answers "which stroke
//! pockets this disc" from the same candidates, for the page's aim tool,
//! and says what each suggested stroke pockets.
//!
//! Decisions are deterministic for a given seed (the budget is counted in
//! simulations; a deadline only cuts a search short when it runs over).
//! A [`Player`] is `Send`, holds no global state and uses one thread;
//! [`arena`] runs many sets at once on all cores.
//!
//! ```
//! use novuss_ai::{Level, Player};
//! use novuss_core::physics::Physics;
//! use novuss_core::rules::profile::ProfileId;
//! use novuss_core::seat::Seat;
//! use novuss_core::rules::set::{Format, SetState};
//!
//! let state = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
//! let mut player = Player::new(Level::Beginner, 7);
//! let decision = player.decide(&state, &Physics::default())?;
//! assert!(state.check(&decision.best.stroke).is_ok());
//! # Ok::<(), novuss_ai::AiError>(())
//! ```
#![warn(missing_docs)]

pub mod ahead;
pub mod arena;
pub mod candidates;
pub mod find;
pub mod ladder;
pub mod level;
pub mod noise;
pub mod player;
pub mod search;
pub mod target;
pub mod value;
pub mod view;

pub use level::Level;
pub use noise::{Noise, NoiseName};
pub use player::{AiError, Choice, Decision, Player};
pub use target::{
    chance, plan_pot, plan_pot_as, Aim, Aims, Ask, Chance, NoAim, Potted, Route, Warning,
};
