//! What the striker did, read off the physics' event log and paths.

use crate::physics::{Body, EventKind, Fate, Outcome};
use crate::rules::verdict::StrokeKind;
use crate::rules::zone::striker_return_depth;
use crate::seat::Seat;
use crate::table::{Cushion, Table};

/// Contacts of the striker with different discs this close in time count as
/// simultaneous, s. A referee cannot tell apart contacts a millisecond apart
/// (at a brisk 3 m/s the striker moves 3 mm), and when "the play was too
/// close to call, the opponent should be given the benefit of the doubt"
/// (`000` 1.29, 3.6.2).
pub const SIMULTANEOUS: f64 = 1e-3;

/// The striker's story in one stroke. Disc numbers are the physics' input
/// indices.
#[derive(Clone, Debug, Default)]
pub(crate) struct StrikerPath {
    pub kind: Option<StrokeKind>,
    /// Discs touched first (within [`SIMULTANEOUS`]).
    pub first: Vec<usize>,
    /// Cushions touched before the first disc, in order.
    pub cushions_before: Vec<Cushion>,
    /// Every disc the striker touched, in order of first touch.
    pub struck: Vec<usize>,
    pub pocketed: bool,
    pub off_table: bool,
    /// It slid back over the player's own zone line after leaving the zone
    /// (`001` "Losing the rights to stroke"; `002` 3.7; `003`).
    pub returned: bool,
}

pub(crate) fn read(table: &Table, seat: Seat, o: &Outcome) -> StrikerPath {
    let mut p = StrikerPath::default();
    let mut first_t: Option<f64> = None;
    for e in &o.events {
        match e.kind {
            EventKind::Contact {
                a: Body::Striker,
                b: Body::Disc(i),
                ..
            } => {
                match first_t {
                    None => {
                        first_t = Some(e.t);
                        p.first.push(i);
                    }
                    Some(t0) if e.t - t0 <= SIMULTANEOUS && !p.first.contains(&i) => {
                        p.first.push(i)
                    }
                    _ => {}
                }
                if !p.struck.contains(&i) {
                    p.struck.push(i);
                }
            }
            EventKind::Cushion {
                body: Body::Striker,
                side,
                ..
            } if first_t.is_none() => {
                p.cushions_before.push(side);
            }
            _ => {}
        }
    }
    p.kind = Some(if p.cushions_before.is_empty() {
        StrokeKind::Direct
    } else {
        StrokeKind::Rebound
    });
    p.pocketed = matches!(o.striker(), Fate::Pocketed { .. });
    p.off_table = matches!(o.striker(), Fate::OffTable { .. });
    p.returned = returned_over_line(table, seat, o);
    p
}

/// Whether the striker, once out of the player's edge zone, slid back until
/// its hole was wholly on the cushion side of the zone line. Within a path
/// segment a body moves along a straight line without turning back, so its
/// depth from the player's cushion is monotone and the segment ends decide.
fn returned_over_line(table: &Table, seat: Seat, o: &Outcome) -> bool {
    let limit = striker_return_depth(table);
    let depth = |p| table.distance_to_cushion(p, seat);
    let path = &o.paths[0];
    let mut out = false;
    for (k, seg) in path.iter().enumerate() {
        let end_t = path.get(k + 1).map_or(seg.stop_time(), |n| n.t);
        let (d0, d1) = (depth(seg.p), depth(seg.position(end_t)));
        out |= d0 >= limit;
        if out && d1 < limit {
            return true;
        }
        out |= d1 >= limit;
    }
    false
}
