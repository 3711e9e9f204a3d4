// @ts-check
// What the diagrams draw over the board, in table metres unless said
// otherwise: discs as the game page draws them, arrows, crosses, labels,
// shaded areas, and lengths in words.

import { drawRing, SIDE_COLOURS } from '../shared/table.js';

// Singles use two colours, four-player games four ("usually black, white,
// red and green", `000` 7.2.2); each side has a mark besides its colour so
// colour is never the only difference (as on the game page).
export { SIDE_COLOURS };

/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */
/** @typedef {import('./view.js').View} View */
/** @typedef {import('./view.js').Rect} Rect */
/** How a disc is drawn: as a ring is (shared/table.js), of a side. @typedef {import('../shared/table.js').RingOptions & {side?: number}} DiscOptions */
export const ACCENT = '#e0a640';
export const GOOD = '#57d17a';
export const BAD = '#ff6b5a';

/**
 * A disc (or with `o.striker` the striker) at `at`, drawn as the game page
 * draws it (shared/table.js `drawRing`). Options: side (colour), dark, penalty,
 * ghost, focus (the selected one: an accent ring, or `focusColour`).
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Vec2} at
 * @param {DiscOptions} [o]
 */
export function drawDisc(ctx, view, at, o = {}) {
  const T = view.table;
  const R = o.striker ? T.striker.radius : T.disc.radius;
  const h = o.striker ? T.striker.hole_radius : T.disc.hole_radius;
  drawRing(view, ctx, at, R, h, o.side ?? 0, { ...o, focusColour: o.focusColour || ACCENT });
}

/**
 * A polyline in table metres with an arrowhead at its end.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Vec2[]} pts
 * @param {{colour?: string, width?: number, halo?: boolean, dash?: number[] | null, head?: boolean, headSize?: number}} [o]
 */
export function drawArrow(ctx, view, pts, o = {}) {
  if (pts.length < 2) return;
  ctx.save();
  ctx.strokeStyle = o.colour || '#fff';
  ctx.fillStyle = o.colour || '#fff';
  ctx.lineWidth = view.px(o.width ?? 2.5);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (o.halo !== false) {
    ctx.save();
    ctx.strokeStyle = o.dash ? 'rgba(20,12,4,0.3)' : 'rgba(20,12,4,0.55)';
    ctx.lineWidth = view.px((o.width ?? 2.5) + 2.5);
    ctx.beginPath();
    ctx.moveTo(pts[0][0], pts[0][1]);
    for (const p of pts.slice(1)) ctx.lineTo(p[0], p[1]);
    ctx.stroke();
    ctx.restore();
  }
  const dash = o.dash;
  if (dash) ctx.setLineDash(dash.map((d) => view.px(d)));
  ctx.beginPath();
  ctx.moveTo(pts[0][0], pts[0][1]);
  for (const p of pts.slice(1)) ctx.lineTo(p[0], p[1]);
  ctx.stroke();
  ctx.setLineDash([]);
  if (o.head !== false) {
    const b = pts[pts.length - 1];
    const a = pts[pts.length - 2];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
    const u = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    const n = [-u[1], u[0]];
    const s = view.px(o.headSize ?? 9);
    ctx.beginPath();
    ctx.moveTo(b[0], b[1]);
    ctx.lineTo(b[0] - u[0] * s + n[0] * s * 0.5, b[1] - u[1] * s + n[1] * s * 0.5);
    ctx.lineTo(b[0] - u[0] * s - n[0] * s * 0.5, b[1] - u[1] * s - n[1] * s * 0.5);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/**
 * A cross (×) marking a refused path or a forbidden contact.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Vec2} at
 * @param {string} [colour]
 * @param {number} [size] CSS pixels
 */
export function drawCross(ctx, view, at, colour = BAD, size = 7) {
  const s = view.px(size);
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = view.px(3);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(at[0] - s, at[1] - s); ctx.lineTo(at[0] + s, at[1] + s);
  ctx.moveTo(at[0] - s, at[1] + s); ctx.lineTo(at[0] + s, at[1] - s);
  ctx.stroke();
  ctx.restore();
}

/**
 * A short label in CSS pixels next to table point `at`: light text on a
 * dark pill, so it reads on the wood. `dx`, `dy` shift it in CSS pixels;
 * `align` is 'left', 'center' or 'right'. Restores the world transform.
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Vec2} at
 * @param {string} text
 * @param {{size?: number, weight?: number, dx?: number, dy?: number, align?: 'left' | 'center' | 'right', bg?: string, border?: string, colour?: string}} [o]
 */
export function drawLabel(ctx, view, at, text, o = {}) {
  const [x0, y0] = view.toCss(at);
  ctx.save();
  view.pixelTransform(ctx);
  const size = o.size ?? (view.cssW < 420 ? 11 : 12.5);
  ctx.font = `${o.weight ?? 600} ${size}px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;
  const w = ctx.measureText(text).width;
  const padX = 5;
  const hgt = size + 7;
  let x = x0 + (o.dx ?? 0);
  const y = y0 + (o.dy ?? 0);
  if (o.align === 'center') x -= w / 2 + padX;
  else if (o.align === 'right') x -= w + 2 * padX;
  x = Math.min(Math.max(x, 2), view.cssW - w - 2 * padX - 2);
  const top = Math.min(Math.max(y - hgt / 2, 2), view.cssH - hgt - 2);
  ctx.fillStyle = o.bg || 'rgba(23,18,12,0.86)';
  ctx.beginPath();
  ctx.roundRect(x, top, w + 2 * padX, hgt, 5);
  ctx.fill();
  if (o.border) {
    ctx.strokeStyle = o.border;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }
  ctx.fillStyle = o.colour || '#f6ecd9';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x + padX, top + hgt / 2 + 0.5);
  ctx.restore();
}

/**
 * A translucent highlight of a table rectangle [x0, y0, x1, y1].
 * @param {CanvasRenderingContext2D} ctx
 * @param {View} view
 * @param {Rect} r
 * @param {string} [colour]
 * @param {string | null} [edge] the outline's colour (null: none)
 */
export function shadeRect(ctx, view, r, colour = 'rgba(224,166,64,0.28)', edge = ACCENT) {
  ctx.save();
  ctx.fillStyle = colour;
  ctx.fillRect(r[0], r[1], r[2] - r[0], r[3] - r[1]);
  if (edge) {
    ctx.strokeStyle = edge;
    ctx.lineWidth = view.px(2);
    ctx.strokeRect(r[0], r[1], r[2] - r[0], r[3] - r[1]);
  }
  ctx.restore();
}

/**
 * Millimetres, rounded, in the page's language (`t('unit.mm', {n})`).
 * @param {import('../shared/lang.js').Translator} t
 * @param {number} metres
 */
export function mm(t, metres) {
  return t('unit.mm', { n: Math.round(metres * 1000) });
}
