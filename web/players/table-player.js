// @ts-check
// A real-table player's page (GET /api/ratings/tables/players/{id}, the id
// after #player= in the address): their rating and its history a
// competition at a time. A player with an account has theirs on their own
// page (player.html) instead.

import { setUpPage, el, refusal } from '../shared/pages.js';
import { errorCode } from '../shared/net.js';
import { hashValue } from './common.js';
import { rt, standingName, tableCard, tableHistory } from './table-history.js';

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

const page = {
  /** @type {import('../shared/protocol.js').TablePlayer | null} */ player: null,
  /** @type {string | null} */ error: null,
};

async function load() {
  const id = hashValue('player');
  if (!id) {
    page.error = 'no_player';
    render();
    return;
  }
  try {
    const res = await fetch(`/api/ratings/tables/players/${encodeURIComponent(id)}`);
    const body = await res.json().catch(() => null);
    if (!res.ok || !body || !Array.isArray(body.history)) throw Object.assign(new Error('player'), { code: body?.code || 'unknown' });
    page.player = body;
    page.error = null;
  } catch (e) {
    page.error = errorCode(e);
  }
  render();
}

function render() {
  const status = $('player-status');
  const box = $('player');
  $('to-list').textContent = rt('rt.to_list');
  $('history-heading').textContent = rt('rt.history_heading');
  if (page.error) {
    document.title = rt('rt.title');
    $('name').textContent = rt('rt.heading');
    status.replaceChildren(page.error === 'no_player' ? rt('rt.no_player')
      : el('span', {}, rt('rt.player_failed'), ' ', refusal(page.error)));
    status.className = page.error === 'no_player' ? 'muted' : 'notice bad';
    box.hidden = true;
    return;
  }
  const p = page.player;
  if (!p) {
    status.textContent = rt('rt.player_loading');
    return;
  }
  $('name').textContent = standingName(p);
  document.title = rt('rt.player_title', { name: standingName(p) });
  status.textContent = '';
  status.className = 'visually-hidden';
  box.hidden = false;
  $('table-rating').replaceChildren(tableCard(p));
  $('table-history').replaceChildren(tableHistory(p));
}

setUpPage('leaderboard.title', render, 'leaderboard');
addEventListener('hashchange', load);
render();
load();

// For tests and the curious.
Object.assign(window, {
  novussTablePlayer: {
    get player() { return page.player; },
    get error() { return page.error; },
  },
});
