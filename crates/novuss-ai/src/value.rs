//! What a stroke's result is worth to the side that played it, in discs.
//!
//! The worth of a position is the race it stands at (each side's discs still
//! to pocket, owed penalty discs included) plus what the player to stroke
//! next can expect from it. That look-ahead is the quick eye of
//! [`View::disc_chances`]: if the turn went on, the player's own visit; if
//! it passed, what the opponent is left (a safe stroke leaves nothing). A
//! foul is scored through what the referee did (its penalty disc on the
//! table or in the debt, the turn passed: `000` 3.6; `001` "Penalty disc";
//! `002` 5), plus [`FOUL`].

use novuss_core::physics::Physics;
use novuss_core::rules::set::{SetResult, SetState, Side};
use novuss_core::rules::verdict::{Turn, Verdict};
use novuss_core::seat::Seat;

use crate::noise::Noise;
use crate::view::View;

/// A set won or lost, in discs: more than any race can be worth.
pub const SET: f64 = 20.0;

/// What a foul costs beyond its penalty disc and the lost turn, in discs:
/// the penalty disc goes where the rules put it, often in the way of the
/// side's own pots, and a strong player never gives one away when a safe
/// stroke exists (the issue's "never give away a penalty disc it could
/// avoid").
pub const FOUL: f64 = 1.0;

/// How much of the chance to finish in one visit, taken from the best pot
/// alone, the valuation believes.
pub const FINISH: f64 = 0.8;

/// What a passed turn costs a player alone (`novuss solo`), in turns: the
/// visit, and with it the run-out the solo run is after. At 1 the master
/// gave up a visit for a stroke that pots a disc and blasts the row apart
/// (a disc sent off the table ends the turn, as the referee rules it) when
/// a stroke keeping the turn three times in five existed. Measured with a
/// look-ahead of four finalists × 12 outcomes ([`crate::ahead`]), 100
/// runs, seed 7: run-outs 5–7% at 1, 13% at 2, 11% at 4.
pub const LOST_VISIT: f64 = 2.0;

/// How much of what the discs offer a player is counted while the
/// opponent has the turn (they will have moved some by then).
pub const BACK: f64 = 0.5;

/// How a value is taken.
#[derive(Clone, Copy, Debug)]
pub struct Valuer {
    /// The physics the look-ahead plans with.
    pub physics: Physics,
    /// The noise the player expects of itself.
    pub own: Noise,
    /// The noise it expects of its opponents.
    pub others: Noise,
    /// What having the turn is worth beyond the pots the quick eye sees, in
    /// discs. The eye misses breaks, kisses and pots that come from moving
    /// discs; a master clears a table in under three visits (`novuss
    /// solo`), so to it a visit is worth about three discs, to a beginner
    /// far less.
    pub turn: f64,
    /// Whether nobody else will play (a solo run, `novuss solo`): a passed
    /// turn is then a visit lost, not the table handed to an opponent, and
    /// a safe stroke is worth nothing.
    pub alone: bool,
    /// Whether its eye sees rebounds to dark discs
    /// ([`Breadth::banks`](crate::candidates::Breadth::banks)): without
    /// them a dark disc looks out of reach.
    pub banks: bool,
    /// Whether it weighs what a passed turn leaves the next player. A player
    /// who does not sees only its own visit: every stroke that passes the
    /// turn costs it the same, so it goes for a doubtful pot where a safe
    /// stroke was better, and leaves easy discs behind when it misses.
    pub leave: bool,
}

/// What one simulated stroke gave.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    /// Its worth in discs.
    pub value: f64,
    /// An own disc was pocketed and stayed pocketed.
    pub pot: bool,
    /// A foul was called.
    pub foul: bool,
    /// The player strokes again.
    pub keep: bool,
}

/// Discs a side still has to get rid of: on the table and owed.
fn to_go(state: &SetState, side: Side) -> f64 {
    let debt = state.side(side).map_or(0, |s| s.debt);
    (state.on_table(side) + debt as usize) as f64
}

