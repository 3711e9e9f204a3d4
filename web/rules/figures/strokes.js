// @ts-check
// The rules page's diagram of direct and rebound strokes (`001` "Direct
// strokes", "Penalty disc"; `000` 2.x; `002` 4.x; referee/fouls.rs): a
// path to a chosen disc, straight or off a cushion, judged as the referee
// judges its first contact.

import { aimProblem } from '../../shared/zone.js';
import { blindZone, strikerBounds, strokePath, firstHit, judgeFirstContact } from '../geometry.js';
import { PROFILES, PROFILE_IDS } from '../options.js';
import { drawDisc, drawArrow, drawCross, drawLabel, shadeRect, GOOD, BAD } from '../draw.js';
import { Diagram } from '../diagram.js';
import { T, segmentDistance, dist, clamp, S } from './common.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */
/** A disc of the diagram: its name, where it lies, whose. @typedef {{key: string, at: Vec2, own: boolean}} StrokeDisc */
/** A disc as shown: its index, side and dark area (null: light). @typedef {StrokeDisc & {k: number, side: number, zone: 'edge' | 'circle' | null}} ShownDisc */

/**
 * What the stroke chosen does: no path to the target, or the path (cut
 * where it meets a disc in the way), the disc it meets first, whether the
 * aim is refused, the foul, whether the player has a light disc, and
 * whether the striker crosses a pocket.
 * @typedef {{none: true, target: ShownDisc}
 *   | {none?: false, target: ShownDisc, first: ShownDisc, blocked: boolean, points: Vec2[], bounce: Vec2 | null, aim: boolean, foul: string | null, light: boolean, overPocket: boolean}} Judgement
 */

/** @type {StrokeDisc[]} */
const STROKE_DISCS = [
  { key: 'light', at: [0.36, 0.56], own: true },
  { key: 'edge', at: [0.7, 0.105], own: true },
  { key: 'circle', at: [0.545, 0.465], own: true },
  { key: 'opponent', at: [0.73, 0.63], own: false },
  { key: 'light2', at: [0.17, 0.8], own: true },
];
const PATHS = [null, 'north', 'west', 'east'];
/** @type {Record<number, string>} The words of the four discs' tags. */
const LABELS = { 0: 'fig.strokes.tag.light', 1: 'fig.strokes.tag.edge', 2: 'fig.strokes.tag.circle', 3: 'fig.strokes.tag.opponent' };

export class StrokesDiagram extends Diagram {
  /** @param {import('../../shared/lang.js').Translator} t */
  constructor(t) {
    super(t, { name: 'strokes', drag: true });
    /** @type {Vec2} */
    this.striker = [0.4, 0.045];
    this.dragging = false;
    this.target = 0;
    this.path = 0;
    this.profile = 'lnf-2017';
    this.darkOnly = false;
    this.targets = this.radios('fig.strokes.target', 'target', STROKE_DISCS.slice(0, 4).map((d, k) => ({ value: String(k), key: `fig.strokes.disc.${d.key}` })), '0', (v) => { this.target = Number(v); });
    this.paths = this.radios('fig.strokes.path', 'path', PATHS.map((c, k) => ({ value: String(k), key: `fig.strokes.path.${c || 'direct'}` })), '0', (v) => { this.path = Number(v); });
    this.radios('fig.profile', 'profile', PROFILE_IDS.map((p) => ({ value: p, key: `profile.${p}` })), this.profile, (v) => { this.profile = v; });
    const only = this.checkbox('fig.strokes.dark_only', false, (c) => {
      this.darkOnly = c;
      if (c && !this.visible(this.target)) {
        this.target = 1;
        this.targets.set('1');
      }
      const light = this.targets.querySelector('input[value="0"]');
      if (light instanceof HTMLInputElement) light.disabled = c;
    });
    this.controls.append(only);
    this.text(this.canvas, 'fig.strokes.label', 'aria-label');
    this.keysHint('fig.strokes.keys');
  }

