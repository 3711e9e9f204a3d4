// @ts-check
// The game's clocks as the page shows them (docs/protocol.md, "Clocks and
// absence"): the stroke clock of the player to stroke, counting down, and
// a player away (counted from when they left, across turns), with the
// claims their opponent may make on their turn once the grace has run out. The server sends the times relative to its
// own clock (`timers`); the page counts from when the message arrived, so
// a wrong clock on this computer changes nothing. The server decides every
// claim and time-out again.

import { h, playerName } from '../shared/panel.js';
import { t } from '../shared/text.js';
import { holds } from './online.js';

/**
 * @typedef {import('../shared/protocol.js').TimersMessage} TimersMessage
 * @typedef {import('../shared/protocol.js').State} State
 * @typedef {{
 *   state: () => (State | null),
 *   me: () => (string | null | undefined),
 *   send: (msg: import('../shared/protocol.js').ClientMessage) => boolean,
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
    // What the section holds (its lines and claims), so that a tick
    // rewrites only the words.
    /** @type {string | null} */
    this.shown = null;
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

  /**
   * Milliseconds left of `ms` as sent, now.
   * @param {number} ms
   */
  left(ms) {
    return Math.max(0, ms - (performance.now() - this.at));
  }

  render() {
    const st = this.hooks.state();
    const tm = this.timers;
    const current = !!tm && !!st && tm.event === st.event && !st.match?.over;
    const stroke = current ? tm.stroke : undefined;
    const absent = current ? tm.absent : undefined;
    this.el.hidden = !st || (!stroke && !absent);
    if (!st || this.el.hidden) {
      clearInterval(this.ticker);
      this.ticker = undefined;
      this.el.replaceChildren();
      this.shown = null;
      return;
    }
    if (this.ticker === undefined) this.ticker = window.setInterval(() => this.render(), 250);
    /** @type {Array<[string, string, string]>} each line: its kind, class and words */
    const lines = [];
    if (stroke) {
      const k = st.players.findIndex((p) => p.seat === stroke.seat);
      const secs = Math.ceil(this.left(stroke.left_ms) / 1000);
      const mine = k >= 0 && holds(st, this.hooks.me() ?? null, k);
      lines.push(['stroke', `stroke-clock${secs <= 5 ? ' urgent' : ''}`,
        mine ? t('clock.yours', { s: secs }) : t('clock.theirs', { name: playerName(st, k), s: secs })]);
    }
    let claims = null;
    if (absent) {
      // The time away counts from when they left, through the turns
      // between theirs (a stroke clock passes them): a claim is made on
      // their turn, so off it the page says when, never a countdown that
      // would start again.
      const theirTurn = st.turn?.seat === absent.seat;
      const away = absent.bye ? (theirTurn ? 'clock.left' : 'clock.left_off_turn')
        : (theirTurn ? 'clock.away' : 'clock.away_off_turn');
      lines.push(['away', 'away', t(away, { name: playerName(st, absent.player) })]);
      const k = this.claimant(st, absent);
      const wait = this.left(absent.claim_in_ms);
      const s = Math.ceil(wait / 1000);
      if (k >= 0 && !theirTurn) lines.push(['wait', '', wait > 0 ? t('clock.claim_on_turn_in', { s }) : t('clock.claim_on_turn')]);
      else if (k >= 0 && wait > 0) lines.push(['wait', '', t('clock.claim_in', { s })]);
      else if (k >= 0) claims = { k, absent };
    }
    // The lines' words change every second: only their text is rewritten,
    // so that the claim buttons keep the keyboard's focus and a screen
    // reader is not handed a new section four times a second.
    const shape = JSON.stringify([lines.map(([kind]) => kind), claims && [st.event, claims.absent.seat, claims.k]]);
    if (shape !== this.shown) {
      this.shown = shape;
      this.el.replaceChildren(
        ...lines.map(([kind]) => h('p', { 'data-line': kind })),
        claims ? this.claims(st, claims.k, claims.absent) : '',
      );
    }
    for (const [kind, cls, words] of lines) {
      const p = /** @type {HTMLElement} */ (this.el.querySelector(`[data-line="${kind}"]`));
      if (p.textContent !== words) p.textContent = words;
      if (p.className !== cls) p.className = cls;
    }
  }

  /**
   * The player this person plays against the absent one (a seat of theirs
   * on the other side), or -1.
   * @param {State} st
   * @param {NonNullable<TimersMessage['absent']>} absent
   */
  claimant(st, absent) {
    const me = this.hooks.me() ?? null;
    const awaySide = st.players[absent.player]?.side;
    return st.players.findIndex((p, i) => holds(st, me, i) && p.side !== awaySide);
  }

  /**
   * The claims player `k` may make against the absent player.
   * @param {State} st
   * @param {number} k
   * @param {NonNullable<TimersMessage['absent']>} absent
   */
  claims(st, k, absent) {
    const button = (/** @type {'set' | 'match'} */ what) => {
      const b = h('button', { type: 'button', 'data-claim': what }, t(`clock.claim_${what}`));
      b.addEventListener('click', () => {
        const seat = st.players[k].seat;
        if (seat) this.hooks.send({ type: 'claim', event: st.event, seat, absent: absent.seat, what });
      });
      return b;
    };
    // A four-player game has no forfeits and no one opponent to hand the
    // match to: its players wait.
    const four = st.format === 'four_player';
    return h('div', { class: 'claims', role: 'group', 'aria-label': t('clock.claims') },
      four ? '' : button('set'),
      four ? '' : button('match'),
      h('span', { class: 'muted' }, t(four ? 'clock.wait_four' : 'clock.or_wait')));
  }
}
