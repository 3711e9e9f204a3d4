//! Series on the server (issue 32, "Series"; docs/competitions.md,
//! "Series", "On the server"): a season of stages, each a competition of
//! the series' organiser, in which a player's best `N` of the `M` stages
//! count.
//!
//! What a season counts is `novuss-club`'s
//! ([`novuss_club::series_standings`]): this feature keeps a series'
//! set-up and which competition is which stage, reads each stage's places
//! from its competition as it stands, and says who may change it (the
//! policy: [`crate::policy::may_change_series`]).
//! - `setup.rs`: a series' set-up as the organiser sends it, checked,
//!   and the typed refusals ([`SeriesRefusal`]);
//! - `id.rs`: a series' id;
//! - `standings.rs`: the standings, computed from the stages'
//!   competitions, a player matched across them by licence or by name;
//! - `view.rs`: a series as every client reads it (the wire shapes);
//! - `desk.rs`: the [`SeriesDesk`]: creating, reading, changing stages
//!   and telling followers when a stage's competition changes;
//! - `files.rs`: the standings as a CSV download;
//! - the routes are in `net/series.rs`, the statements in
//!   `store/series.rs`.

mod desk;
pub mod files;
mod id;
mod setup;
mod standings;
pub mod view;

pub use desk::SeriesDesk;
pub use id::SeriesId;
pub use setup::{SeriesRefusal, SeriesSetup, StageAsk};
