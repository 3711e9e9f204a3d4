// @ts-check
// The rules page's diagram of the penalty spot and its tie-breaks (`002`
// 5.2; `000` 3.1).

import { strikerBounds, penaltySpot, isFree } from '../geometry.js';
import { drawDisc, drawLabel, mm, ACCENT } from '../draw.js';
import { Diagram } from '../diagram.js';
import { T, dist, clamp, L, S } from './common.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */
/** A disc of the diagram: a penalty disc, and one just put there (which Backspace takes back). @typedef {{at: Vec2, penalty: boolean, fresh?: boolean}} Disc */

/** @type {Record<string, (Vec2 | Disc)[]>} The discs of each situation the diagram starts from. */
const PENALTY_SITUATIONS = {
  free: [[0.3, 0.62], [0.66, 0.4], [0.52, 0.74]],
  taken: [[0.5, S - 0.015], [0.535, S - 0.04], [0.3, 0.6]],
  fewer_penalty: [[0.5, S - 0.015], { at: [0.72, 0.6], penalty: true }, [0.3, 0.45]],
  fewer_discs: [[0.5, S - 0.015], [0.28, 0.62], [0.36, 0.4], [0.7, 0.5]],
  striker_side: [[0.5, S - 0.015], [0.3, 0.55], [0.7, 0.55]],
};

export class PenaltyDiagram extends Diagram {
  /** @param {import('../../shared/lang.js').Translator} t */
  constructor(t) {
    super(t, { name: 'penalty' });
    this.situation = 'taken';
    /** @type {Vec2} */
    this.striker = [0.32, 0.06];
    /** @type {Disc[]} */
    this.discs = [];
    this.placed = 0;
    /** @type {ReturnType<typeof penaltySpot>} the last penalty disc put, null when there was no room */
    this.last = null;
    this.reset();
    this.radios('fig.penalty.situation', 'situation', Object.keys(PENALTY_SITUATIONS).map((k) => ({ value: k, key: `fig.penalty.situation.${k}` })), this.situation, (v) => {
      this.situation = v;
      this.reset();
    });
    const row = document.createElement('div');
    row.className = 'buttons';
    row.append(
      this.button('fig.penalty.put', () => this.put(), 'primary'),
      this.button('fig.penalty.reset', () => this.reset()),
    );
    this.controls.append(row);
    this.text(this.canvas, 'fig.penalty.label', 'aria-label');
    this.keysHint('fig.penalty.keys');
  }

  reset() {
    this.discs = PENALTY_SITUATIONS[this.situation].map((d) => (Array.isArray(d) ? { at: d, penalty: false } : { ...d }));
    this.placed = 0;
    this.last = null;
  }

  next() { return penaltySpot(T, 'south', this.discs, this.striker); }

  put() {
    const n = this.next();
    this.last = n;
    if (!n) return;
    this.discs.push({ at: n.at, penalty: true, fresh: true });
    this.placed += 1;
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const step = e.shiftKey ? 0.001 : 0.01;
    const [a0, a1] = strikerBounds(T);
    if (e.key === 'ArrowLeft') this.striker = [clamp(this.striker[0] - step, a0, a1), this.striker[1]];
    else if (e.key === 'ArrowRight') this.striker = [clamp(this.striker[0] + step, a0, a1), this.striker[1]];
    else if (e.key === 'Enter' || e.key === ' ') this.put();
    else if (e.key === 'Backspace' || e.key === 'Delete') {
      const k = this.discs.findLastIndex((d) => d.fresh);
      if (k >= 0) this.discs.splice(k, 1);
      this.last = null;
    } else if (e.key === 'r' || e.key === 'R') this.reset();
    else return false;
    return true;
  }

  /** @param {import('../diagram.js').PointerKind} kind @param {Vec2} p */
  onPointer(kind, p) {
    if (kind !== 'down') return false;
    const [a0, a1, d0, d1] = strikerBounds(T);
    if (p[1] < d1 + 0.02 && p[0] > a0 - 0.02 && p[0] < a1 + 0.02) {
      this.striker = [clamp(p[0], a0, a1), this.striker[1]];
      return true;
    }
    // A click on a disc removes it; elsewhere on the surface adds one.
    const k = this.discs.findIndex((d) => dist(d.at, p) <= T.disc.radius);
    if (k >= 0) {
      this.discs.splice(k, 1);
      this.last = null;
      return true;
    }
    if (isFree(T, this.discs.map((d) => d.at), p)) {
      this.discs.push({ at: p, penalty: false });
      this.last = null;
      return true;
    }
    return false;
  }

