// The game page's queue of events and its phase (web/game/events.js), in
// Node: the page's state is held by its store (web/game/store.js), whose
// draws are recorded with the page's hooks, and the animation player is a
// fake whose frames and end the test calls by hand. No browser, no server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const { EventQueue, LEAD, COMPUTER_LEAD, CATCH_UP, adopt, phase } = await import(path.join(root, 'web/game/events.js'));
const { createStore } = await import(path.join(root, 'web/game/store.js'));

/** A state at `event` with a human (or computer) to stroke. */
function state(event, { kind = 'human', over = false, between = false } = {}) {
  return {
    id: 'g', event, match: { over }, between_sets: between, max_speed: 8,
    set: { discs: [{ id: 0, side: 0, at: [0.5, 0.5], penalty: false, dark: false }] },
    turn: between || over ? null : { seat: 'south', side: 0, player: 0, kind, region: null },
  };
}

/** The striker from the south zone straight into disc 0, which stays. */
const MOTION = {
  bodies: [null, 0],
  paths: [[[0, 0.5, 0.1, 0, 2, 1.4715]], [[0, 0.5, 0.5, 0, 0, 0]]],
  fates: [{ state: 'on_table', at: [0.5, 0.46] }, { state: 'on_table', at: [0.5, 0.5] }],
  duration: 0.5,
  contacts: [{ t: 0.2, kind: 'disc', speed: 1.5 }],
};

const stroke = (event, by = 'computer', extra = {}) => ({
  type: 'stroke', event, seat: 'north', player: 1, by, stroke: { striker: [0.5, 0.9], direction: [0, -1], speed: 2 },
  motion: MOTION, verdict: { fouls: [], reasons: [] }, rules: [], state: state(event), ...extra,
});

/**
 * The page's view of a game just opened at `event`, its socket open, held
 * by a store whose draws are recorded (`refresh` the page, `render` the
 * table alone), and hooks that record what they were asked.
 */
function page(event = 0, { history = 0, now = undefined } = {}) {
  const app = {
    id: 'g', state: state(event), seen: event, queue: [], anim: null, thinking: null, waiting: false,
    hint: null, hintWaiting: false, say: null, summary: null, sentAt: null, history, connection: 'open',
  };
  const calls = [];
  const players = [];
  const note = (name) => (...args) => calls.push([name, ...args]);
  const store = createStore(app, (_, scope) => calls.push([scope === 'table' ? 'render' : 'refresh']));
  const hooks = {
    show: (st) => { calls.push(['show', st.event]); store.update((s) => adopt(s, st)); },
    resync: note('resync'),
    showError: note('showError'),
    clearError: note('clearError'),
    hintShown: (msg) => calls.push(['hintShown', msg.event]),
    narrate: (msg, live) => calls.push(['narrate', msg.type, msg.event, live]),
    flush: note('flush'),
    sound: (motion, from, to, rate) => calls.push(['sound', from, to, rate]),
    play: (motion, options) => {
      const p = { motion, options, rate: options.rate, cancelled: false, skip() {}, cancel() { p.cancelled = true; } };
      players.push(p);
      options.onFrame(-options.lead || 0);
      return p;
    },
    rate: () => 2,
    pace: () => pace.value,
    ...(now ? { now } : {}),
  };
  const pace = { value: 'normal' };
  const q = new EventQueue(store, hooks);
  const only = (name) => calls.filter((c) => c[0] === name);
  return { app, q, calls, players, only, pace };
}

test('the phase follows the state, the queue, the socket and the requests out', () => {
  const app = { id: null, state: null, queue: [], anim: null, connection: 'open', waiting: false };
  assert.equal(phase(app), 'start');
  app.id = 'g';
  assert.equal(phase(app), 'loading');
  app.state = state(3);
  assert.equal(phase(app), 'idle');
  app.waiting = true;
  assert.equal(phase(app), 'waiting');
  app.connection = 'closed';
  assert.equal(phase(app), 'connecting', 'nothing can be played while the socket is down');
  app.queue = [stroke(4)];
  assert.equal(phase(app), 'animating', 'an event waiting to be shown comes first');
  app.queue = [];
  app.connection = 'open';
  app.state = state(3, { kind: 'computer' });
  assert.equal(phase(app), 'thinking');
  app.state = state(3, { between: true });
  assert.equal(phase(app), 'between');
  app.state = state(3, { over: true });
  assert.equal(phase(app), 'over');
});

