// The game page's controls as decided from its state (web/game/controls.js
// `controlsFor`), in Node: which buttons show and may be pressed, for a
// player, a watcher and people at other screens. No browser, no server.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { controlsFor, resignSeat } = await import(path.join(root, 'web/game/controls.js'));

const PREFS = { guide: true, view: 'south', rate: 1, pace: 'normal', refs: false, hint: 'expert' };
const MAKING = { at: [0.5, 0.07], dir: [0, 1], speed: 3, canStrike: true };
const NO_OFFERS = { askTakeBack: false, offerRematch: false };
// The table of docs/protocol.md's example state.
const TABLE = {
  size: 1, line_offset: 0.13, line_width: 0.001, circle_radius: 0.125, pocket_radius: 0.05, pocket_inset: 0.065,
  disc: { radius: 0.015, hole_radius: 0.004, thickness: 0.012, mass: 0.006 },
  striker: { radius: 0.0225, hole_radius: 0.005, thickness: 0.015, mass: 0.017 },
};

/**
 * What the server's policy sends a page (docs/protocol.md, "What a client
 * may do"), for one seat's holder or a watcher: `offered` at all, and `now`.
 */
const allow = (offered, now = offered) => ({ offered, now });
const WATCHER = allow(['chat']);

/**
 * A singles game at `event`, `south` (player 0) to stroke; `seats` who
 * holds them; `may` what the server says each may do.
 */
function state(event, { seats, may, over = false, between = false, casual = true, rated = false, canAbort = false } = {}) {
  return {
    id: 'g', event, casual, rated, format: 'singles', table: TABLE, max_speed: 8, can_take_back: true, can_abort: canAbort,
    players: [{ name: 'Anna', kind: 'human', seat: 'south', side: 0 }, { name: 'Bruno', kind: 'human', seat: 'north', side: 1 }],
    match: { over, score: [over ? 1 : 0, 0], winner: over ? 0 : null, sets: 1, needed: 1, set_number: 1, results: [] },
    set: { discs: [], sides: [], result: over || between ? { result: 'won', winner: 0, how: 'pocketed_all' } : null },
    between_sets: between,
    turn: over || between ? null : { seat: 'south', side: 0, player: 0, kind: 'human', region: null },
    ...(seats ? { seats } : {}),
    ...(may ? { may } : {}),
  };
}

/** The page showing `st`, its socket open, this browser being `me`. */
const page = (st, me = 'p1', extra = {}) => ({
  id: 'g', state: st, seen: st.event, queue: [], anim: null, thinking: null, waiting: false, hint: null, hintWaiting: false,
  say: null, summary: null, sentAt: null, history: 0, connection: 'open', wasOpen: true, missed: null, me, viewSeat: 'south',
  invites: null, presence: null, error: null, hintLevels: null, rematchAsked: false, prefs: PREFS, ...extra,
});

const people = [{ holder: 'person', person: 'p1' }, { holder: 'person', person: 'p2' }];
const oneScreen = [{ holder: 'person', person: 'p1' }, { holder: 'person', person: 'p1' }];
// At one screen, south to stroke: the server's lists for each seat (its
// pinned table, crates/novuss-server/tests/golden/policy.txt).
const ALONE = {
  players: [
    allow(['stroke', 'aim', 'take_back', 'resign', 'abort', 'claim', 'next_set', 'answer_take_back', 'answer_rematch', 'chat', 'hint', 'analysis', 'new_links'],
      ['stroke', 'aim', 'take_back', 'resign', 'chat', 'hint', 'analysis']),
    allow(['stroke', 'aim', 'take_back', 'resign', 'abort', 'claim', 'next_set', 'answer_take_back', 'answer_rematch', 'chat', 'hint', 'analysis', 'new_links'],
      ['aim', 'take_back', 'resign', 'chat', 'hint', 'analysis']),
  ],
  watcher: allow(['aim', 'chat', 'analysis'], ['chat', 'analysis']),
};
// Between people in a casual game, south to stroke after their own stroke.
const BETWEEN = {
  players: [
    allow(['stroke', 'aim', 'resign', 'abort', 'claim', 'next_set', 'offer_take_back', 'offer_rematch', 'answer_take_back', 'answer_rematch', 'chat', 'new_links'],
      ['stroke', 'aim', 'resign', 'offer_take_back', 'chat']),
    allow(['stroke', 'aim', 'resign', 'abort', 'claim', 'next_set', 'offer_take_back', 'offer_rematch', 'answer_take_back', 'answer_rematch', 'chat', 'new_links'],
      ['resign', 'claim', 'chat']),
  ],
  watcher: WATCHER,
};
const OVER = { players: [allow(['offer_rematch', 'chat', 'analysis']), allow(['offer_rematch', 'chat', 'analysis'])], watcher: allow(['chat', 'analysis']) };
const BETWEEN_SETS = { players: [allow(['resign', 'next_set', 'chat']), allow(['resign', 'next_set', 'chat'])], watcher: WATCHER };

