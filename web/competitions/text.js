// @ts-check
// What the competitions' list and one competition's page share: their
// words (locales/<lang>/competitions.js over the pages' shared ones), the
// set-up in words, the scores a match format can end at, and a refusal
// worded from its code and numbers (docs/protocol.md "Competitions").

import { translator } from '../shared/lang.js';
import { en as pagesEn } from '../locales/en/pages.js';
import { lv as pagesLv } from '../locales/lv/pages.js';
import { en } from '../locales/en/competitions.js';
import { lv } from '../locales/lv/competitions.js';
import { en as tableEn } from '../locales/en/table.js';
import { lv as tableLv } from '../locales/lv/table.js';
import { refusal as sharedRefusal } from '../shared/pages.js';
import { locale } from '../shared/text.js';
import { errorCode } from '../shared/net.js';

/** @typedef {import('../shared/protocol.js').CompetitionSetup} CompetitionSetup */
/** @typedef {import('../shared/protocol.js').MatchFormat} MatchFormat */
/** @typedef {import('../shared/protocol.js').CompetitionRefusal} CompetitionRefusal */

/** The competitions' words with the tables' (locales/<lang>/table.js), and the shared pages' (the header's, the errors') beneath them. */
export const ct = translator({ en: { ...pagesEn, ...en, ...tableEn }, lv: { ...pagesLv, ...lv, ...tableLv } });

/** How rounds are paired, in words. @param {CompetitionSetup['system']} s */
export function systemText(s) {
  if (s.kind === 'swiss') return ct('system.swiss', { rounds: s.rounds });
  if (s.kind === 'knockout') return ct(s.third_place ? 'system.knockout_third' : 'system.knockout');
  if (s.kind === 'double_elimination') return ct(s.reset ? 'system.double_elimination_reset' : 'system.double_elimination');
  if (s.kind === 'groups_then_knockout') {
    return ct(s.third_place ? 'system.groups_third' : 'system.groups', { groups: s.groups })
      + (s.cycles === 'double' ? ` · ${ct('system.groups_double')}` : '');
  }
  return ct(s.cycles === 'double' ? 'system.double' : 'system.single');
}

/** A link to the page of the club named `name`. @param {string} name */
export function clubLink(name) {
  const a = document.createElement('a');
  a.href = `club.html?name=${encodeURIComponent(name)}`;
  a.textContent = name;
  return a;
}

/** A match format in words. @param {MatchFormat} f */
export function formatText(f) {
  return ct(`format.${f.kind}`, { n: f.sets });
}

/** A day `YYYY-MM-DD` in the reader's locale (the day itself, whatever the time zone). @param {string} day */
function dayText(day) {
  const [y, m, d] = day.split('-').map(Number);
  try {
    return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
  } catch {
    return day;
  }
}

/** A competition's days in words. @param {CompetitionSetup} s */
export function daysText(s) {
  const a = s.starts ?? s.ends;
  const b = s.ends ?? s.starts;
  if (!a || !b) return ct('nowhere');
  return a === b ? ct('days.one', { a: dayText(a) }) : ct('days.two', { a: dayText(a), b: dayText(b) });
}

/** Where and when, as far as the set-up says (nothing when it says neither). @param {CompetitionSetup} s */
export function whereText(s) {
  return [s.venue, s.starts || s.ends ? daysText(s) : null].filter(Boolean).join(' · ');
}

/** The whole set-up in one line. @param {CompetitionSetup} s */
export function setupText(s) {
  return [s.teams ? ct('teams.setup', { boards: s.teams.boards }) : null, s.doubles ? ct('pairs.setup') : null,
    systemText(s.system), formatText(s.format),
    ct('points', { win: s.points.win, draw: s.points.draw, loss: s.points.loss }),
    s.play?.kind === 'online' ? ct('play.online') : ct('tables_n', { n: s.tables }),
    ct(s.rated ? 'rated' : 'unrated')].filter(Boolean).join(' · ');
}

/** Sets a side needs to win a match of format `f`. @param {MatchFormat} f */
export function needed(f) {
  if (f.kind === 'sets') return Math.floor(f.sets / 2) + 1;
  if (f.kind === 'best_of') return Math.ceil(f.sets / 2);
  return f.sets;
}

/**
 * The scores a match of format `f` can end at, the first side's win first:
 * a side wins once it has won more than half (a fixed number of sets: the
 * match stops there), and a draw only in a fixed, even number of sets.
 * @param {MatchFormat} f
 * @returns {[number, number][]}
 */
export function finalScores(f) {
  const win = needed(f);
  // The loser's most sets: what is left of a fixed number, else one short of winning.
  const most = f.kind === 'sets' ? Math.min(f.sets - win, win - 1) : win - 1;
  /** @type {[number, number][]} */
  const out = [];
  for (let l = 0; l <= most; l++) out.push([win, l]);
  if (f.kind === 'sets' && f.sets % 2 === 0) out.push([f.sets / 2, f.sets / 2]);
  for (let l = most; l >= 0; l--) out.push([l, win]);
  return out;
}

/**
 * A refusal in words: the competition's own (`refusal`, with its numbers),
 * else the failure's code in the competitions' or the shared words.
 * `format` words a score refused for it.
 * @param {unknown} e a failed request (see `post`)
 * @param {MatchFormat} [format]
 */
export function refusalText(e, format) {
  const r = /** @type {{refusal?: CompetitionRefusal}} */ (e ?? {}).refusal;
  if (r && typeof r.code === 'string') {
    const n = /** @type {Record<string, unknown>} */ (r);
    if (r.code === 'score') return scoreRefusal(Number(n.first), Number(n.second), Number(n.needed), format);
    if (r.code === 'points' && n.points && typeof n.points === 'object') return ct('refusal.points', /** @type {Record<string, unknown>} */ (n.points));
    if (r.code === 'draws_in_knockout' && n.format && typeof n.format === 'object') return ct('refusal.draws_in_knockout', { format: formatText(/** @type {MatchFormat} */ (n.format)) });
    const params = { ...n };
    if (typeof n.field === 'string') params.field = ct.has(`field.${n.field}`) ? ct(`field.${n.field}`) : n.field;
    return ct.has(`refusal.${r.code}`) ? ct(`refusal.${r.code}`, params) : ct('refusal.unknown', { code: r.code });
  }
  const code = errorCode(e);
  return ct.has(`error.${code}`) ? ct(`error.${code}`) : sharedRefusal(code);
}

/**
 * Why `first:second` is not the end of a match: past it, more sets than
 * the format has, or not over yet.
 * @param {number} first @param {number} second @param {number} need
 * @param {MatchFormat} [format]
 */
function scoreRefusal(first, second, need, format) {
  const params = { first, second, needed: need };
  const top = Math.max(first, second);
  if (top > need || (first === need && second === need)) return ct('refusal.score.past_the_end', params);
  if (format?.kind === 'sets' && first + second > format.sets) return ct('refusal.score.too_many', { ...params, sets: format.sets });
  if (format?.kind === 'sets' && format.sets % 2 === 0) return ct('refusal.score.not_over_draw', { ...params, half: format.sets / 2 });
  return ct('refusal.score.not_over', params);
}

/**
 * POSTs `body` as JSON; the answer, or throws the failure (with its
 * `code` and, for a competition's refusal, its `refusal`).
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
