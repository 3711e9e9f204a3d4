//! The Dutch system's criteria for one pair, packed into one edge weight.
//!
//! Highest field first (C.04.3 C, the 2026 numbering):
//! - compatibility (C.1, C.3: not met before, not two equal absolute
//!   colour preferences except in the last round for a player above half
//!   the maximum score) — an incompatible pair gets weight zero, no edge;
//! - completion and the bye (C.4, C.5): a pair is worth more the fewer
//!   bye candidates it uses up;
//! - as many pairs as possible in the bracket (C.6), with the highest
//!   scores (C.7), then the same for the next bracket (C.8);
//! - the bye assignee's unplayed games (C.9);
//! - colours: absolute imbalances (C.10), absolute preferences (C.11),
//!   preferences (C.12), strong preferences (C.13);
//! - repeated floats: down then up one round back (C.14, C.15), two rounds
//!   back (C.16, C.17), then their scores (C.18–C.21);
//! - low bits left free for the bracket's exchange and order criteria.

use super::players::{Float, Player};
use super::weight::Weight;

/// What every edge weight of one round shares.
pub(crate) struct Shape<'a> {
    /// Bits for a count of players in a score group.
    pub size_bits: u32,
    /// Bits for one flag per score group.
    pub groups_bits: u32,
    /// Each score's bit offset within a groups field.
    pub group_shift: &'a dyn Fn(u32) -> u32,
    /// Rounds already played.
    pub played: usize,
    /// Whether this round is the last.
    pub last_round: bool,
    /// Half of the highest possible score so far, in tenths.
    pub top_threshold: u32,
}

/// The bye's part of a bracket's weights.
#[derive(Clone, Copy)]
pub(crate) struct ByeView<'a> {
    /// The score of the player who will get the bye (0 if none will).
    pub score: u32,
    /// Whether C.9 applies in this bracket.
    pub single_downfloater: bool,
    /// Rank of each played-games count among those who could get the bye.
    pub unplayed_rank: &'a dyn Fn(u32) -> u64,
}

/// Whether the two may be paired at all.
pub(crate) fn compatible(a: &Player, b: &Player, met: bool, shape: &Shape) -> bool {
    !met && (!a.absolute_preference()
        || !b.absolute_preference()
        || a.preference != b.preference
        || (shape.last_round && (a.score > shape.top_threshold || b.score > shape.top_threshold)))
}

fn bye_candidate(p: &Player, bye: &ByeView) -> bool {
    p.bye_eligible && p.score <= bye.score
}

/// How many bits a full weight takes.
pub(crate) fn total_bits(shape: &Shape) -> u32 {
    let s = shape.size_bits;
    let g = shape.groups_bits;
    let mut bits = 2 + s + g + s + g + 2 * s + 4 * s;
    if shape.played >= 1 {
        bits += 2 * s + 2 * g;
    }
    if shape.played >= 2 {
        bits += 2 * s + 2 * g;
    }
    bits + 3 * s + 1
}

fn push<W: Weight>(acc: W, bits: u32, value: W) -> W {
    acc.shl(bits) + value
}

fn flag<W: Weight>(b: bool) -> W {
    W::small(b as u64)
}

/// The colour fields (C.10–C.13) for `p` (the lower player) against `o`.
fn colour_fields<W: Weight>(mut acc: W, p: &Player, o: &Player, on: bool, s: u32) -> W {
    let same = p.preference == o.preference;
    let c10 = !p.absolute_imbalance() || !o.absolute_imbalance() || !same;
    acc = push(acc, s, flag(on && c10));
    let c11 = !p.absolute_preference()
        || !o.absolute_preference()
        || !same
        || if p.imbalance == o.imbalance {
            p.repeated.is_none() || p.repeated != o.repeated
        } else {
            let weaker = if p.imbalance > o.imbalance { o } else { p };
            weaker.repeated != p.preference.map(|c| c.other())
        };
    acc = push(acc, s, flag(on && c11));
    let c12 = !same || p.preference.is_none();
    acc = push(acc, s, flag(on && c12));
    let c13 = (!p.strong && !p.absolute_preference())
        || (!o.strong && !o.absolute_preference())
        || (p.absolute_preference() && o.absolute_preference())
        || !same;
    push(acc, s, flag(on && c13))
}

/// The weight of pairing `high` (earlier in the bracket order) with
/// `low`; `in_bracket` and `in_next` say where `low` is.
#[allow(clippy::too_many_arguments)]
pub(crate) fn weight<W: Weight>(
    high: &Player,
    low: &Player,
    met: bool,
    in_bracket: bool,
    in_next: bool,
    bye: &ByeView,
    shape: &Shape,
) -> W {
    if !compatible(high, low, met, shape) {
        return W::zero();
    }
    let s = shape.size_bits;
    let g = shape.groups_bits;
    let group = |score: u32| W::small(1).shl((shape.group_shift)(score));
    let mut acc = W::small(1 + !bye_candidate(high, bye) as u64 + !bye_candidate(low, bye) as u64);
    acc = push(acc, s, flag(in_bracket));
    acc = push(
        acc,
        g,
        if in_bracket {
            group(high.score)
        } else {
            W::zero()
        },
    );
    acc = push(acc, s, flag(in_next));
    acc = push(
        acc,
        g,
        if in_next {
            group(high.score)
        } else {
            W::zero()
        },
    );
    let mut c9 = W::zero();
    if bye.single_downfloater {
        if high.score == bye.score {
            c9 += W::small((bye.unplayed_rank)(high.played_games));
        }
        if low.score == bye.score {
            c9 += W::small((bye.unplayed_rank)(low.played_games));
        }
    }
    acc = push(acc, 2 * s, c9);
    acc = colour_fields(acc, low, high, in_bracket, s);
    let floats_down = high.score > low.score;
    for back in 0..2 {
        if shape.played > back {
            let down = (low.floats[back] == Float::Down) as u64
                + (!floats_down && high.floats[back] == Float::Down) as u64;
            acc = push(
                acc,
                s,
                if in_bracket {
                    W::small(down)
                } else {
                    W::zero()
                },
            );
            let up_again = floats_down && low.floats[back] == Float::Up;
            acc = push(acc, s, flag(in_bracket && !up_again));
        }
    }
    for back in 0..2 {
        if shape.played > back {
            let mut v = W::zero();
            if in_bracket {
                if low.floats[back] == Float::Down {
                    v += group(low.score);
                }
                if high.floats[back] == Float::Down {
                    v += group(high.score);
                }
            }
            acc = push(acc, g, v);
            let up_again = floats_down && low.floats[back] == Float::Up;
            acc = push(
                acc,
                g,
                if in_bracket && !up_again {
                    group(high.score)
                } else {
                    W::zero()
                },
            );
        }
    }
    acc.shl(3 * s + 1)
}
