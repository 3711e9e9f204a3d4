// @ts-check
// The game's words in the language in force, and the sentences made from
// the server's typed answers. The words are in locales/en/game.js and
// locales/lv/game.js: a second language is a second table with the same
// ids (a missing id falls back to English), never a rewrite of the code.
// The referee's decisions arrive as typed reasons (docs/formats.md
// "Reasons"), so the sentences here are the client's own; nothing is
// parsed from the server's English `detail` strings.

import { translator } from './lang.js';
import { en } from '../locales/en/game.js';
import { lv } from '../locales/lv/game.js';

export { en, lv };

/** Every table of words, by language (lang.js says which is in force). */
export const LANGUAGES = { en, lv };

/** The text for `id` in the language in force, `{name}` placeholders filled from `params`. */
export const t = translator(LANGUAGES);

/** @param {string} id */
export function has(id) {
  return t.has(id);
}

/**
 * The sentence for one typed reason of a verdict.
 * @param {import('./protocol.js').Reason} r
 */
export function reasonText(r) {
  switch (r.reason) {
    case 'foul': return pick(`foul.${r.kind}`, r.kind);
    case 'turn_passes': return pick(`turn_ends.${r.why}`, r.why);
    case 'won': return pick(`win.${r.how}`, r.how);
    case 'replayed': return pick(`replay.${r.why}`, r.why);
    default: return pick(`reason.${r.reason}`, r.reason, r);
  }
}

/**
 * @param {string} id
 * @param {unknown} what
 * @param {import('./lang.js').Params} [params]
 */
function pick(id, what, params = {}) {
  return has(id) ? t(id, params) : t('reason.unknown', { reason: what });
}

/**
 * An error code from the server (or the client's own) as a sentence.
 * @param {string} code
 */
export function errorText(code) {
  return has(`error.${code}`) ? t(`error.${code}`) : t('error.unknown', { code });
}

/**
 * `000 3.6.2`, `001 Penalty disc •4`: a clause as the rule books name it.
 * @param {import('./protocol.js').RuleRef} ref
 */
export function ruleRef(ref) {
  return `${ref.doc} ${ref.clause}`;
}
