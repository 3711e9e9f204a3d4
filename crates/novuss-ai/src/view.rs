//! A position as the player to stroke sees it: which discs are theirs, which
//! of those are dark, where the striker may stand, and the pots that
//! geometry offers, each with a chance under the player's noise.
//!
//! This is the computer player's quick eye: no simulation, a few
//! microseconds a position. The search uses it to propose strokes and to
//! judge what a position offers the next player (the look-ahead within and
//! after the turn); the `greedy` level plays by it alone.

use novuss_core::aim::{aim_allowed, segment_distance, Planner, Shot, StrikerRegion};
use novuss_core::physics::stroke::Stroke;
use novuss_core::rules::set::{DiscId, SetState, Side};
use novuss_core::rules::zone::{is_dark, SeatFrame};
use novuss_core::seat::Seat;
use novuss_core::table::{Corner, Cushion, Table};
use novuss_core::DVec2;

use crate::noise::Noise;

/// The least spread the chance model assumes, so that even a noiseless
/// player prefers a short, full hit to a long, thin one.
const FLOOR: Noise = Noise {
    placement_mm: 0.2,
    direction_deg: 0.08,
    speed_pct: 1.0,
    speed_bias_pct: 0.0,
};

/// Arrival speeds at the pocket's centre that a pot is planned with, m/s:
/// gently, and firmly (well under the 2 m/s at which a disc jumps a hole).
pub const ARRIVALS: [f64; 3] = [0.35, 0.8, 1.4];

/// How a planned stroke reaches its disc and the pocket.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Plan {
    /// Straight onto the disc, which goes straight into the pocket.
    Direct,
    /// Off a cushion onto the disc (a rebound stroke).
    Bank {
        /// The cushion the striker rebounds from.
        cushion: Cushion,
    },
    /// Straight onto the disc, which rebounds off a cushion into the pocket.
    DiscBank {
        /// The cushion the disc rebounds from.
        cushion: Cushion,
    },
    /// Found by trying directions and speeds (breaks, kisses, safeties).
    Search,
}

/// A pot that geometry offers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pot {
    /// The stroke as planned.
    pub stroke: Stroke,
    /// The disc to be pocketed.
    pub disc: DiscId,
    /// Into which pocket.
    pub corner: Corner,
    /// How.
    pub plan: Plan,
    /// The model's chance that it falls (0 to 1).
    pub chance: f64,
}

/// The position from the chair of the player to stroke.
pub struct View<'a> {
    /// The set.
    pub state: &'a SetState,
    /// The player's seat.
    pub seat: Seat,
    /// The player's side.
    pub side: Side,
    /// Centres of the discs on the table, in the engine's order.
    pub positions: Vec<DVec2>,
    /// Their ids, in the same order.
    pub ids: Vec<DiscId>,
    /// Whether each is the player's side's.
    pub own: Vec<bool>,
    /// Whether each own disc is dark (false for the others).
    pub dark: Vec<bool>,
    /// Where the striker may stand.
    pub region: StrikerRegion,
    /// The aiming geometry.
    pub planner: Planner,
    frame: SeatFrame,
}

impl<'a> View<'a> {
    /// The view of the player to stroke in `state`; `None` if the set is
    /// over or its table has no planner (parameters out of range).
    pub fn new(state: &'a SetState, physics: &novuss_core::physics::Physics) -> Option<View<'a>> {
        View::for_seat(state, state.seat_to_play(), state.side_to_play(), physics)
    }

    /// The view from `seat`, playing for `side`, whoever is to stroke (to
    /// judge what a position will offer a player when the turn comes back).
    pub fn for_seat(
        state: &'a SetState,
        seat: Seat,
        side: Side,
        physics: &novuss_core::physics::Physics,
    ) -> Option<View<'a>> {
        if state.is_over() {
            return None;
        }
        let table = *state.table();
        let planner = Planner::new(table, *physics).ok()?;
        let (mut positions, mut ids, mut own, mut dark) = (vec![], vec![], vec![], vec![]);
        for d in state.discs_on_table() {
            let at = d.at?;
            positions.push(at);
            ids.push(d.id);
            let mine = d.side == side;
            own.push(mine);
            dark.push(mine && is_dark(&table, seat, at));
        }
        let region = StrikerRegion::new(&table, seat, &positions);
        Some(View {
            state,
            seat,
            side,
            positions,
            ids,
            own,
            dark,
            region,
            planner,
            frame: SeatFrame::new(&table, seat),
        })
    }

    /// The table.
    pub fn table(&self) -> &Table {
        self.planner.table()
    }

    /// The seat's frame.
    pub fn frame(&self) -> SeatFrame {
        self.frame
    }

