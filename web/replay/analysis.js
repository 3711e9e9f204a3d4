// @ts-check
// Analysis, inside the replay viewer: at any position of the game, ask the
// computer what it would play (POST /api/games/{id}/analysis with a hint
// level), see its stroke on the table with its estimated chances and the
// alternatives it weighed, and play it out on a copy of the position. The
// copy grows stroke by stroke; nothing is stored and the game is never
// touched. "Back to the game" drops the copy.

import { t, errorText } from '../shared/text.js';
import * as panel from '../shared/panel.js';
import { aimGuide } from '../shared/guide.js';
import { discsOnTable } from '../shared/zone.js';
import { discNumbers } from '../shared/discs.js';
import { pt } from '../shared/pages-text.js';
import { whoName, levelName, el } from '../shared/pages.js';
import { errorCode } from '../shared/net.js';

/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').Stroke} Stroke */
/** @typedef {import('../shared/protocol.js').Choice} Choice */
/** @typedef {import('../shared/protocol.js').PlayedStroke} PlayedStroke */
/** @typedef {import('../shared/protocol.js').AnalysisAnswer} AnalysisAnswer */

/**
 * The replay viewer as the analysis sees it.
 * @typedef {object} Host
 * @property {() => string | null} gameId
 * @property {() => number} at the position shown
 * @property {() => number} total
 * @property {<M extends {state: State}>(msg: M) => M} localMsg a stroke with its players named in the page's language
 * @property {(verdict: import('../shared/protocol.js').Verdict | null | undefined) => string} keyReason
 * @property {(before: State, msg: PlayedStroke, onDone: () => void) => void} runMotion animate a stroke
 * @property {() => void} changed the table or the controls must follow
 * @property {() => void} render redraw the table
 */

/**
 * A request refused or failed: its code and detail, whether it was a
 * stroke played out, and how to ask again when that may pass.
 * @typedef {{code: string, detail?: string, stroke?: boolean, retry: (() => void) | null}} AnalysisError
 */

// Until the server's own list arrives (/api/options): the baseline and the ladder (docs/ai.md).
const LEVELS = ['greedy', 'novice', 'beginner', 'amateur', 'club', 'league', 'expert', 'master'];
const LEVEL_KEY = 'novuss.analysis.level';
// Refusals that may pass if asked again (docs/protocol.md "Errors").
const TRANSIENT = ['busy', 'storage', 'internal', 'network', 'unknown'];

/** @param {number | null | undefined} x */
const pct = (x) => `${Math.round((x ?? 0) * 100)}%`;

export class Analysis {
  /**
   * `root` is the panel's section; `host` the replay viewer: the game's
   * id, the position shown (`at()`), `runMotion(before, msg, onDone)` to
   * animate a stroke, `changed()` when the table or controls must follow,
   * `render()` to redraw the table.
   * @param {HTMLElement} root
   * @param {Host} host
   */
  constructor(root, host) {
    this.root = root;
    this.host = host;
    this.levels = LEVELS;
    this.level = this.remembered();
    this.token = 0;
    /** @type {string | null} */
    this.gameId = null;
    /** @type {HTMLElement | null} */
    this.box = null;
    /** @type {number | null} the game position the copy starts from */
    this.at = null;
    /** @type {Stroke[]} strokes played on the copy, as sent */
    this.copy = [];
    /** @type {PlayedStroke[]} the server's account of them */
    this.played = [];
    /** @type {State | null} the position the analysis shows (the copy's, or the game's with a hint) */
    this.state = null;
    /** @type {AnalysisAnswer['hint']} the computer's choice there (null: none asked, or the set is over) */
    this.hint = null;
    this.asked = false;
    this.chosen = 0;
    /** @type {'ask' | 'play' | null} while a request is out */
    this.pending = null;
    /** @type {AnalysisError | null} */
    this.error = null;
    this.clear();
    this.build();
    this.loadLevels();
  }

