//! Scenario tests of the referee: direct and rebound strokes, the striker's
//! first contact, light and dark discs, striker placement and aim.
//!
//! Singles unless said otherwise: South (side 0, discs 0–7) plays from the
//! south cushion, North (side 1, discs 8–15) from the north cushion. Every
//! scenario parks South's disc 1 and North's disc 9 against the west
//! cushion so that neither side has cleared the table.

use crate::referee_common::*;

use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::referee::{PlayError, Refusal};
use novuss_core::rules::set::{Format, SeatIndex, SetParts, SetState};
use novuss_core::rules::verdict::{FoulKind, Placed, StrokeKind, Turn};
use novuss_core::rules::zone::{is_dark, AimError, StrikerError};
use novuss_core::seat::Seat;
use novuss_core::table::Corner;
use novuss_core::DVec2;

/// South's striker, a little east of the middle of its edge zone.
const S0: DVec2 = DVec2::new(0.6, 0.08);

fn base(profile: ProfileId) -> SetParts {
    let mut s = empty(profile, Format::Singles);
    park(&mut s, 1, 0.3);
    park(&mut s, 9, 0.7);
    s
}

/// The penalty disc of a South foul: its lowest pocketed disc on the
/// north cushion's middle line.
#[track_caller]
fn assert_penalty_north(vd: &novuss_core::rules::verdict::Verdict, disc: u16) {
    let p = vd.penalty.as_ref().expect("a penalty");
    assert_eq!(p.side, side(0));
    assert_eq!(p.debt, 0);
    assert_eq!(p.placed.len(), 1);
    assert_placed(&p.placed, disc, NORTH_MID);
}

// ---- a correct direct stroke ----------------------------------------------

/// A disc that runs over a pocket too fast to fall stays on the table: no
/// rule turns on it, but the verdict names the disc and the pocket, so the
/// page can say why "nothing was pocketed". The same stroke played softly
/// pockets the disc and names no jump.
#[test]
fn a_disc_too_fast_for_the_pocket_is_named_as_having_jumped_it() {
    let mut s = base(ProfileId::Lnf2017);
    let d = before_pocket(S0, Corner::NorthEast, 0.06);
    put(&mut s, 0, d);
    let (_, hard) = play(&s, head_on(S0, d, 9.0));
    assert!(hard.pocketed.is_empty(), "{hard:?}");
    // The disc jumps first; the striker, following it, jumps after.
    let jumped: Vec<_> = hard.jumped.iter().map(|j| (j.disc, j.pocket)).collect();
    assert_eq!(
        jumped,
        [
            (Some(ids(&[0])[0]), Corner::NorthEast),
            (None, Corner::NorthEast)
        ]
    );
    assert!(hard.fouls.is_empty(), "{:?}", hard.fouls);
    let (_, soft) = play(&s, head_on(S0, d, 0.5));
    assert_eq!(soft.pocketed, ids(&[0]));
    assert!(soft.jumped.is_empty(), "{:?}", soft.jumped);
}

/// `001` "The Game" ¶2c, `000` 1.17, 2.2, `002` 3.8, 4.1: a direct stroke on an
/// own light disc that pockets it continues the series, in every profile.
#[test]
fn lnf_001_the_game_pocketing_own_light_disc_continues_the_series() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let d = before_pocket(S0, Corner::NorthEast, 0.06);
        put(&mut s, 0, d);
        let (n, vd) = play(&s, head_on(S0, d, 0.5));
        assert_eq!(vd.kind, Some(StrokeKind::Direct), "{profile}");
        let fc = vd.first_contact.as_ref().unwrap();
        assert_eq!(fc.discs, ids(&[0]));
        assert!(fc.cushions_before.is_empty());
        assert_eq!(vd.pocketed, ids(&[0]));
        assert!(vd.fouls.is_empty() && vd.restored.is_empty() && vd.off_table.is_empty());
        assert_eq!(vd.penalty, None);
        assert_eq!(vd.turn, Turn::Continues);
        assert_eq!(vd.set_result, None);
        assert_cites(&vd, "000", "1.17");
        assert_eq!(at(&n, 0), None);
        assert_eq!(at(&n, 1), at(&s, 1));
        assert_eq!(n.to_play, SeatIndex(0));
        assert_eq!(n.strokes, s.strokes + 1);
    }
}

