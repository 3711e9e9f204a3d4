//! The matcher's graph: a dense matrix of edge weights, stored doubled,
//! and beside it one bit per pair saying whether the edge exists.
//!
//! Doubled, because the search only ever uses a weight as `2·w` in a
//! slack (`u(i) + u(j) − 2·w(i, j)`, duals doubled): storing `2·w` saves a
//! wide addition in the innermost loop. A weight leaves eight spare bits
//! in its type (dutch.rs checks `total_bits + 8`), so doubling never
//! overflows.
//!
//! The bits, because most pairs of a late bracket are no edge (players
//! already fixed keep only their partner, pairs who met have none): a
//! search walks a vertex's neighbours 64 at a time instead of loading a
//! wide weight for every vertex of the field to find it zero.

use super::super::weight::Weight;

pub(super) struct Edges<W: Weight> {
    n: usize,
    /// 64-bit words per row of `present`.
    words: usize,
    twice: Vec<W>,
    present: Vec<u64>,
}

impl<W: Weight> Edges<W> {
    /// `n` vertices and no edges.
    pub fn new(n: usize) -> Self {
        let words = n.div_ceil(64);
        Edges {
            n,
            words,
            twice: vec![W::zero(); n * n],
            present: vec![0; n * words],
        }
    }

    /// Twice the weight of `a`–`b` (zero when there is no edge).
    #[inline]
    pub fn twice(&self, a: usize, b: usize) -> W {
        self.twice[a * self.n + b]
    }

    /// The weight of `a`–`b`.
    pub fn weight(&self, a: usize, b: usize) -> W {
        self.twice(a, b).half()
    }

    /// The row of doubled weights from `a`, indexed by the other end.
    #[inline]
    pub fn row(&self, a: usize) -> &[W] {
        &self.twice[a * self.n..(a + 1) * self.n]
    }

    /// Sets the weight of `a`–`b` both ways; whether it changed.
    pub fn set(&mut self, a: usize, b: usize, w: W) -> bool {
        let n = self.n;
        let twice = w + w;
        if self.twice[a * n + b] == twice {
            return false;
        }
        self.twice[a * n + b] = twice;
        self.twice[b * n + a] = twice;
        let on = !w.is_zero();
        for (x, y) in [(a, b), (b, a)] {
            let word = &mut self.present[x * self.words + y / 64];
            let bit = 1u64 << (y % 64);
            if on {
                *word |= bit;
            } else {
                *word &= !bit;
            }
        }
        true
    }

    /// The heaviest doubled weight of all.
    pub fn heaviest_twice(&self) -> W {
        self.twice
            .iter()
            .copied()
            .fold(W::zero(), |a, b| if b > a { b } else { a })
    }

    /// How many words a row of the bitmap has.
    #[inline]
    pub fn words(&self) -> usize {
        self.words
    }

    /// Word `k` of `a`'s row: bit `i` set when `a`–`(64·k + i)` is an edge.
    #[inline]
    pub fn word(&self, a: usize, k: usize) -> u64 {
        self.present[a * self.words + k]
    }

    /// `a`'s neighbours, lowest first (the order the search relies on to
    /// stay deterministic and identical to a plain scan of `0..n`).
    pub fn neighbours(&self, a: usize) -> impl Iterator<Item = usize> + '_ {
        (0..self.words).flat_map(move |k| Bits(self.word(a, k)).map(move |i| 64 * k + i))
    }
}

/// The set bits of a word, lowest first.
pub(super) struct Bits(pub u64);

impl Iterator for Bits {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}
