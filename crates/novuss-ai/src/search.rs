//! The search: every candidate simulated on the exact engine and judged by
//! the referee, first as meant, then under the player's own noise, with
//! the samples spent where they decide something.
//!
//! 1. *Screen*: each candidate is played once without noise and valued
//!    ([`Valuer`]); the best `keep` go on.
//! 2. *Successive halving*: in each round every remaining candidate gets
//!    more noisy samples and the worse half (by mean value) is dropped,
//!    until one is left or the sample budget is spent. Sample `j` of every
//!    candidate uses the same noise draws (common random numbers), so that
//!    candidates are compared under the same luck.
//!
//! The budget is counted in simulations, so a decision is a function of the
//! position and the seed alone. A deadline stops the search early (the
//! best candidate so far is played); only then can timing change a choice.

use std::time::Instant;

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Outcome, Physics};
use novuss_core::rules::set::SetState;
use novuss_core::rules::verdict::Verdict;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::candidates::Candidate;
use crate::noise::Noise;
use crate::value::{Sample, Valuer};

/// Running figures of one candidate's noisy samples.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tally {
    /// Samples taken.
    pub samples: u32,
    /// Sum of their values.
    pub value: f64,
    /// Samples that pocketed an own disc.
    pub pots: u32,
    /// Samples with a foul.
    pub fouls: u32,
    /// Samples after which the player strokes again.
    pub keeps: u32,
}

impl Tally {
    fn add(&mut self, s: &Sample) {
        self.samples += 1;
        self.value += s.value;
        self.pots += u32::from(s.pot);
        self.fouls += u32::from(s.foul);
        self.keeps += u32::from(s.keep);
    }

    /// Mean value, or `None` before any sample.
    pub fn mean(&self) -> Option<f64> {
        (self.samples > 0).then(|| self.value / f64::from(self.samples))
    }

    fn rate(&self, n: u32) -> f64 {
        if self.samples == 0 {
            0.0
        } else {
            f64::from(n) / f64::from(self.samples)
        }
    }

    /// Share of samples that pocketed an own disc.
    pub fn pot_rate(&self) -> f64 {
        self.rate(self.pots)
    }

    /// Share of samples with a foul.
    pub fn foul_rate(&self) -> f64 {
        self.rate(self.fouls)
    }

    /// Share of samples that kept the turn.
    pub fn keep_rate(&self) -> f64 {
        self.rate(self.keeps)
    }
}

/// A candidate with what the search learnt of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scored {
    /// The candidate.
    pub candidate: Candidate,
    /// Its value played as meant.
    pub screen: Sample,
    /// Its noisy samples.
    pub tally: Tally,
    /// Its worth looking one stroke further, for the finalists the search
    /// looked ahead from ([`crate::ahead`]).
    pub ahead: Option<f64>,
}

impl Scored {
    /// The value the search ranks it by: the look-ahead's once there is
    /// one, else the noisy mean once there is one, else the screen.
    pub fn value(&self) -> f64 {
        self.ahead
            .or(self.tally.mean())
            .unwrap_or(self.screen.value)
    }
}

/// How much to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Budget {
    /// Candidates kept after the screen.
    pub keep: usize,
    /// The best candidates of the screen whose neighbours (slightly other
    /// directions and speeds) are screened too.
    pub refine: usize,
    /// Noisy simulations for the halving.
    pub samples: usize,
    /// Rounds of polishing the winner: each tries its neighbours under
    /// noise and moves to a better one (0 for none).
    pub polish: usize,
    /// Finalists of the halving valued one stroke further
    /// ([`crate::ahead`]; 0 for none).
    pub ahead: usize,
    /// Noisy outcomes of each finalist looked ahead from.
    pub outcomes: usize,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq)]
pub struct Found {
    /// Every screened candidate, best first (those dropped early have fewer
    /// samples).
    pub ranked: Vec<Scored>,
    /// Simulations run.
    pub simulations: u32,
    /// Whether the deadline cut the search short.
    pub cut_short: bool,
}

