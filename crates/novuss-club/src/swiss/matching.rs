//! A maximum-weight matching in a general graph that is kept between
//! searches: Edmonds' blossom algorithm with dual variables (the
//! primal-dual method of Galil's 1986 survey, "Efficient algorithms for
//! finding maximum matching in graphs"), O(n³) from scratch.
//!
//! The Dutch system settles a round by a long run of matchings over the
//! same players, each differing from the one before in the edges of a
//! few vertices (a tie-break bonus, a pair fixed). Solving each from
//! scratch costs O(n³) every time; here the matching, the dual variables
//! and the blossoms stay, and [`Matcher::solve`] only frees the vertices
//! whose edges changed and augments again, O(k·n²) for k changed
//! vertices (the warm start bbpPairings makes too).
//!
//! Conventions: vertex duals are kept doubled, so that every quantity is
//! an integer: an edge's slack between two outermost blossoms is
//! `u(i) + u(j) − 2·w(i, j)`, and a blossom's dual counts twice for the
//! edges inside it. The invariants between searches: every slack is at
//! least zero, every dual at least zero, matched edges and the edges
//! holding blossoms together have slack zero, and every unmatched vertex
//! has dual zero. The last makes the matching a maximum-weight one.
//!
//! Unmatched vertices with a positive dual are the roots of the search;
//! unmatched vertices whose dual is zero are finished, and an augmenting
//! path may end at one of them. All roots' duals have the same parity
//! (they start even), so the slack between two outer vertices is even
//! and halving it stays exact.

use super::weight::Weight;

const NONE: usize = usize::MAX;

/// One end of an edge, directed: the vertex it leaves in the high half,
/// the vertex it reaches (its "endpoint") in the low half. The graph is
/// dense, so an edge is named by its two vertices rather than by an index
/// into an edge list.
type End = u64;
const NO_END: End = u64::MAX;

fn end(from: usize, to: usize) -> End {
    ((from as u64) << 32) | to as u64
}

/// The vertex an end reaches.
fn head(p: End) -> usize {
    (p & 0xffff_ffff) as usize
}

/// The vertex an end leaves.
fn tail(p: End) -> usize {
    (p >> 32) as usize
}

/// The same edge the other way.
fn rev(p: End) -> End {
    p.rotate_left(32)
}

/// `p` reversed when `flip` is 1 (the endpoint trick of the classic
/// presentation, where the two ends of edge k are 2k and 2k+1).
fn flip(p: End, flip: usize) -> End {
    if flip == 1 {
        rev(p)
    } else {
        p
    }
}

/// Rounds up to an even value: roots' duals must share a parity.
fn even<W: Weight>(v: W) -> W {
    if v.low_bit() == 1 {
        v + W::small(1)
    } else {
        v
    }
}

/// The labels of the search.
const FREE: u8 = 0;
const OUTER: u8 = 1;
const INNER: u8 = 2;
/// Marks a blossom while a scan climbs the trees.
const BREADCRUMB: u8 = 5;

/// A complete graph on `n` vertices (an edge of weight zero is no edge)
/// and a maximum-weight matching of it, kept up to date by [`solve`].
///
/// [`solve`]: Matcher::solve
pub(crate) struct Matcher<W: Weight> {
    n: usize,
    weight: Vec<W>,
    /// Vertices whose edges changed since the last search.
    dirty: Vec<bool>,
    dirty_list: Vec<usize>,
    /// A pair fixed for good: matched to each other, no other edge.
    partner: Vec<usize>,
    /// Whether a first search has set up the duals.
    started: bool,

    /// The end each vertex is matched through, or NO_END.
    mate: Vec<End>,
    /// Vertex duals (doubled) then blossom duals.
    dual: Vec<W>,
    /// The outermost blossom each vertex is in (itself when in none).
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    /// A blossom's sub-blossoms around its cycle, the base's first.
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    /// The edges joining consecutive sub-blossoms around the cycle.
    blossomendps: Vec<Vec<End>>,
    unusedblossoms: Vec<usize>,

