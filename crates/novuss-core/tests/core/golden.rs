//! Golden cases for the browser's copies of the rules. The page cannot run
//! the core (no WebAssembly), so `web/rules/geometry.js` and
//! `web/shared/zone.js` decide again, in JavaScript, what the diagrams and
//! the stroke maker show: seat frames, light and dark discs (`000` 2.1–2.3;
//! `001` "Direct strokes"), where the striker may stand and which ways the
//! cue may point (`000` 1.6–1.7, 1.14–1.15), free spots, penalty spots and
//! their tie-breaks (`002` 5.2; `000` 3.1), off-table spots (`000` 1.20;
//! `002` 3.9), the first-contact fouls (referee/fouls.rs) and the rule
//! profiles' settings.
//!
//! This test writes what the core answers for a few hundred positions and
//! strokes to `tests/golden/rules.json`, and fails when the file differs
//! from what the core answers now; `tests/browser/golden.mjs` runs the
//! JavaScript over the same cases and fails on any difference. A change of
//! the rules therefore shows up as a diff of the file, and the page has to
//! follow before its test passes. After a deliberate change:
//!
//! ```text
//! NOVUSS_REGEN_GOLDEN=1 cargo test -p novuss-core --test core golden
//! ```

use novuss_core::aim::StrikerRegion;
use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::{Engine, Exit, Physics};
use novuss_core::rules::layout::row_against;
use novuss_core::rules::placement::{
    circle_point_distance, is_free, off_table_spot, penalty_spot, EQUAL_DISTANCE,
};
use novuss_core::rules::profile::ProfileId;
use novuss_core::rules::set::{Format, Opening, SetState};
use novuss_core::rules::verdict::{FoulKind, StrokeKind};
use novuss_core::rules::zone::{
    blind_zone, check_aim, check_striker_placement, striker_return_depth, AimError, BlindZone,
    SeatFrame, StrikerError, CONTACT_TOLERANCE,
};
use novuss_core::seat::Seat;
use novuss_core::table::{Corner, Cushion, Table};
use novuss_core::DVec2;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// The file, from the repository root.
const FILE: &str = "tests/golden/rules.json";
/// What regenerates it.
const REGEN: &str = "NOVUSS_REGEN_GOLDEN=1 cargo test -p novuss-core --test core golden";

fn path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(FILE)
}

#[test]
fn golden_rules_file_is_what_the_core_answers() {
    let text = render();
    let file = path();
    if std::env::var_os("NOVUSS_REGEN_GOLDEN").is_some() {
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("the folder");
        std::fs::write(&file, &text).expect("the golden file written");
        return;
    }
    let stored = std::fs::read_to_string(&file)
        .unwrap_or_else(|e| panic!("{FILE} cannot be read ({e}); make it with {REGEN}"));
    if stored != text {
        let (line, was, now) = stored
            .lines()
            .zip(text.lines())
            .enumerate()
            .find(|(_, (a, b))| a != b)
            .map(|(k, (a, b))| (k + 1, a.to_owned(), b.to_owned()))
            .unwrap_or((
                stored.lines().count().min(text.lines().count()) + 1,
                "…".into(),
                "…".into(),
            ));
        panic!(
            "{FILE} is not what the core answers now: line {line} is\n  {was}\nand would be\n  {now}\n\
             If the rules changed on purpose, run {REGEN}, make web/rules/geometry.js and \
             web/shared/zone.js agree (tests/browser/golden.mjs) and commit the file."
        );
    }
}

