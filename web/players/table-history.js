// @ts-check
// A player's real-table rating (docs/protocol.md, "Real-table ratings";
// docs/competitions.md, "Ratings for the real table"): the rating card and
// the history a competition at a time, drawn for table-player.html (a
// player by their id in the pool) and for the "Real table" part of
// player.html (a person with an account, when they have such a rating).

import { translator } from '../shared/lang.js';
import { en } from '../locales/en/players.js';
import { lv } from '../locales/lv/players.js';
import { el, locale } from '../shared/pages.js';
import { ratingText } from './common.js';

/** @typedef {import('../shared/protocol.js').TablePlayer} TablePlayer */
/** @typedef {import('../shared/protocol.js').TableHistoryPoint} TableHistoryPoint */

/** The real-table words in the language in force. */
export const rt = translator({ en, lv });

/** A player's name on the list; a person who deleted their account has none left. @param {{name: string, forgotten?: boolean}} p */
export const standingName = (p) => (p.forgotten ? rt('rt.forgotten') : p.name);

/** The page of real-table player `id` (their id in the pool). @param {string} id */
export function tablePlayerHref(id) {
  return `table-player.html#player=${encodeURIComponent(id)}`;
}

/** A signed whole number: +12, −7, ±0. @param {number} x */
function signed(x) {
  const n = Math.round(x);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

/** Points as a federation writes them: 8.5 as 8½. @param {number} x */
function pointsText(x) {
  const whole = Math.floor(x);
  return x - whole >= 0.5 ? `${whole || ''}½` : String(whole);
}

/**
 * The player's rating now, with its deviation, "?" while provisional,
 * their category, club and licence, and how much made it.
 * @param {TablePlayer} p
 */
export function tableCard(p) {
  const rating = ratingText(p.rating, p.provisional);
  const deviation = String(Math.round(p.deviation));
  const who = [p.category ? rt(`rt.category.${p.category}`) : null, p.club, p.licence].filter(Boolean).join(' · ');
  return el('div', { class: 'rating-card table-rating-card', 'data-player': p.player },
    el('h3', {}, rt('rt.player_heading')),
    el('p', { class: 'rating-figure', 'aria-label': rt('rt.rating_label', { rating, deviation }) + (p.provisional ? ` (${rt('rt.provisional')})` : '') },
      rt('rt.rating', { rating, deviation })),
    who ? el('p', { class: 'muted small' }, who) : null,
    el('p', { class: 'muted small' }, rt('rt.about', { competitions: p.competitions, games: p.games })));
}

/**
 * A competition's day in the page's language (the day is midnight UTC).
 * @param {number} at seconds since 1970
 */
function dayText(at) {
  try {
    return new Intl.DateTimeFormat(locale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(at * 1000));
  } catch {
    return new Date(at * 1000).toISOString().slice(0, 10);
  }
}

/** @param {TableHistoryPoint} h */
function historyRow(h) {
  const change = rt('rt.change', { before: Math.round(h.rating_before), after: Math.round(h.rating), delta: signed(h.rating - h.rating_before) });
  return el('tr', { 'data-competition': h.competition },
    el('td', { class: 'when', 'data-label': rt('rt.col.when') },
      el('time', { datetime: new Date(h.at * 1000).toISOString().slice(0, 10) }, dayText(h.at))),
    el('td', { 'data-label': rt('rt.col.competition') },
      el('a', { href: `competition.html?id=${encodeURIComponent(h.competition)}` }, h.name)),
    el('td', { class: 'num', 'data-label': rt('rt.col.points') }, rt('rt.points', { points: pointsText(h.points), games: h.games })),
    el('td', { class: 'num', 'data-label': rt('rt.col.change') }, change),
    el('td', { class: 'num', 'data-label': rt('rt.col.deviation') }, `± ${Math.round(h.deviation)}`));
}

/**
 * The history, the newest first: a row per rated competition.
 * @param {TablePlayer} p
 */
export function tableHistory(p) {
  const head = ['when', 'competition', 'points', 'change', 'deviation'].map((c) => el('th', { scope: 'col', class: c === 'when' || c === 'competition' ? null : 'num' }, rt(`rt.col.${c}`)));
  return el('table', { class: 'board results table-history' },
    el('caption', { class: 'visually-hidden' }, rt('rt.history_caption')),
    el('thead', {}, el('tr', {}, ...head)),
    el('tbody', {}, ...[...p.history].reverse().map(historyRow)));
}

/**
 * The real-table rating of person `id` (an account here), or `null` when
 * they have none (as the server answers); a failure otherwise.
 * @param {string} id
 * @returns {Promise<TablePlayer | null>}
 */
export async function loadTableOfPerson(id) {
  const res = await fetch(`/api/ratings/tables/people/${encodeURIComponent(id)}`);
  const body = await res.json().catch(() => undefined);
  // `null`: the person has no real-table rating.
  if (res.ok && body === null) return null;
  if (!res.ok || !body || !Array.isArray(body.history)) throw Object.assign(new Error('table rating'), { code: body?.code || 'unknown' });
  return body;
}
