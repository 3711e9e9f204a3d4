// @ts-check
// The rules page's diagram of light and dark discs (`001` "Direct
// strokes"; `000` 2.1–2.3; crates/novuss-core/src/rules/zone.rs): a disc moved
// about, and what shows through its hole for the chosen player.

import { OPPOSITE, blindZone, edgeZoneLines, circleView, distanceToCushion } from '../geometry.js';
import { drawDisc, drawLabel, mm } from '../draw.js';
import { View } from '../view.js';
import { Diagram } from '../diagram.js';
import { T, dist, clamp, L, S, edgeZoneRect, hatchArea } from './common.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */

export class LightDarkDiagram extends Diagram {
  /** @param {import('../../shared/lang.js').Translator} t */
  constructor(t) {
    super(t, { name: 'light-dark', drag: true, maxWidth: 520 });
    /** @type {'south' | 'north'} whose disc it is */
    this.owner = 'south';
    /** @type {Vec2} */
    this.at = [0.3, 0.15];
    /** @type {Vec2} from the pointer to the disc's centre while it is dragged */
    this.grab = [0, 0];
    this.radios('fig.light.owner', 'owner', [
      { value: 'south', key: 'fig.light.owner.south' },
      { value: 'north', key: 'fig.light.owner.north' },
    ], this.owner, (v) => {
      // The disc stays where it is: the same place may be dark for one
      // player and light for the other.
      this.owner = v;
    });
    // The loupe: the disc's hole and the lines around it, 8 times larger.
    this.loupe = document.createElement('canvas');
    this.loupe.className = 'loupe';
    this.loupe.setAttribute('aria-hidden', 'true');
    this.loupeView = new View(this.loupe, [0, 0, 0.06, 0.06]);
    const loupeCtx = this.loupe.getContext('2d');
    if (!loupeCtx) throw new Error('no 2D canvas');
    this.loupeCtx = loupeCtx;
    const wrap = document.createElement('div');
    wrap.className = 'loupe-wrap';
    const cap1 = document.createElement('span');
    this.text(cap1, 'fig.light.loupe');
    wrap.append(this.loupe, cap1);
    this.stage.append(wrap);
    this.stage.classList.add('with-loupe');
    this.text(this.canvas, 'fig.light.label', 'aria-label');
    this.keysHint('fig.light.keys');
  }

  layout() {
    const full = this.stage.clientWidth;
    const wide = full >= 640;
    const main = Math.floor(Math.min(wide ? full - 200 : full, this.maxWidth));
    const side = wide ? 180 : Math.min(150, Math.floor(full * 0.42));
    let changed = this.view.resize(main);
    changed = this.loupeView.resize(side) || changed;
    if (changed) this.draw();
  }

  /** @param {number} dx @param {number} dy */
  move(dx, dy) {
    const r = T.disc.radius;
    this.at = [clamp(this.at[0] + dx, r, S - r), clamp(this.at[1] + dy, r, S - r)];
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const step = e.shiftKey ? 0.01 : 0.001;
    if (e.key === 'ArrowUp') this.move(0, step);
    else if (e.key === 'ArrowDown') this.move(0, -step);
    else if (e.key === 'ArrowLeft') this.move(-step, 0);
    else if (e.key === 'ArrowRight') this.move(step, 0);
    else if (e.key === 'Home') this.at = this.owner === 'south' ? [0.3, 0.15] : [0.7, S - 0.15];
    else return false;
    return true;
  }

  /** @param {import('../diagram.js').PointerKind} kind @param {Vec2} p */
  onPointer(kind, p) {
    if (kind === 'down') {
      this.grab = dist(p, this.at) <= T.disc.radius + this.view.px(10) ? [this.at[0] - p[0], this.at[1] - p[1]] : [0, 0];
      this.at = [p[0] + this.grab[0], p[1] + this.grab[1]];
      this.move(0, 0);
      return true;
    }
    if (kind === 'drag') {
      this.at = [p[0] + this.grab[0], p[1] + this.grab[1]];
      this.move(0, 0);
      return true;
    }
    return false;
  }

  zone() { return blindZone(T, this.owner, this.at); }

  /** @param {CanvasRenderingContext2D} ctx */
  paint(ctx) {
    const v = this.view;
    hatchArea(ctx, v, edgeZoneRect(this.owner));
    hatchArea(ctx, v, 'circle');
    const dark = this.zone() !== null;
    const side = this.owner === 'south' ? 0 : 1;
    drawDisc(ctx, v, this.at, { side, dark, focus: this.focused });
    const [x, y] = this.at;
    const below = this.owner === 'south' ? y > 0.5 : y > 0.3;
    drawLabel(ctx, v, [x, y], this.t(dark ? 'fig.light.tag.dark' : 'fig.light.tag.light'), {
      align: 'center', dy: below ? 26 : -26, border: dark ? '#b9a6ff' : '#f6ecd9',
    });
    drawLabel(ctx, v, this.owner === 'south' ? [0.5, L / 2] : [0.5, S - L / 2], this.t('fig.light.tag.area'), { align: 'center', size: 11 });
    // The loupe, drawn around the disc.
    const lv = this.loupeView;
    const half = 0.022;
    lv.setRect([x - half, y - half, x + half, y + half]);
    lv.cache = null;
    if (lv.cssW) {
      lv.paintBoard(this.loupeCtx);
      drawDisc(this.loupeCtx, lv, this.at, { side, dark: false });
      const c = this.loupeCtx;
      lv.pixelTransform(c);
      c.strokeStyle = dark ? '#b9a6ff' : '#f6ecd9';
      c.lineWidth = 3;
      c.strokeRect(1.5, 1.5, lv.cssW - 3, lv.cssH - 3);
    }
  }

  describe() {
    const t = this.t;
    const who = t(`whose.${this.owner}`);
    const depth = distanceToCushion(T, this.at, this.owner);
    const where = t('fig.light.where', { whose: who, d: mm(t, depth), cushion: t(`cushion.${this.owner}`) });
    const zone = this.zone();
    let why;
    if (zone === 'edge') why = t('fig.light.why.edge');
    else if (zone === 'circle') why = t('fig.light.why.circle');
    else {
      const lines = edgeZoneLines(T, this.owner, this.at);
      const seen = lines.find((l) => l.view === 'visible');
      const inside = lines.every((l) => l.view !== 'beyond');
      const cv = circleView(T, this.at);
      if (inside && seen) why = t(seen.line === 'own' ? 'fig.light.why.own_line' : 'fig.light.why.side_line');
      else if (cv === 'visible') why = t('fig.light.why.circle_line');
      else if (blindZone(T, OPPOSITE[this.owner], this.at) === 'edge') why = t('fig.light.why.other_zone');
      else if (distanceToCushion(T, this.at, this.owner) < L && lines.some((l) => l.view === 'beyond')) why = t('fig.light.why.corner');
      else why = t('fig.light.why.outside');
    }
    const verdict = t(zone ? 'fig.light.verdict.dark' : 'fig.light.verdict.light', { who: t(`towho.${this.owner}`) });
    return `${where} ${why} ${verdict}`;
  }
}
