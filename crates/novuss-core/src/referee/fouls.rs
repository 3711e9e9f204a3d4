//! The fouls of a stroke: what the striker touched first, and what the
//! discs did.

use crate::physics::{Fate, Outcome};
use crate::profile::Restore;
use crate::set::Format;
use crate::verdict::{rule, FirstContact, FoulKind, RuleRef, StrokeKind};
use crate::zone::{blind_zone, is_dark};

use super::outcome::Judgement;
use super::path::{self, StrikerPath};

/// What the referee read off a stroke before deciding its consequences.
pub(crate) struct Read {
    pub path: StrikerPath,
    /// The player had a light disc when the stroke began.
    pub light: bool,
    /// The player had a dark disc when the stroke began.
    pub dark: bool,
    /// A stroke against the rules: its start was illegal.
    pub illegal: bool,
    /// Discs (physics indices) to put back where they were.
    pub restore: Vec<usize>,
}

/// The clauses and plain sentence behind each foul.
pub(crate) fn explain(kind: FoulKind) -> (Vec<RuleRef>, &'static str) {
    use FoulKind::*;
    match kind {
        StrikerPocketed => (
            vec![rule("001", "Penalty disc •1"), rule("000", "3.6.17"), rule("002", "5.1.4"), rule("003", "Pion de pénalité •2")],
            "The striker fell into a pocket: penalty disc and loss of turn.",
        ),
        StrikerOffTable => (
            vec![rule("001", "Penalty disc •2"), rule("000", "3.6.17"), rule("002", "5.1.5"), rule("003", "Pion de pénalité •2")],
            "The striker left the table: penalty disc and loss of turn.",
        ),
        DirectTouchedNothing => (
            vec![rule("001", "Penalty disc •3"), rule("000", "3.6.1"), rule("003", "Pion de pénalité •1")],
            "A direct stroke must touch a disc while the player has light discs.",
        ),
        DirectOpponentFirst => (
            vec![rule("001", "Penalty disc •4"), rule("000", "3.6.2"), rule("000", "3.6.5"), rule("002", "5.1.2"), rule("003", "Pion de pénalité •4")],
            "A direct stroke must touch one of the player's own light discs first, not an opponent's disc (nor both at once).",
        ),
        DirectOwnDark => (
            vec![rule("001", "Penalty disc •6"), rule("001", "Direct strokes"), rule("000", "3.6.3"), rule("002", "4.3"), rule("003", "Pion de pénalité •3")],
            "A dark disc may not be struck directly; it is put back.",
        ),
        ReboundOpponentFirst => (
            vec![rule("001", "Penalty disc •5"), rule("000", "3.6.8"), rule("002", "5.1.3"), rule("003", "Pion de pénalité •5")],
            "While the player has light discs, a rebound may not touch an opponent's disc first.",
        ),
        ReboundDarkWithoutOppositeCushion => (
            vec![rule("001", "Direct strokes"), rule("002", "4.3.1"), rule("002", "4.3.5"), rule("003", "Pions clairs et pions foncés")],
            "A dark disc in the edge zone may be reached by a rebound only off the opposite cushion (a disc in the circle off any cushion).",
        ),
        ReboundTouchedNothing => (
            vec![rule("002", "2.4.4"), rule("002", "2.4.1")],
            "A stroke that touches no disc while the player has light discs is not a correct shot.",
        ),
        DarkOnlyMissedCushion => (
            vec![rule("000", "3.6.9"), rule("000", "3.6.12"), rule("002", "2.4.2"), rule("002", "2.4.3"), rule("003", "Pion de pénalité •6")],
            "With only dark discs left the striker must first touch the opposite cushion, or a side cushion and then an own disc in the circle.",
        ),
        BlindDrive => (
            vec![rule("000", "3.6.4"), rule("000", "3.6.11"), rule("002", "4.5"), rule("002", "8.2")],
            "An opponent's disc may not be driven into their blind zone.",
        ),
        OutOfBlind => (
            vec![rule("000", "3.6.6")],
            "A direct stroke drove an opponent's disc out of their blind zone; it stays where it is.",
        ),
        OpponentOffTable => (
            vec![rule("000", "3.6.7"), rule("000", "3.6.10")],
            "An opponent's disc was driven off the table.",
        ),
        TouchedMovingStriker => (vec![rule("000", "3.6.13")], "The player touched the striker while discs were moving."),
        DislodgedDisc => (vec![rule("000", "3.6.14"), rule("000", "6.4")], "The player moved discs by hand, cue or other means; they are put back."),
        RefusedStroke => (vec![rule("000", "3.6.15")], "The player refused to make a stroke."),
        DoubleStroke => (vec![rule("000", "3.6.16"), rule("000", "1.16")], "The cue moved the striker twice; moved discs are put back."),
    }
}

