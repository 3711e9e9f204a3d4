//! One planner for "pot this disc": the page's aim tool asks it for a
//! stroke at a named disc, and the hint's strokes are described by it
//! ([`potted`]), so that the two cannot disagree about what is possible.
//!
//! The tool considers exactly the strokes a hint could: for each level's
//! breadth, the candidates [`crate::candidates::for_disc`] draws from the
//! same generators the search uses (planned pots, strokes aimed at the
//! disc, the fan), played once as meant on the exact engine and judged by
//! the referee. A stroke is offered when it pockets the disc into the
//! pocket asked for without a foul; a planned pot whose geometry says yes
//! but which misses as meant is offered only with the warning
//! [`Warning::Misses`], since the hint may still suggest it. The best few
//! of each pocket and route are then tried under a hand's noise to give a
//! chance and the warnings: a club player's for [`plan_pot`], the hand the
//! caller names for [`plan_pot_as`]. [`chance`] counts a single stroke's
//! chance by the very same tries (the same draws for the same disc), so
//! that the hint's figure for its stroke and the tool's for the same
//! stroke are one number, not two estimates.
//!
//! The work is bounded: at most [`MAX_SCREEN`] strokes played as meant and
//! [`MAX_TRIED`] × [`TRIES`] with noise, whatever the position.

use std::collections::HashSet;

use novuss_core::aim::segment_distance;
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Body, Engine, EventKind, Fate, Outcome, Physics};
use novuss_core::rules::set::{DiscId, SetState};
use novuss_core::rules::verdict::Verdict;
use novuss_core::table::Corner;
use novuss_core::DVec2;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::candidates::{for_disc, Candidate};
use crate::level::Level;
use crate::noise::{Noise, NoiseName};
use crate::view::{Plan, View};

/// The most strokes one request plays as meant.
pub const MAX_SCREEN: usize = 3_000;
/// The most strokes one request tries under noise.
pub const MAX_TRIED: usize = 24;
/// Noisy tries of each of them.
pub const TRIES: u32 = 12;
/// Of each pocket and route, the strokes tried under noise.
const PER_GROUP: usize = 3;
/// A path passing another disc closer than this beyond touching, m, is
/// warned of: a small error of aim would touch it.
const COMFORT: f64 = 0.012;
/// A share of noisy tries at or above which a risk is warned of.
const RISK: f64 = 0.15;

/// How the striker reaches the disc.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Route {
    /// Straight onto it.
    Direct,
    /// Off one cushion or more first (a rebound, the only way to a dark
    /// disc: `000` 2.1–2.3; `001` "Direct strokes").
    Rebound,
}

/// What a stroke does played as meant, when it pockets one of the
/// player's discs without a foul.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Potted {
    /// The disc.
    pub disc: DiscId,
    /// The pocket it falls into.
    pub pocket: Corner,
    /// How the striker reaches it.
    pub route: Route,
}

/// A risk of a planned stroke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Warning {
    /// The striker's or the disc's way passes close to another disc.
    NearDisc,
    /// The disc may arrive too fast and jump the pocket.
    Jumps,
    /// The striker may follow into a pocket.
    Scratch,
    /// A foul is likely.
    Foul,
    /// The stroke is near the fastest allowed.
    Fast,
    /// Geometry plans it, but played as meant the disc does not fall.
    Misses,
}

/// A stroke the tool offers.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Aim {
    /// The disc.
    pub disc: DiscId,
    /// The pocket.
    pub pocket: Corner,
    /// How the striker reaches the disc.
    pub route: Route,
    /// How the stroke was found (the hint's own words for it).
    pub plan: Plan,
    /// The stroke to play.
    pub stroke: Stroke,
    /// The cut at the striker's first contact with the disc, radians
    /// (0 head-on), as the engine played it.
    pub cut: f64,
    /// The share of noisy tries (under the hand asked for: a club
    /// player's by default) that pocketed the disc in that pocket.
    pub chance: f64,
    /// How many noisy tries the chance is counted over.
    pub tries: u32,
    /// Its risks.
    pub warnings: Vec<Warning>,
}

/// What the tool is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ask {
    /// The disc to pocket.
    pub disc: DiscId,
    /// Into this pocket, or the best one.
    pub pocket: Option<Corner>,
    /// By this route, or the best one.
    pub route: Option<Route>,
}

/// What the tool answers: the best stroke, and the best of each other
/// pocket and route it found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Aims {
    /// The stroke to play.
    pub best: Aim,
    /// The best of each other pocket and route, best first.
    pub others: Vec<Aim>,
}

