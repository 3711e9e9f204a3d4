// @ts-check
// The leaderboard (GET /api/leaderboard?format=…): the established players
// of one format, best first, and below them the provisional ones with the
// threshold in words, with a switch between formats kept in the address
// (#format=doubles); and beside it the computer levels' estimated
// ratings (GET /api/options), since games against the computer are not
// rated.

import { t } from '../shared/text.js';
import { pt } from '../shared/pages-text.js';
import { setUpPage, el, refusal, levelName } from '../shared/pages.js';
import { FORMATS, playerHref, hashValue } from './common.js';
import { errorCode } from '../shared/net.js';
import { rt } from './table-history.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

const page = {
  /** @type {string} */
  format: FORMATS.includes(hashValue('format') || '') ? /** @type {string} */ (hashValue('format')) : 'singles',
  /** @type {import('../shared/protocol.js').Leaderboard | null} */ board: null,
  /** @type {string | null} */ error: null,
  /** @type {Record<string, number> | null} */ levels: null,
};

async function load() {
  page.board = null;
  page.error = null;
  render();
  const format = page.format;
  try {
    const res = await fetch(`/api/leaderboard?format=${encodeURIComponent(format)}`);
    const body = await res.json().catch(() => null);
    if (!res.ok || !body || !Array.isArray(body.players)) throw Object.assign(new Error('board'), { code: body?.code || 'unknown' });
    // A switch clicked meanwhile asked for another format: its answer wins.
    if (format !== page.format) return;
    page.board = body;
  } catch (e) {
    if (format !== page.format) return;
    page.error = errorCode(e);
  }
  render();
}

async function loadLevels() {
  try {
    const res = await fetch('/api/options');
    /** @type {import('../shared/protocol.js').Options} */
    const body = await res.json();
    page.levels = body.level_ratings || null;
  } catch {
    page.levels = null;
  }
  renderLevels();
}

function renderSwitch() {
  $('formats').replaceChildren(...FORMATS.map((f) => {
    const b = el('button', { type: 'button', class: 'button', 'aria-pressed': String(f === page.format), 'data-format': f }, t(`format.short.${f}`));
    b.addEventListener('click', () => {
      if (page.format === f) return;
      page.format = f;
      history.replaceState(null, '', `#format=${f}`);
      renderSwitch();
      load();
    });
    return b;
  }));
}

/**
 * One table row per place; a provisional rating carries its "?".
 * @param {import('../shared/protocol.js').LeaderboardPlace[]} places
 * @param {boolean} provisional
 */
function rows(places, provisional) {
  return places.map((p) => el('tr', { 'data-player': p.id },
    el('td', { class: 'num rank' }, String(p.rank)),
    el('td', { class: 'who' }, el('a', { href: playerHref(p.id) }, p.name || pt('players.unnamed'))),
    el('td', { class: 'num rating' }, `${Math.round(p.rating)}${provisional ? '?' : ''}`),
    el('td', { class: 'num' }, `± ${Math.round(p.deviation)}`),
    el('td', { class: 'num' }, String(p.games))));
}

/** The provisional players, apart, with the threshold said in words. */
function renderProvisional() {
  const b = page.board;
  const thresholds = { deviation: b?.max_deviation ?? 110, games: b?.min_games ?? 5 };
  $('threshold').textContent = pt('leaderboard.threshold', thresholds);
  $('provisional-caption').textContent = pt('leaderboard.provisional_caption', { format: t(`format.short.${page.format}`) });
  const status = $('provisional-status');
  const table = $('provisional');
  const places = b?.provisional || [];
  status.hidden = !b || places.length > 0;
  status.textContent = pt('leaderboard.provisional_empty');
  table.hidden = !places.length;
  $('provisional-body').replaceChildren(...rows(places, true));
}

function render() {
  $('table-link').textContent = rt('rt.link');
  const b = page.board;
  $('intro').textContent = pt('leaderboard.intro', { deviation: b?.max_deviation ?? 110, games: b?.min_games ?? 5 });
  renderProvisional();
  $('board-caption').textContent = pt('leaderboard.caption', { format: t(`format.short.${page.format}`) });
  const status = $('board-status');
  const table = $('board');
  if (page.error) {
    status.replaceChildren(pt('leaderboard.load_failed'), ' ', refusal(page.error));
    status.className = 'notice bad';
    table.hidden = true;
    return;
  }
  status.className = 'muted';
  if (!b) {
    status.textContent = pt('leaderboard.loading');
    table.hidden = true;
    return;
  }
  if (!b.players.length) {
    status.textContent = pt('leaderboard.empty');
    table.hidden = true;
    return;
  }
  status.textContent = '';
  status.className = 'visually-hidden';
  table.hidden = false;
  $('board-body').replaceChildren(...rows(b.players, false));
}

function renderLevels() {
  const levels = page.levels;
  if (!levels) return;
  const rows = Object.entries(levels).sort((a, b) => a[1] - b[1]);
  $('levels-body').replaceChildren(...rows.map(([level, rating]) => el('tr', {},
    el('td', {}, levelName(level)),
    el('td', { class: 'num' }, String(Math.round(rating))))));
}

setUpPage('leaderboard.title', () => { renderSwitch(); render(); renderLevels(); }, 'leaderboard');
renderSwitch();
load();
loadLevels();

// For tests and the curious.
Object.assign(window, {
  novussLeaderboard: {
    get board() { return page.board; },
  },
});
