// @ts-check
// The standings as the server ranks them (docs/standings.md): match
// points, then the competition's tie-breaks in the organiser's order,
// computed as FIDE's tie-break regulations (C.07) define them; the page
// only words and lays them out. Places shared by entrants still tied
// after every tie-break read "3–4".

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').TieBreak} TieBreak */
/** @typedef {import('../shared/protocol.js').TieBreakValue} TieBreakValue */

/** A tie-break's value as a cell's text. @param {TieBreakValue} v */
export function valueText(v) {
  if ('set_ratio' in v) return `${v.set_ratio.won}:${v.set_ratio.lost}`;
  if ('rating' in v) return v.rating === null ? '' : String(v.rating);
  if ('points' in v) return String(v.points);
  if ('point_products' in v) return String(v.point_products);
  if ('count' in v) return String(v.count);
  return String(v.rank);
}

/** The head's cells: place, number, name, points, then each tie-break. @param {TieBreak[]} tiebreaks */
export function standingHead(tiebreaks) {
  return el('tr', {},
    el('th', { scope: 'col', class: 'num' }, ct('col.place')),
    el('th', { scope: 'col', class: 'num' }, ct('col.no')),
    el('th', { scope: 'col' }, ct('col.name')),
    el('th', { scope: 'col', class: 'num' }, ct('col.points')),
    tiebreaks.map((t) => el('th', { scope: 'col', class: 'num', 'data-tiebreak': t },
      el('abbr', { title: ct(`tiebreak.${t}.long`) }, ct(`tiebreak.${t}`)))));
}

/** The rows, best first. @param {Competition} c @param {(c: Competition, e: number) => string} nameOf */
export function standingRows(c, nameOf) {
  const s = c.standings;
  if (!s) return [];
  return s.rows.map((r) => el('tr', { 'data-entrant': r.entrant },
    el('td', { class: 'num place' }, r.place.end > r.place.start ? ct('place.shared', { a: r.place.start, b: r.place.end }) : String(r.place.start)),
    el('td', { class: 'num' }, String(r.entrant)),
    el('td', { class: 'names' }, nameOf(c, r.entrant)),
    el('td', { class: 'num points' }, String(r.points)),
    r.values.map((v, i) => el('td', { class: 'num', 'data-tiebreak': s.tiebreaks[i] }, valueText(v)))));
}
