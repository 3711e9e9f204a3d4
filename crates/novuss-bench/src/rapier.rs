//! One Novuss stroke simulated with rapier2d, set up the way a game developer
//! would do it, for comparison with the exact event-driven
//! [`novuss_core::physics::Engine`].
//!
//! # Model
//! * A top-down world without gravity; metres, kilograms, seconds (`f32`
//!   inside rapier, `f64` at the boundary). The discs and the striker are
//!   dynamic bodies with frictionless ball colliders of the table's radii and
//!   masses, rotations locked (the bodies are smooth, so nothing could spin
//!   them anyway). The cushions are four fixed, thick cuboid colliders just
//!   outside `[0, size]²`, built once in [`RapierSim::new`].
//! * Table friction is applied per step, before the step: every moving
//!   body's speed is reduced by `friction * gravity * dt`, clamped at zero.
//!   Linear damping is 0.
//! * Pockets are checked after each step: a body whose centre is over a
//!   pocket hole and whose speed is at most `pocket_jump_speed` is removed.
//! * The stroke ends when every remaining body is slower than `1e-4` m/s, or
//!   after 30 s of simulated time.
//!
//! # Restitution per pair
//! Rapier gives each collider one restitution coefficient and a
//! [`CoefficientCombineRule`]; a pair uses the higher-priority rule of its two
//! colliders. [`RapierSim::new`] first looks for coefficients and rules that
//! give every pair its intended coefficient exactly (checked with rapier's own
//! `CoefficientCombineRule::combine`): for the default table (disc–disc 0.8,
//! striker–disc 0.8, cushion 0.7) the cushions take `0.7, Min` and the bodies
//! `0.8, Average`, so `min(0.8, 0.7) = 0.7` against a cushion and
//! `(0.8 + 0.8) / 2` between bodies. This costs nothing at run time. When no
//! such assignment exists (e.g. a cushion bouncier than discs but less bouncy
//! than the striker) it falls back to a [`PhysicsHooks`] contact modifier that
//! sets each manifold's restitution from the kinds of its two colliders (kept
//! in `user_data`); rapier never recycles contacts of hooked pairs, so that
//! path is somewhat slower, which is why it is only the fallback.
//!
//! # Tunnelling
//! Strokes go up to 8 m/s and a struck disc can go about 1.33 times faster,
//! i.e. more than a disc diameter per step at `dt = 1/240`. In rapier 0.36
//! every fast dynamic body sweeps against fixed colliders (the cushions)
//! anyway; `ccd_enabled` makes a body a "bullet" that also sweeps against
//! other dynamic bodies, *but never against another bullet*. Enabling it on
//! every body would therefore sweep nothing more than the default, so it is
//! enabled on the striker only: the striker then sweeps against the discs and
//! every body against the cushions. Only disc–disc pairs rely on rapier's
//! speculative contacts alone, so a fast grazing disc–disc contact can be
//! missed at large `dt`. Soft CCD (`soft_ccd_prediction`, velocity-dependent
//! speculative contacts) was tried and rejected: it takes the contact normal
//! from the start of the step, turning fast grazing passes into nearly
//! head-on hits, and made random strokes at `dt = 1/240` end farther from the
//! exact engine than the swept striker does.
//!
//! # Off the table
//! Checked before each step, after friction: a body whose velocity component
//! towards a cushion exceeds `off_table_speed` and whose gap to that cushion
//! is at most that component times `dt` (plus rapier's CCD stand-off
//! distance) would meet the cushion during the step too fast, so it is
//! removed. This is simple and catches every body that arrives at a cushion
//! on its own; what it cannot see is a body that is only given its speed
//! during the step, e.g. a disc pressed against a cushion and struck there:
//! rapier solves the striker, the disc and the cushion together and the disc
//! simply stays (the exact engine would send it over). That is a limit of a
//! simultaneous-impulse solver rather than of the check.
//!
//! # Scale
//! Rapier's tolerances are tuned for bodies about a metre across. The bodies
//! here are 3–4.5 cm, so `IntegrationParameters::length_unit` is set to the
//! disc diameter, as rapier's docs advise for other units: its slop,
//! prediction distance, contact-recycling distance and sleep threshold
//! scale with it (with the default of 1, contacts up to 5 cm stale were
//! recycled and random strokes ended about four times farther from the
//! exact engine). The per-step speed cap, which also scales, is reset to
//! well above any speed a stroke can produce.
//!
//! # A difference to expect
//! Rapier (like Box2D) applies restitution only to contacts that are already
//! closing at the start of a step. A disc resting against a cushion, or
//! against discs resting against a cushion, that is struck does not bounce
//! off the cushion: the push is absorbed as a resting contact. The opening
//! rows are exactly that, so the opening break ends very differently from
//! the exact engine (which resolves the cluster impulse by impulse).
//!
//! # Reuse
//! The cushions are inserted once into a template world (and registered in
//! its broad phase by a zero-length step). Each stroke starts from a clone of
//! that template, so its result does not depend on earlier strokes, and only
//! the bodies are inserted. The pipeline, the integration parameters and the
//! colliders' prototypes are kept across strokes.

