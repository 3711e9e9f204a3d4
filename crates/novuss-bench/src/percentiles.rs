//! Summaries of a sample of times: the nearest-rank quantiles the server
//! benchmark and the load tool report.

use serde::Serialize;

/// p50 and p99 of a sample.
#[derive(Debug, Serialize)]
pub struct Percentiles {
    /// Median.
    pub p50: f64,
    /// 99th percentile.
    pub p99: f64,
    /// Largest.
    pub max: f64,
}

/// The p50, p99 and largest of a sample, in any order; zeros for an empty
/// one.
pub fn percentiles(mut v: Vec<f64>) -> Percentiles {
    v.sort_by(f64::total_cmp);
    let at = |q: f64| quantile(&v, q);
    Percentiles {
        p50: at(0.5),
        p99: at(0.99),
        max: at(1.0),
    }
}

/// The value at quantile `q` (0 to 1) of a sorted sample, the nearest
/// rank; 0 for an empty sample.
pub fn quantile(sorted: &[f64], q: f64) -> f64 {
    sorted
        .get(((sorted.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or(0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantiles_are_the_nearest_rank() {
        let v: Vec<f64> = (1..=101).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), 51.0);
        assert_eq!(quantile(&v, 0.99), 100.0);
        assert_eq!(quantile(&v, 1.0), 101.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
        let p = percentiles(vec![3.0, 1.0, 2.0]);
        assert_eq!((p.p50, p.p99, p.max), (2.0, 3.0, 3.0));
    }
}
