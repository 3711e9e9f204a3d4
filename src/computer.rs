//! `arena`, `ladder`, `solo` and `hint`: the computer players from the command line.
//! Figures are printed as text, or as JSON with `--json`; the fields are in
//! `docs/benchmarks.md`.

use std::fmt;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use novuss_ai::arena::{play_set, solo as solo_run, SetReport, SoloReport, Start};
use novuss_ai::{AiError, Level, NoiseName, Player};
use novuss_core::physics::Physics;
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, SetState};
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

pub use novuss_ai::ladder::wilson95;

/// Why `arena`, `ladder`, `solo` or `hint` could not do what it was asked.
///
/// Its `Display` is the one line of English that `novuss` prints after
/// `error: `, the cause's own words included (so
/// [`std::error::Error::source`] gives none).
#[derive(Debug)]
#[non_exhaustive]
pub enum ComputerError {
    /// A computer player could not stroke in a run of `arena`, `ladder` or `solo`.
    Run {
        /// The command: `arena`, `ladder` or `solo`.
        command: &'static str,
        /// Why it could not.
        error: AiError,
    },
    /// `hint`: the input is not a set state, bare or as `novuss stroke`
    /// reads it.
    Input(serde_json::Error),
    /// `hint`: no stroke was found.
    NoHint(AiError),
    /// `hint`: the answer could not be written as JSON.
    Output(serde_json::Error),
}

impl fmt::Display for ComputerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComputerError::Run { command, error } => write!(f, "{command}: {error}"),
            ComputerError::Input(e) => write!(f, "invalid input: {e}"),
            ComputerError::NoHint(e) => write!(f, "no hint: {e}"),
            ComputerError::Output(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ComputerError {}

/// Options of `novuss arena`.
pub struct ArenaOptions {
    pub a: Level,
    pub b: Level,
    pub sets: u64,
    pub seed: u64,
    pub format: Format,
    pub profile: ProfileId,
}

/// Decision times in milliseconds.
#[derive(Debug, Serialize)]
pub struct Times {
    pub p50: f64,
    pub p99: f64,
    pub mean: f64,
    pub decisions: usize,
}

impl Times {
    fn of(mut d: Vec<Duration>) -> Times {
        d.sort();
        let ms = |x: Duration| x.as_secs_f64() * 1e3;
        let at = |q: f64| {
            if d.is_empty() {
                0.0
            } else {
                ms(d[((d.len() - 1) as f64 * q).round() as usize])
            }
        };
        let mean = if d.is_empty() {
            0.0
        } else {
            d.iter().map(|&x| ms(x)).sum::<f64>() / d.len() as f64
        };
        Times {
            p50: at(0.5),
            p99: at(0.99),
            mean,
            decisions: d.len(),
        }
    }
}

/// How the sets between two levels went.
#[derive(Debug, Serialize)]
pub struct Score {
    pub a_wins: u64,
    pub b_wins: u64,
    pub draws: u64,
    /// `a`'s score: wins plus half the draws, over the sets.
    pub a_win_rate: f64,
    /// Wilson's 95% score interval of `a_win_rate`.
    pub wilson95: [f64; 2],
    pub strokes_per_set: f64,
    pub a_fouls_per_set: f64,
    pub b_fouls_per_set: f64,
}

impl Score {
    fn of(reports: &[&SetReport]) -> Score {
        let n = reports.len() as f64;
        let count = |s: i8| reports.iter().filter(|r| r.score == s).count() as u64;
        let (a_wins, b_wins, draws) = (count(1), count(-1), count(0));
        let rate = (a_wins as f64 + draws as f64 / 2.0) / n.max(1.0);
        let per_set = |f: &dyn Fn(&SetReport) -> u32| {
            reports.iter().map(|r| f64::from(f(r))).sum::<f64>() / n.max(1.0)
        };
        Score {
            a_wins,
            b_wins,
            draws,
            a_win_rate: rate,
            wilson95: wilson95(rate, n),
            strokes_per_set: per_set(&|r| r.strokes),
            a_fouls_per_set: per_set(&|r| r.fouls[0]),
            b_fouls_per_set: per_set(&|r| r.fouls[1]),
        }
    }
}

/// The figures of an arena run.
#[derive(Debug, Serialize)]
pub struct ArenaFigures {
    pub a: String,
    pub b: String,
    pub format: String,
    pub profile: String,
    pub seed: u64,
    pub sets: u64,
    #[serde(flatten)]
    pub score: Score,
    pub a_decision_ms: Times,
    pub b_decision_ms: Times,
}

/// Runs `one(n)` for `n` in `0..count` on every core with a progress bar
/// of `what` on standard error (hidden when it is not a terminal); the
/// first error, prefixed with `command`, ends it.
fn on_every_core<T: Send>(
    count: u64,
    what: &str,
    command: &'static str,
    one: impl Fn(u64) -> Result<T, AiError> + Sync,
) -> Result<Vec<T>, ComputerError> {
    let pb = ProgressBar::new(count);
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{elapsed_precise}} [{{bar:40}}] {{pos}}/{{len}} {what} (eta {{eta}})"
    )) {
        pb.set_style(style.progress_chars("=> "));
    }
    let out = (0..count)
        .into_par_iter()
        .map(|n| {
            let r = one(n);
            pb.inc(1);
            r
        })
        .collect::<Result<_, _>>()
        .map_err(|error| ComputerError::Run { command, error });
    pb.finish_and_clear();
    out
}

