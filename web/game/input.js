// @ts-check
// Making a stroke as a player does: place the striker in the edge zone,
// aim, draw the cue back and push. Pointer events cover mouse, pen and
// touch alike; the keyboard does all of it too. Nothing is sent until the
// player strikes, and only a placement and aim that pass the same checks
// as the server's (shared/zone.js) can be struck.

import {
  placementProblem, clampToRegion, defaultPlacement,
  aimProblem, clampAim, angleOf, dirAt, seatFrame,
} from '../shared/zone.js';

// Drawing the cue back this far (m) gives the full speed.
const FULL_PULL = 0.3;
// Holding Space charges from nothing to the full speed in this time (ms).
const CHARGE_MS = 1800;
// Strokes slower than this (m/s) are taken as a change of mind.
const MIN_SPEED = 0.05;
// A draw-back shorter than this on screen (CSS px) is a wobble, not a
// stroke: releasing it plays nothing and says so. The power counts from
// the end of this dead zone, so a press that wanders a few pixels never
// fires a feeble stroke (a foul and a penalty disc).
const DEAD_PULL_PX = 24;
// A tap of Space shorter than this (ms) is a slip, not a stroke.
const MIN_CHARGE_MS = 250;
// Keys the game uses: the page must not scroll with them, even while the
// discs move and they do nothing.
const GAME_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', ' ', 'PageUp', 'PageDown']);
const DEG = Math.PI / 180;

/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */
/** @typedef {import('../shared/protocol.js').Stroke} Stroke */
/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('./actions.js').Command} Command */

/**
 * The page's side of the stroke maker.
 * @typedef {object} MakerHooks
 * @property {() => State | null} state the game state
 * @property {() => boolean} enabled whether a human may stroke now
 * @property {() => void} changed the stroke changed: redraw
 * @property {(stroke: Stroke) => void} strike send it
 * @property {(id: string | null) => void} say show a status text (a word id; null clears)
 * @property {(name: Command) => void} command the non-stroke keys (hint, guide, …)
 */

/**
 * What the player is doing with the pointer or Space: placing the
 * striker, aiming, drawing the cue back, or charging with Space.
 * @typedef {'place' | 'aim' | 'pull' | 'charge'} Mode
 */

export class StrokeMaker {
  /**
   * @param {import('../shared/table.js').TableView} view
   * @param {HTMLCanvasElement} canvas
   * @param {MakerHooks} hooks
   */
  constructor(view, canvas, hooks) {
    this.view = view;
    this.canvas = canvas;
    this.hooks = hooks;
    /** @type {Vec2 | null} */
    this.at = null;
    /** @type {Vec2} */
    this.dir = [0, 1];
    this.speed = 3;
    // The power the player last chose on purpose (slider, keys, a stroke
    // played): what the slider goes back to when a draw-back comes to nothing.
    this.chosen = 3;
    this.pull = 0;
    /** @type {Mode | null} */
    this.mode = null;
    /** @type {import('../shared/protocol.js').Seat | null} */
    this.seat = null;
    /** @type {Record<string, {at: Vec2, dir: Vec2} | null>} seat → where it last stroke from: a player often strokes from the same spot */
    this.remembered = {};
    // Placing: from the pointer to the striker's centre. Drawing back:
    // where the draw-back started and how far it has come, m.
    /** @type {Vec2} */
    this.grab = [0, 0];
    this.pullFrom = 0;
    this.pulled = 0;
    // Charging with Space: its animation frame, when it began and the speed before it.
    this.chargeRaf = 0;
    this.chargeStart = 0;
    this.chargeWas = 0;
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    canvas.addEventListener('pointerup', (e) => this.up(e));
    canvas.addEventListener('pointercancel', () => this.cancel());
    canvas.addEventListener('wheel', (e) => this.wheel(e), { passive: false });
    window.addEventListener('keydown', (e) => this.keydown(e));
    window.addEventListener('keyup', (e) => this.keyup(e));
  }

  get state() { return this.hooks.state(); }
  get size() { return this.state?.table?.size ?? 1; }
  get maxSpeed() { return this.state?.max_speed ?? 8; }

