// @ts-check
// The final results on paper (docs/competitions.md "Paper"): place, name,
// club and points, as the server ranks them: by match points and
// tie-breaks, a knock-out's and a double elimination's by how far each
// went (docs/standings.md). A team competition lists its teams by the
// team standings. Printed before the end, it says the places are so far.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';
import { nameOf } from '../competition/view.js';
import { pt } from './text.js';
import { sheet, clubOf } from './sheets.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */

/** @param {string} text @param {string} [cls] */
const th = (text, cls) => el('th', { scope: 'col', class: cls ?? null }, text);

/** A place, or a shared one "3–4". @param {number} a @param {number} b */
const place = (a, b) => (b > a ? ct('place.shared', { a, b }) : String(a));

/** The rows: teams by the team standings, players by the standings. @param {Competition} c */
function rows(c) {
  if (c.teams) {
    return c.teams.standings.map((r) => el('tr', { 'data-entrant': r.team },
      el('td', { class: 'num place' }, place(r.place.first, r.place.last)),
      el('td', { class: 'name' }, nameOf(c, r.team)),
      el('td', {}, clubOf(c, r.team)),
      el('td', { class: 'num points' }, String(r.match_points))));
  }
  return (c.standings?.rows ?? []).map((r) => el('tr', { 'data-entrant': r.entrant },
    el('td', { class: 'num place' }, place(r.place.start, r.place.end)),
    el('td', { class: 'name' }, nameOf(c, r.entrant)),
    el('td', {}, clubOf(c, r.entrant)),
    el('td', { class: 'num points' }, String(r.points))));
}

/** The final results sheet. @param {Competition} c */
export function finalSheet(c) {
  return sheet(c, 'final', pt('final.heading'), [
    c.finished ? null : el('p', { class: 'warning' }, pt('final.unfinished', { round: c.rounds.length, count: c.round_count })),
    el('table', { class: 'paper-table final-table' },
      el('thead', {}, el('tr', {}, th(ct('col.place'), 'num'), th(c.teams ? ct('teams.col.team') : ct('col.name')),
        th(ct('col.club')), th(c.teams ? pt('final.team_points') : ct('col.points'), 'num'))),
      el('tbody', {}, rows(c))),
  ]);
}
