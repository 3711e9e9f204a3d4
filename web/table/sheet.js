// @ts-check
// The table protocol as a phone holds it (docs/competitions.md "At the
// tables"): the server's protocol with the steps this phone made and could
// not send yet laid over it, so that a lost connection loses nothing and
// the page goes on. The rules are the server's (novuss-club's
// competition/protocol.rs); they are repeated here only so far as a phone
// offline must know them: where the format ends a match (`standing`), and
// that a step names its set. The server checks every step again when it
// arrives; what it refuses is taken off and said.

import { needed } from '../competitions/text.js';
import { place } from '../competition/places.js';

/** @typedef {import('../shared/protocol.js').MatchFormat} MatchFormat */
/** @typedef {import('../shared/protocol.js').SetRecord} SetRecord */
/** @typedef {import('../shared/protocol.js').TableProtocol} TableProtocol */
/** @typedef {import('../shared/protocol.js').TableStepKind} TableStepKind */
/** @typedef {import('../competition/places.js').TablePlace} TablePlace */
/** @typedef {'first' | 'second'} Side */
/** A step this phone made, not yet taken by the server: whose, its id, what. @typedef {{by: Side | 'referee', entry: string, step: TableStepKind}} Pending */

/**
 * How a match of `format` stands at `first:second` sets won: its result
 * once over, `null` while it goes on (the server's `MatchFormat::standing`;
 * a drawn set counts for nobody, so it never ends a match by itself).
 * @param {MatchFormat} format @param {number} first @param {number} second
 * @returns {'first' | 'second' | 'drawn' | null}
 */
export function standing(format, first, second) {
  const need = needed(format);
  if (first >= need) return 'first';
  if (second >= need) return 'second';
  if (format.kind === 'sets' && format.sets % 2 === 0 && first + second === format.sets) return 'drawn';
  return null;
}

/**
 * The sets each side won.
 * @param {SetRecord[]} sets @returns {[number, number]}
 */
export function score(sets) {
  let a = 0;
  let b = 0;
  for (const s of sets) {
    if (s.winner === 'first') a += 1;
    else if (s.winner === 'second') b += 1;
  }
  return [a, b];
}

/**
 * Who breaks set `n` (from 1), by the rule: the right to start stays with
 * the table's end while the players change ends after each set (`000`
 * 4.3), so it alternates from `first`, who breaks the first set (the
 * first-named side, except on a team match's even boards). The phone
 * offers it; the players may change it (a replay under `002` 7.1 moves it).
 * @param {number} n @param {Side} [first] @returns {Side}
 */
export function breaker(n, first = 'first') {
  const other = first === 'first' ? 'second' : 'first';
  return n % 2 === 1 ? first : other;
}

/**
 * The protocol as this phone shows it: the server's (`null`: nothing
 * recorded yet) with the steps still to send laid over it, each as the
 * server would take it (a step the server would refuse is left out here
 * and refused there).
 * @param {TableProtocol | null} server @param {TablePlace} at
 * @param {MatchFormat} format @param {Pending[]} pending
 * @returns {TableProtocol}
 */
export function shown(server, at, format, pending) {
  /** @type {TableProtocol} */
  const p = server
    ? { ...server, sets: [...server.sets], confirmed: [...server.confirmed] }
    : { ...place(at), sets: [], score: [0, 0], over: null, confirmed: [], stands: false, link: 0 };
  for (const { by, step } of pending) {
    if (p.stands) break;
    if (step.kind === 'set') {
      if (step.set !== p.sets.length + 1 || p.over) continue;
      p.sets.push(step.record);
      p.confirmed = [];
    } else if (step.kind === 'undo') {
      if (step.set !== p.sets.length || !p.sets.length) continue;
      p.sets.pop();
      p.confirmed = [];
    } else if (p.over && !p.confirmed.includes(by)) {
      p.confirmed.push(by);
    }
    p.score = score(p.sets);
    p.over = standing(format, p.score[0], p.score[1]);
    p.stands = (p.confirmed.includes('first') && p.confirmed.includes('second')) || p.confirmed.includes('referee');
  }
  return p;
}

/**
 * A new id for a step: the phone's own random prefix and a count, so that
 * two phones never make the same one and one phone never makes one twice.
 * @param {string} phone @param {number} n
 */
export function entryId(phone, n) {
  return `${phone}-${n}`;
}

/** A random prefix for this phone's step ids: 12 letters and digits. */
export function phoneId() {
  const bytes = new Uint8Array(9);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, 'x');
}
