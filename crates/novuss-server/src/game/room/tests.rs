//! The room's tests: events rebuild it exactly, refusals change nothing,
//! followers and reconnecting clients see what was stored.

mod basics {
    use super::super::*;
    use crate::game::setup::NewGame;
    use rand::{Rng, SeedableRng};

    fn setup(json: &str) -> Setup {
        serde_json::from_str::<NewGame>(json)
            .unwrap()
            .setup()
            .unwrap()
    }

    fn glam_rotate(v: novuss_core::DVec2, angle: f64) -> novuss_core::DVec2 {
        novuss_core::DVec2::from_angle(angle).rotate(v)
    }

    fn json(state: &State) -> serde_json::Value {
        serde_json::to_value(state).unwrap()
    }

    /// Random requests, most of them wrong, on hot-seat games of every
    /// format: a refused request changes nothing, and the stored events
    /// always rebuild exactly the room that wrote them.
    #[test]
    fn stored_events_always_rebuild_the_room_and_refusals_change_nothing() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for format in ["singles", "doubles", "four_player"] {
            let players = if format == "singles" { 2 } else { 4 };
            let humans = vec![r#"{"kind":"human"}"#; players].join(",");
            let request = format!(
                r#"{{"format":"{format}","profile":"lnf-2017","sets":3,"players":[{humans}]}}"#
            );
            let setup = setup(&request);
            let setup_json = serde_json::to_string(&setup).unwrap();
            let mut room = Room::new(super::testing::id(), 1, setup).unwrap();
            let mut stored: Vec<EventRow> = vec![];
            for _ in 0..400 {
                let before = json(&room.state());
                let event = if rng.random_bool(0.9) {
                    room.event()
                } else {
                    rng.random_range(0..5)
                };
                let seats = room.game().set().seats().to_vec();
                let set = room.game().set();
                let frame =
                    novuss_core::rules::zone::SeatFrame::new(set.table(), set.seat_to_play());
                let change = match rng.random_range(0..10) {
                    0 => room.take_back(event),
                    1 => room.next_set(event),
                    2..6 => {
                        // A stroke a player might make.
                        let at = frame.world(rng.random_range(0.2..0.8), 0.07);
                        let turn = glam_rotate(frame.inward(), rng.random_range(-1.2..1.2));
                        room.stroke(&StrokeRequest {
                            event,
                            seat: set.seat_to_play(),
                            striker: [at.x, at.y],
                            direction: [turn.x, turn.y],
                            speed: rng.random_range(0.3..8.0),
                        })
                    }
                    _ => room.stroke(&StrokeRequest {
                        event,
                        seat: seats[rng.random_range(0..seats.len())],
                        striker: [rng.random_range(-0.1..1.1), rng.random_range(-0.1..1.1)],
                        direction: [rng.random_range(-1.0..1.0), rng.random_range(-1.0..1.0)],
                        speed: rng.random_range(-1.0..10.0),
                    }),
                };
                match change {
                    Err(_) => assert_eq!(json(&room.state()), before, "a refusal changes nothing"),
                    Ok(change) => {
                        stored.push(EventRow {
                            number: room.event() + 1,
                            body: change.body().unwrap(),
                        });
                        room.commit(change);
                        let rebuilt =
                            Room::load(super::testing::id(), 1, &setup_json, &stored, |c| {
                                Seats::new(c.iter().map(Controller::is_computer), &[])
                            })
                            .unwrap();
                        assert_eq!(json(&rebuilt.state()), json(&room.state()));
                        // The same messages for a client that reconnects.
                        let since = room.event().saturating_sub(4);
                        assert_eq!(rebuilt.since(since), room.since(since));
                    }
                }
            }
            assert!(stored.len() > 5, "{format}: some requests were played");
        }
    }

    #[test]
    fn missed_events_are_sent_while_the_room_has_them() {
        let s = setup(
            r#"{"format":"singles","profile":"koroona","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#,
        );
        let mut room = Room::new(super::testing::id(), 1, s).unwrap();
        assert_eq!(room.since(0).unwrap().len(), 0);
        assert!(
            room.since(1).is_none(),
            "a client ahead of the game gets the state"
        );
        for _ in 0..3 {
            let c = room.stroke(&super::testing::gentle(&room)).unwrap();
            room.commit(c);
        }
        assert_eq!(room.since(1).unwrap().len(), 2);
        assert_eq!(room.since(3).unwrap().len(), 0);
    }