/// `000` 1.18.1, `001` "Losing the rights to stroke" •1, `002` 6.1.1: a
/// correct stroke that pockets nothing passes the turn; the struck disc
/// stays where it stopped.
#[test]
fn au_000_1_18_1_correct_stroke_pocketing_nothing_passes_the_turn() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let d = v(0.6, 0.65);
        put(&mut s, 0, d);
        let (n, vd) = play(&s, head_on(S0, d, 0.5));
        assert!(
            vd.fouls.is_empty() && vd.pocketed.is_empty(),
            "{:?}",
            vd.fouls
        );
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_cites(&vd, "000", "1.18.1");
        let end = at(&n, 0).unwrap();
        // Straight north, 0.5²/(2·1.4715) = 85 mm.
        assert!(
            (end.x - 0.6).abs() < 1e-9 && (end.y - 0.735).abs() < 1e-3,
            "{end:?}"
        );
        assert_eq!(n.to_play, SeatIndex(1));
    }
}

// ---- light and dark ---------------------------------------------------------

/// `000` 1.4, 2.3, `002` 2.3: at the start every disc is light for its
/// owner (each row stands in the *opponent's* edge zone), and the opening
/// break straight into the own row is a correct direct stroke.
#[test]
fn au_000_2_3_all_discs_light_at_the_start_and_the_break_is_direct() {
    for profile in ProfileId::ALL {
        let s = SetState::new(profile, Format::Singles, Seat::South).to_parts();
        for d in &s.discs {
            let seat = s.sides[d.side.index()].seats[0];
            assert!(!is_dark(&s.table, seat, d.at.unwrap()), "{d:?}");
        }
        // Disc 4 of South's row is centred at x = 0.515.
        let from = v(0.515, 0.08);
        let (n, vd) = play(&s, towards(from, v(0.515, 0.5), 3.0));
        assert_eq!(vd.kind, Some(StrokeKind::Direct));
        assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[4]));
        assert!(vd.fouls.is_empty(), "{:?}", vd.fouls);
        let own = vd.pocketed.iter().filter(|&&id| id < DiscId(8)).count();
        let opp = vd.pocketed.len() - own;
        let want = if own > 0 && opp == 0 && vd.off_table.is_empty() {
            Turn::Continues
        } else {
            Turn::Passes { to: Seat::North }
        };
        assert_eq!(vd.turn, want, "{profile}");
        state(&n);
    }
}

/// `000` 2.3, `001` "Direct strokes" ¶2, `002` 2.2: a disc in the own edge
/// zone whose hole still shows the zone line (1 µm onto it) is light and may
/// be struck directly; 2 µm further in it is dark and may not.
#[test]
fn au_000_2_3_disc_on_the_zone_line_is_light_one_inside_is_dark() {
    // Hole edge at the line's near edge: centre 130 − 0.5 − 4 = 125.5 mm.
    let limit = 0.1255;
    let from = v(0.6, 0.04);
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let light = v(0.7, limit + 1e-6);
        put(&mut s, 0, light);
        let (_, vd) = play(&s, head_on(from, light, 0.3));
        assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
        assert_eq!(vd.first_contact.unwrap().discs, ids(&[0]));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });

        let dark = v(0.7, limit - 1e-6);
        put(&mut s, 0, dark);
        let (n, vd) = play(&s, head_on(from, dark, 0.3));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectOwnDark], "{profile}");
        assert_eq!(vd.fouls[0].discs, ids(&[0]));
        assert_eq!(
            vd.restored,
            vec![Placed {
                disc: DiscId(0),
                at: dark
            }]
        );
        assert_eq!(at(&n, 0), Some(dark));
        assert_penalty_north(&vd, 2);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

/// `000` 2.1, 2.2, 3.6.3, `001` "Penalty disc" •6, `002` 4.3, `003` "Pion de
/// pénalité" •3: an own dark disc in the centre circle struck directly is a
/// foul; it is put back exactly where it was in every profile, a penalty
/// disc comes back and the turn passes.
#[test]
fn au_000_3_6_3_direct_stroke_on_own_dark_disc_in_the_circle() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let d = v(0.5, 0.5);
        put(&mut s, 0, d);
        let (n, vd) = play(&s, head_on(v(0.5, 0.08), d, 0.3));
        assert_eq!(vd.kind, Some(StrokeKind::Direct));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectOwnDark], "{profile}");
        assert_eq!(
            vd.restored,
            vec![Placed {
                disc: DiscId(0),
                at: d
            }],
            "{profile}"
        );
        assert_eq!(at(&n, 0), Some(d));
        assert_penalty_north(&vd, 2);
        assert_eq!(at(&n, 2), Some(NORTH_MID));
        assert!(n.discs[2].penalty);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_eq!(vd.set_result, None);
        assert_cites(&vd, "000", "3.6.3");
    }
}

