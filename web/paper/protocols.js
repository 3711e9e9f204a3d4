// @ts-check
// The table protocols of a round (docs/competitions.md "Paper"): one per
// match, filled in at the table by the players and the referee: the
// competition, round, table and board, both players, the set grid (as
// many rows as the match format can have sets, each with who breaks in
// it, a box per player to tick the set's winner, and the score after it),
// the result, the winner, and the signatures of both players and the
// referee. Two fit on an A4 page. A team competition has one per board of
// each team match, its teams named on it.

import { el } from '../shared/pages.js';
import { formatText, ct } from '../competitions/text.js';
import { outcomeText, nameOf } from '../competition/view.js';
import { pt } from './text.js';
import { clubOf, roundName, mostSets, breaker } from './sheets.js';
import { rosterName } from './draw.js';
import { penaltyText } from '../competition/conduct.js';
import { samePlace } from '../competition/places.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').PairedRound} PairedRound */
/** @typedef {import('../shared/protocol.js').MatchOutcome} MatchOutcome */
/** @typedef {import('../shared/protocol.js').TeamsView} TeamsView */
/** @typedef {import('../competition/places.js').TablePlace} TablePlace */

/**
 * One side of a match on a protocol: the entrant's number (none for a
 * team's player), name and club or team.
 * @typedef {{no: number | null, name: string, club: string}} Side
 */

/**
 * What one protocol shows.
 * @typedef {object} Match
 * @property {string} round the round's name
 * @property {number | null} table
 * @property {number} board its number in the round, or in the team match (the words differ in Latvian: "pāris", "numurs")
 * @property {string | null} teams a team match's two teams, else null
 * @property {Side} first
 * @property {Side} second
 * @property {'first' | 'second'} opener who breaks in the first set
 * @property {MatchOutcome | null} outcome the result, when it is in already
 * @property {number} number the round's number
 * @property {TablePlace} at where it is played: its round, team match and board
 */

/** A blank to write in. @param {string} [cls] */
const blank = (cls) => el('span', { class: `blank${cls ? ` ${cls}` : ''}` });

/** A side's name line. @param {Side} s @param {string} cls */
function sideBox(s, cls) {
  return el('div', { class: `side ${cls}` },
    s.no === null ? null : el('span', { class: 'no' }, String(s.no)),
    el('span', { class: 'pname' }, s.name),
    s.club ? el('span', { class: 'club' }, s.club) : null);
}

/** The set grid: a row per set the format can have. @param {Competition} c @param {Match} m */
function setGrid(c, m) {
  const sets = mostSets(c.setup.format);
  const opener = m.opener === 'first' ? m.first : m.second;
  const other = m.opener === 'first' ? m.second : m.first;
  const th = (/** @type {string} */ t, /** @type {string} */ cls) => el('th', { scope: 'col', class: cls }, t);
  return el('table', { class: 'set-grid' },
    el('thead', {},
      el('tr', {}, th(pt('protocol.set'), 'num'), th(pt('protocol.breaks'), 'breaks'),
        el('th', { scope: 'colgroup', colspan: 2, class: 'won' }, pt('protocol.won')), th(pt('protocol.score'), 'score')),
      el('tr', { class: 'sub' }, el('td'), el('td'),
        el('th', { scope: 'col', class: 'tick-head' }, m.first.name),
        el('th', { scope: 'col', class: 'tick-head' }, m.second.name), el('td'))),
    el('tbody', {}, Array.from({ length: sets }, (_, i) => el('tr', { 'data-set': i + 1 },
      el('td', { class: 'num' }, String(i + 1)),
      el('td', { class: 'breaks' }, (breaker(i + 1) === 'opener' ? opener : other).name),
      el('td', { class: 'tick' }, el('span', { class: 'box' })),
      el('td', { class: 'tick' }, el('span', { class: 'box' })),
      el('td', { class: 'score' }, blank('short'), ' : ', blank('short'))))));
}

