//! Novuss competitions: who plays whom, and in what order.
//!
//! Most Novuss is played on real wooden tables, in clubs, leagues and the
//! federation's championships; their organisers pair rounds with chess
//! programs, because the systems are chess's: FIDE's Berger tables for a
//! round robin (Handbook C.05, Annex 1), the Dutch Swiss system (C.04.3),
//! knock-out brackets. This crate is that logic and nothing else: no
//! files, no network, no clock. The server stores competitions and shows
//! them; the `novuss club` command line prints what this crate computes.
//!
//! In Novuss the "white" player of chess's tables is the one who breaks
//! first in the first set (`../shared/seeds/001`, "The Game": the players
//! break in turn, set by set).
//!
//! - [`round_robin`]: Berger tables, single and double.
//! - [`entries`]: the players entered, typed in or read from the CSV
//!   file or Excel sheet a club keeps.
//! - [`knockout`]: seeded single-elimination brackets, with byes and a
//!   match for third place.
//! - [`knockout::double`]: double elimination, with the bracket reset.
//! - [`groups`]: groups by the snake system, a round robin each, and the
//!   cross into the knock-out.
//! - [`tables`]: which table each pairing of a round plays at.
//! - [`results`]: what each entrant did in each round, which pairings and
//!   standings read.
//! - [`swiss`]: the FIDE Dutch Swiss system, pairing a round from the
//!   histories so far.
//! - [`trf`]: FIDE's Tournament Report File (TRF-16), read and written.
//! - [`competition`]: a competition as its organiser runs it, changed
//!   only by checked changes, which the server stores.
//! - [`standings`](mod@standings): the standings after any number of results, with
//!   FIDE's tie-breaks (C.07) in the organiser's order.
//! - [`teams`]: the team championship: rosters in board order, line-ups,
//!   team matches decided once a team passes half of the board points,
//!   team standings, and teams paired by Berger and the Dutch system.
//! - [`series`]: a season of stages, points by place, a player's best `N`
//!   of `M` stages counted.

pub mod competition;
pub mod entries;
pub mod groups;
pub mod knockout;
pub mod results;
pub mod round_robin;
pub mod series;
pub mod standings;
pub mod swiss;
pub mod tables;
pub mod teams;
pub mod trf;

pub use competition::{Change, Competition, Outcome, Refusal, Setup, System};

pub use entries::{read_csv, read_sheet, Category, Entry, ImportError, Member, Problem};

pub use knockout::double::{double_bracket, DoubleBracket, DoubleTie, Part};
pub use knockout::{bracket, seed_order, Bracket, KnockoutError, Source, Tie, MAX_KNOCKOUT};

pub use results::{Bye, Entrant, History, Round as RoundResult, Score, Sets, Side};

pub use standings::{
    standings, PairingMethod, Participant, Regulations, Standing, Standings, StandingsError,
    TieBreak, TieBreakValue,
};

pub use round_robin::{berger, Cycles, Pairing, Round, RoundRobinError, MAX_ENTRANTS};

pub use swiss::{pair_dutch, Competitor, Field, Pairings, PointSystem, SwissError};

pub use series::{series_standings, Places, Placing, SeriesError, SeriesRow, SeriesRules, Stage};

pub use teams::{Team, TeamError, TeamMatch, TeamRules};
