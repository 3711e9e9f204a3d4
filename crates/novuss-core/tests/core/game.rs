//! A whole match through [`Game`]: sets, the match score, the record it
//! writes, resuming from that record, and records that are tampered with or
//! impossible.

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::Physics;
use novuss_core::play::game::{Game, GameError};
use novuss_core::play::match_format::{MatchFormat, MatchResult};
use novuss_core::play::match_play::{ContenderId, Match, MatchConfig, MatchError, PlayerId};
use novuss_core::play::record::{replay, Action, Part, RecordError, FORMAT_VERSION};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::referee::{Conduct, PlayError, Refusal};
use novuss_core::rules::set::{Format, SetResult, SetState, Side, WinReason};
use novuss_core::seat::Seat;
use novuss_core::DVec2;

fn singles(sets: u32) -> MatchConfig {
    MatchConfig::singles(
        ProfileId::Lnf2017,
        sets,
        ["Anna".into(), "Jānis".into()],
        PlayerId(0),
        Seat::South,
    )
}

/// A legal break for the player to stroke: from the free spot of their zone
/// nearest its middle, straight at the opposite cushion.
fn break_stroke(game: &Game) -> Stroke {
    stroke_from(game, 0.47, 6.0)
}

/// Ends the set in play: the player not to stroke plays out of turn and
/// forfeits (`000` 5.7, 6.6).
fn forfeit_set(game: &mut Game) {
    let other = game.set().seats()[(game.set().to_play().index() + 1) % 2];
    game.conduct(&Conduct::PlayedOutOfTurn { seat: other })
        .unwrap();
    assert!(game.set().is_over());
}

