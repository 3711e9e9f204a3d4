// @ts-check
// A bracket on paper (docs/competitions.md "Paper"): the competition
// page's own bracket (competition/bracket.js: a column per round, each
// match's two sides, the one who went on in bold, the result), laid out
// for A4 by paper.css; a double elimination's winners', losers' and
// grand-final parts one under another.

import { el } from '../shared/pages.js';
import { bracketView } from '../competition/bracket.js';
import { pt } from './text.js';
import { sheet } from './sheets.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */

/** The bracket sheet, or a sentence when there is none. @param {Competition} c */
export function bracketSheet(c) {
  const view = bracketView(c);
  return sheet(c, 'bracket', pt('bracket.heading'), [view ?? el('p', { class: 'warning' }, pt('bracket.none'))]);
}
