//! The commands of the `novuss` program as functions from their input text
//! to their output text, so the binary, its tests and the fuzzer run the
//! very same code. Every error is one line of plain English.

pub mod admin;
pub mod backup;
pub mod club;
pub mod commands;
pub mod computer;
pub mod database;
pub mod ratings;
pub mod serve;
pub mod words;
