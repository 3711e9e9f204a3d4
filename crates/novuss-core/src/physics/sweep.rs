//! Which bodies can meet: the engine's broad phase.
//!
//! Between two of its solo events (cushion, pocket, stop) a body runs along
//! one straight segment, so everywhere it can be until then lies in that
//! segment's axis-aligned box, widened by its radius and the contact
//! tolerance. Two bodies whose boxes do not overlap cannot touch before one
//! of them meets its next solo event, and every solo event repredicts its
//! body. The engine therefore predicts contacts, and checks touching
//! clusters, only between bodies whose boxes overlap: in play a few out of
//! sixteen.
//!
//! The boxes are stored as four arrays of `f32`, rounded outwards so that
//! the test stays conservative, and tested four bodies at a time. Sets of
//! bodies are bit sets, one `u64` per 64 bodies.

use glam::DVec2;

/// Bodies per `u64` word of a bit set.
pub(crate) const WORD: usize = 64;

/// Words a bit set of `n` bodies needs.
pub(crate) fn words(n: usize) -> usize {
    n.div_ceil(WORD)
}

/// Whether body `j` is in the bit set `set`.
pub(crate) fn contains(set: &[u64], j: usize) -> bool {
    set[j / WORD] >> (j % WORD) & 1 == 1
}

/// `x - pad` as an `f32`, which is no greater than `x` when `pad` is at
/// least 2⁻²³ of `|x|` (converting rounds to nearest: off by at most 2⁻²⁴).
fn below(x: f64, pad: f64) -> f32 {
    (x - pad) as f32
}

/// `x + pad` as an `f32`, no less than `x` under the same condition.
fn above(x: f64, pad: f64) -> f32 {
    (x + pad) as f32
}

/// Every body's box. Arrays are padded to a multiple of four with empty
/// boxes, which overlap nothing.
#[derive(Default)]
pub(crate) struct Sweeps {
    /// Widening that keeps `f32` rounding outwards for every coordinate a
    /// body on the table can have.
    pad: f64,
    min_x: Vec<f32>,
    min_y: Vec<f32>,
    max_x: Vec<f32>,
    max_y: Vec<f32>,
}

impl Sweeps {
    /// Room for `n` bodies, all with empty boxes, on a table of side
    /// `size`.
    pub fn reset(&mut self, n: usize, size: f64) {
        // Bodies stay within the cushions: coordinates are at most `size`
        // in magnitude; twice that (plus a metre) leaves ample room.
        self.pad = (2.0 * size.abs() + 1.0) * f64::from(f32::EPSILON);
        let padded = n.div_ceil(4) * 4;
        for (v, fill) in [
            (&mut self.min_x, f32::INFINITY),
            (&mut self.min_y, f32::INFINITY),
            (&mut self.max_x, f32::NEG_INFINITY),
            (&mut self.max_y, f32::NEG_INFINITY),
        ] {
            v.clear();
            v.resize(padded, fill);
        }
    }

    /// Body `i` runs from `from` to `to` and reaches `margin` around its
    /// centre.
    pub fn set(&mut self, i: usize, from: DVec2, to: DVec2, margin: f64) {
        let pad = self.pad;
        self.min_x[i] = below(from.x.min(to.x) - margin, pad);
        self.min_y[i] = below(from.y.min(to.y) - margin, pad);
        self.max_x[i] = above(from.x.max(to.x) + margin, pad);
        self.max_y[i] = above(from.y.max(to.y) + margin, pad);
    }

    /// Body `i` has left the table: it overlaps nothing.
    pub fn vanish(&mut self, i: usize) {
        self.min_x[i] = f32::INFINITY;
        self.min_y[i] = f32::INFINITY;
        self.max_x[i] = f32::NEG_INFINITY;
        self.max_y[i] = f32::NEG_INFINITY;
    }