  remembered() {
    try {
      const l = localStorage.getItem(LEVEL_KEY);
      return l !== null && LEVELS.includes(l) ? l : 'master';
    } catch {
      return 'master';
    }
  }

  clear() {
    this.at = null; // the game position the copy starts from
    this.copy = []; // strokes played on the copy, as sent
    this.played = []; // the server's account of them
    this.state = null; // the position the analysis shows (the copy's, or the game's with a hint)
    this.hint = null; // the computer's choice there (null: none asked, or the set is over)
    this.asked = false;
    this.chosen = 0; // which of best + alternatives is drawn and would be played
    this.pending = null; // 'ask' or 'play' while a request is out
    this.error = null; // { code, detail, retry }
  }

  /** The copy has strokes: the game's own controls wait. */
  get copyMode() { return this.copy.length > 0; }
  /** The table shows the analysis's position rather than the game's. */
  get showing() { return !!this.state && (this.copyMode || !!this.hint); }

  /** @returns {Choice[]} the computer's choice and the alternatives it weighed */
  options() {
    if (!this.hint?.best) return [];
    return [this.hint.best, ...(this.hint.alternatives ?? [])];
  }

  /** @param {string} id another game */
  reset(id) {
    this.token++;
    this.gameId = id;
    this.clear();
    this.render();
  }

  /** The game moved to another position: a hint about the old one is dropped. */
  positionChanged() {
    if (this.copyMode) return;
    if (this.state || this.error || this.pending || this.asked) {
      this.token++;
      this.clear();
      this.render();
    }
  }

  leave() {
    this.token++;
    this.clear();
    this.render();
    this.host.changed();
  }

  async loadLevels() {
    try {
      const res = await fetch('/api/options');
      const o = await res.json();
      /** @type {string[]} */
      const ids = (o?.levels ?? []).map(levelId).filter(Boolean);
      if (ids.length) {
        this.levels = ids;
        if (!ids.includes(this.level)) this.level = ids.includes('master') ? 'master' : ids[ids.length - 1];
        this.render();
      }
    } catch { /* the built-in list serves */ }
  }

  // ---- Requests -------------------------------------------------------------

