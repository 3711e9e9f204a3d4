//! Competitions on real tables or on this server (issue 32;
//! docs/competitions.md, "On the server" and "Played on this server"): an
//! organiser with an account creates one, enters its players, has its
//! rounds paired and enters the results (or, played here, its games give
//! them); everyone may read it and follow it live.
//!
//! What a competition is and does is `novuss-club`'s
//! ([`novuss_club::Competition`]): this feature stores its changes, in
//! order, before anyone is told of them, rebuilds it from them, and says
//! who may change it (the policy: [`crate::policy::may_change_competition`]).
//! - `desk.rs`: the [`Desk`] itself: creating, loading, and changing a
//!   competition (check → store → tell its followers), each held in
//!   memory as it stands, written as JSON once per change;
//! - `files.rs`: its files in and out: a list of players imported, the
//!   standings, results, TRF-16 and `competition.json` exported, and a
//!   `competition.json` imported as a new competition;
//! - `entering.rs`: people with accounts entered by their user name, or
//!   entering themselves;
//! - `officials.rs`: who a person is to it (organiser, arbiter, nobody),
//!   and so whether they may change it;
//! - `arbiters.rs`: the people the organiser names to change it too;
//! - `online.rs`: competitions played on this server: a game per board
//!   with the entrants' seats reserved, its result taken into the
//!   competition when its match ends, forfeits after the grace, and the
//!   next round paired when the last game ends;
//! - `record.rs`: its changes with who made them and when, for the desk;
//! - `tables.rs`: the links of a round's tables, signed, opened by the
//!   players' phones to record their match's table protocol, and their
//!   cards' QR codes;
//! - the routes are in `net/competitions.rs` and `net/tables.rs`.

pub mod arbiters;
pub mod crosstable;
mod desk;
pub mod entering;
pub mod files;
pub mod officials;
mod online;
pub mod record;
pub mod tables;

pub use desk::{Desk, Held, Push, LISTED};
pub use online::check_setup;
pub use online::{BoardGame, Online};
