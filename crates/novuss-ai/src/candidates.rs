//! The strokes a computer player considers.
//!
//! Planned by geometry ([`View`]): direct pots of light discs into each
//! pocket, from the spot on the pot's line and from spots spread along the
//! zone, at several arrival speeds (enough to reach the pocket, and
//! margins); rebounds off each cushion onto own discs (the only way to a
//! dark disc, `000` 2.1; `001` "Direct strokes"; `002` 2.2–2.3, 4.2); discs
//! banked into pockets. Found by trying: a fan of directions at several
//! speeds from spots across the zone, which is where breaks of the opening
//! line-up, kisses, combinations, cluster breaks and safe strokes come from
//! (the search tells them apart by simulating them).
//!
//! Every candidate is legal: its placement and aim pass the referee's own
//! check ([`SetState::check`]) before it is kept.

use novuss_core::aim::AimRange;
use novuss_core::physics::stroke::Stroke;
use novuss_core::rules::set::{DiscId, SetState};
use novuss_core::table::Corner;
use novuss_core::DVec2;

use crate::noise::Noise;
use crate::view::{Plan, Pot, View, ARRIVALS};

/// How widely to look.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Breadth {
    /// Extra striker spots along the zone for planned strokes, each side of
    /// the line's own spot.
    pub spots: usize,
    /// Arrival speeds per planned pot (1 to 3).
    pub arrivals: usize,
    /// Spots across the zone for the fan of tried strokes.
    pub fan_spots: usize,
    /// Directions in the fan from each spot.
    pub fan_directions: usize,
    /// Speeds in the fan.
    pub fan_speeds: usize,
    /// Whether it plans strokes off a cushion: the striker rebounding onto
    /// an own disc (the only planned way to a dark disc, `000` 2.5.1; `001`
    /// "Direct strokes") and a disc banked into a pocket. A newcomer sees
    /// the straight lines only; the fan still tries cushions by chance.
    pub banks: bool,
}

/// A stroke to consider and what it was planned for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Candidate {
    /// The stroke, legal for the player to stroke.
    pub stroke: Stroke,
    /// How it was found.
    pub plan: Plan,
    /// The disc it means to pocket, for planned pots.
    pub disc: Option<DiscId>,
    /// The pocket it aims at, for planned pots.
    pub corner: Option<Corner>,
    /// The geometric chance, for planned pots.
    pub chance: Option<f64>,
}

impl From<Pot> for Candidate {
    fn from(p: Pot) -> Candidate {
        Candidate {
            stroke: p.stroke,
            plan: p.plan,
            disc: Some(p.disc),
            corner: Some(p.corner),
            chance: Some(p.chance),
        }
    }
}

impl Candidate {
    /// A stroke found by trying (`Plan::Search`), aimed at `disc` if any.
    fn tried(striker: DVec2, direction: DVec2, speed: f64, disc: Option<DiscId>) -> Candidate {
        Candidate {
            stroke: Stroke {
                striker,
                direction,
                speed,
            },
            plan: Plan::Search,
            disc,
            corner: None,
            chance: None,
        }
    }
}

/// Fan speeds, m/s: a soft touch, a firm stroke, a break, and between.
const FAN_SPEEDS: [f64; 7] = [1.6, 3.2, 5.5, 6.5, 7.5, 4.3, 2.4];

/// Where on a disc an aimed stroke hits, in units of the distance at which
/// the bodies touch: full, half-ball either side, thin either side.
const OFFSETS: [f64; 5] = [0.0, -0.5, 0.5, -0.85, 0.85];

/// The candidates for the player to stroke in `view`, every one legal.
pub fn generate(view: &View<'_>, noise: &Noise, breadth: &Breadth) -> Vec<Candidate> {
    let mut out = generate_planned(view, noise, breadth);
    fan(view, breadth, &mut out);
    aimed(view, breadth, &mut out);
    let state: &SetState = view.state;
    out.retain(|c| state.check(&c.stroke).is_ok());
    out
}

