//! Who gets white (in Novuss: who breaks first) in a pair: the colour
//! allocation rules of C.04.3 E.
//!
//! In order: grant both preferences when they differ (E.1); else the
//! stronger preference — an absolute one over the other, the larger
//! imbalance between two absolute ones, a strong one over a mild one
//! (E.2); else alternate from the last round in which the two had
//! different colours (E.3); else the higher-ranked player's preference
//! (E.4); else, with no preference at all, by the higher-ranked player's
//! rank and the initial colour (E.5).

use crate::results::Side;

use super::players::Player;

fn compatible(a: Option<Side>, b: Option<Side>) -> bool {
    a != b || a.is_none()
}

/// The colours of the two players in the last pair of played games (the
/// k-th most recent of each) in which they differed.
fn last_difference(a: &Player, b: &Player) -> Option<(Side, Side)> {
    a.colours
        .iter()
        .rev()
        .zip(b.colours.iter().rev())
        .find(|(x, y)| x != y)
        .map(|(x, y)| (*x, *y))
}

/// The colour rules E.1 to E.3: `a`'s colour against `b`, if they decide.
fn neutral(a: &Player, b: &Player) -> Option<Side> {
    if compatible(a.preference, b.preference) {
        return a.preference.or(b.preference.map(Side::other));
    }
    if a.absolute_preference() && (a.imbalance > b.imbalance || !b.absolute_preference()) {
        return a.preference;
    }
    if b.absolute_preference() && (b.imbalance > a.imbalance || !a.absolute_preference()) {
        return b.preference.map(Side::other);
    }
    if a.strong && !b.strong {
        return a.preference;
    }
    if b.strong && !a.strong {
        return b.preference.map(Side::other);
    }
    last_difference(a, b).map(|(_, theirs)| theirs)
}

/// Whether `a` ranks below `b`: a lower score, or the same score and a
/// later starting rank.
pub(crate) fn ranks_below(a: &Player, b: &Player) -> bool {
    (a.score, b.rank) < (b.score, a.rank)
}

/// The colour `a` gets when paired with `b`; `initial` is the colour the
/// first-ranked player had in round 1.
pub(crate) fn colour_of(a: &Player, b: &Player, initial: Side) -> Side {
    if let Some(side) = neutral(a, b) {
        return side;
    }
    let flip = |odd: bool| if odd { initial.other() } else { initial };
    match a.preference {
        None => {
            if ranks_below(a, b) {
                flip(b.rank % 2 == 1).other()
            } else {
                flip(a.rank % 2 == 1)
            }
        }
        Some(pref) => {
            if ranks_below(a, b) {
                b.preference.map(Side::other).unwrap_or(pref)
            } else {
                pref
            }
        }
    }
}
