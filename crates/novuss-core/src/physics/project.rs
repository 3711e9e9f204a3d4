//! The inelastic limit of a touching cluster, computed at once.
//!
//! Sequential impulses (`engine/cluster.rs`) resolve one contact at a time.
//! Where contacts are nearly parallel — a disc wedged between a cushion and
//! a neighbour at a shallow angle θ — each pass removes only a fraction of
//! about θ² of the motion into the wedge, and the series runs for millions
//! of impulses. Its limit, for perfectly inelastic contacts, is known: the
//! velocities closest to the current ones, in the kinetic-energy norm, at
//! which no touching contact closes. With `v₀` the velocities, `M` the
//! masses and `A` the matrix whose rows give each contact's separating
//! speed,
//!
//! ```text
//! minimise ½ (v − v₀)ᵀ M (v − v₀)   subject to   A v ≥ 0.
//! ```
//!
//! Its dual is a non-negative least-squares problem in the contact impulses
//! `λ ≥ 0`, with `v = v₀ + M⁻¹ Aᵀ λ`, solved exactly (up to rounding) in
//! finitely many steps by the active-set method of Lawson and Hanson
//! (*Solving Least Squares Problems*, 1974, ch. 23). The gradient of the
//! dual is the separating speeds `A v` themselves, so the method adds, one
//! at a time, the contact closing fastest, and solves the small system of
//! the contacts active so far (their Delassus matrix `A M⁻¹ Aᵀ`, by
//! Cholesky). Being a projection onto a cone that contains rest, the result
//! never has more kinetic energy than `v₀`, and momentum changes only
//! through impulses from cushions and from bodies held at rest.

use glam::DVec2;

/// One contact of the cluster: body `a` with body `b` (local indices), or
/// with a cushion when `b` is `None`. `n` is the unit normal from `a`
/// towards `b` (or out through the cushion), so that the separating speed
/// is `(v_b − v_a)·n`, or `−v_a·n` against a cushion.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Contact {
    pub a: usize,
    pub b: Option<usize>,
    pub n: DVec2,
}

/// Separating speed of contact `c` at velocities `v`.
pub(crate) fn separation(c: &Contact, v: &[DVec2]) -> f64 {
    let vb = c.b.map_or(DVec2::ZERO, |b| v[b]);
    (vb - v[c.a]).dot(c.n)
}

/// How a projection ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Projection {
    /// No contact closes faster than the slack.
    Done,
    /// This contact closes, but its normal is a combination of the active
    /// contacts' normals to working precision: a body wedged between
    /// contacts that meet at an angle too shallow to resolve. The exact
    /// limit of such a wedge stops the bodies driven into it, with
    /// impulses that grow without bound as the angle closes; the caller
    /// holds them and projects again.
    Jammed(usize),
    /// The iteration limit was reached (it never is unless rounding makes
    /// the active set cycle); the velocities are the last iterate.
    Unfinished,
}

/// Reusable work space for [`Projector::project`].
#[derive(Default)]
pub(crate) struct Projector {
    /// Contacts in the active set, in the order added.
    active: Vec<usize>,
    /// Impulse of every contact.
    lambda: Vec<f64>,
    /// Trial impulses of the active set.
    trial: Vec<f64>,
    /// Contacts found to depend on the active ones; never added again.
    skip: Vec<bool>,
    /// Delassus matrix of the active set, then its Cholesky factor.
    g: Vec<f64>,
    rhs: Vec<f64>,
    work: Vec<DVec2>,
}

