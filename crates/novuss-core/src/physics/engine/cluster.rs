//! Touching clusters: every contact the latest impulses created, resolved
//! at one instant (see the `engine` module docs and `docs/physics.md` §8).

use glam::DVec2;

use super::Engine;
use crate::physics::event::{Body, EventKind, Outcome};
use crate::physics::project::{separation, Contact, Projection, Projector};
use crate::physics::tolerance::{DRIFT_SPEED, RESTING_SPEED};
use crate::physics::{collide, sweep};
use crate::table::Cushion;

/// Touching bodies moving within this of each other (or within
/// [`rest_speed`](crate::physics::Physics::rest_speed), if larger) join a
/// pair pressed together, m/s (see `rigidify`). It is the default rest
/// speed: a train of discs pushed along a cushion must move as one, or its
/// members press into each other again and again at one instant.
const GROUP_SPEED: f64 = 1e-3;

/// Projections of one instant's cluster after the sequential impulses
/// exceed their budget; one suffices unless rounding defeats it.
const BUDGET_PROJECTIONS: usize = 3;

/// Projections of one instant's resting contacts, likewise.
const RESTING_PROJECTIONS: usize = 2;

/// Scratch space for projecting a cluster, kept by the engine so that no
/// stroke allocates for it once warm.
#[derive(Default)]
pub(super) struct Relax {
    projector: Projector,
    /// `local[i]`: body `i`'s index in `members`, or `usize::MAX`.
    local: Vec<usize>,
    members: Vec<usize>,
    /// Bodies touching the member being expanded, with the unit normal.
    found: Vec<(usize, DVec2)>,
    contacts: Vec<Contact>,
    /// The cushion of each contact that is one.
    sides: Vec<Option<Cushion>>,
    inv_mass: Vec<f64>,
    held: Vec<bool>,
    v0: Vec<DVec2>,
    v: Vec<DVec2>,
    impulse: Vec<f64>,
    seeds: Vec<usize>,
    /// Contacts `check` found closing slower than [`RESTING_SPEED`] (but
    /// faster than [`DRIFT_SPEED`]), or moving into a touched cushion
    /// (`None`) slower than it: the candidates of `resting_closings`.
    resting: Vec<(usize, Option<usize>)>,
}

