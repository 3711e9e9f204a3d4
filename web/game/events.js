// @ts-check
// The game page's events in order: what arrives on the game's socket,
// queued and shown one at a time, strokes animated with the motion the
// server sent; and the page's phase, which follows from them. No DOM and no
// clock of its own: it changes the page's state through its store
// (store.js), which draws the page, and the page hands in its other hooks,
// the animation player (motion.js `play`, which runs on animation frames)
// among them, so tests/browser/events.mjs drives all of it in Node.

import { frameAt } from '../shared/motion.js';

/** @typedef {import('../shared/protocol.js').State} State */
/** @typedef {import('../shared/protocol.js').ServerMessage} ServerMessage */
/** @typedef {import('../shared/protocol.js').EventMessage} EventMessage */
/** @typedef {import('../shared/protocol.js').StrokeMessage} StrokeMessage */
/** @typedef {import('../shared/protocol.js').HintMessage} HintMessage */
/** @typedef {import('../shared/protocol.js').Motion} Motion */
/** @typedef {import('./state.js').GameView} GameView */
/** @typedef {import('./store.js').Store<GameView>} Store */

// A stroke another person made is shown for this long (s) before it moves:
// the striker where it was placed and the cue drawing back.
export const LEAD = 0.6;
// The computer answers in a fraction of a second; a person takes a moment
// to settle over the striker. Its stroke is shown this long (s) before it
// moves, its aim drawn for the first part: long enough at the normal pace
// to see what it meant, short at the fast one.
export const COMPUTER_LEAD = { normal: 1.6, fast: 0.5 };
// More strokes than this waiting behind the one to show (a page that comes
// back after a while) are shown at once, all but the last, and the page
// offers to watch them in the replay. Ordinary play never queues this many.
export const CATCH_UP = 6;

/**
 * How long the stroke in `msg` is shown before it moves, s.
 * @param {StrokeMessage} msg
 * @param {boolean} own the page sent it itself
 * @param {'normal' | 'fast'} pace the computer's pace chosen
 */
export function leadOf(msg, own, pace) {
  if (msg.by === 'computer') return COMPUTER_LEAD[pace] ?? COMPUTER_LEAD.normal;
  return own ? 0 : LEAD;
}

/**
 * A stroke being played back: `time` is the animation's clock (negative
 * during the lead), `frame` where everything is at that time.
 * @typedef {object} Animation
 * @property {StrokeMessage} msg
 * @property {ReturnType<typeof frameAt>} frame
 * @property {Player | null} player
 * @property {number} time
 * @property {number} lead how long it is shown before it moves, s
 * @property {boolean} [skipped]
 */

/**
 * What motion.js `play` returns.
 * @typedef {object} Player
 * @property {number} rate
 * @property {() => void} skip
 * @property {() => void} cancel
 */

/**
 * @callback Play
 * @param {Motion} motion
 * @param {{rate: number, lead: number, start?: number, onFrame: (t: number) => void, onDone: () => void}} options
 * @returns {Player}
 */

/**
 * What the page does: 'start' and 'loading' before a game, then
 * 'animating', 'connecting', 'over', 'between', 'thinking', 'other'
 * (another person's stroke), 'waiting' or 'idle' (body[data-phase], for
 * tests and styles).
 * @param {Pick<GameView, 'id' | 'state' | 'anim' | 'queue' | 'connection' | 'waiting' | 'me'>} app
 * @returns {string}
 */
export function phase(app) {
  const st = app.state;
  if (!st) return app.id ? 'loading' : 'start';
  if (app.anim || app.queue.length) return 'animating';
  // Nothing can be played until the game's socket is open (or open again).
  if (app.connection !== 'open') return 'connecting';
  if (st.match?.over) return 'over';
  if (st.between_sets || !st.turn) return 'between';
  if (st.turn.kind === 'computer') return 'thinking';
  // The game begins when every invited person has taken their seat.
  if (st.seats?.some((s) => s.holder === 'open')) return 'other';
  // Another person's stroke (a game between people, or one this page
  // watches): the cue is theirs. A state without seats is the page's own.
  const seat = st.turn.player === null ? undefined : st.seats?.[st.turn.player];
  const mine = seat?.holder === 'unclaimed' || (seat?.holder === 'person' && !!app.me && seat.person === app.me);
  if (seat && !mine) return 'other';
  if (app.waiting) return 'waiting';
  return 'idle';
}

/**
 * Takes `state` as the table's picture: a change for `store.update`, made
 * to `app` in place. True when it is another event than the one shown (or
 * the first): what was said or suggested for the old one no longer holds,
 * and the page resets its stroke maker.
 * @param {Pick<GameView, 'state' | 'thinking' | 'hint' | 'hintWaiting' | 'say'>} app
 * @param {State} state
 */
