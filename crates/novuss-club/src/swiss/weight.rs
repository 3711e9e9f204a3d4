//! Edge weights wide enough to hold every criterion of a bracket at once.
//!
//! The Dutch system's criteria are ranked: any improvement in a higher one
//! outweighs every change in the lower ones. Each criterion gets a field of
//! bits in one number, the highest criterion in the highest bits, so that a
//! maximum-weight matching optimises them in order. With hundreds of
//! players and many score groups the number needs hundreds of bits: this is
//! a fixed-width two's-complement integer of `N` 64-bit limbs (least
//! significant first), whose arithmetic wraps like the machine's.

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// What the matching needs of a weight.
pub trait Weight:
    Copy + Ord + Add<Output = Self> + Sub<Output = Self> + AddAssign + SubAssign + std::fmt::Debug
{
    /// Zero.
    fn zero() -> Self;
    /// A small value.
    fn small(v: u64) -> Self;
    /// Shifted left by `bits` (bits shifted out are lost).
    fn shl(self, bits: u32) -> Self;
    /// Halved, rounding towards minus infinity.
    fn half(self) -> Self;
    /// Whether it is zero.
    fn is_zero(&self) -> bool {
        *self == Self::zero()
    }
    /// With the low bits of `v` set.
    fn set_low_bits(self, v: u64) -> Self;
    /// The lowest bit: 1 when odd.
    fn low_bit(&self) -> u64;
    /// How many bits the type holds.
    const BITS: u32;
}

/// A two's-complement integer of `N` limbs.
#[derive(Clone, Copy)]
pub struct Wide<const N: usize>(pub [u64; N]);

// Compared limb by limb rather than as bytes: the derived comparison of
// an array calls `memcmp`, which was two fifths of a round's time in the
// matching's inner loops.
impl<const N: usize> PartialEq for Wide<N> {
    fn eq(&self, other: &Self) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0, |acc, (a, b)| acc | (a ^ b))
            == 0
    }
}

impl<const N: usize> Eq for Wide<N> {}

impl<const N: usize> std::fmt::Debug for Wide<N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "0x")?;
        for limb in self.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        Ok(())
    }
}

impl<const N: usize> Ord for Wide<N> {
    fn cmp(&self, other: &Self) -> Ordering {
        // The sign bit decides first; then the limbs, highest first.
        let neg_a = self.0[N - 1] >> 63;
        let neg_b = other.0[N - 1] >> 63;
        if neg_a != neg_b {
            return neg_b.cmp(&neg_a);
        }
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                o => return o,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        // Through a 128-bit sum per limb, which the compiler turns into
        // one add-with-carry chain (two overflowing adds and an `or` per
        // limb did not fold into one).
        let mut out = [0u64; N];
        let mut carry = 0u64;
        for (i, slot) in out.iter_mut().enumerate() {
            let s = self.0[i] as u128 + o.0[i] as u128 + carry as u128;
            *slot = s as u64;
            carry = (s >> 64) as u64;
        }
        Wide(out)
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    // The shift reads the borrow out of the 128-bit difference.
    #[allow(clippy::suspicious_arithmetic_impl)]
    fn sub(self, o: Self) -> Self {
        // As for addition: a 128-bit difference per limb, negative (its
        // top bit set) when the limb borrows.
        let mut out = [0u64; N];
        let mut borrow = 0u64;
        for (i, slot) in out.iter_mut().enumerate() {
            let d = (self.0[i] as u128)
                .wrapping_sub(o.0[i] as u128)
                .wrapping_sub(borrow as u128);
            *slot = d as u64;
            borrow = (d >> 127) as u64;
        }
        Wide(out)
    }
}

impl<const N: usize> AddAssign for Wide<N> {
    fn add_assign(&mut self, o: Self) {
        *self = *self + o;
    }
}

impl<const N: usize> SubAssign for Wide<N> {
    fn sub_assign(&mut self, o: Self) {
        *self = *self - o;
    }
}

impl<const N: usize> Weight for Wide<N> {
    const BITS: u32 = 64 * N as u32;

    fn zero() -> Self {
        Wide([0; N])
    }

    fn small(v: u64) -> Self {
        let mut out = [0; N];
        out[0] = v;
        Wide(out)
    }

    fn shl(self, bits: u32) -> Self {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0u64; N];
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rest;
            if rest > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }

    fn half(self) -> Self {
        let mut out = [0u64; N];
        for (i, slot) in out.iter_mut().enumerate() {
            let high = if i + 1 < N {
                self.0[i + 1] << 63
            } else {
                // Arithmetic shift: the sign stays.
                self.0[i] & (1 << 63)
            };
            *slot = (self.0[i] >> 1) | high;
        }
        Wide(out)
    }

    fn is_zero(&self) -> bool {
        self.0.iter().fold(0, |acc, l| acc | l) == 0
    }

    fn set_low_bits(mut self, v: u64) -> Self {
        self.0[0] |= v;
        self
    }

    fn low_bit(&self) -> u64 {
        self.0[0] & 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Two limbs as the 128-bit integer they stand for.
    fn value(w: Wide<2>) -> u128 {
        w.0[0] as u128 | (w.0[1] as u128) << 64
    }

    fn wide(v: u128) -> Wide<2> {
        Wide([v as u64, (v >> 64) as u64])
    }

    proptest! {
        /// Addition and subtraction carry and borrow across limbs and wrap
        /// like the machine's integers; comparison is signed.
        #[test]
        fn two_limbs_count_as_one_128_bit_integer(a: u128, b: u128) {
            prop_assert_eq!(value(wide(a) + wide(b)), a.wrapping_add(b));
            prop_assert_eq!(value(wide(a) - wide(b)), a.wrapping_sub(b));
            prop_assert_eq!(wide(a).cmp(&wide(b)), (a as i128).cmp(&(b as i128)));
            prop_assert_eq!(value(wide(a).half()), ((a as i128) >> 1) as u128);
        }
    }
}
