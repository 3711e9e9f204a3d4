// The interactive diagrams of the rules page, one class per section. Each
// draws the real table to scale (rules-diagram.js), takes the pointer and
// the keyboard, and keeps a sentence up to date that says what it shows,
// for screen readers and for anyone who prefers words. The rules they
// apply are those of rules-geometry.js, which follow the referee.

import { aimProblem } from './zone.js';
import {
  TABLE, OPPOSITE, NEXT_SEAT, PROFILES, PROFILE_IDS, blindZone, edgeZoneLines, circleView,
  strikerBounds, lineUp, penaltySpot, offTableSpot, strokePath, firstHit, judgeFirstContact,
  isFree, circlePointDistance, distanceToCushion, rowAgainst,
} from './rules-geometry.js';
import {
  Diagram, View, drawDisc, drawArrow, drawCross, drawLabel, shadeRect, mm, ACCENT, GOOD, BAD, WHOLE,
} from './rules-diagram.js';

const T = TABLE;

/** Distance from point `c` to the segment a–b. */
function segmentDistance(a, b, c) {
  const v = [b[0] - a[0], b[1] - a[1]];
  const len2 = v[0] * v[0] + v[1] * v[1] || 1;
  const u = Math.min(1, Math.max(0, ((c[0] - a[0]) * v[0] + (c[1] - a[1]) * v[1]) / len2));
  return Math.hypot(a[0] + v[0] * u - c[0], a[1] + v[1] * u - c[1]);
}
const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);
const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
const L = T.line_offset;
const S = T.size;

/** The seat's own edge zone as a table rectangle (between the neighbouring lines). */
function edgeZoneRect(seat) {
  const a = L;
  const b = S - L;
  switch (seat) {
    case 'south': return [a, 0, b, L];
    case 'north': return [a, S - L, b, S];
    case 'west': return [0, a, L, b];
    default: return [S - L, a, S, b];
  }
}

/** Hatching over a rectangle or the circle: a dark area (`001` "Direct strokes"). */
function hatchArea(ctx, view, shape, colour = 'rgba(40,28,60,0.26)') {
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

const SEAT_LABEL_AT = {
  south: [0.5, -0.0225], north: [0.5, 1.0225], west: [-0.0225, 0.5], east: [1.0225, 0.5],
};

// ---------------------------------------------------------------------------
// 1. The table and the set-up (`000` 1.4, 7.1; `001` "Initial state"; `003`).

const PARTS = ['edge_zone', 'zone_lines', 'corners', 'circle', 'middle_lines', 'line_up', 'striker_zone'];

export class SetupDiagram extends Diagram {
  constructor(t) {
    super(t, { name: 'setup' });
    this.format = 'singles';
    this.part = 0;
    this.radios('fig.setup.format', 'format', [
      { value: 'singles', key: 'format.singles' },
      { value: 'doubles', key: 'format.doubles' },
      { value: 'four_player', key: 'format.four_player' },
    ], this.format, (v) => { this.format = v; });
    const nav = document.createElement('div');
    nav.className = 'buttons';
    nav.append(
      this.button('fig.setup.prev', () => { this.part = (this.part + PARTS.length - 1) % PARTS.length; }),
      this.button('fig.setup.next', () => { this.part = (this.part + 1) % PARTS.length; }),
    );
    this.controls.append(nav);
    this.text(this.canvas, 'fig.setup.label', 'aria-label');
    this.keysHint('fig.setup.keys');
  }

  onKey(e) {
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') this.part = (this.part + 1) % PARTS.length;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') this.part = (this.part + PARTS.length - 1) % PARTS.length;
    else if (e.key === 'Home') this.part = 0;
    else if (e.key === 'End') this.part = PARTS.length - 1;
    else return false;
    return true;
  }

  partAt(p) {
    const c = [S / 2, S / 2];
    const tol = this.view.px(7);
    const inSurface = p[0] >= 0 && p[0] <= S && p[1] >= 0 && p[1] <= S;
    if (!inSurface) return null;
    const { discs } = lineUp(this.format);
    if (discs.some((d) => dist(d.at, p) <= T.disc.radius)) return 'line_up';
    if (Math.abs(dist(p, c) - T.circle_radius) < tol) return 'circle';
    for (const v of [L, S - L]) if (Math.abs(p[0] - v) < tol || Math.abs(p[1] - v) < tol) return 'zone_lines';
    if ((p[0] < L || p[0] > S - L) && (p[1] < L || p[1] > S - L)) return 'corners';
    if (dist(p, c) < T.circle_radius) return 'circle';
    const [a0, a1, d0, d1] = strikerBounds();
    if (p[0] > a0 && p[0] < a1 && p[1] > d0 && p[1] < d1) return 'striker_zone';
    if (p[1] < L || p[1] > S - L || p[0] < L || p[0] > S - L) return 'edge_zone';
    return null;
  }

  onPointer(kind, p) {
    if (kind !== 'down' && kind !== 'hover') return false;
    const part = this.partAt(p);
    if (part === null) return false;
    const k = PARTS.indexOf(part);
    if (k === this.part) return kind === 'down';
    this.part = k;
    return true;
  }

  paint(ctx) {
    const v = this.view;
    const part = PARTS[this.part];
    const { seats, discs } = lineUp(this.format);
    if (part === 'edge_zone') {
      for (const s of seats) shadeRect(ctx, v, edgeZoneRect(s), s === 'south' ? 'rgba(224,166,64,0.34)' : 'rgba(224,166,64,0.14)', s === 'south' ? ACCENT : null);
    } else if (part === 'corners') {
      for (const [x, y] of [[0, 0], [S - L, 0], [S - L, S - L], [0, S - L]]) shadeRect(ctx, v, [x, y, x + L, y + L], 'rgba(224,166,64,0.22)', ACCENT);
    } else if (part === 'circle') {
      ctx.save();
      ctx.fillStyle = 'rgba(224,166,64,0.28)';
      ctx.strokeStyle = ACCENT;
      ctx.lineWidth = v.px(2.5);
      ctx.beginPath();
      ctx.arc(S / 2, S / 2, T.circle_radius, 0, 2 * Math.PI);
      ctx.fill();
      ctx.stroke();
      ctx.restore();
    } else if (part === 'striker_zone') {
      const [a0, a1, d0, d1] = strikerBounds();
      shadeRect(ctx, v, [a0, d0, a1, d1], 'rgba(255,255,255,0.22)', '#fff');
    }
    if (part === 'zone_lines' || part === 'middle_lines') {
      ctx.save();
      ctx.strokeStyle = ACCENT;
      ctx.lineWidth = v.px(3);
      ctx.beginPath();
      if (part === 'zone_lines') {
        for (const c of [L, S - L]) {
          ctx.moveTo(c, 0); ctx.lineTo(c, S);
          ctx.moveTo(0, c); ctx.lineTo(S, c);
        }
      } else {
        const r = T.circle_radius;
        ctx.moveTo(S / 2, 0); ctx.lineTo(S / 2, L);
        ctx.moveTo(S / 2, S); ctx.lineTo(S / 2, S - L);
        ctx.moveTo(0, S / 2); ctx.lineTo(L, S / 2);
        ctx.moveTo(S, S / 2); ctx.lineTo(S - L, S / 2);
        ctx.moveTo(S / 2 - r, S / 2); ctx.lineTo(S / 2 + r, S / 2);
        ctx.moveTo(S / 2, S / 2 - r); ctx.lineTo(S / 2, S / 2 + r);
      }
      ctx.stroke();
      ctx.restore();
    }
    for (const d of discs) drawDisc(ctx, v, d.at, { side: d.side, focus: part === 'line_up' && d.seat === 'south', focusColour: '#fff' });
    if (part === 'striker_zone') drawDisc(ctx, v, [0.5, 0.06], { striker: true, side: 0 });
    // Who sits where, and which row each lines up.
    seats.forEach((s, k) => {
      const side = this.format === 'four_player' ? k : k % 2;
      drawLabel(ctx, v, SEAT_LABEL_AT[s], this.t(`seat.${s}`), { align: 'center', size: 11, colour: side === 0 ? '#ffc9bd' : '#f6ecd9' });
    });
    const say = {
      edge_zone: [[0.5, L / 2], 'fig.setup.tag.edge_zone'],
      zone_lines: [[0.5, L], 'fig.setup.tag.zone_lines'],
      corners: [[L / 2, L / 2 + 0.085], 'fig.setup.tag.corners'],
      circle: [[0.5, 0.5 - T.circle_radius - 0.03], 'fig.setup.tag.circle'],
      middle_lines: [[0.5, L + 0.03], 'fig.setup.tag.middle_lines'],
      line_up: [[0.5, S - 0.07], 'fig.setup.tag.line_up'],
      striker_zone: [[0.5, L + 0.04], 'fig.setup.tag.striker_zone'],
    }[part];
    drawLabel(ctx, v, say[0], this.t(say[1]), { align: 'center', border: ACCENT });
  }

  describe() {
    const t = this.t;
    return `${t(`fig.setup.format.${this.format}`)} ${t('fig.setup.showing', { n: this.part + 1, of: PARTS.length })} ${t(`fig.setup.part.${PARTS[this.part]}`)}`;
  }
}

