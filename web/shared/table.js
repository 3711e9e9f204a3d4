// @ts-check
// Drawing the table to scale with Canvas 2D. Everything is drawn in table
// metres through one transform per view (the seat the table is seen from
// sits at the bottom of the screen), so the geometry is the server's
// `state.table` and nothing is placed by eye.

import { seatFrame } from './zone.js';
import { drawBoard, RAIL } from './board.js';
import { drawRegion, drawCue, drawGuide, drawHint, drawHintLabel, drawPower, drawNumbers } from './overlay.js';

/** @typedef {import('./protocol.js').Vec2} Vec2 */
/** @typedef {import('./protocol.js').Seat} Seat */
/** @typedef {import('./protocol.js').Table} Table */
/** @typedef {import('./protocol.js').Stroke} Stroke */
/** @typedef {import('./protocol.js').RegionView} RegionView */
/** @typedef {import('./guide.js').Guide} Guide */

/** A disc as drawn: where it is (null: gone), its side, dark for the mover, a penalty disc. @typedef {{id: number, side: number, at: Vec2 | null, dark: boolean, penalty: boolean}} SceneDisc */

/**
 * A computer's or a hint's stroke drawn over the table, with its label.
 * @typedef {{stroke: Stroke, maxSpeed: number, label: string}} SceneHint
 */

/**
 * What one frame shows (game/scene.js, and the replay viewer's): the
 * discs, and while a stroke is made or played back the striker, the cue,
 * the aim guide, a hint, the power, the discs' numbers.
 * @typedef {object} Scene
 * @property {SceneDisc[]} discs
 * @property {number | null} moverSide the side to stroke: its dark discs are hatched
 * @property {RegionView | null} [region] where the striker may stand
 * @property {boolean} [showExclusion] the circles round the discs the striker may not enter
 * @property {{at: Vec2, side: number, illegal?: boolean, ghost?: boolean} | null} [striker]
 * @property {{dir: Vec2, pull: number, illegal?: boolean}} [cue] drawn back by `pull` (0..1)
 * @property {{at: Vec2, share: number, text: string}} [power] the ring of a stroke's speed
 * @property {Guide & {illegal?: boolean}} [guide]
 * @property {{at: Vec2, n: number}[] | null} [numbers] the discs' numbers
 * @property {Set<number>} [highlight] disc ids ringed
 * @property {SceneHint} [hint]
 */

/** A view with its table: what the board and the overlays draw with. @typedef {TableView & {table: Table}} ReadyView */

/** What drawing a ring needs of a view (TableView, and the rules page's diagrams). @typedef {{lightDir(): Vec2, dpr: number, px(px: number): number}} RingView */

/**
 * How a ring is drawn (see `drawRing`).
 * @typedef {object} RingOptions
 * @property {boolean} [striker] a brass rim
 * @property {boolean} [ghost] faint
 * @property {boolean} [dark] hatched
 * @property {boolean} [penalty] a gold ring
 * @property {boolean} [highlight]
 * @property {boolean} [illegal]
 * @property {boolean} [focus] an accent ring in `focusColour`
 * @property {string} [focusColour]
 */

// Room round the surface: the edge board, its shadow, and a little of the
// cue behind the striker.
const MARGIN = RAIL + 0.012;

// Singles use two colours, social four-player games four ("usually black,
// white, red and green", `000` 7.2.2). Each side also has its own mark so
// the colours are never the only difference.
export const SIDE_COLOURS = ['#b3261e', '#1f1d1c', '#efe7d3', '#1e7a49'];
export const MARK_COLOURS = ['#f5cdbd', '#d8cfbd', '#6d5f49', '#cdeedb'];

export class TableView {
  /** @param {HTMLCanvasElement} canvas */
  constructor(canvas) {
    this.canvas = canvas;
    this.ctx = context(canvas);
    this.board = document.createElement('canvas');
    /** @type {Table | null} */
    this.table = null;
    /** @type {string | undefined} */
    this.tableKey = undefined;
    /** @type {Seat} */
    this.viewSeat = 'south';
    this.cssSize = 0;
    this.dpr = 1;
  }

