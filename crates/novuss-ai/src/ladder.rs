//! The ladder of levels: how sure a win rate is (Wilson's interval), and
//! ratings on one Glicko-2 scale fitted to the results of whole runs.
//!
//! A rating here is what Glicko-2 would settle on for a player who had
//! played the measured sets: its scale is Glicko-2's (a difference of
//! 173.7178 points is one unit of the logistic, so 200 points above means
//! a 76% expected score), and the ratings are the maximum-likelihood fit of
//! the Bradley–Terry model to every pair's sets, which is what Glicko-2's
//! expected score, `1 / (1 + exp(-(μ - μⱼ)))` at zero deviation, is. The
//! fit uses every set at once instead of Glicko-2's updates period by
//! period, so the order the sets were played in does not matter. One
//! level is the anchor (1500); each deviation is the fit's standard error
//! of the difference from it, on the same scale.

use crate::level::Level;

/// Glicko-2's scale: rating points per unit of the logistic (400 / ln 10).
pub const GLICKO_SCALE: f64 = 173.7178;

/// The rating of the anchor level (Glicko-2's starting rating).
pub const ANCHOR_RATING: f64 = 1500.0;

/// The deviation of a rating before any game (Glicko-2's starting
/// deviation, 350). The fit uses it as a weak prior, centred on the
/// anchor, so that a pair one side won every set of still has finite
/// ratings. It draws the ends of the ladder a little towards the anchor:
/// on the recorded run (400 sets a pair) by at most 4 points, a fifth of
/// their deviations.
pub const PRIOR_DEVIATION: f64 = 350.0;

/// Wilson's score interval at 95% for `p` observed in `n` trials.
pub fn wilson95(p: f64, n: f64) -> [f64; 2] {
    if n <= 0.0 {
        return [0.0, 1.0];
    }
    let z = 1.959_963_984_540_054_f64;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

/// The sets two entrants played: `a`'s score (wins plus half the draws) of
/// `sets`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct PairScore {
    /// The first entrant's index.
    pub a: usize,
    /// The second's.
    pub b: usize,
    /// `a`'s wins plus half the draws.
    pub score: f64,
    /// Sets played.
    pub sets: f64,
}

/// A fitted rating.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Rating {
    /// On the Glicko-2 scale, the anchor at [`ANCHOR_RATING`].
    pub rating: f64,
    /// The standard error of its difference from the anchor, in rating
    /// points (0 for the anchor).
    pub deviation: f64,
}

/// The expected score of a player rated `a` against one rated `b`, both
/// known exactly (Glicko-2's `E` with deviations of zero).
pub fn expected(a: f64, b: f64) -> f64 {
    1.0 / (1.0 + (-(a - b) / GLICKO_SCALE).exp())
}

/// The ratings of `count` entrants that best explain `pairs` (maximum
/// likelihood, with [`PRIOR_DEVIATION`] as a weak prior), with `anchor`
/// at [`ANCHOR_RATING`]. Entrants no pair connects to the anchor stay at
/// the prior's centre, the anchor's rating.
pub fn fit(count: usize, anchor: usize, pairs: &[PairScore]) -> Vec<Rating> {
    // Free parameters: every entrant but the anchor, in logistic units.
    let free: Vec<usize> = (0..count).filter(|&k| k != anchor).collect();
    let slot = |k: usize| free.iter().position(|&f| f == k);
    let m = free.len();
    let prior = (GLICKO_SCALE / PRIOR_DEVIATION).powi(2);
    let mut theta = vec![0.0; count];
    let mut covariance = vec![vec![0.0; m]; m];
    // Newton's method on a concave log-likelihood: a few steps converge.
    for _ in 0..100 {
        let mut gradient = vec![0.0; m];
        let mut hessian = vec![vec![0.0; m]; m];
        for (s, &k) in free.iter().enumerate() {
            gradient[s] -= prior * theta[k];
            hessian[s][s] -= prior;
        }
        for p in pairs {
            if p.a == p.b || p.a >= count || p.b >= count || p.sets <= 0.0 {
                continue;
            }
            let e = 1.0 / (1.0 + (theta[p.b] - theta[p.a]).exp());
            let g = p.score - p.sets * e;
            let h = p.sets * e * (1.0 - e);
            let (sa, sb) = (slot(p.a), slot(p.b));
            if let Some(i) = sa {
                gradient[i] += g;
                hessian[i][i] -= h;
            }
            if let Some(j) = sb {
                gradient[j] -= g;
                hessian[j][j] -= h;
            }
            if let (Some(i), Some(j)) = (sa, sb) {
                hessian[i][j] += h;
                hessian[j][i] += h;
            }
        }
        // The information matrix is the negated Hessian; its inverse is
        // the covariance, and it gives the Newton step.
        let information: Vec<Vec<f64>> = hessian
            .iter()
            .map(|row| row.iter().map(|x| -x).collect())
            .collect();
        covariance = invert(&information);
        let mut largest: f64 = 0.0;
        for (s, &k) in free.iter().enumerate() {
            let step: f64 = (0..m).map(|t| covariance[s][t] * gradient[t]).sum();
            theta[k] += step;
            largest = largest.max(step.abs());
        }
        if largest < 1e-10 {
            break;
        }
    }
    (0..count)
        .map(|k| Rating {
            rating: ANCHOR_RATING + GLICKO_SCALE * theta[k],
            deviation: slot(k).map_or(0.0, |s| GLICKO_SCALE * covariance[s][s].max(0.0).sqrt()),
        })
        .collect()
}

