// @ts-check
// The lobby (docs/protocol.md "The lobby"): the terms of a game to play
// (format, sets, rules, stroke clock, rated or not, and the opponents'
// rating range), "play someone now" with them, or a challenge for anyone
// to accept; the open challenges, each with its creator's rating; and the
// public games being played, with how many watch them. The page follows
// the lobby live (GET /api/lobby/live, server-sent events): the server
// sends it as this visitor sees it whenever it changes, and the page
// never asks again. After "Make a challenge", or "Play someone now" with
// nobody to pair with, the page waits here for an opponent: it shows the
// challenge's terms and a way to withdraw it, and opens the game when the
// stream says somebody accepted it.

import { t } from '../shared/text.js';
import { setsText, formatText } from '../shared/panel.js';
import { pt } from '../shared/pages-text.js';
import { setUpPage, el, refusal, playersLine } from '../shared/pages.js';
import { ratingText, playerHref } from '../players/common.js';
import { errorCode } from '../shared/net.js';

/** @typedef {import('../shared/protocol.js').Challenge} Challenge */
/** @typedef {import('../shared/protocol.js').Lobby} Lobby */
/** @typedef {import('../shared/protocol.js').LobbyAccepted} LobbyAccepted */

/**
 * The terms of a game as the lobby takes them.
 * @typedef {{format: string, profile: string, sets: number, match_format?: {kind: string, sets: number}, rated: boolean, stroke_clock?: number, min_rating?: number | null, max_rating?: number | null}} Terms
 */

/**
 * The visitor's own challenge, waiting for an opponent: its game, its
 * terms, and whether the lobby has listed it yet (once it has, a lobby
 * without it and no acceptance before means it is gone).
 * @typedef {{id: string, terms: Terms, seen: boolean}} Waiting
 */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
// How long after the server refused the stream (an EventSource then
// stops for good) the page tries again.
const RETRY_MS = 10_000;
const KEY = 'novuss.lobby';
// The challenge this tab waits on, kept over a reload.
const WAITING_KEY = 'novuss.lobby.waiting';

const page = {
  /** @type {Lobby | null} */ lobby: null,
  /** @type {string | null} */ error: null,
  /** Whether the live stream is open. */
  connected: false,
  /** @type {EventSource | null} */ source: null,
  /** @type {Waiting | null} */ waiting: null,
  /** @type {Partial<import('../shared/protocol.js').Options> | null} */ options: null,
  busy: false,
};

/** The terms last used, remembered on this browser. */
function remembered() {
  try { return JSON.parse(localStorage.getItem(KEY) ?? '{}') ?? {}; } catch { return {}; }
}

/**
 * @param {string} id
 * @param {Array<string | number>} values
 * @param {(v: string | number) => string} label
 * @param {unknown} chosen
 */
function fill(id, values, label, chosen) {
  const sel = /** @type {HTMLSelectElement} */ ($(id));
  const keep = sel.value || String(chosen ?? '');
  sel.replaceChildren(...values.map((v) => el('option', { value: String(v) }, label(v))));
  if (values.map(String).includes(keep)) sel.value = keep;
}

function fillTerms() {
  const o = page.options ?? {};
  const mem = remembered();
  fill('format', o.formats ?? ['singles', 'doubles', 'four_player'], (v) => t(`format.${v}`), mem.format ?? 'singles');
  fill('sets', o.sets ?? [1, 3, 5], setsText, mem.sets ?? 1);
  fill('profile', o.profiles ?? ['lnf-2017'], (v) => t(`profile.${v}`), mem.profile ?? 'lnf-2017');
  fill('stroke-clock', ['none', 15, 30, 60], (v) => (v === 'none' ? t('start.no_clock') : t('start.clock_secs', { s: v })), mem.stroke_clock ?? 'none');
  if (mem.rated !== undefined && !page.busy) /** @type {HTMLInputElement} */ ($('rated')).checked = !!mem.rated;
}

/** The terms as `POST /api/lobby/challenges` and `/api/lobby/quick` take them. */
function terms() {
  const value = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ ($(id)).value;
  const clock = value('stroke-clock');
  const rating = (/** @type {string} */ id) => (value(id).trim() === '' ? undefined : Number(value(id)));
  /** @type {Terms} */
  const body = {
    format: value('format'),
    profile: value('profile'),
    sets: Number(value('sets')),
    rated: /** @type {HTMLInputElement} */ ($('rated')).checked,
  };
  if (clock !== 'none') body.stroke_clock = Number(clock);
  const lo = rating('min-rating');
  const hi = rating('max-rating');
  if (lo !== undefined) body.min_rating = lo;
  if (hi !== undefined) body.max_rating = hi;
  localStorage.setItem(KEY, JSON.stringify({ format: body.format, profile: body.profile, sets: body.sets, stroke_clock: clock, rated: body.rated }));
  return body;
}