    /// Writes into `out` (a bit set of [`words`] words) the bodies whose
    /// boxes overlap body `i`'s own box (`i` among them, unless removed).
    pub fn overlapping_body(&self, i: usize, out: &mut [u64]) {
        let q = [self.min_x[i], self.min_y[i], self.max_x[i], self.max_y[i]];
        out.fill(0);
        let quads = self
            .min_x
            .chunks_exact(4)
            .zip(self.min_y.chunks_exact(4))
            .zip(self.max_x.chunks_exact(4).zip(self.max_y.chunks_exact(4)));
        for (k, ((x0, y0), (x1, y1))) in quads.enumerate() {
            let bits = quad(x0, y0, x1, y1, q);
            if bits != 0 {
                let at = 4 * k;
                out[at / WORD] |= u64::from(bits) << (at % WORD);
            }
        }
    }
}

/// Which of four boxes overlap the query `[lo x, lo y, hi x, hi y]`: bit `k`
/// for box `k`.
#[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
#[inline(always)]
fn quad(x0: &[f32], y0: &[f32], x1: &[f32], y1: &[f32], q: [f32; 4]) -> u32 {
    use std::arch::x86_64::*;
    let load = |v: &[f32]| match v {
        [a, b, c, d] => (*a, *b, *c, *d),
        _ => (f32::NAN, f32::NAN, f32::NAN, f32::NAN),
    };
    let (a, b, c, d) = (load(x0), load(y0), load(x1), load(y1));
    // SAFETY: these intrinsics only need SSE, which the `cfg` above
    // guarantees is enabled for the whole build (it is part of the x86_64
    // baseline). None of them touches memory.
    unsafe {
        let hit = _mm_and_ps(
            _mm_and_ps(
                _mm_cmple_ps(_mm_set_ps(a.3, a.2, a.1, a.0), _mm_set1_ps(q[2])),
                _mm_cmpge_ps(_mm_set_ps(c.3, c.2, c.1, c.0), _mm_set1_ps(q[0])),
            ),
            _mm_and_ps(
                _mm_cmple_ps(_mm_set_ps(b.3, b.2, b.1, b.0), _mm_set1_ps(q[3])),
                _mm_cmpge_ps(_mm_set_ps(d.3, d.2, d.1, d.0), _mm_set1_ps(q[1])),
            ),
        );
        _mm_movemask_ps(hit) as u32
    }
}

#[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
#[inline(always)]
fn quad(x0: &[f32], y0: &[f32], x1: &[f32], y1: &[f32], q: [f32; 4]) -> u32 {
    let mut bits = 0;
    for k in 0..4 {
        let hit = (x0[k] <= q[2]) & (x1[k] >= q[0]) & (y0[k] <= q[3]) & (y1[k] >= q[1]);
        bits |= u32::from(hit) << k;
    }
    bits
}

/// Which pairs of bodies have overlapping boxes: a symmetric matrix of
/// bits, one bit-set row per body.
///
/// A body's row is rewritten whenever its box is. Every contact the engine
/// has predicted is between bodies marked here, and every body touching
/// another is marked with it.
#[derive(Default)]
pub(crate) struct Near {
    words: usize,
    rows: Vec<u64>,
}

impl Near {
    /// `n` bodies, none marked.
    pub fn reset(&mut self, n: usize) {
        self.words = words(n);
        self.rows.clear();
        self.rows.resize(n * self.words, 0);
    }

    pub fn row(&self, i: usize) -> &[u64] {
        &self.rows[i * self.words..(i + 1) * self.words]
    }

    /// Makes `row` body `i`'s row, and keeps the matrix symmetric by
    /// flipping `i`'s bit in the rows of the bodies that changed.
    pub fn set(&mut self, i: usize, row: &[u64]) {
        let words = self.words;
        let (word, bit) = (i / WORD, 1u64 << (i % WORD));
        for (w, &new) in row.iter().enumerate() {
            let mut diff = self.rows[i * words + w] ^ new;
            while diff != 0 {
                let j = w * WORD + diff.trailing_zeros() as usize;
                self.rows[j * words + word] ^= bit;
                diff &= diff - 1;
            }
        }
        self.rows[i * words..(i + 1) * words].copy_from_slice(row);
    }

