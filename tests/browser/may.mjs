// The game page shows a control only when the server's one policy allows
// it (docs/protocol.md, "What a client may do"; crates/novuss-server/src/
// policy.rs): in a rated game between people there is no take-back and no
// hint at all, not even disabled ones; a watcher has none of the players'
// controls; against the computer the whole table is the person's. Each
// page's controls are also held against the `may` lists the server sent
// it. The real `novuss serve` on loopback, Debian's Chromium, a browser
// (own cookies) per person.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, tableFor, inviteFriend } from './support/harness.mjs';

const LONG = 90_000;

const table = tableFor('may');

/** A person at a browser of their own. */
const person = (name, options = {}) => table.person(name, options);

async function settled(page) {
  await page.waitForFunction(() => {
    const d = window.novussDebug;
    return d?.state && !['animating', 'loading', 'connecting'].includes(document.body.dataset.phase);
  }, null, { timeout: LONG });
}

/** Whether each control is on the page (not hidden), by its id. */
async function shown(page, ids) {
  return page.evaluate((list) => Object.fromEntries(list.map((id) => {
    const el = document.getElementById(id);
    return [id, !!el && !el.hidden && el.getClientRects().length > 0];
  })), ids);
}

/**
 * What the server told this page it may do: the `may` rows of the seats
 * its person holds, or the watcher's. Read here from the state the page
 * keeps, so that the test checks the page against the server, not
 * against a copy of the rules.
 */
async function serverSays(page) {
  return page.evaluate(() => {
    const d = window.novussDebug;
    const st = d.state;
    const rows = (st.seats ?? []).flatMap((s, k) => (s.holder === 'person' && s.person === d.me ? [st.may.players[k]] : []));
    const use = rows.length ? rows : [st.may.watcher];
    return { offered: [...new Set(use.flatMap((r) => r.offered))], now: [...new Set(use.flatMap((r) => r.now))] };
  });
}

/**
 * Holds a page's controls against what the server said: take-back (or
 * asking for one), hint and resign are shown exactly when offered.
 */
async function controlsFollowTheServer(page, who) {
  const may = await serverSays(page);
  const on = await shown(page, ['take-back', 'hint', 'hint-level', 'resign']);
  const has = (a) => may.offered.includes(a);
  assert.equal(on['take-back'], has('take_back') || has('offer_take_back'), `${who}: take-back as the server says (${may.offered})`);
  assert.equal(on.hint, has('hint'), `${who}: hint as the server says (${may.offered})`);
  assert.equal(on['hint-level'], has('hint'), `${who}: the hint's level with the hint`);
  const st = await page.evaluate(() => window.novussDebug.state);
  if (!st.can_abort) assert.equal(on.resign, has('resign'), `${who}: resign as the server says (${may.offered})`);
  return may;
}

test('a rated game between people shows no take-back and no hint, and a watcher no player controls', { timeout: 300_000 }, async () => {
  const anna = await person('anna');
  const { link, watch } = await inviteFriend(anna, table.base, {
    choose: async (p) => {
      await p.check('#rated');
    },
  });

  const bruno = await person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await bruno.goto(link);
  await settled(bruno);
  await anna.waitForFunction(() => window.novussDebug.state.seats.every((s) => s.holder === 'person'), null, { timeout: LONG });
  await settled(anna);
  const carla = await person('carla');
  await carla.goto(watch);
  await settled(carla);

  const st = await anna.evaluate(() => window.novussDebug.state);
  assert.equal(st.rated, true, 'the game is rated');
  for (const [who, page] of [['Anna', anna], ['Bruno', bruno], ['Carla (watching)', carla]]) {
    const may = await controlsFollowTheServer(page, who);
    const on = await shown(page, ['take-back', 'hint', 'hint-level', 'pace']);
    assert.deepEqual(on, { 'take-back': false, hint: false, 'hint-level': false, pace: false },
      `${who}: no take-back, no hint, no computer pace in a rated game between people`);
    assert.ok(!may.offered.includes('analysis'), `${who}: no analysis while the match is played`);
  }
  // Anna breaks: she may stroke and resign (or call the game off while
  // nobody has stroked); Bruno waits; Carla may only chat.
  assert.ok((await serverSays(anna)).now.includes('stroke'), 'Anna strokes first');
  assert.ok(!(await serverSays(bruno)).now.includes('stroke'), 'not Bruno\'s turn');
  assert.deepEqual((await serverSays(carla)).offered, ['chat'], 'a watcher may only chat');
  const carlaShows = await shown(carla, ['resign', 'abort', 'take-back', 'hint']);
  assert.deepEqual(carlaShows, { resign: false, abort: false, 'take-back': false, hint: false }, 'a watcher has none of the players\' controls');
  await anna.screenshot({ path: path.join(ARTIFACTS, 'may-01-rated-anna.png') });
  await bruno.screenshot({ path: path.join(ARTIFACTS, 'may-02-rated-bruno-phone.png') });
  for (const page of [anna, bruno, carla]) assert.deepEqual(page.errors, []);
});

test('against the computer the whole table is the person\'s: take-back, hint and pace', { timeout: 300_000 }, async () => {
  const dana = await person('dana');
  await dana.goto(table.base);
  await dana.waitForSelector('dialog#start[open] #start-game');
  await dana.check('#casual');
  await dana.click('#start-game');
  await settled(dana);
  await dana.waitForFunction(() => document.body.dataset.phase === 'idle', null, { timeout: LONG });
  const may = await controlsFollowTheServer(dana, 'Dana');
  for (const a of ['take_back', 'hint', 'resign', 'analysis']) assert.ok(may.offered.includes(a), `${a} offered against the computer`);
  const on = await shown(dana, ['take-back', 'hint', 'hint-level', 'pace']);
  assert.deepEqual(on, { 'take-back': true, hint: true, 'hint-level': true, pace: true });
  assert.equal(await dana.isDisabled('#hint'), false, 'a hint may be asked on her turn');
  assert.equal(await dana.isDisabled('#take-back'), true, 'nothing to take back yet');
  await dana.screenshot({ path: path.join(ARTIFACTS, 'may-03-computer.png') });
  assert.deepEqual(dana.errors, []);
});