/** One protocol. @param {Competition} c @param {Match} m */
function protocol(c, m) {
  const sets = mostSets(c.setup.format);
  const result = m.outcome ? outcomeText(m.outcome) : null;
  return el('article', { class: `protocol${sets > 7 ? ' tall' : ''}`, 'data-board': m.board, 'data-table': m.table ?? '' },
    el('header', { class: 'protocol-head' },
      el('div', {},
        el('p', { class: 'protocol-kind' }, pt('protocol.heading')),
        el('p', { class: 'protocol-comp' }, c.setup.name),
        el('p', { class: 'protocol-round' }, [m.round, m.teams, m.teams ? pt('protocol.board', { n: m.board }) : ct('board.label', { n: m.board }), pt('protocol.format', { format: formatText(c.setup.format) })].filter(Boolean).join(' · '))),
      el('p', { class: 'protocol-table' }, m.table === null ? pt('protocol.no_table') : pt('protocol.table', { n: m.table }))),
    el('div', { class: 'sides' }, sideBox(m.first, 'first'), el('span', { class: 'dash' }, '–'), sideBox(m.second, 'second')),
    setGrid(c, m),
    el('div', { class: 'protocol-result' },
      el('p', {}, el('span', { class: 'label' }, pt('protocol.result')), ' ',
        result ? el('span', { class: 'filled' }, result) : [el('span', { class: 'box wide' }), ' : ', el('span', { class: 'box wide' })]),
      el('p', {}, el('span', { class: 'label' }, pt('protocol.winner')), ' ', blank('long'))),
    penaltiesOf(c, m),
    el('div', { class: 'signatures' },
      el('p', {}, blank('sign'), el('span', { class: 'label' }, `${pt('protocol.sign')}: ${m.first.name}`)),
      el('p', {}, blank('sign'), el('span', { class: 'label' }, `${pt('protocol.sign')}: ${m.second.name}`)),
      el('p', {}, blank('sign'), el('span', { class: 'label' }, pt('protocol.referee')))),
    el('p', { class: 'protocol-how' }, pt(m.teams ? 'protocol.how_team' : 'protocol.how')));
}

/**
 * The conduct penalties recorded on a match so far, in force (`000` 1.28),
 * printed above the signatures; none: nothing. A team board's are those
 * given on that board of that team match.
 * @param {Competition} c @param {Match} m
 */
function penaltiesOf(c, m) {
  const here = (c.penalties ?? []).filter((p) => samePlace(p, m.at) && !p.taken_back);
  if (!here.length) return null;
  return el('p', { class: 'protocol-penalties' }, el('span', { class: 'label' }, pt('protocol.penalties')), ' ',
    here.map((p) => penaltyText(c, p)).join('; '));
}

/** The matches of a round of players. @param {Competition} c @param {PairedRound} r @returns {Match[]} */
function playerMatches(c, r) {
  const side = (/** @type {number} */ n) => ({ no: n, name: nameOf(c, n), club: clubOf(c, n) });
  return r.boards.map((b, i) => ({
    round: roundName(c, r.number), table: b.table, board: i + 1, teams: null,
    first: side(b.first), second: side(b.second), opener: 'first', outcome: b.outcome, number: r.number,
    at: { round: r.number, board: i + 1 },
  }));
}

/** The boards of a round's team matches, each a match of two players. @param {Competition} c @param {PairedRound} r @returns {Match[]} */
function teamBoards(c, r) {
  const t = /** @type {TeamsView} */ (c.teams);
  const round = t.rounds.find((x) => x.number === r.number);
  if (!round) return [];
  return round.matches.flatMap((m, i) => m.boards.map((b) => ({
    round: `${roundName(c, r.number)} · ${ct('teams.match', { n: i + 1 })}`,
    table: b.table, board: b.number,
    teams: pt('protocol.team_match', { first: nameOf(c, m.first), second: nameOf(c, m.second) }),
    first: { no: null, name: rosterName(t, m.first, b.first), club: nameOf(c, m.first) },
    second: { no: null, name: rosterName(t, m.second, b.second), club: nameOf(c, m.second) },
    opener: b.breaks_first, outcome: b.entered, number: r.number,
    at: { round: r.number, team_match: i + 1, board: b.number },
  })));
}

/** The protocols of round `r`, two to a page; each carries its own head, so the sheet has none. @param {Competition} c @param {PairedRound} r */
export function protocolsSheet(c, r) {
  const matches = c.teams ? teamBoards(c, r) : playerMatches(c, r);
  return el('section', { class: 'sheet sheet-protocols', 'data-sheet': 'protocols' },
    el('h2', { class: 'visually-hidden' }, `${pt('sheet.protocols')} · ${roundName(c, r.number)}`),
    matches.map((m) => protocol(c, m)));
}
