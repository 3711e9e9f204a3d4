// @ts-check
// Whether the stroke being aimed would send its target disc over a pocket
// too fast to fall in (the engine's `pocket_jump_speed`, docs/physics.md):
// the aim guide warns before the player strikes. Straight lines and the
// game's own friction and restitution (state.physics); the server
// simulates the stroke and has the last word. Pure, tested in Node
// (tests/browser/jump.mjs).

import { pocketCentre, POCKETS } from './target.js';

/** @typedef {import('../shared/protocol.js').State} State */

const dot = (/** @type {number[]} */ a, /** @type {number[]} */ b) => a[0] * b[0] + a[1] * b[1];

/**
 * The pocket the target disc would jump, or null: `guide` is the aim
 * guide's answer (shared/guide.js `aimGuide`) for the stroke from `from`
 * at `speed` m/s.
 * @param {State} state
 * @param {{from: number[], to: number[], contact: {kind: string, at?: number[], discDir?: number[], discShare?: number}} | null} guide
 * @param {number} speed
 * @returns {string | null}
 */
export function jumpedPocket(state, guide, speed) {
  const c = guide?.contact;
  if (!c || c.kind !== 'disc' || !c.at || !c.discDir || c.discShare === undefined || !(c.discShare > 0)) return null;
  const T = state.table;
  const ph = state.physics;
  if (!ph || !T) return null;
  const decel = ph.friction * ph.gravity;
  const run = Math.hypot(guide.to[0] - guide.from[0], guide.to[1] - guide.from[1]);
  const atContact = Math.sqrt(Math.max(0, speed * speed - 2 * decel * run));
  // The guide's share is elastic, 2 m1/(m1+m2) of the normal speed; the
  // engine's is (1 + e) m1/(m1+m2).
  const share = (c.discShare * (1 + ph.restitution_striker_disc)) / 2;
  const dir = c.discDir;
  const at = c.at;
  const v = share * atContact;
  const reach = (v * v) / (2 * decel);
  for (const pocket of POCKETS) {
    const centre = pocketCentre(T, pocket);
    const rel = [centre[0] - at[0], centre[1] - at[1]];
    const along = dot(rel, dir);
    if (along <= 0) continue;
    const off = Math.hypot(rel[0] - dir[0] * along, rel[1] - dir[1] * along);
    if (off >= T.pocket_radius) continue;
    // Where the disc's centre first comes over the hole, and its speed there.
    const enter = along - Math.sqrt(T.pocket_radius * T.pocket_radius - off * off);
    if (enter > reach) continue;
    const there = Math.sqrt(Math.max(0, v * v - 2 * decel * Math.max(0, enter)));
    if (there > ph.pocket_jump_speed) return pocket;
  }
  return null;
}
