// @ts-check
// The series' words (locales/<lang>/series.js over the pages' shared
// ones), and a refusal worded from its code and numbers (docs/protocol.md
// "Series").

import { translator } from '../shared/lang.js';
import { en as pagesEn } from '../locales/en/pages.js';
import { lv as pagesLv } from '../locales/lv/pages.js';
import { en } from '../locales/en/series.js';
import { lv } from '../locales/lv/series.js';
import { refusal as sharedRefusal } from '../shared/pages.js';
import { errorCode } from '../shared/net.js';

/** @typedef {import('../shared/protocol.js').SeriesRefusal} SeriesRefusal */

/** The series' words, and the shared pages' (the header's, the errors') beneath them. */
export const st = translator({ en: { ...pagesEn, ...en }, lv: { ...pagesLv, ...lv } });

/**
 * A refusal in words: the series' own (`refusal`, with its numbers), else
 * the failure's code in the series' or the shared words.
 * @param {unknown} e a failed request (see `post`)
 */
export function refusalText(e) {
  const r = /** @type {{refusal?: SeriesRefusal}} */ (e ?? {}).refusal;
  if (r && typeof r.code === 'string') {
    return st.has(`series.refusal.${r.code}`) ? st(`series.refusal.${r.code}`, { ...r }) : st('series.refusal.unknown', { code: r.code });
  }
  const code = errorCode(e);
  return st.has(`series.error.${code}`) ? st(`series.error.${code}`) : sharedRefusal(code);
}

/** A place, shared as a range. @param {{first: number, last: number}} p */
export function placeText(p) {
  return p.last > p.first ? st('series.place_shared', { a: p.first, b: p.last }) : String(p.first);
}

/**
 * POSTs `body` as JSON; the answer, or throws the failure (with its
 * `code` and, for the series' refusal, its `refusal`).
 * @param {string} path @param {unknown} body
 */
export async function post(path, body) {
  let res;
  try {
    res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw Object.assign(new Error(path), { code: 'network' });
  }
  const answer = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error(path), { code: answer?.code || 'unknown', refusal: answer?.refusal });
  return answer;
}
