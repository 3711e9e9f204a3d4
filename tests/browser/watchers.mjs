// Watchers, as the players meet them (issue 31): Anna at a desktop and
// Bruno on a phone see how many watch their game, going up as Carla and
// Dana open the watch link and down as they close it; and a stroke in
// progress is not jumped to its end by a page that opens meanwhile: Bruno
// reloading, and Carla arriving, each see the rest of Anna's stroke move.
// The real `novuss serve` on loopback, Debian's Chromium; screenshots in
// artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, settledAt, inviteFriend } from './support/harness.mjs';

const LONG = 60_000;

const table = tableFor('watchers');

const debug = (page, fn, arg) => page.evaluate(fn, arg);
const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

/** What `page` says of its audience ('' when it says nothing). */
const audience = (page) => page.evaluate(() => {
  const el = document.getElementById('audience');
  return el.hidden ? '' : el.textContent;
});

/** Waits until `page` says `words` of its audience. */
const audienceIs = (page, words) => page.waitForFunction((w) => {
  const el = document.getElementById('audience');
  return (el.hidden ? '' : el.textContent) === w;
}, words, { timeout: LONG });

test('the players see how many watch, and a stroke in progress is shown moving after a reload', { timeout: 600_000 }, async () => {
  const anna = await table.person('anna', { viewport: { width: 1280, height: 800 } });
  const { link, watch } = await inviteFriend(anna, table.base);
  const bruno = await table.person('bruno', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await bruno.goto(link);
  for (const p of [anna, bruno]) await settledAt(p, 0);
  assert.equal(await audience(anna), '', 'nobody watches yet');
  assert.equal(await audience(bruno), '');

  // Carla and Dana come to watch: both players see the count go up.
  const carla = await table.person('carla');
  await carla.goto(watch);
  await settledAt(carla, 0);
  for (const p of [anna, bruno, carla]) await audienceIs(p, '1 watching');
  const dana = await table.person('dana');
  await dana.goto(watch);
  await settledAt(dana, 0);
  for (const p of [anna, bruno, carla, dana]) await audienceIs(p, '2 watching');
  assert.ok(await bruno.locator('#audience').evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight), 'on the phone, at the top of the page');
  assert.deepEqual(await axeProblems(anna), [], 'the count beside the connection');
  await shot(anna, 'watchers-01-anna-desktop');
  await shot(bruno, 'watchers-02-bruno-phone');
  // A player reloading is not counted as a watcher meanwhile.
  await bruno.reload();
  await settledAt(bruno, 0);
  await audienceIs(bruno, '2 watching');
  assert.equal(await audience(anna), '2 watching');

  // They go: down again, then nothing said.
  await dana.close();
  for (const p of [anna, bruno, carla]) await audienceIs(p, '1 watching');
  await carla.goto('about:blank');
  for (const p of [anna, bruno]) await audienceIs(p, '');

  // Anna strikes firmly up the side of the table (clear of the discs, so
  // that it rolls for almost two seconds); Bruno reloads while it rolls.
  // His page shows the rest of it moving, from where it is, not its end.
  await anna.locator('#table').focus();
  for (let k = 0; k < 66; k++) await anna.keyboard.press('ArrowLeft');
  await anna.keyboard.press('8');
  await anna.keyboard.press('Enter');
  await bruno.waitForFunction(() => window.novussDebug.animated.some((a) => a.event === 1), null, { timeout: LONG });
  await bruno.reload();
  await bruno.waitForFunction(() => window.novussDebug?.animated?.some((a) => a.event === 1), null, { timeout: LONG });
  // And Carla comes back to watch as it rolls.
  await carla.goto(watch);
  await carla.waitForFunction(() => window.novussDebug?.animated?.some((a) => a.event === 1), null, { timeout: LONG });
  for (const p of [anna, bruno, carla]) await settledAt(p, 1);
  for (const [who, p] of [['Bruno after his reload', bruno], ['Carla arriving', carla]]) {
    const [a] = (await debug(p, () => window.novussDebug.animated)).filter((x) => x.event === 1);
    assert.ok(a.start !== null, `${who}: joined while it moved (${JSON.stringify({ ...a, times: a.times.length })})`);
    assert.ok(a.frames >= 2, `${who}: drawn moving, ${a.frames} frames`);
    const moving = a.times.filter((t) => t > 0 && t < a.duration);
    assert.ok(moving.length >= 2, `${who}: intermediate positions drawn (${moving.length})`);
    assert.ok(a.times.at(-1) >= a.duration, `${who}: to its end`);
    assert.ok(a.start > -1, `${who}: from where it was, not from its start (${a.start})`);
  }
  // The same table everywhere once it stopped.
  const sets = await Promise.all([anna, bruno, carla].map((p) => debug(p, () => window.novussDebug.state.set)));
  for (const s of sets) assert.deepEqual(s, sets[0]);
  for (const p of [anna, bruno, carla]) assert.deepEqual(p.errors, []);
});
