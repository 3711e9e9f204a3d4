pub mod accounts;
pub mod chat;
pub mod db;
pub mod play;
pub mod server;
