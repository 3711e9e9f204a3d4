//! Real roots of low-degree polynomials on an interval.
//!
//! The squared distance between two sliding bodies is a quartic in time, so
//! the instant they touch is a root of a quartic. Closed-form quartic
//! formulas lose most of their precision exactly in the cases that matter
//! here (bodies almost touching, nearly parallel paths), so roots are
//! *isolated* instead: the critical points of `p` (roots of `p′`, found the
//! same way, down to a closed-form quadratic) split the interval into pieces
//! on which `p` is monotone, and each piece holding a sign change has exactly
//! one root, refined by safeguarded Newton iteration inside its bracket. The
//! result is correct to a few ulps and never misses a root in the interval.

/// Polynomial coefficients, lowest degree first: `c[k]` multiplies `t^k`.
pub type Poly = [f64; 5];

/// Evaluates `c` (degree ≤ 4) at `t` by Horner's rule.
#[inline]
pub fn eval(c: &Poly, t: f64) -> f64 {
    (((c[4] * t + c[3]) * t + c[2]) * t + c[1]) * t + c[0]
}

fn derivative(c: &Poly) -> Poly {
    [c[1], 2.0 * c[2], 3.0 * c[3], 4.0 * c[4], 0.0]
}

fn degree(c: &Poly) -> usize {
    (0..5).rev().find(|&k| c[k] != 0.0).unwrap_or(0)
}

/// Roots of `c` strictly inside `(lo, hi)`, ascending, into `out`; returns
/// how many. Double roots (tangencies) appear once: they are critical points
/// of `c` and are found through the derivative.
fn roots_inside(c: &Poly, lo: f64, hi: f64, out: &mut [f64; 4]) -> usize {
    match degree(c) {
        0 => 0,
        1 => {
            let r = -c[0] / c[1];
            push_inside(r, lo, hi, out, 0)
        }
        2 => quadratic_inside(c[2], c[1], c[0], lo, hi, out),
        _ => {
            let mut crit = [0.0; 4];
            let k = roots_inside(&derivative(c), lo, hi, &mut crit);
            let mut n = 0;
            let mut a = lo;
            let mut fa = eval(c, a);
            for b in crit[..k].iter().copied().chain([hi]) {
                let fb = eval(c, b);
                if fb == 0.0 && b < hi {
                    n = push_inside(b, lo, hi, out, n);
                } else if (fa < 0.0 && fb > 0.0) || (fa > 0.0 && fb < 0.0) {
                    n = push_inside(refine(c, a, b, fa), lo, hi, out, n);
                }
                a = b;
                fa = fb;
            }
            n
        }
    }
}

fn push_inside(r: f64, lo: f64, hi: f64, out: &mut [f64; 4], n: usize) -> usize {
    if r > lo && r < hi && n < 4 && (n == 0 || r > out[n - 1]) {
        out[n] = r;
        n + 1
    } else {
        n
    }
}

/// Roots of `a t² + b t + c` inside `(lo, hi)`, computed without
/// cancellation (`q = −(b + sign(b)√Δ)/2`, roots `q/a` and `c/q`).
fn quadratic_inside(a: f64, b: f64, c: f64, lo: f64, hi: f64, out: &mut [f64; 4]) -> usize {
    let disc = b * b - 4.0 * a * c;
    if disc < 0.0 {
        // A tangency lost to rounding still has its vertex as a root.
        let v = -b / (2.0 * a);
        return if (a * v + b) * v + c == 0.0 {
            push_inside(v, lo, hi, out, 0)
        } else {
            0
        };
    }
    let q = -0.5 * (b + b.signum() * disc.sqrt());
    let (mut r1, mut r2) = if q == 0.0 { (0.0, 0.0) } else { (q / a, c / q) };
    if r1 > r2 {
        std::mem::swap(&mut r1, &mut r2);
    }
    let n = push_inside(r1, lo, hi, out, 0);
    push_inside(r2, lo, hi, out, n)
}

