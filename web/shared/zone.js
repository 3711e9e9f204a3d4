// @ts-check
// Seat frames and the two checks a player sees while making a stroke:
// where the striker may stand and which ways the cue may point. The server
// checks both again and has the final word; these only keep the player from
// sending a stroke that would be refused, and colour the striker and cue.

// The table seen from a seat (crates/novuss-core/src/rules/zone.rs SeatFrame):
// `along` runs along the seat's cushion from the player's left-hand corner,
// `depth` from that cushion into the table.

/** @typedef {import('./protocol.js').Vec2} Vec2 */
/** @typedef {import('./protocol.js').Seat} Seat */
/** @typedef {import('./protocol.js').DiscView} DiscView */
/** @typedef {import('./protocol.js').RegionView} RegionView */

/** What the checks read of a state: its discs and the striker's region. @typedef {{set?: {discs: DiscView[]}, turn?: {region: RegionView | null} | null}} TableState */
/** A state whose turn has a region. @typedef {{set?: {discs: DiscView[]}, turn: {region: RegionView}}} RegionState */

/** @type {Record<string, Vec2>} Into the table from each seat's cushion. */
const INWARD = { south: [0, 1], north: [0, -1], east: [-1, 0], west: [1, 0] };

/** @type {Seat[]} */
export const SEATS = ['south', 'east', 'north', 'west'];

/**
 * The table seen from a seat: `along` and `depth` of a point, a point from
 * them (`world`), and the same for directions.
 * @typedef {object} SeatFrame
 * @property {string | null | undefined} seat
 * @property {number} size
 * @property {Vec2} inward
 * @property {Vec2} right
 * @property {Vec2} origin
 * @property {(p: Vec2) => number} along
 * @property {(p: Vec2) => number} depth
 * @property {(p: Vec2) => Vec2} local
 * @property {(a: number, d: number) => Vec2} world
 * @property {(v: Vec2) => Vec2} localDir
 * @property {(a: number, d: number) => Vec2} worldDir
 */

/**
 * @param {string | null | undefined} seat a seat (anything else: south's)
 * @param {number} [size]
 * @returns {SeatFrame}
 */
export function seatFrame(seat, size = 1) {
  const n = (seat ? INWARD[seat] : undefined) || INWARD.south;
  /** @type {Vec2} */
  const r = [n[1], -n[0]]; // towards the player's right
  // The near left corner: where along and depth are both 0.
  /** @type {Vec2} */
  const o = [size / 2 - (n[0] + r[0]) * size / 2, size / 2 - (n[1] + r[1]) * size / 2];
  /** @param {Vec2} p */
  const along = (p) => (p[0] - o[0]) * r[0] + (p[1] - o[1]) * r[1];
  /** @param {Vec2} p */
  const depth = (p) => (p[0] - o[0]) * n[0] + (p[1] - o[1]) * n[1];
  return {
    seat, size, inward: n, right: r, origin: o,
    along,
    depth,
    local: (p) => [along(p), depth(p)],
    world: (a, d) => [o[0] + r[0] * a + n[0] * d, o[1] + r[1] * a + n[1] * d],
    localDir: (v) => [v[0] * r[0] + v[1] * r[1], v[0] * n[0] + v[1] * n[1]],
    worldDir: (a, d) => [r[0] * a + n[0] * d, r[1] * a + n[1] * d],
  };
}

// How far inside the region's (partly open) bounds a dragged or stepped
// striker is kept: like core's PLACEMENT_MARGIN (1e-9 m), far above
// rounding and far below anything a player could see.
const MARGIN = 2e-9;

/**
 * The discs still on the table.
 * @param {TableState | null | undefined} state
 * @returns {(DiscView & {at: Vec2})[]}
 */
export function discsOnTable(state) {
  return (state?.set?.discs || []).filter(/** @returns {d is DiscView & {at: Vec2}} */ (d) => !!d.at);
}

/**
 * Why the striker may not stand at `p` for the player to stroke, or null.
 * `turn.region` is the rectangle min–max minus a circle of radius `clear`
 * around every disc (`000` 1.6–1.7, 1.14; docs/protocol.md "The state").
 * @param {TableState | null | undefined} state
 * @param {Vec2 | null | undefined} p
 * @returns {'placement' | 'striker_touches' | null}
 */
export function placementProblem(state, p) {
  const reg = state?.turn?.region;
  if (!reg || !p) return 'placement';
  // Strict, as the bounds are mostly open; the server's check is final.
  for (let k = 0; k < 2; k++) {
    if (!(p[k] > reg.min[k] && p[k] < reg.max[k])) return 'placement';
  }
  for (const d of discsOnTable(state)) {
    if (!(Math.hypot(p[0] - d.at[0], p[1] - d.at[1]) > reg.clear)) return 'striker_touches';
  }
  return null;
}