/// `000` 3.6.3, 6.1: two own dark discs hit directly at once forfeit the set
/// in australia-1992; lnf-2017 and koroona put both back with one penalty.
#[test]
fn au_000_3_6_3_two_own_dark_discs_forfeit_but_not_in_lnf() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let (a, b) = (v(0.485, 0.5), v(0.515, 0.5));
        put(&mut s, 0, a);
        put(&mut s, 2, b);
        let (n, vd) = play(&s, towards(v(0.5, 0.08), v(0.5, 0.5), 1.5));
        assert_eq!(vd.first_contact.as_ref().unwrap().discs.len(), 2);
        assert_eq!(kinds(&vd), vec![FoulKind::DirectOwnDark]);
        assert_eq!(vd.restored.len(), 2, "{profile}");
        assert_placed(&vd.restored, 0, a);
        assert_placed(&vd.restored, 2, b);
        assert_eq!(at(&n, 0), Some(a));
        assert_eq!(at(&n, 2), Some(b));
        if profile == AU {
            assert_eq!(vd.turn, Turn::SetOver);
            assert!(matches!(
                vd.set_result,
                Some(novuss_core::rules::set::SetResult::Won { winner: SIDE1, .. })
            ));
            assert_cites(&vd, "000", "3.6.3");
        } else {
            assert_eq!(vd.set_result, None, "{profile}");
            assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        }
    }
}

// ---- the opponent's disc first ------------------------------------------------

/// `001` "Penalty disc" •4, `000` 3.6.5, `002` 5.1.2, `003` "Pion de
/// pénalité" •4: a direct stroke touching an opponent's disc first is a
/// foul. lnf-2017 puts the disc back (`001` •6: a stroke against the rules);
/// australia-1992 and koroona leave it where it stopped (`000` 3.6.5, `003`).
#[test]
fn lnf_001_penalty_disc_4_direct_stroke_touching_opponent_first() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let d = v(0.6, 0.65);
        put(&mut s, 8, d);
        let (n, vd) = play(&s, head_on(S0, d, 0.5));
        assert_eq!(vd.kind, Some(StrokeKind::Direct));
        assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[8]));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectOpponentFirst]);
        assert_eq!(vd.fouls[0].discs, ids(&[8]));
        assert_penalty_north(&vd, 0);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        if profile == LNF {
            assert_eq!(
                vd.restored,
                vec![Placed {
                    disc: DiscId(8),
                    at: d
                }]
            );
            assert_eq!(at(&n, 8), Some(d));
            assert_cites(&vd, "001", "Penalty disc •6");
        } else {
            assert!(vd.restored.is_empty(), "{profile}");
            let end = at(&n, 8).unwrap();
            assert!((end.y - 0.735).abs() < 1e-3, "{profile}: {end:?}");
        }
    }
}

/// `000` 3.6.2, `001` "Penalty disc" •4, `002` 5.1.2: own and opponent's
/// disc touched at the same instant is a foul in every profile.
#[test]
fn au_000_3_6_2_direct_stroke_touching_own_and_opponent_simultaneously() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        put(&mut s, 0, v(0.585, 0.7));
        put(&mut s, 8, v(0.615, 0.7));
        let (_, vd) = play(&s, towards(S0, v(0.6, 0.7), 1.5));
        let mut first = vd.first_contact.as_ref().unwrap().discs.clone();
        first.sort();
        assert_eq!(first, ids(&[0, 8]));
        assert_eq!(kinds(&vd), vec![FoulKind::DirectOpponentFirst], "{profile}");
        assert_eq!(vd.fouls[0].discs, ids(&[8]));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert!(vd.penalty.is_some());
    }
}

