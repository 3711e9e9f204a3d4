//! The consequences of a stroke: restored and replaced discs, the penalty
//! disc or debt, the turn and the set.
//!
//! The order matters: the set's result is decided before any penalty disc
//! is put on the table, so a set that a stroke ends shows no disc placed
//! after its end (`001` "The Game": the set is over when a side has no
//! disc left to play; `000` 4.2). The penalty still counts as a debt in the
//! final state and the verdict.

use glam::DVec2;

use crate::physics::{Body, EventKind, Exit, Fate, Outcome};
use crate::rules::layout::row_against;
use crate::rules::placement::{nearest_free_spot, off_table_spots};
use crate::rules::profile::{BothLast, Profile};
use crate::rules::set::{
    DiscId, Format, Opening, ReplayReason, SeatIndex, SetResult, SetState, Side, WinReason,
};
use crate::rules::verdict::{Jumped, Penalty, Placed, Reason, Turn, TurnEnds, Verdict};
use crate::seat::Seat;

use super::fouls::Read;
use super::on_table::OnTable;

/// A judgement in progress.
pub(crate) struct Judgement<'a> {
    pub before: &'a SetState,
    pub next: SetState,
    pub v: Verdict,
    pub profile: Profile,
    pub seat: Seat,
    pub me: Side,
    /// Where the striker was placed (a penalty tie-break, `002` 5.2).
    pub struck_from: DVec2,
    /// For each physics disc index, the index in `before.discs`.
    pub on: OnTable,
    /// The player's side loses the set (`000` 1.26, §6).
    lost: bool,
    /// A penalty disc was incurred and waits to be placed until the set is
    /// known to go on.
    penalty_due: bool,
    /// The opening side has just cleared: the turn passes to the reply.
    reply_starts: bool,
}

impl<'a> Judgement<'a> {
    pub fn new(state: &'a SetState, struck_from: DVec2) -> Judgement<'a> {
        Judgement::reusing(
            state,
            struck_from,
            SetState::placeholder(),
            Verdict::placeholder(),
        )
    }

    /// As [`Judgement::new`], writing into the buffers of `next` and `v`
    /// (a search judges many strokes and need not allocate for each).
    pub fn reusing(
        state: &'a SetState,
        struck_from: DVec2,
        mut next: SetState,
        v: Verdict,
    ) -> Judgement<'a> {
        let seat = state.seat_to_play();
        let me = state.side_to_play();
        next.copy_from(state);
        next.strokes = next.strokes.saturating_add(1);
        Judgement {
            before: state,
            profile: state.profile.profile(),
            seat,
            me,
            struck_from,
            on: OnTable::of(state),
            lost: false,
            penalty_due: false,
            reply_starts: false,
            v: Verdict::reset(v, state.profile, seat, me),
            next,
        }
    }

    fn because(&mut self, reason: Reason) {
        self.v.reasons.push(reason);
    }

    /// A conduct foul by the player to stroke.
    pub fn foul(&mut self, kind: crate::rules::verdict::FoulKind, discs: Vec<DiscId>) {
        self.v
            .fouls
            .push(crate::rules::verdict::Foul { kind, discs });
        self.because(Reason::Foul { kind });
    }

    /// Several discs to put back after one conduct foul forfeit the set
    /// where the profile says so (`000` 3.6.14, 3.6.16, 6.2–6.4).
    pub fn several_restored(&mut self, count: usize) {
        if count > 1 && self.profile.several_restored_forfeits && !self.lost {
            self.lost = true;
            self.because(Reason::SeveralRestored { count });
        }
    }

    /// Records discs a conduct foul dislodged as put back: the state
    /// already holds where they were before (`000` 3.6.14, 3.6.16).
    pub fn put_back(&mut self, discs: &[DiscId]) {
        for &id in discs {
            if let Some(at) = self.next.disc(id).and_then(|d| d.at) {
                self.v.restored.push(Placed { disc: id, at });
            }
        }
    }

    /// Makes the judgement about `seat` (not necessarily the seat to play),
    /// which the caller has checked is in play.
    fn act_for(&mut self, seat: Seat, side: Side) {
        self.v.seat = seat;
        self.v.side = side;
        self.seat = seat;
        self.me = side;
    }

