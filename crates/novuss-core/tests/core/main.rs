//! The core's integration tests, as one test binary (one link step, not
//! fourteen): each module is one concern, as its file name says.
//!
//! - physics: `physics_analytic` (against closed-form results),
//!   `physics_properties`, `physics_regressions`, `physics_robustness`,
//!   `physics_limits`;
//! - aim and placement: `aim`, `placement`;
//! - the referee, a scenario per clause (docs/rules.md): `referee_strokes`,
//!   `referee_penalties`, `referee_turn_and_set`, `referee_formats`,
//!   `referee_conduct`, `referee_properties`, with their helpers in
//!   `referee_common`;
//! - a whole match: `game`;
//! - the golden cases the web page's rules are checked against: `golden`.

mod aim;
mod game;
mod golden;
mod physics_analytic;
mod physics_limits;
mod physics_properties;
mod physics_regressions;
mod physics_robustness;
mod placement;
mod referee_common;
mod referee_conduct;
mod referee_formats;
mod referee_penalties;
mod referee_properties;
mod referee_strokes;
mod referee_turn_and_set;