  /** @param {number} k */
  visible(k) { return !(this.darkOnly && STROKE_DISCS[k].key.startsWith('light')); }

  /** @returns {ShownDisc[]} */
  discs() {
    return STROKE_DISCS.map((d, k) => ({ ...d, k, side: d.own ? 0 : 1, zone: d.own ? blindZone(T, 'south', d.at) : null }))
      .filter((d) => this.visible(d.k));
  }

  /** @param {Vec2} p */
  placeStriker(p) {
    const [a0, a1, d0, d1] = strikerBounds(T);
    const m = 1e-6;
    /** @type {Vec2} */
    const q = [clamp(p[0], a0 + m, a1 - m), clamp(p[1], d0 + m, d1 - m)];
    const reach = T.striker.radius + T.disc.radius;
    if (STROKE_DISCS.some((d) => dist(d.at, q) <= reach)) return false;
    this.striker = q;
    return true;
  }

  /** @param {KeyboardEvent} e */
  onKey(e) {
    const step = e.shiftKey ? 0.001 : 0.01;
    const [x, y] = this.striker;
    if (e.key === 'ArrowLeft') this.placeStriker([x - step, y]);
    else if (e.key === 'ArrowRight') this.placeStriker([x + step, y]);
    else if (e.key === 'ArrowUp') this.placeStriker([x, y + step / 2]);
    else if (e.key === 'ArrowDown') this.placeStriker([x, y - step / 2]);
    else if (/^[1-4]$/.test(e.key) && this.visible(Number(e.key) - 1)) {
      this.target = Number(e.key) - 1;
      this.targets.set(String(this.target));
    } else if (e.key === 'p' || e.key === 'P') {
      this.path = (this.path + 1) % PATHS.length;
      this.paths.set(String(this.path));
    } else return false;
    return true;
  }

  /** @param {import('../diagram.js').PointerKind} kind @param {Vec2} p */
  onPointer(kind, p) {
    if (kind === 'down') {
      if (dist(p, this.striker) <= T.striker.radius + this.view.px(8)) {
        this.dragging = true;
        return true;
      }
      const hit = this.discs().filter((d) => d.k < 4).find((d) => dist(d.at, p) <= T.disc.radius + this.view.px(8));
      if (hit) {
        this.target = hit.k;
        this.targets.set(String(hit.k));
        this.dragging = false;
        return true;
      }
      this.dragging = false;
      return false;
    }
    if (kind === 'drag' && this.dragging) return this.placeStriker(p);
    if (kind === 'up') this.dragging = false;
    return false;
  }

  /**
   * What happens: {path, aim, blocked, first, foul}.
   * @returns {Judgement}
   */
  judge() {
    const discs = this.discs();
    const target = discs.find((d) => d.k === this.target) || discs[0];
    const cushion = PATHS[this.path];
    const path = strokePath(T, this.striker, target.at, cushion);
    if (!path) return { target, none: true };
    /** @type {Vec2} */
    const dir = [path.points[1][0] - path.points[0][0], path.points[1][1] - path.points[0][1]];
    const aim = aimProblem('south', S, this.striker, dir);
    const others = discs.map((d) => ({ at: d.at }));
    const idx = discs.indexOf(target);
    const hit = firstHit(T, path.points, others, idx);
    const first = hit ? discs[hit.index] : target;
    const light = discs.some((d) => d.own && !d.zone);
    const foul = judgeFirstContact({
      kind: cushion ? 'rebound' : 'direct',
      cushion,
      first: { own: first.own, dark: first.own && first.zone !== null, zone: first.zone },
      light,
      opposite: 'north',
      profile: PROFILES[this.profile],
    });
    let points = path.points;
    if (hit) {
      // Cut the path where the striker meets the disc in the way.
      let left = hit.s;
      points = [path.points[0]];
      for (let i = 1; i < path.points.length; i++) {
        const a = path.points[i - 1];
        const b = path.points[i];
        const len = dist(a, b);
        if (left <= len) {
          points.push([a[0] + ((b[0] - a[0]) * left) / len, a[1] + ((b[1] - a[1]) * left) / len]);
          break;
        }
        left -= len;
        points.push(b);
      }
    }
    // A striker whose centre crosses a pocket's hole drops in unless it is
    // fast enough to jump it (referee tests play such strokes at > 2 m/s).
    /** @type {Vec2[]} */
    const pockets = [[T.pocket_inset, T.pocket_inset], [S - T.pocket_inset, T.pocket_inset], [S - T.pocket_inset, S - T.pocket_inset], [T.pocket_inset, S - T.pocket_inset]];
    const overPocket = points.some((a, i) => i > 0 && pockets.some((c) => segmentDistance(points[i - 1], a, c) < T.pocket_radius));
    return { target, first, blocked: Boolean(hit), points, bounce: path.bounce, aim: aim !== null, foul, light, overPocket };
  }

