// One name per person (issue 31, "Names"; docs/protocol.md "Who is
// who"), as people meet it: Anna has an account and never typed a name,
// so she goes by her user name in the lobby; Bruno, on his phone, types
// his name beside the lobby's terms and accepts her challenge; Carla, who
// watches, reads both names among the lobby's live games and on the games
// page; Bruno then renames himself beside the table, and Anna's "Resume a
// game" and Carla's games page say his new name. Each person is a browser
// of their own; the real `novuss serve` on loopback, Debian's Chromium;
// screenshots at desktop (1280x800) and phone (390x844) size in
// artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, tableFor, settledAt } from './support/harness.mjs';

const LONG = 60_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const table = tableFor('names');

/** @param {import('playwright-core').Page} page @param {string} name */
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `names-${name}.png`), fullPage: true });

test('a person goes by one name, their account\'s until they choose one, in the lobby, at the table and in the lists', { timeout: 300_000 }, async () => {
  // Anna makes an account on the account page, and types no other name.
  const anna = await table.person('anna', { viewport: DESKTOP });
  await anna.goto(`${table.base}account.html`);
  await anna.waitForSelector('#register-form');
  await anna.fill('#register-username', 'anna_k');
  await anna.fill('#register-password', 'correct horse 1');
  await anna.click('#register-form button[type=submit]');
  await anna.waitForSelector('#signed-in:not([hidden])', { timeout: LONG });

  // In the lobby her name field already says the name she goes by.
  await anna.goto(`${table.base}lobby.html`);
  await anna.waitForSelector('#live-state[data-connected="true"]', { state: 'attached', timeout: LONG });
  await anna.waitForFunction(() => /** @type {HTMLInputElement} */ (document.getElementById('my-name')).value === 'anna_k', null, { timeout: LONG });
  await anna.selectOption('#format', 'singles');
  await anna.selectOption('#sets', '1');
  await anna.click('#make');
  await anna.waitForSelector('#waiting:not([hidden])', { timeout: LONG });
  const id = await anna.getAttribute('#waiting', 'data-challenge');
  assert.ok(id);

  // Bruno, on his phone, sees her challenge by her name (not "Player
  // without a name"), types his own and accepts it.
  const bruno = await table.person('bruno', { viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
  await bruno.goto(`${table.base}lobby.html`);
  const row = bruno.locator(`tr[data-challenge="${id}"]`);
  await row.waitFor({ timeout: LONG });
  assert.match(await row.textContent(), /anna_k/);
  assert.doesNotMatch(await row.textContent(), /without a name/);
  assert.equal(await bruno.inputValue('#my-name'), '', 'Bruno has no name yet');
  await bruno.fill('#my-name', 'Bruno');
  await shot(bruno, '01-bruno-lobby-phone');
  await row.locator('button[data-accept]').tap();
  await bruno.waitForURL(new RegExp(`#game=${id}`), { timeout: LONG });
  await settledAt(bruno, 0);
  await anna.waitForURL(new RegExp(`#game=${id}`), { timeout: LONG });
  await settledAt(anna, 0);
  // At the table each is named as they go by, on both pages.
  for (const p of [anna, bruno]) {
    await p.waitForFunction(() => {
      const t = document.getElementById('sides')?.textContent ?? '';
      return t.includes('anna_k') && t.includes('Bruno');
    }, null, { timeout: LONG });
  }
  await shot(anna, '02-anna-table-desktop');

  // Carla watches from the lobby: the live game names both of them; so
  // does the games page.
  const carla = await table.person('carla', { viewport: DESKTOP });
  await carla.goto(`${table.base}lobby.html`);
  const live = carla.locator(`tr[data-live="${id}"]`);
  await live.waitFor({ timeout: LONG });
  assert.match(await live.textContent(), /anna_k.*Bruno/);
  await shot(carla, '03-carla-lobby-desktop');
  await carla.goto(`${table.base}history.html`);
  const listed = carla.locator(`tr[data-game="${id}"]`);
  await listed.waitFor({ timeout: LONG });
  assert.match(await listed.textContent(), /anna_k.*Bruno/);

  // Bruno renames himself beside the table.
  await bruno.fill('#my-name-input', 'Bruno Ozols');
  await bruno.tap('#my-name button[type=submit]');
  await anna.waitForFunction(() => document.getElementById('sides')?.textContent?.includes('Bruno Ozols'), null, { timeout: LONG });
  await shot(bruno, '04-bruno-renamed-phone');

  // Anna comes back to Novuss later: "Resume a game" names him so.
  await anna.goto(table.base);
  await anna.waitForSelector('dialog#start[open] #recent li', { timeout: LONG });
  assert.match(await anna.textContent('#recent li'), /anna_k · Bruno Ozols/);
  await shot(anna, '05-anna-resume-desktop');
  await anna.setViewportSize(PHONE);
  await shot(anna, '05-anna-resume-phone');

  // And the games page, read again.
  await carla.reload();
  await listed.waitFor({ timeout: LONG });
  assert.match(await listed.textContent(), /anna_k.*Bruno Ozols/);
  await shot(carla, '06-carla-games-desktop');
  for (const p of [anna, bruno, carla]) assert.deepEqual(p.errors, [], 'no page errors');
});