/// The whole file: fixed values first, then one case per line under each
/// kind, so that a change reads as a short diff.
fn render() -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    let t = Table::default();
    let region = StrikerRegion::new(&t, Seat::South, &[]);
    let (along, depth) = (region.along(), region.depth());
    let head: Vec<(&str, Value)> = vec![
        (
            "about",
            json!(format!(
                "What novuss-core answers, for tests/browser/golden.mjs. Written by \
                 crates/novuss-core/tests/core/golden.rs; regenerate with {REGEN}."
            )),
        ),
        ("table", json!(t)),
        ("physics", json!(Physics::default())),
        (
            "constants",
            json!({
                "contact_tolerance": CONTACT_TOLERANCE,
                "equal_distance": EQUAL_DISTANCE,
                "striker_return_depth": striker_return_depth(&t),
                "circle_point_distance": circle_point_distance(&t),
                // The striker's rectangle in its seat's frame: along, depth.
                "striker_bounds": [along.lo, along.hi, depth.lo, depth.hi],
            }),
        ),
        (
            "profiles",
            Value::Object(
                ProfileId::ALL
                    .iter()
                    .map(|p| (p.name().to_owned(), json!(p.profile())))
                    .collect(),
            ),
        ),
    ];
    let kinds: Vec<(&str, Vec<Value>)> = vec![
        ("frames", frames(&t, &mut rng)),
        ("zones", zones(&t, &mut rng)),
        ("aim", aims(&t, &mut rng)),
        ("placement", placements(&t, &mut rng)),
        ("free", free_spots(&t, &mut rng)),
        ("rows", rows(&t)),
        ("line_ups", line_ups()),
        ("penalty", penalties(&t, &mut rng)),
        ("off_table", off_table(&t, &mut rng)),
        ("first_contact", first_contacts(&mut rng)),
    ];
    let mut out = String::from("{\n");
    for (k, v) in &head {
        out += &format!("  {}: {},\n", json!(k), v);
    }
    for (n, (k, cases)) in kinds.iter().enumerate() {
        out += &format!("  {}: [\n", json!(k));
        for (i, c) in cases.iter().enumerate() {
            let comma = if i + 1 < cases.len() { "," } else { "" };
            out += &format!("    {c}{comma}\n");
        }
        out += if n + 1 < kinds.len() {
            "  ],\n"
        } else {
            "  ]\n"
        };
    }
    out += "}\n";
    out
}

fn v(x: f64, y: f64) -> DVec2 {
    DVec2::new(x, y)
}

fn p(d: DVec2) -> Value {
    json!([d.x, d.y])
}

fn name<T: serde::Serialize>(x: T) -> Value {
    json!(x)
}

/// A point anywhere on the surface.
fn anywhere(t: &Table, rng: &mut ChaCha8Rng) -> DVec2 {
    v(rng.random_range(0.0..t.size), rng.random_range(0.0..t.size))
}

/// `along` and `depth` in each seat's frame (zone.rs `SeatFrame`).
fn frames(t: &Table, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let mut out = vec![];
    for seat in Seat::ALL {
        let f = SeatFrame::new(t, seat);
        for _ in 0..8 {
            let q = anywhere(t, rng);
            out.push(
                json!({"seat": name(seat), "at": p(q), "along": f.along(q), "depth": f.depth(q)}),
            );
        }
    }
    out
}

/// Which blind zone a disc lies in for a seat (zone.rs `blind_zone`):
/// random spots, most near the seat's cushion or the circle, and spots a
/// micrometre and a nanometre either side of every limit.
fn zones(t: &Table, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let case = |seat: Seat, q: DVec2| {
        let zone = match blind_zone(t, seat, q) {
            Some(BlindZone::Edge) => json!("edge"),
            Some(BlindZone::Circle) => json!("circle"),
            None => Value::Null,
        };
        json!({"seat": name(seat), "at": p(q), "zone": zone})
    };
    let (h, hw, l) = (t.disc.hole_radius, t.line_width / 2.0, t.line_offset);
    let c = t.centre();
    let mut out = vec![];
    for seat in Seat::ALL {
        let f = SeatFrame::new(t, seat);
        for k in 0..24 {
            let q = match k % 3 {
                0 => anywhere(t, rng),
                1 => f.world(rng.random_range(0.0..t.size), rng.random_range(0.0..0.17)),
                _ => {
                    c + DVec2::from_angle(rng.random_range(0.0..std::f64::consts::TAU))
                        * rng.random_range(0.0..0.15)
                }
            };
            out.push(case(seat, q));
        }
        for e in [1e-6, -1e-6, 1e-9, -1e-9] {
            // The own line's near edge (125.5 mm), the side lines' far
            // edges (134.5 mm), the cushion (the hole on the surface), the
            // circle's inner edge (120.5 mm from the centre).
            out.push(case(seat, f.world(0.4, l - hw - h + e)));
            out.push(case(seat, f.world(l + hw + h + e, 0.06)));
            out.push(case(seat, f.world(t.size - (l + hw + h) + e, 0.06)));
            out.push(case(seat, f.world(0.5, h + e)));
            let a = rng.random_range(0.0..std::f64::consts::TAU);
            out.push(case(
                seat,
                c + DVec2::from_angle(a) * (t.circle_radius - hw - h + e),
            ));
        }
    }
    out
}