/// Why there is no stroke for the disc.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum NoAim {
    /// The set is over.
    SetOver,
    /// The table or physics parameters are out of range.
    Parameters,
    /// No disc of the set has that id.
    UnknownDisc,
    /// The disc is no longer on the table.
    Gone,
    /// The disc is another side's: it may never be struck first
    /// (`000` 2.1; `001` "Direct strokes").
    NotOwn,
    /// The disc is dark (in the player's blind zone): only a rebound may
    /// reach it (`000` 2.1–2.3; `001` "Direct strokes"), and none that
    /// pockets it was found.
    Dark,
    /// Straight lines to pocket it exist, but other discs block each.
    Blocked,
    /// No stroke considered pockets it (there): the striker cannot meet
    /// it from behind from the player's zone, and no rebound does it.
    Unreachable,
}

impl std::fmt::Display for NoAim {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NoAim::SetOver => "the set is over",
            NoAim::Parameters => "the table or physics parameters are out of range",
            NoAim::UnknownDisc => "no disc has that id",
            NoAim::Gone => "the disc is not on the table",
            NoAim::NotOwn => "the disc is not the player's",
            NoAim::Dark => "the disc is dark and no rebound pockets it",
            NoAim::Blocked => "every straight way to pocket the disc is blocked",
            NoAim::Unreachable => "no stroke considered pockets the disc",
        })
    }
}

impl std::error::Error for NoAim {}

/// The route of a stroke found as `plan` whose as-meant verdict is
/// `verdict`: a planned stroke's own, else whether the striker touched a
/// cushion before its first disc.
pub fn route_of(plan: Plan, verdict: &Verdict) -> Route {
    match plan {
        Plan::Bank { .. } => Route::Rebound,
        Plan::Direct | Plan::DiscBank { .. } => Route::Direct,
        Plan::Search => match &verdict.first_contact {
            Some(f) if !f.cushions_before.is_empty() => Route::Rebound,
            _ => Route::Direct,
        },
    }
}

/// What `stroke`, found as `plan` and aimed at `aimed` if any, does played
/// as meant in `state` on `engine`: the own disc it pockets (the aimed one
/// when it falls, else the first to fall) and where, if it pockets one
/// without a foul. The hint describes its strokes with this, so that its
/// words and the aim tool's come from one judgment.
pub fn potted(
    state: &SetState,
    engine: &mut Engine,
    stroke: &Stroke,
    plan: Plan,
    aimed: Option<DiscId>,
) -> Option<Potted> {
    let mut outcome = Outcome::default();
    let (_, verdict) = state.preview_into(stroke, engine, &mut outcome).ok()?;
    if !verdict.fouls.is_empty() {
        return None;
    }
    let side = state.side_to_play();
    let on_table: Vec<DiscId> = state.discs_on_table().map(|d| d.id).collect();
    let fell = |id: DiscId| -> Option<Corner> {
        let k = on_table.iter().position(|&d| d == id)?;
        match outcome.disc(k) {
            Fate::Pocketed { pocket, .. } if verdict.pocketed.contains(&id) => Some(*pocket),
            _ => None,
        }
    };
    let own = |id: &DiscId| state.disc(*id).is_some_and(|d| d.side == side);
    let (disc, pocket) = aimed.and_then(|id| fell(id).map(|p| (id, p))).or_else(|| {
        on_table
            .iter()
            .filter(|id| own(id))
            .find_map(|&id| fell(id).map(|p| (id, p)))
    })?;
    Some(Potted {
        disc,
        pocket,
        route: route_of(plan, &verdict),
    })
}

/// A candidate played as meant.
struct Screened {
    candidate: Candidate,
    pocket: Corner,
    route: Route,
    pots: bool,
    cut: f64,
    near: bool,
    /// The hint's own stroke, preferred to any other that does the same.
    hinted: bool,
}

/// The tool: the best stroke that pockets `ask.disc` for the player to
/// stroke in `state`, with the best of each other pocket and route, or
/// why there is none. Deterministic: the same position and question give
/// the same answer.
pub fn plan_pot(state: &SetState, physics: &Physics, ask: &Ask) -> Result<Aims, NoAim> {
    plan_pot_as(state, physics, ask, &NoiseName::Club.noise(), None)
}

