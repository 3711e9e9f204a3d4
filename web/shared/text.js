// @ts-check
// The game's words in the language in force, and the sentences made from
// the server's typed answers. The words are in locales/en/game.js and
// locales/lv/game.js: a second language is a second table with the same
// ids (a missing id falls back to English), never a rewrite of the code.
// The referee's decisions arrive as typed reasons (docs/formats.md
// "Reasons"), so the sentences here are the client's own; nothing is
// parsed from the server's English `detail` strings.

import { translator, language } from './lang.js';
import { clauseOf } from './rulelinks.js';
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
 * A clause as it is cited in the language in force: the rule book by its
 * file (`000`, whose title the page gives beside it) and the clause, a
 * number or a heading of the book with its item (in English as the books
 * name them, `000 3.6.2`, `001 Penalty disc •4`; in Latvian
 * `000 3.6.2. p.`, `001 «Soda kauliņš» 4. p.`). A heading this page has no
 * words for is cited as the book names it.
 * @param {import('./protocol.js').RuleRef} ref
 */
export function ruleRef(ref) {
  const c = clauseOf(ref);
  if ('number' in c) return t('rule_ref.numbered', { doc: ref.doc, clause: c.number });
  const id = c.heading === null ? null : `rule_heading.${ref.doc}.${c.heading}`;
  const heading = id && has(id) ? t(id) : c.title;
  if (c.item === null) return t('rule_ref.heading', { doc: ref.doc, heading });
  return t(c.paragraph ? 'rule_ref.paragraph' : 'rule_ref.item', { doc: ref.doc, heading, item: c.item });
}

/**
 * The locale dates are written in: the browser's own (with its region,
 * so a British reader of the English page reads 12 Mar 2025 and an
 * American Mar 12, 2025) when it speaks the page's language, else the
 * page's language.
 */
export function locale() {
  const lang = language();
  const nav = globalThis.navigator?.languages?.length ? navigator.languages : [globalThis.navigator?.language || 'en'];
  const own = nav.find((tag) => String(tag).toLowerCase().split('-')[0] === lang);
  return own || lang;
}

/** @type {Map<string, Intl.DateTimeFormat>} the formats made, by locale */
const dateFormats = new Map();

/**
 * A Unix time (s) as a date and time in the reader's locale (`locale`),
 * by Intl.DateTimeFormat: never a fixed pattern. Anything but a number
 * reads as nothing.
 * @param {unknown} seconds
 */
export function dateTime(seconds) {
  if (typeof seconds !== 'number' || !Number.isFinite(seconds)) return '';
  const tag = locale();
  let format = dateFormats.get(tag);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short' });
    } catch {
      format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    }
    dateFormats.set(tag, format);
  }
  return format.format(new Date(seconds * 1000));
}