// ---------------------------------------------------------------------------
// 2. Light and dark discs (`001` "Direct strokes"; `000` 2.1–2.3; zone.rs).

export class LightDarkDiagram extends Diagram {
  constructor(t) {
    super(t, { name: 'light-dark', drag: true, maxWidth: 520 });
    this.owner = 'south';
    this.at = [0.3, 0.15];
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
    this.loupeCtx = this.loupe.getContext('2d');
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

  move(dx, dy) {
    const r = T.disc.radius;
    this.at = [clamp(this.at[0] + dx, r, S - r), clamp(this.at[1] + dy, r, S - r)];
  }

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

// ---------------------------------------------------------------------------
// 3. Direct and rebound strokes (`001` "Direct strokes", "Penalty disc";
// `000` 2.x; `002` 4.x; referee/fouls.rs).

const STROKE_DISCS = [
  { key: 'light', at: [0.36, 0.56], own: true },
  { key: 'edge', at: [0.7, 0.105], own: true },
  { key: 'circle', at: [0.545, 0.465], own: true },
  { key: 'opponent', at: [0.73, 0.63], own: false },
  { key: 'light2', at: [0.17, 0.8], own: true },
];
const PATHS = [null, 'north', 'west', 'east'];

export class StrokesDiagram extends Diagram {
  constructor(t) {
    super(t, { name: 'strokes', drag: true });
    this.striker = [0.4, 0.045];
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
      this.targets.querySelector('input[value="0"]').disabled = c;
    });
    this.controls.append(only);
    this.text(this.canvas, 'fig.strokes.label', 'aria-label');
    this.keysHint('fig.strokes.keys');
  }

  visible(k) { return !(this.darkOnly && STROKE_DISCS[k].key.startsWith('light')); }

  discs() {
    return STROKE_DISCS.map((d, k) => ({ ...d, k, side: d.own ? 0 : 1, zone: d.own ? blindZone(T, 'south', d.at) : null }))
      .filter((d) => this.visible(d.k));
  }

  placeStriker(p) {
    const [a0, a1, d0, d1] = strikerBounds();
    const m = 1e-6;
    const q = [clamp(p[0], a0 + m, a1 - m), clamp(p[1], d0 + m, d1 - m)];
    const reach = T.striker.radius + T.disc.radius;
    if (STROKE_DISCS.some((d) => dist(d.at, q) <= reach)) return false;
    this.striker = q;
    return true;
  }

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

  /** What happens: {path, aim, blocked, first, foul}. */
  judge() {
    const discs = this.discs();
    const target = discs.find((d) => d.k === this.target) || discs[0];
    const cushion = PATHS[this.path];
    const path = strokePath(T, this.striker, target.at, cushion);
    if (!path) return { target, none: true };
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
    const pockets = [[T.pocket_inset, T.pocket_inset], [S - T.pocket_inset, T.pocket_inset], [S - T.pocket_inset, S - T.pocket_inset], [T.pocket_inset, S - T.pocket_inset]];
    const overPocket = points.some((a, i) => i > 0 && pockets.some((c) => segmentDistance(points[i - 1], a, c) < T.pocket_radius));
    return { target, first, blocked: Boolean(hit), points, bounce: path.bounce, aim: aim !== null, foul, light, overPocket };
  }

