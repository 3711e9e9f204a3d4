// @ts-check
// The rules page's diagram of owed penalty discs (`002` 5.3–5.4; `000`
// 3.2–3.3).

import { penaltySpot } from '../geometry.js';
import { drawDisc, drawLabel } from '../draw.js';
import { WHOLE } from '../view.js';
import { Diagram } from '../diagram.js';
import { T, dist } from './common.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */

/** @type {Vec2[]} */
const DEBT_START = [[0.3, 0.6], [0.62, 0.7], [0.45, 0.35], [0.8, 0.45], [0.2, 0.3], [0.55, 0.85], [0.72, 0.22], [0.35, 0.8]];

export class DebtDiagram extends Diagram {
  /** @param {import('../../shared/lang.js').Translator} t */
  constructor(t) {
    // The table, and under it the side's pockets and its debt.
    super(t, { name: 'debt', interactive: false, rect: [WHOLE[0], -0.29, WHOLE[2], WHOLE[3]] });
    /** @type {{at: Vec2, penalty: boolean}[]} the side's discs on the table */
    this.table = [];
    this.pocketed = 0;
    this.debt = 0;
    this.event = 'start';
    this.over = false;
    /** @type {number | undefined} the discs paid at the end of the last turn */
    this.paidNow = undefined;
    this.reset();
    const row = document.createElement('div');
    row.className = 'buttons';
    row.append(
      this.button('fig.debt.pocket', () => this.pocket()),
      this.button('fig.debt.foul', () => this.foul()),
      this.button('fig.debt.end', () => this.endTurn()),
      this.button('fig.debt.reset', () => this.reset()),
    );
    this.controls.append(row);
    this.canvas.setAttribute('aria-labelledby', this.live.id);
  }

  reset() {
    this.table = DEBT_START.map((at) => ({ at, penalty: false }));
    this.pocketed = 0;
    this.debt = 0;
    this.event = 'start';
    this.over = false;
  }

  /**
   * Places up to `n` penalty discs; how many it could.
   * @param {number} n
   */
  place(n) {
    let k = 0;
    for (; k < n; k++) {
      const spot = penaltySpot(T, 'south', this.table, [0.5, 0.06]);
      if (!spot) break;
      this.table.push({ at: spot.at, penalty: true });
      this.pocketed -= 1;
    }
    return k;
  }

  pocket() {
    if (this.over) return;
    // The disc nearest a pocket goes in.
    /** @type {Vec2[]} */
    const pockets = [[0.065, 0.065], [0.935, 0.065], [0.935, 0.935], [0.065, 0.935]];
    let best = -1;
    let bd = Infinity;
    this.table.forEach((d, k) => {
      const e = Math.min(...pockets.map((p) => dist(p, d.at)));
      if (e < bd) { bd = e; best = k; }
    });
    if (best < 0) return;
    this.table.splice(best, 1);
    this.pocketed += 1;
    this.event = 'pocketed';
    if (this.table.length === 0) {
      if (this.debt > 0) {
        const n = this.place(this.debt);
        this.debt -= n;
        this.event = 'paid_no_discs';
      } else {
        this.over = true;
        this.event = 'won';
      }
    }
  }

  foul() {
    if (this.over) return;
    if (this.pocketed > 0 && this.place(1) === 1) this.event = 'placed';
    else {
      this.debt += 1;
      this.event = 'owed';
    }
  }

  endTurn() {
    if (this.over) return;
    const n = this.debt > 0 ? this.place(Math.min(this.debt, this.pocketed)) : 0;
    this.debt -= n;
    this.event = n > 0 ? 'paid' : this.debt > 0 ? 'still_owed' : 'turn_over';
    this.paidNow = n;
  }

  /** @param {CanvasRenderingContext2D} ctx */
  paint(ctx) {
    const v = this.view;
    for (const d of this.table) drawDisc(ctx, v, d.at, { side: 0, penalty: d.penalty });
    // The rack under the table, discs drawn larger than on it.
    /** @type {import('../view.js').View} */
    const big = Object.create(v);
    big.table = { ...T, disc: { ...T.disc, radius: 0.021, hole_radius: 0.0056 } };
    /** @type {[number, string, number][]} */
    const rows = [[-0.125, 'fig.debt.row.pocketed', this.pocketed], [-0.225, 'fig.debt.row.owed', this.debt]];
    for (const [y, key, n] of rows) {
      drawLabel(ctx, v, [0.0, y], this.t(key, { n }), { size: 12.5 });
      for (let k = 0; k < 8; k++) {
        /** @type {Vec2} */
        const at = [0.44 + k * 0.07, y];
        if (k < n && key.endsWith('pocketed')) drawDisc(ctx, big, at, { side: 0 });
        else {
          ctx.save();
          ctx.strokeStyle = k < n ? '#e8b923' : 'rgba(255,255,255,0.16)';
          ctx.lineWidth = v.px(k < n ? 2.5 : 1.2);
          ctx.setLineDash(k < n ? [v.px(4), v.px(3)] : []);
          ctx.beginPath();
          ctx.arc(at[0], at[1], 0.021, 0, 2 * Math.PI);
          ctx.stroke();
          ctx.restore();
        }
      }
    }
  }

  describe() {
    const t = this.t;
    const state = t('fig.debt.state', { on: this.table.length, in: this.pocketed, owed: this.debt });
    return `${t(`fig.debt.event.${this.event}`, { n: this.paidNow ?? 0 })} ${state}`;
  }
}