  /**
   * Asks the server about the copy.
   * @param {Stroke[]} strokes
   * @param {string | null} hint a level, for its choice there
   * @returns {Promise<AnalysisAnswer>}
   */
  async request(strokes, hint) {
    /** @type {import('../shared/protocol.js').AnalysisRequest} */
    const body = { at: this.at ?? this.host.at(), strokes };
    if (hint) body.hint = hint;
    const res = await fetch(`/api/games/${encodeURIComponent(this.host.gameId() ?? '')}/analysis`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw Object.assign(new Error(json?.detail || 'analysis'), { code: json?.code || 'unknown', detail: json?.detail || '' });
    return json;
  }

  async ask() {
    if (this.pending) return;
    if (this.at === null) this.at = this.host.at();
    const token = ++this.token;
    this.pending = 'ask';
    this.error = null;
    this.render();
    try {
      const ans = await this.request(this.copy, this.level);
      if (token !== this.token) return;
      this.state = ans.state;
      this.hint = ans.hint ?? null;
      this.asked = true;
      this.chosen = 0;
    } catch (e) {
      if (token !== this.token) return;
      const code = errorCode(e);
      this.error = { code, detail: detailOf(e), retry: TRANSIENT.includes(code) ? () => this.ask() : null };
    } finally {
      if (token === this.token) this.pending = null;
    }
    if (token !== this.token) return;
    this.render();
    this.host.changed();
  }

  async playOut() {
    const opt = this.options()[this.chosen];
    if (!opt || this.pending) return;
    const token = ++this.token;
    // As the computer's hand plays it: never faster than the table allows
    // (a suggestion can come out a little over the limit; the server would
    // refuse it as `speed`).
    const max = this.state?.max_speed;
    const stroke = max && opt.stroke.speed > max ? { ...opt.stroke, speed: max } : opt.stroke;
    const strokes = [...this.copy, stroke];
    const before = this.state;
    this.pending = 'play';
    this.error = null;
    this.render();
    let ans;
    try {
      ans = await this.request(strokes, null);
    } catch (e) {
      if (token !== this.token) return;
      this.pending = null;
      const code = errorCode(e);
      this.error = { code, detail: detailOf(e), stroke: true, retry: TRANSIENT.includes(code) ? () => this.playOut() : null };
      this.render();
      return;
    }
    if (token !== this.token) return;
    this.copy = strokes;
    this.played = ans.played ?? [];
    this.hint = null;
    this.asked = false;
    const last = this.played[this.played.length - 1];
    const settle = () => {
      if (token !== this.token) return;
      this.pending = null;
      this.state = ans.state;
      this.render();
      this.host.changed();
    };
    this.host.changed();
    if (last?.motion && before) this.host.runMotion(before, last, settle);
    else settle();
  }

  // ---- The table ---------------------------------------------------------------

  /**
   * The table the analysis shows (only while it shows one: `showing`).
   * @returns {import('../shared/table.js').Scene}
   */
  scene() {
    const st = this.state;
    if (!st) return { discs: [], moverSide: null };
    /** @type {import('../shared/table.js').Scene} */
    const s = { discs: st.set.discs, moverSide: st.turn?.side ?? null };
    const opt = this.options()[this.chosen];
    if (opt && st.turn) {
      const k = opt.stroke;
      s.striker = { at: k.striker, side: st.turn.side };
      s.cue = { dir: k.direction, pull: Math.min(1, k.speed / (st.max_speed || 8)) };
      const g = aimGuide(st.table, discsOnTable(st), k.striker, k.direction);
      if (g) s.guide = g;
      s.hint = { stroke: k, maxSpeed: st.max_speed, label: `${pt('an.pot')} ${pct(opt.pot_chance)}` };
      const target = opt.disc !== undefined && opt.disc !== null ? st.set.discs.find((d) => d.id === opt.disc) : null;
      const n = target ? discNumbers(st).get(target.id) : undefined;
      if (target?.at && n !== undefined) {
        s.highlight = new Set([target.id]);
        s.numbers = [{ at: target.at, n }];
      }
    }
    return s;
  }

  // ---- The panel ---------------------------------------------------------------

  build() {
    const heading = this.root.querySelector('h2');
    this.box = el('div', { class: 'analysis-body' });
    this.root.replaceChildren(...(heading ? [heading] : []), this.box);
  }

  render() {
    if (!this.box) return;
    /** @type {HTMLElement[]} */
    const kids = [];
    const canAsk = !this.pending && !(this.asked && !this.hint && !this.error);
    if (this.copyMode) kids.push(this.copyBox());

    const select = el('select', { id: 'an-level' }, this.levels.map((l) => {
      const o = el('option', { value: l }, levelName(l));
      if (l === this.level) o.selected = true;
      return o;
    }));
    select.addEventListener('change', () => {
      this.level = select.value;
      try { localStorage.setItem(LEVEL_KEY, this.level); } catch { /* this page only */ }
      // A hint of another level is not this one's.
      if (this.hint && !this.pending) { this.hint = null; this.asked = false; this.render(); this.host.changed(); }
    });
    const ask = el('button', { type: 'button', id: 'an-ask', class: this.hint ? '' : 'primary', title: pt('an.intro') }, this.hint ? pt('an.ask_again') : pt('an.ask'));
    ask.disabled = !canAsk || this.pending !== null;
    ask.addEventListener('click', () => this.ask());
    kids.push(el('div', { class: 'ask-row' },
      el('label', { for: 'an-level' }, pt('an.level')), select, ask));

    const status = el('div', { id: 'an-status', role: 'status', 'aria-live': 'polite' });
    if (this.pending === 'ask') status.append(el('p', { class: 'thinking' }, pt('an.thinking')));
    else if (this.pending === 'play') status.append(el('p', { class: 'thinking' }, pt('an.playing')));
    else if (this.error) status.append(this.errorBox());
    else if (this.asked && !this.hint) status.append(el('p', { class: 'muted' }, pt('an.set_over')));
    kids.push(status);

    if (this.hint?.best && !this.pending) kids.push(this.hintBox());
    if (this.copyMode && !this.pending && this.played.length) {
      const last = this.played[this.played.length - 1];
      const v = el('div', { id: 'an-verdict', class: 'copy-verdict' });
      panel.renderVerdict(v, this.host.localMsg(last));
      if (last.state?.set?.result) v.append(el('p', { class: 'set-end' }, panel.resultText(this.host.localMsg(last).state)));
      kids.push(el('div', { class: 'copy-last' }, el('h3', {}, pt('an.copy_played')), v));
    }
    this.box.replaceChildren(...kids);
    this.root.dataset.mode = this.copyMode ? 'copy' : this.hint ? 'hint' : 'idle';
  }

  copyBox() {
    const back = el('button', { type: 'button', id: 'an-back' }, pt('an.back'));
    back.addEventListener('click', () => this.leave());
    return el('div', { class: 'copy-box' },
      el('div', { class: 'copy-head' },
        el('strong', {}, this.at ? pt('an.copy_heading', { n: this.at }) : pt('an.copy_heading_opening')),
        back),
      el('p', { class: 'muted small' }, pt('an.copy_note')),
      el('h3', {}, pt('an.copy_strokes')),
      el('ol', { id: 'an-copy-strokes', class: 'copy-strokes' }, this.played.map((p, i) => {
        const who = whoName(p.player === null ? undefined : p.state?.players?.[p.player], p.player ?? 0);
        return el('li', { 'data-copy-stroke': String(i + 1) },
          panel.swatch(p.verdict?.side ?? 0), ' ',
          el('strong', {}, who), ' ',
          el('span', { class: 'muted' }, this.host.keyReason(p.verdict)));
      })));
  }

  hintBox() {
    const st = this.state;
    const opts = this.options();
    const opt = opts[this.chosen] ?? opts[0];
    const turn = st?.turn;
    const name = st && turn ? whoName(turn.player === null ? undefined : st.players?.[turn.player], turn.player ?? 0) : '';
    const seat = t(`seat.${this.hint?.seat ?? st?.turn?.seat ?? 'south'}`);
    const numbers = discNumbers(st);
    // What a stroke is for: its planned pot, else what it pockets played as
    // meant (`pots`, judged by the aim tool's planner), so a stroke that
    // pots is never summed up as potting nothing.
    /** @param {Choice} o */
    const target = (o) => {
      if (o.disc === undefined || o.disc === null || !o.corner) {
        if (!o.pots) return pt('an.search');
        const aim = t('hint.target', { disc: numbers.get(o.pots.disc) ?? o.pots.disc, pocket: t(`pocket.${o.pots.pocket}`) });
        return `${aim} · ${pt(`an.tried.${o.pots.route}`)}`;
      }
      const aim = t('hint.target', { disc: numbers.get(o.disc) ?? o.disc, pocket: t(`pocket.${o.corner}`) });
      const kind = o.plan?.kind;
      const cushion = o.plan?.cushion;
      return (kind === 'bank' || kind === 'disc_bank') && cushion
        ? `${aim} · ${pt(`an.plan.${kind}`, { cushion: t(`cushion.${cushion}`) })}`
        : aim;
    };
    /** @param {string} label @param {number} value @param {string} cls */
    const bar = (label, value, cls) => {
      const fill = el('span', { class: 'fill' });
      fill.style.width = pct(value);
      return el('div', { class: `chance ${cls}` },
        el('span', { class: 'label' }, label),
        el('span', { class: 'meter', 'aria-hidden': 'true' }, fill),
        el('span', { class: 'value' }, pct(value)));
    };
    const samples = opt.samples ?? 0;
    const list = el('fieldset', { class: 'options' }, el('legend', {}, pt('an.options')),
      opts.map((o, i) => {
        const input = el('input', { type: 'radio', name: 'an-option', value: String(i), id: `an-option-${i}` });
        input.checked = i === this.chosen;
        input.addEventListener('change', () => {
          if (!input.checked) return;
          this.chosen = i;
          this.render();
          this.host.render();
          document.getElementById(`an-option-${i}`)?.focus();
        });
        return el('label', { for: `an-option-${i}`, class: i === this.chosen ? 'option chosen' : 'option' }, input,
          el('span', { class: 'option-text' },
            el('strong', {}, i === 0 ? pt('an.best_tag') : pt('an.alt_n', { n: i })), ' ',
            pt('an.speed', { speed: o.stroke.speed.toFixed(2) }), ' · ', target(o),
            el('span', { class: 'muted small' }, ` · ${pt('an.pot')} ${pct(o.pot_chance)} · ${pt('an.foul')} ${pct(o.foul_chance)} · ${pt('an.keep')} ${pct(o.keep_chance)}`)));
      }));
    const playBtn = el('button', { type: 'button', id: 'an-play', class: 'primary' }, pt('an.play'));
    playBtn.addEventListener('click', () => this.playOut());
    return el('div', { id: 'an-result', class: 'hint-box' },
      el('h3', {}, pt('an.best', { name, seat })),
      el('p', { class: 'hint-line' }, pt('an.speed', { speed: opt.stroke.speed.toFixed(2) }), ' · ', target(opt)),
      el('div', { class: 'chances' },
        bar(pt('an.pot'), opt.pot_chance, 'pot'),
        bar(pt('an.foul'), opt.foul_chance, 'foul'),
        bar(pt('an.keep'), opt.keep_chance, 'keep')),
      el('p', { class: 'muted small' }, samples > 0 ? pt('an.samples', { n: samples }) : pt('an.geometry')),
      opts.length > 1 ? list : null,
      el('div', { class: 'play-row' }, playBtn));
  }

  errorBox() {
    const e = this.error;
    if (!e) return el('div');
    const text = e.code === 'busy' ? pt('an.busy') : errorText(e.code);
    const retry = el('button', { type: 'button', id: 'an-retry' }, pt('an.retry'));
    retry.addEventListener('click', () => e.retry?.());
    return el('div', { class: `notice ${e.code === 'busy' ? 'warn' : 'bad'}`, 'data-code': e.code },
      e.stroke && e.code !== 'busy' ? el('p', {}, pt('an.refused')) : null,
      el('p', {}, text),
      e.retry ? retry : null);
  }

  debug() {
    return {
      copyMode: this.copyMode,
      showing: this.showing,
      pending: this.pending,
      error: this.error?.code ?? null,
      hint: this.hint,
      chosen: this.chosen,
      copyStrokes: this.copy.length,
      state: this.state,
      at: this.at,
    };
  }
}

/**
 * The detail a refused analysis came with, if any.
 * @param {unknown} e
 * @returns {string | undefined}
 */
function detailOf(e) {
  const detail = e && typeof e === 'object' && 'detail' in e ? e.detail : undefined;
  return typeof detail === 'string' ? detail : undefined;
}

/**
 * A level's id, whether the options list ids or objects.
 * @param {unknown} x
 * @returns {string | undefined}
 */
function levelId(x) {
  if (x && typeof x === 'object') {
    const o = /** @type {{id?: string, name?: string}} */ (x);
    return o.id ?? o.name;
  }
  return x === null || x === undefined ? undefined : String(x);
}
