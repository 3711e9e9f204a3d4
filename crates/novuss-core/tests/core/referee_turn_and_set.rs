//! Scenario tests of the referee: series and loss of turn, wins, losses,
//! draws, replays, the first-turn clear, the blind-miss replay, conduct
//! fouls and forfeits.
//!
//! Singles: South (side 0, discs 0–7) plays from the south cushion, North
//! (side 1, discs 8–15) from the north cushion.

use crate::referee_common::*;

use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::referee::{Conduct, PlayError, Refusal};
use novuss_core::rules::set::{Format, Opening, ReplayReason, SeatIndex, SetParts, SetResult};
use novuss_core::rules::verdict::{FoulKind, Placed, Turn};
use novuss_core::seat::Seat;
use novuss_core::table::Corner;
use novuss_core::DVec2;

const S0: DVec2 = DVec2::new(0.6, 0.08);
const N0: DVec2 = DVec2::new(0.4, 0.92);

fn base(profile: ProfileId) -> SetParts {
    let mut s = empty(profile, Format::Singles);
    park(&mut s, 1, 0.3);
    park(&mut s, 9, 0.7);
    s
}

fn won(vd: &novuss_core::rules::verdict::Verdict) -> Option<usize> {
    match vd.set_result {
        Some(SetResult::Won { winner, .. }) => Some(winner.index()),
        _ => None,
    }
}

/// `000` 1.18.2, `001` "Losing the rights to stroke" •2, `002` 6.1.2: own
/// disc 0 pushes North's disc 8, touching it, into the north-east pocket and
/// follows it in. Both are pocketed, no foul, and the turn passes.
#[test]
fn lnf_001_losing_the_rights_2_opponent_disc_pocketed_with_own() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        let d8 = before_pocket(S0, Corner::NorthEast, 0.055);
        let d0 = before_pocket(S0, Corner::NorthEast, 0.085);
        put(&mut s, 0, d0);
        put(&mut s, 8, d8);
        let (n, vd) = play(&s, head_on(S0, d0, 0.8));
        assert!(vd.fouls.is_empty(), "{profile}: {:?}", vd.fouls);
        assert_eq!(vd.pocketed, ids(&[0, 8]));
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_eq!(vd.set_result, None);
        assert_cites(&vd, "000", "1.18.2");
        assert_eq!((at(&n, 0), at(&n, 8)), (None, None));
    }
}

/// A thin cut pockets South's disc in the north-east corner and sends the
/// striker off the north cushion back over South's zone line.
fn return_over_line(profile: ProfileId) -> (SetParts, novuss_core::physics::stroke::Stroke) {
    let mut s = base(profile);
    let target = pocket(Corner::NorthEast);
    let d = target - v(0.954, 0.3).normalize() * 0.07;
    put(&mut s, 0, d);
    (s, cut(v(0.79, 0.08), d, target, 4.0))
}

/// `001` "Losing the rights to stroke" •5, `002` 3.7, `003` "Un joueur perd
/// son tour" •4 against `000` (no such rule): after a correct pocketing
/// stroke the striker slides back over the player's own zone line; with no
/// dark disc the turn passes in lnf-2017 and koroona, not in australia-1992.
#[test]
fn lnf_001_losing_the_rights_5_striker_back_over_own_line() {
    for profile in ProfileId::ALL {
        let (s, stroke) = return_over_line(profile);
        let (_, vd) = play(&s, stroke);
        assert_eq!(vd.pocketed, ids(&[0]));
        assert!(vd.fouls.is_empty());
        assert_eq!(vd.penalty, None);
        if profile == AU {
            assert_eq!(vd.turn, Turn::Continues);
        } else {
            assert_eq!(vd.turn, Turn::Passes { to: Seat::North }, "{profile}");
            assert_cites(&vd, "001", "Losing the rights to stroke •5");
        }
    }
}

/// `001` "Losing the rights to stroke" •5: with a dark disc (here in the
/// circle) the striker may come back over the line.
#[test]
fn lnf_001_losing_the_rights_5_does_not_apply_with_a_dark_disc() {
    for profile in ProfileId::ALL {
        let (mut s, stroke) = return_over_line(profile);
        put(&mut s, 1, v(0.5, 0.5));
        let (_, vd) = play(&s, stroke);
        assert_eq!(vd.pocketed, ids(&[0]));
        assert_eq!(vd.turn, Turn::Continues, "{profile}");
    }
}

