// @ts-check
// The rules page's diagram of the table and the set-up (`000` 1.4, 7.1;
// `001` "Initial state"; `003`): each part of the table named in turn, and
// the opening line-up of each format.

import { strikerBounds, lineUp } from '../geometry.js';
import { drawDisc, drawLabel, shadeRect, ACCENT } from '../draw.js';
import { Diagram } from '../diagram.js';
import { T, dist, L, S, edgeZoneRect, SEAT_LABEL_AT } from './common.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */

const PARTS = ['edge_zone', 'zone_lines', 'corners', 'circle', 'middle_lines', 'line_up', 'striker_zone'];

/** @type {Record<string, [Vec2, string]>} Where each part's name is written, and its words. */
const PART_LABELS = {
  edge_zone: [[0.5, L / 2], 'fig.setup.tag.edge_zone'],
  zone_lines: [[0.5, L], 'fig.setup.tag.zone_lines'],
  corners: [[L / 2, L / 2 + 0.085], 'fig.setup.tag.corners'],
  circle: [[0.5, 0.5 - T.circle_radius - 0.03], 'fig.setup.tag.circle'],
  middle_lines: [[0.5, L + 0.03], 'fig.setup.tag.middle_lines'],
  line_up: [[0.5, S - 0.07], 'fig.setup.tag.line_up'],
  striker_zone: [[0.5, L + 0.04], 'fig.setup.tag.striker_zone'],
};

