//! The event loop: from one stroke to the whole log of what happened.
//!
//! The engine never steps time. It keeps, for every body, the earliest
//! single-body event (cushion, pocket, stop) and, for every pair, the
//! earliest contact; it jumps straight to the earliest of all, applies it,
//! and predicts again only for the bodies whose motion changed, and only
//! against the bodies whose swept boxes overlap theirs ([`super::sweep`]).
//!
//! # Touching clusters
//! After every impulse the engine resolves the *cluster* at that instant
//! (`cluster.rs`): each body that was just changed is checked against every
//! body and cushion it touches (gap ≤ [`Physics::contact_tolerance`]); any
//! that it is now closing on faster than [`RESTING_SPEED`](super::RESTING_SPEED) is struck at
//! once, and the struck bodies are checked in turn, first in first out, by
//! ascending body index and then cushion in [`Cushion::ALL`] order. This is
//! the sequential-impulse method, the classic event-driven treatment of
//! Newton's cradle, and it keeps restitution. What it cannot finish — an
//! instant that needs more impulses than its budget (a wedge, a row struck
//! end on), and contacts still closing slower than [`RESTING_SPEED`](super::RESTING_SPEED) — is
//! resolved by the inelastic projection of the cluster (`project.rs`), so
//! every instant ends in finitely many steps and no body creeps into
//! another or past a cushion. Only then are new events predicted, once per
//! changed body.
//!
//! # Simultaneous events
//! Events at exactly the same time are taken in the order (time, kind
//! rank — see [`EventKind::rank`] —, lower body index, higher body index).

use glam::DVec2;

use super::collide;
use super::event::{Body, Event, EventKind, Exit, Fate, Outcome};
use super::limits::ParameterError;
use super::motion::{Kin, Track};
use super::params::Physics;
use super::predict::{self, Solo};
use super::stroke::{check_parameters, validate_with, InputError, Stroke};
use super::sweep::{self, Near, Sweeps};
use crate::table::{Corner, Cushion, Table};

mod cluster;
mod schedule;

use super::tolerance::DRIFT_SPEED;

use schedule::Next;

/// Pairs pressed together at one instant after which the whole touching
/// cluster is taken to be jammed and moves as one (`Engine::jam`). Giving a
/// pressed pair and its slow neighbours a common velocity can make other
/// neighbours collide with them, and those collisions can part the pair
/// again, pressed as before, without end.
const JAM_PRESSES: usize = 16;

#[derive(Clone, Copy)]
struct State {
    track: Track,
    radius: f64,
    mass: f64,
    striker: bool,
    alive: bool,
    over: Option<Corner>,
    dirty: bool,
    /// Waiting in the settle queue (not yet checked with its latest velocity).
    queued: bool,
}

/// The earliest contact of a body with any other, and with whom.
#[derive(Clone, Copy)]
struct Best {
    t: f64,
    with: usize,
}

const NEVER: Best = Best {
    t: f64::INFINITY,
    with: usize::MAX,
};

/// A reusable simulator. Keeping one per thread avoids allocating for each
/// stroke, which matters to computer players that try many thousands.
pub struct Engine {
    table: Table,
    physics: Physics,
    /// [`check_parameters`] of `table` and `physics`, which never change.
    params: Result<(), ParameterError>,
    decel: f64,
    bodies: Vec<State>,
    /// `pairs[i * n + j]`: predicted contact time of `i` and `j`.
    pairs: Vec<f64>,
    best: Vec<Best>,
    solo: Vec<Option<(f64, Solo)>>,
    /// Each body's earliest pending event time: the lesser of its `solo`
    /// and `best` times, kept so that finding the next event is one pass
    /// over contiguous numbers.
    due: Vec<f64>,
    queue: Vec<usize>,
    touched: Vec<usize>,
    /// Each body's state at `now`, valid where `kin_at` holds `epoch`.
    kins: Vec<Kin>,
    kin_at: Vec<u64>,
    /// Counts repredictions, so that `kins` computed at an earlier instant
    /// are never mistaken for current ones.
    epoch: u64,
    /// Where each body can be until its next solo event (see [`Sweeps`]).
    sweeps: Sweeps,
    /// Which bodies' sweeps overlap (see [`Near`]).
    near: Near,
    /// Scratch space for projecting clusters.
    relax: cluster::Relax,
    /// Scratch bit sets of bodies.
    hits: Vec<u64>,
    visit: Vec<u64>,
    now: f64,
    /// Events and impulses processed in this stroke (logged or not), for
    /// [`Physics::max_events`].
    steps: usize,
    /// The instant of the latest pair pressed together, and how many were
    /// at that instant (see [`JAM_PRESSES`]).
    press_at: f64,
    presses: usize,
}

