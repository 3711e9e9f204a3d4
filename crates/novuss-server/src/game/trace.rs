//! A stroke's motion as it was played: the engine's exact paths and fates,
//! and its audible moments. It is stored with the stroke, so a replay shows
//! exactly what the players saw, and a replay's fresh simulation can be
//! compared with it bit for bit.

use novuss_core::physics::{EventKind, Outcome};
use serde::Serialize;

use crate::wire::motion::{Contact, Sound, Trace};

/// Where a fresh simulation differs from a stored trace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Difference {
    /// A segment of some path.
    Paths,
    /// Where a body ended.
    Fates,
    /// The stroke's duration or its contacts.
    Timing,
}

impl Trace {
    /// The trace of an outcome.
    pub fn of(outcome: &Outcome) -> Trace {
        Trace {
            paths: outcome
                .paths
                .iter()
                .map(|path| {
                    path.iter()
                        .map(|s| [s.t, s.p.x, s.p.y, s.v.x, s.v.y, s.decel])
                        .collect()
                })
                .collect(),
            fates: outcome.fates.clone(),
            duration: outcome.duration,
            contacts: outcome
                .events
                .iter()
                .filter_map(|e| {
                    let (kind, speed) = match e.kind {
                        EventKind::Contact { speed, .. } => (Sound::Disc, speed),
                        EventKind::Cushion { speed, .. } => (Sound::Cushion, speed),
                        EventKind::Pocket { .. } => (Sound::Pocket, 0.0),
                        _ => return None,
                    };
                    Some(Contact {
                        t: e.t,
                        kind,
                        speed,
                    })
                })
                .collect(),
        }
    }

    /// The first way `fresh` differs from this trace, compared bit for bit
    /// (a NaN never occurs in either: the engine's input is checked).
    pub fn difference(&self, fresh: &Trace) -> Option<Difference> {
        let bits = |t: &Trace| -> Vec<u64> {
            t.paths
                .iter()
                .flatten()
                .flatten()
                .map(|x| x.to_bits())
                .collect()
        };
        let shapes = |t: &Trace| -> Vec<usize> { t.paths.iter().map(Vec::len).collect() };
        if shapes(self) != shapes(fresh) || bits(self) != bits(fresh) {
            Some(Difference::Paths)
        } else if self.fates != fresh.fates {
            Some(Difference::Fates)
        } else if self.duration.to_bits() != fresh.duration.to_bits()
            || self.contacts != fresh.contacts
        {
            Some(Difference::Timing)
        } else {
            None
        }
    }
}
