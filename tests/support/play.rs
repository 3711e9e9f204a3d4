//! Games as the tests play them: the requests that create them, a local
//! mirror of a game, and the strokes a quick geometric player sends.

use novuss_ai::{Level, Player};
use novuss_core::physics::stroke::Stroke;
use novuss_core::play::game::Game;
use novuss_core::seat::Seat;
use novuss_server::NewGame;
use serde_json::{json, Value};

/// A singles set against the greedy computer.
pub const VS_GREEDY: &str = r#"{"format":"singles","profile":"lnf-2017","sets":1,
    "players":[{"kind":"human","name":"Tester"},{"kind":"computer","level":"greedy"}]}"#;
/// A best-of-three between two people at one screen.
pub const HOT_SEAT: &str = r#"{"format":"singles","profile":"lnf-2017","sets":3,
    "players":[{"kind":"human","name":"Anna"},{"kind":"human","name":"Jānis"}]}"#;

/// The same game, kept locally: every stroke the server reports is played
/// here too and must give the same verdict and positions.
pub fn mirror(request: &str) -> Game {
    let setup = serde_json::from_str::<NewGame>(request)
        .unwrap()
        .setup()
        .unwrap();
    // Of the request's match format: a fixed number of sets ends as a
    // best of would not (issue 32).
    Game::of_match(setup.new_match().unwrap(), setup.physics, None).unwrap()
}

/// The stroke a quick geometric player would choose for the player to move.
pub fn choose(local: &Game, seed: u64) -> Stroke {
    let d = Player::new(Level::Greedy, seed)
        .decide(local.set(), &local.record().physics)
        .expect("a legal stroke");
    d.best.stroke
}

/// The stroke a club player would choose for the player to move: a set
/// it plays against the greedy computer ends. Two geometric players can
/// leave each other a disc neither reaches (one pressed to a player's own
/// cushion, behind their striker's line) and trade fouls for ever: in
/// 40,000 sets played as `server.rs` plays them, the person by
/// [`choose`] and the computer seeded by a random game id, 111 had not
/// ended after 6,000 strokes; with the club player all of 10,000 ended
/// within 100.
pub fn choose_club(local: &Game, seed: u64) -> Stroke {
    Player::new(Level::Club, seed)
        .decide(local.set(), &local.record().physics)
        .expect("a legal stroke")
        .best
        .stroke
}

/// The `stroke` request for `s`, played from `seat` at `event`.
pub fn stroke_request(event: u64, seat: Seat, s: &Stroke) -> Value {
    json!({"type": "stroke", "event": event, "seat": seat,
           "striker": [s.striker.x, s.striker.y], "direction": [s.direction.x, s.direction.y],
           "speed": s.speed})
}
