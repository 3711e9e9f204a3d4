//! Intervals of the real line whose ends may be open or closed.

/// An interval of the real line; each end is open or closed. The legal
/// region of the striker has both kinds: touching a cushion is allowed
/// (closed), touching a zone line's edge or a disc is not (open).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The lower end.
    pub lo: f64,
    /// The upper end.
    pub hi: f64,
    /// Whether `lo` itself belongs to the interval.
    pub lo_closed: bool,
    /// Whether `hi` itself belongs to the interval.
    pub hi_closed: bool,
}

impl Interval {
    /// The open interval `(lo, hi)`.
    pub fn open(lo: f64, hi: f64) -> Interval {
        Interval {
            lo,
            hi,
            lo_closed: false,
            hi_closed: false,
        }
    }

    /// The closed interval `[lo, hi]`.
    pub fn closed(lo: f64, hi: f64) -> Interval {
        Interval {
            lo,
            hi,
            lo_closed: true,
            hi_closed: true,
        }
    }

    /// Whether `x` lies in the interval (never for NaN).
    pub fn contains(&self, x: f64) -> bool {
        let above = x > self.lo || (self.lo_closed && x == self.lo);
        let below = x < self.hi || (self.hi_closed && x == self.hi);
        above && below
    }

    /// Whether no number lies in it (also when an end is NaN).
    pub fn is_empty(&self) -> bool {
        !(self.lo < self.hi || (self.lo == self.hi && self.lo_closed && self.hi_closed))
    }

    /// `hi − lo`, or 0 when empty.
    pub fn length(&self) -> f64 {
        if self.is_empty() {
            0.0
        } else {
            self.hi - self.lo
        }
    }

    /// The numbers in both intervals. At a shared end the stricter kind
    /// (open) wins.
    pub fn intersect(&self, other: &Interval) -> Interval {
        let (lo, lo_closed) = if self.lo > other.lo {
            (self.lo, self.lo_closed)
        } else if other.lo > self.lo {
            (other.lo, other.lo_closed)
        } else {
            (self.lo, self.lo_closed && other.lo_closed)
        };
        let (hi, hi_closed) = if self.hi < other.hi {
            (self.hi, self.hi_closed)
        } else if other.hi < self.hi {
            (other.hi, other.hi_closed)
        } else {
            (self.hi, self.hi_closed && other.hi_closed)
        };
        Interval {
            lo,
            hi,
            lo_closed,
            hi_closed,
        }
    }

    /// The parts left after taking away the closed interval `[lo, hi]`:
    /// below it and above it, each open where it was cut.
    pub(super) fn without(&self, lo: f64, hi: f64) -> [Interval; 2] {
        let below = if self.hi < lo {
            *self
        } else {
            Interval {
                hi: lo,
                hi_closed: false,
                ..*self
            }
        };
        let above = if self.lo > hi {
            *self
        } else {
            Interval {
                lo: hi,
                lo_closed: false,
                ..*self
            }
        };
        [below, above]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ends_open_and_closed() {
        let i = Interval::closed(0.0, 1.0).intersect(&Interval::open(0.5, 1.0));
        assert!(!i.lo_closed);
        assert!(!i.hi_closed);
        assert!(i.contains(0.75));
        assert!(!i.contains(1.0));
        assert!(!i.contains(f64::NAN));
        assert!(Interval::closed(1.0, 1.0).contains(1.0));
        assert!(Interval::open(1.0, 1.0).is_empty());
        assert!(Interval::open(f64::NAN, 1.0).is_empty());
        let [a, b] = Interval::closed(0.0, 1.0).without(0.25, 0.5);
        assert_eq!(
            a,
            Interval {
                hi: 0.25,
                hi_closed: false,
                ..Interval::closed(0.0, 1.0)
            }
        );
        assert_eq!(
            b,
            Interval {
                lo: 0.5,
                lo_closed: false,
                ..Interval::closed(0.0, 1.0)
            }
        );
        let [a, b] = Interval::closed(0.0, 1.0).without(2.0, 3.0);
        assert_eq!(a, Interval::closed(0.0, 1.0));
        assert!(b.is_empty());
    }
}
