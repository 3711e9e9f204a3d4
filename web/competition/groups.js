// @ts-check
// The groups of groups then knock-out (docs/protocol.md "Competitions",
// `groups`): a table per group, its rows in the group's order (place,
// name, played, match points, sets won and lost), the two who go through
// marked once the groups are complete. No state of its own.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';
import { entryName } from './view.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionGroup} CompetitionGroup */

/** A group's letter: A for the first. @param {number} g */
export function groupLetter(g) {
  return g < 26 ? String.fromCharCode(65 + g) : `${String.fromCharCode(65 + Math.floor(g / 26) - 1)}${String.fromCharCode(65 + (g % 26))}`;
}

/**
 * What an entrant has done in the group's rounds so far: matches played
 * (a result in) and sets won and lost.
 * @param {Competition} c @param {number} entrant @param {number} stage the group rounds
 */
function record(c, entrant, stage) {
  let played = 0; let won = 0; let lost = 0;
  for (const r of c.rounds.slice(0, stage)) {
    for (const b of r.boards) {
      const first = b.first === entrant;
      if (!first && b.second !== entrant) continue;
      if (!b.outcome) continue;
      played++;
      if (b.outcome.kind === 'sets') {
        won += first ? b.outcome.first : b.outcome.second;
        lost += first ? b.outcome.second : b.outcome.first;
      }
    }
  }
  return { played, won, lost };
}

/** The group stage's rounds: every round before the knock-out's first. @param {Competition} c */
function stageRounds(c) {
  const first = c.bracket?.ties.reduce((m, t) => Math.min(m, t.round), Infinity);
  return Number.isFinite(first) ? /** @type {number} */ (first) - 1 : c.rounds.length;
}

/** One group's table. @param {Competition} c @param {CompetitionGroup} g @param {number} stage */
function groupTable(c, g, stage) {
  const letter = groupLetter(g.group);
  const drawn = !!c.bracket;
  const through = new Set(drawn ? c.bracket?.seeds : []);
  const rows = g.standings.rows.map((row) => {
    const e = c.entrants.find((x) => x.entrant === row.entrant);
    const r = record(c, row.entrant, stage);
    const start = row.place.start; const end = row.place.end;
    const goes = through.has(row.entrant);
    return el('tr', { class: goes ? 'through' : '', 'data-entrant': row.entrant },
      el('td', { class: 'num', 'data-label': ct('col.place') }, start === end ? String(start) : `${start}–${end}`),
      el('td', { class: 'names', 'data-label': ct('col.name') }, e ? entryName(e.entry) : `#${row.entrant}`,
        goes ? el('span', { class: 'through-mark muted small' }, ` · ${ct('groups.through')}`) : null),
      el('td', { class: 'num', 'data-label': ct('groups.col.played') }, String(r.played)),
      el('td', { class: 'num', 'data-label': ct('col.points') }, String(row.points)),
      el('td', { class: 'num', 'data-label': ct('groups.col.sets') }, `${r.won}:${r.lost}`));
  });
  return el('section', { class: 'group', 'data-group': letter, 'aria-labelledby': `group-${letter}` },
    el('h3', { id: `group-${letter}` }, ct('groups.name', { letter })),
    el('table', { class: 'comp-table group-table' },
      el('caption', { class: 'visually-hidden' }, ct('groups.caption', { letter })),
      el('thead', {}, el('tr', {},
        el('th', { scope: 'col', class: 'num' }, ct('col.place')),
        el('th', { scope: 'col' }, ct('col.name')),
        el('th', { scope: 'col', class: 'num' }, ct('groups.col.played')),
        el('th', { scope: 'col', class: 'num' }, ct('col.points')),
        el('th', { scope: 'col', class: 'num' }, ct('groups.col.sets')))),
      el('tbody', {}, rows)));
}

/** Every group's table; `null` for other systems. @param {Competition} c */
export function groupsView(c) {
  if (!c.groups) return null;
  const stage = stageRounds(c);
  return el('div', { class: 'groups' }, c.groups.map((g) => groupTable(c, g, stage)));
}