  /**
   * The two nearest free spots either side when the next disc is a tie.
   * @param {CanvasRenderingContext2D} ctx
   */
  paint(ctx) {
    const v = this.view;
    // The middle line of the north edge zone, where the first penalty disc goes.
    // It splits the table into the two halves of the tie-breaks.
    ctx.save();
    ctx.strokeStyle = 'rgba(255,255,255,0.55)';
    ctx.lineWidth = v.px(1.5);
    ctx.setLineDash([v.px(5), v.px(5)]);
    ctx.beginPath();
    ctx.moveTo(S / 2, 0); ctx.lineTo(S / 2, S);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.strokeStyle = ACCENT;
    ctx.lineWidth = v.px(3);
    ctx.beginPath();
    ctx.moveTo(S / 2, S); ctx.lineTo(S / 2, S - L);
    ctx.stroke();
    ctx.restore();
    const n = this.next();
    for (const d of this.discs) drawDisc(ctx, v, d.at, { side: d.penalty ? 0 : 1, penalty: d.penalty });
    if (n) {
      drawDisc(ctx, v, n.at, { side: 0, ghost: true, penalty: true, focus: true });
      drawLabel(ctx, v, [n.at[0], n.at[1] - T.disc.radius], this.t('fig.penalty.tag.next'), { align: 'center', dy: 22, border: ACCENT });
    }
    drawDisc(ctx, v, this.striker, { striker: true, side: 0, focus: this.focused });
    drawLabel(ctx, v, this.striker, this.t('fig.penalty.tag.striker'), { dx: 18, size: 11 });
    drawLabel(ctx, v, [0.25, 0.5], this.t('half.west'), { align: 'center', size: 11, colour: '#d8cbb3' });
    drawLabel(ctx, v, [0.75, 0.5], this.t('half.east'), { align: 'center', size: 11, colour: '#d8cbb3' });
  }

  describe() {
    const t = this.t;
    const n = this.next();
    /** @param {(d: Disc) => boolean} keep */
    const count = (keep) => {
      /** @type {Record<string, number>} */
      const c = { west: 0, east: 0 };
      for (const d of this.discs) {
        if (!keep(d)) continue;
        if (d.at[0] < S / 2) c.west += 1;
        else if (d.at[0] > S / 2) c.east += 1;
      }
      return c;
    };
    const parts = [];
    if (this.last) parts.push(t('fig.penalty.placed', { n: this.placed }));
    if (!n) {
      parts.push(t('fig.penalty.full'));
      return parts.join(' ');
    }
    const half = n.at[0] < S / 2 ? 'west' : 'east';
    const other = half === 'west' ? 'east' : 'west';
    const off = Math.abs(n.at[0] - S / 2);
    const where = n.rule === 'middle' ? t('fig.penalty.at_middle') : t('fig.penalty.at_side', { d: mm(t, off), half: t(`half_of.${half}`) });
    parts.push(t('fig.penalty.next', { where }));
    if (n.rule === 'middle') parts.push(t('fig.penalty.rule.middle'));
    else if (n.rule === 'nearest') parts.push(t('fig.penalty.rule.nearest'));
    else {
      parts.push(t('fig.penalty.rule.tie'));
      const pen = count((d) => d.penalty);
      const all = count(() => true);
      if (n.rule === 'fewer_penalty') parts.push(t('fig.penalty.rule.fewer_penalty', { half: t(`half_name.${half}`), a: pen[half], b: pen[other] }));
      else if (n.rule === 'fewer_discs') parts.push(t('fig.penalty.rule.fewer_discs', { half: t(`half_name.${half}`), a: all[half], b: all[other] }));
      else parts.push(t('fig.penalty.rule.striker_side', { half: t(`half_name.${half}`) }));
    }
    parts.push(t('fig.penalty.striker_at', { half: t(`half_in.${this.striker[0] < S / 2 ? 'west' : this.striker[0] > S / 2 ? 'east' : 'middle'}`) }));
    return parts.join(' ');
  }
}
