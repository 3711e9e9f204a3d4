// An offer declined is said to the one who made it (issue 31): Anna, at a
// desktop, asks to take back her stroke and Bruno declines; later Bruno,
// on a phone with touch, offers a rematch and Anna declines. Each asker
// reads the answer on their own page as it comes, and the offer's
// "waiting for the answer" goes; the one who declined is told nothing of
// the kind. The real `novuss serve` on loopback, Debian's Chromium;
// screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, settledAt, inviteFriend, playUntilResignable } from './support/harness.mjs';

const LONG = 90_000;

const table = tableFor('declined');

const debug = (page, fn) => page.evaluate(fn);
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
const offerText = (page) => page.evaluate(() => (document.getElementById('offer').hidden ? '' : document.getElementById('offer').textContent));

test('a declined take-back and a declined rematch are said to the one who asked', { timeout: 600_000 }, async () => {
  const anna = await table.person('anna', { viewport: { width: 1280, height: 800 } });
  const { link } = await inviteFriend(anna, table.base);
  const bruno = await table.person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await bruno.goto(link);
  await settledAt(bruno, 0);
  await bruno.fill('#my-name-input', 'Bruno');
  await bruno.tap('#my-name button[type=submit]');
  await anna.waitForFunction(() => document.getElementById('sides').textContent.includes('Bruno'), null, { timeout: LONG });
  const pages = { south: anna, north: bruno };

  // Anna strokes, then asks to take it back.
  await settledAt(anna, 0);
  assert.equal((await debug(anna, () => window.novussDebug.state.turn.seat)), 'south');
  await anna.locator('#table').focus();
  await anna.keyboard.press('4');
  await anna.keyboard.press('Enter');
  for (const p of [anna, bruno]) await settledAt(p, 1);
  await anna.waitForSelector('#take-back:not([disabled])', { timeout: LONG });
  await anna.click('#take-back');
  await anna.waitForFunction(() => document.getElementById('offer').textContent.includes('waiting for the answer'), null, { timeout: LONG });
  await bruno.waitForSelector('#offer:not([hidden]) [data-answer=decline]', { timeout: LONG });
  await bruno.tap('#offer [data-answer=decline]');

  // Anna reads the answer where she read her question; her wait is over.
  await anna.waitForSelector('#offer:not([hidden]) [data-declined=take_back]', { timeout: LONG });
  assert.equal(await offerText(anna), 'Your opponent declined to take back the stroke.');
  assert.ok(!(await offerText(anna)).includes('waiting'), 'the question is gone');
  // Bruno's page hears the answer by its own socket, which may come a moment after Anna's.
  await bruno.waitForSelector('#offer[hidden]', { state: 'attached', timeout: LONG });
  assert.equal(await offerText(bruno), '', 'Bruno, who declined, is told nothing of the kind');
  assert.equal(await debug(anna, () => window.novussDebug.event), 1, 'the stroke stands');
  assert.deepEqual(await axeProblems(anna), [], 'the declined take-back');
  await shot(anna, 'declined-01-anna-take-back-desktop');

  // The game moves on: the answer was about the stroke before.
  await playUntilResignable(pages);
  assert.equal(await offerText(anna), '', 'said once, until the game moved on');

  // Anna resigns; Bruno, on his phone, offers a rematch, and Anna declines.
  const e = await debug(anna, () => window.novussDebug.event);
  await anna.click('#resign');
  await anna.click('#resign-dialog button[value=resign]');
  for (const p of [anna, bruno]) {
    await p.waitForFunction((x) => window.novussDebug.event > x && document.body.dataset.phase === 'over', e, { timeout: LONG });
  }
  await bruno.waitForSelector('#rematch:not([hidden]):not([disabled])', { timeout: LONG });
  await bruno.tap('#rematch');
  await bruno.waitForFunction(() => document.getElementById('offer').textContent.includes('waiting for the answer'), null, { timeout: LONG });
  await anna.waitForSelector('#offer:not([hidden]) [data-answer=decline]', { timeout: LONG });
  await anna.click('#offer [data-answer=decline]');
  await bruno.waitForSelector('#offer:not([hidden]) [data-declined=rematch]', { timeout: LONG });
  assert.equal(await offerText(bruno), 'Your opponent declined the rematch.');
  await anna.waitForSelector('#offer[hidden]', { state: 'attached', timeout: LONG });
  assert.equal(await offerText(anna), '', 'Anna, who declined, is told nothing of the kind');
  assert.ok(await bruno.isDisabled('#rematch'), 'a declined rematch is not offered again');
  assert.ok(await bruno.locator('#offer').evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight;
  }), 'on the phone, the answer is in sight without scrolling');
  assert.deepEqual(await axeProblems(bruno), [], 'the declined rematch on a phone');
  await shot(bruno, 'declined-02-bruno-rematch-phone');
  for (const p of [anna, bruno]) assert.deepEqual(p.errors, []);
});
