// What every diagram of the rules page shares: a canvas that shows part of
// the real table to scale (the board from board.js, in table metres, north
// at the top), sharp at any devicePixelRatio; discs, strokes and labels drawn
// over it; a figure with its controls and a text alternative that is
// rewritten whenever the diagram changes; pointer and keyboard plumbing.

import { drawBoard, RAIL } from './board.js';
import { drawRing, SIDE_COLOURS } from './table.js';
import { TABLE } from './rules-geometry.js';

/** The whole table with its edge boards and a little room. */
export const WHOLE = [-RAIL - 0.012, -RAIL - 0.012, 1 + RAIL + 0.012, 1 + RAIL + 0.012];

// Singles use two colours, four-player games four ("usually black, white,
// red and green", `000` 7.2.2); each side has a mark besides its colour so
// colour is never the only difference (as on the game page).
export { SIDE_COLOURS };
export const ACCENT = '#e0a640';
export const GOOD = '#57d17a';
export const BAD = '#ff6b5a';

/** A view of the rectangle `rect` = [x0, y0, x1, y1] (metres) of the table on a canvas. */
export class View {
  constructor(canvas, rect = WHOLE, table = TABLE) {
    this.canvas = canvas;
    this.table = table;
    this.rect = rect;
    this.cssW = 0;
    this.cssH = 0;
    this.dpr = 1;
    this.cache = null;
  }

  get ppm() { return this.cssW / (this.rect[2] - this.rect[0]); }
  /** Metres that make `n` CSS pixels. */
  px(n) { return n / this.ppm; }

  setRect(rect) {
    if (rect.every((v, i) => v === this.rect[i])) return;
    this.rect = rect;
    this.cache = null;
  }

  /** Sizes the canvas to `cssW` CSS pixels wide (height from the rectangle) at the screen's pixel ratio. */
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

  /** The device-pixel transform that draws table metres, north up. */
  worldTransform(ctx) {
    const k = this.ppm * this.dpr;
    ctx.setTransform(k, 0, 0, -k, -this.rect[0] * k, this.rect[3] * k);
  }

  /** CSS pixels (1 unit = 1 CSS pixel from the top-left corner). */
  pixelTransform(ctx) {
    ctx.setTransform(this.dpr, 0, 0, this.dpr, 0, 0);
  }

  /** Where the light comes from: the screen's top-left. */
  lightDir() { return [-Math.SQRT1_2, Math.SQRT1_2]; }

  toCss(p) {
    return [(p[0] - this.rect[0]) * this.ppm, (this.rect[3] - p[1]) * this.ppm];
  }

  /** A pointer event's position in table metres. */
  toTable(e) {
    const b = this.canvas.getBoundingClientRect();
    return [this.rect[0] + (e.clientX - b.left) / this.ppm, this.rect[3] - (e.clientY - b.top) / this.ppm];
  }