    // The search's own state, rebuilt at every stage.
    label: Vec<u8>,
    /// The end through which a vertex or blossom got its label (its
    /// endpoint is the labelling vertex).
    labelend: Vec<End>,
    /// The least-slack edge to an outer blossom (of a free vertex or an
    /// outer blossom).
    bestedge: Vec<End>,
    blossombestedges: Vec<Option<Vec<End>>>,
    /// Stage number in which each edge was found tight (both directions).
    allowed: Vec<u32>,
    stage: u32,
    queue: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    /// A graph of `n` vertices and no edges.
    pub fn new(n: usize) -> Self {
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        Matcher {
            n,
            weight: vec![W::zero(); n * n],
            dirty: vec![false; n],
            dirty_list: Vec::new(),
            partner: vec![NONE; n],
            started: false,
            mate: vec![NO_END; n],
            dual: vec![W::zero(); 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            label: vec![FREE; 2 * n],
            labelend: vec![NO_END; 2 * n],
            bestedge: vec![NO_END; 2 * n],
            blossombestedges: vec![None; 2 * n],
            allowed: vec![0; n * n],
            stage: 0,
            queue: Vec::new(),
        }
    }

    /// The weight of the edge between `a` and `b`.
    pub fn weight(&self, a: usize, b: usize) -> W {
        self.weight[a * self.n + b]
    }

    /// Sets the weight of the edge between `modified` and `neighbour`.
    /// The next search frees `modified` (unmatches it and takes it out of
    /// its blossoms), which is what keeps the kept matching and duals
    /// valid; so name as `modified` the vertex whose edges are changing.
    pub fn set(&mut self, modified: usize, neighbour: usize, w: W) {
        let n = self.n;
        if self.weight[modified * n + neighbour] == w {
            return;
        }
        self.weight[modified * n + neighbour] = w;
        self.weight[neighbour * n + modified] = w;
        self.touch(modified);
    }

    /// Fixes `a` with `b` for good: from the next search on they are
    /// matched to each other whatever their weights. The caller leaves
    /// them no other edge.
    pub fn fix(&mut self, a: usize, b: usize) {
        self.partner[a] = b;
        self.partner[b] = a;
        self.touch(a);
        self.touch(b);
    }

    fn touch(&mut self, v: usize) {
        if !self.dirty[v] {
            self.dirty[v] = true;
            self.dirty_list.push(v);
        }
    }

    /// A maximum-weight matching of the graph as it now stands: each
    /// vertex's mate, or the vertex itself when unmatched.
    pub fn solve(&mut self) -> Vec<usize> {
        if self.started {
            self.warm_start();
        } else {
            self.cold_start();
        }
        while self.stage_once() {}
        (0..self.n)
            .map(|v| match self.mate[v] {
                NO_END => v,
                p => head(p),
            })
            .collect()
    }

    /// The first search: nothing matched, every dual the heaviest edge
    /// (rounded up to even), so that every edge is feasible and all roots
    /// fall to zero together, which ends the search at once.
    fn cold_start(&mut self) {
        let n = self.n;
        let heaviest = self
            .weight
            .iter()
            .copied()
            .fold(W::zero(), |a, b| if b > a { b } else { a });
        for v in 0..n {
            self.dual[v] = even(heaviest);
        }
        for v in std::mem::take(&mut self.dirty_list) {
            self.dirty[v] = false;
        }
        self.started = true;
        self.match_fixed_pairs(&(0..n).collect::<Vec<_>>());
    }

    /// Frees every vertex whose edges changed, then restores the
    /// invariants: each freed vertex's dual is raised until its edges are
    /// feasible again (and even, as a root's must be).
    fn warm_start(&mut self) {
        let mut freed = Vec::new();
        let dirty = std::mem::take(&mut self.dirty_list);
        for &v in &dirty {
            self.dirty[v] = false;
        }
        for &v in &dirty {
            self.free(v, &mut freed);
            if self.partner[v] != NONE {
                self.free(self.partner[v], &mut freed);
            }
        }
        // A freed vertex's old mate kept its dual, which may be odd; out
        // of its blossoms it can be raised like the others. Raising a dual
        // never makes an edge infeasible, so the order does not matter.
        // A vertex freed as an old mate may have been matched again inside
        // its blossom when another vertex of it was freed; it stays so.
        freed.retain(|&v| self.mate[v] == NO_END);
        for &v in &freed {
            while self.inblossom[v] != v {
                self.dissolve(self.inblossom[v]);
            }
        }
        let n = self.n;
        for &v in &freed {
            let mut need = self.dual[v];
            for j in 0..n {
                let w = self.weight[v * n + j];
                if j == v || w.is_zero() {
                    continue;
                }
                // u(v) ≥ 2w − u(j), compared without going below zero.
                let twice = w + w;
                if twice > self.dual[j] && twice - self.dual[j] > need {
                    need = twice - self.dual[j];
                }
            }
            self.dual[v] = even(need);
        }
        self.match_fixed_pairs(&freed);
    }

    /// Matches each fixed pair among `vertices` whose two are both free,
    /// with duals that make their edge tight; they have no other edge, so
    /// the search never reaches them again.
    fn match_fixed_pairs(&mut self, vertices: &[usize]) {
        for &a in vertices {
            let b = self.partner[a];
            if b == NONE || self.mate[a] != NO_END || self.mate[b] != NO_END {
                continue;
            }
            debug_assert!(self.inblossom[a] == a && self.inblossom[b] == b);
            let w = self.weight(a, b);
            self.dual[a] = w;
            self.dual[b] = w;
            self.mate[a] = end(a, b);
            self.mate[b] = end(b, a);
        }
    }

    /// Unmatches `v`'s outermost blossom (its old mate is freed too) and
    /// takes `v` out of every blossom, keeping every edge feasible.
    fn free(&mut self, v: usize, freed: &mut Vec<usize>) {
        let b = self.inblossom[v];
        let base = self.blossombase[b];
        if self.mate[base] != NO_END {
            let x = head(self.mate[base]);
            self.mate[x] = NO_END;
            self.mate[base] = NO_END;
            freed.push(x);
        }
        if b >= self.n {
            // Make v the base: the pairs inside shift round the cycle and
            // v is left unmatched.
            self.augment_blossom(b, v);
            self.mate[v] = NO_END;
            while self.inblossom[v] != v {
                self.dissolve(self.inblossom[v]);
            }
        }
        freed.push(v);
    }

    /// Dissolves the outermost blossom `b`: its sub-blossoms become
    /// outermost, and its dual moves onto its vertices so that the edges
    /// inside keep their slack (those leaving it gain some).
    fn dissolve(&mut self, b: usize) {
        let z = self.dual[b];
        for v in self.leaves_of(b) {
            self.dual[v] += z;
        }
        for c in std::mem::take(&mut self.blossomchilds[b]) {
            self.blossomparent[c] = NONE;
            if c < self.n {
                self.inblossom[c] = c;
            } else {
                for v in self.leaves_of(c) {
                    self.inblossom[v] = c;
                }
            }
        }
        self.forget_blossom(b);
    }

    fn forget_blossom(&mut self, b: usize) {
        self.dual[b] = W::zero();
        self.label[b] = FREE;
        self.labelend[b] = NO_END;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NO_END;
        self.unusedblossoms.push(b);
    }

    fn slack(&self, p: End) -> W {
        let (i, j) = (tail(p), head(p));
        let w = self.weight[i * self.n + j];
        self.dual[i] + self.dual[j] - w - w
    }

    fn allow(&mut self, p: End) {
        let (i, j) = (tail(p), head(p));
        self.allowed[i * self.n + j] = self.stage;
        self.allowed[j * self.n + i] = self.stage;
    }

    fn is_allowed(&self, p: End) -> bool {
        self.allowed[tail(p) * self.n + head(p)] == self.stage
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
        } else {
            for &c in &self.blossomchilds[b] {
                self.leaves(c, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    /// Whether `b`'s base is unmatched.
    fn exposed(&self, b: usize) -> bool {
        self.mate[self.blossombase[b]] == NO_END
    }

    fn assign_label(&mut self, w: usize, t: u8, p: End) {
        let b = self.inblossom[w];
        self.label[w] = t;
        self.label[b] = t;
        self.labelend[w] = p;
        self.labelend[b] = p;
        self.bestedge[w] = NO_END;
        self.bestedge[b] = NO_END;
        if t == OUTER {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else if t == INNER {
            let m = self.mate[self.blossombase[b]];
            self.assign_label(head(m), OUTER, rev(m));
        }
    }

    /// The base of the blossom an edge between two outer vertices closes,
    /// or NONE when it joins two trees (an augmenting path).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> usize {
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
    fn add_blossom(&mut self, base: usize, p: End) {
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
        // The least-slack edge from the new blossom to each outer blossom.
        let n = self.n;
        let mut bestedgeto = vec![NO_END; 2 * n];
        for &bv in &path {
            let lists: Vec<Vec<End>> = match self.blossombestedges[bv].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| {
                        (0..n)
                            .filter(|&j| !self.weight[v * n + j].is_zero())
                            .map(|j| end(v, j))
                            .collect()
                    })
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j) = (tail(k), head(k));
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == OUTER
                        && (bestedgeto[bj] == NO_END || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = end(i, j);
                    }
                }
            }
            self.bestedge[bv] = NO_END;
        }
        let list: Vec<End> = bestedgeto.into_iter().filter(|&k| k != NO_END).collect();
        self.bestedge[b] = NO_END;
        for &k in &list {
            if self.bestedge[b] == NO_END || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(list);
    }

    /// Expands the outermost blossom `b`: at the end of a stage (its dual
    /// is zero), or an inner blossom whose dual reached zero mid-search,
    /// whose sub-blossoms then take their labels in the tree.
    fn expand_blossom(&mut self, b: usize, endstage: bool) {
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
    fn augment_blossom(&mut self, b: usize, v: usize) {
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
    fn augment_to_root(&mut self, mut s: usize, mut p: End) {
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

    /// One stage: grows trees from every root until the matching grows, a
    /// root's dual reaches zero, or there are no roots. Whether there was
    /// a root.
    fn stage_once(&mut self) -> bool {
        let n = self.n;
        self.stage += 1;
        self.label.iter_mut().for_each(|l| *l = FREE);
        self.labelend.iter_mut().for_each(|l| *l = NO_END);
        self.bestedge.iter_mut().for_each(|e| *e = NO_END);
        for b in n..2 * n {
            self.blossombestedges[b] = None;
        }
        self.queue.clear();
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
        'search: loop {
            while let Some(v) = self.queue.pop() {
                for w in 0..n {
                    // Read afresh: a blossom made on the way takes v in.
                    let bv = self.inblossom[v];
                    if self.inblossom[w] == bv || self.weight[v * n + w].is_zero() {
                        continue;
                    }
                    let p = end(v, w);
                    let mut kslack = W::zero();
                    if !self.is_allowed(p) {
                        kslack = self.slack(p);
                        if kslack <= W::zero() {
                            self.allow(p);
                        }
                    }
                    let bw = self.inblossom[w];
                    if self.is_allowed(p) {
                        if self.label[bw] == FREE {
                            if self.exposed(bw) {
                                // A finished unmatched vertex: the path
                                // from the root ends there.
                                self.augment_to_root(v, p);
                                self.augment_to_root(w, rev(p));
                                break 'search;
                            }
                            self.assign_label(w, INNER, rev(p));
                        } else if self.label[bw] == OUTER {
                            let base = self.scan_blossom(v, w);
                            if base != NONE {
                                self.add_blossom(base, p);
                            } else {
                                self.augment_to_root(v, p);
                                self.augment_to_root(w, rev(p));
                                break 'search;
                            }
                        } else if self.label[w] == FREE {
                            self.label[w] = INNER;
                            self.labelend[w] = rev(p);
                        }
                    } else if self.label[bw] == OUTER {
                        let b = bv;
                        if self.bestedge[b] == NO_END || kslack < self.slack(self.bestedge[b]) {
                            self.bestedge[b] = p;
                        }
                    } else if self.label[w] == FREE
                        && (self.bestedge[w] == NO_END || kslack < self.slack(self.bestedge[w]))
                    {
                        self.bestedge[w] = p;
                    }
                }
            }
            // No tight edge leads on: change the duals by the most that
            // keeps them feasible.
            let mut deltatype = 1;
            let mut delta = W::zero();
            let mut deltavertex = NONE;
            for v in 0..n {
                if self.label[self.inblossom[v]] == OUTER
                    && (deltavertex == NONE || self.dual[v] < delta)
                {
                    delta = self.dual[v];
                    deltavertex = v;
                }
            }
            let mut deltaedge = NO_END;
            let mut deltablossom = NONE;
            for v in 0..n {
                if self.label[self.inblossom[v]] == FREE && self.bestedge[v] != NO_END {
                    let d = self.slack(self.bestedge[v]);
                    if d < delta {
                        delta = d;
                        deltatype = 2;
                        deltaedge = self.bestedge[v];
                    }
                }
            }
            for b in 0..2 * n {
                if self.blossomparent[b] == NONE
                    && self.label[b] == OUTER
                    && self.bestedge[b] != NO_END
                {
                    let d = self.slack(self.bestedge[b]).half();
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
            for v in 0..n {
                match self.label[self.inblossom[v]] {
                    OUTER => self.dual[v] -= delta,
                    INNER => self.dual[v] += delta,
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                    match self.label[b] {
                        OUTER => self.dual[b] += delta,
                        INNER => self.dual[b] -= delta,
                        _ => {}
                    }
                }
            }
            match deltatype {
                1 => {
                    // An outer vertex's dual reached zero: it may as well
                    // be unmatched, and its root matched instead.
                    self.augment_to_root(deltavertex, NO_END);
                    break 'search;
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
        }
        // Outer blossoms whose dual is zero are no longer needed.
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

#[cfg(test)]
mod tests {
    use super::super::weight::Wide;
    use super::*;
    use proptest::prelude::*;

    type W = Wide<2>;

    /// The best total weight of any matching, by trying them all.
    fn best(n: usize, w: &[u64]) -> u64 {
        fn go(v: usize, used: &mut Vec<bool>, n: usize, w: &[u64]) -> u64 {
            let Some(a) = (v..n).find(|&a| !used[a]) else {
                return 0;
            };
            used[a] = true;
            let mut top = go(a + 1, used, n, w);
            for b in a + 1..n {
                if !used[b] && w[a * n + b] > 0 {
                    used[b] = true;
                    top = top.max(w[a * n + b] + go(a + 1, used, n, w));
                    used[b] = false;
                }
            }
            used[a] = false;
            top
        }
        go(0, &mut vec![false; n], n, w)
    }

    /// The matching's total weight, checking that it is a matching of
    /// edges that exist.
    fn total(n: usize, w: &[u64], mate: &[usize]) -> u64 {
        let mut sum = 0;
        for v in 0..n {
            let m = mate[v];
            assert_eq!(mate[m], v, "mates agree");
            if m > v {
                assert!(w[v * n + m] > 0, "{v}–{m} is an edge");
                sum += w[v * n + m];
            }
        }
        sum
    }

    proptest! {
        /// After any run of weight changes, each search finds a matching as
        /// heavy as the best one.
        #[test]
        fn every_search_finds_a_heaviest_matching(
            n in 1usize..11,
            start in proptest::collection::vec(0u64..6, 100),
            changes in proptest::collection::vec(
                (0usize..10, proptest::collection::vec(0u64..6, 10)), 0..8),
        ) {
            let mut w = vec![0u64; n * n];
            let mut m = Matcher::<W>::new(n);
            for a in 0..n {
                for b in 0..a {
                    let x = start[a * 10 + b];
                    w[a * n + b] = x;
                    w[b * n + a] = x;
                    m.set(a, b, W::small(x));
                }
            }
            let mate = m.solve();
            prop_assert_eq!(total(n, &w, &mate), best(n, &w));
            for (v, row) in changes {
                let v = v % n;
                for (b, &x) in row.iter().enumerate().take(n) {
                    if b != v {
                        w[v * n + b] = x;
                        w[b * n + v] = x;
                        m.set(v, b, W::small(x));
                    }
                }
                let mate = m.solve();
                prop_assert_eq!(total(n, &w, &mate), best(n, &w));
            }
        }

        /// A fixed pair stays matched, and the rest is matched at best.
        #[test]
        fn fixed_pairs_stay_and_the_rest_is_best(
            n in 2usize..11,
            start in proptest::collection::vec(0u64..6, 100),
            fixes in proptest::collection::vec((0usize..10, 0usize..10), 1..4),
        ) {
            let mut w = vec![0u64; n * n];
            let mut m = Matcher::<W>::new(n);
            for a in 0..n {
                for b in 0..a {
                    let x = start[a * 10 + b];
                    w[a * n + b] = x;
                    w[b * n + a] = x;
                    m.set(a, b, W::small(x));
                }
            }
            m.solve();
            let mut fixed = vec![false; n];
            for (a, b) in fixes {
                let (a, b) = (a % n, b % n);
                if a == b || fixed[a] || fixed[b] {
                    continue;
                }
                for v in 0..n {
                    for (x, y) in [(a, v), (b, v)] {
                        if x != y {
                            let keep = if (x, y) == (a, b) || (x, y) == (b, a) { 50 } else { 0 };
                            w[x * n + y] = keep;
                            w[y * n + x] = keep;
                            m.set(x, y, W::small(keep));
                        }
                    }
                }
                m.fix(a, b);
                fixed[a] = true;
                fixed[b] = true;
                let mate = m.solve();
                prop_assert_eq!(mate[a], b);
                prop_assert_eq!(total(n, &w, &mate), best(n, &w));
            }
        }
    }
}
