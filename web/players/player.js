// @ts-check
// A player's page (GET /api/players/{id}, the id after #id= in the
// address, or the visitor's own without one): their ratings per format
// with deviation and "?" while provisional, the rating over time drawn as
// SVG from the rated results (with the same in words for screen readers),
// the rated results, and the games the visitor may watch, each linked to
// the replay viewer; beside them the competitions the player is entered
// in (players/competitions.js) and, when they have one, their real-table
// rating and its history (players/table-history.js).

import { t } from '../shared/text.js';
import { openReport } from '../shared/report.js';
import { pt } from '../shared/pages-text.js';
import { setUpPage, el, refusal, when, playersLine } from '../shared/pages.js';
import { FORMATS, ratingText, hashValue, playerHref } from './common.js';
import { errorCode } from '../shared/net.js';
import { loadCompetitions, renderCompetitions } from './competitions.js';
import { rt, loadTableOfPerson, tableCard, tableHistory } from './table-history.js';

/** @typedef {import('../shared/protocol.js').Rating} Rating */
/** @typedef {import('../shared/protocol.js').RatedResult} RatedResult */
/** @typedef {import('../shared/protocol.js').PlayerGame} PlayerGame */
/** @typedef {import('../shared/pages.js').ListedPlayer} ListedPlayer */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const SVG = 'http://www.w3.org/2000/svg';

const page = {
  /** @type {import('../shared/protocol.js').PlayerPage | null} */ player: null,
  /** @type {string | null} */ error: null,
  /** Older results loaded a page at a time, newest first. @type {RatedResult[]} */ older: [],
  /** Where the next older page ends, if there is one. @type {number | undefined} */ cursor: undefined,
  /** Why the last older page did not load. @type {string | null} */ olderError: null,
  /** How many older results the table shows. */ olderShown: 0,
  /** The person's real-table rating, if they have one. @type {import('../shared/protocol.js').TablePlayer | null} */ table: null,
};

/** Who this browser is: nobody reports or blocks their own page. @type {string | null} */
let myId = null;
/** The people this browser's person blocked. @type {Set<string>} */
let blocked = new Set();

/**
 * Blocks or unblocks `id` (docs/moderation.md, "Blocks"), then draws the
 * page again.
 * @param {string} id
 */
async function toggleBlock(id) {
  const on = !blocked.has(id);
  const res = await fetch(on ? '/api/blocks' : `/api/blocks/${encodeURIComponent(id)}`, on
    ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ person: id }) }
    : { method: 'DELETE' }).catch(() => null);
  if (res?.ok) {
    blocked = new Set(((await res.json())?.blocked ?? []).map((/** @type {{person: string}} */ b) => b.person));
  }
  render();
  /** @type {HTMLElement | null} */ (document.querySelector('[data-block]'))?.focus();
}

async function load() {
  let id = hashValue('id');
  try {
    /** @type {import('../shared/protocol.js').Me | null} */
    const me = await (await fetch('/api/me')).json().catch(() => null);
    myId = me?.person ?? null;
    if (myId) blocked = new Set(((await (await fetch('/api/blocks')).json().catch(() => null))?.blocked ?? []).map((/** @type {{person: string}} */ b) => b.person));
    if (!id) {
      id = me?.person || null;
      if (!id) { page.error = 'no_id'; render(); return; }
    }
    const res = await fetch(`/api/players/${encodeURIComponent(id)}`);
    const body = await res.json().catch(() => null);
    if (!res.ok || !body || !Array.isArray(body.ratings)) throw Object.assign(new Error('player'), { code: body?.code || 'unknown' });
    // The competitions come with the page, drawn with it.
    await loadCompetitions(body.id);
    // A real-table rating that cannot be read leaves its part out, not
    // the page.
    page.table = await loadTableOfPerson(body.id).catch(() => null);
    page.player = body;
    page.error = null;
    page.older = [];
    page.cursor = body.older;
    page.olderError = null;
  } catch (e) {
    page.error = errorCode(e);
  }
  render();
}