    /// The side of `seat` played out of turn and forfeits (`000` 5.7, 6.6).
    pub fn out_of_turn(&mut self, seat: Seat, side: Side) {
        self.act_for(seat, side);
        if self.next.sides.len() > 2 {
            // No document gives a rule for four-sided social play (`000` 1.1,
            // 7.2.2); a set cannot be forfeited to three players at once, so
            // the offender pays a penalty disc and the turn stays where it is.
            self.because(Reason::OutOfTurnPenalty);
            self.penalty_due = true;
            self.penalty(true);
            self.v.turn = Turn::Continues;
            return;
        }
        self.because(Reason::OutOfTurnForfeits);
        self.end(SetResult::Won {
            winner: Side::new(1 - self.me.index() as u8),
            how: WinReason::OpponentOutOfTurn,
        });
    }

    /// An organiser's decision that `seat`'s side forfeits the set for
    /// repeated breaches (`000` 1.28).
    pub fn forfeit(&mut self, seat: Seat, side: Side, note: &str) {
        self.act_for(seat, side);
        self.because(Reason::Forfeit {
            note: note.to_string(),
        });
        self.end(SetResult::Won {
            winner: Side::new(1 - self.me.index() as u8),
            how: WinReason::OpponentForfeited,
        });
    }

    /// Outside interference (`000` 1.24): the stroke is played again, or,
    /// when discs were disturbed, the whole set.
    pub fn interference(&mut self, discs_disturbed: bool) {
        if discs_disturbed {
            self.end(SetResult::Replay {
                why: ReplayReason::Interference,
            });
        } else {
            self.because(Reason::InterferenceStrokeAgain);
            self.next.strokes = self.before.strokes;
            self.v.turn = Turn::Continues;
        }
    }

    /// A warning for a breach of the rules (`000` 1.28); nothing else changes.
    pub fn warning(&mut self, note: &str) {
        self.because(Reason::Warning {
            note: note.to_string(),
        });
        self.next.strokes = self.before.strokes;
        self.v.turn = Turn::Continues;
    }

    /// Takes over what was read off the stroke.
    pub fn take_read(&mut self, read: &mut Read) {
        self.v.kind = read.path.kind;
        self.v.first_contact = Some(std::mem::take(&mut read.first_contact));
        self.v.fouls = std::mem::take(&mut read.fouls);
        self.v.reasons.append(&mut read.reasons);
        self.lost |= read.lost;
    }

    /// Puts every disc where the stroke and the rules leave it.
    pub fn apply_moves(&mut self, o: &Outcome, read: &Read) {
        let table = self.next.table;
        for e in &o.events {
            if let EventKind::JumpedPocket { body, pocket } = e.kind {
                let disc = match body {
                    Body::Striker => None,
                    Body::Disc(k) => Some(self.before.discs[self.on.get(k)].id),
                };
                self.v.jumped.push(Jumped { disc, pocket });
            }
        }
        let mut offs: Vec<(usize, Exit, f64)> = vec![];
        for (k, i) in self.on.iter().enumerate() {
            if read.restore.contains(&k) {
                continue;
            }
            match *o.disc(k) {
                Fate::OnTable { at } => self.next.discs[i].at = Some(at),
                Fate::Pocketed { .. } => {
                    self.next.discs[i].at = None;
                    self.next.discs[i].penalty = false;
                    self.v.pocketed.push(self.before.discs[i].id);
                }
                Fate::OffTable { exit, t, .. } => {
                    self.next.discs[i].at = None;
                    offs.push((k, exit, t));
                }
            }
        }
        // Discs put back go to where they were; if a disc that stays now lies
        // there, as near as possible without touching it (`002` 4.5). The
        // disc itself is not in its own way (it still holds its old place in
        // `next`), and discs still to be put back count at their old places.
        for &k in &read.restore {
            let i = self.on.get(k);
            let Some(start) = self.before.discs[i].at else {
                continue;
            };
            let others: Vec<DVec2> = self
                .next
                .discs
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .filter_map(|(_, d)| d.at)
                .collect();
            // `002` 4.5: "not touching other moved discs": clearly apart
            // (1 µm), not merely not overlapping. `None` would need every
            // spot of the surface taken, which 32 discs cannot do; the disc
            // then stays pocketed.
            let at = if clear_of(&table, &others, start) {
                Some(start)
            } else {
                nearest_free_spot(&table, &others, start, NOT_TOUCHING)
            };
            self.next.discs[i].at = at;
            let Some(at) = at else { continue };
            self.v.restored.push(Placed {
                disc: self.before.discs[i].id,
                at,
            });
        }
        if !read.restore.is_empty() {
            self.because(Reason::Restored);
        }
        // Discs that left the table go to the centre circle, the one the
        // striker touched first taking the centre (`000` 1.20; `002` 3.9).
        if !offs.is_empty() {
            let rank = |k: usize| {
                read.path
                    .struck
                    .iter()
                    .position(|&s| s == k)
                    .unwrap_or(usize::MAX)
            };
            offs.sort_by(|a, b| {
                rank(a.0)
                    .cmp(&rank(b.0))
                    .then(a.2.total_cmp(&b.2))
                    .then(a.0.cmp(&b.0))
            });
            let exits: Vec<Exit> = offs.iter().map(|o| o.1).collect();
            let spots = off_table_spots(&table, &self.next.positions(), &exits);
            for ((k, _, _), spot) in offs.iter().zip(spots) {
                let i = self.on.get(*k);
                // With every spot of the circle's cross taken the disc keeps
                // its place in the pocket count; it cannot happen with 32 discs.
                if let Some(at) = spot {
                    self.next.discs[i].at = Some(at);
                    self.v.off_table.push(Placed {
                        disc: self.before.discs[i].id,
                        at,
                    });
                }
            }
            self.because(Reason::OffTablePlaced);
        }
    }

