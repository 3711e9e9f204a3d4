//! The matcher against brute force on small random graphs.

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

/// A graph on `n` vertices (up to 10) whose edge `a`–`b` (`b < a`) weighs
/// `start[10·a + b]`, zero being no edge: the weights as a plain matrix
/// for the brute force, and a matcher holding them.
fn random_graph(n: usize, start: &[u64]) -> (Vec<u64>, Matcher<W>) {
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
    (w, m)
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
        let (mut w, mut m) = random_graph(n, &start);
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
        let (mut w, mut m) = random_graph(n, &start);
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
