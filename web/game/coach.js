// @ts-check
// The first game's walkthrough: five steps of one real stroke on the real
// table (place, aim, draw back, watch, read the verdict). Each step ends
// when the player has done it, not when they click on; "Skip" ends it at
// any time and it is not offered again. It watches the page through
// hooks and changes nothing in the game.

import { t } from '../shared/text.js';

/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */

export const STEPS = ['place', 'aim', 'pull', 'watch', 'verdict'];
const DONE = 'novuss.coach';

/** Whether the walkthrough was finished or skipped on this browser. */
export function coachDone() {
  try { return localStorage.getItem(DONE) === 'done'; } catch { return false; }
}

export class Coach {
  /**
   * @param {HTMLElement} box the section the steps are shown in
   * @param {{stroke: () => ({striker: Vec2, direction: Vec2} | null), phase: () => string, event: () => (number | null)}} hooks
   *   the stroke being made, the page's phase, the event shown
   */
  constructor(box, hooks) {
    this.box = box;
    this.hooks = hooks;
    /** @type {number | null} */
    this.step = null;
    /** @type {{at: Vec2, dir: Vec2, event: number | null} | null} */
    this.from = null;
  }

  /** Starts at step 1 from the stroke as it stands. */
  start() {
    this.step = 0;
    this.mark();
    this.render();
  }

  /** Remembers where the stroke stands, to see the player change it. */
  mark() {
    const s = this.hooks.stroke();
    this.from = s ? { at: [s.striker[0], s.striker[1]], dir: [s.direction[0], s.direction[1]], event: this.hooks.event() } : null;
  }

  get active() { return this.step !== null; }

  /** The page changed: has the player done this step? */
  update() {
    if (this.step === null) return;
    const s = this.hooks.stroke();
    const name = STEPS[this.step];
    const f = this.from;
    let done = false;
    if (name === 'place' && s && f) done = Math.hypot(s.striker[0] - f.at[0], s.striker[1] - f.at[1]) > 0.005;
    if (name === 'aim' && s && f) {
      const turn = Math.abs(Math.atan2(s.direction[1], s.direction[0]) - Math.atan2(f.dir[1], f.dir[0]));
      done = turn > 0.01;
    }
    if (name === 'pull') done = this.hooks.event() !== f?.event || ['waiting', 'animating'].includes(this.hooks.phase());
    if (name === 'watch') done = this.hooks.phase() !== 'animating' && this.hooks.phase() !== 'waiting';
    if (done) this.next();
  }

  next() {
    if (this.step === null) return;
    this.step += 1;
    if (this.step >= STEPS.length) { this.finish(); return; }
    this.mark();
    this.render();
  }

  finish() {
    this.step = null;
    try { localStorage.setItem(DONE, 'done'); } catch { /* private mode: offered again */ }
    this.box.hidden = true;
    this.box.replaceChildren();
  }

  render() {
    if (this.step === null) { this.box.hidden = true; return; }
    const name = STEPS[this.step];
    /** @param {string} id @param {string} text @param {() => void} onclick */
    const button = (id, text, onclick) => Object.assign(document.createElement('button'), { type: 'button', id, textContent: text, onclick });
    const head = Object.assign(document.createElement('p'), { className: 'coach-step', textContent: t('coach.step', { n: this.step + 1, of: STEPS.length }) });
    const text = Object.assign(document.createElement('p'), { className: 'coach-text', textContent: t(`coach.${name}`) });
    const buttons = Object.assign(document.createElement('div'), { className: 'coach-buttons' });
    if (name === 'verdict') buttons.append(button('coach-done', t('coach.done'), () => this.finish()));
    buttons.append(button('coach-skip', t('coach.skip'), () => this.finish()));
    this.box.dataset.step = name;
    this.box.replaceChildren(head, text, buttons);
    this.box.hidden = false;
  }
}
