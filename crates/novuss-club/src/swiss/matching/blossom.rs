//! The blossoms of the search: finding where two trees' paths meet,
//! shrinking an odd cycle into a blossom, expanding one again, and
//! flipping the pairs along an augmenting path through them.

use super::super::weight::Weight;
use super::*;

/// Scratch room for making a blossom: its least-slack edge to each outer
/// blossom so far (`to`, NO_END where none, which is how it is left) and
/// that edge's slack, and which blossoms have one. Kept between blossoms:
/// zeroing wide slacks for every blossom made was an eighth of a round.
pub(super) struct BestTo<W> {
    to: Vec<End>,
    slack: Vec<W>,
    touched: Vec<usize>,
}

// By hand: a derived one would ask `W: Default` for empty vectors.
impl<W> Default for BestTo<W> {
    fn default() -> Self {
        BestTo {
            to: Vec::new(),
            slack: Vec::new(),
            touched: Vec::new(),
        }
    }
}

impl<W: Weight> BestTo<W> {
    pub fn new(n: usize) -> Self {
        BestTo {
            to: vec![NO_END; 2 * n],
            slack: vec![W::zero(); 2 * n],
            touched: Vec::new(),
        }
    }
}

impl<W: Weight> Matcher<W> {
    /// The base of the blossom an edge between two outer vertices closes,
    /// or NONE when it joins two trees (an augmenting path).
    pub(super) fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = BREADCRUMB;
            if self.labelend[b] == NO_END {
                v = NONE;
            } else {
                v = head(self.labelend[b]);
                b = self.inblossom[v];
                v = head(self.labelend[b]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = OUTER;
        }
        base
    }

    /// Makes the blossom closed by the edge `p` between two outer
    /// vertices, whose trees meet at `base`.
    pub(super) fn add_blossom(&mut self, base: usize, p: End) {
        let (mut v, mut w) = (tail(p), head(p));
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("a free blossom slot");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = head(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(rev(p));
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(rev(self.labelend[bw]));
            w = head(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = OUTER;
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = W::zero();
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == INNER {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        // The least-slack edge from the new blossom to each outer blossom:
        // from the lists its sub-blossoms kept, or for a single vertex from
        // its edges.
        let mut best = std::mem::take(&mut self.best_to);
        for &bv in &path {
            match self.blossombestedges[bv].take() {
                Some(list) => {
                    for (k, key) in list {
                        self.offer(b, k, Some(key), &mut best);
                    }
                }
                None => {
                    for v in self.leaves_of(bv) {
                        for j in self.edges.neighbours(v) {
                            self.offer(b, end(v, j), None, &mut best);
                        }
                    }
                }
            }
            self.bestedge[bv] = NO_END;
        }
        // In the order of the blossoms reached, as a scan of them all would
        // list them: ties go to the first.
        best.touched.sort_unstable();
        let mut list = Vec::with_capacity(best.touched.len());
        self.bestedge[b] = NO_END;
        for &bj in &best.touched {
            let (k, s) = (best.to[bj], best.slack[bj]);
            best.to[bj] = NO_END;
            list.push((k, s + self.drift));
            if self.bestedge[b] == NO_END || s < self.bestslack[b] {
                self.set_bestedge(b, k, s);
            }
        }
        best.touched.clear();
        self.best_to = best;
        self.blossombestedges[b] = Some(list);
    }

    /// Keeps edge `k` (one end in the new blossom `b`) as the best to the
    /// outer blossom at its other end when its slack is the least so far:
    /// the slack from `key` (a kept list's slack plus drift) when given,
    /// else from the weights; worked out only for an edge that can count.
    fn offer(&self, b: usize, k: End, key: Option<W>, best: &mut BestTo<W>) {
        let (mut i, mut j) = (tail(k), head(k));
        if self.inblossom[j] == b {
            std::mem::swap(&mut i, &mut j);
        }
        let bj = self.inblossom[j];
        if bj == b || self.label[bj] != OUTER {
            return;
        }
        let s = match key {
            Some(key) => key - self.drift,
            None => self.slack(k),
        };
        debug_assert!(s == self.slack(k));
        if best.to[bj] == NO_END {
            best.touched.push(bj);
        } else if s >= best.slack[bj] {
            return;
        }
        best.to[bj] = end(i, j);
        best.slack[bj] = s;
    }

    /// Expands the outermost blossom `b`: at the end of a stage (its dual
    /// is zero), or an inner blossom whose dual reached zero mid-search,
    /// whose sub-blossoms then take their labels in the tree.
    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s].is_zero() {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == INNER {
            let len = childs.len() as isize;
            let at = |j: isize| j.rem_euclid(len) as usize;
            let endps = self.blossomendps[b].clone();
            let entrychild = self.inblossom[tail(self.labelend[b])];
            let mut j = childs
                .iter()
                .position(|&c| c == entrychild)
                .expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize);
            if j & 1 != 0 {
                j -= len;
                jstep = 1;
                endptrick = 0;
            } else {
                jstep = -1;
                endptrick = 1;
            }
            let mut p = self.labelend[b];
            while j != 0 {
                self.label[tail(p)] = FREE;
                let q = endps[at(j - endptrick as isize)];
                self.label[head(flip(q, endptrick ^ 1))] = FREE;
                self.assign_label(tail(p), INNER, p);
                self.allow(q);
                j += jstep;
                p = flip(endps[at(j - endptrick as isize)], endptrick);
                self.allow(p);
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = tail(p);
            self.label[ep] = INNER;
            self.label[bv] = INNER;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NO_END;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == OUTER {
                    j += jstep;
                    continue;
                }
                let found = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&v| self.label[v] != FREE);
                if let Some(v) = found {
                    self.label[v] = FREE;
                    let m = self.mate[self.blossombase[bv]];
                    self.label[head(m)] = FREE;
                    let le = self.labelend[v];
                    self.assign_label(v, INNER, le);
                }
                j += jstep;
            }
        }
        self.forget_blossom(b);
    }