/// The single root of `c` in `[a, b]`, where `c` is monotone and changes
/// sign; `fa = c(a)`. Returns the bracket end on the side of `a`'s sign once
/// the bracket is a few ulps wide, so that a contact time is never late.
fn refine(c: &Poly, mut a: f64, mut b: f64, fa: f64) -> f64 {
    let d = derivative(c);
    let sa = fa > 0.0;
    let mut x = 0.5 * (a + b);
    for _ in 0..100 {
        let fx = eval(c, x);
        if fx == 0.0 {
            return x;
        }
        if (fx > 0.0) == sa {
            a = x;
        } else {
            b = x;
        }
        if (b - a).abs() <= 4.0 * f64::EPSILON * a.abs().max(b.abs()) + f64::MIN_POSITIVE {
            break;
        }
        let dx = eval(&d, x);
        let newton = x - fx / dx;
        let (lo, hi) = if a < b { (a, b) } else { (b, a) };
        // Newton while it stays strictly inside the bracket, bisection otherwise.
        x = if dx != 0.0 && newton > lo && newton < hi {
            newton
        } else {
            0.5 * (a + b)
        };
    }
    a
}

/// The first time in `[lo, hi]` at which `c` goes from positive to
/// non-positive, i.e. where a gap closes. If `c(lo) ≤ 0` and `c` is not
/// increasing there, `lo` itself is returned.
pub fn first_descent(c: &Poly, lo: f64, hi: f64) -> Option<f64> {
    if hi < lo {
        return None;
    }
    let mut crit = [0.0; 4];
    let k = roots_inside(&derivative(c), lo, hi, &mut crit);
    let mut a = lo;
    let mut fa = eval(c, a);
    for b in crit[..k].iter().copied().chain([hi]) {
        let fb = eval(c, b);
        if fb < fa {
            // A descending piece: the gap closes here if it ends at or below zero.
            if fa <= 0.0 {
                return Some(a);
            }
            if fb <= 0.0 {
                // On a monotone piece an exact zero at `b` is the only root.
                return Some(if fb == 0.0 { b } else { refine(c, a, b, fa) });
            }
        }
        a = b;
        fa = fb;
    }
    None
}

/// How a gap that is closed now closes further (see [`first_closing`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Closing {
    /// After opening wider than the band, it comes back to zero at this time.
    Approach(f64),
    /// Without opening wider than the band, it shrinks below it from this
    /// time on: the bodies are pushed into each other.
    Press(f64),
}

