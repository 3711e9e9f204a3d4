//! The `novuss` binary and its server from outside, as one test binary
//! (one link step, not five): each module is one concern.
//!
//! - `aim`: the "aim at a disc" tool's endpoint;
//! - `cli`: the subcommands, over the real binary;
//! - `server`: games over real HTTP and WebSocket on loopback;
//! - `replay`: replays, analysis and uploads;
//! - `faults`: a full disk and a damaged database;
//! - `front_door`: what the server refuses to strangers and other sites;
//! - `online`: people at different screens: invitations, seats, watchers;
//! - `ratings`: rated matches, the player page, the leaderboard, recomputing;
//! - `support`: a real `novuss serve` to drive, and its database behind its
//!   back.

mod aim;
mod cli;
mod faults;
mod front_door;
mod online;
mod ratings;
mod replay;
mod server;
mod support;
