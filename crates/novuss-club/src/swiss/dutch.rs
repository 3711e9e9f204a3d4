//! The Dutch system's pairing of one round, bracket by bracket from the
//! top score group (C.04.3 B), as a sequence of maximum-weight matchings
//! over all the players still to pair.
//!
//! The whole field stays in every matching so that each bracket's choice
//! leaves the rest of the round pairable (C.4, completion). A bracket is
//! settled in steps, each fixing a little more with a small weight bonus
//! and a new matching: which moved-down players are paired in it (the
//! highest first, B.3), their opponents, then among the residents which
//! players change halves (exchanges, fewest and with the smallest
//! difference of numbers, D.2), and last each S1 player's opponent in
//! order (transpositions, D.1). Players left over move down to the next
//! bracket.

use std::collections::{HashMap, HashSet};

use crate::results::Entrant;

use super::colour::colour_of;
use super::criteria::{compatible, total_bits, weight, ByeView, Shape};
use super::field::{Pairings, SwissError};
use super::matching::Matcher;
use super::players::Player;
use super::weight::Weight;

fn bits_for(n: usize) -> u32 {
    usize::BITS - n.leading_zeros()
}

/// The edge weights over the players still to pair, the pairs already
/// fixed (which every later matching keeps), and the matching kept
/// between searches: each search starts from the last one and only
/// re-pairs around the players whose edges changed.
struct Graph<W: Weight> {
    matcher: Matcher<W>,
    fixed: Vec<Option<usize>>,
}

impl<W: Weight> Graph<W> {
    fn new(n: usize) -> Self {
        Graph {
            matcher: Matcher::new(n),
            fixed: vec![None; n],
        }
    }

    fn n(&self) -> usize {
        self.fixed.len()
    }

    fn get(&self, a: usize, b: usize) -> W {
        self.matcher.weight(a, b)
    }

    /// Sets the weight of `a`–`b`, naming `a` as the player whose edges
    /// are changing (the one the next search re-pairs).
    fn set(&mut self, a: usize, b: usize, w: W) {
        self.matcher.set(a, b, w);
    }

    /// A maximum-weight matching (`mate[v] == v` when unmatched).
    fn solve(&mut self) -> Vec<usize> {
        self.matcher.solve()
    }

    /// Fixes `a` with `b`: no other edge of either is left.
    fn finalize(&mut self, a: usize, b: usize, top: W) {
        for v in 0..self.n() {
            if v != a {
                self.set(a, v, if v == b { top } else { W::zero() });
            }
            if v != b {
                self.set(b, v, if v == a { top } else { W::zero() });
            }
        }
        if a != b {
            self.fixed[a] = Some(b);
            self.fixed[b] = Some(a);
            self.matcher.fix(a, b);
        }
    }
}

/// Pairs of a best matching as good as `mate` that pairs `v` with `o`,
/// found by exchanging up to three of its pairs along an alternating cycle
/// of equal weight (the ties a criterion leaves), or `None`. `w_vo` is the
/// weight of `v`–`o` and `w_vm` of `v`'s present pair, both before any
/// tie-break bonus.
fn rotation<W: Weight>(
    g: &Graph<W>,
    mate: &[usize],
    v: usize,
    o: usize,
    w_vo: W,
    w_vm: W,
) -> Option<Vec<(usize, usize)>> {
    let m = mate[v];
    let x = mate[o];
    // Gain so far: new edges minus old ones; the cycle must end at zero.
    let gain = w_vo - w_vm - g.get(o, x);
    let w_xm = g.get(x, m);
    if !w_xm.is_zero() && gain + w_xm == W::zero() {
        return Some(vec![(v, o), (x, m)]);
    }
    let taken = |z: usize| z == v || z == o || z == x || z == m;
    for (z, &y) in mate.iter().enumerate() {
        if taken(z) || y == z || taken(y) || g.fixed[z].is_some() {
            continue;
        }
        let w_xz = g.get(x, z);
        let w_ym = g.get(y, m);
        if w_xz.is_zero() || w_ym.is_zero() {
            continue;
        }
        if gain + w_xz - g.get(z, y) + w_ym == W::zero() {
            return Some(vec![(v, o), (x, z), (y, m)]);
        }
    }
    None
}