/// `novuss arena`: sets between two levels, in parallel on every core.
pub fn arena(o: &ArenaOptions) -> Result<ArenaFigures, ComputerError> {
    let physics = Physics::default();
    let reports: Vec<SetReport> = on_every_core(o.sets, "sets", "arena", |n| {
        play_set(o.a, o.b, o.format, o.profile, &physics, o.seed, n)
    })?;
    let times = |k: usize| {
        Times::of(
            reports
                .iter()
                .flat_map(|r| r.decisions[k].clone())
                .collect(),
        )
    };
    Ok(ArenaFigures {
        a: o.a.to_string(),
        b: o.b.to_string(),
        format: o.format.name().to_owned(),
        profile: o.profile.to_string(),
        seed: o.seed,
        sets: o.sets,
        score: Score::of(&reports.iter().collect::<Vec<_>>()),
        a_decision_ms: times(0),
        b_decision_ms: times(1),
    })
}

impl ArenaFigures {
    /// A few lines for a person.
    pub fn text(&self) -> String {
        format!(
            "{a} against {b}, {sets} sets ({format}, {profile}, seed {seed})\n\
             {a} won {aw}, {b} won {bw}, drawn or unfinished {d}\n\
             {a}'s score {rate:.1}% (95% interval {lo:.1}% to {hi:.1}%)\n\
             strokes per set {sps:.1}; fouls per set: {a} {af:.2}, {b} {bf:.2}\n\
             decision ms (p50 / p99): {a} {ap50:.1} / {ap99:.1}, {b} {bp50:.1} / {bp99:.1}",
            a = self.a,
            b = self.b,
            sets = self.sets,
            format = self.format,
            profile = self.profile,
            seed = self.seed,
            aw = self.score.a_wins,
            bw = self.score.b_wins,
            d = self.score.draws,
            rate = self.score.a_win_rate * 100.0,
            lo = self.score.wilson95[0] * 100.0,
            hi = self.score.wilson95[1] * 100.0,
            sps = self.score.strokes_per_set,
            af = self.score.a_fouls_per_set,
            bf = self.score.b_fouls_per_set,
            ap50 = self.a_decision_ms.p50,
            ap99 = self.a_decision_ms.p99,
            bp50 = self.b_decision_ms.p50,
            bp99 = self.b_decision_ms.p99,
        )
    }
}

