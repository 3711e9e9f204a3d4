// @ts-check
// The crosstable of a round robin on paper (docs/competitions.md
// "Paper"): a row and a column per entrant in pairing-number order (the
// Berger table's numbers, FIDE Handbook C.05), each cell the row's score
// against the column's from the boards played (sets won:lost; "+"/"−" a
// win or loss without play; in a double round robin the first cycle's
// result first), then the points and place the standings give. Groups
// then knock-out: one crosstable per group, over the group rounds.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';
import { nameOf } from '../competition/view.js';
import { groupLetter } from '../competition/groups.js';
import { pt } from './text.js';
import { sheet, clubOf } from './sheets.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').PairedRound} PairedRound */
/** @typedef {import('../shared/protocol.js').MatchOutcome} MatchOutcome */
/** @typedef {import('../shared/protocol.js').Standings} Standings */

/**
 * A result as the side `mine` of the board scored it: sets (or a team
 * match's board points) for:against, "+" won and "−" lost without play.
 * @param {MatchOutcome} o @param {'first' | 'second'} mine
 */
export function scoreFor(o, mine) {
  if (o.kind === 'sets' || o.kind === 'team') return mine === 'first' ? `${o.first}:${o.second}` : `${o.second}:${o.first}`;
  if (o.kind === 'forfeit') return pt(o.winner === mine ? 'cross.forfeit_won' : 'cross.forfeit_lost');
  // A result without its sets (read from a TRF file): TRF's 1, ½, 0.
  if (o.kind === 'decided') return o.winner === null ? '½' : o.winner === mine ? '1' : '0';
  return pt('cross.forfeit_lost');
}

/**
 * Every result of `a` against `b` in `rounds`, in round order (a board
 * without a result yet is left out).
 * @param {PairedRound[]} rounds @param {number} a @param {number} b
 */
export function resultsBetween(rounds, a, b) {
  /** @type {string[]} */
  const out = [];
  for (const r of rounds) {
    for (const x of r.boards) {
      if (!x.outcome) continue;
      if (x.first === a && x.second === b) out.push(scoreFor(x.outcome, 'first'));
      else if (x.first === b && x.second === a) out.push(scoreFor(x.outcome, 'second'));
    }
  }
  return out;
}

/**
 * One crosstable over `entrants` (in this order) and `rounds`, with the
 * points and places of `standings`.
 * @param {Competition} c @param {number[]} entrants @param {PairedRound[]} rounds @param {Standings | null} standings
 */
function grid(c, entrants, rounds, standings) {
  const th = (/** @type {string} */ t, /** @type {string} */ cls) => el('th', { scope: 'col', class: cls }, t);
  const small = entrants.length > 12 ? ' small' : '';
  return el('table', { class: `paper-table cross-table${small}` },
    el('thead', {}, el('tr', {},
      th(ct('col.no'), 'num'), th(ct('col.name'), 'name'),
      entrants.map((_, i) => th(String(i + 1), 'num cell')),
      th(pt('cross.col.total'), 'num'), th(pt('cross.col.place'), 'num'))),
    el('tbody', {}, entrants.map((a, i) => {
      const row = standings?.rows.find((r) => r.entrant === a);
      const club = clubOf(c, a);
      return el('tr', { 'data-entrant': a },
        el('td', { class: 'num' }, String(i + 1)),
        el('th', { scope: 'row', class: 'name' }, nameOf(c, a), club ? el('span', { class: 'club' }, ` ${club}`) : null),
        entrants.map((b) => (a === b
          ? el('td', { class: 'cell self', 'aria-label': '—' })
          : el('td', { class: 'cell', 'data-row': a, 'data-col': b }, resultsBetween(rounds, a, b).join(' ')))),
        el('td', { class: 'num points' }, row ? String(row.points) : ''),
        el('td', { class: 'num place' }, row ? (row.place.end > row.place.start ? ct('place.shared', { a: row.place.start, b: row.place.end }) : String(row.place.start)) : ''));
    })));
}

/** The group rounds of groups then knock-out: those before the bracket's first. @param {Competition} c */
function groupRounds(c) {
  const first = c.bracket?.ties.reduce((m, t) => Math.min(m, t.round), Infinity) ?? Infinity;
  return Number.isFinite(first) ? c.rounds.slice(0, first - 1) : c.rounds;
}

/** The crosstable sheet: the round robin's, or one per group. @param {Competition} c */
export function crosstableSheet(c) {
  const legend = el('p', { class: 'note' }, pt('cross.legend'));
  if (c.groups) {
    const rounds = groupRounds(c);
    return sheet(c, 'crosstable', pt('cross.heading'), [
      ...c.groups.map((g) => el('section', { class: 'group', 'data-group': groupLetter(g.group) },
        el('h3', {}, pt('cross.group', { letter: groupLetter(g.group) })),
        grid(c, g.entrants, rounds, g.standings))),
      legend,
    ]);
  }
  // Pairing-number order: the numbers the Berger tables pair by.
  const order = c.ranking.length ? c.ranking : c.entrants.map((e) => e.entrant);
  return sheet(c, 'crosstable', pt('cross.heading'), [grid(c, order, c.rounds, c.standings), legend]);
}
