// An invitation link pasted into a tab that already shows Novuss takes the
// seat (issue 31, "Broken" 2): a person watching a game, or on the plain
// game page, pastes the link they were sent into the same tab's address
// bar. The path is the same, so only the fragment changes and the page is
// not loaded again: it must act on the new address itself, take the seat,
// take the secret out of the address as on a first load, and switch
// games when the link is another game's. Pasted by navigating the tab
// (what the address bar does) and by setting `location.hash`; each time
// the test checks the page was not reloaded, so that it is the page's own
// reaction being tested. Each person is a browser of their own; the real
// `novuss serve` on loopback, Debian's Chromium; screenshots at desktop
// (1280x800) and phone (390x844) size in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, tableFor, settledAt } from './support/harness.mjs';

const LONG = 90_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const table = tableFor('pasted-link');

/** The page's screenshots at desktop and phone size, the viewport put back after. */
async function shots(page, name) {
  const was = page.viewportSize();
  for (const [size, viewport] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(ARTIFACTS, `pasted-link-${name}-${size}.png`) });
  }
  if (was) await page.setViewportSize(was);
}

/**
 * Anna makes a game with the new-game form's "Play a friend online" and
 * reads the invitation and watch links it gives her.
 */
async function friendGame(anna) {
  const before = await anna.evaluate(() => window.novussDebug?.state?.id ?? null);
  if (!(await anna.isVisible('dialog#start[open]'))) await anna.click('#new-game');
  await anna.waitForSelector('dialog#start[open] #start-game');
  await anna.check('#mode-friend');
  await anna.fill('#name-0', 'Anna');
  await anna.click('#start-game');
  // The game shown before this one had its links on the page too: wait
  // for the new game's, or its links would be read as this one's.
  const id = await (await anna.waitForFunction((was) => {
    const now = window.novussDebug?.state?.id;
    const invite = /** @type {HTMLInputElement | null} */ (document.querySelector('#invites:not([hidden]) #invite-1'));
    const watch = /** @type {HTMLInputElement | null} */ (document.querySelector('#watch-link'));
    return now && now !== was && invite?.value.includes(`game=${now}&`) && watch?.value.includes(now) ? now : null;
  }, before, { timeout: LONG })).jsonValue();
  return { invite: await anna.inputValue('#invite-1'), watch: await anna.inputValue('#watch-link'), id };
}

/** Marks the page's document, so that a test can tell it was not loaded again. */
const mark = (page) => page.evaluate(() => { window.notReloaded = true; });
const stillSame = (page) => page.evaluate(() => window.notReloaded === true);

/** Waits until the page shows game `id` with this person in player 1's seat. */
async function seatedIn(page, id) {
  await page.waitForFunction((g) => {
    const d = window.novussDebug;
    const seat = d?.state?.seats?.[1];
    return d?.state?.id === g && !!d.me && seat?.holder === 'person' && seat.person === d.me
      && !['loading', 'connecting'].includes(document.body.dataset.phase);
  }, id, { timeout: LONG });
}

/** What a person sees of being a watcher: the line "You are watching this game." */
const watching = (page) => page.locator('#presence:not([hidden]) .watching').count();

