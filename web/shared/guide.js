// @ts-check
// The aim guide: the striker's straight path to its first contact, and how
// the bodies leave it. Geometry only, as core's aim::first_contact and
// aim::cushion_ahead compute it; it ignores friction (the striker may stop
// short) and pockets, and is a guide, not a prediction. The engine's
// answer is the motion the server sends back.

/** @typedef {import('./protocol.js').Vec2} Vec2 */
/** @typedef {import('./protocol.js').Table} Table */

/**
 * What the striker meets first: a disc, with the directions and shares of
 * speed the disc and the striker leave with, or a cushion.
 * @typedef {{kind: 'disc', id: number, at: Vec2, discDir: Vec2, discShare: number, strikerDir: Vec2 | null, strikerShare: number}
 *   | {kind: 'cushion', side: string, strikerDir: Vec2, strikerShare: number}} GuideContact
 */

/** The guide: the striker's path from `from` to where it touches, and the contact. @typedef {{from: Vec2, to: Vec2, contact: GuideContact}} Guide */

/** @param {readonly number[]} v @returns {Vec2} */
const unit = (v) => {
  const l = Math.hypot(v[0], v[1]);
  return l > 0 ? [v[0] / l, v[1] / l] : [0, 0];
};
/** @param {readonly number[]} a @param {readonly number[]} b */
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];

/**
 * Distance the centre slides along unit `u` from `from` until it is `touch` from `c`, closing; or null.
 * @param {Vec2} from @param {Vec2} u @param {Vec2} c @param {number} touch
 */
function entry(from, u, c, touch) {
  const rel = [c[0] - from[0], c[1] - from[1]];
  const m = dot(u, rel);
  if (!(m > 0)) return null; // moving away or square across
  const k = dot(rel, rel) - touch * touch;
  const root2 = m * m - k;
  if (!(root2 > 0)) return null; // passes by or only grazes
  return Math.max(0, k / (m + Math.sqrt(root2)));
}

/**
 * The first cushion a body of `radius` meets from `from` along `u`.
 * @param {number} size @param {number} radius @param {Vec2} from @param {Vec2} u
 */
function cushionAhead(size, radius, from, u) {
  /** @type {[string, Vec2, number][]} */
  const sides = [
    ['south', [0, -1], from[1]],
    ['east', [1, 0], size - from[0]],
    ['north', [0, 1], size - from[1]],
    ['west', [-1, 0], from[0]],
  ];
  /** @type {{side: string, normal: Vec2, distance: number} | null} */
  let best = null;
  for (const [side, out, dist] of sides) {
    const towards = dot(u, out);
    if (towards > 0) {
      const s = Math.max(0, dist - radius) / towards;
      if (!best || s < best.distance) best = { side, normal: out, distance: s };
    }
  }
  return best;
}

/**
 * The guide for the striker at `from` pushed along `dir`, with `discs`
 * ([{id, at}]) on `table`. The striker–disc contact is elastic between the
 * two masses of `state.table` (the brief's choice: the engine's own
 * restitution, 0.8 by default, turns the striker a little less): the disc
 * leaves along the line of centres, the striker keeps its tangential speed.
 * A cushion mirrors the striker's direction.
 *
 * Returns { from, to, contact } where contact is
 *   { kind: 'disc', id, at, discDir, discShare, strikerDir, strikerShare } or
 *   { kind: 'cushion', side, strikerDir }.
 * @param {Table} table
 * @param {{id: number, at: Vec2}[]} discs
 * @param {Vec2} from
 * @param {Vec2} dir
 * @returns {Guide | null}
 */
export function aimGuide(table, discs, from, dir) {
  const u = unit(dir);
  if (u[0] === 0 && u[1] === 0) return null;
  const R = table.striker.radius;
  const touch = R + table.disc.radius;
  /** @type {{disc: {id: number, at: Vec2}, distance: number} | null} */
  let hit = null;
  for (const d of discs) {
    const s = entry(from, u, d.at, touch);
    if (s !== null && (!hit || s < hit.distance)) hit = { disc: d, distance: s };
  }
  const cushion = cushionAhead(table.size, R, from, u);
  if (hit && (!cushion || hit.distance <= cushion.distance)) {
    /** @type {Vec2} */
    const to = [from[0] + u[0] * hit.distance, from[1] + u[1] * hit.distance];
    const n = unit([hit.disc.at[0] - to[0], hit.disc.at[1] - to[1]]);
    const m1 = table.striker.mass;
    const m2 = table.disc.mass;
    const un = dot(u, n);
    // Elastic (e = 1): disc gets 2 m1/(m1+m2) of the normal speed, the
    // striker loses 2 m2/(m1+m2) of it.
    const discShare = ((2 * m1) / (m1 + m2)) * un;
    /** @type {Vec2} */
    const after = [u[0] - ((2 * m2) / (m1 + m2)) * un * n[0], u[1] - ((2 * m2) / (m1 + m2)) * un * n[1]];
    const strikerShare = Math.hypot(after[0], after[1]);
    return {
      from, to,
      contact: {
        kind: 'disc', id: hit.disc.id, at: hit.disc.at,
        discDir: n, discShare,
        strikerDir: strikerShare > 1e-9 ? unit(after) : null, strikerShare,
      },
    };
  }
  if (!cushion) return null;
  /** @type {Vec2} */
  const to = [from[0] + u[0] * cushion.distance, from[1] + u[1] * cushion.distance];
  const nn = cushion.normal;
  const un = dot(u, nn);
  return {
    from, to,
    contact: { kind: 'cushion', side: cushion.side, strikerDir: [u[0] - 2 * un * nn[0], u[1] - 2 * un * nn[1]], strikerShare: 1 },
  };
}