/// `000` 4.2, `001` "The Game" ¶3, `002` 7.1, 9: pocketing the last disc
/// with a correct stroke wins the set.
#[test]
fn au_000_4_2_pocketing_the_last_disc_wins() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.discs[1].at = None;
        let d = before_pocket(S0, Corner::NorthEast, 0.06);
        put(&mut s, 0, d);
        let (n, vd) = play(&s, head_on(S0, d, 0.5));
        assert_eq!(vd.pocketed, ids(&[0]));
        assert_eq!(vd.turn, Turn::SetOver);
        assert_eq!(won(&vd), Some(0), "{profile}");
        assert_eq!(n.result, vd.set_result);
        assert_eq!(
            try_play(&n, head_on(S0, d, 0.5)).unwrap_err(),
            PlayError::Refused(Refusal::SetOver)
        );
        assert_eq!(
            conduct(&n, &Conduct::RefusedStroke).unwrap_err(),
            Refusal::SetOver
        );
    }
}

/// `000` 1.26, 4.5 (australia-1992): the last disc pocketed with a foul
/// (the striker follows it in) loses the set, and no penalty disc is put
/// on the table after the set's end. `001` and `003` (lnf-2017, koroona)
/// give their ordinary penalty instead: the disc comes back on the middle
/// line opposite the offender and the turn passes.
#[test]
fn au_000_1_26_last_disc_pocketed_with_a_foul_loses() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.discs[1].at = None;
        let d = before_pocket(S0, Corner::NorthEast, 0.06);
        put(&mut s, 0, d);
        let (n, vd) = play(&s, head_on(S0, d, 1.6));
        assert_eq!(kinds(&vd), vec![FoulKind::StrikerPocketed]);
        if profile == AU {
            assert_eq!(vd.turn, Turn::SetOver);
            assert_eq!(won(&vd), Some(1), "{profile}");
            assert_cites(&vd, "000", "1.26");
            let p = vd.penalty.as_ref().unwrap();
            assert!(p.placed.is_empty(), "placed after the end: {p:?}");
            assert_eq!(state(&n).on_table(side(0)), 0);
        } else {
            assert_eq!(vd.turn, Turn::Passes { to: Seat::North }, "{profile}");
            assert_eq!(vd.set_result, None);
            assert_placed(&vd.penalty.as_ref().unwrap().placed, 0, NORTH_MID);
            assert_eq!(state(&n).on_table(side(0)), 1);
        }
    }
}

/// `000` 1.27, 4.5 (australia-1992: a draw) against `002` 7.2 (lnf-2017,
/// koroona: the set is annulled and replayed): one correct stroke pockets
/// both sides' last discs.
#[test]
fn au_000_1_27_both_last_discs_draw_lnf_002_7_2_replay() {
    for profile in ProfileId::ALL {
        let mut s = empty(profile, Format::Singles);
        let d8 = before_pocket(S0, Corner::NorthEast, 0.055);
        let d0 = before_pocket(S0, Corner::NorthEast, 0.085);
        put(&mut s, 0, d0);
        put(&mut s, 8, d8);
        let (n, vd) = play(&s, head_on(S0, d0, 0.8));
        assert_eq!(vd.pocketed, ids(&[0, 8]));
        assert_eq!(vd.turn, Turn::SetOver);
        let want = if profile == AU {
            SetResult::Drawn
        } else {
            SetResult::Replay {
                why: ReplayReason::BothLastDiscs,
            }
        };
        assert_eq!(vd.set_result, Some(want), "{profile}");
        assert_eq!(n.result, vd.set_result);
    }
}

/// `000` 4.6, `002` 7.1: the opener clears in the first turn; the opponent
/// replies and clears too: the set is replayed (the match layer swaps or
/// keeps ends by profile, see `match_play`).
#[test]
fn au_000_4_6_first_turn_clears_on_both_sides_replay_the_set() {
    for profile in ProfileId::ALL {
        let mut s = empty(profile, Format::Singles);
        s.opening = Opening::FirstTurn;
        s.strokes = 7;
        let d0 = before_pocket(S0, Corner::NorthEast, 0.06);
        let d8 = before_pocket(N0, Corner::SouthWest, 0.06);
        put(&mut s, 0, d0);
        put(&mut s, 8, d8);
        let (n, vd) = play(&s, head_on(S0, d0, 0.5));
        assert_eq!(vd.pocketed, ids(&[0]));
        assert_eq!(vd.set_result, None);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_eq!(n.opening, Opening::Reply { cleared: SIDE0 });
        assert_cites(&vd, "000", "4.6");
        let (n2, vd) = play(&n, head_on(N0, d8, 0.5));
        assert_eq!(vd.pocketed, ids(&[8]));
        assert_eq!(vd.turn, Turn::SetOver);
        match &vd.set_result {
            Some(SetResult::Replay { why }) => assert_eq!(*why, ReplayReason::FirstTurnClears),
            other => panic!("{other:?}"),
        }
        assert_eq!(n2.result, vd.set_result);

        // The reply fails: the opener wins.
        let (_, vd) = play(&n, towards(N0, N0 - v(0.0, 1.0), speed_for(0.1)));
        assert_eq!(vd.turn, Turn::SetOver);
        assert_eq!(won(&vd), Some(0), "{profile}");
    }
}

