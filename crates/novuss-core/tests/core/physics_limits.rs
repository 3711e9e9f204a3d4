//! Every input has a documented limit, and anything beyond it is refused
//! with a typed error: no panic, no NaN in the output, no huge allocation,
//! no endless run (docs/physics.md §11).

use novuss_core::physics::stroke::{check_parameters, validate, InputError, Stroke};
use novuss_core::physics::{simulate, Body, Engine, Fate, Param, Physics, MAX_DISCS, MAX_EVENTS};
use novuss_core::table::Table;
use novuss_core::DVec2;

fn stroke() -> Stroke {
    Stroke {
        striker: DVec2::new(0.5, 0.1),
        direction: DVec2::new(0.0, 1.0),
        speed: 1.0,
    }
}

/// `count` discs on a grid, 40 mm apart, clear of the holes.
fn grid(count: usize) -> Vec<DVec2> {
    (0..)
        .map(|k| DVec2::new(0.2 + 0.04 * (k % 16) as f64, 0.2 + 0.04 * (k / 16) as f64))
        .take(count)
        .collect()
}

#[test]
fn too_many_discs_are_refused_before_anything_is_allocated() {
    let (t, p) = (Table::default(), Physics::default());
    // 100 000 discs once made the engine ask for 80 GB.
    let many = vec![DVec2::new(0.5, 0.5); 100_000];
    let err = simulate(&t, &p, &many, &stroke()).unwrap_err();
    assert_eq!(
        err,
        InputError::TooManyDiscs {
            count: 100_000,
            max: MAX_DISCS
        }
    );
    assert_eq!(
        err.to_string(),
        "100000 discs are more than the 64 the engine simulates"
    );
    let err = simulate(&t, &p, &grid(MAX_DISCS + 1), &stroke()).unwrap_err();
    assert!(matches!(err, InputError::TooManyDiscs { count: 65, .. }));
    let o = simulate(&t, &p, &grid(MAX_DISCS), &stroke()).unwrap();
    assert_eq!(o.fates.len(), MAX_DISCS + 1);
    assert!(!o.truncated);
}

/// Sets one parameter of a default table and physics.
type Setter = fn(&mut Table, &mut Physics, f64);

/// Every parameter, how to set it, a value inside its range and one
/// outside it (besides NaN and infinity).
fn every_parameter() -> Vec<(Param, Setter, f64, f64)> {
    vec![
        (Param::TableSize, |t, _, v| t.size = v, 2.0, 1e300),
        (Param::LineOffset, |t, _, v| t.line_offset = v, 0.2, 0.6),
        (Param::LineWidth, |t, _, v| t.line_width = v, 0.0, 0.5),
        (Param::CircleRadius, |t, _, v| t.circle_radius = v, 0.2, 0.6),
        (
            Param::PocketRadius,
            |t, _, v| t.pocket_radius = v,
            0.04,
            -0.05,
        ),
        (Param::PocketInset, |t, _, v| t.pocket_inset = v, 0.06, 0.04),
        (Param::DiscRadius, |t, _, v| t.disc.radius = v, 0.02, 1e-9),
        (
            Param::DiscHoleRadius,
            |t, _, v| t.disc.hole_radius = v,
            0.0,
            0.015,
        ),
        (
            Param::DiscThickness,
            |t, _, v| t.disc.thickness = v,
            0.01,
            0.0,
        ),
        (Param::DiscMass, |t, _, v| t.disc.mass = v, 0.01, 1e-300),
        (
            Param::StrikerRadius,
            |t, _, v| t.striker.radius = v,
            0.03,
            5.0,
        ),
        (
            Param::StrikerHoleRadius,
            |t, _, v| t.striker.hole_radius = v,
            0.001,
            0.03,
        ),
        (
            Param::StrikerThickness,
            |t, _, v| t.striker.thickness = v,
            0.02,
            1.0,
        ),
        (Param::StrikerMass, |t, _, v| t.striker.mass = v, 0.02, 1e6),
        (Param::Friction, |_, p, v| p.friction = v, 0.3, 0.0),
        (Param::Gravity, |_, p, v| p.gravity = v, 1.62, 1e308),
        (
            Param::RestitutionDiscDisc,
            |_, p, v| p.restitution_disc_disc = v,
            1.0,
            1.5,
        ),
        (
            Param::RestitutionStrikerDisc,
            |_, p, v| p.restitution_striker_disc = v,
            0.0,
            -0.1,
        ),
        (
            Param::RestitutionCushion,
            |_, p, v| p.restitution_cushion = v,
            0.5,
            2.0,
        ),
        (
            Param::MaxStrokeSpeed,
            |_, p, v| p.max_stroke_speed = v,
            12.0,
            1e200,
        ),
        (
            Param::OffTableSpeed,
            |_, p, v| p.off_table_speed = v,
            20.0,
            0.0,
        ),
        (
            Param::PocketJumpSpeed,
            |_, p, v| p.pocket_jump_speed = v,
            0.0,
            1e9,
        ),
        (Param::RestSpeed, |_, p, v| p.rest_speed = v, 1e-6, 0.0),
        (
            Param::ContactTolerance,
            |_, p, v| p.contact_tolerance = v,
            1e-6,
            f64::MAX,
        ),
        (
            Param::MaxEvents,
            |_, p, v| p.max_events = v as usize,
            500.0,
            1e9,
        ),
    ]
}