test('a new event\'s state drops what was said and suggested for the old one', () => {
  const app = { state: state(3), thinking: { event: 2 }, hint: { event: 3 }, hintWaiting: true, say: 'x' };
  assert.equal(adopt(app, state(3)), false, 'the same event again');
  assert.deepEqual([app.hint?.event, app.hintWaiting, app.say], [3, true, 'x']);
  assert.equal(app.thinking, null, 'the computer thought about an earlier event');
  app.thinking = { event: 4 };
  assert.equal(adopt(app, state(4)), true);
  assert.deepEqual([app.hint, app.hintWaiting, app.say, app.thinking?.event], [null, false, null, 4]);
});

test('another player\'s stroke is animated after the lead, with its sounds, then shown', () => {
  const { app, q, players, calls, only } = page(4);
  q.onMessage(stroke(5));
  assert.equal(app.seen, 5);
  assert.equal(phase(app), 'animating');
  assert.equal(players.length, 1);
  const p = players[0];
  assert.equal(p.options.lead, COMPUTER_LEAD.normal, 'the computer\'s stroke is shown before it moves, as long as a person settles');
  assert.equal(p.options.rate, 2);
  assert.equal(app.anim.time, -COMPUTER_LEAD.normal);
  p.options.onFrame(0.25);
  const [x, y] = app.anim.frame.striker;
  assert.ok(x === 0.5 && Math.abs(y - (0.1 + 2 * 0.25 - (1.4715 * 0.25 ** 2) / 2)) < 1e-12, 'the frame is the motion\'s at its clock');
  assert.deepEqual(only('sound'), [['sound', 0, -COMPUTER_LEAD.normal, 2], ['sound', -COMPUTER_LEAD.normal, 0.25, 2]]);
  assert.ok(only('render').length >= 1);
  assert.deepEqual(only('show'), [], 'the state waits for the end of the motion');
  p.options.onDone();
  assert.equal(app.anim, null);
  assert.equal(app.state.event, 5);
  assert.deepEqual(app.summary, { msg: app.summary.msg, foul: false });
  assert.deepEqual(only('narrate'), [['narrate', 'stroke', 5, true]]);
  assert.equal(phase(app), 'idle');
  assert.equal(calls.at(-1)[0], 'flush', 'the queue ran dry: what waited is said');
});

test('the page\'s own stroke moves at once; a skipped one is silent; a foul is marked', () => {
  const { app, q, players, only } = page(4);
  app.sentAt = 4;
  q.onMessage(stroke(5, 'human', { verdict: { fouls: [{ kind: 'striker_pocketed' }], reasons: [] } }));
  assert.equal(players[0].options.lead, 0);
  app.anim.skipped = true;
  players[0].options.onFrame(0.3);
  assert.deepEqual(only('sound'), [['sound', 0, 0, 2]], 'only the frame before the skip sounded');
  players[0].options.onDone();
  assert.equal(app.summary.foul, true);
});

