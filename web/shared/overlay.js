// @ts-check
// What is drawn over the discs while a stroke is being made: the striker's
// region, the cue, the aim guide, the hint and the power ring. Table metres
// through the view's transform, except the labels, which are in pixels.

import { roundRect } from './board.js';

/** @typedef {import('./protocol.js').Vec2} Vec2 */
/** @typedef {import('./table.js').ReadyView} ReadyView */
/** @typedef {import('./table.js').Scene} Scene */
/** @typedef {import('./table.js').SceneHint} SceneHint */

/**
 * Where the striker may stand, and while it is dragged the circles round
 * the discs it may not enter.
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('./protocol.js').RegionView} r
 * @param {Scene} scene
 */
export function drawRegion(view, ctx, r, scene) {
  ctx.save();
  ctx.fillStyle = 'rgba(255,255,255,0.18)';
  ctx.strokeStyle = 'rgba(255,255,255,0.55)';
  ctx.lineWidth = view.px(1);
  ctx.setLineDash([view.px(4), view.px(4)]);
  ctx.fillRect(r.min[0], r.min[1], r.max[0] - r.min[0], r.max[1] - r.min[1]);
  ctx.strokeRect(r.min[0], r.min[1], r.max[0] - r.min[0], r.max[1] - r.min[1]);
  if (scene.showExclusion) {
    // While the striker is dragged: the circles its centre may not enter.
    ctx.setLineDash([]);
    ctx.fillStyle = 'rgba(220,40,30,0.12)';
    ctx.strokeStyle = 'rgba(220,40,30,0.45)';
    for (const d of scene.discs) {
      if (!d.at) continue;
      const near = d.at[0] > r.min[0] - r.clear && d.at[0] < r.max[0] + r.clear
        && d.at[1] > r.min[1] - r.clear && d.at[1] < r.max[1] + r.clear;
      if (!near) continue;
      ctx.beginPath();
      ctx.arc(d.at[0], d.at[1], r.clear, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
    }
  }
  ctx.restore();
}

/**
 * The cue behind the striker, drawn back by `pull` (0..1).
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {Vec2} at
 * @param {{dir: Vec2, pull: number, illegal?: boolean}} cue
 */
export function drawCue(view, ctx, at, cue) {
  const d = cue.dir;
  const len = Math.hypot(d[0], d[1]);
  if (!len) return;
  const u = [d[0] / len, d[1] / len];
  const n = [-u[1], u[0]];
  const R = view.table.striker.radius;
  const gap = R + 0.004 + cue.pull * 0.12;
  const L = 0.85;
  const tip = [at[0] - u[0] * gap, at[1] - u[1] * gap];
  const butt = [tip[0] - u[0] * L, tip[1] - u[1] * L];
  // `000` 7.3.1: the cue tapers from about 25 mm to 6 mm.
  const wt = 0.003;
  const wb = 0.0125;
  ctx.save();
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = 4 * view.dpr;
  ctx.shadowOffsetY = 3 * view.dpr;
  const g = ctx.createLinearGradient(tip[0], tip[1], butt[0], butt[1]);
  if (cue.illegal) {
    g.addColorStop(0, '#ff6b5a');
    g.addColorStop(1, '#8f1d12');
  } else {
    g.addColorStop(0, '#f4e2bf');
    g.addColorStop(0.6, '#c9a26a');
    g.addColorStop(1, '#5b3518');
  }
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.moveTo(tip[0] + n[0] * wt, tip[1] + n[1] * wt);
  ctx.lineTo(butt[0] + n[0] * wb, butt[1] + n[1] * wb);
  ctx.lineTo(butt[0] - n[0] * wb, butt[1] - n[1] * wb);
  ctx.lineTo(tip[0] - n[0] * wt, tip[1] - n[1] * wt);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
  if (cue.illegal) {
    // Where the cue's line crosses the near edge, so the player sees why.
    ctx.save();
    ctx.strokeStyle = 'rgba(255,40,40,0.8)';
    ctx.lineWidth = view.px(1.5);
    ctx.setLineDash([view.px(5), view.px(4)]);
    ctx.beginPath();
    ctx.moveTo(at[0], at[1]);
    ctx.lineTo(at[0] - u[0] * 1.5, at[1] - u[1] * 1.5);
    ctx.stroke();
    ctx.restore();
  }
}

/**
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {Vec2} from
 * @param {Vec2} dir
 * @param {number} len
 * @param {string} colour
 * @param {boolean} dashed
 * @param {number} [width]
 */
function arrow(view, ctx, from, dir, len, colour, dashed, width = 2) {
  const l = Math.hypot(dir[0], dir[1]);
  if (!l || len <= 0) return;
  const u = [dir[0] / l, dir[1] / l];
  const to = [from[0] + u[0] * len, from[1] + u[1] * len];
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.fillStyle = colour;
  ctx.lineWidth = view.px(width);
  if (dashed) ctx.setLineDash([view.px(6), view.px(4)]);
  ctx.beginPath();
  ctx.moveTo(from[0], from[1]);
  ctx.lineTo(to[0], to[1]);
  ctx.stroke();
  ctx.setLineDash([]);
  const hs = view.px(7);
  const n = [-u[1], u[0]];
  ctx.beginPath();
  ctx.moveTo(to[0] + u[0] * hs * 0.4, to[1] + u[1] * hs * 0.4);
  ctx.lineTo(to[0] - u[0] * hs + n[0] * hs * 0.5, to[1] - u[1] * hs + n[1] * hs * 0.5);
  ctx.lineTo(to[0] - u[0] * hs - n[0] * hs * 0.5, to[1] - u[1] * hs - n[1] * hs * 0.5);
  ctx.closePath();
  ctx.fill();
  ctx.restore();
}

/**
 * The aim guide, on the surface only.
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {NonNullable<Scene['guide']>} guide
 * @param {Scene} scene
 */
export function drawGuide(view, ctx, guide, scene) {
  const T = view.table;
  // The guide shows where things go on the surface: never over the edge
  // board or beyond.
  ctx.save();
  ctx.beginPath();
  ctx.rect(0, 0, T.size, T.size);
  ctx.clip();
  drawGuideLines(view, ctx, guide, scene);
  ctx.restore();
}

/**
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {NonNullable<Scene['guide']>} guide
 * @param {Scene} scene
 */
function drawGuideLines(view, ctx, guide, scene) {
  const T = view.table;
  const colour = guide.illegal ? 'rgba(220,30,30,0.8)' : 'rgba(255,255,255,0.92)';
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = view.px(1.5);
  ctx.setLineDash([view.px(6), view.px(5)]);
  ctx.beginPath();
  ctx.moveTo(guide.from[0], guide.from[1]);
  ctx.lineTo(guide.to[0], guide.to[1]);
  ctx.stroke();
  ctx.setLineDash([]);
  // The striker's outline where it touches.
  ctx.lineWidth = view.px(1.2);
  ctx.beginPath();
  ctx.arc(guide.to[0], guide.to[1], T.striker.radius, 0, 2 * Math.PI);
  ctx.stroke();
  ctx.restore();
  const c = guide.contact;
  const reach = 0.16;
  if (c.kind === 'disc') {
    const side = scene.discs.find((d) => d.id === c.id)?.side;
    const own = side === scene.moverSide;
    const col = own ? 'rgba(40,200,90,0.95)' : 'rgba(255,170,40,0.95)';
    // Not by colour alone: the arrow to another side's disc is dashed.
    arrow(view, ctx, c.at, c.discDir, reach * Math.max(0.25, c.discShare), col, !own, 2.5);
    if (c.strikerDir) arrow(view, ctx, guide.to, c.strikerDir, reach * Math.max(0.2, c.strikerShare), 'rgba(255,255,255,0.8)', true, 1.5);
  } else if (c.strikerDir) {
    arrow(view, ctx, guide.to, c.strikerDir, reach, 'rgba(255,255,255,0.8)', true, 1.5);
  }
}

/**
 * A suggested stroke: the striker's spot and an arrow as long as its speed.
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {SceneHint} hint
 */
export function drawHint(view, ctx, hint) {
  const T = view.table;
  const at = hint.stroke.striker;
  ctx.save();
  ctx.strokeStyle = 'rgba(60,220,255,0.95)';
  ctx.fillStyle = 'rgba(60,220,255,0.18)';
  ctx.lineWidth = view.px(2);
  ctx.setLineDash([view.px(4), view.px(3)]);
  ctx.beginPath();
  ctx.arc(at[0], at[1], T.striker.radius, 0, 2 * Math.PI);
  ctx.fill();
  ctx.stroke();
  ctx.restore();
  const len = 0.06 + 0.3 * Math.min(1, hint.stroke.speed / (hint.maxSpeed || 8));
  const d = hint.stroke.direction;
  const l = Math.hypot(d[0], d[1]) || 1;
  /** @type {Vec2} */
  const from = [at[0] + (d[0] / l) * T.striker.radius, at[1] + (d[1] / l) * T.striker.radius];
  arrow(view, ctx, from, d, len, 'rgba(60,220,255,0.95)', false, 3);
}

/**
 * The hint's label beside its striker, in pixels.
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {SceneHint} hint
 */
export function drawHintLabel(view, ctx, hint) {
  const [x, y] = view.toScreen(hint.stroke.striker);
  const text = hint.label;
  ctx.save();
  ctx.scale(view.dpr, view.dpr);
  ctx.font = '600 12px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  const w = ctx.measureText(text).width + 10;
  const bx = Math.min(Math.max(x - w / 2, 2), view.cssSize - w - 2);
  const by = y > view.cssSize / 2 ? y - 42 : y + 24;
  ctx.fillStyle = 'rgba(8,40,52,0.88)';
  roundRect(ctx, bx, by, w, 18, 5);
  ctx.fill();
  ctx.fillStyle = '#9ef0ff';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, bx + 5, by + 9.5);
  ctx.restore();
}

