//! The fouls of a stroke, read off its outcome by a pure function: what
//! the striker touched first, and what the discs did. The consequences
//! (penalty, turn, set) are decided afterwards in `outcome`.

use arrayvec::ArrayVec;

use crate::physics::MAX_DISCS;
use crate::physics::{Fate, Outcome};
use crate::rules::profile::{Profile, Restore};
use crate::rules::set::{DiscId, Format, SetState, Side};
use crate::rules::verdict::{FirstContact, Foul, FoulKind, Reason, StrokeKind};
use crate::rules::zone::{blind_zone, is_dark};
use crate::seat::Seat;

use super::on_table::OnTable;
use super::path::{self, StrikerPath};

/// What the referee read off a stroke before deciding its consequences.
pub(crate) struct Read {
    pub path: StrikerPath,
    /// What the verdict reports of the striker's first contact.
    pub first_contact: FirstContact,
    /// The player had a light disc when the stroke began.
    pub light: bool,
    /// The player had a dark disc when the stroke began.
    pub dark: bool,
    /// A stroke against the rules: its start was illegal.
    pub illegal: bool,
    /// Discs (physics indices) to put back where they were.
    pub restore: Vec<usize>,
    /// The fouls, in the order found.
    pub fouls: Vec<Foul>,
    /// The decisions taken while reading, in order.
    pub reasons: Vec<Reason>,
    /// Several discs had to be put back after one foul, and the profile
    /// makes that lose the set.
    pub lost: bool,
}

/// The stroke being read: the state before it and who played.
struct Reader<'a> {
    before: &'a SetState,
    profile: &'a Profile,
    me: Side,
    /// For each physics disc index, the index in `before.discs`.
    on: &'a OnTable,
    r: Read,
}

impl Reader<'_> {
    fn id(&self, k: usize) -> DiscId {
        self.before.discs[self.on.get(k)].id
    }

    fn ids(&self, ks: &[usize]) -> Vec<DiscId> {
        ks.iter().map(|&k| self.id(k)).collect()
    }

    fn foul(&mut self, kind: FoulKind, discs: Vec<DiscId>) {
        self.r.fouls.push(Foul { kind, discs });
        self.r.reasons.push(Reason::Foul { kind });
    }

    /// Several discs to put back after one foul forfeit the set where the
    /// profile says so (`000` 3.6.3, 3.6.4, 3.6.7, 3.6.11, 3.6.14, 3.6.16,
    /// 6.1–6.4).
    fn several_restored(&mut self, count: usize) {
        if count > 1 && self.profile.several_restored_forfeits && !self.r.lost {
            self.r.lost = true;
            self.r.reasons.push(Reason::SeveralRestored { count });
        }
    }
}

