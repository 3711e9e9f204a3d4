// @ts-check
// Seeds by hand at the organiser's desk (docs/competitions.md, "Seeds by
// hand"): before the first round, the entrants in the competition's
// ranking, each moved up or down a place, then stored as one `seed`
// change; "By rating" goes back to the ranking by rating. The list is the
// page's own until saved, so a follower's change arriving meanwhile does
// not undo a move; it is read again from the competition once saved.

import { el } from '../shared/pages.js';
import { ct, refusalText, post } from '../competitions/text.js';
import { nameOf } from './view.js';

/** @typedef {import('../shared/protocol.js').Competition} Competition */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The seeding box of competition `id`; `show(c)` draws the competition a
 * change answered with.
 * @param {string} id
 * @param {(c: Competition) => void} show
 */
export function mountSeeding(id, show) {
  /** @type {number[]} the order shown, seed 1 first */
  let order = [];
  /** @type {Competition | null} */
  let last = null;
  let moved = false;

  function draw() {
    const c = last;
    if (!c) return;
    const list = $('seed-list');
    list.replaceChildren(...order.map((e, i) => el('li', { 'data-entrant': String(e) },
      el('span', { class: 'seed-no' }, String(i + 1)),
      el('span', { class: 'seed-name' }, `${nameOf(c, e)}`),
      el('span', { class: 'seed-moves' },
        el('button', {
          type: 'button', class: 'button small seed-up', disabled: i === 0,
          'aria-label': ct('seeds.up', { name: nameOf(c, e), seed: i + 1 }),
          onclick: () => move(i, -1),
        }, '↑'),
        el('button', {
          type: 'button', class: 'button small seed-down', disabled: i === order.length - 1,
          'aria-label': ct('seeds.down', { name: nameOf(c, e), seed: i + 1 }),
          onclick: () => move(i, 1),
        }, '↓')))));
    $('seed-state').textContent = c.seeding?.length ? ct('seeds.by_hand') : ct('seeds.by_rating');
    /** @type {HTMLButtonElement} */ ($('seed-save')).disabled = !moved;
    /** @type {HTMLButtonElement} */ ($('seed-rating')).disabled = !c.seeding?.length;
  }

  /** @param {number} i @param {number} by */
  function move(i, by) {
    const j = i + by;
    if (j < 0 || j >= order.length) return;
    [order[i], order[j]] = [order[j], order[i]];
    moved = true;
    draw();
    // Focus follows the entrant moved, so the keys can move it again.
    const button = /** @type {HTMLButtonElement | null} */ (document.querySelector(`#seed-list li[data-entrant="${order[j]}"] .${by < 0 ? 'seed-up' : 'seed-down'}`));
    (button && !button.disabled ? button : /** @type {HTMLElement | null} */ (document.querySelector(`#seed-list li[data-entrant="${order[j]}"] button:not([disabled])`)))?.focus();
  }

  /** @param {number[]} seeds */
  async function save(seeds) {
    const error = $('seed-error');
    error.hidden = true;
    try {
      const c = /** @type {Competition} */ (await post(`/api/competitions/${encodeURIComponent(id)}/changes`, { change: 'seed', order: seeds }));
      moved = false;
      show(c);
    } catch (err) {
      error.textContent = refusalText(err);
      error.hidden = false;
    }
  }

  $('seed-save').addEventListener('click', () => save(order));
  $('seed-rating').addEventListener('click', () => save([]));

  return {
    /** Draws the box for competition `c`: shown before the first round, with two entrants or more. @param {Competition} c */
    render(c) {
      last = c;
      $('seed-box').hidden = c.rounds.length > 0 || c.entrants.length < 2;
      // A move not yet saved is kept while the field is the same.
      const same = order.length === c.ranking.length && order.every((e) => c.ranking.includes(e));
      if (!moved || !same) {
        order = [...c.ranking];
        moved = false;
      }
      draw();
    },
  };
}
