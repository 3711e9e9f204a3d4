//! The whole search for a stroke: the candidates narrowed down under the
//! hand's noise ([`crate::search::narrow`]), the finalists valued by what
//! the next stroke can do from where they leave the discs
//! ([`crate::ahead::rerank`]), and the best polished
//! ([`crate::search::polish`]). It sits above both: the look ahead runs a
//! narrowing of its own for the next stroke, so the narrowing cannot call
//! it back.

use std::time::Instant;

use crate::candidates::Candidate;
use crate::noise::Noise;
use crate::search::{narrow, past, polish, Budget, Found, Trial};

/// Searches `candidates` with `budget`, sampling `noise` from `seed`.
pub fn search(
    trial: &mut Trial<'_>,
    candidates: Vec<Candidate>,
    noise: &Noise,
    budget: &Budget,
    seed: u64,
    deadline: Option<Instant>,
) -> Found {
    let late = past(deadline);
    let Found {
        mut ranked,
        mut cut_short,
        ..
    } = narrow(trial, candidates, noise, budget, seed, deadline);
    if !cut_short && budget.ahead > 0 && !ranked.is_empty() {
        let finalists = budget.ahead.min(ranked.len());
        cut_short = crate::ahead::rerank(
            trial,
            &mut ranked[..finalists],
            noise,
            budget.outcomes,
            seed,
            deadline,
        );
    }
    if !noise.is_none() && !cut_short && budget.polish > 0 && !ranked.is_empty() {
        cut_short = polish(trial, &mut ranked, noise, budget.polish, seed, &late);
    }
    Found {
        ranked,
        simulations: trial.simulations,
        cut_short,
    }
}