export class SetupDiagram extends Diagram {
  /** @param {import('../../shared/lang.js').Translator} t */
  constructor(t) {
    super(t, { name: 'setup' });
    this.format = 'singles';
    this.part = 0;
    this.radios('fig.setup.format', 'format', [
      { value: 'singles', key: 'format.singles' },
      { value: 'doubles', key: 'format.doubles' },
      { value: 'four_player', key: 'format.four_player' },
    ], this.format, (v) => { this.format = v; });
    const nav = document.createElement('div');
    nav.className = 'buttons';
    nav.append(
      this.button('fig.setup.prev', () => { this.part = (this.part + PARTS.length - 1) % PARTS.length; }),
      this.button('fig.setup.next', () => { this.part = (this.part + 1) % PARTS.length; }),
    );
    this.controls.append(nav);
    this.text(this.canvas, 'fig.setup.label', 'aria-label');
    this.keysHint('fig.setup.keys');
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') this.part = (this.part + 1) % PARTS.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') this.part = (this.part + PARTS.length - 1) % PARTS.length;
    else if (e.key === 'Home') this.part = 0;
    else if (e.key === 'End') this.part = PARTS.length - 1;
    else return false;
    return true;
  }

  /**
   * The part of the table at `p`, or null.
   * @param {Vec2} p
   */
  partAt(p) {
    /** @type {Vec2} */
    const c = [S / 2, S / 2];
    const tol = this.view.px(7);
    const inSurface = p[0] >= 0 && p[0] <= S && p[1] >= 0 && p[1] <= S;
    if (!inSurface) return null;
    const { discs } = lineUp(T, this.format);
    if (discs.some((d) => dist(d.at, p) <= T.disc.radius)) return 'line_up';
    if (Math.abs(dist(p, c) - T.circle_radius) < tol) return 'circle';
    for (const v of [L, S - L]) if (Math.abs(p[0] - v) < tol || Math.abs(p[1] - v) < tol) return 'zone_lines';
    if ((p[0] < L || p[0] > S - L) && (p[1] < L || p[1] > S - L)) return 'corners';
    if (dist(p, c) < T.circle_radius) return 'circle';
    const [a0, a1, d0, d1] = strikerBounds(T);
    if (p[0] > a0 && p[0] < a1 && p[1] > d0 && p[1] < d1) return 'striker_zone';
    if (p[1] < L || p[1] > S - L || p[0] < L || p[0] > S - L) return 'edge_zone';
    return null;
  }

  /** @param {import('../diagram.js').PointerKind} kind @param {Vec2} p */
  onPointer(kind, p) {
    if (kind !== 'down' && kind !== 'hover') return false;
    const part = this.partAt(p);
    if (part === null) return false;
    const k = PARTS.indexOf(part);
    if (k === this.part) return kind === 'down';
    this.part = k;
    return true;
  }

  /** @param {CanvasRenderingContext2D} ctx */
  paint(ctx) {
    const v = this.view;
    const part = PARTS[this.part];
    const { seats, discs } = lineUp(T, this.format);
    if (part === 'edge_zone') {
      for (const s of seats) shadeRect(ctx, v, edgeZoneRect(s), s === 'south' ? 'rgba(224,166,64,0.34)' : 'rgba(224,166,64,0.14)', s === 'south' ? ACCENT : null);
    } else if (part === 'corners') {
      for (const [x, y] of [[0, 0], [S - L, 0], [S - L, S - L], [0, S - L]]) shadeRect(ctx, v, [x, y, x + L, y + L], 'rgba(224,166,64,0.22)', ACCENT);
    } else if (part === 'circle') {
      ctx.save();
      ctx.fillStyle = 'rgba(224,166,64,0.28)';
      ctx.strokeStyle = ACCENT;
      ctx.lineWidth = v.px(2.5);
      ctx.beginPath();
      ctx.arc(S / 2, S / 2, T.circle_radius, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      ctx.restore();
    } else if (part === 'striker_zone') {
      const [a0, a1, d0, d1] = strikerBounds(T);
      shadeRect(ctx, v, [a0, d0, a1, d1], 'rgba(255,255,255,0.22)', '#fff');
    }
    if (part === 'zone_lines' || part === 'middle_lines') {
      ctx.save();
      ctx.strokeStyle = ACCENT;
      ctx.lineWidth = v.px(3);
      ctx.beginPath();
      if (part === 'zone_lines') {
        for (const c of [L, S - L]) {
          ctx.moveTo(c, 0); ctx.lineTo(c, S);
          ctx.moveTo(0, c); ctx.lineTo(S, c);
        }
      } else {
        const r = T.circle_radius;
        ctx.moveTo(S / 2, 0); ctx.lineTo(S / 2, L);
        ctx.moveTo(S / 2, S); ctx.lineTo(S / 2, S - L);
        ctx.moveTo(0, S / 2); ctx.lineTo(L, S / 2);
        ctx.moveTo(S, S / 2); ctx.lineTo(S - L, S / 2);
        ctx.moveTo(S / 2 - r, S / 2); ctx.lineTo(S / 2 + r, S / 2);
        ctx.moveTo(S / 2, S / 2 - r); ctx.lineTo(S / 2, S / 2 + r);
      }
      ctx.stroke();
      ctx.restore();
    }
    for (const d of discs) drawDisc(ctx, v, d.at, { side: d.side, focus: part === 'line_up' && d.seat === 'south', focusColour: '#fff' });
    if (part === 'striker_zone') drawDisc(ctx, v, [0.5, 0.06], { striker: true, side: 0 });
    // Who sits where, and which row each lines up.
    seats.forEach((s, k) => {
      const side = this.format === 'four_player' ? k : k % 2;
      drawLabel(ctx, v, SEAT_LABEL_AT[s], this.t(`seat.${s}`), { align: 'center', size: 11, colour: side === 0 ? '#ffc9bd' : '#f6ecd9' });
    });
    const say = PART_LABELS[part];
    drawLabel(ctx, v, say[0], this.t(say[1]), { align: 'center', border: ACCENT });
  }

  describe() {
    const t = this.t;
    return `${t(`fig.setup.format.${this.format}`)} ${t('fig.setup.showing', { n: this.part + 1, of: PARTS.length })} ${t(`fig.setup.part.${PARTS[this.part]}`)}`;
  }
}
