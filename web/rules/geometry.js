// @ts-check
// The geometry the rules page's diagrams show, in table metres: the same
// decisions as the referee (crates/novuss-core/src/rules/zone.rs,
// placement/penalty.rs, placement/off_table.rs, referee/fouls.rs), written
// again here in plain functions so the page can show them live (it cannot
// run the core). They take the table `T` and a profile's settings as the
// server sends them (`GET /api/options`), never copies of the core's
// values. tests/browser/golden.mjs runs every one of them over the core's
// answers in tests/golden/rules.json (docs/golden.md) and fails on any
// difference. No DOM: they run in Node too.

import { seatFrame } from '../shared/zone.js';

/** @typedef {import('../shared/protocol.js').Table} Table */
/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */
/** @typedef {import('../shared/protocol.js').ProfileSettings} ProfileSettings */

/** How a line shows through a hole: wholly inside the zone, visible, or wholly outside. @typedef {'clear' | 'visible' | 'beyond'} LineView */

/** @type {Record<string, Vec2>} Out of the table through each cushion. */
const OUTWARD = { south: [0, -1], north: [0, 1], east: [1, 0], west: [-1, 0] };
/** @type {Record<string, string>} Clockwise seen from above, north up (zone.rs `clockwise_next`). */
const CLOCKWISE_CUSHION = { north: 'east', east: 'south', south: 'west', west: 'north' };
/** @type {Record<string, string>} Playing order of the seats (seat.rs `Seat::clockwise`). */
export const NEXT_SEAT = { south: 'west', west: 'north', north: 'east', east: 'south' };
/** @type {Record<string, string>} The seat or cushion across the table. */
export const OPPOSITE = { south: 'north', north: 'south', east: 'west', west: 'east' };

/**
 * The centre of the table.
 * @param {Table} T
 * @returns {Vec2}
 */
export function centre(T) {
  return [T.size / 2, T.size / 2];
}

/**
 * How far `p` lies from cushion `side`.
 * @param {Table} T
 * @param {Vec2} p
 * @param {string} side
 */
export function distanceToCushion(T, p, side) {
  switch (side) {
    case 'south': return p[1];
    case 'north': return T.size - p[1];
    case 'west': return p[0];
    default: return T.size - p[0];
  }
}

/**
 * The two neighbouring cushions of a seat: [left hand, right hand].
 * @param {string} seat
 * @returns {[string, string]}
 */
export function sideCushions(seat) {
  const left = CLOCKWISE_CUSHION[seat];
  return [left, OPPOSITE[left]];
}

/**
 * How a hole of radius `h` at `p` lies with respect to one line at `at`
 * from cushion `side`, the zone being on the cushion's side (`near`) or the
 * far side (`far`) of it: 'clear' (wholly inside, no part of the line's
 * width shows), 'visible' or 'beyond' (wholly outside).
 * @param {Table} T
 * @param {Vec2} p
 * @param {number} h
 * @param {string} side
 * @param {boolean} zoneIsNear
 * @returns {LineView}
 */
function lineView(T, p, h, side, zoneIsNear) {
  const e = distanceToCushion(T, p, side);
  const L = T.line_offset;
  const hw = T.line_width / 2;
  if (zoneIsNear) {
    if (e + h < L - hw) return 'clear';
    if (e - h > L + hw) return 'beyond';
    return 'visible';
  }
  if (e - h > L + hw) return 'clear';
  if (e + h < L - hw) return 'beyond';
  return 'visible';
}

/**
 * The three lines of `seat`'s edge zone as seen through a disc's hole at
 * `p`: [{line: 'own'|'left'|'right', cushion, view}] (zone.rs
 * `edge_zone_lines`).
 * @param {Table} T
 * @param {string} seat
 * @param {Vec2} p
 * @param {number} [h]
 * @returns {{line: 'own' | 'left' | 'right', cushion: string, view: LineView}[]}
 */
export function edgeZoneLines(T, seat, p, h = T.disc.hole_radius) {
  const [left, right] = sideCushions(seat);
  return [
    { line: 'own', cushion: seat, view: lineView(T, p, h, seat, true) },
    { line: 'left', cushion: left, view: lineView(T, p, h, left, false) },
    { line: 'right', cushion: right, view: lineView(T, p, h, right, false) },
  ];
}

/**
 * How the circle's line shows through a hole at `p`: 'clear' inside, 'visible', 'beyond'.
 * @param {Table} T
 * @param {Vec2} p
 * @param {number} [h]
 * @returns {LineView}
 */
