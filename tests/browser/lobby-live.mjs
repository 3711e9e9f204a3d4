// The lobby followed live (docs/protocol.md, "The lobby"), in two
// browsers: Bruno has the lobby open; Anna makes a challenge from hers,
// and it appears on Bruno's page with no reload and no second look at
// GET /api/lobby: the page follows GET /api/lobby/live (server-sent
// events). Once Carla accepts it, it leaves Bruno's page the same way.
// The real `novuss serve` on loopback, Debian's Chromium.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, tableFor } from './support/harness.mjs';

const LONG = 60_000;

const table = tableFor('lobby-live');

test('a challenge made in one browser appears live in another, and goes once accepted', { timeout: 180_000 }, async () => {
  const bruno = await table.person('bruno');
  /** Requests of Bruno's page, by path. */
  const asked = [];
  bruno.on('request', (r) => asked.push(new URL(r.url()).pathname));
  await bruno.goto(`${table.base}lobby.html`);
  await bruno.waitForSelector('#live-state[data-connected="true"]', { state: 'attached', timeout: LONG });
  await bruno.waitForFunction(() => document.getElementById('challenges-status')?.textContent?.includes('No open challenges'), null, { timeout: LONG });
  // A mark that a reload would lose.
  await bruno.evaluate(() => { /** @type {any} */ (window).stayed = true; });

  const anna = await table.person('anna');
  await anna.goto(`${table.base}lobby.html`);
  await anna.waitForSelector('#live-state[data-connected="true"]', { state: 'attached', timeout: LONG });
  await anna.evaluate(() => fetch('/api/me', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Anna' }) }));
  await anna.selectOption('#format', 'singles');
  await anna.selectOption('#sets', '1');
  await anna.click('#make');
  await anna.waitForSelector('#waiting:not([hidden])', { timeout: LONG });
  const id = await anna.getAttribute('#waiting', 'data-challenge');

  const row = bruno.locator(`tr[data-challenge="${id}"]`);
  await row.waitFor({ timeout: LONG });
  assert.match(await row.textContent(), /Anna\s*1500\?/);
  await bruno.screenshot({ path: path.join(ARTIFACTS, 'lobby-live-01-bruno.png'), fullPage: true });

  // Carla accepts it (from her own browser, by the API as her page would).
  const carla = await table.person('carla');
  await carla.goto(`${table.base}lobby.html`);
  const accepted = await carla.evaluate((g) => fetch(`/api/lobby/challenges/${g}/accept`, { method: 'POST' }).then((r) => r.status), id);
  assert.equal(accepted, 200);
  await row.waitFor({ state: 'detached', timeout: LONG });

  assert.equal(await bruno.evaluate(() => /** @type {any} */ (window).stayed), true, 'the page was not reloaded');
  assert.ok(asked.filter((p) => p === '/api/lobby').length <= 1, `GET /api/lobby asked again: ${asked.join(' ')}`);
  assert.equal(asked.filter((p) => p === '/api/lobby/live').length, 1, `one stream, followed throughout: ${asked.join(' ')}`);
  for (const p of [anna, bruno, carla]) assert.deepEqual(p.errors, [], 'no page errors');
});
