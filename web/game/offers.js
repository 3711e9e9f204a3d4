// @ts-check
// Offers between people (docs/protocol.md, "Offers"): asking the other
// side to let a stroke be taken back, or for a rematch with the seats
// swapped, and answering theirs. The server decides who may offer and
// answer; the page shows each person only what is theirs to do.

import { h, playerName } from '../shared/panel.js';
import { t } from '../shared/text.js';
import { holds, allowed } from './online.js';

/**
 * @typedef {{kind: 'take_back' | 'rematch', player: number, seat: string, event: number}} Offer
 * @typedef {{
 *   state: () => (import('../shared/protocol.js').State | null),
 *   me: () => (string | null | undefined),
 *   send: (msg: import('../shared/protocol.js').ClientMessage) => boolean,
 *   lastStroke: () => (import('../shared/protocol.js').StrokeMessage | null),
 * }} OfferHooks
 */

export class Offers {
  /**
   * @param {HTMLElement} el the section offers are shown in
   * @param {OfferHooks} hooks
   */
  constructor(el, hooks) {
    this.el = el;
    this.hooks = hooks;
    /** @type {Offer | null} */
    this.offer = null;
    // The other side declined a rematch of this game: not offered again.
    this.rematchDeclined = false;
    /**
     * This person's own offer the other side declined, said to them until
     * the game moves on (the event it was made at).
     * @type {{kind: 'take_back' | 'rematch', event: number} | null}
     */
    this.declined = null;
  }

  /** Another game: nothing offered. */
  reset() {
    this.offer = null;
    this.rematchDeclined = false;
    this.declined = null;
    this.render();
  }

  /** @param {Offer} offer an offer made */
  offered(offer) {
    this.offer = offer;
    this.declined = null;
    this.render();
  }

  /**
   * The other side answered.
   * @param {'take_back' | 'rematch'} kind
   * @param {boolean} accepted
   */
  answered(kind, accepted) {
    if (kind === 'rematch' && !accepted) this.rematchDeclined = true;
    // The one who asked is told the answer was no: the offer was theirs.
    const asked = this.current();
    const st = this.hooks.state();
    if (!accepted && asked?.kind === kind && st && holds(st, this.hooks.me() ?? null, asked.player)) {
      this.declined = { kind, event: asked.event };
    }
    this.offer = null;
    this.render();
  }

  /**
   * The waiting offer, if it is about the game as shown: any event
   * clears an offer on the server (it was made about the game as it was),
   * and so here.
   */
  current() {
    const st = this.hooks.state();
    if (this.offer && st && this.offer.event !== st.event) this.offer = null;
    return this.offer;
  }

  /** The seat this person plays from, if they hold one. */
  mySeat() {
    const st = this.hooks.state();
    const k = st?.players?.findIndex((_, i) => holds(st, this.hooks.me() ?? null, i)) ?? -1;
    return st && k >= 0 ? st.players[k].seat : null;
  }

  /** What the server allows this person now. */
  now() {
    return allowed(this.hooks.state(), this.hooks.me() ?? null).now;
  }

  /** Whether this person may ask to take back now (their own stroke was the last thing to happen). */
  canAskTakeBack() {
    const last = this.hooks.lastStroke();
    return this.now().has('offer_take_back') && !this.current() && !!last && last.event === this.hooks.state()?.event;
  }

  /** Whether this person may offer a rematch now. */
  canOfferRematch() {
    return this.now().has('offer_rematch') && !this.current() && !this.rematchDeclined;
  }

  /** @param {'take_back' | 'rematch'} kind */
  make(kind) {
    const st = this.hooks.state();
    const seat = kind === 'take_back' ? this.hooks.lastStroke()?.seat : this.mySeat();
    if (!st || !seat) return;
    this.hooks.send({ type: 'offer', event: st.event, seat, kind });
  }

  /** This person's declined offer, while the game is still where it was made. */
  refusal() {
    const st = this.hooks.state();
    if (this.declined && st && this.declined.event !== st.event) this.declined = null;
    return this.declined;
  }

  render() {
    const st = this.hooks.state();
    const o = this.current();
    const no = this.refusal();
    this.el.hidden = (!o && !no) || !st;
    if (!o && no) {
      this.el.replaceChildren(h('p', { class: 'offer-declined', 'data-declined': no.kind }, t(`offer.${no.kind}.declined`)));
      return;
    }
    if (!o || !st) {
      this.el.replaceChildren();
      return;
    }
    const me = this.hooks.me() ?? null;
    const name = playerName(st, o.player);
    const mine = holds(st, me, o.player);
    // Whether this person is the one asked: the server says so.
    const answers = !mine && this.now().has(`answer_${o.kind}`);
    const words = mine ? t(`offer.${o.kind}.yours`) : t(`offer.${o.kind}.theirs`, { name });
    const parts = [h('p', {}, words)];
    if (answers) {
      const button = (/** @type {boolean} */ accept) => {
        const b = h('button', { type: 'button', class: accept ? 'primary' : '', 'data-answer': accept ? 'accept' : 'decline' },
          t(accept ? 'offer.accept' : 'offer.decline'));
        b.addEventListener('click', () => {
          // One answer: both buttons wait for the server's word, which takes the offer away.
          for (const x of this.el.querySelectorAll('[data-answer]')) /** @type {HTMLButtonElement} */ (x).disabled = true;
          this.hooks.send({ type: 'answer', kind: o.kind, accept });
        });
        return b;
      };
      parts.push(h('div', { class: 'offer-buttons' }, button(true), button(false)));
    }
    this.el.replaceChildren(...parts);
  }
}