  /** A new position to stroke from: the last spot of this seat if still legal, else the default. */
  reset() {
    const st = this.state;
    cancelAnimationFrame(this.chargeRaf);
    this.mode = null;
    this.pull = 0;
    if (!st?.turn) { this.at = null; this.seat = null; return; }
    const seat = st.turn.seat;
    const mem = this.remembered[seat];
    this.seat = seat;
    this.at = mem && !placementProblem(st, mem.at) ? mem.at : defaultPlacement(st);
    this.dir = mem ? mem.dir : seatFrame(seat, this.size).inward;
    if (this.at && aimProblem(seat, this.size, this.at, this.dir)) this.dir = clampAim(seat, this.size, this.at, this.dir);
    this.speed = Math.min(this.speed, this.maxSpeed);
  }

  get placeProblem() { return this.at ? placementProblem(this.state, this.at) : 'placement'; }
  get aimProblem() { return this.at ? aimProblem(this.seat, this.size, this.at, this.dir) : 'aim'; }
  get canStrike() { return !this.placeProblem && !this.aimProblem; }
  placeText() { return this.placeProblem === 'striker_touches' ? 'status.illegal_touch' : 'status.illegal_place'; }

  /**
   * The stroke as it stands (the striker placed).
   * @param {number} [speed]
   * @returns {Stroke}
   */
  stroke(speed = this.speed) {
    const at = this.at ?? [0, 0];
    return { striker: [at[0], at[1]], direction: [this.dir[0], this.dir[1]], speed: Math.min(speed, this.maxSpeed) };
  }

  /** @param {number} v */
  setSpeed(v) {
    this.speed = Math.max(0, Math.min(this.maxSpeed, v));
    this.chosen = this.speed;
    this.hooks.changed();
  }

  /**
   * Take over a suggested stroke (the hint's "use it").
   * @param {Stroke} stroke
   */
  use(stroke) {
    this.at = [stroke.striker[0], stroke.striker[1]];
    this.dir = [stroke.direction[0], stroke.direction[1]];
    this.speed = Math.min(stroke.speed, this.maxSpeed);
    this.chosen = this.speed;
    this.hooks.changed();
  }

  /** @param {number} [speed] */
  strike(speed = this.speed) {
    if (!this.hooks.enabled() || !this.at) return false;
    if (this.placeProblem) { this.hooks.say(this.placeText()); return false; }
    if (this.aimProblem) { this.hooks.say('status.illegal_aim'); return false; }
    if (!(speed >= MIN_SPEED)) { this.hooks.say('status.no_power'); return false; }
    this.remembered[String(this.seat)] = { at: [this.at[0], this.at[1]], dir: [this.dir[0], this.dir[1]] };
    this.chosen = Math.min(speed, this.maxSpeed);
    this.hooks.strike(this.stroke(speed));
    return true;
  }

  // ---- Pointer -----------------------------------------------------------

  /**
   * The table point under the pointer.
   * @param {PointerEvent | MouseEvent} e
   */
  point(e) {
    const r = this.canvas.getBoundingClientRect();
    return this.view.toTable([e.clientX - r.left, e.clientY - r.top]);
  }

  /** @param {PointerEvent} e */
  down(e) {
    const st = this.state;
    if (!this.hooks.enabled() || !this.at || !st || e.button > 0) return;
    const p = this.point(e);
    const R = st.table.striker.radius;
    const dist = Math.hypot(p[0] - this.at[0], p[1] - this.at[1]);
    const f = seatFrame(this.seat, this.size);
    this.canvas.setPointerCapture?.(e.pointerId);
    this.canvas.focus({ preventScroll: true });
    e.preventDefault();
    // On a phone the striker is a few pixels wide and a finger covers it:
    // placing takes a touch on its front half, and a touch on its back
    // half or anywhere behind the aim line draws the cue back, so the two
    // never take each other's room. A mouse is precise: the striker and a
    // little margin round it place it.
    const touch = e.pointerType === 'touch';
    const behind = this.behind(p);
    const grab = touch ? dist <= Math.max(1.2 * R, this.view.px(12)) && behind <= 0.2 * R : dist <= Math.max(1.3 * R, this.view.px(14));
    if (grab) {
      this.mode = 'place';
      this.grab = [this.at[0] - p[0], this.at[1] - p[1]];
    } else if (touch ? behind > 0 : f.depth(p) < f.depth(this.at)) {
      // Behind the striker: draw the cue back along the aim.
      this.mode = 'pull';
      this.pullFrom = behind;
      this.pulled = 0;
      this.pull = 0;
    } else {
      this.mode = 'aim';
      this.aimAt(p);
    }
    this.hooks.say(null);
    this.hooks.changed();
  }

