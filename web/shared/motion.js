// @ts-check
// The server's exact motion, evaluated and played back. Nothing here
// simulates: every position is the closed form of a segment the engine
// sent (docs/protocol.md "stroke", docs/physics.md §10).

/** @typedef {import('./protocol.js').Vec2} Vec2 */
/** @typedef {import('./protocol.js').Motion} Motion */
/** @typedef {import('./protocol.js').Fate} Fate */

/**
 * Position on a path at time `t`: the last segment starting at or before
 * `t`, p + v̂ (|v| τ − a τ² / 2) with τ capped at the stop time |v| / a.
 * @param {number[][]} path segments `[t, x, y, vx, vy, a]`
 * @param {number} t
 * @returns {Vec2}
 */
export function positionAt(path, t) {
  let seg = path[0];
  for (let i = 1; i < path.length && path[i][0] <= t; i++) seg = path[i];
  const [t0, x, y, vx, vy, a] = seg;
  const v = Math.hypot(vx, vy);
  if (v === 0) return [x, y];
  let tau = Math.max(0, t - t0);
  if (a > 0) tau = Math.min(tau, v / a);
  const s = v * tau - (a * tau * tau) / 2;
  return [x + (vx / v) * s, y + (vy / v) * s];
}

/**
 * Whether the body is still drawn at `t`: pocketed and off-table ones go at their fate time.
 * @param {Fate | undefined} fate
 * @param {number} t
 */
export function visibleAt(fate, t) {
  if (!fate || fate.state === 'on_table') return true;
  return !(typeof fate.t === 'number' && t >= fate.t);
}

/**
 * Where everything is at `t`: the striker (null once gone) and each moving
 * disc by id (null once gone). Discs not in the motion stay where they were.
 * @param {Motion} motion
 * @param {number} t
 * @returns {{striker: Vec2 | null, discs: Map<number, Vec2 | null>}}
 */
export function frameAt(motion, t) {
  /** @type {Map<number, Vec2 | null>} */
  const discs = new Map();
  /** @type {Vec2 | null} */
  let striker = null;
  motion.bodies.forEach((body, k) => {
    const at = visibleAt(motion.fates?.[k], t) ? positionAt(motion.paths[k], t) : null;
    if (body === null) striker = at;
    else discs.set(body, at);
  });
  return { striker, discs };
}

/**
 * Plays `motion` in real time (times `rate`), calling `onFrame(t)` on every
 * animation frame and `onDone()` once, at the end or on `skip()`. The clock
 * advances by wall time × rate, so changing the rate mid-stroke does not jump.
 * With `lead`, the clock starts at −lead: the caller shows the cue then.
 * With `start`, it starts there instead (a stroke joined while it moves).
 * @param {Motion} motion
 * @param {{rate?: number, lead?: number, start?: number, onFrame: (t: number) => void, onDone: () => void}} options
 */
export function play(motion, { rate = 1, lead = 0, start, onFrame, onDone }) {
  const duration = Math.max(0, motion.duration || 0);
  // A negative clock first: `lead` seconds to show the stroke before it moves.
  let t = start ?? -lead;
  /** @type {number | null} */
  let last = null;
  let done = false;
  let raf = 0;
  const finish = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(raf);
    onFrame(duration);
    onDone();
  };
  /** @param {number} now */
  const tick = (now) => {
    if (done) return;
    if (last !== null) t += (Math.min(now - last, 100) / 1000) * player.rate;
    last = now;
    if (t >= duration) return finish();
    onFrame(t);
    raf = requestAnimationFrame(tick);
  };
  const player = {
    rate,
    get time() { return t; },
    get done() { return done; },
    skip: finish,
    // Stop without calling onDone: a `state` message replaces everything.
    cancel() { done = true; cancelAnimationFrame(raf); },
  };
  onFrame(t);
  raf = requestAnimationFrame(tick);
  return player;
}