export function adopt(app, state) {
  const prev = app.state;
  app.state = state;
  if (app.thinking && app.thinking.event < state.event) app.thinking = null;
  if (prev && prev.event === state.event) return false;
  app.hint = null;
  app.hintWaiting = false;
  app.say = null;
  return true;
}

/**
 * The page's side of the queue. The queue changes the page's state
 * through its store, which draws the page; these are the rest.
 * @typedef {object} Hooks
 * @property {(state: State) => void} show show a state (`adopt` it, through the store)
 * @property {() => void} resync ask the server again for everything after `seen`
 * @property {(code: string, detail?: string) => void} showError
 * @property {() => void} clearError
 * @property {(msg: HintMessage) => void} hintShown a hint for the event shown has been drawn
 * @property {(msg: EventMessage, live: boolean) => void} narrate say what an event did (aloud only when `live`)
 * @property {() => void} flush the queue is empty and the page drawn: say what waited for it
 * @property {(motion: Motion, from: number, to: number, rate: number) => void} sound the stroke's sounds between two clock times
 * @property {Play} play play a motion back
 * @property {() => number} rate the playback rate chosen
 * @property {() => ('normal' | 'fast')} [pace] the computer's pace chosen
 * @property {() => number} [now] the time, s (for a stroke joined while it moves; performance.now by default)
 * @property {(seats: import('../shared/protocol.js').SeatView[], may: import('../shared/protocol.js').May) => void} [seats] who is connected (and so what each client may do) changed
 * @property {(msg: import('../shared/protocol.js').TimersMessage) => void} [timers] the clocks changed
 * @property {(count: number) => void} [watchers] how many watch changed
 * @property {(msg: import('../shared/protocol.js').OfferMessage | import('../shared/protocol.js').AnsweredMessage | import('../shared/protocol.js').RematchMessage) => void} [offer] an offer, its answer, or the rematch made
 */

export class EventQueue {
  /**
   * @param {Store} store the page's state
   * @param {Hooks} hooks
   */
  constructor(store, hooks) {
    this.store = store;
    this.hooks = hooks;
    // Whether the queue is being caught up with (see `pump`).
    this.catchingUp = false;
    // The queue ran dry during the change being made: once the page is
    // drawn, what waited for it is said.
    this.drained = false;
    /**
     * The server's word that the last stroke of the events it is sending
     * may still be moving: its event, how long ago it was made (s), and
     * when that was heard (the `now` hook's time).
     * @type {{event: number, elapsed: number, heard: number} | null}
     */
    this.moving = null;
  }

  /**
   * Makes `change` (which may show events) as one change of the page, then
   * says what the events shown did.
   * @param {() => void} change
   */
  run(change) {
    this.store.update(change);
    if (this.drained) {
      this.drained = false;
      this.hooks.flush();
    }
  }

  /** @param {ServerMessage} msg */
  onMessage(msg) {
    const { store, hooks } = this;
    const app = store.state;
    switch (msg.type) {
      case 'state':
        this.run(() => {
          this.stop();
          store.update({ queue: [], seen: msg.event, waiting: false });
          hooks.show(msg.state);
        });
        break;
      case 'stroke':
      case 'taken_back':
      case 'set_started':
      case 'resigned':
      case 'aborted':
      case 'called':
        if (app.seen !== null && msg.event <= app.seen) return; // replayed after a reconnection
        if (app.seen !== null && msg.event > app.seen + 1) { hooks.resync(); return; }
        this.run(() => {
          store.update({ seen: msg.event, waiting: false });
          hooks.clearError();
          store.update((s) => { s.queue.push(msg); });
          this.pump();
        });
        break;
      case 'seats':
        // Who is connected: not an event, nothing to animate.
        hooks.seats?.(msg.seats, msg.may);
        break;
      case 'timers':
        // The clocks: not an event either.
        hooks.timers?.(msg);
        break;
      case 'offer':
      case 'answered':
      case 'rematch':
        // Offers between people and their answers: not events.
        hooks.offer?.(msg);
        break;
      case 'watchers':
        // How many watch: not an event either.
        hooks.watchers?.(msg.count);
        break;
      case 'moving':
        // Sent before the events a (re)connected page missed: the last of
        // them is shown from where it is now, not at its end.
        this.moving = { event: msg.event, elapsed: msg.elapsed_ms / 1000, heard: this.now() };
        break;
      case 'thinking':
        store.update({ thinking: msg });
        break;
      case 'hint': {
        // Kept for the event shown only, and said once it is drawn.
        const kept = !!app.state && msg.event === app.state.event;
        store.update((s) => {
          s.hintWaiting = false;
          if (kept) { s.hint = msg; s.hintFrom = null; }
        });
        if (kept && store.state.hint === msg) hooks.hintShown(msg);
        break;
      }
      case 'error':
        store.update(() => {
          store.update({ waiting: false, hintWaiting: false });
          hooks.showError(msg.code, msg.detail);
          if (msg.code === 'stale') hooks.resync();
        });
        break;
      default:
        break;
    }
  }

