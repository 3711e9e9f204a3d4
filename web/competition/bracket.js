// @ts-check
// A knock-out's bracket as the server resolves it (docs/protocol.md
// "Competitions", `bracket`): a column per round, each match a box of its
// two sides (an entrant, where a side comes from while undecided, or
// nobody), the one who went on marked, with the result once in; and the
// rounds named as view.js names them. No state of its own.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';
import { outcomeText, knockoutRoundName } from './view.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
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
      el('span', { class: 'pname' }, e?.entry.name ?? `#${s.entrant}`),
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
  const state = board?.outcome ? outcomeText(board.outcome)
    : walkover ? ct('ko.walkover')
      : board ? ct(board.table === null ? 'board.waiting' : 'board.table', { n: board.table ?? 0 }) : '';
  return el('div', { class: `tie${t.third_place ? ' third' : ''}`, 'data-tie': t.number },
    el('p', { class: 'tie-head muted small' },
      t.third_place ? ct('ko.third_place') : ct('ko.match', { n: t.number }),
      state ? el('span', { class: 'tie-state' }, ` · ${state}`) : null),
    el('ol', { class: 'sides' }, side(c, t.a, t.winner), side(c, t.b, t.winner)));
}

/**
 * The bracket: a column per round, named, its matches top first (the
 * match for third place under the final); `null` when there is none.
 * @param {Competition} c
 */
export function bracketView(c) {
  const b = c.bracket;
  if (!b) return null;
  const columns = [];
  for (let r = 1; r <= b.rounds; r++) {
    const ties = b.ties.filter((t) => t.round === r);
    columns.push(el('section', { class: 'bracket-round', 'data-round': r, 'aria-label': knockoutRoundName(c, r) ?? '' },
      el('h3', { class: 'small' }, knockoutRoundName(c, r)),
      el('div', { class: 'ties' }, ties.map((t) => tieBox(c, t)))));
  }
  return el('div', { class: 'bracket' }, columns);
}