/** @param {string} path @param {object} body */
async function post(path, body) {
  const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error(path), { code: answer?.code || 'unknown' });
  return answer;
}

/**
 * The name this visitor goes by (GET /api/me: the one they chose, else
 * their account's user name), shown in the name field; `undefined` until
 * read.
 * @type {string | null | undefined}
 */
let myName;

/** Reads the visitor's name into the field, unless they are typing. */
async function loadName() {
  try {
    const res = await fetch('/api/me');
    myName = res.ok ? ((await res.json())?.name ?? null) : null;
  } catch {
    myName = null;
  }
  const field = /** @type {HTMLInputElement} */ ($('my-name'));
  if (document.activeElement !== field && !field.value) field.value = myName ?? '';
}

/**
 * The name in the field becomes the visitor's before they challenge,
 * accept or look for an opponent, so that others see it in the lobby and
 * at the table (issue 31, "Names"). Nothing is sent when it did not
 * change; a name that cannot be one is refused (`bad_name`) before any
 * game is made.
 */
async function nameFirst() {
  const typed = /** @type {HTMLInputElement} */ ($('my-name')).value.trim();
  if (!typed || typed === myName) return;
  const named = await post('/api/me', { name: typed });
  myName = named?.name ?? typed;
}

/** A refusal in the lobby's words where it has its own, else the shared ones. @param {string} code */
function lobbyRefusal(code) {
  const id = `lobby.error.${code}`;
  return pt.has(id) ? pt(id) : refusal(code);
}

const BUTTONS = ['quick', 'make', 'withdraw'];

/**
 * Runs `job`, showing a refusal in `box` (under the terms, or under the
 * waiting challenge) if it fails.
 * @param {() => Promise<void>} job
 * @param {string} [box]
 */
async function act(job, box = 'terms-error') {
  if (page.busy) return;
  page.busy = true;
  for (const id of ['terms-error', 'waiting-error', 'terms-note']) $(id).hidden = true;
  for (const id of BUTTONS) /** @type {HTMLButtonElement} */ ($(id)).disabled = true;
  try {
    await job();
  } catch (e) {
    const shown = $(box);
    shown.textContent = lobbyRefusal(errorCode(e));
    shown.hidden = false;
  } finally {
    page.busy = false;
    for (const id of BUTTONS) /** @type {HTMLButtonElement} */ ($(id)).disabled = false;
  }
}

/** The challenge kept over a reload, if any. @returns {Waiting | null} */
function keptWaiting() {
  try {
    const w = JSON.parse(sessionStorage.getItem(WAITING_KEY) ?? 'null');
    return w && typeof w.id === 'string' && w.terms ? { id: w.id, terms: w.terms, seen: true } : null;
  } catch {
    return null;
  }
}

/**
 * Waits for an opponent for challenge `id` of `terms` (or stops waiting:
 * null), following the lobby again so that the stream tells of it.
 * @param {{id: string, terms: Terms} | null} challenge
 */
function wait(challenge) {
  page.waiting = challenge && { ...challenge, seen: false };
  if (challenge) sessionStorage.setItem(WAITING_KEY, JSON.stringify(challenge));
  else sessionStorage.removeItem(WAITING_KEY);
  renderWaiting();
  follow();
}

/** The challenge's seat was taken: its game opens. @param {string} id */
function accepted(id) {
  if (page.waiting?.id !== id) return;
  sessionStorage.removeItem(WAITING_KEY);
  page.source?.close();
  play(id);
}

/**
 * Whether every seat of game `id` is taken (a refusal to withdraw it may
 * also mean its game is over).
 * @param {string} id
 */
async function takenBy(id) {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}`);
  const state = await res.json().catch(() => null);
  return res.ok && !!state && (state.seats ?? []).every((/** @type {{holder: string}} */ s) => s.holder !== 'open');
}

/** Opens game `id` on the game page. @param {string} id */
function play(id) {
  location.assign(`/#game=${encodeURIComponent(id)}`);
}