/// Pairs the round: `sorted` are the players to pair by score then rank,
/// `met` the pairs (by index into `sorted`) who have played each other.
pub(crate) fn pair<W: Weight>(
    sorted: &[Player],
    met: &HashSet<(usize, usize)>,
    played: usize,
    total_rounds: u32,
    win: u32,
    draw: u32,
    initial: crate::results::Side,
) -> Result<Pairings, SwissError> {
    let n = sorted.len();
    let met_pair = |a: usize, b: usize| met.contains(&(a.min(b), a.max(b)));

    // Score groups, lowest first: each gets as many bits as its size needs.
    let mut shifts: HashMap<u32, u32> = HashMap::new();
    let mut groups_bits = 0u32;
    let mut max_group = 0usize;
    {
        let mut i = n;
        while i > 0 {
            let score = sorted[i - 1].score;
            let mut j = i;
            while j > 0 && sorted[j - 1].score == score {
                j -= 1;
            }
            shifts.insert(score, groups_bits);
            groups_bits += bits_for(i - j);
            max_group = max_group.max(i - j);
            i = j;
        }
    }
    let size_bits = bits_for(max_group);
    let group_shift = |score: u32| shifts[&score];
    let shape = Shape {
        size_bits,
        groups_bits,
        group_shift: &group_shift,
        played,
        last_round: played as u32 + 1 >= total_rounds,
        top_threshold: (played as u32 * win.max(draw)) >> 1,
    };
    if total_bits(&shape) + 8 > W::BITS {
        return Err(SwissError::TooLarge);
    }
    // The all-ones value just wider than every weight: a fixed pair's weight.
    let top = W::small(1).shl(total_bits(&shape) + 1) - W::small(1);

    let mut g = Graph::new(n);
    let no_bye_rank = |_: u32| 0u64;
    let mut bye = ByeView {
        score: 0,
        single_downfloater: false,
        unplayed_rank: &no_bye_rank,
    };
    let top_score = sorted.first().map(|p| p.score).unwrap_or(0);

    // Completion: can everyone (but one bye candidate) be paired, and
    // which score does the bye go to?
    for a in 0..n {
        for b in 0..a {
            let w = if n % 2 == 1 {
                if compatible(&sorted[a], &sorted[b], met_pair(a, b), &shape) {
                    let lead = 1 + !sorted[a].bye_eligible as u64 + !sorted[b].bye_eligible as u64;
                    let sum = shifts[&sorted[a].score] + shifts[&sorted[b].score];
                    W::small(lead)
                        .shl(groups_bits)
                        .set_low_bits(sum as u64)
                        .shl(size_bits)
                        .set_low_bits((sorted[a].score >= top_score) as u64)
                } else {
                    W::zero()
                }
            } else {
                weight(
                    &sorted[b],
                    &sorted[a],
                    met_pair(a, b),
                    false,
                    false,
                    &bye,
                    &shape,
                )
            };
            g.set(a, b, w);
        }
    }
    let mut mate = g.solve();
    let unmatched: Vec<usize> = (0..n).filter(|&v| mate[v] == v).collect();
    if unmatched.len() > 1 || unmatched.iter().any(|&v| !sorted[v].bye_eligible) {
        return Err(SwissError::NoPairing);
    }
    let mut ranks: HashMap<u32, u64> = HashMap::new();
    if n % 2 == 1 {
        let b = unmatched[0];
        bye.score = sorted[b].score;
        bye.single_downfloater = bye.score >= top_score
            && (0..n)
                .take_while(|&v| sorted[v].score >= top_score)
                .all(|v| sorted[mate[v]].score >= top_score);
        let mut counts: Vec<u32> = sorted
            .iter()
            .filter(|p| p.score == bye.score)
            .map(|p| p.played_games)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, c) in counts.into_iter().enumerate() {
            ranks.insert(c, rank as u64);
        }
    }
    let rank_of = |games: u32| ranks.get(&games).copied().unwrap_or(0);
    bye.unplayed_rank = &rank_of;
    if n % 2 == 1 {
        for a in 0..n {
            for b in 0..a {
                let w = weight(
                    &sorted[b],
                    &sorted[a],
                    met_pair(a, b),
                    false,
                    false,
                    &bye,
                    &shape,
                );
                g.set(a, b, w);
            }
        }
    }

    let mut pairs_by_vertex: Vec<Option<usize>> = vec![None; n];
    let mut matched = vec![false; n];
    // The bracket: moved-down players first, then the residents, then the
    // next score group; each entry is a vertex (index into `sorted`).
    let mut bracket: Vec<usize> = (0..n)
        .take_while(|&v| sorted[v].score >= top_score)
        .collect();
    let mut next_group_start = bracket.len();
    let mut moved_down = 0usize;
    let mut group_begin_vertex = 0usize;
    let mut guard = 0usize;

    while bracket.len() > 1 || next_group_start < n {
        guard += 1;
        if guard > 4 * n + 8 {
            return Err(SwissError::NoPairing);
        }
        let residents_end = bracket.len();
        let next_begin_vertex = group_begin_vertex + (residents_end - moved_down);
        let next_score = sorted.get(next_group_start).map(|p| p.score);
        let scan_start = next_group_start;
        while next_group_start < n && Some(sorted[next_group_start].score) == next_score {
            bracket.push(next_group_start);
            next_group_start += 1;
        }
        let len = bracket.len();
        // base[larger][smaller], by position in `bracket`.
        let mut base: Vec<Vec<W>> = vec![Vec::new(); len];
        for larger in moved_down..len {
            for smaller in 0..larger {
                let (hv, lv) = (bracket[smaller], bracket[larger]);
                base[larger].push(weight(
                    &sorted[hv],
                    &sorted[lv],
                    met_pair(hv, lv),
                    larger < residents_end,
                    larger >= residents_end,
                    &bye,
                    &shape,
                ));
            }
        }
        for larger in moved_down..len {
            for smaller in 0..larger {
                g.set(bracket[larger], bracket[smaller], base[larger][smaller]);
            }
        }
        let resident = |m: usize| m >= group_begin_vertex && m < next_begin_vertex;
        mate = g.solve();

        // Which moved-down players to pair here: the highest scores first,
        // and within a score the highest ranked who can be.
        let mut i = 0;
        let mut group_score = 0;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        while i < moved_down {
            let v = bracket[i];
            if i == 0 || sorted[v].score < group_score {
                group_score = sorted[v].score;
                remaining = 0;
                remaining_matched = 0;
                let mut k = i;
                while k < len && sorted[bracket[k]].score >= group_score {
                    remaining += 1;
                    if resident(mate[bracket[k]]) {
                        remaining_matched += 1;
                    }
                    k += 1;
                }
            }
            if remaining_matched == 0 {
                i += 1;
                continue;
            }
            if remaining <= remaining_matched {
                matched[v] = true;
                i += 1;
                continue;
            }
            remaining -= 1;
            if !resident(mate[v]) {
                for o in moved_down..residents_end {
                    let w = base[o][i];
                    if !w.is_zero() {
                        g.set(v, bracket[o], w.set_low_bits(1));
                    }
                }
                mate = g.solve();
            }
            if resident(mate[v]) {
                matched[v] = true;
                remaining_matched -= 1;
                for o in moved_down..residents_end {
                    let w = base[o][i];
                    if !w.is_zero() {
                        let w = w.set_low_bits((residents_end - moved_down) as u64) + W::small(1);
                        g.set(v, bracket[o], w);
                    }
                }
            }
            i += 1;
        }

        // Their opponents: each the first resident who keeps the round best.
        for i in 0..moved_down {
            let v = bracket[i];
            if !matched[v] {
                continue;
            }
            let mut addend = len as u64;
            let mut first_choice = None;
            for o in (moved_down..residents_end).rev() {
                let ov = bracket[o];
                if matched[ov] {
                    continue;
                }
                let w = base[o][i];
                if !w.is_zero() {
                    g.set(v, ov, w + W::small(addend));
                    addend += 1;
                    first_choice = Some(ov);
                }
            }
            // As for S1 below: a tie-break the present matching already
            // satisfies needs no new search.
            if first_choice != Some(mate[v]) {
                mate = g.solve();
            }
            let m = mate[v];
            matched[m] = true;
            g.finalize(v, m, top);
        }

        // The remainder: residents not paired with a moved-down player.
        let mut remainder: Vec<usize> = Vec::new();
        let mut remainder_pairs = 0usize;
        for (p, &v) in bracket
            .iter()
            .enumerate()
            .take(residents_end)
            .skip(moved_down)
        {
            if mate[v] < group_begin_vertex {
                continue;
            }
            remainder.push(p);
            if mate[v] < v {
                remainder_pairs += 1;
            }
        }
        let s = size_bits;
        let exchange_weight =
            |base: &Vec<Vec<W>>, smaller: usize, larger: usize, idx: usize| -> W {
                let w = base[larger][smaller];
                if w.is_zero() {
                    return w;
                }
                let addend =
                    W::small((idx < remainder_pairs) as u64).shl(2 * s) - W::small(idx as u64);
                w + addend.shl(1)
            };
        for (oi, &o) in remainder.iter().enumerate() {
            for (pi, &p) in remainder.iter().enumerate().take(oi) {
                g.set(bracket[p], bracket[o], exchange_weight(&base, p, o, pi));
            }
        }
        mate = g.solve();
        let acts_as_s1 = |mate: &Vec<usize>, v: usize| mate[v] > v && mate[v] < next_begin_vertex;
        let s1_end = remainder
            .get(remainder_pairs)
            .copied()
            .unwrap_or(usize::MAX);
        let exchanges = remainder
            .iter()
            .take_while(|&&p| p < s1_end)
            .filter(|&&p| !acts_as_s1(&mate, bracket[p]))
            .count();

        // The lowest players of S1 to move into S2, where possible.
        let mut left = exchanges;
        let mut idx = remainder_pairs;
        while idx > 0 && left > 0 {
            idx -= 1;
            let p = remainder[idx];
            let v = bracket[p];
            if acts_as_s1(&mate, v) {
                for &o in &remainder[idx + 1..] {
                    let w = exchange_weight(&base, p, o, idx);
                    if !w.is_zero() {
                        g.set(v, bracket[o], w - W::small(1));
                    }
                }
                mate = g.solve();
            }
            let exchange = !acts_as_s1(&mate, v);
            if exchange {
                left -= 1;
            }
            for &o in &remainder[idx + 1..] {
                if exchange {
                    base[o][p] = W::zero();
                }
                g.set(v, bracket[o], exchange_weight(&base, p, o, idx));
            }
        }

        // The highest players of S2 to move into S1, where possible.
        let mut left = exchanges;
        let mut idx = remainder_pairs;
        while idx < remainder.len() && left > 1 {
            let p = remainder[idx];
            let v = bracket[p];
            let already = acts_as_s1(&mate, v);
            if !already {
                for &o in &remainder[idx + 1..] {
                    let w = exchange_weight(&base, p, o, idx);
                    if !w.is_zero() {
                        g.set(v, bracket[o], w + W::small(1));
                    }
                }
                mate = g.solve();
            }
            if acts_as_s1(&mate, v) {
                left -= 1;
                for &o in &remainder[..idx] {
                    base[p][o] = W::zero();
                    g.set(v, bracket[o], W::zero());
                }
                for o in residents_end..len {
                    base[o][p] = W::zero();
                    g.set(v, bracket[o], W::zero());
                }
            }
            if !already {
                for &o in &remainder[idx + 1..] {
                    g.set(v, bracket[o], exchange_weight(&base, p, o, idx));
                }
            }
            idx += 1;
        }

        // Fix the halves: S1 players pair only downwards, S2 only upwards.
        for (pi, &p) in remainder.iter().enumerate() {
            let v = bracket[p];
            for &o in &remainder[pi + 1..] {
                let ov = bracket[o];
                if !acts_as_s1(&mate, v) || acts_as_s1(&mate, ov) {
                    base[o][p] = W::zero();
                }
                g.set(v, ov, base[o][p]);
            }
        }

        // Each S1 player in order takes the first opponent that keeps the
        // round best.
        for &p in &remainder {
            let v = bracket[p];
            if !acts_as_s1(&mate, v) {
                continue;
            }
            let mut addend = 0u64;
            let mut first_choice = None;
            let present = mate[v];
            let present_weight = g.get(v, present);
            for &o in remainder.iter().rev() {
                let ov = bracket[o];
                if o <= p || matched[ov] {
                    continue;
                }
                let w = base[o][p];
                if !w.is_zero() {
                    g.set(v, ov, w + W::small(addend));
                    first_choice = Some((ov, w));
                }
                addend += 1;
            }
            // The bonus only breaks ties between best matchings in favour
            // of the highest opponent. When the present matching already
            // pairs the player with them, it stays best; when swapping two
            // of its pairs gives them at no cost, that matching is best.
            // Otherwise search anew.
            match first_choice {
                Some((o, _)) if o == present => {}
                Some((o, w_vo)) if present != v && mate[o] != o && mate[o] != v => {
                    match rotation(&g, &mate, v, o, w_vo, present_weight) {
                        Some(cycle) => {
                            for (a, b) in cycle {
                                mate[a] = b;
                                mate[b] = a;
                            }
                        }
                        None => mate = g.solve(),
                    }
                }
                _ => mate = g.solve(),
            }
            let m = mate[v];
            matched[v] = true;
            matched[m] = true;
            g.finalize(v, m, top);
        }

        // On to the next bracket with whoever is left.
        let mut next = Vec::new();
        moved_down = 0;
        let next_group_score = if scan_start < n {
            Some(sorted[scan_start].score)
        } else {
            None
        };
        bye.single_downfloater = n % 2 == 1 && next_group_score.is_some_and(|s| bye.score >= s);
        for (p, &v) in bracket.iter().enumerate() {
            if p < residents_end && matched[v] {
                pairs_by_vertex[v] = Some(mate[v]);
                pairs_by_vertex[mate[v]] = Some(v);
            } else {
                next.push(v);
                if p < residents_end {
                    moved_down += 1;
                }
                if bye.single_downfloater
                    && next_group_score.is_some_and(|s| sorted[mate[v]].score < s)
                {
                    bye.single_downfloater = false;
                }
            }
        }
        bracket = next;
        group_begin_vertex = next_begin_vertex;
    }

    let mut pairs = Vec::new();
    let mut bye_to = None;
    for v in 0..n {
        match pairs_by_vertex[v] {
            Some(m) => {
                let (a, b) = (&sorted[v], &sorted[m]);
                if a.entrant < b.entrant {
                    let side = colour_of(a, b, initial);
                    pairs.push(if side == crate::results::Side::First {
                        (a.entrant, b.entrant)
                    } else {
                        (b.entrant, a.entrant)
                    });
                }
            }
            None => {
                if bye_to.is_some() {
                    return Err(SwissError::NoPairing);
                }
                bye_to = Some(sorted[v].entrant);
            }
        }
    }
    Ok(Pairings { pairs, bye: bye_to })
}

/// The starting numbers of a pairing, for messages.
#[allow(dead_code)]
pub(crate) fn numbers(p: &[(Entrant, Entrant)]) -> Vec<(u32, u32)> {
    p.iter().map(|(a, b)| (a.0, b.0)).collect()
}