/// [`plan_pot`] with the chances counted under `hand`, and the hint's
/// stroke `hinted` (when it means to pocket `ask.disc`) considered first
/// and preferred to any other that pockets the disc as asked: the tool
/// then shows the very stroke the hint drew, with the same chance the hint
/// gave it when `hand` is the hint level's.
pub fn plan_pot_as(
    state: &SetState,
    physics: &Physics,
    ask: &Ask,
    hand: &Noise,
    hinted: Option<&Candidate>,
) -> Result<Aims, NoAim> {
    if state.is_over() {
        return Err(NoAim::SetOver);
    }
    let disc = state.disc(ask.disc).ok_or(NoAim::UnknownDisc)?;
    let at = disc.at.ok_or(NoAim::Gone)?;
    if disc.side != state.side_to_play() {
        return Err(NoAim::NotOwn);
    }
    let view = View::new(state, physics).ok_or(NoAim::Parameters)?;
    let k = view
        .ids
        .iter()
        .position(|&d| d == ask.disc)
        .ok_or(NoAim::Gone)?;
    let noise = *hand;
    let mut candidates = considered(&view, &noise, ask.disc);
    let hinted = hinted.filter(|h| h.disc == Some(ask.disc)).copied();
    if let Some(h) = &hinted {
        candidates.retain(|c| c.stroke != h.stroke);
        candidates.insert(0, *h);
    }
    let mut engine = Engine::new(*state.table(), *physics);
    let hinted = hinted.map(|h| h.stroke);
    let screened = screen(state, &view, &mut engine, k, at, ask, candidates, hinted);
    if screened.is_empty() {
        return Err(why_none(&view, k, ask.pocket));
    }
    let mut groups: Vec<Vec<Screened>> = Vec::new();
    for s in screened {
        match groups
            .iter_mut()
            .find(|g| g[0].pocket == s.pocket && g[0].route == s.route)
        {
            Some(g) => g.push(s),
            None => groups.push(vec![s]),
        }
    }
    let max_speed = physics.max_stroke_speed;
    let mut aims: Vec<(f64, Aim)> = Vec::new();
    let budget = (MAX_TRIED / groups.len().max(1)).clamp(1, PER_GROUP);
    for mut group in groups {
        group.sort_by(|a, b| rank(b).total_cmp(&rank(a)));
        let best = group
            .iter()
            .take(budget)
            .map(|s| tried(state, &mut engine, k, s, &noise, max_speed))
            .max_by(|a, b| a.0.total_cmp(&b.0));
        aims.extend(best);
    }
    aims.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut aims = aims.into_iter().map(|(_, a)| a);
    let best = aims.next().ok_or(NoAim::Unreachable)?;
    Ok(Aims {
        best,
        others: aims.collect(),
    })
}

/// Every distinct stroke any level's hint could consider for disc `id`,
/// planned pots first (surest first), then the tried ones; at most
/// [`MAX_SCREEN`].
fn considered(view: &View<'_>, noise: &Noise, id: DiscId) -> Vec<Candidate> {
    let mut breadths = Vec::new();
    for level in Level::ALL {
        let b = level.settings().breadth;
        if !breadths.contains(&b) {
            breadths.push(b);
        }
    }
    let mut seen = HashSet::new();
    let mut all: Vec<Candidate> = breadths
        .iter()
        .flat_map(|b| for_disc(view, noise, b, id))
        .filter(|c| {
            let s = c.stroke;
            seen.insert([
                s.striker.x.to_bits(),
                s.striker.y.to_bits(),
                s.direction.x.to_bits(),
                s.direction.y.to_bits(),
                s.speed.to_bits(),
            ])
        })
        .collect();
    all.sort_by(|a, b| {
        let key = |c: &Candidate| c.chance.unwrap_or(-1.0);
        key(b).total_cmp(&key(a))
    });
    all.truncate(MAX_SCREEN);
    all
}

/// The candidates that pocket disc `k` (at `at`) as asked, played as
/// meant, and the planned ones that geometry says do; the one whose
/// stroke is `hinted` is marked.
#[allow(clippy::too_many_arguments)]
fn screen(
    state: &SetState,
    view: &View<'_>,
    engine: &mut Engine,
    k: usize,
    at: DVec2,
    ask: &Ask,
    candidates: Vec<Candidate>,
    hinted: Option<Stroke>,
) -> Vec<Screened> {
    let mut outcome = Outcome::default();
    let mut out = Vec::new();
    for candidate in candidates {
        let Ok((_, verdict)) = state.preview_into(&candidate.stroke, engine, &mut outcome) else {
            continue;
        };
        let route = route_of(candidate.plan, &verdict);
        let fell = match outcome.disc(k) {
            Fate::Pocketed { pocket, .. } if verdict.pocketed.contains(&ask.disc) => Some(*pocket),
            _ => None,
        };
        let clean = verdict.fouls.is_empty();
        let (pocket, pots) = match (fell, candidate.corner) {
            (Some(p), _) if clean => (p, true),
            // A planned pot the hint may offer though it misses as meant.
            (_, Some(c)) => (c, false),
            _ => continue,
        };
        if ask.pocket.is_some_and(|p| p != pocket) || ask.route.is_some_and(|r| r != route) {
            continue;
        }
        let (cut, striker_way) = contact(&outcome, k, at);
        let near = near_disc(
            view,
            k,
            &striker_way,
            at,
            state.table().pocket_centre(pocket),
        );
        let hinted = hinted == Some(candidate.stroke);
        out.push(Screened {
            candidate,
            pocket,
            route,
            pots,
            cut,
            near,
            hinted,
        });
    }
    out
}