test('an invitation pasted into a tab that shows Novuss takes the seat and leaves no secret in the address', { timeout: 300_000 }, async () => {
  const anna = await table.person('anna', { viewport: DESKTOP });
  await anna.goto(table.base);
  // The plain page opens its new-game form once it has looked for a game
  // to resume: wait for it, or a click on "New game" can land just as the
  // form opens over it.
  await anna.waitForSelector('dialog#start[open] #start-game');
  const a = await friendGame(anna);
  const b = await friendGame(anna);
  const c = await friendGame(anna);
  for (const g of [a, b, c]) assert.match(g.invite, /#game=[0-9a-f]{32}&join=[0-9a-f]{64}$/);
  assert.equal(new Set([a.id, b.id, c.id]).size, 3, 'three games');

  // Bruno, on his phone, was watching game A from its watch link; Anna
  // then sends him his invitation to the same game, and he pastes it into
  // the same tab: the path is the same, only the fragment changes.
  const bruno = await table.person('bruno', { viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await bruno.goto(a.watch);
  await settledAt(bruno, 0);
  await bruno.waitForSelector('#presence:not([hidden]) .watching');
  await shots(bruno, '01-bruno-watching');
  await mark(bruno);
  await bruno.goto(a.invite);
  await seatedIn(bruno, a.id);
  assert.ok(await stillSame(bruno), 'the same document: the page acted on the change of its address');
  assert.ok(!bruno.url().includes('join='), `the secret left the address: ${bruno.url()}`);
  assert.equal(new URL(bruno.url()).hash, `#game=${a.id}`);
  assert.equal(await watching(bruno), 0, 'no longer "You are watching"');
  assert.equal(await bruno.evaluate(() => window.novussDebug.viewSeat), 'north', 'the table from his own seat');
  assert.equal(await bruno.isVisible('#error'), false, 'no error');
  // Anna's page learns the seat is taken: her invitation for it goes.
  await anna.goto(`${table.base}#game=${a.id}`);
  await settledAt(anna, 0);
  await anna.waitForSelector('#invites', { state: 'hidden', timeout: LONG });
  await shots(bruno, '02-bruno-seated');

  // Carla is on the plain game page (the new-game form open) and pastes
  // her invitation to game B.
  const carla = await table.person('carla', { viewport: DESKTOP });
  await carla.goto(table.base);
  await carla.waitForSelector('dialog#start[open] #start-game');
  await mark(carla);
  await carla.goto(b.invite);
  await seatedIn(carla, b.id);
  assert.ok(await stillSame(carla), 'the same document');
  assert.equal(await carla.locator('dialog#start[open]').count(), 0, 'the form gave way to the game');
  assert.ok(!carla.url().includes('join='), `the secret left the address: ${carla.url()}`);
  assert.equal(await watching(carla), 0);
  await shots(carla, '03-carla-seated');

  // Dana watches game A (Anna and Bruno) and is sent an invitation to
  // game C: she puts it in the address of the same tab (here by setting
  // its fragment, as a script or the address bar does). The page leaves
  // game A for game C, in C's seat.
  const dana = await table.person('dana', { viewport: DESKTOP });
  await dana.goto(a.watch);
  await settledAt(dana, 0);
  await dana.waitForSelector('#presence:not([hidden]) .watching');
  await mark(dana);
  await dana.evaluate((hash) => { location.hash = hash; }, new URL(c.invite).hash);
  await seatedIn(dana, c.id);
  assert.ok(await stillSame(dana), 'the same document');
  assert.ok(!dana.url().includes('join='), `the secret left the address: ${dana.url()}`);
  assert.equal(new URL(dana.url()).hash, `#game=${c.id}`);
  assert.equal(await watching(dana), 0);
  await shots(dana, '04-dana-switched');

  // Back in the history, the address is game A's again, and the page
  // follows it there: Dana watches A once more, with no secret anywhere in
  // the tab's history.
  await dana.goBack();
  await dana.waitForFunction((g) => window.novussDebug?.state?.id === g, a.id, { timeout: LONG });
  await dana.waitForSelector('#presence:not([hidden]) .watching');
  assert.ok(await stillSame(dana), 'the same document');
  await dana.goForward();
  await seatedIn(dana, c.id);
  assert.ok(!dana.url().includes('join='), 'going forward again finds no secret either');

  // Dana starts a game against the computer from the form (the address
  // follows the game shown), then pastes game C's address again: the
  // page goes back to C, though that address is the one it saw last.
  await dana.click('#new-game');
  await dana.waitForSelector('dialog#start[open] #start-game');
  await dana.check('#mode-computer');
  await dana.click('#start-game');
  await dana.waitForFunction((g) => window.novussDebug?.state && window.novussDebug.state.id !== g, c.id, { timeout: LONG });
  assert.notEqual(new URL(dana.url()).hash, `#game=${c.id}`);
  await dana.goto(`${table.base}#game=${c.id}`);
  await seatedIn(dana, c.id);
  assert.ok(await stillSame(dana), 'the same document');

  // The same invitation pasted a second time, once its seat is taken,
  // leaves the second person watching, told why, with no secret kept.
  await mark(carla);
  await carla.goto(a.invite);
  await carla.waitForFunction((g) => window.novussDebug?.state?.id === g, a.id, { timeout: LONG });
  await carla.waitForSelector('#error:not([hidden])');
  assert.match(await carla.textContent('#error'), /seat is taken/);
  await carla.waitForSelector('#presence:not([hidden]) .watching');
  assert.ok(await stillSame(carla), 'the same document');
  assert.ok(!carla.url().includes('join='));
  await shots(carla, '05-carla-seat-taken');

  for (const p of [anna, bruno, carla, dana]) assert.deepEqual(p.errors, []);
});
