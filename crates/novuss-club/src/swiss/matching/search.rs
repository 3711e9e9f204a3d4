//! One stage of the search: trees grown from the roots along tight
//! edges, and, when none leads on, the duals changed by the most that
//! keeps them feasible.

use super::super::weight::Weight;
use super::edges::Bits;
use super::*;

impl<W: Weight> Matcher<W> {
    /// One stage: grows trees from every root until the matching grows, a
    /// root's dual reaches zero, or there are no roots. Whether there was
    /// a root.
    pub(super) fn stage_once(&mut self) -> bool {
        let n = self.n;
        self.stage += 1;
        self.label.iter_mut().for_each(|l| *l = FREE);
        self.labelend.iter_mut().for_each(|l| *l = NO_END);
        self.bestedge.iter_mut().for_each(|e| *e = NO_END);
        for b in n..2 * n {
            self.blossombestedges[b] = None;
        }
        self.queue.clear();
        self.least_outer = NONE;
        self.drift = W::zero();
        let mut roots = false;
        for v in 0..n {
            let b = self.inblossom[v];
            if self.mate[v] == NO_END && self.label[b] == FREE && !self.dual[v].is_zero() {
                self.assign_label(v, OUTER, NO_END);
                roots = true;
            }
        }
        if !roots {
            return false;
        }
        loop {
            while let Some(v) = self.queue.pop() {
                if self.scan(v) {
                    return self.end_stage();
                }
            }
            if self.change_duals() {
                return self.end_stage();
            }
        }
    }

