//! Scenario tests of the referee: penalty discs and their placement,
//! debts, restored discs, discs driven into or out of blind zones and
//! discs that left the table.
//!
//! Singles: South (side 0, discs 0–7) plays from the south cushion, North
//! (side 1, discs 8–15) from the north cushion.

use crate::referee_common::*;

use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SeatIndex, SetParts, SetResult};
use novuss_core::rules::verdict::{FoulKind, Placed, StrokeKind, Turn};
use novuss_core::rules::zone::blind_zone;
use novuss_core::seat::Seat;
use novuss_core::table::Corner;
use novuss_core::DVec2;

const S0: DVec2 = DVec2::new(0.6, 0.08);

fn base(profile: ProfileId) -> SetParts {
    let mut s = empty(profile, Format::Singles);
    park(&mut s, 1, 0.3);
    park(&mut s, 9, 0.7);
    s
}

/// A short direct stroke from `from` that touches nothing (`000` 3.6.1),
/// away from the nearer of the south and north cushions.
fn miss(from: DVec2) -> novuss_core::physics::stroke::Stroke {
    let up = if from.y < 0.5 { 1.0 } else { -1.0 };
    towards(from, from + v(0.0, up), speed_for(0.15))
}

// ---- where the penalty disc goes -------------------------------------------------

/// `001` "Penalty disc" ¶2, `002` 5.2, `003` "Pion de pénalité" ¶2, `000`
/// 3.1, 5.6: on the middle line against the cushion opposite the offender.
#[test]
fn lnf_002_5_2_penalty_disc_on_the_middle_line_opposite_the_offender() {
    for profile in ProfileId::ALL {
        let s = base(profile);
        let (n, vd) = play(&s, miss(S0));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectTouchedNothing]);
        assert_eq!(
            vd.penalty.as_ref().unwrap().placed,
            vec![Placed {
                disc: DiscId(0),
                at: NORTH_MID
            }]
        );
        assert!(n.discs[0].penalty);
        let (n2, vd) = play(&n, miss(v(0.4, 0.92)));
        assert_eq!(vd.seat, Seat::North);
        let p = vd.penalty.unwrap();
        assert_eq!((p.side, p.debt), (side(1), 0));
        assert_eq!(
            p.placed,
            vec![Placed {
                disc: DiscId(8),
                at: SOUTH_MID
            }]
        );
        assert_eq!(at(&n2, 8), Some(SOUTH_MID));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::South });
    }
}

/// `002` 5.2, `000` 3.1: the middle spot is taken; the nearest free spots
/// either side are equidistant, and the half of the table with fewer discs
/// gets the disc (the stroke came from the other half).
#[test]
fn lnf_002_5_2_taken_spot_goes_to_the_half_with_fewer_discs() {
    let mut s = empty(LNF, Format::Singles);
    park(&mut s, 1, 0.3); // west
    put(&mut s, 9, v(0.985, 0.3)); // east
    put(&mut s, 10, NORTH_MID); // neither
    put(&mut s, 11, v(0.985, 0.6)); // east
    let (_, vd) = play(&s, miss(S0));
    assert_eq!(
        vd.penalty.unwrap().placed,
        vec![Placed {
            disc: DiscId(0),
            at: v(0.47, 0.985)
        }]
    );
}

/// `002` 5.2: equal numbers of penalty discs and of discs: the half the
/// stroke was made from.
#[test]
fn lnf_002_5_2_tie_goes_to_the_half_the_stroke_came_from() {
    let mut s = empty(LNF, Format::Singles);
    park(&mut s, 1, 0.3);
    put(&mut s, 9, v(0.985, 0.3));
    put(&mut s, 10, NORTH_MID);
    let (_, vd) = play(&s, miss(S0));
    assert_eq!(vd.penalty.unwrap().placed[0].at, v(0.53, 0.985));
    let (_, vd) = play(&s, miss(v(0.4, 0.08)));
    assert_eq!(vd.penalty.unwrap().placed[0].at, v(0.47, 0.985));
}

/// `002` 5.2: first the half with fewer *penalty* discs, even when it has
/// more discs and the stroke came from the other half.
#[test]
fn lnf_002_5_2_fewer_penalty_discs_comes_first() {
    let mut s = empty(LNF, Format::Singles);
    park(&mut s, 1, 0.3);
    s.discs[1].penalty = true; // west: one penalty disc
    put(&mut s, 9, v(0.985, 0.3)); // east: two plain discs
    put(&mut s, 11, v(0.985, 0.6));
    put(&mut s, 10, NORTH_MID);
    let (_, vd) = play(&s, miss(v(0.4, 0.08)));
    assert_eq!(vd.penalty.unwrap().placed[0].at, v(0.53, 0.985));
}