use novuss_core::physics::stroke::Stroke;
use novuss_core::physics::Physics;
use novuss_core::table::{Cushion, Table};
use novuss_core::DVec2;
use rapier2d::prelude::{
    ActiveHooks, BroadPhaseBvh, CCDSolver, CoefficientCombineRule, Collider, ColliderBuilder,
    ColliderHandle, ColliderSet, ContactModificationContext, ImpulseJointSet,
    IntegrationParameters, IslandManager, MultibodyJointSet, NarrowPhase, PhysicsHooks,
    PhysicsPipeline, Real, RigidBodyBuilder, RigidBodyHandle, RigidBodySet, SoftBodySet, Vector,
};

/// A body slower than this is at rest, m/s (the exact engine's `STOP_SPEED`).
const REST_SPEED: f64 = 1e-4;

/// Simulated time after which a stroke is cut off, s.
const MAX_TIME: f64 = 30.0;

/// Collider kinds, stored in `Collider::user_data` and used as indices into
/// the restitution table of [`RestitutionHooks`].
const CUSHION: usize = 0;
const DISC: usize = 1;
const STRIKER: usize = 2;

/// Where a body ended in the rapier simulation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RapierFate {
    OnTable(DVec2),
    Pocketed,
    OffTable,
}

/// What one stroke came to in the rapier simulation.
#[derive(Clone, Debug, PartialEq)]
pub struct RapierOutcome {
    /// Index 0 the striker, then the discs in input order (same as novuss_core's Outcome::fates).
    pub fates: Vec<RapierFate>,
    /// Number of physics steps taken.
    pub steps: u64,
    /// Simulated time until every body rested, s.
    pub duration: f64,
}

/// Everything rapier keeps between steps (the pipeline holds only workspace).
#[derive(Clone, Default)]
struct World {
    islands: IslandManager,
    broad_phase: BroadPhaseBvh,
    narrow_phase: NarrowPhase,
    bodies: RigidBodySet,
    colliders: ColliderSet,
    impulse_joints: ImpulseJointSet,
    multibody_joints: MultibodyJointSet,
    soft_bodies: SoftBodySet,
    ccd: CCDSolver,
}

/// A restitution coefficient and the rule rapier combines it with.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Material {
    restitution: Real,
    rule: CoefficientCombineRule,
}

impl Material {
    fn with(self, other: Material) -> Real {
        CoefficientCombineRule::combine(self.restitution, other.restitution, self.rule, other.rule)
    }
}

