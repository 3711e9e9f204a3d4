// @ts-check
// What every sheet of a competition on paper shares (docs/competitions.md
// "Paper"): which sheets a competition has in its system and state (the
// print page and the "Print" links on the competition's page ask the
// same), a sheet's frame (its heading, the competition, when it was
// printed), a round's name, an entrant's club, and a match's sets: how
// many rows its protocol needs and who breaks in each.

import { el, when } from '../shared/pages.js';
import { setupText, whereText } from '../competitions/text.js';
import { roundTitle } from '../competition/view.js';
import { pt } from './text.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').MatchFormat} MatchFormat */
/** @typedef {'draw' | 'protocols' | 'cards' | 'standings' | 'final' | 'crosstable' | 'bracket'} SheetKind */

/** @type {readonly SheetKind[]} Every sheet, in the order they are offered. */
export const SHEETS = ['draw', 'protocols', 'cards', 'standings', 'final', 'crosstable', 'bracket'];

/** Whether `s` names a sheet. @param {string} s @returns {s is SheetKind} */
export function isSheet(s) {
  return /** @type {readonly string[]} */ (SHEETS).includes(s);
}

/**
 * The sheets competition `c` has now: a round's draw and protocols once
 * a round is paired; standings ranked by tie-breaks (not a knock-out's or
 * a double elimination's places by how far each went: their final
 * results say that); final results once finished; a crosstable for a
 * round robin and for groups; a bracket once there is one; the table
 * cards of the round being played at real tables (none once finished),
 * for the organiser and the arbiters (`official`) only: their links
 * record results.
 * @param {Competition} c
 * @param {boolean} [official]
 * @returns {SheetKind[]}
 */
export function sheetsFor(c, official = false) {
  const kind = c.setup.system.kind;
  const paired = c.rounds.length > 0;
  const byPlace = kind === 'knockout' || kind === 'double_elimination';
  /** @type {Record<SheetKind, boolean>} */
  const has = {
    draw: paired,
    protocols: paired,
    cards: paired && official && !c.finished && c.setup.play?.kind !== 'online',
    standings: paired && (!!c.teams || (!!c.standings && !byPlace)),
    final: c.finished,
    crosstable: paired && (kind === 'round_robin' || kind === 'groups_then_knockout'),
    bracket: !!c.bracket,
  };
  return SHEETS.filter((s) => has[s]);
}

/** The address of sheet `kind` of competition `id` (`round` for a draw or protocols). @param {string} id @param {SheetKind} kind @param {number} [round] */
export function sheetHref(id, kind, round) {
  const q = new URLSearchParams({ id, sheet: kind });
  if (round && (kind === 'draw' || kind === 'protocols')) q.set('round', String(round));
  return `competition-print.html?${q}`;
}

/**
 * How many sets a match of format `f` can have, so how many rows its
 * protocol's set grid has: a best of N and N fixed sets at most N, first
 * to K at most 2K-1 (`docs/competitions.md` "Match formats"). A drawn set
 * (`000` 4.5) adds one more; the protocol says so.
 * @param {MatchFormat} f
 */
export function mostSets(f) {
  return f.kind === 'first_to' ? 2 * f.sets - 1 : f.sets;
}

/**
 * Who breaks in set `set` (from 1): the one who breaks in the first set
 * in odd sets, the other in even ones. `000` "Starting a game": the first
 * player of a pair has the first stroke; `000` 4.3: after a set the
 * players change ends and the right to start stays with the end, so the
 * other player opens the next set (the core's `Match` plays it so).
 * @param {number} set
 * @returns {'opener' | 'other'}
 */
export function breaker(set) {
  return set % 2 === 1 ? 'opener' : 'other';
}

/** An entrant's club, or ''. @param {Competition} c @param {number} n */
export function clubOf(c, n) {
  return c.entrants.find((e) => e.entrant === n)?.entry.club ?? '';
}

/** A round's name as the sheets head it: "Round 2", a knock-out's "Semi-finals (Round 2)". @param {Competition} c @param {number} n */
export function roundName(c, n) {
  return roundTitle(c, n);
}

/**
 * A sheet: one or more A4 pages of kind `kind` headed by `title`, the
 * competition's name, where and when, its set-up, and (unless `plain`)
 * the moment it was printed, then `content`.
 * @param {Competition} c @param {SheetKind} kind @param {string} title
 * @param {(Node | null)[]} content
 * @param {{plain?: boolean}} [options]
 */
export function sheet(c, kind, title, content, { plain = false } = {}) {
  const where = whereText(c.setup);
  return el('section', { class: `sheet sheet-${kind}`, 'data-sheet': kind },
    el('header', { class: 'sheet-head' },
      el('p', { class: 'sheet-comp' }, c.setup.name, where ? el('span', { class: 'sheet-where' }, ` · ${where}`) : null),
      el('h2', { class: 'sheet-title' }, title),
      el('p', { class: 'sheet-setup' }, setupText(c.setup)),
      plain ? null : el('p', { class: 'sheet-asof' }, pt('paper.as_of', { when: when(Date.now() / 1000), changes: c.changes }))),
    content);
}
