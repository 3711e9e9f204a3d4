// @ts-check
// A competition's big screen (competition-screen.html?id=…), for a
// projector in the hall: large type, no controls, never scrolled. It
// shows in turn the current round's boards by table and the standings
// (before the first round, the entrants), a page at a time, each for
// `every` seconds (`&every=N` in the address, 3 to 120; 15 by default).
// It follows the competition live like its page (live.js): a result
// appears on the board it belongs to, lit for a few seconds, without
// waiting for its turn in the rotation to change the data.

import { fillTexts, onLanguage } from '../shared/lang.js';
import { el } from '../shared/pages.js';
import { ct, whereText } from '../competitions/text.js';
import { entryName, nameOf, outcomeText } from './view.js';
import { valueText } from './standings.js';
import { followCompetition, newResults } from './live.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {{kind: 'round' | 'standings' | 'entrants', page: number, pages: number}} Slide */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const query = new URLSearchParams(location.search);
const id = query.get('id') ?? '';
const every = Math.min(120, Math.max(3, Number(query.get('every')) || 15));
// The rows that fit under the heading at the sizes of screen.css.
const ROWS = 14;
// How long a result that just came stays lit.
const FRESH_MS = 8_000;
// The tie-breaks shown beside the points: the first two decide most ties.
const TIEBREAKS_SHOWN = 2;

const screen = {
  /** @type {Competition | null} */ competition: null,
  connected: false,
  /** The slide shown, as an index into `slides()`. */ at: 0,
  /** When each board's result came, by `round:board`. @type {Map<string, number>} */ fresh: new Map(),
};

/** The slides of `c`: the current round's pages, then the standings'. @param {Competition} c @returns {Slide[]} */
function slides(c) {
  const pages = (/** @type {number} */ n) => Math.max(1, Math.ceil(n / ROWS));
  /** @type {Slide[]} */
  const out = [];
  const round = c.rounds[c.rounds.length - 1];
  if (!round) {
    const n = pages(c.entrants.length);
    for (let p = 0; p < n; p++) out.push({ kind: 'entrants', page: p, pages: n });
    return out;
  }
  const b = pages(round.boards.length);
  for (let p = 0; p < b; p++) out.push({ kind: 'round', page: p, pages: b });
  // A team competition shows its team standings (teams.js).
  const s = pages(c.teams ? c.teams.standings.length : c.standings?.rows.length ?? 0);
  if (c.standings || c.teams) for (let p = 0; p < s; p++) out.push({ kind: 'standings', page: p, pages: s });
  return out;
}

/** An entrant's club, or nothing. @param {Competition} c @param {number} n */
const clubOf = (c, n) => c.entrants.find((e) => e.entrant === n)?.entry.club ?? '';

/** @param {string} text @param {string} [cls] */
const th = (text, cls) => el('th', { scope: 'col', class: cls ?? null }, text);

/** The current round's boards `page`. @param {Competition} c @param {number} page */
function roundRows(c, page) {
  const r = c.rounds[c.rounds.length - 1];
  const now = Date.now();
  $('slide-head').replaceChildren(el('tr', {}, th(ct('screen.table'), 'num'), th(ct('col.no'), 'num'), th(ct('col.name')),
    th(ct('screen.result'), 'result'), th(ct('col.name')), th(ct('col.no'), 'num')));
  return r.boards.slice(page * ROWS, (page + 1) * ROWS).map((b, k) => {
    const i = page * ROWS + k;
    const came = screen.fresh.get(`${r.number}:${i + 1}`);
    return el('tr', { 'data-board': i + 1, class: came && now - came < FRESH_MS ? 'fresh' : null },
      el('td', { class: 'num' }, b.table === null ? '–' : String(b.table)),
      el('td', { class: 'num' }, String(b.first)),
      el('td', {}, nameOf(c, b.first), ' ', el('span', { class: 'club' }, clubOf(c, b.first))),
      el('td', { class: b.outcome ? 'result' : 'result pending' }, b.outcome ? outcomeText(b.outcome) : ct(b.table === null ? 'board.waiting' : 'board.playing')),
      el('td', {}, nameOf(c, b.second), ' ', el('span', { class: 'club' }, clubOf(c, b.second))),
      el('td', { class: 'num' }, String(b.second)));
  });
}

