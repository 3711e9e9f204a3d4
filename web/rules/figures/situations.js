// @ts-check
// The rules page's diagrams of situations whose result depends on the rule
// profile: the end of a set (`002` 7.x; `000` 1.26–1.27, 4.4–4.6) and
// where the books differ.

import { strokePath, rowAgainst } from '../geometry.js';
import { PROFILES, PROFILE_IDS } from '../options.js';
import { SITUATION_VERDICTS } from '../content.js';
import { drawDisc, drawArrow, drawCross, drawLabel, ACCENT } from '../draw.js';
import { Diagram } from '../diagram.js';
import { T, S, SEAT_LABEL_AT } from './common.js';

/** @typedef {import('../../shared/protocol.js').Vec2} Vec2 */

/**
 * A situation: discs [{at, side, dark, penalty, ghost}], the striker (the
 * north player's with `northStriker`), arrows (the striker's path first)
 * and crosses.
 * @typedef {object} Situation
 * @property {({at: Vec2} & import('../draw.js').DiscOptions)[]} discs
 * @property {Vec2} [striker]
 * @property {boolean} [northStriker]
 * @property {Vec2[][]} arrows
 * @property {Vec2[]} [crosses]
 */

const NORTH_ROW = rowAgainst(T, 'south');
/** @type {Vec2} */
const POCKET_NE = [S - T.pocket_inset, S - T.pocket_inset];
/** @type {Vec2} */
const POCKET_NW = [T.pocket_inset, S - T.pocket_inset];

/**
 * A path's points (every situation's path can be played).
 * @param {ReturnType<typeof strokePath>} path
 */
const pointsOf = (path) => {
  if (!path) throw new Error('a situation draws a path the striker cannot take');
  return path.points;
};
/** @param {Vec2} from @param {Vec2} target */
const direct = (from, target) => pointsOf(strokePath(T, from, target));
/** @param {Vec2} from @param {Vec2} target @param {string} cushion */
const rebound = (from, target, cushion) => pointsOf(strokePath(T, from, target, cushion));
/** @param {Vec2} from @param {Vec2} to */
const roll = (from, to) => [from, to];

/**
 * Each situation; what it comes to under each profile is content.js
 * `SITUATION_VERDICTS`.
 * @type {Record<string, Situation>}
 */