// ---- debts -----------------------------------------------------------------------------

/// South with all eight discs on the table, the last one in front of the
/// north-east pocket.
fn all_on_table(profile: ProfileId) -> SetParts {
    let mut s = empty(profile, Format::Singles);
    for k in 1..8u16 {
        if k != 2 {
            put(&mut s, k, v(0.015, 0.2 + 0.05 * k as f64));
        }
    }
    put(&mut s, 2, v(0.6, 0.65));
    put(&mut s, 0, before_pocket(S0, Corner::NorthEast, 0.06));
    put(&mut s, 9, v(0.985, 0.3));
    s
}

/// `000` 3.2, 3.3, `002` 5.3–5.4, `003` "Pion de pénalité" ¶3: a penalty
/// while all eight discs are on the table is a debt; it is not paid during
/// the series that pockets a disc (`000` 3.2: only after a turn ends) but
/// at the end of that turn, on the middle line.
#[test]
fn au_000_3_2_debt_stands_until_a_disc_is_pocketed_and_a_turn_ends() {
    for profile in ProfileId::ALL {
        let s = all_on_table(profile);
        let (mut n, vd) = play(&s, miss(v(0.3, 0.08)));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectTouchedNothing]);
        let p = vd.penalty.as_ref().unwrap();
        assert!(p.placed.is_empty());
        assert_eq!((p.side, p.debt), (side(0), 1));
        assert_eq!(n.sides[0].debt, 1);
        assert_eq!(n.sides[0].debt_seat, Some(Seat::South));
        assert_eq!(state(&n).on_table(side(0)), 8);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        // North's turn is skipped here; South plays again.
        n.to_play = SeatIndex(0);
        let d0 = at(&n, 0).unwrap();
        let (n, vd) = play(&n, head_on(S0, d0, 0.5));
        assert_eq!(vd.pocketed, ids(&[0]));
        assert_eq!(vd.turn, Turn::Continues);
        assert!(vd.debt_paid.is_empty(), "{profile}");
        assert_eq!(n.sides[0].debt, 1);
        // The next stroke pockets nothing: the turn ends and the debt is paid.
        let d2 = at(&n, 2).unwrap();
        let (n, vd) = play(&n, head_on(S0, d2, 0.3));
        assert!(vd.fouls.is_empty());
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_eq!(
            vd.debt_paid,
            vec![Placed {
                disc: DiscId(0),
                at: NORTH_MID
            }],
            "{profile}"
        );
        assert_eq!(n.sides[0].debt, 0);
        assert!(n.discs[0].penalty);
        assert_cites(&vd, "000", "3.2");
    }
}

/// `002` 5.4: several owed discs are put out at once, as many as are
/// pocketed; the first on the middle line, the next beside it; the rest
/// stay owed.
#[test]
fn lnf_002_5_4_owed_discs_are_placed_together_as_far_as_available() {
    let mut s = all_on_table(LNF);
    s.discs[0].at = None;
    s.discs[1].at = None;
    s.sides[0].debt = 3;
    s.sides[0].debt_seat = Some(Seat::South);
    let d2 = at(&s, 2).unwrap();
    let (n, vd) = play(&s, head_on(S0, d2, 0.3));
    assert!(vd.fouls.is_empty());
    assert_eq!(vd.debt_paid.len(), 2);
    assert_placed(&vd.debt_paid, 0, NORTH_MID);
    // The west half holds South's row: the second goes east.
    assert_placed(&vd.debt_paid, 1, v(0.53, 0.985));
    assert_eq!(n.sides[0].debt, 1);
    assert_eq!(state(&n).on_table(side(0)), 8);
}

/// `000` 3.2, `003` "Pion de pénalité" ¶3 (interpretation): a side that
/// owes discs and pockets its last disc on the table has not won; with
/// nothing left to play, the debt is put out at once and the series goes on.
#[test]
fn lnf_000_3_3_debt_put_out_when_the_table_is_empty_mid_series() {
    let mut s = base(LNF);
    s.discs[1].at = None;
    let d = before_pocket(S0, Corner::NorthEast, 0.06);
    put(&mut s, 0, d);
    s.sides[0].debt = 1;
    s.sides[0].debt_seat = Some(Seat::South);
    let (n, vd) = play(&s, head_on(S0, d, 0.5));
    assert_eq!(vd.pocketed, ids(&[0]));
    assert_eq!(vd.set_result, None);
    assert_eq!(vd.turn, Turn::Continues);
    assert_eq!(
        vd.debt_paid,
        vec![Placed {
            disc: DiscId(0),
            at: NORTH_MID
        }]
    );
    assert_eq!(n.sides[0].debt, 0);
    assert_eq!(state(&n).on_table(side(0)), 1);
}

