//! What a simulated stroke returns: the event log, the paths and the fates.

use glam::DVec2;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::motion::Segment;
use crate::table::{Corner, Cushion};

/// A body on the table during one stroke: the striker, or the playing disc at
/// this index of the input. Written in JSON as `"striker"` or the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Body {
    /// The striker.
    Striker,
    /// The playing disc at this index of the input.
    Disc(usize),
}

impl Body {
    /// The engine's dense index: the striker is 0, disc `i` is `i + 1`.
    pub fn index(self) -> usize {
        match self {
            Body::Striker => 0,
            Body::Disc(i) => i + 1,
        }
    }

    /// Inverse of [`Body::index`].
    pub fn from_index(i: usize) -> Body {
        if i == 0 {
            Body::Striker
        } else {
            Body::Disc(i - 1)
        }
    }
}

impl std::fmt::Display for Body {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Body::Striker => f.write_str("the striker"),
            Body::Disc(i) => write!(f, "disc {i}"),
        }
    }
}

impl Serialize for Body {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Body::Striker => s.serialize_str("striker"),
            Body::Disc(i) => s.serialize_u64(*i as u64),
        }
    }
}

impl<'de> Deserialize<'de> for Body {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Body, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Index(usize),
            Name(String),
        }
        match Raw::deserialize(d)? {
            Raw::Index(i) => Ok(Body::Disc(i)),
            Raw::Name(n) if n == "striker" => Ok(Body::Striker),
            Raw::Name(n) => Err(serde::de::Error::custom(format!(
                "a body is \"striker\" or a disc index, not {n:?}"
            ))),
        }
    }
}

/// Where a body left the table: over one cushion, or over a corner when it
/// met both cushions of the corner at the same instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Exit {
    /// Over this cushion.
    Cushion(Cushion),
    /// Over this corner.
    Corner(Corner),
}

/// What happened at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventKind {
    /// Two bodies touched. `a` is the lower index (the striker when it is
    /// involved). `speed` is the closing speed along the line of centres.
    Contact {
        /// The lower body.
        a: Body,
        /// The other.
        b: Body,
        /// Closing speed along the line of centres, m/s.
        speed: f64,
    },
    /// A body met a cushion and rebounded; `speed` is the normal speed.
    Cushion {
        /// The body.
        body: Body,
        /// The cushion.
        side: Cushion,
        /// Normal speed into the cushion, m/s.
        speed: f64,
    },
    /// A body fell into a pocket.
    Pocket {
        /// The body.
        body: Body,
        /// The pocket.
        pocket: Corner,
    },
    /// A body crossed a pocket too fast to fall ("jumped the pocket").
    JumpedPocket {
        /// The body.
        body: Body,
        /// The pocket.
        pocket: Corner,
    },
    /// A body met a cushion too hard and left the table; `at` is where.
    OffTable {
        /// The body.
        body: Body,
        /// Over which cushion or corner.
        exit: Exit,
        /// Its centre when it left.
        at: DVec2,
    },
    /// A body came to rest.
    Stop {
        /// The body.
        body: Body,
        /// Where it rests.
        at: DVec2,
    },
}

impl EventKind {
    /// The order the engine gives to *predicted* events due at exactly the
    /// same time: contacts before cushions (a disc pressed against a cushion
    /// receives the striker's push before it rebounds), then pocket events,
    /// then stops. A body leaves the table when its cushion contact is
    /// processed, so `OffTable` shares the cushion's turn in practice; events
    /// logged while a touching cluster settles appear in the order applied.
    pub fn rank(&self) -> u8 {
        match self {
            EventKind::Contact { .. } => 0,
            EventKind::Cushion { .. } => 1,
            EventKind::JumpedPocket { .. } => 2,
            EventKind::Pocket { .. } => 3,
            EventKind::OffTable { .. } => 4,
            EventKind::Stop { .. } => 5,
        }
    }
}

/// One entry of the event log.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// Time since the stroke, s.
    pub t: f64,
    /// What happened.
    #[serde(flatten)]
    pub kind: EventKind,
}

/// Where a body ended the stroke.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum Fate {
    /// At rest on the surface.
    OnTable {
        /// Its centre.
        at: DVec2,
    },
    /// Fell into a pocket at time `t`.
    Pocketed {
        /// The pocket.
        pocket: Corner,
        /// When it fell, s.
        t: f64,
    },
    /// Left the table at time `t` from `at`, over `exit`.
    OffTable {
        /// Over which cushion or corner.
        exit: Exit,
        /// Its centre when it left.
        at: DVec2,
        /// When, s.
        t: f64,
    },
}

impl Fate {
    /// The resting position, if the body is still on the table.
    pub fn on_table(&self) -> Option<DVec2> {
        match self {
            Fate::OnTable { at } => Some(*at),
            _ => None,
        }
    }
}

/// Everything the engine knows about one stroke.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Events in the order they happened (see `docs/physics.md` for the
    /// ordering of simultaneous events).
    pub events: Vec<Event>,
    /// For each body (index 0 the striker, then the discs in input order) its
    /// path as consecutive segments; the last one ends at rest or where the
    /// body left the surface.
    pub paths: Vec<Vec<Segment>>,
    /// For each body, where it ended.
    pub fates: Vec<Fate>,
    /// Time at which the last body came to rest or left, s.
    pub duration: f64,
    /// Whether the stroke hit [`super::Physics::max_events`] and was cut short
    /// (bodies still moving were stopped where they were).
    pub truncated: bool,
}

impl Outcome {
    /// The striker's fate.
    pub fn striker(&self) -> &Fate {
        &self.fates[0]
    }

    /// The fate of input disc `i`.
    pub fn disc(&self, i: usize) -> &Fate {
        &self.fates[i + 1]
    }

    /// Position of `body` at time `t` (its last position if it has left).
    pub fn position_at(&self, body: Body, t: f64) -> DVec2 {
        let path = &self.paths[body.index()];
        let k = path.partition_point(|s| s.t <= t).max(1) - 1;
        path[k].position(t)
    }
}