export function circleView(T, p, h = T.disc.hole_radius) {
  const c = centre(T);
  const r = Math.hypot(p[0] - c[0], p[1] - c[1]);
  const hw = T.line_width / 2;
  if (r + h < T.circle_radius - hw) return 'clear';
  if (r - h > T.circle_radius + hw) return 'beyond';
  return 'visible';
}

/**
 * Which of `seat`'s dark areas (blind zones) a disc centred at `p` lies
 * wholly inside, with no bordering line visible through its hole: 'edge',
 * 'circle' or null (zone.rs `blind_zone`; `001` "Direct strokes"; `000`
 * 2.1, 2.3; `002` 2.1–2.2).
 * @param {Table} T
 * @param {string} seat
 * @param {Vec2} p
 * @returns {'edge' | 'circle' | null}
 */
export function blindZone(T, seat, p) {
  const h = T.disc.hole_radius;
  const d = distanceToCushion(T, p, seat);
  if (d - h >= 0 && edgeZoneLines(T, seat, p, h).every((l) => l.view === 'clear')) return 'edge';
  if (circleView(T, p, h) === 'clear') return 'circle';
  return null;
}

/**
 * Whether a disc of the player at `seat` centred at `p` is dark (zone.rs `is_dark`).
 * @param {Table} T
 * @param {string} seat
 * @param {Vec2} p
 */
export function isDark(T, seat, p) {
  return blindZone(T, seat, p) !== null;
}

/**
 * The depth of the striker's centre below which it is back over its own line (zone.rs `striker_return_depth`).
 * @param {Table} T
 */
export function strikerReturnDepth(T) {
  return T.line_offset - T.line_width / 2 - T.striker.hole_radius;
}

/**
 * The rectangle in which the striker's centre may stand for `seat`, in the seat's frame: [alongMin, alongMax, depthMin, depthMax].
 * @param {Table} T
 * @returns {[number, number, number, number]}
 */
export function strikerBounds(T) {
  const L = T.line_offset;
  const hw = T.line_width / 2;
  const h = T.striker.hole_radius;
  return [L + hw + h, T.size - (L + hw + h), T.striker.radius, L - hw - h];
}

/**
 * The centres of a row of `count` discs pressed against cushion `side`, centred on its middle line (layout.rs `row_against`).
 * @param {Table} T
 * @param {string} side
 * @param {number} [count]
 * @returns {Vec2[]}
 */
export function rowAgainst(T, side, count = 8) {
  const r = T.disc.radius;
  const mid = T.size / 2;
  /** @type {Vec2[]} */
  const out = [];
  for (let k = 0; k < count; k++) {
    const along = mid - count * r + r + 2 * r * k;
    if (side === 'south') out.push([along, r]);
    else if (side === 'north') out.push([along, T.size - r]);
    else if (side === 'west') out.push([r, along]);
    else out.push([T.size - r, along]);
  }
  return out;
}

/**
 * The opening line-up of a format: [{seat, side, at}] for every disc
 * (set/mod.rs `line_up`): each seat's row at the opposite cushion; sides
 * alternate round the table in doubles (partners opposite).
 * @param {Table} T
 * @param {string} format
 * @param {string} [first]
 */
export function lineUp(T, format, first = 'south') {
  const seats = [first];
  if (format === 'singles') seats.push(OPPOSITE[first]);
  else for (let k = 1; k < 4; k++) seats.push(NEXT_SEAT[seats[k - 1]]);
  const sides = format === 'four_player' ? 4 : 2;
  /** @type {{seat: string, side: number, at: Vec2}[]} */
  const discs = [];
  seats.forEach((seat, k) => {
    for (const at of rowAgainst(T, OPPOSITE[seat])) discs.push({ seat, side: k % sides, at });
  });
  return { seats, discs };
}

// ---- Free spots along a line (placement/mod.rs) ---------------------------

// Two discs closer than this gap (m) touch (zone.rs CONTACT_TOLERANCE);
// spots whose distances from the middle line differ by no more are equally
// far (placement/mod.rs EQUAL_DISTANCE). The golden file carries the
// core's values and tests/browser/golden.mjs holds these to them.
export const CONTACT_TOLERANCE = 1e-9;
export const EQUAL_DISTANCE = 1e-9;

/**
 * @param {Table} T
 * @returns {Vec2[]}
 */
function pocketCentres(T) {
  const a = T.pocket_inset;
  const b = T.size - a;
  return [[a, a], [b, a], [b, b], [a, b]];
}

/**
 * Whether a disc centred at `p` lies on the surface, over no pocket hole, overlapping none of `discs` (placement/mod.rs `is_free`).
 * @param {Table} T
 * @param {Vec2[]} discs
 * @param {Vec2} p
 */