    /// Swaps the pairs inside blossom `b` along the even path from `v` to
    /// the base, so that `v` becomes the base (its mate is the caller's).
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let childs = self.blossomchilds[b].clone();
        let endps = self.blossomendps[b].clone();
        let len = childs.len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        let i = childs.iter().position(|&c| c == t).expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize);
        if i & 1 != 0 {
            j -= len;
            jstep = 1;
            endptrick = 0;
        } else {
            jstep = -1;
            endptrick = 1;
        }
        while j != 0 {
            j += jstep;
            let t = childs[at(j)];
            let p = flip(endps[at(j - endptrick as isize)], endptrick);
            if t >= self.n {
                self.augment_blossom(t, head(p));
            }
            j += jstep;
            let t = childs[at(j)];
            if t >= self.n {
                self.augment_blossom(t, tail(p));
            }
            self.mate[head(p)] = rev(p);
            self.mate[tail(p)] = p;
        }
        let i = i as usize;
        let mut nc = childs[i..].to_vec();
        nc.extend_from_slice(&childs[..i]);
        let mut ne = endps[i..].to_vec();
        ne.extend_from_slice(&endps[..i]);
        self.blossombase[b] = self.blossombase[nc[0]];
        self.blossomchilds[b] = nc;
        self.blossomendps[b] = ne;
    }

    /// Flips the alternating path from outer vertex `s` up to its tree's
    /// root, matching `s` through `p` (or leaving it unmatched when `p` is
    /// NO_END, which matches the root instead).
    pub(super) fn augment_to_root(&mut self, mut s: usize, mut p: End) {
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NO_END {
                break;
            }
            let t = head(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = head(self.labelend[bt]);
            let j = tail(self.labelend[bt]);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = rev(self.labelend[bt]);
        }
    }
}