/// Simulates and values strokes for the player to stroke in one position.
pub struct Trial<'a> {
    state: &'a SetState,
    engine: &'a mut Engine,
    valuer: Valuer,
    outcome: Outcome,
    buffers: Option<(SetState, Verdict)>,
    positions: Vec<novuss_core::DVec2>,
    /// Simulations run so far.
    pub simulations: u32,
}

impl<'a> Trial<'a> {
    /// A trial of strokes in `state` on `engine`, valued by `valuer`.
    pub fn new(state: &'a SetState, engine: &'a mut Engine, valuer: Valuer) -> Trial<'a> {
        Trial {
            state,
            engine,
            valuer,
            outcome: Outcome::default(),
            buffers: None,
            positions: state.positions(),
            simulations: 0,
        }
    }

    /// The set as the last stroke run left it: meaningful right after a
    /// [`Trial::run`] that returned `Some` (a refused stroke leaves the
    /// one before).
    pub fn after(&self) -> Option<&SetState> {
        self.buffers.as_ref().map(|(next, _)| next)
    }

    /// A trial in `state` on the same engine with the same valuer, for
    /// looking a stroke further.
    pub(crate) fn nested<'b>(&'b mut self, state: &'b SetState) -> Trial<'b> {
        Trial::new(state, &mut *self.engine, self.valuer)
    }

    /// The set the strokes are tried in.
    pub fn state(&self) -> &SetState {
        self.state
    }

    /// The valuer.
    pub fn valuer(&self) -> &Valuer {
        &self.valuer
    }

    /// The physics of the engine.
    pub fn physics(&self) -> Physics {
        *self.engine.physics()
    }

    /// Plays `stroke` (perturbed by `noise` with `rng` first, if given) and
    /// values the result; `None` if the referee refuses it.
    pub fn run(
        &mut self,
        stroke: &Stroke,
        noisy: Option<(&Noise, &mut ChaCha8Rng)>,
    ) -> Option<Sample> {
        let played = match noisy {
            Some((noise, rng)) => noise.perturb(
                self.state.table(),
                self.state.seat_to_play(),
                &self.positions,
                stroke,
                self.engine.physics().max_stroke_speed,
                rng,
            ),
            None => *stroke,
        };
        self.simulations += 1;
        let me = self.state.side_to_play();
        match &mut self.buffers {
            Some((next, verdict)) => {
                self.state
                    .preview_reusing(&played, self.engine, &mut self.outcome, next, verdict)
                    .ok()?;
                Some(self.valuer.sample(me, verdict, next))
            }
            None => {
                let (next, verdict) = self
                    .state
                    .preview_into(&played, self.engine, &mut self.outcome)
                    .ok()?;
                let s = self.valuer.sample(me, &verdict, &next);
                self.buffers = Some((next, verdict));
                Some(s)
            }
        }
    }
}

/// Whether a search is past `deadline`: looked at every 16 simulations,
/// so that the clock costs nothing beside them.
pub fn past(deadline: Option<Instant>) -> impl Fn(&Trial<'_>) -> bool {
    move |trial: &Trial<'_>| {
        trial.simulations % 16 == 0 && deadline.is_some_and(|d| Instant::now() >= d)
    }
}

