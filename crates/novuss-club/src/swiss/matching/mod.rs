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
//!
//! Here: the kept matching, its warm start and the freeing of changed
//! vertices. `search.rs`: one stage (growing the trees, changing the
//! duals). `blossom.rs`: making, expanding and augmenting through
//! blossoms. `edges.rs`: the weights and which edges exist.
//!
//! Speed (a 500-player round is some 200 searches): each best edge keeps
//! its slack, moved along with every dual change, because reading a
//! weight again is a cache miss; see docs/competitions.md, "Speed".

mod blossom;
mod edges;
mod search;

use super::weight::Weight;
use edges::Edges;

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
    edges: Edges<W>,
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
    /// The slack of `bestedge` at the present duals, kept up to date by
    /// each dual change rather than recomputed from the weights: a weight
    /// read is a cache miss in a matrix of megabytes, and these slacks are
    /// compared at every edge scanned and every dual change.
    bestslack: Vec<W>,
    /// The outer vertex with the least dual (the lowest such), or NONE.
    /// Every outer dual falls by the same amount at a dual change, so the
    /// least stays the least and is only compared when a vertex turns
    /// outer, instead of at every dual change over all vertices.
    least_outer: usize,
    /// An outer blossom's least-slack edge to each other outer blossom,
    /// each with its slack plus the `drift` when it was found: the slack
    /// now is that less the `drift` now.
    blossombestedges: Vec<Option<Vec<(End, W)>>>,
    /// How much every edge between two outer vertices has lost of its
    /// slack since the stage began (twice the sum of the dual changes):
    /// both its ends fall by each change, so such an edge's slack can be
    /// kept without reading its weight again.
    drift: W,
    best_to: blossom::BestTo<W>,
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
            edges: Edges::new(n),
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
            bestslack: vec![W::zero(); 2 * n],
            least_outer: NONE,
            blossombestedges: vec![None; 2 * n],
            drift: W::zero(),
            best_to: blossom::BestTo::new(n),
            allowed: vec![0; n * n],
            stage: 0,
            queue: Vec::new(),
        }
    }

    /// The weight of the edge between `a` and `b`.
    pub fn weight(&self, a: usize, b: usize) -> W {
        self.edges.weight(a, b)
    }

    /// Sets the weight of the edge between `modified` and `neighbour`.
    /// The next search frees `modified` (unmatches it and takes it out of
    /// its blossoms), which is what keeps the kept matching and duals
    /// valid; so name as `modified` the vertex whose edges are changing.
    pub fn set(&mut self, modified: usize, neighbour: usize, w: W) {
        if self.edges.set(modified, neighbour, w) {
            self.touch(modified);
        }
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
        let heaviest = self.edges.heaviest_twice().half();
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
        for &v in &freed {
            let mut need = self.dual[v];
            let row = self.edges.row(v);
            for j in self.edges.neighbours(v) {
                // u(v) ≥ 2w − u(j), compared without going below zero.
                let twice = row[j];
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
        self.dual[i] + self.dual[j] - self.edges.twice(i, j)
    }

    /// Makes `p` the least-slack edge of `x`, its slack being `slack`.
    fn set_bestedge(&mut self, x: usize, p: End, slack: W) {
        debug_assert!(slack == self.slack(p));
        self.bestedge[x] = p;
        self.bestslack[x] = slack;
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
}

#[cfg(test)]
mod tests;