/// A point in (or a little around) the striker's rectangle of a seat.
fn near_zone(t: &Table, f: SeatFrame, rng: &mut ChaCha8Rng) -> DVec2 {
    f.world(
        rng.random_range(0.10..t.size - 0.10),
        rng.random_range(0.0..0.16),
    )
}

/// Whether the cue may push the striker so (zone.rs `check_aim`, `000`
/// 1.15; `002` 3.4): random directions, and ones whose cue line meets the
/// near cushion just inside or outside a corner.
fn aims(t: &Table, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let case = |seat: Seat, at: DVec2, dir: DVec2| {
        let error = match check_aim(t, seat, at, dir) {
            Ok(()) => Value::Null,
            Err(AimError::NoDirection) => json!("no_direction"),
            Err(AimError::NotAwayFromNearCushion) => json!("not_away_from_near_cushion"),
            Err(AimError::CueOverCorner { .. }) => json!("cue_over_corner"),
            Err(e) => panic!("an aim error the golden file does not name: {e}"),
        };
        json!({"seat": name(seat), "striker": p(at), "direction": p(dir), "error": error})
    };
    let mut out = vec![];
    for seat in Seat::ALL {
        let f = SeatFrame::new(t, seat);
        for _ in 0..20 {
            let at = near_zone(t, f, rng);
            let a = rng.random_range(0.0..std::f64::consts::TAU);
            out.push(case(
                seat,
                at,
                DVec2::from_angle(a) * rng.random_range(0.1..3.0),
            ));
        }
        for e in [1e-6, -1e-6, 1e-9, -1e-9] {
            // Back along the cue to along = 0 (+ e) or along = size (− e).
            let at = f.world(rng.random_range(0.2..0.8), rng.random_range(0.03..0.12));
            let (a, d) = (f.along(at), f.depth(at));
            for corner in [0.0 + e, t.size - e] {
                let dir = f.rightward() * (a - corner) + f.inward() * d;
                out.push(case(seat, at, dir));
            }
        }
        out.push(case(seat, f.world(0.5, 0.06), DVec2::ZERO));
        out.push(case(seat, f.world(0.5, 0.06), f.rightward()));
    }
    out
}

/// Random discs, none over a pocket or on another.
fn scatter(
    t: &Table,
    rng: &mut ChaCha8Rng,
    n: usize,
    mut at: impl FnMut(&mut ChaCha8Rng) -> DVec2,
) -> Vec<DVec2> {
    let mut discs: Vec<DVec2> = vec![];
    for _ in 0..n * 20 {
        if discs.len() == n {
            break;
        }
        let q = at(rng);
        if t.within_cushions(q, t.disc.radius) && is_free(t, &discs, q) {
            discs.push(q);
        }
    }
    discs
}

/// Where the striker may stand (zone.rs `check_striker_placement`; `000`
/// 1.6–1.7, 1.14), with the region the server sends the page for it.
fn placements(t: &Table, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let reach = t.striker.radius + t.disc.radius;
    let mut out = vec![];
    for seat in Seat::ALL {
        let f = SeatFrame::new(t, seat);
        for k in 0..22 {
            let n = rng.random_range(0..5);
            let discs = scatter(t, rng, n, |r| near_zone(t, f, r));
            let region = StrikerRegion::new(t, seat, &discs);
            let (min, max) = region.world_bounds().expect("room on the standard table");
            let at = match (k % 3, discs.first()) {
                // Just touching or just clear of a disc.
                (0, Some(&d)) => {
                    let a = rng.random_range(0.0..std::f64::consts::TAU);
                    d + DVec2::from_angle(a) * (reach + rng.random_range(-1e-6..1e-6))
                }
                _ => near_zone(t, f, rng),
            };
            let problem = match check_striker_placement(t, seat, at, &discs) {
                Ok(()) => Value::Null,
                Err(StrikerError::TouchesDisc { .. }) => json!("striker_touches"),
                Err(_) => json!("placement"),
            };
            out.push(json!({
                "seat": name(seat),
                "discs": discs.iter().map(|&d| p(d)).collect::<Vec<_>>(),
                "region": {"min": p(min), "max": p(max), "clear": region.exclusion_radius()},
                "at": p(at),
                "problem": problem,
            }));
        }
    }
    out
}