test('a past stroke still moving when the page opened plays on from where it is; one that ended is shown at once', () => {
  // The page opened at event 3 and asked for what came after: event 4, a
  // stroke made 0.7 s before the server's word, heard 0.1 s before the
  // stroke's message is shown.
  const clock = { t: 100 };
  const { app, q, players, only } = page(3, { history: 4, now: () => clock.t });
  q.onMessage({ type: 'moving', event: 4, elapsed_ms: 700 });
  clock.t += 0.1;
  q.onMessage(stroke(4, 'human'));
  assert.equal(players.length, 1, 'animated, though of the past');
  const p = players[0];
  assert.equal(p.options.lead, LEAD);
  assert.ok(Math.abs(p.options.start - (0.7 + 0.1 - LEAD)) < 1e-9, `from where it is on the screens that saw it made (${p.options.start})`);
  assert.ok(p.options.start < MOTION.duration);
  p.options.onDone();
  assert.equal(app.state.event, 4);
  assert.deepEqual(only('narrate'), [['narrate', 'stroke', 4, false]], 'the past is not announced');

  // A stroke whose motion has ended everywhere is shown at its end.
  const later = page(3, { history: 4, now: () => clock.t });
  later.q.onMessage({ type: 'moving', event: 4, elapsed_ms: 1900 });
  later.q.onMessage(stroke(4, 'human'));
  assert.equal(later.players.length, 0);
  assert.equal(later.app.state.event, 4);

  // The word is about the last stroke only: an earlier one is history.
  const earlier = page(2, { history: 4, now: () => clock.t });
  earlier.q.onMessage({ type: 'moving', event: 4, elapsed_ms: 0 });
  earlier.q.onMessage(stroke(3, 'human'));
  assert.equal(earlier.players.length, 0, 'event 3 is shown at once');
  earlier.q.onMessage(stroke(4, 'human'));
  assert.equal(earlier.players.length, 1, 'event 4 moves');
  assert.ok(Math.abs(earlier.players[0].options.start + LEAD) < 1e-9, 'from its lead: it was made just now');
});

test('events seen already are dropped, and a gap asks the server again', () => {
  const { app, q, only } = page(4);
  q.onMessage(stroke(4));
  q.onMessage(stroke(3));
  assert.equal(app.queue.length + (app.anim ? 1 : 0), 0);
  q.onMessage(stroke(6));
  assert.deepEqual(only('resync'), [['resync']]);
  assert.equal(app.seen, 4, 'nothing after the gap is taken');
  assert.equal(app.anim, null);
});

test('strokes that arrive while one plays are each played in turn, in order', () => {
  const { app, q, players, only } = page(4);
  q.onMessage(stroke(5));
  q.onMessage(stroke(6));
  q.onMessage(stroke(7));
  assert.equal(players.length, 1, 'the first is playing; the others wait');
  players[0].options.onDone();
  assert.equal(players.length, 2, 'then the second plays');
  assert.deepEqual(only('show').map((c) => c[1]), [5]);
  players[1].options.onDone();
  assert.equal(players.length, 3, 'then the third');
  players[2].options.onDone();
  assert.deepEqual(players.map((p) => p.motion), [MOTION, MOTION, MOTION]);
  assert.deepEqual(only('narrate').map((c) => c[2]), [5, 6, 7]);
  assert.equal(app.state.event, 7);
  assert.equal(app.missed ?? null, null, 'nothing was skipped');
});

test('another person\'s stroke waits the short lead; the computer\'s the pace chosen', () => {
  const { q, players, pace } = page(4);
  q.onMessage(stroke(5, 'human'));
  assert.equal(players[0].options.lead, LEAD);
  players[0].options.onDone();
  pace.value = 'fast';
  q.onMessage(stroke(6));
  assert.equal(players[1].options.lead, COMPUTER_LEAD.fast);
  assert.ok(COMPUTER_LEAD.fast < COMPUTER_LEAD.normal);
});

test('far behind (back after a while), all but the last stroke are shown at once and remembered', () => {
  const { app, q, players, only } = page(4);
  // The page was away: the first stroke plays as it comes, then many more arrive.
  q.onMessage(stroke(5));
  for (let e = 6; e <= 6 + CATCH_UP + 1; e += 1) q.onMessage(stroke(e));
  const last = 6 + CATCH_UP + 1;
  players[0].options.onDone();
  assert.equal(players.length, 2, 'only the last of the queued strokes plays');
  assert.equal(app.anim.msg.event, last);
  assert.deepEqual(app.missed, { first: 6, last: last - 1, count: last - 6 });
  assert.deepEqual(only('narrate').map((c) => c[2]).slice(0, 3), [5, 6, 7], 'each is still told, in order');
  players[1].options.onDone();
  assert.equal(app.state.event, last);
  q.onMessage(stroke(last + 1));
  q.onMessage(stroke(last + 2));
  players[2].options.onDone();
  assert.equal(players.length, 4, 'back to ordinary play: every stroke plays');
});

