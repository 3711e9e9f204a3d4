//! Scenario tests of the referee in doubles and four-player games.
//!
//! Doubles (`000` §5, `002` 8, `003` "Particularité du jeu en double"):
//! seats South, West, North, East in playing order (clockwise); side 0 is
//! South and North (discs 0–7 lined up for South, 16–23 for North), side 1
//! West and East (discs 8–15 for West, 24–31 for East).
//! Four-player (`000` 1.1, 7.2.2): the same seats, each its own side with
//! discs 8k..8k+7.

use crate::referee_common::*;

use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SeatIndex, SetParts};
use novuss_core::rules::verdict::{FoulKind, Placed, Turn};
use novuss_core::rules::zone::blind_zone;
use novuss_core::seat::Seat;
use novuss_core::table::Corner;
use novuss_core::DVec2;

const S0: DVec2 = DVec2::new(0.6, 0.08);

fn doubles(profile: ProfileId) -> SetParts {
    let mut s = empty(profile, Format::Doubles);
    park(&mut s, 1, 0.3); // side 0
    put(&mut s, 9, v(0.985, 0.3)); // side 1, against the east cushion
    s
}

/// `000` 5.4, `002` 8.1, `003` ¶2: a player pockets the partner's disc
/// like an own one and goes on; a turn that pockets nothing passes
/// clockwise to the next seat (`003` ¶3): South → West → North → East.
#[test]
fn lnf_002_8_1_partners_discs_are_own_and_turns_go_clockwise() {
    for profile in ProfileId::ALL {
        let mut s = doubles(profile);
        let d = before_pocket(S0, Corner::NorthEast, 0.06);
        put(&mut s, 16, d); // North's disc: South's partner
        let (n, vd) = play(&s, head_on(S0, d, 0.5));
        assert_eq!(vd.side, side(0));
        assert_eq!(vd.pocketed, ids(&[16]));
        assert!(vd.fouls.is_empty());
        assert_eq!(vd.turn, Turn::Continues, "{profile}");
        let mut n = n;
        for want in [Seat::West, Seat::North, Seat::East, Seat::South] {
            let seat = state(&n).seat_to_play();
            let frame = novuss_core::rules::zone::SeatFrame::new(&n.table, seat);
            let from = frame.world(0.3, 0.08);
            let stroke = towards(from, from + frame.inward(), speed_for(0.1));
            let (next, vd) = play(&n, stroke);
            assert_eq!(vd.seat, seat);
            assert_eq!(vd.turn, Turn::Passes { to: want });
            n = next;
        }
    }
}