/// Whether a disc may be put at a spot (placement `is_free`): near other
/// discs, cushions and pockets.
fn free_spots(t: &Table, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let r = t.disc.radius;
    let mut out = vec![];
    for k in 0..60 {
        let n = rng.random_range(0..6);
        let discs = scatter(t, rng, n, |g| anywhere(t, g));
        let at = match (k % 4, discs.first()) {
            (0, Some(&d)) => {
                let a = rng.random_range(0.0..std::f64::consts::TAU);
                d + DVec2::from_angle(a) * (2.0 * r + rng.random_range(-2e-9..2e-9))
            }
            (1, _) => {
                let c = t.pocket_centre(Corner::ALL[rng.random_range(0..4)]);
                let a = rng.random_range(0.0..std::f64::consts::TAU);
                c + DVec2::from_angle(a) * (t.pocket_radius + r + rng.random_range(-1e-3..1e-3))
            }
            (2, _) => v(
                rng.random_range(r - 1e-3..r + 1e-3),
                rng.random_range(0.2..0.8),
            ),
            _ => anywhere(t, rng),
        };
        out.push(json!({
            "discs": discs.iter().map(|&d| p(d)).collect::<Vec<_>>(),
            "at": p(at),
            "free": is_free(t, &discs, at),
        }));
    }
    out
}

/// A row of eight against each cushion (layout.rs `row_against`).
fn rows(t: &Table) -> Vec<Value> {
    Cushion::ALL
        .iter()
        .map(|&c| {
            let row = row_against(t, c, 8);
            json!({"cushion": name(c), "discs": row.iter().map(|&d| p(d)).collect::<Vec<_>>()})
        })
        .collect()
}

/// The opening line-up of each format (set/mod.rs `line_up`).
fn line_ups() -> Vec<Value> {
    Format::ALL
        .iter()
        .map(|&format| {
            let s = SetState::new(ProfileId::Lnf2017, format, Seat::South);
            json!({
                "format": name(format),
                "seats": s.seats().iter().map(|&x| name(x)).collect::<Vec<_>>(),
                "discs": s.discs().iter().map(|d| json!({"side": name(d.side), "at": p(d.at.expect("on the table"))})).collect::<Vec<_>>(),
            })
        })
        .collect()
}

