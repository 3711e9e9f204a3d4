// @ts-check
// What the table shows, from the page's state: the discs as the state or
// the animation's frame has them, and while a stroke is made the striker,
// the cue, the aim guide, the power, the discs' numbers and the hint; the
// seat the table is seen from. Drawn on animation frames, at most once a
// frame however often it is asked for.

import { t } from '../shared/text.js';
import { aimGuide } from '../shared/guide.js';
import { discsOnTable } from '../shared/zone.js';
import { phase as phaseOf } from './events.js';
import * as people from './online.js';

/** @typedef {import('./state.js').GameView} GameView */
/** @typedef {import('../shared/table.js').Scene} Scene */
/** @typedef {import('../shared/table.js').TableView} TableView */
/** @typedef {import('../shared/protocol.js').Seat} Seat */
/** @typedef {import('../shared/protocol.js').Stroke} Stroke */
/** @typedef {import('../shared/protocol.js').Vec2} Vec2 */

/**
 * What the scene needs of the stroke maker (input.js) and the aim tool
 * (aimtool.js): the stroke being made, and the discs' numbers and the one
 * chosen while the tool is open.
 * @typedef {object} Makers
 * @property {{at: Vec2 | null, dir: Vec2, pull: number, speed: number, mode: string | null, placeProblem: string | null, aimProblem: string | null}} maker
 * @property {{labels(): {id: number, at: Vec2 | null, n: number | undefined}[] | null, chosen: number | null}} aimTool
 */

/**
 * The seat the table is seen from: the first human player's (so that
 * against the computer you always stroke from the bottom, whichever seat a
 * set gives you), or, when the view follows the mover, the seat of the
 * last person to stroke.
 * @param {GameView} page
 * @returns {Seat}
 */
export function viewSeatOf(page) {
  if (page.prefs.view === 'mover') return page.viewSeat;
  // From this person's own seat between people; otherwise the first
  // person's (against the computer: yours).
  const st = page.state;
  const own = st?.seats ? st.players.find((_, k) => people.holds(st, page.me ?? null, k)) : null;
  return own?.seat ?? st?.players?.find((p) => p.kind === 'human')?.seat ?? 'south';
}

/**
 * The frame to draw.
 * @param {GameView} page
 * @param {Makers} makers
 * @returns {Scene}
 */
export function sceneOf(page, { maker, aimTool }) {
  const st = page.state;
  const ph = phaseOf(page);
  /** @type {Scene} */
  const s = { discs: [], moverSide: st?.turn?.side ?? null };
  if (!st) return s;
  if (page.anim) {
    const { msg, frame, time, lead } = page.anim;
    // A disc the motion moves is where its frame has it (null: gone).
    s.discs = st.set.discs.map((d) => (frame.discs.has(d.id) ? { ...d, at: frame.discs.get(d.id) ?? null, dark: false } : { ...d, dark: false }));
    s.striker = frame.striker ? { at: frame.striker, side: msg.verdict?.side ?? st.turn?.side ?? 0 } : null;
    if (time < 0 && msg.stroke) {
      s.cue = leadCue(msg.stroke, st.max_speed, time, lead);
      // The computer's aim, drawn while it settles over the striker, so
      // the player sees what it meant before it strikes.
      if (msg.by === 'computer') s.hint = { stroke: msg.stroke, maxSpeed: st.max_speed, label: t('anim.computer_aims') };
    }
    return s;
  }
  s.discs = st.set.discs;
  if (st.turn?.kind === 'human' && ['idle', 'waiting', 'connecting'].includes(ph)) {
    s.region = st.turn.region;
    s.showExclusion = maker.mode === 'place';
    if (maker.at) {
      const illegalPlace = !!maker.placeProblem;
      const illegalAim = !!maker.aimProblem;
      s.striker = { at: maker.at, side: st.turn.side, illegal: illegalPlace };
      s.cue = { dir: maker.dir, pull: maker.pull, illegal: illegalAim };
      if (maker.mode === 'pull' || maker.mode === 'charge') s.power = { at: maker.at, share: maker.pull, text: t('power.value', { speed: maker.speed.toFixed(2) }) };
      if (page.prefs.guide) {
        const g = aimGuide(st.table, discsOnTable(st), maker.at, maker.dir);
        if (g) s.guide = { ...g, illegal: illegalPlace || illegalAim };
      }
    }
    s.numbers = numbered(aimTool.labels());
    if (aimTool.chosen !== null) s.highlight = new Set([aimTool.chosen]);
    // The hint's arrow while the striker stands where it stood when the
    // hint came, or where the hint puts it: moved elsewhere, the arrow
    // would point from a spot the stroke no longer starts from.
    if (page.hint?.best && !movedFromHint(page.hintFrom ?? null, maker.at, page.hint.best.stroke.striker)) {
      const b = page.hint.best;
      s.hint = { stroke: b.stroke, maxSpeed: st.max_speed, label: t('hint.label', { pot: Math.round((b.pot_chance ?? 0) * 100) }) };
      if (b.disc !== undefined && b.disc !== null) s.highlight = new Set([b.disc]);
    }
  }
  return s;
}

/**
 * Whether the striker at `at` was moved since the hint came (it stood at
 * `from`), other than onto the hint's own spot `hinted`.
 * @param {Vec2 | null} from
 * @param {Vec2 | null} at
 * @param {Vec2} hinted
 */
export function movedFromHint(from, at, hinted) {
  if (!from || !at) return false;
  /** @param {Vec2} a @param {Vec2} b */
  const same = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-6;
  return !same(at, from) && !same(at, hinted);
}

/**
 * The aim tool's numbers of the discs on the table.
 * @param {{at: Vec2 | null, n: number | undefined}[] | null} labels
 * @returns {{at: Vec2, n: number}[] | null}
 */
function numbered(labels) {
  if (!labels) return null;
  return labels.flatMap(({ at, n }) => (at && n !== undefined ? [{ at, n }] : []));
}

/**
 * The cue of another player's stroke, drawn back over the lead's last 0.6 s to its speed.
 * @param {Stroke} stroke
 * @param {number} maxSpeed
 * @param {number} time
 * @param {number} lead
 * @returns {{dir: Vec2, pull: number}}
 */
function leadCue(stroke, maxSpeed, time, lead) {
  const back = Math.min(lead, 0.6);
  const drawn = Math.max(0, Math.min(1, (back + time) / (back * 0.7)));
  return { dir: stroke.direction, pull: Math.min(1, stroke.speed / (maxSpeed || 8)) * drawn };
}

/**
 * A `render()` that draws the table from `read()`'s page on the next
 * animation frame, once however often it is asked in between.
 * @param {TableView} view
 * @param {() => GameView} read
 * @param {Makers} makers
 */
export function tableDrawer(view, read, makers) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const page = read();
      if (!page.state) return;
      view.setGeometry(page.state.table);
      view.setView(viewSeatOf(page));
      view.draw(sceneOf(page, makers));
    });
  };
}