  /** Shows the queued events in order, animating strokes (within a change of the page: see `run`). */
  pump() {
    const { store, hooks } = this;
    const app = store.state;
    if (app.anim) return;
    const msg = app.queue[0];
    if (!msg) {
      this.drained = true;
      return;
    }
    store.update((s) => { s.queue.shift(); });
    if (msg.type === 'stroke') {
      // Every stroke plays, in order. Only a page far behind (back after a
      // while) catches up: all but the last stroke at once, remembered so
      // the player can watch them in the replay.
      const behind = app.queue.filter((m) => m.type === 'stroke').length;
      if (behind > CATCH_UP) this.catchingUp = true;
      const catchUp = this.catchingUp && behind > 0;
      if (!catchUp) this.catchingUp = false;
      // A stroke of the past still moving (the page opened as it was made):
      // its clock now, if it has not ended on the screens that saw it made.
      const lead = leadOf(msg, app.sentAt === msg.event - 1, hooks.pace?.() ?? 'normal');
      const joined = !catchUp && msg.motion && msg.event <= app.history ? this.joinedAt(msg, lead) : null;
      if (joined === null && (catchUp || !msg.motion || msg.event <= app.history)) {
        if (catchUp) {
          const m = app.missed;
          store.update({
            missed: m && m.last === msg.event - 1 ? { ...m, last: msg.event, count: m.count + 1 } : { first: msg.event, last: msg.event, count: 1 },
          });
        }
        this.finishStroke(msg);
        this.pump();
        return;
      }
      if (!msg.motion) return;
      /** @type {Animation} */
      const anim = { msg, frame: frameAt(msg.motion, Math.max(0, joined ?? 0)), player: null, time: joined ?? 0, lead };
      store.update({ anim });
      const player = hooks.play(msg.motion, {
        rate: hooks.rate(),
        // Someone else's stroke: first show where the striker stands, the
        // aim (the computer's) and the cue.
        lead,
        ...(joined === null ? {} : { start: joined }),
        onFrame: (time) => {
          const now = store.state.anim;
          if (!now) return;
          // The stroke's sounds, as the animation's clock passes them.
          if (!now.skipped) hooks.sound(msg.motion, now.time, time, now.player?.rate ?? hooks.rate());
          // Only the table shows the frame.
          store.update((s) => {
            if (!s.anim) return;
            s.anim.time = time;
            s.anim.frame = frameAt(msg.motion, Math.max(0, time));
          }, 'table');
        },
        onDone: () => {
          this.run(() => {
            store.update({ anim: null });
            this.finishStroke(msg);
            this.pump();
          });
        },
      });
      store.update(() => { anim.player = player; });
      return;
    }
    store.update({ summary: null, called: msg.type === 'called' ? msg : null });
    if (msg.type === 'taken_back' || msg.type === 'set_started' || msg.type === 'resigned' || msg.type === 'aborted' || msg.type === 'called') {
      hooks.narrate(msg, msg.event > app.history);
      this.showNewer(msg.state);
    }
    this.pump();
  }

  /** The time, s. */
  now() {
    return this.hooks.now ? this.hooks.now() : performance.now() / 1000;
  }

  /**
   * Where the clock of the past stroke `msg` is now, if the server said it
   * may still be moving and it has not ended yet on the screens of those
   * who saw it made (who saw it `lead` s before it moved); null otherwise.
   * The word is used once.
   * @param {StrokeMessage} msg
   * @param {number} lead
   * @returns {number | null}
   */
  joinedAt(msg, lead) {
    const m = this.moving;
    if (!m || m.event !== msg.event || !msg.motion) return null;
    this.moving = null;
    const clock = m.elapsed + (this.now() - m.heard) - lead;
    return clock < Math.max(0, msg.motion.duration || 0) ? clock : null;
  }

  /** @param {StrokeMessage} msg */
  finishStroke(msg) {
    const { store, hooks } = this;
    store.update({ summary: { msg, foul: (msg.verdict?.fouls ?? []).length > 0 }, called: null });
    // A resumed page's past is shown, not announced.
    hooks.narrate(msg, msg.event > store.state.history);
    this.showNewer(msg.state);
  }

  /**
   * Shows an event's state unless the table already shows a later one (a
   * resumed page's history).
   * @param {State} state
   */
  showNewer(state) {
    const shown = this.store.state.state;
    if (!(shown && state.event < shown.event)) this.hooks.show(state);
  }

  /** Stops a stroke's animation without showing its end: a `state` replaces everything. */
  stop() {
    const anim = this.store.state.anim;
    if (anim?.player) anim.player.cancel();
    this.store.update({ anim: null });
    this.moving = null;
  }
}
