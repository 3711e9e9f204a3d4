// The lobby and offers between people, in three browsers (docs/protocol.md,
// "The lobby", "Offers"): Anna makes a challenge and waits in the lobby,
// Bruno (on a phone) accepts it from the lobby and both are taken to the
// game, Carla sees it among the live games with a
// watcher; Anna asks to take a stroke back and Bruno grants it; once the
// game is over (called off) Anna offers a rematch, Bruno accepts, and both pages move to the
// new game with the seats swapped. The lobby passes axe-core. The real
// `novuss serve` on loopback, Debian's Chromium; screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, settledAt } from './support/harness.mjs';

const LONG = 60_000;

const table = tableFor('lobby');

/** A person at a browser of their own. */
const person = (name, options = {}) => table.person(name, options);

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
const debug = (page, fn) => page.evaluate(fn);

test('a challenge from the lobby, a take-back granted, a rematch with the seats swapped', { timeout: 300_000 }, async () => {
  const anna = await person('anna');
  await anna.goto(`${table.base}lobby.html`);
  await anna.waitForSelector('#challenges-status:not(:empty)');
  await anna.evaluate(() => fetch('/api/me', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Anna' }) }));
  assert.deepEqual(await axeProblems(anna), [], 'the empty lobby');
  await anna.selectOption('#format', 'singles');
  await anna.selectOption('#sets', '1');
  await anna.click('#make');
  await anna.waitForSelector('#waiting:not([hidden])', { timeout: LONG });
  const id = await anna.getAttribute('#waiting', 'data-challenge');
  assert.match(id, /^[0-9a-f]{32}$/);

  // Bruno finds it in the lobby, with Anna's name and rating.
  const bruno = await person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await bruno.goto(`${table.base}lobby.html`);
  const row = bruno.locator(`tr[data-challenge="${id}"]`);
  await row.waitFor({ timeout: LONG });
  assert.match(await row.textContent(), /Anna\s*1500\?/);
  assert.deepEqual(await axeProblems(bruno), [], 'the lobby with a challenge, on a phone');
  await shot(bruno, 'lobby-01-bruno-challenge');
  await row.locator('button[data-accept]').click();
  await bruno.waitForURL(new RegExp(`#game=${id}`), { timeout: LONG });
  await settledAt(bruno, 0);
  // Anna's lobby is told of it, and opens the game.
  await anna.waitForURL(new RegExp(`#game=${id}`), { timeout: LONG });
  await settledAt(anna, 0);
  await anna.waitForFunction(() => window.novussDebug.state.seats[1].holder === 'person', null, { timeout: LONG });

  // Carla watches, and the lobby counts her.
  const carla = await person('carla');
  await carla.goto(`${table.base}#game=${id}`);
  await settledAt(carla, 0);
  const lobby = await carla.context().newPage();
  await lobby.goto(`${table.base}lobby.html`);
  await lobby.waitForFunction((g) => {
    const cell = document.querySelector(`tr[data-live="${g}"] [data-watchers]`);
    return cell && Number(cell.dataset.watchers) >= 1;
  }, id, { timeout: LONG });
  await shot(lobby, 'lobby-02-live');

  // Anna strokes, then asks to take it back; Bruno grants it.
  await anna.keyboard.press('4');
  await anna.keyboard.press('Enter');
  for (const p of [anna, bruno]) await settledAt(p, 1);
  await anna.waitForFunction(() => !document.getElementById('take-back').disabled, null, { timeout: LONG });
  assert.equal(await anna.textContent('#take-back'), 'Ask to take back');
  await anna.click('#take-back');
  await bruno.waitForSelector('#offer:not([hidden]) button[data-answer=accept]', { timeout: LONG });
  assert.match(await bruno.textContent('#offer'), /Anna asks to take back/);
  await shot(bruno, 'lobby-03-bruno-offer');
  await bruno.click('#offer button[data-answer=accept]');
  for (const p of [anna, bruno, carla]) await settledAt(p, 2);
  assert.equal(await debug(anna, () => window.novussDebug.state.set.strokes), 0, 'the stroke is taken back');

  // With the stroke taken back nobody has stroked: Bruno calls the game
  // off. Anna offers a rematch, Bruno accepts: both pages go to the new
  // game, where Bruno opens from the south seat.
  await bruno.click('#abort');
  for (const p of [anna, bruno]) await p.waitForFunction(() => document.body.dataset.phase === 'over', null, { timeout: LONG });
  await anna.waitForSelector('#rematch:not([hidden]):not([disabled])');
  await anna.click('#rematch');
  await bruno.waitForSelector('#offer:not([hidden]) button[data-answer=accept]', { timeout: LONG });
  await bruno.click('#offer button[data-answer=accept]');
  for (const p of [anna, bruno]) {
    await p.waitForFunction((old) => !location.hash.includes(old) && window.novussDebug.state?.event === 0, id, { timeout: LONG });
  }
  const st = await debug(anna, () => window.novussDebug.state);
  const annaId = await debug(anna, () => window.novussDebug.me);
  const brunoId = await debug(bruno, () => window.novussDebug.me);
  assert.equal(st.seats[0].person, brunoId, 'Bruno opens the rematch');
  assert.equal(st.seats[1].person, annaId);
  await shot(anna, 'lobby-04-anna-rematch');
  for (const p of [anna, bruno, carla]) assert.deepEqual(p.errors, [], 'no page errors');
});
