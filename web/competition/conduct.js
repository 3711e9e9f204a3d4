// @ts-check
// Conduct penalties on a competition's page (docs/competitions.md
// "Conduct penalties"; `000` 1.28: a warning, then a set or the game
// forfeited): each board lists its penalties with the clause they apply,
// a penalty taken back shown as such; the organiser (or an arbiter)
// records one from the desk and takes one back beside it. A penalty
// changes no result: the desk enters the result as ever.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';
import { nameOf } from './view.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionChange} CompetitionChange */
/** @typedef {import('../shared/protocol.js').Penalty} Penalty */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The player a penalty names. @param {Competition} c @param {Penalty} p */
function penalised(c, p) {
  const b = c.rounds[p.round - 1]?.boards[p.board - 1];
  return b ? nameOf(c, p.side === 'first' ? b.first : b.second) : '';
}

/** A penalty in words: "Warning — Anna Ozola (000 1.28)". @param {Competition} c @param {Penalty} p */
export function penaltyText(c, p) {
  return ct('conduct.line', { conduct: ct(`conduct.${p.conduct}`), name: penalised(c, p), clause: p.clause });
}

/**
 * The penalties of board `board` of round `round`, as a list (null when
 * none); with `send`, the organiser's "Take back" beside each in force.
 * @param {Competition} c @param {number} round @param {number} board
 * @param {((change: CompetitionChange, box: HTMLElement) => Promise<boolean>) | null} send
 */
export function boardPenalties(c, round, board, send) {
  const here = (c.penalties ?? []).filter((p) => p.round === round && p.board === board);
  if (!here.length) return null;
  return el('ul', { class: 'penalties' }, here.map((p) => {
    const error = el('span', { class: 'notice bad', role: 'alert', hidden: true });
    const back = send && !p.taken_back
      ? el('button', { type: 'button', class: 'button small take-back', 'data-penalty': p.number }, ct('conduct.take_back'))
      : null;
    back?.addEventListener('click', () => send?.({ change: 'take_back_penalty', penalty: p.number }, error));
    return el('li', { class: p.taken_back ? 'penalty taken-back' : 'penalty', 'data-penalty': p.number },
      penaltyText(c, p), p.taken_back ? ` — ${ct('conduct.taken_back')}` : null, back ? ' ' : null, back, error);
  }));
}

/**
 * The desk's penalty form: a board of the current round, its player, what
 * was imposed and the clause. `current()` is the competition as the page
 * holds it; `render(c)` words the choices for it.
 * @param {(change: CompetitionChange, box: HTMLElement) => Promise<boolean>} send
 * @param {() => Competition | null} current
 */
export function mountPenaltyForm(send, current) {
  const board = /** @type {HTMLSelectElement} */ ($('pen-board'));
  const side = /** @type {HTMLSelectElement} */ ($('pen-side'));
  const conduct = /** @type {HTMLSelectElement} */ ($('pen-conduct'));
  const clause = /** @type {HTMLInputElement} */ ($('pen-clause'));
  const error = $('penalty-error');
  const sides = () => {
    const c = current();
    const r = c?.rounds[c.rounds.length - 1];
    const b = r?.boards[Number(board.value) - 1];
    const kept = side.value;
    side.replaceChildren(...(c && b ? [el('option', { value: 'first' }, nameOf(c, b.first)), el('option', { value: 'second' }, nameOf(c, b.second))] : []));
    if (kept) side.value = kept;
  };
  board.addEventListener('change', sides);
  $('penalty').addEventListener('submit', async (e) => {
    e.preventDefault();
    const c = current();
    const r = c?.rounds[c.rounds.length - 1];
    if (!r) return;
    const change = {
      change: /** @type {'penalty'} */ ('penalty'), round: r.number, board: Number(board.value),
      side: /** @type {'first' | 'second'} */ (side.value),
      conduct: /** @type {'warning' | 'set_forfeited' | 'match_forfeited'} */ (conduct.value),
      clause: clause.value,
    };
    if (await send(change, error)) clause.value = '';
  });
  /** @param {Competition} c */
  return (c) => {
    const r = c.rounds[c.rounds.length - 1];
    $('penalty-box').hidden = !r || !!c.teams;
    if (!r) return;
    const kept = board.value;
    board.replaceChildren(...r.boards.map((b, i) => el('option', { value: String(i + 1) },
      ct('conduct.board', { n: i + 1, first: nameOf(c, b.first), second: nameOf(c, b.second) }))));
    if ([...board.options].some((o) => o.value === kept)) board.value = kept;
    sides();
  };
}