export const SITUATIONS = {
  last_clean: {
    discs: [{ at: [0.82, 0.82], side: 0 }, { at: [0.3, 0.4], side: 1 }, { at: [0.62, 0.25], side: 1 }],
    striker: [0.5, 0.06],
    arrows: [direct([0.5, 0.06], [0.82, 0.82]), roll([0.82, 0.82], POCKET_NE)],
  },
  both_last: {
    discs: [{ at: [0.8, 0.8], side: 0 }, { at: [0.88, 0.66], side: 1 }],
    striker: [0.55, 0.06],
    arrows: [direct([0.55, 0.06], [0.8, 0.8]), roll([0.8, 0.8], POCKET_NE), roll([0.88, 0.66], [0.93, 0.88])],
  },
  last_foul: {
    discs: [{ at: [0.82, 0.82], side: 0 }, { at: [0.3, 0.4], side: 1 }],
    striker: [0.5, 0.06],
    arrows: [[...direct([0.5, 0.06], [0.82, 0.82]), POCKET_NE], roll([0.82, 0.82], [0.905, 0.905])],
    crosses: [POCKET_NE],
  },
  opening_reply: {
    discs: NORTH_ROW.map((at) => ({ at, side: 1 })),
    striker: [0.5, S - 0.06],
    northStriker: true,
    arrows: [direct([0.5, S - 0.06], NORTH_ROW[3])],
  },
  opening_both: {
    discs: [],
    arrows: [],
  },
  blind_misses: {
    discs: [{ at: [0.3, 0.075], side: 0, dark: true }, { at: [0.53, 0.49], side: 0, dark: true }, { at: [0.7, 0.945], side: 1 }],
    striker: [0.62, 0.05],
    arrows: [rebound([0.62, 0.05], [0.36, 0.1], 'north')],
    crosses: [[0.36, 0.1]],
  },
  side_cushion_dark: {
    discs: [{ at: [0.8, 0.12], side: 0, dark: true }, { at: [0.45, 0.6], side: 0 }, { at: [0.3, 0.75], side: 1 }],
    striker: [0.7, 0.06],
    arrows: [rebound([0.7, 0.06], [0.8, 0.12], 'east')],
  },
  rebound_nothing: {
    discs: [{ at: [0.3, 0.55], side: 0 }, { at: [0.75, 0.7], side: 1 }],
    striker: [0.5, 0.06],
    arrows: [[[0.5, 0.06], [0.56, S - T.striker.radius], [0.62, 0.4]]],
  },
  opponent_off: {
    discs: [{ at: [0.5, 0.7], side: 0 }, { at: [0.515, 0.95], side: 1, ghost: true }],
    striker: [0.49, 0.06],
    arrows: [direct([0.49, 0.06], [0.5, 0.7]), roll([0.5, 0.7], [0.512, 0.92]), roll([0.515, 0.95], [0.525, 1.07])],
  },
  out_of_blind: {
    discs: [{ at: [0.42, 0.75], side: 0 }, { at: [0.44, 0.91], side: 1, ghost: true }],
    striker: [0.4, 0.06],
    arrows: [direct([0.4, 0.06], [0.42, 0.75]), roll([0.42, 0.75], [0.435, 0.88]), roll([0.44, 0.91], [0.53, 0.78])],
  },
  striker_back: {
    discs: [{ at: [0.5, 0.5], side: 0, ghost: true }],
    striker: [0.5, 0.06],
    arrows: [[...direct([0.5, 0.06], [0.5, 0.5]), [0.53, 0.09]], roll([0.5, 0.5], POCKET_NW)],
  },
  two_restored: {
    discs: [{ at: [0.47, 0.62], side: 0 }, { at: [0.42, 0.8], side: 1, ghost: true }, { at: [0.52, 0.81], side: 1, ghost: true }],
    striker: [0.47, 0.06],
    arrows: [direct([0.47, 0.06], [0.47, 0.62]), roll([0.42, 0.8], [0.39, 0.94]), roll([0.52, 0.81], [0.56, 0.94])],
  },
  illegal_restores: {
    discs: [{ at: [0.7, 0.55], side: 1 }, { at: [0.8, 0.78], side: 0, ghost: true }],
    striker: [0.62, 0.06],
    arrows: [direct([0.62, 0.06], [0.7, 0.55]), roll([0.7, 0.55], [0.785, 0.745]), roll([0.8, 0.78], POCKET_NE)],
    crosses: [[0.7, 0.55]],
  },
  dark_only_drive: {
    discs: [{ at: [0.35, 0.07], side: 0, dark: true }, { at: [0.6, 0.66], side: 1, ghost: true }],
    striker: [0.62, 0.05],
    arrows: [rebound([0.62, 0.05], [0.6, 0.66], 'north'), roll([0.6, 0.66], [0.55, 0.54])],
  },
};

export class SituationDiagram extends Diagram {
  /**
   * @param {import('../../shared/lang.js').Translator} t
   * @param {string} name
   * @param {string[]} ids the situations it shows
   */
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

  /** @param {KeyboardEvent} e */
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

  /** @param {CanvasRenderingContext2D} ctx */
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

  /**
   * The key of the situation's verdict under profile `p`.
   * @param {string} p
   */
  verdictOf(p) {
    return SITUATION_VERDICTS[this.which](PROFILES[p]);
  }

  fillVerdicts() {
    this.table.replaceChildren();
    for (const p of PROFILE_IDS) {
      const dt = document.createElement('dt');
      dt.textContent = this.t(`profile.${p}`);
      const dd = document.createElement('dd');
      dd.textContent = this.t(`verdict.${this.verdictOf(p)}`);
      if (p === this.profile) {
        dt.className = 'chosen';
        dd.className = 'chosen';
      }
      this.table.append(dt, dd);
    }
  }

  describe() {
    const t = this.t;
    return `${t(`sit.${this.which}.text`)} ${t('fig.situation.under', { profile: t(`profile.${this.profile}`), verdict: t(`verdict.${this.verdictOf(this.profile)}`) })}`;
  }
}

export const WINNING_SITUATIONS = ['last_clean', 'both_last', 'last_foul', 'opening_reply', 'opening_both', 'blind_misses'];
export const PROFILE_SITUATIONS = ['side_cushion_dark', 'rebound_nothing', 'opponent_off', 'out_of_blind', 'striker_back', 'two_restored', 'illegal_restores', 'dark_only_drive'];
