//! `GET /api/players/{id}/competitions` (docs/protocol.md, "A player's
//! competitions"): the competitions a person with an account is entered
//! in, newest first, each with where they stand in it as it stands now.

use std::ops::RangeInclusive;

use novuss_club::competition::Day;
use novuss_club::{Entrant, System};
use serde::Serialize;

use crate::ids::CompetitionId;

/// A player's competitions.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerCompetitions {
    /// The newest first (by when each was created), at most
    /// [`crate::people::competitions::LISTED`].
    pub competitions: Vec<EnteredCompetition>,
    /// Whether the player is entered in older ones beyond those listed.
    pub more: bool,
}

/// One competition and the player's part in it.
#[derive(Clone, Debug, Serialize)]
pub struct EnteredCompetition {
    /// The competition's id (its page: `competition.html?id=…`).
    pub id: CompetitionId,
    /// Its name.
    pub name: String,
    /// The club that organises it, if it names one.
    pub club: Option<String>,
    /// Its first day, if given.
    pub starts: Option<Day>,
    /// Its last day, if given.
    pub ends: Option<Day>,
    /// When it was created, seconds since 1970.
    pub created: i64,
    /// How its rounds are paired, as its set-up says.
    pub system: System,
    /// Whether it is played on this server.
    pub online: bool,
    /// How far it has gone.
    pub status: CompetitionStatus,
    /// The player's number in it (the order of entry).
    pub entrant: Entrant,
    /// The first round the player is not paired in, once they withdrew.
    pub withdrawn_from: Option<u32>,
    /// The player's place in the standings as they stand (final once
    /// `status` is `finished`); a shared place is the range of places
    /// shared (`{"start": 3, "end": 4}`). `null` while the standings
    /// cannot be computed.
    pub place: Option<RangeInclusive<u32>>,
    /// Of how many entrants.
    pub entrants: u32,
    /// The player's match points, in the competition's own units (2 a
    /// win, 1 a draw unless its organiser said otherwise).
    pub points: u64,
    /// Matches the player won, drew and lost: results entered, forfeits
    /// included; a bye or a rest is none of them.
    pub wins: u32,
    /// See `wins`.
    pub draws: u32,
    /// See `wins`.
    pub losses: u32,
}

/// How far a competition has gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum CompetitionStatus {
    /// No round paired yet.
    EntriesOpen,
    /// Round `round` of `rounds` paired, not every result in after it.
    Round {
        /// The last round paired.
        round: u32,
        /// The rounds it will have.
        rounds: u32,
    },
    /// Every round paired and every result in.
    Finished {
        /// The rounds it had.
        rounds: u32,
    },
}
