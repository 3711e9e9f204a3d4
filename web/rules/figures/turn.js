// @ts-check
// The rules page's diagram of the turn (`001` "Losing the rights to
// stroke"; `000` 1.17–1.18): who strokes next after each outcome.

import { OPPOSITE, NEXT_SEAT, lineUp } from '../geometry.js';
import { PROFILES, PROFILE_IDS } from '../options.js';
import { drawDisc, drawArrow, drawLabel, ACCENT, GOOD } from '../draw.js';
import { Diagram } from '../diagram.js';
import { T, cap, dist, SEAT_LABEL_AT } from './common.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */

const OUTCOMES = ['own', 'opponent', 'off', 'back', 'dark', 'foul'];
/** @type {Record<string, Vec2>} Into the table from each seat. */
const INWARD = { south: [0, 1], north: [0, -1], west: [1, 0], east: [-1, 0] };

export class TurnDiagram extends Diagram {
  /** @param {import('../../shared/lang.js').Translator} t */
  constructor(t) {
    super(t, { name: 'turn' });
    this.format = 'singles';
    this.seat = 'south';
    this.profile = 'lnf-2017';
    /** @type {Record<string, boolean>} what the stroke did */
    this.what = { own: true, opponent: false, off: false, back: false, dark: false, foul: false };
    this.radios('fig.setup.format', 'format', [
      { value: 'singles', key: 'format.singles' },
      { value: 'doubles', key: 'format.doubles' },
      { value: 'four_player', key: 'format.four_player' },
    ], this.format, (v) => {
      this.format = v;
      if (v === 'singles' && !['south', 'north'].includes(this.seat)) this.seat = 'south';
    });
    const fs = document.createElement('fieldset');
    fs.className = 'choice checks';
    const lg = document.createElement('legend');
    this.text(lg, 'fig.turn.what');
    fs.append(lg);
    for (const k of OUTCOMES) fs.append(this.checkbox(`fig.turn.what.${k}`, this.what[k], (c) => { this.what[k] = c; }));
    this.controls.append(fs);
    this.radios('fig.profile', 'profile', PROFILE_IDS.map((p) => ({ value: p, key: `profile.${p}` })), this.profile, (v) => { this.profile = v; });
    this.text(this.canvas, 'fig.turn.label', 'aria-label');
    this.keysHint('fig.turn.keys');
  }

  seats() {
    return this.format === 'singles' ? ['south', 'north'] : ['south', 'west', 'north', 'east'];
  }

  /** The reasons the turn passes, in the referee's order (referee/outcome.rs). */
  reasons() {
    const w = this.what;
    /** @type {string[]} */
    const out = [];
    if (!w.own && !w.foul) out.push('no_own_disc');
    if (w.opponent) out.push('opponent_disc');
    if (w.off) out.push('disc_left_table');
    if (w.back && !w.dark && PROFILES[this.profile].striker_return_ends_turn && out.length === 0) out.push('striker_returned');
    if (w.foul) out.push('foul');
    return out;
  }

  next() {
    return this.format === 'singles' ? OPPOSITE[this.seat] : NEXT_SEAT[this.seat];
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const s = this.seats();
    const k = s.indexOf(this.seat);
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') this.seat = s[(k + 1) % s.length];
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') this.seat = s[(k + s.length - 1) % s.length];
    else return false;
    return true;
  }

  /** @param {import('../diagram.js').PointerKind} kind @param {Vec2} p */
  onPointer(kind, p) {
    if (kind !== 'down') return false;
    const near = this.seats().map((s) => /** @type {[string, number]} */ ([s, dist(p, SEAT_LABEL_AT[s])])).sort((a, b) => a[1] - b[1])[0];
    if (near[1] > 0.3) return false;
    this.seat = near[0];
    return true;
  }

  /** @param {CanvasRenderingContext2D} ctx */
  paint(ctx) {
    const v = this.view;
    const { discs } = lineUp(T, this.format);
    for (const d of discs) drawDisc(ctx, v, d.at, { side: d.side, ghost: true });
    const passes = this.reasons().length > 0;
    const from = this.seat;
    const to = passes ? this.next() : from;
    /** @param {string} s @param {number} depth @returns {Vec2} */
    const spot = (s, depth) => {
      const a = SEAT_LABEL_AT[s];
      const n = INWARD[s];
      return [a[0] + n[0] * depth, a[1] + n[1] * depth];
    };
    // The player's striker in their edge zone.
    const k = this.seats().indexOf(from);
    const side = this.format === 'four_player' ? k : k % 2;
    drawDisc(ctx, v, spot(from, 0.08), { striker: true, side, focus: this.focused });
    if (passes) {
      const a = spot(from, 0.2);
      const b = spot(to, 0.2);
      const mid = [0.5 + (a[0] + b[0] - 1) * 0.15, 0.5 + (a[1] + b[1] - 1) * 0.15];
      /** @type {Vec2[]} */
      const curve = [];
      for (let i = 0; i <= 24; i++) {
        const u = i / 24;
        const bend = this.format === 'singles' ? [0.18 * Math.sin(Math.PI * u), 0] : [0, 0];
        curve.push([(1 - u) * (1 - u) * a[0] + 2 * u * (1 - u) * mid[0] + u * u * b[0] + bend[0], (1 - u) * (1 - u) * a[1] + 2 * u * (1 - u) * mid[1] + u * u * b[1] + bend[1]]);
      }
      drawArrow(ctx, v, curve, { colour: ACCENT, width: 4, headSize: 14 });
    } else {
      const c = spot(from, 0.2);
      /** @type {Vec2[]} */
      const loop = [];
      for (let i = 0; i <= 30; i++) {
        const u = -Math.PI / 2 + (i / 30) * 1.7 * Math.PI;
        loop.push([c[0] + 0.07 * Math.cos(u), c[1] + 0.07 + 0.07 * Math.sin(u)]);
      }
      drawArrow(ctx, v, loop, { colour: GOOD, width: 4, headSize: 14 });
    }
    for (const s of this.seats()) {
      const me = s === from;
      const nx = s === to && passes;
      drawLabel(ctx, v, SEAT_LABEL_AT[s], this.t(`seat.${s}`), {
        align: 'center', size: 12, border: me ? '#fff' : nx ? ACCENT : undefined, colour: me || nx ? '#fff' : '#cbbda5',
      });
    }
  }

  describe() {
    const t = this.t;
    const r = this.reasons();
    const who = t(`who.${this.seat}`);
    const parts = [t('fig.turn.stroke', { who: cap(who) })];
    if (r.length === 0) {
      parts.push(t('fig.turn.again', { who }));
      if (this.what.back && !this.what.dark && !PROFILES[this.profile].striker_return_ends_turn) parts.push(t('fig.turn.back_ignored'));
      else if (this.what.back && this.what.dark) parts.push(t('fig.turn.back_dark'));
    } else {
      for (const k of r) parts.push(t(`turn_why.${k}`));
      if (this.what.foul) parts.push(t('fig.turn.penalty'));
      parts.push(t('fig.turn.next', { to: t(`towho.${this.next()}`), of: t(`whose.${this.next()}`) }));
    }
    return parts.join(' ');
  }
}
