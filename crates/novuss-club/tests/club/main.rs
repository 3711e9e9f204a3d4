//! The club crate from outside, one binary of modules:
//!
//! - `berger`: the round robin tables against FIDE's published ones, and
//!   what every table must be for any number of entrants;
//! - `competition`: a competition run change by change, round robin and
//!   Swiss, with refusals that change nothing;
//! - `competition_files`: a list of players entered whole or not at all,
//!   refused at the file's row and column; the competition as TRF-16,
//!   read back, ranked and paired the same;
//! - `double_competition`: a double elimination run round by round, both
//!   brackets side by side, the grand final and its reset, refusals,
//!   places;
//! - `entries`: entries read from CSV text and Excel sheets, and refused
//!   with their row and column;
//! - `groups_competition`: groups by the snake played side by side, their
//!   tables, the cross into a knock-out, corrections checked, places;
//! - `knockout`: seeded brackets, byes and the match for third place;
//! - `knockout_competition`: a knock-out competition run round by round
//!   from its results, walkovers, refusals, places;
//! - `series`: a season's best N of M stages, shared places, ties;
//! - `standings`: the tie-breaks against Held's worked examples, set
//!   ratio, rating and shared places, bad histories refused, and any
//!   valid history ranked;
//! - `pairing_file`: a round's pairing read from Swiss-Manager's list
//!   (CSV, or a workbook's "EKSPORT" sheet), refusals at their rows;
//! - `protocol`: the table protocol: sets at a table, undo, the result
//!   standing on both confirmations or a referee's, repeats made once;
//! - `support`: a set-up the competition tests share;
//! - `swiss`: the Dutch system against bbpPairings' pairings of generated
//!   tournaments, round 1 by hand, determinism, valid pairings always;
//! - `team_competition`: a team competition run change by change: a
//!   four-team round robin to its end against standings worked by hand,
//!   a match decided past half, line-ups, refusals, the change log
//!   rebuilt;
//! - `team_tables`: a team match's boards at their tables: protocols
//!   whose results are the boards', referees, penalties on team boards;
//! - `teams`: line-ups, team matches decided past half, team standings,
//!   team round robin and Swiss;
//! - `trf`: TRF-16 files read, written back, and refused where wrong.

mod berger;
mod competition;
mod competition_files;
mod conduct;
mod double;
mod double_competition;
mod doubles;
mod entries;
mod groups;
mod groups_competition;
mod knockout;
mod knockout_competition;
mod pairing_file;
mod protocol;
mod seeding;
mod series;
mod standings;
mod support;
mod swiss;
mod tables;
mod team_competition;
mod team_file;
mod team_tables;
mod teams;
mod trf;
mod trf_import;