// ---- driven into the opponent's blind zone ----------------------------------------------

/// South's disc 0 at (0.7, 0.5) is hit straight north into North's disc 8
/// at (0.7, 0.75), which stops in North's edge zone.
fn blind_drive(profile: ProfileId) -> (SetParts, DVec2) {
    let mut s = base(profile);
    put(&mut s, 0, v(0.7, 0.5));
    let d8 = v(0.7, 0.75);
    put(&mut s, 8, d8);
    (s, d8)
}

/// `000` 3.6.4, `002` 4.5: a correct direct stroke that drives an opponent's
/// disc into their blind zone is a foul in every profile (koroona follows
/// lnf-2017 here); the disc is put back beside the own disc that now lies
/// on its old spot, clear of it (`002` 4.5: "not touching other moved
/// discs"), and the own disc stays.
#[test]
fn au_000_3_6_4_direct_stroke_driving_opponent_into_blind_zone() {
    for profile in ProfileId::ALL {
        let (s, d8) = blind_drive(profile);
        let (n, vd) = play(&s, head_on(v(0.7, 0.08), v(0.7, 0.5), 1.14));
        assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[0]));
        assert_eq!(kinds(&vd), vec![FoulKind::BlindDrive], "{profile}");
        assert_eq!(vd.fouls[0].discs, ids(&[8]));
        let own = at(&n, 0).unwrap();
        // Disc 0 stopped on disc 8's old spot, so 8 goes as near as possible.
        assert!((own - d8).length() < 0.03);
        let back = vd.restored[0];
        assert_eq!(back.disc, DiscId(8));
        assert!((back.at - d8).length() < 0.004, "{back:?}");
        assert!((back.at - own).length() > 0.03);
        assert_eq!(at(&n, 8), Some(back.at));
        assert_eq!(blind_zone(&n.table, Seat::North, back.at), None);
        assert_eq!(
            vd.penalty.as_ref().unwrap().placed,
            vec![Placed {
                disc: DiscId(2),
                at: NORTH_MID
            }]
        );
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_eq!(vd.set_result, None);
    }
}

/// `000` 3.6.11 against `002` 4.5: with only dark discs, a rebound (off the
/// opposite cushion, correct by `000` 2.6.1) that drives an opponent's disc
/// into the circle is no foul in australia-1992 but is one in lnf-2017 and
/// koroona, where the disc is put back.
#[test]
fn lnf_002_4_5_dark_only_rebound_driving_opponent_into_the_circle() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.discs[1].at = None;
        put(&mut s, 0, v(0.2, 0.1)); // South: dark only
        let d8 = v(0.5, 0.7);
        put(&mut s, 8, d8);
        let (n, vd) = play(&s, off_cushion(v(0.3, 0.08), Cushion::North, d8, 0.45));
        assert_eq!(vd.kind, Some(StrokeKind::Rebound));
        assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[8]));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        if profile == AU {
            assert!(vd.fouls.is_empty(), "{:?}", vd.fouls);
            let end = at(&n, 8).unwrap();
            assert!(blind_zone(&n.table, Seat::North, end).is_some(), "{end:?}");
        } else {
            assert_eq!(kinds(&vd), vec![FoulKind::BlindDrive], "{profile}");
            assert_eq!(
                vd.restored,
                vec![Placed {
                    disc: DiscId(8),
                    at: d8
                }]
            );
            assert_eq!(at(&n, 8), Some(d8));
        }
    }
}

/// `000` 3.6.4, 6.3: two opponent's discs driven into their blind zone by
/// one direct stroke forfeit the set in australia-1992; lnf-2017 and koroona
/// put both back with one penalty disc.
#[test]
fn au_000_3_6_4_two_discs_driven_into_blind_zone_forfeit() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        put(&mut s, 0, v(0.7, 0.6));
        // Two opponent's discs side by side, hit at once by disc 0.
        let (a, b) = (v(0.685, 0.8), v(0.715, 0.8));
        put(&mut s, 8, a);
        put(&mut s, 10, b);
        let (n, vd) = play(&s, head_on(v(0.7, 0.08), v(0.7, 0.6), 1.5));
        assert_eq!(kinds(&vd), vec![FoulKind::BlindDrive], "{profile}");
        let mut driven = vd.fouls[0].discs.clone();
        driven.sort();
        assert_eq!(driven, ids(&[8, 10]));
        assert_eq!(vd.restored.len(), 2);
        assert_placed(&vd.restored, 8, a);
        assert_placed(&vd.restored, 10, b);
        if profile == AU {
            assert_eq!(vd.turn, Turn::SetOver);
            assert!(matches!(
                n.result,
                Some(SetResult::Won { winner: SIDE1, .. })
            ));
        } else {
            assert_eq!(n.result, None, "{profile}");
            assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        }
    }
}