/// The cut at the striker's first contact with disc `k`, and the
/// striker's way there (its start, each turn, the contact). Without a
/// contact, the cut is 0 and the way its whole path.
fn contact(outcome: &Outcome, k: usize, at: DVec2) -> (f64, Vec<DVec2>) {
    let hit = outcome.events.iter().find_map(|e| match e.kind {
        EventKind::Contact { a, b, .. }
            if (a == Body::Striker && b == Body::Disc(k))
                || (b == Body::Striker && a == Body::Disc(k)) =>
        {
            Some(e.t)
        }
        _ => None,
    });
    let path = &outcome.paths[0];
    let Some(t) = hit else {
        return (0.0, path.iter().map(|s| s.p).collect());
    };
    let mut way: Vec<DVec2> = path.iter().filter(|s| s.t < t).map(|s| s.p).collect();
    let incoming = path
        .iter()
        .rev()
        .find(|s| s.t < t)
        .map_or(DVec2::ZERO, |s| s.v.normalize_or_zero());
    let there = outcome.position_at(Body::Striker, t);
    way.push(there);
    let line = (at - there).normalize_or_zero();
    let cut = incoming.dot(line).clamp(-1.0, 1.0).acos();
    (cut, way)
}

/// Whether the striker's way or the disc's line to `pocket` passes within
/// [`COMFORT`] of touching another disc.
fn near_disc(view: &View<'_>, k: usize, way: &[DVec2], at: DVec2, pocket: DVec2) -> bool {
    let t = view.table();
    let striker = t.striker.radius + t.disc.radius + COMFORT;
    let disc = 2.0 * t.disc.radius + COMFORT;
    view.positions.iter().enumerate().any(|(j, &p)| {
        j != k
            && (way
                .windows(2)
                .any(|w| segment_distance(w[0], w[1], p) < striker)
                || segment_distance(at, pocket, p) < disc)
    })
}

/// The order strokes are tried under noise in: the hint's own, then those
/// that pot as meant, then the surest by geometry, then the slowest (the
/// gentlest strokes scatter least).
fn rank(s: &Screened) -> f64 {
    f64::from(u8::from(s.hinted)) * 100.0
        + f64::from(u8::from(s.pots)) * 10.0
        + s.candidate.chance.unwrap_or(0.5)
        - 0.01 * s.candidate.stroke.speed
}

/// What noisy tries of a stroke at disc `k` did, counted.
#[derive(Clone, Copy, Default)]
struct Tally {
    pots: u32,
    jumps: u32,
    scratches: u32,
    fouls: u32,
}

/// [`TRIES`] tries of `stroke` under `noise`, counting those that pocket
/// disc `k` into `pocket` without a foul. The draws depend on the disc
/// alone (common random numbers), so that strokes at one disc are compared
/// under the same luck, and the same stroke always gets the same count:
/// the tool's and the hint's alike.
fn tally(
    state: &SetState,
    engine: &mut Engine,
    k: usize,
    stroke: &Stroke,
    pocket: Corner,
    noise: &Noise,
    max_speed: f64,
) -> Tally {
    let id = state.discs_on_table().nth(k).map(|d| d.id);
    let positions = state.positions();
    let mut rng = ChaCha8Rng::seed_from_u64(0x4149_4d00 ^ k as u64);
    let mut outcome = Outcome::default();
    let mut t = Tally::default();
    for _ in 0..TRIES {
        let played = noise.perturb(
            state.table(),
            state.seat_to_play(),
            &positions,
            stroke,
            max_speed,
            &mut rng,
        );
        let Ok((_, verdict)) = state.preview_into(&played, engine, &mut outcome) else {
            t.fouls += 1;
            continue;
        };
        let fell = matches!(outcome.disc(k), Fate::Pocketed { pocket: p, .. } if *p == pocket);
        t.pots += u32::from(fell && verdict.fouls.is_empty());
        t.fouls += u32::from(!verdict.fouls.is_empty());
        t.jumps += u32::from(verdict.jumped.iter().any(|j| j.disc == id));
        t.scratches += u32::from(matches!(outcome.striker(), Fate::Pocketed { .. }));
    }
    t
}