impl Projector {
    /// Replaces `v` (velocities of bodies with inverse masses `inv_mass`;
    /// zero for a body held still) by the velocities closest to it, in
    /// kinetic energy, at which no contact of `contacts` closes faster than
    /// `slack`. Writes every contact's impulse into `impulse`.
    pub fn project(
        &mut self,
        inv_mass: &[f64],
        v: &mut [DVec2],
        contacts: &[Contact],
        slack: f64,
        impulse: &mut Vec<f64>,
    ) -> Projection {
        let q = contacts.len();
        self.active.clear();
        self.lambda.clear();
        self.lambda.resize(q, 0.0);
        self.skip.clear();
        self.skip.resize(q, false);
        // v₀, kept to recompute v from the impulses without drift.
        self.work.clear();
        self.work.extend_from_slice(v);
        let mut end = Projection::Unfinished;
        // Each outer step adds one contact; the inner loop only removes.
        // In exact arithmetic no active set repeats, so a few times the
        // number of contacts is ample.
        for _ in 0..3 * q + 8 {
            // The contact closing fastest, if any closes at all.
            let mut worst: Option<(usize, f64)> = None;
            for (k, c) in contacts.iter().enumerate() {
                let s = separation(c, v);
                if !self.skip[k]
                    && !self.active.contains(&k)
                    && s < -slack
                    && worst.is_none_or(|(_, w)| s < w)
                {
                    worst = Some((k, s));
                }
            }
            let Some((t, _)) = worst else {
                end = Projection::Done;
                break;
            };
            self.active.push(t);
            loop {
                if !self.solve_active(inv_mass, contacts) {
                    self.active.retain(|&k| k != t);
                    velocities(&self.work, inv_mass, contacts, &self.lambda, v);
                    impulse.clear();
                    impulse.extend_from_slice(&self.lambda);
                    return Projection::Jammed(t);
                }
                // All trial impulses positive: accept them.
                if self.trial.iter().all(|&x| x > 0.0) {
                    for (&k, &x) in self.active.iter().zip(&self.trial) {
                        self.lambda[k] = x;
                    }
                    break;
                }
                // Otherwise move towards the trial only as far as every
                // impulse stays non-negative, and drop those that reach 0.
                let mut alpha = 1.0f64;
                for (&k, &x) in self.active.iter().zip(&self.trial) {
                    if x <= 0.0 {
                        let l = self.lambda[k];
                        alpha = alpha.min(if l - x > 0.0 { l / (l - x) } else { 0.0 });
                    }
                }
                for (&k, &x) in self.active.iter().zip(&self.trial) {
                    self.lambda[k] += alpha * (x - self.lambda[k]);
                }
                let lambda = &mut self.lambda;
                self.active.retain(|&k| {
                    let keep = lambda[k] > 0.0;
                    if !keep {
                        lambda[k] = 0.0;
                    }
                    keep
                });
                if !self.active.contains(&t) {
                    // Rounding undid the contact just added (in exact
                    // arithmetic its impulse is positive): adding it
                    // again would repeat this step.
                    self.skip[t] = true;
                }
                if self.active.is_empty() {
                    break;
                }
            }
            velocities(&self.work, inv_mass, contacts, &self.lambda, v);
        }
        impulse.clear();
        impulse.extend_from_slice(&self.lambda);
        // A contact left out after rounding undid it may still close.
        let skipped_close = contacts
            .iter()
            .zip(&self.skip)
            .any(|(c, &skipped)| skipped && separation(c, v) < -slack);
        if skipped_close {
            Projection::Unfinished
        } else {
            end
        }
    }

    /// Solves for the active contacts' impulses that make each of them
    /// separate at exactly zero speed, into `trial`. Returns false if their
    /// Delassus matrix is singular (to working precision).
    fn solve_active(&mut self, inv_mass: &[f64], contacts: &[Contact]) -> bool {
        let p = self.active.len();
        self.g.clear();
        self.g.resize(p * p, 0.0);
        self.rhs.clear();
        for (r, &k) in self.active.iter().enumerate() {
            // Separation at v₀ with the sign that makes closing positive.
            self.rhs.push(-separation(&contacts[k], &self.work));
            for (c, &l) in self.active.iter().enumerate().take(r + 1) {
                let x = coupling(&contacts[k], &contacts[l], inv_mass);
                self.g[r * p + c] = x;
                self.g[c * p + r] = x;
            }
        }
        // Cholesky, G = L Lᵀ, in place (lower triangle).
        for j in 0..p {
            let mut d = self.g[j * p + j];
            for k in 0..j {
                d -= self.g[j * p + k] * self.g[j * p + k];
            }
            // A pivot lost to cancellation means the contact just added is
            // a combination of the others to working precision: for two
            // contacts on one body, normals within 10⁻⁵ rad of opposite.
            if d <= 1e-10 * self.g[j * p + j].abs() || d <= 0.0 {
                return false;
            }
            let d = d.sqrt();
            self.g[j * p + j] = d;
            for i in j + 1..p {
                let mut x = self.g[i * p + j];
                for k in 0..j {
                    x -= self.g[i * p + k] * self.g[j * p + k];
                }
                self.g[i * p + j] = x / d;
            }
        }
        // Forward then back substitution.
        self.trial.clear();
        self.trial.extend_from_slice(&self.rhs);
        for i in 0..p {
            let mut x = self.trial[i];
            for k in 0..i {
                x -= self.g[i * p + k] * self.trial[k];
            }
            self.trial[i] = x / self.g[i * p + i];
        }
        for i in (0..p).rev() {
            let mut x = self.trial[i];
            for k in i + 1..p {
                x -= self.g[k * p + i] * self.trial[k];
            }
            self.trial[i] = x / self.g[i * p + i];
        }
        true
    }
}

/// How an impulse at contact `l` changes the separating speed of contact
/// `k`: the entry of the Delassus matrix `A M⁻¹ Aᵀ`.
fn coupling(k: &Contact, l: &Contact, inv_mass: &[f64]) -> f64 {
    let mut x = 0.0;
    for (bk, sk) in [(Some(k.a), -1.0), (k.b, 1.0)] {
        for (bl, sl) in [(Some(l.a), -1.0), (l.b, 1.0)] {
            if let (Some(i), Some(j)) = (bk, bl) {
                if i == j {
                    x += sk * sl * inv_mass[i] * k.n.dot(l.n);
                }
            }
        }
    }
    x
}