/// Narrows `candidates` down with `budget`, sampling `noise` from `seed`:
/// each played as meant, the best kept, their neighbours tried, then
/// successive halving under the hand's noise. The look one stroke ahead
/// and the polish come after it ([`crate::find::search`]).
pub fn narrow(
    trial: &mut Trial<'_>,
    candidates: Vec<Candidate>,
    noise: &Noise,
    budget: &Budget,
    seed: u64,
    deadline: Option<Instant>,
) -> Found {
    let late = past(deadline);
    let max_speed = trial.physics().max_stroke_speed;
    let mut ranked: Vec<Scored> = Vec::with_capacity(candidates.len());
    let mut cut_short = screen(trial, candidates, &mut ranked, &late);
    sort(&mut ranked);
    let neighbours: Vec<Candidate> = ranked
        .iter()
        .take(budget.refine)
        .flat_map(|s| around(&s.candidate, max_speed))
        .filter(|c| trial.state.check(&c.stroke).is_ok())
        .collect();
    cut_short = cut_short || screen(trial, neighbours, &mut ranked, &late);
    sort(&mut ranked);
    let mut pool = ranked.len().min(budget.keep);
    let mut left = budget.samples;
    let rounds = (usize::BITS - pool.max(1).leading_zeros()) as usize; // ~log2(pool) + 1
    let per_round = left / rounds.max(1);
    let mut j = 0u64; // the next sample index; shared draws across candidates
    while pool > 1 && left > 0 && !cut_short && !noise.is_none() {
        let m = (per_round / pool).max(1);
        for s in ranked.iter_mut().take(pool) {
            for k in 0..m as u64 {
                if late(trial) {
                    cut_short = true;
                    break;
                }
                s.tally
                    .add(&noisy(trial, &s.candidate.stroke, noise, seed, j + k));
            }
        }
        j += m as u64;
        left = left.saturating_sub(m * pool);
        sort(&mut ranked[..pool]);
        pool = pool.div_ceil(2);
    }
    Found {
        ranked,
        simulations: trial.simulations,
        cut_short,
    }
}

/// Samples per stroke when polishing.
const POLISH_SAMPLES: u64 = 48;

/// Polishes the best candidate: in each round its neighbours (direction
/// turned, speed changed) are sampled under
/// the same noise draws as it, and the best of them replaces it if it is
/// better; with no better neighbour the steps are halved. This optimises
/// the noisy value itself, which the screen (played as meant) cannot: a
/// stroke that only works exactly gives way to one that works under the
/// hand's errors. Returns whether the deadline cut it short.
pub fn polish(
    trial: &mut Trial<'_>,
    ranked: &mut [Scored],
    noise: &Noise,
    rounds: usize,
    seed: u64,
    late: &impl Fn(&Trial<'_>) -> bool,
) -> bool {
    let mut best = ranked[0];
    let tally_of = |trial: &mut Trial<'_>, stroke: &Stroke| -> Option<Tally> {
        let mut t = Tally::default();
        for k in 0..POLISH_SAMPLES {
            if late(trial) {
                return None;
            }
            t.add(&noisy(trial, stroke, noise, seed, 0x5EED_0000 + k));
        }
        Some(t)
    };
    let Some(mut incumbent) = tally_of(trial, &best.candidate.stroke) else {
        return true;
    };
    let (mut turn, mut speed) = (0.6f64, 0.08f64);
    for _ in 0..rounds {
        let tries = nudged(
            best.candidate.stroke,
            &[-turn, turn],
            &[1.0 - speed, 1.0 + speed],
            trial.physics().max_stroke_speed,
        );
        let mut moved = false;
        for stroke in tries {
            if trial.state.check(&stroke).is_err() {
                continue;
            }
            let Some(t) = tally_of(trial, &stroke) else {
                return true;
            };
            if t.mean() > incumbent.mean() {
                incumbent = t;
                best.candidate.stroke = stroke;
                moved = true;
            }
        }
        if !moved {
            turn /= 2.0;
            speed /= 2.0;
        }
    }
    if best.candidate.stroke == ranked[0].candidate.stroke {
        return false;
    }
    // The rounds chose among many neighbours by the same 48 draws, so the
    // winner is partly the one those draws favour. Fresh draws, the same
    // for both, decide between it and the stroke it set out from, and give
    // its chances unbiased. Measured on 1,000 fresh samples in 80
    // positions (`examples/polish.rs`), the master's polish gained 0.118
    // discs a decision without this check and 0.192 with it.
    let (mut polished, mut original) = (Tally::default(), Tally::default());
    for k in 0..CONFIRM_SAMPLES {
        if late(trial) {
            return true;
        }
        let index = 0xC0F1_0000 + k;
        polished.add(&noisy(trial, &best.candidate.stroke, noise, seed, index));
        original.add(&noisy(
            trial,
            &ranked[0].candidate.stroke,
            noise,
            seed,
            index,
        ));
    }
    if polished.mean() > original.mean() {
        best.tally = polished;
        best.ahead = None;
        ranked[0] = best;
    }
    false
}

