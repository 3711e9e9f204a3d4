//! The network's side: listening and the front door's checks, who a
//! request comes from behind a reverse proxy, the limits per address,
//! request bodies, the HTTP routes and the WebSocket, the heavy requests'
//! share of the machine, and the embedded page.

pub mod accounts;
pub mod aim;
pub mod body;
pub mod clubs;
pub mod competition_arbiters;
pub mod competition_files;
pub mod competition_record;
pub mod competitions;
pub mod forwarded;
pub mod guard;
pub mod http;
pub mod limited;
pub mod listen;
pub mod lobby;
pub mod metrics;
pub mod moderation;
pub mod player_competitions;
pub mod ratings;
pub mod series;
pub mod tables;
pub mod traced;
pub mod web;
pub mod ws;
