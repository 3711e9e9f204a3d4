// Two people at two browsers play each other through an invitation link
// while a third browser watches (docs/protocol.md, "Seats"). Each person
// is a browser of their own, with its own cookies, as on three computers.
// The real `novuss serve` on loopback, Debian's Chromium; screenshots of
// each page in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, settledAt, inviteFriend } from './support/harness.mjs';

const LONG = 90_000;

const table = tableFor('online');

/** A person at a browser of their own. */
const person = (name, options = {}) => table.person(name, options);

const phase = (page) => page.evaluate(() => document.body.dataset.phase);
const debug = (page, fn) => page.evaluate(fn);
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

test('two people play through an invitation link while a third watches', { timeout: 600_000 }, async () => {
  // Anna makes a game whose north seat is for a friend at another screen.
  const anna = await person('anna');
  const { link, watch } = await inviteFriend(anna, table.base, {
    choose: async (p) => {
      await p.check('#public');
    },
  });
  assert.match(link, /#game=[0-9a-f]{32}&join=[0-9a-f]{64}$/, 'an invitation carries its secret in the fragment');
  assert.ok(!watch.includes('join='), 'the watch link has no secret');
  assert.deepEqual(await axeProblems(anna), [], 'the invitation panel');
  await shot(anna, 'online-01-anna-invites');

  // Bruno opens the link: the seat is his, and the secret leaves the address.
  // Bruno is on a phone.
  const bruno = await person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await bruno.goto(link);
  await settledAt(bruno, 0);
  assert.ok(!bruno.url().includes('join='), `the address is cleaned: ${bruno.url()}`);
  const seats = await debug(bruno, () => window.novussDebug.state.seats);
  assert.equal(seats[1].holder, 'person');
  assert.equal(seats[1].person, await debug(bruno, () => window.novussDebug.me));
  assert.notEqual(seats[0].person, seats[1].person, 'two people');
  assert.equal(await debug(bruno, () => window.novussDebug.viewSeat), 'north', 'Bruno sees the table from his own seat');
  // Anna's page learns the seat is taken: the invitation panel goes.
  await anna.waitForSelector('#invites', { state: 'hidden', timeout: LONG });
  // Bruno names himself beside the table; Anna's page calls him so.
  await bruno.fill('#my-name-input', 'Bruno');
  await bruno.click('#my-name button[type=submit]');
  await anna.waitForFunction(() => document.getElementById('sides').textContent.includes('Bruno'), null, { timeout: LONG });

  // Carla watches; a second opening of Bruno's link leaves her watching too.
  const carla = await person('carla');
  await carla.goto(link);
  await settledAt(carla, 0);
  await carla.waitForSelector('#error:not([hidden])');
  assert.match(await carla.textContent('#error'), /seat is taken/);
  await carla.waitForSelector('#presence:not([hidden]) .watching');
  assert.equal(await debug(carla, () => window.novussDebug.state.seats[1].person), seats[1].person, 'nothing changed');

  // Strokes from each side in turn: only the holder's page offers the cue;
  // every page shows every stroke.
  const pages = { south: anna, north: bruno };
  for (let k = 0; k < 4; k++) {
    const st = await debug(anna, () => window.novussDebug.state);
    const mover = pages[st.turn.seat];
    const other = mover === anna ? bruno : anna;
    assert.equal(await phase(mover), 'idle', `the holder of ${st.turn.seat} may stroke`);
    assert.equal(await phase(other), 'other', 'the other person waits');
    assert.equal(await phase(carla), 'other', 'the watcher has no cue');
    await mover.keyboard.press('4');
    await mover.keyboard.press('Enter');
    for (const p of [anna, bruno, carla]) await settledAt(p, st.event + 1);
    const seen = await Promise.all([anna, bruno, carla].map((p) => debug(p, () => window.novussDebug.state)));
    for (const s of seen) assert.deepEqual(s.set, seen[0].set, 'the same table on every page');
  }
  assert.ok(await anna.isVisible('#presence'), 'who is connected is shown');
  await shot(anna, 'online-02-anna');
  await shot(bruno, 'online-03-bruno-phone');
  await shot(carla, 'online-04-carla-watching');
  assert.deepEqual(await axeProblems(carla), [], 'the watcher\'s page');

  // The player waiting for the other's stroke resigns from their own seat
  // (a player may give up while the other strokes); the match ends on all
  // three pages, for the other side.
  const waiting = (await phase(anna)) === 'other' ? anna : bruno;
  const e = await debug(waiting, () => window.novussDebug.event);
  assert.equal(await waiting.isDisabled('#resign'), false, 'resigning is offered while the other strokes');
  await waiting.click('#resign');
  await waiting.click('#resign-dialog button[value=resign]');
  for (const p of [anna, bruno, carla]) {
    await p.waitForFunction((x) => window.novussDebug.event > x && document.body.dataset.phase === 'over', e, { timeout: LONG });
  }
  const end = await debug(carla, () => window.novussDebug.state.match);
  assert.equal(end.over, true);
  assert.equal(end.winner, waiting === anna ? 1 : 0, 'the other side wins');
  await shot(carla, 'online-05-carla-result');
  for (const p of [anna, bruno, carla]) assert.deepEqual(p.errors, []);
});