  /** @param {Table} table */
  setGeometry(table) {
    const key = JSON.stringify(table);
    if (key === this.tableKey) return;
    this.tableKey = key;
    this.table = table;
    this.rebuild();
  }

  /** @param {Seat} seat */
  setView(seat) {
    if (seat === this.viewSeat) return;
    this.viewSeat = seat;
    this.rebuild();
  }

  /**
   * Size the canvas to `css` pixels square at the screen's pixel ratio.
   * @param {number} css
   */
  resize(css) {
    const dpr = window.devicePixelRatio || 1;
    if (css === this.cssSize && dpr === this.dpr) return;
    this.cssSize = css;
    this.dpr = dpr;
    this.canvas.width = Math.round(css * dpr);
    this.canvas.height = Math.round(css * dpr);
    this.canvas.style.width = `${css}px`;
    this.canvas.style.height = `${css}px`;
    this.rebuild();
  }

  get size() { return this.table?.size ?? 1; }
  /** CSS pixels per metre. */
  get ppm() { return this.cssSize / (this.size + 2 * MARGIN); }

  /**
   * Table point → CSS pixels from the canvas's top-left corner.
   * @param {Vec2} p
   * @returns {Vec2}
   */
  toScreen(p) {
    const f = seatFrame(this.viewSeat, this.size);
    const [a, d] = f.local(p);
    return [(a + MARGIN) * this.ppm, (this.size - d + MARGIN) * this.ppm];
  }

  /**
   * CSS pixels from the canvas's top-left corner → table point.
   * @param {Vec2} q
   * @returns {Vec2}
   */
  toTable(q) {
    const f = seatFrame(this.viewSeat, this.size);
    return f.world(q[0] / this.ppm - MARGIN, this.size - (q[1] / this.ppm - MARGIN));
  }

  /**
   * The device-pixel transform that draws table metres in this view.
   * @param {CanvasRenderingContext2D} ctx
   */
  worldTransform(ctx) {
    const f = seatFrame(this.viewSeat, this.size);
    const k = this.ppm * this.dpr;
    const [r, n, o, S] = [f.right, f.inward, f.origin, this.size];
    ctx.setTransform(
      k * r[0], -k * n[0], k * r[1], -k * n[1],
      k * (MARGIN - (r[0] * o[0] + r[1] * o[1])),
      k * (n[0] * o[0] + n[1] * o[1] + S + MARGIN),
    );
  }

  /**
   * A table direction that points to the screen's top-left (where the light comes from).
   * @returns {Vec2}
   */
  lightDir() {
    const f = seatFrame(this.viewSeat, this.size);
    const v = f.worldDir(-1, 1);
    return [v[0] / Math.SQRT2, v[1] / Math.SQRT2];
  }

  /**
   * Metres that make `px` CSS pixels.
   * @param {number} px
   */
  px(px) { return px / this.ppm; }

  /** This view once it has its table, else null. */
  ready() {
    return this.table ? /** @type {ReadyView} */ (this) : null;
  }

  rebuild() {
    const view = this.ready();
    if (!view || !this.cssSize) return;
    this.board.width = this.canvas.width;
    this.board.height = this.canvas.height;
    drawBoard(view, context(this.board));
  }