    /// Whether the player has a light disc on the table.
    pub fn has_light(&self) -> bool {
        (0..self.own.len()).any(|k| self.own[k] && !self.dark[k])
    }

    /// The middle of the striker's zone across its depth, where planned
    /// strokes place it.
    pub fn mid_depth(&self) -> f64 {
        let depth = self.region.depth();
        (depth.lo + depth.hi) / 2.0
    }

    /// The legal striker spot nearest the zone's middle depth at `along`
    /// (in the seat's frame), if the zone has one.
    pub fn spot(&self, along: f64) -> Option<DVec2> {
        self.region
            .nearest(self.frame.world(along, self.mid_depth()))
    }

    /// Legal striker spots to plan a hit along `dir` (the direction the
    /// striker travels at the contact `ghost`): the spot on that line in the
    /// middle of the zone's depth, when the line reaches the zone, and
    /// spots spread along the zone.
    pub fn spots_for(&self, ghost: DVec2, dir: DVec2, spread: &[f64]) -> Vec<DVec2> {
        let mut out = Vec::with_capacity(spread.len() + 1);
        let mid = self.mid_depth();
        let inward = self.frame.inward();
        let rise = dir.dot(inward);
        let mut centre = self.table().size / 2.0;
        if rise > 0.05 {
            let t = (self.frame.depth(ghost) - mid) / rise;
            if t > 0.0 {
                let p = ghost - dir * t;
                if let Some(q) = self.region.nearest(p) {
                    out.push(q);
                    centre = self.frame.along(q);
                }
            }
        }
        for &s in spread {
            let along = self.frame.along(self.frame.world(centre + s, mid));
            if let Some(q) = self.region.nearest(self.frame.world(along, mid)) {
                if !out.iter().any(|o: &DVec2| o.distance(q) < 0.004) {
                    out.push(q);
                }
            }
        }
        out
    }

    /// Whether a body of radius `r` sliding from `a` to `b` stays clear of
    /// every disc but `skip` (an index).
    pub fn clear(&self, a: DVec2, b: DVec2, r: f64, skip: usize) -> bool {
        let reach = r + self.table().disc.radius;
        self.positions
            .iter()
            .enumerate()
            .all(|(k, &p)| k == skip || segment_distance(a, b, p) > reach)
    }

    /// The chance model: the probability that a pot along `d1` m of striker
    /// travel, hitting with cut `cut` (rad), then `d2` m of disc travel (and
    /// `extra` m more path after a cushion) falls, for a player with
    /// `noise`, and that its speed lets it fall.
    pub fn chance(
        &self,
        noise: &Noise,
        d1: f64,
        cut: f64,
        d2: f64,
        arrive: f64,
        speed: f64,
    ) -> f64 {
        let t = self.table();
        let n = Noise {
            placement_mm: noise.placement_mm.max(FLOOR.placement_mm),
            direction_deg: noise.direction_deg.max(FLOOR.direction_deg),
            speed_pct: noise.speed_pct.max(FLOOR.speed_pct),
            speed_bias_pct: 0.0,
        };
        let reach = t.striker.radius + t.disc.radius;
        let sd = n.direction_deg.to_radians();
        let sp = n.placement_mm * 1e-3;
        // The striker's lateral miss at the contact turns the disc's line by
        // about miss / (reach cos θ); the disc carries that to the pocket.
        let miss = ((d1 * sd).powi(2) + sp * sp).sqrt();
        let turn = miss / (reach * cut.cos().max(0.15));
        let lateral = d2 * turn;
        let w = t.pocket_radius - 0.2 * t.disc.radius;
        let line = normal_two_sided(w / lateral.max(1e-9));
        // Speed: the disc must still move at the hole and not jump it.
        let sv = n.speed_pct / 100.0;
        let decel = self.planner.physics().deceleration();
        let jump = self.planner.max_pocket_arrival();
        let need = (2.0 * decel * d2).sqrt(); // launch speed of the disc to just arrive
        let launch = (arrive * arrive + need * need).sqrt();
        let short = normal_cdf((1.0 - need / launch) / sv);
        let long = normal_cdf(((jump * jump + need * need).sqrt() / launch - 1.0) / sv);
        let fast = if speed > self.planner.physics().max_stroke_speed * 0.9 {
            0.7
        } else {
            1.0
        };
        (line * (short + long - 1.0).max(0.0) * fast).clamp(0.0, 1.0)
    }