    /// The penalty, the turn and the set after a stroke.
    pub fn finish_stroke(&mut self, read: &Read) {
        let me = self.me;
        let own_pocketed = self
            .v
            .pocketed
            .iter()
            .filter(|&&id| self.before.disc(id).is_some_and(|d| d.side == me))
            .count();
        let opp_pocketed = self.v.pocketed.len() - own_pocketed;
        let foul = !self.v.fouls.is_empty();
        let cleared_by_foul = foul && self.next.on_table(me) == 0 && self.before.on_table(me) > 0;
        let mut ends = foul;
        if own_pocketed == 0 && !foul {
            ends = true;
            self.because(Reason::TurnPasses {
                why: TurnEnds::NoOwnDisc,
            });
        }
        if opp_pocketed > 0 {
            ends = true;
            self.because(Reason::TurnPasses {
                why: TurnEnds::OpponentDisc,
            });
        }
        if !self.v.off_table.is_empty() {
            ends = true;
            self.because(Reason::TurnPasses {
                why: TurnEnds::DiscLeftTable,
            });
        }
        if read.path.returned && !read.dark && self.profile.striker_return_ends_turn && !ends {
            ends = true;
            self.because(Reason::TurnPasses {
                why: TurnEnds::StrikerReturned,
            });
        }
        if foul {
            self.because(Reason::TurnPasses {
                why: TurnEnds::Foul,
            });
            self.penalty_due = true;
        }
        if !ends {
            // Only now is it known that nothing else ends the turn.
            self.because(Reason::SeriesContinues);
        }
        if self.profile.blind_miss_replay && self.next.sides.len() == 2 {
            let miss = !read.light && own_pocketed == 0;
            let s = &mut self.next.sides[me.index()];
            s.blind_misses = if miss {
                s.blind_misses.saturating_add(1)
            } else {
                0
            };
        }
        if cleared_by_foul && self.profile.last_disc_with_foul_loses && !self.lost {
            self.lost = true;
            self.because(Reason::LastDiscWithFoul);
        }
        self.settle_set(ends);
    }

    /// The penalty and the turn after a conduct foul.
    pub fn finish_conduct(&mut self) {
        if !self.v.restored.is_empty() {
            self.because(Reason::Restored);
        }
        self.because(Reason::TurnPasses {
            why: TurnEnds::Foul,
        });
        self.penalty_due = true;
        self.settle_set(true);
    }

