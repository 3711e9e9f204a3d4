//! Touching clusters: every contact the latest impulses created, resolved
//! at one instant (see the `engine` module docs and `docs/physics.md` §8).

use glam::DVec2;

use super::{Engine, RESTING_SPEED};
use crate::physics::event::Outcome;
use crate::physics::sweep;
use crate::table::Cushion;

impl Engine {
    /// Resolves every contact that the latest impulses created (see the
    /// module docs on touching clusters).
    pub(super) fn settle(&mut self, out: &mut Outcome) {
        let tol = self.physics.contact_tolerance;
        let budget = 8 * self.bodies.len();
        let mut impulses = 0;
        let now = self.now;
        let mut rigid_passes = 0;
        let mut k = 0;
        while k < self.queue.len() {
            if self.steps > self.physics.max_events {
                out.truncated = true;
                break;
            }
            if impulses > budget && rigid_passes < 3 {
                rigid_passes += 1;
                impulses = 0;
                self.rigidify(None, out);
            }
            let i = self.queue[k];
            k += 1;
            self.bodies[i].queued = false;
            if !self.bodies[i].alive {
                continue;
            }
            // Every body is inside its sweep now (impulses change only
            // velocities), so only bodies whose sweeps overlap can touch.
            let pi = self.bodies[i].track.position(now);
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
                    let closing =
                        (a.track.velocity(self.now) - b.track.velocity(self.now)).dot(rel) / dist;
                    if closing > RESTING_SPEED {
                        self.strike(i, j, out);
                        impulses += 1;
                        self.steps += 1;
                    }
                }
            }
            for side in Cushion::ALL {
                let b = &self.bodies[i];
                if !b.alive || !b.track.moving() {
                    break;
                }
                let into = b.track.velocity(self.now).dot(side.outward()) > RESTING_SPEED;
                if into && self.table.distance_to_cushion(pi, side) - b.radius <= tol {
                    self.rebound(i, side, out);
                    impulses += 1;
                    self.steps += 1;
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
        }
        for &i in &self.queue {
            self.bodies[i].queued = false;
        }
        self.queue.clear();
    }

    /// The limit that slow sequential impulses converge to, reached at once:
    /// bodies that touch and move within [`rest_speed`](crate::physics::Physics::rest_speed) of each other
    /// form rigid groups that share their centre-of-mass velocity, less any
    /// motion into a cushion one of them rests against. Used only when an
    /// instant has needed many impulses (a row of touching discs pushed
    /// sideways, where Gauss–Seidel creeps), or for the group around a
    /// body `only` that was pressed into another.
    pub(super) fn rigidify(&mut self, only: Option<usize>, out: &mut Outcome) {
        let n = self.bodies.len();
        let now = self.now;
        let tol = self.physics.contact_tolerance;
        let slow = self.physics.rest_speed;
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
        let groups: Vec<usize> = match only {
            Some(i) => vec![find(&mut root, i)],
            None => (0..n).collect(),
        };
        for g in groups {
            let members: Vec<usize> = (0..n)
                .filter(|&i| self.bodies[i].alive && find(&mut root, i) == g)
                .collect();
            if members.len() < 2 {
                continue;
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
                self.log_stop_if(stopped, i, at, out);
            }
        }
    }
}