/// Penalty spots (placement/penalty.rs `penalty_spot`; `002` 5.2; `000`
/// 3.1), each case built to be decided by one rule, which it names: the
/// middle spot, the nearest free spot, or, with the nearest spots either
/// side equally far, the half with fewer penalty discs, then fewer discs,
/// then the half the stroke was made from; or none with the cushion full.
/// The core gives only the spot; the case's side is checked against it.
fn penalties(t: &Table, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let r = t.disc.radius;
    let mid = t.size / 2.0;
    let mut out = vec![];
    let rules = [
        "middle",
        "nearest",
        "fewer_penalty",
        "fewer_discs",
        "striker_side",
        "full",
    ];
    for k in 0..96 {
        let rule = rules[k % rules.len()];
        let offender = Seat::ALL[(k / rules.len()) % 4];
        let f = SeatFrame::new(t, offender.opposite());
        // Away from the receiving cushion's line and the middle line, so
        // that only the discs placed on purpose decide.
        let away = |g: &mut ChaCha8Rng, half: Option<bool>| -> DVec2 {
            let a = match half {
                Some(true) => g.random_range(0.1..mid - 0.05),
                Some(false) => g.random_range(mid + 0.05..t.size - 0.1),
                None => g.random_range(0.1..t.size - 0.1),
            };
            f.world(a, g.random_range(4.0 * r..t.size - 0.1))
        };
        let mut discs: Vec<(DVec2, bool)> = vec![];
        let add = |q: DVec2, pen: bool, discs: &mut Vec<(DVec2, bool)>| {
            let placed: Vec<DVec2> = discs.iter().map(|d| d.0).collect();
            if is_free(t, &placed, q) {
                discs.push((q, pen));
            }
        };
        let struck_from = SeatFrame::new(t, offender).world(rng.random_range(0.14..0.86), 0.06);
        // The side the case means: true for the receiving frame's left.
        let mut left: Option<bool> = None;
        match rule {
            "middle" => {}
            "nearest" => {
                // A short chain blocking the middle, off centre.
                let off =
                    rng.random_range(0.002..0.028) * if rng.random_bool(0.5) { 1.0 } else { -1.0 };
                let n = rng.random_range(1..4);
                let start = if off > 0.0 {
                    mid + off
                } else {
                    mid + off - 2.0 * r * (n - 1) as f64
                };
                for i in 0..n {
                    add(f.world(start + 2.0 * r * i as f64, r), false, &mut discs);
                }
                let (lo, hi) = (start - 2.0 * r, start + 2.0 * r * n as f64);
                left = Some(mid - lo < hi - mid);
            }
            "fewer_penalty" | "fewer_discs" | "striker_side" => {
                // A disc on the middle spot: the nearest spots either side
                // are equally far.
                let side_n = rng.random_range(0..2);
                add(f.world(mid, r), false, &mut discs);
                for i in 1..=side_n {
                    add(f.world(mid - 2.0 * r * i as f64, r), false, &mut discs);
                    add(f.world(mid + 2.0 * r * i as f64, r), false, &mut discs);
                }
                let fewer_left = rng.random_bool(0.5);
                let (pl, pr, nl, nr) = match rule {
                    "fewer_penalty" => {
                        let (a, b) = (rng.random_range(0..2), rng.random_range(2..4));
                        if fewer_left {
                            (a, b, 3, 3)
                        } else {
                            (b, a, 3, 3)
                        }
                    }
                    "fewer_discs" => {
                        let pen = rng.random_range(0..2);
                        let (a, b) = (rng.random_range(1..3), rng.random_range(3..5));
                        if fewer_left {
                            (pen, pen, a, b)
                        } else {
                            (pen, pen, b, a)
                        }
                    }
                    _ => {
                        let (pen, n) = (rng.random_range(0..2), rng.random_range(1..4));
                        (pen, pen, n, n)
                    }
                };
                for (pens, others, half) in [(pl, nl, true), (pr, nr, false)] {
                    let want = discs.len() + pens + others;
                    for _ in 0..200 {
                        if discs.len() == want {
                            break;
                        }
                        let pen = discs.len() < want - others;
                        let q = away(rng, Some(half));
                        add(q, pen, &mut discs);
                    }
                    assert_eq!(discs.len(), want, "room for the discs of a tie-break case");
                }
                left = Some(match rule {
                    "striker_side" => f.along(struck_from) <= mid,
                    _ => fewer_left,
                });
            }
            _ => {
                // Touching discs the whole length of the cushion.
                let mut a = r;
                while a <= t.size - r {
                    discs.push((f.world(a, r), false));
                    a += 2.0 * r;
                }
            }
        }
        if rule != "full" {
            for _ in 0..rng.random_range(0..4) {
                let q = away(rng, None);
                // Only where it changes no count a tie-break reads.
                if matches!(rule, "middle" | "nearest") {
                    add(q, rng.random_bool(0.3), &mut discs);
                }
            }
        }
        let centres: Vec<DVec2> = discs.iter().map(|d| d.0).collect();
        let flags: Vec<bool> = discs.iter().map(|d| d.1).collect();
        let spot = penalty_spot(t, offender, &centres, &flags, struck_from);
        match (rule, spot, left) {
            ("middle", Some(s), _) => assert!((s - f.world(mid, r)).length() < 1e-12, "{s:?}"),
            ("full", None, _) => {}
            (_, Some(s), Some(l)) => assert_eq!(f.along(s) < mid, l, "case {k} ({rule})"),
            _ => panic!("case {k} ({rule}) is not what it was built to be: {spot:?}"),
        }
        out.push(json!({
            "offender": name(offender),
            "discs": discs.iter().map(|&(q, pen)| json!({"at": p(q), "penalty": pen})).collect::<Vec<_>>(),
            "struck_from": p(struck_from),
            "at": spot.map(p),
            "rule": if rule == "full" { Value::Null } else { json!(rule) },
        }));
    }
    out
}

