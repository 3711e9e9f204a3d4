// The chat beside the table (docs/protocol.md, "Chat"): two people at two
// browsers, one reading English at a desktop and one Latvian on a phone,
// exchange a quick phrase and a typed line while a third browser watches.
// Each sees the phrase in their own language; markup arrives as the very
// characters typed; hiding the chat is remembered. The real `novuss serve`
// on loopback, Debian's Chromium; screenshots in artifacts/.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { ARTIFACTS, axeProblems, tableFor, inviteFriend } from './support/harness.mjs';

const LONG = 60_000;

const table = tableFor('chat');

/** A person at a browser of their own. */
const person = (name, options = {}) => table.person(name, options);

const shot = (page, name) => page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });

/** The chat's lines on `page`, as its reader sees them. */
const lines = (page) => page.$$eval('#chat-log li', (li) => li.map((l) => l.textContent));

/** Waits until `page`'s chat log has a line containing `text`. */
async function sees(page, text) {
  await page.waitForFunction((x) => [...document.querySelectorAll('#chat-log li')].some((l) => l.textContent.includes(x)), text, { timeout: LONG });
}

test('players chat in their own languages, watchers apart, markup stays text', { timeout: 300_000 }, async () => {
  const anna = await person('anna');
  const { link, watch } = await inviteFriend(anna, table.base);

  // Bruno reads Latvian, on a phone.
  const bruno = await person('bruno', { locale: 'lv-LV', viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, hasTouch: true });
  await bruno.goto(link);
  await bruno.waitForSelector('#chat:not([hidden]) #chat-log');
  await anna.waitForSelector('#chat:not([hidden]) #chat-log');
  assert.equal(await anna.textContent('#chat-title'), 'Players’ chat');
  assert.equal(await bruno.textContent('#chat-title'), 'Spēlētāju tērzēšana');
  // Only the creator has the switch for typed messages.
  assert.ok(await anna.isVisible('#chat-free'));
  assert.ok(!(await bruno.isVisible('#chat-free')));

  // A quick phrase: each reads it in their own language.
  await anna.click('#chat [data-preset=good_luck]');
  await sees(anna, 'Good luck!');
  await sees(bruno, 'Veiksmi!');
  assert.ok(!(await lines(bruno)).some((l) => l.includes('Good luck')), 'the id, not the English words, travelled');

  // A typed line with markup in it is shown as the characters typed.
  await bruno.fill('#chat-input', '<b>x</b>');
  assert.match(await bruno.textContent('#chat-count'), /^8\/200/);
  await bruno.click('#chat-send');
  await sees(anna, '<b>x</b>');
  assert.equal(await anna.$$eval('#chat-log b', (b) => b.length), 0, 'no element was made from it');
  assert.equal(await bruno.inputValue('#chat-input'), '', 'the field empties once sent');
  await sees(bruno, '<b>x</b>');

  // Carla watches and, not yet a person, writes: she becomes one and her
  // line reaches the watchers only.
  const carla = await person('carla');
  await carla.goto(watch);
  await carla.waitForSelector('#chat:not([hidden]) #chat-log');
  assert.equal(await carla.textContent('#chat-title'), 'Watchers’ chat');
  assert.deepEqual(await lines(carla), [], 'the players\' lines are not the watchers\'');
  await carla.click('#chat [data-preset=nice_shot]');
  await sees(carla, 'Nice shot!');
  assert.ok((await lines(carla)).some((l) => l.startsWith('A watcher: Nice shot!')), 'a watcher with no name');
  // Carla takes a player's name (anyone may choose any name): her lines
  // still say she watches, so she cannot pass for Anna (issue 29).
  const named = await carla.evaluate(async () => (await fetch('/api/me', {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Anna' }),
  })).status);
  assert.equal(named, 200);
  await carla.click('#chat [data-preset=well_played]');
  await sees(carla, 'Anna (watching): Well played!');
  assert.ok(!(await lines(carla)).some((l) => l.startsWith('Anna:')), 'never bare "Anna"');
  await anna.click('#chat [data-preset=thanks]');
  await sees(bruno, 'Paldies!');
  assert.ok(!(await lines(anna)).some((l) => l.includes('Nice shot')), 'the watchers\' line stayed with the watchers');
  assert.ok(!(await lines(carla)).some((l) => l.includes('Thanks')), 'and the players\' with the players');

  assert.deepEqual(await axeProblems(anna), [], 'the chat panel, open');
  assert.deepEqual(await axeProblems(bruno), [], 'the chat panel in Latvian on a phone');
  await anna.locator('#chat').scrollIntoViewIfNeeded();
  await shot(anna, 'chat-01-anna-desktop');
  await bruno.locator('#chat').scrollIntoViewIfNeeded();
  await shot(bruno, 'chat-02-bruno-phone-lv');
  await shot(carla, 'chat-03-carla-watching');

  // Hiding the chat is remembered across a reload.
  await anna.click('#chat-toggle');
  assert.ok(!(await anna.isVisible('#chat-log')));
  assert.equal(await anna.getAttribute('#chat-toggle', 'aria-expanded'), 'false');
  await anna.reload();
  await anna.waitForSelector('#chat:not([hidden]) #chat-toggle');
  assert.ok(!(await anna.isVisible('#chat-log')), 'still hidden after a reload');
  await anna.click('#chat-toggle');
  await sees(anna, '<b>x</b>');

  // The creator switches typed messages off: Bruno's field goes, phrases stay.
  await anna.uncheck('#chat-free');
  await bruno.waitForSelector('#chat-off:not([hidden])', { timeout: LONG });
  assert.ok(!(await bruno.isVisible('#chat-input')));
  await bruno.click('#chat [data-preset=bye]');
  await sees(anna, 'Bye!');

  for (const p of [anna, bruno, carla]) assert.deepEqual(p.errors, []);
});