/// A stroke's chance of pocketing one disc into one pocket under a hand,
/// counted as the aim tool counts it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Chance {
    /// The share of tries that pocketed the disc there without a foul.
    pub pot: f64,
    /// The share of tries that were fouls.
    pub foul: f64,
    /// How many tries the shares are counted over.
    pub tries: u32,
}

/// The chance that `stroke` pockets `disc` into `pocket` in `state` under
/// `hand`, by the same tries as [`plan_pot_as`] gives the same stroke:
/// the hint's figure for its stroke, so that it and the aim tool's are
/// one number. `None` when the disc is not on the table.
pub fn chance(
    state: &SetState,
    physics: &Physics,
    stroke: &Stroke,
    disc: DiscId,
    pocket: Corner,
    hand: &Noise,
) -> Option<Chance> {
    let k = state.discs_on_table().position(|d| d.id == disc)?;
    let mut engine = Engine::new(*state.table(), *physics);
    let t = tally(
        state,
        &mut engine,
        k,
        stroke,
        pocket,
        hand,
        physics.max_stroke_speed,
    );
    let share = |n: u32| f64::from(n) / f64::from(TRIES);
    Some(Chance {
        pot: share(t.pots),
        foul: share(t.fouls),
        tries: TRIES,
    })
}

/// Tries `s` under `noise` and makes it an [`Aim`], with the score the
/// answer is ordered by.
fn tried(
    state: &SetState,
    engine: &mut Engine,
    k: usize,
    s: &Screened,
    noise: &Noise,
    max_speed: f64,
) -> (f64, Aim) {
    let id = state.discs_on_table().nth(k).map(|d| d.id);
    let Tally {
        pots,
        jumps,
        scratches,
        fouls,
    } = tally(
        state,
        engine,
        k,
        &s.candidate.stroke,
        s.pocket,
        noise,
        max_speed,
    );
    let share = |n: u32| f64::from(n) / f64::from(TRIES);
    let mut warnings = Vec::new();
    if !s.pots {
        warnings.push(Warning::Misses);
    }
    if s.near {
        warnings.push(Warning::NearDisc);
    }
    if share(jumps) >= RISK {
        warnings.push(Warning::Jumps);
    }
    if share(scratches) >= RISK {
        warnings.push(Warning::Scratch);
    }
    if share(fouls) >= RISK {
        warnings.push(Warning::Foul);
    }
    if s.candidate.stroke.speed >= 0.9 * max_speed {
        warnings.push(Warning::Fast);
    }
    let chance = share(pots);
    // Ordered by the chance, a stroke that misses as meant last of all, and
    // among equals the fewer warnings and the direct route.
    // The hint's own stroke comes first whatever its chance: the tool then
    // shows the stroke the hint drew.
    let score = chance - if s.pots { 0.0 } else { 2.0 } - 0.01 * warnings.len() as f64
        + if s.route == Route::Direct { 0.005 } else { 0.0 }
        + if s.hinted { 10.0 } else { 0.0 };
    (
        score,
        Aim {
            disc: id.unwrap_or(DiscId(0)),
            pocket: s.pocket,
            route: s.route,
            plan: s.candidate.plan,
            stroke: s.candidate.stroke,
            cut: s.cut,
            chance,
            tries: TRIES,
            warnings,
        },
    )
}

/// Why nothing pockets disc `k` (into `pocket`, if asked): dark, blocked
/// (a straight line from the zone exists but other discs stand on it) or
/// unreachable.
fn why_none(view: &View<'_>, k: usize, pocket: Option<Corner>) -> NoAim {
    if view.dark[k] {
        return NoAim::Dark;
    }
    let t = *view.table();
    let disc = view.positions[k];
    let along = view.region.along();
    let steps = 24;
    let lined = (0..=steps).any(|j| {
        let a = along.lo + (along.hi - along.lo) * f64::from(j) / f64::from(steps);
        view.spot(a).is_some_and(|from| {
            Corner::ALL
                .into_iter()
                .filter(|&c| pocket.is_none_or(|p| p == c))
                .any(|c| {
                    view.planner
                        .pocket(from, disc, c, crate::view::ARRIVALS[1])
                        .is_ok_and(|shot| {
                            novuss_core::aim::aim_allowed(
                                &t,
                                view.seat,
                                from,
                                shot.stroke.direction,
                            )
                        })
                })
        })
    });
    if lined {
        NoAim::Blocked
    } else {
        NoAim::Unreachable
    }
}