    /// Every direct pot of an own light disc (each pocket, each legal spot,
    /// each of `arrivals`) whose lines are clear, with its chance for
    /// `noise`. `spread` lists along-offsets of extra striker spots.
    pub fn direct_pots(&self, noise: &Noise, spread: &[f64], arrivals: &[f64], out: &mut Vec<Pot>) {
        let t = *self.table();
        for k in 0..self.positions.len() {
            if !self.own[k] || self.dark[k] {
                continue;
            }
            let disc = self.positions[k];
            for corner in Corner::ALL {
                let pocket = t.pocket_centre(corner);
                if !self.clear(disc, pocket, t.disc.radius, k) {
                    continue;
                }
                let n = (pocket - disc).normalize_or_zero();
                let ghost = disc - n * (t.striker.radius + t.disc.radius);
                for from in self.spots_for(ghost, n, spread) {
                    for &arrive in arrivals {
                        let Ok(shot) = self.planner.pocket(from, disc, corner, arrive) else {
                            continue;
                        };
                        if !aim_allowed(&t, self.seat, from, shot.stroke.direction)
                            || !self.clear(from, shot.contact, t.striker.radius, k)
                        {
                            continue;
                        }
                        let (d1, d2) = (from.distance(shot.contact), disc.distance(pocket));
                        out.push(self.pot(noise, k, corner, Plan::Direct, &shot, d1, d2, arrive));
                    }
                }
            }
        }
    }

    /// Rebound pots: the striker off one cushion onto an own disc (light or
    /// dark) straight into a pocket, with its chance (the longer way and
    /// the cushion make it less sure than a direct pot).
    pub fn bank_pots(&self, noise: &Noise, spread: &[f64], arrivals: &[f64], out: &mut Vec<Pot>) {
        self.banks(noise, spread, arrivals, |_| true, out);
    }

    /// [`View::bank_pots`] of the own discs `which` accepts (by index).
    fn banks(
        &self,
        noise: &Noise,
        spread: &[f64],
        arrivals: &[f64],
        which: impl Fn(usize) -> bool,
        out: &mut Vec<Pot>,
    ) {
        let t = *self.table();
        // The spots depend on the spread alone: found once, not per disc,
        // pocket and cushion (the valuation calls this for every sample).
        let spots = self.spread_spots(spread);
        for k in 0..self.positions.len() {
            if !self.own[k] || !which(k) {
                continue;
            }
            let disc = self.positions[k];
            for corner in Corner::ALL {
                let pocket = t.pocket_centre(corner);
                if !self.clear(disc, pocket, t.disc.radius, k) {
                    continue;
                }
                for cushion in Cushion::ALL {
                    for &from in &spots {
                        for &arrive in arrivals {
                            let Ok(shot) =
                                self.planner.bank_onto(from, cushion, disc, pocket, arrive)
                            else {
                                continue;
                            };
                            let Some(hit) = shot.striker_cushion else {
                                continue;
                            };
                            if !aim_allowed(&t, self.seat, from, shot.stroke.direction)
                                || !self.clear(from, hit.at, t.striker.radius, k)
                                || !self.clear(hit.at, shot.contact, t.striker.radius, k)
                            {
                                continue;
                            }
                            let d1 = from.distance(hit.at) + 1.6 * hit.at.distance(shot.contact);
                            let d2 = disc.distance(pocket);
                            let plan = Plan::Bank { cushion };
                            out.push(self.pot(noise, k, corner, plan, &shot, d1, d2, arrive));
                        }
                    }
                }
            }
        }
    }

    /// Pots with the disc banked off one cushion into a pocket.
    pub fn disc_bank_pots(
        &self,
        noise: &Noise,
        spread: &[f64],
        arrivals: &[f64],
        out: &mut Vec<Pot>,
    ) {
        let t = *self.table();
        let spots = self.spread_spots(spread);
        for k in 0..self.positions.len() {
            if !self.own[k] || self.dark[k] {
                continue;
            }
            let disc = self.positions[k];
            for corner in Corner::ALL {
                let pocket = t.pocket_centre(corner);
                for cushion in Cushion::ALL {
                    let (a, b) = corner.sides();
                    if cushion == a || cushion == b {
                        continue; // a cushion of the pocket's own corner
                    }
                    for &from in &spots {
                        for &arrive in arrivals {
                            let Ok(shot) =
                                self.planner.disc_bank(from, disc, cushion, corner, arrive)
                            else {
                                continue;
                            };
                            let Some(hit) = shot.disc_cushion else {
                                continue;
                            };
                            if !aim_allowed(&t, self.seat, from, shot.stroke.direction)
                                || !self.clear(from, shot.contact, t.striker.radius, k)
                                || !self.clear(disc, hit.at, t.disc.radius, k)
                                || !self.clear(hit.at, pocket, t.disc.radius, k)
                            {
                                continue;
                            }
                            let d1 = from.distance(shot.contact);
                            let d2 = 1.3 * (disc.distance(hit.at) + hit.at.distance(pocket));
                            let plan = Plan::DiscBank { cushion };
                            out.push(self.pot(noise, k, corner, plan, &shot, d1, d2, arrive));
                        }
                    }
                }
            }
        }
    }

