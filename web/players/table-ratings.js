// @ts-check
// The real-table rating list (GET /api/ratings/tables?category=…; docs/
// competitions.md, "Ratings for the real table"): the list a federation
// could publish, established players best first and the provisional ones
// apart, filtered by category with a select kept in the address
// (#category=women). Each name leads to the player's history: their page
// here when they have an account, else their real-table page.

import { setUpPage, el, refusal } from '../shared/pages.js';
import { errorCode } from '../shared/net.js';
import { hashValue, playerHref, ratingText } from './common.js';
import { rt, standingName, tablePlayerHref } from './table-history.js';

/** @typedef {import('../shared/protocol.js').TablePlace} TablePlace */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const CATEGORIES = ['men', 'women', 'youth', 'veterans'];
const COLUMNS = ['rank', 'player', 'club', 'licence', 'rating', 'deviation', 'competitions', 'games'];
const NUMBERS = ['rank', 'rating', 'deviation', 'competitions', 'games'];

const page = {
  /** '' for every player. */
  category: CATEGORIES.includes(hashValue('category') || '') ? /** @type {string} */ (hashValue('category')) : '',
  /** @type {import('../shared/protocol.js').TableRatings | null} */ list: null,
  /** @type {string | null} */ error: null,
};

async function load() {
  page.list = null;
  page.error = null;
  render();
  const category = page.category;
  try {
    const query = category ? `?category=${encodeURIComponent(category)}` : '';
    const res = await fetch(`/api/ratings/tables${query}`);
    const body = await res.json().catch(() => null);
    if (!res.ok || !body || !Array.isArray(body.players)) throw Object.assign(new Error('list'), { code: body?.code || 'unknown' });
    // The select changed meanwhile: its answer wins.
    if (category !== page.category) return;
    page.list = body;
  } catch (e) {
    if (category !== page.category) return;
    page.error = errorCode(e);
  }
  render();
}

/**
 * A row per place; a provisional rating carries its "?".
 * @param {TablePlace[]} places
 * @param {boolean} provisional
 */
function rows(places, provisional) {
  return places.map((p) => el('tr', { 'data-player': p.player },
    el('td', { class: 'num rank' }, String(p.rank)),
    el('td', { class: 'who' }, el('a', { href: p.person ? playerHref(p.person) : tablePlayerHref(p.player) }, standingName(p))),
    el('td', {}, p.club || ''),
    el('td', { class: 'licence' }, p.licence || ''),
    el('td', { class: 'num figure' }, ratingText(p.rating, provisional)),
    el('td', { class: 'num' }, `± ${Math.round(p.deviation)}`),
    el('td', { class: 'num' }, String(p.competitions)),
    el('td', { class: 'num' }, String(p.games))));
}

/** The page's own words, in the language in force. */
function words() {
  document.title = rt('rt.title');
  $('heading').textContent = rt('rt.heading');
  $('online-link').textContent = rt('rt.online_link');
  $('category-label').textContent = rt('rt.category');
  for (const o of /** @type {HTMLSelectElement} */ ($('category')).options) o.textContent = rt(`rt.category.${o.value || 'all'}`);
  /** @type {HTMLSelectElement} */ ($('category')).value = page.category;
  $('provisional-heading').textContent = rt('rt.provisional_heading');
  for (const tr of document.querySelectorAll('tr.heads')) {
    tr.replaceChildren(...COLUMNS.map((c) => el('th', { scope: 'col', class: NUMBERS.includes(c) ? 'num' : null }, rt(`rt.col.${c}`))));
  }
}

function render() {
  words();
  const l = page.list;
  const thresholds = { deviation: l?.max_deviation ?? 110, games: l?.min_games ?? 5 };
  $('intro').textContent = rt('rt.intro', thresholds);
  $('threshold').textContent = rt('rt.threshold', thresholds);
  const category = rt(`rt.category.${page.category || 'all'}`);
  $('list-caption').textContent = rt('rt.caption', { category });
  $('provisional-caption').textContent = rt('rt.provisional_caption', { category });
  const status = $('list-status');
  const table = $('list');
  const pStatus = $('provisional-status');
  const pTable = $('provisional');
  if (page.error) {
    status.replaceChildren(rt('rt.load_failed'), ' ', refusal(page.error));
    status.className = 'notice bad';
    table.hidden = true;
    pStatus.hidden = true;
    pTable.hidden = true;
    return;
  }
  status.className = 'muted';
  if (!l) {
    status.textContent = rt('rt.loading');
    table.hidden = true;
    pStatus.hidden = true;
    pTable.hidden = true;
    return;
  }
  status.textContent = l.players.length ? '' : rt('rt.empty');
  if (l.players.length) status.className = 'visually-hidden';
  table.hidden = !l.players.length;
  $('list-body').replaceChildren(...rows(l.players, false));
  pStatus.hidden = l.provisional.length > 0;
  pStatus.textContent = rt('rt.provisional_empty');
  pTable.hidden = !l.provisional.length;
  $('provisional-body').replaceChildren(...rows(l.provisional, true));
}

setUpPage('leaderboard.title', render, 'leaderboard');
$('category').addEventListener('change', () => {
  page.category = /** @type {HTMLSelectElement} */ ($('category')).value;
  history.replaceState(null, '', page.category ? `#category=${page.category}` : '#');
  load();
});
load();

// For tests and the curious.
Object.assign(window, {
  novussTableRatings: {
    get list() { return page.list; },
    get error() { return page.error; },
  },
});