/// The figures of a solo run.
#[derive(Debug, Serialize)]
pub struct SoloFigures {
    pub level: String,
    pub noise: String,
    pub profile: String,
    /// Where the runs started: `line-up` or `scattered`.
    pub start: Start,
    pub seed: u64,
    pub sets: u64,
    /// Share of runs that pocketed all eight in the first visit.
    pub run_out_rate: f64,
    /// Share of runs that pocketed all eight at all.
    pub cleared_rate: f64,
    /// Strokes per own disc pocketed.
    pub strikes_per_disc: f64,
    /// Share of strokes that pocketed an own disc.
    pub pot_rate: f64,
    /// Share of strokes with a foul.
    pub foul_rate: f64,
    /// Visits to the table per run.
    pub visits_per_set: f64,
    /// Share of runs whose opening stroke kept the turn.
    pub break_kept_rate: f64,
    /// Own discs pocketed in the first visit, per run.
    pub first_visit_discs: f64,
    pub decision_ms: Times,
}

/// `novuss solo`: runs from the opening, in parallel on every core.
pub fn solo(
    level: Level,
    noise: Option<NoiseName>,
    sets: u64,
    seed: u64,
    profile: ProfileId,
    start: Start,
) -> Result<SoloFigures, ComputerError> {
    let physics = Physics::default();
    let reports: Vec<SoloReport> = on_every_core(sets, "runs", "solo", |n| {
        solo_run(
            level,
            noise.map(|n| n.noise()),
            profile,
            &physics,
            start,
            seed,
            n,
        )
    })?;
    let n = sets.max(1) as f64;
    let sum = |f: &dyn Fn(&SoloReport) -> u32| reports.iter().map(|r| f64::from(f(r))).sum::<f64>();
    let strokes = sum(&|r| r.strokes);
    Ok(SoloFigures {
        level: level.to_string(),
        noise: noise.unwrap_or(level.noise_name()).to_string(),
        profile: profile.to_string(),
        start,
        seed,
        sets,
        run_out_rate: sum(&|r| u32::from(r.run_out)) / n,
        cleared_rate: sum(&|r| u32::from(r.cleared)) / n,
        strikes_per_disc: strokes / sum(&|r| r.pocketed).max(1.0),
        pot_rate: sum(&|r| r.potting_strokes) / strokes.max(1.0),
        foul_rate: sum(&|r| r.fouls) / strokes.max(1.0),
        visits_per_set: sum(&|r| r.visits) / n,
        break_kept_rate: sum(&|r| u32::from(r.break_kept)) / n,
        first_visit_discs: sum(&|r| r.first_visit) / n,
        decision_ms: Times::of(reports.iter().flat_map(|r| r.decisions.clone()).collect()),
    })
}

impl SoloFigures {
    /// A few lines for a person.
    pub fn text(&self) -> String {
        format!(
            "{level} at {noise} noise, {sets} runs from {from} ({profile}, seed {seed})\n\
             run-outs {ro:.1}%, cleared {cl:.1}%, {vis:.2} visits a run\n\
             the break kept the turn in {bk:.1}%; {fv:.2} discs in the first visit\n\
             strikes per disc {spd:.3}, pot rate {pot:.1}%, foul rate {foul:.2}%\n\
             decision ms: p50 {p50:.1}, p99 {p99:.1}, mean {mean:.1}",
            level = self.level,
            noise = self.noise,
            sets = self.sets,
            from = match self.start {
                Start::Scattered => "a scattered table",
                _ => "the opening",
            },
            profile = self.profile,
            seed = self.seed,
            ro = self.run_out_rate * 100.0,
            cl = self.cleared_rate * 100.0,
            vis = self.visits_per_set,
            bk = self.break_kept_rate * 100.0,
            fv = self.first_visit_discs,
            spd = self.strikes_per_disc,
            pot = self.pot_rate * 100.0,
            foul = self.foul_rate * 100.0,
            p50 = self.decision_ms.p50,
            p99 = self.decision_ms.p99,
            mean = self.decision_ms.mean,
        )
    }
}