    /// The legal spots at the zone's middle depth, `spread` along from the
    /// middle of the cushion (those that exist).
    fn spread_spots(&self, spread: &[f64]) -> Vec<DVec2> {
        let middle = self.table().size / 2.0;
        spread
            .iter()
            .filter_map(|&s| self.spot(middle + s))
            .collect()
    }

    /// The pot `shot` of own disc `k` into `corner`, with its chance: `d1`
    /// and `d2` are the striker's and the disc's effective travel. Banks of
    /// either body are a tenth less sure than the model says (the cushion's
    /// own spread is not in it).
    #[allow(clippy::too_many_arguments)]
    fn pot(
        &self,
        noise: &Noise,
        k: usize,
        corner: Corner,
        plan: Plan,
        shot: &Shot,
        d1: f64,
        d2: f64,
        arrive: f64,
    ) -> Pot {
        let chance = self.chance(noise, d1, shot.cut, d2, arrive, shot.stroke.speed);
        Pot {
            stroke: shot.stroke,
            disc: self.ids[k],
            corner,
            plan,
            chance: if plan == Plan::Direct {
                chance
            } else {
                0.9 * chance
            },
        }
    }

    /// For each own disc on the table, the best chance geometry gives it:
    /// a direct pot for a light disc, a rebound for a dark one (0 when
    /// neither is clear, or when the eye does not see `banks`), best
    /// first. Cheap enough to call for every simulated stroke.
    pub fn disc_chances(&self, noise: &Noise, banks: bool) -> Vec<f64> {
        let mut pots = Vec::new();
        self.direct_pots(noise, &[], &[ARRIVALS[1]], &mut pots);
        if banks && self.dark.iter().any(|&d| d) {
            self.banks(noise, &[0.0], &[ARRIVALS[1]], |k| self.dark[k], &mut pots);
        }
        let mut best: Vec<f64> = self
            .ids
            .iter()
            .zip(&self.own)
            .filter(|(_, &own)| own)
            .map(|(&id, _)| {
                pots.iter()
                    .filter(|p| p.disc == id)
                    .map(|p| p.chance)
                    .fold(0.0, f64::max)
            })
            .collect();
        best.sort_by(|a, b| b.total_cmp(a));
        best
    }
}

/// `P(|Z| < z)` for a standard normal `Z`.
pub fn normal_two_sided(z: f64) -> f64 {
    (2.0 * normal_cdf(z) - 1.0).max(0.0)
}

/// The standard normal distribution function (Zelen and Severo's
/// approximation 26.2.17 in Abramowitz and Stegun, error below 7.5e-8).
pub fn normal_cdf(z: f64) -> f64 {
    if z.is_nan() {
        return 0.5;
    }
    let x = z.abs();
    let t = 1.0 / (1.0 + 0.231_641_9 * x);
    let poly = t
        * (0.319_381_530
            + t * (-0.356_563_782
                + t * (1.781_477_937 + t * (-1.821_255_978 + t * 1.330_274_429))));
    let upper = (-x * x / 2.0).exp() / (2.0 * std::f64::consts::PI).sqrt() * poly;
    if z >= 0.0 {
        1.0 - upper
    } else {
        upper
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use novuss_core::physics::Physics;

    #[test]
    fn normal_cdf_matches_known_values() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
        assert!((normal_two_sided(1.0) - 0.682_689_5).abs() < 1e-6);
    }

    #[test]
    fn the_opening_offers_no_straight_pot_but_the_chance_model_orders_shots() {
        let state = SetState::new(
            novuss_core::rules::profile::ProfileId::Lnf2017,
            novuss_core::rules::set::Format::Singles,
            Seat::South,
        );
        let v = View::new(&state, &Physics::default()).unwrap();
        assert_eq!(v.own.iter().filter(|&&o| o).count(), 8);
        assert!(v.has_light());
        // Discs pressed against the far cushion: no straight line to a
        // pocket is clear for the striker (it cannot reach the far side of
        // a disc against the cushion), so the eye sees no pot.
        let mut pots = Vec::new();
        v.direct_pots(&Noise::PRO, &[-0.2, 0.2], &ARRIVALS, &mut pots);
        assert!(pots.is_empty());
        assert!(v.disc_chances(&Noise::PRO, true).iter().all(|&p| p == 0.0));
        // A short full hit is surer than a long thin one.
        let easy = v.chance(&Noise::PRO, 0.2, 0.0, 0.2, 0.8, 2.0);
        let hard = v.chance(&Noise::PRO, 0.8, 1.2, 0.7, 0.8, 2.0);
        assert!(easy > 0.95 && hard < easy, "{easy} {hard}");
    }
}
