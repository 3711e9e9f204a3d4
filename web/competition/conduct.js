// @ts-check
// Conduct penalties on a competition's page (docs/competitions.md
// "Conduct penalties"; `000` 1.28: a warning, then a set or the game
// forfeited): each board lists its penalties with the clause they apply,
// a penalty taken back shown as such; the organiser (or an arbiter)
// records one from the desk and takes one back beside it. A penalty
// changes no result: the desk enters the result as ever. In a team
// competition a penalty is given on a team match's board.

import { el } from '../shared/pages.js';
import { ct } from '../competitions/text.js';
import { place, placeKey, samePlace, tableMatches } from './places.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionChange} CompetitionChange */
/** @typedef {import('../shared/protocol.js').Penalty} Penalty */
/** @typedef {import('./places.js').TablePlace} TablePlace */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** The player a penalty names. @param {Competition} c @param {Penalty} p */
function penalised(c, p) {
  const m = tableMatches(c, p.round).find((x) => samePlace(x.at, p));
  return m ? (p.side === 'first' ? m.first : m.second) : '';
}

/** A penalty in words: "Warning — Anna Ozola (000 1.28)". @param {Competition} c @param {Penalty} p */
export function penaltyText(c, p) {
  return ct('conduct.line', { conduct: ct(`conduct.${p.conduct}`), name: penalised(c, p), clause: p.clause });
}

/**
 * The penalties of the match at `at` (a board of a round, or of a team
 * match), as a list (null when none); with `send`, the organiser's "Take
 * back" beside each in force.
 * @param {Competition} c @param {TablePlace} at
 * @param {((change: CompetitionChange, box: HTMLElement) => Promise<boolean>) | null} send
 */
export function boardPenalties(c, at, send) {
  const here = (c.penalties ?? []).filter((p) => samePlace(p, at));
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
 * The desk's penalty form: a match of the current round (a board, or a
 * team match's board), its player, what was imposed and the clause.
 * `current()` is the competition as the page holds it; `render(c)` words
 * the choices for it.
 * @param {(change: CompetitionChange, box: HTMLElement) => Promise<boolean>} send
 * @param {() => Competition | null} current
 */
export function mountPenaltyForm(send, current) {
  const board = /** @type {HTMLSelectElement} */ ($('pen-board'));
  const side = /** @type {HTMLSelectElement} */ ($('pen-side'));
  const conduct = /** @type {HTMLSelectElement} */ ($('pen-conduct'));
  const clause = /** @type {HTMLInputElement} */ ($('pen-clause'));
  const error = $('penalty-error');
  /** The match chosen, in competition `c`'s round being played. @param {Competition | null} c */
  const chosen = (c) => (c ? tableMatches(c, c.rounds.length).find((m) => placeKey(m.at) === board.value) : undefined);
  const sides = () => {
    const m = chosen(current());
    const kept = side.value;
    side.replaceChildren(...(m ? [el('option', { value: 'first' }, m.first), el('option', { value: 'second' }, m.second)] : []));
    if (kept) side.value = kept;
  };
  board.addEventListener('change', sides);
  $('penalty').addEventListener('submit', async (e) => {
    e.preventDefault();
    const m = chosen(current());
    if (!m) return;
    const change = {
      change: /** @type {'penalty'} */ ('penalty'), ...place(m.at),
      side: /** @type {'first' | 'second'} */ (side.value),
      conduct: /** @type {'warning' | 'set_forfeited' | 'match_forfeited'} */ (conduct.value),
      clause: clause.value,
    };
    if (await send(change, error)) clause.value = '';
  });
  /** @param {Competition} c */
  return (c) => {
    const matches = tableMatches(c, c.rounds.length);
    $('penalty-box').hidden = !matches.length;
    if (!matches.length) return;
    const kept = board.value;
    board.replaceChildren(...matches.map((m) => el('option', { value: placeKey(m.at) },
      m.teams
        ? ct('conduct.team_board', { n: m.at.team_match ?? 0, board: m.at.board, first: m.first, second: m.second })
        : ct('conduct.board', { n: m.at.board, first: m.first, second: m.second }))));
    if ([...board.options].some((o) => o.value === kept)) board.value = kept;
    sides();
  };
}