/// `000` 1.29, 3.6.2 and the referee's [`SIMULTANEOUS`] window (1 ms): an
/// opponent's disc touched 0.6 ms after the own disc (0.3 mm further)
/// counts as touched at the same time (foul); five millimetres further
/// (10 ms) the own disc is clearly first (correct stroke, `000` 2.6.2).
///
/// [`SIMULTANEOUS`]: novuss_core::rules::referee::SIMULTANEOUS
#[test]
fn lnf_000_1_29_contacts_within_one_millisecond_are_simultaneous() {
    let mut s = base(LNF);
    put(&mut s, 0, v(0.585, 0.7));
    put(&mut s, 8, v(0.615, 0.7003));
    let stroke = towards(S0, v(0.6, 0.7), 1.5);
    let (_, vd) = play(&s, stroke);
    assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[0, 8]));
    assert_eq!(kinds(&vd), vec![FoulKind::DirectOpponentFirst]);

    put(&mut s, 8, v(0.615, 0.705));
    let (_, vd) = play(&s, stroke);
    assert_eq!(vd.first_contact.unwrap().discs, ids(&[0]));
    assert!(vd.fouls.is_empty(), "{:?}", vd.fouls);
}

// ---- rebounds -------------------------------------------------------------------

/// `000` 2.4, 2.5.1, `001` "Direct strokes" •1, `002` 4.3.1: with only dark
/// discs, a rebound off the opposite cushion onto an own dark disc in the
/// edge zone is correct in every profile.
#[test]
fn au_000_2_4_rebound_off_opposite_cushion_onto_own_dark_disc() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        park(&mut s, 1, 0.0); // replaced below
        s.discs[1].at = None;
        let dark = v(0.7, 0.08);
        put(&mut s, 0, dark);
        let (n, vd) = play(&s, off_cushion(v(0.3, 0.06), Cushion::North, dark, 0.2));
        assert_eq!(vd.kind, Some(StrokeKind::Rebound), "{profile}");
        let fc = vd.first_contact.as_ref().unwrap();
        assert_eq!(fc.discs, ids(&[0]));
        assert_eq!(fc.cushions_before, vec![Cushion::North]);
        assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_ne!(at(&n, 0), Some(dark));
    }
}

/// `001` "Direct strokes" •1, `002` 4.3.1, `003` "Pions clairs et pions
/// foncés" •1 against `000` 2.5.1: an own dark disc in the edge zone reached
/// off a *side* cushion is a foul in lnf-2017 and koroona (the disc is put
/// back) but correct in australia-1992 (any cushion).
#[test]
fn lnf_001_direct_strokes_dark_edge_disc_off_a_side_cushion() {
    for profile in ProfileId::ALL {
        let mut s = base(profile); // disc 1 parked: South has a light disc
                                   // Off the east cushion just north of the south-east pocket: the
                                   // striker is fast enough (> 2 m/s) to jump the pocket both ways.
        let dark = v(0.8, 0.12);
        put(&mut s, 0, dark);
        let (n, vd) = play(&s, off_cushion(v(0.7, 0.06), Cushion::East, dark, 2.6));
        assert_eq!(vd.kind, Some(StrokeKind::Rebound));
        let fc = vd.first_contact.as_ref().unwrap();
        assert_eq!(fc.discs, ids(&[0]));
        assert_eq!(fc.cushions_before, vec![Cushion::East]);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        if profile == AU {
            assert!(vd.fouls.is_empty(), "{:?}", vd.fouls);
            assert_ne!(at(&n, 0), Some(dark));
        } else {
            assert_eq!(
                kinds(&vd),
                vec![FoulKind::ReboundDarkWithoutOppositeCushion],
                "{profile}"
            );
            assert_eq!(
                vd.restored,
                vec![Placed {
                    disc: DiscId(0),
                    at: dark
                }]
            );
            assert_eq!(at(&n, 0), Some(dark));
            assert_penalty_north(&vd, 2);
        }
    }
}

/// `002` 2.4.3, 4.3.5, `003` "Pions clairs et pions foncés" •2, `000`
/// 2.5.1: an own dark disc in the circle may be reached off a side cushion.
#[test]
fn lnf_002_4_3_5_circle_disc_off_a_side_cushion_is_correct() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let d = v(0.5, 0.5);
        put(&mut s, 0, d);
        let (_, vd) = play(&s, off_cushion(v(0.5, 0.05), Cushion::East, d, 0.3));
        assert_eq!(vd.kind, Some(StrokeKind::Rebound));
        let fc = vd.first_contact.unwrap();
        assert_eq!(
            (fc.discs, fc.cushions_before),
            (ids(&[0]), vec![Cushion::East])
        );
        assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