export function isFree(T, discs, p) {
  const r = T.disc.radius;
  for (const s of ['south', 'north', 'east', 'west']) {
    if (distanceToCushion(T, p, s) < r - CONTACT_TOLERANCE) return false;
  }
  for (const q of discs) {
    if (Math.hypot(p[0] - q[0], p[1] - q[1]) < 2 * r - CONTACT_TOLERANCE) return false;
  }
  for (const q of pocketCentres(T)) {
    if (Math.hypot(p[0] - q[0], p[1] - q[1]) < T.pocket_radius + r - CONTACT_TOLERANCE) return false;
  }
  return true;
}

/**
 * The free parameters `s` in [lo, hi] of `origin + s·dir` that can be nearest a wanted point (placement/mod.rs `free_stops`).
 * @param {Table} T
 * @param {Vec2[]} discs
 * @param {Vec2} origin
 * @param {Vec2} dir
 * @param {number} lo
 * @param {number} hi
 * @param {number[]} [wanted]
 * @returns {number[]}
 */
function freeStops(T, discs, origin, dir, lo, hi, wanted = []) {
  const r = T.disc.radius;
  /** @type {[Vec2, number][]} */
  const blockers = discs.map((c) => /** @type {[Vec2, number]} */ ([c, 2 * r])).concat(pocketCentres(T).map((c) => [c, T.pocket_radius + r]));
  const stops = [lo, hi, ...wanted];
  for (const [c, reach] of blockers) {
    const rel = [c[0] - origin[0], c[1] - origin[1]];
    const m = rel[0] * dir[0] + rel[1] * dir[1];
    const e2 = rel[0] * rel[0] + rel[1] * rel[1] - m * m;
    const h2 = reach * reach - e2;
    if (h2 > 0) {
      const h = Math.sqrt(h2);
      stops.push(m - h, m + h);
    }
  }
  /** @param {number} s @returns {Vec2} */
  const at = (s) => [origin[0] + dir[0] * s, origin[1] + dir[1] * s];
  return [...new Set(stops.filter((s) => s >= lo && s <= hi && isFree(T, discs, at(s))))].sort((a, b) => a - b);
}

// ---- Penalty discs (placement/penalty.rs) ----------------------------------

/**
 * Where one penalty disc for the player at `offender` goes, and why
 * (`002` 5.2; `001` "Penalty disc"; `000` 3.1): `{at, rule}` with rule
 * 'middle' (the spot on the middle line is free), 'nearest' (the nearest
 * free spot along the cushion), 'fewer_penalty', 'fewer_discs',
 * 'striker_side' (the three tie-breaks), or null when the cushion is full.
 * `discs` are [{at, penalty}]; `struckFrom` is where the striker stood.
 * @param {Table} T
 * @param {string} offender
 * @param {{at: Vec2, penalty?: boolean}[]} discs
 * @param {Vec2} struckFrom
 * @returns {{at: Vec2, rule: 'middle' | 'nearest' | 'fewer_penalty' | 'fewer_discs' | 'striker_side'} | null}
 */
export function penaltySpot(T, offender, discs, struckFrom) {
  const receiving = OPPOSITE[offender];
  const f = seatFrame(receiving, T.size);
  const r = T.disc.radius;
  const mid = T.size / 2;
  const centres = discs.map((d) => d.at);
  const stops = freeStops(T, centres, f.world(0, r), f.worldDir(1, 0), r, T.size - r, [mid]);
  const left = [...stops].reverse().find((a) => a <= mid);
  const right = stops.find((a) => a >= mid);
  /** @type {number} */
  let along;
  /** @type {'middle' | 'nearest' | 'fewer_penalty' | 'fewer_discs' | 'striker_side'} */
  let rule;
  if (left === undefined && right === undefined) return null;
  if (left === undefined || right === undefined) {
    along = left ?? right ?? mid;
    rule = along === mid ? 'middle' : 'nearest';
  } else {
    const dl = mid - left;
    const dr = right - mid;
    if (left === mid || right === mid) {
      along = mid;
      rule = 'middle';
    } else if (dl < dr - EQUAL_DISTANCE) {
      along = left;
      rule = 'nearest';
    } else if (dr < dl - EQUAL_DISTANCE) {
      along = right;
      rule = 'nearest';
    } else {
      /** @param {(d: {at: Vec2, penalty?: boolean}) => boolean | undefined} keep */
      const halves = (keep) => {
        const n = [0, 0];
        for (const d of discs) {
          if (!keep(d)) continue;
          const a = f.along(d.at);
          if (a < mid) n[0] += 1;
          else if (a > mid) n[1] += 1;
        }
        return n;
      };
      const pen = halves((d) => d.penalty);
      const all = halves(() => true);
      let goLeft;
      if (pen[0] !== pen[1]) {
        goLeft = pen[0] < pen[1];
        rule = 'fewer_penalty';
      } else if (all[0] !== all[1]) {
        goLeft = all[0] < all[1];
        rule = 'fewer_discs';
      } else {
        // The receiving frame's left is the offender's right.
        goLeft = f.along(struckFrom) <= mid;
        rule = 'striker_side';
      }
      along = goLeft ? left : right;
    }
  }
  return { at: f.world(along, r), rule };
}