#[test]
fn a_best_of_three_is_played_recorded_and_resumed() {
    let mut game = Game::new(singles(3), Physics::default()).unwrap();
    // Set 1: a stroke, then North plays out of turn: South's side wins.
    let seat = game.set().seat_to_play();
    game.play(seat, &break_stroke(&game)).unwrap();
    forfeit_set(&mut game);
    assert!(game.between_sets());
    assert_eq!(game.progress().score().iter().sum::<u32>(), 1);
    // The next set only starts when asked, so the final state can be shown.
    assert!(matches!(
        game.conduct(&Conduct::RefusedStroke),
        Err(Refusal::SetOver)
    ));
    game.next_set().unwrap();
    assert_eq!(game.set().strokes(), 0);
    // The record resumes to the same game at any point.
    let back = Game::from_record(game.record().clone()).unwrap();
    assert_eq!(back.set(), game.set());
    assert_eq!(back.progress(), game.progress());
    // Set 2, then the match.
    let seat = game.set().seat_to_play();
    game.play(seat, &break_stroke(&game)).unwrap();
    forfeit_set(&mut game);
    if !game.is_over() {
        game.next_set().unwrap();
        forfeit_set(&mut game);
    }
    assert!(game.is_over());
    assert!(matches!(
        game.next_set(),
        Err(GameError::Match(MatchError::Over))
    ));
    let report = replay(game.record()).unwrap();
    assert!(report.divergences.is_empty(), "{:?}", report.divergences);
    assert_eq!(report.winner, game.progress().winner());
    assert_eq!(report.score, game.progress().score());
    // JSON round trip.
    let json = serde_json::to_string(game.record()).unwrap();
    let back = Game::from_record(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(back.record(), game.record());
}

/// A six-set match (issue 32) played through [`Game`] to 3:3 is a drawn
/// match; its record says its format, replays to the same draw, and a
/// best of's record is written without one, as before formats existed.
#[test]
fn a_six_set_game_ends_drawn_and_its_record_says_so() {
    let progress = Match::with_format(singles(1), MatchFormat::Sets(6)).unwrap();
    let mut game = Game::of_match(progress, Physics::default(), None).unwrap();
    // The side to stroke wins each forfeit, and the players take turns to
    // open (`000` 4.3): the sets go to each player in turn.
    for k in 0..6 {
        if k > 0 {
            game.next_set().unwrap();
        }
        forfeit_set(&mut game);
    }
    assert!(game.is_over());
    assert_eq!(game.progress().score(), [3, 3]);
    assert_eq!(game.progress().winner(), None);
    assert_eq!(game.progress().result(), Some(MatchResult::Drawn));
    assert_eq!(game.record().config.sets, 6);
    assert_eq!(game.record().match_format, Some(MatchFormat::Sets(6)));
    let report = replay(game.record()).unwrap();
    assert!(report.divergences.is_empty() && report.drawn, "{report:?}");
    let json = serde_json::to_string(game.record()).unwrap();
    assert!(json.contains(r#""match_format":{"kind":"sets","sets":6}"#));
    let back = Game::from_record(serde_json::from_str(&json).unwrap()).unwrap();
    assert_eq!(back.progress(), game.progress());
    // The same sets under a best of seven would not have ended: the
    // record's format is what ends the match, not its number of sets.
    let mut as_best_of: serde_json::Value = serde_json::from_str(&json).unwrap();
    as_best_of["match_format"] = serde_json::json!({"kind": "best_of", "sets": 6});
    let refused = serde_json::from_value(as_best_of).map(Game::from_record);
    assert!(matches!(refused, Ok(Err(RecordError::Match(_)))));
    // A best of three: no format in the record, as before.
    let best = Game::new(singles(3), Physics::default()).unwrap();
    let json = serde_json::to_string(best.record()).unwrap();
    assert!(!json.contains("match_format"), "{json}");
    // A match with a set played cannot start a game.
    let mut played = Match::with_format(singles(1), MatchFormat::Sets(4)).unwrap();
    played.record(SetResult::Drawn).unwrap();
    assert!(matches!(
        Game::of_match(played, Physics::default(), None),
        Err(GameError::Start)
    ));
}

#[test]
fn refusals_leave_the_game_and_its_record_unchanged() {
    let mut game = Game::new(singles(1), Physics::default()).unwrap();
    let before = game.record().clone();
    let mut bad = break_stroke(&game);
    bad.striker = DVec2::new(0.5, 0.5);
    assert!(matches!(
        game.play(Seat::South, &bad),
        Err(PlayError::Refused(Refusal::Placement(_)))
    ));
    assert!(matches!(
        game.play(Seat::North, &break_stroke(&game)),
        Err(PlayError::Refused(Refusal::OutOfTurn { .. }))
    ));
    bad = break_stroke(&game);
    bad.speed = f64::NAN;
    assert!(game.play(Seat::South, &bad).is_err());
    assert_eq!(game.record(), &before);
    assert!(matches!(game.next_set(), Err(GameError::SetNotOver)));
}

#[test]
fn a_tampered_record_diverges_and_does_not_resume() {
    let mut game = Game::new(singles(1), Physics::default()).unwrap();
    game.play(Seat::South, &break_stroke(&game)).unwrap();
    let seat = game.set().seat_to_play();
    game.play(seat, &break_stroke(&game)).unwrap();
    let mut tampered = game.record().clone();
    tampered.sets[0].entries[0]
        .verdict
        .pocketed
        .push(novuss_core::rules::set::DiscId(99));
    let report = replay(&tampered).unwrap();
    assert_eq!(report.divergences.len(), 1);
    assert_eq!(report.divergences[0].parts, vec![Part::Pocketed]);
    assert!(matches!(
        Game::from_record(tampered),
        Err(RecordError::Diverged(_))
    ));
    // A stroke played differently with the same verdict still diverges:
    // the discs end elsewhere.
    let mut other = game.record().clone();
    other.sets[0].entries.truncate(1);
    let Action::Stroke(s) = &mut other.sets[0].entries[0].action else {
        panic!("a stroke")
    };
    s.speed -= 0.01;
    let report = replay(&other).unwrap();
    assert!(report
        .divergences
        .iter()
        .any(|d| d.parts.contains(&Part::Positions)));
}

#[test]
fn impossible_records_are_refused_with_their_reason() {
    let mut game = Game::new(singles(3), Physics::default()).unwrap();
    forfeit_set(&mut game);
    game.next_set().unwrap();
    let good = game.record().clone();
    let mut future = good.clone();
    future.format_version = FORMAT_VERSION + 1;
    assert_eq!(
        replay(&future).unwrap_err(),
        RecordError::Version {
            found: FORMAT_VERSION + 1,
            supported: FORMAT_VERSION
        }
    );
    let mut empty = good.clone();
    empty.sets.clear();
    assert_eq!(replay(&empty).unwrap_err(), RecordError::Empty);
    // The first set's last action removed: it has no result but a set follows.
    let mut unfinished = good.clone();
    unfinished.sets[0].entries.pop();
    assert_eq!(
        replay(&unfinished).unwrap_err(),
        RecordError::Unfinished { set: 0 }
    );
    // A set started from another profile than the match's.
    let mut wrong = good.clone();
    wrong.sets[1].start = SetState::new(ProfileId::Koroona, Format::Singles, Seat::South);
    assert_eq!(replay(&wrong).unwrap_err(), RecordError::Start { set: 1 });
    // An even number of sets.
    let mut even = good;
    even.config.sets = 2;
    assert_eq!(
        replay(&even).unwrap_err(),
        RecordError::Match(MatchError::SetCount(2))
    );
}

#[test]
fn a_game_can_start_from_a_position_of_its_own_profile_and_format() {
    let config = singles(1);
    let mut parts = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South).to_parts();
    for d in parts.discs.iter_mut().skip(1).take(7) {
        d.at = None;
    }
    let start = SetState::from_parts(parts).unwrap();
    let game = Game::from_position(config.clone(), Physics::default(), start).unwrap();
    assert_eq!(game.set().on_table(Side::new(0)), 1);
    let koroona = SetState::new(ProfileId::Koroona, Format::Singles, Seat::South);
    assert!(Game::from_position(config, Physics::default(), koroona).is_err());
}

#[test]
fn a_forfeit_is_a_typed_win() {
    let mut game = Game::new(singles(1), Physics::default()).unwrap();
    forfeit_set(&mut game);
    assert_eq!(
        game.set().result(),
        Some(SetResult::Won {
            winner: Side::new(0),
            how: WinReason::OpponentOutOfTurn
        })
    );
    assert_eq!(game.progress().winner(), Some(ContenderId(0)));
}

#[test]
fn every_set_of_a_game_is_played_on_the_table_of_its_first() {
    let table = novuss_core::table::Table {
        size: 1.2,
        ..Default::default()
    };
    let start = SetState::new_on(table, ProfileId::Lnf2017, Format::Singles, Seat::South).unwrap();
    let mut game = Game::from_position(singles(3), Physics::default(), start).unwrap();
    forfeit_set(&mut game);
    game.next_set().unwrap();
    assert_eq!(game.set().table(), &table);
    let seat = game.set().seat_to_play();
    game.play(seat, &break_stroke(&game)).unwrap();
    // A finished position is no place to start a game.
    let mut done = game.set().to_parts();
    done.result = Some(SetResult::Drawn);
    let done = SetState::from_parts(done).unwrap();
    assert!(matches!(
        Game::from_position(singles(1), Physics::default(), done),
        Err(GameError::Start)
    ));
}

/// A legal stroke for the player to stroke, of `speed`, from the free spot
/// of their zone nearest `along` (0 to 1 across it).
fn stroke_from(game: &Game, along: f64, speed: f64) -> Stroke {
    let set = game.set();
    let seat = set.seat_to_play();
    let frame = novuss_core::rules::zone::SeatFrame::new(set.table(), seat);
    let region = novuss_core::aim::StrikerRegion::new(set.table(), seat, &set.positions());
    Stroke {
        striker: region
            .nearest(frame.world(along, 0.08))
            .expect("room in the zone"),
        direction: frame.inward(),
        speed,
    }
}

/// Plays strokes until `n` have been played or the set ends.
fn play_some(game: &mut Game, n: usize) {
    for k in 0..n {
        if game.set().is_over() {
            break;
        }
        let seat = game.set().seat_to_play();
        let stroke = stroke_from(game, 0.2 + 0.07 * (k % 9) as f64, 1.0 + (k % 5) as f64);
        game.play(seat, &stroke).unwrap();
    }
}

#[test]
fn a_prepared_stroke_applies_exactly_as_a_played_one() {
    let mut played = Game::new(singles(3), Physics::default()).unwrap();
    let mut prepared = played.clone();
    for k in 0..12 {
        if played.set().is_over() {
            break;
        }
        let seat = played.set().seat_to_play();
        let stroke = stroke_from(&played, 0.3 + 0.05 * k as f64, 2.0 + k as f64 * 0.4);
        let p = prepared.prepare(seat, &stroke).unwrap();
        // Judging changes nothing.
        assert_eq!(prepared.set(), played.set());
        let after = prepared.progress_after(&p);
        let a = played.play(seat, &stroke).unwrap();
        let b = prepared.apply(p).unwrap();
        assert_eq!(a, b, "stroke {k}");
        assert_eq!(prepared.set(), played.set());
        assert_eq!(prepared.record(), played.record());
        assert_eq!(prepared.progress(), &after);
    }
    // A stroke prepared for another position is refused and changes nothing.
    let mut elsewhere = Game::new(singles(3), Physics::default()).unwrap();
    let seat = elsewhere.set().seat_to_play();
    let p = elsewhere.prepare(seat, &break_stroke(&elsewhere)).unwrap();
    let before = prepared.record().clone();
    assert_eq!(prepared.apply(p), Err(novuss_core::play::game::Stale));
    assert_eq!(prepared.record(), &before);
}

#[test]
fn a_game_rewound_to_a_mark_is_the_game_that_was_there() {
    let mut game = Game::new(singles(3), Physics::default()).unwrap();
    let seat = game.set().seat_to_play();
    game.play(seat, &break_stroke(&game)).unwrap();
    play_some(&mut game, 3);
    let mark = game.mark();
    let (set, record, progress) = (
        game.set().clone(),
        game.record().clone(),
        game.progress().clone(),
    );
    play_some(&mut game, 4);
    forfeit_set(&mut game);
    game.next_set().unwrap();
    play_some(&mut game, 2);
    assert_ne!(game.record(), &record);
    game.rewind(&mark).unwrap();
    assert_eq!(game.set(), &set);
    assert_eq!(game.record(), &record);
    assert_eq!(game.progress(), &progress);
    // The rewound game plays on like any other, and still resumes.
    play_some(&mut game, 2);
    let resumed = Game::from_record(game.record().clone()).unwrap();
    assert_eq!(resumed.set(), game.set());

    // A mark of another game, or of a future this game no longer has, is
    // refused and changes nothing.
    let other = Game::new(singles(3), Physics::default()).unwrap();
    let mut shorter = other.clone();
    let mut longer = other.clone();
    let seat = longer.set().seat_to_play();
    // Another break than this game's.
    let mut stroke = break_stroke(&longer);
    stroke.speed = 4.5;
    longer.play(seat, &stroke).unwrap();
    let ahead = longer.mark();
    assert_eq!(shorter.rewind(&ahead), Err(novuss_core::play::game::Stale));
    assert_eq!(shorter.record(), other.record());
    let before = game.record().clone();
    assert_eq!(game.rewind(&ahead), Err(novuss_core::play::game::Stale));
    assert_eq!(game.record(), &before);
}

/// Resigning ends the match at once for the other contender, whatever the
/// score; the record says who resigned, resumes to the same ended match,
/// and a mark from before the resignation goes back to the match in play.
#[test]
fn a_player_who_resigns_hands_the_match_to_the_other() {
    let mut game = Game::new(singles(3), Physics::default()).unwrap();
    let seat = game.set().seat_to_play();
    game.play(seat, &break_stroke(&game)).unwrap();
    let before = game.mark();
    // Anna (South, player 0) resigns while the first set is in play.
    game.resign(Seat::South).unwrap();
    assert!(game.is_over());
    assert_eq!(game.progress().winner(), Some(ContenderId(1)));
    assert_eq!(game.progress().resigned(), Some(PlayerId(0)));
    assert_eq!(game.progress().score(), &[0, 0], "no set was won");
    assert_eq!(game.record().resigned, Some(PlayerId(0)));
    let json = serde_json::to_value(game.record()).unwrap();
    assert_eq!(json["resigned"], 0);
    let back = Game::from_record(game.record().clone()).unwrap();
    assert_eq!(back.progress(), game.progress());
    // Nothing more can be played or resigned.
    assert!(matches!(
        game.resign(Seat::North),
        Err(GameError::Match(MatchError::Over))
    ));
    // Back to before the resignation: the match is in play again.
    game.rewind(&before).unwrap();
    assert!(!game.is_over());
    assert_eq!(game.record().resigned, None);
    assert!(json.get("resigned").is_some());
    assert!(serde_json::to_value(game.record())
        .unwrap()
        .get("resigned")
        .is_none());
}

#[test]
fn resigning_needs_a_player_at_the_seat_and_two_contenders() {
    let mut game = Game::new(singles(1), Physics::default()).unwrap();
    assert!(matches!(
        game.resign(Seat::East),
        Err(GameError::NoPlayerAt(Seat::East))
    ));
    let four = MatchConfig {
        profile: ProfileId::Lnf2017,
        format: Format::FourPlayer,
        sets: 1,
        players: vec![None; 4],
        seating: vec![Seat::South, Seat::West, Seat::North, Seat::East],
        opener: PlayerId(0),
    };
    let mut game = Game::new(four, Physics::default()).unwrap();
    assert!(matches!(
        game.resign(Seat::West),
        Err(GameError::Match(MatchError::ResignNeedsTwo))
    ));
    assert!(!game.is_over());
    assert_eq!(game.record().resigned, None);
}

/// A match may be called off before every side has stroked in its first
/// set: it ends with no winner, and the record says so; once both sides
/// have stroked it has a result to play for.
#[test]
fn a_match_is_aborted_only_before_both_sides_have_stroked() {
    let mut game = Game::new(singles(3), Physics::default()).unwrap();
    assert!(game.can_abort(), "nobody has stroked");
    let seat = game.set().seat_to_play();
    game.play(seat, &break_stroke(&game)).unwrap();
    let mut one = game.clone();
    if one.set().seat_to_play() == seat {
        // The break kept the turn: only one side has stroked still.
        assert!(one.can_abort());
    }
    one.abort().unwrap();
    assert!(one.is_over());
    assert_eq!(one.progress().winner(), None);
    assert!(one.progress().aborted());
    assert!(one.record().aborted);
    let back = Game::from_record(one.record().clone()).unwrap();
    assert_eq!(back.progress(), one.progress());
    assert!(matches!(
        one.abort(),
        Err(GameError::Match(MatchError::Over))
    ));
    // Both sides stroke: too late.
    while game.set().seat_to_play() == seat {
        let s = break_stroke(&game);
        game.play(seat, &s).unwrap();
    }
    let other = game.set().seat_to_play();
    game.play(other, &break_stroke(&game)).unwrap();
    assert!(!game.can_abort());
    assert!(matches!(
        game.abort(),
        Err(GameError::Match(MatchError::TooLateToAbort))
    ));
    assert!(!game.is_over());
}

/// `can_abort` is kept as strokes are played and taken back, not read off
/// the record each time: it must agree with the record after a take-back,
/// a rebuild from the record, and a conduct decision (which is no stroke).
#[test]
fn whether_a_match_can_be_aborted_follows_take_backs_and_rebuilds() {
    let mut game = Game::new(singles(3), Physics::default()).unwrap();
    let start = game.mark();
    let seat = game.set().seat_to_play();
    while game.set().seat_to_play() == seat {
        let s = break_stroke(&game);
        game.play(seat, &s).unwrap();
    }
    let one_side = game.mark();
    let other = game.set().seat_to_play();
    game.play(other, &break_stroke(&game)).unwrap();
    assert!(!game.can_abort());
    assert!(!Game::from_record(game.record().clone())
        .unwrap()
        .can_abort());
    assert!(!game.clone().can_abort());
    game.rewind(&one_side).unwrap();
    assert!(game.can_abort(), "only one side has stroked again");
    assert!(Game::from_record(game.record().clone())
        .unwrap()
        .can_abort());
    game.rewind(&start).unwrap();
    assert!(game.can_abort());
    // A conduct decision is no stroke, even one that ends the set; once
    // the next set starts it is too late.
    forfeit_set(&mut game);
    assert!(game.can_abort());
    game.next_set().unwrap();
    assert!(!game.can_abort());
}