  /** @param {CanvasRenderingContext2D} ctx */
  paint(ctx) {
    const v = this.view;
    const j = this.judge();
    const [a0, a1, d0, d1] = strikerBounds(T);
    shadeRect(ctx, v, [a0, d0, a1, d1], 'rgba(255,255,255,0.12)', 'rgba(255,255,255,0.5)');
    for (const d of this.discs()) {
      drawDisc(ctx, v, d.at, { side: d.side, dark: d.own && d.zone !== null, focus: d.k === j.target.k, focusColour: '#fff' });
    }
    if (!j.none) {
      const ok = !j.aim && !j.foul;
      const colour = ok ? GOOD : BAD;
      drawArrow(ctx, v, j.points, { colour, dash: j.aim ? [6, 5] : null });
      const end = j.points[j.points.length - 1];
      drawDisc(ctx, v, end, { striker: true, side: 0, ghost: true });
      if (j.bounce && j.points.length > 2) {
        ctx.save();
        ctx.fillStyle = '#fff';
        ctx.beginPath();
        ctx.arc(j.bounce[0], j.bounce[1], v.px(4), 0, 2 * Math.PI);
        ctx.fill();
        ctx.restore();
      }
      if (j.foul && !j.aim) drawCross(ctx, v, j.first.at);
    } else {
      drawCross(ctx, v, j.target.at);
    }
    drawDisc(ctx, v, this.striker, { striker: true, side: 0, focus: this.focused });
    for (const d of this.discs()) {
      if (d.k > 3) continue;
      drawLabel(ctx, v, d.at, this.t(LABELS[d.k]), { dx: 14, size: 11 });
    }
  }

  describe() {
    const t = this.t;
    const j = this.judge();
    const target = t(`fig.strokes.disc.${j.target.key}`);
    const path = t(`fig.strokes.path.${PATHS[this.path] || 'direct'}`);
    const head = t('fig.strokes.aiming', { target, path });
    if (j.none) return `${head} ${t('fig.strokes.unreachable')}`;
    const parts = [head];
    if (j.aim) {
      // The referee refuses such a stroke before judging it (`000` 1.15).
      parts.push(t('fig.strokes.bad_aim'), t('fig.strokes.under', { profile: t(`profile.${this.profile}`) }));
      return parts.join(' ');
    }
    if (j.overPocket) parts.push(t('fig.strokes.over_pocket'));
    if (j.blocked) parts.push(t('fig.strokes.blocked', { disc: t(`fig.strokes.disc.${j.first.key}`) }));
    parts.push(j.foul ? t('fig.strokes.foul', { why: t(`fig.foul.${j.foul}`) }) : t('fig.strokes.correct'));
    if (!j.light) parts.push(t('fig.strokes.only_dark_now'));
    parts.push(t('fig.strokes.under', { profile: t(`profile.${this.profile}`) }));
    return parts.join(' ');
  }
}