// ---- Discs off the table (placement/off_table.rs) --------------------------

/**
 * 109.5 mm: a disc on a cross line touching the inside of the circle line.
 * @param {Table} T
 */
export function circlePointDistance(T) {
  return T.circle_radius - T.line_width / 2 - T.disc.radius;
}

/** @type {Record<string, [string, string]>} The two cushions of each corner. */
const CORNER_SIDES = {
  north_east: ['north', 'east'],
  south_east: ['south', 'east'],
  south_west: ['south', 'west'],
  north_west: ['north', 'west'],
};

/**
 * Where a disc that left the table over `exit` (a cushion, or a corner
 * such as 'north_east') is put back, and by which step (`000` 1.20; `002`
 * 3.9): `{at, rule}` with rule 'centre', 'exit_point', 'diagonal',
 * 'next_point', 'beside_centre', or null when the cross is full.
 * @param {Table} T
 * @param {Vec2[]} discs
 * @param {string} exit
 * @returns {{at: Vec2, rule: 'centre' | 'exit_point' | 'diagonal' | 'next_point' | 'beside_centre'} | null}
 */
export function offTableSpot(T, discs, exit) {
  const c = centre(T);
  /** @param {Vec2} p */
  const free = (p) => isFree(T, discs, p);
  if (free(c)) return { at: c, rule: 'centre' };
  const k = circlePointDistance(T);
  /** @param {string} side @returns {Vec2} */
  const point = (side) => [c[0] + OUTWARD[side][0] * k, c[1] + OUTWARD[side][1] * k];
  let first = exit;
  if (CORNER_SIDES[exit]) {
    const [a, b] = CORNER_SIDES[exit];
    const d = [(OUTWARD[a][0] + OUTWARD[b][0]) / Math.SQRT2, (OUTWARD[a][1] + OUTWARD[b][1]) / Math.SQRT2];
    /** @type {Vec2} */
    const p = [c[0] + d[0] * k, c[1] + d[1] * k];
    if (free(p)) return { at: p, rule: 'diagonal' };
    first = CLOCKWISE_CUSHION[a] === b ? b : a;
  }
  const arms = [first];
  for (let i = 1; i < 4; i++) arms.push(CLOCKWISE_CUSHION[arms[i - 1]]);
  for (const [i, side] of arms.entries()) {
    const p = point(side);
    if (free(p)) return { at: p, rule: i === 0 && !CORNER_SIDES[exit] ? 'exit_point' : 'next_point' };
  }
  for (const reach of [k, T.size / 2 - T.disc.radius]) {
    for (const side of arms) {
      const s = freeStops(T, discs, c, OUTWARD[side], 0, reach)[0];
      if (s !== undefined) return { at: [c[0] + OUTWARD[side][0] * s, c[1] + OUTWARD[side][1] * s], rule: 'beside_centre' };
    }
  }
  return null;
}

// ---- Strokes: straight paths and one-cushion rebounds ----------------------

/**
 * The path of the striker's centre from `from` to touch the disc at
 * `target`, straight (`cushion` null) or off one cushion by mirror
 * reflection: `{points, contact, bounce}` in table metres, or null when
 * that cushion cannot be reached first on a straight line.
 * @param {Table} T
 * @param {Vec2} from
 * @param {Vec2} target
 * @param {string | null} [cushion]
 * @returns {{points: Vec2[], contact: Vec2, bounce: Vec2 | null} | null}
 */