    /// One penalty disc for the player's side, whatever the number of fouls
    /// (`000` 3.4): placed now when `place` and a pocketed disc is
    /// available, else owed as a debt.
    fn penalty(&mut self, place: bool) {
        if !self.penalty_due {
            return;
        }
        self.penalty_due = false;
        let me = self.me;
        let info = &mut self.next.sides[me.index()];
        info.debt = info.debt.saturating_add(1);
        info.debt_seat = Some(self.seat);
        let placed = if place { self.pay_debt(me) } else { vec![] };
        self.v.penalty = Some(Penalty {
            side: me,
            debt: self.next.sides[me.index()].debt,
            placed: placed.clone(),
        });
        self.v.debt_paid.retain(|p| !placed.contains(p));
        if !place {
            // The set is over: the debt is recorded, nothing is placed.
            return;
        }
        if placed.is_empty()
            && self.next.format == Format::Doubles
            && self.next.pocketed(me) > 0
            && opening_row_intact(&self.next, self.seat.opposite())
        {
            self.because(Reason::DoublesPenaltyWaits);
        }
        self.because(if placed.is_empty() {
            Reason::PenaltyOwed
        } else {
            Reason::PenaltyPlaced
        });
    }

    /// Places as many of `side`'s owed penalty discs as it has pocketed
    /// (`000` 3.2–3.3; `002` 5.3–5.4).
    fn pay_debt(&mut self, side: Side) -> Vec<Placed> {
        let info = &self.next.sides[side.index()];
        let owed = (info.debt as usize).min(self.next.pocketed(side));
        if owed == 0 {
            return vec![];
        }
        let Some(offender) = info.debt_seat.or(info.seats.first().copied()) else {
            return vec![];
        };
        if self.next.format == Format::Doubles
            && opening_row_intact(&self.next, offender.opposite())
        {
            // `000` 5.6: not before the starting line-up at that cushion has
            // been disturbed; it stays a debt until then.
            return vec![];
        }
        let positions = self.next.positions();
        let flags: Vec<bool> = self.next.discs_on_table().map(|d| d.penalty).collect();
        let spots = self.profile.penalty_layout.spots(
            &self.next.table,
            offender,
            &positions,
            &flags,
            self.struck_from,
            owed,
        );
        let mut placed = vec![];
        for at in spots {
            let Some(disc) = self
                .next
                .discs
                .iter_mut()
                .filter(|d| d.side == side && d.at.is_none())
                .min_by_key(|d| d.id)
            else {
                break;
            };
            disc.at = Some(at);
            disc.penalty = true;
            placed.push(Placed { disc: disc.id, at });
            let info = &mut self.next.sides[side.index()];
            info.debt = info.debt.saturating_sub(1);
        }
        self.v.debt_paid.extend(placed.iter().copied());
        placed
    }

    /// The set's result and who strokes next. The result is decided first;
    /// penalty discs go on the table only if the set goes on.
    fn settle_set(&mut self, turn_ends: bool) {
        if let Some(result) = self.result(turn_ends) {
            // The set is over: the penalty stays a debt (see the module docs).
            self.penalty(false);
            return self.end(result);
        }
        self.penalty(true);
        let me = self.me;
        let sides = self.next.sides.len();
        if turn_ends {
            let mut paid = 0;
            for s in 0..sides {
                paid += self.pay_debt(Side::new(s as u8)).len();
            }
            if paid > 0 {
                self.because(Reason::DebtPaid);
            }
        }
        if self.reply_starts {
            return self.pass();
        }
        if !turn_ends {
            // A series goes on, but the side has no disc left on the table
            // while it still owes penalty discs (so it has not won, `000`
            // 3.2): the debt is put out now, the first moment it can be and
            // must be (`000` 3.3; `003` "Pion de pénalité" ¶3: "à la
            // première occasion"), since there is nothing else to play.
            if self.next.on_table(me) == 0 && self.next.sides[me.index()].debt > 0 {
                let placed = self.pay_debt(me);
                if !placed.is_empty() {
                    self.because(Reason::DebtPaidNoDiscsLeft);
                }
            }
            self.v.turn = Turn::Continues;
            return;
        }
        if self.next.opening == Opening::FirstTurn {
            self.next.opening = Opening::Over;
        }
        self.pass();
    }