impl Engine {
    /// An engine for `table` and `physics`. Their parameters are checked
    /// once here; if they are out of range, every simulation returns
    /// [`InputError::Parameter`](crate::physics::stroke::InputError::Parameter).
    pub fn new(table: Table, physics: Physics) -> Engine {
        Engine {
            params: check_parameters(&table, &physics),
            decel: physics.deceleration(),
            table,
            physics,
            bodies: Vec::new(),
            pairs: Vec::new(),
            best: Vec::new(),
            solo: Vec::new(),
            due: Vec::new(),
            queue: Vec::new(),
            touched: Vec::new(),
            kins: Vec::new(),
            kin_at: Vec::new(),
            epoch: 0,
            sweeps: Sweeps::default(),
            near: Near::default(),
            relax: cluster::Relax::default(),
            hits: Vec::new(),
            visit: Vec::new(),
            now: 0.0,
            steps: 0,
            press_at: f64::NAN,
            presses: 0,
        }
    }

    /// The table it simulates.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// Its physical parameters.
    pub fn physics(&self) -> &Physics {
        &self.physics
    }

    /// Simulates `stroke` with the playing discs at `discs`, returning a
    /// fresh [`Outcome`].
    pub fn simulate(&mut self, discs: &[DVec2], stroke: &Stroke) -> Result<Outcome, InputError> {
        let mut out = Outcome::default();
        self.simulate_into(discs, stroke, &mut out)?;
        Ok(out)
    }

    /// As [`Engine::simulate`], reusing `out`'s allocations. On error `out`
    /// is left as it was.
    pub fn simulate_into(
        &mut self,
        discs: &[DVec2],
        stroke: &Stroke,
        out: &mut Outcome,
    ) -> Result<(), InputError> {
        validate_with(&self.table, &self.physics, self.params, discs, stroke)?;
        self.start(discs, stroke, out);
        self.run(out);
        Ok(())
    }

    fn start(&mut self, discs: &[DVec2], stroke: &Stroke, out: &mut Outcome) {
        let n = discs.len() + 1;
        self.now = 0.0;
        self.steps = 0;
        self.press_at = f64::NAN;
        self.bodies.clear();
        let (s, d) = (self.table.striker, self.table.disc);
        self.bodies.push(State {
            track: Track::new(0.0, stroke.striker, stroke.velocity(), self.decel),
            radius: s.radius,
            mass: s.mass,
            striker: true,
            alive: true,
            over: None,
            dirty: false,
            queued: false,
        });
        for &p in discs {
            self.bodies.push(State {
                track: Track::new(0.0, p, DVec2::ZERO, self.decel),
                radius: d.radius,
                mass: d.mass,
                striker: false,
                alive: true,
                over: None,
                dirty: false,
                queued: false,
            });
        }
        out.events.clear();
        out.paths.resize_with(n, Vec::new);
        out.paths.truncate(n);
        for (path, b) in out.paths.iter_mut().zip(&self.bodies) {
            path.clear();
            path.push(b.track.segment());
        }
        out.fates.clear();
        out.fates.resize(n, Fate::OnTable { at: DVec2::ZERO });
        out.duration = 0.0;
        out.truncated = false;
        self.pairs.clear();
        self.pairs.resize(n * n, f64::INFINITY);
        self.best.clear();
        self.best.resize(n, NEVER);
        self.solo.clear();
        self.solo.resize(n, None);
        self.due.clear();
        self.due.resize(n, f64::INFINITY);
        self.queue.clear();
        self.touched.clear();
        self.kins.clear();
        self.kins.resize(n, self.bodies[0].track.kin(0.0));
        self.kin_at.clear();
        self.kin_at.resize(n, 0);
        self.epoch += 1;
        self.hits.clear();
        self.hits.resize(sweep::words(n), 0);
        self.visit.clone_from(&self.hits);
        let tol = self.physics.contact_tolerance;
        self.sweeps.reset(n, self.table.size);
        // Where the bodies stand: enough for the first settle, which looks
        // only at this instant; the striker's real sweep follows it.
        for (i, b) in self.bodies.iter().enumerate() {
            self.sweeps.set(i, b.track.p0, b.track.p0, b.radius + tol);
        }
        self.near.fill(&self.sweeps, n);
        // The striker may be placed touching a disc; settle that first.
        self.mark(0);
        self.settle(out);
        self.repredict();
    }