  paint(ctx) {
    const v = this.view;
    const j = this.judge();
    const [a0, a1, d0, d1] = strikerBounds();
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
    const labels = { 0: 'fig.strokes.tag.light', 1: 'fig.strokes.tag.edge', 2: 'fig.strokes.tag.circle', 3: 'fig.strokes.tag.opponent' };
    for (const d of this.discs()) {
      if (d.k > 3) continue;
      drawLabel(ctx, v, d.at, this.t(labels[d.k]), { dx: 14, size: 11 });
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

// ---------------------------------------------------------------------------
// 4. The penalty spot and its tie-breaks (`002` 5.2; `000` 3.1).

const PENALTY_SITUATIONS = {
  free: [[0.3, 0.62], [0.66, 0.4], [0.52, 0.74]],
  taken: [[0.5, S - 0.015], [0.535, S - 0.04], [0.3, 0.6]],
  fewer_penalty: [[0.5, S - 0.015], { at: [0.72, 0.6], penalty: true }, [0.3, 0.45]],
  fewer_discs: [[0.5, S - 0.015], [0.28, 0.62], [0.36, 0.4], [0.7, 0.5]],
  striker_side: [[0.5, S - 0.015], [0.3, 0.55], [0.7, 0.55]],
};

export class PenaltyDiagram extends Diagram {
  constructor(t) {
    super(t, { name: 'penalty' });
    this.situation = 'taken';
    this.striker = [0.32, 0.06];
    this.reset();
    this.radios('fig.penalty.situation', 'situation', Object.keys(PENALTY_SITUATIONS).map((k) => ({ value: k, key: `fig.penalty.situation.${k}` })), this.situation, (v) => {
      this.situation = v;
      this.reset();
    });
    const row = document.createElement('div');
    row.className = 'buttons';
    row.append(
      this.button('fig.penalty.put', () => this.put(), 'primary'),
      this.button('fig.penalty.reset', () => this.reset()),
    );
    this.controls.append(row);
    this.text(this.canvas, 'fig.penalty.label', 'aria-label');
    this.keysHint('fig.penalty.keys');
  }

  reset() {
    this.discs = PENALTY_SITUATIONS[this.situation].map((d) => (Array.isArray(d) ? { at: d, penalty: false } : { ...d }));
    this.placed = 0;
    this.last = null;
  }

  next() { return penaltySpot(T, 'south', this.discs, this.striker); }

  put() {
    const n = this.next();
    this.last = n;
    if (!n) return;
    this.discs.push({ at: n.at, penalty: true, fresh: true });
    this.placed += 1;
  }

  onKey(e) {
    const step = e.shiftKey ? 0.001 : 0.01;
    const [a0, a1] = strikerBounds();
    if (e.key === 'ArrowLeft') this.striker = [clamp(this.striker[0] - step, a0, a1), this.striker[1]];
    else if (e.key === 'ArrowRight') this.striker = [clamp(this.striker[0] + step, a0, a1), this.striker[1]];
    else if (e.key === 'Enter' || e.key === ' ') this.put();
    else if (e.key === 'Backspace' || e.key === 'Delete') {
      const k = this.discs.findLastIndex((d) => d.fresh);
      if (k >= 0) this.discs.splice(k, 1);
      this.last = null;
    } else if (e.key === 'r' || e.key === 'R') this.reset();
    else return false;
    return true;
  }

  onPointer(kind, p) {
    if (kind !== 'down') return false;
    const [a0, a1, d0, d1] = strikerBounds();
    if (p[1] < d1 + 0.02 && p[0] > a0 - 0.02 && p[0] < a1 + 0.02) {
      this.striker = [clamp(p[0], a0, a1), this.striker[1]];
      return true;
    }
    // A click on a disc removes it; elsewhere on the surface adds one.
    const k = this.discs.findIndex((d) => dist(d.at, p) <= T.disc.radius);
    if (k >= 0) {
      this.discs.splice(k, 1);
      this.last = null;
      return true;
    }
    if (isFree(T, this.discs.map((d) => d.at), p)) {
      this.discs.push({ at: p, penalty: false });
      this.last = null;
      return true;
    }
    return false;
  }

  /** The two nearest free spots either side when the next disc is a tie. */
  paint(ctx) {
    const v = this.view;
    // The middle line of the north edge zone, where the first penalty disc goes.
    // It splits the table into the two halves of the tie-breaks.
    ctx.save();
    ctx.strokeStyle = 'rgba(255,255,255,0.55)';
    ctx.lineWidth = v.px(1.5);
    ctx.setLineDash([v.px(5), v.px(5)]);
    ctx.beginPath();
    ctx.moveTo(S / 2, 0); ctx.lineTo(S / 2, S);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.strokeStyle = ACCENT;
    ctx.lineWidth = v.px(3);
    ctx.beginPath();
    ctx.moveTo(S / 2, S); ctx.lineTo(S / 2, S - L);
    ctx.stroke();
    ctx.restore();
    const n = this.next();
    for (const d of this.discs) drawDisc(ctx, v, d.at, { side: d.penalty ? 0 : 1, penalty: d.penalty });
    if (n) {
      drawDisc(ctx, v, n.at, { side: 0, ghost: true, penalty: true, focus: true });
      drawLabel(ctx, v, [n.at[0], n.at[1] - T.disc.radius], this.t('fig.penalty.tag.next'), { align: 'center', dy: 22, border: ACCENT });
    }
    drawDisc(ctx, v, this.striker, { striker: true, side: 0, focus: this.focused });
    drawLabel(ctx, v, this.striker, this.t('fig.penalty.tag.striker'), { dx: 18, size: 11 });
    drawLabel(ctx, v, [0.25, 0.5], this.t('half.west'), { align: 'center', size: 11, colour: '#d8cbb3' });
    drawLabel(ctx, v, [0.75, 0.5], this.t('half.east'), { align: 'center', size: 11, colour: '#d8cbb3' });
  }

  describe() {
    const t = this.t;
    const n = this.next();
    const count = (keep) => {
      const c = { west: 0, east: 0 };
      for (const d of this.discs) {
        if (!keep(d)) continue;
        if (d.at[0] < S / 2) c.west += 1;
        else if (d.at[0] > S / 2) c.east += 1;
      }
      return c;
    };
    const parts = [];
    if (this.last) parts.push(t('fig.penalty.placed', { n: this.placed }));
    if (!n) {
      parts.push(t('fig.penalty.full'));
      return parts.join(' ');
    }
    const half = n.at[0] < S / 2 ? 'west' : 'east';
    const other = half === 'west' ? 'east' : 'west';
    const off = Math.abs(n.at[0] - S / 2);
    const where = n.rule === 'middle' ? t('fig.penalty.at_middle') : t('fig.penalty.at_side', { d: mm(t, off), half: t(`half_of.${half}`) });
    parts.push(t('fig.penalty.next', { where }));
    if (n.rule === 'middle') parts.push(t('fig.penalty.rule.middle'));
    else if (n.rule === 'nearest') parts.push(t('fig.penalty.rule.nearest'));
    else {
      parts.push(t('fig.penalty.rule.tie'));
      const pen = count((d) => d.penalty);
      const all = count(() => true);
      if (n.rule === 'fewer_penalty') parts.push(t('fig.penalty.rule.fewer_penalty', { half: t(`half_name.${half}`), a: pen[half], b: pen[other] }));
      else if (n.rule === 'fewer_discs') parts.push(t('fig.penalty.rule.fewer_discs', { half: t(`half_name.${half}`), a: all[half], b: all[other] }));
      else parts.push(t('fig.penalty.rule.striker_side', { half: t(`half_name.${half}`) }));
    }
    parts.push(t('fig.penalty.striker_at', { half: t(`half_in.${this.striker[0] < S / 2 ? 'west' : this.striker[0] > S / 2 ? 'east' : 'middle'}`) }));
    return parts.join(' ');
  }
}

// ---------------------------------------------------------------------------
// 5. Owed penalty discs (`002` 5.3–5.4; `000` 3.2–3.3).

const DEBT_START = [[0.3, 0.6], [0.62, 0.7], [0.45, 0.35], [0.8, 0.45], [0.2, 0.3], [0.55, 0.85], [0.72, 0.22], [0.35, 0.8]];

export class DebtDiagram extends Diagram {
  constructor(t) {
    // The table, and under it the side's pockets and its debt.
    super(t, { name: 'debt', interactive: false, rect: [WHOLE[0], -0.29, WHOLE[2], WHOLE[3]] });
    this.reset();
    const row = document.createElement('div');
    row.className = 'buttons';
    row.append(
      this.button('fig.debt.pocket', () => this.pocket()),
      this.button('fig.debt.foul', () => this.foul()),
      this.button('fig.debt.end', () => this.endTurn()),
      this.button('fig.debt.reset', () => this.reset()),
    );
    this.controls.append(row);
    this.canvas.setAttribute('aria-labelledby', this.live.id);
  }

  reset() {
    this.table = DEBT_START.map((at) => ({ at, penalty: false }));
    this.pocketed = 0;
    this.debt = 0;
    this.event = 'start';
    this.over = false;
  }

  place(n) {
    let k = 0;
    for (; k < n; k++) {
      const spot = penaltySpot(T, 'south', this.table, [0.5, 0.06]);
      if (!spot) break;
      this.table.push({ at: spot.at, penalty: true });
      this.pocketed -= 1;
    }
    return k;
  }

  pocket() {
    if (this.over) return;
    // The disc nearest a pocket goes in.
    const pockets = [[0.065, 0.065], [0.935, 0.065], [0.935, 0.935], [0.065, 0.935]];
    let best = -1;
    let bd = Infinity;
    this.table.forEach((d, k) => {
      const e = Math.min(...pockets.map((p) => dist(p, d.at)));
      if (e < bd) { bd = e; best = k; }
    });
    if (best < 0) return;
    this.table.splice(best, 1);
    this.pocketed += 1;
    this.event = 'pocketed';
    if (this.table.length === 0) {
      if (this.debt > 0) {
        const n = this.place(this.debt);
        this.debt -= n;
        this.event = 'paid_no_discs';
      } else {
        this.over = true;
        this.event = 'won';
      }
    }
  }

  foul() {
    if (this.over) return;
    if (this.pocketed > 0 && this.place(1) === 1) this.event = 'placed';
    else {
      this.debt += 1;
      this.event = 'owed';
    }
  }

  endTurn() {
    if (this.over) return;
    const n = this.debt > 0 ? this.place(Math.min(this.debt, this.pocketed)) : 0;
    this.debt -= n;
    this.event = n > 0 ? 'paid' : this.debt > 0 ? 'still_owed' : 'turn_over';
    this.paidNow = n;
  }

  paint(ctx) {
    const v = this.view;
    for (const d of this.table) drawDisc(ctx, v, d.at, { side: 0, penalty: d.penalty });
    // The rack under the table, discs drawn larger than on it.
    const big = Object.create(v);
    big.table = { ...T, disc: { radius: 0.021, hole_radius: 0.0056 } };
    const rows = [[-0.125, 'fig.debt.row.pocketed', this.pocketed], [-0.225, 'fig.debt.row.owed', this.debt]];
    for (const [y, key, n] of rows) {
      drawLabel(ctx, v, [0.0, y], this.t(key, { n }), { size: 12.5 });
      for (let k = 0; k < 8; k++) {
        const at = [0.44 + k * 0.07, y];
        if (k < n && key.endsWith('pocketed')) drawDisc(ctx, big, at, { side: 0 });
        else {
          ctx.save();
          ctx.strokeStyle = k < n ? '#e8b923' : 'rgba(255,255,255,0.16)';
          ctx.lineWidth = v.px(k < n ? 2.5 : 1.2);
          ctx.setLineDash(k < n ? [v.px(4), v.px(3)] : []);
          ctx.beginPath();
          ctx.arc(at[0], at[1], 0.021, 0, 2 * Math.PI);
          ctx.stroke();
          ctx.restore();
        }
      }
    }
  }

  describe() {
    const t = this.t;
    const state = t('fig.debt.state', { on: this.table.length, in: this.pocketed, owed: this.debt });
    return `${t(`fig.debt.event.${this.event}`, { n: this.paidNow ?? 0 })} ${state}`;
  }
}

// ---------------------------------------------------------------------------
// 6. Discs off the table (`000` 1.20; `002` 3.9).

const EXITS = ['north', 'north_east', 'east', 'south_east', 'south', 'south_west', 'west', 'north_west'];
const EXIT_DIR = {
  north: [0, 1], north_east: [Math.SQRT1_2, Math.SQRT1_2], east: [1, 0], south_east: [Math.SQRT1_2, -Math.SQRT1_2],
  south: [0, -1], south_west: [-Math.SQRT1_2, -Math.SQRT1_2], west: [-1, 0], north_west: [-Math.SQRT1_2, Math.SQRT1_2],
};

export class OffTableDiagram extends Diagram {
  constructor(t) {
    // The middle of the table, where the discs come back, larger.
    super(t, { name: 'off-table', rect: [0.17, 0.17, 0.83, 0.83], maxWidth: 520 });
    this.exit = 'north';
    this.reset();
    this.exits = this.radios('fig.off.exit', 'exit', EXITS.map((e) => ({ value: e, key: `exit.${e}` })), this.exit, (v) => { this.exit = v; });
    this.exits.classList.add('compass');
    const row = document.createElement('div');
    row.className = 'buttons';
    row.append(
      this.button('fig.off.send', () => this.send(), 'primary'),
      this.button('fig.off.reset', () => this.reset()),
    );
    this.controls.append(row);
    this.text(this.canvas, 'fig.off.label', 'aria-label');
    this.keysHint('fig.off.keys');
  }

  reset() {
    this.placed = [];
  }

  send() {
    const spot = offTableSpot(T, this.placed.map((d) => d.at), this.exit);
    if (spot) this.placed.push({ ...spot, exit: this.exit });
  }

  onKey(e) {
    const k = EXITS.indexOf(this.exit);
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') this.exit = EXITS[(k + 1) % 8];
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') this.exit = EXITS[(k + 7) % 8];
    else if (e.key === 'Enter' || e.key === ' ') this.send();
    else if (e.key === 'Backspace' || e.key === 'Delete') this.placed.pop();
    else if (e.key === 'r' || e.key === 'R') this.reset();
    else return false;
    this.exits.set(this.exit);
    return true;
  }

  onPointer(kind, p) {
    if (kind !== 'down') return false;
    const d = [p[0] - 0.5, p[1] - 0.5];
    if (Math.hypot(d[0], d[1]) < T.circle_radius) {
      this.send();
      return true;
    }
    const ang = Math.atan2(d[1], d[0]);
    const k = Math.round(((Math.PI / 2 - ang) / (Math.PI / 4) + 8)) % 8;
    this.exit = EXITS[k];
    this.exits.set(this.exit);
    return true;
  }

  paint(ctx) {
    const v = this.view;
    const c = [0.5, 0.5];
    const k = circlePointDistance();
    // The five points of `000` 1.20 and the diagonal points of `002` 3.9.
    ctx.save();
    ctx.strokeStyle = 'rgba(255,255,255,0.85)';
    ctx.lineWidth = v.px(1.2);
    ctx.setLineDash([v.px(3), v.px(3)]);
    for (const dir of [[0, 0], ...Object.values(EXIT_DIR)]) {
      const q = [c[0] + dir[0] * k, c[1] + dir[1] * k];
      ctx.beginPath();
      ctx.arc(q[0], q[1], T.disc.radius, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.restore();
    // Which way the disc left: an arrow out towards that cushion or corner.
    const dir = EXIT_DIR[this.exit];
    const reach = Math.abs(dir[0]) + Math.abs(dir[1]) > 1.5 ? 0.3 * Math.SQRT2 : 0.3;
    const a = [c[0] + dir[0] * (T.circle_radius + 0.03), c[1] + dir[1] * (T.circle_radius + 0.03)];
    const b = [c[0] + dir[0] * reach, c[1] + dir[1] * reach];
    drawArrow(ctx, v, [a, b], { colour: ACCENT, width: 4, headSize: 13 });
    drawLabel(ctx, v, [c[0] + dir[0] * (reach - 0.06) + (dir[0] ? 0 : 0.02), c[1] + dir[1] * (reach - 0.06)], this.t(`over.${this.exit}`), { align: dir[0] < -0.1 ? 'left' : dir[0] > 0.1 ? 'right' : 'left', size: 11.5 });
    this.placed.forEach((d, i) => drawDisc(ctx, v, d.at, { side: i % 2 }));
    const next = offTableSpot(T, this.placed.map((d) => d.at), this.exit);
    if (next) drawDisc(ctx, v, next.at, { side: this.placed.length % 2, ghost: true, focus: this.focused });
    this.placed.forEach((d, i) => {
      const [x, y] = v.toCss(d.at);
      ctx.save();
      v.pixelTransform(ctx);
      ctx.font = `700 ${v.cssW < 420 ? 9 : 11}px system-ui, sans-serif`;
      ctx.fillStyle = i % 2 ? '#fff' : '#fff';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.strokeStyle = 'rgba(0,0,0,0.7)';
      ctx.lineWidth = 3;
      ctx.strokeText(String(i + 1), x, y - v.ppm * 0.0215);
      ctx.fillText(String(i + 1), x, y - v.ppm * 0.0215);
      ctx.restore();
    });
  }

  describe() {
    const t = this.t;
    const parts = [];
    const last = this.placed[this.placed.length - 1];
    if (last) {
      parts.push(t('fig.off.last', { n: this.placed.length, over: t(`over.${last.exit}`) }));
      parts.push(t(`fig.off.rule.${last.rule}`, { side: t(`arm.${this.armOf(last.at)}`) }));
    } else parts.push(t('fig.off.empty'));
    const next = offTableSpot(T, this.placed.map((d) => d.at), this.exit);
    parts.push(next ? t('fig.off.next', { over: t(`over.${this.exit}`), rule: t(`fig.off.short.${next.rule}`, { side: t(`arm.${this.armOf(next.at)}`) }) }) : t('fig.off.full'));
    return parts.join(' ');
  }

  armOf(p) {
    const d = [p[0] - 0.5, p[1] - 0.5];
    if (Math.abs(d[0]) < 1e-6 && Math.abs(d[1]) < 1e-6) return 'centre';
    if (Math.abs(d[0]) > 1e-6 && Math.abs(d[1]) > 1e-6) {
      return `${d[1] > 0 ? 'north' : 'south'}_${d[0] > 0 ? 'east' : 'west'}`;
    }
    if (Math.abs(d[0]) > Math.abs(d[1])) return d[0] > 0 ? 'east' : 'west';
    return d[1] > 0 ? 'north' : 'south';
  }
}

// ---------------------------------------------------------------------------
// 7. The turn (`001` "Losing the rights to stroke"; `000` 1.17–1.18).

const OUTCOMES = ['own', 'opponent', 'off', 'back', 'dark', 'foul'];

export class TurnDiagram extends Diagram {
  constructor(t) {
    super(t, { name: 'turn' });
    this.format = 'singles';
    this.seat = 'south';
    this.profile = 'lnf-2017';
    this.what = { own: true, opponent: false, off: false, back: false, dark: false, foul: false };
    this.radios('fig.setup.format', 'format', [
      { value: 'singles', key: 'format.singles' },
      { value: 'doubles', key: 'format.doubles' },
      { value: 'four_player', key: 'format.four_player' },
    ], this.format, (v) => {
      this.format = v;
      if (v === 'singles' && !['south', 'north'].includes(this.seat)) this.seat = 'south';
    });
    const fs = document.createElement('fieldset');
    fs.className = 'choice checks';
    const lg = document.createElement('legend');
    this.text(lg, 'fig.turn.what');
    fs.append(lg);
    for (const k of OUTCOMES) fs.append(this.checkbox(`fig.turn.what.${k}`, this.what[k], (c) => { this.what[k] = c; }));
    this.controls.append(fs);
    this.radios('fig.profile', 'profile', PROFILE_IDS.map((p) => ({ value: p, key: `profile.${p}` })), this.profile, (v) => { this.profile = v; });
    this.text(this.canvas, 'fig.turn.label', 'aria-label');
    this.keysHint('fig.turn.keys');
  }

  seats() {
    return this.format === 'singles' ? ['south', 'north'] : ['south', 'west', 'north', 'east'];
  }

  /** The reasons the turn passes, in the referee's order (referee/outcome.rs). */
  reasons() {
    const w = this.what;
    const out = [];
    if (!w.own && !w.foul) out.push('no_own_disc');
    if (w.opponent) out.push('opponent_disc');
    if (w.off) out.push('disc_left_table');
    if (w.back && !w.dark && PROFILES[this.profile].striker_return_ends_turn && out.length === 0) out.push('striker_returned');
    if (w.foul) out.push('foul');
    return out;
  }

  next() {
    return this.format === 'singles' ? OPPOSITE[this.seat] : NEXT_SEAT[this.seat];
  }

  onKey(e) {
    const s = this.seats();
    const k = s.indexOf(this.seat);
    if (e.key === 'ArrowRight' || e.key === 'ArrowDown') this.seat = s[(k + 1) % s.length];
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') this.seat = s[(k + s.length - 1) % s.length];
    else return false;
    return true;
  }

  onPointer(kind, p) {
    if (kind !== 'down') return false;
    const near = this.seats().map((s) => [s, dist(p, SEAT_LABEL_AT[s])]).sort((a, b) => a[1] - b[1])[0];
    if (near[1] > 0.3) return false;
    this.seat = near[0];
    return true;
  }

  paint(ctx) {
    const v = this.view;
    const { discs } = lineUp(this.format);
    for (const d of discs) drawDisc(ctx, v, d.at, { side: d.side, ghost: true });
    const passes = this.reasons().length > 0;
    const from = this.seat;
    const to = passes ? this.next() : from;
    const inward = { south: [0, 1], north: [0, -1], west: [1, 0], east: [-1, 0] };
    const spot = (s, depth) => {
      const a = SEAT_LABEL_AT[s];
      const n = inward[s];
      return [a[0] + n[0] * depth, a[1] + n[1] * depth];
    };
    // The player's striker in their edge zone.
    const k = this.seats().indexOf(from);
    const side = this.format === 'four_player' ? k : k % 2;
    drawDisc(ctx, v, spot(from, 0.08), { striker: true, side, focus: this.focused });
    if (passes) {
      const a = spot(from, 0.2);
      const b = spot(to, 0.2);
      const mid = [0.5 + (a[0] + b[0] - 1) * 0.15, 0.5 + (a[1] + b[1] - 1) * 0.15];
      const curve = [];
      for (let i = 0; i <= 24; i++) {
        const u = i / 24;
        const bend = this.format === 'singles' ? [0.18 * Math.sin(Math.PI * u), 0] : [0, 0];
        curve.push([(1 - u) * (1 - u) * a[0] + 2 * u * (1 - u) * mid[0] + u * u * b[0] + bend[0], (1 - u) * (1 - u) * a[1] + 2 * u * (1 - u) * mid[1] + u * u * b[1] + bend[1]]);
      }
      drawArrow(ctx, v, curve, { colour: ACCENT, width: 4, headSize: 14 });
    } else {
      const c = spot(from, 0.2);
      const loop = [];
      for (let i = 0; i <= 30; i++) {
        const u = -Math.PI / 2 + (i / 30) * 1.7 * Math.PI;
        loop.push([c[0] + 0.07 * Math.cos(u), c[1] + 0.07 + 0.07 * Math.sin(u)]);
      }
      drawArrow(ctx, v, loop, { colour: GOOD, width: 4, headSize: 14 });
    }
    for (const s of this.seats()) {
      const me = s === from;
      const nx = s === to && passes;
      drawLabel(ctx, v, SEAT_LABEL_AT[s], this.t(`seat.${s}`), {
        align: 'center', size: 12, border: me ? '#fff' : nx ? ACCENT : null, colour: me || nx ? '#fff' : '#cbbda5',
      });
    }
  }

  describe() {
    const t = this.t;
    const r = this.reasons();
    const who = t(`who.${this.seat}`);
    const parts = [t('fig.turn.stroke', { who: cap(who) })];
    if (r.length === 0) {
      parts.push(t('fig.turn.again', { who }));
      if (this.what.back && !this.what.dark && !PROFILES[this.profile].striker_return_ends_turn) parts.push(t('fig.turn.back_ignored'));
      else if (this.what.back && this.what.dark) parts.push(t('fig.turn.back_dark'));
    } else {
      for (const k of r) parts.push(t(`turn_why.${k}`));
      if (this.what.foul) parts.push(t('fig.turn.penalty'));
      parts.push(t('fig.turn.next', { to: t(`towho.${this.next()}`), of: t(`whose.${this.next()}`) }));
    }
    return parts.join(' ');
  }
}

// ---------------------------------------------------------------------------
// 8–9. Situations whose result depends on the rule profile: the end of a
// set (`002` 7.x; `000` 1.26–1.27, 4.4–4.6) and where the books differ.

const NORTH_ROW = rowAgainst(T, 'south');
const POCKET_NE = [S - T.pocket_inset, S - T.pocket_inset];
const POCKET_NW = [T.pocket_inset, S - T.pocket_inset];

const direct = (from, target) => strokePath(T, from, target).points;
const rebound = (from, target, cushion) => strokePath(T, from, target, cushion).points;
const roll = (from, to) => [from, to];

/** Each situation: discs [{at, side, dark, penalty, ghost}], the striker, arrows (the striker's path first), crosses, and the verdict key per profile. */
export const SITUATIONS = {
  last_clean: {
    discs: [{ at: [0.82, 0.82], side: 0 }, { at: [0.3, 0.4], side: 1 }, { at: [0.62, 0.25], side: 1 }],
    striker: [0.5, 0.06],
    arrows: [direct([0.5, 0.06], [0.82, 0.82]), roll([0.82, 0.82], POCKET_NE)],
    verdict: { 'lnf-2017': 'south_wins', 'australia-1992': 'south_wins', koroona: 'south_wins' },
  },
  both_last: {
    discs: [{ at: [0.8, 0.8], side: 0 }, { at: [0.88, 0.66], side: 1 }],
    striker: [0.55, 0.06],
    arrows: [direct([0.55, 0.06], [0.8, 0.8]), roll([0.8, 0.8], POCKET_NE), roll([0.88, 0.66], [0.93, 0.88])],
    verdict: { 'lnf-2017': 'replay', 'australia-1992': 'draw', koroona: 'replay' },
  },
  last_foul: {
    discs: [{ at: [0.82, 0.82], side: 0 }, { at: [0.3, 0.4], side: 1 }],
    striker: [0.5, 0.06],
    arrows: [[...direct([0.5, 0.06], [0.82, 0.82]), POCKET_NE], roll([0.82, 0.82], [0.905, 0.905])],
    crosses: [POCKET_NE],
    verdict: { 'lnf-2017': 'foul_play_on', 'australia-1992': 'south_loses', koroona: 'foul_play_on' },
  },
  opening_reply: {
    discs: NORTH_ROW.map((at) => ({ at, side: 1 })),
    striker: [0.5, S - 0.06],
    northStriker: true,
    arrows: [direct([0.5, S - 0.06], NORTH_ROW[3])],
    verdict: { 'lnf-2017': 'reply', 'australia-1992': 'reply', koroona: 'reply' },
  },
  opening_both: {
    discs: [],
    striker: null,
    arrows: [],
    verdict: { 'lnf-2017': 'replay_swap', 'australia-1992': 'replay_same', koroona: 'replay_swap' },
  },
  blind_misses: {
    discs: [{ at: [0.3, 0.075], side: 0, dark: true }, { at: [0.53, 0.49], side: 0, dark: true }, { at: [0.7, 0.945], side: 1 }],
    striker: [0.62, 0.05],
    arrows: [rebound([0.62, 0.05], [0.36, 0.1], 'north')],
    crosses: [[0.36, 0.1]],
    verdict: { 'lnf-2017': 'replay_blind', 'australia-1992': 'replay_blind', koroona: 'replay_blind' },
  },
  side_cushion_dark: {
    discs: [{ at: [0.8, 0.12], side: 0, dark: true }, { at: [0.45, 0.6], side: 0 }, { at: [0.3, 0.75], side: 1 }],
    striker: [0.7, 0.06],
    arrows: [rebound([0.7, 0.06], [0.8, 0.12], 'east')],
    verdict: { 'lnf-2017': 'foul_side_cushion', 'australia-1992': 'correct', koroona: 'foul_side_cushion' },
  },
  rebound_nothing: {
    discs: [{ at: [0.3, 0.55], side: 0 }, { at: [0.75, 0.7], side: 1 }],
    striker: [0.5, 0.06],
    arrows: [[[0.5, 0.06], [0.56, S - T.striker.radius], [0.62, 0.4]]],
    verdict: { 'lnf-2017': 'foul_rebound_nothing', 'australia-1992': 'turn_passes', koroona: 'turn_passes' },
  },
  opponent_off: {
    discs: [{ at: [0.5, 0.7], side: 0 }, { at: [0.515, 0.95], side: 1, ghost: true }],
    striker: [0.49, 0.06],
    arrows: [direct([0.49, 0.06], [0.5, 0.7]), roll([0.5, 0.7], [0.512, 0.92]), roll([0.515, 0.95], [0.525, 1.07])],
    verdict: { 'lnf-2017': 'off_to_circle', 'australia-1992': 'foul_off_restored', koroona: 'off_to_circle' },
  },
  out_of_blind: {
    discs: [{ at: [0.42, 0.75], side: 0 }, { at: [0.44, 0.91], side: 1, ghost: true }],
    striker: [0.4, 0.06],
    arrows: [direct([0.4, 0.06], [0.42, 0.75]), roll([0.42, 0.75], [0.435, 0.88]), roll([0.44, 0.91], [0.53, 0.78])],
    verdict: { 'lnf-2017': 'no_foul_stays', 'australia-1992': 'foul_stays', koroona: 'no_foul_stays' },
  },
  striker_back: {
    discs: [{ at: [0.5, 0.5], side: 0, ghost: true }],
    striker: [0.5, 0.06],
    arrows: [[...direct([0.5, 0.06], [0.5, 0.5]), [0.53, 0.09]], roll([0.5, 0.5], POCKET_NW)],
    verdict: { 'lnf-2017': 'turn_passes_back', 'australia-1992': 'no_effect', koroona: 'turn_passes_back' },
  },
  two_restored: {
    discs: [{ at: [0.47, 0.62], side: 0 }, { at: [0.42, 0.8], side: 1, ghost: true }, { at: [0.52, 0.81], side: 1, ghost: true }],
    striker: [0.47, 0.06],
    arrows: [direct([0.47, 0.06], [0.47, 0.62]), roll([0.42, 0.8], [0.39, 0.94]), roll([0.52, 0.81], [0.56, 0.94])],
    verdict: { 'lnf-2017': 'foul_two_back', 'australia-1992': 'set_lost_two', koroona: 'foul_two_back' },
  },
  illegal_restores: {
    discs: [{ at: [0.7, 0.55], side: 1 }, { at: [0.8, 0.78], side: 0, ghost: true }],
    striker: [0.62, 0.06],
    arrows: [direct([0.62, 0.06], [0.7, 0.55]), roll([0.7, 0.55], [0.785, 0.745]), roll([0.8, 0.78], POCKET_NE)],
    crosses: [[0.7, 0.55]],
    verdict: { 'lnf-2017': 'all_back', 'australia-1992': 'named_back', koroona: 'named_back' },
  },
  dark_only_drive: {
    discs: [{ at: [0.35, 0.07], side: 0, dark: true }, { at: [0.6, 0.66], side: 1, ghost: true }],
    striker: [0.62, 0.05],
    arrows: [rebound([0.62, 0.05], [0.6, 0.66], 'north'), roll([0.6, 0.66], [0.55, 0.54])],
    verdict: { 'lnf-2017': 'foul_drive_back', 'australia-1992': 'no_foul_drive', koroona: 'foul_drive_back' },
  },
};

export class SituationDiagram extends Diagram {
  constructor(t, name, ids) {
    super(t, { name });
    this.ids = ids;
    this.which = ids[0];
    this.profile = 'lnf-2017';
    this.pick = this.radios(`fig.${name}.situation`, 'situation', ids.map((id) => ({ value: id, key: `sit.${id}.name` })), this.which, (v) => { this.which = v; });
    this.prof = this.radios('fig.profile', 'profile', PROFILE_IDS.map((p) => ({ value: p, key: `profile.${p}` })), this.profile, (v) => { this.profile = v; });
    this.table = document.createElement('dl');
    this.table.className = 'verdicts';
    this.caption.append(this.table);
    this.text(this.canvas, `fig.${name}.label`, 'aria-label');
    this.keysHint('fig.situation.keys');
  }

  onKey(e) {
    const k = this.ids.indexOf(this.which);
    const p = PROFILE_IDS.indexOf(this.profile);
    if (e.key === 'ArrowRight') this.which = this.ids[(k + 1) % this.ids.length];
    else if (e.key === 'ArrowLeft') this.which = this.ids[(k + this.ids.length - 1) % this.ids.length];
    else if (e.key === 'ArrowDown') this.profile = PROFILE_IDS[(p + 1) % PROFILE_IDS.length];
    else if (e.key === 'ArrowUp') this.profile = PROFILE_IDS[(p + PROFILE_IDS.length - 1) % PROFILE_IDS.length];
    else return false;
    this.pick.set(this.which);
    this.prof.set(this.profile);
    return true;
  }

  paint(ctx) {
    const v = this.view;
    const s = SITUATIONS[this.which];
    for (const a of s.arrows) drawArrow(ctx, v, a, { colour: '#fff', width: 2.2, dash: [7, 5] });
    for (const d of s.discs) drawDisc(ctx, v, d.at, d);
    if (s.striker) drawDisc(ctx, v, s.striker, { striker: true, side: s.northStriker ? 1 : 0 });
    for (const c of s.crosses || []) drawCross(ctx, v, c);
    drawLabel(ctx, v, [0.5, 0.5], this.t(`sit.${this.which}.tag`), { align: 'center', border: ACCENT });
    drawLabel(ctx, v, SEAT_LABEL_AT.south, this.t('seat.south'), { align: 'center', size: 11, colour: '#ffc9bd' });
    drawLabel(ctx, v, SEAT_LABEL_AT.north, this.t('seat.north'), { align: 'center', size: 11 });
  }

  relabel() {
    super.relabel();
    this.fillVerdicts();
  }

  update() {
    super.update();
    this.fillVerdicts();
  }

  fillVerdicts() {
    const s = SITUATIONS[this.which];
    this.table.replaceChildren();
    for (const p of PROFILE_IDS) {
      const dt = document.createElement('dt');
      dt.textContent = this.t(`profile.${p}`);
      const dd = document.createElement('dd');
      dd.textContent = this.t(`verdict.${s.verdict[p]}`);
      if (p === this.profile) {
        dt.className = 'chosen';
        dd.className = 'chosen';
      }
      this.table.append(dt, dd);
    }
  }

  describe() {
    const t = this.t;
    const s = SITUATIONS[this.which];
    return `${t(`sit.${this.which}.text`)} ${t('fig.situation.under', { profile: t(`profile.${this.profile}`), verdict: t(`verdict.${s.verdict[this.profile]}`) })}`;
  }
}

export const WINNING_SITUATIONS = ['last_clean', 'both_last', 'last_foul', 'opening_reply', 'opening_both', 'blind_misses'];
export const PROFILE_SITUATIONS = ['side_cushion_dark', 'rebound_nothing', 'opponent_off', 'out_of_blind', 'striker_back', 'two_restored', 'illegal_restores', 'dark_only_drive'];

