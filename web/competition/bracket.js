// @ts-check
// A bracket as the server resolves it (docs/protocol.md "Competitions",
// `bracket`): a column per round, each match a box of its two sides (an
// entrant, where a side comes from while undecided, or nobody), the one
// who went on marked, with the result once in. A double elimination
// draws its winners' bracket, then its losers' bracket, then the grand
// final (and its reset) under it, each part with its own columns. No
// state of its own.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';
import { entryName, outcomeText } from './view.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').Bracket} Bracket */
/** @typedef {import('../shared/protocol.js').BracketTie} BracketTie */
/** @typedef {import('../shared/protocol.js').BracketSlot} BracketSlot */

/** A side of a match in words and marks. @param {Competition} c @param {BracketSlot} s @param {number | null} winner */
function side(c, s, winner) {
  if (s.kind === 'entrant') {
    const e = c.entrants.find((x) => x.entrant === s.entrant);
    const seed = (c.bracket?.seeds.indexOf(s.entrant) ?? -1) + 1;
    const won = winner === s.entrant;
    const out = winner !== null && !won;
    return el('li', { class: `side${won ? ' won' : ''}${out ? ' out' : ''}`, 'data-entrant': s.entrant },
      el('span', { class: 'seed muted' }, seed ? String(seed) : ''),
      el('span', { class: 'pname' }, e ? entryName(e.entry) : `#${s.entrant}`),
      won ? el('span', { class: 'visually-hidden' }, ` (${ct('ko.went_on')})`) : null);
  }
  if (s.kind === 'nobody') return el('li', { class: 'side nobody muted' }, el('span', { class: 'seed' }), el('span', { class: 'pname' }, ct('ko.nobody')));
  const src = s.source;
  const text = 'winner_of' in src ? ct('ko.winner_of', { n: src.winner_of })
    : 'loser_of' in src ? ct('ko.loser_of', { n: src.loser_of }) : ct('ko.seed', { n: src.seed });
  return el('li', { class: 'side awaits muted' }, el('span', { class: 'seed' }), el('span', { class: 'pname' }, text));
}

/** A match's box. @param {Competition} c @param {BracketTie} t */
function tieBox(c, t) {
  const board = t.board === null ? null : c.rounds[t.round - 1]?.boards[t.board - 1];
  const walkover = t.winner !== null && (t.a.kind === 'nobody' || t.b.kind === 'nobody');
  // A grand final's reset with nobody on one side was not needed: the
  // winners' champion won the first final.
  const unneeded = walkover && t.part === 'final' && t.column === 2;
  const state = board?.outcome ? outcomeText(board.outcome)
    : unneeded ? ct('ko.reset_not_needed')
      : walkover ? ct('ko.walkover')
        : board ? ct(board.table === null ? 'board.waiting' : 'board.table', { n: board.table ?? 0 }) : '';
  return el('div', { class: `tie${t.third_place ? ' third' : ''}`, 'data-tie': t.number },
    el('p', { class: 'tie-head muted small' },
      t.third_place ? ct('ko.third_place') : ct('ko.match', { n: t.number }),
      state ? el('span', { class: 'tie-state' }, ` · ${state}`) : null),
    el('ol', { class: 'sides' }, side(c, t.a, t.winner), side(c, t.b, t.winner)));
}

/**
 * A column's name: in the winners' bracket the final, semi-finals,
 * quarter-finals or round of N counted from its last column (the
 * winners' final in a double elimination); the losers' rounds and
 * final; the grand final and its reset.
 * @param {Bracket} b @param {BracketTie['part']} part @param {number} column @param {boolean} double
 */
function columnName(b, part, column, double) {
  if (part === 'final') return ct(column === 1 ? 'ko.grand_final' : 'ko.reset');
  if (part === 'losers') {
    const last = Math.max(...b.ties.filter((t) => t.part === 'losers').map((t) => t.column));
    return column === last ? ct('ko.losers_final') : ct('ko.losers_round', { n: column });
  }
  const fromEnd = b.rounds - column;
  if (fromEnd === 0) {
    if (double) return ct('ko.winners_final');
    return ct(b.ties.some((t) => t.third_place) ? 'ko.final_third' : 'ko.final');
  }
  if (fromEnd === 1) return ct('ko.semi');
  if (fromEnd === 2) return ct('ko.quarter');
  return ct('ko.round_of', { n: 2 ** (fromEnd + 1) });
}

/** One part's columns, named. @param {Competition} c @param {Bracket} b @param {BracketTie['part']} part @param {boolean} double */
function columns(c, b, part, double) {
  const ties = b.ties.filter((t) => t.part === part);
  const numbers = [...new Set(ties.map((t) => t.column))].sort((x, y) => x - y);
  return el('div', { class: 'bracket', 'data-part': part }, numbers.map((n) => {
    const name = columnName(b, part, n, double);
    // A single bracket's columns are its rounds (`data-round`, as before
    // the double elimination's parts).
    return el('section', { class: 'bracket-round', 'data-column': n, 'data-round': double ? null : n, 'aria-label': name },
      el('h3', { class: 'small' }, name),
      el('div', { class: 'ties' }, ties.filter((t) => t.column === n).map((t) => tieBox(c, t))));
  }));
}

/**
 * The bracket: a column per round, named, its matches top first (the
 * match for third place under the final); a double elimination's three
 * parts one under another, each headed; `null` when there is none.
 * @param {Competition} c
 */
export function bracketView(c) {
  const b = c.bracket;
  if (!b) return null;
  const double = b.ties.some((t) => t.part !== 'winners');
  if (!double) return columns(c, b, 'winners', false);
  return el('div', { class: 'bracket-parts' },
    /** @type {BracketTie['part'][]} */ (['winners', 'losers', 'final'])
      .filter((part) => b.ties.some((t) => t.part === part))
      .map((part) => el('section', { class: 'bracket-part', 'aria-label': ct(part === 'final' ? 'ko.final_part' : `ko.${part}`) },
        el('h3', {}, ct(part === 'final' ? 'ko.final_part' : `ko.${part}`)),
        columns(c, b, part, true))));
}