    fn run(&mut self, out: &mut Outcome) {
        while let Some((t, ev)) = self.next() {
            self.steps += 1;
            if self.steps > self.physics.max_events {
                out.truncated = true;
                break;
            }
            self.now = t;
            match ev {
                Next::Pair(i, j) => {
                    self.strike(i, j, out);
                    self.settle(out);
                }
                Next::Solo(i, Solo::Cushion(side)) => {
                    self.rebound(i, side, out);
                    self.settle(out);
                }
                Next::Solo(i, Solo::Enter(c)) => {
                    if self.bodies[i].track.speed_at(t) <= self.physics.pocket_jump_speed {
                        self.fall(i, c, out);
                    } else {
                        self.bodies[i].over = Some(c);
                        self.mark(i);
                    }
                }
                Next::Solo(i, Solo::Exit(c)) => {
                    self.bodies[i].over = None;
                    self.log(
                        out,
                        EventKind::JumpedPocket {
                            body: Body::from_index(i),
                            pocket: c,
                        },
                    );
                    self.mark(i);
                }
                Next::Solo(i, Solo::Fall(c)) => self.fall(i, c, out),
                Next::Solo(i, Solo::Stop) => {
                    let at = self.bodies[i].track.position(t);
                    if let Some(c) = self.hole_under(i, at) {
                        // Nothing holds a body still over a hole.
                        self.fall(i, c, out);
                    } else {
                        self.set_velocity(i, at, DVec2::ZERO, out);
                        self.log(
                            out,
                            EventKind::Stop {
                                body: Body::from_index(i),
                                at: self.bodies[i].track.p0,
                            },
                        );
                        // A body touching this one may now close on it.
                        if self.touches_moving(i) {
                            self.settle(out);
                        }
                    }
                }
            }
            // Pocket events change no velocity and need no check.
            for &i in &self.queue {
                self.bodies[i].queued = false;
            }
            self.queue.clear();
            self.repredict();
        }
        self.finish(out);
    }

    fn finish(&mut self, out: &mut Outcome) {
        let now = self.now;
        out.duration = now;
        for i in 0..self.bodies.len() {
            let b = self.bodies[i];
            if !b.alive {
                continue;
            }
            let mut at = b.track.position(now);
            if b.track.moving() && b.track.stop_time() > now {
                // Only when truncated: freeze the body where it is, as a
                // valid resting place like any other.
                at = self.on_surface(at, b.radius);
                if let Some(c) = self.hole_under(i, at) {
                    self.fall(i, c, out);
                    continue;
                }
                self.bodies[i].track = Track::new(now, at, DVec2::ZERO, self.decel);
                out.paths[i].push(self.bodies[i].track.segment());
            }
            out.fates[i] = Fate::OnTable { at };
        }
    }

    /// Whether body `i` touches a body that moves (which a change of `i`'s
    /// velocity could leave closing on it).
    fn touches_moving(&self, i: usize) -> bool {
        let (a, now) = (&self.bodies[i], self.now);
        let reach = |b: &State| a.radius + b.radius + self.physics.contact_tolerance;
        let p = a.track.position(now);
        self.near.row(i).iter().enumerate().any(|(w, &word)| {
            let mut bits = word;
            while bits != 0 {
                let j = w * sweep::WORD + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let b = &self.bodies[j];
                if j != i
                    && b.alive
                    && b.track.moving()
                    && (b.track.position(now) - p).length_squared() <= reach(b) * reach(b)
                {
                    return true;
                }
            }
            false
        })
    }

    /// `p`, moved if need be onto the surface for a body of radius `r`:
    /// rounding can leave a body that slid along a cushion a few ulps past
    /// it, which is harmless in motion but not as a resting place, since
    /// the next stroke checks that every body lies wholly on the surface
    /// ([`check_layout`](crate::physics::stroke::check_layout)), with no tolerance.
    fn on_surface(&self, mut p: DVec2, r: f64) -> DVec2 {
        let size = self.table.size;
        for k in 0..2 {
            if p[k] < r {
                p[k] = r;
            }
            // The same arithmetic as `Table::distance_to_cushion`: step down
            // one ulp at a time (positive numbers order as their bits).
            while size - p[k] < r {
                p[k] = f64::from_bits(p[k].to_bits() - 1);
            }
        }
        p
    }

