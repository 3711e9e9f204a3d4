// @ts-check
// A doubles competition's desk (issue 32: "entries (singles; doubles
// pairs; teams)"): a pair entered with its two players, each with a
// name, a club and a licence, and the pair's rating to seed by. The
// server names the pair for both players and refuses a player already in
// a pair (docs/competitions.md, "Doubles").

import { ct } from '../competitions/text.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */
/** @typedef {import('../shared/protocol.js').CompetitionChange} CompetitionChange */

const field = (/** @type {string} */ id) => /** @type {HTMLInputElement} */ (document.getElementById(id));
const box = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * One player of the pair as typed in the form's fieldset `k` (1 or 2).
 * @param {1 | 2} k
 */
function member(k) {
  const text = (/** @type {string} */ f) => field(`d${k}-${f}`).value.trim() || null;
  return { name: field(`d${k}-name`).value, club: text('club'), licence: text('licence') };
}

/**
 * Mounts the pair form: `send` sends a change and words a refusal in the
 * box it is given; `current()` is the competition as the page has it.
 * @param {(change: CompetitionChange, box: HTMLElement) => Promise<boolean>} send
 * @param {() => Competition | null} current
 */
export function mountPairEntry(send, current) {
  const form = /** @type {HTMLFormElement} */ (document.getElementById('enter-pair'));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const note = box('enter-pair-note');
    note.hidden = true;
    const error = box('enter-pair-error');
    const rating = field('d-rating').value.trim();
    if (rating !== '' && !(Number.isInteger(Number(rating)) && Number(rating) >= 0)) {
      error.textContent = ct('error.bad_numbers');
      error.hidden = false;
      return;
    }
    // The pair's name is made by the server from its players': whatever
    // is sent as `name` is made again.
    const entry = { name: '', rating: rating === '' ? null : Number(rating), pair: [member(1), member(2)] };
    if (await send({ change: 'enter', entry }, error)) {
      const c = current();
      const last = c?.entrants[c.entrants.length - 1];
      note.textContent = ct('desk.entered', { name: last?.entry.name ?? '', n: last?.entrant ?? '' });
      note.hidden = false;
      for (const k of [1, 2]) for (const f of ['name', 'club', 'licence']) field(`d${k}-${f}`).value = '';
      field('d-rating').value = '';
      field('d1-name').focus();
    }
  });
}