export function strokePath(T, from, target, cushion = null) {
  const R = T.striker.radius;
  const reach = R + T.disc.radius;
  /** @param {Vec2} a @param {Vec2} b @param {number} stop @returns {Vec2} */
  const towards = (a, b, stop) => {
    const v = [b[0] - a[0], b[1] - a[1]];
    const n = Math.hypot(v[0], v[1]);
    return [b[0] - (v[0] / n) * stop, b[1] - (v[1] / n) * stop];
  };
  if (!cushion) {
    return { points: [from, towards(from, target, reach)], contact: towards(from, target, reach), bounce: null };
  }
  // The striker's centre turns where it is R from the cushion.
  const axis = cushion === 'north' || cushion === 'south' ? 1 : 0;
  const wall = cushion === 'north' || cushion === 'east' ? T.size - R : R;
  /** @type {Vec2} */
  const mirrored = [target[0], target[1]];
  mirrored[axis] = 2 * wall - target[axis];
  const d = [mirrored[0] - from[0], mirrored[1] - from[1]];
  if (Math.abs(d[axis]) < 1e-12) return null;
  const s = (wall - from[axis]) / d[axis];
  if (!(s > 0 && s < 1)) return null;
  /** @type {Vec2} */
  const bounce = [from[0] + d[0] * s, from[1] + d[1] * s];
  const other = 1 - axis;
  if (bounce[other] < R || bounce[other] > T.size - R) return null;
  const contact = towards(bounce, target, reach);
  return { points: [from, bounce, contact], contact, bounce };
}

/**
 * The first disc the striker (radius R) sweeping along `points` would
 * touch, of `discs` ([{at, …}]): `{index, s}` (s the distance travelled), or
 * null. Used to show that another disc is in the way.
 * @param {Table} T
 * @param {Vec2[]} points
 * @param {{at: Vec2}[]} discs
 * @param {number} [skip] the index of a disc not to count
 * @returns {{index: number, s: number} | null}
 */
export function firstHit(T, points, discs, skip = -1) {
  const reach = T.striker.radius + T.disc.radius;
  let travelled = 0;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i];
    const b = points[i + 1];
    const v = [b[0] - a[0], b[1] - a[1]];
    const len = Math.hypot(v[0], v[1]);
    if (len === 0) continue;
    const u = [v[0] / len, v[1] / len];
    /** @type {{index: number, s: number} | null} */
    let best = null;
    discs.forEach((d, k) => {
      if (k === skip) return;
      const rel = [d.at[0] - a[0], d.at[1] - a[1]];
      const m = rel[0] * u[0] + rel[1] * u[1];
      const e2 = rel[0] * rel[0] + rel[1] * rel[1] - m * m;
      const h2 = reach * reach - e2;
      if (h2 <= 0) return;
      const s = m - Math.sqrt(h2);
      if (s > 1e-9 && s < len - 1e-9 && (!best || s < best.s)) best = { index: k, s: travelled + s };
    });
    if (best) return best;
    travelled += len;
  }
  return null;
}

/**
 * The referee's judgement of the striker's first contact (referee/fouls.rs
 * `read_stroke`), for a player with or without light discs:
 *   kind: 'direct' or 'rebound'; cushion: the cushion touched first (null
 *   for direct), or cushions: every cushion touched before the first disc;
 *   first: {own, dark, zone} of the disc touched first, or null for none;
 *   light: whether the player has a light disc on the table; opposite: the
 *   cushion opposite the player's seat; profile: the profile's settings
 *   (dark_rebound_needs_opposite_cushion, rebound_touching_nothing_is_foul).
 * Returns null for a correct stroke or the foul kind.
 * @param {object} stroke
 * @param {'direct' | 'rebound'} stroke.kind
 * @param {string | null} [stroke.cushion]
 * @param {string[]} [stroke.cushions]
 * @param {{own: boolean, dark: boolean, zone?: string | null} | null} stroke.first
 * @param {boolean} stroke.light
 * @param {string} stroke.opposite
 * @param {Pick<ProfileSettings, 'dark_rebound_needs_opposite_cushion' | 'rebound_touching_nothing_is_foul'>} stroke.profile
 * @returns {string | null}
 */
export function judgeFirstContact({ kind, cushion, cushions, first, light, opposite, profile }) {
  if (kind === 'direct') {
    if (!first) return light ? 'direct_touched_nothing' : 'dark_only_missed_cushion';
    if (!first.own) return 'direct_opponent_first';
    if (first.dark) return 'direct_own_dark';
    return null;
  }
  const offOpposite = cushions ? cushions.includes(opposite) : cushion === opposite;
  if (light) {
    if (!first) return profile.rebound_touching_nothing_is_foul ? 'rebound_touched_nothing' : null;
    if (!first.own) return 'rebound_opponent_first';
    if (profile.dark_rebound_needs_opposite_cushion && !offOpposite && first.dark && first.zone !== 'circle') {
      return 'rebound_dark_without_opposite_cushion';
    }
    return null;
  }
  const circlePlay = first && first.own && first.zone === 'circle';
  return !offOpposite && !circlePlay ? 'dark_only_missed_cushion' : null;
}