impl Engine {
    /// Resolves every contact that the latest impulses created (see the
    /// module docs on touching clusters): sequential impulses for
    /// collisions, then the inelastic projection for whatever still closes
    /// slower than [`RESTING_SPEED`]; the projection also replaces the
    /// sequential impulses of an instant that needs more than its budget.
    pub(super) fn settle(&mut self, out: &mut Outcome) {
        self.relax.resting.clear();
        let mut impulses = 0;
        let mut budget_projections = 0;
        let mut resting_projections = 0;
        let mut k = 0;
        'instant: loop {
            while k < self.queue.len() {
                if self.steps > self.physics.max_events {
                    out.truncated = true;
                    break 'instant;
                }
                // Eight impulses for every body the cascade has reached so
                // far (and a few to start): enough for a restitution cascade
                // through a cluster, and a cost bounded by the cluster, not
                // by the table.
                let budget = 8 * self.touched.len() + 32;
                if impulses > budget && budget_projections < BUDGET_PROJECTIONS {
                    // Sequential impulses are creeping (a row struck end on,
                    // a wedge): take their inelastic limit at once.
                    budget_projections += 1;
                    impulses = 0;
                    self.steps += 1;
                    let mut seeds = std::mem::take(&mut self.relax.seeds);
                    seeds.clear();
                    seeds.extend(self.touched.iter().copied());
                    self.project(&seeds, out);
                    self.relax.seeds = seeds;
                }
                let i = self.queue[k];
                k += 1;
                self.bodies[i].queued = false;
                impulses += self.check(i, out);
            }
            if resting_projections < RESTING_PROJECTIONS && self.resting_closings() {
                resting_projections += 1;
                self.steps += 1;
                let seeds = std::mem::take(&mut self.relax.seeds);
                self.project(&seeds, out);
                self.relax.seeds = seeds;
                continue;
            }
            break;
        }
        for &i in &self.queue {
            self.bodies[i].queued = false;
        }
        self.queue.clear();
    }

    /// Checks body `i`, just changed, against every body and cushion it
    /// touches, striking any it closes on faster than [`RESTING_SPEED`],
    /// and lets it fall if it is slow over a hole. Returns the impulses.
    fn check(&mut self, i: usize, out: &mut Outcome) -> usize {
        let now = self.now;
        let tol = self.physics.contact_tolerance;
        let mut impulses = 0;
        if !self.bodies[i].alive {
            return 0;
        }
        // Every body is inside its sweep now (impulses change only
        // velocities), so only bodies whose sweeps overlap can touch.
        let pi = self.bodies[i].track.position(now);
        // Body i's velocity, read again after each impulse that changes it.
        let mut vi = self.bodies[i].track.velocity(now);
        // Impulses change no sweeps, so the row is stable meanwhile.
        for w in 0..self.near.row(i).len() {
            let mut bits = self.near.row(i)[w];
            while bits != 0 {
                let j = w * sweep::WORD + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if j == i {
                    continue;
                }
                let (a, b) = (&self.bodies[i], &self.bodies[j]);
                if !b.alive || (!a.track.moving() && !b.track.moving()) {
                    continue;
                }
                let rel = b.track.position(now) - pi;
                let dist2 = rel.length_squared();
                let reach = a.radius + b.radius + tol;
                if dist2 > reach * reach {
                    continue;
                }
                let dist = dist2.sqrt();
                let closing = (vi - b.track.velocity(now)).dot(rel) / dist;
                if closing > RESTING_SPEED {
                    self.strike(i, j, out);
                    vi = self.bodies[i].track.velocity(now);
                    impulses += 1;
                    self.steps += 1;
                } else if closing > DRIFT_SPEED {
                    // A resting contact still closing: see `resting_closings`.
                    self.relax.resting.push((i, Some(j)));
                }
            }
        }
        for side in Cushion::ALL {
            let b = &self.bodies[i];
            if !b.alive || !b.track.moving() {
                break;
            }
            if self.table.distance_to_cushion(pi, side) - b.radius > tol {
                continue;
            }
            let into = b.track.velocity(now).dot(side.outward());
            if into > 0.0 {
                if into > RESTING_SPEED {
                    self.rebound(i, side, out);
                    impulses += 1;
                    self.steps += 1;
                } else {
                    self.relax.resting.push((i, None));
                }
            }
        }
        if self.bodies[i].alive {
            let b = &self.bodies[i];
            let hole = if b.track.moving() {
                b.over
            } else {
                // At rest: over any hole at all (see `hole_under`).
                self.hole_under(i, pi)
            };
            if let Some(c) = hole {
                if b.track.speed_at(now) <= self.physics.pocket_jump_speed {
                    self.fall(i, c, out);
                }
            }
        }
        impulses
    }

    /// Collects into `relax.seeds` the bodies changed at this instant that
    /// still close on a body they touch faster than [`DRIFT_SPEED`], or on
    /// a cushion they touch at all; returns whether there are any.
    /// Sequential impulses leave these: each is below [`RESTING_SPEED`], but
    /// over a slide of seconds it would carry a body micrometres into
    /// another or past a cushion.
    ///
    /// Only the contacts `check` noted need a look: every body changed at
    /// this instant was checked after its last change, against every body
    /// and cushion it touches, and a pair's last check saw both bodies'
    /// final velocities (whichever changed last was checked last). A noted
    /// contact may have been resolved since, so each is tested again.
    fn resting_closings(&mut self) -> bool {
        let now = self.now;
        let tol = self.physics.contact_tolerance;
        let mut seeds = std::mem::take(&mut self.relax.seeds);
        let mut resting = std::mem::take(&mut self.relax.resting);
        seeds.clear();
        for &(i, other) in &resting {
            let a = &self.bodies[i];
            if !a.alive {
                continue;
            }
            let (pi, vi) = (a.track.position(now), a.track.velocity(now));
            let closing = match other {
                Some(j) => {
                    let b = &self.bodies[j];
                    let rel = b.track.position(now) - pi;
                    let dist = rel.length();
                    b.alive
                        && dist - a.radius - b.radius <= tol
                        && (vi - b.track.velocity(now)).dot(rel) / dist > DRIFT_SPEED
                }
                None => Cushion::ALL.into_iter().any(|side| {
                    vi.dot(side.outward()) > 0.0
                        && self.table.distance_to_cushion(pi, side) - a.radius <= tol
                }),
            };
            if closing {
                seeds.push(i);
            }
        }
        resting.clear();
        self.relax.resting = resting;
        self.relax.seeds = seeds;
        !self.relax.seeds.is_empty()
    }

    /// Replaces the velocities of the touching cluster around `seeds` by
    /// their perfectly inelastic limit: the nearest, in kinetic energy, at
    /// which no touching pair or cushion contact closes (see
    /// `physics/project.rs`). A body that this would leave slower than
    /// [`STOP_SPEED`](crate::physics::STOP_SPEED) is held at rest and the rest
    /// solved again, so that stopping it cannot make anything close on it.
    fn project(&mut self, seeds: &[usize], out: &mut Outcome) {
        let now = self.now;
        let tol = self.physics.contact_tolerance;
        let n = self.bodies.len();
        let mut r = std::mem::take(&mut self.relax);
        r.local.clear();
        r.local.resize(n, usize::MAX);
        r.members.clear();
        r.contacts.clear();
        r.sides.clear();
        // The cluster: every alive body reachable through touching pairs.
        for &s in seeds {
            if r.local[s] == usize::MAX && self.admit(s, out) {
                r.local[s] = r.members.len();
                r.members.push(s);
            }
        }
        let mut next = 0;
        while next < r.members.len() {
            let i = r.members[next];
            next += 1;
            let pi = self.bodies[i].track.position(now);
            r.found.clear();
            let a = &self.bodies[i];
            for (w, &word) in self.near.row(i).iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let j = w * sweep::WORD + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let b = &self.bodies[j];
                    if j == i || !b.alive {
                        continue;
                    }
                    let rel = b.track.position(now) - pi;
                    let dist = rel.length();
                    if dist - a.radius - b.radius <= tol {
                        r.found.push((j, rel / dist));
                    }
                }
            }
            for k in 0..r.found.len() {
                let (j, normal) = r.found[k];
                if r.local[j] == usize::MAX {
                    if !self.admit(j, out) {
                        continue;
                    }
                    r.local[j] = r.members.len();
                    r.members.push(j);
                }
                // Each pair once, from its lower body.
                if i < j {
                    r.contacts.push(Contact {
                        a: r.local[i],
                        b: Some(r.local[j]),
                        n: normal,
                    });
                    r.sides.push(None);
                }
            }
            let a = &self.bodies[i];
            for side in Cushion::ALL {
                if self.table.distance_to_cushion(pi, side) - a.radius <= tol {
                    r.contacts.push(Contact {
                        a: r.local[i],
                        b: None,
                        n: side.outward(),
                    });
                    r.sides.push(Some(side));
                }
            }
        }
        let m = r.members.len();
        r.v0.clear();
        r.v0.extend(
            r.members
                .iter()
                .map(|&i| self.bodies[i].track.velocity(now)),
        );
        r.held.clear();
        r.held.resize(m, false);
        // Solve, hold the bodies it leaves too slow to move, and solve again
        // until none is newly held: at most once per body.
        for _ in 0..=m {
            r.inv_mass.clear();
            r.inv_mass
                .extend(r.members.iter().zip(&r.held).map(|(&i, &h)| {
                    if h {
                        0.0
                    } else {
                        1.0 / self.bodies[i].mass
                    }
                }));
            r.v.clear();
            r.v.extend(
                r.v0.iter()
                    .zip(&r.held)
                    .map(|(&v, &h)| if h { DVec2::ZERO } else { v }),
            );
            let end = r.projector.project(
                &r.inv_mass,
                &mut r.v,
                &r.contacts,
                DRIFT_SPEED / 2.0,
                &mut r.impulse,
            );
            let mut newly = false;
            if let Projection::Jammed(k) = end {
                let c = r.contacts[k];
                for b in [Some(c.a), c.b].into_iter().flatten() {
                    newly |= !r.held[b];
                    r.held[b] = true;
                }
            }
            for (v, h) in r.v.iter().zip(r.held.iter_mut()) {
                if !*h && collide::settled(*v) == DVec2::ZERO {
                    *h = true;
                    newly |= *v != DVec2::ZERO;
                }
            }
            if !newly {
                break;
            }
        }
        // Cushion normals are axes: no motion into a cushion at all.
        for (c, side) in r.contacts.iter().zip(&r.sides) {
            if let Some(side) = side {
                let vn = r.v[c.a].dot(side.outward());
                if vn > 0.0 {
                    r.v[c.a] -= side.outward() * vn;
                }
            }
        }
        // Contacts that were real collisions (not resting ones) are logged,
        // as the sequential impulses would have.
        for ((c, side), &l) in r.contacts.iter().zip(&r.sides).zip(&r.impulse) {
            let closing = -separation(c, &r.v0);
            if l > 0.0 && closing > RESTING_SPEED {
                let i = r.members[c.a];
                let kind = match (c.b, side) {
                    (Some(b), _) => {
                        let j = r.members[b];
                        EventKind::Contact {
                            a: Body::from_index(i.min(j)),
                            b: Body::from_index(i.max(j)),
                            speed: closing,
                        }
                    }
                    (None, Some(side)) => EventKind::Cushion {
                        body: Body::from_index(i),
                        side: *side,
                        speed: closing,
                    },
                    (None, None) => continue,
                };
                if !self.logged_now(out, &kind) {
                    self.log(out, kind);
                }
            }
        }
        for k in 0..m {
            let (i, v) = (r.members[k], r.v[k]);
            if v != r.v0[k] {
                let at = self.bodies[i].track.position(now);
                let stopped = self.set_velocity(i, at, v, out);
                self.log_stop_if(stopped, i, out);
            }
        }
        self.relax = r;
    }

    /// Whether body `i` can join a cluster being projected: it is on the
    /// table, and not meeting a cushion fast enough to leave the table, in
    /// which case it leaves now, as the sequential impulses would have made
    /// it.
    fn admit(&mut self, i: usize, out: &mut Outcome) -> bool {
        let b = &self.bodies[i];
        if !b.alive {
            return false;
        }
        let (p, v) = (b.track.position(self.now), b.track.velocity(self.now));
        let tol = self.physics.contact_tolerance;
        let leaving = Cushion::ALL.into_iter().find(|&side| {
            v.dot(side.outward()) > self.physics.off_table_speed
                && self.table.distance_to_cushion(p, side) - b.radius <= tol
        });
        if let Some(side) = leaving {
            self.rebound(i, side, out);
        }
        self.bodies[i].alive
    }

    /// Gives every body of the touching cluster around body `i` — moving
    /// or not — their common centre-of-mass velocity, less any motion into
    /// a cushion one of them touches. Nothing then touches the cluster from
    /// outside, and nothing inside it moves relative to the rest, so the
    /// instant is over. The last resort of an instant whose pressed pairs
    /// keep being parted ([`JAM_PRESSES`](super::JAM_PRESSES)).
    pub(super) fn jam(&mut self, i: usize, out: &mut Outcome) {
        let now = self.now;
        let tol = self.physics.contact_tolerance;
        let mut r = std::mem::take(&mut self.relax);
        r.local.clear();
        r.local.resize(self.bodies.len(), usize::MAX);
        r.members.clear();
        r.local[i] = 0;
        r.members.push(i);
        let mut next = 0;
        while next < r.members.len() {
            let k = r.members[next];
            next += 1;
            let (a, pk) = (&self.bodies[k], self.bodies[k].track.position(now));
            for (w, &word) in self.near.row(k).iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let j = w * sweep::WORD + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let b = &self.bodies[j];
                    if r.local[j] == usize::MAX
                        && b.alive
                        && (b.track.position(now) - pk).length() - a.radius - b.radius <= tol
                    {
                        r.local[j] = r.members.len();
                        r.members.push(j);
                    }
                }
            }
        }
        let mass: f64 = r.members.iter().map(|&k| self.bodies[k].mass).sum();
        let mut v = r
            .members
            .iter()
            .map(|&k| self.bodies[k].track.velocity(now) * self.bodies[k].mass)
            .fold(DVec2::ZERO, |acc, m| acc + m)
            / mass;
        for side in Cushion::ALL {
            let against = r.members.iter().any(|&k| {
                let b = &self.bodies[k];
                self.table.distance_to_cushion(b.track.position(now), side) - b.radius <= tol
            });
            let vn = v.dot(side.outward());
            if against && vn > 0.0 {
                v -= side.outward() * vn;
            }
        }
        for &k in &r.members {
            let at = self.bodies[k].track.position(now);
            let stopped = self.set_velocity(k, at, v, out);
            self.log_stop_if(stopped, k, out);
        }
        self.relax = r;
    }

    /// The limit that slow sequential impulses converge to, reached at once:
    /// bodies that touch and move within [`rest_speed`](crate::physics::Physics::rest_speed)
    /// of body `only`'s group form a rigid group that shares its
    /// centre-of-mass velocity, less any motion into a cushion one of them
    /// rests against. Used for the group around a body that was pressed
    /// into another.
    pub(super) fn rigidify(&mut self, only: usize, out: &mut Outcome) {
        let n = self.bodies.len();
        let now = self.now;
        let tol = self.physics.contact_tolerance;
        // Bodies this close in velocity move together; a table with a
        // smaller rest speed still groups a train of discs as one.
        let slow = self.physics.rest_speed.max(GROUP_SPEED);
        // Union–find over slow touching pairs.
        let mut root: Vec<usize> = (0..n).collect();
        fn find(root: &mut [usize], mut i: usize) -> usize {
            while root[i] != i {
                root[i] = root[root[i]];
                i = root[i];
            }
            i
        }
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (&self.bodies[i], &self.bodies[j]);
                if !a.alive || !b.alive || (!a.track.moving() && !b.track.moving()) {
                    continue;
                }
                let gap =
                    (b.track.position(now) - a.track.position(now)).length() - a.radius - b.radius;
                let rel = (a.track.velocity(now) - b.track.velocity(now)).length();
                if gap <= tol && rel < slow {
                    let (ri, rj) = (find(&mut root, i), find(&mut root, j));
                    root[ri.max(rj)] = ri.min(rj);
                }
            }
        }
        let g = find(&mut root, only);
        let members: Vec<usize> = (0..n)
            .filter(|&i| self.bodies[i].alive && find(&mut root, i) == g)
            .collect();
        if members.len() < 2 {
            return;
        }
        let mass: f64 = members.iter().map(|&i| self.bodies[i].mass).sum();
        let mut v = members
            .iter()
            .map(|&i| self.bodies[i].track.velocity(now) * self.bodies[i].mass)
            .fold(DVec2::ZERO, |acc, m| acc + m)
            / mass;
        for side in Cushion::ALL {
            let against = members.iter().any(|&i| {
                let b = &self.bodies[i];
                self.table.distance_to_cushion(b.track.position(now), side) - b.radius <= tol
            });
            let vn = v.dot(side.outward());
            if against && vn > 0.0 {
                v -= side.outward() * vn;
            }
        }
        for &i in &members {
            let at = self.bodies[i].track.position(now);
            let stopped = self.set_velocity(i, at, v, out);
            self.log_stop_if(stopped, i, out);
        }
    }
}