/** The next page of older results, below those shown. */
async function loadOlder() {
  const p = page.player;
  if (!p || page.cursor === undefined) return;
  try {
    const res = await fetch(`/api/players/${encodeURIComponent(p.id)}/results?before=${page.cursor}`);
    /** @type {import('../shared/protocol.js').ResultsPage | null} */
    const body = await res.json().catch(() => null);
    if (!res.ok || !body || !Array.isArray(body.results)) throw Object.assign(new Error('results'), { code: /** @type {any} */ (body)?.code || 'unknown' });
    page.older.push(...[...body.results].reverse());
    page.cursor = body.older;
    page.olderError = null;
  } catch (e) {
    page.olderError = errorCode(e);
  }
  render();
  // The first of the rows just shown takes the focus, so that a keyboard
  // reads on from there.
  const rows = /** @type {HTMLTableSectionElement} */ ($('results-body')).rows;
  const first = rows[rows.length - page.olderShown];
  if (first && !page.olderError) { first.tabIndex = -1; first.focus(); }
}

/** A signed whole number: +12, −7, ±0. @param {number} x */
function signed(x) {
  const n = Math.round(x);
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

/** @param {Rating} r */
function ratingCard(r) {
  const rating = ratingText(r.rating, r.provisional);
  const deviation = String(Math.round(r.deviation));
  return el('div', { class: 'rating-card', 'data-format': r.format },
    el('h3', {}, t(`format.short.${r.format}`)),
    el('p', { class: 'rating-figure', 'aria-label': pt('players.rating_label', { rating, deviation }) + (r.provisional ? ` (${pt('players.provisional')})` : '') },
      pt('players.rating', { rating, deviation })),
    el('p', { class: 'muted small' }, pt('players.record', { games: r.games, wins: r.wins, draws: r.draws, losses: r.losses })));
}

/**
 * The rating over time in one format, as an SVG line over every rated
 * result in order (one step per game: equal spacing reads better than
 * dates when games come in bursts), with a band of ± the deviation.
 * @param {string} format
 * @param {import('../shared/protocol.js').HistoryPoint[]} history
 */
function plot(format, history) {
  const points = history.filter((r) => r.format === format);
  const ratings = [points[0].before, ...points.map((r) => r.rating)];
  const devs = [null, ...points.map((r) => r.deviation)];
  const lows = ratings.map((r, k) => r - (devs[k] ?? 0));
  const highs = ratings.map((r, k) => r + (devs[k] ?? 0));
  // Rules at a round step, at most six of them.
  const span = Math.max(...highs, ...ratings) - Math.min(...lows, ...ratings) + 40;
  const step = [50, 100, 200, 250, 500, 1000].find((s) => span / s <= 6) || 1000;
  const lo = Math.floor((Math.min(...lows, ...ratings) - 20) / step) * step;
  const hi = Math.ceil((Math.max(...highs, ...ratings) + 20) / step) * step;
  // Drawn at the width it is shown, so that its words are the page's size
  // on a phone as on a desktop.
  const W = Math.round(Math.max(280, Math.min(720, ($('plots').clientWidth || 640) - 24)));
  const H = W < 480 ? 190 : 240; const L = 46; const R = 10; const T = 12; const B = 14;
  const x = (/** @type {number} */ k) => L + (ratings.length === 1 ? 0 : (k * (W - L - R)) / (ratings.length - 1));
  const y = (/** @type {number} */ v) => T + ((hi - v) * (H - T - B)) / (hi - lo || 1);
  const id = `plot-${format}`;
  const title = pt('players.plot_title', { format: t(`format.short.${format}`) });
  const desc = pt('players.plot_desc', {
    n: points.length,
    first: when(points[0].at),
    last: when(points[points.length - 1].at),
    start: Math.round(ratings[0]),
    end: Math.round(ratings[ratings.length - 1]),
    high: Math.round(Math.max(...ratings)),
    low: Math.round(Math.min(...ratings)),
  });
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('class', 'rating-plot');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-labelledby', `${id}-title ${id}-desc`);
  svg.id = id;
  const add = (/** @type {string} */ tag, /** @type {Record<string, string | number>} */ attrs, text = '') => {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text) e.textContent = text;
    svg.append(e);
    return e;
  };
  add('title', { id: `${id}-title` }, title);
  add('desc', { id: `${id}-desc` }, desc);
  for (let v = lo; v <= hi; v += step) {
    add('line', { x1: L, x2: W - R, y1: y(v), y2: y(v), class: 'grid' });
    add('text', { x: L - 6, y: y(v) + 4, class: 'axis', 'text-anchor': 'end' }, String(v));
  }
  // The deviation's band after each game.
  const band = ratings.map((r, k) => [x(k), y(r + (devs[k] ?? 0))])
    .concat(ratings.map((r, k) => [x(k), y(r - (devs[k] ?? 0))]).reverse());
  add('polygon', { points: band.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '), class: 'band' });
  add('polyline', { points: ratings.map((r, k) => `${x(k).toFixed(1)},${y(r).toFixed(1)}`).join(' '), class: 'line' });
  ratings.forEach((r, k) => add('circle', { cx: x(k).toFixed(1), cy: y(r).toFixed(1), r: 3.5, class: 'dot' }));
  return el('figure', { class: 'plot card', 'data-format': format }, svg,
    el('figcaption', { class: 'muted small', 'aria-hidden': 'true' }, desc));
}

/**
 * The opponents of a rated result, each linked to their page, commas between.
 * @param {RatedResult} r
 * @returns {(HTMLElement | string)[]}
 */
function opponents(r) {
  return (r.opponents || []).flatMap((o, k) => [
    ...(k ? [', '] : []),
    el('a', { href: playerHref(o.id), class: 'opponent' }, o.forgotten ? t('people.forgotten') : o.name || pt('players.unnamed')),
  ]);
}

/** @param {RatedResult} r */
function resultRow(r) {
  const date = when(r.at);
  const change = pt('players.change', { before: Math.round(r.rating_before), after: Math.round(r.rating_after), delta: signed(r.rating_after - r.rating_before) });
  return el('tr', { class: `result-${r.result}` },
    el('td', { class: 'when', 'data-label': pt('players.col.when') }, el('time', { datetime: new Date(r.at * 1000).toISOString() }, date)),
    el('td', { 'data-label': pt('players.col.format') }, t(`format.short.${r.format}`)),
    el('td', { class: 'opponents', 'data-label': pt('players.col.opponent') }, ...opponents(r)),
    el('td', { class: `outcome ${r.result}`, 'data-label': pt('players.col.result') }, pt(`players.result.${r.result}`)),
    el('td', { class: 'num', 'data-label': pt('players.col.rating') }, change),
    el('td', { 'data-label': pt('players.col.game') }, r.game
      ? el('a', { href: `replay.html#game=${encodeURIComponent(r.game)}` }, pt('players.replay'))
      : el('span', { class: 'muted', title: pt('players.private_title') }, pt('players.private'))));
}

/** @param {PlayerGame} g */
function gameRow(g) {
  // The name the set-up gave, else the name its seat's holder goes by.
  const who = (g.players || []).map((/** @type {string | null} */ name, /** @type {number} */ k) => ({ name: name || g.names?.[k] || null, kind: 'human', forgotten: !!g.forgotten?.includes(k) }));
  const players = playersLine(g.format, who);
  const date = when(g.updated);
  const result = g.aborted ? pt('game.aborted') : !g.over ? pt('game.unfinished')
    : typeof g.winner === 'number' && Number.isInteger(g.winner) ? `${pt('game.won_by', { name: winnerName(g.format, g.winner, who) })} · ${pt('game.sets', { score: (g.score || []).join('–') })}`
      // A match of a fixed, even number of sets can end level (3–3 of six).
      : (g.score || []).length > 1 && (g.score || []).every((/** @type {number} */ x) => x === g.score[0]) ? `${pt('game.drawn')} · ${pt('game.sets', { score: g.score.join('–') })}`
        : pt('game.finished');
  // Each other person's name leads to their page.
  const others = (g.people || []).map((/** @type {string | null} */ id, /** @type {number} */ k) => (id && id !== page.player?.id
    ? el('a', { href: playerHref(id), class: 'other' }, who[k].forgotten ? t('people.forgotten') : who[k].name || t('start.player_n', { n: k + 1 })) : null)).filter(Boolean);
  return el('tr', { 'data-game': g.id },
    el('td', { class: 'when', 'data-label': pt('col.when') }, el('time', { datetime: new Date(g.updated * 1000).toISOString() }, date)),
    el('td', { 'data-label': pt('col.players') }, players, ' · ', t(`format.short.${g.format}`),
      g.rated ? el('span', { class: 'tag rated' }, pt('players.rated')) : null,
      others.length ? el('span', { class: 'others' }, ...others) : null),
    el('td', { 'data-label': pt('col.result') }, result),
    el('td', { class: 'actions' }, el('a', { class: 'button', href: `replay.html#game=${encodeURIComponent(g.id)}`, 'aria-label': pt('players.replay_label', { players, when: date }) }, pt('players.replay'))));
}

/**
 * Who won a game: a player, or in doubles a team.
 * @param {string} format
 * @param {number} winner the contender who won
 * @param {{name: string | null, forgotten?: boolean}[]} who
 */
function winnerName(format, winner, who) {
  const name = (/** @type {number} */ k) => (who[k]?.forgotten ? t('people.forgotten') : who[k]?.name || t('start.player_n', { n: k + 1 }));
  if (format === 'doubles') return t('panel.team', { a: name(2 * winner), b: name(2 * winner + 1) });
  return name(winner);
}

function render() {
  const status = $('player-status');
  const box = $('player');
  if (page.error) {
    document.title = pt('players.title_plain');
    $('name').textContent = pt('players.title_plain').split(' — ')[0];
    status.replaceChildren(page.error === 'no_id' ? pt('players.no_id')
      : el('span', {}, pt('players.load_failed'), ' ', refusal(page.error)));
    status.className = page.error === 'no_id' ? 'muted' : 'notice bad';
    box.hidden = true;
    return;
  }
  const p = page.player;
  if (!p) return;
  const name = p.forgotten ? t('people.forgotten') : p.name || pt('players.unnamed');
  $('name').textContent = name;
  // Another person's page: their name or their play may be reported.
  const actions = $('report-actions');
  actions.hidden = p.forgotten === true || !myId || myId === p.id;
  if (!actions.hidden) {
    const isBlocked = blocked.has(p.id);
    const block = el('button', { type: 'button', class: 'link-button', 'data-block': isBlocked ? 'off' : 'on' }, t(isBlocked ? 'block.unblock' : 'block.block'));
    block.addEventListener('click', () => toggleBlock(p.id));
    actions.replaceChildren(...[...['name', 'player'].map((kind) => {
      const b = el('button', { type: 'button', class: 'link-button', 'data-report': kind }, t(`report.${kind}`));
      b.addEventListener('click', () => openReport({ kind: /** @type {'name' | 'player'} */ (kind), person: p.id }, name, b));
      return b;
    }), block].flatMap((b, k) => (k ? [' · ', b] : [b])),
    ...(isBlocked ? [el('span', { class: 'muted', id: 'blocked-note' }, ` — ${t('block.note')}`)] : []));
  }
  document.title = pt('players.title', { name });
  status.textContent = '';
  status.className = 'visually-hidden';
  box.hidden = false;
  const ratings = FORMATS.flatMap((f) => p.ratings.filter((r) => r.format === f).slice(0, 1));
  $('ratings').replaceChildren(...(ratings.length ? ratings.map(ratingCard) : [el('p', { class: 'muted' }, pt('players.no_ratings'))]));
  const note = $('provisional-note');
  note.hidden = !ratings.some((r) => r.provisional);
  note.textContent = pt('players.provisional_note', { deviation: p.provisional_deviation ?? 110 });
  const formats = FORMATS.filter((f) => p.history.some((r) => r.format === f));
  $('plots-box').hidden = formats.length === 0;
  $('plots').replaceChildren(...formats.map((f) => plot(f, p.history)));
  $('results-box').hidden = p.results.length === 0;
  $('results-body').replaceChildren(...[...p.results].reverse().map(resultRow), ...page.older.map(resultRow));
  page.olderShown = page.older.length;
  // A long history comes a page at a time.
  const more = $('older-results');
  more.hidden = page.cursor === undefined;
  more.textContent = pt('players.older_results', { shown: p.results.length + page.older.length, total: p.history.length });
  $('older-error').hidden = !page.olderError;
  $('older-error').replaceChildren(page.olderError ? el('span', {}, pt('players.load_failed'), ' ', refusal(page.olderError)) : '');
  $('no-games').hidden = p.games.length > 0;
  $('games').hidden = p.games.length === 0;
  $('games-body').replaceChildren(...p.games.map(gameRow));
  renderCompetitions();
  renderTable();
}

/** The real-table part: shown only when the person has such a rating. */
function renderTable() {
  const p = page.table;
  $('table-rating-box').hidden = !p;
  if (!p) return;
  $('table-rating-heading').textContent = rt('rt.heading');
  $('table-to-list').textContent = rt('rt.to_list');
  $('table-rating').replaceChildren(tableCard(p));
  $('table-history').replaceChildren(tableHistory(p));
}

setUpPage('players.title_plain', render, null);
addEventListener('hashchange', load);
$('older-results').addEventListener('click', loadOlder);
// The plot is drawn at the width it is shown: again when that changes.
let shownWidth = 0;
addEventListener('resize', () => {
  const w = $('plots').clientWidth;
  if (page.player && Math.abs(w - shownWidth) > 40) { shownWidth = w; render(); }
});
load();

// For tests and the curious.
Object.assign(window, {
  novussPlayer: {
    get player() { return page.player; },
    get error() { return page.error; },
  },
});