    /// The set's result after the stroke, if it ends the set; records the
    /// reasons. A side that cleared in the opening turn becomes
    /// [`Opening::Reply`] here and the turn passes to the reply.
    fn result(&mut self, turn_ends: bool) -> Option<SetResult> {
        let me = self.me;
        let sides = self.next.sides.len();
        let other = Side::new(1 - (me.index() as u8).min(1));
        if self.lost && sides == 2 {
            let how = if self.v.reasons.contains(&Reason::LastDiscWithFoul) {
                WinReason::OpponentLastDiscWithFoul
            } else {
                WinReason::OpponentSeveralRestored
            };
            return Some(SetResult::Won { winner: other, how });
        }
        if self.lost {
            self.because(Reason::FourPlayerNoLoss);
        }
        // A side that cleared in the opening turn waits for the reply turn
        // before it wins (`000` 4.6, 5.5; `002` 7.1).
        let waiting = match self.next.opening {
            Opening::Reply { cleared } if cleared != me => Some(cleared),
            _ => None,
        };
        // A side has cleared when it has no disc on the table and owes none;
        // a penalty incurred now counts as owed.
        let owes = |s: usize| self.next.sides[s].debt > 0 || (self.penalty_due && s == me.index());
        let cleared: Vec<Side> = (0..sides)
            .filter(|&s| {
                Some(Side::new(s as u8)) != waiting
                    && self.next.on_table(Side::new(s as u8)) == 0
                    && !owes(s)
            })
            .map(|s| Side::new(s as u8))
            .collect();
        if cleared.contains(&me) && cleared.len() > 1 {
            self.because(Reason::BothLastDiscs);
            return Some(match self.profile.both_last_discs {
                BothLast::Draw => SetResult::Drawn,
                BothLast::Replay => SetResult::Replay {
                    why: ReplayReason::BothLastDiscs,
                },
            });
        }
        if cleared.contains(&me) {
            return match self.next.opening {
                Opening::FirstTurn if sides == 2 && self.before.seats[0] == self.seat => {
                    self.next.opening = Opening::Reply { cleared: me };
                    self.because(Reason::OpeningCleared);
                    self.reply_starts = true;
                    None
                }
                Opening::Reply { cleared: c } if c != me => Some(SetResult::Replay {
                    why: ReplayReason::FirstTurnClears,
                }),
                _ => Some(SetResult::Won {
                    winner: me,
                    how: WinReason::PocketedAll,
                }),
            };
        }
        if let Some(&winner) = cleared.first() {
            return Some(SetResult::Won {
                winner,
                how: WinReason::NoDiscsLeft,
            });
        }
        if self.profile.blind_miss_replay
            && sides == 2
            && self.next.sides.iter().all(|s| s.blind_misses >= 3)
        {
            return Some(SetResult::Replay {
                why: ReplayReason::BlindMisses,
            });
        }
        // The reply turn ended without clearing: the opening side wins
        // (`000` 4.6; `002` 7.1).
        if let Opening::Reply { cleared } = self.next.opening {
            if turn_ends && cleared != me {
                return Some(SetResult::Won {
                    winner: cleared,
                    how: WinReason::ClearedInOpeningTurn,
                });
            }
        }
        None
    }

    /// The turn passes to the next seat.
    fn pass(&mut self) {
        self.next.to_play = SeatIndex((self.next.to_play.index() + 1) % self.next.seats.len());
        self.v.turn = Turn::Passes {
            to: self.next.seat_to_play(),
        };
    }

    fn end(&mut self, r: SetResult) {
        match r {
            SetResult::Won { how, .. } => self.because(Reason::Won { how }),
            SetResult::Replay { why } => self.because(Reason::Replayed { why }),
            SetResult::Drawn => {}
        }
        self.v.turn = Turn::SetOver;
        self.v.set_result = Some(r);
        self.next.result = Some(r);
    }

    pub fn done(self) -> (SetState, Verdict) {
        (self.next, self.v)
    }
}

/// The gap (m) by which a disc put back beside another is clear of it.
const NOT_TOUCHING: f64 = 1e-6;

/// Whether a disc at `p` would overlap none of `discs` (touching allowed).
/// A restored disc goes back to a spot it held legally, so only other discs
/// can be in its way (not a pocket's rim it was already overhanging).
fn clear_of(table: &crate::table::Table, discs: &[DVec2], p: DVec2) -> bool {
    let reach = 2.0 * table.disc.radius - crate::rules::zone::CONTACT_TOLERANCE;
    discs.iter().all(|&q| (p - q).length() >= reach)
}

/// Whether the row lined up against `cushion` at the start of the set is
/// still exactly where it was put (`000` 5.6).
fn opening_row_intact(state: &SetState, cushion: Seat) -> bool {
    row_against(&state.table, cushion, 8)
        .into_iter()
        .all(|p| state.discs.iter().any(|d| d.at == Some(p)))
}