  /**
   * How far `p` lies behind the striker along the aim, m.
   * @param {Vec2} p
   */
  behind(p) {
    const at = this.at ?? p;
    return (at[0] - p[0]) * this.dir[0] + (at[1] - p[1]) * this.dir[1];
  }

  /** @param {Vec2} p */
  aimAt(p) {
    if (!this.at) return;
    const d = [p[0] - this.at[0], p[1] - this.at[1]];
    if (Math.hypot(d[0], d[1]) > 1e-4) {
      const l = Math.hypot(d[0], d[1]);
      this.dir = [d[0] / l, d[1] / l];
    }
  }

  /** @param {PointerEvent} e */
  move(e) {
    if (!this.mode || this.mode === 'charge') return;
    const p = this.point(e);
    if (this.mode === 'place') {
      const region = this.state?.turn?.region;
      if (region) this.at = clampToRegion({ turn: { region } }, [p[0] + this.grab[0], p[1] + this.grab[1]]);
    } else if (this.mode === 'aim') {
      this.aimAt(p);
    } else if (this.mode === 'pull') {
      this.pulled = this.behind(p) - this.pullFrom;
      this.pull = Math.max(0, Math.min(1, (this.pulled - this.view.px(DEAD_PULL_PX)) / FULL_PULL));
      this.speed = this.pull * this.maxSpeed;
    }
    this.hooks.changed();
  }

  /** @param {PointerEvent} e */
  up(e) {
    const mode = this.mode;
    if (!mode || mode === 'charge') return;
    this.mode = null;
    this.canvas.releasePointerCapture?.(e.pointerId);
    if (mode === 'pull') {
      const speed = this.pull * this.maxSpeed;
      this.pull = 0;
      if (speed >= MIN_SPEED) this.strike(speed);
      else {
        // Nothing played: the slider goes back to the player's own power,
        // and a press that moved at all is told why nothing happened.
        this.speed = this.chosen;
        this.hooks.say('status.pull_too_short');
      }
    } else if (mode === 'place' && this.placeProblem) {
      this.hooks.say(this.placeText());
    } else if (mode === 'aim' && this.aimProblem) {
      this.hooks.say('status.illegal_aim');
    }
    this.hooks.changed();
  }

  cancel() {
    if (this.mode === 'charge') this.speed = this.chargeWas;
    if (this.mode === 'pull') this.speed = this.chosen;
    this.mode = null;
    this.pull = 0;
    this.hooks.changed();
  }

  /** @param {WheelEvent} e */
  wheel(e) {
    if (!this.hooks.enabled() || !this.at) return;
    e.preventDefault();
    this.rotate((e.deltaY > 0 ? -1 : 1) * (e.shiftKey ? 0.05 : 0.25) * DEG);
  }

  // ---- Keyboard ----------------------------------------------------------

  /** @param {number} by radians */
  rotate(by) {
    if (!this.at) return;
    const ang = angleOf(this.seat, this.size, this.dir) + by;
    this.dir = clampAim(this.seat, this.size, this.at, dirAt(this.seat, this.size, ang));
    this.hooks.changed();
  }

  /**
   * Move the striker by `da` along and `dd` into the table, stepping over discs in the way.
   * @param {number} da
   * @param {number} dd
   */
  shift(da, dd) {
    const st = this.state;
    const region = st?.turn?.region;
    const at = this.at;
    if (!st || !region || !at) return;
    const f = seatFrame(this.seat, this.size);
    const step = f.worldDir(da, dd);
    const len = Math.hypot(step[0], step[1]);
    const u = [step[0] / len, step[1] / len];
    for (let s = len; s < len + 0.1; s += 0.0005) {
      const q = clampToRegion({ turn: { region } }, [at[0] + u[0] * s, at[1] + u[1] * s]);
      if (!placementProblem(st, q)) {
        this.at = q;
        break;
      }
    }
    if (this.aimProblem && this.at) this.dir = clampAim(this.seat, this.size, this.at, this.dir);
    this.hooks.changed();
  }