/// Where a disc that left the table is put back (placement/off_table.rs
/// `off_table_spot`; `000` 1.20; `002` 3.9), for every exit, with the
/// centre, the cross points, the diagonal points and the arms taken in
/// turn.
fn off_table(t: &Table, rng: &mut ChaCha8Rng) -> Vec<Value> {
    let c = t.centre();
    let k = circle_point_distance(t);
    let r = t.disc.radius;
    let exits: Vec<(Exit, Value)> = Cushion::ALL
        .iter()
        .map(|&s| (Exit::Cushion(s), name(s)))
        .chain(Corner::ALL.iter().map(|&x| (Exit::Corner(x), name(x))))
        .collect();
    let mut out = vec![];
    for level in 0..10 {
        for (exit, exit_name) in &exits {
            let mut discs: Vec<DVec2> = vec![];
            if level >= 1 {
                discs.push(c);
            }
            if level >= 2 {
                // Some cross points and diagonal points, at random.
                for s in Cushion::ALL {
                    if level >= 4 || rng.random_bool(0.5) {
                        discs.push(c + s.outward() * k);
                    }
                }
                for x in Corner::ALL {
                    if level >= 5 || rng.random_bool(0.4) {
                        let (a, b) = x.sides();
                        discs.push(c + (a.outward() + b.outward()).normalize() * k);
                    }
                }
            }
            if level >= 6 {
                // The arms filled from the centre out, further at each level.
                let reach = [k, k, 0.25, t.size / 2.0][(level - 6).min(3)];
                for s in Cushion::ALL {
                    let mut a = 2.0 * r;
                    while a <= reach {
                        discs.push(c + s.outward() * a);
                        a += 2.0 * r;
                    }
                }
            }
            for _ in 0..rng.random_range(0..4) {
                let q = anywhere(t, rng);
                if is_free(t, &discs, q) {
                    discs.push(q);
                }
            }
            out.push(json!({
                "discs": discs.iter().map(|&d| p(d)).collect::<Vec<_>>(),
                "exit": exit_name,
                "at": off_table_spot(t, &discs, *exit).map(p),
            }));
        }
    }
    out
}

/// How many of `sides` are `side`.
fn parts_count<S: PartialEq>(sides: &[S], side: S) -> usize {
    sides.iter().filter(|&s| *s == side).count()
}