/// `000` 4.4, in every profile (`001`, `002` and `003` are silent on a
/// stalemate, which would otherwise never end): both players with only
/// blind discs missing three times each: the set is replayed.
#[test]
fn au_000_4_4_three_blind_misses_each_replay_the_set() {
    for profile in ProfileId::ALL {
        let mut s = base(profile);
        s.discs[1].at = None;
        put(&mut s, 0, v(0.2, 0.1)); // dark
        s.sides[0].blind_misses = 2;
        s.sides[1].blind_misses = 3;
        let (n, vd) = play(&s, bank(S0, Cushion::North, 0.62, 0.3));
        assert!(vd.fouls.is_empty());
        assert_eq!(n.sides[0].blind_misses, 3);
        assert_eq!(vd.turn, Turn::SetOver);
        assert_eq!(
            vd.set_result,
            Some(SetResult::Replay {
                why: ReplayReason::BlindMisses
            })
        );
        assert_cites(&vd, "000", "4.4");
    }
}

/// `000` 3.6.13, 3.6.15: touching the moving striker, or refusing to
/// stroke: a penalty disc and loss of turn.
#[test]
fn au_000_3_6_13_and_3_6_15_conduct_penalties() {
    for profile in ProfileId::ALL {
        for (action, kind) in [
            (
                Conduct::TouchedMovingStriker,
                FoulKind::TouchedMovingStriker,
            ),
            (Conduct::RefusedStroke, FoulKind::RefusedStroke),
        ] {
            let s = base(profile);
            let (n, vd) = conduct(&s, &action).unwrap();
            assert_eq!(kinds(&vd), vec![kind]);
            assert_eq!(
                vd.penalty.as_ref().unwrap().placed,
                vec![Placed {
                    disc: DiscId(0),
                    at: NORTH_MID
                }]
            );
            assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
            assert_eq!(n.to_play, SeatIndex(1));
        }
    }
}

/// `000` 3.6.14, 3.6.16, 6.4, 6.7: discs dislodged by hand or by a double
/// stroke are put back (the state holds them where they were); one disc
/// costs a penalty disc, several forfeit the set in australia-1992 only.
#[test]
fn au_000_3_6_14_dislodged_discs_restored_several_forfeit() {
    for profile in ProfileId::ALL {
        let s = base(profile);
        let one = Conduct::DislodgedDiscs { discs: ids(&[9]) };
        let (_, vd) = conduct(&s, &one).unwrap();
        assert_eq!(kinds(&vd), vec![FoulKind::DislodgedDisc]);
        assert_eq!(
            vd.restored,
            vec![Placed {
                disc: DiscId(9),
                at: v(0.015, 0.7)
            }]
        );
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        for action in [
            Conduct::DislodgedDiscs {
                discs: ids(&[1, 9]),
            },
            Conduct::DoubleStroke {
                discs: ids(&[1, 9]),
            },
        ] {
            let (_, vd) = conduct(&s, &action).unwrap();
            assert_eq!(vd.restored.len(), 2);
            if profile == AU {
                assert_eq!(won(&vd), Some(1));
                assert_eq!(vd.turn, Turn::SetOver);
            } else {
                assert_eq!(vd.set_result, None, "{profile}");
                assert!(vd.penalty.is_some());
            }
        }
        let (_, vd) = conduct(&s, &Conduct::DoubleStroke { discs: ids(&[]) }).unwrap();
        assert_eq!(kinds(&vd), vec![FoulKind::DoubleStroke]);
        assert_eq!(vd.turn, Turn::Passes { to: Seat::North });
        assert_eq!(
            conduct(&s, &Conduct::DislodgedDiscs { discs: ids(&[3]) }).unwrap_err(),
            Refusal::DiscNotOnTable(DiscId(3))
        );
    }
}

/// `000` 5.7, 6.6: the side that plays out of turn forfeits the set; naming
/// the player whose turn it is is refused.
#[test]
fn au_000_6_6_playing_out_of_turn_forfeits() {
    for profile in ProfileId::ALL {
        let s = base(profile);
        let (n, vd) = conduct(&s, &Conduct::PlayedOutOfTurn { seat: Seat::North }).unwrap();
        assert_eq!(vd.seat, Seat::North);
        assert_eq!(won(&vd), Some(0));
        assert_eq!(vd.turn, Turn::SetOver);
        assert!(n.result.is_some());
        assert!(matches!(
            conduct(&s, &Conduct::PlayedOutOfTurn { seat: Seat::South }),
            Err(Refusal::NotOutOfTurn(Seat::South))
        ));
        assert!(matches!(
            conduct(&s, &Conduct::PlayedOutOfTurn { seat: Seat::East }),
            Err(Refusal::SeatNotInPlay(Seat::East))
        ));
    }
}
