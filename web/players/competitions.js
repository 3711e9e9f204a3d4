// @ts-check
// The "Competitions" part of a player's page (GET
// /api/players/{id}/competitions; docs/competitions.md "On a player's
// page"): the competitions the person is entered in, newest first, each
// linked to its page and its club's, with how far it has gone and the
// player's place (a shared place as a range), match points and wins,
// draws and losses as the competition stands. player.js loads it beside
// the games and draws it with the rest of the page.

import { translator } from '../shared/lang.js';
import { en } from '../locales/en/players.js';
import { lv } from '../locales/lv/players.js';
import { el, refusal } from '../shared/pages.js';
import { errorCode } from '../shared/net.js';
import { clubLink, daysText, systemText } from '../competitions/text.js';

/** @typedef {import('../shared/protocol.js').EnteredCompetition} EnteredCompetition */
/** @typedef {import('../shared/protocol.js').PlayerCompetitions} PlayerCompetitions */

/** This part's words in the language in force. */
export const wt = translator({ en, lv });

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

const shown = {
  /** Whose competitions are loaded. @type {string | null} */ person: null,
  /** @type {PlayerCompetitions | null} */ list: null,
  /** Why they did not load. @type {string | null} */ error: null,
};

/**
 * Loads person `id`'s competitions (again); draws nothing.
 * @param {string} id
 */
export async function loadCompetitions(id) {
  shown.person = id;
  try {
    const res = await fetch(`/api/players/${encodeURIComponent(id)}/competitions`);
    const body = await res.json().catch(() => null);
    if (!res.ok || !body || !Array.isArray(body.competitions)) throw Object.assign(new Error('competitions'), { code: body?.code || 'unknown' });
    // A later load for another person (the address changed) wins.
    if (shown.person !== id) return;
    shown.list = body;
    shown.error = null;
  } catch (e) {
    if (shown.person !== id) return;
    shown.list = null;
    shown.error = errorCode(e);
  }
}

/** A place from the standings in words: "3", or "3–4" when shared. @param {{start: number, end: number}} p */
function placeText(p) {
  return p.start === p.end ? wt('pcomps.place.one', { a: p.start }) : wt('pcomps.place.shared', { a: p.start, b: p.end });
}

/** How far the competition has gone. @param {EnteredCompetition['status']} s */
function statusText(s) {
  if (s.state === 'round') return wt('pcomps.status.round', { round: s.round, rounds: s.rounds });
  return wt(`pcomps.status.${s.state}`);
}

/** @param {EnteredCompetition} c */
function row(c) {
  const finished = c.status.state === 'finished';
  const about = [
    c.club ? clubLink(c.club) : null,
    c.starts || c.ends ? daysText(/** @type {any} */ (c)) : null,
    systemText(c.system),
  ].filter(Boolean).flatMap((x, k) => (k ? [' · ', /** @type {Node | string} */ (x)] : [/** @type {Node | string} */ (x)]));
  // Before a round is paired everyone shares every place: none is shown.
  const place = c.place && c.status.state !== 'entries_open'
    ? [wt('pcomps.place.of', { place: placeText(c.place), n: c.entrants }),
      finished ? el('span', { class: 'tag final' }, wt('pcomps.place.final')) : null]
    : [el('span', { class: 'muted' }, wt('pcomps.place.none'))];
  const record = wt('pcomps.record', { wins: c.wins, draws: c.draws, losses: c.losses });
  return el('tr', { 'data-competition': c.id, class: finished ? 'finished' : null },
    el('td', { class: 'names', 'data-label': wt('pcomps.col.competition') },
      el('a', { href: `competition.html?id=${encodeURIComponent(c.id)}`, class: 'competition-name' }, c.name),
      c.online ? el('span', { class: 'tag' }, wt('pcomps.online')) : null,
      c.withdrawn_from != null
        ? el('span', { class: 'tag withdrawn', title: wt('pcomps.withdrawn_title', { round: c.withdrawn_from }) }, wt('pcomps.withdrawn'))
        : null,
      el('span', { class: 'about muted small' }, ...about)),
    el('td', { class: 'status', 'data-label': wt('pcomps.col.status') }, statusText(c.status)),
    el('td', { class: 'num place', 'data-label': wt('pcomps.col.place') }, ...place),
    el('td', { class: 'num points', 'data-label': wt('pcomps.col.points') }, String(c.points)),
    el('td', { class: 'num record', 'data-label': wt('pcomps.col.record') },
      el('span', { 'aria-hidden': 'true' }, record),
      el('span', { class: 'visually-hidden' }, wt('pcomps.record_label', { wins: c.wins, draws: c.draws, losses: c.losses }))));
}

/** Draws the part from what was loaded, in the language in force. */
export function renderCompetitions() {
  $('competitions-heading').textContent = wt('pcomps.heading');
  $('competitions-caption').textContent = wt('pcomps.caption');
  for (const th of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('#competitions th[data-col]'))) {
    th.textContent = '';
    if (th.dataset.col === 'record') {
      th.append(el('span', { 'aria-hidden': 'true' }, wt('pcomps.col.record')),
        el('span', { class: 'visually-hidden' }, wt('pcomps.col.record_full')));
    } else {
      th.append(wt(`pcomps.col.${th.dataset.col}`));
    }
  }
  const status = $('competitions-status');
  const table = $('competitions');
  const list = shown.list;
  if (shown.error) {
    status.className = 'notice bad';
    status.replaceChildren(el('span', {}, wt('pcomps.load_failed'), ' ', refusal(shown.error)));
    status.hidden = false;
    table.hidden = true;
    return;
  }
  if (!list) {
    status.hidden = true;
    table.hidden = true;
    return;
  }
  const none = list.competitions.length === 0;
  status.className = 'muted';
  status.textContent = none ? wt('pcomps.none') : list.more ? wt('pcomps.more', { n: list.competitions.length }) : '';
  status.hidden = status.textContent === '';
  table.hidden = none;
  $('competitions-body').replaceChildren(...list.competitions.map(row));
}

// For tests and the curious.
Object.assign(window, {
  novussPlayerCompetitions: {
    get list() { return shown.list; },
    get error() { return shown.error; },
  },
});
