// @ts-check
// What several diagrams of the rules page share: the table they show,
// distances, the edge zones as rectangles, hatching of a dark area, and
// where the seats are labelled.

import { TABLE } from '../options.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */
/** @typedef {import('../view.js').Rect} Rect */

export const T = TABLE;

/**
 * Distance from point `c` to the segment a–b.
 * @param {Vec2} a @param {Vec2} b @param {Vec2} c
 */
export function segmentDistance(a, b, c) {
  const v = [b[0] - a[0], b[1] - a[1]];
  const len2 = v[0] * v[0] + v[1] * v[1] || 1;
  const u = Math.min(1, Math.max(0, ((c[0] - a[0]) * v[0] + (c[1] - a[1]) * v[1]) / len2));
  return Math.hypot(a[0] + v[0] * u - c[0], a[1] + v[1] * u - c[1]);
}
/** A sentence's first letter in capitals. @param {string} s */
export const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
/** @param {Vec2} a @param {Vec2} b */
export const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
/** @param {number} v @param {number} lo @param {number} hi */
export const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
export const L = T.line_offset;
export const S = T.size;

/**
 * The seat's own edge zone as a table rectangle (between the neighbouring lines).
 * @param {string} seat
 * @returns {Rect}
 */
export function edgeZoneRect(seat) {
  const a = L;
  const b = S - L;
  switch (seat) {
    case 'south': return [a, 0, b, L];
    case 'north': return [a, S - L, b, S];
    case 'west': return [0, a, L, b];
    default: return [S - L, a, S, b];
  }
}

/**
 * Hatching over a rectangle or the circle: a dark area (`001` "Direct strokes").
 * @param {CanvasRenderingContext2D} ctx
 * @param {import('../view.js').View} view
 * @param {Rect | 'circle'} shape
 * @param {string} [colour]
 */
export function hatchArea(ctx, view, shape, colour = 'rgba(40,28,60,0.26)') {
  ctx.save();
  ctx.beginPath();
  if (shape === 'circle') ctx.arc(S / 2, S / 2, T.circle_radius, 0, 2 * Math.PI);
  else ctx.rect(shape[0], shape[1], shape[2] - shape[0], shape[3] - shape[1]);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.clip();
  ctx.strokeStyle = 'rgba(45,30,70,0.32)';
  ctx.lineWidth = view.px(1.2);
  ctx.beginPath();
  for (let k = -1; k <= 2; k += view.px(9)) {
    ctx.moveTo(k, 0);
    ctx.lineTo(k + 1, 1);
  }
  ctx.stroke();
  ctx.restore();
}

/** @type {Record<string, Vec2>} Where each seat's name is written, outside its cushion. */
export const SEAT_LABEL_AT = {
  south: [0.5, -0.0225], north: [0.5, 1.0225], west: [-0.0225, 0.5], east: [1.0225, 0.5],
};