    /// A room following another's stored events ends as the writer's
    /// room, its clients sent the same messages in the same order
    /// whatever batches the events come in; events it has are skipped,
    /// and a gap is refused without moving it.
    #[test]
    fn a_follower_shows_the_writers_events_and_refuses_a_gap() {
        let s = setup(
            r#"{"format":"singles","profile":"koroona","sets":1,"players":[{"kind":"human"},{"kind":"human"}]}"#,
        );
        let mut writer = Room::new(super::testing::id(), 1, s.clone()).unwrap();
        let mut rows: Vec<EventRow> = vec![];
        for k in 0..5 {
            // The fourth event takes the third stroke back.
            let change = if k == 3 {
                writer.take_back(writer.event()).unwrap()
            } else {
                writer.stroke(&super::testing::gentle(&writer)).unwrap()
            };
            rows.push(EventRow {
                number: writer.event() + 1,
                body: change.body().unwrap(),
            });
            writer.commit(change);
        }
        assert!(rows[3].body.contains("take_back"), "{}", rows[3].body);

        let mut follower = Room::new(super::testing::id(), 1, s.clone()).unwrap();
        let mut rx = follower.subscribe();
        assert_eq!(follower.follow(&rows[..2]).unwrap(), 2);
        assert_eq!(
            follower.follow(&rows).unwrap(),
            3,
            "the first two are skipped"
        );
        assert_eq!(follower.follow(&rows).unwrap(), 0);
        let sent: Vec<Arc<str>> = std::iter::from_fn(|| rx.try_recv().ok()).collect();
        assert_eq!(Some(sent), writer.since(0));
        assert_eq!(follower.since(2), writer.since(2));
        assert_eq!(json(&follower.state()), json(&writer.state()));

        let mut behind = Room::new(super::testing::id(), 1, s).unwrap();
        assert!(matches!(
            behind.follow(&rows[1..]),
            Err(RoomError::OutOfOrder {
                number: 2,
                after: 0
            })
        ));
        assert_eq!(behind.event(), 0);
        assert_eq!(behind.since(0), Some(vec![]));
    }
}

/// What tests of games played here and elsewhere share.
pub(crate) mod testing {
    use super::super::*;

    /// The id the tests' rooms have.
    pub fn id() -> GameId {
        GameId::parse("0123456789abcdef0123456789abcdef").expect("32 hex digits")
    }

    /// A slow stroke straight up the table by whoever is to play in a
    /// singles game: legal at any event where a set is being played.
    pub(crate) fn gentle(room: &Room) -> StrokeRequest {
        let seat = room.game().set().seat_to_play();
        let (y, dy) = if seat == Seat::South {
            (0.08, 1.0)
        } else {
            (0.92, -1.0)
        };
        StrokeRequest {
            event: room.event(),
            seat,
            striker: [0.5, y],
            direction: [0.0, dy],
            speed: 0.3,
        }
    }
}

mod between_sets {
    use super::super::*;
    use crate::game::setup::NewGame;

    /// The state at the end of a set shows that set as it was played (its
    /// seats and players), and the stroke that ended it names the player
    /// who made it, although the match already seats the next set.
    #[test]
    fn a_finished_set_is_shown_with_its_own_seating() {
        let setup = serde_json::from_str::<NewGame>(
            r#"{"format":"doubles","profile":"lnf-2017","sets":3,"players":[{"kind":"human"},{"kind":"human"},{"kind":"human"},{"kind":"human"}]}"#,
        )
        .unwrap()
        .setup()
        .unwrap();
        let mut room = Room::new(super::testing::id(), 1, setup.clone()).unwrap();
        let first = serde_json::to_value(room.state()).unwrap();
        let mut last = serde_json::Value::Null;
        for k in 0..2000u64 {
            if room.game().set().is_over() {
                break;
            }
            let set = room.game().set().clone();
            let before = serde_json::to_value(room.state()).unwrap();
            let d = novuss_ai::Player::new(novuss_ai::Level::Greedy, k)
                .decide(&set, &setup.physics)
                .unwrap();
            let change = room
                .play(set.seat_to_play(), By::Human, d.best.stroke)
                .unwrap();
            let message: serde_json::Value = serde_json::from_str(&room.commit(change)).unwrap();
            assert_eq!(message["player"], before["turn"]["player"], "stroke {k}");
            last = message;
        }
        let state = &last["state"];
        assert_eq!(state["set"]["over"], true, "the set ended");
        assert_eq!(state["between_sets"], true);
        assert_eq!(state["match"]["set_number"], 1);
        assert_eq!(
            state["players"], first["players"],
            "seats of the set just played"
        );
        assert_eq!(
            state["set"]["sides"][0]["players"],
            first["set"]["sides"][0]["players"]
        );
        let next = room.next_set(room.event()).unwrap();
        room.commit(next);
        let state = serde_json::to_value(room.state()).unwrap();
        assert_eq!(state["match"]["set_number"], 2);
        assert_ne!(
            state["players"], first["players"],
            "the next set seats them otherwise"
        );
        let seating: Vec<Seat> = room.game().progress().seating().to_vec();
        for (p, seat) in seating.iter().enumerate() {
            assert_eq!(
                state["players"][p]["seat"],
                serde_json::to_value(seat).unwrap()
            );
        }
    }
}
