//! Looking one stroke further: the finalists of the search valued by what
//! the next stroke can really do from where their noisy outcomes leave the
//! discs, instead of by the quick eye alone.
//!
//! The quick eye ([`crate::view::View::disc_chances`]) sees clear direct
//! pots and rebounds. It sees nothing in discs pressed in a row against a
//! cushion (the opening line-up, `000` 1.4; `002` 1.1), since a disc
//! sliding along a cushion passes exactly tangent to the pocket hole
//! (`000` 7.1.2), yet the search peels such a row about three strokes in
//! five. So a break that keeps the turn but leaves the row whole and one
//! that spreads it look alike to the eye. Here each finalist is played
//! under the hand's noise a few times (the same draws for every finalist),
//! and from every outcome in which the turn goes on (for a player alone,
//! from every outcome: its next visit) a small search of the next stroke
//! values the position instead of the eye: the best mean, under noise, of
//! the strokes it finds there. What that adds to the eye's value, averaged
//! over the outcomes, corrects the finalist's mean from the halving.

use std::time::Instant;

use novuss_core::rules::set::SetState;

use crate::candidates::{generate, Breadth};
use crate::noise::Noise;
use crate::search::{narrow, noisy, sort, Budget, Scored, Trial};
use crate::value::{FOUL, LOST_VISIT};
use crate::view::View;

/// What the next stroke's search considers: planned pots, a coarse fan and
/// strokes aimed at each own disc (full and half-ball).
const NEXT_BREADTH: Breadth = Breadth {
    spots: 1,
    arrivals: 1,
    fan_spots: 2,
    fan_directions: 10,
    fan_speeds: 3,
    banks: true,
};

/// How much the next stroke's search samples.
const NEXT_BUDGET: Budget = Budget {
    keep: 6,
    refine: 0,
    samples: 72,
    polish: 0,
    ahead: 0,
    outcomes: 0,
};

/// Values each of `finalists` by `outcomes` noisy outcomes looked ahead
/// from, and sorts them by that: its mean value so far plus the mean of
/// what the next stroke's search found beyond the quick eye's value.
/// Returns whether the deadline cut it short (the finalists then keep the
/// order they had).
pub fn rerank(
    trial: &mut Trial<'_>,
    finalists: &mut [Scored],
    noise: &Noise,
    outcomes: usize,
    seed: u64,
    deadline: Option<Instant>,
) -> bool {
    let alone = trial.valuer().alone;
    let lost_visit = LOST_VISIT * trial.valuer().turn;
    let seat = trial.state().to_play();
    // Without noise every outcome is the same.
    let outcomes = if noise.is_none() { 1 } else { outcomes.max(1) };
    let mut values = Vec::with_capacity(finalists.len());
    for s in finalists.iter() {
        // What the next stroke's search adds to the eye's value, summed
        // over the outcomes (nothing where the set ended, or where the
        // turn passed to another player).
        let mut gain = 0.0;
        for j in 0..outcomes as u64 {
            if deadline.is_some_and(|d| Instant::now() >= d) {
                return true;
            }
            // The same draws for every finalist (common random numbers),
            // apart from those of the halving.
            let index = 0xA4EA_D000 + j;
            let sample = noisy(trial, &s.candidate.stroke, noise, seed, index);
            // The same player's next stroke: in this visit if the turn
            // goes on; alone, in its next visit, which costs a visit.
            let (next, cost) = match trial.after() {
                Some(next) if next.is_over() => continue,
                Some(next) if sample.keep => (next.clone(), 0.0),
                Some(next) if alone => match next.next_visit(seat) {
                    Ok(next) => (next, lost_visit + if sample.foul { FOUL } else { 0.0 }),
                    Err(_) => continue,
                },
                _ => continue,
            };
            let inner_seed = seed ^ index.wrapping_mul(0xD6E8_FEB8_6659_FD93);
            if let Some(v) = next_stroke(trial, &next, noise, inner_seed, deadline) {
                gain += v - cost - sample.value;
            }
        }
        // The finalist's own mean, from the many samples of the halving,
        // corrected by the mean gain: the correction alone is estimated
        // from the few outcomes, so a risk of a foul that ten outcomes
        // happen to miss still counts (a control variate).
        values.push(s.value() + gain / outcomes as f64);
    }
    // A next stroke's search the deadline cut short valued its position
    // from part of its candidates: keep the order the halving gave.
    if deadline.is_some_and(|d| Instant::now() >= d) {
        return true;
    }
    for (s, v) in finalists.iter_mut().zip(values) {
        s.ahead = Some(v);
    }
    sort(finalists);
    false
}

/// The best the next stroke can expect in `next`, where the same player
/// strokes again: a small search's best noisy mean. `None` when nothing
/// can be valued there.
fn next_stroke(
    trial: &mut Trial<'_>,
    next: &SetState,
    noise: &Noise,
    seed: u64,
    deadline: Option<Instant>,
) -> Option<f64> {
    let physics = trial.physics();
    let view = View::new(next, &physics)?;
    let breadth = Breadth {
        banks: trial.valuer().banks,
        ..NEXT_BREADTH
    };
    let candidates = generate(&view, noise, &breadth);
    let mut inner = trial.nested(next);
    // The next stroke's budget looks no further and polishes nothing: a
    // narrowing is the whole of its search.
    let found = narrow(&mut inner, candidates, noise, &NEXT_BUDGET, seed, deadline);
    let simulations = inner.simulations;
    trial.simulations += simulations;
    found.ranked.first().map(Scored::value)
}
