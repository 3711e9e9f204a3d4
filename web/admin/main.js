// @ts-check
// The moderators' page (docs/moderation.md): the reports queue, a
// person's history (their lines, the reports about them, what moderators
// did), and the actions: hide or show a line, rename, mute, ban, close,
// each with the reason written at the top, and each undone from the log.
// Only a site administrator gets anything (`403 not_admin` otherwise);
// who may is the server's policy, not this page's.

import { el, refusal, setUpPage, when } from '../shared/pages.js';
import { pt } from '../shared/pages-text.js';
import { t } from '../shared/text.js';
import { errorCode } from '../shared/net.js';

/** @typedef {import('../shared/protocol.js').ReportView} ReportView */
/** @typedef {import('../shared/protocol.js').LogEntry} LogEntry */
/** @typedef {import('../shared/protocol.js').PersonFile} PersonFile */
/** @typedef {import('../shared/protocol.js').ActionAsk} ActionAsk */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * @type {{error: string | null, busy: boolean, reports: ReportView[], log: LogEntry[],
 *   person: PersonFile | null, done: string | null}}
 */
const page = { error: null, busy: false, reports: [], log: [], person: null, done: null };

/**
 * A JSON request; a refusal throws its code.
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 */
async function call(method, path, body) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw Object.assign(new Error('network'), { code: 'network' });
  }
  const json = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error('refused'), { code: json?.code || 'unknown' });
  return json;
}

/** Reads the queue and the log again (and the person shown, if any). */
async function load() {
  try {
    const all = /** @type {HTMLInputElement} */ ($('show-closed')).checked;
    page.reports = (await call('GET', `/api/admin/reports${all ? '?all=1' : ''}`)).reports;
    page.log = (await call('GET', '/api/admin/log')).entries;
    if (page.person) page.person = await call('GET', `/api/admin/people/${encodeURIComponent(page.person.id)}`);
    page.error = null;
  } catch (e) {
    page.error = errorCode(e, 'unknown');
  }
  render();
}

/** @param {string} id */
async function openPerson(id) {
  try {
    page.person = await call('GET', `/api/admin/people/${encodeURIComponent(id)}`);
    page.error = null;
  } catch (e) {
    page.error = errorCode(e, 'unknown');
  }
  render();
  $('person-heading').setAttribute('tabindex', '-1');
  $('person-heading').focus();
}

/** The reason written at the top, or `null` (and the field shows it is needed). */
function reason() {
  const field = /** @type {HTMLInputElement} */ ($('reason'));
  const text = field.value.trim();
  $('reason-form').classList.toggle('missing', !text);
  if (!text) {
    $('reason-hint').textContent = pt('admin.reason_needed');
    field.focus();
    return null;
  }
  $('reason-hint').textContent = pt('admin.reason_hint');
  return text;
}

/**
 * Takes an action (or an undoing, with `undo` the action's id).
 * @param {Omit<ActionAsk, 'reason'> | null} ask
 * @param {string} [undo]
 */
async function act(ask, undo) {
  const why = reason();
  if (!why || page.busy) return;
  page.busy = true;
  render();
  try {
    if (undo) await call('POST', `/api/admin/actions/${encodeURIComponent(undo)}/undo`, { reason: why });
    else if (ask) await call('POST', '/api/admin/actions', { ...ask, reason: why });
    page.done = pt('admin.done');
    page.error = null;
  } catch (e) {
    page.error = errorCode(e, 'unknown');
    page.done = null;
  }
  page.busy = false;
  await load();
}

/** @param {string} id */
async function dismiss(id) {
  const why = reason();
  if (!why || page.busy) return;
  page.busy = true;
  try {
    await call('POST', `/api/admin/reports/${encodeURIComponent(id)}/close`, { reason: why });
    page.done = pt('admin.dismissed');
  } catch (e) {
    page.error = errorCode(e, 'unknown');
  }
  page.busy = false;
  await load();
}

/**
 * @param {string} label
 * @param {() => void} run
 * @param {Record<string, string>} [attrs]
 */
function button(label, run, attrs = {}) {
  const b = el('button', { type: 'button', class: 'button', ...attrs }, label);
  b.addEventListener('click', run);
  /** @type {HTMLButtonElement} */ (b).disabled = page.busy;
  return b;
}

/** A chat line's words as shown: a preset in the reader's language. @param {{preset?: string, text?: string}} l */
function said(l) {
  return l.preset ? t(`chat.preset.${l.preset}`) : (l.text ?? '');
}