    /// Scans the edges of outer vertex `v`: labels along the tight ones,
    /// makes blossoms, and notes the least slack of the others. Whether
    /// the matching grew (which ends the stage).
    fn scan(&mut self, v: usize) -> bool {
        // Every vertex turns outer by being queued, so the least outer
        // dual is settled here (the lowest vertex among equals, as a scan
        // of all vertices in order would find).
        let u = self.least_outer;
        if u == NONE || self.dual[v] < self.dual[u] || (self.dual[v] == self.dual[u] && v < u) {
            self.least_outer = v;
        }
        let dual_v = self.dual[v];
        for k in 0..self.edges.words() {
            for bit in Bits(self.edges.word(v, k)) {
                let w = 64 * k + bit;
                // Read afresh: a blossom made on the way takes v in.
                let bv = self.inblossom[v];
                let bw = self.inblossom[w];
                if bw == bv {
                    continue;
                }
                let p = end(v, w);
                let mut kslack = W::zero();
                if !self.is_allowed(p) {
                    kslack = dual_v + self.dual[w] - self.edges.twice(v, w);
                    // Duals are feasible: the slack of an edge between two
                    // outermost blossoms is never negative, so it is tight
                    // when zero (tested limb-wise without branching).
                    debug_assert!(kslack >= W::zero());
                    if kslack.is_zero() {
                        self.allow(p);
                    }
                }
                if self.is_allowed(p) {
                    if self.label[bw] == FREE {
                        if self.exposed(bw) {
                            // A finished unmatched vertex: the path from
                            // the root ends there.
                            self.augment_to_root(v, p);
                            self.augment_to_root(w, rev(p));
                            return true;
                        }
                        self.assign_label(w, INNER, rev(p));
                    } else if self.label[bw] == OUTER {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, p);
                        } else {
                            self.augment_to_root(v, p);
                            self.augment_to_root(w, rev(p));
                            return true;
                        }
                    } else if self.label[w] == FREE {
                        self.label[w] = INNER;
                        self.labelend[w] = rev(p);
                    }
                } else if self.label[bw] == OUTER {
                    if self.bestedge[bv] == NO_END || kslack < self.bestslack[bv] {
                        self.set_bestedge(bv, p, kslack);
                    }
                } else if self.label[w] == FREE
                    && (self.bestedge[w] == NO_END || kslack < self.bestslack[w])
                {
                    self.set_bestedge(w, p, kslack);
                }
            }
        }
        false
    }

    /// No tight edge leads on: changes the duals by the most that keeps
    /// them feasible, and acts on what bound the change. Whether the
    /// stage is over (an outer vertex's dual reached zero).
    fn change_duals(&mut self) -> bool {
        let n = self.n;
        debug_assert!(self.least_outer == self.least_outer_by_scan());
        let mut deltatype = 1;
        let deltavertex = self.least_outer;
        let mut delta = self.dual[deltavertex];
        let mut deltaedge = NO_END;
        let mut deltablossom = NONE;
        for v in 0..n {
            if self.label[self.inblossom[v]] == FREE && self.bestedge[v] != NO_END {
                let d = self.bestslack[v];
                debug_assert!(d == self.slack(self.bestedge[v]));
                if d < delta {
                    delta = d;
                    deltatype = 2;
                    deltaedge = self.bestedge[v];
                }
            }
        }
        for b in 0..2 * n {
            if self.blossomparent[b] == NONE && self.label[b] == OUTER && self.bestedge[b] != NO_END
            {
                debug_assert!(self.bestslack[b] == self.slack(self.bestedge[b]));
                let d = self.bestslack[b].half();
                if d < delta {
                    delta = d;
                    deltatype = 3;
                    deltaedge = self.bestedge[b];
                }
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == INNER
                && self.dual[b] < delta
            {
                delta = self.dual[b];
                deltatype = 4;
                deltablossom = b;
            }
        }
        self.shift_duals(delta);
        match deltatype {
            1 => {
                // An outer vertex's dual reached zero: it may as well be
                // unmatched, and its root matched instead.
                self.augment_to_root(deltavertex, NO_END);
                return true;
            }
            2 => {
                self.allow(deltaedge);
                let (mut i, j) = (tail(deltaedge), head(deltaedge));
                if self.label[self.inblossom[i]] == FREE {
                    i = j;
                }
                self.queue.push(i);
            }
            3 => {
                self.allow(deltaedge);
                self.queue.push(tail(deltaedge));
            }
            _ => self.expand_blossom(deltablossom, false),
        }
        false
    }

    /// Moves the duals by `delta`: outer vertices down and inner ones up
    /// (outermost blossoms the other way), and the kept least slacks with
    /// them. An edge from an outer vertex to a vertex outside every tree
    /// loses `delta` of slack, one between two outer blossoms twice that;
    /// an edge from an outer vertex into an inner blossom keeps its slack.
    fn shift_duals(&mut self, delta: W) {
        let n = self.n;
        let twice = delta + delta;
        self.drift += twice;
        for v in 0..n {
            let bv = self.inblossom[v];
            match self.label[bv] {
                OUTER => {
                    self.dual[v] -= delta;
                    // A vertex inside an outer blossom keeps a stale
                    // best edge: it is the blossom's that counts.
                    if bv == v && self.bestedge[v] != NO_END {
                        self.bestslack[v] -= twice;
                    }
                }
                INNER => self.dual[v] += delta,
                _ => {
                    if self.bestedge[v] != NO_END {
                        self.bestslack[v] -= delta;
                    }
                }
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    OUTER => {
                        self.dual[b] += delta;
                        if self.bestedge[b] != NO_END {
                            self.bestslack[b] -= twice;
                        }
                    }
                    INNER => self.dual[b] -= delta,
                    _ => {}
                }
            }
        }
    }

    /// The outer vertex of least dual, lowest first, found the long way
    /// (to check the kept one in debug builds).
    fn least_outer_by_scan(&self) -> usize {
        let mut best = NONE;
        for v in 0..self.n {
            if self.label[self.inblossom[v]] == OUTER
                && (best == NONE || self.dual[v] < self.dual[best])
            {
                best = v;
            }
        }
        best
    }

    /// Outer blossoms whose dual is zero are no longer needed. Whether
    /// there was a root (always, when a stage ends).
    fn end_stage(&mut self) -> bool {
        let n = self.n;
        for b in n..2 * n {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == OUTER
                && self.dual[b].is_zero()
            {
                self.expand_blossom(b, true);
            }
        }
        true
    }
}