/**
 * `p` moved into the region's rectangle (discs ignored).
 * @param {RegionState} state
 * @param {Vec2} p
 * @returns {Vec2}
 */
export function clampToRegion(state, p) {
  const reg = state.turn.region;
  /** @param {0 | 1} k */
  const clamp = (k) => Math.min(Math.max(p[k], reg.min[k] + MARGIN), reg.max[k] - MARGIN);
  return [clamp(0), clamp(1)];
}

/**
 * The legal spot nearest `wanted`: clamped into the rectangle, then, if a
 * disc is in the way, the nearest free point found on rings of growing
 * radius. Good enough for a default spot and keyboard steps; dragging shows
 * the illegal spot in red instead of jumping.
 * @param {RegionState} state
 * @param {Vec2} wanted
 * @returns {Vec2 | null}
 */
export function nearestLegal(state, wanted) {
  const c = clampToRegion(state, wanted);
  if (!placementProblem(state, c)) return c;
  for (let r = 0.001; r < 0.5; r += 0.001) {
    const n = Math.max(8, Math.ceil((2 * Math.PI * r) / 0.001));
    /** @type {{q: Vec2, dist: number} | null} */
    let best = null;
    for (let i = 0; i < n; i++) {
      const a = (i / n) * 2 * Math.PI;
      const q = clampToRegion(state, [c[0] + r * Math.cos(a), c[1] + r * Math.sin(a)]);
      if (!placementProblem(state, q)) {
        const dist = Math.hypot(q[0] - wanted[0], q[1] - wanted[1]);
        if (!best || dist < best.dist) best = { q, dist };
      }
    }
    if (best) return best.q;
  }
  return null;
}

/**
 * A default legal spot: the middle of the edge zone, half way in.
 * @param {TableState} state
 * @returns {Vec2 | null}
 */
export function defaultPlacement(state) {
  const reg = state.turn?.region;
  if (!reg) return null; // no room at all: only on tables whose zones leave none
  return nearestLegal({ ...state, turn: { region: reg } }, [(reg.min[0] + reg.max[0]) / 2, (reg.min[1] + reg.max[1]) / 2]);
}

/**
 * Why the cue may not push the striker at `p` in direction `dir`, or null.
 * `000` 1.15: the cue rests only from corner to corner on the near edge, so
 * the direction points away from the own cushion and the cue's line,
 * followed back from the striker's centre, meets that cushion strictly
 * between its corners (zone.rs check_aim, in the seat's frame).
 * @param {string | null} seat
 * @param {number} size
 * @param {Vec2} p
 * @param {Vec2 | null | undefined} dir
 * @returns {'aim' | null}
 */
export function aimProblem(seat, size, p, dir) {
  if (!dir || !Number.isFinite(dir[0]) || !Number.isFinite(dir[1]) || (dir[0] === 0 && dir[1] === 0)) return 'aim';
  const f = seatFrame(seat, size);
  const [da, dd] = f.localDir(dir);
  if (dd <= 0) return 'aim';
  const [a, d] = f.local(p);
  const at = a - (d / dd) * da;
  return at > 0 && at < size ? null : 'aim';
}

/**
 * The open range of legal aim angles in the seat's frame (0 = along the
 * cushion to the right, π/2 = straight at the far cushion): from the
 * directions of the two near corners to the striker (zone.rs, aim/range.rs).
 * @param {string | null} seat
 * @param {number} size
 * @param {Vec2} p
 * @returns {[number, number]}
 */
export function aimRange(seat, size, p) {
  const [a, d] = seatFrame(seat, size).local(p);
  return d > 0 ? [Math.atan2(d, a), Math.atan2(d, a - size)] : [0, Math.PI];
}

/**
 * The angle of `dir` in the seat's frame (0: along the cushion to the right).
 * @param {string | null} seat @param {number} size @param {Vec2} dir
 */
export function angleOf(seat, size, dir) {
  const [a, d] = seatFrame(seat, size).localDir(dir);
  return Math.atan2(d, a);
}

/**
 * The direction at `angle` in the seat's frame.
 * @param {string | null} seat @param {number} size @param {number} angle
 */
export function dirAt(seat, size, angle) {
  return seatFrame(seat, size).worldDir(Math.cos(angle), Math.sin(angle));
}

/**
 * `dir` turned into the legal range (kept a small margin inside it).
 * @param {string | null} seat @param {number} size @param {Vec2} p @param {Vec2} dir
 */
export function clampAim(seat, size, p, dir) {
  const [lo, hi] = aimRange(seat, size, p);
  const m = Math.min(1e-4, (hi - lo) / 2);
  let ang = angleOf(seat, size, dir);
  if (ang < -Math.PI / 2) ang += 2 * Math.PI; // behind, on the right: nearer hi
  return dirAt(seat, size, Math.min(Math.max(ang, lo + m), hi - m));
}
