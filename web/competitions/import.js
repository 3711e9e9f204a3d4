// @ts-check
// Moving a competition here (docs/competitions.md "Files in and out"): a
// person signed in to an account chooses a `competition.json` downloaded
// from a competition's page on this or another Novuss server, or a FIDE
// TRF-16 file (Swiss-Manager's, with the match format its games were
// played in, which TRF does not say); the server replays every change
// before it stores anything, and the new competition, organised by the
// importer, opens. A refusal is worded here, with the number of the
// change that no longer fits and why (or the TRF's line and column), and
// nothing is kept.

import { ct, refusalText } from './text.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionRefusal} CompetitionRefusal */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * An import's refusal in words: a change of the file that no longer fits
 * with its number and the competition's own reason, a file that is none,
 * or any other failure as the competitions' pages word it.
 * @param {unknown} e
 */
export function importRefusalText(e) {
  const failure = /** @type {{code?: string, refusal?: CompetitionRefusal & {change?: number, refusal?: CompetitionRefusal}}} */ (e ?? {});
  const r = failure.refusal;
  if (r?.code === 'replay') {
    return ct('import.change_refused', { change: r.change, why: refusalText({ refusal: r.refusal }) });
  }
  if (!r && failure.code === 'bad_message') return ct('import.not_a_file');
  if (!r && failure.code === 'too_large') return ct('import.too_large');
  return refusalText(e);
}

/**
 * Whether `file` is a TRF-16 file: named so (Swiss-Manager writes `.trf`
 * or `.txt`), or text whose first line is a TRF record (`012 `, `001 `).
 * @param {File} file @param {string} text
 */
function isTrf(file, text) {
  const name = file.name.toLowerCase();
  if (name.endsWith('.trf')) return true;
  if (name.endsWith('.json')) return false;
  return /^\uFEFF?\d{3} /.test(text);
}

/**
 * Sends `file` to be imported: a TRF-16 file with the format chosen for
 * its games, else the bytes as `competition.json`.
 * @param {File} file
 */
async function send(file) {
  const text = await file.text();
  if (isTrf(file, text)) {
    const [kind, sets] = /** @type {HTMLSelectElement} */ ($('import-trf-format')).value.split(':');
    return fetch('/api/competitions/import/trf', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ trf: text, format: { kind, sets: Number(sets) } }),
    });
  }
  return fetch('/api/competitions/import', {
    method: 'POST',
    // The server reads the bytes as they are; JSON is what it takes.
    headers: { 'content-type': 'application/json' },
    body: await file.arrayBuffer(),
  });
}

/**
 * Shows the import to a person with an account (`account`), and sends the
 * file chosen; opens the competition made of it.
 * @param {boolean} account
 */
export function mountImport(account) {
  $('import-card').hidden = !account;
  const picker = /** @type {HTMLInputElement} */ ($('import-competition'));
  if (picker.dataset.mounted) return;
  picker.dataset.mounted = 'true';
  const status = $('import-status');
  const refused = $('import-refused');
  picker.addEventListener('change', async () => {
    const file = picker.files?.[0];
    if (!file) return;
    refused.hidden = true;
    status.hidden = false;
    status.textContent = ct('import.reading', { name: file.name });
    picker.disabled = true;
    try {
      const res = await send(file).catch(() => { throw Object.assign(new Error('import'), { code: 'network' }); });
      const answer = await res.json().catch(() => null);
      if (!res.ok) throw Object.assign(new Error('import'), { code: answer?.code || 'unknown', refusal: answer?.refusal });
      const made = /** @type {Competition} */ (answer);
      location.assign(`competition.html?id=${encodeURIComponent(made.id)}`);
    } catch (e) {
      status.hidden = true;
      refused.textContent = importRefusalText(e);
      refused.hidden = false;
      // The same file, mended, can be chosen again.
      picker.value = '';
      picker.disabled = false;
    }
  });
}
