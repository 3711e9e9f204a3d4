// @ts-check
// The game's clocks as the page shows them (docs/protocol.md, "Clocks and
// absence"): the stroke clock of the player to stroke, counting down, and
// a player away on their turn, with the claims their opponent may make
// once the grace has run out. The server sends the times relative to its
// own clock (`timers`); the page counts from when the message arrived, so
// a wrong clock on this computer changes nothing. The server decides every
// claim and time-out again.

import { h, playerName } from '../shared/panel.js';
import { t } from '../shared/text.js';
import { holds } from './online.js';

/**
 * @typedef {import('../shared/protocol.js').TimersMessage} TimersMessage
 * @typedef {{
 *   state: () => any,
 *   me: () => (string | null | undefined),
 *   send: (msg: object) => boolean,
 * }} ClockHooks
 */

export class Clocks {
  /**
   * @param {HTMLElement} el the section the clocks are shown in
   * @param {ClockHooks} hooks
   */
  constructor(el, hooks) {
    this.el = el;
    this.hooks = hooks;
    /** @type {TimersMessage | null} */
    this.timers = null;
    // When `timers` arrived, on this page's monotonic clock.
    this.at = 0;
    /** @type {number | undefined} */
    this.ticker = undefined;
    // The last text read out, so a screen reader hears a change once.
    this.said = '';
  }

  /** @param {TimersMessage} msg */
  update(msg) {
    this.timers = msg;
    this.at = performance.now();
    this.render();
  }

  /** Forgets the clocks (another game opened). */
  clear() {
    this.timers = null;
    this.render();
  }

  /** Milliseconds left of `ms` as sent, now. */
  left(ms) {
    return Math.max(0, ms - (performance.now() - this.at));
  }

  render() {
    const st = this.hooks.state();
    const tm = this.timers;
    const current = !!tm && !!st && tm.event === st.event && !st.match?.over;
    const stroke = current ? tm.stroke : undefined;
    const absent = current ? tm.absent : undefined;
    this.el.hidden = !stroke && !absent;
    if (this.el.hidden) {
      clearInterval(this.ticker);
      this.ticker = undefined;
      return;
    }
    if (this.ticker === undefined) this.ticker = window.setInterval(() => this.render(), 250);
    const parts = [];
    if (stroke) {
      const k = st.players.findIndex((/** @type {any} */ p) => p.seat === stroke.seat);
      const secs = Math.ceil(this.left(stroke.left_ms) / 1000);
      const mine = k >= 0 && holds(st, this.hooks.me() ?? null, k);
      parts.push(h('p', { class: `stroke-clock${secs <= 5 ? ' urgent' : ''}` },
        mine ? t('clock.yours', { s: secs }) : t('clock.theirs', { name: playerName(st, k), s: secs })));
    }
    if (absent) parts.push(...this.absence(st, absent));
    this.el.replaceChildren(...parts);
  }

  /**
   * The absent player, and the claims for their opponent.
   * @param {any} st
   * @param {NonNullable<TimersMessage['absent']>} absent
   */
  absence(st, absent) {
    const name = playerName(st, absent.player);
    const me = this.hooks.me() ?? null;
    const awaySide = st.players[absent.player]?.side;
    // The seat this person plays from against the absent player, if any.
    const k = st.players.findIndex((/** @type {any} */ p, /** @type {number} */ i) => holds(st, me, i) && p.side !== awaySide);
    const wait = this.left(absent.claim_in_ms);
    const out = [h('p', { class: 'away' }, t(absent.bye ? 'clock.left' : 'clock.away', { name }))];
    if (k < 0) return out;
    if (wait > 0) {
      out.push(h('p', {}, t('clock.claim_in', { s: Math.ceil(wait / 1000) })));
      return out;
    }
    const button = (/** @type {'set' | 'match'} */ what) => {
      const b = h('button', { type: 'button', 'data-claim': what }, t(`clock.claim_${what}`));
      b.addEventListener('click', () => this.hooks.send({
        type: 'claim', event: st.event, seat: st.players[k].seat, absent: absent.seat, what,
      }));
      return b;
    };
    // A four-player game has no forfeits and no one opponent to hand the
    // match to: its players wait.
    const four = st.format === 'four_player';
    out.push(h('div', { class: 'claims', role: 'group', 'aria-label': t('clock.claims') },
      four ? '' : button('set'),
      four ? '' : button('match'),
      h('span', { class: 'muted' }, t(four ? 'clock.wait_four' : 'clock.or_wait'))));
    return out;
  }
}