  /** +1 when → should move the striker towards the player's right, as the screen shows it. */
  screenRight() {
    if (!this.at) return 1;
    const f = seatFrame(this.seat, this.size);
    const a = this.view.toScreen(this.at);
    const b = this.view.toScreen([this.at[0] + f.right[0] * 0.1, this.at[1] + f.right[1] * 0.1]);
    const [sx, sy] = [b[0] - a[0], b[1] - a[1]];
    return Math.abs(sx) >= Math.abs(sy) ? Math.sign(sx) || 1 : 1;
  }

  /** @param {KeyboardEvent} e */
  keydown(e) {
    // The game's keys belong to the table: when another control has the
    // focus, its own keys work as usual (arrows scroll, Space presses) and
    // no single letter does anything behind the player's back.
    const at = e.target;
    const onTable = !at || at === this.canvas || at === document.body || at === document.documentElement;
    if (!onTable || (e.ctrlKey && e.key !== 'z') || e.metaKey || e.altKey) return;
    if (document.querySelector('dialog[open]')) return;
    const k = e.key;
    const fine = e.shiftKey;
    /** @type {Record<string, Command>} */
    const commands = {
      h: 'hint', H: 'hint', g: 'guide', G: 'guide', v: 'view', V: 'view', u: 'take_back', U: 'take_back',
      n: 'next_set', N: 'next_set', '?': 'help', t: 'target', T: 'target', i: 'describe', I: 'describe', m: 'mute', M: 'mute',
    };
    if (e.ctrlKey && k === 'z') { e.preventDefault(); this.hooks.command('take_back'); return; }
    if (commands[k]) {
      e.preventDefault();
      this.hooks.command(commands[k]);
      return;
    }
    if (k === 'Escape') { this.cancel(); this.hooks.command('escape'); return; }
    if (GAME_KEYS.has(k)) e.preventDefault();
    if (!this.hooks.enabled() || !this.at) return;
    const step = fine ? 0.001 : 0.005;
    const turn = (fine ? 0.1 : 1) * DEG;
    switch (k) {
      case 'ArrowLeft': this.shift(-step * this.screenRight(), 0); break;
      case 'ArrowRight': this.shift(step * this.screenRight(), 0); break;
      case 'w': case 'W': case 'PageUp': this.shift(0, step); break;
      case 's': case 'S': case 'PageDown': this.shift(0, -step); break;
      case 'ArrowUp': case 'a': case 'A': this.rotate(turn); break;
      case 'ArrowDown': case 'd': case 'D': this.rotate(-turn); break;
      // No finer step here: '+' itself needs Shift on many keyboards.
      case '+': case '=': this.setSpeed(this.speed + 0.1); break;
      case '-': case '_': this.setSpeed(this.speed - 0.1); break;
      case 'r': case 'R': this.remembered[String(this.seat)] = null; this.reset(); this.hooks.changed(); break;
      case 'Enter': this.strike(); break;
      case ' ':
        if (!e.repeat && this.mode !== 'charge') this.charge();
        break;
      default:
        if (/^[0-9]$/.test(k)) this.setSpeed(((Number(k) || 10) / 10) * this.maxSpeed);
        else return;
    }
    e.preventDefault();
  }

  /** @param {KeyboardEvent} e */
  keyup(e) {
    if (e.key === ' ' && this.mode === 'charge') {
      e.preventDefault();
      this.mode = null;
      cancelAnimationFrame(this.chargeRaf);
      this.pull = 0;
      if (performance.now() - this.chargeStart < MIN_CHARGE_MS) {
        this.speed = this.chargeWas;
        this.hooks.changed();
        return;
      }
      const speed = this.speed;
      if (!this.strike(speed)) this.hooks.changed();
    }
  }

  /** Hold Space: the cue draws back steadily; releasing strikes. */
  charge() {
    this.mode = 'charge';
    this.chargeWas = this.speed;
    const t0 = performance.now();
    this.chargeStart = t0;
    /** @param {number} now */
    const tick = (now) => {
      if (this.mode !== 'charge') return;
      this.pull = Math.min(1, (now - t0) / CHARGE_MS);
      this.speed = this.pull * this.maxSpeed;
      this.hooks.changed();
      this.chargeRaf = requestAnimationFrame(tick);
    };
    this.chargeRaf = requestAnimationFrame(tick);
  }
}
