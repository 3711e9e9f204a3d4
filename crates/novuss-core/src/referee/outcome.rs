//! The consequences of a stroke: restored and replaced discs, the penalty
//! disc or debt, the turn and the set.

use glam::DVec2;

use crate::layout::row_against;
use crate::physics::{Exit, Fate, Outcome};
use crate::placement::{is_free, off_table_spots, penalty_spots};
use crate::profile::{BothLast, Profile};
use crate::seat::Seat;
use crate::set::{Format, Opening, SetResult, SetState};
use crate::verdict::{rule, Foul, FoulKind, Penalty, Placed, RuleRef, Turn, Verdict};

use super::fouls::{explain, Read};

/// A judgement in progress.
pub(crate) struct Judgement<'a> {
    pub before: &'a SetState,
    pub next: SetState,
    pub v: Verdict,
    pub profile: Profile,
    pub seat: Seat,
    pub me: usize,
    /// Where the striker was placed (a penalty tie-break, `002` 5.2).
    pub struck_from: DVec2,
    /// For each physics disc index, the index in `before.discs`.
    pub on: Vec<usize>,
    /// The player's side loses the set (`000` 1.26, §6).
    lost: bool,
}

impl<'a> Judgement<'a> {
    pub fn new(state: &'a SetState, struck_from: DVec2) -> Judgement<'a> {
        let seat = state.seat_to_play();
        let me = state.side_of(seat);
        let mut next = state.clone();
        next.strokes += 1;
        Judgement {
            before: state,
            profile: state.profile.profile(),
            seat,
            me,
            struck_from,
            on: (0..state.discs.len())
                .filter(|&i| state.discs[i].at.is_some())
                .collect(),
            lost: false,
            v: Verdict {
                profile: state.profile,
                seat,
                side: me,
                kind: None,
                first_contact: None,
                pocketed: vec![],
                off_table: vec![],
                restored: vec![],
                fouls: vec![],
                penalty: None,
                debt_paid: vec![],
                turn: Turn::Continues,
                set_result: None,
                reasons: vec![],
            },
            next,
        }
    }

    pub fn because(&mut self, rules: &[RuleRef], text: impl Into<String>) {
        self.v.because(rules, text);
    }

    pub fn foul(&mut self, kind: FoulKind, discs: Vec<u16>) {
        let (rules, text) = explain(kind);
        self.v.fouls.push(Foul { kind, discs });
        self.v.because(&rules, text);
    }

    /// Several discs to put back after one foul forfeit the set where the
    /// profile says so (`000` 3.6.3, 3.6.4, 3.6.7, 3.6.11, 3.6.14, 3.6.16, 6.1–6.4).
    pub fn several_restored(&mut self, n: usize) {
        if n > 1 && self.profile.several_restored_forfeits && !self.lost {
            self.lost = true;
            self.because(
                &[
                    rule("000", "3.6.3"),
                    rule("000", "3.6.4"),
                    rule("000", "3.6.14"),
                    rule("000", "6.2"),
                ],
                format!("{n} discs had to be put back after one foul: the set is forfeited."),
            );
        }
    }

    /// Records discs a conduct foul dislodged as put back: the state
    /// already holds where they were before (`000` 3.6.14, 3.6.16).
    pub fn put_back(&mut self, discs: &[u16]) {
        for &id in discs {
            if let Some(at) = self
                .next
                .discs
                .iter()
                .find(|d| d.id == id)
                .and_then(|d| d.at)
            {
                self.v.restored.push(Placed { disc: id, at });
            }
        }
    }

    /// Makes the judgement about `seat` (not necessarily the seat to play).
    fn act_for(&mut self, seat: Seat) {
        let side = self.next.side_of(seat);
        self.v.seat = seat;
        self.v.side = side;
        self.seat = seat;
        self.me = side;
    }

    /// The side of `seat` played out of turn and forfeits (`000` 5.7, 6.6).
    pub fn out_of_turn(&mut self, seat: Seat) {
        self.act_for(seat);
        if self.next.sides.len() > 2 {
            // No document gives a rule for four-sided social play (`000` 1.1,
            // 7.2.2); a set cannot be forfeited to three players at once, so
            // the offender pays a penalty disc and the turn stays where it is.
            self.because(
                &[rule("000", "1.1"), rule("000", "1.28")],
                "Playing out of turn in a four-player game costs a penalty disc (a house rule: no document gives one).",
            );
            self.penalty();
            self.v.turn = crate::verdict::Turn::Continues;
            return;
        }
        self.because(
            &[rule("000", "6.6"), rule("000", "5.7")],
            "Playing out of turn forfeits the set.",
        );
        self.lost = true;
        self.settle_set(false);
    }

    /// An organiser's decision that `seat`'s side forfeits the set for
    /// repeated breaches (`000` 1.28).
    pub fn forfeit(&mut self, seat: Seat, reason: &str) {
        self.act_for(seat);
        self.because(
            &[rule("000", "1.28")],
            format!("The set is forfeited: {reason}"),
        );
        self.lost = true;
        self.settle_set(false);
    }

    /// Outside interference (`000` 1.24): the stroke is played again, or,
    /// when discs were disturbed, the whole set.
    pub fn interference(&mut self, discs_disturbed: bool) {
        if discs_disturbed {
            self.because(
                &[rule("000", "1.24")],
                "Outside interference disturbed the discs: the set is replayed.",
            );
            self.end(SetResult::Replay {
                why: "outside interference disturbed the discs".into(),
            });
        } else {
            self.because(
                &[rule("000", "1.24")],
                "Outside interference made the player miss the stroke: it is played again.",
            );
            self.next.strokes = self.before.strokes;
            self.v.turn = crate::verdict::Turn::Continues;
        }
    }

    /// A warning for a breach of the rules (`000` 1.28); nothing else changes.
    pub fn warning(&mut self, reason: &str) {
        self.because(&[rule("000", "1.28")], format!("Warning: {reason}"));
        self.next.strokes = self.before.strokes;
        self.v.turn = crate::verdict::Turn::Continues;
    }

    /// Puts every disc where the stroke and the rules leave it.
    pub fn apply_moves(&mut self, o: &Outcome, read: &Read) {
        let table = self.next.table;
        let mut offs: Vec<(usize, Exit, f64)> = vec![];
        for (k, &i) in self.on.iter().enumerate() {
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
            let i = self.on[k];
            let start = self.before.discs[i].at.expect("on the table");
            let others: Vec<DVec2> = self
                .next
                .discs
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .filter_map(|(_, d)| d.at)
                .collect();
            let at = if clear_of(&table, &others, start) {
                start
            } else {
                nearest_free(&table, &others, start)
            };
            self.next.discs[i].at = Some(at);
            self.v.restored.push(Placed {
                disc: self.before.discs[i].id,
                at,
            });
        }
        if !read.restore.is_empty() {
            self.because(
                &[
                    rule("001", "Penalty disc •6"),
                    rule("000", "3.6.3"),
                    rule("000", "3.6.4"),
                    rule("002", "4.5"),
                ],
                "Discs moved against the rules are put back where they were.",
            );
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
                let i = self.on[*k];
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
            self.because(
                &[
                    rule("000", "1.20"),
                    rule("002", "3.9"),
                    rule("001", "Losing the rights to stroke •3"),
                ],
                "Discs that left the table are placed in the centre circle.",
            );
        }
    }

    /// The penalty, the turn and the set after a stroke.
    pub fn finish_stroke(&mut self, read: &Read) {
        let me = self.me;
        let own_pocketed = self
            .v
            .pocketed
            .iter()
            .filter(|&&id| self.side_of_disc(id) == me)
            .count();
        let opp_pocketed = self.v.pocketed.len() - own_pocketed;
        let foul = !self.v.fouls.is_empty();
        let cleared_by_foul = foul && self.next.on_table(me) == 0 && self.before.on_table(me) > 0;
        if foul {
            self.penalty();
        }
        let mut ends = foul;
        if own_pocketed == 0 && !foul {
            ends = true;
            self.because(
                &[
                    rule("001", "Losing the rights to stroke •1"),
                    rule("000", "1.18.1"),
                    rule("002", "6.1.1"),
                ],
                "No own disc was pocketed: the turn passes.",
            );
        }
        if opp_pocketed > 0 {
            ends = true;
            self.because(
                &[
                    rule("001", "Losing the rights to stroke •2"),
                    rule("000", "1.18.2"),
                    rule("002", "6.1.2"),
                ],
                "An opponent's disc was pocketed: the turn passes.",
            );
        }
        if !self.v.off_table.is_empty() {
            ends = true;
            self.because(
                &[
                    rule("001", "Losing the rights to stroke •3"),
                    rule("000", "1.18.3"),
                    rule("002", "6.1.3"),
                ],
                "A disc left the table: the turn passes.",
            );
        }
        if read.path.returned && !read.dark && self.profile.striker_return_ends_turn && !ends {
            ends = true;
            self.because(
                &[rule("001", "Losing the rights to stroke •5"), rule("002", "3.7"), rule("003", "Un joueur perd son tour •4")],
                "The striker slid back over the player's own zone line while the player had no dark disc: the turn passes.",
            );
        }
        if foul {
            self.because(
                &[
                    rule("001", "Penalty disc"),
                    rule("000", "1.18.4"),
                    rule("002", "6.1.4"),
                ],
                "A foul ends the turn.",
            );
        }
        if !ends {
            // Only now is it known that nothing else ends the turn.
            self.because(
                &[
                    rule("001", "The Game"),
                    rule("000", "1.17"),
                    rule("002", "3.8"),
                ],
                "An own disc was pocketed with a correct stroke: the series goes on.",
            );
        }
        if self.profile.blind_miss_replay && self.next.sides.len() == 2 {
            let miss = !read.light && own_pocketed == 0;
            let s = &mut self.next.sides[me];
            s.blind_misses = if miss { s.blind_misses + 1 } else { 0 };
        }
        if cleared_by_foul && !self.lost {
            self.lost = true;
            self.because(
                &[rule("000", "1.26"), rule("000", "4.5"), rule("002", "7.2")],
                "The last disc was pocketed with a foul: the set is lost.",
            );
        }
        self.settle_set(ends);
    }

    /// The penalty and the turn after a conduct foul.
    pub fn finish_conduct(&mut self) {
        self.penalty();
        self.settle_set(true);
    }

    /// One penalty disc for the player's side, whatever the number of fouls
    /// (`000` 3.4), or a debt when none of its discs is pocketed.
    fn penalty(&mut self) {
        let me = self.me;
        self.next.sides[me].debt += 1;
        self.next.sides[me].debt_seat = Some(self.seat);
        let placed = self.pay_debt(me);
        self.v.penalty = Some(Penalty {
            side: me,
            debt: self.next.sides[me].debt,
            placed: placed.clone(),
        });
        self.v.debt_paid.retain(|p| !placed.contains(p));
        if placed.is_empty()
            && self.next.format == Format::Doubles
            && self.next.pocketed(me) > 0
            && opening_row_intact(&self.next, self.seat.opposite())
        {
            self.because(
                &[rule("000", "5.6")],
                "In doubles a penalty disc is not put out before the line-up at its cushion has been disturbed: it is owed until then.",
            );
        }
        let text = if placed.is_empty() {
            "One penalty disc, owed as a debt until one of the side's discs is pocketed."
        } else {
            "One penalty disc is put back on the middle line at the cushion opposite the offender."
        };
        self.because(
            &[
                rule("000", "3.1"),
                rule("000", "3.2"),
                rule("000", "3.4"),
                rule("001", "Penalty disc"),
                rule("002", "5.2"),
                rule("002", "5.3"),
            ],
            text,
        );
    }

    /// Places as many of `side`'s owed penalty discs as it has pocketed
    /// (`000` 3.2–3.3; `002` 5.3–5.4).
    fn pay_debt(&mut self, side: usize) -> Vec<Placed> {
        let info = &self.next.sides[side];
        let owed = (info.debt as usize).min(self.next.pocketed(side));
        if owed == 0 {
            return vec![];
        }
        let offender = info.debt_seat.unwrap_or(info.seats[0]);
        if self.next.format == Format::Doubles
            && opening_row_intact(&self.next, offender.opposite())
        {
            // `000` 5.6: not before the starting line-up at that cushion has
            // been disturbed; it stays a debt until then.
            return vec![];
        }
        let positions = self.next.positions();
        let flags: Vec<bool> = self
            .next
            .discs
            .iter()
            .filter(|d| d.at.is_some())
            .map(|d| d.penalty)
            .collect();
        let spots = penalty_spots(
            &self.next.table,
            offender,
            &positions,
            &flags,
            self.struck_from,
            owed,
        );
        let mut placed = vec![];
        for at in spots {
            let disc = self
                .next
                .discs
                .iter_mut()
                .filter(|d| d.side == side && d.at.is_none())
                .min_by_key(|d| d.id)
                .expect("a pocketed disc");
            disc.at = Some(at);
            disc.penalty = true;
            placed.push(Placed { disc: disc.id, at });
            self.next.sides[side].debt -= 1;
        }
        self.v.debt_paid.extend(placed.iter().copied());
        placed
    }

    /// The set's result and who strokes next.
    fn settle_set(&mut self, turn_ends: bool) {
        let me = self.me;
        let sides = self.next.sides.len();
        if self.lost && sides == 2 {
            return self.end(SetResult::Won {
                winner: 1 - me,
                how: "the opponent lost the set".into(),
            });
        }
        if self.lost {
            self.because(
                &[rule("000", "1.1"), rule("000", "7.2.2")],
                "In four-player social games a set is not lost for a foul; the penalty disc stands.",
            );
        }
        if turn_ends {
            let mut paid = 0;
            for s in 0..sides {
                paid += self.pay_debt(s).len();
            }
            if paid > 0 {
                self.because(
                    &[
                        rule("000", "3.2"),
                        rule("000", "3.3"),
                        rule("002", "5.4"),
                        rule("003", "Pion de pénalité ¶3"),
                    ],
                    "The turn is over: owed penalty discs are put out now that pocketed discs are available.",
                );
            }
        }
        // A side that cleared in the opening turn waits for the reply turn
        // before it wins (`000` 4.6, 5.5; `002` 7.1).
        let waiting = match self.next.opening {
            Opening::Reply { cleared } if cleared != me => Some(cleared),
            _ => None,
        };
        let cleared: Vec<usize> = (0..sides)
            .filter(|&s| {
                Some(s) != waiting && self.next.on_table(s) == 0 && self.next.sides[s].debt == 0
            })
            .collect();
        let foul = !self.v.fouls.is_empty();
        if cleared.contains(&me) && cleared.len() > 1 && !foul {
            let r = match self.profile.both_last_discs {
                BothLast::Draw => SetResult::Drawn,
                BothLast::Replay => SetResult::Replay {
                    why: "both last discs fell in one correct stroke".into(),
                },
            };
            self.because(
                &[rule("000", "1.27"), rule("000", "4.5"), rule("002", "7.2")],
                "Both sides' last discs fell in one correct stroke.",
            );
            return self.end(r);
        }
        if cleared.contains(&me) {
            match self.next.opening {
                Opening::FirstTurn if sides == 2 && self.before.seats[0] == self.seat => {
                    self.next.opening = Opening::Reply { cleared: me };
                    self.because(
                        &[rule("000", "4.6"), rule("000", "5.5"), rule("002", "7.1")],
                        "All discs were pocketed in the opening turn: the opponent may reply in one turn.",
                    );
                    return self.pass();
                }
                Opening::Reply { cleared: c } if c != me => {
                    self.because(
                        &[rule("000", "4.6"), rule("002", "7.1")],
                        "Both sides cleared the table in their first turn: the set is replayed.",
                    );
                    return self.end(SetResult::Replay {
                        why: "first_turn_clears: both sides cleared in their first turn".into(),
                    });
                }
                _ => {
                    self.because(
                        &[
                            rule("001", "The Game"),
                            rule("000", "4.2"),
                            rule("002", "7.1"),
                            rule("002", "9"),
                        ],
                        "The side pocketed all its discs first and wins the set.",
                    );
                    return self.end(SetResult::Won {
                        winner: me,
                        how: "pocketed all its discs".into(),
                    });
                }
            }
        }
        if let Some(&other) = cleared.first() {
            self.because(
                &[rule("001", "The Game"), rule("000", "4.2")],
                "The side has no discs left on the table and wins the set.",
            );
            return self.end(SetResult::Won {
                winner: other,
                how: "all its discs were pocketed".into(),
            });
        }
        if self.profile.blind_miss_replay && self.next.sides.iter().all(|s| s.blind_misses >= 3) {
            self.because(
                &[rule("000", "4.4")],
                "Both players missed their blind discs three times: the set is replayed.",
            );
            return self.end(SetResult::Replay {
                why: "both players missed their blind discs three times".into(),
            });
        }
        if !turn_ends {
            // A series goes on, but the side has no disc left on the table
            // while it still owes penalty discs (so it has not won, `000`
            // 3.2): the debt is put out now, the first moment it can be and
            // must be (`000` 3.3; `003` "Pion de pénalité" ¶3: "à la
            // première occasion"), since there is nothing else to play.
            if self.next.on_table(me) == 0 && self.next.sides[me].debt > 0 {
                let placed = self.pay_debt(me);
                if !placed.is_empty() {
                    self.because(
                        &[rule("000", "3.3"), rule("003", "Pion de pénalité ¶3")],
                        "The side has no disc left on the table but owes penalty discs: they are put out now.",
                    );
                }
            }
            self.v.turn = Turn::Continues;
            return;
        }
        if let Opening::Reply { cleared } = self.next.opening {
            if cleared != me {
                self.because(
                    &[rule("000", "4.6"), rule("002", "7.1")],
                    "The reply turn did not clear the table: the opening side wins.",
                );
                return self.end(SetResult::Won {
                    winner: cleared,
                    how: "cleared the table in the opening turn".into(),
                });
            }
        }
        if self.next.opening == Opening::FirstTurn {
            self.next.opening = Opening::Over;
        }
        self.pass();
    }

    fn pass(&mut self) {
        self.next.to_play = (self.next.to_play + 1) % self.next.seats.len();
        self.v.turn = Turn::Passes {
            to: self.next.seat_to_play(),
        };
    }

    fn end(&mut self, r: SetResult) {
        self.v.turn = Turn::SetOver;
        self.v.set_result = Some(r.clone());
        self.next.result = Some(r);
    }

    fn side_of_disc(&self, id: u16) -> usize {
        self.before
            .discs
            .iter()
            .find(|d| d.id == id)
            .expect("known disc")
            .side
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
    let reach = 2.0 * table.disc.radius - crate::zone::CONTACT_TOLERANCE;
    discs.iter().all(|&q| (p - q).length() >= reach)
}

/// Whether the row lined up against `cushion` at the start of the set is
/// still exactly where it was put (`000` 5.6).
fn opening_row_intact(state: &SetState, cushion: Seat) -> bool {
    row_against(&state.table, cushion, 8)
        .into_iter()
        .all(|p| state.discs.iter().any(|d| d.at == Some(p)))
}

/// The free spot nearest `p`: rings of growing radius (1 mm apart, 64
/// points each, starting towards the table's centre) until one is free.
fn nearest_free(table: &crate::table::Table, discs: &[DVec2], p: DVec2) -> DVec2 {
    let r = table.disc.radius;
    let towards = (table.centre() - p).normalize_or(DVec2::X);
    for ring in 1..2000 {
        let radius = ring as f64 * 1e-3;
        for k in 0..64 {
            let a = k as f64 / 64.0 * std::f64::consts::TAU;
            let q = p + DVec2::from_angle(a).rotate(towards) * radius;
            // `002` 4.5: "not touching other moved discs": clearly apart
            // (1 µm), not merely not overlapping.
            let apart = discs
                .iter()
                .all(|&d| (q - d).length() > 2.0 * r + NOT_TOUCHING);
            if table.within_cushions(q, r)
                && table.pocket_at(q).is_none()
                && is_free(table, discs, q)
                && apart
            {
                return q;
            }
        }
    }
    p
}
