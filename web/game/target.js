// @ts-check
// Aiming at a named target: "disc N into pocket P". The page does not plan
// the stroke itself: it asks the server (POST /api/games/{id}/aim,
// docs/protocol.md "Aiming at a disc"), whose planner is the one the hint's
// strokes are judged by (crates/novuss-ai `target`), so the tool and the
// hint cannot disagree about what is possible; asked with the hint's
// level as the hand, it gives a hinted stroke the hint's own chance. What stays here are the
// pockets' names and centres, which other modules draw with.

import { api, HttpError } from '../shared/net.js';

/** @typedef {import('../shared/protocol.js').Corner} Corner */
/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */
/** @typedef {import('../shared/protocol.js').Aim} Aim */

/** @type {Corner[]} */
export const POCKETS = ['south_west', 'south_east', 'north_east', 'north_west'];

/** Why the server may have no stroke for a disc (target.rs `Reason`). */
export const REASONS = ['gone', 'not_own', 'dark', 'blocked', 'unreachable'];

/** The risks a plan may carry (novuss-ai `target::Warning`). */
export const WARNINGS = ['near_disc', 'jumps', 'scratch', 'foul', 'fast', 'misses'];

/**
 * A pocket's centre: `pocket_inset` from both cushions of its corner (table.rs pocket_centre).
 * @param {{pocket_inset: number, size: number}} table
 * @param {Corner} pocket
 * @returns {Vec2}
 */
export function pocketCentre(table, pocket) {
  const lo = table.pocket_inset;
  const hi = table.size - lo;
  /** @type {Record<Corner, Vec2>} */
  const centres = {
    south_west: [lo, lo], south_east: [hi, lo], north_east: [hi, hi], north_west: [lo, hi],
  };
  return centres[pocket];
}

/**
 * The server's plan, or why there is none.
 * @typedef {({ok: true} & Aim) | {ok: false, why?: string, error?: string}} Plan
 */

/**
 * The server's plan for sending disc `discId` of the player to move into
 * `pocket` ('easiest' or absent: the best pocket), for the position at
 * `state.event`:
 *   { ok: true, disc, pocket, route, cut (rad), chance, tries, warnings, stroke }
 *   { ok: false, why: 'turn' | one of REASONS }
 *   { ok: false, error: code } (stale, busy, network, …: errorText words it)
 * @param {string} gameId
 * @param {import('../shared/protocol.js').State | null} state
 * @param {number} discId
 * @param {string} [pocket]
 * @param {string} [hand] the level whose hand the chance is counted under (absent: a club player's)
 * @returns {Promise<Plan>}
 */
export async function requestPlan(gameId, state, discId, pocket, hand) {
  if (!state?.turn?.region) return { ok: false, why: 'turn' };
  /** @type {import('../shared/protocol.js').AimRequest} */
  const ask = { event: state.event, disc: discId, seat: state.turn.seat };
  if (pocket && pocket !== 'easiest') ask.pocket = /** @type {import('../shared/protocol.js').Corner} */ (pocket);
  if (hand) ask.hand = hand;
  try {
    const answer = await api.aim(gameId, ask);
    if (answer.plan) return { ok: true, ...answer.plan };
    return { ok: false, why: answer.reason ?? 'unreachable' };
  } catch (e) {
    return { ok: false, error: e instanceof HttpError ? e.code : 'unknown' };
  }
}
