// @ts-check
// A competition's arbiters on its page (docs/competitions.md, "Arbiters"):
// everyone sees who they are; the organiser names one by their user name
// and removes one; an arbiter is told that the desk is theirs too. Who
// may do what is the server's to say (`may_change`, `may_name_arbiters`
// of the page's answer); this only draws it.

import { el } from '../shared/pages.js';
import { ct, refusalText, post } from '../competitions/text.js';

/** @typedef {import('../shared/protocol.js').Arbiter} Arbiter */

const $ = (/** @type {string} */ id) => /** @type {HTMLElement} */ (document.getElementById(id));

/**
 * The arbiters' box of competition `id`; `show(mayChange, mayName)` draws
 * it for the visitor once the page knows who they are.
 * @param {string} id
 */
export function mountArbiters(id) {
  const base = `/api/competitions/${encodeURIComponent(id)}/arbiters`;
  /** @type {Arbiter[]} */
  let arbiters = [];
  let mayName = false;
  let mayChange = false;
  const error = $('arbiters-error');

  function render() {
    const box = $('arbiters-box');
    box.hidden = arbiters.length === 0 && !mayName;
    $('arbiter-form').hidden = !mayName;
    const list = $('arbiters-list');
    list.replaceChildren(...arbiters.map((a) => el('li', {},
      el('a', { href: `player.html?id=${encodeURIComponent(a.person)}` }, a.name),
      mayName ? el('button', {
        type: 'button', class: 'button small',
        'aria-label': ct('arbiters.remove_named', { name: a.name }),
        onclick: () => remove(a),
      }, ct('arbiters.remove')) : null)));
    $('arbiters-none').hidden = arbiters.length > 0;
    // The desk's line says whose desk it is.
    const you = document.querySelector('[data-text="comp.organiser_you"]');
    if (you) you.textContent = ct(mayChange && !mayName ? 'arbiters.you' : 'comp.organiser_you');
  }

  /** @param {unknown} err */
  function refused(err) {
    error.textContent = refusalText(err);
    error.hidden = false;
  }

  /** @param {Arbiter} a */
  async function remove(a) {
    error.hidden = true;
    try {
      const res = await fetch(`${base}/${encodeURIComponent(a.person)}`, { method: 'DELETE' })
        .catch(() => { throw Object.assign(new Error('arbiters'), { code: 'network' }); });
      const answer = await res.json().catch(() => null);
      if (!res.ok) throw Object.assign(new Error('arbiters'), { code: answer?.code || 'unknown' });
      arbiters = /** @type {Arbiter[]} */ (answer);
      render();
      $('arbiter-username').focus();
    } catch (err) {
      refused(err);
    }
  }

  $('arbiter-form').addEventListener('submit', async (e) => {
    e.preventDefault();
    error.hidden = true;
    const input = /** @type {HTMLInputElement} */ ($('arbiter-username'));
    const username = input.value.trim();
    if (!username) return;
    try {
      arbiters = /** @type {Arbiter[]} */ (await post(base, { username }));
      input.value = '';
      render();
    } catch (err) {
      refused(err);
    }
  });

  return {
    /** @param {boolean} change @param {boolean} name */
    async show(change, name) {
      mayChange = change;
      mayName = name;
      try {
        const res = await fetch(base);
        if (res.ok) arbiters = /** @type {Arbiter[]} */ (await res.json());
      } catch {
        // The list is shown without them; the page goes on.
      }
      render();
    },
    render,
  };
}