/// Input of `novuss hint`: a set state as `novuss stroke` reads it (its
/// `stroke`, `conduct` and `seat` are ignored), or a bare set state as
/// `novuss new-set` prints it.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintInput {
    pub state: SetState,
    #[serde(default)]
    pub physics: Physics,
    #[serde(default)]
    pub stroke: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    pub conduct: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    pub seat: Option<serde::de::IgnoredAny>,
}

/// `novuss hint`: the best strokes for the player to stroke, as JSON.
pub fn hint(text: &str, level: Level, seed: u64, compact: bool) -> Result<String, ComputerError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(ComputerError::Input)?;
    let input: HintInput = if value.get("state").is_some() {
        serde_json::from_value(value).map_err(ComputerError::Input)?
    } else {
        HintInput {
            state: serde_json::from_value(value).map_err(ComputerError::Input)?,
            physics: Physics::default(),
            stroke: None,
            conduct: None,
            seat: None,
        }
    };
    let mut player = Player::new(level, seed).with_alternatives(4);
    let decision = player
        .decide(&input.state, &input.physics)
        .map_err(ComputerError::NoHint)?;
    #[derive(Serialize)]
    struct Output<'a> {
        level: String,
        seat: novuss_core::seat::Seat,
        best: &'a novuss_ai::Choice,
        alternatives: &'a [novuss_ai::Choice],
        candidates: usize,
        simulations: u32,
        elapsed_ms: f64,
    }
    let out = Output {
        level: level.to_string(),
        seat: input.state.seat_to_play(),
        best: &decision.best,
        alternatives: &decision.alternatives,
        candidates: decision.candidates,
        simulations: decision.simulations,
        elapsed_ms: decision.elapsed.as_secs_f64() * 1e3,
    };
    if compact {
        serde_json::to_string(&out)
    } else {
        serde_json::to_string_pretty(&out)
    }
    .map_err(ComputerError::Output)
}

/// Options of `novuss ladder`.
pub struct LadderOptions {
    /// Sets each pair plays.
    pub sets: u64,
    pub seed: u64,
    /// How far up the ladder each rung plays: 1 for the rung above, 2 for
    /// the two above too, and so on.
    pub reach: usize,
}

/// How a pair of the ladder went: `a` the stronger level by its place.
#[derive(Debug, Serialize)]
pub struct PairFigures {
    pub a: String,
    pub b: String,
    pub sets: u64,
    #[serde(flatten)]
    pub score: Score,
}

/// A level's figures over every pair it played.
#[derive(Debug, Serialize)]
pub struct LevelFigures {
    pub level: String,
    /// Whether it is a rung of the ladder (`greedy` is a baseline).
    pub rung: bool,
    /// Its rating fitted to this run, on the Glicko-2 scale.
    pub rating: f64,
    /// The fit's standard error of its difference from the anchor.
    pub deviation: f64,
    /// The rating it carries (`Level::rating`), from the run in
    /// `docs/benchmarks.md`.
    pub constant: f64,
    pub decision_ms: Times,
}

/// The figures of a ladder run.
#[derive(Debug, Serialize)]
pub struct LadderFigures {
    pub format: String,
    pub profile: String,
    pub seed: u64,
    pub sets_per_pair: u64,
    pub reach: usize,
    /// The level rated 1500.
    pub anchor: String,
    pub pairs: Vec<PairFigures>,
    /// Every level, weakest first ([`Level::ALL`]).
    pub levels: Vec<LevelFigures>,
}