/// Reads the striker's path and every disc's fate and finds the fouls.
/// `on[k]` is the index in `before`'s discs of physics disc `k`.
pub(crate) fn read_stroke(
    before: &SetState,
    profile: &Profile,
    seat: Seat,
    on: &OnTable,
    o: &Outcome,
) -> Read {
    let table = before.table;
    let me = before.side_to_play();
    let start = |k: usize| before.discs[on.get(k)].at.unwrap_or_default();
    let own = |k: usize| before.discs[on.get(k)].side == me;
    // Each own disc's zone is looked up once: the referee judges thousands
    // of strokes per decision of a computer player.
    let dark_own: ArrayVec<bool, MAX_DISCS> = (0..on.len().min(MAX_DISCS))
        .map(|k| own(k) && is_dark(&table, seat, start(k)))
        .collect();
    let dark = |k: usize| dark_own.get(k).copied().unwrap_or(false);
    let light = (0..dark_own.len()).any(|k| own(k) && !dark_own[k]);
    let has_dark = dark_own.iter().any(|&d| d);
    let p = path::read(&table, seat, o);
    let first_contact = FirstContact {
        discs: p
            .first
            .iter()
            .map(|&k| before.discs[on.get(k)].id)
            .collect(),
        cushions_before: p.cushions_before.clone(),
    };
    let mut j = Reader {
        before,
        profile,
        me,
        on,
        r: Read {
            first_contact,
            light,
            dark: has_dark,
            illegal: false,
            restore: vec![],
            fouls: vec![],
            reasons: vec![],
            lost: false,
            path: p,
        },
    };
    // Taken out while the fouls are recorded, put back at the end.
    let p = std::mem::take(&mut j.r.path);
    if p.pocketed {
        j.foul(FoulKind::StrikerPocketed, vec![]);
    }
    if p.off_table {
        j.foul(FoulKind::StrikerOffTable, vec![]);
    }
    let opp_first: Vec<usize> = p.first.iter().copied().filter(|&k| !own(k)).collect();
    let dark_first: Vec<usize> = p
        .first
        .iter()
        .copied()
        .filter(|&k| own(k) && dark(k))
        .collect();
    let per_clause = profile.restore_after_illegal_stroke == Restore::PerClause;
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
            j.foul(FoulKind::DirectOpponentFirst, j.ids(&opp_first));
            j.r.illegal = true;
        }
        Some(StrokeKind::Direct) if !dark_first.is_empty() => {
            j.foul(FoulKind::DirectOwnDark, j.ids(&dark_first));
            j.r.illegal = true;
            if per_clause {
                j.r.restore.extend(&dark_first);
            }
        }
        Some(StrokeKind::Rebound) => {
            let opposite = p.cushions_before.contains(&seat.opposite().cushion());
            let in_circle = |k: usize| table.hole_inside_circle(start(k), table.disc.hole_radius);
            if light {
                if p.first.is_empty() {
                    if profile.rebound_touching_nothing_is_foul {
                        j.foul(FoulKind::ReboundTouchedNothing, vec![]);
                    }
                } else if !opp_first.is_empty() {
                    j.foul(FoulKind::ReboundOpponentFirst, j.ids(&opp_first));
                    j.r.illegal = true;
                } else if profile.dark_rebound_needs_opposite_cushion && !opposite {
                    let bad: Vec<usize> = dark_first
                        .iter()
                        .copied()
                        .filter(|&k| !in_circle(k))
                        .collect();
                    if !bad.is_empty() {
                        j.foul(FoulKind::ReboundDarkWithoutOppositeCushion, j.ids(&bad));
                        j.r.illegal = true;
                        if per_clause {
                            j.r.restore.extend(&bad);
                        }
                    }
                }
            } else {
                let circle_play =
                    !p.first.is_empty() && p.first.iter().all(|&k| own(k) && in_circle(k));
                if !opposite && !circle_play {
                    j.foul(FoulKind::DarkOnlyMissedCushion, vec![]);
                    j.r.illegal = true;
                }
            }
        }
        _ => {}
    }
    j.r.path = p;
    read_discs(&mut j, o);
    j.r
}

/// Fouls decided by where the opponents' discs went.
fn read_discs(j: &mut Reader, o: &Outcome) {
    let table = j.before.table;
    let before = j.before;
    let direct = j.r.path.kind == Some(StrokeKind::Direct);
    let per_clause = j.profile.restore_after_illegal_stroke == Restore::PerClause;
    let mut driven_in = vec![];
    let mut driven_out = vec![];
    let mut off = vec![];
    for (k, i) in j.on.iter().enumerate() {
        let d = &before.discs[i];
        if d.side == j.me {
            continue;
        }
        let seats = &before.sides[d.side.index()].seats;
        let blind = |p| seats.iter().any(|&s| blind_zone(&table, s, p).is_some());
        let Some(start) = d.at else { continue };
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
    // `000` 3.6.4 (direct) and 3.6.11 (a rebound "while there are discs for
    // direct shot"); `002` 4.5 forbids it whatever the stroke.
    let drive_counts = direct || j.r.light || !j.profile.blind_drive_needs_direct_or_light;
    if !driven_in.is_empty() && j.profile.blind_drive_is_foul && drive_counts {
        j.foul(FoulKind::BlindDrive, j.ids(&driven_in));
        if before.format != Format::Doubles || j.profile.doubles_blind_drive_restores {
            j.r.restore.extend(&driven_in);
            j.several_restored(driven_in.len());
        }
    }
    if !driven_out.is_empty() && direct && j.profile.opponent_out_of_blind_is_foul {
        j.foul(FoulKind::OutOfBlind, j.ids(&driven_out));
    }
    if !off.is_empty() {
        if j.profile.opponent_off_table_is_foul {
            j.foul(FoulKind::OpponentOffTable, j.ids(&off));
            if direct {
                j.r.restore.extend(&off);
                j.several_restored(off.len());
            }
        } else if per_clause && j.r.illegal {
            // `003`: after an opponent's disc is touched first, one that left
            // the table is put back.
            j.r.restore.extend(&off);
        }
    }
    if j.r.illegal && j.profile.restore_after_illegal_stroke == Restore::AllMoved {
        for (k, i) in j.on.iter().enumerate() {
            if *o.disc(k)
                != (Fate::OnTable {
                    at: before.discs[i].at.unwrap_or_default(),
                })
            {
                j.r.restore.push(k);
            }
        }
        j.r.reasons.push(Reason::AllMovedRestored);
    } else if per_clause && j.r.illegal && !j.r.restore.is_empty() {
        let n = j.r.restore.len();
        j.several_restored(n);
    }
    j.r.restore.sort_unstable();
    j.r.restore.dedup();
}