/// Reads the striker's path and every disc's fate and records the fouls.
pub(crate) fn read_stroke(j: &mut Judgement, o: &Outcome) -> Read {
    let table = j.next.table;
    let seat = j.seat;
    let before = j.before;
    let on = j.on.clone();
    let me = j.me;
    let own = |k: usize| before.discs[on[k]].side == me;
    let start = |k: usize| before.discs[on[k]].at.expect("on the table");
    let dark = |k: usize| is_dark(&table, seat, start(k));
    let light = (0..on.len()).any(|k| own(k) && !dark(k));
    let has_dark = (0..on.len()).any(|k| own(k) && dark(k));
    let p = path::read(&table, seat, o);
    let mut r = Read {
        light,
        dark: has_dark,
        illegal: false,
        restore: vec![],
        path: p.clone(),
    };
    j.v.kind = p.kind;
    j.v.first_contact = Some(FirstContact {
        discs: p.first.iter().map(|&k| before.discs[on[k]].id).collect(),
        cushions_before: p.cushions_before.clone(),
    });
    if p.pocketed {
        j.foul(FoulKind::StrikerPocketed, vec![]);
    }
    if p.off_table {
        j.foul(FoulKind::StrikerOffTable, vec![]);
    }
    let id = |k: usize| before.discs[on[k]].id;
    let opp_first: Vec<usize> = p.first.iter().copied().filter(|&k| !own(k)).collect();
    let dark_first: Vec<usize> = p
        .first
        .iter()
        .copied()
        .filter(|&k| own(k) && dark(k))
        .collect();
    let per_clause = j.profile.restore_after_illegal_stroke == Restore::PerClause;
    match p.kind {
        Some(StrokeKind::Direct) if p.first.is_empty() => {
            let kind = if light {
                FoulKind::DirectTouchedNothing
            } else {
                FoulKind::DarkOnlyMissedCushion
            };
            j.foul(kind, vec![]);
        }
        Some(StrokeKind::Direct) if !opp_first.is_empty() => {
            j.foul(
                FoulKind::DirectOpponentFirst,
                opp_first.iter().map(|&k| id(k)).collect(),
            );
            r.illegal = true;
        }
        Some(StrokeKind::Direct) if !dark_first.is_empty() => {
            j.foul(
                FoulKind::DirectOwnDark,
                dark_first.iter().map(|&k| id(k)).collect(),
            );
            r.illegal = true;
            if per_clause {
                r.restore.extend(&dark_first);
            }
        }
        Some(StrokeKind::Rebound) => {
            let opposite = p.cushions_before.contains(&seat.opposite().cushion());
            let in_circle = |k: usize| table.hole_inside_circle(start(k), table.disc.hole_radius);
            if light {
                if p.first.is_empty() {
                    if j.profile.rebound_touching_nothing_is_foul {
                        j.foul(FoulKind::ReboundTouchedNothing, vec![]);
                    }
                } else if !opp_first.is_empty() {
                    j.foul(
                        FoulKind::ReboundOpponentFirst,
                        opp_first.iter().map(|&k| id(k)).collect(),
                    );
                    r.illegal = true;
                } else if j.profile.dark_rebound_needs_opposite_cushion && !opposite {
                    let bad: Vec<usize> = dark_first
                        .iter()
                        .copied()
                        .filter(|&k| !in_circle(k))
                        .collect();
                    if !bad.is_empty() {
                        j.foul(
                            FoulKind::ReboundDarkWithoutOppositeCushion,
                            bad.iter().map(|&k| id(k)).collect(),
                        );
                        r.illegal = true;
                        if per_clause {
                            r.restore.extend(&bad);
                        }
                    }
                }
            } else {
                let circle_play =
                    !p.first.is_empty() && p.first.iter().all(|&k| own(k) && in_circle(k));
                if !opposite && !circle_play {
                    j.foul(FoulKind::DarkOnlyMissedCushion, vec![]);
                    r.illegal = true;
                }
            }
        }
        _ => {}
    }
    read_discs(j, o, &mut r);
    r
}