test('one screen: the player to stroke strikes, takes back, asks for hints and resigns', () => {
  const alone = state(4, { seats: oneScreen, may: ALONE });
  const c = controlsFor(page(alone), MAKING, NO_OFFERS);
  assert.equal(c.phase, 'idle');
  assert.deepEqual([c.strike.enabled, c.takeBack.enabled, c.hint.enabled, c.resign.shown, c.resign.enabled], [true, true, true, true, true]);
  assert.equal(c.takeBack.words, 'btn.take_back');
  assert.equal(c.skip.shown, false);
  const down = controlsFor(page(alone, 'p1', { connection: 'closed' }), MAKING, NO_OFFERS);
  assert.deepEqual([down.strike.enabled, down.takeBack.enabled, down.hint.enabled, down.resign.enabled], [false, false, false, false], 'nothing is sent while the socket is down');
  assert.equal(controlsFor(page(alone), { ...MAKING, canStrike: false }, NO_OFFERS).strike.enabled, false);
});

test('between people: a take-back is asked of the other side, no hints, a rematch offered once', () => {
  const mine = controlsFor(page(state(4, { seats: people, may: BETWEEN })), MAKING, { askTakeBack: true, offerRematch: false });
  assert.equal(mine.takeBack.words, 'btn.ask_take_back');
  assert.equal(mine.takeBack.enabled, true);
  assert.equal(mine.hint.enabled, false, 'a hint would be help from outside the table');
  assert.equal(mine.hint.shown, false, 'and it is not offered at all');
  assert.equal(resignSeat(page(state(4, { seats: people }), 'p2')), 'north', 'each resigns for the seat they hold');
  const over = controlsFor(page(state(9, { seats: people, over: true, may: OVER })), MAKING, { askTakeBack: false, offerRematch: true });
  assert.deepEqual([over.banner.shown, over.rematch.shown, over.rematch.enabled, over.rematch.words, over.newGame.shown], [true, true, true, 'btn.offer_rematch', true]);
});

test('a watcher starts no set and no rematch, and resigns for nobody', () => {
  const between = controlsFor(page(state(6, { seats: people, between: true, may: BETWEEN_SETS }), 'p9'), MAKING, NO_OFFERS);
  assert.deepEqual([between.banner.shown, between.nextSet.shown], [true, false]);
  const over = controlsFor(page(state(9, { seats: people, over: true, may: OVER }), 'p9'), MAKING, NO_OFFERS);
  assert.equal(over.rematch.shown, false);
  assert.equal(resignSeat(page(state(4, { seats: people }), 'p9')), null);
  const player = controlsFor(page(state(6, { seats: people, between: true, may: BETWEEN_SETS })), MAKING, NO_OFFERS);
  assert.equal(player.nextSet.shown, true);
});

test('before both sides have stroked the game is called off, not resigned', () => {
  const first = { players: [allow(['stroke', 'resign', 'abort', 'chat'], ['stroke', 'resign', 'abort', 'chat']), allow(['stroke', 'resign', 'abort', 'chat'], ['resign', 'abort', 'chat'])], watcher: WATCHER };
  const c = controlsFor(page(state(1, { canAbort: true, seats: oneScreen, may: first })), MAKING, NO_OFFERS);
  assert.deepEqual([c.resign.shown, c.abort.shown, c.abort.enabled], [false, true, true]);
});

test('a control the server does not offer is not shown, even disabled', () => {
  // A rated game between people: the policy offers no take-back and no hint.
  const rated = { players: [allow(['stroke', 'aim', 'resign', 'abort', 'claim', 'next_set', 'offer_rematch', 'chat'], ['stroke', 'aim', 'resign', 'chat']), allow([], [])], watcher: WATCHER };
  const c = controlsFor(page(state(4, { seats: people, casual: false, rated: true, may: rated })), MAKING, NO_OFFERS);
  assert.deepEqual([c.takeBack.shown, c.hint.shown, c.pace.shown], [false, false, false]);
  assert.deepEqual([c.resign.shown, c.resign.enabled], [true, true]);
  // Against the computer the pace is shown.
  const vsComputer = state(4, { seats: [{ holder: 'person', person: 'p1' }, { holder: 'computer' }], may: ALONE });
  vsComputer.players[1].kind = 'computer';
  assert.equal(controlsFor(page(vsComputer), MAKING, NO_OFFERS).pace.shown, true);
});
