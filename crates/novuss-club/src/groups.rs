//! Groups then knock-out: the field seeded into groups by the snake
//! (serpentine) system, each group a round robin by the Berger tables,
//! then the best of each group into a knock-out.
//!
//! The snake: seeds 1..G go to groups A..G, seeds G+1..2G back from G to
//! A, and so on, so that every group gets one of the top G, one of the
//! next G, and the groups' seed sums are as level as they can be.
//!
//! The cross: a group's winner does not meet a runner-up of their own
//! group in the first knock-out round. Groups are taken in pairs, A with
//! B, C with D, …: A1–B2, B1–A2, C1–D2, D1–C2. With an odd number of
//! groups the last three go round: E1–F2, F1–G2, G1–E2 (one group alone
//! has nobody to cross with: A1–A2).

use serde::Serialize;

use crate::round_robin::{berger, Cycles, Round, RoundRobinError};

/// A group's place in the order the groups are named (A is 0), and a
/// finishing place in it (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Qualifier {
    /// The group, from 0 (A).
    pub group: u32,
    /// The place in the group, from 1.
    pub place: u32,
}

/// Why groups cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GroupsError {
    /// No groups, or fewer than two entrants a group.
    TooFewPerGroup {
        /// Entrants.
        entrants: u32,
        /// Groups asked for.
        groups: u32,
    },
    /// A group's round robin cannot be drawn.
    RoundRobin(RoundRobinError),
}

impl std::fmt::Display for GroupsError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GroupsError::TooFewPerGroup { entrants, groups } => write!(
                f,
                "{entrants} entrants cannot make {groups} groups of at least 2"
            ),
            GroupsError::RoundRobin(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for GroupsError {}

/// The seeds (from 1) of each group, best first, by the snake system.
pub fn snake(entrants: u32, groups: u32) -> Result<Vec<Vec<u32>>, GroupsError> {
    if groups == 0 || entrants < 2 * groups {
        return Err(GroupsError::TooFewPerGroup { entrants, groups });
    }
    let mut out = vec![Vec::new(); groups as usize];
    for seed in 1..=entrants {
        let k = (seed - 1) % groups;
        let row = (seed - 1) / groups;
        let g = if row % 2 == 0 { k } else { groups - 1 - k };
        out[g as usize].push(seed);
    }
    Ok(out)
}

/// A group's rounds by the Berger tables, with the group's seeds for draw
/// numbers (the group's best seed draws 1).
pub fn group_rounds(seeds: &[u32], cycles: Cycles) -> Result<Vec<Round>, GroupsError> {
    let rounds = berger(seeds.len() as u32, cycles).map_err(GroupsError::RoundRobin)?;
    let seed = |n: u32| seeds[n as usize - 1];
    Ok(rounds
        .into_iter()
        .map(|mut r| {
            for p in &mut r.pairings {
                p.first = seed(p.first);
                p.second = seed(p.second);
            }
            r.rests = r.rests.map(seed);
            r
        })
        .collect())
}

/// The first knock-out round of the top two of each of `groups` groups,
/// by the cross (module documentation): each winner against a runner-up
/// of another group, when there are two groups or more.
pub fn cross(groups: u32) -> Vec<(Qualifier, Qualifier)> {
    let q = |group, place| Qualifier { group, place };
    let mut out = Vec::new();
    let mut g = 0;
    while g < groups {
        let left = groups - g;
        if left == 1 {
            out.push((q(g, 1), q(g, 2)));
            g += 1;
        } else if left == 3 {
            for k in 0..3 {
                out.push((q(g + k, 1), q(g + (k + 1) % 3, 2)));
            }
            g += 3;
        } else {
            out.push((q(g, 1), q(g + 1, 2)));
            out.push((q(g + 1, 1), q(g, 2)));
            g += 2;
        }
    }
    out
}