/**
 * While the cue is drawn back: a ring round the striker fills with the speed.
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {{at: Vec2, share: number, text: string}} power
 */
export function drawPower(view, ctx, power) {
  const [x, y] = view.toScreen(power.at);
  const r = view.table.striker.radius * view.ppm + 9;
  ctx.save();
  ctx.scale(view.dpr, view.dpr);
  ctx.lineWidth = 6;
  ctx.lineCap = 'round';
  ctx.strokeStyle = 'rgba(20,12,4,0.55)';
  ctx.beginPath();
  ctx.arc(x, y, r, 0, 2 * Math.PI);
  ctx.stroke();
  if (power.share > 0) {
    ctx.strokeStyle = `hsl(${Math.round(120 * (1 - power.share))}, 85%, 52%)`;
    ctx.beginPath();
    ctx.arc(x, y, r, -Math.PI / 2, -Math.PI / 2 + 2 * Math.PI * power.share);
    ctx.stroke();
  }
  ctx.font = '700 13px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  const w = ctx.measureText(power.text).width + 12;
  const by = y - r - 30 < 4 ? y + r + 8 : y - r - 30;
  ctx.fillStyle = 'rgba(20,12,4,0.85)';
  roundRect(ctx, x - w / 2, by, w, 20, 6);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(power.text, x, by + 10.5);
  ctx.restore();
}

/**
 * The discs' numbers (discs.js) over them, while the player aims at a
 * named disc: white figures with a dark edge, readable on every colour of
 * disc and on the wood, at phone sizes too.
 * @param {ReadyView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {{at: Vec2, n: number}[]} labels
 */
export function drawNumbers(view, ctx, labels) {
  const size = Math.max(10, Math.min(14, view.table.disc.radius * view.ppm * 1.3));
  ctx.save();
  ctx.scale(view.dpr, view.dpr);
  ctx.font = `700 ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const { at, n } of labels) {
    const [x, y] = view.toScreen(at);
    ctx.lineWidth = 3.5;
    ctx.strokeStyle = 'rgba(10,8,6,0.95)';
    ctx.strokeText(String(n), x, y + 0.5);
    ctx.fillStyle = '#fff';
    ctx.fillText(String(n), x, y + 0.5);
  }
  ctx.restore();
}