/// Materials of the cushions, the discs and the striker that make rapier's
/// combine rules produce `e_dd` between discs, `e_sd` between the striker and
/// a disc and `e_c` against a cushion, if there are any.
fn combine_rule_materials(e_dd: Real, e_sd: Real, e_c: Real) -> Option<[Material; 3]> {
    use CoefficientCombineRule::{Average, Max, Min};
    let close = |a: Real, b: Real| (a - b).abs() <= 1e-6;
    for cushion_rule in [Min, Max] {
        let cushion = Material {
            restitution: e_c,
            rule: cushion_rule,
        };
        for disc_rule in [Average, Min] {
            let disc = Material {
                restitution: e_dd,
                rule: disc_rule,
            };
            for striker_rule in [Average, Min] {
                for s in [e_sd, 2.0 * e_sd - e_dd] {
                    let striker = Material {
                        restitution: s,
                        rule: striker_rule,
                    };
                    let ok = s >= 0.0
                        && close(disc.with(disc), e_dd)
                        && close(striker.with(disc), e_sd)
                        && close(disc.with(cushion), e_c)
                        && close(striker.with(cushion), e_c);
                    if ok {
                        return Some([cushion, disc, striker]);
                    }
                }
            }
        }
    }
    None
}

/// The fallback: sets each contact manifold's restitution from the kinds of
/// its two colliders. Only consulted for colliders flagged with
/// `ActiveHooks::MODIFY_SOLVER_CONTACTS`.
struct RestitutionHooks {
    /// `by_kind[a][b]`: restitution between kinds `a` and `b`.
    by_kind: [[Real; 3]; 3],
}

impl PhysicsHooks for RestitutionHooks {
    fn modify_solver_contacts(&self, context: &mut ContactModificationContext) {
        let kind = |c: ColliderHandle| (context.colliders[c].user_data as usize).min(STRIKER);
        let e = self.by_kind[kind(context.collider1)][kind(context.collider2)];
        if let Some(manifold) = context.rigid_mut() {
            *manifold.restitution = e;
        }
    }
}

fn to_rapier(v: DVec2) -> Vector {
    Vector::new(v.x as Real, v.y as Real)
}

fn from_rapier(v: Vector) -> DVec2 {
    DVec2::new(f64::from(v.x), f64::from(v.y))
}

/// A body of the current stroke.
#[derive(Clone, Copy)]
struct Slot {
    /// `None` once the body has left the table or fallen into a pocket.
    handle: Option<RigidBodyHandle>,
    radius: f64,
}

/// A reusable rapier world for one table; `dt` is the fixed time step (e.g. 1.0/240.0 or 1.0/1000.0).
pub struct RapierSim {
    table: Table,
    physics: Physics,
    dt: f64,
    params: IntegrationParameters,
    pipeline: PhysicsPipeline,
    hooks: RestitutionHooks,
    /// The cushions alone, already in the broad phase.
    template: World,
    world: World,
    disc: Collider,
    striker: Collider,
    slots: Vec<Slot>,
}

