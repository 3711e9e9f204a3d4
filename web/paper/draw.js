// @ts-check
// The draw sheet of a round (docs/competitions.md "Paper"): for the
// hall's wall and the referee's desk, each board's table, the first-named
// (who breaks first, `000` "Starting a game"), the second, and a column
// to write the result in (filled where it is in already); who does not
// play the round under it. A team competition lists each team match with
// its boards: board, table, each team's player, who breaks first.

import { el } from '../shared/pages.js';
import { outcomeText, nameOf } from '../competition/view.js';
import { ct } from '../competitions/text.js';
import { pt } from './text.js';
import { sheet, clubOf, roundName } from './sheets.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').PairedRound} PairedRound */
/** @typedef {import('../shared/protocol.js').TeamsView} TeamsView */

/** @param {string} text @param {string} [cls] */
const th = (text, cls) => el('th', { scope: 'col', class: cls ?? null }, text);

/** An entrant's cell: name, then club in small type. @param {Competition} c @param {number} n */
function person(c, n) {
  const club = clubOf(c, n);
  return el('td', { class: 'name' }, nameOf(c, n), club ? el('span', { class: 'club' }, ` ${club}`) : null);
}

/** A board's table number, or "later" while it waits for one. @param {number | null} t */
function tableCell(t) {
  return el('td', { class: 'num table-no' }, t === null ? pt('draw.no_table') : String(t));
}

/** The boards of a round of players. @param {Competition} c @param {PairedRound} r */
function boardsTable(c, r) {
  return el('table', { class: 'paper-table draw-table' },
    el('thead', {}, el('tr', {},
      th(pt('draw.table'), 'num'), th(ct('col.no'), 'num'), th(pt('draw.first')),
      th(pt('draw.result'), 'result'), th(ct('col.no'), 'num'), th(pt('draw.second')))),
    el('tbody', {}, r.boards.map((b, i) => el('tr', { 'data-board': i + 1 },
      tableCell(b.table),
      el('td', { class: 'num' }, String(b.first)), person(c, b.first),
      el('td', { class: 'result' }, b.outcome ? outcomeText(b.outcome) : ''),
      el('td', { class: 'num' }, String(b.second)), person(c, b.second)))));
}

/** A team's player by roster place, or "nobody" for a board left empty. @param {TeamsView} t @param {number} team @param {number | null} place */
export function rosterName(t, team, place) {
  if (place === null) return pt('draw.empty_board');
  return t.teams.find((x) => x.entrant === team)?.roster[place - 1]?.name ?? `#${place}`;
}

/** The team matches of a round, each with its boards. @param {Competition} c @param {PairedRound} r */
function teamMatches(c, r) {
  const t = /** @type {TeamsView} */ (c.teams);
  const round = t.rounds.find((x) => x.number === r.number);
  if (!round) return [];
  const mark = (/** @type {boolean} */ breaks) => (breaks ? el('span', { class: 'breaks' }, ` ${pt('draw.breaks_mark')}`) : null);
  return [
    ...round.matches.map((m, i) => el('section', { class: 'team-match', 'data-match': i + 1 },
      el('h3', {}, pt('draw.team_match', { n: i + 1, first: nameOf(c, m.first), second: nameOf(c, m.second) })),
      el('table', { class: 'paper-table draw-table' },
        el('thead', {}, el('tr', {}, th(pt('draw.board'), 'num'), th(pt('draw.table'), 'num'),
          th(nameOf(c, m.first)), th(pt('draw.result'), 'result'), th(nameOf(c, m.second)))),
        el('tbody', {}, m.boards.map((b) => el('tr', { 'data-board': b.number },
          el('td', { class: 'num' }, String(b.number)), tableCell(b.table),
          el('td', { class: 'name' }, rosterName(t, m.first, b.first), mark(b.breaks_first === 'first')),
          el('td', { class: 'result' }, b.entered ? outcomeText(b.entered) : ''),
          el('td', { class: 'name' }, rosterName(t, m.second, b.second), mark(b.breaks_first === 'second')))))))),
    round.bye === null ? null : el('p', { class: 'rests' }, pt('draw.team_bye', { team: nameOf(c, round.bye) })),
  ].filter((x) => x !== null);
}

/** The draw sheet of round `r`. @param {Competition} c @param {PairedRound} r */
export function drawSheet(c, r) {
  const waiting = r.boards.some((b) => b.table === null);
  const body = c.teams ? teamMatches(c, r) : [
    boardsTable(c, r),
    waiting ? el('p', { class: 'note' }, pt('draw.later_note')) : null,
    r.rests.length ? el('section', { class: 'rests' },
      el('h3', {}, pt('draw.rests')),
      el('ul', {}, r.rests.map((x) => el('li', { 'data-entrant': x.entrant },
        `${x.entrant} ${nameOf(c, x.entrant)} — `,
        ct(c.setup.system.kind !== 'swiss' && x.bye === 'pairing_allocated' ? 'ko.through' : `bye.${x.bye}`))))) : null,
  ];
  return sheet(c, 'draw', pt('draw.heading', { round: roundName(c, r.number) }), body);
}