    fn log(&self, out: &mut Outcome, kind: EventKind) {
        out.events.push(Event { t: self.now, kind });
    }

    /// Gives body `i` at `at` the velocity `v` from now on, recording the
    /// path. Returns whether this brought a moving body to rest.
    fn set_velocity(&mut self, i: usize, at: DVec2, v: DVec2, out: &mut Outcome) -> bool {
        let v = collide::settled(v);
        let at = if v == DVec2::ZERO {
            self.on_surface(at, self.bodies[i].radius)
        } else {
            at
        };
        let b = &mut self.bodies[i];
        let was_moving = b.track.moving() && b.track.stop_time() > self.now;
        b.track = Track::new(self.now, at, v, self.decel);
        let seg = b.track.segment();
        let path = &mut out.paths[i];
        // Several impulses at one instant leave only the last segment.
        if path
            .last()
            .is_some_and(|s| s.t == self.now && path.len() > 1)
        {
            path.pop();
        }
        path.push(seg);
        self.mark(i);
        was_moving && v == DVec2::ZERO
    }

    /// Logs a stop for a body an impulse brought to rest, where it rests
    /// (friction stops are logged by their own event).
    fn log_stop_if(&self, stopped: bool, i: usize, out: &mut Outcome) {
        let kind = EventKind::Stop {
            body: Body::from_index(i),
            at: self.bodies[i].track.p0,
        };
        if stopped && !self.logged_now(out, &kind) {
            self.log(out, kind);
        }
    }

    /// Whether `kind` was already logged at this instant (a pair or a
    /// cushion struck again inside a settling cluster is one log entry).
    fn logged_now(&self, out: &Outcome, kind: &EventKind) -> bool {
        out.events
            .iter()
            .rev()
            .take_while(|e| e.t == self.now)
            .any(|e| match (e.kind, kind) {
                (EventKind::Contact { a, b, .. }, EventKind::Contact { a: x, b: y, .. }) => {
                    a == *x && b == *y
                }
                (
                    EventKind::Cushion { body, side, .. },
                    EventKind::Cushion {
                        body: x, side: y, ..
                    },
                ) => body == *x && side == *y,
                (EventKind::Stop { body, .. }, EventKind::Stop { body: x, .. }) => body == *x,
                _ => false,
            })
    }

    /// Records that body `i`'s motion changed: it needs new predictions,
    /// and a check against what it touches (unless one is already pending).
    fn mark(&mut self, i: usize) {
        let b = &mut self.bodies[i];
        if !b.dirty {
            b.dirty = true;
            self.touched.push(i);
        }
        if !b.queued {
            b.queued = true;
            self.queue.push(i);
        }
    }

    /// A contact between `i` and `j` now.
    fn strike(&mut self, i: usize, j: usize, out: &mut Outcome) {
        let now = self.now;
        let (a, b) = (self.bodies[i], self.bodies[j]);
        let (pa, pb) = (a.track.position(now), b.track.position(now));
        let n = (pb - pa).normalize_or_zero();
        let e = if a.striker || b.striker {
            self.physics.restitution_striker_disc
        } else {
            self.physics.restitution_disc_disc
        };
        let (va, vb) = (a.track.velocity(now), b.track.velocity(now));
        // A contact that is not a collision is a pressing one if friction
        // pushes the pair together with no closing speed left to remove
        // (a graze's is removed first, by the normal impulse). The test is
        // the predictor's own, on the same states, so a pair predicted to
        // press now is pressed here.
        let pressed = (va - vb).dot(n) <= DRIFT_SPEED
            && predict::pressed(
                &a.track.kin(now),
                &b.track.kin(now),
                a.radius + b.radius,
                now,
            );
        let r = collide::pair(
            a.mass,
            va,
            b.mass,
            vb,
            n,
            e,
            self.physics.rest_speed,
            pressed,
        );
        let stop_a = self.set_velocity(i, pa, r.va, out);
        let stop_b = self.set_velocity(j, pb, r.vb, out);
        let (a, b) = (Body::from_index(i.min(j)), Body::from_index(i.max(j)));
        // A pair struck again within the same instant (inside a cluster) is
        // one contact in the log: the first, with its closing speed.
        let kind = EventKind::Contact {
            a,
            b,
            speed: r.closing,
        };
        if !self.logged_now(out, &kind) {
            self.log(out, kind);
        }
        self.log_stop_if(stop_a, i, out);
        self.log_stop_if(stop_b, j, out);
        if pressed {
            // Pressed together by friction rather than colliding: the pair
            // now slides as one, and so does the slow touching group around it
            // (a train of discs along a cushion), which would otherwise
            // re-touch pairwise microseconds apart.
            if self.press_at != now {
                self.press_at = now;
                self.presses = 0;
            }
            self.presses += 1;
            if self.presses > JAM_PRESSES {
                self.jam(i, out);
            } else {
                self.rigidify(i, out);
            }
        }
    }

