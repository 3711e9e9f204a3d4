//! What happens next: predictions for the bodies whose motion changed, and
//! the earliest pending event.

use super::{Best, Engine, State, NEVER};
use crate::physics::predict::{self, Solo};
use crate::physics::sweep;

impl Engine {
    /// New predictions for every body whose motion changed.
    pub(super) fn repredict(&mut self) {
        let n = self.bodies.len();
        let now = self.now;
        let tol = self.physics.contact_tolerance;
        self.epoch += 1;
        let touched = std::mem::take(&mut self.touched);
        // Solo events and sweeps first: every pair test below needs the
        // sweeps of both bodies.
        for &i in &touched {
            let b = self.bodies[i];
            let solo = if b.alive { self.predict_solo(&b) } else { None };
            self.solo[i] = solo;
            self.refresh_due(i);
            if b.alive {
                let until = solo.map_or(now, |(t, _)| t);
                let (from, to) = (b.track.position(now), b.track.position(until));
                self.sweeps.set(i, from, to, b.radius + tol);
            } else {
                self.sweeps.vanish(i);
            }
        }
        for &i in &touched {
            self.bodies[i].dirty = false;
            let b = self.bodies[i];
            self.refresh_kin(i);
            let i_moving = self.kins[i].moving;
            // Only bodies near `i` now, or near it before (which may hold a
            // prediction to withdraw), can change; for all others the pair
            // stays "never".
            self.sweeps.overlapping_body(i, &mut self.hits);
            for ((v, &new), &old) in self.visit.iter_mut().zip(&self.hits).zip(self.near.row(i)) {
                *v = new | old;
            }
            self.near.set(i, &self.hits);
            for w in 0..self.visit.len() {
                let mut bits = self.visit[w];
                while bits != 0 {
                    let j = w * sweep::WORD + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if j == i {
                        continue;
                    }
                    let old = self.pairs[i * n + j];
                    let near = sweep::contains(&self.hits, j);
                    let t = if near && (i_moving || self.bodies[j].track.moving()) {
                        self.refresh_kin(j);
                        let (ki, kj) = (&self.kins[i], &self.kins[j]);
                        predict::contact(ki, b.radius, kj, self.bodies[j].radius, now, tol)
                            .unwrap_or(f64::INFINITY)
                    } else {
                        f64::INFINITY
                    };
                    if t == old {
                        continue;
                    }
                    self.pairs[i * n + j] = t;
                    self.pairs[j * n + i] = t;
                    let bj = self.best[j];
                    if t < bj.t || (t == bj.t && i < bj.with) {
                        self.set_best(j, Best { t, with: i });
                    } else if bj.with == i {
                        self.set_best(j, self.scan(j));
                    }
                }
            }
            self.set_best(i, self.scan(i));
        }
        self.touched = touched;
        self.touched.clear();
    }

    /// Body `i`'s state at `now`, computed once per instant.
    pub(super) fn refresh_kin(&mut self, i: usize) {
        if self.kin_at[i] != self.epoch {
            self.kin_at[i] = self.epoch;
            self.kins[i] = self.bodies[i].track.kin(self.now);
        }
    }

    pub(super) fn set_best(&mut self, i: usize, best: Best) {
        self.best[i] = best;
        self.refresh_due(i);
    }

    /// Keeps `due[i]` the earlier of body `i`'s solo event and contact.
    fn refresh_due(&mut self, i: usize) {
        let solo = self.solo[i].map_or(f64::INFINITY, |(t, _)| t);
        self.due[i] = solo.min(self.best[i].t);
    }

    /// Body `i`'s earliest predicted contact, the lowest index on ties.
    pub(super) fn scan(&self, i: usize) -> Best {
        let n = self.bodies.len();
        let row = &self.pairs[i * n..(i + 1) * n];
        let t = earliest(row);
        match row.iter().position(|&x| x == t) {
            Some(with) if t < f64::INFINITY => Best { t, with },
            _ => NEVER,
        }
    }

    pub(super) fn predict_solo(&self, b: &State) -> Option<(f64, Solo)> {
        let t = &b.track;
        if !t.moving() {
            return None;
        }
        let mut best = Some((t.stop_time().max(self.now), Solo::Stop));
        let cushion = predict::cushion(t, b.radius, &self.table, self.now)
            .map(|(at, s)| (at, Solo::Cushion(s)));
        let pocket = predict::pocket(
            t,
            &self.table,
            b.over,
            self.physics.pocket_jump_speed,
            self.now,
        );
        for cand in [cushion, pocket].into_iter().flatten() {
            if best.is_none_or(|(bt, bk)| (cand.0, cand.1.rank()) < (bt, bk.rank())) {
                best = Some(cand);
            }
        }
        best
    }

    /// The earliest pending event, by (time, rank, lower index, higher index).
    pub(super) fn next(&self) -> Option<(f64, Next)> {
        let t = earliest(&self.due);
        if t == f64::INFINITY {
            return None;
        }
        let first = self.due.iter().position(|&d| d == t)?;
        if !self.due[first + 1..].contains(&t) {
            // One body alone is due: a contact would make its partner due
            // too, so this is a solo event.
            if let Some((ts, s)) = self.solo[first] {
                if ts == t {
                    return Some((t, Next::Solo(first, s)));
                }
            }
        }
        let mut best: Option<(u8, usize, usize, Next)> = None;
        for (i, _) in self.due.iter().enumerate().filter(|&(_, &d)| d == t) {
            if let Some((ts, s)) = self.solo[i] {
                let key = (s.rank(), i, i, Next::Solo(i, s));
                if ts == t && best.is_none_or(|b| (key.0, key.1, key.2) < (b.0, b.1, b.2)) {
                    best = Some(key);
                }
            }
            let p = self.best[i];
            if p.t == t {
                let (lo, hi) = (i.min(p.with), i.max(p.with));
                let key = (0, lo, hi, Next::Pair(lo, hi));
                if best.is_none_or(|b| (key.0, key.1, key.2) < (b.0, b.1, b.2)) {
                    best = Some(key);
                }
            }
        }
        best.map(|b| (t, b.3))
    }
}

/// The least of `times` (infinity if empty), in four independent lanes so
/// that the compiler can use vector minimums.
fn earliest(times: &[f64]) -> f64 {
    let mut lanes = [f64::INFINITY; 4];
    let chunks = times.chunks_exact(4);
    let rest = chunks.remainder();
    for c in chunks {
        for k in 0..4 {
            lanes[k] = if c[k] < lanes[k] { c[k] } else { lanes[k] };
        }
    }
    for (k, &x) in rest.iter().enumerate() {
        lanes[k] = if x < lanes[k] { x } else { lanes[k] };
    }
    let a = if lanes[1] < lanes[0] {
        lanes[1]
    } else {
        lanes[0]
    };
    let b = if lanes[3] < lanes[2] {
        lanes[3]
    } else {
        lanes[2]
    };
    if b < a {
        b
    } else {
        a
    }
}

#[derive(Clone, Copy, Debug)]
pub(super) enum Next {
    Pair(usize, usize),
    Solo(usize, Solo),
}
