//! What a stroke's result is worth to the side that played it, in discs.
//!
//! The worth of a position is the race it stands at (each side's discs still
//! to pocket, owed penalty discs included) plus what the player to stroke
//! next can expect from it. That look-ahead is the quick eye of
//! [`View::best_pot`]: if the turn went on, the player's own next pot; if
//! it passed, what the opponent is left (a safe stroke leaves nothing). A
//! foul is scored through what the referee did (its penalty disc on the
//! table or in the debt, the turn passed: `000` 3.6; `001` "Penalty disc";
//! `002` 5), plus [`FOUL`].

use novuss_core::physics::Physics;
use novuss_core::set::{SetResult, SetState, Side};
use novuss_core::verdict::{Turn, Verdict};

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

/// Expected discs from a turn whose best pot falls with chance `p`: each
/// pot is followed by another about as likely (damped, since positions
/// seldom stay that good).
pub fn run_length(p: f64) -> f64 {
    let p = p.clamp(0.0, 0.97);
    p / (1.0 - 0.7 * p)
}

impl Valuer {
    /// The worth to `me` of the set `next` that `verdict` left.
    pub fn sample(&self, me: Side, verdict: &Verdict, next: &SetState) -> Sample {
        let pot = verdict
            .pocketed
            .iter()
            .any(|&id| next.disc(id).is_some_and(|d| d.side == me && d.at.is_none()));
        let foul = !verdict.fouls.is_empty();
        let keep = verdict.turn == Turn::Continues;
        Sample {
            value: self.position(me, next) - if foul { FOUL } else { 0.0 },
            pot,
            foul,
            keep,
        }
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
        let noise = if mine { &self.own } else { &self.others };
        let p = View::new(state, &self.physics)
            .and_then(|v| v.best_pot(noise))
            .map_or(0.0, |p| p.chance);
        let left = to_go(state, state.side_to_play());
        let ahead = (self.turn + run_length(p)).min(left);
        // The chance that the player to stroke finishes the set in this
        // visit, if every pot left is about as good as the best one now
        // (damped: they seldom are). Near the end it is what matters.
        let finish = if left > 0.0 { FINISH * p.powf(left) } else { 0.0 };
        if mine {
            (1.0 - finish) * (race + ahead) + finish * SET
        } else {
            (1.0 - finish) * (race - ahead) - finish * SET
        }
    }
}