/// The race from `me`'s side: the others' discs to go (their mean) less
/// its own.
pub fn race(state: &SetState, me: Side) -> f64 {
    let others = state.format().sides() - 1;
    let theirs: f64 = (0..state.format().sides())
        .map(|k| Side::new(k as u8))
        .filter(|&s| s != me)
        .map(|s| to_go(state, s))
        .sum();
    theirs / others.max(1) as f64 - to_go(state, me)
}

/// How much each pot after the first is believed, since the discs rarely
/// stay where they were.
pub const DAMP: f64 = 0.92;

/// What a visit can expect from discs whose best pots fall with `chances`
/// (best first), taking them in that order: the expected number pocketed
/// before the first miss, and the chance of pocketing them all.
pub fn visit(chances: &[f64]) -> (f64, f64) {
    let (mut run, mut all) = (0.0, 1.0);
    for (k, &p) in chances.iter().enumerate() {
        all *= p.clamp(0.0, 1.0) * if k == 0 { 1.0 } else { DAMP };
        run += all;
    }
    (run, if chances.is_empty() { 0.0 } else { all })
}

impl Valuer {
    /// The worth to `me` of the set `next` that `verdict` left.
    pub fn sample(&self, me: Side, verdict: &Verdict, next: &SetState) -> Sample {
        let pot = verdict.pocketed.iter().any(|&id| {
            next.disc(id)
                .is_some_and(|d| d.side == me && d.at.is_none())
        });
        let foul = !verdict.fouls.is_empty();
        let keep = verdict.turn == Turn::Continues;
        Sample {
            value: self.position(me, next) - if foul { FOUL } else { 0.0 },
            pot,
            foul,
            keep,
        }
    }

    /// What the visit of a player with `left` discs to go, whose discs'
    /// chances are `chances`, is worth: the discs it can expect (the turn
    /// value plus the run, at most `left`), and the believed chance that it
    /// finishes the set.
    fn visit_worth(&self, chances: &[f64], left: f64) -> (f64, f64) {
        let (run, all) = visit(chances);
        // Owed penalty discs come back to the table: nobody finishes while
        // the side owes any.
        let finish = if left as usize == chances.len() {
            FINISH * all
        } else {
            0.0
        };
        ((self.turn + run).min(left), finish)
    }

    /// The worth of `state` to `me`.
    pub fn position(&self, me: Side, state: &SetState) -> f64 {
        match state.result() {
            Some(SetResult::Won { winner, .. }) => {
                return if winner == me { SET } else { -SET };
            }
            Some(_) => return 0.0,
            None => {}
        }
        let race = race(state, me);
        let mine = state.side_to_play() == me;
        if !mine && !self.leave && !self.alone {
            // It looks no further than its own visit: the turn lost, and
            // nothing of what the discs offer anyone next.
            return race - self.turn;
        }
        let chances = |seat: Seat, side: Side, noise: &Noise| {
            View::for_seat(state, seat, side, &self.physics)
                .map(|v| v.disc_chances(noise, self.banks))
                .unwrap_or_default()
        };
        let my_seat = if mine {
            Some(state.seat_to_play())
        } else {
            state.side(me).and_then(|s| s.seats.first().copied())
        };
        let my_chances = my_seat.map_or_else(Vec::new, |seat| chances(seat, me, &self.own));
        if mine {
            let (ahead, finish) = self.visit_worth(&my_chances, to_go(state, me));
            return (1.0 - finish) * (race + ahead) + finish * SET;
        }
        // The turn passed: what the player to stroke can expect, less for
        // them what the discs will offer `me` when the turn comes back.
        let back = BACK * visit(&my_chances).0.min(to_go(state, me));
        if self.alone {
            // Nobody plays in between: a lost visit, whatever the discs
            // would offer an opponent, so a solo player never plays safe.
            return race - LOST_VISIT * self.turn + back;
        }
        let theirs = chances(state.seat_to_play(), state.side_to_play(), &self.others);
        let (ahead, finish) = self.visit_worth(&theirs, to_go(state, state.side_to_play()));
        (1.0 - finish) * (race - ahead + back) - finish * SET
    }
}