/// `000` 3.1, 5.6, `002` 5.2: a penalty disc goes on the middle line of the
/// cushion opposite the offending player: for West, the east cushion.
#[test]
fn au_000_5_6_doubles_penalty_disc_opposite_the_offender() {
    for profile in ProfileId::ALL {
        let mut s = doubles(profile);
        s.to_play = SeatIndex(1); // West
        let from = v(0.08, 0.6);
        let (n, vd) = play(&s, towards(from, from + v(1.0, 0.0), speed_for(0.1)));
        assert_eq!(vd.seat, Seat::West);
        assert_eq!(kinds(&vd), vec![FoulKind::DirectTouchedNothing]);
        let p = vd.penalty.unwrap();
        assert_eq!(p.side, side(1));
        assert_eq!(
            p.placed,
            vec![Placed {
                disc: DiscId(8),
                at: v(0.985, 0.5)
            }]
        );
        assert_eq!(at(&n, 8), Some(v(0.985, 0.5)));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

/// South's own disc is driven along a diagonal into West/East's disc 24,
/// which ends in the east edge zone: a blind zone of the opposing team.
fn doubles_blind_drive(
    profile: ProfileId,
) -> (SetParts, DVec2, novuss_core::physics::stroke::Stroke) {
    let mut s = doubles(profile);
    let from = v(0.3, 0.08);
    let u = v(0.25, 0.27).normalize();
    let own = from + u * 0.3;
    let opp = own + u * 0.25;
    put(&mut s, 0, own);
    put(&mut s, 24, opp);
    // 24 must slide 0.33 m: 0.985 m/s; disc 0 reaches it at 1.095 m/s.
    let start = (1.095f64.powi(2) + speed_for(0.22).powi(2)).sqrt();
    (s, opp, head_on(from, own, start))
}

/// `002` 8.2 (lnf-2017, koroona): in doubles, driving an opponent's disc
/// into their blind zone costs only a penalty disc; the disc stays.
/// `000` §5 (australia-1992) keeps the singles rule: it is put back.
/// "Their blind zone" is either opposing partner's edge zone or the circle.
#[test]
fn lnf_002_8_2_doubles_blind_drive_penalty_only() {
    for profile in ProfileId::ALL {
        let (s, opp, stroke) = doubles_blind_drive(profile);
        let (n, vd) = play(&s, stroke);
        assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[0]));
        assert_eq!(kinds(&vd), vec![FoulKind::BlindDrive], "{profile}");
        assert_eq!(vd.fouls[0].discs, ids(&[24]));
        assert_eq!(
            vd.penalty.as_ref().unwrap().placed,
            vec![Placed {
                disc: DiscId(2),
                at: NORTH_MID
            }]
        );
        assert_eq!(vd.turn, Turn::Passes { to: Seat::West });
        if profile == AU {
            // Disc 0 stopped on 24's old spot: 24 goes as near as it can.
            assert_eq!(vd.restored.len(), 1);
            assert_eq!(vd.restored[0].disc, DiscId(24));
            assert!((vd.restored[0].at - opp).length() < 0.01);
            assert!((vd.restored[0].at - at(&n, 0).unwrap()).length() > 0.03);
            assert_eq!(at(&n, 24), Some(vd.restored[0].at));
        } else {
            assert!(vd.restored.is_empty());
            let end = at(&n, 24).unwrap();
            assert!(blind_zone(&n.table, Seat::East, end).is_some(), "{end:?}");
        }
    }
}

fn four(profile: ProfileId) -> SetParts {
    let mut s = empty(profile, Format::FourPlayer);
    park(&mut s, 1, 0.3);
    put(&mut s, 9, v(0.985, 0.3));
    put(&mut s, 17, v(0.985, 0.7));
    park(&mut s, 25, 0.7);
    s
}

/// `000` 1.1, 7.2.2: four-sided singles. Every other colour is an
/// opponent: touching side 2's disc first is a foul, and the turn passes
/// clockwise to West.
#[test]
fn au_000_1_1_four_player_every_other_colour_is_an_opponent() {
    for profile in ProfileId::ALL {
        let mut s = four(profile);
        let d = v(0.6, 0.65);
        put(&mut s, 16, d);
        let (_, vd) = play(&s, head_on(S0, d, 0.5));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectOpponentFirst]);
        assert_eq!(vd.fouls[0].discs, ids(&[16]));
        assert_eq!(vd.penalty.as_ref().unwrap().side, side(0));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::West });
    }
}

/// Four-player games are social (`000` 1.1, 7.2.2): the referee does not
/// apply set-losing fouls (`000` 3.6.3 several discs) there; the discs are
/// put back and the penalty stands (an interpretation, `docs/rules.md`).
#[test]
fn au_000_1_1_four_player_several_restored_is_not_a_forfeit() {
    let mut s = four(AU);
    let (a, b) = (v(0.485, 0.5), v(0.515, 0.5));
    put(&mut s, 0, a);
    put(&mut s, 2, b);
    let (n, vd) = play(&s, towards(v(0.5, 0.08), v(0.5, 0.5), 1.5));
    assert_eq!(kinds(&vd), vec![FoulKind::DirectOwnDark]);
    assert_eq!(vd.restored.len(), 2);
    assert_eq!(vd.set_result, None);
    assert!(n.result.is_none());
    assert!(vd.penalty.is_some());
    assert_eq!(vd.turn, Turn::Passes { to: Seat::West });
    assert_cites(&vd, "000", "7.2.2");
}
