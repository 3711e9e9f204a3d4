// The stroke clock and an absent player, as two people at two browsers see
// them (docs/protocol.md, "Clocks and absence"): the clock counts down on
// both pages, running out is a refused stroke with its clause (000 3.6.15),
// and when the player to stroke closes the page, the other may claim the
// set once the grace is over. The real `novuss serve` on loopback with a
// short grace, Debian's Chromium; screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, inviteFriend } from './support/harness.mjs';

const LONG = 60_000;

const table = tableFor('clocks', ['--absence-grace', '3s']);

/** A person at a browser of their own. */
const person = (name, options = {}) => table.person(name, options);

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

test('the stroke clock runs out on both pages, and an absent player’s opponent claims the set', { timeout: 300_000 }, async () => {
  const anna = await person('anna');
  const { link } = await inviteFriend(anna, table.base, {
    choose: async (p) => {
      await p.selectOption('#sets', '3');
      await p.selectOption('#stroke-clock', '15');
      await p.uncheck('#casual');
    },
  });

  const bruno = await person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await bruno.goto(link);
  await bruno.waitForFunction(() => !location.hash.includes('join='), null, { timeout: LONG });

  // The clock counts down on both pages: Anna's own, Bruno watching hers.
  await anna.waitForFunction(() => /Your stroke: \d+ s left/.test(document.getElementById('clocks').textContent), null, { timeout: LONG });
  await bruno.waitForFunction(() => /Anna to stroke: \d+ s left/.test(document.getElementById('clocks').textContent), null, { timeout: LONG });
  const first = Number((await anna.textContent('#clocks')).match(/(\d+) s left/)[1]);
  await anna.waitForTimeout(2_000);
  const later = Number((await anna.textContent('#clocks')).match(/(\d+) s left/)[1]);
  assert.ok(later < first && first <= 15, `the clock counts down: ${first} then ${later}`);
  assert.deepEqual(await axeProblems(anna), [], 'the page with its clock');
  await shot(anna, 'clocks-01-anna-clock');
  await shot(bruno, 'clocks-02-bruno-clock');

  // Anna lets it run out: a refused stroke, its clause named, on both pages.
  for (const page of [anna, bruno]) {
    await page.waitForFunction(() => document.getElementById('verdict').textContent.includes('3.6.15'), null, { timeout: LONG });
  }
  assert.match(await anna.textContent('#verdict'), /refused/i);
  await bruno.waitForFunction(() => /Your stroke: \d+ s left/.test(document.getElementById('clocks').textContent), null, { timeout: LONG });
  await shot(bruno, 'clocks-03-bruno-after-time-out');

  // Bruno closes the page on his turn. Anna is told, and after the grace
  // may claim the set.
  await bruno.close({ runBeforeUnload: true });
  await anna.waitForFunction(() => /Bruno|Player 2/.test(document.getElementById('clocks').textContent)
    && /(away|closed the game)/.test(document.getElementById('clocks').textContent), null, { timeout: LONG });
  await anna.waitForSelector('#clocks button[data-claim="set"]', { timeout: LONG });
  assert.deepEqual(await axeProblems(anna), [], 'the claims');
  await shot(anna, 'clocks-04-anna-may-claim');
  await anna.click('#clocks button[data-claim="set"]');
  await anna.waitForFunction(() => document.getElementById('verdict').textContent.length > 0
    && window.novussDebug.state?.match?.score?.[0] === 1, null, { timeout: LONG });
  assert.match(await anna.textContent('#verdict'), /claimed the set|forfeit/i);
  await shot(anna, 'clocks-05-anna-claimed');
  assert.deepEqual(anna.errors, [], 'no page errors');
});
