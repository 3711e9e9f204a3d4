// @ts-check
// What the page says about the game as it goes: the verdict box, the log
// of strokes, the table in words (describe.js) and the polite live region
// that tells a screen reader each result. It keeps the messages, not their
// words, so a change of language rewrites all of it at once.

import { t } from '../shared/text.js';
import * as panel from '../shared/panel.js';
import { renderDescription, strokeText, nextText } from './describe.js';
import { byId as $ } from '../shared/dom.js';

/** @typedef {import('../shared/protocol.js').EventMessage} EventMessage */
/** An event with a verdict: a stroke, or a call of the referee's that judged one. @typedef {import('../shared/protocol.js').StrokeMessage | (import('../shared/protocol.js').CalledMessage & {verdict: import('../shared/protocol.js').Verdict})} JudgedMessage */

// The log keeps this many strokes.
const LOG_LENGTH = 200;

/**
 * A message with a verdict: a stroke, or a call of the referee's that judged one.
 * @param {EventMessage | null} msg
 * @returns {msg is JudgedMessage}
 */
function judged(msg) {
  return msg?.type === 'stroke' || (msg?.type === 'called' && !!msg.verdict);
}

export class Narrator {
  /**
   * @param {{state: () => (import('../shared/protocol.js').State | null), viewSeat: () => string, toTable: () => void}} hooks
   *   the state shown; the seat the table is seen from; give the table the keys
   */
  constructor(hooks) {
    this.hooks = hooks;
    /** @type {EventMessage | null} the last event shown (stroke, taken_back, set_started, …) */
    this.last = null;
    /** @type {{msg: JudgedMessage, takenBack: boolean}[]} the strokes, newest first */
    this.log = [];
    /** @type {string | null} to announce once the queue is shown */
    this.pending = null;
    /** @type {string | null} what the description was written for */
    this.describedFor = null;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this.timer = undefined;
    this.reset();
    $('describe-open').addEventListener('click', () => this.toggleDescription(false));
    // Esc leaves the description for the table.
    $('describe').addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      this.toggleDescription(false, false);
      this.hooks.toTable();
    });
  }

  /** A new game: nothing said yet. */
  reset() {
    this.last = null; // the last event shown (stroke, taken_back, set_started)
    this.log = []; // stroke messages, newest first: { msg, takenBack }
    this.pending = null; // to announce once the queue is shown
    this.describedFor = null;
    this.renderLast();
    this.renderLog();
  }

  /**
   * An event has been shown. `fresh` is false for a resumed page's past,
   * which is shown but not announced.
   * @param {EventMessage} msg
   * @param {boolean} fresh
   */
  event(msg, fresh) {
    if (judged(msg)) {
      this.log.unshift({ msg, takenBack: false });
      this.log.length = Math.min(this.log.length, LOG_LENGTH);
    } else if (msg.type === 'taken_back') {
      // The log keeps the strokes taken back, struck through.
      for (const e of this.log.filter((x) => !x.takenBack).slice(0, msg.strokes)) e.takenBack = true;
    }
    this.last = msg;
    this.renderLast();
    this.renderLog();
    if (!fresh) return;
    const st = msg.state;
    const over = msg.type === 'stroke' && (st.match?.over || st.between_sets) ? ` ${panel.resultText(st)}` : '';
    this.pending = this.lastText() + over;
  }

  /** The queue of events is shown: say what happened, once. */
  flush() {
    if (this.pending) this.announce(this.pending);
    this.pending = null;
  }

  /**
   * Say `text` through the polite live region. Emptied first, so the same
   * words twice are spoken twice; only whole results come here, never the
   * frames of an animation.
   * @param {string} text
   */
  announce(text) {
    const el = $('announce');
    el.textContent = '';
    clearTimeout(this.timer);
    this.timer = setTimeout(() => { el.textContent = text; }, 50);
  }

  /** The last event in words, in the language in force. */
  lastText() {
    const m = this.last;
    if (!m) return null;
    if (m.type === 'stroke') return strokeText(m);
    const next = nextText(m.state, false);
    return next ? `${this.noteText(m)} ${next}` : this.noteText(m);
  }

  /**
   * An event other than a stroke, in words.
   * @param {EventMessage} m
   */
  noteText(m) {
    if (m.type === 'resigned' || m.type === 'aborted') return panel.resultText(m.state);
    if (m.type === 'called') {
      const said = panel.calledText(m);
      return m.state.match?.over || m.state.between_sets ? `${said} ${panel.resultText(m.state, true)}` : said;
    }
    if (m.type === 'taken_back') return t('status.taken_back', { n: m.strokes });
    const n = (m.type === 'set_started' ? m.set_number : undefined) ?? m.state.match.set_number;
    // In a fixed number of sets, which of them it is (issue 32).
    const f = m.state.match?.format;
    return f?.kind === 'sets' && n <= f.sets && f.sets > 1
      ? t('status.set_started_of', { n, of: f.sets })
      : t('status.set_started', { n });
  }

  /** The verdict box for the last event. */
  renderLast() {
    const m = this.last;
    if (judged(m)) panel.renderVerdict($('verdict'), m);
    else $('verdict').replaceChildren(panel.h('p', { class: 'muted' }, m ? this.noteText(m) : t('panel.no_verdict')));
  }

  renderLog() {
    $('log').replaceChildren(...this.log.map(({ msg, takenBack }) => {
      const li = panel.logEntry(msg);
      if (takenBack) li.classList.add('taken-back');
      return li;
    }));
  }

  /** The table in words, rewritten only when what it says can have changed. */
  describe() {
    const st = this.hooks.state();
    if (!st) return;
    const key = `${st.event}|${this.hooks.viewSeat()}|${t('describe.title')}|${this.last?.event}`;
    if (key === this.describedFor) return;
    this.describedFor = key;
    renderDescription($('describe'), st, this.hooks.viewSeat(), this.last ? { text: this.lastText() } : null);
  }

  /**
   * Show or hide the description; screen readers can read it either way.
   * @param {boolean} focus
   * @param {boolean} [show]
   */
  toggleDescription(focus, show = $('describe').classList.contains('visually-hidden')) {
    const box = $('describe');
    box.classList.toggle('visually-hidden', !show);
    $('describe-open').setAttribute('aria-expanded', String(show));
    if (show) {
      box.scrollIntoView({ block: 'nearest' });
      if (focus) box.focus();
    } else if (box.contains(document.activeElement)) {
      this.hooks.toTable();
    }
  }

  /** The language changed: every sentence again. */
  relabel() {
    this.renderLast();
    this.renderLog();
    this.describedFor = null;
    this.describe();
  }
}