/// `novuss ladder`: every rung of the ladder against the ones above it
/// (within `reach`), and the baseline against its neighbours, in parallel
/// on every core, with the ratings fitted to the results. A pair's sets
/// are seeded as `novuss arena` with the same seed seeds them, so any row
/// can be checked alone.
pub fn ladder(o: &LadderOptions) -> Result<LadderFigures, ComputerError> {
    let physics = Physics::default();
    let (format, profile) = (Format::Singles, ProfileId::Lnf2017);
    let pairs = novuss_ai::ladder::pairs(o.reach);
    let jobs = pairs.len() as u64 * o.sets;
    // Pairs interleaved, so that each thread's share mixes slow and quick
    // levels.
    let reports: Vec<SetReport> = on_every_core(jobs, "sets", "ladder", |j| {
        let (a, b) = pairs[(j % pairs.len() as u64) as usize];
        play_set(
            a,
            b,
            format,
            profile,
            &physics,
            o.seed,
            j / pairs.len() as u64,
        )
    })?;
    let of_pair =
        |k: usize| -> Vec<&SetReport> { reports.iter().skip(k).step_by(pairs.len()).collect() };
    let index = |l: Level| Level::ALL.iter().position(|&x| x == l).unwrap_or(0);
    let mut scores = Vec::new();
    let mut figures = Vec::new();
    let mut decisions: Vec<Vec<Duration>> = vec![Vec::new(); Level::ALL.len()];
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let sets = of_pair(k);
        for r in &sets {
            decisions[index(a)].extend(&r.decisions[0]);
            decisions[index(b)].extend(&r.decisions[1]);
        }
        let score = Score::of(&sets);
        scores.push(novuss_ai::ladder::PairScore {
            a: index(a),
            b: index(b),
            score: score.a_wins as f64 + score.draws as f64 / 2.0,
            sets: sets.len() as f64,
        });
        figures.push(PairFigures {
            a: a.to_string(),
            b: b.to_string(),
            sets: sets.len() as u64,
            score,
        });
    }
    let anchor = Level::ANCHOR;
    let ratings = novuss_ai::ladder::fit(Level::ALL.len(), index(anchor), &scores);
    let levels = Level::ALL
        .iter()
        .zip(ratings)
        .zip(decisions)
        .map(|((&level, r), d)| LevelFigures {
            level: level.to_string(),
            rung: Level::LADDER.contains(&level),
            rating: r.rating,
            deviation: r.deviation,
            constant: level.rating(),
            decision_ms: Times::of(d),
        })
        .collect();
    Ok(LadderFigures {
        format: format.name().to_owned(),
        profile: profile.to_string(),
        seed: o.seed,
        sets_per_pair: o.sets,
        reach: o.reach,
        anchor: anchor.to_string(),
        pairs: figures,
        levels,
    })
}

impl LadderFigures {
    /// Two tables for a person: the pairs, and the levels with their
    /// ratings.
    pub fn text(&self) -> String {
        let mut out = format!(
            "the ladder, {} sets a pair ({}, {}, seed {}); ratings on the Glicko-2 scale, {} = 1500\n\n\
             {:<10} {:<10} {:>6} {:>6} {:>6}  {:>7}  {:>15}  {:>7}  {:>11}\n",
            self.sets_per_pair,
            self.format,
            self.profile,
            self.seed,
            self.anchor,
            "a",
            "b",
            "a won",
            "b won",
            "drawn",
            "a score",
            "Wilson 95%",
            "strokes",
            "fouls a / b",
        );
        for p in &self.pairs {
            let s = &p.score;
            out += &format!(
                "{:<10} {:<10} {:>6} {:>6} {:>6}  {:>6.1}%  {:>6.1}% – {:>5.1}%  {:>7.1}  {:.2} / {:.2}\n",
                p.a,
                p.b,
                s.a_wins,
                s.b_wins,
                s.draws,
                s.a_win_rate * 100.0,
                s.wilson95[0] * 100.0,
                s.wilson95[1] * 100.0,
                s.strokes_per_set,
                s.a_fouls_per_set,
                s.b_fouls_per_set,
            );
        }
        out += &format!(
            "\n{:<10} {:>6} {:>9} {:>9}  {:>17}\n",
            "level", "rating", "deviation", "constant", "decision p50 / p99"
        );
        for l in &self.levels {
            out += &format!(
                "{:<10} {:>6.0} {:>9.0} {:>9.0}  {:>8.1} / {:>6.1} ms{}\n",
                l.level,
                l.rating,
                l.deviation,
                l.constant,
                l.decision_ms.p50,
                l.decision_ms.p99,
                if l.rung { "" } else { "  (baseline)" },
            );
        }
        out.trim_end().to_owned()
    }
}