    /// Body `i` meets cushion `side` now: it rebounds, or leaves the table.
    fn rebound(&mut self, i: usize, side: Cushion, out: &mut Outcome) {
        let now = self.now;
        let b = self.bodies[i];
        let (p, v) = (b.track.position(now), b.track.velocity(now));
        let n = side.outward();
        let vn = v.dot(n);
        if vn <= 0.0 {
            self.mark(i);
            return;
        }
        if vn > self.physics.off_table_speed {
            let exit = self.exit_over(p, v, b.radius, side);
            self.remove(i, p, out);
            out.fates[i] = Fate::OffTable {
                exit,
                at: p,
                t: now,
            };
            self.log(
                out,
                EventKind::OffTable {
                    body: Body::from_index(i),
                    exit,
                    at: p,
                },
            );
            return;
        }
        let v2 = collide::cushion(
            v,
            n,
            self.physics.restitution_cushion,
            self.physics.rest_speed,
        );
        let stopped = self.set_velocity(i, p, v2, out);
        let kind = EventKind::Cushion {
            body: Body::from_index(i),
            side,
            speed: vn,
        };
        if !self.logged_now(out, &kind) {
            self.log(out, kind);
        }
        self.log_stop_if(stopped, i, out);
    }

    /// Over which cushion, or corner, a body leaving at `p` goes.
    fn exit_over(&self, p: DVec2, v: DVec2, radius: f64, side: Cushion) -> Exit {
        let tol = self.physics.contact_tolerance;
        Cushion::ALL
            .into_iter()
            .filter(|&o| o != side && o != side.opposite())
            .find(|&o| {
                v.dot(o.outward()) > 0.0 && self.table.distance_to_cushion(p, o) - radius <= tol
            })
            .and_then(|o| Corner::between(side, o))
            .map_or(Exit::Cushion(side), Exit::Corner)
    }

    /// The hole body `i` at `at` is over: the one it entered, or any whose
    /// rim its centre lies strictly inside. The second catches a body that
    /// stops while only grazing a rim (paths that graze are not counted as
    /// entering, §6), so that no body ever rests where
    /// [`check_layout`](crate::physics::stroke::check_layout) would refuse it.
    fn hole_under(&self, i: usize, at: DVec2) -> Option<Corner> {
        self.bodies[i].over.or_else(|| self.table.pocket_at(at))
    }

    fn fall(&mut self, i: usize, c: Corner, out: &mut Outcome) {
        let p = self.bodies[i].track.position(self.now);
        self.remove(i, p, out);
        out.fates[i] = Fate::Pocketed {
            pocket: c,
            t: self.now,
        };
        self.log(
            out,
            EventKind::Pocket {
                body: Body::from_index(i),
                pocket: c,
            },
        );
    }

    fn remove(&mut self, i: usize, at: DVec2, out: &mut Outcome) {
        let b = &mut self.bodies[i];
        b.alive = false;
        b.track = Track::new(self.now, at, DVec2::ZERO, self.decel);
        let path = &mut out.paths[i];
        // A body brought to rest at this instant already ends in a rest segment.
        if path
            .last()
            .is_some_and(|s| s.t == self.now && s.v == DVec2::ZERO && path.len() > 1)
        {
            path.pop();
        }
        path.push(b.track.segment());
        self.mark(i);
    }
}

/// Simulates one stroke with a fresh engine. For many strokes keep an
/// [`Engine`] instead.
pub fn simulate(
    table: &Table,
    physics: &Physics,
    discs: &[DVec2],
    stroke: &Stroke,
) -> Result<Outcome, InputError> {
    Engine::new(*table, *physics).simulate(discs, stroke)
}
