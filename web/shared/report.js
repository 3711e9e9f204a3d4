// @ts-check
// Reporting to the site's moderators (docs/moderation.md): a chat line, a
// player's name or a player. One small dialog, the same wherever it opens
// (the chat beside a game, a player's page): a reason from a short list,
// an optional note, sent as `POST /api/reports`. Its words are the game's
// (`report.` ids of locales/<lang>/game.js), which every page loads.

import { t, errorText } from './text.js';

/** @typedef {import('./protocol.js').ReportAsk} ReportAsk */

/** The reasons offered for each kind of report, in order. */
const REASONS = {
  chat_line: ['abuse', 'spam', 'other'],
  name: ['name', 'abuse', 'other'],
  player: ['cheating', 'abuse', 'spam', 'other'],
};

/** @type {HTMLDialogElement | null} */
let open = null;

/**
 * @param {string} tag
 * @param {Record<string, string>} [attrs]
 * @param {...(Node | string)} kids
 */
function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids);
  return e;
}

/**
 * Opens the report form for what `ask` names (all but the reason and the
 * note); `about` says what in words ("Anna: …"). Focus returns to
 * `back` when it closes.
 * @param {Omit<ReportAsk, 'reason' | 'note'>} ask
 * @param {string} about
 * @param {HTMLElement | null} back
 */
export function openReport(ask, about, back) {
  open?.close();
  const reasons = REASONS[ask.kind];
  const select = /** @type {HTMLSelectElement} */ (h('select', { id: 'report-reason', name: 'reason' },
    ...reasons.map((r) => h('option', { value: r }, t(`report.reason.${r}`)))));
  const note = /** @type {HTMLTextAreaElement} */ (h('textarea', { id: 'report-note', name: 'note', maxlength: '500', rows: '3' }));
  const status = h('p', { id: 'report-status', class: 'muted small', role: 'status', 'aria-live': 'polite' });
  const send = /** @type {HTMLButtonElement} */ (h('button', { type: 'submit', class: 'button primary', id: 'report-send' }, t('report.send')));
  const cancel = /** @type {HTMLButtonElement} */ (h('button', { type: 'button', class: 'button', id: 'report-cancel' }, t('report.cancel')));
  const form = h('form', { method: 'dialog', class: 'report-form' },
    h('h2', { id: 'report-heading' }, t(`report.heading.${ask.kind}`)),
    h('p', { class: 'report-about' }, about),
    h('label', { for: 'report-reason' }, t('report.reason')), select,
    h('label', { for: 'report-note' }, t('report.note')), note,
    h('p', { class: 'muted small' }, t('report.private')),
    status,
    h('div', { class: 'report-buttons' }, send, cancel));
  const dialog = /** @type {HTMLDialogElement} */ (h('dialog', { id: 'report-dialog', 'aria-labelledby': 'report-heading' }, form));
  document.body.append(dialog);
  open = dialog;
  const close = () => {
    dialog.close();
  };
  dialog.addEventListener('close', () => {
    dialog.remove();
    if (open === dialog) open = null;
    back?.focus();
  });
  cancel.addEventListener('click', close);
  form.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    send.disabled = true;
    status.textContent = t('report.sending');
    /** @type {ReportAsk} */
    const body = { ...ask, reason: /** @type {ReportAsk['reason']} */ (select.value) };
    if (note.value.trim()) body.note = note.value.trim();
    let code = null;
    try {
      const res = await fetch('/api/reports', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) code = (await res.json().catch(() => null))?.code ?? 'unknown';
    } catch {
      code = 'network';
    }
    if (code) {
      status.textContent = `${t('report.failed')} ${errorText(code)}`;
      send.disabled = false;
      return;
    }
    // Said where the form was, so that nobody is left on a vanished control.
    form.replaceChildren(h('h2', { id: 'report-heading' }, t('report.thanks')),
      h('p', {}, t('report.thanks_more')),
      h('div', { class: 'report-buttons' }, (() => {
        const ok = h('button', { type: 'button', class: 'button', id: 'report-close' }, t('report.close'));
        ok.addEventListener('click', close);
        return ok;
      })()));
    /** @type {HTMLElement} */ (form.querySelector('#report-close'))?.focus();
  });
  dialog.showModal();
  select.focus();
}