impl RapierSim {
    pub fn new(table: Table, physics: Physics, dt: f64) -> RapierSim {
        assert!(
            dt > 0.0 && dt.is_finite(),
            "the time step must be positive, not {dt}"
        );
        let mut params = IntegrationParameters {
            dt: dt as Real,
            length_unit: (2.0 * table.disc.radius) as Real,
            ..IntegrationParameters::default()
        };
        // A struck disc can leave at up to (1 + e) m_s / (m_s + m_d) ≈ 1.33 times
        // the stroke speed; keep rapier's per-step speed cap far above that.
        let max_speed = 4.0 * physics.max_stroke_speed;
        params.normalized_max_linear_velocity = (max_speed / f64::from(params.length_unit)) as Real;

        let (e_dd, e_sd, e_c) = (
            physics.restitution_disc_disc as Real,
            physics.restitution_striker_disc as Real,
            physics.restitution_cushion as Real,
        );
        let materials = combine_rule_materials(e_dd, e_sd, e_c);
        let hooks = RestitutionHooks {
            by_kind: [[0.0, e_c, e_c], [e_c, e_dd, e_sd], [e_c, e_sd, e_sd]],
        };
        let [cushion_material, disc_material, striker_material] = materials.unwrap_or(
            // Any values: the hooks overwrite every pair's coefficient.
            [Material {
                restitution: 0.0,
                rule: CoefficientCombineRule::Average,
            }; 3],
        );
        let body_hooks = if materials.is_some() {
            ActiveHooks::empty()
        } else {
            ActiveHooks::MODIFY_SOLVER_CONTACTS
        };

        let body = |spec: novuss_core::table::BodySpec, kind: usize, material: Material| {
            ColliderBuilder::ball(spec.radius as Real)
                .mass(spec.mass as Real)
                .friction(0.0)
                .restitution(material.restitution)
                .restitution_combine_rule(material.rule)
                .user_data(kind as u128)
                .active_hooks(body_hooks)
                .build()
        };
        let disc = body(table.disc, DISC, disc_material);
        let striker = body(table.striker, STRIKER, striker_material);

        let mut template = World::default();
        // Thick walls, long enough to close the corners.
        let (size, half) = (table.size, table.size / 4.0);
        let long = size / 2.0 + 2.0 * half;
        for side in Cushion::ALL {
            let (centre, hx, hy) = match side {
                Cushion::South => (DVec2::new(size / 2.0, -half), long, half),
                Cushion::North => (DVec2::new(size / 2.0, size + half), long, half),
                Cushion::West => (DVec2::new(-half, size / 2.0), half, long),
                Cushion::East => (DVec2::new(size + half, size / 2.0), half, long),
            };
            template.colliders.insert(
                ColliderBuilder::cuboid(hx as Real, hy as Real)
                    .translation(to_rapier(centre))
                    .friction(0.0)
                    .restitution(cushion_material.restitution)
                    .restitution_combine_rule(cushion_material.rule)
                    .user_data(CUSHION as u128),
            );
        }
        let mut pipeline = PhysicsPipeline::new();
        // A zero-length step only registers the cushions with collision detection.
        let register = IntegrationParameters { dt: 0.0, ..params };
        step(&mut pipeline, &register, &mut template, &hooks);

        RapierSim {
            table,
            physics,
            dt,
            params,
            pipeline,
            hooks,
            world: template.clone(),
            template,
            disc,
            striker,
            slots: Vec::new(),
        }
    }

    /// Simulates until every body is at rest (speed below 1e-4 m/s) or 30 s of simulated time.
    pub fn simulate(&mut self, discs: &[DVec2], stroke: &Stroke) -> RapierOutcome {
        self.world.clone_from(&self.template);
        self.slots.clear();
        let mut fates = Vec::with_capacity(discs.len() + 1);
        self.insert(stroke.striker, stroke.velocity(), true);
        fates.push(RapierFate::OnTable(stroke.striker));
        for &p in discs {
            self.insert(p, DVec2::ZERO, false);
            fates.push(RapierFate::OnTable(p));
        }

        let dt = self.dt;
        let slowdown = self.physics.deceleration() * dt;
        let standoff = f64::from(self.params.allowed_linear_error());
        let max_steps = (MAX_TIME / dt).round() as u64;
        let mut steps = 0;
        let mut moving = stroke.velocity().length() >= REST_SPEED;
        while moving && steps < max_steps {
            // Friction, then bodies about to meet a cushion too fast.
            for (slot, fate) in self.slots.iter_mut().zip(&mut fates) {
                let Some(h) = slot.handle else {
                    continue;
                };
                let rb = &mut self.world.bodies[h];
                let v = from_rapier(rb.linvel());
                let speed = v.length();
                if speed == 0.0 {
                    continue;
                }
                let slower = (speed - slowdown).max(0.0);
                let v = v * (slower / speed);
                rb.set_linvel(to_rapier(v), slower > 0.0);
                let p = from_rapier(rb.translation());
                let radius = slot.radius;
                let leaves = Cushion::ALL.into_iter().any(|side| {
                    let vn = v.dot(side.outward());
                    vn > self.physics.off_table_speed
                        && self.table.distance_to_cushion(p, side) - radius <= vn * dt + standoff
                });
                if leaves {
                    self.world.remove(h);
                    slot.handle = None;
                    *fate = RapierFate::OffTable;
                }
            }

            step(
                &mut self.pipeline,
                &self.params,
                &mut self.world,
                &self.hooks,
            );
            steps += 1;

            // Pockets, and whether anything still moves.
            moving = false;
            for (slot, fate) in self.slots.iter_mut().zip(&mut fates) {
                let Some(h) = slot.handle else {
                    continue;
                };
                let rb = &self.world.bodies[h];
                let speed = from_rapier(rb.linvel()).length();
                let p = from_rapier(rb.translation());
                if speed <= self.physics.pocket_jump_speed && self.table.pocket_at(p).is_some() {
                    self.world.remove(h);
                    slot.handle = None;
                    *fate = RapierFate::Pocketed;
                } else {
                    moving |= speed >= REST_SPEED;
                }
            }
        }

        for (slot, fate) in self.slots.iter().zip(&mut fates) {
            if let Some(h) = slot.handle {
                *fate = RapierFate::OnTable(from_rapier(self.world.bodies[h].translation()));
            }
        }
        RapierOutcome {
            fates,
            steps,
            duration: steps as f64 * dt,
        }
    }