  /**
   * Draw one frame of `scene` (see game/scene.js).
   * @param {Scene} scene
   */
  draw(scene) {
    const ctx = this.ctx;
    const view = this.ready();
    if (!view || !this.cssSize) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.board, 0, 0);
    this.worldTransform(ctx);
    const T = view.table;
    if (scene.region) drawRegion(view, ctx, scene.region, scene);
    for (const d of scene.discs) {
      if (!d.at) continue;
      drawRing(this, ctx, d.at, T.disc.radius, T.disc.hole_radius, d.side, {
        dark: d.dark && d.side === scene.moverSide,
        penalty: d.penalty,
        highlight: scene.highlight?.has(d.id),
      });
    }
    if (scene.hint) drawHint(view, ctx, scene.hint);
    if (scene.guide) drawGuide(view, ctx, scene.guide, scene);
    if (scene.cue && scene.striker) drawCue(view, ctx, scene.striker.at, scene.cue);
    if (scene.striker?.at) {
      drawRing(this, ctx, scene.striker.at, T.striker.radius, T.striker.hole_radius, scene.striker.side, {
        striker: true, illegal: scene.striker.illegal, ghost: scene.striker.ghost,
      });
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (scene.numbers) drawNumbers(view, ctx, scene.numbers);
    if (scene.hint) drawHintLabel(view, ctx, scene.hint);
    if (scene.power) drawPower(view, ctx, scene.power);
  }
}

/**
 * A canvas's 2D context (a canvas that has none is a browser that cannot draw the table).
 * @param {HTMLCanvasElement} canvas
 */
function context(canvas) {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2D canvas');
  return ctx;
}

/**
 * @param {CanvasRenderingContext2D} ctx
 * @param {Vec2} at
 * @param {number} R
 * @param {number} h
 */
function annulus(ctx, at, R, h) {
  ctx.beginPath();
  ctx.arc(at[0], at[1], R, 0, 2 * Math.PI);
  ctx.moveTo(at[0] + h, at[1]);
  ctx.arc(at[0], at[1], h, 0, 2 * Math.PI, true);
}

/** @param {string} hex @param {number} k */
function shade(hex, k) {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(k >= 0 ? v + (255 - v) * k : v * (1 + k)));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

/**
 * A disc or the striker: a lacquered ring with its centre hole open, so the
 * board and its lines show through it. `view` needs `lightDir()`, `dpr` and
 * `px()` (TableView and the rules page's diagrams). Options: striker (brass
 * rim), ghost (faint), dark (hatched), penalty (gold ring), highlight,
 * illegal, focus (an accent ring in `focusColour`).
 * @param {RingView} view
 * @param {CanvasRenderingContext2D} ctx
 * @param {Vec2} at
 * @param {number} R
 * @param {number} h
 * @param {number} side
 * @param {RingOptions} [o]
 */
