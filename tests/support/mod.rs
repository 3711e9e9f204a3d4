pub mod accounts;
pub mod db;
pub mod play;
pub mod server;