    fn insert(&mut self, at: DVec2, velocity: DVec2, striker: bool) {
        let body = RigidBodyBuilder::dynamic()
            .translation(to_rapier(at))
            .linvel(to_rapier(velocity))
            .lock_rotations()
            .linear_damping(0.0)
            .ccd_enabled(striker);
        let (collider, radius) = if striker {
            (self.striker.clone(), self.table.striker.radius)
        } else {
            (self.disc.clone(), self.table.disc.radius)
        };
        let w = &mut self.world;
        let handle = w.bodies.insert(body);
        w.colliders
            .insert_with_parent(collider, handle, &mut w.bodies);
        self.slots.push(Slot {
            handle: Some(handle),
            radius,
        });
    }
}

impl World {
    /// Takes a body and its collider out of the world.
    fn remove(&mut self, body: RigidBodyHandle) {
        self.bodies.remove(
            body,
            &mut self.islands,
            &mut self.colliders,
            &mut self.impulse_joints,
            &mut self.multibody_joints,
            &mut self.soft_bodies,
            true,
        );
    }
}

fn step(
    pipeline: &mut PhysicsPipeline,
    params: &IntegrationParameters,
    w: &mut World,
    hooks: &RestitutionHooks,
) {
    pipeline.step(
        Vector::ZERO,
        params,
        &mut w.islands,
        &mut w.broad_phase,
        &mut w.narrow_phase,
        &mut w.bodies,
        &mut w.colliders,
        &mut w.impulse_joints,
        &mut w.multibody_joints,
        &mut w.soft_bodies,
        &mut w.ccd,
        hooks,
        &(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use novuss_core::physics::{simulate, Fate};
    use novuss_core::rules::layout::singles_opening;

    fn setup() -> (Table, Physics) {
        (Table::default(), Physics::default())
    }

    fn opening() -> (Vec<DVec2>, Stroke) {
        let table = Table::default();
        let stroke = Stroke {
            striker: DVec2::new(0.5, 0.08),
            direction: DVec2::new(0.0, 1.0),
            speed: 5.0,
        };
        (singles_opening(&table), stroke)
    }

    #[test]
    fn a_head_on_hit_ends_where_the_exact_engine_puts_it() {
        let (table, physics) = setup();
        let discs = [DVec2::new(0.5, 0.5)];
        let stroke = Stroke {
            striker: DVec2::new(0.5, 0.2),
            direction: DVec2::new(0.0, 1.0),
            speed: 1.2,
        };
        let exact = simulate(&table, &physics, &discs, &stroke).unwrap();
        let out = RapierSim::new(table, physics, 1.0 / 1000.0).simulate(&discs, &stroke);
        assert_eq!(out.fates.len(), 2);
        for (i, (fate, exact)) in out.fates.iter().zip(&exact.fates).enumerate() {
            let want = exact
                .on_table()
                .expect("the exact engine keeps both bodies on the table");
            let RapierFate::OnTable(got) = *fate else {
                panic!("body {i} ended {fate:?}, the exact engine has it at {want}");
            };
            let miss = (got - want).length();
            assert!(
                miss < 3e-3,
                "body {i} ended at {got}, {:.2} mm from {want}",
                miss * 1e3
            );
        }
        assert!(
            (out.duration - exact.duration).abs() < 0.05,
            "{} s vs {} s",
            out.duration,
            exact.duration
        );
    }

    #[test]
    fn a_stroke_straight_into_a_pocket_pockets_the_striker() {
        let (table, physics) = setup();
        let stroke = Stroke {
            striker: DVec2::new(0.3, 0.3),
            direction: DVec2::new(-1.0, -1.0),
            speed: 1.5,
        };
        let exact = simulate(&table, &physics, &[], &stroke).unwrap();
        assert!(matches!(exact.fates[0], Fate::Pocketed { .. }));
        for dt in [1.0 / 1000.0, 1.0 / 240.0] {
            let out = RapierSim::new(table, physics, dt).simulate(&[], &stroke);
            assert_eq!(out.fates, vec![RapierFate::Pocketed], "dt = {dt}");
        }
    }

    #[test]
    fn a_hard_stroke_into_a_cushion_leaves_the_table() {
        let (table, physics) = setup();
        let stroke = Stroke {
            striker: DVec2::new(0.5, 0.5),
            direction: DVec2::new(0.0, 1.0),
            speed: 8.0,
        };
        let exact = simulate(&table, &physics, &[], &stroke).unwrap();
        assert!(matches!(exact.fates[0], Fate::OffTable { .. }));
        for dt in [1.0 / 1000.0, 1.0 / 240.0] {
            let out = RapierSim::new(table, physics, dt).simulate(&[], &stroke);
            assert_eq!(out.fates, vec![RapierFate::OffTable], "dt = {dt}");
        }
    }

    #[test]
    fn a_fast_grazing_stroke_does_not_pass_through_a_disc() {
        // At 7 m/s and dt = 1/240 the striker moves 29 mm a step, more than
        // the 17 mm of its path that overlaps this disc: only the swept
        // striker sees the contact.
        let (table, physics) = setup();
        let discs = [DVec2::new(0.5365, 0.6039)];
        let stroke = Stroke {
            striker: DVec2::new(0.5, 0.1),
            direction: DVec2::new(0.0, 1.0),
            speed: 7.0,
        };
        let out = RapierSim::new(table, physics, 1.0 / 240.0).simulate(&discs, &stroke);
        assert_ne!(
            out.fates[1],
            RapierFate::OnTable(discs[0]),
            "the disc was not hit"
        );
        // Deflected to the west (it may even reach the north-west pocket).
        if let RapierFate::OnTable(striker) = out.fates[0] {
            assert!(striker.x < 0.49, "the striker was not deflected: {striker}");
        }
    }

    #[test]
    fn the_opening_break_accounts_for_every_body() {
        let (table, physics) = setup();
        let (discs, stroke) = opening();
        for dt in [1.0 / 1000.0, 1.0 / 240.0] {
            let out = RapierSim::new(table, physics, dt).simulate(&discs, &stroke);
            assert_eq!(out.fates.len(), 17);
            assert!(
                out.steps > 0 && out.duration < MAX_TIME,
                "dt = {dt}: {} steps",
                out.steps
            );
            for (i, fate) in out.fates.iter().enumerate() {
                if let RapierFate::OnTable(p) = *fate {
                    let r = if i == 0 {
                        table.striker.radius
                    } else {
                        table.disc.radius
                    };
                    // Within the cushions, allowing rapier's contact slop.
                    assert!(
                        table.within_cushions(p, r - 1e-3),
                        "dt = {dt}: body {i} ended at {p}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_stroke_does_not_depend_on_the_strokes_before_it() {
        let (table, physics) = setup();
        let (discs, stroke) = opening();
        let mut sim = RapierSim::new(table, physics, 1.0 / 240.0);
        let first = sim.simulate(&discs, &stroke);
        let other = Stroke {
            speed: 3.0,
            direction: DVec2::new(0.3, 1.0),
            ..stroke
        };
        sim.simulate(&discs[..5], &other);
        assert_eq!(sim.simulate(&discs, &stroke), first);
    }

    #[test]
    fn combine_rules_give_every_pair_its_coefficient_or_the_hooks_do() {
        // The default table needs no hooks.
        let p = Physics::default();
        let m = combine_rule_materials(
            p.restitution_disc_disc as Real,
            p.restitution_striker_disc as Real,
            p.restitution_cushion as Real,
        );
        use CoefficientCombineRule::{Average, Min};
        let material = |restitution, rule| Material { restitution, rule };
        assert_eq!(
            m,
            Some([
                material(0.7, Min),
                material(0.8, Average),
                material(0.8, Average)
            ])
        );
        let grid = [0.0, 0.3, 0.5, 0.7, 0.8, 0.95];
        let mut fallbacks = 0;
        for e_dd in grid {
            for e_sd in grid {
                for e_c in grid {
                    let Some([c, d, s]) = combine_rule_materials(e_dd, e_sd, e_c) else {
                        fallbacks += 1;
                        continue;
                    };
                    assert!((d.with(d) - e_dd).abs() < 1e-6);
                    assert!((s.with(d) - e_sd).abs() < 1e-6 && (d.with(s) - e_sd).abs() < 1e-6);
                    assert!((c.with(d) - e_c).abs() < 1e-6 && (s.with(c) - e_c).abs() < 1e-6);
                }
            }
        }
        assert!(fallbacks > 0, "some combinations need the hooks");
    }

    #[test]
    fn the_hook_fallback_matches_the_exact_engine_too() {
        // A cushion bouncier than discs but less bouncy than the striker
        // cannot be expressed with combine rules.
        let table = Table::default();
        let physics = Physics {
            restitution_disc_disc: 0.5,
            restitution_striker_disc: 0.9,
            restitution_cushion: 0.7,
            ..Physics::default()
        };
        assert!(combine_rule_materials(0.5, 0.9, 0.7).is_none());
        let discs = [DVec2::new(0.5, 0.5)];
        let stroke = Stroke {
            striker: DVec2::new(0.5, 0.2),
            direction: DVec2::new(0.0, 1.0),
            speed: 1.5,
        };
        let exact = simulate(&table, &physics, &discs, &stroke).unwrap();
        let out = RapierSim::new(table, physics, 1.0 / 1000.0).simulate(&discs, &stroke);
        for (i, (fate, exact)) in out.fates.iter().zip(&exact.fates).enumerate() {
            let want = exact.on_table().unwrap();
            let RapierFate::OnTable(got) = *fate else {
                panic!("body {i} ended {fate:?}")
            };
            assert!(
                (got - want).length() < 3e-3,
                "body {i} at {got}, exact {want}"
            );
        }
    }

    /// Shots per second on the opening break; run with
    /// `cargo test --release -p novuss-bench --features rapier -- --ignored --nocapture timing`.
    #[test]
    #[ignore]
    fn timing_of_the_opening_break() {
        let (table, physics) = setup();
        let (discs, stroke) = opening();
        let mut engine = novuss_core::physics::Engine::new(table, physics);
        let start = std::time::Instant::now();
        let mut n = 0;
        while start.elapsed().as_secs_f64() < 2.0 {
            engine.simulate(&discs, &stroke).unwrap();
            n += 1;
        }
        let s = start.elapsed().as_secs_f64() / n as f64;
        println!(
            "exact engine: {:.3} ms/shot, {:.0} shots/s",
            s * 1e3,
            1.0 / s
        );
        for dt in [1.0 / 1000.0, 1.0 / 240.0] {
            let mut sim = RapierSim::new(table, physics, dt);
            let start = std::time::Instant::now();
            let mut n = 0;
            let mut steps = 0;
            while start.elapsed().as_secs_f64() < 2.0 {
                steps = sim.simulate(&discs, &stroke).steps;
                n += 1;
            }
            let s = start.elapsed().as_secs_f64() / n as f64;
            println!(
                "rapier dt = 1/{:.0}: {:.3} ms/shot, {:.1} shots/s, {steps} steps, {:.2} µs/step",
                1.0 / dt,
                s * 1e3,
                1.0 / s,
                s / steps as f64 * 1e6
            );
        }
    }
}