/** A challenge's terms in words. @param {Terms} c */
function termsText(c) {
  return [
    t(`format.short.${c.format}`), formatText(c.match_format, c.sets), t(`profile.${c.profile}`),
    pt(c.rated ? 'lobby.rated_short' : 'lobby.casual_short'),
    c.stroke_clock ? t('start.clock_secs', { s: c.stroke_clock }) : null,
  ].filter(Boolean).join(' · ');
}

/** A challenge's rating range in words. @param {Terms} c */
function rangeText(c) {
  if (c.min_rating == null && c.max_rating == null) return pt('lobby.anyone');
  if (c.max_rating == null) return pt('lobby.from', { min: c.min_rating });
  if (c.min_rating == null) return pt('lobby.up_to', { max: c.max_rating });
  return pt('lobby.between', { min: c.min_rating, max: c.max_rating });
}

/** @param {Challenge} c */
function challengeRow(c) {
  const name = c.name || pt('players.unnamed');
  const accept = el('button', { type: 'button', class: 'button primary', 'data-accept': c.id,
    'aria-label': pt('lobby.accept_label', { name }) }, pt('lobby.accept'));
  if (!c.acceptable) {
    accept.setAttribute('disabled', '');
    accept.setAttribute('title', pt('lobby.not_acceptable'));
  }
  accept.addEventListener('click', () => act(async () => {
    await nameFirst();
    await post(`/api/lobby/challenges/${encodeURIComponent(c.id)}/accept`, {});
    play(c.id);
  }));
  const mine = page.waiting?.id === c.id;
  return el('tr', { 'data-challenge': c.id, class: mine ? 'mine' : null },
    el('td', { 'data-label': pt('lobby.col.player') },
      el('a', { href: playerHref(c.creator) }, name), ' ',
      el('span', { class: 'rating muted' }, ratingText(c.rating, c.provisional)),
      mine ? el('span', { class: 'yours' }, pt('lobby.yours')) : null),
    el('td', { 'data-label': pt('lobby.col.game') }, termsText(c)),
    el('td', { 'data-label': pt('lobby.col.range') }, rangeText(c)),
    // One's own challenge is withdrawn above, not accepted here.
    el('td', { class: 'actions' }, mine ? null : accept));
}

/** @param {Lobby['live'][number]} g */
function liveRow(g) {
  const who = g.who ?? [];
  const players = playersLine(g.format, who);
  const id = encodeURIComponent(g.id);
  return el('tr', { 'data-live': g.id },
    el('td', { 'data-label': pt('lobby.col.players') }, players),
    el('td', { 'data-label': pt('lobby.col.game') }, [t(`format.short.${g.format}`), t(`profile.${g.profile}`), formatText(g.match_format, g.sets)].join(' · ')),
    el('td', { 'data-label': pt('lobby.col.score'), class: 'num' }, pt('game.sets', { score: (g.score ?? []).join('–') })),
    el('td', { 'data-label': pt('lobby.col.watchers'), class: 'num', 'data-watchers': String(g.watchers) }, pt('lobby.watchers_n', { n: g.watchers })),
    el('td', { class: 'actions' }, el('a', { class: 'button', href: `/#game=${id}`, 'aria-label': pt('lobby.watch_label', { players }) }, pt('lobby.watch'))));
}

/** The waiting challenge in place of the terms, or the terms. */
function renderWaiting() {
  const w = page.waiting;
  $('terms-card').hidden = !!w;
  $('waiting').hidden = !w;
  if (!w) return;
  $('waiting').dataset.challenge = w.id;
  $('waiting-terms').textContent = termsText(w.terms);
  $('waiting-range').textContent = pt('lobby.waiting_range', { range: rangeText(w.terms) });
  const listed = page.lobby?.challenges?.find((c) => c.id === w.id);
  const open = listed?.open ?? 0;
  $('waiting-seats').hidden = open < 2;
  $('waiting-seats').textContent = pt('lobby.waiting_seats', { n: open });
}

/**
 * A lobby arrived: the waiting challenge is seen in it, or, seen before
 * and missing now with no acceptance said first, gone (withdrawn from
 * another tab, or too old to be listed).
 */
function lookForWaiting() {
  const w = page.waiting;
  if (!w || !page.lobby) return;
  const listed = (page.lobby.challenges ?? []).some((c) => c.id === w.id);
  if (listed) {
    w.seen = true;
  } else if (w.seen) {
    wait(null);
    const note = $('terms-note');
    note.textContent = pt('lobby.challenge_gone');
    note.hidden = false;
  }
}