/** The standings' `page`. @param {Competition} c @param {number} page */
function standingRows(c, page) {
  if (c.teams) return teamRows(c, c.teams, page);
  const s = /** @type {NonNullable<Competition['standings']>} */ (c.standings);
  const shown = s.tiebreaks.slice(0, TIEBREAKS_SHOWN);
  $('slide-head').replaceChildren(el('tr', {}, th(ct('col.place'), 'num'), th(ct('col.name')), th(ct('col.club')),
    th(ct('col.points'), 'num'), shown.map((t) => th(ct(`tiebreak.${t}`), 'num'))));
  return s.rows.slice(page * ROWS, (page + 1) * ROWS).map((row) => el('tr', { 'data-entrant': row.entrant },
    el('td', { class: 'num' }, row.place.end > row.place.start ? ct('place.shared', { a: row.place.start, b: row.place.end }) : String(row.place.start)),
    el('td', {}, nameOf(c, row.entrant)),
    el('td', { class: 'club' }, clubOf(c, row.entrant)),
    el('td', { class: 'num points' }, String(row.points)),
    row.values.slice(0, TIEBREAKS_SHOWN).map((v) => el('td', { class: 'num' }, valueText(v)))));
}

/**
 * The team standings' `page`: place, team, club, team match points,
 * board points won:lost.
 * @param {Competition} c @param {import('../shared/protocol.js').TeamsView} t @param {number} page
 */
function teamRows(c, t, page) {
  $('slide-head').replaceChildren(el('tr', {}, th(ct('col.place'), 'num'), th(ct('teams.col.team')), th(ct('col.club')),
    th(ct('teams.col.match_points'), 'num'), th(ct('teams.col.board_points'), 'num')));
  return t.standings.slice(page * ROWS, (page + 1) * ROWS).map((row) => el('tr', { 'data-entrant': row.team },
    el('td', { class: 'num' }, row.place.last > row.place.first ? ct('place.shared', { a: row.place.first, b: row.place.last }) : String(row.place.first)),
    el('td', {}, nameOf(c, row.team)),
    el('td', { class: 'club' }, clubOf(c, row.team)),
    el('td', { class: 'num points' }, String(row.match_points)),
    el('td', { class: 'num' }, `${row.board_points}:${row.board_points_against}`)));
}

/** The entrants' `page`. @param {Competition} c @param {number} page */
function entrantRows(c, page) {
  $('slide-head').replaceChildren(el('tr', {}, th(ct('col.no'), 'num'), th(ct('col.name')), th(ct('col.club')), th(ct('col.rating'), 'num')));
  return c.entrants.slice(page * ROWS, (page + 1) * ROWS).map((e) => el('tr', { 'data-entrant': e.entrant },
    el('td', { class: 'num' }, String(e.entrant)),
    el('td', {}, entryName(e.entry)),
    el('td', { class: 'club' }, e.entry.club ?? ''),
    el('td', { class: 'num' }, e.entry.rating === null ? '' : String(e.entry.rating))));
}

function render() {
  const live = $('live-state');
  live.dataset.connected = String(screen.connected);
  live.textContent = ct(screen.connected ? 'screen.live' : screen.competition ? 'live.lost' : 'live.connecting');
  const c = screen.competition;
  if (!c) return;
  document.title = ct('comp.title', { name: c.setup.name });
  $('name').textContent = c.setup.name;
  const r = c.rounds[c.rounds.length - 1];
  const done = r ? r.boards.filter((b) => b.outcome).length : 0;
  $('progress').textContent = c.finished ? ct('comp.finished', { count: c.round_count })
    : r ? `${ct('round.current', { n: r.number, count: c.round_count })} · ${ct('round.open', { n: done, total: r.boards.length })}`
      : ct('comp.not_started', { n: c.entrants.length });
  $('where').textContent = whereText(c.setup);
  const all = slides(c);
  screen.at %= all.length;
  const slide = all[screen.at];
  document.body.dataset.slide = slide.kind;
  document.body.dataset.changes = String(c.changes);
  const rows = slide.kind === 'round' ? roundRows(c, slide.page)
    : slide.kind === 'standings' ? standingRows(c, slide.page) : entrantRows(c, slide.page);
  $('slide-heading').textContent = slide.kind === 'round' ? ct('round.heading', { n: r.number })
    : slide.kind === 'standings' ? ct('screen.standings', { n: c.rounds.length }) : ct('entrants.heading', { n: c.entrants.length });
  $('slide-body').replaceChildren(...rows);
  $('slide-none').hidden = rows.length > 0;
  $('slide-none').textContent = rows.length ? '' : ct('standings.none');
  $('slide-page').textContent = slide.pages > 1 ? ct('screen.page', { a: slide.page + 1, b: slide.pages }) : '';
}

/** A competition arrived: results that are new are lit. @param {Competition} c */
function take(c) {
  const before = screen.competition;
  if (before && c.changes < before.changes) return;
  if (before) {
    for (const n of newResults(before, c)) screen.fresh.set(`${n.round}:${n.board}`, Date.now());
  }
  screen.competition = c;
  render();
}

if (!id) {
  $('name').textContent = ct('comp.no_id');
} else {
  followCompetition(id, {
    held: () => screen.competition,
    take,
    connection: (open) => { screen.connected = open; render(); },
  });
  setInterval(() => { screen.at += 1; render(); }, every * 1000);
}
const words = () => { fillTexts(document, ct); render(); };
words();
onLanguage(words);
