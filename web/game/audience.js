// @ts-check
// How many watch the game (docs/protocol.md, `watchers`), shown at the
// top of the page to everyone at it, its players first of all: the
// server says when the count changes, and a connection starts from none.

import { t } from '../shared/text.js';

export class Audience {
  /** @param {HTMLElement} el where the count is shown */
  constructor(el) {
    this.el = el;
    this.count = 0;
  }

  /**
   * The count the server gave (0: nobody watches, or a new connection).
   * @param {number} count
   */
  set(count) {
    this.count = Math.max(0, count);
    this.render();
  }

  /** Drawn again (also when the language changes). */
  render() {
    const n = this.count;
    this.el.hidden = n === 0;
    this.el.dataset.count = String(n);
    this.el.textContent = n ? t('online.audience', { n }) : '';
  }
}
