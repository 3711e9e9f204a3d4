//! Shared helpers of the referee scenario tests (`tests/referee_*.rs`).
//!
//! Positions are built through the public API: [`SetState::new`], then its
//! plain [`SetParts`] are edited by hand (`at = None` pockets a disc), and
//! every stroke builds the state again with [`SetState::from_parts`], so
//! each scenario and each state the referee writes passes validation. Strokes are computed from the geometry so
//! that the physics gives a clear-cut result: a head-on hit sends a disc
//! straight along the line from the striker's centre through the disc's.

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::referee::{Conduct, PlayError, Refusal};
pub use novuss_core::rules::set::{DiscId, Side};
use novuss_core::rules::set::{Format, Opening, SetParts, SetState};
use novuss_core::rules::verdict::{FoulKind, Placed, Verdict};
use novuss_core::seat::Seat;
pub use novuss_core::table::{Corner, Cushion, Table};
use novuss_core::DVec2;

#[allow(unused_imports)]
pub use ProfileId::{Australia1992 as AU, Koroona as KO, Lnf2017 as LNF};

pub const EPS: f64 = 1e-9;

pub fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

/// A new set with every disc pocketed: place the ones a scenario needs with
/// [`put`]. Singles: ids 0–7 are South's (side 0), 8–15 North's (side 1).
pub fn empty(profile: ProfileId, format: Format) -> SetParts {
    let mut s = SetState::new(profile, format, Seat::South).to_parts();
    for d in &mut s.discs {
        d.at = None;
    }
    // Mid-set: the opening turn is over (`000` 4.6 is tested on its own).
    s.opening = Opening::Over;
    s.strokes = 10;
    s
}

/// Puts disc `id` at `p`.
pub fn put(s: &mut SetParts, id: u16, p: DVec2) {
    let d = s
        .discs
        .iter_mut()
        .find(|d| d.id == DiscId(id))
        .expect("known disc");
    d.at = Some(p);
}

/// Where disc `id` is.
pub fn at(s: &SetParts, id: u16) -> Option<DVec2> {
    s.discs
        .iter()
        .find(|d| d.id == DiscId(id))
        .expect("known disc")
        .at
}

/// The state `s` describes; panics if it is invalid.
#[track_caller]
pub fn state(s: &SetParts) -> SetState {
    match SetState::from_parts(s.clone()) {
        Ok(st) => st,
        Err(e) => panic!("invalid scenario: {e}"),
    }
}

/// Disc ids, for comparing with a verdict's lists.
pub fn ids(list: &[u16]) -> Vec<DiscId> {
    list.iter().map(|&i| DiscId(i)).collect()
}

/// Side `k`.
pub fn side(k: u8) -> Side {
    Side::new(k)
}

/// Sides as constants, for patterns.
pub const SIDE0: Side = Side::new(0);
pub const SIDE1: Side = Side::new(1);

/// Parks disc `id` against the west cushion at height `y`, out of the way
/// of strokes aimed east of the middle (light for every seat in singles).
pub fn park(s: &mut SetParts, id: u16, y: f64) {
    put(s, id, v(0.015, y));
}

pub fn engine(s: &SetParts) -> Engine {
    Engine::new(s.table, Physics::default())
}

/// Plays `stroke` and returns the new state and the verdict; panics with
/// the error otherwise.
#[track_caller]
pub fn play(s: &SetParts, stroke: Stroke) -> (SetParts, Verdict) {
    match try_play(s, stroke) {
        Ok(r) => r,
        Err(e) => panic!("stroke refused: {e}"),
    }
}

/// Plays `stroke`; the state afterwards must itself be valid.
#[track_caller]
pub fn try_play(s: &SetParts, stroke: Stroke) -> Result<(SetParts, Verdict), PlayError> {
    let st = state(s);
    let j = st.preview(&stroke, &mut engine(s))?;
    let next = j.next.to_parts();
    // What the referee writes reads back unchanged.
    assert_eq!(state(&next), j.next);
    Ok((next, j.verdict))
}

/// A stroke from `from` towards `to` at `speed`.
pub fn towards(from: DVec2, to: DVec2, speed: f64) -> Stroke {
    Stroke {
        striker: from,
        direction: to - from,
        speed,
    }
}

/// The stroke from `from` straight at the disc centred at `disc` that makes
/// the disc leave the contact at `disc_speed` (head-on, Newton's law with the
/// striker–disc restitution, sliding friction on the way).
pub fn head_on(from: DVec2, disc: DVec2, disc_speed: f64) -> Stroke {
    let t = Table::default();
    let ph = Physics::default();
    let (ms, md) = (t.striker.mass, t.disc.mass);
    let contact = disc_speed * (ms + md) / ((1.0 + ph.restitution_striker_disc) * ms);
    let gap = (disc - from).length() - t.striker.radius - t.disc.radius;
    let speed = (contact * contact + 2.0 * ph.deceleration() * gap).sqrt();
    towards(from, disc, speed)
}

/// The speed a body needs to slide `d` metres and stop.
pub fn speed_for(d: f64) -> f64 {
    (2.0 * Physics::default().deceleration() * d).sqrt()
}

pub fn pocket(c: Corner) -> DVec2 {
    Table::default().pocket_centre(c)
}

/// The point `d` before the pocket `c` on the line from `from` to its centre.
pub fn before_pocket(from: DVec2, c: Corner, d: f64) -> DVec2 {
    let p = pocket(c);
    p - (p - from).normalize() * d
}

