//! A computer player: chooses a stroke for the player to stroke in a set.

use std::fmt;
use std::time::{Duration, Instant};

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Physics};
use novuss_core::rules::set::{DiscId, SetState};
use novuss_core::table::Corner;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::candidates::{generate, Candidate};
use crate::find::search;
use crate::level::{Level, Settings};
use crate::noise::Noise;
use crate::search::{Scored, Trial};
use crate::target::{chance, potted, Potted};
use crate::value::Valuer;
use crate::view::{Plan, View};

/// Why no stroke was chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AiError {
    /// The set is over.
    SetOver,
    /// The table or physics parameters are out of range.
    Parameters,
    /// No legal placement of the striker exists (discs fill the zone).
    NoLegalStroke,
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            AiError::SetOver => "the set is over",
            AiError::Parameters => "the table or physics parameters are out of range",
            AiError::NoLegalStroke => "no legal place for the striker",
        })
    }
}

impl std::error::Error for AiError {}

/// A stroke considered, with the search's estimates.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Choice {
    /// The stroke as meant.
    pub stroke: Stroke,
    /// How it was found.
    pub plan: Plan,
    /// The disc it means to pocket, for planned pots.
    pub disc: Option<DiscId>,
    /// The pocket it aims at, for planned pots.
    pub corner: Option<Corner>,
    /// What it pockets played as meant ([`crate::target::potted`]): the
    /// same judgment as the aim tool's, so that a stroke found by trying
    /// is described by the disc it pots, not as "no planned pot".
    pub pots: Option<Potted>,
    /// Estimated worth in discs (the race after it, and what the next
    /// stroke can expect: for the search's finalists, as a search of the
    /// next stroke found it, [`crate::ahead`]).
    pub value: f64,
    /// Estimated chance that an own disc is pocketed.
    pub pot_chance: f64,
    /// Estimated chance of a foul.
    pub foul_chance: f64,
    /// Estimated chance of keeping the turn.
    pub keep_chance: f64,
    /// Simulations behind the estimates (0 for geometry alone; 1 for a
    /// stroke only played as meant).
    pub samples: u32,
}

impl Choice {
    /// The disc it pockets and where, as the aim tool names a stroke: what
    /// it pots as meant, else the planned pot it means to make.
    pub fn target(&self) -> Option<(DiscId, Corner)> {
        self.pots
            .map(|p| (p.disc, p.pocket))
            .or(self.disc.zip(self.corner))
    }

    /// It as the aim tool's candidate for its [`Choice::target`], so that
    /// the tool can offer this very stroke ([`crate::target::plan_pot_as`]).
    pub fn candidate(&self) -> Candidate {
        let (disc, corner) = self.target().unzip();
        Candidate {
            stroke: self.stroke,
            plan: self.plan,
            disc,
            corner,
            chance: None,
        }
    }

    /// Its pot and foul chances counted as the aim tool counts them, under
    /// `hand` ([`crate::target::chance`]), for its [`Choice::target`]; a
    /// stroke that means to pocket nothing keeps the search's estimates.
    pub fn as_aimed(mut self, state: &SetState, physics: &Physics, hand: &Noise) -> Choice {
        let counted = self
            .target()
            .and_then(|(disc, pocket)| chance(state, physics, &self.stroke, disc, pocket, hand));
        if let Some(c) = counted {
            self.pot_chance = c.pot;
            self.foul_chance = c.foul;
            self.samples = c.tries;
        }
        self
    }

    fn of(s: &Scored) -> Choice {
        let c = &s.candidate;
        let (value, pot, foul, keep, n) = if s.tally.samples > 0 {
            let t = &s.tally;
            let v = s.value();
            (v, t.pot_rate(), t.foul_rate(), t.keep_rate(), t.samples)
        } else {
            let f = |b: bool| if b { 1.0 } else { 0.0 };
            let sc = &s.screen;
            (s.value(), f(sc.pot), f(sc.foul), f(sc.keep), 1)
        };
        Choice {
            stroke: c.stroke,
            plan: c.plan,
            disc: c.disc,
            corner: c.corner,
            pots: None,
            value,
            pot_chance: pot,
            foul_chance: foul,
            keep_chance: keep,
            samples: n,
        }
    }

