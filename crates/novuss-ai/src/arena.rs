//! Computer against computer: whole sets between two levels, and solo runs
//! from the opening, with the figures the benchmarks report.
//!
//! Each set is independent and seeded from the run's seed and its number,
//! so a run gives the same figures on one thread or many ([`rayon`]).

use std::time::Duration;

use novuss_core::physics::{Engine, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, Opening, SetResult, SetState, Side};
use novuss_core::rules::verdict::Turn;
use novuss_core::seat::Seat;
use novuss_core::DVec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::level::Level;
use crate::noise::{Noise, UnknownName};
use crate::player::{AiError, Player};

/// Strokes after which a set is abandoned (counted as a draw): far beyond
/// any real set, it only guards against two players who never finish.
pub const MAX_STROKES: u32 = 600;

/// How one arena set went.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SetReport {
    /// 1 if `a` won, -1 if `b` won, 0 for a draw, a replay or an
    /// abandoned set.
    pub score: i8,
    /// Strokes played.
    pub strokes: u32,
    /// Fouls by `a` and by `b`.
    pub fouls: [u32; 2],
    /// Decision times of `a` and of `b`.
    pub decisions: [Vec<Duration>; 2],
}

/// Where the players sit and who opens in set `n` of a run: the opening
/// stroke alternates between `a` and `b` set by set, and every second pair
/// of sets starts from the other cushion.
pub fn seating(n: u64) -> (Seat, bool) {
    let first = if (n / 2) % 2 == 0 {
        Seat::South
    } else {
        Seat::North
    };
    (first, n % 2 == 0)
}

/// Plays set `n` of a run between levels `a` and `b`.
pub fn play_set(
    a: Level,
    b: Level,
    format: Format,
    profile: ProfileId,
    physics: &Physics,
    seed: u64,
    n: u64,
) -> Result<SetReport, AiError> {
    play_set_between(
        |s| Player::new(a, s),
        |s| Player::new(b, s),
        format,
        profile,
        physics,
        seed,
        n,
    )
}

/// Plays set `n` of a run between the players `a` and `b` make from a
/// seed: [`play_set`] for players of any settings
/// ([`Player::with_settings`]).
pub fn play_set_between(
    a: impl Fn(u64) -> Player,
    b: impl Fn(u64) -> Player,
    format: Format,
    profile: ProfileId,
    physics: &Physics,
    seed: u64,
    n: u64,
) -> Result<SetReport, AiError> {
    let run = run_seed(seed, n);
    let (first, a_opens) = seating(n);
    let mut players = [a(run ^ 1), b(run ^ 2)];
    let mut world = ChaCha8Rng::seed_from_u64(run ^ 3);
    let mut state = SetState::new(profile, format, first);
    let mut engine = Engine::new(*state.table(), *physics);
    let mut report = SetReport::default();
    while !state.is_over() && state.strokes() < MAX_STROKES {
        let p = who_plays(state.side_to_play(), a_opens, format).index();
        let d = players[p].decide(&state, physics)?;
        report.decisions[p].push(d.elapsed);
        let stroke = players[p].noise().execute(
            &state,
            &d.best.stroke,
            physics.max_stroke_speed,
            &mut world,
        );
        let played = state
            .play(&stroke, &mut engine)
            .map_err(|_| AiError::NoLegalStroke)?;
        report.strokes += 1;
        if !played.verdict.fouls.is_empty() {
            report.fouls[p] += 1;
        }
    }
    report.score = match state.result() {
        Some(SetResult::Won { winner, .. }) => {
            if who_plays(winner, a_opens, state.format()) == Entrant::A {
                1
            } else {
                -1
            }
        }
        _ => 0,
    };
    Ok(report)
}

/// The seed of set `n` of a run seeded `seed`: sets are independent, so a
/// run gives the same figures on any number of threads.
fn run_seed(seed: u64, n: u64) -> u64 {
    seed ^ n.wrapping_mul(0xA076_1D64_78BD_642F)
}

/// One of the two levels a run sets against each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Entrant {
    A,
    B,
}

impl Entrant {
    /// Its place in a run's pair of players and per-player figures.
    fn index(self) -> usize {
        match self {
            Entrant::A => 0,
            Entrant::B => 1,
        }
    }
}

/// Which of the two levels plays for `side`: in singles and doubles `a`
/// has side 0 when it opens; with four players, each plays two sides
/// across the table from each other.
fn who_plays(side: Side, a_opens: bool, format: Format) -> Entrant {
    let even = if format.sides() > 2 {
        side.index() % 2 == 0
    } else {
        side.index() == 0
    };
    if even == a_opens {
        Entrant::A
    } else {
        Entrant::B
    }
}

/// How one solo run went.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SoloReport {
    /// All the side's discs went down in its first visit.
    pub run_out: bool,
    /// All of them went down at all (within [`MAX_STROKES`]).
    pub cleared: bool,
    /// Strokes played.
    pub strokes: u32,
    /// Own discs pocketed for good (penalty discs included).
    pub pocketed: u32,
    /// Strokes that pocketed at least one own disc.
    pub potting_strokes: u32,
    /// Strokes with a foul.
    pub fouls: u32,
    /// Visits to the table (1 for a run-out).
    pub visits: u32,
    /// Whether the opening stroke (the break) kept the turn.
    pub break_kept: bool,
    /// Own discs pocketed in the first visit.
    pub first_visit: u32,
    /// Decision times.
    pub decisions: Vec<Duration>,
}

