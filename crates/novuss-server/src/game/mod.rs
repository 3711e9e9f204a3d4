//! One game: its room in memory (check → store → commit, the feed of its
//! events), the event model and the state clients see, its set-up, offers
//! and clocks, the aiming tool, replays, analyses and uploaded records.

pub mod analysis;
pub mod clock;
pub mod event;
pub mod listing;
pub mod replay;
pub mod room;
pub mod setup;
pub mod trace;
pub mod upload;
pub mod view;