/** @param {ReportView} r */
function reportItem(r) {
  const about = r.person_name || r.person.slice(0, 8);
  const what = r.kind === 'chat_line' && r.what?.startsWith('(') ? t(`chat.preset.${r.what.slice(1, -1)}`) : (r.what ?? '');
  const actions = [button(pt('admin.open_person'), () => openPerson(r.person), { 'data-open': r.person })];
  if (!r.closed) {
    if (r.kind === 'chat_line' && r.game && r.line) {
      const game = r.game;
      const line = r.line;
      actions.push(button(pt('admin.hide_line'), () => act({ action: 'hide_line', person: r.person, game, line, report: r.id }), { 'data-hide': `${game}:${line}` }));
    }
    actions.push(button(pt('admin.dismiss'), () => dismiss(r.id)));
  }
  return el('li', { class: r.closed ? 'closed' : 'open', 'data-report': r.id },
    el('span', { class: 'meta' }, `${when(r.at)} · ${pt(`admin.kind.${r.kind}`)} · ${t(`report.reason.${r.reason}`)} · ${pt('admin.by', { name: r.reporter_name || r.reporter.slice(0, 8) })}`),
    el('strong', {}, about),
    what ? el('span', { class: 'what' }, what) : null,
    r.note ? el('span', { class: 'meta' }, pt('admin.note', { note: r.note })) : null,
    r.closed ? el('span', { class: 'meta' }, pt('admin.closed_at', { when: when(r.closed) })) : null,
    el('div', { class: 'admin-actions' }, ...actions));
}

/** @param {LogEntry} e */
function logItem(e) {
  const whom = e.person_name || e.person.slice(0, 8);
  const renamed = e.action === 'rename' ? ` (${e.name_before ?? '—'} → ${e.name_after ?? '—'})` : '';
  const undoable = !e.undone_by && !e.undoes;
  return el('li', { class: e.undone_by ? 'undone' : '', 'data-action': e.id },
    el('span', { class: 'meta' }, `${when(e.at)} · ${pt('admin.by', { name: e.admin_name || e.admin.slice(0, 8) })}`),
    el('strong', {}, `${pt(`admin.action.${e.action}`)}${renamed}`),
    el('span', { class: 'what' }, `${whom} · ${pt('admin.because', { reason: e.reason })}`),
    e.undone_by ? el('span', { class: 'meta' }, pt('admin.undone')) : null,
    el('div', { class: 'admin-actions' },
      e.person !== page.person?.id ? button(pt('admin.open_person'), () => openPerson(e.person)) : null,
      undoable ? button(pt('admin.undo'), () => act(null, e.id), { 'data-undo': e.id }) : null));
}

function renderPerson() {
  const p = page.person;
  $('person-box').hidden = !p;
  if (!p) return;
  $('person-heading').textContent = pt('admin.person_heading', { name: p.name || p.username || p.id.slice(0, 8) });
  const s = p.standing;
  $('person-standing').replaceChildren(
    p.username ? el('span', { class: 'badge' }, pt('admin.account', { username: p.username })) : el('span', { class: 'badge' }, pt('admin.no_account')),
    ...(['muted', 'banned', 'closed', 'admin']).filter((k) => s[/** @type {'muted'} */ (k)]).map((k) => el('span', { class: 'badge on' }, pt(`admin.standing.${k}`))));
  const simple = (/** @type {ActionAsk['action']} */ action) => button(pt(`admin.action.${action}`), () => act({ action, person: p.id }), { 'data-act': action });
  $('person-actions').replaceChildren(
    simple(s.muted ? 'unmute' : 'mute'),
    simple(s.banned ? 'unban' : 'ban'),
    simple(s.closed ? 'reopen' : 'close'));
  $('person-lines').replaceChildren(...(p.lines.length ? p.lines.map((l) => el('li', { 'data-line': `${l.game}:${l.number}` },
    el('span', { class: 'meta' }, `${when(l.at)} · ${l.hidden ? pt('admin.hidden') : pt('admin.shown')}`),
    el('span', { class: `what${l.hidden ? ' hidden-line' : ''}` }, said(l)),
    el('div', { class: 'admin-actions' }, button(pt(l.hidden ? 'admin.show_line' : 'admin.hide_line'),
      () => act({ action: l.hidden ? 'show_line' : 'hide_line', person: p.id, game: l.game, line: l.number }))))) : [el('li', { class: 'muted' }, pt('admin.no_lines'))]));
  $('person-log').replaceChildren(...(p.log.length ? p.log.map(logItem) : [el('li', { class: 'muted' }, pt('admin.no_actions'))]));
}

function render() {
  const status = $('admin-status');
  const allowed = page.error !== 'not_admin' && page.error !== 'not_a_person';
  $('admin-body').hidden = !allowed;
  if (!allowed) {
    status.textContent = pt('admin.not_admin');
    status.className = 'notice bad';
    return;
  }
  status.className = page.error ? 'notice bad' : 'muted';
  status.textContent = page.error ? `${pt('admin.failed')} ${refusal(page.error)}` : (page.done ?? pt('admin.ready'));
  $('no-reports').hidden = page.reports.length > 0;
  $('reports').replaceChildren(...page.reports.map(reportItem));
  $('log').replaceChildren(...page.log.map(logItem));
  renderPerson();
  document.body.dataset.ready = 'true';
}

setUpPage('admin.title', render, null);
$('show-closed').addEventListener('change', load);
$('reason-form').addEventListener('submit', (ev) => ev.preventDefault());
$('rename-form').addEventListener('submit', (ev) => {
  ev.preventDefault();
  if (!page.person) return;
  const name = /** @type {HTMLInputElement} */ ($('rename')).value.trim();
  act({ action: 'rename', person: page.person.id, name: name || null });
});
load();
