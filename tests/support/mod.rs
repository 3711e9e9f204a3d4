pub mod db;
pub mod server;