/// Fouls decided by where the opponents' discs went.
fn read_discs(j: &mut Judgement, o: &Outcome, r: &mut Read) {
    let table = j.next.table;
    let before = j.before;
    let on = j.on.clone();
    let direct = r.path.kind == Some(StrokeKind::Direct);
    let per_clause = j.profile.restore_after_illegal_stroke == Restore::PerClause;
    let mut driven_in = vec![];
    let mut driven_out = vec![];
    let mut off = vec![];
    for (k, &i) in on.iter().enumerate() {
        let d = &before.discs[i];
        if d.side == j.me {
            continue;
        }
        let seats = &before.sides[d.side].seats;
        let blind = |p| seats.iter().any(|&s| blind_zone(&table, s, p).is_some());
        let start = d.at.expect("on the table");
        match *o.disc(k) {
            Fate::OnTable { at } if at != start => {
                if !blind(start) && blind(at) {
                    driven_in.push(k);
                } else if blind(start) && !blind(at) {
                    driven_out.push(k);
                }
            }
            Fate::OffTable { .. } => off.push(k),
            _ => {}
        }
    }
    let ids = |ks: &[usize]| {
        ks.iter()
            .map(|&k| before.discs[on[k]].id)
            .collect::<Vec<_>>()
    };
    // `000` 3.6.4 (direct) and 3.6.11 (a rebound "while there are discs for
    // direct shot"); `002` 4.5 forbids it whatever the stroke.
    let drive_counts = direct || r.light || !j.profile.blind_drive_needs_direct_or_light;
    if !driven_in.is_empty() && j.profile.blind_drive_is_foul && drive_counts {
        j.foul(FoulKind::BlindDrive, ids(&driven_in));
        if j.next.format != Format::Doubles || j.profile.doubles_blind_drive_restores {
            r.restore.extend(&driven_in);
            j.several_restored(driven_in.len());
        }
    }
    if !driven_out.is_empty() && direct && j.profile.opponent_out_of_blind_is_foul {
        j.foul(FoulKind::OutOfBlind, ids(&driven_out));
    }
    if !off.is_empty() {
        if j.profile.opponent_off_table_is_foul {
            j.foul(FoulKind::OpponentOffTable, ids(&off));
            if direct {
                r.restore.extend(&off);
                j.several_restored(off.len());
            }
        } else if per_clause && r.illegal {
            // `003`: after an opponent's disc is touched first, one that left
            // the table is put back.
            r.restore.extend(&off);
        }
    }
    if r.illegal && j.profile.restore_after_illegal_stroke == Restore::AllMoved {
        for (k, &i) in on.iter().enumerate() {
            let start = before.discs[i].at.expect("on the table");
            if *o.disc(k) != (Fate::OnTable { at: start }) {
                r.restore.push(k);
            }
        }
        j.because(
            &[rule("001", "Penalty disc •6")],
            "After a stroke against the rules every disc it moved is put back.",
        );
    } else if per_clause && r.illegal && !r.restore.is_empty() {
        j.several_restored(r.restore.len());
    }
    r.restore.sort_unstable();
    r.restore.dedup();
}
