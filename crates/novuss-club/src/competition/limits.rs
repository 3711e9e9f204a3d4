//! How large a competition's set-up may be: the bounds its check holds it
//! to (`setup.rs`) and its refusals name (`refusal.rs`).

/// The longest name, venue or other text of a set-up, in characters.
pub const MAX_TEXT: usize = 100;
/// The most tables a hall can have here (Madona's World Cup stage plays
/// on about 60).
pub const MAX_TABLES: u32 = 500;
/// The most rounds of a Swiss (a 250-player event plays 13).
pub const MAX_SWISS_ROUNDS: u32 = 30;