test('a resumed page shows its past without animating or announcing it', () => {
  const { app, q, players, only } = page(10, { history: 10 });
  app.seen = 7;
  q.onMessage(stroke(8));
  q.onMessage({ type: 'taken_back', event: 9, strokes: 1, state: state(9) });
  q.onMessage(stroke(10));
  assert.equal(players.length, 0);
  assert.deepEqual(only('narrate'), [['narrate', 'stroke', 8, false], ['narrate', 'taken_back', 9, false], ['narrate', 'stroke', 10, false]]);
  assert.deepEqual(only('show'), [['show', 10]], 'older states than the one drawn are not shown');
  assert.equal(app.summary.msg.event, 10);
  q.onMessage(stroke(11));
  assert.equal(players.length, 1, 'the first new event plays');
});

test('a state replaces everything: the queue, the animation, a request out', () => {
  const { app, q, players } = page(4);
  q.onMessage(stroke(5));
  app.queue.push(stroke(6));
  app.waiting = true;
  q.onMessage({ type: 'state', event: 9, state: state(9) });
  assert.equal(players[0].cancelled, true);
  assert.deepEqual([app.anim, app.queue.length, app.seen, app.waiting, app.state.event], [null, 0, 9, false, 9]);
});

test('taking back and a new set are shown at once', () => {
  const { app, q, players, only } = page(4);
  app.summary = { msg: stroke(4), foul: false };
  q.onMessage({ type: 'taken_back', event: 5, strokes: 2, state: state(5) });
  q.onMessage({ type: 'set_started', event: 6, set_number: 2, state: state(6) });
  assert.equal(players.length, 0);
  assert.equal(app.summary, null);
  assert.deepEqual(only('narrate'), [['narrate', 'taken_back', 5, true], ['narrate', 'set_started', 6, true]]);
  assert.equal(app.state.event, 6);
  assert.equal(only('clearError').length, 2, 'an event clears the error shown');
});

test('a hint is kept for the event shown only; a refusal ends the wait and a stale one asks again', () => {
  const { app, q, only } = page(4);
  app.hintWaiting = true;
  q.onMessage({ type: 'hint', event: 3, seat: 'south', level: 'expert', best: null, alternatives: [] });
  assert.equal(app.hint, null);
  assert.equal(app.hintWaiting, false);
  const hint = { type: 'hint', event: 4, seat: 'south', level: 'expert', best: null, alternatives: [] };
  q.onMessage(hint);
  assert.equal(app.hint, hint);
  assert.deepEqual(only('hintShown'), [['hintShown', 4]]);
  q.onMessage({ type: 'thinking', event: 4, seat: 'north', player: 1 });
  assert.equal(app.thinking.event, 4);
  app.waiting = true;
  q.onMessage({ type: 'error', code: 'placement', event: 4, detail: 'no' });
  assert.deepEqual(only('showError'), [['showError', 'placement', 'no']]);
  assert.equal(app.waiting, false);
  assert.deepEqual(only('resync'), []);
  q.onMessage({ type: 'error', code: 'stale', event: 4, detail: 'moved on' });
  assert.deepEqual(only('resync'), [['resync']]);
});

test('the store draws once a change, changes made within one together, the table alone for a frame', () => {
  const draws = [];
  const store = createStore({ a: 0, b: 0 }, (s, scope) => draws.push([scope, s.a, s.b]));
  store.update({ a: 1 });
  assert.deepEqual(draws, [['page', 1, 0]]);
  store.update((s) => {
    s.a = 2;
    store.update({ b: 2 });
    store.update((t) => { t.b = 3; }, 'table');
  });
  assert.deepEqual(draws.at(-1), ['page', 2, 3], 'drawn once, after the outermost change');
  assert.equal(draws.length, 2);
  store.update({ b: 4 }, 'table');
  assert.deepEqual(draws.at(-1), ['table', 2, 4]);
  // A change made while the page is drawn is drawn right after, once.
  const again = [];
  const s2 = createStore({ n: 0 }, (s) => { again.push(s.n); if (s.n === 1) s2.update({ n: 2 }); });
  s2.update({ n: 1 });
  assert.deepEqual(again, [1, 2]);
});
