// @ts-check
// The history page: the games the server keeps (GET /api/games), newest
// first, each with a link to watch it and, when it is not finished, to
// resume it; and an upload of a game record (POST /api/records), which
// becomes a new game only if the server replays it exactly.

import { t } from '../shared/text.js';
import { formatText } from '../shared/panel.js';
import { pt } from '../shared/pages-text.js';
import { setUpPage, when, playersLine, contender, refusal, el, icon } from '../shared/pages.js';
import { errorCode } from '../shared/net.js';
import { byId as $ } from '../shared/dom.js';

/** A game of the list; rows from before `who` name their players only. @typedef {import('../shared/protocol.js').GameSummary & {players?: string[]}} ListedGame */
/** @typedef {import('../shared/pages.js').ListedPlayer} ListedPlayer */

/**
 * A record being uploaded, stored, or refused with the refusal's code.
 * @typedef {{state: 'sending' | 'stored', file: string} | {state: 'refused', file: string, code: string, detail?: string}} Upload
 */
// docs/protocol.md "Uploads": a record may be at most 8 MiB.
const MAX_RECORD = 8 * 1024 * 1024;

// Unfinished games this browser removed from its list. The list is the
// server's, shared by everyone who uses it, and nobody here has an
// identity yet: removing a game hides it on this browser, deleting
// nothing of anyone's (online play brings deleting one's own games).
const HIDDEN = 'novuss.hidden';

/** @returns {Set<string>} */
function hiddenIds() {
  try { return new Set(JSON.parse(localStorage.getItem(HIDDEN) ?? 'null') || []); } catch { return new Set(); }
}
/** @param {Set<string>} ids */
function saveHidden(ids) { localStorage.setItem(HIDDEN, JSON.stringify([...ids].slice(-500))); }

const page = {
  showHidden: false,
  /** @type {ListedGame[] | null} the list, once loaded */
  games: null,
  /** @type {string | null} */
  loadError: null,
  /** @type {Upload | null} */
  upload: null,
};

async function loadGames() {
  try {
    const res = await fetch('/api/games');
    const body = await res.json().catch(() => null);
    if (!res.ok || !Array.isArray(body)) throw Object.assign(new Error('list'), { code: body?.code || 'unknown' });
    page.games = body;
    page.loadError = null;
  } catch (e) {
    page.loadError = errorCode(e);
  }
  renderGames();
}

/**
 * The players of a list entry: `who` when the server gives it, else the names.
 * @param {ListedGame} g
 * @returns {ListedPlayer[]}
 */
function whoOf(g) {
  if (Array.isArray(g.who) && g.who.length) return g.who;
  return (g.players || []).map((name) => ({ name, kind: 'human' }));
}

/**
 * The result's cell: who won and the sets, or that the game goes on.
 * @param {ListedGame} g
 * @param {ListedPlayer[]} who
 */
function resultCell(g, who) {
  const score = (g.score || []).join('–');
  if (!g.over) {
    return el('td', { 'data-label': pt('col.result'), class: 'result unfinished' },
      el('span', { class: 'tag open' }, pt('game.unfinished')),
      score ? el('span', { class: 'score' }, pt('game.sets', { score })) : null);
  }
  const s = g.score || [];
  const best = Math.max(...s);
  // The server says who won (a resignation can win at any score); older
  // rows are read off the score.
  const winners = g.winner !== undefined && Number.isInteger(g.winner) ? [g.winner] : s.map((x, k) => (x === best ? k : -1)).filter((k) => k >= 0);
  // A match of a fixed, even number of sets can end level (3–3 of six).
  const level = s.length > 1 && s.every((x) => x === s[0]);
  const line = g.aborted ? pt('game.aborted')
    : winners.length === 1 ? pt('game.won_by', { name: contender(g.format, who, winners[0]) })
      : level ? pt('game.drawn') : pt('game.finished');
  // The winner's sets first, as a result is said.
  const won = winners.length === 1 ? [s[winners[0]], ...s.filter((_, k) => k !== winners[0])].join('–') : score;
  return el('td', { 'data-label': pt('col.result'), class: 'result over' },
    el('span', { class: 'winner' }, line),
    won ? el('span', { class: 'score' }, pt('game.sets', { score: won })) : null);
}

/** @param {ListedGame} g */
function row(g) {
  const who = whoOf(g);
  const players = playersLine(g.format, who);
  // The list is ordered by the last stroke played (docs/protocol.md): that is its date.
  const at = g.updated ?? g.created ?? 0;
  const date = when(at);
  const id = encodeURIComponent(g.id);
  const strokes = typeof g.strokes === 'number' ? g.strokes : null;
  return el('tr', { 'data-game': g.id, class: g.over ? 'over' : 'open' },
    el('td', { 'data-label': pt('col.when'), class: 'when' }, el('time', { datetime: new Date(at * 1000).toISOString() }, date)),
    el('td', { 'data-label': pt('col.players'), class: 'who-cell' },
      el('span', { class: 'names' }, players),
      g.origin === 'uploaded' ? el('span', { class: 'tag uploaded', title: pt('game.uploaded_title') }, pt('game.uploaded')) : null),
    el('td', { 'data-label': pt('col.game'), class: 'kind' },
      [t(`format.short.${g.format}`), t(`profile.${g.profile}`), formatText(g.match_format, g.sets)].join(' · ')),
    resultCell(g, who),
    el('td', { 'data-label': pt('col.strokes'), class: 'num strokes' }, strokes === null ? '—' : String(strokes)),
    el('td', { class: 'actions' },
      g.over ? null : el('a', { class: 'button resume', href: `/#game=${id}`, 'aria-label': pt('action.resume_label', { players, when: date }) }, pt('action.resume')),
      el('a', { class: 'button watch', href: `replay.html#game=${id}`, 'aria-label': pt('action.watch_label', { players, when: date }) }, pt('action.watch')),
      g.over ? null : hideButton(g, players, date)),
  );
}

