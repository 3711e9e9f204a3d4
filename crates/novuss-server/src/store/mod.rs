//! Storage: games and their numbered events, in SQLite (embedded, the
//! default) or PostgreSQL (`--database postgres://…`), through sqlx.
//!
//! The database holds what happened, never a derived picture: a game's
//! set-up and its events (a stroke as played, a take-back, the start of a
//! set). A game is rebuilt by replaying them through the core, which is
//! exact, so what is stored can never disagree with what is shown.
//!
//! Every method is one transaction. [`Store::append`] writes an event only
//! if the game is still at the event the caller saw, so two writers (two
//! requests, or two server instances over one PostgreSQL) can never
//! interleave strokes.
//!
//! Both backends run the same statements through sqlx's `Any` driver:
//! the schema uses only TEXT, BIGINT and DOUBLE PRECISION, and the
//! statements `$1`-style placeholders, which both read. What differs is
//! the connections (one writer for SQLite, a pool for PostgreSQL), the
//! migrations (`migrations/sqlite`, `migrations/postgres`), and what only
//! a database that several instances share has: the [`Shared`] handle
//! ([`Store::shared`], `postgres.rs`), with the notices of changes to the
//! other instances, the leases on the games' computer turns and clocks,
//! presence per instance and the instances' heartbeats. SQLite has none:
//! one process serves its file.
//!
//! Rows carry the server's types, not the database's: ids are
//! [`GameId`](crate::ids::GameId) and [`PersonId`](crate::ids::PersonId), players
//! [`PlayerId`](novuss_core::PlayerId), formats
//! [`Format`](novuss_core::Format), each checked as it is read
//! (`read.rs`), so that a value that cannot be read is
//! [`StoreError::Damaged`] here rather than a surprise in a caller. A
//! game's set-up and events stay JSON text: the game reads them
//! (`game/setup.rs`, `game/event.rs`), and the store sits below it.
//!
//! The files are in layers, each using only those listed before it:
//! `shown.rs` (the name a person goes by, as statements select it),
//! `error.rs` and `read.rs` (why a call failed; each column read into its
//! type), `connections.rs` (SQLite's writer and readers or PostgreSQL's
//! pool, a connection dropped after a failure), `postgres.rs` (what only
//! a shared database has), `rows.rs` (a game's rows and the statements
//! that write them in a transaction), `listing.rs` (a listed game's row
//! with its seats' holders' names), `commit.rs` (SQLite's group
//! commit), `handle.rs` (the [`Store`] itself), then one file of
//! statements per feature: `games.rs`, `people.rs`, `accounts.rs`,
//! `chat.rs`, `lobby.rs`, `ratings.rs`, `competitions.rs` (with
//! `entrants.rs`, who is entered where), `series.rs`. Beside them,
//! `migrations.rs` (the migrations this binary knows, tolerant of a newer
//! version's) and `backup.rs` (SQLite copies taken and put back). This
//! file only names them.

// The name rule's statement pieces, before the files that use them.
#[macro_use]
mod shown;
mod accounts;
mod arbiters;
mod backup;
mod blocks;
mod chat;
mod checkpoint;
mod commit;
mod competitions;
mod connections;
mod entrants;
mod error;
mod forget;
mod games;
mod handle;
mod keys;
mod listing;
mod lobby;
mod migrations;
mod moderation;
pub(crate) mod my_data;
mod people;
mod postgres;
mod ratings;
mod read;
pub(crate) mod ready;
mod rows;
mod series;
mod table_ratings;
#[cfg(test)]
mod tests;
mod word_list;

pub use accounts::{AccountRow, NewAccount, Registered};
pub use arbiters::Named;
pub use backup::{backup as backup_sqlite, restore as restore_sqlite};
pub use backup::{BackupError, Contents, Copied, Restored};
pub use chat::{ChatRow, NewChatLine};
pub use competitions::CompetitionGame;
pub use competitions::CompetitionRow;
pub use competitions::ListedCompetition;
pub use error::StoreError;
pub use forget::{Forget, Forgotten};
pub use handle::{now, Store};
pub use listing::ListedRow;
pub use lobby::{ChallengeRow, OpenSeat};
pub use moderation::{Effect, LogRow, Logged, NewReport, ReportRow, Standing};
pub use people::{Joined, Shown};
pub use postgres::{Heard, Listener, Notice, Shared, HEARTBEAT, LEASE};
pub use ratings::{ChangeRow, CurrentRow, Settled};
pub use rows::{Append, EventRow, GameRow, Imported, NewRow, SeatRow};
pub use series::SeriesRow;
pub use table_ratings::{RatedCompetition, TableChangeRow, TableRatedRow};
pub use word_list::{WordLang, WordRow, WordsAdded, WordsRemoved};
