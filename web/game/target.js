// Aiming at a named target: "disc N into pocket P". The striker is placed
// and aimed by contact geometry (the ghost disc: the striker's centre must
// reach the point one striker radius plus one disc radius behind the disc,
// on the line from the pocket through the disc), at a placement the rules
// allow (`000` 1.6–1.7, 1.14–1.15, the same checks as shared/zone.js), with a
// speed worked out from the distances and the game's friction and
// restitutions (`state.physics`, the engine's own parameters as the server
// sends them). Geometry and sums only: the server simulates the stroke and
// has the last word.

import { placementProblem, aimProblem, discsOnTable } from '../shared/zone.js';

// The disc should still be moving as its centre crosses the pocket's rim,
// but slower than the 2 m/s at which a body jumps a pocket.
const ARRIVE_SPEED = 0.9;
// Cuts finer than this (between the striker's path and the disc's) are
// too thin to be worth offering.
const MAX_CUT = (75 * Math.PI) / 180;
// Search steps over the striker's region, m.
const STEP_ALONG = 0.008;
const STEP_DEPTH = 0.006;
// A path passing another disc closer than this (m) is scored down: a
// small aiming error would touch it.
const COMFORT = 0.012;

export const POCKETS = ['south_west', 'south_east', 'north_east', 'north_west'];

const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const len = (v) => Math.hypot(v[0], v[1]);
const unit = (v) => { const l = len(v); return [v[0] / l, v[1] / l]; };

/** A pocket's centre: `pocket_inset` from both cushions of its corner (table.rs pocket_centre). */
export function pocketCentre(table, pocket) {
  const lo = table.pocket_inset;
  const hi = table.size - lo;
  return {
    south_west: [lo, lo], south_east: [hi, lo], north_east: [hi, hi], north_west: [lo, hi],
  }[pocket];
}

/** How close the segment a→b passes to point p. */
function passDistance(a, b, p) {
  const ab = sub(b, a);
  const k = Math.max(0, Math.min(1, dot(sub(p, a), ab) / (dot(ab, ab) || 1)));
  return len(sub(p, [a[0] + ab[0] * k, a[1] + ab[1] * k]));
}

/**
 * The speed a body needs to slide `d` metres and still move at `end` m/s
 * there: it slows at μ g (physics/params.rs `Physics::deceleration`).
 */
function slideSpeed(ph, d, end = 0) {
  return Math.sqrt(end * end + 2 * ph.friction * ph.gravity * Math.max(0, d));
}

/**
 * Whether a lone body sliding from `from` along unit `dir` at `speed`
 * crosses a hole before it stops, off up to two cushions (each keeping
 * its restitution of the normal speed). Other discs are ignored.
 */
function slidesIntoHole(T, ph, from, dir, speed, holes) {
  const R = T.striker.radius;
  const decel = ph.friction * ph.gravity;
  let [p, u, v] = [from, dir, speed];
  for (let bounce = 0; bounce < 3 && v > 1e-6; bounce++) {
    const reach = (v * v) / (2 * decel);
    // The first cushion ahead, as the striker's centre meets it.
    let hit = null;
    for (const k of [0, 1]) {
      if (u[k] === 0) continue;
      const wall = u[k] > 0 ? T.size - R : R;
      const s = (wall - p[k]) / u[k];
      if (s >= 0 && (!hit || s < hit.s)) hit = { s, k };
    }
    const run = hit ? Math.min(hit.s, reach) : reach;
    const end = [p[0] + u[0] * run, p[1] + u[1] * run];
    if (holes.some((h) => passDistance(p, end, h) < T.pocket_radius)) return true;
    if (!hit || hit.s >= reach) return false;
    v = Math.sqrt(Math.max(0, v * v - 2 * decel * run));
    const bounced = [...u];
    bounced[hit.k] = -u[hit.k] * ph.restitution_cushion;
    v *= len(bounced);
    [p, u] = [end, unit(bounced)];
  }
  return false;
}

/**
 * The best legal stroke sending disc `discId` of the player to move into
 * `pocket`, or why there is none:
 *   { ok: true, stroke, cut (rad), warnings: ['path'|'scratch'|'speed'] }
 *   { ok: false, why: 'turn'|'gone'|'not_own'|'dark'|'cushion'|'behind'|'blocked' }
 */