  /** Clears the canvas and paints the board (cached while nothing changes). */
  paintBoard(ctx) {
    if (!this.cache) {
      this.cache = document.createElement('canvas');
      this.cache.width = this.canvas.width;
      this.cache.height = this.canvas.height;
      drawBoard(this, this.cache.getContext('2d'));
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
    ctx.drawImage(this.cache, 0, 0);
    this.worldTransform(ctx);
  }
}

/**
 * A disc (or with `o.striker` the striker) at `at`, drawn as the game page
 * draws it (table.js `drawRing`). Options: side (colour), dark, penalty,
 * ghost, focus (the selected one: an accent ring, or `focusColour`).
 */
export function drawDisc(ctx, view, at, o = {}) {
  const T = view.table;
  const R = o.striker ? T.striker.radius : T.disc.radius;
  const h = o.striker ? T.striker.hole_radius : T.disc.hole_radius;
  drawRing(view, ctx, at, R, h, o.side ?? 0, { ...o, focusColour: o.focusColour || ACCENT });
}

/** A polyline in table metres with an arrowhead at its end. */
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
  if (o.dash) ctx.setLineDash(o.dash.map((d) => view.px(d)));
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

/** A cross (×) marking a refused path or a forbidden contact. */
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

/** A translucent highlight of a table rectangle [x0, y0, x1, y1]. */
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

let serial = 0;

/**
 * The base of every diagram: a <figure> with the canvas, its controls and
 * the text alternative (a polite live region that says what the diagram
 * shows now). Subclasses implement `paint(ctx)`, `describe()` and, if
 * interactive on the canvas, `onKey(e)` and `onPointer(kind, p, e)`.
 */
export class Diagram {
  constructor(t, { rect = WHOLE, name, interactive = true, drag = false, maxWidth = 560 } = {}) {
    this.t = t;
    this.name = name;
    this.labels = [];
    this.maxWidth = maxWidth;
    this.id = `fig-${name}-${++serial}`;
    const fig = document.createElement('figure');
    fig.className = 'diagram';
    fig.id = `${name}-diagram`;
    this.el = fig;
    this.stage = document.createElement('div');
    this.stage.className = 'stage';
    this.canvas = document.createElement('canvas');
    this.view = new View(this.canvas, rect);
    this.ctx = this.canvas.getContext('2d');
    this.stage.append(this.canvas);
    this.controls = document.createElement('div');
    this.controls.className = 'controls';
    this.live = document.createElement('p');
    this.live.className = 'live';
    this.live.id = `${this.id}-live`;
    this.live.setAttribute('role', 'status');
    this.caption = document.createElement('figcaption');
    fig.append(this.stage, this.controls, this.live, this.caption);
    if (interactive) {
      this.canvas.tabIndex = 0;
      this.canvas.setAttribute('role', 'application');
      this.canvas.setAttribute('aria-describedby', this.live.id);
      this.canvas.addEventListener('keydown', (e) => {
        if (e.ctrlKey || e.metaKey || e.altKey) return;
        if (this.onKey(e)) {
          e.preventDefault();
          this.update();
        }
      });
      this.canvas.addEventListener('focus', () => this.draw());
      this.canvas.addEventListener('blur', () => this.draw());
    } else {
      this.canvas.setAttribute('role', 'img');
    }
    if (drag) this.canvas.classList.add('drag');
    let dragging = false;
    this.canvas.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const p = this.view.toTable(e);
      if (this.onPointer('down', p, e)) {
        dragging = true;
        this.canvas.setPointerCapture(e.pointerId);
        e.preventDefault();
        if (interactive) this.canvas.focus({ preventScroll: true });
        this.update();
      }
    });
    this.canvas.addEventListener('pointermove', (e) => {
      const p = this.view.toTable(e);
      if (this.onPointer(dragging ? 'drag' : 'hover', p, e)) this.update();
    });
    const end = (e) => {
      if (!dragging) return;
      dragging = false;
      this.onPointer('up', this.view.toTable(e), e);
      this.update();
    };
    this.canvas.addEventListener('pointerup', end);
    this.canvas.addEventListener('pointercancel', end);
    this.canvas.addEventListener('pointerleave', (e) => {
      if (!dragging && this.onPointer('leave', this.view.toTable(e), e)) this.update();
    });
    this.resizer = new ResizeObserver(() => this.layout());
    this.resizer.observe(this.stage);
  }

  /** Registers `el`'s text (or an attribute) to follow the language: `key` or a function giving the text. */
  text(el, key, attr = null) {
    this.labels.push([el, key, attr]);
    this.applyLabel([el, key, attr]);
    return el;
  }

  applyLabel([el, key, attr]) {
    const s = typeof key === 'function' ? key() : this.t(key);
    if (attr) el.setAttribute(attr, s);
    else el.textContent = s;
  }

  /** A group of radio buttons: options [{value, key}], `onChange(value)`. */
  radios(legendKey, name, options, value, onChange) {
    const fs = document.createElement('fieldset');
    fs.className = 'choice';
    const lg = document.createElement('legend');
    this.text(lg, legendKey);
    fs.append(lg);
    const group = `${this.id}-${name}`;
    const inputs = [];
    for (const o of options) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = group;
      input.value = o.value;
      input.checked = o.value === value;
      input.addEventListener('change', () => {
        if (input.checked) {
          onChange(o.value);
          this.update();
        }
      });
      const span = document.createElement('span');
      this.text(span, o.key);
      label.append(input, span);
      fs.append(label);
      inputs.push(input);
    }
    fs.set = (v) => { for (const i of inputs) i.checked = i.value === String(v); };
    this.controls.append(fs);
    return fs;
  }

  /** A checkbox: `onChange(checked)`. */
  checkbox(key, checked, onChange) {
    const label = document.createElement('label');
    label.className = 'check';
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.checked = checked;
    input.addEventListener('change', () => {
      onChange(input.checked);
      this.update();
    });
    const span = document.createElement('span');
    this.text(span, key);
    label.append(input, span);
    label.input = input;
    return label;
  }

  button(key, onClick, cls = '') {
    const b = document.createElement('button');
    b.type = 'button';
    if (cls) b.className = cls;
    this.text(b, key);
    b.addEventListener('click', () => {
      onClick();
      this.update();
    });
    return b;
  }

  /** Keys the canvas answers to, shown under the diagram. */
  keysHint(key) {
    const p = document.createElement('p');
    p.className = 'keys';
    this.text(p, key);
    this.caption.append(p);
  }

  relabel() {
    for (const l of this.labels) this.applyLabel(l);
    this.update();
  }

  layout() {
    const w = Math.floor(Math.min(this.stage.clientWidth, this.maxWidth));
    if (w > 0 && this.view.resize(w)) this.draw();
  }

  /** After any change: redraw and say what the diagram shows now. */
  update() {
    this.draw();
    const d = this.describe();
    const s = d.charAt(0).toUpperCase() + d.slice(1);
    if (this.live.textContent !== s) this.live.textContent = s;
  }

  draw() {
    if (!this.view.cssW) return;
    this.view.paintBoard(this.ctx);
    this.paint(this.ctx);
  }

  get focused() { return document.activeElement === this.canvas; }

  paint() {}
  describe() { return ''; }
  onKey() { return false; }
  onPointer() { return false; }
}

/** Millimetres, rounded, in the page's language (`t('unit.mm', {n})`). */
export function mm(t, metres) {
  return t('unit.mm', { n: Math.round(metres * 1000) });
}