/// For a gap polynomial `c` that is within `band` of zero at `lo` (two
/// bodies touching), the first time in `[lo, hi]` at which it closes:
/// either it rises above `band` and comes back down to zero (the root is
/// returned, never late), or, still within the band, it falls below
/// `-band` by more than `band` (the start of that fall is returned).
/// Changes within the band are rounding, and ignored: counting them would
/// find the same touching contact again and again.
pub fn first_closing(c: &Poly, lo: f64, hi: f64, band: f64) -> Option<Closing> {
    if hi < lo {
        return None;
    }
    let mut crit = [0.0; 4];
    let k = roots_inside(&derivative(c), lo, hi, &mut crit);
    let mut a = lo;
    let mut fa = eval(c, a);
    // Whether the gap has opened beyond the band: until then, where within
    // the band a fall starts is rounding, and it starts at `lo`.
    let mut opened = fa > band;
    for b in crit[..k].iter().copied().chain([hi]) {
        let fb = eval(c, b);
        if fb < fa {
            if fa > band {
                if fb <= 0.0 {
                    return Some(Closing::Approach(if fb == 0.0 {
                        b
                    } else {
                        refine(c, a, b, fa)
                    }));
                }
            } else if fb < -band && fa - fb > band {
                return Some(Closing::Press(if opened { a } else { lo }));
            }
        }
        opened |= fb > band;
        a = b;
        fa = fb;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from_roots(r: &[f64]) -> Poly {
        // Expand ∏ (t − rᵢ) for up to four roots.
        let mut c = [1.0, 0.0, 0.0, 0.0, 0.0];
        for &ri in r {
            let mut n = [0.0; 5];
            for k in 0..4 {
                n[k + 1] += c[k];
                n[k] -= ri * c[k];
            }
            c = n;
        }
        c
    }

    #[test]
    fn finds_the_first_descending_root_of_a_quartic() {
        // Positive before 0.3, negative on (0.3, 0.5), positive on (0.5, 0.7)...
        let c = from_roots(&[0.3, 0.5, 0.7, 0.9]);
        let t = first_descent(&c, 0.0, 1.0).unwrap();
        assert!((t - 0.3).abs() < 1e-15, "{t}");
        assert!(eval(&c, t) >= 0.0);
        // Starting inside the negative stretch while still descending (the
        // minimum is at 0.6 − √0.05 ≈ 0.376) means "now"...
        assert_eq!(first_descent(&c, 0.35, 1.0), Some(0.35));
        // ...but once rising (separating) the next entry is the one at 0.7.
        let t = first_descent(&c, 0.4, 1.0).unwrap();
        assert!((t - 0.7).abs() < 1e-14, "{t}");
        let t = first_descent(&c, 0.55, 1.0).unwrap();
        assert!((t - 0.7).abs() < 1e-14, "{t}");
    }

    #[test]
    fn no_root_when_the_gap_never_closes() {
        let c = from_roots(&[2.0, 3.0]);
        assert_eq!(first_descent(&c, 0.0, 1.0), None);
        let c = [1.0, 0.0, 1.0, 0.0, 0.0];
        assert_eq!(first_descent(&c, 0.0, 10.0), None);
    }

    #[test]
    fn grazing_contact_is_found_at_the_tangency() {
        // (t − 0.25)² touches zero without crossing: a grazing contact.
        let c = from_roots(&[0.25, 0.25]);
        let t = first_descent(&c, 0.0, 1.0).unwrap();
        assert!((t - 0.25).abs() < 1e-12, "{t}");
    }

    #[test]
    fn a_touching_gap_closes_by_returning_or_by_pressing() {
        // (t − p)²(0.8 − t) − ε: touching at first, dipping a hair below
        // zero near t = p (rounding-sized), then apart, and back near 0.8.
        let (p, eps) = (1e-4, 1e-12);
        let c = [
            0.8 * p * p - eps,
            -(1.6 * p + p * p),
            0.8 + 2.0 * p,
            -1.0,
            0.0,
        ];
        let dip = first_descent(&c, 0.0, 1.0).unwrap();
        assert!(dip < p, "{dip}");
        let Some(Closing::Approach(t)) = first_closing(&c, 0.0, 1.0, 1e-8) else {
            panic!()
        };
        assert!((t - 0.8).abs() < 1e-9, "{t}");
        // With a band narrower than the dip, the dip is the contact.
        let Some(Closing::Approach(t)) = first_closing(&c, 0.0, 1.0, 1e-13) else {
            panic!()
        };
        assert_eq!(t, dip);
        // Pushed together at second order.
        let c = [0.0, 0.0, -1.0, 0.0, 0.0];
        assert_eq!(
            first_closing(&c, 0.0, 1.0, 1e-13),
            Some(Closing::Press(0.0))
        );
        // Parting by a hair (within the band) before pressing: the press
        // starts now, not after the hair.
        let c = [0.0, 1e-20, -1.0, 0.0, 0.0];
        assert_eq!(
            first_closing(&c, 0.0, 1.0, 1e-13),
            Some(Closing::Press(0.0))
        );
        // Parting for good.
        let c = [0.0, 0.0, 1.0, 0.0, 0.0];
        assert_eq!(first_closing(&c, 0.0, 1.0, 1e-13), None);
    }

    #[test]
    fn close_roots_are_found_early_never_late() {
        // Two roots 1e-9 apart form a near-double root: rounding the
        // coefficients moves it by about √ε ≈ 1e-8, so that is the accuracy
        // to expect (a grazing contact 30 nm early at 1 m/s). What matters is
        // that the time returned is never after the contact.
        let c = from_roots(&[0.5, 0.5 + 1e-9, 0.8, 0.9]);
        let t = first_descent(&c, 0.0, 1.0).unwrap();
        assert!((t - 0.5).abs() < 1e-7, "{t}");
        assert!(t <= 0.5 + 1e-9 && eval(&c, t) >= 0.0, "{t}");
    }
}