export function planStroke(state, discId, pocket) {
  const turn = state?.turn;
  if (!turn?.region) return { ok: false, why: 'turn' };
  const T = state.table;
  const ph = state.physics;
  const disc = state.set.discs.find((d) => d.id === discId);
  if (!disc?.at) return { ok: false, why: 'gone' };
  if (disc.side !== turn.side) return { ok: false, why: 'not_own' };
  // `001` "Direct strokes": a dark disc may only be reached by a rebound.
  if (disc.dark) return { ok: false, why: 'dark' };
  const P = pocketCentre(T, pocket);
  const D = disc.at;
  const toPocket = unit(sub(P, D));
  const touch = T.striker.radius + T.disc.radius;
  const ghost = [D[0] - toPocket[0] * touch, D[1] - toPocket[1] * touch];
  const R = T.striker.radius;
  if (!(ghost[0] > R && ghost[0] < T.size - R && ghost[1] > R && ghost[1] < T.size - R)) return { ok: false, why: 'cushion' };

  const others = discsOnTable(state).filter((d) => d.id !== discId);
  const reg = turn.region;
  const holes = POCKETS.map((p) => pocketCentre(T, p));
  let reachable = false; // some legal spot sees the disc from behind, blocked or not

  // A striker spot's score (lower is better), or null if it cannot make the stroke.
  const consider = (A) => {
    const path = sub(ghost, A);
    const u = unit(path);
    const cut = Math.acos(Math.max(-1, Math.min(1, dot(u, toPocket))));
    if (cut > MAX_CUT || aimProblem(turn.seat, T.size, A, u) || placementProblem(state, A)) return null;
    // A slow striker whose centre crosses a hole falls in on its way.
    if (holes.some((h) => passDistance(A, ghost, h) < T.pocket_radius + 0.002)) return null;
    reachable = true;
    // Nothing else may be touched on the way. The disc itself is met first
    // at the ghost: with a cut under 90° the striker comes from behind it.
    let clearance = Infinity;
    for (const o of others) clearance = Math.min(clearance, passDistance(A, ghost, o.at) - touch);
    if (!(clearance > 0)) return null;
    const score = cut + 4 * Math.max(0, COMFORT - clearance) + 0.02 * len(path);
    return { score, A, u, cut, run: len(path) };
  };
  // A coarse pass over the whole region, then a fine one round its best spot.
  const search = (x0, x1, y0, y1, dx, dy, best) => {
    for (let x = Math.max(x0, reg.min[0] + 1e-6); x < Math.min(x1, reg.max[0]); x += dx) {
      for (let y = Math.max(y0, reg.min[1] + 1e-6); y < Math.min(y1, reg.max[1]); y += dy) {
        const c = consider([x, y]);
        if (c && (!best || c.score < best.score)) best = c;
      }
    }
    return best;
  };
  let best = search(reg.min[0] + STEP_ALONG / 2, reg.max[0], reg.min[1] + STEP_DEPTH / 2, reg.max[1], STEP_ALONG, STEP_DEPTH, null);
  if (best) {
    const [x, y] = best.A;
    best = search(x - STEP_ALONG, x + STEP_ALONG, y - STEP_DEPTH, y + STEP_DEPTH, STEP_ALONG / 8, STEP_DEPTH / 6, best);
  }
  if (!best) return { ok: false, why: reachable ? 'blocked' : 'behind' };

  // Speeds, back from the pocket: the disc's after the hit, the striker's
  // at the hit (a hit passes (1 + e) m₁ / (m₁ + m₂) of the striker's speed
  // along the line of centres), and the striker's at the cue.
  const m1 = T.striker.mass;
  const m2 = T.disc.mass;
  const discRun = Math.max(0, len(sub(P, D)) - T.pocket_radius * 0.6);
  const discSpeed = slideSpeed(ph, discRun, ARRIVE_SPEED);
  const share = ((1 + ph.restitution_striker_disc) * m1) / (m1 + m2) * Math.cos(best.cut);
  // The margin goes on the speed at the hit: on a long run a margin on the
  // cue's speed would make the hit far harder than intended.
  const hitSpeed = (discSpeed / share) * 1.05;
  const wanted = slideSpeed(ph, best.run, hitSpeed);
  const max = state.max_speed ?? 8;
  const speed = Math.min(wanted, max);

  const warnings = [];
  if (wanted > max) warnings.push('speed');
  for (const o of others) {
    if (passDistance(D, P, o.at) < 2 * T.disc.radius) { warnings.push('path'); break; }
  }
  // The striker after the hit keeps its speed across the line of centres
  // and part of it along: may it roll on into a pocket?
  const along = ((1 + ph.restitution_striker_disc) * m2) / (m1 + m2) * dot(best.u, toPocket);
  const after = [best.u[0] - along * toPocket[0], best.u[1] - along * toPocket[1]];
  const afterSpeed = Math.min(speed, hitSpeed) * len(after);
  if (afterSpeed > 1e-6 && slidesIntoHole(T, ph, ghost, unit(after), afterSpeed, holes)) warnings.push('scratch');
  return {
    ok: true,
    disc: discId,
    pocket,
    cut: best.cut,
    warnings,
    stroke: { striker: best.A, direction: best.u, speed },
  };
}

/**
 * The easiest pocket for a disc: the legal plan with the thinnest cut and
 * fewest warnings, or `none` when no pocket has one.
 */
export function planBest(state, discId) {
  let best = null;
  for (const pocket of POCKETS) {
    const p = planStroke(state, discId, pocket);
    if (!p.ok) {
      // The disc's own reasons (dark, gone, …) hold for every pocket.
      if (['turn', 'gone', 'not_own', 'dark'].includes(p.why)) return p;
      continue;
    }
    // A disc in the way to the pocket spoils the stroke more than a thin cut.
    const score = p.cut + (p.warnings.includes('path') ? 1 : 0) + (p.warnings.includes('scratch') ? 0.5 : 0) + (p.warnings.includes('speed') ? 0.5 : 0);
    if (!best || score < best.score) best = { ...p, score };
  }
  return best ?? { ok: false, why: 'none' };
}
