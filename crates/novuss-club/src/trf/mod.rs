//! FIDE's Tournament Report File (TRF-16, and the TRF-2026 codes), read
//! and written, as JaVaFo and bbpPairings exchange it.
//!
//! Read:
//! - `001` player lines: starting number (columns 5–8), the name block
//!   (10–47, kept as written), rating (49–52), points (81–84, checked
//!   against the results), rank (86–89), and one 10-column entry per round
//!   from column 92: opponent (4 digits, `0000` none), colour (`w`, `b`,
//!   `-`), result (`1 = 0`, `W D L` unrated, `+ -` forfeits, `H F U Z`
//!   byes, blank);
//! - the number of rounds: `XXR n` or `142 n`;
//! - the initial colour: `XXC white1`/`black1` or `152 W`/`B` (inferred
//!   from round 1 when absent, as bbpPairings does);
//! - point values: `BBW BBD BBL BBZ BBF BBU pp.p` (bbpPairings'
//!   extension).
//!
//! Kept and written back but not read: every other line (`012` name,
//! `022` place, `092` type, `162` scoring, …). Not supported: `XXA`/`250`
//! accelerations, `XXP`/`260` forbidden pairs, `240` bye lists and team
//! files: an entry in the player line is how a bye is told.
//!
//! An entry after the last paired round (a bye or absence requested for
//! the round to pair) makes that player sit the round out.

mod model;
mod read;
mod write;

pub use model::{Trf, TrfError, TrfErrorKind, TrfPlayer};
pub use read::parse;
pub use write::write;
