// Waiting for an opponent in the lobby (docs/protocol.md, "The lobby"), as
// two people meet it: Anna, at a desktop, makes a challenge; her lobby
// says it is looking for an opponent, shows the terms and a way to cancel,
// and says nothing of invitation links. She cancels, and Bruno's lobby (a
// phone, touched) no longer lists it. Bruno taps "Play someone now" with
// nobody waiting: his lobby waits in turn. Anna's "Play someone now" pairs
// her with him, and his page is taken to the game by the live stream.
// Screenshots at desktop (1280x800) and phone (390x844) size in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, settledAt, tableFor } from './support/harness.mjs';

const LONG = 60_000;

const table = tableFor('lobby-waiting');

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
const NO_LINKS = /invit|link/i;

/** Waits until `page` shows the lobby live. */
const live = (page) => page.waitForSelector('#live-state[data-connected="true"]', { state: 'attached', timeout: LONG });

test('a challenge waits in the lobby, is cancelled, and a paired one takes its creator to the game', { timeout: 240_000 }, async () => {
  const anna = await table.person('anna', { viewport: { width: 1280, height: 800 } });
  const bruno = await table.person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  for (const p of [anna, bruno]) {
    await p.goto(`${table.base}lobby.html`);
    await live(p);
  }
  await anna.evaluate(() => fetch('/api/me', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Anna' }) }));
  await bruno.evaluate(() => fetch('/api/me', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bruno' }) }));

  // Anna makes a challenge, and waits for an opponent.
  await anna.selectOption('#stroke-clock', '30');
  await anna.click('#make');
  const waiting = anna.locator('#waiting');
  await waiting.waitFor({ timeout: LONG });
  const id = await waiting.getAttribute('data-challenge');
  assert.match(await waiting.textContent(), /Looking for an opponent/);
  assert.match(await anna.textContent('#waiting-terms'), /Singles · One set · .* · casual · 30 s/);
  assert.match(await anna.textContent('#waiting-range'), /anyone/);
  assert.equal(await anna.isHidden('#terms-card'), true, 'no second challenge while one waits');
  assert.doesNotMatch(await anna.textContent('main'), NO_LINKS);
  const mine = anna.locator(`tr[data-challenge="${id}"]`);
  await mine.waitFor({ timeout: LONG });
  assert.match(await mine.textContent(), /\(yours\)/);
  assert.deepEqual(await axeProblems(anna), [], 'the lobby waiting, on a desktop');
  await shot(anna, 'lobby-waiting-01-desktop');

  // Bruno sees it; Anna cancels it, and it goes from his lobby.
  const row = bruno.locator(`tr[data-challenge="${id}"]`);
  await row.waitFor({ timeout: LONG });
  await anna.click('#withdraw');
  await anna.locator('#terms-card').waitFor({ timeout: LONG });
  assert.match(await anna.textContent('#terms-note'), /withdrawn/);
  assert.equal(await anna.isHidden('#waiting'), true);
  await row.waitFor({ state: 'detached', timeout: LONG });
  await mine.waitFor({ state: 'detached', timeout: LONG });

  // Bruno taps "Play someone now": nobody waits, so his lobby waits.
  await bruno.selectOption('#stroke-clock', '30');
  await bruno.tap('#quick');
  const his = bruno.locator('#waiting');
  await his.waitFor({ timeout: LONG });
  const game = await his.getAttribute('data-challenge');
  assert.notEqual(game, id);
  assert.doesNotMatch(await bruno.textContent('main'), NO_LINKS);
  assert.deepEqual(await axeProblems(bruno), [], 'the lobby waiting, on a phone');
  await shot(bruno, 'lobby-waiting-02-phone');

  // Anna's "Play someone now" on the same terms pairs her with Bruno:
  // both are taken to the game, Bruno by his lobby's live stream.
  await anna.locator(`tr[data-challenge="${game}"]`).waitFor({ timeout: LONG });
  await anna.click('#quick');
  for (const p of [anna, bruno]) {
    await p.waitForURL(new RegExp(`#game=${game}`), { timeout: LONG });
    await settledAt(p, 0);
  }
  const st = await bruno.evaluate(() => window.novussDebug.state);
  assert.equal(st.seats[0].person, await bruno.evaluate(() => window.novussDebug.me), 'Bruno holds his challenge’s first seat');
  assert.equal(st.seats[1].person, await anna.evaluate(() => window.novussDebug.me));
  await shot(bruno, 'lobby-waiting-03-phone-game');
  for (const p of [anna, bruno]) assert.deepEqual(p.errors, [], 'no page errors');
});
