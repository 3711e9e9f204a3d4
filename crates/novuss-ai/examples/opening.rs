//! How often can anyone run out from the line-up at `pro` noise? An
//! estimate of the ceiling, row by row.
//!
//! Position `k` is the singles line-up with only the middle `k` of the
//! player's discs left in its row against the far cushion (the others
//! pocketed). From it, a dense grid of strokes is played as meant; those
//! that keep the turn are sampled under `pro` noise, and each kept outcome
//! is credited with `R(j)`, `j` the own discs it leaves pressed against
//! the far cushion, every other own disc counted as certain to go down.
//! `R(k)` is the best stroke's mean credit (the best 40 of the screen
//! sampled again 1,000 times with fresh draws), `R(0) = 1`. Since discs off
//! the row are taken as free, `R(8)` overstates what play from the
//! line-up can reach. A row displaced from the middle may be easier than
//! the middle one measured, so with `floor` each credit is at least
//! `floor^j` (each disc left in the row peeled in `floor` of strokes; the
//! best stroke at the full line-up keeps the turn in 0.63).
//! `cargo run --release -p novuss-ai --example opening -- [rows] [floor]
//! [noise]` (`rows`, the largest `k`, 8 by default; `floor` 0 by default;
//! `noise` `pro` by default).
use novuss_ai::search::Trial;
use novuss_ai::value::Valuer;
use novuss_ai::{Level, Noise, NoiseName, Player};
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Physics};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, Opening, SetState};
use novuss_core::seat::Seat;
use novuss_core::table::Cushion;

mod support;

/// Over `n` noisy plays of `s` (draws from `base` on): the share that keep
/// the turn, the mean number of own discs left in the row when they do,
/// and the mean credit `ceiling[j]` for `j` discs left (0 when the turn
/// is lost).
fn study(
    trial: &mut Trial<'_>,
    s: &Stroke,
    noise: &Noise,
    n: u64,
    base: u64,
    ceiling: &[f64],
) -> (f64, f64, f64) {
    let me = trial.state().side_to_play();
    let t = *trial.state().table();
    let (mut keeps, mut row, mut score) = (0.0, 0.0, 0.0);
    support::sampled(trial, s, noise, n, base, |x, after| {
        if !x.keep {
            return;
        }
        let left = after
            .discs_on_table()
            .filter(|d| d.side == me)
            .filter_map(|d| d.at)
            .filter(|&p| t.distance_to_cushion(p, Cushion::North) < t.disc.radius + 0.002)
            .count();
        keeps += 1.0;
        row += left as f64;
        score += ceiling.get(left).copied().unwrap_or(0.0);
    });
    let n = n as f64;
    (keeps / n, row / keeps.max(1.0), score / n)
}

/// The line-up with only the middle `k` of the south player's discs left
/// in its row, the others pocketed.
fn row_of(k: usize) -> SetState {
    let lined = SetState::new(ProfileId::Lnf2017, Format::Singles, Seat::South);
    let me = lined.side_to_play();
    let mut parts = lined.to_parts();
    let mut mine: Vec<usize> = (0..parts.discs.len())
        .filter(|&i| parts.discs[i].side == me)
        .collect();
    // Middle first: by distance from the middle line.
    mine.sort_by(|&a, &b| {
        let x = |i: usize| (parts.discs[i].at.map_or(0.0, |p| p.x) - 0.5).abs();
        x(a).total_cmp(&x(b))
    });
    for &i in &mine[k..] {
        parts.discs[i].at = None;
    }
    parts.opening = Opening::Over;
    SetState::from_parts(parts).expect("a valid position")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let rows: usize = args.get(1).map_or(8, |s| s.parse().expect("a count"));
    let floor: f64 = args.get(2).map_or(0.0, |s| s.parse().expect("a chance"));
    let noise = args
        .get(3)
        .map_or(NoiseName::Pro, |s| s.parse().expect("a noise"))
        .noise();
    let physics = Physics::default();
    let valuer = Valuer {
        physics,
        own: noise,
        others: noise,
        turn: Level::Master.settings().turn_value,
        alone: true,
        banks: true,
        leave: true,
    };
    let fresh = 1 << 40;
    let mut ceiling = vec![1.0];
    for k in 1..=rows.min(8) {
        let state = row_of(k);
        let mut engine = Engine::new(*state.table(), physics);
        let mut trial = Trial::new(&state, &mut engine, valuer);
        let d = Player::new(Level::Master, 1)
            .alone()
            .with_noise(noise)
            .decide(&state, &physics)
            .expect("a decision");
        let (mk, mr, ms) = study(&mut trial, &d.best.stroke, &noise, 1000, fresh, &ceiling);
        let good = support::keepers(&mut trial, &[1.5, 2.0, 2.5, 3.0, 3.5, 4.5, 6.0, 7.5, 9.0]);
        let mut best: Vec<(f64, Stroke)> = good
            .iter()
            .map(|s| (study(&mut trial, s, &noise, 30, 0, &ceiling).2, *s))
            .collect();
        best.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut fin: Vec<((f64, f64, f64), Stroke)> = best
            .iter()
            .take(40)
            .map(|(_, s)| (study(&mut trial, s, &noise, 1000, fresh, &ceiling), *s))
            .collect();
        fin.sort_by(|a, b| b.0 .2.total_cmp(&a.0 .2));
        let ((k1, r1, s1), st) = fin
            .first()
            .copied()
            .unwrap_or(((0.0, 0.0, 0.0), d.best.stroke));
        println!(
            "R({k}) = {s1:.3}: keeps {k1:.3}, leaves {r1:.2} in the row, {:.2} m/s from ({:.3}, {:.3}); \
             the master's choice {ms:.3} (keeps {mk:.3}, leaves {mr:.2}); {} grid strokes keep as meant",
            st.speed,
            st.striker.x,
            st.striker.y,
            good.len()
        );
        ceiling.push(s1.max(ms).max(floor.powi(k as i32)));
    }
}