/// The pairs a ladder run plays, the stronger level (by its place) first:
/// each rung of [`Level::LADDER`] against each of the `reach` rungs below
/// it (at least one), then each level off the ladder (the baseline)
/// against the two rungs next to its place in [`Level::ALL`].
pub fn pairs(reach: usize) -> Vec<(Level, Level)> {
    let rungs = &Level::LADDER;
    let mut out = Vec::new();
    for k in 1..=reach.clamp(1, rungs.len() - 1) {
        for w in rungs.windows(k + 1) {
            out.push((w[k], w[0]));
        }
    }
    let place = |l: Level| Level::ALL.iter().position(|&x| x == l).unwrap_or(0);
    for base in Level::ALL.into_iter().filter(|l| !rungs.contains(l)) {
        let mut near: Vec<Level> = rungs.to_vec();
        near.sort_by_key(|&r| place(r).abs_diff(place(base)));
        for r in near.into_iter().take(2) {
            out.push(if r > base { (r, base) } else { (base, r) });
        }
    }
    out
}

/// The inverse of a symmetric positive definite matrix (Gauss–Jordan
/// elimination with partial pivoting; the matrices here are a few rows).
fn invert(a: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let n = a.len();
    let mut m: Vec<Vec<f64>> = a
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let mut r = row.clone();
            r.extend((0..n).map(|j| if i == j { 1.0 } else { 0.0 }));
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&x, &y| m[x][col].abs().total_cmp(&m[y][col].abs()))
            .unwrap_or(col);
        m.swap(col, pivot);
        let p = m[col][col];
        if p == 0.0 {
            continue;
        }
        for x in m[col].iter_mut() {
            *x /= p;
        }
        let row = m[col].clone();
        for (r, other) in m.iter_mut().enumerate() {
            if r != col {
                let f = other[col];
                if f != 0.0 {
                    for (x, y) in other.iter_mut().zip(&row) {
                        *x -= f * y;
                    }
                }
            }
        }
    }
    m.into_iter().map(|row| row[n..].to_vec()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pairs_climb_the_ladder_and_place_the_baseline() {
        let p = pairs(1);
        assert_eq!(p.len(), Level::LADDER.len() - 1 + 2);
        assert_eq!(p[0], (Level::LADDER[1], Level::LADDER[0]));
        assert!(p.iter().all(|(a, b)| a > b));
        assert!(p.contains(&(Level::Novice, Level::Greedy)));
        assert!(p.contains(&(Level::Beginner, Level::Greedy)));
        let two = pairs(2);
        assert_eq!(two.len(), p.len() + Level::LADDER.len() - 2);
        assert!(two.contains(&(Level::Master, Level::League)));
    }

    #[test]
    fn wilson_matches_a_worked_value() {
        // 81 of 263: the interval is 0.2553 to 0.3662 (Wilson 1927's method,
        // as in Newcombe 1998, table I, worked by hand).
        let [lo, hi] = wilson95(81.0 / 263.0, 263.0);
        assert!(
            (lo - 0.2553).abs() < 5e-4 && (hi - 0.3662).abs() < 5e-4,
            "{lo} {hi}"
        );
        assert_eq!(wilson95(0.5, 0.0), [0.0, 1.0]);
    }

    #[test]
    fn two_players_are_as_far_apart_as_their_score_says() {
        // 300 of 400: logit(0.75) = ln 3 units, 190.8 points; the standard
        // error of a logit is 1 / sqrt(n p (1 - p)) = 0.1155 units, 20.1
        // points. The prior pulls the difference in by a fraction of a
        // point.
        let r = fit(
            2,
            0,
            &[PairScore {
                a: 1,
                b: 0,
                score: 300.0,
                sets: 400.0,
            }],
        );
        assert_eq!(r[0].rating, ANCHOR_RATING);
        assert_eq!(r[0].deviation, 0.0);
        let gap = r[1].rating - r[0].rating;
        assert!((gap - 190.85).abs() < 1.0, "{gap}");
        assert!((r[1].deviation - 20.06).abs() < 0.2, "{:?}", r[1]);
        assert!((expected(r[1].rating, r[0].rating) - 0.75).abs() < 0.002);
    }

    #[test]
    fn a_chain_adds_its_steps_and_a_clean_sweep_stays_finite() {
        let pairs = [
            PairScore {
                a: 1,
                b: 0,
                score: 280.0,
                sets: 400.0,
            },
            PairScore {
                a: 2,
                b: 1,
                score: 280.0,
                sets: 400.0,
            },
            PairScore {
                a: 3,
                b: 2,
                score: 400.0,
                sets: 400.0,
            },
        ];
        let r = fit(4, 1, &pairs);
        let step = GLICKO_SCALE * (0.7f64 / 0.3).ln();
        assert!((r[1].rating - r[0].rating - step).abs() < 1.0, "{r:?}");
        // The prior holds the sweep's winner back, and through that pair
        // pulls its loser up by a few points.
        assert!((r[2].rating - r[1].rating - step).abs() < 5.0, "{r:?}");
        assert!(
            r[3].rating > r[2].rating + 500.0 && r[3].rating.is_finite(),
            "{r:?}"
        );
        // The deviation grows with the steps from the anchor.
        assert!(r[2].deviation > 0.0 && r[2].deviation < r[3].deviation);
    }
}
