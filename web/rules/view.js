// @ts-check
// A canvas that shows part of the real table to scale, north at the top,
// sharp at any devicePixelRatio: the board (shared/board.js) drawn once
// per size, and the transforms between table metres and CSS pixels.

import { drawBoard, RAIL } from '../shared/board.js';
import { TABLE } from './options.js';

/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */
/** A rectangle of the table, metres: [x0, y0, x1, y1]. @typedef {[number, number, number, number]} Rect */

/** @type {Rect} The whole table with its edge boards and a little room. */
export const WHOLE = [-RAIL - 0.012, -RAIL - 0.012, 1 + RAIL + 0.012, 1 + RAIL + 0.012];

/** A view of the rectangle `rect` = [x0, y0, x1, y1] (metres) of the table on a canvas. */
export class View {
  /**
   * @param {HTMLCanvasElement} canvas
   * @param {Rect} [rect]
   * @param {import('../shared/protocol.js').Table} [table]
   */
  constructor(canvas, rect = WHOLE, table = TABLE) {
    this.canvas = canvas;
    this.table = table;
    this.rect = rect;
    this.cssW = 0;
    this.cssH = 0;
    this.dpr = 1;
    /** @type {HTMLCanvasElement | null} the board, drawn once per size */
    this.cache = null;
  }

  get ppm() { return this.cssW / (this.rect[2] - this.rect[0]); }
  /**
   * Metres that make `n` CSS pixels.
   * @param {number} n
   */
  px(n) { return n / this.ppm; }

  /** @param {Rect} rect */
  setRect(rect) {
    if (rect.every((v, i) => v === this.rect[i])) return;
    this.rect = rect;
    this.cache = null;
  }

  /**
   * Sizes the canvas to `cssW` CSS pixels wide (height from the rectangle) at the screen's pixel ratio.
   * @param {number} cssW
   */
  resize(cssW) {
    const dpr = Math.max(1, globalThis.devicePixelRatio || 1);
    const [x0, y0, x1, y1] = this.rect;
    const cssH = Math.round((cssW * (y1 - y0)) / (x1 - x0));
    if (cssW === this.cssW && cssH === this.cssH && dpr === this.dpr) return false;
    this.cssW = cssW;
    this.cssH = cssH;
    this.dpr = dpr;
    this.canvas.width = Math.round(cssW * dpr);
    this.canvas.height = Math.round(cssH * dpr);
    this.canvas.style.width = `${cssW}px`;
    this.canvas.style.height = `${cssH}px`;
    this.cache = null;
    return true;
  }

  /**
   * The device-pixel transform that draws table metres, north up.
   * @param {CanvasRenderingContext2D} ctx
   */
  worldTransform(ctx) {
    const k = this.ppm * this.dpr;
    ctx.setTransform(k, 0, 0, -k, -this.rect[0] * k, this.rect[3] * k);
  }

  /**
   * CSS pixels (1 unit = 1 CSS pixel from the top-left corner).
   * @param {CanvasRenderingContext2D} ctx
   */
  pixelTransform(ctx) {
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
  }

  /**
   * Where the light comes from: the screen's top-left.
   * @returns {Vec2}
   */
  lightDir() { return [-Math.SQRT1_2, Math.SQRT1_2]; }

  /**
   * A table point in CSS pixels from the canvas's top-left corner.
   * @param {Vec2} p
   * @returns {Vec2}
   */
  toCss(p) {
    return [(p[0] - this.rect[0]) * this.ppm, (this.rect[3] - p[1]) * this.ppm];
  }

  /**
   * A pointer event's position in table metres.
   * @param {MouseEvent} e
   * @returns {Vec2}
   */
  toTable(e) {
    const b = this.canvas.getBoundingClientRect();
    return [this.rect[0] + (e.clientX - b.left) / this.ppm, this.rect[3] - (e.clientY - b.top) / this.ppm];
  }

  /**
   * Clears the canvas and paints the board (cached while nothing changes).
   * @param {CanvasRenderingContext2D} ctx
   */
  paintBoard(ctx) {
    if (!this.cache) {
      this.cache = document.createElement('canvas');
      this.cache.width = this.canvas.width;
      this.cache.height = this.canvas.height;
      const board = this.cache.getContext('2d');
      if (board) drawBoard(this, board);
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.cache, 0, 0);
    this.worldTransform(ctx);
  }
}