/// The candidates of [`generate`] that a stroke at disc `id` could be: its
/// planned pots, the tried strokes aimed at it, and the fan's strokes whose
/// straight line meets it first or meets no disc before a cushion (which
/// may rebound onto it). The same generators, so that the aim tool
/// ([`crate::target`]) considers every stroke a hint of the same breadth
/// could offer for that disc.
pub fn for_disc(view: &View<'_>, noise: &Noise, breadth: &Breadth, id: DiscId) -> Vec<Candidate> {
    let Some(k) = view.ids.iter().position(|&d| d == id) else {
        return Vec::new();
    };
    let mut out: Vec<Candidate> = generate_planned(view, noise, breadth)
        .into_iter()
        .filter(|c| c.disc == Some(id))
        .collect();
    let mut tried = Vec::new();
    aimed(view, breadth, &mut tried);
    out.extend(tried.into_iter().filter(|c| c.disc == Some(id)));
    let mut fanned = Vec::new();
    fan(view, breadth, &mut fanned);
    let reach = view.table().size.hypot(view.table().size) * 2.0;
    out.extend(fanned.into_iter().filter(|c| {
        view.planner
            .first_contact(c.stroke.striker, c.stroke.direction, &view.positions, reach)
            .is_none_or(|f| f.disc == k)
    }));
    let state: &SetState = view.state;
    out.retain(|c| state.check(&c.stroke).is_ok());
    out
}

/// The planned pots of [`generate`], before the legality check.
fn generate_planned(view: &View<'_>, noise: &Noise, breadth: &Breadth) -> Vec<Candidate> {
    let spread: Vec<f64> = (1..=breadth.spots)
        .flat_map(|k| {
            let s = 0.3 * k as f64 / breadth.spots as f64;
            [-s, s]
        })
        .collect();
    let arrivals = &ARRIVALS[..breadth.arrivals.clamp(1, ARRIVALS.len())];
    let mut pots = Vec::new();
    view.direct_pots(noise, &spread, arrivals, &mut pots);
    if breadth.banks {
        let mut bank_spread = vec![0.0];
        bank_spread.extend(&spread);
        view.bank_pots(noise, &bank_spread, arrivals, &mut pots);
        view.disc_bank_pots(noise, &bank_spread, &arrivals[..1], &mut pots);
    }
    pots.into_iter().map(Candidate::from).collect()
}

/// Tried strokes: directions spread over the aim range from spots across
/// the zone's middle depth.
fn fan(view: &View<'_>, breadth: &Breadth, out: &mut Vec<Candidate>) {
    if breadth.fan_spots == 0 || breadth.fan_directions == 0 || breadth.fan_speeds == 0 {
        return;
    }
    let t = *view.table();
    let along = view.region.along();
    let n = breadth.fan_spots;
    for k in 0..n {
        let a = along.lo + (along.hi - along.lo) * (k as f64 + 0.5) / n as f64;
        let Some(from) = view.spot(a) else {
            continue;
        };
        let Some(range) = AimRange::new(&t, view.seat, from) else {
            continue;
        };
        let m = breadth.fan_directions.max(1);
        for j in 0..m {
            let angle = range.lo() + (range.hi() - range.lo()) * (j as f64 + 0.5) / m as f64;
            let direction = range.direction_at(angle);
            for &speed in &FAN_SPEEDS[..breadth.fan_speeds.clamp(1, FAN_SPEEDS.len())] {
                out.push(Candidate::tried(from, direction, speed, None));
            }
        }
    }
}

/// Tried strokes aimed at each own light disc, full and off-centre, at the
/// fan's speeds, from the spot straight below it and spots either side:
/// kisses, combinations and cluster breaks (the opening line-up above all).
fn aimed(view: &View<'_>, breadth: &Breadth, out: &mut Vec<Candidate>) {
    if breadth.fan_spots == 0 || breadth.fan_speeds == 0 {
        return;
    }
    let t = *view.table();
    let frame = view.frame();
    let reach = t.striker.radius + t.disc.radius;
    let offsets = &OFFSETS[..breadth.fan_spots.clamp(1, OFFSETS.len())];
    let speeds = &FAN_SPEEDS[..breadth.fan_speeds.clamp(1, FAN_SPEEDS.len())];
    for k in 0..view.positions.len() {
        if !view.own[k] || view.dark[k] {
            continue;
        }
        let disc = view.positions[k];
        let below = frame.along(disc);
        for shift in [0.0, -0.2, 0.2] {
            let Some(from) = view.spot(below + shift) else {
                continue;
            };
            let to = (disc - from).normalize_or_zero();
            for &o in offsets {
                let aim = disc + to.perp() * (o * reach);
                let direction = (aim - from).normalize_or_zero();
                for &speed in speeds {
                    out.push(Candidate::tried(from, direction, speed, Some(view.ids[k])));
                }
            }
        }
    }
}
