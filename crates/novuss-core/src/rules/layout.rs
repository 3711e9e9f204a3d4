//! Standard set-ups of the discs.
//!
//! Before a set each player lines up their eight discs "in an uninterrupted
//! row, touching adjacent discs and the edge board", four on either side of
//! the middle line, then plays from the opposite side (`000` 1.4, `002`
//! 1.1–1.2, `001` "Initial state").

use glam::DVec2;

use crate::table::{Cushion, Table};

/// `count` discs in a row pressed against cushion `side`, touching one
/// another, centred on that edge's middle line, listed from the row's
/// west or south end.
pub fn row_against(table: &Table, side: impl Into<Cushion>, count: usize) -> Vec<DVec2> {
    let side: Cushion = side.into();
    let r = table.disc.radius;
    let half = count as f64 * r;
    let mid = table.size / 2.0;
    // Against the far cushions the centre is `size − r`, moved in by a
    // rounding error where `size − (size − r)` rounds below `r` (as for a
    // 1.2 m table), so that the disc is within the cushions exactly, as the
    // physics checks it.
    let mut far = table.size - r;
    while table.size - far < r && far > 0.0 {
        far -= table.size * f64::EPSILON;
    }
    (0..count)
        .map(|k| {
            // Rounded to the nanometre so that rows sit at the decimal
            // positions a person would write (0.425, not 0.42500000000000004).
            let along = ((mid - half + r + 2.0 * r * k as f64) * 1e9).round() / 1e9;
            match side {
                Cushion::South => DVec2::new(along, r),
                Cushion::North => DVec2::new(along, far),
                Cushion::West => DVec2::new(r, along),
                Cushion::East => DVec2::new(far, along),
            }
        })
        .collect()
}

/// The singles opening: the south player's eight discs against the north
/// cushion (first), then the north player's against the south cushion.
pub fn singles_opening(table: &Table) -> Vec<DVec2> {
    let mut discs = row_against(table, Cushion::North, 8);
    discs.extend(row_against(table, Cushion::South, 8));
    discs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_touches_the_cushion_and_is_centred() {
        let t = Table::default();
        let row = row_against(&t, Cushion::North, 8);
        assert_eq!(row.len(), 8);
        assert!((row[0].x - 0.395).abs() < 1e-12);
        assert!((row[7].x - 0.605).abs() < 1e-12);
        assert!(row.iter().all(|p| (p.y - 0.985).abs() < 1e-12));
        let left = row.iter().filter(|p| p.x < 0.5).count();
        assert_eq!(left, 4);
    }
}