/// `000` 3.6.6 against `002` 4.4: a direct stroke that drives an opponent's
/// disc out of their blind zone (here the circle) is a foul in
/// australia-1992 only; the disc stays where it stopped in every profile.
#[test]
fn au_000_3_6_6_direct_stroke_driving_opponent_out_of_blind_zone() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        put(&mut s, 0, v(0.55, 0.3));
        put(&mut s, 8, v(0.55, 0.45));
        let (n, vd) = play(&s, head_on(v(0.55, 0.08), v(0.55, 0.3), 1.123));
        let end = at(&n, 8).unwrap();
        assert!((end.y - 0.7).abs() < 0.01, "{end:?}");
        assert!(vd.restored.is_empty());
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        if profile == AU {
            assert_eq!(kinds(&vd), vec![FoulKind::OutOfBlind]);
            assert_eq!(vd.fouls[0].discs, ids(&[8]));
            assert!(vd.penalty.is_some());
        } else {
            assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
            assert_eq!(vd.penalty, None);
        }
    }
}

// ---- off the table ----------------------------------------------------------------------------

/// South's disc 0 at (0.7, 0.5) is hit at 7 m/s into North's disc 8 at
/// (0.7, 0.8), which leaves the table over the north cushion.
fn off_direct(profile: ProfileId) -> (SetParts, DVec2) {
    let mut s = base(profile);
    put(&mut s, 0, v(0.7, 0.5));
    let d8 = v(0.7, 0.8);
    put(&mut s, 8, d8);
    (s, d8)
}

/// `001` "Losing the rights to stroke" •3, `002` 3.9, 6.1.3, `003` "Un
/// joueur perd son tour" •3: an opponent's disc sent off the table by a
/// correct stroke is no foul; it goes to the centre of the circle and the
/// turn passes.
#[test]
fn lnf_002_3_9_opponent_disc_off_the_table_goes_to_the_centre() {
    for profile in [LNF, KO] {
        let (s, _) = off_direct(profile);
        let (n, vd) = play(&s, towards(v(0.7, 0.08), v(0.7, 0.5), 7.0));
        assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
        assert_eq!(
            vd.off_table,
            vec![Placed {
                disc: DiscId(8),
                at: v(0.5, 0.5)
            }]
        );
        assert_eq!(at(&n, 8), Some(v(0.5, 0.5)));
        assert_eq!(vd.penalty, None);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_cites(&vd, "002", "6.1.3");
    }
}

/// `000` 3.6.7: in australia-1992 a direct stroke sending an opponent's disc
/// off the table is a foul and the disc is put back where it was.
#[test]
fn au_000_3_6_7_direct_stroke_opponent_disc_off_the_table_is_restored() {
    let (s, d8) = off_direct(AU);
    let (n, vd) = play(&s, towards(v(0.7, 0.08), v(0.7, 0.5), 7.0));
    assert_eq!(kinds(&vd), vec![FoulKind::OpponentOffTable]);
    assert_eq!(vd.fouls[0].discs, ids(&[8]));
    assert!(vd.off_table.is_empty());
    assert_eq!(
        vd.restored,
        vec![Placed {
            disc: DiscId(8),
            at: d8
        }]
    );
    assert_eq!(at(&n, 8), Some(d8));
    assert_eq!(
        vd.penalty.as_ref().unwrap().placed,
        vec![Placed {
            disc: DiscId(2),
            at: NORTH_MID
        }]
    );
    assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
}

/// `000` 3.6.10, 2.6 note against `002` 3.9: a rebound (off the east
/// cushion onto an own disc, which sends North's disc over the north
/// cushion) puts the disc in the circle in every profile, and is a foul
/// only in australia-1992.
#[test]
fn au_000_3_6_10_rebound_opponent_disc_off_the_table_goes_to_the_circle() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let c = v(0.9775, 0.4);
        let d = v(-0.34, 0.874).normalize();
        put(&mut s, 0, c + d * 0.15);
        put(&mut s, 8, c + d * 0.25);
        let (n, vd) = play(&s, towards(v(0.8, 0.08), c, 8.0));
        assert_eq!(vd.kind, Some(StrokeKind::Rebound));
        assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[0]));
        assert_eq!(
            vd.off_table,
            vec![Placed {
                disc: DiscId(8),
                at: v(0.5, 0.5)
            }]
        );
        assert_eq!(at(&n, 8), Some(v(0.5, 0.5)));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        if profile == AU {
            assert_eq!(kinds(&vd), vec![FoulKind::OpponentOffTable]);
        } else {
            assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
        }
    }
}