    /// Sets every row from the boxes at once, at the start of a stroke.
    pub fn fill(&mut self, sweeps: &Sweeps, n: usize) {
        self.reset(n);
        let words = self.words;
        for i in 0..n {
            sweeps.overlapping_body(i, &mut self.rows[i * words..(i + 1) * words]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first member of `set` at or after `*from`, moving `*from` past it.
    fn next_member(set: &[u64], from: &mut usize) -> Option<usize> {
        let mut w = *from / WORD;
        let mut mask = u64::MAX.checked_shl((*from % WORD) as u32).unwrap_or(0);
        while let Some(&word) = set.get(w) {
            let left = word & mask;
            if left != 0 {
                let j = w * WORD + left.trailing_zeros() as usize;
                *from = j + 1;
                return Some(j);
            }
            w += 1;
            mask = u64::MAX;
        }
        None
    }

    #[test]
    fn rounding_is_outwards() {
        let mut s = Sweeps::default();
        s.reset(1, 1.0);
        for x in [
            0.0,
            1e-9,
            0.1,
            0.3,
            0.985,
            1.0 / 3.0,
            0.999_999_99,
            2.9,
            -0.2,
        ] {
            let (lo, hi) = (below(x, s.pad), above(x, s.pad));
            assert!(f64::from(lo) <= x && f64::from(hi) >= x, "{x}");
            assert!(x - f64::from(lo) < 1e-6 && f64::from(hi) - x < 1e-6, "{x}");
        }
    }

    #[test]
    fn boxes_overlap_as_boxes_do_across_words() {
        let mut s = Sweeps::default();
        s.reset(70, 1.0);
        s.set(0, DVec2::new(0.1, 0.1), DVec2::new(0.3, 0.2), 0.0);
        // Touches body 0's box exactly at a corner: still overlapping.
        s.set(66, DVec2::new(0.3, 0.2), DVec2::new(0.5, 0.5), 0.0);
        s.set(3, DVec2::new(0.9, 0.9), DVec2::new(0.95, 0.95), 0.0);
        // 1 mm into body 0's box, and 1 mm clear of it.
        s.set(4, DVec2::new(0.304, 0.1), DVec2::new(0.304, 0.1), 0.005);
        s.set(5, DVec2::new(0.306, 0.1), DVec2::new(0.306, 0.1), 0.005);
        let mut out = vec![0; words(70)];
        s.overlapping_body(0, &mut out);
        let mut from = 0;
        assert_eq!(next_member(&out, &mut from), Some(0));
        assert_eq!(next_member(&out, &mut from), Some(4));
        assert_eq!(next_member(&out, &mut from), Some(66));
        assert_eq!(next_member(&out, &mut from), None);
        assert!(contains(&out, 66) && !contains(&out, 5) && !contains(&out, 3));
        s.overlapping_body(3, &mut out);
        assert_eq!(out, vec![1 << 3, 0]);
        s.vanish(0);
        s.overlapping_body(0, &mut out);
        assert_eq!(out, vec![0, 0]);
        s.overlapping_body(66, &mut out);
        assert_eq!(out, vec![0, 1 << 2]);
    }

    #[test]
    fn near_rows_stay_symmetric() {
        let mut near = Near::default();
        near.reset(70);
        near.set(2, &[1 << 2 | 1 << 5, 1 << 3]);
        assert_eq!(near.row(5), &[1 << 2, 0]);
        assert_eq!(near.row(67), &[1 << 2, 0]);
        near.set(2, &[1 << 2, 1 << 3 | 1]);
        assert_eq!(near.row(5), &[0, 0]);
        assert_eq!(near.row(64), &[1 << 2, 0]);
        assert_eq!(near.row(67), &[1 << 2, 0]);
    }
}
