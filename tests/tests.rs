//! The `novuss` binary and its server from outside, as one test binary
//! (one link step, not five): each module is one concern.
//!
//! - `accounts`: optional accounts: registering, signing in and out, passwords;
//! - `aim`: the "aim at a disc" tool's endpoint;
//! - `backup`: `novuss backup` under load and `novuss restore`, PostgreSQL's
//!   dump and restore, an older server on a newer version's migrations;
//! - `chat`: the chat of games between people: rooms, limits, keeping;
//! - `cli`: the subcommands, over the real binary;
//! - `clocks`: the stroke clock, absence claims and abandoned games;
//! - `clubs`: a club's page: the competitions it organises;
//! - `competition_arbiters`: the people an organiser names to change a
//!   competition too, and removes;
//! - `competition_files`: a competition's players imported from files,
//!   its standings, results, TRF and JSON exported and read back;
//! - `competitions`: an organiser runs a Swiss over HTTP, followed live;
//! - `competitions_teams`: a team round robin over HTTP: teams with
//!   rosters, line-ups, results board by board, followed live;
//! - `competitions_tables`: table protocols from the players' phones by
//!   their tables' links: steps made once, links that open nothing, a
//!   referee at the desk, a flood limited, SIGKILL;
//! - `competitions_online`: a competition played on this server: games per
//!   board, results from them, forfeits, the next round by itself;
//! - `series`: a season of round robins, the best 2 of 3 counted, followed
//!   live;
//! - `server`: games over real HTTP and WebSocket on loopback;
//! - `replay`: replays, analysis and uploads;
//! - `schema`: the SQLite and PostgreSQL migrations make the same tables;
//! - `door`: one hostile client: trickled bodies, connections per address,
//!   silent sockets, heavy requests shared fairly;
//! - `door_people`: issue 29's attacks on seats, ratings and accounts;
//! - `door_pg`: several servers over PostgreSQL when it misbehaves: a
//!   silent listener, an outage;
//! - `faults`: a full disk and a damaged database;
//! - `front_door`: what the server refuses to strangers and other sites;
//! - `instances`: several servers over one PostgreSQL database;
//! - `loadtest`: `novuss loadtest` driving a real server;
//! - `lobby`: challenges, "play someone now" and live games;
//! - `match_formats`: six sets, drawn matches and four-player refusals;
//! - `names`: one name per person, in seats, lists and the lobby;
//! - `offers`: take-backs and rematches between people, by consent;
//! - `online`: people at different screens: invitations, seats, watchers;
//! - `player_competitions`: a player's page lists the competitions they
//!   are entered in, with place and points;
//! - `proxy`: behind Debian's nginx: a game through it across two
//!   instances, one killed; limits per real client; forwarding headers
//!   believed only from the trusted proxy;
//! - `ratings`: rated matches, the player page, the leaderboard, recomputing;
//! - `real_ratings`: rated competitions on real tables make the real-table
//!   pool: the list per category, a player's history, recomputing;
//! - `word_list`: the operator's word list changed while servers run;
//!   names and chat lines with a listed word refused;
//! - `support`: a real `novuss serve` to drive, and its database behind its
//!   back.

mod accounts;
mod aim;
mod backup;
mod blocks;
mod chat;
mod cli;
mod clocks;
mod clubs;
mod competition_arbiters;
mod competition_files;
mod competitions;
mod competitions_doubles;
mod competitions_online;
mod competitions_tables;
mod competitions_teams;
mod door;
mod door_people;
mod door_pg;
mod faults;
mod forget;
mod front_door;
mod instances;
mod loadtest;
mod lobby;
mod match_formats;
mod moderation;
mod my_data;
mod names;
mod offers;
mod online;
mod player_competitions;
mod proxy;
mod ratings;
mod real_ratings;
mod replay;
mod schema;
mod series;
mod server;
mod support;
mod watched;
mod word_list;