/// `000` 1.20, `002` 3.9: the centre taken, the disc goes on the cross line
/// towards the cushion it left over, against the circle line's inside edge;
/// that taken too, the next cross point clockwise (north → east).
#[test]
fn au_000_1_20_off_table_disc_with_the_centre_taken() {
    let k = 0.125 - 0.0005 - 0.015;
    let (mut s, _) = off_direct(LNF);
    put(&mut s, 3, v(0.5, 0.5));
    let stroke = towards(v(0.7, 0.08), v(0.7, 0.5), 7.0);
    let (_, vd) = play(&s, stroke);
    assert_eq!(vd.off_table.len(), 1);
    assert_placed(&vd.off_table, 8, v(0.5, 0.5 + k));
    put(&mut s, 4, v(0.5, 0.5 + k));
    let (_, vd) = play(&s, stroke);
    assert_placed(&vd.off_table, 8, v(0.5 + k, 0.5));
}

/// `001` "Penalty disc" •6 (lnf-2017) against `003` "Pion de pénalité" •4
/// (koroona): after a direct stroke that touched an opponent's disc first,
/// lnf puts back every disc the stroke moved, own discs pocketed by it
/// included; koroona leaves the own disc pocketed.
#[test]
fn lnf_001_penalty_disc_6_illegal_stroke_restores_even_pocketed_discs() {
    for profile in [LNF, KO] {
        let mut s = base(profile);
        // North's disc 8 in front of South's disc 0, which sits before the
        // north-east pocket: the striker meets 8 first, 8 knocks 0 in.
        let d0 = before_pocket(S0, Corner::NorthEast, 0.06);
        let d8 = before_pocket(S0, Corner::NorthEast, 0.2);
        put(&mut s, 0, d0);
        put(&mut s, 8, d8);
        let (n, vd) = play(&s, head_on(S0, d8, 0.8));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectOpponentFirst]);
        if profile == LNF {
            assert!(vd.pocketed.is_empty(), "{:?}", vd.pocketed);
            assert_placed(&vd.restored, 0, d0);
            assert_placed(&vd.restored, 8, d8);
            assert_eq!(at(&n, 0), Some(d0));
            assert_eq!(vd.penalty.as_ref().unwrap().placed[0].disc, DiscId(2));
        } else {
            assert_eq!(vd.pocketed, ids(&[0]));
            assert!(vd.restored.is_empty());
            // The disc just pocketed is the lowest-numbered: it comes back.
            assert_eq!(
                vd.penalty.as_ref().unwrap().placed,
                vec![Placed {
                    disc: DiscId(0),
                    at: NORTH_MID
                }]
            );
        }
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

/// `000` 3.1 (australia-1992): several penalty discs placed at once stand
/// symmetrically either side of the middle line, touching each other (two
/// at ±15 mm); `002` 5.2 (lnf-2017, koroona): the first on the line, the
/// next beside it.
#[test]
fn au_000_3_1_several_penalty_discs_stand_symmetrically() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.sides[0].debt = 1;
        s.sides[0].debt_seat = Some(Seat::South);
        let (n, vd) = play(&s, miss(S0));
        let p = vd.penalty.as_ref().unwrap();
        assert_eq!((p.placed.len(), p.debt), (2, 0), "{profile}");
        let mut xs: Vec<f64> = p.placed.iter().map(|q| q.at.x).collect();
        xs.sort_by(f64::total_cmp);
        assert!(p.placed.iter().all(|q| (q.at.y - NORTH_MID.y).abs() < EPS));
        if profile == AU {
            assert!(
                (xs[0] - 0.485).abs() < EPS && (xs[1] - 0.515).abs() < EPS,
                "{xs:?}"
            );
        } else {
            assert!(
                (xs[0] - 0.5).abs() < EPS || (xs[1] - 0.5).abs() < EPS,
                "{xs:?}"
            );
            assert!(((xs[1] - xs[0]) - 0.03).abs() < EPS, "{xs:?}");
        }
        assert_eq!(state(&n).on_table(side(0)), 3);
    }
}