/// `v = v₀ + M⁻¹ Aᵀ λ`.
fn velocities(
    v0: &[DVec2],
    inv_mass: &[f64],
    contacts: &[Contact],
    lambda: &[f64],
    v: &mut [DVec2],
) {
    v.copy_from_slice(v0);
    for (c, &l) in contacts.iter().zip(lambda) {
        if l != 0.0 {
            v[c.a] -= c.n * (l * inv_mass[c.a]);
            if let Some(b) = c.b {
                v[b] += c.n * (l * inv_mass[b]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wedge_at_a_shallow_angle_stops_the_body_driven_into_it() {
        // A body moving along +y between a wall on its west (normal −x) and
        // a fixed body whose contact normal leans 1e-4 rad into its path.
        // Alternating impulses would need about 10⁸ passes; the projection
        // stops it at once.
        let n = DVec2::new(1.0, 1e-4).normalize();
        let contacts = [
            Contact {
                a: 0,
                b: None,
                n: DVec2::NEG_X,
            },
            Contact { a: 0, b: None, n },
        ];
        let mut v = [DVec2::new(0.0, 0.1)];
        let mut impulse = Vec::new();
        let mut p = Projector::default();
        let end = p.project(&[1.0 / 0.006], &mut v, &contacts, 1e-15, &mut impulse);
        assert_eq!(end, Projection::Done);
        // Stopped, up to the rounding of impulses 10⁴ times its momentum:
        // far below the speed at which the engine holds a body at rest.
        assert!(v[0].length() < 1e-8, "{:?}", v[0]);
        // Shallower than working precision resolves: the body is jammed.
        let n = DVec2::new(1.0, 1e-7).normalize();
        let contacts = [contacts[0], Contact { a: 0, b: None, n }];
        let mut v = [DVec2::new(0.0, 0.1)];
        let end = p.project(&[1.0 / 0.006], &mut v, &contacts, 1e-15, &mut impulse);
        assert!(matches!(end, Projection::Jammed(_)), "{end:?}");
    }

    #[test]
    fn a_row_pushed_into_a_wall_moves_as_one_and_stops() {
        // Three equal bodies in a row along x, the last against a wall on
        // the east; the first moves east at 1 m/s.
        let m = [1.0, 1.0, 1.0];
        let contacts = [
            Contact {
                a: 0,
                b: Some(1),
                n: DVec2::X,
            },
            Contact {
                a: 1,
                b: Some(2),
                n: DVec2::X,
            },
            Contact {
                a: 2,
                b: None,
                n: DVec2::X,
            },
        ];
        let mut v = [DVec2::X, DVec2::ZERO, DVec2::ZERO];
        let mut impulse = Vec::new();
        let mut p = Projector::default();
        let end = p.project(&m, &mut v, &contacts, 1e-15, &mut impulse);
        assert_eq!(end, Projection::Done);
        assert!(v.iter().all(|v| v.length() < 1e-15), "{v:?}");
        // The wall took all the momentum.
        assert!((impulse[2] - 1.0).abs() < 1e-15);
        // Without the wall the row moves on together, momentum conserved.
        let mut v = [DVec2::X, DVec2::ZERO, DVec2::ZERO];
        let end = p.project(&m, &mut v, &contacts[..2], 1e-15, &mut impulse);
        assert_eq!(end, Projection::Done);
        for x in v {
            assert!((x - DVec2::X / 3.0).length() < 1e-15, "{v:?}");
        }
    }

    #[test]
    fn separating_contacts_are_left_alone() {
        let contacts = [Contact {
            a: 0,
            b: Some(1),
            n: DVec2::X,
        }];
        let mut v = [DVec2::NEG_X, DVec2::new(0.5, 2.0)];
        let mut impulse = Vec::new();
        Projector::default().project(&[1.0, 1.0], &mut v, &contacts, 0.0, &mut impulse);
        assert_eq!(v, [DVec2::NEG_X, DVec2::new(0.5, 2.0)]);
        assert_eq!(impulse, [0.0]);
    }

    #[test]
    fn dependent_contacts_do_not_stall_the_solver() {
        // The same contact listed twice: the second adds nothing.
        let c = Contact {
            a: 0,
            b: Some(1),
            n: DVec2::X,
        };
        let mut v = [DVec2::X, DVec2::ZERO];
        let mut impulse = Vec::new();
        let end = Projector::default().project(&[1.0, 1.0], &mut v, &[c, c], 1e-15, &mut impulse);
        assert_eq!(end, Projection::Done);
        assert!((v[0] - v[1]).length() < 1e-15);
    }
}