    fn planned(c: &Candidate) -> Choice {
        let p = c.chance.unwrap_or(0.0);
        Choice {
            stroke: c.stroke,
            plan: c.plan,
            disc: c.disc,
            corner: c.corner,
            pots: None,
            value: p,
            pot_chance: p,
            foul_chance: 0.0,
            keep_chance: p,
            samples: 0,
        }
    }
}

/// A decision: the stroke to play and the next best.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    /// The stroke chosen.
    pub best: Choice,
    /// The next best, best first.
    pub alternatives: Vec<Choice>,
    /// Candidates considered.
    pub candidates: usize,
    /// Simulations run.
    pub simulations: u32,
    /// Whether the deadline cut the search short (only then may the choice
    /// depend on timing).
    pub cut_short: bool,
    /// Time taken.
    pub elapsed: Duration,
}

/// A computer player. `Send`, no global state: a server keeps one per game
/// and calls [`Player::decide`] on a blocking thread.
pub struct Player {
    level: Level,
    settings: Settings,
    rng: ChaCha8Rng,
    engine: Option<Engine>,
    alternatives: usize,
    alone: bool,
}

impl Player {
    /// A player of `level` whose decisions follow from `seed`.
    pub fn new(level: Level, seed: u64) -> Player {
        Player {
            level,
            settings: level.settings(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            engine: None,
            alternatives: 4,
            alone: false,
        }
    }

    /// The same player with another hand: its noise replaced by `noise`
    /// (the search samples the new one, as much of it as the player
    /// believes it has).
    pub fn with_noise(mut self, noise: Noise) -> Player {
        self.settings.noise = noise;
        self
    }

    /// The same player deciding with other `settings` (its level's name
    /// stays): for studying what each setting is worth, as
    /// `examples/calibrate.rs` does.
    pub fn with_settings(mut self, settings: Settings) -> Player {
        self.settings = settings;
        self
    }

    /// The same player with another hard deadline per decision.
    pub fn with_time_limit(mut self, limit: Duration) -> Player {
        self.settings.time_limit = limit;
        self
    }

    /// The same player reporting `n` alternatives with each decision.
    pub fn with_alternatives(mut self, n: usize) -> Player {
        self.alternatives = n;
        self
    }

    /// The same player told that nobody else will play (a solo run): it
    /// never plays safe, since a passed turn only costs it a visit.
    pub fn alone(mut self) -> Player {
        self.alone = true;
        self
    }

    /// Its level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Its settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// The noise its strokes are executed with.
    pub fn noise(&self) -> Noise {
        self.settings.noise
    }

    /// Chooses a stroke for the player to stroke in `state`, played on a
    /// table with `physics`. The stroke is legal (the referee's
    /// [`SetState::check`] accepts it); the world's noise is applied after,
    /// by the caller ([`Noise::perturb`] with [`Player::noise`]).
    pub fn decide(&mut self, state: &SetState, physics: &Physics) -> Result<Decision, AiError> {
        let start = Instant::now();
        if state.is_over() {
            return Err(AiError::SetOver);
        }
        let seed = self.rng.next_u64();
        let view = View::new(state, physics).ok_or(AiError::Parameters)?;
        // The search and the eye plan with the hand as the player believes
        // it to be; the world strikes with the real one.
        let noise = self.settings.noise.as_believed(self.settings.believed);
        let candidates = generate(&view, &noise, &self.settings.breadth);
        let count = candidates.len();
        let (settings, alternatives, alone) = (self.settings, self.alternatives, self.alone);
        let mut decision = if settings.simulates {
            let engine = self.engine_for(state, physics);
            let valuer = Valuer {
                physics: *physics,
                own: noise,
                others: noise,
                turn: settings.turn_value,
                alone,
                banks: settings.breadth.banks,
                leave: settings.leave,
            };
            let mut trial = Trial::new(state, engine, valuer);
            let deadline = start + settings.time_limit;
            let found = search(
                &mut trial,
                candidates,
                &noise,
                &settings.budget,
                seed,
                Some(deadline),
            );
            let mut ranked = found.ranked.iter().map(Choice::of);
            let best = ranked.next();
            Decision {
                best: best.unwrap_or_else(|| fallback(&view)),
                alternatives: ranked.take(alternatives).collect(),
                candidates: count,
                simulations: found.simulations,
                cut_short: found.cut_short,
                elapsed: Duration::ZERO,
            }
        } else {
            greedy(&view, candidates, seed, self.alternatives)
        };
        if state.check(&decision.best.stroke).is_err() {
            return Err(AiError::NoLegalStroke);
        }
        let engine = self.engine_for(state, physics);
        for c in std::iter::once(&mut decision.best).chain(&mut decision.alternatives) {
            c.pots = potted(state, engine, &c.stroke, c.plan, c.disc);
        }
        decision.elapsed = start.elapsed();
        Ok(decision)
    }

    fn engine_for(&mut self, state: &SetState, physics: &Physics) -> &mut Engine {
        let fits = self
            .engine
            .as_ref()
            .is_some_and(|e| e.table() == state.table() && e.physics() == physics);
        if !fits {
            self.engine = None;
        }
        self.engine
            .get_or_insert_with(|| Engine::new(*state.table(), *physics))
    }
}

/// The baseline: the planned pot geometry rates best after a random bonus
/// of up to 0.3, without simulating.
fn greedy(view: &View<'_>, candidates: Vec<Candidate>, seed: u64, n: usize) -> Decision {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rated: Vec<(f64, Choice)> = candidates
        .iter()
        .filter(|c| c.chance.is_some())
        .map(|c| {
            (
                c.chance.unwrap_or(0.0) + rng.random_range(0.0..0.3),
                Choice::planned(c),
            )
        })
        .collect();
    rated.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut choices = rated.into_iter().map(|(_, c)| c);
    let best = choices.next().unwrap_or_else(|| fallback(view));
    Decision {
        best,
        alternatives: choices.take(n).collect(),
        candidates: candidates.len(),
        simulations: 0,
        cut_short: false,
        elapsed: Duration::ZERO,
    }
}

/// When nothing is planned: a firm stroke at the nearest own disc (off the
/// far cushion when it is dark), or straight up the table.
fn fallback(view: &View<'_>) -> Choice {
    let t = *view.table();
    let frame = view.frame();
    let home = frame.world(t.size / 2.0, view.mid_depth());
    let from = view.spot(t.size / 2.0).unwrap_or(home);
    let target = (0..view.positions.len())
        .filter(|&k| view.own[k])
        .min_by(|&a, &b| {
            let d = |k: usize| view.positions[k].distance(from);
            d(a).total_cmp(&d(b))
        });
    let mut stroke = Stroke {
        striker: from,
        direction: frame.inward(),
        speed: 2.5,
    };
    if let Some(k) = target {
        let at = view.positions[k];
        let aimed = if view.dark[k] {
            view.planner
                .bank(from, view.seat.cushion().opposite(), at, 0.8)
                .map(|b| b.stroke)
                .ok()
        } else {
            Some(Stroke {
                striker: from,
                direction: (at - from).normalize_or_zero(),
                speed: 2.5,
            })
        };
        if let Some(s) = aimed.filter(|s| view.state.check(s).is_ok()) {
            stroke = s;
        }
    }
    Choice {
        stroke,
        plan: Plan::Search,
        disc: None,
        corner: None,
        pots: None,
        value: 0.0,
        pot_chance: 0.0,
        foul_chance: 0.0,
        keep_chance: 0.0,
        samples: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_send<T: Send>() {}

    #[test]
    fn a_player_can_move_to_another_thread() {
        is_send::<Player>();
    }
}
