//! What the server says about itself: `GET /api/health` and `GET
//! /api/options`.

use std::collections::BTreeMap;

use novuss_core::rules::profile::{Profile, ProfileId};
use novuss_core::rules::set::Format;
use novuss_core::table::Table;
use serde::Serialize;

use crate::wire::state::LevelName;

/// `GET /api/health`.
#[derive(Debug, Serialize)]
pub struct Health {
    /// Always true: the server answers.
    pub ok: bool,
    /// The server's version.
    pub version: &'static str,
}

/// `GET /api/options`: what a new game may be, with the table every game
/// is played on and each profile's settings.
#[derive(Debug, Serialize)]
pub struct Options {
    /// The formats.
    pub formats: Vec<Format>,
    /// The rule profiles.
    pub profiles: Vec<ProfileId>,
    /// The computer's levels, weakest first.
    pub levels: Vec<LevelName>,
    /// Each level's estimated Glicko-2 rating, by its name (the club
    /// player at 1500).
    pub level_ratings: BTreeMap<&'static str, f64>,
    /// The sets a match may have.
    pub sets: Vec<u32>,
    /// The table every game is played on.
    pub table: Table,
    /// Each profile's settings, by its name.
    pub profile_settings: BTreeMap<&'static str, Profile>,
}