/// Fresh samples that decide between the polished stroke and the one the
/// polish started from.
const CONFIRM_SAMPLES: u64 = 192;

/// Strokes next to `c`: its direction turned by ±0.4° and ±1.2°, its
/// speed 12% lower and higher (at most `max`).
fn around(c: &Candidate, max: f64) -> impl Iterator<Item = Candidate> + '_ {
    nudged(c.stroke, &[-1.2, -0.4, 0.4, 1.2], &[0.88, 1.12], max)
        .into_iter()
        .map(|stroke| Candidate { stroke, ..*c })
}

/// `s` with its direction turned by each of `degrees`, then with its speed
/// multiplied by each of `factors` but never above `max`: the polish
/// judges strokes by noisy samples only, whose hand clamps the speed, so a
/// faster stroke would look playable there and be refused when played as
/// meant (a hint of 8.34 m/s on a table whose limit is 8 was).
fn nudged(s: Stroke, degrees: &[f64], factors: &[f64], max: f64) -> Vec<Stroke> {
    let turned = degrees.iter().map(|deg| Stroke {
        direction: novuss_core::DVec2::from_angle(deg.to_radians()).rotate(s.direction),
        ..s
    });
    let paced = factors.iter().map(|k| Stroke {
        speed: (s.speed * k).min(max),
        ..s
    });
    let mut all: Vec<Stroke> = turned.chain(paced).collect();
    all.dedup();
    all
}

/// Plays `candidates` once each as meant and adds those the referee
/// accepts to `ranked`. Returns whether the deadline stopped it.
fn screen(
    trial: &mut Trial<'_>,
    candidates: Vec<Candidate>,
    ranked: &mut Vec<Scored>,
    late: &impl Fn(&Trial<'_>) -> bool,
) -> bool {
    for candidate in candidates {
        if late(trial) {
            return true;
        }
        if let Some(screen) = trial.run(&candidate.stroke, None) {
            ranked.push(Scored {
                candidate,
                screen,
                tally: Tally::default(),
                ahead: None,
            });
        }
    }
    false
}

/// Sample `index` of `stroke` under `noise`: the draws depend on the seed
/// and the index alone, so every stroke sampled with the same index meets
/// the same luck (common random numbers). A stroke the referee refuses
/// counts as a set lost.
pub(crate) fn noisy(
    trial: &mut Trial<'_>,
    stroke: &Stroke,
    noise: &Noise,
    seed: u64,
    index: u64,
) -> Sample {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    trial
        .run(stroke, Some((noise, &mut rng)))
        .unwrap_or(Sample {
            value: -crate::value::SET,
            ..Sample::default()
        })
}

/// Best first; ties keep their order, so the result is deterministic.
pub(crate) fn sort(s: &mut [Scored]) {
    s.sort_by(|a, b| b.value().total_cmp(&a.value()));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nudged_strokes_never_pass_the_tables_speed_limit() {
        // The polish moves a stroke by noisy samples only, which the hand
        // clamps; a stroke just under the limit must not be sped past it.
        let s = Stroke {
            striker: novuss_core::DVec2::new(0.5, 0.07),
            direction: novuss_core::DVec2::Y,
            speed: 7.8,
        };
        let tries = nudged(s, &[-0.6, 0.6], &[0.92, 1.08], 8.0);
        assert!(tries.iter().all(|t| t.speed <= 8.0));
        assert!(tries.iter().any(|t| t.speed == 8.0));
        assert!(tries.iter().any(|t| (t.speed - 7.8 * 0.92).abs() < 1e-12));
    }
}