/// The first-contact fouls, from strokes the engine simulates and the
/// referee judges (referee/fouls.rs `read_stroke`): what the striker
/// touched first and which cushions it met before, and the foul of those
/// the page's rules diagrams judge, if any. Only strokes whose first
/// contact is one disc or none (the page's judge takes one).
fn first_contacts(rng: &mut ChaCha8Rng) -> Vec<Value> {
    const KINDS: [FoulKind; 7] = [
        FoulKind::DirectTouchedNothing,
        FoulKind::DirectOpponentFirst,
        FoulKind::DirectOwnDark,
        FoulKind::ReboundOpponentFirst,
        FoulKind::ReboundDarkWithoutOppositeCushion,
        FoulKind::ReboundTouchedNothing,
        FoulKind::DarkOnlyMissedCushion,
    ];
    // How many cases of each situation the judge tells apart: the profile,
    // direct or rebound, whether the player has a light disc, whether the
    // opposite cushion came first, and what was touched first (nothing, an
    // opponent's disc, an own light disc, an own dark disc in the edge zone
    // or in the circle).
    const EACH: usize = 2;
    // Some situations cannot happen (a direct stroke meets no cushion
    // first): the search stops after this many strokes.
    const ATTEMPTS: usize = 30_000;
    let mut counts = std::collections::HashMap::new();
    let mut out = vec![];
    let physics = Physics::default();
    for attempt in 0..ATTEMPTS {
        let profile_k = attempt % 3;
        let profile = ProfileId::ALL[profile_k];
        let mut parts = SetState::new(profile, Format::Singles, Seat::South).to_parts();
        parts.to_play = novuss_core::SeatIndex(rng.random_range(0..2));
        parts.strokes = 10;
        parts.opening = Opening::Over;
        let t = parts.table;
        let seat = parts.seats[parts.to_play.index()];
        let me = parts.format.side_of_seat_index(parts.to_play);
        let f = SeatFrame::new(&t, seat);
        // Own discs where they are dark more often than not, so that
        // players with only dark discs come up too.
        let dark_only = rng.random_bool(0.35);
        let (own_n, opp_n) = (rng.random_range(1..5), rng.random_range(1..5));
        let mut placed_sides = vec![];
        let mut placed: Vec<DVec2> = vec![];
        let mut own_placed = 0;
        for d in parts.discs.iter_mut() {
            let own = d.side == me;
            d.at = None;
            let wanted = if own { own_n } else { opp_n };
            let have = parts_count(&placed_sides, d.side);
            if have >= wanted {
                continue;
            }
            for _ in 0..50 {
                let q = if own && (dark_only || rng.random_bool(0.3)) {
                    if rng.random_bool(0.7) {
                        // In the own edge zone, wholly: dark.
                        f.world(rng.random_range(0.15..0.85), rng.random_range(0.016..0.12))
                    } else {
                        // In the circle, wholly: dark.
                        t.centre()
                            + DVec2::from_angle(rng.random_range(0.0..std::f64::consts::TAU))
                                * rng.random_range(0.0..0.11)
                    }
                } else {
                    v(rng.random_range(0.02..0.98), rng.random_range(0.02..0.98))
                };
                if t.within_cushions(q, t.disc.radius) && is_free(&t, &placed, q) {
                    d.at = Some(q);
                    placed.push(q);
                    placed_sides.push(d.side);
                    own_placed += usize::from(own);
                    break;
                }
            }
        }
        if own_placed == 0 {
            continue;
        }
        let Ok(set) = SetState::from_parts(parts) else {
            continue;
        };
        let positions = set.positions();
        let region = StrikerRegion::new(&t, seat, &positions);
        let Some(from) =
            region.nearest(f.world(rng.random_range(0.14..0.86), rng.random_range(0.03..0.12)))
        else {
            continue;
        };
        // Mostly at an own disc: the fouls of the dark discs need one.
        let own: Vec<DVec2> = set
            .discs()
            .iter()
            .filter(|d| d.side == me)
            .filter_map(|d| d.at)
            .collect();
        let target = if rng.random_bool(0.6) {
            own[rng.random_range(0..own.len())]
        } else {
            positions[rng.random_range(0..positions.len())]
        };
        let r_s = t.striker.radius;
        let direction = match rng.random_range(0..10) {
            0..=3 => target - from,
            4..=7 => {
                // Off one cushion by mirror reflection, at the target.
                let c = Cushion::ALL[rng.random_range(0..4)];
                if c == seat.cushion() {
                    continue;
                }
                let n = c.outward();
                let wall = if n.x + n.y > 0.0 { t.size - r_s } else { r_s };
                let mut m = target;
                if n.x != 0.0 {
                    m.x = 2.0 * wall - target.x;
                } else {
                    m.y = 2.0 * wall - target.y;
                }
                m - from
            }
            _ => {
                DVec2::from_angle(rng.random_range(0.0..std::f64::consts::PI)).rotate(f.rightward())
            }
        };
        if check_aim(&t, seat, from, direction).is_err() {
            continue;
        }
        let stroke = Stroke {
            striker: from,
            direction,
            speed: rng.random_range(1.0..5.0),
        };
        let mut engine = Engine::new(t, physics);
        let Ok(judged) = set.preview(&stroke, &mut engine) else {
            continue;
        };
        let vd = judged.verdict;
        let Some(first) = vd.first_contact.clone() else {
            continue;
        };
        if first.discs.len() > 1 {
            continue;
        }
        let foul = vd.fouls.iter().map(|x| x.kind).find(|k| KINDS.contains(k));
        let light = set
            .discs()
            .iter()
            .any(|d| d.side == me && d.at.is_some_and(|q| blind_zone(&t, seat, q).is_none()));
        let touched = first.discs.first().and_then(|&id| set.disc(id)).map(|d| {
            let q = d.at.expect("on the table");
            (d.side == me, blind_zone(&t, seat, q))
        });
        let slot = (
            profile_k,
            vd.kind == Some(StrokeKind::Rebound),
            light,
            first.cushions_before.contains(&seat.opposite().cushion()),
            touched,
        );
        let n = counts.entry(slot).or_insert(0);
        if *n >= EACH {
            continue;
        }
        *n += 1;
        out.push(json!({
            "profile": name(profile),
            "seat": name(seat),
            "side": name(me),
            "discs": set.discs().iter().filter(|d| d.at.is_some()).map(|d| json!({"id": name(d.id), "side": name(d.side), "at": p(d.at.expect("on the table"))})).collect::<Vec<_>>(),
            "stroke": {"striker": p(stroke.striker), "direction": p(stroke.direction), "speed": stroke.speed},
            "kind": name(vd.kind.unwrap_or(StrokeKind::Direct)),
            "cushions_before": first.cushions_before.iter().map(|&c| name(c)).collect::<Vec<_>>(),
            "first": first.discs.first().map(|&d| name(d)),
            "foul": foul.map(name),
        }));
    }
    out
}
