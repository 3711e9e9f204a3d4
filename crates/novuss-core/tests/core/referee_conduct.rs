//! Recorded conduct (`000` 1.24, 1.28, 6.6 in a four-player game) and the
//! doubles clauses `000` 5.5 and 5.6.

use crate::referee_common::*;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::referee::{Conduct, Refusal};
use novuss_core::rules::set::{Format, Opening, SetParts, SetResult, SetState};
use novuss_core::rules::verdict::Reason;
use novuss_core::rules::verdict::{FoulKind, Turn};
use novuss_core::seat::Seat;
use novuss_core::table::Corner;

const S0: novuss_core::DVec2 = novuss_core::DVec2::new(0.6, 0.08);

fn singles(profile: ProfileId) -> SetParts {
    let mut s = empty(profile, Format::Singles);
    park(&mut s, 1, 0.3);
    park(&mut s, 9, 0.7);
    s
}

/// `000` 1.24: interference that made the player miss the stroke means the
/// stroke is played again; if it disturbed discs, the set is replayed.
#[test]
fn au_000_1_24_outside_interference_replays_the_stroke_or_the_set() {
    for profile in ProfileId::ALL {
        let s = singles(profile);
        let (n, vd) = conduct(
            &s,
            &Conduct::Interference {
                discs_disturbed: false,
            },
        )
        .unwrap();
        assert_eq!(vd.turn, Turn::Continues);
        assert!(vd.fouls.is_empty() && vd.penalty.is_none());
        assert_eq!(n, s, "nothing changes: the stroke is simply played again");
        assert_cites(&vd, "000", "1.24");

        let (n, vd) = conduct(
            &s,
            &Conduct::Interference {
                discs_disturbed: true,
            },
        )
        .unwrap();
        assert_eq!(vd.turn, Turn::SetOver);
        assert!(matches!(n.result, Some(SetResult::Replay { .. })));
    }
}

/// `000` 1.28: a warning changes nothing; a forfeit for repeated breaches
/// gives the set to the other side; a four-player game has no forfeits.
#[test]
fn au_000_1_28_warnings_and_forfeits() {
    for profile in ProfileId::ALL {
        let s = singles(profile);
        let warn = Conduct::Warning {
            note: "fingers on the playing surface (000 1.8)".into(),
        };
        let (n, vd) = conduct(&s, &warn).unwrap();
        assert_eq!(n, s);
        assert_eq!(vd.turn, Turn::Continues);
        assert!(matches!(&vd.reasons[0], Reason::Warning { note } if note.contains("fingers")));
        assert_cites(&vd, "000", "1.28");

        let forfeit = Conduct::Forfeit {
            seat: Seat::South,
            note: "a third warning".into(),
        };
        let (n, vd) = conduct(&s, &forfeit).unwrap();
        assert!(matches!(
            vd.set_result,
            Some(SetResult::Won { winner: SIDE1, .. })
        ));
        assert_eq!(n.result, vd.set_result);
        let bad = Conduct::Forfeit {
            seat: Seat::East,
            note: "x".into(),
        };
        assert!(matches!(
            conduct(&s, &bad),
            Err(Refusal::SeatNotInPlay(Seat::East))
        ));
    }
    let four = SetState::new(ProfileId::Lnf2017, Format::FourPlayer, Seat::South).to_parts();
    let forfeit = Conduct::Forfeit {
        seat: Seat::East,
        note: "x".into(),
    };
    assert!(matches!(
        conduct(&four, &forfeit),
        Err(Refusal::NoForfeitInFourPlayer)
    ));
}

/// `000` 6.6 has no counterpart for four-sided social play (`000` 1.1,
/// 7.2.2): out of turn costs the offender a penalty disc (owed while none of
/// its discs is pocketed) and the turn stays with the player to stroke.
#[test]
fn house_rule_out_of_turn_in_a_four_player_game_costs_a_penalty_disc() {
    let s = SetState::new(ProfileId::Lnf2017, Format::FourPlayer, Seat::South).to_parts();
    let (n, vd) = conduct(&s, &Conduct::PlayedOutOfTurn { seat: Seat::East }).unwrap();
    assert_eq!(vd.seat, Seat::East);
    assert_eq!(vd.turn, Turn::Continues);
    let east = state(&s).side_of(Seat::East).unwrap();
    assert_eq!(vd.penalty.as_ref().unwrap().side, east);
    assert_eq!(n.sides[east.index()].debt, 1);
    assert_eq!(state(&n).seat_to_play(), Seat::South);
    assert!(n.result.is_none());
}

/// `000` 5.5: in doubles too, an opening clear of all sixteen discs gives the
/// next opponent a reply turn; if the reply fails the opening team wins.
#[test]
fn au_000_5_5_doubles_first_turn_clear_gets_a_reply() {
    for profile in ProfileId::ALL {
        let mut s = empty(profile, Format::Doubles);
        s.opening = Opening::FirstTurn;
        s.strokes = 15;
        let d = before_pocket(S0, Corner::NorthEast, 0.06);
        put(&mut s, 0, d); // team 0's last disc
        put(&mut s, 8, v(0.985, 0.3)); // team 1, against the east cushion
        let (n, vd) = play(&s, head_on(S0, d, 0.5));
        assert_eq!(vd.pocketed, ids(&[0]));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::West });
        assert_eq!(n.opening, Opening::Reply { cleared: SIDE0 });
        assert_cites(&vd, "000", "5.5");
        // West's reply touches nothing: the opening team wins.
        let from = v(0.08, 0.6);
        let (_, vd) = play(&n, towards(from, from + v(1.0, 0.0), speed_for(0.1)));
        assert_eq!(vd.turn, Turn::SetOver);
        assert!(
            matches!(vd.set_result, Some(SetResult::Won { winner: SIDE0, .. })),
            "{profile}"
        );
    }
}

/// `000` 5.6: in doubles a penalty disc is not put out before the line-up at
/// its cushion has been disturbed; it is owed and goes out at the first turn
/// end after the row has moved.
#[test]
fn au_000_5_6_doubles_penalty_waits_for_the_line_up_to_be_disturbed() {
    for profile in ProfileId::ALL {
        let mut s = SetState::new(profile, Format::Doubles, Seat::South).to_parts();
        // Team 0 has one disc pocketed (from the south row), so a penalty
        // disc is available; the north row, opposite South, is untouched.
        s.discs[16].at = None;
        s.opening = Opening::Over;
        let from = v(0.25, 0.08);
        let (n, vd) = play(&s, towards(from, from + v(0.3, 1.0), speed_for(0.03)));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectTouchedNothing]);
        assert!(vd.penalty.as_ref().unwrap().placed.is_empty());
        assert_eq!(n.sides[0].debt, 1);
        assert_cites(&vd, "000", "5.6");
        // The north row is disturbed; West's next turn ends and the debt is
        // paid at the north cushion.
        let mut m = n.clone();
        put(&mut m, 3, v(0.5, 0.7));
        let wfrom = v(0.08, 0.6);
        let (after, vd) = play(&m, towards(wfrom, wfrom + v(1.0, 0.0), speed_for(0.03)));
        assert_eq!(after.sides[0].debt, 0, "{profile}");
        let paid = vd
            .debt_paid
            .iter()
            .find(|p| p.disc == DiscId(16))
            .expect("disc 16 comes back");
        assert!(
            (paid.at.y - 0.985).abs() < 1e-9,
            "at the north cushion: {:?}",
            paid.at
        );
    }
}