#[test]
fn every_parameter_has_a_range_and_a_typed_error() {
    let s = stroke();
    for (param, set, inside, outside) in every_parameter() {
        let mut bad = vec![outside, f64::NAN, f64::INFINITY, f64::NEG_INFINITY];
        if param == Param::MaxEvents {
            // A count: only the value too large and zero can be written.
            bad = vec![outside, 0.0];
        }
        for v in bad {
            let (mut t, mut p) = (Table::default(), Physics::default());
            set(&mut t, &mut p, v);
            let err = check_parameters(&t, &p).unwrap_err();
            assert_eq!(err.param, param, "{param} = {v}: {err}");
            assert!(!err.range.contains(err.value), "{err}");
            let msg = err.to_string();
            assert!(
                msg.starts_with(param.name()) && !msg.contains('\n'),
                "{msg}"
            );
            // The engine refuses it as well, without a panic.
            let got = Engine::new(t, p).simulate(&[], &s).unwrap_err();
            assert_eq!(got.to_string(), format!("invalid parameter: {err}"));
            assert!(matches!(got, InputError::Parameter(e) if e.param == param));
        }
        let (mut t, mut p) = (Table::default(), Physics::default());
        set(&mut t, &mut p, inside);
        assert_eq!(check_parameters(&t, &p), Ok(()), "{param} = {inside}");
    }
}

#[test]
fn overflowing_products_are_refused() {
    // Each factor alone is in range; their product, the deceleration, is not.
    let p = Physics {
        friction: 1e-6,
        gravity: 1e-5,
        ..Physics::default()
    };
    let err = check_parameters(&Table::default(), &p).unwrap_err();
    assert_eq!(err.param, Param::Deceleration);
    let msg = err.to_string();
    assert!(
        msg.starts_with("physics.friction × physics.gravity is 1")
            && msg.ends_with("e-11 m/s², outside its range [1e-9, 200] m/s²"),
        "{msg}"
    );
    // Speeds are bounded, so no square overflows: the fastest stroke
    // accepted gives finite numbers everywhere.
    let p = Physics {
        max_stroke_speed: 20.0,
        off_table_speed: 100.0,
        ..Physics::default()
    };
    let s = Stroke {
        speed: 20.0,
        ..stroke()
    };
    let o = simulate(&Table::default(), &p, &grid(32), &s).unwrap();
    assert!(!o.truncated);
    let json = serde_json::to_string(&o).unwrap();
    assert!(!json.contains("null"), "a NaN or infinity in the output");
}

#[test]
fn a_frictionless_bouncing_disc_stops_at_the_event_limit() {
    // The smallest deceleration accepted and perfectly elastic cushions: the
    // striker would bounce for about 10⁹ s. The largest budget ends it.
    let p = Physics {
        friction: 2e-10,
        gravity: 10.0,
        restitution_cushion: 1.0,
        max_events: MAX_EVENTS,
        ..Physics::default()
    };
    let s = Stroke {
        direction: DVec2::new(0.3, 1.0),
        // Below the off-table speed, above the pocket jump speed.
        speed: 7.0,
        ..stroke()
    };
    let o = simulate(&Table::default(), &p, &[], &s).unwrap();
    assert!(o.truncated);
    assert!(o.events.len() <= MAX_EVENTS + 4, "{}", o.events.len());
    // Frozen where the limit caught it: on the table, or in the hole it
    // was crossing (no body rests over a hole).
    match o.fates[0] {
        Fate::OnTable { at } => assert!(at.is_finite()),
        Fate::Pocketed { .. } => {}
        f => panic!("{f:?}"),
    }
}

#[test]
fn bodies_are_named_by_their_type() {
    let (t, p) = (Table::default(), Physics::default());
    let err = validate(
        &t,
        &p,
        &[DVec2::new(0.5, 0.5), DVec2::new(0.51, 0.5)],
        &stroke(),
    )
    .unwrap_err();
    let InputError::Overlap { a, b, depth } = err else {
        panic!("{err}")
    };
    assert_eq!((a, b), (Body::Disc(0), Body::Disc(1)));
    assert!((depth - 0.02).abs() < 1e-12);
    assert_eq!(err.to_string(), "disc 0 and disc 1 overlap by 20.000 mm");
    let err = validate(&t, &p, &[DVec2::new(0.5, f64::NAN)], &stroke()).unwrap_err();
    assert_eq!(
        err,
        InputError::PositionNotFinite {
            body: Body::Disc(0)
        }
    );
    assert_eq!(
        err.to_string(),
        "the position of disc 0 is not a finite number"
    );
    let off = Stroke {
        striker: DVec2::new(0.01, 0.5),
        ..stroke()
    };
    let err = validate(&t, &p, &[], &off).unwrap_err();
    assert_eq!(
        err,
        InputError::OffSurface {
            body: Body::Striker
        }
    );
    assert_eq!(
        err.to_string(),
        "the striker is not wholly on the playing surface"
    );
}