/// `001` "Penalty disc" •5, `000` 3.6.8, `002` 5.1.3, `003` "Pion de
/// pénalité" •5: with light discs on the table a rebound may not touch an
/// opponent's disc first. lnf-2017 puts it back; the others leave it.
#[test]
fn lnf_001_penalty_disc_5_rebound_touching_opponent_first_with_light_discs() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let d = v(0.7, 0.5);
        put(&mut s, 8, d);
        let (n, vd) = play(&s, off_cushion(v(0.4, 0.1), Cushion::East, d, 0.4));
        assert_eq!(vd.kind, Some(StrokeKind::Rebound));
        assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[8]));
        assert_eq!(
            kinds(&vd),
            vec![FoulKind::ReboundOpponentFirst],
            "{profile}"
        );
        assert_penalty_north(&vd, 0);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        if profile == LNF {
            assert_eq!(
                vd.restored,
                vec![Placed {
                    disc: DiscId(8),
                    at: d
                }]
            );
            assert_eq!(at(&n, 8), Some(d));
        } else {
            assert!(vd.restored.is_empty());
            assert_ne!(at(&n, 8), Some(d));
        }
    }
}

/// `000` 2.4, 2.6.1: with only dark discs a rebound off the opposite cushion
/// may touch an opponent's disc first.
#[test]
fn au_000_2_6_1_dark_only_rebound_off_opposite_cushion_onto_opponent() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.discs[1].at = None;
        put(&mut s, 0, v(0.2, 0.1)); // dark, South's edge zone
        let d = v(0.7, 0.5);
        put(&mut s, 8, d);
        let (_, vd) = play(&s, off_cushion(v(0.4, 0.1), Cushion::North, d, 0.3));
        assert_eq!(vd.first_contact.as_ref().unwrap().discs, ids(&[8]));
        assert_eq!(
            vd.first_contact.as_ref().unwrap().cushions_before,
            vec![Cushion::North]
        );
        assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

/// `000` 3.6.9, `002` 2.4.4, `003` "Pion de pénalité" •6: with only dark
/// discs a rebound off a side cushion onto an opponent's disc (not an own
/// disc in the circle) is a foul in every profile.
#[test]
fn au_000_3_6_9_dark_only_rebound_off_side_cushion_is_a_foul() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.discs[1].at = None;
        put(&mut s, 0, v(0.2, 0.1));
        let d = v(0.7, 0.5);
        put(&mut s, 8, d);
        let (n, vd) = play(&s, off_cushion(v(0.4, 0.1), Cushion::East, d, 0.3));
        assert_eq!(
            vd.first_contact.as_ref().unwrap().cushions_before,
            vec![Cushion::East]
        );
        assert_eq!(
            kinds(&vd),
            vec![FoulKind::DarkOnlyMissedCushion],
            "{profile}"
        );
        assert_penalty_north(&vd, 1);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        // An illegal stroke: lnf puts the moved disc back.
        assert_eq!(at(&n, 8) == Some(d), profile == LNF, "{profile}");
    }
}

// ---- touching nothing --------------------------------------------------------------

