// @ts-check
// The rules page's diagram of discs off the table (`000` 1.20; `002` 3.9):
// where each is put back, exit by exit.

import { offTableSpot, circlePointDistance } from '../geometry.js';
import { drawDisc, drawArrow, drawLabel, ACCENT } from '../draw.js';
import { Diagram } from '../diagram.js';
import { T } from './common.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */

const EXITS = ['north', 'north_east', 'east', 'south_east', 'south', 'south_west', 'west', 'north_west'];
/** @type {Record<string, Vec2>} Out of the table over each cushion and corner. */
const EXIT_DIR = {
  north: [0, 1], north_east: [Math.SQRT1_2, Math.SQRT1_2], east: [1, 0], south_east: [Math.SQRT1_2, -Math.SQRT1_2],
  south: [0, -1], south_west: [-Math.SQRT1_2, -Math.SQRT1_2], west: [-1, 0], north_west: [-Math.SQRT1_2, Math.SQRT1_2],
};

export class OffTableDiagram extends Diagram {
  /** @param {import('../../shared/lang.js').Translator} t */
  constructor(t) {
    // The middle of the table, where the discs come back, larger.
    super(t, { name: 'off-table', rect: [0.17, 0.17, 0.83, 0.83], maxWidth: 520 });
    this.exit = 'north';
    /** @type {{at: Vec2, rule: string, exit: string}[]} the discs put back, in order */
    this.placed = [];
    this.reset();
    this.exits = this.radios('fig.off.exit', 'exit', EXITS.map((e) => ({ value: e, key: `exit.${e}` })), this.exit, (v) => { this.exit = v; });
    this.exits.classList.add('compass');
    const row = document.createElement('div');
    row.className = 'buttons';
    row.append(
      this.button('fig.off.send', () => this.send(), 'primary'),
      this.button('fig.off.reset', () => this.reset()),
    );
    this.controls.append(row);
    this.text(this.canvas, 'fig.off.label', 'aria-label');
    this.keysHint('fig.off.keys');
  }

  reset() {
    this.placed = [];
  }

  send() {
    const spot = offTableSpot(T, this.placed.map((d) => d.at), this.exit);
    if (spot) this.placed.push({ ...spot, exit: this.exit });
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const k = EXITS.indexOf(this.exit);
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') this.exit = EXITS[(k + 1) % 8];
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') this.exit = EXITS[(k + 7) % 8];
    else if (e.key === 'Enter' || e.key === ' ') this.send();
    else if (e.key === 'Backspace' || e.key === 'Delete') this.placed.pop();
    else if (e.key === 'r' || e.key === 'R') this.reset();
    else return false;
    this.exits.set(this.exit);
    return true;
  }

  /** @param {import('../diagram.js').PointerKind} kind @param {Vec2} p */
  onPointer(kind, p) {
    if (kind !== 'down') return false;
    const d = [p[0] - 0.5, p[1] - 0.5];
    if (Math.hypot(d[0], d[1]) < T.circle_radius) {
      this.send();
      return true;
    }
    const ang = Math.atan2(d[1], d[0]);
    const k = Math.round(((Math.PI / 2 - ang) / (Math.PI / 4) + 8)) % 8;
    this.exit = EXITS[k];
    this.exits.set(this.exit);
    return true;
  }

  /** @param {CanvasRenderingContext2D} ctx */
  paint(ctx) {
    const v = this.view;
    /** @type {Vec2} */
    const c = [0.5, 0.5];
    const k = circlePointDistance(T);
    // The five points of `000` 1.20 and the diagonal points of `002` 3.9.
    ctx.save();
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.lineWidth = v.px(1.2);
    ctx.setLineDash([v.px(3), v.px(3)]);
    for (const dir of [[0, 0], ...Object.values(EXIT_DIR)]) {
      const q = [c[0] + dir[0] * k, c[1] + dir[1] * k];
      ctx.beginPath();
      ctx.arc(q[0], q[1], T.disc.radius, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.restore();
    // Which way the disc left: an arrow out towards that cushion or corner.
    const dir = EXIT_DIR[this.exit];
    const reach = Math.abs(dir[0]) + Math.abs(dir[1]) > 1.5 ? 0.3 * Math.SQRT2 : 0.3;
    /** @type {Vec2} */
    const a = [c[0] + dir[0] * (T.circle_radius + 0.03), c[1] + dir[1] * (T.circle_radius + 0.03)];
    /** @type {Vec2} */
    const b = [c[0] + dir[0] * reach, c[1] + dir[1] * reach];
    drawArrow(ctx, v, [a, b], { colour: ACCENT, width: 4, headSize: 13 });
    drawLabel(ctx, v, [c[0] + dir[0] * (reach - 0.06) + (dir[0] ? 0 : 0.02), c[1] + dir[1] * (reach - 0.06)], this.t(`over.${this.exit}`), { align: dir[0] < -0.1 ? 'left' : dir[0] > 0.1 ? 'right' : 'left', size: 11.5 });
    this.placed.forEach((d, i) => drawDisc(ctx, v, d.at, { side: i % 2 }));
    const next = offTableSpot(T, this.placed.map((d) => d.at), this.exit);
    if (next) drawDisc(ctx, v, next.at, { side: this.placed.length % 2, ghost: true, focus: this.focused });
    this.placed.forEach((d, i) => {
      const [x, y] = v.toCss(d.at);
      ctx.save();
      v.pixelTransform(ctx);
      ctx.font = `700 ${v.cssW < 420 ? 9 : 11}px system-ui, sans-serif`;
      ctx.fillStyle = i % 2 ? '#fff' : '#fff';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.strokeStyle = 'rgba(0,0,0,0.7)';
      ctx.lineWidth = 3;
      ctx.strokeText(String(i + 1), x, y - v.ppm * 0.0215);
      ctx.fillText(String(i + 1), x, y - v.ppm * 0.0215);
      ctx.restore();
    });
  }

  describe() {
    const t = this.t;
    const parts = [];
    const last = this.placed[this.placed.length - 1];
    if (last) {
      parts.push(t('fig.off.last', { n: this.placed.length, over: t(`over.${last.exit}`) }));
      parts.push(t(`fig.off.rule.${last.rule}`, { side: t(`arm.${this.armOf(last.at)}`) }));
    } else parts.push(t('fig.off.empty'));
    const next = offTableSpot(T, this.placed.map((d) => d.at), this.exit);
    parts.push(next ? t('fig.off.next', { over: t(`over.${this.exit}`), rule: t(`fig.off.short.${next.rule}`, { side: t(`arm.${this.armOf(next.at)}`) }) }) : t('fig.off.full'));
    return parts.join(' ');
  }

  /**
   * The arm of the cross (or the centre) a spot lies on.
   * @param {Vec2} p
   */
  armOf(p) {
    const d = [p[0] - 0.5, p[1] - 0.5];
    if (Math.abs(d[0]) < 1e-6 && Math.abs(d[1]) < 1e-6) return 'centre';
    if (Math.abs(d[0]) > 1e-6 && Math.abs(d[1]) > 1e-6) {
      return `${d[1] > 0 ? 'north' : 'south'}_${d[0] > 0 ? 'east' : 'west'}`;
    }
    if (Math.abs(d[0]) > Math.abs(d[1])) return d[0] > 0 ? 'east' : 'west';
    return d[1] > 0 ? 'north' : 'south';
  }
}