pub fn kinds(vd: &Verdict) -> Vec<FoulKind> {
    vd.fouls.iter().map(|f| f.kind).collect()
}

pub fn close(a: DVec2, b: DVec2) -> bool {
    (a - b).length() < EPS
}

#[track_caller]
pub fn assert_close(a: DVec2, b: DVec2) {
    assert!(close(a, b), "{a:?} != {b:?}");
}

#[track_caller]
pub fn assert_placed(list: &[Placed], disc: u16, want: DVec2) {
    let p = list
        .iter()
        .find(|p| p.disc == DiscId(disc))
        .unwrap_or_else(|| panic!("disc {disc} not in {list:?}"));
    assert_close(p.at, want);
}

/// Whether some reason cites `doc` `clause`.
pub fn cites(vd: &Verdict, doc: &str, clause: &str) -> bool {
    vd.cites(doc, clause)
}

#[track_caller]
pub fn assert_cites(vd: &Verdict, doc: &str, clause: &str) {
    assert!(
        cites(vd, doc, clause),
        "no reason cites {doc} {clause}: {:#?}",
        vd.reasons
    );
}

/// The penalty spot for an offender at South with an empty north cushion.
pub const NORTH_MID: DVec2 = DVec2::new(0.5, 0.985);
/// The penalty spot for an offender at North with an empty south cushion.
pub const SOUTH_MID: DVec2 = DVec2::new(0.5, 0.015);

/// A cut: the striker from `from` meets the disc at `disc` so that the line
/// of centres at contact points from the disc to `target` (the disc leaves
/// along it), arriving at `contact_speed`.
pub fn cut(from: DVec2, disc: DVec2, target: DVec2, contact_speed: f64) -> Stroke {
    let t = Table::default();
    let ph = Physics::default();
    let n = (target - disc).normalize();
    let c = disc - n * (t.striker.radius + t.disc.radius);
    let gap = (c - from).length();
    let speed = (contact_speed * contact_speed + 2.0 * ph.deceleration() * gap).sqrt();
    towards(from, c, speed)
}

/// (normal, tangential) coordinates of a point with respect to a cushion.
type Coords = fn(DVec2) -> (f64, f64);

/// A stroke from `from` off cushion `side` (one bounce) that then meets the
/// disc at `disc` head-on at `contact_speed`. The cushion keeps the
/// tangential speed and scales the normal one by the restitution.
pub fn off_cushion(from: DVec2, side: Cushion, disc: DVec2, contact_speed: f64) -> Stroke {
    let t = Table::default();
    let ph = Physics::default();
    let e = ph.restitution_cushion;
    let r = t.striker.radius;
    // Normal coordinate of the striker's centre at the cushion, and the
    // (normal, tangential) coordinates of a point.
    let (line, nt): (f64, Coords) = match side {
        Cushion::North => (t.size - r, |p| (p.y, p.x)),
        Cushion::South => (r, |p| (p.y, p.x)),
        Cushion::East => (t.size - r, |p| (p.x, p.y)),
        Cushion::West => (r, |p| (p.x, p.y)),
    };
    let (sn, st) = nt(from);
    let (dn, dt) = nt(disc);
    let (a, b) = ((line - sn).abs(), (line - dn).abs());
    let tc = (e * a * dt + b * st) / (e * a + b);
    let hit = match side {
        Cushion::North | Cushion::South => DVec2::new(tc, line),
        Cushion::East | Cushion::West => DVec2::new(line, tc),
    };
    let d_in = (hit - from).normalize();
    let nrm = side.outward();
    let d_out = d_in - (1.0 + e) * d_in.dot(nrm) * nrm;
    let factor = d_out.length();
    let l2 = (disc - hit).length() - r - t.disc.radius;
    let decel = ph.deceleration();
    let at_cushion = (contact_speed * contact_speed + 2.0 * decel * l2).sqrt() / factor;
    let speed = (at_cushion * at_cushion + 2.0 * decel * (hit - from).length()).sqrt();
    towards(from, hit, speed)
}

/// A stroke from `from` off cushion `side` that then slides `after` metres
/// along its new line (touching nothing, if the way is clear).
pub fn bank(from: DVec2, side: Cushion, hit_along: f64, after: f64) -> Stroke {
    let t = Table::default();
    let ph = Physics::default();
    let r = t.striker.radius;
    let hit = match side {
        Cushion::North => DVec2::new(hit_along, t.size - r),
        Cushion::South => DVec2::new(hit_along, r),
        Cushion::East => DVec2::new(t.size - r, hit_along),
        Cushion::West => DVec2::new(r, hit_along),
    };
    let d_in = (hit - from).normalize();
    let nrm = side.outward();
    let d_out = d_in - (1.0 + ph.restitution_cushion) * d_in.dot(nrm) * nrm;
    let at_cushion = speed_for(after) / d_out.length();
    let speed = (at_cushion * at_cushion + 2.0 * ph.deceleration() * (hit - from).length()).sqrt();
    towards(from, hit, speed)
}

/// Applies a conduct action; the state afterwards must itself be valid.
#[track_caller]
pub fn conduct(s: &SetParts, action: &Conduct) -> Result<(SetParts, Verdict), Refusal> {
    let (next, vd) = state(s).preview_conduct(action)?;
    let parts = next.to_parts();
    assert_eq!(state(&parts), next);
    Ok((parts, vd))
}
