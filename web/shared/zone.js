// Seat frames and the two checks a player sees while making a stroke:
// where the striker may stand and which ways the cue may point. The server
// checks both again and has the final word; these only keep the player from
// sending a stroke that would be refused, and colour the striker and cue.

// The table seen from a seat (crates/novuss-core/src/rules/zone.rs SeatFrame):
// `along` runs along the seat's cushion from the player's left-hand corner,
// `depth` from that cushion into the table.
const INWARD = { south: [0, 1], north: [0, -1], east: [-1, 0], west: [1, 0] };

export const SEATS = ['south', 'east', 'north', 'west'];

export function seatFrame(seat, size = 1) {
  const n = INWARD[seat] || INWARD.south;
  const r = [n[1], -n[0]]; // towards the player's right
  // The near left corner: where along and depth are both 0.
  const o = [size / 2 - (n[0] + r[0]) * size / 2, size / 2 - (n[1] + r[1]) * size / 2];
  return {
    seat, size, inward: n, right: r, origin: o,
    along: (p) => (p[0] - o[0]) * r[0] + (p[1] - o[1]) * r[1],
    depth: (p) => (p[0] - o[0]) * n[0] + (p[1] - o[1]) * n[1],
    local(p) { return [this.along(p), this.depth(p)]; },
    world: (a, d) => [o[0] + r[0] * a + n[0] * d, o[1] + r[1] * a + n[1] * d],
    localDir: (v) => [v[0] * r[0] + v[1] * r[1], v[0] * n[0] + v[1] * n[1]],
    worldDir: (a, d) => [r[0] * a + n[0] * d, r[1] * a + n[1] * d],
  };
}

// How far inside the region's (partly open) bounds a dragged or stepped
// striker is kept: like core's PLACEMENT_MARGIN (1e-9 m), far above
// rounding and far below anything a player could see.
const MARGIN = 2e-9;

export function discsOnTable(state) {
  return (state?.set?.discs || []).filter((d) => d.at);
}

/**
 * Why the striker may not stand at `p` for the player to stroke, or null.
 * `turn.region` is the rectangle min–max minus a circle of radius `clear`
 * around every disc (`000` 1.6–1.7, 1.14; docs/protocol.md "The state").
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

/** `p` moved into the region's rectangle (discs ignored). */
export function clampToRegion(state, p) {
  const reg = state.turn.region;
  return [0, 1].map((k) => Math.min(Math.max(p[k], reg.min[k] + MARGIN), reg.max[k] - MARGIN));
}

/**
 * The legal spot nearest `wanted`: clamped into the rectangle, then, if a
 * disc is in the way, the nearest free point found on rings of growing
 * radius. Good enough for a default spot and keyboard steps; dragging shows
 * the illegal spot in red instead of jumping.
 */
export function nearestLegal(state, wanted) {
  const c = clampToRegion(state, wanted);
  if (!placementProblem(state, c)) return c;
  for (let r = 0.001; r < 0.5; r += 0.001) {
    const n = Math.max(8, Math.ceil((2 * Math.PI * r) / 0.001));
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

/** A default legal spot: the middle of the edge zone, half way in. */
export function defaultPlacement(state) {
  const reg = state.turn?.region;
  if (!reg) return null; // no room at all: only on tables whose zones leave none
  return nearestLegal(state, [(reg.min[0] + reg.max[0]) / 2, (reg.min[1] + reg.max[1]) / 2]);
}

/**
 * Why the cue may not push the striker at `p` in direction `dir`, or null.
 * `000` 1.15: the cue rests only from corner to corner on the near edge, so
 * the direction points away from the own cushion and the cue's line,
 * followed back from the striker's centre, meets that cushion strictly
 * between its corners (zone.rs check_aim, in the seat's frame).
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
 */
export function aimRange(seat, size, p) {
  const [a, d] = seatFrame(seat, size).local(p);
  return d > 0 ? [Math.atan2(d, a), Math.atan2(d, a - size)] : [0, Math.PI];
}

export function angleOf(seat, size, dir) {
  const [a, d] = seatFrame(seat, size).localDir(dir);
  return Math.atan2(d, a);
}

export function dirAt(seat, size, angle) {
  return seatFrame(seat, size).worldDir(Math.cos(angle), Math.sin(angle));
}

/** `dir` turned into the legal range (kept a small margin inside it). */
export function clampAim(seat, size, p, dir) {
  const [lo, hi] = aimRange(seat, size, p);
  const m = Math.min(1e-4, (hi - lo) / 2);
  let ang = angleOf(seat, size, dir);
  if (ang < -Math.PI / 2) ang += 2 * Math.PI; // behind, on the right: nearer hi
  return dirAt(seat, size, Math.min(Math.max(ang, lo + m), hi - m));
}