/// `000` 3.6.1, `001` "Penalty disc" •3, `003` "Pion de pénalité" •1: a
/// direct stroke that touches nothing while the player has light discs.
#[test]
fn au_000_3_6_1_direct_stroke_touching_nothing() {
    for profile in ProfileId::ALL {
        let s = base(profile);
        let (n, vd) = play(&s, towards(S0, v(0.6, 1.0), speed_for(0.3)));
        assert_eq!(vd.kind, Some(StrokeKind::Direct));
        let fc = vd.first_contact.as_ref().unwrap();
        assert!(fc.discs.is_empty() && fc.cushions_before.is_empty());
        assert_eq!(
            kinds(&vd),
            vec![FoulKind::DirectTouchedNothing],
            "{profile}"
        );
        assert_penalty_north(&vd, 0);
        assert_eq!(at(&n, 0), Some(NORTH_MID));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

/// `002` 2.4.1, 2.4.4 (lnf-2017) against `000` 3.6.1 and `003` (direct
/// strokes only): a rebound off the opposite cushion that touches nothing
/// while the player has light discs is a foul only in lnf-2017.
#[test]
fn lnf_002_2_4_4_rebound_touching_nothing_with_light_discs() {
    for profile in ProfileId::ALL {
        let s = base(profile);
        let (_, vd) = play(&s, bank(S0, Cushion::North, 0.62, 0.3));
        assert_eq!(vd.kind, Some(StrokeKind::Rebound));
        let fc = vd.first_contact.as_ref().unwrap();
        assert!(fc.discs.is_empty());
        assert_eq!(fc.cushions_before, vec![Cushion::North]);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        if profile == LNF {
            assert_eq!(kinds(&vd), vec![FoulKind::ReboundTouchedNothing]);
            assert_penalty_north(&vd, 0);
        } else {
            assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
            assert_eq!(vd.penalty, None);
        }
    }
}

/// `002` 2.4.2, 4.3.6: with only dark discs a rebound off the opposite
/// cushion that then touches nothing is correct (no penalty) everywhere.
#[test]
fn lnf_002_4_3_6_dark_only_rebound_off_opposite_cushion_touching_nothing() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.discs[1].at = None;
        put(&mut s, 0, v(0.2, 0.1));
        let (_, vd) = play(&s, bank(S0, Cushion::North, 0.62, 0.3));
        assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
        assert_eq!(vd.penalty, None);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

/// `000` 3.6.9, 3.6.12, `002` 2.4.2, `003` "Pion de pénalité" •6: with only
/// dark discs, a stroke that touches neither the opposite cushion nor an own
/// disc in the circle is a foul: directly touching nothing, or off a side
/// cushion touching nothing.
#[test]
fn au_000_3_6_12_dark_only_stroke_missing_the_opposite_cushion() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.discs[1].at = None;
        put(&mut s, 0, v(0.2, 0.1));
        let (_, vd) = play(&s, towards(S0, v(0.6, 1.0), speed_for(0.3)));
        assert_eq!(vd.kind, Some(StrokeKind::Direct));
        assert_eq!(
            kinds(&vd),
            vec![FoulKind::DarkOnlyMissedCushion],
            "{profile}"
        );
        assert_penalty_north(&vd, 1);

        let (_, vd) = play(&s, bank(S0, Cushion::East, 0.5, 0.2));
        assert_eq!(vd.kind, Some(StrokeKind::Rebound));
        assert_eq!(
            vd.first_contact.as_ref().unwrap().cushions_before,
            vec![Cushion::East]
        );
        assert_eq!(
            kinds(&vd),
            vec![FoulKind::DarkOnlyMissedCushion],
            "{profile}"
        );
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

// ---- the striker lost ------------------------------------------------------------------

/// `000` 3.4, 3.6.17, `001` "Penalty disc" •1, `002` 5.1.4: the striker
/// pocketed without touching anything: two fouls, one penalty disc.
#[test]
fn au_000_3_4_striker_pocketed_touching_nothing_costs_one_disc() {
    for profile in ProfileId::ALL {
        let s = base(profile);
        let p = pocket(Corner::NorthEast);
        let stroke = towards(
            S0,
            p,
            (1.0f64 + speed_for((p - S0).length() - 0.05).powi(2)).sqrt(),
        );
        let (n, vd) = play(&s, stroke);
        assert_eq!(
            kinds(&vd),
            vec![FoulKind::StrikerPocketed, FoulKind::DirectTouchedNothing],
            "{profile}"
        );
        let pen = vd.penalty.as_ref().unwrap();
        assert_eq!(pen.placed.len(), 1);
        assert_eq!(state(&n).on_table(side(0)), 2);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_cites(&vd, "000", "3.4");
    }
}

/// `000` 3.6.17, `001` "Penalty disc" •1, `002` 5.1.4: the striker follows
/// a correctly pocketed own disc into the pocket. The disc stays pocketed
/// (the stroke itself was correct), a penalty disc comes back and the turn
/// passes.
#[test]
fn lnf_001_penalty_disc_1_striker_follows_own_disc_into_the_pocket() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let d = before_pocket(S0, Corner::NorthEast, 0.06);
        put(&mut s, 0, d);
        let (n, vd) = play(&s, head_on(S0, d, 1.6));
        assert_eq!(vd.pocketed, ids(&[0]));
        assert_eq!(kinds(&vd), vec![FoulKind::StrikerPocketed], "{profile}");
        assert!(vd.restored.is_empty());
        // The lowest-numbered pocketed disc comes back: the one just pocketed.
        assert_penalty_north(&vd, 0);
        assert_eq!(at(&n, 0), Some(NORTH_MID));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

/// `000` 3.6.17, `001` "Penalty disc" •2, `002` 5.1.5: a full-speed stroke
/// into an empty table sends the striker over the north cushion.
#[test]
fn lnf_001_penalty_disc_2_striker_off_the_table() {
    for profile in ProfileId::ALL {
        let s = base(profile);
        let (_, vd) = play(&s, towards(S0, v(0.6, 1.0), 8.0));
        assert_eq!(
            kinds(&vd),
            vec![FoulKind::StrikerOffTable, FoulKind::DirectTouchedNothing],
            "{profile}"
        );
        assert_penalty_north(&vd, 0);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
    }
}

// ---- placement and aim -------------------------------------------------------------------

/// `000` 1.6, 1.7, 1.15, `002` 3.1, 3.2, 3.4: illegal placements and aims
/// are refused with the state unchanged, whatever the profile.
#[test]
fn au_000_1_6_illegal_placement_and_aim_are_rejected() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        put(&mut s, 0, v(0.6, 0.5));
        let before = s.clone();
        let up = v(0.0, 1.0);
        let cases = [
            (
                v(0.6, 0.13),
                up,
                PlayError::Refused(Refusal::Placement(StrikerError::LineVisible {
                    line: Cushion::South,
                })),
            ),
            (
                v(0.6, 0.3),
                up,
                PlayError::Refused(Refusal::Placement(StrikerError::OutsideZone {
                    line: Cushion::South,
                })),
            ),
            (
                v(0.1, 0.08),
                up,
                PlayError::Refused(Refusal::Placement(StrikerError::OutsideZone {
                    line: Cushion::West,
                })),
            ),
            (
                v(0.6, 0.08),
                v(1.0, 0.0),
                PlayError::Refused(Refusal::Aim(AimError::NotAwayFromNearCushion)),
            ),
            (
                v(0.2, 0.08),
                v(1.0, 0.05),
                PlayError::Refused(Refusal::Aim(AimError::CueOverCorner {
                    corner: Corner::SouthWest,
                })),
            ),
        ];
        for (striker, direction, want) in cases {
            let st = novuss_core::physics::stroke::Stroke {
                striker,
                direction,
                speed: 1.0,
            };
            assert_eq!(try_play(&s, st).unwrap_err(), want, "{profile}");
        }
        // Touching a disc (`002` 3.2).
        put(&mut s, 0, v(0.6, 0.08 + 0.0375));
        let st = towards(S0, v(0.6, 1.0), 1.0);
        assert_eq!(
            try_play(&s, st).unwrap_err(),
            PlayError::Refused(Refusal::StrikerTouches(DiscId(0)))
        );
        put(&mut s, 0, v(0.6, 0.5));
        assert!(matches!(
            try_play(&s, towards(S0, v(0.6, 1.0), 0.0)),
            Err(PlayError::Refused(Refusal::Speed { .. }))
        ));
        assert_eq!(s, before);
    }
}

/// North plays from the north cushion: the same checks in its own frame.
#[test]
fn lnf_002_3_1_north_places_in_its_own_edge_zone() {
    let mut s = base(LNF);
    s.to_play = SeatIndex(1);
    let d = v(0.4, 0.35);
    put(&mut s, 8, d);
    let from = v(0.4, 0.92);
    let (_, vd) = play(&s, head_on(from, d, 0.3));
    assert_eq!(vd.seat, Seat::North);
    assert_eq!(vd.side, side(1));
    assert!(vd.fouls.is_empty());
    assert_eq!(vd.turn, Turn::Passes { to: Seat::South });
    assert_eq!(
        try_play(&s, head_on(S0, d, 0.3)).unwrap_err(),
        PlayError::Refused(Refusal::Placement(StrikerError::OutsideZone {
            line: Cushion::North
        }))
    );
}
