// @ts-check
// A competition's files (docs/competitions.md "Files in and out"): for
// its organiser, a file of players (CSV or Excel) imported into the
// desk, all or nobody, a refusal worded at the file's row and column;
// for everyone, the downloads: one workbook of the standings, results
// and crosstable, and each as its own file: standings (Excel, CSV),
// results (CSV), the crosstable (CSV),
// FIDE's TRF-16 report and the whole competition as JSON
// (docs/protocol.md "Competitions' files"); and the "Print" links to the
// A4 sheets this competition has in its system and state
// (competition-print.html, docs/competitions.md "Paper").

import { ct, refusalText } from '../competitions/text.js';
import { onLanguage } from '../shared/lang.js';
import { el } from '../shared/pages.js';
import { pt } from '../paper/text.js';
import { sheetsFor, sheetHref } from '../paper/sheets.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').EntriesImported} EntriesImported */
/** @typedef {import('../shared/protocol.js').CompetitionRefusal} CompetitionRefusal */
/** @typedef {import('../shared/protocol.js').CompetitionPage} CompetitionPage */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The downloads, by the element that links each and the file's name on the server. */
const DOWNLOADS = /** @type {const} */ ([
  ['download-workbook', 'competition.xlsx'],
  ['download-standings-xlsx', 'standings.xlsx'],
  ['download-standings-csv', 'standings.csv'],
  ['download-results-csv', 'results.csv'],
  ['download-crosstable-csv', 'crosstable.csv'],
  ['download-trf', 'competition.trf'],
  ['download-json', 'competition.json'],
]);

/**
 * The type a file is sent as: what the browser says when the server takes
 * it, else by its name's ending (a browser may not know `.ods`), else
 * plain bytes (the server tells a workbook from CSV by its first bytes).
 * @param {File} file
 */
function typeOf(file) {
  const known = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.ms-excel', 'application/vnd.oasis.opendocument.spreadsheet'];
  if (known.includes(file.type)) return file.type;
  const ending = file.name.toLowerCase().split('.').pop();
  if (ending === 'csv') return 'text/csv';
  if (ending === 'xlsx') return known[1];
  if (ending === 'xls') return known[2];
  if (ending === 'ods') return known[3];
  return 'application/octet-stream';
}

/**
 * A refusal of a file in words: at its row and column when the file is at
 * fault, else as any refusal of the competition.
 * @param {unknown} e
 */
export function fileRefusalText(e) {
  const r = /** @type {{refusal?: CompetitionRefusal}} */ (e ?? {}).refusal;
  if (!r || r.code !== 'entry_file') return refusalText(e);
  const p = /** @type {{problem: string} & Record<string, unknown>} */ (r.problem ?? { problem: '' });
  const problem = p.problem === 'refused'
    ? refusalText({ refusal: p.refusal })
    : ct.has(`files.problem.${p.problem}`) ? ct(`files.problem.${p.problem}`, p) : ct('refusal.entry_file');
  if (typeof r.row !== 'number') return problem;
  return typeof r.column === 'string'
    ? ct('files.at_cell', { row: r.row, column: r.column, problem })
    : ct('files.at_row', { row: r.row, problem });
}

/**
 * The files of competition `id`: the download links, and for its
 * organiser the import; `show(c)` draws the competition an import
 * answered with. Returns what draws the print links for a competition.
 * @param {string} id
 * @param {(c: Competition) => void} show
 * @returns {(c: Competition) => void}
 */
export function mountFiles(id, show) {
  const base = `/api/competitions/${encodeURIComponent(id)}/`;
  const printLinks = mountPrintLinks(id);
  for (const [link, file] of DOWNLOADS) {
    /** @type {HTMLAnchorElement} */ ($(link)).href = base + file;
  }
  const picker = /** @type {HTMLInputElement} */ ($('import-file'));
  const note = $('import-note');
  const error = $('import-error');
  onFile(picker, note, error, base + 'entries', ct('files.nothing_entered'), (answer, name) => {
    const done = /** @type {EntriesImported} */ (answer);
    show(done.competition);
    return ct('files.entered', { name, n: done.entered });
  });
  onFile(/** @type {HTMLInputElement} */ ($('pairing-file')), $('pairing-note'), $('pairing-error'), base + 'pairing',
    ct('pairing_file.nothing_paired'), (answer, name) => {
      const c = /** @type {Competition} */ (answer);
      show(c);
      return ct('pairing_file.paired', { n: c.rounds.length, name });
    });
  return printLinks;
}

/**
 * A file chosen in `picker` sent to `path` (the organiser's list of
 * players, a round's pairing): "Reading…" in `note` meanwhile, then what
 * `done` says of the answer, or the refusal at the file's row in `error`
 * followed by `nothing` (what did not happen). The same file, mended, can
 * be chosen again.
 * @param {HTMLInputElement} picker @param {HTMLElement} note @param {HTMLElement} error
 * @param {string} path @param {string} nothing
 * @param {(answer: unknown, name: string) => string} done
 */
function onFile(picker, note, error, path, nothing, done) {
  picker.addEventListener('change', async () => {
    const file = picker.files?.[0];
    if (!file) return;
    error.hidden = true;
    note.hidden = false;
    note.textContent = ct('files.reading', { name: file.name });
    picker.disabled = true;
    document.body.dataset.busy = 'true';
    try {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': typeOf(file) },
        body: await file.arrayBuffer(),
      }).catch(() => { throw Object.assign(new Error(path), { code: 'network' }); });
      const answer = await res.json().catch(() => null);
      if (!res.ok) throw Object.assign(new Error(path), { code: answer?.code || 'unknown', refusal: answer?.refusal });
      note.textContent = done(answer, file.name);
    } catch (e) {
      note.hidden = true;
      error.textContent = `${fileRefusalText(e)} ${nothing}`;
      error.hidden = false;
    } finally {
      picker.value = '';
      picker.disabled = false;
      delete document.body.dataset.busy;
    }
  });
}

/**
 * Whether the desk offers pairing the next round from a file: a
 * competition on real tables whose next round can be paired.
 * @param {Competition} c
 */
export function pairingImportShown(c) {
  return c.setup.play?.kind !== 'online' && !c.finished && (c.rounds.length === 0 || c.rounds[c.rounds.length - 1].boards.every((b) => b.outcome));
}

/**
 * The "Print (A4)" links under the downloads: each sheet a competition
 * has now (paper/sheets.js), a round's draw and protocols for the round
 * paired last. Returns the function that draws them for the competition
 * the page holds, which the page calls whenever it draws (a new round,
 * the end, a bracket drawn), so the links follow the competition live
 * without reading it again.
 * @param {string} id
 * @returns {(c: Competition) => void}
 */
function mountPrintLinks(id) {
  const heading = el('h3', { id: 'print-heading' });
  const list = el('ul', { id: 'print-links', class: 'downloads print-links', 'aria-labelledby': 'print-heading' });
  $('downloads').append(heading, list);
  /** @type {Competition | null} */
  let held = null;
  const draw = () => {
    const c = held;
    heading.textContent = pt('link.heading');
    list.replaceChildren(...(c ? sheetsFor(c) : []).map((kind) => el('li', {},
      el('a', { href: sheetHref(id, kind, c?.rounds.length), 'data-sheet': kind }, pt(`link.${kind}`, { n: c?.rounds.length ?? 0 })))));
    heading.hidden = !list.children.length;
    list.hidden = !list.children.length;
  };
  onLanguage(draw);
  draw();
  return (c) => {
    held = c;
    draw();
  };
}