/// One solo run: from the singles opening (`first` opens; with
/// [`Start::Scattered`] its own discs spread at random), the opening side
/// strokes until its discs are all pocketed. The opponent's discs stay
/// where they are and the opponent never plays: when the turn would pass,
/// the same player goes on with a new visit. Fouls cost penalty discs as in
/// a real set. A set the referee ends otherwise (a set lost for a foul)
/// ends the run uncleared.
pub fn solo(
    level: Level,
    noise: Option<Noise>,
    profile: ProfileId,
    physics: &Physics,
    start: Start,
    seed: u64,
    n: u64,
) -> Result<SoloReport, AiError> {
    let run = run_seed(seed, n);
    let first = if n % 2 == 0 { Seat::South } else { Seat::North };
    let mut player = Player::new(level, run ^ 1).alone();
    if let Some(noise) = noise {
        player = player.with_noise(noise);
    }
    let mut state = SetState::new(profile, Format::Singles, first);
    if start == Start::Scattered {
        let mut rng = ChaCha8Rng::seed_from_u64(run ^ 4);
        state = scattered(&state, &mut rng).ok_or(AiError::Parameters)?;
    }
    solo_from(&mut player, state, physics, run ^ 3)
}

/// Where a solo run starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Start {
    /// The singles line-up (`000` 1.4; `002` 1.1–1.2).
    #[default]
    LineUp,
    /// The line-up with the player's own eight discs spread at random over
    /// the table, the first turn over: the table an ideal break would
    /// leave. It measures how well a player clears a table apart from how
    /// well it breaks the line-up.
    Scattered,
}

impl Start {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Start::LineUp => "line-up",
            Start::Scattered => "scattered",
        }
    }
}

impl std::fmt::Display for Start {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Start {
    type Err = UnknownName;

    fn from_str(s: &str) -> Result<Start, UnknownName> {
        [Start::LineUp, Start::Scattered]
            .into_iter()
            .find(|v| v.name() == s)
            .ok_or_else(|| UnknownName {
                given: s.to_owned(),
                expected: "line-up or scattered",
            })
    }
}

/// `state` with the discs of the side to play spread uniformly at random
/// over the playing surface: none over a hole, none touching another disc
/// (2 mm apart at least), the other sides' discs where they were. The
/// first turn is over. `None` if the table has no room for them (a
/// table far smaller than the standard one).
pub fn scattered(state: &SetState, rng: &mut impl Rng) -> Option<SetState> {
    let t = *state.table();
    let me = state.side_to_play();
    let mut parts = state.to_parts();
    parts.opening = Opening::Over;
    let r = t.disc.radius;
    let apart = 2.0 * r + 0.002;
    let (lo, hi) = (r + 0.001, t.size - r - 0.001);
    let mine: Vec<usize> = (0..parts.discs.len())
        .filter(|&k| parts.discs[k].side == me && parts.discs[k].at.is_some())
        .collect();
    for &k in &mine {
        parts.discs[k].at = None;
    }
    for &k in &mine {
        // A disc covers well under 1% of the table, so a free spot turns up
        // within a few tries; the bound only keeps a bad table from looping.
        let spot = (0..10_000).find_map(|_| {
            let p = DVec2::new(rng.random_range(lo..hi), rng.random_range(lo..hi));
            let free = t.pocket_at(p).is_none()
                && parts
                    .discs
                    .iter()
                    .filter_map(|d| d.at)
                    .all(|q| q.distance(p) >= apart);
            free.then_some(p)
        })?;
        parts.discs[k].at = Some(spot);
    }
    SetState::from_parts(parts).ok()
}

/// A solo run from any position: the side to play strokes until its discs
/// are all pocketed, as in [`solo`]. `player` should be [`Player::alone`];
/// `world` seeds the execution noise. The first visit is the one in
/// progress in `state`.
pub fn solo_from(
    player: &mut Player,
    mut state: SetState,
    physics: &Physics,
    world: u64,
) -> Result<SoloReport, AiError> {
    let mut world = ChaCha8Rng::seed_from_u64(world);
    let me = state.side_to_play();
    let seat = state.to_play();
    let mut engine = Engine::new(*state.table(), *physics);
    let mut report = SoloReport {
        visits: 1,
        ..SoloReport::default()
    };
    let to_go = |s: &SetState| s.on_table(me) + s.side(me).map_or(0, |i| i.debt) as usize;
    while to_go(&state) > 0 && !state.is_over() && report.strokes < MAX_STROKES {
        let d = player.decide(&state, physics)?;
        report.decisions.push(d.elapsed);
        let stroke =
            player
                .noise()
                .execute(&state, &d.best.stroke, physics.max_stroke_speed, &mut world);
        let before = state.pocketed(me);
        let played = state
            .play(&stroke, &mut engine)
            .map_err(|_| AiError::NoLegalStroke)?;
        report.strokes += 1;
        let gained = state.pocketed(me).saturating_sub(before);
        report.pocketed += gained as u32;
        report.potting_strokes += u32::from(gained > 0);
        report.fouls += u32::from(!played.verdict.fouls.is_empty());
        let kept = matches!(played.verdict.turn, Turn::Continues);
        if report.strokes == 1 {
            report.break_kept = kept;
        }
        if report.visits == 1 {
            report.first_visit += gained as u32;
        }
        if to_go(&state) == 0 {
            break;
        }
        if !kept && !state.is_over() {
            report.visits += 1;
            state = state.next_visit(seat).map_err(|_| AiError::Parameters)?;
        }
    }
    report.cleared = to_go(&state) == 0;
    report.run_out = report.cleared && report.visits == 1;
    Ok(report)
}