/**
 * Remove an unfinished game from this browser's list (or put it back).
 * @param {ListedGame} g
 * @param {string} players
 * @param {string} date
 */
function hideButton(g, players, date) {
  const hidden = hiddenIds().has(g.id);
  const b = el('button', { type: 'button', class: 'button hide', 'aria-label': pt(hidden ? 'action.unhide_label' : 'action.hide_label', { players, when: date }) },
    pt(hidden ? 'action.unhide' : 'action.hide'));
  b.onclick = () => {
    const ids = hiddenIds();
    if (ids.has(g.id)) ids.delete(g.id); else ids.add(g.id);
    saveHidden(ids);
    renderGames();
    $('games-status').textContent = pt(hidden ? 'history.unhidden' : 'history.hidden_one');
  };
  return b;
}

function renderGames() {
  const status = $('games-status');
  const table = $('games');
  if (page.loadError) {
    status.replaceChildren(pt('history.load_failed'), ' ', refusal(page.loadError));
    status.className = 'notice bad';
    table.hidden = true;
    return;
  }
  if (!page.games) {
    status.textContent = pt('history.loading');
    status.className = 'muted';
    return;
  }
  if (!page.games.length) {
    status.replaceChildren(pt('history.empty'), ' ', el('a', { href: '/' }, pt('history.start_one')));
    status.className = 'muted';
    table.hidden = true;
    return;
  }
  status.textContent = '';
  status.className = 'visually-hidden';
  table.hidden = false;
  const hidden = hiddenIds();
  const shown = page.games.filter((g) => page.showHidden || g.over || !hidden.has(g.id));
  $('games-body').replaceChildren(...shown.map(row));
  const n = page.games.filter((g) => !g.over && hidden.has(g.id)).length;
  const toggle = $('show-hidden', HTMLButtonElement);
  toggle.hidden = n === 0 && !page.showHidden;
  toggle.textContent = pt(page.showHidden ? 'history.hide_removed' : 'history.show_removed', { n });
  toggle.onclick = () => { page.showHidden = !page.showHidden; renderGames(); };
}

// ---- Uploading a record --------------------------------------------------------

function renderUpload() {
  const u = page.upload;
  const status = $('upload-status');
  const box = $('upload-error');
  status.textContent = u?.state === 'sending' ? pt('upload.sending', { file: u.file })
    : u?.state === 'stored' ? pt('upload.stored') : '';
  box.hidden = u?.state !== 'refused';
  if (u?.state !== 'refused') { box.replaceChildren(); return; }
  box.dataset.code = u.code;
  // (A refusal without a detail has no details: replaceChildren would write a null out as text.)
  box.replaceChildren(
    el('p', { class: 'notice-head' }, icon('warn'), el('strong', {}, pt('upload.refused', { file: u.file }))),
    el('p', {}, refusal(u.code)),
    el('p', { class: 'nothing-stored' }, pt('upload.nothing_stored')),
    ...(u.detail ? [el('details', {}, el('summary', {}, pt('upload.detail')), el('code', {}, u.detail))] : []),
  );
}

/** @param {File} file a game record */
async function upload(file) {
  page.upload = { state: 'sending', file: file.name };
  renderUpload();
  if (file.size > MAX_RECORD) {
    page.upload = { state: 'refused', file: file.name, code: 'too_large' };
    renderUpload();
    return;
  }
  let text;
  try {
    text = await file.text();
  } catch {
    page.upload = { state: 'refused', file: file.name, code: 'read_failed' };
    renderUpload();
    return;
  }
  let res;
  /** @type {Partial<import('../shared/protocol.js').State & import('../shared/protocol.js').Failure> | null} */
  let body = null;
  try {
    res = await fetch('/api/records', { method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
    body = await res.json().catch(() => null);
  } catch (e) {
    page.upload = { state: 'refused', file: file.name, code: 'network', detail: String(e) };
    renderUpload();
    return;
  }
  if (res.ok && body?.id) {
    page.upload = { state: 'stored', file: file.name };
    renderUpload();
    location.assign(`replay.html#game=${encodeURIComponent(body.id)}`);
    return;
  }
  const code = body?.code || (res.status === 413 ? 'too_large' : 'unknown');
  page.upload = { state: 'refused', file: file.name, code, detail: body?.detail || '' };
  renderUpload();
  // Nothing was stored: the list read again says so too.
  loadGames();
}

function wire() {
  $('upload-icon').replaceWith(icon('upload'));
  const input = $('record-file', HTMLInputElement);
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) uploads again.
    if (file) upload(file).finally(() => { input.value = ''; });
  });
}

setUpPage('history.title', () => { renderGames(); renderUpload(); }, 'history');
wire();
loadGames();

// For tests and the curious.
Object.assign(window, {
  novussHistory: {
    get games() { return page.games; },
    get upload() { return page.upload; },
    reload: loadGames,
  },
});
