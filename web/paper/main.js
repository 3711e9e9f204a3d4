// @ts-check
// A competition on paper (competition-print.html?id=ID&sheet=KIND[&round=R];
// docs/competitions.md "Paper"): A4 sheets to print from the browser (the
// Print button is window.print(); "Save as PDF" makes a file). The
// competition is read once: a printout is the competition as it stood
// then, and each sheet says when that was. On screen, above the sheets,
// the other sheets this competition has and, for a round's draw or
// protocols, the round; none of that is printed (paper.css).

import { fillTexts, onLanguage } from '../shared/lang.js';
import { mountHeader } from '../shared/header.js';
import { refusalText } from '../competitions/text.js';
import { el } from '../shared/pages.js';
import { readCompetition, roundTitle } from '../competition/view.js';
import { pt } from './text.js';
import { isSheet, sheetsFor, sheetHref } from './sheets.js';
import { drawSheet } from './draw.js';
import { protocolsSheet } from './protocols.js';
import { standingsSheet } from './standings.js';
import { finalSheet } from './final.js';
import { crosstableSheet } from './crosstable.js';
import { bracketSheet } from './bracket.js';
import { cardsSheet } from './cards.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('./sheets.js').SheetKind} SheetKind */
/** @typedef {import('../shared/protocol.js').TableCard} TableCard */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));
const query = new URLSearchParams(location.search);
const id = query.get('id') ?? '';
const asked = query.get('sheet') ?? 'draw';

const state = {
  /** @type {Competition | null} */ competition: null,
  /** @type {string | null} */ failed: null,
  /** Whether the visitor is the organiser or an arbiter (the table cards are theirs). */ official: false,
  /** The table cards, for that sheet: `null` until read, or when refused. @type {TableCard[] | null} */ cards: null,
  /** The round of a draw or protocols; 0 until the competition says which. */ round: Number(query.get('round')) || 0,
};

/** Says `text` above the sheets (or nothing). @param {string | null} text */
function notice(text) {
  $('notice').hidden = !text;
  $('notice').textContent = text ?? '';
}

/** The links to this competition's other sheets, the one shown marked. @param {Competition} c */
function sheetLinks(c) {
  const round = state.round || c.rounds.length;
  $('sheet-links').replaceChildren(...sheetsFor(c, state.official).map((kind) => el('li', {},
    el('a', { href: sheetHref(id, kind, round), 'data-sheet': kind, 'aria-current': kind === asked ? 'page' : null }, pt(`sheet.${kind}`)))));
}

/** The round choice of a draw or protocols. @param {Competition} c */
function roundChoice(c) {
  const show = (asked === 'draw' || asked === 'protocols') && c.rounds.length > 0;
  $('round-box').hidden = !show;
  if (!show) return;
  const select = /** @type {HTMLSelectElement} */ ($('round'));
  select.replaceChildren(...c.rounds.map((r) => el('option', { value: r.number }, roundTitle(c, r.number))));
  select.value = String(state.round);
}

/**
 * The sheet asked for, or why there is none.
 * @param {Competition} c
 * @returns {{sheet: HTMLElement | null, why: string | null}}
 */
function draw(c) {
  if (!isSheet(asked)) return { sheet: null, why: pt('paper.unknown_sheet', { sheet: asked }) };
  const kind = /** @type {SheetKind} */ (asked);
  if (kind === 'draw' || kind === 'protocols') {
    if (!c.rounds.length) return { sheet: null, why: pt('paper.no_round') };
    const r = c.rounds[state.round - 1];
    if (!r) return { sheet: null, why: pt('paper.round_missing', { n: state.round, count: c.rounds.length }) };
    return { sheet: kind === 'draw' ? drawSheet(c, r) : protocolsSheet(c, r), why: null };
  }
  if (kind === 'cards') {
    if (!state.official) return { sheet: null, why: pt('cards.organiser_only') };
    if (!sheetsFor(c, true).includes('cards') || !state.cards?.length) return { sheet: null, why: pt('cards.none') };
    return { sheet: cardsSheet(c, state.cards), why: null };
  }
  if (kind === 'crosstable' && !sheetsFor(c).includes('crosstable')) return { sheet: null, why: pt('cross.none') };
  if (kind === 'standings' && !sheetsFor(c).includes('standings')) return { sheet: null, why: pt('paper.not_applicable') };
  if (kind === 'standings') return { sheet: standingsSheet(c), why: null };
  // Final results before the end say that the places are so far.
  if (kind === 'final') return { sheet: finalSheet(c), why: null };
  if (kind === 'crosstable') return { sheet: crosstableSheet(c), why: null };
  return { sheet: bracketSheet(c), why: null };
}

function render() {
  const c = state.competition;
  const print = /** @type {HTMLButtonElement} */ ($('print'));
  if (!c) {
    if (state.failed) {
      $('title').textContent = pt('paper.load_failed');
      notice(state.failed);
    }
    return;
  }
  // The last round unless the address names one.
  if (!state.round) state.round = c.rounds.length;
  const name = isSheet(asked) ? pt(`sheet.${asked}`) : asked;
  document.title = pt('paper.title', { sheet: name, name: c.setup.name });
  $('title').textContent = `${name} — ${c.setup.name}`;
  /** @type {HTMLAnchorElement} */ ($('back')).href = `competition.html?id=${encodeURIComponent(id)}`;
  sheetLinks(c);
  roundChoice(c);
  const { sheet, why } = draw(c);
  notice(why);
  $('sheets').replaceChildren(...(sheet ? [sheet] : []));
  print.disabled = !sheet;
  document.body.dataset.sheet = asked;
  document.body.dataset.ready = 'true';
}

/** Reads the competition once. */
async function load() {
  if (!id) {
    state.failed = pt('paper.no_id');
    render();
    return;
  }
  try {
    const page = await readCompetition(id);
    state.competition = page.competition;
    state.official = page.may_change;
    if (asked === 'cards' && state.official) {
      const cards = await fetch(`/api/competitions/${encodeURIComponent(id)}/tables`);
      state.cards = cards.ok ? await cards.json() : null;
    }
  } catch (e) {
    state.failed = refusalText(e);
    document.body.dataset.ready = 'true';
  }
  render();
}

$('print').addEventListener('click', () => window.print());
$('round').addEventListener('change', (e) => {
  state.round = Number(/** @type {HTMLSelectElement} */ (e.target).value);
  // The address names the round shown, so that a reload or a shared link shows it again.
  const q = new URLSearchParams(location.search);
  q.set('round', String(state.round));
  history.replaceState(null, '', `?${q}`);
  render();
});

mountHeader(null);
const words = () => {
  fillTexts(document, pt);
  if (!state.competition) document.title = pt('paper.title_loading');
  render();
};
words();
onLanguage(words);
load();