export function drawRing(view, ctx, at, R, h, side, o = {}) {
  const base = SIDE_COLOURS[side] ?? '#888';
  const l = view.lightDir();
  ctx.save();
  if (o.ghost) ctx.globalAlpha = 0.45;
  ctx.shadowColor = 'rgba(30,15,0,0.45)';
  ctx.shadowBlur = 3 * view.dpr;
  ctx.shadowOffsetX = 1.2 * view.dpr;
  ctx.shadowOffsetY = 1.8 * view.dpr;
  const g = ctx.createRadialGradient(at[0] + l[0] * R * 0.45, at[1] + l[1] * R * 0.45, R * 0.1, at[0], at[1], R);
  g.addColorStop(0, shade(base, 0.35));
  g.addColorStop(0.7, base);
  g.addColorStop(1, shade(base, -0.35));
  ctx.fillStyle = g;
  annulus(ctx, at, R, h);
  ctx.fill('evenodd');
  ctx.restore();
  ctx.save();
  if (o.ghost) ctx.globalAlpha = 0.45;
  annulus(ctx, at, R, h);
  ctx.clip('evenodd');
  const mark = MARK_COLOURS[side] ?? '#fff';
  const rm = (R + h) / 2;
  const band = R - h;
  if (o.striker) {
    // A brass rim tells the striker from the discs at a glance.
    ctx.strokeStyle = '#d4a93c';
    ctx.lineWidth = band * 0.22;
    ctx.beginPath();
    ctx.arc(at[0], at[1], R - band * 0.13, 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.strokeStyle = mark;
  ctx.fillStyle = mark;
  // The marks tell the sides apart without colour (`000` 7.2.2 gives four
  // colours; a colour-blind player needs more): never thinner than a
  // screen pixel or so, however small a phone draws the table.
  const thin = view.px(1.1);
  if (side === 1) {
    ctx.lineWidth = Math.max(band * 0.2, thin);
    ctx.beginPath();
    ctx.arc(at[0], at[1], rm, 0, 2 * Math.PI);
    ctx.stroke();
  } else if (side === 2) {
    for (let k = 0; k < 4; k++) {
      const a = Math.PI / 4 + (k * Math.PI) / 2;
      ctx.beginPath();
      ctx.arc(at[0] + rm * Math.cos(a), at[1] + rm * Math.sin(a), Math.max(band * 0.16, thin), 0, 2 * Math.PI);
      ctx.fill();
    }
  } else if (side === 3) {
    ctx.lineWidth = Math.max(band * 0.22, thin);
    ctx.beginPath();
    for (let k = 0; k < 4; k++) {
      const a = (k * Math.PI) / 2;
      ctx.moveTo(at[0] + (h + band * 0.15) * Math.cos(a), at[1] + (h + band * 0.15) * Math.sin(a));
      ctx.lineTo(at[0] + (R - band * 0.12) * Math.cos(a), at[1] + (R - band * 0.12) * Math.sin(a));
    }
    ctx.stroke();
  }
  if (o.dark) {
    // Hatched: the mover's dark disc, which may not be struck directly.
    ctx.fillStyle = 'rgba(20,20,30,0.35)';
    ctx.fillRect(at[0] - R, at[1] - R, 2 * R, 2 * R);
    ctx.strokeStyle = side === 1 ? 'rgba(255,255,255,0.75)' : 'rgba(0,0,0,0.7)';
    ctx.lineWidth = Math.max(R * 0.09, view.px(0.8));
    ctx.beginPath();
    for (let k = -3; k <= 3; k++) {
      const c = k * R * 0.45;
      ctx.moveTo(at[0] + c - R, at[1] - R);
      ctx.lineTo(at[0] + c + R, at[1] + R);
    }
    ctx.stroke();
  }
  ctx.restore();
  ctx.save();
  if (o.ghost) ctx.globalAlpha = 0.6;
  ctx.lineWidth = view.px(1);
  ctx.strokeStyle = 'rgba(0,0,0,0.55)';
  annulus(ctx, at, R, h);
  ctx.stroke();
  if (o.dark) {
    // A dashed light ring too, so a dark disc shows at phone sizes.
    ctx.strokeStyle = 'rgba(255,255,255,0.95)';
    ctx.lineWidth = view.px(1.3);
    ctx.setLineDash([view.px(2.5), view.px(2)]);
    ctx.beginPath();
    ctx.arc(at[0], at[1], R + view.px(2), 0, 2 * Math.PI);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (o.penalty) {
    ctx.strokeStyle = '#e8b923';
    ctx.lineWidth = Math.max(R * 0.16, view.px(1.5));
    ctx.beginPath();
    ctx.arc(at[0], at[1], R + ctx.lineWidth * 0.6, 0, 2 * Math.PI);
    ctx.stroke();
  }
  if (o.highlight) {
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    ctx.lineWidth = view.px(2);
    ctx.beginPath();
    ctx.arc(at[0], at[1], R + view.px(3), 0, 2 * Math.PI);
    ctx.stroke();
  }
  if (o.illegal) {
    ctx.fillStyle = 'rgba(230,20,20,0.45)';
    annulus(ctx, at, R, h);
    ctx.fill('evenodd');
    ctx.strokeStyle = '#ff2a2a';
    ctx.lineWidth = view.px(2.5);
    ctx.beginPath();
    ctx.arc(at[0], at[1], R + view.px(2), 0, 2 * Math.PI);
    ctx.stroke();
  }
  if (o.focus) {
    if (o.focusColour) ctx.strokeStyle = o.focusColour;
    ctx.lineWidth = view.px(2.5);
    ctx.beginPath();
    ctx.arc(at[0], at[1], R + view.px(o.dark ? 5.5 : 4), 0, 2 * Math.PI);
    ctx.stroke();
  }
  ctx.restore();
}