function render() {
  const status = $('challenges-status');
  const live = $('live-status');
  if (page.error) {
    status.replaceChildren(pt('lobby.load_failed'), ' ', refusal(page.error));
    status.className = 'notice bad';
    return;
  }
  if (!page.lobby) return;
  const challenges = page.lobby.challenges ?? [];
  status.className = challenges.length ? 'visually-hidden' : 'muted';
  status.textContent = challenges.length ? pt('lobby.challenges_count', { n: challenges.length }) : pt('lobby.no_challenges');
  $('challenges').hidden = !challenges.length;
  $('challenges-body').replaceChildren(...challenges.map(challengeRow));
  const games = page.lobby.live ?? [];
  live.className = games.length ? 'visually-hidden' : 'muted';
  live.textContent = games.length ? pt('lobby.live_count', { n: games.length }) : pt('lobby.no_live');
  $('live').hidden = !games.length;
  $('live-body').replaceChildren(...games.map(liveRow));
}

/** Shows whether the lobby shown is live. */
function renderConnection() {
  const box = $('live-state');
  box.dataset.connected = String(page.connected);
  box.textContent = pt(page.connected ? 'lobby.connected' : (page.lobby ? 'lobby.disconnected' : 'lobby.connecting'));
  box.className = page.connected ? 'live-state visually-hidden' : 'live-state notice';
}

/**
 * Follows the lobby: each `lobby` event is drawn as it comes. The browser
 * reconnects by itself after a dropped connection; after a refusal (an
 * HTTP error ends an EventSource) the page opens a new one a little later.
 */
function follow() {
  page.source?.close();
  const waiting = page.waiting ? `?waiting=${encodeURIComponent(page.waiting.id)}` : '';
  const source = new EventSource(`/api/lobby/live${waiting}`);
  page.source = source;
  source.addEventListener('open', () => { page.connected = true; renderConnection(); });
  source.addEventListener('lobby', (e) => {
    try {
      page.lobby = /** @type {Lobby} */ (JSON.parse(/** @type {MessageEvent} */ (e).data));
      page.error = null;
    } catch {
      page.error = 'bad_message';
    }
    page.connected = true;
    lookForWaiting();
    render();
    renderWaiting();
    renderConnection();
  });
  source.addEventListener('accepted', (e) => {
    try {
      accepted(/** @type {LobbyAccepted} */ (JSON.parse(/** @type {MessageEvent} */ (e).data)).id);
    } catch {
      // Not an acceptance this page can read: the lobby goes on.
    }
  });
  source.addEventListener('error', () => {
    page.connected = false;
    renderConnection();
    if (source.readyState === EventSource.CLOSED && page.source === source) {
      setTimeout(() => { if (page.source === source) follow(); }, RETRY_MS);
    }
  });
}

async function loadOptions() {
  try {
    const res = await fetch('/api/options');
    page.options = await res.json();
  } catch {
    page.options = null;
  }
  fillTerms();
}

setUpPage('lobby.title', () => { fillTerms(); render(); renderWaiting(); renderConnection(); }, 'lobby');
fillTerms();
loadOptions();
loadName();
renderConnection();
page.waiting = keptWaiting();
renderWaiting();
follow();

$('terms').addEventListener('submit', (e) => {
  e.preventDefault();
  act(async () => {
    const asked = terms();
    await nameFirst();
    const made = await post('/api/lobby/challenges', asked);
    wait({ id: made.id, terms: asked });
  });
});
$('quick').addEventListener('click', () => act(async () => {
  const asked = terms();
  await nameFirst();
  const found = await post('/api/lobby/quick', asked);
  if (found.waiting) wait({ id: found.id, terms: asked });
  else play(found.id);
}));
$('withdraw').addEventListener('click', () => act(async () => {
  const id = page.waiting?.id;
  if (!id) return;
  try {
    await post(`/api/lobby/challenges/${encodeURIComponent(id)}/withdraw`, {});
  } catch (e) {
    // Too late: somebody accepted it, and the game is theirs to play.
    if (errorCode(e) === 'seat_taken' && page.waiting?.id === id && await takenBy(id)) {
      accepted(id);
      return;
    }
    throw e;
  }
  wait(null);
  const note = $('terms-note');
  note.textContent = pt('lobby.withdrawn');
  note.hidden = false;
}, 'waiting-error'));
