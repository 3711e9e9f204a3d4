// @ts-check
// What every diagram of the rules page shares: a figure with its canvas
// (view.js), its controls and a text alternative that is rewritten
// whenever the diagram changes; pointer and keyboard plumbing.

import { View, WHOLE } from './view.js';

/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */
/** @typedef {import('../shared/lang.js').Translator} Translator */
/** What a pointer did on the canvas. @typedef {'down' | 'drag' | 'up' | 'hover' | 'leave'} PointerKind */
/** A word that follows the language: a word id, or a function making the words. @typedef {string | (() => string)} Label */
/** A fieldset of radio buttons that can be set from outside. @typedef {HTMLFieldSetElement & {set: (v: unknown) => void}} Radios */
/** A checkbox's label, with its input. @typedef {HTMLLabelElement & {input: HTMLInputElement}} Checkbox */

let serial = 0;

/**
 * The base of every diagram: a <figure> with the canvas, its controls and
 * the text alternative (a polite live region that says what the diagram
 * shows now). Subclasses implement `paint(ctx)`, `describe()` and, if
 * interactive on the canvas, `onKey(e)` and `onPointer(kind, p, e)`.
 */
export class Diagram {
  /**
   * @param {Translator} t the rules page's words
   * @param {{rect?: import('./view.js').Rect, name: string, interactive?: boolean, drag?: boolean, maxWidth?: number}} options
   */
  constructor(t, { rect = WHOLE, name, interactive = true, drag = false, maxWidth = 560 }) {
    this.t = t;
    this.name = name;
    /** @type {[Element, Label, string | null][]} */
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
    const ctx = this.canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    this.ctx = ctx;
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
    /** @param {PointerEvent} e */
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

  /**
   * Registers `el`'s text (or an attribute) to follow the language: `key` or a function giving the text.
   * @template {Element} E
   * @param {E} el
   * @param {Label} key
   * @param {string | null} [attr]
   * @returns {E}
   */
  text(el, key, attr = null) {
    this.labels.push([el, key, attr]);
    this.applyLabel([el, key, attr]);
    return el;
  }

  /** @param {[Element, Label, string | null]} label */
  applyLabel([el, key, attr]) {
    const s = typeof key === 'function' ? key() : this.t(key);
    if (attr) el.setAttribute(attr, s);
    else el.textContent = s;
  }

  /**
   * A group of radio buttons: options [{value, key}], `onChange(value)`.
   * @template {string} V
   * @param {Label} legendKey
   * @param {string} name
   * @param {{value: V, key: Label}[]} options
   * @param {V} value
   * @param {(value: V) => void} onChange
   * @returns {Radios}
   */
  radios(legendKey, name, options, value, onChange) {
    const fs = document.createElement('fieldset');
    fs.className = 'choice';
    const lg = document.createElement('legend');
    this.text(lg, legendKey);
    fs.append(lg);
    const group = `${this.id}-${name}`;
    /** @type {HTMLInputElement[]} */
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
    const radios = Object.assign(fs, { set: (/** @type {unknown} */ v) => { for (const i of inputs) i.checked = i.value === String(v); } });
    this.controls.append(radios);
    return radios;
  }

  /**
   * A checkbox: `onChange(checked)`.
   * @param {Label} key
   * @param {boolean} checked
   * @param {(checked: boolean) => void} onChange
   * @returns {Checkbox}
   */
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
    return Object.assign(label, { input });
  }

  /**
   * A button: `onClick()`, then the diagram is drawn again.
   * @param {Label} key
   * @param {() => void} onClick
   * @param {string} [cls]
   */
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

  /**
   * Keys the canvas answers to, shown under the diagram.
   * @param {Label} key
   */
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

  /**
   * Draws the diagram over the board (the subclass's).
   * @param {CanvasRenderingContext2D} ctx
   */
  paint(ctx) {}

  /**
   * What the diagram shows now, in words (the subclass's).
   * @returns {string}
   */
  describe() { return ''; }

  /**
   * A key pressed on the canvas: true when it changed the diagram (the subclass's).
   * @param {KeyboardEvent} e
   * @returns {boolean}
   */
  onKey(e) { return false; }

  /**
   * The pointer on the canvas at table point `p`: true when it changed the diagram (the subclass's).
   * @param {PointerKind} kind
   * @param {Vec2} p
   * @param {PointerEvent} e
   * @returns {boolean}
   */
  onPointer(kind, p, e) { return false; }
}
